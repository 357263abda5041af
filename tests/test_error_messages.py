"""Every error message names its input through ``changpai.core.guard.clipped`` (or ``shown``),
never through ``repr`` (``{x!r}``): ``repr`` of a whole number of over 4,300 digits raises
Python's ValueError while the message is written, and a long input makes a long message
(docs/core-concepts.md "Errors"; issue 12). A module constant in capitals may keep its repr.

The rule is read from the source: every f-string given to an error class of
``changpai.errors`` (or to a variable ``error`` holding one) in ``src/changpai``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import changpai
from changpai import errors

_SOURCE = Path(changpai.__file__).parent
_ERRORS = {name for name in dir(errors) if name.endswith("Error")} | {"error"}


def _called(node: ast.Call) -> str | None:
    function = node.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return None


def _constant(node: ast.expr) -> bool:
    """A module constant in capitals (``GAME_SCHEMA``, ``document.GAME_SCHEMA``)."""
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return bool(name) and name.lstrip("_").isupper()


def _reprs_in_errors(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _called(node) in _ERRORS:
            for argument in node.args:
                for part in ast.walk(argument):
                    if (
                        isinstance(part, ast.FormattedValue)
                        and part.conversion == ord("r")
                        and not _constant(part.value)
                    ):
                        found.append(f"{path.relative_to(_SOURCE)}:{node.lineno}")
    return found


def test_no_error_message_shows_its_input_by_repr() -> None:
    found = [place for path in sorted(_SOURCE.rglob("*.py")) for place in _reprs_in_errors(path)]
    assert not found, f"use clipped(x), not {{x!r}}, in these error messages: {found}"


def test_the_rule_is_read_from_the_source() -> None:
    """The scan finds a ``{x!r}`` where there is one (so that an empty answer means none)."""
    sample = _SOURCE / "core" / "guard.py"
    tree = ast.parse('raise NotationError(f"{value!r} is bad")\nraise RulesError(f"{X!r}")')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    flagged = [
        part
        for call in calls
        for part in ast.walk(call)
        if isinstance(part, ast.FormattedValue)
        and part.conversion == ord("r")
        and not _constant(part.value)
    ]
    assert len(flagged) == 1 and sample.exists()
