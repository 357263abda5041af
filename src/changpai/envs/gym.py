"""A Gymnasium single-agent view of one seat, the other seats played by fixed policies (docs: RL).

>>> from changpai.envs import gym_env
>>> env = gym_env("hunan", seat=1)
>>> obs, info = env.reset(seed=4)
>>> sorted(obs), int(env.action_masks().sum()) == len(env.legal_actions())
(['action_mask', 'observation'], True)
>>> total = 0.0
>>> terminated = False
>>> while not terminated:
...     action = int(env.action_masks().nonzero()[0][0])
...     obs, reward, terminated, truncated, info = env.step(action)
...     total += reward
>>> total == env.unwrapped.game.result.net(3)[1]
True
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import changpai
from changpai.core.guard import clipped, int_hint, plain_int, seed_arg, shown
from changpai.envs.aec import ChangpaiEnv, Observation, index_of, not_an_index
from changpai.errors import RulesError

__all__ = ["Policy", "SingleAgentEnv", "random_policy"]

#: An opponent: given its observation (the dict of arrays) and a ``random.Random``, the index
#: of its action (one the mask allows).
Policy = Callable[[Observation, random.Random], int]

#: Hands redealt at most this many times in a row when they end before the agent's first turn.
_MAX_REDEALS = 100


def random_policy(observation: Observation, rng: random.Random) -> int:
    """Pick uniformly among the actions the mask allows.

    >>> import numpy as np
    >>> random_policy({"action_mask": np.array([0, 1, 1, 0], dtype=np.int8)}, random.Random(1))
    1
    """
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.randrange(len(legal))])


class _Rewindable(random.Random):
    """The opponents' generator: a ``random.Random`` giving the same numbers, which logs its
    draws since its last :meth:`checkpoint` so that a failed step rewinds it (:meth:`rewind`)
    instead of reading its 625-word state before every step (review h132: that cost 5–9% of a
    step). Every draw of ``random.Random`` comes from ``random()`` or ``getrandbits()``.

    >>> rng = _Rewindable(7)
    >>> mark = rng.mark()
    >>> drawn = [rng.randrange(100), rng.random(), rng.choice("abc"), rng.gauss()]
    >>> rng.rewind(mark)
    >>> [rng.randrange(100), rng.random(), rng.choice("abc"), rng.gauss()] == drawn
    True
    >>> [random.Random(7).randrange(100) for _ in "x"] == drawn[:1]  # (the same numbers)
    True
    >>> before, mark = rng.getstate(), rng.mark()
    >>> rng.seed(99); _ = rng.random()  # (a policy reseeding it mid-step)
    >>> rng.rewind(mark)
    >>> rng.getstate() == before
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._epochs: list[tuple[Any, list[int]]] = []
        super().__init__(seed)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        super().seed(*args, **kwargs)
        self._epochs.append((super().getstate(), []))  # (a policy may reseed it mid-step)

    def setstate(self, state: Any) -> None:
        super().setstate(state)
        self._epochs.append((super().getstate(), []))

    def checkpoint(self) -> None:
        """Forget the draws logged: a rewind goes back no further than here."""
        self._epochs = [(super().getstate(), [])]

    def restore(self, state: Any) -> None:
        """``setstate`` by the environment (a failed reset put back): the log starts there."""
        random.Random.setstate(self, state)
        self._epochs = [(state, [])]

    def getrandbits(self, k: int) -> int:
        bits = super().getrandbits(k)
        self._epochs[-1][1].append(k)  # (after: a draw refused, and caught, is none)
        return bits

    def random(self) -> float:
        number = super().random()
        self._epochs[-1][1].append(-1)
        return number

    def mark(self) -> tuple[int, float | None]:
        """Where the generator is now, for :meth:`rewind` (with ``gauss``'s second value,
        which it keeps aside of its state); the seedings before the last are forgotten, as no
        rewind goes further back than the last mark."""
        del self._epochs[:-1]
        return len(self._epochs[0][1]), self.gauss_next

    def rewind(self, mark: tuple[int, float | None]) -> None:
        """Put the generator back where :meth:`mark` said (the draws before it are drawn again
        from the state it was last seeded or checkpointed with; seedings since are dropped)."""
        count, gauss_next = mark
        state, draws = self._epochs[0]
        kept = draws[:count]
        random.Random.setstate(self, state)
        for k in kept:
            if k < 0:
                super().random()
            else:
                super().getrandbits(k)
        self._epochs = [(state, kept)]
        self.gauss_next = gauss_next


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """One seat of a variant as a Gymnasium environment; the other seats play ``opponents``.

    ``variant`` and the keywords are those of :class:`~changpai.envs.aec.ChangpaiEnv`; ``seat``
    the engine seat the agent plays; ``opponents`` ``"random"`` (uniform over the legal
    actions), one :data:`Policy` for every other seat, or a mapping from each other seat to
    a policy or ``"random"`` (another key, or a value neither, is a
    :class:`~changpai.errors.RulesError`). The opponents draw from a generator seeded by
    ``reset(seed=...)``, so a seeded episode repeats exactly. A hand that ends before the
    agent's first decision is redealt (the next seed). A ``reset`` or ``step`` in which an
    opponent's policy raises, or chooses an index its mask does not allow, raises that error
    and changes nothing: the agent's move and the opponents' before it are taken back, the
    random numbers too, so the episode goes on as if the call had not been made (``game`` is
    then a new object equal to the game before the call). So does one that fails when a seat —
    a built-in ``"random"`` opponent, or the agent's own next decision — has more legal moves
    than ``max_actions`` holds.

    The reward is 0 until the hand ends, then the seat's net from the payments; an episode
    always ends by termination. ``illegal_action`` says what an action outside the mask does:
    ``"raise"`` (an :class:`~changpai.errors.IllegalActionError`, nothing changes),
    ``"random"`` (a random legal action is played instead and ``info["illegal"]`` is true) or
    ``"terminate"`` (the episode ends with reward ``illegal_reward``, a finite number), for
    learners that do not use the mask. An action is an ``int``, a numpy integer or an integer
    array of shape ``()`` (what ``model.predict`` returns); anything else (a float, a bool, an
    array of another shape) raises :class:`~changpai.errors.IllegalActionError` whatever
    ``illegal_action`` says. ``action_masks()`` gives the mask as booleans, as sb3-contrib's
    ``MaskablePPO`` expects.

    >>> env = SingleAgentEnv("yaodiren", seat=2)
    >>> env.action_space, env.observation_space["observation"].shape
    (Discrete(64), (267,))
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        variant: str | changpai.Variant = "hunan",
        seat: int = 0,
        opponents: str | Policy | Mapping[int, Policy | str] = "random",
        *,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        **keywords: Any,
    ) -> None:
        if illegal_action not in ("raise", "random", "terminate"):
            raise RulesError(
                f"illegal_action={clipped(illegal_action)} is not one of 'raise', 'random', 'terminate'"
            )
        self.illegal_action: str = illegal_action
        self.illegal_reward: float = _reward_arg(illegal_reward)
        self._abandoned = False
        # (the inner environment renders nothing: "human" there printed every seat's view,
        # the opponents' hands too; this one prints the agent's own, after reset and step)
        render_mode = keywords.pop("render_mode", None)
        self.aec: ChangpaiEnv = ChangpaiEnv(variant, render_mode=render_mode, **keywords)
        self.aec.render_mode = None
        number = plain_int(seat)  # (an int subclass as its plain number: review h71)
        if type(number) is not int or number not in self.aec.seats:  # (not a bool either)
            raise RulesError(
                f"seat={shown(seat)} does not play {self.aec.variant.name}; the seats are "
                f"{self.aec.seats}{int_hint(seat)}"
            )
        seat = number
        self.seat: int = seat
        self.agent: str = self.aec.agent_of(seat)
        others = [s for s in self.aec.seats if s != seat]
        self.opponents: dict[int, Policy] = _policies(opponents, others)
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = render_mode
        self._rng = _Rewindable()

    @property
    def game(self) -> Any:
        """The engine's game of the current episode (``None`` before the first reset).

        >>> env = SingleAgentEnv("daer")
        >>> _ = env.reset(seed=2)
        >>> env.game.seed
        2
        """
        return self.aec.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a hand and play the opponents up to the agent's first decision. ``seed`` is
        ``None`` or an ``int`` >= 0 (Gymnasium's rule); any other raises
        :class:`~changpai.errors.RulesError` and changes nothing.

        >>> env = SingleAgentEnv("hunan", seat=2)
        >>> obs, info = env.reset(seed=1)
        >>> env.game.to_act[0], info
        (2, {})
        """
        seed = seed_arg(seed)  # before anything changes
        if seed is not None and seed < 0:
            raise RulesError(f"seed={seed} is not an integer >= 0 (Gymnasium seeds with it)")
        saved = self._saved(deals=True)
        try:
            super().reset(seed=seed)
            if seed is not None:
                self._rng = _Rewindable(seed)
            else:
                self._rng.checkpoint()  # (a rewind reaches back to the episode's start)
            self._abandoned = False
            self.aec.reset(seed=seed)
            for _ in range(_MAX_REDEALS):
                self._play_opponents()
                if not self.aec.terminations[self.agent]:
                    break
                self.aec.reset()
            else:  # pragma: no cover - never seen: every variant lets the agent act
                raise RulesError(
                    f"{_MAX_REDEALS} hands in a row ended before seat {clipped(self.seat)} "
                    "could act"
                )
            observation = self.aec.observe(self.agent)  # (may fail: a space too small)
        except BaseException:  # (an opponent's policy raised or chose no legal index)
            self._put_back(saved)
            raise
        if self.render_mode == "human":
            self.render()
        return observation, {}

    def _saved(self, *, deals: bool) -> tuple[Any, ...]:
        """What a failed :meth:`reset` (``deals``) or :meth:`step` puts back: the episode (the
        environment's and the game's state) and the random numbers — a step's by the mark of
        the opponents' generator, a reset's by its state (and Gymnasium's)."""
        rng = self._rng
        point = rng.getstate() if deals else rng.mark()
        seed = getattr(self, "_np_random_seed", None)  # (Gymnasium 1.0 on)
        return (deals, self.aec._saved(deals=deals), rng, point, self._abandoned,
                self._np_random, seed)  # fmt: skip

    def _put_back(self, saved: tuple[Any, ...]) -> None:
        deals, aec_state, self._rng, point = saved[:4]
        self.aec._put_back(aec_state)
        if deals:
            self._rng.restore(point)
        else:  # (a step: the draws since its mark rewound)
            self._rng.rewind(point)
        self._abandoned, self._np_random, self._np_random_seed = saved[4:]

    def _play_opponents(self) -> float:
        """Step the other seats until the agent must act or the hand is over; the agent's
        reward meanwhile."""
        aec = self.aec
        reward = 0.0
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            other = aec.agent_selection
            policy = self.opponents[aec.seat_of(other)]
            aec.step(policy(aec.observe(other), self._rng))
            reward += aec.rewards[self.agent]
        return reward

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index the mask allows), then the opponents up to the agent's
        next decision or the end of the hand.

        >>> env = SingleAgentEnv("hunan")
        >>> _ = env.reset(seed=1)
        >>> obs, reward, terminated, truncated, info = env.step(0)
        >>> reward, terminated, truncated, env.game.to_act[0]
        (0.0, False, False, 0)
        """
        aec = self.aec
        if aec.game is None:
            raise RulesError("reset() the environment before step()")
        if aec.terminations[self.agent] or self._abandoned:
            raise RulesError("the hand is over: reset() the environment")
        self._check_turn()
        info: dict[str, Any] = {}
        mask = aec.observe(self.agent)["action_mask"]
        index = index_of(action)
        if index is None:  # not an index at all, whatever illegal_action says
            raise not_an_index(action, self.agent, int(mask.sum()))
        illegal = not (0 <= index < len(mask) and mask[index])
        if illegal and self.illegal_action == "terminate":
            observation = aec.observe(self.agent)
            self._abandoned = True
            return observation, self.illegal_reward, True, False, {"illegal": True}
        # (what a failed step puts back — the built-in opponents may fail too: an encoder whose
        # max_actions is too small for an opponent's legal moves, review h132)
        saved = self._saved(deals=False)
        try:
            if illegal and self.illegal_action == "random":
                info["illegal"] = True
                index = random_policy({"action_mask": mask}, self._rng)
            aec.step(index)
            reward = aec.rewards[self.agent] + self._play_opponents()
            # (the agent's own next decision may not fit the space: that fails the step too)
            observation = aec.observe(self.agent)
        except BaseException:  # (an illegal index, an opponent's policy raised or chose one)
            self._put_back(saved)
            raise
        terminated = aec.terminations[self.agent]
        if self.render_mode == "human":
            self.render()
        return observation, float(reward), terminated, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a boolean mask (``MaskablePPO``'s hook).

        >>> env = SingleAgentEnv("hunan")
        >>> _ = env.reset(seed=1)
        >>> mask = env.action_masks()
        >>> mask.dtype, int(mask.sum()) == len(env.legal_actions())
        (dtype('bool'), True)
        """
        aec = self.aec
        if aec.game is not None and not aec.terminations[self.agent]:
            self._check_turn()
        mask: npt.NDArray[np.bool_] = aec.observe(self.agent)["action_mask"].astype(bool)
        return mask

    def _check_turn(self) -> None:
        """RulesError unless the agent is to act (the inner environment ``aec`` was stepped
        past the agent by hand: only a reset goes on)."""
        if self.aec.agent_selection != self.agent:
            raise RulesError(
                f"{self.aec.agent_selection} is to act, not the agent {self.agent} (the inner "
                "environment was stepped past it): reset() the environment"
            )

    def legal_actions(self) -> list[Any]:
        """The agent's legal actions in the order of the action space.

        >>> env = SingleAgentEnv("hunan")
        >>> _ = env.reset(seed=1)
        >>> str(env.legal_actions()[0])
        'seat 0 打 壹'
        """
        return self.aec.legal_actions(self.agent)

    def render(self) -> str | None:
        """The agent's view as text (``"ansi"``), printed for ``"human"``.

        >>> env = SingleAgentEnv("hunan", render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render().splitlines()[1].startswith("  hand: ")
        True
        """
        if self.render_mode is None or self.aec.game is None:
            return None
        text = str(self.aec.game.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _reward_arg(value: object) -> float:
    """``illegal_reward``: a finite real number (not a bool), as a ``float``.

    >>> _reward_arg(-5), _reward_arg(np.float32(0.5))
    (-5.0, 0.5)
    >>> _reward_arg("a")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: illegal_reward='a' is not a finite number
    >>> _reward_arg(10**400)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: illegal_reward=1000...0000 is not a finite number
    """
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):  # (10**400 is too big for a float)
        number = math.inf
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, numbers.Real)
        or not math.isfinite(number)
    ):
        raise RulesError(f"illegal_reward={shown(value)} is not a finite number")
    return number


