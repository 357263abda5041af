"""川牌 戳牌 / 亂戳, the trick-taking game (chuanpai.md §3): plays and how they compare, the
engine, and the settlement of §3.4.

>>> from changpai.chuanpai import chuopai
>>> chuopai.beats("天牌 紅九", "地牌 平八"), [p.name for p in chuopai.plays("人牌 三四 二五")]
(True, ['人', '三四', '二五', '人七', '人七', '人七'])
>>> game = chuopai.Game(seed=11)
>>> game.to_act, game.rules
((0,), chuanpai.chuopai.CHUOPAI)
"""

from __future__ import annotations

from changpai.chuanpai.cards import DECK84, Card, format
from changpai.chuanpai.chuopai.actions import Action, ActionKind, Pile, PileKind
from changpai.chuanpai.chuopai.cards import parse
from changpai.chuanpai.chuopai.deal import next_dealer, stack_deck
from changpai.chuanpai.chuopai.game import Game
from changpai.chuanpai.chuopai.match import Match, random_game, simulate, transcript
from changpai.chuanpai.chuopai.plays import Play, PlayKind, beats, plays
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.chuanpai.chuopai.scoring import Level, Win, fan, fapai_sheet, level, score
from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld

__all__ = [
    "CHUOPAI",
    "DECK",
    "VARIANTS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "Card",
    "Game",
    "GameResult",
    "GameView",
    "HandSummary",
    "Level",
    "Match",
    "Pile",
    "PileKind",
    "Play",
    "PlayKind",
    "Rules",
    "SeatView",
    "SeenMeld",
    "Win",
    "beats",
    "clear_caches",
    "fan",
    "fapai_sheet",
    "format",
    "level",
    "next_dealer",
    "parse",
    "plays",
    "random_game",
    "score",
    "simulate",
    "stack_deck",
    "transcript",
]
__dir__ = public_dir(__all__)


def clear_caches() -> None:
    """Empty the module-level caches of the 戳牌 engine and play generator (each holds a bounded
    number of entries, listed by ``changpai.core.caches.stats("chuanpai.chuopai")``); results do
    not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("chuanpai.chuopai").values())
    True
    """
    caches.clear("chuanpai.chuopai")


DECK = DECK84
"""The 戳牌 deck: ``deck84``, 21 kinds × 4 (chuanpai.md §1, §3.1)."""

VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="chuopai",
        family="chuanpai.chuopai",
        title="戳牌",
        aliases=("戳牌", "亂戳", "乱戳", "luanchuo"),
        rules=CHUOPAI,
        description="川牌 trick-taking game: deck84, 3 players, 28 cards each, 擺牌 to 16 "
        "(chuanpai.md §3)",
        sample=(
            "66 66 11 44 13 55 33 22 15 16 45 45 34 14 36 26 35 25 23 46 56 11 44 13 55 33 26 35"
        ),
    ),
)
"""The registered 戳牌 variant (``changpai.variant("戳牌")``)."""
