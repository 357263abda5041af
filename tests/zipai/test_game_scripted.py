"""Complete hands scripted by hand from the rules (zipai.md §2-§9), replayed through the public API.

Every hand stacks a deck with explicit hands, writes the exact decision of each seat in turn, and
checks after each decision the forced records the engine must add (zipai.md §6 "Optional vs
forced": draws, 提 / 偎 / 臭偎, 跑, unused cards going to a discard area), the cards in hands, on
the table and in the discard areas, and the end: who wins with how many 胡息 and the payments.
Only the public face is used: ``Game``, ``to_act``, ``legal_actions``, ``apply``, ``view``,
``to_json`` / ``from_json`` (and ``chi_options`` to show a 吃 that 臭牌 forbids).

Seats: the dealer is seat 0; seat 1 is his 下家, seat 2 his 上家 (3 players).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import attrs
import pytest

from changpai.zipai import (
    HAHA,
    HUNAN,
    LIUHUDAO,
    Action,
    ActionKind,
    Card,
    Game,
    GameResult,
    GameView,
    Match,
    Meld,
    Rules,
    SeatView,
    chi_options,
    stack_deck,
)

A = ActionKind
PRESETS = {"hunan": HUNAN, "liuhudao": LIUHUDAO, "haha": HAHA}


@dataclass
class Step:
    """One decision and the records the engine must add right after it."""

    seat: int
    kind: ActionKind
    card: str | None = None
    melds: tuple[str, ...] = ()
    auto: tuple[str, ...] = ()
    then: tuple[int, set[str]] | None = None  # (seat to act next, its legal actions as text)


def card(code: str) -> Card:
    return Card.parse(code)


def autos_since(game: Game, start: int) -> tuple[str, ...]:
    return tuple(str(r.action) for r in game.log[start:] if r.auto)


def legal_text(game: Game, seat: int) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def cards_text(cards: Sequence[Card]) -> str:
    return "".join(c.hanzi for c in cards)


def table(game: Game, seat: int) -> list[str]:
    return [str(m) for m in game.melds(seat)]


def game_equal_after(game: Game, first: Action, second: Action) -> bool:
    """Whether two decisions are the same move: applied to copies, they give equal games."""
    one, other = game.copy(), game.copy()
    one.apply(first)
    other.apply(second)
    return one == other


def play(game: Game, steps: Sequence[Step]) -> None:
    """Apply the scripted decisions, checking who is asked, the choices and the forced records."""
    for number, step in enumerate(steps):
        where = f"step {number}: {step.seat} {step.kind.hanzi}"
        assert game.to_act == (step.seat,), where
        action = Action(step.seat, step.kind, step.card, step.melds)
        assert game.can(action), where
        start = len(game.log)
        # the log holds the one spelling legal_actions lists (issue 12: 比 melds in any order)
        (listed,) = [a for a in game.legal_actions(step.seat) if game_equal_after(game, a, action)]
        record = game.apply(action)
        assert record.action == listed and not record.auto
        assert game.log[start].action == listed
        assert autos_since(game, start + 1) == step.auto, where
        if step.then is not None:
            seat, legal = step.then
            assert game.to_act == (seat,), where
            assert legal_text(game, seat) == legal, where


def replayed(rules: Rules, deck: tuple[Card, ...], steps: Sequence[Step], dealer: int = 0) -> Game:
    """An independent replay: a fresh Game on the same deck and the same decisions."""
    game = Game(rules, deck=deck, dealer=dealer)
    for step in steps:
        game.apply(Action(step.seat, step.kind, step.card, step.melds))
    return game


def check_replays(game: Game, rules: Rules, deck: tuple[Card, ...], steps: Sequence[Step]) -> None:
    assert replayed(rules, deck, steps, game.dealer) == game
    assert Game.from_json(game.to_json()) == game


def melds_of(result: GameResult) -> list[str]:
    """The winning decomposition's melds as text, in a fixed order (hand.py may order them)."""
    assert result.win is not None
    return sorted(str(m) for m in result.win.decomposition.melds)


def payments(game: Game) -> set[tuple[int, int, int]]:
    result = game.result
    assert result is not None
    return {(p.payer, p.payee, p.amount) for p in result.payments}


# ------------------------------------------------------------------------------------ hand 1

