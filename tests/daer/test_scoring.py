"""大貳 settlement (daer.md §6, E5, §7) and the analysis document."""

from __future__ import annotations

import json

import pytest

from changpai.daer import DAER, LUZHOU, Win, analyze, best_decomposition, score
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
    with pytest.raises(NotationError, match="is not a 大貳 Win or Decomposition"):
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