def _policies(
    opponents: str | Policy | Mapping[int, Policy | str], seats: list[int]
) -> dict[int, Policy]:
    if isinstance(opponents, str):
        if opponents != "random":
            raise RulesError(
                f"opponents={clipped(opponents)}: expected 'random', a policy or a mapping"
            )
        return dict.fromkeys(seats, random_policy)
    if isinstance(opponents, Mapping):
        missing = [s for s in seats if s not in opponents]
        if missing:
            raise RulesError(f"opponents has no policy for seats {missing}")
        others = [key for key in opponents if key not in seats]
        if others:  # (the agent's own seat, or one that does not play: review h128)
            raise RulesError(
                f"opponents names {clipped(others)}, which are not the other seats {seats}"
            )
        policies: dict[int, Policy] = {}
        for s in seats:
            policy = opponents[s]
            if isinstance(policy, str) and policy == "random":
                policies[s] = random_policy
            elif callable(policy) and not isinstance(policy, str):
                policies[s] = policy
            else:
                raise RulesError(
                    f"opponents[{s}]={clipped(policy)}: expected 'random' or a policy "
                    "(observation, random.Random) -> index"
                )
        return policies
    if callable(opponents):
        return dict.fromkeys(seats, opponents)
    raise RulesError(f"opponents={clipped(opponents)}: expected 'random', a policy or a mapping")
