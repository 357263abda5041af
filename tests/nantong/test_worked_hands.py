"""Independent worked hands, scored by hand from rules/nantong.md and checked through the public
API (nantong.md §4–§7.2). Each hand spells its arithmetic out; the code never supplied a number.

Reminders used below (rules/nantong.md):
  §5  base: 碰 2, 在手 (concealed three) 4, 明杠 8, 後摸/暗杠 12, 起手 16.
  §6.2 m(c) = 2^(L + H): L = 1 for a 老將 (千字 紅花 白花 九條); a flip hits c when both are 老將,
       or both are non-老將 suit cards of the same number; a card equal to a flip is 真諦
       (碰 ×2 again; its remaining three score as a four: 起手 16·m if called, else 後摸 12·m).
  §7  飄胡 (50 + X) × 2, 清胡 100 + X, 塌子胡 20 + X; 文錢 20/50/100/200; 自摸 / 丫子 / 邊張 /
       單吊 / 杠開 10 (one wait bonus, N8); 三老聚會 doubles the three 老將 sets; ×2 for 悶飄,
       天胡, 地胡, 天聽, 海底撈月; then round up to ten (N16).
  §7.2 each loser pays the winner's total minus his own sets (rounded up, N17).
"""

from __future__ import annotations

import pytest

from changpai import nantong
from changpai.nantong import OtherHand, Win


def _lines(sheet: object) -> dict[str, int]:
    """Sum of line values by key (ScoreSheet lines)."""
    out: dict[str, int] = {}
    for line in sheet.lines:  # type: ignore[attr-defined]
        out[line.key] = out.get(line.key, 0) + line.value
    return out


def _pays(sheet: object) -> set[tuple[int, int, int]]:
    return {(p.payer, p.payee, p.amount) for p in sheet.payments}  # type: ignore[attr-defined]


def test_w1_qinghu_bianzhang_zimo_settlement() -> None:
    """W1 — 清胡, self-drawn 三條 as the 3 of 一二三條 (邊張), 將 二條 + 三萬 (普通將); §7, §7.2.

    一二三條 四五六條 七八九條 一二三萬 四五六萬 七八九丙 二三四丙 + 六丙 六丙.
    No 文錢 (二三四丙 is not 一二三丙), no sets.
      清胡 底 100 + 自摸 10 + 邊張 10 (single wait 三條, one bonus by N8) = 120 → 120.
    Settlement (N17), 將 二條 + 三萬:
      seat 1: 千字 在手 4 × 2 (老將, no hit) = 8, 碰 七萬 2 → 10 → 10; pays 120 − 10 = 110.
      seat 2: 紅花 ×4 undeclared → 後摸 12 × 2 = 24 → 30; pays 120 − 30 = 90.
    """
    others = (
        OtherHand(1, "QZ QZ QZ 5t 5t", "碰 7w 7w 7w"),
        OtherHand(2, "HH HH HH HH 5b"),
    )
    win = Win("123t 456t 789t 123w 456w 789b 234b 6b 6b", winning_card="3t", self_drawn=True,
              jiang="2t 3w", others=others)  # fmt: skip
    sheet = nantong.score(win)
    lines = _lines(sheet)
    assert sheet.fact("shape") == "qinghu"
    assert (lines["base"], lines["zimo"], lines["wait.bianzhang"]) == (100, 10, 10)
    assert "wenqian" not in lines and "wait.duzhang" not in lines
    assert sheet.total == 120
    assert (lines["loser.1"], lines["loser.2"]) == (10, 30)
    assert _pays(sheet) == {(1, 0, 110), (2, 0, 90)}
    assert sheet.net() == {0: 200, 1: -110, 2: -90}


