"""The code of the 孝感 docs page really works (docs/xiaogan.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from changpai.xiaogan import CHARACTERS, PHRASES

DOC = Path(__file__).resolve().parents[2] / "docs" / "xiaogan.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = [b for b in re.findall(r"```python\n(.*?)```", TEXT, re.S) if "import" in b]


def test_docs_have_code() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block {i}" for i in range(len(BLOCKS))])
def test_docs_code_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every python block of the page runs; its assertions are the checks."""
    exec(compile(code, str(DOC), "exec"), {})
    assert capsys.readouterr().out.strip()


def test_docs_card_table_matches_cards() -> None:
    """xiaogan.md §1: the card table of the docs page agrees with the library."""
    for k, phrase in enumerate(PHRASES):
        cards = CHARACTERS[3 * k : 3 * k + 3]
        row = (
            f"| {phrase} | {cards[0].letter} | `{' '.join(c.code for c in cards)}` | "
            f"{' '.join(c.hanzi for c in cards)} |"
        )
        assert row in TEXT
