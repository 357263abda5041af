"""Tests of the 川牌 擠兒 game engine (chuanpai.md §2.1, §2.2, §2.4, §2.5) with stacked decks,
and hypothesis invariants on random games of both presets."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import (
    GEHU,
    YAODIREN,
    Action,
    ActionKind,
    Card,
    Game,
    GameView,
    MeldKind,
    Rules,
    best_decomposition,
    can_jiao,
    parse,
    random_game,
    score,
    stack_deck,
)
from changpai.errors import IllegalActionError, NotationError, RulesError


def kinds(actions: list[Action]) -> set[str]:
    return {str(a) for a in actions}


TWO = YAODIREN.evolve(players=2)
# chuanpai.md §2.4 scenario: dealer 8 擠兒 + singles 貓貓 15, 丁丁 12; seat 1 8 擠兒 + single 合牌 13.
DEALER = "66 44 56 45 46 55 56 36 13 24 22 33 14 23 26 11 15 12"
SEAT1 = "66 26 45 56 46 46 36 56 14 14 23 23 22 33 35 11 13"


def test_never_break_a_jier_to_discard() -> None:
    """chuanpai.md §2.4.1 不能拆了擠兒打: only surplus cards may be discarded.

    Dealer: 8 擠兒 + 貓貓 + 丁丁; 二四 and 長三 are surplus too, because 貓貓 can take their place
    (貓貓+合牌 / 貓貓+長二 keep 8 擠兒)."""
    game = Game(TWO, deck=stack_deck(TWO, hands=[DEALER, SEAT1]))
    assert game.phase == "discard" and game.to_act == (0,)
    assert {a.card.code for a in game.legal_actions(0) if a.card} == {"15", "24", "33", "12"}
    with pytest.raises(IllegalActionError, match="not legal in the discard phase"):
        game.apply(Action(0, ActionKind.DISCARD, card=Card("66")))


def test_must_eat_and_turned_card_for_everybody_and_guo() -> None:
    """chuanpai.md §2.2 (unused card -> a card is turned for everybody, the turner first),
    §2.4.2 能吃必須吃 (擺 forced; a 碰 of two tied cards optional), §2.3 (偷 after 碰) and
    §2.4.3 過牌."""
    game = Game(TWO, deck=stack_deck(TWO, hands=[DEALER, SEAT1], stock="14 16 12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    # Nobody can use 丁丁: seat 1 (next) turns 幺四 for everybody, and may 碰 it first.
    turned = [r for r in game.log if r.auto and r.action.kind is ActionKind.TURN]
    assert [(r.action.seat, r.action.card.code) for r in turned if r.action.card] == [(1, "14")]
    assert game.to_act == (1,)
    peng = Action(1, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
    # §2.4.2 "unless both of your cards are tied in 擠兒": 幺四 幺四 拐子 拐子 are two 擠兒 and
    # no 5-point card is single, so the 碰 may be passed.
    assert game.legal_actions(1) == [peng, Action(1, ActionKind.PASS)]
    game.apply(peng)
    # The 偷 brings 高高 (7), the partner of 丁丁 that passed seat 1 earlier: a 過牌.
    assert game.side_cards(1) == (Card("16"),)
    assert [str(m) for m in game.melds(1)] == ["碰 幺四 幺四 幺四"]
    # Seat 1 may discard only a surplus card: 合牌, or 長二 (then 合牌 pairs with 長三).
    assert kinds(game.legal_actions(1)) == {"seat 1 打 合牌", "seat 1 打 長二"}
    game.apply(Action(1, ActionKind.DISCARD, card=Card("13")))
    # The dealer must 擺 合牌 (貓貓 is single).
    assert game.to_act == (0,)
    legal = game.legal_actions(0)
    assert all(a.kind is ActionKind.CLAIM for a in legal)  # no pass
    game.apply(Action(0, ActionKind.CLAIM, card=Card("13"), cards=(Card("15"),), meld=MeldKind.BAI))
    # Every dealer card is formed, but without a pair of 幺四 / 地牌 / 人牌 he may not win
    # (§2.5 叫牌); with no surplus card any card may be discarded.
    assert not game.is_over and game.to_act == (0,)
    assert len(game.legal_actions(0)) == len(set(game.hand(0)))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("66")))
    # Seat 1 may 擺 天牌 (with 二六 or 三五, both tied) but need not.
    assert game.to_act == (1,) and Action(1, ActionKind.PASS) in game.legal_actions(1)
    game.apply(Action(1, ActionKind.PASS))
    # Seat 1 turns 丁丁: it must 擺 it with the 過牌 高高.
    assert game.to_act == (1,)
    guo = Action(
        1, ActionKind.CLAIM, card=Card("12"), cards=(Card("16"),), meld=MeldKind.BAI, guo=True
    )
    assert game.legal_actions(1) == [guo]
    game.apply(guo)
    assert game.side_cards(1) == ()


def test_win_when_all_formed_and_score() -> None:
    """chuanpai.md §2.5: the first player whose cards are all formed wins; §2.6 score and payment."""
    rules = TWO.evolve(jiao="off")
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, SEAT1], stock="14 16 12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    game.apply(
        Action(1, ActionKind.CLAIM, card=Card("14"), cards=parse("14 14"), meld=MeldKind.PENG)
    )
    game.apply(Action(1, ActionKind.DISCARD, card=Card("13")))
    game.apply(Action(0, ActionKind.CLAIM, card=Card("13"), cards=(Card("15"),), meld=MeldKind.BAI))
    assert game.is_over and game.to_act == ()
    result = game.result
    assert result is not None and result.winner == 0
    assert result.sheet is not None
    # 66+44, 56+45, 46+55, 56+36 are 20-point 擠兒 (1 each); the rest are 10-point (0).
    assert result.sheet.total == 4
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(1, 0, 5)]
    assert game.log[-1].auto and game.log[-1].action.kind is ActionKind.WIN
    with pytest.raises(IllegalActionError, match="the hand is over"):
        game.apply(Action(1, ActionKind.PASS))


def test_setup_lays_dealt_sets_then_tou() -> None:
    """chuanpai.md §2.1: dealt 暗 and 燕 are laid, then the 偷 in order; §2.4.4 齊頭 makes the
    暗 of 二六 / 天牌 (3 each) optional; §2.3 a 偷 that meets a 暗 on the table makes a 起."""
    dealer = "55 55 55 16 34 25 26 26 26 66 66 66 13 24 22 33 14 23"
    seat1 = "44 11 44 11 56 45 56 36 46 46 35 11 15 13 22 24 12"
    game = Game(TWO, deck=stack_deck(TWO, hands=[dealer, seat1], stock="55 13 15"))
    assert game.phase == "setup" and game.to_act == (0,)
    assert kinds(game.legal_actions(0)) == {
        "seat 0 攤 暗 梅子 梅子 梅子",
        "seat 0 攤 暗 二六 二六 二六",
        "seat 0 攤 暗 天牌 天牌 天牌",
        "seat 0 攤 燕 高高 三四 二五",
    }  # no "ready": the 暗 of 梅子 and the 燕 are mandatory
    game.apply(Action(0, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
    assert Action(0, ActionKind.READY) not in game.legal_actions(0)
    game.apply(Action(0, ActionKind.LAY, cards=parse("16 34 25"), meld=MeldKind.YAN))
    assert Action(0, ActionKind.READY) in game.legal_actions(0)
    game.apply(Action(0, ActionKind.READY))
    # Seat 1 holds three 地牌 against 人牌 人牌 三五 (齊頭: 3 good, 3 bad): the 暗 is optional.
    assert game.to_act == (1,)
    assert kinds(game.legal_actions(1)) == {"seat 1 攤 暗 地牌 地牌 地牌", "seat 1 攤完"}
    game.apply(Action(1, ActionKind.READY))
    # 2 偷: 梅子 joins the 暗 as 起 (one more 偷), then 合牌 and 貓貓 go into the hand.
    assert [str(m) for m in game.melds(0)] == ["起 梅子 梅子 梅子 梅子", "燕 高高 三四 二五"]
    tou = [
        r.action.card.code for r in game.log if r.action.kind is ActionKind.TOU and r.action.card
    ]
    assert tou == ["55", "13", "15"]
    assert Counter(game.hand(0))[Card("13")] == 2
    # Now every dealer card is formed and the 起 is a 土夥 (叫牌 condition): he wins at once.
    # Best: 起 5 + 燕 2 + 暗 天牌 3 + 暗 二六 3 (better than three 20-point 擠兒) + 4 × 0 = 13.
    assert game.result is not None and game.result.winner == 0
    assert game.result.sheet is not None and game.result.sheet.total == 13
    assert "暗 天牌 天牌 天牌" in str(game.result.sheet)


def test_peng_before_bai() -> None:
    """chuanpai.md §2.2.3: 碰 / 起 / 扛 are claimed before 擺, whatever the seat order."""
    rules = YAODIREN.evolve(players=3, jiao="off")
    dealer = "66 44 56 45 56 36 13 24 22 33 14 23 26 11 35 11 55 12"
    seat1 = "66 35 45 56 13 15 22 24 14 14 23 23 33 22 44 11 46"
    seat2 = "55 55 66 44 56 36 45 56 26 11 13 24 16 12 25 12 35"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1, seat2], stock="15"))
    assert {a.card.code for a in game.legal_actions(0) if a.card} == {"55", "12"}
    game.apply(Action(0, ActionKind.DISCARD, card=Card("55")))
    # Seat 1 (next) could 擺 with 四六, but seat 2's 碰 comes first (optional: its two 梅子
    # are a 擠兒, §2.4.2).
    assert game.to_act == (2,)
    assert kinds(game.legal_actions(2)) == {"seat 2 吃 碰 梅子 with 梅子 梅子", "seat 2 過"}


def test_qitou_optional_peng_can_be_passed() -> None:
    """chuanpai.md §2.4.4: in 齊頭 (two 天牌, two 二六) a 碰 of 二六 is optional."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    dealer = "66 44 56 45 46 55 56 36 13 24 22 33 14 23 11 35 15 26"
    seat1 = "66 26 66 26 45 56 46 46 36 56 14 14 23 23 22 33 12"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1]))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("26")))
    legal = game.legal_actions(1)
    assert Action(1, ActionKind.PASS) in legal
    assert {a.meld for a in legal if a.kind is ActionKind.CLAIM} == {MeldKind.PENG}
    game.apply(Action(1, ActionKind.PASS))
    # The pass stage for 碰 is followed by the optional 擺 stage of the same seat.
    assert game.to_act == (1,) and {a.meld for a in game.legal_actions(1)} == {MeldKind.BAI, None}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_deal_sizes_and_seats(players: int) -> None:
    """chuanpai.md §2.1: deal 18/17/17/5, 5th 3, 6th 5+3, 7th one card (passive)."""
    rules = YAODIREN.evolve(players=players)
    game = Game(rules, seed=1, dealer=players - 1)
    sizes = rules.deal_sizes()
    for pos, size in enumerate(sizes):
        seat = (game.dealer + pos) % players
        tou = sum(
            1
            for r in game.log
            if r.action.kind is ActionKind.TOU
            and r.action.seat == seat
            and r.action.card is not None
        )
        held = len(game.hand(seat)) + sum(len(m.cards) for m in game.melds(seat))
        held += len(game.side_cards(seat))
        assert held - tou == size
        assert game.is_small(seat) == (3 <= pos <= 5)
        assert game.is_passive(seat) == (pos == 6)


