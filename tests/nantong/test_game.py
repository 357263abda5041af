"""The 犢子胡 engine (nantong.md §2, §3): stacked deals and random-game invariants
(changpai.nantong.game; claims, views, the deal and matches have their own test files)."""

from __future__ import annotations

import inspect
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.core import ActionRecord, GameResult
from changpai.errors import IllegalActionError, RulesError
from changpai.nantong import Action, ActionKind, Card, Game, stack_deck

QING = "123b 456b 789b 123t 456t 789t 123w 5w 5w"


def stacked(
    dealer: str, seat1: str = "", seat2: str = "", stock: str = "", jiang: str = "9w 8w"
) -> tuple[Card, ...]:
    """A deck for dealer 0: the named cards of seats 0, 1, 2 (filled by stack_deck), the stock
    head, and the two 將 (first flip first)."""
    return stack_deck(hands={0: dealer, 1: seat1, 2: seat2}, stock=stock, jiang=jiang)


def act(game: Game, kind: ActionKind, seat: int, card: str | None = None) -> None:
    game.apply(Action(seat, kind, None if card is None else Card.parse(card)))


def test_deal_and_seats_section_2() -> None:
    """nantong.md §2: 4 seated, 3 play, the dealer's 上家 sits out; 23/22/22; two 將 from the
    bottom stay out of play; dealer rotates to his 下家."""
    game = Game(seed=11, dealer=1)
    assert game.players == (1, 2, 3) and game.sitting_out == 0
    sizes = [len(game.hand(s)) for s in range(4)]
    assert sizes == [0, 23, 22, 22]
    assert game.jiang == (game.deck[-1], game.deck[-2])
    assert game.stock_left == 120 - 67 - 2
    assert sum(game.census().values()) == 120
    assert len(Game(nantong.DUZIHU_BAIDA, seed=1).deck) == 125


def test_tianhu_section_3_and_7() -> None:
    """nantong.md §7: 天胡 = the dealer wins with his initial 23 (×2, no 自摸 by N15)."""
    game = Game(deck=stacked(QING))
    assert Action(0, ActionKind.WIN) in game.legal_actions(0)
    act(game, ActionKind.WIN, 0)
    assert game.is_over and game.result is not None and game.result.winner == 0
    sheet = game.result.sheet
    assert sheet is not None
    keys = [line.key for line in sheet.lines]
    assert "tianhu" in keys and "zimo" not in keys
    assert game.result.next_dealer == 1
    assert str(game.result.decomposition) == sheet.fact("decomposition")


def test_tianhu_zimo_option_reaches_the_engine_section_7_n15() -> None:
    """nantong.md §9 N15: with ``tianhu_zimo=True`` a 天胡 also earns the 自摸 10 — in a game
    as in ``score`` ((清胡 100 + 文錢 20 + 自摸 10) × 2 = 260); the default leaves it out (240)."""
    rules = nantong.DUZIHU.evolve(tianhu_zimo=True)
    game = Game(rules, deck=stack_deck(rules, hands={0: QING}, jiang="9w 8w"))
    act(game, ActionKind.WIN, 0)
    assert game.result is not None and game.result.sheet is not None
    assert "zimo" in [line.key for line in game.result.sheet.lines]
    assert game.result.value == 260
    assert game.result.win.self_drawn and game.result.win.tianhu  # type: ignore[union-attr]


def test_after_a_tianhu_the_losers_dealt_fours_are_qishou_section_8() -> None:
    """nantong.md §8: a 起手 four needs a 叫牌 "before the dealer's first discard"; a 天胡 ends
    the hand before the others were asked and before that discard, so seat 1's dealt 千字 four
    (32) and three 七萬 of a flipped card (真諦, 32) are 起手 in its own sets (§7.2): 70, not
    the 後摸 50 (review h33). Seat 1 pays 240 − 70."""
    deck = stack_deck(hands={0: QING, 1: "QZ QZ QZ QZ 7w 7w 7w"}, jiang="7w 3t")
    game = Game(deck=deck)
    act(game, ActionKind.WIN, 0)
    result = game.result
    assert result is not None and result.sheet is not None
    lines = {line.key: line.value for line in result.sheet.lines}
    assert (lines["total"], lines["loser.1"], lines["loser.2"]) == (240, 70, 0)
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [(1, 0, 170), (2, 0, 240)]
    win = result.win
    assert isinstance(win, nantong.Win)
    seat1 = next(o for o in win.others if o.seat == 1)
    assert sorted(str(m) for m in seat1.exposed) == sorted(
        str(m) for m in nantong.parse_melds("起手 7w 7w 7w; 起手 QZ QZ QZ QZ")
    )
    assert nantong.score(win) == result.sheet


def test_after_a_gangkai_in_the_opening_round_too_section_8() -> None:
    """nantong.md §8, as above: the dealer's 杠開 on the replacement of his 叫牌 four also
    ends the hand before the others were asked, so seat 1's dealt sets are 起手 (70, not 50 —
    review h35)."""
    hand = "5t 5t 5t 5t 123b 456b 789b 123t 123w 5w 5w 4w 6w"
    deck = stack_deck(hands={0: hand, 1: "QZ QZ QZ QZ 7w 7w 7w"}, stock="5w", jiang="7w 3t")
    game = Game(deck=deck)
    act(game, ActionKind.CALL, 0, "5t")
    act(game, ActionKind.WIN, 0, "5w")
    result = game.result
    assert result is not None and result.sheet is not None and result.win.gangkai  # type: ignore[union-attr]
    lines = {line.key: line.value for line in result.sheet.lines}
    assert (lines["loser.1"], lines["loser.2"]) == (70, 0)
    assert nantong.score(result.win) == result.sheet  # type: ignore[arg-type]


