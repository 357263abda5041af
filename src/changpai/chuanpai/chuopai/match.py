"""Around the 戳牌 engine, with the signatures of every family: :class:`Match` (hands in a row,
the deal rotating, 佔莊), :func:`simulate`, :func:`random_game` and :func:`transcript`.

>>> match = Match(CHUOPAI, seed=2, dealer=0).play(3)
>>> len(match.hands), sum(match.totals.values())
(3, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from changpai.chuanpai.chuopai.game import Game
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.core import playout
from changpai.core.guard import flag_arg, instance_arg
from changpai.core.match import Match as MatchBase
from changpai.core.match import match_option
from changpai.core.playout import Backend, SimulationStats

__all__ = ["Match", "random_game", "simulate", "transcript"]


class Match(MatchBase[Game, Rules]):
    """戳牌 hands in a row (three seats); the next dealer follows :func:`next_dealer`.
    ``strict=False`` deals every hand lenient, as :class:`Game` takes it: a seat may then play
    a move the rules forbid and be fined (罰牌, chuanpai.md §3.4).

    >>> match = Match(seed=1, dealer=0).play(4)
    >>> [h.dealer for h in match.hands][0], sum(match.settle().values())
    (0, 0)
    """

    game_class = Game
    _option_names = ("strict",)
    strict: bool = match_option(
        "strict",
        """Whether the hands refuse a move the rules forbid (False: they fine it, 罰牌) —
        fixed for the match: its document deals every hand with it.

        >>> Match(seed=1, strict=False).strict
        False
        """,
    )

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        strict: bool = True,
    ) -> None:
        self._strict = flag_arg(strict, "strict")
        super().__init__(rules, seed, dealer=dealer)

    def _game_options(self) -> dict[str, Any]:
        return {} if self.strict else {"strict": False}

    def _options(self) -> dict[str, Any]:
        return self._game_options()  # (strict=False, the one option of both)


def simulate(
    rules: Rules | None = CHUOPAI,
    n: int = 1000,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """Statistics of ``n`` hands played by random players (:func:`changpai.core.simulate`).

    ``jobs`` / ``backend`` spread the hands over processes or a Ray cluster as
    :func:`changpai.core.playout.simulate` does; the statistics are the same.

    >>> stats = simulate(CHUOPAI, 5, seed=1)
    >>> stats.hands, stats.value_name
    (5, '張')
    """
    return playout.simulate(
        Game, n, rules=rules, seed=seed, progress=progress, jobs=jobs, backend=backend
    )


def random_game(rules: Rules | None = CHUOPAI, seed: int | None = None, *, dealer: int = 0) -> Game:
    """One hand played by random players; the same seed gives the same hand.

    >>> random_game(CHUOPAI, 3) == random_game(CHUOPAI, 3)
    True
    """
    return playout.random_game(Game, rules, seed, dealer=dealer)


def transcript(game: Game) -> str:
    """The numbered account of a hand (as ``changpai play`` prints it).

    >>> print(transcript(random_game(CHUOPAI, 3)).splitlines()[0])
    戳牌 (chuopai) — seed 3, dealer seat 0
    """
    return playout.transcript(instance_arg(game, Game, "game"))
