"""The 字牌 hand solver (zipai.md §5, §7): the shape tables and the partition search behind
:func:`~changpai.zipai.hand.best_decomposition` and :func:`~changpai.zipai.hand.decompositions`.

A hand is packed into one int, 3 bits per card kind (``_POW[k]`` is one card of kind ``k``): 提
and 坎 come out by bit arithmetic, the 絞 (the only shapes mixing small and big cards) are
chosen among the values where the pool holds both cases, and each case is then looked up in a
table, built at import, of every count tuple of that case that splits into sentences and at most
one pair (1,300 entries, 1,745 with 一五十), with its best partition. The search works on the
two cases as separate ints below 2**30 (one CPython digit each, so their arithmetic is cheap),
each split at value 5 and each half read as the base-3 index of its five digits (0..242): the
絞 choices of five values are listed at import per pattern of allowed 絞 (in the order of the
former depth-first search, so that ties go the same way) as base-3 deltas, a choice of values
1..5 is kept when both cases' digits left are the first half of a table entry, and the choices
of values 6..10 are then looked up among that entry's second halves (lists of 243 entries, so
each lookup is a list index). The search returns the 絞 choice as its base-3 small-card deltas
of each half, and the caller builds the meld tuple once;
:class:`Meld` objects are interned (the 坎 / 提 tuples come from tables of five values).

>>> from changpai.zipai.cards import parse
>>> key = sum(_POW[c.index] for c in parse("一二三 四五六 壹貳叄"))
>>> value, melds = _solve(key, _TABLES[0])
>>> value, [str(m) for m in melds]
(9, ['句 一二三', '句 四五六', '句 壹貳叄'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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

_HalfOption = tuple[int, Meld, tuple[tuple[int, int], ...], int, int, bool]

_Choice = tuple[int, int, tuple[Meld, ...]]

# The 絞 choices of five values of one case. ``pattern`` holds, per value v (bits 3v), bit 0
# when xN xN dN is allowed (two small cards, one big) and bit 1 when xN dN dN is (one small, two
# big); a choice is its small-card deltas (2 or 1 at bit 3v for the 絞 taken, 0 for none: the
# big-card deltas follow, 3 - 2 or 3 - 1), and the choices are listed in the order of the former
# depth-first search (values ascending; at each value xN dN dN, xN xN dN, none; the last value
# none, xN xN dN, xN dN dN), so that the first of the best is the same partition.
_QUARTER = 5 * _BITS
_QUARTER_MASK = (1 << _QUARTER) - 1
_THREE_QUARTERS = _HALF + _QUARTER  # the first bit of values 6..10 of the big case


def _choice_deltas(pattern: int, last: bool) -> list[int]:
    """The 絞 choices of a pattern of five values (see above), in search order; ``last`` when
    its highest value is the last of the whole search.

    >>> _choice_deltas(0b011, False), _choice_deltas(0b011, True)  # both 絞 of 一 allowed
    ([1, 2, 0], [0, 2, 1])
    """
    values = [v for v in range(5) if pattern >> (_BITS * v) & 3]
    deltas = [0]
    for v in values:
        order = [1] * (pattern >> (_BITS * v + 1) & 1) + [2] * (pattern >> (_BITS * v) & 1)
        order = [0, *reversed(order)] if last and v == values[-1] else [*order, 0]
        deltas = [d + (o << (_BITS * v)) for d in deltas for o in order]
    return deltas


_PATTERNS = [sum((p >> (2 * v) & 3) << (_BITS * v) for v in range(5)) for p in range(4**5)]
_B0Q = _B0 & _QUARTER_MASK


# The base-3 index of five digits of a one-case key (digits 0..2, as in a pool: 243 indexes),
# by the 15 bits of those digits: the search's tables are lists of 243 entries indexed so (a
# list index is cheaper than a dict lookup), and since a choice's deltas never exceed the
# pool's digits, the index of the digits left is the digits' index minus the deltas' index.
# (None for digits a pool never holds.)
_TERNARY: list[Any] = [None] * (1 << _QUARTER)
_TERNARY_SPAN = 3**5
for _t in range(_TERNARY_SPAN):
    _TERNARY[sum(_t // 3**v % 3 << (_BITS * v) for v in range(5))] = _t
del _t

# every choice of five values as the base-3 indexes of (small-card deltas, big-card deltas):
# 3 - d big cards where d small; the lists below share these 243 tuples (a small working set)
_CHOICE_PAIRS: dict[int, tuple[int, int]] = {}


def _with_big(deltas: list[int]) -> list[tuple[int, int]]:
    """The choices as base-3 (small-card deltas, big-card deltas), the shared tuples.

    >>> _with_big([0o21])  # xN dN dN at value 1, xN xN dN at value 2: 1 + 2 * 3, 2 + 1 * 3
    [(7, 5)]
    """
    pairs = _CHOICE_PAIRS
    return [
        pairs.get(d) or pairs.setdefault(d, (_TERNARY[d], _TERNARY[3 * ((d | d >> 1) & _B0Q) - d]))
        for d in deltas
    ]


# the choices of five values when a higher candidate value follows / when none does
# (lists indexed by the pattern, None where no pattern is: cheaper to index than a dict)
_INNER_CHOICES: list[Any] = [None] * (1 << _QUARTER)
_LAST_CHOICES: list[Any] = [None] * (1 << _QUARTER)
for _p in _PATTERNS:
    _INNER_CHOICES[_p] = _with_big(_choice_deltas(_p, False))
    _LAST_CHOICES[_p] = _with_big(_choice_deltas(_p, True))
del _p


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
    the ``half[case]`` shapes), as the mahjong library does per suit. ``low`` / ``high`` hold
    those tuples split at value 5 for the search, ``jiao`` the two 絞 of each value and
    ``jiao_melds`` those of a choice of five values.
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
        # holding[x]: the options whose shape holds kind x, in order (for :func:`_split`)
        self.holding: list[list[_HalfOption]] = [
            [o for options in self.options for o in options if any(s == _BITS * x for s, _ in o[2])]
            for x in range(KINDS)
        ]
        # 絞 by value: xN xN dN and xN dN dN as (meld, small count, big count, small cards)
        self.jiao = [
            (
                (_make_meld((v, v, v + 10)), 2 * _POW[v], _POW[v], 2),
                (_make_meld((v, v + 10, v + 10)), _POW[v], 2 * _POW[v], 1),
            )
            for v in range(10)
        ]
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
        # low[case][digits of values 1..5][digits of values 6..10] -> (胡息, melds), and high[case]
        # the other way round, the digits by their base-3 index (None where no tuple is): the
        # same tuples without the pair flag (a tuple holds the pair exactly when its card count
        # is 2 modulo 3, so no count tuple is there with and without it), split at value 5 so
        # that either half of a 絞 choice is checked on its own
        self.low: tuple[list[Any], ...] = tuple(
            self._split_halves(halves, 0) for halves in self.halves
        )
        self.high: tuple[list[Any], ...] = tuple(
            self._split_halves(halves, _QUARTER) for halves in self.halves
        )
        # the 絞 melds of a choice, by the base-3 index of its small-card deltas of values 1..5
        # and of 6..10
        self.jiao_melds: tuple[list[tuple[Meld, ...]], ...] = tuple(
            self._jiao_list(offset) for offset in (0, 5)
        )

    @staticmethod
    def _split_halves(halves: dict[int, _Result], shift: int) -> list[Any]:
        """``halves`` without the pair flag, by the five digits at ``shift``, then by the other
        five (base-3 indexes)."""
        split: list[Any] = [None] * _TERNARY_SPAN
        for key, found in halves.items():
            digits = key & _HALF_DIGITS
            first = _TERNARY[digits >> shift & _QUARTER_MASK]
            if split[first] is None:
                split[first] = [None] * _TERNARY_SPAN
            split[first][_TERNARY[digits >> (_QUARTER - shift) & _QUARTER_MASK]] = found
        return split

    def _jiao_list(self, offset: int) -> list[tuple[Meld, ...]]:
        """:meth:`_jiao_melds` of every choice of five values, by its base-3 deltas."""
        melds: list[tuple[Meld, ...]] = [()] * _TERNARY_SPAN
        for delta in _CHOICE_PAIRS:
            melds[_TERNARY[delta]] = self._jiao_melds(delta, offset)
        return melds

    def _jiao_melds(self, delta: int, offset: int) -> tuple[Meld, ...]:
        """The 絞 of five values (from ``offset``) whose small-card deltas are ``delta``: two
        small cards make xN xN dN, one xN dN dN (zipai.md §5)."""
        return tuple(
            self.jiao[offset + v][2 - (delta >> (_BITS * v) & _DIGIT)][0]
            for v in range(5)
            if delta >> (_BITS * v) & _DIGIT
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
    一句話 / 絞 and the pair. A pool with the pair holds 2 cards modulo 3, one without it none
    (a sentence or 絞 holds three); a pool that does not is refused here, and :func:`_search`
    does the rest.

    >>> _solve(sum(_POW[k] for k in (0, 0, 10, 1, 1)) | _PAIR_FLAG, _TABLES[0])[0]  # 一一壹 二二
    0
    """
    count = (key & _B0).bit_count() + 2 * (key & _B1).bit_count()
    if count % 3 != (2 if key & _PAIR_FLAG else 0):
        return None
    small = key & _HALF_MASK
    big = key >> _HALF & _HALF_MASK
    found = _search(small, big, (small | small >> 1) & (big | big >> 1) & _B0H, table)
    if found is None:
        return None
    value, low, high, found_s, found_b = found
    jiao_low, jiao_high = table.jiao_melds
    return (value, (*jiao_low[low], *jiao_high[high], *found_s[1], *found_b[1]))


