"""Tests of the answer tables built on demand (tables.py, "Tables built on demand"): for rules
objects of other 胡 values, another deck or another pair rule, the tables answer as the search
(the fallback of solver.py) on random and on complete hands; they are built at the
``BUILD_AFTER``-th call of a signature, at most ``MOST_BUILT`` signatures are kept, and
``clear_caches`` empties them (later calls build again) while the import-time tables stay."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from chuanpai_hands import component_states, unit_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import (
    GEHU,
    YAODIREN,
    Rules,
    best_decomposition,
    clear_caches,
    is_complete,
    tables,
)
from changpai.chuanpai import hand as hand_module
from changpai.chuanpai.cards import _count_copies
from changpai.chuanpai.melds import Meld
from changpai.core import caches

_ZERO = {
    name: 0
    for name in (
        "hu_jier20",
        "hu_jier10",
        "hu_jier14",
        "hu_peng",
        "hu_yan",
        "hu_an",
        "hu_qi",
        "hu_liang",
        "hu_kang",
        "hu_tuhuo",
    )
}

# Other 胡 values, other decks (more copies than the built-in tables of those values; 經牌
# decks) and the other pair rule on a deck of 5 copies: none is served by the import-time tables.
CUSTOM = (
    YAODIREN.evolve(hu_an=9),
    YAODIREN.evolve(hu_jier20=5, hu_an=0, hu_liang=1, hu_tuhuo=0, hu_yan=11),
    YAODIREN.evolve(**_ZERO),  # every unit worth 0: the first unit of the table always wins
    YAODIREN.evolve(deck="deck84", hu_jier10=3, hu_jier20=0),
    YAODIREN.evolve(deck="deck86", hu_an=1, hu_jing_pair=4),
    YAODIREN.evolve(pair_rule="14"),
    GEHU.evolve(deck="deck105"),
    GEHU.evolve(hu_jier14=3, hu_liang=1, hu_yan=0),
    GEHU.evolve(deck="deck84_jing", hu_tuhuo=20),
)


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Every test starts and ends with the caches emptied and the default policy."""
    clear_caches()
    yield
    tables.BUILD_AFTER = 1024
    clear_caches()


def _built(rules: Rules) -> tables.PlainTables:
    """The tables of ``rules``, built now (one call)."""
    tables.BUILD_AFTER = 1
    found = tables.plain_tables(rules)
    assert found is not None
    return found


def _searched(counts: tuple[int, ...], rules: Rules) -> tuple[int, tuple[Meld, ...]] | None:
    """The search's answer (what the analysis does when no tables serve ``rules``)."""
    return hand_module._searched(counts, rules)


def test_no_import_time_tables_serve_the_custom_rules() -> None:
    """The rules objects of these tests are searched until tables are built for them."""
    for rules in CUSTOM:
        assert tables.tableable(rules)
        assert tables.plain_tables(rules) is None
    assert len(tables._LAZY) == 0


@pytest.mark.parametrize(
    "rules", [CUSTOM[1], CUSTOM[2], CUSTOM[6]], ids=["sets-cheap", "all-zero", "14-deck105"]
)
def test_every_state_of_every_component_answers_as_the_search(rules: Rules) -> None:
    """Every count of the kinds of each component, up to the copies of the deck, has the
    search's best 胡 and units, and is formable exactly when the search forms it."""
    found = _built(rules)
    assert found.copies == 5
    for states in component_states(rules, found.copies):
        for counts in states:
            expected = _searched(counts, rules)
            assert found.best(counts) == expected
            assert found.formable(counts) is (expected is not None)
        clear_caches()  # the search's caches: keep the run bounded (the tables are built again)
        found = _built(rules)


