"""The opening round of a 犢子胡 hand (nantong.md §3, N19): what 叫牌, 報聽 and the dealer's
win right after a replacement are offered on. Each case was found by an independent legality
oracle written from the rules file."""

from __future__ import annotations

import pytest

from changpai import nantong
from changpai.errors import RulesError
from changpai.nantong import Action, ActionKind, Card, Game, stack_deck

SIX_RUNS = "123t 456t 789t 123b 456b 789b"


def kinds(game: Game, seat: int) -> list[tuple[ActionKind, str | None]]:
    return [(a.kind, None if a.card is None else a.card.code) for a in game.legal_actions(seat)]


def test_ting_needs_a_card_that_exists_section_3() -> None:
    """§3 報聽 declares a ready hand; §1 a kind has four copies. A hand of four 九萬 and six
    runs is completed only by a fifth 九萬: it is not ready (``waits`` agrees), and 報聽
    would lock a seat that can never win."""
    hand = f"9w 9w 9w 9w {SIX_RUNS}"
    assert nantong.waits(hand) == {}
    game = Game(deck=stack_deck(hands={1: hand}, jiang="2w 5w"))
    game.apply(Action(0, ActionKind.PASS))
    assert (ActionKind.TING, None) not in kinds(game, 1)
    assert (ActionKind.CALL, "9w") in kinds(game, 1)


def test_ting_offered_on_a_live_wait_section_3() -> None:
    """§3: a hand whose wait has copies left (here 九萬: one held, the other three unseen) may
    declare 報聽."""
    game = Game(deck=stack_deck(hands={1: f"1w 1w 1w 9w {SIX_RUNS}"}, jiang="2w 5w"))
    game.apply(Action(0, ActionKind.PASS))
    assert (ActionKind.TING, None) in kinds(game, 1)


def test_call_only_of_a_dealt_four_n19() -> None:
    """N19: 叫牌 declares a dealt (or flip-completed) four for its 起手 value; a four completed
    by the replacement of a first 叫牌 is drawn (後摸), not called."""
    deck = stack_deck(hands={0: "5w 5w 5w 5w 6w 6w 6w"}, stock="6w", jiang="2t 3b")
    game = Game(deck=deck)
    game.apply(Action(0, ActionKind.CALL, Card.parse("5w")))
    assert (ActionKind.CALL, "6w") not in kinds(game, 0)
    assert not game.can(Action(0, ActionKind.CALL, Card.parse("6w")))


def test_call_of_a_flip_three_only_when_dealt_n19() -> None:
    """N19: three copies of a flipped card are called only when dealt; the third drawn as a
    replacement does not make one."""
    deck = stack_deck(hands={0: "5w 5w 5w 5w 2t 2t"}, stock="2t", jiang="2t 3b")
    game = Game(deck=deck)
    game.apply(Action(0, ActionKind.CALL, Card.parse("5w")))
    assert (ActionKind.CALL, "2t") not in kinds(game, 0)


def test_two_dealt_fours_are_both_called_n19() -> None:
    """N19: a second dealt four is still called after the first one's replacement."""
    deck = stack_deck(hands={0: "5w 5w 5w 5w 6w 6w 6w 6w"}, jiang="2t 3b")
    game = Game(deck=deck)
    game.apply(Action(0, ActionKind.CALL, Card.parse("5w")))
    assert (ActionKind.CALL, "6w") in kinds(game, 0)
    game.apply(Action(0, ActionKind.CALL, Card.parse("6w")))
    assert all(m.source is nantong.SetKind.DEALT4 for m in game.melds(0))


def test_win_after_the_replacement_names_its_card_section_7() -> None:
    """§7: the dealer's win right after the replacement of a 叫牌 four is a win on that card
    (自摸, 杠開): the action names it, as every 自摸 does, and the card-less spelling is
    refused."""
    hand = f"5w 5w 5w 5w {SIX_RUNS} 1w"
    game = Game(deck=stack_deck(hands={0: hand}, stock="1w", jiang="2t 3b"))
    game.apply(Action(0, ActionKind.CALL, Card.parse("5w")))
    assert (ActionKind.WIN, "1w") in kinds(game, 0)
    assert not game.can(Action(0, ActionKind.WIN))
    game.apply(Action(0, ActionKind.WIN, Card.parse("1w")))
    win = game.result.win
    assert win is not None and win.winning_card.code == "1w"
    assert win.self_drawn and win.gangkai and not win.tianhu
    assert Game.from_json(game.to_json()) == game


def test_dealer_win_with_the_dealt_hand_names_no_card_section_7() -> None:
    """§7 天胡: the dealer's win with his initial 23 cards names no card (none was drawn)."""
    game = Game(deck=stack_deck(hands={0: f"{SIX_RUNS} 123w 5w 5w"}, jiang="2t 3b"))
    assert (ActionKind.WIN, None) in kinds(game, 0)


