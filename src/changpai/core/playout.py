"""Engine-independent tools for game engines: random playouts, perft counts and simulations.

Every family's ``Game`` follows one protocol (docs: Core concepts): ``to_act``, ``legal_actions(seat)``,
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

import contextlib
import enum
import importlib
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Literal, Protocol, TypeVar

from attrs import field, frozen

from changpai.core import caches, render
from changpai.core.engine import GameBase
from changpai.core.guard import clipped, count_arg, seed_arg, shown, text_arg
from changpai.errors import ChangpaiError, NotationError, RulesError

__all__ = [
    "BACKENDS",
    "Backend",
    "Engine",
    "SimulationStats",
    "perft",
    "random_game",
    "random_playout",
    "simulate",
    "transcript",
]


class Engine(Protocol):
    """What a game engine offers (pokerkit-style verify / can / apply; docs: Core concepts)."""

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
            raise ChangpaiError(f"seat {clipped(seat)} must act but has no legal action")
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


# The names of the action kinds seen by ``_kind``, by the kind's id (each entry holds its kind,
# so the id stays its own; a simulation tallies every log entry, a few kinds again and again).
_KIND_NAMES: caches.BoundedDict[int, tuple[Any, tuple[str, str]]] = caches.BoundedDict(
    "core", "changpai.core.playout._KIND_NAMES", 1024
)


def _kind(entry: Any) -> tuple[str, str]:
    action = getattr(entry, "action", entry)
    kind = getattr(action, "kind", type(action).__name__)
    known = _KIND_NAMES.get(id(kind))
    if known is not None and known[0] is kind:
        return known[1]
    if isinstance(kind, enum.Enum):
        names = str(kind.value), str(getattr(kind, "hanzi", kind.value))
    else:
        names = str(kind), str(kind)
    _KIND_NAMES[id(kind)] = (kind, names)
    return names


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
    action_counts: dict[str, int] = field(hash=False)  # (dicts: out of the hash)
    seconds: float = field(eq=False)
    """Wall-clock time of the run (left out of ``==``: two runs of the same seed are equal)."""
    value_name: str = "value"
    """What the family calls the value of a winning hand (``"胡息"``, ``"胡數"``, ``"胡"``)."""
    no_winner_label: str = "no winner"
    """What the family calls a hand without a winner (字牌 荒莊, 南通 荒牌); a family with
    several such endings names those seen, the most frequent first (孝感 ``"荒牌 / 放棄"``, 戳牌
    ``"黃牌 / 脫手 / 流局"``)."""
    kind_labels: dict[str, str] = field(factory=dict, hash=False)
    """The hanzi of each action kind counted in ``action_counts``."""
    seats_played: tuple[int, ...] = ()
    """The seats that played a hand — with no hand, those of a dealt one (``wins_by_seat`` is
    indexed by seat number, so it may hold a seat that never plays, such as 字牌's 數信, or
    leave out a last one that sits out, such as 南通's dealer's 上家; ``simulate`` always deals
    from seat 0)."""
    decisions: int = 0
    """The decisions the players made, all hands together (``action_counts`` also counts the
    records the engine writes itself: deals, draws, turned cards …)."""

    @property
    def mean_decisions(self) -> float:
        """Decisions per hand: how long a hand is for its players.

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0, decisions=100).mean_decisions
        25.0
        """
        return self.decisions / self.hands if self.hands else 0.0

    @property
    def wins(self) -> int:
        """Hands won by somebody.

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0).wins
        3
        """
        return sum(self.wins_by_seat)

    @property
    def no_winner_rate(self) -> float:
        """Share of hands without a winner.

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0).no_winner_rate
        0.25
        """
        return self.no_winner / self.hands if self.hands else 0.0

    @property
    def mean_value(self) -> float:
        """Mean value (胡息 / 胡數 / 胡) of the won hands (0 when nobody won).

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0).mean_value
        15.0
        >>> SimulationStats("demo", 2, (0, 0, 0), 2, 0, 0, {}, 1.0).mean_value
        0.0
        """
        return self.total_value / self.wins if self.wins else 0.0

    @property
    def mean_score(self) -> float:
        """Mean score-sheet total of the won hands (0 when nobody won).

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0).mean_score
        30.0
        """
        return self.total_score / self.wins if self.wins else 0.0

    @property
    def hands_per_second(self) -> float:
        """Simulation speed.

        >>> SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0).hands_per_second
        2.0
        """
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> sorted(SimulationStats("demo", 0, (), 0, 0, 0, {}, 0.0).to_dict())[:3]
        ['action_counts', 'decisions', 'hands']
        """
        return {
            "schema": "changpai.simulation",
            "version": 2,
            "name": self.name,
            "hands": self.hands,
            "wins_by_seat": list(self.wins_by_seat),
            "seats_played": list(self.seats_played),
            "no_winner": self.no_winner,
            "no_winner_label": self.no_winner_label,
            "no_winner_rate": self.no_winner_rate,
            "value_name": self.value_name,
            "mean_value": self.mean_value,
            "mean_score": self.mean_score,
            "action_counts": dict(sorted(self.action_counts.items())),
            "decisions": self.decisions,
            "mean_decisions": self.mean_decisions,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }

    def _rows(self) -> list[tuple[str, str]]:
        """The lines of :meth:`__str__` (and rows of the notebook table) as (label, value),
        but the title and the speed."""
        rows = []
        for seat, wins in enumerate(self.wins_by_seat):
            if self.seats_played and seat not in self.seats_played:
                continue  # (a seat that never played: 字牌's 數信)
            share = wins / self.hands if self.hands else 0.0
            rows.append((f"seat {seat} wins", f"{wins} ({share:.1%})"))
        rows.append((self.no_winner_label, f"{self.no_winner} ({self.no_winner_rate:.1%})"))
        # (with no win there is no mean: printing 0.00 would read as a measured value)
        value = f"{self.mean_value:.2f}" if self.wins else "- (no win)"
        score = f"{self.mean_score:.2f}" if self.wins else "- (no win)"
        rows.append((f"mean {self.value_name} of a win", value))
        rows.append(("mean score of a win", score))
        counts = ", ".join(
            f"{self.kind_labels.get(k, k)} ({k}) {v}" for k, v in sorted(self.action_counts.items())
        )
        rows.append(("actions", counts or "none"))
        rows.append(("decisions per hand", f"{self.mean_decisions:.1f}"))
        return rows

    def _title(self) -> str:
        return f"{self.hands} random hands of {self.name}"

    def __str__(self) -> str:
        lines = [self._title(), *(f"  {label}: {value}" for label, value in self._rows())]
        lines.append(f"  {self.hands_per_second:.0f} hands/s")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The statistics as a notebook table: the lines of ``str(stats)``, one row each.

        >>> html = SimulationStats("demo", 4, (1, 2, 0), 1, 45, 90, {}, 2.0)._repr_html_()
        >>> html.startswith("<div><b>4 random hands of demo</b>"), "seat 1 wins" in html
        (True, True)
        """
        rows = [*self._rows(), ("speed", f"{self.hands_per_second:.0f} hands/s")]
        return render.fields(rows, title=self._title())


def _game_class(game: Any) -> Any:
    """``game`` if it is a family's ``Game`` class, else RulesError naming it."""
    if isinstance(game, type) and issubclass(game, GameBase):
        return game
    raise RulesError(
        f"{clipped(game)} is not a changpai Game class (such as changpai.zipai.Game or a variant's "
        "module.Game)"
    )


