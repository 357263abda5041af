"""Tests of the 川牌 cards and notation (chuanpai.md §1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import chuanpai
from changpai.chuanpai import (
    CARDS,
    DECK84,
    DECK84_JING,
    DECK86,
    DECK105,
    DOT_CARDS,
    Card,
    ChuoClass,
    format,
    parse,
)
from changpai.errors import NotationError

Z, S, Y, D, H = (
    ChuoClass.ZHENGMEN,
    ChuoClass.ZHONGSHAN,
    ChuoClass.YAO,
    ChuoClass.DIANZI,
    ChuoClass.YINGZHANG,
)

# chuanpai.md §1 card table: #, code, names, points, left colour, right colour, red dots,
# 戳牌 class, 戳牌 card red, 擠兒 partner point values (10/20).
TABLE = [
    (1, "66", ("天牌",), 12, "crossed", "crossed", 6, Z, True, (8,)),
    (2, "56", ("斧頭", "氂牛"), 11, "black", "black", 0, Y, False, (9,)),
    (3, "46", ("四六", "紅拾", "瘦肉"), 10, "red", "black", 4, Y, False, (10,)),
    (4, "55", ("梅子",), 10, "black", "black", 0, S, False, (10,)),
    (5, "45", ("紅九",), 9, "red", "black", 4, D, True, (11,)),
    (6, "36", ("三六", "彎鞭", "黑九"), 9, "black", "black", 0, D, False, (11,)),
    (7, "44", ("人牌",), 8, "red", "red", 8, Z, True, (2, 12)),
    (8, "26", ("二六", "平八"), 8, "black", "black", 0, D, False, (2, 12)),
    (9, "35", ("三五",), 8, "black", "black", 0, D, False, (2, 12)),
    (10, "16", ("高高", "高腳", "幺七"), 7, "red", "black", 1, Y, False, (3,)),
    (11, "34", ("三四", "花七", "紅七"), 7, "black", "red", 4, D, True, (3,)),
    (12, "25", ("二五", "黑七"), 7, "black", "black", 0, D, False, (3,)),
    (13, "15", ("貓貓",), 6, "red", "black", 1, Y, False, (4,)),
    (14, "24", ("二四", "二紅"), 6, "black", "red", 4, H, False, (4,)),
    (15, "33", ("長三",), 6, "black", "black", 0, S, False, (4,)),
    (16, "14", ("幺四", "紅五"), 5, "red", "red", 5, D, True, (5,)),
    (17, "23", ("拐子", "枴子"), 5, "black", "black", 0, D, False, (5,)),
    (18, "13", ("合牌", "和牌"), 4, "red", "black", 1, Z, False, (6,)),
    (19, "22", ("長二", "板凳"), 4, "black", "black", 0, S, False, (6,)),
    (20, "12", ("丁丁",), 3, "red", "black", 1, H, False, (7,)),
    (21, "11", ("地牌",), 2, "red", "red", 2, Z, True, (8,)),
]


@pytest.mark.parametrize("row", TABLE, ids=[f"chuanpai.md §1 #{r[0]} {r[1]}" for r in TABLE])
def test_card_table(row: tuple) -> None:  # type: ignore[type-arg]
    """chuanpai.md §1: every row of the card table."""
    number, code, names, points, left, right, red, chuo, chuo_red, partners = row
    card = Card(code)
    assert card.number == number
    assert card.index == number - 1
    assert card.names == names
    assert card.points == points
    assert int(code[0]) == card.left <= card.right == int(code[1])
    assert (card.left_colour, card.right_colour) == (left, right)
    assert card.red_dots == red
    assert card.red_dots + card.black_dots == points
    assert card.chuo_class is chuo
    assert card.red is chuo_red
    for name in names:
        assert Card.parse(name) is CARDS[card.index]
    assert Card.parse(code) == card
    found = tuple(sorted({p.points for p in DOT_CARDS if p.points + points in (10, 20)}))
    assert found == partners


@pytest.mark.parametrize(
    ("code", "names"), [("JC", ("財神",)), ("JT", ("聽用",))], ids=["§1 #22 財神", "§1 #22 聽用"]
)
def test_jing_cards(code: str, names: tuple[str, ...]) -> None:
    """chuanpai.md §1 row 22: the word cards 財神 / 聽用 (經牌) have no dots and no 戳牌 class."""
    card = Card(code)
    assert card.is_jing and card.names == names and card.number == 22
    assert card.points == 0 and card.red_dots == 0
    assert card.chuo_class is ChuoClass.NONE


def test_colour_rule() -> None:
    """chuanpai.md §1: a half with 1 or 4 pips is red, 天牌 crossed, 地牌 / 人牌 all red."""
    for card in DOT_CARDS:
        if card.code == "66":
            continue
        for pips, colour in ((card.left, card.left_colour), (card.right, card.right_colour)):
            assert (colour == "red") == (pips in (1, 4))
    assert [c.code for c in DOT_CARDS if c.all_red] == ["44", "14", "11"]


@pytest.mark.parametrize(
    ("name", "deck", "size", "per_kind"),
    [
        ("deck84", DECK84, 84, 4),
        ("deck105", DECK105, 105, 5),
        ("deck84_jing", DECK84_JING, 84, 4),
        ("deck86", DECK86, 86, 4),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_decks(name: str, deck: tuple[Card, ...], size: int, per_kind: int) -> None:
    """chuanpai.md §1 deck variants."""
    assert chuanpai.deck(name) is deck
    assert len(deck) == size
    for card in DOT_CARDS:
        expected = 2 if (name == "deck84_jing" and card.code == "12") else per_kind
        assert deck.count(card) == expected
    jing = sum(1 for c in deck if c.is_jing)
    assert jing == (2 if name in ("deck84_jing", "deck86") else 0)


@pytest.mark.parametrize(
    ("points", "count"),
    [(2, 4), (3, 4), (4, 8), (5, 8), (6, 12), (7, 12), (8, 12), (9, 8), (10, 8), (11, 4), (12, 4)],
    ids=lambda v: f"{v}",
)
def test_deck84_counts_per_point(points: int, count: int) -> None:
    """chuanpai.md §1: counts per point value in deck84 (used by the 齊頭 rule)."""
    assert sum(1 for c in DECK84 if c.points == points) == count


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("天牌 氂牛 斧頭", ["66", "56", "56"]),
        ("紅拾 瘦肉 四六", ["46", "46", "46"]),
        ("彎鞭,黑九、三六", ["36", "36", "36"]),
        ("高腳高高幺七", ["16", "16", "16"]),
        ("花七 紅七 黑七", ["34", "34", "25"]),
        ("拐子 枴子 和牌 合牌 板凳", ["23", "23", "13", "13", "22"]),
        ("牦牛 斧头 红九 猫猫 长三 长二", ["56", "56", "45", "15", "33", "22"]),
        ("66561211", ["66", "56", "12", "11"]),
        ("財神 聽用", ["JC", "JT"]),
        ("jc JT", ["JC", "JT"]),
        ("天地人和", ["66", "11", "44", "13"]),
        ("犛牛 么四 么七", ["56", "14", "16"]),
    ],
)
def test_parse_names_and_codes(text: str, codes: list[str]) -> None:
    """chuanpai.md §1 and rules/README.md notation: codes, every seed name, simplified glyphs."""
    assert [c.code for c in parse(text)] == codes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("65", "'65' is not a chuanpai card"),
        ("77", "'77' is not a chuanpai card"),
        ("天牌 狗", "'狗' is not a chuanpai card"),
        ("666", "codes have two digits"),
        ("66 66 66 66 66 66", "6 copies of 天牌"),
        ("JC JC", "2 copies of 財神"),
    ],
)
def test_parse_is_strict(text: str, message: str) -> None:
    """Bad notation raises NotationError naming the input and the reason."""
    with pytest.raises(NotationError, match=message):
        parse(text)


def test_parse_checks_the_given_deck() -> None:
    """A fifth copy is an error in deck84; 經牌 are not in deck105."""
    with pytest.raises(NotationError, match="5 copies of 梅子"):
        parse("55 55 55 55 55", deck=DECK84)
    with pytest.raises(NotationError, match=r"1 copy of 財神 .* of deck105"):
        parse("JC", deck=DECK105)
    assert len(parse("55 55 55 55 55", deck=DECK105)) == 5


def test_card_repr_round_trips_and_sorts() -> None:
    """repr round-trips; cards sort in table order, 經牌 last."""
    for card in CARDS:
        assert eval(repr(card), {"Card": Card}) == card
    assert sorted(parse("JT 11 66 JC 44")) == list(parse("66 44 11 JC JT"))
    with pytest.raises(NotationError):
        Card(23)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CARDS), max_size=20))
def test_format_parse_round_trip(cards: list[Card]) -> None:
    """Property: format then parse gives the same cards, in hanzi and in ASCII."""
    try:
        parse(format(cards, ascii=True))
    except NotationError:
        return  # more copies than any deck holds
    assert list(parse(format(cards))) == cards
    assert list(parse(format(cards, ascii=True))) == cards


# chuanpai.md §3.2, written from the rules text: 正門 天 > 地 > 人 > 和 > 中山 (梅子 長三 長二,
# equal) > 幺 (貓貓 高腳 四六 斧頭, equal); red 點子 紅九 > 三四 > 紅五; black 點子 黑九 >
# 平八 = 三五 > 二五 > 拐子.
CHUO_ORDER = [
    ("正門", [["66"], ["11"], ["44"], ["13"], ["55", "33", "22"], ["15", "16", "46", "56"]]),
    ("red 點子", [["45"], ["34"], ["14"]]),
    ("black 點子", [["36"], ["26", "35"], ["25"], ["23"]]),
]


@pytest.mark.parametrize(("group", "levels"), CHUO_ORDER, ids=[g for g, _ in CHUO_ORDER])
def test_chuo_ranks(group: str, levels: list[list[str]]) -> None:
    """chuanpai.md §3.2: the 戳牌 rank order of each class, equal cards at the same level."""
    ranks = [{Card(code).chuo_rank for code in level} for level in levels]
    assert all(len(r) == 1 for r in ranks)
    flat = [next(iter(r)) for r in ranks]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat)
    red = {"正門": None, "red 點子": True, "black 點子": False}[group]
    for level in levels:
        for code in level:
            card = Card(code)
            assert card.chuo_class.zhengmen is (group == "正門")
            if red is not None:
                assert card.red is red


@pytest.mark.parametrize(
    ("combo", "head", "partners"),
    [
        ("天九", "66", ("45", "36")),
        ("地八", "11", ("26", "35")),
        ("人七", "44", ("34", "25")),
        ("和五", "13", ("14", "23")),
    ],
)
def test_chuo_combos(combo: str, head: str, partners: tuple[str, str]) -> None:
    """chuanpai.md §3.2 組合: 天九 (天牌 + 紅九 / 黑九), 地八, 人七, 和五 — 12 cards each in deck84."""
    members = [c for c in DOT_CARDS if c.chuo_combo == combo]
    assert {c.code for c in members} == {head, *partners}
    assert sum(1 for c in DECK84 if c.chuo_combo == combo) == 12
    assert Card(head).chuo_class is ChuoClass.ZHENGMEN
    assert all(Card(p).chuo_class is ChuoClass.DIANZI for p in partners)


def test_yingzhang_and_jing_have_no_rank() -> None:
    """chuanpai.md §3.1: 硬張 丁丁 / 二紅 are not played; 經牌 are not used in 戳牌."""
    assert [c.chuo_rank for c in (Card("12"), Card("24"), Card("JC"), Card("JT"))] == [0, 0, 0, 0]


def test_cards_are_interned_on_every_path() -> None:
    """DESIGN.md "Card kinds are interned: one object per kind": construction by code, name or
    index, parse, copy, deepcopy, pickle and attrs.evolve all give the object of CARDS."""
    import copy
    import pickle

    import attrs

    card = CARDS[1]
    assert Card("56") is card and Card("斧頭") is card and Card(1) is card
    assert Card.parse("氂牛") is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert attrs.evolve(card, index=1) is card and attrs.evolve(card, index=0) is CARDS[0]
    assert all(Card(c.code) is c for c in CARDS)
    assert pickle.loads(pickle.dumps(parse("66 44 JC"))) == parse("66 44 JC")
    assert hash(Card("66")) == hash(CARDS[0]) and Card("66") == CARDS[0]


def test_parse_accepts_a_deck_name() -> None:
    """DESIGN.md strict notation: ``deck`` is a deck name as in Rules.deck (chuanpai.md §1 deck
    variants) or a card sequence; anything else, or text that is not a string, is a
    NotationError naming it."""
    assert parse("66 66 66 66", deck="deck84") == parse("66 66 66 66", deck=DECK84)
    with pytest.raises(NotationError, match=r"5 copies of 天牌 \('66'\) of deck84; .* at most 4"):
        parse("66 66 66 66 66", deck="deck84")
    with pytest.raises(NotationError, match=r"1 copy of 聽用 .* of deck105"):
        parse("JT", deck="deck105")
    assert parse("JC JT", deck="deck86") == (Card("JC"), Card("JT"))
    with pytest.raises(NotationError, match="'deck99' is not a chuanpai deck"):
        parse("66", deck="deck99")
    with pytest.raises(NotationError, match="deck=5 is not a chuanpai deck"):
        parse("66", deck=5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="5 is not chuanpai card text"):
        parse(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="None is not chuanpai card text"):
        parse(None)  # type: ignore[arg-type]


def _reference_tokens(text: str) -> list[str]:
    """The tokenizer before the one-card-per-chunk fast path (character join, longest token
    first), kept as the oracle of :func:`test_parse_agrees_with_the_reference_tokenizer`."""
    from changpai.chuanpai import cards as module
    from changpai.core.notation import is_separator

    out: list[str] = []
    for chunk in "".join(" " if is_separator(ch) else ch for ch in text).split():
        if chunk.isdigit():
            if len(chunk) % 2:
                raise NotationError("odd digits")
            out.extend(chunk[i : i + 2] for i in range(0, len(chunk), 2))
            continue
        pos = 0
        while pos < len(chunk):
            for token in module._TOKENS:
                if chunk.startswith(token, pos):
                    out.append(token)
                    pos += len(token)
                    break
            else:
                raise NotationError("unknown")
    return out


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([*sorted(chuanpai.cards._LOOKUP), "61", "x", "天", "6"]),
            st.sampled_from(["", " ", ",", "，", "、", ";", "|", "\t"]),
        ),
        max_size=12,
    )
)
def test_parse_agrees_with_the_reference_tokenizer(parts: list[tuple[str, str]]) -> None:
    """parse's tokenizer with its fast path (a chunk that is one card is looked up at once)
    reads every text as the character-by-character one did: the same cards, or a
    NotationError."""
    from changpai.chuanpai import cards as module

    text = "".join(token + sep for token, sep in parts)
    try:
        expected = [module._LOOKUP[t] for t in _reference_tokens(text)]
    except (NotationError, KeyError):
        with pytest.raises(NotationError):
            module._tokens(text)
        return
    assert [module._LOOKUP[t] for t in module._tokens(text)] == expected
