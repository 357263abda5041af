"""Benchmarks of 戳牌 (changpai.chuanpai.chuopai): play comparison, legal actions and random games.

Run: ``.venv/bin/python benchmarks/bench_chuopai.py`` (prints figures; nothing is asserted).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from changpai.chuanpai import chuopai

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


def _rate(label: str, func: Callable[[], object], repeat: int) -> None:
    repeat = scaled(repeat)
    start = time.perf_counter()
    for _ in range(repeat):
        func()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {repeat / elapsed:>12,.0f} /s   ({elapsed * 1e6 / repeat:,.1f} µs each)")


def main() -> None:
    rng = random.Random(7)
    deck = list(chuopai.DECK)
    hands = []
    for _ in range(300):
        rng.shuffle(deck)
        hands.append(tuple(c for c in deck[:28] if c.code not in ("12", "24")))
    print("changpai.chuanpai.chuopai benchmarks (random 28-card deals of deck84)")
    it = iter(range(10**9))
    _rate("beats (two 組合)", lambda: chuopai.beats("66 45", "11 26"), 20000)
    _rate("plays (every lead of a dealt hand)", lambda: chuopai.plays(hands[next(it) % 300]), 500)
    game = chuopai.Game(seed=3)
    _rate("Game.legal_actions (dealer's first lead)", lambda: game.legal_actions(0), 2000)
    _rate("Game(seed) (deal)", lambda: chuopai.Game(seed=next(it)), 2000)
    _rate("Game.copy (fresh game)", game.copy, 5000)
    _rate(
        "Game.to_json + from_json (fresh game)", lambda: chuopai.Game.from_json(game.to_json()), 500
    )

    games = scaled(2000)
    start = time.perf_counter()
    stats = chuopai.simulate(chuopai.CHUOPAI, games, seed=1)
    elapsed = time.perf_counter() - start
    decisions = sum(n for k, n in stats.action_counts.items() if k in ("lead", "beat", "cover"))
    print(
        f"random games, chuopai {games / elapsed:>12,.0f} games/s  "
        f"{decisions / elapsed:>10,.0f} decisions/s"
    )
    print(
        f"  {stats.wins} wins, {stats.no_winner} without a winner, mean 擺牌 of a win {stats.mean_value:.2f}"
    )
    start = time.perf_counter()
    match = chuopai.Match(chuopai.CHUOPAI, seed=1).play(hands=scaled(500))
    elapsed = time.perf_counter() - start
    print(f"Match.play (戳牌, random play)      {len(match.games) / elapsed:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
