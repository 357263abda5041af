"""changpai.zipai.views: what one seat sees (zipai.md §4, §5, Z6), the notebook HTML of the
game (DESIGN.md: red cards in red; zipai.md §1 colours) and the 0.1.0 documents."""

from __future__ import annotations

import re

import pytest

from changpai import zipai
from changpai.core.view import GameView, SeenMeld
from changpai.errors import NotationError
from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.deck import stack_deck
from changpai.zipai.game import Game
from changpai.zipai.melds import Meld
from changpai.zipai.views import legacy_document, seen_meld

A = ActionKind

CHIP_RED = "background:#fffdf6;color:#c00"
CHIP = "background:#fffdf6;color:"


def _visible(game: zipai.Game) -> list[zipai.Card]:
    cards: list[zipai.Card] = []
    for seat in game.seats:
        cards += game.hand(seat)
        cards += game.discards(seat)
        for meld in game.melds(seat):
            cards += meld.cards
    return cards


def test_game_table_shows_every_seat_stock_and_red_cards() -> None:
    """zipai.md §1: every visible card is a chip, the red ones (二七十 貳柒拾) in red."""
    game = zipai.Game(seed=1)
    html = game._repr_html_()
    assert len(re.findall(r"<tr><td", html)) == len(game.seats) == 3
    for seat in game.seats:
        assert f"seat {seat}" in html
        assert f"{len(game.hand(seat))}: " in html
    assert f"stock</span> {game.stock_size}" in html
    assert f"▶ seat {game.to_act[0]}" in html
    liang = game.deck[60]
    cards = _visible(game)
    assert html.count(CHIP) == len(cards) + 1  # + the 亮張 in the facts line
    assert html.count(CHIP_RED) == sum(c.red for c in cards) + liang.red
    assert html.count("'>二<") == sum(c.code == "x2" for c in cards) + (liang.code == "x2")


def test_game_table_escapes_text() -> None:
    html = zipai.Game(zipai.HUNAN.evolve(name="<b>x</b>"), seed=1)._repr_html_()
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html


def test_finished_game_shows_the_result() -> None:
    """A 天胡 (zipai.md §7): the winner, the decomposition and the score sheet are shown."""
    game = zipai.Game(deck=stack_deck(hands={1: "一一一一 二二二二 三三三三"}))
    assert game.is_over and game.result is not None
    html = game._repr_html_()
    assert "seat 1 胡" in html and ">total</th>" in html and "▶" not in html
    assert game.result.win is not None
    d = game.result.win.decomposition
    assert f"<b>{d.huxi}</b> 胡息" in html
    melds = [c for m in d.melds for c in m.cards]
    # the hands, the 亮張, the decomposition and the score sheet's meld lines (the 4 二 of the 提)
    shown = [*_visible(game), game.deck[60], *melds, *melds]
    assert html.count(CHIP_RED) == sum(c.red for c in shown)


def test_view_hides_other_hands() -> None:
    """GameView: the own hand as chips, the others as a count only."""
    game = zipai.Game(seed=3)
    view = game.view(1)
    html = view._repr_html_()
    assert "20: " in html and "you" in html
    for s in view.seats:
        if s.seat != 1:
            assert f"{s.hand_size} cards" in html
    assert html.count(CHIP) == len(view.hand) + 1 + sum(len(s.discards) for s in view.seats)


def test_view_shows_face_down_cards_as_backs() -> None:
    """A 提 on another seat's table shows ``ti_face_up`` cards and the rest face down (§5)."""
    game = zipai.Game(deck=stack_deck(hands={2: "一一一一"}))
    html = game.view(0)._repr_html_()
    assert html.count("title='face down'") == 3


def test_view_shows_sizes_the_offer_and_the_stock() -> None:
    """DESIGN engine face: view(seat) shows its own hand, others' sizes, the offer, the stock."""
    game = Game(seed=4)
    view = game.view(1)
    assert view.hand == game.hand(1)
    assert [s.hand_size for s in view.seats] == [len(game.hand(s)) for s in (0, 1, 2)]
    assert view.stock_size == 19 and view.to_act == (0,) and view.legal_actions == ()
    game.apply(game.legal_actions(0)[0])
    if game.offered is not None:
        assert game.view(2).offered == game.offered
    assert "seat 1 sees" in str(view)


