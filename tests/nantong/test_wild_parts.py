"""Hands with many 百搭: the search of one part (``wild_parts.PartSearch``: the group of the
lowest real card, readings as numbers, the smallest of each key) and the best reading built
from it (``hand._best_wild``) agree with listing every reading (nantong.md §4, §6, §7).

* ``best_decomposition`` of hands holding three to five 百搭 (declared 碰, flipped 百搭 and
  plain cards, 叫牌 cards, rules that rank otherwise) against ``hand._best_reading`` over
  every reading of ``solver._all``;
* one part's smallest reading of each rank and kinds of its 百搭 against the first of each of
  ``solver._part_all`` (every reading of the part, each group holding a real card);
* the shares of the 百搭 among the parts against sifting every spread.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import (
    BAIDA_RULES,
    check_best_is_best_of_every_reading,
    kezi_value,
    part_cases,
    rank_key,
    wild_faces,
    wild_hand,
)

from changpai import nantong
from changpai.nantong import hand, solver, wild_parts
from changpai.nantong.cards import N_PLAIN


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(BAIDA_RULES), st.booleans())
def test_best_reading_of_many_wild_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    held, jiang, melds = wild_hand(seed, (3, 3, 4, 5), peng=0.15, baida_flip=0.1)
    check_best_is_best_of_every_reading(held, jiang, melds, rules, called)


def _key(codes: tuple[solver._Code, ...]) -> tuple[object, ...]:
    """What ranks a part's reading and the kinds its 百搭 stand for, from its codes."""
    return *rank_key(codes), wild_faces(codes)


@settings(max_examples=400, deadline=None)
@given(part_cases(st.integers(1, 5), 14))
def test_part_search_finds_the_first_reading_of_each_key_section_4(
    part: tuple[int, list[int], int, bool, list[int]],
) -> None:
    p, counts, wild, pair, left = part
    width = len(counts)
    x = sum(c << solver.PACK_BITS * j for j, c in enumerate(counts))
    search = wild_parts.PartSearch(p, kezi_value, left, tracked=wild_parts.FACES_MASK)
    found = [wild_parts.codes(n) for n in search.best(x, sum(counts), wild, pair).values()]
    base = 9 * p
    fit = [0] * base + left + [0] * (N_PLAIN - base - width)
    searched = {_key(codes): codes for codes in found if hand._wilds_fit(codes, fit)}
    every: dict[tuple[object, ...], tuple[solver._Code, ...]] = {}
    for codes in solver._part_all(tuple(counts), base, p < 3, wild, pair):
        key = _key(codes)
        if hand._wilds_fit(codes, fit) and (key not in every or codes < every[key]):
            every[key] = codes
    assert searched == every


def test_shares_are_the_spreads_that_leave_whole_groups_section_4() -> None:
    for mods in itertools.product(range(3), repeat=4):
        for wild in range(solver.DECK_BAIDA + 1):
            sifted = [
                (spread, pair_at)
                for spread in solver._SPREADS[wild]
                for pair_at in range(5)
                if (wild - sum(spread) - 2 * (pair_at == 4)) % 3 == 0
                and wild - sum(spread) >= 2 * (pair_at == 4)
                and all(
                    (m + w - 2 * (p == pair_at)) % 3 == 0
                    for p, (m, w) in enumerate(zip(mods, spread, strict=True))
                )
            ]
            assert solver._shares(mods, wild) == tuple(sifted)
