"""zipai.stack_deck(seed=): the cards not named are shuffled by ``random.Random(seed)``, the
named ones stay where the deal order puts them (zipai.md §3); without a seed the deck is the one
stack_deck always built."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacked_decks import assert_built_before

from changpai.errors import RulesError
from changpai.zipai.cards import DECK, Card, parse
from changpai.zipai.deck import stack_deck
from changpai.zipai.game import Game
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, Rules

SHUXIN = HUNAN.evolve(shuxin=True)


def _held(game: Game, seat: int) -> Counter[Card]:
    return Counter(game.hand(seat)) + Counter(c for m in game.melds(seat) for c in m.cards)


def test_named_cards_stay_in_place_with_a_seed() -> None:
    """zipai.md §3: the dealer's 20, then 下家's 20, then the third's, then the 亮張, then the
    stock — the named cards take the first places of their part, seeded or not."""
    named = {2: parse("壹壹 二七十"), 0: parse("玖")}
    deck = stack_deck(hands=named, liang="拾", stock="九 八", dealer=1, seed=11)
    # dealer 1, then seat 2, then seat 0
    assert deck[20:25] == named[2] and deck[40:41] == named[0]
    assert deck[60] == Card("d10") and deck[61:63] == parse("九 八")
    assert Counter(deck) == Counter(DECK)


@pytest.mark.parametrize("rules", [HUNAN, LIUHUDAO, HAHA, SHUXIN])
def test_a_game_from_a_seeded_deck_deals_the_named_cards(rules: Rules) -> None:
    seats = list(range(rules.seats))
    active = [s for s in seats if not (rules.shuxin and s == 2)]  # dealer 0: seat 2 is 數信
    hands = {active[0]: "一一 貳", active[1]: "伍伍伍", active[-1]: "十"}
    deck = stack_deck(rules, hands=hands, liang="陸", stock="柒", seed=5)
    game = Game(rules, deck=deck)
    for seat, text in hands.items():
        assert _held(game, seat) >= Counter(parse(text))
    assert Card("d6") in _held(game, 0)
    assert Counter(deck) == Counter(DECK)
    assert deck[rules.hand_size * len(active) + 1] == Card("d7")


def test_the_same_seed_gives_the_same_deck_and_two_seeds_two_fillers() -> None:
    one = stack_deck(hands={0: "壹貳叄"}, stock="九", seed=1)
    assert one == stack_deck(hands={0: "壹貳叄"}, stock="九", seed=1)
    two = stack_deck(hands={0: "壹貳叄"}, stock="九", seed=2)
    assert one != two and one[:3] == two[:3] and one[61] == two[61] == Card("x9")
    assert stack_deck(seed=0) != stack_deck() != stack_deck(seed=1)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([HUNAN, LIUHUDAO, HAHA, SHUXIN]),
    st.integers(0, 3),
    st.integers(-(2**40), 2**40),
    st.lists(st.sampled_from(DECK), max_size=14),
)
def test_a_seeded_deck_is_the_whole_deck(
    rules: Rules, dealer: int, seed: int, cards: list[Card]
) -> None:
    """Property: whatever is named and whatever the seed, the 80 cards of the deck once each,
    the named hand first in its part, and a Game deals it."""
    dealer %= rules.seats  # with 數信 the seat opposite the dealer sits out
    named = [c for c in cards if cards.count(c) <= 4][: rules.hand_size]
    deck = stack_deck(rules, hands={dealer: named}, dealer=dealer, seed=seed)
    assert Counter(deck) == Counter(DECK) and list(deck[: len(named)]) == named
    assert _held(Game(rules, deck=deck, dealer=dealer), dealer) >= Counter(named)


@pytest.mark.parametrize("seed", [True, False, 1.5, "1", [1], object()])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    """A typed error naming the seed, the class stack_deck uses for its other bad arguments."""
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number \(or None\)"):
        stack_deck(hands={0: "一"}, seed=seed)  # type: ignore[arg-type]


NO_SEED_CALLS: list[dict[str, Any]] = [
    {},
    {"dealer": 2},
    {"hands": {1: "壹壹壹壹 二二二"}, "liang": "拾", "stock": "九 九"},
    {"hands": {0: "一二三", 2: "壹貳叄 柒捌玖"}, "stock": "十", "dealer": 1},
    {"rules": LIUHUDAO, "hands": {3: "五五五"}, "dealer": 3},
    {"rules": HAHA, "hands": {0: "八", 1: "一一 九九"}},
    {"rules": SHUXIN, "hands": {0: "貳七十"}, "dealer": 3, "liang": "一"},
]


# the decks these calls built before stack_deck took a seed (sha-256 of the card codes, first
# 16 hex digits, measured on the code before the change)
BUILT_BEFORE = [
    "e1fde06337725937",
    "e1fde06337725937",
    "23f56170b364b8ec",
    "8bd38dd7d0a85fc5",
    "2389e4bcc11a665e",
    "a542225a4f263823",
    "8589717422682124",
]


@pytest.mark.parametrize(("call", "digest"), list(zip(NO_SEED_CALLS, BUILT_BEFORE, strict=True)))
def test_without_a_seed_the_deck_is_the_one_built_before(call: dict[str, Any], digest: str) -> None:
    assert_built_before(stack_deck, call, digest)
