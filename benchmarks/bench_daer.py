"""Benchmarks of the 大貳 family: hand analysis, waits and random play of both presets.

Run: ``.venv/bin/python benchmarks/bench_daer.py`` (prints figures; nothing is asserted).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from changpai import daer
from changpai.core.playout import random_playout
from changpai.daer import hand as daer_hand

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


def _timeit(label: str, count: int, fn: Callable[[], object]) -> None:
    start = time.perf_counter()
    fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<56} {count / elapsed:>12,.0f} /s   ({elapsed:.3f} s for {count:,})")


def _clear() -> None:
    daer_hand._readings.cache_clear()
    daer_hand.hu_range.cache_clear()
    daer_hand._meld.cache_clear()
    daer_hand._set_hu.cache_clear()


def _complete_hands(n: int, rng: random.Random) -> list[tuple[daer.Card, ...]]:
    """Random winning 14-card hands: 4 sets of the 大貳 table and a 將 of 貳伍捌."""
    sets = [(i, i, i) for i in range(20)] + [(i, i + 1, i + 2) for i in range(20) if i % 10 <= 7]
    jiangs = [(i, i) for i in range(20) if daer.DAER.jiang_ok(i)]
    out = []
    while len(out) < n:
        chosen = [rng.choice(sets) for _ in range(4)] + [rng.choice(jiangs)]
        cards = [i for s in chosen for i in s]
        if max(cards.count(i) for i in set(cards)) <= 4:
            out.append(tuple(daer.CARDS[i] for i in cards))
    return out


def _games(rules: daer.Rules, n: int) -> None:
    for seed in range(n):
        random_playout(daer.Game(rules, seed), random.Random(seed))


def main() -> None:
    rng = random.Random(2024)
    complete = _complete_hands(scaled(3000), rng)
    randoms = [tuple(rng.sample(daer.DECK, 14)) for _ in range(scaled(3000))]
    waiting = [h[:13] for h in complete[: scaled(500)]]

    _clear()
    _timeit(
        "best_decomposition, winning 14-card hands (cold cache)",
        len(complete),
        lambda: [daer.best_decomposition(h) for h in complete],
    )
    _timeit(
        "best_decomposition, same hands (warm cache)",
        len(complete),
        lambda: [daer.best_decomposition(h) for h in complete],
    )
    _clear()
    _timeit(
        "best_decomposition, random 14-card hands (cold cache)",
        len(randoms),
        lambda: [daer.best_decomposition(h) for h in randoms],
    )
    _clear()
    _timeit(
        "waits, 13-card ready hands (cold cache)",
        len(waiting),
        lambda: [daer.waits(h) for h in waiting],
    )
    shape = daer_hand.shape_key(daer.DAER)
    counts = [tuple(sum(1 for c in h if c.index == i) for i in range(20)) for h in complete]
    _clear()
    _timeit(
        "hu_range (the engine's win test), count tuples, cold",
        len(counts),
        lambda: [daer_hand.hu_range(c, shape) for c in counts],
    )
    for rules in (daer.DAER, daer.LUZHOU):
        n = scaled(400)
        _timeit(
            f"random hands of {rules.name} (engine, random players)",
            n,
            lambda r=rules, k=n: _games(r, k),
        )
    stats = daer.simulate(daer.DAER, scaled(300), seed=1)
    print(
        f"simulate(DAER, {stats.hands}): {stats.hands_per_second:,.0f} hands/s, "
        f"no winner {stats.no_winner_rate:.1%}"
    )


if __name__ == "__main__":
    main()
