"""Tests for changpai.core.serial: rules objects as dicts and the saved-game envelope."""

from __future__ import annotations

import json

import pytest
from attrs import frozen

import changpai
from changpai import nantong, zipai
from changpai.core.serial import read_document, rules_from_dict, rules_to_dict, write_document
from changpai.errors import NotationError, RulesError
from changpai.zipai import rules as zipai_rules


@frozen
class Demo:
    name: str = "demo"
    pairs: tuple[tuple[int, int], ...] = ((1, 2), (3, 4))
    cap: tuple[int, int] | None = None


PRESETS = [
    (zipai_rules.Rules, "zipai", rules)
    for rules in (zipai_rules.HUNAN, zipai_rules.LIUHUDAO, zipai_rules.HAHA)
] + [(nantong.Rules, "nantong", rules) for rules in (nantong.DUZIHU, nantong.DUZIHU_BAIDA)]


@pytest.mark.parametrize(("cls", "family", "rules"), PRESETS)
def test_every_preset_round_trips_through_json(cls: type, family: str, rules: object) -> None:
    data = json.loads(json.dumps(rules_to_dict(rules)))
    assert rules_from_dict(cls, data, family=family) == rules
    assert json.dumps(rules_to_dict(rules)) == json.dumps(data)  # stable text


def test_nested_tuples_and_sets_become_lists() -> None:
    assert rules_to_dict(Demo()) == {"name": "demo", "pairs": [[1, 2], [3, 4]], "cap": None}
    assert rules_from_dict(Demo, {"pairs": [[5, 6]], "cap": [1, 2]}, family="demo") == Demo(
        pairs=((5, 6),), cap=(1, 2)
    )
    red = zipai_rules.HUNAN.evolve(red_values=frozenset({10, 2, 7}))
    assert rules_to_dict(red)["red_values"] == [2, 7, 10]


@pytest.mark.parametrize("data", [[1, 2], "hunan"])
def test_bad_rules_raise_rules_error(data: object) -> None:
    with pytest.raises(RulesError, match="not a demo rules object"):
        rules_from_dict(Demo, data, family="demo")


def test_unknown_options_are_named() -> None:
    """An unknown option is named with the family's options (a fresh-user review: another
    family's rules gave its whole dict and Python's "__init__() got an unexpected keyword")."""
    with pytest.raises(
        RulesError, match=r"^colour is not an option of the demo rules .* name, pairs, cap$"
    ):
        rules_from_dict(Demo, {"colour": "blue"}, family="demo")
    nantong_rules = rules_to_dict(__import__("changpai").nantong.DUZIHU)
    with pytest.raises(RulesError) as caught:
        rules_from_dict(zipai_rules.Rules, nantong_rules, family="zipai")
    assert "are not options of the zipai rules (a rules object of another family?)" in str(
        caught.value
    )
    assert len(str(caught.value)) < 800


def test_envelope_round_trip_and_checks() -> None:
    tag = ("format", "changpai.demo.game/1")
    text = write_document(tag, {"deck": "一二", "dealer": 1})
    assert text.startswith('{"format": "changpai.demo.game/1"') and "一二" in text
    assert read_document(text, tag) == {"format": tag[1], "deck": "一二", "dealer": 1}
    for bad in ("not json", "[]", '{"format": "changpai.other/1"}', "{}"):
        with pytest.raises(NotationError, match=r"not a changpai\.demo\.game/1 JSON document"):
            read_document(bad, tag)
    with pytest.raises(RulesError):
        read_document("{}", ("family", "nantong"), error=RulesError)


# --- Rules.to_dict / from_dict: every family's (DESIGN.md one public face; issue 9) ---------------


