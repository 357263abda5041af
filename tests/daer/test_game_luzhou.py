"""Stacked-deck scenarios of the 瀘州大貳 preset (daer.md §7, E5, E6): one test per rule line."""

from __future__ import annotations

import pytest

from changpai.daer import LUZHOU, Action, Card, Game, stack_deck
from changpai.daer import ActionKind as K
from changpai.errors import IllegalActionError

# 21 cards, 18 胡 by the 字牌 table: 一二三 3, 壹貳叄 6, 二七十 3, 坎 拾拾拾 6 (zipai.md §8.1)
RICH = "一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾"
# 21 cards, complete but 0 胡
POOR = "四五六 七八九 肆伍陸 柒捌玖 三四五 六七八 伍陸柒"


def game(hands: dict[int, str], stock: str = "", rules=LUZHOU) -> Game:  # type: ignore[no-untyped-def]
    return Game(rules, deck=stack_deck(rules, hands=hands, stock=stock))


def test_deal_21_20_20_and_a_stock_of_19() -> None:
    """daer.md §7 / E6: 3 players, the dealer 21 cards, the others 20."""
    g = Game(LUZHOU, seed=8)
    assert g.seats == (0, 1, 2) and len(g.stock) == 19
    sizes = [len(g.hand(s)) + sum(len(m.cards) for m in g.melds(s)) for s in g.seats]
    assert sizes == [21, 20, 20]


def test_long_four_in_hand_is_laid_at_once() -> None:
    """daer.md §7: a 垅 (four dealt) must be shown — the engine lays it (an auto record)."""
    g = game({1: "一一一一"})
    assert [str(m) for m in g.melds(1)] == ["垅 一一一一"] and g.melds(1)[0].exposed
    assert len(g.hand(1)) == 16
    record = next(r for r in g.log if r.action.kind is K.LONG)
    assert record.auto and record.action == Action(1, K.LONG, "x1")
    assert g.view(2).seats[1].melds[0].cards == (Card("x1"),) * 4  # shown to all


def test_kan_is_not_discarded() -> None:
    """daer.md §7: a 坎 (three dealt) cannot be split: none of its cards may be discarded."""
    g = game({0: "三三三"})
    assert Action(0, K.DISCARD, "x3") not in g.legal_actions(0)
    with pytest.raises(IllegalActionError, match="坎"):
        g.apply(Action(0, K.DISCARD, "x3"))


def test_kan_is_not_eaten_with() -> None:
    """daer.md §7: the cards of a 坎 do not go into a 吃 (列)."""
    g = game({0: "三", 1: "四四四 五 一 二"})
    g.apply(Action(0, K.DISCARD, "x3"))
    chi = [a for a in g.legal_actions(1) if a.kind is K.CHI]
    assert [a.cards for a in chi] == [(Card("x1"), Card("x2"))]


def test_no_peng_out_of_a_kan_but_zhao() -> None:
    """daer.md §7: responses 胡 > 招 > 碰 > 吃; a 坎 and the fourth from a discard is a 招 (no
    碰 that would split it); a 招 draws no replacement and its maker discards."""
    g = game({0: "六", 2: "六六六"})
    g.apply(Action(0, K.DISCARD, "x6"))
    assert [a.kind for a in g.legal_actions(2)] == [K.GANG, K.PASS]
    if 1 in g.to_act:
        g.apply(Action(1, K.PASS))
    g.apply(Action(2, K.GANG, "x6"))
    assert [str(m) for m in g.melds(2)] == ["杠 六六六六"]
    assert g.to_act == (2,) and g.log[-1].action == Action(2, K.GANG, "x6")  # no draw
    assert all(a.kind is K.DISCARD for a in g.legal_actions(2))
    assert len(g.hand(2)) == 17  # 20 + 1 − 4: five sets and a 對子 to come


