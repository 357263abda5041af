"""The analysis of a hand (changpai.nantong.analysis; docs/core-concepts.md "Hand analysis and
scoring"; nantong.md §4, §7)."""

from __future__ import annotations

import json

import pytest

import changpai
from changpai import nantong
from changpai.errors import NotationError, RulesError

QING = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
DOC_KEYS = ["schema", "version", "family", "variant", "cards", "exposed", "complete", "best",
            "value", "score", "waits", "facts"]  # fmt: skip


def test_a_complete_hand_section_4_and_7() -> None:
    """nantong.md §4: 清胡 is one pair and seven 順子; §7: 底 100 + 文錢 20 = 120 胡數."""
    analysis = nantong.analyze(QING)
    assert analysis.complete and analysis.winning and analysis.waits == {}
    assert analysis.best is not None and analysis.sheet is not None
    assert analysis.best.value == analysis.sheet.total == 120
    doc = json.loads(json.dumps(analysis.to_dict()))
    assert list(doc) == DOC_KEYS and doc["schema"] == "changpai.analysis" and doc["version"] == 2
    assert (doc["family"], doc["variant"], doc["complete"], doc["value"]) == (
        "nantong",
        "duzihu",
        True,
        120,
    )
    assert doc["best"]["melds"][-1] == "將頭 五萬五萬" and doc["score"]["total"] == 120
    assert doc["facts"] == {"shape": "qinghu", "wenqian": 1, "jiang": [], "seen": [], "called": []}


def test_the_document_records_the_melds_in_sight_section_4() -> None:
    """nantong.md §4 (no fifth copy): a wait all in sight is no wait; the analysis keeps the
    melds it was told (``seen``) and its document lists them, so it tells why."""
    ready = "123b 456b 789b 123t 456t 789t 123w 5w"
    told = nantong.analyze(ready, seen="5w 5w 5w")
    assert told.waits == {} and told.seen == nantong.parse_melds("5w 5w 5w")
    assert told.to_dict()["facts"]["seen"] == ["五萬五萬五萬"]
    assert nantong.parse_melds("; ".join(told.to_dict()["facts"]["seen"])) == told.seen
    assert nantong.analyze(QING, seen="5w 5w").facts["seen"] == ["五萬五萬"]
    assert nantong.analyze(ready).seen == ()


def test_a_ready_hand_lists_its_waits_section_4() -> None:
    analysis = nantong.analyze("123b 456b 789b 123t 456t 789t 123w 5w", jiang="2t 3w")
    assert not analysis.complete and analysis.sheet is None and analysis.best is None
    doc = analysis.to_dict()
    assert doc["value"] is None and [w["card"] for w in doc["waits"]] == ["5w"]
    assert doc["waits"][0]["value"] == analysis.waits[nantong.Card("5w")].value
    assert doc["facts"]["jiang"] == ["2t", "3w"]


def test_the_flipped_jiang_count_in_the_analysis_section_6() -> None:
    """nantong.md §6.2: with 紅花 flipped, three 紅花 in hand are a 後摸 four (12 × 4)."""
    hand = "HH HH HH 123t 456t 789t 123w 456w 789w 5w 5w"
    plain = nantong.analyze(hand)
    flipped = nantong.analyze(hand, jiang="HH 3w")
    assert plain.best is not None and flipped.best is not None
    assert (plain.best.value, flipped.best.value) == (30, 70)  # 20 + 8 → 30; 20 + 48 → 70


@pytest.mark.parametrize("entry", nantong.VARIANTS, ids=lambda v: v.name)
def test_every_variant_sample_is_a_complete_hand(entry: changpai.Variant) -> None:
    """docs/core-concepts.md: each variant's sample analyzes as complete under its rules, and
    scoring its best reading for winner 1 of 3 pays seat 1 only."""
    analysis = nantong.analyze(entry.sample, rules=entry.rules)
    assert analysis.complete and analysis.to_dict()["variant"] == entry.name
    best = nantong.best_decomposition(nantong.parse(entry.sample), rules=entry.rules)
    assert best is not None and best.shape is nantong.Shape.PIAOHU
    sheet = nantong.score(best, rules=entry.rules, winner=1, players=3)
    assert sheet.payments and all(p.payee == 1 for p in sheet.payments)


def test_bad_input_is_typed() -> None:
    with pytest.raises(NotationError):
        nantong.analyze("1x")
    with pytest.raises(RulesError, match="not a nantong Rules"):
        nantong.analyze(QING, rules="duzihu")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        nantong.analyze(QING, (), nantong.DUZIHU)  # type: ignore[misc]


def test_the_analysis_is_told_the_called_cards_section_6() -> None:
    """nantong.md §6.2: a 真諦 three declared by 叫牌 scores as 起手 (二條 flipped: 在手 8 → 起手
    16 × … here +10 胡數 after rounding). ``waits`` and ``analyze`` take ``called=`` as
    ``best_decomposition`` does, and the reading a told win records carries it: its value is
    the sheet's before the win's own bonuses (it was read without the called cards)."""
    two = nantong.Card("2t")
    ready = "2t 2t 2t 456b 789b 456t 789t 123w 456w 5w"
    assert nantong.waits(ready, jiang="2t 3w")[nantong.Card("5w")].value == 50
    assert nantong.waits(ready, jiang="2t 3w", called=[two])[nantong.Card("5w")].value == 60
    assert nantong.analyze(ready, jiang="2t 3w", called=[two]).waits[nantong.Card("5w")].value == 60
    told = nantong.analyze(ready + " 5w", jiang="2t 3w", called=[two], winning_card="5w")
    assert told.best is not None and told.best.called == frozenset({two})
    assert told.best.value == 60 and told.sheet is not None and told.sheet.total == 70
    assert told.called == frozenset({two}) and told.to_dict()["facts"]["called"] == ["2t"]
    win = nantong.Win(ready + " 5w", winning_card="5w", jiang="2t 3w", called=[two])
    assert nantong.score(win).fact("decomposition") == str(told.best)
