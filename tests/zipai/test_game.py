"""Scenario tests of the 跑胡子 engine on stacked decks; each test names its rule section."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from zipai_scenes import PAO_HU, W1, A, act, deal, kinds, pass_until, records, text

from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.zipai.actions import Action
from changpai.zipai.cards import Card
from changpai.zipai.game import Game
from changpai.zipai.melds import Meld
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, Rules

LEGACY = Path(__file__).resolve().parents[1] / "core" / "legacy" / "zipai.json"

# W1 waiting on 九 instead (八九十).
W3 = "一二三 二七十 四五六 肆肆肆 捌捌捌 六七八 x8 x10"


def held(game: Game, seat: int) -> int:
    return len(game.hand(seat)) + sum(len(m.cards) for m in game.melds(seat))


# ------------------------------------------------------------------------------------ §3 deal


@pytest.mark.parametrize(
    ("rules", "sizes", "stock"),
    [(HUNAN, [21, 20, 20], 19), (LIUHUDAO, [15, 14, 14, 14], 23), (HAHA, [21, 20, 20], 19)],
    ids=[
        "zipai.md §3 3p 21/20/20",
        "zipai.md §3 Z7 6胡倒 15/14/14/14",
        "zipai.md §2 §3 數信 (three play) 21/20/20",
    ],
)
def test_deal_sizes(rules: Rules, sizes: list[int], stock: int) -> None:
    """zipai.md §3: the dealer gets one card more (the 亮張), the rest is the stock."""
    for seed in range(5):
        game = Game(rules, seed=seed)
        assert [held(game, s) for s in game.seats] == sizes
        assert game.stock_size == stock
        n = rules.players * rules.hand_size
        assert game.view(1).fact("亮張") == game.deck[n]
        assert game.log[1].action == Action(0, A.LIANG, game.deck[n])


def test_shuxin_seat_sits_out() -> None:
    """zipai.md §2 (seed 004 數信): four seated, the seat opposite the dealer does not play."""
    game = Game(HAHA, seed=1, dealer=1)
    assert game.seats == (1, 2, 0)  # in turn order from the dealer
    # it holds nothing, as a 南通 seat that sits out (one public face; issue 12)
    assert (game.hand(3), game.melds(3), game.discards(3)) == ((), (), ())
    assert [held(game, s) for s in (1, 2, 0)] == [21, 20, 20]
    game = Game(HAHA, seed=1, dealer=0)
    assert game.seats == (0, 1, 3)
    assert [v.seat for v in game.view(0).seats] == [0, 1, 3]
    chooser = random.Random(3)
    while game.to_act:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        assert (game.hand(2), game.melds(2), game.discards(2)) == ((), (), ())


# ------------------------------------------------------------------------------------ §4 start


def test_auto_ti_after_the_deal() -> None:
    """zipai.md §4: four identical dealt cards are laid as a 提 by the engine (a log record)."""
    game = deal({1: "壹壹壹壹"})
    assert game.melds(1) == (Meld.parse("提 壹壹壹壹"),)
    assert len(game.hand(1)) == 16
    ti = [r for r in game.log if r.action.kind is A.TI]
    assert len(ti) == 1 and ti[0].auto and ti[0].action.seat == 1
    assert kinds(game, 0) == {A.DISCARD}  # one 提 only: the dealer still discards


def test_liang_completes_dealer_ti() -> None:
    """zipai.md §4: the 亮張 belongs to the dealer and can complete his 提."""
    game = deal({0: "貳貳貳"}, liang="貳")
    assert game.melds(0) == (Meld.parse("提 貳貳貳貳"),)
    assert kinds(game, 0) == {A.DISCARD}


def test_dealer_with_two_ti_does_not_discard() -> None:
    """zipai.md §4: a dealer whose 亮張 makes a second 提 does not discard; 下家 draws."""
    game = deal({0: "壹壹壹壹 貳貳貳"}, liang="貳", stock="陸")
    assert len(records(game, A.TI)) == 2
    assert records(game, A.DISCARD) == []
    assert records(game, A.DRAW)[0] == text(1, A.DRAW, "d6")


def test_non_dealer_with_two_ti_skips_first_discard() -> None:
    """zipai.md §4: a non-dealer with two 提 from the deal does not discard after his first 進牌."""
    game = deal({0: "三", 1: "壹壹壹壹 貳貳貳貳 三三"}, stock="陸")
    act(game, 0, A.DISCARD, "x3")
    assert game.to_act == (1,) and kinds(game, 1) == {A.PENG, A.PASS}
    act(game, 1, A.PENG, "x3")
    assert records(game, A.DISCARD) == [text(0, A.DISCARD, "x3")]  # seat 1 did not discard
    assert records(game, A.DRAW)[0].startswith("seat 2 ")


def test_non_dealer_with_one_ti_still_discards() -> None:
    """zipai.md §4 (engine rule): with one 提 a 進牌 is followed by a discard (cards held = 20)."""
    game = deal({0: "三", 1: "壹壹壹壹 三三"})
    act(game, 0, A.DISCARD, "x3")
    act(game, 1, A.PENG, "x3")
    assert game.to_act == (1,) and kinds(game, 1) == {A.DISCARD}


def test_first_jinpai_pao_extends_the_exemption() -> None:
    """zipai.md §4: if the first 進牌 is a 跑, the next 進牌 is also without discard."""
    game = deal({0: "三", 1: "壹壹壹壹 貳貳貳貳 三三三 九九"}, stock="九")
    act(game, 0, A.DISCARD, "x3")  # seat 1's 坎 三三三 must 跑: first 進牌, no discard
    assert text(1, A.PAO, "x3", ("跑 三三三三",)) in records(game, A.PAO)
    assert records(game, A.DRAW)[0] == text(2, A.DRAW, "x9")
    pass_until(game, stop=A.PENG)
    act(game, 1, A.PENG, "x9")  # second 進牌: still no discard
    assert records(game, A.DISCARD) == [text(0, A.DISCARD, "x3")]
    assert records(game, A.DRAW)[-1].startswith("seat 2 ")


# ------------------------------------------------------------------------------------ §7 天胡


@pytest.mark.parametrize(
    ("hands", "liang", "winner"),
    [
        ({2: "一一一一 二二二二 三三三三"}, None, 2),
        ({1: "四四四 五五五 六六六 七七七 八八八"}, None, 1),
        ({1: "四四四四 五五五 六六六 七七七 八八八"}, None, 1),
        ({0: "四四 五五五 六六六 七七七 八八八"}, "四", 0),
        ({0: "一一一一 二二二二 三三三"}, "三", 0),  # (§4: the 亮張 makes his 3rd 提; review h57)
        ({1: "一一一一 二二二二 三三三三", 2: "四四四 五五五 六六六 七七七 八八八"}, None, 1),
        ({0: "伍伍伍 陸陸陸 柒柒柒 捌捌捌 玖玖玖", 2: "一一一一 二二二二 三三三三"}, None, 0),
    ],
    ids=[
        "3提",
        "5坎",
        "提+4坎",
        "亮張 5th 坎 (dealer)",
        "亮張 3rd 提 (dealer)",
        "下家 before 上家",
        "dealer first",
    ],
)
def test_mandatory_tianhu(hands: dict[int, str], liang: str | None, winner: int) -> None:
    """zipai.md §7 天胡 (a): 3 提 or 提+坎 >= 5 wins at once (dealer, 下家, 上家), no 門子 needed."""
    game = deal(hands, liang=liang)
    assert game.is_over and game.to_act == ()
    result = game.result
    assert result is not None and result.winner == winner
    assert result.win is not None and result.win.tianhu and result.win.self_drawn
    assert records(game, A.TIANHU) == [text(winner, A.TIANHU)]
    assert records(game, A.TI) == []  # §4: no auto-提 step before a 天胡


def test_optional_tianhu_on_liang() -> None:
    """zipai.md §7 天胡 (b): a non-dealer may win on the 亮張 (optional)."""
    game = deal({1: W1}, liang="十")
    assert game.to_act == (1,) and kinds(game, 1) == {A.WIN, A.PASS}
    act(game, 1, A.WIN, "x10")
    result = game.result
    assert result is not None and result.winner == 1
    assert result.win is not None and result.win.tianhu and not result.win.self_drawn
    assert result.win.decomposition.huxi == 18
    assert held(game, 0) == 20  # the winner took the dealer's 亮張


def test_optional_tianhu_can_be_passed() -> None:
    """zipai.md §7 天胡 (b) is optional: after a pass the dealer plays on."""
    game = deal({1: W1}, liang="十")
    act(game, 1, A.PASS)
    assert game.to_act == (0,) and kinds(game, 0) == {A.DISCARD}


def test_optional_tianhu_priority_dealer_then_xiajia() -> None:
    """zipai.md §7 天胡 (b): several claimants on the 亮張 -> dealer, then 下家, then 上家."""
    dealer = "壹貳叄 貳柒拾 伍伍伍 玖玖玖 陸柒捌 一二三 八九"  # + 亮張 十 = 7 門子, 27 胡息
    game = deal({0: dealer, 1: W1}, liang="十")
    assert game.to_act == (0,)
    act(game, 0, A.PASS)
    assert game.to_act == (1,)
    act(game, 1, A.WIN, "x10")
    assert game.result is not None and game.result.winner == 1


def test_mandatory_tianhu_beats_optional() -> None:
    """zipai.md §7: mandatory 天胡 (3 提 / 5 坎) has priority over a win on the 亮張."""
    game = deal({1: W1, 2: "伍伍伍 陸陸陸 柒柒柒 玖玖玖 拾拾拾"}, liang="十")
    assert game.is_over and game.result is not None and game.result.winner == 2


def test_liang_forming_dealer_ti_can_be_won_by_others() -> None:
    """zipai.md §7 特殊 3: a 亮張 that makes the dealer's 提 can still be won on by others."""
    game = deal({0: "九九九", 1: W3}, liang="九")
    assert game.to_act == (1,)
    act(game, 1, A.WIN, "x9")
    assert game.result is not None and game.result.winner == 1


