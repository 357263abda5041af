"""Answer tables of the 川牌 hand analysis for concealed hands without 經牌, built at import for
the built-in rules (:data:`YAODIREN`, :data:`GEHU`) and used by every rules object with the same
pair rule and 胡 values whose deck holds no more copies of a card; built on demand for the other
rules objects (see "Tables built on demand" below).

The sets a hand may hold never leave one component of the pair graph (see
:mod:`changpai.chuanpai.solver`), so a hand without 經牌 is formed component by component: its
best decomposition is the union of the best decompositions of its components. A component of
``m`` dot kinds has ``radix ** m`` states (0 .. ``radix - 1`` copies of each kind: 6 for the
deck105 of 幺地人, 5 for the deck84 of 割胡); for every state the table holds the most 胡 and
the units of its best decomposition, or that its cards cannot be formed (about 17,000 states
for each rules object). A hand is then looked up component by component.

The units chosen are those of :func:`changpai.chuanpai.solver._rebuild`: at the lowest card,
the first unit of the unit table that leaves a best decomposition of the rest. That is the
dynamic programme that builds the tables (a state is a unit at its lowest card plus a smaller
state), keeping the first unit of the most 胡; see :func:`_merged` for their order.

>>> from changpai.chuanpai import YAODIREN, parse
>>> from changpai.chuanpai.cards import _count_copies
>>> def counts(text): return _count_copies(parse(text)).counts
>>> tables = plain_tables(YAODIREN)
>>> total, melds = tables.best(counts("66 44 55 55 55 55 46 46"))
>>> total, [str(m) for m in melds]
(9, ['擠兒 天牌 人牌', '擠兒 四六 四六', '亮 梅子 梅子 梅子 梅子'])
>>> tables.best(counts("66 44 55")), tables.formable(counts("66 44 55"))
(None, False)

Tables built on demand. A rules object of other 胡 values (``YAODIREN.evolve(hu_an=9)``), or
whose deck holds more copies of a card than the built-in tables of its 胡 values cover
(``GEHU.evolve(deck="deck105")``), gets tables of its own: :func:`plain_tables` counts, by
signature (pair rule, 胡 of every unit without 經牌, most copies of a card), the calls that find
no tables, and builds them at the :data:`BUILD_AFTER`-th (1024); until then the caller searches
(:mod:`changpai.chuanpai.solver`), as before. Why not at the first call: building takes about
10-14 ms (about 40 ms for the 14 rule on deck105, whose tables hold 49,536 states), the
search's own first use about 3 ms, and after it a search takes about 5 µs for a random 18-card
hand and 20 µs for a complete one against 2.5 and 5 µs read from the tables. So
building at once would make a single call about four times slower, and pays back only after
about 700 (complete) to 3,000 (random) hands; building once the calls searched could have paid
for it (the rent-or-buy rule) keeps one call and short runs as fast as before and costs at most
about twice the better choice made knowing the run's length. Measured (fresh hands of
``YAODIREN.evolve(hu_an=9)``, every cache emptied first; before: searched throughout): 10,000
random hands 49 -> 45 ms, 10,000 complete hands 225 -> 81 ms; 1,000 hands and fewer unchanged
(counting costs a call that finds no tables about 0.8 µs). A random game calls the analysis
about 40 times, so a simulation builds them within its first 25 games or so.

Tables built on demand are kept for at most :data:`MOST_BUILT` (4) signatures, 4 MB each (13 MB for the 14 rule on deck105),
the oldest dropped first (with the rules objects it served); like the counts, they are caches of
:mod:`changpai.core.caches`, so ``chuanpai.clear_caches()`` empties them and later calls count
and build again. The tables built at import stay. Rules whose 胡 values are so large that the
most 胡 of a component's cards may reach :data:`MOST_HU` (a unit worth 656 胡 or more under
10/20 with deck105; 547 under 14 with deck105, 683 with deck84) are never tabled
(:func:`tableable`): they are searched.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import product, repeat
from operator import add, and_, itemgetter, rshift, sub
from typing import NamedTuple

from changpai.chuanpai.cards import _deck_limits
from changpai.chuanpai.melds import Meld
from changpai.chuanpai.rules import GEHU, YAODIREN, Rules
from changpai.chuanpai.solver import _plain_rows, _plan, _Unit, _unit_meld, _units
from changpai.core import caches

__all__ = ["BUILD_AFTER", "MOST_BUILT", "MOST_HU", "PlainTables", "plain_tables", "tableable"]

# An answer is ``胡 << _CHOICE_BITS | code``, ``code`` naming the unit chosen at the lowest card;
# a negative answer: the cards cannot be formed.
_CHOICE_BITS = 3
_CODES = 1 << _CHOICE_BITS
_NO_UNIT = _CODES - 1  # the code of -1, the answer of a state that cannot be formed
# Far below any answer, so that it stays negative whatever is added to it (a small int still).
_CANNOT = -(1 << 20)  # below minus twice any answer: the answers stay below MOST_HU << 3

_Rows = Sequence[Sequence[tuple[_Unit, tuple[int, ...], tuple[tuple[int, int], ...], int]]]


class _Component(NamedTuple):
    """The answer table of one component: ``held(counts)`` are the counts of its kinds in a
    hand, ``table`` maps them to the most 胡 of those cards (-1 when they cannot be formed) and
    the ranks (in the unit table) of the units of their best decomposition."""

    held: Callable[[Sequence[int]], object]
    table: dict[object, tuple[int, tuple[int, ...]]]


class PlainTables:
    """The answer tables of one pair rule, set of 胡 values and most copies of a card: every
    component's, and the units of the unit table by rank."""

    __slots__ = ("components", "copies", "melds")

    def __init__(self, components: tuple[_Component, ...], melds: tuple[Meld, ...], copies: int):
        self.components = components
        #: the units of the unit table by rank, as :class:`Meld`
        self.melds = melds
        #: the most copies of one card a state holds
        self.copies = copies

    def best(self, counts: Sequence[int]) -> tuple[int, tuple[Meld, ...]] | None:
        """The most 胡 of the concealed hand ``counts`` (no 經牌, at most :attr:`copies` of a
        card) and the units of its best decomposition, in the order of
        :func:`changpai.chuanpai.solver._rebuild`; ``None`` when its cards cannot all be formed.

        >>> plain_tables(YAODIREN).best((0,) * 23)
        (0, ())
        """
        total = 0
        ranks: list[int] = []
        for held, table in self.components:
            hu, units = table[held(counts)]
            if hu < 0:
                return None
            total += hu
            ranks += units
        return total, _merged(ranks, self.melds)

    def formable(self, counts: Sequence[int]) -> bool:
        """Whether every card of the concealed hand ``counts`` (no 經牌, at most :attr:`copies`
        of a card) can be formed.

        >>> plain_tables(YAODIREN).formable((0,) * 23)
        True
        """
        for held, table in self.components:
            if table[held(counts)][0] < 0:
                break
        else:
            return True
        return False


