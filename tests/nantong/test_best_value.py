"""``best_decomposition`` is the reading of most 胡數: its ``value`` is the most of every
reading's (``Decomposition.value``, the sheet of ``score`` with nothing known), 三老聚會
(nantong.md §7 N10, N11) and 三文錢's three 刻子 (§7 N13) counted, and three 百搭 alone may
be a 順子 or a 文錢 of any suit (§1: a 百搭 may be any card) — on every path: plain hands,
one or two 百搭, three or more, declared melds."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import cards_of, pengs, split_declared

from changpai import nantong
from changpai.nantong.cards import BAIDA_INDICES, N_PLAIN, QZ

B = nantong.DUZIHU_BAIDA
RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
SETS = [(k,) * 3 for k in range(N_PLAIN)]
# the groups of the cases: a 刻子 of each 老將 of 三老聚會 (千字, 紅花, 白花) and the 文錢
FAVOURED = [(QZ,) * 3, (QZ + 1,) * 3, (QZ + 2,) * 3, (9, 10, 11)]
# the cards a 百搭 replaces first: the 老將 and the cards of 文錢
LIKED = {QZ, QZ + 1, QZ + 2, 9, 10, 11}

RULES = (
    nantong.DUZIHU,
    nantong.DUZIHU.evolve(sanlao_exposed=False),
    nantong.DUZIHU.evolve(sanwenqian_double=False),
    B,
    B.evolve(sanlao_exposed=False),
    B.evolve(sanwenqian_double=False),
    B.evolve(wenqian_in_piao=False, piao_formula="20x2+40"),
    B.evolve(houmo_in_sequence=True),
    nantong.DUZIHU.evolve(houmo_in_sequence=True),
)


def favoured_hand(
    seed: int, wild: int, peng: float, flips: int
) -> tuple[list[int], list[int], list[list[int]]]:
    """The kinds held, flipped and declared of a hand of a pair and seven groups, many of
    them 刻子 of the 老將 and 文錢: each 刻子 declared as a 碰 with chance ``peng``, ``wild``
    held cards (the 老將 and 文錢 cards first) turned into 百搭, now and then a card changed
    (the hand then seldom wins), ``flips`` flipped (often a 老將), within the copies."""
    rng = random.Random(seed)
    while True:
        kinds = [rng.choice([rng.randrange(N_PLAIN), *LIKED])] * 2
        for _ in range(7):
            r = rng.random()
            kinds += rng.choice(FAVOURED if r < 0.45 else RUNS if r < 0.75 else SETS)
        if rng.random() < 0.1:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        held, melds = split_declared(kinds, peng, rng)
        places = list(range(len(held)))
        rng.shuffle(places)
        places.sort(key=lambda i: held[i] not in LIKED or rng.random() < 0.3)
        for j, i in zip(rng.sample(BAIDA_INDICES, wild), places[:wild], strict=False):
            held[i] = j
        jiang = [rng.choice([rng.randrange(N_PLAIN), *LIKED]) for _ in range(flips)]
        seen = held + jiang + [k for m in melds for k in m]
        if all(seen.count(k) <= (4 if k < N_PLAIN else 1) for k in set(seen)):
            return held, jiang, melds


def check_best_is_most(
    held: Sequence[int], jiang: Sequence[int], melds: Sequence[Sequence[int]], rules: nantong.Rules
) -> None:
    cards, flips, declared = cards_of(held), cards_of(jiang), pengs(melds)
    best = nantong.best_decomposition(cards, declared, rules=rules, jiang=flips)
    readings = list(nantong.decompositions(cards, declared, rules=rules, jiang=flips))
    if not readings:
        assert best is None
        return
    assert best is not None
    most = max(d.value for d in readings)
    assert best.value == most
    # (one of them: ties of the value rounded up to ten are broken before the rounding)
    assert repr(best) in {repr(d) for d in readings if d.value == most}


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 10**9),
    st.integers(0, 5),
    st.sampled_from([0.0, 0.0, 0.5]),
    st.integers(0, 2),
    st.sampled_from(RULES),
)
def test_best_decomposition_is_the_reading_of_most_value_section_7_n10_n13(
    seed: int, wild: int, peng: float, flips: int, rules: nantong.Rules
) -> None:
    if not rules.baida:
        wild = 0
    held, jiang, melds = favoured_hand(seed, wild, peng, flips)
    check_best_is_most(held, jiang, melds, rules)


def _value(hand: str, jiang: str = "", exposed: str = "") -> tuple[int, int]:
    best = nantong.best_decomposition(hand, exposed, jiang=jiang, rules=B)
    assert best is not None
    readings = nantong.decompositions(hand, exposed, jiang=jiang, rules=B)
    return best.value, max(d.value for d in readings)


def test_sanlao_with_a_baida_standing_for_a_laojiang_section_7_n10() -> None:
    # 福 as 千字 makes 三老聚會 (200); as 三條 a pair of 千字 (120)
    hand = "7t 7t 7t 2w 3w 4w 5b 5b 5b HH HH HH FU QZ QZ 2b 2b 2b BH BH BH 3t 3t"
    assert _value(hand, "HH 3t") == (200, 200)
    assert nantong.score(hand, jiang="HH 3t", rules=B).total == 200
    declared = "7t 7t 7t 2w 3w 4w 5b 5b 5b HH HH HH FU QZ QZ BH BH BH 3t 3t"
    assert _value(declared, "HH 3t", "碰 2b 2b 2b") == (190, 190)


def test_three_wenqian_count_three_kezi_section_7_n13() -> None:
    hand = "1b 2b 3b 3t 3t 3t 1b 2b 3b LU 3w 4w 8t 8t 8t 8b 8b 8b FU 2b 3b BH BH"
    assert _value(hand, "HH BH") == (150, 150)
    assert nantong.best_decomposition(hand, jiang="HH BH", rules=B).wenqian == 3


def test_three_baida_alone_make_a_shunzi_or_wenqian_section_1() -> None:
    def total(hand: str, card: str) -> int:
        return nantong.score(hand, rules=B, winning_card=card).total

    # 福 祿 壽 as a 順子 keep 清胡, as 一二三丙 a 文錢 (and 飄胡 with 刻子)
    assert total("FU LU SHOU 123t 456t 789t 123w 456w 789w 5w 5w", "5w") == 130
    assert total("1b 2b 3b 123t 456t 789t 123w 456w 789w 5w 5w", "5w") == 130
    assert total("FU LU SHOU 111t 555t 777b 888b 222w 444w 9w 9w", "9w") == 420
    hand = "FU LU SHOU 456b 789b 123t 456t 789t 123w 5w 5w"
    assert max(d.wenqian for d in nantong.decompositions(hand, rules=B)) == 1
    best = nantong.best_decomposition(hand, rules=B)
    assert best is not None and best.wenqian == 1 and best.shape == nantong.Shape.QINGHU
    wen = next(g for g in best.groups if g.kind == nantong.MeldKind.WENQIAN)
    assert [str(p) for p, _ in wen.wilds] == ["福", "祿", "壽"]  # (every slot wild)
    assert _value(hand) == (best.value, best.value)


def test_baida_runs_are_listed_once_per_kind_and_within_copies_section_1() -> None:
    # the 順子 of three 百搭 alone, one per lowest card (as the 刻子: one per kind)
    hand = "FU LU SHOU 123t 456t 789t 123w 456w 789w 5w 5w"
    readings = [repr(d) for d in nantong.decompositions(hand, rules=B)]
    assert len(readings) == len(set(readings))
    runs = {
        str(g)
        for d in nantong.decompositions(hand, rules=B)
        for g in d.groups
        if len(g.wilds) == 3 and g.kind != nantong.MeldKind.KEZI
    }
    assert len(runs) == 21
    # no 百搭 stands for a copy that is gone: four 二條 held
    held = "FU LU SHOU 2t 2t 2t 2t 3t 4t 5w 5w 5w 6w 6w 6w 7w 7w 7w 8w 8w 8w 9w 9w"
    found = list(nantong.decompositions(held, rules=B))
    assert found
    assert all(f.code != "2t" for d in found for g in d.groups for _, f in g.wilds)


def test_a_piao_hu_with_no_set_shown_doubles_section_7() -> None:
    # 悶飄: the 飄胡 of 刻子 (184 × 2) beats the 塌子胡 of 三老聚會 (紅花 of three 百搭, 188)
    rules = B.evolve(piao_formula="20x2+40", wenqian_in_piao=False)
    hand = "LU 3b 5t 5t 5t BH BH BH 2t 2t 2t CAI SHOU QZ QZ XI FU 6t 7t 8t 6t 7t 8t"
    best = nantong.best_decomposition(hand, jiang="1b HH", rules=rules)
    assert best is not None and best.value == 370 and best.shape == nantong.Shape.PIAOHU
    assert max(d.value for d in nantong.decompositions(hand, jiang="1b HH", rules=rules)) == 370


def test_a_four_in_hand_scores_as_houmo_in_any_reading_section_8() -> None:
    # with houmo_in_sequence the four 五萬 score 後摸 whatever the reading: their 刻子 adds
    # nothing more (a 刻子 of 八條 and the pair of 五萬, not the 刻子 of 五萬 and a pair of 八條)
    rules = B.evolve(houmo_in_sequence=True)
    hand = "XI SHOU 9t 9t 9t 1b CAI 3b BH BH BH 3w 4w 5w LU 2b 3b 5w 5w 8t 5w 6w 7w"
    best = nantong.best_decomposition(hand, rules=rules)
    assert best is not None and best.value == 110
    assert max(d.value for d in nantong.decompositions(hand, rules=rules)) == 110