def test_bad_games_raise() -> None:
    """Bad parameters raise RulesError naming the input."""
    with pytest.raises(RulesError, match=r"dealer=4 is not a seat; expected a whole number 0\.\.3"):
        Game(YAODIREN, dealer=4)
    with pytest.raises(RulesError, match="must hold exactly the 105 cards of deck105; got 84"):
        Game(YAODIREN, deck=list(GEHU.cards()))


def test_bad_seats_and_rules_raise_typed_errors() -> None:
    """DESIGN.md "Bad input always gets a clear, typed error that names the input and the
    reason": True is not seat 1, a seat out of range is no IndexError, rules must be a chuanpai
    Rules (chuanpai.md §2.1 seats 0..players-1)."""
    with pytest.raises(RulesError, match="dealer=True is not a seat"):
        Game(YAODIREN, dealer=True)
    with pytest.raises(RulesError, match=r"players=2\.5 is not a whole number"):
        Game(YAODIREN, players=2.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules='x' is not a chuanpai rules object"):
        Game(rules="x")  # type: ignore[arg-type]
    game = Game(seed=1)
    before = game.copy()
    for bad in (4, -1, True, "0", None):
        for query in (
            game.hand,
            game.view,
            game.all_cards,
            game.legal_actions,
            game.position,
            game.is_small,
            game.is_passive,
        ):
            with pytest.raises(IllegalActionError, match=f"seat={bad!r} is not a seat"):
                query(bad)  # type: ignore[operator]
    assert game == before


def _play(game: Game, rng: random.Random, check_illegal: bool) -> None:
    full = Counter(game.rules.cards())
    while not game.is_over:
        assert game.to_act
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        assert legal
        for other in range(game.players):
            if other != seat:
                assert game.legal_actions(other) == []
        if game.is_small(seat):  # chuanpai.md §2.1: the 摸家 and 5th / 6th may not 擺
            assert all(a.meld not in (MeldKind.BAI, MeldKind.JING_PAIR) for a in legal)
        if check_illegal and rng.random() < 0.2:
            before = game.copy()
            bad = rng.choice(
                [
                    Action((seat + 1) % game.players, ActionKind.PASS),
                    Action(seat, ActionKind.DISCARD, card=Card("JC")),
                    Action(
                        seat,
                        ActionKind.CLAIM,
                        card=Card("66"),
                        cards=parse("66 66"),
                        meld=MeldKind.PENG,
                    ),
                ]
            )
            if bad not in legal:
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
                assert game == before
        game.apply(rng.choice(legal))
        counts = game.card_counts()
        assert all(counts[c.index] == n for c, n in full.items())
        assert sum(counts) == sum(full.values())


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from([YAODIREN, GEHU]),
    st.integers(2, 7),
)
def test_random_games_invariants(seed: int, rules: Rules, players: int) -> None:
    """Properties on random games of both presets: no card created or lost; legal_actions is
    non-empty for the seat to act until the end; an illegal action raises and leaves the state
    equal; replaying the log and reloading JSON give an equal game."""
    rng = random.Random(seed)
    game = Game(rules, players=players, seed=seed, dealer=rng.randrange(players))
    _play(game, rng, check_illegal=True)
    assert game.result is not None
    if game.result.winner is not None:
        sheet = game.result.sheet
        assert sheet is not None
        assert sum(game.result.sheet.net().values()) == 0
        assert all(p.amount == sheet.total + 1 for p in sheet.payments)
        # chuanpai.md §2.5: the winner's cards are all formed (no 過牌 left), the 叫牌 condition
        # holds (幺地人), and §2.6: the sheet is the best decomposition's 胡.
        seat = game.result.winner
        best = best_decomposition(game.hand(seat), game.melds(seat), rules=rules)
        assert best is not None and not game.side_cards(seat)
        assert sheet.total == best.hu
        if rules.jiao == "win":
            assert can_jiao(game.all_cards(seat))
    assert Game.replay(game.log, rules, seed=seed, dealer=game.dealer, players=players) == game
    assert Game.from_json(game.to_json()) == game
    assert game.copy() == game


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(
        [
            YAODIREN.evolve(deck="deck86"),
            YAODIREN.evolve(deck="deck84_jing", deal="16/15"),
            YAODIREN.evolve(win="red_dots"),
            YAODIREN.evolve(win="cards16", jiao="deal"),
            YAODIREN.evolve(kang="optional", qitou_uncovered="optional"),
        ]
    ),
)
def test_random_games_with_options(seed: int, rules: Rules) -> None:
    """The same invariants run under the Ambiguities options C1, C4, C5, C6, C8, C9 (each
    option's own rule is checked by its scenario tests: test_decks, test_red_dot_win_option,
    test_sixteen_fifteen_deal_has_no_mojia, test_jiao_deal_checks_the_dealt_cards,
    test_qitou_uncovered_option, ...)."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    _play(game, rng, check_illegal=False)
    assert Game.from_json(game.to_json()) == game


def test_views_hide_other_hands() -> None:
    """view(seat) shows the own hand only, and other seats' 暗 face down."""
    game = Game(YAODIREN, seed=3)
    rng = random.Random(3)
    for _ in range(10):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    view = game.view(1)
    assert isinstance(view, GameView) and view.hand == game.hand(1)
    assert [s.hand_size for s in view.seats] == [len(game.hand(s)) for s in range(4)]
    for seat_view in view.seats:
        for meld in seat_view.melds:
            if seat_view.seat != 1 and meld.kind == "an":
                assert meld.cards == () and meld.hidden == 3
    data = view.to_dict()
    assert data["hand"] == [c.code for c in game.hand(1)]


