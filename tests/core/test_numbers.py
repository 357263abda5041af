"""Whole numbers Python cannot write, and numbers beyond what a document keeps (issue 12, typed
errors for huge inputs; docs/core-concepts.md "Errors"): a number of over 4,300 digits named in
a message raised Python's ValueError, and a rules option or 字牌 ``huangfan`` of any size was
taken and made ``to_json`` raise it."""

from __future__ import annotations

import enum
import json

import pytest
from fuzz_targets import family_module, rules_options

from changpai import chuanpai, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.guard import NUMBER_MAX
from changpai.core.multiset import Counts
from changpai.core.records import GameResult
from changpai.core.scoresheet import Payment, ScoreLine
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

HUGE = 10**5000  # (str() of it raises ValueError)


@pytest.mark.parametrize(
    ("family", "option"), [(f, o) for f, o, default in rules_options() if type(default) is int]
)
@pytest.mark.parametrize(
    "number",
    [HUGE, -HUGE, NUMBER_MAX + 1, -NUMBER_MAX - 1],
    ids=["huge", "-huge", "2**53", "-2**53"],
)
def test_every_whole_number_option_is_bounded(family: str, option: str, number: int) -> None:
    with pytest.raises(RulesError, match=f"^{option}="):
        family_module(family).Rules(**{option: number})


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


def test_amounts_the_rules_give_may_pass_the_bound() -> None:
    """A 胡 value at the bound gives totals beyond it: they are scored, written and read back
    (review h74: the 川牌 engine refused its own total and was left broken)."""
    rules = chuanpai.YAODIREN.evolve(hu_peng=NUMBER_MAX)
    game = chuanpai.random_game(rules, seed=2)
    assert game.result.value > NUMBER_MAX
    assert chuanpai.Game.from_json(game.to_json()) == game
    assert (
        chuanpai.payments(NUMBER_MAX * 4, winner=0, players=3, rules=rules)[0].amount > NUMBER_MAX
    )


@pytest.mark.parametrize(
    "build",
    [
        lambda: GameResult(winner=0, reason="win", value=HUGE),
        lambda: ScoreLine("k", "name", HUGE, "+", "rule"),
        lambda: Payment(0, 1, -HUGE),
    ],
    ids=["GameResult", "ScoreLine", "Payment"],
)
def test_a_record_refuses_an_amount_no_document_writes(build) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError, match=r"has more than 4,300 digits: no document writes it"):
        build()


@pytest.mark.parametrize(
    "size", [HUGE, -HUGE, 2**53, 2**40, 1.5], ids=["huge", "-huge", "2**53", "2**40", "1.5"]
)
def test_a_multiset_size_is_checked(size: object) -> None:
    with pytest.raises(NotationError, match=r"^size="):
        Counts.from_indices([0], size=size)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"^size="):
        Counts.empty(size)  # type: ignore[arg-type]


@pytest.mark.parametrize("keywords", [[HUGE], 5, [None]], ids=["huge", "5", "None"])
def test_check_options_names_what_it_refuses(keywords: object) -> None:
    with pytest.raises(RulesError):
        zipai.Game.check_options(keywords)  # type: ignore[arg-type]
    zipai.Game.check_options({"huangfan": 1})  # (a dict of keywords: its names)


def test_an_environment_names_a_huge_action_or_seat() -> None:
    pytest.importorskip("gymnasium")
    from changpai import envs

    env = envs.ChangpaiEnv("hunan")
    env.reset(seed=1)
    for call in (lambda: env.step(HUGE), lambda: env.action(HUGE), lambda: env.agent_of(HUGE)):
        with pytest.raises(ChangpaiError, match="<a whole number of 16610 bits>"):
            call()
    with pytest.raises(RulesError, match=r"^seats: seat=<a whole number"):
        envs.Encoder(zipai, [HUGE])
    with pytest.raises(RulesError, match=r"^seats: seat=nan"):
        envs.Encoder(zipai, [float("nan")])


class _Seat(enum.IntEnum):
    A = 0
    B = 1
    F = 5


def test_an_int_subclass_is_shown_as_its_number() -> None:
    """As it is taken (review h75: the seat rewrite showed ``<_Seat.F: 5>``)."""
    from changpai import daer

    with pytest.raises(RulesError, match=r"^players=5: a 大貳 table has 2 to 4 players"):
        daer.Rules(players=_Seat.F)


def test_a_rules_option_holding_itself_is_named_by_its_check() -> None:
    from changpai import daer

    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(RulesError, match=r"^chouwei_huxi=\[\[\.\.\.\]\]"):
        zipai.Rules(chouwei_huxi=loop)
    with pytest.raises(RulesError, match=r"^name=\[\[\.\.\.\]\]"):
        daer.Rules(name=loop)


def test_an_amount_out_of_range_is_the_error_asked_for() -> None:
    with pytest.raises(RulesError, match=r"^total=<a whole number of 16610 bits> has more than"):
        chuanpai.payments(HUGE, winner=0, players=4)
    with pytest.raises(RulesError, match=r"^total=-1 is not an integer >= 0"):
        chuanpai.payments(-1, winner=0, players=4)


def test_an_environment_takes_an_int_subclass_seat_as_its_number() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    from changpai import envs

    env = envs.ChangpaiEnv("haha")
    assert env.agent_of(_Seat.B) == "player_1"
    with pytest.raises(RulesError, match=r"convert it with int\(\)"):
        env.agent_of(np.int64(1))
    assert envs.Encoder(zipai, [_Seat.A, _Seat.B]).seats == (0, 1)
    assert all(type(seat) is int for seat in envs.Encoder(zipai, [_Seat.A, _Seat.B]).seats)
    with pytest.raises(RulesError, match=r"is a set"):
        envs.Encoder(zipai, {0, 1, 2})
