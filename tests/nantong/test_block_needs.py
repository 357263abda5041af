"""The 百搭 needs of the small blocks of a suit, tabled at import (``solver._BLOCK_NEEDS``),
agree with a plain search over every group (nantong.md §4), and the table holds every block of
at most eight cards."""

from __future__ import annotations

import functools
import itertools

from changpai.nantong import solver


@functools.lru_cache(maxsize=1 << 16)
def _naive_need(part: tuple[int, ...], pair: bool) -> int:
    """The fewest 百搭 completing a suit's ``part`` into groups (and the pair): every group
    that holds the lowest real card, 百搭 in any of its other slots, with no shortcut."""
    i = next((k for k, c in enumerate(part) if c), -1)
    if i < 0:
        return 2 * pair
    best = 99
    lst = list(part)
    for size, keeps_pair in [*([(2, False)] if pair else []), (3, pair)]:
        for real in range(1, min(part[i], size) + 1):
            lst[i] -= real
            best = min(best, size - real + _naive_need(tuple(lst), keeps_pair))
            lst[i] += real
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
            best = min(best, 2 - len(real) + _naive_need(tuple(lst), pair))
            for k in (i, *real):
                lst[k] += 1
    return best


def test_block_needs_agree_with_a_plain_search_section_4() -> None:
    over = solver.DECK_BAIDA + 1
    for block, needs in solver._BLOCK_NEEDS.items():
        assert needs == tuple(min(_naive_need(block, pair), over) for pair in (False, True))


def test_every_block_of_at_most_eight_cards_is_tabled() -> None:
    blocks = set()
    for counts in itertools.product(range(5), repeat=9):
        if counts[0] and sum(counts) <= 8 and [counts] == list(solver._blocks(counts)):
            blocks.add(counts)
    assert blocks == set(solver._BLOCK_NEEDS)
