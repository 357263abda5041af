"""Every script in examples/ runs to completion and prints something (README: examples)."""

from __future__ import annotations

import pathlib
import runpy

import pytest

EXAMPLES = sorted((pathlib.Path(__file__).parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(script: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(script), run_name="__main__")
    assert capsys.readouterr().out.strip()


def test_waits_say_whether_they_win(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/waits_and_chi.py (zipai.md §7, §8.2, Z1: a complete hand wins with 15 胡息): each wait
    line says whether that reading reaches the threshold, and the example's hand wins on each."""
    runpy.run_path(str(EXAMPLES[0].parent / "waits_and_chi.py"), run_name="__main__")
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("waits")]
    assert len(lines) == 3
    assert all("15 胡息, wins" in line for line in lines)


def test_chi_options_print_each_label_once(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/waits_and_chi.py (zipai.md §5 比牌): every 吃 option of the seed example is printed
    once, with its 吃 meld and each 比 meld labelled once (a Meld prints its own label)."""
    runpy.run_path(str(EXAMPLES[0].parent / "waits_and_chi.py"), run_name="__main__")
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("吃")]
    assert len(lines) == 7  # the seven complete choices of the seed example
    assert not any("吃 吃" in line or "比 比" in line for line in lines)
    assert "吃 二貳貳, then 比 一二三, 比 二三四 (from the hand: 貳貳一二三二三四)" in lines


def test_table_server_refuses_bad_requests_and_restores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """examples/table_server.py (docs/index.md; core-concepts: an illegal action leaves the
    state unchanged, documents of any family load with ``game_from_json``): both bad requests
    are refused with the reason, and the three tables are restored and finish."""
    runpy.run_path(str(EXAMPLES[0].parent / "table_server.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "wrong seat -> refused: seat 1 過 is not legal now" in out
    assert "garbage    -> refused:" in out and "'fly' is not a valid ActionKind" in out
    assert "restored 3 tables" in out
    assert [line.split(":")[0] for line in out.splitlines()[-3:]] == [
        "table 1", "table 2", "table 3",
    ]  # fmt: skip