def test_a_win_on_the_replacement_of_a_called_four_is_no_tianhu_section_3_and_7() -> None:
    """nantong.md §7 天胡 = the dealer's win with his **initial** 23 cards; §3 a 叫牌 of a four
    draws a replacement: the dealer who then wins wins on that card — 自摸, 杠開 and its wait
    (here 單吊 五萬), not ×2 天胡."""
    game = Game(
        deck=stack_deck(hands={0: "5t 5t 5t 5t 123b 456b 789b 123t 123w 5w 5w 4w 6w"}, stock="5w")
    )
    act(game, ActionKind.CALL, 0, "5t")
    assert Action(0, ActionKind.WIN, Card("5w")) in game.legal_actions(0)  # (named: a draw's)
    act(game, ActionKind.WIN, 0, "5w")
    result = game.result
    assert result is not None and result.sheet is not None
    win = result.win
    assert not win.tianhu and win.gangkai and win.self_drawn and win.winning_card == Card("5w")
    keys = [line.key for line in result.sheet.lines]
    assert "tianhu" not in keys and {"zimo", "gangkai", "wait.dandiao"} <= set(keys)


def test_dihu_tianting_and_priority_section_3() -> None:
    """nantong.md §3 and §7: 地胡 (win on the dealer's first discard) and 天聽 (報聽 before the
    first discard) double; one winner, seat order from the discarder's 下家 (胡 > 碰)."""
    dealer = "1t 1t 1t 2t 2t 2t 3w 3w 3w 4w 4w 4w 6b 6b 6b 7b 7b 7b HH HH QZ BH 5w"
    seat1 = "123b 456b 789b 123t 456t 789t 123w 5w"
    seat2 = "5w 5w 8t 8t 8t"
    game = Game(deck=stacked(dealer, seat1, seat2))
    act(game, ActionKind.PASS, 0)
    assert Action(1, ActionKind.TING) in game.legal_actions(1)
    act(game, ActionKind.TING, 1)
    act(game, ActionKind.PASS, 2)
    act(game, ActionKind.DISCARD, 0, "5w")
    assert game.phase == "claim" and set(game.to_act) == {1, 2}
    assert Action(2, ActionKind.PENG, Card("5w")) in game.legal_actions(2)
    act(game, ActionKind.PENG, 2, "5w")
    assert not game.is_over  # seat 1 has not decided yet
    act(game, ActionKind.WIN, 1, "5w")
    assert game.result is not None and game.result.winner == 1
    keys = [line.key for line in game.result.sheet.lines]  # type: ignore[union-attr]
    assert "dihu" in keys and "tianting" in keys
    assert sum(game.census().values()) == 120


def test_call_kong_replacement_and_tianting_lock_section_3() -> None:
    """nantong.md §3: 叫牌 of a four in hand (then a replacement draw) or of three copies of a
    flipped card; after 報聽 only the drawn card may be discarded."""
    dealer = "QZ QZ QZ QZ 2t 2t 2t 1b 2b 3b 4b 5b 6b 7b 8b 9b 4w 5w 6w 7w 9t 9t 1w"
    game = Game(deck=stacked(dealer, stock="HH", jiang="2t 3w"))
    calls = {a.card.code for a in game.legal_actions(0) if a.kind == ActionKind.CALL and a.card}
    assert calls == {"QZ", "2t"}
    before = game.stock_left
    record = game.apply(Action(0, ActionKind.CALL, Card("QZ")))
    assert record.draws == ((0, Card("HH")),) and game.stock_left == before - 1
    act(game, ActionKind.CALL, 0, "2t")
    assert [m.source for m in game.melds(0)] == [nantong.SetKind.DEALT4] * 2
    assert len(game.melds(0)[1].faces) == 3  # the 真諦 four: three cards
    assert len(game.hand(0)) == 23 - 4 + 1 - 3


def test_illegal_actions_leave_state_unchanged() -> None:
    game = Game(seed=5)
    snapshot = game.copy()
    for bad in (
        Action(0, ActionKind.DISCARD, game.hand(0)[0]),  # declarations first
        Action(1, ActionKind.PASS),  # not to act
        Action(0, ActionKind.PENG, Card("HH")),
    ):
        assert not game.can(bad)
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game == snapshot
    with pytest.raises(RulesError):
        Game(deck=list(nantong.DECK)[:-1])
    with pytest.raises(RulesError):
        Game(dealer=4)


def test_huang_when_stock_runs_out_section_3() -> None:
    """A hand where nobody wins ends in 荒牌 when the stock is exhausted; the dealer rotates."""
    game = Game(seed=21, dealer=2)
    rng = random.Random(0)
    while not game.is_over:
        seat = game.to_act[0]
        options = [a for a in game.legal_actions(seat) if a.kind not in (ActionKind.WIN,)]
        passes = [a for a in options if a.kind == ActionKind.PASS]
        game.apply(passes[0] if passes else rng.choice(options))
    assert game.result is not None and game.result.reason == "huangpai"
    assert game.result.label == "荒牌" and game.result.value == 0
    assert game.result.next_dealer == 3 and game.stock_left == 0 and game.stock == ()


