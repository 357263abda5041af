"""The 百搭 needs of the small blocks of a suit, tabled at import (``solver._BLOCK_NEEDS``),
agree with a plain search over every group (nantong.md §4), and the table holds every block of
at most eight cards."""

from __future__ import annotations

import itertools

from nantong_needs import naive_need

from changpai.nantong import solver


def test_block_needs_agree_with_a_plain_search_section_4() -> None:
    over = solver.DECK_BAIDA + 1
    for block, needs in solver._BLOCK_NEEDS.items():
        assert needs == tuple(min(naive_need(block, pair, True), over) for pair in (False, True))


def test_every_block_of_at_most_eight_cards_is_tabled() -> None:
    blocks = set()
    for counts in itertools.product(range(5), repeat=9):
        if counts[0] and sum(counts) <= 8 and [counts] == list(solver._blocks(counts)):
            blocks.add(counts)
    assert blocks == set(solver._BLOCK_NEEDS)
