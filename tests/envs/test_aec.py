"""The PettingZoo AEC environment on every registered variant (docs/rl.md)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import changpai
from changpai.envs import ChangpaiEnv, canonical, env, raw_env
from changpai.errors import IllegalActionError, RulesError

VARIANTS = changpai.variants()
NAMES = [v.name for v in VARIANTS]


def play(game_env: ChangpaiEnv, seed: int, chooser: random.Random) -> list[dict[str, Any]]:
    """One episode with random legal indices; the observations of the acting agents."""
    seen = []
    game_env.reset(seed=seed)
    for agent in game_env.agent_iter():
        obs, _reward, terminated, truncated, _info = game_env.last()
        if terminated or truncated:
            game_env.step(None)
            continue
        seen.append(obs)
        legal = np.flatnonzero(obs["action_mask"])
        game_env.step(int(legal[chooser.randrange(len(legal))]))
        assert agent in game_env.possible_agents
    return seen


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_api_test(name: str) -> None:
    with warnings.catch_warnings():
        # The Dict observation with an action mask is PettingZoo's own convention for games;
        # api_test only whitelists its bundled games for it.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        game_env = env(name)
        api_test(game_env, num_cycles=50)  # raises AssertionError on any breach of the API
    seats = changpai.variant(name).game(0).seats
    assert game_env.possible_agents == [f"player_{seat}" for seat in seats]


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    made: list[object] = []

    def make() -> object:
        made.append(env(name))
        return made[-1]

    seed_test(make, num_cycles=50)  # raises AssertionError when one seed plays two ways
    assert len(made) >= 2


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_episode(name: str) -> None:
    first = play(raw_env(name), 11, random.Random(1))
    second = play(raw_env(name), 11, random.Random(1))
    assert len(first) == len(second) > 0
    for a, b in zip(first, second, strict=True):
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])


def test_unseeded_resets_follow_the_seed() -> None:
    one, two = raw_env("hunan"), raw_env("hunan")
    one.reset(seed=5)
    two.reset(seed=5)
    one.reset()
    two.reset()
    assert one.game == two.game
    assert one.game.seed != 5


@pytest.mark.parametrize("name", NAMES)
def test_mask_is_exactly_the_legal_actions(name: str) -> None:
    game_env = raw_env(name)
    chooser = random.Random(3)
    game_env.reset(seed=3)
    steps = 0
    while game_env.agents and steps < 300:
        agent = game_env.agent_selection
        if game_env.terminations[agent]:
            game_env.step(None)
            continue
        seat = game_env.seat_of(agent)
        engine = game_env.game.legal_actions(seat)
        mask = game_env.observe(agent)["action_mask"]
        assert int(mask.sum()) == len(engine) and mask[: len(engine)].all()
        listed = game_env.legal_actions()
        assert sorted(repr(a.to_dict()) for a in listed) == sorted(
            repr(a.to_dict()) for a in engine
        )
        assert listed == canonical(engine)
        for other in game_env.agents:
            if other != agent:
                other_mask = game_env.observe(other)["action_mask"]
                other_legal = game_env.game.legal_actions(game_env.seat_of(other))
                assert int(other_mask.sum()) == len(other_legal)
        index = chooser.randrange(len(engine))
        expected = listed[index]
        game_env.step(index)
        decisions = [r.action for r in game_env.game.log if not r.auto]
        assert decisions[-1] == expected
        steps += 1
    assert steps > 0


@pytest.mark.parametrize("name", ["hunan", "duzihu", "yaodiren", "daer"])
def test_a_masked_out_action_raises_and_changes_nothing(name: str) -> None:
    game_env = raw_env(name)
    game_env.reset(seed=2)
    before = game_env.game.copy()
    legal = len(game_env.legal_actions())
    for bad in (legal, game_env.encoder.max_actions - 1, -1, 1.5, None):
        with pytest.raises(IllegalActionError):
            game_env.step(bad)  # type: ignore[arg-type]
    assert game_env.game == before
    assert not any(game_env.terminations.values())


@pytest.mark.parametrize("name", NAMES)
def test_rewards_are_the_payments(name: str) -> None:
    """Each agent's reward is its seat's net from result.payments (0 for a hand without a
    winner); several hands so that wins and draws both occur."""
    winners = 0
    for seed in range(12):
        game_env = raw_env(name)
        chooser = random.Random(seed)
        total: dict[str, float] = dict.fromkeys(game_env.possible_agents, 0.0)
        game_env.reset(seed=seed)
        for agent in game_env.agent_iter():
            _obs, reward, terminated, _truncated, _info = game_env.last()
            total[agent] += reward
            if terminated:
                game_env.step(None)
            else:
                legal = game_env.legal_actions()
                game_env.step(chooser.randrange(len(legal)))
        result = game_env.game.result
        net: dict[int, int] = {}
        for payment in result.payments:
            net[payment.payee] = net.get(payment.payee, 0) + payment.amount
            net[payment.payer] = net.get(payment.payer, 0) - payment.amount
        for agent, seat in zip(game_env.possible_agents, game_env.seats, strict=True):
            assert total[agent] == net.get(seat, 0)
        if result.winner is None:
            assert all(value == 0 for value in total.values())
        else:
            winners += 1
            assert total[game_env.agent_of(result.winner)] > 0
    assert game_env.agents == []


def test_agents_are_the_playing_seats() -> None:
    """哈哈: with dealer 0 the seat opposite sits out (zipai.md), so there is no player_2."""
    assert raw_env("haha").possible_agents == ["player_0", "player_1", "player_3"]
    assert raw_env("duzihu", dealer=2).possible_agents == ["player_2", "player_3", "player_0"]
    assert raw_env("yaodiren", players=3).possible_agents == ["player_0", "player_1", "player_2"]


def test_the_observation_reads_the_view() -> None:
    game_env = raw_env("yaodiren")
    game_env.reset(seed=4)
    chooser = random.Random(4)
    layout = game_env.encoder.layout
    for _ in range(40):
        agent = game_env.agent_selection
        if game_env.terminations[agent]:
            break
        seat = game_env.seat_of(agent)
        view = game_env.game.view(seat)
        obs = game_env.observe(agent)["observation"]
        assert obs[layout["hand"]].sum() == len(view.hand)
        assert obs[layout["stock_size"]][0] == view.stock_size
        n = len(game_env.seats)
        me = game_env.seats.index(seat)
        for seat_view in view.seats:
            p = (game_env.seats.index(seat_view.seat) - me) % n
            assert obs[layout[f"hand_size_{p}"]][0] == seat_view.hand_size
            assert obs[layout[f"discards_{p}"]].sum() == len(seat_view.discards)
            assert obs[layout[f"melds_{p}"]].sum() == sum(len(m.cards) for m in seat_view.melds)
            assert obs[layout[f"hidden_{p}"]][0] == sum(m.hidden for m in seat_view.melds)
        assert obs[layout["to_act"]][0] == 1
        game_env.step(chooser.randrange(len(game_env.legal_actions())))


@pytest.mark.parametrize("name", ["hunan", "duzihu", "daer", "yaodiren", "xiaogan"])
def test_the_observation_says_who_offered_the_card(name: str) -> None:
    """docs/rl.md (`offered_by`, `turned`): the view's facts `offered by` (by position from the
    viewer) and `turned` reach the observation — a discard's seat decides who pays for a win on
    it and who may 吃 it (review h53: the encoder read only the cards of the facts)."""
    game_env = raw_env(name)
    game_env.reset(seed=2)
    chooser = random.Random(2)
    layout, seen = game_env.encoder.layout, 0
    for _ in range(300):
        agent = game_env.agent_selection
        if game_env.terminations[agent] or game_env.truncations[agent]:
            break
        seat = game_env.seat_of(agent)
        view = game_env.game.view(seat)
        obs = game_env.observe(agent)["observation"]
        by = view.fact("offered by")
        if by is None:
            assert obs[layout["offered_by"]].sum() == 0
        else:
            me, n = game_env.seats.index(seat), len(game_env.seats)
            assert obs[layout["offered_by"]].argmax() == (game_env.seats.index(by) - me) % n
            assert obs[layout["offered_by"]].sum() == 1
            seen += 1
        assert obs[layout["turned"]][0] == (view.fact("turned") is True)
        game_env.step(chooser.randrange(len(game_env.legal_actions())))
    assert seen


def test_bad_arguments_raise_rules_errors() -> None:
    with pytest.raises(RulesError, match="unknown variant"):
        raw_env("no such game")
    with pytest.raises(RulesError):
        raw_env("hunan", dealer=3)
    with pytest.raises(RulesError, match="render_mode"):
        raw_env("hunan", render_mode="rgb_array")
    with pytest.raises(RulesError, match="does not play"):
        raw_env("haha").seat_of("player_2")
    with pytest.raises(RulesError, match="reset"):
        raw_env("hunan").legal_actions()
    with pytest.raises(RulesError, match="max_actions"):
        raw_env("hunan", max_actions=0)


def test_too_small_an_action_space_is_a_clear_error() -> None:
    game_env = raw_env("hunan", max_actions=3)
    with pytest.raises(
        RulesError, match=r"legal actions but the action space holds 3; pass a larger max_actions="
    ):
        game_env.reset(seed=1)
        game_env.observe(game_env.agent_selection)


def test_action_features_option() -> None:
    game_env = raw_env("daer", action_features=True)
    game_env.reset(seed=1)
    obs = game_env.observe(game_env.agent_selection)
    assert obs["action_features"].shape == (64, game_env.encoder.feature_size)
    assert game_env.observation_space(game_env.agent_selection).contains(obs)


def test_render_and_repr() -> None:
    game_env = raw_env("daer", render_mode="ansi")
    game_env.reset(seed=1)
    text = game_env.render()
    assert text is not None and text.startswith("seat 0 sees")
    assert repr(game_env) == "<ChangpaiEnv daer seats=(0, 1, 2, 3)>"
    assert str(game_env) == "changpai_daer_v0"
    assert raw_env("daer").render() is None


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    game_env = raw_env("hunan", render_mode="human")
    game_env.reset(seed=1)
    game_env.step(0)
    assert "sees 跑胡子" in capsys.readouterr().out


def test_variant_objects_and_aliases() -> None:
    assert raw_env(changpai.variant("跑胡子")).variant.name == "hunan"
    assert raw_env("跑胡子").metadata["name"] == "changpai_hunan_v0"


# ---------------------------------------------------------------- review mends (s19)

INDEX_FORMS = [np.array(0), np.int64(0), np.uint8(0), np.array(0, dtype=np.int32)]
NOT_INDICES = [
    np.array(0.0),
    np.float64(0.0),
    0.0,
    True,
    np.bool_(False),
    np.array(True),
    np.array([0]),
    np.array([[0]]),
    "0",
]


@pytest.mark.parametrize("form", INDEX_FORMS, ids=repr)
def test_integer_arrays_of_shape_nothing_are_their_int(form: Any) -> None:
    """A 0-d integer array (SB3's model.predict) and a numpy integer act as their int, in the
    bare and the wrapped environment; they were refused as "not legal … (0..14)"."""
    by_int, by_form = raw_env("hunan"), raw_env("hunan")
    by_int.reset(seed=1)
    by_form.reset(seed=1)
    assert by_form.action(form) == by_int.action(0)
    by_int.step(0)
    by_form.step(form)
    assert by_form.game == by_int.game
    wrapped = env("hunan")
    wrapped.reset(seed=1)
    wrapped.step(form)
    assert wrapped.unwrapped.game == by_int.game


@pytest.mark.parametrize("bad", NOT_INDICES, ids=repr)
def test_an_action_that_is_no_index_raises_and_changes_nothing(bad: Any) -> None:
    game_env = raw_env("hunan")
    game_env.reset(seed=1)
    before = game_env.game.copy()
    agent = game_env.agent_selection
    with pytest.raises(
        IllegalActionError,
        match=r"is not an action index for player_0: expected an int, a numpy integer or an "
        r"integer array of shape \(\) \(0\.\.14 now\)",
    ):
        game_env.step(bad)
    assert game_env.game == before and game_env.agent_selection == agent


def test_an_out_of_range_numpy_index_names_its_int() -> None:
    game_env = raw_env("hunan")
    game_env.reset(seed=1)
    with pytest.raises(
        IllegalActionError, match=r"^action 20 is not legal for player_0: it has 15"
    ):
        game_env.step(np.array(20))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (
            np.int64(5),
            r"seed=np\.int64\(5\) is not a whole number \(or None\) \(int64 is not int: convert it",
        ),
        (1.5, r"seed=1\.5 is not a whole number \(or None\)$"),
        ("1", r"seed='1' is not a whole number"),
        (True, r"seed=True is not a whole number"),
    ],
    ids=repr,
)
def test_a_bad_seed_raises_and_changes_nothing(seed: Any, message: str) -> None:
    """reset(seed=np.int64(5)) was a raw TypeError from random.Random; reset(seed=1.5) replaced
    the generator of the later resets before it failed."""
    game_env, twin = raw_env("hunan"), raw_env("hunan")
    game_env.reset(seed=3)
    twin.reset(seed=3)
    game_env.step(0)
    before = game_env.game.copy()
    with pytest.raises(RulesError, match=message):
        game_env.reset(seed=seed)
    assert game_env.game == before
    game_env.reset()
    twin.reset()
    assert game_env.game == twin.game


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"max_actions": 1.5}, r"max_actions=1\.5 is not an integer from 1 to 4096"),
        ({"max_actions": True}, r"max_actions=True is not an integer from 1 to 4096"),
        ({"max_actions": "64"}, r"max_actions='64' is not an integer from 1 to 4096"),
        ({"max_actions": 10**12}, r"max_actions=1000000000000 is not an integer from 1 to 4096"),
        ({"max_actions": 0}, r"max_actions=0 is not an integer from 1 to 4096"),
        (
            {"max_actions": np.int64(64)},
            r"max_actions=np\.int64\(64\) .*int64 is not int: convert it with int\(\)",
        ),
        ({"action_features": 1}, r"action_features=1 is not True or False"),
        ({"action_features": None}, r"action_features=None is not True or False"),
    ],
    ids=repr,
)
def test_environment_keywords_are_checked(keywords: dict[str, Any], message: str) -> None:
    """They were a raw TypeError (1.5, True, "64"), a MemoryError (10**12) or accepted (1)."""
    with pytest.raises(RulesError, match=message):
        raw_env("hunan", **keywords)


def test_the_largest_action_space_is_taken() -> None:
    game_env = raw_env("hunan", max_actions=4096, action_features=True)
    game_env.reset(seed=1)
    obs = game_env.observe(game_env.agent_selection)
    assert obs["action_mask"].shape == (4096,)
    assert game_env.observation_space(game_env.agent_selection).contains(obs)


@pytest.mark.parametrize("action", [1.0, 999, -1, "0"])
def test_the_wrapped_env_refuses_a_bad_action_with_the_library_error(action: object) -> None:
    """docs/rl.md: an index outside the mask, or no index at all, raises IllegalActionError —
    in `env()` too (PettingZoo's bounds wrapper made it a bare AssertionError)."""
    game_env = env("hunan")
    game_env.reset(seed=1)
    before = game_env.unwrapped.game.to_json()
    with pytest.raises(changpai.IllegalActionError):
        game_env.step(action)  # type: ignore[arg-type]
    assert game_env.unwrapped.game.to_json() == before


def test_too_small_an_action_space_is_refused_every_time() -> None:
    """The max_actions check raised once, then the next step applied an index outside the
    space (it kept the unchecked actions)."""
    small = raw_env("hunan", max_actions=2)
    small.reset(seed=0)
    before = small.game.to_json()
    for index in (0, 5):
        with pytest.raises(changpai.RulesError, match="max_actions"):
            small.step(index)
    assert small.game.to_json() == before


def test_calls_before_reset_say_reset() -> None:
    fresh = raw_env("hunan")
    with pytest.raises(changpai.RulesError, match=r"reset\(\) the environment before step"):
        fresh.step(0)
    with pytest.raises(changpai.RulesError, match=r"reset\(\) the environment before observe"):
        fresh.observe("player_0")


def test_a_finished_agent_steps_with_none_only() -> None:
    """docs/rl.md: an action that is no legal index raises the environment's own
    IllegalActionError — a finished agent's too (PettingZoo raised a plain ValueError, review
    h96); the environment stays usable."""
    wrapped = env("hunan")
    wrapped.reset(seed=2)
    agent = ""
    for selected in wrapped.agent_iter():
        observation, _, terminated, _, _ = wrapped.last()
        if terminated:
            agent = selected
            break
        wrapped.step(int(np.flatnonzero(observation["action_mask"])[0]))
    with pytest.raises(IllegalActionError, match=f"{agent} has finished: it steps with None"):
        wrapped.step(0)
    assert agent in wrapped.agents
    wrapped.step(None)
    assert agent not in wrapped.agents


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda e: e.seat_of([]), RulesError, "agent \\[\\] does not play here"),
        (lambda e: e.observe(["player_0"]), RulesError, "does not play here"),
        (lambda e: e.legal_actions([]), RulesError, "does not play here"),
        (lambda e: e.action(0, agent=[]), RulesError, "does not play here"),
        (lambda e: e.action(0, agent="player_1"), IllegalActionError, "no legal action now"),
        (lambda e: canonical(None), changpai.NotationError, "actions=None"),
        (lambda e: canonical([1, 2]), changpai.NotationError, "actions=\\[1, 2\\]"),
    ],
)
def test_bad_agents_and_actions_are_named(call: Any, error: type, message: str) -> None:
    """Plain TypeError / AttributeError escaped these calls (review h96)."""
    ready = raw_env("hunan")
    ready.reset(seed=1)
    with pytest.raises(error, match=message):
        call(ready)