def _play(seed: int, rng: random.Random, rules: nantong.Rules) -> Game:
    game = Game(rules, seed=seed, dealer=seed % 4)
    full = Counter(nantong.deck(rules.baida))
    while not game.is_over:
        for seat in game.to_act:
            assert game.legal_actions(seat), "legal_actions empty for a seat to act"
        seat = rng.choice(game.to_act)
        actions = game.legal_actions(seat)
        wins = [a for a in actions if a.kind == ActionKind.WIN]
        if rng.random() < 0.2:
            other = next((s for s in range(4) if s not in game.to_act), None)
            if other is not None:
                before = game.copy()
                with pytest.raises(IllegalActionError):
                    game.apply(Action(other, ActionKind.PASS))
                assert game == before
        game.apply(wins[0] if wins and rng.random() < 0.9 else rng.choice(actions))
        assert Counter(game.census()) == full
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False), st.booleans())
def test_random_games_invariants(seed: int, rng: random.Random, baida: bool) -> None:
    """Properties: no card is created or lost; every seat to act has a legal action until the
    end; an illegal action leaves the game equal; replaying the log or reloading JSON gives an
    equal game; a finished win carries a score sheet with payments."""
    rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
    game = _play(seed, rng, rules)
    assert game.is_over and game.to_act == ()
    replayed = Game.replay(game.log, rules, deck=game.deck, dealer=game.dealer)
    assert replayed == game and replayed is not game
    assert Game.from_json(game.to_json()) == game
    assert game.copy() == game
    result = game.result
    assert result is not None
    if result.reason == "win":
        assert result.sheet is not None and result.sheet.total > 0
        assert result.sheet.total % 10 == 0 and result.value == result.sheet.total
        # the reading scored is the result's decomposition (docs: Core concepts, GameResult)
        reading = result.decomposition
        assert isinstance(reading, nantong.Decomposition)
        assert str(reading) == result.sheet.fact("decomposition")
        assert reading.rules == rules and reading.jiang == game.jiang
    view = game.view(game.seats[1])
    assert view.phase == "over" and len(view.hand) == len(game.hand(game.seats[1]))


def test_baoting_locks_the_hand_section_3() -> None:
    """nantong.md §3 報聽: after it, only the drawn card may be discarded (or 胡)."""
    dealer = "1t 1t 1t 2t 2t 2t 3w 3w 3w 4w 4w 4w 6b 6b 6b 7b 7b 7b HH HH QZ BH 5w"
    seat1 = "123b 456b 789b 123t 456t 789t 123w 5w"
    game = Game(deck=stacked(dealer, seat1, "", stock="9b"))
    act(game, ActionKind.PASS, 0)
    act(game, ActionKind.TING, 1)
    act(game, ActionKind.PASS, 2)
    act(game, ActionKind.DISCARD, 0, "BH")
    while game.phase == "claim":
        act(game, ActionKind.PASS, game.to_act[0])
    assert game.to_act == (1,)
    assert game.legal_actions(1) == [Action(1, ActionKind.DISCARD, Card("9b"))]
    with pytest.raises(IllegalActionError, match="報聽"):
        act(game, ActionKind.DISCARD, 1, "1b")


def _perft(game: Game, depth: int) -> int:
    """Legal action sequences to ``depth`` (the first seat of ``to_act`` moves each ply)."""
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for action in game.legal_actions(game.to_act[0]):
        child = game.copy()
        child.apply(action)
        total += _perft(child, depth - 1)
    return total


@pytest.mark.parametrize(
    ("seed", "counts"), [(1, (1, 1, 1, 16, 200)), (2, (1, 1, 1, 13, 224)), (3, (1, 1, 1, 19, 278))]
)
def test_perft_regression(seed: int, counts: tuple[int, ...]) -> None:
    """Perft-style counts from fixed shuffles (DUZIHU, dealer 0), recorded from this engine: three
    opening declarations (only 過 in these deals), then the dealer's discards and the replies."""
    game = Game(seed=seed)
    assert tuple(_perft(game, d) for d in range(1, 6)) == counts


# --------------------------------------------------------------------------- stacked scenarios
# A fuller deck builder: explicit hands (filled up to 23 / 22 / 22 with spread-out cards), a stock
# head and tail, and the two flips; the rest of the stock in between.


def build(
    hands: tuple[str, str, str],
    head: str = "",
    tail: str = "",
    jiang: str = "7w 8w",
    baida: bool = False,
) -> tuple[Card, ...]:
    """Dealer 0's hand, his 下家's, the 對門's (seats 0, 1, 2; filled with spread-out cards by
    stack_deck), the stock (``head`` first, ``tail`` last) and the flips (first flip first)."""
    rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
    return stack_deck(rules, hands=dict(enumerate(hands)), stock=head, stock_tail=tail, jiang=jiang)


def pass_all(game: Game) -> None:
    """Everybody to act passes (opening declarations or a claim)."""
    while not game.is_over and game.phase in ("declare", "claim"):
        act(game, ActionKind.PASS, game.to_act[0])


def last_draw(game: Game, seat: int) -> Card:
    """The card ``seat`` drew most recently (from the log)."""
    for record in reversed(game.log):
        for who, card in reversed(record.draws):
            if who == seat:
                return card
    raise AssertionError(f"seat {seat} drew nothing")


READY_5W = "123b 456b 789b 123t 456t 789t 4w 6w 9w 9w"  # 22 cards waiting on 五萬 (丫子)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_who_sits_out_and_rotation_section_2(dealer: int) -> None:
    """nantong.md §2 [S003 基本玩法], §9 N3: dealer, his 下家 and the 對門 play; the dealer's 上家 sits out
    (定醒). After the hand the dealer sits out and his 下家 deals. The sitting-out seat never holds
    a card nor acts."""
    game = Game(seed=40 + dealer, dealer=dealer)
    assert game.players == (dealer, (dealer + 1) % 4, (dealer + 2) % 4)
    assert game.sitting_out == (dealer + 3) % 4
    rng = random.Random(dealer)
    while not game.is_over:
        assert game.sitting_out not in game.to_act
        assert game.hand(game.sitting_out) == () and game.river(game.sitting_out) == ()
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert game.result is not None and game.result.next_dealer == (dealer + 1) % 4
    following = Game(seed=1, dealer=game.result.next_dealer)
    assert following.sitting_out == dealer


