"""Tests of the 字牌 deck and card notation (zipai.md §1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.errors import NotationError
from changpai.zipai import CARDS, DECK, KINDS, Card, format, parse


def test_deck() -> None:
    """zipai.md §1: 80 cards, 20 kinds × 4 copies, 24 red (二七十 貳柒拾)."""
    assert len(DECK) == 80 and KINDS == 20 and len(CARDS) == 20
    assert all(DECK.count(card) == 4 for card in CARDS)
    assert sum(card.red for card in DECK) == 24
    assert {card.code for card in CARDS if card.red} == {"x2", "x7", "x10", "d2", "d7", "d10"}


_SMALL = "一二三四五六七八九十"
_BIG = "壹貳叄肆伍陸柒捌玖拾"


@pytest.mark.parametrize(
    ("hanzi", "code", "value", "big", "red"),
    [
        (face, f"{'d' if big else 'x'}{value}", value, big, value in (2, 7, 10))
        for big, faces in ((False, _SMALL), (True, _BIG))
        for value, face in enumerate(faces, start=1)
    ],
    ids=lambda v: str(v) if isinstance(v, str) and len(v) == 1 else None,
)
def test_the_deck_table_of_section_1(
    hanzi: str, code: str, value: int, big: bool, red: bool
) -> None:
    """zipai.md §1 (the deck table): every kind's face, ASCII code, 牌點 (case ignored), case
    and Hunan colour (二 七 十 / 貳 柒 拾 red), four copies of each."""
    card = Card.parse(code)
    assert card.hanzi == hanzi and Card.parse(hanzi) == card and card.code == code
    assert (card.value, card.big, card.red) == (value, big, red)
    assert DECK.count(card) == 4


@pytest.mark.parametrize(
    ("text", "code", "value", "big"),
    [
        ("一", "x1", 1, False),
        ("十", "x10", 10, False),
        ("壹", "d1", 1, True),
        ("伍", "d5", 5, True),
        ("拾", "d10", 10, True),
        ("贰", "d2", 2, True),
        ("叁", "d3", 3, True),
        ("陆", "d6", 6, True),
        ("參", "d3", 3, True),
        ("参", "d3", 3, True),
        ("s4", "x4", 4, False),
        ("B9", "d9", 9, True),
        ("x10", "x10", 10, False),
    ],
)
def test_parse_one(text: str, code: str, value: int, big: bool) -> None:
    """zipai.md §1: codes x1..x10 / d1..d10 (aliases s/b) and hanzi, traditional or simplified."""
    card = Card.parse(text)
    assert card.code == code and card.value == value and card.big is big
    assert card is CARDS[card.index]


def test_value_ignores_case() -> None:
    """zipai.md §1: 牌點 ignores case (伍 and 五 are both 5)."""
    assert Card.parse("伍").value == Card.parse("五").value == 5
    assert Card.parse("伍") != Card.parse("五")


def test_parse_many() -> None:
    assert format(parse("一二三 壹贰叁 x4 x5 x6")) == "一二三壹貳叄四五六"
    assert parse("x1x2,d10|一") == (CARDS[0], CARDS[1], CARDS[19], CARDS[0])


@pytest.mark.parametrize("text", ["x11", "y1", "x0", "一A", "d", "中", "x1 q", "弍", "弎"])
def test_unknown_tokens(text: str) -> None:
    """Bad tokens raise NotationError naming the token."""
    with pytest.raises(NotationError, match="is not a zipai card"):
        parse(text)


def test_five_copies() -> None:
    """zipai.md §1 / DESIGN: a fifth copy is an error, never a silent change."""
    with pytest.raises(NotationError, match="5 copies of 拾"):
        parse("拾拾拾 d10 d10")
    assert len(parse("拾拾拾 d10")) == 4


def test_card_parse_needs_one_card() -> None:
    with pytest.raises(NotationError, match="not one zipai card"):
        Card.parse("一二")
    with pytest.raises(NotationError):
        parse(5)  # type: ignore[arg-type]


def test_repr_str_html() -> None:
    card = Card.parse("d7")
    assert repr(card) == "Card('d7')" and str(card) == "柒"
    assert "#c00" in card._repr_html_() and "#c00" not in Card.parse("d8")._repr_html_()


hands = st.lists(st.sampled_from(CARDS), max_size=30).filter(
    lambda h: all(h.count(c) <= 4 for c in set(h))
)


@settings(max_examples=100, deadline=None)
@given(hands)
def test_round_trip(hand: list[Card]) -> None:
    """zipai.md §1: parse(format(cards)) round-trips, in hanzi and in ASCII."""
    assert parse(format(hand)) == tuple(hand)
    assert parse(format(hand, ascii=True)) == tuple(hand)
    for card in hand:
        assert eval(repr(card)) == card
        assert Card.parse(card.code) is card


def test_constructor_checks() -> None:
    """Card(...) accepts an index, a code or a glyph, and nothing else."""
    assert Card("柒") == Card(16) == Card.parse("d7")
    for bad in (20, -1, "x11", True, 1.5):
        with pytest.raises(NotationError):
            Card(bad)  # type: ignore[arg-type]


# --- interning (DESIGN "Card kinds are interned: one object per kind") ----------------------


@pytest.mark.parametrize("index", range(KINDS))
def test_every_construction_path_returns_the_interned_card(index: int) -> None:
    """DESIGN conventions: "Card kinds are interned: one object per kind". Card(index),
    Card(code), Card(glyph), Card.parse, parse, copy, deepcopy, pickle and attrs.evolve all
    give the object of CARDS (zipai.md §1: 20 kinds)."""
    import copy
    import pickle

    import attrs

    card = CARDS[index]
    assert Card(index) is card
    assert Card(index=index) is card
    assert Card(card.code) is card and Card(card.hanzi) is card and Card(card.code.upper()) is card
    assert Card.parse(card.code) is card and parse(card.hanzi)[0] is card
    assert eval(repr(card), {"Card": Card}) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert copy.deepcopy([card, (card,)])[1][0] is card
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    assert attrs.evolve(card) is card
    assert attrs.evolve(card, index=(index + 1) % KINDS) is CARDS[(index + 1) % KINDS]
    assert hash(card) == hash(Card(index)) and card == Card(card.code)


def test_interned_cards_are_frozen() -> None:
    """DESIGN: values are frozen; an interned card cannot be changed (it would change them all)."""
    import attrs

    card = Card("d7")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.index = 3  # type: ignore[misc]
    assert card.index == 16 and CARDS[16].code == "d7"


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (True, "a card is named by its code or glyph"),
        (False, "a card is named by its code or glyph"),
        (1.0, "a card is named by its code or glyph"),
        (None, "a card is named by its code or glyph"),
        ((1,), "a card is named by its code or glyph"),
        (20, "expected 0..19"),
        (-1, "expected 0..19"),
        ("x11", "is not a zipai card"),
        ("x1 x2", "is not one zipai card"),
        ("", "is not one zipai card"),
    ],
    ids=repr,
)
def test_bad_card_arguments_raise_notation_error(bad: object, reason: str) -> None:
    """DESIGN conventions: bad input raises a typed error naming the input and the reason; a
    bool is not the index 1 or 0 (zipai.md §1: cards are x1..x10, d1..d10 or indexes 0..19)."""
    with pytest.raises(NotationError, match=reason) as caught:
        Card(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)


def test_the_packed_count_slot_is_no_attrs_field() -> None:
    """Issue 12: each card carries its packed count for the hand analysis (3 bits per kind),
    a slot outside the attrs fields: equality, order, repr, ``attrs.asdict`` and pickling are
    those of the index alone (zipai.md §1)."""
    import pickle

    import attrs

    assert [c._zipai_pow for c in CARDS] == [1 << (3 * k) for k in range(KINDS)]
    assert [f.name for f in attrs.fields(Card)] == ["index"]
    assert attrs.asdict(CARDS[3]) == {"index": 3} and repr(CARDS[3]) == "Card('x4')"
    assert pickle.loads(pickle.dumps(CARDS[17])) is CARDS[17]
    assert attrs.evolve(CARDS[2], index=4) is CARDS[4]