# ------------------------------------------------------------------------------------ §5, §6 claims


def test_draw_forced_wei_is_hidden() -> None:
    """zipai.md §5 偎 / §6.3: a pair + own draw is a forced 偎; the card is never shown."""
    game = deal({0: "一", 1: "九九"}, stock="九")
    act(game, 0, A.DISCARD, "x1")
    pass_until(game)
    assert text(1, A.WEI, "x9", ("偎 九九九",)) in records(game, A.WEI)
    view = game.view(2)
    seen = view.seats[1].melds
    assert [str(m) for m in seen] == ["偎 ■■■"]
    assert str(game.view(1).seats[1].melds[0]) == "偎 九九九"
    assert game.to_act == (1,) and kinds(game, 1) == {A.DISCARD}


def test_draw_forced_ti_from_kan() -> None:
    """zipai.md §5 提 (b): a 坎 + own draw is a forced 提, one card up (Z6)."""
    game = deal({0: "一", 1: "九九九"}, stock="九")
    act(game, 0, A.DISCARD, "x1")
    pass_until(game)
    assert "提 九九九九" in [str(m) for m in game.melds(1)]
    assert str(game.view(0).seats[1].melds[0]) == "提 九■■■"


def test_chouwei_after_declined_peng() -> None:
    """zipai.md §5 臭偎: a player who declined to 碰 a card must 臭偎 it when he draws it."""
    game = deal({0: "九", 1: "九九"}, stock="九")
    act(game, 0, A.DISCARD, "x9")
    assert game.to_act == (1,) and A.PENG in kinds(game, 1)
    pass_until(game)
    assert text(1, A.CHOUWEI, "x9", ("臭偎 九九九",)) in records(game, A.CHOUWEI)
    assert str(game.view(0).seats[1].melds[0]) == "臭偎 九■■"