@pytest.mark.parametrize("entry", changpai.variants(), ids=lambda v: v.name)
def test_every_familys_rules_read_their_own_dict(entry: changpai.Variant) -> None:
    """Every family's Rules has to_dict / from_dict, the rules of a game document: the same
    dict as core.serial's and read as a document's rules are (JSON in between)."""
    rules = entry.rules
    data = rules.to_dict()
    assert data == rules_to_dict(rules)
    back = type(rules).from_dict(json.loads(json.dumps(data)))
    assert back == rules and type(back) is type(rules)
    assert back == rules_from_dict(type(rules), data, family=type(rules)._family)
    with pytest.raises(RulesError, match=f"colour is not an option of the {type(rules)._family}"):
        type(rules).from_dict({**data, "colour": "blue"})
    with pytest.raises(RulesError, match="expected a JSON object"):
        type(rules).from_dict([1, 2])


def test_an_older_dict_is_read_as_the_document_loader_reads_it() -> None:
    """chuanpai.md §2 (the 摸家's claims): a dict written before ``mojia_claims`` existed
    played every claim (its ``ADDED_OPTIONS`` value, 'all'); Rules.from_dict read it as the
    default 'peng', another game than the one the document loader replays."""
    from changpai import chuanpai, zipai

    old = chuanpai.YAODIREN.to_dict()
    del old["mojia_claims"]
    assert chuanpai.Rules.from_dict(old).mojia_claims == "all"
    assert chuanpai.Rules.from_dict(old) == rules_from_dict(chuanpai.Rules, old, family="chuanpai")
    older = zipai.HUNAN.to_dict()
    del older["weihu"]  # (zipai.md §6 priority 1: 偎胡 was allowed then)
    assert zipai.Rules.from_dict(older).weihu is True


@pytest.mark.parametrize("name", [entry.name for entry in changpai.variants()])
def test_deeply_nested_rules_in_a_document_are_a_rules_error(name: str) -> None:
    """The project's rule (bad input gets a typed error naming it; review h55): a document whose
    rules hold lists nested deeper than any option's value is refused with a RulesError naming
    the option — it was a RecursionError from about 500 levels, which a server catching
    ChangpaiError would not catch."""
    game = changpai.variant(name).game(seed=0)
    doc = json.loads(game.to_json())
    option = next(iter(doc["rules"]))
    doc["rules"][option] = json.loads("[" * 600 + "]" * 600)
    with pytest.raises(RulesError, match=f"{option}: lists nested 9 deep"):
        changpai.game_from_json(json.dumps(doc))


def test_equal_rules_print_alike_whatever_order_their_set_was_given_in() -> None:
    """Review h111: ``repr`` showed a set option as Python holds it, so equal rules (and a game
    loaded back from its document, equal to the game saved) could print differently; a set
    prints sorted, as ``to_dict`` writes it."""
    given = zipai.HUNAN.evolve(red_values=[10, 2])
    other = zipai.HUNAN.evolve(red_values=[2, 10])
    assert given == other
    assert repr(given) == repr(other) == "zipai.HUNAN.evolve(red_values=frozenset({2, 10}))"
    game = zipai.Game(given, 1)
    again = changpai.game_from_json(game.to_json())
    assert again == game and repr(again) == repr(game)


def test_nantong_called_cards_print_alike_whatever_order_they_were_given_in() -> None:
    """Review h111: the 叫牌 cards (``called``) of a reading, an analysis and a win printed in
    the order given; equal objects print alike."""
    hand = "111222333t 444555666b 777w 5t 5t"
    one = nantong.analyze(hand, jiang="1t 7w", called="7w 1t")  # (two 真諦 threes held)
    two = nantong.analyze(hand, jiang="1t 7w", called="1t 7w")
    assert one == two and repr(one) == repr(two)
    assert "called=frozenset({Card('1t'), Card('7w')})" in repr(one.best)
    win_one = nantong.Win(seat=0, concealed=hand, jiang="1t 7w", called="7w 1t")
    win_two = nantong.Win(seat=0, concealed=hand, jiang="1t 7w", called="1t 7w")
    assert repr(win_one) == repr(win_two)
