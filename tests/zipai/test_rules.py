"""Tests of 字牌 rules objects and presets (zipai.md §10 Ambiguities, §2-§3, §8.2, §8.6)."""

from __future__ import annotations

import random
import re

import pytest

from changpai.core.serial import rules_from_dict, rules_to_dict
from changpai.errors import ChangpaiError, RulesError
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


def test_the_deal_limit_names_its_fields() -> None:
    """The deal must leave a stock of the 80 cards (zipai.md §1, §2): the error names the
    players and the hand size, as 大貳's does."""
    with pytest.raises(RulesError, match="players=4, hand_size=20: the deal takes 81 of the 80"):
        LIUHUDAO.evolve(hand_size=20)


def test_rules_whose_hands_never_make_the_melds_win_only_by_tianhu_section_7() -> None:
    """zipai.md §7 (a): a dealt 3 提 / 5 坎 wins "regardless of 門子 shape" — so rules whose
    hand size cannot make ``melds_to_win`` 門子 are played (an options sweep found no other
    win in 5,040 games of such rules; a review found this 天胡 of hand_size=23, seed 64)."""
    from changpai.core.playout import random_playout
    from changpai.zipai import Game

    rules = HUNAN.evolve(hand_size=23, melds_to_win=7)
    game = random_playout(Game(rules, 64), random.Random(64))
    assert game.result is not None and game.result.winner == 2
    assert game.result.win is not None and game.result.win.tianhu


def test_evolve_keeps_original() -> None:
    rules = HUNAN.evolve(min_huxi=10)
    assert rules.min_huxi == 10 and HUNAN.min_huxi == 15
    assert rules == Rules(min_huxi=10)


# 番 of a hand with no red card, won on another player's card (zipai.md §8.6): 烏胡 / 黑胡 /
# 全黑 in every preset but plain 郴州 (only 自摸翻倍; its 紅黑點 is the other preset)
_NO_RED_FAN = {
    "changde_hongheidian": 5,
    "changde_quanmingtang": 8,
    "changde_duohongdui": 6,
    "chenzhou": 1,
    "chenzhou_hongheidian": 5,
    "leiyang": 2,
    "generic": 5,
    "hengyang_honghei": 5,
    "liuhuqiang": 5,
}


def test_no_red_fan_covers_every_preset() -> None:
    assert set(_NO_RED_FAN) == set(MINGTANG_PRESETS)


@pytest.mark.parametrize("preset", MINGTANG_PRESETS)
def test_every_mingtang_preset_is_scored(preset: str) -> None:
    """zipai.md §8.6: each listed 名堂 preset is implemented by score() (0 red → 烏胡 / 黑胡)."""
    rules = HUNAN.evolve(mingtang=preset, min_huxi=0)
    d = best_decomposition(parse("一一壹 三四五 六六陸 八八捌 叄肆伍 九九玖 肆伍陸"), rules=rules)
    assert d is not None
    sheet = score(Win(d, winner=0, players=3, self_drawn=False), rules=rules)
    fan = _NO_RED_FAN[preset]
    assert any(line.key.startswith("mingtang.") for line in sheet.lines) == (fan > 1)
    assert sheet.fact("fan") == fan
    zimo = score(Win(d, winner=0, players=3), rules=rules)
    assert any(line.key.startswith("mingtang.") for line in zimo.lines)  # plain 郴州 too: 自摸翻倍


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


# --- every field is type-checked (DESIGN conventions; zipai.md §10) -------------------------

_INTS = (
    "players",
    "hand_size",
    "melds_to_win",
    "min_huxi",
    "tun_step",
    "ti_face_up",
    "dealt_ti_in_hand",
    "shuxin_max_shares",
    "shuxin_share",
)
_BOOLS = (
    "win_on_discard",
    "allow_1_5_10",
    "fanxing",
    "shuxin",
    "forbid_hu_after_chongpao",
    "paoshuang",
    "weihu",
    "tianhu_needs_threshold",
    "must_hu",
    "claim_without_discard",
)
_STRINGS = ("score_mode", "fanxing_scope", "fanxing_match", "mingtang")


def test_every_field_is_covered() -> None:
    """zipai.md §10: the type tests below cover every Rules field."""
    covered = {*_INTS, *_BOOLS, *_STRINGS, "name", "chouwei_huxi", "red_values"}
    assert covered == {a.name for a in Rules.__attrs_attrs__}


