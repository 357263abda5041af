"""Tests of the 川牌 rules objects, presets and variants (chuanpai.md §2.1, §4, §5)."""

from __future__ import annotations

import pytest

from changpai import chuanpai
from changpai.chuanpai import GEHU, VARIANTS, YAODIREN, Game, Rules
from changpai.errors import RulesError


@pytest.mark.parametrize(
    ("field", "default", "option"),
    [
        ("deck", "deck105", "deck84_jing"),  # C1
        ("pair_rule", "10/20", "14"),  # C2, C3
        ("win", "formed", "red_dots"),  # C4
        ("win", "formed", "cards16"),  # C4
        ("deal", "18/17", "16/15"),  # C5
        ("jiao", "win", "deal"),  # C6
        ("jiao", "win", "off"),  # C6
        ("hu_jier10", 0, 1),  # C7
        ("hu_jing_pair", 0, 1),  # C7, C14
        ("hu_tuhuo", 7, 5),  # C7
        ("kang", "qitou", "optional"),  # C8
        ("qitou_uncovered", "mandatory", "optional"),  # C9
    ],
)
def test_every_ambiguity_is_a_field(field: str, default: object, option: object) -> None:
    """chuanpai.md §5: every Ambiguities row is an option with the documented default."""
    assert getattr(YAODIREN, field) == default
    changed = YAODIREN.evolve(**{field: option})
    assert getattr(changed, field) == option
    assert Rules.from_dict(changed.to_dict()) == changed


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"deck": "deck99"}, "deck='deck99'"),
        ({"win": "points"}, "win='points'"),
        ({"players": 8}, "players=8"),
        ({"hu_an": -1}, "hu_an=-1"),
        ({"colour": "red"}, "unknown chuanpai rules option 'colour'"),
    ],
)
def test_bad_options_raise(changes: dict[str, object], message: str) -> None:
    """Invalid options raise RulesError naming the option."""
    with pytest.raises(RulesError, match=message):
        YAODIREN.evolve(**changes)


@pytest.mark.parametrize(
    ("rules", "players", "sizes"),
    [
        (YAODIREN, 4, (18, 17, 17, 5)),
        (YAODIREN, 3, (18, 17, 17)),
        (YAODIREN, 2, (18, 17)),
        (YAODIREN, 5, (18, 17, 17, 5, 3)),
        (YAODIREN, 6, (18, 17, 17, 5, 5, 3)),
        (YAODIREN, 7, (18, 17, 17, 5, 5, 3, 1)),
        # [S000] copy: "頭家抓16張，後面各家都是15張" — every other regular player 15.
        (YAODIREN.evolve(deal="16/15"), 4, (16, 15, 15, 15)),
        (YAODIREN.evolve(deal="16/15"), 3, (16, 15, 15)),
        (YAODIREN.evolve(deal="16/15"), 5, (16, 15, 15, 15, 3)),
        (YAODIREN.evolve(deal="16/15"), 7, (16, 15, 15, 15, 5, 3, 1)),
        (GEHU, 4, (18, 17, 17, 5)),
    ],
)
def test_deal_sizes(rules: Rules, players: int, sizes: tuple[int, ...]) -> None:
    """chuanpai.md §2.1 (seat rules, 5th to 7th players), §4 割胡, Ambiguities C5."""
    assert rules.deal_sizes(players) == sizes
    assert sum(sizes) <= len(rules.cards())


@pytest.mark.parametrize("players", ["4", 2.5, None, [4]])
def test_deal_sizes_bad_players_raise_rules_error(players: object) -> None:
    """chuanpai.md §2.1: seats are a whole number 2..7; anything else raises RulesError naming
    it (a string or a list used to raise TypeError, 2.5 a TypeError from the slice)."""
    if players is None:  # None means rules.players
        assert YAODIREN.deal_sizes(players) == (18, 17, 17, 5)
        return
    with pytest.raises(RulesError, match="players="):
        YAODIREN.deal_sizes(players)  # type: ignore[arg-type]


def test_presets() -> None:
    """chuanpai.md §5 C1-C3: 幺地人 uses deck105 and 10/20; 割胡 deck84, 14-point pairs, 4 players."""
    assert (YAODIREN.deck, YAODIREN.pair_sums, YAODIREN.players) == ("deck105", (10, 20), 4)
    assert (GEHU.deck, GEHU.pair_sums, GEHU.players) == ("deck84", (14,), 4)
    assert len(YAODIREN.cards()) == 105 and len(GEHU.cards()) == 84
    assert chuanpai.PRESETS == {"yaodiren": YAODIREN, "gehu": GEHU}


