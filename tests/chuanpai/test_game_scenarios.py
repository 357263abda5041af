"""Scenario tests of the 川牌 擠兒 game engine on stacked decks, one rule each, citing the section
of chuanpai.md they check (§2.1 seats and deal, §2.2 flow and claim order, §2.3 偷, §2.4 forced
rules, §2.5 win, §2.7 / Ambiguities C4 alternative wins, §2.2.5 next dealer)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from changpai.chuanpai import (
    GEHU,
    YAODIREN,
    Action,
    ActionKind,
    Card,
    Game,
    Meld,
    MeldKind,
    Rules,
    best_decomposition,
    can_jiao,
    parse,
    score,
    stack_deck,
)


def texts(actions: list[Action]) -> set[str]:
    return {str(a) for a in actions}


def forced(game: Game) -> list[str]:
    return [str(r.action) for r in game.log if r.auto]


# Dealer: 8 擠兒 + the surplus cards 貓貓 15, 二四 24, 長三 33, 丁丁 12 (see test_game.py).
DEALER = "66 44 56 45 46 55 56 36 13 24 22 33 14 23 26 11 15 12"
FOUR = YAODIREN.evolve(jiao="off")
# 4 players: seats 1 and 2 hold no 7-point card; the 摸家 (seat 3) holds 高高 and a pair of 二四.
S1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 33 35 11 13"
S2 = "44 66 45 36 46 55 35 11 26 66 13 24 22 15 33 33 12"
S3 = "24 24 13 55 16"


def test_mojia_draws_into_hand_and_may_not_bai() -> None:
    """chuanpai.md §2.1: the 尾家 / 摸家 (4th seat, 5 cards) "不能吃牌": a discarded 丁丁 would
    force a regular seat holding a single 高高 to 擺 (§2.4.2), but the 摸家 is not asked; "輪到他
    打牌時，可以摸一張牌上手，換一張打出來": on his turn he draws the card into hand (unseen) and
    discards, instead of turning it for everybody."""
    game = Game(FOUR, deck=stack_deck(FOUR, hands=[DEALER, S1, S2, S3], stock="12 12 55"))
    assert [len(game.hand(s)) for s in range(4)] == [18, 17, 17, 5]
    assert [game.is_small(s) for s in range(4)] == [False, False, False, True]
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    # Nobody regular can use 丁丁; seats 1 and 2 turn 丁丁 for everybody; the 摸家 draws 梅子.
    assert forced(game) == ["seat 1 翻 丁丁", "seat 2 翻 丁丁", "seat 3 摸 梅子"]
    assert game.phase == "discard" and game.to_act == (3,)
    assert Counter(game.hand(3)) == Counter(parse("55 55 16 24 24 13"))
    # 梅子 梅子 (20) and 二四 合牌 (10) are 擠兒: only 高高 or one 二四 may go (§2.4.1).
    assert texts(game.legal_actions(3)) == {"seat 3 打 高高", "seat 3 打 二四"}
    # The drawn card is hidden from the others.
    view = game.view(0)
    assert view.seats[3].hand_size == 6 and len(view.hand) == 17


def test_mojia_peng_comes_before_nearer_bai() -> None:
    """chuanpai.md §2.1 (the 摸家 may 扯 = 碰) and §2.2.3 (碰 before 擺): the discarded 二四 could
    be 擺'd by seats 1 and 2 (合牌 / 長二), but the 摸家's 碰 is asked first; 齊頭 makes it
    mandatory (§2.4.4: in hand one good 4-point card against two bad 6-point cards, b == g + 1)."""
    game = Game(FOUR, deck=stack_deck(FOUR, hands=[DEALER, S1, S2, S3], stock="12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("24")))
    assert game.to_act == (3,)
    peng = Action(3, ActionKind.CLAIM, card=Card("24"), cards=parse("24 24"), meld=MeldKind.PENG)
    assert game.legal_actions(3) == [peng]
    game.apply(peng)
    # §2.3: a 碰 earns one 偷 (丁丁), which pairs with 高高; 梅子 or 合牌 may be discarded.
    assert [str(m) for m in game.melds(3)] == ["碰 二四 二四 二四"]
    assert forced(game) == ["seat 3 偷 丁丁"]
    assert texts(game.legal_actions(3)) == {"seat 3 打 梅子", "seat 3 打 合牌"}


def test_the_weijia_may_only_che_an_offered_card() -> None:
    """chuanpai.md §2.1: the 尾家 (4th seat, 5 cards) "may only 扯 (= 碰)" (seed 001 "尾家不能吃牌，
    只能扯牌和起手一坎牌"): holding 高高 and 三四, a discarded 二五 completes his 燕 but is not his
    to take (a review: it was offered, and forced, §2.4.2). The 5th player's 燕 (3 cards, "只能碰、
    燕、槓") stays."""
    hands = {
        0: "25 66 66 56 56 46 46 55 55 45 45 36 36 26 26 35 35 44",
        1: "66 56 46 55 45 36 26 35 44 15 15 33 33 14 14 23 23",
        2: "66 56 46 55 45 36 26 35 44 15 33 14 23 13 13 22 22",
        3: "16 34 11 11 24",
    }
    game = Game(YAODIREN, deck=stack_deck(YAODIREN, hands=hands, seed=1))
    while game.phase == "setup":
        legal = game.legal_actions(game.to_act[0])
        game.apply(next((a for a in legal if a.kind is ActionKind.READY), legal[0]))
    before = game.copy()
    game.apply(Action(0, ActionKind.DISCARD, card=Card("25")))
    assert not any(r.action.seat == 3 and r.action.kind is ActionKind.CLAIM for r in game.log)
    assert all(a.kind is not ActionKind.CLAIM for a in game.legal_actions(3))
    # mojia_claims="all": the 燕 as the 5th player's (and documents written before the option)
    loose = Game(
        YAODIREN.evolve(mojia_claims="all"),
        deck=stack_deck(YAODIREN, hands=hands, seed=1),
    )
    for record in before.log:
        if not record.auto:
            loose.apply(record.action)
    loose.apply(Action(0, ActionKind.DISCARD, card=Card("25")))
    assert [str(a) for a in loose.legal_actions(3)] == ["seat 3 吃 燕 二五 with 高高 三四"]
    import json

    data = json.loads(loose.to_json())
    del data["rules"]["mojia_claims"]
    assert Game.from_json(json.dumps(data)).rules.mojia_claims == "all"
    five = Game(YAODIREN, seed=1, players=5)
    assert five.is_small(4) and five._tail == 3
    hand = five._hands[4]  # (the 3-card 5th player, given 高高 and 三四: white-box)
    hand[:] = [0] * len(hand)
    hand[Card("16").index] = hand[Card("34").index] = hand[Card("11").index] = 1
    claims = five._claim_options(4, Card("25"), 0)[0]
    assert [a.meld for a in claims] == [MeldKind.YAN]


@pytest.mark.parametrize("rules", [YAODIREN, GEHU], ids=["yaodiren", "gehu"])
def test_the_weijia_claims_only_peng_in_played_games(rules: Rules) -> None:
    """chuanpai.md §2.1 over random games: every claim the 尾家 is offered is a 碰."""
    for seed in range(40):
        game = Game(rules, seed=seed)
        tail = game._tail
        assert tail == 3 and game.is_small(tail)
        chooser = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if seat == tail:
                assert all(a.meld is MeldKind.PENG for a in legal if a.kind is ActionKind.CLAIM), (
                    legal
                )
            game.apply(chooser.choice(legal))


def test_sixteen_fifteen_deal_has_no_mojia() -> None:
    """Ambiguities C5 ([S000] copy "頭家抓16張，後面各家都是15張"): 16 / 15 / 15 / 15, every seat a
    regular player that turns cards for everybody; no seat ever draws into hand."""
    rules = YAODIREN.evolve(deal="16/15")
    seen_turn = set()
    for seed in range(4):
        game = Game(rules, seed=seed)
        dealt = []
        for seat in range(4):
            tou = sum(
                1
                for r in game.log
                if r.action.kind is ActionKind.TOU
                and r.action.seat == seat
                and r.action.card is not None
            )
            held = len(game.hand(seat)) + sum(len(m.cards) for m in game.melds(seat))
            dealt.append(held + len(game.side_cards(seat)) - tou)
        assert dealt == [16, 15, 15, 15]
        assert not any(game.is_small(s) for s in range(4))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        assert not any(r.action.kind is ActionKind.DRAW for r in game.log)
        seen_turn |= {r.action.seat for r in game.log if r.action.kind is ActionKind.TURN}
    assert 3 in seen_turn


def test_seven_players_seat_rules() -> None:
    """chuanpai.md §2.1: with 7 players the 5th gets 5 and the 6th 3 (small seats like the
    摸家), the 7th one card ("一頁"); he never acts, never turns and never draws."""
    rules = YAODIREN.evolve(players=7)
    assert rules.deal_sizes() == (18, 17, 17, 5, 5, 3, 1)
    for seed in range(3):
        game = Game(rules, seed=seed, dealer=2)
        seventh = (2 + 6) % 7
        assert game.is_passive(seventh) and len(game.hand(seventh)) == 1
        assert [game.is_small((2 + p) % 7) for p in range(7)] == [False] * 3 + [True] * 3 + [False]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            assert seat != seventh
            game.apply(rng.choice(game.legal_actions(seat)))
        assert all(r.action.seat != seventh for r in game.log if r.action.kind != "win")
        small = {r.action.seat for r in game.log if r.action.kind is ActionKind.DRAW}
        assert small <= {(2 + p) % 7 for p in (3, 4, 5)}


def test_tou_completing_sets_is_laid_at_once() -> None:
    """chuanpai.md §2.3: "不要把偷上來的這張牌插入手中" — a 偷 that makes three alike is laid
    straight down as 暗, a 偷 that completes the three sevens as 燕; each earns its own 偷."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    seat1 = "15 15 23 23 16 34 66 44 56 45 46 55 36 56 26 11 35"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="23 25 13"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("15")))
    # No 4-point card against two 貓貓 (§2.4.4, b >= g + 2): the 碰 is the only choice.
    peng = Action(1, ActionKind.CLAIM, card=Card("15"), cards=parse("15 15"), meld=MeldKind.PENG)
    assert game.legal_actions(1) == [peng]
    game.apply(peng)
    assert forced(game) == [
        "seat 1 偷 拐子",
        "seat 1 成幅 暗 拐子",
        "seat 1 偷 二五",
        "seat 1 成幅 燕 二五",
        "seat 1 偷 合牌",
    ]
    assert [str(m) for m in game.melds(1)] == [
        "碰 貓貓 貓貓 貓貓",
        "暗 拐子 拐子 拐子",
        "燕 高高 三四 二五",
    ]
    assert Card("23") not in game.hand(1) and Card("13") in game.hand(1)


def test_setup_tou_in_seat_order() -> None:
    """chuanpai.md §2.1: "抓好牌後…有成了暗牌、燕牌的，都把牌放下去，再按順序偷牌" — all seats
    lay first, then the 偷 are taken in seat order from the dealer."""
    rules = YAODIREN.evolve(players=3, jiao="off")
    dealer = "55 55 55 66 44 56 45 46 46 36 56 13 24 22 33 14 23 26"
    seat1 = "16 34 25 66 44 56 45 46 36 56 14 14 23 23 22 33 13"
    seat2 = "33 33 33 66 44 66 35 55 55 46 11 26 14 23 26 11 13"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1, seat2], stock="12 15 24"))
    assert game.to_act == (0,)
    game.apply(Action(0, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
    assert not forced(game)  # no 偷 before every seat has laid
    game.apply(Action(1, ActionKind.LAY, cards=parse("16 34 25"), meld=MeldKind.YAN))
    game.apply(Action(2, ActionKind.LAY, cards=parse("33 33 33"), meld=MeldKind.AN))
    assert forced(game)[:3] == ["seat 0 偷 丁丁", "seat 1 偷 貓貓", "seat 2 偷 二四"]


def test_setup_lays_four_alike_as_liang() -> None:
    """chuanpai.md §2.3 亮: "自己手裏組成四張一樣的牌，明擺…叫做亮" — four alike are laid as one
    亮 (2 偷), not as a 暗 plus a single."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    dealer = "55 55 55 55 66 44 56 45 46 46 36 56 13 24 22 33 14 23"
    game = Game(
        rules,
        deck=stack_deck(
            rules,
            hands=[dealer, "66 44 56 45 36 56 14 14 23 23 22 33 13 24 26 11 26"],
            stock="15 24",
        ),
    )
    assert texts(game.legal_actions(0)) == {"seat 0 攤 亮 梅子 梅子 梅子 梅子"}
    game.apply(game.legal_actions(0)[0])
    assert [str(m) for m in game.melds(0)] == ["亮 梅子 梅子 梅子 梅子"]
    assert forced(game)[:2] == ["seat 0 偷 貓貓", "seat 0 偷 二四"]


def test_turned_card_claim_order() -> None:
    """chuanpai.md §2.2.2-3: an unused discard is dead and the next seat turns a card from the
    stock for everybody ("翻牌給大家用", not into his hand); it is asked "自上而下" from the
    turner (Ambiguities C15): the turner first, then the next seats, the discarder included."""
    rules = YAODIREN.evolve(players=3, jiao="off")
    # Seat 1: 天牌 + 二六 is its only 8 / 12 pair -> an optional 擺 of 地牌 with the tied 二六.
    seat1 = "66 26 56 45 46 55 36 56 14 14 23 23 22 33 13 24 15"
    # Seat 2: 天牌 against 人牌 and 二六 -> one single 8-point card -> a forced 擺 (§2.4.2).
    seat2 = "66 44 26 56 45 46 55 36 14 14 23 23 22 33 13 24 15"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="11"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    # Nobody holds a 7-point card: 丁丁 is dead and seat 1 turns 地牌 for everybody.
    assert forced(game) == ["seat 1 翻 地牌"]
    assert game.dead == (Card("12"),) and Card("11") not in game.hand(1)
    assert game.to_act == (1,)
    bai1 = Action(1, ActionKind.CLAIM, card=Card("11"), cards=(Card("26"),), meld=MeldKind.BAI)
    assert game.legal_actions(1) == [bai1, Action(1, ActionKind.PASS)]
    game.apply(Action(1, ActionKind.PASS))
    assert game.to_act == (2,)
    assert texts(game.legal_actions(2)) == {
        "seat 2 吃 擺 地牌 with 人牌",
        "seat 2 吃 擺 地牌 with 二六",
    }


def test_qi_and_kang_come_before_a_nearer_bai() -> None:
    """chuanpai.md §2.2.3 "碰、起、槓優先於擺": seat 1 (next after the dealer) must 擺 the
    discarded 長三 with a single 4-point card, but seat 2 is asked first — for the 起 onto its
    暗 (forced, §2.3) or, holding three 長三 in 齊頭 (§2.4.4), for an optional 碰 / 扛."""
    rules = YAODIREN.evolve(players=3, jiao="off")
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 24 35 11 13"
    # (a) seat 2 was dealt 長三 ×3 with no 4-point card: the 暗 is mandatory, then 起 is forced.
    seat2 = "33 33 33 66 44 66 35 55 55 46 46 14 23 14 23 11 26"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="16"))
    assert texts(game.legal_actions(2)) == {"seat 2 攤 暗 長三 長三 長三"}
    game.apply(game.legal_actions(2)[0])
    game.apply(Action(0, ActionKind.DISCARD, card=Card("33")))
    assert game.to_act == (2,)
    assert texts(game.legal_actions(2)) == {"seat 2 吃 起 長三 with 長三 長三 長三"}
    game.apply(game.legal_actions(2)[0])
    assert str(game.melds(2)[0]) == "起 長三 長三 長三 長三"
    # §2.3: the 暗 stays face down and the fourth lies crosswise, face up, in others' views
    seen = game.view(1).seats[2].melds[0]
    assert (seen.cards, seen.hidden) == ((Card("33"),), 3) and str(seen) == "起 長三■■■"
    assert game.view(2).seats[2].melds[0].hidden == 0
    # (b) three 長三 against 合牌 合牌 長二 (3 good, 3 bad): the 暗 was optional and kept in hand.
    seat2 = "33 33 33 13 13 22 66 44 66 35 55 55 46 46 11 26 14"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="16"))
    game.apply(Action(2, ActionKind.READY))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("33")))
    assert game.to_act == (2,)
    assert texts(game.legal_actions(2)) == {
        "seat 2 吃 碰 長三 with 長三 長三",
        "seat 2 吃 扛 長三 with 長三 長三 長三",
        "seat 2 過",
    }
    game.apply(Action(2, ActionKind.PASS))
    # Then the 擺 stage, nearest seat first: seat 1 must 擺 (no pass).
    assert game.to_act == (1,)
    assert texts(game.legal_actions(1)) == {
        "seat 1 吃 擺 長三 with 合牌",
        "seat 1 吃 擺 長三 with 長二",
    }


