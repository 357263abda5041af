"""字牌 scoring (zipai.md §8): 胡息 lines, threshold, 囤, 名堂, 翻信, 數信 and the payments.

>>> d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
>>> sheet = score(d, winner=0, players=3)
>>> print(sheet)
跑胡子: seat 0 胡
  坎 拾拾拾       +6  zipai.md §8.1
  句 一二三       +3  zipai.md §8.1
  句 四五六       +0  zipai.md §8.1
  句 七八九       +0  zipai.md §8.1
  句 壹貳叄       +6  zipai.md §8.1
  句 肆伍陸       +0  zipai.md §8.1
  句 柒捌玖       +0  zipai.md §8.1
  胡息            15  zipai.md §8.1
  起胡           ≥15  zipai.md §8.2
  total           15
  seat 1 pays seat 0: 15
  seat 2 pays seat 0: 15
>>> sheet.fact("threshold_met"), sheet.net()
(True, {0: 30, 1: -15, 2: -15})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, overload

from attrs import field, frozen

from changpai.core import document, render
from changpai.core.analysis import AnalysisFace
from changpai.core.guard import (
    cards_arg,
    clipped,
    count_arg,
    flag_arg,
    foreign_result,
    instance_arg,
    int_arg,
    int_field,
    keywords_with_win,
    optional_int_field,
    rules_arg,
)
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet, win_title
from changpai.core.seats import check_seat
from changpai.core.serial import fields_to_dict
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.zipai.cards import Card, parse
from changpai.zipai.hand import Decomposition, best_decomposition, is_tianhu, parse_melds, waits
from changpai.zipai.melds import Meld, MeldKind, Origin, huxi
from changpai.zipai.rules import HUNAN, LEIYANG_KAHU, Rules

__all__ = ["Analysis", "Win", "analyze", "score"]

_SETS = frozenset(
    {
        MeldKind.PENG,
        MeldKind.TI,
        MeldKind.PAO,
        MeldKind.WEI,
        MeldKind.CHOUWEI,
        MeldKind.KAN,
        MeldKind.JIANG,
    }
)


def _loose_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return cards_arg(value, Card, "loose", "zipai cards (Card objects)", limit=27)


@frozen
class Win:
    """The facts of one win that the score needs (zipai.md §7, §8).

    ``players`` is the number of active players; the payers are the other active seats (seats
    ``0..players-1``, plus the 數信 seat ``shuxin_seat`` when there is one, which never pays).

    >>> d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    >>> Win(d, winner=1, players=3).self_drawn
    True
    >>> Win(d, winner=3, players=3)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: winner=3 is not one of the 3 active seats 0, 1, 2
    >>> Win(d, winner=1, players=5)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=5 is not an integer from 2 to 4
    """

    decomposition: Decomposition
    winner: int = field(converter=int_field)
    players: int
    self_drawn: bool = True
    """Won on a card the winner drew himself."""
    discarder: int | None = field(default=None, converter=optional_int_field)
    """Seat that discarded the winning card (only when ``Rules.win_on_discard``)."""
    tianhu: bool = False
    """§7 天胡."""
    fanxing_card: Card | None = None
    """§8.3 翻信: the card turned up from the stock after the win."""
    shuxin_card: Card | None = None
    """§2 數信: the card the 數信 turns up."""
    shuxin_seat: int | None = field(default=None)
    """§2 數信: the seat of the 數信 (not an active player)."""
    haidi: bool = field(default=False, kw_only=True)
    """§8.6 海胡: won on the last card of the stock (常德 全名堂 / 多紅對)."""
    dihu: bool = field(default=False, kw_only=True)
    """§8.6 地胡: won on the first card played after the deal (the dealer's first discard or
    the first stock card), the winner's hand untouched (常德 全名堂 / 多紅對)."""
    tinghu: bool = field(default=False, kw_only=True)
    """§8.6 聽胡: won without ever taking a card in (no 吃 / 碰 / 跑 from others' cards: the
    hand was ready from the deal) (常德 全名堂 / 多紅對)."""
    shuahou: bool = field(default=False, kw_only=True)
    """§8.6 耍猴: won 單釣, with one single card left in hand, on its pair (常德 全名堂)."""
    jushou: bool = field(default=False, kw_only=True)
    """§8.6 舉手: the winner had declared ready (報聽) and won without changing his hand
    (耒陽 字牌)."""
    huangfan: int = field(default=0, kw_only=True)
    """§8.6 黃番: the number of consecutive 荒莊 right before this hand (常德 全名堂)."""
    loose: tuple[Card, ...] = field(default=(), kw_only=True, converter=_loose_cards)
    """§7 天胡 (a): the winner's cards in no 門子 of ``decomposition`` (3 提 or 5 坎 win
    whatever the other cards make). They count with the decomposition's cards wherever all
    the winner's cards count: red and 大 / 小 cards (§8.6), 翻信 (§8.3, Z8) and 數信 (§2); a
    hand with loose cards is no 對子胡."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, as every family's ``Win``: the reading as its dict, every fact,
        cards as codes.

        >>> d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
        >>> data = Win(d, winner=1, players=3, fanxing_card=Card.parse("x2")).to_dict()
        >>> data["winner"], data["decomposition"]["value"], data["fanxing_card"], data["loose"]
        (1, 15, 'x2', [])
        """
        return fields_to_dict(self)

    def __attrs_post_init__(self) -> None:
        # a field of the wrong type is a NotationError, as in every family's Win
        instance_arg(self.decomposition, Decomposition, "decomposition")
        for name in ("winner", "players", "discarder", "shuxin_seat"):
            value = getattr(self, name)
            if value is not None or name in ("winner", "players"):
                int_arg(value, name, error=NotationError)
        for name in ("self_drawn", "tianhu", "haidi", "dihu", "tinghu", "shuahou", "jushou"):
            flag_arg(getattr(self, name), name, NotationError)
        for name in ("fanxing_card", "shuxin_card"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Card):
                raise NotationError(
                    f"{name}={clipped(value)} is not a zipai Card (Card.parse('x1')) or None"
                )
        _check_turned_copies(self)
        count_arg(self.huangfan, "huangfan", low=0)
        if self.loose and not (self.tianhu and is_tianhu(self.decomposition.cards + self.loose)):
            raise IllegalActionError(
                "loose cards (in no 門子) win only in a 天胡 of 3 提 / 5 坎 (zipai.md §7 (a))"
            )
        # values of the right type: a count out of range is a RulesError, a seat not at the
        # table (or facts that contradict each other) an IllegalActionError, in every family
        int_arg(self.players, "players", low=2, high=4)  # zipai.md §2: 2 to 4 players
        seats = self.players + (0 if self.shuxin_seat is None else 1)
        if self.shuxin_seat is not None:
            if self.players != 3:  # (as Rules: the fourth seat is the 數信)
                raise RulesError(
                    f"players={clipped(self.players)} with shuxin_seat={clipped(self.shuxin_seat)}: the 數信 is "
                    "the fourth seat beside three players (zipai.md §2)"
                )
            check_seat(self.shuxin_seat, seats, what="shuxin_seat", error=IllegalActionError)
        active = [s for s in range(seats) if s != self.shuxin_seat]
        if self.winner not in active:
            raise IllegalActionError(
                f"winner={clipped(self.winner)} is not one of the {clipped(self.players)} active "
                f"seats {', '.join(map(str, active))}"
            )
        if self.discarder is not None:
            if self.discarder not in active or self.discarder == self.winner:
                raise IllegalActionError(
                    f"discarder={clipped(self.discarder)} must be another active seat than {clipped(self.winner)}"
                )
            if self.self_drawn:
                raise IllegalActionError(
                    f"discarder={clipped(self.discarder)} and self_drawn=True: a win on a discard is not "
                    "self-drawn"
                )
        if self.tianhu:
            self._check_tianhu()

    def _check_tianhu(self) -> None:
        """Refuse the occasions a 天胡 contradicts (zipai.md §7, as nantong's ``Win``; review
        h112): it is won on the dealt cards or on the 亮張 — no discard, not the last card
        (海胡), not a later first card (地胡), not with one card left in hand (耍猴)."""
        if self.discarder is not None:
            raise IllegalActionError(
                f"tianhu=True and discarder={clipped(self.discarder)}: 天胡 wins on the dealt "
                "cards or the 亮張, never on a discard (zipai.md §7)"
            )
        for flag, name in (
            (self.haidi, "haidi (海胡, on the last card of the stock)"),
            (self.dihu, "dihu (地胡, on the first card played after the 亮張)"),
            (self.shuahou, "shuahou (耍猴, one card left in hand)"),
        ):
            if flag:
                raise IllegalActionError(
                    f"tianhu=True and {name}: 天胡 wins on the dealt cards or the 亮張 (zipai.md §7)"
                )

    @property
    def payers(self) -> tuple[int, ...]:
        """The active seats other than the winner.

        >>> d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
        >>> Win(d, winner=1, players=3).payers
        (0, 2)
        >>> Win(d, winner=1, players=3, shuxin_seat=0).payers  # the 數信 seat never pays
        (2, 3)
        """
        seats = self.players + (0 if self.shuxin_seat is None else 1)
        return tuple(s for s in range(seats) if s not in (self.winner, self.shuxin_seat))


