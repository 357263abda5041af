"""What one seat may see of a hand: :class:`GameView`, the same class for every family.

``game.view(seat)`` hides what the seat may not know: the other hands (only their sizes), the
face-down cards of the other seats' melds, and which seat is being asked about a claim.

>>> view = GameView(
...     family="demo", title="演示", seat=0, dealer=0, phase="play", hand=(), seats=(
...         SeatView(0, 2, (SeenMeld("peng", "碰", ("x1", "x1", "x1")),), ()),
...         SeatView(1, 3, (SeenMeld("wei", "偎", (), hidden=3),), ("x2",)),
...     ), offered=None, stock_size=19, to_act=(0,), legal_actions=(), result=None,
... )
>>> print(view)
seat 0 sees 演示 (dealer 0, phase play, stock 19):
  hand: -
  seat 0 [2 in hand] table: 碰 x1x1x1; discards: -
  seat 1 [3 in hand] table: 偎 ■■■; discards: x2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, Protocol, TypeVar

from attrs import field, frozen

from changpai.core import render
from changpai.core.guard import items_arg
from changpai.core.records import GameResult

__all__ = ["GameView", "PerSeat", "SeatView", "SeenMeld"]


def _face(card: Any) -> str:
    return str(getattr(card, "hanzi", None) or getattr(card, "name", None) or card)


def _code(card: Any) -> str:
    return str(getattr(card, "code", card))


class PerSeat(tuple[int, ...]):
    """One whole number per seat, by seat number: a fact of a view (a tuple, a list in
    :meth:`GameView.to_dict`), shown with the seats named.

    >>> counts = PerSeat((4, 1, 3))
    >>> counts == (4, 1, 3), counts[2], str(counts)
    (True, 3, 'seat 0: 4 · seat 1: 1 · seat 2: 3')
    """

    __slots__ = ()

    def __str__(self) -> str:
        return render.per_seat(self)


def _seen_cards(value: Iterable[Any]) -> tuple[Any, ...]:
    # (a list given is copied: what the caller does with it later never shows — review h60)
    return value if type(value) is tuple else items_arg(value, "cards", "cards")


@frozen
class SeenMeld:
    """A table meld as one seat sees it: its kind (code name and hanzi label), the cards face up
    and how many lie face down.

    >>> str(SeenMeld("chouwei", "臭偎", ("三",), hidden=2))
    '臭偎 三■■'
    """

    kind: str
    label: str
    cards: tuple[Any, ...] = field(converter=_seen_cards)
    hidden: int = 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes).

        >>> SeenMeld("wei", "偎", (), hidden=3).to_dict()
        {'kind': 'wei', 'label': '偎', 'cards': [], 'hidden': 3}
        """
        return {
            "kind": self.kind,
            "label": self.label,
            "cards": [_code(c) for c in self.cards],
            "hidden": self.hidden,
        }

    def __str__(self) -> str:
        return f"{self.label} {''.join(_face(c) for c in self.cards)}{'■' * self.hidden}"


