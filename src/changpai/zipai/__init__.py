"""字牌 / 跑胡子 (Hunan word cards): cards, melds, hand analysis, scoring and the game engine.

>>> from changpai import zipai
>>> zipai.format(zipai.parse("x1 x2 x3 d2 d7 d10"))
'一二三貳柒拾'
>>> zipai.classify(zipai.parse("貳柒拾")).hanzi
'二七十'
"""

from __future__ import annotations

from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.cards import CARDS, DECK, KINDS, Card, format, parse
from changpai.zipai.chi import ChiOption, chi_options
from changpai.zipai.deck import stack_deck
from changpai.zipai.game import Game
from changpai.zipai.hand import (
    Decomposition,
    best_decomposition,
    decompositions,
    is_tianhu,
    parse_melds,
    waits,
)
from changpai.zipai.match import Match, next_dealer
from changpai.zipai.melds import HUXI_TABLE, Meld, MeldKind, Origin, classify, huxi
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, MINGTANG_PRESETS, Rules
from changpai.zipai.scoring import Analysis, Win, analyze, score
from changpai.zipai.sim import random_game, simulate, transcript

__all__ = [
    "CARDS",
    "DECK",
    "HAHA",
    "HUNAN",
    "HUXI_TABLE",
    "KINDS",
    "LIUHUDAO",
    "MINGTANG_PRESETS",
    "VARIANTS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "Analysis",
    "Card",
    "ChiOption",
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
    "chi_options",
    "classify",
    "clear_caches",
    "decompositions",
    "format",
    "huxi",
    "is_tianhu",
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
    """Empty the module-level caches of the 字牌 hand analysis (each holds a bounded number of
    entries, listed by ``changpai.core.caches.stats("zipai")``); results do not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("zipai").values())
    True
    """
    caches.clear("zipai")


VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="hunan",
        family="zipai",
        title="跑胡子",
        aliases=(
            "paohuzi",
            "跑胡子",
            "跑鬍子",
            "zipai",
            "字牌",
            "湖南字牌",
            "扯二七十",
            "chuerqishi",
            "橋字牌",
            "棍棍",
            "八一字牌",
            "大字牌",
        ),
        rules=HUNAN,
        sample="壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌",
        # (zipai.md Z15: the seeds call this game 大貳 too; the name is Sichuan 大貳's here)
        description="Hunan 跑胡子: 3 players, 21/20/20 cards, 7 門子, 15 胡息, win only on a drawn card."
        " Also called 字牌, 橋字牌, 扯二七十, 棍棍, 八一字牌 / 大字牌 and, in some sources, 大貳"
        " (the name of the Sichuan game, changpai.daer).",
    ),
    Variant(
        name="liuhudao",
        family="zipai",
        title="字牌6胡倒",
        aliases=("6hudao", "六胡倒", "6胡倒", "字牌6胡倒", "liuhu"),
        rules=LIUHUDAO,
        sample="壹貳叄 一二三 二七十 捌捌捌 九九玖",
        description="字牌6胡倒: 4 players, 15/14/14/14 cards, 5 門子, 6 胡息, 翻信.",
    ),
    Variant(
        name="haha",
        family="zipai",
        title="哈哈字牌",
        aliases=("哈哈字牌", "hahazipai", "shuxin", "數信", "数信"),
        rules=HAHA,
        sample="一二三 壹貳叄 二七十 貳柒拾 捌捌捌 九九玖 四五六",
        description=(
            "哈哈字牌: win on any card incl. discards, 數信 seat, 翻信, a dealt 提 may stay in "
            "the hand, a 提 shown face down."
        ),
    ),
)
"""The registered variants of the 字牌 family (found by ``changpai.variant(name)``), each with
its rules preset and a sample hand."""
