"""The engine's private shortcuts of :mod:`changpai.nantong.claims` against the public rules
they stand for (nantong.md §3): 叫牌 cards by index, the claims of a seat as shared actions, the
claim that takes a discard; and the opening declarations of whole games against the public
:func:`~changpai.nantong.claims.callable_cards`."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.nantong import Action, ActionKind, Game, claims
from changpai.nantong.actions import SEATS
from changpai.nantong.cards import CARDS, N_KINDS, N_PLAIN

_COUNTS = st.lists(st.integers(0, 4), min_size=N_KINDS, max_size=N_KINDS)
_KIND = st.integers(0, N_KINDS - 1)


@settings(max_examples=300, deadline=None)
@given(counts=_COUNTS, flips=st.tuples(_KIND, _KIND), stock_left=st.integers(0, 3))
def test_callable_by_index_is_callable_cards_section_3(
    counts: list[int], flips: tuple[int, int], stock_left: int
) -> None:
    jiang = (CARDS[flips[0]], CARDS[flips[1]])
    public = claims.callable_cards(counts, jiang, stock_left=stock_left)
    assert [CARDS[i] for i in claims._callable(bytearray(counts), flips, stock_left)] == public


@settings(max_examples=300, deadline=None)
@given(
    seat=st.integers(0, SEATS - 1),
    x=_KIND,
    held=st.integers(0, 4),
    can_win=st.booleans(),
    ting=st.booleans(),
    stock_left=st.integers(0, 2),
)
def test_shared_claim_options_are_the_built_ones_section_3(
    seat: int, x: int, held: int, can_win: bool, ting: bool, stock_left: int
) -> None:
    card = CARDS[x]
    naive = [Action(seat, ActionKind.WIN, card)] if can_win else []
    if not ting and not card.is_baida:  # (the rule as first written, new actions built)
        if held >= 3 and stock_left > 0:
            naive.append(Action(seat, ActionKind.GANG, card))
        if held >= 2:
            naive.append(Action(seat, ActionKind.PENG, card))
    assert claims._options(seat, x, held, can_win, ting, stock_left) == naive
    for given_card in (card, card.code):
        public = claims.claim_options(
            seat, given_card, held=held, can_win=can_win, ting=ting, stock_left=stock_left
        )
        assert public == naive


def _naive_winning_claim(decisions: dict[int, Action], order: tuple[int, ...]) -> Action | None:
    """胡 > 杠 > 碰, then the first seat of ``order`` (the rule as first written)."""
    for wanted in claims.CLAIM_PRIORITY:
        for seat in order:
            decision = decisions.get(seat)
            if decision is not None and decision.kind is wanted:
                return decision
    return None


_CLAIM_KINDS = st.sampled_from(
    [ActionKind.WIN, ActionKind.GANG, ActionKind.PENG, ActionKind.PASS, ActionKind.DISCARD]
)


@settings(max_examples=300, deadline=None)
@given(
    kinds=st.dictionaries(st.integers(0, SEATS - 1), _CLAIM_KINDS, max_size=SEATS),
    order=st.permutations(range(SEATS)),
    x=st.integers(0, N_PLAIN - 1),
)
def test_first_claim_is_the_priority_search_section_3(
    kinds: dict[int, ActionKind], order: list[int], x: int
) -> None:
    decisions = {
        seat: Action(seat, kind, None if kind is ActionKind.PASS else CARDS[x])
        for seat, kind in kinds.items()
    }
    expected = _naive_winning_claim(decisions, tuple(order))
    assert claims._first_claim(decisions, tuple(order)) is expected
    assert claims.winning_claim(decisions, order=tuple(order)) is expected


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), baida=st.booleans(), dealer=st.integers(0, SEATS - 1))
@example(seed=88731, baida=True, dealer=0)  # (a four completed by the replacement)
def test_opening_calls_are_callable_cards_section_3(seed: int, baida: bool, dealer: int) -> None:
    game = Game(nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    while game.phase == "declare":
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        calls = [a.card for a in legal if a.kind is ActionKind.CALL]
        counts = tuple(game._hands[seat])
        callable_ = claims.callable_cards(counts, game.jiang, stock_left=game.stock_left)
        # (a four the seat's replacement card completed was drawn, not dealt: no 叫牌 of it,
        # N19, docs/nantong.md — the counts alone do not tell; hypothesis found seed 88731)
        drawn = {card for s, card in game.log[-1].draws if s == seat} if game.log else set()
        assert calls == [c for c in callable_ if c not in drawn]
        game.apply(rng.choice(legal))
