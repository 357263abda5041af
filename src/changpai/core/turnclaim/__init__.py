"""The draw / turn / claim flow of the long-card games where an unused card is turned from the
stock for everybody: the 川牌 擠兒 game (chuanpai.md §2.1, §2.2) and 孝感長牌 (xiaogan.md §2,
§3, the same flow with 句 instead of 擠兒).

:class:`TurnClaimGame` owns the state machine on the engine contract
(:class:`~changpai.core.engine.GameBase`) and knows no family rule: the deal by seat position
(dealer first), a setup phase where seats lay the sets they were dealt, the queue of replacement
draws (偷), discard -> offer -> claims by priority class (0 before 1: 碰 / 起 / 扛 before 擺)
then seat distance from the source -> a card turned from the stock, small seats that draw and
swap, a one-card seat that never plays, win checks, the log, copies, views and the 0.1.0
documents. A family subclasses it and writes the hooks (which sets may be laid, discarded and
claimed, how a claimed unit and a 偷 are placed, when a hand has won, its score).

The modules, along the flow: :mod:`~changpai.core.turnclaim.protocols` (what the flow asks of
the family's cards, units, actions and rules, and the action vocabulary),
:mod:`~changpai.core.turnclaim.state` (the state, the deal, the accessors and the hooks),
:mod:`~changpai.core.turnclaim.flow` (decisions and forced moves) and
:mod:`~changpai.core.turnclaim.game` (views, HTML, 0.1.0 documents: :class:`TurnClaimGame`);
:mod:`~changpai.core.turnclaim.stack` builds the stacked decks of both families
(:func:`stack_order`) and :mod:`~changpai.core.turnclaim.actions` holds the checks their
``Action`` classes share (:data:`MAX_SEATS`, :func:`action_fields`).

Cards, units, actions and rules are the family's own classes. The action vocabulary of the
flow: decisions ``"lay"``, ``"ready"``, ``"discard"``, ``"claim"``, ``"pass"``; records the
engine writes itself (``auto``) ``"tou"``, ``"turn"``, ``"draw"``, ``"skip"``, ``"win"``,
``"end"`` — the ``.value`` of members of the family's ``ActionKind`` (a
:class:`~changpai.core.hanzi.HanziEnum`); a family may add its own forced records.

>>> from changpai import chuanpai
>>> game = chuanpai.Game(seed=3)
>>> isinstance(game, TurnClaimGame), game.phase, game.to_act
(True, 'setup', (0,))
"""

from __future__ import annotations

from changpai.core.turnclaim.actions import MAX_SEATS, action_fields
from changpai.core.turnclaim.game import TurnClaimGame
from changpai.core.turnclaim.protocols import (
    DECISIONS,
    FORCED,
    TurnClaimAction,
    TurnClaimCard,
    TurnClaimRules,
    TurnClaimUnit,
)
from changpai.core.turnclaim.stack import stack_order

__all__ = [
    "DECISIONS",
    "FORCED",
    "MAX_SEATS",
    "TurnClaimAction",
    "TurnClaimCard",
    "TurnClaimGame",
    "TurnClaimRules",
    "TurnClaimUnit",
    "action_fields",
    "stack_order",
]