HAND1 = {
    0: "x9 x9 x9 d4 d4 d4 d10 d10 d10 d3 d3 d3 x2 x1 x3 x5 x6 d1 d5 d9",
    1: "x1 x2 x2 x3 x3 x4 d2 d2 d9 d9 d9 d5 d5 d5 x6 x7 x8 d7 d8 x10",
    2: "d1 d2 d3 d2 d7 d10 x7 x8 x9 x4 x4 x4 x5 x6 x7 x1 x1 d1 d7 d8",
}
HAND1_DECK = stack_deck(hands=HAND1, liang="d7", stock="x10 d6")
# the 吃 options of seat 1 on the dealer's 二 (zipai.md §5 比牌 seed example, with the 二七十
# shapes its 七 and 十 add); each lists the 吃 first, then every compulsory 比
HAND1_CHI = {
    "吃 一二三 比 二二貳",
    "吃 一二三 比 二三四 比 二七十",
    "吃 一二三 比 二三四 比 二貳貳",
    "吃 一二三 比 二七十 比 二貳貳",
    "吃 二二貳 比 一二三",
    "吃 二二貳 比 二三四",
    "吃 二二貳 比 二七十",
    "吃 二三四 比 一二三 比 二七十",
    "吃 二三四 比 一二三 比 二貳貳",
    "吃 二三四 比 二二貳",
    "吃 二三四 比 二七十 比 二貳貳",
    "吃 二七十 比 一二三 比 二三四",
    "吃 二七十 比 一二三 比 二貳貳",
    "吃 二七十 比 二二貳",
    "吃 二七十 比 二三四 比 二貳貳",
    "吃 二貳貳 比 一二三 比 二三四",
    "吃 二貳貳 比 一二三 比 二七十",
    "吃 二貳貳 比 二三四 比 二七十",
}
HAND1_STEPS = (
    # §6.1 the dealer discards first; §5 碰 is asked before 吃 (seat 1 holds 二二)
    Step(0, A.DISCARD, "x2", then=(1, {"seat 1 碰 二", "seat 1 過"})),
    Step(1, A.PASS, then=(1, {f"seat 1 {o}" for o in HAND1_CHI} | {"seat 1 過"})),
    # §5 吃 with two 比, given in the other order ("兩次比牌順序可換")
    Step(1, A.CHI, "x2", ("吃 二貳貳", "比 二三四", "比 一二三")),
    # seat 2 (下家 of seat 1) may 吃 十 with 八九 and passes: 十 becomes its 臭牌
    Step(1, A.DISCARD, "x10", then=(2, {"seat 2 吃 八九十", "seat 2 過"})),
    # seat 2 then draws a 十 itself: no 吃 offered (臭牌), seat 0 has no partner; it is put
    # in seat 2's discard area and seat 0 draws 陸, on which seat 1 (下家) and seat 2 (上家)
    # both win: the 下家 of the drawer is asked first (§7 特殊)
    Step(
        2,
        A.PASS,
        auto=("seat 1 棄 十", "seat 2 摸 十", "seat 2 棄 十", "seat 0 摸 陸"),
        then=(1, {"seat 1 胡 陸", "seat 1 過"}),
    ),
    Step(1, A.WIN, "d6"),
)


def test_hand1_chi_two_bi_choupai_and_xiajia_wins_over_shangjia() -> None:
    """zipai.md §5 吃 + two 比, §5 臭牌 (passed 吃 blocks the 吃 of a later own draw), §6 an
    unused drawn card goes to the drawer's discard area, §7 特殊 (下家 of the drawer before 上家),
    §8.4 both others pay a win on a drawn card."""
    game = Game(HUNAN, deck=HAND1_DECK)
    assert [str(r) for r in game.log] == ["seat 0 發牌 (auto)", "seat 0 亮張 柒 (auto)"]
    play(game, HAND1_STEPS[:3])
    assert sorted(table(game, 1)) == sorted(["吃 二貳貳", "比 一二三", "比 二三四"])
    assert cards_text(game.hand(1)) == "六七八十伍伍伍柒捌玖玖玖"
    assert game.to_act == (1,) and {a.kind for a in game.legal_actions(1)} == {A.DISCARD}
    play(game, HAND1_STEPS[3:5])
    assert game.discards(1) == (card("x10"),) and game.discards(2) == (card("x10"),)
    # seat 2 still holds 八九 (and 七八九): without the 臭牌 it could 吃 its own 十
    assert chi_options(game.hand(2), card("x10"))
    assert not chi_options(game.hand(0), card("x10"))
    # seat 2 could win on 陸 too (it would be asked after a pass of seat 1)
    other = Game.from_json(game.to_json())
    other.apply(Action(1, A.PASS))
    assert other.to_act == (2,) and "seat 2 胡 陸" in legal_text(other, 2)
    play(game, HAND1_STEPS[5:])
    result = game.result
    assert result is not None and result.winner == 1 and result.win is not None
    assert result.value == 15 and not result.win.self_drawn and result.win.discarder is None
    assert melds_of(result) == sorted(
        ["吃 二貳貳", "比 一二三", "比 二三四", "坎 伍伍伍", "坎 玖玖玖", "句 六七八", "句 陸柒捌"]
    )
    assert result.value == 15
    assert payments(game) == {(0, 1, 15), (2, 1, 15)}
    assert result.net(3) == {0: -15, 1: 30, 2: -15}
    check_replays(game, HUNAN, HAND1_DECK, HAND1_STEPS)


