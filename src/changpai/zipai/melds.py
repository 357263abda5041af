"""字牌 melds (門子, zipai.md §5): what they are, how they are recognized, what they are worth.

>>> kind = classify(parse("壹貳叄"))
>>> kind, kind.hanzi
(MeldKind.JU, '句')
>>> meld = Meld.parse("碰 一一一")
>>> meld.exposed, huxi(meld)
(True, 1)
>>> huxi(Meld.parse("提 壹壹壹壹"))
12
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from changpai.core import caches, render
from changpai.core.guard import (
    cards_alone,
    cards_arg,
    clipped,
    flag_arg,
    instance_arg,
    keeps_once,
    kind_alone,
    meld_head,
    rules_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.notation import read_one_meld
from changpai.core.serial import fields_to_dict
from changpai.errors import NotationError
from changpai.zipai.cards import Card, parse
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["HUXI_TABLE", "Meld", "MeldKind", "Origin", "classify", "huxi"]


class MeldKind(HanziEnum, short_repr=True):
    """The kinds of 門子 (zipai.md §5). Each member carries its hanzi name.

    >>> MeldKind.KAN.hanzi, MeldKind("peng"), classify(parse("三叄叄"))
    ('坎', MeldKind.PENG, MeldKind.JIAO)
    """

    JU = ("ju", "句")
    """一句話: n, n+1, n+2 of one case."""
    ERQISHI = ("erqishi", "二七十")
    """二七十 / 貳柒拾 of one case."""
    YIWUSHI = ("yiwushi", "一五十")
    """一五十 / 壹伍拾 of one case (only with ``Rules.allow_1_5_10``)."""
    JIAO = ("jiao", "絞")
    """絞 (大小三搭): three cards of one value, both cases present."""
    KAN = ("kan", "坎")
    """坎: three identical cards held in hand."""
    PENG = ("peng", "碰")
    """碰: a pair in hand + the same card from another player, face up."""
    WEI = ("wei", "偎")
    """偎 (掃): a pair in hand + the same card drawn by oneself, face down."""
    CHOUWEI = ("chouwei", "臭偎")
    """臭偎 (過掃): a 偎 of a card the player earlier declined to 碰."""
    PAO = ("pao", "跑")
    """跑 (開舵): four identical, exposed."""
    TI = ("ti", "提")
    """提 (掃穿): four identical, concealed."""
    JIANG = ("jiang", "將")
    """將: the one pair of a hand with a 跑 or 提."""

    @property
    def is_sentence(self) -> bool:
        """Whether this is a 一句話 / 絞 — the shapes 吃 and 比 make.

        >>> MeldKind.JIAO.is_sentence, MeldKind.KAN.is_sentence
        (True, False)
        """
        return self in _SENTENCES


_BY_HANZI = {kind.hanzi: kind for kind in MeldKind}
_BY_HANZI.update(
    {
        "贰柒拾": MeldKind.ERQISHI,
        "貳柒拾": MeldKind.ERQISHI,
        "绞": MeldKind.JIAO,
        "臭煨": MeldKind.CHOUWEI,
        "煨": MeldKind.WEI,
        "将": MeldKind.JIANG,
        "對": MeldKind.JIANG,
        "对": MeldKind.JIANG,
        # the other names of zipai.md §5's table (and §8.1): 掃 / 過掃 / 掃穿 / 開舵 / 開招 / 開昭
        "掃": MeldKind.WEI,
        "扫": MeldKind.WEI,
        "過掃": MeldKind.CHOUWEI,
        "过扫": MeldKind.CHOUWEI,
        "掃穿": MeldKind.TI,
        "扫穿": MeldKind.TI,
        "開舵": MeldKind.PAO,
        "开舵": MeldKind.PAO,
        "開招": MeldKind.PAO,
        "开招": MeldKind.PAO,
        "開昭": MeldKind.PAO,
        "开昭": MeldKind.PAO,
        "一門提": MeldKind.TI,  # (zipai.md §4; docs/glossary.md)
        "一门提": MeldKind.TI,
        "煨舊": MeldKind.CHOUWEI,  # (docs/glossary.md)
        "煨旧": MeldKind.CHOUWEI,
    }
)
# the pinyin of each kind (MeldKind values) and of 吃 / 比, read in either case as in 南通, 川牌
# and 孝感 (review h120)
_PINYIN = {**{kind.value: kind.hanzi for kind in MeldKind}, "chi": "吃", "bi": "比"}
_HEADS = frozenset({*_BY_HANZI, "吃", "比", *_PINYIN})  # (the first words that name a kind)
_ANY_SENTENCE = HUNAN.evolve(allow_1_5_10=True)  # Meld accepts 一五十; classify() asks the rules
_RUNS = frozenset({MeldKind.JU, MeldKind.ERQISHI, MeldKind.YIWUSHI})
_SENTENCES = frozenset({MeldKind.JU, MeldKind.ERQISHI, MeldKind.YIWUSHI, MeldKind.JIAO})
_EXPOSED_KINDS = frozenset({MeldKind.PENG, MeldKind.PAO})
_CONCEALED_KINDS = frozenset(
    {MeldKind.KAN, MeldKind.WEI, MeldKind.CHOUWEI, MeldKind.TI, MeldKind.JIANG}
)
# (a 偎 / 臭偎 is a pair completed by one's own draw, zipai.md §5: never dealt, so its text
# reads as the engine records it — which 翻信 under fanxing_scope="hand" tells apart)
_DRAWN_KINDS = _EXPOSED_KINDS | {MeldKind.WEI, MeldKind.CHOUWEI}


class Origin(HanziEnum, short_repr=True):
    """How a meld was formed (zipai.md §5 'how formed'), with its hanzi (手, 吃, 比, 打, 摸).

    >>> Origin.DISCARD, Origin.DISCARD.hanzi
    (Origin.DISCARD, '打')
    """

    HAND = ("hand", "手")
    """Made entirely of cards in hand (dealt or, for a 坎/提, held since the deal)."""
    CHI = ("chi", "吃")
    """吃: two hand cards and a card discarded or drawn-and-shown."""
    BI = ("bi", "比")
    """比: laid from the hand to go with a 吃."""
    DISCARD = ("discard", "打")
    """Completed by a card discarded from another player's hand."""
    DRAW = ("draw", "摸")
    """Completed by a card drawn from the stock."""


