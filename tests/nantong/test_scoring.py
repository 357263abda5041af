"""Scoring worked hands through the public API (nantong.md §7, §7.1, §7.2, §9)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.nantong import OtherHand, Win

QING = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
PIAO = "HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
TA_CONCEALED = "1b 2b 3b 4t 5t 6t 7w 8w 9w 9t 9t 9t 3w 3w 3w QZ QZ"
TA_EXPOSED = "碰 HH HH HH; 明杠 5b 5b 5b 5b"


def _keys(sheet: nantong.score) -> list[str]:  # type: ignore[valid-type]
    return [line.key for line in sheet.lines]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("kwargs", "rules", "total"),
    [
        # 100 底 + 20 文錢 + 10 單吊 = 130
        ({"winning_card": "5w"}, nantong.DUZIHU, 130),
        # + 自摸 10 = 140
        ({"winning_card": "5w", "self_drawn": True}, nantong.DUZIHU, 140),
        # N8 cumulative: 單吊 and 獨張 both = 140
        ({"winning_card": "5w"}, nantong.DUZIHU.evolve(wait_bonus="cumulative"), 140),
        # 天胡 (no winning card placed, N15 no 自摸): (100 + 20) × 2 = 240
        ({"tianhu": True, "self_drawn": True}, nantong.DUZIHU, 240),
        # N15 option: (100 + 20 + 10) × 2 = 260
        ({"tianhu": True, "self_drawn": True}, nantong.DUZIHU.evolve(tianhu_zimo=True), 260),
        # 海底撈月: (100 + 20 + 10 自摸 + 10 單吊) × 2 = 280
        ({"winning_card": "5w", "self_drawn": True, "haidi": True}, nantong.DUZIHU, 280),
        # 地胡 and 天聽 together: 130 × 2 × 2 = 520
        ({"winning_card": "5w", "dihu": True, "tianting": True}, nantong.DUZIHU, 520),
        # the 文錢 line set to 30 (wenqian_values): 100 + 文錢 30 + 單吊 10 = 140
        ({"winning_card": "5w"}, nantong.DUZIHU.evolve(wenqian_values=(30, 50, 100, 200)), 140),
    ],
)
def test_qinghu_worked_hands_section_7(
    kwargs: dict[str, object], rules: nantong.Rules, total: int
) -> None:
    """nantong.md §7: 清胡 = 底 100 + 其他; the ×2 items; N8, N15."""
    assert nantong.score(QING, rules=rules, **kwargs).total == total


def test_piaohu_menpiao_sanlao_section_7() -> None:
    """nantong.md §7 worked by hand, 將 = 紅花 + 三萬 (半邊將):
    紅花 ×3 in hand is 真諦 (one 紅花 flipped) → 後摸 12 × 4 = 48; 千字, 白花 在手 4 × 4 = 16 each;
    四萬 五條 七丙 六萬 在手 4 each → sets 96; 三老聚會 doubles 48 + 16 + 16 → +80;
    (50 + 96 + 80 + 自摸 10 + 單吊 10) × 2 (飄胡) × 2 (悶飄) = 984 → 990."""
    sheet = nantong.score(PIAO, winning_card="9t", self_drawn=True, jiang="HH 3w")
    assert sheet.total == 990
    assert sheet.fact("unrounded") == 984
    values = {line.key: line.value for line in sheet.lines}
    assert values["sanlao"] == 80 and values["base"] == 50
    assert sorted(ln.value for ln in sheet.lines if ln.key == "set") == [4, 4, 4, 4, 16, 16, 48]
    assert "menpiao" in values and values["piao"] == 2
    # declared by 叫牌: the 紅花 three score as 起手 16 × 4 = 64 → (50+112+96+20) × 4 = 1112 → 1120
    assert (
        nantong.score(PIAO, winning_card="9t", self_drawn=True, jiang="HH 3w", called="HH").total
        == 1120
    )
    # N7 alternative: ((20 + 196) × 2 + 40) × 2 = 944 → 950
    alt = nantong.DUZIHU.evolve(piao_formula="20x2+40")
    assert (
        nantong.score(PIAO, rules=alt, winning_card="9t", self_drawn=True, jiang="HH 3w").total
        == 950
    )
    # N9: 杠開 and 單吊 outside the 飄胡 doubling: (236 × 2 + 20) × 2 = 984 → 990; inside: 1030
    kw = {"winning_card": "9t", "self_drawn": True, "jiang": "HH 3w", "gangkai": True}
    assert nantong.score(PIAO, **kw).total == 1030
    outside = nantong.DUZIHU.evolve(specials_inside_piao=False)
    assert nantong.score(PIAO, rules=outside, **kw).total == 990


def test_tazihu_with_settlement_section_7_2() -> None:
    """nantong.md §7 and §7.2 worked by hand, 將 = 二條 + 三萬 (普通將):
    碰 紅花 2 × 2 = 4; 明杠 五丙 8; 九條 在手 4 × 2 = 8; 三萬 ×3 is 真諦 → 後摸 12 × 2 = 24 → 44;
    20 底 + 44 + 文錢 20 + 丫子 10 (五條 between 四條 and 六條) = 94 → 100.
    Seat 1 owns 白花 在手 8 + 六丙 在手 4 = 12 → 20 and pays 80 (N17); seat 2 pays 100."""
    others = (OtherHand(1, "BH BH BH 6b 6b 6b 1t 2t"), OtherHand(2, "7b 8b"))
    win = Win(TA_CONCEALED, TA_EXPOSED, winning_card="5t", jiang="2t 3w", others=others)
    sheet = nantong.score(win)
    assert sheet.total == 100 and sheet.fact("unrounded") == 94
    assert sheet.fact("shape") == "tazihu"
    assert {(p.payer, p.payee, p.amount) for p in sheet.payments} == {(1, 0, 80), (2, 0, 100)}
    full = nantong.score(win, rules=nantong.DUZIHU.evolve(settlement="full"))
    assert {p.amount for p in full.payments} == {100}
    cumulative = nantong.score(win, rules=nantong.DUZIHU.evolve(wait_bonus="cumulative"))
    assert cumulative.total == 110  # 丫子 + 獨張
    assert "wait.yazi" in [line.key for line in sheet.lines]


def test_loser_with_more_sets_is_paid() -> None:
    """N17: when a loser's own sets exceed the winner's total, the difference goes to the loser."""
    rich = OtherHand(1, "HH HH HH QZ QZ QZ", "明杠 8w 8w 8w 8w")
    sheet = nantong.score(Win(QING, winning_card="5w", jiang="HH BH", others=(rich,)))
    own = {line.key: line.value for line in sheet.lines}["loser.1"]
    # 紅花 三 真諦 後摸 12 × 8 = 96, 千字 在手 4 × 8 = 32, 明杠 八萬 8 → 136 → 140 > 130
    assert own == 140 and sheet.total == 130
    assert sheet.payments[0].amount == 10
    assert sheet.payments[0].payer == 0 and sheet.payments[0].payee == 1


def test_three_wenqian_double_count_n13() -> None:
    """nantong.md §7: three 文錢 100 and also three 在手 刻子 (N13):
    清胡 100 + 文錢 100 + 一丙 二丙 三丙 在手 4 each + 單吊 10 = 222 → 230; off: 210."""
    hand = "1b 1b 1b 2b 2b 2b 3b 3b 3b 456t 789t 123w 456w 5w 5w"
    assert nantong.score(hand, winning_card="5w").total == 230
    off = nantong.DUZIHU.evolve(sanwenqian_double=False)
    assert nantong.score(hand, rules=off, winning_card="5w").total == 210


def test_three_wenqian_of_a_flipped_card_count_as_its_concealed_three_n13() -> None:
    """nantong.md §7 N13 (三文錢 also three 在手 刻子) with §6.2: of a flipped 一丙 the three
    copies left, held, are its concealed three — a 後摸 four (12 × 2 = 24), the page's reading
    (docs/nantong.md, review h33), as the same three held apart count."""
    hand = "1b 1b 1b 2b 2b 2b 3b 3b 3b 456t 789t 123w 456w 5w 5w"
    sheet = nantong.score(hand, jiang="1b 7w")
    kezi = [(line.name, line.value) for line in sheet.lines if line.key == "wenqian.kezi"]
    assert [value for _, value in kezi] == [24, 4, 4]
    assert "後摸 12 × 2" in kezi[0][0] and "一丙×3" in kezi[0][0]
    assert nantong.sets_value("1b 1b 1b", jiang="1b 7w") == 30  # (24 held apart, rounded up)
    assert sheet.total == 240  # 清胡 100 + 三文錢 100 + (24 + 4 + 4) = 232 → 240


def test_triplet_completed_by_discard_n18() -> None:
    """N18: the triplet completed by the winning discard scores as a 碰 (4 instead of 8 for 紅花)."""
    hand = "123b 456t 789t 123w 5w 5w QZ QZ QZ HH HH HH 9b 9b 9b"
    on_discard = nantong.score(hand, winning_card="HH")
    assert on_discard.fact("unrounded") == 20 + 20 + 8 + 4 + 4  # 底 文錢 千字 紅花(碰) 九丙
    drawn = nantong.score(hand, winning_card="HH", self_drawn=True)
    assert drawn.fact("unrounded") == 20 + 20 + 8 + 8 + 4 + 10
    concealed = nantong.DUZIHU.evolve(win_triplet_exposed=False)
    assert nantong.score(hand, rules=concealed, winning_card="HH").fact("unrounded") == 60


def test_baida_count_section_7_1_n14() -> None:
    """nantong.md §7.1: 百搭 held 1..5 = 10/30/50/100/200 (400 from the deal); N14 settlement."""
    assert [nantong.baida_bonus(n) for n in range(1, 6)] == [10, 30, 50, 100, 200]
    assert nantong.baida_bonus(5, dealt=True) == 400
    hand = "1b FU 3b 456b 789b 123t 456t 789t 123w 5w 5w"
    sheet = nantong.score(hand, rules=nantong.DUZIHU_BAIDA, winning_card="5w")
    assert sheet.total == 130
    assert sheet.net() == {0: 280, 1: -140, 2: -140}
    added = nantong.score(
        hand, rules=nantong.DUZIHU_BAIDA.evolve(baida_settlement="add"), winning_card="5w"
    )
    assert added.total == 140
    with pytest.raises(RulesError, match="count=6 is not an integer from 0 to 5"):
        nantong.baida_bonus(6)  # a count out of range (was NotationError)


def test_exposed_zhendi_peng_and_rounding() -> None:
    """§6.2 in a hand: 碰 紅花 with 將 紅花 + 白花 = 2 × 8 × 2 = 32; 塌子胡 20 + 32 = 52 → 60."""
    sheet = nantong.score(
        "123t 456t 789t 123w 456w 789w 2b 2b", exposed="碰 HH HH HH", jiang="HH BH"
    )
    assert sheet.fact("unrounded") == 52 and sheet.total == 60


def test_errors_leave_nothing_half_done() -> None:
    with pytest.raises(RulesError, match="not a winning hand"):
        nantong.score("123t 456t")
    with pytest.raises(NotationError, match="winning card"):
        Win(QING, winning_card="9w")
    with pytest.raises(IllegalActionError, match="海底"):
        Win(QING, haidi=True)  # facts that contradict each other (was RulesError)
    with pytest.raises(
        NotationError, match="a Win carries its own facts"
    ):  # a Win carries its facts
        nantong.score(Win(QING), jiang="2t")


def test_sheet_is_explained() -> None:
    """Every line carries its rule; str / html / dict work."""
    sheet = nantong.score(PIAO, winning_card="9t", self_drawn=True, jiang="HH 3w")
    assert all(line.rule.startswith("nantong.md") for line in sheet.lines)
    text = str(sheet)
    assert "三老聚會" in text and "悶飄" in text and "真諦" not in text.split("total")[-1]
    assert sheet.to_dict()["total"] == 990
    assert "<table " in sheet._repr_html_()


_PLAIN = nantong.CARDS[:30]


@st.composite
def _wins(draw: st.DrawFn) -> tuple[Win, nantong.Rules]:
    """A random complete hand (some 刻子 declared as 碰), random 將 and situation flags."""
    pair = draw(st.sampled_from(_PLAIN))
    cards = [pair, pair]
    exposed = []
    for _ in range(7):
        if draw(st.booleans()):
            card = draw(st.sampled_from(_PLAIN))
            group = [card] * 3
            if draw(st.integers(0, 3)) == 0:
                exposed.append(nantong.Meld.of(group, "peng"))
                group = []
        else:
            low = draw(st.integers(0, 26))
            start = low - low % 9 + min(low % 9, 6)
            group = [nantong.CARDS[start + j] for j in range(3)]
        cards.extend(group)
    jiang = draw(st.lists(st.sampled_from(nantong.DECK), min_size=2, max_size=2))
    used = Counter(cards) + Counter(c for m in exposed for c in m.cards) + Counter(jiang)
    assume(all(n <= 4 for n in used.values()))
    zimo = draw(st.booleans())
    win = Win(tuple(cards), tuple(exposed), winning_card=draw(st.sampled_from(cards)),
              self_drawn=zimo, jiang=tuple(jiang), gangkai=zimo and draw(st.booleans()),
              dihu=not zimo and draw(st.booleans()), tianting=draw(st.booleans()),
              haidi=zimo and draw(st.booleans()))  # fmt: skip
    rules = nantong.DUZIHU.evolve(
        piao_formula=draw(st.sampled_from(["50x2", "20x2+40"])),
        wait_bonus=draw(st.sampled_from(["one", "cumulative"])),
        specials_inside_piao=draw(st.booleans()),
    )
    return win, rules


@settings(max_examples=60, deadline=None)
@given(_wins())
def test_sheet_lines_add_up(case: tuple[Win, nantong.Rules]) -> None:
    """Property (§7, N16): folding the sheet's lines in order (+ adds, × multiplies) gives the
    unrounded 胡數; the total is it rounded up to ten; every set line's text ends with its value;
    the payments balance."""
    win, rules = case
    sheet = nantong.score(win, rules=rules)
    running = 0
    for line in sheet.lines:
        if line.key == "total":
            break
        running = running * line.value if line.op == "×" else running + line.value
    assert running == sheet.fact("unrounded")
    assert sheet.total == -(-running // 10) * 10 and sheet.total >= 20
    for line in sheet.lines:
        if line.key == "set":
            assert f"= {line.value} " in line.name + " "
    assert sum(sheet.net().values()) == 0


def test_score_unknown_keyword_is_named() -> None:
    """DESIGN "bad input always gets a clear, typed error that names the input": a misspelt
    keyword of score() is a NotationError naming it, not a TypeError (nothing silently dropped),
    as in 字牌."""
    with pytest.raises(
        NotationError,
        match=r"unknown keyword 'bogus' for nantong\.score; the keywords are rules, winner",
    ):
        nantong.score(QING, bogus=1)
    with pytest.raises(NotationError, match="unknown keywords 'self_drawm', 'concealed'"):
        nantong.score(QING, self_drawm=True, concealed="5w")
    with pytest.raises(RulesError, match="rules='duzihu' is not a nantong Rules object"):
        nantong.score(QING, rules="duzihu")  # type: ignore[arg-type]
    assert nantong.score(QING, winning_card="5w").total == 130


def test_score_accepts_a_decomposition() -> None:
    """docs/core-concepts.md: score(decomposition, *, rules, winner, players, ...) scores that
    reading; its flipped 將 and rules are the defaults; players=3 makes the two other seats of
    0..2 pay the winner (nantong.md §7.2)."""
    d = nantong.best_decomposition(PIAO, jiang="HH 3w")
    assert d is not None
    sheet = nantong.score(d, winner=2, players=3, winning_card="9t", self_drawn=True)
    assert sheet.total == 990 and {(p.payer, p.payee) for p in sheet.payments} == {(0, 2), (1, 2)}
    assert nantong.score(d).total == d.value == 910
    assert nantong.score(d, jiang="2t 3w").total < d.value  # other flips, other values (§6)
    baida = nantong.best_decomposition("HH HH FU " + PIAO[9:], rules=nantong.DUZIHU_BAIDA)
    assert baida is not None and nantong.score(baida).fact("baida") == 1


@pytest.mark.parametrize(
    ("keywords", "error", "match"),
    [({"players": 4}, RulesError, "played by three"),
     ({"winner": 3, "players": 3}, IllegalActionError, "winner=3 is not a seat"),
     ({"winner": True}, NotationError, "winner=True is not an integer"),
     ({"players": "3"}, NotationError, "players='3' is not an integer"),
     ({"exposed": "碰 HH HH HH"}, NotationError, "carries its exposed melds"),
     ({"seat": 1}, NotationError, "unknown keyword 'seat'")],
)  # fmt: skip
def test_score_keywords_are_checked(keywords: dict[str, object], error: type, match: str) -> None:
    """As the fields of a Win: a wrong type is a NotationError, a count out of range a
    RulesError, a seat not at the table an IllegalActionError (were all RulesError)."""
    d = nantong.best_decomposition(QING)
    with pytest.raises(error, match=match):
        nantong.score(d, **keywords)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="a Win carries its own facts"):
        nantong.score(Win(QING), winner=1)


@pytest.mark.parametrize(
    ("keywords", "error", "match"),
    [
        ({"others": 5}, NotationError, "others=5 is not a sequence"),
        ({"others": [OtherHand(0, "HH")]}, IllegalActionError, "seat 0 is the winner"),
        ({"losers": 5}, NotationError, "losers=5 is not a sequence"),
        ({"losers": [7]}, IllegalActionError, "losers: seat=7 is not a seat"),
        ({"losers": ["a"]}, NotationError, "losers: seat='a' is not an integer"),
        ({"losers": [0, 1]}, IllegalActionError, "seat 0 is the winner"),
        ({"losers": [1, 1]}, IllegalActionError, "seat 1 twice"),
        ({"called": 5}, NotationError, "called=5 is not a sequence"),
        ({"called": [1]}, NotationError, "called: 1 is not a nantong card"),
        ({"gangkai": "yes"}, NotationError, "gangkai='yes' is not True or False"),
        # (a newcomer's review: self_drawn=1 was taken as True and scored the 自摸)
        ({"self_drawn": 1}, NotationError, "self_drawn=1 is not True or False"),
        ({"self_drawn": "yes"}, NotationError, "self_drawn='yes' is not True or False"),
        # occasions that contradict each other (nantong.md §3, §7; review h33)
        ({"gangkai": True}, IllegalActionError, "gangkai=True: 杠開 is a win on the replacement"),
        ({"haidi": True}, IllegalActionError, "海底撈月 is a self-drawn win"),
        ({"dihu": True, "self_drawn": True}, IllegalActionError, "dihu=True: 地胡 is a win on"),
        ({"tianhu": True}, IllegalActionError, "tianhu=True: 天胡 is the dealer's self-drawn"),
        (
            {"tianhu": True, "self_drawn": True, "winning_card": "5w"},
            IllegalActionError,
            "tianhu=True: 天胡 wins with the dealt cards, on no card, yet winning_card=5w",
        ),
        (
            {"tianhu": True, "self_drawn": True, "gangkai": True},
            IllegalActionError,
            "tianhu=True and gangkai",
        ),
        ({"tianhu": True, "self_drawn": True, "tianting": True}, IllegalActionError, "tianting"),
        (
            {"tianhu": True, "self_drawn": True, "haidi": True},
            IllegalActionError,
            "tianhu=True and haidi=True",
        ),
    ],
)
def test_win_facts_are_checked(keywords: dict[str, object], error: type, match: str) -> None:
    """DESIGN "bad input always gets a clear, typed error that names the input" (brief rule 5):
    the facts of a Win (nantong.md §7, §7.2) are checked, never a plain TypeError, never
    silently used."""
    with pytest.raises(error, match=match):
        nantong.score(QING, **keywords)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        (lambda: Win(QING, seat="x"), NotationError, "seat='x' is not an integer"),
        (lambda: Win(QING, seat=9), IllegalActionError, "seat=9 is not a seat"),
        (lambda: OtherHand(9, "HH"), IllegalActionError, "seat=9 is not a seat"),
        (lambda: OtherHand("x", "HH"), NotationError, "seat='x' is not an integer"),
        (lambda: OtherHand(1, "HH", called=5), NotationError, "called=5 is not a sequence"),
        (
            lambda: OtherHand(1, "HH", baida_dealt=1),
            NotationError,
            "baida_dealt=1 is not True or False",
        ),
        (lambda: nantong.sets_value("HH HH HH", called=5), NotationError, "called=5"),
        (lambda: nantong.baida_bonus(1, rules=5), RulesError, "rules=5 is not a nantong Rules"),
        (lambda: nantong.baida_bonus(True), NotationError, "count=True is not an integer"),
        (lambda: nantong.baida_bonus(-1), RulesError, "count=-1 is not an integer from 0 to 5"),
    ],
)
def test_win_parts_are_checked(make: object, error: type, match: str) -> None:
    """Brief rule 5: Win, OtherHand, sets_value and baida_bonus (nantong.md §7, §7.1, §7.2)
    raise the library's typed errors for bad input."""
    with pytest.raises(error, match=match):
        make()  # type: ignore[operator]


