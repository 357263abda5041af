"""changpai.daer.views: what a seat sees of a 大貳 hand, and the notebook table."""

from __future__ import annotations

from changpai.daer import DAER, Action, Game, Meld, stack_deck
from changpai.daer import ActionKind as K
from changpai.daer.views import game_html, game_view, seen_meld

CLAIMS = {  # seat 0 throws 伍: seat 1 may 吃 (叄肆), seat 2 碰, seat 3 胡
    0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
    1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
    2: "d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 d7 d7",
    3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5",
}


def test_seen_meld_hides_only_the_others_angang() -> None:
    """An 暗杠 is face down to the others, face up to its owner; exposed sets to everybody."""
    angang = Meld.parse("暗杠 一一一一")
    assert seen_meld(angang, own=True).cards == angang.cards
    hidden = seen_meld(angang, own=False)
    assert hidden.cards == () and hidden.hidden == 4
    peng = Meld.parse("碰 一一一")
    assert seen_meld(peng, own=False).cards == peng.cards


def test_game_view_during_a_claim_shows_only_the_own_decision() -> None:
    """Who else is asked about a discard is not public; the others' hands are only sizes."""
    g = Game(DAER, deck=stack_deck(DAER, hands=CLAIMS))
    g.apply(Action(0, K.DISCARD, "d5"))
    view = game_view(g, 2)
    assert view == g.view(2)
    assert view.to_act == (2,) and view.offered == g.offered
    assert [str(a) for a in view.legal_actions] == ["seat 2 碰 伍", "seat 2 過"]
    assert view.hand == g.hand(2) and view.seats[0].hand_size == 13
    assert view.seats[0].discards == g.discards(0)[:-1] and g.discards(0)[-1] == view.offered
    assert game_view(g, 0).to_act == () and game_view(g, 0).legal_actions == ()


def test_game_html_lists_every_seat_and_the_offer() -> None:
    """The notebook table is omniscient: every hand, the phase and the card on offer."""
    g = Game(DAER, deck=stack_deck(DAER, hands=CLAIMS))
    g.apply(Action(0, K.DISCARD, "d5"))
    html = game_html(g)
    assert html == g._repr_html_()
    assert html.count("<tr><td") == 4 and "on offer" in html and "claim" in html


def test_luzhou_tables_name_sets_as_the_sheets_do() -> None:
    """daer.md §7 (瀘州 names: 招 for a 坎 and a discard, 坎, 列 …): a 瀘州 table — the view's
    sets and the game's HTML — names each set as its sheets and readings do (h17 review J1:
    a claimed four showed 杠 beside a dealt four's 垅 and the sheet's 招)."""
    import random

    from changpai.daer import LUZHOU

    rng = random.Random(5)
    game = Game(LUZHOU, seed=5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    view = game.view(1)
    for seat in view.seats:
        assert [m.label for m in seat.melds] == [
            m.label(luzhou=True) for m in game.melds(seat.seat)
        ]
    assert "招" in [m.label for s in view.seats for m in s.melds]  # (this deal has one)
    html = game._repr_html_()
    assert ">招<" in html and ">杠<" not in html
