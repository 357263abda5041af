"""The actions of the 川牌 擠兒 game: :class:`ActionKind` (every decision and every record the
engine writes itself, with its hanzi) and :class:`Action` (chuanpai.md §2.1 - §2.4).

>>> a = Action(1, ActionKind.CLAIM, Card("66"), (Card("44"),), MeldKind.BAI)
>>> str(a), a.details
('seat 1 吃 擺 天牌 with 人牌', '擺 天牌 with 人牌')
>>> Action.from_dict(a.to_dict()) == a
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from changpai.chuanpai.cards import Card, parse
from changpai.chuanpai.melds import MeldKind
from changpai.core.guard import (
    action_card,
    action_field,
    action_items,
    clipped,
    flag_arg,
    int_field,
    shown,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.core.turnclaim.actions import MAX_SEATS, action_cards, action_fields
from changpai.errors import IllegalActionError, NotationError

__all__ = ["Action", "ActionKind"]


class ActionKind(HanziEnum, short_repr=True):
    """Every kind of action of the 擠兒 game, with its hanzi.

    Decisions: ``LAY`` (lay a dealt set during setup, chuanpai.md §2.1), ``READY`` (end of
    laying), ``DISCARD``, ``CLAIM`` (take the offered card into a unit, §2.2.3: 碰 / 起 / 扛 /
    燕 / 擺) and ``PASS``. Records the engine writes itself (``auto``): ``TOU`` (a replacement
    draw, §2.3), ``SET`` (a set a 偷 completed, laid at once), ``KEEP`` (a 4th card that wins
    the hand, kept instead of making a 起), ``GUO`` (a 過牌 laid face down, §2.4.3), ``TURN``
    (a card turned for everybody, §2.2.2), ``DRAW`` (a small seat's draw, §2.1), ``SKIP`` (a
    seat with no card to discard), ``WIN`` (§2.5) and ``END`` (the stock ran out).

    >>> ActionKind.CLAIM.value, ActionKind.CLAIM.hanzi, ActionKind("tou")
    ('claim', '吃', ActionKind.TOU)
    """

    LAY = ("lay", "攤")
    READY = ("ready", "攤完")
    DISCARD = ("discard", "打")
    CLAIM = ("claim", "吃")
    PASS = ("pass", "過")
    TOU = ("tou", "偷")
    SET = ("set", "成幅")
    KEEP = ("keep", "留")
    GUO = ("guo", "過牌")
    TURN = ("turn", "翻")
    DRAW = ("draw", "摸")
    SKIP = ("skip", "輪空")
    WIN = ("win", "胡")
    END = ("end", "荒牌")


def _check_guo(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, "guo", IllegalActionError)


_cards = action_items(Card, "cards", "chuanpai", parse)


# (a named function: mypy's attrs plugin takes no computed converter)
def _sorted_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return _cards(cards)


_to_card = action_card(Card)


# (a named function: mypy's attrs plugin takes no computed converter)
def _card(value: Card | str | None) -> Card | None:
    """The card of an action: a :class:`Card`, or its text read by the family's notation."""
    return _to_card(value)  # type: ignore[no-any-return]


@frozen
class Action:
    """One decision (or, in the log, one record the engine wrote itself) of a seat.

    ``card`` is the offered, discarded, turned or drawn card; ``cards`` the seat's own cards the
    action uses (kept sorted, so their order does not matter); ``meld`` the kind of unit laid
    or claimed; ``guo=True`` when the own card of a claim is a 過牌 (chuanpai.md §2.4.3).
    ``card`` may be given as text (``"11"``, ``"地牌"``), read by :func:`~changpai.chuanpai.parse`;
    text that is not one card raises :class:`~changpai.errors.NotationError` naming ``card=``.
    A bad seat, kind or card raises :class:`~changpai.errors.IllegalActionError`.

    >>> Action(0, ActionKind.DISCARD, Card("11"))
    Action(seat=0, kind=ActionKind.DISCARD, card=Card('11'), cards=(), meld=None, guo=False)
    >>> Action(0, ActionKind.DISCARD, "地牌") == Action(0, ActionKind.DISCARD, Card("11"))
    True
    >>> Action(0, "discard")
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: kind='discard' is not a chuanpai ActionKind
    """

    seat: int = field(converter=int_field, validator=seat_validator(MAX_SEATS))
    kind: ActionKind = field(validator=action_field(ActionKind, "kind", "chuanpai"))
    card: Card | None = field(
        default=None,
        converter=_card,
        validator=action_field(Card, "card", "chuanpai", optional=True, text=True),
    )
    cards: tuple[Card, ...] = field(default=(), converter=_sorted_cards)
    meld: MeldKind | None = field(
        default=None, validator=action_field(MeldKind, "meld", "chuanpai", optional=True)
    )
    guo: bool = field(default=False, validator=_check_guo)

    @property
    def details(self) -> str:
        """What follows the kind in ``str(action)``: the unit kind, the card and the own cards.

        >>> Action(2, ActionKind.LAY, cards=(Card("55"),) * 3, meld=MeldKind.AN).details
        '暗 梅子 梅子 梅子'
        """
        parts = []
        if self.meld is not None:
            parts.append(self.meld.hanzi)
        if self.card is not None:
            parts.append(self.card.name)
        if self.cards:
            own = " ".join(c.name for c in self.cards)
            if self.kind is ActionKind.CLAIM:
                parts.append(("with 過牌 " if self.guo else "with ") + own)
            else:
                parts.append(own)
        return " ".join(parts)

    def __str__(self) -> str:
        details = self.details
        return f"seat {self.seat} {self.kind.hanzi}{' ' + details if details else ''}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (keys without a value left out).

        >>> Action(0, ActionKind.DISCARD, Card("11")).to_dict()
        {'seat': 0, 'kind': 'discard', 'card': '11'}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.meld is not None:
            out["meld"] = self.meld.value
        if self.guo:
            out["guo"] = True
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_dict` (also reads the actions of 0.1.0 documents, which
        wrote every key, ``null`` when empty); a bad dict raises
        :class:`~changpai.errors.NotationError` naming it.

        >>> Action.from_dict({"seat": 2, "kind": "pass"})
        Action(seat=2, kind=ActionKind.PASS, card=None, cards=(), meld=None, guo=False)
        >>> Action.from_dict({"kind": "pass"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'kind': 'pass'} is not a chuanpai action: the key 'seat' is missing
        """
        seat, kind, card, cards, meld = action_fields(
            data, "chuanpai", ActionKind, MeldKind, "unit kind", ("guo",)
        )
        guo = data.get("guo", False)
        if not isinstance(guo, bool):
            raise NotationError(
                f"{clipped(data)} is not a chuanpai action: guo={shown(guo)} is not True or False"
            )
        read_card, read_cards = action_cards(data, "chuanpai", Card.parse, card, cards)
        try:
            return cls(
                seat=seat,
                kind=ActionKind(kind),
                card=read_card,
                cards=read_cards,
                meld=None if meld is None else MeldKind(meld),
                guo=guo,
            )
        except IllegalActionError as error:
            raise NotationError(f"{clipped(data)} is not a chuanpai action: {error}") from None
