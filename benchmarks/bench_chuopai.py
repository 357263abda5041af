"""Benchmarks of 戳牌 (changpai.chuanpai.chuopai): play comparison, legal actions and random games.

Run: ``.venv/bin/python benchmarks/bench_chuopai.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3, the caches emptied
before each pass of a cold figure) with its ratio to the plain baseline of the run
(``_baseline.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from _baseline import Baseline, best_rate, scaled

import changpai
from changpai.chuanpai import chuopai
from changpai.core.playout import SimulationStats

BASELINE = Baseline()


def _timeit(label: str, count: int, fn: Callable[[], object], unit: str = "/s") -> None:
    """Print the best of the passes of ``fn``, which does ``count`` of what ``label`` names."""
    print(BASELINE.line(label, best_rate(count, fn), unit))


def _clear() -> None:
    changpai.clear_caches()  # (the 戳牌 play cache too: registered as chuanpai.chuopai's)


def main() -> None:
    print(BASELINE.header())
    rng = random.Random(7)
    deck = list(chuopai.DECK)
    hands = []
    for _ in range(300):
        rng.shuffle(deck)
        hands.append(tuple(c for c in deck[:28] if c.code not in ("12", "24")))
    print("changpai.chuanpai.chuopai (random 28-card deals of deck84)")
    n = scaled(20000)
    _timeit("beats (two 組合)", n, lambda: [chuopai.beats("66 45", "11 26") for _ in range(n)])
    fresh = hands[: scaled(300)]
    print(
        BASELINE.line(
            "plays (every lead of a dealt hand), cold cache",
            best_rate(len(fresh), lambda: [chuopai.plays(h) for h in fresh], before=_clear),
        )
    )
    n = scaled(500)
    _timeit(
        "plays (every lead of a dealt hand), warm cache",
        n,
        lambda: [chuopai.plays(hands[i % 300]) for i in range(n)],
    )
    game = chuopai.Game(seed=3)
    n = scaled(2000)
    _timeit(
        "Game.legal_actions (dealer's first lead)",
        n,
        lambda: [game.legal_actions(0) for _ in range(n)],
    )
    _timeit("Game(seed) (deal)", n, lambda: [chuopai.Game(seed=s) for s in range(n)])
    n = scaled(5000)
    _timeit("Game.copy (fresh game)", n, lambda: [game.copy() for _ in range(n)])
    n = scaled(500)
    _timeit(
        "Game.to_json + from_json (fresh game)",
        n,
        lambda: [chuopai.Game.from_json(game.to_json()) for _ in range(n)],
    )

    games = scaled(2000)
    found: list[SimulationStats] = []
    rates = best_rate(games, lambda: found.append(chuopai.simulate(chuopai.CHUOPAI, games, seed=1)))
    stats = found[-1]  # the same statistics every pass (seed 1)
    decisions = sum(n for k, n in stats.action_counts.items() if k in ("lead", "beat", "cover"))
    print(BASELINE.line(f"simulate(CHUOPAI, {games}), random games", rates, "games/s"))
    print(
        BASELINE.line(
            "  the same, in decisions", [r * decisions / games for r in rates], "decisions/s"
        )
    )
    print(
        f"{'':<52} ({stats.wins} wins, {stats.no_winner} without a winner, "
        f"mean 擺牌 of a win {stats.mean_value:.2f})"
    )
    hands_played: list[int] = []
    rates = best_rate(
        1,
        lambda: hands_played.append(
            len(chuopai.Match(chuopai.CHUOPAI, seed=1).play(hands=scaled(500)).games)
        ),
    )
    rates = [r * n for r, n in zip(rates, hands_played, strict=True)]
    print(BASELINE.line("Match.play (戳牌, random play)", rates, "hands/s"))
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
