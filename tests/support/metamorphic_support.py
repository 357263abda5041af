"""Helpers of the metamorphic tests (tests/test_metamorphic_*.py): a score sheet's total read
from its lines alone."""

from __future__ import annotations

import math
from typing import Any

# 南通 rounds the 胡數 up to the next multiple of 10 after every multiplier (nantong.md §7, N16).
ROUND_UP_TO = {"nantong": 10}


def sheet_total(family: str, sheet: Any) -> int:
    """A sheet's total from its lines alone (core.scoresheet.ScoreLine: "+" is added, "×"
    multiplies, "=" and "≥" inform): the sum times the multipliers, rounded as the family rounds;
    0 below a "≥" threshold (字牌 起胡, zipai.md §8.2).

    >>> from changpai.core import ScoreLine, ScoreSheet
    >>> lines = (ScoreLine("a", "a", 12), ScoreLine("b", "b", 2, op="×"), ScoreLine("c", "c", 9, op="≥"))
    >>> sheet_total("nantong", ScoreSheet("t", lines, 0)), sheet_total("zipai", ScoreSheet("t", lines, 0))
    (30, 24)
    """
    lines = sheet.lines
    total = sum(line.value for line in lines if line.op == "+")
    if any(line.op == "≥" and total < line.value for line in lines):
        return 0
    total *= math.prod(line.value for line in lines if line.op == "×")
    step = ROUND_UP_TO.get(family, 1)
    return -(-total // step) * step