def test_jing_set_kang_is_forced() -> None:
    """chuanpai.md §2.3 經 set: one 經 + two 丁丁 may be laid as 暗 (optional); with three of the
    "real and fake 經" the fourth must be 扛'd (70 胡, §2.6): no 過 and no 碰."""
    rules = YAODIREN.evolve(players=2, deck="deck86", jiao="off")
    seat1 = "66 26 45 56 46 46 36 56 14 13 23 23 22 33 JC 12 12"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1], stock="15 24"))
    assert game.to_act == (1,)
    assert kinds(game.legal_actions(1)) == {"seat 1 攤 暗 丁丁 丁丁 財神", "seat 1 攤完"}
    game.apply(Action(1, ActionKind.READY))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    legal = game.legal_actions(1)
    kang = Action(1, ActionKind.CLAIM, card=Card("12"), cards=parse("12 12 JC"), meld=MeldKind.KANG)
    assert kang in legal and Action(1, ActionKind.PASS) not in legal
    # no 碰 of two of the three is a way out either (丁丁 丁丁, or 丁丁 財神)
    assert [a for a in legal if a.meld is MeldKind.PENG] == []
    game.apply(kang)
    meld = game.melds(1)[0]
    assert meld.kind is MeldKind.KANG and meld.jing
    tou = [r for r in game.log if r.action.kind is ActionKind.TOU and r.action.seat == 1]
    assert [r.action.card for r in tou] == list(parse("15 24"))


