"""Engine-independent tools for game engines: random playouts, perft counts and simulations.

Every family's ``Game`` follows one protocol (DESIGN.md): ``to_act``, ``legal_actions(seat)``,
``apply(action)``, ``is_over``, ``copy()``, ``log`` and ``result`` (with ``winner`` and ``sheet``).
The functions here use nothing else, so they serve every family.

>>> from changpai import zipai
>>> game = random_playout(zipai.Game(seed=4), random.Random(4))
>>> game.is_over
True
>>> stats = simulate(zipai.Game, 3, seed=1)
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

__all__ = [
    "Engine",
    "SimulationStats",
    "perft",
    "random_game",
    "random_playout",
    "simulate",
    "transcript",
]


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


def _kind(entry: Any) -> tuple[str, str]:
    action = getattr(entry, "action", entry)
    kind = getattr(action, "kind", type(action).__name__)
    if isinstance(kind, enum.Enum):
        return str(kind.value), str(getattr(kind, "hanzi", kind.value))
    return str(kind), str(kind)


@frozen
class SimulationStats:
    """Statistics of many random hands, the same fields for every family: wins by seat, hands
    without a winner, the mean value (胡息 / 胡數 / 胡) and score-sheet total of a win, and how
    often each kind of log entry occurred (by code name; ``kind_labels`` gives their hanzi).

    >>> stats = SimulationStats("demo", 2, (1, 0), 1, 18, 30, {"discard": 5}, 0.5)
    >>> stats.mean_value, stats.mean_score, stats.no_winner_rate
    (18.0, 30.0, 0.5)
    """

    name: str
    hands: int
    wins_by_seat: tuple[int, ...]
    no_winner: int
    total_value: int
    total_score: int
    action_counts: dict[str, int]
    seconds: float
    value_name: str = "value"
    """What the family calls the value of a winning hand (``"胡息"``, ``"胡數"``, ``"胡"``)."""
    no_winner_label: str = "no winner"
    """What the family calls a hand without a winner (字牌 荒莊, 南通 荒牌)."""
    kind_labels: dict[str, str] = field(factory=dict)
    """The hanzi of each action kind counted in ``action_counts``."""

    @property
    def wins(self) -> int:
        """Hands won by somebody."""
        return sum(self.wins_by_seat)

    @property
    def no_winner_rate(self) -> float:
        """Share of hands without a winner."""
        return self.no_winner / self.hands if self.hands else 0.0

    @property
    def mean_value(self) -> float:
        """Mean value (胡息 / 胡數 / 胡) of the won hands (0 when nobody won)."""
        return self.total_value / self.wins if self.wins else 0.0

    @property
    def mean_score(self) -> float:
        """Mean score-sheet total of the won hands (0 when nobody won)."""
        return self.total_score / self.wins if self.wins else 0.0

    @property
    def hands_per_second(self) -> float:
        """Simulation speed."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> sorted(SimulationStats("demo", 0, (), 0, 0, 0, {}, 0.0).to_dict())[:3]
        ['action_counts', 'hands', 'hands_per_second']
        """
        return {
            "name": self.name,
            "hands": self.hands,
            "wins_by_seat": list(self.wins_by_seat),
            "no_winner": self.no_winner,
            "no_winner_label": self.no_winner_label,
            "no_winner_rate": self.no_winner_rate,
            "value_name": self.value_name,
            "mean_value": self.mean_value,
            "mean_score": self.mean_score,
            "action_counts": dict(sorted(self.action_counts.items())),
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }

    def __str__(self) -> str:
        lines = [f"{self.hands} random hands of {self.name}"]
        for seat, wins in enumerate(self.wins_by_seat):
            share = wins / self.hands if self.hands else 0.0
            lines.append(f"  seat {seat} wins: {wins} ({share:.1%})")
        lines.append(f"  {self.no_winner_label}: {self.no_winner} ({self.no_winner_rate:.1%})")
        lines.append(f"  mean {self.value_name} of a win: {self.mean_value:.2f}")
        lines.append(f"  mean score of a win: {self.mean_score:.2f}")
        counts = ", ".join(
            f"{self.kind_labels.get(k, k)} ({k}) {v}" for k, v in sorted(self.action_counts.items())
        )
        lines.append(f"  actions: {counts}")
        lines.append(f"  {self.hands_per_second:.0f} hands/s")
        return "\n".join(lines)


def _factory(game: Any, rules: Any) -> Callable[[int], Engine]:
    if isinstance(game, type):
        cls: Any = game
        chosen = cls.default_rules if rules is None else rules
        return lambda seed: cls(chosen, seed)
    if rules is not None:
        raise ChangpaiError("rules= goes with a Game class, not with a function making games")
    return game  # type: ignore[no-any-return]


def simulate(
    game: Any,
    n: int = 1000,
    *,
    rules: Any = None,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    observe: Callable[[Any], None] | None = None,
    name: str = "",
) -> SimulationStats:
    """Play ``n`` random hands and collect statistics: the one simulation of every family.

    ``game`` is a family's ``Game`` class (dealt with ``rules``, default its default preset)
    or a function making a game from a seed. Hand ``i`` is dealt and played with the ``i``-th
    64-bit number of ``random.Random(seed)`` as both its game seed and its chooser's seed, so
    the same seed gives the same statistics. ``progress(done, n)`` is called after every hand
    and ``observe(game)`` with every finished game (for a family's own figures).

    >>> from changpai import nantong, zipai
    >>> stats = simulate(zipai.Game, 3, rules=zipai.HUNAN, seed=1)
    >>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner, stats.value_name
    (3, 3, '胡息')
    >>> simulate(nantong.Game, -1)
    Traceback (most recent call last):
    ...
    changpai.errors.ChangpaiError: n=-1: the number of hands must be a whole number >= 0
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ChangpaiError(f"n={n!r}: the number of hands must be a whole number >= 0")
    new_game = _factory(game, rules)
    master = random.Random(seed)
    wins: Counter[int] = Counter()
    no_winner = total_value = total_score = 0
    counts: Counter[str] = Counter()
    labels: dict[str, str] = {}
    seats = 0
    value_name = str(getattr(game, "value_name", "value"))
    no_winner_label = "no winner"
    start = time.perf_counter()
    for done in range(1, n + 1):
        game_seed = master.getrandbits(64)
        played = random_playout(new_game(game_seed), random.Random(game_seed))
        seats = max(seats, len(getattr(played, "seats", ())))
        value_name = str(getattr(played, "value_name", value_name))
        result = played.result
        if result is None or result.winner is None:
            no_winner += 1
            label = "" if result is None else str(getattr(result, "label", ""))
            if label:
                no_winner_label = label
        else:
            wins[result.winner] += 1
            total_value += getattr(result, "value", 0)
            if result.sheet is not None:
                total_score += result.sheet.total
        for entry in played.log:
            code, hanzi = _kind(entry)
            counts[code] += 1
            labels[code] = hanzi
        if observe is not None:
            observe(played)
        if progress is not None:
            progress(done, n)
    seconds = time.perf_counter() - start
    size = max([seats, *(seat + 1 for seat in wins)])
    rules_name = name or str(getattr(getattr(played, "rules", None), "name", "")) if n else name
    return SimulationStats(
        rules_name,
        n,
        tuple(wins[seat] for seat in range(size)),
        no_winner,
        total_value,
        total_score,
        dict(counts),
        seconds,
        value_name,
        no_winner_label,
        labels,
    )


def random_game(
    game: type[_E], rules: Any = None, seed: int | None = None, *, dealer: int = 0
) -> _E:
    """A whole hand of ``game`` (a family's ``Game`` class) played by players who pick
    uniformly among their legal actions; the deck is shuffled with ``seed`` and the choices use
    ``random.Random(seed)`` too, so the same seed gives the same hand.

    >>> from changpai import chuanpai
    >>> random_game(chuanpai.Game, seed=5) == random_game(chuanpai.Game, seed=5)
    True
    """
    chosen = game.default_rules if rules is None else rules  # type: ignore[attr-defined]
    made = game(chosen, seed, dealer=dealer)  # type: ignore[call-arg]
    return random_playout(made, random.Random(seed))


def transcript(game: Any) -> str:
    """A readable account of a hand in the one style of every family: a title line, each
    playing seat's cards after the deal, then every log record numbered, with the hanzi term
    and its code name (``·`` marks a record the engine applied by itself), then the result.

    >>> from changpai import zipai
    >>> text = transcript(random_game(zipai.Game, seed=2))
    >>> text.splitlines()[0]
    '跑胡子 (hunan) — seed 2, dealer seat 0'
    >>> "   1. · seat 0 發牌 (deal)" in text
    True
    """
    rules = game.rules
    lines = [
        f"{getattr(rules, 'title', rules.name)} ({rules.name}) — seed {game.seed}, "
        f"dealer seat {game.dealer}"
    ]
    fresh = type(game)(rules, game.seed, deck=game.deck, dealer=game.dealer, **game.options)
    for seat in fresh.seats:
        role = " (莊)" if seat == game.dealer else ""
        cards = " ".join(str(c) for c in fresh.hand(seat))
        melds = "  ".join(str(m) for m in fresh.melds(seat))
        lines.append(f"  seat {seat}{role}: {cards}{'  | ' + melds if melds else ''}")
    for number, record in enumerate(game.log, 1):
        action = record.action
        kind = action.kind
        details = getattr(action, "details", "")
        text = f"seat {action.seat} {kind.hanzi} ({kind.value}){' ' + details if details else ''}"
        if getattr(record, "draws", ()):
            text += "  (draws: " + ", ".join(f"seat {s} {c}" for s, c in record.draws) + ")"
        if getattr(record, "note", ""):
            text += f"  — {record.note}"
        lines.append(f"{number:4d}. {'·' if record.auto else ' '} {text}")
    if game.result is not None:
        lines.extend(str(game.result).splitlines())
    return "\n".join(lines)
