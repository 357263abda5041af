"""Several 跑胡子 hands in a row with the dealer rules of zipai.md §2 and a running settlement.

>>> import random
>>> match = Match(HUNAN, seed=4, dealer=0)
>>> chooser = random.Random(0)
>>> for _ in range(3):
...     game = match.new_hand()
...     while not game.is_over:
...         _ = game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
>>> totals = match.settle()
>>> len(match.hands), sum(totals.values())
(3, 0)
"""

from __future__ import annotations

import random
from typing import Any

from attrs import frozen

from changpai.core.seats import check_seat
from changpai.errors import IllegalActionError, RulesError
from changpai.zipai.cards import Card
from changpai.zipai.game import Game
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["HandSummary", "Match", "next_dealer"]


def next_dealer(rules: Rules, dealer: int, winner: int | None, streak: int) -> tuple[int, int]:
    """The next dealer and the new 荒莊 streak after a hand (zipai.md §2).

    The winner deals next; after a 荒莊 the dealer keeps the deal, and after three 荒莊 in a row
    the dealer's 下家 deals. With the 數信 seat (``rules.shuxin``) the winner deals too, and the
    seat opposite the new dealer is the next 數信.

    >>> next_dealer(HUNAN, 0, 2, 0), next_dealer(HUNAN, 0, None, 0), next_dealer(HUNAN, 2, None, 2)
    ((2, 0), (0, 1), (0, 0))
    """
    if winner is not None:
        return winner, 0
    streak += 1
    if streak >= 3:
        return (dealer + 1) % rules.seats, 0
    return dealer, streak


@frozen
class HandSummary:
    """One finished hand of a :class:`Match`: its dealer, winner, 胡息 and net gains by seat.

    >>> HandSummary(1, 0, 2, 18, {0: -18, 1: -18, 2: 36}).winner
    2
    """

    number: int
    dealer: int
    winner: int | None
    huxi: int
    net: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> HandSummary(1, 0, None, 0, {0: 0}).to_dict()["winner"] is None
        True
        """
        return {
            "number": self.number,
            "dealer": self.dealer,
            "winner": self.winner,
            "huxi": self.huxi,
            "net": {str(k): v for k, v in self.net.items()},
        }


class Match:
    """Hands played one after another: the dealer passes by zipai.md §2, the settlement adds up.

    Args:
        rules: the rules of every hand.
        seed: seeds the shuffles (and the first dealer, drawn at random when ``dealer`` is None).
        dealer: the first dealer.

    Call :meth:`new_hand` for each hand (the previous one must be over), play it through the
    returned :class:`~changpai.zipai.game.Game`, and read :attr:`totals` / :attr:`hands`.

    Each hand is dealt with ``huangfan`` = the 荒莊 in a row right before it (黃番, zipai.md
    §8.6): :attr:`huangfan` counts them across a change of dealer and a win resets it.

    >>> match = Match(seed=1, dealer=1)
    >>> game = match.new_hand()
    >>> game.dealer, match.dealer
    (1, 1)
    >>> match.new_hand()
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: hand 1 is not over yet; finish it before dealing the next
    """

    def __init__(self, rules: Rules = HUNAN, seed: int | None = None, *, dealer: int | None = None):
        if not isinstance(rules, Rules):
            raise RulesError(f"{rules!r} is not a zipai Rules object")
        self.rules = rules
        self._rng = random.Random(seed)
        if dealer is None:
            dealer = self._rng.randrange(rules.seats)
        self.dealer = check_seat(dealer, rules.seats, what="dealer", error=RulesError)
        self.streak = 0
        """荒莊 hands in a row under the current dealer."""
        self.huangfan = 0
        """荒莊 hands in a row before the next hand, whoever dealt them (黃番, zipai.md §8.6)."""
        self.games: list[Game] = []
        self.hands: list[HandSummary] = []
        self.totals: dict[int, int] = dict.fromkeys(range(rules.seats), 0)

    @property
    def game(self) -> Game | None:
        """The current (last dealt) hand, or ``None`` before the first."""
        return self.games[-1] if self.games else None

    def new_hand(self, deck: tuple[Card, ...] | str | None = None) -> Game:
        """Settle the finished hand (if any) and deal the next one (optionally a stacked deck)."""
        self._settle()
        game = self.game
        if game is not None and not game.is_over:
            raise IllegalActionError(
                f"hand {len(self.games)} is not over yet; finish it before dealing the next"
            )
        if deck is None:
            seed = self._rng.getrandbits(64)
            game = Game(self.rules, seed=seed, dealer=self.dealer, huangfan=self.huangfan)
        else:
            game = Game(self.rules, deck=deck, dealer=self.dealer, huangfan=self.huangfan)
        self.games.append(game)
        return game

    def _settle(self) -> None:
        game = self.game
        if game is None or not game.is_over or len(self.hands) == len(self.games):
            return
        result = game.result
        assert result is not None
        net = result.net(self.rules.seats)
        for seat, amount in net.items():
            self.totals[seat] = self.totals.get(seat, 0) + amount
        self.hands.append(
            HandSummary(len(self.games), game.dealer, result.winner, result.huxi, net)
        )
        self.dealer, self.streak = next_dealer(self.rules, game.dealer, result.winner, self.streak)
        self.huangfan = self.huangfan + 1 if result.winner is None else 0

    def settle(self) -> dict[int, int]:
        """Settle the current hand if it is over and return the running totals by seat.

        >>> Match(seed=0, dealer=0).settle()
        {0: 0, 1: 0, 2: 0}
        """
        self._settle()
        return dict(self.totals)

    def __repr__(self) -> str:
        return f"<zipai.Match {self.rules.name} hands={len(self.games)} dealer={self.dealer}>"
