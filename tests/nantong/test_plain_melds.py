"""The packed path of a 南通 hand without 百搭 joins its parts' melds (nantong.md §4).

* a suit read one way only gives its melds split by type (``hand._suit_melds``: the tables,
  the 順子 forced at the lowest or highest card, the sides of an empty kind; else none), any
  other suit none, checked against every reading of the suit found by the plain search
  (``solver._suit_readings``);
* whole hands (crowded into one or two suits, honours with the pair beside a 刻子, flips,
  叫牌 cards, every multiplier model): the packed path against the general one (the same call
  with the cards as an iterator, which reads the hand with the cached search ``_all``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import RulesError
from changpai.nantong import hand, solver
from changpai.nantong.cards import CARDS, N_PLAIN

_GROUP = st.one_of(
    st.integers(0, 6).map(lambda k: [k, k + 1, k + 2]), st.integers(0, 8).map(lambda k: [k] * 3)
)


def _suit(groups: list[list[int]], pair: int | None, extra: list[int]) -> list[int]:
    kinds = [k for g in groups for k in g] + ([pair, pair] if pair is not None else []) + extra
    return [kinds.count(k) for k in range(9)]


_suits = st.builds(
    _suit,
    st.lists(_GROUP, max_size=8),
    st.one_of(st.none(), st.integers(0, 8)),
    st.lists(st.integers(0, 8), max_size=2),
).filter(lambda counts: max(counts) <= 4)


@settings(max_examples=1500, deadline=None)
@given(_suits, st.integers(0, 2))
def test_suit_melds_are_the_one_reading_of_the_suit_section_4(counts: list[int], p: int) -> None:
    x = sum(c << solver.PACK_BITS * k for k, c in enumerate(counts))
    melds = hand._suit_melds(p, x)
    readings = set(solver._suit_readings(x, 9 * p, sum(counts) % 3 == 2))
    if sum(counts) % 3 == 1:  # (no reading: a part holds groups and at most the pair)
        readings = set()
    if len(readings) != 1:
        assert melds is None
    elif melds is not None:
        assert melds == hand._part_melds(readings.pop())
    else:  # (only a big suit the quick ways cannot tell is left to the search)
        assert x not in solver._SUIT_TABLES[p]


def _packed(text: str) -> int:
    return sum(1 << solver.PACK_BITS * (c.index % 9) for c in nantong.parse(text))


@pytest.mark.parametrize(
    ("text", "melds"),
    [
        # (14 cards: beyond the tables) one of the lowest card starts a 順子
        (
            "1t 2t 3t 4t 4t 4t 6t 6t 6t 8t 8t 8t 9t 9t",
            "九條九條|四條四條四條 六條六條六條 八條八條八條|一條二條三條",
        ),
        # one of the highest card ends one
        (
            "1t 1t 1t 3t 3t 3t 5t 5t 5t 6t 6t 7t 8t 9t",
            "六條六條|一條一條一條 三條三條三條 五條五條五條|七條八條九條",
        ),
        # an empty kind splits the suit: each side is read alone
        (
            "1t 1t 1t 3t 3t 3t 5t 5t 5t 7t 7t 7t 9t 9t",
            "九條九條|一條一條一條 三條三條三條 五條五條五條 七條七條七條|",
        ),
        # several readings (刻子 or 順子 of 一二三, of 五六七): left to the search
        ("1t 1t 1t 2t 2t 2t 3t 3t 3t 5t 5t 5t 6t 6t 6t 7t 7t 7t", None),
    ],
)
def test_suit_melds_of_big_suits_section_4(text: str, melds: str | None) -> None:
    found = hand._suit_melds(0, _packed(text))
    if melds is None:
        assert found is None
    else:
        assert found is not None
        assert "|".join(" ".join(map(str, part)) for part in found) == melds


_RULES = (
    nantong.DUZIHU,
    nantong.DUZIHU.evolve(multiplier_model="tables"),
    nantong.DUZIHU.evolve(jiutiao_laojiang=False, nine_cross_hit=False),
    nantong.DUZIHU.evolve(piao_formula="20x2+40", wenqian_in_piao=False),
    nantong.DUZIHU_BAIDA,
)


def _kind(rng: random.Random, suits: list[int], honours: bool) -> int:
    if honours and rng.random() < 0.3:
        return 27 + rng.randrange(3)
    return 9 * rng.choice(suits) + rng.randrange(9)


def _hand(seed: int) -> tuple[list[int], list[int], list[int]]:
    """The kinds of a pair and seven groups within four copies, mostly from one or two
    suits or with honours, maybe one card changed; two flips and the 叫牌 among them."""
    rng = random.Random(seed)
    while True:
        suits = rng.sample(range(3), rng.choice((1, 2, 3)))
        honours = rng.random() < 0.4
        kinds = [_kind(rng, suits, honours)] * 2
        for _ in range(7):
            k = _kind(rng, suits, honours)
            if k < 27 and k % 9 < 7 and rng.random() < 0.6:
                kinds += [k, k + 1, k + 2]
            else:
                kinds += [k] * 3
        if rng.random() < 0.15:
            kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        flips = [rng.randrange(N_PLAIN) for _ in range(rng.choice((0, 1, 2, 2)))]
        if all((kinds + flips).count(k) <= 4 for k in set(kinds)):
            called = [f for f in flips if rng.random() < 0.3]
            rng.shuffle(kinds)
            return kinds, flips, called


@settings(max_examples=800, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(_RULES))
def test_packed_plain_hands_read_as_the_general_path_section_4(
    seed: int, rules: nantong.Rules
) -> None:
    kinds, flips, called = _hand(seed)
    cards = tuple(CARDS[k] for k in kinds)
    jiang = tuple(CARDS[f] for f in flips)
    calls = [CARDS[c] for c in called]
    answers = []
    for concealed in (cards, iter(cards)):
        try:
            best = nantong.best_decomposition(concealed, rules=rules, jiang=jiang, called=calls)
        except RulesError as error:  # (the seed tables of N6 price few sets)
            answers.append(str(error))
        else:
            answers.append(repr(best))
    assert answers[0] == answers[1]
