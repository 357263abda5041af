"""Options of the 大貳 engine off the presets' paths (daer.md §3, §5, §7, E1): each case was
found by an independent legality oracle written from the rules file."""

from __future__ import annotations

import pytest

from changpai import daer
from changpai.daer import LUZHOU, Action, Game, stack_deck
from changpai.daer import ActionKind as K
from changpai.errors import RulesError


def test_luzhou_no_claim_that_leaves_only_kan_to_throw() -> None:
    """daer.md §7: a 坎 is not split or thrown, and a claim that would still ask for a discard
    with nothing to throw is not offered: a 吃 that leaves only 坎 in hand is none."""
    g = Game(
        LUZHOU,
        deck=stack_deck(LUZHOU, hands={0: "三", 1: "四四四五五五六六六八八八九九九玖玖玖一二"}),
    )
    g.apply(Action(0, K.DISCARD, "x3"))
    assert 1 not in g.to_act or all(a.kind is not K.CHI for a in g.legal_actions(1))


def test_luzhou_claim_with_a_free_card_left_is_offered() -> None:
    """daer.md §7: the same 吃 with a card beside the 坎 to throw is offered."""
    hands = {0: "三", 1: "四四四五五五六六六八八八九九九玖玖一二拾"}
    g = Game(LUZHOU, deck=stack_deck(LUZHOU, hands=hands))
    g.apply(Action(0, K.DISCARD, "x3"))
    assert any(a.kind is K.CHI for a in g.legal_actions(1))


@pytest.mark.parametrize("extra", [2, 3, -1])
def test_dealer_extra_is_the_dealers_one_card_e1(extra: int) -> None:
    """E1 "13 (+1 dealer)": the dealer holds one card more (or, with ``dealer_extra=0``, draws
    first); more would leave him a card over a winning hand for the whole hand."""
    with pytest.raises(RulesError, match="dealer_extra"):
        daer.DAER.evolve(dealer_extra=extra)


def test_dealer_extra_zero_the_dealer_draws_first_section_3() -> None:
    """§3 the dealer starts: with no extra card dealt he draws first, then discards."""
    rules = daer.DAER.evolve(dealer_extra=0)
    g = Game(rules, seed=3)
    assert all(len(g.hand(s)) == 13 for s in g.seats if s != g.dealer)
    assert len(g.hand(g.dealer)) == 14 and g.to_act == (g.dealer,)
    assert g.log[-1].action.kind is K.DRAW and g.log[-1].action.seat == g.dealer


def test_kan_locked_with_replacement_draws_a_long_draws_one_section_3() -> None:
    """§3 "kongs draw a replacement card" (``gang_draw``) also for a 垅 laid under
    ``kan_locked``: the seat keeps its size and discards."""
    rules = daer.DAER.evolve(kan_locked=True)
    g = Game(rules, deck=stack_deck(rules, hands={1: "壹壹壹"}, stock="壹"))
    g.apply(Action(0, K.DISCARD, g.hand(0)[0]))
    while g.phase == "claim":
        seat = g.to_act[0]
        g.apply(next(a for a in g.legal_actions(seat) if a.kind is K.PASS))
    kinds = [r.action.kind for r in g.log[-3:]]
    assert kinds == [K.DRAW, K.LONG, K.DRAW], g.log[-3:]
    assert g.to_act == (1,) and all(
        a.kind in (K.DISCARD, K.WIN, K.GANG) for a in g.legal_actions(1)
    )
    assert len(g.hand(1)) + 4 == 13 + 2  # (dealt, the draw and the replacement; a discard due)


def test_kan_locked_with_replacement_draws_a_dealt_long_draws_one_section_3() -> None:
    """§3 / §7: a 垅 dealt is laid and, with replacement draws, replaced at once."""
    rules = daer.DAER.evolve(kan_locked=True)
    g = Game(rules, deck=stack_deck(rules, hands={1: "壹壹壹壹"}))
    assert len(g.hand(1)) + 4 == 13 + 1  # 13 dealt, the four laid, one drawn back
    assert [str(m) for m in g.melds(1)] == ["垅 壹壹壹壹"]


def test_luzhou_a_hand_short_of_its_bakuai_cards_does_not_win_section_7() -> None:
    """daer.md §7 八塊 (a second or later four spares a discard): a seat dealt three 垅 holds
    20 cards where a full hand with three fours holds 22 between turns; a discard making 21
    cards (three 垅 and three sets, no 對子) is no win — the hand wins once it is full."""
    hands = {1: "四", 0: "七七七七八八八八拾拾拾拾三五貳貳貳肆肆肆"}
    g = Game(LUZHOU, deck=stack_deck(LUZHOU, hands=hands, dealer=1, seed=5), dealer=1)
    assert len(g.melds(0)) == 3 and len(g.hand(0)) == 8
    g.apply(Action(1, K.DISCARD, "x4"))
    assert 0 not in g.to_act or all(a.kind is not K.WIN for a in g.legal_actions(0))


def test_a_dealt_hand_win_names_no_card_with_another_seats_long_section_3() -> None:
    """§3 / §7: with ``kan_locked`` and ``gang_draw`` another seat's 垅 laid at the deal draws
    its replacement; the dealer who wins on his dealt hand wins on no drawn card."""
    rules = daer.DAER.evolve(kan_locked=True)
    deck = stack_deck(rules, hands={0: "一二三四五六七八九壹貳叁伍伍", 2: "拾拾拾拾"}, stock="陸")
    g = Game(rules, deck=deck)
    g.apply(next(a for a in g.legal_actions(0) if a.kind is K.WIN))
    assert g.result is not None and g.result.win is not None
    assert g.result.win.winning_card is None