def test_sanlao_is_the_three_named_laojiang_only_section_7_n11() -> None:
    """nantong.md §9 N11: 三老聚會 names 紅花, 白花, 千字 only — a 九條 triplet (a 老將 by N4)
    is not doubled with them, and 九條 does not stand in for a missing one. 將 = 二條 三萬 (no
    老將 hit): each 老將 在手 is 4 × 2 = 8."""
    four = "HH HH HH QZ QZ QZ BH BH BH 9t 9t 9t 5t 5t 5t 7b 7b 7b 6w 6w 6w 4w 4w"
    sheet = nantong.score(four, jiang="2t 3w")
    values = {line.key: line.value for line in sheet.lines}
    assert values["sanlao"] == 24  # 紅花 + 千字 + 白花, not the 九條's 8
    without_bh = "HH HH HH QZ QZ QZ 9t 9t 9t 8w 8w 8w 5t 5t 5t 7b 7b 7b 6w 6w 6w 4w 4w"
    assert "sanlao" not in {line.key for line in nantong.score(without_bh, jiang="2t 3w").lines}


def test_any_baida_fills_any_wild_slot_as_the_winning_card() -> None:
    """nantong.md §1: the five 百搭 are alike (any one stands for any card), so which one was
    the winning card does not change the score: drawn as the 二萬 of 一萬二萬三萬 it is a 丫子
    (+10, §7) whichever 百搭 it was (福 scored 60, 祿 70)."""
    from changpai.nantong import DUZIHU_BAIDA, Card, best_decomposition, placements, score

    hand = "1b 2b 3b 4b 5b 6b 7b 8b 9b 1t 2t 3t 4t 5t 6t 5w 5w 1w 3w 6w 6w FU LU"
    totals = {
        b: score(Win(hand, winning_card=b, self_drawn=True), rules=DUZIHU_BAIDA).total
        for b in ("FU", "LU")
    }
    assert totals == {"FU": 70, "LU": 70}
    reading = best_decomposition(hand, rules=DUZIHU_BAIDA)
    assert reading is not None
    assert placements(reading, Card("FU")) == placements(reading, Card("LU"))


