"""The public entry points of every registered family, found, not listed (shared by
``test_fuzz`` and ``test_hand_containers``): every public function of each family
(``changpai.variants()`` -> ``entry.module.__all__``), the parsers of its public classes, the
public functions of ``changpai.core`` and the top-level functions."""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Iterator
from typing import Any

import attrs

import changpai
import changpai.core

_PARSERS = ("parse", "from_dict", "from_json", "of")


def families() -> list[types.ModuleType]:
    """Every registered family's module, once."""
    seen: dict[str, types.ModuleType] = {}
    for entry in changpai.variants():
        seen.setdefault(entry.module.__name__, entry.module)
    return list(seen.values())


def family_module(family: str) -> types.ModuleType:
    """The module of a family by the last part of its name (``zipai``, ``chuopai``)."""
    return {module.__name__.rsplit(".", 1)[-1]: module for module in families()}[family]


def rules_options() -> list[tuple[str, str, Any]]:
    """``(family, option, default)`` for every option of every family's ``Rules``."""
    return [
        (module.__name__.rsplit(".", 1)[-1], option.name, getattr(module.Rules(), option.name))
        for module in families()
        for option in attrs.fields(module.Rules)
    ]


def _targets() -> Iterator[tuple[str, Callable[..., Any], types.ModuleType | None]]:
    for module in families():
        family = module.__name__.rsplit(".", 1)[-1]
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                for attr in _PARSERS:
                    method = inspect.getattr_static(obj, attr, None)
                    if isinstance(method, (classmethod, staticmethod)):
                        yield f"{family}.{name}.{attr}", getattr(obj, attr), module
            elif inspect.isfunction(obj):
                yield f"{family}.{name}", obj, module
    for name in changpai.core.__all__:
        obj = getattr(changpai.core, name)
        if inspect.isfunction(obj):
            yield f"core.{name}", obj, None
    for name in changpai.__all__:  # (the top-level functions: variant, game_from_json …)
        obj = getattr(changpai, name)
        if inspect.isfunction(obj):
            yield f"changpai.{name}", obj, None


TARGETS = {name: (function, module) for name, function, module in _targets()}


def fuzzed_parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """The positional parameters to fuzz: every required one, and at least the first."""
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    required = [p for p in parameters if p.default is p.empty]
    return required or parameters[:1]


# The parameter names under which a family function reads a hand of its own cards.
_HAND_PARAMETERS = ("hand", "concealed", "cards")


def hand_targets() -> list[str]:
    """The targets of a family that read a hand of its own cards first."""
    out = []
    for name, (function, module) in TARGETS.items():
        if module is None or not hasattr(module, "DECK"):
            continue
        first = fuzzed_parameters(function)[:1]
        if first and first[0].name in _HAND_PARAMETERS:
            out.append(name)
    return sorted(out)
