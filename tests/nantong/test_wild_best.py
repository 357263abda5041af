"""The best reading of a 南通 hand with 百搭 found without listing every reading agrees with
ranking every reading of the whole-hand search (nantong.md §4, §6, §7).

* ``best_decomposition`` of hands holding one to five 百搭 (the few-百搭 path, or
  ``hand._best_wild`` with declared melds or more 百搭) against ``hand._best_reading`` over
  every reading of ``solver._all`` (the search over the whole hand), with flips, 叫牌 cards,
  declared 碰 and rules that rank otherwise;
* a suit's readings with one 百搭 from its plain readings (``solver._suit_wild``) against the
  whole-hand search on that suit alone.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import BAIDA_RULES, check_best_is_best_of_every_reading, wild_hand

from changpai import nantong
from changpai.nantong import solver
from changpai.nantong.cards import N_PLAIN, Card


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(BAIDA_RULES), st.booleans())
def test_best_wild_reading_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    held, jiang, melds = wild_hand(seed, (1, 1, 1, 1, 2, 2, 2, 3, 4, 5), peng=0.1, flips=(2,))
    check_best_is_best_of_every_reading(held, jiang, melds, rules, called)


_suits = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: 0 < sum(c) <= 14)


@settings(max_examples=400, deadline=None)
@given(_suits, st.sampled_from((0, 9, 18)), st.booleans())
def test_suit_readings_with_a_wild_agree_with_the_whole_hand_search_section_4(
    counts: list[int], base: int, pair: bool
) -> None:
    if (sum(counts) + 1 - 2 * pair) % 3:
        return
    whole = [0] * N_PLAIN
    whole[base : base + 9] = counts
    searched = solver._all(tuple(whole), 1, pair) if solver._can(tuple(whole), 1, pair) else ()
    assert solver._suit_wild(tuple(counts), base, 1, pair) == searched


def test_a_wild_stands_for_a_copy_left_section_4() -> None:
    cards = "123b 456b 789b 123t 456t 789t 12w FU 5w 5w"
    best = nantong.best_decomposition(cards, rules=nantong.DUZIHU_BAIDA)
    assert best is not None and best.groups[-1].wilds == ((Card("FU"), Card("3w")),)
    # with every 3w flipped or held the 百搭 has nothing to stand for
    melds = "碰 3w 3w 3w"
    hand_ = "123b 456b 789b 123t 456t 12w FU 5w 5w"
    assert nantong.best_decomposition(hand_, melds, rules=nantong.DUZIHU_BAIDA, jiang="3w") is None
