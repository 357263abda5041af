"""Benchmarks of the 孝感長牌 family: parsing, best decomposition, best laying-out, waits and
scoring on random hands, random games, matches, copies and documents.

Run: ``.venv/bin/python benchmarks/bench_xiaogan.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3, the caches emptied before
each pass of a cold figure) with its ratio to the plain baseline of the run (``_baseline.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from _baseline import Baseline, best_rate, scaled

import changpai
from changpai import xiaogan
from changpai.core.playout import SimulationStats

BASELINE = Baseline()


def _timeit(
    label: str, count: int, fn: Callable[[], object], cold: bool = False, unit: str = "/s"
) -> None:
    """Print the best of the passes of ``fn`` (the caches emptied before each when ``cold``)."""
    print(BASELINE.line(label, best_rate(count, fn, before=_clear if cold else None), unit))


def _clear() -> None:
    changpai.clear_caches()  # (the 孝感 hand caches are registered in changpai.core.caches)


def _simulate(rules: xiaogan.Rules, games: int, found: list[SimulationStats]) -> None:
    found.append(xiaogan.simulate(rules, games, seed=1))


def main() -> None:
    print(BASELINE.header())
    rng = random.Random(7)
    deck = list(xiaogan.DECK)
    hands = []
    for _ in range(3000):
        rng.shuffle(deck)
        hands.append(tuple(deck[:16]))
    texts = [xiaogan.format(h) for h in hands[:300]]
    print("changpai.xiaogan (random 16-card hands from the 121-card deck)")
    n = scaled(3000)
    _timeit("parse (16 hanzi)", n, lambda: [xiaogan.parse(texts[i % 300]) for i in range(n)])
    fresh = hands[: scaled(3000)]  # distinct hands: a cold pass takes several ms
    _timeit(
        "best_decomposition, cold cache (16 cards)",
        len(fresh),
        lambda: [xiaogan.best_decomposition(h) for h in fresh],
        cold=True,
    )
    _timeit(
        "best_decomposition, warm cache (16 cards)",
        len(fresh),
        lambda: [xiaogan.best_decomposition(h) for h in fresh],
    )
    _timeit(
        "best_layout, cold cache (16 cards)",
        len(fresh),
        lambda: [xiaogan.best_layout(h) for h in fresh],
        cold=True,
    )
    _timeit(
        "best_layout, warm cache (16 cards)",
        len(fresh),
        lambda: [xiaogan.best_layout(h) for h in fresh],
    )
    ready = [h[:15] for h in hands[: scaled(300)]]
    _timeit(
        "waits (15 cards), cold cache",
        len(ready),
        lambda: [xiaogan.waits(h) for h in ready],
        cold=True,
    )
    whole = xiaogan.parse("上上上 大大大 人人人 邱乙己 化三千 七十士")
    n = scaled(200)
    _timeit(
        "decompositions, full list (18 cards)",
        n,
        lambda: [list(xiaogan.decompositions(whole)) for _ in range(n)],
    )
    best = xiaogan.best_decomposition(whole)
    assert best is not None
    n = scaled(5000)
    _timeit("score (18-card winning hand)", n, lambda: [xiaogan.score(best) for _ in range(n)])
    formed = sum(xiaogan.is_complete(h) for h in hands)
    wins = sum(xiaogan.best_layout(h).wins for h in hands)
    print(
        f"{'(complete random 16-card hands)':<52} {formed:>11,} of {len(hands):,}; "
        f"laying out 16: {wins}"
    )

    options = (
        ("XIAOGAN", xiaogan.XIAOGAN),
        (
            "XIAOGAN, wild 混江 + numeric sentences",
            xiaogan.XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True),
        ),
    )
    games = scaled(300)
    for name, rules in options:
        found: list[SimulationStats] = []
        rates = best_rate(games, partial(_simulate, rules, games, found))
        print(BASELINE.line(f"random games, {name}", rates, "games/s"))
        print(f"{'':<52} ({found[-1].wins}/{games} won)")
    hands_played: list[int] = []
    rates = best_rate(
        1,
        lambda: hands_played.append(len(xiaogan.Match(xiaogan.XIAOGAN, 1).play(scaled(100)).games)),
    )
    rates = [r * k for r, k in zip(rates, hands_played, strict=True)]
    print(BASELINE.line("Match.play (random play)", rates, "hands/s"))
    game = xiaogan.Game(xiaogan.XIAOGAN, 3)
    n = scaled(2000)
    _timeit("Game.copy (fresh game)", n, lambda: [game.copy() for _ in range(n)])
    _timeit(
        "Game.legal_actions + view (fresh game)",
        n,
        lambda: [game.view(game.to_act[0]) for _ in range(n)],
    )
    n = scaled(200)
    _timeit(
        "Game.to_json + from_json (fresh game)",
        n,
        lambda: [xiaogan.Game.from_json(game.to_json()) for _ in range(n)],
    )
    played = xiaogan.random_game(xiaogan.XIAOGAN, 4)
    n = scaled(50)
    _timeit(
        f"Game.from_json (played hand, {len(played.log)} records)",
        n,
        lambda: [xiaogan.Game.from_json(played.to_json()) for _ in range(n)],
    )
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