def test_w2_piaohu_exposed_shuangjiang_dandiao() -> None:
    """W2 — 飄胡 with two 碰 (so not 悶飄), win on a discard 九丙 as 單吊; 將 五條 + 五萬 (雙將).

    Exposed: 碰 紅花, 碰 五丙. Concealed: 一二三丙 (文錢), 七條×3, 千字×3, 八萬×3, 四萬×3, 九丙 (+九丙).
      碰 紅花: 老將, no flip on a 老將 → m 2: 2 × 2 = 4
      碰 五丙: both flips are fives (雙掰) → m 4: 2 × 4 = 8
      千字 在手 4 × 2 = 8; 七條, 八萬, 四萬 在手 4 each = 12          → sets 32
      文錢 ×1 20; 單吊 10 (only 九丙 completes the hand)
      (50 + 32 + 20 + 10) × 2 = 224 → 230.
    """
    sheet = nantong.score("1b 2b 3b 7t 7t 7t QZ QZ QZ 8w 8w 8w 4w 4w 4w 9b 9b",
                          exposed="碰 HH HH HH; 碰 5b 5b 5b", winning_card="9b", jiang="5t 5w")  # fmt: skip
    lines = _lines(sheet)
    assert sheet.fact("shape") == "piaohu"
    assert lines["set"] == 32 and lines["wenqian"] == 20 and lines["wait.dandiao"] == 10
    assert "menpiao" not in lines and "zimo" not in lines
    assert sheet.fact("unrounded") == 224 and sheet.total == 230


def test_w3_tazihu_gangkai_yazi_banbian() -> None:
    """W3 — 塌子胡 won by 杠開 on 三萬 (丫子 in 二三四萬); 將 千字 + 三丙 (半邊將).

    Exposed: 明杠 六條, 後摸 (暗杠) 白花×4. Concealed: 二三四萬, 五六七丙, 九萬×3, 三條×3, 七八九萬, 一萬 一萬.
      m: 老將 2^(1+1) = 4 (the 千字 flip hits every 老將); threes 2 (the 三丙 flip); others 1.
      明杠 六條 8; 後摸 白花 12 × 4 = 48 (seed: 半邊將 暗杠 48); 九萬 在手 4; 三條 在手 4 × 2 = 8
                                                                          → sets 68
      自摸 10 + 丫子 10 + 杠開 10
      20 + 68 + 30 = 118 → 120.
    """
    sheet = nantong.score("2w 3w 4w 5b 6b 7b 9w 9w 9w 3t 3t 3t 7w 8w 9w 1w 1w",
                          exposed="明杠 6t 6t 6t 6t; 後摸 BH BH BH BH", winning_card="3w",
                          self_drawn=True, gangkai=True, jiang="QZ 3b")  # fmt: skip
    lines = _lines(sheet)
    assert sheet.fact("shape") == "tazihu"
    assert lines["set"] == 68
    assert (lines["zimo"], lines["wait.yazi"], lines["gangkai"]) == (10, 10, 10)
    assert sheet.fact("unrounded") == 118 and sheet.total == 120


def test_w4_menpiao_sanlao_qishou_haidi() -> None:
    """W4 — 悶飄 with 三老聚會 and a 起手 four (叫牌) of 紅花, self-drawn 六萬 on the last card
    (海底撈月, 單吊); 將 二條 + 八萬 (普通將).

    Declared: 起手 紅花×4 (concealed). Concealed: 千字×3, 白花×3, 一二三丙 ×2, 八條×3, 四丙×3, 六萬 六萬.
      起手 紅花 16 × 2 = 32; 千字, 白花 在手 4 × 2 = 8 each; 八條 在手 4 × 2 = 8 (hit by 八萬);
      四丙 在手 4                                                          → sets 60
      三老聚會: 32 + 8 + 8 again = 48; 文錢 ×2 50; 自摸 10; 單吊 10
      (50 + 60 + 48 + 50 + 10 + 10) × 2 (飄胡) = 456; × 2 悶飄 = 912; × 2 海底 = 1824 → 1830.
    """
    sheet = nantong.score("QZ QZ QZ BH BH BH 1b 2b 3b 1b 2b 3b 8t 8t 8t 4b 4b 4b 6w 6w",
                          exposed="起手 HH HH HH HH", winning_card="6w", self_drawn=True,
                          haidi=True, jiang="2t 8w")  # fmt: skip
    lines = _lines(sheet)
    assert sheet.fact("shape") == "piaohu"
    assert lines["set"] == 60 and lines["sanlao"] == 48 and lines["wenqian"] == 50
    assert {"menpiao", "haidi", "piao"} <= set(lines)
    assert sheet.fact("unrounded") == 1824 and sheet.total == 1830


