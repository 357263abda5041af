"""The legal decisions of a 戳牌 seat as shared :class:`~changpai.chuanpai.chuopai.Action`
objects (the engine's hot path; chuanpai.md §3.2, §3.3).

A hand's plays are the plays of each unit of :data:`~changpai.chuanpai.chuopai.plays.UNITS`
(a group of one rank, or a 組合), and a unit's plays depend only on how many of its few kinds
the hand holds; so the actions are cached per (seat, unit, those counts) and a legal-action
list is a few dictionary reads. The order is that of
:func:`~changpai.chuanpai.chuopai.plays.lead_sets` / :func:`~changpai.chuanpai.chuopai.plays.beat_sets`.

>>> counts = [0] * 21; counts[0] = 2; counts[4] = 1
>>> [a.details for a in lead_actions(0, counts)]
['天牌', '天牌 天牌', '紅九', '天牌 紅九', '天牌 天牌 紅九']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any

from changpai.chuanpai.cards import CARDS
from changpai.chuanpai.chuopai.actions import Action, ActionKind
from changpai.chuanpai.chuopai.deal import PLAYERS
from changpai.chuanpai.chuopai.plays import DOTS, UNITS, Shape, unit_sets
from changpai.core import caches

__all__ = ["beat_actions", "cover_actions", "lead_actions"]

# One getter per unit: its kinds' counts (an int for a one-kind group, else a tuple).
_GET: tuple[Callable[[Sequence[int]], Any], ...] = tuple(
    itemgetter(*kinds) for _k, _r, kinds in UNITS
)
_COVER: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, ActionKind.COVER, (CARDS[i],)) for i in range(DOTS))
    for seat in range(PLAYERS)
)
# Bounded: 3 seats x 17 units x at most 5**4 counts (x sizes up to 16 for beats).
_LEAD: caches.BoundedDict[tuple[int, int, Any], tuple[Action, ...]] = caches.BoundedDict(
    "chuanpai.chuopai", "changpai.chuanpai.chuopai.choices._LEAD", 1 << 15
)
_BEAT: caches.BoundedDict[tuple[int, int, Any, int], tuple[Action, ...]] = caches.BoundedDict(
    "chuanpai.chuopai", "changpai.chuanpai.chuopai.choices._BEAT", 1 << 16
)
# (kind, rank, ties) of a led play -> the units whose plays may beat it, in order.
_BEATERS: dict[tuple[int, int, bool], tuple[int, ...]] = {
    (kind, rank, ties): tuple(
        u for u, (k, r, _) in enumerate(UNITS) if k == kind and (r > rank or (ties and r == rank))
    )
    for kind, rank, _kinds in UNITS
    for ties in (False, True)
}


def _actions(seat: int, kind: ActionKind, unit: int, got: Any, n: int | None) -> tuple[Action, ...]:
    avail = got if isinstance(got, tuple) else (got,)
    return tuple(
        Action(seat, kind, tuple(CARDS[i] for i in play)) for play in unit_sets(unit, avail, n)
    )


def lead_actions(seat: int, counts: Sequence[int]) -> list[Action]:
    """Every lead (出牌) of ``seat`` holding ``counts`` (cards per kind index).

    >>> counts = [0] * 21; counts[20] = 1
    >>> lead_actions(2, counts)
    [Action(seat=2, kind=ActionKind.LEAD, cards=(Card('11'),))]
    """
    out: list[Action] = []
    for unit, get in enumerate(_GET):
        got = get(counts)
        key = (seat, unit, got)
        found = _LEAD.get(key)
        if found is None:
            found = _LEAD[key] = _actions(seat, ActionKind.LEAD, unit, got, None)
        out += found
    return out


def beat_actions(seat: int, counts: Sequence[int], led: Shape, ties: bool) -> list[Action]:
    """Every play (打) of ``seat`` holding ``counts`` that beats a play of shape ``led``.

    >>> counts = [0] * 21; counts[4] = 2; counts[10] = 2
    >>> [a.details for a in beat_actions(1, counts, (1, 1, 2), False)]
    ['紅九 紅九', '三四 三四']
    """
    kind, rank, n = led
    out: list[Action] = []
    for unit in _BEATERS.get((kind, rank, ties), ()):
        got = _GET[unit](counts)
        key = (seat, unit, got, n)
        found = _BEAT.get(key)
        if found is None:
            found = _BEAT[key] = _actions(seat, ActionKind.BEAT, unit, got, n)
        out += found
    return out


def cover_actions(seat: int, counts: Sequence[int]) -> list[Action]:
    """Every cover (蓋牌) of ``seat`` holding ``counts``: one action per kind held.

    >>> counts = [0] * 21; counts[3] = 2; counts[0] = 1
    >>> [a.details for a in cover_actions(0, counts)]
    ['天牌', '梅子']
    """
    return list(compress(_COVER[seat], counts))
