"""The decisions and log entries of a 戳牌 hand (:class:`Action`, :class:`ActionKind`) and the
cards on the table (:class:`Pile`).

>>> a = Action(0, ActionKind.LEAD, parse("45 66"))
>>> str(a), a.details, a.to_dict()
('seat 0 出牌 天牌 紅九', '天牌 紅九', {'seat': 0, 'kind': 'lead', 'cards': ['66', '45']})
>>> Action.from_dict(a.to_dict()) == a
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from changpai.chuanpai.cards import Card, parse
from changpai.chuanpai.chuopai.deal import PLAYERS
from changpai.chuanpai.chuopai.plays import play_order
from changpai.core import render
from changpai.core.guard import (
    action_dict,
    action_field,
    cards_arg,
    clipped,
    int_field,
    keeps_once,
    shown,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.errors import IllegalActionError, NotationError

__all__ = ["DECISIONS", "Action", "ActionKind", "Pile", "PileKind"]


class ActionKind(HanziEnum, short_repr=True):
    """What an :class:`Action` does. The seats decide ``lead`` (出牌), ``beat`` (打: a play
    that beats the highest play of the trick, 過牌 or 佔張) and ``cover`` (蓋牌: one card laid
    face down by a follower who cannot beat); the engine writes ``deal``, ``yingzhang`` (硬張
    laid face up as 擺牌), ``void`` (無天無九) and ``bai`` (the trick's winner lays his own
    cards face up as 擺牌) by itself (chuanpai.md §3.1, §3.3).

    >>> ActionKind.COVER.hanzi, ActionKind("bai").hanzi
    ('蓋牌', '擺牌')
    """

    DEAL = ("deal", "發牌")
    YINGZHANG = ("yingzhang", "硬張")
    VOID = ("void", "無天無九")
    LEAD = ("lead", "出牌")
    BEAT = ("beat", "打")
    COVER = ("cover", "蓋牌")
    BAI = ("bai", "擺牌")


DECISIONS = frozenset({ActionKind.LEAD, ActionKind.BEAT, ActionKind.COVER})
"""The kinds a seat chooses; the others are written by the engine (``auto`` records)."""


def _cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The cards of an action: text, or a sequence of cards or their texts (one card each),
    in play order; anything else an IllegalActionError naming it (as every family's)."""
    if isinstance(value, str):
        try:
            return play_order(parse(value, deck="deck84"))
        except NotationError as unread:  # (the field named, as every family's: review h71)
            raise NotationError(f"cards={shown(value)}: {unread}") from None
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise IllegalActionError(f"cards={shown(value)} is not a sequence of 戳牌 cards")
    if (error := keeps_once(value, "cards", "戳牌 cards")) is not None:
        raise IllegalActionError(str(error))  # (a set of a pair's cards is one card: h61)
    items = tuple(value)
    out = []
    for item in items:
        if isinstance(item, str):
            try:
                item = Card.parse(item)
            except NotationError as unread:
                raise NotationError(f"cards={shown(item)}: {unread}") from None
        elif not isinstance(item, Card):
            raise IllegalActionError(
                f"cards={shown(items)} holds {shown(item)}, not a 戳牌 card or its text"
            )
        out.append(item)
    return play_order(out)


