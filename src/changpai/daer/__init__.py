"""大貳 (四川大貳 / 正宗大貳, daer.md): the mahjong-like game on the 80 字牌 word cards, and the
瀘州大貳 preset — cards (from :mod:`changpai.zipai`), sets, hand analysis, settlement and the
game engine.

>>> from changpai import daer
>>> daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍").jiang
Meld.parse('將 伍伍')
>>> daer.classify(daer.parse("貳柒拾")).hanzi
'二七十'
>>> game = daer.Game(daer.DAER, seed=7)
>>> game.to_act, len(game.hand(0))
((0,), 14)
>>> [v.name for v in daer.VARIANTS]
['daer', 'luzhou']
"""

from __future__ import annotations

from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.daer.actions import Action, ActionKind
from changpai.daer.game import Game
from changpai.daer.hand import (
    Decomposition,
    best_decomposition,
    decompositions,
    parse_melds,
    waits,
)
from changpai.daer.melds import Meld, MeldKind, Origin, classify, meld_hu
from changpai.daer.play import Match, next_dealer, random_game, simulate, stack_deck, transcript
from changpai.daer.rules import DAER, LUZHOU, SCORING, Rules
from changpai.daer.scoring import Analysis, Win, analyze, score
from changpai.zipai import CARDS, DECK, KINDS, Card, format, parse

__all__ = [
    "CARDS",
    "DAER",
    "DECK",
    "KINDS",
    "LUZHOU",
    "SCORING",
    "VARIANTS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "Analysis",
    "Card",
    "Decomposition",
    "Game",
    "GameResult",
    "GameView",
    "HandSummary",
    "Match",
    "Meld",
    "MeldKind",
    "Origin",
    "Rules",
    "SeatView",
    "SeenMeld",
    "Win",
    "analyze",
    "best_decomposition",
    "classify",
    "clear_caches",
    "decompositions",
    "format",
    "meld_hu",
    "next_dealer",
    "parse",
    "parse_melds",
    "random_game",
    "score",
    "simulate",
    "stack_deck",
    "transcript",
    "waits",
]
__dir__ = public_dir(__all__)


def clear_caches() -> None:
    """Empty the module-level caches of the 大貳 hand analysis (each holds a bounded number of
    entries, listed by ``changpai.core.caches.stats("daer")``); results do not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("daer").values())
    True
    """
    caches.clear("daer")


VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="daer",
        family="daer",
        title="大貳",
        aliases=("大貳", "大贰", "四川大貳", "四川大贰", "正宗大貳", "正宗大贰", "sichuan-daer"),
        rules=DAER,
        description=(
            "四川大貳: 4 players, 13 + 1 cards, mahjong-like turns (胡 > 杠 > 碰 > 吃), "
            "4 sets + a 將 of 貳伍捌, flat settlement."
        ),
        sample="一二三 四五六 七八九 壹貳叄 伍伍",
    ),
    Variant(
        name="luzhou",
        family="daer",
        title="瀘州大貳",
        aliases=("瀘州大貳", "泸州大贰", "luzhou-daer", "瀘州", "泸州"),
        rules=LUZHOU,
        description=(
            "瀘州大貳: 3 players, 21 / 20 cards, 坎 / 垅 / 招 / 列 / 二七十 / 大小混搭, "
            "胡 > 招 > 碰 > 吃, at least 10 胡 by the 字牌 胡息 table, 自摸 paid double, no draw after a "
            "招 (八塊), 過張 not eaten later."
        ),
        sample="一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾",
    ),
)
"""The registered 大貳 variants (``changpai.variant("大貳")``, ``changpai.variant("luzhou")``)."""
