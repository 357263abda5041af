"""Benchmarks of the Nantong 長牌 family: hand analysis, scoring, random play, views and documents.

Run: ``.venv/bin/python benchmarks/bench_nantong.py`` (prints figures; nothing is asserted).

Each figure is the best of ``CHANGPAI_BENCH_REPEAT`` passes (default 3) with its ratio to the
plain baseline of the run (``_baseline.py``); the cold analyses are also compared with the cold
字牌 ``best_decomposition`` of random 21-card hands measured in the same run ("x 字牌").
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence

from _baseline import Baseline, best_rate, chunked_rate, scaled
from bench_zipai_hand import zipai_cold_rate, zipai_complete_cold_rate

from changpai import nantong
from changpai.core import caches
from changpai.nantong import Action, ActionKind, Game
from changpai.nantong.scoring import decomposition_value

BASELINE = Baseline()

# a complete hand as held: the concealed cards, the two flipped 將, the rules
_Held = tuple[tuple[nantong.Card, ...], tuple[nantong.Card, ...], nantong.Rules]


def _random_hands(n: int, size: int, rng: random.Random) -> list[tuple[nantong.Card, ...]]:
    return [tuple(rng.sample(nantong.DECK, size)) for _ in range(n)]


_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(nantong.cards.N_PLAIN)]


def _complete_kinds(rng: random.Random) -> tuple[list[int], list[int]] | None:
    """The kinds of a pair and seven groups (順子 with chance 0.6) and of two flipped 將, or
    None if they hold more than four copies of a kind."""
    kinds = [rng.randrange(nantong.cards.N_PLAIN)] * 2
    for _ in range(7):
        kinds += rng.choice(_RUNS if rng.random() < 0.6 else _SETS)
    jiang = [rng.randrange(nantong.cards.N_PLAIN) for _ in range(2)]
    if max(Counter(kinds + jiang).values()) > 4:
        return None
    return kinds, jiang


def complete_hands(n: int, seed: int = 11) -> list[_Held]:
    """``n`` distinct complete concealed hands (a pair and seven groups drawn at random within
    the four copies), each with the two flipped 將 and its rules, as a player holds them: half
    of them dealt from the 120-card deck, half from the 125-card one, where the 百搭 a hand
    holds (as many as a deal gives, mostly none or one) stand for cards of its groups."""
    rng = random.Random(seed)
    hands: list[_Held] = []
    seen: set[tuple[int, ...]] = set()
    while len(hands) < n:
        drawn = _complete_kinds(rng)
        if drawn is None:
            continue
        kinds, jiang = drawn
        baida = len(hands) % 2 == 1
        wild = sum(rng.random() < 5 / 125 for _ in kinds) if baida else 0
        for j, k in enumerate(rng.sample(range(len(kinds)), wild)):
            kinds[k] = nantong.cards.BAIDA_INDICES[j % 5]
        key = tuple(sorted(kinds))
        if key in seen or wild > 5:
            continue
        seen.add(key)
        rng.shuffle(kinds)
        rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
        flips = tuple(nantong.cards.CARDS[k] for k in jiang)
        hands.append((tuple(nantong.cards.CARDS[k] for k in kinds), flips, rules))
    return hands


def many_wild_hands(n: int, wild: int, seed: int = 13) -> list[_Held]:
    """``n`` complete concealed hands (a pair and seven groups drawn at random within the four
    copies) with exactly ``wild`` of their cards turned into 百搭, each with two flipped 將
    and the 125-card rules: the hands the general 百搭 path reads (three or more)."""
    rng = random.Random(seed)
    hands: list[_Held] = []
    while len(hands) < n:
        drawn = _complete_kinds(rng)
        if drawn is None:
            continue
        kinds, jiang = drawn
        for j, k in enumerate(rng.sample(range(len(kinds)), wild)):
            kinds[k] = nantong.cards.BAIDA_INDICES[j]
        rng.shuffle(kinds)
        flips = tuple(nantong.cards.CARDS[k] for k in jiang)
        cards = tuple(nantong.cards.CARDS[k] for k in kinds)
        hands.append((cards, flips, nantong.DUZIHU_BAIDA))
    return hands


def _timeit(label: str, count: int, fn: Callable[[], object]) -> None:
    print(BASELINE.line(label, best_rate(count, fn)))


def _cold(label: str, hands: list[tuple[nantong.Card, ...]], fn: Callable[..., object]) -> float:
    """Hands per second of ``fn`` on fresh hands, the caches emptied before each timed pass."""

    def run(part: Sequence[tuple[nantong.Card, ...]]) -> None:
        for cards in part:
            fn(cards)

    rate = chunked_rate(hands, run, _clear, chunk=100)
    print(BASELINE.line(label, rate, "hands/s"))
    return rate


def _clear() -> None:
    """Empty every cache of the family (the cold figures start from nothing)."""
    caches.clear("nantong")


def _cold_complete(
    label: str, hands: list[_Held], analysis: Callable[..., object] = nantong.best_decomposition
) -> float:
    """:func:`_cold` of ``analysis`` (``best_decomposition``) on complete hands with their 將
    and rules."""

    def run(part: Sequence[_Held]) -> None:
        for cards, jiang, rules in part:
            analysis(cards, rules=rules, jiang=jiang)

    rate = chunked_rate(hands, run, _clear, chunk=100)
    print(BASELINE.line(label, rate, "hands/s"))
    return rate


def main() -> None:
    print(BASELINE.header())
    zipai = zipai_cold_rate(scaled(20_000))
    print(BASELINE.line("字牌 best_decomposition, random 21 cards, cold", zipai, "hands/s"))
    rng = random.Random(2024)
    winning = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
    piao = "HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
    randoms = _random_hands(scaled(10_000), 23, rng)
    ready = _random_hands(scaled(300), 22, rng)

    rate = _cold("is_winning, random 23-card hands (cold cache)", randoms, nantong.is_winning)
    print(f"{'':<52} = {rate / zipai:.2f} x 字牌 best_decomposition cold")
    _timeit(
        "is_winning, same hands (warm cache)",
        len(randoms),
        lambda: [nantong.is_winning(h) for h in randoms],
    )
    rate = _cold(
        "best_decomposition, random 23-card hands (cold)", randoms, nantong.best_decomposition
    )
    print(f"{'':<52} = {rate / zipai:.2f} x 字牌 best_decomposition cold")
    dealt = [tuple(rng.sample(nantong.DECK_BAIDA, 23)) for _ in range(scaled(10_000))]
    rate = _cold(
        "best_decomposition, random hands, 125 cards (百搭)",
        dealt,
        functools.partial(nantong.best_decomposition, rules=nantong.DUZIHU_BAIDA),
    )
    print(f"{'':<52} = {rate / zipai:.2f} x 字牌 best_decomposition cold")
    complete = [h for h in randoms if nantong.is_winning(h)]
    print(f"{'(complete random 23-card hands)':<52} {len(complete):>11,} of {len(randoms):,}")
    zipai_complete = zipai_complete_cold_rate(scaled(5_000))
    print(BASELINE.line("字牌 best_decomposition, complete hands, cold", zipai_complete, "hands/s"))
    held = complete_hands(scaled(4_000))
    rate = _cold_complete("best_decomposition, fresh complete hands, cold", held)
    print(f"{'':<52} = {rate / zipai_complete:.2f} x 字牌 complete hands cold")
    plain = [h for h in held if not any(c.is_baida for c in h[0])]
    wild = [h for h in held if any(c.is_baida for c in h[0])]
    print(f"{'(of them holding 百搭)':<52} {len(wild):>11,} of {len(held):,}")
    rate = _cold_complete("  the hands without 百搭", plain)
    print(f"{'':<52} = {rate / zipai_complete:.2f} x 字牌 complete hands cold")
    rate = _cold_complete("  the hands with 百搭", wild)
    print(f"{'':<52} = {rate / zipai_complete:.2f} x 字牌 complete hands cold")
    for count, label in ((1, "one 百搭"), (2, "two 百搭"), (3, "three 百搭 or more")):
        some = [h for h in wild if min(sum(c.is_baida for c in h[0]), 3) == count]
        if some:
            _cold_complete(f"    (with {label}: {len(some):,} hands)", some)
            _cold_complete(f"    is_winning of them ({label})", some, nantong.is_winning)
    for count, label in ((3, "three"), (4, "four"), (5, "five")):
        some = many_wild_hands(scaled(300), count)
        rate = _cold_complete(f"complete hands with {label} 百搭, cold", some)
        print(f"{'':<52} = {rate / zipai_complete:.2f} x 字牌 complete hands cold")
    _clear()
    _timeit(
        "best_decomposition, 清胡 hand",
        scaled(2000),
        lambda: [nantong.best_decomposition(winning) for _ in range(scaled(2000))],
    )
    _timeit("waits, random 22-card hands", len(ready), lambda: [nantong.waits(h) for h in ready])
    _timeit(
        "score, 飄胡 with 將 and 三老聚會",
        scaled(500),
        lambda: [
            nantong.score(piao, winning_card="9t", self_drawn=True, jiang="HH 3w")
            for _ in range(scaled(500))
        ],
    )
    best = nantong.best_decomposition(piao, jiang="HH 3w")
    assert best is not None
    _timeit(
        "Decomposition.value, first asked (a score sheet)",
        scaled(500),
        lambda: [decomposition_value(best) for _ in range(scaled(500))],
    )
    _timeit(
        "Decomposition.value, asked again (kept)",
        scaled(20000),
        lambda: [best.value for _ in range(scaled(20000))],
    )
    _timeit(
        "analyze + to_dict, a complete 飄胡 hand",
        scaled(300),
        lambda: [nantong.analyze(piao, jiang="HH 3w").to_dict() for _ in range(scaled(300))],
    )
    _timeit(
        "set_value (one call)",
        scaled(20000),
        lambda: [nantong.set_value("peng", "HH", jiang=("HH", "BH")) for _ in range(scaled(20000))],
    )

    for policy_name, policy in (("random", _random_policy), ("greedy", _greedy_policy)):
        for rules, label in (
            (nantong.DUZIHU, "120 cards"),
            (nantong.DUZIHU_BAIDA, "125 cards, 百搭"),
        ):
            games = scaled(300)
            counts = Counter[str]()
            rates = best_rate(games, lambda r=rules, p=policy, c=counts, n=games: _play(r, p, n, c))
            print(BASELINE.line(f"{policy_name} play, {label}", rates, "games/s"))
            print(f"{'':<52} ({counts['actions']:,} actions, {counts['wins']}/{games} won)")

    for rules, label in ((nantong.DUZIHU, "120 cards"), (nantong.DUZIHU_BAIDA, "125 cards, 百搭")):
        chosen = _choices(rules, scaled(300))
        rates = best_rate(len(chosen), lambda r=rules, c=chosen: _replay(r, c))
        print(BASELINE.line(f"engine alone (random play replayed), {label}", rates, "games/s"))

    games = scaled(300)
    counts = Counter[str]()
    rates = best_rate(
        games,
        lambda: _play(nantong.DUZIHU_BAIDA, _random_policy, games, counts),
        before=_clear,
    )
    print(BASELINE.line("random play, 125 cards, 百搭, cold caches", rates, "games/s"))
    hands = scaled(300)
    rates = best_rate(hands, lambda: nantong.simulate(nantong.DUZIHU, hands, seed=1))
    print(BASELINE.line("simulate (core), 120 cards", rates, "hands/s"))
    rates = best_rate(
        hands, lambda: nantong.simulate(nantong.DUZIHU_BAIDA, hands, seed=1), before=_clear
    )
    print(BASELINE.line("simulate (core), 125 cards, 百搭, cold caches", rates, "hands/s"))
    played = nantong.random_game(nantong.DUZIHU, 7)
    mid = Game.replay(played.log[: len(played.log) // 2], seed=7)
    _timeit("view(seat) mid-hand", scaled(3000), lambda: [mid.view(1) for _ in range(scaled(3000))])
    _timeit("copy() mid-hand", scaled(3000), lambda: [mid.copy() for _ in range(scaled(3000))])
    text = played.to_json()
    _timeit(
        "to_json + from_json of a whole hand",
        scaled(100),
        lambda: [Game.from_json(played.to_json()) for _ in range(scaled(100))],
    )
    print(f"{'(document size of that hand)':<52} {len(text):>11,} chars")
    BASELINE.again()
    print(BASELINE.footer())


def _play(
    rules: nantong.Rules, policy: Callable[..., Action], games: int, counts: Counter[str]
) -> None:
    """Play ``games`` hands with ``policy`` at every seat; count the actions and the wins."""
    counts.clear()
    for seed in range(games):
        game = Game(rules, seed=seed, dealer=seed % 4)
        prng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(policy(game, seat, prng))
            counts["actions"] += 1
        counts["wins"] += game.result is not None and game.result.reason == "win"


def _choices(rules: nantong.Rules, games: int) -> list[list[int]]:
    """The place in the legal list of every action :func:`_random_policy` takes in ``games``
    hands (as :func:`_play` deals them)."""
    chosen = []
    for seed in range(games):
        game = Game(rules, seed=seed, dealer=seed % 4)
        prng = random.Random(seed)
        places = []
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            action = _random_policy(game, seat, prng)
            places.append(legal.index(action))
            game.apply(action)
        chosen.append(places)
    return chosen


def _replay(rules: nantong.Rules, chosen: list[list[int]]) -> None:
    """Play again the hands of :func:`_choices`: the engine's own work (deal, legal actions,
    apply), without a policy."""
    for seed, places in enumerate(chosen):
        game = Game(rules, seed=seed, dealer=seed % 4)
        for place in places:
            game.apply(game.legal_actions(game.to_act[0])[place])


def _random_policy(game: Game, seat: int, rng: random.Random) -> Action:
    """Win whenever legal, otherwise a random legal action."""
    legal = game.legal_actions(seat)
    win = [a for a in legal if a.kind == ActionKind.WIN]
    return win[0] if win else rng.choice(legal)


def _greedy_policy(game: Game, seat: int, rng: random.Random) -> Action:
    """Win whenever legal, take every set, discard the card with the fewest neighbours."""
    legal = game.legal_actions(seat)
    for kind in (
        ActionKind.WIN,
        ActionKind.GANG,
        ActionKind.ANGANG,
        ActionKind.JIAGANG,
        ActionKind.PENG,
        ActionKind.CALL,
        ActionKind.TING,
    ):
        chosen = [a for a in legal if a.kind == kind]
        if chosen:
            return chosen[0]
    discards = [a for a in legal if a.kind == ActionKind.DISCARD and a.card is not None]
    if not discards:
        return legal[-1]
    held = Counter(game.hand(seat))

    def use(card: nantong.Card) -> float:
        if card.is_baida:
            return 99.0
        value = 3.0 * held[card]
        if card.number is not None:
            for step in (-2, -1, 1, 2):
                if 1 <= card.number + step <= 9:
                    value += held[nantong.Card(card.index + step)] * (2 if abs(step) == 1 else 1)
        return value + rng.random()

    return min(discards, key=lambda a: use(a.card))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
