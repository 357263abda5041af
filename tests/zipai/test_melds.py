"""Tests of 字牌 melds (zipai.md §5) and their 胡息 (the §8.1 seed table)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import zipai
from changpai.errors import NotationError
from changpai.zipai import CARDS, HUNAN, HUXI_TABLE, Meld, MeldKind, Origin, classify, huxi, parse

# zipai.md §8.1 (seed 004, 字牌6胡倒): every number of the table, big and small.
SEED_TABLE = [
    ("提 壹壹壹壹", 12),
    ("提 一一一一", 9),
    ("跑 壹壹壹壹", 9),
    ("跑 一一一一", 6),
    ("偎 伍伍伍", 6),
    ("偎 五五五", 3),
    ("臭偎 伍伍伍", 6),  # Z5: same as 偎
    ("臭偎 五五五", 3),
    ("坎 捌捌捌", 6),
    ("坎 八八八", 3),
    ("碰 拾拾拾", 3),
    ("碰 十十十", 1),
    ("句 壹貳叄", 6),
    ("句 一二三", 3),
    ("吃 壹貳叄", 6),
    ("比 一二三", 3),
    ("二七十 貳柒拾", 6),
    ("二七十 二七十", 3),
    ("吃 貳柒拾", 6),
    ("句 肆伍陸", 0),
    ("句 八九十", 0),
    ("絞 三三叄", 0),
    ("絞 三叄叄", 0),
    ("將 玖玖", 0),
    ("一五十 壹伍拾", 0),  # Z4: 0 胡息 when allowed
]


@pytest.mark.parametrize(("text", "value"), SEED_TABLE, ids=[t for t, _ in SEED_TABLE])
def test_huxi_seed_table(text: str, value: int) -> None:
    """zipai.md §8.1: 胡息 per group (big / small)."""
    assert huxi(Meld.parse(text)) == value


def test_huxi_table_constant() -> None:
    """zipai.md §8.1: the module table is the seed table."""
    assert HUXI_TABLE[MeldKind.TI] == (12, 9)
    assert HUXI_TABLE[MeldKind.PAO] == (9, 6)
    assert HUXI_TABLE[MeldKind.WEI] == HUXI_TABLE[MeldKind.KAN] == (6, 3)
    assert HUXI_TABLE[MeldKind.PENG] == (3, 1)


def test_chouwei_override() -> None:
    """zipai.md §10 Z5: 臭偎 胡息 can be overridden."""
    rules = HUNAN.evolve(chouwei_huxi=(4, 2))
    assert huxi(Meld.parse("臭偎 伍伍伍"), rules=rules) == 4
    assert huxi(Meld.parse("臭偎 五五五"), rules=rules) == 2
    assert huxi(Meld.parse("偎 五五五"), rules=rules) == 3


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("一二三", MeldKind.JU),
        ("捌玖拾", MeldKind.JU),
        ("二七十", MeldKind.ERQISHI),
        ("貳柒拾", MeldKind.ERQISHI),
        ("一一壹", MeldKind.JIAO),
        ("一壹壹", MeldKind.JIAO),
        ("三三三", MeldKind.KAN),
        ("三三三三", MeldKind.TI),
        ("三三", MeldKind.JIANG),
        ("一五十", None),  # Z4 off by default
        ("三四伍", None),  # small and big never mix
        ("貳七拾", None),
        ("壹壹壹壹壹"[:3] + "一", None),
        ("九十壹", None),  # no wrap-around
        ("一二", None),
        ("一二四", None),
    ],
)
def test_classify(text: str, kind: MeldKind | None) -> None:
    """zipai.md §5: the 門子 definitions."""
    assert classify(parse(text)) is kind


def test_classify_exposed_and_options() -> None:
    """zipai.md §5: exposed triples / quads are 碰 / 跑; 一五十 with the Z4 option."""
    assert classify(parse("三三三"), exposed=True) is MeldKind.PENG
    assert classify(parse("三三三三"), exposed=True) is MeldKind.PAO
    assert classify(parse("壹伍拾"), rules=HUNAN.evolve(allow_1_5_10=True)) is MeldKind.YIWUSHI


def test_hanzi_names() -> None:
    """DESIGN: every enum member carries its hanzi."""
    assert MeldKind.PAO.hanzi == "跑" and MeldKind.TI.hanzi == "提" and MeldKind.KAN.hanzi == "坎"
    assert MeldKind.WEI.hanzi == "偎" and MeldKind.JIAO.hanzi == "絞"


def test_meld_checks() -> None:
    """A Meld checks its cards and its visibility (§5 table: 碰/跑 face up, 坎/偎/提 hidden)."""
    with pytest.raises(NotationError, match="not a 句"):
        Meld.of(parse("一二四"), MeldKind.JU)
    with pytest.raises(NotationError, match="always exposed"):
        Meld(MeldKind.PENG, parse("一一一"), False)
    with pytest.raises(NotationError, match="never exposed"):
        Meld(MeldKind.KAN, parse("一一一"), True)
    with pytest.raises(NotationError, match="wrong number"):
        Meld(MeldKind.TI, parse("一一一"))
    with pytest.raises(NotationError, match="not a meld kind"):
        Meld.parse("槓 一一一一")
    with pytest.raises(NotationError, match="not a 句 or 絞"):
        Meld.parse("吃 一一一")


@pytest.mark.parametrize(
    "text",
    ["碰 一一一", "吃 一二三", "比 一壹壹", "偎 八八八", "臭偎 八八八", "跑 伍伍伍伍", "將 二二"],
)
def test_repr_round_trip(text: str) -> None:
    """DESIGN: repr round-trips."""
    meld = Meld.parse(text)
    assert eval(repr(meld)) == meld
    assert str(meld) == text


def test_origin_and_html() -> None:
    assert Meld.parse("吃 一二三").origin is Origin.CHI
    assert Meld.parse("比 一二三").origin is Origin.BI
    assert Meld.parse("碰 一一一").origin is Origin.DRAW
    html = Meld.parse("碰 二二二")._repr_html_()
    assert html.count("#c00") == 3


def bf_kind(kinds: tuple[int, ...]) -> str | None:
    """Independent §5 definition for three distinct-position cards."""
    vals = sorted(k % 10 + 1 for k in kinds)
    cases = {k >= 10 for k in kinds}
    if len(set(kinds)) == 1:
        return "kan"
    if vals[0] == vals[2]:
        return "jiao"
    if len(cases) == 2:
        return None
    if vals[1] == vals[0] + 1 and vals[2] == vals[0] + 2:
        return "ju"
    if vals == [2, 7, 10]:
        return "erqishi"
    return None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 19), min_size=3, max_size=3))
def test_classify_matches_definition(kinds: list[int]) -> None:
    """zipai.md §5: classify agrees with an independent reading of the definitions."""
    kind = classify(tuple(CARDS[k] for k in kinds))
    assert (None if kind is None else kind.value) == bf_kind(tuple(kinds))


def test_the_repr_of_every_meld_a_game_lays_evaluates_to_an_equal_meld() -> None:
    """DESIGN: reprs round-trip. A 跑 / 碰 made on a discard (its origin) printed as its text,
    which reads back a meld made on a drawn card (a review's metamorphic tests)."""
    import random

    import changpai.zipai as zipai

    names = {name: getattr(zipai, name) for name in zipai.__all__}
    origins = set()
    for seed in range(12):
        game, rng = zipai.Game(HUNAN, seed=seed), random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        for seat in game.seats:
            for meld in game.melds(seat):
                assert eval(repr(meld), names) == meld, repr(meld)
                origins.add(meld.origin)
    assert Origin.DISCARD in origins  # (the case that did not round-trip)
    peng = Meld(MeldKind.PENG, parse("三三三"), exposed=True, origin=Origin.DISCARD)
    assert repr(peng) == "Meld(MeldKind.PENG, parse('三三三'), exposed=True, origin=Origin.DISCARD)"


def test_meld_of_reads_an_iterator_once() -> None:
    """``Meld.of`` of an iterator is the meld of its cards (review h60: the cards were read
    empty and the error named '' as "not a 句")."""
    cards = parse("一二三")
    assert Meld.of(iter(cards)) == Meld.of(cards) == Meld.of(list(cards))
    with pytest.raises(NotationError, match="cards=5 is not a sequence of zipai cards"):
        Meld.of(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["偎 捌捌捌", "臭偎 x8 x8 x8"])
def test_a_wei_read_from_text_is_made_with_a_draw_section_5(text: str) -> None:
    """zipai.md §5 (偎 / 臭偎: a pair completed by one's own draw) and Z8 (翻信 of cards in
    hand, ``fanxing_scope="hand"``): a 偎 read from its text is the engine's (Origin.DRAW), so
    it scores the same 翻信 — it read as dealt (Origin.HAND), 3 more (review h120)."""
    meld = zipai.Meld.parse(text)
    assert meld.origin is zipai.Origin.DRAW
    engine = zipai.Meld(meld.kind, meld.cards, exposed=False, origin=zipai.Origin.DRAW)
    assert meld == engine and zipai.Meld.parse(str(engine)) == engine
    rules = zipai.HAHA.evolve(fanxing_scope="hand")
    hand = zipai.parse("一二三 四五六 七八九 壹貳叄 肆伍陸 拾拾拾")
    totals = set()
    for m in (meld, engine):
        d = zipai.best_decomposition(hand, [m], rules=rules)
        assert d is not None
        win = zipai.Win(d, 0, rules.players, fanxing_card=zipai.Card("d8"))
        totals.add(zipai.score(win, rules=rules).total)
    assert len(totals) == 1
    assert zipai.Meld.parse("坎 捌捌捌").origin is zipai.Origin.HAND


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x1 x2 x3", "句 一二三"),
        ("一 二 三", "句 一二三"),
        ("x1 x1", "將 一一"),
        ("x2\tx7 x10", "句 二七十"),
    ],
)
def test_a_meld_without_a_kind_may_write_its_cards_with_spaces(text: str, expected: str) -> None:
    """docs/core-concepts.md (cards may be written with or without spaces, in every family) and
    ``Meld.parse`` ("without a kind the cards are classified as in hand"): the first card was
    taken for an unknown kind (review h120); an unknown kind is still named."""
    assert Meld.parse(text) == Meld.parse(expected)
    with pytest.raises(NotationError, match="'槓' is not a meld kind"):
        Meld.parse("槓 x1 x1 x1 x1")
    with pytest.raises(NotationError, match="'zz' is not a zipai card"):
        Meld.parse("x1 zz")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("peng x1 x1 x1", "碰 一一一"),
        ("PENG 一一一", "碰 一一一"),
        ("chi x1 x2 x3", "吃 一二三"),
        ("wei x8 x8 x8", "偎 八八八"),
    ],
)
def test_a_meld_kind_may_be_its_pinyin(text: str, expected: str) -> None:
    """One public face (docs/core-concepts.md): 南通, 川牌 and 孝感 read a kind's pinyin (the
    ``MeldKind`` value), in either case; 字牌 refused it (review h120)."""
    assert Meld.parse(text) == Meld.parse(expected)


@pytest.mark.parametrize("text", ["peng", "PENG", "Chi"])
def test_a_pinyin_kind_alone_is_named_as_a_kind(text: str) -> None:
    """As every family (review h123): a kind alone, its pinyin in either case, names no cards —
    ``PENG`` was read as a card."""
    with pytest.raises(NotationError, match="names no cards"):
        Meld.parse(text)
