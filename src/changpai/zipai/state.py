"""The mutable state of a 跑胡子 hand, kept on small ints and count lists for speed.

A seat's state is a :class:`_Seat` (counts of its concealed cards, its table melds, its
discard area and the flags of zipai.md §5: 臭牌, a declined 碰, a passed 胡). The tables here
are built once at import: :func:`_may_complete` rejects most cards that cannot complete a hand
before the hand analysis is asked.

>>> seat = _Seat()
>>> seat.hand[0] = 2
>>> seat.cards(), seat.clone().key() == seat.key()
((Card('x1'), Card('x1')), True)
>>> _may_complete([0] * KINDS, 0, False)  # a lone 一 has no meld to go into
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from changpai.core import caches
from changpai.core.records import ActionRecord
from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.cards import CARDS, KINDS, Card
from changpai.zipai.hand import Decomposition, _best_of, _variants_of, best_decomposition
from changpai.zipai.melds import Meld, MeldKind, classify, huxi
from changpai.zipai.rules import HUNAN, Rules
from changpai.zipai.solver import _B0, _B1, _B2, _PAIR_FLAG, _POW, _TABLES, _solve, _Table

_SET_KINDS = (MeldKind.PENG, MeldKind.WEI, MeldKind.CHOUWEI)
# records of a seat taking a card in (進牌) before its win (聽胡 / 地胡, zipai.md §8.6); a 提 counts
# unless it is a dealt four laid by the engine (origin HAND)
_TAKE_IN = frozenset(
    {ActionKind.CHI, ActionKind.PENG, ActionKind.PAO, ActionKind.WEI, ActionKind.CHOUWEI}
)
_QUAD_KINDS = (MeldKind.PAO, MeldKind.TI)


def _shape_masks(allow_1_5_10: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per card kind, the (kinds present, kinds doubled) bit masks of each 一句話 / 絞 it is in."""
    rules = HUNAN.evolve(allow_1_5_10=allow_1_5_10)
    per: list[list[tuple[int, int]]] = [[] for _ in range(KINDS)]
    for a in range(KINDS):
        for b in range(a, KINDS):
            for c in range(b, KINDS):
                kind = classify((CARDS[a], CARDS[b], CARDS[c]), rules=rules)
                if kind is None or not kind.is_sentence:
                    continue
                present = (1 << a) | (1 << b) | (1 << c)
                doubled = (1 << b) if a == b or b == c else 0
                for x in {a, b, c}:
                    per[x].append((present, doubled))
    return tuple(tuple(shapes) for shapes in per)


_SHAPES = (_shape_masks(False), _shape_masks(True))


def _near(shapes: tuple[tuple[int, int], ...]) -> int:
    """The kinds in any of these shapes, as a bit mask."""
    mask = 0
    for present, _twice in shapes:
        mask |= present
    return mask


# per kind: the kinds that share some 一句話 / 絞 with it
_NEAR = tuple(tuple(_near(per[k]) for k in range(KINDS)) for per in _SHAPES)


def _hand_masks(key: tuple[int, ...], allow_1_5_10: bool) -> tuple[int, int, int, int]:
    """The bit masks of a hand's free cards (not in a 坎 / 提): present, doubled (a pair), and
    the single cards that no 一句話 / 絞 of present cards can take; then the hand packed as the
    solver's key (``_POW``) (cached per hand).

    >>> _hand_masks((1, 2, 0, 3) + (0,) * 16, False) == (0b11, 0b10, 0b1, 1 + 2 * 8 + 3 * 8**3)
    True
    """
    masks = _MASKS.get((key, allow_1_5_10))
    if masks is not None:
        return masks
    present = doubled = packed = 0
    for c in range(KINDS):
        n = key[c]
        if n:
            packed += n * _POW[c]
            if n == 1:
                present |= 1 << c
            elif n == 2:
                present |= 1 << c
                doubled |= 1 << c
    stuck = _stuck(present & ~doubled, present, doubled, _SHAPES[allow_1_5_10], False)
    if len(_MASKS) >= _CACHE_LIMIT:
        _MASKS.clear()
    masks = _MASKS[key, allow_1_5_10] = (present, doubled, stuck, packed)
    return masks


