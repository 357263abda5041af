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

from typing import Any

from changpai.core import match as core_match
from changpai.core.guard import clipped, int_arg, rules_arg
from changpai.core.seats import check_seat
from changpai.errors import RulesError
from changpai.zipai.game import Game
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["Match", "next_dealer"]


def next_dealer(rules: Rules, dealer: int, winner: int | None, *, streak: int = 0) -> int:
    """The dealer of the next hand (zipai.md §2).

    The winner deals next; after a 荒莊 the dealer keeps the deal, and after the third 荒莊 in a
    row (``streak`` counts those before this hand under the same dealer) the dealer's 下家
    deals. With the 數信 seat (``rules.shuxin``) the winner deals too, and the seat opposite the
    new dealer is the next 數信.

    >>> next_dealer(HUNAN, 0, 2), next_dealer(HUNAN, 0, None), next_dealer(HUNAN, 2, None, streak=2)
    (2, 0, 0)
    >>> from changpai.zipai.rules import HAHA
    >>> next_dealer(HAHA, 0, 2)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: winner=2 is the 數信 seat of dealer 0; the 數信 does not play
    """
    rules_arg(rules, Rules, "zipai")
    dealer = check_seat(dealer, rules.seats, what="dealer", error=RulesError)
    int_arg(streak, "streak", low=0)  # the 荒莊 in a row: a count (RulesError)
    if winner is not None:
        winner = check_seat(winner, rules.seats, what="winner", error=RulesError)
        if rules.shuxin and winner == (dealer + 2) % rules.seats:  # zipai.md §2
            raise RulesError(
                f"winner={clipped(winner)} is the 數信 seat of dealer {clipped(dealer)}; the 數信 does not play"
            )
        return winner
    return core_match.dealer_after_huangzhuang(dealer, streak, rules.seats)


class Match(core_match.Match[Game, Rules]):
    """Hands played one after another: the dealer passes by zipai.md §2, the settlement adds up.

    Args:
        rules: the rules of every hand.
        seed: seeds the shuffles (and the first dealer, drawn at random when ``dealer`` is None).
        dealer: the first dealer.

    Besides the core :class:`~changpai.core.match.Match`, it counts :attr:`streak` (the 荒莊
    in a row under the current dealer: after the third the dealer's 下家 deals, §2) and deals
    each hand with ``huangfan`` = the 荒莊 in a row right before it (黃番, zipai.md §8.6):
    :attr:`huangfan` counts them across a change of dealer and a win resets it.

    >>> match = Match(seed=1, dealer=1)
    >>> game = match.new_hand()
    >>> game.dealer, match.dealer, match
    (1, 1, <zipai.Match hunan hands=1 dealer=1>)
    """

    game_class = Game
    _carried_names = ("dealer", "streak", "huangfan")
    streak: int = core_match.carried_state(
        "streak",
        """荒莊 hands in a row under the current dealer (set by hand: the document keeps it).

        >>> Match(seed=1, dealer=0).streak
        0
        """,
    )
    huangfan: int = core_match.carried_state(
        "huangfan",
        """荒莊 hands in a row before the next hand, whoever dealt them (黃番, zipai.md §8.6);
        set by hand (as after two 荒莊), the next hand is dealt with it and the document keeps it.

        >>> match = Match(seed=1, dealer=0)
        >>> match.huangfan = 2
        >>> match.new_hand().options
        {'huangfan': 2}
        """,
    )

    def __init__(
        self, rules: Rules | None = HUNAN, seed: int | None = None, *, dealer: int | None = None
    ) -> None:
        self._streak = 0
        self._huangfan = 0
        super().__init__(rules, seed, dealer=dealer)

    def _game_options(self) -> dict[str, Any]:
        return {"huangfan": self.huangfan} if self.huangfan else {}

    def _next_dealer(self, game: Game) -> int:
        """§2 with the 荒莊 streak; also counts :attr:`streak` and :attr:`huangfan` on."""
        result = game.result
        assert result is not None
        winner = result.winner
        dealer = next_dealer(self.rules, game.dealer, winner, streak=self.streak)
        if winner is not None or dealer != game.dealer:
            self._streak = 0
        else:
            self._streak = self.streak + 1
        self._huangfan = self.huangfan + 1 if winner is None else 0
        return dealer
