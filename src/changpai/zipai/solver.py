"""The 字牌 hand solver (zipai.md §5, §7): the shape tables and the partition search behind
:func:`~changpai.zipai.hand.best_decomposition` and :func:`~changpai.zipai.hand.decompositions`.

A hand is packed into one int, 3 bits per card kind (``_POW[k]`` is one card of kind ``k``): 提
and 坎 come out by bit arithmetic, the 絞 (the only shapes mixing small and big cards) are
chosen value by value, and each case is then looked up in a table, built at import, of every
count tuple of that case that splits into sentences and at most one pair (1,300 entries, 1,745
with 一五十), with its best partition. The search works on the two cases as separate ints below
2**30 (one CPython digit each, so their arithmetic is cheap), follows a plan per set of candidate
絞 values made at import, and builds a meld tuple only for a better result; :class:`Meld`
objects are interned (the 坎 / 提 tuples come from two tables of five values and are cached per
case).

>>> from changpai.zipai.cards import parse
>>> key = sum(_POW[c.index] for c in parse("一二三 四五六 壹貳叄"))
>>> value, melds = _solve(key, _TABLES[0])
>>> value, [str(m) for m in melds]
(9, ['句 一二三', '句 四五六', '句 壹貳叄'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from changpai.core import caches
from changpai.zipai.cards import CARDS, KINDS
from changpai.zipai.melds import Meld, MeldKind, huxi
from changpai.zipai.rules import HUNAN, Rules

_BITS = 3
_DIGIT = 7
_POW = tuple(1 << (_BITS * i) for i in range(KINDS))
_PAIR_SHIFT = _BITS * KINDS + 1
_PAIR_FLAG = 1 << _PAIR_SHIFT
_POOL_MASK = _PAIR_FLAG - 1
_QUADS = frozenset({MeldKind.PAO, MeldKind.TI})


def _sentence_shapes(allow_1_5_10: bool) -> list[tuple[int, ...]]:
    """Kind-index tuples of every 一句話 / 絞 (§5), each sorted by index."""
    shapes: list[tuple[int, ...]] = []
    for base in (0, 10):
        shapes.extend((base + i, base + i + 1, base + i + 2) for i in range(8))
        shapes.append((base + 1, base + 6, base + 9))  # 二七十
        if allow_1_5_10:
            shapes.append((base + 0, base + 4, base + 9))  # 一五十
    for v in range(10):
        shapes.append((v, v, v + 10))  # 絞 xN xN dN
        shapes.append((v, v + 10, v + 10))  # 絞 xN dN dN
    return sorted(shapes)


def _make_meld(kinds: tuple[int, ...], kind: MeldKind | None = None) -> Meld:
    return Meld.of(tuple(CARDS[k] for k in kinds), kind, rules=_ALL_RULES)


_ALL_RULES = HUNAN.evolve(allow_1_5_10=True)


# Interned melds of identical cards made in hand (提 / 坎).
_TI = tuple(Meld(MeldKind.TI, (c,) * 4) for c in CARDS)
_KAN = tuple(Meld(MeldKind.KAN, (c,) * 3) for c in CARDS)


_B0 = sum(1 << (_BITS * i) for i in range(KINDS))
_B1 = _B0 << 1
_B2 = _B0 << 2
_B12 = _B1 | _B2
_MISSING: Any = object()

# kinds (as bit 3k) whose value allows a run k,k+1,k+2 / k-1,k,k+1 / k-2,k-1,k of one case
_RUN_UP = sum(1 << (_BITS * k) for k in range(KINDS) if k % 10 <= 7)
_RUN_MID = sum(1 << (_BITS * k) for k in range(KINDS) if 1 <= k % 10 <= 8)
_RUN_DOWN = sum(1 << (_BITS * k) for k in range(KINDS) if k % 10 >= 2)

_Result = tuple[int, tuple[Meld, ...]]


_HALF = 10 * _BITS  # bits of one case (small 一..十 or big 壹..拾)
_HALF_MASK = (1 << _HALF) - 1
# The pair flag of a one-case key is bit 29, the top bit of the last digit: a pool holds at most
# two copies of a kind, so that bit is free, and every one-case key stays below 2**30 (a
# one-digit int in CPython, whose arithmetic is much cheaper than that of a longer int).
_HALF_PAIR = 1 << (_HALF - 1)
_HALF_DIGITS = _HALF_MASK ^ _HALF_PAIR
_B0H = _B0 & _HALF_MASK
_PREFIX_MASK = tuple((1 << (_BITS * v)) - 1 for v in range(11))

_HalfOption = tuple[int, Meld, tuple[tuple[int, int], ...], int, int, bool]

# candidate 絞 values (bit 3v set for each) -> per level (bit shift 3v, mask of the digits
# below the next candidate value, that next value); 1,024 entries built at import, from which
# each table makes its search plans
_LEVELS: dict[int, tuple[tuple[int, int, int], ...]] = {}
for _m in range(1 << 10):
    _vs = [v for v in range(10) if _m >> v & 1]
    _nexts = [*_vs[1:], 10][: len(_vs)]
    _LEVELS[sum(1 << (_BITS * v) for v in _vs)] = tuple(
        (_BITS * v, _PREFIX_MASK[nv], nv) for v, nv in zip(_vs, _nexts, strict=True)
    )
del _m, _vs, _nexts
_Choice = tuple[int, int, tuple[Meld, ...]]
_Level = tuple[int, int, set[int], set[int], int]
_Plan = tuple[tuple[_Level, ...], int, int, int]


# every set of values of one case as bits 3v (1,024 masks)
_CASE_MASKS = tuple(sum(1 << (_BITS * v) for v in range(10) if m >> v & 1) for m in range(1 << 10))


def _lonely(free: int, specials: list[int]) -> int:
    """The kinds of ``free`` (one case, bits 3v) that no run nor special sentence made of kinds
    of ``free`` covers (zipai.md §5).

    >>> _lonely(0b001_001_001, []), _lonely(0b001_001_001_000_001, [])  # 一二三; 一 三四五
    (0, 1)
    """
    up = free >> _BITS
    down = free << _BITS
    cover = (
        (up & free >> 2 * _BITS & _RUN_UP)
        | (down & up & _RUN_MID)
        | (down & free << 2 * _BITS & _RUN_DOWN)
    )
    for mask in specials:
        if free & mask == mask:
            cover |= mask
    return free & ~cover & _HALF_MASK


class _Table:
    """Shapes and tables of one sentence set (with or without 一五十).

    ``options[low]`` lists the 一句話 / 絞 / pair shapes whose lowest kind is ``low`` as (shape id,
    meld, need, delta, 胡息, is_pair): ``need`` is ((bit shift, copies), ...) and ``delta`` the
    packed count of the shape. The solver splits a pool by case: a 絞 is the only shape that mixes
    small and big cards, so once the 絞 are chosen each case is looked up on its own 10-digit count
    tuple in ``halves[case]`` (every decomposable tuple with its best partition, built here from
    the ``half[case]`` shapes), as the mahjong library does per suit. ``prefixes`` hold the
    leading digits of those tuples, ``plans`` the search levels per set of candidate 絞 values,
    ``jiao_options`` / ``final_options`` the 絞 a value's two digits allow.
    """

    def __init__(self, allow_1_5_10: bool) -> None:
        sentences = _sentence_shapes(allow_1_5_10)
        pairs: list[tuple[int, ...]] = [(k, k) for k in range(KINDS)]
        # ordered by lowest kind, so that non-decreasing shape ids give each partition once
        self.shapes: list[tuple[int, ...]] = sorted(sentences + pairs)
        self.options: list[list[_HalfOption]] = [[] for _ in range(KINDS)]
        self.half: tuple[list[list[_HalfOption]], list[list[_HalfOption]]] = (
            [[] for _ in range(10)],
            [[] for _ in range(10)],
        )
        for sid, shape in enumerate(self.shapes):
            meld = _make_meld(shape, MeldKind.JIANG if len(shape) == 2 else None)
            amounts: dict[int, int] = {}
            for k in shape:
                amounts[k] = amounts.get(k, 0) + 1
            need = tuple((_BITS * k, a) for k, a in sorted(amounts.items()))
            delta = sum(_POW[k] for k in shape)
            value = huxi(meld, rules=_ALL_RULES)
            is_pair = len(shape) == 2
            self.options[shape[0]].append((sid, meld, need, delta, value, is_pair))
            if meld.kind is not MeldKind.JIAO:
                case = 1 if shape[0] >= 10 else 0
                off = _HALF * case
                half_need = tuple((s - off, a) for s, a in need)
                half_delta = (delta >> off) | (_HALF_PAIR if is_pair else 0)
                option = (sid, meld, half_need, half_delta, value, is_pair)
                self.half[case][shape[0] % 10].append(option)
        # 絞 by value: xN xN dN and xN dN dN as (meld, small count, big count, small cards)
        self.jiao = [
            (
                (_make_meld((v, v, v + 10)), 2 * _POW[v], _POW[v], 2),
                (_make_meld((v, v + 10, v + 10)), _POW[v], 2 * _POW[v], 1),
            )
            for v in range(10)
        ]
        # options[v][small digit | big digit << 3]: the 絞 the digits allow at value v, as
        # (small delta, big delta, meld), xN xN dN first; ``final_options`` adds "no 絞" first
        self.jiao_options: list[list[tuple[tuple[int, int, Meld], ...]]] = []
        self.final_options: list[list[tuple[tuple[int, int, Meld | None], ...]]] = []
        for v in range(10):
            (first, s1, b1, _), (second, s2, b2, _) = self.jiao[v]
            row: list[tuple[tuple[int, int, Meld], ...]] = []
            for digits in range(64):
                small, big = digits & _DIGIT, digits >> _BITS
                options = []
                if small >= 2 and big >= 1:
                    options.append((s1, b1, first))
                if small >= 1 and big >= 2:
                    options.append((s2, b2, second))
                row.append(tuple(options))
            self.jiao_options.append(row)
            self.final_options.append([((0, 0, None), *options) for options in row])
        # the three-kind special sentences (二七十, 一五十) as packed bit masks, for the filter
        self.specials = [
            sum(1 << (_BITS * k) for k in s)
            for s in sentences
            if len(set(s)) == 3 and not (s[1] == s[0] + 1 and s[2] == s[1] + 1)
        ]
        # lonely[free]: of the kinds ``free`` of one case (bit 3v per value v, the small case's
        # layout for either case), those that no run or special sentence of the case can take
        # (a 絞, or the pair beside a 提 / 跑, may still take them): the entry filter's table
        self.lonely = {free: _lonely(free, self.specials) for free in _CASE_MASKS}
        # every decomposable count tuple of one case (with the pair flag) -> its best partition
        self.halves = (self._halves(0), self._halves(1))
        # prefixes[pair allowed][case][v]: the digits of kinds below value v of those tuples
        self.prefixes = tuple(
            tuple(
                [
                    {
                        k & _PREFIX_MASK[v] & _HALF_DIGITS
                        for k in self.halves[case]
                        if allowed or not k & _HALF_PAIR
                    }
                    for v in range(11)
                ]
                for case in (0, 1)
            )
            for allowed in (False, True)
        )
        # plans[pair allowed][candidate 絞 values] -> (inner levels, shift and value of the last
        # level, number of inner levels); a level is (bit shift, mask of the digits below the
        # next candidate value, their prefix sets of the small and the big case, value)
        self.plans: tuple[dict[int, _Plan], ...] = tuple(
            {
                candidates: (
                    tuple(
                        (shift, mask, small[nv], big[nv], shift // _BITS)
                        for shift, mask, nv in plan[:-1]
                    ),
                    plan[-1][0],
                    plan[-1][0] // _BITS,
                    len(plan) - 1,
                )
                for candidates, plan in _LEVELS.items()
                if plan
            }
            for small, big in self.prefixes
        )

    def _halves(self, case: int) -> dict[int, _Result]:
        """All count tuples of one case that split into its sentences (and one pair when the
        pair flag is set), each with its best (胡息, melds); built by adding shapes in order."""
        sentences = [o for options in self.half[case] for o in options if not o[5]]
        pairs = [o for options in self.half[case] for o in options if o[5]]
        best: dict[int, tuple[int, tuple[_HalfOption, ...]]] = {0: (0, ())}
        frontier: list[tuple[int, int, int, tuple[_HalfOption, ...]]] = [(0, 0, 0, ())]
        while frontier:
            grown = []
            for key, start, value, used in frontier:
                for i in range(start, len(sentences)):
                    option = sentences[i]
                    new = key + option[3]
                    if any((new >> s) & _DIGIT > 2 for s, _ in option[2]):
                        continue
                    total = value + option[4]
                    if new not in best or total > best[new][0]:
                        best[new] = (total, (*used, option))
                    grown.append((new, i, total, (*used, option)))
            frontier = grown
        for key, (value, used) in list(best.items()):
            for option in pairs:
                ((shift, _),) = option[2]
                if (key >> shift) & _DIGIT:
                    continue  # a pair on top of a card already used would make 3 or 4
                new = key + option[3]  # the pair's delta carries the pair flag
                if new not in best or value > best[new][0]:
                    best[new] = (value, (*used, option))
        return {
            key: (value, tuple(o[1] for o in sorted(used, key=lambda o: o[0])))
            for key, (value, used) in best.items()
        }


_TABLES = (_Table(False), _Table(True))


def _table(rules: Rules) -> _Table:
    return _TABLES[1 if rules.allow_1_5_10 else 0]


def _jiao_choices(pool: int, table: _Table) -> tuple[tuple[_Choice, ...], ...]:
    """Every choice of 絞 in a pool as (small-case count used, big-case count used, 絞 melds),
    grouped by the number of small cards used modulo 3."""
    small = pool & _HALF_MASK
    big = pool >> _HALF
    free = (small | small >> 1) & (big | big >> 1) & _B0H
    candidates = free & (small >> 1 | big >> 1)
    choices: list[tuple[int, int, int, tuple[Meld, ...]]] = [(0, 0, 0, ())]
    while candidates:
        bit = candidates & -candidates
        candidates ^= bit
        v = bit.bit_length() // _BITS
        first, second = table.jiao[v]
        options = []
        if (small >> (_BITS * v)) & 2:
            options.append(first)
        if (big >> (_BITS * v)) & 2:
            options.append(second)
        choices += [
            (ds + ds2, db + db2, us + us2, (*melds, meld))
            for ds, db, us, melds in choices
            for meld, ds2, db2, us2 in options
        ]
    return tuple(
        tuple((ds, db, melds) for ds, db, us, melds in choices if us % 3 == r) for r in range(3)
    )


def _solve(key: int, table: _Table) -> _Result | None:
    """Best (胡息, melds) partition of a packed pool; the pair flag asks for one 將.

    The pool holds the cards outside 坎 / 提 (at most two copies of a kind); they go into
    一句話 / 絞 and the pair. The 絞 are the only shapes mixing the cases: they are chosen value
    by value (a branch dies as soon as the digits already final in either case are no prefix of
    a decomposable count tuple), then each case is looked up in its table of decomposable count
    tuples (a one-case key with the pair flag, or without, holds the pair or not: at most one of
    them is in the table). The key is split into its two cases first, so that the search works
    on one-digit ints; meld tuples are built only for a better result.
    """
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
    levels, shift, v, depth = table.plans[pair][candidates]
    final = table.final_options[v][(small >> shift & _DIGIT) | (big >> shift & _DIGIT) << _BITS]
    best_value = -1
    best: tuple[Meld, ...] = ()
    # depth-first over the inner levels: (level, small left, big left, 絞 so far); the options
    # are pushed "no 絞" first, so the 絞 are tried first
    stack: list[tuple[int, int, int, tuple[Meld, ...]]] = [(0, small, big, ())]
    pop = stack.pop
    push = stack.append
    options = table.jiao_options
    while stack:
        i, s, b, jiao = pop()
        if i < depth:
            shift, mask, ok_small, ok_big, v = levels[i]
            i += 1
            if s & mask in ok_small and b & mask in ok_big:
                push((i, s, b, jiao))
            for es, eb, meld in options[v][
                (small >> shift & _DIGIT) | (big >> shift & _DIGIT) << _BITS
            ]:
                ks = s - es
                if ks & mask in ok_small:
                    kb = b - eb
                    if kb & mask in ok_big:
                        push((i, ks, kb, (*jiao, meld)))
            continue
        # the last level: both cases are final, look them up
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


def _enumerate_half(
    key: int, case: int, table: _Table, start: int = 0
) -> Iterator[tuple[Meld, ...]]:
    """Every partition of one case's pool, each once (shapes in non-decreasing order)."""
    pool = key & _HALF_DIGITS
    if not pool:
        if not key & _HALF_PAIR:
            yield ()
        return
    if key not in table.halves[case]:
        return
    low = ((pool & -pool).bit_length() - 1) // _BITS
    for sid, meld, need, delta, _value, is_pair in table.half[case][low]:
        if sid < start or (is_pair and not key & _HALF_PAIR):
            continue
        if all(amount <= (pool >> s) & _DIGIT for s, amount in need):
            for rest in _enumerate_half(key - delta, case, table, sid):
                yield (meld, *rest)


