"""Tests of the tools around the 擠兒 engine (changpai.chuanpai.sim): stacked decks (chuanpai.md
§2.1 deal sizes), random games, simulations, transcripts and perft counts."""

from __future__ import annotations

from collections import Counter

import pytest

from changpai.chuanpai import (
    GEHU,
    YAODIREN,
    Card,
    Game,
    Rules,
    parse,
    perft,
    random_game,
    simulate,
    stack_deck,
    transcript,
)
from changpai.core.playout import SimulationStats
from changpai.errors import ChangpaiError, NotationError, RulesError


def test_stack_deck_deals_each_seat_its_cards() -> None:
    """chuanpai.md §2.1: seat by seat from the dealer, 18 / 17 / 17 / 5 cards; each named hand
    is filled up to its size with the rest of the deck; the stock follows."""
    deck = stack_deck(YAODIREN, hands={3: "11 11 12", 1: [Card("66")]}, stock="55 46", dealer=2)
    assert isinstance(deck, tuple) and Counter(deck) == Counter(YAODIREN.cards())
    game = Game(YAODIREN, deck=deck, dealer=2)
    assert Counter(parse("11 11 12")) <= Counter(game.hand(3)) + Counter(
        c for m in game.melds(3) for c in m.cards
    )
    assert Card("66") in game.hand(1) or any(Card("66") in m.cards for m in game.melds(1))
    sizes = dict(zip(game.seats, YAODIREN.deal_sizes(), strict=True))
    assert sizes == {2: 18, 3: 17, 0: 17, 1: 5}
    assert deck[sum(sizes.values()) : sum(sizes.values()) + 2] == parse("55 46")


def test_stack_deck_reads_a_sequence_as_seats_from_zero() -> None:
    """A sequence of hands is seats 0, 1, …; players= deals a smaller table."""
    deck = stack_deck(GEHU, hands=["66 11", "56 12"], players=2)
    game = Game(GEHU, deck=deck, players=2)
    assert deck[:2] == parse("66 11") and deck[18:20] == parse("56 12")
    assert len(game.hand(0)) + sum(len(m.cards) for m in game.melds(0)) >= 18


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: stack_deck(YAODIREN, hands={4: "11"}), RulesError, "hands seat=4 is not a seat"),
        (
            lambda: stack_deck(YAODIREN, hands={3: "11 11 12 12 13 13"}),
            RulesError,  # (more than the deal gives: a count out of range, as in every family)
            "seat 3 is dealt 5 cards",
        ),
        (lambda: stack_deck(YAODIREN, stock="JC"), NotationError, "JC"),
        (lambda: stack_deck(GEHU, hands=["55 55 55", "55 55"]), NotationError, "hold 5 of 梅子"),
        (lambda: stack_deck(YAODIREN, hands=[["66"]]), NotationError, "not a chuanpai Card"),
        (lambda: stack_deck("yaodiren"), RulesError, "not a chuanpai Rules"),
        (lambda: stack_deck(YAODIREN, players=9), RulesError, "players=9"),
        (lambda: stack_deck(YAODIREN, players="4"), RulesError, "players='4'"),
        (lambda: stack_deck(YAODIREN, players=2.5), RulesError, "players=2.5"),
    ],
)
def test_stack_deck_errors(call: object, error: type[Exception], message: str) -> None:
    """Bad stacked decks raise a typed error naming the problem."""
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_random_game_simulate_transcript() -> None:
    """The shared tools with the 川牌 defaults: the same seed, the same hand and statistics."""
    game = random_game(GEHU, 4, dealer=1)
    assert game.is_over and game.dealer == 1 and game == random_game(GEHU, 4, dealer=1)
    text = transcript(game)
    assert text.splitlines()[0] == "割胡 (gehu) — seed 4, dealer seat 1"
    assert sum(1 for line in text.splitlines() if line[:4].strip().isdigit()) == len(game.log)
    stats = simulate(YAODIREN, 4, seed=2)
    assert isinstance(stats, SimulationStats) and stats.hands == 4 and stats.value_name == "胡"
    assert stats.action_counts == simulate(YAODIREN, 4, seed=2).action_counts
    assert stats.kind_labels["claim"] == "吃"
    with pytest.raises(RulesError):
        simulate("gehu", 1)  # type: ignore[arg-type]
    with pytest.raises(ChangpaiError):
        simulate(YAODIREN, -1)


@pytest.mark.parametrize("rules", [YAODIREN, GEHU], ids=["yaodiren", "gehu"])
def test_perft_sorted_deck(rules: Rules) -> None:
    """Perft from the deck dealt in table order, worked by hand: the dealer is dealt five 天牌,
    five 斧頭, five 四六 and three 梅子. chuanpai.md §2.1 / §2.3: each group of identical cards is
    laid whole (土夥, 土夥, 土夥, 暗) and none is optional (5- and 10-point cards have no 齊頭
    partnership; 11 vs 9 has five good and no bad card: g >= b + 2), so no "ready" is offered
    and the sequences are the orders of the four lays: 4, 4·3, 4·3·2, 4!."""
    game = Game(rules, deck=sorted(rules.cards()))
    assert [perft(game, depth) for depth in range(1, 5)] == [4, 12, 24, 24]


@pytest.mark.parametrize(
    ("rules", "seed", "counts"),
    [(YAODIREN, 1, [1, 6, 8, 48, 114]), (GEHU, 2, [1, 2, 12, 16, 86])],
    ids=["yaodiren", "gehu"],
)
def test_perft(rules: Rules, seed: int, counts: list[int]) -> None:
    """Perft-style regression counts: decision sequences to depth 1..5 from seeded deals."""
    game = Game(rules, seed=seed)
    assert [perft(game, depth) for depth in range(1, 6)] == counts
