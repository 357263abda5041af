"""孝感長牌 (Xiaogan long cards, the "上大人" word cards): cards, sets, hand analysis and scoring
(xiaogan.md).

>>> from changpai import xiaogan
>>> hand = xiaogan.parse("上大人 邱乙己 化三千 七十士 九九九九")
>>> best = xiaogan.best_decomposition(hand)
>>> best.value, best.wins
(16, True)
>>> [v.name for v in xiaogan.VARIANTS]
['xiaogan']
"""

from __future__ import annotations

from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.xiaogan.actions import Action, ActionKind
from changpai.xiaogan.cards import (
    CARDS,
    CHARACTERS,
    DECK,
    HUNJIANG,
    PHRASES,
    Card,
    format,
    parse,
)
from changpai.xiaogan.game import Game, next_dealer, tied
from changpai.xiaogan.hand import (
    MIN_CARDS,
    Decomposition,
    best_decomposition,
    best_layout,
    decompositions,
    is_complete,
    parse_melds,
    waits,
)
from changpai.xiaogan.match import Match
from changpai.xiaogan.melds import HU_TABLE, RUNS, Meld, MeldKind, classify, hu, meld_allowed
from changpai.xiaogan.rules import PRESETS, XIAOGAN, Rules
from changpai.xiaogan.scoring import Analysis, Win, analyze, score
from changpai.xiaogan.sim import perft, random_game, simulate, stack_deck, transcript

__all__ = [
    "CARDS",
    "CHARACTERS",
    "DECK",
    "HUNJIANG",
    "HU_TABLE",
    "MIN_CARDS",
    "PHRASES",
    "PRESETS",
    "RUNS",
    "VARIANTS",
    "XIAOGAN",
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
    "Rules",
    "SeatView",
    "SeenMeld",
    "Win",
    "analyze",
    "best_decomposition",
    "best_layout",
    "classify",
    "clear_caches",
    "decompositions",
    "format",
    "hu",
    "is_complete",
    "meld_allowed",
    "next_dealer",
    "parse",
    "parse_melds",
    "perft",
    "random_game",
    "score",
    "simulate",
    "stack_deck",
    "tied",
    "transcript",
    "waits",
]
__dir__ = public_dir(__all__)


def clear_caches() -> None:
    """Empty the module-level caches of the 孝感長牌 hand analysis (each holds a bounded number of
    entries, listed by ``changpai.core.caches.stats("xiaogan")``); results do not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("xiaogan").values())
    True
    """
    caches.clear("xiaogan")


VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="xiaogan",
        family="xiaogan",
        title="孝感長牌",
        aliases=("孝感長牌", "孝感长牌", "孝感", "xiaogan changpai", "上大人", "shangdaren"),
        rules=XIAOGAN,
        description=(
            "孝感長牌: 121 word cards (8 phrases × 3 characters × 5 + 混江), 句 and identical "
            "sets, a win at 16 cards laid out (xiaogan.md)"
        ),
        sample="上大人 邱乙己 化三千 七十士 九九九九",
    ),
)
"""The registered variants of the 孝感長牌 family (found by ``changpai.variant(name)``), each
with its rules preset and a sample hand."""
