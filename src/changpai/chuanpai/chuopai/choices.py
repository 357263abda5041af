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
from changpai.chuanpai.chuopai.plays import _K_COMBO, DOTS, UNITS, Shape, unit_sets
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
# The actions of each seat and unit by the counts of the unit's kinds the seat holds (leads) and
# by those counts and the size of the led play (beats): a few dictionary reads per unit. A hand
# of deck84 gives a unit at most 5**4 counts (x 16 sizes for beats); a table is emptied before it
# would hold more than _TABLE_MAX (other counts), and the tables are registered together.
_TABLE_MAX = 5**4 * 16
_LEAD: tuple[tuple[dict[Any, tuple[Action, ...]], ...], ...] = tuple(
    tuple({} for _ in UNITS) for _ in range(PLAYERS)
)
_BEAT: tuple[tuple[dict[tuple[Any, int], tuple[Action, ...]], ...], ...] = tuple(
    tuple({} for _ in UNITS) for _ in range(PLAYERS)
)
_TABLES = tuple(table for rows in (*_LEAD, *_BEAT) for table in rows)


def _clear_tables() -> None:
    for table in _TABLES:
        table.clear()


caches.register(
    "chuanpai.chuopai",
    "changpai.chuanpai.chuopai.choices._LEAD_BEAT",
    _clear_tables,
    lambda: sum(map(len, _TABLES)),
    len(_TABLES) * _TABLE_MAX,
)


def _store(table: dict[Any, tuple[Action, ...]], key: Any, found: tuple[Action, ...]) -> None:
    if len(table) >= _TABLE_MAX:
        table.clear()
    table[key] = found


# Each seat's (unit, getter, lead table) in unit order: lead_actions' loop.
_LEAD_ROWS = tuple(
    tuple(zip(range(len(UNITS)), _GET, _LEAD[seat], strict=True)) for seat in range(PLAYERS)
)
# (kind, rank, ties) of a led play -> the units whose plays may beat it, in order.
_BEATERS: dict[tuple[int, int, bool], tuple[int, ...]] = {
    (kind, rank, ties): tuple(
        u for u, (k, r, _) in enumerate(UNITS) if k == kind and (r > rank or (ties and r == rank))
    )
    for kind, rank, _kinds in UNITS
    for ties in (False, True)
}


def _actions(
    seat: int, kind: ActionKind, unit: int, got: Any, n: int | None, *, big: bool = True
) -> tuple[Action, ...]:
    avail = got if isinstance(got, tuple) else (got,)
    return tuple(
        Action(seat, kind, tuple(CARDS[i] for i in play)) for play in unit_sets(unit, avail, n, big)
    )


# the first 組合 unit (UNITS lists every group, then every 組合)
_FIRST_COMBO = next(u for u, (kind, _rank, _kinds) in enumerate(UNITS) if kind == _K_COMBO)


def lead_actions(seat: int, counts: Sequence[int], big: bool = True) -> list[Action]:
    """Every lead (出牌) of ``seat`` holding ``counts`` (cards per kind index); with ``big``
    False no 組合 of more than two cards (``Rules.big_combos``).

    >>> counts = [0] * 21; counts[20] = 1
    >>> lead_actions(2, counts)
    [Action(seat=2, kind=ActionKind.LEAD, cards=(Card('11'),))]
    >>> counts[0] = 2; counts[4] = 1  # (天 天 紅九: 天九 and 天天九)
    >>> len(lead_actions(2, counts)) - len(lead_actions(2, counts, big=False))
    1
    """
    out: list[Action] = []
    for unit, get, table in _LEAD_ROWS[seat]:
        got = get(counts)
        if not big and unit >= _FIRST_COMBO:  # (the option's leads are not tabled)
            out += _actions(seat, ActionKind.LEAD, unit, got, None, big=False)
            continue
        found = table.get(got)
        if found is None:
            found = _actions(seat, ActionKind.LEAD, unit, got, None)
            _store(table, got, found)
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
    tables = _BEAT[seat]
    for unit in _BEATERS.get((kind, rank, ties), ()):
        key = (_GET[unit](counts), n)
        table = tables[unit]
        found = table.get(key)
        if found is None:
            found = _actions(seat, ActionKind.BEAT, unit, key[0], n)
            _store(table, key, found)
        out += found
    return out


def cover_actions(seat: int, counts: Sequence[int]) -> list[Action]:
    """Every cover (蓋牌) of ``seat`` holding ``counts``: one action per kind held.

    >>> counts = [0] * 21; counts[3] = 2; counts[0] = 1
    >>> [a.details for a in cover_actions(0, counts)]
    ['天牌', '梅子']
    """
    return list(compress(_COVER[seat], counts))
