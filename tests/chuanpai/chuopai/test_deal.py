"""The 戳牌 deal: 28 cards each from deck84, stacked decks and the next dealer (chuanpai.md §3.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from changpai.chuanpai.chuopai import CHUOPAI, DECK, Game, parse, stack_deck
from changpai.chuanpai.chuopai.deal import deal_blocks
from changpai.errors import NotationError, RulesError


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_blocks_of_28_from_the_dealer(dealer: int) -> None:
    """chuanpai.md §3.1: all 84 cards dealt, 28 to each of the three players."""
    game = Game(seed=5, dealer=dealer)
    blocks = deal_blocks(game.deck, dealer)
    assert [len(blocks[s]) for s in range(3)] == [28, 28, 28]
    assert blocks[dealer] == game.deck[:28]
    assert Counter(c for s in range(3) for c in blocks[s]) == Counter(DECK)
    for seat in range(3):
        held = Counter(game.hand(seat)) + Counter(c for p in game.melds(seat) for c in p.cards)
        assert held == Counter(blocks[seat])


def test_stacked_hands_land_on_their_seats() -> None:
    deck = stack_deck(CHUOPAI, hands={2: "66 66 45", 0: "天牌"}, dealer=1, seed=3)
    game = Game(deck=deck, dealer=1)
    assert Counter(deck) == Counter(DECK)
    assert deck[56:57] == parse("66") and deck[28:31] == parse("66 66 45")
    assert parse("66") <= game.hand(0) + game.bai(0)
    assert stack_deck(hands={0: "66"}, seed=3) != stack_deck(hands={0: "66"}, seed=4)
    assert stack_deck(hands={0: "66"}) == stack_deck(hands={0: "66"})


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: stack_deck(hands={0: "66 66 66", 1: "66 66"}), NotationError, "5 copies of 天牌"),
        (lambda: stack_deck(hands={0: [1]}), NotationError, "not a chuanpai Card"),
        (lambda: stack_deck(hands={"0": "66"}), RulesError, "hands seat='0' is not a seat"),
        (lambda: stack_deck(dealer=3), RulesError, "dealer=3 is not a seat"),
        (lambda: stack_deck("chuopai"), RulesError, "is not a 戳牌 Rules object"),  # type: ignore[arg-type]
        (lambda: stack_deck(hands={0: parse("56 46 16 15") * 7 + parse("55")}), RulesError, "holds 29 cards"),
    ],
)  # fmt: skip
def test_bad_stacks(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("seed", ["1", 1.5, True, object(), [1]])
def test_stack_deck_seed_must_be_a_whole_number(seed: object) -> None:
    """stack_deck(seed=) shuffles the filler cards like Game(seed=): a whole number or None;
    anything else is a RulesError naming it (it was a bare TypeError, or text was taken)."""
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number"):
        stack_deck(hands={0: "66"}, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"seed=.* is not a whole number"):
        Game(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("hands", [5, {parse("66")}, "66", object()])
def test_stack_deck_hands_must_be_a_mapping(hands: object) -> None:
    """stack_deck(hands=) is ``{seat: cards}`` or a sequence of hands (seats 0, 1, …, as in
    every family): anything else is a NotationError naming it."""
    with pytest.raises(NotationError, match="hands="):
        stack_deck(hands=hands)  # type: ignore[arg-type]
    assert stack_deck(hands=[parse("66")]) == stack_deck(hands={0: parse("66")})


@pytest.mark.parametrize("deck", [5, object(), [None] * 84, [[1]] * 84])
def test_a_stacked_deck_that_is_not_cards_is_refused(deck: object) -> None:
    """Game(deck=) takes the 84 cards of deck84 (chuanpai.md §3.1): anything else is refused with
    a typed error naming the deck."""
    with pytest.raises((NotationError, RulesError), match="deck"):
        Game(deck=deck)  # type: ignore[arg-type]
