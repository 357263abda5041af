"""大貳 hand analysis (daer.md §4, §5, §7): every reading of a hand into sets and a 將, the best
one, and what a hand waits for.

A winning hand holds ``hand_size + 1`` cards (13 + 1 in 四川大貳; one more per 杠, which draws a
replacement). Its concealed cards are read as sets (順, 二七十, 絞, 刻) and, when their number
is 3n + 2, one 將 pair (貳伍捌 by default, [S001]). Without replacement draws (``luzhou``) a
hand with a four holds a 對子 (any pair), and a 坎 — three identical cards dealt — cannot be
split (daer.md §7): the analyses take the 坎 held as ``kan`` (the engine knows them), or, told
nothing, every three held.

Hot path: the hand is a tuple of 20 counts (one per card kind, :attr:`zipai.Card.index`); its
readings are found lowest kind first and cached on the counts and the shape options. The
engine's win test (:func:`readable`) stops at the first reading and, without 絞 (no set mixes
small and big cards), answers from the two cases' 10 counts, each cached on its own.

>>> best = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 伍伍"))
>>> best
<Decomposition 順 一二三 順 四五六 順 七八九 順 壹貳叄 將 伍伍 (9 胡)>
>>> best_decomposition(parse("一二三 四五六 七八九 壹貳叄 六六")) is None  # 六六 is no 將
True
>>> sorted(card.code for card in waits(parse("一二三 四五六 七八九 壹貳叄 伍")))
['d5']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from attrs import field, frozen

from changpai.core import caches, render
from changpai.core.guard import (
    cards_arg,
    choice_arg,
    clipped,
    instance_of,
    items_arg,
    meld_texts,
    n_cards,
    rules_arg,
    unchecked,
    whole_number,
)
from changpai.daer.melds import Meld, MeldKind, Origin, _luzhou_names, classify, meld_hu
from changpai.daer.rules import DAER, Rules
from changpai.daer.tables import ANGANG, JIAGANG, LONG_MELD
from changpai.errors import NotationError
from changpai.zipai import CARDS, KINDS, Card, parse

__all__ = [
    "Decomposition",
    "best_decomposition",
    "decompositions",
    "parse_melds",
    "read_hand",
    "waits",
]

# A reading of concealed counts: sorted ((kind, (card indices …)), …).
_Set = tuple[MeldKind, tuple[int, ...]]
_Reading = tuple[_Set, ...]
_Shape = tuple[bool, bool, bool, tuple[bool, ...]]
_Offsets = tuple[tuple[tuple[int, int], ...], ...]

# The kinds whose three held are a 坎 (daer.md §7), one bit a card index: told nothing, every
# kind (every three held); the engine knows the dealt ones.
EVERY_KIND = (1 << KINDS) - 1


def shape_key(rules: Rules) -> _Shape:
    """The options that decide how concealed cards are read (the cache key of a reading).

    >>> shape_key(DAER)[:3]
    (True, False, False)
    """
    return (rules.erqishi, rules.jiao, rules.kan_locked, tuple(map(rules.jiang_ok, range(KINDS))))


# Bounded caches (caches.stats('daer')): at most 2**16 readings, 2**16 ranges, 4096 melds.
@caches.lru("daer", maxsize=1 << 16)
def _readings(
    counts: tuple[int, ...], shape: _Shape, won_on: int = -1, kan: int = EVERY_KIND
) -> tuple[_Reading, ...]:
    """Every reading of concealed ``counts``; ``won_on``, a card index, is a discard won on
    (one of the counts): not part of a 坎 (see :func:`_locked`); ``kan``, the kinds whose
    three held are a 坎 (:data:`EVERY_KIND`'s bits)."""
    n = sum(counts)
    if n % 3 == 1:
        return ()
    need_pair = n % 3 == 2
    erqishi, jiao, kan_locked, jiang = shape
    c = list(counts)
    fixed: list[_Set] = []
    if kan_locked:  # daer.md §7: a 坎 cannot be split
        for i in range(KINDS):
            if kan >> i & 1 and _locked(c[i], i, won_on):
                c[i] -= 3
                fixed.append((MeldKind.KE, (i, i, i)))
    found: set[_Reading] = set()
    acc: list[_Set] = []

    def take(kind: MeldKind, idx: tuple[int, ...], start: int, pair: bool) -> None:
        for j in idx:
            c[j] -= 1
        acc.append((kind, idx))
        walk(start, pair)
        acc.pop()
        for j in idx:
            c[j] += 1

    def walk(start: int, pair: bool) -> None:
        i = start
        while i < KINDS and not c[i]:
            i += 1
        if i == KINDS:
            if pair == need_pair:
                found.add(tuple(sorted(fixed + acc, key=_order)))
            return
        v = i % 10  # value - 1
        if c[i] >= 3:
            take(MeldKind.KE, (i, i, i), i, pair)
        if need_pair and not pair and c[i] >= 2 and jiang[i]:
            take(MeldKind.JIANG, (i, i), i, True)
        if v <= 7 and c[i + 1] and c[i + 2]:
            take(MeldKind.SHUN, (i, i + 1, i + 2), i, pair)
        if erqishi and v == 1 and c[i + 5] and c[i + 8]:
            take(MeldKind.ERQISHI, (i, i + 5, i + 8), i, pair)
        if jiao and i < 10:
            j = i + 10
            if c[i] >= 2 and c[j]:
                take(MeldKind.JIAO, (i, i, j), i, pair)
            if c[j] >= 2:
                take(MeldKind.JIAO, (i, j, j), i, pair)

    walk(0, False)
    return tuple(sorted(found, key=lambda r: [_order(s) for s in r]))


def _fits(
    c: list[int],
    i: int,
    pair: bool,
    sentences: _Offsets,
    jiao: bool,
    jiang: Sequence[bool],
) -> bool:
    """Whether counts ``c`` (from kind ``i`` on) read as sets, with one 將 when ``pair``: the
    search of :func:`_readings` that stops at the first reading (the engine's win test).
    ``sentences[v]``: the offsets of the other cards of each sentence a lowest card of value
    index ``v`` starts (see ``_SENTENCES_FROM``)."""
    n = len(c)
    while i < n and not c[i]:
        i += 1
    if i == n:
        return not pair
    v = i % 10  # value - 1
    if c[i] >= 3:
        c[i] -= 3
        ok = _fits(c, i, pair, sentences, jiao, jiang)
        c[i] += 3
        if ok:
            return True
    if pair and c[i] >= 2 and jiang[i]:
        c[i] -= 2
        ok = _fits(c, i, False, sentences, jiao, jiang)
        c[i] += 2
        if ok:
            return True
    for dj, dk in sentences[v]:
        j, k = i + dj, i + dk
        if c[j] and c[k]:
            c[i] -= 1
            c[j] -= 1
            c[k] -= 1
            ok = _fits(c, i, pair, sentences, jiao, jiang)
            c[i] += 1
            c[j] += 1
            c[k] += 1
            if ok:
                return True
    if jiao and i < 10:
        j = i + 10
        for a, b in ((2, 1), (1, 2)):  # 絞: two small and a big, or a small and two big
            if c[i] >= a and c[j] >= b:
                c[i] -= a
                c[j] -= b
                ok = _fits(c, i, pair, sentences, jiao, jiang)
                c[i] += a
                c[j] += b
                if ok:
                    return True
    return False


# The sentences a lowest card of value index v starts, as offsets of the other two cards:
# 順 (v <= 7) and, with erqishi, 二七十 from 二 (v == 1).
def _offsets(erqishi: bool) -> _Offsets:
    return tuple(((1, 2),) * (v <= 7) + ((5, 8),) * (erqishi and v == 1) for v in range(10))


_SENTENCES_FROM = (_offsets(False), _offsets(True))


@caches.lru("daer", maxsize=1 << 16)
def _half_fits(counts: tuple[int, ...], erqishi: bool, kan: int, jiang: tuple[bool, ...]) -> int:
    """The readings of one case's 10 counts (no 絞): bit 1 as sets only, bit 2 as sets and a
    將; ``kan``: the kinds of the case (bit 0 its first) whose three held are a 坎, 0 for
    none. Without 絞 no set mixes small and big cards, so a hand reads iff both cases do."""
    c = list(counts)
    if kan and (3 in c or 4 in c):  # daer.md §7: a 坎 cannot be split
        c = [n - 3 if n >= 3 and kan >> i & 1 else n for i, n in enumerate(c)]
    r = sum(c) % 3
    if r == 0:
        return 1 if _fits(c, 0, False, _SENTENCES_FROM[erqishi], False, jiang) else 0
    if r == 2:
        return 2 if _fits(c, 0, True, _SENTENCES_FROM[erqishi], False, jiang) else 0
    return 0


@caches.lru("daer", maxsize=1 << 16)
def _locked(n: int, kind: int, won_on: int) -> bool:
    """Whether ``n`` cards of ``kind`` in hand hold a 坎 that cannot be split (``kan_locked``,
    daer.md §7): three or more — not counting the discard won on (``won_on``, its kind): a
    pair and that card are a 碰 (see :func:`_won_on`), which the 坎 rule does not lock.

    >>> _locked(3, 9, -1), _locked(3, 9, 9), _locked(4, 9, 9)
    (True, False, True)
    """
    return n - (kind == won_on) >= 3


def _full_fits(
    counts: tuple[int, ...], shape: _Shape, won_on: int, pair: bool, kan: int = EVERY_KIND
) -> bool:
    """:func:`readable` searched on all 20 counts (絞 mixes the cases, or a discard won on
    changes which 坎 are locked); ``pair``: the counts hold a 將; ``kan`` as in
    :func:`_readings`."""
    erqishi, jiao, kan_locked, jiang = shape
    if kan_locked and (3 in counts or 4 in counts):  # daer.md §7: a 坎 cannot be split
        c = [n - 3 if n >= 3 and kan >> i & 1 else n for i, n in enumerate(counts)]
        if won_on >= 0 and counts[won_on] == 3:  # a pair and the discard: no 坎 (_locked)
            c[won_on] = 3
    else:
        c = list(counts)
    return _fits(c, 0, pair, _SENTENCES_FROM[erqishi], jiao, jiang)


def _unlocked(counts: tuple[int, ...], shape: _Shape, kan: int = EVERY_KIND) -> list[int]:
    """The counts :func:`_fits` starts from for a hand with no discard won on: with
    ``kan_locked`` every 坎 (three or more of a kind of ``kan``) taken out (daer.md §7).

    >>> shape = (True, True, True, (True,) * 20)
    >>> _unlocked((3, 1) + (0,) * 18, shape)[:2], _unlocked((3, 1) + (0,) * 18, shape, 0)[:2]
    ([0, 1], [3, 1])
    """
    if shape[2]:
        return [n - 3 if n >= 3 and kan >> i & 1 else n for i, n in enumerate(counts)]
    return list(counts)


def _reads_with(base: list[int], size: int, extra: int, shape: _Shape) -> bool:
    """:func:`readable` of a hand and the card index ``extra`` (a discard won on; -1: no
    card), searched on all 20 counts, from ``base = _unlocked(hand, shape)`` and ``size``,
    the hand's number of cards. With ``kan_locked`` the discard joins its kind whatever it
    holds: three in hand and the discard are a 坎 and one card, two and the discard no 坎.

    >>> shape = (True, True, True, (True,) * 20)
    >>> hand = (3, 0, 1, 1) + (0,) * 16
    >>> _reads_with(_unlocked(hand, shape), 5, 1, shape), readable((3, 1, 1, 1) + (0,) * 16, shape, 1)
    (True, True)
    """
    r = (size + (extra >= 0)) % 3
    if r == 1:
        return False
    c = base[:]
    if extra >= 0:
        c[extra] += 1
    return _fits(c, 0, r == 2, _SENTENCES_FROM[shape[0]], shape[1], shape[3])


def readable(
    counts: tuple[int, ...], shape: _Shape, won_on: int = -1, kan: int = EVERY_KIND
) -> bool:
    """Whether concealed counts read as sets (and a 將 when their number is 3n + 2): the
    engine's fast win test, the same answer as ``hu_range(counts, shape, won_on, kan) is not
    None`` (``won_on``: the kind of a discard won on, one of the counts, or -1; ``kan``: the
    kinds whose three held are a 坎).

    >>> counts = [0] * 20
    >>> for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 4, 4): counts[i] += 1
    >>> readable(tuple(counts), shape_key(DAER))
    True
    >>> counts[4] -= 2; counts[5] += 2; readable(tuple(counts), shape_key(DAER))  # 六六 no 將
    False
    """
    r = sum(counts) % 3
    if r == 1:
        return False
    erqishi, jiao, kan_locked, jiang = shape
    if jiao or (kan_locked and won_on >= 0):
        return _full_fits(counts, shape, won_on, r == 2, kan)
    if not kan_locked:
        kan = 0
    small = _half_fits(counts[:10], erqishi, kan & 1023, jiang[:10])
    if not small:
        return False
    return _halves_read(small, _half_fits(counts[10:], erqishi, kan >> 10, jiang[10:]), r)


def _halves_read(small: int, big: int, r: int) -> bool:
    """Whether a hand of ``3n + r`` cards reads, from its cases' :func:`_half_fits`: one 將
    in all when ``r`` is 2, none when it is 0.

    >>> _halves_read(1, 2, 2), _halves_read(2, 2, 2), _halves_read(1, 1, 0)
    (True, False, True)
    """
    if r == 2:
        return (small == 1 and big == 2) or (small == 2 and big == 1)
    return r == 0 and small == 1 and big == 1


def _order(item: _Set) -> tuple[bool, int, int, int]:
    kind, idx = item
    # (the middle card tells 絞 三三叄 from 三叄叄: with the ends alone a reading holding both
    # sorted two ways and was listed twice)
    return (kind is MeldKind.JIANG, idx[0], idx[-1], idx[1] if len(idx) > 2 else -1)


@caches.lru("daer", maxsize=4096)
def _meld(kind: MeldKind, idx: tuple[int, ...]) -> Meld:
    if kind is MeldKind.PENG:  # (a 刻 that holds the discard won on: _won_on)
        return Meld(kind, tuple(CARDS[i] for i in idx), exposed=True, origin=Origin.CLAIM)
    return Meld(kind, tuple(CARDS[i] for i in idx))


@caches.lru("daer", maxsize=4096)
def _set_hu(kind: MeldKind, idx: tuple[int, ...]) -> int:
    return meld_hu(_meld(kind, idx))


def _won_on(reading: _Reading, discard: int) -> _Reading:
    """``reading`` of a hand that won on another seat's discard of kind ``discard``: if no set
    but a 刻 holds that kind, the 刻 holds the discard and is a 碰 (a pair in hand and another
    player's card, daer.md E5 with the 字牌 table of zipai.md §4 / §8.1); else the discard sits
    in that other set and the reading is unchanged (the player counts it where it is worth more).

    >>> _won_on(((MeldKind.KE, (9, 9, 9)), (MeldKind.JIANG, (4, 4))), 9)[0]
    (MeldKind.PENG, (9, 9, 9))
    >>> _won_on(((MeldKind.KE, (9, 9, 9)), (MeldKind.SHUN, (7, 8, 9))), 9)[0]
    (MeldKind.KE, (9, 9, 9))
    """
    if discard < 0 or any(kind is not MeldKind.KE and discard in idx for kind, idx in reading):
        return reading
    return tuple(
        (MeldKind.PENG, idx) if kind is MeldKind.KE and idx[0] == discard else (kind, idx)
        for kind, idx in reading
    )


@caches.lru("daer", maxsize=1 << 16)
def hu_range(
    counts: tuple[int, ...], shape: _Shape, discard: int = -1, kan: int = EVERY_KIND
) -> tuple[int, int] | None:
    """The least and the most 胡 (字牌 胡息 table) over the readings of concealed counts, or
    ``None`` when they cannot be read as sets (and a 將): the engine's cached test. With
    ``discard`` (a card index) the hand won on another seat's discard of that kind, one of the
    ``counts`` (see :func:`_won_on`); ``kan``: the kinds whose three held are a 坎.

    >>> hu_range((1, 1, 1, 0, 0, 2) + (0,) * 14, shape_key(DAER)) is None  # 六六 is no 將
    True
    >>> counts = [0] * 20
    >>> for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 4, 4): counts[i] += 1
    >>> hu_range(tuple(counts), shape_key(DAER))
    (9, 9)
    >>> counts = [0] * 20
    >>> for i in (0, 1, 2, 3, 4, 5, 10, 11, 12, 19, 19, 19, 4, 4): counts[i] += 1
    >>> hu_range(tuple(counts), shape_key(DAER)), hu_range(tuple(counts), shape_key(DAER), 19)
    ((15, 15), (12, 12))
    """
    readings = _readings(counts, shape, discard, kan)
    if not readings:
        return None
    values = [sum(_set_hu(kind, idx) for kind, idx in _won_on(r, discard)) for r in readings]
    return min(values), max(values)


def wins(hu: int, rules: Rules) -> bool:
    """Whether a complete hand of ``hu`` 胡 may win: at least ``min_hu``, or 0 with
    ``zero_hu`` (daer.md §7).

    >>> from changpai.daer.rules import LUZHOU
    >>> wins(9, LUZHOU), wins(10, LUZHOU), wins(0, LUZHOU), wins(0, LUZHOU.evolve(zero_hu=True))
    (False, True, False, True)
    """
    return hu >= rules.min_hu or (hu == 0 and rules.zero_hu)


def _hu_field(instance: object, attribute: object, value: int) -> None:
    whole_number(value, "hu")  # (an amount: any size a document writes)


def _concealed_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "concealed", "大貳 melds (Meld)")


