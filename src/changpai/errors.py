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

__all__ = ["MESSAGE_LIMIT", "ChangpaiError", "IllegalActionError", "NotationError", "RulesError"]

# The longest message an error keeps whole; a longer one (an input of thousands of cards named
# in it) keeps its start and its end — the reason — and drops the middle.
MESSAGE_LIMIT = 1000


class ChangpaiError(ValueError):
    """Base class of every error raised on purpose by changpai.

    Catch it to handle any of the errors below; it is itself a :class:`ValueError`.

    >>> from changpai import zipai
    >>> try:
    ...     zipai.Card.parse("zz")
    ... except ValueError as error:  # (catch ChangpaiError to handle only changpai's own)
    ...     print(type(error).__name__, [base.__name__ for base in type(error).__mro__[1:3]])
    NotationError ['ChangpaiError', 'ValueError']

    A message longer than :data:`MESSAGE_LIMIT` characters keeps its start and its end (the
    reason) and drops the middle, so that no input makes an unreadable error:

    >>> text = str(ChangpaiError("x" * 100_000 + " is not a card"))
    >>> len(text), text[-18:]
    (1002, 'xxxx is not a card')
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MESSAGE_LIMIT:
            text = args[0]
            args = (f"{text[: MESSAGE_LIMIT * 2 // 3]} … {text[-(MESSAGE_LIMIT // 3) :]}",)
        super().__init__(*args)


class NotationError(ChangpaiError):
    """A card, meld or hand written in a notation that cannot be read, or impossible cards
    (an unknown token, a fifth copy of a card).

    >>> from changpai import zipai
    >>> zipai.Card.parse("zz")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'zz' is not a zipai card; expected x1..x10, d1..d10 (or s1..s10, b1..b10) or 一..十, 壹..拾
    >>> issubclass(NotationError, ChangpaiError), issubclass(NotationError, ValueError)
    (True, True)
    """


class IllegalActionError(ChangpaiError):
    """An action that the rules do not allow at this moment; the game state is left unchanged.

    >>> from changpai import zipai
    >>> game = zipai.Game(seed=1)
    >>> try:
    ...     game.apply(zipai.Action(1, zipai.ActionKind.PASS))
    ... except ValueError as error:  # (an IllegalActionError)
    ...     print(type(error).__name__, error)
    IllegalActionError seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
    >>> game == zipai.Game(seed=1), issubclass(IllegalActionError, ChangpaiError)
    (True, True)
    """


class RulesError(ChangpaiError):
    """An invalid rules object or option, or an unknown variant name.

    >>> from changpai import zipai
    >>> zipai.HUNAN.evolve(players=5)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=5: a zipai hand is played by 2 to 4 players
    >>> issubclass(RulesError, ChangpaiError), issubclass(RulesError, ValueError)
    (True, True)
    """
