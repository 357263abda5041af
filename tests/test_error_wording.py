"""The wording of refusals graded by review h130 (docs: Core concepts, "Errors": bad input
gets a typed error that names the input and the reason): each message names what was given
and why, in the user's terms — not a misleading reason, a Python type name or another
argument's name."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import changpai
from changpai import chuanpai, core, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.errors import ChangpaiError


def _nantong_in_turn() -> nantong.Game:
    game = nantong.Game(seed=11)
    while game.phase != "discard":
        game.apply(game.legal_actions(game.to_act[0])[0])
    return game


def _zipai_document_without(key: str) -> str:
    data = json.loads(zipai.Game(seed=1).to_json())
    del data[key]
    return json.dumps(data)


CASES: list[tuple[str, Callable[[], Any], str]] = [
    (
        "nantong analyze reads winning_card first",
        lambda: nantong.analyze("HH HH", winning_card="zz"),
        r"^winning_card='zz': 'zz' is not a nantong card",
    ),
    (
        "戳牌 action without cards",
        lambda: chuopai.Game(seed=11).verify(chuopai.Action(0, chuopai.ActionKind.LEAD)),
        r"names no cards; a 出牌 names the cards it plays \(legal_actions\(0\)",
    ),
    (
        "大貳 打 without its card in its turn",
        lambda: daer.Game(seed=11).verify(daer.Action(0, daer.ActionKind.DISCARD)),
        r"the 打 legal now: seat 0 打 ",
    ),
    (
        "大貳 吃 in its turn",
        lambda: daer.Game(seed=11).verify(daer.Action(0, daer.ActionKind.CHI)),
        r"nothing is on offer to 吃: it is seat 0's turn to discard \(打\)",
    ),
    (
        "南通 打 without its card in its turn",
        lambda: _nantong_in_turn().verify(nantong.Action(0, nantong.ActionKind.DISCARD)),
        r"the 打 legal now: seat 0 打 ",
    ),
    (
        "南通 過 in its turn",
        lambda: _nantong_in_turn().verify(nantong.Action(0, nantong.ActionKind.PASS)),
        r"nothing is on offer: seat 0 is to play in its turn \(打\)",
    ),
    (
        "another family's game",
        lambda: zipai.transcript(daer.Game(seed=1)),
        r"^game is a daer\.Game, not a zipai\.Game$",
    ),
    (
        "two melds to Meld.parse",
        lambda: zipai.Meld.parse("碰 x1 x1 x1; 碰 x2 x2 x2"),
        r"^'碰' is not a zipai card; .* \(';' separates melds: Meld\.parse reads one, "
        r"parse_melds several\)$",
    ),
    (
        "two melds to a 川牌 Meld.parse",
        lambda: chuanpai.Meld.parse("碰 66 66; 碰 11 11"),
        r"\(';' separates melds: Meld\.parse reads one, parse_melds several\)$",
    ),
    (
        "an unknown first word of a 孝感 set",
        lambda: xiaogan.Meld.parse("x1 x2 x3"),
        r"^'x1 x2 x3': 'x1' is neither a set kind \(an, .*\) nor xiaogan cards$",
    ),
    (
        "an unknown first word of a 南通 meld, the card error not nested",
        lambda: nantong.Meld.parse("句 HH HH"),
        r"^'句 HH HH': '句' is neither a meld kind \(.*\) nor nantong cards$",
    ),
    (
        "a flipped 將 of no card",
        lambda: nantong.analyze("HH HH", jiang="zz"),
        r"^jiang='zz': 'zz' is not a nantong card",
    ),
    (
        "melds in sight of no card",
        lambda: nantong.analyze("HH HH", seen="碰 zz zz zz"),
        r"^seen='碰 zz zz zz': 'zz' is not a nantong card",
    ),
    ("one card is not a 孝感 hand", lambda: xiaogan.analyze("上"), r"^1 card \(上\) is not a "),
    ("one card is not a 大貳 hand", lambda: daer.analyze("x1"), r"^一 holds 1 card; a 大貳"),
    (
        "a stacked deck of one card",
        lambda: zipai.Game(deck=zipai.parse("x1")),
        r"; got 1 card: 3 copies of",
    ),
    (
        "a document's missing version",
        lambda: zipai.Game.from_json(_zipai_document_without("version")),
        r"it has no 'version' key",
    ),
    (
        "JSON null",
        lambda: zipai.Game.from_json("null"),
        r"the text holds null, not a JSON object",
    ),
    ("a list for Counts", lambda: core.Counts([1, 0, 2]), r"is a list, not a tuple .*give a tuple"),
    (
        "nantong analyze names its hand",
        lambda: nantong.analyze(nantong.DECK[:30]),
        r"^hand holds 30 nantong cards",
    ),
    (
        "chuanpai analyze names its hand",
        lambda: chuanpai.analyze([chuanpai.DECK[0], 1]),
        r"^hand holds 1, which is not a chuanpai Card",
    ),
    (
        "xiaogan analyze names its hand",
        lambda: xiaogan.analyze([xiaogan.DECK[0], 1]),
        r"^hand holds 1, which is not a xiaogan Card",
    ),
    (
        "a dict given as an action",
        lambda: zipai.Game(seed=1).apply({"seat": 0, "kind": "discard", "card": "x1"}),
        r"is a dict, not a zipai Action: read it with Action\.from_dict",
    ),
    (
        "a policy's choice",
        lambda: zipai.Match(seed=1).play(policy=lambda game, seat: None),
        r"^the policy chose for seat 0 of hand 1: None is not a zipai Action",
    ),
    (
        "a replayed action's place",
        lambda: zipai.Game.replay([5], seed=1),
        r"^actions\[0\]: 5 is not a zipai Action",
    ),
    (
        "a variant's name as rules",
        lambda: zipai.Game(rules="hunan"),
        r"\(changpai\.variant\('hunan'\)\.rules is that variant's rules\)$",
    ),
    (
        "a variant's name as a 川牌 table's rules",
        lambda: chuanpai.Game(rules="gehu"),
        r"\(changpai\.variant\('gehu'\)\.rules is that variant's rules\)$",
    ),
    (
        "players below 2",
        lambda: zipai.HUNAN.evolve(players=-1),
        r"^players=-1: a zipai hand is played by 2 to 4 players$",
    ),
    (
        "several cards to one nantong Card",
        lambda: nantong.Card.parse("9t 9t"),
        r"^'9t 9t' is not one nantong card: it holds 2 cards$",
    ),
    (
        "大貳 hand size",
        lambda: daer.analyze("x1 x2", "碰 x5 x5 x5"),
        r"^一二 and 1 table set hold 5 cards; a 大貳 hand holds 13",
    ),
]


@pytest.mark.parametrize(("what", "call", "pattern"), CASES, ids=[c[0] for c in CASES])
def test_refusals_name_the_input_and_the_reason(
    what: str, call: Callable[[], Any], pattern: str
) -> None:
    with pytest.raises(ChangpaiError, match=pattern):
        call()


def test_the_variant_hint_names_its_rules() -> None:
    """The hint given for a variant's name is true: that expression is the variant's rules —
    and it is given only for a variant of the family asked (review h132: 大貳 was told to use
    字牌's rules, and any text a variant's)."""
    assert changpai.variant("hunan").rules == zipai.HUNAN
    for call in (lambda: daer.Game("hunan", 1), lambda: zipai.Game(rules="nonsense")):
        with pytest.raises(ChangpaiError) as caught:
            call()
        assert "variant" not in str(caught.value)


def test_simulate_keeps_taking_no_name() -> None:
    """``name=None`` is the rules' name, as before the check of ``name`` (review h132)."""
    assert core.simulate(zipai.Game, 2, seed=1, name=None).name == "hunan"


@pytest.mark.parametrize(
    ("module", "text"),
    [
        (zipai, "碰 x1|x1|x1"),
        (zipai, "碰 一一一;"),
        (daer, "一;二;三"),
        (xiaogan, "A1|A2|A3"),
        (chuanpai, "碰 66;66;66"),
        (nantong, "碰 HH|HH|HH"),
    ],
)
def test_a_separator_between_the_cards_of_one_meld_still_reads(module: Any, text: str) -> None:
    """docs/core-concepts.md: cards may be separated by ``;`` ``|`` … in every family, in a
    meld's text too — the hint of two melds is given only when the text is refused (review
    h132: a first version refused these)."""
    plain = text.replace("|", " ").replace(";", " ").strip()
    assert module.Meld.parse(text) == module.Meld.parse(plain)
