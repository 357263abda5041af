"""Strict card-count multisets: a tuple of counts indexed by card kind.

Every family numbers its card kinds ``0 .. size-1``; a hand is then a tuple of counts, which is
hashable, cheap to copy and the natural key for cached hand analysis. :class:`Counts` checks
every change: a count never goes below zero or above the number of copies in the deck.

>>> hand = Counts.from_indices([0, 1, 1], size=4, max_copies=4)
>>> hand.counts, len(hand)
((1, 2, 0, 0), 3)
>>> hand.add(3).remove(1).counts
(1, 1, 0, 1)
>>> list(hand.indices())
[0, 1, 1]
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from attrs import field, frozen

from changpai.core.guard import (
    NUMBER_MAX,
    clipped,
    int_arg,
    int_field,
    items_arg,
    plain_int,
    whole_number,
)
from changpai.errors import ChangpaiError, NotationError

__all__ = ["MOST_KINDS", "Counts", "take"]

MOST_KINDS = 1024
"""The most card kinds :meth:`Counts.empty` and :meth:`Counts.from_indices` make a multiset
over (``size``): far beyond any deck's (字牌 20, 川牌 22, 南通 35), so that a mistaken size is
named, not filled with zeros (the counts given to ``Counts`` itself are its size)."""


def _default_name(index: int) -> str:
    return f"kind #{index}"


def _whole_numbers(values: Any, what: str) -> tuple[int, ...]:
    """``values`` as a tuple of plain ``int`` (an ``IntEnum`` member as its number), else a
    :class:`NotationError` naming ``what``."""
    if type(values) is not tuple:
        if isinstance(values, list):  # (review h130: "is not a tuple of whole numbers")
            raise NotationError(
                f"{what}={clipped(values):.60} is a list, not a tuple of whole numbers; give "
                "a tuple"
            )
        raise NotationError(f"{what}={clipped(values):.60} is not a tuple of whole numbers")
    if set(map(type, values)) - {int}:  # (the types at C speed: plain ints pass as they are)
        return tuple(whole_number(value, what) for value in values)
    return values


# (named functions: mypy's attrs plugin takes no computed converter)
def _counts(values: Any) -> tuple[int, ...]:
    return _whole_numbers(values, "counts")


def _limits(values: Any) -> tuple[int, ...] | None:
    return None if values is None else _whole_numbers(values, "limits")


@frozen
class Counts:
    """An immutable multiset of card kinds with at most ``max_copies`` of each kind.

    ``counts[i]`` is how many cards of kind ``i`` it holds. Operations return new objects and
    raise instead of clamping: adding a fifth copy raises :class:`~changpai.errors.NotationError`,
    removing a card that is not there raises :class:`~changpai.errors.ChangpaiError`.

    >>> Counts((0, 5), max_copies=4)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of kind #1; a deck has at most 4
    """

    counts: tuple[int, ...] = field(converter=_counts)
    max_copies: int = field(default=4, converter=int_field)
    name: Callable[[int], str] = field(default=_default_name, eq=False, repr=False)
    limits: tuple[int, ...] | None = field(default=None, eq=False, repr=False, converter=_limits)
    """Per-kind copy limits (a deck whose kinds have different counts, e.g. one copy of each
    百搭 or 經牌); ``None`` means ``max_copies`` for every kind."""

    def __attrs_post_init__(self) -> None:
        counts, limits = self.counts, self.limits
        if type(self.max_copies) is not int or not 0 <= self.max_copies <= NUMBER_MAX:
            int_arg(self.max_copies, "max_copies", low=0, error=NotationError)  # (raises)
        if limits is not None and len(limits) != len(counts):
            raise ChangpaiError(f"{len(limits)} copy limits for {len(counts)} card kinds")
        # Fast path (hands are checked on every analysis call): C-level min/max/compare.
        if not counts or min(counts) >= 0:
            if limits is None:
                if not counts or max(counts) <= self.max_copies:
                    return
            elif not any(map(operator.gt, counts, limits)):
                return
        for index, count in enumerate(counts):
            if count < 0:
                raise ChangpaiError(
                    f"{count} copies of {self.name(index)}; counts cannot be negative"
                )
            limit = self.max_copies if limits is None else limits[index]
            if count > limit:
                copies = "1 copy" if count == 1 else f"{count} copies"
                has = "has none" if limit == 0 else f"has at most {limit}"
                raise NotationError(f"{copies} of {self.name(index)}; a deck {has}")

    @classmethod
    def from_indices(
        cls,
        indices: Iterable[int],
        *,
        size: int,
        max_copies: int = 4,
        name: Callable[[int], str] = _default_name,
        limits: tuple[int, ...] | None = None,
    ) -> Counts:
        """Count card-kind indices (checked against ``max_copies`` or the per-kind ``limits``).

        >>> Counts.from_indices([1, 1], size=2, limits=(4, 1), name=lambda i: "百搭")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 2 copies of 百搭; a deck has at most 1

        >>> Counts.from_indices([2, 2], size=3).counts
        (0, 0, 2)
        >>> Counts.from_indices([3], size=3)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: card kind index 3 is out of range 0..2
        """
        if type(size) is not int or not 0 <= size <= MOST_KINDS:  # (inline: a hot path)
            int_arg(size, "size", low=0, high=MOST_KINDS, error=NotationError)
        items = list(items_arg(indices, "indices", "card kind indices"))
        if not all(type(index) is int for index in items):
            bad = next(index for index in items if type(index) is not int)
            raise NotationError(f"card kind index {clipped(bad)} is not an integer")
        if items and (min(items) < 0 or max(items) >= size):
            bad = next(index for index in items if not 0 <= index < size)
            raise NotationError(f"card kind index {clipped(bad)} is out of range 0..{size - 1}")
        counts = [0] * size
        for index in items:
            counts[index] += 1
        return cls(tuple(counts), max_copies, name, limits)

    @classmethod
    def empty(
        cls, size: int, max_copies: int = 4, name: Callable[[int], str] = _default_name
    ) -> Counts:
        """The empty multiset over ``size`` kinds.

        >>> len(Counts.empty(20))
        0
        """
        int_arg(size, "size", low=0, high=MOST_KINDS, error=NotationError)
        return cls((0,) * size, max_copies, name)

    def __len__(self) -> int:
        return sum(self.counts)

    def __getitem__(self, index: int) -> int:
        return self.counts[index]

    def __contains__(self, index: object) -> bool:
        return isinstance(index, int) and 0 <= index < len(self.counts) and self.counts[index] > 0

    def indices(self) -> Iterator[int]:
        """Every card kind index, repeated by its count, in index order.

        >>> list(Counts((2, 0, 1)).indices())
        [0, 0, 2]
        """
        for index, count in enumerate(self.counts):
            for _ in range(count):
                yield index

    def add(self, index: int, copies: int = 1) -> Counts:
        """A new multiset with ``copies`` more of kind ``index``.

        >>> Counts((4, 0)).add(0)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 5 copies of kind #0; a deck has at most 4
        """
        index, copies = self._change(index, copies)
        counts = list(self.counts)
        counts[index] += copies
        return Counts(tuple(counts), self.max_copies, self.name, self.limits)

    def remove(self, index: int, copies: int = 1) -> Counts:
        """A new multiset with ``copies`` fewer of kind ``index``.

        >>> Counts((1, 0)).remove(1)
        Traceback (most recent call last):
        ...
        changpai.errors.ChangpaiError: cannot remove 1 of kind #1: only 0 held
        """
        index, copies = self._change(index, copies)
        if self.counts[index] < copies:
            raise ChangpaiError(
                f"cannot remove {copies} of {self.name(index)}: only {self.counts[index]} held"
            )
        counts = list(self.counts)
        counts[index] -= copies
        return Counts(tuple(counts), self.max_copies, self.name, self.limits)

    def _change(self, index: object, copies: object) -> tuple[int, int]:
        """``index`` and ``copies`` of :meth:`add` or :meth:`remove`, checked: a kind of this
        multiset (a negative index is no kind) and a whole number of copies >= 0."""
        size = len(self.counts)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
            raise NotationError(
                f"index={clipped(index)} is not a card kind of this multiset; expected a whole "
                f"number 0..{size - 1}"
            )
        return int.__index__(index), plain_int(
            int_arg(copies, "copies", low=0, error=NotationError)
        )

    def _same_kinds(self, other: object) -> Counts:
        """``other`` if it is a :class:`Counts` over as many kinds, else a NotationError."""
        if not isinstance(other, Counts):
            raise NotationError(f"{clipped(other):.60} is not a Counts multiset")
        if len(other.counts) != len(self.counts):
            raise NotationError(
                f"a multiset of {len(other.counts)} card kinds with one of {len(self.counts)}"
            )
        return other

    def issubset(self, other: Counts) -> bool:
        """Whether every card of this multiset is also in ``other``.

        >>> Counts((1, 1)).issubset(Counts((2, 1)))
        True
        >>> Counts((1, 1)).issubset(Counts((2, 1, 0)))
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: a multiset of 3 card kinds with one of 2
        """
        self._same_kinds(other)
        return all(a <= b for a, b in zip(self.counts, other.counts, strict=True))

    def __add__(self, other: Counts) -> Counts:
        self._same_kinds(other)
        return Counts(
            tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)),
            self.max_copies,
            self.name,
            self.limits,
        )

    def __sub__(self, other: Counts) -> Counts:
        if not self._same_kinds(other).issubset(self):
            missing = next(
                i for i, (a, b) in enumerate(zip(self.counts, other.counts, strict=True)) if b > a
            )
            raise ChangpaiError(
                f"cannot remove {other.counts[missing]} of {self.name(missing)}: "
                f"only {self.counts[missing]} held"
            )
        return Counts(
            tuple(a - b for a, b in zip(self.counts, other.counts, strict=True)),
            self.max_copies,
            self.name,
            self.limits,
        )


def take(counts: tuple[int, ...], indices: Iterable[int]) -> tuple[int, ...] | None:
    """``counts`` (a plain count tuple, the hot-path form of :class:`Counts`) without one card
    of each of ``indices``, or ``None`` when one is missing.

    >>> take((2, 1, 0), (0, 1)), take((2, 1, 0), (2,))
    ((1, 0, 0), None)
    """
    out = list(counts)
    for i in indices:
        out[i] -= 1
        if out[i] < 0:
            return None
    return tuple(out)
