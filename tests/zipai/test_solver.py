"""changpai.zipai.solver: the shape tables built at import and the partition search
(zipai.md §5 一句話 / 絞, §7 one pair with a 跑 / 提, §8.1 胡息)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.errors import NotationError
from changpai.zipai.cards import CARDS, DECK, Card, parse
from changpai.zipai.hand import best_decomposition
from changpai.zipai.melds import Meld, MeldKind, huxi
from changpai.zipai.rules import HUNAN, Rules
from changpai.zipai.solver import (
    _B0,
    _B0H,
    _HALF,
    _HALF_MASK,
    _HALF_PAIR,
    _PAIR_FLAG,
    _POOL_MASK,
    _POW,
    _TABLES,
    _enumerate,
    _sets,
    _solve,
    _strip,
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
    prefix_small, prefix_big = main_tables(table).prefixes[1 if pair else 0]
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


# ------------------------------------------------------------------------------------------
# The search of the main branch before the 絞 choice lists (value-by-value depth-first search
# over both cases' prefix sets, search plans per set of candidate values), kept verbatim as
# the oracle of the choice-list search: same (胡息, melds), ties included. Its tables (the
# prefixes, plans and per-value 絞 options it was given by _Table) are rebuilt here.
# ------------------------------------------------------------------------------------------


class MainTables:
    """The tables of the former search, built from a :class:`_Table` as it built them."""

    def __init__(self, table: _Table) -> None:
        prefix_mask = tuple((1 << (3 * v)) - 1 for v in range(11))
        self.jiao_options: list[list[tuple[tuple[int, int, Meld], ...]]] = []
        self.final_options: list[list[tuple[tuple[int, int, Meld | None], ...]]] = []
        for v in range(10):
            (first, s1, b1, _), (second, s2, b2, _) = table.jiao[v]
            row: list[tuple[tuple[int, int, Meld], ...]] = []
            for digits in range(64):
                small, big = digits & 7, digits >> 3
                options = []
                if small >= 2 and big >= 1:
                    options.append((s1, b1, first))
                if small >= 1 and big >= 2:
                    options.append((s2, b2, second))
                row.append(tuple(options))
            self.jiao_options.append(row)
            self.final_options.append([((0, 0, None), *options) for options in row])
        digits_mask = (1 << _HALF) - 1 - _HALF_PAIR
        self.prefixes = tuple(
            tuple(
                [
                    {
                        k & prefix_mask[v] & digits_mask
                        for k in table.halves[case]
                        if allowed or not k & _HALF_PAIR
                    }
                    for v in range(11)
                ]
                for case in (0, 1)
            )
            for allowed in (False, True)
        )
        levels: dict[int, tuple[tuple[int, int, int], ...]] = {}
        for m in range(1 << 10):
            vs = [v for v in range(10) if m >> v & 1]
            nexts = [*vs[1:], 10][: len(vs)]
            levels[sum(1 << (3 * v) for v in vs)] = tuple(
                (3 * v, prefix_mask[nv], nv) for v, nv in zip(vs, nexts, strict=True)
            )
        self.plans: tuple[dict[int, Any], ...] = tuple(
            {
                candidates: (
                    tuple(
                        (shift, mask, small[nv], big[nv], shift // 3)
                        for shift, mask, nv in plan[:-1]
                    ),
                    plan[-1][0],
                    plan[-1][0] // 3,
                    len(plan) - 1,
                )
                for candidates, plan in levels.items()
                if plan
            }
            for small, big in self.prefixes
        )


_MAIN_TABLES: dict[int, MainTables] = {}


def main_tables(table: _Table) -> MainTables:
    """The former search's tables of ``table`` (built once per table)."""
    if id(table) not in _MAIN_TABLES:
        _MAIN_TABLES[id(table)] = MainTables(table)
    return _MAIN_TABLES[id(table)]


