"""The stacked-deck builder shared by 川牌 擠兒 and 孝感 (chuanpai.md §2.1, xiaogan.md §2): given
hands dealt by seat position from the dealer and filled up with the rest in card order, then the
given top of the stock and the rest in card order; no card is created or lost."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.turnclaim import stack_order
from changpai.errors import NotationError, RulesError

FULL = "aaaabbbbccccdddd"


def _stack(
    hands: object, stock: str = "", dealer: int = 0, sizes: tuple[int, ...] = (4, 3, 3)
) -> tuple[str, ...]:
    return stack_order(
        FULL,
        sizes,
        hands=hands,  # type: ignore[arg-type]
        stock=stock,
        dealer=dealer,
        read=lambda value, what: tuple(value),
        name=str.upper,
        deck="the toy deck",
        title="toy",
    )


def test_seats_are_dealt_from_the_dealer_and_filled_in_card_order() -> None:
    # chuanpai.md §2.1 / xiaogan.md §2: the dealer's position is dealt first.
    order = _stack({2: "dd"}, stock="c", dealer=2)
    assert order[:4] == ("d", "d", "a", "a")  # seat 2 (the dealer) gets 4
    assert order[4:7] == ("a", "a", "b")  # seat 0
    assert order[7:10] == ("b", "b", "b")  # seat 1
    assert order[10] == "c"  # the top of the stock
    assert order[11:] == ("c", "c", "c", "d", "d")


def test_a_sequence_is_read_as_seats_from_zero() -> None:
    assert _stack(["b", "c"])[:4] == ("b", "a", "a", "a")
    assert _stack(["b", "c"])[4] == "c"


def test_too_many_copies_name_the_card_and_the_deck() -> None:
    with pytest.raises(NotationError, match=r"hold 5 of A \('a'\); the toy deck has 4"):
        _stack({0: "aaa"}, stock="aa")


def test_too_many_cards_for_a_seat_name_the_rules() -> None:
    with pytest.raises(RulesError, match="seat 1 is dealt 3 cards in toy with 3 players; 4 given"):
        _stack({1: "abcd"})


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_a_seat_outside_the_table_is_refused(seat: object) -> None:
    with pytest.raises(RulesError, match=r"expected a whole number 0\.\.2"):
        _stack({seat: "a"})


def test_hands_that_are_not_a_sequence_are_refused() -> None:
    with pytest.raises(NotationError):
        _stack(5)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.integers(0, 2), st.text("abcd", max_size=3), max_size=3),
    st.text("abcd", max_size=3),
    st.integers(0, 2),
)
def test_no_card_is_created_or_lost(hands: dict[int, str], stock: str, dealer: int) -> None:
    wanted = Counter("".join(hands.values()) + stock)
    if any(count > 4 for count in wanted.values()):
        with pytest.raises(NotationError):
            _stack(hands, stock, dealer)
        return
    order = _stack(hands, stock, dealer)
    assert Counter(order) == Counter(FULL)
    start = 0
    for position, size in enumerate((4, 3, 3)):
        seat = (dealer + position) % 3
        mine = order[start : start + size]
        assert mine[: len(hands.get(seat, ""))] == tuple(hands.get(seat, ""))
        start += size
    assert order[start : start + len(stock)] == tuple(stock)
