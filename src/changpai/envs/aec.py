"""A PettingZoo AEC environment for one hand of any registered variant (docs: RL).

One episode is one hand. Agent ``"player_<seat>"`` plays engine seat ``<seat>`` for every seat
in ``game.seats`` (the dealer is fixed per environment, so the agents are too); the agent to act
is the engine's ``to_act[0]``. Observations come from ``game.view(seat)`` through an
:class:`~changpai.envs.encode.Encoder`; action ``i`` is the ``i``-th legal action in the
canonical order, and the action mask marks the legal ones. When the hand ends every agent is
terminated and rewarded with its net from the result's payments (0 for a hand without a winner).

>>> from changpai.envs import raw_env
>>> env = raw_env("hunan")
>>> env.reset(seed=3)
>>> env.agents, env.agent_selection
(['player_0', 'player_1', 'player_2'], 'player_0')
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(env.legal_actions())
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import changpai
from changpai.core.engine import replay
from changpai.core.guard import clipped, flag_arg, int_arg, plain_int, seed_arg, shown
from changpai.envs.encode import Encoder, canonical, max_actions_arg, max_actions_of
from changpai.errors import IllegalActionError, RulesError

__all__ = ["ChangpaiEnv", "index_of"]

Observation = dict[str, Any]


def index_of(action: object) -> int | None:
    """The index an action stands for: an ``int``, a numpy integer or an integer array of
    shape ``()`` (what ``Discrete.contains`` accepts and Stable-Baselines3's ``predict``
    returns) as its ``int``; ``None`` for anything else (a bool, a float, another shape).

    >>> import numpy as np
    >>> index_of(3), index_of(np.int64(3)), index_of(np.array(3))
    (3, 3, 3)
    >>> index_of(True), index_of(3.0), index_of(np.array([3])), index_of(np.array(3.0))
    (None, None, None, None)
    """
    if isinstance(action, bool):
        return None
    if isinstance(action, int):
        return action
    if (
        isinstance(action, (np.integer, np.ndarray))
        and action.shape == ()
        and np.issubdtype(action.dtype, np.integer)
    ):
        return int(action)
    return None


def not_an_index(action: object, who: str, count: int) -> IllegalActionError:
    """The error for an action that is not an index at all (:func:`index_of` is ``None``).

    >>> not_an_index(1.5, "player_0", 15)
    IllegalActionError('action 1.5 is not an action index for player_0: expected an int, a numpy integer or an integer array of shape () (0..14 now); see the action mask')
    """
    return IllegalActionError(
        f"action {shown(action)} is not an action index for {who}: expected an int, a numpy "
        f"integer or an integer array of shape () (0..{count - 1} now); see the action mask"
    )


# keywords of a family's game that the environment sets itself, per episode
_DEALT_BY_RESET = ("seed", "deck")


_EPISODE = (
    "agents",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
    "agent_selection",
)
"""The per-episode attributes of :class:`ChangpaiEnv` that a failed call puts back."""


def _copied(value: Any) -> Any:
    """A list or dict one level deep (the infos' dicts too), anything else as it is."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    return list(value) if isinstance(value, list) else value


class ChangpaiEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One hand of a registered variant as a PettingZoo AEC environment.

    ``variant`` is a variant name or alias (``"hunan"``, ``"跑胡子"``) or a
    :class:`~changpai.core.variant.Variant`; ``dealer`` the dealer's seat (fixed for every
    episode); ``max_actions`` the size of the action space, an ``int`` from 1 to
    :data:`~changpai.envs.encode.MAX_ACTIONS_LIMIT` (default:
    :func:`~changpai.envs.encode.max_actions_of` the family: 64, 512 for 戳牌);
    ``action_features=True`` adds the key ``"action_features"``
    (:meth:`~changpai.envs.encode.Encoder.action_features`) to every observation;
    ``render_mode`` is ``None``, ``"ansi"`` or ``"human"``; other keywords are the family's
    game options (``players=3`` for 川牌 …).

    A bad variant, dealer, keyword or option (of the wrong type or out of range) raises
    :class:`~changpai.errors.RulesError`; stepping with an action outside the mask, or with
    something that is not an index (:func:`index_of`), raises
    :class:`~changpai.errors.IllegalActionError` and leaves the episode unchanged.

    >>> env = ChangpaiEnv("duzihu", dealer=1)
    >>> env.possible_agents, env.action_space("player_1")
    (['player_1', 'player_2', 'player_3'], Discrete(64))
    >>> env.observation_space("player_1")["observation"].shape
    (296,)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "name": "changpai_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | changpai.Variant = "hunan",
        *,
        dealer: int = 0,
        max_actions: int | None = None,
        action_features: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        entry = variant if isinstance(variant, changpai.Variant) else changpai.variant(variant)
        for name in _DEALT_BY_RESET:
            if name in options:  # (seed= was Python's TypeError; deck= dealt one hand always)
                raise RulesError(
                    f"{name}= is not an option of an environment: reset(seed=...) deals each "
                    "episode's hand (a stacked deck would deal the same hand whatever the seed)"
                )
        if render_mode not in (None, "human", "ansi"):
            raise RulesError(
                f"render_mode={clipped(render_mode)} is not one of None, 'human', 'ansi'"
            )
        if max_actions is not None:
            max_actions_arg(max_actions)
        flag_arg(action_features, "action_features")
        self.variant: changpai.Variant = entry
        self.dealer: int = dealer
        self.options: dict[str, Any] = dict(options)
        self.render_mode = render_mode
        probe = entry.game(0, dealer=dealer, **options)  # checks dealer and options
        self.seats: tuple[int, ...] = tuple(probe.seats)
        self.encoder: Encoder = Encoder(
            entry.module,
            self.seats,
            max_actions_of(entry.family) if max_actions is None else max_actions,
            deck=probe.deck,
            action_features=action_features,
        )
        self.metadata = {**self.metadata, "name": f"changpai_{entry.name}_v0"}
        self.possible_agents: list[str] = [f"player_{seat}" for seat in self.seats]
        self._seat_of: dict[str, int] = dict(zip(self.possible_agents, self.seats, strict=True))
        shape = (self.encoder.size,)
        parts: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(0.0, self.encoder.high, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoder.max_actions,), np.int8),
        }
        if action_features:
            width = self.encoder.feature_size
            parts["action_features"] = spaces.Box(
                0.0, float(self.encoder.deck_size), (self.encoder.max_actions, width), np.float32
            )
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Dict(parts) for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(self.encoder.max_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.game: Any = None
        self._legal: list[Any] | None = None

    # ------------------------------------------------------------------ spaces and seats

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call).

        >>> space = ChangpaiEnv("hunan").observation_space("player_0")
        >>> sorted(space), space["action_mask"].shape
        (['action_mask', 'observation'], (64,))
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(max_actions)``.

        >>> ChangpaiEnv("hunan", max_actions=32).action_space("player_2")
        Discrete(32)
        """
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        """The engine seat that ``agent`` plays.

        >>> ChangpaiEnv("haha").seat_of("player_3")
        3
        """
        try:
            return self._seat_of[agent]
        except (KeyError, TypeError):  # (TypeError: a name that cannot be one, a list …)
            raise RulesError(
                f"agent {clipped(agent)} does not play here; the agents are {self.possible_agents}"
            ) from None

    def agent_of(self, seat: int) -> str:
        """The agent that plays engine seat ``seat``.

        >>> ChangpaiEnv("haha").agent_of(3)
        'player_3'
        """
        if type(seat) is not int:  # (an IntEnum seat as its number; anything else refused)
            seat = plain_int(int_arg(seat, "seat"))
        agent = f"player_{clipped(seat)}"
        self.seat_of(agent)
        return agent

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. With ``seed`` the hand is ``variant.game(seed)`` and the later
        resets without a seed follow from it; without one the deal is random. ``options`` is
        part of PettingZoo's signature; the table is set by the constructor, so it is not read.
        A seed that is not an ``int`` (or ``None``) — a numpy integer too, as in the engine —
        raises :class:`~changpai.errors.RulesError` and changes nothing.

        >>> env = ChangpaiEnv("daer")
        >>> env.reset(seed=5)
        >>> env.game.seed, env.agent_selection
        (5, 'player_0')
        """
        seed = seed_arg(seed)  # before anything changes
        if seed is not None:
            rng, game_seed = random.Random(seed), seed
        else:
            rng = self._rng
            game_seed = rng.randrange(2**31)
        game = self.variant.game(game_seed, dealer=self.dealer, **self.options)
        self._rng, self.game = rng, game
        if tuple(self.game.seats) != self.seats:  # pragma: no cover - an engine contract break
            raise RulesError(f"the seats changed from {self.seats} to {self.game.seats}")
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal = None
        self._after_move(self.agents[0])

    def _saved(self, *, deals: bool = True) -> tuple[Any, ...]:
        """The episode's state, for :meth:`_put_back` (the single-agent environment's failed
        calls): the game and how many records its log holds (a game is only ever added to),
        the agents' lists and dicts and the selection (as they are, or absent before the first
        reset) and — when the call may deal (``deals``: a reset) — the random numbers of the
        deals (6 µs to read)."""
        game = self.game
        rng = self._rng.getstate() if deals else None
        if game is None:  # (before the first reset: some may not be set yet)
            attributes = vars(self)
            episode = {name: _copied(attributes[name]) for name in _EPISODE if name in attributes}
        else:  # (the hot path of a step: each set since the first reset)
            episode = {
                "agents": list(self.agents),
                "rewards": self.rewards.copy(),
                "_cumulative_rewards": self._cumulative_rewards.copy(),
                "terminations": self.terminations.copy(),
                "truncations": self.truncations.copy(),
                "infos": {agent: info.copy() for agent, info in self.infos.items()},
                "agent_selection": self.agent_selection,
            }
        return (game, 0 if game is None else len(game.log), rng, episode)

    def _put_back(self, saved: tuple[Any, ...]) -> None:
        """Put back a :meth:`_saved` state; a game played on since is dealt again and its
        first records replayed (a new game object, equal to the one saved)."""
        game, records, rng, episode = saved
        if game is not None and len(game.log) != records:
            again = type(game)(game.rules, game.seed, deck=game.deck, dealer=game.dealer,
                               **game.options)  # fmt: skip
            game = replay(again, game.log[:records])
        self.game = game
        if rng is not None:
            self._rng.setstate(rng)
        self._legal = None
        for name in _EPISODE:
            if name in episode:
                setattr(self, name, episode[name])
            elif name in vars(self):
                delattr(self, name)

    def _after_move(self, last: str) -> None:
        """Select the next agent, and settle the hand when it is over."""
        game = self.game
        self._legal = None
        if game.is_over:
            net = game.result.net(max(self.seats) + 1)
            for agent in self.agents:
                self.rewards[agent] = float(net[self._seat_of[agent]])
                self.terminations[agent] = True
            self.agent_selection = last
        else:
            for agent in self.agents:
                self.rewards[agent] = 0.0
            self.agent_selection = self.agent_of(game.to_act[0])
        self._accumulate_rewards()

    def legal_actions(self, agent: str | None = None) -> list[Any]:
        """The legal actions of ``agent`` (default: the agent to act) in the canonical order:
        action ``i`` of the action space is item ``i``.

        >>> env = ChangpaiEnv("hunan")
        >>> env.reset(seed=1)
        >>> str(env.legal_actions()[0]), env.legal_actions("player_1")
        ('seat 0 打 壹', [])
        """
        if self.game is None:
            raise RulesError("reset() the environment before asking for legal actions")
        if agent is None or agent == self.agent_selection:
            if self._legal is None:
                seat = self._seat_of[self.agent_selection]
                legal = canonical(self.game.legal_actions(seat))
                self.encoder.check(legal)  # (kept only once checked: it raises every time)
                self._legal = legal
            return list(self._legal)
        return canonical(self.game.legal_actions(self.seat_of(agent)))

    def action(self, index: int, agent: str | None = None) -> Any:
        """The engine action that ``index`` stands for now: ``index`` is an ``int``, a numpy
        integer or an integer array of shape ``()`` (:func:`index_of`).

        >>> env = ChangpaiEnv("hunan")
        >>> env.reset(seed=1)
        >>> env.action(0).to_dict()
        {'seat': 0, 'kind': 'discard', 'card': 'd1'}
        """
        legal = self.legal_actions(agent)
        who = agent or self.agent_selection
        number = index_of(index)
        if number is None:
            raise not_an_index(index, who, len(legal))
        if not legal:
            raise IllegalActionError(f"{who} has no legal action now (the mask is empty)")
        if not 0 <= number < len(legal):
            raise IllegalActionError(
                f"action {clipped(number)} is not legal for {who}: it has {len(legal)} legal "
                f"actions (0..{len(legal) - 1}); see the action mask"
            )
        return legal[number]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now, as arrays: ``{"observation", "action_mask"}`` (and
        ``"action_features"`` when asked for). An agent that is not selected has an empty
        mask — but for a seat that decides on the same card as the selected one (大貳's claims,
        asked in turn), whose mask shows its own pending choice.

        >>> env = ChangpaiEnv("daer")
        >>> env.reset(seed=1)
        >>> int(env.observe("player_0")["action_mask"].sum()) > 0, int(env.observe("player_1")["action_mask"].sum())
        (True, 0)
        """
        seat = self.seat_of(agent)
        if self.game is None:
            raise RulesError("reset() the environment before observe()")
        view = self.game.view(seat)
        if agent == self.agent_selection:
            if self._legal is None:  # the view lists them already: no second legal_actions
                legal = canonical(view.legal_actions)
                self.encoder.check(legal)  # (kept only once checked: it raises every time)
                self._legal = legal
            legal = self._legal
        else:
            legal = canonical(view.legal_actions)
        out: Observation = {
            "observation": self.encoder.observation(view),
            "action_mask": self.encoder.action_mask(legal),
        }
        if self.encoder.with_action_features:
            out["action_features"] = self.encoder.action_features(legal)
        return out

    def step(self, action: int | None) -> None:
        """Apply action ``action`` (an index into the mask, as :meth:`action` takes it) for the
        agent to act; a terminated agent steps with ``None``.

        >>> env = ChangpaiEnv("hunan")
        >>> env.reset(seed=1)
        >>> env.step(0)
        >>> str(env.game.log[-1].action), env.agent_selection
        ('seat 0 打 壹', 'player_2')
        """
        if self.game is None:
            raise RulesError("reset() the environment before step()")
        self._require_agent()  # (PettingZoo's own step raised a KeyError)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # (PettingZoo raised a plain ValueError: review h96)
                raise IllegalActionError(
                    f"{agent} has finished: it steps with None, not {clipped(action)}"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for a finished agent")
        move = self.action(action)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(move)
        self._after_move(agent)
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation (``observe``), reward,
        termination, truncation and info. Before a reset, or once every agent has stepped out
        of a finished hand, there is no such agent: :class:`~changpai.errors.RulesError`.

        >>> env = ChangpaiEnv("hunan")
        >>> env.reset(seed=1)
        >>> env.last()[1:4]
        (0.0, False, False)
        """
        if self.game is None:
            raise RulesError("reset() the environment before last()")
        self._require_agent()
        observation, reward, terminated, truncated, info = super().last(observe)
        return observation, reward, terminated, truncated, info

    def _require_agent(self) -> None:
        """A ``RulesError`` once every agent has stepped out of the finished hand."""
        if self.agent_selection not in self.terminations:
            raise RulesError(
                "every agent has stepped out of the finished hand; reset() the environment"
            )

    # ------------------------------------------------------------------ the rest

    def render(self) -> str | None:
        """The acting agent's view as text (``"ansi"``), printed for ``"human"``.

        >>> env = ChangpaiEnv("hunan", render_mode="ansi")
        >>> env.reset(seed=1)
        >>> env.render().splitlines()[0]
        'seat 0 sees 跑胡子 (dealer 0, phase discard, stock 19):'
        """
        if self.render_mode is None or self.game is None:
            return None
        text = str(self.game.view(self._seat_of[self.agent_selection]))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release.

        >>> ChangpaiEnv("hunan").close()
        """

    def __repr__(self) -> str:
        return f"<ChangpaiEnv {self.variant.name} seats={self.seats}>"

    def __str__(self) -> str:
        return f"changpai_{self.variant.name}_v0"
