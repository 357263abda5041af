"""Tests of the search behind the 川牌 hand analysis (solver.py): the best 胡 found by the
components of the pair graph equals an exhaustive search, and the units rebuilt are the ones the
exhaustive search picks (chuanpai.md §2.3, §2.6, §4)."""

from __future__ import annotations

from chuanpai_hands import reference, unit_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import GEHU, YAODIREN, Rules, solver
from changpai.chuanpai import hand as hand_module

RULES = (
    YAODIREN,
    GEHU,
    YAODIREN.evolve(deck="deck84_jing"),
    YAODIREN.evolve(deck="deck86"),
    GEHU.evolve(deck="deck86", hu_jing_pair=5, hu_jier14=2),
    YAODIREN.evolve(deck="deck86", hu_jier10=3, hu_jing_pair=2),
    YAODIREN.evolve(deck="deck86", hu_an=7, hu_liang=3, hu_yan=9, jing_multiplier=1),
)


@settings(max_examples=400, deadline=None)
@given(unit_hands(RULES))
def test_best_equals_the_exhaustive_search(case: tuple[tuple[int, ...], Rules]) -> None:
    """Property (chuanpai.md §2.6): the best 胡 and the units of the best decomposition are
    those of the exhaustive search, for both pair rules, decks with 經牌 and other 胡 values."""
    counts, rules = case
    expected = reference(counts, rules)
    assert solver._value(counts, rules) == (None if expected is None else expected[0])
    assert hand_module._best(counts, rules) == (
        None if expected is None else (expected[0], tuple(map(solver._unit_meld, expected[1])))
    )


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 20), max_size=19).map(
        lambda cards: (*(min(cards.count(i), 4) for i in range(21)), 0, 0)
    ),
    st.sampled_from([YAODIREN, GEHU]),
)
def test_random_hands_without_jing(counts: tuple[int, ...], rules: Rules) -> None:
    """Property: on random hands without 經牌 (most cannot be formed) the best 胡 is the
    exhaustive search's."""
    expected = reference(counts, rules)
    assert solver._value(counts, rules) == (None if expected is None else expected[0])


def test_every_component_is_a_star() -> None:
    """chuanpai.md §2.3, §4: under 10/20 the points 2, 8, 12 form one component (8 pairs with
    2 and with 12), under 14 every point p pairs with 14 - p only."""
    stars = {
        rules.name: sorted(
            (centre, tuple(sorted(q for q, _hu in leaves)))
            for part in solver._plan(rules).parts
            for centre, leaves, _self in part.stars
        )
        for rules in (YAODIREN, GEHU)
    }
    assert stars["yaodiren"] == [(3, (7,)), (4, (6,)), (5, ()), (8, (2, 12)), (9, (11,)), (10, ())]
    assert stars["gehu"] == [(2, (12,)), (3, (11,)), (4, (10,)), (5, (9,)), (6, (8,)), (7, ())]


@settings(max_examples=300, deadline=None)
@given(unit_hands(RULES))
def test_rebuild_without_jing_keeps_the_exhaustive_units(
    case: tuple[tuple[int, ...], Rules],
) -> None:
    """Property (chuanpai.md §2.6): the in-place rebuild of a hand without 經牌 (one component
    checked per unit) picks the units of the exhaustive search, ties included."""
    counts, rules = case
    plain = (*counts[:21], 0, 0)
    expected = reference(plain, rules)
    total = solver._value(plain, rules)
    assert total == (None if expected is None else expected[0])
    if expected is not None:
        assert solver._rebuild_plain(plain, rules, expected[0]) == expected[1]
