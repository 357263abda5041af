"""The decisions of a 大貳 hand and the moves the engine makes by itself (docs: Core concepts).

>>> a = Action(1, ActionKind.CHI, "x3", ("x1", "x2"))
>>> str(a), a.details, Action.from_dict(a.to_dict()) == a
('seat 1 吃 三 (一二)', '三 (一二)', True)
>>> ActionKind.GANG.hanzi, ActionKind.DRAW.is_decision
('杠', False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from changpai.core.guard import (
    action_card,
    action_dict,
    action_dict_items,
    action_field,
    action_items,
    clipped,
    int_field,
    shown,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.errors import IllegalActionError, NotationError
from changpai.zipai import Card, parse

__all__ = ["Action", "ActionKind"]

MAX_SEATS = 4


class ActionKind(HanziEnum, short_repr=True):
    """Every kind of log entry, with its hanzi. ``DEAL``, ``DRAW`` and ``LONG`` are the
    engine's forced moves (``auto`` records); the others are decisions.

    >>> [k.hanzi for k in ActionKind if k.is_decision]
    ['打', '吃', '碰', '杠', '胡', '過']
    """

    DEAL = ("deal", "發牌")
    """The deal (engine)."""
    DRAW = ("draw", "摸")
    """A draw from the stock, or a replacement draw after a 杠 (engine)."""
    LONG = ("long", "垅")
    """``luzhou``: four identical cards in hand are laid at once (engine, daer.md §7)."""
    DISCARD = ("discard", "打")
    """Discard a card from hand."""
    CHI = ("chi", "吃")
    """Take the 上家's discard with two hand cards into a 順 / 二七十 / 絞 (daer.md §3)."""
    PENG = ("peng", "碰")
    """Take a discard with a pair from hand."""
    GANG = ("gang", "杠")
    """A four: on a discard with three in hand (明杠, ``luzhou`` 招), or in one's turn from
    four in hand (暗杠) or a 碰 and the fourth in hand (加杠)."""
    WIN = ("win", "胡")
    """Win: on a discard, or self-drawn (自摸) in one's turn."""
    PASS = ("pass", "過")
    """Let a discard go."""

    @property
    def is_decision(self) -> bool:
        """Whether a player chooses this (the others are written by the engine).

        >>> ActionKind.PASS.is_decision, ActionKind.LONG.is_decision
        (True, False)
        """
        return self not in (ActionKind.DEAL, ActionKind.DRAW, ActionKind.LONG)


_CARD_TEXT = {name: action_card(Card, name) for name in ("card", "cards")}


def _card(value: Card | str | None, name: str = "card") -> Card | None:
    """A card given as a :class:`Card` or text (text that is no card: ``NotationError``
    naming the field ``name``); anything else is no card of an action
    (``IllegalActionError``), as in every family."""
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return _CARD_TEXT[name](value)  # type: ignore[no-any-return]
    raise IllegalActionError(
        f"{name}={shown(value)} is not a 大貳 (字牌) Card or card text (or None)"
    )


_read_cards = action_items(Card, "cards", "大貳 (字牌)", parse)


# (a named function: mypy's attrs plugin takes no computed converter)
def _cards(value: Iterable[Card | str]) -> tuple[Card, ...]:
    """The hand cards of an action: Cards, their texts or one text, as in every family (a
    ``None`` among them is refused, not dropped: review h71)."""
    return _read_cards(value)


@frozen
class Action:
    """One entry of a hand: the seat, the kind, the card it concerns (the discard, the card
    taken or laid) and, for a 吃, the two hand cards (``cards``) that go with it.

    Card text that is no card raises :class:`~changpai.errors.NotationError` naming the field
    (``card=`` or ``cards=``); a bad seat, kind or card
    :class:`~changpai.errors.IllegalActionError`.

    >>> Action(0, ActionKind.DISCARD, "d2")
    Action(seat=0, kind=ActionKind.DISCARD, card=Card('d2'), cards=())
    >>> Action(7, ActionKind.PASS)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat=7 is not a seat; expected a whole number 0..3
    """

    seat: int = field(converter=int_field, validator=seat_validator(MAX_SEATS))
    kind: ActionKind = field(validator=action_field(ActionKind, "kind", "大貳"))
    card: Card | None = field(default=None, converter=_card)
    cards: tuple[Card, ...] = field(default=(), converter=_cards)

    @property
    def details(self) -> str:
        """The part after the kind: the card, and the hand cards of a 吃 in brackets.

        >>> Action(2, ActionKind.PASS).details, Action(2, ActionKind.PENG, "x5").details
        ('', '五')
        """
        text = "" if self.card is None else self.card.hanzi
        if self.cards:  # (no space before the brackets of a 吃 without its card: review h105)
            text += f"{' ' if text else ''}({''.join(c.hanzi for c in self.cards)})"
        return text

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes; empty fields left out).

        >>> Action(1, ActionKind.CHI, "x3", ("x1", "x2")).to_dict()
        {'seat': 1, 'kind': 'chi', 'card': 'x3', 'cards': ['x1', 'x2']}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Rebuild an action from :meth:`to_dict`; a malformed one raises
        :class:`~changpai.errors.NotationError` naming it.

        >>> Action.from_dict({"seat": 0, "kind": "fly"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'seat': 0, 'kind': 'fly'} is not a 大貳 action: 'fly' is not a valid ActionKind; expected one of ...
        >>> Action.from_dict(None)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: None is not a 大貳 action: expected a JSON object
        >>> Action.from_dict({})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {} is not a 大貳 action: the key 'seat' is missing
        """
        data = action_dict(data, "大貳", ("card", "cards"))
        cards = action_dict_items(data, "cards", "大貳", "cards")
        try:
            return cls(data["seat"], ActionKind(data["kind"]), data.get("card"), cards)
        except (ValueError, TypeError, AttributeError) as error:
            raise NotationError(f"{clipped(data)} is not a 大貳 action: {error}") from None

    def __str__(self) -> str:
        details = self.details
        return f"seat {self.seat} {self.kind.hanzi}{' ' + details if details else ''}"