def test_bakuai_a_second_four_spares_a_discard() -> None:
    """daer.md §7 八塊: a second four gives its maker one card more — he does not discard and
    the next player draws."""
    g = game({0: "六", 2: "六六六 九九九九"}, stock="拾")
    assert [str(m) for m in g.melds(2)] == ["垅 九九九九"]
    g.apply(Action(0, K.DISCARD, "x6"))
    for seat in g.to_act:
        if seat != 2:
            g.apply(Action(seat, K.PASS))
    g.apply(Action(2, K.GANG, "x6"))
    assert g.to_act == (0,) and g.log[-1].action == Action(0, K.DRAW)
    assert g.log[-1].draws == ((0, Card("d10")),)
    held = len(g.hand(2)) + sum(len(m.cards) for m in g.melds(2))
    assert held == LUZHOU.rest_size(2) == 21


def test_guozhang_a_passed_card_is_not_eaten_later() -> None:
    """daer.md §7: a card a player could 吃 and passed (過張) may not be eaten by him later."""
    g = game({0: "三 三", 1: "一 二"}, stock="壹 貳 叄 肆 伍 陸")
    g.apply(Action(0, K.DISCARD, "x3"))
    assert any(a.kind is K.CHI for a in g.legal_actions(1))
    for seat in g.to_act:
        g.apply(Action(seat, K.PASS))
    assert g.passed(1) == (Card("x3"),) and g.view(1).fact("過張") == (Card("x3"),)
    # play on (passing every claim, throwing the drawn card) until seat 0 throws the second 三
    while not (g.phase == "discard" and g.to_act == (0,)):
        seat = g.to_act[0]
        options = g.legal_actions(seat)
        g.apply(next((a for a in options if a.kind is K.PASS), options[-1]))
    assert g.hand(0).count(Card("x3")) == 1 and g.hand(1).count(Card("x2")) >= 1
    g.apply(Action(0, K.DISCARD, "x3"))
    assert 1 not in g.to_act or all(a.kind is not K.CHI for a in g.legal_actions(1))
    assert not g.can(Action(1, K.CHI, "x3", ("x1", "x2"))) and g.passed(1) == (Card("x3"),)


def test_min_hu_and_the_zero_hu_option() -> None:
    """daer.md §7: at least 10 胡; a 0-胡 hand only with the ``zero_hu`` option."""
    assert Action(0, K.WIN) not in game({0: POOR}).legal_actions(0)
    zero = LUZHOU.evolve(zero_hu=True)
    assert game({0: POOR}, rules=zero).legal_actions(0)[0] == Action(0, K.WIN)
    g = game({0: RICH})
    assert g.legal_actions(0)[0] == Action(0, K.WIN)


def test_self_drawn_win_is_paid_double_by_all() -> None:
    """daer.md §7: a self-drawn win is paid by all the others at double; the unit is the 胡."""
    g = game({0: RICH})
    g.apply(Action(0, K.WIN))
    result = g.result
    assert result.value == 18 and result.self_drawn
    assert [(p.payer, p.amount) for p in result.payments] == [(1, 36), (2, 36)]
    assert result.sheet.fact("hu") == 18


def test_discard_win_is_paid_by_the_discarder_only() -> None:
    """daer.md §7: a win on a discard is paid by the discarder alone (single); the 拾 triple
    it completes is a 碰 (3 胡, not a 坎's 6: daer.md E5, zipai.md §8.1), so 15 胡."""
    waiting = "一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾"
    g = game({0: "拾", 1: waiting})
    g.apply(Action(0, K.DISCARD, "d10"))
    assert g.legal_actions(1)[0] == Action(1, K.WIN, "d10")
    g.apply(Action(1, K.WIN, "d10"))
    if not g.is_over:
        g.apply(Action(2, K.PASS))
    assert g.result.winner == 1 and g.result.discarder == 0
    assert [(p.payer, p.payee, p.amount) for p in g.result.payments] == [(0, 1, 15)]


