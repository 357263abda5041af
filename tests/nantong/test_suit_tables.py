"""The plain readings of a 南通 suit read from the import-time tables agree with the search
over its groups (nantong.md §4).

* every suit of at most ``solver._TABLE_CARDS`` cards (within four copies) that forms groups
  (and the pair) is in its table with every reading, and no other is;
* a bigger suit (``solver._big_suit``: the group holding the lowest card, the rest from the
  table or again so) against the plain search ``solver._suit_readings``;
* whole hands crowded into one or two suits (suits of four to seven groups): the fast path of
  ``best_decomposition`` against the general one and ``_plain_all`` against ``_all``.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import solver
from changpai.nantong.cards import CARDS, N_PLAIN


def _suits(least: int, most: int) -> st.SearchStrategy[list[int]]:
    """The counts of a suit of ``least`` to ``most`` cards within four copies, mostly whole
    groups (and a pair) with maybe a card changed."""
    group = st.one_of(
        st.integers(0, 6).map(lambda k: [k, k + 1, k + 2]), st.integers(0, 8).map(lambda k: [k] * 3)
    )
    shapes = st.tuples(
        st.lists(group, max_size=most // 3),
        st.booleans(),
        st.integers(0, 8),
        st.lists(st.integers(0, 8), max_size=2),
    )
    return (
        shapes.map(lambda s: [k for g in s[0] for k in g] + [s[2]] * 2 * s[1] + s[3])
        .filter(lambda kinds: least <= len(kinds) <= most)
        .map(lambda kinds: [kinds.count(k) for k in range(9)])
        .filter(lambda counts: max(counts) <= 4)
    )


def _packed(counts: list[int]) -> int:
    return sum(c << solver.PACK_BITS * k for k, c in enumerate(counts))


def _searched(x: int, base: int, pair: bool) -> tuple[tuple[solver._Code, ...], ...]:
    return tuple(sorted(set(solver._suit_readings(x, base, pair))))


@settings(max_examples=600, deadline=None)
@given(_suits(0, solver._TABLE_CARDS), st.integers(0, 2))
def test_small_suits_are_all_in_the_table_section_4(counts: list[int], p: int) -> None:
    if sum(counts) % 3 == 1:
        return
    x = _packed(counts)
    pair = sum(counts) % 3 == 2
    readings = _searched(x, 9 * p, pair)
    assert solver._SUIT_TABLES[p].get(x, ()) == readings


@settings(max_examples=600, deadline=None)
@given(_suits(solver._TABLE_CARDS - 2, 24), st.integers(0, 2))
def test_big_suits_read_as_the_search_section_4(counts: list[int], p: int) -> None:
    if not any(counts) or sum(counts) % 3 == 1:
        return
    x = _packed(counts)
    pair = sum(counts) % 3 == 2
    assert solver._big_suit(x, p, pair) == _searched(x, 9 * p, pair)
    assert solver._packed_part_plain(p, x, sum(counts), pair) == _searched(x, 9 * p, pair)


def _crowded_hand(seed: int) -> tuple[tuple[nantong.Card, ...], tuple[nantong.Card, ...]]:
    """A pair and seven groups mostly from one or two suits, within four copies, and two
    flips."""
    rng = random.Random(seed)
    while True:
        suits = rng.sample(range(3), rng.choice((1, 2)))
        kinds = [rng.randrange(N_PLAIN)] * 2
        for _ in range(7):
            base = 9 * rng.choice(suits)
            if rng.random() < 0.5:
                k = base + rng.randrange(7)
                kinds += [k, k + 1, k + 2]
            else:
                kinds += [base + rng.randrange(9) if rng.random() < 0.9 else rng.randrange(30)] * 3
        if rng.random() < 0.2:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        jiang = [rng.randrange(N_PLAIN) for _ in range(2)]
        if max(Counter(kinds + jiang).values()) <= 4:
            rng.shuffle(kinds)
            return tuple(CARDS[k] for k in kinds), tuple(CARDS[k] for k in jiang)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
def test_crowded_hands_read_as_the_general_path_section_4(seed: int) -> None:
    cards, jiang = _crowded_hand(seed)
    best = nantong.best_decomposition(cards, jiang=jiang)
    assert repr(best) == repr(nantong.best_decomposition(iter(cards), jiang=jiang))
    key = sum(1 << solver.PACK_BITS * c.index for c in cards)
    counts = tuple(sum(c.index == k for c in cards) for k in range(N_PLAIN))
    expected = solver._all(counts, 0, True) if solver._can(counts, 0, True) else ()
    assert solver._plain_all(key) == expected