@pytest.mark.parametrize("dealer", [0, 2])
def test_deal_23_22_22_in_order_section_2(dealer: int) -> None:
    """nantong.md §2 (N2): the dealer takes the first 23 cards, his 下家 the next 22, the 對門 the
    next 22; the stock is what is left but the two bottom cards, flipped as 將."""
    deck = build(("", "", ""), jiang="HH 3t")
    game = Game(deck=deck, dealer=dealer)
    d, x, y = game.players
    assert game.hand(d) == tuple(sorted(deck[:23]))
    assert game.hand(x) == tuple(sorted(deck[23:45]))
    assert game.hand(y) == tuple(sorted(deck[45:67]))
    assert game.jiang == (Card("HH"), Card("3t")) and deck[-1] == Card("HH")
    assert game.stock_left == 51


def test_flipped_jiang_never_drawn_and_huang_section_2() -> None:
    """nantong.md §2: the two flipped 將 stay out of play — a hand that nobody wins draws exactly
    the 51 stock cards in order and ends in 荒牌 (§3) without touching the flips."""
    game = Game(deck=build(("", "", ""), jiang="QZ QZ"))
    pass_all(game)
    while not game.is_over:
        if game.phase == "claim":
            pass_all(game)
            continue
        seat = game.to_act[0]
        discards = [a for a in game.legal_actions(seat) if a.kind == ActionKind.DISCARD]
        game.apply(discards[0])
    drawn = [card for record in game.log for _, card in record.draws]
    assert drawn == list(game.deck[67:118])
    assert game.result is not None and game.result.reason == "huangpai"
    assert game.result.winner is None and game.result.sheet is None
    assert Counter(game.census())[Card("QZ")] == 4 and game.jiang == (Card("QZ"), Card("QZ"))


def test_win_beats_peng_regardless_of_seat_section_3() -> None:
    """nantong.md §3: 胡 > 碰 — the 下家 wants to 碰 the dealer's 五萬, the 對門 wins on it."""
    game = Game(deck=build(("5w", "5w 5w", READY_5W)))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "5w")
    assert Action(1, ActionKind.PENG, Card("5w")) in game.legal_actions(1)
    assert Action(2, ActionKind.WIN, Card("5w")) in game.legal_actions(2)
    act(game, ActionKind.PENG, 1, "5w")
    act(game, ActionKind.WIN, 2, "5w")
    assert game.result is not None and game.result.winner == 2 and game.result.discarder == 0
    assert game.melds(1) == ()  # the 碰 did not happen
    assert sum(game.census().values()) == 120


def test_win_beats_kong_section_3() -> None:
    """nantong.md §3: 胡 > 杠 — the 下家 holds three 五條 and calls 杠; the 對門 wins with 四條 六條."""
    ready = "123b 456b 789b 123w 456w 789w 4t 6t 9t 9t"
    game = Game(deck=build(("5t", "5t 5t 5t", ready)))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "5t")
    act(game, ActionKind.GANG, 1, "5t")
    act(game, ActionKind.WIN, 2, "5t")
    assert game.result is not None and game.result.winner == 2
    assert game.melds(1) == ()


def test_one_winner_first_from_discarder_section_3() -> None:
    """nantong.md §3 "沒有一炮多響": both others can win on the dealer's 五萬 — only the
    discarder's 下家 wins, whatever order they answer in."""
    game = Game(deck=build(("5w", READY_5W, READY_5W)))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "5w")
    assert set(game.to_act) == {1, 2}
    act(game, ActionKind.WIN, 2, "5w")
    assert not game.is_over
    act(game, ActionKind.WIN, 1, "5w")
    assert game.result is not None and game.result.winner == 1
    assert {p.payee for p in game.result.payments} == {1}


def test_claim_order_skips_the_seat_sitting_out_section_3() -> None:
    """nantong.md §2–§3: with dealer 0 seat 3 sits out, so seat 2's 下家 is seat 0: when seats 0
    and 1 can both win on seat 2's discard, seat 0 wins."""
    deck = build(("BH " + READY_5W, READY_5W, "5w"), head="HH 5w")
    game = Game(deck=deck)
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "BH")
    pass_all(game)
    act(game, ActionKind.DISCARD, 1, "HH")  # seat 1 drew 紅花
    pass_all(game)
    assert game.to_act == (2,) and last_draw(game, 2) == Card("5w")
    act(game, ActionKind.DISCARD, 2, "5w")
    assert set(game.to_act) == {0, 1}
    act(game, ActionKind.WIN, 1, "5w")
    act(game, ActionKind.WIN, 0, "5w")
    assert game.result is not None and game.result.winner == 0 and game.result.discarder == 2


