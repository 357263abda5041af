"""Groups, set kinds and the 將 multiplier of Nantong 長牌 (nantong.md §4, §5, §6).

A *group* is a 順子, 文錢, 刻子 or 杠 (§4); a *set* is a 刻子 or 杠 that scores (§5): its value is
the base of its :class:`SetKind` times the 將 multiplier of its card (§6.2).

>>> from changpai.nantong.cards import parse, Card
>>> classify(parse("1b 2b 3b")), classify(parse("HH HH HH")), classify(parse("7t 8t 9t"))
(MeldKind.WENQIAN, MeldKind.KEZI, MeldKind.SHUNZI)
>>> set_value("peng", "HH", jiang=("HH", "BH"))       # 雙龍會 mixed: 紅花 碰 (§6.1)
32
>>> set_value(SetKind.DEALT4, Card("4w"), jiang=parse("4b 4b"))
64
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from attrs import field, frozen

from changpai.core import caches, render
from changpai.core.guard import (
    cards_arg,
    clipped,
    instance_arg,
    items_arg,
    kind_alone,
    rules_arg,
    shown,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.notation import read_one_meld
from changpai.errors import NotationError, RulesError
from changpai.nantong.cards import BAIDA, N_PLAIN, NINE_TIAO, Card, is_laojiang, parse
from changpai.nantong.rules import DUZIHU, Rules

__all__ = [
    "JiangKind",
    "JiangStatus",
    "Meld",
    "MeldKind",
    "SetKind",
    "SetValue",
    "classify",
    "jiang_kind",
    "jiang_status",
    "meld_value",
    "multiplier",
    "set_value",
    "set_value_detail",
]


class MeldKind(HanziEnum, short_repr=True):
    """The groups of §4; each member carries its hanzi.

    >>> MeldKind.WENQIAN.hanzi, MeldKind.GANG.hanzi
    ('文錢', '杠')
    """

    SHUNZI = ("shunzi", "順子")
    WENQIAN = ("wenqian", "文錢")
    KEZI = ("kezi", "刻子")
    GANG = ("gang", "杠")
    PAIR = ("pair", "對子")

    @property
    def is_sequence(self) -> bool:
        """Whether it is a 順子 (文錢 included).

        >>> MeldKind.WENQIAN.is_sequence
        True
        """
        return self in (MeldKind.SHUNZI, MeldKind.WENQIAN)


class SetKind(HanziEnum, short_repr=True):
    """How a set was made, with its base value (§5). Neutral names; ``hanzi`` is the seed 003 name
    (碰, 在手, 明杠, 後摸, 起手), ``s000`` the seed 000 one.

    >>> [(k.value, k.base, k.hanzi, k.s000) for k in SetKind][:2]
    [('peng', 2, '碰', '胖牌'), ('concealed3', 4, '在手', None)]
    """

    PENG = ("peng", "碰")
    CONCEALED3 = ("concealed3", "在手")
    EXPOSED4 = ("exposed4", "明杠")
    DRAWN4 = ("drawn4", "後摸")
    DEALT4 = ("dealt4", "起手")

    @property
    def base(self) -> int:
        """Base value for an ordinary card (m = 1), §5.

        >>> [k.base for k in SetKind]
        [2, 4, 8, 12, 16]
        """
        return {"peng": 2, "concealed3": 4, "exposed4": 8, "drawn4": 12, "dealt4": 16}[self.value]

    @property
    def s000(self) -> str | None:
        """Seed 000 name: 胖牌, 開朝, 自摸, 在手 (it has no concealed-three line).

        >>> SetKind.EXPOSED4.s000, SetKind.CONCEALED3.s000
        ('開朝', None)
        """
        return {"peng": "胖牌", "concealed3": None, "exposed4": "開朝", "drawn4": "自摸",
                "dealt4": "在手"}[self.value]  # fmt: skip

    @property
    def is_four(self) -> bool:
        """Whether it is a four (杠) kind.

        >>> SetKind.DRAWN4.is_four, SetKind.PENG.is_four
        (True, False)
        """
        return self in (SetKind.EXPOSED4, SetKind.DRAWN4, SetKind.DEALT4)

    @property
    def exposed(self) -> bool:
        """Whether the set lies open on the table (碰, 明杠).

        >>> SetKind.PENG.exposed, SetKind.DEALT4.exposed
        (True, False)
        """
        return self in (SetKind.PENG, SetKind.EXPOSED4)

    @classmethod
    def get(cls, name: str | SetKind) -> SetKind:
        """Find a set kind by value or hanzi (碰, 胖牌, 在手三, 明杠, 開朝, 暗杠, 後摸, 提, 起手 …).

        >>> SetKind.get("開朝"), SetKind.get("暗杠")
        (SetKind.EXPOSED4, SetKind.DRAWN4)
        """
        if isinstance(name, SetKind):
            return name
        table = _SET_NAMES
        key = name.strip().lower() if isinstance(name, str) else name
        if not isinstance(key, str) or key not in table:
            raise RulesError(
                f"{shown(name)} is not a nantong set kind; expected one of {sorted(table)}"
            )
        return table[key]

    @classmethod
    def from_s000(cls, word: str) -> SetKind:
        """Find a set kind by its seed 000 word (胖牌, 開朝, 自摸, 在手 = the four from the deal).

        >>> SetKind.from_s000("在手"), SetKind.get("在手")
        (SetKind.DEALT4, SetKind.CONCEALED3)
        """
        for kind in cls:
            if kind.s000 == word:
                return kind
        raise RulesError(
            f"{clipped(word)} is not a seed 000 set word; expected 胖牌, 開朝, 自摸 or 在手"
        )


# every name of a set kind (SetKind.get, and the first word of Meld.parse)
_SET_NAMES: dict[str, SetKind] = {
    "peng": SetKind.PENG, "碰": SetKind.PENG, "胖牌": SetKind.PENG,
    "concealed3": SetKind.CONCEALED3, "在手": SetKind.CONCEALED3, "在手三": SetKind.CONCEALED3,
    "exposed4": SetKind.EXPOSED4, "明杠": SetKind.EXPOSED4, "明槓": SetKind.EXPOSED4,
    "杠": SetKind.EXPOSED4, "槓": SetKind.EXPOSED4, "開朝": SetKind.EXPOSED4, "开朝": SetKind.EXPOSED4,
    "drawn4": SetKind.DRAWN4, "後摸": SetKind.DRAWN4, "后摸": SetKind.DRAWN4,
    "暗杠": SetKind.DRAWN4, "暗槓": SetKind.DRAWN4, "提": SetKind.DRAWN4, "自摸": SetKind.DRAWN4,
    "dealt4": SetKind.DEALT4, "起手": SetKind.DEALT4, "叫牌": SetKind.DEALT4,
}  # fmt: skip


class JiangKind(HanziEnum, short_repr=True):
    """The names of a pair of flipped 將 cards (§6.2).

    >>> JiangKind.SHUANGLONG.hanzi
    '雙龍會'
    """

    NONE = ("none", "無將")
    PUTONG = ("putong", "普通將")
    SHUANG = ("shuang", "雙將")
    SHUANGLONG = ("shuanglong", "雙龍會")
    BANBIAN = ("banbian", "半邊將")


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise NotationError(f"{shown(value)} is not a nantong card")


def _jiang(jiang: Iterable[Card | str] | str, rules: Rules | None = None) -> tuple[Card, ...]:
    """The flipped 將 as a tuple of cards (at most two), from text or cards; with ``rules``,
    checked to be cards of their deck (:func:`check_flips`).

    >>> _jiang("HH 3w"), _jiang(()), _jiang([Card("HH")])
    ((Card('HH'), Card('3w')), (), (Card('HH'),))
    """
    if type(jiang) is tuple and len(jiang) <= 2:  # (the hot path: a tuple of cards already)
        for card in jiang:
            if type(card) is not Card:
                break
        else:
            if rules is not None:
                check_flips(jiang, rules)
            return jiang
    if isinstance(jiang, str):
        try:
            cards = parse(jiang)
        except NotationError as error:  # (the argument named: review h130)
            raise NotationError(f"jiang={clipped(jiang)}: {error}") from None
    else:
        cards = tuple(map(_card, items_arg(jiang, "jiang", "cards")))
    if len(cards) > 2:
        raise RulesError(
            f"jiang={' '.join(c.code for c in cards)}: {len(cards)} flipped 將 cards; a hand "
            "flips at most two"
        )
    if rules is not None:
        check_flips(cards, rules)
    return cards


def check_flips(flips: Sequence[Card], rules: Rules) -> None:
    """Refuse a flipped 百搭 under ``rules`` without 百搭: the 將 are flipped from the deck
    (nantong.md §1, §3), and the 120-card deck holds none — a :class:`NotationError`, as
    for a 百搭 held (a flipped 百搭 hits nothing, so it was read and scored as no flip).

    >>> check_flips(parse("FU 3w"), DUZIHU.evolve(baida=True))
    >>> check_flips(parse("FU 3w"), DUZIHU)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: jiang=FU 3w: the flipped 福 is a 百搭 but these rules play without 百搭 (baida=False)
    """
    if rules.baida:
        return
    for card in flips:
        if card.index >= N_PLAIN:
            raise NotationError(
                f"jiang={' '.join(c.code for c in flips)}: the flipped {card} is a 百搭 but "
                "these rules play without 百搭 (baida=False)"
            )


def _called(value: Iterable[Card | str] | str) -> frozenset[Card]:
    """The 叫牌 cards as a frozenset, from text or cards (a :class:`NotationError` names
    anything else).

    >>> sorted(_called("4b QZ")), _called([Card("4b")]) == {Card("4b")}
    ([Card('4b'), Card('QZ')], True)
    >>> _called(5)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: called=5 is not a sequence of nantong cards
    """
    if isinstance(value, str):
        return frozenset(parse(value))
    if type(value) is frozenset and all(type(c) is Card for c in value):
        return value
    called = []
    for card in items_arg(value, "called", "nantong cards", sets=True):
        if not isinstance(card, (Card, str)):
            raise NotationError(f"called: {shown(card)} is not a nantong card")
        called.append(_card(card))
    return frozenset(called)


def check_called(
    called: frozenset[Card], flips: Sequence[Card], held: Sequence[Card], name: str = "called"
) -> None:
    """Refuse 叫牌 cards (``called``) that name no 真諦 three held: each must be flipped once
    (``flips``) — 叫牌 of a three is of a card whose fourth copy is flipped (nantong.md §3, N19;
    only the three of such a card reads it, §6.2; a card flipped twice leaves a pair, whose
    起手 set is a declared meld) — and its three copies left held among the concealed cards
    ``held`` (without a winning card: it came after the 叫牌; 百搭 may stand for all but one):
    a :class:`~changpai.errors.RulesError` names the first that is not, as ``name`` (reviews
    h112, h118: they were kept and did nothing, or scored a three the seat could not call).

    >>> check_called(frozenset(parse("2t")), parse("2t 3w"), parse("2t 2t 2t 5w"))
    >>> check_called(frozenset(parse("5w")), parse("2t 3w"), parse("5w 5w 5w"))
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: called=5w: 叫牌 declares a three whose fourth copy is a flipped 將 (nantong.md §3, N19), and 五萬 is not one of jiang=2t 3w
    >>> check_called(frozenset(parse("2t")), parse("2t 3w"), parse("2t 5w 5w 5w"))
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: called=2t: the concealed cards hold 1 二條 and 0 百搭; 叫牌 declares the 3 copies the flip leaves, held before any winning card (nantong.md §3; a declared 叫牌 set goes in the melds)
    """
    for card in sorted(called):
        flipped = sum(f == card for f in flips)
        if not flipped:
            jiang = " ".join(c.code for c in flips) if flips else "() (none given)"
            raise RulesError(
                f"{name}={card.code}: 叫牌 declares a three whose fourth copy is a flipped 將 "
                f"(nantong.md §3, N19), and {card} is not one of jiang={jiang}"
            )
        if flipped > 1:
            raise RulesError(
                f"{name}={card.code}: {card} is flipped twice, which leaves a pair, no three to "
                f"叫牌 (nantong.md §3, N19); its 起手 set goes in the melds (起手 {card.code} "
                f"{card.code})"
            )
        copies = sum(c == card for c in held)
        wild = sum(c.is_baida for c in held)
        if not copies or copies + wild < 3:
            raise RulesError(
                f"{name}={card.code}: the concealed cards hold {copies} {card} and {wild} 百搭; "
                "叫牌 declares the 3 copies the flip leaves, held before any winning card "
                "(nantong.md §3; a declared 叫牌 set goes in the melds)"
            )


def _hits(flip: int, card: int, rules: Rules) -> bool:
    """Whether the flipped kind ``flip`` hits ``card`` (§6.2, N5); small-int hot path."""
    if flip >= N_PLAIN or card >= N_PLAIN:
        return False
    jt = rules.jiutiao_laojiang
    lf = flip >= 27 or (jt and flip == NINE_TIAO)
    lc = card >= 27 or (jt and card == NINE_TIAO)
    if lf and lc:
        return True
    if lf or flip >= 27 or card >= 27:
        return False
    if not lc:
        return flip % 9 == card % 9
    # card is 九條 (a 老將), flip a non-老將 nine of another suit: the N5 cross-hit
    return rules.nine_cross_hit and flip % 9 == 8


@frozen
class JiangStatus:
    """How the flipped 將 cards touch one card kind (§6.2).

    ``laojiang`` is L(c), ``hits`` is H(c), ``zhendi`` the number of flips identical to the card
    (真諦), ``multiplier`` is 2^(L+H); ``term`` is the seed 000 word (普通掰牌, 將牌雙掰真諦 …).

    >>> jiang_status("4b", jiang=("4b", "4t")).term, jiang_status("4w", ("4b", "4t")).multiplier
    ('普通雙掰真諦', 4)
    """

    card: Card
    laojiang: bool
    hits: int
    zhendi: int
    multiplier: int
    term: str


def jiang_status(
    card: Card | str, jiang: Iterable[Card | str] | str = (), rules: Rules = DUZIHU
) -> JiangStatus:
    """The 將 status of ``card`` under the flipped cards ``jiang`` (§6.2).

    >>> s = jiang_status("HH", jiang=("HH", "3t"))
    >>> s.laojiang, s.hits, s.zhendi, s.multiplier, s.term
    (True, 1, 1, 4, '將牌真諦')
    """
    rules_arg(rules, Rules, "nantong")
    c = _card(card)
    flips = _jiang(jiang, rules)
    lao = is_laojiang(c, rules.jiutiao_laojiang) and not c.is_baida
    hits = sum(_hits(f.index, c.index, rules) for f in flips)
    zhendi = sum(f.index == c.index for f in flips)
    prefix = "將牌" if lao else "普通"
    if zhendi:
        term = prefix + ("雙掰" if hits == 2 else "") + "真諦"
    else:
        term = prefix + ("", "掰", "雙掰")[hits] + ("牌" if hits or not lao else "")
    return JiangStatus(c, lao, hits, zhendi, 2 ** (int(lao) + hits), term)


def multiplier(
    card: Card | str, jiang: Iterable[Card | str] | str = (), rules: Rules = DUZIHU
) -> int:
    """The 將 multiplier m(c) = 2^(L(c) + H(c)) of §6.2.

    >>> multiplier("2b", ("2t", "3w")), multiplier("QZ", ("HH", "HH")), multiplier("5t")
    (2, 8, 1)
    """
    return jiang_status(card, jiang, rules).multiplier


def jiang_kind(jiang: Iterable[Card | str] | str, rules: Rules = DUZIHU) -> JiangKind:
    """Name the flipped pair: 普通將, 雙將, 雙龍會 or 半邊將 (§6.2).

    >>> jiang_kind("2t 3w"), jiang_kind("4b 4t"), jiang_kind("HH 9t"), jiang_kind("HH 3t")
    (JiangKind.PUTONG, JiangKind.SHUANG, \
JiangKind.SHUANGLONG, JiangKind.BANBIAN)
    """
    rules_arg(rules, Rules, "nantong")
    flips = _jiang(jiang, rules)
    if len(flips) < 2:
        return JiangKind.NONE
    lao = [is_laojiang(f, rules.jiutiao_laojiang) for f in flips]
    if all(lao):
        return JiangKind.SHUANGLONG
    if any(lao):
        return JiangKind.BANBIAN
    a, b = flips
    if a.number is not None and a.number == b.number:
        return JiangKind.SHUANG
    return JiangKind.PUTONG


# The seed numbers of nantong.md §6.1, keyed (set kind, L, H, zhendi): the "tables" model (N6).
_SEED_TABLE: dict[tuple[str, int, int, int], int] = {}
for _kind, _row in (
    ("peng", (2, 4, 8, 4, 8, 16)),
    ("exposed4", (8, 16, 32, 16, 32, 64)),
    ("drawn4", (12, 24, 48, 24, 48, 96)),
    ("dealt4", (16, 32, 64, 32, 64, 128)),
    ("concealed3", (4, 8, 16, 8, 16, 32)),
):
    for _i, _v in enumerate(_row):
        _SEED_TABLE[(_kind, _i // 3, _i % 3, 0)] = _v
_SEED_TABLE.update({
    ("peng", 0, 1, 1): 8, ("peng", 0, 2, 1): 16, ("peng", 1, 1, 1): 16, ("peng", 1, 2, 1): 32,
    ("dealt4", 0, 1, 1): 32, ("dealt4", 0, 2, 1): 64, ("dealt4", 1, 2, 1): 128,
    ("dealt4", 1, 1, 1): 64, ("dealt4", 0, 2, 2): 64, ("dealt4", 1, 2, 2): 128,
    ("drawn4", 0, 1, 1): 24, ("drawn4", 0, 2, 1): 48, ("drawn4", 1, 2, 1): 96,
    ("drawn4", 1, 1, 1): 48,
})  # fmt: skip


@frozen
class SetValue:
    """A set's value with its explanation (§5, §6.2).

    >>> d = set_value_detail("peng", "2t", jiang=("2t", "3w"))
    >>> d.value, d.base, d.multiplier, d.zhendi_factor, d.explain()
    (8, 2, 2, 2, '碰 2 × 2 (普通將: 普通真諦) × 2 (真諦) = 8')
    """

    kind: SetKind
    status: JiangStatus
    jiang: JiangKind
    base: int
    multiplier: int
    zhendi_factor: int
    value: int

    def explain(self) -> str:
        """One line: base × multiplier (× 真諦) = value.

        >>> set_value_detail("明杠", "QZ", jiang="HH HH").explain()
        '明杠 8 × 8 (雙龍會: 將牌雙掰牌) = 64'
        """
        text = f"{self.kind.hanzi} {self.base}"
        if self.multiplier != 1 or self.status.zhendi or self.status.laojiang:
            text += f" × {self.multiplier} ({self.jiang.hanzi}: {self.status.term})"
        if self.zhendi_factor != 1:
            text += f" × {self.zhendi_factor} (真諦)"
        return f"{text} = {self.value}"


def set_value_detail(
    kind: SetKind | str,
    card: Card | str,
    jiang: Iterable[Card | str] | str = (),
    rules: Rules = DUZIHU,
) -> SetValue:
    """The value of one set with the numbers it is made of (§5, §6.2).

    For a card identical to a flipped one (真諦) only 3 (or 2) copies remain: a 碰 doubles, and the
    remaining copies score as a four (``dealt4`` held from the deal, ``drawn4`` completed by
    drawing); a ``concealed3`` or ``exposed4`` of such a card cannot exist.

    >>> set_value_detail("concealed3", "2t", jiang=("2t", "3w"))
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: a 在手 (concealed3) of 二條 is impossible when 1 二條 is flipped; ...
    """
    k = SetKind.get(kind)
    rules_arg(rules, Rules, "nantong")  # (checked as jiang_status checks them)
    return _set_value_detail(k, _card(card), _jiang(jiang, rules), rules)


# Bounded cache (caches.stats('nantong')): a scoring values the same few sets of a hand under
# its flips again and again (for every reading and every place of the winning card).
@caches.lru("nantong", maxsize=1 << 12)
def _set_value_detail(k: SetKind, card: Card, flips: tuple[Card, ...], rules: Rules) -> SetValue:
    """:func:`set_value_detail` of checked arguments (the answers are frozen values)."""
    status = jiang_status(card, flips, rules)
    if status.card.is_baida:
        raise RulesError(f"{status.card} is a 百搭; it forms no set by itself")
    z = status.zhendi
    if z and (k in (SetKind.CONCEALED3, SetKind.EXPOSED4) or (z == 2 and k == SetKind.PENG)):
        raise RulesError(_no_such_set(k, status.card, z))
    factor = 2 if (z and k == SetKind.PENG) else 1
    if rules.multiplier_model == "tables":
        key = (k.value, int(status.laojiang), status.hits, z)
        if key not in _SEED_TABLE:
            raise RulesError(
                f"no seed number for a {k.hanzi} ({k.value}) of {status.card} ({status.term}); "
                "use multiplier_model='model'"
            )
        value = _SEED_TABLE[key]
    else:
        value = k.base * status.multiplier * factor
    return SetValue(k, status, jiang_kind(flips, rules), k.base, status.multiplier, factor, value)


def set_value(
    kind: SetKind | str,
    card: Card | str,
    jiang: Iterable[Card | str] | str = (),
    rules: Rules = DUZIHU,
) -> int:
    """What a set is worth: ``set_value(kind, card, jiang=(c1, c2), rules=...)`` (§5, §6.2).

    ``kind`` is a :class:`SetKind` or its name (``"peng"``, ``"碰"``, ``"胖牌"``, ``"明杠"`` …).

    >>> set_value("碰", "紅花", jiang=("紅花", "白花"))
    32
    >>> set_value("peng", "HH"), set_value("起手", "QZ", jiang="HH HH")
    (4, 128)
    """
    return set_value_detail(kind, card, jiang, rules).value


def _physical_wilds(wilds: Sequence[tuple[str, Card]], text: str) -> tuple[tuple[Card, Card], ...]:
    """The 百搭 of a meld written ``physical:face`` (each physical one 百搭; ``BD`` / ``百搭``
    the next one the meld does not name, as :func:`~changpai.nantong.cards.parse` reads them),
    paired with their faces; a :class:`NotationError` for a physical card that is not one
    百搭, or for a 百搭 named twice (the deck holds one of each, nantong.md §1).

    >>> _physical_wilds([("BD", Card("2b")), ("FU", Card("3b")), ("百搭", Card("4b"))], "")
    ((Card('LU'), Card('2b')), (Card('FU'), Card('3b')), (Card('SHOU'), Card('4b')))
    >>> _physical_wilds([("FU", Card("2b")), ("福", Card("3b"))], "FU:2b 福:3b")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 copies of 福 in 'FU:2b 福:3b'; a deck has at most 1
    """
    named: list[Card | None] = []
    for physical, face in wilds:
        if physical.upper() == "BD" or physical == "百搭":
            named.append(None)
            continue
        cards = parse(physical)
        if len(cards) != 1 or not cards[0].is_baida:
            raise NotationError(
                f"{physical}:{face.code} in {clipped(text)}: only a 百搭 stands for another "
                f"card ({', '.join(c.code for c in BAIDA)} or BD)"
            )
        named.append(cards[0])
    for card in {c for c in named if c is not None}:
        if named.count(card) > 1:
            raise NotationError(
                f"{named.count(card)} copies of {card.hanzi} in {clipped(text)}; a deck has at most 1"
            )
    free = iter([b for b in BAIDA if b not in named])  # (a group holds at most four cards)
    physicals = [next(free) if card is None else card for card in named]
    return tuple(zip(physicals, (face for _, face in wilds), strict=True))


def classify(cards: Sequence[Card], *, rules: Rules | None = None) -> MeldKind | None:
    """Recognize a group (or pair) of cards as written; 百搭 are not resolved here (§4).

    ``rules`` is accepted like in every family; no 犢子胡 option changes what a group is.

    >>> from changpai.nantong.cards import parse
    >>> [classify(parse(t)) for t in ("QZ QZ", "5w 5w 5w 5w", "3t 2t 1t", "QZ HH BH", "8t 9t 1t")]
    [MeldKind.PAIR, MeldKind.GANG, MeldKind.SHUNZI, None, None]
    >>> classify(parse("1b 2b 3b"), rules=DUZIHU)
    MeldKind.WENQIAN
    """
    if rules is not None:
        rules_arg(rules, Rules, "nantong")
    return _classify(cards_arg(cards, Card, "cards", "nantong cards"))


def _classify(cards: tuple[Card, ...]) -> MeldKind | None:
    """:func:`classify` of cards already checked."""
    n = len(cards)
    if n < 2 or n > 4 or any(c.is_baida for c in cards):
        return None
    first = cards[0]
    if all(c == first for c in cards):
        return {2: MeldKind.PAIR, 3: MeldKind.KEZI, 4: MeldKind.GANG}[n]
    if n == 3 and all(c.is_suit and c.suit == first.suit for c in cards):
        nums = sorted(c.index for c in cards)
        if nums[1] == nums[0] + 1 and nums[2] == nums[0] + 2:
            return MeldKind.WENQIAN if nums[0] == 9 else MeldKind.SHUNZI
    return None


def _wilds_arg(wilds: object) -> tuple[tuple[Card, Card], ...]:
    """``wilds=`` as a tuple of (百搭, face) pairs of cards (from any sequence of pairs), or a
    NotationError naming it."""
    pairs = items_arg(wilds, "wilds", "(百搭, face) pairs of nantong cards")
    if not all(
        isinstance(pair, (tuple, list))
        and len(pair) == 2
        and all(isinstance(c, Card) for c in pair)
        for pair in pairs
    ):
        raise NotationError(
            f"wilds={clipped(wilds)} is not a sequence of (百搭, face) pairs of nantong cards"
        )
    return tuple((physical, face) for physical, face in pairs)


@frozen
class Meld:
    """A group, pair or set: the faces it shows, how it was made, and any 百搭 standing in.

    ``faces`` are the cards the group stands for; ``wilds`` pairs each physical 百搭 with the face
    it replaces. ``source`` is the :class:`SetKind` of a scoring set (None for sequences, pairs
    and groups found in a hand). A four of a 真諦 card may have 3 (or 2) faces.

    >>> m = Meld.parse("碰 HH HH HH")
    >>> m.kind, m.source, str(m), m
    (MeldKind.KEZI, SetKind.PENG, '碰 紅花紅花紅花', Meld.parse('peng HH HH HH'))
    >>> Meld.parse("1b FU:2b 3b").cards
    (Card('1b'), Card('3b'), Card('FU'))
    """

    kind: MeldKind
    faces: tuple[Card, ...]
    source: SetKind | None = None
    wilds: tuple[tuple[Card, Card], ...] = field(default=())

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise NotationError(
                f"kind={clipped(self.kind)} is not a nantong MeldKind (e.g. MeldKind.KEZI)"
            )
        if self.source is not None and not isinstance(self.source, SetKind):
            raise NotationError(
                f"source={clipped(self.source)} is not a nantong SetKind (e.g. SetKind.PENG) or None"
            )
        faces = cards_arg(self.faces, Card, "faces", "nantong cards")
        if faces is not self.faces:  # (a list would leave the meld unhashable)
            object.__setattr__(self, "faces", faces)
        if self.wilds != ():
            object.__setattr__(self, "wilds", _wilds_arg(self.wilds))
        four_like = self.source is not None and self.source in (SetKind.DEALT4, SetKind.DRAWN4)
        found = _classify(faces)
        ok = found == self.kind or (
            four_like and found in (MeldKind.KEZI, MeldKind.PAIR) and self.kind == MeldKind.GANG
        )
        if not ok:
            raise NotationError(
                f"{clipped(' '.join(c.code for c in self.faces))} is not a {self.kind.hanzi} "
                f"({self.kind.value})"
            )
        if self.source is not None and self.kind not in (MeldKind.KEZI, MeldKind.GANG):
            raise NotationError(
                f"{clipped(' '.join(c.code for c in self.faces))} is a {self.kind.hanzi}, which "
                f"cannot be a {self.source.value} set (a set is three or four of one card)"
            )
        if self.source is not None:
            if self.source.is_four and self.kind != MeldKind.GANG:
                raise NotationError(
                    f"a {self.source.value} set needs kind GANG, not {self.kind.value}"
                )
            if not self.source.is_four and self.kind != MeldKind.KEZI:
                raise NotationError(f"a {self.source.value} set needs three cards")
        if self.source is not None and self.source is not SetKind.CONCEALED3 and self.wilds:
            # docs/nantong.md: a 百搭 is wild in the hand's reading only (a 在手 three found in
            # it may hold one); 碰, 杠, 叫牌 and 暗杠 take real copies (the engine makes none so)
            raise NotationError(
                f"a {self.source.hanzi} ({self.source.value}) set takes real copies; "
                f"{self.wilds[0][0]} is a 百搭, wild only in the hand's reading"
            )
        remaining = list(self.faces)
        physicals = [physical for physical, _ in self.wilds]
        if len(set(physicals)) != len(physicals):  # (the deck holds one of each 百搭, §1)
            twice = next(p for p in physicals if physicals.count(p) > 1)
            raise NotationError(f"a group holds {twice} twice; the deck has one")
        for physical, face in self.wilds:
            if not physical.is_baida:
                raise NotationError(f"{physical} is not a 百搭 and cannot stand for {face}")
            if face not in remaining:
                raise NotationError(f"{physical} stands for {face}, which is not in the group")
            remaining.remove(face)

    @classmethod
    def of(cls, cards: Sequence[Card] | str, source: SetKind | str | None = None) -> Meld:
        """Build a meld from its cards (kind recognized by :func:`classify`).

        >>> Meld.of("4b 4b 4b 4b", "明杠").source
        SetKind.EXPOSED4
        """
        faces = (
            parse(cards)
            if isinstance(cards, str)
            else cards_arg(cards, Card, "cards", "nantong cards (Card)")
        )
        src = None if source is None else SetKind.get(source)
        kind = classify(faces)
        if src is not None and src.is_four:
            kind = MeldKind.GANG if kind in (MeldKind.GANG, MeldKind.KEZI, MeldKind.PAIR) else None
        if kind is None:
            set_ = "set (a set is three or four of one card)"
            group = (
                "group (a group is a pair, a 順子 of three in a row of a suit, a 文錢, or three or "
                "four of one card)"
            )
            what = set_ if src is not None else group
            raise NotationError(
                f"{clipped(' '.join(c.code for c in faces))} is not a nantong {what}"
            )
        return cls(kind, faces, src)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read ``[kind] cards`` where kind is peng / concealed3 / exposed4 / drawn4 / dealt4 or
        碰 / 在手 / 明杠 (開朝) / 後摸 (暗杠) / 起手; ``FU:2b`` is a 百搭 standing for 二丙.

        >>> Meld.parse("dealt4 2t 2t 2t")
        Meld.parse('dealt4 2t 2t 2t')
        >>> Meld.parse("7t 8t")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '7t 8t' is not a nantong group (a group is a pair, a 順子 of three in a row of a suit, a 文錢, or three or four of one card)
        >>> Meld.parse("碰")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '碰': the kind '碰' names no cards
        >>> Meld.parse("文錢 123b")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '文錢 123b': '文錢' is neither a meld kind (peng, 碰, ...) nor nantong cards
        """
        return read_one_meld(cls._read, text)

    @classmethod
    def _read(cls, text: str) -> Meld:
        """:meth:`parse` of a text (:func:`~changpai.core.notation.read_one_meld` checks it is
        one and hints at several melds)."""
        words = text.split()
        source: SetKind | None = None
        if words and words[0].lower() in _SET_NAMES:  # (every name SetKind.get reads)
            source = _SET_NAMES[words[0].lower()]
            if len(words) == 1:  # (as in every family)
                raise kind_alone(text, words[0])
            words = words[1:]
        faces: list[Card] = []
        wilds: list[tuple[str, Card]] = []
        for number, word in enumerate(words):
            if ":" in word:
                physical, face = word.split(":", 1)
                wilds.append((physical, Card.parse(face)))
                faces.append(wilds[-1][1])
                continue
            try:
                faces.extend(parse(word))
            except NotationError:
                if number or source is not None or len(words) == 1:
                    raise
                # (a first word of no card before others: a kind misspelt)
                kinds = ", ".join(_SET_NAMES)
                raise NotationError(  # (the card error not nested: review h130)
                    f"{clipped(text)}: {clipped(word)} is neither a meld kind ({kinds}) "
                    "nor nantong cards"
                ) from None
        meld = cls.of(faces, source)
        if not wilds:
            return meld
        return cls(meld.kind, meld.faces, meld.source, _physical_wilds(wilds, text))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards (faces with each wild face replaced by its 百搭).

        >>> Meld.parse("HH FU:HH HH").cards
        (Card('HH'), Card('HH'), Card('FU'))
        """
        remaining = list(self.faces)
        for _, face in self.wilds:
            remaining.remove(face)
        return tuple(remaining) + tuple(p for p, _ in self.wilds)

    @property
    def card(self) -> Card:
        """The first face (the card of a set).

        >>> Meld.parse("碰 5w 5w 5w").card
        Card('5w')
        """
        return self.faces[0]

    def __str__(self) -> str:
        prefix = f"{self.source.hanzi} " if self.source is not None else ""
        return prefix + "".join(c.hanzi for c in self.faces)

    def __repr__(self) -> str:
        prefix = f"{self.source.value} " if self.source is not None else ""
        wild_faces = [f for _, f in self.wilds]
        tokens: list[str] = []
        used = list(self.wilds)
        for face in self.faces:
            if face in wild_faces:
                pair = next(w for w in used if w[1] == face)
                used.remove(pair)
                wild_faces.remove(face)
                tokens.append(f"{pair[0].code}:{face.code}")
            else:
                tokens.append(face.code)
        return f"Meld.parse({prefix + ' '.join(tokens)!r})"

    def _repr_html_(self) -> str:
        """The meld for notebooks: its set kind (or group kind) and its cards as chips; a 百搭
        shows the face it stands for in small type.

        >>> html = Meld.parse("HH FU:HH HH")._repr_html_()
        >>> html.count("color:#c00"), "刻子" in html, "title='FU 福 as HH'" in html
        (2, True, True)
        >>> "碰" in Meld.parse("碰 HH HH HH")._repr_html_()
        True
        """
        label = self.source.hanzi if self.source is not None else self.kind.hanzi
        wild = list(self.wilds)
        parts: list[str] = []
        for face in self.faces:
            pair = next((w for w in wild if w[1] == face), None)
            if pair is None:
                parts.append(face._repr_html_())
            else:
                wild.remove(pair)
                physical = pair[0]
                parts.append(render.chip(
                    physical.hanzi, title=f"{physical.code} {physical.hanzi} as {face.code}",
                    pips=[(face.hanzi, render.BLACK)],
                ))  # fmt: skip
        return render.meld(label, parts, face=str, title=repr(self))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> Meld.parse("碰 QZ QZ QZ").to_dict()
        {'kind': 'kezi', 'faces': ['QZ', 'QZ', 'QZ'], 'source': 'peng', 'wilds': []}
        """
        return {
            "kind": self.kind.value,
            "faces": [c.code for c in self.faces],
            "source": None if self.source is None else self.source.value,
            "wilds": [[p.code, f.code] for p, f in self.wilds],
        }


