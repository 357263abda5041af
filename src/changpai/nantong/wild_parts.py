"""The smallest reading of each rank of one part of a 南通 hand whose groups hold 百搭
(nantong.md §4), found without listing every reading: what
:func:`changpai.nantong.hand._best_wild` combines.

A part is a suit (0..2) or the honours (3), packed four bits a kind (``solver.PACK_BITS``).
Its readings with ``wild`` 百搭 are its pair (if it holds it) and groups, each holding a real
card, the 百搭 taking the other slots. A reading of a part is one group (the one holding its
lowest real card) added to a reading of what that group leaves.

Readings are numbers here (:data:`DIGIT`): each group code has a digit, the smaller codes
the higher ones, and a reading is the sum of its groups' digits, so that of two readings of
as many groups the smaller (sorted group codes) has the larger number, and the groups of
several parts add up to the reading of the whole. Adding a group to two readings keeps their
order, so the search keeps, for each part left, only the smallest reading of each key (what
ranks it, and the kinds its 百搭 stand for where they may not fit).

>>> search = PartSearch(2, lambda face: 4, [4] * 9, tracked=FACES_MASK)
>>> best = search.best(1 | 1 << 4 | 2 << 16, 4, 1, True)  # 1w 2w 5w 5w and one 百搭
>>> [(codes(reading), key & FACES_MASK == 1 << 8) for key, reading in best.items()]
[(((0, 22, 0), (2, 18, 4)), True)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from changpai.nantong.cards import N_PLAIN
from changpai.nantong.solver import (
    _COMPLETING,
    _FIELDS,
    _SUIT_TABLES,
    _TABLE_CARDS,
    PACK_BITS,
    _Code,
    _held_kinds,
    _packed_part_plain,
)

__all__ = [
    "DIGIT",
    "FACES_BITS",
    "FACES_MASK",
    "RANK_LAO_AT",
    "RANK_ONE_SET",
    "RANK_RUNS",
    "RANK_SETS",
    "RANK_TOTAL_AT",
    "RANK_WEN_AT",
    "PartSearch",
    "codes",
    "face_counts",
    "plain_readings",
    "set_rank",
]


def _all_codes() -> list[_Code]:
    """Every group code a reading can hold, sorted: pairs (with up to two 百搭), 刻子 (up to
    three) and 順子 within a suit (any slots 百搭: three are a group of 百搭 alone, §1)."""
    found = [(0, k, m) for k in range(N_PLAIN) for m in range(3)]
    found += [(1, k, m) for k in range(N_PLAIN) for m in range(4)]
    found += [(2, k, m) for k in range(27) if k % 9 < 7 for m in range(8)]
    return sorted(found)


_CODES = _all_codes()
_DIGIT_WIDTH = 4  # (no reading holds a code more than four times)
# a code's digit: the smallest code the highest (see the module's docstring)
DIGIT = {code: 1 << _DIGIT_WIDTH * (len(_CODES) - 1 - i) for i, code in enumerate(_CODES)}


def codes(reading: int) -> tuple[_Code, ...]:
    """The sorted group codes of a reading given as a sum of digits.

    >>> codes(DIGIT[2, 9, 0] + DIGIT[0, 3, 1] + DIGIT[2, 9, 0])
    ((0, 3, 1), (2, 9, 0), (2, 9, 0))
    """
    found: list[_Code] = []
    last = len(_CODES) - 1
    while reading:
        field = (reading.bit_length() - 1) // _DIGIT_WIDTH
        count = reading >> _DIGIT_WIDTH * field
        found += [_CODES[last - field]] * count
        reading -= count << _DIGIT_WIDTH * field
    return tuple(found)


# A reading's key packs what ranks it and what its 百搭 stand for in one int, so that the key
# of some groups is the sum of their keys: from bit 0, how many 百搭 stand for each kind of
# the part (four bits a kind, when they are followed), then the rank: how many 順子 other
# than 文錢, 刻子, 文錢 and 刻子 of the three 老將 千字 紅花 白花 (for 三老聚會, nantong.md §7
# N10; four bits each), then the 胡數 of the 刻子. The ranks of the parts add up to the rank
# of the whole (seven groups: no field overflows).
FACES_BITS = 9 * PACK_BITS
FACES_MASK = (1 << FACES_BITS) - 1
RANK_RUNS = 15
RANK_SETS = 15 << PACK_BITS
RANK_ONE_SET = 1 << PACK_BITS
RANK_WEN_AT = 2 * PACK_BITS
RANK_LAO_AT = 3 * PACK_BITS
RANK_TOTAL_AT = 4 * PACK_BITS
_RUN_KEY = 1 << FACES_BITS
_KEZI_KEY = _RUN_KEY << PACK_BITS
_WEN_KEY = _KEZI_KEY << PACK_BITS
# the first of the three 老將 of 三老聚會 (千字, 紅花, 白花: the honours)
_LAO_FROM = 27


def set_rank(face: int, value: int) -> int:
    """The rank key of a 刻子 of kind ``face`` worth ``value`` 胡數 (without the part's kinds).

    >>> set_rank(27, 8) == 8 << RANK_TOTAL_AT | 1 << RANK_LAO_AT | RANK_ONE_SET
    True
    """
    return (value << RANK_TOTAL_AT) + RANK_ONE_SET + (face >= _LAO_FROM) * (1 << RANK_LAO_AT)


# One way a 順子 holds the lowest real card j of a suit: (its digit, the real cards it takes
# packed, the kinds its 百搭 stand for packed, how many 百搭, the kinds above j whose real
# card it takes as their fields' lowest bits, its rank key). The slots below j are 百搭 (no
# real card is left there), the one of j real, the others either.
_RunWay = tuple[int, int, int, int, int, int]


def _run_ways(base: int, j: int) -> list[_RunWay]:
    """Every way a 順子 of the suit from kind ``base`` holds a real card of its kind ``j``,
    the lowest left.

    >>> [codes(digit) for digit, *_ in _run_ways(0, 8)]
    [((2, 6, 3),)]
    >>> len(_run_ways(0, 0)), len(_run_ways(0, 4))
    (4, 7)
    """
    ways = []
    for start in range(max(j - 2, 0), min(j, 6) + 1):
        above = range(j + 1, start + 3)
        for choice in range(1 << len(above)):
            mask = (1 << j - start) - 1
            take, need = _FIELDS[j], 0
            for bit, k in enumerate(above):
                if choice >> bit & 1:
                    mask |= 1 << k - start
                else:
                    take += _FIELDS[k]
                    need |= _FIELDS[k]
            used = mask.bit_count()
            if used <= 2:
                faces = sum(_FIELDS[start + s] for s in range(3) if mask >> s & 1)
                key = _WEN_KEY if base + start == 9 else _RUN_KEY
                ways.append((DIGIT[2, base + start, mask], take, faces, used, need, key))
    return ways


_RUN_WAYS = tuple(tuple(_run_ways(base, j) for j in range(9)) for base in (0, 9, 18))


def face_counts(key: int) -> list[int]:
    """How many 百搭 of a key stand for each kind of the part (its nine fields).

    >>> face_counts(2 | 1 << 8)
    [2, 0, 1, 0, 0, 0, 0, 0, 0]
    """
    return [key >> PACK_BITS * j & 15 for j in range(9)]


def plain_readings(
    p: int, x: int, size: int, pair: bool, kezi: Callable[[int], int]
) -> dict[int, int]:
    """The smallest plain reading (as a number) of each key of part ``p`` packed in ``x``
    (``size`` cards, with the pair if ``pair``), ``kezi`` giving the 胡數 of a 刻子 of a kind.

    >>> [codes(n) for n in plain_readings(0, 3 | 3 << 4 | 3 << 8, 9, False, lambda k: 4).values()]
    [((1, 0, 0), (1, 1, 0), (1, 2, 0)), ((2, 0, 0), (2, 0, 0), (2, 0, 0))]
    """
    found: dict[int, int] = {}
    for reading in _packed_part_plain(p, x, size, pair):  # (sorted: the first is smallest)
        key = number = 0
        for code in reading:
            kind, face, _ = code
            if kind == 1:
                key += set_rank(face, kezi(face)) << FACES_BITS
            elif kind == 2:
                key += _WEN_KEY if face == 9 else _RUN_KEY
            number += DIGIT[code]
        if key not in found:
            found[key] = number
    return found


def _group_digits(base: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The digits of the pairs (by how many 百搭) and 刻子 of each kind from ``base``."""
    return tuple(
        (
            tuple(DIGIT[0, base + j, used] for used in range(3)),
            tuple(DIGIT[1, base + j, used] for used in range(4)),
        )
        for j in range(9 if base < 27 else 3)
    )


_GROUP_DIGITS = tuple(_group_digits(9 * p) for p in range(4))


class PartSearch:
    """The smallest reading of each key of one part ``p`` with some 百搭, for one hand (whose
    ``kezi`` gives the 胡數 of a concealed 刻子 of a kind): keys count the 百搭 standing for
    the kinds whose fields are in ``tracked`` (the others are left out: two readings may then
    differ only in them). No group has more 百搭 standing for a kind than the copies ``left``
    of the part's kinds (the 胡數 of a 刻子 that cannot be is never asked: it may have none).
    """

    __slots__ = (
        "base",
        "digits",
        "gone",
        "kezi",
        "left",
        "memo",
        "p",
        "runs",
        "set_keys",
        "tracked",
    )

    def __init__(
        self, p: int, kezi: Callable[[int], int], left: Sequence[int], *, tracked: int
    ) -> None:
        self.p = p
        self.base = 9 * p
        self.runs = _RUN_WAYS[p] if p < 3 else None
        self.kezi = kezi
        self.left = left
        # the kinds with no copy left, for which no 百搭 stands
        self.gone = 0
        if 0 in left:
            self.gone = sum(field for field, n in zip(_FIELDS, left, strict=False) if not n)
        self.tracked = tracked
        # by state (x, wild, pair) packed in one int: x << 4 | wild << 1 | pair
        self.memo: dict[int, dict[int, int]] = {}
        self.set_keys: dict[int, int] = {}
        self.digits = _GROUP_DIGITS[p]

    def _set_key(self, j: int) -> int:
        """The key of a 刻子 of kind ``j`` of the part holding no 百搭."""
        key = self.set_keys.get(j)
        if key is None:
            face = self.base + j
            key = self.set_keys[j] = set_rank(face, self.kezi(face)) << FACES_BITS
        return key

    def _one_wild(self, x: int, size: int, pair: bool) -> dict[int, int]:
        """:meth:`best` with one 百搭 in the honours or a suit of fewer than ``_TABLE_CARDS``
        cards (a bigger suit is read as with more, by its lowest kind's groups): the plain
        readings of the part with a card of a kind completing it added (:data:`_COMPLETING`),
        the 百搭 standing for it in the last group that holds it (the smallest marking:
        marking a group moves it up, and the groups before the one marked stay in place; an
        honour is in one group).

        >>> search = PartSearch(0, lambda face: 4, [4] * 9, tracked=0)
        >>> [codes(reading) for reading in search._one_wild(3 | 1 << 4 | 1 << 8, 5, False).values()]
        [((1, 0, 0), (2, 0, 1))]
        """
        found: dict[int, int] = {}
        base, p, tracked = self.base, self.p, self.tracked
        if self.runs is None:  # the honours: a card more of a kind held
            kinds = _held_kinds(x)
            table = None
        else:  # (the table holds the suit of one card more)
            kinds = _COMPLETING.get(x, 0)
            table = _SUIT_TABLES[p]
        kinds &= ~self.gone
        set_keys, set_key, digits = self.set_keys, self._set_key, DIGIT
        while kinds:
            field = kinds & -kinds
            kinds -= field
            if table is not None:
                readings = table[x + field]
            else:
                readings = _packed_part_plain(p, x + field, size + 1, pair)
                if not readings:
                    continue
            k = base + (field.bit_length() - 1) // PACK_BITS
            wild_face = field & tracked
            for reading in readings:
                key, number = wild_face, 0
                for code in reading:
                    kind, face, _ = code
                    if kind == 2:
                        key += _WEN_KEY if face == 9 else _RUN_KEY
                        if 0 <= k - face <= 2:
                            marked = code
                    else:
                        if kind == 1:
                            key += set_keys.get(face - base) or set_key(face - base)
                        if face == k:
                            marked = code
                    number += digits[code]
                # (every reading of the part with a card of kind k has a group holding it)
                kind, face, _ = marked
                mask = 1 << k - face if kind == 2 else 1
                number += digits[kind, face, mask] - digits[marked]
                if number > found.get(key, -1):
                    found[key] = number
        return found

    def best(self, x: int, size: int, wild: int, pair: bool) -> dict[int, int]:
        """The smallest reading (as a number) of each key of the part packed in ``x``
        (``size`` cards, a multiple of three with the ``wild`` 百搭 but the pair's two if
        ``pair``).

        >>> search = PartSearch(0, lambda face: 4, [4] * 9, tracked=0)
        >>> sorted(codes(reading) for reading in search.best(3 | 1 << 4, 4, 2, False).values())
        [((1, 0, 0), (1, 1, 2)), ((1, 0, 0), (2, 0, 5))]
        """
        state = x << 4 | wild << 1 | pair
        found = self.memo.get(state)
        if found is not None:
            return found
        if not wild:
            found = plain_readings(self.p, x, size, pair, self.kezi)
        elif wild == 1 and (size < _TABLE_CARDS or self.runs is None):
            found = self._one_wild(x, size, pair)
        elif 3 * wild > 2 * (size + wild) - pair:  # more 百搭 than slots beside a real card
            found = {}
        else:
            found = self._more_wild(x, size, wild, pair)
        self.memo[state] = found
        return found

    def _more_wild(self, x: int, size: int, wild: int, pair: bool) -> dict[int, int]:
        """:meth:`best` with two 百搭 or more, or one in a big suit: by each group holding a
        real card of the lowest kind (:meth:`_groups`), the best of what it leaves."""
        found: dict[int, int] = {}
        # (a suit of at most _TABLE_CARDS cards with no reading is not in the table, and one
        # completed by no kind is not in _COMPLETING: no search for those)
        table = _SUIT_TABLES[self.p] if self.runs is not None else None
        memo, best = self.memo, self.best
        get = found.get
        for digit, key, rest, cut, used, rest_pair in self._groups(x, wild, pair):
            more = wild - used
            if table is not None and size - cut < _TABLE_CARDS:
                if more == 1:
                    if rest not in _COMPLETING:
                        continue
                elif not more and rest not in table:
                    continue
            tails = memo.get(rest << 4 | more << 1 | rest_pair)
            if tails is None:
                tails = best(rest, size - cut, more, rest_pair)
            for tail_key, tail in tails.items():
                tail_key += key
                tail += digit
                if tail > get(tail_key, -1):
                    found[tail_key] = tail
        return found

    def _groups(self, x: int, wild: int, pair: bool) -> list[tuple[int, int, int, int, int, bool]]:
        """Every group holding a real card of the lowest kind of ``x`` (the pair too if
        ``pair``), with at most ``wild`` 百搭: (its digit, its key, what it leaves, how many
        real cards it takes, how many 百搭, whether what it leaves holds the pair)."""
        j = ((x & -x).bit_length() - 1) // PACK_BITS
        field = _FIELDS[j]
        c = x >> PACK_BITS * j & 15
        wild_face = field & self.tracked
        own = self.left[j]  # (the 百搭 of the pair or 刻子 stand for kind j)
        if own > wild:
            own = wild
        pair_digits, set_digits = self.digits[j]
        groups = []
        if pair:  # (two real cards, or one and a 百搭)
            if c >= 2:
                groups.append((pair_digits[0], 0, x - 2 * field, 2, 0, False))
            if own:
                groups.append((pair_digits[1], wild_face, x - field, 1, 1, False))
        if c + own >= 3:  # (three real cards to one and two 百搭)
            set_key = self.set_keys.get(j) or self._set_key(j)
            real = 3 if c > 3 else c
            while real and real + own >= 3:
                used = 3 - real
                rest = x - real * field
                groups.append(
                    (set_digits[used], set_key + used * wild_face, rest, real, used, pair)
                )
                real -= 1
        if self.runs is not None:
            held = _held_kinds(x)  # the kinds with a real card
            gone, tracked = self.gone, self.tracked
            for digit, take, faces, used, need, key in self.runs[j]:
                if used <= wild and held & need == need and not faces & gone:
                    groups.append((digit, key + (faces & tracked), x - take, 3 - used, used, pair))
        return groups
