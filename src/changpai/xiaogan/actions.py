"""The actions of 孝感長牌: :class:`ActionKind` (every decision and every record the engine
writes itself, with its hanzi) and :class:`Action` (xiaogan.md §2, §3, §5).

>>> a = Action(1, ActionKind.CLAIM, Card("A3"), (Card("A1"), Card("A2")), MeldKind.JU)
>>> str(a), a.details
('seat 1 用 句 人 with 上 大', '句 人 with 上 大')
>>> Action.from_dict(a.to_dict()) == a
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from changpai.core.guard import (
    action_card,
    action_field,
    action_items,
    clipped,
    int_field,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.core.turnclaim.actions import MAX_SEATS, action_cards, action_fields
from changpai.errors import IllegalActionError, NotationError
from changpai.xiaogan.cards import Card, parse
from changpai.xiaogan.melds import MeldKind

__all__ = ["Action", "ActionKind"]


class ActionKind(HanziEnum, short_repr=True):
    """Every kind of action of 孝感長牌, with its hanzi.

    Decisions: ``LAY`` (lay a dealt set — the dealer's 門將, a 暗 / 亮 / 五張 — during setup,
    xiaogan.md §2), ``READY`` (end of laying), ``DISCARD``, ``CLAIM`` (use the offered card,
    "如有人用": 碰 / 起 / 杠, or 擺 it into a 句, §3), ``PASS`` and ``ABANDON`` (give the hand up
    with 15 cards laid out, §5). Records the engine writes itself (``auto``): ``TOU`` (a
    replacement draw), ``SET`` (a set laid at once: one a 偷 or a small seat's draw completed,
    or identical cards a discard or claim left untied — noted 暗下, 亮下, 五張下), ``TURN`` (a
    card turned for everybody), ``DRAW`` (a small seat's draw), ``SKIP`` (a seat with no card
    to discard), ``WIN`` (和牌) and ``END`` (the stock ran out).

    >>> ActionKind.CLAIM.value, ActionKind.CLAIM.hanzi, ActionKind("abandon").hanzi
    ('claim', '用', '放棄')
    """

    LAY = ("lay", "放")
    READY = ("ready", "放完")
    DISCARD = ("discard", "打")
    CLAIM = ("claim", "用")
    PASS = ("pass", "過")
    ABANDON = ("abandon", "放棄")
    TOU = ("tou", "偷")
    SET = ("set", "成牌")
    TURN = ("turn", "翻")
    DRAW = ("draw", "摸")
    SKIP = ("skip", "輪空")
    WIN = ("win", "和")
    END = ("end", "荒牌")


_cards = action_items(Card, "cards", "xiaogan", parse)


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
    action uses (kept sorted; for a 起 the three cards of the 暗 on the table); ``meld`` the
    kind of set laid or claimed. ``card`` may be given as text (``"A1"``, ``"上"``), read by
    :func:`~changpai.xiaogan.parse`; text that is not one card raises
    :class:`~changpai.errors.NotationError` naming ``card=``. A bad seat, kind or card raises
    :class:`~changpai.errors.IllegalActionError`.

    >>> Action(0, ActionKind.DISCARD, Card("A1"))
    Action(seat=0, kind=ActionKind.DISCARD, card=Card('A1'), cards=(), meld=None)
    >>> Action(0, ActionKind.DISCARD, "上") == Action(0, ActionKind.DISCARD, Card("A1"))
    True
    >>> Action(0, "discard")
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: kind='discard' is not a xiaogan ActionKind
    """

    seat: int = field(converter=int_field, validator=seat_validator(MAX_SEATS))
    kind: ActionKind = field(validator=action_field(ActionKind, "kind", "xiaogan"))
    card: Card | None = field(
        default=None,
        converter=_card,
        validator=action_field(Card, "card", "xiaogan", optional=True, text=True),
    )
    cards: tuple[Card, ...] = field(default=(), converter=_sorted_cards)
    meld: MeldKind | None = field(
        default=None, validator=action_field(MeldKind, "meld", "xiaogan", optional=True)
    )

    @property
    def details(self) -> str:
        """What follows the kind in ``str(action)``: the set kind, the card and the own cards.

        >>> Action(2, ActionKind.LAY, cards=(Card("A1"),) * 3, meld=MeldKind.AN).details
        '暗 上 上 上'
        """
        parts = []
        if self.meld is not None:
            parts.append(self.meld.hanzi)
        if self.card is not None:
            parts.append(self.card.hanzi)
        if self.cards:
            own = " ".join(c.hanzi for c in self.cards)
            parts.append(f"with {own}" if self.kind is ActionKind.CLAIM else own)
        return " ".join(parts)

    def __str__(self) -> str:
        details = self.details
        return f"seat {self.seat} {self.kind.hanzi}{' ' + details if details else ''}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (keys without a value left out).

        >>> Action(0, ActionKind.DISCARD, Card("A1")).to_dict()
        {'seat': 0, 'kind': 'discard', 'card': 'A1'}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.meld is not None:
            out["meld"] = self.meld.value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_dict`; a bad dict raises
        :class:`~changpai.errors.NotationError` naming it.

        >>> Action.from_dict({"seat": 2, "kind": "pass"})
        Action(seat=2, kind=ActionKind.PASS, card=None, cards=(), meld=None)
        >>> Action.from_dict({"seat": 2, "kind": "chi"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'seat': 2, 'kind': 'chi'} is not a xiaogan action: 'chi' is not a valid ActionKind; expected one of 'lay', ...
        """
        seat, kind, card, cards, meld = action_fields(
            data, "xiaogan", ActionKind, MeldKind, "set kind"
        )
        read_card, read_cards = action_cards(data, "xiaogan", Card.parse, card, cards)
        try:
            return cls(
                seat=seat,
                kind=ActionKind(kind),
                card=read_card,
                cards=read_cards,
                meld=None if meld is None else MeldKind(meld),
            )
        except IllegalActionError as error:
            raise NotationError(f"{clipped(data)} is not a xiaogan action: {error}") from None
