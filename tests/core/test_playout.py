"""Tests for changpai.core.playout on two families' engines (zipai, nantong), in one process,
across processes and on a local Ray instance."""

from __future__ import annotations

import importlib
import json
import random
import signal
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai.core import playout
from changpai.core.playout import SimulationStats, perft, random_playout, simulate
from changpai.errors import ChangpaiError, NotationError, RulesError
from changpai.nantong.game import Game as NantongGame
from changpai.zipai.game import Game as ZipaiGame
from changpai.zipai.rules import HUNAN
from changpai.zipai.sim import random_game
from changpai.zipai.sim import simulate as zipai_simulate


def test_random_playout_ends_the_game_and_is_reproducible() -> None:
    a = random_playout(ZipaiGame(seed=3), random.Random(3))
    assert a.is_over and a == random_game(seed=3)
    b = random_playout(NantongGame(seed=3), random.Random(3))
    assert b.is_over and b == random_playout(NantongGame(seed=3), random.Random(3))


def test_perft_counts_children() -> None:
    game = NantongGame(seed=1)
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions(game.to_act[0]))


def test_simulate_observes_every_game_and_matches_zipai_stats() -> None:
    seen: list[Any] = []
    stats = simulate(lambda s: ZipaiGame(seed=s), 6, seed=4, observe=seen.append)
    assert isinstance(stats, SimulationStats) and len(seen) == 6
    assert all(game.is_over for game in seen)
    own = zipai_simulate(n=6, seed=4)
    assert own.wins_by_seat == stats.wins_by_seat and own.no_winner == stats.no_winner
    assert own.action_counts == stats.action_counts
    assert own.value_name == "胡息" and own.no_winner_label == "荒莊"


def test_simulate_rejects_a_negative_count() -> None:
    with pytest.raises(ChangpaiError):
        simulate(lambda s: NantongGame(seed=s), -1)


@pytest.mark.parametrize("hook", ["progress", "observe"])
def test_simulate_rejects_a_hook_that_is_no_function(hook: str) -> None:
    """Issue 12: ``progress=5`` raised TypeError from inside the loop; it is refused at once."""
    with pytest.raises(ChangpaiError, match=f"{hook}=5: expected a function"):
        simulate(NantongGame, 2, **{hook: 5})


# --- simulate across processes and on Ray (issue 12) ---------------------------------------------


def _figures(stats: SimulationStats) -> dict[str, Any]:
    """Everything but the timing: what must not depend on where the hands were played."""
    data = stats.to_dict()
    del data["seconds"], data["hands_per_second"]
    return data | {"kind_labels": stats.kind_labels}


@pytest.mark.parametrize("game", [ZipaiGame, NantongGame])
def test_processes_give_the_one_process_statistics(game: Any) -> None:
    one = simulate(game, 10, seed=5, jobs=1)
    assert _figures(simulate(game, 10, seed=5, jobs=2)) == _figures(one)