def test_variants() -> None:
    """The family registers 幺地人 and 割胡 with their aliases."""
    by_name = {v.name: v for v in VARIANTS}
    assert by_name["yaodiren"].rules is YAODIREN and by_name["gehu"].rules is GEHU
    assert "幺地人" in by_name["yaodiren"].aliases and "割胡" in by_name["gehu"].aliases
    assert all(v.family == "chuanpai" for v in VARIANTS)
    names = [n for v in VARIANTS for n in v.names()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # chuanpai.md §2.1: the 摸家 is dealt cards (0 made a seat with no card "win" at once,
        # and the engine raised NotationError scoring its empty hand)
        ({"mojia_cards": 0}, "mojia_cards=0 must be from 2 to 16"),
        ({"red_dot_targets": (1,)}, r"red_dot_targets=\(1,\) must be a tuple of three"),
        ({"red_dot_targets": (20, 18, -1)}, "red_dot_targets=.* non-negative whole numbers"),
        ({"red_dot_targets": [20, 18, 5]}, "red_dot_targets=.* must be a tuple"),
        ({"red_dot_targets": (20, 18, True)}, "red_dot_targets="),
        ({"name": 5}, "name=5 must be a non-empty string"),
        ({"title": ""}, "title='' must be a non-empty string"),
        ({"players": True}, "players=True is not an integer from 2 to 7"),
        ({"players": 8}, "players=8 is not an integer from 2 to 7"),
        ({"players": 3.0}, "players=3.0 is not an integer from 2 to 7"),
        ({"turned_bai": 1}, "turned_bai=1 is not True or False"),
        ({"hu_an": -1}, "hu_an=-1 must be a non-negative integer"),
        ({"hu_an": 2.5}, "hu_an=2.5 must be a non-negative integer"),
        ({"deck": "deck99"}, "deck='deck99' is not one of"),
        ({"colour": "red"}, "unknown chuanpai rules option 'colour'; the options are name"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_rules_fields_are_validated(changes: dict[str, object], message: str) -> None:
    """chuanpai.md §5 (every Ambiguities option is a typed field) and DESIGN.md "Bad input
    always gets a clear, typed error that names the input and the reason": evolve and the
    constructor check types, tuple lengths and ranges and raise RulesError naming the field;
    the preset is left as it was."""
    before = YAODIREN.to_dict()
    with pytest.raises(RulesError, match=message):
        YAODIREN.evolve(**changes)
    if "colour" not in changes:
        with pytest.raises(RulesError, match=message):
            Rules(**changes)  # type: ignore[arg-type]
    assert YAODIREN.to_dict() == before


@pytest.mark.parametrize("mojia_cards", [0, 1, 2, 5, 16, 17, 40, 300])
def test_mojia_cards_is_checked_only_where_the_deal_uses_it(mojia_cards: int) -> None:
    """chuanpai.md §2.1, Ambiguities C5: "18/17" deals the 摸家 ``mojia_cards`` cards, and he is
    a small seat — more than the one card of the 7th player (1 made him a seat that never
    plays, read as the 7th player's 紅利) and fewer than a regular player's 17 (17 made him a
    regular seat, 40 a deal beyond the 84-card deck, cut short); "16/15" deals no 摸家 and does
    not use it, so any whole number >= 0 is kept as given (it comes into force, and is
    checked, when the deal goes back to "18/17")."""
    rules = YAODIREN.evolve(deal="16/15", mojia_cards=mojia_cards)
    assert rules.mojia_cards == mojia_cards
    assert rules.deal_sizes(4) == (16, 15, 15, 15)
    assert Rules.from_dict(rules.to_dict()) == rules
    if not 2 <= mojia_cards <= 16:
        message = f"mojia_cards={mojia_cards} must be from 2 to 16 under deal='18/17'"
        with pytest.raises(RulesError, match=message):
            rules.evolve(deal="18/17")
        with pytest.raises(RulesError, match=message):
            Rules(mojia_cards=mojia_cards)
    else:
        assert rules.evolve(deal="18/17").deal_sizes(4) == (18, 17, 17, mojia_cards)
        game = Game(rules.evolve(deal="18/17", players=7), seed=1)
        assert [game.is_small(s) for s in range(7)] == [False] * 3 + [True] * 3 + [False]
        assert [game.is_passive(s) for s in range(7)] == [False] * 6 + [True]


@pytest.mark.parametrize("bad", [-1, True, 2.0, "5", None], ids=repr)
def test_mojia_cards_is_a_whole_number_under_every_deal(bad: object) -> None:
    """chuanpai.md §5: every option is a typed field; a card count is never negative."""
    for deal in ("18/17", "16/15"):
        with pytest.raises(RulesError, match="mojia_cards="):
            YAODIREN.evolve(deal=deal, mojia_cards=bad)


def test_from_dict_checks_its_input() -> None:
    """Rules.from_dict names an unknown option and refuses a non-dict (DESIGN.md typed errors)."""
    with pytest.raises(RulesError, match="colour is not an option of the chuanpai rules"):
        Rules.from_dict({"colour": 1})
    with pytest.raises(RulesError, match="is not a chuanpai rules object"):
        Rules.from_dict([1])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="red_dot_targets=5"):
        Rules.from_dict({"red_dot_targets": 5})
    assert Rules.from_dict(
        YAODIREN.evolve(red_dot_targets=(1, 2, 3)).to_dict()
    ).red_dot_targets == (1, 2, 3)


def test_the_chuopai_options_live_on_the_chuopai_rules() -> None:
    """chuanpai.md §5 C10–C12 are 戳牌 options (chuopai.Rules); the 擠兒 rules, which carried
    them unused up to 0.2.0, still read older dicts holding them at their old values and refuse
    any other value by name."""
    old = {**YAODIREN.to_dict(), "chuo_fifteen": "draw", "jia_mult": 2, "fan_mult": 2}
    assert Rules.from_dict({**old, "chuo_ties": "equal"}) == YAODIREN
    with pytest.raises(RulesError, match=r"chuo_ties='leader': the chuanpai rules no longer"):
        Rules.from_dict({**old, "chuo_ties": "leader"})
    with pytest.raises(RulesError, match="jia_mult"):
        YAODIREN.evolve(jia_mult=3)
