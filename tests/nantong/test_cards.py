"""Cards and notation of Nantong 長牌 (nantong.md §1)."""

from __future__ import annotations

import copy
import inspect
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import ChangpaiError, NotationError
from changpai.nantong import Card


def test_deck_sizes_section_1() -> None:
    """nantong.md §1: 108 suit cards + 12 honours = 120; with 百搭 125 (N1)."""
    assert len(nantong.DECK) == 120
    assert len(nantong.DECK_BAIDA) == 125
    assert sum(c.is_suit for c in nantong.DECK) == 108
    assert sum(c.is_honour for c in nantong.DECK) == 12
    assert [str(c) for c in nantong.BAIDA] == ["福", "祿", "壽", "喜", "財"]
    assert nantong.deck(baida=True) == nantong.DECK_BAIDA


@pytest.mark.parametrize(
    "code",
    [f"{n}{suit}" for suit in "tbw" for n in range(1, 10)] + ["QZ", "HH", "BH"],
)
def test_four_copies_of_every_plain_kind_section_1(code: str) -> None:
    """nantong.md §1 (the deck table): four copies of each 條 / 丙 / 萬 face and of each honour,
    in both decks; the 125-card deck adds one of each 百搭."""
    card = nantong.Card(code)
    assert nantong.DECK.count(card) == nantong.DECK_BAIDA.count(card) == 4
    assert all(nantong.DECK_BAIDA.count(b) == 1 for b in nantong.BAIDA)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("一條", "1t"), ("一条", "1t"), ("二丙", "2b"), ("二並", "2b"), ("二餅", "2b"),
        ("二饼", "2b"), ("三萬", "3w"), ("三万", "3w"), ("千字", "QZ"), ("千升", "QZ"),
        ("紅花", "HH"), ("红花", "HH"), ("白花", "BH"), ("百花", "BH"), ("福", "FU"),
        ("禄", "LU"), ("寿", "SHOU"), ("禧", "XI"), ("财", "CAI"), ("9T", "9t"), ("qz", "QZ"),
    ],
)  # fmt: skip
def test_hanzi_aliases_section_1(text: str, code: str) -> None:
    """nantong.md §1 and rules README: traditional / simplified / variant glyphs."""
    assert Card.parse(text) is Card(code)


def test_laojiang_section_1() -> None:
    """nantong.md §1: 老將 = 千字, 紅花, 白花 and 九條 (N4 option)."""
    assert [c.code for c in nantong.CARDS if nantong.is_laojiang(c)] == ["9t", "QZ", "HH", "BH"]
    assert not nantong.is_laojiang(Card("9t"), jiutiao=False)


def test_runs_and_baida_tokens() -> None:
    """Runs share a suit; BD / 百搭 take the next free 百搭."""
    assert nantong.format(nantong.parse("一二三並 789w"), ascii=True) == "1b 2b 3b 7w 8w 9w"
    # explicit 百搭 are reserved first, BD takes the next one still free
    assert nantong.parse("BD 福 BD") == (Card("LU"), Card("FU"), Card("SHOU"))
    assert len(nantong.parse("百搭 BD bd 百搭 BD")) == 5


@pytest.mark.parametrize(
    "bad",
    ["0t", "10t", "1x", "一", "十條", "QQ", "1t 1t 1t 1t 1t", "福 福", "BD BD BD BD BD BD", "x"],
)
def test_strict_parse_errors(bad: str) -> None:
    """A typed error naming the input; never a silent change."""
    with pytest.raises(NotationError) as info:
        nantong.parse(bad)
    assert isinstance(info.value, ChangpaiError)


def test_cards_are_equal_when_their_kinds_are() -> None:
    # equality is identity (interned cards): the same answers as comparing the indices
    for a in nantong.CARDS:
        for b in nantong.CARDS:
            assert (a == b) is (a.index == b.index) is (Card(a.code) == b)
            assert (a != b) is (a.index != b.index)
        assert a != a.code and a != a.index and a is not None and a != 0.5
        assert len({a, Card(a.index), Card(a.hanzi)}) == 1 and hash(a) == a.index


def test_interned_and_immutable() -> None:
    card = Card("HH")
    assert card is Card(28) is Card("紅花")
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert repr(card) == "Card('HH')"
    with pytest.raises(AttributeError):
        card.code = "QZ"  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(nantong.DECK_BAIDA), max_size=30).filter(
        lambda cs: all(cs.count(c) <= c.copies for c in cs)
    )
)
def test_notation_round_trip(cards: list[Card]) -> None:
    """Property: format then parse gives the same cards, in ASCII and in hanzi."""
    assert nantong.parse(nantong.format(cards)) == tuple(cards)
    assert nantong.parse(nantong.format(cards, ascii=True)) == tuple(cards)


@pytest.mark.parametrize("bad", [True, False, 1.0, None, b"1t", ["1t"], Card])
def test_card_rejects_non_int_non_str(bad: object) -> None:
    """DESIGN "bad input always gets a clear, typed error that names the input and the reason;
    nothing is ever silently changed": Card(True) is not Card('2t'), Card(1.0) is not an
    AttributeError; both raise NotationError naming the value."""
    with pytest.raises(NotationError, match=re.escape(f"{bad!r} is not a nantong card")):
        Card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 35, 10**9])
def test_card_index_out_of_range(bad: int) -> None:
    """nantong.md §1: 35 card kinds, indices 0..34."""
    with pytest.raises(NotationError, match=f"{bad} is not a nantong card"):
        Card(bad)


