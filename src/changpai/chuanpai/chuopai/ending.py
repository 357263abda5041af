"""How a 戳牌 hand ends (chuanpai.md §3.1, §3.4): the :class:`~changpai.core.GameResult` of each
ending, with its reason code, hanzi label, score sheet and next dealer.

| reason | label | winner |
|---|---|---|
| ``"xiaohu"`` / ``"yijia"`` / ``"liangjia"`` | 小胡 / 一甲 / 兩甲 | the first seat to reach 16 擺牌 |
| ``"tuoshou"`` | 脫手 | none (or the seat, with ``chuo_fifteen="win"``) |
| ``"huangpai"`` | 黃牌 | none |
| ``"fapai"`` | 罰牌 | none; the offender pays (after a win was reached: the win, and he pays beside it) |
| ``"void"`` | 流局 | none (無天無九不打牌) |

>>> from changpai.chuanpai.chuopai import CHUOPAI, parse
>>> print(fapai_result(CHUOPAI, 0, 2).headline)
罰牌 (no winner)
>>> won = win_result(CHUOPAI, 0, 1, parse("56 46 16 15") * 4 + parse("66"), liable=None)
>>> won.reason, won.label, won.value, won.next_dealer
('xiaohu', '小胡', 17, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from changpai.chuanpai.cards import Card
from changpai.chuanpai.chuopai.deal import PLAYERS, next_dealer
from changpai.chuanpai.chuopai.rules import Rules
from changpai.chuanpai.chuopai.scoring import Win, fapai_sheet, level, score
from changpai.core.records import GameResult

__all__ = [
    "LABELS",
    "fapai_result",
    "huangpai_result",
    "tuoshou_result",
    "void_result",
    "win_result",
]

LABELS = {
    "xiaohu": "小胡",
    "yijia": "一甲",
    "liangjia": "兩甲",
    "tuoshou": "脫手",
    "huangpai": "黃牌",
    "fapai": "罰牌",
    "void": "流局",
}
"""The hanzi label of every reason code."""


def _liable(liable: int | None, winner: int) -> int | None:
    return liable if liable != winner else None


def win_result(
    rules: Rules,
    dealer: int,
    winner: int,
    bai: Sequence[Card],
    liable: int | None,
    *,
    offender: int | None = None,
) -> GameResult:
    """The win of ``winner`` with these 擺牌 (16 or more): 小胡, 一甲 or 兩甲 (§3.4). With
    ``offender``, a 罰牌 stopped the hand after the win was reached: the win is settled as it
    stands and the offender pays his penalty beside it (:func:`fapai_sheet`'s line and
    payments follow the win's).

    >>> from changpai.chuanpai.chuopai import CHUOPAI, parse
    >>> win_result(CHUOPAI, 0, 0, parse("56 46 16 15") * 4, liable=2).payments[0].payer
    2
    >>> won = win_result(CHUOPAI, 0, 0, parse("56 46 16 15") * 4, None, offender=2)
    >>> [(p.payer, p.payee, p.amount) for p in won.payments]
    [(1, 0, 1), (2, 0, 1), (2, 0, 1), (2, 1, 1)]
    """
    found = level(len(bai), rules)
    assert found is not None, "a win needs 16 擺牌"
    win = Win(bai, winner, _liable(liable, winner), offender, rules=rules)
    return GameResult(
        winner,
        found.value,
        score(win, players=PLAYERS),
        next_dealer=next_dealer(rules, dealer, winner),
        value=len(bai),
        label=found.hanzi,
        win=win,
    )


def tuoshou_result(
    rules: Rules, dealer: int, seat: int, bai: Sequence[Card], liable: int | None
) -> GameResult:
    """脫手 of ``seat`` (15 擺牌, 5 in hand): a draw, or a 小胡 with ``chuo_fifteen="win"``.

    >>> from changpai.chuanpai.chuopai import CHUOPAI, parse
    >>> tuoshou_result(CHUOPAI, 0, 1, (), None).winner is None
    True
    """
    if rules.chuo_fifteen == "win":
        win = Win(bai, seat, _liable(liable, seat), rules=rules)
        sheet = score(win, players=PLAYERS)
        nxt = next_dealer(rules, dealer, seat)
        return GameResult(
            seat, "tuoshou", sheet, next_dealer=nxt, value=len(bai), label="脫手", win=win
        )
    nxt = next_dealer(rules, dealer, None)
    return GameResult(None, "tuoshou", None, next_dealer=nxt, label="脫手")


def huangpai_result(rules: Rules, dealer: int) -> GameResult:
    """黃牌: nobody reached 16 擺牌 (§3.4); the deal rotates.

    >>> from changpai.chuanpai.chuopai import CHUOPAI, parse
    >>> huangpai_result(CHUOPAI, 2).next_dealer
    0
    """
    nxt = next_dealer(rules, dealer, None)
    return GameResult(None, "huangpai", None, next_dealer=nxt, label="黃牌")


def fapai_result(rules: Rules, dealer: int, offender: int) -> GameResult:
    """罰牌: ``offender`` did not beat when able; he pays every other seat (§3.4).

    >>> from changpai.chuanpai.chuopai import CHUOPAI, parse
    >>> fapai_result(CHUOPAI, 0, 1).net(3)
    {0: 1, 1: -2, 2: 1}
    """
    sheet = fapai_sheet(offender, rules=rules, players=PLAYERS)
    nxt = next_dealer(rules, dealer, None)
    return GameResult(None, "fapai", sheet, next_dealer=nxt, label="罰牌")


def void_result(rules: Rules, dealer: int) -> GameResult:
    """A void hand (無天無九不打牌, §3.1): dealt again by the same dealer [INF].

    >>> from changpai.chuanpai.chuopai import CHUOPAI
    >>> void_result(CHUOPAI, 1).label, void_result(CHUOPAI, 1).next_dealer
    ('流局', 1)
    """
    nxt = next_dealer(rules, dealer, None, void=True)
    return GameResult(None, "void", None, next_dealer=nxt, label="流局")
