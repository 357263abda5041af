"""Every result row of chuanpai.md §3.4 and the settlement: 小胡 / 一甲 / 兩甲, 翻 (三紅四黑), 包牌,
脫手 and 罰牌, with the options jia_mult, fan_mult and chuo_fifteen."""

from __future__ import annotations

import pytest

from changpai.chuanpai.chuopai import CHUOPAI, Level, fan, fapai_sheet, level, parse, score
from changpai.errors import IllegalActionError, NotationError, RulesError

# 16 black cards without any 四黑 (no kind four times) and without red cards: 翻 0.
PLAIN16 = "56 56 56 46 46 46 16 16 16 15 15 15 55 55 55 33"


def bai(extra: str = "", base: str = PLAIN16) -> str:
    return f"{base} {extra}".strip()


@pytest.mark.parametrize(
    ("count", "expected"),
    [(14, None), (15, None), (16, Level.XIAOHU), (20, Level.XIAOHU), (21, Level.YIJIA),
     (22, Level.YIJIA), (23, Level.LIANGJIA), (28, Level.LIANGJIA)],
)  # fmt: skip
def test_result_rows(count: int, expected: Level | None) -> None:
    """chuanpai.md §3.4: 16 小胡, 21 一甲, 23 兩甲; fewer than 16 is no win."""
    assert level(count) is expected


def test_xiaohu_is_one_unit() -> None:
    """chuanpai.md §3.4: 16 擺牌 = 小胡, 1 unit from each loser (recommended default)."""
    sheet = score(bai(), winner=2)
    assert sheet.total == 1 and sheet.fact("level") == "xiaohu"
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [(0, 2, 1), (1, 2, 1)]
    assert all(line.rule.startswith("chuanpai.md §3.4") for line in sheet.lines)


def test_players_none_is_the_table_of_three() -> None:
    """``players=None`` is every family's default (core-concepts "Hand analysis and
    scoring"); 戳牌's refused it (review h99)."""
    assert (
        score(bai(), winner=2, players=None)
        == score(bai(), winner=2)
        == score(bai(), winner=2, players=3)
    )
    assert fapai_sheet(0, players=None) == fapai_sheet(0) == fapai_sheet(0, players=3)


def test_the_fapai_sheet_is_titled_as_every_sheet() -> None:
    """'<rules title>: seat N …' as every family's sheet (it was a fixed '戳牌 罰牌', h102)."""
    assert fapai_sheet(1).title == "戳牌: seat 1 罰牌"
    assert fapai_sheet(2, rules=CHUOPAI.evolve(title="我的")).title == "我的: seat 2 罰牌"


def test_yijia_doubles_and_liangjia_quadruples() -> None:
    """chuanpai.md §3.4: 一甲 (21) = ×2 ("一甲也就是翻一倍"); 兩甲 (23) ×4 (recommended)."""
    yijia = bai("33 33 33 22 22")  # 21 cards: 長三 ×4 is a 四黑, but 翻 ≤ 21 − 16
    assert yijia.count(" ") + 1 == 21
    sheet = score(yijia)
    assert sheet.fact("level") == "yijia" and sheet.fact("fan") == 1
    assert sheet.total == 2 * 2
    liangjia = bai("33 33 33 22 22 22 22")  # 23 cards: 長三 ×4 and 長二 ×4
    sheet = score(liangjia)
    assert sheet.fact("level") == "liangjia" and sheet.fact("fan") == 2
    assert sheet.total == 4 * 2 * 2


def test_jia_mult_and_fan_mult_are_honoured() -> None:
    """chuanpai.md §5 C11: the 甲 and 翻 multipliers are options."""
    rules = CHUOPAI.evolve(jia_mult=3, fan_mult=5)
    assert score(bai("33 33 33 22 22"), rules=rules).total == 3 * 5
    assert score(bai("33 33 33 22 22 22 22"), rules=rules).total == 9 * 5 * 5
    assert score(bai(), rules=CHUOPAI.evolve(unit=4)).total == 4