def _reds(cards: tuple[Card, ...], rules: Rules) -> int:
    return sum(1 for card in cards if rules.is_red(card.value))


def _check_turned_copies(win: Win) -> None:
    """The cards turned up from the stock (翻信 §8.3, 數信 §2) are copies the winner does not
    hold: with the winner's, at most the deck's four of a kind."""
    turned = [c for c in (win.fanxing_card, win.shuxin_card) if c is not None]
    for name in ("fanxing_card", "shuxin_card"):
        card = getattr(win, name)
        if card is None:
            continue
        held = sum(1 for c in _all_cards(win) if c == card)
        if held + turned.count(card) > 4:
            also = " and the other card turned" if turned.count(card) > 1 else ""
            raise NotationError(
                f"{name}={card}: the winner holds {held} {card}{also} — a turned card "
                "comes from the stock, and the deck has 4 of a kind (zipai.md §2, §8.3)"
            )


def _all_cards(win: Win) -> tuple[Card, ...]:
    """Every card of the winner: the decomposition's and the loose ones of a 天胡 (§7)."""
    return win.decomposition.cards + win.loose


def _mingtang(win: Win, rules: Rules) -> tuple[list[ScoreLine], int, int, str]:
    """名堂 lines of the preset, the 番, the extra 囤, and how the 番 combine ("sum"/"product")."""
    preset = rules.mingtang
    cards = _all_cards(win)
    reds = _reds(cards, rules)
    ref = "zipai.md §8.6"
    found: list[tuple[str, str, int]] = []
    extra_tun = 0
    if preset == "changde_hongheidian":
        if 10 <= reds <= 12:
            found.append(("honghu", f"紅胡 ({reds} 紅)", 2))
        if reds == 1:
            found.append(("dianhu", "點胡 (1 紅)", 3))
        if reds >= 13:
            found.append(("hongwu", f"紅烏 ({reds} 紅)", 4))
        if reds == 0:
            found.append(("wuhu", "烏胡 (0 紅)", 5))
        if not win.loose and all(m.kind in _SETS for m in win.decomposition.melds):
            found.append(("duizihu", "對子胡", 4))
        lines = [ScoreLine(f"mingtang.{k}", n, v, "×", ref) for k, n, v in found]
        if win.self_drawn and rules.score_mode == "tun":
            extra_tun = 1
            lines.append(ScoreLine("mingtang.zimo", "自摸 +1 囤", 1, "+", ref))
        fan = sum(v for _, _, v in found) if found else 1
        return lines, fan, extra_tun, "sum"
    if preset in _CHANGDE_ADD:
        values = _CHANGDE_ADD[preset]
        found = _changde_found(win, rules, values)
        lines = [ScoreLine(f"mingtang.{k}", n, v, "×", ref) for k, n, v in found]
        fan = sum(v for _, _, v in found) if found else 1
        if preset == "changde_quanmingtang":
            if win.self_drawn and rules.score_mode == "tun":
                extra_tun = 1
                lines.append(ScoreLine("mingtang.zimo", "自摸 +1 囤", 1, "+", ref))
            if win.huangfan:
                times = 1 + win.huangfan
                name = f"黃番 ({win.huangfan} 荒莊)"
                lines.append(ScoreLine("mingtang.huangfan", name, times, "×", ref))
                fan *= times
        return lines, fan, extra_tun, "sum"
    if preset == "generic":
        small = sum(1 for card in cards if not card.big)
        if 10 <= reds <= 12:
            found.append(("honghu", f"紅胡 ({reds} 紅)", 2))
        if reds == 1:
            found.append(("dianhu", "點胡 (1 紅)", 3))
        if reds >= 13:
            found.append(("shisanhong", f"十三紅 ({reds} 紅)", 4))
        if reds == 0:
            found.append(("heihu", "黑胡 (0 紅)", 5))
        if small >= 18:
            found.append(("shibaxiao", f"十八小 ({small} 小)", 6))
        if win.self_drawn:
            found.append(("zimo", "自摸", 2))
    elif preset in _HONGHEI:
        small_red, big_red = _HONGHEI[preset]
        if small_red <= reds < big_red:
            found.append(("xiaohong", f"小紅 ({reds} 紅)", 3))
        if reds >= big_red:
            found.append(("dahong", f"大紅 ({reds} 紅)", 5))
        if reds == 0:
            found.append(("quanhei", "全黑 (0 紅)", 5))
        if reds == 1:
            found.append(("yidianhong", "一點紅 (1 紅)", 4))
        if win.self_drawn:
            found.append(("zimo", "自摸", 2))
    elif preset in ("chenzhou", "chenzhou_hongheidian"):
        if preset == "chenzhou_hongheidian":
            found.extend(_hongheidian_reds(reds))
        if win.self_drawn:
            found.append(("zimo", "自摸翻倍", 2))
    elif preset == "leiyang":
        found = _leiyang_found(win, reds)
    else:
        return [], 1, 0, "none"
    lines = [ScoreLine(f"mingtang.{k}", n, v, "×", ref) for k, n, v in found]
    fan = 1
    for _, _, v in found:
        fan *= v
    return lines, fan, 0, "product"


