"""Tests of the answer tables of 川牌 hands without 經牌 (tables.py): every state of every
component answers as the search of solver.py does (the most 胡 and the units of the rebuild, in
order), whole hands merge their components' units as the search orders them, and the tables
serve exactly the rules objects whose 胡 values and deck they cover (chuanpai.md §2.3, §2.6)."""

from __future__ import annotations

import pytest
from chuanpai_hands import component_states, unit_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import (
    GEHU,
    YAODIREN,
    Rules,
    clear_caches,
    is_complete,
    parse,
    solver,
    tables,
)
from changpai.chuanpai import hand as hand_module
from changpai.chuanpai.melds import Meld
from changpai.errors import NotationError


def _searched(counts: tuple[int, ...], rules: Rules) -> tuple[int, tuple[Meld, ...]] | None:
    """The search of solver.py: the most 胡, then the rebuild of its units."""
    total = solver._value(counts, rules)
    if total is None:
        return None
    return total, tuple(map(solver._unit_meld, solver._rebuild(counts, rules, total)))


@pytest.mark.parametrize("rules", [YAODIREN, GEHU], ids=lambda rules: rules.name)
def test_every_state_of_every_component_answers_as_the_search(rules: Rules) -> None:
    """Every count of the kinds of each component (0..5 copies under deck105, 0..4 under deck84)
    has the search's best 胡 and units, and is formable exactly when the search forms it."""
    found = tables.plain_tables(rules)
    assert found is not None
    for states in component_states(rules, found.copies):
        for counts in states:
            expected = _searched(counts, rules)
            assert found.best(counts) == expected
            assert found.formable(counts) is (expected is not None)
    solver._value.cache_clear()


SHARED = (
    YAODIREN,
    GEHU,
    YAODIREN.evolve(deal="16/15"),
    YAODIREN.evolve(deck="deck84"),
    GEHU.evolve(jiao="off"),
)


@settings(max_examples=500, deadline=None)
@given(unit_hands(SHARED, jing=False, sets_often=True, units=10))
def test_whole_hands_merge_their_components_as_the_search(
    case: tuple[tuple[int, ...], Rules],
) -> None:
    """Property: a whole hand's best 胡 and units (in the order of the rebuild, across
    components) and whether it is complete are those of the search."""
    counts, rules = case
    expected = _searched(counts, rules)
    assert hand_module._best(counts, rules) == expected
    assert hand_module._searched(counts, rules) == expected
    assert hand_module._is_complete(counts, rules) is (expected is not None)


def test_tables_serve_the_rules_with_the_same_values_and_no_more_copies() -> None:
    """The built-in tables serve any rules object with their pair rule and 胡 values and a deck
    of no more copies; other rules objects are searched (until their own tables are built on
    demand: test_tables_on_demand.py)."""
    clear_caches()  # no tables built on demand by an earlier test
    yaodiren = tables.plain_tables(YAODIREN)
    gehu = tables.plain_tables(GEHU)
    assert yaodiren is not None and gehu is not None and yaodiren is not gehu
    assert tables.plain_tables(YAODIREN.evolve(deal="16/15", deck="deck84")) is yaodiren
    assert tables.plain_tables(YAODIREN.evolve(deck="deck86", hu_jing_pair=4)) is yaodiren
    assert tables.plain_tables(GEHU.evolve(deck="deck105")) is None  # 5 copies: deck84's are 4
    assert tables.plain_tables(YAODIREN.evolve(hu_jier20=2)) is None
    assert tables.plain_tables(YAODIREN.evolve(pair_rule="14", deck="deck84")) is gehu
    assert tables.plain_tables(YAODIREN.evolve(pair_rule="14")) is None  # deck105: 5 copies


@settings(max_examples=200, deadline=None)
@given(unit_hands(SHARED, jing=False, sets_often=True, units=10), st.sampled_from(["JC", "JT"]))
def test_hands_with_jing_are_searched(case: tuple[tuple[int, ...], Rules], jing: str) -> None:
    """Property: a hand holding a 經牌 is left to the search (the tables know none)."""
    counts, rules = case
    rules = rules.evolve(deck="deck86")
    if max(counts) > 4:
        return
    with_jing = list(counts)
    with_jing[21 if jing == "JC" else 22] = 1
    assert hand_module._best(tuple(with_jing), rules) == _searched(tuple(with_jing), rules)


@pytest.mark.parametrize("copies", [6, 12, 17])
def test_too_many_copies_are_named_whatever_the_hand_size(copies: int) -> None:
    """The entry check counts the copies of each kind on one int (a byte per kind; no hand the
    rules allow holds 256 cards): a hand of any size allowed still gets the error naming the
    kind held too often."""
    rules = YAODIREN
    cards = parse("55") * copies + parse("66 44")
    with pytest.raises(NotationError, match=rf"{copies} copies of 梅子"):
        is_complete(cards, rules=rules)
    assert is_complete(parse("55") * 5 + parse("66 44"), rules=rules)
