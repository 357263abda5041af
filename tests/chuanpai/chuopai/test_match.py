"""Hands in a row, simulations, random games and transcripts of 戳牌."""

from __future__ import annotations

import pytest

from changpai.chuanpai.chuopai import (
    CHUOPAI,
    Game,
    Match,
    clear_caches,
    next_dealer,
    random_game,
    simulate,
    transcript,
)
from changpai.core import caches
from changpai.errors import NotationError


def test_match_follows_the_dealer_rule_and_sums_to_zero() -> None:
    """chuanpai.md §3.1: the deal rotates; a winning dealer keeps it (佔莊)."""
    match = Match(CHUOPAI, seed=3, dealer=1).play(8)
    assert len(match.hands) == 8 and sum(match.totals.values()) == 0
    for hand, game in zip(match.hands, match.games, strict=True):
        result = game.result
        assert result is not None and hand.dealer == game.dealer
        assert hand.next_dealer == next_dealer(CHUOPAI, game.dealer, result.winner) or (
            result.reason == "void" and hand.next_dealer == game.dealer
        )
    assert [h.dealer for h in match.hands[1:]] == [h.next_dealer for h in match.hands[:-1]]


def test_simulate_is_reproducible() -> None:
    one, two = simulate(CHUOPAI, 12, seed=4), simulate(CHUOPAI, 12, seed=4)
    assert (one.wins_by_seat, one.no_winner, one.action_counts) == (
        two.wins_by_seat,
        two.no_winner,
        two.action_counts,
    )
    assert one.value_name == "張" and set(one.action_counts) >= {"deal", "lead", "bai"}


def test_random_game_and_transcript() -> None:
    game = random_game(CHUOPAI, 6, dealer=2)
    assert isinstance(game, Game) and game.is_over and game.dealer == 2
    lines = transcript(game).splitlines()
    assert lines[0] == "戳牌 (chuopai) — seed 6, dealer seat 2"
    assert sum(1 for line in lines if line[:4].strip().isdigit()) == len(game.log)


def test_transcript_takes_a_game() -> None:
    """transcript takes a 戳牌 Game: anything else is a NotationError naming it."""
    for value in (None, 5, CHUOPAI):
        with pytest.raises(NotationError, match="game="):
            transcript(value)  # type: ignore[arg-type]


def test_clear_caches_empties_the_bounded_caches() -> None:
    """The engine's and the play generator's caches are registered under the family, stay
    within their bounds while hands are played, and clear_caches() empties them."""
    random_game(CHUOPAI, 4)
    stats = caches.stats("chuanpai.chuopai")
    assert len(stats) >= 2 and any(size for size, _limit in stats.values())
    assert all(size <= limit for size, limit in stats.values())
    clear_caches()
    assert all(size == 0 for size, _limit in caches.stats("chuanpai.chuopai").values())
    assert random_game(CHUOPAI, 4) == random_game(CHUOPAI, 4)
