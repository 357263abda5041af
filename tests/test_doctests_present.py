"""Every public function, class, method and property of changpai shows a ``>>>`` example
(developers' guide: "docstrings with a doctest on every public function"; the doctests run with
``--doctest-modules``).

Public means reachable from the ``__all__`` of ``changpai`` or of one of its subpackages: each
function and class named there and, for a class, each function, classmethod, staticmethod and
property it defines itself under a name without a leading ``_``. Objects made outside changpai
(attrs-generated methods, members inherited from Python such as ``Enum``'s) are not ours and are
skipped.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import changpai

# packages that need an optional extra; skipped when it is not installed
OPTIONAL = {"changpai.envs": "rl"}


def _packages() -> Iterator[ModuleType]:
    """``changpai`` and every subpackage of it that imports."""
    names = ["changpai"]
    names += [
        info.name
        for info in pkgutil.walk_packages(changpai.__path__, "changpai.", onerror=lambda _: None)
        if info.ispkg
    ]
    for name in names:
        try:
            yield importlib.import_module(name)
        except ImportError:
            if name not in OPTIONAL:
                raise


def _members(cls: type) -> Iterator[tuple[str, Any]]:
    """The public functions of ``cls``'s own namespace (a property as its getter)."""
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, property):
            yield name, value.fget
        elif isinstance(value, functools.cached_property):
            yield name, value.func
        elif isinstance(value, (classmethod, staticmethod)):
            yield name, value.__func__
        elif inspect.isfunction(value):
            yield name, value


def public_objects() -> dict[str, Any]:
    """Every public function and class, and the public members of each class, by the dotted
    name of the place that defines it (where its docstring is written); an object exported by
    several packages is listed once."""
    found: dict[str, Any] = {}
    for package in _packages():
        for name in getattr(package, "__all__", ()):
            obj = getattr(package, name)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            items = [obj]
            if inspect.isclass(obj):
                items += [member for _, member in _members(obj)]
            for item in items:
                module = getattr(item, "__module__", None) or ""
                if module == "changpai" or module.startswith("changpai."):
                    found[f"{module}.{item.__qualname__}"] = item
    return found


def test_the_check_sees_the_public_api() -> None:
    objects = public_objects()
    names = set(objects)
    # functions, classes, properties, classmethods, abstract and protocol members
    assert {
        "changpai.zipai.scoring.analyze",
        "changpai.zipai.cards.Card",
        "changpai.zipai.cards.Card.code",
        "changpai.zipai.cards.Card.parse",
        "changpai.core.engine.GameBase.apply",
        "changpai.core.turnclaim.protocols.TurnClaimRules.deal_sizes",
    } <= names
    assert len(objects) > 500


def test_every_public_object_has_a_doctest() -> None:
    missing = sorted(
        name for name, obj in public_objects().items() if ">>>" not in (inspect.getdoc(obj) or "")
    )
    assert not missing, f"{len(missing)} public names have no >>> example:\n" + "\n".join(missing)
