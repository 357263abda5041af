"""Random play of 跑胡子 hands: one readable hand, or statistics over many (for the CLI).

>>> game = random_game(HUNAN, seed=3)
>>> game.is_over
True
>>> print(transcript(game).splitlines()[0])
跑胡子 hunan — dealer seat 0
>>> stats = simulate(HUNAN, 5, seed=1)
>>> stats.hands, sum(stats.wins_by_seat) + stats.huangzhuang
(5, 5)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from attrs import frozen

from changpai.core import playout
from changpai.errors import RulesError
from changpai.zipai.cards import format
from changpai.zipai.game import ActionKind, Game
from changpai.zipai.rules import HUNAN, Rules

__all__ = ["SimulationStats", "random_game", "simulate", "transcript"]


def random_game(rules: Rules = HUNAN, seed: int | None = None, *, dealer: int = 0) -> Game:
    """A whole hand played by players who pick uniformly among their legal actions.

    The deck is shuffled with ``seed`` and the choices use ``random.Random(seed)`` too, so the
    same seed gives the same hand.

    >>> random_game(seed=11).to_json() == random_game(seed=11).to_json()
    True
    """
    return playout.random_playout(Game(rules, seed=seed, dealer=dealer), random.Random(seed))


def transcript(game: Game) -> str:
    """A readable account of a hand: the deal, every action and record, and the result.

    >>> text = transcript(random_game(seed=2))
    >>> "亮張" in text and ("荒莊" in text or "胡" in text)
    True
    """
    rules = game.rules
    title = "跑胡子" if rules.name == "hunan" else rules.name
    lines = [f"{title} {rules.name} — dealer seat {game.dealer}"]
    fresh = Game(rules, deck=game.deck, dealer=game.dealer)
    for seat in game.active_seats:
        role = " (莊)" if seat == game.dealer else ""
        cards = format(fresh.hand(seat))
        ti = " ".join(str(m) for m in fresh.melds(seat))
        lines.append(f"  seat {seat}{role}: {cards}{'  ' + ti if ti else ''}")
    for record in game.log:
        action = record.action
        if action.kind is ActionKind.DEAL:
            continue
        lines.append(f"  {'·' if record.auto else '>'} {action}")
    result = game.result
    if result is not None:
        lines.extend(str(result).splitlines())
    return "\n".join(lines)


@frozen
class SimulationStats:
    """Statistics of many random hands (:func:`simulate`).

    ``wins_by_seat[i]`` counts wins of seat ``i`` (seat 0 deals every hand), ``action_counts``
    counts log entries by :class:`~changpai.zipai.game.ActionKind` value.

    >>> stats = simulate(HUNAN, 2, seed=3)
    >>> stats.hands, stats.action_counts["liang"]
    (2, 2)
    """

    rules: str
    hands: int
    wins_by_seat: tuple[int, ...]
    huangzhuang: int
    tianhu: int
    total_huxi: int
    action_counts: dict[str, int]
    seconds: float

    @property
    def huangzhuang_rate(self) -> float:
        """Share of hands that ended in 荒莊."""
        return self.huangzhuang / self.hands if self.hands else 0.0

    @property
    def mean_huxi(self) -> float:
        """Mean 胡息 of the winning hands (0 when nobody won)."""
        wins = sum(self.wins_by_seat)
        return self.total_huxi / wins if wins else 0.0

    @property
    def hands_per_second(self) -> float:
        """Simulation speed."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> simulate(HUNAN, 2, seed=0).to_dict()["hands"]
        2
        """
        return {
            "rules": self.rules,
            "hands": self.hands,
            "wins_by_seat": list(self.wins_by_seat),
            "huangzhuang": self.huangzhuang,
            "huangzhuang_rate": self.huangzhuang_rate,
            "tianhu": self.tianhu,
            "mean_huxi": self.mean_huxi,
            "action_counts": dict(self.action_counts),
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }

    def __str__(self) -> str:
        lines = [f"{self.hands} random hands of {self.rules} (seat 0 deals)"]
        for seat, wins in enumerate(self.wins_by_seat):
            share = wins / self.hands if self.hands else 0.0
            lines.append(f"  seat {seat} wins: {wins} ({share:.1%})")
        lines.append(f"  荒莊: {self.huangzhuang} ({self.huangzhuang_rate:.1%})")
        lines.append(f"  天胡: {self.tianhu}")
        lines.append(f"  mean 胡息 of a win: {self.mean_huxi:.2f}")
        counts = ", ".join(
            f"{ActionKind(k).hanzi} {v}" for k, v in sorted(self.action_counts.items())
        )
        lines.append(f"  actions: {counts}")
        lines.append(f"  {self.hands_per_second:.0f} hands/s")
        return "\n".join(lines)


def simulate(
    rules: Rules = HUNAN,
    n: int = 1000,
    seed: int | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationStats:
    """Play ``n`` random hands (:func:`random_game`, seat 0 deals) and collect statistics.

    ``progress(done, n)`` is called after every hand when given. The hands are those of
    :func:`changpai.core.playout.simulate` with the same seed; this adds the 天胡 count and
    the 胡息 of the wins.

    >>> stats = simulate(HUNAN, 3, seed=5)
    >>> stats.hands, str(stats).splitlines()[0]
    (3, '3 random hands of hunan (seat 0 deals)')
    """
    if not isinstance(n, int) or n < 0:
        raise RulesError(f"n={n!r}: the number of hands must be a whole number >= 0")
    tianhu = total = 0

    def observe(game: Game) -> None:
        nonlocal tianhu, total
        result = game.result
        if result is not None and result.win is not None:
            total += result.huxi
            tianhu += result.win.tianhu

    stats = playout.simulate(
        lambda game_seed: Game(rules, seed=game_seed),
        n,
        seed=seed,
        seats=rules.seats,
        name=rules.name,
        progress=progress,
        observe=observe,
    )
    return SimulationStats(
        rules.name,
        n,
        stats.wins_by_seat,
        stats.no_winner,
        tianhu,
        total,
        stats.action_counts,
        stats.seconds,
    )