def test_last_needs_an_agent() -> None:
    """``last()`` before a reset, or once every agent stepped out, raised AttributeError /
    KeyError from PettingZoo's base class (review h96)."""
    fresh = raw_env("hunan")
    with pytest.raises(RulesError, match=r"reset\(\) the environment before last"):
        fresh.last()
    _play_out(fresh)
    with pytest.raises(RulesError, match="every agent has stepped out"):
        fresh.last()
    with pytest.raises(RulesError, match="every agent has stepped out"):
        fresh.step(None)  # (a KeyError, review h101)
    wrapped = env("hunan")  # (the wrapper's own last() raised a KeyError, review h101)
    with pytest.raises(RulesError, match=r"reset\(\) the environment before last"):
        wrapped.last()  # (an AttributeError, review h102)
    _play_out(wrapped)
    with pytest.raises(RulesError, match="every agent has stepped out"):
        wrapped.last()
    with pytest.raises(RulesError, match="every agent has stepped out"):
        wrapped.step(0)  # (PettingZoo warned and dropped it, review h102)


def _play_out(game_env: Any) -> None:
    """Reset ``game_env`` (seed 2) and play the hand out, every agent stepping out at its end."""
    game_env.reset(seed=2)
    for _agent in game_env.agent_iter():
        observation, _, terminated, _, _ = game_env.last()
        game_env.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
