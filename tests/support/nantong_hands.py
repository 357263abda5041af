"""Helpers of the 南通 百搭 tests (tests/nantong/test_wild_best.py, test_wild_parts.py,
test_many_wild.py, test_few_wild.py): hands of a pair and seven groups with some cards turned
into 百搭, the rules that rank readings otherwise, and the best reading found by ranking every
reading of the whole-hand search (nantong.md §4, §6, §7)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import assume
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import hand, solver
from changpai.nantong.cards import BAIDA_INDICES, CARDS, N_PLAIN

RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
SETS = [(k,) * 3 for k in range(N_PLAIN)]

# rules with 百搭 that rank readings otherwise (§6.2, §6.4, the seed tables N6)
BAIDA_RULES = (
    nantong.DUZIHU_BAIDA,
    nantong.DUZIHU_BAIDA.evolve(wenqian_in_piao=False, piao_formula="20x2+40"),
    nantong.DUZIHU_BAIDA.evolve(multiplier_model="tables"),
    nantong.DUZIHU_BAIDA.evolve(jiutiao_laojiang=False, nine_cross_hit=False),
    nantong.DUZIHU_BAIDA.evolve(wenqian_values=(5, 70, 90, 300)),
)


def wild_hand(
    seed: int,
    wilds: Sequence[int],
    *,
    peng: float = 0.0,
    flips: Sequence[int] = (0, 2, 2),
    baida_flip: float = 0.0,
) -> tuple[list[int], list[int], list[list[int]]]:
    """The kinds held, flipped and declared of a hand of a pair and seven groups: each
    刻子 declared as a 碰 with chance ``peng``, as many held cards as one of ``wilds`` turned
    into 百搭, now and then a card changed (the hand then seldom wins), as many flips as one of
    ``flips`` (a 百搭 with chance ``baida_flip``), within the copies (one of each 百搭)."""
    rng = random.Random(seed)
    while True:
        runs = rng.choice((0.2, 0.5, 0.8))
        kinds = [rng.randrange(N_PLAIN)] * 2
        for _ in range(7):
            kinds += rng.choice(RUNS if rng.random() < runs else SETS)
        if rng.random() < 0.15:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        held, melds = split_declared(kinds, peng, rng)
        wild = min(rng.choice(wilds), len(held))
        for j, k in zip(
            rng.sample(BAIDA_INDICES, wild), rng.sample(range(len(held)), wild), strict=True
        ):
            held[k] = j
        pool = [b for b in BAIDA_INDICES if b not in held]
        jiang = [
            rng.choice(pool) if pool and rng.random() < baida_flip else rng.randrange(N_PLAIN)
            for _ in range(rng.choice(flips))
        ]
        seen = held + jiang + [k for m in melds for k in m]
        if all(seen.count(k) <= (4 if k < N_PLAIN else 1) for k in set(seen)):
            return held, jiang, melds


def split_declared(
    kinds: Sequence[int], peng: float, rng: random.Random
) -> tuple[list[int], list[list[int]]]:
    """The kinds held and the groups declared of a pair and seven groups (``kinds``, the pair
    first): each 刻子 declared as a 碰 with chance ``peng``."""
    held, melds = list(kinds[:2]), []
    for i in range(2, 23, 3):
        group = list(kinds[i : i + 3])
        if group[0] == group[1] == group[2] and rng.random() < peng:
            melds.append(group)
        else:
            held += group
    return held, melds


def cards_of(kinds: Sequence[int]) -> tuple[nantong.Card, ...]:
    """The cards of some kinds."""
    return tuple(CARDS[k] for k in kinds)


def pengs(melds: Sequence[Sequence[int]]) -> tuple[nantong.Meld, ...]:
    """The declared 碰 of some kinds."""
    return tuple(nantong.Meld.parse("peng " + " ".join(CARDS[k].code for k in m)) for m in melds)


def best_of_every_reading(
    held: Sequence[int],
    melds: tuple[nantong.Meld, ...],
    rules: nantong.Rules,
    flips: tuple[nantong.Card, ...],
    called: frozenset[nantong.Card],
) -> hand.Decomposition | None:
    """The best reading as ranking every reading of the whole-hand search (``solver._all``)
    finds it: the first of the most 胡數 among those whose 百搭 stand for copies left and
    that keep each 叫牌 three (``called``) a 刻子 (nantong.md §3, N19)."""
    counts = tuple(sum(k == i for k in held) for i in range(N_PLAIN))
    baida = [CARDS[k] for k in held if k >= N_PLAIN]
    every = solver._all(counts, len(baida), True) if solver._can(counts, len(baida), True) else ()
    every = tuple(
        codes
        for codes in every
        if all(any(kind == 1 and face == c.index for kind, face, _ in codes) for c in called)
    )
    return hand._best_reading(every, baida, melds, rules, flips, called, counts)


def may_call(
    held: Sequence[nantong.Card], flips: Sequence[nantong.Card], card: nantong.Card
) -> bool:
    """Whether ``card`` may be declared by 叫牌 (``called=``) with these cards ``held`` and
    ``flips`` (nantong.md §3): it is flipped once, and the hand holds a copy of it and, with its
    百搭, the three copies the flip leaves."""
    copies = sum(c == card for c in held)
    wild = sum(c.is_baida for c in held)
    return sum(f == card for f in flips) == 1 and copies > 0 and copies + wild >= 3


def check_best_is_best_of_every_reading(
    held: Sequence[int],
    jiang: Sequence[int],
    melds: Sequence[Sequence[int]],
    rules: nantong.Rules,
    called: bool,
) -> None:
    """Assert that ``best_decomposition`` of the kinds held, flipped and declared (as 碰),
    with the first flip called (叫牌) if ``called``, is :func:`best_of_every_reading`'s."""
    flips, declared = cards_of(jiang), pengs(melds)
    calls = frozenset(f for f in flips[:1] if called and may_call(cards_of(held), flips, f))
    best = nantong.best_decomposition(
        cards_of(held), declared, rules=rules, jiang=flips, called=calls
    )
    ranked = best_of_every_reading(held, declared, rules, flips, calls)
    assert repr(best) == repr(ranked)
    if best is not None and ranked is not None:
        assert best.to_dict() == ranked.to_dict()


