"""Sets of 孝感長牌 (xiaogan.md §4): 句, the optional number runs 順, 暗, 碰, 亮, 起, 杠 (扛), 五張
and the dealer's 門將, with their replacement draws (偷), the cards they lay out (§5) and the
borrowed 川牌 胡 (§6, chuanpai.md §2.6).

A 句 is one card of each of the three characters of one phrase ("3字成句"); any other three
different cards are not a set. Identical cards make 暗 (three, concealed), 碰 (a pair and a
passing card), 亮 (four from hand), 起 (a 暗 and the fourth), 杠 (three in hand and the fourth
seen) and 五張 (all five, X6). 混江 stands in for one card of the dealer's 門將 (X3 default),
or for any one card of any set when ``Rules.hunjiang == "wild"``.

>>> classify(parse("上大人")), classify(parse("上上上")), classify(parse("上上上"), claimed=True)
(MeldKind.JU, MeldKind.AN, MeldKind.PENG)
>>> classify(parse("上大仁")) is None
True
>>> meld = Meld.parse("亮 九九九九")
>>> str(meld), meld.tou, meld.laid_out(), hu(meld)
('亮 九 九 九 九', 2, 4, 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import field, frozen

from changpai.core import render
from changpai.core.guard import (
    cards_arg,
    clipped,
    flag_arg,
    instance_arg,
    kind_and_cards,
    rules_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.errors import NotationError
from changpai.xiaogan.cards import Card, parse
from changpai.xiaogan.rules import XIAOGAN, Rules

__all__ = ["HU_TABLE", "RUNS", "Meld", "MeldKind", "classify", "hu", "meld_allowed"]

HJ = 24  # index of 混江
RUNS: tuple[tuple[int, int, int], ...] = ((9, 15, 16), (10, 15, 16))
"""The number runs of X5 as card indices: 七八九 (D1 F1 F2) and 八九十 (F1 F2 D2) — with this
deck (乙 = 1, no 二) no other run exists (xiaogan.md §4)."""

# the same runs in the order of their numbers, as a 順 is shown (十 is D2, before 八 and 九);
# 八 九 and a 混江 show as 八 九 混江, the 混江 last as it was (it may be 七 or 十)
_RUNS_IN_NUMBER_ORDER = ((15, 16, 10), (9, 15, 16))


class MeldKind(HanziEnum, short_repr=True):
    """The kinds of set, each with its hanzi, size and replacement draws (xiaogan.md §4).

    >>> [(k.hanzi, k.tou) for k in (MeldKind.JU, MeldKind.AN, MeldKind.LIANG, MeldKind.WUZHANG)]
    [('句', 0), ('暗', 1), ('亮', 2), ('五張', 2)]
    """

    JU = ("ju", "句")
    SHUN = ("shun", "順")
    AN = ("an", "暗")
    PENG = ("peng", "碰")
    LIANG = ("liang", "亮")
    QI = ("qi", "起")
    GANG = ("gang", "杠")
    WUZHANG = ("wuzhang", "五張")
    MENJIANG = ("menjiang", "門將")

    @property
    def tou(self) -> int:
        """Replacement draws (偷) the set earns when formed (xiaogan.md §4 table: 暗, 碰, 起 one;
        亮, 杠 two; 五張 two [INF]; 句, 順, 門將 none).

        >>> MeldKind.PENG.tou, MeldKind.GANG.tou, MeldKind.JU.tou
        (1, 2, 0)
        """
        return _TOU[self]

    @property
    def size(self) -> int:
        """Cards in a set of this kind.

        >>> MeldKind.QI.size, MeldKind.MENJIANG.size
        (4, 2)
        """
        return _SIZE[self]

    @property
    def hidden(self) -> int:
        """Cards of the set lying face down: a 暗 is laid face down, a 起 is a 暗 with the
        fourth card laid face up across it (xiaogan.md §4, seed "明著橫插在暗牌下").

        >>> MeldKind.AN.hidden, MeldKind.QI.hidden, MeldKind.PENG.hidden
        (3, 3, 0)
        """
        return 3 if self in (MeldKind.AN, MeldKind.QI) else 0

    @property
    def claimed(self) -> bool:
        """Whether a set of this kind takes a passing card (碰, 杠, 起 and the 句 of a 擺).

        >>> MeldKind.PENG.claimed, MeldKind.LIANG.claimed
        (True, False)
        """
        return self in (MeldKind.PENG, MeldKind.GANG, MeldKind.QI)

    @classmethod
    def parse(cls, text: str) -> MeldKind:
        """A kind from its pinyin or hanzi name (扛 / 槓 are 杠, simplified forms accepted).

        >>> MeldKind.parse("扛"), MeldKind.parse("ju"), MeldKind.parse("門將")
        (MeldKind.GANG, MeldKind.JU, MeldKind.MENJIANG)
        >>> MeldKind.parse("吃")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '吃' is not a xiaogan set; expected one of ju/句, shun/順, an/暗, peng/碰, liang/亮, qi/起, gang/杠, wuzhang/五張, menjiang/門將
        """
        found = _KIND_NAMES.get(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise NotationError(
                f"{clipped(text)} is not a xiaogan set; expected one of "
                + ", ".join(f"{k.value}/{k.hanzi}" for k in cls)
            )
        return found


_TOU = {
    MeldKind.JU: 0,
    MeldKind.SHUN: 0,
    MeldKind.AN: 1,
    MeldKind.PENG: 1,
    MeldKind.LIANG: 2,
    MeldKind.QI: 1,
    MeldKind.GANG: 2,
    MeldKind.WUZHANG: 2,
    MeldKind.MENJIANG: 0,
}
_SIZE = {
    MeldKind.JU: 3,
    MeldKind.SHUN: 3,
    MeldKind.AN: 3,
    MeldKind.PENG: 3,
    MeldKind.LIANG: 4,
    MeldKind.QI: 4,
    MeldKind.GANG: 4,
    MeldKind.WUZHANG: 5,
    MeldKind.MENJIANG: 2,
}
_KIND_NAMES: dict[str, MeldKind] = {}
for _kind in MeldKind:
    _KIND_NAMES[_kind.value] = _kind
    _KIND_NAMES[_kind.hanzi] = _kind
_KIND_NAMES.update(
    {
        "扛": MeldKind.GANG,
        "槓": MeldKind.GANG,
        "kang": MeldKind.GANG,
        "顺": MeldKind.SHUN,
        "五张": MeldKind.WUZHANG,
        "门将": MeldKind.MENJIANG,
    }
)

HU_TABLE: dict[MeldKind, int] = {
    MeldKind.JU: 0,
    MeldKind.SHUN: 0,
    MeldKind.MENJIANG: 0,
    MeldKind.PENG: 2,
    MeldKind.AN: 3,
    MeldKind.QI: 5,
    MeldKind.LIANG: 7,
    MeldKind.GANG: 7,
    MeldKind.WUZHANG: 7,
}
"""The 川牌 胡 of each set, borrowed for ``use_chuanpai_hu_table`` (xiaogan.md §6, copied from
chuanpai.md §2.6: 碰 2, 暗 3, 起 5, 亮 / 扛 7; 句 0). 五張 is not in that table: it counts as a
亮 (7) [INF]; 順 and the 門將 count 0 [INF]."""


def _shape(indices: Sequence[int], wild: bool, numeric: bool) -> str | None:
    """The shape of sorted card indices: ``"ju"``, ``"shun"``, ``"same"``, ``"pair"`` or None.

    ``wild``: a 混江 may stand in for any one card (X3 option); a 門將 pair always takes it."""
    n = len(indices)
    jokers = indices.count(HJ)
    real = indices[: n - jokers] if jokers else indices
    if n == 2:
        # one 混江 in the deck (§1): two of them are no 門將
        if jokers == 1 or (not jokers and real[0] == real[1]):
            return "pair"
        return None
    if jokers > 1 or (jokers and not wild) or not 3 <= n <= 5:
        return None
    if len(set(real)) == 1:
        return "same"
    if n != 3:
        return None
    phrases = {i // 3 for i in real}
    if len(phrases) == 1 and len(set(real)) == len(real):
        return "ju"
    if numeric and any(set(real) <= set(run) and len(set(real)) == len(real) for run in RUNS):
        return "shun"
    return None


def classify(
    cards: Sequence[Card],
    *,
    rules: Rules = XIAOGAN,
    claimed: bool = False,
    attached: bool = False,
) -> MeldKind | None:
    """The kind of set the cards form under ``rules``, or ``None`` (xiaogan.md §4).

    The shape alone does not tell 暗 from 碰 or 亮 from 杠 / 起: say how the set is formed —
    ``claimed=True`` when one card is a passing card (a discard or a turned card),
    ``attached=True`` when the fourth card joins a 暗 on the table (起). Two identical cards,
    or 混江 and any card, are a 門將 (the dealer's pair, X3).

    >>> [classify(parse(t)) for t in ("七十士", "七十土", "化三人", "上上", "上 HJ")]
    [MeldKind.JU, MeldKind.JU, None, MeldKind.MENJIANG, MeldKind.MENJIANG]
    >>> [classify(parse("九九九九"), claimed=c, attached=a) for c, a in ((False, False), (True, False), (True, True))]
    [MeldKind.LIANG, MeldKind.GANG, MeldKind.QI]
    >>> classify(parse("七八九")), classify(parse("七八九"), rules=XIAOGAN.evolve(numeric_sentences=True))
    (None, MeldKind.SHUN)
    >>> classify(parse("上大 HJ")), classify(parse("上大 HJ"), rules=XIAOGAN.evolve(hunjiang="wild"))
    (None, MeldKind.JU)
    >>> classify(parse("子子子子子")), classify(parse("子子子子子"), rules=XIAOGAN.evolve(wuzhang=False))
    (MeldKind.WUZHANG, None)
    >>> classify(parse("上上"), rules=None)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: rules=None is not a xiaogan Rules object
    """
    items = cards_arg(cards, Card, "cards", "xiaogan cards (Card)")
    rules = rules_arg(rules, Rules, "xiaogan")
    if claimed is not True and claimed is not False:
        flag_arg(claimed, "claimed", NotationError)
    if attached is not True and attached is not False:
        flag_arg(attached, "attached", NotationError)
    indices = sorted(c.index for c in items)
    shape = _shape(indices, rules.hunjiang == "wild", rules.numeric_sentences)
    return _kind_of(shape, len(indices), rules.wuzhang, claimed, attached)


def _kind_of(
    shape: str | None, n: int, wuzhang: bool, claimed: bool, attached: bool
) -> MeldKind | None:
    if shape is None:
        return None
    if shape == "pair":
        return MeldKind.MENJIANG
    if shape == "ju":
        return MeldKind.JU
    if shape == "shun":
        return MeldKind.SHUN
    if n == 3:
        return MeldKind.PENG if claimed else MeldKind.AN
    if n == 4:
        if attached:
            return MeldKind.QI
        return MeldKind.GANG if claimed else MeldKind.LIANG
    return MeldKind.WUZHANG if wuzhang else None


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards_arg(cards, Card, "cards", "xiaogan cards (Card)")))


def _fits_run(cards: Sequence[Card]) -> bool:
    """Whether three cards, one of them maybe a 混江, fit a number run (X5). 八 九 and a 混江
    are also a 句 of 八九子, but claimed or laid as a 順 they are a 順 (七八九 or 八九十)."""
    real = [c.index for c in cards if c.index != HJ]
    return (
        len(cards) == 3
        and len(real) >= 2
        and len(set(real)) == len(real)
        and any(set(real) <= set(run) for run in RUNS)
    )


_ANY_RULES = XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True, wuzhang=True)


@frozen
class Meld:
    """One set: its kind, its cards (sorted) and the passing card it took, if any.

    The cards must have the shape of the kind under some option (a 混江 in a 句, a 順 or a
    五張 are accepted here; :func:`meld_allowed` and the analysis check them against a rules
    object). A 句 with a ``claimed`` card is the set of a 擺.

    >>> Meld(MeldKind.JU, parse("人上大"), claimed=Card("A2"))
    Meld(kind=MeldKind.JU, cards=(Card('A1'), Card('A2'), Card('A3')), claimed=Card('A2'))
    >>> Meld(MeldKind.AN, parse("上上大"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 上 上 大 is not a 暗 (xiaogan.md §4)
    """

    kind: MeldKind
    cards: tuple[Card, ...] = field(converter=_sorted_cards)
    claimed: Card | None = None

    def __attrs_post_init__(self) -> None:
        kind = self.kind
        if not isinstance(kind, MeldKind):
            raise NotationError(f"{clipped(kind)} is not a xiaogan MeldKind")
        if not all(type(c) is Card for c in self.cards):
            bad = next(c for c in self.cards if type(c) is not Card)
            raise NotationError(f"{clipped(bad)} is not a xiaogan Card (a card of another family?)")
        shape = classify(
            self.cards,
            rules=_ANY_RULES,
            claimed=kind in (MeldKind.PENG, MeldKind.GANG),
            attached=kind is MeldKind.QI,
        )
        if shape is not kind and not (kind is MeldKind.SHUN and _fits_run(self.cards)):
            text = " ".join(c.hanzi for c in self.cards) or "no card"
            raise NotationError(f"{text} is not a {kind.hanzi} (xiaogan.md §4)")
        if self.claimed is not None and self.claimed not in self.cards:
            raise NotationError(f"the claimed card {self.claimed} is not in {self}")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A set from text: its kind, then its cards (``"碰 上上上"``, ``"ju A1 A2 A3"``); or the
        cards alone (with or without spaces), classified as in hand (:func:`classify`).

        >>> Meld.parse("扛 大大大大")
        Meld(kind=MeldKind.GANG, cards=(Card('A2'), Card('A2'), Card('A2'), Card('A2')), claimed=None)
        >>> Meld.parse("上 上 上").kind, Meld.parse("A1A2A3").kind
        (MeldKind.AN, MeldKind.JU)
        """
        kind, cards = kind_and_cards(
            text, _KIND_NAMES, MeldKind.parse, parse, classify, "xiaogan set"
        )
        return cls(kind, cards)

    @property
    def tou(self) -> int:
        """Replacement draws (偷) this set earned (xiaogan.md §4).

        >>> Meld.parse("杠 上上上上").tou
        2
        """
        return self.kind.tou

    @property
    def hidden(self) -> int:
        """Cards of this set lying face down (暗 3, 起 3).

        >>> Meld.parse("起 上上上上").hidden
        3
        """
        return self.kind.hidden

    def laid_out(self, rules: Rules = XIAOGAN) -> int:
        """The cards this set adds to the laid-out count of §5: every card [X2 default], or
        the face-up ones only when ``rules.count_face_down`` is false.

        >>> m = Meld.parse("起 上上上上")
        >>> m.laid_out(), m.laid_out(XIAOGAN.evolve(count_face_down=False))
        (4, 1)
        """
        n = len(self.cards)
        return n if rules.count_face_down else n - self.kind.hidden

    def _shown_cards(self) -> tuple[Card, ...]:
        """The cards as the set is shown: a 順 in the order of its numbers (八 九 十, a 混江 in
        the place of the number it stands for), any other set as :attr:`cards` (sorted).

        >>> m = Meld.parse("順 八九十")
        >>> " ".join(c.hanzi for c in m.cards), " ".join(c.hanzi for c in m._shown_cards())
        ('十 八 九', '八 九 十')
        >>> str(Meld.parse("順 十 八 混江"))
        '順 八 混江 十'
        """
        if self.kind is not MeldKind.SHUN:
            return self.cards
        real = {c.index: c for c in self.cards if c.index != HJ}
        wild = [c for c in self.cards if c.index == HJ]
        run = next(run for run in _RUNS_IN_NUMBER_ORDER if real.keys() <= set(run))
        return tuple(real[k] if k in real else wild.pop() for k in run)

    def __str__(self) -> str:
        return f"{self.kind.hanzi} " + " ".join(c.hanzi for c in self._shown_cards())

    def _repr_html_(self) -> str:
        """The set for notebooks: its kind and its cards as chips.

        >>> html = Meld.parse("句 上大人")._repr_html_()
        >>> "句" in html, html.count("<span title='A")
        (True, 3)
        """
        claimed = "" if self.claimed is None else f" (claimed {self.claimed})"
        return render.meld(self.kind.hanzi, self._shown_cards(), title=f"{self}{claimed}")

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict.

        >>> Meld.parse("句 上大人").to_dict()
        {'kind': 'ju', 'cards': ['A1', 'A2', 'A3'], 'claimed': None}
        """
        return {
            "kind": self.kind.value,
            "cards": [c.code for c in self.cards],
            "claimed": None if self.claimed is None else self.claimed.code,
        }


def meld_allowed(meld: Meld, rules: Rules = XIAOGAN) -> str | None:
    """Why ``meld`` is not a set under ``rules`` (a 混江 outside the 門將 without the wild
    option, a 順 without the number runs, a 五張 split 4 + 1), or ``None`` when it is.

    >>> print(meld_allowed(Meld.parse("句 上大 HJ")))
    混江 stands in only for a card of the dealer's 門將 (xiaogan.md §4, X3)
    >>> meld_allowed(Meld.parse("門將 上 HJ")) is None
    True
    >>> meld_allowed("句 上大人")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: meld='句 上大人' is not of type Meld
    """
    meld = instance_arg(meld, Meld, "meld")
    rules = rules_arg(rules, Rules, "xiaogan")
    hunjiang = any(c.index == HJ for c in meld.cards)
    if hunjiang and meld.kind is not MeldKind.MENJIANG and rules.hunjiang != "wild":
        return "混江 stands in only for a card of the dealer's 門將 (xiaogan.md §4, X3)"
    if meld.kind is MeldKind.SHUN and not rules.numeric_sentences:
        return "number runs are not sets unless numeric_sentences is on (xiaogan.md §4, X5)"
    if meld.kind is MeldKind.WUZHANG and not rules.wuzhang:
        return "five identical cards split 4 + 1 when wuzhang is off (xiaogan.md §4, X6)"
    return None


def hu(meld: Meld) -> int:
    """The borrowed 川牌 胡 of one set (:data:`HU_TABLE`; xiaogan.md §6, chuanpai.md §2.6).

    >>> [hu(Meld.parse(t)) for t in ("碰 上上上", "暗 上上上", "起 上上上上", "扛 上上上上", "句 上大人")]
    [2, 3, 5, 7, 0]
    >>> hu(None)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: meld=None is not of type Meld
    """
    return HU_TABLE[instance_arg(meld, Meld, "meld").kind]
