"""docs/nantong.md: every ```python block runs, and every ``expr  # value`` comment is what the
expression gives (``print(...)  # text`` compares the printed text)."""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "nantong.md"
BLOCKS = (
    re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    if DOC.exists()
    else []
)


@pytest.mark.skipif(not DOC.exists(), reason="docs/nantong.md not present")
@pytest.mark.parametrize("block", BLOCKS, ids=[f"docs block {i}" for i in range(len(BLOCKS))])
def test_docs_examples_run_and_match(block: str) -> None:
    """Each statement runs; a trailing comment on an expression is its repr (or printed text)."""
    namespace: dict[str, Any] = {}
    lines = block.splitlines()
    for node in ast.parse(block).body:
        comment = re.search(r"#\s*(.+)$", lines[node.end_lineno - 1])  # type: ignore[operator]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            if isinstance(node, ast.Expr):
                value = eval(compile(ast.Expression(node.value), "<doc>", "eval"), namespace)
            else:
                exec(compile(ast.Module([node], []), "<doc>", "exec"), namespace)
                value = None
        if comment is None or not isinstance(node, ast.Expr):
            continue
        is_print = (
            isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "print"
        )
        got = out.getvalue().rstrip("\n") if is_print else repr(value)
        assert got == comment.group(1).strip(), ast.get_source_segment(block, node)


def test_docs_have_examples() -> None:
    assert len(BLOCKS) >= 5
