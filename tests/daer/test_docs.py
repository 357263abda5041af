"""docs/daer.md: every ```python block runs, in order, in one namespace (as a reader types them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "daer.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_docs_blocks_run_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    codes = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert len(codes) >= 8
    for number, code in enumerate(codes, 1):
        exec(compile(code, f"daer.md block {number}", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "holds 3 cards" in printed and "'1t' is not a zipai card" in printed
    assert "seat 1 pays seat 0: 36" in printed and "seat 3 胡 on seat 0's discard" in printed