def _stuck(
    singles: int,
    present: int,
    doubled: int,
    shapes: tuple[tuple[tuple[int, int], ...], ...],
    first: bool,
) -> int:
    """The cards of ``singles`` with no 一句話 / 絞 among the present cards (with ``first``:
    stop at the first one)."""
    stuck = 0
    while singles:
        low = singles & -singles
        c = low.bit_length() - 1
        singles ^= low
        for need, twice in shapes[c]:
            if present & need == need and doubled & twice == twice:
                break
        else:
            stuck |= low
            if first:
                return stuck
    return stuck


def _may_complete(hand: list[int], k: int, allow_1_5_10: bool) -> bool:
    """A cheap necessary condition for a win with card k joining the free cards of ``hand``:
    every free card (not in a 坎 / 提) has some 一句話 / 絞 to go into, or a second copy for the
    pair. False means that no decomposition exists; True decides nothing."""
    return _masks_may_complete(_hand_masks(tuple(hand), allow_1_5_10), hand[k], k, allow_1_5_10)


def _masks_may_complete(
    masks: tuple[int, int, int, int], n: int, k: int, allow_1_5_10: bool
) -> bool:
    """:func:`_may_complete` of a hand given by its :func:`_hand_masks`, ``n`` its copies of k.

    >>> _masks_may_complete(_hand_masks((1,) + (0,) * 19, False), 0, 1, False)  # 一 + 二
    False
    """
    present, doubled, stuck, _packed = masks
    bit = 1 << k
    shapes = _SHAPES[allow_1_5_10]
    if n >= 3:  # card k joins a 坎 / 提: the free cards do not change
        return not stuck
    if n == 2:  # a pair becomes a 坎 (no longer free): check every single card again
        present &= ~bit
        doubled &= ~bit
        return not _stuck(present & ~doubled, present, doubled, shapes, True)
    # card k joins a single (making a pair) or comes alone: the masks only grow, so a single
    # that had a shape keeps it, and a stuck one can only be freed by a shape with k in it
    present |= bit
    if n == 1:
        doubled |= bit
    stuck &= ~bit
    if stuck & ~_NEAR[allow_1_5_10][k]:
        return False
    if n == 0:
        stuck |= bit
    return not _stuck(stuck, present, doubled, shapes, True)


def _best_counts(
    counts: Sequence[int],
    exposed: Sequence[Meld],
    rules: Rules,
    card: Card | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool,
) -> Decomposition | None:
    """:func:`best_decomposition` of concealed ``counts`` the caller knows to be valid (the
    engine's hands: no checks, no card tuples); the same result.

    >>> from changpai.zipai.cards import parse
    >>> counts = [0] * KINDS
    >>> for c in parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"):
    ...     counts[c.index] += 1
    >>> print(_best_counts(counts, (), HUNAN, Card.parse("d10"), True, False, False))
    偎 拾拾拾 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (15 胡息)
    """
    if not exposed and card is None:
        cards = tuple(CARDS[k] for k in range(KINDS) for _ in range(counts[k]))
        return best_decomposition(cards, (), rules=rules)
    if card is None:
        self_drawn = True
    key = 0
    for k in range(KINDS):
        if counts[k]:
            key += counts[k] * _POW[k]
    variants = _variants_of(counts, key, exposed, card, self_drawn, from_discard, chouwei)
    return _best_of(variants, rules, card)


def _is_tianhu(counts: list[int]) -> bool:
    """:func:`~changpai.zipai.hand.is_tianhu` of a dealt hand's counts: 3 提, or 提 + 坎 >= 5
    (zipai.md §7).

    >>> _is_tianhu([4, 4, 3, 3, 3] + [0] * 15), _is_tianhu([4, 4, 3, 3, 2] + [0] * 15)
    (True, False)
    """
    quads = counts.count(4)
    return quads >= 3 or quads + counts.count(3) >= 5


