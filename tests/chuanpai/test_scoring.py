"""Tests of 川牌 scoring (chuanpai.md §2.6) with worked hands through the public API."""

from __future__ import annotations

import pytest

from changpai import chuanpai
from changpai.chuanpai import GEHU, YAODIREN, Meld, parse, score
from changpai.errors import IllegalActionError, NotationError, RulesError


def test_seed_example_eight_hu_pays_nine() -> None:
    """chuanpai.md §2.6: "數了8個胡，就是9個分值" — 8 胡 -> each loser pays 9."""
    # Hand: 暗 長三 (3) + 擠兒 天牌/人牌 (1) + 擠兒 合牌/二四 (0); table: 碰 梅子 (2), 燕 (2).
    table = [Meld.parse("碰 55 55 55"), Meld.parse("燕 16 34 25")]
    best = chuanpai.best_decomposition(parse("33 33 33 66 44 13 24"), table)
    assert best is not None
    sheet = score(best)
    assert sheet.total == 8
    assert [p.amount for p in sheet.payments] == [9, 9, 9]
    assert sheet.net() == {0: 27, 1: -9, 2: -9, 3: -9}
    assert sheet.fact("per_loser") == 9


@pytest.mark.parametrize(
    ("units", "lines", "total"),
    [
        (["擠兒 66 44", "擠兒 56 45", "擠兒 55 46"], [1, 1, 1], 3),
        (["擺 66 26", "擠兒 22 33", "起 11 11 11 11"], [1, 0, 5], 6),
        (["扛 36 36 36 36", "亮 15 15 15 15", "擠兒 14 23"], [7, 7, 0], 14),
        (["碰 JC 12 12", "擠兒 66 44"], [20, 1], 21),
        (["暗 JT 12 12", "經擠兒 JC 66"], [30, 0], 30),
        (["起 JC JT 12 12"], [50], 50),
    ],
    ids=["three 20-point 擠兒", "擺 + 起", "扛 + 亮", "經 碰", "經 暗 + 經 pair", "經 起"],
)
def test_worked_hands(units: list[str], lines: list[int], total: int) -> None:
    """chuanpai.md §2.6: one line per unit with the table value, total, each loser pays +1."""
    sheet = score([Meld.parse(u) for u in units], rules=YAODIREN.evolve(deck="deck86"))
    assert [line.value for line in sheet.lines] == lines
    assert all(line.rule == "chuanpai.md §2.6" for line in sheet.lines)
    assert sheet.total == total
    assert {p.amount for p in sheet.payments} == {total + 1}
    assert len(sheet.payments) == 3


def test_winner_seat_players_and_base() -> None:
    """Payments go from every other seat to the winner; base is an option."""
    sheet = score([Meld.parse("碰 55 55 55")], winner=2, players=3)
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [(0, 2, 3), (1, 2, 3)]
    sheet = score([Meld.parse("碰 55 55 55")], rules=YAODIREN.evolve(base=0, players=2))
    assert [p.amount for p in sheet.payments] == [2]
    with pytest.raises(IllegalActionError, match="winner=5 is not a seat"):
        score([Meld.parse("碰 55 55 55")], winner=5)  # a seat not at the table (was RulesError)
    with pytest.raises(NotationError, match="winner='0' is not an integer"):
        score([Meld.parse("碰 55 55 55")], winner="0")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="players=8 is not an integer from 2 to 7"):
        score([Meld.parse("碰 55 55 55")], players=8)


def test_pair_rule_is_checked() -> None:
    """chuanpai.md §4: a 14-point pair scores under 割胡 only (value 0 by default)."""
    with pytest.raises(RulesError, match="a pair sums to 10 or 20"):
        score([Meld.parse("擠兒 66 11")])
    sheet = score([Meld.parse("擠兒 66 11")], rules=GEHU)
    assert sheet.total == 0 and [p.amount for p in sheet.payments] == [1, 1, 1]


def test_sheet_text_and_dict() -> None:
    """The sheet is explained: keys, hanzi names, str and to_dict."""
    sheet = score([Meld.parse("暗 55 55 55"), Meld.parse("擠兒 66 44")])
    assert [line.key for line in sheet.lines] == ["an", "jier20"]
    assert "暗 梅子 梅子 梅子" in str(sheet)
    data = sheet.to_dict()
    assert data["total"] == 4 and data["facts"]["hu"] == 4
    assert "<table " in sheet._repr_html_()


def test_an_empty_hand_pays_nothing() -> None:
    """chuanpai.md §2.5-2.6 / issue 12: no units is no win, so there is nothing to score."""
    from changpai.errors import NotationError

    with pytest.raises(NotationError, match="an empty hand is not a win"):
        score([])
    with pytest.raises(NotationError, match="not a sequence of chuanpai units"):
        score(None)  # type: ignore[arg-type]


