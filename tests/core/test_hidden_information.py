"""What a seat may learn of the others (core-concepts "Views"): who is asked about a card on
offer is private, in the view and in the errors of a seat's refused actions; a 字牌 drawer
deciding on a 胡 after his own 偎 / 提 looks like a drawer about to discard.

A review (playing a game server) found the errors naming the seats asked about a claim, and
the 字牌 phase ``"selfhu"`` shown to every seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

import changpai
from changpai import zipai
from changpai.errors import IllegalActionError

CLAIMING = ["hunan", "duzihu", "yaodiren", "daer", "xiaogan"]


def _claim_not_asking(name: str, seat: int) -> Any:
    """A game of variant ``name`` in which a card is on offer and ``seat`` is not asked."""
    variant = changpai.variant(name)
    for seed in range(40):
        game, rng = variant.game(seed=seed), random.Random(seed)
        while not game.is_over:
            if game.phase == "claim" and seat not in game.to_act:
                return game
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    raise AssertionError(f"no claim without seat {seat} in 40 {name} hands")


@pytest.mark.parametrize("name", CLAIMING)
def test_a_seat_not_asked_about_a_claim_is_not_told_who_is(name: str) -> None:
    game = _claim_not_asking(name, 0)
    module = changpai.variant(name).module
    before = game.copy()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(module.Action(0, module.ActionKind.PASS))
    message = str(caught.value)
    assert message.endswith("seat 0 has nothing to decide on the card on offer")
    assert "to act" not in message
    assert game == before and game.view(0).to_act == ()


@pytest.mark.parametrize("name", CLAIMING)
def test_a_seat_not_to_act_is_told_the_public_turn(name: str) -> None:
    game = changpai.variant(name).game(seed=1)
    module = changpai.variant(name).module
    while game.phase != "discard":  # (川牌 / 孝感 lay their dealt sets first)
        game.apply(game.legal_actions(game.to_act[0])[-1])
    (turn,) = game.to_act
    other = (turn + 1) % len(game.seats)
    with pytest.raises(IllegalActionError, match=rf"is not to act \(to act: \({turn},\)\)"):
        game.verify(module.Action(other, module.ActionKind.PASS))


def _selfhu(seed: int) -> zipai.Game:
    # (偎胡: the drawer whose forced 偎 completes his hand decides on a 胡, as after a 提)
    game, rng = zipai.Game(zipai.HUNAN.evolve(weihu=True), seed=seed), random.Random(seed)
    while game.phase != "selfhu":
        assert not game.is_over
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game


def test_a_drawer_deciding_on_a_hu_looks_to_the_others_like_a_drawer_about_to_discard() -> None:
    """zipai.md §5: the drawer whose own 偎 / 提 completes his hand may 胡 or play on."""
    game = _selfhu(106)
    (drawer,) = game.to_act
    assert game.view(drawer).phase == "selfhu"
    for seat in game.seats:
        if seat != drawer:
            view = game.view(seat)
            assert (view.phase, view.to_act, view.offered) == ("discard", (drawer,), None)
            assert view.legal_actions == ()
    other = (drawer + 1) % len(game.seats)
    with pytest.raises(IllegalActionError, match=rf"\(to act: \({drawer},\)\)"):
        game.verify(zipai.Action(other, zipai.ActionKind.PASS))
