"""The 戳牌 notation: 川牌's cards (:mod:`changpai.chuanpai.cards`), read against the 84-card
deck the game deals (chuanpai.md §3.1), so that a fifth copy of a card is an error here as in
every family's ``parse`` (review h108: ``chuopai.parse`` was 川牌's, which reads against any
川牌 deck, five of a dot card)."""

from __future__ import annotations

from collections.abc import Iterable

from changpai.chuanpai.cards import Card
from changpai.chuanpai.cards import parse as _chuanpai_parse

__all__ = ["parse"]


def parse(text: str, *, deck: str | Iterable[Card] | None = "deck84") -> tuple[Card, ...]:
    """Cards from codes and names, as :func:`changpai.chuanpai.parse`, with at most the copies
    of the 戳牌 deck (``deck84``: four of each kind, no 經牌); ``deck`` as 川牌's.

    >>> parse("天牌 天牌 三六")
    (Card('66'), Card('66'), Card('36'))
    >>> parse("66 66 66 66 66")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of 天牌 ('66') of deck84; a deck has at most 4
    """
    return _chuanpai_parse(text, deck=deck)