# ------------------------------------------------------------------------------------ hand 2

HAND2 = {
    0: "x5 x3 x3 x3 x4 x4 x4 x7 x7 x7 x8 x8 x9 d3 d4 d4 d5 d5 d5 d6",
    1: "x1 x1 x1 x2 x2 x2 x10 x10 x10 d3 d3 d3 x8 x9 d2 d7 d10 d9 d4 d6",
    2: "d1 d1 d1 d1 x5 x5 d10 x9 x9 x1 x2 x3 d4 d5 d6 d7 d8 d9 x7 x8",
}
HAND2_DECK = stack_deck(hands=HAND2, liang="d6", stock="x5 x6")
HAND2_STEPS = (
    Step(0, A.DISCARD, "x5", then=(2, {"seat 2 碰 五", "seat 2 過"})),
    # §4 (engine rule, docs "Where the rules are silent or inconsistent"): seat 2 has one 提
    # from the deal, so after its first 進牌 it holds 21 cards and discards like anyone else
    Step(2, A.PENG, "x5", then=(2, {f"seat 2 打 {c}" for c in "一二三七八九肆伍陸柒捌玖拾"})),
    # seat 0 draws the fourth 五: §5 跑 (b) from seat 2's 碰 on a drawn card; it is seat 2's
    # second 跑 / 提 (重跑 / 八塊, §5): no discard, its 下家 (seat 0) draws 六 and seat 2 wins
    Step(
        2,
        A.DISCARD,
        "d10",
        auto=("seat 2 棄 拾", "seat 0 摸 五", "seat 2 跑 五五五五", "seat 0 摸 六"),
        then=(2, {"seat 2 胡 六", "seat 2 過"}),
    ),
    Step(2, A.WIN, "x6"),
)


def test_hand2_peng_then_pao_on_a_drawn_card_and_chongpao() -> None:
    """zipai.md §4 auto 提, §5 碰 by the 上家, §5 跑 (b) from an own 碰 on a card drawn by another,
    §5 重跑 / 八塊 (no discard), §7 win with 提 + 跑 and a 將 (22 cards)."""
    game = Game(HUNAN, deck=HAND2_DECK)
    assert autos_since(game, 0) == ("seat 0 發牌", "seat 0 亮張 陸", "seat 2 提 壹壹壹壹")
    play(game, HAND2_STEPS[:2])
    assert table(game, 2) == ["提 壹壹壹壹", "碰 五五五"]
    play(game, HAND2_STEPS[2:3])
    assert table(game, 2) == ["提 壹壹壹壹", "跑 五五五五"]
    assert len(game.hand(2)) + 8 == 21  # 2 跑/提: 21 cards after the turn (§4, §5)
    assert game.discards(2) == (card("d10"),) and game.discards(0) == ()
    assert game.offered == card("x6") and game.stock_size == 17
    play(game, HAND2_STEPS[3:])
    result = game.result
    assert result is not None and result.winner == 2 and result.win is not None
    assert melds_of(result) == sorted(
        [
            "提 壹壹壹壹",
            "跑 五五五五",
            "句 一二三",
            "句 六七八",
            "將 九九",
            "句 肆伍陸",
            "句 柒捌玖",
        ]
    )
    assert result.value == 21
    assert len(result.win.decomposition.cards) == 22
    assert payments(game) == {(0, 2, 21), (1, 2, 21)}
    check_replays(game, HUNAN, HAND2_DECK, HAND2_STEPS)


# ------------------------------------------------------------------------------------ hand 3