@pytest.mark.parametrize(
    ("hand", "total"),
    [
        # 福 二丙 祿 as the 文錢: the winning 百搭 may be its 三丙, a 邊張 (+10)
        ("123t 456t 789t 123w 456w 789w 5b 5b 2b FU LU", 130),
        # three 百搭 as the 文錢: the winning one may be its 三丙 (or its 二丙, a 丫子)
        ("123t 456t 789t 123w 456w 789w 5b 5b FU LU SHOU", 130),
    ],
)
def test_a_winning_baida_may_be_any_wild_card_of_a_sequence(hand: str, total: int) -> None:
    """nantong.md §7 (丫子 / 邊張) with §1's 百搭: a 順子 holding two or three 百搭 gives the
    winning 百搭 every one of their places, and the score takes the best wait (review h38:
    only the lowest place was tried, and the 邊張 of 福 二丙 祿 won on 祿 was lost: 120). As a
    real 二丙 won on, the first hand is a 丫子 (130 too)."""
    from changpai.nantong import DUZIHU_BAIDA

    assert nantong.score(hand, rules=DUZIHU_BAIDA, winning_card="LU").total == total
    assert nantong.score(hand, rules=DUZIHU_BAIDA, winning_card="FU").total == total
    assert nantong.score(hand, rules=DUZIHU_BAIDA).total == total - 10  # (no wait bonus)