def _may_win(
    st: _Seat, rules: Rules, key: int, k: int | None, self_drawn: bool, from_discard: bool
) -> bool:
    """Whether :func:`_best_counts` of the seat's hand (``key``: packed as by
    :func:`_hand_masks`) and table melds with card k (None: the hand alone, with table melds)
    finds any decomposition: the same readings as :func:`~changpai.zipai.hand._variants_of`,
    the same meld count test as ``_variant_key`` and the same pool search, without building a
    meld (most hands asked about a card do not win). False exactly when :func:`_best_counts`
    returns None.

    >>> seat = _Seat()
    >>> for i in (*range(9), *range(10, 19), 19, 19):  # 一..九 壹..玖 拾拾
    ...     seat.hand[i] += 1
    >>> key = _hand_masks(tuple(seat.hand), False)[3]
    >>> _may_win(seat, HUNAN, key, 19, True, False), _may_win(seat, HUNAN, key, None, True, False)
    (True, False)
    """
    fixed = len(st.melds)
    laid = st.quads_laid > 0
    table = _TABLES[rules.allow_1_5_10]
    wanted = rules.melds_to_win
    if k is None:
        return _pool_decomposes(key, fixed, laid, -1, wanted, table)
    one = _POW[k]
    n = st.hand[k]
    if st.sets >> k & 1 and not (from_discard and st.melds[st.set_meld(k)].kind is MeldKind.PENG):
        return _pool_decomposes(key, fixed, True, -1, wanted, table)  # the set meld: 跑 / 提
    if n == 3:  # 坎 + card: 提 or 跑
        return _pool_decomposes(key - 3 * one, fixed + 1, True, -1, wanted, table)
    if n == 2:  # pair + card: 偎 (own draw), else an optional 碰 or three loose copies
        if _pool_decomposes(key - 2 * one, fixed + 1, laid, -1, wanted, table):
            return True
        return not self_drawn and _pool_decomposes(key + one, fixed, laid, k, wanted, table)
    return _pool_decomposes(key + one, fixed, laid, -1, wanted, table)


def _may_win_on(
    st: _Seat,
    rules: Rules,
    masks: tuple[int, int, int, int],
    k: int,
    self_drawn: bool,
    from_discard: bool,
) -> bool:
    """Whether card k may complete the seat's hand (``masks``: :func:`_hand_masks` of it): a
    free card with no meld to go into never does (:func:`_masks_may_complete`), else
    :func:`_may_win` — what the engine asks before the full analysis, and ``waits`` too.

    >>> seat = _Seat()
    >>> for i in (*range(9), *range(10, 19), 19, 19):  # 一..九 壹..玖 拾拾
    ...     seat.hand[i] += 1
    >>> masks = _hand_masks(tuple(seat.hand), False)
    >>> _may_win_on(seat, HUNAN, masks, 19, True, False), _may_win_on(seat, HUNAN, masks, 0, True, False)
    (True, False)
    """
    n = st.hand[k]
    if n <= 1 and not st.sets >> k & 1 and not _masks_may_complete(masks, n, k, rules.allow_1_5_10):
        return False  # (a free card with no meld to go into)
    return _may_win(st, rules, masks[3], k, self_drawn, from_discard)


def _pool_decomposes(
    key: int, fixed: int, laid: bool, split: int, wanted: int, table: _Table
) -> bool:
    """Whether one reading of a hand splits into the ``wanted`` 門子 of a win: ``key`` the
    packed concealed cards, ``fixed`` the melds already made, ``laid`` whether one of them is a
    跑 / 提 (then, as with a 提 in hand, the hand needs its pair), ``split`` a kind whose three
    copies are not a 坎 (or -1); the tests of ``_variant_key`` and ``_best_partition``.

    >>> pair = 2 * _POW[0]
    >>> _pool_decomposes(pair, 6, True, -1, 7, _TABLES[0]), _pool_decomposes(pair, 6, False, -1, 7, _TABLES[0])
    (True, False)
    """
    quads = (key & _B2).bit_count()
    cards = (key & _B0).bit_count() + 2 * (key & _B1).bit_count() + 4 * quads
    pair = quads > 0 or laid
    rest = cards - 4 * quads - (2 if pair else 0)
    if rest < 0 or rest % 3 or fixed + rest // 3 + quads + pair != wanted:
        return False
    if pair:
        key |= _PAIR_FLAG
    kan = key & key >> 1 & _B0
    if split >= 0:
        kan &= ~(1 << (3 * split))
    pool = key - 3 * kan - 4 * (key >> 2 & _B0)
    if split < 0:
        return _solve(pool, table) is not None
    return _split_decomposes(pool, split, 0, table)


