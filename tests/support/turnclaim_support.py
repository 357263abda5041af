"""Helpers of the tests of the shared turn-and-claim engine's quick paths (川牌, 孝感)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from changpai.core.turnclaim.state import TurnClaimState


def check_claimers_at_the_offer(game: Any, cards: Sequence[Any]) -> int:
    """Compare ``game._claimers`` (the family's quick answer) with the plain path of
    ``TurnClaimState._claimers`` (``_can_claim`` per seat and class) for every card kind at the
    card on offer, and the candidates the flow noted; 1 if there is an offer, else 0."""
    if game.offer is None:
        return 0
    _card, source, turned = game.offer
    seats = game._seating.orders[source] if turned else game._seating.afters[source]
    for card in cards:
        assert game._claimers(card, seats) == TurnClaimState._claimers(game, card, seats)
    assert game._candidates == game._claimers(game.offer[0], seats)
    return 1
