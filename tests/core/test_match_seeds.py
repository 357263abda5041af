"""A seeded ``Match`` deals and plays the same hands however its ``play()`` calls split them
(core/match.py; a fresh-user review found ``play(3)``, three ``play(1)`` and a loop of
``new_hand()`` giving three different sequences): each hand's seed deals it and seeds its
default chooser, as ``simulate`` plays hand ``i``."""

from __future__ import annotations

import random

import pytest

import changpai

FAMILIES = ["hunan", "duzihu", "yaodiren", "chuopai", "daer", "xiaogan"]


def _first_action(game: object, seat: int) -> object:
    return game.legal_actions(seat)[0]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("policy", [None, _first_action])
def test_the_hands_do_not_depend_on_how_play_is_called(name: str, policy: object) -> None:
    match_class = changpai.variant(name).module.Match
    rules = changpai.variant(name).rules
    at_once = match_class(rules, 5).play(3, policy=policy)
    one_by_one = match_class(rules, 5)
    for _ in range(3):
        one_by_one.play(1, policy=policy)
    assert [g.seed for g in at_once.games] == [g.seed for g in one_by_one.games]
    assert [g.to_json() for g in at_once.games] == [g.to_json() for g in one_by_one.games]
    assert at_once.totals == one_by_one.totals


def test_a_hand_of_the_default_chooser_is_that_of_its_seed() -> None:
    """Hand ``i`` is played with ``random.Random(game.seed)``: a loop of ``new_hand()`` with
    that chooser plays the same hands."""
    match = changpai.variant("hunan").module.Match(seed=9).play(2)
    by_hand = changpai.variant("hunan").module.Match(seed=9)
    for _ in range(2):
        game = by_hand.new_hand()
        chooser = random.Random(game.seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    by_hand.settle()
    assert [g.to_json() for g in match.games] == [g.to_json() for g in by_hand.games]
    assert match.totals == by_hand.totals
