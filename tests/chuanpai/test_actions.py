"""Tests of the 川牌 擠兒 actions (changpai.chuanpai.actions): the kinds with their hanzi, the
checked fields, the text and the JSON form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai.chuanpai import CARDS, Action, ActionKind, Card, MeldKind, parse
from changpai.core.hanzi import HanziEnum
from changpai.core.turnclaim import DECISIONS, FORCED
from changpai.errors import IllegalActionError, NotationError


def test_every_kind_carries_its_hanzi_and_covers_the_flow_vocabulary() -> None:
    """core.turnclaim asks for an enum whose values are its vocabulary; the 川牌 adds the 偷
    records of chuanpai.md §2.3 (成幅, 留) and §2.4.3 (過牌)."""
    assert issubclass(ActionKind, HanziEnum)
    assert {k.value for k in ActionKind} == {*DECISIONS, *FORCED, "set", "keep", "guo"}
    assert all(k.hanzi for k in ActionKind)
    assert ActionKind.CLAIM.hanzi == "吃" and ActionKind.TOU.hanzi == "偷"


def test_action_cards_order_does_not_matter() -> None:
    """An action's own cards are kept sorted; JSON round-trips."""
    a = Action(1, ActionKind.CLAIM, card=Card("12"), cards=parse("JC 12 12"), meld=MeldKind.KANG)
    b = Action(1, ActionKind.CLAIM, card=Card("12"), cards=parse("12 JC 12"), meld=MeldKind.KANG)
    assert a == b and Action.from_dict(a.to_dict()) == a


def test_text_is_the_seat_the_hanzi_and_the_details() -> None:
    """str(action) reads "seat N <hanzi> <details>" in every family (docs: Core concepts)."""
    guo = Action(1, ActionKind.CLAIM, Card("12"), (Card("16"),), MeldKind.BAI, guo=True)
    assert str(guo) == "seat 1 吃 擺 丁丁 with 過牌 高高"
    assert guo.details == "擺 丁丁 with 過牌 高高"
    assert (
        str(Action(0, ActionKind.READY)) == "seat 0 攤完"
        and Action(0, ActionKind.PASS).details == ""
    )
    assert str(Action(2, ActionKind.TURN, Card("55"))) == "seat 2 翻 梅子"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Action(True, ActionKind.PASS), "seat=True is not a seat"),
        (lambda: Action(7, ActionKind.PASS), "seat=7 is not a seat"),
        (lambda: Action(0, "pass"), "kind='pass' is not a chuanpai ActionKind"),
        (lambda: Action(0, ActionKind.DISCARD, 11), "card=11 is not a chuanpai Card"),
        (lambda: Action(0, ActionKind.LAY, cards=(11,)), "cards holds 11, which is not a"),
        (lambda: Action(0, ActionKind.LAY, meld="an"), "meld='an' is not a chuanpai MeldKind"),
        (lambda: Action(0, ActionKind.CLAIM, guo=1), "guo=1 is not True or False"),
    ],
)
def test_bad_fields_raise_illegal_action_error(call: object, message: str) -> None:
    """DESIGN.md typed errors: a bad field names itself."""
    with pytest.raises(IllegalActionError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "pass"}, "the key 'seat' is missing"),
        ({"seat": 0}, "the key 'kind' is missing"),
        ({"seat": 0, "kind": "fly"}, "'fly' is not a valid ActionKind; expected one of 'lay'"),
        ({"seat": 0, "kind": "lay", "meld": "x"}, "'x' is not a unit kind"),
        ({"seat": 0, "kind": "lay", "cards": "55"}, "cards must be a list of codes"),
        ({"seat": 0, "kind": "discard", "card": 55}, "card 55 is not a code"),
        ({"seat": 0, "kind": "discard", "card": "77"}, "'77'"),
        ({"seat": "0", "kind": "pass"}, "seat='0' is not a seat"),
        ([1], "expected a JSON object"),
    ],
)
def test_from_dict_refuses_bad_dicts(data: object, message: str) -> None:
    """A bad action of a document is a NotationError naming it, never KeyError."""
    with pytest.raises(NotationError, match=message):
        Action.from_dict(data)  # type: ignore[arg-type]


def test_0_1_0_action_dicts_load() -> None:
    """changpai 0.1.0 wrote every key, null when empty."""
    old = {"kind": "claim", "seat": 1, "card": "66", "cards": ["44"], "meld": "bai", "guo": False}
    assert Action.from_dict(old) == Action(
        1, ActionKind.CLAIM, Card("66"), (Card("44"),), MeldKind.BAI
    )
    old = {"kind": "ready", "seat": 2, "card": None, "cards": [], "meld": None, "guo": False}
    assert Action.from_dict(old) == Action(2, ActionKind.READY)


@given(
    st.integers(0, 6),
    st.sampled_from(list(ActionKind)),
    st.none() | st.sampled_from(CARDS),
    st.lists(st.sampled_from(CARDS), max_size=4),
    st.none() | st.sampled_from(list(MeldKind)),
    st.booleans(),
)
def test_json_round_trip(
    seat: int,
    kind: ActionKind,
    card: Card | None,
    cards: list[Card],
    meld: MeldKind | None,
    guo: bool,
) -> None:
    """Property: every action survives to_dict -> JSON text -> from_dict."""
    action = Action(seat, kind, card, tuple(cards), meld, guo)
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_from_dict_refuses_a_guo_that_is_not_true_or_false() -> None:
    """``"guo": 1`` (or ``"yes"``) was read as False without a word (a review): NotationError."""
    for guo in (1, "yes", None):
        with pytest.raises(NotationError, match=r"guo=.* is not True or False"):
            Action.from_dict({"seat": 0, "kind": "pass", "guo": guo})
    assert Action.from_dict({"seat": 0, "kind": "pass", "guo": True}).guo is True
