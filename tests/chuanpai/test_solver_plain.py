"""Tests of the hand analysis of 川牌 hands without 經牌 (solver.py): the value of a component by
point equals the search over every choice of sets, and the in-place rebuild (a component left
with pairs only takes its first pair held) gives the units of the exhaustive search, on hands
built from the units players win with (chuanpai.md §2.3, §2.6, §4)."""

from __future__ import annotations

from chuanpai_hands import reference, unit_hands
from hypothesis import given, settings

from changpai.chuanpai import GEHU, YAODIREN, Rules, solver
from changpai.chuanpai import hand as hand_module

RULES = (
    YAODIREN,
    GEHU,
    YAODIREN.evolve(hu_an=7, hu_liang=0, hu_tuhuo=0, hu_yan=9, hu_jier10=2),
    GEHU.evolve(hu_an=0, hu_liang=3, hu_tuhuo=14, hu_yan=0, hu_jier14=1),
)


@settings(max_examples=300, deadline=None)
@given(unit_hands(RULES, jing=False, sets_often=True))
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
@given(unit_hands(RULES, jing=False, sets_often=True))
def test_plain_rebuild_equals_the_exhaustive_search(case: tuple[tuple[int, ...], Rules]) -> None:
    """Property (chuanpai.md §2.6): the best 胡 and units of a hand without 經牌 are those of the
    exhaustive search."""
    counts, rules = case
    expected = reference(counts, rules)
    assert solver._value(counts, rules) == (None if expected is None else expected[0])
    assert hand_module._best(counts, rules) == (
        None if expected is None else (expected[0], tuple(map(solver._unit_meld, expected[1])))
    )
