"""The 川牌 engine's shortcuts against their plain paths: the discards that keep the most 擠兒
read from the surplus marks (chuanpai.md §2.4.1), the partner getters, the win test's cache
keyed by the rules' id, the score lines kept per unit (§2.6), and whole games played with the
caches warm or emptied."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import CARDS, GEHU, YAODIREN, Card, Game, Meld, Rules, clear_caches
from changpai.chuanpai.cards import _count_copies
from changpai.chuanpai.game import _getter, _partner_getters, _partner_kinds, _surplus_kinds
from changpai.chuanpai.hand import _is_complete, is_complete
from changpai.chuanpai.melds import hu
from changpai.chuanpai.scoring import _RULE, _key, score
from changpai.core.scoresheet import ScoreLine
from changpai.errors import NotationError, RulesError

DECK86 = YAODIREN.evolve(deck="deck86").cards()
# Up to 19 different cards of deck86 (no more copies of a card than the deck holds).
HAND = st.lists(st.integers(0, len(DECK86) - 1), max_size=19, unique=True).map(
    lambda picked: [DECK86[i] for i in picked]
)
SUMS = st.sampled_from([YAODIREN.pair_sums, GEHU.pair_sums])


def _counts(cards: list[Card]) -> list[int]:
    return [sum(1 for c in cards if c.index == i) for i in range(len(CARDS))]


@settings(max_examples=80, deadline=None)
@given(HAND, st.sampled_from([YAODIREN, GEHU]))
def test_discard_options_are_the_surplus_kinds_held(cards: list[Card], rules: Rules) -> None:
    """§2.4.1 不能拆了擠兒打: the kinds that may be discarded are those of which one card can
    go without lowering the most disjoint pairs (dot kinds first, then the 經牌), else every
    kind held."""
    game = Game(rules, seed=1)
    counts = _counts(cards)
    game._hands[0] = counts
    marks = _surplus_kinds(counts, rules.pair_sums)
    expected = [i for i in range(len(CARDS)) if marks[i]] or [
        i for i in range(len(CARDS)) if counts[i]
    ]
    assert game._discard_options(0) == expected


@given(HAND, SUMS)
def test_partner_getters_tell_whether_a_partner_is_held(
    cards: list[Card], sums: tuple[int, ...]
) -> None:
    """Every kind's getters of its claim partners and 擺 partners answer as a scan of them."""
    counts = _counts(cards)
    getters = _partner_getters(sums)
    for kinds, found in zip(_partner_kinds(sums), getters, strict=True):
        for x in range(len(CARDS)):
            assert any(found[x](counts)) is any(counts[i] for i in kinds[x])


@given(st.lists(st.integers(0, 22), max_size=3, unique=True), HAND)
def test_getter_of_any_number_of_kinds(kinds: list[int], cards: list[Card]) -> None:
    counts = _counts(cards)
    assert any(_getter(tuple(kinds))(counts)) is any(counts[i] for i in kinds)


@settings(max_examples=60, deadline=None)
@given(HAND)
def test_win_test_follows_each_rules_object(cards: list[Card]) -> None:
    """The engine's cached win test answers for the rules object asked, also for rules made
    and dropped in turn (an entry keeps its rules, so an id is never read for another)."""
    counts = tuple(_counts(cards))
    plain = [c for c in cards if not c.is_jing]
    for pair_rule in ("10/20", "14", "10/20"):
        rules = YAODIREN.evolve(pair_rule=pair_rule, deck="deck86")
        expected = is_complete(cards, rules=rules) if cards else _is_complete(counts, rules)
        assert _is_complete(counts, rules) is expected
        assert _is_complete(counts, rules) is expected  # (cached)
        del rules
        # (the young generations only: rules made here are in them, and a full collection
        # of the test session's heap cost ≈ 0.3 s a call — 55 s for this test)
        gc.collect(1)
    assert _is_complete(tuple(_counts(plain)), GEHU) is (
        is_complete(plain, rules=GEHU) if plain else _is_complete(tuple(_counts(plain)), GEHU)
    )


UNITS = [
    Meld.parse(text)
    for text in (
        "擠兒 66 44",
        "擠兒 13 24",
        "擠兒 66 11",
        "碰 55 55 55",
        "暗 33 33 33",
        "起 55 55 55 55",
        "燕 16 34 25",
        "扛 JC JT 12 12",
        "經擠兒 JC 66",
    )
]


@given(
    st.lists(st.sampled_from(UNITS), min_size=1, max_size=8),
    st.sampled_from(
        [
            YAODIREN,
            GEHU,
            YAODIREN.evolve(hu_an=9, jing_multiplier=5),
            GEHU.evolve(deck="deck84_jing"),
        ]
    ),
)
def test_score_lines_kept_per_unit_are_those_built_afresh(units: list[Meld], rules: Rules) -> None:
    """§2.6: every line is the unit's key, text and 胡 under the rules asked (asked twice: the
    second answer from the kept lines); units the rules' deck cannot hold (§1), and a pair the
    rules do not allow, are refused every time."""
    bad = [m for m in units if m.kind.value in ("jier", "bai") and m.points not in rules.pair_sums]
    try:
        _count_copies([card for meld in units for card in meld.cards], rules.deck)
    except NotationError:
        for _ in range(2):
            with pytest.raises(NotationError, match="cop"):
                score(units, rules=rules)
        return
    for _ in range(2):
        if bad:
            try:
                score(units, rules=rules)
            except RulesError:
                continue
            raise AssertionError("a pair of the wrong sum was scored")
        sheet = score(units, rules=rules, winner=1)
        expected = [
            ScoreLine(_key(m), f"經牌 {m}" if m.jing and m.kind.value != "jing_pair" else str(m),
                      hu(m, rules), rule=_RULE)
            for m in units
        ]  # fmt: skip
        assert list(sheet.lines) == expected
        assert sheet.total == sum(line.value for line in expected)
        assert all(p.amount == sheet.total + rules.base for p in sheet.payments)


def _played(rules: Rules, seed: int, cold: bool) -> Game:
    if cold:
        clear_caches()
    game = Game(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([YAODIREN, GEHU]), st.integers(0, 10**6))
def test_games_are_the_same_with_caches_warm_or_emptied(rules: Rules, seed: int) -> None:
    warm = _played(rules, seed, cold=False)
    assert warm == _played(rules, seed, cold=True)
    assert warm.to_json() == _played(rules, seed, cold=False).to_json()