HAND3 = {
    0: "x4 x6 x6 x6 x8 x8 x8 d5 d5 d5 d1 d1 x10 x10 x2 x3 d9 d10 x1 d7",
    1: "x4 x4 d9 d9 d9 d3 d3 d3 x7 x7 x7 x1 x8 x9 d2 d10 d7 d7 d2 d10",
    2: "d8 d8 x9 x9 x1 x2 x3 d2 d7 d10 d6 d6 d6 x5 x5 x5 d4 d4 d4 x10",
}
HAND3_DECK = stack_deck(hands=HAND3, liang="x1", stock="x4 x9 d8 x3 x3 d8")
HAND3_STEPS = (
    Step(0, A.DISCARD, "x4", then=(1, {"seat 1 碰 四", "seat 1 過"})),
    # 忍碰, then seat 1 draws the third 四 itself: 臭偎 (§5), forced, then it discards
    Step(1, A.PASS, auto=("seat 0 棄 四", "seat 1 摸 四", "seat 1 臭偎 四四四")),
    # the dealer's 坎 八八八 must 跑 on a discard (§5 跑 (a)); a first 跑: he discards
    Step(1, A.DISCARD, "x8", auto=("seat 0 跑 八八八八",)),
    Step(
        0,
        A.DISCARD,
        "x3",
        auto=("seat 0 棄 三", "seat 1 摸 九"),
        then=(2, {"seat 2 碰 九", "seat 2 過"}),
    ),
    # seat 2 draws 捌 with 捌捌 in hand: 偎, face down (§5); the card is never shown
    Step(2, A.PASS, auto=("seat 1 棄 九", "seat 2 摸 捌", "seat 2 偎 捌捌捌")),
    Step(2, A.DISCARD, "x10", then=(0, {"seat 0 碰 十", "seat 0 過"})),
    # seat 0 draws 三, a card it discarded itself: no 吃 (§5 臭牌) although it holds 一二;
    # seat 1 draws 三 (nobody can use it); seat 2 draws the last 捌: its 偎 becomes a 提 (§5)
    # and it may win on it at once (self-drawn)
    Step(
        0,
        A.PASS,
        auto=(
            "seat 2 棄 十",
            "seat 0 摸 三",
            "seat 0 棄 三",
            "seat 1 摸 三",
            "seat 1 棄 三",
            "seat 2 摸 捌",
            "seat 2 提 捌捌捌捌",
        ),
        then=(2, {"seat 2 胡 捌", "seat 2 過"}),
    ),
    Step(2, A.WIN, "d8"),
)


def test_hand3_chouwei_pao_from_kan_wei_then_ti() -> None:
    """zipai.md §5 臭偎 (after 忍碰), 跑 (a) from a 坎 on a discard, 偎 then 提 on own draws,
    臭牌 of an own discard, §6 priority 1 (the card of a 偎 / 提 is never shown), §9 view."""
    game = Game(HUNAN, deck=HAND3_DECK)
    play(game, HAND3_STEPS[:2])
    assert table(game, 1) == ["臭偎 四四四"]
    assert str(game.view(1).seats[1].melds[0]) == "臭偎 四四四"
    assert str(game.view(0).seats[1].melds[0]) == "臭偎 四■■"  # one card up (§5)
    play(game, HAND3_STEPS[2:5])
    assert table(game, 0) == ["跑 八八八八"]
    assert table(game, 2) == ["偎 捌捌捌"]
    assert str(game.view(0).seats[2].melds[0]) == "偎 ■■■"  # face down to the others
    assert str(game.view(2).seats[2].melds[0]) == "偎 捌捌捌"
    assert game.view(0).offered is None and game.offered is None  # the 偎 card was not shown
    assert game.to_act == (2,) and game.view(0).to_act == (2,)  # a discard is public
    play(game, HAND3_STEPS[5:7])
    assert chi_options(game.hand(0), card("x3"))  # 一二 in hand, but 三 was its own discard
    assert game.discards(0) == (card("x4"), card("x3"), card("x3"))
    assert table(game, 2) == ["提 捌捌捌捌"]
    assert str(game.view(1).seats[2].melds[0]) == "提 捌■■■"  # rules.ti_face_up == 1
    # seat 2 may 胡 on its own 提: to the others it looks like a seat about to discard
    assert game.phase == "selfhu" and game.view(2).to_act == (2,)
    assert (game.view(1).phase, game.view(1).to_act) == ("discard", (2,))
    play(game, HAND3_STEPS[7:])
    result = game.result
    assert result is not None and result.winner == 2 and result.win is not None
    assert result.win.self_drawn and result.value == 36
    assert melds_of(result) == sorted(
        ["提 捌捌捌捌", "坎 五五五", "坎 肆肆肆", "坎 陸陸陸", "句 一二三", "將 九九", "句 貳柒拾"]
    )
    assert payments(game) == {(0, 2, 36), (1, 2, 36)}
    check_replays(game, HUNAN, HAND3_DECK, HAND3_STEPS)


# ------------------------------------------------------------------------------------ hand 4

