"""The 犢子胡 engine's fast paths against the plain rules (nantong.md §3, §4): the legal actions
of every step rebuilt from the hand check of :mod:`changpai.nantong.hand`, the seats to act,
and the uncached part needs."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import IllegalActionError
from changpai.nantong import Action, ActionKind, Game, claims
from changpai.nantong.cards import CARDS, N_PLAIN
from changpai.nantong.hand import _complete as hand_complete
from changpai.nantong.solver import DECK_BAIDA, _part_needs, _part_needs_of


def _wins_with(game: Game, seat: int, counts: list[int]) -> bool:
    """The plain check of ``counts`` (a hand with its extra card) as a winning hand: its 百搭
    stand for no copy held, declared by any seat (in sight of everybody, nantong.md §1 / §4,
    docs/nantong.md) or flipped."""
    melds = game._melds[seat]
    in_sight = [m for other in range(4) if other != seat for m in game._melds[other]]
    return sum(counts) == 3 * (7 - len(melds)) + 2 and hand_complete(
        tuple(counts[:N_PLAIN]), sum(counts[N_PLAIN:]), (*melds, *in_sight), game.jiang
    )


def _naive_legal(game: Game, seat: int) -> list[Action]:
    """The legal actions of a seat in the discard or claim phase, from the rules alone."""
    counts = list(game._hands[seat])
    ting = seat in game._ting
    if game.phase == "claim":
        card = game.offered
        assert card is not None
        added = list(counts)
        added[card.index] += 1
        options = claims.claim_options(
            seat,
            card,
            held=counts[card.index],
            can_win=_wins_with(game, seat, added),
            ting=ting,
            stock_left=game.stock_left,
        )
        return [*options, Action(seat, ActionKind.PASS)]
    actions = []
    drawn = game._drawn
    if drawn is not None and _wins_with(game, seat, counts):
        actions.append(Action(seat, ActionKind.WIN, drawn))
    if drawn is not None and ting:
        return [*actions, Action(seat, ActionKind.DISCARD, drawn)]
    if game.stock_left:
        actions += [Action(seat, ActionKind.ANGANG, CARDS[i]) for i in range(30) if counts[i] == 4]
        actions += [
            Action(seat, ActionKind.JIAGANG, m.card)
            for m in game._melds[seat]
            if m.source == nantong.SetKind.PENG and counts[m.card.index]
        ]
    actions += [Action(seat, ActionKind.DISCARD, c) for c in CARDS if counts[c.index]]
    return actions


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), baida=st.booleans(), greedy=st.booleans())
@example(seed=9609, baida=True, greedy=True)  # (a 百搭 would be the fourth 三丙 of a 碰 in sight)
def test_every_step_offers_what_the_rules_allow_sections_3_4(
    seed: int, baida: bool, greedy: bool
) -> None:
    # greedy: take every win and set, so that 碰 / 杠 / 加杠 hands come up
    game = Game(nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while not game.is_over:
        to_act = game.to_act
        for seat in range(4):
            assert game._acts(seat) == (seat in to_act)
            if seat not in to_act:
                assert game.legal_actions(seat) == []
        seat = to_act[0]
        legal = game.legal_actions(seat)
        if game.phase != "declare":
            assert legal == _naive_legal(game, seat)
        wanted = [a for a in legal if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)]
        game.apply(wanted[0] if greedy and wanted else rng.choice(legal))


@pytest.mark.parametrize("seed", range(6))
def test_an_illegal_action_of_the_seat_to_act_still_raises_section_3(seed: int) -> None:
    game = Game(nantong.DUZIHU_BAIDA, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        missing = [c for c in CARDS if not game._hands[seat][c.index]]
        if game.phase == "discard" and missing and seat not in game._ting:
            before = game.copy()
            with pytest.raises(IllegalActionError):
                game.apply(Action(seat, ActionKind.DISCARD, missing[0]))
            assert game == before
        game.apply(rng.choice(legal))


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(st.integers(0, 4), min_size=30, max_size=30),
    limit=st.sampled_from([0, DECK_BAIDA]),
)
def test_uncached_part_needs_are_the_cached_ones_section_4(counts: list[int], limit: int) -> None:
    key = tuple(counts)
    assert _part_needs_of(key, limit) == _part_needs(key, limit)


def test_the_may_win_table_is_the_bound_of_the_part_sizes_for_any_wild_section_4() -> None:
    # any number of 百搭 (capped where every part-size bound is met) reads the same row
    from changpai.nantong import game as engine
    from changpai.nantong.solver import _PART

    for sums, least in engine._LEAST.items():
        for wild in range(12):
            row = engine._MAY_WIN[(*sums, min(wild, engine._ENOUGH_WILD))]
            for x, may in enumerate(row):
                bound = least[4] <= wild + 1 if x >= N_PLAIN else least[_PART[x]] <= wild
                assert may == bound
