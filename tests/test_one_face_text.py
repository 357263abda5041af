"""One public face across the families (DESIGN "one public face"): the hand analysis takes text
as ``analyze`` does (字牌, 川牌, 孝感 like 南通 and 大貳), and 川牌 / 孝感 take table melds as
text separated by ``;`` (``parse_melds``) as 字牌 / 大貳 / 南通 do."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.cli import analysis_text
from changpai.errors import NotationError

# ---------------------------------------------------------------- 2. analysis takes text

ZIPAI_HAND = "七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"
ZIPAI_TABLE = "跑 一一一一; 吃 四五六"


def _zipai_melds(text: str) -> tuple[zipai.Meld, ...]:
    return tuple(zipai.Meld.parse(p) for p in text.split(";"))


def test_zipai_best_decomposition_takes_text() -> None:
    plain = "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"
    assert zipai.best_decomposition(plain) == zipai.best_decomposition(zipai.parse(plain))
    assert zipai.best_decomposition("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾九") is None
    cards, melds = zipai.parse(ZIPAI_HAND), _zipai_melds(ZIPAI_TABLE)
    found = zipai.best_decomposition(ZIPAI_HAND, ZIPAI_TABLE)
    assert found is not None and found == zipai.best_decomposition(cards, melds)
    assert found == zipai.analyze(ZIPAI_HAND, ZIPAI_TABLE).best
    # the keywords still apply to text
    waiting = "七八九 壹貳叄 肆伍陸 柒捌玖 拾"
    card = zipai.Card.parse("d10")
    assert zipai.best_decomposition(waiting, ZIPAI_TABLE, card=card) == zipai.best_decomposition(
        zipai.parse(waiting), melds, card=card
    )


def test_zipai_decompositions_and_waits_take_text() -> None:
    cards, melds = zipai.parse(ZIPAI_HAND), _zipai_melds(ZIPAI_TABLE)
    assert list(zipai.decompositions(ZIPAI_HAND, ZIPAI_TABLE)) == list(
        zipai.decompositions(cards, melds)
    )
    waiting = "七八九 壹貳叄 肆伍陸 柒捌玖 拾"
    assert zipai.waits(waiting, ZIPAI_TABLE) == zipai.waits(zipai.parse(waiting), melds)
    assert zipai.waits(waiting, ZIPAI_TABLE)  # non-empty: the text was read, not refused


def test_zipai_bad_text_names_the_card() -> None:
    with pytest.raises(NotationError, match="'q' is not a zipai card"):
        zipai.best_decomposition("一二三 q")
    with pytest.raises(NotationError, match="一一 is not a 跑"):
        zipai.best_decomposition(ZIPAI_HAND, "跑 一一")


CHUANPAI_HAND, CHUANPAI_TABLE = "66 44", "碰 55 55 55; 擺 46 46"
XIAOGAN_HAND, XIAOGAN_TABLE = "上大人 邱乙己 化三千 七十士", "碰 子子子; 門將 仁 HJ"


@pytest.mark.parametrize(
    ("family", "hand", "table"),
    [
        pytest.param(chuanpai, CHUANPAI_HAND, CHUANPAI_TABLE, id="chuanpai"),
        pytest.param(xiaogan, XIAOGAN_HAND, XIAOGAN_TABLE, id="xiaogan"),
    ],
)
def test_turnclaim_analysis_takes_text(family: Any, hand: str, table: str) -> None:
    cards = family.parse(hand)
    melds = tuple(family.Meld.parse(p) for p in table.split(";"))
    best = family.best_decomposition(hand, table)
    assert best is not None and best == family.best_decomposition(cards, melds)
    assert best == family.analyze(hand, table).best == family.analyze(f"{hand} / {table}").best
    assert list(family.decompositions(hand, table)) == list(family.decompositions(cards, melds))
    assert family.is_complete(hand, table) and family.is_complete(cards, melds)
    short = cards[:-1]
    text = family.format(short, ascii=True)
    assert family.waits(text, table) == family.waits(short, melds)
    assert family.waits(text, table)


def test_xiaogan_best_layout_takes_text() -> None:
    cards = xiaogan.parse(XIAOGAN_HAND)
    melds = xiaogan.parse_melds(XIAOGAN_TABLE)
    assert xiaogan.best_layout(XIAOGAN_HAND, XIAOGAN_TABLE) == xiaogan.best_layout(cards, melds)


def test_chuanpai_text_is_read_against_the_rules_deck() -> None:
    """川牌 text is read as analyze reads it: against the rules' deck (deck105 has no 經牌)."""
    with pytest.raises(NotationError, match="deck105"):
        chuanpai.best_decomposition("66 JC")


# ---------------------------------------------------------------- 3. table melds as text