# 衡陽 紅黑 / 六胡搶 (zipai.md §8.6): red cards for 小紅 and for 大紅
_HONGHEI = {"hengyang_honghei": (10, 13), "liuhuqiang": (8, 10)}

# 常德 全名堂 and 多紅對 (zipai.md §8.6): the 番 of each 名堂; multiple 名堂 add
_CHANGDE_ADD: dict[str, dict[str, int]] = {
    "changde_quanmingtang": {
        "honghu": 3,
        "wuhu": 8,
        "dianhu": 6,
        "duizihu": 8,
        "dahu": 8,
        "xiaohu": 10,
        "haihu": 6,
        "tianhu": 6,
        "dihu": 6,
        "datuanyuan": 8,
        "hanghangxi": 8,
        "jiahanghang": 4,
        "siqihong": 2,
        "shuahou": 8,
        "tinghu": 6,
    },
    "changde_duohongdui": {
        "honghu": 2,
        "wuhu": 6,
        "dianhu": 4,
        "duizihu": 6,
        "haihu": 4,
        "tianhu": 4,
        "dihu": 4,
        "tinghu": 4,
    },
}

_QUADS = frozenset({MeldKind.TI, MeldKind.PAO})


def _check_shape(win: Win, rules: Rules) -> None:
    """Refuse a reading that is no winning hand under ``rules`` (zipai.md §7.1, Z4): its
    ``melds_to_win`` 門子 — the 將 among them when there is a 跑 or 提, else no 將 — and no
    一五十 without ``allow_1_5_10``. A 天胡 by 3 提 / 5 坎 (§7 (a)) wins whatever its shape, loose
    cards (``Win.loose``) or not.

    >>> from changpai.zipai.melds import Meld
    >>> six = [Meld.parse(t) for t in ("句 壹貳叄", "句 一二三", "句 二七十", "句 四五六", "坎 捌捌捌", "絞 九九玖")]
    >>> _check_shape(Win(Decomposition(six), winner=0, players=3), HUNAN)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: 句 壹貳叄 句 一二三 句 二七十 句 四五六 坎 捌捌捌 絞 九九玖 (18 胡息) is no winning hand under the hunan rules: a win is 7 門子, a 將 among them only with a 跑 or 提 (zipai.md §7.1)
    """
    melds = win.decomposition.melds
    if win.loose or (win.tianhu and is_tianhu([c for m in melds for c in m.cards])):
        return
    if not rules.allow_1_5_10 and any(m.kind is MeldKind.YIWUSHI for m in melds):
        raise RulesError(
            f"{win.decomposition} holds 一五十, which the {rules.name} rules do not allow "
            "(allow_1_5_10=False, zipai.md Z4)"
        )
    quads = any(m.kind in _QUADS for m in melds)
    jiang = sum(m.kind is MeldKind.JIANG for m in melds)
    if len(melds) != rules.melds_to_win or jiang != (1 if quads else 0):
        raise RulesError(
            f"{win.decomposition} is no winning hand under the {rules.name} rules: a win is "
            f"{rules.melds_to_win} 門子, a 將 among them only with a 跑 or 提 (zipai.md §7.1)"
        )