# (胡息, the 絞 choice's base-3 small-card deltas of values 1..5 and of 6..10, the small and
# the big case's (胡息, melds))
_Found = tuple[int, int, int, _Result, _Result]


def _best_choice(
    choices: list[tuple[int, int]],
    small: int,
    big: int,
    rest_s: list[Any],
    rest_b: list[Any],
    high: bool,
) -> _Found | None:
    """The first best of the 絞 ``choices`` (base 3) of five values of digits ``small`` / ``big``
    (their base-3 indexes), the other five values of each case fixed (``rest_s`` / ``rest_b``
    map these five values' digits, by index, to the case's (胡息, melds)), as :func:`_search`
    returns it; ``high`` when the five values are 6..10.

    >>> rest = [(0, ())] + [None] * 242
    >>> _best_choice([(2, 1)], 2, 1, rest, rest, False)  # 一一壹: one 絞
    (0, 2, 0, (0, ()), (0, ()))
    """
    best_value = -1
    best = None
    for ds, db in choices:
        found_s = rest_s[small - ds]
        if found_s is None:
            continue
        found_b = rest_b[big - db]
        if found_b is None:
            continue
        value = found_s[0] + found_b[0]
        if value > best_value:
            best_value = value
            best = (value, 0, ds, found_s, found_b) if high else (value, ds, 0, found_s, found_b)
    return best


