"""Interned card kinds: one object per kind, kept by copies and pickles (compared
by identity or by a small int).

Every family's ``Card`` takes this mixin; its constructor returns the one object of each kind
(``Card(index)``), and the mixin makes ``copy``, ``deepcopy`` and ``pickle`` return that object
too instead of building a second, equal card.

>>> import copy, pickle
>>> from changpai import zipai
>>> card = zipai.Card("d7")
>>> copy.deepcopy(card) is card is pickle.loads(pickle.dumps(card))
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["Interned"]


class Interned:
    """Mixin for a card class whose instances are interned by their small-int ``index``.

    The class must accept ``cls(index)`` and return the interned object for it.
    """

    __slots__ = ()
    index: int

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.index,))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self
