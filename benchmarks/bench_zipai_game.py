"""Benchmark: random-play 跑胡子 hands per second through the public engine API.

Run: .venv/bin/python benchmarks/bench_zipai_game.py [hands]
Target (issue 4): >= 300 hands/s for HUNAN in one process.
"""

from __future__ import annotations

import os
import random
import sys
import time

from changpai.zipai import ActionKind, Game, simulate
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, Rules

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01 to keep it runnable).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


def bench(
    rules: Rules, hands: int, seed: int = 0, win_when_legal: bool = False
) -> tuple[float, float, int]:
    """Play ``hands`` random hands; return (hands/s, decisions/s, wins).

    With ``win_when_legal`` a seat that may 胡 always does (else it chooses at random)."""
    chooser = random.Random(seed)
    decisions = wins = 0
    start = time.perf_counter()
    for i in range(hands):
        game = Game(rules, seed=seed * 1_000_003 + i)
        while not game.is_over:
            legal = game.legal_actions(game.to_act[0])
            hu = [a for a in legal if a.kind is ActionKind.HU] if win_when_legal else []
            game.apply(hu[0] if hu else chooser.choice(legal))
            decisions += 1
        result = game.result
        if result is not None and result.winner is not None:
            wins += 1
    seconds = time.perf_counter() - start
    return hands / seconds, decisions / seconds, wins


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else scaled(1000)
    for policy in ("random", "win when legal"):
        for rules in (HUNAN, LIUHUDAO, HAHA):
            per_hand, per_decision, wins = bench(rules, hands, win_when_legal=policy != "random")
            print(
                f"{rules.name:9s} {policy:14s} {hands} hands: {per_hand:7.0f} hands/s, "
                f"{per_decision:8.0f} decisions/s, {wins} wins"
            )
    for rules in (HUNAN, LIUHUDAO, HAHA):
        stats = simulate(rules, hands, seed=0)
        print(
            f"{rules.name:9s} simulate       {hands} hands: {stats.hands_per_second:7.0f} hands/s "
            f"(zipai.simulate, {stats.wins} wins, {stats.no_winner} 荒莊)"
        )


if __name__ == "__main__":
    main()