@settings(max_examples=400, deadline=None)
@given(unit_hands(CUSTOM, jing=False, sets_often=True, units=10))
def test_complete_hands_answer_as_the_search(case: tuple[tuple[int, ...], Rules]) -> None:
    """Property: on hands built from units (mostly complete), tables built on demand give the
    search's best 胡 and units and whether the hand is complete."""
    counts, rules = case
    expected = _searched(counts, rules)
    found = _built(rules)
    assert found.best(counts) == expected
    assert hand_module._best(counts, rules) == expected
    assert hand_module._formable(counts, rules) is (expected is not None)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CUSTOM), st.integers(1, 19), st.randoms(use_true_random=False))
def test_random_hands_answer_as_the_search(rules: Rules, size: int, rng: random.Random) -> None:
    """Property: on random hands dealt from the rules' deck (經牌 too: those are searched), the
    public analysis with tables built on demand answers as the search."""
    cards = tuple(rng.sample(rules.cards(), size))
    counts = _count_copies(cards).counts
    expected = _searched(counts, rules)
    _built(rules)
    found = best_decomposition(cards, rules=rules)
    if expected is None:
        assert found is None
    else:
        assert found is not None and found.melds == expected[1]
    assert is_complete(cards, rules=rules) is (expected is not None)


def test_built_at_the_threshold_per_signature() -> None:
    """Tables are built at the BUILD_AFTER-th call that finds none for a signature: rules
    objects of one signature count together, another signature counts apart."""
    tables.BUILD_AFTER = 3
    rules = YAODIREN.evolve(hu_an=9)
    same = rules.evolve(players=3, deal="16/15")
    other = rules.evolve(hu_liang=8)
    assert tables.plain_tables(rules) is None
    assert tables.plain_tables(other) is None
    assert tables.plain_tables(same) is None
    built = tables.plain_tables(rules)
    assert built is not None
    assert tables.plain_tables(same) is built
    assert tables.plain_tables(other) is None
    assert tables.plain_tables(other) is not built
    assert tables.plain_tables(other) is not None


def test_tables_of_more_copies_serve_a_smaller_deck() -> None:
    """Tables built for a deck of 5 copies serve the same 胡 values on a deck of 4; built for 4,
    they do not serve a deck of 5 (whose own are built)."""
    tables.BUILD_AFTER = 1
    five = tables.plain_tables(YAODIREN.evolve(hu_an=9))
    assert tables.plain_tables(YAODIREN.evolve(hu_an=9, deck="deck84")) is five
    four = tables.plain_tables(GEHU.evolve(hu_an=9))
    assert four is not None and four.copies == 4
    assert tables.plain_tables(GEHU.evolve(hu_an=9, deck="deck105")) is not four


def test_a_smaller_deck_counting_meanwhile_takes_the_tables_of_more_copies() -> None:
    """A rules object counting its calls (deck of 4 copies) while the tables of the same 胡
    values on a deck of 5 are built takes those at its threshold: one build, not two."""
    tables.BUILD_AFTER = 2
    four, five = YAODIREN.evolve(hu_an=9, deck="deck84"), YAODIREN.evolve(hu_an=9)
    assert tables.plain_tables(four) is None  # (counting)
    assert tables.plain_tables(five) is None
    built = tables.plain_tables(five)
    assert built is not None and built.copies == 5
    assert tables.plain_tables(four) is built
    assert len(tables._LAZY) == 1