def test_kang_earns_two_tou() -> None:
    """chuanpai.md §2.3: 扛 (three alike in hand + the fourth seen) earns two 偷, §2.6 7 胡."""
    rules = YAODIREN.evolve(players=3, jiao="off")
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 24 35 11 13"
    seat2 = "33 33 33 13 13 22 66 44 66 35 55 55 46 46 11 26 14"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="16 15"))
    game.apply(Action(2, ActionKind.READY))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("33")))
    game.apply(
        Action(2, ActionKind.CLAIM, card=Card("33"), cards=parse("33 33 33"), meld=MeldKind.KANG)
    )
    assert [str(m) for m in game.melds(2)] == ["扛 長三 長三 長三 長三"]
    assert forced(game) == ["seat 2 偷 高高", "seat 2 偷 貓貓"]


def test_qitou_mandatory_peng_even_when_tied() -> None:
    """chuanpai.md §2.4.4: with four good cards (天牌 天牌 地牌 地牌) against two bad 二六
    (g >= b + 2) the 碰 of 二六 is mandatory, although both 二六 are tied in 擠兒."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    dealer = "66 44 56 45 46 55 56 36 13 24 22 33 14 23 11 35 15 26"
    seat1 = "66 66 11 11 26 26 45 56 46 46 36 56 14 14 23 23 55"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1]))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("26")))
    assert texts(game.legal_actions(1)) == {"seat 1 吃 碰 二六 with 二六 二六"}


def test_red_dot_win_option() -> None:
    """chuanpai.md §2.7 / Ambiguities C4 ``win="red_dots"``: a regular player wins once the red
    dots of his 擺牌 reach 18 — 碰 人牌 ×3 = 3 × 8 = 24 red dots; under the default
    ``win="formed"`` the same 碰 does not end the hand."""
    dealer = DEALER
    seat1 = "44 44 66 26 45 56 46 55 36 56 14 14 23 23 22 33 13"
    for win, over in (("red_dots", True), ("formed", False)):
        rules = YAODIREN.evolve(players=2, jiao="off", win=win)
        game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1], stock="44"))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
        game.apply(
            Action(1, ActionKind.CLAIM, card=Card("44"), cards=parse("44 44"), meld=MeldKind.PENG)
        )
        assert game.is_over is over
        if over:
            assert game.result is not None and game.result.winner == 1
            assert best_decomposition(game.hand(1), game.melds(1), rules=rules) is None


def test_the_mojia_wins_all_black_section_2_7() -> None:
    """chuanpai.md §2.7: under ``win="red_dots"`` the 摸家 also wins with a table all black of
    at least ``red_dot_targets[2]`` (5) cards: 碰 梅子 ×3 and 碰 長二 ×3 (0 red dots, 6 cards);
    under ``win="formed"`` the hand goes on."""
    dealer = DEALER.replace("12", "55")
    s1 = S1.replace("22 33", "24 33")
    s2 = "44 66 45 36 46 55 35 11 26 66 13 24 22 15 33 33 12"
    for win in ("red_dots", "formed"):
        rules = FOUR.evolve(win=win)
        hands = [dealer, s1, s2, "55 55 22 22 16"]
        game = Game(rules, deck=stack_deck(rules, hands=hands, stock="14 22"))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("55")))
        game.apply(
            Action(3, ActionKind.CLAIM, card=Card("55"), cards=parse("55 55"), meld=MeldKind.PENG)
        )
        game.apply(Action(3, ActionKind.DISCARD, card=Card("14")))
        while game.phase == "claim" and game.offer is not None and game.offer[0] == Card("14"):
            game.apply(Action(game.to_act[0], ActionKind.PASS))
        game.apply(
            Action(3, ActionKind.CLAIM, card=Card("22"), cards=parse("22 22"), meld=MeldKind.PENG)
        )
        if win == "red_dots":
            assert game.result is not None and game.result.winner == 3
        else:
            assert not game.is_over


def test_red_dot_targets_by_seat() -> None:
    """chuanpai.md §2.7: targets 20 (dealer), 18 (other regular players), 5 (摸家): a 碰 of 幺四
    (3 × 5 = 15 red dots) wins for the 摸家 but not for a regular player."""
    rules = FOUR.evolve(win="red_dots")
    # The dealer's second 幺四 is surplus (幺四 + 拐子 is his only 5-point pair).
    dealer = DEALER.replace("12", "14")
    s1 = S1.replace("14 14", "26 35")
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, s1, S2, "14 14 13 55 16"], stock="12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("14")))
    assert game.to_act == (3,)  # 碰 before 擺, and forced: the two 幺四 are not both tied
    game.apply(
        Action(3, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
    )
    assert game.result is not None and game.result.winner == 3
    # The same 碰 by seat 1, a regular player: 15 < 18, the hand goes on.
    game = Game(
        rules,
        deck=stack_deck(rules, hands=[dealer, S1.replace("23 23", "26 35"), S2, S3], stock="12"),
    )
    game.apply(Action(0, ActionKind.DISCARD, card=Card("14")))
    assert game.to_act == (1,)
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
    )
    assert not game.is_over
    assert game.rules.red_dot_targets == (20, 18, 5)


def test_cards16_win_option() -> None:
    """Ambiguities C4 ``win="cards16"``: a player wins once ``cards_to_win`` cards lie on his
    table (16 by default; 3 here so that one 碰 reaches it)."""
    rules = YAODIREN.evolve(players=2, jiao="off", win="cards16", cards_to_win=3)
    seat1 = "44 44 66 26 45 56 46 55 36 56 14 14 23 23 22 33 13"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="44"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("44"), cards=parse("44 44"), meld=MeldKind.PENG)
    )
    assert game.result is not None and game.result.winner == 1


def test_jiao_blocks_the_win_until_a_pair_of_yao_di_ren() -> None:
    """chuanpai.md §2.5 叫牌 (Ambiguities C6 default ``jiao="win"``): all cards formed but no pair
    of 幺四 / 地牌 / 人牌 and no 土夥 -> no win; with ``jiao="off"`` the same play wins."""
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 33 35 11 13"
    for jiao, over in (("win", False), ("off", True)):
        rules = YAODIREN.evolve(players=2, jiao=jiao)
        game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="14 16 12"))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
        game.apply(
            Action(1, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
        )
        game.apply(Action(1, ActionKind.DISCARD, card=Card("13")))
        game.apply(
            Action(0, ActionKind.CLAIM, card=Card("13"), cards=(Card("15"),), meld=MeldKind.BAI)
        )
        assert game.is_over is over
        assert not can_jiao(game.all_cards(0))


# ---------------------------------------------------------------- wins under a greedy policy


def _greedy(game: Game, seat: int, rng: random.Random) -> Action:
    """Win when an action wins at once, else a random legal action."""
    legal = game.legal_actions(seat)
    for action in legal:
        if action.kind in (ActionKind.CLAIM, ActionKind.DISCARD):
            child = game.copy()
            child.apply(action)
            if child.result is not None and child.result.winner == seat:
                return action
    return rng.choice(legal)


@pytest.mark.parametrize("rules", [YAODIREN, GEHU], ids=["yaodiren", "gehu"])
def test_greedy_games_end_in_correct_wins(rules: Rules) -> None:
    """chuanpai.md §2.5 / §2.6 on whole games: with a "win when legal" policy most hands are won;
    every winner's cards are all formed, meet the 叫牌 condition when it applies, and the sheet
    is the best decomposition's 胡 with total + 1 from each loser."""
    wins = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(_greedy(game, seat, rng))
        result = game.result
        assert result is not None
        if result.winner is None:
            continue
        wins += 1
        seat = result.winner
        best = best_decomposition(game.hand(seat), game.melds(seat), rules=rules)
        assert best is not None and not game.side_cards(seat)
        if rules.jiao == "win":
            assert can_jiao(game.all_cards(seat))
        assert result.sheet is not None and result.sheet.total == best.hu
        assert {p.amount for p in result.payments} == {best.hu + 1}
        assert len(result.payments) == game.players - 1
    assert wins >= 8


