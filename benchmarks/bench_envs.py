"""Benchmarks of changpai.envs (the ``rl`` extra): random play through the PettingZoo AEC
environment of every variant next to the bare engine, the Gymnasium wrapper, and one observation.

Run: ``.venv/bin/python benchmarks/bench_envs.py`` (prints figures; nothing is asserted).
"""

from __future__ import annotations

import os
import random
import time

import numpy as np

import changpai
from changpai.envs import gym_env, raw_env

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01 to keep it runnable).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


def engine_steps(name: str, hands: int) -> tuple[int, float]:
    """Random decisions on the bare engine: (decisions, seconds)."""
    entry = changpai.variant(name)
    steps, start = 0, time.perf_counter()
    for seed in range(hands):
        game, chooser = entry.game(seed), random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
            steps += 1
    return steps, time.perf_counter() - start


def aec_steps(name: str, hands: int) -> tuple[int, float]:
    """Random decisions through the AEC environment, observing before each: (decisions, seconds)."""
    game_env, chooser = raw_env(name), random.Random(0)
    steps, start = 0, time.perf_counter()
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
    return steps, time.perf_counter() - start


def main() -> None:
    hands = scaled(200)
    print(f"changpai.envs benchmarks ({hands} random hands per variant)")
    print(f"{'variant':<14} {'engine':>14} {'AEC env':>14}   overhead")
    for entry in changpai.variants():
        n1, t1 = engine_steps(entry.name, hands)
        n2, t2 = aec_steps(entry.name, hands)
        print(
            f"{entry.name:<14} {n1 / t1:>10,.0f} /s {n2 / t2:>10,.0f} /s   "
            f"{(t2 / n2) / (t1 / n1):.1f}x per decision"
        )
    env = gym_env("hunan")
    steps, start = 0, time.perf_counter()
    for seed in range(hands):
        obs, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, terminated, _t, _i = env.step(int(legal[0]))
            steps += 1
    elapsed = time.perf_counter() - start
    print(f"{'gym hunan':<14} {steps / elapsed:>10,.0f} /s agent steps (random opponents)")
    game_env = raw_env("duzihu")
    game_env.reset(seed=1)
    repeat = scaled(20_000)
    start = time.perf_counter()
    for _ in range(repeat):
        game_env.observe(game_env.agent_selection)
    elapsed = time.perf_counter() - start
    print(
        f"{'observe duzihu':<14} {repeat / elapsed:>10,.0f} /s   ({elapsed * 1e6 / repeat:,.1f} µs each)"
    )


if __name__ == "__main__":
    main()
