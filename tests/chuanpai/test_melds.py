"""Tests of the 川牌 units (chuanpai.md §2.3) and their 胡 (§2.6)."""

from __future__ import annotations

import itertools

import pytest

from changpai.chuanpai import (
    DOT_CARDS,
    GEHU,
    YAODIREN,
    Card,
    Meld,
    MeldKind,
    classify,
    hu,
    is_jing_set,
    is_tuhuo,
    pair_ok,
    parse,
)
from changpai.errors import NotationError

K = MeldKind

# chuanpai.md §2.3 unit table: unit, example cards, how formed (claimed, attached), 偷.
UNITS = [
    ("擠兒", "66 44", False, False, K.JIER, 0),
    ("擺", "66 44", True, False, K.BAI, 0),
    ("暗", "55 55 55", False, False, K.AN, 1),
    ("碰", "55 55 55", True, False, K.PENG, 1),
    ("燕 from hand", "16 34 25", False, False, K.YAN, 1),
    ("燕 claimed", "16 34 25", True, False, K.YAN, 1),
    ("亮", "22 22 22 22", False, False, K.LIANG, 2),
    ("起", "22 22 22 22", True, True, K.QI, 1),
    ("起 own 偷", "22 22 22 22", False, True, K.QI, 1),
    ("扛", "22 22 22 22", True, False, K.KANG, 2),
    ("經 pair", "JC 66", False, False, K.JING_PAIR, 0),
    ("經 pair 聽用", "11 JT", False, False, K.JING_PAIR, 0),
    ("經 set 暗", "JC 12 12", False, False, K.AN, 1),
    ("經 set 碰", "JT 12 12", True, False, K.PENG, 1),
    ("經 set 扛", "JC JT 12 12", True, False, K.KANG, 2),
    ("土夥 (5 alike)", "33 33 33 33 33", False, False, K.TUHUO, 2),
]


@pytest.mark.parametrize("row", UNITS, ids=[f"chuanpai.md §2.3 {r[0]}" for r in UNITS])
def test_unit_table(row: tuple) -> None:  # type: ignore[type-arg]
    """chuanpai.md §2.3: each unit is recognized and earns its replacement draws (偷)."""
    _, text, claimed, attached, kind, tou = row
    cards = parse(text)
    assert classify(cards, claimed=claimed, attached=attached) is kind
    assert kind.tou == tou
    meld = Meld(kind, cards)
    assert meld.tou == tou
    assert Meld.parse(f"{kind.hanzi} {text}") == meld


# chuanpai.md §2.3: valid 擠兒 pairs by points.
PAIRS_10_20 = [(2, 8), (3, 7), (4, 6), (5, 5), (8, 12), (9, 11), (10, 10)]
PAIRS_14 = [(2, 12), (3, 11), (4, 10), (5, 9), (6, 8), (7, 7)]


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(YAODIREN, PAIRS_10_20), (GEHU, PAIRS_14)],
    ids=["chuanpai.md §2.3 pairs 10/20", "chuanpai.md §4 割胡 pairs 14"],
)
def test_pair_points(rules: object, expected: list[tuple[int, int]]) -> None:
    """chuanpai.md §2.3 / §4 / Ambiguities C3: the point pairs that form a 擠兒."""
    found = set()
    for a, b in itertools.combinations_with_replacement(DOT_CARDS, 2):
        kind = classify((a, b), rules=rules)  # type: ignore[arg-type]
        assert (kind is MeldKind.JIER) == pair_ok(a, b, rules)  # type: ignore[arg-type]
        if kind is MeldKind.JIER:
            found.add(tuple(sorted((a.points, b.points))))
    assert sorted(found) == expected


def test_yan_is_the_three_different_sevens() -> None:
    """chuanpai.md §2.3: 燕 = one each of 16, 34, 25; three alike sevens are a 暗 instead."""
    assert classify(parse("25 34 16")) is K.YAN
    assert classify(parse("16 16 34")) is None
    assert classify(parse("16 16 16")) is K.AN
    with pytest.raises(NotationError):
        Meld(K.AN, parse("16 34 25"))


def test_jing_rules() -> None:
    """chuanpai.md §2.3, §2.4.5: 經 + any one non-經 card; never with two or more other cards
    except the 經 set (one 經 + two 12)."""
    for card in DOT_CARDS:
        assert classify((Card("JC"), card)) is K.JING_PAIR
    assert classify(parse("JC JT")) is None
    assert classify(parse("JC 66 66")) is None
    assert classify(parse("JC 66 44")) is None
    assert is_jing_set(parse("12 JC 12")) and not is_jing_set(parse("12 12 12"))
    assert classify(parse("JC 12 12 12")) is K.LIANG
    assert classify(parse("JC JT 12")) is None


