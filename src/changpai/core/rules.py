"""What every family's ``Rules`` shares: a ``name`` and ``title``, presets registered by name,
and a short ``repr`` that names the preset and only the options that differ from it.

A family declares ``@frozen(repr=False) class Rules(RulesBase)`` and registers its presets with
:func:`register_presets` after creating them.

>>> from changpai import zipai
>>> zipai.HUNAN
zipai.HUNAN
>>> zipai.HUNAN.evolve(min_huxi=10)
zipai.HUNAN.evolve(min_huxi=10)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from attrs import fields

from changpai.core.guard import clipped, number_arg
from changpai.core.serial import ordered_repr, rules_from_dict, rules_to_dict
from changpai.errors import RulesError

__all__ = ["RulesBase", "check_numbers", "check_option_names", "register_presets"]

_R = TypeVar("_R", bound="RulesBase")


class RulesBase:
    """Mixin of a family's frozen rules class: the short ``repr`` of presets.

    A rules object that equals a registered preset prints as ``family.PRESET``; one made from a
    preset with ``evolve`` prints as that call, listing only the changed options, so reprs stay
    short in ``help()`` signatures and notebooks.

    >>> from changpai import zipai
    >>> isinstance(zipai.HUNAN, RulesBase)
    True
    >>> changed = zipai.HUNAN.evolve(min_huxi=10)
    >>> changed, changed.evolve(min_huxi=15)
    (zipai.HUNAN.evolve(min_huxi=10), zipai.HUNAN)

    Every family's rules name the options added or retired since documents were first written
    (empty when there are none):

    >>> from changpai import nantong
    >>> zipai.Rules.ADDED_OPTIONS["weihu"], dict(nantong.Rules.ADDED_OPTIONS)
    (True, {})
    """

    __slots__ = ()

    #: ``(constant name, preset)`` pairs, registered by :func:`register_presets`.
    _presets: ClassVar[tuple[tuple[str, Any], ...]] = ()
    #: The family's code name, for the repr.
    _family: ClassVar[str] = ""
    #: Options added after documents were written without them: name -> the behaviour of those
    #: documents, which :meth:`from_dict` gives a dict that lacks the option (none by default).
    ADDED_OPTIONS: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    #: Options a family no longer has: name -> the old default, the only value
    #: :meth:`from_dict` still accepts for them (none by default).
    RETIRED_OPTIONS: ClassVar[Mapping[str, Any]] = MappingProxyType({})

    def __repr__(self) -> str:
        presets = type(self)._presets
        for constant, preset in presets:
            if preset == self:
                return f"{self._family}.{constant}"
        name = getattr(self, "name", None)
        base = next((p for p in presets if getattr(p[1], "name", None) == name), None)
        if base is None and presets:
            base = presets[0]
        if base is None:
            return f"{type(self).__name__}(...)"
        constant, preset = base
        changed = ", ".join(
            f"{f.name}={ordered_repr(getattr(self, f.name))}"
            for f in fields(type(self))  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(preset, f.name)
        )
        return f"{self._family}.{constant}.evolve({changed})"

    def to_dict(self) -> dict[str, Any]:
        """Every option as a JSON-ready dict, in declaration order (tuples as lists, sets as
        sorted lists): what a game document holds as its rules.

        >>> from changpai import nantong
        >>> nantong.DUZIHU.to_dict()["wenqian_values"]
        [20, 50, 100, 200]
        """
        return rules_to_dict(self)

    @classmethod
    def from_dict(cls: type[_R], data: Any) -> _R:
        """The inverse of :meth:`to_dict`, as a game document's rules are read: an unknown
        option or a value that is not a dict raises :class:`~changpai.errors.RulesError`
        naming it; a missing option takes its default, or for an option added later the
        behaviour of the documents written before it (``ADDED_OPTIONS``); a retired option is
        accepted only at its old default (``RETIRED_OPTIONS``).

        >>> from changpai import chuanpai, zipai
        >>> zipai.Rules.from_dict(zipai.HAHA.to_dict()) == zipai.HAHA
        True
        >>> old = chuanpai.YAODIREN.to_dict()
        >>> del old["mojia_claims"]  # (a dict written before the option)
        >>> chuanpai.Rules.from_dict(old).mojia_claims
        'all'
        """
        return rules_from_dict(cls, data, family=cls._family)


def register_presets(cls: type[RulesBase], family: str, **presets: Any) -> None:
    """Register a family's presets (by their constant names) for the short ``repr``.

    >>> from changpai import nantong
    >>> nantong.DUZIHU_BAIDA
    nantong.DUZIHU_BAIDA
    """
    cls._family = family
    cls._presets = tuple(presets.items())


def check_numbers(rules: RulesBase) -> None:
    """Refuse, with a :class:`~changpai.errors.RulesError` naming the option, a whole number
    beyond ±:data:`~changpai.core.guard.NUMBER_MAX` anywhere in the options of ``rules`` (in
    a tuple or a mapping too, to the depth a rules option holds): the first check of every
    family's ``__attrs_post_init__``, after the fields' own validators (so a number below a
    field's least value may be named by its validator first).

    >>> from changpai import zipai
    >>> zipai.HUNAN.evolve(min_huxi=2**60)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: min_huxi=1152921504606846976 is beyond ±9,007,199,254,740,991 (2**53 - 1), the largest whole number changpai takes
    """
    for option in fields(type(rules)):  # type: ignore[arg-type]
        _check_number(getattr(rules, option.name), option.name, _DEPTH)


# No rules option holds numbers nested deeper (a container holding itself is left to the
# family's own check of the option, which names it).
_DEPTH = 4


def _check_number(value: object, name: str, depth: int) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        number_arg(value, name)
    elif depth and isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _check_number(item, f"{name} item", depth - 1)
    elif depth and isinstance(value, Mapping):
        for key, item in value.items():
            _check_number(key, f"{name} key", depth - 1)
            _check_number(item, f"{name}[{clipped(key)}]", depth - 1)


def check_option_names(cls: type, changes: Mapping[str, object], family: str) -> None:
    """Refuse the names in ``changes`` (an ``evolve``'s keywords) that are no option of the
    rules class ``cls``: one :class:`~changpai.errors.RulesError` naming them and listing the
    options in their order, worded alike in every family (review h108: six wordings).

    >>> from changpai import zipai
    >>> check_option_names(zipai.Rules, {"min_huxi": 10}, "zipai")
    >>> check_option_names(zipai.Rules, {"foo": 1}, "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: unknown zipai rules option 'foo'; the options are name, players, ...
    """
    names = [f.name for f in fields(cls)]
    unknown = [name for name in changes if name not in names]
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        raise RulesError(
            f"unknown {family} rules option{plural} {', '.join(map(clipped, unknown))}; the "
            f"options are {', '.join(names)}"
        )
