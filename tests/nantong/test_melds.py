"""Groups, set kinds and the 將 multiplier (nantong.md §4, §5, §6)."""

from __future__ import annotations

import pytest

from changpai import nantong
from changpai.errors import NotationError, RulesError
from changpai.nantong import Card, JiangKind, Meld, MeldKind, SetKind

TABLES = nantong.DUZIHU.evolve(multiplier_model="tables")
KINDS5 = ("peng", "concealed3", "exposed4", "drawn4", "dealt4")


def _row(situation: str, flips: str, cards: str, values: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Expand one full row of the §6.1 seed 003 table into (situation, flips, card, kind, value)."""
    return [
        (situation, flips, card, kind, value)  # type: ignore[misc]
        for card in cards.split()
        for kind, value in zip(KINDS5, values, strict=True)
    ]


# nantong.md §6.1, table 1 (seed 003 四、算胡 and 算胡說明): every number of every row.
SEED_003 = [
    *_row("老將 always", "2t 3w", "QZ HH BH 9t", (4, 8, 16, 24, 32)),
    *_row("not 將", "2t 3w", "5b 1t 7w", (2, 4, 8, 12, 16)),
    *_row("普通將 二丙/二萬/三條/三丙", "2t 3w", "2b 2w 3t 3b", (4, 8, 16, 24, 32)),
    ("普通將 二條 itself: 碰", "2t 3w", "2t", "peng", 8),
    ("普通將 二條 itself: 起手三", "2t 3w", "2t", "dealt4", 32),
    ("普通將 二條 itself: 後摸三 (在手 24)", "2t 3w", "2t", "drawn4", 24),
    *_row("雙將 same (two 四丙): 四萬, 四條", "4b 4b", "4w 4t", (8, 16, 32, 48, 64)),
    ("雙將 same: 起手 two 四丙", "4b 4b", "4b", "dealt4", 64),
    ("雙將 mixed: 四丙 碰", "4b 4t", "4b", "peng", 16),
    ("雙將 mixed: 四條 碰", "4b 4t", "4t", "peng", 16),
    ("雙將 mixed: 四丙 起手三", "4b 4t", "4b", "dealt4", 64),
    ("雙將 mixed: 四條 起手三", "4b 4t", "4t", "dealt4", 64),
    ("雙將 mixed: 四丙 在手 (後摸三)", "4b 4t", "4b", "drawn4", 48),
    ("雙將 mixed: 四條 在手 (後摸三)", "4b 4t", "4t", "drawn4", 48),
    *_row("雙將 mixed: 四萬", "4b 4t", "4w", (8, 16, 32, 48, 64)),
    *_row("雙龍會 same (two 紅花): other 三老將", "HH HH", "QZ BH 9t", (16, 32, 64, 96, 128)),
    ("雙龍會 same: 起手 two 紅花", "HH HH", "HH", "dealt4", 128),
    ("雙龍會 mixed: 紅花 碰", "HH BH", "HH", "peng", 32),
    ("雙龍會 mixed: 白花 碰", "HH BH", "BH", "peng", 32),
    ("雙龍會 mixed: 起手三 紅花", "HH BH", "HH", "dealt4", 128),
    ("雙龍會 mixed: 起手三 白花", "HH BH", "BH", "dealt4", 128),
    ("雙龍會 mixed: 後摸三 紅花", "HH BH", "HH", "drawn4", 96),
    ("雙龍會 mixed: 後摸三 白花", "HH BH", "BH", "drawn4", 96),
    *_row("雙龍會 mixed: 千字, 九條", "HH BH", "QZ 9t", (16, 32, 64, 96, 128)),
    ("半邊將: 紅花 碰", "HH 3t", "HH", "peng", 16),
    ("半邊將: 紅花 起手三", "HH 3t", "HH", "dealt4", 64),
    ("半邊將: 紅花 後摸三 (在手 48)", "HH 3t", "HH", "drawn4", 48),
    *_row("半邊將: other 老將", "HH 3t", "QZ BH 9t", (8, 16, 32, 48, 64)),
    ("後摸 line: 12", "2t 3w", "5b", "drawn4", 12),
    ("後摸 line: 老將 24", "2t 3w", "QZ", "drawn4", 24),
    ("後摸 line: 將 24", "2t 3w", "2b", "drawn4", 24),
    ("後摸 line: 半邊將 48", "HH 3t", "BH", "drawn4", 48),
    ("後摸 line: 雙將 48", "4b 4b", "4w", "drawn4", 48),
    ("後摸 line: 雙龍會 96", "HH HH", "QZ", "drawn4", 96),
]


@pytest.mark.parametrize("model", ["model", "tables"])
@pytest.mark.parametrize(
    ("situation", "flips", "card", "kind", "value"),
    SEED_003,
    ids=[f"§6.1 {s} {c} {k}" for s, _, c, k, _ in SEED_003],
)
def test_seed_003_set_values(
    situation: str, flips: str, card: str, kind: str, value: int, model: str
) -> None:
    """nantong.md §6.1 (seed 003): the §6.2 model (and the explicit seed tables, N6) give every
    number of the table."""
    rules = nantong.DUZIHU.evolve(multiplier_model=model)
    assert nantong.set_value(kind, card, jiang=flips, rules=rules) == value


# nantong.md §6.1, table 2 (seed 000 付數): (set word, term, card, flips, value)
TERM_CASES = {
    "普通牌": ("5b", "2t 3w"),
    "普通掰牌": ("2b", "2t 3w"),
    "普通雙掰牌": ("4w", "4b 4t"),
    "將牌": ("QZ", "2t 3w"),
    "將牌掰牌": ("QZ", "HH 3t"),
    "將牌雙掰牌": ("QZ", "HH BH"),
}
SEED_000_ROWS = {
    "胖牌": (2, 4, 8, 4, 8, 16),
    "開朝": (8, 16, 32, 16, 32, 64),
    "自摸": (12, 24, 48, 24, 48, 96),
    "在手": (16, 32, 64, 32, 64, 128),
}
SEED_000 = [
    (word, term, *TERM_CASES[term], value)
    for word, values in SEED_000_ROWS.items()
    for term, value in zip(TERM_CASES, values, strict=True)
] + [
    ("胖牌", "普通真諦", "2t", "2t 3w", 8),
    ("胖牌", "普通雙掰真諦", "4b", "4b 4t", 16),
    ("胖牌", "將牌真諦", "HH", "HH 3t", 16),
    ("胖牌", "將牌雙掰真諦", "HH", "HH BH", 32),
]


@pytest.mark.parametrize(
    ("word", "term", "card", "flips", "value"),
    SEED_000,
    ids=[f"§6.1 seed000 {w} {t}" for w, t, *_ in SEED_000],
)
def test_seed_000_fushu_table(word: str, term: str, card: str, flips: str, value: int) -> None:
    """nantong.md §6.1 (seed 000 付數 tables): 胖牌 / 開朝 / 自摸 / 在手 × 普通 / 掰 / 雙掰 / 將牌 /
    真諦; the term the model assigns is the seed's word."""
    kind = SetKind.from_s000(word)
    assert nantong.set_value(kind, card, jiang=flips) == value
    assert nantong.set_value(kind, card, jiang=flips, rules=TABLES) == value
    assert nantong.jiang_status(card, flips).term == term


def test_set_kind_names_section_5() -> None:
    """nantong.md §5: the five base numbers and both seeds' names."""
    assert [k.base for k in SetKind] == [2, 4, 8, 12, 16]
    assert SetKind.get("胖牌") is SetKind.PENG
    assert SetKind.get("開朝") is SetKind.EXPOSED4
    assert SetKind.get("自摸") is SetKind.DRAWN4
    assert SetKind.get("在手") is SetKind.CONCEALED3  # seed 003's 在手 = concealed three
    assert SetKind.DEALT4.s000 == "在手"  # seed 000's 在手 = four from the deal
    with pytest.raises(RulesError):
        SetKind.get("吃")


@pytest.mark.parametrize(
    ("flips", "kind"),
    [("2t 3w", JiangKind.PUTONG), ("4b 4b", JiangKind.SHUANG), ("4b 4t", JiangKind.SHUANG),
     ("HH HH", JiangKind.SHUANGLONG), ("HH BH", JiangKind.SHUANGLONG), ("9t QZ", JiangKind.SHUANGLONG),
     ("HH 3t", JiangKind.BANBIAN), ("5w", JiangKind.NONE)],
)  # fmt: skip
def test_jiang_names_section_6_2(flips: str, kind: JiangKind) -> None:
    """nantong.md §6.2 names: 普通將, 雙將, 雙龍會, 半邊將."""
    assert nantong.jiang_kind(flips) is kind


def test_nine_flips_n5_n4() -> None:
    """nantong.md §9 N5: a 九條 flip is a 老將 flip; 九丙/九萬 flips also hit 九條 (option off);
    N4: without 九條 as 老將 it is an ordinary nine."""
    assert nantong.multiplier("QZ", "9t 2w") == 4  # 9t hits 老將
    assert nantong.multiplier("9b", "9t 2w") == 1  # ... and not the other nines
    assert nantong.multiplier("9t", "9b 2w") == 4  # cross-hit: L=1, H=1
    no_cross = nantong.DUZIHU.evolve(nine_cross_hit=False)
    assert nantong.multiplier("9t", "9b 2w", no_cross) == 2
    plain_nine = nantong.DUZIHU.evolve(jiutiao_laojiang=False)
    assert nantong.multiplier("9t", "9b 2w", plain_nine) == 2
    assert nantong.multiplier("9t", "2w 3w", plain_nine) == 1
    assert nantong.multiplier("QZ", "9t 2w", plain_nine) == 2


def test_zhendi_impossible_sets_and_tables_gap() -> None:
    """§6.2: a 真諦 card has only 3 (or 2) copies left; the seed tables (N6) stop where the
    seeds stop."""
    with pytest.raises(RulesError, match="impossible"):
        nantong.set_value("exposed4", "2t", jiang="2t 3w")
    with pytest.raises(RulesError, match="impossible"):
        nantong.set_value("peng", "HH", jiang="HH HH")
    assert nantong.set_value("drawn4", "4b", jiang="4b 4b") == 48  # model only
    with pytest.raises(RulesError, match="no seed number"):
        nantong.set_value("drawn4", "4b", jiang="4b 4b", rules=TABLES)
    with pytest.raises(RulesError, match="百搭"):
        nantong.set_value("peng", "FU")


def test_set_value_detail_explains() -> None:
    detail = nantong.set_value_detail("碰", "紅花", jiang=("紅花", "白花"))
    assert (detail.base, detail.multiplier, detail.zhendi_factor, detail.value) == (2, 8, 2, 32)
    assert "雙龍會" in detail.explain() and "真諦" in detail.explain()


@pytest.mark.parametrize(
    ("text", "kind"),
    [("1b 2b 3b", MeldKind.WENQIAN), ("2b 3b 4b", MeldKind.SHUNZI), ("9t 8t 7t", MeldKind.SHUNZI),
     ("QZ QZ QZ", MeldKind.KEZI), ("9t 9t 9t 9t", MeldKind.GANG), ("HH HH", MeldKind.PAIR),
     ("QZ HH BH", None), ("8t 9t 1b", None), ("1t 2b 3w", None), ("1t", None), ("FU FU", None)],
)  # fmt: skip
def test_classify_section_4(text: str, kind: MeldKind | None) -> None:
    """nantong.md §4: 順子 (same suit, honours never), 文錢 = 1b 2b 3b, 刻子, 杠, 對子."""
    cards = [Card(t) for t in text.split()]
    assert nantong.classify(cards) == kind


def test_meld_parse_and_validation() -> None:
    meld = Meld.parse("明杠 4b 4b 4b 4b")
    assert meld.source is SetKind.EXPOSED4 and meld.kind is MeldKind.GANG
    assert eval(repr(meld), {"Meld": Meld}) == meld
    wild = Meld.parse("1b FU:2b 3b")
    assert wild.kind is MeldKind.WENQIAN and Card("FU") in wild.cards
    assert eval(repr(wild), {"Meld": Meld}) == wild
    with pytest.raises(NotationError):
        Meld.parse("碰 1b 2b 3b")
    with pytest.raises(NotationError):
        Meld(MeldKind.KEZI, (Card("1t"),) * 3, SetKind.EXPOSED4)
    # a 真諦 four declared with its three remaining copies
    assert nantong.meld_value(Meld.parse("起手 2t 2t 2t"), jiang="2t 3w") == 32
    with pytest.raises(RulesError):
        nantong.meld_value(Meld.parse("起手 2t 2t 2t 2t"), jiang="2t 3w")


def test_each_bd_of_a_set_is_the_next_baida_section_1() -> None:
    """nantong.md §1 (one copy of each 百搭) and docs/nantong.md "Cards": ``BD`` takes the next
    百搭 not yet named — in a set too (each ``BD:`` was read as 福, the set holding 福 twice)."""
    meld = Meld.parse("BD:1b BD:2b 3b")
    assert sorted(p.code for p, _ in meld.wilds) == ["FU", "LU"]
    assert Meld.parse("百搭:4b FU:5b 6b").wilds == (
        (Card("LU"), Card("4b")),
        (Card("FU"), Card("5b")),
    )
    assert eval(repr(meld), {"Meld": Meld}) == meld
    with pytest.raises(NotationError, match="2 copies of 福 in 'FU:1b FU:2b 3b'"):
        Meld.parse("FU:1b FU:2b 3b")
    with pytest.raises(NotationError, match="only a 百搭 stands for another card"):
        Meld.parse("1t:1b 2b 3b")
    with pytest.raises(NotationError, match="holds 福 twice"):
        Meld(MeldKind.SHUNZI, nantong.parse("4b 5b 6b"), None, ((Card("FU"), Card("4b")),) * 2)
    hand = "123t 456t 789t 123w 456w 789w 5w 5w"
    rules = nantong.DUZIHU_BAIDA
    assert nantong.analyze(hand, "BD:1b BD:2b 3b", rules=rules).complete


@pytest.mark.parametrize(
    ("word", "source"),
    [
        ("后摸", SetKind.DRAWN4),
        ("後摸", SetKind.DRAWN4),
        ("开朝", SetKind.EXPOSED4),
        ("開朝", SetKind.EXPOSED4),
        ("明杠", SetKind.EXPOSED4),
        ("明槓", SetKind.EXPOSED4),
        ("暗杠", SetKind.DRAWN4),
        ("暗槓", SetKind.DRAWN4),
    ],
)
def test_kind_words_traditional_and_simplified_section_5(word: str, source: SetKind) -> None:
    """nantong.md §5 set kinds; the notation reads traditional and simplified hanzi alike."""
    assert Meld.parse(f"{word} 7w 7w 7w 7w").source is source


def test_classify_takes_rules_by_keyword() -> None:
    """docs/core-concepts.md: classify(cards, *, rules=...) like every family; no 犢子胡 option
    changes what a group is (nantong.md §4)."""
    cards = nantong.parse("1b 2b 3b")
    assert nantong.classify(cards, rules=nantong.DUZIHU_BAIDA) is nantong.classify(cards)
    with pytest.raises(RulesError, match="not a nantong Rules"):
        nantong.classify(cards, rules="duzihu")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda r: nantong.jiang_status("5t", "2t 3w", rules=r),
        lambda r: nantong.multiplier("5t", "2t 3w", rules=r),
        lambda r: nantong.jiang_kind("2t 3w", rules=r),
        lambda r: nantong.set_value("peng", "5t", "2t 3w", rules=r),
        lambda r: nantong.set_value_detail("peng", "5t", "2t 3w", rules=r),
        lambda r: nantong.meld_value(nantong.Meld.parse("123b"), "2t 3w", rules=r),
    ],
)
def test_set_values_check_their_rules_section_6(call: object) -> None:
    """Brief rule 5: the §5–§6 set-value functions name a rules object that is not a nantong
    Rules (a RulesError, not an AttributeError)."""
    for bad in (None, "duzihu", 5):
        with pytest.raises(RulesError, match="is not a nantong Rules object"):
            call(bad)  # type: ignore[operator]


