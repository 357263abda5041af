"""Collection rules for the whole tree: the doctests of ``changpai.envs`` need the ``rl`` extra
(numpy, pettingzoo, gymnasium), so they are left out when it is not installed (the plain
``test`` extra stays light; ``tests/envs`` skips itself the same way)."""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(name) is None for name in ("numpy", "pettingzoo", "gymnasium")):
    collect_ignore_glob.append("src/changpai/envs/*")
