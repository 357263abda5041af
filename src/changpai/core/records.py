"""The log records and the result of a hand, one class each for every family (docs: Core concepts).

Every family's ``Game.log`` is a tuple of :class:`ActionRecord` and every finished hand has one
:class:`GameResult`, so a program that reads the log or settles a hand runs unchanged on every
family.

>>> from changpai.core.scoresheet import Payment, ScoreSheet
>>> sheet = ScoreSheet("demo", (), 6, (Payment(1, 0, 6), Payment(2, 0, 6)))
>>> result = GameResult(0, "win", sheet, next_dealer=0, value=18, label="胡")
>>> result.payments[0].amount, result.net(3), result.value
(6, {0: 12, 1: -6, 2: -6}, 18)
>>> print(GameResult(None, "huangzhuang", label="荒莊", next_dealer=0))
荒莊 (no winner); next dealer seat 0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from attrs import field, frozen

from changpai.core import render
from changpai.core.guard import (
    clipped,
    count_arg,
    flag_arg,
    int_field,
    int_hint,
    items_arg,
    optional_int_field,
    shown,
    whole_number,
)
from changpai.core.scoresheet import Payment, ScoreSheet
from changpai.errors import IllegalActionError, NotationError

__all__ = ["ActionRecord", "GameResult"]

A = TypeVar("A")


@frozen
class ActionRecord(Generic[A]):
    """One entry of ``Game.log``: the action, whether the engine applied it by itself
    (``auto``: the deal, draws, forced moves), a short ``note`` and the cards the engine drew
    because of it (``draws``: ``(seat, card)`` pairs; private to their seat in views).

    >>> from changpai.zipai import Action, ActionKind
    >>> record = ActionRecord(Action(0, ActionKind.DRAW, "x3"), auto=True)
    >>> str(record), record.to_dict()["auto"]
    ('seat 0 摸 三 (auto)', True)
    """

    action: A
    auto: bool = False
    note: str = ""
    draws: tuple[tuple[int, Any], ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.auto is not True and self.auto is not False:  # (cheap: a record per action)
            raise NotationError(f"auto={shown(self.auto)} is not True or False")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the action's own dict, ``auto``, and ``note`` / ``draws`` when set.

        >>> from changpai.zipai import Action, ActionKind
        >>> ActionRecord(Action(1, ActionKind.PASS), note="n").to_dict()
        {'action': {'seat': 1, 'kind': 'pass'}, 'auto': False, 'note': 'n'}
        """
        out: dict[str, Any] = {"action": self.action.to_dict(), "auto": self.auto}  # type: ignore[attr-defined]
        if self.note:
            out["note"] = self.note
        if self.draws:
            out["draws"] = [[seat, card.code] for seat, card in self.draws]
        return out

    def __str__(self) -> str:
        text = f"{self.action}{' (auto)' if self.auto else ''}"
        if self.draws:
            text += "  (draws: " + ", ".join(f"seat {s} {c}" for s, c in self.draws) + ")"
        return f"{text}  ({self.note})" if self.note else text


# the most players :meth:`GameResult.net` counts (a program's own table too)
_MOST_SEATS = 64


def _seats_arg(seats: object) -> tuple[int, ...]:
    """The seats named by the argument of :meth:`GameResult.net`: a player count or seats."""
    if isinstance(seats, int) and not isinstance(seats, bool):
        # (bounded: no table of any family holds more than 7 players)
        return tuple(range(count_arg(seats, "seats", low=0, high=_MOST_SEATS)))
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise NotationError(f"seats={shown(seats)} is not a player count or a sequence of seats")
    found = items_arg(seats, "seats", "seats", sets=True)
    for seat in found:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise NotationError(f"seats={shown(seats)} holds {shown(seat)}, which is not a seat")
        if seat < 0:
            raise IllegalActionError(
                f"seats={shown(seats)} holds {clipped(seat)}, which is not a seat (a seat is >= 0)"
            )
    return found