def _changde_found(win: Win, rules: Rules, values: dict[str, int]) -> list[tuple[str, str, int]]:
    """The 名堂 of 常德 全名堂 / 多紅對 present in the win, with their 番 (zipai.md §8.6)."""
    d = win.decomposition
    cards = _all_cards(win)
    reds = _reds(cards, rules)
    big = sum(1 for card in cards if card.big)
    small = len(cards) - big
    found: list[tuple[str, str, int]] = []
    if reds >= 10:
        found.append(("honghu", f"紅胡 ({reds} 紅)", values["honghu"] + reds - 10))
    if reds == 1:
        found.append(("dianhu", "點胡 (1 紅)", values["dianhu"]))
    if reds == 0:
        found.append(("wuhu", "烏胡 (0 紅)", values["wuhu"]))
    if "siqihong" in values and reds in (4, 7):
        found.append(("siqihong", f"四七紅 ({reds} 紅)", values["siqihong"]))
    if not win.loose and all(m.kind in _SETS for m in d.melds):
        found.append(("duizihu", "對子胡", values["duizihu"]))
    if "dahu" in values and big >= 18:
        found.append(("dahu", f"大胡 ({big} 大)", values["dahu"] + big - 18))
    if "xiaohu" in values and small >= 16:
        found.append(("xiaohu", f"小胡 ({small} 小)", values["xiaohu"] + small - 16))
    if "datuanyuan" in values:
        quads = {(m.card.value, m.card.big) for m in d.melds if m.kind in _QUADS}
        n = sum(1 for value in range(1, 11) if {(value, False), (value, True)} <= quads)
        if n:
            found.append(("datuanyuan", f"大團圓 ×{n}", values["datuanyuan"] * n))
    if "hanghangxi" in values and not win.loose:  # (loose cards make no 門子 with 息)
        rest = [m for m in d.melds if m.kind is not MeldKind.JIANG]
        if all(huxi(m, rules=rules) > 0 for m in rest):
            if len(rest) == len(d.melds):
                found.append(("hanghangxi", "行行息", values["hanghangxi"]))
            else:
                found.append(("jiahanghang", "假行行", values["jiahanghang"]))
    facts = (
        ("haihu", "海胡", win.haidi),
        ("tianhu", "天胡", win.tianhu),
        ("dihu", "地胡", win.dihu),
        ("tinghu", "聽胡", win.tinghu),
        ("shuahou", "耍猴", win.shuahou),
    )
    found.extend((key, name, values[key]) for key, name, given in facts if given and key in values)
    return found


