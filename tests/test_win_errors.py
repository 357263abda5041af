"""One error class per kind of bad value in every family's ``Win`` and ``score``
(docs/core-concepts.md "Errors"):

- a value of the wrong type → ``NotationError`` (as before);
- a seat that is not at the table (a winner, discarder, loser or payer out of range, the
  winner among the payers) → ``IllegalActionError`` (seats);
- facts that contradict each other (a self-drawn win with a discarder, 南通 海底 on a discard)
  → ``IllegalActionError``, the class 字牌 and 大貳 already used;
- a count out of range (too many or too few players, a negative count) → ``RulesError``.

Before, a seat out of range was an ``IllegalActionError`` in 字牌 and 大貳 but a ``RulesError``
in 南通 and 孝感, a count out of range the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.scoresheet import ScoreSheet
from changpai.errors import IllegalActionError, NotationError, RulesError

ZIPAI = zipai.best_decomposition(zipai.parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
DAER = daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
NANTONG = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
XIAOGAN = xiaogan.best_decomposition(xiaogan.parse("上大人 邱乙己 化三千 七十士 九九九九"))
assert ZIPAI is not None and DAER is not None and XIAOGAN is not None


def _zipai(score: dict[str, Any] | None = None, **facts: Any) -> object:
    win = zipai.Win(ZIPAI, **{"winner": 0, "players": 3, **facts})
    return zipai.score(win) if score is None else zipai.score(ZIPAI, **score)


def _daer(score: dict[str, Any] | None = None, **facts: Any) -> object:
    win = daer.Win(DAER, **{"winner": 0, "players": 4, **facts})
    return daer.score(win) if score is None else daer.score(DAER, **score)


def _nantong(score: dict[str, Any] | None = None, **facts: Any) -> object:
    win = nantong.Win(NANTONG, **{"winning_card": "5w", **facts})
    return nantong.score(win) if score is None else nantong.score(NANTONG, **score)


def _xiaogan(score: dict[str, Any] | None = None, **facts: Any) -> object:
    win = xiaogan.Win(XIAOGAN, **facts)
    return xiaogan.score(win) if score is None else xiaogan.score(XIAOGAN, **score)


SETTLE: dict[str, Callable[..., object]] = {
    "zipai": _zipai,
    "daer": _daer,
    "nantong": _nantong,
    "xiaogan": _xiaogan,
}
"""Build the family's ``Win`` of ``facts`` and score it, or score its reading with the
``score`` keywords."""

FAMILIES = sorted(SETTLE)

# kind of bad value -> (the class every family raises, the bad value of each family)
CASES: dict[str, tuple[type[Exception], dict[str, dict[str, Any]]]] = {
    "a Win field of the wrong type": (
        NotationError,
        {"zipai": {"winner": "0"}, "daer": {"winner": "0"}, "nantong": {"seat": "0"},
         "xiaogan": {"winner": "0"}},
    ),
    "score(winner=) of the wrong type": (
        NotationError,
        {name: {"score": {"winner": "0"}} for name in FAMILIES},
    ),
    "score(players=) of the wrong type": (
        NotationError,
        {name: {"score": {"players": "3"}} for name in FAMILIES},
    ),
    "a winner not at the table": (
        IllegalActionError,
        {"zipai": {"winner": 3}, "daer": {"winner": 4}, "nantong": {"seat": 9},
         "xiaogan": {"winner": 4}},
    ),
    "score(winner=) not at the table": (
        IllegalActionError,
        {name: {"score": {"winner": 9}} for name in FAMILIES},
    ),
    "a discarder / loser / payer not at the table": (
        IllegalActionError,
        {"zipai": {"discarder": 3, "self_drawn": False},
         "daer": {"discarder": 4, "self_drawn": False},
         "nantong": {"losers": [7]}, "xiaogan": {"discarder": 4}},
    ),
    "the winner among the payers": (
        IllegalActionError,
        {"zipai": {"discarder": 0, "self_drawn": False},
         "daer": {"discarder": 0, "self_drawn": False},
         "nantong": {"losers": [0, 1]}, "xiaogan": {"discarder": 0}},
    ),
    "facts that contradict each other": (
        IllegalActionError,
        {"zipai": {"discarder": 1, "self_drawn": True},
         "daer": {"discarder": 1, "self_drawn": True},
         "nantong": {"haidi": True, "self_drawn": False},
         "xiaogan": {"discarder": 1, "self_drawn": True}},
    ),
    "too many players": (
        RulesError,
        {"zipai": {"players": 5}, "daer": {"players": 5}, "nantong": {"score": {"players": 4}},
         "xiaogan": {"score": {"players": 8}}},
    ),
    "too few players": (
        RulesError,
        {"zipai": {"players": 1}, "daer": {"players": 1}, "nantong": {"score": {"players": 2}},
         "xiaogan": {"score": {"players": 1}}},
    ),
    "a negative count": (
        RulesError,
        {"zipai": {"huangfan": -1}, "daer": {"players": -1},
         "nantong": {"score": {"players": -1}}, "xiaogan": {"score": {"players": -1}}},
    ),
}  # fmt: skip


def test_every_kind_has_a_bad_value_in_every_family() -> None:
    assert FAMILIES == ["daer", "nantong", "xiaogan", "zipai"]
    for kind, (_error, values) in CASES.items():
        assert sorted(values) == FAMILIES, kind


@pytest.mark.parametrize("family_name", FAMILIES)
def test_a_good_win_scores(family_name: str) -> None:
    """The values the cases change are good ones otherwise (the errors come from the change):
    the Win and the reading score, seat 0 paid by the others."""
    for sheet in (SETTLE[family_name](), SETTLE[family_name](score={})):
        assert isinstance(sheet, ScoreSheet)
        assert sheet.payments and {p.payee for p in sheet.payments} == {0}
        assert all(p.amount > 0 and p.payer != 0 for p in sheet.payments)


@pytest.mark.parametrize("family_name", FAMILIES)
@pytest.mark.parametrize("kind", sorted(CASES))
def test_one_class_per_kind_of_bad_value(kind: str, family_name: str) -> None:
    error, values = CASES[kind]
    with pytest.raises(error) as raised:
        SETTLE[family_name](**values[family_name])
    assert type(raised.value) is error, f"{family_name}: {kind} raised {raised.value!r}"


@pytest.mark.parametrize(
    "family_score",
    [daer.score, nantong.score, xiaogan.score, zipai.score],
    ids=["daer", "nantong", "xiaogan", "zipai"],
)
def test_scoring_what_is_no_win_of_the_family_is_a_notation_error(
    family_score: Callable[..., object],
) -> None:
    """``score(5)``: a wrong type (大貳 raised IllegalActionError, 孝感 RulesError)."""
    with pytest.raises(NotationError):
        family_score(5)


# 川牌 擠兒 and 戳牌 score from the game (no Win): their score takes the seats and the count of
# players as keywords, checked by the same rule.
CHUANPAI = [chuanpai.Meld.parse("碰 55 55 55")]
CHUOPAI = "56 46 16 15 " * 4

SCORE_ONLY: dict[str, Callable[..., object]] = {
    "chuanpai": lambda **keywords: chuanpai.score(CHUANPAI, **keywords),
    "chuopai": lambda **keywords: chuopai.score(CHUOPAI, **keywords),
    "chuopai.fapai_sheet": lambda winner=0, **keywords: chuopai.fapai_sheet(winner, **keywords),
}


@pytest.mark.parametrize("name", sorted(SCORE_ONLY))
@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"winner": "0"}, NotationError),
        ({"players": "3"}, NotationError),
        ({"winner": 3, "players": 3}, IllegalActionError),
        ({"winner": -1}, IllegalActionError),
        ({"players": 1}, RulesError),
    ],
    ids=repr,
)
def test_the_scores_without_a_win_follow_the_same_rule(
    name: str, keywords: dict[str, Any], error: type[Exception]
) -> None:
    SCORE_ONLY[name]()
    with pytest.raises(error) as raised:
        SCORE_ONLY[name](**keywords)
    assert type(raised.value) is error


def test_liable_and_offender_seats_of_chuopai() -> None:
    with pytest.raises(IllegalActionError, match="liable=3 is not a seat"):
        chuopai.score(CHUOPAI, liable=3)
    with pytest.raises(IllegalActionError, match="offender=3 is not a seat"):
        chuopai.fapai_sheet(3)