def test_gehu_turned_card_only_for_che() -> None:
    """chuanpai.md §4 割胡: regular seats may only 扯 (碰) a turned card, never 擺 it
    (``turned_bai=False``); with ``turned_bai=True`` the single 丁丁 must 擺 the turned 斧頭."""
    dealer = "66 11 56 12 46 13 55 22 45 14 36 23 44 15 16 34 26 13"
    seat1 = "66 11 56 12 46 13 55 22 45 14 36 23 35 33 44 15 12"
    for turned_bai in (False, True):
        rules = GEHU.evolve(players=2, turned_bai=turned_bai)
        game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1], stock="56 46"))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("26")))
        assert game.to_act == (1,)  # 擺 with a tied 貓貓 or 長三 is optional
        game.apply(Action(1, ActionKind.PASS))
        if turned_bai:
            bai = Action(
                1, ActionKind.CLAIM, card=Card("56"), cards=(Card("12"),), meld=MeldKind.BAI
            )
            assert game.legal_actions(1) == [bai]
        else:
            assert Card("56") in game.dead


def test_gehu_turned_card_makes_no_yan() -> None:
    """chuanpai.md §4 割胡: "others may only 扯 (= 碰)" a turned card — not 燕 either (nor 起 or
    扛): the turned 二五 that seat 1's 高高 三四 would make a 燕 of goes dead; with
    ``turned_bai=True`` the 燕 is offered."""
    seat1 = "16 34 66 11 56 12 46 13 45 14 44 15 36 23 26 24 35"
    dealer = "66 11 56 12 46 13 45 14 44 15 36 23 26 24 35 33 22 22"
    for turned_bai in (False, True):
        rules = GEHU.evolve(players=2, turned_bai=turned_bai)
        game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1], stock="25"))
        while game.phase == "setup":
            seat = game.to_act[0]
            game.apply(next(a for a in game.legal_actions(seat) if a.kind is ActionKind.READY))
        game.apply(Action(0, ActionKind.DISCARD, card=Card("22")))
        game.apply(Action(1, ActionKind.PASS))  # (the 擺 of the discard; then 25 is turned)
        if turned_bai:
            assert game.to_act == (1,)
            assert [a.meld for a in game.legal_actions(1) if a.meld] == [MeldKind.YAN]
        else:
            assert Card("25") in game.dead


