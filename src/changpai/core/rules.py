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

from typing import Any, ClassVar

from attrs import fields

__all__ = ["RulesBase", "register_presets"]


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
    """

    __slots__ = ()

    #: ``(constant name, preset)`` pairs, registered by :func:`register_presets`.
    _presets: ClassVar[tuple[tuple[str, Any], ...]] = ()
    #: The family's code name, for the repr.
    _family: ClassVar[str] = ""

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
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(type(self))  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(preset, f.name)
        )
        return f"{self._family}.{constant}.evolve({changed})"


def register_presets(cls: type[RulesBase], family: str, **presets: Any) -> None:
    """Register a family's presets (by their constant names) for the short ``repr``.

    >>> from changpai import nantong
    >>> nantong.DUZIHU_BAIDA
    nantong.DUZIHU_BAIDA
    """
    cls._family = family
    cls._presets = tuple(presets.items())
