"""changpai.zipai.solver: the shape tables built at import and the partition search
(zipai.md §5 一句話 / 絞, §7 one pair with a 跑 / 提, §8.1 胡息)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.zipai.cards import CARDS, DECK, parse
from changpai.zipai.melds import Meld, MeldKind, huxi
from changpai.zipai.solver import (
    _B0H,
    _BIG_SETS,
    _HALF,
    _HALF_MASK,
    _HALF_PAIR,
    _PAIR_FLAG,
    _POOL_MASK,
    _POW,
    _TABLES,
    _enumerate,
    _half_sets,
    _solve,
    _Table,
)


def packed(text: str) -> int:
    return sum(_POW[c.index] for c in parse(text))


def test_the_case_tables_have_the_documented_sizes() -> None:
    """docs/zipai.md Performance: 391 + 909 decomposable count tuples per case without 一五十
    (1,300), 1,745 with it."""
    for table, expected in ((_TABLES[0], 1300), (_TABLES[1], 1745)):
        assert len(table.halves[0]) == len(table.halves[1]) == expected


@pytest.mark.parametrize(
    ("cards", "pair", "value"),
    [
        ("一二三 四五六 壹貳叄", False, 9),
        ("二七十 貳柒拾", False, 9),
        ("一一壹 二二", True, 0),  # 絞 + the pair of a hand with a 跑 / 提 (§7)
        ("一二三 一二三", False, 6),
    ],
)
def test_solve_finds_the_best_partition(cards: str, pair: bool, value: int) -> None:
    """§5 / §8.1: the best partition of sentences (and the one pair when asked) and its 胡息,
    one of the partitions the enumeration yields, with the most 胡息."""
    key = packed(cards) | (_PAIR_FLAG if pair else 0)
    found = _solve(key, _TABLES[0])
    assert found is not None and found[0] == value
    assert sum(huxi(m) for m in found[1]) == value
    every = list(_enumerate(key, _TABLES[0]))
    assert found[1] in every or sorted(map(str, found[1])) in [sorted(map(str, p)) for p in every]
    assert max(sum(huxi(m) for m in p) for p in every) == value


def test_solve_refuses_what_does_not_split() -> None:
    """§5: a lone card, or a pair where no pair is wanted, splits into no partition."""
    assert _solve(packed("一二"), _TABLES[0]) is None
    assert _solve(packed("一二三 五五"), _TABLES[0]) is None
    assert _solve(packed("一五十"), _TABLES[0]) is None and _solve(packed("一五十"), _TABLES[1])


# ------------------------------------------------------------------------------------------
# The search before issue 12 (one stack of 5-tuples, the pair placed by the small-card count),
# kept as a reference: the faster search must return exactly the same (胡息, melds), ties
# included, on the same shape tables.
# ------------------------------------------------------------------------------------------


def reference_solve(key: int, table: _Table) -> tuple[int, tuple[Meld, ...]] | None:
    """The former ``_solve``: 絞 value by value with prefix pruning, then the two lookups."""
    pool = key & _POOL_MASK
    small = pool & _HALF_MASK
    big = pool >> _HALF
    pair = key & _PAIR_FLAG
    free = (small | small >> 1) & (big | big >> 1) & _B0H
    candidates = free & (small >> 1 | big >> 1)
    smalls, bigs = table.halves
    count = (small & _B0H).bit_count() + 2 * (small & (_B0H << 1)).bit_count()

    def look(ks: int, kb: int, left: int) -> tuple[tuple[int, Any], tuple[int, Any]] | None:
        if pair:
            if left == 2:
                ks |= _HALF_PAIR
            elif left == 0:
                kb |= _HALF_PAIR
            else:
                return None
        elif left:
            return None
        found_s, found_b = smalls.get(ks), bigs.get(kb)
        return None if found_s is None or found_b is None else (found_s, found_b)

    if not candidates:
        found = look(small, big, count % 3)
        return None if found is None else (found[0][0] + found[1][0], found[0][1] + found[1][1])
    values = [v for v in range(10) if candidates >> (3 * v) & 1]
    plan = [
        (3 * v, (1 << (3 * nv)) - 1, nv) for v, nv in zip(values, [*values[1:], 10], strict=True)
    ]
    prefix_small, prefix_big = table.prefixes[1 if pair else 0]
    best_value = -1
    best: tuple[Meld, ...] = ()
    stack: list[tuple[int, int, int, int, tuple[Meld, ...]]] = [(0, small, big, count, ())]
    while stack:
        i, s, b, c, jiao = stack.pop()
        shift, mask, nv = plan[i]
        v = shift // 3
        options: list[tuple[Meld | None, int, int, int]] = [(None, 0, 0, 0)]
        for meld, es, eb, used in table.jiao[v]:
            if small >> shift & 7 >= used and big >> shift & 7 >= 3 - used:
                options.append((meld, es, eb, used))
        if i == len(plan) - 1:
            for meld, es, eb, used in options:
                found = look(s - es, b - eb, (c - used) % 3)
                if found is not None and found[0][0] + found[1][0] > best_value:
                    best_value = found[0][0] + found[1][0]
                    tail = () if meld is None else (meld,)
                    best = (*jiao, *tail, *found[0][1], *found[1][1])
            continue
        for meld, es, eb, used in options:
            ks, kb = s - es, b - eb
            if ks & mask in prefix_small[nv] and kb & mask in prefix_big[nv]:
                tail = () if meld is None else (meld,)
                stack.append((i + 1, ks, kb, c - used, (*jiao, *tail)))
    return None if best_value < 0 else (best_value, best)


def pools() -> st.SearchStrategy[int]:
    """Packed pools as the solver gets them: at most two copies of a kind, sometimes heavy on
    the kinds that make 絞 and runs, with the pair flag when the count leaves two over."""

    def pack(counts: list[int]) -> int:
        key = sum(n << (3 * k) for k, n in enumerate(counts))
        return key | _PAIR_FLAG if sum(counts) % 3 == 2 else key

    kinds = st.integers(0, 19) | st.sampled_from([0, 1, 2, 3, 10, 11, 12, 13, 1, 6, 9, 11, 16])
    loose = st.lists(st.tuples(kinds, st.integers(1, 2)), max_size=12).map(
        lambda picks: pack([min(2, sum(n for k, n in picks if k == i)) for i in range(20)])
    )
    # sums of sentences, 絞 and pairs (many of them split, often in several ways)
    shaped = st.lists(st.sampled_from(_TABLES[1].shapes), max_size=7).map(
        lambda shapes: pack([min(2, sum(s.count(i) for s in shapes)) for i in range(20)])
    )
    return loose | shaped


@settings(max_examples=3000, deadline=None)
@given(pools(), st.sampled_from(_TABLES))
def test_property_solve_equals_the_former_search(key: int, table: _Table) -> None:
    """Property (issue 12): the faster search returns what the former one did, ties included
    (§5 sentences and 絞, §7 the pair, §8.1 胡息)."""
    assert _solve(key, table) == reference_solve(key, table)


def test_solve_equals_the_former_search_on_dealt_hands() -> None:
    """The same on the pools of 20,000 fixed-seed 21-card deals (their 坎 / 提 taken out)."""
    rng = random.Random(12)
    found = 0
    for _ in range(20_000):
        counts = [0] * 20
        for card in rng.sample(DECK, 21):
            counts[card.index] += 1
        quads = sum(n == 4 for n in counts)
        key = sum((n if n < 3 else 0) << (3 * k) for k, n in enumerate(counts))
        key |= _PAIR_FLAG if quads else 0
        for table in _TABLES:
            result = _solve(key, table)
            assert result == reference_solve(key, table)
            found += result is not None
    assert found > 50  # some of them do split


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([None, "kan", "ti"]), min_size=10, max_size=10), st.booleans())
def test_property_half_sets(states: list[str | None], big: bool) -> None:
    """Property: the 坎 / 提 melds of one case's bits, looked up in the two five-value tables,
    are the 坎 and 提 of the flagged values in card order, with their 胡息 (§5, §8.1)."""
    bits = sum(1 << (3 * v + (state == "ti")) for v, state in enumerate(states) if state)
    melds, value = _half_sets(bits | (_BIG_SETS if big else 0))
    want = [
        (MeldKind.TI if state == "ti" else MeldKind.KAN, CARDS[v + (10 if big else 0)])
        for v, state in enumerate(states)
        if state
    ]
    assert [(m.kind, m.cards[0]) for m in melds] == want
    assert all(len(set(m.cards)) == 1 for m in melds)
    assert value == sum(huxi(m) for m in melds)


@pytest.mark.parametrize("table", _TABLES, ids=["plain", "1-5-10"])
def test_lonely_kinds_have_no_run_nor_special_sentence(table: _Table) -> None:
    """zipai.md §5: the entry filter's table. A kind of a set of kinds of one case is lonely
    when no 一句話 of that case (a run, 二七十, 一五十 when allowed) lies within the set; 絞 mix
    the cases and are left to the filter itself. Checked on all 1,024 sets against the shapes."""
    sentences = [s for s in table.shapes if len(set(s)) == 3 and s[2] < 10]
    assert len(table.lonely) == 1024
    for free, lonely in table.lonely.items():
        kinds = {v for v in range(10) if free >> (3 * v) & 1}
        covered = {k for s in sentences if set(s) <= kinds for k in s}
        assert lonely == sum(1 << (3 * v) for v in kinds - covered), (bin(free), bin(lonely))