@pytest.mark.parametrize(
    ("meld", "up", "seen"),
    [
        ("偎 三三三", 1, "偎 ■■■"),
        ("臭偎 三三三", 1, "臭偎 三■■"),
        ("提 三三三三", 1, "提 三■■■"),
        ("提 三三三三", 0, "提 ■■■■"),
        ("提 三三三三", 4, "提 三三三三"),
        ("碰 三三三", 0, "碰 三三三"),
        ("跑 三三三三", 0, "跑 三三三三"),
    ],
)
def test_seen_meld_hides_what_zipai_md_hides(meld: str, up: int, seen: str) -> None:
    """zipai.md §5 (偎 face down, 臭偎 one card up), Z6 (提 with ti_face_up cards up); exposed
    melds (碰, 跑) and a seat's own melds are seen whole."""
    m = Meld.parse(meld)
    assert str(seen_meld(m, own=False, ti_face_up=up)) == seen
    assert seen_meld(m, own=True).cards == m.cards and seen_meld(m, own=True).hidden == 0
    assert (
        isinstance(seen_meld(m, own=False), SeenMeld)
        and seen_meld(m, own=False).kind == m.kind.value
    )


def test_view_is_the_core_view_with_the_zipai_facts() -> None:
    """The contract: a core GameView; the facts are the 亮張 and, with 數信, the 數信 seat
    (zipai.md §2, §3)."""
    game = Game(zipai.HAHA, seed=2)
    view = game.view(0)
    assert isinstance(view, GameView) and view.family == "zipai" and view.title == "哈哈字牌"
    assert view.fact("亮張") == game.deck[60] and view.fact("數信") == 2
    assert [s.seat for s in view.seats] == list(game.seats)
    watcher = game.view(2)
    assert watcher.hand == () and watcher.legal_actions == ()
    assert "<table" in view._repr_html_() and "亮張" in str(view)
    assert view.to_dict()["facts"] == {"亮張": game.deck[60].code, "數信": 2}


def test_who_is_asked_about_a_claim_is_private() -> None:
    """zipai.md §6: while a card is on offer only the seat asked sees itself in to_act."""
    game = Game(deck=stack_deck(hands={0: "九", 1: "九九"}))
    game.apply(Action(0, A.DISCARD, "x9"))
    assert game.to_act == (1,) and game.view(1).to_act == (1,)
    assert game.view(0).to_act == () and game.view(2).to_act == ()
    assert game.view(2).offered == game.offered


def test_legacy_document_reads_a_0_1_0_game() -> None:
    """0.1.0 documents (``changpai.zipai.game/1``) read as version-2 dicts."""
    data = {"format": "changpai.zipai.game/1", "rules": {"name": "hunan"}, "deck": "x1 d2",
            "dealer": 1, "actions": [{"seat": 1, "kind": "pass"}], "huangfan": 2}  # fmt: skip
    doc = legacy_document(data)
    assert doc["deck"] == ["x1", "d2"] and doc["options"] == {"huangfan": 2}
    assert doc["family"] == "zipai" and doc["seed"] is None and doc["dealer"] == 1
    with pytest.raises(NotationError, match="format"):
        legacy_document({"format": "changpai.nantong.game/1"})


@pytest.mark.parametrize("rules", [zipai.HUNAN, zipai.HUNAN.evolve(ti_face_up=0), zipai.LIUHUDAO])
def test_a_view_shows_each_table_meld_as_seen_meld_does(rules: zipai.Rules) -> None:
    """A view keeps each table meld's SeenMeld while the meld is on the table (an environment
    asks a view at every step): what it shows is :func:`seen_meld` of that meld, for its
    owner and for the others (zipai.md Z6), and clear_caches() empties what it kept."""
    import random

    from changpai.core import caches
    from changpai.zipai.views import seen_meld

    for seed in range(25):
        game, rng = Game(rules, seed=seed), random.Random(seed)
        while True:
            for viewer in game.seats:
                for seat_view in game.view(viewer).seats:
                    s = seat_view.seat
                    expected = tuple(
                        seen_meld(m, own=s == viewer, ti_face_up=rules.ti_face_up)
                        for m in game.melds(s)
                    )
                    assert seat_view.melds == expected
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert caches.stats("zipai")["changpai.zipai.views._SEEN"][0] > 0
    zipai.clear_caches()
    assert caches.stats("zipai")["changpai.zipai.views._SEEN"][0] == 0
