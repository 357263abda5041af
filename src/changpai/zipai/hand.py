"""字牌 hand analysis (zipai.md §5, §7): decompositions into 門子, the best one, waits, 天胡, 吃/比.

A whole hand is the player's concealed cards plus the melds lying on the table. In the concealed
cards four identical cards are a concealed 提 and three identical cards a 坎 that is never split;
every other card must sit in a 一句話 / 絞, or in the one pair (將) that a hand needs exactly when it
holds a 跑 or 提 (§5, §7.1). The hand is complete when it makes ``rules.melds_to_win`` 門子.

>>> best = best_decomposition(parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"))
>>> print(best)
坎 柒柒柒 坎 捌捌捌 絞 九九玖 句 一二三 句 二七十 句 四五六 句 壹貳叄 (24 胡息)
>>> best.huxi, best.threshold_met
(24, True)

The hot path works on count tuples packed into one int (3 bits per card kind): 提 and 坎 come
out by bit arithmetic, the 絞 (the only shapes mixing small and big cards) are chosen value by
value, and each case is then looked up in a table, built at import, of every count tuple of that
case that splits into sentences and at most one pair (1,300 entries, 1,745 with 一五十), with its
best partition. Only the best branch's meld tuple is built.
:class:`~changpai.zipai.Meld` objects are interned (the 坎 / 提 tuples are cached per case); only
the result object is built per call. The whole analysis is checked against an independent solver
written from the rules text (``tests/zipai/test_hand_independent.py``).
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from typing import Any

from attrs import field, frozen

from changpai.errors import ChangpaiError, NotationError, RulesError
from changpai.zipai.cards import CARDS, KINDS, Card, format, parse  # noqa: F401  (used by the doctests)
from changpai.zipai.melds import Meld, MeldKind, Origin, huxi
from changpai.zipai.melds import huxi as _meld_huxi
from changpai.zipai.rules import HUNAN, Rules

__all__ = [
    "ChiOption",
    "Decomposition",
    "best_decomposition",
    "chi_options",
    "decompositions",
    "is_tianhu",
    "waits",
]

# --------------------------------------------------------------------------------------------
# Shape tables (built once at import)
# --------------------------------------------------------------------------------------------

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
_MISSING: Any = object()

# kinds (as bit 3k) whose value allows a run k,k+1,k+2 / k-1,k,k+1 / k-2,k-1,k of one case
_RUN_UP = sum(1 << (_BITS * k) for k in range(KINDS) if k % 10 <= 7)
_RUN_MID = sum(1 << (_BITS * k) for k in range(KINDS) if 1 <= k % 10 <= 8)
_RUN_DOWN = sum(1 << (_BITS * k) for k in range(KINDS) if k % 10 >= 2)

_Result = tuple[int, tuple[Meld, ...]]


_HALF = 10 * _BITS  # bits of one case (small 一..十 or big 壹..拾)
_HALF_MASK = (1 << _HALF) - 1
_HALF_PAIR = 1 << _HALF
_B0H = _B0 & _HALF_MASK
_PREFIX_MASK = tuple((1 << (_BITS * v)) - 1 for v in range(11))
_B1H = _B0H << 1

_HalfOption = tuple[int, Meld, tuple[tuple[int, int], ...], int, int, bool]
_Choice = tuple[int, int, tuple[Meld, ...]]


class _Table:
    """Shapes and tables of one sentence set (with or without 一五十).

    ``options[low]`` lists the 一句話 / 絞 / pair shapes whose lowest kind is ``low`` as (shape id,
    meld, need, delta, 胡息, is_pair): ``need`` is ((bit shift, copies), ...) and ``delta`` the
    packed count of the shape. The solver splits a pool by case: a 絞 is the only shape that mixes
    small and big cards, so once the 絞 are chosen each case is looked up on its own 10-digit count
    tuple in ``halves[case]`` (every decomposable tuple with its best partition, built here from
    the ``half[case]`` shapes), as the mahjong library does per suit.
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
        # jiao_options[v][small digit][big digit]: no 絞, or a 絞 the digits allow, at value v
        self.jiao_options: list[list[list[tuple[tuple[Meld | None, int, int, int], ...]]]] = [
            [
                [
                    ((None, 0, 0, 0), *(o for o in self.jiao[v] if s >= o[3] and b >= 3 - o[3]))
                    for b in range(8)
                ]
                for s in range(8)
            ]
            for v in range(10)
        ]
        # the three-kind special sentences (二七十, 一五十) as packed bit masks, for the filter
        self.specials = [
            sum(1 << (_BITS * k) for k in s)
            for s in sentences
            if len(set(s)) == 3 and not (s[1] == s[0] + 1 and s[2] == s[1] + 1)
        ]
        # every decomposable count tuple of one case (with the pair flag) -> its best partition
        self.halves = (self._halves(0), self._halves(1))
        # prefixes[pair allowed][case][v]: the digits of kinds below value v of those tuples
        self.prefixes = tuple(
            tuple(
                [
                    {k & _PREFIX_MASK[v] for k in self.halves[case] if allowed or k < _HALF_PAIR}
                    for v in range(11)
                ]
                for case in (0, 1)
            )
            for allowed in (False, True)
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


# candidate 絞 values (bit 3v set for each) -> per level (bit shift 3v, mask of the digits
# below the next candidate value, that next value); 1,024 entries built at import
_LEVELS: dict[int, tuple[tuple[int, int, int], ...]] = {}
for _m in range(1 << 10):
    _vs = [v for v in range(10) if _m >> v & 1]
    _nexts = [*_vs[1:], 10][: len(_vs)]
    _LEVELS[sum(1 << (_BITS * v) for v in _vs)] = tuple(
        (_BITS * v, _PREFIX_MASK[nv], nv) for v, nv in zip(_vs, _nexts, strict=True)
    )
del _m, _vs, _nexts


def _solve(key: int, table: _Table) -> _Result | None:
    """Best (胡息, melds) partition of a packed pool; the pair flag asks for one 將.

    The pool holds the cards outside 坎 / 提 (at most two copies of a kind); they go into
    一句話 / 絞 and the pair. The 絞 are the only shapes mixing the cases: they are chosen value
    by value (a branch dies as soon as the digits already final in either case are no prefix of
    a decomposable count tuple), then each case is looked up in its table of decomposable count
    tuples; the number of small cards left tells which case holds the pair. Meld tuples are
    built only for the best result.
    """
    pool = key & _POOL_MASK
    small = pool & _HALF_MASK
    big = pool >> _HALF
    pair = key & _PAIR_FLAG
    free = (small | small >> 1) & (big | big >> 1) & _B0H
    candidates = free & (small >> 1 | big >> 1)
    smalls, bigs = table.halves
    count = (small & _B0H).bit_count() + 2 * (small & _B1H).bit_count()
    if not candidates:
        return _finish(small, big, count, pair, (), smalls, bigs)
    prefix_small, prefix_big = table.prefixes[1 if pair else 0]
    jiao_options = table.jiao_options
    plan = _LEVELS[candidates]
    last = len(plan) - 1
    levels: list[tuple[tuple[tuple[Meld | None, int, int, int], ...], int, set[int], set[int]]] = []
    best_value = -1
    best: tuple[tuple[Meld, ...], Meld | None, tuple[Meld, ...], tuple[Meld, ...]] | None = None
    # depth-first: (level, small left, big left, small cards left, 絞 so far)
    stack: list[tuple[int, int, int, int, tuple[Meld, ...]]] = [(0, small, big, count, ())]
    pop = stack.pop
    push = stack.append
    while stack:
        i, s, b, c, jiao = pop()
        if i == len(levels):  # first visit of this level (most random pools die early)
            shift, mask, nv = plan[i]
            options = jiao_options[shift // _BITS][small >> shift & _DIGIT][big >> shift & _DIGIT]
            ok_small = prefix_small[nv]
            ok_big = prefix_big[nv]
            levels.append((options, mask, ok_small, ok_big))
        else:
            options, mask, ok_small, ok_big = levels[i]
        if i == last:  # the two cases are final: look them up
            for meld, es, eb, u in options:
                left = (c - u) % 3
                ks = s - es
                kb = b - eb
                if pair:
                    if left == 2:
                        ks |= _HALF_PAIR
                    elif left == 0:
                        kb |= _HALF_PAIR
                    else:
                        continue
                elif left:
                    continue
                found_s = smalls.get(ks)
                if found_s is None:
                    continue
                found_b = bigs.get(kb)
                if found_b is None:
                    continue
                value = found_s[0] + found_b[0]
                if value > best_value:
                    best_value = value
                    best = (jiao, meld, found_s[1], found_b[1])
            continue
        for meld, es, eb, u in options:
            ks = s - es
            if ks & mask in ok_small:
                kb = b - eb
                if kb & mask in ok_big:
                    push((i + 1, ks, kb, c - u, jiao if meld is None else (*jiao, meld)))
    if best is None:
        return None
    jiao, meld, found_small, found_big = best
    if meld is None:
        return (best_value, (*jiao, *found_small, *found_big))
    return (best_value, (*jiao, meld, *found_small, *found_big))


def _finish(
    small: int,
    big: int,
    count: int,
    pair: int,
    jiao: tuple[Meld, ...],
    smalls: dict[int, _Result],
    bigs: dict[int, _Result],
) -> _Result | None:
    """Look the two cases up once the 絞 are chosen; ``count`` small cards are left."""
    left = count % 3
    if pair:
        if left == 2:
            small |= _HALF_PAIR
        elif left == 0:
            big |= _HALF_PAIR
        else:
            return None
    elif left:
        return None
    s = smalls.get(small)
    if s is None:
        return None
    b = bigs.get(big)
    if b is None:
        return None
    return (s[0] + b[0], (*jiao, *s[1], *b[1]))


def _enumerate_half(
    key: int, case: int, table: _Table, start: int = 0
) -> Iterator[tuple[Meld, ...]]:
    """Every partition of one case's pool, each once (shapes in non-decreasing order)."""
    pool = key & _HALF_MASK
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
# entries a run of hands needs are few.
_SETS: dict[int, tuple[tuple[Meld, ...], int]] = {}
_BIG_SETS = 1 << _HALF

_KAN_HUXI = tuple(huxi(m) for m in _KAN)
_TI_HUXI = tuple(huxi(m) for m in _TI)


def _half_sets(half: int) -> tuple[tuple[Meld, ...], int]:
    """The 坎 / 提 melds of one case's bits (see ``_SETS``) and their 胡息; cached."""
    melds = []
    value = 0
    base = 10 if half & _BIG_SETS else 0
    bits = half & _HALF_MASK
    while bits:
        low = bits & -bits
        bits ^= low
        position = low.bit_length() - 1
        k = base + position // _BITS
        if position % _BITS:
            melds.append(_TI[k])
            value += _TI_HUXI[k]
        else:
            melds.append(_KAN[k])
            value += _KAN_HUXI[k]
    found = (tuple(melds), value)
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


# --------------------------------------------------------------------------------------------
# Public values
# --------------------------------------------------------------------------------------------


@frozen(repr=False, init=False)
class Decomposition:
    """A complete hand split into 門子, with its 胡息 (zipai.md §5, §7, §8.1).

    ``melds`` lists the table melds first (as given, a 碰 / 偎 upgraded by the winning card in
    place), then the set the winning card made with a pair or 坎 (偎 / 碰 / 提 / 跑), then the
    concealed 提 and 坎 in card order (small 一..十 before big 壹..拾), then the 絞, then the
    small and last the big 一句話 (the pair among them, by its card). ``huxi`` is the sum of the melds' 胡息 and
    ``threshold_met`` whether it reaches ``rules.min_huxi``; ``rules`` are the rules they were
    counted under (not part of equality).

    >>> d = best_decomposition(parse("壹壹壹壹 一二三 四五六 七八九 貳柒拾 陸陸 x10 x10 d10"))
    >>> d.huxi, d.pair, len(d.melds)
    (21, Meld.parse('將 陸陸'), 7)

    Built by hand, the 胡息 and ``threshold_met`` are counted from the melds and ``rules``
    (zipai.md §8.1, §8.2); values given for them must match (DESIGN: bad input raises a typed
    error, nothing is silently changed):

    >>> Decomposition(d.melds) == d
    True
    >>> Decomposition(d.melds, huxi=999)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: huxi=999 does not match the melds: their 胡息 is 21 under the hunan rules (zipai.md §8.1)
    """

    melds: tuple[Meld, ...]
    huxi: int
    threshold_met: bool
    card: Card | None = field(default=None, kw_only=True)
    """The winning card the decomposition was made with, if any."""
    rules: Rules = field(default=HUNAN, kw_only=True, eq=False, repr=False)
    """The rules the 胡息 and the threshold were counted under."""

    def __init__(
        self,
        melds: Sequence[Meld],
        huxi: int | None = None,
        threshold_met: bool | None = None,
        *,
        card: Card | None = None,
        rules: Rules = HUNAN,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules={rules!r} is not a zipai Rules object")
        if not isinstance(melds, (tuple, list)) or not all(isinstance(m, Meld) for m in melds):
            raise NotationError(f"melds={melds!r} is not a sequence of zipai Melds")
        melds = tuple(melds)
        if card is not None and not isinstance(card, Card):
            raise NotationError(f"card={card!r} is not a zipai Card")
        counts = [0] * KINDS
        for meld in melds:
            for c in meld.cards:
                counts[c.index] += 1
        for k, n in enumerate(counts):
            if n > 4:
                raise NotationError(
                    f"the melds hold {n} copies of {CARDS[k].hanzi} ({CARDS[k].code}); "
                    "the deck has 4"
                )
        if card is not None and not counts[card.index]:
            raise NotationError(f"card={card!r}: the winning card is in none of the melds")
        value = sum(_meld_huxi(m, rules=rules) for m in melds)
        met = value >= rules.min_huxi
        if huxi is not None and (isinstance(huxi, bool) or huxi != value):
            raise RulesError(
                f"huxi={huxi!r} does not match the melds: their 胡息 is {value} under the "
                f"{rules.name} rules (zipai.md §8.1)"
            )
        if threshold_met is not None and (
            not isinstance(threshold_met, bool) or threshold_met != met
        ):
            raise RulesError(
                f"threshold_met={threshold_met!r} does not match the melds: their 胡息 {value} "
                f"{'reaches' if met else 'is below'} min_huxi={rules.min_huxi} of the "
                f"{rules.name} rules, so threshold_met={met} (zipai.md §8.2)"
            )
        _make(self, melds, value, met, card, rules)

    @property
    def pair(self) -> Meld | None:
        """The 將 (pair), or ``None`` for a hand without 跑 / 提."""
        for meld in self.melds:
            if meld.kind is MeldKind.JIANG:
                return meld
        return None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, meld by meld.

        >>> len(best_decomposition(parse("一二三四五六七八九 壹貳叄肆伍陸柒捌玖 拾拾拾"), rules=HUNAN).cards)
        21
        """
        return tuple(card for meld in self.melds for card in meld.cards)

    def __str__(self) -> str:
        return f"{' '.join(str(m) for m in self.melds)} ({self.huxi} 胡息)"

    def __repr__(self) -> str:
        return f"<Decomposition {self}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> best_decomposition(parse("一二三四五六七八九 壹貳叄肆伍陸柒捌玖 拾拾拾")).to_dict()["huxi"]
        15
        """
        return {
            "melds": [str(m) for m in self.melds],
            "huxi": self.huxi,
            "threshold_met": self.threshold_met,
            "card": None if self.card is None else self.card.code,
        }

    def _repr_html_(self) -> str:
        melds = " &nbsp; ".join(m._repr_html_() for m in self.melds)
        flag = "" if self.threshold_met else " (below the threshold)"
        return f"<span>{melds} &nbsp; <b>{self.huxi}</b> 胡息{html.escape(flag)}</span>"


_new = object.__new__
_SET_MELDS = Decomposition.__dict__["melds"].__set__
_SET_HUXI = Decomposition.__dict__["huxi"].__set__
_SET_MET = Decomposition.__dict__["threshold_met"].__set__
_SET_CARD = Decomposition.__dict__["card"].__set__
_SET_RULES = Decomposition.__dict__["rules"].__set__


def _make(
    self: Decomposition,
    melds: tuple[Meld, ...],
    value: int,
    met: bool,
    card: Card | None,
    rules: Rules,
) -> None:
    _SET_MELDS(self, melds)
    _SET_HUXI(self, value)
    _SET_MET(self, met)
    _SET_CARD(self, card)
    _SET_RULES(self, rules)


@frozen(repr=False)
class ChiOption:
    """One complete way to 吃 a card: the 吃 meld and the compulsory 比 melds (zipai.md §5).

    >>> option = chi_options(parse("x1 x3"), Card.parse("x2"))[0]
    >>> option
    ChiOption(吃 一二三)
    >>> option.hand_cards()
    (Card('x1'), Card('x3'))
    """

    chi: Meld
    bi: tuple[Meld, ...] = ()

    card: Card | None = field(default=None, kw_only=True)
    """The card taken by the 吃 (set by :func:`chi_options`; needed by :meth:`hand_cards`)."""

    def hand_cards(self) -> tuple[Card, ...]:
        """The cards this option takes out of the hand: the 吃 meld without the taken card, then
        every 比 meld.

        >>> [format(o.hand_cards()) for o in chi_options(parse("x1 x2 x3 d2 d2"), Card.parse("x2"))]
        ['一三二貳貳', '二貳', '貳貳一二三']
        """
        if self.card is None or self.card not in self.chi.cards:
            raise ChangpaiError(f"{self}: the taken card is not known (build it with chi_options)")
        taken = list(self.chi.cards)
        taken.remove(self.card)
        return (*taken, *(card for meld in self.bi for card in meld.cards))

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The 吃 meld followed by the 比 melds."""
        return (self.chi, *self.bi)

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"ChiOption({self})"


# --------------------------------------------------------------------------------------------
# Input handling
# --------------------------------------------------------------------------------------------


def _counts(concealed: Sequence[Card]) -> list[int]:
    counts = [0] * KINDS
    try:
        for card in concealed:
            counts[card.index] += 1
    except (AttributeError, TypeError, IndexError):
        raise NotationError(f"{concealed!r} is not a sequence of zipai cards") from None
    return counts


def _check_copies(counts: list[int], exposed: Sequence[Meld], card: Card | None) -> None:
    total = list(counts)
    for meld in exposed:
        if not isinstance(meld, Meld):
            raise NotationError(f"{meld!r} is not a zipai Meld")
        if meld.kind is MeldKind.JIANG:
            raise NotationError(f"{meld}: a pair (將) never lies on the table")
        for c in meld.cards:
            total[c.index] += 1
    if card is not None:
        if not isinstance(card, Card):
            raise NotationError(f"{card!r} is not a zipai Card")
        total[card.index] += 1
    for k, n in enumerate(total):
        if n > 4:
            raise NotationError(
                f"the hand holds {n} copies of {CARDS[k].hanzi} ({CARDS[k].code}); the deck has 4"
            )


class _Variant:
    """One reading of the hand before its concealed cards are partitioned."""

    __slots__ = ("fixed", "key", "split")

    def __init__(self, fixed: list[Meld], key: int, split: int | None = None) -> None:
        self.fixed = fixed  # table melds, then the set meld the winning card made
        self.key = key  # packed counts of the concealed cards (with the joined winning card)
        self.split = split  # a kind with three copies that is not a 坎 (pair + joined card)


def _variants(
    concealed: Sequence[Card],
    exposed: Sequence[Meld],
    card: Card | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool,
) -> list[_Variant]:
    """The ways the hand (and the winning card) can be read (contract: `card` semantics)."""
    counts = _counts(concealed)
    _check_copies(counts, exposed, card)
    table_melds = list(exposed)
    key = sum([_POW[c.index] for c in concealed])
    if card is None:
        return [_Variant(table_melds, key)]
    k = card.index
    n = counts[k]
    one = _POW[k]
    others = Origin.DRAW if self_drawn or not from_discard else Origin.DISCARD
    for i, meld in enumerate(table_melds):
        if meld.card != card or len(set(meld.cards)) != 1:
            continue
        if meld.kind is MeldKind.PENG:
            if from_discard:
                break  # a discard never turns a 碰 into a 跑 (§5, §9): the card stays free
            new = Meld(MeldKind.PAO, (card,) * 4, True, Origin.DRAW)
        elif self_drawn:  # own 偎 / 臭偎 + self-drawn card -> 提
            new = Meld(MeldKind.TI, (card,) * 4, False, Origin.DRAW)
        else:  # own 偎 + a card discarded or drawn by another -> 跑
            new = Meld(MeldKind.PAO, (card,) * 4, True, others)
        return [_Variant([*table_melds[:i], new, *table_melds[i + 1 :]], key)]
    if n == 3:  # 坎 + card -> 提 (self-drawn) or 跑
        if self_drawn:
            new = Meld(MeldKind.TI, (card,) * 4, False, Origin.DRAW)
        else:
            new = Meld(MeldKind.PAO, (card,) * 4, True, others)
        return [_Variant([*table_melds, new], key - 3 * one)]
    if n == 2:
        if self_drawn:  # pair + own draw -> forced 偎
            kind = MeldKind.CHOUWEI if chouwei else MeldKind.WEI
            new = Meld(kind, (card,) * 3, False, Origin.DRAW)
            return [_Variant([*table_melds, new], key - 2 * one)]
        peng = Meld(MeldKind.PENG, (card,) * 3, True, others)  # 碰 is optional
        return [_Variant([*table_melds, peng], key - 2 * one), _Variant(table_melds, key + one, k)]
    return [_Variant(table_melds, key + one)]


def _variant_key(variant: _Variant, rules: Rules) -> int | None:
    """The packed key with the pair flag, or None when the meld count cannot work out (§7)."""
    key = variant.key
    cards = (key & _B0).bit_count() + 2 * (key & _B1).bit_count() + 4 * (key & _B2).bit_count()
    quads = (key & _B2).bit_count()
    pair = quads > 0 or any(m.kind in _QUADS for m in variant.fixed)
    rest = cards - 4 * quads - (2 if pair else 0)
    if rest < 0 or rest % 3:
        return None
    if len(variant.fixed) + rest // 3 + quads + pair != rules.melds_to_win:
        return None
    return key | (_PAIR_FLAG if pair else 0)


def _partitions(variant: _Variant, key: int, table: _Table) -> Iterator[tuple[Meld, ...]]:
    pool, sets, _value = _strip(key, variant.split)
    if variant.split is None:
        for melds in _enumerate(pool, table):
            yield (*sets, *melds)
        return
    for rest_key, split, _split_value in _split(pool, variant.split, table):
        for rest in _enumerate(rest_key, table):
            yield (*sets, *split, *rest)


def _best_partition(variant: _Variant, key: int, table: _Table) -> _Result | None:
    pool, sets, value = _strip(key, variant.split)
    if variant.split is None:
        found = _solve(pool, table)
        return None if found is None else (found[0] + value, (*sets, *found[1]))
    best: _Result | None = None
    for rest_key, split, split_value in _split(pool, variant.split, table):
        rest = _solve(rest_key, table)
        if rest is not None and (best is None or rest[0] + split_value > best[0]):
            best = (rest[0] + split_value, (*split, *rest[1]))
    return None if best is None else (best[0] + value, (*sets, *best[1]))


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------


def decompositions(
    concealed: Sequence[Card],
    exposed: Sequence[Meld] = (),
    rules: Rules = HUNAN,
    *,
    card: Card | None = None,
    self_drawn: bool = True,
    from_discard: bool = False,
    chouwei: bool = False,
) -> Iterator[Decomposition]:
    """Every way to split the whole hand into ``rules.melds_to_win`` 門子 (zipai.md §5, §7).

    ``exposed`` are the melds on the table (碰, 偎, 跑, 提, 吃/比 sentences). ``card`` is a card the
    player would win on that is not in ``concealed``: it joins a 一句話 / 絞 or the pair; with a
    pair ``X X`` in hand it makes a 偎 if ``self_drawn`` (a 臭偎 with ``chouwei=True``), else a
    碰 (or, the 碰 being optional, it joins a sentence); with a 坎 it makes a 提 if
    ``self_drawn`` else a 跑; with a table 碰 it makes a 跑 unless ``from_discard``; with a table
    偎 a 提 if ``self_drawn`` else a 跑. Each decomposition is yielded once.

    >>> for d in decompositions(parse("一二三 一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖")):
    ...     print(d)
    句 一二三 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (12 胡息)
    絞 一一壹 絞 二二貳 絞 三三叄 句 四五六 句 七八九 句 肆伍陸 句 柒捌玖 (0 胡息)
    >>> len(list(decompositions(parse("一一一 二二二 三三三 四五六 七八九 壹貳叄 肆伍陸"))))
    1
    """
    if card is None:
        self_drawn = True
    table = _table(rules)
    for variant in _variants(concealed, exposed, card, self_drawn, from_discard, chouwei):
        key = _variant_key(variant, rules)
        if key is None:
            continue
        fixed = tuple(variant.fixed)
        fixed_huxi = sum(huxi(m, rules=rules) for m in fixed)
        for melds in _partitions(variant, key, table):
            total = fixed_huxi + sum(huxi(m, rules=rules) for m in melds)
            yield _decomposition((*fixed, *melds), total, total >= rules.min_huxi, rules, card)


def _best_general(
    concealed: Sequence[Card],
    exposed: Sequence[Meld],
    rules: Rules,
    card: Card | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool,
) -> Decomposition | None:
    """:func:`best_decomposition` of a hand with table melds or a winning card."""
    if card is None:
        self_drawn = True
    table = _table(rules)
    best: tuple[int, list[Meld], tuple[Meld, ...]] | None = None
    for variant in _variants(concealed, exposed, card, self_drawn, from_discard, chouwei):
        key = _variant_key(variant, rules)
        if key is None:
            continue
        found = _best_partition(variant, key, table)
        if found is None:
            continue
        value = found[0] + sum(huxi(m, rules=rules) for m in variant.fixed)
        if best is None or value > best[0]:
            best = (value, variant.fixed, found[1])
    if best is None:
        return None
    value, fixed, melds = best
    return _decomposition((*fixed, *melds), value, value >= rules.min_huxi, rules, card)


# Cache of best decompositions of concealed-only hands: id(rules) -> (rules, {packed: result}).
_PLAIN: dict[int, tuple[Rules, dict[int, Decomposition | None]]] = {}
_PLAIN_LIMIT = 1 << 20


# the rules of the last concealed-only call and their cache (a fast path for the same rules)
_LAST: list[Any] = [None, None]


def _clear_cache() -> None:
    """Empty the lazily filled caches: whole hands, and the 坎 / 提 meld tuples (benchmarks
    measure cold figures with it; the per-case shape tables are built at import)."""
    for _rules, cache in _PLAIN.values():
        cache.clear()
    _PLAIN.clear()
    _LAST[:] = [None, None]
    _SETS.clear()


def _decomposition(
    melds: tuple[Meld, ...], value: int, met: bool, rules: Rules, card: Card | None = None
) -> Decomposition:
    """A :class:`Decomposition` of melds the analysis built itself, with their 胡息 ``value``
    and ``met`` already counted under ``rules``: built through the slots without the checks of
    the public constructor (the hot path; the same object the constructor makes).

    >>> d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    >>> _decomposition(d.melds, d.huxi, d.threshold_met, HUNAN) == d == Decomposition(d.melds)
    True
    """
    result: Decomposition = _new(Decomposition)
    _SET_MELDS(result, melds)
    _SET_HUXI(result, value)
    _SET_MET(result, met)
    _SET_CARD(result, card)
    _SET_RULES(result, rules)
    return result


def best_decomposition(
    concealed: Sequence[Card],
    exposed: Sequence[Meld] = (),
    rules: Rules = HUNAN,
    *,
    card: Card | None = None,
    self_drawn: bool = True,
    from_discard: bool = False,
    chouwei: bool = False,
) -> Decomposition | None:
    """The decomposition of the whole hand with the most 胡息, or ``None`` (zipai.md §5, §7).

    Keywords as in :func:`decompositions`; among equal 胡息 the first found is returned, and it
    is one of the decompositions :func:`decompositions` yields.

    >>> best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    <Decomposition 坎 拾拾拾 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (15 胡息)>
    >>> best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾九")) is None
    True
    """
    if exposed or card is not None:
        return _best_general(concealed, exposed, rules, card, self_drawn, from_discard, chouwei)
    # The hot path (a concealed-only hand): the hand is packed into one int (3 bits per kind);
    # 提 / 坎 come out by bit arithmetic, a necessary test on partner kinds rejects most
    # incomplete hands, and what passes is solved by _solve and cached on the packed key.
    # A list comprehension reading ``card.index`` (a slot) and indexing a tuple is specialized
    # by CPython 3.11+ and is twice as fast as map(attrgetter("index")) / map(tuple.__getitem__).
    try:
        key = sum([_POW[c.index] for c in concealed])
        n = len(concealed)
    except (AttributeError, TypeError, IndexError):
        raise NotationError(f"{concealed!r} is not a sequence of zipai cards") from None
    quad = key >> 2 & _B0
    quads = quad.bit_count()
    # 5+ copies of a kind show as bit 2 with bit 0 or 1; 8+ copies carry (the digit sum drops)
    if (
        key & _B2 & (key << 1 | key << 2)
        or (key & _B0).bit_count() + 2 * (key & _B1).bit_count() + 4 * quads != n
    ):
        _check_copies(_counts(concealed), (), None)
    rest = n - 4 * quads - (2 if quads else 0)
    if rest < 0 or rest % 3 or rest // 3 + quads + (quads > 0) != rules.melds_to_win:
        return None
    kan = key & key >> 1 & _B0
    pool = key - 3 * kan - 4 * quad
    # every pool card needs partner kinds for some shape (run, 絞, 二七十 / 一五十, pair)
    free = (pool | pool >> 1) & _B0
    up = free >> 3
    down = free << 3
    cover = (
        (up & free >> 6 & _RUN_UP)
        | (down & up & _RUN_MID)
        | (down & free << 6 & _RUN_DOWN)
        | ((free >> 30 | free << 30) & _B0)
    )
    table = _TABLES[rules.allow_1_5_10]
    if free & ~cover:
        for mask in table.specials:
            if free & mask == mask:
                cover |= mask
        if quads:
            cover |= pool >> 1 & free
        if free & ~cover:
            return None
    if rules is _LAST[0]:
        cache = _LAST[1]
    else:
        entry = _PLAIN.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = (rules, {})
            _PLAIN[id(rules)] = entry
        cache = entry[1]
        _LAST[:] = entry
    found = cache.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[no-any-return]
    result: Decomposition | None = None
    best = _solve(pool | _PAIR_FLAG if quads else pool, table)
    if best is not None:
        both = kan | quad << 1
        small = _SETS.get(both & _HALF_MASK)
        if small is None:
            small = _half_sets(both & _HALF_MASK)
        big = _SETS.get(both >> _HALF | _BIG_SETS)
        if big is None:
            big = _half_sets(both >> _HALF | _BIG_SETS)
        value = best[0] + small[1] + big[1]
        melds = (*small[0], *big[0], *best[1])
        # _decomposition(melds, value, met, rules) inlined: the slots set directly
        result = _new(Decomposition)
        _SET_MELDS(result, melds)
        _SET_HUXI(result, value)
        _SET_MET(result, value >= rules.min_huxi)
        _SET_CARD(result, None)
        _SET_RULES(result, rules)
    if len(cache) >= _PLAIN_LIMIT:
        cache.clear()
    cache[key] = result
    return result


def waits(
    concealed: Sequence[Card],
    exposed: Sequence[Meld] = (),
    rules: Rules = HUNAN,
    *,
    winning_only: bool = False,
) -> dict[Card, Decomposition]:
    """聽牌: every card that completes the hand, with its best decomposition (zipai.md §7).

    Each candidate is tried as a self-drawn winning card (``card=..., self_drawn=True`` of
    :func:`best_decomposition`); a card whose four copies are already in the hand is skipped.
    With ``winning_only`` only cards whose best decomposition reaches ``rules.min_huxi`` are kept.

    >>> w = waits(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"))
    >>> {card.code: d.huxi for card, d in w.items()}
    {'x10': 9, 'd2': 15, 'd10': 15}
    >>> print(w[Card.parse("d10")])
    偎 拾拾拾 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (15 胡息)
    >>> list(waits(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"), winning_only=True))
    [Card('d2'), Card('d10')]
    """
    counts = _counts(concealed)
    _check_copies(counts, exposed, None)
    for meld in exposed:
        for c in meld.cards:
            counts[c.index] += 1
    result: dict[Card, Decomposition] = {}
    for candidate in CARDS:
        if counts[candidate.index] >= 4:
            continue
        found = best_decomposition(concealed, exposed, rules, card=candidate, self_drawn=True)
        if found is not None and (found.threshold_met or not winning_only):
            result[candidate] = found
    return result


def is_tianhu(concealed: Sequence[Card]) -> bool:
    """天胡 (a) right after the deal: 3 提, or 提 + 坎 >= 5 (a 提 counts as a 坎) (zipai.md §7).

    >>> is_tianhu(parse("一一一一 二二二二 三三三三")), is_tianhu(parse("一一一一 二二二 三三三 四四四 五五五"))
    (True, True)
    >>> is_tianhu(parse("一一一 二二二 三三三 四四四 五五"))
    False
    """
    counts = _counts(concealed)
    _check_copies(counts, (), None)
    ti = sum(1 for n in counts if n == 4)
    kan = sum(1 for n in counts if n == 3)
    return ti >= 3 or ti + kan >= 5


# --------------------------------------------------------------------------------------------
# 吃 and 比
# --------------------------------------------------------------------------------------------

_CHI_SHAPES = (_sentence_shapes(False), _sentence_shapes(True))


def chi_options(concealed: Sequence[Card], card: Card, rules: Rules = HUNAN) -> list[ChiOption]:
    """Every legal way to 吃 ``card`` with the compulsory 比 melds (zipai.md §5 吃 and 比).

    The 吃 makes a 一句話 / 絞 of ``card`` and two hand cards; every copy of ``card`` still in hand
    must then be laid in a further 一句話 / 絞 of hand cards (比), else the 吃 is not allowed.
    Cards of a 坎 (or 提) in hand are never used, so a 坎 of ``card`` itself forbids the 吃 (it
    makes a 跑 or 提 instead). Each option lists its 比 melds in one canonical
    order (the seeds allow either order of laying them).

    >>> for option in chi_options(parse("x1 x2 x2 x3 x3 x4 d2 d2"), Card.parse("x2")):
    ...     print(option)
    吃 一二三 比 二二貳
    吃 一二三 比 二三四 比 二貳貳
    吃 二二貳 比 一二三
    吃 二二貳 比 二三四
    吃 二三四 比 一二三 比 二貳貳
    吃 二三四 比 二二貳
    吃 二貳貳 比 一二三 比 二三四
    >>> chi_options(parse("x1 x2 x3 x3"), Card.parse("x2"))   # the x2 left cannot be laid
    []
    """
    if not isinstance(card, Card):
        raise NotationError(f"{card!r} is not a zipai Card")
    counts = _counts(concealed)
    _check_copies(counts, (), card)
    free = [n if n < 3 else 0 for n in counts]  # 坎 / 提 cards are never split (§5)
    x = card.index
    if counts[x] >= 3:
        return []  # the copies in a 坎 could never be laid as 比
    shapes = [s for s in _CHI_SHAPES[1 if rules.allow_1_5_10 else 0] if x in s]
    options: list[ChiOption] = []
    for shape in shapes:
        rest = list(shape)
        rest.remove(x)
        if not _take(free, rest):
            continue
        chi = _sentence_meld(shape, Origin.CHI)
        for bis in _bi_sets(free, x, shapes, 0):
            bi = tuple(_sentence_meld(shapes[i], Origin.BI) for i in bis)
            options.append(ChiOption(chi, bi, card=card))
        _give(free, rest)
    return options


def _take(counts: list[int], kinds: Sequence[int]) -> bool:
    for i, k in enumerate(kinds):
        if counts[k] == 0:
            _give(counts, kinds[:i])
            return False
        counts[k] -= 1
    return True


def _give(counts: list[int], kinds: Sequence[int]) -> None:
    for k in kinds:
        counts[k] += 1


def _bi_sets(
    free: list[int], x: int, shapes: list[tuple[int, ...]], start: int
) -> Iterator[tuple[int, ...]]:
    """Multisets (non-decreasing shape indices) of 比 shapes that lay every remaining copy of x."""
    if free[x] == 0:
        yield ()
        return
    for i in range(start, len(shapes)):
        if _take(free, shapes[i]):
            for rest in _bi_sets(free, x, shapes, i):
                yield (i, *rest)
            _give(free, shapes[i])


_SENTENCE_MELDS: dict[tuple[tuple[int, ...], Origin], Meld] = {}


def _sentence_meld(shape: tuple[int, ...], origin: Origin) -> Meld:
    meld = _SENTENCE_MELDS.get((shape, origin))
    if meld is None:
        plain = _make_meld(shape)
        meld = Meld(plain.kind, plain.cards, True, origin)
        _SENTENCE_MELDS[(shape, origin)] = meld
    return meld
