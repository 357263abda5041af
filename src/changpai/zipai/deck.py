"""Decks of a 跑胡子 hand: the deal order of a shuffled or stacked deck (zipai.md §3).

``Game(deck=...)`` takes the 80 cards in deal order: the first ``hand_size`` cards go to the
dealer, the next ``hand_size`` to the dealer's 下家 and so on round the active seats; the next
card is the 亮張 (the dealer's extra card); the rest is the stock (墩), drawn from the front.
:func:`stack_deck` builds such a deck from the cards a test or a puzzle wants dealt.

>>> deck = stack_deck(hands={0: "壹貳叄"}, liang="拾")
>>> len(deck), deck[:3], deck[60]
(80, (Card('d1'), Card('d2'), Card('d3')), Card('d10'))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from changpai.core.deck import deal_order
from changpai.core.guard import cards_arg, clipped, hands_arg, items_arg, rules_arg, seed_arg
from changpai.core.seats import SeatRing, check_seat
from changpai.errors import NotationError, RulesError
from changpai.zipai.cards import CARDS, DECK, KINDS, Card, parse
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["stack_deck"]


def _deck_indices(seed: int | None, deck: Sequence[Card] | str | None) -> tuple[int, ...]:
    """The card kinds of the deal, in order: ``deck`` as given (checked to be the whole
    zipai deck), else the deck shuffled with ``seed``.

    >>> _deck_indices(None, stack_deck())[:3]
    (0, 1, 2)
    """
    seed_arg(seed)
    cards = None
    if deck is not None:
        cards = parse(deck) if isinstance(deck, str) else items_arg(deck, "deck", "zipai cards")
    # (a seed or a deck of cards that is not this deck: RulesError, as in every family)
    what = "zipai.DECK (4 of each kind)"
    if cards is None:  # a shuffle's order does not depend on what it shuffles: the kinds
        return tuple(deal_order(_DECK_KINDS, seed=seed, what=what, error=RulesError))
    order = deal_order(DECK, seed=seed, deck=cards, what=what, error=RulesError, card=Card)
    return tuple(c.index for c in order)


_DECK_KINDS = tuple(c.index for c in DECK)  # the kind of each card of DECK, in its order


def _as_cards(value: str | Sequence[Card], name: str) -> tuple[Card, ...]:
    """Cards given as text or a sequence of cards, named ``name`` in an error (a lone Card is
    the 亮張's alone: a hand of one card is refused, as every family's — review h71)."""
    if isinstance(value, str):
        return parse(value)
    return cards_arg(value, Card, name, "zipai cards")


def stack_deck(
    rules: Rules = HUNAN,
    *,
    hands: Mapping[int, str | Sequence[Card]] | Sequence[str | Sequence[Card]] | None = None,
    liang: str | Card | None = None,
    stock: str | Sequence[Card] = "",
    dealer: int = 0,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """An 80-card deck in deal order that deals the given cards (for ``Game(deck=...)``,
    zipai.md §3).

    ``hands`` maps seats to some or all of their dealt cards (the dealer's ``hand_size`` cards
    without the 亮張; a sequence is read as seats 0, 1, …), ``liang`` is the 亮張 and ``stock`` the first cards of the stock, in draw
    order. Every card not given is filled in from the cards left over: without ``seed``
    deterministically (each hand takes the kinds it holds least of first, so filler rarely makes
    a pair; the stock takes the rest in kind order); with ``seed`` (a whole number) the cards
    left over are shuffled by ``random.Random(seed)`` and dealt in that order, the same deck for
    the same seed. A ``seed`` other than a whole number or ``None`` raises
    :class:`~changpai.errors.RulesError`.

    >>> from changpai.zipai import Game
    >>> deck = stack_deck(hands={1: "壹壹壹壹 二二二"}, liang="拾", stock="九 九")
    >>> game = Game(deck=deck)
    >>> game.melds(1), game.stock_size, game.deck[61:63]
    ((Meld.parse('提 壹壹壹壹'),), 19, (Card('x9'), Card('x9')))
    >>> seeded = stack_deck(hands={1: "壹壹壹壹 二二二"}, liang="拾", stock="九 九", seed=7)
    >>> Game(deck=seeded).melds(1), seeded[60:63], seeded != deck
    ((Meld.parse('提 壹壹壹壹'),), (Card('d10'), Card('x9'), Card('x9')), True)
    >>> stack_deck(hands={0: "一一一一一"})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '一一一一一' holds 5 copies of 一 (x1); the deck has 4
    """
    hands = hands_arg(hands)
    rules_arg(rules, Rules, "zipai")
    seats = rules.seats
    dealer = check_seat(dealer, seats, what="dealer", error=RulesError)
    seed_arg(seed)
    shuxin = (dealer + 2) % seats if rules.shuxin else -1
    order = list(SeatRing.of(seats, shuxin).order_from(dealer))
    pool = [4] * KINDS
    given: dict[int, tuple[Card, ...]] = {}

    def take(cards: tuple[Card, ...], what: str) -> None:
        for c in cards:
            if pool[c.index] == 0:
                raise NotationError(f"{what} needs a fifth copy of {c.hanzi} ({c.code})")
            pool[c.index] -= 1

    for seat, cards in hands.items():
        if isinstance(seat, bool) or seat not in order:
            raise RulesError(
                f"seat {clipped(seat)} is not an active seat; active seats are {order}"
            )
        given[seat] = _as_cards(cards, f"hands[{seat}]")
        if len(given[seat]) > rules.hand_size:  # (a count out of range)
            raise RulesError(
                f"seat {clipped(seat)} is given {len(given[seat])} cards; a hand has {rules.hand_size}"
            )
        take(given[seat], f"seat {seat}'s hand")
    liang_cards = (
        () if liang is None else (liang,) if isinstance(liang, Card) else _as_cards(liang, "liang")
    )
    if len(liang_cards) > 1:
        raise NotationError(f"liang={clipped(liang)}: the 亮張 is one card")
    take(liang_cards, "the 亮張")
    stock_cards = _as_cards(stock, "stock")
    take(stock_cards, "the stock")
    if seed is not None:
        return _seeded(rules, order, given, liang_cards, stock_cards, pool, seed)
    deck: list[Card] = []
    dealer_held = [0] * KINDS
    for seat in order:
        hand = list(given.get(seat, ()))
        held = dealer_held if seat == dealer else [0] * KINDS
        for c in hand:
            held[c.index] += 1
        while len(hand) < rules.hand_size:
            k = min(
                (k for k in range(KINDS) if pool[k]),
                key=lambda k: (held[k], -pool[k], k),
            )
            pool[k] -= 1
            held[k] += 1
            hand.append(CARDS[k])
        deck.extend(hand)
    if not liang_cards:
        k = min((k for k in range(KINDS) if pool[k]), key=lambda k: (dealer_held[k], -pool[k], k))
        pool[k] -= 1
        liang_cards = (CARDS[k],)
    deck.extend(liang_cards)
    deck.extend(stock_cards)
    deck.extend(CARDS[k] for k in range(KINDS) for _ in range(pool[k]))
    return tuple(deck)


def _seeded(
    rules: Rules,
    order: list[int],
    given: dict[int, tuple[Card, ...]],
    liang: tuple[Card, ...],
    stock: tuple[Card, ...],
    pool: list[int],
    seed: int,
) -> tuple[Card, ...]:
    """The deck of :func:`stack_deck` with a seed: the cards left over (``pool[k]`` copies of
    each kind ``k``) shuffled by ``random.Random(seed)`` fill each hand of ``order`` after its
    given cards, then the 亮張 when none is given; the stock starts with the given ``stock``.

    >>> len(_seeded(HUNAN, [0, 1, 2], {}, (), (), [4] * KINDS, 3))
    80
    """
    filler = [CARDS[k] for k in range(KINDS) for _ in range(pool[k])]
    random.Random(seed).shuffle(filler)
    deck: list[Card] = []
    for seat in order:
        hand = given.get(seat, ())
        need = rules.hand_size - len(hand)
        deck.extend(hand)
        deck.extend(filler[:need])
        del filler[:need]
    if not liang:
        liang = (filler.pop(0),)
    return (*deck, *liang, *stock, *filler)
