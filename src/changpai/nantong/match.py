"""Around the 犢子胡 engine: hands played in a row (:class:`Match`), random hands
(:func:`random_game`, :func:`simulate`) and the printed account of a hand (:func:`transcript`) —
the same names and signatures in every family (docs: Core concepts).

>>> match = Match(DUZIHU, seed=3, dealer=0).play(2)
>>> [h.dealer for h in match.hands], sum(match.totals.values())
([0, 1], 0)
>>> stats = simulate(DUZIHU, 2, seed=1)
>>> stats.hands, stats.value_name, stats.no_winner_label in ("荒牌", "no winner")
(2, '胡數', True)
"""

from __future__ import annotations

from collections.abc import Callable

from changpai.core import match as core_match
from changpai.core import playout
from changpai.core.guard import instance_arg
from changpai.core.playout import Backend, SimulationStats
from changpai.nantong.game import Game
from changpai.nantong.rules import DUZIHU, Rules

__all__ = ["Match", "random_game", "simulate", "transcript"]


def transcript(game: Game) -> str:
    """The numbered account of a hand printed by ``changpai play``
    (:func:`changpai.core.playout.transcript`); anything but a :class:`Game` is a
    :class:`~changpai.errors.NotationError`.

    >>> transcript(random_game(DUZIHU, 4)).splitlines()[0]
    '笃子胡 (duzihu) — seed 4, dealer seat 0'
    """
    return playout.transcript(instance_arg(game, Game, "game"))


class Match(core_match.Match[Game, Rules]):
    """Hands of 犢子胡 in a row: four seated, the dealer rotating to his 下家 after every hand
    (nantong.md §2), the settlements of §7.2 added into running :attr:`totals`.

    ``Match(rules=DUZIHU, seed=None, *, dealer=None)``: without ``dealer`` the first dealer is
    drawn by lot from ``seed`` (nantong.md §2 "first dealer by lot").

    >>> match = Match(seed=5, dealer=2)
    >>> game = match.new_hand()
    >>> game.dealer, game.sitting_out, match
    (2, 1, <nantong.Match duzihu hands=1 dealer=2>)
    """

    game_class = Game


def random_game(rules: Rules | None = DUZIHU, seed: int | None = None, *, dealer: int = 0) -> Game:
    """One hand played by players who choose uniformly among their legal actions; the same
    ``seed`` gives the same hand.

    >>> game = random_game(DUZIHU, 4)
    >>> game.is_over, game == random_game(DUZIHU, 4)
    (True, True)
    """
    return playout.random_game(Game, rules, seed, dealer=dealer)


def simulate(
    rules: Rules | None = DUZIHU,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """Statistics of ``n`` random hands (:func:`changpai.core.simulate` on :class:`Game`):
    wins by seat, 荒牌, the mean 胡數 of a win.

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> simulate(DUZIHU, 3, seed=2).hands
    3
    """
    return playout.simulate(
        Game, n, rules=rules, seed=seed, progress=progress, jobs=jobs, backend=backend
    )
