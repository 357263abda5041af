"""孝感 sets (xiaogan.md §4)."""

from __future__ import annotations

from itertools import combinations

import pytest

from changpai.errors import NotationError, RulesError
from changpai.xiaogan import (
    CHARACTERS,
    PHRASES,
    XIAOGAN,
    Card,
    Meld,
    MeldKind,
    classify,
    hu,
    meld_allowed,
    parse,
)

WILD = XIAOGAN.evolve(hunjiang="wild")
NUMERIC = XIAOGAN.evolve(numeric_sentences=True)


@pytest.mark.parametrize("phrase", PHRASES)
def test_a_phrase_is_a_ju(phrase: str) -> None:
    """xiaogan.md §4: one card of each character of one phrase is a 句 ("3字成句")."""
    assert classify(parse(phrase)) is MeldKind.JU
    assert Meld(MeldKind.JU, parse(phrase)).tou == 0


def test_no_other_three_different_cards_are_a_set() -> None:
    """xiaogan.md §4: any 3-card combination other than a phrase is not a 句."""
    found = [trio for trio in combinations(CHARACTERS, 3) if classify(trio) is not None]
    assert sorted("".join(c.hanzi for c in t) for t in found) == sorted(PHRASES)


def test_identical_sets_and_their_tou() -> None:
    """xiaogan.md §4 table: 暗 1, 碰 1, 亮 2, 起 1, 杠 2, 五張 2 replacement draws."""
    three, four, five = parse("上上上"), parse("上上上上"), parse("上上上上上")
    assert classify(three) is MeldKind.AN and MeldKind.AN.tou == 1
    assert classify(three, claimed=True) is MeldKind.PENG and MeldKind.PENG.tou == 1
    assert classify(four) is MeldKind.LIANG and MeldKind.LIANG.tou == 2
    assert classify(four, claimed=True, attached=True) is MeldKind.QI and MeldKind.QI.tou == 1
    assert classify(four, claimed=True) is MeldKind.GANG and MeldKind.GANG.tou == 2
    assert classify(five) is MeldKind.WUZHANG and MeldKind.WUZHANG.tou == 2


def test_five_of_a_kind_option() -> None:
    """X6: five identical are one set by default; split 4 + 1 when wuzhang is off."""
    assert classify(parse("子子子子子"), rules=XIAOGAN.evolve(wuzhang=False)) is None
    assert meld_allowed(Meld.parse("五張 子子子子子"), XIAOGAN.evolve(wuzhang=False))


def test_numeric_runs_option() -> None:
    """X5: 七八九 and 八九十 (D1 F1 F2, F1 F2 D2) are sets only with numeric_sentences."""
    for run in ("七八九", "八九十"):
        assert classify(parse(run)) is None
        assert classify(parse(run), rules=NUMERIC) is MeldKind.SHUN
    assert classify(parse("乙三七"), rules=NUMERIC) is None
    assert meld_allowed(Meld.parse("順 七八九"), XIAOGAN) is not None
    assert meld_allowed(Meld.parse("順 七八九"), NUMERIC) is None


def test_hunjiang_default_is_only_for_the_menjiang() -> None:
    """X3 default: 混江 + any card is a valid 門將; it has no other use."""
    for card in CHARACTERS:
        assert classify((card, Card("HJ"))) is MeldKind.MENJIANG
        assert classify((card, card)) is MeldKind.MENJIANG
    assert classify(parse("上大 HJ")) is None and classify(parse("上上 HJ")) is None
    assert classify(parse("上大")) is None


def test_hunjiang_fully_wild_option() -> None:
    """X3 option: 混江 stands in for any one card of any set."""
    assert classify(parse("上人 HJ"), rules=WILD) is MeldKind.JU
    assert classify(parse("上上 HJ"), rules=WILD) is MeldKind.AN
    assert classify(parse("上上 HJ"), rules=WILD, claimed=True) is MeldKind.PENG
    assert classify(parse("上上上 HJ"), rules=WILD) is MeldKind.LIANG
    assert classify(parse("上上上上 HJ"), rules=WILD) is MeldKind.WUZHANG
    assert classify(parse("上 HJ"), rules=WILD) is MeldKind.MENJIANG
    assert classify(parse("上化 HJ"), rules=WILD) is None


def test_meld_shapes_are_checked() -> None:
    with pytest.raises(NotationError, match="is not a 句"):
        Meld.parse("句 上大仁")
    with pytest.raises(NotationError, match="is not a 碰"):
        Meld.parse("碰 上上上上")
    with pytest.raises(NotationError, match="claimed card"):
        Meld(MeldKind.JU, parse("上大人"), claimed=Card("邱"))
    with pytest.raises(NotationError, match=r"is neither a set kind .* nor xiaogan cards"):
        Meld.parse("擠兒 上上")


def test_borrowed_hu_table() -> None:
    """xiaogan.md §6 / chuanpai.md §2.6: 碰 2, 暗 3, 起 5, 亮 / 扛 7, 句 0."""
    table = {
        "碰 上上上": 2,
        "暗 上上上": 3,
        "起 上上上上": 5,
        "亮 上上上上": 7,
        "杠 上上上上": 7,
        "句 上大人": 0,
    }
    assert {t: hu(Meld.parse(t)) for t in table} == table


def test_laid_out_counts_face_down_cards_by_default() -> None:
    """X2: every card of a set counts by default; face-up cards only as the option."""
    up = XIAOGAN.evolve(count_face_down=False)
    assert [Meld.parse(t).laid_out() for t in ("暗 上上上", "起 上上上上", "門將 上 HJ")] == [
        3,
        4,
        2,
    ]
    assert [Meld.parse(t).laid_out(up) for t in ("暗 上上上", "起 上上上上", "門將 上 HJ")] == [
        0,
        1,
        2,
    ]


