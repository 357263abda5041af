"""Bounded module-level caches, registered per family so that they can be measured and cleared.

The hand analysis of every family caches results on count tuples (the hot path of a simulation
asks the same questions again and again). Every such cache has a documented maximum number of
entries, so a long run keeps a bounded memory, and every family's ``clear_caches()`` (and
:func:`changpai.clear_caches` for all of them) empties them.

>>> from changpai.core import caches
>>> @caches.lru("example", maxsize=2)
... def square(n: int) -> int:
...     return n * n
>>> [square(n) for n in (1, 2, 3, 3)]
[1, 4, 9, 9]
>>> caches.stats("example")["changpai.core.caches.square"]
(2, 2)
>>> caches.clear("example")
>>> caches.stats("example")["changpai.core.caches.square"]
(0, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from itertools import islice
from typing import TypeVar

import attrs

__all__ = ["BoundedDict", "by_identity", "clear", "lru", "register", "stats"]

_T = TypeVar("_T")
_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")
_O = TypeVar("_O")


@attrs.frozen
class _Entry:
    family: str
    name: str
    clear: Callable[[], None]
    size: Callable[[], int]
    maxsize: int


_REGISTRY: dict[str, _Entry] = {}


def register(
    family: str, name: str, clear: Callable[[], None], size: Callable[[], int], maxsize: int
) -> None:
    """Register a cache of ``family`` under ``name``: how to clear it, how many entries it holds
    now, and the most it may hold.

    >>> box: dict[int, int] = {}
    >>> register("example", "box", box.clear, box.__len__, 10)
    >>> stats("example")["box"]
    (0, 10)
    """
    _REGISTRY[name] = _Entry(family, name, clear, size, maxsize)


def lru(
    family: str, maxsize: int
) -> Callable[[Callable[..., _T]], functools._lru_cache_wrapper[_T]]:
    """:func:`functools.lru_cache` with ``maxsize``, registered as a cache of ``family``.

    >>> @lru("example", maxsize=4)
    ... def double(n: int) -> int:
    ...     return 2 * n
    >>> double(4), double.cache_info().maxsize
    (8, 4)
    """

    def wrap(function: Callable[..., _T]) -> functools._lru_cache_wrapper[_T]:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        name = f"{function.__module__}.{function.__qualname__}"
        register(family, name, cached.cache_clear, lambda: cached.cache_info().currsize, maxsize)
        return cached

    return wrap


class BoundedDict(dict[_K, _V]):
    """A ``dict`` cache that holds at most ``maxsize`` entries: storing a new key when it is full
    first drops the oldest eighth of its entries (at least one). Reads are plain ``dict`` reads
    (the hot path). Threads may share it: a store never fails, and the cache holds at most
    ``maxsize`` entries plus one for each store under way in another thread.

    >>> cache: BoundedDict[int, str] = BoundedDict("example", "example.letters", 2)
    >>> cache[1], cache[2], cache[3] = "a", "b", "c"
    >>> sorted(cache.items())
    [(2, 'b'), (3, 'c')]
    >>> cache.maxsize
    2
    """

    def __init__(self, family: str, name: str, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize
        self._batch = max(1, maxsize // 8)
        register(family, name, self.clear, self.__len__, maxsize)

    def __setitem__(self, key: _K, value: _V) -> None:
        # (a batch: a dict finds its oldest entry by walking past the slots of the entries
        # dropped before it, so dropping one at a time made every store of a full cache walk
        # thousands of them — 20-80x slower; a loop, and pop: another thread may drop the same
        # entries, or empty the cache, meanwhile — a store never fails)
        while len(self) >= self.maxsize and key not in self:
            try:
                oldest = list(islice(iter(self), self._batch))
            except RuntimeError:  # (changed while the oldest were read: read again)
                continue
            for old in oldest:
                self.pop(old, None)
        super().__setitem__(key, value)


def by_identity(
    family: str, name: str, maxsize: int, compute: Callable[[_O], _V]
) -> Callable[[_O], _V]:
    """``compute`` of a shared immutable object (an engine's interned action, set or record),
    kept by the object's identity in a :class:`BoundedDict` registered as ``name``: an entry
    holds its object, so the id it is kept by stays that object's while it is kept.

    >>> calls = []
    >>> size = by_identity("example", "example.sizes", 4, lambda t: calls.append(t) or len(t))
    >>> shared = (1, 2, 3)
    >>> size(shared), size(shared), len(calls)
    (3, 3, 1)
    """
    entries: BoundedDict[int, tuple[_O, _V]] = BoundedDict(family, name, maxsize)

    def kept(obj: _O) -> _V:
        known = entries.get(id(obj))
        if known is not None and known[0] is obj:
            return known[1]
        value = compute(obj)
        entries[id(obj)] = (obj, value)
        return value

    return kept


def clear(family: str | None = None) -> None:
    """Empty every registered cache of ``family`` (``None``: of every family) and the shared
    caches of the engines' common code (family ``"core"``: the turn-claim flow's tables, the
    simulation's names), which a family's work fills too — so a family's ``clear_caches()``
    leaves it as cold as a new process (review h70: the shared ones stayed filled).

    >>> clear("no such family")  # nothing of its own: the shared caches only
    """
    for entry in list(_REGISTRY.values()):
        if family is None or entry.family in (family, "core"):
            entry.clear()


def stats(family: str | None = None) -> dict[str, tuple[int, int]]:
    """``{name: (entries now, maximum entries)}`` of the registered caches of ``family``
    (``None``: of every family).

    >>> stats("no such family")
    {}
    """
    return {
        entry.name: (entry.size(), entry.maxsize)
        for entry in list(_REGISTRY.values())  # (a copy: another thread may register one)
        if family is None or entry.family == family
    }
