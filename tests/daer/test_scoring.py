"""大貳 settlement (daer.md §6, E5, §7) and the analysis document."""

from __future__ import annotations

import json

import pytest
from attrs import evolve

from changpai import daer
from changpai.daer import (
    DAER,
    LUZHOU,
    Decomposition,
    Meld,
    Win,
    analyze,
    best_decomposition,
    score,
)
from changpai.errors import IllegalActionError, NotationError, RulesError

HAND = "一二三 四五六 七八九 壹貳叄 伍伍"
RICH = "一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾"


def test_flat_self_drawn_every_other_player_pays_one() -> None:
    """daer.md §6 [INF]: 1 unit; self-draw → each other player pays 1."""
    sheet = score(best_decomposition(HAND), winner=2)
    assert sheet.total == 1 and [(p.payer, p.payee, p.amount) for p in sheet.payments] == [
        (0, 2, 1),
        (1, 2, 1),
        (3, 2, 1),
    ]
    assert [line.rule for line in sheet.lines] == ["daer.md §6"]


def test_flat_discard_the_discarder_pays_one() -> None:
    """daer.md §6 [INF]: discard → the discarder pays 1."""
    sheet = score(best_decomposition(HAND), winner=2, discarder=0)
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [(0, 2, 1)]
    assert sheet.fact("self_drawn") is False


def test_huxi_scoring_lists_every_set() -> None:
    """E5: the 字牌 胡息 table, one line per set (zipai.md §8.1)."""
    rules = DAER.evolve(scoring="huxi")
    sheet = score(best_decomposition(HAND, rules=rules), rules=rules, winner=0)
    assert [(line.name, line.value) for line in sheet.lines if line.key == "meld"] == [
        ("順 一二三", 3),
        ("順 四五六", 0),
        ("順 七八九", 0),
        ("順 壹貳叄", 6),
        ("將 伍伍", 0),
    ]
    assert sheet.total == 9 and {p.amount for p in sheet.payments} == {9}


def test_luzhou_self_drawn_double_discard_single() -> None:
    """daer.md §7: self-draw paid by all others at double; a discard by the discarder only."""
    d = best_decomposition(RICH, rules=LUZHOU)
    assert d is not None and d.hu == 18
    drawn = score(d, rules=LUZHOU, winner=0)
    assert [(p.payer, p.amount) for p in drawn.payments] == [(1, 36), (2, 36)]
    assert any(line.key == "zimo" and line.value == 2 for line in drawn.lines)
    assert any(line.key == "min_hu" and line.value == 10 for line in drawn.lines)
    thrown = score(d, rules=LUZHOU, winner=0, discarder=2)
    assert [(p.payer, p.amount) for p in thrown.payments] == [(2, 18)]


def test_win_checks_its_seats() -> None:
    d = best_decomposition(HAND)
    assert d is not None
    with pytest.raises(IllegalActionError, match="winner=4"):
        Win(d, winner=4, players=4)
    with pytest.raises(IllegalActionError, match="is the winner"):
        Win(d, winner=1, players=4, self_drawn=False, discarder=1)
    with pytest.raises(IllegalActionError, match="has no discarder"):
        Win(d, winner=1, players=4, discarder=2)
    with pytest.raises(RulesError):
        score(d, rules="daer")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="is not a 大貳 Decomposition or Win"):
        score("一二三")  # type: ignore[arg-type]  # a wrong type (was IllegalActionError)
    with pytest.raises(RulesError, match="players=5 is not an integer from 2 to 4"):
        Win(d, winner=1, players=5)  # a count out of range (was IllegalActionError)


def test_analysis_of_a_complete_and_a_waiting_hand() -> None:
    done = analyze(HAND)
    assert done.complete and done.best is not None and done.sheet is not None
    doc = done.to_dict()
    assert doc["family"] == "daer" and doc["variant"] == "daer" and doc["value"] == 9
    assert doc["facts"] == {"hu": 9, "jiang": "將 伍伍"}
    json.dumps(doc)
    waiting = analyze("一二三 四五六 七八九 壹貳叄 伍")
    assert not waiting.complete and [c.code for c in waiting.waits] == ["d5"]
    assert waiting.to_dict()["waits"][0]["card"] == "d5"
    assert analyze(RICH, rules=LUZHOU).to_dict()["variant"] == "luzhou"


def test_analysis_names_a_wrong_count() -> None:
    with pytest.raises(NotationError, match="holds 13 \\(waiting\\) or 14 \\(complete\\)"):
        analyze("一二三 四五六")


