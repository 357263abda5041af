"""What two or more families share: strict card-count multisets and itemized score sheets here;
in submodules the game-engine machinery: :mod:`~changpai.core.seats` (turn order, 下家 / 上家,
claim priority), :mod:`~changpai.core.engine` (verify / can / apply, equality, replay),
:mod:`~changpai.core.serial` (rules and saved games as JSON), :mod:`~changpai.core.deck`
(shuffled or stacked deal order), :mod:`~changpai.core.playout` (random play, perft,
simulations) and :mod:`~changpai.core.turnclaim` (the family-neutral draw / turn / claim flow of
the 擠兒 and 孝感 games), and :class:`~changpai.core.hanzi.HanziEnum` for enums whose members
carry their hanzi.

>>> from changpai.core import Counts, ScoreSheet, ScoreLine
>>> Counts.from_indices([0, 0, 2], size=3, max_copies=4).counts
(2, 0, 1)
"""

from __future__ import annotations

from changpai.core.engine import GameBase
from changpai.core.hanzi import HanziEnum
from changpai.core.match import HandSummary, Match
from changpai.core.multiset import Counts
from changpai.core.playout import Backend, SimulationStats, random_game, simulate, transcript
from changpai.core.records import ActionRecord, GameResult
from changpai.core.rules import RulesBase
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet
from changpai.core.variant import Variant
from changpai.core.view import GameView, PerSeat, SeatView, SeenMeld

__all__ = [
    "ActionRecord",
    "Backend",
    "Counts",
    "GameBase",
    "GameResult",
    "GameView",
    "HandSummary",
    "HanziEnum",
    "Match",
    "Payment",
    "PerSeat",
    "RulesBase",
    "ScoreLine",
    "ScoreSheet",
    "SeatView",
    "SeenMeld",
    "SimulationStats",
    "Variant",
    "random_game",
    "simulate",
    "transcript",
]
