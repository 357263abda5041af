"""One public face across the families (DESIGN "one public face"): every family exports the
shared values it returns (``HandSummary``, ``SeatView``, ``SeenMeld``, ``GameView``; the same
class objects as ``changpai.core``), and every ``random_game`` has the same defaults."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import pytest

from changpai import chuanpai, core, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai

# ---------------------------------------------------------------- 4. exports, random_game


FAMILIES = [zipai, daer, chuanpai, chuopai, nantong, xiaogan]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name", ["HandSummary", "SeatView", "SeenMeld", "GameView"])
def test_every_family_exports_the_shared_values(family: Any, name: str) -> None:
    assert getattr(family, name) is getattr(core, name)
    assert name in family.__all__


def test_every_family_returns_the_exported_values() -> None:
    for family in FAMILIES:
        game = family.random_game(seed=3)
        view = game.view(0)
        assert isinstance(view, family.GameView)
        assert all(isinstance(s, family.SeatView) for s in view.seats)
        assert all(isinstance(m, family.SeenMeld) for s in view.seats for m in s.melds)
        match = family.Match(seed=3)
        match.play(1)
        assert isinstance(match.hands[0], family.HandSummary)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_random_game_has_the_same_defaults(family: Any) -> None:
    params = inspect.signature(family.random_game).parameters
    assert params["rules"].default is not inspect.Parameter.empty
    assert params["seed"].default is None
    assert params["dealer"].default == 0


def test_daer_random_game_defaults() -> None:
    assert daer.random_game(seed=4) == daer.random_game(daer.DAER, 4)
    assert daer.random_game().is_over


# ---------------------------------------------------------------- the analysis functions' names

ANALYSED = [zipai, daer, chuanpai, nantong, xiaogan]


@pytest.mark.parametrize("family", ANALYSED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name", ["best_decomposition", "decompositions", "waits", "analyze"])
def test_the_analysis_functions_name_their_arguments_alike(family: Any, name: str) -> None:
    """docs/core-concepts.md "Hand analysis and scoring" (review h24): the hand is ``concealed``
    (``hand`` for ``analyze``), then ``exposed``, and ``rules`` may be given by keyword, in
    every family — a keyword call works the same whichever family it is made in (字牌's
    ``rules`` may also come third, as since 0.1.0)."""
    parameters = inspect.signature(getattr(family, name)).parameters
    first = "hand" if name == "analyze" else "concealed"
    assert list(parameters)[:2] == [first, "exposed"]
    keyword = (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    assert parameters["rules"].kind in keyword


def test_every_game_names_its_action_class() -> None:
    """docs/core-concepts.md (Actions): every `Game` class names its family's `Action` class as
    `action_class`, which reads the JSON of `action.to_dict()` back (examples/table_server.py)."""
    import changpai

    for entry in changpai.variants():
        game = entry.game(seed=1)
        assert type(game).action_class is entry.module.Action, entry.name
        action = game.legal_actions(game.to_act[0])[0]
        assert type(game).action_class.from_dict(action.to_dict()) == action


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_every_rules_names_its_added_and_retired_options(family: Any) -> None:
    """docs/core-concepts.md (Rules): every family's `Rules` has `ADDED_OPTIONS` (an added
    option -> the behaviour of documents without it) and `RETIRED_OPTIONS`, empty where there
    are none (review h50: three families had no such attribute); an added option is a field,
    and `from_dict` of a dict without it reads that behaviour."""
    import attrs

    rules = family.Rules
    names = {f.name for f in attrs.fields(rules)}
    assert isinstance(rules.ADDED_OPTIONS, Mapping) and isinstance(rules.RETIRED_OPTIONS, Mapping)
    assert set(rules.ADDED_OPTIONS) <= names
    assert not set(rules.RETIRED_OPTIONS) & names
    for name, then in rules.ADDED_OPTIONS.items():
        data = rules().to_dict()
        del data[name]
        assert getattr(rules.from_dict(data), name) == then