def test_win_checks_its_fields() -> None:
    """A ``Win`` with a field of the wrong type is a NotationError naming it, as in every
    family's Win (a string in place of the reading used to fail later, inside ``score``, with an
    AttributeError)."""
    d = best_decomposition(HAND)
    assert d is not None
    with pytest.raises(NotationError, match="decomposition='x'"):
        Win("x", winner=0, players=4)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="self_drawn='no'"):
        Win(d, winner=0, players=4, self_drawn="no")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="winning_card='x5'"):
        Win(d, winner=0, players=4, winning_card="x5")  # type: ignore[arg-type]


def test_a_win_with_keywords_is_refused_not_dropped() -> None:
    """Nothing is silently dropped: a Win carries its own facts (daer.md §6 scores the Win's
    seat), so score(win, winner=...) names the keywords, as 字牌 and 南通 do."""
    win = Win(best_decomposition(HAND), winner=1, players=3)
    for keywords in ({"winner": 2}, {"players": 3}, {"self_drawn": True}, {"discarder": 0}):
        with pytest.raises(NotationError, match="a Win carries its own facts"):
            score(win, **keywords)  # type: ignore[arg-type]
    assert score(win).title == score(best_decomposition(HAND), winner=1, players=3).title


def test_facts_that_contradict_are_refused_not_changed() -> None:
    """A self-drawn win has no discarder (daer.md §6): the keywords are not quietly corrected."""
    d = best_decomposition(HAND)
    with pytest.raises(IllegalActionError):
        score(d, winner=1, self_drawn=True, discarder=2)
    with pytest.raises(IllegalActionError):
        score(d, winner=1, self_drawn=False)
    assert score(d, winner=1, discarder=2).fact("self_drawn") is False


def test_a_reading_under_qihu_scores_nothing() -> None:
    """daer.md §7 "minimum 10 胡": a 瀘州 reading of 9 胡 is no win — the sheet shows 起胡 ≥10,
    totals 0 and nobody pays (as a 字牌 reading under its 起胡); 10 and more pay."""
    from changpai.daer import decompositions

    hand = "拾拾拾 四五六 七八九 肆伍陸 二三四 伍陸柒 壹貳叄"
    nine = next(decompositions(hand, rules=LUZHOU, discard="拾"))
    assert nine.hu == 9
    sheet = score(nine, winner=1, discarder=0)
    assert (sheet.total, sheet.payments) == (0, ())
    assert [line.key for line in sheet.lines][-1] == "min_hu"
    low = next(decompositions("四五六 七八九 肆伍陸 柒捌玖 六七八 三四五 伍陸柒", rules=LUZHOU))
    assert low.hu == 0
    assert score(low, winner=1).payments == ()  # self-drawn: no 自摸 ×2 of nothing
    assert not any(line.key == "zimo" for line in score(low, winner=1).lines)
    ten = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU)
    assert ten is not None and score(ten, winner=1, discarder=0).total == ten.hu == 18


def test_zero_hu_wins_are_named_on_the_sheet() -> None:
    """daer.md §7 option: with ``zero_hu`` a hand of exactly 0 胡 wins under 起胡; its
    threshold line says so."""
    rules = LUZHOU.evolve(zero_hu=True)
    zero = best_decomposition("四五六 七八九 肆伍陸 柒捌玖 六七八 三四五 伍陸柒", rules=rules)
    assert zero is not None and zero.hu == 0
    line = next(line for line in score(zero, rules=rules).lines if line.key == "min_hu")
    assert line.name == "起胡 (0 胡 wins: zero_hu)"


def test_a_zimo_multiplier_other_than_luzhou_cites_the_option() -> None:
    """The 自摸 ×2 of the 瀘州 preset is §7; any other multiplier is the E5 option."""
    d = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU)
    assert d is not None
    rule = {m: next(x.rule for x in score(d, rules=LUZHOU.evolve(zimo_multiplier=m)).lines
                    if x.key == "zimo") for m in (2, 3)}  # fmt: skip
    assert rule == {2: "daer.md §7", 3: "daer.md E5"}
    # ×2 under the 大貳 preset is the E5 option too (it cited the 瀘州 preset's §7; review h40)
    doubled = DAER.evolve(zimo_multiplier=2)
    small = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍", rules=doubled)
    assert small is not None
    sheet = score(small)
    assert next(x.rule for x in sheet.lines if x.key == "zimo") == "daer.md E5"
    assert sheet.title == "大貳: seat 0 胡 自摸"  # (a self-drawn title said nothing of it)


def test_a_winning_card_outside_the_reading_is_refused() -> None:
    """A Win names its winning card among the reading's cards (as a 字牌 reading does): one in
    none of its sets is a NotationError, not a fact silently carried."""
    from changpai.daer import Card

    d = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU)
    assert d is not None
    assert Win(d, winner=1, players=3, winning_card=Card.parse("拾")).winning_card is not None
    with pytest.raises(NotationError, match="winning_card=Card\\('x8'\\) is in none"):
        Win(d, winner=1, players=3, winning_card=Card.parse("八"))


