"""Around the 大貳 engine (docs: Core concepts): stacked decks, the dealer rule, matches,
random play, simulations and transcripts.

>>> deck = stack_deck(DAER, hands={1: "伍伍 一二三"})
>>> game = Game(deck=deck)
>>> game.hand(1).count(Card("d5")), game.hand(1).count(Card("x1"))
(2, 2)
>>> next_dealer(DAER, 0, None), next_dealer(DAER, 0, 2)
(0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from changpai.core import playout
from changpai.core.guard import clipped, hands_arg, instance_arg, int_arg, rules_arg, seed_arg
from changpai.core.match import Match as MatchBase
from changpai.core.match import carried_state, dealer_after_huangzhuang
from changpai.core.playout import Backend, SimulationStats
from changpai.core.seats import SeatRing, check_seat
from changpai.daer.game import Game
from changpai.daer.hand import read_hand
from changpai.daer.rules import DAER, Rules
from changpai.errors import RulesError
from changpai.zipai import CARDS, Card

__all__ = ["Match", "next_dealer", "random_game", "simulate", "stack_deck", "transcript"]


def _rules(rules: object) -> Rules:
    return rules_arg(rules, Rules, "大貳")


def stack_deck(
    rules: Rules = DAER,
    *,
    hands: Mapping[int, str | Sequence[Card]] | Sequence[str | Sequence[Card]] | None = None,
    stock: str | Sequence[Card] = (),
    dealer: int = 0,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A deck in deal order for ``Game(rules, deck=..., dealer=dealer)``: each seat of
    ``hands`` (``{seat: cards}``; a sequence is read as seats 0, 1, …) gets the named cards
    first in its hand, the stock starts with ``stock`` (the next
    draws in order); every other place is filled from the rest of the deck — without ``seed``
    one kind after the other (一 … 十, 壹 … 拾, then again), so that a filled hand holds few
    pairs and no 坎; with ``seed`` (a whole number) in the order ``random.Random(seed)``
    shuffles the rest into, the same deck for the same seed.

    The deal order (daer.md §2) is: the dealer's ``hand_size + dealer_extra`` cards, then each
    other seat's ``hand_size`` in turn order, then the stock. Too many cards for a hand, more
    copies of a card than the deck holds, or a ``seed`` other than a whole number or ``None``
    raise :class:`~changpai.errors.RulesError`.

    >>> deck = stack_deck(DAER, hands={0: "壹壹壹壹"}, stock="拾")
    >>> Game(deck=deck).hand(0)[-4:], Game(deck=deck).stock[0]
    ((Card('d1'), Card('d1'), Card('d1'), Card('d1')), Card('d10'))
    >>> seeded = stack_deck(DAER, hands={0: "壹壹壹壹"}, stock="拾", seed=3)
    >>> seeded[:4] == deck[:4], seeded[53], seeded != deck
    (True, Card('d10'), True)
    >>> stack_deck(DAER, hands={1: "一" * 5})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '一一一一一' holds 5 copies of 一 (x1); the deck has 4
    """
    rules = _rules(rules)
    dealer = check_seat(dealer, rules.players, what="dealer", error=RulesError)
    seed_arg(seed)
    order = SeatRing.of(rules.players).order_from(dealer)
    pool = list(CARDS * 4)

    def take(cards: Sequence[Card], what: str) -> list[Card]:
        for card in cards:
            if card not in pool:
                raise RulesError(f"{what}: no copy of {card} is left in the deck")
            pool.remove(card)
        return list(cards)

    wanted: dict[int, list[Card]] = {}
    for seat, cards in hands_arg(hands).items():
        seat = check_seat(seat, rules.players, what="seat", error=RulesError)
        chosen = read_hand(cards, f"hands[{seat}]")
        size = rules.hand_size + (rules.dealer_extra if seat == dealer else 0)
        if len(chosen) > size:
            raise RulesError(f"seat {clipped(seat)} is dealt {size} cards, not {len(chosen)}")
        wanted[seat] = take(chosen, f"seat {seat}")
    first = take(read_hand(stock, "stock"), "stock")
    if seed is not None:
        random.Random(seed).shuffle(pool)
    deck: list[Card] = []
    for seat in order:
        size = rules.hand_size + (rules.dealer_extra if seat == dealer else 0)
        mine = wanted.get(seat, [])
        fill = size - len(mine)
        deck.extend(mine)
        deck.extend(pool[:fill])
        del pool[:fill]
    deck.extend(first)
    deck.extend(pool)
    return tuple(deck)


