"""What a seat sees of a 戳牌 hand, and the notebook HTML."""

from __future__ import annotations

import json

from changpai.chuanpai.chuopai import Action, ActionKind, Game, parse, stack_deck
from changpai.core import render
from changpai.core.view import GameView

K = ActionKind


HANDS = {
    0: "12 12 12 12 24 24 24 24 15 66 66 66 66 45 45 45 56 56 56 56 46 46 46 46 16 16 16 16",
    1: "55 55 55 55 33 33 33 22 11 11 11 11 26 26 26 13 13 13 13 44 44 44 44 36 33 22 22 22",
}


def test_a_trick_in_progress() -> None:
    game = Game(deck=stack_deck(hands=HANDS))
    game.apply(Action(0, K.LEAD, "15"))
    game.apply(Action(1, K.BEAT, "22"))
    view = game.view(2)
    assert isinstance(view, GameView) and view.phase == "follow" and view.to_act == (2,)
    assert view.fact("to beat") == parse("22")
    by_seat = {s.seat: s for s in view.seats}
    assert by_seat[0].discards == parse("15") and by_seat[1].discards == parse("22")
    assert view.legal_actions == tuple(game.legal_actions(2))
    assert all(a.kind is K.COVER for a in view.legal_actions)
    game.apply(Action(2, K.COVER, "23"))  # the trick ends: seat 1 lays 長二 as 擺牌
    own = [m for m in game.view(2).seats[2].melds if m.kind == "gai"]
    other = [m for m in game.view(0).seats[2].melds if m.kind == "gai"]
    assert own[0].cards == parse("23") and other[0].hidden == 1 and other[0].cards == ()
    beaten = [m for m in game.view(1).seats[0].melds if m.kind == "gai"]
    assert beaten[0].hidden == 1  # seat 0's 貓貓 was beaten: face down now
    assert [m.cards for m in game.view(2).seats[1].melds if m.kind == "bai"] == [parse("22")]
    json.dumps(game.view(0).to_dict())


def test_liable_seat_is_noted() -> None:
    game = Game(deck=stack_deck(hands={0: "66 45", 1: "36", 2: "36"}))
    game.apply(Action(0, K.LEAD, "66"))
    view = game.view(1)
    assert view.fact("包牌") == 0 and "包牌" in view.seats[0].note
    assert view.fact("擺牌") == tuple(game.bai_count(s) for s in range(3))
    assert view.to_dict()["facts"]["包牌"] == 0


def test_html_of_a_game_and_a_view() -> None:
    game = Game(seed=9)
    html = game._repr_html_()
    assert html.count("<tr><td") == 3 and "擺牌" in html
    view_html = game.view(1)._repr_html_()
    assert "<table" in view_html and "legal actions" in view_html


def test_the_whole_game_shows_the_face_down_cards() -> None:
    """The game's HTML is omniscient, as every family's (字牌 偎, 川牌 暗): it hid the cards
    of a face-down pile once its trick closed, as a seat's view does (review h97)."""
    game = Game(deck=stack_deck(hands=HANDS))
    game.apply(Action(0, K.LEAD, "15"))
    game.apply(Action(1, K.BEAT, "22"))
    game.apply(Action(2, K.COVER, "23"))  # seat 2's 23 and seat 0's beaten 15: face down
    html = game._repr_html_()
    assert "face down to the other seats" in html and "title='face down'" not in html
    covered = [p for s in game.seats for p in game.melds(s) if not p.face_up]
    assert sorted(c.code for p in covered for c in p.cards) == ["15", "23"]
    for pile in covered:
        shown = render.meld(pile.kind.hanzi, pile.cards, title="face down to the other seats")
        assert shown in html
    assert "title='face down'" in game.view(0)._repr_html_()  # (a view still hides them)


def test_the_seen_piles_are_the_game_s_piles_as_a_seat_sees_them() -> None:
    """A view reads the piles from the state (faster than building ``Game.melds``): each seat
    sees every pile of ``Game.melds`` — 硬張 and 擺牌 face up, the face-down pile as a count
    but its owner's (chuopai.md §3)."""
    import random

    from changpai.core.view import SeenMeld

    for seed in range(30):
        game, rng = Game(seed=seed), random.Random(seed)
        while True:
            for viewer in game.seats:
                for seat_view in game.view(viewer).seats:
                    s = seat_view.seat
                    expected = tuple(
                        SeenMeld(p.kind.value, p.kind.hanzi, p.cards)
                        if p.face_up or s == viewer
                        else SeenMeld(p.kind.value, p.kind.hanzi, (), hidden=len(p.cards))
                        for p in game.melds(s)
                    )
                    assert seat_view.melds == expected
                    assert seat_view.hand_size == len(game.hand(s))
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
