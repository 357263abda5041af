"""Tests of 字牌 scoring (zipai.md §8, §2 數信, §10 Z1-Z13)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.scoresheet import Payment
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.zipai import (
    CARDS,
    HAHA,
    HUNAN,
    LIUHUDAO,
    MINGTANG_PRESETS,
    Card,
    Decomposition,
    Meld,
    Rules,
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
    sheet = score(win, rules=HAHA.evolve(shuxin=False))
    assert sheet.payments[0].payer == 2 and sheet.payments[0].amount == 30
    assert sheet.net() == {1: 30, 2: -30}
    with pytest.raises(IllegalActionError, match="forbid winning on a discard"):
        score(win, rules=HUNAN)


def test_threshold_not_met() -> None:
    """zipai.md §8.2: below 15 胡息 nothing is paid."""
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十")
    sheet = score(Win(d, winner=0, players=3))
    assert sheet.fact("huxi") == 12 and not sheet.fact("threshold_met")
    assert sheet.total == 0 and sheet.payments == ()
    assert score(Win(d, winner=0, players=3), rules=HUNAN.evolve(min_huxi=10)).total == 12


def test_liuhudao_threshold() -> None:
    """zipai.md §8.2: 6 胡息 for 6胡倒 (Z1)."""
    d = best_decomposition(parse("壹貳叄 一二三 四五六 七八九 捌玖拾"), rules=LIUHUDAO)
    assert d is not None
    sheet = score(Win(d, winner=3, players=4), rules=LIUHUDAO)
    assert sheet.total == 9 and len(sheet.payments) == 3


@pytest.mark.parametrize(
    ("hand", "huxi", "total"),
    [("一二三 四五六 七八九 捌玖拾 五六七", 3, 0), ("一二三 二七十 四五六 七八九 捌玖拾", 6, 6)],
)
def test_liuhudao_threshold_boundary(hand: str, huxi: int, total: int) -> None:
    """zipai.md §8.2 / Z1: 6胡倒 wins from 6 胡息 — 3 does not pay, 6 does."""
    d = best_decomposition(parse(hand), rules=LIUHUDAO)
    assert d is not None and d.huxi == huxi and d.threshold_met == (huxi >= 6)
    assert score(Win(d, winner=3, players=4), rules=LIUHUDAO).total == total


def test_tianhu_without_threshold() -> None:
    """zipai.md §7 天胡 (a) / Z13: a 天胡 of 3 提 or 5 坎 needs no threshold by default (here
    21 胡息 of five small 坎 and two 句 under a threshold of 30); with
    ``tianhu_needs_threshold`` it does."""
    rules = HUNAN.evolve(min_huxi=30)
    d = best("一一一 二二二 三三三 四四四 五五五 六七八 壹貳叄", rules=rules)
    assert d.huxi == 21
    sheet = score(Win(d, winner=0, players=3, tianhu=True), rules=rules)
    assert sheet.fact("threshold_met") and sheet.total == 21
    strict = rules.evolve(tianhu_needs_threshold=True)
    assert score(Win(d, 0, 3, tianhu=True), rules=strict).total == 0


def test_tianhu_on_the_liang_card_needs_the_threshold() -> None:
    """zipai.md §7 天胡 (b) / Z13: only a 天胡 of 3 提 / 5 坎 is spared the threshold; a win on
    the 亮張 (12 胡息 here, a hand of one 坎) needs it, as the engine asks before offering it."""
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十")
    sheet = score(Win(d, winner=0, players=3, tianhu=True))
    assert d.huxi == 12 and not sheet.fact("threshold_met") and sheet.total == 0


@pytest.mark.parametrize(
    ("concealed", "exposed", "huxi_total", "tun"),
    [
        ("一二三四四五五七七八九肆伍柒柒柒柒捌捌玖玖", "", 15, 1),
        ("一一二三四四五五六六九九壹壹捌捌捌捌", "碰 七七七", 16, 1),
        ("一一二四四四四五六七十貳叄肆伍伍陸陸玖玖玖", "", 18, 2),
        ("一四四五五六六九九壹壹捌捌捌捌玖玖玖", "碰 二二二", 19, 2),
        ("二二二二三三六六七八九貳叄叄叄陸柒捌玖拾拾", "", 21, 3),
    ],
)
def test_tun_formula(concealed: str, exposed: str, huxi_total: int, tun: int) -> None:
    """zipai.md §8.5: 囤 = 1 + floor((胡息 − threshold) / 3); e.g. 19 胡息 → 2 囤 — scored."""
    rules = HUNAN.evolve(score_mode="tun")
    d = best_decomposition(parse(concealed), exposed, rules=rules)
    assert d is not None and d.huxi == huxi_total
    sheet = score(Win(d, winner=0, players=3), rules=rules)
    assert sheet.fact("tun") == tun and sheet.total == tun


def test_tun_mode() -> None:
    """zipai.md §8.5 / Z3: score_mode="tun" (19 胡息 → 2 囤 example via a 21 胡息 hand)."""
    d = best("壹壹壹壹 一二三 四五六 七八九 貳柒拾 陸陸 x10 x10 d10")
    assert d.huxi == 21
    sheet = score(Win(d, winner=0, players=3), rules=HUNAN.evolve(score_mode="tun"))
    assert sheet.fact("tun") == 3 and sheet.total == 3
    sheet = score(Win(d, winner=0, players=3), rules=HUNAN.evolve(score_mode="tun", tun_step=1))
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
        sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules=rules)
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
    sheet = score(Win(d, winner=0, players=3), rules=rules)
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
    sheet = score(Win(d, winner=0, players=3), rules=rules)
    assert sheet.fact("fan") == 3 * 2  # 點胡 × 自摸
    d = best("一二三 四四四 五五五 六六六 八八八 九九九 三叄叄", rules=rules)
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules=rules)
    assert sheet.fact("fan") == 3 * 6  # 點胡 × 十八小


def test_no_mingtang_by_default() -> None:
    """zipai.md §10 Z10: no 名堂 in the seed presets (番 = 1)."""
    for rules in (HUNAN, LIUHUDAO, HAHA):
        assert rules.mingtang is None
    d = best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸")
    sheet = score(Win(d, winner=0, players=3), rules=HUNAN.evolve(min_huxi=0))
    assert not [line for line in sheet.lines if line.key.startswith("mingtang")]


def test_fanxing() -> None:
    """zipai.md §8.3 / Z8: 1 舵 per identical card among all the winner's cards."""
    d = best_decomposition(HAND)
    assert d is not None
    win = Win(d, winner=0, players=3, fanxing_card=Card.parse("d10"))
    assert score(win).total == 15  # fanxing off in HUNAN
    rules = HUNAN.evolve(fanxing=True)
    sheet = score(win, rules=rules)
    assert sheet.fact("fanxing") == 3 and sheet.total == 18
    value_rules = rules.evolve(fanxing_match="value")
    win10 = Win(d, winner=0, players=3, fanxing_card=Card.parse("x10"))
    assert score(win10, rules=rules).fact("fanxing") == 0
    assert score(win10, rules=value_rules).fact("fanxing") == 3


