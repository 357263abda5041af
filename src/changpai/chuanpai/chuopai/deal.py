"""Who deals and what: the 戳牌 deal order, stacked decks and the next dealer (chuanpai.md §3.1).

All 84 cards of ``deck84`` are dealt, 28 to each of the three players: the dealer takes the first
28 cards of the deck, his 下家 the next 28 and the third player the last 28.

>>> deck = stack_deck(CHUOPAI, hands={0: "66 66 45", 2: "11"})
>>> [c.code for c in deck[:3]], deck[56].code, len(deck)
(['66', '66', '45'], '11', 84)
>>> next_dealer(CHUOPAI, 0, 0), next_dealer(CHUOPAI, 0, 2), next_dealer(CHUOPAI, 2, None)
(0, 1, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from changpai.chuanpai.cards import DECK84, Card, parse
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.core.guard import clipped, flag_arg, hands_arg, items_arg, rules_arg, seed_arg
from changpai.core.seats import SeatRing, check_seat
from changpai.errors import NotationError, RulesError

__all__ = ["deal_blocks", "next_dealer", "stack_deck"]

PLAYERS = 3
HAND = 28


def deal_blocks(deck: tuple[Card, ...], dealer: int) -> dict[int, tuple[Card, ...]]:
    """The 28 cards each seat receives from ``deck`` (dealer first, then his 下家 …).

    >>> blocks = deal_blocks(DECK84, 1)
    >>> blocks[1][0].code, blocks[2][0].code, blocks[0][0].code
    ('66', '26', '33')
    """
    order = SeatRing.of(PLAYERS).order_from(dealer)
    return {seat: deck[HAND * p : HAND * (p + 1)] for p, seat in enumerate(order)}


def _cards(value: str | Iterable[Card], what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse(value, deck="deck84")
    items = items_arg(value, what, "chuanpai cards")
    for card in items:
        if not isinstance(card, Card):
            raise NotationError(f"{what} holds {clipped(card)}, which is not a chuanpai Card")
    return items


def stack_deck(
    rules: Rules = CHUOPAI,
    *,
    hands: Mapping[int, str | Iterable[Card]] | Sequence[str | Iterable[Card]] | None = None,
    stock: str | Iterable[Card] = (),
    dealer: int = 0,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A stacked deck for ``Game(rules, deck=..., dealer=dealer)``: seat ``s`` receives the
    cards of ``hands[s]`` (at most 28, cards or text; ``hands`` is ``{seat: cards}`` or a
    sequence read as seats 0, 1, …), then cards from the rest of ``deck84`` —
    in table order, or shuffled by ``seed``. 戳牌 deals every card, so there is no stock:
    ``stock`` must be empty (it is here for the one ``stack_deck`` signature of every family).

    >>> deck = stack_deck(hands={1: "11 11"}, dealer=2)
    >>> [c.code for c in deck[56:58]]
    ['11', '11']
    >>> stack_deck(hands={0: "66 " * 5})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of 天牌 ('66') of deck84; a deck has at most 4
    >>> stack_deck(stock="66")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: 戳牌 deals every card (28 each); there is no stock to stack, got stock='66'
    """
    rules_arg(rules, Rules, "戳牌")
    dealer = check_seat(dealer, PLAYERS, what="dealer", error=RulesError)
    seed_arg(seed)
    if _cards(stock, "stock"):
        raise RulesError(
            f"戳牌 deals every card ({HAND} each); there is no stock to stack, got stock={clipped(stock)}"
        )
    wanted: dict[int, tuple[Card, ...]] = {}
    for seat, cards in hands_arg(hands).items():
        seat = check_seat(seat, PLAYERS, what="hands seat", error=RulesError)
        wanted[seat] = _cards(cards, f"hands[{seat}]")
        if len(wanted[seat]) > HAND:
            raise RulesError(
                f"hands[{clipped(seat)}] holds {len(wanted[seat])} cards; a seat gets {HAND}"
            )
    every = [c for cards in wanted.values() for c in cards]
    parse(" ".join(c.code for c in every), deck="deck84")  # at most 4 of a kind in all
    rest = Counter(DECK84) - Counter(every)
    filler = sorted(rest.elements())
    if seed is not None:
        random.Random(seed).shuffle(filler)
    out: list[Card] = []
    for seat in SeatRing.of(PLAYERS).order_from(dealer):
        own = list(wanted.get(seat, ()))
        take = HAND - len(own)
        out.extend(own + filler[:take])
        del filler[:take]
    return tuple(out)


def next_dealer(rules: Rules, dealer: int, winner: int | None, *, void: bool = False) -> int:
    """The dealer of the next hand (chuanpai.md §3.1): the deal rotates to the dealer's 下家;
    a winning dealer keeps it (佔莊) when ``rules.zhanzhuang``; a void hand (``void``:
    無天無九不打牌, no winner) is dealt again by the same dealer [INF].

    >>> next_dealer(CHUOPAI, 1, 1), next_dealer(CHUOPAI.evolve(zhanzhuang=False), 1, 1)
    (1, 2)
    >>> next_dealer(CHUOPAI, 1, None), next_dealer(CHUOPAI, 1, None, void=True)
    (2, 1)
    >>> next_dealer(None, 0, 0)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: rules=None is not a 戳牌 Rules object
    """
    rules_arg(rules, Rules, "戳牌")
    dealer = check_seat(dealer, PLAYERS, what="dealer", error=RulesError)
    void = flag_arg(void, "void")
    if winner is not None:
        winner = check_seat(winner, PLAYERS, what="winner", error=RulesError)
        if void:
            raise RulesError(f"void=True: a hand won by seat {clipped(winner)} was not void")
    if void:
        return dealer
    if winner == dealer and rules.zhanzhuang:
        return dealer
    return SeatRing.of(PLAYERS).next[dealer]