def _merged(ranks: list[int], melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The units of every component together, in the order of the rebuild: by rank.

    At its lowest card the rebuild takes the first unit (by rank) of some best decomposition:
    any unit of a best decomposition at that card fits. So a unit it takes later at the same
    card comes later in the table, and the units at a higher card come later too (the table
    is sorted by the cards of a unit, lowest first). The units of one component never change
    the choices in another, whose units are merged in by rank."""
    ranks.sort()
    return tuple(map(melds.__getitem__, ranks))


def plain_tables(rules: Rules) -> PlainTables | None:
    """The answer tables for hands of ``rules`` without 經牌, or ``None`` (the caller searches
    instead): the tables built at import when ``rules`` has the pair rule and 胡 values of a
    built-in rules object and its deck holds no more copies of a card; else tables built for
    its pair rule, 胡 values and copies once :data:`BUILD_AFTER` calls have found none for them
    (kept for at most :data:`MOST_BUILT` such signatures); never for 胡 values too large for
    the tables (see :func:`tableable`).

    >>> plain_tables(YAODIREN) is plain_tables(YAODIREN.evolve(deal="16/15"))
    True
    >>> caches.clear("chuanpai")  # chuanpai.clear_caches(): no table built on demand
    >>> custom = YAODIREN.evolve(hu_an=9)
    >>> found = [plain_tables(custom) for _ in range(BUILD_AFTER + 1)]
    >>> found[0] is None, found[-1] is not None, found[-1] is plain_tables(custom.evolve(players=3))
    (True, True, True)
    """
    try:
        return _SERVED[rules]
    except KeyError:
        return _decide(rules)


def tableable(rules: Rules) -> bool:
    """Whether hands of ``rules`` without 經牌 can be read from answer tables: always but when
    its 胡 values are so large that the most 胡 of a component's cards reaches
    :data:`MOST_HU` (a table holds ``胡 << 3`` as a small int and its build a list that long).

    >>> tableable(YAODIREN), tableable(YAODIREN.evolve(hu_tuhuo=10_000))
    (True, False)
    """
    return _key(rules) is not None


#: Calls of :func:`plain_tables` that find no tables for a signature (pair rule, 胡 values,
#: copies) before its tables are built (see the module docstring for the choice).
BUILD_AFTER = 1024
#: The most signatures whose tables are built on demand and kept at once (4 to 13 MB each).
MOST_BUILT = 4
#: The most 胡 of a component's cards below which its states are tabled.
MOST_HU = 1 << 13

# by rules object: its tables, or None when its hands are searched for good (no tables)
_SERVED: caches.BoundedDict[Rules, PlainTables | None] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.tables._SERVED", 64
)
# the tables built on demand, by (signature, copies): MOST_BUILT of them
_LAZY: caches.BoundedDict[tuple[_Signature, int], PlainTables] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.tables._LAZY", MOST_BUILT
)
# the calls that found no tables, by (signature, copies) not built yet (a list: counted in place)
_CALLS: caches.BoundedDict[tuple[_Signature, int], list[int]] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.tables._CALLS", 64
)


def _decide(rules: Rules) -> PlainTables | None:
    """:func:`plain_tables` of a rules object not served yet: its tables when they are built,
    else ``None`` after counting the call (kept for ``rules`` once the answer is final)."""
    key = _key(rules)
    if key is None:
        _SERVED[rules] = None
        return None
    counted = _CALLS.get(key)
    if counted is None:  # the signature's first call (since clear_caches): tables built?
        found = _found(*key)
        if found is not None:
            _SERVED[rules] = found
            return found
        counted = _CALLS[key] = [0]
    counted[0] += 1
    if counted[0] < BUILD_AFTER:
        return None
    # (pop, not del: another thread may have emptied the caches meanwhile)
    _CALLS.pop(key, None)
    # (one thread builds; threads past the count together wait and take its tables: review
    # h58 saw 8 threads build 3 signatures' tables 8-10 times)
    with _BUILDING:
        found = _found(*key)  # (built meanwhile, or for a deck of more copies: it serves)
        if found is None:
            found = _build(rules)
            if len(_LAZY) >= MOST_BUILT:
                # the oldest tables go, and with them every rules object they served
                oldest = next(iter(_LAZY), None)
                dropped = None if oldest is None else _LAZY.pop(oldest, None)
                for served in [r for r, tables in list(_SERVED.items()) if tables is dropped]:
                    _SERVED.pop(served, None)
            _LAZY[key] = found
    _SERVED[rules] = found
    return found


_BUILDING = threading.Lock()


def _found(signature: _Signature, copies: int) -> PlainTables | None:
    """The tables built for ``signature`` that cover ``copies`` copies of a card, if any."""
    found = _BUILT.get(signature)
    if found is not None and found.copies >= copies:
        return found
    for more in range(copies, _MOST_COPIES + 1):
        found = _LAZY.get((signature, more))
        if found is not None:
            return found
    return None


@caches.lru("chuanpai", maxsize=64)
def _key(rules: Rules) -> tuple[_Signature, int] | None:
    """The signature of ``rules`` and the most copies of a card its deck holds, or ``None``
    when its 胡 values are too large for tables (:func:`tableable`)."""
    copies = max(_deck_limits(rules.deck)[1])
    signature = _signature(rules)
    if _most_hu(signature, rules, copies) >= MOST_HU:
        return None
    return signature, copies


def _most_hu(signature: _Signature, rules: Rules, copies: int) -> int:
    """A bound on the most 胡 of a component's cards (``signature``: :func:`_signature` of
    ``rules``): every card in a unit worth the most 胡, each of 2 cards at least."""
    widest = max(len(part.kinds) for part in _plan(rules).parts)
    return max(signature.hu_values) * copies * widest // 2


class _Signature:
    """What the tables of a rules object depend on but the deck: its pair sums and the 胡 of
    every unit a hand without 經牌 may form (in the order of the unit table); its hash kept (a
    key of the dicts asked on every call that finds no tables yet)."""

    __slots__ = ("_hash", "hu_values", "pair_sums")

    def __init__(self, pair_sums: tuple[int, ...], hu_values: tuple[int, ...]) -> None:
        self.pair_sums = pair_sums
        self.hu_values = hu_values
        self._hash = hash((pair_sums, hu_values))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Signature)
            and self.pair_sums == other.pair_sums
            and self.hu_values == other.hu_values
        )


def _signature(rules: Rules) -> _Signature:
    """The :class:`_Signature` of ``rules``."""
    return _Signature(
        rules.pair_sums, tuple(row[3] for group in _plain_rows(rules) for row in group)
    )


_BUILT: dict[_Signature, PlainTables] = {}
# the most copies of a card in any deck (deck105)
_MOST_COPIES = max(_deck_limits(None)[1])


def _build(rules: Rules) -> PlainTables:
    """The answer tables of ``rules``: a table of every component of its pair graph."""
    copies = max(_deck_limits(rules.deck)[1])
    radix = copies + 1
    rows = _plain_rows(rules)
    rank_of = {unit: rank for group in _units(rules.pair_sums) for rank, unit in group}
    melds = tuple(_unit_meld(unit) for unit in sorted(rank_of, key=rank_of.__getitem__))
    parts = _plan(rules).parts
    ceiling = (_most_hu(_signature(rules), rules, copies) + 1) << _CHOICE_BITS
    components = []
    for part in parts:
        answers, ranks = _component_table(part.kinds, radix, ceiling, rows, rank_of)
        components.append(_component(part.kinds, radix, answers, ranks))
    # the larger components first: they reject most hands that cannot be formed
    components.sort(key=lambda component: -len(component.table))
    return PlainTables(tuple(components), melds, copies)


def _component(
    kinds: tuple[int, ...], radix: int, answers: list[int], ranks: list[tuple[int, ...]]
) -> _Component:
    """The table of the component ``kinds`` from the answers and ranks of its states: keyed by
    the counts of its kinds (``itemgetter``'s tuple; the count alone for one kind)."""
    counts = range(radix) if len(kinds) == 1 else product(range(radix), repeat=len(kinds))
    hu = map(rshift, answers, repeat(_CHOICE_BITS))  # -1 stays -1
    return _Component(
        itemgetter(*kinds), dict(zip(counts, zip(hu, ranks, strict=True), strict=True))
    )


def _component_table(
    kinds: tuple[int, ...], radix: int, ceiling: int, rows: _Rows, rank_of: dict[_Unit, int]
) -> tuple[list[int], list[tuple[int, ...]]]:
    """The answers and the ranks of the units chosen of every state of the component ``kinds``
    (answers below ``ceiling``).

    A state counts the kinds in base ``radix``, the lowest kind the most significant digit: the
    states whose lowest card is the kind at ``position``, held ``held`` times, are the block
    ``held * size .. (held + 1) * size`` with ``size = radix ** (m - 1 - position)``. A unit at
    that card leaves a state ``delta`` lower, the same for the whole block, so a block is built
    from slices of the blocks before it: ``worth`` (the answers without their codes, or
    ``_CANNOT``) plus the unit's answer, or ``_CANNOT`` where the state lacks a card of it.
    """
    m = len(kinds)
    count = radix**m
    pad = count  # room below state 0 for the slices of states that lack a card of the unit
    worth = [0] * (pad + count)
    answers = [0] * count
    ranks: list[tuple[int, ...]] = [()] * count
    # the worth of an answer (its code dropped), _CANNOT for -1 (the last item)
    worth_of = [answer & ~_NO_UNIT for answer in range(ceiling)] + [_CANNOT]
    for position in reversed(range(m)):
        size = radix ** (m - 1 - position)
        units = _block_units(kinds, radix, position, rows, rank_of)
        deltas = [0] * _CODES  # by code; _NO_UNIT leaves the state as it is (its ranks: ())
        chosen: list[tuple[int, ...]] = [()] * _CODES
        for code, _own, delta, _adds, rank in units:
            deltas[code] = delta
            chosen[code] = (rank,)
        for held in range(1, radix):
            low = held * size
            at = pad + low
            candidates = [
                map(add, worth[at - delta : at - delta + size], adds)
                for _code, own, delta, adds, _rank in units
                if own <= held
            ]
            # -1 where no unit fits (the max of one item would iterate over it)
            found = list(map(max, repeat(-1, size), *candidates)) if candidates else [-1] * size
            answers[low : low + size] = found
            worth[at : at + size] = map(worth_of.__getitem__, found)
            codes = list(map(and_, found, repeat(_NO_UNIT)))
            rests = map(sub, range(low, low + size), map(deltas.__getitem__, codes))
            ranks[low : low + size] = list(
                map(add, map(chosen.__getitem__, codes), map(ranks.__getitem__, rests))
            )
    return answers, ranks


def _block_units(
    kinds: tuple[int, ...], radix: int, position: int, rows: _Rows, rank_of: dict[_Unit, int]
) -> list[tuple[int, int, int, list[int], int]]:
    """The units whose lowest card is the kind at ``position``, as ``(code, copies of that
    kind, delta, adds, rank)``: ``adds[s]`` is the unit's answer, or ``_CANNOT`` where the state
    ``s`` of the kinds after ``position`` lacks a card of it."""
    m = len(kinds)
    size = radix ** (m - 1 - position)
    out = []
    group = rows[kinds[position]]
    if len(group) > _NO_UNIT:
        raise AssertionError(f"{len(group)} units at one card: more than the codes")
    for q, (unit, _cards, needs, hu) in enumerate(group):
        code = _NO_UNIT - 1 - q  # a higher code for an earlier unit: max keeps the first
        answer = hu << _CHOICE_BITS | code
        own = 0
        delta = 0
        adds: list[int] | None = None
        for kind, copies in needs:
            at = kinds.index(kind)
            weight = radix ** (m - 1 - at)
            delta += copies * weight
            if at == position:
                own = copies
            else:
                having = _having(size, weight * radix, copies * weight, answer)
                adds = having if adds is None else list(map(min, adds, having))
        out.append((code, own, delta, [answer] * size if adds is None else adds, rank_of[unit]))
    return out


def _having(size: int, run: int, lacking: int, answer: int) -> list[int]:
    """``size`` items repeating ``run`` items: ``lacking`` times ``_CANNOT``, then ``answer``.

    >>> _having(12, 6, 2, 5)[:7] == [_CANNOT] * 2 + [5] * 4 + [_CANNOT]
    True
    """
    return ([_CANNOT] * lacking + [answer] * (run - lacking)) * (size // run)


def _build_tables() -> None:
    """Build the tables of the built-in rules at import (a few milliseconds each)."""
    for rules in (YAODIREN, GEHU):
        _BUILT[_signature(rules)] = _build(rules)


_build_tables()
