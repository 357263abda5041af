"""大貳 sets (daer.md §4, §7): what they are, how they are recognized, what they are worth.

The cards are the 字牌 deck (daer.md §1), imported from :mod:`changpai.zipai`. A set's 胡 is
read from the 字牌 胡息 table (zipai.md §8.1) when the rules count 胡 (daer.md E5 and §7).

>>> classify(parse("三四五")), classify(parse("貳柒拾")), classify(parse("伍伍"))
(MeldKind.SHUN, MeldKind.ERQISHI, MeldKind.JIANG)
>>> meld = Meld.parse("碰 壹壹壹")
>>> meld.exposed, meld_hu(meld)
(True, 3)
>>> meld_hu(Meld.parse("垅 三三三三")), meld_hu(Meld.parse("招 三三三三"))
(9, 6)
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from changpai import zipai
from changpai.core import render
from changpai.core.guard import (
    cards_alone,
    clipped,
    flag_arg,
    instance_arg,
    items_arg,
    kind_alone,
    meld_head,
    rules_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.notation import read_one_meld
from changpai.core.serial import fields_to_dict
from changpai.daer.rules import DAER, Rules
from changpai.errors import NotationError
from changpai.zipai import Card, parse

__all__ = ["Meld", "MeldKind", "Origin", "classify", "meld_hu"]


class MeldKind(HanziEnum, short_repr=True):
    """The sets of 大貳 (daer.md §4; the ``luzhou`` names of §7 in brackets). Each member carries
    its hanzi name.

    >>> MeldKind.GANG.hanzi, MeldKind("shun") is MeldKind.SHUN
    ('杠', True)
    """

    SHUN = ("shun", "順")
    """順 / 一句話 [列]: three consecutive values of one case."""
    ERQISHI = ("erqishi", "二七十")
    """二七十 / 貳柒拾 of one case (E3)."""
    JIAO = ("jiao", "絞")
    """絞 [大小混搭]: three cards of one value, both cases present (E4)."""
    KE = ("ke", "刻")
    """刻 [坎]: three identical cards held in hand."""
    PENG = ("peng", "碰")
    """碰: a pair in hand and the same card from another player's discard, face up."""
    GANG = ("gang", "杠")
    """杠 [垅, 招]: four identical cards."""
    JIANG = ("jiang", "將")
    """將 [對子]: the pair of a winning hand (貳伍捌 in 四川大貳, S001)."""

    @property
    def is_sentence(self) -> bool:
        """Whether this is a 順 / 二七十 / 絞 — the shapes a 吃 makes.

        >>> MeldKind.JIAO.is_sentence, MeldKind.KE.is_sentence
        (True, False)
        """
        return self in _SENTENCES


_SENTENCES = frozenset({MeldKind.SHUN, MeldKind.ERQISHI, MeldKind.JIAO})


class Origin(HanziEnum, short_repr=True):
    """How a set came to be (手, 吃, 打, 摸).

    >>> Origin.CLAIM.hanzi
    '打'
    """

    HAND = ("hand", "手")
    """Made of cards in hand (dealt or drawn)."""
    CHI = ("chi", "吃")
    """吃: two hand cards and the 上家's discard."""
    CLAIM = ("claim", "打")
    """碰 / 杠 (招) of another player's discard."""
    DRAW = ("draw", "摸")
    """A 碰 turned into a 杠 by a card the player drew (加杠)."""


# The names of any sentence (the kind is read from the cards); the other sentence names must
# match their cards.
# (句 names any sentence; 列 is 瀘州's 順 only, daer.md §7 — review h120: it read a 絞)
_ANY_SENTENCE = frozenset({"句"})

