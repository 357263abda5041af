"""孝感 scoring and the analysis (xiaogan.md §5, §6)."""

from __future__ import annotations

import json

import pytest

from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.xiaogan import XIAOGAN, Meld, Win, analyze, best_decomposition, parse, score

WINNING = "上大人 邱乙己 化三千 七十士 九九九九"
HU = XIAOGAN.evolve(use_chuanpai_hu_table=True)


def winning(rules=XIAOGAN):  # type: ignore[no-untyped-def]
    best = best_decomposition(parse(WINNING), rules=rules)
    assert best is not None
    return best


def test_default_one_unit_per_loser() -> None:
    """xiaogan.md §6 [INF] / X7 default: each loser pays the winner one unit."""
    sheet = score(winning(), winner=2, players=4)
    assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [
        (0, 2, 1),
        (1, 2, 1),
        (3, 2, 1),
    ]
    assert sheet.total == 1 and sheet.fact("laid_out") == 16
    assert sheet.net() == {0: -1, 1: -1, 2: 3, 3: -1}


def test_unit_is_an_option() -> None:
    sheet = score(winning(), rules=XIAOGAN.evolve(unit=5), players=3)
    assert [p.amount for p in sheet.payments] == [5, 5]


def test_borrowed_chuanpai_hu_table() -> None:
    """X7 option: the 川牌 胡 table of chuanpai.md §2.6, payment 胡 + 1, marked as borrowed."""
    sheet = score(winning(HU), rules=HU, winner=0, players=3)
    assert sheet.total == 7 and [p.amount for p in sheet.payments] == [8, 8]
    assert "borrowed" in sheet.title
    assert all("borrowed" in line.rule for line in sheet.lines if line.key in ("ju", "liang"))
    hand = best_decomposition(
        parse("上大人 邱乙己 化三千"),
        [Meld.parse("碰 子子子"), Meld.parse("起 九九九九")],
        rules=HU,
    )
    assert hand is not None and score(hand, rules=HU).total == 2 + 5


def test_a_hand_under_16_is_no_win() -> None:
    """xiaogan.md §5: fewer than 16 laid out is no win; it scores 0 and nobody pays, as a 字牌 or
    大貳 reading under its 起胡 (review h89: it raised RulesError, so generic code scoring every
    family's best reading had to branch for 孝感)."""
    best = best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生"))
    assert best is not None
    sheet = score(best)
    assert (sheet.total, sheet.payments, sheet.fact("laid_out")) == (0, (), 15)
    assert "a win needs 16" in sheet.lines[0].name
    # (its payers are checked all the same: review h91 found them ignored)
    with pytest.raises(IllegalActionError, match="payers: seat=99 is not a seat"):
        score(best, payers=[99])
    with pytest.raises(IllegalActionError, match="seat 0 is the winner, who pays nobody"):
        score(best, payers=[0])


def test_score_accepts_a_win() -> None:
    win = Win(winning(), winner=3, discarder=1)
    assert {p.payer for p in score(win).payments} == {0, 1, 2}
    with pytest.raises(NotationError, match="a Win carries its own facts"):
        score(win, winner=2)  # (it overrode the Win's seat before)
    with pytest.raises(IllegalActionError, match="discarder=1 is the winner"):
        Win(winning(), winner=1, discarder=1)  # the seat that discarded is not the winner
    with pytest.raises(NotationError, match="is not a xiaogan Decomposition or Win"):
        score("上大人")  # type: ignore[arg-type]  # a wrong type (was RulesError)
    with pytest.raises(RulesError, match="players=8 is not an integer from 2 to 7"):
        score(win, players=8)


def test_analysis_document() -> None:
    doc = analyze(WINNING).to_dict()
    assert doc["schema"] == "changpai.analysis" and doc["complete"] and doc["value"] == 16
    assert doc["facts"] == {
        "laid_out": 16,
        "wins": True,
        "may_abandon": False,
        "loose": [],
        "wins_with": [],
    }
    assert doc["score"]["payments"][0]["amount"] == 1
    json.dumps(doc)
    waiting = analyze("上大人 邱乙己 化三千 九九九九 爾小").to_dict()
    assert not waiting["complete"] and [w["card"] for w in waiting["waits"]] == ["E3"]


def test_analysis_reads_table_sets_after_a_slash() -> None:
    a = analyze("上大人 邱乙己 化三千 七十士 / 碰 子子子; 門將 仁 HJ")
    assert a.complete and a.value == 17 and len(a.exposed) == 2 and a.sheet is not None
    assert "complete: 17 張" in str(a) and "<table" in a._repr_html_()


def test_analysis_errors_name_the_input() -> None:
    with pytest.raises(NotationError, match="not a xiaogan card"):
        analyze("上大人 天牌")
    with pytest.raises(NotationError, match="at least 3 cards"):
        analyze("上大")
    with pytest.raises(RulesError):
        analyze(WINNING, rules="xiaogan")  # type: ignore[arg-type]


@pytest.mark.parametrize("payers", [3, 1.5, object(), ["1"], [True]])
def test_payers_that_are_not_seats_are_a_notation_error(payers: object) -> None:
    """score(payers=...) takes a sequence of seats: a number, another object or items that are
    not whole numbers are a NotationError naming ``payers`` (a wrong type, as in every family;
    was RulesError, and a plain int used to raise TypeError)."""
    with pytest.raises(NotationError, match="payers"):
        score(winning(), payers=payers)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("payers", "match"),
    [([4], "payers: seat=4 is not a seat"), ([0, 0], "seat 0 twice"), ([1], "is the winner")],
)
def test_payers_not_at_the_table_are_an_illegal_action(payers: list[int], match: str) -> None:
    """A payer that is not a seat of the table, the winner, or a seat twice: the seats of the
    win are wrong, an IllegalActionError as in every family (was RulesError; twice passed)."""
    with pytest.raises(IllegalActionError, match=match):
        score(winning(), winner=1, payers=payers)