def test_zhongpao_no_discard() -> None:
    """zipai.md §5 重跑 / 八塊: a second 跑 / 提 is not followed by a discard."""
    game = deal({0: "九", 2: "九九九 八八八"}, stock="八")
    act(game, 0, A.DISCARD, "x9")
    assert records(game, A.PAO) == [text(2, A.PAO, "x9", ("跑 九九九九",))]
    assert kinds(game, 2) == {A.DISCARD}  # first 跑: discard
    game.apply(game.legal_actions(2)[0])
    pass_until(game)
    assert records(game, A.PAO)[-1] == text(2, A.PAO, "x8", ("跑 八八八八",))
    log = [str(r.action) for r in game.log]
    after = log[log.index(records(game, A.PAO)[-1]) + 1]
    assert after.startswith("seat 0 摸")  # second 跑: no discard, 下家 draws


# ------------------------------------------------------------------------------------ §6, §7 胡


def test_self_drawn_win_and_payments() -> None:
    """zipai.md §7, §8.4: a win on an own draw is self-drawn; both others pay."""
    game = deal({1: W1}, stock="十")
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    act(game, 1, A.WIN, "x10")
    result = game.result
    assert result is not None and result.win is not None and result.win.self_drawn
    assert sorted(p.payer for p in result.payments) == [0, 2]
    assert sum(result.net(3).values()) == 0


