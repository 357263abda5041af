"""chuanpai.stack_deck(seed=): the cards not named are shuffled by ``random.Random(seed)``, the
named ones stay where the deal order puts them (chuanpai.md §2.1); without a seed the deck is
the one stack_deck always built."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacked_decks import assert_built_before

from changpai.chuanpai import GEHU, YAODIREN, Card, Game, Rules, parse, stack_deck
from changpai.errors import RulesError

SIXTEEN = YAODIREN.evolve(deal="16/15")


def _held(game: Game, seat: int) -> Counter[Card]:
    return Counter(game.hand(seat)) + Counter(c for m in game.melds(seat) for c in m.cards)


def _start(rules: Rules, players: int, dealer: int, seat: int) -> int:
    """Where ``seat``'s part of the deal starts (chuanpai.md §2.1: from the dealer round)."""
    return sum(rules.deal_sizes(players)[: (seat - dealer) % players])


def test_named_cards_stay_in_place_with_a_seed() -> None:
    """chuanpai.md §2.1: seat by seat from the dealer, 18 / 17 / 17 / 5 cards, then the stock;
    the named cards first in their part, seeded or not."""
    deck = stack_deck(YAODIREN, hands={3: "11 11 12", 1: [Card("66")]}, stock="55 46", dealer=2,
                      seed=4)  # fmt: skip
    # dealer 2 (18), seat 3 (17), seat 0 (17), seat 1 (5), then the stock
    assert deck[18:21] == parse("11 11 12") and deck[52:53] == parse("66")
    assert deck[57:59] == parse("55 46") and Counter(deck) == Counter(YAODIREN.cards())


@pytest.mark.parametrize(
    ("rules", "players"), [(YAODIREN, 4), (GEHU, 3), (SIXTEEN, 5), (YAODIREN, 7)]
)
def test_a_game_from_a_seeded_deck_deals_the_named_cards(rules: Rules, players: int) -> None:
    hands = {1: "66 11", 2: "56 12", 0: "44"}  # seat 0 deals last: 1 card with 7 players
    deck = stack_deck(rules, hands=hands, stock="55", dealer=1, players=players, seed=5)
    game = Game(rules, deck=deck, dealer=1, players=players)
    for seat, text in hands.items():
        assert _held(game, seat) >= Counter(parse(text))
        start = _start(rules, players, 1, seat)
        assert deck[start : start + len(parse(text))] == parse(text)
    assert Counter(deck) == Counter(rules.cards())
    assert deck[sum(rules.deal_sizes(players))] == Card("55")


def test_the_same_seed_gives_the_same_deck_and_two_seeds_two_fillers() -> None:
    one = stack_deck(YAODIREN, hands=["66 11", "56"], stock="46", seed=1)
    assert one == stack_deck(YAODIREN, hands=["66 11", "56"], stock="46", seed=1)
    two = stack_deck(YAODIREN, hands=["66 11", "56"], stock="46", seed=2)
    assert one != two and one[:2] == two[:2] and one[18] == two[18] == Card("56")
    assert one[57] == two[57] == Card("46")
    assert stack_deck(seed=0) != stack_deck() != stack_deck(seed=1)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([YAODIREN, GEHU, SIXTEEN]),
    st.integers(2, 7),
    st.integers(0, 6),
    st.integers(-(2**40), 2**40),
    st.integers(0, 2**32),
)
def test_a_seeded_deck_is_the_whole_deck(
    rules: Rules, players: int, dealer: int, seed: int, pick: int
) -> None:
    """Property: whatever is named (a few cards for some seats and the stock) and whatever the
    seed, the cards of the deck once each, every named part first in its place, and a Game
    deals it."""
    dealer %= players
    sizes = rules.deal_sizes(players)
    chooser = random.Random(pick)
    cards = list(rules.cards())
    chooser.shuffle(cards)
    hands: dict[int, list[Card]] = {}
    for seat in chooser.sample(range(players), chooser.randint(0, players)):
        size = sizes[(seat - dealer) % players]
        hands[seat] = [cards.pop() for _ in range(chooser.randint(0, size))]
    stock = [cards.pop() for _ in range(chooser.randint(0, 5))]
    deck = stack_deck(rules, hands=hands, stock=stock, dealer=dealer, players=players, seed=seed)
    assert Counter(deck) == Counter(rules.cards())
    for seat, named in hands.items():
        start = _start(rules, players, dealer, seat)
        assert list(deck[start : start + len(named)]) == named
    assert list(deck[sum(sizes) : sum(sizes) + len(stock)]) == stock
    game = Game(rules, deck=deck, dealer=dealer, players=players)
    for seat, named in hands.items():
        assert _held(game, seat) >= Counter(named)


@pytest.mark.parametrize("seed", [True, False, 1.5, "1", [1], object()])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    """A typed error naming the seed, the class stack_deck uses for a bad dealer."""
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number \(or None\)"):
        stack_deck(YAODIREN, hands={0: "66"}, seed=seed)  # type: ignore[arg-type]


NO_SEED_CALLS: list[dict[str, Any]] = [
    {},
    {"dealer": 3},
    {"rules": YAODIREN, "hands": {1: "66 44"}, "stock": "55"},
    {"rules": YAODIREN, "hands": {3: "11 11 12", 1: [Card("66")]}, "stock": "55 46", "dealer": 2},
    {"rules": GEHU, "hands": ["66 11", "56 12"], "players": 2},
    {"rules": SIXTEEN, "hands": {4: "44 45"}, "players": 6, "dealer": 5, "stock": "66"},
]


# the decks these calls built before stack_deck took a seed (sha-256 of the card codes, first
# 16 hex digits, measured on the code before the change)
BUILT_BEFORE = [
    "d4ad0a47f2bd3e3a",
    "d4ad0a47f2bd3e3a",
    "3d646f3a5c176406",
    "57f7e72c34e8085f",
    "dec4325c5ced101b",
    "fc159d9f7285a8d1",
]


@pytest.mark.parametrize(("call", "digest"), list(zip(NO_SEED_CALLS, BUILT_BEFORE, strict=True)))
def test_without_a_seed_the_deck_is_the_one_built_before(call: dict[str, Any], digest: str) -> None:
    assert_built_before(stack_deck, call, digest)
