"""changpai.zipai.actions: Action and ActionKind (the contract: seat, kind, details, dicts)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai.core.hanzi import HanziEnum
from changpai.errors import ChangpaiError, IllegalActionError, NotationError
from changpai.zipai.actions import Action, ActionKind, _act
from changpai.zipai.cards import CARDS, Card, format, parse
from changpai.zipai.melds import MeldKind

A = ActionKind


def test_the_win_is_win_as_in_every_family() -> None:
    """One public face (issue 12): the 胡 is ``ActionKind.WIN`` / ``"win"`` in every family;
    ``HU`` is the same member and the ``"hu"`` of 0.2.0 documents still reads."""
    import changpai

    for entry in changpai.variants():
        kinds = entry.module.ActionKind
        if hasattr(kinds, "WIN"):
            assert kinds.WIN.value == "win"
    assert A.HU is A.WIN and A("hu") is A.WIN and [k for k in A if k.hanzi == "胡"] == [A.WIN]
    action = Action.from_dict({"seat": 1, "kind": "hu", "card": "d7"})
    assert (
        action
        == Action(1, A.WIN, "d7")
        == Action.from_dict({"seat": 1, "kind": "win", "card": "d7"})
    )
    assert action.to_dict() == {"seat": 1, "kind": "win", "card": "d7"}
    assert str(action) == "seat 1 胡 柒"


def test_action_json_and_text() -> None:
    """Actions are JSON-serializable values."""
    action = Action(1, A.CHI, "x2", ("吃 一二三", "比 二二貳"))
    assert Action.from_dict(action.to_dict()) == action
    assert str(action) == "seat 1 吃 一二三 比 二二貳"
    with pytest.raises(NotationError):
        Action.from_dict({"kind": "chi"})
    assert Card.parse("x2") == action.card
    assert MeldKind.JU is action.melds[0].kind
    assert format(parse("一")) == "一"


@pytest.mark.parametrize("bad", [True, -1, "0", 0.0, 4])
def test_action_seat_must_be_a_whole_number(bad: object) -> None:
    """DESIGN conventions: ``Action(True, ...)`` would pass ``True in to_act`` for seat 1 and
    land in the log and the JSON as ``true``; it is refused when built, by name, with the
    IllegalActionError of every family (core.seats.seat_validator)."""
    with pytest.raises(IllegalActionError, match=r"seat=.* is not a seat"):
        Action(bad, ActionKind.PASS)  # type: ignore[arg-type]
    with pytest.raises(ChangpaiError, match=r"seat=.* is not a seat"):
        Action.from_dict({"seat": bad, "kind": "pass"})


def test_every_kind_has_its_hanzi_and_decisions_are_marked() -> None:
    """DESIGN: every enum member carries its hanzi; the decisions are the five of zipai.md §6."""
    assert issubclass(ActionKind, HanziEnum)
    assert all(kind.hanzi for kind in ActionKind)
    assert {k for k in ActionKind if k.is_decision} == {A.DISCARD, A.CHI, A.PENG, A.WIN, A.PASS}


@pytest.mark.parametrize(
    ("action", "details"),
    [
        (Action(0, A.PASS), ""),
        (Action(2, A.DISCARD, "d7"), "柒"),
        (Action(1, A.PENG, "x3"), "三"),
        (Action(1, A.TI, "d1", ("提 壹壹壹壹",)), "壹壹壹壹"),
        (Action(0, A.CHOUWEI, "x4", ("臭偎 四四四",)), "四四四"),
        (Action(1, A.CHI, "x2", ("吃 二二貳",)), "二二貳"),
        (Action(1, A.CHI, "x2", ("吃 一二三", "比 二二貳")), "一二三 比 二二貳"),
        (Action(0, A.DEAL), ""),
    ],
)
def test_str_is_seat_kind_and_details(action: Action, details: str) -> None:
    """The contract: str(action) == f"seat {seat} {kind.hanzi}" + (" " + details if details)."""
    assert action.details == details
    expected = f"seat {action.seat} {action.kind.hanzi}" + (f" {details}" if details else "")
    assert str(action) == expected


@given(
    seat=st.integers(0, 3),
    kind=st.sampled_from(list(ActionKind)),
    card=st.none() | st.sampled_from(CARDS),
)
def test_actions_round_trip_through_json(seat: int, kind: ActionKind, card: Card | None) -> None:
    """Property: every simple action survives to_dict -> JSON -> from_dict, and the interned
    hot-path actions equal freshly built ones."""
    action = Action(seat, kind, card)
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert _act(seat, kind, -1 if card is None else card.index) == action
