"""The ``changpai`` command: list variants, analyze and score a hand, play or simulate games.

>>> main(["variants"])  # doctest: +ELLIPSIS
hunan        跑胡子 ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import changpai
from changpai.core.analysis import analysis_text as core_analysis_text
from changpai.core.guard import clipped
from changpai.core.playout import BACKENDS, MOST_JOBS, random_playout, simulate
from changpai.core.variant import Variant
from changpai.errors import ChangpaiError

__all__ = ["MAX_HANDS", "analysis_text", "main"]

MAX_HANDS = 10_000_000
"""The most hands ``changpai simulate -n`` plays in one run."""

Handler = Callable[[argparse.Namespace, Variant], int]

# Options of ``analyze`` that only some families understand: (CLI option, keyword of analyze).
_FAMILY_OPTIONS = (
    ("jiang", "jiang"),
    ("win_card", "winning_card"),
    ("self_drawn", "self_drawn"),
    ("seen", "seen"),
)


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- analyze -------------------------------------------------------------------------------------


def _analyze(args: argparse.Namespace, entry: Variant) -> int:
    module = entry.module
    analyze = getattr(module, "analyze", None)
    if analyze is None:
        raise ChangpaiError(
            f"'analyze' reads melds; {clipped(entry.name)} ({entry.title}) is a game without meld "
            "analysis — try 'changpai play' or 'changpai simulate'"
        )
    if args.sample and args.hand is not None:
        raise ChangpaiError(f"analyze takes a hand ({clipped(args.hand)}) or --sample, not both")
    text: str | None = entry.sample if args.sample else args.hand
    # (an empty hand is read with its table: a 川牌 winner may hold every unit laid out)
    if text is None or (not text.strip() and not (args.exposed or "").strip()):
        raise ChangpaiError(
            f'analyze needs a hand, e.g. changpai analyze {args.variant} "<cards>", or --sample'
        )
    accepted = inspect.signature(analyze).parameters
    keywords: dict[str, Any] = {"rules": entry.rules}
    for option, keyword in _FAMILY_OPTIONS:
        value = getattr(args, option)
        if value in (None, False):
            continue
        if keyword not in accepted:
            flag = "--" + option.replace("_", "-")
            raise ChangpaiError(
                f"{flag} is not an option of {clipped(entry.name)} ({entry.family})"
            )
        keywords[keyword] = value
    if args.sample:
        keywords.update((key, value) for key, value in entry.sample_options if key not in keywords)
    try:
        exposed = module.parse_melds(args.exposed or "")
    except ChangpaiError as error:  # (the option named: review h130)
        raise type(error)(f"--exposed: {error}") from None
    try:
        analysis = analyze(text, exposed, **keywords)
    except ChangpaiError as error:  # (named by the options typed, not the keywords — h124)
        raise type(error)(_as_options(str(error))) from None
    if args.json:
        _print_json(analysis.to_dict())
        return 0
    print(analysis_text(analysis, entry))
    return 0


def _as_options(message: str) -> str:
    """An error of ``analyze`` naming its keywords as the command's options.

    >>> _as_options("winning_card='5w' and self_drawn=True describe a win; jiang=2t 3w")
    "--win-card '5w' and --self-drawn describe a win; --jiang 2t 3w"
    """
    for option, keyword in _FAMILY_OPTIONS:
        flag = "--" + option.replace("_", "-")
        message = message.replace(f"{keyword}=True", flag).replace(f"{keyword}= ", f"{flag} ")
        message = message.replace(f"{keyword}=", f"{flag} ")
    return message


def analysis_text(analysis: Any, entry: Variant) -> str:
    """The one printed layout of ``changpai analyze`` for every family — ``str(analysis)``
    headed by the variant (:func:`changpai.core.analysis.analysis_text`): the cards (and table
    melds), then the best reading and its score sheet, or every wait with the reading it
    would make.

    >>> import changpai
    >>> entry = changpai.variant("hunan")
    >>> text = analysis_text(entry.module.analyze(entry.sample, rules=entry.rules), entry)
    >>> for line in text.splitlines()[:3]:
    ...     print(line)
    跑胡子 (hunan)
    cards: 壹 壹 壹 壹 貳 貳 叄 肆 伍 二 七 十 三 三 三 六 七 八 陸 柒 捌
    complete: 18 胡息: 坎 三三三  提 壹壹壹壹  句 二七十  句 六七八  將 貳貳  句 叄肆伍  句 陸柒捌
    """
    return core_analysis_text(analysis, f"{entry.title} ({entry.name})", analysis.value_name)


# --- play and simulate ---------------------------------------------------------------------------


def _play(args: argparse.Namespace, entry: Variant) -> int:
    game = random_playout(entry.game(args.seed), random.Random(args.seed))
    if args.json:
        print(game.to_json())
        return 0
    print(entry.module.transcript(game))
    return 0


class _Progress:
    """A progress bar on a terminal: done/total, rate and time left, redrawn at most 10 times a
    second; nothing when stderr is not a terminal."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.drawn = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done != total and now - self.drawn < 0.1:
            return
        self.drawn = now
        width = 30
        filled = width * done // total if total else width
        rate = done / (now - self.start) if now > self.start else 0.0
        left = (total - done) / rate if rate else 0.0
        end = "\n" if done == total else ""
        print(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {rate:,.0f}/s "
            f"{left:,.0f}s left ",
            end=end,
            file=sys.stderr,
            flush=True,
        )


