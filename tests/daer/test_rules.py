"""大貳 rules objects (daer.md §8 Ambiguities E1–E6 and the §7 preset)."""

from __future__ import annotations

import json

import pytest

from changpai.core.serial import rules_from_dict, rules_to_dict
from changpai.daer import DAER, LUZHOU, Rules
from changpai.errors import RulesError


def test_the_daer_preset_is_the_ambiguity_defaults() -> None:
    """daer.md §8: E1 13 (+1), E2 any case, E3 二七十 on, E4 絞 off, E5 flat, E6 4 players."""
    assert (DAER.hand_size, DAER.dealer_extra) == (13, 1)
    assert DAER.jiang_values == (2, 5, 8) and not DAER.jiang_big_only
    assert DAER.erqishi and not DAER.jiao and DAER.scoring == "flat" and DAER.players == 4
    assert DAER.gang_draw and DAER.win_on_discard and DAER.min_hu == 0


def test_the_luzhou_preset() -> None:
    """daer.md §7: 3 players, 21/20, 大小混搭, min 10 胡 by the 字牌 table, 過張, 坎 locked,
    self-drawn paid double, no replacement draw (八塊)."""
    assert (LUZHOU.players, LUZHOU.hand_size, LUZHOU.dealer_extra) == (3, 20, 1)
    assert LUZHOU.jiao and LUZHOU.erqishi and LUZHOU.scoring == "huxi" and LUZHOU.min_hu == 10
    assert LUZHOU.guozhang and LUZHOU.kan_locked and not LUZHOU.gang_draw
    assert LUZHOU.zimo_multiplier == 2 and not LUZHOU.zero_hu
    assert LUZHOU.jiang_values == tuple(range(1, 11))


def test_reprs_are_short() -> None:
    assert repr(DAER) == "daer.DAER" and repr(LUZHOU) == "daer.LUZHOU"
    assert repr(DAER.evolve(jiao=True)) == "daer.DAER.evolve(jiao=True)"
    assert repr(LUZHOU.evolve(zero_hu=True)) == "daer.LUZHOU.evolve(zero_hu=True)"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 5}, "2 to 4 players"),
        ({"players": 1}, "a 大貳 table has 2 to 4 players"),
        ({"hand_size": 12}, "3n\\+1"),
        ({"hand_size": 25}, "leaves no stock"),
        ({"scoring": "tun"}, "expected one of"),
        ({"jiang_values": (0, 11)}, "card values 1..10"),
        ({"jiang_values": "258"}, "not a collection"),
        # a mapping reads as its keys: refused (core-concepts "Collections"; review h69)
        ({"jiang_values": {2: "a", 5: "b"}}, "is a dict: give a list, a tuple or a set"),
        ({"jiao": 1}, "True or False"),
        ({"min_hu": -1}, ">= 0"),
        ({"name": ""}, "non-empty"),
    ],
)
def test_bad_options_raise_rules_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        DAER.evolve(**changes)


def test_luzhou_hand_sizes_must_read_as_sets() -> None:
    with pytest.raises(RulesError, match="3n-1"):
        LUZHOU.evolve(hand_size=19)
    assert LUZHOU.evolve(hand_size=17, players=4).rest_size(0) == 17


def test_rest_size_counts_fours() -> None:
    """daer.md §3 (replacement draws) and §7 (八塊)."""
    assert [DAER.rest_size(k) for k in range(3)] == [13, 14, 15]
    assert [LUZHOU.rest_size(k) for k in range(4)] == [20, 20, 21, 22]


def test_rules_round_trip_through_json() -> None:
    for rules in (DAER, LUZHOU, DAER.evolve(jiang_values=(5,), jiang_big_only=True)):
        data = json.loads(json.dumps(rules_to_dict(rules)))
        assert rules_from_dict(Rules, data, family="daer") == rules


def test_evolve_names_an_unknown_option() -> None:
    """Like every family, an unknown option is a RulesError naming it, not a TypeError."""
    import pytest

    from changpai.daer import DAER
    from changpai.errors import RulesError

    with pytest.raises(RulesError, match="'bogus'"):
        DAER.evolve(bogus=1)
