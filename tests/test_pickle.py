"""Every family's game pickles (for process pools and Ray, which send games by pickle): the
loaded game equals the original mid-hand and at its end, and plays on the same. 川牌's did not
(a lambda among its kept getters)."""

from __future__ import annotations

import pickle
import random

import pytest

import changpai

VARIANTS = [v.name for v in changpai.variants()]


@pytest.mark.parametrize("name", VARIANTS)
def test_a_game_pickles_mid_hand_and_at_its_end(name: str) -> None:
    entry = changpai.variant(name)
    game, chooser = entry.game(seed=4), random.Random(4)
    for _ in range(12):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and loaded.to_json() == game.to_json()
    if not game.is_over:  # (the copy plays on as the original)
        action = game.legal_actions(game.to_act[0])[0]
        game.apply(action)
        loaded.apply(action)
        assert loaded == game
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    assert pickle.loads(pickle.dumps(game)) == game
