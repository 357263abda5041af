"""Tests for changpai.core.records: the one ActionRecord and GameResult of every family."""

from __future__ import annotations

import json
from typing import Any

import pytest

from changpai.core.records import ActionRecord, GameResult
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet
from changpai.errors import ChangpaiError


class Act:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def to_dict(self) -> dict[str, int]:
        return {"seat": self.seat}

    def __str__(self) -> str:
        return f"seat {self.seat} 摸"


class Code:
    code = "x1"

    def __str__(self) -> str:
        return "一"


SHEET = ScoreSheet("t", (ScoreLine("k", "胡息", 18),), 18, (Payment(1, 0, 18), Payment(2, 0, 18)))


def test_records_print_and_serialize_their_parts() -> None:
    record = ActionRecord(Act(0), auto=True, note="forced", draws=((1, Code()),))
    assert str(record) == "seat 0 摸 (auto)  (draws: seat 1 一)  (forced)"
    assert record.to_dict() == {
        "action": {"seat": 0},
        "auto": True,
        "note": "forced",
        "draws": [[1, "x1"]],
    }
    assert ActionRecord(Act(2)).to_dict() == {"action": {"seat": 2}, "auto": False}


def test_a_win_has_payments_net_and_a_headline() -> None:
    result = GameResult(0, "win", SHEET, next_dealer=0, value=18, label="胡", self_drawn=True)
    assert result.payments == SHEET.payments
    assert result.net(4) == {0: 36, 1: -18, 2: -18, 3: 0}
    assert result.headline == "seat 0 胡 自摸"
    assert str(result).startswith("seat 0 胡 自摸; next dealer seat 0\nt")
    data = result.to_dict()
    assert data["sheet"]["total"] == 18 and data["value"] == 18 and data["win"] is None
    json.dumps(data)
    assert "<b>seat 0 胡 自摸</b>" in result._repr_html_()


def test_an_ending_without_winner() -> None:
    result = GameResult(None, "huangzhuang", label="荒莊", next_dealer=1)
    assert result.payments == () and result.net(3) == {0: 0, 1: 0, 2: 0}
    assert result.headline == "荒莊 (no winner)"
    assert str(result) == "荒莊 (no winner); next dealer seat 1"
    assert GameResult(None, "exhausted").headline == "exhausted (no winner)"


def test_a_special_reason_is_named_next_to_its_label() -> None:
    assert GameResult(1, "yijia", label="一甲").headline == "seat 1 一甲 (yijia)"
    assert GameResult(1, "win", label="胡", discarder=2).headline == "seat 1 胡 on seat 2's discard"


def test_the_scored_decomposition_comes_first() -> None:
    """Core concepts, GameResult: ``decomposition`` is the reading the family scored when it
    gave one (南通's win object holds the cards only), else the win's own."""

    class Win:
        decomposition = "the win's reading"

    assert GameResult(0, "win", win=Win()).decomposition == "the win's reading"
    scored = GameResult(0, "win", win=Win(), decomposition="the scored reading")
    assert scored.decomposition == "the scored reading"
    assert "the scored reading" in str(scored)
    assert scored != GameResult(0, "win", win=scored.win)


@pytest.mark.parametrize(
    ("build", "match"),
    [
        (lambda: GameResult("0", "win"), r"winner='0' is not a seat or None"),
        (lambda: GameResult(True, "win"), r"winner=True is not a seat or None"),
        (lambda: GameResult(-1, "win"), r"winner=-1 is not a seat"),
        (lambda: GameResult(0, "win", discarder=1.0), r"discarder=1.0 is not a seat"),
        (lambda: GameResult(0, "win", next_dealer=-2), r"next_dealer=-2 is not a seat"),
        (lambda: GameResult(0, 5), r"reason=5 is not text"),
        (lambda: GameResult(0, "win", label=None), r"label=None is not text"),
        (lambda: GameResult(0, "win", value="8"), r"value='8' is not a whole number"),
        (lambda: GameResult(0, "win", sheet=5), r"sheet=5 is not a ScoreSheet or None"),
        (lambda: GameResult(None, "huangzhuang").net(10**30), r"seats=10+ is not an integer"),
    ],
)
def test_a_result_of_the_wrong_types_is_refused(build: Any, match: str) -> None:
    """A GameResult is checked when built and `net` counts at most 64 seats (review h69:
    `GameResult(0, "win", sheet=5).to_dict()` raised AttributeError, `net(10**30)`
    OverflowError)."""
    with pytest.raises(ChangpaiError, match=match):
        build()


def test_int_subclasses_are_kept_as_plain_numbers_and_numpy_ints_refused_with_a_hint() -> None:
    """Review h71: an IntEnum amount or seat was kept in payments and documents; a numpy-like
    integer is refused saying how to pass it, as everywhere in the library."""
    from enum import IntEnum

    class Two(IntEnum):
        TWO = 2

    class Index:
        def __index__(self) -> int:
            return 1

    assert type(Payment(Two.TWO, 0, Two.TWO).to_dict()["payer"]) is int
    assert type(ScoreLine("k", "n", Two.TWO).value) is int
    assert type(GameResult(Two.TWO, "win", value=Two.TWO).winner) is int
    with pytest.raises(ChangpaiError, match=r"payer=.* is not a whole number \(int\) \(Index is"):
        Payment(Index(), 0, 3)  # type: ignore[arg-type]
