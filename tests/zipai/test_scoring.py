"""Tests of 字牌 scoring (zipai.md §8, §2 數信, §10 Z1-Z13)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.errors import IllegalActionError, NotationError
from changpai.zipai import (
    CARDS,
    HAHA,
    HUNAN,
    LIUHUDAO,
    Card,
    Meld,
    Win,
    analyze,
    best_decomposition,
    decompositions,
    huxi,
    parse,
    score,
)

HAND = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")  # 15 胡息


def best(text: str, exposed: tuple[Meld, ...] = (), **kw: object):  # type: ignore[no-untyped-def]
    d = best_decomposition(parse(text), exposed, **kw)  # type: ignore[arg-type]
    assert d is not None
    return d


def test_meld_lines_and_total() -> None:
    """zipai.md §8.1: one line per meld with its 胡息 and rule; total = sum (huxi mode, Z3)."""
    d = best_decomposition(HAND)
    assert d is not None
    sheet = score(Win(d, winner=0, players=3))
    melds = [line for line in sheet.lines if line.key == "meld"]
    assert len(melds) == 7 and all(line.rule == "zipai.md §8.1" for line in melds)
    assert [line.value for line in melds] == [huxi(m) for m in d.melds]
    assert sheet.total == 15 and sheet.fact("huxi") == 15 and sheet.fact("threshold_met")
    assert sheet.to_dict()["total"] == 15


def test_payments_drawn_card() -> None:
    """zipai.md §8.4: on a drawn card both other players pay the winner."""
    sheet = score(Win(best_decomposition(HAND), winner=1, players=3))  # type: ignore[arg-type]
    assert sheet.net() == {0: -15, 1: 30, 2: -15}
    sheet = score(Win(best_decomposition(HAND), winner=1, players=3, self_drawn=False))  # type: ignore[arg-type]
    assert sheet.net() == {0: -15, 1: 30, 2: -15}


def test_payments_discard() -> None:
    """zipai.md §8.4: on a discard (放炮, Z2 variants) the discarder pays both shares."""
    d = best_decomposition(HAND)
    assert d is not None
    win = Win(d, winner=1, players=3, self_drawn=False, discarder=2)
    sheet = score(win, HAHA.evolve(shuxin=False))
    assert sheet.payments[0].payer == 2 and sheet.payments[0].amount == 30
    assert sheet.net() == {1: 30, 2: -30}
    with pytest.raises(IllegalActionError, match="forbid winning on a discard"):
        score(win, HUNAN)


def test_threshold_not_met() -> None:
    """zipai.md §8.2: below 15 胡息 nothing is paid."""
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十")
    sheet = score(Win(d, winner=0, players=3))
    assert sheet.fact("huxi") == 12 and not sheet.fact("threshold_met")
    assert sheet.total == 0 and sheet.payments == ()
    assert score(Win(d, winner=0, players=3), HUNAN.evolve(min_huxi=10)).total == 12


def test_liuhudao_threshold() -> None:
    """zipai.md §8.2: 6 胡息 for 6胡倒 (Z1)."""
    d = best_decomposition(parse("壹貳叄 一二三 四五六 七八九 捌玖拾"), rules=LIUHUDAO)
    assert d is not None
    sheet = score(Win(d, winner=3, players=4), LIUHUDAO)
    assert sheet.total == 9 and len(sheet.payments) == 3


def test_tianhu_without_threshold() -> None:
    """zipai.md §7 天胡 / Z13: 天胡 needs no threshold by default."""
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十")
    sheet = score(Win(d, winner=0, players=3, tianhu=True))
    assert sheet.fact("threshold_met") and sheet.total == 12
    assert score(Win(d, 0, 3, tianhu=True), HUNAN.evolve(tianhu_needs_threshold=True)).total == 0


@pytest.mark.parametrize(("huxi_total", "tun"), [(15, 1), (17, 1), (18, 2), (19, 2), (21, 3)])
def test_tun_formula(huxi_total: int, tun: int) -> None:
    """zipai.md §8.5: 囤 = 1 + floor((胡息 − threshold) / 3); e.g. 19 胡息 → 2 囤."""
    assert 1 + (huxi_total - 15) // 3 == tun


def test_tun_mode() -> None:
    """zipai.md §8.5 / Z3: score_mode="tun" (19 胡息 → 2 囤 example via a 21 胡息 hand)."""
    d = best("壹壹壹壹 一二三 四五六 七八九 貳柒拾 陸陸 x10 x10 d10")
    assert d.huxi == 21
    sheet = score(Win(d, winner=0, players=3), HUNAN.evolve(score_mode="tun"))
    assert sheet.fact("tun") == 3 and sheet.total == 3
    sheet = score(Win(d, winner=0, players=3), HUNAN.evolve(score_mode="tun", tun_step=1))
    assert sheet.total == 7


def test_changde_hongheidian() -> None:
    """zipai.md §8.6 常德 紅黑點: 紅胡 ×2 (10-12 red), 點胡 ×3, 紅烏 ×4 (>=13), 烏胡 ×5."""
    rules = HUNAN.evolve(min_huxi=0, mingtang="changde_hongheidian")
    cases = {
        "一二三 四五六 八九十 壹貳叄 肆伍陸 柒捌玖 七七柒": (7, None),
        "一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸": (0, "wuhu"),
        "一一壹 二三四 六六陸 八八捌 叄肆伍 九九玖 肆伍陸": (1, "dianhu"),
        "二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍": (10, "honghu"),
        "二二二 七七七 十十十 貳柒拾 柒捌玖 一一壹 三四五": (13, "hongwu"),
    }
    expected_fan = {None: 1, "wuhu": 5, "dianhu": 3, "honghu": 2, "hongwu": 4}
    for text, (reds, name) in cases.items():
        d = best(text, rules=rules)
        sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules)
        assert sheet.fact("reds") == reds, text
        keys = {line.key for line in sheet.lines if line.key.startswith("mingtang.")}
        assert keys == (set() if name is None else {f"mingtang.{name}"}), text
        assert sheet.fact("fan") == expected_fan[name]
        assert sheet.total == d.huxi * expected_fan[name]


def test_duizihu_and_zimo() -> None:
    """zipai.md §8.6 常德 紅黑點: 對子胡 ×4, 番 summed over 名堂 (§8.5), 自摸 +1 囤."""
    rules = HUNAN.evolve(score_mode="tun", mingtang="changde_hongheidian")
    table = (Meld.parse("碰 三三三"), Meld.parse("跑 肆肆肆肆"), Meld.parse("偎 八八八"))
    d = best("壹壹壹 伍伍伍 六六 九九九", table, rules=rules)
    sheet = score(Win(d, winner=0, players=3), rules)
    keys = [line.key for line in sheet.lines if line.key.startswith("mingtang.")]
    assert "mingtang.duizihu" in keys and "mingtang.zimo" in keys
    assert "mingtang.wuhu" in keys  # no red card at all
    assert sheet.fact("fan") == 4 + 5
    tun = 1 + (d.huxi - 15) // 3
    assert sheet.total == (tun + 1) * 9


def test_generic_preset() -> None:
    """zipai.md §8.6 generic: 紅胡 2, 點胡 3, 十三紅 4, 黑胡 5, 十八小 6, 自摸 2 (multiplied)."""
    rules = HUNAN.evolve(min_huxi=0, mingtang="generic")
    d = best("一一壹 二三四 六六陸 八八捌 叄肆伍 九九玖 肆伍陸", rules=rules)
    sheet = score(Win(d, winner=0, players=3), rules)
    assert sheet.fact("fan") == 3 * 2  # 點胡 × 自摸
    d = best("一二三 四四四 五五五 六六六 八八八 九九九 三叄叄", rules=rules)
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules)
    assert sheet.fact("fan") == 3 * 6  # 點胡 × 十八小


def test_no_mingtang_by_default() -> None:
    """zipai.md §10 Z10: no 名堂 in the seed presets (番 = 1)."""
    for rules in (HUNAN, LIUHUDAO, HAHA):
        assert rules.mingtang is None
    d = best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸")
    sheet = score(Win(d, winner=0, players=3), HUNAN.evolve(min_huxi=0))
    assert not [line for line in sheet.lines if line.key.startswith("mingtang")]


def test_fanxing() -> None:
    """zipai.md §8.3 / Z8: 1 舵 per identical card among all the winner's cards."""
    d = best_decomposition(HAND)
    assert d is not None
    win = Win(d, winner=0, players=3, fanxing_card=Card.parse("d10"))
    assert score(win).total == 15  # fanxing off in HUNAN
    rules = HUNAN.evolve(fanxing=True)
    sheet = score(win, rules)
    assert sheet.fact("fanxing") == 3 and sheet.total == 18
    value_rules = rules.evolve(fanxing_match="value")
    win10 = Win(d, winner=0, players=3, fanxing_card=Card.parse("x10"))
    assert score(win10, rules).fact("fanxing") == 0
    assert score(win10, value_rules).fact("fanxing") == 3