def test_tuhuo() -> None:
    """chuanpai.md §2.5: a 土夥 is four or five identical cards."""
    assert is_tuhuo(parse("14 14 14 14")) and is_tuhuo(parse("14 14 14 14 14"))
    assert not is_tuhuo(parse("14 14 14")) and not is_tuhuo(parse("14 14 14 14 11"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("擠兒 66 44", 1),
        ("擺 56 36", 1),
        ("擠兒 55 55", 1),
        ("擠兒 13 24", 0),
        ("擺 11 26", 0),
        ("碰 55 55 55", 2),
        ("燕 16 34 25", 2),
        ("暗 55 55 55", 3),
        ("起 55 55 55 55", 5),
        ("亮 55 55 55 55", 7),
        ("扛 55 55 55 55", 7),
        ("碰 JC 12 12", 20),
        ("暗 JC 12 12", 30),
        ("起 JC JT 12 12", 50),
        ("亮 JC JT 12 12", 70),
        ("扛 JT 12 12 12", 70),
        ("經擠兒 JC 66", 0),
        ("土夥 55 55 55 55 55", 7),
    ],
)
def test_hu_table(text: str, value: int) -> None:
    """chuanpai.md §2.6 scoring table (經 ×10), Ambiguities C7 and C14 defaults."""
    assert hu(Meld.parse(text)) == value


def test_hu_options() -> None:
    """Ambiguities C7 / C14: the silent values can be overridden."""
    rules = YAODIREN.evolve(hu_jier10=1, hu_jing_pair=1, hu_tuhuo=9)
    assert hu(Meld.parse("擠兒 13 24"), rules) == 1
    assert hu(Meld.parse("經擠兒 JC 66"), rules) == 1
    assert hu(Meld.parse("土夥 55 55 55 55 55"), rules) == 9


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (K.JIER, "66 22"),
        (K.JIER, "JC 66"),
        (K.JING_PAIR, "66 44"),
        (K.PENG, "55 55 33"),
        (K.YAN, "16 16 25"),
        (K.LIANG, "55 55 55"),
        (K.TUHUO, "55 55 55 55"),
    ],
)
def test_meld_validates_its_shape(kind: MeldKind, text: str) -> None:
    """A Meld whose cards do not have the shape of its kind raises NotationError."""
    with pytest.raises(NotationError, match=f"is not a {kind.hanzi}"):
        Meld(kind, parse(text))


def test_meld_repr_round_trips() -> None:
    """repr of a Meld evaluates back to an equal Meld."""
    meld = Meld(K.BAI, parse("44 66"), claimed=Card("66"))
    env = {"Meld": Meld, "MeldKind": MeldKind, "Card": Card}
    assert eval(repr(meld), env) == meld
    with pytest.raises(NotationError, match="claimed card"):
        Meld(K.BAI, parse("44 66"), claimed=Card("11"))
    with pytest.raises(NotationError, match="not a chuanpai unit"):
        MeldKind.parse("吃")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Meld("jier", parse("66 44")), "kind='jier' is not"),
        (lambda: Meld(None, parse("66 44")), "kind=None is not"),  # type: ignore[arg-type]
        (lambda: Meld(K.JIER, None), "cards=None is not a sequence"),  # type: ignore[arg-type]
        (lambda: Meld(K.JIER, "66 44"), "cards='66 44' is not a sequence"),  # type: ignore[arg-type]
        (lambda: Meld(K.JIER, ["66", "44"]), "holds '66'"),  # type: ignore[list-item]
        (lambda: Meld(K.JIER, [Card("66"), None]), "holds None"),  # type: ignore[list-item]
        (lambda: Meld(K.BAI, parse("66 44"), claimed="66"), "claimed='66' is not"),  # type: ignore[arg-type]
    ],
)
def test_meld_bad_input_raises_notation_error(call: object, message: str) -> None:
    """Docs "Errors": a Meld built from a kind that is not a MeldKind, cards that are not a
    sequence of Card, or a claimed card that is not a Card raises NotationError naming it (it
    used to raise AttributeError / TypeError)."""
    with pytest.raises(NotationError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("word", ["經擠兒", "经挤儿", "經對", "经对"])
def test_the_jing_pair_reads_in_both_scripts_section_2_3(word: str) -> None:
    """chuanpai.md §2.3 (a 經 pair) and the notation's promise of traditional and simplified
    hanzi: the fully simplified 经挤儿 / 经对 were refused while the mixed 经擠兒 was read."""
    assert Meld.parse(f"{word} JC 66").kind is MeldKind.JING_PAIR


def test_a_word_mixing_the_scripts_is_refused() -> None:
    with pytest.raises(NotationError, match=r"is neither a unit kind .* nor chuanpai cards"):
        Meld.parse("经擠兒 JC 66")


@pytest.mark.parametrize(
    ("text", "kind"),
    [("55 55 55", "an"), ("天牌 人牌", "jier"), ("6644", "jier"), ("55 55 55 55", "liang")],
)
def test_a_unit_without_a_kind_is_read_as_in_hand(text: str, kind: str) -> None:
    """One public face (docs/core-concepts.md: 字牌, 大貳 and 南通 read a meld's cards alone):
    the cards alone are classified as in hand (``classify``) — 川牌 refused them (review
    h120); cards that form no unit in hand are named."""
    meld = Meld.parse(text)
    assert meld.kind is MeldKind.parse(kind) and meld == Meld.parse(f"{kind} {text}")
    with pytest.raises(NotationError, match="is not a chuanpai unit in hand"):
        Meld.parse("11 66")
