"""Benchmark of 字牌 hand analysis: best_decomposition on random and on complete 21-card hands.

Run: .venv/bin/python benchmarks/bench_zipai_hand.py [--hands N] [--seed S]

Cards are parsed (drawn as Card objects) before timing; each figure is hands per second over many
distinct hands, each result holding its full decomposition (Meld objects and 胡息). "cold" starts
each pass from empty caches (the whole-hand cache and the 坎 / 提 meld tuples; the per-case shape
tables are built at import), "warm" repeats the same hands (the whole-hand cache answers). The
figures are the best of ``--repeat`` passes; the load average printed first tells whether another
process shared the machine.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import time
from collections.abc import Callable, Sequence

from changpai.zipai import DECK, HUNAN, Card, best_decomposition, hand, solver


def random_hands(n: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = list(DECK)
    hands = []
    for _ in range(n):
        rng.shuffle(deck)
        hands.append(tuple(deck[:21]))
    return hands


def complete_hands(n: int, seed: int) -> list[tuple[Card, ...]]:
    """Random complete hands (7 門子, some with 提 and a pair), found by sampling melds."""
    rng = random.Random(seed)
    shapes = solver._TABLES[0].shapes
    sentences = [s for s in shapes if len(s) == 3]
    hands: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    while len(hands) < n:
        counts = [0] * 20
        kinds: list[int] = []
        quads = rng.random() < 0.35
        groups = 7 - (1 if quads else 0)
        if quads:
            k = rng.randrange(20)
            kinds += [k] * 4
            counts[k] = 4
            pair = rng.randrange(20)
            if counts[pair]:
                continue
            kinds += [pair, pair]
            counts[pair] += 2
            groups -= 1
        ok = True
        for _ in range(groups):
            if rng.random() < 0.2:
                group: tuple[int, ...] = (rng.randrange(20),) * 3
            else:
                group = rng.choice(sentences)
            for k in group:
                counts[k] += 1
            kinds += group
            if max(counts) > 4:
                ok = False
                break
        key = tuple(sorted(kinds))
        if not ok or key in seen:
            continue
        cards = tuple(DECK[4 * k] for k in kinds)
        if best_decomposition(cards) is None:
            continue
        seen.add(key)
        hands.append(cards)
    clear_caches()
    return hands


def clear_caches() -> None:
    """Empty the lazily filled caches (the per-case tables are built at import)."""
    hand._clear_cache()


def rate(fn: Callable[[Sequence[Card]], object], hands: list[tuple[Card, ...]]) -> float:
    """Hands per second of one pass (the cyclic GC is off while timing, as in timeit)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for cards in hands:
            fn(cards)
        return len(hands) / (time.perf_counter() - start)
    finally:
        gc.enable()


def measure(
    fn: Callable[[Sequence[Card]], object], hands: list[tuple[Card, ...]], repeat: int
) -> tuple[list[float], list[float]]:
    """``repeat`` times: a cold pass (caches emptied first), then a warm pass over the same hands."""
    cold, warm = [], []
    for _ in range(repeat):
        clear_caches()
        cold.append(rate(fn, hands))
        warm.append(rate(fn, hands))
    return cold, warm


def show(cold: list[float], warm: list[float]) -> None:
    every = ", ".join(f"{x:,.0f}" for x in cold)
    print(f"  cold (empty caches):   {max(cold):12,.0f} hands/s  (best of {len(cold)}: {every})")
    every = ", ".join(f"{x:,.0f}" for x in warm)
    print(f"  warm (same hands):     {max(warm):12,.0f} hands/s  (best of {len(warm)}: {every})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    # CHANGPAI_BENCH_SCALE shrinks the default size (the test suite runs every benchmark at 0.01).
    scale = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))
    parser.add_argument("--hands", type=int, default=max(4, int(200_000 * scale)))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{platform.python_implementation()} {platform.python_version()}, load average {load}")

    def best(cards: Sequence[Card]) -> object:
        return best_decomposition(cards, (), HUNAN)

    rnd = random_hands(args.hands, args.seed)
    distinct = len({tuple(sorted(c.index for c in h)) for h in rnd})
    cold, warm = measure(best, rnd, args.repeat)
    found = sum(best(h) is not None for h in rnd)
    print(f"random 21-card hands: {len(rnd)} ({distinct} distinct, {found} complete)")
    show(cold, warm)

    comp = complete_hands(args.hands // 4, args.seed)
    cold, warm = measure(best, comp, args.repeat)
    total = sum(len(best(h).melds) for h in comp)  # type: ignore[attr-defined]
    print(f"complete hands: {len(comp)} distinct, {total} melds built")
    show(cold, warm)


if __name__ == "__main__":
    main()
