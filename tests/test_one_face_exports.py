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
from changpai.errors import ChangpaiError

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
    every family — by keyword only (字牌's could also come third until review h99: a call that
    worked in 字牌 failed in the other five)."""
    parameters = inspect.signature(getattr(family, name)).parameters
    first = "hand" if name == "analyze" else "concealed"
    assert list(parameters)[:2] == [first, "exposed"]
    assert parameters["rules"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError):
        getattr(family, name)(family.DECK[:1], (), family.Rules())


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


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_stack_deck_reads_hands_alike_in_every_family(family: Any) -> None:
    """core-concepts: `stack_deck(rules, *, hands={seat: cards}, …)` with the same signature
    everywhere — `hands` None is no hands and a sequence is read as seats 0, 1, … in every
    family (review h69: None was refused by 孝感 and 川牌, a sequence by the other four), a
    set or text is refused."""
    first = family.Game(seed=1).hand(0)[:3]
    assert family.stack_deck(hands=None) == family.stack_deck()
    assert family.stack_deck(hands=[first]) == family.stack_deck(hands={0: first})
    for bad in ({first}, "x1 x2"):
        with pytest.raises(ChangpaiError):
            family.stack_deck(hands=bad)


# an action of each family with its own cards (an Action's ``cards``): kind, card codes
ACTIONS_WITH_CARDS = [
    (daer, "CHI", ("x4", "x5")),
    (chuopai, "LEAD", ("66", "45")),
    (xiaogan, "CLAIM", ("A1", "A2")),
    (chuanpai, "CLAIM", ("44", "44")),
]


def _name_of(value: object) -> str:
    return getattr(value, "__name__", str(value))


@pytest.mark.parametrize(("family", "kind", "codes"), ACTIONS_WITH_CARDS, ids=_name_of)
def test_an_actions_cards_are_read_alike_in_every_family(
    family: Any, kind: str, codes: tuple[str, ...]
) -> None:
    """core-concepts: an action's cards may be given as Cards, as their texts or as one text,
    with the same answer in every family (review h69: 大貳 refused one text, 孝感 and 川牌 a
    list of texts, 戳牌 took both); a set or an item of another type is refused."""
    cards = tuple(family.Card.parse(code) for code in codes)
    made = family.Action(0, family.ActionKind[kind], cards=cards)
    assert family.Action(0, family.ActionKind[kind], cards=list(codes)) == made
    assert family.Action(0, family.ActionKind[kind], cards=" ".join(codes)) == made
    for bad in (set(cards), (5,), 5, (None, *codes), b"x"):  # (None dropped by 大貳: h71)
        with pytest.raises(ChangpaiError):
            family.Action(0, family.ActionKind[kind], cards=bad)


@pytest.mark.parametrize(("family", "kind", "codes"), ACTIONS_WITH_CARDS, ids=_name_of)
def test_action_from_dict_reads_alike_in_every_family(
    family: Any, kind: str, codes: tuple[str, ...]
) -> None:
    """`Action.from_dict` answers alike (review h69): the kind may be the family's own member
    (字牌, 南通 and 大貳 took it, the others refused it), `cards` a list or a tuple of codes or
    null (none); another family's kind member is refused."""
    action = family.Action(0, family.ActionKind[kind], cards=codes)
    data = action.to_dict()
    assert family.Action.from_dict({**data, "kind": action.kind}) == action
    assert family.Action.from_dict({**data, "cards": tuple(data["cards"])}) == action
    assert family.Action.from_dict({**data, "cards": None}).cards == ()
    with pytest.raises(ChangpaiError):
        family.Action.from_dict({**data, "kind": zipai.ActionKind.PASS})


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.__name__)
def test_a_seed_beside_a_deck_shuffles_nothing_and_is_kept(family: Any) -> None:
    """core-concepts (Game): with a `deck` the seed shuffles nothing; it is kept as given, in
    `game.seed` and the document (review h69 asked that this be said)."""
    game = family.Game(seed=3, deck=family.Game(seed=4).deck)
    assert game == family.Game(seed=4) and game.seed == 3
    assert family.Game.from_json(game.to_json()).seed == 3
