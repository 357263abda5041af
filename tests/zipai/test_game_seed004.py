"""zipai.md §9 / seed 004 (哈哈字牌): a single dealt 掃穿 (four of a kind) may stay in hand; two
dealt 掃穿 must be laid face down. Scenario tests on stacked decks (``Rules.dealt_ti_in_hand``)."""

from __future__ import annotations

import json

import pytest

from changpai.core.view import SeenMeld
from changpai.errors import IllegalActionError
from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.cards import Card, parse
from changpai.zipai.deck import stack_deck
from changpai.zipai.game import Game
from changpai.zipai.melds import Meld, MeldKind, Origin, huxi
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO, Rules

A = ActionKind

# 20 cards around a dealt four: with 八 the hand is 提 + 將 八八 + 5 句 (seat 1 wins on the 八).
KEPT_BIG = "拾拾拾拾 一二三 二七十 壹貳叄 柒捌玖 陸柒捌 八"  # 12 + 3 + 3 + 6 = 24 胡息
KEPT_SMALL = "九九九九 一二三 二七十 壹貳叄 柒捌玖 陸柒捌 八"  # 9 + 3 + 3 + 6 = 21 胡息


def deal(
    hands: dict[int, str],
    rules: Rules = HAHA,
    liang: str | None = None,
    stock: str = "",
) -> Game:
    return Game(rules, deck=stack_deck(rules, hands=hands, liang=liang, stock=stock))


def records(game: Game, kind: ActionKind) -> list[str]:
    return [str(r.action) for r in game.log if r.action.kind is kind]


def peng(game: Game, seat: int, card: str) -> None:
    """碰 the card on offer (passing a 胡 the filler cards may happen to allow first)."""
    if game.to_act == (seat,) and A.WIN in {a.kind for a in game.legal_actions(seat)}:
        game.apply(Action(seat, A.PASS))
    game.apply(Action(seat, A.PENG, card))


def pass_until_draw(game: Game) -> None:
    while game.to_act and Action(game.to_act[0], A.PASS) in game.legal_actions(game.to_act[0]):
        game.apply(Action(game.to_act[0], A.PASS))


@pytest.mark.parametrize(
    ("hand", "four", "ti_huxi", "total"),
    [(KEPT_BIG, "d10", 12, 24), (KEPT_SMALL, "x9", 9, 21)],
    ids=["zipai.md §9 big 掃穿 12", "zipai.md §9 small 掃穿 9"],
)
def test_single_dealt_four_stays_hidden_and_wins_as_a_ti(
    hand: str, four: str, ti_huxi: int, total: int
) -> None:
    """zipai.md §9 (seed 004 "起手上來的牌有掃穿的現象，不必要放在桌面上"): in HAHA a single dealt
    four stays concealed in hand (no 提 record, hidden in the others' views) and the hand wins
    with it read as a 提 (§8.1: 12 big / 9 small 胡息), like a laid one."""
    game = deal({0: "八", 1: hand})
    card = Card.parse(four)
    assert game.melds(1) == () and game.hand(1).count(card) == 4
    assert records(game, A.TI) == []
    assert len(game.hand(1)) == 20
    for watcher in (0, 3, 2):  # the other players and the 數信
        seen = game.view(watcher).seats[1]
        assert seen.melds == () and seen.hand_size == 20
        assert card.hanzi not in str(game.view(watcher))
    assert game.view(1).hand.count(card) == 4
    game.apply(Action(0, A.DISCARD, "x8"))  # HAHA: a discard can be won on (Z2)
    assert game.to_act == (1,) and A.WIN in {a.kind for a in game.legal_actions(1)}
    game.apply(Action(1, A.WIN, "x8"))
    result = game.result
    assert result is not None and result.win is not None and result.winner == 1
    dec = result.win.decomposition
    ti = Meld(MeldKind.TI, (card,) * 4)
    assert ti in dec.melds and huxi(ti, rules=HAHA) == ti_huxi
    assert dec.huxi == total
    # the same hand with the four laid at the deal (seed 000 rule) wins with the same 胡息
    laid = deal({0: "八", 1: hand}, rules=HAHA.evolve(dealt_ti_in_hand=0))
    assert laid.melds(1) == (Meld(MeldKind.TI, (card,) * 4, False, Origin.HAND),)
    laid.apply(Action(0, A.DISCARD, "x8"))
    laid.apply(Action(1, A.WIN, "x8"))
    assert laid.result is not None and laid.result.value == total