def test_fanxing_hand_scope() -> None:
    """zipai.md §10 Z8: fanxing_scope="hand" counts only the melds made in hand."""
    table = (Meld.parse("碰 拾拾拾"),)
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖", table, rules=HUNAN.evolve(min_huxi=0))
    win = Win(d, winner=0, players=3, fanxing_card=Card.parse("d10"))
    assert score(win, HUNAN.evolve(fanxing=True, min_huxi=0)).fact("fanxing") == 3
    hand_rules = HUNAN.evolve(fanxing=True, min_huxi=0, fanxing_scope="hand")
    assert score(win, hand_rules).fact("fanxing") == 0


def test_shuxin() -> None:
    """zipai.md §2 數信: one share per identical card, max 3, from the winner; 數信 never pays."""
    d = best_decomposition(HAND)
    assert d is not None
    win = Win(d, winner=0, players=3, shuxin_card=Card.parse("d10"), shuxin_seat=3)
    sheet = score(win, HAHA)
    assert win.payers == (1, 2)
    assert sheet.fact("shuxin_shares") == 3
    assert sheet.net()[3] == 3
    rules = HAHA.evolve(shuxin_max_shares=2, shuxin_share=5)
    assert score(win, rules).net()[3] == 10


def test_win_checks() -> None:
    d = best_decomposition(HAND)
    assert d is not None
    with pytest.raises(IllegalActionError):
        Win(d, winner=0, players=3, self_drawn=True, discarder=1)
    with pytest.raises(IllegalActionError):
        Win(d, winner=0, players=3, self_drawn=False, discarder=0)
    with pytest.raises(IllegalActionError):
        Win(d, winner=1, players=1)
    with pytest.raises(NotationError):
        score(d)  # type: ignore[arg-type]