def test_w5_qinghu_three_wenqian_dihu_tianting() -> None:
    """W5 — 清胡 with three 文錢 (N13 double count), 丫子 八萬 on the dealer's first discard by a
    player who declared 報聽 (地胡 and 天聽); 將 一條 + 三條 (普通將).

    一二三丙 ×3, 四五六條, 七八九萬, 二三四萬, 五六七條, 九丙 九丙.
      清胡 100; 文錢 ×3 100; the three 文錢 also as 在手 一丙 4 × 2 = 8 (hit by 一條),
      二丙 4, 三丙 4 × 2 = 8 (hit by 三條) = 20; 丫子 10
      100 + 100 + 20 + 10 = 230; × 2 地胡 × 2 天聽 = 920 → 920.
    """
    hand = "1b 2b 3b 1b 2b 3b 1b 2b 3b 4t 5t 6t 7w 8w 9w 2w 3w 4w 5t 6t 7t 9b 9b"
    sheet = nantong.score(hand, winning_card="8w", dihu=True, tianting=True, jiang="1t 3t")
    lines = _lines(sheet)
    assert sheet.fact("shape") == "qinghu"
    assert lines["wenqian"] == 100 and lines["wenqian.kezi"] == 20 and lines["wait.yazi"] == 10
    assert sheet.fact("unrounded") == 920 and sheet.total == 920
    off = nantong.DUZIHU.evolve(sanwenqian_double=False)  # (100 + 100 + 10) × 4 = 840
    assert nantong.score(hand, rules=off, winning_card="8w", dihu=True, tianting=True,
                         jiang="1t 3t").total == 840  # fmt: skip


def test_w6_baida_tazihu_zhendi_peng_on_discard() -> None:
    """W6 — 百搭 game: 塌子胡 with 福 as 五條, won on a discard 七丙 that completes a triplet of a
    flipped card; 將 七丙 + 二萬 (普通將).

    一二三條, 四條 福 六條, 七丙 七丙 (+七丙), 九條×3, 紅花×3, 三四五萬, 六七八萬, 二丙 二丙.
      七丙 triplet on the winning discard = 碰 (N18) of a 真諦 card: 2 × 2 × 2 = 8
      九條 在手 4 × 2 (老將) = 8; 紅花 在手 4 × 2 = 8                       → sets 24
      no wait bonus (the 七丙 sits in a triplet; 二丙 and 七丙 both complete the hand)
      20 + 24 = 44 → 50.
    喜 (§7.1, N14 separate): one 百搭 → 10 from each other player.
      net: winner 50 + 50 + 10 + 10 = 120; each loser −60.
    With baida_settlement="add": 44 + 10 = 54 → 60.
    """
    hand = "1t 2t 3t 4t FU 6t 7b 7b 7b 9t 9t 9t HH HH HH 3w 4w 5w 6w 7w 8w 2b 2b"
    rules = nantong.DUZIHU_BAIDA
    sheet = nantong.score(hand, rules=rules, winning_card="7b", jiang="7b 2w")
    lines = _lines(sheet)
    assert sheet.fact("shape") == "tazihu"
    assert lines["set"] == 24
    assert not any(key.startswith("wait") for key in lines)
    assert sheet.fact("unrounded") == 44 and sheet.total == 50
    assert sheet.net() == {0: 120, 1: -60, 2: -60}
    added = nantong.score(hand, rules=rules.evolve(baida_settlement="add"), winning_card="7b",
                          jiang="7b 2w")  # fmt: skip
    assert added.fact("unrounded") == 54 and added.total == 60


def test_w7_piaohu_shuanglong_bianzhang_on_wenqian() -> None:
    """W7 — 飄胡 with 明杠 千字 and 碰 九條 under 將 紅花 + 紅花 (雙龍會), won on a discard 三丙
    that completes the 文錢 (邊張, the 3 of 一二三); N7 both formulas.

      m(老將) = 2^(1+2) = 8: 明杠 千字 8 × 8 = 64; 碰 九條 2 × 8 = 16;
      五萬, 六丙, 八條, 四條 在手 4 each = 16                                → sets 96
      文錢 20; 邊張 10
      default (50 + 96 + 20 + 10) × 2 = 352 → 360
      N7 alt  (20 + 96 + 20 + 10) × 2 + 40 = 332 → 340.
    """
    kw = {"exposed": "明杠 QZ QZ QZ QZ; 碰 9t 9t 9t", "winning_card": "3b", "jiang": "HH HH"}
    hand = "1b 2b 3b 5w 5w 5w 6b 6b 6b 8t 8t 8t 4t 4t 4t 2w 2w"
    sheet = nantong.score(hand, **kw)
    lines = _lines(sheet)
    assert lines["set"] == 96 and lines["wait.bianzhang"] == 10 and lines["wenqian"] == 20
    assert sheet.fact("unrounded") == 352 and sheet.total == 360
    alt = nantong.score(hand, rules=nantong.DUZIHU.evolve(piao_formula="20x2+40"), **kw)
    assert alt.fact("unrounded") == 332 and alt.total == 340


