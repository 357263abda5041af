"""Hand analysis of Nantong 長牌: decompositions, winning shapes and waits (nantong.md §4).

A winning hand is one pair and seven groups (23 cards, one more per 杠). Declared sets
(碰, 杠, 叫牌) are passed as ``exposed`` melds; the concealed cards must then form the pair and the
remaining groups. With ``rules.baida`` the 百搭 are wild.

>>> hand = "1b 2b 3b 4t 5t 6t 7w 8w 9w 2t 3t 4t HH HH HH QZ QZ QZ 5b 5b 5b 9t 9t"
>>> d = best_decomposition(hand)
>>> d.shape, len(d.groups)
(Shape.TAZIHU, 7)
>>> w = waits("1b 2b 3b 4t 5t 6t 7w 8w 9w 2t 3t 4t HH HH HH QZ QZ QZ 5b 5b 9t 9t")
>>> sorted(str(c) for c in w)
['九條', '五丙']
"""

from __future__ import annotations

import itertools
import operator
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from attrs import field, fields, frozen

from changpai.core import caches, render
from changpai.core.guard import (
    cards_arg,
    instance_arg,
    instance_of,
    melds_arg,
    rules_arg,
    size_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.multiset import Counts
from changpai.core.serial import ordered_repr
from changpai.errors import NotationError
from changpai.nantong import few_wild
from changpai.nantong.cards import (
    BAIDA,
    CARDS,
    COPIES,
    N_KINDS,
    N_PLAIN,
    NINE_TIAO,
    QZ,
    Card,
    counts_of,
    parse,
)
from changpai.nantong.few_wild import _plans_of
from changpai.nantong.melds import (
    Meld,
    MeldKind,
    SetKind,
    _called,
    _check_four,
    _hits,
    _jiang,
    check_called,
    check_flips,
    meld_value,
    set_value,
    set_value_detail,
)
from changpai.nantong.rules import DUZIHU, Rules
from changpai.nantong.solver import (
    _BOUNDS,
    _COMPLETING,
    _FLOORS,
    _HONOUR_READINGS,
    _HONOURS_AT,
    _RUN,
    _SHARES,
    _SUIT_TABLES,
    _TABLE_CARDS,
    DECK_BAIDA,
    PACK_BITS,
    SearchTooLong,
    _all_by_parts,
    _all_wild,
    _big_suit,
    _can,
    _Code,
    _fits_any,
    _held_kinds,
    _limit,
    _packed_parts,
    _pair_fits,
    _part_options,
    _parts_allow,
    _plain_all,
    _plain_complete,
    _suit_size,
)
from changpai.nantong.wild_parts import DIGIT as WILD_DIGIT
from changpai.nantong.wild_parts import (
    FACES_BITS,
    FACES_MASK,
    RANK_LAO_AT,
    RANK_RUNS,
    RANK_SETS,
    RANK_TOTAL_AT,
    RANK_WEN_AT,
    PartSearch,
    face_counts,
    plain_readings,
    set_rank,
)
from changpai.nantong.wild_parts import codes as wild_codes

__all__ = [
    "Decomposition",
    "Shape",
    "WaitKind",
    "best_decomposition",
    "check_copies",
    "decompositions",
    "is_winning",
    "parse_melds",
    "placements",
    "waits",
]

GROUPS_IN_HAND = 7
# 一丙, the lowest card of 一二三丙, the 文錢 (nantong.md §7)
WENQIAN_FACE = 9


class Shape(HanziEnum, short_repr=True):
    """The three winning shapes of §4 with their hanzi.

    >>> Shape.PIAOHU.hanzi
    '飄胡'
    """

    QINGHU = ("qinghu", "清胡")
    PIAOHU = ("piaohu", "飄胡")
    TAZIHU = ("tazihu", "塌子胡")


class WaitKind(HanziEnum, short_repr=True):
    """Where the winning card sits (§7): 丫子 (middle), 邊張 (3 of 一二三 / 7 of 七八九), 單吊 (pair).

    >>> WaitKind.YAZI.hanzi
    '丫子'
    """

    YAZI = ("yazi", "丫子")
    BIANZHANG = ("bianzhang", "邊張")
    DANDIAO = ("dandiao", "單吊")


def _to_cards(cards: Iterable[Card] | str, name: str) -> tuple[Card, ...]:
    """The cards of text or of a sequence of cards; a NotationError naming the argument
    ``name`` for anything else."""
    if isinstance(cards, str):
        return parse(cards)
    return cards_arg(cards, Card, name, "nantong cards")


def parse_melds(melds: Iterable[Meld] | str) -> tuple[Meld, ...]:
    """Melds from a sequence or from text separated by ``;`` or ``|``.

    >>> parse_melds("碰 HH HH HH; 明杠 4b 4b 4b 4b")
    (Meld.parse('peng HH HH HH'), Meld.parse('exposed4 4b 4b 4b 4b'))
    """
    return melds_arg(melds, Meld, "nantong melds (Meld)")


def _seen_melds(seen: Iterable[Meld] | str) -> tuple[Meld, ...]:
    """The other seats' declared melds of ``seen=`` (as :func:`parse_melds` reads them; its
    errors name ``seen``).

    >>> _seen_melds("明杠 2w 2w 2w 2w"), _seen_melds(())
    ((Meld.parse('exposed4 2w 2w 2w 2w'),), ())
    """
    if seen == () or seen == "":  # (the default, on every analysis: nothing to read)
        return ()
    return melds_arg(seen, Meld, "nantong melds (Meld)", "seen")


def _code_faces(code: _Code) -> tuple[int, ...]:
    kind, face, _ = code
    if kind == 2:
        return (face, face + 1, face + 2)
    return (face,) * (2 if kind == 0 else 3)


def _code_meld(code: _Code, baida: list[Card]) -> Meld:
    """The meld of a group code, its 百搭 taken in order from ``baida`` (which loses them)."""
    kind, _, mask = code
    if not mask:
        return _PLAIN_MELDS[code]
    n = mask.bit_count() if kind == 2 else mask
    if n == 1:
        return _ONE_WILD_MELDS[code, baida.pop(0)]
    used = tuple(baida[:n])
    del baida[:n]
    return _code_meld_of(code, used)


# Melds are immutable: one per group code and 百搭 used (at most 2**12 entries).
@caches.lru("nantong", maxsize=1 << 12)
def _code_meld_of(code: _Code, used: tuple[Card, ...]) -> Meld:
    kind, face, mask = code
    faces = tuple(CARDS[i] for i in _code_faces(code))
    if kind == 2:
        wild_faces = [faces[j] for j in range(3) if mask >> j & 1]
        mk = MeldKind.WENQIAN if face == 9 else MeldKind.SHUNZI
    else:
        wild_faces = [faces[0]] * mask
        mk = MeldKind.PAIR if kind == 0 else MeldKind.KEZI
    wilds = tuple(zip(used, wild_faces, strict=True))
    return Meld(mk, faces, None, wilds)


# The melds of the group codes without 百搭 (pairs, 刻子, 順子): built once, at import.
_PLAIN_MELDS = {
    code: _code_meld_of.__wrapped__(code, ())
    for code in [(kind, k, 0) for kind in (0, 1) for k in range(N_PLAIN)]
    + [(2, k, 0) for k in range(27) if k % 9 < 7]
}

# The melds of the group codes with one 百搭 (each of the five in any slot): 615 melds, at
# import (3 ms), as most hands with 百搭 hold one or two.
_ONE_WILD_MELDS = {
    (code, wild): _code_meld_of.__wrapped__(code, (wild,))
    for code in [(kind, k, 1) for kind in (0, 1) for k in range(N_PLAIN)]
    + [(2, k, 1 << j) for k in range(27) if k % 9 < 7 for j in range(3)]
    for wild in BAIDA
}


# A part's melds for the hand's order: the pair's (one or none), the 刻子', the 順子'. The
# hand's sorted codes are the pair, the 刻子 by face, then the 順子 by face, and the parts
# hold faces in the order 條, 丙, 萬, honours: the parts' melds joined keep that order.
_PartMelds = tuple[tuple[Meld, ...], tuple[Meld, ...], tuple[Meld, ...]]


def _plain_melds(codes: tuple[_Code, ...]) -> tuple[Meld, ...]:
    return tuple(map(_PLAIN_MELDS.__getitem__, codes))


def _part_melds(
    reading: tuple[_Code, ...],
    melds_of: Callable[[tuple[_Code, ...]], tuple[Meld, ...]] = _plain_melds,
) -> _PartMelds:
    """The melds (by ``melds_of``) of a part's plain reading (sorted codes), split by type:
    pair, 刻子, 順子.

    >>> [len(melds) for melds in _part_melds(((0, 3, 0), (1, 5, 0), (2, 0, 0), (2, 0, 0)))]
    [1, 1, 2]
    """
    sets, runs = bisect_left(reading, (1,)), bisect_left(reading, (2,))
    return melds_of(reading[:sets]), melds_of(reading[sets:runs]), melds_of(reading[runs:])


def _one_reading_melds(
    table: dict[int, tuple[tuple[_Code, ...], ...]],
) -> dict[int, _PartMelds]:
    """:func:`_part_melds` of every packed suit of a table that it reads one way only, equal
    runs of melds shared (a few hundred: a tenth of the work and half the memory).

    >>> melds = _one_reading_melds(_SUIT_TABLES[0])
    >>> melds[3 * _RUN] if 3 * _RUN in melds else "two readings"
    'two readings'
    >>> [len(part) for part in melds[2 | _RUN << PACK_BITS]]
    [1, 0, 1]
    """
    shared: dict[tuple[_Code, ...], tuple[Meld, ...]] = {}

    def melds_of(codes: tuple[_Code, ...]) -> tuple[Meld, ...]:
        melds = shared.get(codes)
        if melds is None:
            melds = shared[codes] = tuple(map(_PLAIN_MELDS.__getitem__, codes))
        return melds

    return {
        x: _part_melds(readings[0], melds_of) for x, readings in table.items() if len(readings) == 1
    }


# The melds of every packed suit that the tables read one way only (most suits of a complete
# hand), by part, and of the honours that form groups: built at import (about 25,000 suits,
# 20 ms, 2.5 MB).
_ONE_READING_MELDS = tuple(_one_reading_melds(table) for table in _SUIT_TABLES)
_HONOUR_MELDS = {h: _part_melds(readings[0]) for h, readings in _HONOUR_READINGS.items()}


def _meld_text(meld: Meld, label: str = "") -> str:
    kind = label or (meld.source.hanzi if meld.source is not None else meld.kind.hanzi)
    return f"{kind} {''.join(c.hanzi for c in meld.faces)}"


class _Valued:
    """A slot beside the attrs fields of :class:`Decomposition`, not a field itself (no part of
    equality, hash, repr, pickles or ``attrs.asdict``, as 字牌 ``Card``'s packed count):
    ``_nantong_value``, the reading's value once asked for (a score sheet's work; an
    analysis's document asks twice)."""

    __slots__ = ("_nantong_value",)
    _nantong_value: int


def _groups_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "groups", "nantong melds (Meld)")


def _exposed_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "exposed", "nantong melds (Meld)")


def _jiang_field(value: object) -> tuple[Card, ...]:
    return cards_arg(value, Card, "jiang", "nantong cards (Card)")


