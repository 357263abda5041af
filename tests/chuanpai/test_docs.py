"""The code of the 川牌 docs page really works (docs/chuanpai.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "chuanpai.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_docs_have_code() -> None:
    """The tutorial has code blocks to run."""
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block {i}" for i in range(len(BLOCKS))])
def test_docs_code_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every python block of the page runs; its assertions are the checks."""
    exec(compile(code, str(DOC), "exec"), {})
    assert capsys.readouterr().out.strip()


def test_docs_card_table_matches_cards() -> None:
    """chuanpai.md §1: the card table of the docs page agrees with the library."""
    from changpai.chuanpai import DOT_CARDS

    text = DOC.read_text(encoding="utf-8")
    for card in DOT_CARDS:
        row = (
            f"| {card.number} | `{card.code}` | {' / '.join(card.names)} | {card.points} | "
            f"{card.left} {card.left_colour} | {card.right} {card.right_colour} | "
            f"{card.red_dots} | {card.chuo_class.hanzi} | {'red' if card.red else 'black'} |"
        )
        assert row in text