def _hongheidian_reds(reds: int) -> list[tuple[str, str, int]]:
    """The red-count 名堂 of 常德 紅黑點 (zipai.md §8.6), used by the 郴州 option."""
    if reds == 0:
        return [("wuhu", "烏胡 (0 紅)", 5)]
    if reds == 1:
        return [("dianhu", "點胡 (1 紅)", 3)]
    if 10 <= reds <= 12:
        return [("honghu", f"紅胡 ({reds} 紅)", 2)]
    if reds >= 13:
        return [("hongwu", f"紅烏 ({reds} 紅)", 4)]
    return []


def _leiyang_found(win: Win, reds: int) -> list[tuple[str, str, int]]:
    """The doubling 名堂 of 耒陽 字牌 (zipai.md §8.6); 無胡 is applied to the 胡息 in score."""
    total = win.decomposition.huxi
    found: list[tuple[str, str, int]] = []
    if reds >= 13:
        found.append(("shisanhong", f"十三紅 ({reds} 紅)", 2))
    if reds == 0:
        found.append(("quanhei", "全黑 (0 紅)", 2))
    if reds == 1:
        found.append(("yidianhong", "一點紅 (1 紅)", 2))
    if total in LEIYANG_KAHU:
        found.append(("kahu", f"卡胡 ({total} 胡息)", 2))
    if win.tianhu:
        found.append(("tianhu", "天胡", 2))
    if win.jushou:
        found.append(("jushou", "舉手", 2))
    if win.self_drawn:
        found.append(("zimo", "自摸", 2))
    return found


def _matches(card: Card, other: Card, match: str) -> bool:
    return card.value == other.value if match == "value" else card == other


def _scope_cards(melds: tuple[Meld, ...], scope: str) -> tuple[Card, ...]:
    if scope == "hand":
        melds = tuple(m for m in melds if m.origin is Origin.HAND)
    return tuple(card for meld in melds for card in meld.cards)


_WIN_FACTS = frozenset(
    {
        "self_drawn",
        "discarder",
        "tianhu",
        "fanxing_card",
        "shuxin_card",
        "shuxin_seat",
        "haidi",
        "dihu",
        "tinghu",
        "shuahou",
        "jushou",
        "huangfan",
        "loose",
    }
)


def _as_win(
    hand: Decomposition | Win,
    rules: Rules,
    winner: int | None,
    players: int | None,
    facts: dict[str, Any],
) -> Win:
    """The :class:`Win` that :func:`score` scores: ``hand`` itself, or a Win of the
    decomposition with the keywords (NotationError for anything else)."""
    if isinstance(hand, Win):
        given = sorted([*facts, *(["players"] if players is not None else [])])
        keywords_with_win([*given, *(["winner"] if winner is not None else [])])
        return hand
    if not isinstance(hand, Decomposition):
        raise foreign_result(hand, "zipai", "hand") or NotationError(
            f"hand={clipped(hand)} is not a zipai Decomposition or Win"
        )
    unknown = sorted(set(facts) - _WIN_FACTS)
    if unknown:
        raise NotationError(
            f"score(): unknown keyword(s) {', '.join(unknown)}; the facts of a win are "
            f"{', '.join(sorted(_WIN_FACTS))}"
        )
    if "discarder" in facts and facts["discarder"] is not None:
        facts.setdefault("self_drawn", False)
    seat = 0 if winner is None else winner
    return Win(hand, seat, rules.players if players is None else players, **facts)


def _rules_of(hand: object) -> Rules:
    """The rules a decomposition (or a Win's) was read under; :data:`HUNAN` for anything else
    (which :func:`score` then refuses, naming it)."""
    reading = hand.decomposition if isinstance(hand, Win) else hand
    found = getattr(reading, "rules", None) if isinstance(reading, Decomposition) else None
    return found if isinstance(found, Rules) else HUNAN


