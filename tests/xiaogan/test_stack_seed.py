"""xiaogan.stack_deck(seed=): the cards not named are shuffled by ``random.Random(seed)``, the
named ones stay where the deal order puts them (xiaogan.md §2); without a seed the deck is the
one stack_deck always built."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacked_decks import assert_built_before

from changpai.errors import RulesError
from changpai.xiaogan import XIAOGAN, Card, Game, parse, stack_deck

DECK = XIAOGAN.cards()


def _held(game: Game, seat: int) -> Counter[Card]:
    return Counter(game.hand(seat)) + Counter(c for m in game.melds(seat) for c in m.cards)


def _start(players: int, dealer: int, seat: int) -> int:
    """Where ``seat``'s part of the deal starts (xiaogan.md §2: from the dealer round)."""
    return sum(XIAOGAN.deal_sizes(players)[: (seat - dealer) % players])


def test_named_cards_stay_in_place_with_a_seed() -> None:
    """xiaogan.md §2: the dealer (頭家) 16 cards, the others 15 in seat order, then the stock;
    the named cards first in their part, seeded or not."""
    deck = stack_deck(XIAOGAN, hands={0: "上大人", 3: "孔"}, stock="混江 乙", dealer=2, seed=4)
    # dealer 2 (16), seat 3 (15), seat 0 (15), seat 1 (15), then the stock
    assert deck[16:17] == parse("孔") and deck[31:34] == parse("上大人")
    assert deck[61:63] == parse("混江 乙") and Counter(deck) == Counter(DECK)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_a_game_from_a_seeded_deck_deals_the_named_cards(players: int) -> None:
    hands = {1: "上大人", 0: "孔"}  # seat 0 deals last: 1 card with 7 players
    deck = stack_deck(XIAOGAN, hands=hands, stock="混江 乙", dealer=1, players=players, seed=5)
    game = Game(XIAOGAN, deck=deck, dealer=1, players=players)
    for seat, text in hands.items():
        assert _held(game, seat) >= Counter(parse(text))
        start = _start(players, 1, seat)
        assert deck[start : start + len(parse(text))] == parse(text)
    assert Counter(deck) == Counter(DECK)
    total = sum(XIAOGAN.deal_sizes(players))
    assert deck[total : total + 2] == parse("混江 乙")


def test_the_same_seed_gives_the_same_deck_and_two_seeds_two_fillers() -> None:
    one = stack_deck(XIAOGAN, hands=["上大", "人"], stock="孔", seed=1)
    assert one == stack_deck(XIAOGAN, hands=["上大", "人"], stock="孔", seed=1)
    two = stack_deck(XIAOGAN, hands=["上大", "人"], stock="孔", seed=2)
    assert one != two and one[:2] == two[:2] and one[16] == two[16] == parse("人")[0]
    assert one[61] == two[61] == parse("孔")[0]
    assert stack_deck(seed=0) != stack_deck() != stack_deck(seed=1)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 7),
    st.integers(0, 6),
    st.integers(-(2**40), 2**40),
    st.integers(0, 2**32),
)
def test_a_seeded_deck_is_the_whole_deck(players: int, dealer: int, seed: int, pick: int) -> None:
    """Property: whatever is named (a few cards for some seats and the stock) and whatever the
    seed, the cards of the deck once each, every named part first in its place, and a Game
    deals it."""
    dealer %= players
    sizes = XIAOGAN.deal_sizes(players)
    chooser = random.Random(pick)
    cards = list(DECK)
    chooser.shuffle(cards)
    hands: dict[int, list[Card]] = {}
    for seat in chooser.sample(range(players), chooser.randint(0, players)):
        size = sizes[(seat - dealer) % players]
        hands[seat] = [cards.pop() for _ in range(chooser.randint(0, size))]
    stock = [cards.pop() for _ in range(chooser.randint(0, 5))]
    deck = stack_deck(XIAOGAN, hands=hands, stock=stock, dealer=dealer, players=players, seed=seed)
    assert Counter(deck) == Counter(DECK)
    for seat, named in hands.items():
        start = _start(players, dealer, seat)
        assert list(deck[start : start + len(named)]) == named
    assert list(deck[sum(sizes) : sum(sizes) + len(stock)]) == stock
    game = Game(XIAOGAN, deck=deck, dealer=dealer, players=players)
    for seat, named in hands.items():
        assert _held(game, seat) >= Counter(named)


@pytest.mark.parametrize("seed", [True, False, 1.5, "1", [1], object()])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    """A typed error naming the seed, the class stack_deck uses for a bad dealer."""
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number \(or None\)"):
        stack_deck(XIAOGAN, hands={0: "上"}, seed=seed)  # type: ignore[arg-type]


NO_SEED_CALLS: list[dict[str, Any]] = [
    {},
    {"dealer": 3},
    {"rules": XIAOGAN, "hands": {1: "上大人"}, "stock": "混江"},
    {"rules": XIAOGAN, "hands": {2: "上大人", 0: [Card.parse("孔")]}, "dealer": 2},
    {"rules": XIAOGAN, "hands": ["上上", "大大"], "players": 2},
    {"rules": XIAOGAN, "hands": {4: "七十"}, "players": 6, "dealer": 5, "stock": "士"},
]


# the decks these calls built before stack_deck took a seed (sha-256 of the card codes, first
# 16 hex digits, measured on the code before the change)
BUILT_BEFORE = [
    "758fe67bbe13cce4",
    "758fe67bbe13cce4",
    "ee8666f3116cf6fe",
    "f6ec1249eb4fed8a",
    "d1e94c7e861f6ac3",
    "27aaabe846228065",
]


@pytest.mark.parametrize(("call", "digest"), list(zip(NO_SEED_CALLS, BUILT_BEFORE, strict=True)))
def test_without_a_seed_the_deck_is_the_one_built_before(call: dict[str, Any], digest: str) -> None:
    assert_built_before(stack_deck, call, digest)
