"""The best reading of a concealed 南通 hand holding one or two 百搭 (``nantong.few_wild``)
agrees with ranking every reading of the whole-hand search (nantong.md §4, §6, §7).

* ``best_decomposition`` of such hands (23 cards, no declared melds, §6.2 model) against
  ``hand._best_reading`` over every reading of ``solver._all``, with flips (百搭 among them),
  叫牌 cards and the rules that rank otherwise;
* the smallest marking of one or two 百搭 in a plain reading against every marking
  (``solver._mark_wild``);
* the kinds completing a suit (``solver._COMPLETING``, read by ``few_wild._completing``) against the suit table.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import few_wild, hand, solver
from changpai.nantong.cards import BAIDA_INDICES, CARDS, N_PLAIN

_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(N_PLAIN)]
_RULES = (
    nantong.DUZIHU_BAIDA,
    nantong.DUZIHU_BAIDA.evolve(wenqian_in_piao=False, piao_formula="20x2+40"),
    nantong.DUZIHU_BAIDA.evolve(jiutiao_laojiang=False, nine_cross_hit=False),
    nantong.DUZIHU_BAIDA.evolve(wenqian_values=(5, 70, 90, 300)),
)


def _hand(seed: int) -> tuple[list[int], list[int]]:
    """The kinds of a hand of a pair and seven groups with one or two of its cards turned
    into 百搭, maybe one card changed (then it seldom wins), and up to two flips (a 百搭 among
    them now and then), within the copies."""
    rng = random.Random(seed)
    while True:
        runs = rng.choice((0.2, 0.5, 0.8))
        kinds = [rng.randrange(N_PLAIN)] * 2
        for _ in range(7):
            kinds += rng.choice(_RUNS if rng.random() < runs else _SETS)
        if rng.random() < 0.2:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        wild = rng.choice((1, 2))
        for j, k in zip(rng.sample(BAIDA_INDICES, wild), rng.sample(range(23), wild), strict=True):
            kinds[k] = j
        jiang = [
            rng.choice(BAIDA_INDICES) if rng.random() < 0.1 else rng.randrange(N_PLAIN)
            for _ in range(rng.choice((0, 1, 2, 2)))
        ]
        seen = kinds + jiang
        if all(seen.count(k) <= (4 if k < N_PLAIN else 1) for k in set(seen)):
            return kinds, jiang


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(_RULES), st.booleans())
def test_one_or_two_wild_best_is_the_first_of_the_best_of_every_reading_section_6(
    seed: int, rules: nantong.Rules, called: bool
) -> None:
    kinds, jiang = _hand(seed)
    cards = tuple(CARDS[k] for k in kinds)
    flips = tuple(CARDS[k] for k in jiang)
    calls = frozenset(flips[:1]) if called else frozenset()
    best = nantong.best_decomposition(cards, rules=rules, jiang=flips, called=calls)
    counts = tuple(kinds.count(i) for i in range(N_PLAIN))
    baida = [c for c in cards if c.is_baida]
    every = solver._all(counts, len(baida), True) if solver._can(counts, len(baida), True) else ()
    ranked = hand._best_reading(every, baida, (), rules, flips, calls, counts)
    assert repr(best) == repr(ranked)
    if best is not None:
        assert best.to_dict() == ranked.to_dict()  # type: ignore[union-attr]


_readings = st.sampled_from(sorted(solver._SUIT_TABLES[1].items())).flatmap(
    lambda item: st.tuples(st.just(item[0]), st.sampled_from(item[1]))
)


@settings(max_examples=400, deadline=None)
@given(_readings, st.integers(0, 8), st.integers(0, 8))
def test_the_smallest_marking_is_the_first_of_every_marking_section_4(
    keyed: tuple[int, tuple[solver._Code, ...]], j1: int, j2: int
) -> None:
    key, reading = keyed
    k1, k2 = sorted((9 + j1, 9 + j2))
    for faces in ([k1], [k1, k2]):
        if any(not key >> solver.PACK_BITS * (k - 9) & 15 for k in faces):
            continue  # (a 百搭 stands for a kind the reading holds)
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
        x = sum(rng.randrange(4) << solver.PACK_BITS * k for k in rng.sample(range(9), 6))
        fields = [1 << solver.PACK_BITS * j for j in range(9)]
        completing = few_wild._completing(x)
        expected = sum(f for f in fields if (x + f) in table)
        if solver._suit_size(x) >= solver._TABLE_CARDS:  # (too big for the table)
            expected = sum(f for f in fields if x >> 2 & f == 0 and _big_reading(x + f))
        assert completing == expected


def _big_reading(x: int) -> bool:
    size = solver._suit_size(x)
    return bool(solver._big_suit(x, 0, size % 3 == 2)) if size % 3 != 1 else False