@frozen
class Action:
    """One decision of a seat, or one move the engine made (in the log): the seat, the
    :class:`ActionKind` and the cards (shown head cards first, then in table order; the
    order they are given in does not matter).

    >>> Action(1, ActionKind.COVER, "46") == Action(1, ActionKind.COVER, parse("四六")) == Action(1, ActionKind.COVER, ("46",))
    True
    >>> Action(0, "lead")
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: kind='lead' is not a 戳牌 ActionKind
    """

    seat: int = field(converter=int_field, validator=seat_validator(PLAYERS))  # (chuanpai.md §3.1)
    kind: ActionKind = field(validator=action_field(ActionKind, "kind", "戳牌"))
    cards: tuple[Card, ...] = field(default=(), converter=_cards)

    @property
    def details(self) -> str:
        """The cards as text (the part of ``str(action)`` after the kind).

        >>> Action(2, ActionKind.BEAT, "11 26").details
        '地牌 二六'
        """
        return " ".join(str(c) for c in self.cards)

    def __str__(self) -> str:
        tail = f" {self.details}" if self.cards else ""
        return f"seat {self.seat} {self.kind.hanzi}{tail}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes; no ``cards`` key when there are none).

        >>> Action(0, ActionKind.DEAL).to_dict()
        {'seat': 0, 'kind': 'deal'}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """The inverse of :meth:`to_dict`; a malformed dict raises NotationError naming it.

        >>> Action.from_dict({"seat": 0, "kind": "jump"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'seat': 0, 'kind': 'jump'} is not a 戳牌 action: 'jump' is not one of deal, yingzhang, void, lead, beat, cover, bai
        """
        data = action_dict(data, "戳牌", ("cards",))
        seat, kind = data["seat"], data["kind"]
        if isinstance(kind, ActionKind):  # (its own member, as every family's from_dict)
            kind = kind.value
        cards = data.get("cards")
        if cards is None:  # (absent, or null: none, as in every family)
            cards = ()
        known = [k.value for k in ActionKind]
        if kind not in known:
            raise NotationError(
                f"{clipped(data)} is not a 戳牌 action: {clipped(kind)} is not one of {', '.join(known)}"
            )
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise NotationError(
                f"{clipped(data)} is not a 戳牌 action: cards must be a list of codes"
            )
        try:  # (a seat or a card the action refuses: named with the dict, as in every family)
            return cls(seat, ActionKind(kind), tuple(Card.parse(c) for c in cards))
        except (IllegalActionError, NotationError) as error:
            raise NotationError(f"{clipped(data)} is not a 戳牌 action: {error}") from None


class PileKind(HanziEnum, short_repr=True):
    """What a pile of cards in front of a seat is: its 硬張, a trick it won (擺牌, face up), or
    the cards it lost or covered (蓋牌, face down).

    >>> PileKind.COVERED.hanzi
    '蓋牌'
    """

    YINGZHANG = ("yingzhang", "硬張")
    BAI = ("bai", "擺牌")
    COVERED = ("gai", "蓋牌")


def _pile_cards(value: object) -> tuple[Card, ...]:
    return cards_arg(value, Card, "cards", "戳牌 cards")  # (a list copied)


@frozen
class Pile:
    """Cards in front of a seat: the kind, the cards and the trick (1, 2 … for 擺牌 of a trick;
    0 for the 硬張 and for the face-down pile, which gathers every trick).

    >>> str(Pile(PileKind.BAI, parse("66 45"), 3)), Pile(PileKind.COVERED, parse("12")).face_up
    ('擺牌 天牌紅九', False)
    """

    kind: PileKind
    cards: tuple[Card, ...] = field(converter=_pile_cards)  # (a copy: review h60)
    trick: int = 0

    @property
    def face_up(self) -> bool:
        """Whether the pile lies face up (硬張 and 擺牌).

        >>> Pile(PileKind.YINGZHANG, parse("12")).face_up
        True
        """
        return self.kind is not PileKind.COVERED

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, as every family's meld: its kind, its cards as codes, its trick.

        >>> Pile(PileKind.BAI, parse("66 45"), 3).to_dict()
        {'kind': 'bai', 'cards': ['66', '45'], 'trick': 3}
        """
        return {"kind": self.kind.value, "cards": [c.code for c in self.cards], "trick": self.trick}

    def __str__(self) -> str:
        return f"{self.kind.hanzi} {''.join(str(c) for c in self.cards)}"

    def _repr_html_(self) -> str:
        if self.face_up:
            return render.meld(self.kind.hanzi, self.cards)
        return render.meld(self.kind.hanzi, (), hidden=len(self.cards))


def cards_text(cards: Iterable[Card]) -> str:
    """Card names joined by spaces (``-`` for none).

    >>> cards_text(parse("66 11")), cards_text(())
    ('天牌 地牌', '-')
    """
    return " ".join(str(c) for c in cards) or "-"
