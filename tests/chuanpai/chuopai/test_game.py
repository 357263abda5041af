"""The 戳牌 engine on stacked decks (chuanpai.md §3.1, §3.3, §3.4): 硬張, 無天無九, the lead, must
beat, 過牌 / 佔張, tricks, 包牌, 罰牌, 脫手, 小胡, 一甲, 兩甲, 翻 and 黃牌."""

from __future__ import annotations

import json

import pytest

from changpai.chuanpai.chuopai import (
    CHUOPAI,
    Action,
    ActionKind,
    Game,
    PileKind,
    next_dealer,
    parse,
    score,
    stack_deck,
)
from changpai.errors import IllegalActionError, NotationError, RulesError

K = ActionKind


def play_out(game: Game, lead_codes: tuple[str, ...] = ()) -> Game:
    """Finish ``game``: the dealer leads the first single of ``lead_codes`` he holds; every
    other decision is the first legal action."""
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        chosen = actions[0]
        if actions[0].kind is K.LEAD and seat == game.dealer:
            for code in lead_codes:
                singles = [a for a in actions if a.cards == parse(code)]
                if singles:
                    chosen = singles[0]
                    break
        game.apply(chosen)
    return game


def pays(game: Game) -> list[tuple[int, int, int]]:
    assert game.result is not None
    return [(p.payer, p.payee, p.amount) for p in game.result.payments]


# The dealer holds the 8 硬張 and cards nobody can beat when led singly; the rest is 幺 that
# can beat nothing, so his 擺牌 are 8 + the strong cards (chuanpai.md §3.4 thresholds).
HARD = "12 12 12 12 24 24 24 24"
XIAOHU = HARD + " 66 66 66 66 11 11 11 11 " + "56 " * 4 + "46 " * 4 + "16 " * 4
FAN17 = HARD + " 66 66 66 66 11 11 11 11 44 " + "56 " * 4 + "46 " * 4 + "16 " * 3
YIJIA = HARD + " 66 66 66 66 11 11 11 11 44 44 44 44 45 " + "56 " * 4 + "46 46 46"
LIANGJIA = HARD + " 66 66 66 66 11 11 11 11 44 44 44 44 45 13 13 56 56 56 56 46"
ORDER = ("13", "44", "11", "66", "45")  # never 天 or a 九 first: no 包牌


@pytest.mark.parametrize(
    ("hand", "reason", "label", "count", "total"),
    [
        (XIAOHU, "xiaohu", "小胡", 16, 1),  # 16: 小胡, 1 unit; 四天 四地 四黑 but 16 − 16 = 0 翻
        (FAN17, "xiaohu", "小胡", 17, 2),  # 17: one 翻 ×2
        (YIJIA, "yijia", "一甲", 21, 2 * 2**5),  # 21: 一甲 ×2, 8 翻 counted, 5 awarded
        (LIANGJIA, "liangjia", "兩甲", 23, 4 * 2**7),  # 23: 兩甲 ×4, 7 翻 awarded
    ],
)
def test_results_by_count_of_bai(
    hand: str, reason: str, label: str, count: int, total: int
) -> None:
    """chuanpai.md §3.4: 16 小胡, 21 一甲, 23 兩甲, 翻 三紅四黑 limited to 擺牌 − 16; each loser
    pays the winner."""
    game = play_out(Game(deck=stack_deck(hands={0: hand}, seed=5)), ORDER)
    result = game.result
    assert result is not None and result.winner == 0
    assert (result.reason, result.label, result.value) == (reason, label, count)
    assert game.bai_count(0) == count and len(game.bai(0)) == count
    assert result.sheet is not None and result.sheet.total == total
    assert pays(game) == [(1, 0, total), (2, 0, total)]
    assert result.next_dealer == 0  # 佔莊: the winning dealer keeps the deal (§3.1)
    assert game.liable is None


def test_the_first_seat_to_reach_16_wins() -> None:
    """[S000] "誰先…擺夠…16張即勝利": in this deal seat 2 ends with 17 擺牌, but seat 0 reached 16
    first and wins."""
    game = play_out(Game(deck=stack_deck(hands={0: XIAOHU}, seed=5)), ORDER)
    assert [game.bai_count(s) for s in range(3)] == [16, 3, 17]
    assert game.result is not None and game.result.winner == 0