def main_solve(key: int, table: _Table) -> tuple[int, tuple[Meld, ...]] | None:
    """The ``_solve`` of the main branch (issue 12, before the 絞 choice lists), verbatim."""
    extra = main_tables(table)
    small = key & _HALF_MASK
    big = key >> _HALF & _HALF_MASK
    free = (small | small >> 1) & (big | big >> 1) & _B0H
    candidates = free & (small >> 1 | big >> 1)
    smalls, bigs = table.halves
    pair = key > _POOL_MASK  # the pair flag is the top bit of a key
    if not candidates:
        if pair:
            found_s = smalls.get(small | _HALF_PAIR)
            if found_s is None:
                found_s = smalls.get(small)
                if found_s is None:
                    return None
                found_b = bigs.get(big | _HALF_PAIR)
            else:
                found_b = bigs.get(big)
        else:
            found_s = smalls.get(small)
            if found_s is None:
                return None
            found_b = bigs.get(big)
        if found_b is None:
            return None
        return (found_s[0] + found_b[0], found_s[1] + found_b[1])
    levels, shift, v, depth = extra.plans[pair][candidates]
    final = extra.final_options[v][(small >> shift & 7) | (big >> shift & 7) << 3]
    best_value = -1
    best: tuple[Meld, ...] = ()
    stack: list[tuple[int, int, int, tuple[Meld, ...]]] = [(0, small, big, ())]
    pop = stack.pop
    push = stack.append
    options = extra.jiao_options
    while stack:
        i, s, b, jiao = pop()
        if i < depth:
            shift, mask, ok_small, ok_big, v = levels[i]
            i += 1
            if s & mask in ok_small and b & mask in ok_big:
                push((i, s, b, jiao))
            for es, eb, meld in options[v][(small >> shift & 7) | (big >> shift & 7) << 3]:
                ks = s - es
                if ks & mask in ok_small:
                    kb = b - eb
                    if kb & mask in ok_big:
                        push((i, ks, kb, (*jiao, meld)))
            continue
        for es, eb, last in final:
            ks = s - es
            kb = b - eb
            if pair:
                found_s = smalls.get(ks | _HALF_PAIR)
                if found_s is None:
                    found_s = smalls.get(ks)
                    if found_s is None:
                        continue
                    found_b = bigs.get(kb | _HALF_PAIR)
                else:
                    found_b = bigs.get(kb)
            else:
                found_s = smalls.get(ks)
                if found_s is None:
                    continue
                found_b = bigs.get(kb)
            if found_b is None:
                continue
            value = found_s[0] + found_b[0]
            if value > best_value:
                best_value = value
                best = (jiao if last is None else (*jiao, last)) + found_s[1] + found_b[1]
    if best_value < 0:
        return None
    return (best_value, best)


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


@settings(max_examples=3000, deadline=None)
@given(pools(), st.sampled_from(_TABLES), st.booleans())
def test_property_solve_equals_the_main_search(key: int, table: _Table, flip: bool) -> None:
    """Property (issue 12, the 絞 choice lists): the search returns what main's depth-first
    search did, ties included, the melds in the same order; also on pools whose pair flag
    does not fit their card count (both find nothing)."""
    if flip:
        key ^= _PAIR_FLAG
    assert _solve(key, table) == main_solve(key, table)


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


def main_best(cards: list[Card], rules: Rules) -> tuple[tuple[Meld, ...], int] | None:
    """main's hot path of a concealed 21-card hand after its checks: the 坎 / 提 in card
    order, then the search's melds (seven 門子 of 21 cards hold one 提 at most, §7)."""
    key = sum(_POW[c.index] for c in cards)
    pool, sets, value = _strip(key)
    quads = (key >> 2 & _B0).bit_count()
    if quads > 1:
        return None
    found = main_solve(pool | _PAIR_FLAG if quads else pool, _TABLES[rules.allow_1_5_10])
    return None if found is None else ((*sets, *found[1]), value + found[0])