def next_dealer(rules: Rules, dealer: int, winner: int | None, *, streak: int = 0) -> int:
    """Who deals the next hand ([INF] as in 字牌, zipai.md §2; daer.md is silent): the winner;
    after a 荒莊 the dealer keeps the deal, and after the third 荒莊 in a row (``streak``
    counts those before this hand under the same dealer) the dealer's 下家 deals.

    >>> next_dealer(DAER, 3, None), next_dealer(DAER, 3, 1), next_dealer(DAER, 3, None, streak=2)
    (3, 1, 0)
    """
    rules = _rules(rules)
    dealer = check_seat(dealer, rules.players, what="dealer", error=RulesError)
    int_arg(streak, "streak", low=0)  # the 荒莊 in a row: a count (RulesError)
    if winner is not None:
        return check_seat(winner, rules.players, what="winner", error=RulesError)
    return dealer_after_huangzhuang(dealer, streak, rules.players)


class Match(MatchBase[Game, Rules]):
    """大貳 hands in a row with the dealer rule of :func:`next_dealer` and running totals; it
    counts :attr:`streak`, the 荒莊 in a row under the current dealer (after the third the
    dealer's 下家 deals).

    >>> m = Match(DAER, 1, dealer=0).play(3)
    >>> len(m.hands), sum(m.totals.values())
    (3, 0)
    """

    game_class = Game
    _carried_names = ("dealer", "streak")
    streak: int = carried_state(
        "streak",
        """荒莊 hands in a row under the current dealer (set by hand: the document keeps it).

        >>> Match(DAER, 1, dealer=0).streak
        0
        """,
    )

    def __init__(
        self, rules: Rules | None = DAER, seed: int | None = None, *, dealer: int | None = None
    ) -> None:
        self._streak = 0
        super().__init__(rules, seed, dealer=dealer)

    def _next_dealer(self, game: Game) -> int:
        """:func:`next_dealer` with the 荒莊 streak, counted on."""
        result = game.result
        assert result is not None
        dealer = next_dealer(self.rules, game.dealer, result.winner, streak=self.streak)
        self._streak = self.streak + 1 if result.winner is None and dealer == game.dealer else 0
        return dealer


def simulate(
    rules: Rules | None = DAER,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """Statistics of ``n`` hands played by random players (the one
    :func:`changpai.core.simulate`).

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> stats = simulate(DAER, 4, seed=1)
    >>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner
    (4, 4)
    """
    return playout.simulate(
        Game,
        n,
        rules=DAER if rules is None else _rules(rules),
        seed=seed,
        progress=progress,
        jobs=jobs,
        backend=backend,
    )


def random_game(rules: Rules | None = DAER, seed: int | None = None, *, dealer: int = 0) -> Game:
    """One hand played by players who choose uniformly among their legal actions (the deck
    shuffled and the choices made from ``seed``; ``None``: a fresh random hand).

    >>> random_game(DAER, 5) == random_game(DAER, 5)
    True
    >>> random_game(seed=5) == random_game(DAER, 5), random_game().is_over
    (True, True)
    """
    return playout.random_game(Game, DAER if rules is None else _rules(rules), seed, dealer=dealer)


def transcript(game: Game) -> str:
    """The numbered account of a hand (the one :func:`changpai.core.transcript`).

    >>> print(transcript(random_game(DAER, 2)).splitlines()[0])
    大貳 (daer) — seed 2, dealer seat 0
    """
    return playout.transcript(instance_arg(game, Game, "game"))  # NotationError, as elsewhere