_NAMES: dict[str, tuple[MeldKind, bool, Origin]] = {
    "順": (MeldKind.SHUN, False, Origin.HAND),
    "顺": (MeldKind.SHUN, False, Origin.HAND),
    "列": (MeldKind.SHUN, False, Origin.HAND),
    "句": (MeldKind.SHUN, False, Origin.HAND),
    "二七十": (MeldKind.ERQISHI, False, Origin.HAND),
    "絞": (MeldKind.JIAO, False, Origin.HAND),
    "绞": (MeldKind.JIAO, False, Origin.HAND),
    "大小混搭": (MeldKind.JIAO, False, Origin.HAND),
    "刻": (MeldKind.KE, False, Origin.HAND),
    "坎": (MeldKind.KE, False, Origin.HAND),
    "碰": (MeldKind.PENG, True, Origin.CLAIM),
    "杠": (MeldKind.GANG, True, Origin.CLAIM),
    "槓": (MeldKind.GANG, True, Origin.CLAIM),
    "明杠": (MeldKind.GANG, True, Origin.CLAIM),
    "招": (MeldKind.GANG, True, Origin.CLAIM),
    "明槓": (MeldKind.GANG, True, Origin.CLAIM),
    "加杠": (MeldKind.GANG, True, Origin.DRAW),
    "加槓": (MeldKind.GANG, True, Origin.DRAW),
    "暗杠": (MeldKind.GANG, False, Origin.HAND),
    "暗槓": (MeldKind.GANG, False, Origin.HAND),
    "垅": (MeldKind.GANG, True, Origin.HAND),
    "壟": (MeldKind.GANG, True, Origin.HAND),
    "垄": (MeldKind.GANG, True, Origin.HAND),
    "將": (MeldKind.JIANG, False, Origin.HAND),
    "将": (MeldKind.JIANG, False, Origin.HAND),
    "對子": (MeldKind.JIANG, False, Origin.HAND),
    "对子": (MeldKind.JIANG, False, Origin.HAND),
}
# the pinyin of each kind (MeldKind values) and of 吃, read in either case as in 南通, 川牌 and
# 孝感 (review h120)
_PINYIN = {**{kind.value: kind.hanzi for kind in MeldKind}, "chi": "吃"}
_HEADS = frozenset({*_NAMES, "吃", *_PINYIN})  # (the first words that name a kind)
# the 瀘州 names of daer.md §7 where they differ from the kinds' (a 招 is a GANG on a claim)
_LUZHOU_WORDS = {
    MeldKind.SHUN: "列",
    MeldKind.KE: "坎",
    MeldKind.JIANG: "對子",
    MeldKind.JIAO: "大小混搭",
    MeldKind.GANG: "招",
}


def _luzhou_names(rules: Rules) -> bool:
    """Whether sets are written with the 瀘州 names under ``rules`` (the ``luzhou`` preset and
    its variants, ``rules.name``; daer.md §7).

    >>> from changpai.daer.rules import LUZHOU
    >>> _luzhou_names(LUZHOU), _luzhou_names(DAER)
    (True, False)
    """
    return rules.name == "luzhou"


_ANY = DAER.evolve(
    jiao=True, jiang_values=range(1, 11)
)  # Meld accepts every set; classify() asks the rules


def _sentence(a: Card, b: Card, c: Card, rules: Rules) -> MeldKind | None:
    values = sorted((a.value, b.value, c.value))
    cases = {a.big, b.big, c.big}
    if values[0] == values[2]:
        return MeldKind.JIAO if len(cases) == 2 and rules.jiao else None
    if len(cases) != 1:
        return None  # small and big never mix in a sequence (daer.md §4)
    if values[1] == values[0] + 1 and values[2] == values[0] + 2:
        return MeldKind.SHUN
    if values == [2, 7, 10] and rules.erqishi:
        return MeldKind.ERQISHI
    return None


