"""The search behind the 川牌 hand analysis: the units a concealed hand may be formed into, the
胡 of each (chuanpai.md §2.3, §2.6), and the 胡 of the best way to form a whole hand, found by
its structure instead of trying every unit.

A 擠兒 depends only on the points of its two dot cards, and the graph "these points make a 擠兒"
falls apart into small components (under 10/20: 8 with 2 and 12, 3 with 7, 4 with 6, 9 with 11,
5 and 10 each with itself; under 14: p with 14 - p). The sets a hand may hold (暗 / 亮 / 土夥 of
one kind, 燕 of the three sevens, the 經 sets of 丁丁 and 經牌) never leave one component, and a
經牌 pairs with any dot card. So a hand is formed component by component: choose the sets, then
the dot cards left must pair up within the component, but for those paired with a 經牌; the
most 胡 with ``k`` pairs takes the ``k`` best pair slots. :func:`_value` gives the best total
(``None`` when the hand cannot be formed) and :func:`changpai.chuanpai.hand.best_decomposition`
rebuilds the units with it. A hand without 經牌 under the 胡 values of a built-in rules object
(or of a rules object whose tables were built on demand) is not searched: it is read from the
answer tables of :mod:`changpai.chuanpai.tables`, built from this module's unit table.

>>> from changpai.chuanpai import YAODIREN, parse
>>> from changpai.chuanpai.cards import _count_copies
>>> def counts(text): return _count_copies(parse(text)).counts
>>> _value(counts("66 44 55 55 55"), YAODIREN), _value(counts("66 44 55"), YAODIREN)
(4, None)
>>> _value(counts("66 44 55 55 55 JC"), YAODIREN)  # 擠兒 66 44, 擠兒 55 55, 經 pair 55 JC
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import _lru_cache_wrapper
from itertools import product
from operator import itemgetter
from typing import Generic, TypeVar

from changpai.chuanpai.cards import CARDS, KINDS
from changpai.chuanpai.melds import DING_INDEX, SEVEN_INDICES, Meld, MeldKind, hu
from changpai.chuanpai.rules import GEHU, YAODIREN, Rules
from changpai.core import caches
from changpai.core.multiset import take as _take

__all__: list[str] = []

_Unit = tuple[MeldKind, tuple[int, ...]]
_JING = (21, 22)
_DOTS = 21
_SEVENS = tuple(sorted(SEVEN_INDICES))
_D = DING_INDEX
_K = TypeVar("_K", bound=Hashable)
_T = TypeVar("_T")


class _Table(Generic[_K, _T]):
    """A table built from its key (a rules object, a unit): built at import for the keys of
    the built-in rules (:data:`YAODIREN`, :data:`GEHU`), like the tables of the other families,
    and for any other key on first use, in a bounded cache of the family (emptied by
    ``clear_caches``)."""

    def __init__(self, build: Callable[[_K], _T], maxsize: int) -> None:
        self._built: dict[_K, _T] = {}
        self._build = build
        self._cached: _lru_cache_wrapper[_T] = caches.lru("chuanpai", maxsize)(build)
        self.__doc__ = build.__doc__

    def __call__(self, key: _K) -> _T:
        found = self._built.get(key)
        return self._cached(key) if found is None else found

    def build(self, key: _K) -> None:
        """Build the table of ``key`` now, for good."""
        self._built[key] = self._build(key)


def _table(maxsize: int) -> Callable[[Callable[[_K], _T]], _Table[_K, _T]]:
    """Make a function of one key a :class:`_Table`."""

    def wrap(build: Callable[[_K], _T]) -> _Table[_K, _T]:
        return _Table(build, maxsize)

    return wrap


@_table(maxsize=8)
def _units(pair_sums: tuple[int, ...]) -> tuple[tuple[tuple[int, _Unit], ...], ...]:
    """Every hand unit, grouped by its lowest card index, each with a global rank."""
    units: list[_Unit] = []
    for i in range(_DOTS):
        p = CARDS[i].points
        for j in range(i, _DOTS):
            if p + CARDS[j].points in pair_sums:
                units.append((MeldKind.JIER, (i, j)))
        for j in _JING:
            units.append((MeldKind.JING_PAIR, (i, j)))
        units.append((MeldKind.AN, (i, i, i)))
        units.append((MeldKind.LIANG, (i, i, i, i)))
        units.append((MeldKind.TUHUO, (i, i, i, i, i)))
    units.append((MeldKind.YAN, _SEVENS))
    units.extend(_DING_SETS)
    units.sort(key=lambda u: (u[1], u[0].value))
    grouped: list[list[tuple[int, _Unit]]] = [[] for _ in range(KINDS)]
    for rank, unit in enumerate(units):
        grouped[unit[1][0]].append((rank, unit))
    return tuple(tuple(g) for g in grouped)


# The 經 sets of 丁丁 and 經牌 (chuanpai.md §2.3).
_DING_SETS: tuple[_Unit, ...] = (
    (MeldKind.AN, (_D, _D, 21)),
    (MeldKind.AN, (_D, _D, 22)),
    (MeldKind.LIANG, (_D, _D, 21, 22)),
    (MeldKind.LIANG, (_D, _D, _D, 21)),
    (MeldKind.LIANG, (_D, _D, _D, 22)),
)


@_table(maxsize=1024)
def _unit_meld(unit: _Unit) -> Meld:
    """The unit as a :class:`Meld` (immutable, so one object serves every decomposition)."""
    return Meld(unit[0], tuple(CARDS[i] for i in unit[1]))


@caches.lru("chuanpai", maxsize=4096)
def _unit_hu(unit: _Unit, rules: Rules) -> int:
    return hu(_unit_meld(unit), rules)


class _Part:
    """One component of the pair graph: its dot kinds, its points as ``(centre, leaves)``
    stars (``leaves`` empty for a point that pairs with itself) with the 胡 of each pair, and
    the sets its kinds may form."""

    __slots__ = ("ding", "held", "kinds", "stars", "yan")

    def __init__(
        self,
        kinds: tuple[int, ...],
        stars: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...],
        yan: int | None,
        ding: tuple[tuple[int, tuple[int, ...], int], ...],
    ) -> None:
        #: the dot kinds of the component (their points are in ``stars``)
        self.kinds = kinds
        #: the counts of those kinds in a hand's counts, as a tuple
        self.held: Callable[[Sequence[int]], tuple[int, ...]] = (
            itemgetter(*kinds) if len(kinds) > 1 else lambda counts: (counts[kinds[0]],)
        )
        #: (centre, ((leaf, 胡 of a centre-leaf pair), ...) best first, 胡 of a centre pair)
        self.stars = stars
        #: the 胡 of a 燕 when the three sevens are here, else None
        self.yan = yan
        #: the 經 sets here: (丁丁 used, 經牌 kinds used, 胡)
        self.ding = ding


class _Plan:
    """The components and unit values of one rules object."""

    __slots__ = ("jing_pair", "part_of", "parts", "points", "sets")

    def __init__(
        self,
        parts: tuple[_Part, ...],
        sets: tuple[int, int, int],
        jing_pair: int,
        points: tuple[int, ...],
    ) -> None:
        self.parts = parts
        #: 胡 of a 暗, a 亮 and a 土夥 of one dot kind (3, 4, 5 cards)
        self.sets = sets
        #: 胡 of a 經 pair
        self.jing_pair = jing_pair
        #: the points of every dot kind
        self.points = points
        #: the component of every dot kind
        self.part_of = {i: k for k, part in enumerate(parts) for i in part.kinds}


def _pair_components(
    pair_sums: tuple[int, ...],
) -> tuple[tuple[frozenset[int], int, tuple[int, ...]], ...]:
    """The components of the pair graph "these points make a 擠兒" on the dot points, by their
    lowest point, as ``(points, centre, leaves)``: under both pair rules each is a star (one
    centre pairs with every leaf, which pair with nothing else) or a single point (its own
    centre, no leaves, whether it pairs with itself or with nothing).

    >>> [(sorted(c), centre, leaves) for c, centre, leaves in _pair_components((10, 20))][:2]
    [([2, 8, 12], 8, (2, 12)), ([3, 7], 3, (7,))]
    """
    points = sorted({CARDS[i].points for i in range(_DOTS)})
    partners = {p: {q for q in points if p + q in pair_sums} for p in points}
    seen: set[int] = set()
    found: list[tuple[frozenset[int], int, tuple[int, ...]]] = []
    for p in points:
        if p in seen:
            continue
        component = {p}
        todo = [p]
        while todo:
            for q in partners[todo.pop()]:
                if q not in component:
                    component.add(q)
                    todo.append(q)
        seen |= component
        if len(component) == 1:
            found.append((frozenset(component), p, ()))
            continue
        centre = next(c for c in sorted(component) if partners[c] == component - {c})
        leaves = tuple(sorted(component - {centre}))
        if any(partners[q] != {centre} for q in leaves):
            raise AssertionError(f"the pair graph of {pair_sums} is not made of stars")
        found.append((frozenset(component), centre, leaves))
    return tuple(found)


@_table(maxsize=8)
def _plan(rules: Rules) -> _Plan:
    """The components of the pair graph of ``rules`` with the 胡 of every unit, read from the
    unit table (:func:`_units`) so that both searches value units alike."""
    sums = rules.pair_sums
    points = tuple(CARDS[i].points for i in range(_DOTS))
    pair_hu: dict[tuple[int, int], int] = {}
    for group in _units(sums):
        for _rank, unit in group:
            if unit[0] is MeldKind.JIER:
                a, b = sorted(points[i] for i in unit[1])
                pair_hu[a, b] = _unit_hu(unit, rules)
    parts: list[_Part] = []
    for component, centre, leaves in _pair_components(sums):
        stars: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
        if not leaves:
            if 2 * centre in sums:
                stars.append((centre, (), pair_hu[centre, centre]))
        else:
            ranked = sorted(
                ((q, pair_hu[min(centre, q), max(centre, q)]) for q in leaves),
                key=lambda leaf: -leaf[1],
            )
            stars.append((centre, tuple(ranked), 0))
        kinds = tuple(i for i in range(_DOTS) if points[i] in component)
        yan = None
        if set(_SEVENS) <= set(kinds):
            yan = _unit_hu((MeldKind.YAN, _SEVENS), rules)
        ding: tuple[tuple[int, tuple[int, ...], int], ...] = ()
        if _D in kinds:
            ding = tuple(
                (unit[1].count(_D), tuple(i for i in unit[1] if i in _JING), _unit_hu(unit, rules))
                for unit in _DING_SETS
            )
        parts.append(_Part(kinds, tuple(stars), yan, ding))
    sets = tuple(_unit_hu((kind, (0,) * n), rules) for kind, n in _SET_KINDS)
    jing_pair = _unit_hu((MeldKind.JING_PAIR, (0, 21)), rules)
    return _Plan(tuple(parts), (sets[0], sets[1], sets[2]), jing_pair, points)


_SET_KINDS = ((MeldKind.AN, 3), (MeldKind.LIANG, 4), (MeldKind.TUHUO, 5))


def _set_choices(count: int) -> tuple[tuple[int, ...], ...]:
    """The sizes of the sets (3, 4, 5 of a kind) that ``count`` copies may form, none first."""
    out: list[tuple[int, ...]] = [()]
    for size in (3, 4, 5):
        if size <= count:
            out.extend(
                (size, *rest) for rest in _set_choices(count - size) if not rest or rest[0] >= size
            )
    return tuple(out)


_CHOICES = tuple(_set_choices(c) for c in range(11))


def _pairs(
    by: dict[int, int], stars: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]
) -> list[int]:
    """The 胡 of every pair slot of a largest set of pairs of the dot cards counted ``by``
    point, best first: taking the ``k`` first gives the most 胡 with ``k`` pairs."""
    slots: list[int] = []
    for centre, leaves, self_hu in stars:
        n = by.get(centre, 0)
        if leaves:
            for q, value in leaves:
                take = min(n, by.get(q, 0))
                slots.extend([value] * take)
                n -= take
        else:
            slots.extend([self_hu] * (n >> 1))
    slots.sort(reverse=True)
    return slots


@caches.lru("chuanpai", maxsize=1 << 16)
def _part_values(
    rules: Rules, k: int, held: tuple[int, ...], jing: tuple[int, int]
) -> tuple[tuple[int, int], ...]:
    """The most 胡 of the cards of component ``k`` (``held`` counts its kinds), by the number of
    經牌 it uses (in 經 pairs and 經 sets) as ``(used, 胡)``; empty when its cards cannot be
    formed with the 經牌 ``jing`` held."""
    plan = _plan(rules)
    part = plan.parts[k]
    kinds = part.kinds
    set_hu = plan.sets
    points = [plan.points[i] for i in kinds]
    sevens = [kinds.index(i) for i in _SEVENS] if part.yan is not None else []
    ding = kinds.index(_D) if part.ding else -1
    total_jing = jing[0] + jing[1]
    best: dict[int, int] = {}
    for chosen in product(*(_CHOICES[c] if c >= 3 else ((),) for c in held)):
        left = [c - sum(sizes) for c, sizes in zip(held, chosen, strict=True)]
        base = sum(set_hu[size - 3] for sizes in chosen for size in sizes)
        for y in range(min(left[x] for x in sevens) + 1 if sevens else 1):
            after = list(left)
            for x in sevens:
                after[x] -= y
            with_yan = base + (part.yan or 0) * y
            for dings, used, with_ding in _ding_choices(
                part, after[ding] if ding >= 0 else 0, jing
            ):
                by: dict[int, int] = {}
                for x, c in enumerate(after):
                    if x == ding:
                        c -= dings
                    if c:
                        by[points[x]] = by.get(points[x], 0) + c
                dots = sum(by.values())
                slots = _pairs(by, part.stars)
                for paired in range(min(dots, total_jing - used) + 1):
                    pairs, odd = divmod(dots - paired, 2)
                    if odd or pairs > len(slots):
                        continue
                    value = with_yan + with_ding + sum(slots[:pairs]) + paired * plan.jing_pair
                    if best.get(used + paired, -1) < value:
                        best[used + paired] = value
    return tuple(sorted(best.items()))


class _Plain:
    """A component of the pair graph as a hand without 經牌 forms it: the positions (in
    :attr:`_Part.kinds`) of its centre point and, for a star, of each leaf point with the 胡 of
    a centre-leaf pair; for one point pairing with itself, the 胡 of that pair (``leaves`` empty);
    for a point that pairs with nothing, ``mate`` is ``None``. ``sevens`` are the positions of
    the three sevens when a 燕 can be formed here. ``tables`` holds, for the centre point and
    every leaf point, :func:`_point_ways` of every count of its kinds up to the most copies of
    a deck (see :func:`_fill`)."""

    __slots__ = ("centre", "leaves", "mate", "sevens", "tables", "yan")

    def __init__(
        self,
        centre: tuple[int, ...],
        leaves: tuple[tuple[tuple[int, ...], int], ...],
        mate: int | None,
        sevens: tuple[int, ...],
        yan: int,
    ) -> None:
        self.centre = centre
        self.leaves = leaves
        #: the 胡 of a pair of the centre point with itself (0 for a star, None: no pair)
        self.mate = mate
        self.sevens = sevens
        self.yan = yan
        #: (the counts of the point's kinds in ``held`` as a key, {key: {left: 胡}}) of the
        #: centre point, then of every leaf point
        self.tables: tuple[_PointTable, ...] = ()


@_table(maxsize=8)
def _plain_plan(
    rules: Rules,
) -> tuple[tuple[_Plain, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """The components of ``rules`` read as :class:`_Plain`, and for every count of one kind the
    ways to take sets from it as ``(cards left, most 胡)``."""
    plan = _plan(rules)
    plains = []
    for part in plan.parts:
        at: dict[int, tuple[int, ...]] = {}
        for x, i in enumerate(part.kinds):
            at[plan.points[i]] = (*at.get(plan.points[i], ()), x)
        centre = tuple(range(len(part.kinds)))
        leaves: tuple[tuple[tuple[int, ...], int], ...] = ()
        mate: int | None = None
        for point, ranked, self_hu in part.stars:
            centre = at[point]
            leaves = tuple((at[q], value) for q, value in ranked)
            mate = 0 if ranked else self_hu
        sevens = tuple(part.kinds.index(i) for i in _SEVENS) if part.yan is not None else ()
        plains.append(_Plain(centre, leaves, mate, sevens, part.yan or 0))
    ways = []
    for choices in _CHOICES:
        most: dict[int, int] = {}
        for sizes in choices:
            count = sum(sizes)
            worth = sum(plan.sets[size - 3] for size in sizes)
            most[count] = max(most.get(count, -1), worth)
        ways.append(tuple(sorted(most.items())))
    for plain, part in zip(plains, plan.parts, strict=True):
        _fill(plain, len(part.kinds), tuple(ways))
    return tuple(plains), tuple(ways)


# The most copies of one dot card in a deck (deck105): the counts the point tables cover.
_COPIES = 5

_PointTable = tuple[Callable[[Sequence[int]], object], dict[object, dict[int, int]]]


def _fill(plain: _Plain, size: int, ways: tuple[tuple[tuple[int, int], ...], ...]) -> None:
    """Fill ``plain.tables``: :func:`_point_ways` of the centre point and of every leaf point
    for every count of their kinds up to :data:`_COPIES`, keyed by ``itemgetter`` of the
    positions (a count alone for one kind)."""
    tables = []
    for positions in (plain.centre, *(leaf[0] for leaf in plain.leaves)):
        get = itemgetter(*positions) if positions else (lambda held: ())
        table: dict[object, dict[int, int]] = {}
        for counts in product(range(_COPIES + 1), repeat=len(positions)):
            held = [0] * size
            for x, count in zip(positions, counts, strict=True):
                held[x] = count
            table[get(held)] = _point_ways(held, positions, plain, ways)
        tables.append((get, table))
    plain.tables = tuple(tables)


def _grouped(
    held: Sequence[int],
    positions: tuple[int, ...],
    ways: tuple[tuple[tuple[int, int], ...], ...],
) -> dict[int, int]:
    """The most 胡 of the sets taken from the kinds at ``positions``, by the cards they leave."""
    left = 0
    found: dict[int, int] | None = None
    for x in positions:
        count = held[x]
        if count < 3:
            left += count
            continue
        options = [(count - taken, worth) for taken, worth in ways[count]]
        if found is None:
            found = dict(options)
        else:
            grown: dict[int, int] = {}
            for a, va in found.items():
                for b, vb in options:
                    if grown.get(a + b, -1) < va + vb:
                        grown[a + b] = va + vb
            found = grown
    if found is None:
        return {left: 0}
    return {n + left: worth for n, worth in found.items()}


def _point_ways(
    held: Sequence[int],
    positions: tuple[int, ...],
    plain: _Plain,
    ways: tuple[tuple[tuple[int, int], ...], ...],
) -> dict[int, int]:
    """:func:`_grouped`, with the 燕 that may be formed when ``positions`` are the sevens."""
    found = _grouped(held, positions, ways)
    if positions != plain.sevens:
        return found
    sevens = list(held)
    for y in range(1, min(held[x] for x in positions) + 1):
        for x in positions:
            sevens[x] -= 1
        for n, worth in _grouped(sevens, positions, ways).items():
            if found.get(n, -1) < worth + y * plain.yan:
                found[n] = worth + y * plain.yan
    return found


@caches.lru("chuanpai", maxsize=1 << 16)
def _plain_value(rules: Rules, k: int, held: tuple[int, ...]) -> int | None:
    """The most 胡 of the cards of component ``k`` (``held`` counts its kinds) without 經牌:
    :func:`_part_values` with no 經牌, by point instead of by every choice of sets. Every card
    left by the sets pairs: a self-pairing point with itself, or every leaf card of a star
    with a centre card (so the centre cards left equal the leaf cards left)."""
    plains, ways = _plain_plan(rules)
    plain = plains[k]
    if max(held) < 3 and not (plain.sevens and all(held[x] for x in plain.sevens)):
        return _paired(held, plain)
    tables = plain.tables
    get, table = tables[0]
    centre = table.get(get(held))
    if centre is None:
        centre = _point_ways(held, plain.centre, plain, ways)
    mate = plain.mate
    if mate is None:
        return centre.get(0)
    best = -1
    if not plain.leaves:
        for n, worth in centre.items():
            if not n & 1 and best < worth + (n >> 1) * mate:
                best = worth + (n >> 1) * mate
        return best if best >= 0 else None
    reach = {0: 0}
    for (positions, pair_hu), (get, table) in zip(plain.leaves, tables[1:], strict=True):
        grown: dict[int, int] = {}
        found = table.get(get(held))
        if found is None:
            found = _point_ways(held, positions, plain, ways)
        for n, worth in found.items():
            value = worth + n * pair_hu
            for a, va in reach.items():
                if grown.get(a + n, -1) < va + value:
                    grown[a + n] = va + value
        reach = grown
    for n, worth in centre.items():
        if n in reach and best < worth + reach[n]:
            best = worth + reach[n]
    return best if best >= 0 else None


def _paired(held: tuple[int, ...], plain: _Plain) -> int | None:
    """:func:`_plain_value` of cards that form pairs only (no kind three times, no 燕)."""
    n = 0
    for x in plain.centre:
        n += held[x]
    if plain.mate is None:
        return None if n else 0
    if not plain.leaves:
        return None if n & 1 else (n >> 1) * plain.mate
    value = 0
    for positions, pair_hu in plain.leaves:
        for x in positions:
            n -= held[x]
            value += held[x] * pair_hu
    return None if n else value


def _ding_choices(part: _Part, dings: int, jing: tuple[int, int]) -> list[tuple[int, int, int]]:
    """The ways to form 經 sets here: (丁丁 used, 經牌 used, 胡), none first."""
    out = [(0, 0, 0)]
    if not part.ding or dings < 2 or not (jing[0] or jing[1]):
        return out
    sets = part.ding

    def grow(start: int, left_d: int, left_j: list[int], d: int, j: int, value: int) -> None:
        for k in range(start, len(sets)):
            need_d, need_j, worth = sets[k]
            if need_d > left_d or any(left_j[x - 21] < need_j.count(x) for x in _JING):
                continue
            for x in need_j:
                left_j[x - 21] -= 1
            out.append((d + need_d, j + len(need_j), value + worth))
            grow(k, left_d - need_d, left_j, d + need_d, j + len(need_j), value + worth)
            for x in need_j:
                left_j[x - 21] += 1

    grow(0, dings, list(jing), 0, 0, 0)
    return out


def _part_value(rules: Rules, k: int, part: _Part, counts: Sequence[int]) -> int | None:
    """The most 胡 of the cards of component ``k`` of a hand without 經牌 (``None``: they cannot
    be formed)."""
    held = part.held(counts)
    if not any(held):
        return 0
    return _plain_value(rules, k, held)


@caches.lru("chuanpai", maxsize=1 << 16)
def _value(counts: tuple[int, ...], rules: Rules) -> int | None:
    """The most 胡 of a concealed hand formed whole into units, or ``None`` when it cannot be."""
    plan = _plan(rules)
    jing = (counts[21], counts[22])
    total = jing[0] + jing[1]
    if not total:
        value = 0
        for k, part in enumerate(plan.parts):
            held = part.held(counts)
            if any(held):
                worth = _plain_value(rules, k, held)
                if worth is None:
                    return None
                value += worth
        return value
    reach = {0: 0}  # 經牌 used so far -> most 胡
    for k, part in enumerate(plan.parts):
        held = part.held(counts)
        if not any(held):
            continue
        grown: dict[int, int] = {}
        for b, vb in _part_values(rules, k, held, jing):
            for a, va in reach.items():
                if a + b <= total and grown.get(a + b, -1) < va + vb:
                    grown[a + b] = va + vb
        if not grown:
            return None
        reach = grown
    return reach.get(total)


@_table(maxsize=8)
def _rows(rules: Rules) -> tuple[tuple[tuple[_Unit, int], ...], ...]:
    """The unit table of ``rules`` (:func:`_units`) with the 胡 of every unit."""
    return tuple(
        tuple((unit, _unit_hu(unit, rules)) for _rank, unit in group)
        for group in _units(rules.pair_sums)
    )


@_table(maxsize=8)
def _plain_rows(
    rules: Rules,
) -> tuple[tuple[tuple[_Unit, tuple[int, ...], tuple[tuple[int, int], ...], int], ...], ...]:
    """The unit table of ``rules`` without the units holding a 經牌, as ``(unit, cards, needs,
    胡)`` with ``needs`` the ``(kind, copies)`` it takes (a hand without 經牌 can form none of
    those)."""
    return tuple(
        tuple(
            (unit, unit[1], tuple((i, unit[1].count(i)) for i in sorted(set(unit[1]))), worth)
            for unit, worth in group
            if unit[1][-1] < _DOTS
        )
        for group in _rows(rules)
    )


@_table(maxsize=8)
def _pair_rows(rules: Rules) -> tuple[tuple[tuple[_Unit, int, int, int], ...], ...]:
    """The 擠兒 of the unit table of ``rules`` by lowest card, as ``(unit, other card, copies
    of it needed with the lowest card held, 胡)``."""
    return tuple(
        tuple(
            (unit, cards[1], 2 if cards[1] == cards[0] else 1, worth)
            for unit, cards, _needs, worth in group
            if unit[0] is MeldKind.JIER
        )
        for group in _plain_rows(rules)
    )


def _rebuild(counts: tuple[int, ...], rules: Rules, total: int) -> tuple[_Unit, ...]:
    """The units of the first best decomposition of ``counts`` worth ``total`` (see
    :func:`changpai.chuanpai.hand.best_decomposition`): lowest card first, each time the first
    unit of the table that leaves a best decomposition of the rest."""
    if not counts[21] and not counts[22]:
        return _rebuild_plain(counts, rules, total)
    table = _rows(rules)
    units: list[_Unit] = []
    rest, left = counts, total
    while left or any(rest):
        low = next(i for i, c in enumerate(rest) if c)
        for unit, worth in table[low]:
            if worth > left:
                continue
            after = _take(rest, unit[1])
            if after is None:
                continue
            if _value(after, rules) == left - worth:
                units.append(unit)
                rest, left = after, left - worth
                break
    return tuple(units)


def _rebuild_plain(counts: tuple[int, ...], rules: Rules, total: int) -> tuple[_Unit, ...]:
    """:func:`_rebuild` of a hand without 經牌. A unit then changes the component of its lowest
    card only, so it fits when that component's value drops by the unit's 胡; the cards are
    taken and put back in place, and the lowest card is looked for from the last one.

    A component left with pairs only (no kind held three times, no 燕) needs no value: its
    cards are all paired by point (:func:`_plain_value`), and taking any pair of it leaves the
    others paired, worth the pair's 胡 less, so the first pair held fits."""
    rows = _plain_rows(rules)
    pair_rows = _pair_rows(rules)
    plan = _plan(rules)
    parts, part_of = plan.parts, plan.part_of
    worth_of: dict[int, int | None] = {}
    paired: set[int] = set()
    units: list[_Unit] = []
    rest = list(counts)
    left = total
    low = 0
    while True:
        while low < _DOTS and not rest[low]:
            low += 1
        if low == _DOTS:
            return tuple(units)
        k = part_of[low]
        part = parts[k]
        if k in paired or _pairs_only(part, rest):
            paired.add(k)  # pairs only from here on: the counts only go down
            for unit, mate, need, worth in pair_rows[low]:
                if rest[mate] >= need:
                    rest[low] -= 1
                    rest[mate] -= 1
                    units.append(unit)
                    left -= worth
                    break
            else:
                raise AssertionError(f"no best decomposition of {counts} worth {total}")
            continue
        # a component is changed only by units at its own cards, which update its value
        before = worth_of[k] if k in worth_of else _part_value(rules, k, part, counts)
        if before is None:
            raise AssertionError(f"no best decomposition of {counts} worth {total}")
        for unit, cards, needs, worth in rows[low]:
            if worth > left:
                continue
            for i, n in needs:
                if rest[i] < n:
                    break
            else:
                for i in cards:
                    rest[i] -= 1
                now = _part_value(rules, k, part, rest)
                if now is not None and now == before - worth:
                    worth_of[k] = now
                    units.append(unit)
                    left -= worth
                    break
                for i in cards:
                    rest[i] += 1
        else:
            raise AssertionError(f"no best decomposition of {counts} worth {total}")


def _pairs_only(part: _Part, counts: Sequence[int]) -> bool:
    """Whether the cards ``counts`` holds of the component can form pairs only: no kind three
    times and not the three sevens."""
    for i in part.kinds:
        if counts[i] > 2:
            return False
    return part.yan is None or not all(counts[i] for i in _SEVENS)


def _build_tables() -> None:
    """Build the tables of the built-in rules at import (a few milliseconds)."""
    for rules in (YAODIREN, GEHU):
        _units.build(rules.pair_sums)
        for group in _units(rules.pair_sums):
            for _rank, unit in group:
                _unit_meld.build(unit)
        # (_plain_plan and _pair_rows serve only other 胡 values and 經牌 decks: built on use)
        for table in (_plan, _rows, _plain_rows):
            table.build(rules)


_build_tables()
