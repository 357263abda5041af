"""Helpers of the 南通 solver tests (tests/nantong/test_fast_paths.py, test_block_needs.py): the
plain search of the 百搭 needs of a part, with no shortcut (nantong.md §4)."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1 << 16)
def naive_need(part: tuple[int, ...], pair: bool, suit: bool) -> int:
    """The fewest 百搭 completing ``part`` into groups (and the pair): every group that holds
    the lowest real card, 百搭 in any of its other slots, with no shortcut."""
    i = next((k for k, c in enumerate(part) if c), -1)
    if i < 0:
        return 2 * pair
    best = 99
    lst = list(part)
    sizes = [(2, False)] if pair else []
    for size, keeps_pair in [*sizes, (3, pair)]:
        for real in range(1, min(part[i], size) + 1):
            lst[i] -= real
            best = min(best, size - real + naive_need(tuple(lst), keeps_pair and pair, suit))
            lst[i] += real
    if suit:
        for start in (i - 2, i - 1, i):
            if start < 0 or start > 6:
                continue
            others = [k for k in range(start, start + 3) if k != i]
            for use in range(1 << len(others)):
                real = [k for j, k in enumerate(others) if use >> j & 1]
                if any(k < i or not lst[k] for k in real):
                    continue
                for k in (i, *real):
                    lst[k] -= 1
                best = min(best, 2 - len(real) + naive_need(tuple(lst), pair, suit))
                for k in (i, *real):
                    lst[k] += 1
    return best
