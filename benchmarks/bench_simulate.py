"""Benchmark of ``simulate`` (``changpai simulate``) in one process, in 2 processes and on Ray.

Run: ``.venv/bin/python benchmarks/bench_simulate.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` runs (default 3) of 4000 hands with its
ratio to the plain baseline of the run (``_baseline.py``); the hands/s are those
``changpai simulate -n 4000 --quiet`` prints: the time of ``simulate``, starting the process pool
or the local Ray instance included. Without Ray installed the Ray lines are left out; below full
scale the lines that start a Ray instance per run are too.
"""

from __future__ import annotations

import importlib.util
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from _baseline import REPEAT, SCALE, Baseline

from changpai import nantong, zipai
from changpai.core.playout import SimulationStats, simulate

BASELINE = Baseline()
HANDS = max(2, int(4000 * SCALE))
FAMILIES: dict[str, Any] = {"hunan": zipai.Game, "duzihu": nantong.Game}


def _best(label: str, play: Callable[[], SimulationStats]) -> None:
    """Print the best hands/s of ``REPEAT`` runs of ``play`` (as ``simulate`` measures it)."""
    rates = [play().hands_per_second for _ in range(REPEAT)]
    print(BASELINE.line(label, rates, "hands/s"))


def main() -> None:
    print(BASELINE.header())
    has_ray = importlib.util.find_spec("ray") is not None
    print(f"simulate: {HANDS} hands each, best of {REPEAT} runs")
    for name, game in FAMILIES.items():
        _best(f"{name} --jobs 1", partial(simulate, game, HANDS, seed=0, jobs=1))
        _best(f"{name} --jobs 2", partial(simulate, game, HANDS, seed=0, jobs=2))
        if has_ray and SCALE >= 1:  # the test suite starts one Ray instance, below, not two
            _best(
                f"{name} --backend ray (starts a local instance)",
                partial(simulate, game, HANDS, seed=0, jobs=0, backend="ray"),
            )
    if not has_ray:
        print('ray is not installed: pip install -e ".[ray]" in the checkout for the Ray figures')
    else:
        _on_running_ray()
    BASELINE.again()
    print(BASELINE.footer())


def _on_running_ray() -> None:
    """Start one local Ray instance (timed once) and run ``simulate`` on it."""
    import ray

    start = time.perf_counter()
    ray.init(
        address="local",
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
        logging_level=logging.WARNING,
    )
    print(f"{'ray.init of a local instance':<52} {time.perf_counter() - start:>11.1f} s")
    try:
        for name, game in FAMILIES.items():
            simulate(game, 20, seed=1, backend="ray")  # the workers start and import changpai
            _best(
                f"{name} on a running Ray instance",
                partial(simulate, game, HANDS, seed=0, backend="ray"),
            )
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
