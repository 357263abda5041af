"""Shared helpers of the benchmarks: sizes, best-of-N timing and a plain baseline of the same run.

Every benchmark prints, next to each figure, its ratio to a **baseline**: a fixed pure-Python
workload (a count-tuple partition search without caches, the kind of work the hand analyses do)
timed in the same process, before and after the benchmark. A figure from a busy or slower
machine can then be compared with another through its ratio: "0.30× baseline" means 0.30 of
whatever the benchmark counts per baseline loop. Every figure is the best of ``REPEAT`` passes
(``CHANGPAI_BENCH_REPEAT``, default 3), the best being the closest to a quiet machine.

Sizes shrink with ``CHANGPAI_BENCH_SCALE`` (the test suite runs every benchmark at 0.01).

>>> baseline = Baseline(passes=3)  # (a run takes the default: about a second of passes)
>>> baseline.rate > 0 and baseline.ratio(baseline.rate) == 1.0
True
"""

from __future__ import annotations

import gc
import os
import platform
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))
REPEAT = max(1, int(os.environ.get("CHANGPAI_BENCH_REPEAT", "3")))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


# The baseline workload: is each count tuple (9 kinds, 0..4 copies) the sum of 3 sets
# (triplets or runs of 3) and one pair? A plain recursive search on tuples, no cache.
_SHAPES = [(k, k, k) for k in range(9)] + [(k, k + 1, k + 2) for k in range(7)]


def _sets(counts: list[int], left: int) -> bool:
    if left == 0:
        return True
    first = next(k for k, n in enumerate(counts) if n)
    for shape in _SHAPES:
        if shape[0] != first:
            continue
        for k in shape:
            counts[k] -= 1
        ok = min(counts) >= 0 and _sets(counts, left - 1)
        for k in shape:
            counts[k] += 1
        if ok:
            return True
    return False


def _complete(counts: tuple[int, ...]) -> bool:
    for k, n in enumerate(counts):
        if n >= 2:
            rest = list(counts)
            rest[k] -= 2
            if _sets(rest, 3):
                return True
    return False


def _inputs() -> list[tuple[int, ...]]:
    """A fixed list of 11-card count tuples (a linear congruential sequence, no ``random``)."""
    state = 12345
    found: list[tuple[int, ...]] = []
    while len(found) < 200:
        counts = [0] * 9
        while sum(counts) < 11:
            state = (state * 1103515245 + 12345) % 2**31
            k = state % 9
            if counts[k] < 4:
                counts[k] += 1
        found.append(tuple(counts))
    return found


_INPUTS = _inputs()


def baseline_loop() -> int:
    """One baseline loop: the partition test on the 200 fixed count tuples; how many pass.

    >>> baseline_loop()
    19
    """
    return sum(_complete(counts) for counts in _INPUTS)


def best_rate(
    count: int,
    fn: Callable[[], object],
    repeat: int = REPEAT,
    before: Callable[[], object] | None = None,
) -> list[float]:
    """``count / seconds`` of ``repeat`` calls of ``fn`` (each timed alone, the cyclic GC off as
    in timeit; ``before``, untimed, before each, e.g. to empty the caches for a cold figure);
    the caller takes the best.

    >>> len(best_rate(3, lambda: None, repeat=2))
    2
    """
    rates = []
    for _ in range(repeat):
        if before is not None:
            before()
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            fn()
            rates.append(count / (time.perf_counter() - start))
        finally:
            gc.enable()
    return rates


def chunked_rate(
    items: Sequence[T],
    run: Callable[[Sequence[T]], object],
    before: Callable[[], object] | None = None,
    chunk: int = 500,
    repeat: int = 0,
) -> float:
    """Items per second of ``run`` over ``items``, timed chunk by chunk: each chunk is timed
    ``repeat`` times (default ``max(REPEAT, 5)``; ``before`` is called before each, e.g. to
    empty the caches) and its best time is kept; the rate is the number of items over the sum
    of those best times.

    On a busy machine a long pass is always cut by other processes (4 ms time slices here);
    short chunks (a few ms) timed several times are mostly not, so the figure is close to a
    quiet run's.

    >>> chunked_rate(list(range(10)), lambda xs: sum(xs), chunk=4) > 0
    True
    """
    repeat = repeat or max(REPEAT, 5)
    total = 0.0
    for first in range(0, len(items), chunk):
        part = items[first : first + chunk]
        best = float("inf")
        for _ in range(repeat):
            if before is not None:
                before()
            gc.disable()
            try:
                start = time.perf_counter()
                run(part)
                best = min(best, time.perf_counter() - start)
            finally:
                gc.enable()
        total += best
    return len(items) / total


class Baseline:
    """The baseline of one run: :func:`baseline_loop` per second, the best of ``passes`` passes
    of one loop each (about 2 ms; 300 by default, spread over about a second, so a busy moment
    at the start does not set every ratio of the run — a review saw 30 passes read 181 to 379
    loops/s and swing single runs' ratios by up to 2×); :meth:`again` measures it once more at
    the end of the run."""

    def __init__(self, passes: int = 0) -> None:
        passes = passes or max(10 * REPEAT, scaled(300))
        self.passes = passes
        self.rates = best_rate(1, baseline_loop, passes)
        self.first = max(self.rates)

    @property
    def rate(self) -> float:
        """The best rate seen so far (loops per second)."""
        return max(self.rates)

    def again(self) -> None:
        """Measure the baseline once more (the best of all passes is kept)."""
        self.rates += best_rate(1, baseline_loop, self.passes)

    def ratio(self, rate: float) -> float:
        """A figure (per second) divided by the baseline (loops per second)."""
        return rate / self.rate

    def header(self) -> str:
        """The lines printed first: interpreter, load average and the baseline."""
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        return (
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"load average {load}\n"
            f"baseline (fixed pure-Python loop): {self.rate:,.0f} loops/s "
            f"(best of {len(self.rates)} passes)"
        )

    def footer(self) -> str:
        """The line printed last, after :meth:`again`: did the machine's speed drift?"""
        return (
            f"baseline: {self.first:,.0f} loops/s at the start, best {self.rate:,.0f} loops/s "
            f"over the run (ratios above use the best of the start)"
        )

    def line(self, label: str, rates: float | Sequence[float], unit: str = "/s") -> str:
        """``label``, the best rate, its ratio to the baseline (and every pass, if several).

        >>> b = Baseline(passes=1)
        >>> "x baseline" in b.line("something", [2.0 * b.rate, b.rate])
        True
        """
        if isinstance(rates, (int, float)):
            rates = [rates]
        best = max(rates)
        every = ", ".join(f"{x:,.0f}" for x in rates)
        passes = f"  (best of {len(rates)}: {every})" if len(rates) > 1 else ""
        return f"{label:<52} {best:>11,.0f} {unit:<9} {self.ratio(best):8.3f} x baseline{passes}"
