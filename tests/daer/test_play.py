"""Around the 大貳 engine: stack_deck, next_dealer, Match, transcript and the notebook views."""

from __future__ import annotations

from itertools import pairwise

import pytest

from changpai.daer import (
    DAER,
    LUZHOU,
    Card,
    Game,
    Match,
    best_decomposition,
    next_dealer,
    random_game,
    stack_deck,
    transcript,
)
from changpai.errors import NotationError, RulesError


def test_stack_deck_places_hands_then_stock() -> None:
    deck = stack_deck(LUZHOU, hands={2: "九九 玖"}, stock="壹 貳", dealer=1)
    g = Game(LUZHOU, deck=deck, dealer=1)
    assert g.hand(2).count(Card("x9")) == 2 and Card("d9") in g.hand(2)
    assert g.stock[:2] == (Card("d1"), Card("d2")) and len(deck) == 80


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": {0: "一" * 4, 1: "一"}}, RulesError, "no copy of 一"),
        ({"hands": {4: "一"}}, RulesError, "seat=4"),
        ({"hands": {1: "一二三四五六七八九十 壹貳叄肆"}}, RulesError, "dealt 13 cards, not 14"),
        ({"stock": "1t"}, NotationError, "not a zipai card"),
        ({"dealer": 9}, RulesError, "dealer=9"),
    ],
)
def test_stack_deck_errors(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        stack_deck(DAER, **kwargs)  # type: ignore[arg-type]


def test_a_bad_deck_is_refused() -> None:
    with pytest.raises(RulesError, match="80-card 大貳 deck"):
        Game(DAER, deck="一二三")
    with pytest.raises(
        NotationError, match="deck holds 1, which is not a card of the 80-card 大貳"
    ):
        Game(DAER, deck=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(
        NotationError, match="deck holds 'd7', text, not a Card of the 80-card 大貳"
    ):
        Game(DAER, deck=["d7", "x1"])  # type: ignore[list-item]  # (review h56)


def test_winner_deals_next_and_the_dealer_keeps_it_after_huangzhuang() -> None:
    """[INF] as 字牌 (zipai.md §2): the winner deals; after 荒莊 the dealer keeps the deal, and
    after the third 荒莊 in a row his 下家 deals (review h52: the match kept one dealer through
    any number of 荒莊, borrowing only half of the rule it cites)."""
    assert next_dealer(DAER, 2, None) == 2 and next_dealer(DAER, 2, 0) == 0
    assert next_dealer(DAER, 2, None, streak=1) == 2 and next_dealer(DAER, 3, None, streak=2) == 0
    assert next_dealer(DAER, 2, 1, streak=2) == 1
    with pytest.raises(RulesError):
        next_dealer(LUZHOU, 3, None)
    with pytest.raises(RulesError, match="streak=-1"):
        next_dealer(DAER, 0, None, streak=-1)
    match = Match(DAER, 1, dealer=0).play(12)
    hands, streak, passed = match.hands, 0, 0
    for before, after in pairwise(hands):
        assert after.dealer == before.next_dealer
        if before.winner is not None:
            assert before.next_dealer == before.winner
            streak = 0
        elif streak == 2:
            assert before.next_dealer == (before.dealer + 1) % 4
            streak, passed = 0, passed + 1
        else:
            assert before.next_dealer == before.dealer
            streak += 1
    assert passed >= 2  # (this seed has runs of 荒莊: the deal passed on after three)


def test_transcript_numbers_every_record() -> None:
    g = random_game(DAER, 9)
    lines = transcript(g).splitlines()
    assert lines[0] == "大貳 (daer) — seed 9, dealer seat 0"
    assert sum(1 for line in lines if line[:4].strip().isdigit()) == len(g.log)
    with pytest.raises(NotationError, match="game='not a game' is not of type Game"):
        transcript("not a game")  # type: ignore[arg-type]


def test_html_for_notebooks() -> None:
    g = Game(DAER, seed=1)
    html = g._repr_html_()
    assert html.count("<tr><td") == 4 and "▶ seat 0" in html and "大貳 (daer)" in html
    view = g.view(2)._repr_html_()
    assert "13 cards" in view and "<table" in view
    d = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    assert d is not None and "9 胡" in d._repr_html_()
