"""字牌 hand analysis (zipai.md §5, §7): decompositions into 門子, the best one, waits, 天胡.

A whole hand is the player's concealed cards plus the melds lying on the table. In the concealed
cards four identical cards are a concealed 提 and three identical cards a 坎 that is never split;
every other card must sit in a 一句話 / 絞, or in the one pair (將) that a hand needs exactly when it
holds a 跑 or 提 (§5, §7.1). The hand is complete when it makes ``rules.melds_to_win`` 門子.
(吃 and 比 are in :mod:`changpai.zipai.chi`.)

>>> best = best_decomposition(parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"))
>>> print(best)
坎 柒柒柒 坎 捌捌捌 絞 九九玖 句 一二三 句 二七十 句 四五六 句 壹貳叄 (24 胡息)
>>> best.huxi, best.threshold_met
(24, True)

The hot path works on count tuples packed into one int (3 bits per card kind) and the shape
tables of :mod:`changpai.zipai.solver`; only the result object is built per call. The whole analysis is checked against an independent solver
written from the rules text (``tests/zipai/test_hand_independent.py``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Sequence, Sized
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from changpai.core import caches
from changpai.core.guard import (
    cards_arg,
    choice_arg,
    clipped,
    flag_arg,
    melds_arg,
    rules_arg,
    size_arg,
)
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.zipai.cards import CARDS, KINDS, Card, format, parse  # noqa: F401  (used by the doctests)
from changpai.zipai.melds import Meld, MeldKind, Origin, classify, huxi
from changpai.zipai.melds import huxi as _meld_huxi
from changpai.zipai.rules import HUNAN, LEIYANG_KAHU, Rules
from changpai.zipai.solver import (
    _B0,
    _B1,
    _B2,
    _B12,
    _HALF,
    _HALF_MASK,
    _MISSING,
    _PAIR_FLAG,
    _POW,
    _QUADS,
    _QUARTER,
    _QUARTER_MASK,
    _SET_LISTS,
    _TABLES,
    _THREE_QUARTERS,
    _enumerate,
    _Result,
    _search,
    _solve,
    _split,
    _strip,
    _Table,
    _table,
)

if TYPE_CHECKING:  # (the engine's seat state, imported where it is used: it imports this)
    from changpai.zipai.state import _Seat

__all__ = [
    "Decomposition",
    "best_decomposition",
    "decompositions",
    "is_tianhu",
    "parse_melds",
    "waits",
]

# --------------------------------------------------------------------------------------------
# Public values
# --------------------------------------------------------------------------------------------


class _DecompositionSlots:
    """The slots of :class:`Decomposition`, declared in a plain base class so that the hot path
    can fill them fast: it stores them on a bare instance of this class (plain slot stores,
    which CPython specializes; the frozen class's own ``__setattr__`` refuses them) and then
    turns it into a :class:`Decomposition` by ``__class__`` assignment, which CPython allows
    because the subclass adds no slot (one layout). The public class is unchanged: attrs reuses
    these slots for its fields (CPython lays slots out by name, whatever their order here).

    >>> Decomposition.__basicsize__ == _DecompositionSlots.__basicsize__
    True
    """

    __slots__ = ("__weakref__", "card", "huxi", "melds", "rules", "threshold_met")
    melds: tuple[Meld, ...]
    huxi: int
    threshold_met: bool
    card: Card | None
    rules: Rules


@frozen(repr=False, init=False)
class Decomposition(_DecompositionSlots):
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
        card: Card | str | None = None,
        rules: Rules = HUNAN,
    ) -> None:
        if not isinstance(rules, Rules):  # (inline: a hot path)
            rules_arg(rules, Rules, "zipai")
        if not isinstance(melds, (tuple, list)) or not all(isinstance(m, Meld) for m in melds):
            raise NotationError(f"melds={clipped(melds)} is not a sequence of zipai Melds")
        melds = tuple(melds)
        if card is not None and not isinstance(card, Card):
            raise NotationError(f"card={clipped(card)} is not a zipai Card")
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
            raise NotationError(f"card={clipped(card)}: the winning card is in none of the melds")
        value = sum(_meld_huxi(m, rules=rules) for m in melds)
        met = rules.reaches(value)
        if huxi is not None and (isinstance(huxi, bool) or huxi != value):
            raise RulesError(
                f"huxi={clipped(huxi)} does not match the melds: their 胡息 is {value} under the "
                f"{rules.name} rules (zipai.md §8.1)"
            )
        if threshold_met is not None and (
            not isinstance(threshold_met, bool) or threshold_met != met
        ):
            counted = rules.counted_huxi(value)
            as_counted = f" (無胡, counted as {counted})" if counted != value else ""
            raise RulesError(
                f"threshold_met={clipped(threshold_met)} does not match the melds: their 胡息 {value}"
                f"{as_counted} {'reaches' if met else 'is below'} min_huxi={rules.min_huxi} of the "
                f"{rules.name} rules, so threshold_met={met} (zipai.md §8.2)"
            )
        _make(self, melds, value, met, card, rules)

    @property
    def pair(self) -> Meld | None:
        """The 將 (pair), or ``None`` for a hand without 跑 / 提.

        >>> best_decomposition(parse("壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌")).pair
        Meld.parse('將 貳貳')
        >>> print(best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")).pair)
        None
        """
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

    @property
    def value(self) -> int:
        """The 胡息 of the hand (the family-neutral name of :attr:`huxi`, docs: Core concepts).

        >>> best_decomposition(parse("一二三四五六七八九 壹貳叄肆伍陸柒捌玖 拾拾拾")).value
        15
        """
        return self.huxi

    def __str__(self) -> str:
        return f"{' '.join(str(m) for m in self.melds)} ({self.huxi} 胡息)"

    def __repr__(self) -> str:
        return f"<Decomposition {self}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the melds as text, ``value`` (= ``huxi``), ``threshold_met`` and
        the winning card's code.

        >>> best_decomposition(parse("一二三四五六七八九 壹貳叄肆伍陸柒捌玖 拾拾拾")).to_dict()["value"]
        15
        """
        return {
            "melds": [str(m) for m in self.melds],
            "value": self.huxi,
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


# --------------------------------------------------------------------------------------------
# Input handling
# --------------------------------------------------------------------------------------------


def _zipai_cards(concealed: object) -> tuple[Card, ...]:
    """The cards of ``concealed`` as a tuple, each a zipai :class:`Card`, else a
    :class:`NotationError` naming the first other item (a card of another family has an
    ``index`` too: it is not read as the 字牌 card of that index).

    >>> _zipai_cards(parse("一壹"))
    (Card('x1'), Card('d1'))
    >>> from changpai import nantong
    >>> _zipai_cards([nantong.Card("1t")])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: concealed=[Card('1t')] holds Card('1t'), which is not one of zipai cards
    """
    if type(concealed) is tuple:  # (waits' every candidate: read as it is, not copied)
        for card in concealed:
            if type(card) is not Card:
                break
        else:
            return concealed
    return cards_arg(concealed, Card, "concealed", "zipai cards")


def _read_once(
    concealed: Sequence[Card], exposed: Sequence[Meld]
) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """The cards and the table melds as tuples, each read once — an iterator is not read empty
    by a later step, a set is refused (reviews h60, h61) — after the checks that came first
    (the rules, the flags: a bad input is named as it was).

    >>> _read_once(iter(parse("一二")), [Meld.parse("碰 三三三")])[1]
    (Meld.parse('碰 三三三'),)
    """
    if type(exposed) is not tuple:
        exposed = melds_arg(exposed, Meld, "zipai melds (Meld)", "exposed")
    return _zipai_cards(concealed), exposed


def _counts(concealed: Sequence[Card]) -> list[int]:
    counts = [0] * KINDS
    for card in _zipai_cards(concealed):
        counts[card.index] += 1
    return counts


def _check_copies(counts: list[int], exposed: Sequence[Meld], card: Card | None) -> None:
    total = list(counts)
    try:
        melds = iter(exposed)
    except TypeError:
        raise NotationError(
            f"exposed={clipped(exposed)} is not a sequence of zipai melds"
        ) from None
    for meld in melds:
        if not isinstance(meld, Meld):
            raise NotationError(f"{clipped(meld)} is not a zipai Meld")
        if meld.kind is MeldKind.JIANG:
            raise NotationError(f"{meld}: a pair (將) never lies on the table")
        for c in meld.cards:
            total[c.index] += 1
    if card is not None:
        if not isinstance(card, Card):
            raise NotationError(f"{clipped(card)} is not a zipai Card")
        total[card.index] += 1
    for k, n in enumerate(total):
        if n > 4:
            raise NotationError(
                f"the hand holds {n} copies of {CARDS[k].hanzi} ({CARDS[k].code}); the deck has 4"
            )


def parse_melds(melds: Iterable[Meld] | str) -> tuple[Meld, ...]:
    """Table melds from text — each its kind and its cards, separated by ``;`` or ``|`` — or
    from a sequence of :class:`Meld`, as every family's ``parse_melds``.

    >>> parse_melds("碰 一一一; 吃 壹貳叄")
    (Meld.parse('碰 一一一'), Meld.parse('吃 壹貳叄'))
    >>> parse_melds(5)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: melds=5 is not a sequence of zipai melds (Meld)
    """
    return melds_arg(melds, Meld, "zipai melds (Meld)")


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
    key = _pack(concealed)
    return _variants_of(counts, key, exposed, card, self_drawn, from_discard, chouwei)


_SAME_MELDS: dict[tuple[MeldKind, int, bool, Origin], Meld] = {}


def _same_meld(kind: MeldKind, k: int, exposed: bool, origin: Origin) -> Meld:
    """The meld of identical cards k (碰 / 偎 / 臭偎 / 跑 / 提), interned: melds are immutable and
    the same few recur (at most 20 kinds x 5 meld kinds x 2 x 4 origins).

    >>> _same_meld(MeldKind.PENG, 0, True, Origin.DRAW) is _same_meld(MeldKind.PENG, 0, True, Origin.DRAW)
    True
    """
    key = (kind, k, exposed, origin)
    meld = _SAME_MELDS.get(key)
    if meld is None:
        size = 4 if kind in _QUADS else 3
        meld = _SAME_MELDS[key] = Meld(kind, (CARDS[k],) * size, exposed, origin)
    return meld


def _variants_of(
    counts: Sequence[int],
    key: int,
    exposed: Sequence[Meld],
    card: Card | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool,
) -> list[_Variant]:
    """:func:`_variants` of checked counts and their packed ``key``."""
    table_melds = list(exposed)
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
            new = _same_meld(MeldKind.PAO, k, True, Origin.DRAW)
        elif self_drawn:  # own 偎 / 臭偎 + self-drawn card -> 提
            new = _same_meld(MeldKind.TI, k, False, Origin.DRAW)
        else:  # own 偎 + a card discarded or drawn by another -> 跑
            new = _same_meld(MeldKind.PAO, k, True, others)
        return [_Variant([*table_melds[:i], new, *table_melds[i + 1 :]], key)]
    if n == 3:  # 坎 + card -> 提 (self-drawn) or 跑
        if self_drawn:
            new = _same_meld(MeldKind.TI, k, False, Origin.DRAW)
        else:
            new = _same_meld(MeldKind.PAO, k, True, others)
        return [_Variant([*table_melds, new], key - 3 * one)]
    if n == 2:
        if self_drawn:  # pair + own draw -> forced 偎
            kind = MeldKind.CHOUWEI if chouwei else MeldKind.WEI
            new = _same_meld(kind, k, False, Origin.DRAW)
            return [_Variant([*table_melds, new], key - 2 * one)]
        peng = _same_meld(MeldKind.PENG, k, True, others)  # 碰 is optional
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
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = HUNAN,
    card: Card | str | None = None,
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

    The cards and the table melds may be given as text, as :func:`~changpai.zipai.analyze`
    reads them (melds separated by ``;``):

    >>> [d.huxi for d in decompositions("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾", "跑 一一一一")]
    [12]

    A bad hand raises when the function is called, before any reading is asked for:

    >>> readings = decompositions("一二三 zz")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'zz' is not a zipai card; expected x1..x10, d1..d10 (or s1..s10, b1..b10) or 一..十, 壹..拾
    """
    if isinstance(concealed, str):
        concealed = parse(concealed)
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    if isinstance(card, str):  # (the winning card as text too)
        card = Card.parse(card)
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules_arg(rules, Rules, "zipai")
    _check_flags(card, self_drawn, from_discard, chouwei)
    concealed, exposed = _read_once(concealed, exposed)
    _check_size(concealed, exposed, card is not None, rules)
    if card is None:
        self_drawn = True
    variants = _variants(concealed, exposed, card, self_drawn, from_discard, chouwei)
    return _decompositions(variants, rules, card)  # checked now, read as iterated


def _decompositions(
    variants: list[_Variant], rules: Rules, card: Card | None
) -> Iterator[Decomposition]:
    for total, melds in _readings(variants, rules):
        yield _decomposition(melds, total, rules.reaches(total), rules, card)


def _readings(variants: list[_Variant], rules: Rules) -> Iterator[tuple[int, tuple[Meld, ...]]]:
    """Every reading of the hand's ``variants``: (胡息, every meld), in the order
    :func:`decompositions` yields them."""
    table = _table(rules)
    for variant in variants:
        key = _variant_key(variant, rules)
        if key is None:
            continue
        fixed = tuple(variant.fixed)
        fixed_huxi = sum(huxi(m, rules=rules) for m in fixed)
        for melds in _partitions(variant, key, table):
            yield fixed_huxi + sum(huxi(m, rules=rules) for m in melds), (*fixed, *melds)


def _best_general(
    concealed: Sequence[Card],
    exposed: str | Sequence[Meld],
    rules: Rules,
    card: Card | str | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool,
) -> Decomposition | None:
    """:func:`best_decomposition` of a hand with table melds or a winning card."""
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    if isinstance(card, str):  # (the winning card as text too)
        card = Card.parse(card)
    concealed, exposed = _read_once(concealed, exposed)
    _check_size(concealed, exposed, card is not None, rules)
    if card is None:
        self_drawn = True
    variants = _variants(concealed, exposed, card, self_drawn, from_discard, chouwei)
    return _best_of(variants, rules, card)


def _reading_rank(value: int, rules: Rules) -> tuple[int, int]:
    """How :func:`best_decomposition` ranks a reading of ``value`` 胡息 under the 耒陽 名堂,
    whose score is not monotone in the 胡息 (zipai.md §8.6): what it is worth before the 名堂
    that every reading of the same cards shares — its base (無胡 counts 21), doubled by 卡胡 at
    exactly 10 or 20, 0 below 起胡 — then its 胡息.

    >>> rules = HUNAN.evolve(mingtang="leiyang", min_huxi=10)
    >>> [_reading_rank(v, rules) for v in (0, 9, 10, 12, 21)]
    [(21, 0), (0, 9), (20, 10), (12, 12), (21, 21)]
    """
    if not rules.reaches(value):
        return 0, value
    return rules.base(value) * (2 if value in LEIYANG_KAHU else 1), value


def _ranked(
    found: Decomposition, variants: list[_Variant], rules: Rules, card: Card | None
) -> Decomposition:
    """The reading of the most 胡息 ``found`` (as under every other 名堂), or under the 耒陽
    名堂 the first reading of ``variants`` of a better :func:`_reading_rank` when one is worth
    more (its score is not monotone in the 胡息, §8.6): the same reading wherever they agree."""
    best_rank = _reading_rank(found.huxi, rules)
    best: tuple[int, tuple[Meld, ...]] | None = None
    for total, melds in _readings(variants, rules):
        rank = _reading_rank(total, rules)
        if rank > best_rank:
            best_rank, best = rank, (total, melds)
    if best is None:
        return found
    value, melds = best
    return _decomposition(melds, value, rules.reaches(value), rules, card)


def _best_of(variants: list[_Variant], rules: Rules, card: Card | None) -> Decomposition | None:
    table = _table(rules)
    best: tuple[int, list[Meld], tuple[Meld, ...]] | None = None
    for variant in variants:
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
    most = _decomposition((*fixed, *melds), value, rules.reaches(value), rules, card)
    if rules.mingtang == "leiyang":  # (the score is not monotone in the 胡息: §8.6)
        return _ranked(most, variants, rules, card)
    return most


# Cache of best decompositions of concealed-only hands: id(rules) -> (rules, {packed: result}).
# Bounded: at most _PLAIN_RULES rules objects, each with at most _PLAIN_LIMIT hands (a full
# table is emptied), so at most 4 * 2**16 entries (caches.stats("zipai")).
_PLAIN: dict[int, tuple[Rules, dict[int, Decomposition | None]]] = {}
_PLAIN_LIMIT = 1 << 16
_PLAIN_RULES = 4


# the rules of the last concealed-only call, their cache, their shape table's ``lonely`` and
# the table (a fast path for the same rules; _MISSING, never a rules object, when empty)
_LAST: list[Any] = [_MISSING, None, None, None]


def _clear_cache() -> None:
    """Empty the lazily filled cache of whole hands (benchmarks measure cold figures with it;
    the shape tables and the 坎 / 提 meld lists are built at import)."""
    for _rules, cache in list(_PLAIN.values()):  # (a copy: another thread may add rules)
        cache.clear()
    _PLAIN.clear()
    _LAST[:] = [_MISSING, None, None, None]


caches.register(
    "zipai",
    f"{__name__}._PLAIN",
    _clear_cache,
    lambda: sum(len(cache) for _rules, cache in list(_PLAIN.values())),
    _PLAIN_RULES * _PLAIN_LIMIT,
)


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
    result = _new(_DecompositionSlots)
    result.melds = melds
    result.huxi = value
    result.threshold_met = met
    result.card = card
    result.rules = rules
    result.__class__ = Decomposition
    return result  # type: ignore[return-value]


def _pack(concealed: Sequence[Card]) -> int:
    """The packed counts of zipai cards (a :class:`NotationError` for anything else).

    >>> _pack(parse("一一壹")) == 2 * _POW[0] + _POW[10]
    True
    """
    key = 0
    for c in _zipai_cards(concealed):
        key += _POW[c.index]
    return key


def _check_size(concealed: object, exposed: object, extra: int, rules: Rules) -> None:
    """NotationError for a hand (the concealed cards, the table melds and ``extra`` cards more)
    that no game can hold: more than the dealer's cards (``hand_size`` + 1) and a card more for
    each 門子 a four (跑 / 提, §4) — 28 under 湖南 rules, and at least that under any (a hand
    the rules cannot complete is read, and found incomplete) — ten thousand cards are not read.

    >>> _check_size(parse("一二三四五六七八九十") * 3, (), 0, HUNAN)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the hand (concealed and exposed) holds 30 zipai cards; no hand holds more than 28
    >>> _check_size(parse("一二三四五六七八九十") * 2 + parse("壹貳叄肆伍陸柒捌"), (), 1, HUNAN)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the hand (concealed and exposed) with the card it would win on holds 29 zipai cards; no hand holds more than 28
    """
    held = extra + (len(concealed) if isinstance(concealed, Sized) else 0)
    if isinstance(exposed, Sequence) and not isinstance(exposed, str):
        held += sum(len(m.cards) for m in exposed if isinstance(m, Meld))
    most = max(_MOST_HELD, rules.hand_size + 1 + rules.melds_to_win)
    what = "the hand (concealed and exposed)"
    if extra:  # (waits, or card=: the hand and the card it would win on)
        what += " with the card it would win on"
    size_arg(held, most, what, "zipai cards")


# the most cards a 湖南 hand holds (_check_size): the dealer's 21, one more per 門子 a four
_MOST_HELD = HUNAN.hand_size + 1 + HUNAN.melds_to_win


_NO_MELDS: tuple[Meld, ...] = ()  # (the default table of best_decomposition: the hot path)


def _check_flags(card: object, self_drawn: object, from_discard: object, chouwei: object) -> None:
    """NotationError unless the three flags are True or False (``"no"`` is no False); then
    IllegalActionError for flags that contradict each other (reviews h112, h116: they were
    dropped without a word, where ``Win`` refuses its like): a discard is not the player's own
    draw, a 臭偎 is made with a card he drew himself (zipai.md §5), and both describe a winning
    ``card``.

    >>> _check_flags(None, True, False, False)
    >>> _check_flags(None, True, False, "no")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: chouwei='no' is not True or False
    >>> _check_flags("x1", True, True, False)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: from_discard=True and self_drawn=True: a discard is not the player's own draw; give self_drawn=False
    """
    flag_arg(self_drawn, "self_drawn", NotationError)
    flag_arg(from_discard, "from_discard", NotationError)
    flag_arg(chouwei, "chouwei", NotationError)
    if from_discard and self_drawn:
        raise IllegalActionError(
            "from_discard=True and self_drawn=True: a discard is not the player's own draw; "
            "give self_drawn=False"
        )
    if chouwei and not self_drawn:
        raise IllegalActionError(
            "chouwei=True and self_drawn=False: a 臭偎 is made with a card the player drew "
            "himself (zipai.md §5)"
        )
    if card is None and (from_discard or chouwei):
        name = "from_discard" if from_discard else "chouwei"
        raise IllegalActionError(f"{name}=True tells how the winning card came; give card=")


def best_decomposition(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = HUNAN,
    card: Card | str | None = None,
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

    The cards and the table melds may be given as text, as :func:`~changpai.zipai.analyze`
    reads them (melds separated by ``;``):

    >>> best_decomposition("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾").huxi
    15
    >>> best_decomposition("七八九 壹貳叄 肆伍陸 柒捌玖 拾拾", "跑 一一一一; 吃 四五六").huxi
    12
    """
    cards = parse(concealed) if isinstance(concealed, str) else concealed
    last = _LAST
    if rules is not last[0] and not isinstance(rules, Rules):  # (inline: a hot path)
        rules_arg(rules, Rules, "zipai")
    if type(cards) is not tuple and type(cards) is not list:
        cards = _zipai_cards(cards)  # (another iterable, read once: the hot path reads twice)
    # (the hot path takes the default table, the empty tuple; any other, None included, is
    # read and checked by the general path, as decompositions does)
    if exposed is not _NO_MELDS or card is not None:
        _check_flags(card, self_drawn, from_discard, chouwei)
        return _best_general(cards, exposed, rules, card, self_drawn, from_discard, chouwei)
    if self_drawn is not True or from_discard is not False or chouwei is not False:
        _check_flags(card, self_drawn, from_discard, chouwei)
    # The hot path (a concealed-only hand): the hand is packed into one int (3 bits per kind);
    # 提 / 坎 come out by bit arithmetic, a necessary test on partner kinds rejects most
    # incomplete hands, and what passes is solved by _search and cached on the packed key.
    # A plain loop reading each card's packed count ``card._zipai_pow`` (a slot) is specialized by
    # CPython 3.11+: faster than sum() of a list comprehension (no function, no list), than
    # indexing a tuple by ``card.index`` and than map(attrgetter(...)).
    key = 0
    try:
        for c in cards:
            key += c._zipai_pow
    except (AttributeError, TypeError):  # not zipai cards: _pack raises
        key = _pack(cards)
    try:
        n = len(cards)
    except TypeError:
        raise NotationError(f"{clipped(cards)} is not a sequence of zipai cards") from None
    if n > _MOST_HELD and n > rules.hand_size + 1 + rules.melds_to_win:  # (_check_size)
        _check_size(cards, (), 0, rules)
    quad = key >> 2 & _B0
    quads = quad.bit_count()
    # 5+ copies of a kind show as bit 2 with bit 0 or 1; 8+ copies carry (the digit sum drops)
    if quad & (key | key >> 1) or key.bit_count() + (key & _B12).bit_count() + 2 * quads != n:
        _check_copies(_counts(cards), (), None)
    # the meld count (§7): n cards make n / 3 門子 without a 提; with q 提 and the pair they
    # make (n - 4q - 2) / 3 + q + 1, so a complete hand holds q = n + 1 - 3 * melds_to_win
    q = n + 1 - 3 * rules.melds_to_win
    if (quads != q or n < 4 * q + 2) if quads else q != 1:
        return None
    if rules is last[0]:
        cache, lonely, table = last[1], last[2], last[3]
    else:
        entry = _PLAIN.get(id(rules))
        if entry is None or entry[0] is not rules:
            if len(_PLAIN) >= _PLAIN_RULES:
                _PLAIN.clear()
            entry = (rules, {})
            _PLAIN[id(rules)] = entry
        cache = entry[1]
        table = _TABLES[rules.allow_1_5_10]
        lonely = table.lonely
        last[:] = (rules, cache, lonely, table)
    # every pool card (1 or 2 copies) needs partner kinds for some shape: a run or special
    # sentence of its case (the table ``lonely``), a 絞 (its value in the other case), or the
    # pair when the hand holds a 提
    free = (key ^ key >> 1) & _B0
    free_small = free & _HALF_MASK
    free_big = free >> _HALF
    if lonely[free_small] & ~free_big or lonely[free_big] & ~free_small:
        if not quads:
            return None
        pairs = key >> 1 & ~key & _B0
        if (lonely[free_small] & ~free_big | (lonely[free_big] & ~free_small) << _HALF) & ~pairs:
            return None
    found = cache.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[no-any-return]
    pool = key & (free | free << 1)  # the kinds of one or two copies
    # the meld count above leaves the pool 2 cards modulo 3 with a 提 (the pair), else none
    found = _search(pool & _HALF_MASK, pool >> _HALF, free_small & free_big, table)
    result: Decomposition | None = None
    if found is not None:
        value, jiao_low_choice, jiao_high_choice, found_s, found_b = found
        # the 坎 / 提 melds, five values at a time (solver._SET_LISTS), then the 絞, then the
        # small and the big case's sentences
        both = key >> 1 & (key & _B0 | _B1)  # 坎 (3 copies) at bit 3k, 提 (4) at bit 3k + 1
        first_sets, second_sets, third_sets, fourth_sets = _SET_LISTS
        first = first_sets[both & _QUARTER_MASK]
        second = second_sets[both >> _QUARTER & _QUARTER_MASK]
        third = third_sets[both >> _HALF & _QUARTER_MASK]
        fourth = fourth_sets[both >> _THREE_QUARTERS]
        jiao_low, jiao_high = table.jiao_melds
        value += first[1] + second[1] + third[1] + fourth[1]
        melds = (
            *first[0],
            *second[0],
            *third[0],
            *fourth[0],
            *jiao_low[jiao_low_choice],
            *jiao_high[jiao_high_choice],
            *found_s[1],
            *found_b[1],
        )
        # _decomposition(melds, value, met, rules) inlined (see _DecompositionSlots)
        built = _new(_DecompositionSlots)
        built.melds = melds
        built.huxi = value
        # (rules.reaches inlined: a hot path; only a reading of 0 胡息 can count more, §8.6)
        built.threshold_met = value >= rules.min_huxi or (not value and rules.reaches(0))
        built.card = None
        built.rules = rules
        built.__class__ = Decomposition
        result = built  # type: ignore[assignment]
        if rules.mingtang == "leiyang":  # (a reading worth more than the most 胡息, §8.6)
            variants = _variants(cards, (), None, True, False, False)
            result = _ranked(built, variants, rules, None)  # type: ignore[arg-type]
    if len(cache) >= _PLAIN_LIMIT:
        cache.clear()
    cache[key] = result
    return result


def waits(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = HUNAN,
    winning_only: bool = False,
    source: str | None = None,
) -> dict[Card, Decomposition]:
    """聽牌: every card that completes the hand, with its best decomposition (zipai.md §7).

    Each candidate is tried as a self-drawn winning card (``card=..., self_drawn=True`` of
    :func:`best_decomposition`); a card whose four copies are already in the hand is skipped.
    With ``winning_only`` only cards whose best decomposition reaches ``rules.min_huxi`` are kept.
    The reading is the seat's own draw's: a pair and the card make a 偎 (a 坎 and the card a
    提) — under rules without 偎胡 (``weihu=False``, as HUNAN) the engine lays that 偎 and lets
    no 胡 on it (§6, §7.3), and another seat's copy of the card makes a 碰 (or a 跑) instead.
    For a card another seat draws or discards, name its ``source``.

    ``source`` reads each card instead as the engine plays it, as it comes — with
    ``winning_only``, the cards the engine lets the seat 胡 on:
    ``"self"`` the seat's own draw (a card making a 偎 wins only with ``rules.weihu``), ``"other"``
    a card another seat draws (a pair and it a 碰), ``"discard"`` another seat's discard (none
    unless ``rules.win_on_discard``), ``"any"`` any of the three (the reading with the most 胡息).
    A card making a 跑 / 提 wins only with ``rules.paoshuang``, and under
    ``forbid_hu_after_chongpao`` a seat with two 跑 / 提 (the table's and dealt fours in hand) wins
    on nothing (§6, §7.3, Z12). What the table melds cannot tell is not read: a 胡 passed
    before on the same 胡息 (臭胡) and a 碰 passed before (臭偎).

    >>> ready = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    >>> {c.code: d.huxi for c, d in waits(ready, source="self").items()}  # HUNAN: no 偎胡
    {'x10': 9, 'd2': 15}
    >>> print(waits(ready, source="other")[Card.parse("d10")])
    碰 拾拾拾 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (12 胡息)

    >>> w = waits(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"))
    >>> {card.code: d.huxi for card, d in w.items()}
    {'x10': 9, 'd2': 15, 'd10': 15}
    >>> print(w[Card.parse("d10")])
    偎 拾拾拾 句 一二三 句 四五六 句 七八九 句 壹貳叄 句 肆伍陸 句 柒捌玖 (15 胡息)
    >>> list(waits(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"), winning_only=True))
    [Card('d2'), Card('d10')]

    The cards and the table melds may be given as text, as :func:`~changpai.zipai.analyze`
    reads them (melds separated by ``;``):

    >>> {c.code: d.huxi for c, d in waits("七八九 壹貳叄 肆伍陸 柒捌玖 拾", "跑 一一一一; 吃 四五六").items()}
    {'d1': 6, 'd4': 12, 'd7': 12, 'd10': 12}
    """
    if isinstance(concealed, str):
        concealed = parse(concealed)
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules_arg(rules, Rules, "zipai")
    flag_arg(winning_only, "winning_only", NotationError)
    ways = _WAIT_SOURCES[choice_arg(source, _WAIT_SOURCES, "source")]
    concealed, exposed = _read_once(concealed, exposed)  # (each candidate reads them again)
    _check_size(concealed, exposed, 1, rules)
    counts = _counts(concealed)
    _check_copies(counts, exposed, None)
    # (the engine's seat state answers "any reading with this card?" without building melds,
    # exactly when the full analysis finds one: most cards complete nothing — for the table
    # melds an engine lays; a 坎 given on the table, whose fourth makes a 提, is read in full)
    from changpai.zipai.state import _hand_masks, _may_win_on, _Seat

    seat: _Seat | None = None
    if all(m.kind is not MeldKind.KAN for m in exposed):
        seat = _Seat()
        seat.hand = counts[:]
        seat.lay(*exposed)
        masks = _hand_masks(tuple(counts), rules.allow_1_5_10)
    engine = None
    if source is not None:
        held = seat
        if held is None:  # (a 坎 given on the table is held in hand, as the engine holds it)
            held = _Seat()
            held.hand = counts[:]
            for meld in exposed:
                if meld.kind is MeldKind.KAN:
                    held.hand[meld.cards[0].index] += len(meld.cards)
            held.lay(*(m for m in exposed if m.kind is not MeldKind.KAN))
        engine = _EngineWins(held, rules)
        ways = tuple(way for way in ways if rules.win_on_discard or not way[1])
        if engine.none:
            return {}
    for meld in exposed:
        for c in meld.cards:
            counts[c.index] += 1
    result: dict[Card, Decomposition] = {}
    for candidate in CARDS:
        k = candidate.index
        if counts[k] >= 4:
            continue
        best: Decomposition | None = None
        for self_drawn, from_discard in ways:
            if engine is not None and not engine.allows(k, self_drawn, from_discard):
                continue
            if seat is not None and not _may_win_on(
                seat, rules, masks, k, self_drawn, from_discard
            ):
                continue
            found = best_decomposition(
                concealed,
                exposed,
                rules=rules,
                card=candidate,
                self_drawn=self_drawn,
                from_discard=from_discard,
            )
            if found is None or (winning_only and not found.threshold_met):
                continue
            if best is None or _worth(found, rules) > _worth(best, rules):
                best = found
        if best is not None:
            result[candidate] = best
    return result


# how a card comes to the seat, per ``waits(source=...)``: (self_drawn, from_discard) pairs
_WAIT_SOURCES: dict[str | None, tuple[tuple[bool, bool], ...]] = {
    None: ((True, False),),
    "self": ((True, False),),
    "other": ((False, False),),
    "discard": ((False, True),),
    "any": ((True, False), (False, False), (False, True)),
}


def _worth(found: Decomposition, rules: Rules) -> tuple[int, int]:
    """How ``waits(source="any")`` ranks the readings of one card by its sources: as
    :func:`best_decomposition` ranks readings (the 耒陽 名堂: :func:`_reading_rank`)."""
    if rules.mingtang == "leiyang":
        return _reading_rank(found.huxi, rules)
    return found.huxi, found.huxi


class _EngineWins:
    """Where the engine lets a seat 胡 on a card, by how it comes (``waits(source=...)``), as
    far as the seat's state tells — ``seat`` the engine's ``_Seat`` of its concealed cards and
    table melds (zipai.md §6, §7.3, Z12).

    >>> from changpai.zipai.state import _Seat
    >>> seat = _Seat()
    >>> seat.hand = _counts(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"))
    >>> engine = _EngineWins(seat, HUNAN)
    >>> engine.allows(19, True, False), engine.allows(19, False, False)  # 拾: a 偎 / a 碰
    (False, True)
    """

    def __init__(self, seat: _Seat, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.quads = seat.quads_laid + seat.hand.count(4)
        #: two 跑 / 提 (dealt fours kept in hand count) stop every 胡 under this option
        self.none = rules.forbid_hu_after_chongpao and self.quads >= 2

    def allows(self, k: int, self_drawn: bool, from_discard: bool) -> bool:
        """Whether a 胡 on card k, so come, is allowed: a card making a 跑 / 提 (the engine's
        ``_makes_quad``) only with 跑雙; the seat's own draw lays a 提 / 偎 at once — a 偎
        wins only with 偎胡, and the 提 counts for ``forbid_hu_after_chongpao``."""
        from changpai.zipai.claims import Claims

        rules, st = self.rules, self.seat
        if Claims._makes_quad(st, k, from_discard) and not rules.paoshuang:
            return False
        if not self_drawn:
            return True
        if st.hand[k] == 2:
            return rules.weihu
        i = st.set_meld(k)
        laid_ti = st.hand[k] == 3 or (i >= 0 and st.melds[i].kind is not MeldKind.PENG)
        return not (laid_ti and rules.forbid_hu_after_chongpao and self.quads >= 1)


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


def _tianhu_reading(concealed: Sequence[Card], rules: Rules) -> Decomposition:
    """The reading a 天胡 (a) of 3 提 / 5 坎 (zipai.md §7) is scored on: the best decomposition
    if the hand has one; else its 提 and 坎, then the 句 and 絞 of most 胡息 among the other
    cards (they win whatever shape they make, and a 門子 among them counts as one) — the cards
    left over are the win's ``loose`` cards.

    >>> print(_tianhu_reading(parse("一一一一 三三三三 四四四四 壹貳叄 二七十 五 八"), HUNAN))
    提 一一一一 提 三三三三 提 四四四四 句 二七十 句 壹貳叄 (36 胡息)
    """
    found = best_decomposition(concealed, (), rules=rules)
    if found is not None:
        return found
    counts = _counts(concealed)
    melds = [
        Meld(MeldKind.TI if n == 4 else MeldKind.KAN, (CARDS[k],) * n)
        for k, n in enumerate(counts)
        if n >= 3
    ]
    rest = [CARDS[k] for k, n in enumerate(counts) if n < 3 for _ in range(n)]
    return Decomposition([*melds, *_best_sentences(tuple(rest), rules)[1]], rules=rules)


def _best_sentences(cards: tuple[Card, ...], rules: Rules) -> tuple[int, tuple[Meld, ...]]:
    """The 句 / 絞 of most 胡息, then the most of them (a 句 of 0 胡息 is a 門子 too), then the
    first found in card order, among ``cards`` (sorted, at most two of a kind: no 坎), with
    their 胡息; the other cards make none.

    >>> _best_sentences(parse("二七十 五 八"), HUNAN)
    (3, (Meld.parse('句 二七十'),))
    >>> _best_sentences(parse("四五六 七八九"), HUNAN)[1]
    (Meld.parse('句 四五六'), Meld.parse('句 七八九'))
    """
    if len(cards) < 3:
        return 0, ()
    first, rest = cards[0], cards[1:]
    best = _best_sentences(rest, rules)  # (the first card in no 門子)
    for i in range(len(rest)):
        for j in range(i + 1, len(rest)):
            group = (first, rest[i], rest[j])
            kind = classify(group, rules=rules)
            if kind is None:
                continue
            meld = Meld.of(group, kind, rules=rules)
            left = rest[:i] + rest[i + 1 : j] + rest[j + 1 :]
            value, others = _best_sentences(left, rules)
            value += huxi(meld, rules=rules)
            if (value, len(others) + 1) > (best[0], len(best[1])):
                best = (value, (meld, *others))
    return best
