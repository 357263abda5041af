"""Tests for changpai.core.deck.deal_order: shuffled decks and checked stacked decks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.deck import deal_order
from changpai.errors import NotationError, RulesError

FULL = tuple(i // 4 for i in range(20))  # five kinds, four copies each


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_shuffle_is_a_permutation_and_reproducible(seed: int) -> None:
    order = deal_order(FULL, seed=seed)
    assert sorted(order) == sorted(FULL)
    assert order == deal_order(FULL, seed=seed)


@settings(max_examples=50, deadline=None)
@given(st.permutations(FULL))
def test_a_stacked_permutation_is_kept(deck: list[int]) -> None:
    assert deal_order(FULL, deck=deck) == list(deck)


def test_the_shuffle_depends_only_on_the_seed_and_the_size() -> None:
    """zipai shuffles card indices, nantong cards: the same seed gives the same positions."""
    cards = [f"c{i}" for i in range(20)]
    by_index = deal_order(range(20), seed=7)
    assert deal_order(cards, seed=7) == [cards[i] for i in by_index]


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        (FULL[:-1], "got 19 cards: 4 is missing"),
        ((*FULL, 0), "got 21 cards: 0 is one too many"),
        ((0, *FULL[1:-1], 0), "0 is one too many, 4 is missing"),
    ],
)
def test_a_bad_stacked_deck_names_the_difference(deck: tuple[int, ...], reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        deal_order(FULL, deck=deck)
    with pytest.raises(NotationError, match="20 cards of the demo deck"):
        deal_order(FULL, deck=deck, what="the demo deck", error=NotationError)


def test_long_differences_are_cut() -> None:
    with pytest.raises(RulesError, match=r"4 copies of 0 are missing, .* \(and 2 more\)$"):
        deal_order(FULL, deck=())
    with pytest.raises(RulesError, match="0 is 2 too many"):
        deal_order(FULL, deck=(0, 0, *FULL[:-2]))


@pytest.mark.parametrize("name", ["duzihu", "yaodiren", "xiaogan"])
def test_a_deck_of_codes_is_told_to_give_cards_or_one_string(name: str) -> None:
    """Review h55: a deck given as a list of card codes (the form a document stores) was
    refused as "'BH', which is not a card of these rules" — it is one; the error says it is text
    and what to give instead, and the codes as one string are taken."""
    import changpai

    module = changpai.variant(name).module
    deck = module.Game(seed=1).deck
    with pytest.raises(
        NotationError, match=r"text, not a Card of .*: give Card objects, or the codes"
    ):
        module.Game(deck=[c.code for c in deck])
    assert module.Game(deck=" ".join(c.code for c in deck)).deck == deck


def test_a_stacked_deck_of_equal_cards_not_the_same_objects_is_taken() -> None:
    """The stacked deck is compared by its objects first (a family's cards are interned, one
    object per kind) and by value when they differ: equal cards made apart are the same cards."""
    full = ["".join(("a", "b")), "cd", "cd"]
    again = ["".join(("c", "d")), "ab", "".join(("c", "d"))]
    assert again[0] is not full[1]
    assert deal_order(full, deck=again) == again
    with pytest.raises(RulesError, match="'ab' is missing"):
        deal_order(full, deck=["cd", "cd", "cd"])