def test_count_tuple_is_exported_and_strict() -> None:
    """Review B1 and DESIGN "a fifth copy of a card is an error, never a silent change":
    count_tuple / counts_of (exported by the package) count with the deck's copy limits,
    4 of a plain card and 1 of each 百搭 (nantong.md §1)."""
    assert nantong.count_tuple is nantong.cards.count_tuple
    assert set(nantong.cards.__all__) <= set(nantong.__all__)
    assert nantong.COPIES == (4,) * 30 + (1,) * 5
    counts = nantong.count_tuple(nantong.parse("1t 1t QZ FU"))
    assert len(counts) == 35 and (counts[0], counts[27], counts[30], sum(counts)) == (2, 1, 1, 4)
    assert nantong.counts_of([0, 0, 27]).counts == nantong.count_tuple(nantong.parse("1t 1t QZ"))
    with pytest.raises(NotationError, match="5 copies of 一條; a deck has at most 4"):
        nantong.count_tuple([Card("1t")] * 5)
    with pytest.raises(NotationError, match="2 copies of 福; a deck has at most 1"):
        nantong.count_tuple([Card("FU"), Card("FU")])
    with pytest.raises(NotationError, match="holds '1t', which is not one of nantong cards"):
        nantong.count_tuple(["1t"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("text", "message"),
    [("1t 1t 1t 1t 1t", "5 copies of 一條 in '1t 1t 1t 1t 1t'; a deck has at most 4"),
     ("福 福", "2 copies of 福 in '福 福'; a deck has at most 1"),
     ("福 BD BD BD BD BD", "more than five 百搭")],
)  # fmt: skip
def test_parse_copy_limits_name_the_card_and_text(text: str, message: str) -> None:
    """nantong.md §1 (four copies, one of each 百搭); the error names the card and the text."""
    with pytest.raises(NotationError, match=re.escape(message)):
        nantong.parse(text)


def test_format_ascii_is_keyword_only() -> None:
    """DESIGN "the public face of every family": format(cards, *, ascii=False) like zipai."""
    param = inspect.signature(nantong.format).parameters["ascii"]
    assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default is False
    with pytest.raises(TypeError):
        nantong.format([Card("1t")], True)  # type: ignore[misc]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [*nantong.cards._CHUNKS, "BD", "百搭", "123b", "一二三並", "1x", "十條", "B", "條"]
            ),
            st.sampled_from(["", " ", ",", "，", "、", "\t", "\n"]),
        ),
        max_size=10,
    )
)
def test_parse_agrees_with_the_scanner(parts: list[tuple[str, str]]) -> None:
    """parse's fast path (a chunk that is one card is looked up at once) reads every text as
    the character-by-character scanner does: the same cards, or a NotationError."""
    from changpai.nantong import cards as module

    text = "".join(token + sep for token, sep in parts)
    try:
        expected = module._resolve(module._scan(text), text)
    except NotationError:
        with pytest.raises(NotationError):
            nantong.parse(text)
        return
    assert nantong.parse(text) == expected


@given(st.lists(st.sampled_from(nantong.DECK_BAIDA), max_size=23, unique=False), st.booleans())
def test_codes_written_together_read_as_written_apart_section_1(
    cards: list[Card], lower: bool
) -> None:
    """nantong.md §1 notation, docs/core-concepts.md "with or without spaces" (review h24):
    ASCII codes written together (``4w5tHH``) read as the same codes written apart."""
    if any(n > c.copies for c, n in ((c, cards.count(c)) for c in cards)):
        return
    codes = [c.code.lower() if lower else c.code for c in cards]
    assert nantong.parse("".join(codes)) == nantong.parse(" ".join(codes)) == tuple(cards)


@pytest.mark.parametrize(("text", "cards"), [("4w5t", "4w 5t"), ("HHQZ", "HH QZ"),
                                             ("5t5tBD", "5t 5t FU"), ("12b3bSHOU", "1b 2b 3b SHOU")])  # fmt: skip
def test_codes_written_together_section_1(text: str, cards: str) -> None:
    assert nantong.parse(text) == nantong.parse(cards)


@pytest.mark.parametrize("text", ["4w5", "HHQ", "5tX", "1t0t"])
def test_a_joined_word_that_is_not_codes_is_named_section_1(text: str) -> None:
    with pytest.raises(NotationError, match=f"'{text}' is not a nantong card"):
        nantong.parse(text)


@pytest.mark.parametrize("text", ["xı", "XI\u0307", "ﬁ"])
def test_codes_are_ascii_not_what_upper_case_makes_of_other_letters(text: str) -> None:
    """nantong.md §1 codes are ASCII (review h54: `Card("xı")`, a dotless ı that Python
    upper-cases to "XI", was read as 喜)."""
    with pytest.raises(NotationError, match="is not a nantong card"):
        Card(text)


def test_a_card_refuses_deletion_and_foreign_comparisons() -> None:
    """An interned card is immutable (docs: nantong.md, Cards): deleting an attribute is refused
    as setting one is, and ordering against another family's card or anything else raises
    TypeError, as 川牌's cards do (review h59: ``del Card("1w").hanzi`` broke every 一萬, and
    cards of two families sorted together)."""
    from changpai import zipai

    card = Card("1w")
    with pytest.raises(AttributeError, match="immutable"):
        del card.hanzi
    assert card.hanzi == "一萬" and str(nantong.parse("1w")[0]) == "一萬"
    for other in (zipai.Card("x2"), None, 3):
        with pytest.raises(TypeError):
            card < other  # noqa: B015
        with pytest.raises(TypeError):
            sorted([card, other])


def test_counts_named_where_pickle() -> None:
    """``counts_of(..., where=...)`` pickles, as the counts without ``where`` do (review h59)."""
    counts = nantong.counts_of([0, 0], where=" in the hand")
    assert pickle.loads(pickle.dumps(counts)) == counts