@pytest.mark.parametrize("name", _INTS)
@pytest.mark.parametrize("bad", [2.5, "x", True, False, None, (3,)], ids=repr)
def test_int_fields_reject_other_types(name: str, bad: object) -> None:
    """DESIGN conventions ("Bad input always gets a clear, typed error that names the input and
    the reason ... Nothing is ever silently changed"), zipai.md §10: ``min_huxi=2.5`` and
    ``min_huxi=True`` are not accepted, ``min_huxi="x"`` is not a raw TypeError."""
    with pytest.raises(RulesError, match=re.escape(f"{name}={bad!r}: ")):
        HUNAN.evolve(**{name: bad})
    assert Rules() == HUNAN


@pytest.mark.parametrize("name", _BOOLS)
@pytest.mark.parametrize("bad", [0, 1, "yes", None, 1.0], ids=repr)
def test_bool_fields_reject_other_types(name: str, bad: object) -> None:
    """DESIGN conventions (typed error naming the option, the value and the reason), zipai.md
    §10: yes/no options take True or False only."""
    with pytest.raises(RulesError, match=f"{name}={bad!r} is not True or False"):
        HUNAN.evolve(**{name: bad})


@pytest.mark.parametrize("name", _STRINGS)
@pytest.mark.parametrize("bad", [1, True, ["huxi"], "HUXI"], ids=repr)
def test_string_fields_take_their_options(name: str, bad: object) -> None:
    """zipai.md §10 (Z3, Z8, Z10): string options come from their option lists; a non-string
    is a RulesError naming it, not a raw TypeError."""
    with pytest.raises(RulesError, match=f"{name}=.*expected one of"):
        HUNAN.evolve(**{name: bad})


@pytest.mark.parametrize("bad", ["", 3, None, b"hunan"], ids=repr)
def test_name_is_a_string(bad: object) -> None:
    """DESIGN conventions: the rules name is a non-empty str."""
    with pytest.raises(RulesError, match=r"name=.*non-empty str"):
        HUNAN.evolve(name=bad)


@pytest.mark.parametrize(
    "bad",
    [(6,), (6, 3, 1), (6, "3"), (6, 2.5), (True, 3), (-1, 3), [6, 3], 6, "63"],
    ids=repr,
)
def test_chouwei_huxi_shape(bad: object) -> None:
    """zipai.md §10 Z5: the 臭偎 胡息 is None or a (big, small) tuple of two ints >= 0."""
    with pytest.raises(RulesError, match=r"chouwei_huxi=.*tuple \(big, small\) of two ints"):
        HUNAN.evolve(chouwei_huxi=bad)
    assert HUNAN.evolve(chouwei_huxi=(4, 2)).chouwei_huxi == (4, 2)


@pytest.mark.parametrize(
    "bad",
    [frozenset(), {0}, {11}, {2, 7.0}, {True}, {"7"}, 7, "27", [[2]], None],
    ids=repr,
)
def test_red_values_are_card_values(bad: object) -> None:
    """zipai.md §1 (red 二七十) and §10: red_values is a non-empty set of card values 1..10;
    a bool (True == 1) or a float is not a value, and a non-collection is a RulesError."""
    with pytest.raises(RulesError, match=r"red_values=.*non-empty set of ints 1\.\.10"):
        HUNAN.evolve(red_values=bad)


def test_red_values_collections_are_accepted() -> None:
    """zipai.md §8.6: other colourings are options; lists (JSON) and sets give a frozenset."""
    assert HUNAN.evolve(red_values=[1, 5, 10]).red_values == frozenset({1, 5, 10})
    assert HUNAN.evolve(red_values=(2, 7)).red_values == frozenset({2, 7})


def test_presets_have_a_title_and_a_short_repr() -> None:
    """The contract (docs: Core concepts): rules name the variant, carry its hanzi title, and
    print as the preset or the evolve call that makes them; 0.1.0 rules dicts still load."""
    assert [(r.name, r.title) for r in (HUNAN, LIUHUDAO, HAHA)] == [
        ("hunan", "跑胡子"),
        ("liuhudao", "字牌6胡倒"),
        ("haha", "哈哈字牌"),
    ]
    assert [repr(r) for r in (HUNAN, LIUHUDAO, HAHA)] == [
        "zipai.HUNAN",
        "zipai.LIUHUDAO",
        "zipai.HAHA",
    ]
    assert repr(HAHA.evolve(min_huxi=10)) == "zipai.HAHA.evolve(min_huxi=10)"
    assert repr(Rules(players=2)) == "zipai.HUNAN.evolve(players=2)"
    assert HUNAN.evolve(name="mine").title == "字牌"
    assert "title" not in rules_to_dict(HUNAN)
    assert rules_from_dict(Rules, rules_to_dict(HAHA), family="zipai") == HAHA