def test_jobs_are_bounded_and_never_more_processes_than_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 12 (bounded work): ``jobs=100000`` forked thousands of processes, and two hands
    went to 64; jobs above MOST_JOBS are refused, and no more processes start than chunks."""
    with pytest.raises(
        RulesError, match=f"jobs=100000 is not an integer from 0 to {playout.MOST_JOBS}"
    ):
        simulate(ZipaiGame, 2, jobs=100_000)
    started: list[int] = []
    real_pool = playout._new_pool

    def counting_pool(processes: int) -> Any:
        started.append(processes)
        return real_pool(processes)

    monkeypatch.setattr(playout, "_new_pool", counting_pool)
    one = simulate(ZipaiGame, 2, seed=5, jobs=1)
    assert _figures(simulate(ZipaiGame, 2, seed=5, jobs=64)) == _figures(one)
    assert started == [2]


def test_processes_need_a_game_class_and_no_observer() -> None:
    with pytest.raises(ChangpaiError, match="jobs=2 needs a Game class"):
        simulate(lambda s: ZipaiGame(seed=s), 4, jobs=2)
    with pytest.raises(ChangpaiError, match="no observe callback"):
        simulate(ZipaiGame, 4, jobs=2, observe=print)


@given(n=st.integers(min_value=0, max_value=200), workers=st.integers(min_value=1, max_value=40))
def test_chunks_cover_the_seeds_in_order(n: int, workers: int) -> None:
    seeds = list(range(n))
    chunks = list(playout._chunks(seeds, workers))
    assert list(playout._chunks(iter(seeds), workers, n)) == chunks  # (drawn lazily)
    assert [s for chunk in chunks for s in chunk] == seeds
    assert all(chunks) and len(chunks) <= max(1, workers * 8)


@settings(max_examples=15)
@given(st.lists(st.integers(min_value=0, max_value=2**64 - 1), max_size=6), st.data())
def test_tallies_of_chunks_add_up_to_the_whole(seeds: list[int], data: st.DataObject) -> None:
    """The invariant behind jobs and Ray: however the seeds are split, the sums are the same."""
    cut = data.draw(st.integers(min_value=0, max_value=len(seeds)))
    whole = playout._play_chunk(NantongGame, None, seeds)
    merged = playout._play_chunk(NantongGame, None, seeds[:cut])
    merged.merge(playout._play_chunk(NantongGame, None, seeds[cut:]))
    assert vars(merged) == vars(whole)


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ChangpaiError, match="backend='dask'"):
        simulate(ZipaiGame, 2, backend="dask")


def test_ray_missing_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    with pytest.raises(ChangpaiError, match=r'pip install -e "\.\[ray\]"'):
        simulate(ZipaiGame, 2, backend="ray")


class _RecordingRay:
    """Records how simulate's Ray session connects (the real Ray is tested below)."""

    def __init__(self, initialized: bool) -> None:
        self.initialized = initialized
        self.cpus = 6.0  # a cluster's, unless a local instance is started with num_cpus
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **options: Any) -> None:
        self.calls.append(("init", options))
        self.cpus = options.get("num_cpus") or self.cpus

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": self.cpus}


def test_a_ray_session_uses_the_connection_it_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "ray://elsewhere:10001")
    ray = _RecordingRay(initialized=True)
    with playout._ray_session(ray, 1) as workers:
        assert workers == 6  # the cluster's CPUs, whatever jobs says
    assert ray.calls == []  # neither connected nor shut down: not ours


def test_a_ray_session_connects_to_the_cluster_of_ray_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "ray://elsewhere:10001")
    ray = _RecordingRay(initialized=False)
    with playout._ray_session(ray, 1) as workers:
        assert workers == 6
    (kind, options), closing = ray.calls
    assert kind == "init" and "address" not in options and "num_cpus" not in options
    assert closing == ("shutdown", {})


def test_a_ray_session_starts_a_small_local_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    ray = _RecordingRay(initialized=False)
    with playout._ray_session(ray, 2) as workers:
        assert workers == 2
    (kind, options), closing = ray.calls
    assert kind == "init" and options["address"] == "local" and options["num_cpus"] == 2
    assert options["include_dashboard"] is False and options["log_to_driver"] is False
    assert options["object_store_memory"] <= 128 * 1024 * 1024
    assert closing == ("shutdown", {})


