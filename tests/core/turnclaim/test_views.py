"""The views of the turn-claim families (川牌 擠兒, 孝感): a seat's ``discards`` are its discards
still on the table, as in every family (docs: Core concepts, GameView) — a claimed discard
leaves them, and the card on offer is ``offered``, not yet a discard."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import chuanpai, xiaogan
from changpai.core.engine import GameBase

GAMES = {
    "yaodiren": lambda seed: chuanpai.Game(chuanpai.YAODIREN, seed),
    "gehu": lambda seed: chuanpai.Game(chuanpai.GEHU, seed),
    "xiaogan": lambda seed: xiaogan.Game(xiaogan.XIAOGAN, seed),
}


def states(game: GameBase, rng: random.Random):  # type: ignore[no-untyped-def]
    while not game.is_over:
        yield game
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    yield game


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=40)
@given(seed=st.integers(0, 2**32))
def test_discards_are_the_unclaimed_ones(name: str, seed: int) -> None:
    for game in states(GAMES[name](seed), random.Random(seed)):
        view = game.view(0)
        piles = Counter(c for s in view.seats for c in s.discards)
        # every discard on the table is one of the offered cards nobody claimed (``dead``), so
        # neither a claimed discard nor the card on offer (an abandoned hand ends with its last
        # discard on the table, unclaimed and not yet dead)
        if not game.is_over:
            assert not piles - Counter(view.fact("dead", ()))
        for s in view.seats:
            made = [
                r.action.card
                for r in game.log
                if r.action.seat == s.seat and r.action.kind.value == "discard"
            ]
            rest = iter(made)
            assert all(card in rest for card in s.discards)  # in the order discarded


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32))
def test_the_discards_walked_on_equal_a_fresh_walk(name: str, seed: int) -> None:
    """The view walks the log from where its last walk stopped (the log only grows; an
    environment asks a view at every step): the discards are those of a walk of the whole
    log, in a copy too, and in a copy played on while the original is not."""
    rng = random.Random(seed)
    for game in states(GAMES[name](seed), rng):
        walked = game._seat_discards()
        fresh = game.copy()
        del fresh._discards_walked
        assert walked == fresh._seat_discards()
        if rng.random() < 0.1 and not game.is_over:
            ahead = game.copy()
            ahead.apply(rng.choice(ahead.legal_actions(ahead.to_act[0])))
            other = ahead.copy()
            del other._discards_walked
            assert ahead._seat_discards() == other._seat_discards()
            assert game._seat_discards() == walked