@frozen
class Decomposition(_Valued):
    """A winning hand split into its pair and seven groups (§4).

    ``groups`` are the concealed groups found in the hand (刻子 have no ``source``: they are
    in hand), ``exposed`` the declared melds. ``shape`` is 清胡, 飄胡 or 塌子胡. The reading
    keeps the ``rules``, the flipped ``jiang`` and the 叫牌 ``called`` cards it was made under:
    its :attr:`value` (胡數) depends on them.

    >>> from changpai import nantong
    >>> d = nantong.best_decomposition("1b 2b 3b 1b 2b 3b HH HH HH QZ QZ QZ 4w 4w 4w 5t 5t 5t 7b 7b 7b 9t 9t")
    >>> d.shape.hanzi, d.wenqian, str(d.pair), d.value
    ('飄胡', 2, '九條九條', 520)
    """

    # (checked: a reading built by hand names what is wrong at once, and keeps no list of
    # the caller's — review h60; the analysis builds its readings past the checks)
    pair: Meld = field(validator=instance_of(Meld))
    groups: tuple[Meld, ...] = field(converter=_groups_field)
    exposed: tuple[Meld, ...] = field(default=(), converter=_exposed_field)
    rules: Rules = field(default=DUZIHU, kw_only=True, validator=instance_of(Rules, "nantong"))
    jiang: tuple[Card, ...] = field(default=(), kw_only=True, converter=_jiang_field)
    called: frozenset[Card] = field(
        default=frozenset(), kw_only=True, converter=_called, repr=ordered_repr
    )

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Every meld of the reading: the concealed groups, the exposed melds, then the pair.

        >>> len(best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").melds)
        8
        """
        return (*self.groups, *self.exposed, self.pair)

    @property
    def value(self) -> int:
        """The 胡數 of the hand read this way (nantong.md §7): the shape's 底, the sets under
        the flipped 將, the 文錢, 三老聚會, the 飄胡 and 悶飄 doublings, rounded up to ten — what
        :func:`~changpai.nantong.score` gives for it with nothing else known (no winning card,
        not 自摸).

        >>> from changpai import nantong
        >>> nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").value
        120
        >>> nantong.best_decomposition("HH HH HH 123t 456t 789t 123w 456w 789w 5w 5w", jiang="HH 3w").value
        70
        """
        try:
            return self._nantong_value
        except AttributeError:  # (not asked for yet: the slot is unset)
            from changpai.nantong.scoring import decomposition_value  # (imports this module)

            value = decomposition_value(self)
            _SET_VALUE(self, value)
            return value

    @property
    def all_groups(self) -> tuple[Meld, ...]:
        """Concealed groups followed by the exposed melds.

        >>> d = best_decomposition("123t 456t 789t 123w 567w 234b 9b 9b", "碰 HH HH HH")
        >>> len(d.groups), len(d.all_groups)
        (6, 7)
        """
        return self.groups + self.exposed

    @property
    def wenqian(self) -> int:
        """How many 文錢 (一二三丙) the hand holds.

        >>> best_decomposition("123b 123b 456b 789b 123t 456t 789t 5w 5w").wenqian
        2
        """
        return sum(g.kind == MeldKind.WENQIAN for g in self.all_groups)

    @property
    def shape(self) -> Shape:
        """清胡 (only 順子), 飄胡 (刻子 / 杠 and 文錢), else 塌子胡 (§4, N20), under its rules.

        >>> best_decomposition("123b HH HH HH QZ QZ QZ 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t").shape
        Shape.PIAOHU
        """
        return _shape(self.all_groups, self.rules)

    def shape_under(self, rules: Rules) -> Shape:
        """The shape under some rules (N20 changes whether 文錢 may sit in a 飄胡).

        >>> d = best_decomposition("1b 2b 3b HH HH HH QZ QZ QZ 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t")
        >>> d.shape_under(DUZIHU.evolve(wenqian_in_piao=False)).hanzi
        '塌子胡'
        """
        return _shape(self.all_groups, rules)

    def cards(self) -> tuple[Card, ...]:
        """Every physical card of the concealed part (pair and groups), sorted.

        >>> len(best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").cards())
        23
        """
        return tuple(sorted(c for m in (self.pair, *self.groups) for c in m.cards))

    def __str__(self) -> str:
        parts = [str(g) for g in self.groups] + [str(m) for m in self.exposed]
        return " ".join([*parts, f"將頭 {self.pair}"])

    def _repr_html_(self) -> str:
        """The decomposition for notebooks: the groups, the exposed melds and the 將頭 as
        framed chips, then the shape.

        >>> html = best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")._repr_html_()
        >>> html.count("將頭"), html.count("順子"), "清胡 · 120 胡數" in html
        (1, 6, True)
        """
        parts = [m._repr_html_() for m in (*self.groups, *self.exposed)]
        parts.append(render.meld("將頭", self.pair.cards, face=Card._repr_html_))
        note = f"{self.shape.hanzi} · {self.value} 胡數"
        note += f" · {self.wenqian} 文錢" if self.wenqian else ""
        return render.line(parts, note=note)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the melds as text (pair last), the value (胡數), the shape, and
        every meld as a dict.

        >>> from changpai import nantong
        >>> data = nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").to_dict()
        >>> data["melds"][0], data["melds"][-1], data["value"], data["shape"]
        ('順子 一條二條三條', '將頭 五萬五萬', 120, 'qinghu')
        """
        return {
            "melds": [
                *(_meld_text(m) for m in (*self.groups, *self.exposed)),
                _meld_text(self.pair, "將頭"),
            ],
            "value": self.value,
            "shape": self.shape.value,
            "pair": self.pair.to_dict(),
            "groups": [g.to_dict() for g in self.groups],
            "exposed": [m.to_dict() for m in self.exposed],
        }


# Decomposition's slots, set directly, past the checks of its fields (the plain path's values
# pass them unchanged: tests/nantong/test_fast_build.py): attrs' __init__, one setattr call per
# field, is half the cost of a reading on the plain path.
_SET_PAIR, _SET_GROUPS, _SET_EXPOSED, _SET_RULES, _SET_JIANG, _SET_CALLED = (
    getattr(Decomposition, f.name).__set__ for f in fields(Decomposition)
)
_SET_VALUE = getattr(_Valued, "_nantong_value").__set__  # noqa: B009  # (the slot's setter)


def _new_decomposition(
    pair: Meld,
    groups: tuple[Meld, ...],
    rules: Rules,
    jiang: tuple[Card, ...],
    called: frozenset[Card],
) -> Decomposition:
    """``Decomposition(pair, groups, rules=rules, jiang=jiang, called=called)``, built slot by
    slot.

    >>> d = best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    >>> _new_decomposition(d.pair, d.groups, d.rules, d.jiang, d.called) == d
    True
    """
    d: Decomposition = object.__new__(Decomposition)
    _SET_PAIR(d, pair)
    _SET_GROUPS(d, groups)
    _SET_EXPOSED(d, ())
    _SET_RULES(d, rules)
    _SET_JIANG(d, jiang)
    _SET_CALLED(d, called)
    return d


def _shape(groups: Sequence[Meld], rules: Rules) -> Shape:
    sets = any(g.kind in (MeldKind.KEZI, MeldKind.GANG) for g in groups)
    plain = any(g.kind == MeldKind.SHUNZI for g in groups)
    wen = any(g.kind == MeldKind.WENQIAN for g in groups)
    if not sets:
        return Shape.QINGHU
    if plain or (wen and not rules.wenqian_in_piao):
        return Shape.TAZIHU
    return Shape.PIAOHU


def _split(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str,
    rules: Rules,
    name: str = "concealed",
) -> tuple[tuple[Card, ...], tuple[Meld, ...], tuple[int, ...], list[Card]]:
    rules_arg(rules, Rules, "nantong")
    cards = _to_cards(concealed, name)
    melds = melds_arg(exposed, Meld, "nantong melds (Meld)", "exposed")
    # nantong.md §3: a hand is 7 groups and a pair; the declared melds are groups of it
    size_arg(len(cards), 3 * max(GROUPS_IN_HAND - len(melds), 0) + 2, name, "nantong cards")
    # a plain tally for the cached hot path; the copy limits are checked by check_copies,
    # which every caller runs on the same cards
    counts = [0] * N_PLAIN
    baida = []
    for c in cards:
        if c.index < N_PLAIN:
            counts[c.index] += 1
        else:
            baida.append(c)
    if baida and not rules.baida:
        raise NotationError(f"{baida[0]} is a 百搭 but these rules play without 百搭 (baida=False)")
    return cards, melds, tuple(counts), baida


def _used(meld: Meld) -> tuple[Card, ...]:
    """The copies a meld uses: the cards it stands for (a 百搭's face too: no fifth copy is
    made of one, nantong.md §1, §4; review h119) and the 百搭 themselves.

    >>> [c.code for c in _used(Meld.parse("在手 HH HH FU:HH"))]
    ['HH', 'HH', 'HH', 'FU']
    """
    if not meld.wilds:
        return meld.cards
    return (*meld.faces, *(physical for physical, _ in meld.wilds))


def _check_copies(cards: Sequence[Card], melds: Sequence[Meld], flips: Sequence[Card]) -> None:
    """:func:`check_copies` for cards, melds and flips already checked to be such: a plain
    tally, and the full check (with its error) only when a kind is over its copies; a
    declared four of the wrong size for the flips raises its RulesError (``_check_four``)."""
    counts = [0] * N_KINDS
    for c in cards:
        counts[c.index] += 1
    for m in melds:
        _check_four(m, flips)
        for c in _used(m):
            counts[c.index] += 1
    for c in flips:
        counts[c.index] += 1
    if any(map(operator.gt, counts, COPIES)):
        check_copies(cards, melds, flips)


def check_copies(
    cards: Iterable[Card],
    melds: Iterable[Meld] = (),
    jiang: Iterable[Card] = (),
    *,
    where: str = " among the held, declared and flipped cards",
) -> Counts:
    """Raise :class:`~changpai.errors.NotationError` if held, declared and flipped cards use more
    copies of a card than the deck holds (the message says ``where`` they are); else return how
    many of each kind they use (a :class:`~changpai.core.multiset.Counts` of the 35 card kinds,
    indexed by ``Card.index``).

    >>> check_copies(parse("2t 2t 2t 2t"), jiang=parse("2t"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of 二條 among the held, declared and flipped cards; a deck has at most 4
    >>> check_copies(parse("2t 2t HH"), jiang=parse("2t 3w"))[Card("2t").index]
    3
    """
    seen = [c.index for c in cards_arg(cards, Card, "cards", "nantong cards")]
    seen += [c.index for m in cards_arg(melds, Meld, "melds", "nantong melds") for c in _used(m)]
    seen += [c.index for c in cards_arg(jiang, Card, "jiang", "nantong cards")]
    return counts_of(seen, where=where)


def _needed(cards: Sequence[Card], melds: Sequence[Meld]) -> int:
    k = GROUPS_IN_HAND - len(melds)
    if k < 0:
        raise NotationError(
            f"{len(melds)} declared melds; a hand has at most {GROUPS_IN_HAND} groups"
        )
    return k


def _copies_ok(codes: Sequence[_Code], melds: Sequence[Meld], flips: Sequence[Card]) -> bool:
    """Whether the faces of ``codes`` (百搭 standing for cards included), the declared melds
    and the flips use at most the four copies of each plain card kind."""
    used = itertools.chain(
        (f for code in codes for f in _code_faces(code)),
        (face.index for m in melds for face in m.faces if not face.is_baida),
        (flip.index for flip in flips if not flip.is_baida),
    )
    try:
        Counts.from_indices(used, size=N_PLAIN)
    except NotationError:
        return False
    return True


def _copies_left(
    counts: Sequence[int], melds: Sequence[Meld], flips: Sequence[Card]
) -> list[int] | None:
    """How many copies of each plain kind the deck still has for a 百搭 to stand for, given
    the hand's plain ``counts``, the faces of the declared melds and the flips; None if they
    already use more than four of a kind (then no reading passes :func:`_copies_ok`)."""
    left = [4 - c for c in counts]
    for m in melds:
        for face in m.faces:
            if not face.is_baida:
                left[face.index] -= 1
    for flip in flips:
        if not flip.is_baida:
            left[flip.index] -= 1
    return None if min(left) < 0 else left


def _wilds_fit(codes: Sequence[_Code], left: Sequence[int]) -> bool:
    """``_copies_ok(codes, melds, flips)`` for ``left = _copies_left(counts, melds, flips)``
    (``codes`` a reading of ``counts``): every real card is counted in ``left``, so only the
    faces the 百搭 stand for are checked.

    >>> left = _copies_left([4] + [0] * 29, (), ())
    >>> _wilds_fit([(1, 0, 1)], left), _wilds_fit([(1, 1, 1)], left), _wilds_fit([(2, 0, 6)], left)
    (False, True, True)
    """
    taken: dict[int, int] = {}
    for kind, face, mask in codes:
        if not mask:
            continue
        # a 順子's bit j: its j-th card; a pair's or 刻子's mask: how many 百搭
        kinds = [face + j for j in range(3) if mask >> j & 1] if kind == 2 else [face] * mask
        for k in kinds:
            n = taken.get(k, 0) + 1
            if n > left[k]:
                return False
            taken[k] = n
    return True


HAND_SIZE = 3 * GROUPS_IN_HAND + 2

# The packed hands of the hot path (solver.PACK_BITS bits per card kind): a card kind's field.
_PACKED = tuple(1 << PACK_BITS * k for k in range(N_KINDS))
_BAIDA_AT = PACK_BITS * N_PLAIN
_DIGIT_BITS = tuple(sum(1 << PACK_BITS * k + j for k in range(N_KINDS)) for j in range(4))
# 7 less the copies of each kind (4 of a plain kind, 1 of a 百搭): a field holding more than
# the copies reaches 8 with it (bit 3: _DIGIT_BITS[3])
_ROOM = sum(7 - COPIES[k] << PACK_BITS * k for k in range(N_KINDS))
_HIGH_BITS = _DIGIT_BITS[3]


def _packed_cards(concealed: object) -> int | None:
    """The packed cards of a tuple or list of 23 cards, the 百搭 held packed past the plain
    fields (the hot path of :func:`best_decomposition` and :func:`is_winning`), else None:
    the general path then checks (and raises) as it always has.

    >>> _packed_cards(parse("5w 5w")) is None, _packed_cards(list(parse("123t 456t 789t 123w 456w 789w 123b 5w FU"))) >> _BAIDA_AT
    (True, 1)
    """
    if (type(concealed) is not tuple and type(concealed) is not list) or len(
        concealed
    ) != HAND_SIZE:
        return None
    key = 0
    for c in concealed:
        if type(c) is not Card:  # the general path names what it is
            return None
        key += c._packed
    return key


def _within_copies(key: int, flips: Sequence[Card], count: int) -> bool:
    """Whether the packed cards (``count`` of them) and the flips hold at most the copies of
    each kind (else the general path raises :func:`check_copies`' error).

    >>> key = _packed_cards(parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    >>> _within_copies(key, parse("5w 5w"), 23), _within_copies(key, parse("5w 5w 5w"), 23)
    (True, False)
    >>> _within_copies(16 * _PACKED[0] + _PACKED[5], (), 17)  # (sixteen 一條 carry over)
    False
    """
    for f in flips:
        key += f._packed
        count += 1
    if (key | key + _ROOM) & _HIGH_BITS:  # a field above its kind's copies (with its room: 8)
        return False
    # a field of 16 or more carries into the next one: the fields then add up to 15 cards
    # fewer, and a field holds at least as many cards as it has bits set (most hands: no more)
    if key.bit_count() > count - 15:
        return True
    b0, b1, b2, _ = _DIGIT_BITS
    return (key & b0).bit_count() + 2 * (key & b1).bit_count() + 4 * (key & b2).bit_count() == count


def _no_melds(exposed: object) -> bool:
    return exposed == () or exposed == ""


def decompositions(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    *,
    rules: Rules = DUZIHU,
    jiang: Iterable[Card | str] | str = (),
    called: Iterable[Card] = (),
    seen: Iterable[Meld] | str = (),
) -> Iterator[Decomposition]:
    """Every way to read a winning hand as one pair + seven groups (none if it does not win).

    ``jiang`` (the flipped cards) matters for the readings' values and, with 百搭, for the
    readings themselves: a wild card cannot stand for a copy that is flipped or already used.
    ``seen`` lists the melds the other seats have declared (in sight of everybody): a 百搭
    stands for no copy among them either, as in the engine (nantong.md §1, §4).
    ``called`` lists the 真諦 cards declared by 叫牌 (their concealed three scores as 起手).

    The readings come as they are found: those of a hand without 百搭 in the order of their
    groups, those of a hand with 百搭 share by share of the 百搭 among the suits and honours
    (five 百搭 beside three each of 二條 to 七條 have 31,971 readings; the first comes at
    once). A reading places the physical cards, so a 百搭 standing for a face that a real card
    of the hand also has may give two readings of the same text (which group holds the 百搭:
    ``Meld.wilds``); two 百搭 swapping places give one.

    >>> len(list(decompositions("111222333t 444555666b 777w 5t 5t")))
    4
    >>> list(decompositions("1t 2t"))
    []

    A bad hand raises when the function is called, before any reading is asked for:

    >>> readings = decompositions("1t zz")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'zz' is not a nantong card; expected 1t..9t, 1b..9b, 1w..9w (or runs like 123b), QZ, HH, BH, BD, FU, LU, SHOU, XI, CAI, or hanzi such as 一條, 二丙, 三萬, 千字, 紅花, 白花, 福
    """
    others = _seen_melds(seen)
    return _decompositions(concealed, exposed, rules, jiang, called, others, bool(others))


def _decompositions(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str,
    rules: Rules,
    jiang: Iterable[Card | str] | str,
    called: Iterable[Card],
    in_sight: Sequence[Meld] = (),
    check_in_sight: bool = False,
    in_order: bool = False,
) -> Iterator[Decomposition]:
    """:func:`decompositions`, the copies its 百搭 may stand for counted with ``in_sight`` too
    (other seats' declared sets: the engine's and ``score``'s copy rule, nantong.md §1, §4);
    the copies of ``in_sight`` are checked with the hand's if ``check_in_sight`` (``seen=``;
    ``score`` explains a 百搭 standing for one of them instead); the readings of a hand with
    百搭 come in the order of their codes if ``in_order`` (``score`` keeps the first of the
    readings that score the same: the smallest, as ``best_decomposition`` breaks ties)."""
    cards, melds, counts, baida = _split(concealed, exposed, rules)
    k = _needed(cards, melds)
    flips = _jiang(jiang, rules)
    frozen_called = _called(called)
    _check_copies(cards, (*melds, *in_sight) if check_in_sight else melds, flips)
    check_called(frozen_called, flips, cards)
    if len(cards) != 3 * k + 2 or not _can(counts, len(baida), True):
        return iter(())
    left = _copies_left(counts, (*melds, *in_sight), flips) if baida else None
    return _built(counts, baida, left, melds, rules, flips, frozen_called, in_order)  # checked now


def _built(
    counts: tuple[int, ...],
    baida: list[Card],
    left: Sequence[int] | None,
    melds: tuple[Meld, ...],
    rules: Rules,
    flips: tuple[Card, ...],
    called: frozenset[Card],
    in_order: bool = False,
) -> Iterator[Decomposition]:
    """The readings of :func:`_decompositions`, built as they are iterated: those of a hand
    without 百搭 in the order of their group codes, those of a hand with 百搭 share by share
    (:func:`_wild_readings`: the first comes at once, not after every reading is found), or
    in the order of their codes too if ``in_order``."""
    if not baida:
        for codes in _readings(counts, 0):
            if not called or _keeps_called(codes, called):
                yield _build(codes, baida, melds, rules, flips, called)
    elif left is not None:  # (else no 百搭 can stand for anything)
        found = _wild_readings(counts, len(baida), left, called)
        for codes in sorted(found) if in_order else found:
            yield _build(codes, baida, melds, rules, flips, called)


def _keeps_called(codes: Sequence[_Code], called: frozenset[Card]) -> bool:
    """Whether a reading (group codes) holds a 刻子 of each 叫牌 card ``called``: a three
    declared by 叫牌 is a set of the hand (nantong.md §3, N19), never split into 順子 or a
    pair (review h119: a reading split it, and scored more).

    >>> _keeps_called([(0, 4, 0), (1, 1, 0)], frozenset(parse("2t"))), _keeps_called([(2, 1, 0)], frozenset(parse("2t")))
    (True, False)
    """
    kezi = {face for kind, face, _ in codes if kind == 1}
    return all(card.index in kezi for card in called)


def _wild_readings(
    counts: tuple[int, ...], wild: int, left: Sequence[int], called: frozenset[Card] = frozenset()
) -> Iterator[tuple[_Code, ...]]:
    """The readings of 30 plain counts and ``wild`` (1..5) 百搭 whose 百搭 stand for copies
    ``left`` (:func:`_wilds_fit`), each once, as found: share by share of the 百搭 among the
    parts (:func:`~changpai.nantong.solver._part_options`). A part's kinds are its own, so a
    reading of a part whose 百搭 take more copies than are left is dropped before it is
    joined to the others' (a hand of 百搭 beside used-up kinds has many such).

    >>> counts = _split("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU)[2]
    >>> left = _copies_left(counts, (), ())
    >>> list(_wild_readings(counts, 1, left)) == list(_all_by_parts(counts, 1)), len(list(_wild_readings(counts, 1, [0] * 30)))
    (True, 0)
    """
    met: set[tuple[_Code, ...]] = set()
    # (a 叫牌 three is a 刻子 of its part's reading: 百搭 alone stand for no copy of it, all
    # three copies the flip leaves being held)
    kezi = {(card.index // 9, card.index) for card in called}
    for options, alone, alone_pair in _part_options(counts, wild):
        fitting = [
            [r for r in readings if _wilds_fit(r, left) and (not kezi or _part_keeps(r, kezi))]
            for readings in options
        ]
        if not all(fitting):
            continue
        for combo in itertools.product(*fitting, _all_wild(alone, alone_pair)):
            codes = tuple(sorted(itertools.chain.from_iterable(combo)))
            if codes not in met:
                met.add(codes)
                if _wilds_fit(codes, left):
                    yield codes


def _part_keeps(reading: Sequence[_Code], kezi: set[tuple[int, int]]) -> bool:
    """Whether a part's ``reading`` holds a 刻子 of each 叫牌 face of its part (``kezi``:
    (part, face) pairs; a part is a face's index // 9, the honours 3).

    >>> _part_keeps([(1, 1, 0), (2, 2, 0)], {(0, 1)}), _part_keeps([(2, 0, 0), (2, 1, 0)], {(0, 1)}), _part_keeps([(2, 9, 0)], {(0, 1)})
    (True, False, True)
    """
    if not reading:
        return True
    part = reading[0][1] // 9
    faces = {face for kind, face, _ in reading if kind == 1}
    return all(face in faces for p, face in kezi if p == part)


def _readings(counts: tuple[int, ...], wild: int) -> tuple[tuple[_Code, ...], ...]:
    """Every reading of 30 plain counts and ``wild`` 百搭 as a pair and groups (``_all``),
    part by part when 百搭 can go to any of them, in the order of their group codes.

    >>> counts = _split("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU)[2]
    >>> len(_readings(counts, 1)), _readings(counts, 0)
    (1, ())
    """
    if wild:  # (at most DECK_BAIDA: the copies are checked)
        return _all_by_parts(counts, wild)
    return _plain_all(sum(map(operator.mul, counts, _PACKED)))


def _complete(
    counts: tuple[int, ...], wild: int, melds: Sequence[Meld], flips: Sequence[Card]
) -> bool:
    """Whether 30 plain counts plus ``wild`` 百搭 form one pair + groups, with no 百搭 standing
    for a copy the deck no longer has (held, declared or flipped)."""
    return _can(counts, wild, True) and _copies_fit(counts, wild, melds, flips)


def _copies_fit(
    counts: tuple[int, ...], wild: int, melds: Sequence[Meld], flips: Sequence[Card]
) -> bool:
    """The rest of :func:`_complete` for counts that form a pair and groups (``_can``): no
    百搭 of some reading stands for a copy the deck no longer has.

    >>> counts = _split("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU)[2]
    >>> _copies_fit(counts, 1, (), ()), _copies_fit(counts, 1, (Meld.parse("碰 5w 5w 5w"),), ())
    (True, False)
    """
    if wild == 0:
        return True
    left = _copies_left(counts, melds, flips)
    if left is None:
        return False
    if min(left) >= wild:  # no reading can ask for more copies than the deck has left
        return True
    try:  # (on a copy: a search given up leaves its copies taken)
        return _fits_any(counts, wild, True, list(left))
    except SearchTooLong:
        # (the search stops at the first reading that fits, but a hand that has none visits
        # them all: read part by part, as best_decomposition does, that is soon known)
        return _best_wild(counts, wild, left, _CodeRanks((), (), DUZIHU, frozenset())) is not None


def is_winning(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    *,
    rules: Rules = DUZIHU,
    jiang: Iterable[Card | str] | str = (),
    called: Iterable[Card] = (),
    seen: Iterable[Meld] | str = (),
) -> bool:
    """Whether the hand is complete (one pair + seven groups) — a fast cached check.

    A 百搭 never stands for a fifth copy (or a flipped one): four 紅花 and a 百搭 are not a
    刻子 and a pair. ``seen`` lists the melds the other seats have declared: a 百搭 stands for
    no copy among them either (as in the engine). ``called`` lists the 真諦 cards declared by
    叫牌, as :func:`best_decomposition`: each three stays a 刻子.

    >>> hand = "2t 2t 2t 3t 3t 3t 4t 4t 4t 456b 789b 123b 789t 5w 5w"
    >>> split = hand.replace("4t 4t 4t", "1t 4t 4t")  # (wins as 123 234 234 only)
    >>> is_winning(split, jiang="2t 3w"), is_winning(split, jiang="2t 3w", called="2t")
    (True, False)

    >>> is_winning("123b 456b 789b 123t 456t 789t 123w 5w 5w"), is_winning("123b 5w 5w")
    (True, False)
    >>> is_winning("123b 5w 5w", exposed="碰 HH HH HH; 碰 QZ QZ QZ; 碰 BH BH BH; 碰 1w 1w 1w; 碰 2w 2w 2w; 碰 3w 3w 3w")
    True
    >>> is_winning("HH HH HH HH FU 123t 456t 789t 123w 456w 789w", rules=DUZIHU.evolve(baida=True))
    False
    """
    frozen_called = _NONE_CALLED if called == () else _called(called)  # (read once)
    if frozen_called:  # (rare: the readings keeping each 叫牌 three)
        found = best_decomposition(
            concealed, exposed, rules=rules, jiang=jiang, called=frozen_called, seen=seen
        )
        return found is not None
    others = _seen_melds(seen)
    if type(rules) is Rules and _no_melds(exposed) and not others:
        if type(concealed) is str:  # (read once: the fast path takes the cards)
            concealed = parse(concealed)
        key = _packed_cards(concealed)
        # (百搭 under rules without them: the general path names the 百搭 before the flips)
        if key is not None and (rules.baida or not key >> _BAIDA_AT):
            flips = _jiang(jiang, rules)
            if not _within_copies(key, flips, HAND_SIZE):
                pass  # the general path checks (and raises)
            elif not key >> _BAIDA_AT:
                return _plain_complete(key)
            elif rules.baida and (key >> _BAIDA_AT).bit_count() <= 2:  # (else the general path)
                return _packed_wild_complete(key, flips)
    cards, melds, counts, baida = _split(concealed, exposed, rules)
    k = _needed(cards, melds)
    flips = _jiang(jiang, rules)
    in_sight = (*melds, *others)
    _check_copies(cards, in_sight, flips)
    return len(cards) == 3 * k + 2 and _complete(counts, len(baida), in_sight, flips)


def _packed_wild_complete(key: int, flips: Sequence[Card]) -> bool:
    """:func:`is_winning` of 23 concealed cards packed in ``key`` holding one or two 百搭
    (within their copies with the ``flips``), with no declared melds.

    >>> _packed_wild_complete(_packed_cards(parse("123b 456b 789b 123t 456t 789t 123w 5w FU")), ())
    True
    """
    wild = (key >> _BAIDA_AT).bit_count()
    key &= _PLAIN_FIELDS
    if _HONOUR_WILDS[key >> _HONOURS_AT] > wild:
        return False
    return few_wild.fits(key, _with_flips(key, flips), wild)


def _with_flips(key: int, flips: Sequence[Card]) -> int:
    """The packed plain cards ``key`` with the plain ``flips`` added: the copies a 百搭 cannot
    stand for.

    >>> _with_flips(1, parse("1t FU")) == 2
    True
    """
    for f in flips:
        if f.index < N_PLAIN:
            key += f._packed
    return key


def _concealed_set_value(
    meld: Meld, flips: Sequence[Card], rules: Rules, called: frozenset[Card]
) -> tuple[SetKind, int]:
    """How a 刻子 found in the hand scores: 在手, or a four of a 真諦 card (§6.2)."""
    kind = SetKind.CONCEALED3
    if any(f == meld.card for f in flips):
        kind = SetKind.DEALT4 if meld.card in called else SetKind.DRAWN4
    return kind, set_value(kind, meld.card, flips, rules)


def _hits_table(jiutiao_laojiang: bool, nine_cross_hit: bool) -> tuple[tuple[int, ...], ...]:
    """:func:`_hits` (§6.2, N4, N5) of each flipped kind (35) on each plain kind (30), under
    the two rules it reads.

    >>> _hits_table(True, True)[Card("9w").index][NINE_TIAO], _hits_table(True, False)[26][8]
    (1, 0)
    """
    rules = DUZIHU.evolve(jiutiao_laojiang=jiutiao_laojiang, nine_cross_hit=nine_cross_hit)
    return tuple(
        tuple(int(_hits(flip, face, rules)) for face in range(N_PLAIN)) for flip in range(N_KINDS)
    )


_HITS = {(jt, cross): _hits_table(jt, cross) for jt in (False, True) for cross in (False, True)}

_CONCEALED3_BASE, _DRAWN4_BASE, _DEALT4_BASE = (
    k.base for k in (SetKind.CONCEALED3, SetKind.DRAWN4, SetKind.DEALT4)
)


def _concealed_kezi_value(
    face: int, flips: Sequence[Card], rules: Rules, called: frozenset[Card]
) -> int:
    """``_concealed_set_value`` of the 刻子 of kind ``face`` found in hand, on small ints: under
    the §6.2 model a set is worth its base times 2^(L + H) (a concealed set is no 碰: no 真諦
    doubling); the seed tables (N6) take the long way.

    >>> flips = parse("HH 3w")
    >>> [_concealed_kezi_value(k, flips, DUZIHU, frozenset()) for k in (Card("HH").index, 2, 4)]
    [48, 8, 4]
    """
    if rules.multiplier_model != "model":
        meld = _code_meld_of((1, face, 0), ())
        return _concealed_set_value(meld, flips, rules, called)[1]
    hits_of = _HITS[rules.jiutiao_laojiang, rules.nine_cross_hit]
    zhendi = hits = 0
    for f in flips:
        kind = f.index
        zhendi += kind == face
        hits += hits_of[kind][face]
    base = _CONCEALED3_BASE
    if zhendi:
        base = _DEALT4_BASE if CARDS[face] in called else _DRAWN4_BASE
    laojiang = face >= QZ or (rules.jiutiao_laojiang and face == NINE_TIAO)
    return base << laojiang + hits


_NONE_CALLED: frozenset[Card] = frozenset()


def best_decomposition(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    *,
    rules: Rules = DUZIHU,
    jiang: Iterable[Card | str] | str = (),
    called: Iterable[Card] = (),
    seen: Iterable[Meld] | str = (),
) -> Decomposition | None:
    """The decomposition with the most 胡數 before situational bonuses (its
    :attr:`Decomposition.value`: base, sets, 文錢, 三文錢, 三老聚會, the 飄胡 and 悶飄
    doublings; ties of the value rounded up to ten go to the most before the rounding, then
    to a reading without a 順子 of 百搭 alone, then to the smallest group codes: kind, lowest
    face, 百搭 slots, sorted — docs/nantong.md spells them out), or None.

    ``called`` lists the 真諦 cards declared by 叫牌 (their concealed three scores as 起手).
    ``seen`` lists the melds the other seats have declared (in sight of everybody): a 百搭
    stands for no copy among them either, as in the engine (nantong.md §1, §4).

    >>> d = best_decomposition("111222333t 444555666b 777w 5t 5t")
    >>> d.shape.hanzi, str(d)
    ('飄胡', '一條一條一條 二條二條二條 三條三條三條 四丙四丙四丙 五丙五丙五丙 六丙六丙六丙 七萬七萬七萬 將頭 五條五條')
    """
    flips = jiang if type(jiang) is tuple and not jiang else _jiang(jiang)
    frozen_called = _NONE_CALLED if called == () else _called(called)
    if frozen_called:  # (read once: the paths below take the cards)
        concealed = _to_cards(concealed, "concealed")
        check_called(frozen_called, flips, concealed)
    others = _seen_melds(seen)
    if (
        type(rules) is Rules
        and (exposed == () or exposed == "")
        and not others
        and not frozen_called
    ):
        if type(concealed) is str:  # (read once: the fast path takes the cards)
            concealed = parse(concealed)
        key = _packed_cards(concealed)
        # (a flipped 百搭 without 百搭 in the deck: at most two flips, looked at inline)
        if flips and (flips[0].index >= N_PLAIN or flips[-1].index >= N_PLAIN):
            check_flips(flips, rules)
        if key is None or not _within_copies(key, flips, HAND_SIZE):
            pass  # the general path checks (and raises)
        elif key >> _BAIDA_AT:
            if rules.baida:  # (else the general path names the 百搭)
                held: Sequence[Card] = concealed  # type: ignore[assignment]  # (23 cards)
                return _best_packed_wild(key, held, rules, flips, frozen_called)
        else:
            return _best_packed_plain(key, rules, flips, frozen_called)
    cards, melds, counts, baida = _split(concealed, exposed, rules)
    check_flips(flips, rules)
    k = _needed(cards, melds)
    in_sight = (*melds, *others)
    _check_copies(cards, in_sight, flips)
    if len(cards) != 3 * k + 2:
        return None
    if frozen_called:  # (rare: the readings are listed, and those splitting a 叫牌 three left)
        if not baida:
            kept = [codes for codes in _readings(counts, 0) if _keeps_called(codes, frozen_called)]
        else:
            left = _copies_left(counts, in_sight, flips)
            if left is None:
                return None
            # (in the order of their codes, as every reading is ranked: the same tie-break)
            kept = sorted(_wild_readings(counts, len(baida), left, frozen_called))
        return _best_reading(kept, baida, melds, rules, flips, frozen_called, counts)
    if 0 < len(baida) <= DECK_BAIDA:  # (no reading is found where _can finds no groups)
        left = _copies_left(counts, in_sight, flips)
        if left is None:  # no 百搭 can stand for anything
            return None
        ranks = _CodeRanks(melds, flips, rules, frozen_called, _fours(counts, rules))
        best = _best_wild(counts, len(baida), left, ranks)
        return None if best is None else _build(best, baida, melds, rules, flips, frozen_called)
    if not _can(counts, len(baida), True):
        return None
    readings = _readings(counts, len(baida))
    return _best_reading(readings, baida, melds, rules, flips, frozen_called, counts)


def _gap_split(occupied: int) -> int | None:
    """The mask of the fields below the lowest empty kind with cards on both sides, for the
    kinds of a suit ``occupied`` (bit 0 of their field set), or None if there is none."""
    kinds = [k for k in range(9) if occupied >> PACK_BITS * k & 1]
    gaps = [k for k in range(kinds[0], kinds[-1]) if k not in kinds] if kinds else []
    return (1 << PACK_BITS * gaps[0]) - 1 if gaps else None


# the split of a suit at its lowest inner empty kind, by the kinds it holds (512 sets)
_GAP_SPLITS = {
    occupied: split
    for occupied in (
        sum(1 << PACK_BITS * k for k in range(9) if bits >> k & 1) for bits in range(512)
    )
    if (split := _gap_split(occupied)) is not None
}


def _suit_melds(p: int, x: int) -> _PartMelds | None:
    """The melds of the one plain reading of suit ``p`` packed in ``x`` (within four copies),
    or None if it has none, several, or the quick ways below do not tell.

    Beside the tables (at most ``solver._TABLE_CARDS`` cards): one or two of the lowest card
    (two if the suit holds no pair) can only start as many 順子, and so end them at the
    highest card; no group spans an empty kind, so the cards on each side of one are read
    alone (the pair on the side whose size says so, nantong.md §4).

    >>> x = sum(_PACKED[c.index] for c in parse("1t 1t 1t 3t 4t 5t 5t 6t 7t 7t 8t 9t 9t 9t"))
    >>> [" ".join(map(str, melds)) for melds in _suit_melds(0, x)]
    ['九條九條', '一條一條一條', '三條四條五條 五條六條七條 七條八條九條']
    """
    entry = _ONE_READING_MELDS[p].get(x)
    # a suit in the table not read one way has several readings; one of 3n + 1 cards none
    if entry is not None or x in _SUIT_TABLES[p] or x % 3 == 1:
        return entry
    low = (x & -x).bit_length() - 1
    shift = low - low % PACK_BITS  # (the 順子 starting at the lowest card)
    c = x >> shift & 15
    if c == 1 or (c == 2 and x % 3 == 0):
        return _forced_runs(p, x, shift, c, below=True)
    top = x.bit_length() - 1
    shift = top - top % PACK_BITS - 2 * PACK_BITS  # (the 順子 ending at the highest card)
    c = x >> shift + 2 * PACK_BITS & 15 if shift >= 0 else 0
    if c == 1 or (c == 2 and x % 3 == 0):
        return _forced_runs(p, x, shift, c, below=False)
    split = _GAP_SPLITS.get(_held_kinds(x))
    if split is None:
        return None
    below = _suit_melds(p, x & split)
    above = None if below is None else _suit_melds(p, x & ~split)
    if below is None or above is None:
        return None
    return below[0] + above[0], below[1] + above[1], below[2] + above[2]


def _forced_runs(p: int, x: int, shift: int, c: int, *, below: bool) -> _PartMelds | None:
    """:func:`_suit_melds` of suit ``p`` packed in ``x`` whose ``c`` cards at one end (the
    lowest if ``below``, else the highest) can only be in ``c`` 順子 from the field at
    ``shift``: those 順子 and the melds of what they leave, or None.

    >>> x = sum(_PACKED[c.index] for c in parse("1t 2t 3t 4t 4t 4t"))
    >>> [" ".join(map(str, melds)) for melds in _forced_runs(0, x, 0, 1, below=True)]
    ['', '四條四條四條', '一條二條三條']
    """
    if (
        (x >> shift & 15) < c
        or (x >> shift + PACK_BITS & 15) < c
        or (x >> shift + 2 * PACK_BITS & 15) < c
    ):
        return None
    rest = _suit_melds(p, x - c * (_RUN << shift))
    if rest is None:
        return None
    runs = (_PLAIN_MELDS[2, 9 * p + shift // PACK_BITS, 0],) * c
    return rest[0], rest[1], runs + rest[2] if below else rest[2] + runs


def _best_packed_plain(
    key: int, rules: Rules, flips: tuple[Card, ...], called: frozenset[Card]
) -> Decomposition | None:
    """:func:`best_decomposition` of 23 concealed plain cards packed in ``key`` (within their
    copies with the flips), with no declared melds.

    A hand whose parts are each read one way only has one reading: it is the best, and under
    the §6.2 model ranking it cannot fail, so its melds are joined from the parts' melds
    (pair, 刻子, 順子 each: the pair, the 刻子 and the 順子 of the parts in order are in their
    codes' order).

    >>> key = sum(_PACKED[c.index] for c in parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    >>> str(_best_packed_plain(key, DUZIHU, (), frozenset()))
    '一條二條三條 四條五條六條 七條八條九條 一丙二丙三丙 四丙五丙六丙 七丙八丙九丙 一萬二萬三萬 將頭 五萬五萬'
    """
    honours = key >> _HONOURS_AT  # (first: most random hands stop at their honours)
    h = _HONOUR_MELDS.get(honours)
    if h is None:
        return None  # honours that form no groups
    xt, xb, xw, _ = _packed_parts(key)
    suits = _ONE_READING_MELDS
    t, b, w = suits[0].get(xt), suits[1].get(xb), suits[2].get(xw)
    # (most hands: every part read one way, one of them holding the pair)
    if t is None or b is None or w is None or rules.multiplier_model != "model":
        if not _pair_fits(xt % 3, xb % 3, xw % 3, honours % 3):
            return None
        if rules.multiplier_model != "model":
            # the seed tables (N6) rank the long way, raising where they always have
            readings = _plain_all(key)
            if not readings:
                return None
            counts = [key >> PACK_BITS * k & 15 for k in range(N_PLAIN)]
            return _best_reading(readings, (), (), rules, flips, called, counts)
        t = t or _suit_melds(0, xt)
        b = b or _suit_melds(1, xb)
        w = w or _suit_melds(2, xw)
        if t is None or b is None or w is None:
            return _best_of_suits((xt, xb, xw), (t, b, w), honours, rules, flips, called)
    pair = t[0] + b[0] + w[0] + h[0]
    if len(pair) != 1:
        return None  # (no part of 2 modulo 3 cards, or several: no hand)
    groups = t[1] + b[1] + w[1] + h[1] + t[2] + b[2] + w[2]
    return _new_decomposition(pair[0], groups, rules, flips, called)


def _best_of_suits(
    suits: tuple[int, int, int],
    known: tuple[_PartMelds | None, ...],
    honours: int,
    rules: Rules,
    flips: tuple[Card, ...],
    called: frozenset[Card],
) -> Decomposition | None:
    """:func:`_best_packed_plain` of a hand (``suits`` packed, their melds ``known`` where
    read one way, ``honours`` packed) where a suit has no reading, several, or is too big
    to tell: every reading of each part, ranked if there are several.

    >>> x = 3 * _RUN
    >>> str(_best_of_suits((x, 0, 0), (None, ((), (), ()), ((), (), ())), 2, DUZIHU, (), frozenset()))
    '一條一條一條 二條二條二條 三條三條三條 將頭 千字千字'
    """
    parts = []
    for p, x, one_way in zip(range(3), suits, known, strict=True):
        readings = _suit_readings_known(p, x, one_way)
        if not readings:
            return None
        parts.append(readings)
    parts.append(_HONOUR_READINGS[honours])
    if len(parts[0]) == len(parts[1]) == len(parts[2]) == 1:
        best = tuple(sorted(itertools.chain(*parts[0], *parts[1], *parts[2], *parts[3])))
    else:
        xt, xb, xw = suits
        fours = _packed_fours(xt | xb << 9 * PACK_BITS | xw << 18 * PACK_BITS, rules)
        best = _best_of_parts(parts, _CodeRanks((), flips, rules, called, fours))
    pair_meld, *melds = map(_PLAIN_MELDS.__getitem__, best)
    return _new_decomposition(pair_meld, tuple(melds), rules, flips, called)


def _suit_readings_known(
    p: int, x: int, melds: _PartMelds | None = None
) -> tuple[tuple[_Code, ...], ...]:
    """The plain readings of suit ``p`` packed in ``x`` (within four copies, of 0 or 2
    modulo 3 cards: with the pair if 2), sorted; ``melds``, if given, are those of its one
    reading (:func:`_suit_melds`: a big suit need not be read again).

    >>> _suit_readings_known(1, 3 * _RUN << 3 * PACK_BITS)
    (((1, 12, 0), (1, 13, 0), (1, 14, 0)), ((2, 12, 0), (2, 12, 0), (2, 12, 0)))
    """
    readings = _SUIT_TABLES[p].get(x)
    if readings is not None:
        return readings
    if melds is not None:
        return (tuple(_CODE_OF_MELD[id(meld)] for part in melds for meld in part),)
    return _big_suit(x, p, x % 3 == 2)


# the group code of each plain meld, by identity (the parts' melds are those of _PLAIN_MELDS)
_CODE_OF_MELD = {id(meld): code for code, meld in _PLAIN_MELDS.items()}


def _best_of_parts(
    parts: Sequence[Sequence[tuple[_Code, ...]]], ranks: _CodeRanks
) -> tuple[_Code, ...]:
    """The reading of most :meth:`_CodeRanks.rank` (the smallest of them, as
    :func:`_best_reading` picks) among those made of one reading of each part (``parts``:
    the readings, at least one, of parts that share no kind). A rank does not depend on the
    order of the codes: only ties are sorted.

    >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
    >>> _best_of_parts([_suit_readings_known(0, 3 * _RUN), (((0, 27, 0),),)], ranks)
    ((0, 27, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0))
    """
    best: list[_Code] = []
    best_value = -1
    for combo in itertools.product(*parts):
        codes = [*itertools.chain.from_iterable(combo)]
        value = ranks.rank(codes)
        if value > best_value:
            best, best_value = codes, value
        elif value == best_value:
            codes.sort()
            best.sort()
            if codes < best:
                best = codes
    return tuple(sorted(best))


def _best_packed_wild(
    key: int,
    concealed: Sequence[Card],
    rules: Rules,
    flips: tuple[Card, ...],
    called: frozenset[Card],
) -> Decomposition | None:
    """:func:`best_decomposition` of 23 concealed cards packed in ``key`` (:func:`_packed_cards`)
    holding 百搭 (at most their copies with the flips), with no declared melds: of one or two
    百搭, :func:`~changpai.nantong.few_wild.best`'s reading; else None if the suits and honours
    need more 百搭 than it holds (:func:`_fewest_wilds`), or the general path's 百搭 branch
    without its checks.

    >>> cards = parse("123b 456b 789b 123t 456t 789t 123w 5w FU")
    >>> key = _packed_cards(cards)
    >>> str(_best_packed_wild(key, cards, DUZIHU.evolve(baida=True), (), frozenset()))
    '一條二條三條 四條五條六條 七條八條九條 一丙二丙三丙 四丙五丙六丙 七丙八丙九丙 一萬二萬三萬 將頭 五萬五萬'
    """
    wilds = key >> _BAIDA_AT  # (one bit of a field per 百搭 held: one copy of each)
    wild = wilds.bit_count()
    key &= _PLAIN_FIELDS
    if _HONOUR_WILDS[key >> _HONOURS_AT] > wild:
        return None  # (most random hands: their honours need more 百搭 than they hold)
    # (ranking cannot fail under the §6.2 model: the seed tables take the general path, which
    # raises where it always has)
    model = rules.multiplier_model == "model"
    parts = _packed_parts(key)
    if wild <= 2 and model:
        plans = _plans_of(parts, wild)
        if not plans:
            return None  # (most other dealt hands: their parts' sizes leave the 百搭 no share)
        used = _with_flips(key, flips) if flips else key
        best = few_wild.best_of_parts(
            parts,
            plans,
            used,
            wild,
            lambda: _CodeRanks((), flips, rules, called, _packed_fours(key, rules)).rank,
        )
        if best is None:
            return None
        return _build(best, _held_baida(wilds, concealed), (), rules, flips, called)
    sizes = _part_sizes(parts, HAND_SIZE - wild)
    # (most dealt hands of three 百搭 or more: their search is long; a hand of fewer is read
    # at once, and the floor would cost the complete ones more than it saves)
    if model and _fewest_wilds(parts, sizes) > wild:
        return None
    counts = tuple(
        itertools.chain.from_iterable(map(_NIBBLES.__getitem__, key.to_bytes(15, "little")))
    )
    left = _copies_left(counts, (), flips)
    if left is None:  # no 百搭 can stand for anything
        return None
    ranks = _CodeRanks((), flips, rules, called, _fours(counts, rules))
    best = _best_wild_parts(parts, sizes, wild, left, ranks)
    if best is None:
        return None
    baida = [c for c in concealed if c.index >= N_PLAIN]
    return _build(best, baida, (), rules, flips, called)


_PLAIN_FIELDS = (1 << _BAIDA_AT) - 1
# the two fields of a byte of a packed hand (its 30 plain fields are 15 bytes)
_NIBBLES = tuple((b & 15, b >> 4) for b in range(256))


def _honour_needs(h: int) -> tuple[int, int]:
    """The fewest 百搭 that make packed honours ``h`` (each kind within four copies) into
    刻子, without the pair and with it: honours form no 順子, so each kind is filled alone, a
    百搭 joins a kind held, and two 百搭 of a kind not held are a pair too (nantong.md §4).

    >>> [_honour_needs(h) for h in (0, 1, 2, 1 | 1 << PACK_BITS)]
    [(0, 2), (2, 1), (1, 0), (4, 3)]
    """
    counts = [h >> PACK_BITS * k & 15 for k in range(3)]
    alone = [(3 - c % 3) % 3 for c in counts]  # 0, 2, 1, 0, 2 for 0..4 cards
    with_pair = [2, 1, 0, 2, 1]  # the kind holding the pair too
    fewest = sum(alone)
    paired = min(fewest + 2, *(fewest - alone[k] + with_pair[c] for k, c in enumerate(counts)))
    return fewest, paired


def _honour_wilds(h: int) -> int:
    """The fewest 百搭 that make packed honours ``h`` into 刻子, the pair among them or not
    (:func:`_honour_needs`). A bound for a whole hand: its honours need at least as many.

    >>> [_honour_wilds(h) for h in (0, 1, 2, 3, 4, 1 | 1 << PACK_BITS, 3 | 1 << PACK_BITS)]
    [0, 1, 0, 0, 1, 3, 1]
    """
    return min(_honour_needs(h))


# (the honours of every hand within four copies: 3 fields of 4 bits)
_HONOUR_WILDS = tuple(
    _honour_wilds(h) if all(h >> PACK_BITS * k & 15 <= 4 for k in range(3)) else 0
    for h in range(1 << 3 * PACK_BITS)
)


def _floor_code(fewest: int, size: int) -> int:
    """What :func:`_fewest_wilds` keeps of a part of ``size`` cards that needs at least
    ``fewest`` 百搭 (0 to 2): the fewest it then needs without the pair, times 8, plus 1 if
    it needs one fewer with the pair (else it needs two more). With its 百搭 a part holds
    groups (a multiple of three cards) or groups and the pair (two more), nantong.md §4.

    >>> [_floor_code(0, 3), _floor_code(0, 2), _floor_code(1, 4), _floor_code(2, 4)]
    [0, 9, 17, 16]
    """
    alone, with_pair = (-size) % 3, (2 - size) % 3
    if alone < fewest:
        alone += 3
    if with_pair < fewest:
        with_pair += 3
    return alone << 3 | (with_pair < alone)


def _honour_floor(h: int) -> int:
    """:func:`_floor_code` of packed honours ``h`` (each kind within four copies): their
    fewest 百搭 without the pair, and whether the pair takes one fewer (see
    :func:`_honour_wilds`; two 百搭 of a kind not held are the pair too).

    >>> [_honour_floor(h) >> 3 for h in (0, 1, 2, 3, 1 | 1 << PACK_BITS)], _honour_floor(2) & 1
    ([0, 2, 1, 0, 4], 1)
    """
    fewest, paired = _honour_needs(h)
    return fewest << 3 | (paired < fewest)


# (as _HONOUR_WILDS: the honours of every hand within four copies)
_HONOUR_FLOORS = tuple(
    _honour_floor(h) if all(h >> PACK_BITS * k & 15 <= 4 for k in range(3)) else 0
    for h in range(1 << 3 * PACK_BITS)
)
# The floors of a suit by its size (see _fewest_wilds): of a suit with a reading (in the suit
# tables, which hold every one of at most _TABLE_CARDS cards), of one that a card more
# completes (in _COMPLETING: those of fewer cards), and of one in neither, which needs two
# 百搭 or more if it holds fewer cards (else its size alone is known).
_READ_FLOORS = tuple(_floor_code(0, n) for n in range(9 * 4 + 1))
_ONE_MORE_FLOORS = tuple(_floor_code(1, n) for n in range(9 * 4 + 1))
_UNREAD_FLOORS = tuple(_floor_code(2 if n < _TABLE_CARDS else 0, n) for n in range(9 * 4 + 1))


def _part_sizes(parts: Sequence[int], size: int) -> list[int]:
    """How many cards each packed part of ``parts`` holds (``size`` in all): a packed part
    modulo 15 is its size modulo 15 (16 is 1 modulo 15), its size unless those do not add up
    to ``size`` (a suit of 15 cards or more: then they are counted).

    >>> _part_sizes(_packed_parts(_packed_cards(parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))), 23)
    [9, 9, 5, 0]
    >>> _part_sizes((4 | 4 << PACK_BITS | 4 << 2 * PACK_BITS | 4 << 3 * PACK_BITS, 2, 0, 0), 18)
    [16, 2, 0, 0]
    """
    t, b, w, h = parts
    sizes = [t % 15, b % 15, w % 15, h % 15]
    if sizes[0] + sizes[1] + sizes[2] + sizes[3] != size:
        sizes = [_suit_size(t), _suit_size(b), _suit_size(w), h % 15]
    return sizes


def _fewest_wilds(parts: Sequence[int], sizes: Sequence[int]) -> int:
    """At most the fewest 百搭 that make the packed plain ``parts`` (each kind within four
    copies) of these ``sizes`` a pair and groups (nantong.md §4), a 百搭 standing for a copy
    left (a hand holding fewer 百搭 has no reading): each part needs at least its floor (the
    suits' by the tables, :data:`_HONOUR_FLOORS`), and the pair sits in one part or is two
    百搭 alone.

    >>> def floor(text):
    ...     parts = _packed_parts(_packed_cards(parse(text + " FU")))
    ...     return _fewest_wilds(parts, _part_sizes(parts, 22))
    >>> floor("123b 456b 789b 123t 456t 789t 123w 5w"), floor("123b 456b 789b 123t 456t 789t 13w 6w 9w")
    (1, 4)
    """
    t, b, w, h = parts
    st, sb, sw, _ = sizes
    (t0, t1, t2), more = _SUIT_TABLES, _COMPLETING
    read, one_more, unread = _READ_FLOORS, _ONE_MORE_FLOORS, _UNREAD_FLOORS
    floor = (
        _HONOUR_FLOORS[h]
        + (read[st] if t in t0 else one_more[st] if t in more else unread[st])
        + (read[sb] if b in t1 else one_more[sb] if b in more else unread[sb])
        + (read[sw] if w in t2 else one_more[sw] if w in more else unread[sw])
    )
    # (the low bits count the parts where the pair takes one fewer: else two 百搭 more)
    return (floor >> 3) + (-1 if floor & 7 else 2)


def _held_baida(wilds: int, concealed: Sequence[Card]) -> list[Card]:
    """The one or two 百搭 held (``wilds``: their packed fields past the plain ones, one copy
    of each) in the order of ``concealed``, which holds them.

    >>> [str(c) for c in _held_baida(1 | 1 << 4 * PACK_BITS, parse("CAI 5w FU"))]
    ['財', '福']
    """
    low = wilds & -wilds
    first = BAIDA[low.bit_length() // PACK_BITS]
    if wilds == low:
        return [first]
    second = BAIDA[wilds.bit_length() // PACK_BITS]
    # (cards are interned: find them by identity, in C, else in order by kind)
    ids = list(map(id, concealed))
    try:
        ahead = ids.index(id(first)) < ids.index(id(second))
    except ValueError:
        return [c for c in concealed if c.index >= N_PLAIN]
    return [first, second] if ahead else [second, first]


# A share of the 百搭 (solver._shares) as _best_wild reads it: each part's state (part, 百搭,
# whether it holds the pair, whether its 百搭 are beside 百搭 alone: see _WildParts.firsts),
# the parts with fewest 百搭 first (they are read fastest, and most shares fail on one of
# them); the 百搭 alone, whether they hold the pair, whether 百搭 are also in parts.
_PartState = tuple[int, int, bool, bool]
_SharePlan = tuple[tuple[_PartState, ...], int, bool, bool]


def _share_plans(
    shares: Sequence[tuple[tuple[int, ...], int]], wild: int
) -> tuple[_SharePlan, ...]:
    """The plans of ``shares`` of ``wild`` 百搭.

    >>> _share_plans([((0, 1, 0, 0), 0)], 3)
    ((((0, 0, True, False), (2, 0, False, False), (3, 0, False, False), (1, 1, False, True)), 2, False, True),)
    """
    plans = []
    for spread, pair_at in shares:
        alone = wild - sum(spread)
        mixed = 0 < alone < wild  # 百搭 alone can ask for the kinds of a part's 百搭
        order = sorted(zip(spread, range(4), strict=True))
        share = tuple((p, w, p == pair_at, mixed and w > 0) for w, p in order)
        plans.append((share, alone, pair_at == 4, mixed))
    # (the shares with fewest 百搭 in a part first: see _best_wild)
    return tuple(sorted(plans, key=lambda plan: plan[0][-1][1]))


_SHARE_PLANS = {
    (mods, wild): _share_plans(shares, wild) for (mods, wild), shares in _SHARES.items()
}


def _best_wild(
    counts: tuple[int, ...], wild: int, left: list[int], ranks: _CodeRanks
) -> tuple[_Code, ...] | None:
    """The reading :func:`_best_reading` picks among ``_readings(counts, wild)`` (the first
    of the most 胡數 among those whose 百搭 fit in the copies ``left``), without listing them
    (``wild`` at most :data:`~changpai.nantong.solver.DECK_BAIDA`).

    The three suits and the honours share no group: a reading is one reading of each part,
    each with its share of the 百搭 (:class:`_WildParts`), and the groups of the 百搭 left
    alone. Two readings of a part that have the same rank signature (:meth:`_CodeRanks.rank`) rank the
    same with any readings of the other parts, and the smaller one (in the order of group
    codes) makes the smaller reading of the hand (the parts' readings are of the same size:
    the first code they differ in decides): only the first of each signature of a part can
    be picked, and of those of the same 文錢 and kinds of groups (刻子, other 順子), only one
    of the most 胡數 of 刻子 (the value grows with them, whatever the other parts hold). The
    百搭 of a part stand for its own kinds, so whether they fit is decided within the part, unless 百搭 alone (of any kind) are beside them: the parts' readings are
    then kept by signature and kinds, and the groups of the 百搭 alone chosen for the kinds
    the parts leave (:func:`_alone_groups`). Readings are numbers (sums of
    :data:`~changpai.nantong.wild_parts.DIGIT`): the parts' add up, the smaller the larger.

    The best is the same whatever the order of the shares (readings differ, and so do their
    numbers): the shares with fewest 百搭 in a part come first, and before a part with three
    百搭 or more (the slowest to read) a share is left if the parts read and the most the
    others may hold cannot reach the best value found (:meth:`_WildParts.bound`,
    :func:`_may_reach`).

    >>> counts = _split("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU)[2]
    >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
    >>> _best_wild(counts, 1, [4 - c for c in counts], ranks)[0]
    (0, 22, 1)
    """
    sizes = [sum(counts[lo:hi]) for lo, hi in _BOUNDS]
    packed = [sum(map(operator.mul, counts[lo:hi], _PACKED)) for lo, hi in _BOUNDS]
    return _best_wild_parts(packed, sizes, wild, left, ranks)


def _best_wild_parts(
    packed: Sequence[int], sizes: Sequence[int], wild: int, left: list[int], ranks: _CodeRanks
) -> tuple[_Code, ...] | None:
    """:func:`_best_wild` of the cards of each part, ``packed`` (faces from the part's first
    kind), of these ``sizes``.

    >>> counts = _split("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU)[2]
    >>> parts = _packed_parts(sum(map(operator.mul, counts, _PACKED)))
    >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
    >>> _best_wild_parts(parts, [9, 9, 4, 0], 1, [4 - c for c in counts], ranks)[0]
    (0, 22, 1)
    """
    mods = (sizes[0] % 3, sizes[1] % 3, sizes[2] % 3, sizes[3] % 3)
    parts = _WildParts(packed, sizes, left, ranks)
    known = parts.found
    best = best_value = -1
    for share, alone, alone_pair, mixed in _SHARE_PLANS[mods, wild]:
        extras: list[tuple[int, bool, int]] = _NO_ALONE
        options: list[list[tuple[int, int, int]]] = []
        for at, state in enumerate(share):
            found = known.get(state)
            if found is None:
                p, w, pair, part_mixed = state
                if not sizes[p] and not w:
                    continue  # (no groups)
                if w > 2 and best_value >= 0:
                    # (beside the parts' 百搭, fewer kinds are left for the 百搭 alone)
                    extras = parts.alone(alone, alone_pair, 0) if alone else _NO_ALONE
                    if not extras:
                        break
                    bound = parts.bound(share[at:])
                    if not _may_reach(options, extras, bound, ranks, best_value >> 1):
                        break
                found = parts.firsts(p, w, pair, part_mixed)
            if not found:
                break
            options.append(found)
        else:
            if alone and not mixed:
                extras = parts.alone(alone, alone_pair, 0)
            for combo in itertools.product(*options):
                if mixed:
                    extras = parts.alone(alone, alone_pair, sum(faces for _, faces, _ in combo))
                reading = rank = 0
                for number, _, part_rank in combo:
                    reading += number
                    rank += part_rank
                for extra_number, wild_run, extra_rank in extras:
                    value = ranks.value(rank + extra_rank) << 1 | (not wild_run)
                    number = reading + extra_number
                    if value > best_value or (value == best_value and number > best):
                        best, best_value = number, value
    return None if best < 0 else wild_codes(best)


def _plain_first(value: int, codes: Sequence[_Code]) -> int:
    """A reading's :meth:`_CodeRanks.rank` ``value``, doubled, plus one unless it holds a 順子
    of three 百搭 alone: of readings of the same 胡數, those read as before three 百搭 alone
    could be a 順子 (nantong.md §1) come first (a 順子 of 百搭 is picked where it is worth
    more, not where it only marks the 百搭 of the same groups otherwise).

    >>> _plain_first(120, [(2, 9, 7)]), _plain_first(120, [(2, 9, 6), (1, 0, 3)])
    (240, 241)
    """
    for kind, _, mask in codes:
        if mask == 7 and kind == 2:
            return value << 1
    return value << 1 | 1


def _may_reach(
    options: list[list[tuple[int, int, int]]],
    extras: list[tuple[int, bool, int]],
    bound: tuple[int, int, bool, bool, int],
    ranks: _CodeRanks,
    value: int,
) -> bool:
    """Whether some readings of parts (one of each of ``options``, with one of the 百搭
    alone's ``extras``, or the most they may be) and of one part more bounded by ``bound``
    (:meth:`_WildParts.bound`) may be worth ``value`` or more: the rank grows with the
    刻子' 胡數 and the 刻子 of the 老將 for the same 文錢 and kinds of groups, which are
    tried in turn.

    >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
    >>> _may_reach([[(0, 0, 1)]], _NO_ALONE, (8, 0, True, True, 0), ranks, 28), _may_reach([], _NO_ALONE, (8, 0, True, True, 0), ranks, 233)
    (True, False)
    """
    most, wen_most, sets_may, runs_may, lao_most = bound
    for combo in itertools.product(*options, extras):
        rank = sum(part[-1] for part in combo)
        total = rank >> RANK_TOTAL_AT
        wen = rank >> RANK_WEN_AT & 15
        lao = rank >> RANK_LAO_AT & 15
        sets = rank & RANK_SETS > 0
        plain = rank & RANK_RUNS > 0
        for more_sets in (False, True) if sets_may else (False,):
            for more_plain in (False, True) if runs_may else (False,):
                for more_wen in range(wen_most + 1):
                    reached = ranks._value(
                        total + most * more_sets,
                        wen + more_wen,
                        sets or more_sets,
                        plain or more_plain,
                        lao + lao_most * more_sets,
                    )
                    if reached >= value:
                        return True
    return False


# the groups of no 百搭 alone: none, adding nothing (as extras: number, whether a 順子 of
# 百搭, rank)
_NO_ALONE = [(0, False, 0)]


class _WildParts:
    """The readings of each part of one hand with some of its 百搭 that can be picked
    (:class:`~changpai.nantong.wild_parts.PartSearch`, then :meth:`_firsts`: of each number of
    文錢 and kinds of groups, the reading of most 胡數 of 刻子, with the kinds of its 百搭 where
    百搭 alone are beside them), for the parts' packed cards and ``sizes``, the copies ``left``
    and the hand's ``ranks``."""

    def __init__(
        self, packed: Sequence[int], sizes: Sequence[int], left: list[int], ranks: _CodeRanks
    ) -> None:
        self.packed, self.sizes, self.left, self.ranks = packed, sizes, left, ranks
        self.searches: dict[tuple[int, int], PartSearch] = {}
        self.found: dict[tuple[int, int, bool, bool], list[tuple[int, int, int]]] = {}
        self.bounds: dict[tuple[int, int, bool], tuple[int, int, bool, bool, int]] = {}
        self.alones: dict[tuple[int, bool, int], list[tuple[int, bool, int]]] = {}

    def firsts(self, p: int, wild: int, pair: bool, mixed: bool) -> list[tuple[int, int, int]]:
        """The first reading of part ``p`` with ``wild`` 百搭 (and the pair if ``pair``) of
        the most 胡數 of 刻子 for each 文錢 and kinds of groups (see :func:`_best_wild`)
        whose 百搭 fit in the copies left, or if ``mixed``, for each of those and kinds the
        百搭 stand for: (the reading as a number, those kinds packed over the 30 plain kinds
        (0 unless ``mixed``), its rank key (see ``wild_parts``)).

        >>> counts = _split("123b 456b 789b 123t 456t 789t 12w 5w 5w", (), DUZIHU)[2]
        >>> packed = [sum(map(operator.mul, counts[lo:hi], _PACKED)) for lo, hi in _BOUNDS]
        >>> parts = _WildParts(packed, [9, 9, 4, 0], [1] * 30, _CodeRanks((), (), DUZIHU, frozenset()))
        >>> [(wild_codes(number), faces, rank) for number, faces, rank in parts.firsts(2, 1, True, False)]
        [(((0, 22, 0), (2, 18, 4)), 0, 1)]
        """
        mixed = mixed and wild > 0  # (a part without 百搭 asks for no kind)
        state = (p, wild, pair, mixed)
        found = self.found.get(state)
        if found is not None:
            return found
        lo, hi = _BOUNDS[p]
        if not wild:
            readings = plain_readings(p, self.packed[p], self.sizes[p], pair, self.ranks._kezi)
            found = self.found[state] = self._firsts(readings, 0, lo, False)
            return found
        left = self.left
        # the kinds the 百搭 stand for are followed where they decide: all of them beside
        # 百搭 alone, else those with fewer copies left than the 百搭 (but some: a group
        # asks for no copy that is gone)
        if mixed:
            tracked = FACES_MASK
        elif wild < 2:
            tracked = 0
        else:
            tracked = sum(15 << PACK_BITS * j for j, n in enumerate(left[lo:hi]) if 0 < n < wild)
        search = self.searches.get((p, tracked))
        if search is None:
            search = PartSearch(p, self.ranks._kezi, left[lo:hi], tracked=tracked)
            self.searches[p, tracked] = search
        readings = search.best(self.packed[p], self.sizes[p], wild, pair)
        found = self.found[state] = self._firsts(readings, tracked, lo, mixed)
        return found

    def alone(self, alone: int, pair: bool, used: int) -> list[tuple[int, bool, int]]:
        """:func:`_alone_groups` of ``alone`` 百搭 alone (with the pair if ``pair``) beside
        parts whose 百搭 stand for the kinds ``used``, once for the hand: a 刻子 of a 老將 is
        tried only where the hand holds the other two (real cards or declared).

        >>> parts = _WildParts([0] * 4, [0] * 4, [4] * 30, _CodeRanks((), (), DUZIHU, frozenset()))
        >>> [wild_codes(number) for number, _, _ in parts.alone(3, False, 0)]
        [((1, 8, 3),), ((2, 9, 7),), ((2, 0, 7),)]
        """
        state = (alone, pair, used)
        found = self.alones.get(state)
        if found is None:
            found = self.alones[state] = _alone_groups(
                alone, pair, used, self.left, self.ranks, self.lao_kinds()
            )
        return found

    def lao_kinds(self) -> int:
        """The kinds of the 老將 of 三老聚會 (bit j: 千字 + j) that the hand holds (real
        cards: only they make a part's 刻子) or has declared a set of.

        >>> counts = _split("123b 456b 789b 123t 456t 789t 1w QZ HH", (), DUZIHU)[2]
        >>> packed = [sum(map(operator.mul, counts[lo:hi], _PACKED)) for lo, hi in _BOUNDS]
        >>> _WildParts(packed, [9, 9, 1, 2], [1] * 30, _CodeRanks((), (), DUZIHU, frozenset())).lao_kinds()
        3
        """
        honours = self.packed[3]
        kinds = sum(1 << j for j in range(3) if honours >> PACK_BITS * j & 15)
        for meld in self.ranks._declared_lao():
            kinds |= 1 << meld.card.index - QZ
        return kinds

    def bound(self, states: Sequence[_PartState]) -> tuple[int, int, bool, bool, int]:
        """What readings of the parts of ``states`` may hold at most together (see
        :meth:`part_bound`).

        >>> counts = _split("111222t 3t 5t 5t", (), DUZIHU)[2]
        >>> packed = [sum(map(operator.mul, counts[lo:hi], _PACKED)) for lo, hi in _BOUNDS]
        >>> parts = _WildParts(packed, [9, 0, 0, 0], [1] * 30, _CodeRanks((), (), DUZIHU, frozenset()))
        >>> parts.bound([(0, 3, True, False), (3, 0, False, False)])
        (12, 0, True, True, 0)
        """
        most = wen_most = lao_most = 0
        sets_may = runs_may = False
        for p, wild, pair, _ in states:
            if not self.sizes[p]:
                continue  # (no groups: 百搭 alone are elsewhere)
            bound = self.bounds.get((p, wild, pair))
            if bound is None:
                bound = self.bounds[p, wild, pair] = self.part_bound(p, wild, pair)
            most += bound[0]
            wen_most += bound[1]
            sets_may |= bound[2]
            runs_may |= bound[3]
            lao_most += bound[4]
        return most, wen_most, sets_may, runs_may, lao_most

    def part_bound(self, p: int, wild: int, pair: bool) -> tuple[int, int, bool, bool, int]:
        """What a reading of part ``p`` with ``wild`` 百搭 (and the pair if ``pair``) may
        hold at most: the 胡數 of its 刻子, how many 文錢, whether 刻子, whether other
        順子 and how many 刻子 of the 老將 (the honours). A kind has one 刻子 at most (six
        cards of it are more than its copies, 百搭 standing for them included), of its real
        cards and the 百搭 it misses: the most 胡數 of 刻子 the 百搭 pay for.

        >>> counts = _split("111222t 3t 5t 5t", (), DUZIHU)[2]
        >>> packed = [sum(map(operator.mul, counts[lo:hi], _PACKED)) for lo, hi in _BOUNDS]
        >>> parts = _WildParts(packed, [9, 0, 0, 0], [1] * 30, _CodeRanks((), (), DUZIHU, frozenset()))
        >>> parts.part_bound(0, 3, True)
        (12, 0, True, True, 0)
        """
        x, lo = self.packed[p], 9 * p
        left, kezi = self.left, self.ranks._kezi
        free = kinds = 0
        some = False
        costs: tuple[list[int], list[int]] = ([], [])  # (刻子 missing one card, two)
        for j in range(9 if p < 3 else 3):
            c = x >> PACK_BITS * j & 15
            missing = 3 - c if c < 3 else 0
            if not c or missing > wild or missing > left[lo + j]:
                continue
            some = True
            kinds += 1
            if missing:
                costs[missing - 1].append(kezi(lo + j))
            else:
                free += kezi(lo + j)
        ones, twos = sorted(costs[0], reverse=True), sorted(costs[1], reverse=True)
        paid = max(
            sum(twos[:n]) + sum(ones[: wild - 2 * n]) for n in range(min(len(twos), wild // 2) + 1)
        )
        groups = (self.sizes[p] + wild - 2 * pair) // 3
        return free + paid, groups if p == 1 else 0, some, p < 3, kinds if p == 3 else 0

    def _firsts(
        self, readings: dict[int, int], tracked: int, lo: int, mixed: bool
    ) -> list[tuple[int, int, int]]:
        """:meth:`firsts` from the smallest reading of each key of a part (whose first kind
        is ``lo``; keys count the kinds of ``tracked``)."""
        if len(readings) == 1 and not tracked:  # (the one reading is the first)
            [(key, number)] = readings.items()
            return [(number, 0, key >> FACES_BITS)]
        left = self.left[lo : lo + 9]
        firsts: dict[object, tuple[int, int, int]] = {}
        for key, number in readings.items():
            kinds = key & FACES_MASK
            if kinds and any(map(operator.gt, face_counts(kinds), left)):
                continue
            rank = key >> FACES_BITS
            # the rank's 刻子 and 順子 count as whether there are any; of the same 文錢, 刻子
            # of the 老將 and kinds of groups, the most 胡數 of 刻子 are worth more with any
            # other parts
            wen_lao = rank >> RANK_WEN_AT & 255
            signature: object = (wen_lao, rank & RANK_SETS > 0, rank & RANK_RUNS > 0)
            if mixed:
                signature = (signature, kinds)
            known = firsts.get(signature)
            if known is None or (rank >> RANK_TOTAL_AT, number) > (
                known[2] >> RANK_TOTAL_AT,
                known[0],
            ):
                firsts[signature] = (number, kinds << PACK_BITS * lo, rank)
        return list(firsts.values())


def _alone_groups(
    alone: int, pair: bool, used: int, left: Sequence[int], ranks: _CodeRanks, lao_kinds: int = 0
) -> list[tuple[int, bool, int]]:
    """The groups of ``alone`` 百搭 alone (a pair if ``pair``, and a 刻子 or 順子 of any kind,
    nantong.md §1: a 百搭 may be any card) that may make the best reading with any groups
    whose 百搭 stand for the kinds ``used`` (packed over the 30 plain kinds), each as a
    number, whether it holds a 順子 (:func:`_plain_first`) and a rank key (see
    ``wild_parts``); none if none fit in the copies ``left``.

    Groups that add the same to any reading's 胡數 are alike, and of those only the smallest
    (with the smallest pair the group leaves) can be picked: the 刻子 of the most 胡數 (the
    rank grows with them), a 刻子 of each 老將 that the others of ``lao_kinds`` (the 老將 the
    hand holds or has declared, :meth:`_WildParts.lao_kinds`) make 三老聚會, the 文錢, and the
    other 順子.

    >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
    >>> left = [4] * 30
    >>> [[wild_codes(n) for n, _, _ in _alone_groups(n, n != 3, 0, left, ranks)] for n in (2, 3)]
    [[((0, 0, 2),)], [((1, 8, 3),), ((2, 9, 7),), ((2, 0, 7),)]]
    >>> [wild_codes(n) for n, _, _ in _alone_groups(5, True, 0, left, ranks)][0]
    ((0, 0, 2), (1, 8, 3))
    >>> wild_codes(_alone_groups(2, True, 3, left, ranks)[0][0]), _alone_groups(3, False, 0, [0] * 30, ranks)
    (((0, 1, 2),), [])
    """
    avail = [n - (used >> PACK_BITS * k & 15) for k, n in enumerate(left)] if used else left
    if alone < 3:  # (the pair alone)
        k_pair = _alone_pair(avail, ())
        return [] if k_pair < 0 else [(WILD_DIGIT[0, k_pair, 2], False, 0)]
    likes: list[list[_Code]] = []
    sets = [k for k in range(N_PLAIN) if avail[k] >= 3]
    sanlao = [k for k in sets if k >= QZ and lao_kinds | 1 << k - QZ == 7]
    likes += [[(1, k, 3)] for k in sanlao]
    others = [k for k in sets if k not in sanlao]
    if others:
        most = max(map(ranks._kezi, others))
        likes.append([(1, k, 3) for k in others if ranks._kezi(k) == most])
    runs = [k for k in _RUN_FACES if avail[k] and avail[k + 1] and avail[k + 2]]
    if WENQIAN_FACE in runs:
        runs.remove(WENQIAN_FACE)
        likes.append([(2, WENQIAN_FACE, 7)])
    if runs:
        likes.append([(2, k, 7) for k in runs])
    found = []
    for codes in likes:
        best = best_code = None
        for code in codes:  # (sorted: without the pair the first is the smallest)
            number = WILD_DIGIT[code]
            if pair:
                k_pair = _alone_pair(avail, _code_faces(code))
                if k_pair < 0:
                    continue
                number += WILD_DIGIT[0, k_pair, 2]
            if best is None or number > best:
                best, best_code = number, code
            if not pair:
                break
        if best is not None and best_code is not None:
            kind, face, _ = best_code
            if kind == 1:
                rank = set_rank(face, ranks._kezi(face))
            else:
                rank = 1 << RANK_WEN_AT if face == WENQIAN_FACE else 1  # (RANK_RUNS: one)
            found.append((best, kind == 2, rank))
    return found


# the faces that start a 順子 (of any suit)
_RUN_FACES = [k for k in range(27) if k % 9 < 7]


def _alone_pair(avail: Sequence[int], taken: Sequence[int]) -> int:
    """The smallest kind of which two 百搭 alone can be the pair beside a group of 百搭 alone
    standing for ``taken`` (copies ``avail``), or -1.

    >>> _alone_pair([2, 4], (0, 0, 0)), _alone_pair([1, 1], ())
    (1, -1)
    """
    for k, n in enumerate(avail):
        if n - taken.count(k) >= 2:
            return k
    return -1


def _fours(counts: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """The plain kinds of which the concealed ``counts`` hold four, where such a four scores
    as 後摸 whatever the reading, a copy in a 順子 or not (``rules.houmo_in_sequence``, §8):
    the 胡數 of every reading counts it, and its 刻子 add nothing more; else none.

    >>> _fours([4, 3], DUZIHU.evolve(houmo_in_sequence=True)), _fours([4, 3], DUZIHU)
    ((0,), ())
    """
    if not rules.houmo_in_sequence:
        return ()
    return tuple(k for k, n in enumerate(counts) if n == 4)


def _packed_fours(key: int, rules: Rules) -> tuple[int, ...]:
    """:func:`_fours` of the packed concealed plain cards ``key``.

    >>> _packed_fours(4 | 4 << 4 * PACK_BITS, DUZIHU.evolve(houmo_in_sequence=True))
    (0, 4)
    """
    if not rules.houmo_in_sequence:
        return ()
    return tuple(k for k in range(N_PLAIN) if key >> PACK_BITS * k & 15 == 4)


def _best_reading(
    readings: Iterable[tuple[_Code, ...]],
    baida: Sequence[Card],
    melds: tuple[Meld, ...],
    rules: Rules,
    flips: tuple[Card, ...],
    called: frozenset[Card],
    counts: Sequence[int] = (),
) -> Decomposition | None:
    """The :class:`Decomposition` of the reading with the most 胡數 among ``readings`` (in the
    order of :func:`decompositions`; the first of the best, those without a 順子 of 百搭
    alone first: :func:`_plain_first`), or None if none is left; with ``baida``, only the
    readings whose 百搭 stand for copies left beside the plain ``counts`` (of the concealed
    cards: with ``rules.houmo_in_sequence`` their fours count, see :func:`_fours`)."""
    # the readings are ranked on their group codes; only the best one is built
    ranks: _CodeRanks | None = None
    best: tuple[_Code, ...] | None = None
    best_value = -1
    left = _copies_left(counts, melds, flips) if baida else None
    for codes in readings:
        if baida and (left is None or not _wilds_fit(codes, left)):
            continue
        if ranks is None:
            ranks = _CodeRanks(melds, flips, rules, called, _fours(counts, rules))
        value = ranks.rank(codes)
        if baida:
            value = _plain_first(value, codes)
        if value > best_value:
            best, best_value = codes, value
    if best is None:
        return None
    return _build(best, baida, melds, rules, flips, called)


class _CodeRanks:
    """The 胡數 of readings given as group codes with nothing else known (what picks the best
    one: :attr:`Decomposition.value` before its rounding), for one hand's declared melds,
    flips, rules and 叫牌 cards (the exposed part is the same for every reading): the base of
    the shape, the sets, the 文錢, 三文錢's three 刻子 (nantong.md §7 N13), 三老聚會 (§7 N10,
    N11), and the doublings of 飄胡 and 悶飄 (§7)."""

    # (what most hands keep: nothing declared, no four scored as 後摸; 三老聚會's and
    # 三文錢's 胡數 counted when a reading first holds them)
    sets = plain = shown = False
    wen = lao = houmo = 0
    _sanlao: int | None = None
    _sanwen: int | None = None

    def __init__(
        self,
        melds: Sequence[Meld],
        flips: Sequence[Card],
        rules: Rules,
        called: frozenset[Card],
        fours: Sequence[int] = (),
    ) -> None:
        self.melds, self.flips, self.rules, self.called = melds, flips, rules, called
        self.kezi: dict[int, int] = {}
        self.exposed: int | None = 0
        if fours:
            # the concealed fours that score as 後摸 in any reading (§8, :func:`_fours`):
            # counted for every reading, their 刻子 then add nothing more
            houmo = 0
            for face in fours:
                houmo += set_value_detail(SetKind.DRAWN4, CARDS[face], flips, rules).value
                self.kezi[face] = 0
            self.houmo = self.exposed = houmo
        if melds:
            self._declared(melds)

    def _declared(self, melds: Sequence[Meld]) -> None:
        """Keep what the declared ``melds`` add to every reading."""
        # the declared melds' 胡數, counted at the first rank (a reading found): counting them
        # may raise for an impossible meld, which a hand without a reading never reaches
        self.exposed = None
        kinds = [m.kind for m in melds]
        self.sets = any(k in (MeldKind.KEZI, MeldKind.GANG) for k in kinds)
        self.plain = any(k == MeldKind.SHUNZI for k in kinds)
        self.wen = sum(k == MeldKind.WENQIAN for k in kinds)
        self.lao = len(self._declared_lao())
        # a set on the table (碰, 明杠): no 悶飄
        self.shown = any(m.source is not None and m.source.exposed for m in melds)

    def _declared_lao(self) -> list[Meld]:
        """The declared sets of the three 老將 of 三老聚會 (千字, 紅花, 白花)."""
        return [m for m in self.melds if m.source is not None and QZ <= m.card.index < N_PLAIN]

    def _kezi(self, face: int) -> int:
        value = self.kezi.get(face)
        if value is None:
            value = _concealed_kezi_value(face, self.flips, self.rules, self.called)
            self.kezi[face] = value
        return value

    def _set_worth(self, face: int) -> int:
        """The 胡數 of a concealed 刻子 of kind ``face`` on the sheet (§6.2)."""
        return _concealed_kezi_value(face, self.flips, self.rules, self.called)

    def sanlao(self) -> int:
        """What 三老聚會 adds to a reading holding a set of each 老將: their sets' 胡數 again
        (the declared ones' and the concealed 刻子'), or 0 if one is exposed and exposed sets
        do not count (``rules.sanlao_exposed``, N10).

        >>> _CodeRanks((), parse("HH 3w"), DUZIHU, frozenset()).sanlao()
        80
        """
        if self._sanlao is None:
            declared = {m.card.index: m for m in self._declared_lao()}
            exposed = any(m.source is not None and m.source.exposed for m in declared.values())
            if exposed and not self.rules.sanlao_exposed:
                self._sanlao = 0
            else:
                self._sanlao = sum(
                    meld_value(declared[face], self.flips, self.rules)
                    if face in declared
                    else self._set_worth(face)
                    for face in range(QZ, N_PLAIN)
                )
        return self._sanlao

    def sanwen(self) -> int:
        """What 三文錢 adds to a reading of three 文錢 or more: three concealed 刻子 of 一丙,
        二丙 and 三丙 (N13), or 0 without ``rules.sanwenqian_double``.

        >>> _CodeRanks((), parse("HH 2b"), DUZIHU, frozenset()).sanwen()
        32
        """
        if self._sanwen is None:
            wen_faces = range(WENQIAN_FACE, WENQIAN_FACE + 3)
            self._sanwen = (
                sum(map(self._set_worth, wen_faces)) if self.rules.sanwenqian_double else 0
            )
        return self._sanwen

    def rank(self, codes: Sequence[_Code]) -> int:
        """The 胡數 of a reading with nothing else known, what picks the best one, from its
        signature: the 刻子' 胡數, the 文錢, whether it holds a 刻子, whether a 順子 other than
        文錢, and how many 刻子 of the 老將 of 三老聚會.

        >>> _CodeRanks((), parse("HH 3w"), DUZIHU, frozenset()).rank([(0, 1, 0), (1, 27, 0), (2, 9, 0)])
        344
        """
        total = wen = lao = 0
        sets = plain = False
        kezi = self.kezi
        for kind, face, _ in codes:
            if kind == 1:
                sets = True
                of = kezi.get(face)
                if of is None:
                    of = kezi[face] = _concealed_kezi_value(
                        face, self.flips, self.rules, self.called
                    )
                total += of
                if face >= 27:  # 千字, 紅花, 白花: the 老將 of 三老聚會
                    lao += 1
            elif kind == 2:
                if face == 9:  # 一二三丙, 文錢
                    wen += 1
                else:
                    plain = True
        return self._value(total, wen, sets, plain, lao)

    def value(self, rank: int) -> int:
        """:meth:`rank` of a reading given by its rank key (``wild_parts``: the 刻子' 胡數,
        how many 文錢, 刻子, other 順子 and 刻子 of the 老將).

        >>> ranks = _CodeRanks((), (), DUZIHU, frozenset())
        >>> ranks.value(4 << RANK_TOTAL_AT | 1 << RANK_WEN_AT | 1 << 4), ranks.rank([(2, 9, 0), (1, 1, 0)])
        (296, 296)
        """
        total = rank >> RANK_TOTAL_AT
        wen = rank >> RANK_WEN_AT & 15
        lao = rank >> RANK_LAO_AT & 15
        return self._value(total, wen, rank & RANK_SETS > 0, rank & RANK_RUNS > 0, lao)

    def _value(self, total: int, wen: int, sets: bool, plain: bool, lao: int) -> int:
        """The 胡數 of the concealed groups' 刻子 worth ``total``, ``wen`` 文錢, whether they
        hold 刻子 and 順子 other than 文錢, and ``lao`` 刻子 of the 老將 (at least three:
        三老聚會, whatever they are), with the declared melds."""
        rules = self.rules
        exposed = self.exposed
        if exposed is None:
            exposed = sum(meld_value(m, self.flips, rules) for m in self.melds)
            exposed = self.exposed = exposed + self.houmo
        total += exposed
        sets |= self.sets
        plain |= self.plain
        wen += self.wen
        if wen:
            total += rules.wenqian_values[min(wen, 4) - 1]
            if wen >= 3:
                total += self._sanwen if self._sanwen is not None else self.sanwen()
        if lao + self.lao >= 3:
            total += self._sanlao if self._sanlao is not None else self.sanlao()
        if not sets:
            return rules.qing_base + total
        if plain or (wen and not rules.wenqian_in_piao):
            return rules.ta_base + total
        if rules.piao_formula == "50x2":
            total = (rules.piao_base + total) * 2
        else:
            total = (20 + total) * 2 + 40
        # 悶飄: a 飄胡 with no set on the table doubles again
        return total if self.shown else total * 2


def _build(
    codes: Sequence[_Code],
    baida: Sequence[Card],
    melds: tuple[Meld, ...],
    rules: Rules,
    flips: tuple[Card, ...],
    called: frozenset[Card],
) -> Decomposition:
    """The :class:`Decomposition` of one reading given as group codes."""
    if baida:
        pool = list(baida)
        built = [_code_meld(code, pool) if code[2] else _PLAIN_MELDS[code] for code in codes]
    else:
        built = [_PLAIN_MELDS[code] for code in codes]
    # the pair's code (type 0) sorts first
    if not melds:
        return _new_decomposition(built[0], tuple(built[1:]), rules, flips, called)
    return Decomposition(built[0], tuple(built[1:]), melds, rules=rules, jiang=flips, called=called)


def placements(d: Decomposition, card: Card) -> list[tuple[int, WaitKind | None]]:
    """Where a winning ``card`` can sit in a decomposition: (group index or -1 for the pair,
    its wait kind). A 百搭 sits in any wild slot (a 順子's: each wait its 百搭 places give).

    >>> d = best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    >>> placements(d, Card("5w")), placements(d, Card("3t"))
    ([(-1, WaitKind.DANDIAO)], [(0, WaitKind.BIANZHANG)])
    """
    instance_arg(d, Decomposition, "d")
    instance_arg(card, Card, "card")
    result: list[tuple[int, WaitKind | None]] = []
    for index, group in [(-1, d.pair), *enumerate(d.groups)]:
        if card.is_baida:  # (the five 百搭 are alike, nantong.md §1: any one fills any slot)
            positions = [group.faces.index(f) for _, f in group.wilds]
        else:
            real = list(group.faces)
            for _, f in group.wilds:
                real.remove(f)
            if card not in real:
                continue
            positions = [j for j, f in enumerate(group.faces) if f == card]
        if not positions:
            continue
        if index == -1:
            result.append((index, WaitKind.DANDIAO))
        elif group.kind.is_sequence:
            # (a winning 百搭 may be any of a 順子's wild cards: each place is a reading of
            # the wait, §7 — the scorer takes the best; review h38)
            number = group.faces[0].number
            kinds = [_sequence_wait(pos, number) for pos in positions]
            result.extend((index, kind) for kind in dict.fromkeys(kinds))
        else:
            result.append((index, None))
    return result


def _sequence_wait(pos: int, number: int | None) -> WaitKind | None:
    """The wait of a winning card at place ``pos`` (0..2) of a 順子 whose lowest card is
    ``number`` (nantong.md §7): 丫子 in the middle, 邊張 as the 3 of 一二三 or the 7 of 七八九.

    >>> _sequence_wait(1, 4), _sequence_wait(2, 1), _sequence_wait(0, 7), _sequence_wait(0, 1)
    (WaitKind.YAZI, WaitKind.BIANZHANG, WaitKind.BIANZHANG, None)
    """
    if pos == 1:
        return WaitKind.YAZI
    if (pos == 2 and number == 1) or (pos == 0 and number == 7):
        return WaitKind.BIANZHANG
    return None


def waits(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    *,
    rules: Rules = DUZIHU,
    jiang: Iterable[Card | str] | str = (),
    called: Iterable[Card] = (),
    seen: Iterable[Meld] | str = (),
) -> dict[Card, Decomposition]:
    """聽牌: every card that completes the hand, with the best decomposition it gives
    (``called``: the 真諦 cards declared by 叫牌, as :func:`best_decomposition`).

    A card counts only if a copy can still exist (held, declared and flipped copies removed,
    and those of the other seats' declared melds ``seen``, in sight of everybody: a 百搭
    stands for none of them either).

    >>> sorted(c.code for c in waits("123b 456b 789b 123t 456t 789t 123w 5w"))
    ['5w']
    >>> hand = "2t 2t 2t 456b 789b 456t 789t 123w 456w 5w"  # (二條 flipped: a 真諦 card)
    >>> waits(hand, jiang="2t 3w")[Card("5w")].value, waits(hand, jiang="2t 3w", called=[Card("2t")])[Card("5w")].value
    (50, 60)
    """
    others = _seen_melds(seen)
    frozen_called = _NONE_CALLED if called == () else _called(called)
    held = _to_cards(concealed, "concealed") if frozen_called else ()  # (read once)
    melds, flips, found = _completing(held or concealed, exposed, rules, jiang, others)
    if frozen_called:
        check_called(frozen_called, flips, held)
    result: dict[Card, Decomposition] = {}
    for card, more in found:
        best = best_decomposition(
            more, melds, rules=rules, jiang=flips, called=frozen_called, seen=others
        )
        if best is not None:
            result[card] = best
    return result


def _completing(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str,
    rules: Rules,
    jiang: Iterable[Card | str] | str,
    others: tuple[Meld, ...] = (),
) -> tuple[tuple[Meld, ...], tuple[Card, ...], list[tuple[Card, tuple[Card, ...]]]]:
    """The declared melds, the flips, and the cards that complete the hand (the keys of
    :func:`waits`, in its order) each with the hand it makes; with the checks and errors of
    :func:`waits`, and no reading built; the copies of the ``others`` (other seats'
    declared melds) are used too.

    >>> [(c.code, len(more)) for c, more in _completing("123b 456b 789b 123t 456t 789t 123w 5w", (), DUZIHU, ())[2]]
    [('5w', 23)]
    """
    cards, melds, counts, baida = _split(concealed, exposed, rules)
    flips = _jiang(jiang, rules)
    k = _needed(cards, melds)
    in_sight = (*melds, *others)
    seen = check_copies(cards, in_sight, flips)
    for meld in in_sight:  # (a declared four of the wrong size: the other entries' RulesError)
        _check_four(meld, flips)
    if len(cards) != 3 * k + 1:
        return melds, flips, []
    candidates = list(CARDS[:N_PLAIN]) + (list(BAIDA) if rules.baida else [])
    # a concealed hand alone is packed (as is_winning's fast path reads it)
    key = sum(c._packed for c in cards) if not in_sight else -1
    # else the needs of the hand's parts, looked up once for all the cards, with their
    # floors (by the cap of the 百搭 with the card: none, or the deck's five)
    needs: dict[int, tuple[list[Any], tuple[int, ...]]] = {}
    found = []
    for card in candidates:
        if seen[card.index] >= card.copies:
            continue
        # is_winning of the hand with the card (its sizes and copies are checked above)
        i, wild = card.index, len(baida) + (card.index >= N_PLAIN)
        if key >= 0 and wild <= 2:
            more = key + card._packed
            complete = _packed_wild_complete(more, flips) if wild else _plain_complete(more)
        else:
            # (_can of the hand with the card: a hand holds at most the deck's 百搭)
            limit = _limit(wild)
            kept = needs.get(limit)
            if kept is None:
                mods = tuple(sum(counts[lo:hi]) % 3 for lo, hi in _BOUNDS)
                kept = needs[limit] = ([None] * 4, _FLOORS[limit > 0][mods])
            x = i if i < N_PLAIN else -1
            complete = _parts_allow(kept[0], kept[1], counts, wild, x, limit)
            if complete:
                plus = (*counts[:i], counts[i] + 1, *counts[i + 1 :]) if i < N_PLAIN else counts
                complete = _copies_fit(plus, wild, in_sight, flips)
        if complete:
            found.append((card, (*cards, card)))
    return melds, flips, found
