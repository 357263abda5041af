"""Stacked-deck scenarios of the 孝感 engine: one test per rule line of xiaogan.md §2, §3, §4, §5
and per option of the Ambiguities table (§7)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from changpai.core.playout import random_playout
from changpai.errors import IllegalActionError
from changpai.xiaogan import (
    XIAOGAN,
    Action,
    ActionKind,
    Card,
    Game,
    Meld,
    MeldKind,
    Rules,
    score,
    stack_deck,
)

K = ActionKind


def table(
    hands: dict[int, str],
    stock: str = "",
    *,
    rules: Rules = XIAOGAN,
    players: int = 2,
    dealer: int = 0,
) -> Game:
    deck = stack_deck(rules, hands=hands, stock=stock, players=players, dealer=dealer)
    return Game(rules, deck=deck, dealer=dealer, players=players)


def texts(game: Game, seat: int | None = None) -> list[str]:
    seat = game.to_act[0] if seat is None else seat
    return [str(a) for a in game.legal_actions(seat)]


def do(game: Game, text: str) -> Any:
    """Apply the legal action of the seat to act whose str() is ``text``."""
    for action in game.legal_actions(game.to_act[0]):
        if str(action) == text:
            return game.apply(action)
    raise AssertionError(f"{text!r} is not legal; legal: {texts(game)}")


def kinds(game: Game, start: int = 0) -> list[str]:
    return [f"{r.action.seat}:{r.action.kind.value}" for r in game.log[start:]]


# A dealer's hand with one pair (上上) and nothing else that claims the cards used below.
DEALER = "上上 邱 化 七 爾 八 佳 可 乙 三 十 小 九 作 知"


# ------------------------------------------------------------------------------ §2 the deal


@pytest.mark.parametrize("players", range(2, 8))
def test_deal_sizes_and_seats(players: int) -> None:
    """xiaogan.md §2: 頭家 16, others 15; the 5th gets 3 (5 players), the 5th 5 and the 6th 3
    (6 players), and a 7th one card: he neither plays nor is a seat of the hand."""
    game = Game(XIAOGAN, 1, players=players)
    held = [len(game.hand(s)) + sum(len(m.cards) for m in game.melds(s)) for s in range(players)]
    dealt = list(XIAOGAN.deal_sizes(players))
    taken = [
        len([r for r in game.log if r.action.seat == s and r.action.kind is K.TOU])
        for s in range(players)
    ]
    assert [h - t for h, t in zip(held, taken, strict=True)] == dealt
    assert len(game.stock) == 121 - sum(dealt) - sum(taken)
    small = [s for s in range(players) if game.is_small(s)]
    assert small == {5: [4], 6: [4, 5], 7: [4, 5]}.get(players, [])
    assert game.seats == tuple(range(min(players, 6)))


def test_the_dealer_places_his_menjiang_first() -> None:
    """X4 / §4: the dealer must place a 門將 (a pair) before play; there is no 'ready'."""
    game = table({0: DEALER, 1: "上大人 邱乙己 化三千 七十士 爾小生"})
    assert texts(game) == ["seat 0 放 門將 上 上"]
    do(game, "seat 0 放 門將 上 上")
    assert game.melds(0) == (Meld.parse("門將 上上"),) and game.phase == "discard"


def test_hunjiang_stands_in_for_a_menjiang_card() -> None:
    """X3 default: 混江 + any card is a valid 門將."""
    game = table(
        {
            0: "邱 化 七 爾 八 佳 可 乙 三 十 小 九 作 知 大 HJ",
            1: "上大人 邱乙己 化三千 七十士 爾小生",
        }
    )
    options = texts(game)
    assert len(options) == 15 and "seat 0 放 門將 上 混江" not in options
    assert "seat 0 放 門將 大 混江" in options and all("混江" in o for o in options)


def test_a_dealer_without_a_pair_plays_without_menjiang() -> None:
    """X4 [INF]: with no pair and no 混江 the dealer cannot place a 門將 and play goes on."""
    game = table(
        {
            0: "上 大 人 邱 乙 己 化 三 千 七 十 士 爾 小 生 八",
            1: "佳作仁 可知禮 佳作仁 可知禮 九九 子",
        }
    )
    assert game.phase == "discard" and game.melds(0) == ()


def test_dealt_identical_sets_are_laid_then_tou_in_seat_order() -> None:
    """§2: after the deal the dealt sets are laid (three untied identical cards are a 暗, with
    no 'ready'), then the replacement draws (偷) are taken in seat order, dealer first."""
    game = table(
        {
            0: "上上 佳佳佳 邱 化 七 爾 八 可 乙 三 十 小 九",
            1: "大大大 邱乙己 化三千 七十士 可知禮",
        },
        stock="生 仁 禮",
    )
    do(game, "seat 0 放 門將 上 上")
    assert texts(game) == ["seat 0 放 暗 佳 佳 佳"]
    do(game, "seat 0 放 暗 佳 佳 佳")
    assert texts(game) == ["seat 1 放 暗 大 大 大"]
    do(game, "seat 1 放 暗 大 大 大")
    assert kinds(game) == ["0:lay", "0:lay", "1:lay", "0:tou", "1:tou"]
    tou = [(r.action.seat, r.action.card) for r in game.log if r.action.kind is K.TOU]
    assert tou == [(0, Card("生")), (1, Card("仁"))]
    assert Card("生") in game.hand(0) and Card("仁") in game.hand(1)


def test_tied_identical_cards_may_stay_in_hand() -> None:
    """§4 [INF]: three identical cards each tied into its own 句 may stay in hand (the seed's
    "都有配偶拴著"): laying them is offered with 'ready'."""
    game = table({0: DEALER, 1: "上上上 大大大 人人人 邱乙己 化三千"})
    do(game, "seat 0 放 門將 上 上")
    assert texts(game) == [
        "seat 1 放 暗 上 上 上",
        "seat 1 放 暗 大 大 大",
        "seat 1 放 暗 人 人 人",
        "seat 1 放完",
    ]
    do(game, "seat 1 放完")
    assert game.phase == "discard" and game.melds(1) == ()
    # two untied 大 pairs: 大大大 with one 上 and one 人 in hand must be laid
    game = table({0: DEALER, 1: "上大大大人 邱乙己 化三千 七十士 知"})
    do(game, "seat 0 放 門將 上 上")
    assert texts(game) == ["seat 1 放 暗 大 大 大"]


def test_a_tou_that_makes_three_lays_a_an_and_draws_again() -> None:
    """§4: a 暗 completed by a 偷 is laid at once and earns its own 偷."""
    game = table(
        {0: DEALER, 1: "大大大 邱乙己 化三千 七十士 可可 知"},
        stock="可 生 仁",
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    assert kinds(game)[-4:] == ["1:tou", "1:set", "1:tou", "0:discard"] or kinds(game)[-3:] == [
        "1:tou",
        "1:set",
        "1:tou",
    ]
    assert Meld.parse("暗 可可可") in game.melds(1) and Card("生") in game.hand(1)


def test_a_tou_that_is_the_fourth_of_a_an_makes_a_qi() -> None:
    """§4: a 暗 on the table and its fourth card (here a 偷) make a 起 (one more 偷; the hand
    does not reach 16 with it, §5)."""
    game = table({0: DEALER, 1: "大大大 邱乙己 化三千 七十士 可知子"}, stock="大 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    assert Meld(MeldKind.QI, (Card("大"),) * 4, claimed=Card("大")) in game.melds(1)
    assert Card("生") in game.hand(1)


def test_a_tou_that_reaches_16_wins_at_once_section_5() -> None:
    """§5 "as soon as" (review h27): the 起 of a 偷 brings the laid-out count to 16 (起 4 and
    the hand's three 句 and 可知禮): the seat wins then, its next 偷 (生) not drawn."""
    game = table({0: DEALER, 1: "大大大 邱乙己 化三千 七十士 可知禮"}, stock="大 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    assert game.result is not None and game.result.winner == 1
    assert Card("生") not in game.hand(1) and game.stock[:1] == (Card("生"),)
    assert [str(r) for r in game.log][-1] == "seat 1 和 (auto)  (16 張)"


def test_a_win_in_the_middle_of_a_chain_of_tou_section_5() -> None:
    """§5 "as soon as" (review h27): a 碰 earns a 偷, the 偷 makes a 暗 — 16 laid out — and
    the seat wins there: the 暗's own 偷 (起 可, 爾) are not drawn. With the borrowed 川牌
    table the win is 亮 7 + 碰 2 + 暗 3 = 12 胡 (it was 14: the 起 and a card more)."""
    for borrowed, total in ((False, 1), (True, 12)):
        rules = XIAOGAN.evolve(use_chuanpai_hu_table=borrowed)
        hands = {0: "上上 生 邱 化 七 八 佳 乙 三 十 九 作 知 仁 禮",
                 1: "知知知知 邱乙己 化三千 佳佳 可可 禮"}  # fmt: skip
        deck = stack_deck(rules, hands=hands, stock="上 人 可 可 爾", players=2)
        game = Game(rules, deck=deck, players=2)
        for text in ("seat 0 放 門將 上 上", "seat 1 放 亮 知 知 知 知", "seat 0 打 佳",
                     "seat 1 用 碰 佳 with 佳 佳"):  # fmt: skip
            do(game, text)
        result = game.result
        assert result is not None and result.winner == 1 and result.value == 16
        assert result.sheet is not None and result.sheet.total == total
        assert [m.kind.hanzi for m in game.melds(1)] == ["亮", "碰", "暗"]
        assert game.stock[:2] == (Card("可"), Card("爾"))
        # a document of 0.2.0 (rules without win_during_tou) replays as it was played
        old = json.loads(game.to_json())
        del old["rules"]["win_during_tou"]
        assert Game.from_json(json.dumps(old)).rules.win_during_tou is False
        late = Game(rules.evolve(win_during_tou=False), deck=deck, players=2)
        for text in ("seat 0 放 門將 上 上", "seat 1 放 亮 知 知 知 知", "seat 0 打 佳",
                     "seat 1 用 碰 佳 with 佳 佳"):  # fmt: skip
            do(late, text)
        assert late.result is not None and late.result.value == 17
        assert late.stock == game.stock[2:]  # (it drew the 起's 可 and 爾 first)


def test_a_seat_at_16_on_its_dealt_sets_wins_before_anybody_draws_section_5() -> None:
    """§5 "as soon as", §2 (lay the dealt sets, then draw in seat order): the dealer lays his
    門將 and 五張 — 16 with his three 句 — and wins before the 偷 his 五張 earns."""
    hands = {0: "上上 邱乙己 化三千 七十士 知知知知知", 1: "大大大 佳作仁 可可禮 爾小生 八九子"}
    for rules, draws in ((XIAOGAN, 0), (XIAOGAN.evolve(win_during_tou=False), 3)):
        game = table(hands, stock="人 可 爾 生", rules=rules)
        for text in (
            "seat 0 放 門將 上 上",
            "seat 0 放 五張 知 知 知 知 知",
            "seat 1 放 暗 大 大 大",
        ):
            do(game, text)
        assert game.result is not None and game.result.winner == 0
        assert sum(r.action.kind is K.TOU for r in game.log) == draws


# ------------------------------------------------------------------------------ §3 the turn


def test_discard_then_a_turned_card_offered_to_everybody() -> None:
    """§3.1-3.2: the dealer discards; nobody uses it, so the next card of the stock is turned
    face up for everybody (the turner too) and goes into nobody's hand."""
    game = table({0: DEALER, 1: "佳作仁 可知禮 佳作仁 可知禮 九九 子"}, stock="人 大 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 邱")
    # 邱 is dead; seat 1 turns 人 (nobody can use it), then seat 0 turns 大 (dead too), then
    # seat 1 turns 生, which the dealer may 擺 with his 爾 小.
    turned = [(r.action.seat, r.action.card) for r in game.log if r.action.kind is K.TURN]
    assert turned == [(1, Card("人")), (0, Card("大")), (1, Card("生"))]
    assert game.dead == (Card("邱"), Card("人"), Card("大"))
    assert Card("人") not in game.hand(1) and game.to_act == (0,)
    assert texts(game) == ["seat 0 用 句 生 with 爾 小", "seat 0 過"]


def test_peng_qi_gang_come_before_bai() -> None:
    """§3.3: claims go in seat order from the source, but 碰 / 起 / 杠 before 擺: seat 2's 碰
    is asked before the nearer seat 1's 擺; when seat 2 passes, seat 1 may 擺."""
    game = table(
        {
            0: "上上 大 邱 化 七 爾 八 佳 可 乙 三 十 小 九 作",
            1: "上人 邱乙己 化三千 七十士 可知禮 生",
            2: "大大 佳作仁 可知禮 佳作仁 爾小生 子",
        },
        players=3,
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 大")
    assert game.to_act == (2,) and texts(game) == ["seat 2 用 碰 大 with 大 大", "seat 2 過"]
    do(game, "seat 2 過")
    assert game.to_act == (1,) and texts(game) == ["seat 1 用 句 大 with 上 人", "seat 1 過"]
    do(game, "seat 1 用 句 大 with 上 人")
    assert Meld(
        MeldKind.JU, (Card("上"), Card("大"), Card("人")), claimed=Card("大")
    ) in game.melds(1)
    assert game.to_act == (1,) and game.phase == "discard"


def test_the_fourth_of_a_an_must_be_taken_as_qi() -> None:
    """§4: the fourth card of a 暗 on the table must be taken (起): no pass is offered (only
    the abandon of §5, as the seat lays out 15: 暗 3 + four 句 12)."""
    game = table(
        {0: DEALER.replace("佳", "大"), 1: "大大大 邱乙己 化三千 七十士 可知禮"}, stock="生 仁"
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    do(game, "seat 0 打 大")
    assert texts(game) == ["seat 1 用 起 大 with 大 大 大", "seat 1 放棄"]
    do(game, "seat 1 用 起 大 with 大 大 大")
    assert any(m.kind is MeldKind.QI for m in game.melds(1))


# seat 1: a dealt 暗 大大大 and 亮 可可可可 (3 偷: 佳 爾 子 stay loose), 句 邱乙己 化三千 in
# hand and 上 人 waiting for a 大: 13 laid out, a 擺 of 大 makes 16.
AN_AND_BAI = "大大大 可可可可 邱乙己 化三千 上 人"


def test_the_fourth_of_a_an_is_taken_or_wins() -> None:
    """xiaogan.md §4: a passing fourth of a 暗 must be taken as a 起 "unless it wins" (seed:
    "必須（除非那張牌導致你和牌）"): when a 擺 of it lays out 16, that 擺 is offered beside the
    起 — no pass, and before any 擺 of the others (§3.3), so the card is never let go by — and
    the seat 擺s it and wins."""
    game = table({0: DEALER.replace("佳", "大"), 1: AN_AND_BAI}, stock="佳 爾 子")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    do(game, "seat 1 放 亮 可 可 可 可")
    assert game.laid_out(1) == 13
    do(game, "seat 0 打 大")
    assert texts(game) == ["seat 1 用 起 大 with 大 大 大", "seat 1 用 句 大 with 上 人"]
    with pytest.raises(IllegalActionError):
        game.apply(Action(1, ActionKind.PASS))
    taken = game.copy()
    do(taken, "seat 1 用 起 大 with 大 大 大")
    assert [m.kind for m in taken.melds(1)][:2] == [MeldKind.QI, MeldKind.LIANG]
    do(game, "seat 1 用 句 大 with 上 人")
    result = game.result
    assert result is not None and result.winner == 1 and result.value == 16


def test_the_fourth_of_a_an_is_forced_when_the_bai_does_not_win() -> None:
    """xiaogan.md §4: with a 擺 that does not reach 16 the 起 stays the only choice."""
    game = table({0: DEALER.replace("佳", "大"), 1: "大大大 邱乙己 化三千 七十士 上 人 可"})
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    do(game, "seat 0 打 大")
    assert texts(game) == ["seat 1 用 起 大 with 大 大 大"]


def test_a_tou_that_is_the_fourth_of_a_an_stays_in_hand_when_it_wins() -> None:
    """xiaogan.md §4: the fourth of a 暗 may also be a 偷; it is not put to the 暗 when it
    wins in hand ("unless it wins"): here 大 completes 上大人 for 16 laid out, where a 起
    would lay out 14."""
    game = table({0: DEALER, 1: AN_AND_BAI}, stock="大 佳 爾")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    do(game, "seat 1 放 亮 可 可 可 可")
    assert [m.kind for m in game.melds(1)] == [MeldKind.AN, MeldKind.LIANG]
    result = game.result
    assert result is not None and result.winner == 1 and result.value == 16
    assert Meld.parse("句 上大人") in result.win.decomposition.concealed


@pytest.mark.parametrize("lay_at_once", [True, False])
def test_gang_with_three_tied_in_hand_draws_two(lay_at_once: bool) -> None:
    """§4: three identical in hand and the fourth seen make a 杠, with two 偷. The 杠 takes
    the 作 that tied 佳佳佳 and 仁仁仁 away: they are laid as 暗 at once, each with its 偷
    (docs/xiaogan.md "Laying identical cards", review h80; ``lay_at_once=False``: kept)."""
    game = table(
        {
            0: "上上 邱 化 七 爾 八 佳 可 乙 三 十 小 九 作 作",
            1: "作作作 佳佳佳 仁仁仁 邱乙己 化三 爾",  # (a loose 爾: the 杠 lays out 13)
        },
        stock="生 禮 禮 子 八",
        rules=XIAOGAN.evolve(lay_at_once=lay_at_once),
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放完")
    do(game, "seat 0 打 作")
    assert "seat 1 用 杠 作 with 作 作 作" in texts(game)
    before = len(game.log)
    do(game, "seat 1 用 杠 作 with 作 作 作")
    if lay_at_once:
        assert [str(r) for r in game.log[before + 1 : before + 3]] == [
            "seat 1 成牌 暗 佳 佳 佳 (auto)  (暗下)",
            "seat 1 成牌 暗 仁 仁 仁 (auto)  (暗下)",
        ]
        assert kinds(game, before + 3) == ["1:tou"] * 4  # (杠 2, each 暗 1)
    else:
        assert kinds(game, before + 1) == ["1:tou"] * 2
        assert game.hand(1).count(Card("佳")) == 3


def test_a_discarded_hunjiang_is_never_claimed() -> None:
    """X3 default [INF]: a passing 混江 has no use; it is dead."""
    game = table(
        {
            0: "上上 邱 化 七 爾 八 佳 可 乙 三 十 小 九 作 HJ",
            1: "佳作仁 可知禮 佳作仁 可知禮 九九 子",
        },
        stock="生",
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 混江")
    assert Card("HJ") in game.dead


# ------------------------------------------------------------------------------ §5 the win


WINNER = "可可可可 邱乙己 化三千 七十士 爾 仁"
DEALER2 = "上上 生 邱 化 七 八 佳 乙 三 十 九 作 知 仁 禮"


def test_a_win_right_after_the_deal() -> None:
    """§5: a seat wins as soon as it lays out 16 cards — here after laying a dealt 亮 and its
    two 偷 (4 on the table + 12 formed in hand, one card loose)."""
    game = table({0: DEALER2, 1: WINNER}, stock="小 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 亮 可 可 可 可")
    result = game.result
    assert result is not None and result.winner == 1 and result.value == 16
    assert not result.win.turned and result.discarder is None and not result.self_drawn
    assert [str(c) for c in result.win.decomposition.loose] == ["仁"]
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(0, 1, 1)]


def test_a_claim_that_lays_out_16_wins_and_the_discarder_pays_no_more() -> None:
    """§5: winning on a discard — the claimer lays out 16; every loser pays one unit (§6) and
    the discarder nothing more."""
    game = table({0: DEALER2, 1: WINNER}, stock="小 佳")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 亮 可 可 可 可")
    assert game.result is None and game.laid_out(1) == 13
    do(game, "seat 0 打 生")
    do(game, "seat 1 用 句 生 with 爾 小")
    result = game.result
    assert result is not None and result.winner == 1 and result.discarder == 0
    assert result.value == 16 and result.headline == "seat 1 和 on seat 0's discard"
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(0, 1, 1)]


def test_a_win_on_a_turned_card_is_the_same() -> None:
    """§5: winning on a turned card is the same as on a discard."""
    game = table({0: DEALER2, 1: WINNER}, stock="小 佳 人 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 亮 可 可 可 可")
    do(game, "seat 0 打 九")  # dead; seat 1 turns 人 (dead), seat 0 turns 生
    assert game.to_act == (1,)
    do(game, "seat 1 用 句 生 with 爾 小")
    result = game.result
    assert result is not None and result.winner == 1 and result.discarder is None
    assert result.win.turned and [p.amount for p in result.payments] == [1]


def test_a_win_on_a_card_the_winner_turned_is_on_a_turned_card() -> None:
    """§3.2 (a turned card is for everybody, it goes into nobody's hand) and §5: a seat that
    wins on the card it turned itself wins on a turned card, not 自摸 (only a small seat's
    draw is the winner's own)."""
    game = table({0: DEALER2, 1: WINNER}, stock="小 佳 生")
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 亮 可 可 可 可")
    do(game, "seat 0 打 九")  # dead; seat 1 turns 生 and uses it himself
    assert [str(r) for r in game.log][-1] == "seat 1 翻 生 (auto)"
    do(game, "seat 1 用 句 生 with 爾 小")
    result = game.result
    assert result is not None and result.winner == 1 and result.discarder is None
    assert result.win.turned and not result.win.self_drawn and not result.self_drawn
    assert "自摸" not in result.headline and [p.amount for p in result.payments] == [1]


def test_the_borrowed_hu_table_in_play() -> None:
    """X7 option: the 川牌 胡 table (亮 7, 句 0): each loser pays 胡 + 1."""
    rules = XIAOGAN.evolve(use_chuanpai_hu_table=True)
    game = table({0: DEALER2, 1: WINNER}, stock="小 生", rules=rules)
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 亮 可 可 可 可")
    result = game.result
    assert result is not None and result.sheet is not None
    assert result.sheet.total == 7 and [p.amount for p in result.payments] == [8]
    assert result.value == 16


ABANDON_DEALER = "上上 佳佳佳 邱乙己 化三千 七十士 爾 可"
ABANDON_OTHER = "大人 仁 九九 子子 八 生生 禮禮 作作 小"


def test_abandon_at_15() -> None:
    """§5, X8: with exactly 15 laid out a seat may abandon instead of discarding; the hand has
    no winner and no payment; a seat other than the dealer abandoning leaves the deal [INF]."""
    game = table(
        {0: DEALER.replace("爾", "大"), 1: "佳佳 邱乙己 化三千 七十士 可知禮 生"}, stock="禮"
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 佳")
    do(game, "seat 1 用 碰 佳 with 佳 佳")
    assert game.laid_out(1) == 15 and "seat 1 放棄" in texts(game)
    do(game, "seat 1 放棄")
    result = game.result
    assert result is not None and result.winner is None and result.reason == "abandon"
    assert result.label == "放棄" and result.next_dealer == 0 and result.payments == ()
    assert game.to_act == () and game.legal_actions(1) == []


def test_abandon_when_asked_about_a_claim() -> None:
    """§5 [INF]: the abandon is offered whenever the seat at 15 decides, also on a claim."""
    game = table(
        {
            0: "上上 人 邱 化 七 爾 八 佳 可 乙 三 十 小 九 作",
            1: "上大人 邱乙己 化三千 七十士 爾小生",
        }
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 人")
    assert texts(game) == ["seat 1 用 句 人 with 上 大", "seat 1 過", "seat 1 放棄"]
    do(game, "seat 1 放棄")
    assert game.result is not None and game.result.reason == "abandon"
    # the 人 on offer is left unclaimed: it lies dead, no card is lost (card_counts: the deck)
    assert game.offer is None and game.dead[-1] == Card("人")
    assert sum(game.card_counts()) == len(game.rules.cards())


@pytest.mark.parametrize("tuo_zhuang, next_dealer", [(False, 1), (True, 0)])
def test_the_dealer_abandons_and_tuo_zhuang(tuo_zhuang: bool, next_dealer: int) -> None:
    """X8: a dealer who abandons at 15 keeps the deal only if 拖庄 is allowed. Here the dealer
    lays 門將 (2), a 暗 that a 偷 turns into a 起 (4) and three 句 in hand (9)."""
    rules = XIAOGAN.evolve(tuo_zhuang=tuo_zhuang)
    game = table({0: ABANDON_DEALER, 1: ABANDON_OTHER}, stock="佳 知", rules=rules)
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 放 暗 佳 佳 佳")
    assert [m.kind for m in game.melds(0)] == [MeldKind.MENJIANG, MeldKind.QI]
    assert game.laid_out(0) == 15 and "seat 0 放棄" in texts(game)
    do(game, "seat 0 放棄")
    assert game.result is not None and game.result.next_dealer == next_dealer


def test_face_up_only_counting() -> None:
    """X2 option: only face-up cards count: the 起 shows one card, so 12 are laid out and the
    abandon is not offered."""
    rules = XIAOGAN.evolve(count_face_down=False)
    game = table({0: ABANDON_DEALER, 1: ABANDON_OTHER}, stock="佳 知", rules=rules)
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 放 暗 佳 佳 佳")
    assert game.laid_out(0) == 12 and "seat 0 放棄" not in texts(game)


def test_an_illegal_abandon_is_refused() -> None:
    game = table({0: DEALER, 1: "上大人 邱乙己 化三千 七十士 爾小生"})
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(Action(0, K.ABANDON))
    assert game.to_json() == before


# ------------------------------------------------------------------------------ options


def test_wild_hunjiang_in_claims() -> None:
    """X3 option: a fully wild 混江 stands in for a card of a 碰 or a 句 claimed."""
    hands = {
        0: "上上 佳 邱 化 七 八 乙 三 十 九 作 知 仁 禮 小",
        1: "HJ 佳 邱乙己 化三千 七十士 可可 子 子",
    }
    game = table(hands)
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 佳")
    assert game.phase == "discard" or "混江" not in " ".join(texts(game))
    wild = table(hands, rules=XIAOGAN.evolve(hunjiang="wild"))
    do(wild, "seat 0 放 門將 上 上")
    # wild, 混江 also makes a 暗 of a pair (laying it is optional)
    assert texts(wild) == ["seat 1 放 暗 子 子 混江", "seat 1 放 暗 可 可 混江", "seat 1 放完"]
    do(wild, "seat 1 放完")
    do(wild, "seat 0 打 佳")
    assert texts(wild) == ["seat 1 用 碰 佳 with 佳 混江", "seat 1 過"]
    do(wild, "seat 1 過")
    # 佳 佳 混江 is no 句 (混江 stands for one card, and 佳 佳 are the same character)
    assert Card("佳") in wild.dead


def test_numeric_runs_in_claims() -> None:
    """X5 option: 七八 + a passing 九 is a 順 (擺)."""
    hands = {
        0: "上上 九 邱 化 爾 佳 可 乙 三 十 小 作 知 仁 禮",
        1: "七八 邱乙己 化三千 爾小生 可知禮 子",
    }
    plain = table(hands)
    do(plain, "seat 0 放 門將 上 上")
    do(plain, "seat 0 打 九")
    assert all("順" not in t for t in (texts(plain) if plain.phase == "claim" else []))
    runs = table(hands, rules=XIAOGAN.evolve(numeric_sentences=True))
    do(runs, "seat 0 放 門將 上 上")
    do(runs, "seat 0 打 九")
    assert "seat 1 用 順 九 with 七 八" in texts(runs)


@pytest.mark.parametrize(
    "wuzhang, laid", [(True, "五張 可 可 可 可 可"), (False, "亮 可 可 可 可")]
)
def test_five_of_a_kind(wuzhang: bool, laid: str) -> None:
    """X6: five identical dealt cards are laid as one 五張 (2 偷); split 4 + 1 with the
    option off (a 亮 and one card left in hand)."""
    rules = XIAOGAN.evolve(wuzhang=wuzhang)
    game = table({0: DEALER2, 1: "可可可可可 邱乙己 化三千 七十士 爾"}, stock="小 佳", rules=rules)
    do(game, "seat 0 放 門將 上 上")
    assert texts(game) == [f"seat 1 放 {laid}"]
    do(game, f"seat 1 放 {laid}")
    assert str(game.melds(1)[0]) == laid
    assert (Card("可") in game.hand(1)) is (not wuzhang)


# ------------------------------------------------------------------------------ small seats


def test_small_seats_draw_and_never_bai() -> None:
    """§2: the 5th player (3 cards) may not 擺, only 碰 / 杠; on his turn the card is his and
    he swaps one out (a draw, then a discard)."""
    draws = 0
    for seed in range(12):
        game = Game(XIAOGAN, seed, players=5)
        while not game.is_over:
            seat = game.to_act[0]
            actions = game.legal_actions(seat)
            if game.is_small(seat):
                assert not any(a.meld in (MeldKind.JU, MeldKind.SHUN) for a in actions)
            game.apply(actions[0])
        draws += sum(1 for r in game.log if r.action.kind is K.DRAW and r.action.seat == 4)
        assert all(r.action.seat == 4 for r in game.log if r.action.kind is K.DRAW)
    assert draws > 0


def test_the_seventh_player_never_plays_nor_pays() -> None:
    """§2: the 7th player holds one card and never plays; [INF] he does not pay a winner."""
    for seed in range(300):
        game = Game(XIAOGAN, seed, players=7)
        assert 6 not in game.seats and game.hongli is False
        chooser = random.Random(seed)
        while not game.is_over:
            assert 6 not in game.to_act
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        if game.result is not None and game.result.winner is not None:
            assert {p.payer for p in game.result.payments} == set(game.seats) - {game.result.winner}
            return
    pytest.fail("no won hand among the seeds")


def _ba_on_offer_to_jiu_and_hunjiang() -> Game:
    """A game of wild 混江 and numeric 順 where seat 0, holding 九 and 混江, is asked about a
    passing 八 (seed 410018, dealer 1)."""
    rules = XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True)
    game = Game(rules, 410018, dealer=1)
    for data in (
        {"seat": 1, "kind": "lay", "cards": ["C2", "C2"], "meld": "menjiang"},
        {"seat": 0, "kind": "ready"},
        {"seat": 1, "kind": "discard", "card": "F1"},
        {"seat": 2, "kind": "pass"},
    ):
        game.apply(Action.from_dict(data))
    return game


def test_a_shun_claim_of_ba_jiu_and_hunjiang_plays_on() -> None:
    """xiaogan.md §4, X3 + X5: a claim of 八 with 九 and a wild 混江 as a 順 (random play of
    seed 116 met it, and it raised NotationError) plays on; the hand ends and round-trips
    through JSON."""
    game = _ba_on_offer_to_jiu_and_hunjiang()
    (shun,) = [a for a in game.legal_actions(0) if str(a) == "seat 0 用 順 八 with 九 混江"]
    assert shun.meld is MeldKind.SHUN and shun.card == Card("八") and Card("HJ") in shun.cards
    game.apply(shun)
    random_playout(game, random.Random(116))
    assert game.is_over and Game.from_json(game.to_json()) == game


# ------------------------------------------------------------------------------ round 8 sweep


def test_four_players_deal_61_and_leave_60_in_the_stock() -> None:
    """xiaogan.md §2: with 4 players 16 + 3 × 15 = 61 cards are dealt and 60 stay in the stock
    (here no seat is dealt a set, so no 偷 is taken before play)."""
    game = table(
        {
            0: DEALER,
            1: "上大人 邱乙己 化三千 七十士 爾小生",
            2: "上大人 邱乙己 化三千 七十士 爾小生",
            3: "佳作仁 可知禮 佳作仁 可知禮 八九子",
        },
        players=4,
    )
    assert [len(game.hand(s)) for s in range(4)] == [16, 15, 15, 15]
    assert len(game.stock) == 60 and not any(r.action.kind is K.TOU for r in game.log)


def test_the_small_seat_takes_his_turned_card_and_swaps_one_out() -> None:
    """xiaogan.md §2: when the 5th player's turn to turn a card comes, the card is his (a
    draw into his hand) and he swaps one card out (he discards next)."""
    for seed in range(40):
        game = Game(XIAOGAN, seed, players=5)
        chooser = random.Random(seed)
        while not game.is_over:
            before = len(game.log)
            held = len(game.hand(4))
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
            draws = [r for r in game.log[before:] if r.action.kind is K.DRAW]
            if draws and not game.is_over:
                (draw,) = draws
                assert draw.action.seat == 4 and game.to_act == (4,) and game.phase == "discard"
                assert draw.action.card in game.hand(4) and len(game.hand(4)) == held + 1
                assert {a.kind for a in game.legal_actions(4)} <= {K.DISCARD, K.ABANDON}
                return
    pytest.fail("no small-seat draw among the seeds")


def test_six_players_neither_small_seat_may_bai() -> None:
    """xiaogan.md §2: with 6 players the 5th (5 cards) and the 6th (3 cards) follow the small
    seat's rule ("規則同上"): they may 碰 / 杠 but never 擺. Here seat 4 holds 上 人 and a 大 is
    discarded: nobody else can use it, and seat 4 may not, so it is dead at once."""
    other = "己 千 士 生 子 仁 禮 己 千 士 生 子 仁 禮 作"
    game = table(
        {
            0: DEALER.replace("佳", "大"),
            1: other,
            2: other,
            3: "三 七 十 九 佳 可 知 三 七 十 九 佳 可 知 人",
            4: "上人 爾小 八",
            5: "邱乙 化",
        },
        players=6,
    )
    assert game.is_small(4) and game.is_small(5) and len(game.hand(4)) == 5
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 大")
    assert game.dead[0] == Card("大")
    assert not any(r.action.kind is K.CLAIM and r.action.card == Card("大") for r in game.log)


def test_the_small_seat_may_peng() -> None:
    """xiaogan.md §2: a small seat may 碰 (only 擺 is refused); a 碰 is asked before the 擺
    of the nearer seat 3 (§3.3)."""
    game = table(
        {
            0: DEALER.replace("佳", "人"),
            1: "大 己 千 士 生 子 仁 禮 大 己 千 士 生 子 仁",
            2: "邱 乙 化 三 七 十 爾 小 八 九 佳 作 可 知 禮",
            3: "上 上 大 大 己 千 士 生 子 仁 禮 禮 邱 乙 化",
            4: "人人 八",
        },
        players=5,
    )
    assert game.is_small(4)
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 人")
    assert game.to_act == (4,) and texts(game) == ["seat 4 用 碰 人 with 人 人", "seat 4 過"]
    do(game, "seat 4 過")
    assert game.to_act == (3,) and "seat 3 用 句 人 with 上 大" in texts(game)


def test_the_turner_may_use_the_card_he_turns_and_is_asked_first() -> None:
    """xiaogan.md §3.2-3.3: a turned card is for everybody, the turner included, in seat order
    from the turner: here seat 1 turns 生 and both seats could 擺 it; seat 1 is asked first."""
    game = table(
        {0: DEALER, 1: "爾小 佳作仁 可知禮 佳作仁 可知禮 子"},
        stock="生",
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 邱")
    turned = [(r.action.seat, r.action.card) for r in game.log if r.action.kind is K.TURN]
    assert turned == [(1, Card("生"))]
    assert game.to_act == (1,) and texts(game) == ["seat 1 用 句 生 with 爾 小", "seat 1 過"]
    do(game, "seat 1 過")
    assert game.to_act == (0,) and texts(game) == ["seat 0 用 句 生 with 爾 小", "seat 0 過"]


def test_peng_and_a_claimed_qi_each_draw_one_tou() -> None:
    """xiaogan.md §4 table: a 碰 and a 起 earn one replacement draw (偷) each."""
    game = table(
        {0: DEALER.replace("爾", "大"), 1: "佳佳 邱乙己 化三千 七十士 可知禮 生"},
        stock="禮 仁",
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 佳")
    before = len(game.log)
    do(game, "seat 1 用 碰 佳 with 佳 佳")
    assert kinds(game, before) == ["1:claim", "1:tou"]
    game = table(
        {0: DEALER.replace("佳", "大"), 1: "大大大 邱乙己 化三千 七十士 可知禮"}, stock="生 仁"
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 1 放 暗 大 大 大")
    do(game, "seat 0 打 大")
    before = len(game.log)
    do(game, "seat 1 用 起 大 with 大 大 大")  # 16 laid out: the 起 wins at once (§5)
    assert kinds(game, before) == ["1:claim", "1:win"]


def test_the_abandon_is_a_choice() -> None:
    """X8: at 15 laid out the abandon is optional: the seat may discard and play on."""
    game = table(
        {0: DEALER.replace("爾", "大"), 1: "佳佳 邱乙己 化三千 七十士 可知禮 生"}, stock="禮"
    )
    do(game, "seat 0 放 門將 上 上")
    do(game, "seat 0 打 佳")
    do(game, "seat 1 用 碰 佳 with 佳 佳")
    options = texts(game)
    assert "seat 1 放棄" in options and "seat 1 打 生" in options
    do(game, "seat 1 打 生")
    assert game.result is None or game.result.reason != "abandon"


def test_the_seventh_players_hongli() -> None:
    """xiaogan.md §2: the 7th player (one card) earns his 紅利 when three copies of his card
    are discarded or turned during the hand; reported, not paid (no amount is given)."""
    seen = set()
    for seed in range(40):
        game = Game(XIAOGAN, seed, players=7)
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        (card,) = game.hand(6)
        shown = [
            r for r in game.log if r.action.kind in (K.DISCARD, K.TURN) and r.action.card == card
        ]
        assert game.hongli is (len(shown) >= 3)
        if game.result is not None:
            assert all(6 not in (p.payer, p.payee) for p in game.result.payments)
        seen.add(game.hongli)
        if seen == {True, False}:
            return
    pytest.fail(f"only {seen} among the seeds")


def test_a_set_a_tou_completes_is_written_with_its_own_cards() -> None:
    """xiaogan.md §4: a 偷 that completes three (or four, five) identical cards lays them at
    once; the record names the 偷 card and the cards it joins — a 暗 three cards in all, as a
    起 four (the 暗's record named four)."""
    from changpai.xiaogan import ActionKind, Game, MeldKind

    size = {MeldKind.AN: 3, MeldKind.QI: 4, MeldKind.LIANG: 4, MeldKind.WUZHANG: 5}
    seen = set()
    for seed in range(60):
        game, rng = Game(seed=seed), random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        for record in game.log:
            action = record.action
            if action.kind is ActionKind.SET:
                assert action.meld is not None and action.card is not None
                assert 1 + len(action.cards) == size[action.meld], str(record)
                assert str(record).count(action.card.hanzi) == size[action.meld], str(record)
                seen.add(action.meld)
    assert MeldKind.AN in seen


def _claim_reaching_16(rules: Any) -> Game:
    """Seat 1 at 13 laid out 碰s a discarded 九 (16); the 偷 it earns is 七, the fourth of its
    暗 七七七 (a 起)."""
    hands = {
        0: "九 上 邱 化 七 爾 八 佳 可 大 乙 三 十 小 子 作",
        1: "可可可可 上大人 邱乙己 七七七 九九",
    }
    game = Game(
        rules, deck=stack_deck(rules, players=2, hands=hands, stock="生 知 禮 七 禮"), players=2
    )
    while game.phase == "setup":
        game.apply(game.legal_actions(game.to_act[0])[0])
    assert game.laid_out(1) == 13
    game.apply(
        next(
            a
            for a in game.legal_actions(0)
            if a.kind is ActionKind.DISCARD and a.card == Card("九")
        )
    )
    game.apply(next(a for a in game.legal_actions(1) if a.kind is ActionKind.CLAIM))
    return game


def test_a_claim_that_lays_out_16_wins_before_its_tou() -> None:
    """xiaogan.md §5: a seat wins "as soon as" it lays out 16 — on the claim itself, before the
    claim's replacement draw; under the borrowed 胡 table a set the 偷 would have completed is
    not counted (the win came after the 偷: 14 胡, each loser paying 15; now 12 and 13)."""
    game = _claim_reaching_16(XIAOGAN.evolve(use_chuanpai_hu_table=True))
    assert [r.action.kind for r in game.log[-2:]] == [ActionKind.CLAIM, ActionKind.WIN]
    assert game.result is not None and (game.result.winner, game.result.discarder) == (1, 0)
    assert game.result.sheet is not None and game.result.sheet.total == 12
    assert [(p.payer, p.amount) for p in game.result.payments] == [(0, 13)]


def test_without_win_during_tou_a_claim_wins_after_its_tou_as_in_0_2_0() -> None:
    """docs/xiaogan.md step 4 (review h80): ``win_during_tou=False`` checks the win after the
    replacement draws, on a claim too, as 0.2.0 did — so a 0.2.0 document (its rules without
    the option) replays as it was played: the 碰's 偷 七 makes a 起 (and a 偷 of its own), 14
    胡, each loser paying 15 (the claim won at once under that option too: 12 and 13)."""
    rules = XIAOGAN.evolve(use_chuanpai_hu_table=True, win_during_tou=False)
    game = _claim_reaching_16(rules)
    assert [str(r) for r in game.log[-4:]] == [
        "seat 1 偷 七 (auto)",
        "seat 1 成牌 起 七 七 七 七 (auto)  (偷 起)",
        "seat 1 偷 禮 (auto)",
        "seat 1 和 (auto)  (17 張)",
    ]
    assert game.result is not None and game.result.winner == 1
    assert game.result.sheet is not None and game.result.sheet.total == 14
    assert [(p.payer, p.amount) for p in game.result.payments] == [(0, 15)]
    old = json.loads(game.to_json())
    del old["rules"]["win_during_tou"]
    loaded = Game.from_json(json.dumps(old))
    assert loaded == game and loaded.result == game.result


def test_a_shun_made_two_ways_with_hunjiang_is_offered_once() -> None:
    """xiaogan.md X5 (numeric 順) and X3 (混江 wild), and the core contract (every
    legal decision once): 九 + 混江 make a 順 of a passing 八 as 七八九 or 八九十 — the same
    action, listed twice (random play and perft counted it double)."""
    game = _ba_on_offer_to_jiu_and_hunjiang()
    actions = game.legal_actions(0)
    assert len(set(actions)) == len(actions)
    assert "seat 0 用 順 八 with 九 混江" in [str(a) for a in actions]


def test_a_shun_on_the_table_is_shown_in_the_order_of_its_numbers() -> None:
    """xiaogan.md §4 (X5): a 順 八九十 claimed in play shows as 八 九 十 to its owner and to
    the others (the view's cards) and in the game's notebook table, not in card order 十 八 九
    (十 is card D2); the meld's ``cards`` stay sorted (seed 1: seat 2 claims it)."""
    rules = XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True)
    game = Game(rules, 1)
    rng = random.Random(1)
    while not any(m.kind is MeldKind.SHUN for m in game.melds(2)):
        legal = game.legal_actions(game.to_act[0])
        shun = [a for a in legal if a.meld is MeldKind.SHUN]
        game.apply(shun[0] if shun else rng.choice(legal))
    (meld,) = [m for m in game.melds(2) if m.kind is MeldKind.SHUN]
    assert [c.hanzi for c in meld.cards] == ["十", "八", "九"]
    for seat in game.seats:
        (seen,) = [m for m in game.view(seat).seats[2].melds if m.label == "順"]
        assert [c.hanzi for c in seen.cards] == ["八", "九", "十"]
    html = game._repr_html_()
    group = html[html.index("title='順 八 九 十'") :]  # (the 順's chips follow its title)
    chips = [group.index(f"'{code} {hanzi}'") for code, hanzi in (("F1", "八"), ("F2", "九"))]
    assert chips == sorted(chips) and chips[-1] < group.index("'D2 十'") < group.index(
        "</span></span>"
    )


# ------------------------------------------------------------- identical cards laid at once (§4)


@pytest.mark.parametrize("lay_at_once", [True, False])
def test_a_discard_that_unties_three_identical_lays_them(lay_at_once: bool) -> None:
    """docs/xiaogan.md "Laying identical cards" (§4 [INF], the seed's "否則就暗下去了";
    review h80): seat 1 keeps 上上上 and 人人人 in hand, tied by 大大大; a 擺 takes 邱 乙 and
    the discard of a 大 unties them — they are laid as 暗 at once, each with its 偷; the 偷 上
    is the fourth of the 暗 (a 起), and the seat reaches 16. ``lay_at_once=False`` (changpai
    before): kept in hand, the turned 上 then offered to 碰 or 杠 — or let go."""
    game = table(
        {
            0: "己 佳佳 作 仁 可 知 禮 爾 小 生 八 九 子 化 三",
            1: "上上上 大大大 人人人 邱乙 化三 七十",
        },
        stock="上 千 士 生 可",
        rules=XIAOGAN.evolve(lay_at_once=lay_at_once),
    )
    for text in (
        "seat 0 放 門將 佳 佳",
        "seat 1 放完",
        "seat 0 打 己",
        "seat 1 用 句 己 with 邱 乙",
    ):
        do(game, text)
    before = len(game.log)
    do(game, "seat 1 打 大")
    if lay_at_once:
        assert [str(r) for r in game.log[before + 1 : before + 5]] == [
            "seat 1 成牌 暗 上 上 上 (auto)  (暗下)",
            "seat 1 成牌 暗 人 人 人 (auto)  (暗下)",
            "seat 1 偷 上 (auto)",
            "seat 1 成牌 起 上 上 上 上 (auto)  (偷 起)",
        ]
        assert game.result is not None and game.result.winner == 1
        assert game.result.value == 16 and game.result.discarder is None
    else:
        assert [str(r) for r in game.log[before + 1 :]] == ["seat 0 翻 上 (auto)"]
        assert texts(game) == [
            "seat 1 用 碰 上 with 上 上",
            "seat 1 用 杠 上 with 上 上 上",
            "seat 1 過",
        ]


# Five seats with no identical cards and no 句 in hand but the small seat 4's (§2: 3 cards).
_FIVE = {
    0: "上大 邱乙 化三 十士 爾小 八九 佳作 可知",
    1: "大人 乙己 三千 十士 小生 九子 作仁 知",
    2: "上人 邱己 化千 七士 爾生 八子 佳仁 可",
    3: "上大 邱乙 化三 十士 爾小 八九 佳作 禮",
}


@pytest.mark.parametrize(
    ("small", "stock", "laid"),
    [("七七七", "禮 知 可 禮 七 子", "seat 4 成牌 起 七 七 七 七 (auto)  (摸 起)"),
     ("可可 禮", "知 禮 子 可 千", "seat 4 成牌 暗 可 可 可 (auto)  (摸 暗)")],
)  # fmt: skip
@pytest.mark.parametrize("lay_at_once", [True, False])
def test_a_small_seats_draw_is_placed_as_a_tou(
    small: str, stock: str, laid: str, lay_at_once: bool
) -> None:
    """§4 (the fourth of a 暗, turned "from the stock", makes a 起 "unless it wins"; three
    untied identical cards are laid) and §2 (when a small seat's turn to turn comes, the card
    is his; review h80): small seat 4 draws the fourth of its 暗 七七七, or a third 可 no 句
    ties — the set is made and earns its 偷, as a 偷 would. ``lay_at_once=False`` (changpai
    before): the card stays in hand."""
    rules = XIAOGAN.evolve(lay_at_once=lay_at_once)
    game = table({**_FIVE, 4: small}, stock, rules=rules, players=5)
    while game.phase == "setup":
        game.apply(game.legal_actions(game.to_act[0])[0])
    do(game, "seat 0 打 上")
    while game.to_act != (4,):
        do(game, f"seat {game.to_act[0]} 過")
    drawn = Card.parse(stock.split()[-2])
    at = next(k for k, r in enumerate(game.log) if r.action.kind is K.DRAW)
    assert str(game.log[at]) == f"seat 4 摸 {drawn} (auto)"
    if lay_at_once:
        assert str(game.log[at + 1]) == laid
        assert str(game.log[at + 2]) == f"seat 4 偷 {stock.split()[-1]} (auto)"
        assert drawn not in game.hand(4)
    else:
        assert len(game.log) == at + 1 and drawn in game.hand(4)


def test_a_claimed_discard_that_earned_tou_leaves_the_discarders_pile() -> None:
    """core-concepts views (a claimed discard leaves the discarder's pile; review h81): seat 1's
    discard of a 大 unties its 上上上 and 人人人, laid with their 偷 before the 大 is offered;
    seat 0 碰s the 大 — it is in seat 0's 碰 only, not in seat 1's discards too."""
    game = table(
        {
            0: "大大 佳佳 作 仁 可 知 禮 爾 小 生 八 九 子 己",
            1: "上上上 大大大 人人人 邱乙 化三 七十",
        },
        stock="乙 可 知",
    )
    for text in ("seat 0 放 門將 佳 佳", "seat 1 放完", "seat 0 打 己", "seat 1 用 句 己 with 邱 乙",
                 "seat 1 打 大", "seat 0 用 碰 大 with 大 大"):  # fmt: skip
        do(game, text)
    assert "seat 1 成牌 暗 上 上 上 (auto)  (暗下)" in [str(r) for r in game.log]
    for seat in (0, 1):
        assert game.view(seat).seats[1].discards == ()
    assert [str(m) for m in game.melds(0)] == ["門將 佳 佳", "碰 大 大 大"]


@pytest.mark.parametrize(("win_during_tou", "draws"), [(True, 0), (False, 1)])
def test_a_small_seats_draw_that_reaches_the_win_wins_before_its_tou(
    win_during_tou: bool, draws: int
) -> None:
    """§5 "as soon as" (review h81): with ``win_count=4`` small seat 4's drawn fourth 七 makes a
    起 of 4 laid out — it wins there, before the 起's 偷 (``win_during_tou=False``: after it);
    the former engine drew the 偷 first and then raised inside ``apply`` scoring a hand of
    fewer than 15 cards."""
    rules = XIAOGAN.evolve(win_count=4, win_during_tou=win_during_tou)
    game = table({**_FIVE, 4: "七七七"}, "禮 知 可 禮 七 子", rules=rules, players=5)
    while game.phase == "setup":
        game.apply(game.legal_actions(game.to_act[0])[0])
    do(game, "seat 0 打 上")
    while not game.is_over:
        do(game, f"seat {game.to_act[0]} 過")
    result = game.result
    assert result is not None and result.winner == 4 and result.value >= 4
    drawn = next(k for k, r in enumerate(game.log) if r.action.kind is K.DRAW)
    assert sum(r.action.kind is K.TOU for r in game.log[drawn:]) == draws
    assert score(result.win) == result.sheet