def test_a_baida_stands_for_no_copy_another_seat_has_declared() -> None:
    """nantong.md §1, §4: a 百搭 stands for a card the deck still has; four 五萬 in another
    seat's 明杠 are in sight, so no reading of the winner may use a 百搭 as a fifth (the
    reading's only way to be complete) — score refuses it, saying why."""
    from changpai.nantong import DUZIHU_BAIDA, score

    win = Win(  # (the 百搭 completes 四萬 六萬 as 五萬 only)
        "1b 2b 3b 4b 5b 6b 7b 8b 9b 1t 2t 3t 4t 5t 6t 7t 8t 9t 4w 6w 7w 7w FU",
        winning_card="FU",
        self_drawn=True,
        others=(OtherHand(1, "HH", "明杠 5w 5w 5w 5w"), OtherHand(2, "1w")),
    )
    with pytest.raises(RulesError, match="a 百搭 stands for a copy another seat's declared"):
        score(win, rules=DUZIHU_BAIDA)
    free = Win(win.concealed, winning_card="FU", self_drawn=True,
               others=(OtherHand(1, "HH", "明杠 8w 8w 8w 8w"), OtherHand(2, "1w")))  # fmt: skip
    assert score(free, rules=DUZIHU_BAIDA).total > 0


def test_ties_of_the_rounded_total_take_the_most_before_rounding() -> None:
    """As best_decomposition ranks (docs: most 胡數, then most before rounding): the sheet shows
    the reading and placement worth 200 before rounding, not a first one worth 196."""
    from changpai.nantong import score

    win = Win(
        "7w 7w 5b 5b 5b 1b 2b 3b 1b 1b 1b 2t 2t 2t",
        exposed="碰 9b 9b 9b; 碰 2w 2w 2w; 後摸 6w 6w 6w 6w",
        winning_card="1b",
        jiang="9w HH",
    )
    sheet = score(win)
    assert sheet.fact("unrounded") == 200 and sheet.total == 200