HAND4 = {
    0: "x1 x1 x1 d8 d8 d8 x10 x10 x10 d9 d9 x7 x8 d3 d5 d6 d7 d10 x4 x6",
    1: "x5 x5 x5 x9 x9 d1 d2 d3 d2 d7 d10 x6 x7 x8 d4 d5 d6 x2 x3 x4",
    2: "x2 x2 x2 d4 d4 d4 d6 d6 x3 x4 x6 x7 x9 d1 d1 d2 d3 d5 d7 d9",
}
HAND4_DECK = stack_deck(hands=HAND4, liang="d10", stock="x3 x5")
HAND4_STEPS = (
    Step(0, A.DISCARD, "d9", then=(1, {"seat 1 吃 九九玖", "seat 1 過"})),
    # seat 1 draws 三 and may 吃 it itself (§5 吃 of an own draw), then seat 2 (its 下家)
    Step(
        1,
        A.PASS,
        auto=("seat 0 棄 玖", "seat 1 摸 三"),
        then=(1, {"seat 1 吃 三三叄", "seat 1 過"}),
    ),
    Step(1, A.PASS, then=(2, {"seat 2 吃 三三叄", "seat 2 過"})),
    # seat 2 draws the fourth 五; seat 1's 坎 五五五 would have to 跑, but it wins first (破跑胡)
    Step(2, A.PASS, auto=("seat 1 棄 三", "seat 2 摸 五"), then=(1, {"seat 1 胡 五", "seat 1 過"})),
    Step(1, A.WIN, "x5"),
)


def test_hand4_popaohu() -> None:
    """zipai.md §5 破跑胡 (胡 beats the forced 跑 on a drawn card), §7 跑雙 with a 將."""
    game = Game(HUNAN, deck=HAND4_DECK)
    play(game, HAND4_STEPS[:4])
    passed = Game.from_json(game.to_json())  # the other branch: seat 1 passes the 胡
    start = len(passed.log)
    passed.apply(Action(1, A.PASS))
    assert autos_since(passed, start + 1) == ("seat 1 跑 五五五五",)
    assert passed.to_act == (1,) and {a.kind for a in passed.legal_actions(1)} == {A.DISCARD}
    play(game, HAND4_STEPS[4:])
    result = game.result
    assert result is not None and result.winner == 1 and result.win is not None
    assert melds_of(result) == sorted(
        ["跑 五五五五", "將 九九", "句 二三四", "句 六七八", "句 壹貳叄", "句 貳柒拾", "句 肆伍陸"]
    )
    assert result.value == 18
    assert payments(game) == {(0, 1, 18), (2, 1, 18)}
    check_replays(game, HUNAN, HAND4_DECK, HAND4_STEPS)


# ------------------------------------------------------------------------------------ hand 5

HAND5 = {
    0: "x8 x1 x1 x1 d8 d8 d8 x10 x10 x10 d9 d9 x7 d3 d5 d6 d7 d10 x4 x6",
    1: "x2 x2 x2 d4 d4 d4 d6 d6 x3 x4 x6 x7 x9 d1 d1 x3 d3 d5 d7 d9",
    3: "d1 d2 d3 d2 d7 d10 x1 x2 x3 x5 x5 x5 x6 x7 x8 d4 d5 d6 x9 x10",
}
# first stock cards: the 翻信 card 貳, then the 數信 card 五
HAND5_DECK = stack_deck(HAHA, hands=HAND5, liang="d10", stock="d2 x5")
HAND5_STEPS = (
    # seat 3 (the dealer's 上家: seat 2 is the 數信) wins on the dealer's discard (seed 004)
    Step(0, A.DISCARD, "x8", then=(3, {"seat 3 胡 八", "seat 3 過"})),
    Step(3, A.WIN, "x8"),
)


def test_hand5_haha_win_on_a_discard_fanxing_shuxin() -> None:
    """zipai.md §7 [S004] win on a discard, §8.4 the discarder pays both shares, §8.3 翻信,
    §2 數信 (the seat opposite the dealer sits out and gets shares)."""
    game = Game(HAHA, deck=HAND5_DECK)
    assert game.seats == (0, 1, 3)
    watcher = game.view(2)  # the 數信 sees the table, holds nothing
    assert watcher.hand == () and watcher.legal_actions == () and len(watcher.seats) == 3
    play(game, HAND5_STEPS)
    result = game.result
    assert result is not None and result.winner == 3 and result.win is not None
    assert result.win.discarder == 0 and not result.win.self_drawn
    assert result.value == 18
    assert melds_of(result) == sorted(
        ["坎 五五五", "句 一二三", "句 六七八", "句 八九十", "句 壹貳叄", "句 貳柒拾", "句 肆伍陸"]
    )
    sheet = result.sheet
    assert sheet is not None
    assert sheet.fact("fanxing") == 2  # two 貳 among the winner's cards: +2 舵
    assert sheet.fact("shuxin_shares") == 3  # three 五: three shares (at most 3)
    assert sheet.total == 20
    assert payments(game) == {(0, 3, 40), (3, 2, 3)}
    assert result.net(4) == {0: -40, 1: 0, 2: 3, 3: 37}
    check_replays(game, HAHA, HAND5_DECK, HAND5_STEPS)


