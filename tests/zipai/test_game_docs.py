"""Every Python block of docs/zipai-engine.md runs (the engine page's code is real)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "zipai-engine.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_doc_block_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/zipai-engine.md: the block runs and prints something."""
    exec(compile(code, str(DOC), "exec"), {"__name__": "__doc_block__"})
    assert capsys.readouterr().out.strip()


def test_doc_has_the_promised_sections() -> None:
    """The engine page covers the loop, view, stacking, JSON and replays."""
    text = DOC.read_text(encoding="utf-8")
    for heading in (
        "game loop in ten lines",
        "Hidden information",
        "Stacking a deck",
        "JSON and replays",
    ):
        assert heading in text
    assert len(BLOCKS) >= 6