def test_analyze() -> None:
    """The CLI entry: a complete hand gets its sheet, an incomplete one its waits (§7, §8)."""
    done = analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")
    assert done.complete and done.sheet is not None
    assert done.sheet.total == 15 and done.sheet.fact("threshold_met")
    ready = analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    assert not ready.complete and ready.sheet is None
    assert [c.code for c in ready.waits] == ["x10", "d2", "d10"]
    assert [c.code for c, d in ready.waits.items() if d.threshold_met] == ["d2", "d10"]
    assert "偎 拾拾拾" in str(ready)
    assert ready.to_dict()["waits"]["d10"]["huxi"] == 15
    assert "→" in ready._repr_html_() and "<table>" in done._repr_html_()


def test_analyze_reads_exposed_melds_as_text() -> None:
    """§7: a 跑 on the table needs the one pair (將) in the concealed cards."""
    a = analyze("四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾", "跑 一一一一")
    assert a.best is not None and a.exposed[0].kind.hanzi == "跑"
    assert sum(m.kind.hanzi == "將" for m in a.best.melds) == 1


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(20)), st.integers(0, 2))
def test_sheet_total_is_consistent(order: list[int], winner: int) -> None:
    """The meld lines add up to the 胡息 fact; payments match the total (§8.1, §8.4)."""
    kinds = [k for k in order[:7] for _ in range(3)]
    d = next(decompositions(tuple(CARDS[k] for k in kinds)))
    sheet = score(Win(d, winner=winner, players=3), HUNAN.evolve(min_huxi=0))
    assert sum(line.value for line in sheet.lines if line.key == "meld") == sheet.fact("huxi")
    assert sum(p.amount for p in sheet.payments) == 2 * sheet.total