class _BackwardsRay(_RecordingRay):
    """A Ray whose tasks run at once and finish last-sent first (a cluster's order is any)."""

    def remote(self, fn: Any) -> Any:
        class Task:
            @staticmethod
            def remote(*args: Any) -> tuple[Any, ...]:
                return (fn(*args),)  # a ref: the task's result in a one-tuple

        return Task

    def wait(self, pending: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return pending[-num_returns:], pending[:-num_returns]

    def get(self, ref: tuple[Any, ...]) -> Any:
        return ref[0]


def test_ray_merges_the_chunks_in_order_whatever_order_they_finish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The statistics' dicts (kind_labels, action counts) keep the one-process order, so their
    text and JSON are the same wherever the hands were played (a review found Ray's merged in
    completion order)."""
    monkeypatch.setattr(playout, "_import_ray", lambda: _BackwardsRay(initialized=True))
    one = simulate(NantongGame, 40, seed=5, jobs=1)
    done: list[int] = []
    on_ray = simulate(NantongGame, 40, seed=5, backend="ray", progress=lambda d, n: done.append(d))
    assert list(on_ray.kind_labels) == list(one.kind_labels)
    assert json.dumps(_figures(on_ray)) == json.dumps(_figures(one))
    assert done == sorted(done) and done[-1] == 40


def test_ray_not_installed_is_a_changpai_error_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``backend="ray"`` without Ray is a ``ChangpaiError`` naming the ``ray`` extra as a user
    of the built package installs it (docs: ``simulate``'s docstring; review h129)."""
    real_import = importlib.import_module

    def no_ray(name: str, package: str | None = None) -> Any:
        if name == "ray":
            raise ModuleNotFoundError("No module named 'ray'", name="ray")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", no_ray)
    with pytest.raises(ChangpaiError, match=r'needs Ray.*pip install "changpai\[ray\]"'):
        simulate(NantongGame, 2, seed=1, backend="ray")


@pytest.fixture
def ray_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The real Ray, with a local instance forced (no RAY_ADDRESS) and no usage report."""
    ray = pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    return ray


def test_ray_gives_the_one_process_statistics_and_stops_its_instance(ray_module: Any) -> None:
    one = simulate(ZipaiGame, 12, seed=7, jobs=1)
    done: list[int] = []
    on_ray = simulate(
        ZipaiGame, 12, seed=7, jobs=2, backend="ray", progress=lambda d, n: done.append(d)
    )
    assert _figures(on_ray) == _figures(one)
    assert done[-1] == 12 and done == sorted(done)
    assert not ray_module.is_initialized()  # the local instance it started is gone


def test_ray_uses_the_instance_already_running(ray_module: Any) -> None:
    ray_module.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
    )
    try:
        one = simulate(NantongGame, 8, seed=3)
        assert _figures(simulate(NantongGame, 8, seed=3, backend="ray")) == _figures(one)
        assert ray_module.is_initialized()  # not ours to shut down
        with pytest.raises(ChangpaiError, match='backend="ray" needs a Game class'):
            simulate(lambda s: NantongGame(seed=s), 2, backend="ray")
    finally:
        ray_module.shutdown()


def test_two_runs_of_one_seed_are_equal_statistics() -> None:
    """The wall-clock time is left out of ==; the JSON names its schema."""
    from changpai import zipai
    from changpai.core.playout import simulate as core_simulate

    first = zipai.simulate(zipai.HUNAN, 3, seed=1)
    assert first == zipai.simulate(zipai.HUNAN, 3, seed=1)
    assert first == core_simulate(zipai.Game, 3, rules=zipai.HUNAN, seed=1)
    data = first.to_dict()
    assert data["schema"] == "changpai.simulation" and data["version"] == 2


def test_a_game_class_is_checked() -> None:
    import pytest

    from changpai.core.playout import random_game as core_random_game
    from changpai.core.playout import simulate as core_simulate
    from changpai.core.playout import transcript as core_transcript
    from changpai.errors import NotationError, RulesError

    with pytest.raises(RulesError, match="not a changpai Game class"):
        core_simulate(int, 2)
    with pytest.raises(RulesError, match="not a changpai Game class"):
        core_random_game(str)  # type: ignore[type-var]
    with pytest.raises(NotationError, match="not a changpai game"):
        core_transcript("game")


def test_no_hand_simulated_still_names_the_seats_and_rules() -> None:
    """``simulate(..., 0)`` reports a zero for each seat and the rules' name (it gave no seat and
    no name: the statistics of no hand read like those of no table)."""
    stats = simulate(ZipaiGame, 0, rules=HUNAN)
    assert stats.hands == 0 and stats.wins_by_seat == (0, 0, 0) and stats.name == "hunan"
    assert stats.to_dict()["wins_by_seat"] == [0, 0, 0]
    haha = simulate(ZipaiGame, 0, rules=HUNAN.evolve(name="haha4", shuxin=True))
    assert haha.seats_played == (0, 1, 3) and haha.wins_by_seat == (0, 0, 0, 0)  # (a review)


def test_hands_without_a_winner_of_several_kinds_are_named_alike_in_any_split() -> None:
    """孝感 ends a hand without a winner two ways (荒牌, 放棄): the label names both, the most
    frequent first, whichever chunk saw which (a review: one process kept the last label seen,
    merging kept the first, so ``jobs=2`` differed from ``jobs=1``)."""
    from changpai import xiaogan

    rules = xiaogan.XIAOGAN
    one = playout._Tally()
    for seed in range(40):
        one.add(random_playout(xiaogan.Game(rules, seed), random.Random(seed)))
    halves = [playout._Tally(), playout._Tally()]
    for seed in range(40):
        halves[seed % 2].add(random_playout(xiaogan.Game(rules, seed), random.Random(seed)))
    halves[1].merge(halves[0])
    assert one.no_winner_labels == halves[1].no_winner_labels
    assert one.no_winner_label() == halves[1].no_winner_label()
    assert set(one.no_winner_label().split(" / ")) <= {"荒牌", "放棄"}


def test_summary_of_hands_without_a_win_prints_no_mean() -> None:
    """A run without a win has no mean value: the summary says so instead of printing 0.00,
    and names no action when none was counted."""
    stats = SimulationStats("demo", 2, (0, 0, 0), 2, 0, 0, {}, 1.0, value_name="胡息")
    text = str(stats)
    assert "mean 胡息 of a win: - (no win)" in text
    assert "mean score of a win: - (no win)" in text
    assert "actions: none" in text
    won = SimulationStats("demo", 2, (1, 0, 0), 1, 18, 30, {"discard": 5}, 1.0, value_name="胡息")
    assert "mean 胡息 of a win: 18.00" in str(won)
    assert "actions: discard (discard) 5" in str(won)


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_simulate_refuses_a_seed_that_is_no_whole_number(seed: object) -> None:
    """A seed is an int or None, as for Game, random_game and Match (RulesError naming it):
    simulate took "x" and 1.5 (random.Random hashes them) and raised a bare TypeError for a
    numpy integer."""
    with pytest.raises(ChangpaiError, match=r"seed=.* is not a whole number"):
        simulate(ZipaiGame, 2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "played"),
    [("haha", (0, 1, 3)), ("duzihu", (0, 1, 2)), ("yaodiren", (0, 1, 2, 3))],
)
def test_the_seats_that_played_and_the_decisions_per_hand(
    rules: str, played: tuple[int, ...]
) -> None:
    """Issue 12 (``simulate``'s statistics): ``seats_played`` names the seats that played (字牌's 數信, seat 2 when seat 0 deals, and
    南通's dealer's 上家 never do: ``wins_by_seat`` holds the one and leaves out the other);
    ``decisions`` counts the players' own actions, not the engine's records (a docs-only
    user's program could not tell either)."""
    entry = changpai.variant(rules)
    stats = simulate(entry.module.Game, 12, rules=entry.rules, seed=4)
    assert stats.seats_played == played and len(stats.wins_by_seat) == played[-1] + 1
    games: list[Any] = []
    again = simulate(entry.module.Game, 12, rules=entry.rules, seed=4, observe=games.append)
    assert again == stats
    assert stats.decisions == sum(not record.auto for game in games for record in game.log)
    assert stats.mean_decisions == stats.decisions / 12 and 0 < stats.decisions <= sum(
        stats.action_counts.values()
    )
    assert simulate(entry.module.Game, 12, rules=entry.rules, seed=4, jobs=2) == stats
    summary = str(stats)
    assert f"decisions per hand: {stats.mean_decisions:.1f}" in summary
    assert all((f"seat {seat} wins" in summary) == (seat in played) for seat in range(4))
    assert stats.to_dict()["seats_played"] == list(played)


def test_chunks_are_small_enough_to_report_progress() -> None:
    """``simulate(jobs=...)`` sends chunks of at most ``_MOST_CHUNK`` hands (about a second of
    play), every seed once and in order: at a million hands the bar of ``--jobs 2`` moved once
    a chunk of 62,500 hands, a minute or two (review h34). Issue 12 (progress bar)."""
    chunks = list(playout._chunks(range(1_000_000), 2))
    assert max(len(c) for c in chunks) == playout._MOST_CHUNK
    assert [s for c in chunks for s in c] == list(range(1_000_000))
    assert [len(c) for c in playout._chunks(range(100), 2)] == [7] * 14 + [2]


def test_seeds_are_drawn_chunk_by_chunk_as_workers_take_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 12 (memory; review h70): with jobs > 1 the seeds were listed up front (640 MB
    before the first hand of -n 10,000,000, a MemoryError further on); they are drawn a chunk
    at a time, at most _IN_FLIGHT chunks a worker ahead of the merged ones."""
    drawn: list[int] = []
    ahead: list[int] = []
    real_chunks = playout._chunks

    def counting_chunks(seeds: Any, workers: int, n: Any = None) -> Any:
        for chunk in real_chunks(seeds, workers, n):
            drawn.append(len(chunk))
            yield chunk

    monkeypatch.setattr(playout, "_chunks", counting_chunks)
    monkeypatch.setattr(playout, "_MOST_CHUNK", 1)
    one = simulate(ZipaiGame, 40, seed=5, jobs=1)
    progress = lambda done, n: ahead.append(sum(drawn) - done)  # noqa: E731
    assert _figures(simulate(ZipaiGame, 40, seed=5, jobs=2, progress=progress)) == _figures(one)
    assert sum(drawn) == 40 and max(ahead) <= playout._IN_FLIGHT * 2


def test_a_second_interrupt_while_the_pool_stops_is_held_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Review h70: a second Ctrl-C inside Pool.terminate() (``timeout -s INT`` signals the
    process, then its group) left the workers on a lock it held and join() hung; SIGINT is
    held back while the pool is terminated, and the interrupt still ends the run."""
    masks: list[bool] = []
    real_pool = playout._new_pool

    class WatchedPool:
        def __init__(self, processes: int) -> None:
            self.pool = real_pool(processes)

        def apply_async(self, *args: Any) -> Any:
            raise KeyboardInterrupt  # (Ctrl-C while the first chunk is sent)

        def terminate(self) -> None:
            masks.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set()))
            self.pool.terminate()

        def join(self) -> None:
            self.pool.join()

    monkeypatch.setattr(playout, "_new_pool", WatchedPool)
    with pytest.raises(KeyboardInterrupt):
        simulate(ZipaiGame, 4, seed=1, jobs=2)
    assert masks == [True]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def test_jobs_0_counts_the_cpus_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """``jobs=0`` is one process per CPU the process may run on (its affinity, as ``taskset``
    sets it), not every CPU of the machine (review h34)."""
    import os

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert playout._usable_cpus() == 1
    monkeypatch.delattr(os, "sched_getaffinity")
    assert playout._usable_cpus() == (os.cpu_count() or 1)


