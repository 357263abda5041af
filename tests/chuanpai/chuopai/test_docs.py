"""The code of the 戳牌 docs page really works (docs/chuopai.md), block after block."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "chuopai.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_runs_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Every python block runs in one namespace, as a reader types them; asserts are the checks."""
    assert len(BLOCKS) >= 5
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, code in enumerate(BLOCKS, 1):
        exec(compile(code, f"docs/chuopai.md block {number}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "脫手 (no winner) 15 5" in out


def test_the_transcript_shown_is_the_engine_s() -> None:
    """The transcript lines printed on the page are those of the played example."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for code in BLOCKS[:4]:
        exec(compile(code, "docs/chuopai.md", "exec"), namespace)
    from changpai.chuanpai.chuopai import transcript

    text = transcript(namespace["game"])  # type: ignore[arg-type]
    shown = re.search(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert shown is not None
    for line in shown.group(1).splitlines():
        if line.strip() != "…":
            assert line in text.splitlines(), line
