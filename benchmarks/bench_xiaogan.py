"""Benchmarks of the 孝感長牌 family: parsing, best decomposition, best laying-out, waits and
scoring on random hands, random games, matches, copies and documents.

Run: ``.venv/bin/python benchmarks/bench_xiaogan.py`` (prints figures; nothing is asserted).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from changpai import xiaogan
from changpai.xiaogan import hand as xiaogan_hand

# CHANGPAI_BENCH_SCALE shrinks every size (the test suite runs each benchmark at 0.01).
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
    print(f"{label:<46} {repeat / elapsed:>12,.0f} /s   ({elapsed * 1e6 / repeat:,.1f} µs each)")


def main() -> None:
    rng = random.Random(7)
    deck = list(xiaogan.DECK)
    hands = []
    for _ in range(300):
        rng.shuffle(deck)
        hands.append(tuple(deck[:16]))
    texts = [xiaogan.format(h) for h in hands]
    print("changpai.xiaogan benchmarks (random 16-card hands from the 121-card deck)")
    it = iter(range(10**9))
    _rate("parse (16 hanzi)", lambda: xiaogan.parse(texts[next(it) % 300]), 3000)
    xiaogan_hand.best_units.cache_clear()
    it = iter(range(10**9))
    _rate(
        "best_decomposition, cold cache (16 cards)",
        lambda: xiaogan.best_decomposition(hands[next(it) % 300]),
        300,
    )
    _rate(
        "best_decomposition, warm cache (16 cards)",
        lambda: xiaogan.best_decomposition(hands[next(it) % 300]),
        3000,
    )
    xiaogan_hand._partial.cache_clear()
    it = iter(range(10**9))
    _rate(
        "best_layout, cold cache (16 cards)",
        lambda: xiaogan.best_layout(hands[next(it) % 300]),
        300,
    )
    _rate(
        "best_layout, warm cache (16 cards)",
        lambda: xiaogan.best_layout(hands[next(it) % 300]),
        3000,
    )
    it = iter(range(10**9))
    _rate("waits (15 cards)", lambda: xiaogan.waits(hands[next(it) % 300][:15]), 100)
    whole = xiaogan.parse("上上上 大大大 人人人 邱乙己 化三千 七十士")
    _rate("decompositions, full list (18 cards)", lambda: list(xiaogan.decompositions(whole)), 200)
    best = xiaogan.best_decomposition(whole)
    assert best is not None
    _rate("score (18-card winning hand)", lambda: xiaogan.score(best), 5000)
    formed = sum(xiaogan.is_complete(h) for h in hands)
    wins = sum(xiaogan.best_layout(h).wins for h in hands)
    print(f"complete random 16-card hands: {formed}/300; laying out 16: {wins}/300")

    options = (
        xiaogan.XIAOGAN,
        xiaogan.XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True),
    )
    for rules in options:
        games = scaled(300)
        start = time.perf_counter()
        stats = xiaogan.simulate(rules, games, seed=1)
        elapsed = time.perf_counter() - start
        print(
            f"random games, {rules!r:<34} {games / elapsed:>8,.0f} games/s "
            f"({stats.wins}/{games} won)"
        )
    start = time.perf_counter()
    match = xiaogan.Match(xiaogan.XIAOGAN, 1).play(scaled(100))
    elapsed = time.perf_counter() - start
    print(
        f"Match.play (random play)                       {len(match.games) / elapsed:>8,.0f} hands/s"
    )
    game = xiaogan.Game(xiaogan.XIAOGAN, 3)
    _rate("Game.copy (fresh game)", game.copy, 2000)
    _rate("Game.legal_actions + view (fresh game)", lambda: game.view(game.to_act[0]), 2000)
    _rate(
        "Game.to_json + from_json (fresh game)", lambda: xiaogan.Game.from_json(game.to_json()), 200
    )
    played = xiaogan.random_game(xiaogan.XIAOGAN, 4)
    _rate(
        f"Game.from_json (played hand, {len(played.log)} records)",
        lambda: xiaogan.Game.from_json(played.to_json()),
        50,
    )


if __name__ == "__main__":
    main()