# (for type checkers: a Win carries its facts; a Decomposition takes Win's fields as keywords)
@overload
def score(hand: Win, *, rules: Rules | None = None) -> ScoreSheet: ...


@overload
def score(
    hand: Decomposition,
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    self_drawn: bool = ...,
    discarder: int | None = ...,
    tianhu: bool = ...,
    fanxing_card: Card | None = ...,
    shuxin_card: Card | None = ...,
    shuxin_seat: int | None = ...,
    haidi: bool = ...,
    dihu: bool = ...,
    tinghu: bool = ...,
    shuahou: bool = ...,
    jushou: bool = ...,
    huangfan: int = ...,
    loose: Sequence[Card] = ...,
) -> ScoreSheet: ...


def score(
    hand: Decomposition | Win,
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    **win_facts: Any,
) -> ScoreSheet:
    """The itemized score of a win (zipai.md §8).

    ``hand`` is a :class:`~changpai.zipai.hand.Decomposition` — scored as the win of seat
    ``winner`` (default 0) among ``players`` active players (default ``rules.players``), with the other
    facts of the win as keywords: those of :class:`Win` (``self_drawn``, ``discarder``,
    ``tianhu``, ``fanxing_card``, ``huangfan`` …; a ``discarder`` makes it not self-drawn) —
    or a :class:`Win` that already carries them (then no other keyword than ``rules``).
    ``rules`` defaults to those of the decomposition (the rules it was read under).

    Lines: one per meld with its 胡息 (§8.1), the 胡息 total, the threshold (§8.2), the 囤 when
    ``rules.score_mode == "tun"`` (§8.5: 1 + (胡息 − threshold) // tun_step), the 名堂 of the
    ``rules.mingtang`` preset (§8.6; see ``MINGTANG_PRESETS`` and docs/zipai.md for each
    preset's 名堂, values and how they combine; the 名堂 that depend on how the hand was won,
    such as 海胡 or 黃番, are scored only when the matching :class:`Win` field is given),
    翻信 (§8.3). The total is the amount each payer owes: base (胡息 or 囤) × 番 + 翻信 舵. A win below the threshold (not a 天胡 under Z13) scores 0
    and nobody pays; a reading that is no winning hand under ``rules`` (not ``melds_to_win``
    門子, a 將 without a 跑 / 提 or the other way, 一五十 without ``allow_1_5_10``; §7.1)
    raises :class:`~changpai.errors.RulesError`. Payments (§8.4): on a drawn card every other active seat pays the total;
    on a discard the discarder pays all the shares. 數信 (§2, Z9): the winner pays the 數信
    seat one ``rules.shuxin_share`` per identical card, at most ``rules.shuxin_max_shares``.

    >>> d = best_decomposition(parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"))
    >>> rules = HUNAN.evolve(score_mode="tun", mingtang="changde_hongheidian")
    >>> sheet = score(d, rules=rules, winner=2)
    >>> [(line.name, line.text()) for line in sheet.lines[-5:]]
    [('胡息', '24'), ('起胡', '≥15'), ('囤', '4'), ('自摸 +1 囤', '+1'), ('番', '×1')]
    >>> sheet.total, sheet.payments[0]
    (5, Payment(payer=0, payee=2, amount=5))

    常德 全名堂: 名堂 add, 黃番 multiplies (here 10 red: 紅胡 3; 2 荒莊 before: ×3):

    >>> d = best_decomposition(parse("二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍"))
    >>> rules = HUNAN.evolve(min_huxi=0, mingtang="changde_quanmingtang")
    >>> sheet = score(Win(d, winner=0, players=3, self_drawn=False, huangfan=2), rules=rules)
    >>> [(line.name, line.text()) for line in sheet.lines if line.key.startswith("mingtang")]
    [('紅胡 (10 紅)', '×3'), ('黃番 (2 荒莊)', '×3')]
    >>> sheet.fact("fan"), sheet.total == d.huxi * 9
    (9, True)
    """
    if rules is None:  # (the rules the hand was read under, as in every family)
        rules = _rules_of(hand)
    rules_arg(rules, Rules, "zipai")
    if rules.shuxin and winner == rules.players and win_facts.get("shuxin_seat") is None:
        # (a 數信 game's seats are 0, 1, 3 when seat 2 is the 數信: review h89)
        raise IllegalActionError(
            f"winner={winner} is not one of the {rules.players} active seats 0..{rules.players - 1}; "
            f"under rules {clipped(rules.name)} the 數信 has a seat of its own: name it with "
            "shuxin_seat= (zipai.md §2)"
        )
    win = _as_win(hand, rules, winner, players, win_facts)
    if win.discarder is not None and not rules.win_on_discard:
        raise IllegalActionError(
            f"rules {clipped(rules.name)} forbid winning on a discard (zipai.md §7.3, Z2)"
        )
    if rules.shuxin and win.players != rules.players:
        # (the fourth seat is the 數信's, who never pays: review h89 found it paying)
        raise RulesError(
            f"players={clipped(win.players)} under rules {clipped(rules.name)}: {rules.players} "
            "players and the 數信 sit at these tables — the 數信's seat is named by shuxin_seat= "
            "(zipai.md §2)"
        )
    if rules.shuxin and win.shuxin_card is not None and win.shuxin_seat is None:
        # (the 數信's share was dropped without a word: review h43)
        raise IllegalActionError(
            f"shuxin_card={win.shuxin_card}: the 數信 is paid only to a seat — give "
            "shuxin_seat= (zipai.md §2)"
        )
    d = win.decomposition
    _check_shape(win, rules)
    lines = [
        ScoreLine("meld", str(m), huxi(m, rules=rules), "+", "zipai.md §8.1", html=m._repr_html_())
        for m in d.melds
    ]
    total_huxi = sum(line.value for line in lines)
    lines.append(ScoreLine("huxi", "胡息", total_huxi, "=", "zipai.md §8.1"))
    lines.append(ScoreLine("threshold", "起胡", rules.min_huxi, "≥", "zipai.md §8.2"))
    met = total_huxi >= rules.min_huxi
    if win.tianhu:
        lines.append(ScoreLine("tianhu", "天胡", 1, "=", "zipai.md §7"))
        # Z13: a 天胡 of 3 提 / 5 坎 (§7 (a)) needs no threshold; one on the 亮張 (b) does
        # (of the dealt cards: a reading with a meld made in play is no 3 提 / 5 坎 of the deal —
        # review h112)
        dealt = all(m.origin is Origin.HAND for m in d.melds)
        if not rules.tianhu_needs_threshold and dealt and is_tianhu(_all_cards(win)):
            met = True
    facts: dict[str, Any] = {
        "huxi": total_huxi,
        "threshold": rules.min_huxi,
        "threshold_met": met,
        "winner": win.winner,
        "self_drawn": win.self_drawn,
        "tianhu": win.tianhu,
        "reds": _reds(_all_cards(win), rules),
    }
    counted = rules.counted_huxi(total_huxi)
    if counted != total_huxi:  # 耒陽 無胡 counts 21 胡息 (§8.6)
        met = met or counted >= rules.min_huxi
        name = f"無胡 (0 胡息 → {counted})"
        lines.append(ScoreLine("mingtang.wuhu", name, counted, "=", "zipai.md §8.6"))
        facts["threshold_met"] = met
        facts["counted_huxi"] = counted
    base = rules.base(total_huxi)
    if rules.score_mode == "tun":
        lines.append(ScoreLine("tun", "囤", base, "=", "zipai.md §8.5"))
        facts["tun"] = base
    mingtang_lines, fan, extra, combine = _mingtang(win, rules)
    lines.extend(mingtang_lines)
    base += extra
    if rules.mingtang is not None:
        lines.append(ScoreLine("fan", "番", fan, "×", "zipai.md §8.5"))
    facts["fan"] = fan
    facts["mingtang"] = combine
    amount = base * fan
    if rules.fanxing and win.fanxing_card is not None:
        cards = _scope_cards(d.melds, rules.fanxing_scope) + win.loose  # (loose: in hand)
        n = sum(1 for c in cards if _matches(c, win.fanxing_card, rules.fanxing_match))
        lines.append(ScoreLine("fanxing", f"翻信 {win.fanxing_card} ×{n}", n, "+", "zipai.md §8.3"))
        facts["fanxing"] = n
        amount += n
    if not met:
        amount = 0
    payments: list[Payment] = []
    if amount:
        if win.discarder is not None:
            shares = 3 if rules.mingtang in _HONGHEI else len(win.payers)  # 放炮 pays ×3 (§8.6)
            payments.append(Payment(win.discarder, win.winner, amount * shares))
        else:
            payments.extend(Payment(seat, win.winner, amount) for seat in win.payers)
    if rules.shuxin and win.shuxin_card is not None and win.shuxin_seat is not None and met:
        n = sum(1 for c in _all_cards(win) if c == win.shuxin_card)
        shares = min(n, rules.shuxin_max_shares)
        lines.append(
            ScoreLine("shuxin", f"數信 {win.shuxin_card} ×{n}", shares, "=", "zipai.md §2")
        )
        facts["shuxin_shares"] = shares
        if shares:
            payments.append(Payment(win.winner, win.shuxin_seat, shares * rules.shuxin_share))
    facts["total"] = amount
    return ScoreSheet(
        title=win_title(rules.title, win.winner, won=met),
        lines=tuple(lines),
        total=amount,
        payments=tuple(payments),
        facts=tuple(facts.items()),
    )