def test_tou_fourth_that_wins_is_not_forced_into_qi() -> None:
    """chuanpai.md §2.3 起: the fourth card must join the 暗 "除非那張牌導致你和牌". Seat 1 has
    暗 梅子 on the table and a single 四六; the 偷 after its 碰 brings the fourth 梅子, which
    pairs with 四六 (20) and completes the hand: it stays in hand and the seat wins.

    Score: 天牌 + 人牌, 斧頭 + 紅九, 斧頭 + 三六, 四六 + 梅子 (20-point, 1 each) = 4; 高高 + 丁丁,
    幺四 + 幺四, 拐子 + 拐子 (10-point) = 0; 暗 3; 碰 2 -> 9 胡, the loser pays 10."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    seat1 = "55 55 55 15 15 46 66 44 56 45 36 56 14 23 14 23 16"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="12 55"))
    game.apply(Action(1, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("15")))
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("15"), cards=parse("15 15"), meld=MeldKind.PENG)
    )
    assert forced(game)[-3:] == ["seat 1 偷 梅子", "seat 1 留 梅子", "seat 1 胡"]
    assert [str(m) for m in game.melds(1)] == ["暗 梅子 梅子 梅子", "碰 貓貓 貓貓 貓貓"]
    assert game.result is not None and game.result.winner == 1
    assert game.result.sheet is not None and game.result.sheet.total == 9
    assert [p.amount for p in game.result.payments] == [10]
    # With 合牌 instead of 四六 the fourth 梅子 cannot win: it joins the 暗 as a 起, whose 偷
    # (二四, pairing with 合牌) then completes the hand.
    seat1 = "55 55 55 15 15 13 66 44 56 45 36 56 14 23 14 23 16"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="12 55 24"))
    game.apply(Action(1, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("15")))
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("15"), cards=parse("15 15"), meld=MeldKind.PENG)
    )
    assert forced(game)[-4:] == [
        "seat 1 偷 梅子",
        "seat 1 成幅 起 梅子",
        "seat 1 偷 二四",
        "seat 1 胡",
    ]
    assert str(game.melds(1)[0]) == "起 梅子 梅子 梅子 梅子"


def test_guo_only_for_seats_the_card_went_past() -> None:
    """chuanpai.md §2.4.3 過牌: "如果你門前曾經經過一張牌…當時你手裏沒有它的對方" — a card taken
    by an earlier seat never went past the later seats. The dealer's 丁丁 is 擺'd by seat 1 (a
    single 高高, forced); seat 2 (no 7-point card) never saw it pass, so when its 偷 later
    brings 三四 (the partner of 丁丁), the card goes into its hand, not face down as a 過牌."""
    rules = YAODIREN.evolve(players=3)
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 33 15 11 16"
    seat2 = "15 15 66 44 56 45 46 55 55 46 26 11 14 23 14 23 35"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="34"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    bai = Action(1, ActionKind.CLAIM, card=Card("12"), cards=(Card("16"),), meld=MeldKind.BAI)
    assert game.legal_actions(1) == [bai]
    game.apply(bai)
    game.apply(Action(1, ActionKind.DISCARD, card=Card("15")))
    game.apply(
        Action(2, ActionKind.CLAIM, card=Card("15"), cards=parse("15 15"), meld=MeldKind.PENG)
    )
    assert forced(game) == ["seat 2 偷 三四"]
    assert game.side_cards(2) == () and Card("34") in game.hand(2)


def test_seventh_player_hongli() -> None:
    """chuanpai.md §2.1: the 7th player's 紅利 — three copies of his card discarded or turned."""
    rules = YAODIREN.evolve(players=7)
    seen = set()
    for seed in range(12):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        (card,) = game.hand(6)
        shown = [
            r
            for r in game.log
            if r.action.kind in (ActionKind.DISCARD, ActionKind.TURN) and r.action.card == card
        ]
        assert game.hongli is (len(shown) >= 3)
        seen.add(game.hongli)
    assert seen == {True, False}
    assert Game(YAODIREN, seed=1).hongli is None


