"""Bad input to public 字牌 functions raises the library's typed errors naming the input
(DESIGN.md "Typed errors"), never a plain AttributeError / TypeError from our code."""

from __future__ import annotations

import re

import pytest

from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError
from changpai.zipai import (
    HAHA,
    HUNAN,
    Action,
    ActionKind,
    Card,
    Game,
    Meld,
    MeldKind,
    Win,
    best_decomposition,
    decompositions,
    next_dealer,
    parse,
    waits,
)
from changpai.zipai.views import legacy_document, seen_meld, table_html, view

NOT_ITERABLE = [None, 1, 1.5, True, object()]


@pytest.mark.parametrize("kind", [None, "pass", "peng", 3, []])
def test_action_kind_must_be_an_action_kind(kind: object) -> None:
    """An Action of no ActionKind is refused when made, not when the engine reads it."""
    with pytest.raises(IllegalActionError, match=r"kind=.* is not a zipai ActionKind"):
        Action(0, kind, None)  # type: ignore[arg-type]


def test_an_action_of_a_bad_kind_never_reaches_the_engine() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(Action(0, None))  # type: ignore[arg-type]
    assert game == Game(seed=1)


@pytest.mark.parametrize("melds", [*NOT_ITERABLE, "吃 一二三", Meld.parse("吃 一二三")])
def test_action_melds_must_be_a_sequence_of_melds(melds: object) -> None:
    with pytest.raises(NotationError, match="melds="):
        Action(0, ActionKind.CHI, "x2", melds)  # type: ignore[arg-type]
    # the right spelling is accepted
    assert Action(0, ActionKind.CHI, "x2", ["吃 一二三"]).melds == (Meld.parse("吃 一二三"),)


@pytest.mark.parametrize("value", [[7], {"a": 1}, None, "x7", 2.0, True, 0, 11, Card("x2")])
def test_is_red_of_no_card_value(value: object) -> None:
    """docs/glossary.md (紅 / 黑: ``Rules.is_red`` of a card value 1..10): anything else is a
    NotationError — a Card, None or 2.0 were answered, the red 二 not red (review h124)."""
    with pytest.raises(NotationError, match="is not a card value"):
        HUNAN.is_red(value)  # type: ignore[arg-type]
    assert HUNAN.is_red(Card("x2").value) is Card("x2").red is True


@pytest.mark.parametrize("exposed", [1, 1.5, True, object()])
def test_exposed_must_be_a_sequence_of_melds(exposed: object) -> None:
    """zipai.md §7 hand analysis with table melds: a non-sequence is a NotationError."""
    cards = parse("一二三")
    with pytest.raises(NotationError, match="exposed="):
        waits(cards, exposed)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="exposed="):
        list(decompositions(cards, exposed))  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [None, "peng", 1, []])
def test_meld_kind_must_be_a_meld_kind(kind: object) -> None:
    with pytest.raises(NotationError, match="is not a zipai MeldKind"):
        Meld(kind, parse("一一一"), True)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [*NOT_ITERABLE, "一一一", [1, 2, 3], [None] * 3])
def test_meld_cards_must_be_cards(cards: object) -> None:
    with pytest.raises(NotationError, match="is not a sequence of zipai Cards"):
        Meld(MeldKind.PENG, cards, True)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 1, "game", Meld.parse("碰 一一一")])
def test_views_refuse_what_is_not_a_game_or_meld(bad: object) -> None:
    with pytest.raises(NotationError, match="game="):
        view(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="game="):
        table_html(bad)  # type: ignore[arg-type]
    if not isinstance(bad, Meld):
        with pytest.raises(NotationError, match="meld="):
            seen_meld(bad, own=False)  # type: ignore[arg-type]


def test_seen_meld_ti_face_up_is_an_int() -> None:
    ti = Meld.parse("提 一一一一")
    with pytest.raises(NotationError, match="ti_face_up"):
        seen_meld(ti, own=False, ti_face_up="1")  # type: ignore[arg-type]
    assert seen_meld(ti, own=False, ti_face_up=2).hidden == 2


@pytest.mark.parametrize("data", [None, [], "changpai.zipai.game/1", 5])
def test_legacy_document_of_a_non_object(data: object) -> None:
    with pytest.raises(ChangpaiError, match="not a zipai game document"):
        legacy_document(data)  # type: ignore[arg-type]


D15 = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"self_drawn": None}, "self_drawn=None is not True or False"),
        ({"tianhu": 1}, "tianhu=1 is not True or False"),
        ({"fanxing_card": "x1"}, "fanxing_card='x1' is not a zipai Card"),
        ({"shuxin_card": 5}, "shuxin_card=5 is not a zipai Card"),
    ],
)
def test_win_facts_are_typed(facts: dict[str, object], message: str) -> None:
    """zipai.md §8.3 / §2: a 翻信 / 數信 card given as text would silently match nothing; a Win
    field of the wrong type is a NotationError, as in every family's Win."""
    assert D15 is not None
    with pytest.raises(NotationError, match=re.escape(message)):
        Win(D15, 0, 3, **facts)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, (), parse("一二三")])
def test_win_of_no_decomposition(bad: object) -> None:
    with pytest.raises(NotationError, match="is not of type Decomposition"):
        Win(bad, 0, 3)  # type: ignore[arg-type]


def test_next_dealer_refuses_the_shuxin_as_winner() -> None:
    """zipai.md §2 數信: the seat opposite the dealer sits out, so it never wins the hand."""
    with pytest.raises(RulesError, match="數信"):
        next_dealer(HAHA, 1, 3)
    assert next_dealer(HAHA, 1, 2) == 2 and next_dealer(HUNAN, 1, 0) == 0