def test_hu_of_a_pair_that_is_no_unit_under_the_rules_is_refused() -> None:
    """chuanpai.md §2.3 / C3: a 20-point pair is no unit in 割胡, a 14-point pair none in
    幺地人 — ``hu`` refuses them as ``score`` does (it priced them 1 and 0)."""
    from changpai.chuanpai import hu

    with pytest.raises(RulesError, match="sums to 20; in 割胡 a pair sums to 14"):
        hu(Meld.parse("擠兒 66 44"), GEHU)
    with pytest.raises(RulesError, match="sums to 14; in 幺地人 a pair sums to 10 or 20"):
        hu(Meld.parse("擠兒 66 11"), YAODIREN)
    assert hu(Meld.parse("擠兒 66 11"), GEHU) == GEHU.hu_jier14


def test_score_refuses_units_holding_more_copies_than_the_deck() -> None:
    """chuanpai.md §1: 幺地人's deck105 has no 經牌, and four 丁丁 … score counts the units'
    cards against the rules' deck as every analysis does (NotationError)."""
    with pytest.raises(NotationError, match="財神"):
        score([Meld.parse("暗 JC 12 12")])
    units = [Meld.parse("亮 66 66 66 66"), Meld.parse("土夥 66 66 66 66 66")]
    with pytest.raises(NotationError, match="天牌"):
        score(units)


def test_score_counts_a_decompositions_cards_against_the_deck_too() -> None:
    """chuanpai.md §1: a Decomposition built by hand is no more trusted than units — nine 天牌,
    or a 經牌 under deck105, raise NotationError as the same units do."""
    from changpai.chuanpai import Decomposition

    many = Decomposition(
        (Meld.parse("亮 66 66 66 66"), Meld.parse("擠兒 56 36")),
        (Meld.parse("土夥 66 66 66 66 66"),),
        YAODIREN,
    )
    with pytest.raises(NotationError, match="9 copies of 天牌"):
        score(many)
    jing = Decomposition(
        (Meld.parse("扛 JC JT 12 12"), Meld.parse("擠兒 56 36")),
        (),
        YAODIREN.evolve(deck="deck84_jing"),
    )
    assert score(jing).total == 71
    with pytest.raises(NotationError, match="財神"):
        score(jing, rules=YAODIREN)


def test_alike_cards_held_at_a_win_count_as_their_set() -> None:
    """chuanpai.md §2.3 (3 alike "dealt, or completed by a 偷" are a 暗) and §2.6 (every unit in
    the winner's cards, hand and table): two dealt triples kept in hand (齊頭 left laying them
    optional) read as two 暗, 6 胡, not as three 10-point 擠兒 (0) — docs/chuanpai.md, choices
    where the rules are silent (review h39)."""
    from changpai.chuanpai import YAODIREN, best_decomposition, parse

    best = best_decomposition(parse("三五 三五 三五 貓貓 長二 地牌 地牌 地牌"), rules=YAODIREN)
    assert best is not None
    assert sorted(str(m) for m in best.concealed) == [
        "擠兒 貓貓 長二", "暗 三五 三五 三五", "暗 地牌 地牌 地牌",
    ]  # fmt: skip
    assert best.hu == 6  # (3 + 3; the 擠兒 of 10 points counts 0)


def test_payers_are_the_seats_that_play() -> None:
    """chuanpai.md §2.1, §2.6: each loser pays 胡 + 1 — at a table of seven, the six that play
    (the 7th, one card, never plays): ``payers=``, as 孝感's ``score`` (review h96)."""
    units = [Meld.parse("碰 55 55 55")]
    every = score(units, winner=1, players=7)
    assert [p.payer for p in every.payments] == [0, 2, 3, 4, 5, 6]
    six = score(units, winner=1, players=7, payers=[0, 2, 3, 4, 5])
    assert [(p.payer, p.payee) for p in six.payments] == [(0, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert {p.amount for p in six.payments} == {every.payments[0].amount}
    win = chuanpai.Win(units, winner=1, players=7, payers=(0, 2, 3, 4, 5))
    assert score(win) == six and win.to_dict()["payers"] == [0, 2, 3, 4, 5]
    with pytest.raises(NotationError, match="payers="):
        score(win, payers=[0, 2])  # (a Win carries its payers: nothing silently overridden)
    with pytest.raises(IllegalActionError, match="seat 1 is the winner"):
        score(units, winner=1, players=7, payers=[0, 1])
    with pytest.raises(IllegalActionError, match="payers: seat=7"):
        score(units, winner=1, players=7, payers=[7])
    with pytest.raises(NotationError, match="payers"):
        chuanpai.Win(units, winner=1, payers=["0"])


def test_no_payers_is_a_sheet_without_payments() -> None:
    """``payers=[]`` as 孝感's: nobody pays (it raised IndexError, review h101)."""
    units = [Meld.parse("碰 55 55 55")]
    sheet = score(units, winner=1, payers=[])
    assert sheet.payments == () and sheet.title == "幺地人: seat 1 胡" and sheet.total == 2
