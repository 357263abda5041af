"""Around the 擠兒 engine: stacked decks (:func:`stack_deck`), random hands
(:func:`random_game`), simulations (:func:`simulate`), the transcript of a hand
(:func:`transcript`) and perft counts (:func:`perft`) — the shared tools of
:mod:`changpai.core.playout` with the 川牌 defaults.

>>> stats = simulate(YAODIREN, 3, seed=1)
>>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner, stats.value_name
(3, 3, '胡')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from changpai.chuanpai.cards import Card, parse
from changpai.chuanpai.game import Game
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.core import playout
from changpai.core.guard import clipped, instance_arg, int_arg, items_arg, rules_arg, seed_arg
from changpai.core.playout import Backend, SimulationStats
from changpai.core.turnclaim.stack import stack_order
from changpai.errors import NotationError

__all__ = ["perft", "random_game", "simulate", "stack_deck", "transcript"]


def _cards(value: str | Sequence[Card], rules: Rules, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse(value, deck=rules.deck)
    cards = items_arg(value, what, "chuanpai cards")
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{what} holds {clipped(card)}, which is not a chuanpai Card")
    return cards


def stack_deck(
    rules: Rules = YAODIREN,
    *,
    hands: Mapping[int, str | Sequence[Card]] | Sequence[str | Sequence[Card]] | None = None,
    stock: str | Sequence[Card] = "",
    dealer: int = 0,
    players: int | None = None,
    seed: int | None = None,
) -> tuple[Card, ...]:
    """A stacked deck for ``Game(rules, deck=..., dealer=dealer, players=players)``: each seat
    of ``hands`` (``{seat: cards}``; a sequence is read as seats 0, 1, …) is dealt the given
    cards, filled up to its deal size (chuanpai.md §2.1) with the rest of the deck in table
    order; then the stock starts with ``stock`` (the next cards drawn or turned) and goes on
    with the rest in table order — to replay a dispute or test one rule. With ``seed`` (a whole
    number) the rest of the deck is shuffled by ``random.Random(seed)`` before it fills the
    hands and the stock, the same deck for the same seed; the given cards keep their places.
    A ``seed`` other than a whole number or ``None``, like a bad ``dealer``, raises
    :class:`~changpai.errors.RulesError`.

    >>> deck = stack_deck(YAODIREN, hands={1: "66 44"}, stock="55")
    >>> game = Game(YAODIREN, deck=deck)
    >>> Card("66") in game.hand(1), Card("44") in game.hand(1), game.stock[0]
    (True, True, Card('55'))
    >>> seeded = Game(YAODIREN, deck=stack_deck(YAODIREN, hands={1: "66 44"}, stock="55", seed=9))
    >>> Card("66") in seeded.hand(1), Card("44") in seeded.hand(1), seeded.stock[0]
    (True, True, Card('55'))
    >>> seeded.deck != game.deck
    True
    >>> stack_deck(YAODIREN, hands=["66 66 66", "66 66 66"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the stacked cards hold 6 of 天牌 ('66'); deck105 has 5
    >>> stack_deck(YAODIREN, hands={3: "11 11 11 12 12 12"})
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seat 3 is dealt 5 cards in 幺地人 with 4 players; 6 given
    """
    rules_arg(rules, Rules, "chuanpai")
    n = rules.players if players is None else players
    sizes = rules.deal_sizes(n)
    dealer = int_arg(dealer, "dealer", low=0, high=len(sizes) - 1)
    seed_arg(seed)
    return stack_order(
        rules.cards(),
        sizes,
        hands=hands,
        stock=stock,
        dealer=dealer,
        read=lambda value, what: _cards(value, rules, what),
        name=lambda card: card.name,
        deck=rules.deck,
        title=rules.title,
        seed=seed,
    )


def random_game(
    rules: Rules | None = YAODIREN, seed: int | None = None, *, dealer: int = 0
) -> Game:
    """One hand played by players who choose uniformly among their legal actions (the deck and
    the choices both from ``seed``).

    >>> random_game(YAODIREN, 5) == random_game(YAODIREN, 5)
    True
    """
    return playout.random_game(Game, rules, seed, dealer=dealer)


def simulate(
    rules: Rules | None = YAODIREN,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """``n`` hands played by random players (:func:`changpai.core.playout.simulate`): wins by
    seat, hands without a winner (荒牌), the mean 胡 of a win, the kinds of log records.

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> stats = simulate(YAODIREN, 2, seed=3)
    >>> stats.hands, stats.no_winner_label in ("荒牌", "no winner")
    (2, True)
    """
    rules = YAODIREN if rules is None else rules_arg(rules, Rules, "chuanpai")
    return playout.simulate(
        Game, n, rules=rules, seed=seed, progress=progress, jobs=jobs, backend=backend
    )


def transcript(game: Game) -> str:
    """The numbered account of a hand (:func:`changpai.core.playout.transcript`).

    >>> print(transcript(random_game(YAODIREN, 2)).splitlines()[0])
    幺地人 (yaodiren) — seed 2, dealer seat 0
    """
    return playout.transcript(instance_arg(game, Game, "game"))


def perft(game: Game, depth: int) -> int:
    """The number of legal decision sequences of length ``depth`` from ``game`` (a finished game
    counts as one leaf), as chess engines count moves to check move generation
    (:func:`changpai.core.playout.perft`).

    >>> perft(Game(seed=1), 0), perft(Game(seed=1), 2)
    (1, 6)
    """
    instance_arg(game, Game, "game")
    return playout.perft(game, int_arg(depth, "depth", low=0))