def _enumerate(key: int, table: _Table) -> Iterator[tuple[Meld, ...]]:
    """Every partition of a packed pool, each once."""
    pool = key & _POOL_MASK
    small = pool & _HALF_MASK
    big = pool >> _HALF
    pairs = ((_HALF_PAIR, 0), (0, _HALF_PAIR)) if key & _PAIR_FLAG else ((0, 0),)
    for group in _jiao_choices(pool, table):
        for ds, db, jiao in group:
            for pair_small, pair_big in pairs:
                ks = (small - ds) | pair_small
                kb = (big - db) | pair_big
                if ks not in table.halves[0] or kb not in table.halves[1]:
                    continue
                for s in _enumerate_half(ks, 0, table):
                    for b in _enumerate_half(kb, 1, table):
                        yield (*jiao, *s, *b)


def _split(key: int, x: int, table: _Table) -> list[tuple[int, tuple[Meld, ...], int]]:
    """Ways to lay all three copies of kind ``x`` (a winning card joined to a pair, which is not
    a 坎) in sentences and the pair: (key left, melds, 胡息), each multiset once."""
    shapes = [
        option
        for options in table.options
        for option in options
        if any(s == _BITS * x for s, _ in option[2])
    ]
    found: list[tuple[int, tuple[Meld, ...], int]] = []

    def rec(key: int, start: int, melds: tuple[Meld, ...], value: int) -> None:
        if (key >> (_BITS * x)) & _DIGIT == 0:
            found.append((key, melds, value))
            return
        for i in range(start, len(shapes)):
            _sid, meld, need, delta, v, is_pair = shapes[i]
            if is_pair and not key & _PAIR_FLAG:
                continue
            if all(amount <= (key >> s) & _DIGIT for s, amount in need):
                rest_key = (key - delta) ^ (_PAIR_FLAG if is_pair else 0)
                rec(rest_key, i, (*melds, meld), value + v)

    rec(key, 0, (), 0)
    return found