@frozen
class Analysis(AnalysisFace):
    """What ``changpai analyze`` shows for a 字牌 hand: the best decomposition and its score
    sheet when the cards are complete, else every card the hand waits for with the best
    decomposition it would make (the same face as ``nantong.analyze`` and ``chuanpai.analyze``).

    >>> a = analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    >>> a.complete, [card.code for card in a.waits]
    (False, ['x10', 'd2', 'd10'])
    >>> print(a)
    跑胡子 (hunan)
    cards: 一 二 三 四 五 六 七 八 九 壹 貳 叄 肆 伍 陸 柒 捌 玖 拾 拾
    not complete; waits for:
      十: 9 胡息: 絞 十拾拾  句 一二三  句 四五六  句 七八九  句 壹貳叄  句 肆伍陸  句 柒捌玖
      貳: 15 胡息: 句 一二三  句 四五六  句 七八九  句 壹貳叄  句 貳柒拾  句 肆伍陸  句 捌玖拾
      拾: 15 胡息: 偎 拾拾拾  句 一二三  句 四五六  句 七八九  句 壹貳叄  句 肆伍陸  句 柒捌玖
    facts: min_huxi 15
    """

    value_name: ClassVar[str] = "胡息"

    cards: tuple[Card, ...]
    exposed: tuple[Meld, ...]
    rules: Rules
    best: Decomposition | None
    sheet: ScoreSheet | None
    waits: dict[Card, Decomposition] = field(hash=False)  # (a dict: out of the hash)

    @property
    def facts(self) -> dict[str, Any]:
        """The 字牌 findings of the analysis document: the threshold ``min_huxi`` (§8.2) and,
        for a complete hand, whether its best reading reaches it (``threshold_met``).

        >>> analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾").facts
        {'min_huxi': 15, 'threshold_met': True}
        """
        out: dict[str, Any] = {"min_huxi": self.rules.min_huxi}
        if self.best is not None:
            out["threshold_met"] = self.best.threshold_met
        return out

    def to_dict(self) -> dict[str, Any]:
        """The analysis document (:func:`changpai.core.document.analysis_document`).

        >>> doc = analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾").to_dict()
        >>> doc["schema"], doc["variant"], doc["value"], doc["score"]["total"]
        ('changpai.analysis', 'hunan', 15, 15)
        """
        return document.analysis_document(
            family="zipai",
            variant=document.variant_name("zipai", self.rules),
            cards=self.cards,
            exposed=self.exposed,
            best=self.best,
            sheet=self.sheet,
            waits=self.waits,
            facts=self.facts,
        )

    def _repr_html_(self) -> str:
        """The analysis for notebooks, as every family's: the hand, the table melds, then the
        best reading and its sheet, or the waits, then the facts.

        >>> html = analyze("一二三 四五六")._repr_html_()
        >>> "字牌 analysis (跑胡子)" in html, html.count("<tr>"), "none" in html, "min_huxi 15" in html
        (True, 4, True, True)
        """
        return render.analysis_html(self, "字牌", lambda d: f"{d.huxi} 胡息")