@frozen
class SeatView:
    """What is public about one seat: its hand size, its table melds (as seen), its discards
    and a short note (``"dealer"``, ``"報聽"`` …).

    >>> SeatView(1, 20, (), ()).hand_size
    20
    """

    seat: int
    hand_size: int
    melds: tuple[SeenMeld, ...]
    discards: tuple[Any, ...]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> SeatView(1, 20, (SeenMeld("wei", "偎", (), hidden=3),), ("x2",), "dealer").to_dict()
        {'seat': 1, 'hand_size': 20, 'melds': [{'kind': 'wei', 'label': '偎', 'cards': [], 'hidden': 3}], 'discards': ['x2'], 'note': 'dealer'}
        """
        return {
            "seat": self.seat,
            "hand_size": self.hand_size,
            "melds": [m.to_dict() for m in self.melds],
            "discards": [_code(c) for c in self.discards],
            "note": self.note,
        }


class _Documented(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


C = TypeVar("C")
A = TypeVar("A", bound=_Documented)


@frozen
class GameView(Generic[C, A]):
    """What one seat may see (``game.view(seat)``), the same fields in every family; generic in
    the family's card ``C`` and action ``A`` types (``zipai.Game.view`` gives a
    ``GameView[zipai.Card, zipai.Action]``), so a type checker knows ``view.hand`` holds cards.

    ``hand`` is the seat's own concealed cards; ``seats`` every playing seat's public side;
    ``offered`` the face-up card on offer to claims, if any; ``to_act`` the seats known to this
    seat to be deciding (a pending claim only when it is this seat's own); ``legal_actions``
    this seat's choices now; ``facts`` the family's other public facts as ``(name, value)``
    pairs (the 亮張, the flipped 將 …) whose values are data — a card, a tuple of cards, a seat
    (川牌's ``offered by``, 戳牌's ``包牌``), a tuple of seats, a truth value (``turned``), or
    :class:`PerSeat` numbers (孝感's ``cards on the tables``, 戳牌's ``擺牌``); ``result`` the
    result once the hand is over.

    >>> from changpai import zipai
    >>> view = zipai.Game(seed=1).view(1)
    >>> len(view.hand), [seat.hand_size for seat in view.seats], view.to_act, view.legal_actions
    (20, [21, 20, 20], (0,), ())
    >>> view.fact("亮張")
    Card('d3')
    """

    family: str
    title: str
    seat: int
    dealer: int
    phase: str
    hand: tuple[C, ...]
    seats: tuple[SeatView, ...]
    offered: C | None
    stock_size: int
    to_act: tuple[int, ...]
    legal_actions: tuple[A, ...]
    result: GameResult | None
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str, default: Any = None) -> Any:
        """One of the family's extra facts by name.

        >>> GameView("d", "", 0, 0, "", (), (), None, 0, (), (), None, (("亮張", "九"),)).fact("亮張")
        '九'
        """
        return dict(self.facts).get(name, default)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as codes, actions as their dicts).

        >>> sorted(GameView("d", "", 0, 0, "", (), (), None, 0, (), (), None).to_dict())[:4]
        ['dealer', 'facts', 'family', 'hand']
        """

        def plain(value: Any) -> Any:
            if isinstance(value, (tuple, list)):
                return [plain(v) for v in value]
            return _code(value) if hasattr(value, "code") else value

        return {
            "family": self.family,
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand": [_code(c) for c in self.hand],
            "seats": [s.to_dict() for s in self.seats],
            "offered": None if self.offered is None else _code(self.offered),
            "stock_size": self.stock_size,
            "to_act": list(self.to_act),
            "legal_actions": [a.to_dict() for a in self.legal_actions],
            "facts": {name: plain(value) for name, value in self.facts},
            "result": None if self.result is None else self.result.to_dict(),
        }

    def __str__(self) -> str:
        lines = [
            f"seat {self.seat} sees {self.title} (dealer {self.dealer}, phase {self.phase}, "
            f"stock {self.stock_size}):",
            f"  hand: {''.join(_face(c) for c in self.hand) or '-'}",
        ]
        for s in self.seats:
            melds = " ".join(str(m) for m in s.melds) or "-"
            discards = "".join(_face(c) for c in s.discards) or "-"
            note = f" ({s.note})" if s.note else ""  # (as the notebook table shows it)
            lines.append(
                f"  seat {s.seat}{note} [{s.hand_size} in hand] table: {melds}; "
                f"discards: {discards}"
            )
        for name, value in self.facts:
            if isinstance(value, PerSeat):
                shown = render.per_seat(value)
            elif isinstance(value, tuple):
                shown = " ".join(_face(v) for v in value) or "-"
            else:
                shown = _face(value)
            lines.append(f"  {name}: {shown}")
        if self.offered is not None:
            lines.append(f"  on offer: {_face(self.offered)}")
        if self.result is not None:
            lines.append(f"  result: {self.result.headline}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """What the seat sees, for notebooks: its own hand as chips, the other hands as a count,
        every table meld (face-down cards as dark chips) and discard area, the stock size, the
        family's facts, the card on offer and the result when over.

        >>> from changpai import zipai
        >>> html = zipai.Game(seed=3).view(1)._repr_html_()
        >>> html.count("<tr><td"), "20 cards" in html, "stock</span> 19" in html
        (3, True, True)
        """
        rows = []
        for s in self.seats:
            if s.seat == self.seat:
                hand = render.Html(f"{len(self.hand)}: {render.cards(self.hand)}")
            else:
                hand = render.esc(f"{s.hand_size} cards")
            melds = [render.meld(m.label, m.cards, hidden=m.hidden, title=str(m)) for m in s.melds]
            notes = [
                w
                for w, on in (("dealer", s.seat == self.dealer), ("you", s.seat == self.seat))
                if on
            ]
            if s.note:
                notes.append(s.note)
            rows.append(
                render.SeatRow(
                    s.seat,
                    hand=hand,
                    melds=render.line(melds),
                    discards=render.cards(s.discards),
                    acting=s.seat in self.to_act,
                    note=", ".join(notes),
                )
            )
        facts: list[tuple[str, str]] = [("phase", self.phase), ("stock", str(self.stock_size))]
        for name, value in self.facts:
            if isinstance(value, PerSeat):
                facts.append((name, render.per_seat(value)))
            elif isinstance(value, tuple) and all(hasattr(v, "code") for v in value):
                facts.append((name, render.cards(value)))
            elif isinstance(value, tuple):  # (seats: 南通's 報聽)
                facts.append((name, " ".join(map(str, value))))
            elif hasattr(value, "code"):
                facts.append((name, render.card(value)))
            else:
                facts.append((name, str(value)))
        if self.offered is not None:
            facts.append(("on offer", render.card(self.offered)))
        if self.to_act:
            facts.append(("to act", ", ".join(f"seat {s}" for s in self.to_act)))
        facts.append(("legal actions", str(len(self.legal_actions))))
        footer = "" if self.result is None else render.Html(self.result._repr_html_())
        return render.seat_table(
            rows, title=f"{self.title}: what seat {self.seat} sees", facts=facts, footer=footer
        )