def _sentence_kind(a: Card, b: Card, c: Card, rules: Rules) -> MeldKind | None:
    values = sorted((a.value, b.value, c.value))
    cases = {a.big, b.big, c.big}
    if values[0] == values[2]:
        # Three of one value: both cases present -> 絞; all the same card is a 坎 (handled by caller).
        return MeldKind.JIAO if len(cases) == 2 else None
    if len(cases) != 1:
        return None  # small and big never mix in a sequence (§5)
    if values[1] == values[0] + 1 and values[2] == values[0] + 2:
        return MeldKind.JU
    if values == [2, 7, 10]:
        return MeldKind.ERQISHI
    if values == [1, 5, 10] and rules.allow_1_5_10:
        return MeldKind.YIWUSHI
    return None


def classify(
    cards: Sequence[Card], *, exposed: bool = False, rules: Rules = HUNAN
) -> MeldKind | None:
    """The kind of 門子 these cards make, or ``None``.

    Cards alone cannot tell a 坎 from a 碰 or 偎: three identical cards are read as a 坎 (four as a
    提), or with ``exposed=True`` as a 碰 (a 跑).

    >>> classify(parse("一一壹")), classify(parse("二七十")), classify(parse("一二")) is None
    (MeldKind.JIAO, MeldKind.ERQISHI, True)
    >>> classify(parse("三三三")), classify(parse("三三三"), exposed=True)
    (MeldKind.KAN, MeldKind.PENG)
    >>> classify(parse("一五十")), classify(parse("一五十"), rules=_ANY_SENTENCE)
    (None, MeldKind.YIWUSHI)
    >>> classify(parse("三四伍")) is None   # small and big never mix in a sequence
    True
    """
    cards = cards_arg(cards, Card, "cards", "zipai cards")
    rules_arg(rules, Rules, "zipai")
    if exposed is not True and exposed is not False:
        flag_arg(exposed, "exposed", NotationError)
    n = len(cards)
    same = n >= 2 and all(card == cards[0] for card in cards)
    if n == 2:
        return MeldKind.JIANG if same else None
    if n == 4:
        return (MeldKind.PAO if exposed else MeldKind.TI) if same else None
    if n != 3:
        return None
    if same:
        return MeldKind.PENG if exposed else MeldKind.KAN
    return _sentence_kind(cards[0], cards[1], cards[2], rules)


