"""Hands with many 百搭: the search of one part (``wild_parts.PartSearch``: the group of the
lowest real card, readings as numbers, the smallest of each key) and the best reading built
from it (``hand._best_wild``) agree with listing every reading (nantong.md §4, §6, §7).

* ``best_decomposition`` of hands holding three to five 百搭 (declared 碰, flipped 百搭 and
  plain cards, 叫牌 cards, rules that rank otherwise) against ``hand._best_reading`` over
  every reading of ``solver._all``;
* one part's smallest reading of each rank and kinds of its 百搭 against the first of each of
  ``solver._part_all`` (every reading of the part, each group holding a real card);
* the shares of the 百搭 among the parts against sifting every spread.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import hand, solver, wild_parts
from changpai.nantong.cards import BAIDA_INDICES, CARDS, N_PLAIN

_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(N_PLAIN)]
_RULES = (
    nantong.DUZIHU_BAIDA,
    nantong.DUZIHU_BAIDA.evolve(wenqian_in_piao=False, piao_formula="20x2+40"),
    nantong.DUZIHU_BAIDA.evolve(multiplier_model="tables"),
    nantong.DUZIHU_BAIDA.evolve(jiutiao_laojiang=False),
)


def _many_wild_hand(seed: int) -> tuple[list[int], list[int], list[list[int]]]:
    """The kinds of a hand of a pair and seven groups (some 刻子 maybe declared as 碰) with
    three to five of its held cards turned into 百搭, maybe one card changed (then it seldom
    wins), with up to two flips (百搭 or plain), within the copies."""
    rng = random.Random(seed)
    while True:
        kinds = [rng.randrange(N_PLAIN)] * 2
        runs = rng.random()
        for _ in range(7):
            kinds += rng.choice(_RUNS if rng.random() < runs else _SETS)
        if rng.random() < 0.15:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        held, melds = kinds[:2], []
        for i in range(2, 23, 3):
            group = kinds[i : i + 3]
            if group[0] == group[1] == group[2] and rng.random() < 0.15:
                melds.append(group)
            else:
                held += group
        wild = rng.choice((3, 3, 4, 5))
        for j, k in enumerate(rng.sample(range(len(held)), min(wild, len(held)))):
            held[k] = BAIDA_INDICES[j]
        pool = list(range(N_PLAIN)) + [b for b in BAIDA_INDICES if b not in held]
        jiang = rng.sample(pool, rng.choice((0, 2, 2)))
        plain = [k for k in held + jiang + [c for m in melds for c in m] if k < N_PLAIN]
        if all(plain.count(k) <= 4 for k in set(plain)):
            return held, jiang, melds


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(_RULES), st.booleans())
def test_best_reading_of_many_wild_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    held, jiang, pengs = _many_wild_hand(seed)
    cards = tuple(CARDS[k] for k in held)
    flips = tuple(CARDS[k] for k in jiang)
    melds = tuple(nantong.Meld.parse("peng " + " ".join(CARDS[k].code for k in m)) for m in pengs)
    calls = frozenset(flips[:1]) if called else frozenset()
    best = nantong.best_decomposition(cards, melds, rules=rules, jiang=flips, called=calls)
    counts = tuple(sum(k == i for k in held) for i in range(N_PLAIN))
    baida = [c for c in cards if c.is_baida]
    every = solver._all(counts, len(baida), True) if solver._can(counts, len(baida), True) else ()
    ranked = hand._best_reading(every, baida, melds, rules, flips, calls, counts)
    assert repr(best) == repr(ranked)


def _kezi(face: int) -> int:
    return 4 << (face % 9 == 8) + (face >= 27)  # (some 刻子 worth more than others)


def _key(codes: tuple[solver._Code, ...]) -> tuple[object, ...]:
    """What ranks a part's reading and the kinds its 百搭 stand for, from its codes."""
    kezi = sum(_kezi(face) for kind, face, _ in codes if kind == 1)
    counts = [sum(kind == 1 for kind, _, _ in codes)]
    counts += [sum(kind == 2 and face == 9 for kind, face, _ in codes)]
    counts += [sum(kind == 2 and face != 9 for kind, face, _ in codes)]
    return kezi, *counts, hand._wild_faces(codes)


_parts = st.tuples(
    st.sampled_from((0, 1, 2, 3)),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.integers(1, 5),
    st.booleans(),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
)


@settings(max_examples=400, deadline=None)
@given(_parts)
def test_part_search_finds_the_first_reading_of_each_key_section_4(
    part: tuple[int, list[int], int, bool, list[int]],
) -> None:
    p, counts, wild, pair, left = part
    width = 9 if p < 3 else 3
    counts = counts[:width]
    # (the part's cards use some of the copies)
    left = [min(n, 4 - c) for n, c in zip(left[:width], counts, strict=True)]
    if not 0 < sum(counts) <= 14 or (sum(counts) + wild - 2 * pair) % 3:
        return
    x = sum(c << solver.PACK_BITS * j for j, c in enumerate(counts))
    search = wild_parts.PartSearch(p, _kezi, left, tracked=wild_parts.FACES_MASK)
    found = [wild_parts.codes(n) for n in search.best(x, sum(counts), wild, pair).values()]
    base = 9 * p
    fit = [0] * base + left + [0] * (N_PLAIN - base - width)
    searched = {_key(codes): codes for codes in found if hand._wilds_fit(codes, fit)}
    every: dict[tuple[object, ...], tuple[solver._Code, ...]] = {}
    for codes in solver._part_all(tuple(counts), base, p < 3, wild, pair):
        codes = tuple(sorted(codes))  # (the honours' plain reading is by kind)
        key = _key(codes)
        if hand._wilds_fit(codes, fit) and (key not in every or codes < every[key]):
            every[key] = codes
    assert searched == every


def test_shares_are_the_spreads_that_leave_whole_groups_section_4() -> None:
    for mods in itertools.product(range(3), repeat=4):
        for wild in range(solver.DECK_BAIDA + 1):
            sifted = [
                (spread, pair_at)
                for spread in solver._SPREADS[wild]
                for pair_at in range(5)
                if (wild - sum(spread) - 2 * (pair_at == 4)) % 3 == 0
                and wild - sum(spread) >= 2 * (pair_at == 4)
                and all(
                    (m + w - 2 * (p == pair_at)) % 3 == 0
                    for p, (m, w) in enumerate(zip(mods, spread, strict=True))
                )
            ]
            assert solver._shares(mods, wild) == tuple(sifted)