def test_liangjia_and_the_fan_counting_are_options_section_3_4() -> None:
    """chuanpai.md §3.4 / §5 C11 (review h28): the recommended ×4 of 兩甲 and the counting of
    翻 are [INF] defaults, so options (the rules README: an [INF] rule is a default a Rules
    option can change): ``liangjia_mult`` apart from ``jia_mult``; ``fan_counting="cards"``
    reads 三紅四黑 as any red / black cards."""
    liangjia = bai("33 33 33 22 22 22 22")  # 23 cards, 2 翻 (長三 ×4, 長二 ×4)
    assert score(liangjia, rules=CHUOPAI.evolve(liangjia_mult=3)).total == 3 * 2 * 2
    assert score(liangjia, rules=CHUOPAI.evolve(jia_mult=3)).total == 9 * 2 * 2
    cards = CHUOPAI.evolve(fan_counting="cards")
    mixed = parse("66 11 44 45 34 14 56 46 55 33 22 16 15 12 12 12 56")  # 6 red of 6 kinds
    assert fan(mixed) == (0, 0) and fan(mixed, cards) == (4 + 2, 1)
    sheet = score(mixed, rules=cards)
    assert sheet.fact("fan") == 1 and sheet.total == 2
    assert [ln.key for ln in sheet.lines if ln.key.startswith("fan.")] == ["fan.red", "fan.black"]
    with pytest.raises(RulesError, match="fan_counting='any' is not one of"):
        CHUOPAI.evolve(fan_counting="any")
    with pytest.raises(RulesError, match="liangjia_mult=0"):
        CHUOPAI.evolve(liangjia_mult=0)


@pytest.mark.parametrize(
    ("cards", "counted", "awarded"),
    [
        # 三天 with 17 擺牌 -> 1 翻 (chuanpai.md §3.4 "三天…17張為一翻")
        ("66 66 66 56 56 56 46 46 46 16 16 16 15 15 15 33 33", 1, 1),
        # 三紅 (three of one red kind) with 17 -> 1 翻
        ("45 45 45 56 56 56 46 46 46 16 16 16 15 15 15 33 33", 1, 1),
        # 四黑 with 17 -> 1 翻
        ("56 56 56 56 46 46 46 16 16 16 15 15 15 33 33 33 55", 1, 1),
        # 四天 with 18 -> 2 翻 ("四天…18張為二翻")
        ("66 66 66 66 56 56 56 46 46 46 16 16 16 15 15 15 33 33", 2, 2),
        # two sets of 四黑 with 18 -> 2 翻 ("有兩種四張黑牌")
        ("56 56 56 56 46 46 46 46 16 16 16 15 15 15 33 33 33 55", 2, 2),
        # 四天 but only 17 擺牌 -> 翻 limited to 擺牌 − 16 = 1 (以此類推 with the card count)
        ("66 66 66 66 56 56 56 46 46 46 16 16 16 15 15 15 33", 2, 1),
        # 三天 with only 16 -> no 翻
        ("66 66 66 56 56 56 46 46 46 16 16 16 15 15 15 33", 1, 0),
        # 硬張 count: four 丁丁 are a 四黑
        ("12 12 12 12 56 56 56 46 46 46 16 16 16 15 15 15 33", 1, 1),
    ],
)
def test_fan_san_hong_si_hei(cards: str, counted: int, awarded: int) -> None:
    """chuanpai.md §3.4 翻 (三紅四黑) with the recommended counting: red kind n ≥ 3 adds n − 2,
    a black kind ×4 adds 1, at most 擺牌 − 16 翻; each 翻 doubles."""
    assert fan(cards) == (counted, awarded)
    assert score(cards).total == 2**awarded


def test_red_cards_are_the_six_of_section_3_4() -> None:
    """chuanpai.md §3.4: 天 地 人 紅九 三四 紅五 are red for 翻; 四六 ×3 is black and adds nothing."""
    assert fan("46 46 46")[0] == 0
    assert [fan(f"{code} {code} {code}")[0] for code in ("66", "11", "44", "45", "34", "14")] == [
        1
    ] * 6