def analyze(
    hand: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = HUNAN,
) -> Analysis:
    """Analyze a hand: the best decomposition and its score (as a self-drawn win of seat 0, §8)
    if the cards are complete, else what the hand waits for (§7).

    ``hand`` is the concealed cards (text or cards); ``exposed`` the melds on the table, as
    :class:`Meld` objects or text separated by ``;`` (``"碰 一一一; 吃 壹貳叄"``). Text may
    carry the table melds itself after a ``/``, as in every family (``"四五六 … 拾拾 / 跑
    一一一一"``), beside ``exposed``.

    >>> analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾").sheet.total
    15
    >>> analyze("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾", "跑 一一一一").best.huxi
    12
    >>> analyze("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾 / 跑 一一一一").best.huxi
    12
    """
    on_table: tuple[Meld, ...] = ()
    if isinstance(hand, str):  # (the table melds may follow a "/")
        hand, _, table = hand.partition("/")
        on_table = parse_melds(table)
    cards = parse(hand) if isinstance(hand, str) else cards_arg(hand, Card, "hand", "zipai cards")
    melds = (
        parse_melds(exposed)
        if isinstance(exposed, str)
        else cards_arg(exposed, Meld, "exposed", "zipai melds")
    ) + on_table
    rules_arg(rules, Rules, "zipai")
    best = best_decomposition(cards, melds, rules=rules)
    sheet = None if best is None else score(best, rules=rules)
    found = waits(cards, melds, rules=rules) if best is None else {}
    return Analysis(cards, melds, rules, best, sheet, found)
