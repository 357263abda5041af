"""Benchmark of 字牌 hand analysis: best_decomposition on random and on complete 21-card hands.

Run: .venv/bin/python benchmarks/bench_zipai_hand.py [--hands N] [--seed S] [--repeat R]

Cards are parsed (drawn as Card objects) before timing; each figure is hands per second over many
distinct hands, each result holding its full decomposition (Meld objects and 胡息). "cold" empties
the lazily filled caches before each timed pass (``zipai.hand._clear_cache``): the whole-hand
cache, which is all the concealed hot path timed here reads (its 坎 / 提 melds, per-case shape
tables and 絞 choice lists are tables built at import). "warm" repeats the same hands (the whole-hand cache answers).
Hands are timed in chunks of 500, each chunk the best of ``--repeat`` passes (see
``_baseline.chunked_rate``). Next to each figure: its ratio to the plain baseline of the run
(``_baseline.py``), and the clean-room reference solver of ``tests/zipai/test_hand_independent.py``
timed cold on the first hands of the same lists ("x reference").
"""

from __future__ import annotations

import argparse
import importlib.util
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from _baseline import REPEAT, Baseline, chunked_rate, scaled

from changpai.zipai import DECK, HUNAN, Card, best_decomposition, hand, solver, waits

_REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "zipai" / "test_hand_independent.py"


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
    """Empty the lazily filled caches (the tables the hot path reads are built at import)."""
    hand._clear_cache()


def measure(
    fn: Callable[[Sequence[Card]], object], hands: list[tuple[Card, ...]], repeat: int
) -> tuple[float, float]:
    """(cold, warm) hands per second: chunk by chunk, the best of ``repeat`` passes, the caches
    emptied before each cold pass; the warm passes follow a cold one over the same chunk."""

    def run(part: Sequence[tuple[Card, ...]]) -> None:
        for cards in part:
            fn(cards)

    cold = chunked_rate(hands, run, clear_caches, repeat=repeat)
    clear_caches()
    warm = chunked_rate(hands, run, repeat=repeat)
    return cold, warm


def reference() -> ModuleType | None:
    """The clean-room solver of the tests (None when the tests are not around)."""
    if not _REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("zipai_reference", _REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_rate(ref: ModuleType, hands: list[tuple[Card, ...]], repeat: int) -> float:
    """Hands per second of the reference's best 胡息 (its decomposition cache emptied first)."""
    kinds = [[c.index for c in cards] for cards in hands]

    def run(part: Sequence[list[int]]) -> None:
        for concealed in part:
            ref.ref_best(ref.ref_decompositions(concealed, [], HUNAN))

    return chunked_rate(kinds, run, ref.ref_free.cache_clear, chunk=100, repeat=repeat)


def _cold_rate(hands: list[tuple[Card, ...]], repeat: int) -> float:
    """Cold ``best_decomposition`` hands per second over ``hands`` (caches emptied per pass)."""

    def run(part: Sequence[tuple[Card, ...]]) -> None:
        for cards in part:
            best_decomposition(cards, (), rules=HUNAN)

    rate = chunked_rate(hands, run, clear_caches, repeat=repeat)
    clear_caches()
    return rate


def zipai_cold_rate(n: int, seed: int = 7, repeat: int = 0) -> float:
    """Cold ``best_decomposition`` hands per second on ``n`` random 21-card hands: the yardstick
    the other families' analyses are compared with in their benchmarks."""
    return _cold_rate(random_hands(n, seed), repeat)


def zipai_complete_cold_rate(n: int, seed: int = 7, repeat: int = 0) -> float:
    """Cold ``best_decomposition`` hands per second on ``n`` distinct complete 21-card hands: the
    yardstick the other families' complete-hand analyses are compared with."""
    return _cold_rate(complete_hands(n, seed), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    # CHANGPAI_BENCH_SCALE shrinks the default size (the test suite runs every benchmark at 0.01).
    parser.add_argument("--hands", type=int, default=max(4, scaled(200_000)))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=max(REPEAT, 5))
    args = parser.parse_args()
    baseline = Baseline()
    print(baseline.header())
    ref = reference()

    def best(cards: Sequence[Card]) -> object:
        return best_decomposition(cards, (), rules=HUNAN)

    rnd = random_hands(args.hands, args.seed)
    distinct = len({tuple(sorted(c.index for c in h)) for h in rnd})
    cold, warm = measure(best, rnd, args.repeat)
    found = sum(best(h) is not None for h in rnd)
    print(f"random 21-card hands: {len(rnd)} ({distinct} distinct, {found} complete)")
    print(baseline.line("  best_decomposition, cold (empty caches)", cold, "hands/s"))
    print(baseline.line("  best_decomposition, warm (same hands)", warm, "hands/s"))
    if ref is not None:
        ref_rate = reference_rate(ref, rnd[: max(4, len(rnd) // 20)], args.repeat)
        print(baseline.line("  clean-room reference, cold", ref_rate, "hands/s"))
        print(f"  best_decomposition cold = {cold / ref_rate:.2f} x reference")

    comp = complete_hands(args.hands // 4, args.seed)
    cold, warm = measure(best, comp, args.repeat)
    total = sum(len(best(h).melds) for h in comp)  # type: ignore[attr-defined]
    print(f"complete hands: {len(comp)} distinct, {total} melds built")
    print(baseline.line("  best_decomposition, cold (empty caches)", cold, "hands/s"))
    print(baseline.line("  best_decomposition, warm (same hands)", warm, "hands/s"))
    if ref is not None:
        ref_rate = reference_rate(ref, comp[: max(4, len(comp) // 5)], args.repeat)
        print(baseline.line("  clean-room reference, cold", ref_rate, "hands/s"))
        print(f"  best_decomposition cold = {cold / ref_rate:.2f} x reference")

    ready = [h[:20] for h in comp[: max(4, len(comp) // 10)]]  # (a complete hand less a card)
    some = [h[:20] for h in rnd[: max(4, len(rnd) // 40)]]
    for label, hands in (("complete hands less a card", ready), ("random 20-card hands", some)):
        cold, warm = measure(waits, hands, args.repeat)
        waiting = sum(bool(waits(h)) for h in hands)
        print(f"waits, {label}: {len(hands)} ({waiting} waiting)")
        print(baseline.line("  waits, cold (empty caches)", cold, "hands/s"))
    baseline.again()
    print(baseline.footer())


if __name__ == "__main__":
    main()