def test_a_turned_card_is_no_fifth_copy() -> None:
    """zipai.md §2, §8.3: the 翻信 and the 數信 turn up a card of the stock — never a copy the
    winner holds all four of (review h98: it was counted, 4 舵)."""
    d = best_decomposition(
        parse("拾拾拾拾 一二三 四五六 七八九 捌捌 壹貳叄 肆伍陸"), (), rules=HAHA
    )
    assert d is not None
    ten, eight = Card.parse("d10"), Card.parse("d8")
    with pytest.raises(NotationError, match="fanxing_card=拾: the winner holds 4 拾"):
        Win(d, winner=0, players=3, fanxing_card=ten)
    with pytest.raises(NotationError, match="shuxin_card=拾: the winner holds 4 拾"):
        Win(d, winner=0, players=3, shuxin_card=ten, shuxin_seat=3)
    both = Win(d, winner=0, players=3, fanxing_card=eight, shuxin_card=eight, shuxin_seat=3)
    assert score(both, rules=HAHA.evolve(fanxing=True)).fact("fanxing") == 2  # 2 + 2 turned: 4
    three = best_decomposition(
        parse("拾拾拾 一二三 四五六 七八九 捌捌捌 壹貳叄 肆伍陸"), (), rules=HAHA
    )
    assert three is not None
    with pytest.raises(NotationError, match="the other card turned"):
        Win(three, winner=0, players=3, fanxing_card=eight, shuxin_card=eight, shuxin_seat=3)


def test_fanxing_hand_scope() -> None:
    """zipai.md §10 Z8: fanxing_scope="hand" counts only the melds made in hand."""
    table = (Meld.parse("碰 拾拾拾"),)
    d = best("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖", table, rules=HUNAN.evolve(min_huxi=0))
    win = Win(d, winner=0, players=3, fanxing_card=Card.parse("d10"))
    assert score(win, rules=HUNAN.evolve(fanxing=True, min_huxi=0)).fact("fanxing") == 3
    hand_rules = HUNAN.evolve(fanxing=True, min_huxi=0, fanxing_scope="hand")
    assert score(win, rules=hand_rules).fact("fanxing") == 0


def test_shuxin() -> None:
    """zipai.md §2 數信: one share per identical card, max 3, from the winner; 數信 never pays."""
    d = best_decomposition(HAND)
    assert d is not None
    win = Win(d, winner=0, players=3, shuxin_card=Card.parse("d10"), shuxin_seat=3)
    sheet = score(win, rules=HAHA)
    assert win.payers == (1, 2)
    assert sheet.fact("shuxin_shares") == 3
    assert sheet.net()[3] == 3
    rules = HAHA.evolve(shuxin_max_shares=2, shuxin_share=5)
    assert score(win, rules=rules).net()[3] == 10


def test_shuxin_card_without_its_seat_is_refused() -> None:
    """zipai.md §2: the 數信 is paid to its seat. Under 數信 rules a `shuxin_card` without
    `shuxin_seat` was dropped without a word (no line, no payment; review h43): refused now.
    Rules without 數信 still take the card and count nothing of it."""
    d = best_decomposition(HAND)
    assert d is not None
    with pytest.raises(IllegalActionError, match="shuxin_seat"):
        score(d, rules=HAHA, winner=0, shuxin_card=Card.parse("d10"))
    sheet = score(d, rules=HAHA.evolve(shuxin=False), winner=0, shuxin_card=Card.parse("d10"))
    assert sheet.fact("shuxin_shares") is None