@pytest.mark.parametrize(
    ("family", "text", "kinds"),
    [
        pytest.param(chuanpai, "碰 55 55 55; 擺 46 46", ("peng", "bai"), id="chuanpai"),
        pytest.param(chuanpai, "暗 66 66 66 | 擠兒 66 11", ("an", "jier"), id="chuanpai-bar"),
        pytest.param(xiaogan, "碰 子子子; 門將 仁 HJ", ("peng", "menjiang"), id="xiaogan"),
        pytest.param(xiaogan, " ; 句 上大人 ;", ("ju",), id="xiaogan-empty-parts"),
    ],
)
def test_parse_melds(family: Any, text: str, kinds: tuple[str, ...]) -> None:
    melds = family.parse_melds(text)
    assert tuple(m.kind.value for m in melds) == kinds
    assert family.parse_melds(melds) == melds  # a sequence of melds is checked and kept
    assert family.parse_melds("") == ()


@pytest.mark.parametrize("family", [chuanpai, xiaogan], ids=["chuanpai", "xiaogan"])
def test_parse_melds_refuses_what_is_not_a_meld(family: Any) -> None:
    with pytest.raises(NotationError, match="holds 'x'"):
        family.parse_melds(["x"])
    with pytest.raises(NotationError):
        family.parse_melds(
            "碰 " + family.format(family.parse("11" if family is chuanpai else "上"))
        )


@pytest.mark.parametrize(
    ("family", "hand", "table"),
    [
        pytest.param(chuanpai, "66 44", "碰 11 11 11", id="chuanpai"),
        pytest.param(xiaogan, XIAOGAN_HAND, "碰 子子子; 門將 仁 HJ", id="xiaogan"),
    ],
)
def test_analyze_takes_table_melds_as_text(family: Any, hand: str, table: str) -> None:
    from_text = family.analyze(hand, table)
    from_melds = family.analyze(hand, family.parse_melds(table))
    assert from_text.exposed == from_melds.exposed == family.parse_melds(table)
    assert from_text.best == from_melds.best
    assert from_text.to_dict() == from_melds.to_dict()


@pytest.mark.parametrize(
    ("family", "of"),
    [(chuanpai.hand, "units"), (xiaogan.hand, "sets")],
    ids=["chuanpai", "xiaogan"],
)
def test_the_hint_names_what_reads_text(family: Any, of: str) -> None:
    with pytest.raises(NotationError, match=r"read text with parse_melds\(\.\.\.\)"):
        family._sequence("碰 11 11 11", "exposed", of)
    with pytest.raises(NotationError, match=r"read text with parse\(\.\.\.\)"):
        family._sequence("11", "cards", "cards")


def test_chuanpai_condition_checks_take_text() -> None:
    """川牌 ``can_jiao``, ``has_tuhuo`` and ``qitou`` read text as the analyses do."""
    assert chuanpai.can_jiao("14 14") and chuanpai.can_jiao("幺四 幺四")
    assert chuanpai.has_tuhuo("22 22 22 22") == chuanpai.has_tuhuo(chuanpai.parse("22 22 22 22"))
    hand = "26 26 26 66 66"
    assert chuanpai.qitou(hand, "26") == chuanpai.qitou(chuanpai.parse(hand), chuanpai.Card("26"))
    with pytest.raises(NotationError, match="'61' is not a chuanpai card"):
        chuanpai.can_jiao("14 61")


def test_zipai_winning_card_may_be_text() -> None:
    """字牌 ``card=`` (the card the hand wins on) takes text as 南通's ``winning_card=`` does."""
    hand = "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"
    card = zipai.Card.parse("拾")
    assert zipai.best_decomposition(hand, card="拾") == zipai.best_decomposition(hand, card=card)
    assert list(zipai.decompositions(hand, card="d10")) == list(
        zipai.decompositions(hand, card=card)
    )
    with pytest.raises(NotationError, match="'zz' is not a zipai card"):
        zipai.best_decomposition(hand, card="zz")


def test_daer_cards_text_names_its_field() -> None:
    """A 大貳 吃's hand cards given as text that is no card name ``cards=`` (it said ``card=``)."""
    with pytest.raises(NotationError, match=r"^cards='zz'"):
        daer.Action(0, daer.ActionKind.CHI, "d2", ("zz", "d3"))


