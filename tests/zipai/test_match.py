"""changpai.zipai.match: matches (zipai.md §2 dealer rules, running settlement)."""

from __future__ import annotations

import random

import pytest

from changpai.core.match import HandSummary
from changpai.errors import IllegalActionError, RulesError
from changpai.zipai.game import Game
from changpai.zipai.match import Match, next_dealer
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO
from changpai.zipai.sim import random_game


@pytest.mark.parametrize(
    ("dealer", "winner", "streak", "expected"),
    [
        (0, 1, 0, (1, 0)),  # the winner deals next
        (0, 0, 2, (0, 0)),  # the dealer wins: keeps the deal, streak reset
        (1, None, 0, (1, 1)),  # 荒莊 keeps the dealer
        (1, None, 1, (1, 2)),
        (1, None, 2, (2, 0)),  # third 荒莊 in a row: the dealer's 下家 deals
        (2, None, 2, (0, 0)),
    ],
    ids=["winner deals", "dealer wins", "荒莊 1", "荒莊 2", "荒莊 3 -> 下家", "荒莊 3 wraps"],
)
def test_next_dealer(
    dealer: int, winner: int | None, streak: int, expected: tuple[int, int]
) -> None:
    """zipai.md §2: winner deals; 荒莊 keeps the dealer; three 荒莊 in a row pass the deal on."""
    assert next_dealer(HUNAN, dealer, winner, streak=streak) == expected[0]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((object(), 0, None), "is not a zipai Rules object"),
        ((HUNAN, 3, None), "dealer=3 is not a seat"),
        ((HUNAN, 0, 5), "winner=5 is not a seat"),
    ],
)
def test_next_dealer_refuses_bad_input(args: tuple[object, ...], error: str) -> None:
    """DESIGN conventions: bad input raises a RulesError naming it."""
    with pytest.raises(RulesError, match=error):
        next_dealer(*args)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="streak=-1"):
        next_dealer(HUNAN, 0, None, streak=-1)


def test_a_hand_knows_the_next_dealer_without_the_streak() -> None:
    """zipai.md §2 as far as one hand knows it: the result names the winner, or after a 荒莊
    the dealer; the Match adds the rotation after three 荒莊 in a row."""
    for seed in range(6):
        game = random_game(HUNAN, seed, dealer=1)
        result = game.result
        assert result is not None
        expected = 1 if result.winner is None else result.winner
        assert result.next_dealer == expected


def play(game: Game, chooser: random.Random) -> None:
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))


@pytest.mark.parametrize("rules", [HUNAN, LIUHUDAO, HAHA], ids=lambda r: r.name)
def test_match_follows_the_dealer_rules(rules: object) -> None:
    """zipai.md §2 over a run of random hands, with the running settlement."""
    assert rules in (HUNAN, LIUHUDAO, HAHA)
    match = Match(rules, seed=3, dealer=0)  # type: ignore[arg-type]
    chooser = random.Random(3)
    streak = 0
    for _ in range(12):
        game = match.new_hand()
        assert game.dealer == match.dealer
        play(game, chooser)
        match.settle()
        summary = match.hands[-1]
        assert isinstance(summary, HandSummary)
        expected = next_dealer(match.rules, summary.dealer, summary.winner, streak=streak)
        streak = 0 if summary.winner is not None or expected != summary.dealer else streak + 1
        assert match.dealer == expected == summary.next_dealer and match.streak == streak
    assert sum(match.totals.values()) == 0
    for seat in match.totals:
        assert match.totals[seat] == sum(h.net.get(seat, 0) for h in match.hands)
    assert len(match.games) == 12


def test_match_shuxin_seat_moves_with_the_deal() -> None:
    """zipai.md §2 數信: the seat opposite the dealer sits out; the winner deals next."""
    match = Match(HAHA, seed=5, dealer=1)
    chooser = random.Random(5)
    dealers = set()
    for _ in range(15):
        game = match.new_hand()
        dealers.add(game.dealer)
        assert sorted(game.seats) == [s for s in range(4) if s != (game.dealer + 2) % 4]
        play(game, chooser)
        result = game.result
        assert result is not None
        if result.winner is not None:
            assert result.winner in game.seats
            assert result.win is not None and result.win.shuxin_seat == (game.dealer + 2) % 4
    match.settle()
    assert sum(match.totals.values()) == 0


def test_match_refuses_a_new_hand_before_the_end() -> None:
    """A hand must be over before the next is dealt."""
    match = Match(seed=0, dealer=0)
    match.new_hand()
    with pytest.raises(IllegalActionError, match="not over"):
        match.new_hand()
    with pytest.raises(RulesError):
        Match(dealer=5)


@pytest.mark.parametrize("bad", [True, False, "1", 1.0, -1, 3, [0]])
def test_match_dealer_must_be_a_seat(bad: object) -> None:
    """DESIGN conventions (bad input raises a typed error naming it; nothing is silently
    changed) and zipai.md §2 (seats 0..2): True is not seat 1."""
    with pytest.raises(
        RulesError, match=r"dealer=.* is not a seat; expected a whole number 0\.\.2"
    ):
        Match(HUNAN, seed=1, dealer=bad)  # type: ignore[arg-type]


def test_match_dealer_none_draws_a_seat() -> None:
    """zipai.md §2: without a dealer the first one is drawn (an int seat)."""
    match = Match(HAHA, seed=3)
    assert type(match.dealer) is int and 0 <= match.dealer < HAHA.seats


def test_match_is_the_core_match_with_its_repr() -> None:
    """The contract (docs: Core concepts): Match(rules, seed, *, dealer) with a short repr and
    core HandSummary rows."""
    match = Match(HUNAN, 2, dealer=0).play(2)
    assert repr(match) == f"<zipai.Match hunan hands=2 dealer={match.dealer}>"
    assert [h.number for h in match.hands] == [1, 2]
    assert all(isinstance(h, HandSummary) for h in match.hands)
    assert match.to_dict()["family"] == "zipai"