def test_the_seventh_player_pays_nothing() -> None:
    """chuanpai.md §2.1: the 7th player holds one card, shuffles and never plays — he is no
    loser (he paid the winner like the six who play; 孝感 had the same fix, review h96). The
    engine's Win names the six that play as its payers, so ``score(win)`` is the sheet."""
    for rules in (YAODIREN, GEHU):
        won = 0
        for seed in range(12):
            game = Game(rules, seed=seed, players=7, dealer=seed % 7)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions(game.to_act[0])))
            result = game.result
            assert result is not None
            if result.winner is None:
                continue
            won += 1
            idle = next(s for s in range(7) if s not in game.seats)
            assert result.net(7)[idle] == 0 and sum(result.net(7).values()) == 0
            assert result.win.payers == tuple(sorted(set(game.seats) - {result.winner}))
            assert score(result.win) == result.sheet
        assert won


def test_qitou_mandatory_kang_is_the_only_claim_unless_kang_optional() -> None:
    """chuanpai.md §2.3 扛 (three alike in hand + the fourth seen), §2.4.4 "如果壞牌比好牌多一張，
    就必須暗、碰、槓" and Ambiguities C8. Seat 2 keeps three 長三 (6, bad) against 合牌 合牌 長二
    (4, good) at the deal (齊頭, optional), lays its 梅子 ×3 and its 偷 brings 二四, a fourth bad
    card: b == g + 1. The dealer's 長三 then must be 扛'd (default ``kang="qitou"``): a 碰 of
    two of the three is not the unit the rule asks for. With ``kang="optional"`` the 扛 is
    optional: the seat may 碰 instead (the 碰 itself stays mandatory under 齊頭)."""
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 24 35 11 13"
    seat2 = "33 33 33 13 13 22 66 44 66 35 55 55 55 46 11 26 14"
    claims = {}
    for kang in ("qitou", "optional"):
        rules = YAODIREN.evolve(players=3, jiao="off", kang=kang)
        game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1, seat2], stock="24"))
        assert texts(game.legal_actions(2)) == {
            "seat 2 攤 暗 長三 長三 長三",
            "seat 2 攤 暗 梅子 梅子 梅子",
        }
        game.apply(Action(2, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
        game.apply(Action(2, ActionKind.READY))
        assert forced(game) == ["seat 2 偷 二四"]
        game.apply(Action(0, ActionKind.DISCARD, card=Card("33")))
        assert game.to_act == (2,)
        claims[kang] = texts(game.legal_actions(2))
    assert claims["qitou"] == {"seat 2 吃 扛 長三 with 長三 長三 長三"}
    assert claims["optional"] == {
        "seat 2 吃 碰 長三 with 長三 長三",
        "seat 2 吃 扛 長三 with 長三 長三 長三",
    }


@pytest.mark.parametrize(
    ("pairs", "what"),
    [
        ("46 46", "each 梅子 tied to its own 四六 (55+46, 55+46)"),
        ("35 11", "the two 梅子 tied to each other (55+55 = 20)"),
    ],
)
def test_peng_of_a_self_pairing_card_is_optional_when_both_are_tied(pairs: str, what: str) -> None:
    """chuanpai.md §2.4.2: the 3-card claim (碰) is forced "unless both of your cards are tied in
    擠兒" ("除非你手裏的兩張都有各自的配偶栓着"). A 10-point card pairs with 10-point cards, itself
    included (§2.3); seat 1 holds two 梅子 (``what``): no 梅子 is single, so the 碰 of the dealer's
    surplus 梅子 may be passed (it was forced: the other 10-point cards could pair again among
    themselves), and so may the 擺 after it."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    dealer = "66 44 56 45 46 55 56 36 13 24 22 33 14 23 26 11 15 55"
    seat1 = f"55 55 {pairs} 66 44 56 45 36 56 14 23 13 24 22 33 11"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1]))
    assert game.to_act == (0,) and "seat 0 打 梅子" in texts(game.legal_actions(0))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("55")))
    assert game.to_act == (1,)
    assert texts(game.legal_actions(1)) == {"seat 1 吃 碰 梅子 with 梅子 梅子", "seat 1 過"}
    game.apply(Action(1, ActionKind.PASS))
    assert game.to_act == (1,)  # the 擺 stage
    assert "seat 1 過" in texts(game.legal_actions(1))


def test_gehu_yan_is_optional_when_both_sevens_are_tied() -> None:
    """chuanpai.md §4 (割胡: 7 + 7 = 14) and §2.4.2: seat 1 holds 高高 三四, a 14-point 擠兒 of
    each other; the discarded 二五 would complete a 燕, but both cards are tied, so the 燕 (and
    the 擺 after it) may be passed."""
    dealer = "66 11 56 12 46 13 55 22 45 14 36 23 44 15 26 24 35 25"
    seat1 = "16 34 66 11 56 12 46 13 55 22 45 14 36 23 44 15 33"
    rules = GEHU.evolve(players=2)
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1]))
    assert game.to_act == (0,)
    game.apply(Action(0, ActionKind.DISCARD, card=Card("25")))
    assert game.to_act == (1,)
    assert texts(game.legal_actions(1)) == {"seat 1 吃 燕 二五 with 高高 三四", "seat 1 過"}
    game.apply(Action(1, ActionKind.PASS))
    assert game.to_act == (1,) and "seat 1 過" in texts(game.legal_actions(1))


@pytest.mark.parametrize(
    "rules",
    [
        YAODIREN.evolve(jiao="off", win="cards16", cards_to_win=0),
        YAODIREN.evolve(jiao="off", win="red_dots", red_dot_targets=(0, 0, 0)),
    ],
    ids=["cards16-0", "red_dots-0"],
)
def test_an_alternative_win_needs_cards_on_the_table(rules: Rules) -> None:
    """chuanpai.md §2.7 / Ambiguities C4: the alternative wins count the 擺牌, the cards on the
    seat's table; with a target of 0 a seat with an empty table has no 擺牌 and does not win (the
    engine raised NotationError scoring an empty table). Seed 0's dealer lays nothing."""
    game = Game(rules, seed=0)
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    assert game.result is not None and game.result.winner is not None
    assert game.melds(game.result.winner)


def test_jiao_deal_checks_the_dealt_cards() -> None:
    """Ambiguities C6 ``jiao="deal"``: the 叫牌 condition (§2.5) is checked among the dealt cards
    only. Seat 1 was dealt a pair of 幺四, the dealer none (one 幺四, one 地牌, one 人牌); the
    dealer then forms every card, as in the test above, and may not win."""
    seat1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 33 35 11 13"
    rules = YAODIREN.evolve(players=2, jiao="deal")
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="14 16 12"))
    assert (game.jiao_at_deal(0), game.jiao_at_deal(1)) == (False, True)
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
    )
    game.apply(Action(1, ActionKind.DISCARD, card=Card("13")))
    game.apply(Action(0, ActionKind.CLAIM, card=Card("13"), cards=(Card("15"),), meld=MeldKind.BAI))
    assert best_decomposition(game.hand(0), game.melds(0), rules=rules) is not None
    assert not game.is_over and game.to_act == (0,)