def test_kept_four_is_never_discarded_by_the_dealer() -> None:
    """zipai.md §9 / §5 (a 坎 or 提 is never split or discarded): the dealer keeping a dealt four
    (here completed by the 亮張) must discard, but never a card of the four."""
    game = deal({0: "貳貳貳"}, liang="貳")
    d2 = Card.parse("d2")
    assert game.melds(0) == () and game.hand(0).count(d2) == 4
    legal = game.legal_actions(0)
    assert legal and all(a.kind is A.DISCARD and a.card is not d2 for a in legal)
    before = game.copy()
    bad = Action(0, A.DISCARD, "d2")
    assert not game.can(bad)
    with pytest.raises(IllegalActionError, match="no free 貳"):
        game.apply(bad)
    assert game == before


def test_kept_four_is_never_discarded_after_a_peng() -> None:
    """zipai.md §9 / §6.5: a non-dealer keeping a dealt four 碰s and must then discard (it holds
    20 + 1 cards with one 提 counted) — any card but the four."""
    game = deal({0: "三", 1: "拾拾拾拾 三三"})
    game.apply(Action(0, A.DISCARD, "x3"))
    peng(game, 1, "x3")
    legal = game.legal_actions(1)
    assert legal and {a.kind for a in legal} == {A.DISCARD}
    assert Action(1, A.DISCARD, "d10") not in legal
    assert not game.can(Action(1, A.DISCARD, "d10"))
    assert game.hand(1).count(Card.parse("d10")) == 4


@pytest.mark.parametrize(
    ("hands", "stock", "made"),
    [
        ({0: "九", 1: "拾拾拾拾 九九九"}, "", "seat 1 跑 九九九九"),
        ({0: "一", 1: "拾拾拾拾 九九九"}, "九", "seat 1 提 九九九九"),
    ],
    ids=["zipai.md §9 跑 on a discard", "zipai.md §9 提 on a draw"],
)
def test_second_quad_lays_the_kept_four(hands: dict[int, str], stock: str, made: str) -> None:
    """zipai.md §9 with §5 重跑: a kept dealt four counts as a 提, so the seat's next 跑 / 提 is a
    重跑 (no discard), and — two 掃穿 / 跑 may not stay hidden — the kept four is laid face down
    right after it, as an engine record."""
    game = deal(hands, stock=stock)
    assert game.melds(1) == ()
    game.apply(game.legal_actions(0)[0] if stock else Action(0, A.DISCARD, "x9"))
    pass_until_draw(game)
    log = [str(r) for r in game.log]
    at = log.index(f"{made} (auto)")
    assert log[at + 1] == "seat 1 提 拾拾拾拾 (auto)"
    assert log[at + 2].startswith("seat 3 摸")  # 重跑: seat 1 does not discard, its 下家 draws
    assert not any(r.startswith("seat 1 ") for r in records(game, A.DISCARD))
    assert Meld(MeldKind.TI, parse("拾拾拾拾"), False, Origin.HAND) in game.melds(1)
    assert SeenMeld("ti", "提", (), 4) in game.view(0).seats[1].melds  # HAHA: all face down
    assert "d10" not in [c.code for c in game.hand(1)]
    # HUNAN lays the four at the deal; the later 跑 / 提 is a 重跑 there too
    hunan = Game(HUNAN, deck=stack_deck(HUNAN, hands=hands, stock=stock))
    assert hunan.melds(1)[0].kind is MeldKind.TI
    hunan.apply(hunan.legal_actions(0)[0] if stock else Action(0, A.DISCARD, "x9"))
    pass_until_draw(hunan)
    hlog = [str(r) for r in hunan.log]
    assert hlog[hlog.index(f"{made} (auto)") + 1].startswith("seat 2 摸")


