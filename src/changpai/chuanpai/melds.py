"""Units (幅) of the 川牌 擠兒 game: 擠兒, 擺, 暗, 碰, 燕, 亮, 起, 扛, the 經 pair and 經 set, 土夥
(chuanpai.md §2.3), their replacement draws (偷) and their 胡 (§2.6).

>>> cards = parse("天牌 人牌")
>>> classify(cards), classify(cards, claimed=True)
(MeldKind.JIER, MeldKind.BAI)
>>> classify(parse("高高 三四 二五"))
MeldKind.YAN
>>> meld = Meld(MeldKind.AN, parse("梅子 梅子 梅子"))
>>> str(meld), meld.tou, hu(meld)
('暗 梅子 梅子 梅子', 1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import field, frozen

from changpai.chuanpai.cards import SEVENS, Card, parse
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.core import render
from changpai.core.guard import (
    cards_arg,
    clipped,
    flag_arg,
    instance_arg,
    kind_and_cards,
    rules_arg,
    text_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.errors import NotationError, RulesError

__all__ = [
    "Meld",
    "MeldKind",
    "classify",
    "hu",
    "is_jing_set",
    "is_tuhuo",
    "pair_ok",
]

_DING = 19  # index of 丁丁 ``12``, the "fake 經"
_SEVEN_INDICES = frozenset(c.index for c in SEVENS)


class MeldKind(HanziEnum, short_repr=True):
    """The kinds of unit (幅), each with its hanzi and number of replacement draws (偷).

    >>> [(k.hanzi, k.tou) for k in (MeldKind.AN, MeldKind.LIANG, MeldKind.KANG)]
    [('暗', 1), ('亮', 2), ('扛', 2)]
    """

    JIER = ("jier", "擠兒")
    BAI = ("bai", "擺")
    JING_PAIR = ("jing_pair", "經擠兒")
    AN = ("an", "暗")
    PENG = ("peng", "碰")
    YAN = ("yan", "燕")
    LIANG = ("liang", "亮")
    QI = ("qi", "起")
    KANG = ("kang", "扛")
    TUHUO = ("tuhuo", "土夥")

    @property
    def tou(self) -> int:
        """Replacement draws (偷) earned when the unit is formed (chuanpai.md §2.3).

        >>> MeldKind.PENG.tou, MeldKind.JIER.tou
        (1, 0)
        """
        return _TOU[self]

    @property
    def size(self) -> int:
        """Number of cards in a unit of this kind.

        >>> MeldKind.QI.size
        4
        """
        return _SIZE[self]

    @property
    def pair(self) -> bool:
        """Whether the unit is a pair (擠兒, 擺, 經 pair).

        >>> MeldKind.BAI.pair
        True
        """
        return self.size == 2

    @property
    def exposed(self) -> bool:
        """Whether the unit lies face up on the table (擠兒 and 經 pairs stay in hand, 暗 is face
        down; everything else is face up).

        >>> MeldKind.AN.exposed, MeldKind.PENG.exposed
        (False, True)
        """
        return self not in (MeldKind.JIER, MeldKind.JING_PAIR, MeldKind.AN)

    @classmethod
    def parse(cls, text: str) -> MeldKind:
        """A kind from its pinyin or hanzi name.

        >>> MeldKind.parse("扛"), MeldKind.parse("gang")
        (MeldKind.KANG, MeldKind.KANG)
        """
        found = _KIND_NAMES.get(text_arg(text, "kind").strip().lower())
        if found is None:
            raise NotationError(
                f"{clipped(text)} is not a chuanpai unit; expected one of "
                + ", ".join(f"{k.value}/{k.hanzi}" for k in cls)
            )
        return found


_TOU = {
    MeldKind.JIER: 0,
    MeldKind.BAI: 0,
    MeldKind.JING_PAIR: 0,
    MeldKind.AN: 1,
    MeldKind.PENG: 1,
    MeldKind.YAN: 1,
    MeldKind.LIANG: 2,
    MeldKind.QI: 1,
    MeldKind.KANG: 2,
    MeldKind.TUHUO: 2,
}
_SIZE = {
    MeldKind.JIER: 2,
    MeldKind.BAI: 2,
    MeldKind.JING_PAIR: 2,
    MeldKind.AN: 3,
    MeldKind.PENG: 3,
    MeldKind.YAN: 3,
    MeldKind.LIANG: 4,
    MeldKind.QI: 4,
    MeldKind.KANG: 4,
    MeldKind.TUHUO: 5,
}
_KIND_NAMES: dict[str, MeldKind] = {}
for _kind in MeldKind:
    _KIND_NAMES[_kind.value] = _kind
    _KIND_NAMES[_kind.hanzi] = _kind
_KIND_NAMES.update(
    {
        "gang": MeldKind.KANG,
        "槓": MeldKind.KANG,
        "杠": MeldKind.KANG,
        "挤儿": MeldKind.JIER,
        "摆": MeldKind.BAI,
        "土伙": MeldKind.TUHUO,
        "经挤儿": MeldKind.JING_PAIR,
        "經對": MeldKind.JING_PAIR,
        "经对": MeldKind.JING_PAIR,
        "扯": MeldKind.PENG,  # (chuanpai.md §2.1, §4: 扯 = 碰)
    }
)


def pair_ok(a: Card, b: Card, rules: Rules = YAODIREN) -> bool:
    """Whether two dot cards sum to a 擠兒 total under ``rules`` (10/20, or 14 under 割胡).

    >>> pair_ok(Card("66"), Card("44")), pair_ok(Card("66"), Card("11"))
    (True, False)
    >>> from changpai.chuanpai.rules import GEHU
    >>> pair_ok(Card("66"), Card("11"), GEHU)
    True
    """
    instance_arg(a, Card, "a")
    instance_arg(b, Card, "b")
    rules_arg(rules, Rules, "chuanpai")
    return _pair_ok(a, b, rules)


def _pair_ok(a: Card, b: Card, rules: Rules) -> bool:
    """:func:`pair_ok` of checked cards (the engine's hot path)."""
    if a.is_jing or b.is_jing:
        return False
    return a.points + b.points in rules.pair_sums


def is_jing_set(cards: Sequence[Card]) -> bool:
    """Whether the cards are a 經 set: one 經牌 and two 丁丁 ``12`` (the "real and fake 經"), or
    four of them (at least one 經 and two 丁丁) (chuanpai.md §2.3).

    >>> is_jing_set(parse("JC 12 12")), is_jing_set(parse("JC JT 12 12")), is_jing_set(parse("JC JT 12"))
    (True, True, False)
    """
    cards = cards_arg(cards, Card, "cards", "chuanpai cards")
    if len(cards) not in (3, 4):
        return False
    jing = sum(1 for c in cards if c.is_jing)
    ding = sum(1 for c in cards if c.index == _DING)
    return jing >= 1 and ding >= 2 and jing + ding == len(cards) and (len(cards) == 4 or jing == 1)


def is_tuhuo(cards: Sequence[Card]) -> bool:
    """Whether the cards are a 土夥: four or five identical cards (chuanpai.md §2.5).

    >>> is_tuhuo(parse("22 22 22 22")), is_tuhuo(parse("22 22 22"))
    (True, False)
    """
    cards = cards_arg(cards, Card, "cards", "chuanpai cards")
    return len(cards) in (4, 5) and len({c.index for c in cards}) == 1 and not cards[0].is_jing


def _identical(cards: Sequence[Card]) -> bool:
    return len({c.index for c in cards}) == 1 and not cards[0].is_jing


def classify(
    cards: Sequence[Card],
    *,
    rules: Rules = YAODIREN,
    claimed: bool = False,
    attached: bool = False,
) -> MeldKind | None:
    """The kind of unit the cards form, or ``None`` (chuanpai.md §2.3).

    The shape alone does not tell 擠兒 from 擺, 暗 from 碰, or 亮 from 起 / 扛, so say how the unit
    is formed: ``claimed=True`` when one card is a passing card (a discard or a turned card),
    ``attached=True`` when the fourth card joins an existing 暗 (起).

    >>> [classify(parse(t)) for t in ("55 55", "13 24", "26 66", "11 66")]
    [MeldKind.JIER, MeldKind.JIER, MeldKind.JIER, None]
    >>> classify(parse("JC 66")), classify(parse("JC JT"))
    (MeldKind.JING_PAIR, None)
    >>> classify(parse("55 55 55"), claimed=True), classify(parse("JC 12 12"))
    (MeldKind.PENG, MeldKind.AN)
    >>> [classify(parse("33 33 33 33"), claimed=c, attached=a) for c, a in ((False, False), (True, False), (True, True))]
    [MeldKind.LIANG, MeldKind.KANG, MeldKind.QI]
    >>> classify(parse("33 33 33 33 33"))
    MeldKind.TUHUO
    """
    cards = cards_arg(cards, Card, "cards", "chuanpai cards")
    rules_arg(rules, Rules, "chuanpai")
    if claimed is not True and claimed is not False:
        flag_arg(claimed, "claimed", NotationError)
    if attached is not True and attached is not False:
        flag_arg(attached, "attached", NotationError)
    n = len(cards)
    if n == 2:
        a, b = cards
        if a.is_jing != b.is_jing:
            return MeldKind.JING_PAIR
        if _pair_ok(a, b, rules):
            return MeldKind.BAI if claimed else MeldKind.JIER
        return None
    if n == 3:
        if {c.index for c in cards} == _SEVEN_INDICES:
            return MeldKind.YAN
        if _identical(cards) or is_jing_set(cards):
            return MeldKind.PENG if claimed else MeldKind.AN
        return None
    if n == 4:
        if _identical(cards) or is_jing_set(cards):
            if attached:
                return MeldKind.QI
            return MeldKind.KANG if claimed else MeldKind.LIANG
        return None
    if n == 5 and _identical(cards):
        return MeldKind.TUHUO
    return None


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards_arg(cards, Card, "cards", "chuanpai cards")))


