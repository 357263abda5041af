"""Collection rules for the whole tree: the doctests of ``changpai.envs`` need the ``rl`` extra
(numpy, pettingzoo, gymnasium), so they are left out when it is not installed (the plain
``test`` extra stays light; ``tests/envs`` skips itself the same way)."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent / "src"

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(name) is None for name in ("numpy", "pettingzoo", "gymnasium")):
    collect_ignore_glob.append("src/changpai/envs/*")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> None:
    """Import a module of ``src/`` by its own name before its doctests are collected.

    With ``--import-mode=importlib`` pytest runs a module file that is not yet imported a second
    time (after its package's ``__init__`` has imported it), so the module the doctests read
    is not the one its siblings bound — ``pytest --doctest-modules src/changpai/nantong/hand.py``
    alone then failed a doctest. Imported here first, pytest finds it in ``sys.modules``.
    """
    if file_path.suffix != ".py" or SRC not in file_path.parents:
        return
    parts = file_path.relative_to(SRC).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    with contextlib.suppress(ImportError):  # (an extra not installed: collection says so)
        importlib.import_module(".".join(parts))
