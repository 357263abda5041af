"""The actions of a 跑胡子 hand (zipai.md §4-§7): what a seat decides and what the engine records.

An :class:`Action` is ``Action(seat, kind, card, melds)``: the seat first, then the kind (an
:class:`ActionKind`), then the card concerned and the melds it makes. ``str(action)`` reads
``seat 1 碰 三``; :attr:`Action.details` is the part after the kind.

>>> action = Action(1, ActionKind.CHI, "x2", ("吃 一二三", "比 二二貳"))
>>> str(action), action.details
('seat 1 吃 一二三 比 二二貳', '一二三 比 二二貳')
>>> Action.from_dict(action.to_dict()) == action
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import evolve, field, frozen

from changpai.core import caches
from changpai.core.guard import (
    action_card,
    action_dict,
    action_dict_items,
    clipped,
    int_field,
    items_arg,
    shown,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.seats import seat_validator
from changpai.errors import IllegalActionError, NotationError
from changpai.zipai.cards import CARDS, Card
from changpai.zipai.melds import Meld, Origin

__all__ = ["Action", "ActionKind"]


class ActionKind(HanziEnum, short_repr=True):
    """What an action or log record does. Each member carries its hanzi (``.hanzi``).

    Decisions (a seat chooses): ``DISCARD``, ``CHI``, ``PENG``, ``WIN`` (胡), ``PASS``. Records
    the engine writes itself (``auto=True``): ``DEAL``, ``LIANG``, ``DRAW``, ``TI``, ``WEI``,
    ``CHOUWEI``, ``PAO``, ``TIANHU``, ``TO_DISCARDS``, ``HUANGZHUANG``.

    The 胡 is ``WIN`` (``"win"``), as in every family; ``HU`` is the same member (its name up to
    0.2.0), and ``"hu"`` — the value documents of 0.2.0 hold — reads as it.

    >>> ActionKind.PENG.hanzi, ActionKind.PENG.is_decision, ActionKind.TI.is_decision
    ('碰', True, False)
    >>> ActionKind.HU is ActionKind.WIN is ActionKind("hu"), ActionKind.WIN.value
    (True, 'win')
    """

    DISCARD = ("discard", "打")
    CHI = ("chi", "吃")
    PENG = ("peng", "碰")
    WIN = ("win", "胡")
    HU = ("win", "胡")  # (an alias of WIN)
    PASS = ("pass", "過")
    DEAL = ("deal", "發牌")
    LIANG = ("liang", "亮張")
    DRAW = ("draw", "摸")
    TI = ("ti", "提")
    WEI = ("wei", "偎")
    CHOUWEI = ("chouwei", "臭偎")
    PAO = ("pao", "跑")
    TIANHU = ("tianhu", "天胡")
    TO_DISCARDS = ("to_discards", "棄")
    HUANGZHUANG = ("huangzhuang", "荒莊")

    @classmethod
    def _missing_(cls, value: object) -> ActionKind | None:
        if value == "hu":  # (the 胡 of 0.2.0 documents)
            return cls.WIN
        super()._missing_(value)  # (a NotationError naming it)
        return None

    @property
    def is_decision(self) -> bool:
        """Whether a seat chooses this action (else the engine applies it).

        >>> [kind.value for kind in ActionKind if kind.is_decision]
        ['discard', 'chi', 'peng', 'win', 'pass']
        """
        return self in _DECISIONS


_DECISIONS = frozenset(
    {ActionKind.DISCARD, ActionKind.CHI, ActionKind.PENG, ActionKind.WIN, ActionKind.PASS}
)


_card_text = action_card(Card)


def _to_card(value: Card | str | None) -> Card | None:
    """A card given as a :class:`Card` or text (text that is no card: ``NotationError``
    naming ``card=``); anything else is no card of an action (``IllegalActionError``), as in
    every family."""
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return _card_text(value)  # type: ignore[no-any-return]
    raise IllegalActionError(f"card={shown(value)} is not a zipai Card or card text (or None)")


def _to_melds(value: Iterable[Meld | str]) -> tuple[Meld, ...]:
    if isinstance(value, Meld):  # one meld given alone, not a sequence of them
        raise NotationError(
            f"melds={clipped(value)} must be a sequence of melds, e.g. ('吃 一二三',)"
        )
    items = items_arg(value, "melds", "zipai melds, e.g. ('吃 一二三',)")
    return tuple(m if isinstance(m, Meld) else Meld.parse(m) for m in items)


def _kind_validator(_action: Any, _attribute: Any, value: ActionKind) -> None:
    # IllegalActionError, as an Action of a bad kind in every other family
    if not isinstance(value, ActionKind):
        raise IllegalActionError(
            f"kind={shown(value)} is not a zipai ActionKind (e.g. ActionKind.PENG)"
        )


# Whether a meld's text reads back as the meld (``Meld.parse(str(meld)) == meld``): else its
# origin is written too. Kept by the meld's value (melds recur from hand to hand; a parse
# costs ~11 µs): a document writes every meld of its decisions.
_READS_BACK: caches.BoundedDict[Meld, bool] = caches.BoundedDict(
    "zipai", "changpai.zipai.actions._READS_BACK", 1 << 12
)


def _reads_back(meld: Meld) -> bool:
    """Whether ``Meld.parse(str(meld))`` is ``meld`` again (its origin need not be written).

    >>> _reads_back(Meld.parse("吃 一二三"))
    True
    """
    known = _READS_BACK.get(meld)
    if known is None:
        known = _READS_BACK[meld] = Meld.parse(str(meld)) == meld
    return known


@frozen
class Action:
    """One action of one seat: a decision, or a record the engine applied (see :class:`ActionKind`).

    ``card`` is the card concerned (discarded, claimed, drawn, won on); ``melds`` the melds it
    makes — for ``CHI`` the 吃 meld followed by every compulsory 比 meld. Cards and melds may be
    given as text.

    >>> Action(1, ActionKind.CHI, "x2", ("吃 一二三", "比 二二貳"))
    Action(seat=1, kind=ActionKind.CHI, card=Card('x2'), melds=(Meld.parse('吃 一二三'), Meld.parse('比 二二貳')))
    >>> Action.from_dict(Action(0, ActionKind.DISCARD, "d5").to_dict())
    Action(seat=0, kind=ActionKind.DISCARD, card=Card('d5'), melds=())
    """

    seat: int = field(
        converter=int_field, validator=seat_validator(4)
    )  # 3 players, or 4 with 數信 (zipai.md §2)
    kind: ActionKind = field(validator=_kind_validator)
    card: Card | None = field(default=None, converter=_to_card)
    melds: tuple[Meld, ...] = field(default=(), converter=_to_melds)

    @property
    def details(self) -> str:
        """The part of ``str(action)`` after the kind: the melds (the first one without its
        label when that is the kind's own word), else the card, else ``""``.

        >>> Action(0, ActionKind.TI, "d1", ("提 壹壹壹壹",)).details
        '壹壹壹壹'
        >>> Action(2, ActionKind.DISCARD, "x3").details, Action(2, ActionKind.PASS).details
        ('三', '')
        """
        if self.melds:
            first, *rest = self.melds
            label = first.label()
            head = "".join(c.hanzi for c in first.cards)
            if label != self.kind.hanzi:
                head = f"{label} {head}"
            return " ".join([head, *(str(m) for m in rest)])
        return "" if self.card is None else self.card.hanzi

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as ASCII codes, melds as text, and — where a meld was formed
        otherwise than its text says, as the engine's 跑 of a discard — their ``origins``), so
        that :meth:`from_dict` gives the same action back.

        >>> Action(1, ActionKind.PENG, "x3").to_dict()
        {'seat': 1, 'kind': 'peng', 'card': 'x3'}
        >>> from changpai.zipai import MeldKind, parse
        >>> pao = Meld(MeldKind.PAO, parse("六六六六"), exposed=True, origin=Origin.DISCARD)
        >>> Action(1, ActionKind.PAO, "x6", (pao,)).to_dict()["origins"]
        ['discard']
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.melds:
            out["melds"] = [str(m) for m in self.melds]
            if not all(map(_reads_back, self.melds)):
                out["origins"] = [m.origin.value for m in self.melds]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read an action written by :meth:`to_dict`.

        Anything malformed raises :class:`~changpai.errors.NotationError` naming the input and
        the reason:

        >>> Action.from_dict({"seat": 2, "kind": "flee"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'seat': 2, 'kind': 'flee'} is not a zipai action: 'flee' is not a valid ActionKind; expected one of ...
        >>> Action.from_dict(None)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: None is not a zipai action: expected a JSON object
        """
        data = action_dict(data, "zipai", ("card", "melds", "origins"))
        melds = action_dict_items(data, "melds", "zipai", "melds")
        origins = action_dict_items(data, "origins", "zipai", "meld origins")
        try:
            if origins:  # (the melds formed otherwise than their text says: to_dict)
                if len(origins) != len(melds):
                    raise ValueError(f"origins holds {len(origins)} for {len(melds)} melds")
                melds = tuple(
                    evolve(Meld.parse(m), origin=Origin(o))
                    for m, o in zip(melds, origins, strict=True)
                )
            return cls(data["seat"], ActionKind(data["kind"]), data.get("card"), melds)
        except (TypeError, ValueError, AttributeError) as error:
            raise NotationError(f"{clipped(data)} is not a zipai action: {error}") from None

    def __str__(self) -> str:
        details = self.details
        text = f"seat {self.seat} {self.kind.hanzi}"
        return f"{text} {details}" if details else text


_ACTIONS: dict[tuple[int, ActionKind, int], Action] = {}


def _act(seat: int, kind: ActionKind, k: int = -1) -> Action:
    """Interned simple actions (no melds) for the hot path.

    >>> _act(0, ActionKind.DISCARD, 2) is _act(0, ActionKind.DISCARD, 2)
    True
    """
    key = (seat, kind, k)
    action = _ACTIONS.get(key)
    if action is None:
        action = Action(seat, kind, None if k < 0 else CARDS[k])
        _ACTIONS[key] = action
    return action