def test_yingzhang_are_laid_as_bai_when_dealt() -> None:
    """chuanpai.md §3.1: 丁丁 and 二紅 (硬張) are not played; laid face up, they count as 擺牌."""
    game = Game(deck=stack_deck(hands={0: "12 12", 1: "12 24 24 66", 2: "12 24 24 36"}))
    records = [r for r in game.log if r.action.kind is K.YINGZHANG]
    assert [(r.action.seat, r.auto) for r in records] == [(0, True), (1, True), (2, True)]
    assert records[1].action.cards == parse("24 24 12")
    assert {c.code for c in game.hand(1)}.isdisjoint({"12", "24"})
    assert game.bai_count(1) == 3 and game.melds(1)[0].kind is PileKind.YINGZHANG
    assert sum(game.bai_count(s) for s in range(3)) == 8
    assert all(len(game.hand(s)) + game.bai_count(s) == 28 for s in range(3))


def test_wu_tian_wu_jiu_voids_the_hand() -> None:
    """chuanpai.md §3.1 無天無九不打牌: a player without 天牌, 紅九 and 黑九 voids the hand."""
    deck = stack_deck(hands={0: "66 66 66 66 45 45 45 45 36 36 36 36"})
    game = Game(deck=deck)
    assert game.is_over and game.to_act == () and game.legal_actions(0) == []
    result = game.result
    assert result is not None and (result.reason, result.label, result.winner) == (
        "void",
        "流局",
        None,
    )
    assert result.payments == () and result.next_dealer == 0
    voids = [r for r in game.log if r.action.kind is K.VOID]
    assert [r.action.seat for r in voids] == [1, 2] and all(r.auto for r in voids)
    assert not Game(CHUOPAI.evolve(void_without_tianjiu=False), deck=deck).is_over


def test_one_tianjiu_card_is_enough() -> None:
    deck = stack_deck(hands={0: "66 66 66 66 45 45 45 45 36 36 36", 1: "36"})
    game = Game(deck=deck)
    assert game.is_over and [r.action.seat for r in game.log if r.action.kind is K.VOID] == [2]


def test_the_dealer_leads_and_others_wait() -> None:
    """chuanpai.md §3.3: 一般由第一家(庄)出牌."""
    for dealer in range(3):
        game = Game(seed=4, dealer=dealer)
        assert game.to_act == (dealer,) and game.seats[0] == dealer
        assert all(a.kind is K.LEAD for a in game.legal_actions(dealer))
        assert all(game.legal_actions(s) == [] for s in range(3) if s != dealer)


# Seats for the 脫手 deal: the dealer has the 8 硬張, a 幺, a 7-card 天九 and 幺 to cover with.
TUOSHOU = {
    0: HARD + " 15 66 66 66 66 45 45 45 " + "56 " * 4 + "46 " * 4 + "16 " * 4,
    1: "55 55 55 55 33 33 33 22 11 11 11 11 26 26 26 13 13 13 13 44 44 44 44 36 33 22 22 22",
}


def tuoshou_game(rules: object = CHUOPAI) -> Game:
    game = Game(rules, deck=stack_deck(hands=TUOSHOU))  # type: ignore[arg-type]
    game.apply(Action(0, K.LEAD, "15"))
    game.apply(Action(1, K.BEAT, "22"))  # 長二 (中山) beats 貓貓 (幺)
    game.apply(Action(2, K.COVER, "23"))  # seat 2 holds no 正門 above 幺
    assert game.to_act == (1,)  # the trick's winner leads next
    game.apply(Action(1, K.LEAD, "55 55 55 55 33 33 33"))  # 7 中山: nobody can beat it
    for _ in range(7):
        game.apply(game.legal_actions(2)[0])
    for code in ("56", "56", "56", "56", "46", "46", "46"):
        game.apply(Action(0, K.COVER, code))
    game.apply(Action(1, K.LEAD, "11 11 11 11 26 26 26"))  # a 7-card 地八
    for _ in range(7):
        game.apply(game.legal_actions(2)[0])
    assert game.legal_actions(0) == [Action(0, K.BEAT, "66 66 66 66 45 45 45")]
    game.apply(Action(0, K.BEAT, "66 66 66 66 45 45 45"))  # 天九 beats 地八: 8 + 7 = 15 擺牌
    return game


