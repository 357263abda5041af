"""Stacked-deck scenarios of the 四川大貳 engine: one test per rule line of daer.md §2–§6 and
per Ambiguities option (E1–E6)."""

from __future__ import annotations

import pytest

from changpai import daer
from changpai.daer import DAER, Action, Game, stack_deck
from changpai.daer import ActionKind as K
from changpai.errors import IllegalActionError

# A deal where seat 0 (dealer) throws 伍 and every other seat has a claim on it (daer.md §3):
# seat 1 (下家) can 吃 it with 叄肆, seat 2 can 碰 it, seat 3 wins on it (將 伍伍).
CLAIMS = {
    0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
    1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
    2: "d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 d7 d7",
    3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5",
}


def game(hands: dict[int, str], stock: str = "", rules: daer.Rules = DAER, dealer: int = 0) -> Game:
    return Game(
        rules, deck=stack_deck(rules, hands=hands, stock=stock, dealer=dealer), dealer=dealer
    )


def kinds(g: Game, seat: int) -> list[str]:
    return [str(a) for a in g.legal_actions(seat)]


def decide(g: Game, *actions: Action) -> None:
    for action in actions:
        g.apply(action)


# ---------------------------------------------------------------------------- §2 deal


def test_deal_13_plus_1_and_a_stock_of_27() -> None:
    """daer.md §2: 13 cards each, the dealer 14 and discards first; stock 80 − 53 = 27."""
    g = Game(DAER, seed=11, dealer=2)
    assert [len(g.hand(s)) for s in range(4)] == [13, 13, 14, 13]
    assert len(g.stock) == 27 and g.to_act == (2,) and g.seats == (2, 3, 0, 1)
    assert {a.kind for a in g.legal_actions(2)} >= {K.DISCARD}
    assert g.log[0].auto and g.log[0].action.kind is K.DEAL


def test_deal_order_is_dealer_first_then_turn_order() -> None:
    """The stacked deck is dealt in blocks: the dealer's 14, then 13 per seat from his 下家."""
    deck = stack_deck(DAER, hands={3: "拾拾拾拾"}, dealer=1)
    g = Game(DAER, deck=deck, dealer=1)
    assert g.hand(3).count(daer.Card("d10")) == 4
    assert list(g.hand(1)) == sorted(deck[:14], key=lambda c: c.index)


# ---------------------------------------------------------------------------- §3 claims


def test_claim_options_chi_only_for_the_xiajia() -> None:
    """daer.md §3: after a discard 胡, 碰 and 吃 are offered; 吃 only to the discarder's 下家."""
    g = game(CLAIMS)
    g.apply(Action(0, K.DISCARD, "d5"))
    assert g.phase == "claim" and g.offered == daer.Card("d5") and g.to_act == (1, 2, 3)
    assert kinds(g, 1) == ["seat 1 吃 伍 (叄肆)", "seat 1 過"]
    assert kinds(g, 2) == ["seat 2 碰 伍", "seat 2 過"]
    assert kinds(g, 3) == ["seat 3 胡 伍", "seat 3 過"]


def test_hu_beats_peng_beats_chi() -> None:
    """daer.md §3: 胡 > 杠 > 碰 > 吃, whatever order the seats decide in."""
    g = game(CLAIMS)
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.CHI, "d5", ("d3", "d4")))
    decide(g, Action(2, K.PENG, "d5"), Action(3, K.WIN, "d5"))
    assert g.is_over and g.result.winner == 3 and g.result.discarder == 0

    g = game(CLAIMS)
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.CHI, "d5", ("d3", "d4")))
    decide(g, Action(2, K.PENG, "d5"), Action(3, K.PASS))
    assert [str(m) for m in g.melds(2)] == ["碰 伍伍伍"] and g.to_act == (2,)
    assert g.discards(0) == ()  # the claimed card left the discard area

    g = game(CLAIMS)
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.CHI, "d5", ("d3", "d4")))
    decide(g, Action(2, K.PASS), Action(3, K.PASS))
    assert [str(m) for m in g.melds(1)] == ["吃 叄肆伍"] and g.to_act == (1,)
    assert all(a.kind is K.DISCARD for a in g.legal_actions(1))  # no win without a new card