def test_baopai_liable_seat_pays_for_both_losers() -> None:
    """chuanpai.md §3.4 包牌: the liable player alone pays the winner; the third neither wins
    nor loses."""
    sheet = score(bai("33 33 33 22 22"), winner=1, liable=2)
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [(2, 1, 8)]
    assert sheet.net() == {1: 8, 2: -8}
    # the liable winner is paid as usual
    own = score(bai(), winner=2, liable=2)
    assert [(p.payer, p.payee, p.amount) for p in own.payments] == [(0, 2, 1), (1, 2, 1)]


def test_fifteen_is_no_win_unless_chuo_fifteen() -> None:
    """chuanpai.md §3.4 / §5 C10: 脫手 (15) is a draw; ``chuo_fifteen="win"`` scores it 小胡."""
    fifteen = PLAIN16.rsplit(" ", 1)[0]
    with pytest.raises(RulesError, match="15 擺牌 is no win"):
        score(fifteen)
    sheet = score(fifteen, rules=CHUOPAI.evolve(chuo_fifteen="win"))
    assert sheet.total == 1 and sheet.fact("level") == "tuoshou"
    with pytest.raises(RulesError, match="14 擺牌 is no win"):
        score(fifteen.rsplit(" ", 1)[0], rules=CHUOPAI.evolve(chuo_fifteen="win"))


def test_fapai_offender_pays() -> None:
    """chuanpai.md §3.4 罰牌: the offender is penalised (1 unit to each other player [INF])."""
    sheet = fapai_sheet(0)
    assert sheet.net() == {0: -2, 1: 1, 2: 1}
    assert fapai_sheet(2, rules=CHUOPAI.evolve(fapai_units=3)).net() == {0: 3, 1: 3, 2: -6}


@pytest.mark.parametrize(
    ("call", "kind", "error"),
    [
        (lambda: score(PLAIN16, winner=3), IllegalActionError, "winner=3 is not a seat"),
        (lambda: score(PLAIN16, liable=-1), IllegalActionError, "liable=-1 is not a seat"),
        (lambda: score(PLAIN16, winner="0"), NotationError, "winner='0' is not an integer"),  # type: ignore[arg-type]
        (lambda: score(PLAIN16, players=1), RulesError, "players=1 is not an integer >= 2"),
        (lambda: score(PLAIN16, rules="chuopai"), RulesError, "is not a 戳牌 Rules object"),  # type: ignore[arg-type]
        (lambda: score(parse("56") * 5), NotationError, "5 of 斧頭"),
        (lambda: fapai_sheet(5), IllegalActionError, "offender=5 is not a seat"),
        (lambda: fapai_sheet(0, players="3"), NotationError, "players='3' is not an integer"),  # type: ignore[arg-type]
        (lambda: fapai_sheet(0, players=1.5), NotationError, "players=1.5 is not an integer"),  # type: ignore[arg-type]
        (lambda: fapai_sheet(0, players=1), RulesError, "players=1 is not an integer >= 2"),
        # §3.1: three players, 28 cards each; §3.3: no liable seat without 包牌
        (lambda: score(PLAIN16, players=4), RulesError, "players=4: 戳牌 is played by 3"),
        (lambda: score(PLAIN16, players=2), RulesError, "players=2: 戳牌 is played by 3"),
        (lambda: fapai_sheet(0, players=4), RulesError, "players=4: 戳牌 is played by 3"),
        (lambda: score(PLAIN16 + " 66" * 4 + " 11" * 4 + " 44 44 44 44 45", winner=1),
         NotationError, "29 擺牌: a seat lays at most its own 28 cards"),
        (lambda: score(PLAIN16, liable=2, rules=CHUOPAI.evolve(baopai=False)), RulesError,
         r"liable=2: these rules have no 包牌 \(baopai=False\)"),
    ],
)  # fmt: skip
def test_bad_input_raises_a_typed_error(call: object, kind: type, error: str) -> None:
    """As in every family's ``score``: a seat not at the table is an IllegalActionError, a
    count out of range a RulesError, a wrong type or cards no hand can hold a NotationError
    (all were RulesError)."""
    with pytest.raises(kind, match=error):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("value", [None, 5, object()])
def test_settlement_functions_refuse_what_is_not_bai(value: object) -> None:
    """fan and score read a seat's 擺牌 (cards or text): anything else is a NotationError."""
    for function in (fan, score):
        with pytest.raises(NotationError, match="bai="):
            function(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [None, "16", 16.0, True, -1])