def test_hand5_hunan_never_wins_on_that_discard() -> None:
    """zipai.md §7.3: the same deal under HUNAN rules offers no 胡 on a discard."""
    deck = stack_deck(HUNAN, hands={0: HAND5[0], 1: HAND5[1], 2: HAND5[3]}, liang="d10")
    game = Game(HUNAN, deck=deck)
    game.apply(Action(0, A.DISCARD, "x8"))
    assert all(a.kind is not A.WIN for s in game.to_act for a in game.legal_actions(s))


# ------------------------------------------------------------------------------------ hand 6

HAND6 = {
    0: "x9 x1 x1 x1 d8 d8 d8 x10 x10 x10 d4 d6 d10 x3",
    1: "d1 d2 d3 x4 x5 x6 d5 d5 d5 d7 d8 d9 x2 x10",
    2: "x9 x9 d6 d6 d6 x3 x3 x3 d2 d2 d2 x6 d1 d10",
    3: "x4 x4 x4 d9 d9 d9 x8 x8 x8 d3 d7 d10 x5 x6",
}
HAND6_DECK = stack_deck(LIUHUDAO, hands=HAND6, liang="d4", stock="x7")
HAND6_STEPS = (
    # seat 2 (across the table) 碰s the dealer's 九; seat 1 has nothing to 吃 it with
    Step(0, A.DISCARD, "x9", then=(2, {"seat 2 碰 九", "seat 2 過"})),
    Step(2, A.PENG, "x9", then=(2, {"seat 2 打 六", "seat 2 打 壹", "seat 2 打 拾"})),
    # seat 3 draws 七: order 3 (drawer), 0, 1, 2; seat 1 is the first who can win
    Step(
        2,
        A.DISCARD,
        "d10",
        auto=("seat 2 棄 拾", "seat 3 摸 七"),
        then=(1, {"seat 1 胡 七", "seat 1 過"}),
    ),
    Step(1, A.WIN, "x7"),
)


def test_hand6_liuhudao() -> None:
    """zipai.md §3 / Z7 (15/14/14/14, stock 23), §7 5 門子 and 6 胡息, through the same engine."""
    game = Game(LIUHUDAO, deck=HAND6_DECK)
    assert [len(game.hand(s)) for s in range(4)] == [15, 14, 14, 14]
    assert game.stock_size == 23
    play(game, HAND6_STEPS)
    result = game.result
    assert result is not None and result.winner == 1 and result.win is not None
    assert len(result.win.decomposition.melds) == 5 and result.value == 15
    assert melds_of(result) == sorted(
        ["坎 伍伍伍", "句 二七十", "句 四五六", "句 壹貳叄", "句 柒捌玖"]
    )
    assert payments(game) == {(0, 1, 15), (2, 1, 15), (3, 1, 15)}
    check_replays(game, LIUHUDAO, HAND6_DECK, HAND6_STEPS)


# ------------------------------------------------------------------------------------ 荒莊, Match


def play_passing(game: Game) -> list[Step]:
    """Pass every claim (also every 胡) and discard the first legal card: the hand ends in 荒莊."""
    steps = []
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = Action(seat, A.PASS)
        if action not in legal:
            action = legal[0]
        steps.append(Step(seat, action.kind, action.card.code if action.card else None))
        game.apply(action)
    return steps


def test_huangzhuang_and_the_match_dealer_rules() -> None:
    """zipai.md §6.6 荒莊 when the stock is empty; §2 the winner deals, 荒莊 keeps the dealer and
    three 荒莊 in a row pass the deal to the dealer's 下家; the settlement adds up."""
    match = Match(HUNAN, seed=11, dealer=0)
    game = match.new_hand(deck=HAND1_DECK)
    play(game, HAND1_STEPS)
    assert match.settle() == {0: -15, 1: 30, 2: -15}
    assert match.dealer == 1  # the winner deals
    for number in range(3):
        game = match.new_hand()
        assert game.dealer == 1
        steps = play_passing(game)
        result = game.result
        assert result is not None and result.reason == "huangzhuang" and result.payments == ()
        assert game.stock_size == 0 and game.log[-1].action.kind is A.HUANGZHUANG
        assert replayed(HUNAN, game.deck, steps, dealer=1) == game
        match.settle()
        assert match.dealer == (1 if number < 2 else 2)
    assert match.settle() == {0: -15, 1: 30, 2: -15}
    assert [h.winner for h in match.hands] == [1, None, None, None]


# ------------------------------------------------------------------------------------ §4 counts


