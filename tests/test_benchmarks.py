"""benchmarks/ stays runnable: every script runs to the end at 1% of its size and prints figures.

No timing is asserted here (speed is measured by running the scripts on demand).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("bench_*.py"))


def test_there_are_benchmarks() -> None:
    assert {path.name for path in SCRIPTS} >= {
        "bench_zipai_hand.py",
        "bench_zipai_game.py",
        "bench_nantong.py",
        "bench_chuanpai.py",
        "bench_envs.py",
    }


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_benchmark_runs_at_small_scale(script: Path) -> None:
    if script.name == "bench_envs.py":  # changpai.envs needs the rl extra
        pytest.importorskip("pettingzoo")
    env = {**os.environ, "CHANGPAI_BENCH_SCALE": "0.01"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "/s" in done.stdout, done.stdout