# One case's 坎 / 提 bits (坎 at bit 3v, 提 at bit 3v + 1 for value v; the big case is flagged
# with bit 30) -> (their melds in card order, their 胡息). Cached per case, so that the distinct
# entries a run of hands needs are few; bounded by its keys: each value holds nothing, a 坎 or a
# 提, so at most 2 * 3**10 entries (cleared with the hand cache, zipai.clear_caches()).
_SETS: dict[int, tuple[tuple[Meld, ...], int]] = {}
caches.register("zipai", f"{__name__}._SETS", _SETS.clear, _SETS.__len__, 2 * 3**10)
_BIG_SETS = 1 << _HALF

_KAN_HUXI = tuple(huxi(m) for m in _KAN)
_TI_HUXI = tuple(huxi(m) for m in _TI)


def _quarter_sets(base: int, values: range) -> dict[int, tuple[tuple[Meld, ...], int]]:
    """Every 坎 / 提 bit pattern of five values of one case -> (melds in card order, 胡息)."""
    found: dict[int, tuple[tuple[Meld, ...], int]] = {0: ((), 0)}
    for v in values:
        k = base + v
        found |= {
            bits | 1 << (_BITS * v + extra): (
                (*melds, meld),
                value + meld_huxi,
            )
            for bits, (melds, value) in found.items()
            for extra, meld, meld_huxi in ((0, _KAN[k], _KAN_HUXI[k]), (1, _TI[k], _TI_HUXI[k]))
        }
    return found