def test_no_paoshuang_option() -> None:
    """zipai.md Z12 (`paoshuang=False`): the winning card may not make a 跑 / 提; the 跑 is forced."""
    game = deal({2: PAO_HU}, stock="五", rules=HUNAN.evolve(paoshuang=False))
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert records(game, A.PAO) == [text(2, A.PAO, "x5", ("跑 五五五五",))]
    assert all(r.action.kind is not A.WIN for r in game.log)


def test_forbid_hu_after_chongpao_option() -> None:
    """zipai.md Z11 (`forbid_hu_after_chongpao`): a seat with two 跑 / 提 may not 胡."""
    dealer = "壹壹壹壹 貳貳貳貳 一二三 二七十 四五六 柒捌"  # + 亮張 玖; 2 提, waits on 八 (將)
    game = deal({0: dealer}, liang="玖", stock="八")
    assert records(game, A.DISCARD) == []  # two 提: no discard (§4)
    pass_until(game, stop=A.WIN)
    assert game.to_act == (0,) and A.WIN in kinds(game, 0)
    rules = HUNAN.evolve(forbid_hu_after_chongpao=True)
    game = deal({0: dealer}, liang="玖", stock="八", rules=rules)
    pass_until(game, stop=A.WIN)
    assert all(r.action.kind is not A.WIN for r in game.log)


def test_no_win_after_forced_wei_unless_weihu() -> None:
    """zipai.md §6 priority 1 (the drawer's forced 偎: "the card never becomes visible, so
    nobody can win on it") and §7.3 (the winning card is drawn *and shown*, seed 000): the
    drawer may not win with the card he 偎'd (he was offered it — two reviews); the house rule
    偎胡 (``weihu=True``) lets him, self-drawn."""
    hand = "一二三 二七十 四五六 肆肆肆 捌捌捌 六七八 九九"
    game = deal({1: hand}, stock="九 三")
    game.apply(game.legal_actions(0)[0])
    while not any(r.action.kind is A.WEI for r in game.log):
        game.apply(Action(game.to_act[0], A.PASS))
    assert text(1, A.WEI, "x9", ("偎 九九九",)) in records(game, A.WEI)
    assert game.phase != "selfhu" and A.WIN not in kinds(game, 1)
    assert not game.can(Action(1, A.WIN, "x9"))
    game = deal({1: hand}, stock="九", rules=HUNAN.evolve(weihu=True))
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert game.to_act == (1,) and kinds(game, 1) == {A.WIN, A.PASS}
    act(game, 1, A.WIN, "x9")
    assert game.result is not None and game.result.winner == 1
    assert game.result.win is not None and game.result.win.self_drawn


