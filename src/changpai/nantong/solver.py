"""The cached search for a pair and groups in Nantong 長牌 counts (nantong.md §4), under the
hand analysis of :mod:`changpai.nantong.hand` and the win checks of the engine.

Counts are 30-tuples over the plain card kinds (``Card.index`` 0..29); ``wild`` is the number of
百搭. The three suits and the honours share no group, so a win check solves each part alone for
the fewest 百搭 it needs; :func:`_all` lists every reading as group codes.

>>> from changpai.nantong.cards import count_tuple, parse
>>> counts = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))[:30]
>>> _can(counts, 0, True), len(_all(counts, 0, True))
(True, 1)
>>> _need(counts[18:27], 0), _need((1, 1, 1), UNCAPPED)
((1, 0), (6, 5))
"""

from __future__ import annotations

import itertools
import operator
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any

from changpai.core import caches
from changpai.nantong.cards import N_PLAIN

# A group code is (type, face index, wild mask): type 0 pair, 1 刻子, 2 順子 (face = lowest card);
# bit j of the mask says the j-th card of the group is a 百搭.
_Code = tuple[int, int, int]


# Bounded caches (caches.stats('nantong')): at most 2**16 / 2**14 / 64 entries.
@caches.lru("nantong", maxsize=1 << 16)
def _can(counts: tuple[int, ...], wild: int, need_pair: bool) -> bool:
    """Whether the counts (30 plain kinds) plus ``wild`` 百搭 form groups (and one pair).

    The three suits and the honours share no group, so each part is solved alone for the
    fewest 百搭 it needs, with and without the pair (:func:`_need`); spare 百搭 make whole
    groups (or the pair) on their own, which the size check below leaves a multiple of three.
    """
    if (sum(counts) + wild - 2 * need_pair) % 3:
        return False
    limit = _limit(wild)
    t0, t1 = _need(counts[0:9], limit)
    b0, b1 = _need(counts[9:18], limit)
    w0, w1 = _need(counts[18:27], limit)
    h0, h1 = _need(counts[27:30], limit)
    plain = t0 + b0 + w0 + h0
    if not need_pair:
        return plain <= wild
    return plain + min(t1 - t0, b1 - b0, w1 - w0, h1 - h0) <= wild


# No cap on the needs of _need (a hand needs at most two 百搭 a card): hands with and without
# 百搭 share the cached answers. A plain check (cap 0) is faster where no 百搭 can turn up.
UNCAPPED = 99


# The deck holds five 百搭 (nantong.md §1): a need above five can never be met, so the search
# of a hand holding 1..5 stops there (the cap is the same for all of them: shared answers).
DECK_BAIDA = 5


def _limit(wild: int) -> int:
    """The cap on the needs of :func:`_need` for a hand holding ``wild`` 百搭."""
    if wild == 0:
        return 0
    return DECK_BAIDA if wild <= DECK_BAIDA else UNCAPPED


# the four parts of the 30 plain kinds that share no group: 條, 丙, 萬 and the honours
_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 30))
_PART = (0,) * 9 + (1,) * 9 + (2,) * 9 + (3,) * 3


