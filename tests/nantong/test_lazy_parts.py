"""The engine's lazy win check (:func:`changpai.nantong.solver._parts_allow`, nantong.md §4) gives
the answer of the check on every part (``solver._can_plus``): it looks the parts up one by one
and stops early, and the needs it leaves in its list are the parts' own."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import game as engine
from changpai.nantong import hand, solver
from changpai.nantong.cards import CARDS
from changpai.nantong.melds import Meld
from changpai.nantong.solver import _BOUNDS, DECK_BAIDA, _can_plus, _need

# hands drawn from the kinds of one suit and a few others, so that many of them nearly win
_kinds = st.one_of(st.integers(0, 8), st.integers(9, 29))


def _hand(kinds: list[int]) -> tuple[int, ...] | None:
    counts = [0] * 30
    for k in kinds:
        counts[k] += 1
    return tuple(counts) if max(counts) <= 4 else None


def _floors(plain: tuple[int, ...], limit: int) -> tuple[int, ...]:
    return solver._FLOORS[limit > 0][tuple(sum(plain[lo:hi]) % 3 for lo, hi in _BOUNDS)]


@settings(max_examples=500, deadline=None)
@given(
    kinds=st.lists(_kinds, min_size=0, max_size=24),
    wild=st.integers(0, 5),
    extra=st.integers(-1, 29),
    limit=st.sampled_from([0, DECK_BAIDA]),
)
def test_the_lazy_check_is_the_check_of_every_part_section_4(
    kinds: list[int], wild: int, extra: int, limit: int
) -> None:
    plain = _hand(kinds)
    if plain is None:
        return
    needs: list[Any] = [None] * 4
    lazy = solver._parts_allow(needs, _floors(plain, limit), plain, wild, extra, limit)
    assert lazy == _can_plus(plain, wild, extra, limit)
    for (lo, hi), need in zip(_BOUNDS, needs, strict=True):
        assert need is None or need == _need(plain[lo:hi], limit)


@settings(max_examples=200, deadline=None)
@given(
    kinds=st.lists(_kinds, min_size=0, max_size=24),
    wild=st.integers(0, 5),
    extras=st.lists(st.integers(-1, 29), min_size=1, max_size=6),
)
def test_needs_kept_between_checks_change_no_answer_section_4(
    kinds: list[int], wild: int, extras: list[int]
) -> None:
    # the engine keeps the needs of a hand for every card checked against it
    plain = _hand(kinds)
    if plain is None:
        return
    needs: list[Any] = [None] * 4
    floors = _floors(plain, DECK_BAIDA)
    for extra in extras:
        lazy = solver._parts_allow(needs, floors, plain, wild, extra, DECK_BAIDA)
        assert lazy == _can_plus(plain, wild, extra, DECK_BAIDA)


def test_the_floors_are_the_least_a_part_of_that_size_needs_section_4() -> None:
    # a part of s cards needs (-s) % 3 百搭 at least; a plain check caps its needs at one
    for sums, floors in solver._FLOORS[True].items():
        assert floors == (*((-s) % 3 for s in sums), sum((-s) % 3 for s in sums))
    for sums, floors in solver._FLOORS[False].items():
        assert floors[:4] == tuple(min((-s) % 3, 1) for s in sums)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), baida=st.booleans(), greedy=st.booleans())
def test_the_kept_part_sizes_are_the_hands_at_every_step(
    seed: int, baida: bool, greedy: bool
) -> None:
    # the engine keeps each hand's cards by part along with the hand (for its win checks);
    # greedy play takes every claim and declaration, so that every change of a hand comes up
    game = engine.Game(
        nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU, seed=seed, dealer=seed % 4
    )
    rng = random.Random(seed)
    while True:
        copy = game.copy()
        for seat in range(4):
            kept = game._sizes[5 * seat : 5 * seat + 5]
            assert kept == engine._part_sizes(game._hands[seat])
        assert copy._sizes == game._sizes
        if game.is_over:
            break
        legal = game.legal_actions(game.to_act[0])
        wanted = [a for a in legal if a.kind.value not in ("discard", "pass")]
        game.apply(wanted[0] if greedy and wanted else rng.choice(legal))


def _near_complete(rng: random.Random) -> tuple[list[int], list[Meld], list[int]]:
    """A pair and groups (one 刻子 declared as a 碰 half of the time) with a card taken out,
    some cards turned into 百搭 (up to four), and two flips: the plain kinds, the melds and
    the flipped kinds."""
    kinds = [rng.randrange(30)] * 2
    for _ in range(7):
        if rng.random() < 0.6:
            start = rng.choice([s + k for s in (0, 9, 18) for k in range(7)])
            kinds += [start, start + 1, start + 2]
        else:
            kinds += [rng.randrange(30)] * 3
    melds = []
    if rng.random() < 0.5:
        face = kinds[2] if kinds[2] == kinds[3] == kinds[4] else kinds[0]
        if kinds.count(face) >= 3:
            for _ in range(3):
                kinds.remove(face)
            melds.append(Meld.parse(f"碰 {CARDS[face].code} {CARDS[face].code} {CARDS[face].code}"))
    kinds.pop(rng.randrange(len(kinds)))
    for j, k in enumerate(rng.sample(range(len(kinds)), rng.choice((0, 1, 2, 3, 4)))):
        kinds[k] = 30 + j
    return kinds, melds, [rng.randrange(30) for _ in range(2)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_the_cards_completing_a_hand_are_those_the_full_check_finds_section_4(seed: int) -> None:
    # _completing checks the parts once for all the cards (and the copies of those that pass)
    kinds, melds, flip_kinds = _near_complete(random.Random(seed))
    cards, flips = [CARDS[k] for k in kinds], tuple(CARDS[k] for k in flip_kinds)
    held = [k for k in kinds + flip_kinds if k < 30] + [c.index for m in melds for c in m.cards]
    if any(held.count(k) > 4 for k in held):
        return
    found = [c for c, _ in hand._completing(cards, melds, nantong.DUZIHU_BAIDA, flips)[2]]
    counts = tuple(kinds.count(k) for k in range(30))
    wild = sum(k >= 30 for k in kinds)
    expected = []
    for card in CARDS:
        if card.index < 30 and held.count(card.index) < 4:
            plus = tuple(n + (k == card.index) for k, n in enumerate(counts))
            if hand._complete(plus, wild, melds, flips):
                expected.append(card)
        elif (
            card.index >= 30
            and card.index not in kinds
            and hand._complete(counts, wild + 1, melds, flips)
        ):
            expected.append(card)
    assert found == expected


@settings(max_examples=300, deadline=None)
@given(
    part=st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 4]), min_size=9, max_size=9),
    limit=st.sampled_from([DECK_BAIDA, solver.UNCAPPED]),
)
def test_a_suits_need_read_by_runs_of_bytes_is_the_sum_over_its_blocks_section_4(
    part: list[int], limit: int
) -> None:
    # _need cuts a suit at two empty kinds in a row as _blocks does, on its counts as bytes
    alone, pair = 0, 2
    for block in solver._blocks(tuple(part)):
        a, b = solver._fewest(block, False, limit), solver._fewest(block, True, limit)
        alone, pair = alone + a, min(pair, b - a)
    assert solver._need.__wrapped__(tuple(part), limit) == (
        min(alone, limit + 1),
        min(alone + pair, limit + 1),
    )
