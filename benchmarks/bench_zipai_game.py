"""Benchmark: random-play 跑胡子 hands per second through the public engine API.

Run: .venv/bin/python benchmarks/bench_zipai_game.py [hands]
Target (issue 4): >= 300 hands/s for HUNAN in one process.

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3) with its ratio to the
plain baseline of the run (``_baseline.py``).
"""

from __future__ import annotations

import random
import sys
import time

from _baseline import REPEAT, Baseline, best_rate, scaled

from changpai.zipai import ActionKind, Game, simulate
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, Rules


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
    baseline = Baseline()
    print(baseline.header())
    for policy in ("random", "win when legal"):
        for rules in (HUNAN, LIUHUDAO, HAHA):
            runs = [bench(rules, hands, win_when_legal=policy != "random") for _ in range(REPEAT)]
            label = f"{rules.name} {policy}, {hands} hands"
            print(baseline.line(label, [run[0] for run in runs], "hands/s"))
            best = max(runs)
            print(f"{'':<52} ({best[1]:,.0f} decisions/s, {best[2]} wins)")
    for rules in (HUNAN, LIUHUDAO, HAHA):
        stats = simulate(rules, hands, seed=0)
        rates = best_rate(hands, lambda r=rules: simulate(r, hands, seed=0))
        print(baseline.line(f"{rules.name} zipai.simulate, {hands} hands", rates, "hands/s"))
        print(f"{'':<52} ({stats.wins} wins, {stats.no_winner} 荒莊)")
    baseline.again()
    print(baseline.footer())


if __name__ == "__main__":
    main()