def test_houmo_in_sequence_needs_four_drawn_not_the_discard_won_on() -> None:
    """nantong.md §3 / §8: a 後摸 four is "collected by drawing"; with ``houmo_in_sequence`` a
    four whose last copy is the discard won on is three held and a discard, not 後摸 — no
    line, as under the default rules — while the same four self-drawn scores 後摸 12."""
    rules = nantong.DUZIHU.evolve(houmo_in_sequence=True)
    hand = "345t 456t 567t 567t 123b 456b 789b 9w 9w"

    def houmo(self_drawn: bool, r: nantong.Rules = rules) -> tuple[int, list[str]]:
        sheet = nantong.score(
            hand, rules=r, winning_card="5t", self_drawn=self_drawn, jiang="2b 8w"
        )
        return sheet.total, [line.name for line in sheet.lines if "後摸" in line.name]

    plain_total = houmo(False, nantong.DUZIHU)[0]
    assert houmo(False) == (plain_total, [])
    total, lines = houmo(True)
    assert lines == ["後摸 12 = 12 (後摸 in 順子, §8)"]
    assert total > houmo(True, nantong.DUZIHU)[0]


def test_houmo_in_sequence_counts_four_real_copies_not_a_baida() -> None:
    """nantong.md §8 (後摸 "collected by drawing") with ``houmo_in_sequence``: a 百搭 standing
    for a fourth copy makes no 後摸 four (a 杠 is never made with a 百搭), the page's reading
    (docs/nantong.md, review h33); the four real copies do."""
    rules = nantong.DUZIHU_BAIDA.evolve(houmo_in_sequence=True)
    wild = "4w 4w 4w FU 3w 5w 2w 2w 2w 8b 8b 8b 4t 4t 4t 8w 8w 8w 6t 7t 8t 1t 1t"
    real = wild.replace("FU", "4w")
    assert nantong.best_decomposition(wild, rules=rules).value == 40
    assert nantong.best_decomposition(real, rules=rules).value == 50