def test_win_checks() -> None:
    d = best_decomposition(HAND)
    assert d is not None
    with pytest.raises(IllegalActionError):
        Win(d, winner=0, players=3, self_drawn=True, discarder=1)
    with pytest.raises(IllegalActionError):
        Win(d, winner=0, players=3, self_drawn=False, discarder=0)
    with pytest.raises(RulesError, match="players=1 is not an integer from 2 to 4"):
        Win(d, winner=1, players=1)  # a count out of range (was IllegalActionError)
    with pytest.raises(NotationError, match="is not a zipai Decomposition or Win"):
        score(HAND)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="a Win carries its own facts"):
        score(Win(d, winner=0, players=3), winner=1)
    with pytest.raises(NotationError, match="unknown keyword"):
        score(d, colour="red")
    with pytest.raises(RulesError, match="is not a zipai Rules object"):
        score(d, rules="hunan")  # type: ignore[arg-type]


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
    waits = {w["card"]: w for w in ready.to_dict()["waits"]}
    assert waits["d10"]["value"] == 15 and waits["d10"]["best"]["huxi"] == 15
    # the face of every family's analysis (render.analysis_rows): hand, complete, waits
    assert ">waits</th>" in ready._repr_html_() and ">hand</th>" in ready._repr_html_()
    assert "15 胡息" in ready._repr_html_() and ">total</th>" in done._repr_html_()


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
    sheet = score(Win(d, winner=winner, players=3), rules=HUNAN.evolve(min_huxi=0))
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
        # 六胡搶's 小紅 band itself, 8 and 9 red (review h57: only 7 and 10 were held)
        ("liuhuqiang", "二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍 六七八", "xiaohong", 3),
        ("liuhuqiang", "二七十 貳柒拾 柒捌玖 一一壹 二三四 叄肆伍 六七八", "xiaohong", 3),
    ],
)
def test_honghei_presets(preset: str, text: str, name: str, fan: int) -> None:
    """zipai.md §8.6 衡陽 紅黑 (小紅 10 / 大紅 13) and 六胡搶 (8 / 10): ×3, ×5, 全黑 ×5, 一點紅 ×4."""
    rules = HUNAN.evolve(min_huxi=0, mingtang=preset)
    d = best(text, rules=rules)
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules=rules)
    keys = {line.key for line in sheet.lines if line.key.startswith("mingtang.")}
    if fan == 1:  # 7 red: below 小紅 of 六胡搶
        assert keys == set() and sheet.fact("reds") == 7
    else:
        assert keys == {f"mingtang.{name}"}
        assert sheet.fact("fan") == fan
    zimo = score(Win(d, winner=0, players=3), rules=rules)
    assert zimo.fact("fan") == 2 * sheet.fact("fan")  # 自摸 ×2


def test_honghei_discard_pays_three() -> None:
    """zipai.md §8.6 衡陽 紅黑: 放炮 pays ×3."""
    rules = HAHA.evolve(shuxin=False, min_huxi=0, mingtang="hengyang_honghei", score_mode="tun")
    d = best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸")
    sheet = score(Win(d, winner=0, players=3, self_drawn=False, discarder=1), rules=rules)
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
        ({"winner": True}, "winner=True is not an integer"),
        ({"winner": "1"}, "winner='1' is not an integer"),
        ({"players": 3.0}, "players=3.0 is not an integer"),
        ({"discarder": True, "self_drawn": False}, "discarder=True is not an integer"),
        ({"shuxin_seat": False}, "shuxin_seat=False is not an integer"),
    ],
    ids=repr,
)
def test_win_seats_are_whole_numbers(changes: dict[str, object], reason: str) -> None:
    """DESIGN conventions (typed error naming the input; nothing silently changed) and
    zipai.md §8.4 (who pays): a Win's seats are whole numbers, True is not seat 1; a field of
    the wrong type is a NotationError, as in every family's Win."""
    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    assert d is not None
    with pytest.raises(NotationError, match=reason):
        Win(d, **{"winner": 1, "players": 3, **changes})  # type: ignore[arg-type]


# --- 名堂 presets of zipai.md §8.6 (issue 3) -------------------------------------------------

_PLAIN = "三四五 四五六 六七八 壹貳叄 肆伍陸 陸柒捌 九九玖"  # 3 red, 6 胡息, no 名堂 anywhere
_RED10 = "二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍"  # 10 red, 12 胡息
_RED13 = "二二二 七七七 十十十 貳柒拾 柒捌玖 一一壹 三四五"  # 13 red, 15 胡息
_RED7 = "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十拾拾"  # 7 red, 9 胡息
_RED1 = "一一壹 二三四 六六陸 八八捌 叄肆伍 九九玖 肆伍陸"  # 1 red, 0 胡息
_RED0 = "一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸"  # 0 red, 0 胡息
_DUIZI = ("壹壹壹 伍伍伍 六六 九九九", ("碰 三三三", "跑 肆肆肆肆", "偎 八八八"))  # 0 red, 28
_TUAN = ("三四五 六七八 叄肆伍 陸柒捌 九九", ("跑 一一一一", "提 壹壹壹壹"))  # 2 red, 18
_HANG = "一二三 貳柒拾 壹貳叄 二七十 四四四 五五五 六六六"  # every 門子 has 胡息: 27
_BIG19 = "壹貳叄 壹貳叄 肆伍陸 肆伍陸 捌捌捌 玖玖玖 十十拾"  # 19 big, 5 red, 24 胡息
_SMALL16 = "一二三 四五六 八八八 九九九 一二三 壹貳叄 七柒柒"  # 16 small, 6 red, 18 胡息
_KA10 = ("四四四 壹貳叄 五六七 八九十 肆伍陸 柒捌玖", ("碰 三三三",))  # 4 red, 10 胡息

