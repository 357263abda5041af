"""Engine-independent tools for game engines: random playouts, perft counts and simulations.

Every family's ``Game`` follows one protocol (DESIGN.md): ``to_act``, ``legal_actions(seat)``,
``apply(action)``, ``is_over``, ``copy()``, ``log`` and ``result`` (with ``winner`` and ``sheet``).
The functions here use nothing else, so they serve every family.

>>> from changpai import zipai
>>> game = random_playout(zipai.Game(seed=4), random.Random(4))
>>> game.is_over
True
>>> stats = simulate(lambda seed: zipai.Game(seed=seed), 3, seed=1, seats=3)
>>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner
(3, 3)
"""

from __future__ import annotations

import enum
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from attrs import field, frozen

from changpai.errors import ChangpaiError

__all__ = ["Engine", "SimulationStats", "perft", "random_playout", "simulate"]


class Engine(Protocol):
    """What a game engine offers (pokerkit-style verify / can / apply; DESIGN.md)."""

    @property
    def to_act(self) -> Sequence[int]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def log(self) -> Sequence[Any]: ...

    @property
    def result(self) -> Any: ...

    def legal_actions(self, seat: int) -> Sequence[Any]: ...

    def apply(self, action: Any) -> Any: ...

    def copy(self) -> Any: ...


_E = TypeVar("_E", bound=Engine)


def random_playout(game: _E, rng: random.Random, *, limit: int = 100_000) -> _E:
    """Play ``game`` to its end, each seat choosing uniformly among its legal actions.

    The first seat of ``to_act`` decides first. Raises :class:`~changpai.errors.ChangpaiError`
    if a seat to act has no legal action or the game does not end within ``limit`` decisions
    (both would be engine bugs). Returns the same ``game`` object, now over.

    >>> from changpai import chuanpai
    >>> random_playout(chuanpai.Game(seed=2), random.Random(2)).is_over
    True
    """
    for _ in range(limit):
        if game.is_over:
            return game
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        if not actions:
            raise ChangpaiError(f"seat {seat} must act but has no legal action")
        game.apply(rng.choice(actions))
    if game.is_over:
        return game
    raise ChangpaiError(f"the game did not end within {limit} decisions")


def perft(game: Engine, depth: int) -> int:
    """The number of distinct legal decision sequences of length ``depth`` from ``game``
    (a sequence that ends the game early counts once), as python-chess counts moves.

    >>> from changpai import zipai
    >>> perft(zipai.Game(seed=1), 0)
    1
    """
    if depth == 0 or game.is_over:
        return 1
    total = 0
    seat = game.to_act[0]
    for action in game.legal_actions(seat):
        child = game.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def _kind_name(entry: Any) -> str:
    action = getattr(entry, "action", entry)
    kind = getattr(action, "kind", type(action).__name__)
    return str(kind.value) if isinstance(kind, enum.Enum) else str(kind)


