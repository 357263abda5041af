"""Whole numbers Python cannot write, and numbers beyond what a document keeps (issue 12, typed
errors for huge inputs; docs/core-concepts.md "Errors"): a number of over 4,300 digits named in
a message raised Python's ValueError, and a rules option or 字牌 ``huangfan`` of any size was
taken and made ``to_json`` raise it."""

from __future__ import annotations

import enum
import json

import attrs
import pytest
from fuzz_targets import families

from changpai import chuanpai, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.guard import NUMBER_MAX
from changpai.core.multiset import Counts
from changpai.errors import ChangpaiError, IllegalActionError, RulesError

HUGE = 10**5000  # (str() of it raises ValueError)


def _int_options() -> list[tuple[str, str]]:
    return [
        (module.__name__.rsplit(".", 1)[-1], option.name)
        for module in families()
        for option in attrs.fields(module.Rules)
        if type(getattr(module.Rules(), option.name)) is int
    ]


def _module(family: str):  # type: ignore[no-untyped-def]
    return {m.__name__.rsplit(".", 1)[-1]: m for m in families()}[family]


@pytest.mark.parametrize(("family", "option"), _int_options())
@pytest.mark.parametrize(
    "number",
    [HUGE, -HUGE, NUMBER_MAX + 1, -NUMBER_MAX - 1],
    ids=["huge", "-huge", "2**53", "-2**53"],
)
def test_every_whole_number_option_is_bounded(family: str, option: str, number: int) -> None:
    with pytest.raises(RulesError, match=f"^{option}="):
        _module(family).Rules(**{option: number})


def test_the_bound_is_the_largest_number_every_json_reader_keeps() -> None:
    assert NUMBER_MAX == 2**53 - 1
    rules = zipai.HUNAN.evolve(min_huxi=NUMBER_MAX)
    assert zipai.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    with pytest.raises(RulesError, match=r"min_huxi=9007199254740992 is beyond ±9,007,199,"):
        zipai.HUNAN.evolve(min_huxi=NUMBER_MAX + 1)


def test_a_number_inside_an_option_is_bounded() -> None:
    with pytest.raises(RulesError, match=r"^wenqian_values item=<a whole number of 16610 bits>"):
        nantong.DUZIHU.evolve(wenqian_values=(20, 50, 100, HUGE))


def test_a_rules_dict_with_a_huge_key_names_it() -> None:
    with pytest.raises(RulesError, match=r"^<a whole number of 16610 bits> is not an option"):
        zipai.Rules.from_dict({HUGE: 1})


def test_huangfan_is_bounded_and_kept_plain() -> None:
    with pytest.raises(RulesError, match=r"^huangfan=<a whole number of 16610 bits>: the number"):
        zipai.Game(seed=1, huangfan=-HUGE)
    with pytest.raises(RulesError, match=r"^huangfan=9007199254740992 is beyond"):
        zipai.Game(seed=1, huangfan=NUMBER_MAX + 1)

    class Streak(enum.IntEnum):
        TWO = 2

    game = zipai.Game(seed=1, huangfan=Streak.TWO)
    assert type(game.huangfan) is int
    assert zipai.Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    "call",
    [
        lambda: chuanpai.analyze([HUGE]),
        lambda: xiaogan.analyze([HUGE]),
        lambda: nantong.is_laojiang(HUGE),
        lambda: zipai.chi_options([HUGE], zipai.Card("x1")),
        lambda: chuopai.Game(seed=1).apply(HUGE),
        lambda: Counts.from_indices([HUGE], size=3),
        lambda: xiaogan.Game(seed=1, rules=HUGE),
    ],
    ids=[
        "chuanpai.analyze",
        "xiaogan.analyze",
        "is_laojiang",
        "chi_options",
        "chuopai.apply",
        "Counts.from_indices",
        "xiaogan.Game",
    ],
)
def test_a_huge_number_in_the_input_is_named_by_its_size(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ChangpaiError, match="<a whole number of 16610 bits>"):
        call()


@pytest.mark.parametrize(
    ("facts", "error"),
    [
        ({"winner": HUGE}, IllegalActionError),
        ({"winner": 2**60}, IllegalActionError),  # (a seat not at the table, however large)
        ({"winner": 0, "discarder": HUGE, "self_drawn": False}, IllegalActionError),
        ({"winner": 0, "shuxin_seat": HUGE}, IllegalActionError),
        ({"winner": 0, "huangfan": 2**60}, RulesError),
    ],
    ids=["winner", "winner-2**60", "discarder", "shuxin_seat", "huangfan"],
)
def test_a_win_names_a_huge_seat_or_count(facts: dict[str, int], error: type[Exception]) -> None:
    reading = zipai.best_decomposition(
        "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d4 d5 d6 d7 d8 d9 x10 x10 x10", rules=zipai.HUNAN
    )
    with pytest.raises(
        error, match=f"^{next(iter(facts)) if len(facts) == 1 else list(facts)[1]}="
    ):
        zipai.Win(reading, players=3, **facts)