def _factory(game: Any, rules: Any) -> Callable[[int], Engine]:
    if isinstance(game, type):
        cls: Any = _game_class(game)
        chosen = cls.default_rules if rules is None else rules
        return lambda seed: cls(chosen, seed)
    if not callable(game):
        raise RulesError(
            f"{clipped(game)} is neither a changpai Game class nor a function making games"
        )
    if rules is not None:
        raise RulesError("rules= goes with a Game class, not with a function making games")

    def checked(seed: int) -> Engine:
        made = game(seed)
        if not isinstance(made, GameBase):
            raise NotationError(
                f"the function making games gave {clipped(made)} for seed {seed}, not a changpai "
                "game (such as a changpai.zipai.Game)"
            )
        return made

    return checked


class _Tally:
    """The running sums of a simulation; tallies of chunks played apart add up exactly."""

    def __init__(self) -> None:
        self.hands = self.no_winner = self.total_value = self.total_score = self.seats = 0
        self.decisions = 0
        self.seats_played: set[int] = set()
        self.wins: Counter[int] = Counter()
        self.counts: Counter[str] = Counter()
        self.labels: dict[str, str] = {}
        self.value_name = ""
        self.no_winner_labels: Counter[str] = Counter()
        self.name = ""

    def add(self, played: Any) -> None:
        self.hands += 1
        seats = getattr(played, "seats", ())
        self.seats = max(self.seats, len(seats))
        self.seats_played.update(seats)
        self.value_name = str(getattr(played, "value_name", self.value_name))
        self.name = self.name or str(getattr(getattr(played, "rules", None), "name", ""))
        result = played.result
        if result is None or result.winner is None:
            self.no_winner += 1
            label = "" if result is None else str(getattr(result, "label", ""))
            if label:
                self.no_winner_labels[label] += 1
        else:
            self.wins[result.winner] += 1
            self.total_value += getattr(result, "value", 0)
            if result.sheet is not None:
                self.total_score += result.sheet.total
        log = played.log
        self.decisions += sum(1 for record in log if not record.auto)
        names = list(map(_kind, log))
        self.counts.update([code for code, _hanzi in names])
        self.labels.update(names)

    def merge(self, other: _Tally) -> None:
        self.hands += other.hands
        self.no_winner += other.no_winner
        self.total_value += other.total_value
        self.total_score += other.total_score
        self.seats = max(self.seats, other.seats)
        self.seats_played.update(other.seats_played)
        self.decisions += other.decisions
        self.wins.update(other.wins)
        self.counts.update(other.counts)
        self.labels.update(other.labels)
        self.value_name = self.value_name or other.value_name
        self.no_winner_labels.update(other.no_winner_labels)
        self.name = self.name or other.name

    def no_winner_label(self) -> str:
        """The labels of the hands without a winner, the most frequent first (ties by name):
        the same whichever process played which hand."""
        ranked = sorted(self.no_winner_labels.items(), key=lambda item: (-item[1], item[0]))
        return " / ".join(label for label, _ in ranked) or "no winner"


