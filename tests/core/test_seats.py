"""Tests for changpai.core.seats.SeatRing: turn order, 下家 / 上家 and claim priority order."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from fuzz_targets import families
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.seats import SeatRing, check_seat, seat_validator
from changpai.errors import IllegalActionError, RulesError


@st.composite
def rings(draw: st.DrawFn) -> SeatRing:
    seats = draw(st.integers(3, 7))
    skip = draw(st.integers(-1, seats - 1))
    return SeatRing(seats, skip)


@settings(max_examples=60, deadline=None)
@given(rings())
def test_orders_walk_the_next_links(ring: SeatRing) -> None:
    """order_from follows next[] round the table and meets every player exactly once."""
    for seat in range(ring.seats):
        order = ring.order_from(seat)
        assert order[0] == seat
        assert sorted(s for s in order if s != ring.skip) == list(ring.active)
        for a, b in itertools.pairwise(order):
            assert ring.next[a] == b
        assert ring.after(seat) == order[1:]
        assert ring.skip not in ring.after(seat)


@settings(max_examples=60, deadline=None)
@given(rings())
def test_next_and_previous_are_inverse_on_players(ring: SeatRing) -> None:
    for seat in ring.active:
        assert ring.previous[ring.next[seat]] == seat
        assert ring.next[ring.previous[seat]] == seat
        assert ring.next[seat] != ring.skip


def test_nantong_three_of_four_play() -> None:
    """nantong.md §2: four seated, three play; the dealer's 上家 sits out."""
    dealer = 2
    ring = SeatRing.of(4, (dealer + 3) % 4)
    assert ring.order_from(dealer) == (2, 3, 0)
    assert ring.after(0) == (2, 3)  # the 下家 of seat 0 is 2 when seat 1 sits out
    assert ring.next[1] == 2 and ring.previous[1] == 0


def test_zipai_shuxin_seat_is_skipped() -> None:
    """zipai.md §2 數信: the seat opposite the dealer is dealt no cards and never plays."""
    ring = SeatRing.of(4, skip=2)
    assert ring.active == (0, 1, 3)
    assert ring.order_from(3) == (3, 0, 1)
    assert ring.next[1] == 3


def test_shared_instances_and_copies() -> None:
    import copy

    ring = SeatRing.of(3)
    assert SeatRing.of(3) is ring and copy.deepcopy(ring) is ring
    assert ring == SeatRing(3) and ring != SeatRing(3, skip=0)


@pytest.mark.parametrize(("seats", "skip"), [(1, -1), (4, 4), (4, -2), (2, 0)])
def test_bad_shapes_raise(seats: int, skip: int) -> None:
    with pytest.raises(RulesError):
        SeatRing(seats, skip)


@pytest.mark.parametrize("bad", [True, False, -1, 3, 1.0, "1", None])
def test_check_seat_rejects_what_is_not_a_seat(bad: object) -> None:
    with pytest.raises(RulesError, match=r"is not a seat; expected a whole number 0\.\.2"):
        check_seat(bad, 3, error=RulesError)


def test_check_seat_returns_a_valid_seat() -> None:
    assert check_seat(0, 2) == 0


@given(st.integers(1, 8), st.integers(-3, 10))
def test_seat_validator_takes_exactly_the_seats_of_the_table(seats: int, seat: int) -> None:
    """DESIGN conventions: an ``Action.seat`` is a whole number below the family's largest
    table, refused when the action is built with an IllegalActionError naming it."""
    check = seat_validator(seats)
    if 0 <= seat < seats:
        check(None, None, seat)
    else:
        with pytest.raises(
            IllegalActionError, match=rf"seat={seat} is not a seat; .*0\.\.{seats - 1}"
        ):
            check(None, None, seat)


@pytest.mark.parametrize("bad", [True, False, 1.0, "1", None])
def test_seat_validator_refuses_what_is_not_an_int(bad: object) -> None:
    with pytest.raises(IllegalActionError, match="is not a seat"):
        seat_validator(4)(None, None, bad)


