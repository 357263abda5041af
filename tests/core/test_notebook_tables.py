"""Simulation statistics and matches show in a notebook as a table (DESIGN.md: notebooks get
``_repr_html_``; issue 9, one public face: every family's the same), holding the lines of their
``str`` and escaping the text users choose (rules titles)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

import changpai

FAMILIES = ("zipai", "nantong", "chuanpai", "chuopai", "daer", "xiaogan")


class _Cells(HTMLParser):
    """The text of each table cell, and whether every tag opened was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.open: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.open.append(tag)
        if tag in ("th", "td"):
            self.cells.append("")
        self._in_title = tag == "b"

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif self.open and self.open[-1] in ("th", "td"):
            self.cells[-1] += data


def _read(html: str) -> _Cells:
    parsed = _Cells()
    parsed.feed(html)
    parsed.close()
    assert not parsed.open
    return parsed


def _module(family: str) -> Any:
    return changpai.chuanpai.chuopai if family == "chuopai" else getattr(changpai, family)


@pytest.mark.parametrize("family", FAMILIES)
def test_simulation_statistics_show_as_a_table(family: str) -> None:
    module = _module(family)
    stats = module.simulate(module.Game.default_rules, 6, seed=3)
    table = _read(stats._repr_html_())
    lines = str(stats).splitlines()
    assert table.title == lines[0]
    pairs = list(zip(table.cells[::2], table.cells[1::2], strict=True))
    assert [f"  {label}: {value}" for label, value in pairs[:-1]] == lines[1:-1]
    assert pairs[-1] == ("speed", lines[-1].strip())


@pytest.mark.parametrize("family", FAMILIES)
def test_a_match_shows_as_a_table(family: str) -> None:
    module = _module(family)
    rules = module.Game.default_rules.evolve(name="<i>x</i> & y")
    match = module.Match(rules, seed=2, dealer=0).play(2)
    html = match._repr_html_()
    assert "<i>x" not in html and "&lt;i&gt;x&lt;/i&gt; &amp; y" in html
    table = _read(html)
    lines = str(match).splitlines()
    assert table.title == lines[0] and "(<i>x</i> & y) match: 2 hands" in table.title
    pairs = list(zip(table.cells[::2], table.cells[1::2], strict=True))
    assert [f"  {label}: {value}" for label, value in pairs] == lines[1:]
    assert [label for label, _ in pairs] == ["hand 1", "hand 2", "totals"]
