"""Typed errors raised by changpai.

Every error is a :class:`ValueError`, so code that already catches ``ValueError`` keeps working,
and every message names the bad input and the reason.

>>> from changpai.errors import ChangpaiError, NotationError
>>> issubclass(NotationError, ChangpaiError) and issubclass(ChangpaiError, ValueError)
True
>>> try:
...     raise NotationError("'x11' is not a zipai card; expected x1..x10, d1..d10")
... except ChangpaiError as error:
...     print(error)
'x11' is not a zipai card; expected x1..x10, d1..d10
"""

from __future__ import annotations

__all__ = ["ChangpaiError", "IllegalActionError", "NotationError", "RulesError"]


class ChangpaiError(ValueError):
    """Base class of every error raised on purpose by changpai."""


class NotationError(ChangpaiError):
    """A card, meld or hand written in a notation that cannot be read, or impossible cards
    (an unknown token, a fifth copy of a card)."""


class IllegalActionError(ChangpaiError):
    """An action that the rules do not allow at this moment; the game state is left unchanged."""


class RulesError(ChangpaiError):
    """An invalid rules object or option, or an unknown variant name."""
