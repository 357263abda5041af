"""How a 戳牌 hand ends and is settled when the trick flow runs out or is broken
(chuanpai.md §3.3, §3.4): the last seat holding cards still leads them, a 罰牌 after a win
leaves the win standing, and a liable seat that made its 擺牌 pays as any loser."""

from __future__ import annotations

from changpai.chuanpai.chuopai import CHUOPAI, ActionKind, Game, random_game

K = ActionKind

# seed 740, dealer 2: the index of each decision among the legal actions (a policy that beats
# whenever it can and leads 天 / a 九 early): seat 2 leads a 九 first (包牌) and later reaches
# 16 擺牌, after seat 0 (chuanpai.md §3.3.1, §3.4)
LIABLE_REACHES_SIXTEEN = (
    0, 2, 7, 35, 0, 9, 13, 0, 7, 9, 0, 13, 2, 11, 4, 12, 5, 0, 1, 3, 1, 16, 0, 0, 9, 5, 3, 6,
    2, 6, 7, 3, 0, 5, 17, 4, 4, 2, 0, 0, 0, 0, 0, 1, 3, 3, 8, 0, 5, 7, 1, 1, 0, 2, 2, 0, 0, 2,
    0, 0, 0,
)  # fmt: skip


def test_the_last_seat_holding_cards_leads_them_as_bai() -> None:
    """§3.3.3: the winner leads next, a seat without cards is skipped, so a seat left alone
    with cards leads them and nobody can beat them: they are its 擺牌 (seed 3: seat 1 ends
    with 17, a 小胡, where stopping with its two cards unplayed left a 黃牌)."""
    game = random_game(CHUOPAI, 3)
    assert [len(game.hand(seat)) for seat in range(3)] == [0, 0, 0]
    assert (game.result.winner, game.result.reason, game.bai_count(1)) == (1, "xiaohu", 17)
    lone = [r for r in game.log if not r.auto][-1].action
    assert (lone.seat, lone.kind) == (1, K.LEAD)


def test_a_lone_seat_is_asked_to_lead_and_nobody_follows() -> None:
    """While one seat alone holds cards, it is the only seat to act, and only by leading;
    each lead becomes its 擺牌 at once (§3.3.3)."""
    checked = 0
    for seed in range(40):
        game = Game(seed=seed)
        while not game.is_over:
            holders = [s for s in range(3) if game.hand(s)]
            seat = game.to_act[0]
            actions = game.legal_actions(seat)
            if len(holders) == 1 and not game.trick():
                assert game.to_act == (seat,) == tuple(holders)
                assert {a.kind for a in actions} == {K.LEAD}
                before = game.bai_count(seat)
                game.apply(actions[0])
                assert game.bai_count(seat) == before + len(actions[0].cards)
                checked += 1
                continue
            game.apply(actions[0])
        assert game.result.reason in ("void", "tuoshou") or not any(game.hand(s) for s in range(3))
    assert checked


def _fapai_after_a_win(seed: int) -> Game | None:
    """Beat whenever possible until a seat has 16 擺牌, then cover instead of beating."""
    game = Game(seed=seed, strict=False)
    while not game.is_over:
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        beats = [a for a in actions if a.kind is K.BEAT]
        if beats and max(game.bai_count(s) for s in range(3)) >= 16:
            game.apply(next(a for a in actions if a.kind is K.COVER))
            return game
        game.apply(beats[0] if beats else actions[0])
    return None


def test_fapai_after_a_win_keeps_the_win_and_the_offender_pays_beside_it() -> None:
    """§3.4: 罰牌 stops the hand and penalises the offender; nothing undoes a win already
    reached (seed 3: seat 2 has 16 擺牌 when seat 1 covers where it could beat)."""
    game = _fapai_after_a_win(3)
    assert game is not None and game.is_over
    result = game.result
    assert (result.winner, result.reason, result.value) == (2, "xiaohu", 16)
    sheet = result.sheet
    assert sheet is not None and sheet.fact("offender") == 1
    assert "罰牌" in sheet.title and any(line.key == "fapai" for line in sheet.lines)
    # the win (seat 0 liable: 包牌, both shares), then the offender's unit to each other seat
    paid = [(p.payer, p.payee, p.amount) for p in result.payments]
    assert paid == [(0, 2, 2), (1, 0, 1), (1, 2, 1)]
    assert sum(result.net(3).values()) == 0


def test_a_liable_seat_that_reaches_sixteen_pays_as_any_loser() -> None:
    """§3.4 and seed 000 §8: 包牌 binds the liable seat that made no 擺牌 (胡); seat 2 led a
    九 first but reached 16 too (after seat 0), so seat 0's win is paid by both losers."""
    game = Game(seed=740, dealer=2)
    for index in LIABLE_REACHES_SIXTEEN:
        game.apply(game.legal_actions(game.to_act[0])[index])
    assert game.is_over and game.result.winner == 0
    assert game.bai_count(2) >= 16
    assert any("包牌" in r.note for r in game.log if r.action.seat == 2)
    sheet = game.result.sheet
    assert sheet is not None and sheet.fact("liable") is None
    assert [(p.payer, p.payee, p.amount) for p in game.result.payments] == [(1, 0, 1), (2, 0, 1)]
