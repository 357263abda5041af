"""The win checks of :mod:`changpai.nantong.solver` agree with a full search (nantong.md §4: a
pair and groups).

The win check solves each suit and the honours alone (``_can``), reuses a hand's per-part needs
for one more card (``_can_plus``) and, with no 百搭, uses a linear plain check
(``_plain_fewest``); each is checked here against the search over every group (``_branches``).
"""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import solver
from changpai.nantong.cards import N_PLAIN


@functools.lru_cache(maxsize=1 << 16)
def _search(counts: tuple[int, ...], wild: int, need_pair: bool) -> bool:
    """Every group holding the lowest real card, tried in turn (the search _can replaced)."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return (wild - 2 * need_pair) % 3 == 0 and wild >= 2 * need_pair
    return any(
        _search(rest, w, np) for _, rest, w, np in solver._branches(counts, wild, need_pair, i)
    )


def _counts(kinds: list[int]) -> tuple[int, ...]:
    counts = [0] * N_PLAIN
    for k in kinds:
        counts[k] += 1
    return tuple(counts)


# hands drawn from a few kinds, so that many of them form groups
_hands = st.lists(st.integers(0, 8), min_size=0, max_size=14).flatmap(
    lambda picks: st.tuples(
        st.permutations(list(range(N_PLAIN))).map(lambda order: order[:9]),
        st.just(picks),
    )
)


@settings(max_examples=400, deadline=None)
@given(_hands, st.integers(0, 4), st.booleans())
def test_win_check_by_parts_agrees_with_a_full_search_section_4(
    hand: tuple[list[int], list[int]], wild: int, need_pair: bool
) -> None:
    kinds, picks = hand
    chosen = [kinds[p] for p in picks]
    counts = _counts(chosen)
    if max(counts, default=0) > 4:
        return
    assert solver._can(counts, wild, need_pair) == _search(counts, wild, need_pair)


@settings(max_examples=300, deadline=None)
@given(_hands, st.integers(0, 3), st.integers(-1, N_PLAIN - 1))
def test_win_check_with_one_more_card_section_4(
    hand: tuple[list[int], list[int]], wild: int, extra: int
) -> None:
    kinds, picks = hand
    counts = list(_counts([kinds[p] for p in picks]))
    if extra >= 0 and counts[extra] == 4:
        return
    plus = list(counts)
    if extra >= 0:
        plus[extra] += 1
    if (sum(plus) + wild) % 3 != 2 or max(plus) > 4:
        return  # the engine checks the size first
    expected = _search(tuple(plus), wild, True)
    for limit in {wild, solver.UNCAPPED} - ({0} if wild else set()):
        assert solver._can_plus(tuple(counts), wild, extra, limit) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.booleans())
def test_plain_check_of_one_suit_section_4(part: list[int], pair: bool) -> None:
    counts = (*part, *([0] * (N_PLAIN - 9)))
    expected = 0 if _search(counts, 0, pair) else 1
    assert solver._plain_fewest(tuple(part), pair) == expected


def test_honours_form_only_pairs_and_kezi_section_4() -> None:
    assert solver._plain_fewest((3, 2, 0), True) == 0
    assert solver._plain_fewest((1, 1, 1), False) == 1  # 千字紅花白花 is no group
    assert solver._need((1, 1, 1), solver.UNCAPPED) == (6, 5)


def test_a_ready_hand_wins_on_its_wait_only_section_4() -> None:
    held = nantong.parse("123b 456b 789b 123t 456t 789t 123w 5w")
    counts = _counts([c.index for c in held])
    wins = [k for k in range(N_PLAIN) if solver._can_plus(counts, 0, k, 0)]
    assert wins == [nantong.Card("5w").index]
    # two 百搭 make the pair of seven groups
    groups = _counts([c.index for c in held[:-1]])
    assert solver._can_plus(groups, 2, -1, solver.UNCAPPED)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.booleans())
def test_the_cap_at_the_decks_baida_keeps_every_need_it_can_meet_section_1_and_4(
    part: list[int], pair: bool
) -> None:
    full = solver._fewest(tuple(part), pair, solver.UNCAPPED)
    capped = solver._fewest(tuple(part), pair, solver.DECK_BAIDA)
    assert capped == min(full, solver.DECK_BAIDA + 1)
    assert solver._limit(0) == 0 and solver._limit(solver.DECK_BAIDA) == solver.DECK_BAIDA
    assert solver._limit(solver.DECK_BAIDA + 1) == solver.UNCAPPED
