"""The decisions of a 犢子胡 hand (changpai.nantong.actions; nantong.md §3, docs/core-concepts.md)."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import IllegalActionError, NotationError
from changpai.nantong import Action, ActionKind, Card

ACTIONS = st.builds(
    Action,
    st.integers(0, 3),
    st.sampled_from(list(ActionKind)),
    st.one_of(st.none(), st.sampled_from(nantong.CARDS)),
)


def test_the_seat_comes_first() -> None:
    """docs/core-concepts.md: Action(seat, kind, ...) — the seat first, then the kind."""
    assert [f.name for f in attrs.fields(Action)] == ["seat", "kind", "card"]
    assert Action(1, ActionKind.PENG, Card("5w")).seat == 1


@pytest.mark.parametrize("kind", list(ActionKind), ids=lambda k: k.value)
def test_every_kind_has_its_hanzi_section_3(kind: ActionKind) -> None:
    """nantong.md §3: 叫牌, 報聽, 過, 打, 胡, 碰, 杠, 暗杠, 加杠 — str names the seat and the hanzi."""
    assert str(Action(2, kind)) == f"seat 2 {kind.hanzi}"
    assert str(Action(2, kind, Card("9t"))) == f"seat 2 {kind.hanzi} 九條"
    assert Action(2, kind, Card("9t")).details == "九條" and Action(2, kind).details == ""


@given(ACTIONS)
def test_dicts_round_trip(action: Action) -> None:
    """Every action survives to_dict / JSON / from_dict unchanged."""
    data = json.loads(json.dumps(action.to_dict()))
    assert list(data)[:2] == ["seat", "kind"] and ("card" in data) is (action.card is not None)
    assert Action.from_dict(data) == action


def test_0_1_0_action_dicts_still_read() -> None:
    """changpai 0.1.0 wrote {kind, seat, card} with "card": null for no card."""
    assert Action.from_dict({"kind": "pass", "seat": 2, "card": None}) == Action(2, ActionKind.PASS)
    assert Action.from_dict({"kind": "discard", "seat": 0, "card": "9w"}) == Action(
        0, ActionKind.DISCARD, Card("9w")
    )


@pytest.mark.parametrize(
    ("args", "what"),
    [((True, ActionKind.PASS), "seat=True"), ((7, ActionKind.PASS), "seat=7"),
     ((0, "pass"), "kind='pass'"), ((0, ActionKind.DISCARD, 9), "card=9")],
)  # fmt: skip
def test_action_fields_are_checked(args: tuple[object, ...], what: str) -> None:
    """DESIGN "typed error naming the input": an Action is built from a seat 0..3, an
    ActionKind and a Card, or raises IllegalActionError naming the bad field."""
    with pytest.raises(IllegalActionError, match=what):
        Action(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "what"),
    [({"kind": "flee", "seat": 0}, "'flee' is not a valid ActionKind"),
     ({"kind": "pass"}, "'seat'"), ({"kind": "pass", "seat": True}, "seat=True"),
     ({"kind": "discard", "seat": 0, "card": "1x"}, "'1x'"), ([1, 2], "is not a nantong action")],
)  # fmt: skip
def test_malformed_dicts_are_notation_errors(data: object, what: str) -> None:
    with pytest.raises(NotationError, match=what):
        Action.from_dict(data)
