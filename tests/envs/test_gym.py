"""The Gymnasium single-seat wrapper with random or given opponents (docs/rl.md)."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai.envs import SingleAgentEnv, gym_env, random_policy
from changpai.envs.aec import Observation
from changpai.errors import IllegalActionError, RulesError

NAMES = [v.name for v in changpai.variants()]


def episode(env: SingleAgentEnv, seed: int) -> tuple[float, int, list[int]]:
    """Play the agent's seat at random: the total reward, the steps, the actions."""
    chooser = random.Random(seed)
    obs, info = env.reset(seed=seed)
    assert info == {}
    total, steps, actions = 0.0, 0, []
    terminated = False
    while not terminated:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.legal_actions()) > 0
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        action = int(legal[chooser.randrange(len(legal))])
        actions.append(action)
        obs, reward, terminated, truncated, _info = env.step(action)
        assert not truncated
        total += reward
        steps += 1
    return total, steps, actions


@pytest.mark.parametrize("name", NAMES)
def test_random_episodes_end_with_the_seat_net(name: str) -> None:
    for seat in changpai.variant(name).game(0).seats[:2]:
        env = gym_env(name, seat=seat)
        for seed in range(3):
            total, steps, _ = episode(env, seed)
            result = env.game.result
            assert steps > 0 and env.game.is_over
            assert total == result.net(max(env.aec.seats) + 1)[seat]


@pytest.mark.parametrize("name", NAMES)
def test_seeded_episodes_repeat(name: str) -> None:
    one = episode(gym_env(name, seat=0 if name != "duzihu" else 1), 9)
    two = episode(gym_env(name, seat=0 if name != "duzihu" else 1), 9)
    assert one == two


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_env_checker(name: str) -> None:
    """docs/rl.md: the checker runs on every variant (it ran on four: review h96)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here
        check_env(gym_env(name, illegal_action="random"), skip_render_check=True)


def test_given_opponents_play() -> None:
    calls: list[int] = []

    def first_legal(observation: Observation, rng: random.Random) -> int:
        calls.append(1)
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = gym_env("daer", seat=2, opponents=first_legal)
    episode(env, 1)
    assert calls
    env = gym_env("daer", seat=2, opponents={0: first_legal, 1: random_policy, 3: random_policy})
    episode(env, 1)


def test_bad_arguments() -> None:
    with pytest.raises(RulesError, match=r"seat=2 does not play haha"):
        gym_env("haha", seat=2)
    with pytest.raises(RulesError, match="opponents='greedy'"):
        gym_env("hunan", opponents="greedy")
    with pytest.raises(RulesError, match=r"no policy for seats \[2\]"):
        gym_env("hunan", opponents={1: random_policy})
    with pytest.raises(RulesError, match="opponents=3"):
        gym_env("hunan", opponents=3)
    env = gym_env("hunan")
    with pytest.raises(RulesError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(60)
    while True:
        _obs, _reward, terminated, _t, _i = env.step(0)
        if terminated:
            break
    with pytest.raises(RulesError, match="the hand is over"):
        env.step(0)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym_env("hunan", seat=1, render_mode="ansi")
    assert env.render() is None
    env.reset(seed=2)
    text = env.render()
    assert text is not None and text.startswith("seat 1 sees")
    env = gym_env("hunan", render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    assert "sees 跑胡子" in capsys.readouterr().out


def test_human_render_prints_the_agents_view_only(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rl.md: an agent sees "what that seat may see" — ``render_mode="human"`` printed the
    view of every seat that acted, the opponents' hands too (review h36); it prints the
    agent's own view after ``reset`` and each ``step``."""
    env = gym_env("hunan", seat=0, render_mode="human")
    obs, _ = env.reset(seed=3)
    for _ in range(3):
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    seen = [
        line.split(" sees")[0] for line in capsys.readouterr().out.splitlines() if " sees " in line
    ]
    assert seen == ["seat 0"] * 4


def test_illegal_actions_for_learners_without_the_mask() -> None:
    env = gym_env("hunan", illegal_action="random")
    env.reset(seed=3)
    _obs, reward, terminated, _t, info = env.step(63)
    assert info == {"illegal": True} and reward == 0.0 and not terminated
    assert [r.auto for r in env.game.log].count(False) >= 1
    env = gym_env("hunan", illegal_action="terminate", illegal_reward=-5.0)
    env.reset(seed=3)
    before = env.game.copy()
    _obs, reward, terminated, _t, info = env.step(63)
    assert (reward, terminated, info) == (-5.0, True, {"illegal": True})
    assert env.game == before
    with pytest.raises(RulesError, match="the hand is over"):
        env.step(0)
    env.reset(seed=3)
    _obs, _reward, terminated, _t, info = env.step(0)
    assert info == {}
    with pytest.raises(RulesError, match="illegal_action='ignore'"):
        gym_env("hunan", illegal_action="ignore")