def classify(
    cards: Sequence[Card], *, exposed: bool = False, rules: Rules = DAER
) -> MeldKind | None:
    """The set these cards make under ``rules``, or ``None``.

    Three identical cards read as a 刻 (a 碰 with ``exposed=True``); two as a 將 only when the
    rules let that pair be the 將 (貳伍捌, E2).

    >>> classify(parse("一一壹")) is None, classify(parse("一一壹"), rules=_ANY)
    (True, MeldKind.JIAO)
    >>> classify(parse("三三")) is None, classify(parse("三三三"), exposed=True)
    (True, MeldKind.PENG)
    >>> classify(parse("二七十"), rules=DAER.evolve(erqishi=False)) is None
    True
    """
    cards = items_arg(cards, "cards", "大貳 (字牌) cards")
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{clipped(card)} is not a 大貳 (字牌) card")
    rules_arg(rules, Rules, "大貳")
    if exposed is not True and exposed is not False:
        flag_arg(exposed, "exposed", NotationError)
    n = len(cards)
    same = n >= 2 and all(card == cards[0] for card in cards)
    if n == 2:
        return MeldKind.JIANG if same and rules.jiang_ok(cards[0].index) else None
    if n == 4:
        return MeldKind.GANG if same else None
    if n != 3:
        return None
    if same:
        return MeldKind.PENG if exposed else MeldKind.KE
    return _sentence(cards[0], cards[1], cards[2], rules)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    cards = items_arg(cards, "cards", "大貳 (字牌) cards")
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{clipped(card)} is not a 大貳 (字牌) card")
    return tuple(sorted(cards, key=lambda card: (card.value, card.index)))