# ------------------------------------------------------------------------------------ §5 臭牌


# ------------------------------------------------------------------------------------ §6 end


# four 坎 and a pair of 九 (LIUHUDAO: 14 cards): a 碰 of 九 would leave only 坎
_ALL_KAN_AFTER_PENG = "一一一 貳貳貳 三三三 肆肆肆 九九"
# three 坎 and 七八九玖玖: of the 吃 of 九, two (with their 比) take every loose card
_ALL_KAN_AFTER_CHI = "一一一 貳貳貳 三三三 七八九玖玖"


@pytest.mark.parametrize("old", [False, True])
def test_no_peng_that_leaves_nothing_to_discard(old: bool) -> None:
    """zipai.md §6.5: who takes a card by 碰 must then discard (seed 004 "任何吃碰等動作後都要
    打牌"), and a 坎 is never discarded (§5): a 碰 that would leave only 坎 is not offered (the
    card passes on and is not 臭 for the seat) — a review found the seat then a card over for
    the rest of the hand, unable to win. ``claim_without_discard=True`` offers it as before."""
    rules = LIUHUDAO.evolve(claim_without_discard=old)
    game = deal({0: "九", 1: _ALL_KAN_AFTER_PENG}, liang="拾", rules=rules)
    act(game, 0, A.DISCARD, "x9")
    if not old:
        assert not game.can(Action(1, A.PENG, "x9"))
        after = [str(r.action) for r in game.log].index("seat 0 打 九")
        moves = [str(r.action) for r in game.log[after + 1 : after + 3]]
        assert moves == ["seat 0 棄 九", "seat 1 摸 一"]  # (nobody was asked)
        assert records(game, A.PENG) == []
        return
    assert game.to_act == (1,) and kinds(game, 1) == {A.PENG, A.PASS}
    act(game, 1, A.PENG, "x9")
    assert all(n in (0, 3) for n in _counts(game, 1))  # (only 坎 in hand: no discard)
    assert game.log[-1].action.seat != 1 and game.phase != "discard"


def _counts(game: Game, seat: int) -> list[int]:
    held = [c.index for c in game.hand(seat)]
    return [held.count(k) for k in set(held)]


def test_no_chi_that_leaves_nothing_to_discard() -> None:
    """zipai.md §6.5 and §5 (比): of the 吃 of 九 with 七八 or 玖玖, each with its compulsory
    比, every loose card leaves the hand and nothing may be discarded: only 九九玖 is offered
    (all three with ``claim_without_discard=True``)."""
    offered = {}
    for old in (False, True):
        rules = LIUHUDAO.evolve(claim_without_discard=old)
        game = deal({0: "九", 1: _ALL_KAN_AFTER_CHI}, liang="拾", rules=rules)
        act(game, 0, A.DISCARD, "x9")
        assert game.to_act == (1,)
        offered[old] = [str(a) for a in game.legal_actions(1)]
        if not old:
            with pytest.raises(IllegalActionError, match="legal: 吃 九九玖"):
                act(game, 1, A.CHI, "x9", ("吃 七八九", "比 九玖玖"))
    assert offered[False] == ["seat 1 吃 九九玖", "seat 1 過"]
    assert offered[True] == [
        "seat 1 吃 七八九 比 九玖玖",
        "seat 1 吃 九九玖",
        "seat 1 吃 九玖玖 比 七八九",
        "seat 1 過",
    ]


def _takes_without_discard(rules: Rules, seeds: range) -> int:
    """How many 吃 / 碰 of random games leave the taker owing a discard it cannot make (more
    cards than the count of §4 and not asked to discard)."""
    found = 0
    for seed in seeds:
        game, rng = Game(rules, seed=seed), random.Random(seed)
        while not game.is_over:
            action = rng.choice(game.legal_actions(game.to_act[0]))
            game.apply(action)
            if action.kind not in (A.CHI, A.PENG):
                continue
            seat = action.seat
            melds = game.melds(seat)
            held = [c.index for c in game.hand(seat)]
            quads = sum(m.kind.value in ("ti", "pao") for m in melds)
            quads += sum(held.count(k) == 4 for k in set(held))
            count = len(held) + sum(len(m.cards) for m in melds)
            owes = count > rules.hand_size + max(quads - 1, 0)
            found += owes and not (game.phase == "discard" and game.to_act == (seat,))
    return found


