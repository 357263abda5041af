"""Seat arithmetic: who plays, in which order, and who is whose 下家 / 上家.

Long-card games seat people round a table and play counter-clockwise in seat order; in several
families one seated person deals no cards (the 數信 of 字牌, the dealer's 上家 in 南通 犢子胡).
A :class:`SeatRing` holds that order once, as plain tuples that engines index on their hot paths,
and the claim priority order of every seat (the 下家 first).

>>> ring = SeatRing.of(4, skip=3)
>>> ring.active, ring.next[0], ring.next[2], ring.previous[0]
((0, 1, 2), 1, 0, 2)
>>> ring.order_from(1), ring.after(1)
((1, 2, 0), (2, 0))
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable
from typing import Any

from attrs import field, frozen

from changpai.core import caches
from changpai.core.guard import clipped, int_arg, int_hint, items_arg, plain_int, shown
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

__all__ = [
    "SeatRing",
    "check_playing",
    "check_seat",
    "payer_seats",
    "payers_field",
    "scored_seat",
    "seat_validator",
]


def _orders(active: tuple[int, ...], seats: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for seat in range(seats):
        if seat in active:
            i = active.index(seat)
            out.append(active[i:] + active[:i])
        else:  # a seat that sits out: itself, then the players from its 下家 on
            later = [s for s in active if s > seat]
            out.append((seat, *later, *(s for s in active if s < seat)))
    return tuple(out)


@frozen
class SeatRing:
    """The seats ``0 .. seats-1`` in turn order, one of them (``skip``) possibly sitting out.

    Every field is a tuple indexed by seat, built once: ``next[s]`` is the 下家 of ``s`` (the
    next player after it), ``previous[s]`` its 上家, and ``orders[s]`` the players starting at
    ``s``. A seat that sits out has a 下家 and a 上家 too (its neighbours that play), but is
    never among the players. Use :meth:`of` to get the shared instance of a shape.

    ``seats`` counts the seated people (2 or more); ``skip`` is the seat that sits out, or -1
    when everybody plays.

    >>> SeatRing(3).orders
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    >>> SeatRing(4, skip=4)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: skip=4: the seat that sits out must be -1 (none) or a seat 0..3
    """

    seats: int
    skip: int = -1
    active: tuple[int, ...] = field(init=False, repr=False, eq=False)
    next: tuple[int, ...] = field(init=False, repr=False, eq=False)
    previous: tuple[int, ...] = field(init=False, repr=False, eq=False)
    orders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.seats, int) or self.seats < 2:
            raise RulesError(f"seats={clipped(self.seats)}: a table has 2 or more seats")
        if not isinstance(self.skip, int) or not -1 <= self.skip < self.seats:
            raise RulesError(
                f"skip={clipped(self.skip)}: the seat that sits out must be -1 (none) "
                f"or a seat 0..{self.seats - 1}"
            )
        active = tuple(s for s in range(self.seats) if s != self.skip)
        if len(active) < 2:
            raise RulesError(f"seats={self.seats}, skip={self.skip}: fewer than two players")
        orders = _orders(active, self.seats)
        nxt = tuple(order[1] for order in orders)
        prev = tuple(order[-1] for order in orders)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "next", nxt)
        object.__setattr__(self, "previous", prev)
        object.__setattr__(self, "orders", orders)

    @staticmethod
    @caches.lru("core", maxsize=64)
    def of(seats: int, skip: int = -1) -> SeatRing:
        """The shared (cached) ring of this shape; rings are immutable.

        >>> SeatRing.of(3) is SeatRing.of(3)
        True
        """
        return SeatRing(seats, skip)

    def __deepcopy__(self, memo: dict[int, object]) -> SeatRing:
        return self

    def order_from(self, seat: int) -> tuple[int, ...]:
        """``seat`` followed by the players in turn order from its 下家 (the deal order when
        ``seat`` is the dealer).

        >>> SeatRing.of(4, skip=2).order_from(3)
        (3, 0, 1)
        """
        return self.orders[seat]

    def after(self, seat: int) -> tuple[int, ...]:
        """The other players in claim priority order: the 下家 first, the 上家 last.

        >>> SeatRing.of(4).after(2)
        (3, 0, 1)
        >>> SeatRing.of(4, skip=1).after(0)
        (2, 3)
        """
        return self.orders[seat][1:]


def seat_validator(seats: int) -> Callable[[object, object, Any], None]:
    """The attrs validator of a family's ``Action.seat``: a whole number ``0 .. seats-1`` (an
    ``int`` or a subclass such as an ``IntEnum``, not a bool; ``seats`` is the family's largest
    table), else
    :class:`~changpai.errors.IllegalActionError` naming it. The seats of the table being played
    are checked by ``Game.verify``.

    >>> check = seat_validator(4)
    >>> check(None, None, 3)
    >>> check(None, None, True)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat=True is not a seat; expected a whole number 0..3
    """
    if type(seats) is not int or seats < 1:
        raise ChangpaiError(f"seats={clipped(seats)}: a table holds a whole number >= 1 of seats")

    def validate(_instance: object, _attribute: object, seat: Any) -> None:
        check_seat(seat, seats, error=IllegalActionError)

    validate.__doc__ = f"An ``Action.seat`` of a table of at most {seats} seats."
    return validate


def check_seat(
    value: object,
    seats: int,
    *,
    what: str = "seat",
    error: type[ChangpaiError] = ChangpaiError,
) -> int:
    """``value`` as a seat number ``0 .. seats-1``, or raise ``error`` naming it.

    ``True`` and ``False`` are not seats (Python would otherwise read them as 1 and 0).

    >>> check_seat(2, 3)
    2
    >>> check_seat(True, 3, what="dealer", error=RulesError)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: dealer=True is not a seat; expected a whole number 0..2
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise error(
            f"{what}={shown(value)} is not a seat; expected a whole number 0..{seats - 1}"
            + int_hint(value)
        )
    # an int subclass (an IntEnum seat) as its plain number: its own == and hash decide nothing
    return plain_int(value)  # type: ignore[no-any-return]


