"""changpai.zipai.sim: random hands, transcripts and statistics (the core playout of 字牌)."""

from __future__ import annotations

import pytest

from changpai.core import playout
from changpai.core.playout import SimulationStats
from changpai.errors import ChangpaiError
from changpai.zipai.game import Game
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO
from changpai.zipai.sim import random_game, simulate, transcript


def test_random_game_is_reproducible() -> None:
    """CLI `changpai play hunan --seed N`: the same seed gives the same hand and transcript."""
    a, b = random_game(HUNAN, 21), random_game(HUNAN, 21)
    assert a == b and a.is_over
    text = transcript(a)
    assert text == transcript(b)
    assert text.splitlines()[0] == "跑胡子 (hunan) — seed 21, dealer seat 0"
    assert "seat 0 (莊)" in text and "   1. · seat 0 發牌 (deal)" in text
    assert sum(1 for line in text.splitlines() if line[:4].strip().isdigit()) == len(a.log)


def test_simulate_statistics() -> None:
    """CLI `changpai simulate hunan -n N --seed S`: statistics that add up."""
    seen: list[int] = []
    stats = simulate(HUNAN, 40, seed=2, progress=lambda done, n: seen.append(done))
    assert isinstance(stats, SimulationStats)
    assert seen == list(range(1, 41))
    assert sum(stats.wins_by_seat) + stats.no_winner == 40
    data = stats.to_dict()
    assert data["hands"] == 40 and data["action_counts"]["deal"] == 40
    assert 0.0 <= data["no_winner_rate"] <= 1.0
    assert data["no_winner_label"] == "荒莊" and data["value_name"] == "胡息"
    assert "荒莊" in str(stats) and "胡息" in str(stats)
    assert stats.total_value == sum(stats.wins_by_seat) * stats.mean_value
    assert simulate(HUNAN, 5, seed=9).wins_by_seat == simulate(HUNAN, 5, seed=9).wins_by_seat
    with pytest.raises(ChangpaiError):
        simulate(HUNAN, -1)


def test_simulate_is_the_core_simulation() -> None:
    """The contract: zipai.simulate(rules, n, *, seed, progress) is core simulate of Game."""
    ours = simulate(LIUHUDAO, 4, seed=3)
    core = playout.simulate(Game, 4, rules=LIUHUDAO, seed=3)
    assert (ours.wins_by_seat, ours.no_winner, ours.action_counts) == (
        core.wins_by_seat,
        core.no_winner,
        core.action_counts,
    )
    assert ours.name == "liuhudao"


def test_random_game_dealer() -> None:
    """random_game(rules, seed, *, dealer): the hand is dealt by that seat."""
    game = random_game(HAHA, 4, dealer=1)
    assert game.dealer == 1 and game.is_over and game == random_game(HAHA, 4, dealer=1)
