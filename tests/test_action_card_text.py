"""Every family's ``Action`` takes its card as text, read by the family's notation (DESIGN "one
public face"): equal to the action built from the Card, same ``to_dict`` / JSON; text that is
not a card raises NotationError naming ``card=``; anything else stays an IllegalActionError."""

from __future__ import annotations

import json
from typing import Any

import pytest

import changpai
from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.errors import IllegalActionError, NotationError

# (family module, the card as text, the same card as hanzi / name)
FAMILIES = [
    pytest.param(nantong, "1t", "一條", id="nantong"),
    pytest.param(chuanpai, "11", "地牌", id="chuanpai"),
    pytest.param(xiaogan, "A1", "上", id="xiaogan"),
    pytest.param(zipai, "x2", "二", id="zipai"),
    pytest.param(daer, "x2", "二", id="daer"),
]


@pytest.mark.parametrize(("family", "code", "name"), FAMILIES)
def test_action_takes_card_text(family: Any, code: str, name: str) -> None:
    card = family.Card.parse(code)
    built = family.Action(0, family.ActionKind.DISCARD, card)
    for text in (code, name):
        action = family.Action(0, family.ActionKind.DISCARD, text)
        assert action == built and hash(action) == hash(built)
        assert action.card is card
        assert action.to_dict() == built.to_dict()
        assert json.dumps(action.to_dict()) == json.dumps(built.to_dict())
        assert family.Action.from_dict(action.to_dict()) == built


@pytest.mark.parametrize(
    "family",
    [
        pytest.param(f, id=f.__name__.rsplit(".", 1)[1])
        for f in (nantong, chuanpai, xiaogan, zipai, daer)
    ],
)
def test_text_that_is_not_a_card_names_the_field(family: Any) -> None:
    with pytest.raises(NotationError, match=r"^card='zz': 'zz' is not a \w+ card"):
        family.Action(0, family.ActionKind.DISCARD, "zz")


@pytest.mark.parametrize(
    "family",
    [
        pytest.param(f, id=f.__name__.rsplit(".", 1)[1])
        for f in (nantong, chuanpai, xiaogan, zipai, daer)
    ],
)
def test_a_card_of_another_type_is_still_refused(family: Any) -> None:
    """(字牌 said NotationError for 5, 大貳 IllegalActionError for bad text: one rule now.)"""
    with pytest.raises(
        IllegalActionError, match=r"^card=5 is not a .+ Card or card text \(or None\)"
    ):
        family.Action(0, family.ActionKind.DISCARD, 5)
    other = nantong.Card.parse("1t") if family in (zipai, daer) else zipai.Card.parse("x1")
    with pytest.raises(IllegalActionError, match="card=Card"):
        family.Action(0, family.ActionKind.DISCARD, other)  # another family's


def test_game_accepts_an_action_built_from_text() -> None:
    """A game takes the text-built action as the one it lists (equal, so ``can`` / ``apply``)."""
    game = nantong.Game(seed=1)
    while True:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        with_card = [a for a in legal if a.card is not None]
        if with_card:
            break
        game.apply(legal[-1])
    for action in with_card:
        assert action.card is not None
        again = nantong.Action(action.seat, action.kind, action.card.code)
        assert again in legal and game.can(again)
    game.apply(nantong.Action(seat, with_card[0].kind, str(with_card[0].card)))


class _Text(str):
    """A ``str`` subclass, as ``numpy.str_`` is: text all the same."""


@pytest.mark.parametrize(("family", "code", "name"), FAMILIES)
def test_a_str_subclass_is_text(family: Any, code: str, name: str) -> None:
    """(A review: 字牌 / 大貳 ``Action`` and 字牌 / 川牌 / 孝感 ``best_decomposition`` tested
    ``type(x) is str`` and refused a ``str`` subclass that ``Card.parse`` reads.)"""
    built = family.Action(0, family.ActionKind.DISCARD, family.Card.parse(code))
    assert family.Action(0, family.ActionKind.DISCARD, _Text(code)) == built
    sample = next(v.sample for v in changpai.variants() if v.module is family)
    assert family.best_decomposition(_Text(sample)) == family.best_decomposition(sample)


@pytest.mark.parametrize(
    ("family", "code"),
    [
        pytest.param(chuanpai, "11", id="chuanpai"),
        pytest.param(chuanpai.chuopai, "11", id="chuopai"),
        pytest.param(xiaogan, "A1", id="xiaogan"),
        pytest.param(daer, "x2", id="daer"),
    ],
)
def test_text_among_the_cards_that_is_no_card_is_named_alone(family: Any, code: str) -> None:
    """A text among an action's ``cards`` that is no card is named by itself, alike in every
    family with a ``cards`` field (戳牌 named the whole tuple: ``cards=('11', 'zz')``)."""
    kind = next(iter(family.ActionKind))
    with pytest.raises(NotationError, match=r"^cards='zz': 'zz' is not a \w+ card"):
        family.Action(0, kind, cards=[code, "zz"])
