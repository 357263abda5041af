"""Tests of the 川牌 dealers and matches (changpai.chuanpai.match): the first dealer turned by
every player (chuanpai.md §2.1), the next dealer from the cut (§2.2.5) and a match of hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from changpai.chuanpai import GEHU, YAODIREN, Card, Match, draw_dealer, next_dealer
from changpai.core.match import Match as MatchBase
from changpai.errors import IllegalActionError, NotationError, RulesError


def test_draw_dealer_highest_card_and_ties() -> None:
    """chuanpai.md §2.1: the first dealer is the player who turns the highest point value; players
    tied for the highest turn again [INF]."""
    for seed in range(40):
        dealer, turned = draw_dealer(YAODIREN, seed)
        first = turned[:4]
        top = max(c.points for _s, c in first)
        leaders = [s for s, c in first if c.points == top]
        assert dealer in leaders
        if len(leaders) == 1:
            assert len(turned) == 4
        else:
            assert [s for s, _c in turned[4 : 4 + len(leaders)]] == leaders
    dealer, turned = draw_dealer(YAODIREN, 11)  # 二五 7 and 二五 7 tie; 地牌 2 vs 二四 6
    assert [(s, c.code) for s, c in turned] == [
        (0, "25"),
        (1, "33"),
        (2, "12"),
        (3, "25"),
        (0, "11"),
        (3, "24"),
    ]
    assert dealer == 3
    with pytest.raises(RulesError, match="players=9"):
        draw_dealer(YAODIREN, players=9)
    # Docs "Errors": a seed that is not a whole number raises RulesError, as for Match
    # (random.Random used to raise TypeError for a list).
    for seed in ([1], "1", 1.5, True):
        with pytest.raises(RulesError, match="seed="):
            draw_dealer(YAODIREN, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("winner", "code", "dealer", "expected"),
    [
        (0, "12", 3, 0),  # cutter 2; 丁丁 3 points: 2, 3, 0
        (0, "26", 0, 1),  # cutter 2; 8 points: 2 3 0 1 2 3 0 1
        (1, "66", 1, 2),  # cutter 3; 12 points: 3 0 1 2 ×3 -> 2
        (3, "11", 0, 2),  # cutter 1; 2 points: 1, 2
        (None, None, 2, 2),  # drawn hand: no card is turned, the dealer deals again
    ],
)
def test_next_dealer(winner: int | None, code: str | None, dealer: int, expected: int) -> None:
    """chuanpai.md §2.2.5: the winner's second-next seat cuts and turns a card; its points,
    counted around the table from the cutter, give the next dealer [INF]."""
    card = None if code is None else Card(code)
    assert next_dealer(YAODIREN, dealer, winner, card=card) == expected


def test_match_plays_hands_in_a_row() -> None:
    """A match: first dealer by turned cards, then each next dealer from the winner's
    second-next seat's cut; the payments add up to zero."""
    match = Match(YAODIREN, 3)
    first_dealer, turned = draw_dealer(YAODIREN, random.Random(3).getrandbits(32))
    assert match.dealer == first_dealer and match.first_turns == turned
    game = match.new_hand()
    assert game.dealer == first_dealer
    with pytest.raises(IllegalActionError, match="not over"):
        match.new_hand()
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    match.play(5)
    assert len(match.games) == 6 and sum(match.totals.values()) == 0
    cuts = iter(match.cuts)
    for game, summary in zip(match.games, match.hands, strict=False):
        assert game.result is not None and summary.dealer == game.dealer
        if game.result.winner is None:
            assert summary.next_dealer == game.dealer and game.result.next_dealer == game.dealer
        else:
            assert game.result.next_dealer is None  # the cut decides (§2.2.5)
            cutter, card = next(cuts)
            assert cutter == (game.result.winner + 2) % 4
            assert summary.next_dealer == next_dealer(
                YAODIREN, game.dealer, game.result.winner, card=card
            )
    net = Counter[int]()
    for game in match.games:
        if game.result is not None and game.result.sheet is not None:
            net.update(game.result.sheet.net())
    assert {s: net[s] for s in range(4)} == match.totals
    data = match.to_dict()
    assert len(data["hands"]) == 6 and len(data["cuts"]) == len(match.cuts)
    assert "match: 6 hands" in str(match)


def test_next_dealer_errors() -> None:
    """Bad seats and a win without the cut card raise RulesError naming them."""
    with pytest.raises(RulesError, match="give card="):
        next_dealer(YAODIREN, 0, 1)
    # (review h24: a card after a drawn hand, or one that is no card, was ignored)
    with pytest.raises(RulesError, match="only after a win"):
        next_dealer(YAODIREN, 2, None, card=Card("66"))
    with pytest.raises(NotationError, match="card='zz' is not a chuanpai Card"):
        next_dealer(YAODIREN, 0, 1, card="zz")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="dealer=4 is not a seat"):
        next_dealer(YAODIREN, 4, None)
    with pytest.raises(RulesError, match="winner=5 is not a seat"):
        next_dealer(YAODIREN, 0, 5, card=Card("11"))
    assert next_dealer(YAODIREN, 1, 0, card=Card("11"), players=3) == 0  # cutter 2; 2 points


def test_match_is_the_core_match_with_the_cut() -> None:
    """The core Match with the 川牌 dealer rule; a given first dealer draws no cards; a match of
    fewer players deals each hand with that many seats."""
    assert issubclass(Match, MatchBase) and Match.game_class.family == "chuanpai"
    match = Match(GEHU, 2, dealer=1, players=3)
    assert match.dealer == 1 and match.first_turns == () and match.settle() == {0: 0, 1: 0, 2: 0}
    match.play(2)
    assert all(game.players == 3 and game.options == {"players": 3} for game in match.games)
    assert match.games[0].dealer == 1
    assert repr(match).startswith("<chuanpai.Match gehu hands=2")
    with pytest.raises(RulesError):
        Match(YAODIREN, 1, players=8)
    with pytest.raises(RulesError):
        Match("yaodiren")  # type: ignore[arg-type]
    again = Match(GEHU, 2, dealer=1, players=3).play(2)
    assert again.totals == match.totals and again.cuts == match.cuts


def test_a_seat_dealt_one_card_wins_nothing_section_2_1() -> None:
    """chuanpai.md §2.1 (a 7th player holds one card and never plays): ``next_dealer`` refuses
    him as the winner, as 字牌's refuses its 數信 (review h122: he was given a dealer)."""
    with pytest.raises(RulesError, match="winner=6 holds one card when seat 0 deals"):
        next_dealer(YAODIREN, 0, 6, card=Card("66"), players=7)
    assert next_dealer(YAODIREN, 0, 1, card=Card("66"), players=7) == (3 + 12 - 1) % 7