def test_luzhou_sheets_name_the_sets_as_luzhou_does() -> None:
    """daer.md §7 names 瀘州's sets 坎, 列, 對子, 招, 大小混搭: its sheets and readings print them
    (the 大貳 names elsewhere; Meld text and documents are unchanged)."""
    d = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU)
    assert d is not None
    names = [line.name for line in score(d, rules=LUZHOU).lines if line.key == "meld"]
    assert "坎 拾拾拾" in names and "列 四五六" in names and "二七十 二七十" in names
    assert str(d).startswith("列 一二三") and d.to_dict()["melds"][0].startswith("順")
    plain = best_decomposition(
        "一二三 四五六 七八九 壹貳叄 伍伍", rules=DAER.evolve(scoring="huxi")
    )
    assert plain is not None and str(plain).endswith("將 伍伍")


def test_luzhou_analysis_text_names_the_sets_as_luzhou_does() -> None:
    """The analysis printed by ``analyze`` and ``changpai analyze luzhou`` writes the readings
    with the 瀘州 names, as its sheet does (daer.md §7)."""
    from changpai import variant
    from changpai.cli import analysis_text

    entry = variant("luzhou")
    found = analyze(entry.sample, rules=LUZHOU)
    for text in (str(found), analysis_text(found, entry)):
        reading = next(line for line in text.splitlines() if line.startswith("complete"))
        assert "坎 拾拾拾" in reading and "列 一二三" in reading and "刻" not in reading


def test_score_refuses_a_reading_that_is_no_win_under_the_rules_it_is_scored_by() -> None:
    """daer.md §5 / §7: a 14-card 大貳 reading is no 瀘州 win (21 cards there), and a reading
    whose 胡 is not its sets' is no reading at all — `score` raises NotationError naming it
    instead of paying (it paid 36 + 36)."""
    d = best_decomposition("一二三 壹貳叄 二七十 拾拾拾 伍伍")
    with pytest.raises(NotationError, match=r"is no 瀘州大貳 win: .* holds 14 cards"):
        score(d, rules=LUZHOU, winner=0)
    forged = evolve(d, hu=d.hu + 30)
    with pytest.raises(NotationError, match="is no reading of its cards under the 大貳 rules"):
        score(forged, winner=0)
    assert score(d, winner=0).total == 1  # (under its own rules it pays as before)


def test_score_takes_a_reading_won_on_a_discard() -> None:
    """A reading whose 刻 a discard completed holds that set as a 碰 (daer.md §7): it is
    checked with that card as the discard, and scores as the engine's wins do."""
    hand = "一二三 二七十 壹貳叄 四五六 肆伍陸 柒捌玖 拾拾拾"
    d = best_decomposition(hand, rules=LUZHOU, discard="拾")
    assert d is not None and "碰 拾拾拾" in str(d)
    sheet = score(d, rules=LUZHOU, winner=1, discarder=2)
    assert [(p.payer, p.amount) for p in sheet.payments] == [(2, d.hu)]


def test_score_refuses_a_reading_the_win_contradicts() -> None:
    """daer.md §5 (a 刻 that holds the card won on from a discard is a 碰) and §7: `score`
    took a 瀘州 reading with 坎 拾拾拾 for a win on a discard of 拾 (the hand does not win on
    it: 12 paid), a reading with a 碰 in the hand as self-drawn, and a discard win under
    `win_on_discard=False` (review h40) — each facts that contradict each other, an
    `IllegalActionError` (core-concepts). A discard win that names no card is read as before."""
    from changpai.daer import Card, decompositions

    hand = "拾拾拾 四五六 七八九 肆伍陸 二三四 伍陸柒 壹貳叄"
    kan = best_decomposition(hand, rules=LUZHOU)
    assert kan is not None and kan.hu == 12
    assert best_decomposition(hand, rules=LUZHOU, discard="拾") is None
    on_shi = Win(kan, winner=0, players=3, self_drawn=False, discarder=1, winning_card=Card("d10"))
    with pytest.raises(IllegalActionError, match="discard of 拾"):
        score(on_shi)
    assert score(Win(kan, winner=0, players=3, self_drawn=False, discarder=1)).total == 12
    peng = next(decompositions(hand, rules=LUZHOU, discard="拾"))
    with pytest.raises(IllegalActionError, match="self-drawn"):
        score(peng, winner=1)
    assert score(peng, winner=1, discarder=0).total == 0  # (9 胡: under 起胡)
    no_discard = DAER.evolve(win_on_discard=False)
    plain = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍", rules=no_discard)
    assert plain is not None
    with pytest.raises(IllegalActionError, match="win_on_discard=False"):
        score(plain, winner=0, discarder=1)
    assert score(plain, winner=0).payments  # (self-drawn)
    # a discard won on is a concealed card: one only in a table set was refused as a
    # NotationError naming a `discard=` never given (review h46); a drawn card may go to the
    # table first as a four (a forced 垅) and the hand win after it, into no other set (h47)
    tabled = best_decomposition("一二三 四五六 伍伍", "碰 七七七; 順 壹貳叄")
    long = best_decomposition("一二三 四五六 伍伍", "垅 七七七七; 順 壹貳叄")
    assert tabled is not None and long is not None
    seven = Card("x7")
    with pytest.raises(IllegalActionError, match="in none of its table sets"):
        score(Win(tabled, winner=0, players=4, self_drawn=False, discarder=1, winning_card=seven))
    with pytest.raises(IllegalActionError, match="a four it made on the table"):
        score(Win(tabled, winner=0, players=4, winning_card=seven))
    assert score(Win(long, winner=0, players=4, winning_card=seven)).payments