_TUN = {"score_mode": "tun"}  # 0 胡息 hands: 1 囤 at min_huxi=0, so the total is the 番

# (preset, hand, table, Win fields, rules fields, 名堂 lines {key: value}, 胡息, total)
_PRESET_CASES = [
    # 常德 全名堂: every 名堂 adds (紅胡 3 + 1 per red above 10, ...)
    ("changde_quanmingtang", _RED10, (), {}, {}, {"honghu": 3}, 12, 12 * 3),
    ("changde_quanmingtang", _RED13, (), {}, {}, {"honghu": 6}, 15, 15 * 6),
    ("changde_quanmingtang", _RED1, (), {}, _TUN, {"dianhu": 6}, 0, 6),
    ("changde_quanmingtang", _RED0, (), {}, _TUN, {"wuhu": 8}, 0, 8),
    ("changde_quanmingtang", _RED7, (), {}, {}, {"siqihong": 2}, 9, 9 * 2),
    (
        "changde_quanmingtang",
        *_DUIZI,
        {},
        {},
        {"wuhu": 8, "duizihu": 8, "jiahanghang": 4},
        28,
        28 * (8 + 8 + 4),
    ),
    ("changde_quanmingtang", _HANG, (), {}, {}, {"hanghangxi": 8}, 27, 27 * 8),
    ("changde_quanmingtang", _BIG19, (), {}, {}, {"dahu": 9}, 24, 24 * 9),
    ("changde_quanmingtang", _SMALL16, (), {}, {}, {"xiaohu": 10}, 18, 18 * 10),
    ("changde_quanmingtang", *_TUAN, {}, {}, {"datuanyuan": 8}, 18, 18 * 8),
    ("changde_quanmingtang", _PLAIN, (), {"haidi": True}, {}, {"haihu": 6}, 6, 36),
    ("changde_quanmingtang", _PLAIN, (), {"tianhu": True}, {}, {"tianhu": 6}, 6, 36),
    ("changde_quanmingtang", _PLAIN, (), {"dihu": True}, {}, {"dihu": 6}, 6, 36),
    ("changde_quanmingtang", _PLAIN, (), {"tinghu": True}, {}, {"tinghu": 6}, 6, 36),
    ("changde_quanmingtang", _PLAIN, (), {"shuahou": True}, {}, {"shuahou": 8}, 6, 48),
    (
        "changde_quanmingtang",
        _PLAIN,
        (),
        {"haidi": True, "tinghu": True},
        {},
        {"haihu": 6, "tinghu": 6},
        6,
        6 * 12,
    ),
    ("changde_quanmingtang", _PLAIN, (), {"huangfan": 1}, {}, {"huangfan": 2}, 6, 12),
    ("changde_quanmingtang", _RED1, (), {"huangfan": 2}, _TUN, {"dianhu": 6, "huangfan": 3}, 0, 18),
    # 自摸 +1 囤: 6 胡息 at threshold 0 → 1 + 6 // 3 = 3 囤, + 1
    ("changde_quanmingtang", _PLAIN, (), {"self_drawn": True}, _TUN, {"zimo": 1}, 6, 4),
    # 常德 多紅對: 紅胡 2 + n, 烏胡 6, 點胡 4, 對子胡 6, 海/天/地/聽胡 4 (added); no 自摸, 耍猴
    ("changde_duohongdui", _RED10, (), {}, {}, {"honghu": 2}, 12, 12 * 2),
    ("changde_duohongdui", _RED13, (), {}, {}, {"honghu": 5}, 15, 15 * 5),
    ("changde_duohongdui", _RED1, (), {}, _TUN, {"dianhu": 4}, 0, 4),
    ("changde_duohongdui", _RED0, (), {}, _TUN, {"wuhu": 6}, 0, 6),
    ("changde_duohongdui", *_DUIZI, {}, {}, {"wuhu": 6, "duizihu": 6}, 28, 28 * 12),
    ("changde_duohongdui", _RED7, (), {}, {}, {}, 9, 9),
    # (a 天胡 is no 海胡, 地胡 or 耍猴 — review h112: Win refuses them together)
    (
        "changde_duohongdui",
        _PLAIN,
        (),
        {"haidi": True, "dihu": True, "shuahou": True},
        {},
        {"haihu": 4, "dihu": 4},
        6,
        6 * 8,
    ),
    (
        "changde_duohongdui",
        _PLAIN,
        (),
        {"tianhu": True, "tinghu": True},
        {},
        {"tianhu": 4, "tinghu": 4},
        6,
        6 * 8,
    ),
    ("changde_duohongdui", _PLAIN, (), {"self_drawn": True}, _TUN, {}, 6, 3),
    # 郴州 字牌 (毛胡子): 自摸翻倍; 紅黑點 optional (second preset); 一息一囤 via tun_step=1
    ("chenzhou", _PLAIN, (), {"self_drawn": True}, {}, {"zimo": 2}, 6, 12),
    ("chenzhou", _PLAIN, (), {}, {}, {}, 6, 6),
    ("chenzhou", _RED0, (), {}, {}, {}, 0, 0),
    (
        "chenzhou",
        _RED10,
        (),
        {"self_drawn": True},
        {"min_huxi": 9, "tun_step": 1, "score_mode": "tun"},
        {"zimo": 2},
        12,
        (1 + 12 - 9) * 2,
    ),
    ("chenzhou_hongheidian", _RED0, (), {"self_drawn": True}, _TUN, {"wuhu": 5, "zimo": 2}, 0, 10),
    ("chenzhou_hongheidian", _RED1, (), {}, _TUN, {"dianhu": 3}, 0, 3),
    ("chenzhou_hongheidian", _RED10, (), {}, {}, {"honghu": 2}, 12, 24),
    ("chenzhou_hongheidian", _RED13, (), {}, {}, {"hongwu": 4}, 15, 60),
    ("chenzhou_hongheidian", *_DUIZI, {}, {}, {"wuhu": 5}, 28, 28 * 5),
    # 耒陽 字牌 (提龍), 起胡 10: 無胡 counts 21; 卡胡, 13紅, 全黑, 一點紅, 天胡, 舉手, 自摸 ×2
    ("leiyang", _RED0, (), {}, {"min_huxi": 10}, {"wuhu": 21, "quanhei": 2}, 0, 42),
    (
        "leiyang",
        _RED0,
        (),
        {"self_drawn": True, "jushou": True},
        {"min_huxi": 10},
        {"wuhu": 21, "quanhei": 2, "jushou": 2, "zimo": 2},
        0,
        21 * 8,
    ),
    ("leiyang", _RED1, (), {}, {"min_huxi": 10}, {"wuhu": 21, "yidianhong": 2}, 0, 42),
    ("leiyang", _RED13, (), {}, {"min_huxi": 10}, {"shisanhong": 2}, 15, 30),
    ("leiyang", *_KA10, {}, {"min_huxi": 10}, {"kahu": 2}, 10, 20),
    # (a 天胡 on the 亮張 needs the threshold, Z13: this one is scored with none)
    ("leiyang", _PLAIN, (), {"tianhu": True}, {"min_huxi": 0}, {"tianhu": 2}, 6, 12),
    ("leiyang", _PLAIN, (), {}, {"min_huxi": 10}, {}, 6, 0),  # below 起胡 10, no 名堂
    # 自摸 doubles 囤 (12 胡息 at 起胡 10 would be 1 + 2 // 3 = 1 囤, ×2)
    # (its 12-胡息 reading is worth 1 囤; the four-絞 reading, 無胡 21, is worth 4: read so, §8.6)
    (
        "leiyang",
        _RED10,
        (),
        {"self_drawn": True},
        {"min_huxi": 10, **_TUN},
        {"wuhu": 21, "zimo": 2},
        0,
        8,
    ),
]