def test_a_baida_in_a_zhendi_three_makes_the_same_three() -> None:
    """nantong.md §6.2 (a 真諦 card's remaining three score as its four: 後摸 ``12·m``) and §1
    (a 百搭 is any card), where the rules file says nothing of the two together: ``HH HH FU``
    with 紅花 flipped is the concealed three of 紅花 and scores 48 as three real 紅花 do
    (docs/nantong.md "Where the rules file says nothing"; reviews h7, h56 "J1")."""
    hand = "123b 456b 789b 123t 456t 123w HH HH FU 5w 5w"
    wild = nantong.best_decomposition(hand, rules=nantong.DUZIHU_BAIDA, jiang="HH 3w")
    real = nantong.best_decomposition(hand.replace("FU", "HH"), jiang="HH 3w")
    assert wild is not None and real is not None
    sheets = [nantong.score(d, winning_card="5w") for d in (wild, real)]
    for sheet in sheets:
        (line,) = [line for line in sheet.lines if "紅花紅花紅花" in line.name]
        assert line.value == 48 and line.name.startswith("後摸")
    assert wild.value == real.value == 90


def test_sets_value_refuses_more_cards_than_a_hand_holds() -> None:
    """nantong.md §3 (a hand is 23 cards, three less a declared set) and issue 12 (inputs no
    game reaches are refused, as every analysis does): 100 cards gave 320."""
    with pytest.raises(NotationError, match="concealed holds 100 nantong cards"):
        nantong.sets_value(list(nantong.DECK)[:100])
    with pytest.raises(NotationError, match="concealed holds 21 nantong cards"):
        nantong.sets_value(list(nantong.DECK)[:21], "碰 QZ QZ QZ")
    assert nantong.sets_value("HH HH HH 5t 5t 5t 5t 5w", "碰 QZ QZ QZ", jiang="2t 3w") == 30
    # (the hand read as every analysis reads it: a 百搭 needs rules with 百搭, nantong.md §1)
    with pytest.raises(NotationError, match="福 is a 百搭 but these rules play without 百搭"):
        nantong.sets_value("FU 1t 1t 1t")
    assert nantong.sets_value("FU 1t 1t 1t", rules=nantong.DUZIHU_BAIDA) == 10