def test_no_claim_leaves_a_hand_with_nothing_to_discard() -> None:
    """A 吃 / 碰 / 招 that would put every card on the table and still ask for a discard is not
    offered (regression: ``luzhou`` seed 0 played with random.Random(154) reached a seat that had
    eaten its last two cards and had to discard from an empty hand)."""
    import random

    g = Game(LUZHOU, 0)
    rng = random.Random(154)
    while not g.is_over:
        seat = g.to_act[0]
        actions = g.legal_actions(seat)
        assert actions, (seat, g.melds(seat))
        for a in actions:
            if a.kind in (K.CHI, K.PENG):
                assert len(g.hand(seat)) >= 3
        g.apply(rng.choice(actions))


def test_responses_hu_before_zhao_before_chi() -> None:
    """daer.md §7: responses 胡 > 招 > 碰 > 吃 (here 招 beats the 下家's 吃, and 胡 beats 招)."""
    g = game({0: "六", 1: "四 五", 2: "六六六"})
    g.apply(Action(0, K.DISCARD, "x6"))
    assert g.to_act == (1, 2)
    chi = next(a for a in g.legal_actions(1) if a.kind is K.CHI)
    g.apply(chi)
    g.apply(Action(2, K.GANG, "x6"))
    assert g.melds(1) == () and [m.kind.value for m in g.melds(2)] == ["gang"]

    waiting = "一二三 壹貳叄 二七十 四五 肆伍陸 柒捌玖 拾拾拾"  # waits on 三 or 六
    g = game({0: "六", 1: waiting, 2: "六六六"})
    g.apply(Action(0, K.DISCARD, "x6"))
    assert g.legal_actions(1)[0] == Action(1, K.WIN, "x6")
    g.apply(Action(2, K.GANG, "x6"))
    g.apply(Action(1, K.WIN, "x6"))
    assert g.result.winner == 1 and g.melds(2) == ()


def test_chi_only_from_the_shangjia() -> None:
    """daer.md §7: 吃 only from one's 上家 — of three players, the seat after the discarder may
    eat the card, the seat before him (his 上家, here seat 2) may not."""
    g = game({0: "三", 1: "一 二", 2: "四 五"})
    g.apply(Action(0, K.DISCARD, "x3"))
    assert any(a.kind is K.CHI for a in g.legal_actions(1))
    assert all(a.kind is not K.CHI for a in g.legal_actions(2))
    assert 2 not in g.to_act  # no other claim: seat 2 is not even asked
    with pytest.raises(IllegalActionError, match="nothing to decide on the card on offer"):
        g.verify(Action(2, K.CHI, "x3", ("x4", "x5")))


def test_chi_makes_lie_erqishi_and_daxiao_hunda() -> None:
    """daer.md §7: the 上家's discard is eaten into a 列 (sequence), a 2-7-10 or a 大小混搭
    (three of one value, both cases)."""
    g = game({0: "七 捌", 1: "六 八 二 十 七 柒 柒"})
    g.apply(Action(0, K.DISCARD, "x7"))
    pairs = {tuple(c.code for c in a.cards) for a in g.legal_actions(1) if a.kind is K.CHI}
    assert {("x6", "x8"), ("x2", "x10"), ("x7", "d7"), ("d7", "d7")} <= pairs
    g.apply(Action(1, K.CHI, "x7", ("d7", "d7")))
    assert [(m.kind.hanzi, m.label()) for m in g.melds(1)] == [("絞", "吃")]


def test_a_triple_made_by_the_discard_won_on_is_a_peng() -> None:
    """daer.md §7 / E5 with zipai.md §8.1: the discard a hand wins on that completes a triple
    makes a 碰 (a pair in hand and another player's card: 3 胡 for a big one), not a 坎 (6):
    12 胡 self-drawn is 9 胡 on a discard, under the 10 of 瀘州, so no 胡 is offered."""
    hand = "拾拾 四五六 七八九 肆伍陸 二三四 伍陸柒 壹貳叄"
    g = game({0: "拾", 1: hand})
    g.apply(Action(0, K.DISCARD, "d10"))
    assert Action(1, K.WIN, "d10") not in g.legal_actions(1)
    assert Action(1, K.PENG, "d10") in g.legal_actions(1)