@pytest.mark.parametrize(
    ("preset", "text", "table", "win_fields", "rule_fields", "lines", "huxi_total", "total"),
    _PRESET_CASES,
    ids=[f"zipai.md §8.6 {c[0]} {sorted(c[5]) or 'none'} {i}" for i, c in enumerate(_PRESET_CASES)],
)
def test_mingtang_preset(
    preset: str,
    text: str,
    table: tuple[str, ...],
    win_fields: dict[str, object],
    rule_fields: dict[str, object],
    lines: dict[str, int],
    huxi_total: int,
    total: int,
) -> None:
    """zipai.md §8.6: each 名堂 line of the 常德 全名堂 / 多紅對, 郴州 and 耒陽 presets (and
    their combination: 常德 add, 郴州 / 耒陽 multiply) and the total a payer owes."""
    rules = HUNAN.evolve(**{"min_huxi": 0, "mingtang": preset, **rule_fields})
    d = best(text, tuple(Meld.parse(t) for t in table), rules=rules)
    assert d.huxi == huxi_total
    fields: dict[str, object] = {"self_drawn": False, **win_fields}
    sheet = score(Win(d, winner=0, players=3, **fields), rules=rules)  # type: ignore[arg-type]
    found = {
        line.key.removeprefix("mingtang."): line.value
        for line in sheet.lines
        if line.key.startswith("mingtang.")
    }
    assert found == lines
    assert all(line.rule == "zipai.md §8.6" for line in sheet.lines if "mingtang." in line.key)
    assert sheet.total == total
    assert [p.amount for p in sheet.payments] == ([total, total] if total else [])


@pytest.mark.parametrize("preset", MINGTANG_PRESETS)
def test_every_preset_changes_nothing_without_mingtang(preset: str) -> None:
    """zipai.md §8.6 / §10 Z10: every name of MINGTANG_PRESETS is accepted by Rules, and a hand
    with no 名堂 (3 red, 6 胡息, won on another's card, no special facts) scores the base."""
    assert Rules(mingtang=preset).mingtang == preset
    base_rules = HUNAN.evolve(min_huxi=0)
    rules = base_rules.evolve(mingtang=preset)
    d = best(_PLAIN, rules=rules)
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules=rules)
    plain = score(Win(d, winner=0, players=3, self_drawn=False), rules=base_rules)
    assert not [line for line in sheet.lines if line.key.startswith("mingtang.")]
    assert sheet.fact("fan") == 1
    assert sheet.total == plain.total == 6 and sheet.payments == plain.payments


