"""Benchmarks of the documents of every family: a played hand's game document written and read
back, and a match document read back (every hand dealt again and its decisions checked).

Run: ``.venv/bin/python benchmarks/bench_documents.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3) with its ratio to the
plain baseline of the run (``_baseline.py``). A game server that keeps its games as documents
pays ``from_json`` on each load; the engine's own replay of the same hand is printed beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from _baseline import Baseline, best_rate, scaled

from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai

BASELINE = Baseline()
FAMILIES: tuple[ModuleType, ...] = (zipai, nantong, chuanpai, chuopai, daer, xiaogan)


def _timeit(label: str, count: int, fn: Callable[[], object], unit: str = "/s") -> None:
    print(BASELINE.line(label, best_rate(count, fn), unit))


def bench_family(family: ModuleType) -> None:
    """The document figures of one family: a played hand's game document, then a match's."""
    name = family.__name__.rsplit(".", 1)[-1]
    played = family.random_game(seed=7)
    text = played.to_json()
    print(f"{name}: a played hand of {len(played.log)} records, {len(text):,} chars of JSON")
    n = scaled(300)
    _timeit(f"  {name} Game.to_json (played hand)", n, lambda: [played.to_json() for _ in range(n)])
    load = family.Game.from_json
    _timeit(f"  {name} Game.from_json (played hand)", n, lambda: [load(text) for _ in range(n)])
    log, rules = played.log, played.rules
    _timeit(
        f"  {name} Game.replay of its log (the engine alone)",
        n,
        lambda: [family.Game.replay(log, rules, seed=7) for _ in range(n)],
    )
    hands = max(2, scaled(30))
    match_text = family.Match(seed=3, dealer=0).play(hands).to_json()
    _timeit(
        f"  {name} Match.from_json ({hands} hands), hands read",
        hands,
        lambda: family.Match.from_json(match_text),
        "hands/s",
    )


def main() -> None:
    print(BASELINE.header())
    for family in FAMILIES:
        bench_family(family)
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
