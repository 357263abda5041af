"""Random play of 字牌 hands: one readable hand, or statistics over many (the one
:mod:`changpai.core.playout` of every family, with the 字牌 defaults).

>>> game = random_game(HUNAN, 3)
>>> game.is_over
True
>>> print(transcript(game).splitlines()[0])
跑胡子 (hunan) — seed 3, dealer seat 0
>>> stats = simulate(HUNAN, 5, seed=1)
>>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner, stats.value_name, stats.no_winner_label
(5, 5, '胡息', '荒莊')
"""

from __future__ import annotations

from collections.abc import Callable

from changpai.core import playout
from changpai.core.guard import instance_arg
from changpai.core.playout import Backend, SimulationStats
from changpai.zipai.game import Game
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["random_game", "simulate", "transcript"]


def random_game(rules: Rules | None = HUNAN, seed: int | None = None, *, dealer: int = 0) -> Game:
    """A whole hand played by players who pick uniformly among their legal actions
    (:func:`changpai.core.playout.random_game`).

    The deck is shuffled with ``seed`` and the choices use ``random.Random(seed)`` too, so the
    same seed gives the same hand.

    >>> random_game(seed=11) == random_game(seed=11)
    True
    """
    return playout.random_game(Game, rules, seed, dealer=dealer)


def transcript(game: Game) -> str:
    """The numbered account of a hand printed by ``changpai play``
    (:func:`changpai.core.playout.transcript`): the deal, every record, the result.

    >>> text = transcript(random_game(seed=2))
    >>> "亮張 (liang)" in text and ("荒莊" in text or "胡" in text)
    True
    """
    return playout.transcript(instance_arg(game, Game, "game"))


def simulate(
    rules: Rules | None = HUNAN,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """Play ``n`` random hands (seat 0 deals) and collect statistics
    (:func:`changpai.core.playout.simulate` of :class:`~changpai.zipai.game.Game`).

    ``progress(done, n)`` is called after every hand when given.

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> stats = simulate(HUNAN, 3, seed=5)
    >>> stats.hands, stats.action_counts["liang"]
    (3, 3)
    """
    return playout.simulate(
        Game, n, rules=rules, seed=seed, progress=progress, jobs=jobs, backend=backend
    )
