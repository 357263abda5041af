"""Copies of engines and matches that keep what a user's subclass adds.

A family's ``Game.copy()`` and ``Match.copy()`` build the copy field by field (a hot path of
search programs) and copy an instance ``__dict__`` as it is; :func:`copy_user_slots` adds the
``__slots__`` that a subclass written outside the library declares (review of stop 34's
"noticed" list: they were left unset on the copy).
"""

from __future__ import annotations

__all__ = ["copy_user_slots"]


def copy_user_slots(source: object, target: object) -> None:
    """Set on ``target`` every slot that the classes of ``source`` written outside the library
    declare and ``source`` has set: a shallow copy of each value, as the ``__dict__`` of a
    subclass is copied. Nothing to do (and no time spent) for the library's own classes,
    told by their module (``changpai.*``).

    >>> from changpai import zipai
    >>> class Noted(zipai.Game):
    ...     __module__ = "my_server"  # (a class of the user's module, not of this doctest's)
    ...     __slots__ = ("note", "__private")
    >>> game = Noted(seed=1)
    >>> game.note = "table 3"
    >>> game._Noted__private = 7
    >>> copied = game.copy()
    >>> copied.note, copied._Noted__private, copied == game
    ('table 3', 7, True)
    """
    kind = type(source)
    if kind.__module__.startswith("changpai."):
        return
    for cls in kind.__mro__:
        if cls.__module__.startswith("changpai."):  # (the library's slots are copied already)
            continue
        names = cls.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):  # (a mangled private name)
                name = f"_{cls.__name__.lstrip('_')}{name}"
            try:
                value = getattr(source, name)
            except AttributeError:  # (a slot never set stays unset on the copy too)
                continue
            setattr(target, name, value)
