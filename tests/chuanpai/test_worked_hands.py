"""Hands worked out by hand from the tables of chuanpai.md §2.3 (units) and §2.6 (胡, payment),
then checked through the public API (``chuanpai.best_decomposition`` / ``chuanpai.score``).

The arithmetic of each hand is written in its comments from the rules file, not from the code:
point values come from the card table of §1 (天牌 12, 斧頭 11, 四六 / 梅子 10, 紅九 / 三六 9,
人牌 / 二六 / 三五 8, 高高 / 三四 / 二五 7, 貓貓 / 二四 / 長三 6, 幺四 / 拐子 5, 合牌 / 長二 4,
丁丁 3, 地牌 2), the 胡 of each unit from §2.6 (20-point 擠兒 1, 碰 2, 燕 2, 暗 3, 起 5,
亮 / 扛 7, 經 sets ×10), and every loser pays the winner total + 1.
"""

from __future__ import annotations

import pytest

from changpai import chuanpai
from changpai.errors import RulesError

DECK86 = chuanpai.YAODIREN.evolve(deck="deck86")


def _units(*texts: str) -> list[chuanpai.Meld]:
    return [chuanpai.Meld.parse(t) for t in texts]


def test_hand1_jier_of_ten_and_twenty() -> None:
    """chuanpai.md §2.3 擠兒, §2.6: only the 20-point 擠兒 score (1 each); 10-point ones 0.

    天牌 12 + 人牌 8 = 20 -> 1;  梅子 10 + 四六 10 = 20 -> 1;  合牌 4 + 二四 6 = 10 -> 0;
    幺四 5 + 拐子 5 = 10 -> 0.  Total 2; each of the 3 losers pays 2 + 1 = 3.
    """
    best = chuanpai.best_decomposition(chuanpai.parse("天牌 人牌 梅子 四六 合牌 二四 幺四 拐子"))
    assert best is not None
    sheet = chuanpai.score(best)
    assert sorted(line.value for line in sheet.lines) == [0, 0, 1, 1]
    assert sheet.total == 2
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [
        (1, 0, 3),
        (2, 0, 3),
        (3, 0, 3),
    ]


def test_hand2_bai_an_peng() -> None:
    """chuanpai.md §2.3 擺 / 暗 / 碰, §2.6.

    擺 紅九 9 + 斧頭 11 = 20 -> 1;  暗 長三 ×3 -> 3;  碰 長二 ×3 -> 2;
    擠兒 幺四 5 + 拐子 5 = 10 -> 0.  Total 1 + 3 + 2 + 0 = 6; each loser pays 7.
    """
    sheet = chuanpai.score(_units("擺 45 56", "暗 33 33 33", "碰 22 22 22", "擠兒 14 23"))
    assert [line.value for line in sheet.lines] == [1, 3, 2, 0]
    assert sheet.total == 6
    assert {p.amount for p in sheet.payments} == {7}


def test_hand3_yan_and_liang() -> None:
    """chuanpai.md §2.3 燕 (the three different 7-point cards) and 亮 (4 from hand), §2.6.

    燕 高高 + 三四 + 二五 -> 2;  亮 梅子 ×4 -> 7;  擠兒 三六 9 + 斧頭 11 = 20 -> 1.
    Total 10; with 3 players each of the 2 losers pays 11.
    """
    hand = chuanpai.parse("高高 三四 二五 梅子 梅子 梅子 梅子 三六 斧頭")
    best = chuanpai.best_decomposition(hand)
    assert best is not None
    assert sorted(str(m) for m in best.melds) == sorted(
        ["燕 高高 三四 二五", "亮 梅子 梅子 梅子 梅子", "擠兒 斧頭 三六"]
    )
    sheet = chuanpai.score(best, players=3)
    assert sheet.total == 10
    assert [p.amount for p in sheet.payments] == [11, 11]


def test_hand4_qi_kang_and_ten_point_bai() -> None:
    """chuanpai.md §2.3 起 / 扛, §2.6.

    起 天牌 ×4 (a 暗 + the 4th) -> 5;  扛 人牌 ×4 -> 7;  擺 二六 8 + 地牌 2 = 10 -> 0.
    Total 12; each loser pays 13.  The 偷 earned: 起 1, 扛 2, 擺 0 (§2.3).
    """
    units = _units("起 66 66 66 66", "扛 44 44 44 44", "擺 26 11")
    assert [m.tou for m in units] == [1, 2, 0]
    sheet = chuanpai.score(units)
    assert [line.value for line in sheet.lines] == [5, 7, 0]
    assert sheet.total == 12 and {p.amount for p in sheet.payments} == {13}


def test_hand5_jing_an_and_jing_pair() -> None:
    """chuanpai.md §2.3 經 set / 經 pair, §2.6 經牌 暗 30; Ambiguities C14 (經 pair 0).

    經 暗 財神 + 丁丁 + 丁丁 -> 3 × 10 = 30;  經 pair 聽用 + 天牌 -> 0;
    擠兒 天牌 12 + 三五 8 = 20 -> 1.  Total 31; each loser pays 32.
    """
    hand = chuanpai.parse("財神 丁丁 丁丁 聽用 天牌 天牌 三五", deck=DECK86.cards())
    best = chuanpai.best_decomposition(hand, rules=DECK86)
    assert best is not None
    sheet = chuanpai.score(best, rules=DECK86)
    assert sorted(line.value for line in sheet.lines) == [0, 1, 30]
    assert sheet.total == 31 and {p.amount for p in sheet.payments} == {32}
    # C14 option: a 經 pair worth 1 -> 32, each pays 33.
    assert chuanpai.score(best, rules=DECK86.evolve(hu_jing_pair=1)).total == 32


