"""Reinforcement-learning environments for every registered variant (the ``rl`` extra).

``env(name)`` is a PettingZoo AEC environment of one hand (wrapped to check the order of calls
and the action bounds), ``raw_env(name)`` the same without wrappers, ``gym_env(name, seat)`` a
Gymnasium single-agent environment whose other seats play random (or given) policies. Needs
``pip install -e ".[rl]"`` in the changpai checkout (numpy, pettingzoo, gymnasium); ``import changpai`` never imports
this package.

>>> from changpai import envs
>>> game_env = envs.env("跑胡子")
>>> game_env.reset(seed=1)
>>> game_env.agent_selection, game_env.unwrapped.variant.name
('player_0', 'hunan')
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - tested in a subprocess
    raise ImportError(
        f'changpai.envs needs the rl extra ({error.name} is missing): pip install -e ".[rl]" in the changpai checkout'
    ) from error

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from changpai.core.variant import Variant
from changpai.envs.aec import ChangpaiEnv
from changpai.envs.encode import MAX_ACTIONS, Encoder, canonical
from changpai.envs.gym import Policy, SingleAgentEnv, random_policy

__all__ = [
    "MAX_ACTIONS",
    "ChangpaiEnv",
    "Encoder",
    "Policy",
    "SingleAgentEnv",
    "canonical",
    "env",
    "gym_env",
    "random_policy",
    "raw_env",
]


def raw_env(variant: str | Variant = "hunan", **keywords: Any) -> ChangpaiEnv:
    """The unwrapped AEC environment of a variant (:class:`ChangpaiEnv`).

    >>> raw_env("yaodiren").possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return ChangpaiEnv(variant, **keywords)


def env(variant: str | Variant = "hunan", **keywords: Any) -> AECEnv[str, Any, int]:
    """The AEC environment of a variant, wrapped as PettingZoo's own environments are: calls out
    of order fail with a clear message. An action that is no legal index raises the
    environment's own :class:`~changpai.errors.IllegalActionError` (PettingZoo's bounds wrapper,
    a bare ``AssertionError``, is left out).

    >>> game_env = env("hunan")
    >>> game_env.reset(seed=2)
    >>> game_env.step(0)
    >>> game_env.unwrapped.game.log[-1].action.seat
    0
    """
    wrapped: AECEnv[str, Any, int] = _Ordered(ChangpaiEnv(variant, **keywords))
    return wrapped


class _Ordered(OrderEnforcingWrapper[str, Any, int]):  # type: ignore[misc]
    """PettingZoo's order checks, with the environment's own ``last()`` — before a reset, and
    after every agent has stepped out, a ``RulesError`` (PettingZoo's own raised an
    AttributeError / KeyError, reviews h101, h102) — and a step once every agent has stepped
    out refused as the environment refuses it (PettingZoo's warned and dropped the action)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        inner: ChangpaiEnv = self.unwrapped
        return inner.last(observe)

    def step(self, action: Any) -> None:
        if self._has_reset:
            inner: ChangpaiEnv = self.unwrapped
            inner._require_agent()
        super().step(action)


def gym_env(
    variant: str | Variant = "hunan", seat: int = 0, opponents: Any = "random", **keywords: Any
) -> SingleAgentEnv:
    """A Gymnasium environment for one seat of a variant (:class:`SingleAgentEnv`).

    >>> gym_env("daer", seat=3).agent
    'player_3'
    """
    return SingleAgentEnv(variant, seat, opponents, **keywords)
