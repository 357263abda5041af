"""Helpers of the 川牌 solver tests (tests/chuanpai/test_solver*.py, test_tables.py): the
exhaustive reference search and a hypothesis strategy of hands built from random units."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from hypothesis import strategies as st

from changpai.chuanpai import Rules, solver
from changpai.chuanpai import hand as hand_module
from changpai.chuanpai.melds import MeldKind
from changpai.core.multiset import take

Unit = tuple[MeldKind, tuple[int, ...]]


@cache
def reference(counts: tuple[int, ...], rules: Rules) -> tuple[int, tuple[Unit, ...]] | None:
    """The exhaustive search: at the lowest card, every unit of the table in order, keeping the
    first of the most 胡."""
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0:
        return (0, ())
    found = None
    for _rank, unit in solver._units(rules.pair_sums)[low]:
        rest = take(counts, unit[1])
        if rest is None:
            continue
        sub = reference(rest, rules)
        if sub is None:
            continue
        value = sub[0] + solver._unit_hu(unit, rules)
        if found is None or value > found[0]:
            found = (value, (unit, *sub[1]))
    return found


def unit_hands(
    rules_list: Sequence[Rules], *, jing: bool = True, sets_often: bool = False, units: int = 9
) -> st.SearchStrategy[tuple[tuple[int, ...], Rules]]:
    """Hands of up to 19 cards built from up to ``units`` random units of the rules' table
    (most can be formed), sometimes with one more card (most of those cannot): with 經牌 units
    and cards when ``jing``, sets and 燕 drawn half of the time when ``sets_often``."""

    @st.composite
    def hands(draw: st.DrawFn) -> tuple[tuple[int, ...], Rules]:
        rules = draw(st.sampled_from(list(rules_list)))
        limits = hand_module._limits(rules.deck)
        table = [unit for group in solver._units(rules.pair_sums) for _rank, unit in group]
        if not jing:
            table = [unit for unit in table if unit[1][-1] < 21]
        sets = [unit for unit in table if unit[0] is not MeldKind.JIER]
        counts = [0] * 23
        for _ in range(draw(st.integers(0, units))):
            pool = sets if sets_often and draw(st.booleans()) else table
            _kind, cards = draw(st.sampled_from(pool))
            trial = list(counts)
            for i in cards:
                trial[i] += 1
            if all(t <= m for t, m in zip(trial, limits, strict=True)) and sum(trial) <= 19:
                counts = trial
        extra = draw(st.integers(-1, 22 if jing else 20))
        if extra >= 0 and counts[extra] < limits[extra] and sum(counts) < 19:
            counts[extra] += 1
        return tuple(counts), rules

    return hands()


def component_states(rules: Rules, copies: int) -> list[list[tuple[int, ...]]]:
    """For each pair-graph component of ``rules``, the 23 counts of each of its states
    (0..``copies`` copies of each of its kinds, nothing else held): what an answer table
    holds."""
    from itertools import product

    found = []
    for part in solver._plan(rules).parts:
        states = []
        for held in product(range(copies + 1), repeat=len(part.kinds)):
            counts = [0] * 23
            for kind, count in zip(part.kinds, held, strict=True):
                counts[kind] = count
            states.append(tuple(counts))
        found.append(states)
    return found