@pytest.mark.parametrize("name", ["hunan", "liuhudao", "haha"])
def test_cards_held_after_every_turn(name: str) -> None:
    """zipai.md §4 / §5 重跑 / §7 card counts: whenever a card is drawn, every seat holds exactly
    ``hand_size + max(跑/提 - 1, 0)`` cards (one less than a winning hand needs), unless it had to
    discard and held only 坎 cards. This is the rule the first-進牌 exemption follows. A dealt
    four kept in hand (§9, HAHA) counts as a 提."""
    rules = PRESETS[name]
    draws = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over:
            if game.log[-1].action.kind is A.DRAW:
                draws += 1
                for seat in game.seats:
                    melds = game.melds(seat)
                    hand = game.hand(seat)
                    kept = len({c for c in hand if hand.count(c) == 4})  # §9 dealt fours
                    quads = sum(1 for m in melds if len(m.cards) == 4) + kept
                    held = len(hand) + sum(len(m.cards) for m in melds)
                    needed = rules.hand_size + max(quads - 1, 0)
                    dead = all(hand.count(c) >= 3 for c in hand)
                    assert held == needed or (held > needed and dead), (seed, seat)
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    assert draws > 0


def test_meld_texts_parse_back() -> None:
    """The meld texts the scripts compare are the engine's melds (Meld.parse round-trips)."""
    game = Game(HUNAN, deck=HAND2_DECK)
    play(game, HAND2_STEPS[:3])
    assert game.melds(2) == (Meld.parse("提 壹壹壹壹"), Meld.parse("跑 五五五五"))


# ------------------------------------------------------------------------------------ §9 view


@pytest.mark.parametrize(("up", "seen"), [(0, "提 ■■■■"), (1, "提 捌■■■"), (4, "提 捌捌捌捌")])
def test_view_hides_what_the_rules_hide(up: int, seen: str) -> None:
    """zipai.md §5 / §9: a 偎 is face down to the others, a 臭偎 shows one card, a 提 shows
    ``rules.ti_face_up`` cards (Z6); 跑 / 碰 / 吃 are face up; other hands and the stock order are
    never in a view (only their sizes); the owner sees all of his own melds."""
    rules = HUNAN.evolve(ti_face_up=up)
    game = Game(rules, deck=HAND3_DECK)
    play(game, HAND3_STEPS[:5])
    for seat in (0, 1):
        assert str(game.view(seat).seats[2].melds[0]) == "偎 ■■■"
        assert game.view(seat).seats[2].melds[0].cards == ()
    assert str(game.view(2).seats[1].melds[0]) == "臭偎 四■■"
    assert str(game.view(1).seats[0].melds[0]) == "跑 八八八八"  # exposed: face up to all
    play(game, HAND3_STEPS[5:7])
    for seat in (0, 1):
        assert str(game.view(seat).seats[2].melds[0]) == seen
    assert str(game.view(2).seats[2].melds[0]) == "提 捌捌捌捌"
    # a view holds only these: no other hand, no stock order, no log
    assert set(attrs.fields_dict(GameView)) == {
        "family", "title", "seat", "dealer", "phase", "hand", "seats", "offered",
        "stock_size", "to_act", "legal_actions", "result", "facts",
    }  # fmt: skip
    assert set(attrs.fields_dict(SeatView)) == {"seat", "melds", "discards", "hand_size", "note"}
    assert [name for name, _ in game.view(0).facts] == ["亮張"]
    for seat in game.seats:
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        assert view.stock_size == game.stock_size
        assert [s.hand_size for s in view.seats] == [len(game.hand(s)) for s in game.seats]
        assert [s.discards for s in view.seats] == [game.discards(s) for s in game.seats]
        assert view.legal_actions == tuple(game.legal_actions(seat))


# ------------------------------------------------------------------------------------ perft


# For each first discard of the dealer in hand 2, the number of choices of the first seat then
# asked, derived from the rules by hand (its sum is perft 2 in tests/zipai/perft/hunan.perft):
HAND2_AFTER_DISCARD = {
    "x5": 2,  # seat 1 has no partner for 五; seat 2 may 碰 五五 or pass
    "x8": 2,  # nobody can use 八 (seat 1's 十 are a 坎); seat 1 draws 五: seat 2 碰 or pass
    "x9": 2,  # seat 2 (pair 九九) is asked 碰 before seat 1's 吃 九九玖
    "d3": 8,  # seat 1's 坎 叄叄叄 must 跑; a first 跑: it discards one of 8 free kinds
    "d4": 2,  # nobody can use 肆; seat 1 draws 五: seat 2 碰 or pass
    "d6": 2,  # nobody can use 陸; seat 1 draws 五: seat 2 碰 or pass
}