def test_qi_is_forced_unless_the_card_wins() -> None:
    """chuanpai.md §2.3 起: the fourth must join the 暗 "unless that card wins the hand": the
    winning 擺 is offered beside the 起, no pass (the seat holds the card before the others'
    擺, §2.2.3)."""
    rules = YAODIREN.evolve(players=2, jiao="off")
    dealer = "55 66 44 56 45 36 56 26 11 35 11 13 24 22 33 14 23 15"
    seat1 = "55 55 55 46 66 44 56 45 36 56 26 11 35 11 13 24 22"
    game = Game(rules, deck=stack_deck(rules, hands=[dealer, seat1], stock="33"))
    assert game.to_act == (1,)
    assert kinds(game.legal_actions(1)) == {"seat 1 攤 暗 梅子 梅子 梅子"}
    game.apply(Action(1, ActionKind.LAY, cards=parse("55 55 55"), meld=MeldKind.AN))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("55")))
    legal = game.legal_actions(1)
    assert Action(1, ActionKind.PASS) not in legal
    assert {a.meld for a in legal} == {MeldKind.QI, MeldKind.BAI}  # 擺 梅子 with 四六 wins
    game.apply(Action(1, ActionKind.CLAIM, card=Card("55"), cards=(Card("46"),), meld=MeldKind.BAI))
    assert game.result is not None and game.result.winner == 1


def _qi_table(rules: Rules) -> Game:
    """Seat 1 has laid 暗 高高 (its 偷 is 二五) and seat 0 discards the fourth 高高."""
    hands = {0: "16 22 14 23 55 46 45 56 36 56 13 15 22 33 13 24 45 36",
             1: "16 16 16 34 12 12 14 23 55 46 45 56 36 56 13 15 22",
             2: "14 23 55 46 45 56 13 15 22 33 13 24 22 15 45 36 24", 3: "14 23 55 46 15"}  # fmt: skip
    game = Game(rules, deck=stack_deck(rules, hands=hands, stock="25"))
    while game.phase == "setup":
        legal = game.legal_actions(game.to_act[0])
        game.apply(next((a for a in legal if a.kind is ActionKind.READY), legal[0]))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("16")))
    return game