def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    if (error := keeps_once(cards, "cards", "zipai Cards")) is not None:
        raise error  # (a set of a 坎's cards is one card: review h61)
    if not isinstance(cards, str):  # a text is refused below, with the advice to parse it
        try:
            return tuple(sorted(cards, key=lambda card: (card.value, card.index)))
        except (AttributeError, TypeError):
            pass
    raise NotationError(
        f"cards={clipped(cards):.60} is not a sequence of zipai Cards (Meld.parse reads text)"
    )


@frozen(repr=False)
class Meld:
    """One 門子 with its cards, whether it lies face up, and how it was formed.

    Build melds with :meth:`parse` or :meth:`of`; the constructor checks that the cards make the
    kind. 碰 and 跑 are always exposed; 坎, 偎, 臭偎, 提 and 將 are never shown in full; a 句 / 絞 is
    exposed when it was made by 吃 or 比.

    >>> Meld.of(parse("壹壹貳"), MeldKind.JU)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 壹壹貳 is not a 句
    """

    kind: MeldKind
    cards: tuple[Card, ...] = field(converter=_sorted_cards)
    exposed: bool = False
    origin: Origin = Origin.HAND

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise NotationError(
                f"kind={clipped(self.kind)} is not a zipai MeldKind (e.g. MeldKind.PENG)"
            )
        if self.exposed is not True and self.exposed is not False:
            flag_arg(self.exposed, "exposed", NotationError)
        text = "".join(card.hanzi for card in self.cards)
        same = len(self.cards) >= 2 and all(card == self.cards[0] for card in self.cards)
        sizes = {MeldKind.JIANG: 2, MeldKind.PAO: 4, MeldKind.TI: 4}
        if len(self.cards) != sizes.get(self.kind, 3):
            raise NotationError(f"{text} is not a {self.kind.hanzi}: wrong number of cards")
        if self.kind.is_sentence:
            a, b, c = self.cards
            found = _sentence_kind(a, b, c, _ANY_SENTENCE)
            if found is not self.kind:
                raise NotationError(f"{text} is not a {self.kind.hanzi}")
        elif not same:
            raise NotationError(f"{text} is not a {self.kind.hanzi}: its cards must be identical")
        if self.kind in _EXPOSED_KINDS and not self.exposed:
            raise NotationError(f"a {self.kind.hanzi} is always exposed")
        if self.kind in _CONCEALED_KINDS and self.exposed:
            raise NotationError(f"a {self.kind.hanzi} is never exposed")

    @classmethod
    def of(
        cls,
        cards: Sequence[Card],
        kind: MeldKind | None = None,
        *,
        exposed: bool | None = None,
        origin: Origin | None = None,
        rules: Rules = HUNAN,
    ) -> Meld:
        """A meld of these cards; its kind is found by :func:`classify` when not given.

        ``exposed`` defaults to what the kind implies (碰/跑 exposed, the rest concealed), and
        ``origin`` to :attr:`Origin.DRAW` for 碰/跑 and for 偎/臭偎 (made with one's own draw,
        zipai.md §5: as the engine records them), else :attr:`Origin.HAND`.

        >>> Meld.of(parse("x8 x8 x8"), MeldKind.WEI).origin, Meld.of(parse("x8 x8 x8"), MeldKind.KAN).origin
        (Origin.DRAW, Origin.HAND)

        >>> Meld.of(parse("x2 x7 x10"))
        Meld.parse('句 二七十')
        >>> Meld.of(parse("x1 x3"))
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '一三' is not a zipai meld
        """
        if type(cards) is not tuple:  # (read once: an iterator is not read empty later — h60)
            cards = cards_arg(cards, Card, "cards", "zipai cards")
        if kind is None:
            kind = classify(cards, exposed=bool(exposed), rules=rules)
            if kind is None:
                raise NotationError(
                    f"{clipped(''.join(c.hanzi for c in cards))} is not a zipai meld"
                )
        if exposed is None:
            exposed = kind in _EXPOSED_KINDS
        if origin is None:
            origin = Origin.DRAW if kind in _DRAWN_KINDS else Origin.HAND
        return cls(kind, tuple(cards), exposed, origin)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read ``"<kind> <cards>"``, e.g. ``"碰 一一一"``, ``"吃 一二三"``, ``"句 壹貳叄"``.

        The kind is a hanzi name of :class:`MeldKind` or its pinyin (``peng``, in either case);
        ``吃`` or ``比`` (``chi`` / ``bi``) instead of a kind means an
        exposed 句 / 絞 made by 吃 or 比. Without a kind the cards (with or without spaces) are
        classified as in hand.

        >>> Meld.parse("x1 x2 x3"), Meld.parse("二七十")
        (Meld.parse('句 一二三'), Meld.parse('句 二七十'))

        >>> Meld.parse("吃 一二三")
        Meld.parse('吃 一二三')
        >>> Meld.parse("吃 一二三").kind, Meld.parse("吃 一二三").exposed
        (MeldKind.JU, True)
        >>> Meld.parse("跑 x5 x5 x5 x5").exposed
        True
        >>> Meld.parse("槓 一一一一")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '槓 一一一一': '槓' is not a meld kind; expected one of 句, 二七十, 一五十, 絞, 坎, 碰, 偎, 臭偎, 跑, 提, 將, 吃, 比, or their pinyin
        """
        return read_one_meld(cls._read, text)

    @classmethod
    def _read(cls, text: str) -> Meld:
        """:meth:`parse` of a text (:func:`~changpai.core.notation.read_one_meld` checks it is
        one and hints at several melds)."""
        head, rest = meld_head(text)
        if cards_alone(head, rest, _HEADS, parse):
            try:
                cards = parse(text)
            except NotationError:
                if head in _HEADS or head.lower() in _PINYIN:  # (二七十 names its cards too)
                    raise kind_alone(text, head) from None
                raise
            return cls.of(cards, rules=_ANY_SENTENCE)
        cards = parse(rest)
        head = _PINYIN.get(head.lower(), head)
        if head in ("吃", "比"):
            kind = classify(cards, rules=_ANY_SENTENCE)
            if kind is None or not kind.is_sentence:
                raise NotationError(f"{clipped(text)}: {rest.strip()} is not a 句 or 絞 to {head}")
            return cls(kind, cards, True, Origin.CHI if head == "吃" else Origin.BI)
        if head not in _BY_HANZI:
            known = (
                ", ".join([*(kind.hanzi for kind in MeldKind), "吃", "比"]) + ", or their pinyin"
            )
            raise NotationError(
                f"{clipped(text)}: {clipped(head)} is not a meld kind; expected one of {known}"
            )
        kind = _BY_HANZI[head]
        if kind is MeldKind.JU:  # 句 names every 一句話: a run, 二七十 or 一五十
            found = classify(cards, rules=_ANY_SENTENCE)
            kind = found if found in _RUNS else kind
        return cls.of(cards, kind)

    @property
    def card(self) -> Card:
        """The card of a set of identical cards, or the lowest card of a 句.

        >>> Meld.parse("偎 八八八").card
        Card('x8')
        """
        return self.cards[0]

    @property
    def big(self) -> bool:
        """Whether the meld's 胡息 is counted as big: every card is big (for sets and 句).

        >>> Meld.parse("句 壹貳叄").big, Meld.parse("絞 三叄叄").big, Meld.parse("坎 三三三").big
        (True, False, False)
        """
        return all(card.big for card in self.cards)

    def label(self) -> str:
        """The word written before the cards: ``吃``/``比`` for an exposed 句 or 絞, ``句`` for
        every 一句話 (including 二七十 and 一五十, whose cards already say which), else the kind.

        >>> Meld.parse("比 一二三").label(), Meld.parse("句 一二三").label()
        ('比', '句')
        >>> str(Meld.parse("句 貳柒拾")), Meld.parse("句 貳柒拾").kind
        ('句 貳柒拾', MeldKind.ERQISHI)
        """
        if self.kind.is_sentence and self.exposed:
            return "吃" if self.origin is Origin.CHI else "比"
        if self.kind in _RUNS:
            return "句"
        return self.kind.hanzi

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict, as every family's meld: its kind, its cards as codes, whether it
        lies face up and how it was formed.

        >>> Meld.parse("碰 三三三").to_dict()
        {'kind': 'peng', 'cards': ['x3', 'x3', 'x3'], 'exposed': True, 'origin': 'draw'}
        """
        return fields_to_dict(self)

    def __str__(self) -> str:
        return f"{self.label()} {''.join(card.hanzi for card in self.cards)}"

    def __repr__(self) -> str:
        """A Python expression of an equal meld: its text when :meth:`parse` reads the same
        meld back, else the constructor with the fields the text does not carry.

        >>> Meld.parse("碰 三三三")
        Meld.parse('碰 三三三')
        >>> Meld(MeldKind.PENG, parse("三三三"), exposed=True, origin=Origin.DISCARD)
        Meld(MeldKind.PENG, parse('三三三'), exposed=True, origin=Origin.DISCARD)
        """
        text = str(self)
        if Meld.parse(text) == self:
            return f"Meld.parse({clipped(text)})"
        cards = "".join(card.hanzi for card in self.cards)
        return (
            f"Meld({self.kind!r}, parse({cards!r}), exposed={self.exposed!r}, "
            f"origin={self.origin!r})"
        )

    def _repr_html_(self) -> str:
        """The meld as HTML (cached: a score sheet renders each meld of a win).

        >>> "碰" in Meld.parse("碰 三三三")._repr_html_()
        True
        """
        html = _HTML.get(self)
        if html is None:
            if len(_HTML) >= _HTML_LIMIT:
                _HTML.clear()
            html = _HTML[self] = render.meld(self.label(), self.cards)
        return html