@pytest.mark.parametrize(
    ("preset", "text", "name", "fan"),
    [
        ("hengyang_honghei", "二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍", "xiaohong", 3),
        ("hengyang_honghei", "二二二 七七七 十十十 貳柒拾 柒捌玖 一一壹 三四五", "dahong", 5),
        ("hengyang_honghei", "一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸", "quanhei", 5),
        ("hengyang_honghei", "一一壹 二三四 六六陸 八八捌 叄肆伍 九九玖 肆伍陸", "yidianhong", 4),
        ("liuhuqiang", "二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍", "dahong", 5),
        ("liuhuqiang", "二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍 六六陸", "xiaohong", 1),
    ],
)
def test_honghei_presets(preset: str, text: str, name: str, fan: int) -> None:
    """zipai.md §8.6 衡陽 紅黑 (小紅 10 / 大紅 13) and 六胡搶 (8 / 10): ×3, ×5, 全黑 ×5, 一點紅 ×4."""
    rules = HUNAN.evolve(min_huxi=0, mingtang=preset)
    d = best(text, rules=rules)
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules)
    keys = {line.key for line in sheet.lines if line.key.startswith("mingtang.")}
    if fan == 1:  # 7 red: below 小紅 of 六胡搶
        assert keys == set() and sheet.fact("reds") == 7
    else:
        assert keys == {f"mingtang.{name}"}
        assert sheet.fact("fan") == fan
    zimo = score(Win(d, winner=0, players=3), rules)
    assert zimo.fact("fan") == 2 * sheet.fact("fan")  # 自摸 ×2


def test_honghei_discard_pays_three() -> None:
    """zipai.md §8.6 衡陽 紅黑: 放炮 pays ×3."""
    rules = HAHA.evolve(shuxin=False, min_huxi=0, mingtang="hengyang_honghei", score_mode="tun")
    d = best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸")
    sheet = score(Win(d, winner=0, players=3, self_drawn=False, discarder=1), rules)
    assert sheet.total == 5 and [(p.payer, p.amount) for p in sheet.payments] == [(1, 15)]


def test_score_sheet_html_shows_red_cards_in_red() -> None:
    """zipai.md §1 colours: the notebook view of a sheet shows 二七十 / 貳柒拾 in red."""
    from changpai import zipai

    best = zipai.best_decomposition(zipai.parse("壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌"))
    assert best is not None
    page = zipai.score(zipai.Win(best, winner=0, players=3))._repr_html_()
    assert zipai.Card.parse("貳")._repr_html_() in page  # a red chip
    assert "title='d2 貳 (red)'" in page and "title='d1 壹'" in page


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"winner": True}, "winner=True is not a seat"),
        ({"winner": "1"}, "winner='1' is not a seat"),
        ({"players": 3.0}, "players=3.0 is not a whole number"),
        ({"discarder": True, "self_drawn": False}, "discarder=True is not a seat"),
        ({"shuxin_seat": False}, "shuxin_seat=False is not a seat"),
    ],
    ids=repr,
)
def test_win_seats_are_whole_numbers(changes: dict[str, object], reason: str) -> None:
    """DESIGN conventions (typed error naming the input; nothing silently changed) and
    zipai.md §8.4 (who pays): a Win's seats are whole numbers, True is not seat 1."""
    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    assert d is not None
    with pytest.raises(IllegalActionError, match=reason):
        Win(d, **{"winner": 1, "players": 3, **changes})  # type: ignore[arg-type]
