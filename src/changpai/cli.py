"""The ``changpai`` command: list variants, analyze and score a hand, play or simulate games.

>>> main(["variants"])  # doctest: +ELLIPSIS
hunan       跑胡子 ...
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import changpai
from changpai.core.playout import Engine, random_playout, simulate
from changpai.core.variant import Variant
from changpai.errors import ChangpaiError

__all__ = ["SAMPLE_HANDS", "SAMPLE_JIANG", "main"]

SAMPLE_HANDS = {
    # 提 壹壹壹壹 (12) + 將 貳貳 + 叄肆伍, 二七十 (3), 坎 三三三 (3), 六七八, 陸柒捌: 18 胡息, zipai.md §7
    "zipai": "壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌",
    # 飄胡 of 刻子 with 將 紅花 + 三萬 flipped: 990 after ×2 items (nantong.md §7)
    "nantong": "HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t",
    # 天牌 + 人牌 + 三個 55 暗 ... (chuanpai.md §2.6): 6 胡, each loser pays 7
    "chuanpai": "66 44 55 55 55 13 24 16 34 25",
}
"""The built-in sample hand of each family, used by ``changpai analyze <variant> --sample``."""

SAMPLE_JIANG = "HH 3w"
"""The flipped 將 cards used with the nantong sample hand (``--sample``)."""

Handler = Callable[[argparse.Namespace, Variant], int]
Analyzer = Callable[[argparse.Namespace, Variant], tuple[Any, Any]]


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- analyze -------------------------------------------------------------------------------------
# Each analyzer returns (analysis, extra score sheet or None); the analysis has __str__/to_dict().


def _hand_text(args: argparse.Namespace, family: str) -> str:
    text: str | None = SAMPLE_HANDS[family] if args.sample else args.hand
    if text is None:
        raise ChangpaiError(
            f"analyze needs a hand, e.g. changpai analyze {args.variant} \"<cards>\", or --sample"
        )
    return text


def _analyze_zipai(args: argparse.Namespace, entry: Variant) -> tuple[Any, Any]:
    from changpai import zipai

    return zipai.analyze(_hand_text(args, "zipai"), args.exposed or (), entry.rules), None


def _analyze_nantong(args: argparse.Namespace, entry: Variant) -> tuple[Any, Any]:
    from changpai import nantong

    text = _hand_text(args, "nantong")
    jiang = args.jiang if args.jiang is not None else (SAMPLE_JIANG if args.sample else "")
    exposed = args.exposed or ()
    analysis = nantong.analyze(text, exposed, entry.rules, jiang)
    if not analysis.winning:
        return analysis, None
    win_card = args.win_card if args.win_card is not None else ("9t" if args.sample else None)
    sheet = nantong.score(
        text,
        entry.rules,
        exposed=exposed,
        jiang=jiang,
        winning_card=win_card,
        self_drawn=args.self_drawn or args.sample,
    )
    return analysis, sheet


def _analyze_chuanpai(args: argparse.Namespace, entry: Variant) -> tuple[Any, Any]:
    from changpai import chuanpai

    text = _hand_text(args, "chuanpai")
    exposed = [chuanpai.Meld.parse(p) for p in (args.exposed or "").split(";") if p.strip()]
    return chuanpai.analyze(text, exposed, rules=entry.rules), None


_ANALYZERS: dict[str, Analyzer] = {
    "zipai": _analyze_zipai,
    "nantong": _analyze_nantong,
    "chuanpai": _analyze_chuanpai,
}
# Options that only one family understands; given for another family they are an error.
_FAMILY_OPTIONS = {"jiang": "nantong", "win_card": "nantong", "self_drawn": "nantong"}


def _analyze(args: argparse.Namespace, entry: Variant) -> int:
    for option, family in _FAMILY_OPTIONS.items():
        if getattr(args, option) not in (None, False) and entry.family != family:
            flag = "--" + option.replace("_", "-")
            raise ChangpaiError(f"{flag} is a {family} option; {entry.name!r} is {entry.family}")
    analyzer = _ANALYZERS.get(entry.family)
    if analyzer is None:
        families = ", ".join(sorted(_ANALYZERS))
        raise ChangpaiError(
            f"'analyze' is not available for {entry.name!r} ({entry.family}); "
            f"it is for the families: {families}"
        )
    analysis, sheet = analyzer(args, entry)
    if args.json:
        data = analysis.to_dict()
        data["variant"] = entry.name
        if sheet is not None:
            data["score"] = sheet.to_dict()
        _print_json(data)
        return 0
    print(f"{entry.title} ({entry.name})")
    print(analysis)
    if sheet is not None:
        print(sheet)
    return 0


# --- play and simulate ---------------------------------------------------------------------------


def _new_game(entry: Variant, seed: int) -> Engine:
    module = importlib.import_module(f"changpai.{entry.family}")
    if not hasattr(module, "Game"):
        raise ChangpaiError(f"{entry.name!r} ({entry.family}) has no game engine yet")
    game: Engine = module.Game(entry.rules, seed=seed)
    return game


def _entry_text(entry: Any) -> str:
    action = getattr(entry, "action", entry)
    text = str(action)
    draws = getattr(entry, "draws", ())
    if draws:
        text += "  (draws: " + ", ".join(f"seat {seat} {card}" for seat, card in draws) + ")"
    return text


def _play(args: argparse.Namespace, entry: Variant) -> int:
    game = random_playout(_new_game(entry, args.seed), random.Random(args.seed))
    if args.json:
        print(game.to_json())  # type: ignore[attr-defined]
        return 0
    module = importlib.import_module(f"changpai.{entry.family}")
    transcript = getattr(module, "transcript", None)
    if transcript is not None:
        print(transcript(game))
        return 0
    print(f"{entry.title} ({entry.name}), seed {args.seed}, random players")
    for number, record in enumerate(game.log, 1):
        print(f"{number:4d}. {_entry_text(record)}")
    print(game.result)
    return 0


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total if total else width
    end = "\n" if done == total else ""
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end=end, file=sys.stderr)


# The score-sheet facts worth averaging over the wins, per family.
_MEAN_FACTS = {"zipai": ("huxi", "reds"), "nantong": ("total",), "chuanpai": ("hu", "units")}
# What each family calls a hand that ends without a winner.
_NO_WINNER = {"zipai": "荒莊 (no winner)", "nantong": "荒牌 (no winner)"}


def _simulate(args: argparse.Namespace, entry: Variant) -> int:
    progress = None if args.quiet or args.json else _progress_bar
    stats = simulate(
        lambda seed: _new_game(entry, seed),
        args.n,
        seed=args.seed,
        name=entry.name,
        progress=progress,
        facts=_MEAN_FACTS.get(entry.family, ()),
        no_winner_label=_NO_WINNER.get(entry.family, "no winner"),
    )
    if args.json:
        _print_json(stats.to_dict())
    else:
        print(stats)
    return 0


# --- driver --------------------------------------------------------------------------------------


def _variants(args: argparse.Namespace) -> int:
    for entry in changpai.variants():
        names = ", ".join(entry.aliases)
        print(f"{entry.name:<11} {entry.title}  [{entry.family}]  aliases: {names}")
        if args.verbose and entry.description:
            print(f"            {entry.description}")
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
    analyze.add_argument("--jiang", help="nantong: the two flipped 將 cards, e.g. 'HH 3w'")
    analyze.add_argument("--win-card", help="nantong: the card the hand won on")
    analyze.add_argument("--self-drawn", action="store_true", help="nantong: won by 自摸")
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
    many.add_argument("--quiet", action="store_true", help="no progress bar")
    many.add_argument("--json", action="store_true", help="print JSON for machines")
    many.set_defaults(run=_with_variant(_simulate))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for invalid input).

    >>> main(["analyze", "hunan", "x11"])  # the error message goes to stderr
    2
    """
    args = _parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except ChangpaiError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (e.g. `| head`) closed the pipe: stop quietly, as the Python docs advise.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