def _simulate(args: argparse.Namespace, entry: Variant) -> int:
    if args.jobs < 0:
        raise ChangpaiError(
            f"--jobs {args.jobs}: the number of processes must be 0 (one per usable CPU) or more"
        )
    if not 0 <= args.n <= MAX_HANDS:
        raise ChangpaiError(f"-n {args.n}: the number of hands must be between 0 and {MAX_HANDS:,}")
    if args.jobs > MOST_JOBS:
        raise ChangpaiError(f"--jobs {args.jobs}: at most {MOST_JOBS} processes")
    show = not (args.quiet or args.json) and sys.stderr.isatty()
    progress = _Progress() if show else None
    try:
        stats = simulate(
            entry.module.Game,
            args.n,
            rules=entry.rules,
            seed=args.seed,
            progress=progress,
            name=entry.name,
            jobs=args.jobs,
            backend=args.backend,
        )
    except KeyboardInterrupt:
        if progress is not None and progress.drawn:
            print(file=sys.stderr)  # (the bar's line ends before "interrupted")
        raise
    if args.json:
        _print_json(stats.to_dict())
    else:
        print(stats)
    return 0


# --- driver --------------------------------------------------------------------------------------


def _variants(args: argparse.Namespace) -> int:
    entries = changpai.variants()
    width = max(len(entry.name) for entry in entries)  # (the names in one column)
    for entry in entries:
        names = ", ".join(entry.aliases)
        print(f"{entry.name:<{width}} {entry.title}  [{entry.family}]  aliases: {names}")
        if args.verbose and entry.description:
            print(f"{'':<{width}} {entry.description}")
    return 0


