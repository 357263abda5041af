"""changpai.core.analysis: every family's ``Analysis`` answers ``complete``, ``value`` and
``facts`` as its document does (one public face, issue 12: ``value`` was 孝感's alone, ``facts``
字牌's and 孝感's)."""

from __future__ import annotations

import pytest

import changpai
from changpai.core.analysis import AnalysisFace

ANALYSED = [entry for entry in changpai.variants() if hasattr(entry.module, "analyze")]


@pytest.mark.parametrize("entry", ANALYSED, ids=[entry.name for entry in ANALYSED])
def test_members_equal_the_document(entry: changpai.Variant) -> None:
    analyze = entry.module.analyze
    options = dict(entry.sample_options)
    complete = analyze(entry.sample, rules=entry.rules, **options)
    cards = list(complete.cards)
    waiting = analyze(cards[1:], complete.exposed, rules=entry.rules, **options)
    for analysis in (complete, waiting):
        assert isinstance(analysis, AnalysisFace)
        doc = analysis.to_dict()
        assert analysis.complete == doc["complete"] == (analysis.best is not None)
        assert analysis.value == doc["value"]
        assert analysis.facts == doc["facts"]
    assert complete.complete and complete.value == complete.best.value
    assert not waiting.complete and waiting.value is None
