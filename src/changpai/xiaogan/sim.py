"""Around the 孝感 engine: stacked decks (:func:`stack_deck`), random hands (:func:`random_game`),
simulations (:func:`simulate`), the transcript of a hand (:func:`transcript`) and perft counts
(:func:`perft`) — the shared tools of :mod:`changpai.core.playout` with the 孝感 defaults.

>>> stats = simulate(XIAOGAN, 3, seed=1)
>>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner, stats.value_name
(3, 3, '張')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from changpai.core import playout
from changpai.core.guard import clipped, instance_arg, int_arg, items_arg, rules_arg, seed_arg
from changpai.core.playout import Backend, SimulationStats
from changpai.core.turnclaim.stack import stack_order
from changpai.errors import NotationError
from changpai.xiaogan.cards import Card, parse
from changpai.xiaogan.game import Game
from changpai.xiaogan.rules import XIAOGAN, Rules

__all__ = ["perft", "random_game", "simulate", "stack_deck", "transcript"]


def _cards(value: str | Sequence[Card], what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse(value)
    cards = items_arg(value, what, "xiaogan cards")
    for card in cards:
        if type(card) is not Card:
            raise NotationError(f"{what} holds {clipped(card)}, which is not a xiaogan Card")
    return cards


def stack_deck(
    rules: Rules = XIAOGAN,
    *,
    hands: Mapping[int, str | Sequence[Card]] | Sequence[str | Sequence[Card]] | None = None,
    stock: str | Sequence[Card] = "",
    dealer: int = 0,
    players: int | None = None,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A stacked deck for ``Game(rules, deck=..., dealer=dealer, players=players)``: each seat
    of ``hands`` (``{seat: cards}``; a sequence is read as seats 0, 1, …) is dealt the given
    cards, filled up to its deal size (xiaogan.md §2) with the rest of the deck in deck order;
    then the stock starts with ``stock`` (the next cards drawn as 偷, turned or drawn by a
    small seat) and goes on with the rest in deck order. With ``seed`` (a whole number) the rest
    of the deck is shuffled by ``random.Random(seed)`` before it fills the hands and the stock,
    the same deck for the same seed; the given cards keep their places. A ``seed`` other than
    a whole number or ``None``, like a bad ``dealer``, raises
    :class:`~changpai.errors.RulesError`.

    >>> deck = stack_deck(XIAOGAN, hands={1: "上大人"}, stock="混江")
    >>> game = Game(XIAOGAN, deck=deck)
    >>> Card("上") in game.hand(1), game.stock[0]
    (True, Card('HJ'))
    >>> seeded = Game(XIAOGAN, deck=stack_deck(XIAOGAN, hands={1: "上大人"}, stock="混江", seed=9))
    >>> Card("上") in seeded.hand(1), seeded.stock[0], seeded.deck != game.deck
    (True, Card('HJ'), True)
    >>> stack_deck(XIAOGAN, hands=["上上上", "上上上"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the stacked cards hold 6 of 上 ('A1'); the deck has 5
    >>> stack_deck(XIAOGAN, hands={1: "上大人邱乙己化三千七十士爾小生八九子"})
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seat 1 is dealt 15 cards in 孝感長牌 with 4 players; 18 given
    """
    rules_arg(rules, Rules, "xiaogan")
    n = rules.players if players is None else players
    sizes = rules.deal_sizes(n)
    dealer = int_arg(dealer, "dealer", low=0, high=n - 1)
    seed_arg(seed)
    return stack_order(
        rules.cards(),
        sizes,
        hands=hands,
        stock=stock,
        dealer=dealer,
        read=_cards,
        name=lambda card: card.hanzi,
        deck="the deck",
        title=rules.title,
        seed=seed,
    )


def random_game(rules: Rules | None = XIAOGAN, seed: int | None = None, *, dealer: int = 0) -> Game:
    """One hand played by players who choose uniformly among their legal actions (the deck and
    the choices both from ``seed``).

    >>> random_game(XIAOGAN, 5) == random_game(XIAOGAN, 5)
    True
    """
    return playout.random_game(Game, rules, seed, dealer=dealer)


def simulate(
    rules: Rules | None = XIAOGAN,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """``n`` hands played by random players (:func:`changpai.core.playout.simulate`): wins by
    seat, hands without a winner (荒牌 or abandoned), the mean laid-out count of a win, the
    kinds of log records.

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> simulate(XIAOGAN, 2, seed=3).hands
    2
    """
    rules = XIAOGAN if rules is None else rules_arg(rules, Rules, "xiaogan")
    return playout.simulate(
        Game, n, rules=rules, seed=seed, progress=progress, jobs=jobs, backend=backend
    )


def transcript(game: Game) -> str:
    """The numbered account of a hand (:func:`changpai.core.playout.transcript`).

    >>> print(transcript(random_game(XIAOGAN, 2)).splitlines()[0])
    孝感長牌 (xiaogan) — seed 2, dealer seat 0
    """
    return playout.transcript(instance_arg(game, Game, "game"))


def perft(game: Game, depth: int) -> int:
    """The number of legal decision sequences of length ``depth`` from ``game`` (a finished game
    counts as one leaf), as chess engines count moves to check move generation.

    >>> perft(Game(seed=1), 0)
    1
    >>> perft(Game(seed=1), -1)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: depth=-1 is not an integer >= 0
    """
    instance_arg(game, Game, "game")
    return playout.perft(game, int_arg(depth, "depth", low=0))
