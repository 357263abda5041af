"""Benchmarks of the 川牌 family: parsing, best decomposition, waits and scoring on random hands;
the 擠兒 engine: random games, legal actions, copies, documents and a match.

Run: ``.venv/bin/python benchmarks/bench_chuanpai.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3) with its ratio to the
plain baseline of the run (``_baseline.py``); the cold analyses are also compared with the cold
字牌 ``best_decomposition`` of random 21-card hands measured in the same run ("x 字牌"). The
custom rules lines (``YAODIREN.evolve(hu_an=9)``) show both sides of its tables built on demand
(``chuanpai.tables``): cold (searched: every cache emptied before each 100 hands, tables are
built only after ``BUILD_AFTER`` calls) and with its tables built and kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from _baseline import Baseline, best_rate, chunked_rate, scaled
from bench_zipai_hand import zipai_cold_rate, zipai_complete_cold_rate

from changpai import chuanpai
from changpai.core import caches

BASELINE = Baseline()


def _rate(
    label: str, func: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
) -> None:
    repeat = scaled(repeat)

    def run() -> None:
        for _ in range(repeat):
            func()

    rates = best_rate(repeat, run, before=before)
    print(BASELINE.line(label, rates) + f"  {1e6 / max(rates):,.1f} µs each")


def _cold(label: str, hands: list[tuple[chuanpai.Card, ...]], fn: Callable[..., object]) -> float:
    """Hands per second of ``fn`` on fresh hands, every 川牌 cache emptied before each timed
    pass (``clear_caches``: the whole-hand cache and the value caches; the tables of the
    built-in rules are built at import, as 字牌's)."""

    def run(part: Sequence[tuple[chuanpai.Card, ...]]) -> None:
        for cards in part:
            fn(cards)

    rate = chunked_rate(hands, run, chuanpai.clear_caches, chunk=100)
    print(BASELINE.line(label, rate, "hands/s"))
    return rate


def complete_hands(
    n: int, seed: int, rules: chuanpai.Rules, size: int = 18
) -> list[tuple[chuanpai.Card, ...]]:
    """``n`` distinct complete concealed hands of ``size`` cards under ``rules``, built from the
    units players win with (chuanpai.md §2.3): mostly 擠兒, some 暗, 燕, 亮 (the shape of a 起 /
    扛 in hand) and 土夥, within the copies of the rules' deck; the cards shuffled."""
    rng = random.Random(seed)
    limits = [0] * len(chuanpai.CARDS)
    for card in rules.cards():
        limits[card.index] += 1
    dots = [c.index for c in chuanpai.DOT_CARDS if limits[c.index]]
    points = {i: chuanpai.CARDS[i].points for i in dots}
    pairs = [
        (i, j) for i in dots for j in dots if i <= j and points[i] + points[j] in rules.pair_sums
    ]
    sevens = tuple(i for i in dots if points[i] == 7)
    hands: list[tuple[chuanpai.Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    while len(hands) < n:
        counts = [0] * len(chuanpai.CARDS)
        left = size
        while left >= 2:
            roll = rng.random()
            unit: tuple[int, ...]
            if roll < 0.7:
                unit = rng.choice(pairs)
            elif roll < 0.82:
                unit = (rng.choice(dots),) * 3
            elif roll < 0.88:
                unit = sevens
            elif roll < 0.96:
                unit = (rng.choice(dots),) * 4
            else:
                unit = (rng.choice(dots),) * 5
            if len(unit) <= left:
                for i in unit:
                    counts[i] += 1
                left -= len(unit)
        key = tuple(counts)
        if left or key in seen or any(c > m for c, m in zip(counts, limits, strict=True)):
            continue
        seen.add(key)
        cards = [chuanpai.CARDS[i] for i, c in enumerate(counts) for _ in range(c)]
        rng.shuffle(cards)
        hands.append(tuple(cards))
    return hands


def _complete_cold(zipai_complete: float) -> None:
    """Fresh complete hands of 幺地人 and 割胡 (alternating), cold: every 川牌 cache emptied
    (``clear_caches``) before each timed pass; then the same with only the whole-hand cache of
    the search emptied (its value caches kept warm: the figure of this script before 0.3; hands
    without 經牌 of the built-in rules are read from the answer tables built at import, which
    no clear empties, as 字牌's tables)."""
    half = scaled(10_000) // 2
    rules_of = (chuanpai.YAODIREN, chuanpai.GEHU)
    lists = [complete_hands(half, 11 + r, rules) for r, rules in enumerate(rules_of)]
    cases = [(h, rules_of[r]) for pair in zip(*lists, strict=True) for r, h in enumerate(pair)]

    def run(part: Sequence[tuple[tuple[chuanpai.Card, ...], chuanpai.Rules]]) -> None:
        for cards, rules in part:
            chuanpai.best_decomposition(cards, rules=rules)

    for label, clear in (
        ("best_decomposition, fresh complete hands, cold", chuanpai.clear_caches),
        ("  the same, only the whole-hand cache emptied", chuanpai.hand._searched.cache_clear),
    ):
        rate = chunked_rate(cases, run, clear, chunk=100)
        print(BASELINE.line(label, rate, "hands/s"))
        print(f"{'':<52} = {rate / zipai_complete:.2f} x 字牌 complete-hand cold")


CUSTOM = chuanpai.YAODIREN.evolve(hu_an=9)


def _clear_but_tables() -> None:
    """Empty every 川牌 cache but those of ``chuanpai.tables`` (the tables built on demand)."""
    for name, entry in caches._REGISTRY.items():
        if entry.family == "chuanpai" and not name.startswith("changpai.chuanpai.tables."):
            entry.clear()


def _custom_cold(
    fresh: list[tuple[chuanpai.Card, ...]], zipai: float, zipai_complete: float
) -> None:
    """Fresh random and complete hands of a custom rules object (``CUSTOM``), cold: searched
    (every cache emptied before each 100 hands: the tables built on demand too, and the calls
    counted before building them), then with its tables built and kept (every other cache
    emptied); and the time to build them."""
    complete = complete_hands(scaled(10_000), 13, CUSTOM)
    for what, hands, against, label in (
        ("fresh 18 cards", fresh, zipai, "best_decomposition cold"),
        ("fresh complete", complete, zipai_complete, "complete-hand cold"),
    ):

        def run(part: Sequence[tuple[chuanpai.Card, ...]]) -> None:
            for cards in part:
                chuanpai.best_decomposition(cards, rules=CUSTOM)

        for line, clear in (
            (f"best_decomposition, {what}, hu_an=9, cold", chuanpai.clear_caches),
            ("  the same, its tables built on demand kept", _clear_but_tables),
        ):
            if clear is _clear_but_tables:
                for _ in range(chuanpai.tables.BUILD_AFTER):
                    chuanpai.tables.plain_tables(CUSTOM)  # the calls that build them
            rate = chunked_rate(hands, run, clear, chunk=100)
            print(BASELINE.line(line, rate, "hands/s"))
            print(f"{'':<52} = {rate / against:.2f} x 字牌 {label}")

    built = max(best_rate(1, lambda: chuanpai.tables._build(CUSTOM)))
    print(f"{'answer tables of hu_an=9 (built on demand)':<52} {1e3 / built:10.1f} ms")


def main() -> None:
    print(BASELINE.header())
    zipai = zipai_cold_rate(scaled(20_000))
    print(BASELINE.line("字牌 best_decomposition, random 21 cards, cold", zipai, "hands/s"))
    zipai_complete = zipai_complete_cold_rate(scaled(10_000))
    print(BASELINE.line("字牌 best_decomposition, complete hands, cold", zipai_complete, "hands/s"))
    rng = random.Random(7)
    deck = list(chuanpai.DECK105)
    hands = []
    for _ in range(300):
        rng.shuffle(deck)
        hands.append(tuple(deck[:18]))
    fresh = []
    for _ in range(scaled(10_000)):
        rng.shuffle(deck)
        fresh.append(tuple(deck[:18]))
    texts = [chuanpai.format(h) for h in hands]
    print("changpai.chuanpai benchmarks (random 18-card hands from deck105)")
    rate = _cold(
        "best_decomposition, fresh 18-card hands, cold", fresh, chuanpai.best_decomposition
    )
    print(f"{'':<52} = {rate / zipai:.2f} x 字牌 best_decomposition cold")
    rate = _cold("is_complete, fresh 18-card hands, cold", fresh, chuanpai.is_complete)
    print(f"{'':<52} = {rate / zipai:.2f} x 字牌 best_decomposition cold")
    _complete_cold(zipai_complete)
    _custom_cold(fresh, zipai, zipai_complete)
    built = max(best_rate(1, chuanpai.tables._build_tables))
    print(f"{'answer tables of YAODIREN and GEHU (built at import)':<52} {1e3 / built:10.1f} ms")
    it = iter(range(10**9))
    _rate("parse (18 names)", lambda: chuanpai.parse(texts[next(it) % 300]), 3000)
    it = iter(range(10**9))
    _rate(
        "best_decomposition, cold cache (18 cards)",
        lambda: chuanpai.best_decomposition(hands[next(it) % 300]),
        300,
        before=chuanpai.hand._searched.cache_clear,
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

    def score_afresh() -> object:
        chuanpai.scoring._LINES.clear()  # each unit's line built again, as for units never seen
        chuanpai.scoring._PAYMENTS.clear()
        return chuanpai.score(best)

    _rate("  the same, its score lines not kept", score_afresh, 5000)
    formed = sum(chuanpai.is_complete(h) for h in hands)
    print(f"complete random 18-card hands: {formed}/300")

    for rules in (chuanpai.YAODIREN, chuanpai.GEHU):
        games = scaled(200)
        stats = chuanpai.simulate(rules, games, seed=1)
        decisions = sum(
            count
            for kind, count in stats.action_counts.items()
            if kind in ("lay", "ready", "discard", "claim", "pass")
        )
        rates = best_rate(games, lambda r=rules, n=games: chuanpai.simulate(r, n, seed=1))
        print(BASELINE.line(f"random games, {rules.name}", rates, "games/s"))
        print(f"{'':<52} ({decisions / games:,.0f} decisions a game)")
    hands_played = scaled(100)
    rates = best_rate(hands_played, lambda: chuanpai.Match(chuanpai.YAODIREN, 1).play(hands_played))
    print(BASELINE.line("Match.play (幺地人, random play)", rates, "hands/s"))
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
    BASELINE.again()
    print(BASELINE.footer())


if __name__ == "__main__":
    main()