@pytest.mark.parametrize("rules", [HUNAN, LIUHUDAO, HAHA], ids=["hunan", "liuhudao", "haha"])
def test_every_take_is_followed_by_its_discard(rules: Rules) -> None:
    """zipai.md §6.5: after every 吃 / 碰 of 100 random games the taker discards, unless it owes
    no discard (§4); the former rule (``claim_without_discard=True``) broke it in some games
    of the same seeds (HUNAN seed 155: a 吃 七八九 that left 五五五)."""
    assert _takes_without_discard(rules, range(100)) == 0
    if rules is HUNAN:
        assert _takes_without_discard(rules.evolve(claim_without_discard=True), range(155, 156))


def passer(game: Game) -> Game:
    """Play a hand where everybody passes and discards its first legal card."""
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        pass_ = Action(seat, A.PASS)
        game.apply(pass_ if pass_ in legal else legal[0])
    return game


def test_huangzhuang_when_the_stock_runs_out() -> None:
    """zipai.md §6.6 荒莊: the stock runs out without a winner."""
    game = passer(Game(seed=1))
    result = game.result
    assert result is not None and result.reason == "huangzhuang" and result.winner is None
    assert game.stock_size == 0 and result.payments == ()
    assert game.log[-1].action.kind is A.HUANGZHUANG and game.log[-1].auto
    assert str(result) == "荒莊 (no winner); next dealer seat 0"  # §2: the dealer keeps the deal
    assert (result.label, result.next_dealer, result.value) == ("荒莊", 0, 0)


def test_unused_drawn_card_goes_to_the_drawer() -> None:
    """zipai.md §6.4: an unused drawn card goes to the drawer's discard area; 下家 draws next."""
    game = passer(Game(seed=2))
    log = [r.action for r in game.log]
    for i, action in enumerate(log[:-1]):
        if action.kind is A.TO_DISCARDS and log[i - 1].kind is A.DRAW:
            assert log[i - 1].seat == action.seat
            assert log[i + 1].kind in (A.DRAW, A.HUANGZHUANG)
            assert log[i + 1].seat == (action.seat + 1) % 3


# ------------------------------------------------------------------------------------ API


def test_illegal_actions_raise_and_change_nothing() -> None:
    """DESIGN verify/can/apply: an illegal action raises IllegalActionError, state unchanged."""
    game = Game(seed=6)
    before = game.copy()
    for bad in (
        Action(1, A.DISCARD, "x1"),
        Action(0, A.PENG, "x1"),
        Action(0, A.DRAW, "x1"),
        Action(0, A.DISCARD, None),
        Action(0, A.DISCARD, "x1", ("吃 一二三",)),
    ):
        assert not game.can(bad)
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game == before
    with pytest.raises(IllegalActionError, match="is not a seat"):
        game.view(7)


def test_dealer_wins_on_the_liang() -> None:
    """zipai.md §7 天胡 (b): the dealer's own win with the 亮張 is self-drawn 天胡."""
    dealer = "壹貳叄 貳柒拾 伍伍伍 玖玖玖 陸柒捌 一二三 八九"
    game = deal({0: dealer}, liang="十")
    assert game.to_act == (0,) and kinds(game, 0) == {A.WIN, A.PASS}
    act(game, 0, A.WIN, "x10")
    result = game.result
    assert result is not None and result.win is not None
    assert result.winner == 0 and result.win.tianhu and result.win.self_drawn
    assert result.win.decomposition.huxi == 27


