"""The best reading of a concealed 南通 hand holding one or two 百搭 and no declared melds
(nantong.md §4), the hands with 百搭 a deal gives most often.

The three suits and the honours share no group. A hand's part sizes (modulo 3) say which parts
can hold the 百搭 (:data:`~changpai.nantong.solver._SHARES`); every other part is read once
from the plain suit tables. A part holding 百搭 is read as its plain cards with the kinds the
百搭 stand for added — for one 百搭, the kinds that complete the suit come from an import-time
table (:data:`_COMPLETING`) — the 百搭 then taking slots of those kinds, each group keeping a
real card. The rank of a reading does not depend on which slots the 百搭 take, so of each
plain reading only its smallest marking can be picked (:func:`_marked_once`,
:func:`_marked_twice`), and of each part only the smallest reading of each kind of rank
(:func:`_firsts`; see :func:`changpai.nantong.hand._best_wild`); two 百搭 in one part are
marked only in the readings of the best rank.

>>> from changpai.nantong.cards import parse
>>> from changpai.nantong.hand import _PACKED
>>> key = sum(_PACKED[c.index] for c in parse("123b 456b 789b 123t 456t 789t 123w 5w"))
>>> len(best(key, key, 1, lambda: len))
8
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from changpai.nantong.cards import N_PLAIN
from changpai.nantong.solver import (
    _COMPLETING,
    _FIELD_1,
    _HONOUR_READINGS,
    _SHARES,
    _SUIT_BITS,
    _SUIT_TABLES,
    _TABLE_CARDS,
    PACK_BITS,
    _alike,
    _big_suit,
    _Code,
    _held_kinds,
    _markings,
    _packed_part_plain,
    _packed_parts,
    _suit_size,
)

__all__ = ["best", "best_of_parts", "fits"]

_Reading = tuple[_Code, ...]
# a plain reading of a part holding two 百搭, with the kinds they stand for
_Pick = tuple[_Reading, int, int]
# the readings that rank alike of such a part: the first of them, and all
_Group = tuple[_Reading, list[_Pick]]


def _with_copies_left(kinds: int, used: int, p: int) -> int:
    """The ``kinds`` of part ``p`` (packed, one card of each) of which the ``used`` ones (the
    packed hand held and flipped, within four copies) leave a copy for a 百搭.

    >>> _with_copies_left(1 | 1 << PACK_BITS, 4 << PACK_BITS, 0) == 1
    True
    """
    return kinds & ~(used >> _SUIT_BITS * p + 2)


def _kinds(p: int, x: int, used: int) -> int:
    """The kinds a 百搭 of part ``p`` packed in ``x`` can stand for, as the packed part of one
    card of each: a kind within two of a real card of a suit (the group holding the 百搭
    holds one) or an honour held, with a copy left beside the ``used`` ones (the packed hand
    held and flipped, within four copies).

    >>> used = 1 << (18 + 4) * PACK_BITS | 4 << (18 + 3) * PACK_BITS
    >>> _kinds(2, 1 << 4 * PACK_BITS, used) == sum(1 << j * PACK_BITS for j in (2, 4, 5, 6))
    True
    """
    held = _held_kinds(x)
    if p < 3:
        near = (held | held << PACK_BITS | held << 2 * PACK_BITS) & _FIELD_1
        near |= held >> PACK_BITS | held >> 2 * PACK_BITS
    else:
        near = held
    return _with_copies_left(near, used, p)


def _marked_once(reading: _Reading, k: int) -> _Reading:
    """The smallest (in the order of group codes) of the readings where one 百搭 stands for
    kind ``k`` in a slot of the plain ``reading`` (sorted, holding a ``k``): it marks the
    last group holding ``k`` (marking a group makes its code bigger, so the marked reading
    keeps every smaller code where it was longest), and stays sorted (a marked code stays
    below the next plain one).

    >>> _marked_once(((0, 3, 0), (1, 3, 0), (2, 1, 0), (2, 3, 0), (2, 4, 0)), 3)
    ((0, 3, 0), (1, 3, 0), (2, 1, 0), (2, 3, 1), (2, 4, 0))
    """
    for g in range(len(reading) - 1, -1, -1):
        kind, face, _ = reading[g]
        if kind == 2:
            if face <= k <= face + 2:
                return (*reading[:g], (2, face, 1 << k - face), *reading[g + 1 :])
        elif face == k:
            return (*reading[:g], (kind, face, 1), *reading[g + 1 :])
    raise ValueError(f"no group of {reading} holds kind {k}")


def _marked_twice(reading: _Reading, k1: int, k2: int) -> _Reading | None:
    """The smallest of the readings where two 百搭 stand for kinds ``k1`` and ``k2`` in slots
    of the plain ``reading`` (sorted), each group keeping a real card; None if there is none.
    Of equal groups only the first takes a 百搭 (marking another gives the same reading).

    >>> _marked_twice(((0, 3, 0), (2, 2, 0)), 3, 3)
    ((0, 3, 1), (2, 2, 2))
    >>> _marked_twice(((0, 3, 0),), 3, 3) is None
    True
    """
    best: _Reading | None = None
    for g1, marked1 in _markings(reading, k1):
        once = list(reading)
        once[g1] = marked1
        for g2, marked2 in _markings(once, k2):
            twice = once.copy()
            twice[g2] = marked2
            twice.sort()
            found = tuple(twice)
            if best is None or found < best:
                best = found
    return best


def _completing_kinds(x: int) -> int:
    """The kinds of which one card more gives a suit packed in ``x`` (faces from 0) a
    reading, as the packed suit of one card of each: :data:`_COMPLETING`'s, or for a suit
    too big for it, :func:`_completing_kinds_big`'s.

    >>> _completing_kinds(1 | 1 << PACK_BITS) == (1 << 2 * PACK_BITS), _completing_kinds(4) == 0
    (True, True)
    """
    fields = _COMPLETING.get(x)
    if fields is not None:
        return fields
    size = _suit_size(x)
    # (a suit of 3n cards and one more makes 3n + 1: no reading)
    return 0 if size < _TABLE_CARDS or size % 3 == 0 else _completing_kinds_big(x, size % 3 == 1)


def _completing_kinds_big(x: int, pair: bool) -> int:
    """:func:`_completing_kinds` of a suit of at least :data:`_TABLE_CARDS` cards, by the group
    holding its lowest card (as :func:`~changpai.nantong.solver._big_suit` reads): a group of
    its own cards leaves a suit that the kind completes; else the kind is in that group (the
    pair or 刻子 it fills, the 順子 it fills or starts below) and the rest has a reading. The
    suit with the card then holds the pair if ``pair`` (its size says so).

    >>> x = 3 * 0x111 | 3 * 0x111 << 3 * PACK_BITS  # (three each of 一 to 六, but one 一)
    >>> [k for k in range(9) if _completing_kinds_big(x - 1, False) >> PACK_BITS * k & 1]
    [0, 3, 6]
    """
    low = (x & -x).bit_length() - 1
    shift = low - low % PACK_BITS
    c = x >> shift & 15
    one = 1 << shift
    second = x >> shift + PACK_BITS & 15
    third = x >> shift + 2 * PACK_BITS & 15 if shift < 7 * PACK_BITS else 0
    found = 0
    # a group of its own cards holds the lowest card
    if pair and c >= 2:
        found |= _completing_kinds(x - 2 * one)
    if c >= 3:
        found |= _completing_kinds(x - 3 * one)
    if second and third:
        found |= _completing_kinds(x - 0x111 * one)
    # the kind is in the group of the lowest card
    if c == 1 and _has_reading(x - one):
        found |= one
    if c == 2 and _has_reading(x - 2 * one):
        found |= one
    if shift < 7 * PACK_BITS and not second and third and _has_reading(x - 0x101 * one):
        found |= one << PACK_BITS
    if second and (not third or shift) and _has_reading(x - 0x11 * one):
        # (it ends the 順子 of the lowest two, or starts one below them)
        if shift < 7 * PACK_BITS and not third:
            found |= one << 2 * PACK_BITS
        if shift:
            found |= one >> PACK_BITS
    return found & ~(x >> 2) & _FIELD_1  # (no fifth copy)


def _has_reading(x: int) -> bool:
    """Whether a suit packed in ``x`` (within four copies) has a reading.

    >>> _has_reading(0x111), _has_reading(0x11)
    (True, False)
    """
    if x in _SUIT_TABLES[0]:  # (the three tables have the same keys)
        return True
    size = _suit_size(x)
    return size > _TABLE_CARDS and size % 3 != 1 and bool(_big_suit(x, 0, size % 3 == 2))


def _one_more(p: int, x: int, pair: bool, kinds: int) -> list[tuple[int, Sequence[_Reading]]]:
    """The kinds among ``kinds`` (packed, one card of each) of which one card more gives
    part ``p`` packed in ``x`` a reading, each with those readings (plain, sorted; with the
    pair if ``pair``, which the size matches).

    >>> _one_more(0, 1 | 1 << PACK_BITS, False, _FIELD_1)
    [(2, (((2, 0, 0),),))]
    """
    lo = 9 * p
    found: list[tuple[int, Sequence[_Reading]]] = []
    if p == 3:  # (the honours: a card more of a kind held)
        while kinds:
            field = kinds & -kinds
            kinds -= field
            honours = _HONOUR_READINGS.get(x + field)
            if honours is not None:
                found.append((lo + field.bit_length() // PACK_BITS, honours))
        return found
    kinds &= _completing_kinds(x)
    table = _SUIT_TABLES[p]
    while kinds:
        field = kinds & -kinds
        kinds -= field
        readings = table.get(x + field) or _big_suit(x + field, p, pair)
        found.append((lo + field.bit_length() // PACK_BITS, readings))
    return found


def _one_wild_readings(p: int, x: int, pair: bool, used: int) -> list[_Reading]:
    """The smallest marking (:func:`_marked_once`) of each plain reading of part ``p`` packed
    in ``x`` with a kind one 百搭 can stand for added, sorted.

    >>> _one_wild_readings(2, 1 | 1 << PACK_BITS | 2 << 4 * PACK_BITS, True, 0)
    [((0, 22, 0), (2, 18, 4))]
    """
    completing = _COMPLETING.get(x) if p < 3 else None
    if completing is None:  # (the honours, a suit too big for the table, or none completes)
        found = [
            _marked_once(reading, k)
            for k, readings in _one_more(p, x, pair, _kinds(p, x, used))
            for reading in readings
        ]
    else:  # (the kinds that complete a suit are near its cards: only the copies left matter)
        kinds = _with_copies_left(completing, used, p)
        table = _SUIT_TABLES[p]
        lo = 9 * p
        found = []
        while kinds:
            field = kinds & -kinds
            kinds -= field
            k = lo + field.bit_length() // PACK_BITS
            for reading in table[x + field]:
                found.append(_marked_once(reading, k))
    found.sort()
    return found


def _two_wild_groups(p: int, x: int, pair: bool, used: int) -> list[_Group]:
    """The plain readings of part ``p`` packed in ``x`` with two kinds two 百搭 can stand
    for added (one kind twice if two copies are left), each with those kinds, by what ranks
    them (:func:`_alike`): of each group only the smallest marking (:func:`_marked_twice`)
    of its readings can be picked, and only if one of them can be marked at all (see
    :func:`_smallest_marking`). The first reading of each group stands for it in ranking.

    >>> [(rep, len(picks)) for rep, picks in _two_wild_groups(2, 1 | 2 << 4 * PACK_BITS, True, 0)]
    [(((0, 22, 0), (1, 18, 0)), 1), (((0, 18, 0), (1, 22, 0)), 1), (((0, 22, 0), (2, 18, 0)), 1)]
    """
    kinds = _kinds(p, x, used)
    lo = 9 * p
    table = _TABLES[p]
    groups: dict[tuple[tuple[int, ...], int, bool], _Group] = {}
    firsts = kinds
    while firsts:
        first = firsts & -firsts
        firsts -= first
        k1 = lo + first.bit_length() // PACK_BITS
        # the second kind from the first up (each pair of kinds once), the first again only
        # if two copies of it are left
        seconds = kinds & -first
        if (used >> PACK_BITS * k1 & 15) > 2:
            seconds -= first
        once = x + first
        if p == 3:
            found = _one_more(p, once, pair, seconds)
        else:  # (_one_more's, inline: most hands with two 百搭 hold both in one suit)
            completing = _COMPLETING.get(once)
            seconds &= _completing_kinds(once) if completing is None else completing
            found = []
            while seconds:
                second = seconds & -seconds
                seconds -= second
                readings = table.get(once + second) or _big_suit(once + second, p, pair)
                found.append((lo + second.bit_length() // PACK_BITS, readings))
        for k2, readings in found:
            for reading in readings:
                alike = _alike(reading)
                group = groups.get(alike)
                if group is None:
                    groups[alike] = (reading, [(reading, k1, k2)])
                else:
                    group[1].append((reading, k1, k2))
    return list(groups.values())


def _smallest_marking(picks: list[_Pick]) -> _Reading | None:
    """The smallest of :func:`_marked_twice` of ``picks`` (plain readings of one part with
    the kinds two 百搭 stand for), None if none can be marked.

    >>> _smallest_marking([(((0, 3, 0),), 3, 3), (((0, 3, 0), (2, 2, 0)), 3, 3)])
    ((0, 3, 1), (2, 2, 2))
    """
    found = [m for reading, k1, k2 in picks if (m := _marked_twice(reading, k1, k2)) is not None]
    return min(found) if found else None


def _wild_pair(used: int) -> list[_Reading]:
    """The pair of two 百搭 alone that can be picked: of the smallest kind with two copies
    left (a pair adds no 胡數, whatever it stands for).

    >>> _wild_pair(4 | 3 << PACK_BITS)
    [((0, 2, 2),)]
    """
    for k in range(N_PLAIN):
        if (used >> PACK_BITS * k & 15) <= 2:
            return [((0, k, 2),)]
    return []


_Plan = tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, int, bool], ...], bool]


def _plan(spread: tuple[int, ...], pair_at: int) -> _Plan:
    """A share of the 百搭 (:func:`~changpai.nantong.solver._shares`) as what to read: the
    parts with no 百搭 (part, whether it holds the pair), the parts with some (part, how many,
    whether it holds the pair), and whether two 百搭 alone are the pair.

    >>> _plan((0, 1, 0, 0), 0)
    (((0, True), (2, False), (3, False)), ((1, 1, False),), False)
    """
    plain = tuple((p, p == pair_at) for p, w in enumerate(spread) if not w)
    hosts = tuple((p, w, p == pair_at) for p, w in enumerate(spread) if w)
    return plain, hosts, pair_at == 4


# the plans of the shares of one or two 百搭 for every size of the parts (modulo 3), by
# m0 + 3 m1 + 9 m2 + 27 m3 + 81 wild
_PLANS = {
    sum(m * 3**p for p, m in enumerate(mods)) + 81 * wild: tuple(
        _plan(spread, pair_at) for spread, pair_at in shares
    )
    for (mods, wild), shares in _SHARES.items()
    if wild <= 2
}


def _plans_of(parts: Sequence[int], wild: int) -> tuple[_Plan, ...]:
    """The plans (:func:`_plan`) of the shares of ``wild`` (1 or 2) 百搭 among packed
    ``parts`` (their sizes modulo 3 are the packed parts' own).

    >>> _plans_of((0, 1, 0, 0), 1)
    ((((0, False), (2, False), (3, False)), ((1, 1, True),), False),)
    """
    return _PLANS[
        parts[0] % 3 + 3 * (parts[1] % 3) + 9 * (parts[2] % 3) + 27 * (parts[3] % 3) + 81 * wild
    ]


# the readings of each part with no 百搭 that its table holds, by packed part
_TABLES: tuple[Mapping[int, Sequence[_Reading]], ...] = (*_SUIT_TABLES, _HONOUR_READINGS)


def best(
    key: int, used: int, wild: int, new_rank: Callable[[], Callable[[Sequence[_Code]], int]]
) -> _Reading | None:
    """The best reading (most rank by ``new_rank()``, then smallest) of the packed plain cards
    ``key`` with ``wild`` (1 or 2) 百搭 and no declared melds, whose 百搭 stand for kinds with
    copies left beside the ``used`` ones (packed: held and flipped): the best of every
    reading (:func:`changpai.nantong.hand._best_wild`'s). Of each part only the first
    reading of each kind of rank (:func:`_firsts`) is ranked; two 百搭 in one part are
    marked only in the readings of the best rank (:func:`_two_wild_groups`).

    >>> from changpai.nantong.cards import parse
    >>> from changpai.nantong.hand import _PACKED
    >>> key = sum(_PACKED[c.index] for c in parse("123b 456b 789b 123t 456t 789t 123w 5w"))
    >>> best(key, key, 1, lambda: len)[0], best(2, 2, 1, lambda: len)
    ((0, 22, 1), None)
    """
    parts = _packed_parts(key)
    return best_of_parts(parts, _plans_of(parts, wild), used, wild, new_rank)


def best_of_parts(
    parts: Sequence[int],
    plans: Sequence[_Plan],
    used: int,
    wild: int,
    new_rank: Callable[[], Callable[[Sequence[_Code]], int]],
) -> _Reading | None:
    """:func:`best` of the packed ``parts`` (:func:`~changpai.nantong.solver._packed_parts`) with
    their ``plans`` (:func:`_plans_of`: a caller that has them leaves at once if there are
    none, as most dealt hands do).

    >>> parts = (0x11, 0, 2, 0)  # (一條 二條, and a pair of 一萬)
    >>> best_of_parts(parts, _plans_of(parts, 1), 0, 1, lambda: len)
    ((0, 18, 0), (2, 0, 4))
    """
    # (the codes ranked, and the reading: sorted, or the readings of the part with two 百搭
    # to mark and join to the rest)
    found: list[tuple[Sequence[_Code], _Reading, list[_Pick] | None]] = []
    one_wild: dict[tuple[int, bool], list[_Reading]] = {}
    two_wild: dict[tuple[int, bool], list[_Group]] = {}
    for plain, hosts, wild_pair in plans:
        options: list[Sequence[_Reading]] = []
        groups: list[_Group] | None = None
        # the parts without 百搭 first: a share mostly fails on them, before its 百搭 are tried
        for p, pair in plain:
            readings = _plain_readings(p, parts[p], pair)
            if not readings:
                break
            options.append(readings)
        else:
            for p, w, pair in hosts:
                # (shares that differ only in where the pair is, or the other 百搭, read the
                # part again: it is read once)
                if w == 1:
                    marked = one_wild.get((p, pair))
                    if marked is None:
                        marked = one_wild[p, pair] = _one_wild_readings(p, parts[p], pair, used)
                    if not marked:
                        break
                    options.append(marked)
                else:
                    groups = two_wild.get((p, pair))
                    if groups is None:
                        groups = two_wild[p, pair] = _two_wild_groups(p, parts[p], pair, used)
                    if not groups:
                        break
            else:
                if wild_pair:
                    options.append(_wild_pair(used))
                if groups is None:
                    found += [(codes, codes, None) for codes in _combined(options)]
                else:
                    found += [
                        ((*codes, *first), codes, picks)
                        for codes in _combined(options)
                        for first, picks in groups
                    ]
    if len(found) <= 1:
        return _marked_hand(*found[0][1:]) if found else None
    rank = new_rank()
    if wild == 1:  # (every reading is marked: the first of the most rank)
        best_codes = found[0][1]
        best_rank = rank(best_codes)
        for _, codes, _ in found[1:]:
            value = rank(codes)
            if value > best_rank or (value == best_rank and codes < best_codes):
                best_codes, best_rank = codes, value
        return best_codes
    values = [rank(codes) for codes, _, _ in found]
    for value in sorted(set(values), reverse=True):
        marked = [
            reading
            for (_, codes, picks), of in zip(found, values, strict=True)
            if of == value and (reading := _marked_hand(codes, picks)) is not None
        ]
        if marked:
            return min(marked)
    return None


def fits(key: int, used: int, wild: int) -> bool:
    """Whether the packed plain cards ``key`` with ``wild`` (1 or 2) 百搭 and no declared melds
    have a reading whose 百搭 stand for kinds with copies left beside the ``used`` ones:
    :func:`best` is not None, found without reading more than it needs (a share whose parts
    without 百搭 have a reading, whose parts with one have a kind completing them, whose part
    with two has a reading each group of which keeps a real card).

    >>> from changpai.nantong.cards import parse
    >>> from changpai.nantong.hand import _PACKED
    >>> key = sum(_PACKED[c.index] for c in parse("123b 456b 789b 123t 456t 789t 123w 5w"))
    >>> three_flipped = key + 3 * _PACKED[22]  # (the other three 五萬 flipped: none left)
    >>> fits(key, key, 1), fits(key, three_flipped, 1), fits(2, 2, 1)
    (True, False, False)
    """
    parts = _packed_parts(key)
    for plain, hosts, wild_pair in _plans_of(parts, wild):
        if wild_pair and not _wild_pair(used):
            continue
        for p, pair in plain:
            if not _plain_readings(p, parts[p], pair):
                break
        else:
            for p, w, pair in hosts:
                x = parts[p]
                if w == 2:
                    groups = _two_wild_groups(p, x, pair, used)
                    if not any(_smallest_marking(picks) is not None for _, picks in groups):
                        break
                elif p < 3 and (completing := _COMPLETING.get(x)) is not None:
                    if not _with_copies_left(completing, used, p):
                        break
                elif not _one_more(p, x, pair, _kinds(p, x, used)):
                    break
            else:
                return True
    return False


def _plain_readings(p: int, x: int, pair: bool) -> Sequence[_Reading]:
    """The readings of part ``p`` packed in ``x`` with no 百搭 (with the pair if ``pair``,
    which its size matches): the tables', or for a suit too big for them its own.

    >>> _plain_readings(0, 3 * 0x111, False)[0], _plain_readings(0, 0x11, False)
    (((1, 0, 0), (1, 1, 0), (1, 2, 0)), ())
    """
    readings = _TABLES[p].get(x)
    if readings is not None:
        return readings
    # (the tables hold every part of at most _TABLE_CARDS cards with a reading: only a bigger
    # suit is read)
    size = _suit_size(x)
    if p == 3 or size <= _TABLE_CARDS:
        return ()
    return _packed_part_plain(p, x, size, pair)


def _marked_hand(codes: _Reading, picks: list[_Pick] | None) -> _Reading | None:
    """The reading of the hand: ``codes``, with the smallest marking of ``picks`` (the part
    with two 百搭: :func:`_smallest_marking`) if there, sorted; None if it cannot be marked.

    >>> _marked_hand(((1, 0, 0),), [(((0, 3, 0), (2, 2, 0)), 3, 3)])
    ((0, 3, 1), (1, 0, 0), (2, 2, 2))
    """
    if picks is None:
        return codes
    part = _smallest_marking(picks)
    return None if part is None else tuple(sorted((*codes, *part)))


def _combined(options: list[Sequence[_Reading]]) -> list[_Reading]:
    """The readings of a hand made of one reading of each part (``options``, each sorted),
    of each part only the first of those that rank alike (:func:`_firsts`).

    >>> _combined([[((2, 0, 0),)], [((0, 9, 0), (1, 12, 0))]])
    [((0, 9, 0), (1, 12, 0), (2, 0, 0))]
    """
    fixed: list[_Code] = []
    many = []
    for readings in options:
        if len(readings) == 1:
            fixed += readings[0]
        else:
            many.append(_firsts(readings))
    if not many:
        fixed.sort()
        return [tuple(fixed)]
    found = []
    for combo in itertools.product(*many):
        codes = fixed.copy()
        for reading in combo:
            codes += reading
        codes.sort()
        found.append(tuple(codes))
    return found


def _firsts(readings: Sequence[_Reading]) -> Sequence[_Reading]:
    """The first of ``readings`` (sorted) of each kind of what ranks them: the faces of the
    刻子, the 文錢 and whether other 順子 are there. Readings alike in these rank alike with
    any readings of the other parts, and the first makes the smaller reading of the hand (see
    :func:`changpai.nantong.hand._best_wild`): the others are never picked.

    >>> _firsts([((2, 0, 1), (2, 3, 0)), ((2, 0, 0), (2, 3, 2)), ((1, 0, 1), (2, 1, 0))])
    [((2, 0, 1), (2, 3, 0)), ((1, 0, 1), (2, 1, 0))]
    """
    if len(readings) == 1:
        return readings
    seen: dict[tuple[tuple[int, ...], int, bool], _Reading] = {}
    for reading in readings:
        key = _alike(reading)
        if key not in seen:
            seen[key] = reading
    return list(seen.values())
