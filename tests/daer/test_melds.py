"""大貳 sets (daer.md §4, §7) and their 胡 by the 字牌 胡息 table (zipai.md §8.1, daer.md E5)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai import zipai
from changpai.daer import (
    CARDS,
    DAER,
    DECK,
    KINDS,
    LUZHOU,
    Meld,
    MeldKind,
    Origin,
    classify,
    meld_hu,
    parse,
)
from changpai.errors import NotationError


def test_the_deck_of_section_1() -> None:
    """daer.md §1: the 字牌 deck — 一…十 and 壹…拾, 4 copies each, 80 cards, codes x1..x10 and
    d1..d10; coloured as in 字牌 (2, 7, 10 red)."""
    assert len(DECK) == 80 and KINDS == 20
    assert Counter(DECK) == Counter({card: 4 for card in CARDS})
    assert [c.code for c in CARDS] == [f"x{v}" for v in range(1, 11)] + [
        f"d{v}" for v in range(1, 11)
    ]
    assert "".join(c.hanzi for c in CARDS) == "一二三四五六七八九十壹貳叄肆伍陸柒捌玖拾"
    assert [c.code for c in CARDS if c.red] == ["x2", "x7", "x10", "d2", "d7", "d10"]


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("x3 x4 x5", MeldKind.SHUN),  # 順: same case, consecutive
        ("d7 d8 d9", MeldKind.SHUN),
        ("x2 x7 x10", MeldKind.ERQISHI),  # 二七十 (E3 default on)
        ("d2 d7 d10", MeldKind.ERQISHI),
        ("x6 x6 x6", MeldKind.KE),  # 刻: three identical
        ("d5 d5", MeldKind.JIANG),  # 將: 貳伍捌 only
        ("x8 x8", MeldKind.JIANG),
        ("x9 x9 x9 x9", MeldKind.GANG),  # 杠: four identical
        ("x3 x4 d5", None),  # small and big never mix in a sequence
        ("x1 x1 d1", None),  # 絞 is off by default (E4)
        ("x6 x6", None),  # 六 cannot be the 將
        ("x8 x9 x10", MeldKind.SHUN),
        ("x9 x10 x1", None),  # no wrap-around
    ],
)
def test_the_set_table_of_section_4(cards: str, kind: MeldKind | None) -> None:
    """daer.md §4: the table of sets under the default rules."""
    assert classify(parse(cards), rules=DAER) is kind


def test_options_change_what_is_a_set() -> None:
    """E2, E3, E4: 將 big only, 二七十 off, 絞 on."""
    assert classify(parse("x5 x5"), rules=DAER.evolve(jiang_big_only=True)) is None
    assert classify(parse("d5 d5"), rules=DAER.evolve(jiang_big_only=True)) is MeldKind.JIANG
    assert classify(parse("x2 x7 x10"), rules=DAER.evolve(erqishi=False)) is None
    assert classify(parse("x1 x1 d1"), rules=DAER.evolve(jiao=True)) is MeldKind.JIAO
    assert classify(parse("x1 d1 d1"), rules=LUZHOU) is MeldKind.JIAO  # 大小混搭
    assert classify(parse("x6 x6"), rules=LUZHOU) is MeldKind.JIANG  # 對子: any pair


@pytest.mark.parametrize(
    ("text", "kind", "exposed", "origin", "label"),
    [
        ("順 一二三", MeldKind.SHUN, False, Origin.HAND, "順"),
        ("列 一二三", MeldKind.SHUN, False, Origin.HAND, "順"),
        ("吃 壹貳叄", MeldKind.SHUN, True, Origin.CHI, "吃"),
        ("吃 二七十", MeldKind.ERQISHI, True, Origin.CHI, "吃"),
        ("坎 三三三", MeldKind.KE, False, Origin.HAND, "刻"),
        ("碰 三三三", MeldKind.PENG, True, Origin.CLAIM, "碰"),
        ("杠 三三三三", MeldKind.GANG, True, Origin.CLAIM, "杠"),
        ("招 三三三三", MeldKind.GANG, True, Origin.CLAIM, "杠"),
        ("暗杠 三三三三", MeldKind.GANG, False, Origin.HAND, "暗杠"),
        ("加杠 三三三三", MeldKind.GANG, True, Origin.DRAW, "加杠"),
        ("垅 三三三三", MeldKind.GANG, True, Origin.HAND, "垅"),
        ("大小混搭 一一壹", MeldKind.JIAO, False, Origin.HAND, "絞"),
        ("對子 六六", MeldKind.JIANG, False, Origin.HAND, "將"),
    ],
)
def test_meld_names_of_both_presets(
    text: str, kind: MeldKind, exposed: bool, origin: Origin, label: str
) -> None:
    """daer.md §4 and the ``luzhou`` names of §7 (列, 坎, 垅, 招, 大小混搭, 對子)."""
    meld = Meld.parse(text)
    assert (meld.kind, meld.exposed, meld.origin, meld.label()) == (kind, exposed, origin, label)
    assert Meld.parse(str(meld)).cards == meld.cards
    assert eval(repr(meld), {"Meld": Meld}).kind is meld.kind


@pytest.mark.parametrize(
    ("text", "hu"),
    [
        ("坎 拾拾拾", 6),  # 坎 big 6 / small 3
        ("坎 三三三", 3),
        ("碰 壹壹壹", 3),  # 碰 big 3 / small 1
        ("碰 三三三", 1),
        ("垅 壹壹壹壹", 12),  # a four from the hand counts as 提: 12 / 9
        ("暗杠 三三三三", 9),
        ("招 壹壹壹壹", 9),  # a four with a taken card counts as 跑: 9 / 6
        ("加杠 三三三三", 6),
        ("吃 壹貳叄", 6),  # 一二三 / 壹貳叄 6 / 3
        ("順 一二三", 3),
        ("順 四五六", 0),
        ("二七十 貳柒拾", 6),
        ("二七十 二七十", 3),
        ("絞 一一壹", 0),
        ("將 伍伍", 0),
    ],
)
def test_hu_by_the_zipai_huxi_table(text: str, hu: int) -> None:
    """daer.md E5 / §7: 胡 counted by the 字牌 胡息 table (zipai.md §8.1, seed 004)."""
    meld = Meld.parse(text)
    assert meld_hu(meld) == hu == zipai.huxi(meld.zipai())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("順 一二四", "is not a 順"),
        ("碰 一一", "wrong number of cards"),
        ("刻 一一二", "must be identical"),
        ("龍 一一一", "is not a 大貳 set name"),
        ("吃 一一一", "is not a sentence to 吃"),
        ("碰 1t 1t 1t", "is not a zipai card"),
    ],
)
def test_bad_melds_raise_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Meld.parse(text)


def test_meld_rejects_cards_of_another_family() -> None:
    from changpai import nantong

    with pytest.raises(NotationError, match="not a 大貳"):
        Meld(MeldKind.KE, nantong.parse("1t 1t 1t"))
    with pytest.raises(NotationError, match="not a 大貳"):
        classify(nantong.parse("1t 2t 3t"))
    with pytest.raises(NotationError, match="never exposed"):
        Meld(MeldKind.KE, parse("x1 x1 x1"), True)
    with pytest.raises(NotationError, match="always exposed"):
        Meld(MeldKind.PENG, parse("x1 x1 x1"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((MeldKind.SHUN, 5), "cards=5 is not a sequence"),
        ((MeldKind.SHUN, None), "cards=None is not a sequence"),
        ((MeldKind.SHUN, parse("一二三"), "yes"), "exposed='yes' is not True or False"),
        ((MeldKind.SHUN, parse("一二三"), False, "hand"), "origin='hand' is not a 大貳 Origin"),
    ],
)
def test_bad_meld_fields_raise_notation_errors(args: tuple[object, ...], message: str) -> None:
    """Bad input to ``Meld`` is a NotationError naming the field, never a TypeError or a meld
    that silently holds a wrong field."""
    with pytest.raises(NotationError, match=message):
        Meld(*args)  # type: ignore[arg-type]


@given(
    st.lists(st.sampled_from(CARDS), min_size=3, max_size=3),
    st.booleans(),
    st.booleans(),
)
def test_three_cards_classify_by_the_definitions_of_section_4(
    cards: list[zipai.Card], erqishi: bool, jiao: bool
) -> None:
    """daer.md §4 as a property: three cards are a 順 iff one case and consecutive values, an
    二七十 iff one case and the values 2, 7, 10 (E3), a 刻 iff identical, a 絞 iff one value in
    both cases (E4); nothing else is a set."""
    rules = DAER.evolve(erqishi=erqishi, jiao=jiao)
    values = sorted(c.value for c in cards)
    one_case = len({c.big for c in cards}) == 1
    if len(set(cards)) == 1:
        expected: MeldKind | None = MeldKind.KE
    elif values[0] == values[2]:
        expected = MeldKind.JIAO if jiao else None
    elif one_case and values == [values[0], values[0] + 1, values[0] + 2]:
        expected = MeldKind.SHUN
    elif one_case and values == [2, 7, 10] and erqishi:
        expected = MeldKind.ERQISHI
    else:
        expected = None
    assert classify(cards, rules=rules) is expected


@pytest.mark.parametrize("bad", [None, "luzhou", 1])
def test_the_luzhou_names_take_typed_arguments(bad: object) -> None:
    """daer.md §7 names (Meld.text / Meld.label): rules that are not 大貳 Rules, or a luzhou
    flag that is not a bool, raise a RulesError naming them."""
    from changpai.errors import RulesError

    meld = Meld.parse("將 八八")
    with pytest.raises(RulesError, match="rules="):
        meld.text(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="luzhou="):
        meld.label(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("traditional", "simplified"),
    [("暗槓", "暗杠"), ("加槓", "加杠"), ("明槓", "明杠"), ("壟", "垅"), ("槓", "杠")],
)
def test_kind_words_read_in_both_scripts_section_4(traditional: str, simplified: str) -> None:
    """daer.md §4 (the sets; 壟 of §7) and the notation's promise of traditional and simplified hanzi:
    暗槓 / 加槓 / 明槓 / 壟 were refused while 槓 and the simplified words were read."""
    assert Meld.parse(f"{traditional} 伍伍伍伍") == Meld.parse(f"{simplified} 伍伍伍伍")


def test_repr_gives_back_an_equal_meld_however_it_was_built() -> None:
    """DESIGN (repr is an expression of an equal object, as in 字牌): a meld built by hand whose
    text reads back as another (an exposed 碰 of cards in hand, a 杠 of a claim laid concealed)
    is written with its constructor; the engine's melds keep their text form.
    Issue 12 (typed errors, one public face).
    """
    import changpai.daer as daer

    built = []
    for kind, text in (
        (MeldKind.PENG, "一一一"),
        (MeldKind.GANG, "一一一一"),
        (MeldKind.SHUN, "一二三"),
    ):
        for exposed in (False, True):
            for origin in daer.Origin:
                try:
                    built.append(daer.Meld(kind, daer.parse(text), exposed, origin))
                except NotationError:
                    continue  # (a combination the constructor refuses)
    assert len(built) >= 8
    for meld in built:
        assert eval(repr(meld), vars(daer)) == meld
    assert repr(Meld.parse("碰 三三三")) == "Meld.parse('碰 三三三')"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x1 x2 x3", "順 一二三"),
        ("一 二 三", "順 一二三"),
        ("x1 x1", "將 一一"),
        ("壹 一 一", "絞 一一壹"),
    ],
)
def test_a_set_without_a_name_may_write_its_cards_with_spaces(text: str, expected: str) -> None:
    """docs/core-concepts.md (cards with or without spaces, in every family): the first card
    was taken for an unknown set name (review h120)."""
    assert Meld.parse(text) == Meld.parse(expected)
    with pytest.raises(NotationError, match="'龍' is not a 大貳 set name"):
        Meld.parse("龍 一一一")


@pytest.mark.parametrize("text", ["列 一一壹", "列 二七十"])
def test_lie_names_a_shun_only_section_7(text: str) -> None:
    """daer.md §7 (瀘州: 列 is a 3-sequence; 大小混搭 and 二七十 have their own names) and the
    glossary (列 = 順): 列 of a 絞 or an 二七十 is refused as 順 of one is (review h120: it read
    them); 句 names any sentence."""
    with pytest.raises(NotationError, match="is not a 列"):
        Meld.parse(text)
    assert Meld.parse("列 一二三") == Meld.parse("順 一二三")
    assert Meld.parse("句 一一壹").kind is MeldKind.JIAO
    with pytest.raises(NotationError, match="is not a 順"):
        Meld.parse("列 一一一")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("peng x1 x1 x1", "碰 一一一"),
        ("Shun 一二三", "順 一二三"),
        ("chi x1 x2 x3", "吃 一二三"),
        ("gang x1 x1 x1 x1", "杠 一一一一"),
    ],
)
def test_a_set_name_may_be_its_pinyin(text: str, expected: str) -> None:
    """One public face (docs/core-concepts.md): 南通, 川牌 and 孝感 read a kind's pinyin, in
    either case; 大貳 refused it (review h120)."""
    assert Meld.parse(text) == Meld.parse(expected)