def test_tuoshou_is_a_draw() -> None:
    """chuanpai.md §3.4: 15 擺牌 with 5 cards still in hand after a play nobody beats: 脫手,
    nobody wins or loses (C10 default)."""
    game = tuoshou_game()
    assert game.bai_count(0) == 15 and len(game.hand(0)) == 5
    result = game.result
    assert result is not None and (result.reason, result.label, result.winner) == (
        "tuoshou",
        "脫手",
        None,
    )
    assert result.payments == () and result.next_dealer == 1


def test_tuoshou_wins_with_chuo_fifteen() -> None:
    """chuanpai.md §5 C10: ``chuo_fifteen="win"`` counts 脫手 as a 小胡 win."""
    game = tuoshou_game(CHUOPAI.evolve(chuo_fifteen="win"))
    result = game.result
    assert result is not None and (result.reason, result.winner, result.value) == ("tuoshou", 0, 15)
    assert pays(game) == [(1, 0, 1), (2, 0, 1)] and result.next_dealer == 0


def test_tuoshou_does_not_undo_a_win_already_reached() -> None:
    """[S000] "誰先…擺夠15張（脫手）或者16張即勝利": once a seat has 16, a later 脫手 of another
    seat does not end the hand [INF]."""
    deck = stack_deck(
        hands={
            0: XIAOHU,
            1: "23 23 23 23 13 13 13 13 22 55 55 55 55 33 33 33 26 26 26 26 35 35 35 44 44 44 44 36",
        }
    )
    game = Game(deck=deck)
    for _ in range(8):  # 地牌 and 天牌 singles nobody can beat: seat 0 reaches 16
        lead = next(a for a in game.legal_actions(0) if a.cards in (parse("11"), parse("66")))
        game.apply(lead)
        game.apply(next(a for a in game.legal_actions(1) if a.cards[0].code in ("23", "13")))
        game.apply(game.legal_actions(2)[0])
    assert game.bai_count(0) == 16 and game.to_act == (0,)
    game.apply(Action(0, K.LEAD, "56"))
    game.apply(Action(1, K.BEAT, "22"))
    game.apply(game.legal_actions(2)[0])
    for lead in ("55 55 55 55 33 33 33", "26 26 26 26 35 35 35"):
        game.apply(Action(1, K.LEAD, lead))
        while game.to_act != (1,) and not game.is_over:
            game.apply(game.legal_actions(game.to_act[0])[0])
    assert game.bai_count(1) == 15 and len(game.hand(1)) == 5 and not game.is_over
    play_out(game)
    assert game.result is not None and game.result.winner == 0


# 包牌 deal: the dealer has one 天牌 and weak cards; seat 1 has the 硬張 and the strong cards.
BAOPAI = {
    0: "66 " + "56 " * 4 + "46 " * 4 + "16 " * 4 + "15 " * 4 + "55 " * 4 + "23 " * 4 + "25 25 25",
    1: HARD + " 66 66 66 11 11 11 11 44 44 44 44 13 13 13 13 45 45 45 45 36",
}


def test_baopai_first_lead_with_tian_makes_the_leader_pay_alone() -> None:
    """chuanpai.md §3.3 (不能先出天牌與紅、黑九…就要包牌) and §3.4 包牌: the liable leader, who
    neither wins nor reaches 脫手, alone pays the winner; the third player neither wins nor loses."""
    game = Game(deck=stack_deck(hands=BAOPAI))
    record = game.apply(Action(0, K.LEAD, "66"))
    assert "包牌" in record.note and game.liable == 0
    play_out(game)
    result = game.result
    assert result is not None and result.winner == 1 and result.reason == "liangjia"
    expected = score(game.bai(1), winner=1, liable=0)
    assert result.sheet == expected
    assert pays(game) == [(0, 1, 2 * expected.total)]
    assert result.net(3) == {0: -2 * expected.total, 1: 2 * expected.total, 2: 0}