def _split_decomposes(key: int, x: int, start: int, table: _Table) -> bool:
    """Whether some way of :func:`~changpai.zipai.solver._split` to lay every copy of kind x
    (from its ``start``-th shape on) leaves a pool that splits: its search, stopped at the first
    pool that does, no meld built.

    >>> key = 3 * (_POW[0] + _POW[1] + _POW[2])  # 一一一 二二二 三三三: three 一二三
    >>> _split_decomposes(key, 0, 0, _TABLES[0]), _split_decomposes(key | _PAIR_FLAG, 0, 0, _TABLES[0])
    (True, False)
    """
    shift = 3 * x
    if not key >> shift & 7:
        return _solve(key, table) is not None
    shapes = table.holding[x]
    for i in range(start, len(shapes)):
        _sid, _meld, need, delta, _value, is_pair = shapes[i]
        if is_pair and not key & _PAIR_FLAG:
            continue
        for s, amount in need:
            if key >> s & 7 < amount:
                break
        else:
            rest = (key - delta) ^ (_PAIR_FLAG if is_pair else 0)
            if _split_decomposes(rest, x, i, table):
                return True
    return False


_CACHE_LIMIT = 200_000
# the cards of a hand as held: asked for by hand() / view() of the hand as it is now, so a
# hand comes back only while it is unchanged (a server showing its tables) — a review saw no
# hit in 3,000 played hands, and 200,000 entries held ≈ 88 MB: a few thousand are enough
_CARDS_LIMIT = 4_096
_CARDS_OF: dict[tuple[int, ...], tuple[Card, ...]] = {}
# the bit masks of the free cards of a hand and its packed key (see _hand_masks)
_MASKS: dict[tuple[tuple[int, ...], bool], tuple[int, int, int, int]] = {}
_CHI_OF: dict[int, list[Any]] = {}  # see Claims._chi_entry
# the engine's caches on whole hands, each emptied when full (zipai.clear_caches empties them)
for _name, _cache, _limit in (
    ("_CARDS_OF", _CARDS_OF, _CARDS_LIMIT),
    ("_MASKS", _MASKS, _CACHE_LIMIT),
    ("_CHI_OF", _CHI_OF, _CACHE_LIMIT),
):
    caches.register("zipai", f"{__name__}.{_name}", _cache.clear, _cache.__len__, _limit)


class _Seat:
    """Mutable per-seat state (counts lists, no object churn)."""

    __slots__ = (
        "chou",
        "count",
        "discards",
        "hand",
        "hu_passed",
        "masks",
        "melds",
        "peng_passed",
        "quads",
        "quads_laid",
        "sets",
    )

    def __init__(self) -> None:
        self.hand = [0] * KINDS  # concealed counts
        self.melds: list[Meld] = []  # table melds, in the order they were made
        self.discards: list[int] = []  # discard area (own discards and unused own draws)
        self.chou = [False] * KINDS  # 臭牌: may not 吃 / 碰 this card (passed, or own discard)
        self.peng_passed = [False] * KINDS  # declined a 碰 of this card -> later 臭偎
        self.hu_passed: dict[int, int] = {}  # 臭胡: card -> table 胡息 when the 胡 was passed
        self.count = 0  # cards held: hand + table melds
        self.quads = 0  # 跑 + 提 on the table, and dealt fours kept in hand (§9)
        self.quads_laid = 0  # 跑 + 提 on the table only (kept by lay / replace)
        self.sets = 0  # bit k: a 碰 / 偎 / 臭偎 of card k lies on the table (see set_meld)
        # _hand_masks of ``hand`` (None: not read since the hand last changed; the engine
        # empties it on every change of ``hand``)
        self.masks: tuple[int, int, int, int] | None = None

    def clone(self) -> _Seat:
        other = _Seat.__new__(_Seat)
        other.hand = self.hand[:]
        other.melds = self.melds[:]
        other.discards = self.discards[:]
        other.chou = self.chou[:]
        other.peng_passed = self.peng_passed[:]
        other.hu_passed = dict(self.hu_passed)
        other.count = self.count
        other.quads = self.quads
        other.quads_laid = self.quads_laid
        other.sets = self.sets
        other.masks = self.masks
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.hand),
            tuple(self.melds),
            tuple(self.discards),
            tuple(self.chou),
            tuple(self.peng_passed),
            tuple(sorted(self.hu_passed.items())),
            self.count,
            self.quads,
        )

    def hand_masks(self, allow_1_5_10: bool) -> tuple[int, int, int, int]:
        """:func:`_hand_masks` of the concealed cards, kept until the hand changes (a seat is
        asked about many cards between two changes of its hand).

        >>> seat = _Seat()
        >>> seat.hand[0] = 1
        >>> seat.hand_masks(False) == _hand_masks(tuple(seat.hand), False), seat.masks is not None
        (True, True)
        """
        masks = self.masks
        if masks is None:
            masks = self.masks = _hand_masks(tuple(self.hand), allow_1_5_10)
        return masks

    def cards(self) -> tuple[Card, ...]:
        key = tuple(self.hand)
        cards = _CARDS_OF.get(key)
        if cards is None:
            if len(_CARDS_OF) >= _CARDS_LIMIT:
                _CARDS_OF.clear()
            cards = tuple(CARDS[k] for k in range(KINDS) for _ in range(key[k]))
            _CARDS_OF[key] = cards
        return cards

    def lay(self, *melds: Meld) -> None:
        """Put ``melds`` on the table (every change of ``melds`` goes through here or
        :meth:`replace`, which keep the bit mask ``sets`` of :meth:`set_meld`)."""
        for meld in melds:
            self.melds.append(meld)
            if meld.kind in _SET_KINDS:
                self.sets |= 1 << meld.cards[0].index
            elif meld.kind in _QUAD_KINDS:
                self.quads_laid += 1

    def replace(self, i: int, meld: Meld) -> None:
        """Put ``meld`` in place of the table meld at index ``i`` (a 偎 / 碰 turned 提 / 跑)."""
        old = self.melds[i]
        if old.kind in _SET_KINDS:
            self.sets &= ~(1 << old.cards[0].index)
        elif old.kind in _QUAD_KINDS:
            self.quads_laid -= 1
        self.melds[i] = meld
        if meld.kind in _SET_KINDS:
            self.sets |= 1 << meld.cards[0].index
        elif meld.kind in _QUAD_KINDS:
            self.quads_laid += 1

    def set_meld(self, k: int) -> int:
        """Index of the 碰 / 偎 / 臭偎 of card k on the table, or -1."""
        if not self.sets >> k & 1:
            return -1
        card = CARDS[k]
        for i, m in enumerate(self.melds):
            if m.kind in _SET_KINDS and m.cards[0] is card:
                return i
        return -1

    def table_huxi(self, rules: Rules) -> int:
        return sum(huxi(m, rules=rules) for m in self.melds)