# the HTML of each meld rendered (equal melds render alike); bounded, emptied when full
_HTML: dict[Meld, str] = {}
_HTML_LIMIT = 1 << 12
caches.register("zipai", f"{__name__}._HTML", _HTML.clear, _HTML.__len__, _HTML_LIMIT)


# zipai.md §8.1 (seed 004, 字牌6胡倒): (big, small) 胡息 per kind; 一二三/二七十 are special 句.
HUXI_TABLE: dict[MeldKind, tuple[int, int]] = {
    MeldKind.TI: (12, 9),
    MeldKind.PAO: (9, 6),
    MeldKind.WEI: (6, 3),
    MeldKind.CHOUWEI: (6, 3),
    MeldKind.KAN: (6, 3),
    MeldKind.PENG: (3, 1),
    MeldKind.ERQISHI: (6, 3),
}
"""zipai.md §8.1: (big, small) 胡息 of each kind; a 句 scores only as 一二三 / 壹貳叄 (6/3)."""


def huxi(meld: Meld, *, rules: Rules = HUNAN) -> int:
    """The 胡息 of one meld (zipai.md §8.1; 臭偎 by ``rules.chouwei_huxi``, Z5).

    >>> [huxi(Meld.parse(t)) for t in ("跑 五五五五", "偎 伍伍伍", "吃 壹貳叄", "句 四五六", "絞 一一壹")]
    [6, 6, 6, 0, 0]
    >>> huxi(Meld.parse("臭偎 一一一"), rules=HUNAN.evolve(chouwei_huxi=(4, 2)))
    2
    """
    instance_arg(meld, Meld, "meld")
    rules_arg(rules, Rules, "zipai")
    kind = meld.kind
    if kind is MeldKind.JU:
        big_small = (6, 3) if meld.cards[0].value == 1 else (0, 0)
    elif kind is MeldKind.CHOUWEI and rules.chouwei_huxi is not None:
        big_small = rules.chouwei_huxi
    else:
        big_small = HUXI_TABLE.get(kind, (0, 0))
    return big_small[0] if meld.big else big_small[1]
