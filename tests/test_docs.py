"""The Python code shown to users runs: README.md and the general docs pages.

(The family pages have their own tests: tests/zipai/test_game_docs.py, tests/nantong/..., tests/chuanpai/....)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    ROOT / "docs" / "index.md",
    ROOT / "docs" / "core-concepts.md",
    ROOT / "docs" / "zipai.md",
]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_python_blocks_run_in_order(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each page's blocks run one after the other in one namespace, as a reader types them."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    codes = [match.group(1) for match in BLOCK.finditer(page.read_text(encoding="utf-8"))]
    assert codes, f"{page.name} shows no Python code"
    for number, code in enumerate(codes, 1):
        exec(compile(code, f"{page.name} block {number}", "exec"), namespace)
    assert len(namespace) > 1


def test_readme_starts_with_the_two_commands() -> None:
    """README: the first two shell blocks install + run the main job, and install + run the tests."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^```sh\n(.*?)\n```", text, re.S | re.M)[:2]
    assert "pip install ." in commands[0] and "changpai analyze hunan --sample" in commands[0]
    assert 'pip install -e ".[test]"' in commands[1] and "pytest" in commands[1]
    assert text.index(commands[1]) > text.index("<!-- test-command -->")