def wild_faces(codes: Sequence[solver._Code]) -> tuple[int, ...]:
    """The kinds the 百搭 of some group codes stand for, sorted (a 順子's mask bit j: its j-th
    card; a pair's or 刻子's mask: how many 百搭)."""
    faces = []
    for kind, face, mask in codes:
        if kind == 2:
            faces += [face + j for j in range(3) if mask >> j & 1]
        else:
            faces += [face] * mask
    return tuple(sorted(faces))


def kezi_value(face: int) -> int:
    """A 刻子's 胡數 for the part-search tests: some worth more than others."""
    return 4 << (face % 9 == 8) + (face >= 27)


def rank_key(codes: Sequence[solver._Code]) -> tuple[int, int, int, int]:
    """What ranks a part's reading (with :func:`kezi_value`): its 刻子' 胡數, how many 刻子,
    文錢 and other 順子."""
    return (
        sum(kezi_value(face) for kind, face, _ in codes if kind == 1),
        sum(kind == 1 for kind, _, _ in codes),
        sum(kind == 2 and face == 9 for kind, face, _ in codes),
        sum(kind == 2 and face != 9 for kind, face, _ in codes),
    )


@st.composite
def part_cases(
    draw: st.DrawFn, wilds: st.SearchStrategy[int], most: int
) -> tuple[int, list[int], int, bool, list[int]]:
    """One part of a hand for the part-search tests: which part (0..2 a suit, 3 the
    honours), its counts (1 to ``most`` cards, whole groups and the pair with its 百搭), how
    many 百搭 (drawn from ``wilds``), whether it holds the pair, and the copies left of each
    of its kinds beside its own cards."""
    p = draw(st.sampled_from((0, 1, 2, 3)))
    width = 9 if p < 3 else 3
    counts = draw(st.lists(st.integers(0, 4), min_size=width, max_size=width))
    wild, pair = draw(wilds), draw(st.booleans())
    # (cards dropped until the part is small enough and its size fits)
    while any(counts) and (sum(counts) > most or (sum(counts) + wild - 2 * pair) % 3):
        counts[draw(st.sampled_from([j for j, c in enumerate(counts) if c]))] -= 1
    assume(any(counts))
    lefts = draw(st.lists(st.integers(0, 4), min_size=width, max_size=width))
    left = [min(n, 4 - c) for n, c in zip(lefts, counts, strict=True)]
    return p, counts, wild, pair, left