@frozen
class Meld:
    """One unit: its kind, its cards (sorted) and the passing card it claimed, if any.

    The cards must have the shape of the kind (any pair sum of 10, 14 or 20 is accepted here;
    :func:`classify` and the analysis check the pair sums of a given rules object).

    >>> Meld(MeldKind.BAI, parse("44 66"), claimed=Card("66"))
    Meld(kind=MeldKind.BAI, cards=(Card('66'), Card('44')), claimed=Card('66'))
    >>> Meld(MeldKind.AN, parse("55 55 33"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '梅子 梅子 長三' is not a 暗 (chuanpai.md §2.3)
    >>> Meld.parse("碰 12 12 JC").jing
    True
    """

    kind: MeldKind
    cards: tuple[Card, ...] = field(converter=_sorted_cards)
    claimed: Card | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise NotationError(
                f"kind={clipped(self.kind)} is not a chuanpai MeldKind; use MeldKind.parse(...)"
            )
        if self.claimed is not None:
            instance_arg(self.claimed, Card, "claimed")
        shape = None
        if self.kind.pair:
            if len(self.cards) == 2:
                a, b = self.cards
                if a.is_jing != b.is_jing:
                    shape = MeldKind.JING_PAIR
                elif not a.is_jing and a.points + b.points in (10, 14, 20):
                    shape = self.kind if self.kind is not MeldKind.JING_PAIR else None
        else:
            shape = classify(
                self.cards,
                claimed=self.kind in (MeldKind.PENG, MeldKind.KANG),
                attached=self.kind is MeldKind.QI,
            )
            if self.kind is MeldKind.YAN or shape is MeldKind.YAN:
                shape = shape if self.kind is shape else None
        if shape is not self.kind:
            text = " ".join(c.name for c in self.cards)
            raise NotationError(f"{clipped(text)} is not a {self.kind.hanzi} (chuanpai.md §2.3)")
        if self.claimed is not None and self.claimed not in self.cards:
            raise NotationError(f"the claimed card {self.claimed.name} is not in {self}")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A unit from text: its kind, then its cards (``"暗 55 55 55"``, ``"jier 66 44"``); or
        the cards alone (with or without spaces), classified as in hand (:func:`classify`).

        >>> Meld.parse("jier 天牌 人牌")
        Meld(kind=MeldKind.JIER, cards=(Card('66'), Card('44')), claimed=None)
        >>> Meld.parse("55 55 55").kind, Meld.parse("天牌人牌").kind
        (MeldKind.AN, MeldKind.JIER)
        """
        kind, cards = kind_and_cards(
            text, _KIND_NAMES, MeldKind.parse, parse, classify, "chuanpai unit"
        )
        return cls(kind, cards)

    @property
    def tou(self) -> int:
        """Replacement draws (偷) this unit earned (chuanpai.md §2.3).

        >>> Meld.parse("扛 22 22 22 22").tou
        2
        """
        return self.kind.tou

    @property
    def jing(self) -> bool:
        """Whether the unit is a 經 set (scored ×10, chuanpai.md §2.6); a 經 pair is not.

        >>> Meld.parse("暗 JC 12 12").jing, Meld.parse("經擠兒 JC 66").jing
        (True, False)
        """
        return not self.kind.pair and any(c.is_jing for c in self.cards)

    @property
    def points(self) -> int:
        """The point sum of the cards (經牌 count 0).

        >>> Meld.parse("擠兒 66 44").points
        20
        """
        return sum(c.points for c in self.cards)

    @property
    def red_dots(self) -> int:
        """Red dots on the unit's cards (for the red-dot win of Ambiguities C4).

        >>> Meld.parse("擺 44 66").red_dots
        14
        """
        return sum(c.red_dots for c in self.cards)

    def __str__(self) -> str:
        return f"{self.kind.hanzi} " + " ".join(c.name for c in self.cards)

    def _repr_html_(self) -> str:
        """The unit for notebooks: its kind and its cards as chips, each with its name (red for
        a red card) and its pip code, every half in its dot colour (chuanpai.md §1).

        >>> html = Meld.parse("擠兒 66 44")._repr_html_()
        >>> "擠兒" in html, "天牌" in html, "title='44 人牌 · 8 points (red)'" in html
        (True, True, True)
        """
        claimed = "" if self.claimed is None else f" (claimed {self.claimed.name})"
        return render.meld(self.kind.hanzi, self.cards, title=f"{self}{claimed}")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict.

        >>> Meld.parse("燕 16 34 25").to_dict()["cards"]
        ['16', '34', '25']
        """
        return {
            "kind": self.kind.value,
            "cards": [c.code for c in self.cards],
            "claimed": None if self.claimed is None else self.claimed.code,
        }