def test_two_dealt_fours_are_laid_face_down() -> None:
    """zipai.md §9 (seed 004 "起手上來有2個掃穿的牌…一定要放在桌面上(全蓋住)"): with two dealt
    fours both are laid by the engine, all four cards face down to the others (HAHA
    ti_face_up=0), and the §4 two-提 exemption applies (the first 進牌 needs no discard)."""
    game = deal({0: "三", 1: "拾拾拾拾 九九九九 三三"})
    assert records(game, A.TI) == ["seat 1 提 九九九九", "seat 1 提 拾拾拾拾"]
    assert all(r.auto for r in game.log if r.action.kind is A.TI)
    assert [m.kind for m in game.melds(1)] == [MeldKind.TI, MeldKind.TI]
    assert len(game.hand(1)) == 12
    assert HAHA.ti_face_up == 0
    for watcher in (0, 3):
        seen = game.view(watcher).seats[1].melds
        assert seen == (SeenMeld("ti", "提", (), 4), SeenMeld("ti", "提", (), 4))
        assert [str(m) for m in seen] == ["提 ■■■■", "提 ■■■■"]
    assert [str(m) for m in game.view(1).seats[1].melds] == ["提 九九九九", "提 拾拾拾拾"]
    game.apply(Action(0, A.DISCARD, "x3"))
    peng(game, 1, "x3")
    assert records(game, A.DISCARD) == ["seat 0 打 三"]  # seat 1 did not discard
    assert records(game, A.DRAW)[0].startswith("seat 3 ")


@pytest.mark.parametrize(
    "rules",
    [HUNAN, LIUHUDAO, HAHA.evolve(dealt_ti_in_hand=0)],
    ids=["zipai.md §4 hunan", "zipai.md §4 liuhudao", "zipai.md §4 haha dealt_ti_in_hand=0"],
)
def test_seed000_rule_lays_a_single_dealt_four(rules: Rules) -> None:
    """zipai.md §4 (seed 000): without the §9 option every dealt four is laid as a 提."""
    game = deal({1: "壹壹壹壹"}, rules=rules)
    assert game.melds(1) == (Meld.parse("提 壹壹壹壹"),)
    assert records(game, A.TI) == ["seat 1 提 壹壹壹壹"]
    assert Card.parse("d1") not in game.hand(1)


def test_option_two_keeps_two_dealt_fours() -> None:
    """zipai.md §9 option: dealt_ti_in_hand=2 keeps up to two dealt fours concealed; a seat
    with two of them holds 20 and needs 21, so its first 進牌 is without discard (§4)."""
    rules = HAHA.evolve(dealt_ti_in_hand=2)
    game = deal({0: "三", 1: "拾拾拾拾 九九九九 三三"}, rules=rules)
    assert game.melds(1) == () and records(game, A.TI) == []
    game.apply(Action(0, A.DISCARD, "x3"))
    peng(game, 1, "x3")
    assert records(game, A.DISCARD) == ["seat 0 打 三"]
    assert records(game, A.DRAW)[0].startswith("seat 3 ")


def test_json_round_trip_with_a_kept_four() -> None:
    """DESIGN JSON / zipai.md §9: a game with a kept four reloads and replays equal, and the
    saved rules carry dealt_ti_in_hand."""
    game = deal({0: "三", 1: "拾拾拾拾 三三"})
    game.apply(Action(0, A.DISCARD, "x3"))
    peng(game, 1, "x3")
    game.apply(game.legal_actions(1)[0])
    text = game.to_json()
    assert json.loads(text)["rules"]["dealt_ti_in_hand"] == 1
    again = Game.from_json(text)
    assert again == game and again.rules.dealt_ti_in_hand == 1
    assert Game.replay(game.log, HAHA, deck=game.deck) == game
    other = Game.from_json(Game(HAHA.evolve(dealt_ti_in_hand=0), deck=game.deck).to_json())
    assert other.rules.dealt_ti_in_hand == 0 and other.melds(1) == (Meld.parse("提 拾拾拾拾"),)