@pytest.mark.parametrize("entry", VARIANTS, ids=lambda v: v.name)
def test_every_variant_sample_is_complete_under_its_rules(entry: object) -> None:
    """zipai.md §7 (7 門子, 6胡倒 5 門子) and §8.2 (起胡): each variant's sample hand is a
    complete hand reaching its threshold under that variant's own rules."""
    from changpai.zipai import analyze

    analysis = analyze(entry.sample, rules=entry.rules)  # type: ignore[attr-defined]
    assert analysis.complete and analysis.best is not None and analysis.best.threshold_met
    assert len(analysis.best.melds) == entry.rules.melds_to_win  # type: ignore[attr-defined]


@pytest.mark.parametrize("value", ["10", None, True, -1, 1.5])
def test_the_huxi_counts_take_a_whole_number(value: object) -> None:
    """Rules.counted_huxi / base / reaches read a number of 胡息 (zipai.md §8): anything else is
    a RulesError naming it, not a TypeError or a silent answer."""
    for method in (HUNAN.counted_huxi, HUNAN.base, HUNAN.reaches):
        with pytest.raises(RulesError, match=r"huxi=.* is not an integer >= 0"):
            method(value)  # type: ignore[arg-type]


def test_a_document_written_before_weihu_replays_as_it_was_played() -> None:
    """``Rules.ADDED_OPTIONS``: a game document whose rules predate ``weihu`` was played with
    偎胡 allowed, so it loads with ``weihu=True`` and its win after a forced 偎 replays; a
    document written now says ``weihu`` and loads as written."""
    import json

    from zipai_scenes import A, deal, pass_until

    from changpai import game_from_json
    from changpai.zipai import Action, Game

    game = deal(
        {1: "一二三 二七十 四五六 肆肆肆 捌捌捌 六七八 九九"},
        stock="九",
        rules=HUNAN.evolve(weihu=True),
    )
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    game.apply(Action(1, A.WIN, "x9"))
    data = json.loads(game.to_json())
    assert data["rules"]["weihu"] is True
    del data["rules"]["weihu"]
    old = Game.from_json(json.dumps(data))
    assert old.rules.weihu and old.result is not None and old.result.winner == 1
    data["rules"]["weihu"] = False  # (the same decisions under today's default are refused)
    with pytest.raises(ChangpaiError, match="seat 1 胡 九: seat 1 must discard"):
        game_from_json(json.dumps(data))
    assert Game.from_json(Game(seed=1).to_json()).rules == HUNAN


def test_a_document_written_before_claim_without_discard_replays_as_it_was_played() -> None:
    """``Rules.ADDED_OPTIONS``: a document whose rules predate ``claim_without_discard`` was
    played with a 碰 that left its taker only 坎 (zipai.md §6.5, now refused): it loads with
    ``claim_without_discard=True`` and replays; under today's default its 碰 is refused."""
    import json

    from zipai_scenes import A, act, deal

    from changpai import game_from_json
    from changpai.zipai import Game

    rules = LIUHUDAO.evolve(claim_without_discard=True)
    game = deal({0: "九", 1: "一一一 貳貳貳 三三三 肆肆肆 九九"}, liang="拾", rules=rules)
    act(game, 0, A.DISCARD, "x9")
    act(game, 1, A.PENG, "x9")
    data = json.loads(game.to_json())
    assert data["rules"]["claim_without_discard"] is True
    del data["rules"]["claim_without_discard"]
    old = Game.from_json(json.dumps(data))
    assert old.rules.claim_without_discard and old == game
    data["rules"]["claim_without_discard"] = False
    with pytest.raises(ChangpaiError, match="seat 1 碰 九"):
        game_from_json(json.dumps(data))


def test_both_presets_of_seed_004_play_fanxing() -> None:
    """zipai.md §8.3 翻信 [S004]: seed 004 writes it in its 字牌6胡倒 part, after the 胡息 table
    its two games share — `LIUHUDAO` and `HAHA` play it; the default (`HUNAN`, seed 000) does not
    (Z9: off by default). Reviews h43, h46 (LIUHUDAO did not)."""
    from changpai import zipai

    assert zipai.LIUHUDAO.fanxing and zipai.HAHA.fanxing and not zipai.HUNAN.fanxing
    assert not zipai.Rules().fanxing
