"""Type hints a typed user relies on (a review ran user programs under ``mypy --strict``):
``Variant.game`` is a ``GameBase``, a ``Match`` keeps its family's rules type and ``play``
returns the family's own match, and every family's ``Game.apply`` and ``rules`` name the
family's ``Action`` and ``Rules``. (Checked on the annotations: a mypy run is too slow here.)"""

from __future__ import annotations

import typing

import pytest

import changpai
from changpai.core import GameBase
from changpai.core.match import Match as MatchBase

FAMILIES = sorted({v.family for v in changpai.variants()})


def test_a_variant_makes_a_typed_game() -> None:
    # (GameBase is imported for type checkers only: variant.py must not import the engine)
    hints = typing.get_type_hints(changpai.Variant.game, localns={"GameBase": GameBase})
    assert hints["return"] is GameBase


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_game_takes_its_own_actions_and_rules(family: str) -> None:
    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family == family)
    ).module
    game = module.Game
    turn_claim = [b for b in getattr(game, "__orig_bases__", ()) if typing.get_args(b)]
    if turn_claim:  # (川牌, 孝感: the shared turn/claim engine, generic in them)
        (base,) = turn_claim
        assert {module.Action, module.Rules} <= set(typing.get_args(base))
        return
    assert typing.get_type_hints(game.apply)["action"] is module.Action
    assert typing.get_type_hints(game)["rules"] is module.Rules


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_match_is_generic_in_its_game_and_rules(family: str) -> None:
    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family == family)
    ).module
    (base,) = [b for b in module.Match.__orig_bases__ if typing.get_origin(b) is MatchBase]
    assert typing.get_args(base) == (module.Game, module.Rules)
    # play returns the match it was called on (typed by a bound TypeVar: the subclass)
    returned = typing.get_type_hints(MatchBase.play)["return"]
    assert isinstance(returned, typing.TypeVar) and returned.__bound__ is not None
    match = module.Match(seed=1, dealer=0)
    assert type(match.play(1)) is module.Match


def test_simulate_names_its_backends_for_a_type_checker() -> None:
    from changpai.core import Backend, simulate
    from changpai.core.playout import BACKENDS

    assert typing.get_args(Backend) == BACKENDS == ("processes", "ray")
    assert typing.get_type_hints(simulate)["backend"] == Backend
    for family in FAMILIES:
        module = changpai.variant(
            next(v.name for v in changpai.variants() if v.family == family)
        ).module
        assert typing.get_type_hints(module.simulate)["backend"] == Backend, family


@pytest.mark.skipif(not hasattr(typing, "get_overloads"), reason="typing.get_overloads: 3.11+")
def test_zipai_score_lists_every_fact_of_a_win_for_a_type_checker() -> None:
    """zipai.md §8: ``score(decomposition, **facts)`` takes the fields of ``Win`` as keywords;
    the overloads name them (a typo such as ``dsicarder=1`` is then caught before run time),
    and a ``Win`` takes only ``rules``."""
    import inspect

    import attrs

    from changpai import zipai

    on_win, on_reading = typing.get_overloads(zipai.score)
    facts = {f.name for f in attrs.fields(zipai.Win)} - {"decomposition"}
    assert set(inspect.signature(on_reading).parameters) == {"hand", "rules", *facts}
    assert set(inspect.signature(on_win).parameters) == {"hand", "rules"}


@pytest.mark.skipif(not hasattr(typing, "get_overloads"), reason="typing.get_overloads: 3.11+")
def test_nantong_score_lists_every_fact_of_a_win_for_a_type_checker() -> None:
    """nantong.md §7: ``score(cards or decomposition, **facts)`` takes the fields of ``Win``
    as keywords (the seat as ``winner``, and ``players``); the overloads name them, and a
    ``Win`` takes only ``rules``."""
    import inspect

    import attrs

    from changpai import nantong

    on_win, on_reading = typing.get_overloads(nantong.score)
    facts = {f.name for f in attrs.fields(nantong.Win)} - {"concealed", "seat"}
    assert set(inspect.signature(on_reading).parameters) == {
        "win",
        "rules",
        "winner",
        "players",
        *facts,
    }
    assert set(inspect.signature(on_win).parameters) == {"win", "rules"}


@pytest.mark.parametrize("family", FAMILIES)
def test_a_view_names_its_family_cards_and_actions(family: str) -> None:
    """docs/core-concepts.md (views): ``game.view(seat)`` is a ``GameView[Card, Action]`` of the
    family, so ``view.hand``, ``view.offered`` and ``view.legal_actions`` are typed."""
    from changpai.core.view import GameView

    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family == family)
    ).module
    game = module.Game
    turn_claim = [b for b in getattr(game, "__orig_bases__", ()) if typing.get_args(b)]
    if turn_claim:  # (川牌, 孝感: the shared engine's view is GameView[C, A] of its type args)
        (base,) = turn_claim
        assert {module.Card, module.Action} <= set(typing.get_args(base))
        returned = typing.get_type_hints(typing.get_origin(base).view)["return"]
        assert typing.get_origin(returned) is GameView
        assert [a.__name__ for a in typing.get_args(returned)] == ["C", "A"]
        return
    returned = typing.get_type_hints(game.view)["return"]
    assert returned == GameView[module.Card, module.Action]