def test_angang_replacement_and_gangkai_section_3() -> None:
    """nantong.md §3 and §7: after a 暗杠 the player draws a replacement from the stock; winning
    on it is 杠開 (+10). 將 七萬 + 八萬: 後摸 千字 12 × 2 = 24; 20 + 24 + 自摸 10 + 單吊 10 +
    杠開 10 = 74 → 80."""
    seat1 = "QZ QZ QZ QZ 123t 456t 789t 123w 456w 7b 9b 9b"
    game = Game(deck=build(("BH", seat1, ""), head="8b 9b"))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "BH")
    pass_all(game)
    assert game.to_act == (1,) and last_draw(game, 1) == Card("8b")
    assert not any(a.kind == ActionKind.WIN for a in game.legal_actions(1))
    before = game.stock_left
    record = game.apply(Action(1, ActionKind.ANGANG, Card("QZ")))
    assert record.draws == ((1, Card("9b")),) and game.stock_left == before - 1
    assert game.melds(1)[0].source is nantong.SetKind.DRAWN4
    act(game, ActionKind.WIN, 1, "9b")
    sheet = game.result.sheet  # type: ignore[union-attr]
    keys = [line.key for line in sheet.lines]  # type: ignore[union-attr]
    assert "gangkai" in keys and "zimo" in keys
    assert sheet.total == 80  # type: ignore[union-attr]


def test_claimed_kong_replacement_and_gangkai_section_3() -> None:
    """nantong.md §3: 杠 on a discard (three in hand), then the replacement draw wins: 杠開.
    明杠 五條 8 + 文錢 20 + 自摸 10 + 單吊 10 + 杠開 10 + 塌子胡 20 = 78 → 80."""
    seat1 = "5t 5t 5t 123w 456w 789w 123b 456b 789b 9t"
    game = Game(deck=build(("5t", seat1, ""), head="9t"))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "5t")
    assert Action(1, ActionKind.GANG, Card("5t")) in game.legal_actions(1)
    record = game.apply(Action(1, ActionKind.GANG, Card("5t")))
    assert record.draws == ((1, Card("9t")),)
    assert game.melds(1)[0].source is nantong.SetKind.EXPOSED4
    assert game.river(0) == ()  # the claimed discard left the river
    act(game, ActionKind.WIN, 1, "9t")
    sheet = game.result.sheet  # type: ignore[union-attr]
    assert "gangkai" in [line.key for line in sheet.lines]  # type: ignore[union-attr]
    assert sheet.total == 80  # type: ignore[union-attr]


def test_peng_then_added_kong_section_3() -> None:
    """nantong.md §3 [S003 "碰過之後又摸到一張的同杠一樣算胡"]: a 碰 plus the drawn fourth is a 加杠,
    scored as 明杠 (紅花: 8 × 2 = 16); the replacement wins: 20 + 16 + 文錢 20 + 自摸 10 +
    單吊 10 + 杠開 10 = 86 → 90."""
    seat1 = "HH HH QZ 123b 456b 789b 123t 456t 789t 9w"
    game = Game(deck=build(("HH", seat1, ""), head="1w 5b HH 9w"))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "HH")
    act(game, ActionKind.PENG, 1, "HH")
    assert game.to_act == (1,) and game.melds(1)[0].source is nantong.SetKind.PENG
    act(game, ActionKind.DISCARD, 1, "QZ")
    pass_all(game)
    act(game, ActionKind.DISCARD, 2, last_draw(game, 2).code)
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, last_draw(game, 0).code)
    pass_all(game)
    assert last_draw(game, 1) == Card("HH")
    assert Action(1, ActionKind.JIAGANG, Card("HH")) in game.legal_actions(1)
    act(game, ActionKind.JIAGANG, 1, "HH")
    assert game.melds(1)[0].source is nantong.SetKind.EXPOSED4
    act(game, ActionKind.WIN, 1, "9w")
    assert game.result is not None and game.result.sheet is not None
    assert game.result.sheet.total == 90


def test_haidi_self_draw_on_last_card_section_7() -> None:
    """nantong.md §7 海底撈月: everybody discards what he draws; the dealer draws the 51st and last
    stock card, 五萬, and wins: (100 清胡 + 20 文錢 + 自摸 10 + 單吊 10) × 2 = 280."""
    dealer = "123b 456b 789b 123t 456t 789t 123w 5w HH"
    game = Game(deck=build((dealer, "5w 5w", ""), tail="5w"))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "HH")
    while not game.is_over:
        if game.phase == "claim":
            pass_all(game)
            continue
        seat = game.to_act[0]
        wins = [a for a in game.legal_actions(seat) if a.kind == ActionKind.WIN]
        if seat == 0 and wins:
            assert game.stock_left == 0
            game.apply(wins[0])
        else:
            act(game, ActionKind.DISCARD, seat, last_draw(game, seat).code)
    assert game.result is not None and game.result.winner == 0 and game.result.self_drawn
    keys = [line.key for line in game.result.sheet.lines]  # type: ignore[union-attr]
    assert "haidi" in keys and "zimo" in keys
    assert game.result.sheet.total == 280  # type: ignore[union-attr]


def test_baoting_rules_section_3() -> None:
    """nantong.md §3 報聽: only a non-dealer, only with a ready hand, only in the opening round;
    afterwards he may not 碰 or 杠 (he is not even asked) but may still win."""
    game = Game(deck=build(("9w QZ", READY_5W, "1t 1t"), jiang="7w 8w"))
    assert not any(a.kind == ActionKind.TING for a in game.legal_actions(0))  # dealer
    act(game, ActionKind.PASS, 0)
    assert Action(1, ActionKind.TING) in game.legal_actions(1)
    act(game, ActionKind.TING, 1)
    assert game.to_act == (2,)
    assert not any(a.kind == ActionKind.TING for a in game.legal_actions(2))  # not ready
    act(game, ActionKind.PASS, 2)
    act(game, ActionKind.DISCARD, 0, "9w")  # seat 1 holds 九萬 九萬 but has declared 報聽
    assert game.phase == "discard" and game.river(0) == (Card("9w"),)  # nobody was asked
    assert game.log[-1].draws[0][0] == 1  # seat 1 simply drew
    # without 報聽 the same seat is asked and may 碰
    other = Game(deck=build(("9w QZ", READY_5W, "1t 1t"), jiang="7w 8w"))
    pass_all(other)
    act(other, ActionKind.DISCARD, 0, "9w")
    assert Action(1, ActionKind.PENG, Card("9w")) in other.legal_actions(1)