def _play_chunk(game: Any, rules: Any, seeds: Sequence[int]) -> _Tally:
    """Play the hands of ``seeds`` in one process (the worker of ``simulate(jobs=...)``)."""
    new_game = _factory(game, rules)
    tally = _Tally()
    for game_seed in seeds:
        tally.add(random_playout(new_game(game_seed), random.Random(game_seed)))
    return tally


MOST_JOBS = max(64, 4 * (os.cpu_count() or 1))
"""The most processes (or local Ray CPUs) :func:`simulate` is asked for: 64, or four a core on
a machine of more than 16 (``jobs=100000`` forked thousands of processes)."""

Backend = Literal["processes", "ray"]
"""The type of :func:`simulate`'s ``backend=`` (a type checker refuses other words; at run
time they raise :class:`~changpai.errors.RulesError`)."""

BACKENDS: tuple[Backend, ...] = ("processes", "ray")
"""The ways :func:`simulate` can spread hands over workers (``backend=``)."""

_RAY_OBJECT_STORE = 100 * 1024 * 1024
"""The object store of a local Ray instance started by :func:`simulate` (Ray's minimum is 75 MiB;
a chunk's tally is a few hundred bytes, so the default of 30% of memory would only be wasted)."""


def _import_ray() -> Any:
    # Imported by name so that mypy and the core need no Ray: it is the optional ray extra.
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise ChangpaiError(
            'backend="ray" needs Ray, which is not installed: pip install "changpai[ray]" (or '
            'pip install -e ".[ray]" in a changpai checkout)'
        ) from error