def test_liuhudao_hand_through_the_engine() -> None:
    """zipai.md §3, §7 (6胡倒): 4 players, 5 門子, 6 胡息, win on a drawn card."""
    game = deal({1: "一二三 二七十 四五六 肆肆肆 x8 x9"}, stock="十", rules=LIUHUDAO)
    assert [held(game, s) for s in (0, 1, 2, 3)] == [15, 14, 14, 14]
    pass_until(game)  # the filled-in dealer hand may win on its 亮張 (6 胡息): pass
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert game.to_act == (1,)
    act(game, 1, A.WIN, "x10")
    result = game.result
    assert result is not None and result.win is not None
    assert len(result.win.decomposition.melds) == 5 and result.win.decomposition.huxi == 12
    assert sorted(p.payer for p in result.payments) == [0, 2, 3]


def test_haha_fanxing_and_shuxin_cards() -> None:
    """zipai.md §2 數信 / §8.3 翻信 (seed 004): after a win the next stock cards are turned up."""
    game = deal({1: W1}, stock="十 一 二", rules=HAHA)
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    act(game, 1, A.WIN, "x10")
    result = game.result
    assert result is not None and result.win is not None
    assert result.win.fanxing_card == Card.parse("x1")
    assert result.win.shuxin_card == Card.parse("x2")
    assert result.win.shuxin_seat == 2
    assert all(2 not in (p.payer,) for p in result.payments)


def test_json_round_trip_and_tampering() -> None:
    """DESIGN: to_json / from_json are lossless; a tampered decision is refused on reload."""
    import json

    game = Game(HAHA, seed=8, dealer=3)
    for _ in range(6):
        game.apply(game.legal_actions(game.to_act[0])[-1])
    text = game.to_json()
    assert Game.from_json(text) == game
    data = json.loads(text)
    assert data["rules"]["name"] == "haha" and data["dealer"] == 3
    data["actions"][0] = {"seat": data["actions"][0]["seat"], "kind": "peng", "card": "x1"}
    with pytest.raises(IllegalActionError):
        Game.from_json(json.dumps(data))
    with pytest.raises(NotationError):
        Game.from_json("not json")
    data["rules"]["colour"] = "blue"
    with pytest.raises(RulesError):
        Game.from_json(json.dumps(data))


# --- seats and saved games: bad input raises a typed error naming it (DESIGN conventions) -----


@pytest.mark.parametrize("bad", [True, False, "0", 1.0, None, -1, 3])
def test_game_dealer_must_be_a_seat(bad: object) -> None:
    """DESIGN conventions ("Bad input always gets a clear, typed error that names the input and
    the reason ... Nothing is ever silently changed") and zipai.md §2: ``dealer=True`` is not
    seat 1 (it was accepted and saved to JSON as ``true``)."""
    with pytest.raises(
        RulesError, match=r"dealer=.* is not a seat; expected a whole number 0\.\.2"
    ):
        Game(seed=1, dealer=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"0\.\.3"):
        Game(HAHA, seed=1, dealer=True)
    assert Game(HAHA, seed=1, dealer=3).dealer == 3


