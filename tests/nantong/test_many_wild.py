"""Hands with many 百搭, the ways round 7 reads them faster (nantong.md §4, §6):

* one part's search with one or two 百搭 in suits too big for the tables (read by the groups
  of their lowest kind), with the kinds of the 百搭 followed or not, against the first of
  each rank of every reading (``solver._part_all``);
* the share plans built at import (``hand._SHARE_PLANS``) against ``solver._shares``;
* ``best_decomposition`` of hands with three to five 百搭 against every reading ranked.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from nantong_hands import (
    RUNS,
    SETS,
    best_of_every_reading,
    cards_of,
    kezi_value,
    part_cases,
    rank_key,
    wild_faces,
)

from changpai import nantong
from changpai.nantong import hand, solver, wild_parts
from changpai.nantong.cards import BAIDA_INDICES, N_PLAIN


@st.composite
def _big_suits(draw: st.DrawFn) -> tuple[int, list[int], int, bool, list[int], bool]:
    """A suit of four or five groups (and maybe the pair) with one or two of its cards taken
    by 百搭, 11 to 14 real cards left within four copies (maybe one card changed), the
    copies left, and whether the 百搭's kinds are followed."""
    pair = draw(st.booleans())
    kinds = [draw(st.integers(0, 8))] * 2 if pair else []
    for _ in range(draw(st.integers(4, 5))):
        low = draw(st.integers(0, 8))
        kinds += [low] * 3 if low > 6 or draw(st.booleans()) else [low, low + 1, low + 2]
    wild = draw(st.integers(1, 2))
    for _ in range(wild):
        kinds.pop(draw(st.integers(0, len(kinds) - 1)))
    if draw(st.integers(0, 9)) == 0:
        kinds[draw(st.integers(0, len(kinds) - 1))] = draw(st.integers(0, 8))
    counts = [kinds.count(j) for j in range(9)]
    assume(max(counts) <= 4 and 11 <= len(kinds) <= 14)
    left = [min(n, 4 - c) for n, c in zip(draw(_lefts), counts, strict=True)]
    return draw(st.sampled_from((0, 1, 2))), counts, wild, pair, left, draw(st.booleans())


_lefts = st.lists(st.integers(0, 4), min_size=9, max_size=9)


@settings(max_examples=300, deadline=None)
@given(_big_suits())
def test_big_suit_with_few_wild_finds_the_first_of_each_rank_section_4(
    part: tuple[int, list[int], int, bool, list[int], bool],
) -> None:
    p, counts, wild, pair, left, follow = part
    x = sum(c << solver.PACK_BITS * j for j, c in enumerate(counts))
    # (as hand._WildParts follows them: all of them, or those with fewer copies than 百搭)
    few = sum(15 << solver.PACK_BITS * j for j, n in enumerate(left) if 0 < n < wild)
    tracked = wild_parts.FACES_MASK if follow else few
    search = wild_parts.PartSearch(p, kezi_value, left, tracked=tracked)
    fit = [0] * (9 * p) + left + [0] * (N_PLAIN - 9 * p - 9)

    def firsts(readings: object) -> dict[tuple[object, ...], tuple[solver._Code, ...]]:
        """The first reading that fits of each rank (and kinds of its 百搭 if followed)."""
        found: dict[tuple[object, ...], tuple[solver._Code, ...]] = {}
        for codes in readings:  # type: ignore[attr-defined]
            key = rank_key(codes), wild_faces(codes) if follow else ()
            if hand._wilds_fit(codes, fit) and (key not in found or codes < found[key]):
                found[key] = codes
        return found

    searched = search.best(x, sum(counts), wild, pair).values()
    every = solver._part_all(tuple(counts), 9 * p, True, wild, pair)
    assert firsts(wild_parts.codes(n) for n in searched) == firsts(every)