# A hand and its table sets in every family (text), for the "hand / table" form of analyze.
SLASHED = {
    "zipai": ("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾", "跑 一一一一"),
    "nantong": ("123b 456b 789b 123t 456t 789t 5w 5w", "碰 HH HH HH"),
    "chuanpai": ("66 44", "碰 55 55 55; 擺 46 46"),
    "daer": ("一二三 四五六 壹貳叄 伍伍", "碰 拾拾拾"),
}


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "daer"])
def test_analyze_takes_the_table_after_a_slash_in_every_family(family: str) -> None:
    """docs/core-concepts.md: one text form — ``analyze("<hand> / <table sets>")`` is
    ``analyze("<hand>", "<table sets>")`` in every family (川牌 and 孝感 took it; 字牌, 南通 and
    大貳 read the "/" as a card)."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "daer": daer}[family]
    hand, table = SLASHED[family]
    slashed = module.analyze(f"{hand} / {table}")
    given = module.analyze(hand, table)
    assert slashed.complete and slashed.best == given.best and slashed.sheet == given.sheet
    assert slashed.to_dict() == given.to_dict()


# ---------------------------------------------------------------- ASCII codes in any case


@pytest.mark.parametrize(
    "family", [zipai, daer, nantong, chuanpai, xiaogan], ids=lambda f: f.__name__
)
def test_ascii_codes_are_read_in_either_case(family: Any) -> None:
    """docs/core-concepts.md ("ASCII codes are read in either case"; review h54: 川牌 refused
    `Jc`, 孝感 `hJ`): every card's code in upper, lower and each mixed case reads as the code."""
    kinds = family.cards.CARDS if hasattr(family, "cards") else family.DECK
    for card in dict.fromkeys(kinds):
        code = card.code
        spellings = {code, code.lower(), code.upper(), code[:1].upper() + code[1:].lower()}
        spellings.add(code[:1].lower() + code[1:].upper())
        for text in spellings:
            assert family.parse(text) == (card,), text


@pytest.mark.parametrize(
    ("family", "text", "same_as"),
    [
        # zipai.md §5 (the meld table's other names) and §8.1
        (zipai, "掃 一一一", "偎 一一一"),
        (zipai, "过扫 一一一", "臭偎 一一一"),
        (zipai, "掃穿 一一一一", "提 一一一一"),
        (zipai, "開舵 一一一一", "跑 一一一一"),
        (zipai, "開昭 壹壹壹壹", "跑 壹壹壹壹"),
        (zipai, "一門提 一一一一", "提 一一一一"),  # zipai.md §4; docs/glossary.md
        (zipai, "煨舊 一一一", "臭偎 一一一"),  # docs/glossary.md
        (zipai, "句 壹贰参", "句 壹貳叄"),  # (参: the simplified 參, README "Notation")
        (daer, "垄 三三三三", "壟 三三三三"),  # (the simplified 壟)
        (chuanpai, "扯 66 66 66", "碰 66 66 66"),  # chuanpai.md §2.1, §4: 扯 (= 碰)
    ],
)
def test_the_rules_files_other_names_are_read(family: Any, text: str, same_as: str) -> None:
    """Review h54: names the rules files give a meld or a card (and their simplified glyphs)
    were refused by Meld.parse / parse."""
    assert family.Meld.parse(text) == family.Meld.parse(same_as)


# ---------------------------------------------------------------- Card.parse reads as parse

_FAMILIES = {
    "zipai": zipai,
    "nantong": nantong,
    "chuanpai": chuanpai,
    "xiaogan": xiaogan,
    "chuopai": importlib.import_module("changpai.chuanpai.chuopai"),
}


def _texts(family: Any) -> list[str]:
    cards = getattr(family, "CARDS", None) or sorted(set(family.DECK), key=lambda c: c.index)
    return [t for c in cards for t in (c.code, str(c), c.code.lower(), c.code.upper())]


@settings(max_examples=150, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("name", sorted(_FAMILIES))
def test_card_parse_reads_one_card_as_parse_does(name: str, data: st.DataObject) -> None:
    """``Card.parse`` (南通 and 字牌 read a card's code or name at once, as a document holds
    ~150 of them) gives the one card ``parse`` reads from the same text, and refuses with a
    NotationError whatever ``parse`` refuses or reads as more or fewer cards; a ``str``
    subclass is read alike."""
    family = _FAMILIES[name]
    text = data.draw(st.one_of(st.sampled_from(_texts(family)), st.text(max_size=6)))
    try:
        cards: Any = family.parse(text)
    except NotationError as error:
        cards = error
    for given_text in (text, type("Text", (str,), {})(text)):
        if isinstance(cards, tuple) and len(cards) == 1:
            assert family.Card.parse(given_text) is cards[0]
        else:
            with pytest.raises(NotationError) as refused:
                family.Card.parse(given_text)
            if isinstance(cards, NotationError) and name in ("zipai", "nantong"):
                assert str(refused.value) == str(cards)  # (parse's own message)


# ---------------------------------------------------------------- str(analysis): one layout


@pytest.mark.parametrize(
    "name", [v.name for v in changpai.variants() if v.family != "chuanpai.chuopai"]
)
def test_an_analysis_prints_the_layout_of_changpai_analyze(name: str) -> None:
    """Every family prints an analysis alike — the CLI's layout (review h88: five layouts, 南通's
    without the score sheet): the variant, the cards, the reading and its sheet or each wait."""
    entry = changpai.variant(name)
    complete = entry.module.analyze(entry.sample, rules=entry.rules, **dict(entry.sample_options))
    text = str(complete)
    assert text == analysis_text(complete, entry)
    lines = text.splitlines()
    assert lines[0] == f"{entry.title} ({entry.name})"
    assert lines[1].startswith("cards: ") and lines[2].startswith("complete: ")
    assert str(complete.sheet) in text