def test_set_values_are_kept_in_a_bounded_cache_the_cold_clear_empties_section_5() -> None:
    from changpai.core import caches
    from changpai.nantong import melds as melds_module

    name = "changpai.nantong.melds._set_value_detail"
    caches.clear("nantong")
    assert caches.stats("nantong")[name] == (0, 1 << 12)
    flips = (Card("HH"), Card("3w"))
    for kind in SetKind:
        for card in ("QZ", "3w", "9t", "5b"):
            for rules in (
                nantong.DUZIHU,
                nantong.Rules(multiplier_model="tables", jiutiao_laojiang=False),
            ):
                try:
                    fresh: object = melds_module._set_value_detail.__wrapped__(
                        kind, Card(card), flips, rules
                    )
                except RulesError as error:
                    fresh = str(error)
                for _ in range(2):  # (the second answer is the kept one)
                    try:
                        got: object = nantong.set_value_detail(kind.value, card, "HH 3w", rules)
                    except RulesError as error:
                        got = str(error)
                    assert got == fresh
    assert caches.stats("nantong")[name][0] > 0
    caches.clear("nantong")
    assert caches.stats("nantong")[name][0] == 0


@pytest.mark.parametrize(
    ("keywords", "named"),
    [
        ({"kind": "peng"}, "kind='peng' is not a nantong MeldKind"),
        ({"kind": None}, "kind=None is not a nantong MeldKind"),
        ({"kind": 5}, "kind=5 is not a nantong MeldKind"),
        ({"source": "peng"}, "source='peng' is not a nantong SetKind"),
        ({"faces": "1t 1t 1t"}, "faces='1t 1t 1t' is not a sequence of nantong cards"),
        ({"faces": (1, 2, 3)}, "faces=.* holds 1"),
        ({"wilds": None}, "wilds=None is not a sequence of"),
        ({"wilds": ((1, 2),)}, "wilds=.* is not a sequence of"),
    ],
)
def test_a_meld_of_wrong_parts_is_a_notation_error_section_4(
    keywords: dict[str, object], named: str
) -> None:
    """DESIGN.md typed errors (review h24): a Meld built from a kind, source, faces or wilds of
    the wrong type names the field — it raised AttributeError, or blamed the cards (§4 groups)."""
    built: dict[str, object] = {"kind": MeldKind.KEZI, "faces": nantong.parse("1t 1t 1t")}
    with pytest.raises(NotationError, match=named):
        Meld(**{**built, **keywords})  # type: ignore[arg-type]


