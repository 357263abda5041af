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


def test_rules_keep_no_hash_of_another_process() -> None:
    """Issue 12 (caches keyed on rules): every family's rules cache their hash (a key of the
    analysis and scoring caches): a
    rules object pickled in a process of another string-hash seed loads with this process's
    hash, so it finds what its equal finds here (a pool worker's rules, a stored match)."""
    import subprocess
    import sys

    code = (
        "import pickle, sys, changpai\n"
        "rules = [v.rules for v in changpai.variants()]\n"
        "[hash(r) for r in rules]\n"
        "sys.stdout.buffer.write(pickle.dumps(rules))\n"
    )
    env = {"PYTHONHASHSEED": "12345", "PATH": ""}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, env=env)
    loaded = pickle.loads(done.stdout)
    here = [v.rules for v in changpai.variants()]
    assert loaded == here
    assert [hash(r) for r in loaded] == [hash(r) for r in here]
    assert {r: r.name for r in here}[loaded[0]] == here[0].name
