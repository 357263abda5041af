"""Nantong 長牌 — 犢子胡 / 笃子胡 (nantong.md): cards, groups, 將 multipliers, hand analysis,
scoring and the game engine.

>>> from changpai import nantong
>>> nantong.parse("1t 二丙 三萬 QZ 紅花")
(Card('1t'), Card('2b'), Card('3w'), Card('QZ'), Card('HH'))
>>> nantong.set_value("碰", "紅花", jiang=("紅花", "白花"))
32
>>> nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").shape.hanzi
'清胡'
>>> nantong.score("123b 456b 789b 123t 456t 789t 123w 5w 5w", winning_card="5w").total
130
>>> game = nantong.Game(seed=1)
>>> game.to_act, str(game.legal_actions(0)[-1])
((0,), 'seat 0 過')
>>> [v.name for v in nantong.VARIANTS]
['duzihu', 'duzihu-baida']
"""

from __future__ import annotations

from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.nantong.actions import Action, ActionKind
from changpai.nantong.analysis import Analysis, analyze
from changpai.nantong.cards import (
    BAIDA,
    CARDS,
    COPIES,
    DECK,
    DECK_BAIDA,
    Card,
    count_tuple,
    counts_of,
    deck,
    format,
    is_laojiang,
    parse,
)
from changpai.nantong.deal import next_dealer, stack_deck
from changpai.nantong.game import Game
from changpai.nantong.hand import (
    Decomposition,
    Shape,
    WaitKind,
    best_decomposition,
    check_copies,
    decompositions,
    is_winning,
    parse_melds,
    placements,
    waits,
)
from changpai.nantong.match import Match, random_game, simulate, transcript
from changpai.nantong.melds import (
    JiangKind,
    JiangStatus,
    Meld,
    MeldKind,
    SetKind,
    SetValue,
    classify,
    jiang_kind,
    jiang_status,
    meld_value,
    multiplier,
    set_value,
    set_value_detail,
)
from changpai.nantong.rules import DUZIHU, DUZIHU_BAIDA, Rules
from changpai.nantong.scoring import OtherHand, Win, baida_bonus, score, sets_value

__all__ = [
    "BAIDA",
    "CARDS",
    "COPIES",
    "DECK",
    "DECK_BAIDA",
    "DUZIHU",
    "DUZIHU_BAIDA",
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
    "JiangKind",
    "JiangStatus",
    "Match",
    "Meld",
    "MeldKind",
    "OtherHand",
    "Rules",
    "SeatView",
    "SeenMeld",
    "SetKind",
    "SetValue",
    "Shape",
    "WaitKind",
    "Win",
    "analyze",
    "baida_bonus",
    "best_decomposition",
    "check_copies",
    "classify",
    "clear_caches",
    "count_tuple",
    "counts_of",
    "deck",
    "decompositions",
    "format",
    "is_laojiang",
    "is_winning",
    "jiang_kind",
    "jiang_status",
    "meld_value",
    "multiplier",
    "next_dealer",
    "parse",
    "parse_melds",
    "placements",
    "random_game",
    "score",
    "set_value",
    "set_value_detail",
    "sets_value",
    "simulate",
    "stack_deck",
    "transcript",
    "waits",
]
__dir__ = public_dir(__all__)


def clear_caches() -> None:
    """Empty the module-level caches of the 南通長牌 hand analysis (each holds a bounded number of
    entries, listed by ``changpai.core.caches.stats("nantong")``); results do not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("nantong").values())
    True
    """
    caches.clear("nantong")


VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="duzihu",
        family="nantong",
        title="笃子胡",
        aliases=("笃子胡", "犢子胡", "nantong", "南通長牌", "南通长牌", "游胡", "搭子胡"),
        rules=DUZIHU,
        description="Nantong 長牌 犢子胡: 3 of 4 seated play, 120 cards, 飄胡 / 清胡 / 塌子胡, 將牌 multipliers",
        sample="HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t",
        sample_options=(("jiang", "HH 3w"),),
    ),
    Variant(
        name="duzihu-baida",
        family="nantong",
        title="笃子胡（百搭）",
        aliases=("犢子胡百搭", "笃子胡百搭", "笃子胡（百搭）", "犢子胡（百搭）", "nantong-baida"),
        rules=DUZIHU_BAIDA,
        description="犢子胡 with the five 百搭 福祿壽喜財 as wild cards and the 喜 count (125 cards)",
        # 福 stands for the third 紅花: 飄胡 of 刻子, and the 喜 of one 百搭
        sample="HH HH FU QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t",
        sample_options=(("jiang", "HH 3w"),),
    ),
)
"""The registered variants of the 南通長牌 family (found by ``changpai.variant(name)``), each with
its rules preset and a sample hand."""