def test_a_meld_of_lists_is_the_meld_of_tuples_section_4() -> None:
    """Faces and wilds given as lists are kept as tuples: the meld equals, and hashes as, the one
    of tuples (a list of faces left it unhashable)."""
    fu, one = Card("FU"), Card("1t")
    listed = Meld(MeldKind.KEZI, [one, one, one], wilds=[[fu, one]])  # type: ignore[arg-type]
    tupled = Meld(MeldKind.KEZI, (one, one, one), wilds=((fu, one),))
    assert listed == tupled and hash(listed) == hash(tupled)


@pytest.mark.parametrize(
    "text",
    [
        "碰 FU:HH LU:HH SHOU:HH",
        "碰 HH FU:HH HH",
        "明杠 FU:1b 1b 1b 1b",
        "起手 2t 2t CAI:2t 2t",
        "後摸 FU:HH HH HH HH",
    ],
)
def test_a_declared_set_takes_real_copies_not_baida(text: str) -> None:
    """docs/nantong.md (review h54): a 百搭 is wild in the hand's reading only — 碰, 杠, 叫牌 and
    暗杠 take real copies — so a declared set holding one is refused, where it was scored (a 碰
    of three 百搭 as 紅花, +4, beside their 喜); a group of a reading may hold them."""
    with pytest.raises(NotationError, match=r"set takes real copies; .* is a 百搭"):
        Meld.parse(text)
    assert Meld.parse("FU:HH HH HH").wilds  # (a 刻子 found in a hand)
    assert Meld.parse("在手 FU:2w 2w 2w").wilds  # (a 在手 three too, as sheets label it; h56)