def complete_hand(rng: random.Random) -> list[Card]:
    """21 cards of seven 門子 (sentences, 絞 and 坎, or a 提, a pair and five of them), at most
    four copies of a kind, shuffled; one time in five a card swapped (mostly incomplete then)."""
    sentences = [shape for shape in _TABLES[1].shapes if len(shape) == 3]
    counts = [0] * 20
    groups: list[tuple[int, ...]] = []
    if rng.random() < 0.4:
        quad, pair = rng.sample(range(20), 2)
        groups += [(quad,) * 4, (pair, pair)]
        counts[quad], counts[pair] = 4, 2
    while len(groups) < 7:
        k = rng.randrange(20)
        group = (k, k, k) if rng.random() < 0.2 else rng.choice(sentences)
        if all(counts[k] + group.count(k) <= 4 for k in group):
            groups.append(group)
            for k in group:
                counts[k] += 1
    kinds = [k for group in groups for k in group]
    if rng.random() < 0.2:
        kinds[rng.randrange(21)] = rng.randrange(20)
    rng.shuffle(kinds)
    return [CARDS[k] for k in kinds]


@settings(max_examples=1500, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([HUNAN, HUNAN.evolve(allow_1_5_10=True)]))
def test_property_best_decomposition_equals_main(seed: int, rules: Rules) -> None:
    """Property (issue 12): on (nearly) complete concealed hands, best_decomposition picks the
    partition main's search picked, melds and order included, with the same 胡息."""
    cards = complete_hand(random.Random(seed))
    if any(cards.count(c) > 4 for c in cards):
        return
    found = best_decomposition(cards, (), rules=rules)
    want = main_best(cards, rules)
    if want is None:
        assert found is None
    else:
        assert found is not None and (found.melds, found.huxi) == want


def test_best_decomposition_equals_main_on_many_complete_hands() -> None:
    """The same on 20,000 fixed-seed hands (thousands of them complete, all the 絞 patterns)."""
    rng = random.Random(21)
    rules = HUNAN.evolve(allow_1_5_10=True)
    complete = 0
    for i in range(20_000):
        cards = complete_hand(rng)
        if any(cards.count(c) > 4 for c in cards):
            continue
        for r in (HUNAN, rules) if i % 4 == 0 else (HUNAN,):
            found = best_decomposition(cards, (), rules=r)
            want = main_best(cards, r)
            assert (None if found is None else (found.melds, found.huxi)) == want
            complete += found is not None
    assert complete > 2_500  # a drawn 坎 or 提 often breaks the sentences it came from


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(
        st.integers(0, 19) | st.sampled_from([0, 1, 2, 9, 10, 11, 19]), min_size=21, max_size=21
    ),
    st.sampled_from([HUNAN, HUNAN.evolve(allow_1_5_10=True)]),
)
def test_property_any_21_cards_equal_main_or_raise(kinds: list[int], rules: Rules) -> None:
    """Property (issue 12, the hot path's checks): any 21 cards, five or more copies of a kind
    included (a carry in the packed count from eight), raise NotationError exactly when a kind
    has more than four copies (zipai.md §1); otherwise the result is main's, melds and order
    included (its 坎 / 提 taken by main's _strip, the pool by main's search)."""
    cards = [CARDS[k] for k in kinds]
    if max(kinds.count(k) for k in kinds) > 4:
        with pytest.raises(NotationError, match="copies"):
            best_decomposition(cards, (), rules=rules)
        return
    found = best_decomposition(cards, (), rules=rules)
    want = main_best(cards, rules)
    assert (None if found is None else (found.melds, found.huxi)) == want


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([None, "kan", "ti"]), min_size=20, max_size=20))
def test_property_sets(states: list[str | None]) -> None:
    """Property: the 坎 / 提 melds of packed bits, looked up in the four five-value lists, are
    the 坎 and 提 of the flagged kinds in card order, with their 胡息 (§5, §8.1)."""
    kan = sum(_POW[k] for k, state in enumerate(states) if state == "kan")
    quad = sum(_POW[k] for k, state in enumerate(states) if state == "ti")
    melds, value = _sets(kan, quad)
    want = [
        (MeldKind.TI if state == "ti" else MeldKind.KAN, CARDS[k])
        for k, state in enumerate(states)
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
