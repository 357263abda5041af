"""The best reading of a concealed 南通 hand holding one or two 百搭 (``nantong.few_wild``)
agrees with ranking every reading of the whole-hand search (nantong.md §4, §6, §7).

* ``best_decomposition`` of such hands (23 cards, no declared melds, §6.2 model) against
  ``hand._best_reading`` over every reading of ``solver._all``, with flips (百搭 among them),
  叫牌 cards and the rules that rank otherwise;
* the smallest marking of one or two 百搭 in a plain reading against every marking
  (``solver._mark_wild``);
* the kinds completing a suit (``solver._COMPLETING``, read by ``few_wild._completing_kinds``)
  against the suit table, and for a suit too big for it against ``solver._big_suit``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import BAIDA_RULES, check_best_is_best_of_every_reading, wild_hand

from changpai import nantong
from changpai.nantong import few_wild, solver


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(BAIDA_RULES), st.booleans())
def test_one_or_two_wild_best_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    held, jiang, melds = wild_hand(seed, (1, 2), flips=(0, 1, 2, 2), baida_flip=0.1)
    check_best_is_best_of_every_reading(held, jiang, melds, rules, called)


_readings = st.sampled_from(sorted(solver._SUIT_TABLES[1].items())[1:]).flatmap(
    lambda item: st.tuples(st.just(item[0]), st.sampled_from(item[1]))
)  # (every suit of the table but the empty one)


@settings(max_examples=400, deadline=None)
@given(_readings, st.data())
def test_the_smallest_marking_is_the_first_of_every_marking_section_4(
    keyed: tuple[int, tuple[solver._Code, ...]], data: st.DataObject
) -> None:
    key, reading = keyed
    # (a 百搭 stands for a kind the reading holds)
    held = [9 + j for j in range(9) if key >> solver.PACK_BITS * j & 15]
    k1, k2 = sorted((data.draw(st.sampled_from(held)), data.draw(st.sampled_from(held))))
    for faces in ([k1], [k1, k2]):
        every: set[tuple[solver._Code, ...]] = set()
        solver._mark_wild(reading, faces, every)
        if len(faces) == 1:
            assert few_wild._marked_once(reading, k1) == min(every)
        else:
            assert few_wild._marked_twice(reading, k1, k2) == (min(every) if every else None)


def test_the_completing_kinds_are_those_the_suit_table_reads() -> None:
    table = solver._SUIT_TABLES[0]
    rng = random.Random(12)
    for _ in range(3000):
        x = sum(rng.randrange(5) << solver.PACK_BITS * k for k in rng.sample(range(9), 6))
        fields = solver._FIELDS
        completing = few_wild._completing_kinds(x)
        expected = sum(f for f in fields if (x + f) in table)
        if solver._suit_size(x) >= solver._TABLE_CARDS:  # (too big for the table)
            expected = sum(f for f in fields if x >> 2 & f == 0 and _big_reading(x + f))
        assert completing == expected


def _big_reading(x: int) -> bool:
    size = solver._suit_size(x)
    return bool(solver._big_suit(x, 0, size % 3 == 2)) if size % 3 != 1 else False


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(BAIDA_RULES))
def test_one_or_two_wild_hands_are_winning_exactly_when_they_have_a_best_section_4(
    seed: int, rules: nantong.Rules
) -> None:
    # is_winning's own path for such hands (few_wild.fits) answers as the general path and as
    # best_decomposition (a reading exists exactly when a best one does)
    held, jiang, melds = wild_hand(seed, (1, 2), flips=(0, 1, 2, 2), baida_flip=0.1)
    if melds:
        return
    cards = tuple(nantong.cards.CARDS[k] for k in held)
    flips = tuple(nantong.cards.CARDS[k] for k in jiang)
    fast = nantong.is_winning(cards, rules=rules, jiang=flips)
    assert fast == nantong.is_winning(iter(cards), rules=rules, jiang=flips)
    assert fast == (nantong.best_decomposition(cards, rules=rules, jiang=flips) is not None)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**9))
def test_fits_is_whether_best_finds_a_reading_section_4(seed: int) -> None:
    # few_wild.fits (is_winning's path) answers as few_wild.best (best_of_parts on a packed
    # hand, what best_decomposition reads)
    held, jiang, melds = wild_hand(seed, (1, 2), flips=(0, 1, 2, 2), baida_flip=0.1)
    if melds:
        return
    plain = [k for k in held if k < nantong.cards.N_PLAIN]
    key = sum(1 << solver.PACK_BITS * k for k in plain)
    used = key + sum(1 << solver.PACK_BITS * k for k in jiang if k < nantong.cards.N_PLAIN)
    wild = len(held) - len(plain)
    found = few_wild.best(key, used, wild, lambda: len)
    assert few_wild.fits(key, used, wild) == (found is not None)