# ---------------------------------------------------------------- review mends (s19)


@pytest.mark.parametrize("mode", ["raise", "random", "terminate"])
@pytest.mark.parametrize("form", [np.array(0), np.int64(0), np.array(0, dtype=np.int16)], ids=repr)
def test_integer_arrays_of_shape_nothing_are_their_int(mode: str, form: object) -> None:
    """SB3's model.predict returns a 0-d array: it is played as its int, never as an illegal
    action (with illegal_action="random" it was silently replaced by a random move)."""
    by_int, by_form = gym_env("hunan", illegal_action=mode), gym_env("hunan", illegal_action=mode)
    by_int.reset(seed=1)
    by_form.reset(seed=1)
    assert by_form.action_space.contains(form)
    one = by_int.step(0)
    two = by_form.step(form)  # type: ignore[arg-type]
    assert two[4] == {} and two[1:4] == one[1:4]
    assert by_form.game == by_int.game


@pytest.mark.parametrize("mode", ["raise", "random", "terminate"])
@pytest.mark.parametrize(
    "bad", [0.0, np.array(0.0), True, np.array([0]), np.array([[1]]), "0", None], ids=repr
)
def test_an_action_that_is_no_index_raises_whatever_the_mode(mode: str, bad: object) -> None:
    env = gym_env("hunan", illegal_action=mode)
    env.reset(seed=1)
    before = env.game.copy()
    with pytest.raises(IllegalActionError, match=r"is not an action index for player_0"):
        env.step(bad)  # type: ignore[arg-type]
    assert env.game == before
    env.step(0)  # the episode goes on


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (
            np.int64(5),
            r"seed=np\.int64\(5\) is not a whole number \(or None\) \(int64 is not int: convert it",
        ),
        (1.5, r"seed=1\.5 is not a whole number"),
        (-1, r"seed=-1 is not an integer >= 0"),
    ],
    ids=repr,
)
def test_a_bad_seed_raises_and_changes_nothing(seed: object, message: str) -> None:
    env, twin = gym_env("hunan"), gym_env("hunan")
    env.reset(seed=3)
    twin.reset(seed=3)
    before, generator = env.game.copy(), env.np_random.bit_generator.state
    with pytest.raises(RulesError, match=message):
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert env.game == before and env.np_random.bit_generator.state == generator
    env.reset()
    twin.reset()
    assert env.game == twin.game


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"illegal_reward": "a"}, r"illegal_reward='a' is not a finite number"),
        ({"illegal_reward": True}, r"illegal_reward=True is not a finite number"),
        ({"illegal_reward": float("nan")}, r"illegal_reward=nan is not a finite number"),
        ({"illegal_reward": float("-inf")}, r"illegal_reward=-inf is not a finite number"),
        ({"action_features": 1}, r"action_features=1 is not True or False"),
        ({"max_actions": 10**12}, r"max_actions=1000000000000 is not an integer from 1 to 4096"),
        ({"seat": True}, r"seat=True does not play hunan; the seats are \(0, 1, 2\)$"),
        (
            {"seat": np.int64(1)},
            r"seat=np\.int64\(1\) does not play hunan.*int64 is not int: convert it with int\(\)",
        ),
        # (reset(seed=...) deals every episode: seed= was a TypeError, deck= dealt one hand
        # whatever the seed — review h36)
        ({"seed": 3}, r"seed= is not an option of an environment: reset\(seed=\.\.\.\)"),
        ({"deck": ()}, r"deck= is not an option of an environment"),
    ],
    ids=repr,
)
def test_gym_keywords_are_checked(keywords: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        gym_env("hunan", **keywords)  # type: ignore[arg-type]


def test_a_numeric_illegal_reward_is_a_float() -> None:
    env = gym_env("hunan", illegal_action="terminate", illegal_reward=np.float32(-2))
    env.reset(seed=3)
    _obs, reward, terminated, _t, _i = env.step(63)
    assert terminated and reward == -2.0 and type(reward) is float


def test_a_first_reset_an_opponent_fails_leaves_no_episode() -> None:
    """An opponent policy that fails in the first reset leaves the environment as it was made,
    with no episode: step and the mask ask for a reset (before review h128 the hand stopped
    with an opponent to act and the environment asked for a reset all the same)."""
    calls = iter([999] + [0] * 10_000)
    single = gym_env("hunan", seat=1, opponents=lambda obs, rng: next(calls))
    with pytest.raises(changpai.IllegalActionError):
        single.reset(seed=0)
    assert single.game is None
    with pytest.raises(changpai.RulesError, match=r"reset\(\) the environment before step"):
        single.step(0)
    with pytest.raises(changpai.RulesError, match=r"reset\(\) the environment"):
        single.action_masks()
    single.opponents = {seat: (lambda obs, rng: 0) for seat in (0, 2, 3)}
    single.reset(seed=0)
    assert single.game.to_act == (1,)


def test_an_agent_not_to_act_is_told_to_reset() -> None:
    """The inner AEC environment stepped past the agent by hand: the agent is not to act, and
    step / the mask say so (the one way left to get there)."""
    single = gym_env("hunan", seat=1)
    single.reset(seed=0)
    while single.aec.agent_selection == single.agent:
        single.aec.step(int(np.flatnonzero(single.aec.observe(single.agent)["action_mask"])[0]))
    before = single.game.to_json()
    with pytest.raises(changpai.RulesError, match=r"is to act, not the agent .* reset\(\)"):
        single.step(0)
    with pytest.raises(changpai.RulesError, match=r"is to act, not the agent"):
        single.action_masks()
    assert single.game.to_json() == before


def _failing_once() -> tuple[list[bool], object]:
    """A random opponent that, once armed (``armed[0] = True``), chooses an index no mask
    allows on its next move, and plays at random again after it."""
    armed = [False]

    def opponent(observation: Observation, rng: random.Random) -> int:
        if armed[0]:
            armed[0] = False
            return 999
        return random_policy(observation, rng)

    return armed, opponent


def _state(env: SingleAgentEnv) -> tuple[object, ...]:
    aec = env.aec
    return (
        env.game.to_json(),
        aec.agent_selection,
        dict(aec.rewards),
        dict(aec.terminations),
        env._rng.getstate(),
    )


@pytest.mark.parametrize("variant", ["hunan", "yaodiren", "xiaogan"])
def test_a_step_an_opponent_fails_changes_nothing(variant: str) -> None:
    """docs/rl.md: an action that fails changes nothing — the agent's move and the opponents'
    before the failing one are taken back, and the episode goes on as if the step had not
    been asked (review h128: they were kept and the environment needed a reset)."""
    armed, opponent = _failing_once()
    env = gym_env(variant, seat=0, opponents=opponent)
    twin = gym_env(variant, seat=0, opponents=random_policy)
    env.reset(seed=1)
    twin.reset(seed=1)
    armed[0] = True
    failed = False
    while True:
        index = int(np.flatnonzero(env.action_masks())[0])
        before = _state(env)
        try:
            mine = env.step(index)
        except IllegalActionError:
            assert not failed  # (it fails once)
            failed = True
            assert _state(env) == before == _state(twin)
            continue  # (the same index again: the opponent behaves from now on)
        theirs = twin.step(index)
        assert (mine[1], mine[2]) == (theirs[1], theirs[2])
        if mine[2]:
            break
    assert failed and env.game.to_json() == twin.game.to_json()


def test_a_reset_an_opponent_fails_keeps_the_episode_before() -> None:
    env = gym_env("hunan", seat=2)
    env.reset(seed=1)
    before = _state(env)
    env.opponents[0] = lambda observation, rng: 999
    with pytest.raises(IllegalActionError):
        env.reset(seed=5)
    assert _state(env) == before


@pytest.mark.parametrize(
    ("opponents", "message"),
    [
        ({1: random_policy, 2: 5}, r"opponents\[2\]=5: expected 'random' or a policy"),
        ({1: random_policy, 2: "randomly"}, r"opponents\[2\]='randomly'"),
        ({0: random_policy, 1: random_policy, 2: random_policy}, r"opponents names \[0\]"),
        ({1: random_policy, 2: random_policy, 9: "x"}, r"opponents names \[9\]"),
    ],
)
def test_opponents_of_no_seat_or_no_policy_are_refused(opponents: object, message: str) -> None:
    """docs/rl.md: ``opponents`` maps each other seat to ``"random"`` or a policy; anything
    else is a ``RulesError`` when the environment is made, not a ``TypeError`` mid-step."""
    with pytest.raises(RulesError, match=message):
        gym_env("hunan", seat=0, opponents=opponents)


def test_opponents_may_name_random_per_seat() -> None:
    env = gym_env("hunan", seat=0, opponents={1: "random", 2: random_policy})
    assert env.opponents == {1: random_policy, 2: random_policy}


def test_the_built_in_opponents_failing_change_nothing() -> None:
    """An opponent with more legal moves than ``max_actions`` holds fails the step: the
    built-in random opponents are put back too (review h132: they were taken to never fail,
    and the step was left half played)."""
    env = gym_env("hunan", max_actions=12)
    env.reset(seed=15)
    before = _state(env)
    with pytest.raises(RulesError, match="the action space holds 12"):
        env.step(0)
    assert _state(env) == before and env.game.to_act == (0,)


def test_a_random_replacement_is_put_back_too() -> None:
    """``illegal_action="random"`` draws the index played instead from the generator: a step
    that then fails puts that draw back (review h132)."""
    armed, opponent = _failing_once()
    env = gym_env("hunan", opponents=opponent, illegal_action="random")
    twin = gym_env("hunan", opponents=random_policy, illegal_action="random")
    env.reset(seed=3)
    twin.reset(seed=3)
    before = _state(env)
    armed[0] = True
    with pytest.raises(IllegalActionError):
        env.step(63)
    assert _state(env) == before
    assert env.step(63)[1:3] == twin.step(63)[1:3]
    assert env.game == twin.game


def test_a_failed_reset_keeps_gymnasiums_seed_and_the_episode_attributes() -> None:
    env = gym_env("hunan", seat=2)
    made = {name: vars(env.aec).get(name) for name in ("agents", "rewards", "agent_selection")}
    env.opponents[0] = lambda observation, rng: 999
    with pytest.raises(IllegalActionError):
        env.reset(seed=4)
    assert {name: vars(env.aec).get(name) for name in made} == made and env.game is None
    env.opponents[0] = random_policy
    env.reset(seed=1)
    seed = env.np_random_seed
    env.opponents[0] = lambda observation, rng: 999
    with pytest.raises(IllegalActionError):
        env.reset(seed=99)
    assert env.np_random_seed == seed == 1


_DRAWS = {
    "random": lambda rng: rng.random(),
    "randrange": lambda rng: rng.randrange(1000),
    "choice": lambda rng: rng.choice("abcdefg"),
    "gauss": lambda rng: rng.gauss(),
    "shuffle": lambda rng: rng.shuffle(list(range(9))),
    "sample": lambda rng: tuple(rng.sample(range(50), 5)),
    "getrandbits": lambda rng: rng.getrandbits(70),
    "randbytes": lambda rng: rng.randbytes(5),
}


@settings(max_examples=200)
@given(
    seed=st.integers(0, 2**32),
    before=st.lists(st.sampled_from(sorted(_DRAWS)), max_size=12),
    after=st.lists(st.sampled_from(sorted(_DRAWS)), max_size=12),
    reseed=st.integers(0, 3),
)
def test_the_opponents_generator_rewinds_to_its_mark(
    seed: int, before: list[str], after: list[str], reseed: int
) -> None:
    """The generator a failed step rewinds (review h132: reading its whole state before every
    step cost 5–9% of a step) gives random.Random's numbers, and after any draws — gauss's
    kept second value too — rewinds to its mark exactly."""
    from changpai.envs.gym import _Rewindable

    rng, plain = _Rewindable(seed), random.Random(seed)
    for name in before:
        assert _DRAWS[name](rng) == _DRAWS[name](plain)
    mark = rng.mark()
    first = [_DRAWS[name](rng) for name in after]
    if reseed:  # (a policy reseeding the generator it is handed, mid-step)
        rng.seed(reseed)
        _DRAWS["random"](rng)
    rng.rewind(mark)
    assert [_DRAWS[name](rng) for name in after] == first
    for name in after:
        _DRAWS[name](plain)
    assert rng.getstate() == plain.getstate()


def test_the_agents_own_space_too_small_changes_nothing() -> None:
    """The agent's own next decision with more legal moves than ``max_actions`` holds fails
    the reset or step at its last observation: put back too (review h133: the hand was dealt
    and kept, the step's moves kept)."""
    env = gym_env("hunan", max_actions=12)
    with pytest.raises(RulesError, match="the action space holds 12"):
        env.reset(seed=0)
    assert env.game is None
    env = gym_env("duzihu", seat=1, max_actions=16)
    env.reset(seed=1)
    while True:
        before = _state(env)
        try:
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        except RulesError as error:
            assert "the action space holds 16" in str(error)
            assert _state(env) == before
            break


def test_failed_seeded_resets_keep_the_generator_small() -> None:
    """Review h133: each failed seeded reset kept a whole generator state (25 KB)."""
    env = gym_env("hunan", seat=1, opponents=lambda observation, rng: 999)
    for seed in range(50):
        with pytest.raises(IllegalActionError):
            env.reset(seed=seed)
    assert len(env._rng._epochs) == 1


def test_a_draw_refused_and_caught_is_no_draw() -> None:
    """Review h133: a draw the generator refused (and the policy caught) was logged, so a later
    rewind went elsewhere or failed."""
    from changpai.envs.gym import _Rewindable

    rng = _Rewindable(1)
    for bad in (
        lambda: rng.getrandbits(-1),
        lambda: rng.getrandbits(2.5),
        lambda: rng.randbytes(-1),
    ):  # type: ignore[arg-type]
        with pytest.raises((ValueError, TypeError)):
            bad()
    before, mark = rng.getstate(), rng.mark()
    rng.random()
    rng.rewind(mark)
    assert rng.getstate() == before
