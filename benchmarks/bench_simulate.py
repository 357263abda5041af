"""Benchmark of ``simulate`` (``changpai simulate``) in one process, in 2 processes and on Ray.

Run: ``.venv/bin/python benchmarks/bench_simulate.py`` (prints figures; nothing is asserted).
Each figure is the best of 3 runs of 4000 hands (the machine may be shared); the hands/s are
those ``changpai simulate -n 4000 --quiet`` prints: the time of ``simulate``, starting the process
pool or the local Ray instance included. Without Ray installed the Ray lines are left out; below
full scale the lines that start a Ray instance per run are too.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import time
from typing import Any

from changpai import nantong, zipai
from changpai.core.playout import simulate

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))
HANDS = max(2, int(4000 * SCALE))
FAMILIES: dict[str, Any] = {"hunan": zipai.Game, "duzihu": nantong.Game}


def _best(label: str, runs: int, play: Any) -> None:
    rates = [play().hands_per_second for _ in range(runs)]
    print(
        f"{label:<48} {max(rates):>8,.0f} hands/s   (runs: {', '.join(f'{r:,.0f}' for r in rates)})"
    )


def main() -> None:
    runs = 3 if SCALE >= 1 else 1
    has_ray = importlib.util.find_spec("ray") is not None
    print(f"{HANDS} hands each, best of {runs}, load average {os.getloadavg()[0]:.2f}")
    for name, game in FAMILIES.items():
        _best(f"{name} --jobs 1", runs, lambda g=game: simulate(g, HANDS, seed=0, jobs=1))
        _best(f"{name} --jobs 2", runs, lambda g=game: simulate(g, HANDS, seed=0, jobs=2))
        if has_ray and SCALE >= 1:  # the test suite starts one Ray instance, below, not two
            _best(
                f"{name} --backend ray (starts a local instance)",
                runs,
                lambda g=game: simulate(g, HANDS, seed=0, jobs=0, backend="ray"),
            )
    if not has_ray:
        print("ray is not installed: pip install 'changpai[ray]' for the Ray figures")
        return
    import ray

    start = time.perf_counter()
    ray.init(
        address="local",
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
        logging_level=logging.WARNING,
    )
    print(f"{'ray.init of a local instance':<48} {time.perf_counter() - start:>8.1f} s")
    try:
        for name, game in FAMILIES.items():
            simulate(game, 20, seed=1, backend="ray")  # the workers start and import changpai
            _best(
                f"{name} on a running Ray instance",
                runs,
                lambda g=game: simulate(g, HANDS, seed=0, backend="ray"),
            )
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
