"""Tests for changpai.core.multiset.Counts: strict, immutable card-count multisets."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai.core import Counts
from changpai.errors import ChangpaiError, NotationError

hands = st.lists(st.integers(0, 19), max_size=40).filter(
    lambda xs: all(xs.count(i) <= 4 for i in set(xs))
)


@given(hands)
def test_from_indices_round_trips(indices: list[int]) -> None:
    counts = Counts.from_indices(indices, size=20)
    assert list(counts.indices()) == sorted(indices)
    assert len(counts) == len(indices)


@given(hands, st.integers(0, 19))
def test_add_then_remove_is_identity(indices: list[int], kind: int) -> None:
    counts = Counts.from_indices(indices, size=20)
    if counts[kind] < 4:
        assert counts.add(kind).remove(kind) == counts
        assert kind in counts.add(kind)


def test_fifth_copy_is_an_error_and_leaves_object_unchanged() -> None:
    counts = Counts((4, 0))
    with pytest.raises(NotationError, match="5 copies of kind #0"):
        counts.add(0)
    assert counts.counts == (4, 0)


def test_removing_missing_card_names_it() -> None:
    with pytest.raises(ChangpaiError, match="only 0 held"):
        Counts((0, 1), name=lambda i: f"card{i}").remove(0)


def test_negative_counts_are_rejected() -> None:
    with pytest.raises(ChangpaiError, match="cannot be negative"):
        Counts((-1,))


def test_out_of_range_index_is_rejected() -> None:
    with pytest.raises(NotationError, match="out of range"):
        Counts.from_indices([5], size=3)


def test_subset_add_and_subtract() -> None:
    a, b = Counts((1, 2, 0)), Counts((1, 0, 0))
    assert b.issubset(a) and not a.issubset(b)
    assert (a - b).counts == (0, 2, 0)
    assert (a + b).counts == (2, 2, 0)
    with pytest.raises(ChangpaiError, match="cannot remove"):
        b - a


def test_per_kind_limits_for_decks_with_single_cards() -> None:
    """A deck may hold one copy of some kinds (百搭, 經牌): limits are per kind."""
    names = ("紅花", "福")
    counts = Counts.from_indices([0, 0, 0, 0, 1], size=2, limits=(4, 1), name=names.__getitem__)
    assert counts.counts == (4, 1)
    with pytest.raises(NotationError, match="2 copies of 福; a deck has at most 1"):
        counts.add(1)
    with pytest.raises(ChangpaiError, match="2 copy limits for 3 card kinds"):
        Counts((0, 0, 0), limits=(1, 1))


def test_a_card_the_deck_lacks_is_named_in_the_singular() -> None:
    with pytest.raises(NotationError, match=r"^1 copy of 財神; a deck has none$"):
        Counts.from_indices([1], size=2, limits=(4, 0), name=("66", "財神").__getitem__)


_HAND = Counts.from_indices([0, 1, 1], size=4)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: Counts(("1", 0)), r"counts='1' is not a whole number"),
        (lambda: Counts((1.5, True)), r"counts=1.5 is not a whole number"),
        (lambda: Counts((1, True)), r"counts=True is not a whole number"),
        (lambda: Counts(None), r"counts=None is not a tuple"),  # type: ignore[arg-type]
        (
            lambda: Counts([1, 2]),
            r"counts=\[1, 2\] is a list, not a tuple of whole numbers; give a tuple",
        ),  # type: ignore[arg-type]
        (lambda: Counts((1,), max_copies=True), r"max_copies=True"),
        (lambda: Counts((1,), limits=(1.0,)), r"limits=1.0 is not a whole number"),  # type: ignore[arg-type]
        (lambda: _HAND.add(-1), r"index=-1 is not a card kind of this multiset"),
        (lambda: _HAND.add("1"), r"index='1' is not a card kind"),  # type: ignore[arg-type]
        (lambda: _HAND.add(10**20), r"index=100000000000000000000 is not a card kind"),
        (lambda: _HAND.add(0, copies=-1), r"copies=-1 is not an integer >= 0"),
        (lambda: _HAND.remove(1, copies=-1), r"copies=-1 is not an integer >= 0"),
        (lambda: _HAND + Counts((1,)), r"a multiset of 1 card kinds with one of 4"),
        (lambda: _HAND - Counts((1,)), r"a multiset of 1 card kinds with one of 4"),
        (lambda: _HAND.issubset(5), r"5 is not a Counts multiset"),  # type: ignore[arg-type]
        (lambda: Counts.empty("3"), r"size='3' is not an integer from 0 to 1024"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_typed_errors_and_change_nothing(call: Any, match: str) -> None:
    """Counts "checks every change" (its docstring): a count or an argument of the wrong type,
    a negative index (which named the last kind) and negative copies (add removed, remove
    added) are NotationErrors, not Python's TypeError / IndexError / ValueError or a silent
    change (review h69)."""
    with pytest.raises(NotationError, match=match):
        call()
    assert _HAND.counts == (1, 2, 0, 0)


def test_int_subclasses_count_as_their_numbers() -> None:
    """Review h71: `Counts((IntEnum.TWO, 0))` was refused while `max_copies=IntEnum.TWO` was kept."""
    from enum import IntEnum

    class Two(IntEnum):
        TWO = 2

    counts = Counts((Two.TWO, 0), Two.TWO)
    assert counts.counts == (2, 0) and type(counts.counts[0]) is int
    assert type(counts.max_copies) is int
    assert counts.add(Two.TWO - 1, copies=Two.TWO).counts == (2, 2)