def _search(small: int, big: int, common: int, table: _Table) -> _Found | None:
    """The best partition of a pool given as its two cases (one-case keys, no pair flag) whose
    card count is right for its pair (see :func:`_solve`), ``common`` the values it holds in
    both cases (bits 3v): (胡息, the 絞 choice as base-3 small-card deltas of values 1..5 and
    of 6..10, the small case's and the big case's (胡息, melds)).

    The 絞 are the only shapes mixing the cases: every choice of them (at the values where the
    pool holds both cases, one of them twice) is tried in the former search order, and each
    case left is looked up in its table of decomposable count tuples, split at value 5 (the
    half without 絞 first, or the choices of values 1..5 each checked on that half before the
    choices of values 6..10 are tried with it; a count tuple is there with its pair or without,
    so the pair needs no lookup of its own). The first choice with the most 胡息 wins; the meld
    tuple is left to the caller.

    >>> value, low, high, found_s, found_b = _search(0o2, 0o1, 0o1, _TABLES[0])  # 一一壹: one 絞
    >>> value, low, high, found_s[1], found_b[1]
    (0, 2, 0, (), ())
    """
    pattern = (small >> 1 & common) | (big & common << 1)
    high = pattern >> _QUARTER
    if not high:
        # no 絞 among values 6..10: those digits are final, so they must be in the tables
        high_s, high_b = table.high
        rest_s = high_s[_TERNARY[small >> _QUARTER]]
        if rest_s is None:
            return None
        rest_b = high_b[_TERNARY[big >> _QUARTER]]
        if rest_b is None:
            return None
        small_low = _TERNARY[small & _QUARTER_MASK]
        big_low = _TERNARY[big & _QUARTER_MASK]
        if not pattern:
            found_s = rest_s[small_low]
            if found_s is None:
                return None
            found_b = rest_b[big_low]
            if found_b is None:
                return None
            return (found_s[0] + found_b[0], 0, 0, found_s, found_b)
        return _best_choice(_LAST_CHOICES[pattern], small_low, big_low, rest_s, rest_b, False)
    low = pattern & _QUARTER_MASK
    low_s, low_b = table.low
    small_low = _TERNARY[small & _QUARTER_MASK]
    big_low = _TERNARY[big & _QUARTER_MASK]
    small_high = _TERNARY[small >> _QUARTER]
    big_high = _TERNARY[big >> _QUARTER]
    if not low:
        rest_s = low_s[small_low]
        if rest_s is None:
            return None
        rest_b = low_b[big_low]
        if rest_b is None:
            return None
        return _best_choice(_LAST_CHOICES[high], small_high, big_high, rest_s, rest_b, True)
    # 絞 in both halves: each choice of values 1..5 whose digits left are in the tables, then
    # the choices of values 6..10 with it
    highs = _LAST_CHOICES[high]
    best_value = -1
    best = None
    for ds, db in _INNER_CHOICES[low]:
        rest_s = low_s[small_low - ds]
        if rest_s is None:
            continue
        rest_b = low_b[big_low - db]
        if rest_b is None:
            continue
        for hs, hb in highs:
            found_s = rest_s[small_high - hs]
            if found_s is None:
                continue
            found_b = rest_b[big_high - hb]
            if found_b is None:
                continue
            value = found_s[0] + found_b[0]
            if value > best_value:
                best_value = value
                best = (value, ds, hs, found_s, found_b)
    return best


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
    shapes = table.holding[x]
    shift = _BITS * x
    found: list[tuple[int, tuple[Meld, ...], int]] = []

    def rec(key: int, start: int, melds: tuple[Meld, ...], value: int) -> None:
        if (key >> shift) & _DIGIT == 0:
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


