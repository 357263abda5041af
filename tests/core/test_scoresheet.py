"""Tests for changpai.core.scoresheet: itemized lines, totals, payments, rendering."""

from __future__ import annotations

import json

import pytest

from changpai.core import Payment, ScoreLine, ScoreSheet


def sheet() -> ScoreSheet:
    return ScoreSheet(
        title="demo",
        lines=(
            ScoreLine("meld", "提 壹壹壹壹", 12, rule="zipai.md §8.1"),
            ScoreLine("mult", "自摸", 2, op="×"),
        ),
        total=24,
        payments=(Payment(1, 0, 24), Payment(2, 0, 24)),
        facts=(("huxi", 12), ("threshold_met", False)),
    )


def test_net_sums_payments_per_seat() -> None:
    assert sheet().net() == {0: 48, 1: -24, 2: -24}


def test_to_dict_is_json_ready_and_complete() -> None:
    data = json.loads(json.dumps(sheet().to_dict()))
    assert data["total"] == 24
    assert data["lines"][0] == {
        "key": "meld",
        "name": "提 壹壹壹壹",
        "value": 12,
        "op": "+",
        "rule": "zipai.md §8.1",
    }
    assert data["facts"] == {"huxi": 12, "threshold_met": False}


def test_text_and_html_show_every_line() -> None:
    text, page = str(sheet()), sheet()._repr_html_()
    for needle in ("提 壹壹壹壹", "+12", "×2", "total", "seat 1 pays seat 0: 24"):
        assert needle in text
    assert "提 壹壹壹壹" in page and "<table " in page


def test_fact_lookup_with_default() -> None:
    assert sheet().fact("huxi") == 12
    assert sheet().fact("missing", 7) == 7


def test_unknown_op_is_rejected() -> None:
    with pytest.raises(ValueError, match="op '/'"):
        ScoreLine("k", "n", 1, op="/")


def test_line_html_renders_in_the_notebook_view_only() -> None:
    line = ScoreLine("meld", "碰 貳貳貳", 3, html="<span style='color:#c00'>貳貳貳</span>")
    page = ScoreSheet("t", (line,), 3)._repr_html_()
    assert "color:#c00" in page
    assert "html" not in line.to_dict()
    assert line == ScoreLine("meld", "碰 貳貳貳", 3)


def test_sheet_html_keeps_the_render_conventions() -> None:
    """Issue 9 (one face) and h17 review J8: the sheet's table had a CSS class and no cell styles (core/render.py:
    "inline styles only, no CSS classes to load"), and an empty list when no one pays."""
    sheet = ScoreSheet("seat 0 胡", (ScoreLine("base", "底", 10),), 10, ())
    page = sheet._repr_html_()
    assert "class=" not in page and "<ul>" not in page
    assert page.count("<td style=") == 4 and page.count("<th style=") == 2
    paid = ScoreSheet("seat 0 胡", (ScoreLine("base", "底", 10),), 10, (Payment(1, 0, 10),))
    assert "<li>seat 1 pays seat 0: 10</li>" in paid._repr_html_()