def test_a_losers_baida_make_no_set() -> None:
    """nantong.md §7.2 (a loser's own sets) with §1 / §7.1: a 百搭 stands for a card in a
    winning hand, and a non-winner's 百搭 are paid as 喜 (N14) — docs/nantong.md says they
    make no set in a loser's sets (review h45: the rules are silent)."""
    from changpai.nantong import DUZIHU_BAIDA

    assert nantong.sets_value("QZ QZ FU", rules=DUZIHU_BAIDA) == 0
    assert nantong.sets_value("QZ QZ QZ", rules=DUZIHU_BAIDA) == 10


def test_a_winner_at_seat_3_names_the_seats_that_pay() -> None:
    """nantong.md §2: of four seats one sits out, which depends on the dealer — the default
    payers are the other seats of 0..2 (review h89: seat 3's win was paid by seats 1 and 2)."""
    d = nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    with pytest.raises(IllegalActionError, match=r"seat 3 is not one of 0\.\.2.*losers="):
        nantong.score(d, winner=3)
    payments = nantong.score(d, winner=3, losers=(0, 1)).payments
    assert {(p.payer, p.payee) for p in payments} == {(0, 3), (1, 3)}
    assert {p.payer for p in nantong.score(d, winner=2).payments} == {0, 1}


@pytest.mark.parametrize(
    "others",
    [
        (OtherHand(1, "5w 5w 5w"), OtherHand(2, "1b")),  # (five 五萬 with the winner's two)
        (OtherHand(1, "", exposed="明杠 1b 1b 1b 1b"), OtherHand(2, "1w")),  # (five 一丙)
        (OtherHand(1, "QZ QZ"), OtherHand(2, "QZ QZ QZ")),  # (five 千字 among the others)
    ],
)
def test_every_seat_holds_cards_of_one_deck(others: tuple[OtherHand, ...]) -> None:
    """nantong.md §1 (four copies of each card) across the table (review h112): the others'
    cards with the winner's held more copies than the deck has, and the impossible sets were
    counted in the §7.2 N17 settlement; a NotationError names the card, and the object is not
    made."""
    with pytest.raises(
        NotationError, match=r"copies of .* among the winner's and the other seats'"
    ):
        Win(QING, winning_card="5w", others=others)
    with pytest.raises(NotationError, match="among the winner's and the other seats'"):
        nantong.score(QING, winning_card="5w", others=others)