def test_qitou_uncovered_optional_lets_the_peng_be_passed() -> None:
    """Ambiguities C9: the 摸家 holds 二四 二四 貓貓 — three bad 6-point cards and no good
    4-point card (b >= g + 2, a case §2.4.4 does not cover); the 碰 of the dealer's 二四 is
    mandatory by default and optional with ``qitou_uncovered="optional"``."""
    seat3 = "24 24 15 55 16"
    for uncovered, expected in (("mandatory", set()), ("optional", {"seat 3 過"})):
        rules = FOUR.evolve(qitou_uncovered=uncovered)
        game = Game(rules, deck=stack_deck(rules, hands=[DEALER, S1, S2, seat3], stock="12"))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("24")))
        assert game.to_act == (3,)
        assert texts(game.legal_actions(3)) == {"seat 3 吃 碰 二四 with 二四 二四", *expected}


def test_jing_qi_or_the_winning_bai_section_2_3() -> None:
    """chuanpai.md §2.3 起 "must attach unless that card wins the hand" holds for a 經 暗 too (a
    經牌 起, §2.6). Seat 1 lays 丁丁 丁丁 財神 as a 經 暗; with its 偷 every card but 高高 is
    paired. The dealer's 丁丁 would make a 經 起, but 擺'd with 高高 (3 + 7) it wins the hand:
    the 起 and that 擺 are offered, no pass (the card is not let go by), and the 擺 wins."""
    rules = YAODIREN.evolve(players=2, deck="deck86", jiao="off")
    seat1 = "12 12 JC 16 66 44 56 45 46 55 36 56 14 23 13 24 22"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="33"))
    assert texts(game.legal_actions(1)) == {"seat 1 攤 暗 丁丁 丁丁 財神", "seat 1 攤完"}
    game.apply(Action(1, ActionKind.LAY, cards=parse("12 12 JC"), meld=MeldKind.AN))
    assert forced(game) == ["seat 1 偷 長三"]
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    assert game.to_act == (1,)
    legal = game.legal_actions(1)
    assert "seat 1 過" not in texts(legal) and "seat 1 吃 起 丁丁 with 丁丁 丁丁 財神" in texts(
        legal
    )
    bai = Action(1, ActionKind.CLAIM, card=Card("12"), cards=(Card("16"),), meld=MeldKind.BAI)
    assert bai in legal
    taken = game.copy()
    taken.apply(
        Action(1, ActionKind.CLAIM, card=Card("12"), cards=parse("12 12 JC"), meld=MeldKind.QI)
    )
    assert taken.melds(1)[0].kind is MeldKind.QI
    game.apply(bai)
    assert game.result is not None and game.result.winner == 1


def test_dingfu_counts_red_for_the_mojia_section_2_7() -> None:
    """chuanpai.md §2.7: for the 摸家 丁斧 may count as red or black — a table of 碰 斧頭 and
    碰 和牌 (3 real red dots, 3 + 3 cards) reaches its 5 red dots with 斧頭's dots counted red
    (it was no win: too few red dots, not all black); a regular seat counts only real red dots."""
    game = Game(FOUR.evolve(win="red_dots"), seed=1)
    mojia = next(seat for seat in range(4) if game._small[seat])
    regular = next(seat for seat in range(4) if not game._small[seat] and game.position(seat))
    table = [Meld.parse("碰 56 56 56"), Meld.parse("碰 13 13 13")]
    assert game._alternative_win(mojia, table)
    assert game._alternative_win(mojia, [Meld.parse("碰 12 12 12")])  # (丁丁: 9 dots, 3 red)
    assert not game._alternative_win(mojia, [Meld.parse("碰 13 13 13")])  # (3 red dots)
    assert not game._alternative_win(regular, table)  # (target 18: 3 real red dots)