def test_level_takes_a_count(count: object) -> None:
    """level takes a whole number of 擺牌 (chuanpai.md §3.4); anything else is a RulesError."""
    with pytest.raises(RulesError, match="count="):
        level(count)  # type: ignore[arg-type]


def test_level_and_fan_check_the_rules() -> None:
    with pytest.raises(RulesError, match="rules="):
        level(16, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules="):
        fan(PLAIN16, "chuopai")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="is not a 戳牌 Rules object"):
        level(16, CHUOPAI.evolve)  # type: ignore[arg-type]


def test_the_sheet_names_four_of_a_red_kind_and_says_why_no_fan_is_awarded() -> None:
    """§3.4 and the seeds' 四天牌 / 四張紅牌: four of one red kind is 四紅, three 三紅; with
    exactly 16 擺牌 the items count no 翻, and the sheet's 翻 line says so (×1)."""
    sixteen = "66 66 66 66 45 45 45 56 56 56 46 46 46 16 16 16"
    sheet = score(sixteen)
    names = [line.name for line in sheet.lines]
    assert "四紅: 天牌 ×4" in names and "三紅: 紅九 ×3" in names
    fan_line = next(line for line in sheet.lines if line.key == "fan")
    assert (fan_line.value, fan_line.op) == (1, "×") and "翻 0 (counted 3" in fan_line.name
    assert sheet.total == 1 and sheet.fact("fan") == 0 and sheet.fact("fan_counted") == 3


def test_fan_caps_at_the_cards_beyond_win_cards() -> None:
    """fan's ``awarded`` is at most 擺牌 − ``rules.win_cards`` and never below 0 (§3.4)."""
    fifteen = "66 66 66 56 56 56 46 46 46 16 16 16 15 15 15"
    assert fan(fifteen) == (1, 0)
    assert fan(fifteen, rules=CHUOPAI.evolve(win_cards=14, tuoshou_cards=13)) == (1, 1)


def test_a_tuoshou_win_sheet_says_why_it_has_no_fan() -> None:
    """§3.4 with C10: a 脫手 scored as a win (15 擺牌) earns no 翻; its line says so plainly."""
    fifteen = "66 66 66 56 56 56 46 46 46 16 16 16 15 15 15"
    sheet = score(fifteen, rules=CHUOPAI.evolve(chuo_fifteen="win"))
    line = next(line for line in sheet.lines if line.key == "fan")
    assert line.name == "翻 0 (counted 1; none below 16 擺牌)" and line.value == 1


@pytest.mark.parametrize("count", [29, 84, 100_000])
def test_level_refuses_a_count_no_seat_lays_out(count: int) -> None:
    """chuanpai.md §3.1 (28 cards a seat) and issue 12 (inputs no game reaches are refused):
    ``level(100000)`` answered 兩甲."""
    with pytest.raises(RulesError, match=rf"count={count} is not an integer from 0 to 28"):
        level(count)
    assert level(28) is Level.LIANGJIA


def test_a_fapai_fine_is_counted_in_units() -> None:
    """docs/chuopai.md ("罰牌 costs one unit to each other player"; ``fapai_units`` units): with
    ``unit=5`` a 小胡 cost 5 and a 罰牌 1 (review h117); the fine is ``fapai_units × unit``."""
    rules = CHUOPAI.evolve(unit=5, fapai_units=3)
    sheet = fapai_sheet(1, rules=rules)
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [(1, 0, 15), (1, 2, 15)]
    assert fapai_sheet(1).total == 1


def test_fan_refuses_more_bai_than_a_seat_holds_section_3_1() -> None:
    """chuanpai.md §3.1 (a seat is dealt 28 cards): ``score`` and ``level`` refused 29 擺牌, ``fan``
    counted them (review h117); the same NotationError now."""
    bai = parse("56 46 16 15 55 33 22") * 4 + parse("66")
    for call in (fan, score):
        with pytest.raises(NotationError, match="29 擺牌: a seat lays at most its own 28 cards"):
            call(bai)