_UNGUARDED_SCRIPT = """
import multiprocessing.context as context
# Python 3.14's default on Linux (forkserver), the start method left unchosen:
context._default_context._default_context = context._concrete_contexts["forkserver"]
from changpai import zipai
two = zipai.simulate(zipai.HUNAN, 12, seed=3, jobs=2)  # (no `if __name__ == "__main__":`)
one = zipai.simulate(zipai.HUNAN, 12, seed=3)
print(two.wins_by_seat == one.wins_by_seat and two.action_counts == one.action_counts)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is chosen on Linux only")
def test_a_script_without_a_main_guard_runs_where_python_would_not_fork(tmp_path: Any) -> None:
    """On Linux, simulate forks its workers unless the program chose a start method: Python
    3.14's default there (forkserver) runs the calling script's top level again in every
    worker, and a script calling ``simulate(jobs=2)`` without a main guard started workers
    without end (docs/core-concepts.md, simulate)."""
    script = tmp_path / "unguarded.py"
    script.write_text(_UNGUARDED_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr[-2000:]


def test_a_start_method_the_program_chose_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program that chose its start method (``set_start_method("spawn")``) or fixed it by a
    first use gets it: simulate forks only where nothing was chosen."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "spawn")
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: method or "chosen")
    assert playout._process_context() == "chosen"


def test_a_program_running_threads_gets_python_s_start_method(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Forking a process that runs other threads may deadlock (why Python 3.14 stopped forking
    by default on Linux): with a second thread alive, simulate takes Python's own start method
    (h78); with none, it forks on Linux."""
    import multiprocessing
    import threading

    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: None)
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: method or "python's")
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert playout._process_context() == "python's"
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert playout._process_context() == (
        "fork" if sys.platform.startswith("linux") else "python's"
    )


@pytest.mark.parametrize("made", ["not a game", None, 5, ZipaiGame])
def test_a_function_making_no_game_is_a_notation_error(made: Any) -> None:
    """``simulate``'s docstring: a function making games that gives something else than a
    changpai game is a ``NotationError`` naming what it gave (review h128: AttributeError)."""
    with pytest.raises(NotationError, match=r"the function making games gave .* for seed \d+"):
        simulate(lambda seed: made, 2, seed=1)


@pytest.mark.parametrize("name", [5, ["a"], b"x"])
def test_a_name_that_is_no_text_is_a_notation_error(name: Any) -> None:
    with pytest.raises(NotationError, match=r"name=.* is not a string"):
        simulate(ZipaiGame, 2, seed=1, name=name)
    assert simulate(ZipaiGame, 2, seed=1, name="mine").name == "mine"
