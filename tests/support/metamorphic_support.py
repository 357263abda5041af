"""Helpers of the metamorphic tests (tests/test_metamorphic_*.py): a score sheet's total read
from its lines alone, and the rules of a variant with one option changed."""

from __future__ import annotations

import contextlib
import functools
import math
from typing import Any

import attrs
from hypothesis import HealthCheck, settings

import changpai
from changpai.errors import ChangpaiError


def fixed_settings(examples: int) -> settings:
    """The hypothesis settings of the metamorphic tests: ``examples`` examples, the same ones
    at every run (derandomized, no example database), no deadline.

    >>> fixed_settings(6).max_examples, fixed_settings(6).derandomize
    (6, True)
    """
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def sheet_total(rules: Any, sheet: Any) -> int:
    """A sheet's total from its lines alone (core.scoresheet.ScoreLine: "+" is added, "×"
    multiplies, "=" and "≥" inform): the sum times the multipliers, rounded up to a multiple of
    the rules' ``round_to`` (南通 rounds the 胡數 after every multiplier, nantong.md §7, N16);
    0 below a "≥" threshold (字牌 起胡, zipai.md §8.2), which measures the "=" line before it
    when there is one (大貳 flat scoring: one unit, the 胡 shown as "=", daer.md §7; review
    h131), else the sum.

    >>> from changpai import nantong, zipai
    >>> from changpai.core import ScoreLine, ScoreSheet
    >>> lines = (ScoreLine("a", "a", 12), ScoreLine("b", "b", 2, op="×"), ScoreLine("c", "c", 9, op="≥"))
    >>> sheet_total(nantong.DUZIHU, ScoreSheet("t", lines, 0)), sheet_total(zipai.HUNAN, ScoreSheet("t", lines, 0))
    (30, 24)
    """
    lines = sheet.lines
    total = sum(line.value for line in lines if line.op == "+")
    measured = total
    for line in lines:
        if line.op == "=":
            measured = line.value
        elif line.op == "≥" and measured < line.value:
            return 0
    total *= math.prod(line.value for line in lines if line.op == "×")
    step = getattr(rules, "round_to", 1) or 1
    return -(-total // step) * step


@functools.cache
def rules_variants(name: str) -> tuple[Any, ...]:
    """The variant's rules with one option changed: a True/False turned over, a whole number one
    more or one less, a text option set to the value of another preset of the family (those
    ``evolve`` refuses left out).

    >>> "zipai.HUNAN.evolve(min_huxi=16)" in [repr(r) for r in rules_variants("hunan")]
    True
    """
    entry = changpai.variant(name)
    presets = [v.rules for v in changpai.variants() if v.family == entry.family]
    out = []
    for field in attrs.fields(type(entry.rules)):
        value = getattr(entry.rules, field.name)
        if field.name in ("name", "title"):
            continue
        if isinstance(value, bool):
            changes: list[Any] = [not value]
        elif isinstance(value, int):
            changes = [value + 1, value - 1]
        else:
            changes = [getattr(p, field.name) for p in presets]
        for change in changes:
            if change == value:
                continue
            with contextlib.suppress(ChangpaiError):  # (a change evolve refuses)
                out.append(entry.rules.evolve(**{field.name: change}))
    return tuple(out)