# the 坎 / 提 of values 1..5 and of 6..10 of each case (243 patterns each), so that a case's
# entry of ``_SETS`` is two lookups and a concatenation
_QUARTERS = tuple(
    (_quarter_sets(base, range(5)), _quarter_sets(base, range(5, 10))) for base in (0, 10)
)
_LOW_VALUES = (1 << (5 * _BITS)) - 1
_HIGH_VALUES = _HALF_MASK ^ _LOW_VALUES


def _half_sets(half: int) -> tuple[tuple[Meld, ...], int]:
    """The 坎 / 提 melds of one case's bits (see ``_SETS``) and their 胡息; cached.

    >>> melds, value = _half_sets(1 << 3 | 2 << 27 | _BIG_SETS)  # 坎 of 貳, 提 of 拾
    >>> [str(m) for m in melds], value
    (['坎 貳貳貳', '提 拾拾拾拾'], 18)
    """
    low, high = _QUARTERS[1 if half & _BIG_SETS else 0]
    first = low[half & _LOW_VALUES]
    second = high[half & _HIGH_VALUES]
    found = (first[0] + second[0], first[1] + second[1])
    _SETS[half] = found
    return found


def _sets(kan: int, quad: int) -> tuple[tuple[Meld, ...], int]:
    """The 坎 / 提 melds (card order) of packed bit masks, and their 胡息."""
    both = kan | quad << 1
    small = _SETS.get(both & _HALF_MASK)
    if small is None:
        small = _half_sets(both & _HALF_MASK)
    big = _SETS.get(both >> _HALF | _BIG_SETS)
    if big is None:
        big = _half_sets(both >> _HALF | _BIG_SETS)
    return (*small[0], *big[0]), small[1] + big[1]


def _strip(key: int, keep: int | None = None) -> tuple[int, tuple[Meld, ...], int]:
    """Take the 提 (four copies) and 坎 (three copies) out of a packed key (not kind ``keep``).

    Returns the pool left, the 提 / 坎 melds in card order and their 胡息.
    """
    kan = key & key >> 1 & _B0
    if keep is not None:
        kan &= ~(1 << (_BITS * keep))
    quad = key >> 2 & _B0
    melds, value = _sets(kan, quad)
    return key - 3 * kan - 4 * quad, melds, value