@pytest.mark.parametrize(("dealer", "other"), [(20, 19), (26, 25), (22, 21)])
def test_deal_sizes_are_those_of_a_winning_hand_n2(dealer: int, other: int) -> None:
    """N2 / §4: a winning hand is a pair and seven groups, so the dealer takes 23 and the
    others 22; other sizes (which could never win) are refused."""
    with pytest.raises(RulesError, match="dealer_cards"):
        nantong.DUZIHU.evolve(dealer_cards=dealer, other_cards=other)


def _line(game: Game, text: str) -> int:
    sheet = game.result.sheet
    assert sheet is not None
    return next(line.value for line in sheet.lines if text in line.name)


def test_a_flip_three_completed_by_the_replacement_is_drawn_section_6_2() -> None:
    """§6.2: three copies of a flipped card "completed by drawing" score as a 後摸 four: the
    dealer's 杠開 on the replacement of his 叫牌 four (an opening-round win) counts a 二條
    three whose third copy that replacement brought as 後摸 (24), not 起手."""
    hand = "5w 5w 5w 5w 2t 2t 456t 789t 123b 456b 789b 9w 9w"
    game = Game(deck=stack_deck(hands={0: hand}, stock="2t", jiang="2t 3b"))
    game.apply(Action(0, ActionKind.CALL, Card.parse("5w")))
    game.apply(Action(0, ActionKind.WIN, Card.parse("2t")))
    win = game.result.win
    assert win is not None and win.gangkai and not win.called
    assert _line(game, "二條二條二條") == 24
    assert nantong.score(win) == game.result.sheet


def test_an_opening_round_win_with_baida_counts_the_others_sets_in_sight() -> None:
    """docs/nantong.md (天胡: a win in the opening round counts the others' dealt fours as
    declared 起手 sets) with §1, §4 (a 百搭 stands for no copy in sight): the dealer's 百搭 can
    complete his hand only as a 五條 while seat 1 holds the four dealt 五條 — the 胡 was listed
    and ``can`` said yes, then ``apply`` raised RulesError (review h114); it is not offered, and
    every listed action applies."""
    rules = nantong.DUZIHU_BAIDA
    dealer = "3t 4t FU 1b 2b 3b 4b 5b 6b 7b 8b 9b 1w 2w 3w 4w 5w 6w 7w 8w 9w QZ QZ"
    hands = {0: dealer, 1: "5t 5t 5t 5t", 2: "2t 2t 2t 2t"}
    game = Game(rules, deck=stack_deck(rules, hands=hands, jiang="6t HH"))
    assert kinds(game, 0) == [(ActionKind.PASS, None)]
    assert not game.can(Action(0, ActionKind.WIN))
    for action in game.legal_actions(0):
        game.copy().apply(action)
    # (the same hand, nobody holding the four: the 天胡 is offered and applies)
    free = Game(rules, deck=stack_deck(rules, hands={0: dealer}, jiang="6t HH"))
    assert (ActionKind.WIN, None) in kinds(free, 0)
    free.apply(Action(0, ActionKind.WIN))
    assert free.result is not None and free.result.winner == 0


@pytest.mark.parametrize("last", ["FU", "9w"])
def test_ting_with_baida_looks_at_the_seats_own_sets_section_3(last: str) -> None:
    """docs/nantong.md: the engine's 報聽 looks at the seat's own cards, sets and flips only, so
    a wait whose copies are all on other tables is still 聽 there. Seat 2 waits on 五萬 / 八萬,
    whose copies seats 0 and 1 declared: with a 百搭 in hand the 報聽 was not offered (the
    others' sets were counted, review h114), without it it was; both are offered now."""
    rules = nantong.DUZIHU_BAIDA
    ready = f"{SIX_RUNS} 6w 7w {last} 9w"
    hands = {0: "8w 8w 8w 8w", 1: "5w 5w 5w 5w", 2: ready}
    game = Game(rules, deck=stack_deck(rules, hands=hands, jiang="2t HH"))
    while 2 not in game.to_act:
        seat = game.to_act[0]
        moves = game.legal_actions(seat)
        game.apply(next((a for a in moves if a.kind is ActionKind.CALL), moves[-1]))
    assert game.phase == "declare"
    assert (ActionKind.TING, None) in kinds(game, 2)


def test_a_gang_may_follow_a_peng_before_its_discard() -> None:
    """docs/nantong.md (the engine's choice, §3 silent): right after a 碰 the player may 暗杠 a
    four he holds or 加杠 the fourth copy onto the new 碰, before discarding."""
    game = Game(deck=stack_deck(hands={0: "5w 1t", 1: "5w 5w 5w 6w 6w 6w 6w"}, jiang="2t 3w"))
    while game.phase == "declare":
        game.apply(Action(game.to_act[0], ActionKind.PASS))
    game.apply(Action(0, ActionKind.DISCARD, Card("5w")))
    game.apply(Action(1, ActionKind.PENG, Card("5w")))
    assert {(k, c) for k, c in kinds(game, 1) if k is not ActionKind.DISCARD} == {
        (ActionKind.ANGANG, "6w"),
        (ActionKind.JIAGANG, "5w"),
    }
