"""The deal (changpai.nantong.deal; nantong.md §2): who deals next, and stacked decks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import NotationError, RulesError
from changpai.nantong import Card, Game, next_dealer, stack_deck


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("winner", [None, 0, 1, 2, 3])
def test_the_dealer_rotates_to_his_xiajia_section_2(dealer: int, winner: int | None) -> None:
    """nantong.md §2 [S003 基本玩法]: the finished hand's dealer sits out and his 下家 deals,
    whoever won (or after 荒牌); the seat that sat out the hand won nothing (N3: a RulesError,
    as 字牌's 數信 — review h122)."""
    if winner == (dealer + 3) % 4:
        with pytest.raises(RulesError, match=f"winner={winner} sits out when seat {dealer} deals"):
            next_dealer(nantong.DUZIHU, dealer, winner)
        return
    nxt = next_dealer(nantong.DUZIHU, dealer, winner)
    assert nxt == (dealer + 1) % 4
    assert Game(seed=1, dealer=nxt).sitting_out == dealer


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [(("duzihu", 0, None), RulesError, "not a nantong Rules"),
     ((nantong.DUZIHU, True, None), RulesError, "dealer=True"),
     ((nantong.DUZIHU, 0, 4), RulesError, "winner=4")],
)  # fmt: skip
def test_next_dealer_checks_its_input(
    args: tuple[object, ...], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        next_dealer(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", range(4))
def test_named_cards_land_where_asked_section_2(dealer: int) -> None:
    """nantong.md §2: the dealer's 23, his 下家's 22, the 對門's 22, the stock, the two flips at
    the bottom — stack_deck puts each named card there, whoever deals."""
    seats = [(dealer + k) % 4 for k in range(3)]
    hands = {seats[0]: "HH HH HH QZ", seats[1]: "1t 1t 2t", seats[2]: "9w"}
    deck = stack_deck(hands=hands, stock="BH 5b", stock_tail="6w", jiang="3t 4t", dealer=dealer)
    game = Game(deck=deck, dealer=dealer)
    for seat, text in hands.items():
        held = Counter(game.hand(seat))
        assert all(held[c] >= n for c, n in Counter(nantong.parse(text)).items())
    assert game.stock[:2] == nantong.parse("BH 5b") and game.stock[-1] == Card("6w")
    assert game.jiang == nantong.parse("3t 4t") and len(game.hand(seats[0])) == 23


@settings(max_examples=30, deadline=None)
@given(st.booleans(), st.one_of(st.none(), st.integers(0, 99)), st.integers(0, 3))
def test_a_stacked_deck_is_the_whole_deck(baida: bool, seed: int | None, dealer: int) -> None:
    """Property: whatever is named, the result holds every card of the rules' deck once."""
    rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
    deck = stack_deck(rules, hands={dealer: "HH HH"}, jiang="QZ", seed=seed, dealer=dealer)
    assert isinstance(deck, tuple) and Counter(deck) == Counter(nantong.deck(baida))
    assert deck[-1] == Card("QZ")
    assert Game(rules, deck=deck, dealer=dealer).hand(dealer).count(Card("HH")) >= 2


def test_the_filler_is_fixed_or_seeded() -> None:
    assert stack_deck() == stack_deck() and stack_deck(seed=4) == stack_deck(seed=4)
    assert stack_deck(seed=4) != stack_deck(seed=5)


@pytest.mark.parametrize(
    ("keywords", "error", "match"),
    [({"hands": {3: "HH"}}, RulesError, "seat 3 sits out"),
     ({"hands": {1: "HH"}, "dealer": 2}, RulesError, "seat 1 sits out when seat 2 deals"),
     ({"hands": {4: "HH"}}, RulesError, "seat=4"),
     ({"hands": {1: "HH HH HH"}, "stock": "HH HH"}, RulesError, "5 copies of 紅花"),
     ({"stock": "FU"}, RulesError, "not in the deck of these rules"),
     ({"hands": {1: "123t 456t 789t 123w 456w 789w 123b 456b"}}, RulesError, "seat 1 is dealt 22"),
     ({"jiang": "1t 2t 3t"}, RulesError, "flips two"),
     ({"stock": "1x"}, NotationError, "'1x'"),
     ({"hands": {0: ["HH"]}}, NotationError, "is not a nantong Card"),
     ({"seed": "x"}, RulesError, "seed='x' is not a whole number"),
     ({"seed": True}, RulesError, "seed=True is not a whole number")],
)  # fmt: skip
def test_bad_stacks_raise_typed_errors(
    keywords: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        stack_deck(**keywords)  # type: ignore[arg-type]