def test_share_plans_read_every_share_fewest_wild_first_section_4() -> None:
    for mods in itertools.product(range(3), repeat=4):
        for wild in range(1, solver.DECK_BAIDA + 1):
            plans = hand._SHARE_PLANS[mods, wild]
            shares = []
            for share, alone, alone_pair, mixed in plans:
                assert sorted(p for p, _, _, _ in share) == [0, 1, 2, 3]
                assert [w for _, w, _, _ in share] == sorted(w for _, w, _, _ in share)
                spread = tuple(w for _, w, _, _ in sorted(share))
                pair_at = 4 if alone_pair else next(p for p, _, pair, _ in share if pair)
                assert sum(pair for _, _, pair, _ in share) == (not alone_pair)
                assert alone == wild - sum(spread)
                assert mixed == (0 < alone < wild)
                assert all(m == (mixed and w > 0) for _, w, _, m in share)
                shares.append((spread, pair_at))
            # (every share, those with fewest 百搭 in a part first)
            assert sorted(shares) == list(solver._shares(mods, wild))
            most = [max(spread) for spread, _ in shares]
            assert most == sorted(most)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.integers(3, 5), st.floats(0.0, 1.0))
def test_many_wild_best_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, wild: int, runs: float
) -> None:
    rng = random.Random(seed)
    kinds = [rng.randrange(N_PLAIN)] * 2
    for _ in range(7):
        kinds += rng.choice(RUNS if rng.random() < runs else SETS)
    if max(kinds.count(k) for k in set(kinds)) > 4:
        return
    for j, k in enumerate(rng.sample(range(23), wild)):
        kinds[k] = BAIDA_INDICES[j]
    best = nantong.best_decomposition(cards_of(kinds), rules=nantong.DUZIHU_BAIDA)
    ranked = best_of_every_reading(kinds, (), nantong.DUZIHU_BAIDA, (), frozenset())
    assert repr(best) == repr(ranked)


@settings(max_examples=300, deadline=None)
@given(part_cases(st.integers(0, 5), 12))
def test_part_bound_holds_every_reading_section_6(
    part: tuple[int, list[int], int, bool, list[int]],
) -> None:
    p, counts, wild, pair, left = part
    width = len(counts)
    base = 9 * p
    every_left = [4] * N_PLAIN
    every_left[base : base + width] = left
    packed = [0] * 4
    packed[p] = sum(c << solver.PACK_BITS * j for j, c in enumerate(counts))
    sizes = [0] * 4
    sizes[p] = sum(counts)
    ranks = hand._CodeRanks((), (), nantong.DUZIHU_BAIDA, frozenset())
    parts = hand._WildParts(packed, sizes, every_left, ranks)
    most, wen_most, sets_may, runs_may, lao_most = parts.part_bound(p, wild, pair)
    for codes in solver._part_all(tuple(counts), base, p < 3, wild, pair):
        if not hand._wilds_fit(codes, every_left):
            continue
        sets = [face for kind, face, _ in codes if kind == 1]
        assert sum(map(ranks._kezi, sets)) <= most
        assert sum(kind == 2 and face == 9 for kind, face, _ in codes) <= wen_most
        assert sets_may or not sets
        assert runs_may or not any(kind == 2 and face != 9 for kind, face, _ in codes)
        assert sum(face >= nantong.cards.QZ for face in sets) <= lao_most


# hands with five 百搭 that no reading fits in the copies left (a review's hill-climbing):
# is_winning visited every reading (30-60 ms against best_decomposition's 0.3 ms)
_NO_FIT = [
    "3b FU 3b 4b 4b 1b 1b 1b 1b 6t CAI LU 5b SHOU 3b HH 7t XI HH HH HH 5t 2b",
    "XI LU CAI FU SHOU 6t 5t 7t QZ 1w QZ 6t 7t QZ 4t 7t 1w 6t 1w 5t QZ 5t 4t",
    "FU LU SHOU XI CAI 7t 7t 6t 6t HH 5t 5t HH 6t 5t 8t HH 7t 8t 6t 7t 5t HH",
]


def test_a_search_with_no_fit_gives_up_and_reads_part_by_part_section_4() -> None:
    """nantong.md §4 (a 百搭 stands only for a copy left): the search of the readings whose
    百搭 fit gives a hand up after ``MOST_FAILED`` dead ends (issue 12, bounded work), and
    ``is_winning`` then answers as ``best_decomposition`` does, part by part."""
    rules = nantong.DUZIHU_BAIDA
    for text in _NO_FIT:
        cards = nantong.parse(text)
        counts = hand._split(cards, (), rules)[2]
        left = hand._copies_left(counts, (), ())
        assert left is not None and solver._can(counts, 5, True)
        with pytest.raises(solver.SearchTooLong):
            solver._fits_any(counts, 5, True, list(left))
        assert nantong.is_winning(cards, rules=rules) is False
        assert nantong.best_decomposition(cards, rules=rules) is None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(3, 5), st.integers(5, 9))
