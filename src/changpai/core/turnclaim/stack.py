"""Stacked decks of the turn-claim families (chuanpai.md §2.1, xiaogan.md §2): the given hands
dealt by seat position from the dealer, each filled up to its deal size with the rest of the
deck in card order, then the given top of the stock and the rest in card order.

>>> stack_order("aabbcc", (2, 2), hands={1: "b"}, stock="c", dealer=0,
...             read=lambda value, what: tuple(value), name=str.upper,
...             deck="the toy deck", title="toy")
('a', 'a', 'b', 'b', 'c', 'c')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from changpai.core.guard import clipped, hands_arg
from changpai.core.seats import check_seat
from changpai.errors import NotationError, RulesError

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = ["stack_order"]

_C = TypeVar("_C", bound="SupportsRichComparison")
_V = TypeVar("_V")


def _code(card: object) -> str:
    return repr(getattr(card, "code", card))


def stack_order(
    full: Iterable[_C],
    sizes: Sequence[int],
    *,
    hands: Mapping[int, _V] | Sequence[_V] | None,
    stock: _V,
    dealer: int,
    read: Callable[[_V, str], tuple[_C, ...]],
    name: Callable[[_C], str],
    deck: str,
    title: str,
    seed: int | None = None,
) -> tuple[_C, ...]:
    """The deal order of a stacked deck: ``full`` holds every card of the deck, ``sizes`` the
    cards dealt to each position from the dealer (one per seat); ``hands`` gives cards per seat
    (``{seat: value}``; a sequence is read as seats 0, 1, …) and ``stock`` the top of the stock,
    each turned into cards by ``read(value, what)``. Each seat gets its given cards filled up to
    its size with the rest in sorted order; then come the ``stock`` cards and the rest, sorted.
    Too many copies of a card (named by ``name(card)`` and its ``code``, against ``deck``) or
    too many cards for a seat (``title`` names the rules) raise :class:`NotationError`, a seat
    of ``hands`` off the table :class:`RulesError` (as in every family's ``stack_deck``).
    ``dealer`` (and ``seed``) must already be checked; with ``seed`` the rest is shuffled by
    ``random.Random(seed)`` before it fills the hands and the stock.

    >>> toy = dict(read=lambda value, what: tuple(value), name=str.upper, deck="the toy deck",
    ...            title="toy")
    >>> stack_order("aabbcc", (2, 2), hands=["c", "cb"], stock="a", dealer=1, **toy)
    ('c', 'b', 'c', 'a', 'a', 'b')
    >>> stack_order("aabbccdd", (3, 2), hands={1: "d"}, stock="c", dealer=0, seed=1, **toy)
    ('b', 'b', 'd', 'd', 'a', 'c', 'c', 'a')
    >>> stack_order("aabbcc", (2, 2), hands=["aaa"], stock="", dealer=0, **toy)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the stacked cards hold 3 of A ('a'); the toy deck has 2
    >>> stack_order("aabbcc", (2, 2), hands={1: "abc"}, stock="", dealer=0, **toy)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seat 1 is dealt 2 cards in toy with 2 players; 3 given
    >>> stack_order("aabbcc", (2, 2), hands={2: "a"}, stock="", dealer=0, **toy)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: hands seat=2 is not a seat; expected a whole number 0..1
    """
    n = len(sizes)
    given = hands_arg(hands)
    seats: dict[int, tuple[_C, ...]] = {}
    for seat, value in given.items():
        # a seat off the table is a RulesError, as in every family's stack_deck
        seat = check_seat(seat, n, what="hands seat", error=RulesError)
        seats[seat] = read(value, f"the hand of seat {seat}")
    top = read(stock, "stock")
    rest = Counter(full)
    wanted = Counter([c for cards in seats.values() for c in cards] + list(top))
    for card, count in wanted.items():
        if count > rest[card]:
            raise NotationError(
                f"the stacked cards hold {count} of {name(card)} ({_code(card)}); "
                f"{deck} has {rest[card]}"
            )
    rest -= wanted
    pool = sorted(rest.elements())
    if seed is not None:
        random.Random(seed).shuffle(pool)
    filler = iter(pool)
    order: list[_C] = []
    for position, size in enumerate(sizes):
        seat = (dealer + position) % n
        cards = seats.get(seat, ())
        if len(cards) > size:  # (more than the deal gives: a count out of range)
            raise RulesError(
                f"seat {clipped(seat)} is dealt {size} cards in {title} with {n} players; {len(cards)} given"
            )
        order.extend(cards)
        order.extend(next(filler) for _ in range(size - len(cards)))
    return (*order, *top, *filler)
