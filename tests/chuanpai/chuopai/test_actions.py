"""Actions and piles of 戳牌: text, JSON round trips and typed errors."""

from __future__ import annotations

import json

import pytest

from changpai.chuanpai.chuopai import Action, ActionKind, Game, Pile, PileKind, parse
from changpai.errors import IllegalActionError, NotationError


@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_kind_has_hanzi_and_round_trips(kind: ActionKind) -> None:
    action = Action(2, kind, parse("45 66"))
    assert str(action) == f"seat 2 {kind.hanzi} 天牌 紅九"
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_cards_are_kept_heads_first_whatever_the_order() -> None:
    assert Action(0, ActionKind.LEAD, "26 11").cards == parse("11 26")
    assert Action(0, ActionKind.LEAD, "紅九 天牌") == Action(0, ActionKind.LEAD, parse("66 45"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "expected a JSON object"),
        ({"kind": "lead"}, "the key 'seat' is missing"),
        ({"seat": "0", "kind": "lead"}, "seat='0' is not a seat; expected a whole number 0..2"),
        ({"seat": True, "kind": "lead"}, "seat=True is not a seat"),
        ({"seat": 0, "kind": "discard"}, "'discard' is not one of"),
        ({"seat": 0, "kind": "lead", "cards": "66"}, "cards must be a list of codes"),
        ({"seat": 0, "kind": "lead", "cards": ["61"]}, "'61' is not a chuanpai card"),
    ],
)
def test_bad_action_documents(data: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Action.from_dict(data)


def test_a_malformed_action_is_refused_with_its_reason() -> None:
    """A kind that is no ActionKind, or an item of cards that is no card, is refused when the
    action is built (IllegalActionError, as in every family: it could not be printed or
    written); a play the rules refuse is refused by the game, which stays as it was."""
    with pytest.raises(IllegalActionError, match="kind='lead' is not a 戳牌 ActionKind"):
        Action(0, "lead", parse("66"))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="holds 5, not a 戳牌 card or its text"):
        Action(0, ActionKind.LEAD, ("66", 5))  # type: ignore[arg-type]
    game = Game(seed=8)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="硬張, never played"):
        game.apply(Action(0, ActionKind.LEAD, parse("12")))
    assert game.to_json() == before


def test_cards_given_as_texts_are_cards() -> None:
    """Each card may be given as its text, as in every family's Action."""
    built = Action(0, ActionKind.LEAD, ("45", "天牌"))
    assert built == Action(0, ActionKind.LEAD, parse("66 45"))
    assert built.to_dict() == {"seat": 0, "kind": "lead", "cards": ["66", "45"]}


@pytest.mark.parametrize("cards", [5, None, 1.5, object()])
def test_cards_that_are_not_a_sequence_are_refused_when_built(cards: object) -> None:
    """Action(seat, kind, cards) takes card text or a sequence of cards: anything else raises
    IllegalActionError naming ``cards`` (it was a bare TypeError)."""
    with pytest.raises(IllegalActionError, match=r"cards=.* is not a sequence of 戳牌 cards"):
        Action(0, ActionKind.LEAD, cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", ["zz", ["zz"], ("66", "zz")])
def test_text_that_is_no_card_names_the_field(cards: object) -> None:
    """Card text that is no 戳牌 card names ``cards`` and what it holds, as every family's
    Action names its field (review h71: the message named no field)."""
    with pytest.raises(NotationError, match=r"^cards=.*'zz' is not a chuanpai card"):
        Action(0, ActionKind.LEAD, cards)  # type: ignore[arg-type]


def test_piles() -> None:
    up = Pile(PileKind.BAI, parse("66 45"), 3)
    down = Pile(PileKind.COVERED, parse("56 46"))
    assert (str(up), up.face_up, down.face_up) == ("擺牌 天牌紅九", True, False)
    assert "face down" in down._repr_html_() and "face down" not in up._repr_html_()


def test_a_pile_keeps_its_own_cards() -> None:
    """A ``Pile`` given a list keeps a copy (review h60: the caller's later ``pop`` emptied the
    pile), and refuses what is no 戳牌 card."""
    cards = list(parse("66 45"))
    pile = Pile(PileKind.BAI, cards, 3)
    cards.pop()
    assert pile.cards == parse("66 45") and pile.to_dict()["cards"] == ["66", "45"]
    with pytest.raises(NotationError, match="cards"):
        Pile(PileKind.BAI, ["66"], 1)