def _exposed_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "exposed", "大貳 melds (Meld)")


@frozen(repr=False)
class Decomposition:
    """One reading of a hand: its table sets (``exposed``) and concealed sets, the 將 among
    them, its 胡 (字牌 胡息 table) and its ``value``: that 胡 under either settlement (E5;
    the flat settlement of daer.md §6 pays 1 unit whatever the value, see
    :func:`~changpai.daer.score`).

    >>> d = best_decomposition("一二三 四五六 壹貳叄 伍伍", "碰 拾拾拾")
    >>> d.value, d.hu, str(d.jiang), [str(m) for m in d.exposed]
    (12, 12, '將 伍伍', ['碰 拾拾拾'])
    >>> d.to_dict()["melds"][:2]
    ['碰 拾拾拾', '順 一二三']
    """

    # (checked: a reading built by hand names what is wrong at once, and keeps no list of
    # the caller's — review h60)
    exposed: tuple[Meld, ...] = field(converter=_exposed_field)
    concealed: tuple[Meld, ...] = field(converter=_concealed_field)
    hu: int = field(validator=_hu_field)
    rules: Rules = field(validator=instance_of(Rules, "大貳"))

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Every set of the hand: the table ones, then the concealed ones (將 last).

        >>> [str(m) for m in best_decomposition("一二三 四五六 壹貳叄 伍伍", "碰 拾拾拾").melds][:2]
        ['碰 拾拾拾', '順 一二三']
        """
        return self.exposed + self.concealed

    @property
    def value(self) -> int:
        """The family's count of the hand (the contract's ``value``): its 胡, whatever the
        settlement (the flat settlement pays units; see :func:`~changpai.daer.score`).

        >>> hand = "一二三 四五六 七八九 壹貳叄 伍伍"
        >>> best_decomposition(hand).value, best_decomposition(hand, rules=DAER.evolve(scoring="huxi")).value
        (9, 9)
        """
        return self.hu

    @property
    def jiang(self) -> Meld | None:
        """The 將 (對子) pair, or ``None`` for a hand of sets only (``luzhou`` without a four).

        >>> from changpai.daer.rules import LUZHOU
        >>> best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU).jiang is None
        True
        """
        return next((m for m in self.concealed if m.kind is MeldKind.JIANG), None)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, table and concealed.

        >>> len(best_decomposition("一二三 四五六 七八九 伍伍", "杠 拾拾拾拾").cards)
        15
        """
        return tuple(card for meld in self.melds for card in meld.cards)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``melds`` (text), ``value``, ``hu`` and ``jiang``.

        >>> best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍").to_dict()["jiang"]
        '將 伍伍'
        """
        return {
            "melds": [str(m) for m in self.melds],
            "value": self.value,
            "hu": self.hu,
            "jiang": None if self.jiang is None else str(self.jiang),
        }

    def __str__(self) -> str:
        return " ".join(m.text(self.rules) for m in self.melds)  # (瀘州 names under luzhou)

    def __repr__(self) -> str:
        return f"<Decomposition {self} ({self.hu} 胡)>"

    def _repr_html_(self) -> str:
        luzhou = _luzhou_names(self.rules)  # (the 瀘州 names, as str)
        parts = [render.meld(m.label(luzhou), m.cards) for m in self.melds]
        return render.line(parts, note=f"{self.hu} 胡")


def read_hand(cards: str | Sequence[Card], name: str = "cards") -> tuple[Card, ...]:
    """Cards from text (字牌 notation) or a sequence of :class:`~changpai.zipai.Card`; anything
    else raises :class:`~changpai.errors.NotationError` naming it (as the argument ``name``).

    >>> read_hand("一 x2")
    (Card('x1'), Card('x2'))
    >>> read_hand(["x1"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards=['x1'] holds 'x1', which is not one of 大貳 (字牌) cards
    >>> read_hand(5, "hand")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: hand=5 is not a sequence of 大貳 (字牌) cards
    """
    if isinstance(cards, str):
        return parse(cards)
    return cards_arg(cards, Card, name, "大貳 (字牌) cards")


def parse_melds(melds: str | Iterable[Meld | str]) -> tuple[Meld, ...]:
    """Table sets from text — each its kind and its cards, separated by ``;`` or ``|`` — or
    from a sequence of :class:`Meld` objects or their texts, as every family's ``parse_melds``.

    >>> parse_melds("碰 一一一; 吃 壹貳叄")
    (Meld.parse('碰 一一一'), Meld.parse('吃 壹貳叄'))
    >>> parse_melds(None)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: melds=None is not a sequence of 大貳 melds (Meld objects or texts)
    """
    return _read_melds(melds, "melds")


def _read_melds(melds: object, what: str) -> tuple[Meld, ...]:
    """:func:`parse_melds` of the argument named ``what`` (``exposed`` for the analyses)."""
    if isinstance(melds, str):
        items: Sequence[object] = meld_texts(melds)
    else:
        items = items_arg(melds, what, "大貳 melds (Meld objects or texts)")
    out = []
    for item in items:
        if isinstance(item, Meld):
            out.append(item)
        elif isinstance(item, str):
            if item.strip():
                out.append(Meld.parse(item))
        else:
            raise NotationError(
                f"{what}={clipped(melds)} holds {clipped(item)}, which is not a 大貳 meld (a Meld "
                "or its text)"
            )
    return tuple(out)


def _check_table(exposed: Sequence[Meld], rules: Rules) -> None:
    """Refuse a table set the rules do not allow: a 將 (the pair stays in the hand, daer.md
    §5), a 絞 without ``jiao`` (E4) or an 二七十 without ``erqishi`` (E3)."""
    for meld in exposed:
        if meld.kind is MeldKind.JIANG:
            raise NotationError(
                f"{meld} is not a table set: the 將 is the pair of the hand (daer.md §5)"
            )
        if meld.kind.is_sentence and classify(meld.cards, rules=rules) is not meld.kind:
            raise NotationError(f"{meld} is not a set under {clipped(rules)}")


def _counts(cards: Sequence[Card], exposed: Sequence[Meld], what: str) -> list[int]:
    counts = [0] * KINDS
    for card in cards:
        counts[card.index] += 1
    seen = list(counts)
    for meld in exposed:
        for card in meld.cards:
            seen[card.index] += 1
    for i, n in enumerate(seen):
        if n > 4:
            raise NotationError(
                f"{what} holds {n} copies of {CARDS[i].hanzi} ({CARDS[i].code}); the deck has 4"
            )
    return counts


def _hand_text(cards: Sequence[Card]) -> str:
    """The hanzi of a hand for an error message: whole up to 60 cards, then cut.

    >>> _hand_text(parse("一二三")), len(_hand_text(parse("一") * 100))
    ('一二三', 61)
    """
    text = "".join(c.hanzi for c in cards[:60])
    return text + "…" if len(cards) > 60 else text


def _check_size(
    cards: Sequence[Card], exposed: Sequence[Meld], rules: Rules, *, complete: bool
) -> bool:
    """Whether the hand holds the size asked (``complete``: one card more than a waiting
    hand); the other of the two sizes a player holds is False, any other a NotationError
    (core-concepts: 大貳 reads the sizes a player holds)."""
    quads = sum(m.quad for m in exposed)
    total = len(cards) + sum(len(m.cards) for m in exposed)
    waiting = rules.rest_size(quads)
    if total == waiting + 1:
        return complete
    if total == waiting:
        return not complete
    text = _hand_text(cards)
    extra = " (+1 per 杠)" if rules.gang_draw else ""
    sets = {0: " holds", 1: " and 1 table set hold"}.get(
        len(exposed), f" and {len(exposed)} table sets hold"
    )  # (review h130: "with 0 table set(s) holds")
    raise NotationError(
        f"{text or 'the hand'}{sets} {n_cards(total)}; a {rules.title} hand holds {waiting} "
        f"(waiting) or {waiting + 1} (complete) cards{extra}"
    )


def _prepare(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld | str],
    rules: Rules,
    complete: bool,
) -> tuple[tuple[Card, ...], tuple[Meld, ...], tuple[int, ...], bool]:
    """The hand, the table sets and the concealed counts, read and checked, and whether the
    hand holds the size asked (:func:`_check_size`)."""
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules_arg(rules, Rules, "大貳")
    hand = read_hand(concealed, "concealed")
    melds = _read_melds(exposed, "exposed")
    _check_table(melds, rules)
    counts = _counts(hand, melds, _hand_text(hand) or "the hand")
    sized = _check_size(hand, melds, rules, complete=complete)
    return hand, melds, tuple(counts), sized


def _build(reading: _Reading, exposed: tuple[Meld, ...], rules: Rules) -> Decomposition:
    concealed = tuple(_meld(kind, idx) for kind, idx in reading)
    hu = sum(_set_hu(kind, idx) for kind, idx in reading) + sum(meld_hu(m) for m in exposed)
    return _reading(exposed, concealed, hu, rules)


# (the analysis's readings, of checked melds, past the constructor's checks)
_reading = unchecked(Decomposition)


def decompositions(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld | str] = (),
    *,
    rules: Rules = DAER,
    discard: Card | str | None = None,
    kan: str | Iterable[Card | str] | None = None,
) -> Iterator[Decomposition]:
    """Every reading of a complete hand into sets (and a 將), whether or not it reaches the
    rules' least 胡. ``concealed`` are the concealed cards, ``exposed`` the table sets;
    ``discard``, one of them, the card won on from another seat's discard: a 刻 that
    must hold it is a 碰 (a pair and another player's card; the 字牌 table counts it less).

    >>> [str(d) for d in decompositions("一二三 四五六 壹貳叄 伍伍 拾拾拾", discard="拾")]
    ['順 一二三 順 四五六 順 壹貳叄 碰 拾拾拾 將 伍伍']

    Under ``kan_locked`` (瀘州) a 坎 — three identical cards dealt — is not split (daer.md
    §7): ``kan`` lists one card of each 坎 held (the hand's deal knows them); told nothing,
    every three held is taken for one. A three made by drawing is read freely.

    >>> from changpai.daer.rules import LUZHOU
    >>> hand = "一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒拾"
    >>> [d.hu for d in decompositions(hand, rules=LUZHOU)]  # (三三三 taken for a 坎)
    []
    >>> [str(d) for d in decompositions(hand, rules=LUZHOU, kan="拾")]  # (三三三 drawn)
    ['列 一二三 列 二三四 列 三四五 列 壹貳叄 二七十 貳柒拾 列 柒捌玖 坎 拾拾拾']

    A hand of the wrong size or with a card of another family raises
    :class:`~changpai.errors.NotationError` naming it.

    >>> [str(d) for d in decompositions("一一一 二二二 三三三 四五六 伍伍")]
    ['刻 一一一 刻 二二二 刻 三三三 順 四五六 將 伍伍', '順 一二三 順 一二三 順 一二三 順 四五六 將 伍伍']
    >>> list(decompositions("一二三"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 一二三 holds 3 cards; a 大貳 hand holds 13 (waiting) or 14 (complete) cards (+1 per 杠)
    """
    hand, melds, counts, complete = _prepare(concealed, exposed, rules, True)
    won_on = _discard_index(discard, hand)
    mask = _kan_mask(kan, counts, rules)
    if not complete:
        return iter(())  # (a waiting hand's size: no reading)
    return _decompositions(counts, melds, rules, won_on, mask)  # checked now, read as iterated


def _decompositions(
    counts: tuple[int, ...], melds: tuple[Meld, ...], rules: Rules, won_on: int, mask: int
) -> Iterator[Decomposition]:
    for reading in _readings(counts, shape_key(rules), won_on, mask):
        yield _build(_won_on(reading, won_on), melds, rules)


def _kan_card(item: object) -> Card:
    """One card of ``kan=`` given as text; anything else a NotationError naming it."""
    if not isinstance(item, str):
        raise NotationError(f"kan= holds {clipped(item)}, not a 大貳 (字牌) card or its text")
    return Card.parse(item)


def kan_cards(kan: object) -> tuple[Card, ...] | None:
    """The cards ``kan=`` names (one of each 坎; ``None``: told nothing), read but not yet
    checked against a hand (:func:`_kan_mask` does).

    >>> kan_cards("拾 壹"), kan_cards(None)
    ((Card('d10'), Card('d1')), None)
    """
    if kan is None:
        return None
    if isinstance(kan, str):
        return parse(kan)
    # (one card names each 坎: a set of them is what is meant — review h61)
    items = items_arg(kan, "kan", "大貳 (字牌) cards or their texts", sets=True)
    return tuple(c if isinstance(c, Card) else _kan_card(c) for c in items)


def _kan_mask(kan: object, counts: Sequence[int], rules: Rules) -> int:
    """The kinds whose three held are a 坎, from ``kan`` (one card of each; None: every
    kind, the analyses told nothing), checked against the concealed ``counts``.

    >>> from changpai.daer.rules import LUZHOU
    >>> counts = [0] * KINDS; counts[19] = 3
    >>> _kan_mask("拾", counts, LUZHOU) == 1 << 19, _kan_mask(None, counts, LUZHOU) == EVERY_KIND
    (True, True)
    >>> _kan_mask("拾拾", counts, LUZHOU)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: kan= names 拾 twice; give one card of each 坎
    """
    cards = kan_cards(kan)
    if cards is None:
        return EVERY_KIND
    if cards and not rules.kan_locked:
        raise NotationError(
            f"kan={clipped(kan)} names 坎, but these rules split every three (kan_locked=False)"
        )
    mask = 0
    for card in cards:
        k = card.index
        if mask >> k & 1:
            raise NotationError(f"kan= names {card.hanzi} twice; give one card of each 坎")
        if counts[k] < 3:
            raise NotationError(
                f"kan= names {card.hanzi}, but the hand holds {counts[k]} of it; a 坎 is three"
            )
        mask |= 1 << k
    return mask


def _discard_index(discard: Card | str | None, hand: Sequence[Card]) -> int:
    """The card index of ``discard`` (a card of ``hand``), or -1 for none.

    >>> _discard_index("拾", parse("拾拾")), _discard_index(None, ())
    (19, -1)
    >>> _discard_index("九", parse("拾拾"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: discard=Card('x9') is not one of the hand's cards
    """
    if discard is None:
        return -1
    card = Card.parse(discard) if isinstance(discard, str) else discard
    if not isinstance(card, Card):
        raise NotationError(f"discard={clipped(discard)} is not a 大貳 (字牌) card or its text")
    if card not in hand:
        raise NotationError(f"discard={clipped(card)} is not one of the hand's cards")
    return card.index


def best_decomposition(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld | str] = (),
    *,
    rules: Rules = DAER,
    discard: Card | str | None = None,
    kan: str | Iterable[Card | str] | None = None,
) -> Decomposition | None:
    """The reading with the most ``value`` (then the most 胡) among those that win under the
    rules (daer.md §5; ``luzhou``: at least ``min_hu`` 胡), or ``None``; ``discard`` and
    ``kan`` as in :func:`decompositions` (a win on another seat's discard; the 坎 held).

    >>> from changpai.daer.rules import LUZHOU
    >>> hand = "拾拾拾 四五六 七八九 肆伍陸 二三四 伍陸柒 壹貳叄"
    >>> best_decomposition(hand, rules=LUZHOU).hu, best_decomposition(hand, rules=LUZHOU, discard="拾")
    (12, None)

    >>> from changpai.daer.rules import LUZHOU
    >>> best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU).hu
    18
    >>> best_decomposition("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 三四五 六七八", rules=LUZHOU) is None
    True
    """
    best: Decomposition | None = None
    for d in decompositions(concealed, exposed, rules=rules, discard=discard, kan=kan):
        if wins(d.hu, rules) and (best is None or (d.value, d.hu) > (best.value, best.hu)):
            best = d
    return best


def waits(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld | str] = (),
    *,
    rules: Rules = DAER,
    kan: str | Iterable[Card | str] | None = None,
    source: str | None = None,
) -> dict[Card, Decomposition]:
    """聽牌: every card that would complete a waiting hand (``hand_size`` cards with the table
    sets) into a winning one, with the best reading it makes — drawn by the hand itself, or,
    for a card that wins only when another seat discards it, on that discard. Under
    ``kan_locked`` ``kan`` lists the 坎 held (:func:`decompositions`); told nothing, the threes
    the waiting hand holds are its 坎 (a 坎 is a dealt three, daer.md §7: a third copy drawn
    to a pair is none, and is read freely). Drawn, a fourth of a three held makes a 垅, laid
    at once (§7), and the fourth of a 碰 a 杠 the seat may make: without ``gang_draw`` (瀘州)
    no replacement card follows, so the hand is read with that four on the table — the first
    four laid leaves it complete, and it wins on it as the engine lets it; so may a four the
    hand held, or a 碰 and its fourth held, laid on the draw of another card (a later four
    spares a discard instead, 八塊).

    ``source`` reads each card instead as the engine plays it, as it comes — the cards on which
    the engine lets the seat 胡, each with the reading it wins with: ``"self"`` the seat's own
    draw (as above, without the cards that win only on a discard), ``"discard"`` another seat's
    discard (none under ``win_on_discard=False``; a pair and the discard make a 碰, and a
    reading below ``min_hu`` does not win), ``"any"`` either (the reading with the most value,
    then 胡). Every listed card wins: a reading that misses the rules' least 胡 is none.

    >>> w = waits("一二三 四五六 七八九 二三 伍伍")
    >>> {c.code: d.hu for c, d in w.items()}
    {'x1': 6, 'x4': 3, 'x7': 3, 'x10': 3}
    >>> from changpai.daer.rules import LUZHOU
    >>> w = waits("一二二三三四四五 壹貳叄 貳柒拾 肆伍陸 柒捌玖", rules=LUZHOU)
    >>> {c.code: d.hu for c, d in w.items()}  # a drawn 三 is no 坎: 一二三 二三四 三四五
    {'x3': 15, 'x6': 15}
    >>> hand = "三三三 壹貳叄 四五六 七八九 肆伍陸 柒捌玖 一一"
    >>> str(waits(hand, rules=LUZHOU, kan="三")[Card("x3")])  # drawn: a 垅, and the hand wins
    '垅 三三三三 列 四五六 列 七八九 列 壹貳叄 列 肆伍陸 列 柒捌玖 對子 一一'
    >>> ready = "一二三 四五六 七八九 伍伍 十十"
    >>> {c.code: d.hu for c, d in waits(ready, source="self").items()}  # 十十十: a 坎
    {'x2': 6, 'x10': 6}
    >>> {c.code: d.hu for c, d in waits(ready, source="discard").items()}  # 十十十: a 碰
    {'x2': 6, 'x10': 4}
    """
    ways = _WAIT_SOURCES[choice_arg(source, _WAIT_SOURCES, "source")]
    hand, melds, counts, waiting = _prepare(concealed, exposed, rules, False)
    mask = _kan_mask(kan, counts, rules)
    if not waiting:
        return {}  # (a complete hand's size: it waits for nothing)
    if kan is None and rules.kan_locked:
        # (told nothing: the 坎 are at most the threes held before the card — a third copy
        # drawn to a pair is no dealt three, daer.md §7; review h100)
        mask = sum(1 << k for k in range(KINDS) if counts[k] >= 3)
    held = None if mask == EVERY_KIND else [CARDS[k] for k in range(KINDS) if mask >> k & 1]
    seen = list(counts)
    for meld in melds:
        for card in meld.cards:
            seen[card.index] += 1
    shape = shape_key(rules)
    out: dict[Card, Decomposition] = {}
    by_draw, by_discard = ways
    if not rules.win_on_discard:
        by_discard = _NEVER
    elif by_discard is _UNREAD and not rules.kan_locked:
        by_discard = _NEVER  # (without 坎 locked a discard's reading is also the draw's)
    # (without replacement draws the first four laid — a drawn fourth of a three held or of a
    # 碰 — leaves a complete hand, which may win; a later one spares a discard instead, 八塊)
    laid_wins = not rules.gang_draw and not any(m.quad for m in melds)
    pengs = {m.cards[0].index for m in melds if m.kind is MeldKind.PENG} if laid_wins else set()
    # (and a four the hand holds — not under kan_locked, which lays it at once — or a 碰 with
    # its fourth held: the engine lets the seat lay it on any draw of its own, review h100)
    fours = (
        [
            k
            for k in range(KINDS)
            if (counts[k] == 4 and not rules.kan_locked) or (k in pengs and counts[k])
        ]
        if laid_wins
        else []
    )

    for card in CARDS:
        if seen[card.index] >= 4:
            continue
        more = list(counts)
        more[card.index] += 1
        key = tuple(more)
        best = None
        # (under kan_locked a drawn fourth of a three held is laid at once as a 垅, §7: that
        # card completes the hand on a discard, or drawn with the 垅 laid — _laid_four)
        drawn = by_draw and not (rules.kan_locked and counts[card.index] == 3)
        if drawn and hu_range(key, shape, -1, mask) is not None:
            best = best_decomposition((*hand, card), melds, rules=rules, kan=held)
        peng = card.index in pengs
        if by_draw and (peng or (laid_wins and counts[card.index] == 3)):
            rest = list(counts)
            if not peng:
                rest[card.index] = 0  # (the three go to the 垅 / 杠)
            # (the engine's prefilter first: most such hands have no reading with the four)
            laid = (
                _laid_four(hand, melds, card, card, peng, rules, held)
                if hu_range(tuple(rest), shape, -1, mask) is not None
                else None
            )
            if laid is not None and (best is None or (laid.value, laid.hu) > (best.value, best.hu)):
                best = laid
        for k in fours if by_draw else ():
            rest = list(more)
            rest[k] -= 1 if k in pengs else 4
            if hu_range(tuple(rest), shape, -1, mask & ~(1 << k)) is None:
                continue
            laid = _laid_four(hand, melds, card, CARDS[k], k in pengs, rules, held)
            if laid is not None and (best is None or (laid.value, laid.hu) > (best.value, best.hu)):
                best = laid
        if (
            by_discard
            and (best is None or by_discard is _ALSO)
            and hu_range(key, shape, card.index, mask)
        ):
            won = best_decomposition((*hand, card), melds, rules=rules, discard=card, kan=held)
            if won is not None and (best is None or (won.value, won.hu) > (best.value, best.hu)):
                best = won
        if best is not None:
            out[card] = best
    return out


# How waits(source=...) reads each card: (as the seat's own draw, as a discard) — a discard
# ``_UNREAD`` only for a card the draw cannot win on (the reading by default), ``_ALSO`` for
# every card, ``_NEVER`` not at all.
_NEVER, _UNREAD, _ALSO = 0, 1, 2
_WAIT_SOURCES: dict[str | None, tuple[bool, int]] = {
    None: (True, _UNREAD),
    "self": (True, _NEVER),
    "discard": (False, _ALSO),
    "any": (True, _ALSO),
}


def _laid_four(
    hand: tuple[Card, ...],
    melds: tuple[Meld, ...],
    card: Card,
    four: Card,
    peng: bool,
    rules: Rules,
    held: list[Card] | None,
) -> Decomposition | None:
    """The best winning reading when ``card`` is drawn and a four of ``four`` is laid — the
    drawn card's own (the fourth of a three held or of a 碰), or one the hand held before (a
    four, or a 碰 and its fourth: review h100) — a 垅 at once under ``kan_locked`` (daer.md
    §7), else a 杠 the seat may make (``peng``: of the 碰 of ``four`` on the table), with no
    replacement draw (not ``gang_draw``) and no four laid before: the hand is then complete
    and may win on it (自摸)."""
    k = four.index
    if peng:
        table = tuple(
            JIAGANG[k] if m.kind is MeldKind.PENG and m.cards[0] == four else m for m in melds
        )
    else:
        table = (*melds, LONG_MELD[k] if rules.kan_locked else ANGANG[k])
    rest = [*hand, card]
    for _ in range(1 if peng else 4):
        rest.remove(four)
    kan = None if held is None else [c for c in held if c != four]
    return best_decomposition(tuple(rest), table, rules=rules, kan=kan)