def test_is_winning_agrees_with_best_decomposition_on_dense_wild_hands_section_4(
    seed: int, wild: int, kinds: int
) -> None:
    """nantong.md §4: of hands with three to five 百搭 and few kinds (the copies left decide),
    ``is_winning`` (the search, or past its dead ends the parts) is whether
    ``best_decomposition`` finds a reading."""
    rng = random.Random(seed)
    chosen = rng.sample(range(N_PLAIN), kinds)
    pool = [k for k in chosen for _ in range(4)]
    assume(len(pool) >= 23 - wild)
    held = rng.sample(pool, 23 - wild) + list(BAIDA_INDICES[:wild])
    jiang = cards_of(rng.sample([k for k in range(N_PLAIN) if held.count(k) < 4], 2))
    cards = cards_of(held)
    rules = nantong.DUZIHU_BAIDA
    best = nantong.best_decomposition(cards, rules=rules, jiang=jiang)
    assert nantong.is_winning(cards, rules=rules, jiang=jiang) is (best is not None)


def test_a_search_given_up_leaves_the_copies_for_the_parts_section_4() -> None:
    """nantong.md §4: the search given up (``SearchTooLong``) left the copies it had taken,
    and the part-by-part reading then found no room for the 百搭 — this hand with two
    declared 順子 wins (``best_decomposition`` reads it) but ``is_winning`` said no (this
    stop's diff review)."""
    rules = nantong.DUZIHU.evolve(baida=True)
    hand = "5b 5b 8b 3w 3w 3w 3w 4w 4w 4w 7w 7w FU LU SHOU XI CAI"
    melds, jiang = "7w 8w 9w; 7w 8w 9w", ["8w", "5b"]
    assert nantong.best_decomposition(hand, melds, rules=rules, jiang=jiang) is not None
    assert nantong.is_winning(hand, melds, rules=rules, jiang=jiang) is True
    assert nantong.analyze(hand, melds, rules=rules, jiang=jiang).complete


def _fits_plainly(counts: tuple[int, ...], wild: int, pair: bool, left: list[int]) -> bool:
    """The copies search as it was before its dead ends were kept: every reading in turn."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return solver._wild_groups_fit(wild, pair, left)
    for (kind, face, mask), rest, w, np in solver._branches(counts, wild, pair, i):
        if not solver._can(rest, w, np):
            continue
        faces = [face + j for j in range(3) if mask >> j & 1] if kind == 2 else [face] * mask
        for k in faces:
            left[k] -= 1
        found = min(left) >= 0 and (w == 0 or _fits_plainly(rest, w, np, left))
        for k in faces:
            left[k] += 1
        if found:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 5), st.integers(3, 8), st.sampled_from([23, 20, 17]))
def test_the_search_with_its_dead_ends_kept_answers_as_every_reading_section_4(
    seed: int, wild: int, kinds: int, size: int
) -> None:
    """nantong.md §4: keeping the dead ends (a state: the counts left, the 百搭 left, the pair,
    every kind's copies) changes no answer of the copies search, given as much time as it
    needs (``MOST_FAILED`` lifted)."""
    rng = random.Random(seed)
    pool = [k for k in rng.sample(range(27), kinds) for _ in range(4)]
    assume(len(pool) >= size - wild)
    counts = [0] * N_PLAIN
    for k in rng.sample(pool, size - wild):
        counts[k] += 1
    held = tuple(counts)
    assume(solver._can(held, wild, True))
    left = [max(0, 4 - c - rng.choice((0, 0, 1, 2))) for c in held]
    most, solver.MOST_FAILED = solver.MOST_FAILED, 10**9
    try:
        kept = solver._fits_any(held, wild, True, list(left))
    finally:
        solver.MOST_FAILED = most
    assert kept is _fits_plainly(held, wild, True, list(left))