@pytest.mark.parametrize(
    ("unit", "plain", "value"),
    [
        ("碰 JC 12 12", "碰 55 55 55", 20),  # 2 × 10
        ("暗 JT 12 12", "暗 55 55 55", 30),  # 3 × 10
        ("起 JC 12 12 12", "起 55 55 55 55", 50),  # 5 × 10
        ("扛 JC JT 12 12", "扛 55 55 55 55", 70),  # 7 × 10
        ("亮 JC JT 12 12", "亮 55 55 55 55", 70),  # 7 × 10
    ],
)
def test_hand6_jing_sets_are_ten_times(unit: str, plain: str, value: int) -> None:
    """chuanpai.md §2.6: 經牌 碰 20, 暗 30, 起 50, 亮 / 扛 70 — ten times the plain unit."""
    jing = chuanpai.score(_units(unit, "擠兒 66 44"), rules=DECK86, players=2)
    normal = chuanpai.score(_units(plain, "擠兒 66 44"), rules=DECK86, players=2)
    assert jing.lines[0].value == value == 10 * normal.lines[0].value
    # + 1 for the 20-point 擠兒; one loser pays total + 1.
    assert jing.total == value + 1 and [p.amount for p in jing.payments] == [value + 2]


def test_hand7_tuhuo_five_alike() -> None:
    """chuanpai.md §2.5 土夥 (4 or 5 alike), Ambiguities C7 (5-of-a-kind worth 7, as 亮).

    土夥 長三 ×5 -> 7;  擠兒 貓貓 6 + 合牌 4 = 10 -> 0.  Total 7; each loser pays 8.  The 土夥
    also meets the 叫牌 condition of 幺地人 without any pair of 幺四 / 地牌 / 人牌.
    """
    hand = chuanpai.parse("長三 長三 長三 長三 長三 貓貓 合牌")
    best = chuanpai.best_decomposition(hand)
    assert best is not None
    assert [m.kind for m in best.melds].count(chuanpai.MeldKind.TUHUO) == 1
    sheet = chuanpai.score(best)
    assert sheet.total == 7 and {p.amount for p in sheet.payments} == {8}
    assert chuanpai.can_jiao(hand) and chuanpai.has_tuhuo(hand)


def test_hand8_gehu_fourteen_point_pairs() -> None:
    """chuanpai.md §4 割胡: pairs sum to 14 (12+2, 11+3, 10+4, 9+5, 8+6, 7+7), Ambiguities C3.

    天牌 12 + 地牌 2, 斧頭 11 + 丁丁 3, 四六 10 + 合牌 4, 紅九 9 + 幺四 5, 人牌 8 + 貓貓 6,
    高高 7 + 三四 7: six 14-point pairs worth 0 each (``hu_jier14``); 碰 梅子 -> 2.  Total 2;
    each of the 3 losers pays 3.  Under 幺地人 (10/20) the same cards cannot all be formed.
    """
    hand = chuanpai.parse("66 11 56 12 46 13 45 14 44 15 16 34")
    table = _units("碰 55 55 55")
    best = chuanpai.best_decomposition(hand, table, rules=chuanpai.GEHU)
    assert best is not None
    assert all(m.points == 14 for m in best.concealed)
    sheet = chuanpai.score(best, rules=chuanpai.GEHU)
    assert sheet.total == 2 and [p.amount for p in sheet.payments] == [3, 3, 3]
    assert chuanpai.best_decomposition(hand) is None
    with pytest.raises(RulesError, match="sums to 14"):
        chuanpai.score(_units("擠兒 66 11"))


def test_hand9_seed_example_eight_hu() -> None:
    """chuanpai.md §2.6 seed example: 8 胡 -> 9 from each loser.

    Hand 地牌 地牌 地牌 (暗 3) + 天牌 人牌 (20-point 擠兒 1) + 二四 合牌 (10-point 0); table
    碰 梅子 (2) and 燕 (2): 3 + 1 + 0 + 2 + 2 = 8; 4 players -> 3 × 9 = 27 to the winner.
    """
    table = _units("碰 55 55 55", "燕 16 34 25")
    best = chuanpai.best_decomposition(chuanpai.parse("11 11 11 66 44 24 13"), table)
    assert best is not None
    sheet = chuanpai.score(best, winner=2)
    assert sheet.total == 8
    assert sheet.net() == {0: -9, 1: -9, 2: 27, 3: -9}


def test_hand10_best_decomposition_prefers_sets() -> None:
    """chuanpai.md §2.6 "the one worth the most 胡": 二六 ×3 + 天牌 ×3.

    As three 20-point 擠兒 (二六 8 + 天牌 12): 3 × 1 = 3.  As 暗 二六 + 暗 天牌: 3 + 3 = 6.
    The best is 6; each loser pays 7.
    """
    hand = chuanpai.parse("26 26 26 66 66 66")
    values = sorted(d.hu for d in chuanpai.decompositions(hand))
    assert values == [3, 6]
    best = chuanpai.best_decomposition(hand)
    assert best is not None and best.hu == 6
    assert {p.amount for p in chuanpai.score(best).payments} == {7}


def test_hand11_ten_point_option() -> None:
    """Ambiguities C7: with ``hu_jier10=1`` a 10-point 擠兒 is worth 1 too.

    擠兒 合牌 + 二四 (10) and 擠兒 幺四 + 拐子 (10): 0 + 0 by default, 1 + 1 with the option.
    """
    units = _units("擠兒 13 24", "擠兒 14 23")
    assert chuanpai.score(units).total == 0
    assert [p.amount for p in chuanpai.score(units).payments] == [1, 1, 1]
    assert chuanpai.score(units, rules=chuanpai.YAODIREN.evolve(hu_jier10=1)).total == 2