def test_a_reading_of_a_waiting_size_is_named_as_such() -> None:
    """Review h91: with the analyses reading both sizes, a hand-built reading of 13 cards lost
    the reason it is no win; it says so."""
    melds = tuple(
        Meld.parse(x) for x in ("順 一二三", "順 四五六", "順 七八九", "將 伍伍", "將 捌捌")
    )
    with pytest.raises(NotationError, match="it holds 13 cards, a waiting hand's"):
        score(Decomposition((), melds, 9, DAER))


def test_analyze_takes_the_kan_held() -> None:
    """daer.md "Which threes are 坎": the analyses take the 坎 held as ``kan=``; ``analyze`` did
    not, so a 瀘州 hand the engine won (拾拾拾 drawn, not dealt) read as not complete under
    ``kan_locked`` (review h107)."""
    from changpai.daer import LUZHOU, analyze, best_decomposition, waits

    hand = "一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒拾"
    assert not analyze(hand, rules=LUZHOU).complete
    read = analyze(hand, rules=LUZHOU, kan="拾")
    assert read.complete and read.best == best_decomposition(hand, rules=LUZHOU, kan="拾")
    # (the analysis says what it was told: review h109)
    assert read.facts["kan"] == ["d10"] and read.to_dict()["facts"]["kan"] == ["d10"]
    assert "kan" not in analyze(hand, rules=LUZHOU).facts
    assert analyze(hand, rules=LUZHOU, kan=[]).facts["kan"] == []
    waiting = "一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒"
    assert analyze(waiting, rules=LUZHOU, kan=[]).waits == waits(waiting, rules=LUZHOU, kan=[])


def test_an_analysis_reads_its_kan_as_analyze_does() -> None:
    """``Analysis(kan=...)`` built by hand took anything: ``kan="拾"`` (what ``analyze`` takes)
    broke ``facts`` with an AttributeError, a list broke ``hash``; and the same 坎 named in
    another order made unequal analyses (review h110)."""
    import attrs
    import pytest

    from changpai.daer import LUZHOU, Analysis, analyze
    from changpai.errors import NotationError

    hand = "一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒拾"
    read = analyze(hand, rules=LUZHOU, kan="拾")
    for given in ("拾", ["d10"], ["拾"]):
        again = attrs.evolve(read, kan=given)
        assert again == read and hash(again) == hash(read) and again.facts["kan"] == ["d10"]
    assert analyze(hand, rules=LUZHOU, kan="拾 三") == analyze(hand, rules=LUZHOU, kan="三 拾")
    with pytest.raises(NotationError, match="kan"):
        Analysis(read.cards, read.exposed, read.rules, read.best, read.sheet, {}, kan=5)


def test_a_flat_sheet_shows_the_hu_its_qihu_measures() -> None:
    """daer.md §7 (起胡, minimum 10 胡) under flat scoring: the sheet shows the hand's 胡 as an
    "=" line before the "≥" line, so the threshold reads against it (review h131: one unit, 起胡
    ≥10 and a total of 2 read as a contradiction)."""
    rules = daer.LUZHOU.evolve(scoring="flat")
    best = daer.analyze("伍六二二玖八三五七七二十七一玖二七伍十十玖", rules=rules).best
    assert best is not None
    sheet = daer.score(best, winner=0, players=3)
    ops = [(line.op, line.value) for line in sheet.lines]
    assert ops[:3] == [("+", 1), ("=", best.hu), ("≥", 10)] and best.hu >= 10
    assert sheet.total == 2
    unthresholded = daer.analyze(
        "伍六二二玖八三五七七二十七一玖二七伍十十玖", rules=rules.evolve(min_hu=0)
    ).best
    assert unthresholded is not None
    assert all(line.op != "=" for line in daer.score(unthresholded, winner=0).lines)