@frozen
class SimulationStats:
    """Statistics of many random hands: wins by seat, hands without a winner, mean score of a
    win (the score sheet's total), the mean of every numeric fact of the winning score sheets
    (``huxi`` for 字牌, …) and how often each kind of log entry occurred.

    >>> SimulationStats("demo", 2, (1, 0), 1, 30, {"discard": 5}, 0.5).mean_score
    30.0
    """

    name: str
    hands: int
    wins_by_seat: tuple[int, ...]
    no_winner: int
    total_score: int
    action_counts: dict[str, int]
    seconds: float
    fact_totals: dict[str, float] = field(factory=dict)
    no_winner_label: str = "no winner"
    """What the family calls a hand without a winner (字牌 荒莊, 南通 荒牌), for ``str()``."""

    @property
    def mean_facts(self) -> dict[str, float]:
        """The mean of each numeric score-sheet fact over the won hands.

        >>> SimulationStats("d", 2, (2,), 0, 40, {}, 1.0, {"huxi": 36}).mean_facts
        {'huxi': 18.0}
        """
        wins = sum(self.wins_by_seat)
        return {key: value / wins for key, value in sorted(self.fact_totals.items())} if wins else {}

    @property
    def no_winner_rate(self) -> float:
        """Share of hands without a winner (荒莊 / 荒牌)."""
        return self.no_winner / self.hands if self.hands else 0.0

    @property
    def mean_score(self) -> float:
        """Mean score-sheet total of the won hands (0 when nobody won)."""
        wins = sum(self.wins_by_seat)
        return self.total_score / wins if wins else 0.0

    @property
    def hands_per_second(self) -> float:
        """Simulation speed."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> SimulationStats("demo", 0, (), 0, 0, {}, 0.0).to_dict()["hands"]
        0
        """
        return {
            "name": self.name,
            "hands": self.hands,
            "wins_by_seat": list(self.wins_by_seat),
            "no_winner": self.no_winner,
            "no_winner_rate": self.no_winner_rate,
            "mean_score": self.mean_score,
            "mean_facts": self.mean_facts,
            "action_counts": dict(sorted(self.action_counts.items())),
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }

    def __str__(self) -> str:
        lines = [f"{self.hands} random hands of {self.name}"]
        for seat, wins in enumerate(self.wins_by_seat):
            share = wins / self.hands if self.hands else 0.0
            lines.append(f"  seat {seat} wins: {wins} ({share:.1%})")
        label = self.no_winner_label
        lines.append(f"  {label}: {self.no_winner} ({self.no_winner_rate:.1%})")
        lines.append(f"  mean score of a win: {self.mean_score:.2f}")
        lines.extend(f"  mean {key} of a win: {value:.2f}" for key, value in self.mean_facts.items())
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.action_counts.items()))
        lines.append(f"  actions: {counts}")
        lines.append(f"  {self.hands_per_second:.0f} hands/s")
        return "\n".join(lines)


def simulate(
    new_game: Callable[[int], Engine],
    hands: int,
    *,
    seed: int | None = None,
    seats: int = 0,
    name: str = "",
    progress: Callable[[int, int], None] | None = None,
    observe: Callable[[Any], None] | None = None,
    facts: Sequence[str] | None = None,
    no_winner_label: str = "no winner",
) -> SimulationStats:
    """Play ``hands`` random hands, ``new_game(seed)`` making each, and collect statistics.

    Hand ``i`` is dealt and played with the ``i``-th 64-bit number of ``random.Random(seed)``
    as both its game seed and its chooser's seed. ``seats`` sizes ``wins_by_seat`` (it grows
    to the highest winning seat in any case); ``progress(done, hands)`` is called after every
    hand when given, and ``observe(game)`` with every finished game (for a family's own
    figures, such as 天胡 counts). ``facts`` names the numeric score-sheet facts to average over
    the wins (``None``: every numeric fact); ``no_winner_label`` names a hand without a winner in
    the printed statistics (e.g. ``"荒莊"``).

    >>> from changpai import nantong
    >>> simulate(lambda s: nantong.Game(seed=s), 2, seed=0, seats=4).hands
    2
    >>> simulate(lambda s: nantong.Game(seed=s), -1, seats=4)
    Traceback (most recent call last):
    ...
    changpai.errors.ChangpaiError: hands=-1: the number of hands must be a whole number >= 0
    """
    if not isinstance(hands, int) or hands < 0:
        raise ChangpaiError(f"hands={hands!r}: the number of hands must be a whole number >= 0")
    master = random.Random(seed)
    wins: Counter[int] = Counter()
    no_winner = total = 0
    counts: Counter[str] = Counter()
    fact_sums: Counter[str] = Counter()
    start = time.perf_counter()
    for done in range(1, hands + 1):
        game_seed = master.getrandbits(64)
        game = random_playout(new_game(game_seed), random.Random(game_seed))
        result = game.result
        if result is None or result.winner is None:
            no_winner += 1
        else:
            wins[result.winner] += 1
            if result.sheet is not None:
                total += result.sheet.total
                fact_sums.update(
                    {
                        key: value
                        for key, value in result.sheet.facts
                        if isinstance(value, (int, float))
                        and not isinstance(value, bool)
                        and (facts is None or key in facts)
                    }
                )
        counts.update(_kind_name(entry) for entry in game.log)
        if observe is not None:
            observe(game)
        if progress is not None:
            progress(done, hands)
    seconds = time.perf_counter() - start
    size = max([seats, *(seat + 1 for seat in wins)])
    by_seat = tuple(wins[seat] for seat in range(size))
    return SimulationStats(
        name,
        hands,
        by_seat,
        no_winner,
        total,
        dict(counts),
        seconds,
        dict(fact_sums),
        no_winner_label,
    )
