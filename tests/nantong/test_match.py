"""Around the engine (changpai.nantong.match): Match, simulate, random_game, transcript
(docs/core-concepts.md "Around the engine"; nantong.md §2, §7.2)."""

from __future__ import annotations

import pytest

from changpai import nantong
from changpai.core import SimulationStats
from changpai.errors import IllegalActionError
from changpai.nantong import Match, random_game, simulate, transcript


def test_a_match_rotates_the_dealer_and_settles_section_2() -> None:
    """nantong.md §2: after every hand the dealer's 下家 deals; §7.2: the payments of each hand
    add up to the totals, which sum to zero."""
    match = Match(nantong.DUZIHU, seed=9, dealer=3).play(5)
    assert [h.dealer for h in match.hands] == [3, 0, 1, 2, 3]
    assert [h.next_dealer for h in match.hands] == [0, 1, 2, 3, 0]
    assert sum(match.totals.values()) == 0 and len(match.totals) == 4
    for game, summary in zip(match.games, match.hands, strict=True):
        assert game.dealer == summary.dealer and game.result is not None
        assert summary.winner == game.result.winner and summary.value == game.result.value
    assert match.settle() == match.totals and match.to_dict()["rules"] == "duzihu"


def test_a_match_deals_one_hand_at_a_time() -> None:
    match = Match(seed=1)
    assert match.dealer in range(4)  # first dealer by lot (nantong.md §2)
    game = match.new_hand()
    with pytest.raises(IllegalActionError, match="not over yet"):
        match.new_hand()
    assert game.dealer == match.dealer and match.game is game
    stacked = Match(seed=1, dealer=0)
    first = stacked.new_hand(nantong.stack_deck(hands={0: "HH HH HH"}))
    assert first.hand(0).count(nantong.Card("HH")) >= 3


def test_simulate_and_random_game_are_reproducible() -> None:
    stats = simulate(nantong.DUZIHU_BAIDA, 4, seed=3)
    assert isinstance(stats, SimulationStats) and stats.hands == 4
    assert stats.value_name == "胡數" and stats.name == "duzihu-baida"
    assert simulate(nantong.DUZIHU_BAIDA, 4, seed=3).action_counts == stats.action_counts
    game = random_game(nantong.DUZIHU, 8, dealer=2)
    assert game.is_over and game.dealer == 2 and game == random_game(nantong.DUZIHU, 8, dealer=2)


def test_transcript_numbers_every_record() -> None:
    """changpai play: the title, each playing seat's cards after the deal (the dealer marked
    莊), every record numbered with its hanzi and code, the draws, then the result."""
    game = random_game(nantong.DUZIHU, 5)
    lines = transcript(game).splitlines()
    assert lines[0] == "笃子胡 (duzihu) — seed 5, dealer seat 0"
    assert lines[1].startswith("  seat 0 (莊): ") and lines[3].startswith("  seat 2: ")
    numbered = [line for line in lines if line[:4].strip().isdigit()]
    assert len(numbered) == len(game.log)
    assert numbered[0] == "   1.   seat 0 過 (pass)" or "(call)" in numbered[0]
    assert any("(draws: seat" in line for line in numbered)
    assert game.result is not None and game.result.headline in transcript(game)
