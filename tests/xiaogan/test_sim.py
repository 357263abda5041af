"""Around the 孝感 engine (src/changpai/xiaogan/sim.py, game.py): stacked decks, perft, the
transcript, the next dealer and the 句 test of the deal, with their input checks."""

from __future__ import annotations

from collections import Counter

import pytest

from changpai import zipai
from changpai.errors import NotationError, RulesError
from changpai.xiaogan import (
    XIAOGAN,
    Card,
    Game,
    next_dealer,
    parse,
    perft,
    stack_deck,
    tied,
    transcript,
)
from changpai.xiaogan.cards import counts_of


@pytest.mark.parametrize(
    ("keyword", "value", "error", "named"),
    [
        ("hands", 5, NotationError, "hands="),
        ("hands", {Card("A1")}, NotationError, "hands="),  # (None is no hands: every family)
        ("hands", {0: None}, NotationError, "the hand of seat 0="),
        ("hands", {0: zipai.parse("一")}, NotationError, "not a xiaogan Card"),
        ("stock", None, NotationError, "stock="),
        ("stock", [1], NotationError, "stock holds 1"),
        ("dealer", None, RulesError, "dealer="),
        ("dealer", 4, RulesError, "dealer=4"),
        ("dealer", True, RulesError, "dealer=True"),
    ],
)
def test_stack_deck_checks_its_keywords(
    keyword: str, value: object, error: type[Exception], named: str
) -> None:
    """stack_deck (xiaogan.md §2): a bad keyword is a typed error naming it."""
    with pytest.raises(error, match=named):
        stack_deck(XIAOGAN, **{keyword: value})  # type: ignore[arg-type]


def test_stack_deck_deals_from_the_dealer() -> None:
    """xiaogan.md §2: the dealer (頭家) is dealt 16 cards first, the others 15 in seat order."""
    deck = stack_deck(XIAOGAN, hands={2: "上大人"}, dealer=2)
    game = Game(XIAOGAN, deck=deck, dealer=2)
    assert deck[:3] == parse("上大人")
    held = Counter(game.hand(2)) + Counter(c for meld in game.melds(2) for c in meld.cards)
    assert held >= Counter(parse("上大人"))
    assert sum(held.values()) >= 16


def test_perft_and_transcript_check_the_game() -> None:
    """perft and transcript take a 孝感 Game (and perft a depth >= 0)."""
    for function in (transcript, lambda game: perft(game, 1)):
        with pytest.raises(NotationError, match="game="):
            function(None)
    with pytest.raises(RulesError, match="depth="):
        perft(Game(seed=1), "1")  # type: ignore[arg-type]
    assert perft(Game(seed=1), 1) == len(Game(seed=1).legal_actions(0))


def test_next_dealer_checks_the_rules() -> None:
    """xiaogan.md §3.5: next_dealer reads the table size from a Rules object."""
    with pytest.raises(RulesError, match="rules=None"):
        next_dealer(None, 0, None)  # type: ignore[arg-type]
    assert next_dealer(XIAOGAN, 3, 0, card=Card("化")) == 0


def test_tied_reads_counts() -> None:
    """The 句 test of three identical dealt cards (xiaogan.md §4 [INF]) reads the hand as counts
    over the 25 kinds and a character's kind; cards, short lists or 混江 are NotationErrors."""
    hand = counts_of(parse("上上上 大大大 人人人"))
    assert tied(hand, 0) and tied(list(hand), 2)
    assert not tied(counts_of(parse("上上上 大大 人人人")), 0)
    for bad_hand in (parse("上上上"), hand[:24], [*hand[:24], "1"], [*hand[:24], 6], None):
        with pytest.raises(NotationError, match="hand="):
            tied(bad_hand, 0)  # type: ignore[arg-type]
    for bad_index in (24, -1, None, Card("上")):
        with pytest.raises(NotationError, match="index="):
            tied(hand, bad_index)  # type: ignore[arg-type]
