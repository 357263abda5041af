"""Benchmarks of the 川牌 family: parsing, best decomposition, waits and scoring on random hands;
the 擠兒 engine: random games, legal actions, copies, documents and a match.

Run: ``.venv/bin/python benchmarks/bench_chuanpai.py`` (prints figures; nothing is asserted).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from changpai import chuanpai

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01 to keep it runnable).
SCALE = float(os.environ.get("CHANGPAI_BENCH_SCALE", "1"))


def scaled(n: int) -> int:
    """``n`` times the scale, at least 1."""
    return max(1, int(n * SCALE))


def _rate(label: str, func: Callable[[], object], repeat: int) -> None:
    repeat = scaled(repeat)
    start = time.perf_counter()
    for _ in range(repeat):
        func()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {repeat / elapsed:>12,.0f} /s   ({elapsed * 1e6 / repeat:,.1f} µs each)")


def main() -> None:
    rng = random.Random(7)
    deck = list(chuanpai.DECK105)
    hands = []
    for _ in range(300):
        rng.shuffle(deck)
        hands.append(tuple(deck[:18]))
    texts = [chuanpai.format(h) for h in hands]
    print("changpai.chuanpai benchmarks (random 18-card hands from deck105)")
    it = iter(range(10**9))
    _rate("parse (18 names)", lambda: chuanpai.parse(texts[next(it) % 300]), 3000)
    chuanpai.hand._best.cache_clear()
    it = iter(range(10**9))
    _rate(
        "best_decomposition, cold cache (18 cards)",
        lambda: chuanpai.best_decomposition(hands[next(it) % 300]),
        300,
    )
    _rate(
        "best_decomposition, warm cache (18 cards)",
        lambda: chuanpai.best_decomposition(hands[next(it) % 300]),
        3000,
    )
    it = iter(range(10**9))
    _rate("waits (17 cards)", lambda: chuanpai.waits(hands[next(it) % 300][:17]), 100)
    complete = [
        chuanpai.parse("66 44 55 55 16 34 25 33 33 33 13 24 11 26 56 45 46 46"),
    ]
    _rate(
        "decompositions, full list (complete hand)",
        lambda: list(chuanpai.decompositions(complete[0])),
        200,
    )
    best = chuanpai.best_decomposition(complete[0])
    assert best is not None
    _rate("score (complete hand)", lambda: chuanpai.score(best), 5000)
    formed = sum(chuanpai.is_complete(h) for h in hands)
    print(f"complete random 18-card hands: {formed}/300")

    for rules in (chuanpai.YAODIREN, chuanpai.GEHU):
        games = scaled(200)
        start = time.perf_counter()
        stats = chuanpai.simulate(rules, games, seed=1)
        elapsed = time.perf_counter() - start
        decisions = sum(
            count
            for kind, count in stats.action_counts.items()
            if kind in ("lay", "ready", "discard", "claim", "pass")
        )
        print(
            f"random games, {rules.name:<9} {games / elapsed:>10,.0f} games/s  "
            f"{decisions / elapsed:>10,.0f} decisions/s"
        )
    start = time.perf_counter()
    match = chuanpai.Match(chuanpai.YAODIREN, 1).play(scaled(100))
    elapsed = time.perf_counter() - start
    print(f"Match.play (幺地人, random play)     {len(match.games) / elapsed:>10,.0f} hands/s")
    game = chuanpai.Game(chuanpai.YAODIREN, seed=3)
    _rate("Game.copy (fresh 幺地人 game)", game.copy, 2000)
    played = chuanpai.random_game(chuanpai.YAODIREN, 3)
    _rate("Game.copy (played 幺地人 game)", played.copy, 2000)
    mid = chuanpai.Game(chuanpai.YAODIREN, seed=5)
    chooser = random.Random(5)
    for _ in range(20):
        mid.apply(chooser.choice(mid.legal_actions(mid.to_act[0])))

    def fresh_legal() -> object:
        mid._legal_cache = None  # measure the generation, not the cache
        return mid.legal_actions(mid.to_act[0])

    _rate("legal_actions (mid-game, uncached)", fresh_legal, 5000)
    _rate("view (mid-game)", lambda: mid.view(mid.to_act[0]), 2000)
    _rate(
        "Game.to_json + from_json (fresh game)",
        lambda: chuanpai.Game.from_json(game.to_json()),
        200,
    )


if __name__ == "__main__":
    main()