def test_new_presets_listed_and_seed_presets_have_none() -> None:
    """zipai.md §8.6 presets are options; §10 Z10: the seed presets keep no 名堂."""
    for name in ("changde_quanmingtang", "changde_duohongdui", "chenzhou", "leiyang"):
        assert name in MINGTANG_PRESETS
    assert (HUNAN.mingtang, LIUHUDAO.mingtang, HAHA.mingtang) == (None, None, None)


@pytest.mark.parametrize(
    ("changes", "error", "reason"),
    [
        ({"haidi": 1}, NotationError, "haidi=1 is not True or False"),
        ({"jushou": "yes"}, NotationError, "jushou='yes' is not True or False"),
        ({"huangfan": -1}, RulesError, "huangfan=-1 is not an integer >= 0"),
        ({"huangfan": True}, NotationError, "huangfan=True is not an integer"),
    ],
    ids=repr,
)
def test_win_mingtang_facts_are_checked(
    changes: dict[str, object], error: type[Exception], reason: str
) -> None:
    """zipai.md §8.6: the Win facts for 海胡 / 舉手 / 黃番 … are typed; bad ones raise (a wrong
    type: NotationError, as in every family's Win; a negative count: RulesError, as every count
    out of range)."""
    d = best(_PLAIN, rules=HUNAN.evolve(min_huxi=0))
    with pytest.raises(error, match=reason):
        Win(d, winner=0, players=3, **changes)  # type: ignore[arg-type]


def test_win_defaults_keep_old_calls() -> None:
    """The new Win facts default to 'not given' (False / 0 荒莊)."""
    win = Win(best_decomposition(HAND), 0, 3)  # type: ignore[arg-type]
    assert (win.haidi, win.dihu, win.tinghu, win.shuahou, win.jushou, win.huangfan) == (
        False,
        False,
        False,
        False,
        False,
        0,
    )


def test_score_accepts_a_decomposition() -> None:
    """The contract (docs: Core concepts): score(decomposition, *, rules, winner, players, ...)
    scores the same as the Win with those facts (zipai.md §8.4 payments)."""
    d = best_decomposition(HAND)
    assert d is not None
    assert score(d, winner=1, players=3) == score(Win(d, winner=1, players=3))
    assert score(d, rules=LIUHUDAO.evolve(melds_to_win=7), winner=3).payments == tuple(
        score(Win(d, winner=3, players=4), rules=LIUHUDAO.evolve(melds_to_win=7)).payments
    )  # players default to rules.players
    on_discard = score(d, rules=HAHA.evolve(shuxin=False), winner=0, discarder=2)
    assert on_discard.payments == (Payment(2, 0, 2 * on_discard.total),)
    assert not on_discard.fact("self_drawn")


def test_analysis_document() -> None:
    """The contract: analysis.to_dict() is the version-2 analysis document of core.document."""
    doc = analyze(
        "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾", rules=LIUHUDAO.evolve(melds_to_win=7)
    )
    assert doc.to_dict()["variant"] is None  # rules of one's own
    data = analyze("壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌").to_dict()
    assert (data["schema"], data["version"], data["family"], data["variant"]) == (
        "changpai.analysis",
        2,
        "zipai",
        "hunan",
    )
    assert data["complete"] and data["value"] == data["best"]["value"] == 18
    assert data["facts"] == {"min_huxi": 15, "threshold_met": True} and data["waits"] == []
    with pytest.raises(TypeError):
        analyze("一二三", (), HUNAN)  # type: ignore[misc]


def test_leiyang_wuhu_counts_21_for_the_threshold_everywhere() -> None:
    """zipai.md §8.6 耒陽: 無胡 (no 胡息) counts 21 胡息 — for the threshold too, so a 0-胡息
    hand reaches 起胡 10: ``threshold_met``, ``waits(winning_only=True)`` and the engine's 胡
    agree with ``score`` (the engine never offered it)."""
    from changpai.zipai import Decomposition, Game, stack_deck, waits

    rules = HUNAN.evolve(mingtang="leiyang", min_huxi=10)
    assert (rules.counted_huxi(0), rules.counted_huxi(7), rules.reaches(0)) == (21, 7, True)
    assert not rules.evolve(min_huxi=22).reaches(0) and not HUNAN.reaches(0)
    d = best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸", rules=rules)
    assert (d.huxi, d.threshold_met) == (0, True)
    assert Decomposition(d.melds, rules=rules).threshold_met
    assert score(d, rules=rules).fact("threshold_met")
    waiting = parse("一一壹 三四五 六六陸 八八捌 叄肆 九九玖 肆伍陸")
    assert [c.code for c in waits(waiting, rules=rules, winning_only=True)] == ["d2", "d5"]
    game = Game(rules, deck=stack_deck(rules, hands={1: waiting}, liang="伍"))
    assert [str(a) for a in game.legal_actions(1)] == ["seat 1 胡 伍", "seat 1 過"]
    # the same hand under 常德 名堂: 0 胡息 stays 0, below 10
    plain = HUNAN.evolve(min_huxi=10)
    assert not best("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸", rules=plain).threshold_met


