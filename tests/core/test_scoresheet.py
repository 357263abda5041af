"""Tests for changpai.core.scoresheet: itemized lines, totals, payments, rendering."""

from __future__ import annotations

import json
from typing import Any

import pytest

from changpai.core import Payment, ScoreLine, ScoreSheet
from changpai.errors import ChangpaiError, NotationError


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
    """A typed error (review h69: Python's ValueError)."""
    with pytest.raises(NotationError, match="op='/' is not a score line op"):
        ScoreLine("k", "n", 1, op="/")


@pytest.mark.parametrize(
    ("build", "match"),
    [
        (lambda: ScoreLine(5, "n", 1), r"key=5 is not text"),
        (lambda: ScoreLine("k", None, 1), r"name=None is not text"),
        (lambda: ScoreLine("k", "n", "1"), r"value='1' is not a whole number"),
        (lambda: ScoreLine("k", "n", True), r"value=True is not a whole number"),
        (lambda: Payment(1, 0, 2.5), r"amount=2.5 is not a whole number"),
        (lambda: Payment("1", 0, 2), r"payer='1' is not a whole number"),
        (lambda: Payment(1, -1, 2), r"payee=-1 is not a seat"),
        (lambda: ScoreSheet("t", None, 1), r"lines=None is not a sequence"),
        (lambda: ScoreSheet("t", (), "x"), r"total='x' is not a whole number"),
        (lambda: ScoreSheet(None, (), 1), r"title=None is not text"),
        (lambda: ScoreSheet("t", ("line",), 1), r"lines: 'line' is not a ScoreLine"),
        (lambda: ScoreSheet("t", (), 1, (3,)), r"payments: 3 is not a Payment"),
        (lambda: ScoreSheet("t", (), 1, facts=(("a",),)), r"facts: \('a',\) is not a \(name"),
        (lambda: ScoreSheet("t", (), 1, facts={1, 2}), r"facts=.* is a set"),
    ],
)
def test_records_of_the_wrong_type_are_refused(build: Any, match: str) -> None:
    """A sheet, a line or a payment of the wrong types is a typed error when built (review
    h69: taken, then `str` or `to_dict` failed with TypeError / AttributeError)."""
    with pytest.raises(ChangpaiError, match=match):
        build()


def test_a_sheet_built_from_lists_keeps_tuples() -> None:
    """As every record of the library (docs: core-concepts "Collections in and out")."""
    built = ScoreSheet("t", [ScoreLine("k", "n", 1)], 1, [Payment(1, 0, 1)], {"huxi": 1})
    assert type(built.lines) is tuple and type(built.payments) is tuple
    assert built.facts == (("huxi", 1),) and built.fact("huxi") == 1
    assert built == ScoreSheet(
        "t", (ScoreLine("k", "n", 1),), 1, (Payment(1, 0, 1),), (("huxi", 1),)
    )


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