@pytest.mark.parametrize("lead", ["45", "36", "66 45", "66"])
def test_baopai_only_for_the_first_lead_with_tian_or_jiu(lead: str) -> None:
    deck = stack_deck(hands={0: "66 66 45 36 56 46", 1: "36", 2: "36"})
    first = Game(deck=deck)
    first.apply(Action(0, K.LEAD, lead))
    assert first.liable == 0
    no_bao = Game(CHUOPAI.evolve(baopai=False), deck=deck)
    no_bao.apply(Action(0, K.LEAD, lead))
    assert no_bao.liable is None
    other = Game(deck=deck)
    other.apply(Action(0, K.LEAD, "56"))
    assert other.liable is None


def test_baopai_leader_who_wins_is_paid_as_usual() -> None:
    """chuanpai.md §3.4 包牌 "if he neither wins nor reaches 脫手": a leader made liable by a
    first lead of 天 who then wins is paid by both losers, as in any win."""
    game = Game(deck=stack_deck(hands={0: XIAOHU}, seed=5))
    assert "包牌" in game.apply(Action(0, K.LEAD, "66")).note
    play_out(game, ORDER)
    assert game.liable == 0 and game.result is not None and game.result.winner == 0
    assert pays(game) == [(1, 0, 1), (2, 0, 1)]


def test_baopai_without_a_winner_costs_nothing() -> None:
    """chuanpai.md §3.4: the liable player pays "the eventual winner" — in a 黃牌 hand (nobody
    reaches 16) there is none, and nobody pays."""
    game = Game(seed=7)
    game.apply(Action(0, K.LEAD, "66"))
    play_out(game)
    assert game.liable == 0 and game.result is not None
    assert (game.result.reason, game.result.winner, game.result.payments) == ("huangpai", None, ())


def test_baopai_and_tuoshou_counted_as_a_win() -> None:
    """chuanpai.md §3.4 包牌 with §5 C10 ``chuo_fifteen="win"``: a liable seat that reaches 脫手
    wins and is paid by both; when another seat's 脫手 wins, the liable seat pays alone."""
    from changpai.chuanpai.chuopai.ending import tuoshou_result

    rules = CHUOPAI.evolve(chuo_fifteen="win")
    fifteen = parse("56 46 16 15") * 3 + parse("55 33 22")
    own = tuoshou_result(rules, 0, 0, fifteen, liable=0)
    assert [(p.payer, p.payee, p.amount) for p in own.payments] == [(1, 0, 1), (2, 0, 1)]
    other = tuoshou_result(rules, 0, 1, fifteen, liable=0)
    assert [(p.payer, p.payee, p.amount) for p in other.payments] == [(0, 1, 2)]
    assert other.net(3) == {0: -2, 1: 2, 2: 0}
    assert tuoshou_result(CHUOPAI, 0, 1, fifteen, liable=0).payments == ()  # C10 default: a draw


def test_must_beat_when_able() -> None:
    """chuanpai.md §3.3: 下家能打就必須打 — a follower who can beat is offered only beating
    plays, and covering is refused with the reason (state unchanged)."""
    game = Game(deck=stack_deck(hands=BAOPAI))
    game.apply(Action(0, K.LEAD, "56"))
    actions = game.legal_actions(1)
    assert actions and all(a.kind is K.BEAT for a in actions)
    assert {a.cards for a in actions} == {parse(c) for c in ("66", "11", "44", "13")}
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="can beat 斧頭 and must"):
        game.apply(Action(1, K.COVER, "36"))
    with pytest.raises(IllegalActionError, match="does not beat 斧頭"):
        game.apply(Action(1, K.BEAT, "45"))
    with pytest.raises(IllegalActionError, match="holds 0 of 梅子"):
        game.apply(Action(1, K.BEAT, "55"))
    assert game.to_json() == before


def test_fapai_in_a_lenient_game() -> None:
    """chuanpai.md §3.4 罰牌: with ``strict=False`` a follower able to beat may cover; the
    offence is recorded, the hand stops and the offender pays."""
    game = Game(deck=stack_deck(hands=BAOPAI), strict=False)
    game.apply(Action(0, K.LEAD, "56"))
    kinds = {a.kind for a in game.legal_actions(1)}
    assert kinds == {K.BEAT, K.COVER}
    record = game.apply(Action(1, K.COVER, "66"))
    assert not record.auto and "罰牌" in record.note
    result = game.result
    assert result is not None and (result.reason, result.label, result.winner) == (
        "fapai",
        "罰牌",
        None,
    )
    assert pays(game) == [(1, 0, 1), (1, 2, 1)]
    assert Game.from_json(game.to_json()) == game
    assert json.loads(game.to_json())["options"] == {"strict": False}