@caches.lru("nantong", maxsize=1 << 12)
def _part_needs(counts: tuple[int, ...], limit: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """For 30 plain counts: the fewest 百搭 completing them with the pair, and, for each part,
    what the other three parts need without the pair and the least extra the pair costs there
    (every need capped as in :func:`_need`).

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> counts = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))[:30]
    >>> _part_needs(counts, 0)[0], _part_needs_of(counts, 5) == _part_needs(counts, 5)
    (0, True)
    """
    (t, tp), (b, bp), (w, wp), (h, hp) = (
        _need(counts[0:9], limit), _need(counts[9:18], limit),
        _need(counts[18:27], limit), _need(counts[27:30], limit),
    )  # fmt: skip
    tp, bp, wp, hp = tp - t, bp - b, wp - w, hp - h
    others = (
        (b + w + h, min(bp, wp, hp)),
        (t + w + h, min(tp, wp, hp)),
        (t + b + h, min(tp, bp, hp)),
        (t + b + w, min(tp, bp, wp)),
    )
    return t + b + w + h + min(tp, bp, wp, hp), others


# uncached (a hand's 30 counts seldom come back; the engine looks its parts up one by one,
# :func:`_parts_allow`)
_part_needs_of = _part_needs.__wrapped__


def _can_plus(counts: tuple[int, ...], wild: int, extra: int, limit: int) -> bool:
    """``_can(counts + one card of kind extra, wild, True)`` (``extra`` -1 adds nothing) for a
    caller that has checked the size (pair + groups) and that caps the needs at ``limit`` (at
    least ``wild``): the parts the extra card leaves alone are looked up once per hand, and
    most hands fail on them before the last part is solved.
    """
    return _can_plus_given(_part_needs(counts, limit), counts, wild, extra, limit)


def _can_plus_given(
    needs: tuple[int, tuple[tuple[int, int], ...]],
    counts: tuple[int, ...],
    wild: int,
    extra: int,
    limit: int,
) -> bool:
    """:func:`_can_plus` with ``needs`` = ``_part_needs(counts, limit)`` already looked up
    (the engine keeps them per seat while his hand is unchanged)."""
    whole, others = needs
    if extra < 0:
        return whole <= wild
    p = _PART[extra]
    rest, pair = others[p]
    return _fits_with_card(rest, pair, counts, wild, extra, limit)


# for the part sizes of a hand (mod 3), with 百搭 in the deck or not: the least each part needs
# (what its groups miss; a plain check caps the needs at one) and their sum
_FLOORS = tuple(
    {
        sums: (*floors, sum(floors))
        for sums in itertools.product(range(3), repeat=4)
        for floors in [tuple(min((-s) % 3, cap) for s in sums)]
    }
    for cap in (1, DECK_BAIDA + 1)
)
# the parts whose needs :func:`_parts_allow` looks up for a card of part p (4: a 百搭),
# the honours first, and a pair term above any the parts have
_LOOKUP_ORDER = tuple(tuple(q for q in (3, 0, 1, 2) if q != p) for p in range(5))
_NO_PAIR = 99


def _parts_allow(
    needs: list[Any], floors: tuple[int, ...], plain: tuple[int, ...], wild: int, x: int, limit: int
) -> bool:
    """``_can_plus(plain, wild, x, limit)`` (``x`` -1 adds nothing) for a hand of the right
    size, from ``needs``, the :func:`_need` of its four parts (None until looked up; filled
    here), and ``floors``, the least each part needs by its size (:data:`_FLOORS`).

    The parts but the one of ``x`` are looked up one by one, the honours first (their needs
    are few and soon known), and the check stops as soon as those looked up and the floors of
    the others ask for more than one 百搭 over the hand's: the changed part needs at least
    nothing, and the pair takes back at most one (a pair made a 刻子 needs one 百搭 more).

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> plain = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w"))[:30]
    >>> floors = _FLOORS[True][tuple(sum(plain[lo:hi]) % 3 for lo, hi in _BOUNDS)]
    >>> needs, cap = [None] * 4, DECK_BAIDA
    >>> _parts_allow(needs, floors, plain, 0, 22, cap), _parts_allow(needs, floors, plain, 1, -1, cap)
    (True, True)
    >>> _parts_allow(needs, floors, plain, 0, 23, cap), needs[0]
    (False, (0, 2))
    """
    p = _PART[x] if x >= 0 else 4
    left = floors[4] - floors[p] if x >= 0 else floors[4]  # the floors of the parts to look up
    enough = wild + 1
    rest = 0
    pair = _NO_PAIR
    for q in _LOOKUP_ORDER[p]:
        need = needs[q]
        if need is None:
            lo, hi = _BOUNDS[q]
            need = needs[q] = _need(plain[lo:hi], limit)
        alone, with_pair = need
        rest += alone
        left -= floors[q]
        if with_pair - alone < pair:
            pair = with_pair - alone
        if rest + left > enough:
            return False
    if x < 0:
        return rest + pair <= wild
    return _fits_with_card(rest, pair, plain, wild, x, limit)


def _fits_with_card(
    rest: int, pair: int, counts: tuple[int, ...], wild: int, x: int, limit: int
) -> bool:
    """Whether ``wild`` 百搭 cover a hand whose parts other than that of kind ``x`` need
    ``rest`` (the pair taking ``pair`` more in one of them, at best), once its own part — of
    ``counts`` — holds one card of ``x`` more: the end of :func:`_can_plus_given` and
    :func:`_parts_allow`.

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> plain = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w"))[:30]
    >>> _fits_with_card(0, _NO_PAIR, plain, 0, 22, DECK_BAIDA)
    True
    """
    if rest + (pair if pair < 0 else 0) > wild:  # the changed part needs at least nothing
        return False
    lo, hi = _BOUNDS[_PART[x]]
    part = list(counts[lo:hi])
    part[x - lo] += 1
    a, b = _need(tuple(part), limit)
    return rest + a + (pair if pair < b - a else b - a) <= wild


@caches.lru("nantong", maxsize=1 << 15)
def _need(part: tuple[int, ...], limit: int) -> tuple[int, int]:
    """The fewest 百搭 that complete one suit's counts (9 kinds, 順子 allowed) or the honours'
    (3 kinds, only pairs and 刻子) into groups: without the pair, and with it — each capped
    at ``limit + 1`` (any need above ``limit`` is "too many": a sum with one is too).

    A suit is solved block by block (:func:`_blocks`); the honours and the plain checks
    (``limit`` 0) whole.

    >>> _need((1, 1, 0, 0, 0, 0, 0, 2, 2), 5), _need((1, 1, 0, 0, 0, 0, 0, 2, 2), 0)
    ((3, 2), (1, 1))
    """
    if limit == 0 or len(part) != 9:
        return _fewest(part, False, limit), _fewest(part, True, limit)
    plain = 0
    pair = 2  # a pair of two 百搭
    table = _RUN_NEEDS if limit == DECK_BAIDA else {}
    # the blocks of _blocks, read as runs of bytes (a cut at every two empty kinds in a row)
    for run in bytes(part).split(b"\0\0"):
        run = run.strip(b"\0")
        if not run:
            continue
        needs = table.get(run)
        if needs is None:
            block = (*run, *_ZEROS[len(run)])
            needs = _fewest(block, False, limit), _fewest(block, True, limit)
        alone, with_pair = needs
        plain += alone
        if with_pair - alone < pair:
            pair = with_pair - alone
    over = limit + 1
    return min(plain, over), min(plain + pair, over)


def _blocks(part: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The runs of a suit's counts cut at two empty kinds in a row, each moved to the bottom
    of the suit (padded with empty kinds to nine).

    No group with a real card on each side of two empty kinds needs fewer 百搭 than groups
    within each side (a 順子 over them holds one real card: a 刻子 of it needs as many), and
    a block's need does not depend on where it lies in the suit (three kinds in a row that
    hold its cards always fit within the nine): the blocks' needs add up, and blocks from
    different hands and places share the cached answers of :func:`_fewest`.

    >>> list(_blocks((0, 1, 0, 1, 0, 0, 3, 0, 0)))
    [(1, 0, 1, 0, 0, 0, 0, 0, 0), (3, 0, 0, 0, 0, 0, 0, 0, 0)]
    """
    start = -1
    gap = 0
    for k, c in enumerate(part):
        if c:
            if start < 0:
                start = k
            gap = 0
            end = k
        elif start >= 0:
            gap += 1
            if gap == 2:
                yield part[start : end + 1] + _ZEROS[end + 1 - start]
                start = -1
    if start >= 0:
        yield part[start : end + 1] + _ZEROS[end + 1 - start]


_ZEROS = tuple((0,) * (9 - n) for n in range(10))


@caches.lru("nantong", maxsize=1 << 16)
def _fewest(part: tuple[int, ...], pair: bool, limit: int) -> int:
    """:func:`_need` for one pair flag, by the group that holds the lowest real card, trying
    only groups that can beat the best found so far (the cap stays ``limit`` all the way down,
    so that the cached answers serve every hand). A 百搭 never replaces a real card that could
    fill the same slot (swapping them keeps the count), so a 順子 starts at the lowest card.
    What a suit leaves is moved to the bottom (:func:`_blocks`: the need stays the same, and
    the cached answers are shared)."""
    if limit == 0:
        return _plain_fewest(part, pair)
    if limit == DECK_BAIDA:
        known = _BLOCK_NEEDS.get(part)
        if known is not None:
            return known[pair]
    i = 0 if part[0] else next((k for k, c in enumerate(part) if c), -1)
    if i < 0:
        return limit + 1 if pair and limit < 2 else 2 * pair
    suit = len(part) == 9
    if suit and i:
        return _fewest(_lowered(list(part), i), pair, limit)
    c = part[i]
    lst = list(part)
    best = limit + 1
    # the cards and 百搭 fill whole groups (and the pair): no answer is below ``low``, so the
    # first reading that reaches it is the answer
    low = (2 * pair - sum(part)) % 3
    if pair:
        for real in range(min(c, 2), 0, -1):
            cost = 2 - real
            if cost < best:
                lst[i] -= real
                cost += _fewest(_lowered(lst, i) if suit else tuple(lst), False, limit)
                lst[i] += real
                if cost < best:
                    if cost == low:
                        return cost
                    best = cost
    for real in range(min(c, 3), 0, -1):
        cost = 3 - real
        if cost < best:
            lst[i] -= real
            cost += _fewest(_lowered(lst, i) if suit else tuple(lst), pair, limit)
            lst[i] += real
            if cost < best:
                if cost == low:
                    return cost
                best = cost
    if suit and i <= 6:  # 順子 within the suit, from the lowest card
        cost = 0
        taken = [i]
        for k in (i + 1, i + 2):
            if lst[k]:
                taken.append(k)
            else:
                cost += 1
        if cost < best:
            for k in taken:
                lst[k] -= 1
            cost += _fewest(_lowered(lst, i), pair, limit)
            for k in taken:
                lst[k] += 1
            if cost < best:
                best = cost
    return best


def _small_blocks(most: int) -> list[tuple[int, ...]]:
    """Every block (:func:`_blocks`) of at most ``most`` cards, within four copies.

    >>> [block[:3] for block in _small_blocks(2)]
    [(1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
    """
    found = []

    def grow(prefix: tuple[int, ...], left: int) -> None:
        if prefix[-1]:
            found.append(prefix + _ZEROS[len(prefix)])
        if len(prefix) == 9:
            return
        for c in range(0 if prefix[-1] else 1, min(left, 4) + 1):
            grow((*prefix, c), left - c)

    for first in range(1, min(most, 4) + 1):
        grow((first,), most - first)
    return sorted(found, key=sum)


def _lowered(lst: list[int], i: int) -> tuple[int, ...]:
    """A suit's counts (no card below ``i``) moved down to start at their lowest card."""
    while i < 9 and not lst[i]:
        i += 1
    return tuple(lst[i:]) + _ZEROS[9 - i]


# The needs (without and with the pair) of the blocks of at most eight cards under the cap of
# a hand with 百搭 (DECK_BAIDA), built at import (2,548 blocks, about 18 ms): the searches of
# bigger blocks end in them, and the engine's cold hands solve few blocks of their own.
_BLOCK_NEEDS: dict[tuple[int, ...], tuple[int, int]] = {}
for _block in _small_blocks(8):  # (smaller first: a block's search finds the smaller ones)
    _BLOCK_NEEDS[_block] = (
        _fewest.__wrapped__(_block, False, DECK_BAIDA),
        _fewest.__wrapped__(_block, True, DECK_BAIDA),
    )
del _block
_fewest.cache_clear()  # (the searches above filled it: the cold figures start from nothing)
# the same by the block's run of counts as bytes (no empty kinds after it), as _need reads them
_RUN_NEEDS = {bytes(block).rstrip(b"\0"): needs for block, needs in _BLOCK_NEEDS.items()}


def _groups_only(part: list[int]) -> bool:
    """Whether the counts of one part form groups with no 百搭 (changes ``part``). Three of
    the lowest card go as a 刻子 (three 順子 from it hold the same cards as three 刻子), the
    rest start 順子."""
    suit = len(part) == 9
    for i, c in enumerate(part):
        r = c % 3
        if r:
            if not suit or i > 6 or part[i + 1] < r or part[i + 2] < r:
                return False
            part[i + 1] -= r
            part[i + 2] -= r
    return True


def _plain_fewest(part: tuple[int, ...], pair: bool) -> int:
    """:func:`_fewest` capped at 0: 0 if the part forms its groups (and the pair) with no
    百搭, else 1."""
    if not pair:
        return 0 if _groups_only(list(part)) else 1
    if sum(part) % 3 != 2:
        return 1
    for i, c in enumerate(part):
        if c >= 2:
            rest = list(part)
            rest[i] -= 2
            if _groups_only(rest):
                return 0
    return 1


def _branches(
    counts: tuple[int, ...], wild: int, need_pair: bool, i: int
) -> Iterator[tuple[_Code, tuple[int, ...], int, bool]]:
    """Every group that contains the lowest real card ``i``, yielding what is left."""
    c = counts[i]
    lst = list(counts)
    if wild == 0:  # the same groups, without trying 百搭 in their slots
        if need_pair and c >= 2:
            lst[i] -= 2
            yield (0, i, 0), tuple(lst), 0, False
            lst[i] += 2
        if c >= 3:
            lst[i] -= 3
            yield (1, i, 0), tuple(lst), 0, need_pair
            lst[i] += 3
        if i < 27 and i % 9 < 7 and counts[i + 1] and counts[i + 2]:
            lst[i] -= 1
            lst[i + 1] -= 1
            lst[i + 2] -= 1
            yield (2, i, 0), tuple(lst), 0, need_pair
        return
    if need_pair:
        for real in range(min(c, 2), 0, -1):
            if 2 - real <= wild:
                lst[i] -= real
                yield (0, i, 2 - real), tuple(lst), wild - (2 - real), False
                lst[i] += real
    for real in range(min(c, 3), 0, -1):
        if 3 - real <= wild:
            lst[i] -= real
            yield (1, i, 3 - real), tuple(lst), wild - (3 - real), need_pair
            lst[i] += real
    if i < 27:
        base = i - i % 9
        for start in (i - 2, i - 1, i):
            if start < base or start + 2 > base + 8:
                continue
            # positions before i must be wild (counts there are zero); i real; after: real or wild
            pre = i - start
            if pre > wild:
                continue
            others = [start + j for j in range(3) if start + j > i]
            for choice in range(1 << len(others)):
                mask = (1 << pre) - 1
                use_wild = pre
                ok = True
                taken: list[int] = []
                for bit, k in enumerate(others):
                    if choice >> bit & 1:
                        mask |= 1 << (k - start)
                        use_wild += 1
                    elif lst[k] > 0:
                        taken.append(k)
                    else:
                        ok = False
                        break
                if not ok or use_wild > wild:
                    continue
                lst[i] -= 1
                for k in taken:
                    lst[k] -= 1
                yield (2, start, mask), tuple(lst), wild - use_wild, need_pair
                lst[i] += 1
                for k in taken:
                    lst[k] += 1


@caches.lru("nantong", maxsize=1 << 14)
def _all(counts: tuple[int, ...], wild: int, need_pair: bool) -> tuple[tuple[_Code, ...], ...]:
    """Every decomposition (sorted group codes) of the counts plus ``wild`` 百搭."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return _all_wild(wild, need_pair)
    found: set[tuple[_Code, ...]] = set()
    for code, rest, w, np in _branches(counts, wild, need_pair, i):
        if not _can(rest, w, np):
            continue
        for tail in _all(rest, w, np):  # (sorted: the code goes in at its place)
            k = bisect_right(tail, code)
            found.add((*tail[:k], code, *tail[k:]))
    return tuple(sorted(found))


@caches.lru("nantong", maxsize=64)
def _all_wild(wild: int, need_pair: bool) -> tuple[tuple[_Code, ...], ...]:
    """Groups made of 百搭 only: a pair or 刻子 of any plain kind, or a 順子 of any suit (a
    百搭 may be any card, nantong.md §1), each listed once (copies are checked later).

    >>> len(_all_wild(3, False)), _all_wild(3, False)[-1]
    (51, ((2, 24, 7),))
    """
    if wild == 0:
        return ((),) if not need_pair else ()
    if need_pair:
        if wild < 2:
            return ()
        return tuple(
            tuple(sorted(((0, k, 2), *tail)))
            for k in range(N_PLAIN)
            for tail in _all_wild(wild - 2, False)
        )
    if wild % 3:
        return ()
    groups = [(1, k, 3) for k in range(N_PLAIN)] + [(2, k, 7) for k in range(27) if k % 9 < 7]
    result = {
        tuple(sorted((group, *tail))) for group in groups for tail in _all_wild(wild - 3, False)
    }
    return tuple(sorted(result))


# A whole hand packed into one int, four bits per card kind (``Card.index``): the parts are
# bit fields, and as 16 leaves 1 modulo 3 a part's int is its card count modulo 3. The
# 百搭-free checks below work on it with no cache (the hot path of the analysis).
PACK_BITS = 4
_SUIT_BITS = 9 * PACK_BITS
_SUIT_MASK = (1 << _SUIT_BITS) - 1
_HONOUR_MASK = (1 << 3 * PACK_BITS) - 1
_HONOURS_AT = 27 * PACK_BITS
_RUN = 1 | 1 << PACK_BITS | 1 << 2 * PACK_BITS  # one card of three kinds in a row


def _packed_parts(key: int) -> tuple[int, int, int, int]:
    """The packed 條, 丙, 萬 and honours of a packed hand.

    >>> _packed_parts(1 | 2 << _SUIT_BITS | 3 << _HONOURS_AT)
    (1, 2, 0, 3)
    """
    return (
        key & _SUIT_MASK,
        key >> _SUIT_BITS & _SUIT_MASK,
        key >> 2 * _SUIT_BITS & _SUIT_MASK,
        key >> _HONOURS_AT & _HONOUR_MASK,
    )


def _pair_fits(mt: int, mb: int, mw: int, mh: int) -> bool:
    """Whether parts of these sizes modulo 3 (a packed part modulo 3 is its size's) are
    groups (0) but for the one with the pair (2).

    >>> _pair_fits(0, 2, 0, 0), _pair_fits(1, 1, 0, 0)
    (True, False)
    """
    return mt + mb + mw + mh == 2 and mt != 1 and mb != 1 and mw != 1


def _plain_complete(key: int) -> bool:
    """Whether a packed hand of plain cards only forms groups and one pair
    (``_can(counts, 0, True)``, without a cache).

    >>> from changpai.nantong.cards import parse
    >>> def packed(text): return sum(1 << PACK_BITS * c.index for c in parse(text))
    >>> _plain_complete(packed("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    True
    >>> _plain_complete(packed("123b 456b 789b 123t 456t 789t 124w 5w 5w"))
    False
    """
    t, b, w, h = _packed_parts(key)
    mt, mb, mw, mh = t % 3, b % 3, w % 3, h % 3
    if not _pair_fits(mt, mb, mw, mh):
        return False
    if h not in _HONOUR_READINGS:  # (its size fits the pair: _pair_fits)
        return False
    # a suit in its table has a reading (with the pair if it is of 2 mod 3)
    t0, t1, t2 = _SUIT_TABLES
    return (
        (t in t0 or _suit_forms(t, mt == 2))
        and (b in t1 or _suit_forms(b, mb == 2))
        and (w in t2 or _suit_forms(w, mw == 2))
    )


def _suit_forms(x: int, pair: bool) -> bool:
    """Whether one packed suit forms groups (and the pair, if ``pair``) with no 百搭."""
    if not pair:
        return _runs_and_sets(x)
    for shift in range(0, _SUIT_BITS, PACK_BITS):
        if (x >> shift & 15) >= 2 and _runs_and_sets(x - (2 << shift)):
            return True
    return False


def _runs_and_sets(x: int) -> bool:
    """:func:`_groups_only` of one packed suit: the lowest card's count modulo three starts
    順子, the rest are 刻子."""
    shift = 0
    while x:
        while not x >> shift & 15:
            shift += PACK_BITS
        r = (x >> shift & 15) % 3
        if r:
            if (
                shift > 6 * PACK_BITS
                or (x >> shift + PACK_BITS & 15) < r
                or (x >> shift + 2 * PACK_BITS & 15) < r
            ):
                return False
            x -= r * _RUN << shift
        x &= ~(15 << shift)
    return True


def _plain_all(key: int) -> tuple[tuple[_Code, ...], ...]:
    """``_all(counts, 0, True)`` of a packed hand of plain cards (empty if it is not complete),
    built part by part with no cache: the parts share no group, so a reading is one reading of
    each.

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> cards = parse("111222333t 444555666b 777w 5t 5t")
    >>> key = sum(1 << PACK_BITS * c.index for c in cards)
    >>> _plain_all(key) == _all(count_tuple(cards)[:30], 0, True), len(_plain_all(key))
    (True, 4)
    """
    t, b, w, h = _packed_parts(key)
    honours = _HONOUR_READINGS.get(h)
    if honours is None:
        return ()
    mt, mb, mw = t % 3, b % 3, w % 3
    if not _pair_fits(mt, mb, mw, h % 3):
        return ()
    tables = _SUIT_TABLES  # (an empty suit, 0, has the one empty reading)
    options = (
        tables[0].get(t) or _big_suit(t, 0, mt == 2),
        tables[1].get(b) or _big_suit(b, 1, mb == 2),
        tables[2].get(w) or _big_suit(w, 2, mw == 2),
        honours,
    )
    rt, rb, rw, _ = options
    if len(rt) == 1 and len(rb) == 1 and len(rw) == 1:
        codes = [*rt[0], *rb[0], *rw[0], *honours[0]]
        codes.sort()
        return (tuple(codes),)
    if not (rt and rb and rw):
        return ()
    # a group can be read twice from one suit (a 刻子 then a 順子 from four of its lowest card,
    # or the other way round): a set keeps each reading once, as _all does
    found = {tuple(sorted(itertools.chain.from_iterable(p))) for p in itertools.product(*options)}
    return tuple(sorted(found))


# The readings of the suits that hold at most three groups (and maybe the pair) or four groups
# (no pair), by packed suit, one table per suit (faces from its first kind): built at import
# from the groups themselves (a reading is a multiset of groups), about 8,500 suits each.
_TABLE_GROUPS = 3
_TABLE_CARDS = 3 * _TABLE_GROUPS + 3


def _suit_table(base: int) -> dict[int, tuple[tuple[_Code, ...], ...]]:
    """Every reading of each packed suit (faces from ``base``) of at most
    :data:`_TABLE_GROUPS` groups and at most one pair, or one more group and no pair, within
    four copies of a card: every suit of at most :data:`_TABLE_CARDS` cards that has a
    reading is there.

    >>> table = _suit_table(9)
    >>> table[3 * _RUN]
    (((1, 9, 0), (1, 10, 0), (1, 11, 0)), ((2, 9, 0), (2, 9, 0), (2, 9, 0)))
    >>> table[2 | 3 << PACK_BITS]
    (((0, 9, 0), (1, 10, 0)),)
    """
    sets = [((1, base + k, 0), 3 << PACK_BITS * k) for k in range(9)]
    runs = [((2, base + k, 0), _RUN << PACK_BITS * k) for k in range(7)]
    pairs = [((0, base + k, 0), 2 << PACK_BITS * k) for k in range(9)]
    found: dict[int, set[tuple[_Code, ...]]] = {}
    with_pair = [((), 0)] + [((code,), packed) for code, packed in pairs]
    for n in range(_TABLE_GROUPS + 2):
        for groups in itertools.combinations_with_replacement(sets + runs, n):
            key = sum(packed for _, packed in groups)
            codes = tuple(code for code, _ in groups)  # (sorted: 刻子, then 順子, by face)
            for pair, packed in with_pair if n <= _TABLE_GROUPS else with_pair[:1]:
                if _within_four(key + packed):
                    found.setdefault(key + packed, set()).add((*pair, *codes))
    return {key: tuple(sorted(readings)) for key, readings in found.items()}


_FIELDS = tuple(1 << PACK_BITS * k for k in range(9))  # a count's weight in a packed part
_FIELD_1 = sum(_FIELDS)  # bit j of every field of a packed part: _FIELD_1 << j
_FIELD_2, _FIELD_4, _FIELD_8 = _FIELD_1 << 1, _FIELD_1 << 2, _FIELD_1 << 3


def _within_four(x: int) -> bool:
    """Whether no field of a packed suit holds more than four cards (fields below 16)."""
    return not (x & _FIELD_8 or x & _FIELD_4 & (x << 1 | x << 2))


def _held_kinds(x: int) -> int:
    """The kinds a packed part holds, as the packed part of one card of each (a field holds
    at most four cards: its three lowest bits tell).

    >>> _held_kinds(3 | 4 << 2 * PACK_BITS) == 1 | 1 << 2 * PACK_BITS
    True
    """
    return (x | x >> 1 | x >> 2) & _FIELD_1


def _suit_size(x: int) -> int:
    """How many cards a packed suit holds (fields below 8).

    >>> _suit_size(3 | 4 << PACK_BITS)
    7
    """
    return (
        (x & _FIELD_1).bit_count() + 2 * (x & _FIELD_2).bit_count() + 4 * (x & _FIELD_4).bit_count()
    )


def _moved_table(
    table: dict[int, tuple[tuple[_Code, ...], ...]], base: int
) -> dict[int, tuple[tuple[_Code, ...], ...]]:
    """:func:`_suit_table` of another suit (faces from ``base``) from the first suit's: the
    same packed suits, the faces moved (the readings keep their order).

    >>> _moved_table(_SUIT_TABLES[0], 9) == _suit_table(9)
    True
    """
    moved = {(kind, k, 0): (kind, base + k, 0) for kind in (0, 1, 2) for k in range(9)}
    move = moved.__getitem__
    return {x: tuple([tuple(map(move, r)) for r in readings]) for x, readings in table.items()}


# (the other suits' from the first suit's: a third of the work, at import)
_SUIT_TABLES = (_first := _suit_table(0), _moved_table(_first, 9), _moved_table(_first, 18))
del _first


def _completing_table() -> dict[int, int]:
    """The kinds of which a card more gives a suit of fewer than ``_TABLE_CARDS`` cards a
    reading (as the packed suit of one card of each), by packed suit, for the suits some
    kind completes: from the keys of the suit table, which holds every suit of at most
    ``_TABLE_CARDS`` cards that has a reading (the three suits' tables have the same keys).

    >>> table = _completing_table()
    >>> table[1 | 1 << PACK_BITS] == _FIELDS[2], 4 in table
    (True, False)
    """
    found: dict[int, int] = {}
    for field in _FIELDS:
        # (a field holds at most four cards: 15 * field is its whole width)
        for x in [key - field for key in _SUIT_TABLES[0] if key & 15 * field]:
            found[x] = found.get(x, 0) | field
    return found


# The kinds completing each suit, built at import (about 27,000 suits, 10 ms): a part with
# one 百搭 then looks up only them.
_COMPLETING = _completing_table()


def _honour_reading(h: int) -> tuple[_Code, ...]:
    """The one reading of packed honours that form groups: a 刻子 of three, the pair of two
    (sorted: the pair first).

    >>> _honour_reading(3 | 2 << PACK_BITS)
    ((0, 28, 0), (1, 27, 0))
    """
    codes = []
    for k in range(3):
        c = h >> PACK_BITS * k & 15
        if c:
            codes.append((0 if c == 2 else 1, 27 + k, 0))
    return tuple(sorted(codes))


def _big_suit(x: int, p: int, pair: bool) -> tuple[tuple[_Code, ...], ...]:
    """``tuple(sorted(set(_suit_readings(x, 9 * p, pair))))`` for suit ``p`` packed in ``x``
    within four copies of a card: by the group that holds the lowest card, what it leaves
    read from the table (of at most :data:`_TABLE_CARDS` cards) or again so.

    >>> x = 3 * _RUN | 3 * _RUN << 3 * PACK_BITS
    >>> readings = _big_suit(x, 0, False)
    >>> readings == tuple(sorted(set(_suit_readings(x, 0, False)))), len(readings)
    (True, 6)
    """
    low = (x & -x).bit_length() - 1
    shift = low - low % PACK_BITS
    c = x >> shift & 15
    face = 9 * p + shift // PACK_BITS
    found: set[tuple[_Code, ...]] = set()
    if pair and c >= 2:
        code = (0, face, 0)
        found.update((code, *tail) for tail in _suit_rest(x - (2 << shift), p, False))
    if c >= 3:
        code = (1, face, 0)
        found.update(_insert(code, tail) for tail in _suit_rest(x - (3 << shift), p, pair))
    if shift < 7 * PACK_BITS and x >> shift + PACK_BITS & 15 and x >> shift + 2 * PACK_BITS & 15:
        code = (2, face, 0)
        found.update(_insert(code, tail) for tail in _suit_rest(x - (_RUN << shift), p, pair))
    return tuple(sorted(found))


def _suit_rest(x: int, p: int, pair: bool) -> tuple[tuple[_Code, ...], ...]:
    """The readings of what :func:`_big_suit` leaves: the table's, none if it is small
    enough to be there, else :func:`_big_suit`'s."""
    readings = _SUIT_TABLES[p].get(x)
    if readings is not None:
        return readings
    if _suit_size(x) <= _TABLE_CARDS:
        return ()
    return _big_suit(x, p, pair)


# the one reading of each packed honours that form groups (刻子 of three and at most one pair
# of two; none: the empty reading)
_HONOUR_READINGS = {
    h: (_honour_reading(h),)
    for counts in itertools.product((0, 2, 3), repeat=3)
    if counts.count(2) <= 1
    for h in [sum(c << PACK_BITS * k for k, c in enumerate(counts))]
}


def _suit_readings(x: int, base: int, pair: bool) -> list[tuple[_Code, ...]]:
    """Every reading of one packed suit with no 百搭 (group codes, faces from ``base``, sorted),
    by the group that holds the lowest card. A reading can come twice (a 刻子 then a 順子 from
    four of the lowest card, or the other way round); the caller keeps each once, as _all."""
    runs: list[_Code] = []
    while True:  # one or two of the lowest card (not the pair) start as many 順子
        if not x:
            return [] if pair else [tuple(runs)]
        low = (x & -x).bit_length() - 1
        shift = low - low % PACK_BITS
        c = x >> shift & 15
        if c >= 3 or (pair and c == 2):
            break
        i = shift // PACK_BITS
        if i >= 7 or (x >> shift + PACK_BITS & 15) < c or (x >> shift + 2 * PACK_BITS & 15) < c:
            return []
        runs += [(2, base + i, 0)] * c
        x -= c * _RUN << shift
    i = shift // PACK_BITS
    found: list[tuple[_Code, ...]] = []
    if pair:  # (c >= 2)
        code = (0, base + i, 0)
        found += [(code, *tail) for tail in _suit_readings(x - (2 << shift), base, False)]
    if c >= 3:
        code = (1, base + i, 0)
        found += [_insert(code, tail) for tail in _suit_readings(x - (3 << shift), base, pair)]
    if i < 7 and x >> shift + PACK_BITS & 15 and x >> shift + 2 * PACK_BITS & 15:
        code = (2, base + i, 0)
        found += [_insert(code, tail) for tail in _suit_readings(x - (_RUN << shift), base, pair)]
    if runs:  # the 順子 below come before the tail's, after its pairs and 刻子
        found = [_insert_runs(runs, tail) for tail in found]
    return found


def _insert_runs(runs: list[_Code], tail: tuple[_Code, ...]) -> tuple[_Code, ...]:
    """``tuple(sorted((*runs, *tail)))`` for 順子 ``runs`` below every face of ``tail``."""
    for j, other in enumerate(tail):
        if other[0] == 2:
            return (*tail[:j], *runs, *tail[j:])
    return (*tail, *runs)


def _insert(code: _Code, tail: tuple[_Code, ...]) -> tuple[_Code, ...]:
    """``tuple(sorted((code, *tail)))`` for a sorted ``tail`` whose faces of code's type are
    all above code's."""
    for j, other in enumerate(tail):
        if other[0] >= code[0]:
            return (*tail[:j], code, *tail[j:])
    return (*tail, code)


@caches.lru("nantong", maxsize=1 << 12)
def _all_by_parts(counts: tuple[int, ...], wild: int) -> tuple[tuple[_Code, ...], ...]:
    """``_all(counts, wild, True)``, part by part: the three suits and the honours share no
    group, so a reading is one reading of each part (each with some of the 百搭, one of them
    or the 百搭 alone holding the pair) and the groups of 百搭 alone.

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> counts = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w"))[:30]
    >>> _all_by_parts(counts, 1) == _all(counts, 1, True), len(_all_by_parts(counts, 1))
    (True, 1)
    """
    found: set[tuple[_Code, ...]] = set()
    for options, alone, alone_pair in _part_options(counts, wild):
        for combo in itertools.product(*options, _all_wild(alone, alone_pair)):
            found.add(tuple(sorted(itertools.chain.from_iterable(combo))))
    return tuple(sorted(found))


_PartOptions = list[tuple[tuple[_Code, ...], ...]]


def _part_options(counts: tuple[int, ...], wild: int) -> Iterator[tuple[_PartOptions, int, bool]]:
    """For each way to share ``wild`` 百搭 among the four parts and the 百搭 alone that can
    make a reading: the readings of each part with its share (in part order, none empty),
    how many 百搭 are left alone and whether they hold the pair. A reading of the hand is
    one reading of each part and one of :func:`_all_wild` of the 百搭 alone.

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> counts = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w"))[:30]
    >>> [(len(options), alone, pair) for options, alone, pair in _part_options(counts, 1)]
    [(3, 0, False)]
    """
    parts = [counts[lo:hi] for lo, hi in _BOUNDS]
    sizes = [sum(part) for part in parts]
    tables: dict[tuple[int, int, bool], tuple[tuple[_Code, ...], ...]] = {}
    for spread in _SPREADS[wild]:
        alone = wild - sum(spread)
        for pair_at in range(5):  # a part, or (4) the 百搭 alone
            if alone < 2 * (pair_at == 4) or (alone - 2 * (pair_at == 4)) % 3:
                continue
            options = []
            for p, w in enumerate(spread):
                if not sizes[p] and not w:
                    if p == pair_at:
                        break
                    continue  # an empty part: no groups (its one reading is empty)
                pair = p == pair_at
                if (sizes[p] + w - 2 * pair) % 3:  # whole groups (and the pair) or nothing
                    break
                # the readings of part p with exactly w 百搭, looked up once per hand
                readings = tables.get((p, w, pair))
                if readings is None:
                    lo, hi = _BOUNDS[p]
                    readings = _part_all(parts[p], lo, hi - lo == 9, w, pair)
                    tables[p, w, pair] = readings
                if not readings:
                    break
                options.append(readings)
            else:
                yield options, alone, pair_at == 4


def _spreads(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to give at most ``total`` 百搭 to ``parts`` parts."""
    if parts == 0:
        return [()]
    return [(w, *rest) for w in range(total + 1) for rest in _spreads(total - w, parts - 1)]


# every way to give at most w 百搭 to the four parts, for each w a hand can hold
_SPREADS = tuple(_spreads(w, 4) for w in range(DECK_BAIDA + 1))


def _shares(mods: tuple[int, ...], wild: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The ways to share ``wild`` 百搭 among parts of sizes ``mods`` (modulo 3) and the 百搭
    alone that leave each part whole groups (0 modulo 3) but the pair's (2): (the 百搭 of
    each part, where the pair is: a part, or 4 for the 百搭 alone), in the order of the
    spreads of :data:`_SPREADS`, then of where the pair is.

    Each part's share is its missing cards modulo 3 and maybe some threes more: the shares
    are made from those, not sifted from every spread.

    >>> _shares((2, 2, 0, 0), 1)
    (((0, 1, 0, 0), 0), ((1, 0, 0, 0), 1))
    >>> _shares((0, 0, 0, 0), 5)[:3]
    (((0, 0, 0, 0), 4), ((0, 0, 0, 2), 3), ((0, 0, 0, 3), 4))
    """
    found = []
    for pair_at in range(5):
        # the fewest 百搭 each part takes: what its groups (and the pair) miss, modulo 3
        least = [(2 * (p == pair_at) - m) % 3 for p, m in enumerate(mods)]
        alone_least = 2 if pair_at == 4 else 0
        spare = wild - sum(least) - alone_least
        if spare < 0 or spare % 3:
            continue
        for threes in _SPREADS[spare // 3]:  # (whatever is left of the threes is alone)
            spread = tuple(n + 3 * t for n, t in zip(least, threes, strict=True))
            found.append((spread, pair_at))
    found.sort()
    return tuple(found)


# the shares of 1 to DECK_BAIDA 百搭 for every size of the parts (modulo 3), built at import
# (about 2 ms)
_SHARES = {
    (mods, wild): _shares(mods, wild)
    for mods in itertools.product(range(3), repeat=4)
    for wild in range(1, DECK_BAIDA + 1)
}


@caches.lru("nantong", maxsize=1 << 14)
def _part_all(
    part: tuple[int, ...], base: int, suit: bool, wild: int, pair: bool
) -> tuple[tuple[_Code, ...], ...]:
    """Every reading (sorted group codes, faces from ``base``) of one part's counts with
    exactly ``wild`` 百搭, each group holding a real card (as :func:`_branches` makes them),
    with the pair if ``pair``."""
    if (sum(part) + wild - 2 * pair) % 3:
        return ()
    if wild == 0:
        return _part_plain(part, base, suit, pair)
    if suit and wild == 1:
        return _suit_wild(part, base, wild, pair)
    i = next((k for k, c in enumerate(part) if c), -1)
    if i < 0:
        return ()
    found: set[tuple[_Code, ...]] = set()
    for code, rest, w, np in _part_branches(part, base, suit, wild, pair, i):
        for tail in _part_all(rest, base, suit, w, np):
            k = bisect_right(tail, code)
            found.add((*tail[:k], code, *tail[k:]))
    return tuple(sorted(found))


def _suit_wild(
    part: tuple[int, ...], base: int, wild: int, pair: bool
) -> tuple[tuple[_Code, ...], ...]:
    """:func:`_part_all` of a suit with ``wild`` > 0 百搭, from its plain readings: a reading
    whose 百搭 stand for some kinds is a plain reading of the suit with those kinds added
    (from the tables) where the 百搭 take slots of their kinds, each group keeping a real
    card. A 百搭 stands for a kind within two of a real card (a group holds one).

    >>> _suit_wild((1, 1, 0, 0, 0, 0, 0, 0, 0), 0, 1, False)
    (((2, 0, 4),),)
    """
    kinds = [k for k in range(9) if any(part[max(k - 2, 0) : k + 3])]
    x = sum(map(operator.mul, part, _FIELDS))
    table = _SUIT_TABLES[base // 9]
    # the table holds every suit of at most _TABLE_CARDS cards that has a reading, within
    # four copies
    small = sum(part) + wild <= _TABLE_CARDS
    found: set[tuple[_Code, ...]] = set()
    for faces in itertools.combinations_with_replacement(kinds, wild):
        more = x
        for k in faces:
            more += _FIELDS[k]
        readings = table.get(more)
        if readings is None:  # no reading, or more than _TABLE_CARDS cards or a kind over four
            if (small and _within_four(more)) or not _suit_forms(more, pair):
                continue
            readings = tuple(set(_suit_readings(more, base, pair)))
        wild_faces = [base + k for k in faces]
        for reading in readings:
            _mark_wild(reading, wild_faces, found)
    return tuple(sorted(found))


def _mark_wild(
    reading: tuple[_Code, ...], faces: Sequence[int], found: set[tuple[_Code, ...]]
) -> None:
    """Add to ``found`` (sorted) every way to let the 百搭 stand for ``faces`` in slots of the
    plain ``reading``, each group keeping a real card: one 百搭 after another, as where a
    百搭 may go depends only on the groups held, not on their order.

    >>> found: set[tuple[_Code, ...]] = set()
    >>> _mark_wild(((0, 3, 0), (2, 2, 0)), [3], found)
    >>> sorted(found)
    [((0, 3, 0), (2, 2, 2)), ((0, 3, 1), (2, 2, 0))]
    >>> found.clear(); _mark_wild(((0, 3, 0), (2, 2, 0)), [3, 3], found); sorted(found)
    [((0, 3, 1), (2, 2, 2))]
    """
    readings = [reading]
    for k in faces[:-1]:
        marked: set[tuple[_Code, ...]] = set()
        for groups in readings:
            _mark_one_wild(groups, k, marked)
        readings = list(marked)
    for groups in readings:
        _mark_one_wild(groups, faces[-1], found)


def _mark_one_wild(reading: tuple[_Code, ...], k: int, found: set[tuple[_Code, ...]]) -> None:
    """Add to ``found`` (sorted) every way to let one 百搭 stand for kind ``k`` in a slot of
    the plain ``reading``; of equal groups only the first is tried (marking another gives the
    same reading).

    >>> found: set[tuple[_Code, ...]] = set()
    >>> _mark_one_wild(((0, 3, 0), (2, 2, 0), (2, 2, 0)), 3, found)
    >>> sorted(found)
    [((0, 3, 0), (2, 2, 0), (2, 2, 2)), ((0, 3, 1), (2, 2, 0), (2, 2, 0))]
    """
    for g, marked in _markings(reading, k):
        groups = list(reading)
        groups[g] = marked
        groups.sort()
        found.add(tuple(groups))


def _markings(codes: Sequence[_Code], k: int) -> list[tuple[int, _Code]]:
    """Each group among ``codes`` that can take one more 百搭 standing for kind ``k``, each
    group keeping a real card (a pair at most one 百搭, a 刻子 or 順子 two), by its place,
    marked; of equal groups only the first (marking another gives the same reading).

    >>> _markings(((0, 3, 0), (2, 1, 0), (2, 1, 0), (2, 3, 3)), 3)
    [(0, (0, 3, 1)), (1, (2, 1, 4))]
    """
    found = []
    previous = None
    for g, code in enumerate(codes):
        if code != previous:
            kind, face, mask = code
            if kind == 2:
                pos = k - face
                if 0 <= pos <= 2 and not mask >> pos & 1 and mask.bit_count() < 2:
                    found.append((g, (2, face, mask | 1 << pos)))
            elif face == k and mask <= kind:
                found.append((g, (kind, face, mask + 1)))
        previous = code
    return found


def _part_plain(
    part: tuple[int, ...], base: int, suit: bool, pair: bool
) -> tuple[tuple[_Code, ...], ...]:
    """:func:`_part_all` with no 百搭 (the part's size fits ``pair``)."""
    return _packed_part_plain(base // 9, sum(map(operator.mul, part, _FIELDS)), sum(part), pair)


def _packed_part_plain(p: int, x: int, size: int, pair: bool) -> tuple[tuple[_Code, ...], ...]:
    """:func:`_part_plain` of part ``p`` (0..2 the suits, 3 the honours) packed in ``x``
    (``size`` cards).

    >>> _packed_part_plain(1, 3 * _RUN, 9, False)[1]
    ((2, 9, 0), (2, 9, 0), (2, 9, 0))
    """
    if p == 3:
        return _HONOUR_READINGS.get(x, ()) if (x % 3 == 2) == pair else ()
    readings = _SUIT_TABLES[p].get(x)
    if readings is None:  # no reading, or more than _TABLE_CARDS cards or a kind over four
        # (the table holds every suit of at most _TABLE_CARDS cards that has a reading)
        if _within_four(x):
            return () if size <= _TABLE_CARDS else _big_suit(x, p, pair)
        if not _suit_forms(x, pair):
            return ()
        readings = tuple(sorted(set(_suit_readings(x, 9 * p, pair))))
    return readings


def _part_branches(
    part: tuple[int, ...], base: int, suit: bool, wild: int, pair: bool, i: int
) -> Iterator[tuple[_Code, tuple[int, ...], int, bool]]:
    """:func:`_branches` within one part: every group that holds its lowest real card ``i``."""
    c = part[i]
    lst = list(part)
    if pair:
        for real in range(min(c, 2), 0, -1):
            if 2 - real <= wild:
                lst[i] -= real
                yield (0, base + i, 2 - real), tuple(lst), wild - (2 - real), False
                lst[i] += real
    for real in range(min(c, 3), 0, -1):
        if 3 - real <= wild:
            lst[i] -= real
            yield (1, base + i, 3 - real), tuple(lst), wild - (3 - real), pair
            lst[i] += real
    if not suit:
        return
    for start in (i - 2, i - 1, i):
        pre = i - start  # the slots below the lowest real card are 百搭
        if start < 0 or start > 6 or pre > wild:
            continue
        others = range(i + 1, start + 3)
        for choice in range(1 << len(others)):
            mask = (1 << pre) - 1
            used = pre
            taken = [i]
            for bit, k in enumerate(others):
                if choice >> bit & 1:
                    mask |= 1 << (k - start)
                    used += 1
                elif lst[k]:
                    taken.append(k)
                else:
                    break
            else:
                if used <= wild:
                    for k in taken:
                        lst[k] -= 1
                    yield (2, base + start, mask), tuple(lst), wild - used, pair
                    for k in taken:
                        lst[k] += 1


MOST_FAILED = 32
"""How many dead ends :func:`_fits_any` may meet before it gives the hand up."""


class SearchTooLong(Exception):
    """:func:`_fits_any` met :data:`MOST_FAILED` dead ends (caught by its caller)."""


def _fits_any(
    counts: tuple[int, ...],
    wild: int,
    need_pair: bool,
    left: list[int],
    failed: set[tuple[object, ...]] | None = None,
) -> bool:
    """Whether some reading of ``_all(counts, wild, need_pair)`` has its 百搭 stand only for
    copies the deck still has (``left[k]`` of kind ``k``): the search of :func:`_all`, which
    stops at the first such reading (``left`` is changed and put back, but for a search given
    up: pass a copy). The states that found
    none are kept in ``failed`` for the rest of the search: the same rest and copies are
    reached by many orders of groups, and a hand that fits nowhere visited them all again
    (5 百搭: 60 ms, against 0.8 ms for ``best_decomposition``; a review). Past
    :data:`MOST_FAILED` of them it raises :class:`SearchTooLong` (the caller then reads the
    hand part by part, which decides such hands at once).

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> counts = count_tuple(parse("123b 456b 789b 123t 456t 789t 123w 5w"))[:30]
    >>> left = [4 - c for c in counts]
    >>> _fits_any(counts, 1, True, left), _fits_any(counts, 1, True, left[:22] + [0] + left[23:])
    (True, False)
    """
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return _wild_groups_fit(wild, need_pair, left)
    if failed is None:
        failed = set()
    state = (counts, wild, need_pair, *left)  # (every kind's copies: a 順子 from i may ask
    # a 百搭 for the two kinds below i, and groups of 百搭 alone for any kind)
    if state in failed:
        return False
    if len(failed) >= MOST_FAILED:
        raise SearchTooLong
    for code, rest, w, np in _branches(counts, wild, need_pair, i):
        if not _can(rest, w, np):
            continue
        kind, face, mask = code
        # a 順子's bit j: its j-th card; a pair's or 刻子's mask: how many 百搭
        faces = [face + j for j in range(3) if mask >> j & 1] if kind == 2 else [face] * mask
        for k in faces:
            left[k] -= 1
        # (with no 百搭 left, a reading of the rest, which _can found, holds real cards only)
        found = min(left) >= 0 and (w == 0 or _fits_any(rest, w, np, left, failed))
        for k in faces:
            left[k] += 1
        if found:
            return True
    failed.add(state)
    return False


def _wild_groups_fit(wild: int, need_pair: bool, left: list[int]) -> bool:
    """Whether the groups of 百搭 alone (:func:`_all_wild`) fit in the copies ``left``."""
    if wild == 0:
        return not need_pair
    size = 2 if need_pair else 3
    if wild < size or (wild - size) % 3:
        return False
    for k in range(N_PLAIN):
        if left[k] >= size:
            left[k] -= size
            found = _wild_groups_fit(wild - size, False, left)
            left[k] += size
            if found:
                return True
    return False


def _alike(reading: Sequence[_Code]) -> tuple[tuple[int, ...], int, bool]:
    """What ranks a reading (nantong.md §6): the faces of its 刻子, how many 文錢 (一二三丙),
    whether other 順子.

    >>> _alike(((0, 3, 0), (1, 5, 1), (2, 9, 0), (2, 9, 2), (2, 12, 0)))
    ((5,), 2, True)
    """
    kezi = []
    wen = 0
    plain = False
    for kind, face, _ in reading:
        if kind == 1:
            kezi.append(face)
        elif kind == 2:
            if face == 9:  # 一二三丙
                wen += 1
            else:
                plain = True
    return tuple(kezi), wen, plain