@frozen
class GameResult:
    """How a hand ended, the same for every family.

    ``winner`` is the winning seat or ``None``; ``reason`` the code name of the ending
    (``"win"``, or the family's word for a hand without a winner such as ``"huangzhuang"``) and
    ``label`` its hanzi (``"胡"``, ``"荒莊"``, ``"荒牌"``); ``sheet`` the itemized score sheet
    with the payments; ``next_dealer`` the seat that deals the next hand by the family's rule
    (``None`` where it depends on something after the hand, such as the 川牌 cut);
    ``value`` the family's count of the winning hand (胡息 / 胡數 / 胡; 0 without a winner);
    ``win`` the family's win object (the decomposition and how it was won) when there is one;
    ``discarder`` the seat whose discard was won on, and ``self_drawn`` whether the winner drew
    the winning card himself; ``decomposition`` (keyword only) the reading the family scored,
    where its win object does not carry one.

    >>> GameResult(None, "huangpai", label="荒牌").payments
    ()
    """

    winner: int | None = field(converter=optional_int_field)
    reason: str
    sheet: ScoreSheet | None = None
    next_dealer: int | None = field(default=None, converter=optional_int_field)
    value: int = field(default=0, converter=int_field)
    label: str = ""
    win: Any = field(default=None)
    discarder: int | None = field(default=None, converter=optional_int_field)
    self_drawn: bool = field(default=False)
    _decomposition: Any = field(default=None, kw_only=True, repr=False)

    @self_drawn.validator
    def _flag(self, _attribute: Any, value: Any) -> None:
        flag_arg(value, "self_drawn", NotationError)

    def __attrs_post_init__(self) -> None:
        for what in ("winner", "next_dealer", "discarder"):
            seat = getattr(self, what)
            if seat is not None and (type(seat) is not int or seat < 0):
                if isinstance(seat, bool) or not isinstance(seat, int):
                    raise NotationError(
                        f"{what}={shown(seat)} is not a seat or None{int_hint(seat)}"
                    )
                if seat < 0:
                    raise IllegalActionError(
                        f"{what}={clipped(seat)} is not a seat (a seat is >= 0)"
                    )
        whole_number(self.value, "value")
        for what in ("reason", "label"):
            if not isinstance(getattr(self, what), str):
                raise NotationError(f"{what}={shown(getattr(self, what))} is not text (str)")
        if self.sheet is not None and not isinstance(self.sheet, ScoreSheet):
            raise NotationError(f"sheet={shown(self.sheet)} is not a ScoreSheet or None")

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Who pays whom (empty when nobody won).

        >>> GameResult(0, "win", ScoreSheet("demo", (), 6, (Payment(1, 0, 6),))).payments
        (Payment(payer=1, payee=0, amount=6),)
        >>> GameResult(None, "huangzhuang").payments
        ()
        """
        return () if self.sheet is None else self.sheet.payments

    def net(self, seats: int | Iterable[int]) -> dict[int, int]:
        """Net gain of every seat from the payments (what it received minus what it paid).

        ``seats`` is the number of players (the seats ``0 .. seats-1``) or the seats themselves,
        such as ``game.seats``; a seat that is paid or pays is counted even when it is not
        named. A player count or seat of the wrong type raises
        :class:`~changpai.errors.NotationError`, a negative count or one over 64
        :class:`~changpai.errors.RulesError` and a negative seat
        :class:`~changpai.errors.IllegalActionError` (docs: Core concepts, "Errors").

        >>> GameResult(None, "huangzhuang").net(3)
        {0: 0, 1: 0, 2: 0}
        >>> GameResult(None, "huangzhuang").net((2, 0, 1))
        {2: 0, 0: 0, 1: 0}
        >>> GameResult(None, "huangzhuang").net("3")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: seats='3' is not a player count or a sequence of seats
        """
        out = dict.fromkeys(_seats_arg(seats), 0)
        if self.sheet is not None:
            for seat, amount in self.sheet.net().items():
                out[seat] = out.get(seat, 0) + amount
        return out

    @property
    def headline(self) -> str:
        """One line: who won and how, or the ending without a winner.

        >>> GameResult(2, "win", label="胡", discarder=0).headline
        "seat 2 胡 on seat 0's discard"
        """
        if self.winner is None:
            return f"{self.label or self.reason} (no winner)"
        how = ""
        if self.discarder is not None:
            how = f" on seat {self.discarder}'s discard"
        elif self.self_drawn:
            how = " 自摸"
        label = self.label or self.reason
        reason = "" if self.reason in ("win", label) else f" ({self.reason})"
        return f"seat {self.winner} {label}{reason}{how}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the same keys in every family).

        >>> sorted(GameResult(None, "huangzhuang").to_dict())
        ['discarder', 'label', 'next_dealer', 'reason', 'self_drawn', 'sheet', 'value', 'win', 'winner']
        """
        win = self.win
        return {
            "winner": self.winner,
            "reason": self.reason,
            "label": self.label,
            "value": self.value,
            "next_dealer": self.next_dealer,
            "discarder": self.discarder,
            "self_drawn": self.self_drawn,
            "win": win.to_dict() if hasattr(win, "to_dict") else None,
            "sheet": None if self.sheet is None else self.sheet.to_dict(),
        }

    @property
    def decomposition(self) -> Any:
        """The winning decomposition: the one the family scored (``decomposition=`` when the
        result was made, as 南通's engine does: its win object holds the cards, not a reading),
        else ``win.decomposition``, or ``win`` itself when the family's win is its decomposition
        (川牌); ``None`` without a winner.

        >>> GameResult(None, "huangpai").decomposition is None
        True
        >>> GameResult(0, "win", win="a win", decomposition="its reading").decomposition
        'its reading'
        """
        if self._decomposition is not None:
            return self._decomposition
        win = self.win
        if win is None:
            return None
        found = getattr(win, "decomposition", None)
        if found is not None:
            return found
        return win if hasattr(win, "melds") else None

    def __str__(self) -> str:
        lines = [
            self.headline
            + ("" if self.next_dealer is None else f"; next dealer seat {self.next_dealer}")
        ]
        decomposition = self.decomposition
        if decomposition is not None:
            lines.append(f"  {decomposition}")
        if self.sheet is not None:
            lines.append(str(self.sheet))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The result for notebooks: the headline, the winning melds when known, the score sheet.

        >>> GameResult(None, "huangzhuang", label="荒莊")._repr_html_()
        '<div><b>荒莊 (no winner)</b></div>'
        """
        parts = [f"<b>{render.esc(self.headline)}</b>"]
        decomposition = self.decomposition
        if decomposition is not None and hasattr(decomposition, "_repr_html_"):
            parts.append(decomposition._repr_html_())
        if self.sheet is not None:
            parts.append(self.sheet._repr_html_())
        return f"<div>{''.join(parts)}</div>"