def test_dihu_only_on_dealers_first_discard_section_7() -> None:
    """nantong.md §7 地胡: a non-dealer's win on the dealer's *first* discard doubles; the same win
    on a later discard does not. (100 + 20 文錢 + 丫子 10) = 130; 地胡 260."""
    first = Game(deck=build(("5w", READY_5W, "")))
    pass_all(first)
    act(first, ActionKind.DISCARD, 0, "5w")
    act(first, ActionKind.WIN, 1, "5w")
    keys = [line.key for line in first.result.sheet.lines]  # type: ignore[union-attr]
    assert "dihu" in keys and first.result.sheet.total == 260  # type: ignore[union-attr]
    later = Game(deck=build(("HH 5w", READY_5W, ""), head="QZ BH 5w"))
    pass_all(later)
    act(later, ActionKind.DISCARD, 0, "HH")
    pass_all(later)
    act(later, ActionKind.DISCARD, 1, "QZ")
    pass_all(later)
    act(later, ActionKind.DISCARD, 2, "BH")
    pass_all(later)
    act(later, ActionKind.DISCARD, 0, "5w")
    act(later, ActionKind.WIN, 1, "5w")
    keys = [line.key for line in later.result.sheet.lines]  # type: ignore[union-attr]
    assert "dihu" not in keys and later.result.sheet.total == 130  # type: ignore[union-attr]


def test_tianhu_only_in_the_opening_round_section_7() -> None:
    """nantong.md §7 天胡: the dealer may win with his initial 23 cards during the opening round;
    non-dealers are never offered a win there, and once the dealer has passed the window is shut
    (his turn offers discards only)."""
    game = Game(deck=build((QING, READY_5W, "")))
    assert Action(0, ActionKind.WIN) in game.legal_actions(0)
    act(game, ActionKind.PASS, 0)
    assert not any(a.kind == ActionKind.WIN for a in game.legal_actions(1))
    pass_all(game)
    assert game.to_act == (0,)
    assert {a.kind for a in game.legal_actions(0)} == {ActionKind.DISCARD}


def _greedy(game: Game, seat: int, rng: random.Random) -> Action:
    """Win whenever legal; otherwise take any set; otherwise discard the least useful card."""
    actions = game.legal_actions(seat)
    for kind in (ActionKind.WIN, ActionKind.GANG, ActionKind.ANGANG, ActionKind.JIAGANG,
                 ActionKind.PENG, ActionKind.CALL, ActionKind.TING):  # fmt: skip
        chosen = [a for a in actions if a.kind == kind]
        if chosen:
            return chosen[0]
    discards = [a for a in actions if a.kind == ActionKind.DISCARD]
    if not discards:
        return actions[-1]
    held = Counter(game.hand(seat))

    def use(card: Card) -> float:
        if card.is_baida:
            return 99.0
        value = 3.0 * held[card]
        if card.is_suit:
            for step in (-2, -1, 1, 2):
                other = (card.number or 0) + step
                if 1 <= other <= 9:
                    value += held[Card(card.index + step)] * (2 if abs(step) == 1 else 1)
        return value + rng.random()

    return min(discards, key=lambda a: use(a.card))  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_greedy_games_invariants(seed: int, baida: bool) -> None:
    """Properties on games that do reach the win path: a greedy player wins whenever legal.
    No card is created or lost, every seat to act has a legal action, every win is a scored
    hand whose winner really holds a winning hand, replay and JSON give equal games."""
    rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
    game = Game(rules, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    full = Counter(nantong.deck(rules.baida))
    while not game.is_over:
        for seat in game.to_act:
            assert game.legal_actions(seat)
        game.apply(_greedy(game, game.to_act[0], rng))
        assert Counter(game.census()) == full
    assert Game.from_json(game.to_json()) == game
    result = game.result
    assert result is not None
    if result.reason == "win":
        assert result.winner is not None and result.sheet is not None
        assert nantong.is_winning(game.hand(result.winner), game.melds(result.winner),
                                  rules=rules, jiang=game.jiang)  # fmt: skip
        assert result.sheet.total > 0 and result.sheet.total % 10 == 0
        assert sum(result.sheet.net().values()) == 0


def test_greedy_games_do_win() -> None:
    """The win path is exercised: over 40 fixed shuffles greedy players win most hands, both on
    discards and by self-draw, with and without 百搭."""
    reasons: Counter[str] = Counter()
    for seed in range(40):
        rules = nantong.DUZIHU_BAIDA if seed % 2 else nantong.DUZIHU
        game = Game(rules, seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(_greedy(game, game.to_act[0], rng))
        assert game.result is not None
        if game.result.reason == "win":
            reasons["zimo" if game.result.self_drawn else "discard"] += 1
        else:
            reasons["huangpai"] += 1
    assert reasons["zimo"] >= 5 and reasons["discard"] >= 5


def test_baida_discard_is_no_fifth_copy() -> None:
    """Regression: a player holding four 紅花 and a ready rest was offered 胡 on a discarded 百搭
    (as a fifth 紅花), and scoring then failed. Now no 胡 is offered."""
    deck = build(("FU", "HH HH HH HH 123t 456t 789t 123w 456w 789w", ""), baida=True)
    game = Game(nantong.DUZIHU_BAIDA, deck=deck)
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "FU")
    assert not any(a.kind == ActionKind.WIN for a in game.legal_actions(1))


# --------------------------------------------------------------- bad input, public face (review A3, A6, B2)


@pytest.mark.parametrize("bad", [99, 4, -1, True, False, 1.0, "1", None])
@pytest.mark.parametrize("query", ["hand", "view", "melds", "river", "legal_actions"])
def test_seat_queries_reject_non_seats(query: str, bad: object) -> None:
    """DESIGN "bad input always gets a clear, typed error that names the input and the reason,
    and leaves every object as it was": a seat that is not 0..3 (and ``True``, which Python
    would read as seat 1) raises IllegalActionError naming it, never IndexError or seat 1."""
    game = Game(seed=1)
    snapshot = game.copy()
    with pytest.raises(IllegalActionError, match=rf"seat={bad!r} is not a seat; expected .*0\.\.3"):
        getattr(game, query)(bad)
    assert game == snapshot


@pytest.mark.parametrize("bad", [4, -1, True, 1.5, "0", None])
def test_dealer_must_be_a_seat(bad: object) -> None:
    """DESIGN "typed error naming the input": Game(dealer=...) takes a seat 0..3 only; ``True``
    is not seat 1 (nantong.md §2: four seated)."""
    with pytest.raises(RulesError, match=rf"dealer={bad!r} is not a seat"):
        Game(dealer=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, "discard", 5, ("pass", 0)])