def test_a_discard_in_a_sentence_leaves_the_triple_a_kan() -> None:
    """daer.md §7 / E5: when the discard won on can sit in another set (here the 拾 of 捌玖拾,
    the hand holding four 拾), the triple stays a 刻 / 坎: the card counts where it is worth
    more (zipai.md §8.1: 坎 6, 碰 3)."""
    from changpai.daer import best_decomposition

    hand = "拾拾拾 捌玖拾 四五六 七八九 肆伍陸 二三四 壹貳叄"
    won = best_decomposition(hand, rules=LUZHOU, discard="拾")
    drawn = best_decomposition(hand, rules=LUZHOU)
    assert won is not None and drawn is not None
    assert won.hu == drawn.hu == 12 and "坎 拾拾拾" in str(won)  # (瀘州 names: 坎 for 刻)


def test_huxi_scoring_pays_a_peng_for_the_discard_won_on() -> None:
    """daer.md E5 (字牌 胡息 table): on seat 0's discard 拾, seat 1's 拾拾 + 拾 is a 碰 (3),
    so the hand is 6 胡 (一二三 3, 碰 3) and seat 0 pays 6; self-drawn it would be a 坎 (9)."""
    from changpai.daer import DAER, best_decomposition

    rules = DAER.evolve(scoring="huxi")
    hand = "拾拾 伍伍 一二三 四五六 七八九"
    g = game({0: "拾", 1: hand}, rules=rules)
    g.apply(Action(0, K.DISCARD, "d10"))
    g.apply(Action(1, K.WIN, "d10"))
    for seat in g.to_act:
        g.apply(Action(seat, K.PASS))
    assert [(p.payer, p.payee, p.amount) for p in g.result.payments] == [(0, 1, 6)]
    drawn = best_decomposition(f"{hand} 拾", rules=rules)
    assert drawn is not None and drawn.hu == 9


def test_a_pair_and_the_discard_won_on_are_no_locked_kan() -> None:
    """daer.md §7: a 坎 (three in hand) cannot be split — but a pair and the discard won on are
    a 碰, not a 坎 (E5, zipai.md §8.1): the discard may sit in another set. Here 拾 makes
    捌玖拾 with 拾拾 the 對子 (a 垅 on the table asks for one)."""
    from changpai.daer import best_decomposition

    hand = "一二三 壹貳叄 二七十 四五六 捌玖拾 拾拾"
    won = best_decomposition(hand, "垅 伍伍伍伍", rules=LUZHOU, discard="拾")
    assert won is not None and str(won.jiang) == "將 拾拾" and won.hu == 24
    g = game({0: "拾", 1: "伍伍伍伍 一二三 壹貳叄 二七十 四五六 捌玖 拾拾"})
    g.apply(Action(0, K.DISCARD, "d10"))
    assert Action(1, K.WIN, "d10") in g.legal_actions(1)
    g.apply(Action(1, K.WIN, "d10"))
    for seat in g.to_act:
        g.apply(Action(seat, K.PASS))
    assert g.result is not None and g.result.winner == 1 and g.result.value == 24


def _to_seat_1_turn(g: Game) -> None:
    """Pass every claim on the dealer's first discard, to seat 1's draw."""
    g.apply(Action(0, K.DISCARD, "x9"))
    while g.phase == "claim":
        g.apply(Action(g.to_act[0], K.PASS))


def test_a_three_made_by_drawing_is_no_kan() -> None:
    """daer.md §7: a 坎 is a *dealt* three. A pair dealt and a third drawn may be split: a card
    of it may be thrown (a dealt 三三三 may not: test_kan_is_not_discarded)."""
    g = game({0: "九", 1: "三三"}, stock="三")
    _to_seat_1_turn(g)
    assert g.to_act == (1,) and g.hand(1).count(Card("x3")) == 3
    assert Action(1, K.DISCARD, "x3") in g.legal_actions(1)
    assert g.kan(1) == ()  # (the 坎 the analyses are told: kan=game.kan(seat))


