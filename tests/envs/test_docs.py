"""docs/rl.md: its Python blocks run in order in one namespace, as a reader types them (the
```py block of the heavier example is not run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_rl_page_blocks_run(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    codes = [match.group(1) for match in BLOCK.finditer(PAGE.read_text(encoding="utf-8"))]
    assert len(codes) >= 5
    for number, code in enumerate(codes, 1):
        exec(compile(code, f"rl.md block {number}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "True" in out
    found = re.search(r"mean reward per hand: uniform ([-+][\d.]+), trained ([-+][\d.]+)", out)
    assert found is not None, out
    assert float(found.group(2)) > float(found.group(1))  # the training helped
