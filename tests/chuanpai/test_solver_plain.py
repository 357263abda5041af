"""Tests of the hand analysis of 川牌 hands without 經牌 (solver.py): the value of a component by
point equals the search over every choice of sets, and the in-place rebuild (a component left
with pairs only takes its first pair held) gives the units of the exhaustive search, on hands
built from the units players win with (chuanpai.md §2.3, §2.6, §4)."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import GEHU, YAODIREN, Rules, solver
from changpai.chuanpai import hand as hand_module
from changpai.chuanpai.melds import MeldKind

RULES = (
    YAODIREN,
    GEHU,
    YAODIREN.evolve(hu_an=7, hu_liang=0, hu_tuhuo=0, hu_yan=9, hu_jier10=2),
    GEHU.evolve(hu_an=0, hu_liang=3, hu_tuhuo=14, hu_yan=0, hu_jier14=1),
)


@cache
def _reference(
    counts: tuple[int, ...], rules: Rules
) -> tuple[int, tuple[tuple[MeldKind, tuple[int, ...]], ...]] | None:
    """The exhaustive search: at the lowest card, every unit of the table in order, keeping the
    first of the most 胡."""
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0:
        return (0, ())
    found = None
    for _rank, unit in solver._units(rules.pair_sums)[low]:
        rest = solver._take(counts, unit[1])
        if rest is None:
            continue
        sub = _reference(rest, rules)
        if sub is None:
            continue
        value = sub[0] + solver._unit_hu(unit, rules)
        if found is None or value > found[0]:
            found = (value, (unit, *sub[1]))
    return found


@st.composite
def plain_hands(draw: st.DrawFn) -> tuple[tuple[int, ...], Rules]:
    """Hands of up to 19 cards without 經牌 built from random units (sets and 燕 often), within
    the copies of the rules' deck, sometimes with one more card."""
    rules = draw(st.sampled_from(RULES))
    limits = hand_module._limits(rules.deck)
    units = [
        unit
        for group in solver._units(rules.pair_sums)
        for _rank, unit in group
        if unit[1][-1] < 21
    ]
    sets = [unit for unit in units if unit[0] is not MeldKind.JIER]
    counts = [0] * 23
    for _ in range(draw(st.integers(0, 9))):
        _kind, cards = draw(st.sampled_from(sets if draw(st.booleans()) else units))
        trial = list(counts)
        for i in cards:
            trial[i] += 1
        if all(t <= m for t, m in zip(trial, limits, strict=True)) and sum(trial) <= 19:
            counts = trial
    extra = draw(st.integers(-1, 20))
    if extra >= 0 and counts[extra] < limits[extra] and sum(counts) < 19:
        counts[extra] += 1
    return tuple(counts), rules


@settings(max_examples=300, deadline=None)
@given(plain_hands())
def test_plain_value_equals_the_search_over_every_choice_of_sets(
    case: tuple[tuple[int, ...], Rules],
) -> None:
    """Property: the most 胡 of every component by point is the one of the search over every
    choice of sets, 燕 and pairs (:func:`solver._part_values` with no 經牌)."""
    counts, rules = case
    for k, part in enumerate(solver._plan(rules).parts):
        held = part.held(counts)
        values = solver._part_values(rules, k, held, (0, 0))
        assert solver._plain_value(rules, k, held) == (values[0][1] if values else None)


@settings(max_examples=300, deadline=None)
@given(plain_hands())
def test_plain_rebuild_equals_the_exhaustive_search(case: tuple[tuple[int, ...], Rules]) -> None:
    """Property (chuanpai.md §2.6): the best 胡 and units of a hand without 經牌 are those of the
    exhaustive search."""
    counts, rules = case
    expected = _reference(counts, rules)
    assert solver._value(counts, rules) == (None if expected is None else expected[0])
    assert hand_module._best(counts, rules) == (
        None if expected is None else (expected[0], tuple(map(solver._unit_meld, expected[1])))
    )
