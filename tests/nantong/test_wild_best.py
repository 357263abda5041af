"""The best reading of a 南通 hand with 百搭 found without listing every reading agrees with
ranking every reading of the whole-hand search (nantong.md §4, §6, §7).

* ``best_decomposition`` (``hand._best_wild``: each part's readings from its plain readings
  with the kinds its 百搭 stand for added, the first reading of each rank signature of each
  part) against ``hand._best_reading`` over every reading of ``solver._all`` (the search over
  the whole hand), with flips, 叫牌 cards, a declared 碰 and rules that rank otherwise;
* a suit's readings with one 百搭 from its plain readings (``solver._suit_wild``) against the
  whole-hand search on that suit alone.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import hand, solver
from changpai.nantong.cards import BAIDA_INDICES, CARDS, N_PLAIN, Card

_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(N_PLAIN)]
_RULES = (
    nantong.DUZIHU_BAIDA,
    nantong.DUZIHU_BAIDA.evolve(wenqian_in_piao=False, piao_formula="20x2+40"),
    nantong.DUZIHU_BAIDA.evolve(multiplier_model="tables"),
    nantong.DUZIHU_BAIDA.evolve(jiutiao_laojiang=False),
)


def _wild_hand(seed: int) -> tuple[list[int], list[int], list[int], bool]:
    """The kinds of a hand of a pair and seven groups (or six and a declared 碰) with one to
    five of its cards (mostly one or two) turned into 百搭, maybe one card changed, with
    two flips, within the copies; and whether a 碰 is declared."""
    rng = random.Random(seed)
    while True:
        kinds = [rng.randrange(N_PLAIN)] * 2
        for _ in range(7):
            kinds += rng.choice(_RUNS if rng.random() < 0.5 else _SETS)
        if rng.random() < 0.15:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        peng = rng.random() < 0.2 and kinds[2] == kinds[3] == kinds[4]
        held = kinds[5:] + kinds[:2] if peng else kinds
        wild = rng.choice((1, 1, 1, 1, 2, 2, 2, 3, 4, 5))
        for j, k in enumerate(rng.sample(range(len(held)), wild)):
            held[k] = BAIDA_INDICES[j]
        jiang = [rng.randrange(N_PLAIN) for _ in range(2)]
        plain = [k for k in held + jiang + (kinds[2:5] if peng else []) if k < N_PLAIN]
        if all(plain.count(k) <= 4 for k in set(plain)):
            return held, jiang, kinds[2:5] if peng else [], peng


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(_RULES), st.booleans())
def test_best_wild_reading_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    held, jiang, peng, _ = _wild_hand(seed)
    cards = tuple(CARDS[k] for k in held)
    flips = tuple(CARDS[k] for k in jiang)
    melds = (nantong.Meld.parse("peng " + " ".join(CARDS[k].code for k in peng)),) if peng else ()
    calls = frozenset(flips[:1]) if called else frozenset()
    best = nantong.best_decomposition(cards, melds, rules=rules, jiang=flips, called=calls)
    counts = tuple(sum(k == i for k in held) for i in range(N_PLAIN))
    baida = [c for c in cards if c.is_baida]
    every = solver._all(counts, len(baida), True) if solver._can(counts, len(baida), True) else ()
    ranked = hand._best_reading(every, baida, melds, rules, flips, calls, counts)
    assert repr(best) == repr(ranked)


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
