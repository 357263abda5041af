"""The `changpai` command line: one face for every registered variant (README commands)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import changpai
from changpai import cli
from changpai.cli import main

VARIANTS = [v.name for v in changpai.variants()]
ANALYZED = [v.name for v in changpai.variants() if hasattr(v.module, "analyze")]


def test_variants_lists_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "-v"]) == 0
    out = capsys.readouterr().out
    assert "hunan" in out and "跑胡子" in out and "liuhudao" in out
    # the titles in one column, the longest name too (README's `changpai variants`; h16 review:
    # duzihu-baida pushed its own)
    rows = [line for line in out.splitlines() if not line.startswith(" ")]
    assert len({len(line) - len(line.split(" ", 1)[1].lstrip()) for line in rows}) == 1


def test_analyze_sample_prints_decomposition_and_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "hunan", "--sample"]) == 0
    out = capsys.readouterr().out
    assert "提 壹壹壹壹" in out and "total" in out


def test_analyze_json_is_the_analysis_document(capsys: pytest.CaptureFixture[str]) -> None:
    sample = changpai.variant("hunan").sample
    assert main(["analyze", "跑胡子", sample, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "changpai.analysis" and data["version"] == 2
    assert data["family"] == "zipai" and data["variant"] == "hunan"
    assert data["complete"] is True and data["value"] == data["best"]["value"] == 18
    assert data["score"]["facts"]["threshold_met"] is True


def test_incomplete_hand_prints_waits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "hunan", "壹貳叄 二七十 三三三 四五六 七八九 肆伍陸 柒捌"]) == 0
    out = capsys.readouterr().out
    assert "waits for" in out and "  叄: 12 胡息: 坎 三三三" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["analyze", "hunan", "x11"], "'x11' is not a zipai card"),
        (["analyze", "hunan", "一一一一一"], "5 copies"),
        (["analyze", "bridge", "x1"], "unknown variant 'bridge'"),
        (["analyze", "hunan"], "needs a hand"),
        (["simulate", "hunan", "-n", "-1"], "between 0 and"),
        (["simulate", "hunan", "-n", str(cli.MAX_HANDS + 1)], "between 0 and"),
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
    """--jiang is a 南通 option: given for a 字牌 variant it is an error, never ignored."""
    assert main(["analyze", "hunan", "--sample", "--jiang", "HH 3w"]) == 2
    assert "--jiang is not an option of 'hunan'" in capsys.readouterr().err


def test_nantong_scores_the_win_it_is_told(capsys: pytest.CaptureFixture[str]) -> None:
    """--win-card and --self-drawn (南通, as --help says) score the hand as that win: 自摸 10
    and 單吊 10 on the 清胡 (they were refused for every 南通 variant); for a hand that is not
    complete they are an error."""
    hand = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
    assert main(["analyze", "duzihu", hand, "--win-card", "5w", "--self-drawn"]) == 0
    out = capsys.readouterr().out
    assert "自摸" in out and "單吊" in out and "total                      140" in out
    assert main(["analyze", "duzihu", hand[:-3], "--self-drawn"]) == 2
    assert "the hand is not complete" in capsys.readouterr().err
    # (named by the options typed, not the library's keywords — review h124)
    assert main(["analyze", "duzihu", hand[:-3], "--win-card", "5w"]) == 2
    err = capsys.readouterr().err
    assert "--win-card '5w' describes a win" in err and "self" not in err
    assert main(["analyze", "duzihu", hand[:-3], "--self-drawn"]) == 2
    assert "error: --self-drawn describes a win" in capsys.readouterr().err
    assert main(["analyze", "duzihu", hand, "--jiang", "2t 3w 4w"]) == 2
    assert "--jiang 2t 3w 4w: 3 flipped 將 cards" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "needle"),
    [
        ("--exposed", "error: --exposed: 'zz' is not a nantong card"),
        ("--jiang", "error: --jiang 'zz': 'zz' is not a nantong card"),
        ("--seen", "error: --seen '碰 zz zz zz': 'zz' is not a nantong card"),
        ("--win-card", "error: --win-card 'zz': 'zz' is not a nantong card"),
    ],
)
def test_a_bad_card_names_the_option_that_holds_it(
    option: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review h130: a bad card in an option was named without the option it was typed in."""
    value = "碰 zz zz zz" if option in ("--exposed", "--seen") else "zz"
    assert main(["analyze", "duzihu", "HH HH", option, value]) == 2
    assert needle in capsys.readouterr().err