def test_seat_validator_takes_an_int_enum_seat() -> None:
    """A seat given as an int subclass (an IntEnum of a program's seats) is a seat, as in
    ``Game.legal_actions``; a bool is not."""
    from enum import IntEnum

    class Seat(IntEnum):
        EAST = 0
        SOUTH = 1

    seat_validator(4)(None, None, Seat.SOUTH)
    with pytest.raises(IllegalActionError):
        seat_validator(4)(None, None, True)


class _AnySeat(int):
    """An int subclass whose ``==`` always holds (a program's own seat type gone wrong)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


def test_check_seat_gives_the_plain_number_of_an_int_subclass() -> None:
    """check_seat's answer is a plain int: an int subclass's own ``==`` decides nothing after
    it (review h69: a seat whose ``==`` always held was applied as another seat)."""
    from enum import IntEnum

    class Seat(IntEnum):
        SOUTH = 1

    for value in (Seat.SOUTH, _AnySeat(1)):
        seat = check_seat(value, 4)
        assert seat == 1 and type(seat) is int


@pytest.mark.parametrize("module", families(), ids=lambda m: m.__name__)
def test_an_action_of_a_seat_not_to_act_is_refused_whatever_its_eq(module: Any) -> None:
    """core-concepts "Errors": an illegal action leaves the game as it was — a seat given as an
    int subclass is its number (an Action keeps the plain int), so a seat not to act is
    refused in every family, and the game is unchanged (review h69: 大貳 and 孝感 applied it
    as the seat to act, 川牌 raised KeyError and broke the game)."""
    game = module.Game(seed=3)
    seat = game.to_act[0]
    action = attrs.evolve(game.legal_actions(seat)[0], seat=_AnySeat((seat + 1) % 3))
    assert type(action.seat) is int and action.seat == (seat + 1) % 3
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="is not to act"):
        game.apply(action)
    assert game.to_json() == before and game.to_act == (seat,)


def test_a_score_counts_a_winner_given_as_an_int_subclass_by_its_number() -> None:
    """chuanpai.md §2.6: every loser pays the winner — a winner whose ``==`` always held paid
    nobody (review h69)."""
    from changpai import chuanpai

    assert [p.payer for p in chuanpai.payments(8, winner=_AnySeat(2), players=3)] == [0, 1]


def test_a_win_and_its_score_count_a_winner_of_an_int_subclass_by_its_number() -> None:
    """Review h71: 字牌 `score(..., winner=)` paid nobody, 大貳 and 孝感 `Win` refused for a
    false reason ("discarder=0 is the winner") with a winner whose `==` always held, and an
    IntEnum winner was kept in payments and documents: every `Win` keeps the plain number."""
    from enum import IntEnum

    from changpai import daer, xiaogan, zipai

    class Seat(IntEnum):
        B = 1

    won = zipai.random_game(zipai.HUNAN, 12).result
    assert won is not None and won.win is not None and won.win.winner == 1
    paid = zipai.score(won.win).payments
    assert zipai.score(won.win.decomposition, winner=_AnySeat(1), self_drawn=True).payments == paid
    reading = daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    win = daer.Win(reading, winner=_AnySeat(1), players=3, self_drawn=False, discarder=0)
    assert type(win.winner) is int and win.winner == 1
    laid = xiaogan.best_decomposition(xiaogan.parse("上大人 邱乙己 化三千 七十士 九九九九"))
    assert type(xiaogan.Win(laid, winner=_AnySeat(1)).winner) is int
    assert type(xiaogan.Win(laid, winner=Seat.B).to_dict()["winner"]) is int


def test_the_gym_environment_keeps_the_plain_number_of_its_seat() -> None:
    """Review h71: `gym_env(seat=...)` kept an int subclass and compared with its `==`
    (KeyError from its opponents' table)."""
    pytest.importorskip("gymnasium")  # (the rl extra: changpai.envs needs it)
    from changpai import envs

    env = envs.gym_env("hunan", seat=_AnySeat(2))
    env.reset(seed=4)
    assert type(env.seat) is int and env.seat == 2
    with pytest.raises(RulesError, match=r"^seat=7 does not play"):
        envs.gym_env("hunan", seat=_AnySeat(7))