def test_qi_is_not_dodged_by_another_claim_section_2_3() -> None:
    """chuanpai.md §2.3 起 (review h29): the fourth 高高 must join the 暗 — a 燕 of it (高高 三四
    二五, optional on its own) was offered beside the 起 and took the card, the 起 never made;
    so was a 碰 of 丁丁 with a 經 beside a 經 暗. Only the 起 is offered now (a 燕 or a 碰
    earns a 偷: the card does not win by it); ``strict_qi=False`` offers them as 0.2.0 did,
    and a document of 0.2.0 (its rules without the option) replays so."""
    import json

    assert {a.meld for a in _qi_table(YAODIREN).legal_actions(1)} == {MeldKind.QI}
    loose = _qi_table(YAODIREN.evolve(strict_qi=False))
    assert {a.meld for a in loose.legal_actions(1)} == {MeldKind.QI, MeldKind.YAN}
    loose.apply(next(a for a in loose.legal_actions(1) if a.meld is MeldKind.YAN))
    old = json.loads(loose.to_json())
    del old["rules"]["strict_qi"]
    assert Game.from_json(json.dumps(old)) == loose
    jing = YAODIREN.evolve(deck="deck86")
    hands = {0: "12 22 14 23 55 46 45 56 36 56 13 15 22 33 13 24 45 36",
             1: "JC JT 12 12 12 14 23 55 46 45 56 36 56 13 15 22 33",
             2: "14 23 55 46 13 15 22 33 45 36 11 26 11 35 44 66 15", 3: "14 23 55 46 24"}  # fmt: skip
    game = Game(jing, deck=stack_deck(jing, hands=hands, stock="26"))
    game.apply(Action(1, ActionKind.LAY, cards=parse("12 12 JC"), meld=MeldKind.AN))  # 經 暗
    while game.phase == "setup":
        legal = game.legal_actions(game.to_act[0])
        game.apply(next((a for a in legal if a.kind is ActionKind.READY), legal[0]))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    assert {a.meld for a in game.legal_actions(1)} == {MeldKind.QI}


def test_the_tail_seat_keeps_its_peng_beside_a_qi_it_may_not_make_section_2_1() -> None:
    """chuanpai.md §2.1 (the 尾家 may only 扯) and §2.3 (review h30 of strict_qi): the 尾家's
    經 暗 丁丁 丁丁 財神 and a discarded 丁丁 — he may not 起, so the 起's binding does not take
    away his 碰 of 丁丁 with 聽用 (strict_qi left him no claim at all)."""
    rules = YAODIREN.evolve(deck="deck86")
    hands = {0: "12 22 14 23 55 46 45 56 36 56 13 15 22 33 13 24 45 36",
             1: "14 23 55 46 45 56 36 56 13 15 22 33 11 26 11 35 44",
             2: "14 23 55 46 13 15 22 33 45 36 11 26 66 35 44 66 15", 3: "JC JT 12 12 12"}  # fmt: skip
    game = Game(rules, deck=stack_deck(rules, hands=hands, stock="26 25 34 16"))
    game.apply(Action(3, ActionKind.LAY, cards=parse("12 12 JC"), meld=MeldKind.AN))
    while game.phase == "setup":
        legal = game.legal_actions(game.to_act[0])
        game.apply(next((a for a in legal if a.kind is ActionKind.READY), legal[0]))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    assert game.to_act == (3,)
    assert [str(a) for a in game.legal_actions(3)] == [
        "seat 3 吃 碰 丁丁 with 丁丁 聽用",
        "seat 3 過",
    ]


def test_from_json_bad_documents_raise_notation_error() -> None:
    """DESIGN.md typed errors (``to_json`` / ``from_json`` lossless, bad text refused): a saved
    川牌 game without a key, text that is not JSON, or an action without its seat raise
    NotationError naming the problem, never KeyError."""
    import json

    data = json.loads(Game(seed=4).to_json())
    for key in ("rules", "seed", "dealer", "deck", "options", "actions"):
        broken = {k: v for k, v in data.items() if k != key}
        with pytest.raises(NotationError, match=f"the key\\(s\\) '{key}' are missing"):
            Game.from_json(json.dumps(broken))
    with pytest.raises(NotationError, match="not a chuanpai game JSON document"):
        Game.from_json("{not json")
    with pytest.raises(NotationError, match="the key 'seat' is missing"):
        Game.from_json(json.dumps({**data, "actions": [{"kind": "ready"}]}))
    with pytest.raises(NotationError, match="'x' is not a unit kind"):
        Game.from_json(json.dumps({**data, "actions": [{"kind": "lay", "seat": 0, "meld": "x"}]}))


def test_engine_cards_are_the_interned_cards() -> None:
    """DESIGN.md "Card kinds are interned": the cards of hands, the stock and a reloaded game
    are the objects of CARDS."""
    from changpai.chuanpai import CARDS

    game = Game(seed=6)
    again = Game.from_json(game.to_json())
    assert all(c is CARDS[c.index] for c in (*again.hand(0), *again.stock, *game.stock))


