"""The decisions of a 犢子胡 hand (nantong.md §3): :class:`ActionKind` and :class:`Action`.

An action names the seat first, then the kind, then the card when the kind needs one (the
same order in every family):

>>> a = Action(1, ActionKind.PENG, Card("HH"))
>>> str(a), a.details, Action.from_dict(a.to_dict()) == a
('seat 1 碰 紅花', '紅花', True)
>>> str(Action(0, ActionKind.PASS)), Action(0, ActionKind.PASS).to_dict()
('seat 0 過', {'seat': 0, 'kind': 'pass'})
"""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

from changpai.core.guard import (
    action_card,
    action_dict,
    action_field,
    clipped,
    int_field,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.errors import NotationError
from changpai.nantong.cards import CARDS, N_KINDS, Card

__all__ = ["SEATS", "Action", "ActionKind"]

SEATS = 4
"""Four people sit at a 犢子胡 table; three of them play each hand (nantong.md §2)."""


class ActionKind(HanziEnum, short_repr=True):
    """Every kind of player decision, with its hanzi.

    >>> ActionKind.JIAGANG.hanzi, ActionKind("ting").hanzi
    ('加杠', '報聽')
    """

    CALL = ("call", "叫牌")
    TING = ("ting", "報聽")
    PASS = ("pass", "過")
    DISCARD = ("discard", "打")
    WIN = ("win", "胡")
    PENG = ("peng", "碰")
    GANG = ("gang", "杠")
    ANGANG = ("angang", "暗杠")
    JIAGANG = ("jiagang", "加杠")


_to_card = action_card(Card)


# (a named function: mypy's attrs plugin takes no computed converter)
def _card(value: Card | str | None) -> Card | None:
    """The card of an action: a :class:`Card`, or its text read by the family's notation."""
    return _to_card(value)  # type: ignore[no-any-return]


@frozen
class Action:
    """One decision of one seat; ``card`` names the card when the kind needs one (叫牌, 打, 胡
    on a discard or a draw, 碰, 杠, 暗杠, 加杠).

    The card may be given as text (``"9w"``, ``"九萬"``), read by :func:`~changpai.nantong.parse`;
    text that is not one card raises :class:`~changpai.errors.NotationError` naming ``card=``.
    A seat that is not ``0..3`` (``True`` is not seat 1), a kind that is not an
    :class:`ActionKind` or a card that is neither a :class:`~changpai.nantong.Card` nor text
    raise :class:`~changpai.errors.IllegalActionError`.

    >>> Action(2, ActionKind.DISCARD, Card("9w"))
    Action(seat=2, kind=ActionKind.DISCARD, card=Card('9w'))
    >>> Action(2, ActionKind.DISCARD, "九萬") == Action(2, ActionKind.DISCARD, Card("9w"))
    True
    >>> Action(2, ActionKind.DISCARD, "9x")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: card='9x': '9x' is not a nantong card; expected 1t..9t, ...
    >>> Action(True, ActionKind.PASS)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat=True is not a seat; expected a whole number 0..3
    """

    seat: int = field(converter=int_field, validator=seat_validator(SEATS))
    kind: ActionKind = field(validator=action_field(ActionKind, "kind", "nantong"))
    card: Card | None = field(
        default=None,
        converter=_card,
        validator=action_field(Card, "card", "nantong", optional=True, text=True),
    )

    @property
    def details(self) -> str:
        """The part of ``str(action)`` after the kind: the card's hanzi, or ``""``.

        >>> Action(0, ActionKind.CALL, Card("QZ")).details, Action(0, ActionKind.TING).details
        ('千字', '')
        """
        return "" if self.card is None else str(self.card)

    def __str__(self) -> str:
        details = self.details
        return f"seat {self.seat} {self.kind.hanzi}" + (f" {details}" if details else "")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: seat, kind and (when there is one) the card's code.

        >>> Action(0, ActionKind.DISCARD, Card("9w")).to_dict()
        {'seat': 0, 'kind': 'discard', 'card': '9w'}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Rebuild an action from :meth:`to_dict` (a ``"card": null`` entry, as changpai 0.1.0
        wrote, is read as no card); a malformed one raises
        :class:`~changpai.errors.NotationError` naming it and the reason.

        >>> Action.from_dict({"kind": "pass", "seat": 2, "card": None})
        Action(seat=2, kind=ActionKind.PASS, card=None)
        >>> Action.from_dict({"kind": "flee", "seat": 2})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'kind': 'flee', 'seat': 2} is not a nantong action: 'flee' is not a valid ActionKind; expected one of ...
        >>> Action.from_dict(None)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: None is not a nantong action: expected a JSON object
        """
        data = action_dict(data, "nantong", ("card",))
        try:
            code = data.get("card")
            card = None if code is None else Card.parse(code)
            return cls(data["seat"], ActionKind(data["kind"]), card)
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            raise NotationError(f"{clipped(data)} is not a nantong action: {error}") from None


# Every possible action, built once (the engine hands these out instead of building new ones):
# _MADE[kind][seat][card index], the last slot for no card.
_MADE: dict[ActionKind, tuple[tuple[Action, ...], ...]] = {
    kind: tuple(tuple(Action(seat, kind, card) for card in (*CARDS, None)) for seat in range(SEATS))
    for kind in ActionKind
}


def _action(seat: int, kind: ActionKind, card: Card | None = None) -> Action:
    """The shared ``Action(seat, kind, card)`` (seat and kind already valid)."""
    return _MADE[kind][seat][N_KINDS if card is None else card.index]