def test_leiyang_reads_the_hand_for_its_score_not_its_huxi() -> None:
    """zipai.md §8.6 耒陽: 無胡 counts 21 and 卡胡 doubles, so a reading of fewer 胡息 can be
    worth more; the winner lays out his melds, so the analysis and the engine take the reading
    worth the most (the first of the most 胡息 among equals, as before, wherever they agree)."""
    from changpai.zipai import Game, analyze, decompositions, stack_deck

    hand = "一一壹 二二貳 三三叄 七八九 肆伍陸 柒捌玖 五五伍"
    rules = HUNAN.evolve(mingtang="leiyang", min_huxi=10)
    found = analyze(hand, rules=rules)
    assert found.best is not None and found.sheet is not None
    assert (found.best.huxi, found.sheet.total) == (0, 42)  # four 絞: 無胡 21 ×2 (全黑)
    assert found.sheet.total == max(score(d, rules=rules).total
                                    for d in decompositions(parse(hand), rules=rules))  # fmt: skip
    assert analyze(hand, rules=rules.evolve(min_huxi=15)).sheet.total == 42  # (12 胡息 < 15)
    assert best(hand, rules=HUNAN.evolve(min_huxi=10)).huxi == 12  # other 名堂: most 胡息
    game = Game(
        rules, deck=stack_deck(rules, hands={1: hand.replace("柒捌玖", "柒捌")}, liang="玖")
    )
    game.apply(next(a for a in game.legal_actions(1) if a.kind.value == "win"))
    assert (game.result.value, game.result.sheet.total) == (0, 42)


def test_leiyang_keeps_the_usual_reading_where_none_is_worth_more() -> None:
    """zipai.md Ties: under 耒陽 a reading worth the same as the one of most 胡息 does not
    replace it — the reading every other preset returns (three 絞 here, 9 胡息 both ways)."""
    hand = "一一一 八捌捌 九玖玖 十拾拾 二三四 五六七 壹貳叄"
    for min_huxi in (0, 9):
        usual = best(hand, rules=HUNAN.evolve(min_huxi=min_huxi))
        leiyang = best(hand, rules=HUNAN.evolve(mingtang="leiyang", min_huxi=min_huxi))
        assert str(leiyang) == str(usual) and leiyang.huxi == 9


def test_score_refuses_a_reading_that_is_no_winning_hand() -> None:
    """zipai.md §7.1 and Z4: a win is ``melds_to_win`` 門子 (7; 5 in 6胡倒), the 將 among them
    only with a 跑 or 提, and 一五十 only with ``allow_1_5_10`` — score paid each of these."""
    from changpai.zipai import LIUHUDAO, Decomposition

    six = [
        Meld.parse(t)
        for t in ("句 壹貳叄", "句 一二三", "句 二七十", "句 四五六", "坎 捌捌捌", "絞 九九玖")
    ]
    bad = {
        "six 門子": (six, HUNAN),
        "a 將 without 跑 or 提": ([*six, Meld.parse("將 柒柒")], HUNAN),
        "a 跑 without 將": ([*six, Meld.parse("跑 柒柒柒柒")], HUNAN),
        "seven 門子 in 6胡倒": ([*six, Meld.parse("坎 柒柒柒")], LIUHUDAO),
    }
    for why, (melds, rules) in bad.items():
        with pytest.raises(RulesError, match="is no winning hand"):
            score(Decomposition(melds, rules=rules), rules=rules)
        assert why
    with pytest.raises(RulesError, match="holds 一五十"):
        score(
            Decomposition([*six, Meld.parse("句 一五十")], rules=HUNAN.evolve(allow_1_5_10=True)),
            rules=HUNAN,
        )
    assert score(Decomposition([*six, Meld.parse("坎 柒柒柒")])).total > 0


@pytest.mark.parametrize(
    ("preset", "hand", "liang"),
    [
        ("hunan", "一一一一 三三三三 四四四四 壹貳叄 二七十 五六", "七"),
        ("liuhudao", "一一一一 三三三三 四四四四 壹貳", "叄"),
        ("haha", "一一一一 三三三三 四四四四 壹貳叄 二七十 五六", "七"),
    ],
)
def test_a_tianhu_of_three_ti_wins_whatever_its_shape(preset: str, hand: str, liang: str) -> None:
    """zipai.md §7 (a): 3 提 / 5 坎 must win (天胡) regardless of 門子 shape — a dealer's 3 提
    and three 句 (no 將, six 門子) is scored, though a reading of that shape is no win
    otherwise (the shape check must not refuse it)."""
    from changpai import variant
    from changpai.zipai import Game, stack_deck

    rules = variant(preset).rules
    game = Game(rules, deck=stack_deck(rules, hands={0: hand}, liang=liang))
    assert game.is_over and game.result.winner == 0 and game.result.win.tianhu
    assert game.result.sheet is not None and game.result.sheet.total > 0


def test_another_colouring_changes_the_red_mingtang_section_1() -> None:
    """zipai.md §1 ("colour varies by region … a per-kind table", `red_values`; review h57): the
    same hand counts its red cards by the rules' colouring, and so its 紅 名堂 and payment."""
    d = best("二七十 二七十 貳柒拾 柒捌玖 一一壹 三四五 叄肆伍")
    counted = []
    for red in ({2, 7, 10}, {1, 5}):
        rules = HUNAN.evolve(min_huxi=0, mingtang="changde_hongheidian", red_values=red)
        sheet = score(Win(d, winner=1, players=3), rules=rules)
        counted.append((sheet.fact("reds"), sheet.total))
    assert counted == [(10, 24), (5, 12)]