def test_game_kan_lists_the_dealt_threes_until_laid() -> None:
    """daer.md §7: `Game.kan` names the dealt 坎 of a seat; a 招 (the 坎 and a discard) lays
    it out, and it is no 坎 any more."""
    g = game({0: "六", 2: "六六六 九九九"})
    assert g.kan(2) == (Card("x6"), Card("x9")) and g.kan(1) == ()
    g.apply(Action(0, K.DISCARD, "x6"))
    if 1 in g.to_act:
        g.apply(Action(1, K.PASS))
    g.apply(Action(2, K.GANG, "x6"))
    assert g.kan(2) == (Card("x9"),)


def test_a_win_on_a_drawn_third_that_splits_it() -> None:
    """daer.md §7: a drawn third is read freely — 二二三三四四 and a drawn 三 are 一二三 二三四
    三四五 beside the dealt 坎 拾拾拾 (15 胡), a self-drawn win (paid double by both others);
    the analysis told the 坎 held (``kan=``) agrees, and told nothing takes 三三三 for a 坎."""
    from changpai.daer import best_decomposition

    hand = "一二二三三四四五 壹貳叄 肆伍陸 柒捌玖 拾拾拾"
    g = game({0: "九", 1: hand}, stock="三")
    _to_seat_1_turn(g)
    assert Action(1, K.WIN) in g.legal_actions(1)
    g.apply(Action(1, K.WIN))
    assert g.result is not None and g.result.winner == 1 and g.result.value == 15
    full = hand + " 三"
    assert best_decomposition(full, rules=LUZHOU, kan="拾").hu == 15
    assert best_decomposition(full, rules=LUZHOU) is None


def test_score_takes_every_win_of_the_engine() -> None:
    """`score(game.result.win)` is the result's sheet for every 瀘州 win — those that split a
    three made by drawing too (seed 663: `score` checked the reading with every three locked
    and refused it), and a reading the analysis was told the 坎 of (daer.md §7)."""
    from changpai.daer import best_decomposition, random_game, score

    wins = 0
    for seed in range(700):
        result = random_game(LUZHOU, seed).result
        if result is not None and result.winner is not None:
            wins += 1
            assert score(result.win) == result.sheet, seed
    assert wins > 30
    split = best_decomposition(
        "一二二三三四四五 壹貳叄 肆伍陸 柒捌玖 拾拾拾 三", rules=LUZHOU, kan="拾"
    )
    assert split is not None and score(split, rules=LUZHOU).total == 2 * split.hu


def test_a_drawn_fourth_of_a_kan_is_no_self_drawn_win() -> None:
    """daer.md §7: a drawn fourth of a 坎 makes a 垅, laid at once — no win on the draw; on a
    discard the card sits in 捌玖拾 beside the 坎 and wins, the reading `waits` gives for it
    (it is read as a discard win: the draw would make a 垅)."""
    from changpai.daer import waits

    hand = "拾拾拾 捌玖 一二三 四五六 七八九 壹貳叄 肆伍陸"
    reading = waits(hand, rules=LUZHOU, kan="拾")[Card("d10")]
    assert "捌玖拾" in str(reading) and "坎 拾拾拾" in str(reading)
    drawn = game({0: "五", 1: hand}, stock="拾")
    drawn.apply(Action(0, K.DISCARD, "x5"))
    while drawn.phase == "claim":
        drawn.apply(Action(drawn.to_act[0], K.PASS))
    assert drawn.to_act == (1,) and [str(m) for m in drawn.melds(1)] == ["垅 拾拾拾拾"]
    assert all(a.kind is K.DISCARD for a in drawn.legal_actions(1))
    discarded = game({0: "拾", 1: hand})
    discarded.apply(Action(0, K.DISCARD, "d10"))
    assert Action(1, K.WIN, "d10") in discarded.legal_actions(1)