@pytest.mark.parametrize("decomposition", [None, "上大人", 3])
def test_a_win_without_a_reading_is_a_notation_error(decomposition: object) -> None:
    """Win(...): a reading that is not a Decomposition is a NotationError naming it, raised
    when the Win is made, as in every family's Win (it used to pass until score, then a
    RulesError; before that an AttributeError)."""
    with pytest.raises(NotationError, match=r"decomposition=.* is not of type Decomposition"):
        Win(decomposition)  # type: ignore[arg-type]


def test_a_win_carries_its_winner_and_score_refuses_another() -> None:
    """Nothing silently overridden (xiaogan.md §5 pays the winner of the Win): score(win,
    winner=...) is a NotationError naming the keyword, as in 字牌, 南通 and 大貳."""
    win = Win(winning(), winner=1, self_drawn=True)
    with pytest.raises(NotationError, match="a Win carries its own facts"):
        score(win, winner=2)
    assert [p.payee for p in score(win).payments] == [1, 1, 1]


def test_a_win_carries_the_table_and_payers_of_the_engine() -> None:
    """xiaogan.md §2 (the 7th player, one card, never plays) and docs/core-concepts.md
    (``score(result.win)`` is ``result.sheet``): the engine's Win carries the table size and
    the payers, in its order; score takes them, and refuses another table or payers for them."""
    win = Win(winning(), winner=1, self_drawn=True, players=7, payers=(2, 3, 4, 5, 0))
    assert [p.payer for p in score(win).payments] == [2, 3, 4, 5, 0]
    for keyword in ({"players": 4}, {"payers": [0, 2]}):
        with pytest.raises(NotationError, match="a Win carries its own facts"):
            score(win, **keyword)  # type: ignore[arg-type]
    plain = Win(winning(), winner=1, self_drawn=True)
    assert [p.payer for p in score(plain, players=3).payments] == [0, 2]
    assert [p.payer for p in score(plain, payers=[2]).payments] == [2]
    with pytest.raises(NotationError, match="payers="):
        Win(winning(), winner=1, payers=2)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="payers: seat"):
        Win(winning(), winner=1, payers=(0, "2"))  # type: ignore[arg-type]


def test_score_checks_a_reading_built_by_hand() -> None:
    """DESIGN (nothing a user writes is trusted) with xiaogan.md §1 (five copies, one 混江),
    §4 (one 門將; 混江 only in it unless ``hunjiang="wild"``) and X-options: ``score`` refuses
    a reading that no hand can hold under its rules, as the analysis refuses such input."""
    import changpai.xiaogan as xg

    six = xg.Decomposition([xg.Meld.parse("句 上大人")] * 6)
    with pytest.raises(NotationError, match="6 copies of 上"):
        xg.score(six)
    wild = xg.XIAOGAN.evolve(hunjiang="wild")
    reading = xg.best_decomposition("上大 HJ 邱乙己 化三千 七十士 九九九九", rules=wild)
    assert reading is not None and xg.score(reading, rules=wild).total >= 1
    with pytest.raises(NotationError, match="混江 stands in only for a card of the dealer's 門將"):
        xg.score(reading, rules=xg.XIAOGAN)
    two = xg.parse_melds("門將 仁 HJ; 門將 子 子")
    doubled = xg.Decomposition(xg.parse_melds("句 上大人; 句 邱乙己; 句 化三千; 句 七十士"), two)
    with pytest.raises(NotationError, match="at most one 門將"):
        xg.score(doubled)


def test_face_up_count_may_win_by_leaving_cards_loose() -> None:
    """xiaogan.md X2 (`count_face_down=False`) with §5 (16 laid out wins, cards left over
    allowed): 上上上上 大 人 form 暗 + 句 (15 face up) or lay out 亮 上上上上 with 大 人 loose
    (16). docs/xiaogan.md says `best` / `value` are the all-formed reading and `layout` /
    `sheet` the win (review h41)."""
    rules = XIAOGAN.evolve(count_face_down=False)
    a = analyze("上上上上 大 人 / 句 邱乙己; 句 化三千; 句 七十士; 碰 子子子", rules=rules)
    assert a.value == 15 and a.best is not None and not a.best.wins
    assert a.layout is not None and a.layout.laid_out == 16 and a.layout.wins
    assert a.sheet is not None and a.sheet.total == 1


def test_a_win_takes_payers_as_score_does() -> None:
    """``Win(payers=[...])`` takes a list (or any sequence of seats) as ``score(payers=...)``
    does, kept as a tuple of its own (review h60: a list was "not of type tuple")."""
    seats = [0, 2, 3]
    win = Win(winning(), winner=1, payers=seats)
    seats.pop()
    assert win.payers == (0, 2, 3) and win == Win(winning(), winner=1, payers=(0, 2, 3))
    assert score(win) == score(winning(), winner=1, payers=[0, 2, 3])
    with pytest.raises(NotationError, match="payers"):
        Win(winning(), winner=1, payers=5)