def _brute_max_pairs(cards: list[Card], sums: tuple[int, ...]) -> int:
    """The most disjoint 擠兒 / 經 pairs, by trying every partner of the first card."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = _brute_max_pairs(rest, sums)
    for k, other in enumerate(rest):
        jing_pair = first.is_jing != other.is_jing
        if jing_pair or (
            not first.is_jing and not other.is_jing and first.points + other.points in sums
        ):
            best = max(best, 1 + _brute_max_pairs(rest[:k] + rest[k + 1 :], sums))
    return best


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(list(YAODIREN.evolve(deck="deck86").cards())), max_size=9),
    st.sampled_from([YAODIREN.pair_sums, GEHU.pair_sums]),
)
def test_max_pairs_matches_brute_force(cards: list[Card], sums: tuple[int, ...]) -> None:
    """Property (chuanpai.md §2.4.1 不能拆了擠兒打): the engine's count of the most disjoint
    擠兒 (and 經 pairs) in a hand, which decides the surplus cards, equals a brute-force count."""
    from changpai.chuanpai.game import _max_pairs

    counts = tuple(sum(1 for c in cards if c.index == i) for i in range(23))
    assert _max_pairs(counts, sums) == _brute_max_pairs(sorted(cards), sums)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(list(YAODIREN.evolve(deck="deck86").cards())), max_size=19),
    st.sampled_from([YAODIREN.pair_sums, GEHU.pair_sums]),
)
def test_surplus_kinds_keep_the_most_pairs(cards: list[Card], sums: tuple[int, ...]) -> None:
    """Property (chuanpai.md §2.4.1 不能拆了擠兒打): a kind is surplus exactly when one card of
    it can go without lowering the most disjoint pairs of the hand."""
    from changpai.chuanpai.game import _max_pairs, _surplus_kinds

    counts = [sum(1 for c in cards if c.index == i) for i in range(23)]
    best = _max_pairs(counts, sums)
    expected = []
    for i in range(23):
        less = list(counts)
        less[i] -= 1
        expected.append(counts[i] > 0 and _max_pairs(less, sums) == best)
    assert _surplus_kinds(counts, sums) == expected


@pytest.mark.parametrize(
    "rules",
    [YAODIREN, GEHU, YAODIREN.evolve(deck="deck86"), YAODIREN.evolve(deck="deck84_jing")],
    ids=["yaodiren", "gehu", "deck86", "deck84_jing"],
)
def test_quick_claim_test_agrees_with_the_claims(rules: Rules) -> None:
    """At every offer of random games, the engine's quick test of whether a seat has a claim
    (chuanpai.md §2.2.3, §2.3, §2.4.2-3) agrees with the claims it lists."""
    offers = 0
    for seed in range(25):
        game = Game(rules, seed, players=5 if seed % 5 == 0 else None)
        rng = random.Random(seed)
        while not game.is_over:
            if game.offer is not None:
                card = game.offer[0]
                for seat in game.seats:
                    for cls in (0, 1):
                        listed = bool(game._claim_options(seat, card, cls)[0])
                        assert game._can_claim(seat, card, cls) == listed
                offers += 1
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert offers > 100


# ---------------------------------------------------------------- the engine contract (Core concepts)


def test_bad_actions_raise_illegal_action_error_and_change_nothing() -> None:
    """Game(seed=1).apply(None) (and verify, can, apply("discard")) raise IllegalActionError,
    never AttributeError; the state is unchanged."""
    game = Game(seed=1)
    before = game.copy()
    for bad in (None, "discard", 5, Action(3, ActionKind.PASS), Action(0, ActionKind.WIN)):
        with pytest.raises(IllegalActionError):
            game.apply(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.verify(bad)  # type: ignore[arg-type]
        assert not game.can(bad)  # type: ignore[arg-type]
    assert game == before


def test_state_is_read_only_tuples() -> None:
    """log, stock, to_act, seats, deck, dead are tuples: g.log.clear() can no longer corrupt a
    game; hands and tables are read through hand(seat) / melds(seat)."""
    game = Game(seed=2)
    _ = game.apply(game.legal_actions(game.to_act[0])[0])
    for name in ("log", "stock", "to_act", "seats", "deck", "dead"):
        assert isinstance(getattr(game, name), tuple), name
    for name in ("hands", "tables", "guo", "passed"):
        assert not hasattr(game, name), name
    assert isinstance(game.melds(0), tuple) and isinstance(game.side_cards(0), tuple)
    assert repr(game).startswith("<chuanpai.Game yaodiren seed=2 dealer=0 ") and "log=" in repr(
        game
    )


def test_players_is_an_option_and_seats_leave_out_the_one_card_seat() -> None:
    """chuanpai.md §2.1: the 7th player holds one card and never plays; players= other than the
    rules' number is kept in options (and in documents)."""
    game = Game(YAODIREN, 3, dealer=2, players=7)
    assert game.options == {"players": 7} and game.seats == (2, 3, 4, 5, 6, 0)
    assert Game.from_json(game.to_json()).options == {"players": 7}
    assert Game(YAODIREN.evolve(players=7), 3).options == {}


