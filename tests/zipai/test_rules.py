"""Tests of 字牌 rules objects and presets (zipai.md §10 Ambiguities, §2-§3, §8.2, §8.6)."""

from __future__ import annotations

import pytest

from changpai.errors import RulesError
from changpai.zipai import (
    HAHA,
    HUNAN,
    LIUHUDAO,
    MINGTANG_PRESETS,
    VARIANTS,
    Rules,
    Win,
    best_decomposition,
    parse,
    score,
)

# One field per Ambiguities row that is an option (zipai.md §10).
AMBIGUITY_FIELDS = {
    "Z1": "min_huxi",
    "Z2": "win_on_discard",
    "Z3": "score_mode",
    "Z3b": "tun_step",
    "Z4": "allow_1_5_10",
    "Z5": "chouwei_huxi",
    "Z6": "ti_face_up",
    "Z7": "hand_size",
    "Z8": "fanxing_scope",
    "Z8b": "fanxing_match",
    "Z9": "shuxin",
    "Z10": "mingtang",
    "Z11": "forbid_hu_after_chongpao",
    "Z12": "paoshuang",
    "Z13": "tianhu_needs_threshold",
}


@pytest.mark.parametrize(("row", "name"), AMBIGUITY_FIELDS.items())
def test_every_ambiguity_is_a_field(row: str, name: str) -> None:
    """zipai.md §10: every Ambiguities row is a Rules field."""
    assert name in {a.name for a in Rules.__attrs_attrs__}, row


def test_defaults() -> None:
    """zipai.md §10 defaults: 15 胡息, no discard wins, 胡息 scoring, no 1-5-10, 臭偎 = 偎."""
    assert HUNAN.players == 3 and HUNAN.hand_size == 20 and HUNAN.melds_to_win == 7
    assert HUNAN.min_huxi == 15 and not HUNAN.win_on_discard
    assert HUNAN.score_mode == "huxi" and HUNAN.tun_step == 3
    assert not HUNAN.allow_1_5_10 and HUNAN.chouwei_huxi is None
    assert HUNAN.fanxing_scope == "all" and HUNAN.fanxing_match == "card"
    assert not HUNAN.shuxin and not HUNAN.fanxing and HUNAN.mingtang is None
    assert not HUNAN.forbid_hu_after_chongpao and HUNAN.paoshuang
    assert not HUNAN.tianhu_needs_threshold
    assert HUNAN.red_values == frozenset({2, 7, 10})


def test_liuhudao() -> None:
    """zipai.md §3, §7, Z7: 6胡倒 4 players, 14/15 cards (stock 23), 5 門子, 6 胡息."""
    assert (LIUHUDAO.players, LIUHUDAO.hand_size, LIUHUDAO.melds_to_win) == (4, 14, 5)
    assert LIUHUDAO.min_huxi == 6
    assert 80 - (LIUHUDAO.players * LIUHUDAO.hand_size + 1) == 23


def test_haha() -> None:
    """zipai.md §7 / §2 / §8.3 (seed 004 哈哈字牌): discard wins, 數信 seat, 翻信."""
    assert HAHA.win_on_discard and HAHA.shuxin and HAHA.fanxing and HAHA.paoshuang
    assert HAHA.seats == 4 and HAHA.players == 3


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 1},
        {"shuxin": True, "players": 4},
        {"hand_size": 0},
        {"hand_size": 30},
        {"min_huxi": -1},
        {"score_mode": "points"},
        {"tun_step": 0},
        {"fanxing_scope": "table"},
        {"fanxing_match": "colour"},
        {"mingtang": "nope"},
        {"red_values": frozenset({11})},
        {"shuxin_share": -1},
        {"dealt_ti_in_hand": -1},
        {"dealt_ti_in_hand": True},
        {"dealt_ti_in_hand": "1"},
        {"unknown_option": 1},
    ],
)
def test_bad_options(changes: dict[str, object]) -> None:
    """Bad options raise RulesError naming the option."""
    with pytest.raises(RulesError):
        HUNAN.evolve(**changes)


def test_evolve_keeps_original() -> None:
    rules = HUNAN.evolve(min_huxi=10)
    assert rules.min_huxi == 10 and HUNAN.min_huxi == 15
    assert rules == Rules(min_huxi=10)


@pytest.mark.parametrize("preset", MINGTANG_PRESETS)
def test_every_mingtang_preset_is_scored(preset: str) -> None:
    """zipai.md §8.6: each listed 名堂 preset is implemented by score() (0 red → 烏胡 / 黑胡)."""
    rules = HUNAN.evolve(mingtang=preset, min_huxi=0)
    d = best_decomposition(parse("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸"), rules=rules)
    assert d is not None
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules)
    assert any(line.key.startswith("mingtang.") for line in sheet.lines)
    assert sheet.fact("fan") == 5


def test_variants() -> None:
    """The family registry entries (DESIGN: variants are data with aliases)."""
    names = {v.name: v for v in VARIANTS}
    assert names["hunan"].rules is HUNAN and "跑胡子" in names["hunan"].aliases
    assert names["liuhudao"].rules is LIUHUDAO
    assert names["haha"].rules is HAHA
    assert all(v.family == "zipai" for v in VARIANTS)


def test_haha_lays_ti_face_down() -> None:
    """zipai.md §10 Z6: seed 004 (哈哈字牌) lays a 掃穿 with all four cards face down."""
    from changpai import zipai

    assert zipai.HAHA.ti_face_up == 0
    assert zipai.HUNAN.ti_face_up == 1


def test_dealt_ti_in_hand_presets() -> None:
    """zipai.md §9 (seed 004): a single dealt 掃穿 may stay in hand in 哈哈字牌; seeds 000/002
    (§4) lay every dealt four (HUNAN, LIUHUDAO)."""
    assert HAHA.dealt_ti_in_hand == 1
    assert HUNAN.dealt_ti_in_hand == 0 and LIUHUDAO.dealt_ti_in_hand == 0
    assert Rules().dealt_ti_in_hand == 0


@pytest.mark.parametrize("bad", [-1, True, 1.5, "1", None])
def test_dealt_ti_in_hand_is_checked(bad: object) -> None:
    """zipai.md §9: a bad dealt_ti_in_hand raises RulesError naming the option and the reason."""
    with pytest.raises(RulesError, match=r"dealt_ti_in_hand=.*int >= 0 \(zipai.md §9\)"):
        HAHA.evolve(dealt_ti_in_hand=bad)
    assert HAHA.dealt_ti_in_hand == 1


def test_dealt_ti_in_hand_json_round_trip() -> None:
    """zipai.md §9: the option survives the rules JSON of saved games."""
    from changpai.core.serial import rules_from_dict, rules_to_dict

    for rules in (HAHA, HUNAN, HAHA.evolve(dealt_ti_in_hand=2)):
        data = rules_to_dict(rules)
        assert data["dealt_ti_in_hand"] == rules.dealt_ti_in_hand
        assert rules_from_dict(Rules, data, family="zipai") == rules
