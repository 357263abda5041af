"""川牌 (Sichuan long cards with dots): cards, units, hand analysis, scoring and the engine of the
擠兒 game (幺地人, chuanpai.md §1, §2) and of the 14-point 割胡 preset (§4), with the public face
of every family (docs: Core concepts).

>>> from changpai import chuanpai
>>> hand = chuanpai.parse("天牌 人牌 梅子 梅子 梅子")
>>> chuanpai.best_decomposition(hand).value
4
>>> chuanpai.score(chuanpai.best_decomposition(hand)).payments[0].amount
5
>>> [(v.name, chuanpai.analyze(v.sample, rules=v.rules).complete) for v in chuanpai.VARIANTS]
[('yaodiren', True), ('gehu', True)]
>>> game = chuanpai.random_game(chuanpai.YAODIREN, 7)
>>> game.result.label in ("胡", "荒牌"), chuanpai.Game.from_json(game.to_json()) == game
(True, True)
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from changpai.chuanpai.actions import Action, ActionKind
from changpai.chuanpai.cards import (
    CARDS,
    DECK,
    DECK84,
    DECK84_JING,
    DECK86,
    DECK105,
    DECKS,
    DOT_CARDS,
    JING_CARDS,
    SEVENS,
    Card,
    ChuoClass,
    deck,
    format,
    parse,
)
from changpai.chuanpai.game import Game
from changpai.chuanpai.hand import (
    Decomposition,
    best_decomposition,
    can_jiao,
    decompositions,
    has_tuhuo,
    is_complete,
    parse_melds,
    qitou,
    waits,
)
from changpai.chuanpai.match import Match, draw_dealer, next_dealer
from changpai.chuanpai.melds import (
    Meld,
    MeldKind,
    classify,
    hu,
    is_jing_set,
    is_tuhuo,
    pair_ok,
)
from changpai.chuanpai.rules import GEHU, PRESETS, YAODIREN, Rules
from changpai.chuanpai.scoring import Analysis, Win, analyze, payments, score
from changpai.chuanpai.sim import perft, random_game, simulate, stack_deck, transcript
from changpai.core import caches
from changpai.core.match import HandSummary
from changpai.core.records import ActionRecord, GameResult
from changpai.core.variant import Variant, public_dir
from changpai.core.view import GameView, SeatView, SeenMeld

if TYPE_CHECKING:  # (a type checker sees the trick game as the attribute it becomes)
    from changpai.chuanpai import chuopai  # noqa: F401
else:  # (hidden from type checkers, as changpai/__init__.py's families)

    def __getattr__(name: str) -> ModuleType:
        """The trick game 戳牌, ``chuopai``, imported on first use (as ``import changpai``
        reaches every family); any other name is missing."""
        if name == "chuopai":
            return importlib.import_module(f"{__name__}.chuopai")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CARDS",
    "DECK",
    "DECK84",
    "DECK84_JING",
    "DECK86",
    "DECK105",
    "DECKS",
    "DOT_CARDS",
    "GEHU",
    "JING_CARDS",
    "PRESETS",
    "SEVENS",
    "VARIANTS",
    "YAODIREN",
    "Action",
    "ActionKind",
    "ActionRecord",
    "Analysis",
    "Card",
    "ChuoClass",
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
    "can_jiao",
    "classify",
    "clear_caches",
    "deck",
    "decompositions",
    "draw_dealer",
    "format",
    "has_tuhuo",
    "hu",
    "is_complete",
    "is_jing_set",
    "is_tuhuo",
    "next_dealer",
    "pair_ok",
    "parse",
    "parse_melds",
    "payments",
    "perft",
    "qitou",
    "random_game",
    "score",
    "simulate",
    "stack_deck",
    "transcript",
    "waits",
]
__dir__ = public_dir([*__all__, "chuopai"])  # (with the trick game that loads on first use)


def clear_caches() -> None:
    """Empty the module-level caches of the 川牌 hand analysis (each holds a bounded number of
    entries, listed by ``changpai.core.caches.stats("chuanpai")``); results do not change.

    >>> clear_caches()
    >>> all(size == 0 for size, _limit in caches.stats("chuanpai").values())
    True
    """
    caches.clear("chuanpai")


VARIANTS: tuple[Variant, ...] = (
    Variant(
        name="yaodiren",
        family="chuanpai",
        title="幺地人",
        aliases=("幺地人", "幺地哥", "殺胡", "yaodige", "shahu", "chuanpai", "川牌"),
        rules=YAODIREN,
        description="川牌 擠兒 game: deck105, pairs summing to 10 or 20, 4 players (chuanpai.md §2)",
        sample="66 44 55 55 55 13 24 16 34 25",
    ),
    Variant(
        name="gehu",
        family="chuanpai",
        title="割胡",
        aliases=("割胡",),
        rules=GEHU,
        description=(
            "川北 割胡: deck84, pairs summing to 14, 4 players, no 叫牌, a turned card claimed "
            "only by 扯 (碰) (chuanpai.md §4)"
        ),
        sample="66 11 56 12 46 13 55 55 55 16 34 25",
    ),
)
"""The registered variants of the 川牌 family (found by ``changpai.variant(name)``), each with
its rules preset and a sample hand."""