def test_meld_parse_reads_every_name_of_a_set_kind() -> None:
    """Review h54: `Meld.parse` refused 杠, 提, 自摸 and 叫牌 (names `SetKind.get` reads, §3 / §5)
    as "not a nantong card"; both read one table of names now."""
    from changpai.nantong.melds import _SET_NAMES

    for name, kind in _SET_NAMES.items():
        faces = "2w 2w 2w 2w" if kind.is_four else "2w 2w 2w"
        assert Meld.parse(f"{name} {faces}").source is kind, name
        assert SetKind.get(name) is kind


@pytest.mark.parametrize("cards", [5, None, [1, 2], {Card("1b")}])
def test_meld_of_refuses_what_is_no_sequence_of_cards(cards: object) -> None:
    """Issue 12 (typed errors; review h70): `Meld.of(5)` raised Python's TypeError, as no other
    family's `Meld.of` did."""
    with pytest.raises(NotationError, match="cards="):
        Meld.of(cards)  # type: ignore[arg-type]


_NO_BAIDA_FLIP_ENTRIES = {
    "best_decomposition": lambda j: nantong.best_decomposition(_PIAO, jiang=j),
    "decompositions": lambda j: list(nantong.decompositions(_PIAO, jiang=j)),
    "is_winning": lambda j: nantong.is_winning(_PIAO, jiang=j),
    "waits": lambda j: nantong.waits(_PIAO[:-3], jiang=j),
    "analyze": lambda j: nantong.analyze(_PIAO, jiang=j),
    "score": lambda j: nantong.score(_PIAO, jiang=j),
    "score(Win)": lambda j: nantong.score(nantong.Win(_PIAO, jiang=j)),
    "sets_value": lambda j: nantong.sets_value(_PIAO, jiang=j),
    "jiang_status": lambda j: nantong.jiang_status("5t", jiang=j),
    "jiang_kind": lambda j: nantong.jiang_kind(j),
    "set_value_detail": lambda j: nantong.set_value_detail("concealed3", "2t", jiang=j),
    "meld_value": lambda j: nantong.meld_value(Meld.parse("碰 2t 2t 2t"), jiang=j),
}
_PIAO = "111222333t 444555666b 777w 5t 5t"


