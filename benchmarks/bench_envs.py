"""Benchmarks of changpai.envs (the ``rl`` extra): random play through the PettingZoo AEC
environment of every variant next to the bare engine, the Gymnasium wrapper, and one observation.

Run: ``.venv/bin/python benchmarks/bench_envs.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3) with its ratio to the
plain baseline of the run (``_baseline.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import numpy as np
from _baseline import Baseline, best_rate, scaled

import changpai
from changpai.envs import gym_env, raw_env

BASELINE = Baseline()


def _rates(run: Callable[[], int]) -> list[float]:
    """Decisions per second of each pass of ``run``, which returns how many it made."""
    made: list[int] = []
    return [r * n for r, n in zip(best_rate(1, lambda: made.append(run())), made, strict=True)]


def engine_steps(name: str, hands: int) -> int:
    """Random decisions on the bare engine over ``hands`` hands: how many."""
    entry = changpai.variant(name)
    steps = 0
    for seed in range(hands):
        game, chooser = entry.game(seed), random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
            steps += 1
    return steps


def aec_steps(name: str, hands: int) -> int:
    """Random decisions through the AEC environment, observing before each: how many."""
    game_env, chooser = raw_env(name), random.Random(0)
    steps = 0
    for seed in range(hands):
        game_env.reset(seed=seed)
        for _agent in game_env.agent_iter():
            obs, _reward, terminated, _truncated, _info = game_env.last()
            if terminated:
                game_env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            game_env.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
    return steps


def gym_steps(name: str, hands: int) -> int:
    """Agent steps through the Gymnasium wrapper (first legal action, random opponents)."""
    env = gym_env(name)
    steps = 0
    for seed in range(hands):
        obs, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, terminated, _t, _i = env.step(int(legal[0]))
            steps += 1
    return steps


def main() -> None:
    print(BASELINE.header())
    hands = scaled(200)
    print(f"changpai.envs: {hands} random hands per variant, decisions per second")
    for entry in changpai.variants():
        engine = _rates(partial(engine_steps, entry.name, hands))
        aec = _rates(partial(aec_steps, entry.name, hands))
        print(BASELINE.line(f"{entry.name}, engine", engine))
        print(BASELINE.line(f"{entry.name}, AEC env", aec))
        print(f"{'':<52} (AEC overhead {max(engine) / max(aec):.1f}x per decision)")
    rates = _rates(lambda: gym_steps("hunan", hands))
    print(BASELINE.line("hunan, gym agent steps (random opponents)", rates))
    game_env = raw_env("duzihu")
    game_env.reset(seed=1)
    n = scaled(20_000)
    rates = best_rate(n, lambda: [game_env.observe(game_env.agent_selection) for _ in range(n)])
    print(BASELINE.line("duzihu, observe", rates))
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
