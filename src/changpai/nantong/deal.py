"""The deal of a 犢子胡 hand (nantong.md §2): who deals next, and stacked decks for tests and
teaching.

A deck is dealt in this order: the dealer's 23 cards, his 下家's 22, the 對門's 22 (the dealer's
上家 sits out), then the stock, drawn from the front; the last card of the deck is the first
flipped 將 and the card before it the second. :func:`stack_deck` builds such a deck from the
cards you name and fills the rest.

>>> deck = stack_deck(hands={1: "HH HH HH"}, stock="QZ", jiang="2t 3w")
>>> from changpai.nantong.game import Game
>>> game = Game(deck=deck)
>>> game.hand(1).count(Card("HH")), game.stock[0], game.jiang
(3, Card('QZ'), (Card('2t'), Card('3w')))
>>> next_dealer(DUZIHU, 3, None)
0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from changpai.core.guard import clipped, hands_arg, items_arg, rules_arg, seed_arg
from changpai.core.seats import SeatRing, check_seat
from changpai.errors import NotationError, RulesError
from changpai.nantong.actions import SEATS
from changpai.nantong.cards import BAIDA, CARDS, Card, parse
from changpai.nantong.cards import deck as deck_of
from changpai.nantong.rules import DUZIHU, Rules

__all__ = ["next_dealer", "stack_deck"]

# The order filler cards are dealt in when no seed is given: suits and numbers spread out, so a
# filled hand rarely holds groups by accident (and stacked scenarios stay what they say).
_SPREAD = (0, 4, 8, 11, 15, 19, 22, 26, 27, 28, 29, 2, 6, 9, 13, 17, 20, 24, 1, 5, 12, 16, 21,
           25, 3, 7, 10, 14, 18, 23)  # fmt: skip


def next_dealer(rules: Rules, dealer: int, winner: int | None) -> int:
    """Who deals the next hand: the finished hand's dealer sits out and his 下家 deals
    (nantong.md §2 [S003 基本玩法]), whoever won (``winner``, or ``None`` after 荒牌).

    >>> next_dealer(DUZIHU, 0, 2), next_dealer(DUZIHU, 2, None)
    (1, 3)
    >>> next_dealer(DUZIHU, 4, None)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: dealer=4 is not a seat; expected a whole number 0..3
    >>> next_dealer(DUZIHU, 0, 3)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: winner=3 sits out when seat 0 deals and never plays (nantong.md §2, N3)
    """
    rules_arg(rules, Rules, "nantong")
    dealer = check_seat(dealer, SEATS, what="dealer", error=RulesError)
    if winner is not None:
        winner = check_seat(winner, SEATS, what="winner", error=RulesError)
        if winner == (dealer + 3) % SEATS:  # (the dealer's 上家 sits out, nantong.md §2, N3)
            raise RulesError(
                f"winner={winner} sits out when seat {dealer} deals and never plays "
                "(nantong.md §2, N3)"
            )
    return (dealer + 1) % SEATS


def _cards(value: Iterable[Card] | str, what: str) -> list[Card]:
    if isinstance(value, str):
        return list(parse(value))
    cards = list(items_arg(value, what, "nantong cards"))
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{what}: {clipped(card)} is not a nantong Card")
    return cards


def stack_deck(
    rules: Rules = DUZIHU,
    *,
    hands: Mapping[int, Iterable[Card] | str] | Sequence[Iterable[Card] | str] | None = None,
    stock: Iterable[Card] | str = (),
    stock_tail: Iterable[Card] | str = (),
    jiang: Iterable[Card] | str = (),
    dealer: int = 0,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A stacked deck for ``Game(rules, deck=..., dealer=dealer)``.

    Args:
        rules: the rules (the deck has 125 cards with 百搭, else 120).
        hands: ``{seat: cards}`` that each playing seat must be dealt (cards or text; at most
            23 for the dealer, 22 for the others; a sequence is read as seats 0, 1, …); the
            rest of each hand is filled.
        stock: the first cards of the stock, drawn first.
        stock_tail: the last cards of the stock (the last one is drawn last, 海底).
        jiang: the flipped 將, first flip first (up to two; missing ones are filled).
        dealer: the dealer's seat; his 上家 sits out and may not be given cards.
        seed: shuffles the filler cards; without it they are dealt in a fixed spread-out order
            (suits and numbers apart, 百搭 last, so filled hands rarely hold groups).

    More copies of a card than the deck holds, a 百搭 without ``rules.baida``, cards for the
    seat that sits out or too many cards for a hand raise
    :class:`~changpai.errors.RulesError`; a card that is not a nantong card
    :class:`~changpai.errors.NotationError`.

    >>> deck = stack_deck(hands={0: "123b 456b 789b 123t 456t 789t 123w 5w 5w"})
    >>> len(deck), deck[:3]
    (120, (Card('1b'), Card('2b'), Card('3b')))
    >>> stack_deck(hands={3: "HH"})
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seat 3 sits out when seat 0 deals (nantong.md §2): it is dealt no cards
    >>> stack_deck(hands={1: "HH HH HH"}, stock="HH HH")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: the stacked cards use 5 copies of 紅花; the deck holds 4
    """
    rules = rules_arg(rules, Rules, "nantong")
    dealer = check_seat(dealer, SEATS, what="dealer", error=RulesError)
    seed_arg(seed)
    players = SeatRing.of(SEATS, (dealer + 3) % SEATS).order_from(dealer)
    wanted: dict[int, list[Card]] = {}
    for seat, cards in hands_arg(hands).items():
        seat = check_seat(seat, SEATS, what="seat", error=RulesError)
        if seat not in players:
            raise RulesError(
                f"seat {clipped(seat)} sits out when seat {clipped(dealer)} deals (nantong.md §2): "
                "it is dealt no cards"
            )
        wanted[seat] = _cards(cards, f"hands[{seat}]")
    head = _cards(stock, "stock")
    tail = _cards(stock_tail, "stock_tail")
    flips = _cards(jiang, "jiang")
    if len(flips) > 2:
        raise RulesError(f"jiang={clipped(jiang)}: a hand flips two 將, not {len(flips)}")
    rest = Counter(deck_of(baida=rules.baida))
    named = [c for cards in wanted.values() for c in cards] + head + tail + flips
    for card, n in Counter(named).items():
        if not rest[card]:
            raise RulesError(f"{card} is not in the deck of these rules (baida={rules.baida})")
        if n > rest[card]:
            raise RulesError(
                f"the stacked cards use {n} copies of {card}; the deck holds {rest[card]}"
            )
    rest.subtract(named)
    if seed is None:
        pool = []
        for _ in range(4):
            for index in _SPREAD:
                card = CARDS[index]
                if rest[card] > 0:
                    rest[card] -= 1
                    pool.append(card)
        late = [c for c in BAIDA if rest[c] > 0]
    else:
        pool = list(rest.elements())
        random.Random(seed).shuffle(pool)
        late = []
    dealt: list[Card] = []
    for seat in players:
        size = rules.dealer_cards if seat == dealer else rules.other_cards
        part = wanted.get(seat, [])
        if len(part) > size:
            raise RulesError(
                f"hands[{clipped(seat)}] has {len(part)} cards; seat {clipped(seat)} is dealt {size}"
            )
        need = size - len(part)
        if need > len(pool):
            raise RulesError(
                f"the stock and the flips take too many cards to fill seat {clipped(seat)}'s hand"
            )
        dealt += part + pool[:need]
        pool = pool[need:]
    middle = pool + late
    missing = 2 - len(flips)
    if missing:  # flip filler cards, 百搭 only when nothing else is left
        at = len(pool) - missing if len(pool) >= missing else len(middle) - missing
        flips += middle[at : at + missing]
        del middle[at : at + missing]
    return (*dealt, *head, *middle, *tail, flips[1], flips[0])