@pytest.mark.parametrize("entry", sorted(_NO_BAIDA_FLIP_ENTRIES))
@pytest.mark.parametrize("jiang", ["FU", "3w CAI", (Card("XI"),)])
def test_a_flipped_baida_needs_rules_with_baida_section_1(entry: str, jiang: object) -> None:
    """nantong.md §1 (120 cards; 125 with the five 百搭) and §3 (the 將 are flipped from the
    deck): a flipped 百搭 under rules without 百搭 is a card no deck holds — refused as a 百搭
    held is (review h119: it was read as a flip that hits nothing)."""
    with pytest.raises(NotationError, match="is a 百搭 but these rules play without 百搭"):
        _NO_BAIDA_FLIP_ENTRIES[entry](jiang)


def test_a_flipped_baida_is_read_under_rules_with_baida_section_6_2() -> None:
    """nantong.md §6.2 and docs/nantong.md ("a flipped 百搭 hits nothing"): with 百搭 the flip
    is a card of the deck and scores as no hit."""
    d = nantong.best_decomposition(_PIAO, jiang="FU", rules=nantong.DUZIHU_BAIDA)
    plain = nantong.best_decomposition(_PIAO, rules=nantong.DUZIHU_BAIDA)
    assert d is not None and plain is not None and d.value == plain.value
    assert nantong.jiang_status("5t", jiang="FU", rules=nantong.DUZIHU_BAIDA).hits == 0


@pytest.mark.parametrize("text", ["文錢 123b", "pong 1t 1t 1t", "1x 2t 3t"])
def test_an_unknown_meld_kind_is_named_as_a_kind(text: str) -> None:
    """docs/core-concepts.md (errors name the input and the reason; one public face: 字牌 and
    大貳 name an unknown kind): a first word that is no card is named as neither a kind nor
    cards — ``文錢 123b`` blamed the character 文 (review h120)."""
    first = text.split()[0]
    with pytest.raises(
        NotationError, match=f"'{first}' is neither a meld kind .* nor nantong cards"
    ):
        Meld.parse(text)
