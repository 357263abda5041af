"""Tests for changpai.core.playout on two families' engines (zipai, nantong)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from changpai.core.playout import SimulationStats, perft, random_playout, simulate
from changpai.errors import ChangpaiError
from changpai.nantong.game import Game as NantongGame
from changpai.zipai.game import Game as ZipaiGame
from changpai.zipai.sim import random_game
from changpai.zipai.sim import simulate as zipai_simulate


def test_random_playout_ends_the_game_and_is_reproducible() -> None:
    a = random_playout(ZipaiGame(seed=3), random.Random(3))
    assert a.is_over and a == random_game(seed=3)
    b = random_playout(NantongGame(seed=3), random.Random(3))
    assert b.is_over and b == random_playout(NantongGame(seed=3), random.Random(3))


def test_perft_counts_children() -> None:
    game = NantongGame(seed=1)
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions(game.to_act[0]))


def test_simulate_observes_every_game_and_matches_zipai_stats() -> None:
    seen: list[Any] = []
    stats = simulate(lambda s: ZipaiGame(seed=s), 6, seed=4, observe=seen.append)
    assert isinstance(stats, SimulationStats) and len(seen) == 6
    assert all(game.is_over for game in seen)
    own = zipai_simulate(n=6, seed=4)
    assert own.wins_by_seat == stats.wins_by_seat and own.no_winner == stats.no_winner
    assert own.action_counts == stats.action_counts
    assert own.value_name == "胡息" and own.no_winner_label == "荒莊"


def test_simulate_rejects_a_negative_count() -> None:
    with pytest.raises(ChangpaiError):
        simulate(lambda s: NantongGame(seed=s), -1)