def test_twelve_red_is_still_honghu_section_8_6() -> None:
    """zipai.md §8.6 常德 紅黑點: 紅胡 is 10–12 red cards, ×2 (review h57: 10 and 13 were held,
    not the upper edge)."""
    rules = HUNAN.evolve(min_huxi=0, mingtang="changde_hongheidian")
    d = best("二二二 七七七 十十拾 貳叄肆 陸柒捌 捌玖拾 三四五", rules=rules)
    sheet = score(Win(d, winner=0, players=3), rules=rules)
    assert sheet.fact("reds") == 12
    assert {line.key for line in sheet.lines if line.key.startswith("mingtang.")} == {
        "mingtang.honghu"
    }


def test_chongpao_adds_no_huxi_section_8_1() -> None:
    """zipai.md §8.1: 重舵 (two or more 跑 / 提) earns no extra 胡息 — the hand is its melds'
    胡息 (提 壹 12, 跑 五 6, 句 壹… as the table; review h57: no test cited it)."""
    d = best_decomposition(
        parse("一二三 六七八 九九 肆伍陸 柒捌玖"),
        [Meld.parse("提 壹壹壹壹"), Meld.parse("跑 五五五五")],
    )
    assert d is not None and d.huxi == 21
    assert score(Win(d, winner=0, players=3)).total == 21


def test_the_shuxin_seat_never_pays_when_four_players_are_named() -> None:
    """zipai.md §2: under 數信 rules three play and the fourth seat is the 數信, who never pays
    (review h89: ``players=4`` without ``shuxin_seat`` made it pay like a player)."""
    d = best_decomposition(parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"), rules=HAHA)
    for players in (2, 4):
        with pytest.raises(
            RulesError, match=rf"players={players} under rules 'haha'.*shuxin_seat="
        ):
            score(d, rules=HAHA, players=players)
    with pytest.raises(IllegalActionError, match=r"active seats 0..2; .*shuxin_seat="):
        score(d, rules=HAHA, winner=3)
    hunan = best_decomposition(parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"))
    with pytest.raises(IllegalActionError, match=r"active seats 0, 1, 2$"):  # (no 數信 here)
        score(hunan, winner=3)
    payments = score(d, rules=HAHA, winner=3, shuxin_seat=2).payments
    assert {(p.payer, p.payee) for p in payments} == {(0, 3), (1, 3)}


_TIANHU_READING = "壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒"


@pytest.mark.parametrize(
    ("facts", "reason"),
    [
        (
            {"self_drawn": False, "discarder": 1},
            "tianhu=True and discarder=1: 天胡 wins on the dealt",
        ),
        ({"haidi": True}, r"tianhu=True and haidi \(海胡"),
        ({"dihu": True}, r"tianhu=True and dihu \(地胡"),
        ({"shuahou": True}, r"tianhu=True and shuahou \(耍猴"),
    ],
)
def test_a_tianhu_contradicts_a_discard_and_the_later_occasions(
    facts: dict[str, object], reason: str
) -> None:
    """zipai.md §7: 天胡 is won on the dealt cards or on the 亮張 — never on a discard, nor as
    海胡 / 地胡 / 耍猴 (review h112: they were scored together; nantong's Win refuses its
    like). A non-dealer's 天胡 on the 亮張 is not self-drawn, and stays allowed."""
    d = best(_TIANHU_READING, (), rules=HUNAN)
    with pytest.raises(IllegalActionError, match=reason):
        Win(d, winner=0, players=3, tianhu=True, **facts)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=reason):
        score(d, rules=HAHA, winner=0, tianhu=True, **facts)  # type: ignore[arg-type]
    on_liang = Win(d, winner=1, players=3, tianhu=True, self_drawn=False)
    assert score(on_liang, rules=HUNAN).fact("tianhu") is True


def test_only_a_reading_of_the_dealt_cards_is_a_tianhu_without_threshold_z13() -> None:
    """zipai.md §7 (a), Z13: 3 提 / 5 坎 of the deal win without the 胡息 threshold. A reading
    with a 碰, 偎 or 臭偎 (made in play) is no such deal, whatever its card counts (review
    h112: the exemption was read from the cards alone, so it was given)."""
    played = Decomposition(
        [
            Meld.parse(text)
            for text in (
                "碰 二二二",
                "句 五六七",
                "句 四五六",
                "偎 一一一",
                "臭偎 七七七",
                "句 肆伍陸",
                "句 四五六",
            )
        ]
    )
    assert not played.threshold_met
    assert score(played, tianhu=True, self_drawn=True).total == 0
    kan = [f"坎 {c * 3}" for c in "一二三四五"]
    dealt = Decomposition([Meld.parse(text) for text in (*kan, "句 六七八", "句 肆伍陸")])
    high = HUNAN.evolve(min_huxi=30)  # (5 small 坎: 15 胡息, and 0 of the 句)
    assert score(dealt, rules=high).fact("threshold_met") is False
    assert score(dealt, rules=high, tianhu=True).fact("threshold_met") is True