def meld_value(meld: Meld, jiang: Iterable[Card | str] | str = (), rules: Rules = DUZIHU) -> int:
    """The value of a scoring set (0 for sequences and pairs); a four of a 真諦 card must have
    exactly ``4 - flips`` faces (§5, §6.2).

    >>> meld_value(Meld.parse("起手 2t 2t 2t"), jiang="2t 3w"), meld_value(Meld.parse("123b"))
    (32, 0)
    >>> meld_value(Meld.parse("起手 2t 2t 2t"), jiang="5t 3w")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: a 起手 (dealt4) of 二條 needs 4 cards (0 flipped), not 3
    """
    instance_arg(meld, Meld, "meld")
    rules_arg(rules, Rules, "nantong")
    flips = _jiang(jiang, rules)  # (read for every meld: a bad jiang= is named, never ignored)
    if meld.source is None:
        return 0
    _check_four(meld, flips)
    return set_value(meld.source, meld.card, flips, rules)


def _no_such_set(kind: SetKind, card: Card, z: int) -> str:
    """Why a set of ``kind`` of ``card`` flipped ``z`` times cannot exist (§6.2).

    >>> _no_such_set(SetKind.CONCEALED3, Card("2t"), 1)
    'a 在手 (concealed3) of 二條 is impossible when 1 二條 is flipped; its 3 remaining copies score as 起手 (dealt4) or 後摸 (drawn4) or 碰 (peng)'
    """
    return (
        f"a {kind.hanzi} ({kind.value}) of {card} is impossible when {z} {card} "
        f"{'is' if z == 1 else 'are'} flipped; its {4 - z} remaining copies score as "
        "起手 (dealt4) or 後摸 (drawn4)" + (" or 碰 (peng)" if z == 1 else "")
    )


def _check_four(meld: Meld, flips: Sequence[Card]) -> None:
    """Raise :class:`~changpai.errors.RulesError` unless a declared four (杠, 後摸, 起手) has
    exactly ``4 - z`` cards, ``z`` the ``flips`` of its card (§5, §6.2: the flipped copies are
    "on the table"), or for a 在手 or 明杠 of a flipped card (§6.2: none can exist); any other
    meld passes.

    >>> _check_four(Meld.parse("後摸 7w 7w 7w"), [Card("7w")])
    >>> _check_four(Meld.parse("後摸 7w 7w 7w"), [])
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: a 後摸 (drawn4) of 七萬 needs 4 cards (0 flipped), not 3
    """
    if meld.source is None:
        return
    z = sum(f.index == meld.card.index for f in flips)
    if z and meld.source in (SetKind.CONCEALED3, SetKind.EXPOSED4):  # (review h119: at once)
        raise RulesError(_no_such_set(meld.source, meld.card, z))
    if not meld.source.is_four:
        return
    if len(meld.faces) != 4 - z:
        raise RulesError(
            f"a {meld.source.hanzi} ({meld.source.value}) of {meld.card} needs {4 - z} cards "
            f"({z} flipped), not {len(meld.faces)}"
        )