def test_nantong_is_told_the_melds_in_sight(capsys: pytest.CaptureFixture[str]) -> None:
    """--seen (南通, nantong.md §4): the other seats' melds; a wait all in sight is no wait, and
    the printed facts name them. Another family refuses it."""
    ready = "123b 456b 789b 123t 456t 789t 123w 5w"
    assert main(["analyze", "duzihu", ready, "--seen", "5w 5w 5w"]) == 0
    out = capsys.readouterr().out
    assert "waits for nothing" in out and "seen ['五萬五萬五萬']" in out
    assert main(["analyze", "duzihu", ready, "--seen", "5w 5w 5w", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["facts"]["seen"] == ["五萬五萬五萬"]
    assert main(["analyze", "hunan", "--sample", "--seen", "x1 x1 x1"]) == 2
    assert "--seen is not an option of 'hunan'" in capsys.readouterr().err


@pytest.mark.parametrize("variant", ANALYZED)
def test_every_variant_analyzes_its_sample(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", variant, "--sample", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "changpai.analysis" and data["variant"] == variant
    assert data["complete"] is True and data["score"] is not None


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_prints_one_transcript_style(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    entry = changpai.variant(variant)
    assert main(["play", variant, "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{entry.rules.title} ({variant}) — seed 3, dealer seat 0"
    assert any(line.startswith("   1. ") for line in lines)
    assert not any("GameResult(" in line for line in lines)


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_json_is_a_game_document(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    entry = changpai.variant(variant)
    assert main(["play", variant, "--seed", "4", "--json"]) == 0
    text = capsys.readouterr().out
    data = json.loads(text)
    assert data["schema"] == "changpai.game" and data["family"] == entry.family
    assert data["variant"] == variant
    assert entry.module.Game.from_json(text).is_over


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_every_variant(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", variant, "-n", "3", "--seed", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    stats = json.loads(out)
    assert stats["hands"] == 3 and sum(stats["wins_by_seat"]) + stats["no_winner"] == 3
    assert err == ""  # no progress bar when stderr is not a terminal


def test_simulate_names_a_hand_without_winner_as_the_family_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """zipai.md §6: a hand whose stock runs out is a 荒莊; the statistics say so."""
    assert main(["simulate", "hunan", "-n", "2", "--seed", "1", "--quiet"]) == 0
    assert "荒莊:" in capsys.readouterr().out


def test_ctrl_c_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", interrupted)
    assert main(["simulate", "hunan", "-n", "5"]) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err and "interrupted" in err


def _wait_for_workers(pid: int, count: int = 2, pause: float = 0.1) -> None:
    """Until the process ``pid`` has ``count`` children (its pool started: a Ctrl-C during the
    imports would be another test), read from /proc where there is one; else a few seconds."""
    children = f"/proc/{pid}/task/{pid}/children"
    if not os.path.exists(children):
        time.sleep(8)
        return
    for _ in range(int(60 / pause)):
        with open(children) as listed:
            if len(listed.read().split()) >= count:
                return
        time.sleep(pause)


def _interrupt_simulation(workers: int, pause: float) -> tuple[int | None, str]:
    """Start ``simulate --jobs 2``, press Ctrl-C once ``workers`` of its processes exist; its
    status and its error output."""
    command = [sys.executable, "-m", "changpai", "simulate", "hunan", "-n", "400000", "--jobs", "2"]
    child = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        # (a process started in the background inherits SIGINT ignored: restore it)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    _wait_for_workers(child.pid, workers, pause)
    os.killpg(child.pid, signal.SIGINT)
    try:
        _, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return None, "hung"
    return child.returncode, err.decode()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups and signals")
def test_ctrl_c_stops_every_process_of_a_simulation() -> None:
    """Ctrl-C (SIGINT to the terminal's process group) while ``--jobs 2`` plays: every process
    stops — the workers waited for their chunks (46 s at -n 400000) and printed tracebacks —
    and the command says "interrupted" with status 130.
    Issue 12 (typed errors, one public face).
    """
    status, err = _interrupt_simulation(workers=2, pause=0.1)
    assert status == 130
    assert err.strip().splitlines()[-1] == "interrupted"
    assert "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups and signals")
def test_ctrl_c_while_the_pool_starts_stops_it_too() -> None:
    """Ctrl-C the moment the first worker exists: the pool's start was interrupted, its
    workers and threads went on, and the command hung (12 of 16 tries; one CI run). Issue 12
    (simulate on processes, Ctrl-C)."""
    for _ in range(3):
        status, err = _interrupt_simulation(workers=1, pause=0.001)
        assert status == 130, err
        assert "Traceback" not in err


def test_the_progress_bar_shows_rate_and_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    bar = cli._Progress()
    bar(10, 10)
    err = capsys.readouterr().err
    assert "10/10" in err and "/s" in err and "left" in err


def test_simulate_in_processes_gives_the_one_process_statistics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The seeds are split deterministically: --jobs 2 and --jobs 1 agree on every count."""
    runs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "hunan", "-n", "6", "--seed", "2", "--jobs", jobs, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        runs.append({k: v for k, v in data.items() if k not in ("seconds", "hands_per_second")})
    assert runs[0] == runs[1]
    assert main(["simulate", "hunan", "--jobs", "-1"]) == 2


def _counts(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    return {k: v for k, v in data.items() if k not in ("seconds", "hands_per_second")}


def test_simulate_on_ray_gives_the_one_process_statistics(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--backend ray starts a local Ray instance (no RAY_ADDRESS) and agrees with --jobs 1."""
    ray = pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    argv = ["simulate", "chuanpai", "-n", "6", "--seed", "2", "--json"]
    one = _counts([*argv, "--jobs", "1"], capsys)
    assert _counts([*argv, "--backend", "ray", "--jobs", "2"], capsys) == one
    assert not ray.is_initialized()


def test_simulate_on_ray_without_ray_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    assert main(["simulate", "hunan", "-n", "2", "--backend", "ray"]) == 2
    assert 'pip install -e ".[ray]"' in capsys.readouterr().err


def test_simulate_refuses_an_unknown_backend(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "hunan", "--backend", "dask"])
    assert stop.value.code == 2
    assert "invalid choice: 'dask'" in capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_output_that_cannot_write_hanzi_is_written_in_utf8(encoding: str) -> None:
    """A file or pipe under a legacy code page (Windows' usual case, ``PYTHONIOENCODING``):
    every output command printed a UnicodeEncodeError traceback; it writes UTF-8.
    Issue 12 (typed errors, one public face).
    """
    command = [sys.executable, "-m", "changpai", "analyze", "hunan", "--sample"]
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "跑胡子" in done.stdout.decode("utf-8")


def test_an_empty_hand_is_read_with_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    """chuanpai.md §2.5: a 川牌 winner may hold every unit laid out — ``analyze V ""`` with
    ``--exposed`` reads it (refused as "needs a hand", though the library reads it); an empty
    hand alone, or a hand with ``--sample``, is still refused.
    Issue 12 (typed errors, one public face).
    """
    table = "碰 55 55 55; 擺 46 46; 擠兒 66 44"
    assert main(["analyze", "yaodiren", "", "--exposed", table, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] is True
    assert main(["analyze", "yaodiren", ""]) == 2
    assert "needs a hand" in capsys.readouterr().err
    assert main(["analyze", "hunan", "x1", "--sample"]) == 2
    assert "not both" in capsys.readouterr().err


def test_analyze_takes_the_hand_after_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``changpai analyze duzihu --jiang "HH 3w" "<hand>"``: the hand may follow the options
    (docs/nantong.md writes ``--jiang`` after the variant); argparse refused it as an
    unrecognized argument (review h34). Two words left over are still refused."""
    hand = "123b 456b 789b 123t 456t 789t 123w 5w"
    assert main(["analyze", "duzihu", hand, "--jiang", "HH 3w", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["analyze", "duzihu", "--jiang", "HH 3w", "--json", hand]) == 0
    assert capsys.readouterr().out == first
    with pytest.raises(SystemExit) as exit_:
        main(["analyze", "hunan", "--json", "一二三", "四五六"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: 一二三 四五六" in capsys.readouterr().err


def test_analyze_takes_the_hand_after_a_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    """``changpai analyze duzihu --jiang "HH 3w" -- "<hand>"``: the POSIX ``--`` ends the options
    (a hand may then start with ``-`` and is read as cards); it was an unrecognized argument
    after an option (review h34). Two words after it are still refused."""
    hand = "123b 456b 789b 123t 456t 789t 123w 5w"
    assert main(["analyze", "duzihu", hand, "--jiang", "HH 3w", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["analyze", "duzihu", "--jiang", "HH 3w", "--json", "--", hand]) == 0
    assert capsys.readouterr().out == first
    assert main(["analyze", "hunan", "--", "-x1"]) == 2
    assert "'-x1'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["analyze", "hunan", "--json", "--", "一二三", "四五六"])
    assert exit_.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err


def test_analyze_prints_a_xiaogan_win_with_a_card_left_over(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """xiaogan.md §5: 16 laid out wins with a card left over, and a hand may win with a card
    that is no wait (a card stays loose whatever comes). ``changpai analyze`` printed only "not
    complete; waits for nothing" for both (review h41): it prints the laying-out, the score
    sheet of the win and the cards it would win with, as ``str(analysis)`` does."""
    assert main(["analyze", "xiaogan", "上大人 邱乙己 化三千 七十士 九九九九 混江"]) == 0
    out = capsys.readouterr().out
    assert "laid out: 16 張" in out and "loose 混江 — wins" in out
    assert "seat 1 pays seat 0: 1" in out
    assert main(["analyze", "xiaogan", "上大人 邱乙己 化三千 九九九九 爾小 可"]) == 0
    out = capsys.readouterr().out
    assert "waits for nothing" in out and "— no win yet" in out
    assert "wins with:\n  生: 16 張" in out
    assert main(["analyze", "xiaogan", "上大人 邱乙己 化三千 九九九九 爾小"]) == 0
    assert "wins with" not in capsys.readouterr().out  # (its waits say it)
    # all formed but 15 laid out: complete, yet no win — the CLI said only "complete: 15 張"
    # (review h46)
    assert main(["analyze", "xiaogan", "上大人 邱乙己 化三千 七十士 可知禮"]) == 0
    assert "laid out: 15 張 — may abandon (§5)" in capsys.readouterr().out
    assert main(["analyze", "xiaogan", "上大人 邱乙己 化三千 七十士 九九九九"]) == 0
    assert "laid out" not in capsys.readouterr().out  # (a complete win: its sheet says it)


def test_jobs_beyond_the_most_is_named_as_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs`` above ``MOST_JOBS`` is refused in the option's own words, as ``--jobs -1``
    (it said ``jobs=100000``, the library's keyword — review h34)."""
    from changpai.core.playout import MOST_JOBS

    assert main(["simulate", "hunan", "-n", "1", "--jobs", str(MOST_JOBS + 1)]) == 2
    assert f"--jobs {MOST_JOBS + 1}: at most {MOST_JOBS} processes" in capsys.readouterr().err


def test_ctrl_c_ends_the_progress_line_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C after the bar was drawn ends its line, so "interrupted" stands alone (it was
    printed at the end of the bar — review h34)."""

    def drawn_then_interrupted(*args: object, progress: object = None, **kwargs: object) -> None:
        assert callable(progress)
        progress(3, 10)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", drawn_then_interrupted)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "hunan", "-n", "10"]) == 130
    lines = capsys.readouterr().err.split("\n")
    assert "3/10" in lines[0] and lines[1] == "interrupted"


def test_main_refuses_one_string(capsys: pytest.CaptureFixture[str]) -> None:
    """``main("analyze hunan x1")`` — a string, not a list of words — exits with 2 and says so
    (review h60: argparse read each letter as a word, "invalid choice: 'a'")."""
    assert main("analyze hunan x1") == 2  # type: ignore[arg-type]
    assert "is one string; give a list of words" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["--help"], ["analyze", "--help"]])
def test_help_that_cannot_write_hanzi_is_written_in_utf8(command: list[str]) -> None:
    """The help texts hold hanzi: under ``PYTHONIOENCODING=ascii`` they printed a
    UnicodeEncodeError traceback (argparse prints them before the output was set to UTF-8,
    review h97)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-m", "changpai", *command], capture_output=True, env=env, check=False
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "長牌" in done.stdout.decode("utf-8") or "碰" in done.stdout.decode("utf-8")


def test_hanzi_words_are_read_outside_utf8_mode() -> None:
    """Under a C locale without UTF-8 mode Python keeps the bytes of a hanzi word as
    surrogates: ``analyze 跑胡子`` was an unknown variant (review h97)."""
    env = {
        **os.environ,
        "PYTHONUTF8": "0",
        "LC_ALL": "C",
        "PYTHONPATH": os.pathsep.join(sys.path),
    }
    command = [sys.executable, "-m", "changpai", "analyze", "跑胡子", "一二三 四五六"]
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "一 二 三 四 五 六" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("argv", [[1], ["analyze", "hunan", 5], 7])
def test_words_that_are_not_text_are_refused(
    argv: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main`` reads a list of words: anything else is one line and status 2, not a
    TypeError (review h97)."""
    assert main(argv) == 2  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert err.startswith("error: argv") and err.count("\n") == 1


def test_a_blank_hand_needs_a_hand_as_an_empty_one(capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze hunan " "`` printed an empty analysis where ``""`` is refused (review h97)."""
    assert main(["analyze", "hunan", " "]) == 2
    assert "needs a hand" in capsys.readouterr().err
    assert main(["analyze", "hunan", " ", "--exposed", " "]) == 2  # (review h101)
    assert "needs a hand" in capsys.readouterr().err