@frozen(repr=False)
class Meld:
    """One set with its cards, whether it lies face up and how it was formed.

    The constructor checks that the cards make the kind (a 將 of any value is accepted here:
    whether it may be the 將 is a rules question, see :func:`classify`). 碰 is always exposed;
    刻 and 將 never; a 杠 is exposed unless it is a concealed 暗杠.

    >>> Meld(MeldKind.SHUN, parse("一二四"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 一二四 is not a 順
    >>> str(Meld.parse("吃 三四五")), Meld.parse("暗杠 伍伍伍伍").exposed
    ('吃 三四五', False)
    """

    kind: MeldKind
    cards: tuple[Card, ...] = field(converter=_sorted)
    exposed: bool = False
    origin: Origin = Origin.HAND

    def __attrs_post_init__(self) -> None:
        text = "".join(card.hanzi for card in self.cards)
        if not isinstance(self.kind, MeldKind):
            raise NotationError(f"kind={clipped(self.kind)} is not a 大貳 MeldKind")
        flag_arg(self.exposed, "exposed", NotationError)
        if not isinstance(self.origin, Origin):
            raise NotationError(f"origin={clipped(self.origin)} is not a 大貳 Origin")
        sizes = {MeldKind.JIANG: 2, MeldKind.GANG: 4}
        if len(self.cards) != sizes.get(self.kind, 3):
            raise NotationError(f"{text} is not a {self.kind.hanzi}: wrong number of cards")
        if self.kind.is_sentence:
            if _sentence(self.cards[0], self.cards[1], self.cards[2], _ANY) is not self.kind:
                raise NotationError(f"{text} is not a {self.kind.hanzi}")
        elif not all(card == self.cards[0] for card in self.cards):
            raise NotationError(f"{text} is not a {self.kind.hanzi}: its cards must be identical")
        if self.kind is MeldKind.PENG and not self.exposed:
            raise NotationError("a 碰 is always exposed")
        if self.kind in (MeldKind.KE, MeldKind.JIANG) and self.exposed:
            raise NotationError(f"a {self.kind.hanzi} is never exposed")

    @classmethod
    def of(cls, cards: Sequence[Card], *, rules: Rules = DAER) -> Meld:
        """The concealed set these cards make in hand (kind by :func:`classify`).

        >>> Meld.of(parse("x2 x7 x10"))
        Meld.parse('二七十 二七十')
        >>> Meld.of(parse("x1 x3 x5"))
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '一三五' is not a 大貳 set under daer.DAER
        """
        kind = classify(cards, rules=rules)
        if kind is None:
            text = "".join(getattr(c, "hanzi", str(c)) for c in cards)
            raise NotationError(f"{clipped(text)} is not a 大貳 set under {clipped(rules)}")
        return cls(kind, tuple(cards))

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read ``"<name> <cards>"``: a kind's hanzi or a ``luzhou`` name (列, 坎, 垅, 招,
        大小混搭, 對子) or a kind's pinyin (``peng``, in either case), ``吃`` (``chi``) for an
        exposed sentence, ``暗杠`` / ``加杠`` / ``明杠``; or the
        cards alone (with or without spaces), classified. ``句`` names any sentence, ``列`` a 順.

        >>> Meld.parse("x1 x2 x3"), Meld.parse("句 一一壹")
        (Meld.parse('順 一二三'), Meld.parse('絞 一一壹'))

        >>> Meld.parse("吃 x3 x4 x5").origin, Meld.parse("坎 八八八").kind
        (Origin.CHI, MeldKind.KE)
        >>> Meld.parse("碰 1t 1t 1t")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '1t' is not a zipai card; expected x1..x10, d1..d10 (or s1..s10, b1..b10) or 一..十, 壹..拾
        >>> Meld.parse("句 二七十").kind, Meld.parse("二七十 二七十").kind
        (MeldKind.ERQISHI, MeldKind.ERQISHI)
        >>> Meld.parse("絞 一二三")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '絞 一二三': 一二三 is not a 絞 (it is a 順)
        >>> Meld.parse("龍 一一一")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '龍 一一一': '龍' is not a 大貳 set name; expected one of 順, 顺, 列, 句, 二七十, 絞, 绞, 大小混搭, 刻, 坎, 碰, 杠, 槓, 明杠, 招, 明槓, 加杠, 加槓, 暗杠, 暗槓, 垅, 壟, 垄, 將, 将, 對子, 对子, 吃, or the kinds' pinyin (shun, ke, …)
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
                    raise kind_alone(text, head, "set name") from None
                raise
            kind = classify(cards, rules=_ANY)
            if kind is None:  # (no set under any rules)
                raise NotationError(f"{clipped(text)} is not a 大貳 set")
            return cls(kind, tuple(cards))
        cards = parse(rest)
        head = _PINYIN.get(head.lower(), head)
        if head == "吃":
            kind = _sentence(cards[0], cards[1], cards[2], _ANY) if len(cards) == 3 else None
            if kind is None:
                raise NotationError(f"{clipped(text)}: {rest.strip()} is not a sentence to 吃")
            return cls(kind, cards, True, Origin.CHI)
        if head not in _NAMES:
            known = ", ".join([*_NAMES, "吃"]) + ", or the kinds' pinyin (shun, ke, …)"
            raise NotationError(
                f"{clipped(text)}: {clipped(head)} is not a 大貳 set name; expected one of {known}"
            )
        kind, exposed, origin = _NAMES[head]
        if kind.is_sentence:
            found = _sentence(cards[0], cards[1], cards[2], _ANY) if len(cards) == 3 else None
            if found is not None and found is not kind:
                if head not in _ANY_SENTENCE:
                    raise NotationError(
                        f"{clipped(text)}: {rest.strip()} is not a {head} (it is a {found.hanzi})"
                    )
                kind = found
        return cls(kind, cards, exposed, origin)

    @property
    def card(self) -> Card:
        """The card of a set of identical cards, or the lowest card of a sentence.

        >>> Meld.parse("碰 八八八").card
        Card('x8')
        """
        return self.cards[0]

    @property
    def quad(self) -> bool:
        """Whether this is a four (杠 / 垅 / 招).

        >>> Meld.parse("垅 三三三三").quad
        True
        """
        return self.kind is MeldKind.GANG

    def label(self, luzhou: bool = False) -> str:
        """The word written before the cards: ``吃`` for a sentence taken by 吃, ``暗杠`` /
        ``加杠`` / ``垅`` (four from the hand, shown) for those fours, else the kind's hanzi —
        with ``luzhou`` the 瀘州 names of daer.md §7 where they differ: 列, 坎, 對子, 大小混搭
        and 招 (a 坎 and a discard).

        >>> Meld.parse("加杠 五五五五").label(), Meld.parse("垅 五五五五").label()
        ('加杠', '垅')
        >>> [Meld.parse(t).label(luzhou=True) for t in ("刻 拾拾拾", "順 一二三", "杠 拾拾拾拾")]
        ['坎', '列', '招']
        """
        if luzhou is not False and luzhou is not True:
            flag_arg(luzhou, "luzhou")
        if self.origin is Origin.CHI:
            return "吃"
        if self.kind is MeldKind.GANG and not self.exposed:
            return "暗杠"
        if self.kind is MeldKind.GANG and self.origin is Origin.DRAW:
            return "加杠"
        if self.kind is MeldKind.GANG and self.origin is Origin.HAND:
            return "垅"
        if luzhou:
            return _LUZHOU_WORDS.get(self.kind, self.kind.hanzi)
        return self.kind.hanzi

    def text(self, rules: Rules) -> str:
        """The set as text under ``rules``: ``str(meld)``, with the 瀘州 names (:meth:`label`)
        under the ``luzhou`` rules (``rules.name``); what score sheets print.

        >>> from changpai.daer.rules import LUZHOU
        >>> Meld.parse("將 八八").text(LUZHOU), Meld.parse("將 八八").text(DAER)
        ('對子 八八', '將 八八')
        >>> Meld.parse("將 八八").text(None)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: rules=None is not a 大貳 Rules object
        """
        rules = rules_arg(rules, Rules, "大貳")
        return f"{self.label(_luzhou_names(rules))} {''.join(c.hanzi for c in self.cards)}"

    def zipai(self) -> zipai.Meld:
        """The 字牌 門子 this set counts as for 胡 (zipai.md §8.1): 刻 → 坎, a four laid from
        the hand (暗杠, 垅) → 提, a four with a taken card (招, 明杠, 加杠) → 跑, 順 → 句,
        絞 → 絞, 將 → 將.

        >>> Meld.parse("垅 壹壹壹壹").zipai(), Meld.parse("吃 一二三").zipai()
        (Meld.parse('提 壹壹壹壹'), Meld.parse('句 一二三'))
        """
        z = zipai.MeldKind
        if self.kind is MeldKind.GANG:
            if self.origin is Origin.HAND:
                return zipai.Meld(z.TI, self.cards, False)
            return zipai.Meld(z.PAO, self.cards, True)
        kind = {
            MeldKind.SHUN: z.JU,
            MeldKind.ERQISHI: z.ERQISHI,
            MeldKind.JIAO: z.JIAO,
            MeldKind.KE: z.KAN,
            MeldKind.PENG: z.PENG,
            MeldKind.JIANG: z.JIANG,
        }[self.kind]
        return zipai.Meld(kind, self.cards, kind is z.PENG)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict, as every family's meld: its kind, its cards as codes, whether it
        lies face up and how it was formed.

        >>> Meld.parse("碰 三三三").to_dict()
        {'kind': 'peng', 'cards': ['x3', 'x3', 'x3'], 'exposed': True, 'origin': 'claim'}
        """
        return fields_to_dict(self)

    def __str__(self) -> str:
        return f"{self.label()} {''.join(card.hanzi for card in self.cards)}"

    def __repr__(self) -> str:
        """A Python expression of an equal meld: its text when :meth:`parse` reads the same
        meld back, else the constructor with the fields the text does not carry.

        >>> Meld.parse("碰 三三三")
        Meld.parse('碰 三三三')
        >>> Meld(MeldKind.PENG, parse("一一一"), True, Origin.HAND)
        Meld(MeldKind.PENG, parse('一一一'), exposed=True, origin=Origin.HAND)
        """
        text = str(self)
        try:
            if Meld.parse(text) == self:
                return f"Meld.parse({text!r})"
        except NotationError:  # (a meld built by hand that no text names)
            pass
        cards = "".join(card.hanzi for card in self.cards)
        return (
            f"Meld({self.kind!r}, parse({cards!r}), exposed={self.exposed!r}, "
            f"origin={self.origin!r})"
        )

    def _repr_html_(self) -> str:
        return render.meld(self.label(), self.cards)


def meld_hu(meld: Meld) -> int:
    """The 胡 of one set, read from the 字牌 胡息 table (zipai.md §8.1, daer.md E5 / §7)
    through :meth:`Meld.zipai`.

    >>> [meld_hu(Meld.parse(t)) for t in ("坎 拾拾拾", "碰 三三三", "吃 壹貳叄", "二七十 二七十", "將 伍伍")]
    [6, 1, 6, 3, 0]
    """
    return zipai.huxi(instance_arg(meld, Meld, "meld").zipai())
