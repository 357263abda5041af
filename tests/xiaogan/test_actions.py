"""孝感 actions: every kind has its hanzi; dicts round-trip; bad input gets typed errors."""

from __future__ import annotations

import pytest

from changpai.core.turnclaim import DECISIONS, FORCED
from changpai.errors import IllegalActionError, NotationError
from changpai.xiaogan import Action, ActionKind, Card, MeldKind


def test_the_kinds_cover_the_flow_vocabulary() -> None:
    assert {*DECISIONS, *FORCED} <= {k.value for k in ActionKind}
    assert ActionKind.ABANDON.hanzi == "放棄" and ActionKind.CLAIM.hanzi == "用"


@pytest.mark.parametrize(
    "action",
    [
        Action(0, ActionKind.DISCARD, Card("A1")),
        Action(1, ActionKind.CLAIM, Card("A3"), (Card("A2"), Card("A1")), MeldKind.JU),
        Action(2, ActionKind.LAY, cards=(Card("上"), Card("HJ")), meld=MeldKind.MENJIANG),
        Action(3, ActionKind.ABANDON),
    ],
)
def test_round_trip(action: Action) -> None:
    assert Action.from_dict(action.to_dict()) == action
    assert str(action).startswith(f"seat {action.seat} {action.kind.hanzi}")


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0},
        {"kind": "pass"},
        {"seat": 0, "kind": "chi"},
        {"seat": 0, "kind": "claim", "meld": "jier"},
        {"seat": 0, "kind": "discard", "card": "66"},
        {"seat": 0, "kind": "discard", "card": 5},
        {"seat": 9, "kind": "pass"},
        {"seat": 0, "kind": "claim", "cards": "A1"},
        [1, 2],
    ],
)
def test_bad_dicts_raise_notation_errors(data: object) -> None:
    with pytest.raises(NotationError):
        Action.from_dict(data)  # type: ignore[arg-type]


def test_bad_fields_raise_illegal_action_errors() -> None:
    for bad in (
        lambda: Action(True, ActionKind.PASS),  # type: ignore[arg-type]
        lambda: Action(0, ActionKind.DISCARD, 1),  # type: ignore[arg-type]
        lambda: Action(0, ActionKind.CLAIM, cards=(1,)),  # type: ignore[arg-type]
        lambda: Action(0, ActionKind.CLAIM, cards={Card("A1")}),  # type: ignore[arg-type]
        lambda: Action(0, ActionKind.CLAIM, meld="ju"),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError):
            bad()