def test_all_pass_the_next_seat_draws() -> None:
    """daer.md §3: an unclaimed discard stays; the discarder's 下家 draws into his hand."""
    g = game(CLAIMS, stock="九")
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.PASS), Action(2, K.PASS), Action(3, K.PASS))
    assert g.to_act == (1,) and len(g.hand(1)) == 14 and g.discards(0) == (daer.Card("d5"),)
    draw = g.log[-1]
    assert draw.auto and draw.action.kind is K.DRAW and draw.draws == ((1, daer.Card("x9")),)


def test_gang_on_a_discard_beats_chi() -> None:
    """daer.md §3: three in hand + the discard = 杠 (claimed), which beats a 吃; a replacement
    draw follows."""
    hands = {
        0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
        1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
        2: "d5 d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 d7",
        3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d7",
    }
    g = game(hands, stock="x9 d2")
    g.apply(Action(0, K.DISCARD, "d5"))
    assert kinds(g, 2) == ["seat 2 杠 伍", "seat 2 碰 伍", "seat 2 過"]
    decide(g, Action(1, K.CHI, "d5", ("d3", "d4")), Action(2, K.GANG, "d5"))
    assert [str(m) for m in g.melds(2)] == ["杠 伍伍伍伍"] and g.melds(1) == ()
    replacement = g.log[-1]
    assert replacement.auto and replacement.note == "replacement"
    assert replacement.draws == ((2, daer.Card("x9")),)
    assert g.to_act == (2,) and len(g.hand(2)) == 11


def test_angang_in_ones_turn() -> None:
    """daer.md §3: in one's turn, four in hand may be an 暗杠, with a replacement draw; the
    others see it face down."""
    hands = {0: "d6 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7"}
    g = game(hands, stock="d2 d1")
    assert "seat 0 杠 陸" in kinds(g, 0)
    g.apply(Action(0, K.GANG, "d6"))
    assert [m.label() for m in g.melds(0)] == ["暗杠"] and len(g.hand(0)) == 11
    assert g.log[-1].draws == ((0, daer.Card("d2")),)
    seen = g.view(1).seats[0].melds[0]
    assert seen.cards == () and seen.hidden == 4
    assert g.view(0).seats[0].melds[0].cards == (daer.Card("d6"),) * 4


def test_jiagang_on_ones_own_peng() -> None:
    """daer.md §3: a 碰 and its fourth card drawn later make a 加杠, with a replacement draw."""
    hands = {
        0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
        1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
        2: "d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 d7 d7",
        3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d7",
    }
    # 碰 by seat 2, who throws 柒; the others draw and throw until seat 2 draws the fourth 伍.
    g = game(hands, stock="x8 d2 d4 d5 d1")
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.PASS), Action(2, K.PENG, "d5"))
    decide(g, Action(2, K.DISCARD, "d7"))
    while g.to_act != (2,):
        seat = g.to_act[0]
        pick = [a for a in g.legal_actions(seat) if a.kind in (K.PASS, K.DISCARD)]
        g.apply(pick[-1] if pick[-1].kind is K.PASS else pick[0])
    assert Action(2, K.GANG, "d5") in g.legal_actions(2)
    g.apply(Action(2, K.GANG, "d5"))
    assert [m.label() for m in g.melds(2)] == ["加杠"] and g.log[-1].note == "replacement"


def test_nearest_winner_wins_alone() -> None:
    """daer.md §3 [INF]: one winner — the nearest seat after the discarder."""
    hands = {
        0: "d5 d6 d6 d8 d8 d1 d1 x1 x2 x3 x4 x5 x6 x7",
        1: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d6 d7 d8 d5",
        2: "d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 x8 x8",
        3: "d1 d1 d2 d2 d2 d2 d3 d3 d4 d6 d7 d7 d7",
    }
    g = game(hands)
    g.apply(Action(0, K.DISCARD, "d5"))
    assert g.legal_actions(1)[0] == Action(1, K.WIN, "d5")
    assert g.legal_actions(3)[0] == Action(3, K.WIN, "d5")
    decide(g, Action(3, K.WIN, "d5"), Action(2, K.PENG, "d5"), Action(1, K.WIN, "d5"))
    assert g.result.winner == 1