def test_w8_tianhu_piaohu_called_zhendi() -> None:
    """W8 — 天胡 of the dealer's 23 cards, 悶飄, with two 真諦 threes declared by 叫牌;
    將 二條 + 五丙 (普通將).

    七萬×3, 二條×3 (叫牌), 五丙×3 (叫牌), 八丙×3, 三萬×3, 紅花×3, 一二三丙, 千字 千字.
      二條, 五丙: 起手 16 × 2 = 32 each; 紅花 在手 4 × 2 = 8; 七萬, 八丙, 三萬 在手 4 each
                                                                          → sets 84
      文錢 20; no 自摸 (N15) and no winning card, so no wait bonus
      (50 + 84 + 20) × 2 = 308; × 2 悶飄 = 616; × 2 天胡 = 1232 → 1240
      N15 option (+自摸 10): (164 × 2) × 2 × 2 = 1312 → 1320.
    Without 叫牌 the two threes are 後摸: 12 × 2 = 24 each → (50 + 68 + 20) × 8 = 1104 → 1110.
    """
    hand = "7w 7w 7w 2t 2t 2t 5b 5b 5b 8b 8b 8b 3w 3w 3w HH HH HH 1b 2b 3b QZ QZ"
    kw = {"self_drawn": True, "tianhu": True, "jiang": "2t 5b"}
    sheet = nantong.score(hand, called="2t 5b", **kw)
    assert _lines(sheet)["set"] == 84
    assert sheet.fact("unrounded") == 1232 and sheet.total == 1240
    zimo = nantong.score(hand, rules=nantong.DUZIHU.evolve(tianhu_zimo=True), called="2t 5b", **kw)
    assert zimo.fact("unrounded") == 1312 and zimo.total == 1320
    uncalled = nantong.score(hand, **kw)
    assert uncalled.fact("unrounded") == 1104 and uncalled.total == 1110


def test_w9_sanlao_with_exposed_sets_n10() -> None:
    """W9 — 塌子胡 with 碰 紅花, 碰 白花, 明杠 千字 (三老聚會 with exposed sets, N10), self-drawn
    四條 at the end of 二三四條 (no wait bonus: not an edge, two waits); 將 九條 + 四萬 (半邊將).

      m(老將) = 2^(1+1) = 4 (九條 flip): 碰 紅花 2 × 4 = 8, 碰 白花 8, 明杠 千字 8 × 4 = 32;
      八丙 在手 4                                                           → sets 52
      三老聚會 8 + 8 + 32 = 48; 自摸 10
      20 + 52 + 48 + 10 = 130 → 130; concealed-only 三老聚會 (N10 option): 82 → 90.
    """
    kw = {"exposed": "碰 HH HH HH; 碰 BH BH BH; 明杠 QZ QZ QZ QZ", "winning_card": "4t",
          "self_drawn": True, "jiang": "9t 4w"}  # fmt: skip
    hand = "1t 2t 3t 2t 3t 4t 5w 6w 7w 8b 8b 8b 6t 6t"
    sheet = nantong.score(hand, **kw)
    lines = _lines(sheet)
    assert lines["set"] == 52 and lines["sanlao"] == 48
    assert not any(key.startswith("wait") for key in lines)
    assert sheet.fact("unrounded") == 130 and sheet.total == 130
    concealed_only = nantong.score(hand, rules=nantong.DUZIHU.evolve(sanlao_exposed=False), **kw)
    assert concealed_only.fact("unrounded") == 82 and concealed_only.total == 90


def test_w10_shuangjiang_two_copy_qishou() -> None:
    """W10 — 將 四丙 + 四丙 (雙將, same card): the other two 四丙 declared by 叫牌 are a 起手 four
    of two cards (seed 003: 64); 塌子胡, self-drawn 九丙 單吊.

      起手 四丙 16 × 4 = 64; 四萬 在手 4 × 4 = 16 (two flipped fours hit every four) → sets 80
      自摸 10 + 單吊 10
      20 + 80 + 20 = 120 → 120.
    """
    sheet = nantong.score("4w 4w 4w 1t 2t 3t 4t 5t 6t 7t 8t 9t 5w 6w 7w 2w 3w 4w 9b 9b",
                          exposed="起手 4b 4b", winning_card="9b", self_drawn=True,
                          jiang="4b 4b")  # fmt: skip
    lines = _lines(sheet)
    assert lines["set"] == 80 and lines["wait.dandiao"] == 10
    assert sheet.fact("unrounded") == 120 and sheet.total == 120