def hu(meld: Meld, rules: Rules = YAODIREN) -> int:
    """The 胡 of one unit (chuanpai.md §2.6; Ambiguities C7, C14).

    20-point 擠兒 / 擺 1, 10-point 0, 碰 2, 燕 2, 暗 3, 起 5, 亮 / 扛 7, 土夥 7; a 經 set is worth
    ``jing_multiplier`` (10) times the plain value.

    >>> [hu(Meld.parse(t)) for t in ("擠兒 66 44", "擠兒 13 24", "碰 55 55 55", "起 55 55 55 55")]
    [1, 0, 2, 5]
    >>> [hu(Meld.parse(t)) for t in ("碰 JC 12 12", "暗 JC 12 12", "扛 JC JT 12 12")]
    [20, 30, 70]

    A pair whose sum is no unit under ``rules`` (C3: 10 / 20 in 幺地人, 14 in 割胡) has no 胡:

    >>> from changpai.chuanpai.rules import GEHU
    >>> hu(Meld.parse("擠兒 66 44"), GEHU)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: 擠兒 天牌 人牌 sums to 20; in 割胡 a pair sums to 14
    """
    instance_arg(meld, Meld, "meld")
    rules_arg(rules, Rules, "chuanpai")
    kind = meld.kind
    if kind is MeldKind.JING_PAIR:
        return rules.hu_jing_pair
    if kind.pair:
        total = meld.points
        if total not in rules.pair_sums:  # (chuanpai.md §2.3, C3)
            raise RulesError(
                f"{meld} sums to {total}; in {rules.title} a pair sums to "
                + " or ".join(map(str, rules.pair_sums))
            )
        if total == 20:
            return rules.hu_jier20
        if total == 14:
            return rules.hu_jier14
        return rules.hu_jier10
    value = {
        MeldKind.AN: rules.hu_an,
        MeldKind.PENG: rules.hu_peng,
        MeldKind.YAN: rules.hu_yan,
        MeldKind.LIANG: rules.hu_liang,
        MeldKind.QI: rules.hu_qi,
        MeldKind.KANG: rules.hu_kang,
        MeldKind.TUHUO: rules.hu_tuhuo,
    }[kind]
    return value * rules.jing_multiplier if meld.jing else value


# Used by the hand analysis: the index of 丁丁 and the 7-point kinds.
DING_INDEX = _DING
SEVEN_INDICES = _SEVEN_INDICES