def test_win_on_a_discard_is_paid_by_the_discarder() -> None:
    """daer.md §6: a discard win — the discarder pays 1 unit (flat)."""
    g = game(CLAIMS)
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.PASS), Action(2, K.PASS))
    g.apply(Action(3, K.WIN, "d5"))
    result = g.result
    assert result.reason == "win" and result.label == "胡" and not result.self_drawn
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(0, 3, 1)]
    assert result.next_dealer == 3 and result.value == 9 and result.sheet.total == 1
    assert str(result.win.decomposition.jiang) == "將 伍伍"


def test_self_drawn_win_is_paid_by_everybody() -> None:
    """daer.md §5, §6: a self-drawn win (here the dealer's 14 cards) — each other player pays 1."""
    g = game({0: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5 d5"})
    assert g.legal_actions(0)[0] == Action(0, K.WIN)
    g.apply(Action(0, K.WIN))
    assert g.result.self_drawn and g.result.discarder is None
    assert [(p.payer, p.amount) for p in g.result.payments] == [(1, 1), (2, 1), (3, 1)]
    assert g.result.net(4) == {0: 3, 1: -1, 2: -1, 3: -1}


def test_no_jiang_no_win() -> None:
    """daer.md §5 [S001]: 貳伍捌 fix the 將 — the same shape with a 六 pair does not win."""
    g = game({0: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 x6 x6"})
    assert all(a.kind is not K.WIN for a in g.legal_actions(0))


def test_huangzhuang_when_the_stock_runs_out() -> None:
    """daer.md §3: nobody wins before the stock is empty — 荒莊, the dealer keeps the deal."""
    g = Game(DAER, seed=5, dealer=1)
    while not g.is_over:
        seat = g.to_act[0]
        actions = [a for a in g.legal_actions(seat) if a.kind in (K.PASS, K.DISCARD)]
        g.apply(actions[-1])
    assert g.result.reason == "huangzhuang" and g.result.label == "荒莊"
    assert g.result.winner is None and g.result.next_dealer == 1 and g.stock == ()
    assert g.result.payments == ()


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    """verify / can / apply: an illegal action raises IllegalActionError, the state is kept."""
    g = game(CLAIMS)
    before = g.to_json()
    for action, reason in [
        (Action(0, K.DISCARD, "d10"), "holds no 拾"),
        (Action(0, K.WIN), "not a winning hand"),
        (Action(0, K.PASS), "must act"),
        (Action(1, K.PASS), "not to act"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            g.apply(action)
        assert g.to_json() == before
    g.apply(Action(0, K.DISCARD, "d5"))
    with pytest.raises(IllegalActionError, match="下家"):
        g.verify(Action(2, K.CHI, "d5", ("d3", "d4")))
    with pytest.raises(IllegalActionError, match="on offer is 伍"):
        g.verify(Action(2, K.PENG, "d6"))


# ---------------------------------------------------------------------------- E1–E6


def test_e1_hand_size() -> None:
    """E1: the hand size is an option (3n + 1 cards with replacement draws)."""
    rules = DAER.evolve(hand_size=10)
    g = Game(rules, seed=2)
    assert [len(g.hand(s)) for s in range(4)] == [11, 10, 10, 10] and len(g.stock) == 39


def test_e2_jiang_big_only() -> None:
    """E2: with ``jiang_big_only`` a 五五 pair is no 將; 伍伍 still is."""
    small = {0: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 x5 x5"}
    assert game(small).legal_actions(0)[0].kind is K.WIN
    rules = DAER.evolve(jiang_big_only=True)
    assert game(small, rules=rules).legal_actions(0)[0].kind is K.DISCARD
    big = {0: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5 d5"}
    assert game(big, rules=rules).legal_actions(0)[0].kind is K.WIN


def test_e3_erqishi() -> None:
    """E3: 二七十 is a set by default, not with ``erqishi=False``."""
    hand = {0: "x2 x7 x10 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5 d5"}
    assert game(hand).legal_actions(0)[0].kind is K.WIN
    assert game(hand, rules=DAER.evolve(erqishi=False)).legal_actions(0)[0].kind is K.DISCARD


def test_e4_jiao() -> None:
    """E4: mixed-case triples (絞) are no set by default; with ``jiao=True`` they are, and
    they can be eaten."""
    hand = {0: "x1 x1 d1 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5 d5"}
    assert game(hand).legal_actions(0)[0].kind is K.DISCARD
    rules = DAER.evolve(jiao=True)
    assert game(hand, rules=rules).legal_actions(0)[0].kind is K.WIN
    hands = {
        0: "d8 d6 d6 d6 d8 d8 x9 x1 x2 x3 x4 x5 x6 x7",
        1: "x8 x8 x1 x2 x3 x4 x5 x6 x10 x10 x10 d10 d1",
    }
    g = game(hands, rules=rules)
    g.apply(Action(0, K.DISCARD, "d8"))
    assert Action(1, K.CHI, "d8", ("x8", "x8")) in g.legal_actions(1)


def test_e5_huxi_scoring() -> None:
    """E5: with ``scoring="huxi"`` the unit is the 胡 of the 字牌 胡息 table."""
    rules = DAER.evolve(scoring="huxi")
    g = game({0: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5 d5"}, rules=rules)
    g.apply(Action(0, K.WIN))
    # 一二三 3 + 壹貳叄 6 (zipai.md §8.1)
    assert g.result.value == 9 and [p.amount for p in g.result.payments] == [9, 9, 9]


def test_e6_three_players() -> None:
    """E6: the table may have 3 players."""
    g = Game(DAER.evolve(players=3), seed=4)
    assert g.seats == (0, 1, 2) and len(g.stock) == 80 - 40


def test_e7_no_name_collision_with_zipai() -> None:
    """E7 / zipai.md Z15: 大貳 names the Sichuan game; the Hunan 字牌 is not found by it."""
    import changpai

    assert changpai.variant("大貳").family == "daer"
    assert changpai.variant("四川大貳") is changpai.variant("daer")
    assert changpai.variant("瀘州大貳") is changpai.variant("luzhou")


def test_win_on_discard_can_be_switched_off() -> None:
    """daer.md §5 ("win on a discard or self-draw"): ``win_on_discard=False`` keeps only 自摸."""
    rules = DAER.evolve(win_on_discard=False)
    g = game(CLAIMS, rules=rules)
    g.apply(Action(0, K.DISCARD, "d5"))
    assert all(a.kind is not K.WIN for a in g.legal_actions(3))


def test_after_a_claim_the_claimer_discards_no_gang() -> None:
    """daer.md §3: "After a claim (except 胡) the claimer discards" — a 碰 is not followed by a
    杠 in the same turn, neither a 加杠 with the third card kept back nor an 暗杠 of four in
    hand; both come back after his next draw."""
    hands = {
        0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
        1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
        2: "d5 d5 d5 d10 d10 d10 d10 d9 d9 d9 x10 x10 d7",
        3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d7",
    }
    g = game(hands, stock="x9 x8 x8 x1")
    decide(g, Action(0, K.DISCARD, "d5"), Action(1, K.PASS), Action(2, K.PENG, "d5"))
    assert g.to_act == (2,) and [str(m) for m in g.melds(2)] == ["碰 伍伍伍"]
    assert {a.kind for a in g.legal_actions(2)} == {K.DISCARD}
    with pytest.raises(IllegalActionError, match="must discard"):
        g.apply(Action(2, K.GANG, "d10"))
    g.apply(Action(2, K.DISCARD, "d7"))
    while g.to_act != (2,) or g.phase != "discard":
        seat = g.to_act[0]
        pick = [a for a in g.legal_actions(seat) if a.kind in (K.PASS, K.DISCARD)]
        g.apply(pick[-1] if pick[-1].kind is K.PASS else pick[0])
    assert {Action(2, K.GANG, "d10"), Action(2, K.GANG, "d5")} <= set(g.legal_actions(2))


def test_peng_and_gang_by_any_seat() -> None:
    """daer.md §3: 碰 / 杠 by anyone — the 下家 may 碰 as well as 吃, and the 上家 of the
    discarder (seat 3) may 杠."""
    hands = {
        0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
        1: "d5 d5 d4 d3 x2 x3 x4 x5 x6 x7 x8 x9 x10",
    }
    g = game(hands)
    g.apply(Action(0, K.DISCARD, "d5"))
    assert Action(1, K.PENG, "d5") in g.legal_actions(1)
    assert Action(1, K.CHI, "d5", ("d3", "d4")) in g.legal_actions(1)
    for seat in g.to_act:
        g.apply(Action(seat, K.PENG, "d5") if seat == 1 else Action(seat, K.PASS))
    assert [str(m) for m in g.melds(1)] == ["碰 伍伍伍"] and g.to_act == (1,)

    hands = {
        0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
        3: "d5 d5 d5 d1 d1 d1 x10 x10 x10 d9 d9 d9 d7",
    }
    g = game(hands, stock="x9 x8")
    g.apply(Action(0, K.DISCARD, "d5"))
    assert kinds(g, 3) == ["seat 3 杠 伍", "seat 3 碰 伍", "seat 3 過"]
    for seat in g.to_act:
        g.apply(Action(seat, K.GANG, "d5") if seat == 3 else Action(seat, K.PASS))
    assert [str(m) for m in g.melds(3)] == ["杠 伍伍伍伍"]
    assert g.to_act == (3,) and g.log[-1].draws == ((3, daer.Card("x9")),)


def test_a_replacement_draw_may_win_self_drawn() -> None:
    """daer.md §3 / §5: a 杠 draws a replacement card into the hand; a win on it is 自摸, paid
    by every other player (§6)."""
    hands = {0: "d6 d6 d6 d6 x1 x2 x3 x4 x5 x6 x7 x8 x9 d5"}
    g = game(hands, stock="d5")
    assert Action(0, K.WIN) not in g.legal_actions(0)
    g.apply(Action(0, K.GANG, "d6"))
    assert g.log[-1].note == "replacement" and g.legal_actions(0)[0] == Action(0, K.WIN)
    g.apply(Action(0, K.WIN))
    assert g.result.self_drawn and [p.payer for p in g.result.payments] == [1, 2, 3]
    assert [m.label() for m in g.result.win.decomposition.exposed] == ["暗杠"]


def test_no_gang_once_the_stock_is_empty_section_3() -> None:
    """docs/daer.md "Turn" and "Claims" (a 杠 takes a replacement draw, daer.md §3): seat 3
    draws the last stock card, the fourth 三 of his 三三三 — no 暗杠 is offered; his 四, which
    seat 2 could 杠 with 四四四, is offered for 碰 only (review h26: untested)."""
    deck = list(stack_deck(DAER, hands={2: "四四四", 3: "三三三 四"}))
    stock_at = len(deck) - 27
    last_three = max(i for i, c in enumerate(deck) if c.code == "x3" and i >= stock_at)
    deck.append(deck.pop(last_three))  # (the 27th stock card, seat 3's last draw)
    g = Game(DAER, deck=deck)
    while g.stock or g.to_act != (3,) or g.phase == "claim":
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        drawn = [card for r in g.log for at, card in r.draws if at == seat]
        discard = [a for a in legal if a.kind is K.DISCARD and drawn and a.card == drawn[-1]]
        g.apply(next(a for a in legal if a.kind is K.PASS) if g.phase == "claim" else
                (discard or [a for a in legal if a.kind is K.DISCARD])[0])  # fmt: skip
    assert [c.code for c in g.hand(3)].count("x3") == 4
    assert {a.kind for a in g.legal_actions(3)} == {K.DISCARD}
    g.apply(Action(3, K.DISCARD, "x4"))
    assert g.phase == "claim" and 2 in g.to_act
    assert {a.kind for a in g.legal_actions(2)} == {K.PENG, K.PASS}