def _with_variant(handler: Handler) -> Callable[[argparse.Namespace], int]:
    """Look the variant argument up (a RulesError names the known ones), then run ``handler``."""

    def run(args: argparse.Namespace) -> int:
        return handler(args, changpai.variant(args.variant))

    return run


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="changpai", description="Chinese long-card games (長牌): analyze, score, play."
    )
    parser.add_argument("--version", action="version", version=f"changpai {changpai.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    listing = commands.add_parser("variants", help="list the playable variants and their aliases")
    listing.add_argument("-v", "--verbose", action="store_true", help="also print descriptions")
    listing.set_defaults(run=_variants)

    analyze = commands.add_parser("analyze", help="decompose and score a hand")
    analyze.add_argument("variant", help="variant id or alias, e.g. hunan, 跑胡子")
    analyze.add_argument("hand", nargs="?", help="the concealed cards, codes or hanzi")
    analyze.add_argument(
        "--exposed", help="exposed melds, ';'-separated, e.g. '碰 一一一; 吃 壹貳叄'"
    )
    analyze.add_argument("--sample", action="store_true", help="analyze the built-in sample hand")
    analyze.add_argument("--jiang", help="南通: the two flipped 將 cards, e.g. 'HH 3w'")
    analyze.add_argument("--win-card", help="南通: the card the hand won on")
    analyze.add_argument("--self-drawn", action="store_true", help="南通: won by 自摸")
    analyze.add_argument(
        "--seen", help="南通: the other seats' declared melds, e.g. '5w 5w 5w; 明杠 HH HH HH HH'"
    )
    analyze.add_argument("--json", action="store_true", help="print JSON for machines")
    analyze.set_defaults(run=_with_variant(_analyze))

    play = commands.add_parser("play", help="print one hand played by random players")
    play.add_argument("variant", help="variant id or alias")
    play.add_argument("--seed", type=int, default=0, help="shuffle and choices seed (default 0)")
    play.add_argument("--json", action="store_true", help="print the game as JSON (replayable)")
    play.set_defaults(run=_with_variant(_play))

    many = commands.add_parser("simulate", help="play many random hands and print statistics")
    many.add_argument("variant", help="variant id or alias")
    many.add_argument("-n", type=int, default=1000, help="number of hands (default 1000)")
    many.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    many.add_argument(
        "--jobs",
        type=int,
        default=0,
        help="processes to play in, or CPUs of a local Ray instance (default 0: one per CPU "
        f"this process may use; at most {MOST_JOBS})",
    )
    many.add_argument(
        "--backend",
        choices=BACKENDS,
        default="processes",
        help="where the hands are played: local processes (default) or Ray (the ray extra; "
        "the cluster RAY_ADDRESS names, else a local instance)",
    )
    many.add_argument("--quiet", action="store_true", help="no progress bar")
    many.add_argument("--json", action="store_true", help="print JSON for machines")
    many.set_defaults(run=_with_variant(_simulate))
    return parser


def _words(argv: object) -> list[str] | str:
    """The command's words, or the reason they cannot be read: ``argv`` one string (argparse
    would read each character as a word: review h60) or holding something else than text.
    A word the system could not decode (its bytes kept as surrogates, as Python does outside
    UTF-8 mode under a C locale) is read as UTF-8 when it is UTF-8 (review h97: hanzi words
    were unknown variants and cards)."""
    if argv is None:
        argv = sys.argv[1:]
    if isinstance(argv, (str, bytes)):
        return (
            f"argv={clipped(argv):.60} is one string; give a list of words (e.g. shlex.split(text))"
        )
    try:
        given: list[object] = list(argv)  # type: ignore[call-overload]
    except TypeError:
        return f"argv={clipped(argv):.60} is not a list of words"
    words: list[str] = []
    for k, word in enumerate(given):
        if not isinstance(word, str):
            return f"argv[{k}]={clipped(word):.60} is not text (a str)"
        if any("\udc80" <= ch <= "\udcff" for ch in word):
            # (not UTF-8: read as it came, and refused as what it is)
            with contextlib.suppress(UnicodeEncodeError, UnicodeDecodeError):
                word = os.fsencode(word).decode("utf-8")
        words.append(word)
    return words


def _utf8_output() -> None:
    """Write UTF-8 where the output streams cannot write hanzi (a file or pipe under a legacy
    code page, ``PYTHONIOENCODING=ascii``): every command prints cards as hanzi, and JSON is
    UTF-8 text (an encoding error was a traceback)."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "長牌".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(encoding="utf-8")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, with ``analyze``'s hand also after an option: argparse fills ``variant``
    and the optional ``hand`` at the first positional word, so in ``analyze duzihu --jiang
    "HH 3w" "123b …"`` the hand was an unrecognized argument. A hand after ``--`` is a hand
    even when it starts with ``-`` (argparse leaves that ``--`` among the unknown words)."""
    args, extra = parser.parse_known_args(argv)
    if args.command == "analyze" and args.hand is None:
        if len(extra) == 2 and extra[0] == "--":
            args.hand = extra.pop()
            extra.pop()
        elif len(extra) == 1 and not extra[0].startswith("-"):
            args.hand = extra.pop()
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``: its words, default ``sys.argv[1:]``); returns the exit
    status (2 for invalid input). As any ``argparse`` program, ``--help`` and a word argparse
    refuses (an unknown option, a bad number) end in ``SystemExit`` (0, 2) instead.

    >>> main(["analyze", "hunan", "x11"])  # the error message goes to stderr
    2
    >>> main("analyze hunan x1")  # one string is not a list of words
    2
    >>> main(["analyze", "hunan", 5])  # every word is text
    2
    """
    _utf8_output()  # (before argparse: --help prints hanzi too)
    words = _words(argv)
    if isinstance(words, str):
        print(f"error: {words}", file=sys.stderr)
        return 2
    args = _parse(_parser(), words)
    try:
        status: int = args.run(args)
    except ChangpaiError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) closed the pipe: stop quietly, as the Python docs advise.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