def check_playing(seat: int, dealer: int, sizes: tuple[int, ...], what: str, rule: str) -> int:
    """``seat`` (a seat of the table) if it plays the hand ``dealer`` deals, else a
    :class:`RulesError` naming it: the seat dealt one card (``sizes`` by position after the
    dealer, 0 the dealer) never plays — 川牌's and 孝感's 7th player (``rule`` cites the
    section) — so it neither wins nor abandons (review h122: ``next_dealer`` took such a
    winner, where 字牌's refuses its 數信).

    >>> check_playing(2, 0, (16, 15, 15, 1), "winner", "chuanpai.md §2.1")
    2
    >>> check_playing(3, 0, (16, 15, 15, 1), "winner", "chuanpai.md §2.1")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: winner=3 holds one card when seat 0 deals and never plays (chuanpai.md §2.1)
    """
    position = (seat - dealer) % len(sizes)
    if position and sizes[position] == 1:
        raise RulesError(
            f"{what}={seat} holds one card when seat {dealer} deals and never plays ({rule})"
        )
    return seat


def scored_seat(value: object, seats: int, what: str) -> int:
    """A seat named in a win or a score (winner, discarder, loser, payer …): a value of the
    wrong type raises :class:`NotationError`, a seat not at the table of ``seats``
    :class:`IllegalActionError` — the rule of every family's ``Win`` and ``score``
    (docs/core-concepts.md, "Errors").

    >>> scored_seat(2, 3, "winner")
    2
    >>> scored_seat("2", 3, "winner")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: winner='2' is not an integer
    >>> scored_seat(3, 3, "winner")
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: winner=3 is not a seat; expected a whole number 0..2
    """
    int_arg(value, what, error=NotationError)
    return check_seat(value, seats, what=what, error=IllegalActionError)


def payers_field(value: Iterable[int] | None) -> tuple[int, ...] | None:
    """The ``payers`` field of a ``Win`` (孝感, 川牌): ``None``, or the seats as a tuple — a
    list or a set as ``score`` takes them, copied (review h60).

    >>> payers_field([2, 0]), payers_field(None)
    ((2, 0), None)
    """
    return None if value is None else items_arg(value, "payers", "seats", sets=True)


# (resolved here: attrs copies a converter's hints into each Win's ``__init__``, where
# ``typing.get_type_hints`` would read these names in the Win's module — review h104)
payers_field.__annotations__ = typing.get_type_hints(payers_field)


def payer_seats(payers: object, winner: int, seats: int) -> tuple[int, ...]:
    """The seats that pay a win (``payers=`` of a score): not seats at all is a
    :class:`NotationError`; a seat not at the table of ``seats``, the ``winner`` or a seat
    twice an :class:`IllegalActionError`.

    >>> payer_seats([0, 2], 1, 3)
    (0, 2)
    >>> payer_seats([0, 1], 1, 3)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: payers=[0, 1]: seat 1 is the winner, who pays nobody
    """
    found = items_arg(payers, "payers", "seats", sets=True)
    for p in found:
        int_arg(p, "payers: seat", error=NotationError)
    found = tuple(scored_seat(p, seats, "payers: seat") for p in found)  # (plain numbers)
    for p in found:
        if p == winner:
            raise IllegalActionError(
                f"payers={shown(payers)}: seat {p} is the winner, who pays nobody"
            )
        if found.count(p) > 1:
            raise IllegalActionError(f"payers={shown(payers)}: seat {p} twice")
    return found
