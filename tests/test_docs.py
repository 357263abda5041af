"""The docs tell the truth: the Python code shown to users runs (README.md and the general docs
pages), the API reference lists every public name under its public path, every rules citation
points at a section of a rules page, and nothing cites a file a pip user does not have.

(The family pages have their own tests: tests/zipai/test_game_docs.py, tests/nantong/..., tests/chuanpai/....)
"""

from __future__ import annotations

import doctest
import importlib
import re
import runpy
from importlib.util import find_spec
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


DOCS = ROOT / "docs"
FAMILIES = ("zipai", "nantong", "chuanpai", "daer", "xiaogan", "chuanpai.chuopai")


@pytest.mark.parametrize("package", [*FAMILIES, "core", "envs"])
def test_api_page_lists_every_public_name(package: str) -> None:
    """docs/api/<package>.md documents each name of ``__all__`` under its public path
    (``::: changpai.zipai.Card``, not the module it is defined in), or links to the one page
    that documents it (the core classes a family re-exports, the 字牌 cards of 大貳)."""
    if package == "envs":
        pytest.importorskip("pettingzoo")  # changpai.envs needs the rl extra
    module = importlib.import_module(f"changpai.{package}")
    short = package.rsplit(".", 1)[-1]
    text = (DOCS / "api" / f"{short}.md").read_text(encoding="utf-8")
    documented = set(re.findall(rf"^::: changpai\.{re.escape(package)}\.(\w+)$", text, re.M))
    linked = set(re.findall(rf"\[`{short}\.(\w+)`\]\(", text))
    assert set(module.__all__) <= documented | linked, set(module.__all__) - documented - linked
    submodules = {name for name in documented if find_spec(f"changpai.{package}.{name}")}
    assert documented - submodules <= set(module.__all__), documented - set(module.__all__)


def test_api_page_of_the_package() -> None:
    """docs/api/changpai.md: the registry, the errors and the command of the top-level package."""
    import changpai

    text = (DOCS / "api" / "changpai.md").read_text(encoding="utf-8")
    for name in changpai.__all__:
        assert f"changpai.{name}" in text, name


def _rule_sections(page: Path) -> set[str]:
    """The section numbers of a rules page: its headings' anchors ``{#s8-1}`` and the numbered
    points under them (``2. `` in section 2.2 is §2.2.2)."""
    found: set[str] = set()
    current = ""
    for line in page.read_text(encoding="utf-8").splitlines():
        anchor = re.search(r"\{#s([\d-]+)\}", line)
        if anchor:
            current = anchor.group(1)
            found.add(current)
        elif current and (point := re.match(r"(\d+)\. ", line)):
            found.add(f"{current}-{point.group(1)}")
    return found


CITATION = re.compile(r"\b(zipai|nantong|chuanpai|daer|xiaogan)\.md §(\d+(?:\.\d+)*)")
CITING = sorted(
    path
    for pattern in ("src/**/*.py", "docs/**/*.md", "examples/**/*.py", "tests/**/*.py")
    for path in ROOT.glob(pattern)
)


def test_rule_citations_point_at_rules_pages() -> None:
    """Every ``zipai.md §8.1`` in the code, score sheets, docs, examples and tests names a section
    (or a numbered point of one) of docs/rules/zipai.md — the rules pages the docs ship."""
    sections = {page.stem: _rule_sections(page) for page in (DOCS / "rules").glob("*.md")}
    assert {"zipai", "nantong", "chuanpai", "daer", "xiaogan"} <= set(sections)
    bad = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in CITING
        for match in CITATION.finditer(path.read_text(encoding="utf-8"))
        if match.group(2).replace(".", "-") not in sections[match.group(1)]
    ]
    assert not bad
    assert "8-1" in sections["zipai"] and "2-2-5" in sections["chuanpai"]


def test_nothing_cites_files_a_pip_user_lacks() -> None:
    """Docs pages and docstrings cite the rules pages of the docs, never the project's
    shared/rules files or its design notes, which are not in the package."""
    shipped = [*ROOT.glob("src/**/*.py"), *DOCS.glob("**/*.md"), ROOT / "README.md"]
    bad = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in shipped
        for word in ("shared/rules", "../shared", "DESIGN.md")
        if word in path.read_text(encoding="utf-8")
    ]
    assert not bad


PYCON = re.compile(r"^```pycon\n(.*?)^```", re.S | re.M)
CONSOLE_PAGES = sorted(
    page for page in DOCS.glob("**/*.md") if PYCON.search(page.read_text("utf-8"))
)


@pytest.mark.parametrize("page", CONSOLE_PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_console_blocks_are_doctests(page: Path) -> None:
    """The ```pycon blocks of the docs pages are doctests, and they pass."""
    text = "\n\n".join(PYCON.findall(page.read_text(encoding="utf-8")))
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_rules_pages_are_in_the_nav() -> None:
    """mkdocs.yml lists every rules page (mkdocs --strict only warns about pages left out)."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (DOCS / "rules").glob("*.md"):
        assert f"rules/{page.name}" in nav, page.name


def test_griffe_extension_fences_doctests_and_plain_roles() -> None:
    """docs/griffe_doctests.py: doctests become pycon fences, Sphinx roles become code linked
    (optionally) to the API reference."""
    pytest.importorskip("griffe")
    extension = runpy.run_path(str(DOCS / "griffe_doctests.py"))
    fenced = extension["fence_doctests"]("Text.\n\n>>> 1 + 1\n2\n\nMore.")
    assert fenced == "Text.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nMore."
    plain = extension["plain_roles"](":class:`~changpai.zipai.Card` and :func:`changpai.variant`")
    assert plain == "`Card` and `changpai.variant`"
    linked = extension["plain_roles"](":class:`Decomposition`", "changpai.zipai.hand")
    assert linked == (
        '<autoref identifier="changpai.zipai.hand.Decomposition" optional>'
        "<code>Decomposition</code></autoref>"
    )


SHELL = re.compile(r"^```(?:sh|bash|console)\n(.*?)^```", re.S | re.M)


def _cli_lines() -> list[tuple[str, str]]:
    """(page, command line) of every ``changpai …`` line in the shell blocks of the README and
    the docs pages, its comment cut off."""
    lines = []
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for block in SHELL.findall(page.read_text(encoding="utf-8")):
            for line in block.splitlines():
                command = line.split("  #", 1)[0].split(" # ", 1)[0].strip()
                if command.startswith(("changpai ", "python -m changpai ")):
                    lines.append((page.name, command))
    return lines


CLI_LINES = _cli_lines()


@pytest.mark.parametrize(("page", "command"), CLI_LINES, ids=[c for _, c in CLI_LINES])
def test_command_lines_shown_run(
    page: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every ``changpai`` command the pages show runs as written and exits with 0 (a reader
    pastes them; simulations are run with 20 hands, and on Ray only when it is installed)."""
    import shlex

    from changpai.cli import main

    args = shlex.split(command)[1 if command.startswith("changpai ") else 3 :]
    if "--backend" in args and find_spec("ray") is None:
        pytest.skip("ray is not installed")
    if "-n" in args:
        args[args.index("-n") + 1] = "20"
    try:
        code = main(args)
    except SystemExit as stop:  # (--version: argparse prints it and exits)
        code = stop.code
    assert code == 0, f"{page}: {command}: {capsys.readouterr().err}"