def test_a_seat_that_cannot_beat_covers_as_many_cards_one_at_a_time() -> None:
    """chuanpai.md §3.3: the other cards of a trick lie face down; a seat that cannot beat
    covers as many cards as were led (one decision per card)."""
    game = Game(deck=stack_deck(hands=BAOPAI))
    game.apply(Action(0, K.LEAD, "55 55"))
    game.apply(Action(1, K.BEAT, "66 66"))  # a pair of 天 beats a pair of 中山: 佔張
    assert "佔張" in game.log[-1].note
    assert game.to_act == (2,)
    assert all(a.kind is K.COVER and len(a.cards) == 1 for a in game.legal_actions(2))
    first = game.legal_actions(2)[0]
    game.apply(first)
    assert game.to_act == (2,) and game.phase == "follow"
    with pytest.raises(IllegalActionError, match="cover one card at a time"):
        game.apply(Action(2, K.COVER, game.hand(2)[-2:]))
    game.apply(game.legal_actions(2)[0])
    collected = game.log[-1]
    assert collected.auto and collected.action == Action(1, K.BAI, "66 66")
    assert game.to_act == (1,) and game.bai_count(1) == 10
    covered = [p for p in game.melds(0) + game.melds(2) if p.kind is PileKind.COVERED]
    assert sorted(len(p.cards) for p in covered) == [2, 2]
    # seat 1 sees seat 0's beaten pair face down, and its own 擺牌 face up
    seen = {s.seat: s for s in game.view(1).seats}
    assert [(m.kind, m.hidden) for m in seen[0].melds] == [("gai", 2)]
    assert ("bai", ("66", "66")) in [
        (m.kind, tuple(c.code for c in m.cards)) for m in seen[1].melds
    ]
    assert [m.cards for m in game.view(0).seats[0].melds] == [parse("55 55")]


def test_guopai_note_when_the_next_player_can_still_beat() -> None:
    """chuanpai.md §3.3: 下家可以出中間的過牌 — a play the next player can still beat."""
    game = Game(deck=stack_deck(hands={0: "56 66 45 36", 1: "55 13 36", 2: "44 36 45"}))
    game.apply(Action(0, K.LEAD, "56"))
    game.apply(Action(1, K.BEAT, "55"))
    assert "過牌" in game.log[-1].note
    assert game.legal_actions(2)[0].kind is K.BEAT


def test_view_hides_other_hands() -> None:
    game = Game(seed=8)
    view = game.view(1)
    assert view.hand == game.hand(1) and view.stock_size == 0 and view.offered is None
    assert [s.hand_size for s in view.seats] == [len(game.hand(s)) for s in game.seats]
    assert view.legal_actions == () and view.to_act == (0,)
    assert "擺牌" in dict(view.facts)


def test_huangpai_when_nobody_reaches_16() -> None:
    """chuanpai.md §3.4: 到最後都沒有人夠這個條件就為黃牌."""
    for seed in range(40):
        game = play_out(Game(seed=seed))
        result = game.result
        assert result is not None
        if result.reason == "huangpai":
            assert result.winner is None and result.label == "黃牌" and result.payments == ()
            assert max(game.bai_count(s) for s in range(3)) < 16
            assert sum(1 for s in range(3) if game.hand(s)) <= 1
            return
    raise AssertionError("no 黃牌 among 40 hands")


def test_next_dealer_rotates_and_winning_dealer_keeps_it() -> None:
    """chuanpai.md §3.1: 可以輪流做莊，莊勝也可以佔莊."""
    assert [next_dealer(CHUOPAI, d, None) for d in range(3)] == [1, 2, 0]
    assert [next_dealer(CHUOPAI, d, (d + 1) % 3) for d in range(3)] == [1, 2, 0]
    assert [next_dealer(CHUOPAI, d, d) for d in range(3)] == [0, 1, 2]
    assert next_dealer(CHUOPAI.evolve(zhanzhuang=False), 2, 2) == 0
    with pytest.raises(RulesError):
        next_dealer(CHUOPAI, 3, None)


