"""The floor of the 百搭 a hand needs (``hand._fewest_wilds``), which sends most dealt hands of
three 百搭 or more away before any reading is searched, is a true necessary condition
(nantong.md §4):

* each suit's floor (by the suit tables and ``solver._COMPLETING``) against a search of every
  card kinds a few 百搭 may stand for, within the four copies (``solver._suit_readings``, no
  table), with the pair and without;
* the honours' floor (``hand._HONOUR_FLOORS``) against the plain search of the needs;
* whole hands built complete (a pair and seven groups, some cards turned into 百搭) never ask for
  more 百搭 than they hold, and a hand whose floor is above its 百搭 is no win on the general
  path (the cards given as an iterator) nor on the fast one.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import wild_hand
from nantong_needs import naive_need

from changpai import nantong
from changpai.nantong import hand, solver
from changpai.nantong.cards import CARDS, N_PLAIN

_FIELD = 1 << solver.PACK_BITS


def _floors(code: int) -> tuple[int, int]:
    """The fewest 百搭 without the pair and with it that a floor code says."""
    alone = code >> 3
    return alone, alone - 1 if code & 7 else alone + 2


def _fewest(key: int, size: int) -> int:
    """``_fewest_wilds`` of ``size`` packed plain cards."""
    parts = solver._packed_parts(key)
    return hand._fewest_wilds(parts, hand._part_sizes(parts, size))


def _suit_floors(x: int) -> tuple[int, int]:
    """The floors ``_fewest_wilds`` reads for the 條 packed in ``x``: alone it takes the pair
    (its floor with the pair is the hand's); beside one honour card (which needs two 百搭
    alone, one with the pair) the honour takes the pair."""
    size = solver._suit_size(x)
    return _fewest(x | 1 << solver._HONOURS_AT, size + 1) - 1, _fewest(x, size)


def _reads_with(x: int, fewer: int, pair: bool) -> bool:
    """Whether some ``fewer`` cards or fewer added (within four copies of a kind) give the suit
    packed in ``x`` a reading, with the pair if ``pair`` (every group searched, no table)."""
    for n in range(fewer + 1):
        for added in itertools.combinations_with_replacement(range(9), n):
            more = x + sum(_FIELD**k for k in added)
            if any(more >> solver.PACK_BITS * k & 15 > 4 for k in range(9)):
                continue
            if (solver._suit_size(more) % 3 == 2) == pair and solver._suit_readings(more, 0, pair):
                return True
    return False


_suits = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 18)


@settings(max_examples=500, deadline=None)
@given(_suits)
def test_a_suit_needs_at_least_its_floor_section_4(counts: list[int]) -> None:
    x = sum(c * _FIELD**k for k, c in enumerate(counts))
    alone, with_pair = _suit_floors(x)
    # fewer cards than the floor never read (up to two: a floor of 3 or 4 is 0 or 1 lifted by
    # three, the size modulo 3, which alone is trivially true)
    if alone:
        assert not _reads_with(x, min(alone - 1, 2), False)
    if with_pair:
        assert not _reads_with(x, min(with_pair - 1, 2), True)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(solver._SUIT_TABLES[0])))
def test_a_suit_with_a_reading_has_the_floor_of_its_size_section_4(x: int) -> None:
    size = solver._suit_size(x)
    assert _suit_floors(x) == ((-size) % 3, (2 - size) % 3)


def test_the_honours_floor_is_the_plain_search_of_their_needs_section_4() -> None:
    for counts in itertools.product(range(5), repeat=3):
        h = sum(c << solver.PACK_BITS * k for k, c in enumerate(counts))
        alone, with_pair = _floors(hand._HONOUR_FLOORS[h])
        assert alone == naive_need(counts, False, False)
        assert with_pair == naive_need(counts, True, False)


def _plain_key(kinds: list[int]) -> int:
    return sum(_FIELD**k for k in kinds if k < N_PLAIN)


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 10**9))
def test_a_complete_hand_never_needs_more_baida_than_it_holds_section_4(seed: int) -> None:
    held, jiang, _ = wild_hand(seed, (1, 2, 3, 4, 5))
    wild = sum(k >= N_PLAIN for k in held)
    floor = _fewest(_plain_key(held), len(held) - wild)
    cards = tuple(CARDS[k] for k in held)
    flips = tuple(CARDS[k] for k in jiang)
    rules = nantong.DUZIHU_BAIDA
    if nantong.is_winning(iter(cards), rules=rules, jiang=flips):
        assert floor <= wild
    if floor > wild:
        assert not nantong.is_winning(iter(cards), rules=rules, jiang=flips)
        assert nantong.best_decomposition(iter(cards), rules=rules, jiang=flips) is None
        assert nantong.best_decomposition(cards, rules=rules, jiang=flips) is None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 5))
def test_a_dealt_hand_above_its_floor_is_no_win_section_4(seed: int, wild: int) -> None:
    rng = random.Random(seed)
    kinds = [c.index for c in rng.sample(nantong.DECK, 23 - wild)] + [30 + j for j in range(wild)]
    floor = _fewest(_plain_key(kinds), 23 - wild)
    cards = tuple(CARDS[k] for k in kinds)
    winning = nantong.is_winning(iter(cards), rules=nantong.DUZIHU_BAIDA)
    assert not (winning and floor > wild)


def test_a_suit_of_fifteen_cards_or_more_is_counted_section_4() -> None:
    # 1t x4 2t x4 3t x4 4t x3 5t: sixteen cards of one suit (its size modulo 15 is 1), 財 the
    # pair's second 五條: the floor (by its size, 16) is 1
    kinds = [0] * 4 + [1] * 4 + [2] * 4 + [3] * 3 + [4, 9, 10, 11, 18, 19, 20]
    parts = solver._packed_parts(_plain_key(kinds))
    assert hand._part_sizes(parts, 22) == [16, 3, 3, 0]
    assert hand._fewest_wilds(parts, [16, 3, 3, 0]) == 1
    cards = tuple(CARDS[k] for k in [*kinds, 30])
    assert nantong.is_winning(cards, rules=nantong.DUZIHU_BAIDA)
    # the same suit with four 百搭 (the 一二三萬 and the pair's second 五條): the floor and the
    # search of three 百搭 or more read the part sizes, and answer as the general path
    wild = tuple(CARDS[k] for k in [*kinds[:-3], 30, 31, 32, 33])
    best = nantong.best_decomposition(wild, rules=nantong.DUZIHU_BAIDA)
    assert best is not None
    assert best == nantong.best_decomposition(iter(wild), rules=nantong.DUZIHU_BAIDA)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=30, max_size=30))
def test_the_part_sizes_are_counted_section_4(counts: list[int]) -> None:
    # (sizes modulo 15, counted where a suit holds 15 cards or more)
    key = sum(c * _FIELD**k for k, c in enumerate(counts))
    parts = solver._packed_parts(key)
    expected = [sum(counts[lo:hi]) for lo, hi in solver._BOUNDS]
    assert hand._part_sizes(parts, sum(counts)) == expected
