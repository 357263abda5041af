"""Copies of engines and matches that keep what a user's subclass adds.

A family's ``Game.copy()`` and ``Match.copy()`` build the copy field by field (a hot path of
search programs) and take an instance ``__dict__`` over as it is; :func:`copy_user_slots` adds
the ``__slots__`` that a subclass written outside the library declares (they were left unset
on the copy).
"""

from __future__ import annotations

import types
import weakref

__all__ = ["copy_user_slots"]

# the slot descriptors to copy, by class (weak keys: an entry goes with its class)
_USER_SLOTS: weakref.WeakKeyDictionary[type, tuple[types.MemberDescriptorType, ...]] = (
    weakref.WeakKeyDictionary()
)


def _user_slots(kind: type) -> tuple[types.MemberDescriptorType, ...]:
    """The descriptors of the slots that the classes of ``kind`` outside the library declare
    (by their module, not ``changpai.*``), but those a library class declares too (the library
    sets them itself).

    >>> from changpai import zipai
    >>> class Noted(zipai.Game):
    ...     __module__ = "my_server"
    ...     __slots__ = ("note", "_log")
    >>> [d.__name__ for d in _user_slots(Noted)], _user_slots(zipai.Game)
    (['note'], ())
    """
    library: set[str] = set()
    found: list[types.MemberDescriptorType] = []
    for cls in kind.__mro__:
        names = cls.__dict__.get("__slots__", ())
        names = (names,) if isinstance(names, str) else names
        own = cls.__module__.startswith("changpai.")
        for name in names:
            stripped = cls.__name__.lstrip("_")
            if name.startswith("__") and not name.endswith("__") and stripped:
                name = f"_{stripped}{name}"  # (a private name, mangled as Python does)
            descriptor = cls.__dict__.get(name)
            if own:
                library.add(name)
            elif isinstance(descriptor, types.MemberDescriptorType):
                found.append(descriptor)
    return tuple(d for d in found if d.__name__ not in library)


def copy_user_slots(source: object, target: object) -> None:
    """Set on ``target`` every slot that the classes of ``source`` written outside the library
    declare and ``source`` has set, to the same value (shared, not copied deeper: a subclass
    with mutable state of its own copies it in an override of ``copy()``), read and written
    through the slot itself. Nothing to do (and no time spent) for the library's own classes,
    told by their module (``changpai.*``).

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
    for slot in slots:
        try:
            value = slot.__get__(source, kind)
        except AttributeError:  # (a slot never set stays unset on the copy too)
            continue
        slot.__set__(target, value)