def test_perft_two_of_hand2_by_hand() -> None:
    """Perft 2 of a stacked deal checked against a count made from the rules (§5, §6)."""
    start = Game(HUNAN, deck=HAND2_DECK)
    assert {str(a)[-1] for a in start.legal_actions(0)} == set("五八九叄肆陸")
    total = 0
    for action in start.legal_actions(0):
        game = Game.from_json(start.to_json())
        game.apply(action)
        assert action.card is not None
        count = len(game.legal_actions(game.to_act[0]))
        assert count == HAND2_AFTER_DISCARD[action.card.code], action
        total += count
    assert total == 18


# ------------------------------------------------------------------------------------ §5 跑 / 提


NINE = card("x9")
MELD_SETUPS = {
    # the meld seat 1 makes on 九 before the fourth copy comes, and the deal that gives it
    "坎": {1: "九九九"},
    "碰": {0: "九", 1: "九九"},  # the dealer discards 九, seat 1 碰s it
    "偎": {1: "九九"},  # seat 1 draws the third 九 first (stock below)
}
FOURTH = {
    # where the fourth 九 comes from -> the stock for each meld (the flow passes every claim)
    ("坎", "discard"): "",
    ("坎", "other draw"): "拾 九",  # seat 1 draws 拾, seat 2 draws 九
    ("坎", "own draw"): "九",
    ("碰", "discard"): "",
    ("碰", "other draw"): "九",  # seat 1 碰s and discards, seat 2 draws 九
    ("碰", "own draw"): "拾 拾 九",
    ("偎", "discard"): "九",
    ("偎", "other draw"): "九 九",
    ("偎", "own draw"): "九 拾 拾 九",
}
EXPECTED = {  # zipai.md §5: 跑 (a)(b)(c) and 提 (b)(c); a 碰 never 跑s on a discard
    ("坎", "discard"): "跑",
    ("坎", "other draw"): "跑",
    ("坎", "own draw"): "提",
    ("碰", "discard"): None,
    ("碰", "other draw"): "跑",
    ("碰", "own draw"): "跑",
    ("偎", "discard"): "跑",
    ("偎", "other draw"): "跑",
    ("偎", "own draw"): "提",
}


@pytest.mark.parametrize(("meld", "source"), list(EXPECTED), ids=lambda v: str(v))
def test_fourth_card_by_source(meld: str, source: str) -> None:
    """zipai.md §5 which sources turn a 坎 / 碰 / 偎 into a 跑 or a 提 (§9: 碰 only on a draw)."""
    hands = dict(MELD_SETUPS[meld])
    if source == "discard":  # the dealer holds the fourth 九 (and discards it when he can)
        hands[0] = hands.get(0, "") + "九"
    deck = stack_deck(hands=hands, stock=FOURTH[(meld, source)])
    game = Game(HUNAN, deck=deck)
    quads: list[str] = []
    while not game.is_over and len([r for r in game.log if r.action.card is NINE]) < 12:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        made = meld == "坎" or any(m.cards[0] is NINE for m in game.melds(1))
        # to discard the fourth 九 the dealer first needs a 進牌: he takes a 吃 / 碰 without it
        takes = [
            a
            for a in legal
            if a.kind in (A.CHI, A.PENG)
            and seat == 0
            and made
            and source == "discard"
            and all(NINE not in m.cards for m in a.melds)
            and a.card is not NINE
        ]
        wanted = [
            a
            for a in legal
            if a.card is NINE
            and (
                (a.kind is A.PENG and seat == 1)
                or (a.kind is A.DISCARD and meld == "碰" and not made)
                or (a.kind is A.DISCARD and made and source == "discard")
            )
        ]
        others = [a for a in legal if a.kind is A.DISCARD and a.card is not NINE]
        pass_ = Action(seat, A.PASS)
        action = (wanted or takes or [pass_ if pass_ in legal else others[0]])[0]
        game.apply(action)
        quads = [r.action.kind.hanzi for r in game.log if r.action.kind in (A.PAO, A.TI)]
        copies = sum(m.cards.count(NINE) for m in game.melds(1))
        if quads or (copies == 3 and NINE in game.discards(0) + game.discards(2)):
            break
    assert sum(m.cards.count(NINE) for m in game.melds(1)) >= 3, "seat 1 made its meld"
    last = [
        r.action for r in game.log if r.action.card is NINE and r.action.kind in (A.DISCARD, A.DRAW)
    ][-1]
    came = {"discard": (A.DISCARD, 0), "other draw": (A.DRAW, 2), "own draw": (A.DRAW, 1)}
    assert (last.kind, last.seat) == came[source]  # the fourth 九 came as planned
    expected = EXPECTED[(meld, source)]
    if expected is None:
        assert quads == [] and game.melds(1)[0].kind.hanzi == "碰"
        assert game.discards(0).count(NINE) == 1 or game.offered is NINE
    else:
        assert quads == [expected]
        assert str(game.melds(1)[-1 if meld == "坎" else 0]).startswith(expected)