def test_result_fields_after_a_win_and_a_drawn_hand() -> None:
    """The core GameResult: reason "win" labelled 胡, value = the 胡 of the sheet, the winning
    decomposition, next_dealer None (the cut decides, §2.2.5), the discarder when the win came
    from a claimed discard; a drawn hand (荒牌) keeps the dealer."""
    rules = TWO.evolve(jiao="off")
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, SEAT1], stock="14 16 12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    game.apply(Action(1, ActionKind.CLAIM, Card("14"), parse("14 14"), MeldKind.PENG))
    game.apply(Action(1, ActionKind.DISCARD, card=Card("13")))
    game.apply(Action(0, ActionKind.CLAIM, Card("13"), (Card("15"),), MeldKind.BAI))
    result = game.result
    assert result is not None and (result.winner, result.reason, result.label) == (0, "win", "胡")
    assert result.value == result.sheet.total == 4 and result.next_dealer is None  # type: ignore[union-attr]
    assert result.discarder == 1 and not result.self_drawn
    assert result.win.units == best_decomposition(game.hand(0), game.melds(0), rules=rules)
    assert result.decomposition == result.win.units and score(result.win) == result.sheet
    assert result.headline == "seat 0 胡 on seat 1's discard"
    drawn = next(
        g
        for seed in range(200)
        if (g := random_game(GEHU, seed)).result is not None and g.result.winner is None
    )
    assert drawn.result is not None
    assert (drawn.result.reason, drawn.result.label) == ("huangpai", "荒牌")
    assert drawn.result.next_dealer == drawn.dealer and drawn.result.payments == ()
    assert drawn.log[-1].action.kind is ActionKind.END and drawn.log[-1].auto


def test_view_shows_a_pending_claim_only_to_its_seat() -> None:
    """GameView.to_act holds a pending claim only for the seat asked (docs: Core concepts); the
    過牌 of other seats are face down."""
    game = Game(TWO, deck=stack_deck(TWO, hands=[DEALER, SEAT1], stock="14 16 12"))
    game.apply(Action(0, ActionKind.DISCARD, card=Card("12")))
    assert game.phase == "claim" and game.to_act == (1,)
    assert game.view(1).to_act == (1,) and game.view(0).to_act == ()
    assert game.view(0).legal_actions == () and game.view(1).offered == Card("14")
    # who offers it and how, as data (a seat, a truth value), the same for every seat
    assert game.view(0).fact("offered by") == game.view(1).fact("offered by") == 1
    assert game.view(0).fact("turned") is True
    game.apply(Action(1, ActionKind.CLAIM, Card("14"), parse("14 14"), MeldKind.PENG))
    own = [m for m in game.view(1).seats[1].melds if m.kind == "side"]
    other = [m for m in game.view(0).seats[1].melds if m.kind == "side"]
    assert own[0].cards == (Card("16"),) and own[0].label == "過牌"
    assert other[0].cards == () and other[0].hidden == 1


def test_a_stacked_deck_may_be_given_as_text() -> None:
    """deck= takes cards or text in the 川牌 notation (checked against the rules' deck)."""
    deck = stack_deck(GEHU, hands={1: "66 11"})
    text = " ".join(card.code for card in deck)
    assert Game(GEHU, deck=text) == Game(GEHU, deck=deck)
    with pytest.raises(NotationError, match="JC"):
        Game(GEHU, deck=text + " JC")


def test_counts_by_points_follow_the_cards() -> None:
    """The engine's counts by point value (written out per kind) follow the points of every
    card (chuanpai.md §1)."""
    from changpai.chuanpai import CARDS
    from changpai.chuanpai.game import _by_points

    for card in CARDS:
        counts = [0] * 23
        counts[card.index] = 1
        expected = [0] * 13
        if not card.is_jing:
            expected[card.points] = 1
        assert _by_points(counts) == tuple(expected)


def test_four_card_jing_set_of_three_ding_may_be_laid_at_the_deal() -> None:
    """chuanpai.md §2.3 經 set: a 經牌 and three 丁丁 are four of the "real and fake 經" — a 4-card
    經 set (as a 偷 or a claim makes it) — so a seat dealt them may lay them as a 經 亮 (70 胡,
    §2.6), like 財神 聽用 丁丁 丁丁; the plain 暗 of the three 丁丁 stays mandatory otherwise."""
    rules = YAODIREN.evolve(players=2, deck="deck86", jiao="off")
    seat1 = "66 26 45 56 46 46 36 56 14 13 23 23 22 JC 12 12 12"
    game = Game(rules, deck=stack_deck(rules, hands=[DEALER, seat1]))
    assert game.to_act == (1,)
    assert kinds(game.legal_actions(1)) == {
        "seat 1 攤 暗 丁丁 丁丁 丁丁",
        "seat 1 攤 暗 丁丁 丁丁 財神",
        "seat 1 攤 亮 丁丁 丁丁 丁丁 財神",
    }
    game.apply(Action(1, ActionKind.LAY, cards=parse("12 12 12 JC"), meld=MeldKind.LIANG))
    meld = game.melds(1)[0]
    assert meld.kind is MeldKind.LIANG and meld.jing and meld.tou == 2
