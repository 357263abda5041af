"""Benchmarks of the 大貳 family: hand analysis, waits and random play of both presets.

Run: ``.venv/bin/python benchmarks/bench_daer.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3, the caches emptied before
each pass of a cold figure) with its ratio to the plain baseline of the run (``_baseline.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from _baseline import Baseline, best_rate, scaled

from changpai import daer
from changpai.core import caches
from changpai.core.playout import random_playout
from changpai.daer import hand as daer_hand

BASELINE = Baseline()


def _timeit(label: str, count: int, fn: Callable[[], object], cold: bool = False) -> None:
    """Print the best of the passes of ``fn`` (the caches emptied before each when ``cold``)."""
    print(BASELINE.line(label, best_rate(count, fn, before=_clear if cold else None)))


def _clear() -> None:
    daer_hand._readings.cache_clear()
    daer_hand.hu_range.cache_clear()
    daer_hand._meld.cache_clear()
    daer_hand._set_hu.cache_clear()
    caches.clear("daer")  # every other cache of the family too (the engine's tables)


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
    print(BASELINE.header())
    rng = random.Random(2024)
    complete = _complete_hands(scaled(3000), rng)
    randoms = [tuple(rng.sample(daer.DECK, 14)) for _ in range(scaled(3000))]
    waiting = [h[:13] for h in complete[: scaled(500)]]

    _timeit(
        "best_decomposition, winning 14-card hands (cold cache)",
        len(complete),
        lambda: [daer.best_decomposition(h) for h in complete],
        cold=True,
    )
    _timeit(
        "best_decomposition, same hands (warm cache)",
        len(complete),
        lambda: [daer.best_decomposition(h) for h in complete],
    )
    _timeit(
        "best_decomposition, random 14-card hands (cold cache)",
        len(randoms),
        lambda: [daer.best_decomposition(h) for h in randoms],
        cold=True,
    )
    _timeit(
        "waits, 13-card ready hands (cold cache)",
        len(waiting),
        lambda: [daer.waits(h) for h in waiting],
        cold=True,
    )
    shape = daer_hand.shape_key(daer.DAER)
    counts = [tuple(sum(1 for c in h if c.index == i) for i in range(20)) for h in complete]
    _timeit(
        "hu_range (the engine's win test), count tuples, cold",
        len(counts),
        lambda: [daer_hand.hu_range(c, shape) for c in counts],
        cold=True,
    )
    for rules in (daer.DAER, daer.LUZHOU):
        n = scaled(400)
        _timeit(
            f"random hands of {rules.name} (engine, random players)",
            n,
            lambda r=rules, k=n: _games(r, k),
        )
    hands = scaled(300)
    stats = daer.simulate(daer.DAER, hands, seed=1)
    rates = best_rate(hands, lambda: daer.simulate(daer.DAER, hands, seed=1))
    print(BASELINE.line(f"simulate(DAER, {hands})", rates, "hands/s"))
    print(f"{'':<52} (no winner {stats.no_winner_rate:.1%})")
    stats = daer.simulate(daer.LUZHOU, hands, seed=1)
    rates = best_rate(hands, lambda: daer.simulate(daer.LUZHOU, hands, seed=1))
    print(BASELINE.line(f"simulate(LUZHOU, {hands})", rates, "hands/s"))
    print(f"{'':<52} (no winner {stats.no_winner_rate:.1%})")
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
