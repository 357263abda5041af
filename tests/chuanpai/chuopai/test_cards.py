"""The cards as 戳牌 uses them (chuanpai.md §1: the 戳牌 class and 戳牌 card colour columns), the
seed names of every card (§5 C13) and the deck (§3.1, §5 C1), read through the 戳牌 API."""

from __future__ import annotations

from collections import Counter

import pytest

from changpai.chuanpai.chuopai import CHUOPAI, DECK, Play, PlayKind, fan, parse, plays
from changpai.errors import NotationError

Z, RED, BLACK = PlayKind.ZHENGMEN, PlayKind.RED, PlayKind.BLACK

# chuanpai.md §1, one row per card: code, the seed names, the 戳牌 class as a play (kind and
# rank name; None for 硬張) and the 戳牌 card colour.
SECTION_1 = [
    ("66", "天牌", (Z, "天"), "red"),
    ("56", "氂牛 斧頭", (Z, "幺"), "black"),
    ("46", "四六 紅拾 瘦肉", (Z, "幺"), "black"),
    ("55", "梅子", (Z, "中山"), "black"),
    ("45", "紅九", (RED, "紅九"), "red"),
    ("36", "三六 彎鞭 黑九", (BLACK, "黑九"), "black"),
    ("44", "人牌", (Z, "人"), "red"),
    ("26", "二六 平八", (BLACK, "平八"), "black"),
    ("35", "三五", (BLACK, "平八"), "black"),
    ("16", "高高 高腳 幺七", (Z, "幺"), "black"),
    ("34", "三四 花七 紅七", (RED, "三四"), "red"),
    ("25", "二五 黑七", (BLACK, "二五"), "black"),
    ("15", "貓貓", (Z, "幺"), "black"),
    ("24", "二四 二紅", None, "black"),
    ("33", "長三", (Z, "中山"), "black"),
    ("14", "幺四 紅五", (RED, "紅五"), "red"),
    ("23", "拐子 枴子", (BLACK, "拐子"), "black"),
    ("13", "合牌 和牌", (Z, "和"), "black"),
    ("22", "長二 板凳", (Z, "中山"), "black"),
    ("12", "丁丁", None, "black"),
    ("11", "地牌", (Z, "地"), "red"),
]


def test_section_1_lists_the_21_dot_cards_of_deck84() -> None:
    """chuanpai.md §1 / §3.1 / §5 C1: 戳牌 plays deck84, the 21 dot cards × 4, no 經牌."""
    assert sorted(code for code, *_ in SECTION_1) == sorted({c.code for c in DECK})
    assert Counter(c.code for c in DECK) == {code: 4 for code, *_ in SECTION_1}
    assert CHUOPAI.deck == "deck84" and CHUOPAI.cards() == DECK
    with pytest.raises(NotationError):
        plays("財神 天牌")


@pytest.mark.parametrize(("code", "names", "play", "colour"), SECTION_1)
def test_section_1_class_and_colour_of_every_card(
    code: str, names: str, play: tuple[PlayKind, str] | None, colour: str
) -> None:
    """chuanpai.md §1 (戳牌 class, 戳牌 card colour) and §3.2: a single card plays in its class
    and rank — 點子 by colour — and 硬張 are never played; §3.4 reads the same colour for 翻
    (three of a red kind is 三紅, three of a black kind nothing)."""
    card = parse(code)[0]
    if play is None:
        with pytest.raises(NotationError, match="is not a 戳牌 play"):
            Play.of([card])
        assert plays(f"{code} {code}") == []
    else:
        single = Play.of([card])
        assert (single.kind, single.name) == play
        if single.kind is not Z:  # a 點子's play colour is the card's 戳牌 colour
            assert single.kind is (RED if colour == "red" else BLACK)
    assert card.red is (colour == "red")
    assert fan(f"{code} {code} {code}") == ((1 if colour == "red" else 0), 0)


@pytest.mark.parametrize(("code", "names", "play", "colour"), SECTION_1)
def test_c13_every_seed_name_reads_as_its_card(
    code: str, names: str, play: tuple[PlayKind, str] | None, colour: str
) -> None:
    """chuanpai.md §5 C13 (氂牛 [S000] / 斧頭 [S001]) and the name columns of §1: every seed name
    of a card is read as that card in 戳牌 plays and hands."""
    for name in names.split():
        assert parse(name) == parse(code), name
        if play is not None:
            assert Play.parse(name) == Play.parse(code), name
    assert Play.parse("氂牛 斧頭").name == "幺"  # both names, one card: a pair of 幺


def test_four_erhong_are_a_sihei() -> None:
    """chuanpai.md §3.4: 二紅 ``24`` is black for 翻 (red cards are only 天 地 人 紅九 三四 紅五):
    four 二紅 among the 擺牌 are a 四黑, like four 丁丁."""
    base = "56 56 56 46 46 46 16 16 16 15 15 15 33"  # 13 black cards, no kind four times
    assert fan(f"24 24 24 24 {base}") == (1, 1)
    assert fan(f"24 24 24 {base}") == (0, 0)