def test_apply_rejects_what_is_not_an_action(bad: object) -> None:
    """docs/core-concepts.md: an illegal action raises IllegalActionError and changes nothing."""
    game = Game(seed=2)
    before = game.copy()
    with pytest.raises(IllegalActionError, match="is not a nantong Action"):
        game.apply(bad)  # type: ignore[arg-type]
    assert not game.can(bad) and game == before


def test_a_won_hand_has_one_core_result_section_7() -> None:
    """docs/core-concepts.md GameResult: a 天胡 (nantong.md §7) ends with reason "win", label 胡,
    the 胡數 as value, the Win, the score sheet's payments, and the dealer's 下家 next."""
    game = Game(deck=stacked(QING))
    record = game.apply(Action(0, ActionKind.WIN))
    assert isinstance(record, ActionRecord) and not record.auto and record.draws == ()
    result = game.result
    assert isinstance(result, GameResult) and result.sheet is not None
    assert (result.winner, result.reason, result.label) == (0, "win", "胡")
    assert result.value == result.sheet.total == 240  # (清胡 100 + 文錢 20) × 2 天胡 (N15: no 自摸)
    assert result.payments == result.sheet.payments and result.payments
    assert result.next_dealer == 1 and result.self_drawn and result.discarder is None
    assert isinstance(result.win, nantong.Win) and result.win.tianhu
    assert result.headline == "seat 0 胡 自摸"
    data = json.loads(json.dumps(result.to_dict()))
    assert data["win"]["tianhu"] is True and data["value"] == 240


