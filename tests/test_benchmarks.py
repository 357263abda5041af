"""benchmarks/ stays runnable: every script runs to the end at 1% of its size and prints figures,
each with its ratio to the plain baseline measured in the same run (benchmarks/_baseline.py).

No timing is asserted here (speed is measured by running the scripts on demand).
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("bench_*.py"))


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
    lines = done.stdout.splitlines()
    assert lines[1].startswith("baseline (fixed pure-Python loop):"), done.stdout
    figures = [line for line in lines if "/s " in line and "loops/s" not in line]
    assert figures and all("x baseline" in line for line in figures), done.stdout


def test_the_baseline_helper() -> None:
    """benchmarks/_baseline.py: its doctests pass; the baseline loop is a fixed workload (the
    same answer every time) and a figure's ratio is the figure over the baseline rate."""
    spec = importlib.util.spec_from_file_location("_baseline", BENCHMARKS / "_baseline.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert doctest.testmod(module).failed == 0
    assert module.baseline_loop() == module.baseline_loop() == 19
    baseline = module.Baseline(passes=2)
    assert len(baseline.rates) == 2
    assert baseline.ratio(3 * baseline.rate) == pytest.approx(3.0)
    baseline.again()
    assert len(baseline.rates) == 4 and baseline.rate == max(baseline.rates)


def _run_all() -> object:
    spec = importlib.util.spec_from_file_location("run_all", BENCHMARKS / "run_all.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_run_all_keeps_each_scripts_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12 asks for docs/performance.md regenerated: benchmarks/run_all.py runs the
    scripts and writes each one's output under a line saying when, where and at what scale."""
    run_all: Any = _run_all()
    assert doctest.testmod(run_all).failed == 0
    monkeypatch.setenv("CHANGPAI_BENCH_SCALE", "0.01")
    assert run_all.main(["bench_chuopai.py", "--out", str(tmp_path)]) == 0
    written = (tmp_path / "bench_chuopai.txt").read_text(encoding="utf-8").splitlines()
    assert written[0].startswith("# bench_chuopai.py, ") and written[0].endswith("scale 0.01")
    assert written[2].startswith("baseline (fixed pure-Python loop):")
    assert any("x baseline" in line for line in written[3:])
    assert "bench_chuopai.py -> " in capsys.readouterr().out
    with pytest.raises(SystemExit):
        run_all.main(["bench_nothing.py", "--out", str(tmp_path)])
    assert "no benchmark named bench_nothing.py" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["bench_chuopai.txt"]


def test_the_performance_page_shows_every_scripts_figures() -> None:
    """docs/performance.md includes the kept output of every benchmark (issue 12), and each
    kept file is a whole run of its script at full scale."""
    page = (BENCHMARKS.parent / "docs" / "performance.md").read_text(encoding="utf-8")
    for script in SCRIPTS:
        kept = BENCHMARKS / "figures" / f"{script.stem}.txt"
        assert f'--8<-- "benchmarks/figures/{script.stem}.txt"' in page, script.name
        lines = kept.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith(f"# {script.name}, ") and lines[0].endswith("scale 1")
        assert lines[-1].startswith("baseline: "), script.name  # (the run's footer: it ended)


def test_the_zipai_engine_pages_win_counts_are_the_seeds() -> None:
    """docs/zipai-engine.md "Speed": the wins of 1000 seeded HUNAN hands are the same on every
    machine — 65 random, and 53 with the house rule 偎胡 (`weihu=True`, zipai.md §6 priority
    1) and a 吃 / 碰 leaving nothing to discard (`claim_without_discard=True`, §6.5), as
    before they became options."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(
            "bench_zipai_game", BENCHMARKS / "bench_zipai_game.py"
        )
        assert spec is not None and spec.loader is not None
        module: Any = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    from changpai.zipai import HUNAN

    page = (BENCHMARKS.parent / "docs" / "zipai-engine.md").read_text(encoding="utf-8")
    assert "| HUNAN | random | " in page and page.count("| 65 |") == 1
    assert "53 / 162 / 83 random" in page
    assert module.bench(HUNAN, 1000)[2] == 65
    former = HUNAN.evolve(weihu=True, claim_without_discard=True)
    assert module.bench(former, 1000)[2] == 53
