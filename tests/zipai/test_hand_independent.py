"""zipai.hand checked against an independent solver written from the rules text (issue 3).

The solver below (``ref_*``) is written directly from zipai.md §5 (the 門子), §7 (a winning hand:
``rules.melds_to_win`` 門子 counting the table melds, exactly one pair 將 iff the player has a 跑 or
提), §8.1 (the 胡息 table) and ZIPAI_CONTRACT.md (the winning ``card`` with ``self_drawn`` /
``from_discard``). It shares no code with :mod:`changpai.zipai.hand` and uses neither
:func:`changpai.zipai.huxi` nor :func:`changpai.zipai.classify`: cards are kind indices 0..19
(0..9 small 一..十, 10..19 big 壹..拾) and a meld is ``(kind name, sorted kind indices, exposed)``.

It is compared with :func:`best_decomposition` (best 胡息, and whether a decomposition exists),
:func:`decompositions` (the multiset of decompositions, each a multiset of melds) and :func:`waits`
on fixed-seed random deals, constructed complete hands (with and without 提 / 跑 / table melds and
a winning card), 20-card hands for waits, 6胡倒 (5 門子) hands and ``allow_1_5_10``.

A bigger one-off run: ``.venv/bin/python tests/zipai/test_hand_independent.py 50000``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterator
from functools import cache, lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.zipai import (
    CARDS,
    DECK,
    HUNAN,
    LIUHUDAO,
    Card,
    Meld,
    MeldKind,
    Origin,
    Rules,
    best_decomposition,
    decompositions,
    parse,
    waits,
)

# ------------------------------------------------------------------------------------------
# The reference solver (zipai.md §5, §7, §8.1; ZIPAI_CONTRACT.md)
# ------------------------------------------------------------------------------------------

RefMeld = tuple[str, tuple[int, ...], bool]  # (kind name, sorted kinds, exposed)

# §8.1: (big, small) 胡息; a 句 scores only as 一二三 / 壹貳叄, 二七十 as 貳柒拾 / 二七十.
REF_HUXI = {
    "ti": (12, 9),
    "pao": (9, 6),
    "wei": (6, 3),
    "chouwei": (6, 3),
    "kan": (6, 3),
    "peng": (3, 1),
    "erqishi": (6, 3),
}
QUAD_NAMES = ("ti", "pao")
CARD_SETS = (MeldKind.WEI, MeldKind.CHOUWEI, MeldKind.PENG, MeldKind.TI, MeldKind.PAO)
KIND_NAMES = {kind: kind.value for kind in MeldKind}  # MeldKind.JU -> "ju", ...


def ref_huxi(meld: RefMeld) -> int:
    """§8.1: the 胡息 of one meld; big when every card is big."""
    name, kinds, _ = meld
    big = all(k >= 10 for k in kinds)
    if name == "ju":
        pair = (6, 3) if kinds[0] % 10 == 0 else (0, 0)  # 一二三 / 壹貳叄
    else:
        pair = REF_HUXI.get(name, (0, 0))
    return pair[0] if big else pair[1]


@cache
def ref_shapes(allow_1_5_10: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """§5: every 一句話 / 絞 as (name, sorted kinds), and the pair."""
    shapes: list[tuple[str, tuple[int, ...]]] = []
    for base in (0, 10):  # one case: small and big never mix in a sentence
        for v in range(8):  # n, n+1, n+2 for n = 1..8
            shapes.append(("ju", (base + v, base + v + 1, base + v + 2)))
        shapes.append(("erqishi", (base + 1, base + 6, base + 9)))
        if allow_1_5_10:
            shapes.append(("yiwushi", (base + 0, base + 4, base + 9)))
    for v in range(10):  # 絞: three of one value, both cases present
        shapes.append(("jiao", (v, v, v + 10)))
        shapes.append(("jiao", (v, v + 10, v + 10)))
    for k in range(20):
        shapes.append(("jiang", (k, k)))
    return tuple(shapes)


@lru_cache(maxsize=1 << 18)
def ref_free(counts: tuple[int, ...], pairs: int, allow: bool) -> frozenset[tuple[RefMeld, ...]]:
    """Every multiset of sentences plus exactly ``pairs`` pairs covering ``counts`` exactly."""
    first = next((k for k, n in enumerate(counts) if n), None)
    if first is None:
        return frozenset({()}) if pairs == 0 else frozenset()
    found: set[tuple[RefMeld, ...]] = set()
    for name, kinds in ref_shapes(allow):
        if first not in kinds:
            continue
        if name == "jiang" and pairs == 0:
            continue
        rest = list(counts)
        ok = True
        for k in kinds:
            rest[k] -= 1
            ok = ok and rest[k] >= 0
        if not ok:
            continue
        sub = ref_free(tuple(rest), pairs - (name == "jiang"), allow)
        meld: RefMeld = (name, kinds, False)
        for melds in sub:
            found.add(tuple(sorted((meld, *melds))))
    return frozenset(found)


def ref_concealed(
    counts: list[int], allow: bool, split_ok: int | None = None
) -> tuple[list[RefMeld], tuple[int, ...]]:
    """§5: four identical concealed cards are a 提, three a 坎 (never split); the rest is free.

    ``split_ok`` names a kind whose three copies are NOT a 坎 (a pair in hand plus a card from
    another player when the optional 碰 is declined).
    """
    fixed: list[RefMeld] = []
    free = list(counts)
    for k, n in enumerate(counts):
        if n == 4:
            fixed.append(("ti", (k,) * 4, False))
            free[k] = 0
        elif n == 3 and k != split_ok:
            fixed.append(("kan", (k,) * 3, False))
            free[k] = 0
    return fixed, tuple(free)


def ref_variants(
    counts: list[int],
    exposed: list[RefMeld],
    card: int | None,
    self_drawn: bool,
    from_discard: bool,
    chouwei: bool = False,
) -> Iterator[tuple[list[RefMeld], list[int], int | None]]:
    """The ways the winning card enters the hand (ZIPAI_CONTRACT.md), as
    (table melds after the card, concealed counts, kind that may be split)."""
    if card is None:
        yield exposed, counts, None
        return
    for i, (name, kinds, _) in enumerate(exposed):
        if kinds[0] == card and name == "peng":
            if from_discard:  # §5 跑 (b): only a drawn card turns a 碰 into a 跑
                break
            yield [*exposed[:i], ("pao", (card,) * 4, True), *exposed[i + 1 :]], counts, None
            return
        if kinds[0] == card and name in ("wei", "chouwei"):  # 提 (c) / 跑 (c)
            made = ("ti", (card,) * 4, False) if self_drawn else ("pao", (card,) * 4, True)
            yield [*exposed[:i], made, *exposed[i + 1 :]], counts, None
            return
    held = counts[card]
    rest = list(counts)
    if held == 3:  # 坎 + X: 提 (b) if self-drawn, else 跑 (a)
        rest[card] = 0
        made = ("ti", (card,) * 4, False) if self_drawn else ("pao", (card,) * 4, True)
        yield [*exposed, made], rest, None
        return
    if held == 2:
        rest[card] = 0
        if self_drawn:  # 偎 is forced (臭偎 when the player declined to 碰 this card before)
            yield [*exposed, ("chouwei" if chouwei else "wei", (card,) * 3, False)], rest, None
            return
        yield [*exposed, ("peng", (card,) * 3, True)], rest, None  # 碰 is optional
        joined = list(counts)
        joined[card] += 1
        yield exposed, joined, card
        return
    joined = list(counts)
    joined[card] += 1
    yield exposed, joined, None


def ref_decompositions(
    concealed: list[int],
    exposed: list[RefMeld],
    rules: Rules,
    card: int | None = None,
    self_drawn: bool = True,
    from_discard: bool = False,
    chouwei: bool = False,
) -> set[tuple[RefMeld, ...]]:
    """Every decomposition of the whole hand, each a sorted tuple of melds (§5, §7)."""
    counts = [0] * 20
    for k in concealed:
        counts[k] += 1
    if card is None:
        self_drawn, from_discard = True, False
    found: set[tuple[RefMeld, ...]] = set()
    variants = ref_variants(counts, exposed, card, self_drawn, from_discard, chouwei)
    for table, hand, split_ok in variants:
        fixed, free = ref_concealed(hand, rules.allow_1_5_10, split_ok)
        sets = [*table, *fixed]
        pairs = 1 if any(m[0] in QUAD_NAMES for m in sets) else 0
        for melds in ref_free(free, pairs, rules.allow_1_5_10):
            if len(sets) + len(melds) == rules.melds_to_win:
                found.add(tuple(sorted((*sets, *melds))))
    return found


def ref_best(decs: set[tuple[RefMeld, ...]]) -> int | None:
    return max((sum(ref_huxi(m) for m in d) for d in decs), default=None)


# ------------------------------------------------------------------------------------------
# Bridges to the library objects
# ------------------------------------------------------------------------------------------


def as_ref(meld: Meld) -> RefMeld:
    name = KIND_NAMES[meld.kind]
    return (name, tuple(sorted(c.index for c in meld.cards)), meld.exposed)


def lib_meld(meld: RefMeld) -> Meld:
    name, kinds, exposed = meld
    kind = MeldKind(name)
    origin = Origin.CHI if exposed and kind.is_sentence else None
    return Meld.of([CARDS[k] for k in kinds], kind, exposed=exposed, origin=origin)


def lib_key(melds: tuple[Meld, ...]) -> tuple[RefMeld, ...]:
    return tuple(sorted(as_ref(m) for m in melds))


def check(
    concealed: list[int],
    exposed: list[RefMeld],
    rules: Rules,
    card: int | None = None,
    self_drawn: bool = True,
    from_discard: bool = False,
    *,
    chouwei: bool = False,
    full: bool = True,
) -> bool:
    """Compare the library with the reference on one hand; returns whether it is complete."""
    cards = [CARDS[k] for k in concealed]
    table = [lib_meld(m) for m in exposed]
    win = None if card is None else CARDS[card]
    ref = ref_decompositions(concealed, exposed, rules, card, self_drawn, from_discard, chouwei)
    kw = {"card": win, "self_drawn": self_drawn, "from_discard": from_discard, "chouwei": chouwei}
    best = best_decomposition(cards, table, rules=rules, **kw)  # type: ignore[arg-type]
    what = f"{concealed} {exposed} {kw}"
    want = ref_best(ref)
    assert (best is None) == (want is None), what
    if best is not None:
        assert best.huxi == want, what
        assert sum(ref_huxi(as_ref(m)) for m in best.melds) == best.huxi, what
        assert lib_key(best.melds) in ref, what
        assert best.threshold_met == (best.huxi >= rules.min_huxi), what
        assert best.card == win, what
        # §7 card count: with k 跑 / 提 a hand of m 門子 holds 3m + max(k - 1, 0) cards
        quads = sum(m.kind in (MeldKind.TI, MeldKind.PAO) for m in best.melds)
        assert len(best.melds) == rules.melds_to_win, what
        assert len(best.cards) == 3 * rules.melds_to_win + max(quads - 1, 0), what
        # the table melds come first, as given (a 碰 / 偎 upgraded in place by the card)
        for given, got in zip(table, best.melds, strict=False):
            assert got == given or (got.card == win and len(got.cards) == 4), what
        made = Origin.DISCARD if from_discard else Origin.DRAW
        for meld in best.melds:  # the set the card makes is marked with where it came from
            if win in meld.cards and meld.kind in CARD_SETS and meld not in table:
                assert meld.origin is made, what
    if full:
        got = Counter(lib_key(d.melds) for d in decompositions(cards, table, rules=rules, **kw))  # type: ignore[arg-type]
        assert set(got) == ref, what
        assert all(n == 1 for n in got.values()), what
    return best is not None


def check_waits(concealed: list[int], exposed: list[RefMeld], rules: Rules) -> int:
    """``waits`` = every card (fewer than 4 copies held) whose self-drawn win has a decomposition."""
    cards = [CARDS[k] for k in concealed]
    table = [lib_meld(m) for m in exposed]
    got = waits(cards, table, rules=rules)
    held = Counter(concealed)
    for meld in exposed:
        held.update(meld[1])
    want: dict[int, int] = {}
    for k in range(20):
        if held[k] >= 4:
            continue
        best = ref_best(ref_decompositions(concealed, exposed, rules, k, True, False))
        if best is not None:
            want[k] = best
    assert {c.index: d.huxi for c, d in got.items()} == want, f"{concealed} {exposed}"
    for c, d in got.items():
        assert d.card == c
    return len(want)


# ------------------------------------------------------------------------------------------
# Hand generators (fixed seeds)
# ------------------------------------------------------------------------------------------

SENTENCES = [s for s in ref_shapes(True) if s[0] not in ("jiang",)]


def random_deal(rng: random.Random, n: int = 21) -> list[int]:
    return sorted(c.index for c in rng.sample(DECK, n))


def constructed(
    rng: random.Random, rules: Rules
) -> tuple[list[int], list[RefMeld], int | None, bool, bool]:
    """A random complete-looking hand: table melds, concealed 提/坎/sentences, maybe a pair and
    a winning card taken out of it (it may or may not stay complete: both are compared)."""
    allowed = [s for s in SENTENCES if rules.allow_1_5_10 or s[0] != "yiwushi"]
    while True:
        counts = [0] * 20
        exposed: list[RefMeld] = []
        concealed: list[int] = []
        melds = rules.melds_to_win
        quads = rng.choice((0, 0, 0, 1, 1, 2, 3))
        pair = quads > 0 or rng.random() < 0.05  # sometimes a wrong pair, to test rejection
        ok = True
        for i in range(melds - (1 if pair else 0)):
            r = rng.random()
            if i < quads:
                k = rng.randrange(20)
                if rng.random() < 0.5:
                    exposed.append((rng.choice(("pao", "ti")), (k,) * 4, False))
                else:
                    concealed += [k] * 4
                grab = [k] * 4
            elif r < 0.15:
                k = rng.randrange(20)
                kind = rng.choice(("kan", "kan", "peng", "wei", "chouwei"))
                if kind == "kan":
                    concealed += [k] * 3
                else:
                    exposed.append((kind, (k,) * 3, False))
                grab = [k] * 3
            else:
                name, kinds = rng.choice(allowed)
                if rng.random() < 0.15:
                    exposed.append((name, kinds, True))  # 吃 / 比 on the table
                else:
                    concealed += kinds
                grab = list(kinds)
            for k in grab:
                counts[k] += 1
                ok = ok and counts[k] <= 4
        if pair:
            k = rng.randrange(20)
            concealed += [k, k]
            counts[k] += 2
            ok = ok and counts[k] <= 4
        if not ok:
            continue
        exposed = [(n, ks, n in ("pao", "peng") or e) for n, ks, e in exposed]
        card = None
        self_drawn, from_discard = True, False
        if concealed and rng.random() < 0.6:
            card = rng.choice(concealed)
            concealed.remove(card)
            self_drawn = rng.random() < 0.5
            from_discard = not self_drawn and rng.random() < 0.5
        return sorted(concealed), exposed, card, self_drawn, from_discard


def upgrade_case(
    rng: random.Random, rules: Rules
) -> tuple[list[int], list[RefMeld], int, bool, bool]:
    """A hand with a table 碰 / 偎 and the fourth card of it as the winning card."""
    while True:
        concealed, exposed, card, _, _ = constructed(rng, rules)
        held = Counter(concealed)
        for meld in exposed:
            held.update(meld[1])
        table = [m for m in exposed if m[0] in ("peng", "wei", "chouwei") and held[m[1][0]] == 3]
        if card is not None or not table:
            continue
        card = rng.choice(table)[1][0]
        self_drawn = rng.random() < 0.5
        return concealed, exposed, card, self_drawn, not self_drawn and rng.random() < 0.5


def dense_deal(rng: random.Random, n: int) -> list[int]:
    """``n`` cards drawn from the copies of a few kinds: many complete hands, many splits."""
    kinds = rng.sample(range(20), rng.randrange(6, 10))
    if rng.random() < 0.5:  # neighbours and both cases of a value make sentences and 絞 likely
        v = rng.randrange(8)
        kinds = sorted({*kinds[:3], v, v + 1, v + 2, v + 10, v + 11, v + 12})
    pool = [k for k in kinds for _ in range(4)]
    return sorted(rng.sample(pool, min(n, len(pool))))


ALLOW = HUNAN.evolve(allow_1_5_10=True)
LIU_ALLOW = LIUHUDAO.evolve(allow_1_5_10=True)


def run(n: int, seed: int, *, full_every: int = 1) -> Counter[str]:
    """``n`` hands of every generator; returns how many were compared and how many complete."""
    rng = random.Random(seed)
    stats: Counter[str] = Counter()
    for i in range(n):
        full = i % full_every == 0
        for rules in (HUNAN, ALLOW):
            stats["random21"] += 1
            stats["random21 complete"] += check(random_deal(rng), [], rules, full=full)
        for rules in (HUNAN, ALLOW, LIUHUDAO, LIU_ALLOW):
            c, e, card, sd, fd = constructed(rng, rules)
            stats["constructed"] += 1
            # (a 臭偎 is of a winning card drawn: without a card the keyword is refused)
            chouwei = sd and rng.random() < 0.3 and card is not None
            stats["constructed complete"] += check(
                c, e, rules, card, sd, fd, chouwei=chouwei, full=full
            )
        for rules in (HUNAN, ALLOW, LIUHUDAO):
            size = 3 * rules.melds_to_win
            dense = dense_deal(rng, size + rng.choice((0, 0, 1, 2)))
            stats["dense"] += 1
            stats["dense complete"] += check(dense, [], rules, full=full)
            card = dense.pop(rng.randrange(len(dense)))
            sd = rng.random() < 0.5
            fd = not sd and rng.random() < 0.5
            stats["dense"] += 1
            stats["dense complete"] += check(dense, [], rules, card, sd, fd, full=full)
        rules = rng.choice((HUNAN, LIUHUDAO))
        c, e, card, sd, fd = upgrade_case(rng, rules)
        stats["table upgrade"] += 1
        stats["table upgrade complete"] += check(c, e, rules, card, sd, fd, full=full)
        if i % 4 == 0:
            rules = rng.choice((HUNAN, ALLOW, LIUHUDAO))
            c, e, card, _, _ = constructed(rng, rules)
            if card is None and c:  # take one card out: a hand one card short, for waits
                card = c.pop(rng.randrange(len(c)))
            stats["waits"] += 1
            stats["waits found"] += check_waits(c, e, rules) > 0
            stats["waits random20"] += 1
            check_waits(random_deal(rng, 20), [], rules)
    return stats


# ------------------------------------------------------------------------------------------
# Tests
# ------------------------------------------------------------------------------------------


def test_reference_solver_sanity() -> None:
    """The reference itself on hand-made cases (§5, §7, §8.1)."""
    hand = [c.index for c in parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")]
    assert ref_best(ref_decompositions(hand, [], HUNAN)) == 15
    # §7: a hand with a 提 needs exactly one pair
    hand = [c.index for c in parse("壹壹壹壹 一二三 四五六 七八九 貳柒拾 陸陸 x10 x10 d10")]
    assert ref_best(ref_decompositions(hand, [], HUNAN)) == 21
    # without 跑 / 提 no pair is allowed
    hand = [c.index for c in parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌 拾拾")]
    assert ref_decompositions(hand, [], HUNAN) == set()


def test_fixed_seed_comparison() -> None:
    """Thousands of fixed-seed hands of every kind agree with the reference (§5, §7, §8.1)."""
    stats = run(1200, seed=20261130)  # 15,000 hands and 600 waits analyses, about 3 s
    assert stats["random21"] == 2400 and stats["constructed"] == 4800
    assert stats["constructed complete"] > 1500  # the generators really make complete hands
    assert stats["dense complete"] > 300 and stats["table upgrade complete"] > 200
    assert stats["waits found"] > 100


@pytest.mark.parametrize(
    ("hand", "table", "card", "self_drawn", "from_discard", "made"),
    [
        # a pair in hand + a discard: the 碰 is optional, so the card may join a 絞 (§5)
        ("一一壹二三 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", (), "x1", False, True, "jiao"),
        # ... but a self-drawn one must make a 偎 (forced), and then the hand is not complete
        ("一一壹二三 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", (), "x1", True, False, None),
        # a table 碰 + the discarded fourth card: no 跑 (§5 跑 (b)); the card joins a sentence
        ("二三 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", ("碰 一一一",), "x1", False, True, "peng"),
        # a table 偎 + a discard: 跑 (§5 跑 (c)), which then needs a pair
        ("二二 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", ("偎 一一一",), "x1", False, True, "pao"),
        # a 坎 + the self-drawn fourth: 提 (§5 提 (b)); + a discard: 跑 (§5 跑 (a))
        ("一一一 二二 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", (), "x1", True, False, "ti"),
        ("一一一 二二 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", (), "x1", False, True, "pao"),
    ],
)
def test_winning_card_cases(
    hand: str,
    table: tuple[str, ...],
    card: str,
    self_drawn: bool,
    from_discard: bool,
    made: str | None,
) -> None:
    """ZIPAI_CONTRACT.md: the winning card with a pair, a 坎, a table 碰 or 偎 (zipai.md §5)."""
    concealed = [c.index for c in parse(hand)]
    exposed = [as_ref(Meld.parse(t)) for t in table]
    win = Card.parse(card).index
    assert check(concealed, exposed, HUNAN, win, self_drawn, from_discard) == (made is not None)
    best = best_decomposition(
        parse(hand),
        [Meld.parse(t) for t in table],
        rules=HUNAN,
        card=Card.parse(card),
        self_drawn=self_drawn,
        from_discard=from_discard,
    )
    if made is not None:
        assert best is not None
        assert made in {KIND_NAMES[m.kind] for m in best.melds}


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([HUNAN, ALLOW, LIUHUDAO, LIU_ALLOW]))
def test_property_constructed_hands(seed: int, rules: Rules) -> None:
    """Property: on any constructed hand the library agrees with the reference (§5, §7)."""
    rng = random.Random(seed)
    c, e, card, sd, fd = constructed(rng, rules)
    check(c, e, rules, card, sd, fd)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([HUNAN, ALLOW, LIUHUDAO]))
def test_property_waits(seed: int, rules: Rules) -> None:
    """Property: waits = every card that completes the hand, with its best 胡息 (§7)."""
    rng = random.Random(seed)
    c, e, card, _, _ = constructed(rng, rules)
    if card is None and c:
        card = c.pop(rng.randrange(len(c)))
    check_waits(c, e, rules)


if __name__ == "__main__":  # the bigger one-off run
    import time

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    start = time.perf_counter()
    result = run(count, seed=int(sys.argv[2]) if len(sys.argv) > 2 else 1, full_every=1)
    print(dict(result), f"{time.perf_counter() - start:.0f} s")
