"""The 戳牌 rules object, its preset and its registration (chuanpai.md §3.1, §5)."""

from __future__ import annotations

import pytest

import changpai
from changpai.chuanpai import chuopai
from changpai.chuanpai.chuopai import CHUOPAI, Rules
from changpai.core.serial import rules_from_dict, rules_to_dict
from changpai.errors import RulesError


@pytest.mark.parametrize("name", ["chuopai", "戳牌", "亂戳", "luanchuo", "ChuoPai"])
def test_registered_under_every_alias(name: str) -> None:
    entry = changpai.variant(name)
    assert entry.rules is CHUOPAI and entry.family == "chuanpai.chuopai"
    assert entry.module is chuopai
    assert len(chuopai.parse(entry.sample)) == 28
    assert entry.game(seed=1).rules is CHUOPAI


def test_setup_is_fixed_by_section_3_1() -> None:
    """chuanpai.md §3.1: deck84, 3 players, 28 cards each."""
    assert (CHUOPAI.deck, CHUOPAI.players, CHUOPAI.hand_size) == ("deck84", 3, 28)
    assert len(CHUOPAI.cards()) == 84 and CHUOPAI.cards() == chuopai.DECK


def test_defaults_follow_the_ambiguities_table() -> None:
    """chuanpai.md §5 C10 (15 is a draw), C11 (recommended ×2 / ×4 / ×2 per 翻), C12 (equal does
    not beat); §3.4 thresholds 16 / 21 / 23 and 脫手 at 15 with 5 in hand."""
    assert CHUOPAI.chuo_fifteen == "draw" and CHUOPAI.chuo_ties == "stand"
    assert (CHUOPAI.unit, CHUOPAI.jia_mult, CHUOPAI.fan_mult) == (1, 2, 2)
    assert (CHUOPAI.win_cards, CHUOPAI.yijia_cards, CHUOPAI.liangjia_cards) == (16, 21, 23)
    assert (CHUOPAI.tuoshou_cards, CHUOPAI.tuoshou_hand) == (15, 5)
    assert CHUOPAI.void_without_tianjiu and CHUOPAI.baopai and CHUOPAI.zhanzhuang


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"chuo_ties": "leader"}, "chuo_ties='leader' is not one of"),
        ({"chuo_fifteen": True}, "chuo_fifteen=True is not one of"),
        ({"jia_mult": 0}, "jia_mult=0 is not an integer >= 1"),
        ({"fan_mult": 1.5}, "fan_mult=1.5 is not an integer >= 1"),
        ({"baopai": 1}, "baopai=1 is not True or False"),
        ({"win_cards": 22}, "the thresholds must not decrease"),
        # §3.4: 脫手 comes short of a win
        ({"tuoshou_cards": 16}, "tuoshou_cards=16, win_cards=16: 脫手 comes short of a win"),
        # §3.4, C11 (review h49): 兩甲 ranks above 一甲, so it never pays less
        ({"jia_mult": 4, "liangjia_mult": 3}, "liangjia_mult=3, jia_mult=4: 兩甲 ranks above 一甲"),
        ({"title": ""}, "title='' must be a non-empty string"),
        ({"players": 4}, "unknown 戳牌 rules option 'players'"),
    ],
)
def test_bad_options_raise_rules_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        CHUOPAI.evolve(**changes)


def test_repr_and_json_round_trip() -> None:
    assert repr(CHUOPAI) == "chuanpai.chuopai.CHUOPAI"
    changed = CHUOPAI.evolve(jia_mult=3, chuo_ties="beat")
    assert repr(changed) == "chuanpai.chuopai.CHUOPAI.evolve(chuo_ties='beat', jia_mult=3)"
    data = rules_to_dict(changed)
    assert rules_from_dict(Rules, data, family="chuanpai.chuopai") == changed


def test_a_win_needs_more_than_the_yingzhang_a_seat_may_be_dealt_section_3_4() -> None:
    """chuanpai.md §3.1 / §3.4 (review h28): 擺牌 count the 硬張 laid at the deal, and a seat may
    be dealt all eight (four 丁丁, four 二紅) — with ``win_cards`` of 8 or fewer it would hold a
    win before any trick, which the engine (checking after each trick) never saw."""
    with pytest.raises(RulesError, match="win_cards=8: a seat may be dealt 8 硬張"):
        CHUOPAI.evolve(win_cards=8, tuoshou_cards=7)
    assert CHUOPAI.evolve(win_cards=9, tuoshou_cards=8).win_cards == 9


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"win_cards": 29, "yijia_cards": 29, "liangjia_cards": 29}, "liangjia_cards=29"),
        ({"liangjia_cards": 30}, "liangjia_cards=30"),
        ({"tuoshou_hand": 30}, "no hand would reach 脫手"),
        ({"tuoshou_cards": 15, "tuoshou_hand": 14}, "no hand would reach 脫手"),
    ],
)
def test_thresholds_no_hand_reaches_are_refused_section_3_4(
    options: dict[str, int], reason: str
) -> None:
    """chuanpai.md §3.1, §3.4: a seat holds 28 cards, so a threshold above them (or a 脫手 of
    more cards than a seat holds) disabled a result without a word (review h117: every hand
    of ``win_cards=29`` was 黃牌); RulesError naming them."""
    with pytest.raises(changpai.errors.RulesError, match=reason):
        CHUOPAI.evolve(**options)
    assert CHUOPAI.evolve(liangjia_cards=28, tuoshou_cards=15, tuoshou_hand=13).liangjia_cards == 28
