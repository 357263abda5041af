"""Rules presets and variants (nantong.md §9 Ambiguities: every option row is a field)."""

from __future__ import annotations

import pytest

from changpai import nantong
from changpai.errors import RulesError


def test_duzihu_defaults_section_9() -> None:
    """nantong.md §9: the defaults of every row with an option."""
    r = nantong.DUZIHU
    assert (r.jiutiao_laojiang, r.nine_cross_hit, r.multiplier_model) == (
        True,
        True,
        "model",
    )  # N4-N6
    assert (r.piao_formula, r.wait_bonus, r.specials_inside_piao) == ("50x2", "one", True)  # N7-N9
    assert (r.sanlao_exposed, r.wenqian_values, r.sanwenqian_double) == (
        True,
        (20, 50, 100, 200),
        True,
    )
    assert (r.baida_settlement, r.tianhu_zimo, r.settlement) == ("separate", False, "difference")
    assert (r.win_triplet_exposed, r.wenqian_in_piao, r.houmo_in_sequence) == (True, True, False)
    assert (r.dealer_cards, r.other_cards, r.deck_size) == (23, 22, 120)  # N1, N2
    assert (r.piao_base, r.qing_base, r.ta_base, r.round_to) == (50, 100, 20, 10)  # §7


@pytest.mark.parametrize(
    "change",
    [{"piao_formula": "x"}, {"wait_bonus": "all"}, {"settlement": "none"},
     {"multiplier_model": "guess"}, {"wenqian_values": (1, 2)}, {"round_to": 0},
     {"dealer_cards": 22}, {"no_such_option": 1}, {"ta_base": -1}],
)  # fmt: skip
def test_bad_options_raise(change: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        nantong.DUZIHU.evolve(**change)


def test_variants_registered() -> None:
    """Issue 5: variant "duzihu" with aliases 笃子胡, 犢子胡, nantong."""
    names = {v.name: v for v in nantong.VARIANTS}
    assert names["duzihu"].rules is nantong.DUZIHU
    assert {"笃子胡", "犢子胡", "nantong"} <= set(names["duzihu"].aliases)
    assert names["duzihu-baida"].rules.baida
    assert all(v.family == "nantong" for v in nantong.VARIANTS)


def test_houmo_in_sequence_section_8() -> None:
    """nantong.md §8: a drawn four may also score 12·m with a copy in a 順子 (default off)."""
    hand = "1t 2t 3t 3t 3t 3t 456t 789t 123w 456w 789w 5w 5w"
    on = nantong.DUZIHU.evolve(houmo_in_sequence=True)
    plain = nantong.score(hand, winning_card="5w")
    extra = nantong.score(hand, rules=on, winning_card="5w")
    # off: 三條 在手 4: 塌子胡 20 + 4 + 單吊 10 = 34 → 40
    assert plain.fact("unrounded") == 34 and plain.total == 40
    # on: the four 三條 score 後摸 12: 20 + 12 + 10 = 42 → 50
    assert extra.fact("unrounded") == 42 and extra.total == 50


@pytest.mark.parametrize(
    ("change", "message"),
    [({"piao_base": 2.5}, "piao_base=2.5 must be a whole number (int) >= 0"),
     ({"piao_base": True}, "piao_base=True must be a whole number"),
     ({"round_to": "10"}, "round_to='10' must be a whole number (int) >= 1"),
     ({"ta_base": -1}, "ta_base=-1 must be a whole number (int) >= 0"),
     ({"other_cards": 0, "dealer_cards": 1}, "other_cards=0 must be a whole number (int) >= 1"),
     ({"baida": 1}, "baida=1 is not True or False"),
     ({"settlement": None}, "settlement=None is not one of"),
     ({"wenqian_values": (20, 50, 100)}, "wenqian_values=(20, 50, 100) must be a tuple of 4 ints"),
     ({"wenqian_values": [20, 50, 100, 200]}, "wenqian_values=[20, 50, 100, 200] must be a tuple"),
     ({"wenqian_values": (20, 50, 100, 2.5)}, "must be a tuple of 4 ints >= 0"),
     ({"baida_values": (10, 30, 50, 100, 200, True)}, "must be a tuple of 6 ints >= 0"),
     ({"dealer_cards": 61, "other_cards": 60}, "the dealer takes 23 cards and the others 22")],
)  # fmt: skip
def test_bad_values_name_the_field_and_reason(change: dict[str, object], message: str) -> None:
    """DESIGN "bad input always gets a clear, typed error that names the input and the reason;
    nothing is ever silently changed": a wrong type or value is a RulesError naming the field,
    not "unknown option" and never accepted silently (nantong.md §9 options are typed)."""
    with pytest.raises(RulesError) as info:
        nantong.DUZIHU.evolve(**change)
    assert message in str(info.value)
    assert "unknown" not in str(info.value)


def test_unknown_option_names_only_the_unknown() -> None:
    """DESIGN "typed error that names the input": evolve checks option names first and names
    the unknown ones (and the known options), whatever the other changes are."""
    with pytest.raises(RulesError) as info:
        nantong.DUZIHU.evolve(settlement="full", piao_bsae=60, colour="red")
    text = str(info.value)
    assert text.startswith(
        "unknown nantong rules options 'piao_bsae', 'colour'; the options are name, title, baida"
    )
    assert "settlement" in text.split(";")[1]
    assert nantong.Rules() == nantong.DUZIHU  # nothing changed


def test_valid_evolve_still_works() -> None:
    """nantong.md §9: every option can be changed to a valid value."""
    r = nantong.DUZIHU.evolve(
        piao_base=60, wenqian_values=(1, 2, 3, 4), baida=True, settlement="full"
    )
    assert (r.piao_base, r.wenqian_values, r.baida, r.settlement, r.deck_size) == (
        60,
        (1, 2, 3, 4),
        True,
        "full",
        125,
    )


def test_presets_have_a_name_a_title_and_a_short_repr() -> None:
    """docs/core-concepts.md "Rules": every rules object has a name (the variant id) and a hanzi
    title; the repr names the preset and only the options that differ."""
    assert (nantong.DUZIHU.name, nantong.DUZIHU.title) == ("duzihu", "笃子胡")
    assert (nantong.DUZIHU_BAIDA.name, nantong.DUZIHU_BAIDA.title) == (
        "duzihu-baida",
        "笃子胡（百搭）",
    )
    assert (
        repr(nantong.DUZIHU) == "nantong.DUZIHU"
        and repr(nantong.DUZIHU_BAIDA) == "nantong.DUZIHU_BAIDA"
    )
    assert repr(nantong.DUZIHU.evolve(round_to=5)) == "nantong.DUZIHU.evolve(round_to=5)"
    assert (
        repr(nantong.DUZIHU_BAIDA.evolve(tianhu_zimo=True))
        == "nantong.DUZIHU_BAIDA.evolve(tianhu_zimo=True)"
    )
    house = nantong.DUZIHU.evolve(name="house")
    assert house.title == "笃子胡" and house != nantong.DUZIHU
    with pytest.raises(RulesError, match="name=3 must be a str"):
        nantong.Rules(name=3)  # type: ignore[arg-type]


def test_0_1_0_rules_without_a_name_give_the_right_preset() -> None:
    """changpai 0.1.0 wrote rules dicts without name and title: they load as the preset their
    百搭 option gives (nantong.md §1: 120 or 125 cards)."""
    from changpai.core.serial import rules_from_dict, rules_to_dict

    for preset in (nantong.DUZIHU, nantong.DUZIHU_BAIDA):
        old = {k: v for k, v in rules_to_dict(preset).items() if k not in ("name", "title")}
        assert rules_from_dict(nantong.Rules, old, family="nantong") == preset


def test_an_evolved_preset_keeps_its_name_and_equals_only_by_its_options() -> None:
    """docs/core-concepts.md, Rules: equality compares the name and title too; ``evolve`` keeps
    the name, so the 120-card preset with 百搭 switched on is not ``DUZIHU_BAIDA``, though it
    plays the same options (compared by ``to_dict()`` without the name and title)."""
    evolved = nantong.DUZIHU.evolve(baida=True)
    assert evolved.name == "duzihu" and evolved != nantong.DUZIHU_BAIDA

    def options(rules: nantong.Rules) -> dict[str, object]:
        return {k: v for k, v in rules.to_dict().items() if k not in ("name", "title")}

    assert options(evolved) == options(nantong.DUZIHU_BAIDA)
    assert evolved == nantong.DUZIHU.evolve(baida=True)