def test_game_public_face_matches_every_family() -> None:
    """docs/core-concepts.md "The game engine": Game(rules, seed, *, deck, dealer); seats, log,
    to_act and stock are tuples; log and result are read-only; repr is one short line."""
    params = inspect.signature(Game).parameters
    assert list(params) == ["rules", "seed", "deck", "dealer"]
    assert params["rules"].kind is params["seed"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert params["deck"].kind is params["dealer"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError):
        Game(nantong.DUZIHU, 1, list(nantong.DECK))  # type: ignore[misc]
    game = Game(seed=4)
    assert repr(game) == "<nantong.Game duzihu seed=4 dealer=0 to_act=(0,) log=0>"
    assert game.seats == game.players == (0, 1, 2) and game.options == {}
    assert game.stock == game.deck[67:118] and len(game.stock) == game.stock_left
    record = game.apply(game.legal_actions(0)[-1])
    assert game.log == (record,) and isinstance(game.log, tuple)
    with pytest.raises(AttributeError):
        game.log = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        game.result = None  # type: ignore[misc]
    assert game.result is None and len(game.log) == 1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_stock_and_draws_agree(seed: int, baida: bool) -> None:
    """nantong.md §2–§3: the stock is drawn from the front, and every draw the engine makes is
    the next card of the stock, listed in the record of the action that caused it."""
    rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        stock = game.stock
        record = game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        drawn = tuple(card for _, card in record.draws)
        assert stock[: len(drawn)] == drawn and game.stock == stock[len(drawn) :]


def test_legal_actions_are_shared_and_kept_per_state_section_3() -> None:
    game = Game(nantong.DUZIHU_BAIDA, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        again = game.legal_actions(seat)
        assert legal == again and legal is not again
        assert all(a is b for a, b in zip(legal, again, strict=True))
        legal.clear()  # the caller's list is its own
        assert game.legal_actions(seat) == again
        copy = game.copy()
        copy.apply(rng.choice(again))
        # the copy moved on; the original still offers what it offered
        assert game.legal_actions(seat) == again
        assert game == Game.replay(game.log, rules=game.rules, seed=game.seed)
        game = copy


def test_an_equal_action_built_by_hand_is_legal_section_3() -> None:
    game = Game(seed=5)
    chosen = game.legal_actions(0)[-1]
    built = nantong.Action(chosen.seat, chosen.kind, chosen.card)
    assert built is not chosen and game.can(built)
    assert game.apply(built).action == chosen


@pytest.mark.parametrize("baida", [False, True])
@pytest.mark.parametrize("seed", range(20))
def test_ready_is_one_card_completing_the_hand_section_3(seed: int, baida: bool) -> None:
    # 報聽 is offered on a hand that some card completes; _ready first asks one more 百搭
    game = Game(nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU, seed=seed)
    candidates = nantong.CARDS if baida else nantong.CARDS[:30]
    rng = random.Random(seed)
    while not game.is_over:
        for seat in game.players:
            assert game._ready(seat) == any(game._complete(seat, c) for c in candidates)
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("baida", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_kept_part_needs_give_the_win_check_of_the_hand_section_4(seed: int, baida: bool) -> None:
    # each seat keeps its hand's part needs while the hand is unchanged, and the part sums
    # (mod 3) turn a card away first: every answer is the plain check of hand + card
    from changpai.nantong.hand import _complete as hand_complete

    game = Game(nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU, seed=seed)
    candidates = nantong.CARDS if baida else nantong.CARDS[:30]
    rng = random.Random(seed)
    while not game.is_over:
        for seat in game.players:
            counts = game._hands[seat]
            melds = game._melds[seat]
            for card in candidates:
                added = list(counts)
                added[card.index] += 1
                expected = sum(added) == 3 * (7 - len(melds)) + 2 and hand_complete(
                    tuple(added[:30]), sum(added[30:]), melds, game.jiang
                )
                assert game._complete(seat, card) == expected
                counts[card.index] += 1  # the same card as drawn
                assert game._complete(seat, card, drawn=True) == expected
                counts[card.index] -= 1
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize(
    ("seat1", "head", "value"),
    [
        ("123b 456b 789b 123t 456t 78t FU LU SHOU XI CAI", "9t", 400),  # all five dealt: 在手
        ("123b 456b 789b 123t 456t 789t FU LU SHOU XI", "CAI", 200),  # the fifth drawn
    ],
)
def test_five_baida_held_from_the_deal_section_7_1(seat1: str, head: str, value: int) -> None:
    """nantong.md §7.1: five 百搭 are 200 付, 400 when all five were in the hand from the deal
    (在手); the engine knows which it is (the 喜 of the separate settlement, N14)."""
    game = Game(nantong.DUZIHU_BAIDA, deck=build(("", seat1, ""), head=head, baida=True))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, game.hand(0)[0].code)
    pass_all(game)
    assert Action(1, ActionKind.WIN, Card.parse(head)) in game.legal_actions(1)
    act(game, ActionKind.WIN, 1, head)
    assert game.result is not None and game.result.sheet is not None
    lines = {line.key: line.value for line in game.result.sheet.lines}
    assert lines["baida.1"] == value
    assert game.result.win.baida_dealt is (value == 400)  # type: ignore[union-attr]


@pytest.mark.parametrize(("call", "value"), [(True, 32), (False, 24)])
def test_called_flip_three_scores_qishou_section_8_n19(call: bool, value: int) -> None:
    """nantong.md §9 N19 and §8: 叫牌 declares a flip-completed four for its 起手 value — three
    二條 with a flipped 二條 (m = 2) score 16·2 = 32 when called in the opening round, and only
    as 後摸 12·2 = 24 when kept concealed without the declaration."""
    dealer = "2t 2t 2t 456t 789t 123w 456w 789w 123b 5w 5w"
    game = Game(deck=stacked(dealer, jiang="2t 3w"))
    if call:
        act(game, ActionKind.CALL, 0, "2t")
        assert game.melds(0)[0].source == nantong.SetKind.DEALT4
    act(game, ActionKind.WIN, 0)
    assert game.result is not None and game.result.sheet is not None
    sets = [line for line in game.result.sheet.lines if line.key == "set" and "二條" in line.name]
    assert [line.value for line in sets] == [value]


def test_an_uncalled_dealt_four_is_houmo_when_melded_section_8() -> None:
    """nantong.md §8: a four from the deal that was not declared by 叫牌 scores as 後摸 (暗杠,
    drawn4) when melded later, not as 起手."""
    dealer = "QZ QZ QZ QZ 1b 2b 3b 4b 5b 6b 7b 8b 9b 4w 5w 6w 7w 9t 9t 1w 2t 5t 8t"
    game = Game(deck=stacked(dealer))
    pass_all(game)
    assert Action(0, ActionKind.ANGANG, Card("QZ")) in game.legal_actions(0)
    act(game, ActionKind.ANGANG, 0, "QZ")
    assert [m.source for m in game.melds(0)] == [nantong.SetKind.DRAWN4]


def test_no_chi_on_a_discard_section_3() -> None:
    """nantong.md §3 "可碰不可吃": a player holding 四萬 六萬 (or 三萬 四萬) may not take the
    discarded 五萬 into a sequence; with no pair of it and no win he is not even asked."""
    seat1 = "123b 456b 789b 123t 456t 789t 3w 4w 6w 7w"
    game = Game(deck=stacked("5w", seat1, stock="HH"))
    pass_all(game)
    act(game, ActionKind.DISCARD, 0, "5w")
    if game.phase == "claim":  # (seat 2's filler may hold a pair of 五萬)
        assert 1 not in game.to_act
    else:  # nobody asked: the discard stays, seat 1 draws the 紅花 and has no 五萬
        assert game.river(0) == (Card("5w"),) and game.to_act == (1,)
        assert Card("5w") not in game.hand(1)
    assert "chi" not in {kind.value for kind in ActionKind}