def test_next_dealer_of_a_void_hand_is_the_same_dealer_section_3_1() -> None:
    """chuanpai.md §3.1 (無天無九不打牌, the hand is void) and docs/chuopai.md: a void hand is
    dealt again by the same dealer — `next_dealer(..., void=True)` says so as the game does
    (review h52: the function alone rotated the deal)."""
    deck = stack_deck(
        hands={
            1: "11 11 11 11 44 44 44 44 13 13 13 13 55 55 55 55 33 33 33 33 22 22 22 22 15 15 15 15"
        },
        seed=1,
    )
    game = Game(CHUOPAI, dealer=0, deck=deck)
    assert game.result is not None and game.result.reason == "void"
    assert game.result.next_dealer == next_dealer(CHUOPAI, 0, None, void=True) == 0
    assert next_dealer(CHUOPAI, 0, None) == 1
    with pytest.raises(RulesError, match="void=True: a hand won by seat 0 was not void"):
        next_dealer(CHUOPAI, 0, 0, void=True)
    with pytest.raises(RulesError, match="void=1 is not True or False"):
        next_dealer(CHUOPAI, 0, None, void=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Game("chuopai"), RulesError),  # type: ignore[arg-type]
        (lambda: Game(strict=1), RulesError),  # type: ignore[arg-type]
        (lambda: Game(deck=parse("66") * 4), RulesError),
        (lambda: Game(deck="66 66 66 66 66"), NotationError),
        (lambda: stack_deck(hands={3: "66"}), RulesError),
        (
            lambda: stack_deck(
                hands={
                    0: "56 " * 4
                    + "46 " * 4
                    + "16 " * 4
                    + "15 " * 4
                    + "55 " * 4
                    + "33 " * 4
                    + "22 " * 4
                    + "23"
                }
            ),
            RulesError,
        ),
    ],
)
def test_bad_construction_is_typed(make: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        make()  # type: ignore[operator]


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    game = Game(seed=8)
    before = game.to_json()
    hand = game.hand(0)
    cases = [
        (Action(1, K.LEAD, hand[:1]), r"seat 1 is not to act \(to act: \(0,\)\)"),
        (Action(0, K.BAI, hand[:1]), "is applied by the engine"),
        (Action(0, K.BEAT, hand[:1]), "seat 0 leads this trick"),
        (Action(0, K.LEAD, ()), "names no cards; a 出牌 names the cards it plays"),
        ("lead", "is not a 戳牌 Action"),
    ]
    with pytest.raises(IllegalActionError, match=r"seat=5 is not a seat; .*0\.\.2"):
        Action(5, K.LEAD, hand[:1])  # 3 players (chuanpai.md §3.1): refused when built
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
        assert not game.can(action)
    assert game.to_json() == before
    play_out(game)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        game.apply(Action(0, K.LEAD, hand[:1]))


def test_transcript_and_html() -> None:
    from changpai.chuanpai.chuopai import transcript

    game = play_out(Game(deck=stack_deck(hands={0: XIAOHU}, seed=5)), ORDER)
    text = transcript(game)
    assert "硬張 (yingzhang)" in text and "擺牌 (bai)" in text and "小胡" in text
    html = game._repr_html_()
    assert "<table" in html and "小胡" in html


def test_bad_documents_raise_notation_errors() -> None:
    """A game document of another family, with unknown options or foreign cards is refused."""
    data = json.loads(Game(seed=1).to_json())
    assert data["family"] == "chuanpai.chuopai" and data["variant"] == "chuopai"
    for change, message in [
        ({"family": "zipai"}, "it is a zipai game"),
        (
            {"options": {"players": 4}},
            r"options holds 'players', which a chuanpai.chuopai game does not take \(its "
            r"options: strict\)",
        ),
        ({"deck": ["JC", *data["deck"][1:]]}, "戳牌 uses no 經牌"),
        (
            {"actions": [{"seat": 0, "kind": "lead", "cards": ["xx"]}]},
            "'xx' is not a chuanpai card",
        ),
    ]:
        with pytest.raises(NotationError, match=message):
            Game.from_json(json.dumps({**data, **change}))
    bad_play = {**data, "actions": [{"seat": 1, "kind": "lead", "cards": ["66"]}]}
    with pytest.raises(IllegalActionError, match=r"seat 1 is not to act \(to act: \(0,\)\)"):
        Game.from_json(json.dumps(bad_play))
