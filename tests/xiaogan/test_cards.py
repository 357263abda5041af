"""孝感 cards and notation (xiaogan.md §1)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai import chuanpai, zipai
from changpai.errors import NotationError
from changpai.xiaogan import CARDS, CHARACTERS, DECK, HUNJIANG, PHRASES, Card, format, parse
from changpai.xiaogan.cards import counts_of


def test_the_deck_has_121_cards() -> None:
    """xiaogan.md §1: 24 characters × 5 + 1 混江 = 121."""
    assert len(DECK) == 121
    assert all(DECK.count(c) == 5 for c in CHARACTERS)
    assert DECK.count(HUNJIANG) == 1 and HUNJIANG.code == "HJ" and HUNJIANG.hanzi == "混江"


@pytest.mark.parametrize("letter, phrase", list(zip("ABCDEFGH", PHRASES, strict=True)))
def test_codes_are_phrase_letter_and_place(letter: str, phrase: str) -> None:
    """xiaogan.md §1 table: letter+position codes, one phrase per letter."""
    for position, hanzi in enumerate(phrase, start=1):
        card = Card(f"{letter}{position}")
        assert card.hanzi == hanzi and card.phrase == phrase
        assert card.letter == letter and card.position == position
        assert Card.parse(hanzi) is card


def test_the_eight_phrases() -> None:
    """xiaogan.md §1: 上大人 邱乙己 化三千 七十士 爾小生 八九子 佳作仁 可知禮."""
    assert "".join(PHRASES) == "上大人邱乙己化三千七十士爾小生八九子佳作仁可知禮"


@pytest.mark.parametrize(
    "alias, code", [("孔", "B1"), ("丘", "B1"), ("土", "D3"), ("尔", "E1"), ("礼", "H3")]
)
def test_regional_spellings_are_aliases(alias: str, code: str) -> None:
    """xiaogan.md §1, X10: 孔乙己 / 七十土 of other regions are display aliases of B1 / D3."""
    assert Card.parse(alias) is Card(code)
    assert str(Card(alias)) == Card(code).hanzi


@pytest.mark.parametrize("text", ["shi", "ren", "shang", "da", "hun jiang"])
def test_pinyin_is_never_a_key(text: str) -> None:
    """xiaogan.md §1: pinyin collides (十/士 shi, 人/仁 ren); it is not accepted."""
    with pytest.raises(NotationError, match="not a xiaogan card"):
        parse(text)


def test_shi_and_ren_are_distinct() -> None:
    assert Card("十") is not Card("士") and Card("人") is not Card("仁")
    assert (Card("十").code, Card("士").code, Card("人").code, Card("仁").code) == (
        "D2",
        "D3",
        "A3",
        "G3",
    )


@pytest.mark.parametrize("text", ["天牌", "66", "x1", "一", "A4", "I1", "混", "JC"])
def test_cards_of_other_families_are_refused(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert "not a xiaogan card" in str(info.value)


@pytest.mark.parametrize("control", [chr(c) for c in (*range(0x09), *range(0x0E, 0x1C), 0x7F)])
def test_control_characters_are_refused_not_dropped(control: str) -> None:
    """The notation is strict (docs/xiaogan.md "The cards"): a control character is no card
    and no separator — it was silently dropped (``"上\\x00大人"`` read as 上大人).
    Issue 12 (typed errors, one public face).
    """
    with pytest.raises(NotationError, match="is not a xiaogan card"):
        parse(f"上{control}大人")


def test_too_many_copies_are_refused() -> None:
    with pytest.raises(NotationError, match="6 copies of 上"):
        parse("上上上上上上")
    with pytest.raises(NotationError, match="2 copies of 混江"):
        parse("HJ 混江")


def test_objects_of_other_families_are_refused() -> None:
    for foreign in (zipai.Card("x1"), chuanpai.Card("66"), "A1", 0):
        with pytest.raises(NotationError, match="not a xiaogan Card"):
            counts_of([foreign])


def test_cards_are_interned() -> None:
    for card in CARDS:
        assert copy.deepcopy(card) is card is pickle.loads(pickle.dumps(card))
        assert eval(repr(card)) is card


def test_touching_hanzi_and_codes() -> None:
    assert parse("上大人A1a2,HJ") == tuple(Card(c) for c in ("A1", "A2", "A3", "A1", "A2", "HJ"))
    assert format(parse("上大人 混江")) == "上 大 人 混江"


def test_colour_is_not_given() -> None:
    """xiaogan.md §1: no colours in the seed; the attribute exists and is None."""
    assert all(c.colour is None for c in CARDS)


hands = st.lists(st.sampled_from(CARDS), max_size=20).filter(
    lambda cs: all(cs.count(c) <= (1 if c is HUNJIANG else 5) for c in set(cs))
)


@given(hands)
def test_notation_round_trips(cards: list[Card]) -> None:
    assert parse(format(cards)) == tuple(cards)
    assert parse(format(cards, ascii=True)) == tuple(cards)


@pytest.mark.parametrize("value", [None, 5, [1, 2], zipai.parse("一"), "上大人"])
def test_format_refuses_what_is_not_cards(value: object) -> None:
    """format takes 孝感 cards only: anything else is a NotationError naming the input."""
    with pytest.raises(NotationError, match="cards="):
        format(value)  # type: ignore[arg-type]