# the engine's own records by (seat, kind, card[, meld kind, exposed, origin]); bounded by the
# few values of each (at most 4 x 15 x 21 x 5 x 2 x 4 entries)
_RECORDS: dict[tuple[Any, ...], ActionRecord[Action]] = {}


def _auto_record(
    seat: int, kind: ActionKind, card: int | None, melds: tuple[Meld, ...]
) -> ActionRecord[Action]:
    """The record of a move the engine applies by itself (``auto=True``), interned: records are
    immutable, and a meld of the engine's is one of identical cards, named by its kind,
    exposure and origin.

    >>> _auto_record(0, ActionKind.DRAW, 3, ()) is _auto_record(0, ActionKind.DRAW, 3, ())
    True
    """
    # the members' values (cached str hashes) stand for the enums, whose hash is a Python call
    key = (
        (seat, kind._value_, card, melds[0].kind._value_, melds[0].exposed, melds[0].origin._value_)
        if melds
        else (seat, kind._value_, card)
    )
    record = _RECORDS.get(key)
    if record is None or record.action.melds != melds:
        record = ActionRecord(
            Action(seat, kind, None if card is None else CARDS[card], melds), True
        )
        if len(melds) <= 1:
            _RECORDS[key] = record
    return record


# the records of every draw and of every unused card going to a discard area, by seat and card
# (the commonest records of a hand; the same interned objects as _auto_record gives)
_DRAW_RECORDS, _TO_DISCARDS_RECORDS = (
    tuple(tuple(_auto_record(s, kind, k, ()) for k in range(KINDS)) for s in range(4))
    for kind in (ActionKind.DRAW, ActionKind.TO_DISCARDS)
)


# Offer sources and queue entries
_LIANG, _DRAWN, _DISCARDED = "liang", "draw", "discard"
_HU, _PAO, _PENG, _CHI = "hu", "pao", "peng", "chi"

# Phases (the shared words of docs/core-concepts.md; "selfhu": the drawer decides on a 胡)
_OFFER, _DISCARD, _SELFHU, _OVER = "claim", "discard", "selfhu", "over"
