"""The `changpai` command line (issue: CLI; README commands)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from changpai.cli import SAMPLE_HANDS, main


def test_variants_lists_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "-v"]) == 0
    out = capsys.readouterr().out
    assert "hunan" in out and "跑胡子" in out and "liuhudao" in out


def test_analyze_sample_prints_decomposition_and_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "hunan", "--sample"]) == 0
    out = capsys.readouterr().out
    assert "提 壹壹壹壹" in out and "total" in out


def test_analyze_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "跑胡子", SAMPLE_HANDS["zipai"], "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "hunan"
    assert data["complete"] is True
    assert data["decomposition"]["huxi"] == data["score"]["facts"]["huxi"]
    assert data["score"]["facts"]["threshold_met"] is True


def test_incomplete_hand_prints_waits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "hunan", "壹貳叄 二七十 三三三 四五六 七八九 肆伍陸 柒捌"]) == 0
    out = capsys.readouterr().out
    assert "waits for" in out and "叄 (12 胡息)" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["analyze", "hunan", "x11"], "'x11' is not a zipai card"),
        (["analyze", "hunan", "一一一一一"], "5 copies"),
        (["analyze", "bridge", "x1"], "unknown variant 'bridge'"),
        (["analyze", "hunan"], "needs a hand"),
    ],
)
def test_invalid_input_prints_the_error_and_exits_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert needle in capsys.readouterr().err


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "changpai", "variants"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "hunan" in done.stdout


def test_family_options_are_refused_for_other_families(capsys: pytest.CaptureFixture[str]) -> None:
    """--jiang is a nantong option: given for a zipai variant it is an error, never ignored."""
    assert main(["analyze", "hunan", "--sample", "--jiang", "HH 3w"]) == 2
    assert "--jiang is a nantong option" in capsys.readouterr().err


@pytest.mark.parametrize("variant", ["hunan", "duzihu", "yaodiren", "gehu"])
def test_every_family_analyzes_its_sample(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", variant, "--sample", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == variant


@pytest.mark.parametrize("variant", ["hunan", "liuhudao", "duzihu", "yaodiren"])
def test_play_and_simulate_every_family(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", variant, "--seed", "3"]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["simulate", variant, "-n", "3", "--seed", "1", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["hands"] == 3 and sum(stats["wins_by_seat"]) + stats["no_winner"] == 3


def test_simulate_names_a_hand_without_winner_as_the_family_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """zipai.md §6: a hand whose stock runs out is a 荒莊; the statistics say so."""
    assert main(["simulate", "hunan", "-n", "2", "--seed", "1", "--quiet"]) == 0
    assert "荒莊 (no winner):" in capsys.readouterr().out