def test_the_view_class_hints_resolve_at_run_time() -> None:
    """Tools that read type hints at run time (attrs.resolve_types, cattrs, autodoc) can read
    ``GameView``'s: every name its annotations use is importable."""
    from changpai.core import GameResult
    from changpai.core.view import GameView

    hints = typing.get_type_hints(GameView)
    assert hints["result"] == GameResult | None


def test_the_one_face_game_names_its_result_view_and_records() -> None:
    """A game reached through the registry (``Variant.game``, ``game_from_json``) is a
    ``GameBase``, whose ``result``, ``view``, ``log`` and ``apply`` were ``Any``: a typed user's
    typo passed ``mypy --strict`` (review h104)."""
    from changpai.core.records import ActionRecord, GameResult
    from changpai.core.view import GameView

    def returned(member: object) -> object:
        function = member.fget if isinstance(member, property) else member
        return typing.get_type_hints(function)["return"]

    assert returned(GameBase.result) == GameResult | None
    assert returned(GameBase.view) == GameView[typing.Any, typing.Any]
    assert returned(GameBase.log) == tuple[ActionRecord[typing.Any], ...]
    assert returned(GameBase.apply) == ActionRecord[typing.Any]


@pytest.mark.parametrize(
    ("family", "name", "kind"),
    [("zipai", "streak", int), ("zipai", "huangfan", int), ("daer", "streak", int),
     ("chuanpai", "players", int), ("xiaogan", "players", int), ("chuopai", "strict", bool)],
)  # fmt: skip
def test_a_match_names_the_type_of_its_carried_state_and_options(
    family: str, name: str, kind: type
) -> None:
    """The properties every hand of a match carries (``streak``) or is dealt with
    (``players``) were ``Any`` to a type checker (review h104)."""
    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family.endswith(family))
    ).module
    assert typing.get_type_hints(module.Match)[name] is kind
    assert type(getattr(module.Match(seed=1), name)) is kind


@pytest.mark.parametrize("family", FAMILIES)
def test_documents_load_from_text_or_bytes_as_annotated(family: str) -> None:
    """``Game.from_json`` / ``Match.from_json`` read bytes (UTF-8) as ``game_from_json`` does,
    but were annotated ``text: str`` (review h104)."""
    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family == family)
    ).module
    for cls in (module.Game, module.Match):
        assert typing.get_type_hints(cls.from_json)["text"] == str | bytes
    game = module.Game(seed=2)
    assert module.Game.from_json(game.to_json().encode()) == game
    match = module.Match(seed=2).play(1)
    assert module.Match.from_json(match.to_json().encode()).to_dict() == match.to_dict()


@pytest.mark.parametrize("family", FAMILIES)
def test_dir_of_a_family_shows_its_public_names(family: str) -> None:
    """``dir(zipai)`` showed ``caches``, ``Variant`` and ``annotations`` (the modules and
    helpers the package imports) as if they were API; 川牌 did not (review h104)."""
    module = changpai.variant(
        next(v.name for v in changpai.variants() if v.family == family)
    ).module
    extra = {"chuopai"} if family == "chuanpai" else set()
    assert set(dir(module)) == set(module.__all__) | extra


def _whole_number_fields() -> list[tuple[str, type, str]]:
    import attrs

    from changpai.core.records import GameResult
    from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet

    classes: list[type] = [GameResult, Payment, ScoreLine, ScoreSheet]
    for family in FAMILIES:
        module = changpai.variant(
            next(v.name for v in changpai.variants() if v.family == family)
        ).module
        classes += [module.Action, module.Win]
    return [
        (
            cls.__qualname__
            if cls.__module__.startswith("changpai.core")
            else f"{cls.__module__}.{cls.__qualname__}",
            cls,
            f.name,
        )
        for cls in classes
        for f in attrs.fields(cls)
        if f.converter is not None and typing.get_type_hints(cls)[f.name] in (int, int | None)
    ]


@pytest.mark.parametrize(("name", "cls", "field"), _whole_number_fields())
def test_a_whole_number_field_is_typed_as_the_constructor_takes_it(
    name: str, cls: type, field: str
) -> None:
    """The seats, winners and amounts of actions, wins, results and score sheets: their attrs
    converter took ``Any``, so a type checker saw ``Action(seat: Any, …)`` and let
    ``Action("0", …)`` pass (review h104); it now sees the field's own type."""
    taken = typing.get_type_hints(cls.__init__)[field]
    assert taken == typing.get_type_hints(cls)[field], name


def test_every_public_attrs_class_has_constructor_hints_that_resolve() -> None:
    """``typing.get_type_hints`` of every public attrs class's ``__init__`` resolves (typeguard,
    cattrs and the like call it): a converter's annotation is copied there and read in the
    class's module, which must know its names (孝感's ``Win`` did not know ``Iterable``)."""
    import inspect

    import attrs

    modules = [v.module for v in changpai.variants()] + [changpai.core]
    classes = {
        obj
        for module in modules
        for obj in (getattr(module, name) for name in module.__all__)
        if inspect.isclass(obj) and attrs.has(obj)
    }
    assert len(classes) > 40
    for cls in classes:
        typing.get_type_hints(cls.__init__)  # (raised NameError)
