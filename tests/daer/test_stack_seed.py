"""daer.stack_deck(seed=): the cards not named are shuffled by ``random.Random(seed)``, the named
ones stay where the deal order puts them (daer.md §2); without a seed the deck is the one
stack_deck always built."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacked_decks import assert_built_before

from changpai.daer import DAER, LUZHOU, Card, Game, Rules, stack_deck
from changpai.errors import RulesError
from changpai.zipai import CARDS

DECK = CARDS * 4


def _held(game: Game, seat: int) -> Counter[Card]:
    return Counter(game.hand(seat)) + Counter(c for m in game.melds(seat) for c in m.cards)


def _named(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in text.split())


def test_named_cards_stay_in_place_with_a_seed() -> None:
    """daer.md §2: the dealer's 14, then 13 for each seat in turn order, then the stock — the
    named cards first in their part, seeded or not."""
    deck = stack_deck(DAER, hands={3: "九九 玖", 1: "伍"}, stock="壹 貳", dealer=2, seed=8)
    # dealer 2 (14 cards), then seat 3, seat 0, seat 1 (13 each), then the stock
    assert deck[14:17] == _named("x9 x9 d9") and deck[40:41] == _named("d5")
    assert deck[53:55] == _named("d1 d2") and Counter(deck) == Counter(DECK)


@pytest.mark.parametrize("rules", [DAER, LUZHOU])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_game_from_a_seeded_deck_deals_the_named_cards(rules: Rules, dealer: int) -> None:
    hands = {0: "一一 貳", 1: "伍伍伍", 2: "十 拾"}
    deck = stack_deck(rules, hands=hands, stock="柒 七", dealer=dealer, seed=5)
    game = Game(rules, deck=deck, dealer=dealer)
    for seat, text in hands.items():
        assert _held(game, seat) >= Counter(Card(c) for c in text.replace(" ", ""))
    assert Counter(deck) == Counter(DECK)
    dealt = rules.hand_size * rules.players + rules.dealer_extra
    assert deck[dealt : dealt + 2] == _named("d7 x7")


def test_the_same_seed_gives_the_same_deck_and_two_seeds_two_fillers() -> None:
    one = stack_deck(DAER, hands={0: "壹貳叄"}, stock="九", seed=1)
    assert one == stack_deck(DAER, hands={0: "壹貳叄"}, stock="九", seed=1)
    two = stack_deck(DAER, hands={0: "壹貳叄"}, stock="九", seed=2)
    assert one != two and one[:3] == two[:3] and one[53] == two[53] == Card("x9")
    assert stack_deck(DAER, seed=0) != stack_deck(DAER) != stack_deck(DAER, seed=1)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([DAER, LUZHOU]),
    st.integers(0, 3),
    st.integers(-(2**40), 2**40),
    st.lists(st.sampled_from(DECK), max_size=13),
)
def test_a_seeded_deck_is_the_whole_deck(
    rules: Rules, dealer: int, seed: int, cards: list[Card]
) -> None:
    """Property: whatever is named and whatever the seed, the 80 cards of the deck once each,
    the named hand first in its part, and a Game deals it."""
    dealer %= rules.players
    named = [c for c in cards if cards.count(c) <= 4]
    deck = stack_deck(rules, hands={dealer: named}, dealer=dealer, seed=seed)
    assert Counter(deck) == Counter(DECK) and list(deck[: len(named)]) == named
    assert _held(Game(rules, deck=deck, dealer=dealer), dealer) >= Counter(named)


@pytest.mark.parametrize("seed", [True, False, 1.5, "1", [1], object()])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    """A typed error naming the seed, the class stack_deck uses for its other bad arguments."""
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number \(or None\)"):
        stack_deck(DAER, hands={0: "一"}, seed=seed)  # type: ignore[arg-type]


NO_SEED_CALLS: list[dict[str, Any]] = [
    {"rules": DAER},
    {"rules": DAER, "dealer": 3},
    {"rules": DAER, "hands": {1: "伍伍 一二三"}},
    {"rules": DAER, "hands": {0: "壹壹壹壹", 2: "二七十"}, "stock": "拾 九", "dealer": 2},
    {"rules": LUZHOU, "hands": {2: "九九 玖"}, "stock": "壹 貳", "dealer": 1},
    {"rules": LUZHOU, "hands": {0: [Card("x1"), Card("d2")]}},
]


# the decks these calls built before stack_deck took a seed (sha-256 of the card codes, first
# 16 hex digits, measured on the code before the change)
BUILT_BEFORE = [
    "e1fde06337725937",
    "e1fde06337725937",
    "a7d9671bc64093c1",
    "3882f8f536574241",
    "0b58abf28aff5af1",
    "637dd87bcdf1eeb3",
]


@pytest.mark.parametrize(("call", "digest"), list(zip(NO_SEED_CALLS, BUILT_BEFORE, strict=True)))
def test_without_a_seed_the_deck_is_the_one_built_before(call: dict[str, Any], digest: str) -> None:
    assert_built_before(stack_deck, call, digest)