HELD_THREE = "2t 2t 2t 456b 789b 456t 789t 123w 456w 5w 5w"  # (二條: a 真諦 three with 2t flipped)


@pytest.mark.parametrize(
    ("called", "jiang", "reason"),
    [
        ("5w", "", "5w: 叫牌 declares a three whose fourth copy is a flipped 將"),
        ("5w", "2t 3w", "五萬 is not one of jiang=2t 3w"),
        ("QZ", "QZ 3w", "hold 0 千字 and 0 百搭"),
        ("5b", "5b 3w", r"hold [01] 五丙 and 0 百搭"),  # (one held, or none: three are left)
    ],
)
def test_called_cards_are_flipped_threes_held(called: str, jiang: str, reason: str) -> None:
    """nantong.md §3, N19: 叫牌 of a three is of a card whose fourth copy is a flipped 將, held
    (review h112: other cards were kept and did nothing, ``called`` reads only such a three,
    §6.2); every entry that takes ``called`` refuses them with a RulesError naming it."""
    entries = [
        lambda: Win(HELD_THREE, winning_card="5w", jiang=jiang, called=called),
        lambda: Win(QING, jiang=jiang, others=(OtherHand(1, "1w", called=called), OtherHand(2))),
        lambda: nantong.score(HELD_THREE, jiang=jiang, called=called),
        lambda: nantong.best_decomposition(HELD_THREE, jiang=jiang, called=called),
        lambda: list(nantong.decompositions(HELD_THREE, jiang=jiang, called=called)),
        lambda: nantong.analyze(HELD_THREE, jiang=jiang, called=called),
        lambda: nantong.waits(HELD_THREE.replace(" 5w 5w", " 5w"), jiang=jiang, called=called),
        lambda: nantong.sets_value(HELD_THREE, jiang=jiang, called=called),
    ]
    for number, entry in enumerate(entries):
        with pytest.raises(RulesError, match=rf"called=.*{reason}") as caught:
            entry()
        assert caught.value is not None, number
    # (the 真諦 three held, called: scored as 起手, §6.2)
    assert nantong.score(HELD_THREE, jiang="2t 3w", called="2t").total > (
        nantong.score(HELD_THREE, jiang="2t 3w").total
    )


def test_a_called_three_is_held_before_the_winning_card_section_3() -> None:
    """nantong.md §3, N19 (review h118): 叫牌 is of a three held from the deal, so the winning
    card is no copy of it — a self-drawn third 二條 scored the three as 起手 (70, not 60); a
    card flipped twice leaves a pair, whose 起手 set is declared (W10), not ``called``; and a
    bad ``called`` of another seat names it."""
    with pytest.raises(RulesError, match="called=2t: the concealed cards hold 2 二條"):
        Win(HELD_THREE, winning_card="2t", self_drawn=True, jiang="2t 3w", called="2t")
    assert nantong.score(Win(HELD_THREE, winning_card="5w", jiang="2t 3w", called="2t")).total
    pair = "2t 2t 456b 789b 456t 789t 123w 456w 5w 5w 5w"
    with pytest.raises(RulesError, match=r"called=2t: 二條 is flipped twice.*起手 2t 2t"):
        nantong.score(pair, jiang="2t 2t", called="2t")
    other = OtherHand(1, "1w", called="2t")
    with pytest.raises(RulesError, match=r"others\[0\] \(seat 1\) called=2t"):
        Win(HELD_THREE, winning_card="5w", jiang="2t 3w", called="2t", others=(other,))


def test_a_held_fours_houmo_replaces_its_kezis_zaishou_section_8() -> None:
    """nantong.md §8 with ``houmo_in_sequence`` (docs/nantong.md: every four copies held score
    後摸, and a 刻子 of three of them then scores the four's 後摸 in place of its 在手 — one
    set, as a declared four): four 五條, three in a 刻子 and one in a 順子."""
    hand = "5t 5t 5t 5t 3t 4t 123b 456b 789b 123w 9w 9w 9w HH HH"
    plain = nantong.score(hand)
    wide = nantong.score(hand, rules=nantong.DUZIHU.evolve(houmo_in_sequence=True))
    assert [line.name for line in plain.lines if "五條" in line.name] == [
        "在手 4 = 4 [五條五條五條]"
    ]
    assert [line.name for line in wide.lines if "五條" in line.name] == [
        "後摸 12 = 12 [五條五條五條]"
    ]
    assert (plain.total, wide.total) == (50, 60)
