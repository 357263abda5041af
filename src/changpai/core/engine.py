"""The verify / can / apply skeleton every game engine shares (pokerkit style, DESIGN.md).

A family's ``Game`` writes ``verify(action)`` (raise
:class:`~changpai.errors.IllegalActionError` with the reason), ``apply(action)`` (verify, change
the state, append a record to the log and return it) and ``_key()`` (a tuple of its whole
state). :class:`GameBase` adds what follows from those: ``can`` and equality. :func:`replay`
applies a log or a list of decisions to a fresh game, skipping the records the engine wrote by
itself (``auto`` / ``forced`` records), since applying the decisions makes them again.

>>> class Counter(GameBase):
...     def __init__(self) -> None:
...         self.log: list[int] = []
...     def verify(self, action: int) -> None:
...         if action != len(self.log):
...             raise IllegalActionError(f"{action} is not legal now: expected {len(self.log)}")
...     def apply(self, action: int) -> int:
...         self.verify(action)
...         self.log.append(action)
...         return action
...     def _key(self) -> tuple[int, ...]:
...         return tuple(self.log)
>>> game = replay(Counter(), [0, 1, 2])
>>> game.can(3), game.can(5), game == replay(Counter(), range(3)), game == Counter()
(True, False, True, False)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from changpai.errors import IllegalActionError

__all__ = ["GameBase", "replay"]


class _Applies(Protocol):
    def apply(self, action: Any) -> Any: ...


_G = TypeVar("_G", bound=_Applies)


class GameBase(ABC):
    """Mixin of a game engine: :meth:`can` from ``verify``, ``==`` from ``_key()``.

    It adds no state (``__slots__ = ()``), so an engine with slots keeps them; games are
    mutable, hence unhashable. Two games are equal when they are of the same class and their
    ``_key()`` tuples are equal.
    """

    __slots__ = ()

    @abstractmethod
    def verify(self, action: Any) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """The whole state, for equality."""

    def can(self, action: Any) -> bool:
        """Whether ``action`` is legal now (``verify`` does not raise).

        >>> from changpai.nantong.game import Action, ActionKind, Game
        >>> game = Game(seed=2)
        >>> game.can(game.legal_actions(0)[-1]), game.can(Action(ActionKind.PASS, 1))
        (True, False)
        """
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameBase)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]


def replay(game: _G, items: Iterable[Any]) -> _G:
    """Apply actions to ``game`` in order (each one verified) and return it.

    ``items`` may mix actions and log records (objects with an ``action`` attribute); records
    marked ``auto`` or ``forced`` were written by the engine itself and are skipped.

    >>> from changpai.nantong.game import Game
    >>> played = Game(seed=9)
    >>> _ = played.apply(played.legal_actions(0)[-1])
    >>> replay(Game(seed=9), played.log) == played
    True
    """
    for item in items:
        action = getattr(item, "action", None)
        if action is not None:
            if getattr(item, "auto", False) or getattr(item, "forced", False):
                continue
            item = action
        game.apply(item)
    return game
