"""Who deals, and hands played in a row: the first dealer turned by every player
(:func:`draw_dealer`, chuanpai.md §2.1), the next dealer from the card the winner's cutter turns
(:func:`next_dealer`, §2.2.5) and :class:`Match` (the running totals of §2.6 payments).

>>> match = Match(YAODIREN, 2)
>>> match.dealer, [(seat, card.code) for seat, card in match.first_turns]
(2, [(0, '23'), (1, '13'), (2, '15'), (3, '14')])
>>> _ = match.play(3)
>>> len(match.hands), sum(match.totals.values())
(3, 0)
"""

from __future__ import annotations

import random
from typing import Any

from changpai.chuanpai.cards import Card
from changpai.chuanpai.game import Game
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.core.guard import cut_card_arg, int_arg, rules_arg, seed_arg
from changpai.core.match import Match as MatchBase
from changpai.core.match import WithCuts, match_option
from changpai.core.seats import check_playing, check_seat
from changpai.errors import RulesError

__all__ = ["Match", "draw_dealer", "next_dealer"]


def _players(rules: Rules, players: int | None) -> int:
    rules_arg(rules, Rules, "chuanpai")
    return int_arg(rules.players if players is None else players, "players", low=2, high=7)


def draw_dealer(
    rules: Rules = YAODIREN, seed: int | None = None, *, players: int | None = None
) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """The first dealer (頭家) of a session: every player turns a card at random and the highest
    point value deals (chuanpai.md §2.1 "用各自隨意翻出的點數大小決定誰是頭家"). Players tied
    for the highest turn again until one is highest [INF]; a 經牌 counts 0 points. ``players``
    defaults to ``rules.players``.

    Returns the dealer and every ``(seat, card)`` turned, in order.

    >>> dealer, turned = draw_dealer(YAODIREN, 1)
    >>> dealer, [(s, c.code) for s, c in turned]
    (0, [(0, '55'), (1, '33'), (2, '11'), (3, '12')])
    >>> draw_dealer(YAODIREN, 1, players=8)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=8 is not an integer from 2 to 7
    """
    n = _players(rules, players)
    seed_arg(seed)
    rng = random.Random(seed)
    order = list(rules.cards())
    rng.shuffle(order)
    contenders = list(range(n))
    turned: list[tuple[int, Card]] = []
    while True:
        round_cards: list[tuple[int, Card]] = []
        for seat in contenders:
            if not order:
                order = list(rules.cards())
                rng.shuffle(order)
            round_cards.append((seat, order.pop()))
        turned.extend(round_cards)
        top = max(card.points for _seat, card in round_cards)
        contenders = [seat for seat, card in round_cards if card.points == top]
        if len(contenders) == 1:
            return contenders[0], tuple(turned)


def next_dealer(
    rules: Rules,
    dealer: int,
    winner: int | None,
    *,
    card: Card | None = None,
    players: int | None = None,
) -> int:
    """The next dealer (chuanpai.md §2.2.5): "和牌的人下第二家負責抬牌、翻牌看牌面大小決定下一牌
    誰是頭家" — the winner's second-next seat (the cutter) cuts and turns ``card``.

    The seed does not say how the face decides; [INF] as with dice in mahjong, the card's points
    are counted around the table starting with the cutter as 1 (a 經牌 counts 1, the cutter
    himself). After a drawn hand (no winner) the dealer deals again [INF]. ``players`` defaults
    to ``rules.players``.

    >>> next_dealer(YAODIREN, 3, 0, card=Card("12"))  # cutter seat 2; 3 points: 2, 3, 0
    0
    >>> next_dealer(YAODIREN, 3, None)
    3
    >>> next_dealer(YAODIREN, 3, 0)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: after a win the next dealer is decided by the card the cutter turns: give card=
    """
    n = _players(rules, players)
    dealer = check_seat(dealer, n, what="dealer", error=RulesError)
    if winner is not None:  # (named before the card it asks for)
        winner = check_seat(winner, n, what="winner", error=RulesError)
        check_playing(winner, dealer, rules.deal_sizes(n), "winner", "chuanpai.md §2.1")
    turned = cut_card_arg(card, winner, Card, "chuanpai")
    if winner is None or turned is None:
        return dealer
    cutter = (winner + 2) % n
    return (cutter + max(turned.points, 1) - 1) % n


class Match(WithCuts[Card], MatchBase[Game, Rules]):
    """Hands of the 擠兒 game played in a row (chuanpai.md §2.1, §2.2.5, §2.6): the first dealer
    by :func:`draw_dealer` (unless ``dealer`` is given; its turned cards are
    :attr:`first_turns`), each next dealer by :func:`next_dealer` from a card drawn with the
    match's random numbers and turned by the winner's second-next seat (the cuts are listed in
    :attr:`cuts`), and the running totals of the payments. ``players`` is the number of seats
    (default ``rules.players``).

    >>> m = Match(YAODIREN, 4, dealer=0)
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
        chosen = YAODIREN if rules is None else rules
        self._players = _players(chosen, players) if isinstance(chosen, Rules) else 0
        #: The cards turned to choose the first dealer (empty when ``dealer`` was given).
        self.first_turns: tuple[tuple[int, Card], ...] = ()
        self._cuts: list[tuple[int, Card]] = []
        super().__init__(rules, seed, dealer=dealer)

    def _seat_count(self) -> int:
        return self._players

    def _first_dealer(self) -> int:
        dealer, self.first_turns = draw_dealer(
            self.rules, self._rng.getrandbits(32), players=self.players
        )
        return dealer

    def _game_options(self) -> dict[str, Any]:
        return {} if self.players == self.rules.players else {"players": self.players}

    _option_names = ("players",)

    def _options(self) -> dict[str, Any]:
        return self._game_options()  # (the number of players, the one option of both)

    def _next_dealer(self, game: Game) -> int:
        winner = None if game.result is None else game.result.winner
        if winner is None:
            return next_dealer(self.rules, self.dealer, None, players=self.players)
        card = self._rng.choice(self.rules.cards())
        self._cuts.append(((winner + 2) % self.players, card))
        return next_dealer(self.rules, self.dealer, winner, card=card, players=self.players)

    def to_dict(self) -> dict[str, Any]:
        """The summary of :class:`~changpai.core.match.Match` with the first dealer's turned
        cards and the cuts.

        >>> sorted(Match(YAODIREN, 1).play(1).to_dict())
        ['cuts', 'dealer', 'family', 'first_turns', 'hands', 'rules', 'seed', 'totals']
        """
        out = super().to_dict()
        out["first_turns"] = [[s, c.code] for s, c in self.first_turns]
        out["cuts"] = [[s, c.code] for s, c in self._cuts]
        return out
