"""Dealers and hands in a row (xiaogan.md §3.5, §5, X8, X9)."""

from __future__ import annotations

import pytest

from changpai.errors import RulesError
from changpai.xiaogan import XIAOGAN, Card, Match, next_dealer


@pytest.mark.parametrize(
    "winner, card, expected",
    [(0, "上", 2), (0, "大", 2), (0, "邱", 3), (0, "可", 1), (3, "化", 3), (1, "混江", 3)],
)
def test_the_winners_second_next_seat_cuts(winner: int, card: str, expected: int) -> None:
    """§3.5: the winner's second-next seat cuts and turns a card; [INF] its phrase number
    (上大人 1 … 可知禮 8, 混江 1) counts seats from the cutter as 1."""
    assert next_dealer(XIAOGAN, 0, winner, card=Card(card)) == expected


def test_without_a_winner() -> None:
    """荒牌 and a hand abandoned by another seat: the dealer again; abandoned by the dealer:
    the next seat, unless 拖庄 (X8)."""
    assert next_dealer(XIAOGAN, 2, None) == 2
    assert next_dealer(XIAOGAN, 2, None, abandoned_by=1) == 2
    assert next_dealer(XIAOGAN, 2, None, abandoned_by=2) == 3
    assert next_dealer(XIAOGAN.evolve(tuo_zhuang=True), 2, None, abandoned_by=2) == 2
    assert next_dealer(XIAOGAN, 4, None, players=5, abandoned_by=4) == 0


def test_next_dealer_errors_are_typed() -> None:
    with pytest.raises(RulesError, match="give card="):
        next_dealer(XIAOGAN, 0, 1)
    with pytest.raises(RulesError):
        next_dealer(XIAOGAN, 0, 9, card=Card("上"))
    with pytest.raises(RulesError):
        next_dealer(XIAOGAN, 0, None, players=8)
    # a winner that is no seat is named before the card it asks for (review h69)
    with pytest.raises(RulesError, match=r"^winner=1.0 is not a seat"):
        next_dealer(XIAOGAN, 0, 1.0)  # type: ignore[arg-type]
    from changpai import chuanpai

    with pytest.raises(RulesError, match=r"^winner=1.0 is not a seat"):
        chuanpai.next_dealer(chuanpai.YAODIREN, 0, 1.0)  # type: ignore[arg-type]


def test_a_match_passes_the_deal_by_the_rules() -> None:
    """X9: without ``dealer`` the first dealer comes from the seed; every next dealer follows
    :func:`next_dealer` (cuts recorded after a win); payments sum to zero."""
    assert Match(XIAOGAN, 5).dealer == Match(XIAOGAN, 5).dealer
    match = Match(XIAOGAN, 7, dealer=1).play(12)
    assert sum(match.totals.values()) == 0 and len(match.hands) == 12
    cuts = iter(match.cuts)
    for hand, game in zip(match.hands, match.games, strict=True):
        result = game.result
        assert result is not None and hand.dealer == game.dealer
        if result.winner is None:
            assert hand.next_dealer == result.next_dealer
        else:
            cutter, card = next(cuts)
            assert cutter == (result.winner + 2) % 4
            assert hand.next_dealer == next_dealer(XIAOGAN, hand.dealer, result.winner, card=card)
    assert next(cuts, None) is None


def test_a_match_of_six_players() -> None:
    match = Match(XIAOGAN, 2, dealer=0, players=6).play(3)
    assert all(game.players == 6 and game.options == {"players": 6} for game in match.games)
    with pytest.raises(RulesError):
        Match(XIAOGAN, 2, players=9)
    with pytest.raises(RulesError):
        Match("xiaogan", 2)  # type: ignore[arg-type]


def test_a_seat_dealt_one_card_neither_wins_nor_abandons_section_2() -> None:
    """xiaogan.md §2 (a 7th player holds one card and never plays): ``next_dealer`` refuses him
    as the winner and as the seat that abandoned (review h122: he was given a dealer)."""
    with pytest.raises(RulesError, match="winner=6 holds one card when seat 0 deals"):
        next_dealer(XIAOGAN, 0, 6, card=Card("A1"), players=7)
    with pytest.raises(RulesError, match="abandoned_by=6 holds one card when seat 0 deals"):
        next_dealer(XIAOGAN, 0, None, abandoned_by=6, players=7)
    assert next_dealer(XIAOGAN, 0, None, abandoned_by=5, players=7) == 0
