"""Copies of engines and matches that keep what a user's subclass adds.

A family's ``Game.copy()`` and ``Match.copy()`` build the copy field by field (a hot path of
search programs) and take an instance ``__dict__`` over as it is; :func:`copy_user_slots` adds
the ``__slots__`` that a subclass written outside the library declares (they were left unset
on the copy). Each ``copy`` calls it first: the library's own state, set after it, wins over a
slot a subclass declares again.
"""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import Any

__all__ = ["copy_user_slots"]

# The slots to copy, by class: (place of the declaring class in the class's __mro__, the
# slot's name) — no reference to a class, so that the weak key lets a class made at run time go.
_USER_SLOTS: weakref.WeakKeyDictionary[type, tuple[tuple[int, str], ...]] = (
    weakref.WeakKeyDictionary()
)


def _user_slots(kind: type) -> tuple[tuple[int, str], ...]:
    """The slots that the classes of ``kind`` outside the library declare (told by their
    module: not ``changpai.*``), each as the place of its class in ``kind.__mro__`` and the
    name of its descriptor there (a private name mangled as Python does).

    >>> from changpai import zipai
    >>> class Noted(zipai.Game):
    ...     __module__ = "my_server"
    ...     __slots__ = ("note", "__own")
    >>> _user_slots(Noted), _user_slots(zipai.Game)
    (((0, 'note'), (0, '_Noted__own')), ())
    """
    found: list[tuple[int, str]] = []
    for place, cls in enumerate(kind.__mro__):
        if cls.__module__.startswith("changpai."):
            continue
        names = cls.__dict__.get("__slots__", ())
        stripped = cls.__name__.lstrip("_")
        for name in (names,) if isinstance(names, str) else names:
            if name.startswith("__") and not name.endswith("__") and stripped:
                name = f"_{stripped}{name}"
            # (not __dict__ / __weakref__)
            if isinstance(cls.__dict__.get(name), types.MemberDescriptorType):
                found.append((place, name))
    return tuple(found)


def copy_user_slots(
    source: object, target: object, copy: Callable[[Any], Any] | None = None
) -> None:
    """Set on ``target`` every slot that the classes of ``source`` written outside the library
    declare and ``source`` has set, read and written through the slot itself: to the same
    value, or to ``copy(value)`` (a family whose ``copy`` copies the containers of its state
    copies those of the slots alike). Nothing to do (and no time spent) for the library's own
    classes, told by their module (``changpai.*``).

    >>> from changpai import zipai
    >>> class Noted(zipai.Game):
    ...     __module__ = "my_server"  # (a class of the user's module, not of this doctest's)
    ...     __slots__ = ("note", "__private", "unset")
    >>> game = Noted(seed=1)
    >>> game.note = "table 3"
    >>> game._Noted__private = 7
    >>> copied = game.copy()
    >>> copied.note, copied._Noted__private, hasattr(copied, "unset"), copied == game
    ('table 3', 7, False, True)
    """
    kind = type(source)
    if kind.__module__.startswith("changpai."):
        return
    slots = _USER_SLOTS.get(kind)
    if slots is None:
        slots = _USER_SLOTS[kind] = _user_slots(kind)
    mro = kind.__mro__
    for place, name in slots:
        slot = mro[place].__dict__.get(name) if place < len(mro) else None
        if not isinstance(slot, types.MemberDescriptorType):  # (its bases changed since: again)
            _USER_SLOTS[kind] = _user_slots(kind)
            copy_user_slots(source, target, copy)
            return
        try:
            value = slot.__get__(source, kind)
        except AttributeError:  # (a slot never set stays unset on the copy too)
            continue
        slot.__set__(target, value if copy is None else copy(value))