def test_meld_round_trips() -> None:
    for text in ("句 上大人", "碰 九九九", "門將 上 HJ", "五張 子子子子子"):
        meld = Meld.parse(text)
        assert Meld.parse(str(meld)) == meld and eval(repr(meld)) == meld
        assert meld.to_dict()["kind"] == meld.kind.value


@pytest.mark.parametrize("value", [None, 3, "句 上大人", parse("上大人")])
def test_set_functions_refuse_what_is_not_a_set(value: object) -> None:
    """hu and meld_allowed take a Meld: anything else is a NotationError naming ``meld``."""
    for function in (hu, meld_allowed):
        with pytest.raises(NotationError, match="meld="):
            function(value)  # type: ignore[arg-type]


def test_classify_checks_its_cards_and_rules() -> None:
    """classify takes 孝感 cards and a Rules object: anything else is a typed error naming it."""
    with pytest.raises(NotationError, match="cards="):
        classify(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="cards="):
        classify([1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="rules="):
        classify(parse("上上"), rules="xiaogan")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules="):
        meld_allowed(Meld.parse("句 上大人"), None)  # type: ignore[arg-type]


def test_ba_jiu_and_hunjiang_may_be_a_shun() -> None:
    """xiaogan.md §4, X3 + X5: 八 九 and a wild 混江 are a 句 of 八九子, and also a 順 (混江
    for 七 or 十); claimed as a 順 they make a 順, not an error."""
    cards = parse("八九 HJ")
    rules = WILD.evolve(numeric_sentences=True)
    assert classify(cards, rules=rules) is MeldKind.JU
    meld = Meld(MeldKind.SHUN, cards, claimed=Card("八"))
    assert meld.kind is MeldKind.SHUN and meld_allowed(meld, rules) is None
    with pytest.raises(NotationError):
        Meld(MeldKind.SHUN, parse("八子 HJ"))  # 子 is in no run


@pytest.mark.parametrize("cards", [None, 5, "上大人", [Card("上"), 1, Card("人")]])
def test_meld_refuses_cards_that_are_not_cards(cards: object) -> None:
    """Meld(kind, cards): anything but a sequence of 孝感 cards is a NotationError naming
    ``cards`` (it used to be a plain TypeError)."""
    with pytest.raises(NotationError, match="cards="):
        Meld(MeldKind.JU, cards)  # type: ignore[arg-type]


def test_two_hunjiang_are_no_menjiang() -> None:
    """xiaogan.md §1: the deck has one 混江, so 混江 混江 is no 門將 (X3): a NotationError, not
    an IndexError; classify answers None."""
    pair = (Card("HJ"), Card("HJ"))
    assert classify(pair) is None and classify(pair, rules=WILD) is None
    with pytest.raises(NotationError, match="is not a 門將"):
        Meld(MeldKind.MENJIANG, pair)


def test_copied_chuanpai_sets_are_ignored() -> None:
    """X1: the 川牌 rules copied into the seed (擠兒 pairs summing to 10 / 20, 燕 of three
    different 七) need dot points, which word cards lack: no such set exists. Two different
    cards are no set, three 七 are a plain 暗, and neither name is a set kind."""
    for name in ("擠兒", "jier", "燕", "yan"):
        with pytest.raises(NotationError, match="not a xiaogan set"):
            MeldKind.parse(name)
    assert all(classify(pair) is None for pair in combinations(CHARACTERS, 2))
    assert classify(parse("七七七")) is MeldKind.AN
    assert classify(parse("七十士")) is MeldKind.JU  # a phrase, not a 燕


def test_a_set_without_cards_names_it() -> None:
    """Meld.parse("碰") (a kind and no cards) says so, quoting the text, as every family."""
    with pytest.raises(NotationError, match=r"^'碰': the kind '碰' names no cards"):
        Meld.parse("碰")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("順 八九十", "順 八 九 十"),
        ("順 十九八", "順 八 九 十"),
        ("順 七八九", "順 七 八 九"),
        ("順 十 八 混江", "順 八 混江 十"),
        ("順 七 混江 八", "順 七 八 混江"),
        ("順 混江 九 八", "順 八 九 混江"),  # (the 混江 may be 七 or 十: last, as before)
        ("句 人大上", "句 上 大 人"),
    ],
)
def test_a_number_run_is_shown_in_the_order_of_its_numbers(text: str, shown: str) -> None:
    """xiaogan.md §4 (X5): the number runs are 七八九 and 八九十; a 順 prints in that order (十
    is card D2, sorted before 八 F1 and 九 F2, and printed first before), and reads back."""
    meld = Meld.parse(text)
    assert str(meld) == shown
    assert Meld.parse(str(meld)) == meld
    html = meld._repr_html_()  # (each card a chip titled by its code and hanzi, in order)
    chips = [html.index(f"'{c.code} {c.hanzi}'") for c in meld._shown_cards()]
    assert chips == sorted(chips) and [c.hanzi for c in meld._shown_cards()] == shown.split()[1:]


@pytest.mark.parametrize(
    ("text", "kind"),
    [("上 上 上", "an"), ("A1 A2 A3", "ju"), ("上大人", "ju"), ("A1 A1", "menjiang")],
)
def test_a_set_without_a_kind_is_read_as_in_hand(text: str, kind: str) -> None:
    """One public face (docs/core-concepts.md: 字牌, 大貳 and 南通 read a meld's cards alone):
    the cards alone are classified as in hand (``classify``) — 孝感 refused them (review h120)."""
    meld = Meld.parse(text)
    assert meld.kind is MeldKind.parse(kind) and meld == Meld.parse(f"{kind} {text}")
