"""Hands of 孝感長牌 played in a row: :class:`Match`, with the next dealer of xiaogan.md §3.5
(:func:`~changpai.xiaogan.game.next_dealer`: the winner's second-next seat cuts and turns a card)
and the running totals of the payments.

>>> match = Match(XIAOGAN, 2, dealer=0)
>>> _ = match.play(3)
>>> len(match.hands), sum(match.totals.values())
(3, 0)
"""

from __future__ import annotations

from typing import Any

from changpai.core.match import Match as MatchBase
from changpai.core.match import WithCuts, match_option
from changpai.errors import RulesError
from changpai.xiaogan.cards import Card
from changpai.xiaogan.game import Game, next_dealer
from changpai.xiaogan.rules import XIAOGAN, Rules

__all__ = ["Match"]


class Match(WithCuts[Card], MatchBase[Game, Rules]):
    """Hands of 孝感長牌 played in a row (xiaogan.md §3.5, §5, §6): the first dealer at random
    from ``seed`` (X9) unless ``dealer`` is given, each next dealer by
    :func:`~changpai.xiaogan.game.next_dealer` — after a win from a card drawn with the match's
    random numbers and turned by the winner's second-next seat (listed in :attr:`cuts`) — and
    the running totals of the payments. ``players`` is the number of seats (default
    ``rules.players``).

    >>> m = Match(XIAOGAN, 4, dealer=0, players=5)
    >>> _ = m.play(2)
    >>> m.to_dict()["hands"][0]["dealer"], len(m.cuts) == sum(h.winner is not None for h in m.hands)
    (0, True)
    """

    game_class = Game
    players: int = match_option(
        "players",
        """The number of seats at the table (fixed for the match: its document deals every
        hand with it).

        >>> Match(seed=1, players=5).players
        5
        """,
    )

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        players: int | None = None,
    ) -> None:
        chosen = XIAOGAN if rules is None else rules
        if isinstance(chosen, Rules):
            chosen.deal_sizes(players)  # RulesError for a bad number of players
        self._players = (
            (chosen.players if players is None else players) if isinstance(chosen, Rules) else 0
        )
        self._cuts: list[tuple[int, Card]] = []
        super().__init__(rules, seed, dealer=dealer)

    def _seat_count(self) -> int:
        if not self.players:
            raise RulesError("a xiaogan Match needs xiaogan Rules")
        return self._players

    def _game_options(self) -> dict[str, Any]:
        return {} if self.players == self.rules.players else {"players": self.players}

    _option_names = ("players",)

    def _options(self) -> dict[str, Any]:
        return self._game_options()  # (the number of players, the one option of both)

    def _next_dealer(self, game: Game) -> int:
        result = game.result
        assert result is not None
        if result.winner is None:
            return int(result.next_dealer if result.next_dealer is not None else self.dealer)
        card = self._rng.choice(self.rules.cards())
        self._cuts.append(((result.winner + 2) % self.players, card))
        return next_dealer(self.rules, self.dealer, result.winner, card=card, players=self.players)

    def to_dict(self) -> dict[str, Any]:
        """The summary of :class:`~changpai.core.match.Match` with the cuts.

        >>> sorted(Match(XIAOGAN, 1).play(1).to_dict())
        ['cuts', 'dealer', 'family', 'hands', 'rules', 'seed', 'totals']
        """
        out = super().to_dict()
        out["cuts"] = [[s, c.code] for s, c in self._cuts]
        return out