def test_saved_dealer_is_an_int() -> None:
    """DESIGN: to_json is lossless; zipai.md §2: the dealer is a seat number (not a bool)."""
    import json

    game = Game(seed=2, dealer=1)
    data = json.loads(game.to_json())
    assert type(data["dealer"]) is int and data["dealer"] == 1
    data["dealer"] = True
    with pytest.raises(NotationError, match="dealer=True is not a seat"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("bad", [True, False, "1", 1.0, None])
def test_query_seats_reject_bools_and_non_ints(bad: object) -> None:
    """DESIGN conventions (typed error naming the input; nothing silently changed) and
    zipai.md §2 (seats are numbered): hand / melds / discards / view / legal_actions refuse
    ``True`` (not seat 1) and non-ints with IllegalActionError; the game is unchanged."""
    game = Game(seed=3)
    before = game.copy()
    for query in (game.hand, game.melds, game.discards, game.view, game.legal_actions):
        with pytest.raises(IllegalActionError, match=r"seat=.* is not a seat"):
            query(bad)  # type: ignore[arg-type]
    assert game == before
    assert game.legal_actions(0) and game.legal_actions(1) == []


def test_query_seat_out_of_range() -> None:
    """zipai.md §2: seats are 0..seats-1; a seat that does not exist is refused by name."""
    game = Game(seed=3)
    for query in (game.hand, game.view, game.legal_actions):
        with pytest.raises(
            IllegalActionError, match=r"seat=3 is not a seat; expected a whole number 0\.\.2"
        ):
            query(3)


@pytest.mark.parametrize("key", ["rules", "deck", "dealer", "actions"])
def test_from_json_missing_key(key: str) -> None:
    """DESIGN conventions (typed error naming the input and the reason) and the public face
    (``zipai.Game.from_json(s)``): a saved game missing a key raises NotationError naming the
    key, never a raw KeyError — in a version-2 document and in a 0.1.0 one."""
    data = json.loads(Game(seed=4).to_json())
    del data[key]
    with pytest.raises(NotationError, match=f"the key\\(s\\) '{key}' are missing"):
        Game.from_json(json.dumps(data))
    legacy = json.loads(LEGACY.read_text(encoding="utf-8"))
    del legacy[key]
    with pytest.raises(NotationError, match=f"the key\\(s\\) '{key}' are missing"):
        Game.from_json(json.dumps(legacy))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not a zipai game JSON document: Expecting value"),
        ("[1, 2]", "holds an array, not a JSON object"),
        ('"game"', "holds a string, not a JSON object"),
        ("7", "holds a number, not a JSON object"),
        ('{"format": "chess"}', "format 'chess'"),
        ('{"schema": "chess"}', "schema 'chess'"),
    ],
)
def test_from_json_not_a_json_object(text: str, reason: str) -> None:
    """DESIGN conventions: text that is not JSON or not an object raises NotationError saying
    why (never a raw KeyError / TypeError)."""
    with pytest.raises(NotationError, match=reason):
        Game.from_json(text)


def test_from_json_bad_parts() -> None:
    """DESIGN conventions: a saved game whose parts have the wrong type raises NotationError."""
    data = json.loads(Game(seed=4).to_json())
    for key, value, reason in (
        ("deck", 5, "deck=5 is not a JSON list"),
        ("deck", ["x11"], "'x11' is not a zipai card"),
        ("actions", {}, "actions={} is not a JSON list"),
        ("actions", [{"kind": "pass"}], "the key 'seat' is missing"),
        ("actions", ["pass"], r"actions\[0\]='pass' is not a JSON object"),
        ("deck", [*data["deck"][:4], 5], r"deck\[4\]=5 is not a card code"),
        ("options", {"huangfan": "2"}, "huangfan='2'"),
    ):
        with pytest.raises((NotationError, RulesError), match=reason):
            Game.from_json(json.dumps({**data, key: value}))
    with pytest.raises(NotationError, match=r"expected JSON text"):
        Game.from_json(None)  # type: ignore[arg-type]


def test_from_json_bad_parts_of_a_0_1_0_document() -> None:
    """A 0.1.0 document (``changpai.zipai.game/1``) with parts of the wrong type raises
    NotationError naming the part."""
    legacy = json.loads(LEGACY.read_text(encoding="utf-8"))
    for key, value, reason in (
        ("deck", 5, "deck=5 is not a string"),
        ("actions", {}, "is not a list of zipai actions"),
        ("actions", [{"seat": 0, "kind": "pass"}, 7], r"actions\[1\]=7 is not a JSON object"),
        ("rules", [], "is not a JSON object of zipai rules"),
        ("huangfan", -1, "huangfan=-1"),
    ):
        with pytest.raises(NotationError, match=reason):
            Game.from_json(json.dumps({**legacy, key: value}))
    game = Game.from_json(json.dumps({**legacy, "huangfan": 2}))
    assert game.options == {"huangfan": 2} and game.seed is None