def test_at_most_most_built_signatures_are_kept() -> None:
    """Building the tables of more signatures than MOST_BUILT drops the oldest, and no rules
    object is served the dropped tables any more (the memory stays bounded); asked again, they
    are counted and built anew, answering the same."""
    tables.BUILD_AFTER = 1
    many = [YAODIREN.evolve(hu_an=an) for an in range(4, 4 + tables.MOST_BUILT + 2)]
    first = tables.plain_tables(many[0])
    assert first is not None
    for rules in many[1:]:
        assert tables.plain_tables(rules) is not None
        assert len(tables._LAZY) <= tables.MOST_BUILT
    name = "changpai.chuanpai.tables._LAZY"
    assert caches.stats("chuanpai")[name] == (tables.MOST_BUILT, tables.MOST_BUILT)
    kept = list(tables._LAZY.values())
    assert first not in kept
    assert all(
        served is None or served in kept or served in tables._BUILT.values()
        for served in tables._SERVED.values()
    )
    again = tables.plain_tables(many[0])
    assert again is not None and again is not first
    hand = (2, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert again.best(hand) == first.best(hand) == _searched(hand, many[0])


def test_clear_caches_empties_them_and_later_calls_build_again() -> None:
    """``clear_caches`` empties the tables built on demand and the counts (every 川牌 cache is
    then empty); the import-time tables stay; later calls count again and rebuild."""
    tables.BUILD_AFTER = 2
    rules = YAODIREN.evolve(hu_an=9)
    builtin = tables.plain_tables(YAODIREN)
    assert tables.plain_tables(rules) is None
    built = tables.plain_tables(rules)
    assert built is not None
    clear_caches()
    assert all(size == 0 for size, _most in caches.stats("chuanpai").values())
    assert tables.plain_tables(YAODIREN) is builtin
    assert tables.plain_tables(rules) is None
    rebuilt = tables.plain_tables(rules)
    assert rebuilt is not None and rebuilt is not built


def test_too_large_hu_values_are_searched() -> None:
    """Rules whose 胡 values would overflow the tables' answers are never tabled: searched, with
    the same answers as ever."""
    tables.BUILD_AFTER = 1
    rules = YAODIREN.evolve(hu_tuhuo=10_000)
    assert not tables.tableable(rules)
    assert tables.tableable(YAODIREN.evolve(hu_tuhuo=655))
    assert not tables.tableable(YAODIREN.evolve(hu_tuhuo=656))
    assert tables.tableable(YAODIREN.evolve(hu_tuhuo=656, deck="deck84"))
    assert tables.plain_tables(rules) is None
    assert tables.plain_tables(rules) is None
    counts = (5, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0)
    found = hand_module._best(counts, rules)
    assert found is not None and found[0] == 10_000  # 土夥 of 天牌, 擠兒 人牌 地牌 (10: 0 胡)


_HU = st.integers(0, 12)


@st.composite
def _any_rules(draw: st.DrawFn) -> Rules:
    """A rules object of any pair rule, deck and 胡 values (small ones, as a table gives)."""
    values = {name: draw(_HU) for name in _ZERO}
    return YAODIREN.evolve(
        pair_rule=draw(st.sampled_from(["10/20", "14"])),
        deck=draw(st.sampled_from(["deck105", "deck84", "deck84_jing", "deck86"])),
        **values,
    )


@settings(max_examples=40, deadline=None)
@given(_any_rules(), st.data())
def test_any_rules_answers_as_the_search(rules: Rules, data: st.DataObject) -> None:
    """Property: for rules objects of random 胡 values, decks and pair rules, tables built on
    demand answer as the search on hands built from units (mostly complete)."""
    found = _built(rules)
    for _ in range(20):
        counts, _rules = data.draw(unit_hands([rules], jing=False, sets_often=True, units=10))
        expected = _searched(counts, rules)
        assert found.best(counts) == expected
        assert found.formable(counts) is (expected is not None)


def test_threads_past_the_count_together_build_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads that reach ``BUILD_AFTER`` calls of a signature at once build its tables once:
    the others wait and take them (review h58: 8 threads built 3 signatures' tables 8-10
    times, each ~0.3 s and 4 MB)."""
    import threading
    import time

    from racing import run_racing

    rules = CUSTOM[0]
    built = []
    build = tables._build

    def slow_build(r: Rules) -> tables.PlainTables:
        built.append(r)
        time.sleep(0.05)  # (long enough for every thread to arrive)
        return build(r)

    monkeypatch.setattr(tables, "_build", slow_build)
    tables.BUILD_AFTER = 1
    gate = threading.Barrier(6)
    found: list[object] = []

    def call() -> None:
        gate.wait()
        found.append(tables.plain_tables(rules))

    run_racing([threading.Thread(target=call) for _ in range(6)])
    assert len(built) == 1
    assert all(f is found[0] for f in found if f is not None) and found[0] is not None