# nantong.md §7: the 文錢 numbers (20 / 50 / 100 / 200) in hands; three or more also count as
# three 在手 刻子 一丙 二丙 三丙 (4 each, no 將) by N13.
WENQIAN_HANDS = [
    (1, "1b 2b 3b 456t 789t 123t 456w 789w 234w 9b 9b", 20, 100 + 20),
    (2, "1b 2b 3b 1b 2b 3b 456t 789t 456w 789w 234w 9b 9b", 50, 100 + 50),
    (3, "1b 2b 3b 1b 2b 3b 1b 2b 3b 456t 789t 456w 789w 9b 9b", 100, 100 + 100 + 12),
    (4, "1b 2b 3b 1b 2b 3b 1b 2b 3b 1b 2b 3b 456t 789t 456w 9b 9b", 200, 100 + 200 + 12),
]


@pytest.mark.parametrize(("count", "hand", "value", "unrounded"), WENQIAN_HANDS,
                         ids=[f"§7 文錢 ×{n}" for n, *_ in WENQIAN_HANDS])  # fmt: skip
def test_wenqian_numbers_section_7(count: int, hand: str, value: int, unrounded: int) -> None:
    """nantong.md §7 [S000][S003]: 單文錢 20, 雙文錢 50, 三文錢 100, 四文錢 200 (N12)."""
    sheet = nantong.score(hand)
    assert sheet.fact("wenqian") == count and _lines(sheet)["wenqian"] == value
    assert sheet.fact("unrounded") == unrounded
    assert sheet.total == -(-unrounded // 10) * 10


# nantong.md §7: the three bases, one hand each, nothing else added.
@pytest.mark.parametrize(
    ("hand", "exposed", "shape", "unrounded"),
    [("123t 456t 789t 123w 456w 789w 456b 9b 9b", "", "qinghu", 100),
     ("5t 5t 5t 6w 6w 6w 7b 7b 7b 8t 8t 8t 9b 9b", "碰 2w 2w 2w; 碰 3t 3t 3t; 碰 4b 4b 4b",
      "piaohu", (50 + 4 * 4 + 3 * 2) * 2),
     ("123t 456t 789t 123w 456w 5b 5b 5b 9b 9b", "碰 2w 2w 2w", "tazihu", 20 + 4 + 2)],
    ids=["§7 清胡 底 100", "§7 飄胡 (50 + X) × 2", "§7 塌子胡 底 20"],
)  # fmt: skip
def test_bases_section_7(hand: str, exposed: str, shape: str, unrounded: int) -> None:
    """nantong.md §7 [S000][S003]: 清胡 100 + X, 飄胡 (50 + X) × 2, 塌子胡 20 + X."""
    sheet = nantong.score(hand, exposed=exposed)
    assert sheet.fact("shape") == shape and sheet.fact("unrounded") == unrounded


@pytest.mark.parametrize(("count", "dealt", "value"),
                         [(1, False, 10), (2, False, 30), (3, False, 50), (4, False, 100),
                          (5, False, 200), (5, True, 400)],
                         ids=lambda v: f"§7.1 {v}")  # fmt: skip
def test_baida_numbers_section_7_1(count: int, dealt: bool, value: int) -> None:
    """nantong.md §7.1 [S000]: 百搭 held 1..5 → 10 / 30 / 50 / 100 / 200, five 在手 400."""
    assert nantong.baida_bonus(count, dealt=dealt) == value


def test_duzhang_ignores_baida_waits_n8() -> None:
    """nantong.md §7 獨張 with 百搭 (N8 cumulative, to see it): 一二三條 … 五萬 waits only on 五萬
    (or on a 百搭, which completes anything and is not counted): 100 + 文錢 20 + 單吊 10 + 獨張 10
    = 140, as without 百搭."""
    rules = nantong.DUZIHU.evolve(wait_bonus="cumulative")
    hand = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
    plain = nantong.score(hand, rules=rules, winning_card="5w")
    wild = nantong.score(hand, rules=rules.evolve(baida=True), winning_card="5w")
    assert plain.total == wild.total == 140
    assert "wait.duzhang" in _lines(wild)