# the 坎 / 提 of values 1..5 and of 6..10 of each case (243 patterns each; 坎 at bit 3v, 提 at
# bit 3v + 1 for value v)
_QUARTERS = tuple(
    (_quarter_sets(base, range(5)), _quarter_sets(base, range(5, 10))) for base in (0, 10)
)


def _quarter_list(found: dict[int, tuple[tuple[Meld, ...], int]], shift: int) -> list[Any]:
    """``found`` as a list indexed by its keys shifted down by ``shift`` (None elsewhere)."""
    table: list[Any] = [None] * (1 << _QUARTER)
    for bits, entry in found.items():
        table[bits >> shift] = entry
    return table


# the same as four lists, indexed by the 坎 / 提 bits of values 1..5 and 6..10 of the small
# case, then of the big case, each shifted down to bit 0 (the hot path's list lookups)
_SET_LISTS = tuple(
    _quarter_list(found, shift)
    for low, high in _QUARTERS
    for found, shift in ((low, 0), (high, _QUARTER))
)


def _sets(kan: int, quad: int) -> tuple[tuple[Meld, ...], int]:
    """The 坎 / 提 melds (card order) of packed bit masks, and their 胡息: four lookups in the
    import-time lists ``_SET_LISTS``.

    >>> melds, value = _sets(_POW[1], _POW[19])  # 坎 of 二, 提 of 拾
    >>> [str(m) for m in melds], value
    (['坎 二二二', '提 拾拾拾拾'], 15)
    """
    both = kan | quad << 1
    first_sets, second_sets, third_sets, fourth_sets = _SET_LISTS
    first = first_sets[both & _QUARTER_MASK]
    second = second_sets[both >> _QUARTER & _QUARTER_MASK]
    third = third_sets[both >> _HALF & _QUARTER_MASK]
    fourth = fourth_sets[both >> _THREE_QUARTERS]
    return (
        (*first[0], *second[0], *third[0], *fourth[0]),
        first[1] + second[1] + third[1] + fourth[1],
    )


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