@contextlib.contextmanager
def _ray_session(ray: Any, jobs: int) -> Iterator[int]:
    """Use the Ray connection this process already has, or connect to the cluster that
    ``RAY_ADDRESS`` names, or else start a small local instance (``jobs`` CPUs, ``0``: every
    core); yields the CPUs of the cluster (the work is split for them), closes what it opened."""
    opened = not ray.is_initialized()
    try:  # (init inside: a Ctrl-C while Ray starts left its agents running for a minute, h71)
        if opened and os.environ.get("RAY_ADDRESS"):
            ray.init(log_to_driver=False, logging_level=logging.WARNING)
        elif opened:
            ray.init(
                address="local",
                num_cpus=jobs or None,
                object_store_memory=_RAY_OBJECT_STORE,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        if opened:
            ray.shutdown()


# The most hands of one task of simulate(jobs=...): about a second of play, so the progress
# bar moves (at a million hands, 8 chunks a worker were 62,500 hands, a minute or two each).
_MOST_CHUNK = 500


# Chunks of simulate(jobs=...) in flight at once, per worker: enough to keep every worker busy
# while the parent merges in order, few enough that memory does not grow with n (the seeds
# and chunks of -n 10,000,000 were listed up front: 640 MB before the first hand; h70).
_IN_FLIGHT = 4


def _chunk_size(n: int, workers: int) -> int:
    # About 8 chunks a worker, of at most _MOST_CHUNK hands: small enough to balance uneven
    # hands and report progress, big enough to amortize the cost of sending a task. The split
    # does not change the statistics (sums add up, merged in order).
    return max(1, min(_MOST_CHUNK, -(-n // (workers * 8))))


def _chunks(seeds: Iterable[int], workers: int, n: int | None = None) -> Iterator[tuple[int, ...]]:
    """The ``n`` seeds (default: ``len(seeds)``) in chunks of :func:`_chunk_size`, drawn
    lazily from ``seeds`` as each chunk is wanted."""
    if n is None:
        n = len(seeds)  # type: ignore[arg-type]
    size = _chunk_size(n, workers)
    drawn = iter(seeds)
    for _ in range(0, n, size):
        chunk = tuple(islice(drawn, size))
        if not chunk:
            return
        yield chunk


def _usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the platform tells it, else every
    CPU of the machine): how many processes ``simulate(jobs=0)`` plays in.

    >>> 1 <= _usable_cpus() <= (os.cpu_count() or 1)
    True
    """
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    # (each worker: Ctrl-C reaches every process of the terminal; the parent alone stops the
    # pool, so no worker prints a traceback of its own)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _hold_interrupts() -> set[int | signal.Signals] | None:
    """Hold SIGINT back in this thread (where the platform can): the mask to restore."""
    if not hasattr(signal, "pthread_sigmask"):  # (Windows: no signal masks)
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _release_interrupts(held: set[int | signal.Signals] | None) -> None:
    """Restore the mask :func:`_hold_interrupts` returned: a Ctrl-C held back arrives now."""
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _merge_in_order(
    sent: Iterable[Any],
    result: Callable[[Any], _Tally],
    window: int,
    merge: Callable[[_Tally], None],
) -> None:
    """Send the chunks (``sent`` submits each as it is drawn) and merge their tallies in chunk
    order (the statistics' dicts keep the one-process order), at most ``window`` in flight."""
    flying: deque[Any] = deque()
    for task in sent:
        flying.append(task)
        if len(flying) >= window:
            merge(result(flying.popleft()))
    while flying:
        merge(result(flying.popleft()))


def _process_context() -> Any:
    """The ``multiprocessing`` context of :func:`simulate`'s processes. On Linux, while the
    program has not set up ``multiprocessing`` itself (no start method chosen or fixed by a
    first use) and runs no other thread, ``fork`` — Python's default there before 3.14, whose
    ``forkserver`` runs the calling script's top level again in every worker, so that a script
    calling ``simulate(jobs=2)`` without ``if __name__ == "__main__":`` would start workers
    without end. Otherwise Python's own (``forkserver`` on Linux from 3.14 — forking a process
    that runs threads may deadlock —, ``spawn`` on macOS and Windows), which needs that guard,
    as any ``multiprocessing`` program does.

    >>> import multiprocessing
    >>> _process_context().get_start_method() in multiprocessing.get_all_start_methods()
    True
    """
    if (
        sys.platform.startswith("linux")
        and multiprocessing.get_start_method(allow_none=True) is None
        and threading.active_count() == 1
    ):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _new_pool(processes: int) -> Any:
    """A pool of ``processes`` workers that ignore Ctrl-C (the parent stops them)."""
    return _process_context().Pool(processes, initializer=_ignore_interrupts)


def _play_in_processes(
    game: Any,
    rules: Any,
    seeds: Iterable[int],
    n: int,
    workers: int,
    merge: Callable[[_Tally], None],
) -> None:
    chunks = _chunks(seeds, workers, n)
    count = -(-n // _chunk_size(n, workers))
    # A Ctrl-C while the pool starts its workers left them and its threads running, and the
    # command hung (12 of 16 tries): it is held back until the pool exists, then arrives
    # where the pool is stopped. (Workers inherit it held; they ignore it from their start.)
    held = _hold_interrupts()
    try:
        # (never more processes than chunks: two hands are not sent to 64 processes)
        pool = _new_pool(min(workers, count))
    except BaseException:
        _release_interrupts(held)
        raise
    try:
        _release_interrupts(held)
        _merge_in_order(
            (pool.apply_async(_play_chunk, (game, rules, chunk)) for chunk in chunks),
            lambda result: result.get(),
            _IN_FLIGHT * workers,
            merge,
        )
    except BaseException:
        # Ctrl-C or a failing hand: the other workers stop at once. A second Ctrl-C inside
        # terminate() (timeout -s INT signals the process, then its group) left the workers
        # waiting on a lock it held, and join() hung for good (h70: 3 of 10 tries): held
        # back until they are gone.
        held = _hold_interrupts()
        try:
            pool.terminate()
        finally:
            _release_interrupts(held)
        raise
    else:
        pool.close()
    finally:
        pool.join()


def _play_on_ray(
    ray: Any,
    game: Any,
    rules: Any,
    seeds: Iterable[int],
    n: int,
    jobs: int,
    merge: Callable[[_Tally], None],
) -> None:
    with _ray_session(ray, jobs) as workers:
        play = ray.remote(_play_chunk)
        _merge_in_order(
            (play.remote(game, rules, chunk) for chunk in _chunks(seeds, workers, n)),
            ray.get,
            _IN_FLIGHT * workers,
            merge,
        )


def simulate(
    game: Any,
    n: int = 1000,
    *,
    rules: Any = None,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    observe: Callable[[Any], None] | None = None,
    name: str | None = "",
    jobs: int = 1,
    backend: Backend = "processes",
) -> SimulationStats:
    """Play ``n`` random hands and collect statistics: the one simulation of every family.

    ``game`` is a family's ``Game`` class (dealt with ``rules``, default its default preset)
    or a function making a game from a seed. Hand ``i`` is dealt and played with the ``i``-th
    64-bit number of ``random.Random(seed)`` as both its game seed and its chooser's seed, so
    the same seed gives the same statistics. ``progress(done, n)`` is called as hands finish
    and ``observe(game)`` with every finished game (for a family's own figures).

    ``jobs`` > 1 plays the hands in that many processes (``0``: one per usable CPU,
    the CPUs its affinity allows; at most
    :data:`MOST_JOBS`, and never more processes than chunks of hands): the seeds are drawn as
    above and split into chunks, so the statistics equal those of one process (all but
    ``seconds``); Ctrl-C stops every process at once. ``backend="ray"`` sends the same chunks
    to Ray as remote tasks (the ``ray`` extra): to the cluster this process is connected to, or the one the
    ``RAY_ADDRESS`` variable names (split for all its CPUs; its workers need changpai), or else
    to a local instance of ``jobs`` CPUs (``0``: every core) started for this call and shut down
    after it. Both need a ``Game`` class (not a function) and no ``observe``.

    ``name`` labels the statistics (``""`` or ``None``: the name of the rules played).

    A count or an option out of range (``n=-1``, ``jobs=-1``, an unknown ``backend``, a
    function making games with ``rules=``, or with ``jobs`` > 1 or Ray) raises
    :class:`~changpai.errors.RulesError`; an argument of the wrong type (``n="3"``,
    ``progress=5``, ``name=5``, a function making games that gives something else than a
    changpai game) :class:`~changpai.errors.NotationError` (docs: Core concepts, "Errors");
    ``backend="ray"`` where Ray is not installed a :class:`~changpai.errors.ChangpaiError`
    naming the ``ray`` extra (not an ``ImportError``: the call, not the import, asks for Ray).

    >>> from changpai import nantong, zipai
    >>> stats = simulate(zipai.Game, 3, rules=zipai.HUNAN, seed=1)
    >>> stats.hands, sum(stats.wins_by_seat) + stats.no_winner, stats.value_name
    (3, 3, '胡息')
    >>> simulate(nantong.Game, -1)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: n=-1 is not an integer >= 0
    >>> simulate(zipai.Game, "3")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: n='3' is not an integer
    >>> simulate(zipai.Game, 3, backend="threads")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: backend='threads': the backend must be one of processes, ray
    >>> simulate(zipai.Game, 3, seed="x")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seed='x' is not a whole number (or None)
    >>> simulate(zipai.Game, 3, progress=5)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: progress=5: expected a function or None
    """
    count_arg(n, "n", low=0)
    count_arg(jobs, "jobs", low=0, high=MOST_JOBS)
    seed_arg(seed)  # (a RulesError, as Game's, random_game's and Match's)
    text_arg(backend, "backend")
    if name is not None:  # (None: the rules' name, as the default "")
        text_arg(name, "name")
    if backend not in BACKENDS:
        raise RulesError(
            f"backend={shown(backend)}: the backend must be one of {', '.join(BACKENDS)}"
        )
    for what, hook in (("progress", progress), ("observe", observe)):
        if hook is not None and not callable(hook):
            raise NotationError(f"{what}={shown(hook)}: expected a function or None")
    ray = _import_ray() if backend == "ray" else None
    workers = jobs or _usable_cpus()
    new_game = _factory(game, rules)
    master = random.Random(seed)
    # drawn lazily (-n may be 10,000,000), in one process or chunk by chunk for the workers
    seeds: Iterable[int] = (master.getrandbits(64) for _ in range(n))
    tally = _Tally()

    def merge(part: _Tally) -> None:
        tally.merge(part)
        if progress is not None:
            progress(tally.hands, n)

    start = time.perf_counter()
    if n > 0 and (ray is not None or (workers > 1 and n > 1)):
        if not isinstance(game, type) or observe is not None:
            how = 'backend="ray"' if ray is not None else f"jobs={jobs or workers}"
            raise RulesError(
                f"{how} needs a Game class (a function making games cannot be sent to other "
                "processes) and no observe callback"
            )
        if ray is not None:
            _play_on_ray(ray, game, rules, seeds, n, jobs, merge)
        else:
            _play_in_processes(game, rules, seeds, n, workers, merge)
    else:
        for game_seed in seeds:
            played = random_playout(new_game(game_seed), random.Random(game_seed))
            tally.add(played)
            if observe is not None:
                observe(played)
            if progress is not None:
                progress(tally.hands, n)
    seconds = time.perf_counter() - start
    if not tally.hands:  # (no hand played: the seats and rules of a dealt one)
        dealt = new_game(0)
        tally.seats = len(getattr(dealt, "seats", ()))
        tally.seats_played.update(getattr(dealt, "seats", ()))
        tally.name = str(getattr(getattr(dealt, "rules", None), "name", ""))
    # (every seat that played has its entry, won or not: 哈哈字牌's seat 3, past the 數信)
    size = max([tally.seats, *(seat + 1 for seat in (*tally.wins, *tally.seats_played))])
    return SimulationStats(
        name or tally.name,
        n,
        tuple(tally.wins[seat] for seat in range(size)),
        tally.no_winner,
        tally.total_value,
        tally.total_score,
        dict(tally.counts),
        seconds,
        tally.value_name or str(getattr(game, "value_name", "value")),
        tally.no_winner_label(),
        tally.labels,
        tuple(sorted(tally.seats_played)),
        tally.decisions,
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
    cls = _game_class(game)
    chosen = cls.default_rules if rules is None else rules
    made = cls(chosen, seed, dealer=dealer)
    return random_playout(made, random.Random(seed))  # type: ignore[no-any-return]


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
    if not isinstance(game, GameBase):
        raise NotationError(
            f"{clipped(game)} is not a changpai game: transcript() takes a family's Game"
        )
    rules = game.rules
    lines = [
        f"{getattr(rules, 'title', rules.name)} ({rules.name}) — seed {game.seed}, "
        f"dealer seat {game.dealer}"
    ]
    family: Any = type(game)
    fresh = family(rules, game.seed, deck=game.deck, dealer=game.dealer, **game.options)
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
