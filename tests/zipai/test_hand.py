"""Tests of 字牌 hand analysis (zipai.md §5, §7, §8.1) against an independent brute-force solver."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.errors import IllegalActionError, NotationError
from changpai.zipai import (
    CARDS,
    DECK,
    HUNAN,
    LIUHUDAO,
    Card,
    Decomposition,
    Meld,
    MeldKind,
    Origin,
    analyze,
    best_decomposition,
    chi_options,
    classify,
    decompositions,
    huxi,
    is_tianhu,
    parse,
    waits,
)

# ------------------------------------------------------------------------------------------
# An independent slow solver: cards are ints 0..19, melds (name, sorted kinds); every partition
# is found by trying every combination of card positions. It shares no code with zipai.hand.
# ------------------------------------------------------------------------------------------

BF_HUXI = {  # (big, small), zipai.md §8.1
    "ti": (12, 9),
    "pao": (9, 6),
    "wei": (6, 3),
    "chouwei": (6, 3),
    "kan": (6, 3),
    "peng": (3, 1),
}
BfMeld = tuple[str, tuple[int, ...]]


def bf_value(k: int) -> int:
    return k % 10 + 1


def bf_sentence(cards: tuple[int, ...], allow_1_5_10: bool) -> str | None:
    vals = sorted(bf_value(x) for x in cards)
    cases = {x >= 10 for x in cards}
    if vals[0] == vals[2]:
        return "jiao" if len(cases) == 2 else None
    if len(cases) == 2:
        return None
    if vals[1] == vals[0] + 1 and vals[2] == vals[1] + 1:
        return "ju"
    if vals == [2, 7, 10]:
        return "erqishi"
    if vals == [1, 5, 10] and allow_1_5_10:
        return "yiwushi"
    return None


def bf_huxi(meld: BfMeld) -> int:
    name, cards = meld
    is_big = all(k >= 10 for k in cards)
    if name in BF_HUXI:
        return BF_HUXI[name][0 if is_big else 1]
    if name == "erqishi" or (name == "ju" and bf_value(cards[0]) == 1):
        return 6 if is_big else 3
    return 0


def bf_partitions(
    cards: list[int], allow_1_5_10: bool, split: int | None = None
) -> set[tuple[BfMeld, ...]]:
    """All partitions of concealed cards: all 4 copies = ti, all 3 = kan, rest sentences/pairs.

    ``split`` is a kind whose three copies are not a kan (a pair plus a joined winning card)."""
    counts = Counter(cards)
    if split is not None:
        counts[split] = 0  # treated as free cards
    results: set[tuple[BfMeld, ...]] = set()

    def rec(rest: list[int], acc: list[BfMeld]) -> None:
        if not rest:
            results.add(tuple(sorted(acc)))
            return
        first, others = rest[0], rest[1:]
        n = counts[first]
        if n >= 3 and first != split:
            remaining = [k for k in rest if k != first]
            rec(remaining, [*acc, ("ti" if n == 4 else "kan", (first,) * n)])
            return
        for pos in combinations(range(len(others)), 2):
            group = tuple(sorted((first, others[pos[0]], others[pos[1]])))
            if any(counts[k] >= 3 for k in group):
                continue
            name = bf_sentence(group, allow_1_5_10)
            if name:
                remaining = [k for i, k in enumerate(others) if i not in pos]
                rec(remaining, [*acc, (name, group)])
        if first in others:
            i = others.index(first)
            rec(others[:i] + others[i + 1 :], [*acc, ("pair", (first, first))])

    rec(sorted(cards), [])
    return results


def bf_complete(
    concealed: list[int],
    table: list[BfMeld],
    melds_to_win: int,
    allow_1_5_10: bool = False,
    split: int | None = None,
) -> set[tuple[BfMeld, ...]]:
    found = set()
    for part in bf_partitions(concealed, allow_1_5_10, split):
        melds = tuple(sorted([*table, *part]))
        quads = sum(1 for name, _ in melds if name in ("ti", "pao"))
        pairs = sum(1 for name, _ in melds if name == "pair")
        if len(melds) == melds_to_win and pairs == (1 if quads else 0):
            found.add(melds)
    return found


def bf_best(
    concealed: list[int], table: list[BfMeld], melds_to_win: int, allow_1_5_10: bool = False
) -> int | None:
    options = bf_complete(concealed, table, melds_to_win, allow_1_5_10)
    return max((sum(bf_huxi(m) for m in option) for option in options), default=None)


def bf_waits(concealed: list[int], melds_to_win: int) -> dict[int, int]:
    """Self-drawn winning cards: pair + card = wei, kan + card = ti, else the card joins."""
    result = {}
    for x in range(20):
        n = concealed.count(x)
        if n >= 4:
            continue
        rest = [k for k in concealed if k != x]
        if n == 2:
            best = bf_best(rest, [("wei", (x,) * 3)], melds_to_win)
        elif n == 3:
            best = bf_best(rest, [("ti", (x,) * 4)], melds_to_win)
        else:
            best = bf_best([*concealed, x], [], melds_to_win)
        if best is not None:
            result[x] = best
    return result


# ------------------------------------------------------------------------------------------
# helpers and strategies
# ------------------------------------------------------------------------------------------

_NAMES = {MeldKind.JIANG: "pair"}


def canon(meld: Meld) -> BfMeld:
    return (_NAMES.get(meld.kind, meld.kind.value), tuple(sorted(c.index for c in meld.cards)))


def canon_all(d: Decomposition) -> tuple[BfMeld, ...]:
    return tuple(sorted(canon(m) for m in d.melds))


def cards_of(kinds: list[int]) -> tuple[Card, ...]:
    return tuple(CARDS[k] for k in kinds)


SENTENCES = [
    s
    for s in combinations(sorted([k for k in range(20) for _ in range(2)]), 3)
    if bf_sentence(s, False)
]
SENTENCES = sorted(set(SENTENCES))


@st.composite
def built_hands(draw: st.DrawFn, melds: int) -> list[int]:
    """A hand made of random groups (sentences, pairs, triples, quads), at most 4 copies each."""
    counts = [0] * 20
    hand: list[int] = []
    for _ in range(melds):
        choice = draw(st.integers(0, 9))
        if choice < 6:
            group = list(draw(st.sampled_from(SENTENCES)))
        else:
            k = draw(st.integers(0, 19))
            group = [k] * (2 if choice == 6 else 3 if choice < 9 else 4)
        for k in group:
            counts[k] += 1
        if max(counts) > 4:
            for k in group:
                counts[k] -= 1
            continue
        hand.extend(group)
    return hand


random_hands = st.lists(st.integers(0, 19), min_size=3, max_size=13).filter(
    lambda h: max(Counter(h).values()) <= 4
)


# ------------------------------------------------------------------------------------------
# §7 examples and §5 definitions
# ------------------------------------------------------------------------------------------


def test_seven_sentences_win_at_15_huxi() -> None:
    """zipai.md §7.1-2: 7 門子, no pair without 跑/提, 胡息 >= 15."""
    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    assert d is not None
    assert len(d.melds) == 7 and d.pair is None
    assert d.huxi == 3 + 6 + 6 and d.threshold_met
    assert best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十")).huxi == 12


def test_below_threshold_is_still_a_decomposition() -> None:
    """zipai.md §7.2: the shape is complete but 12 < 15."""
    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 十十十"))
    assert d is not None and d.huxi == 12 and not d.threshold_met
    assert best_decomposition(d.cards, rules=HUNAN.evolve(min_huxi=12)).threshold_met


@pytest.mark.parametrize(
    ("text", "quads"),
    [
        ("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾", 0),
        ("一一一一 二二 壹貳叄 肆伍陸 柒捌玖 四五六 七八九", 1),
        ("一一一一 二二二二 三三 壹貳叄 肆伍陸 柒捌玖 四五六", 2),
        ("一一一一 二二二二 三三三三 四四 壹貳叄 肆伍陸 柒捌玖", 3),
    ],
)
def test_card_count_with_quads(text: str, quads: int) -> None:
    """zipai.md §7: with k 跑/提 a winning hand holds 21 + max(k-1, 0) cards and one pair iff k."""
    hand = parse(text)
    assert len(hand) == 21 + max(quads - 1, 0)
    d = best_decomposition(hand)
    assert d is not None and len(d.melds) == 7
    assert sum(m.kind is MeldKind.TI for m in d.melds) == quads
    assert (d.pair is not None) == (quads > 0)


def test_pair_only_with_pao_or_ti() -> None:
    """zipai.md §5 對: a pair counts only when the player has a 跑 or 提; then exactly one."""
    no_quad = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    assert best_decomposition(no_quad, rules=HUNAN.evolve(melds_to_win=7)) is None
    table = (Meld.parse("跑 捌捌捌捌"),)
    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 拾拾"), table)
    assert d is not None and d.pair == Meld.parse("將 拾拾") and d.huxi == 9 + 3 + 6
    two_pairs = parse("一二三 四五六 七八九 壹貳叄 拾拾 陸陸")
    assert best_decomposition(two_pairs, (Meld.parse("跑 捌捌捌捌"),)) is None


def test_kan_is_never_split() -> None:
    """zipai.md §5: three identical cards in hand are a 坎 and may not be split."""
    hand = parse("一一一 二二 三三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖")
    # 一二三 ×2 + 一 would need the 坎 split
    assert best_decomposition(hand) is None
    assert all(
        MeldKind.KAN in {m.kind for m in d.melds}
        for d in decompositions(parse("三三三 一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖"))
    )


def test_four_identical_are_a_ti() -> None:
    """zipai.md §5: four identical concealed cards are a 提 (never a 坎 + 1)."""
    hand = parse("一一一一 二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖")  # not 坎 一一一 + 一二三
    assert best_decomposition(hand) is None
    assert bf_best([c.index for c in hand], [], 7) is None


def test_small_and_big_never_mix_in_a_sequence() -> None:
    """zipai.md §5: 一句話 n, n+1, n+2 of one case; 絞 mixes cases of one value."""
    assert best_decomposition(parse("一二叄"), rules=HUNAN.evolve(melds_to_win=1)) is None
    d = best_decomposition(parse("一一壹"), rules=HUNAN.evolve(melds_to_win=1))
    assert d is not None and d.melds[0].kind is MeldKind.JIAO


def test_one_five_ten_option() -> None:
    """zipai.md §10 Z4: 一五十 is a 句 (0 胡息) only with allow_1_5_10."""
    rules = HUNAN.evolve(melds_to_win=1, min_huxi=0)
    assert best_decomposition(parse("一五十"), rules=rules) is None
    d = best_decomposition(parse("一五十"), rules=rules.evolve(allow_1_5_10=True))
    assert d is not None and d.melds[0].kind is MeldKind.YIWUSHI and d.huxi == 0


def test_liuhudao_five_melds() -> None:
    """zipai.md §7 6胡倒: 5 門子, threshold 6."""
    d = best_decomposition(parse("壹貳叄 一二三 四五六 七八九 捌玖拾"), rules=LIUHUDAO)
    assert d is not None and d.huxi == 9 and d.threshold_met
    assert best_decomposition(parse("壹貳叄 一二三 四五六 七八九 捌玖拾")) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一一一一 二二二二 三三三三 四五六 七八九 壹", True),  # 3 提
        ("一一一一 二二二二 三三三 四四四 五五五 六", True),  # 2 提 + 3 坎
        ("一一一一 二二二 三三三 四四四 五五五 六", True),  # 提 + 4 坎
        ("一一一 二二二 三三三 四四四 五五五 六七", True),  # 5 坎
        ("一一一一 二二二二 三三三 四四四 五六七", False),  # 2 提 + 2 坎 = 4
        ("一一一 二二二 三三三 四四四 五六七八九十", False),  # 4 坎
    ],
)
def test_tianhu(text: str, expected: bool) -> None:
    """zipai.md §7 天胡 (a): 3 提, or 提 + 坎 >= 5 (a 提 counts as a 坎, a 坎 never as a 提)."""
    assert is_tianhu(parse(text)) is expected


# ------------------------------------------------------------------------------------------
# the winning card (contract semantics, zipai.md §5 偎/碰/提/跑)
# ------------------------------------------------------------------------------------------

BASE = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖")


def test_card_with_pair_self_drawn_makes_wei() -> None:
    """zipai.md §5 偎: pair in hand + self-drawn card, forced."""
    d = best_decomposition((*BASE, *parse("拾拾")), card=Card.parse("d10"))
    assert d is not None and d.card == Card.parse("d10")
    assert Meld(MeldKind.WEI, parse("拾拾拾"), False, Origin.DRAW) in d.melds
    assert d.huxi == 15
    found = list(decompositions((*BASE, *parse("拾拾")), card=Card.parse("d10")))
    assert all(MeldKind.WEI in {m.kind for m in x.melds} for x in found)
    chou = best_decomposition((*BASE, *parse("拾拾")), card=Card.parse("d10"), chouwei=True)
    assert chou is not None and MeldKind.CHOUWEI in {m.kind for m in chou.melds}


def test_card_with_pair_from_another_makes_peng() -> None:
    """zipai.md §5 碰: pair + another player's card; 碰 is optional, so a sentence also works."""
    card = Card.parse("d10")
    hand = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    d = best_decomposition(hand, card=card, self_drawn=False, from_discard=True)
    assert d is not None
    assert Meld(MeldKind.PENG, parse("拾拾拾"), True, Origin.DISCARD) in d.melds
    assert d.huxi == 3 + 6 + 3
    d = best_decomposition(hand, card=card, self_drawn=False)
    assert d is not None
    assert Meld(MeldKind.PENG, parse("拾拾拾"), True, Origin.DRAW) in d.melds
    # 捌玖拾 + 十拾拾: only without the 碰; a self-drawn card must be 偎'd, so no win
    hand = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 捌玖 拾拾 十")
    assert best_decomposition(hand, card=card) is None
    d = best_decomposition(hand, card=card, self_drawn=False)
    assert d is not None and d.huxi == 9
    assert {m.kind for m in d.melds} == {MeldKind.JU, MeldKind.JIAO}
    assert len(list(decompositions(hand, card=card, self_drawn=False))) == 1


def test_card_with_kan_makes_ti_or_pao() -> None:
    """zipai.md §5 提 (b) / 跑 (a): 坎 + self-drawn card = 提; + another's card = 跑 (破跑胡)."""
    hand = (*parse("一二三 四五六 七八九 壹貳叄 肆伍陸 捌捌"), *parse("拾拾拾"))
    card = Card.parse("d10")
    ti = best_decomposition(hand, card=card)
    assert ti is not None and ti.huxi == 3 + 6 + 12
    assert Meld(MeldKind.TI, parse("拾拾拾拾"), False, Origin.DRAW) in ti.melds
    pao = best_decomposition(hand, card=card, self_drawn=False)
    assert pao is not None and pao.huxi == 3 + 6 + 9
    assert Meld(MeldKind.PAO, parse("拾拾拾拾"), True, Origin.DRAW) in pao.melds


def test_card_on_table_peng_and_wei() -> None:
    """zipai.md §5 跑 (b)(c), §9: 碰 + drawn card = 跑, never by a discard; 偎 + own draw = 提."""
    hand = parse("一二三 四五六 七八九 壹貳叄 陸陸")
    peng = (Meld.parse("碰 拾拾拾"), Meld.parse("吃 肆伍陸"))
    card = Card.parse("d10")
    d = best_decomposition(hand, peng, card=card, self_drawn=False)
    assert d is not None and d.melds[0].kind is MeldKind.PAO and d.huxi == 9 + 3 + 6
    assert best_decomposition(hand, peng, card=card, self_drawn=False, from_discard=True) is None
    wei = (Meld.parse("偎 拾拾拾"), Meld.parse("吃 肆伍陸"))
    d = best_decomposition(hand, wei, card=card)
    assert d is not None and d.melds[0].kind is MeldKind.TI and d.huxi == 12 + 3 + 6
    d = best_decomposition(hand, wei, card=card, self_drawn=False)
    assert d is not None and d.melds[0].kind is MeldKind.PAO


def test_too_many_copies_is_an_error() -> None:
    """zipai.md §1: a fifth copy is an error, never a silent change."""
    with pytest.raises(NotationError, match="7 copies of 拾"):
        best_decomposition(parse("拾拾拾拾"), (Meld.parse("碰 拾拾拾"),))
    with pytest.raises(NotationError, match="5 copies"):
        best_decomposition(parse("拾拾拾拾"), card=Card.parse("d10"))
    with pytest.raises(NotationError, match="holds 'x1', which is not one of zipai cards"):
        best_decomposition(["x1"])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="never lies on the table"):
        best_decomposition(parse("一二三"), (Meld.parse("將 二二"),))


def test_waits_example() -> None:
    """zipai.md §7: waits lists every completing card with its best decomposition."""
    hand = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    w = waits(hand)
    assert {c.code: d.huxi for c, d in w.items()} == {"x10": 9, "d2": 15, "d10": 15}
    assert set(waits(hand, winning_only=True)) == {Card.parse("d2"), Card.parse("d10")}


# ------------------------------------------------------------------------------------------
# properties against the brute-force solver
# ------------------------------------------------------------------------------------------


def check_against_bruteforce(kinds: list[int], melds_to_win: int, allow: bool = False) -> None:
    rules = HUNAN.evolve(melds_to_win=melds_to_win, allow_1_5_10=allow)
    hand = cards_of(kinds)
    expected = bf_complete(kinds, [], melds_to_win, allow)
    found = [canon_all(d) for d in decompositions(hand, rules=rules)]
    assert len(found) == len(set(found)), "a decomposition was yielded twice"
    assert set(found) == expected
    best = best_decomposition(hand, rules=rules)
    best_value = bf_best(kinds, [], melds_to_win, allow)
    if best is None:
        assert best_value is None
    else:
        assert best.huxi == best_value
        assert best.threshold_met == (best.huxi >= rules.min_huxi)


@settings(max_examples=150, deadline=None)
@given(random_hands, st.integers(1, 4), st.booleans())
def test_random_small_hands_match_bruteforce(kinds: list[int], melds: int, allow: bool) -> None:
    """zipai.md §5, §7: decompositions and best 胡息 equal brute force on small random hands."""
    check_against_bruteforce(kinds, melds, allow)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5).flatmap(lambda m: st.tuples(built_hands(m), st.just(m))))
def test_built_hands_match_bruteforce(case: tuple[list[int], int]) -> None:
    """zipai.md §5, §7: hands built from groups (often complete) equal brute force."""
    kinds, melds = case
    check_against_bruteforce(kinds, melds)


@settings(max_examples=60, deadline=None)
@given(built_hands(7))
def test_full_hands_match_bruteforce(kinds: list[int]) -> None:
    """zipai.md §7: full-size hands (7 門子) equal brute force."""
    check_against_bruteforce(kinds, 7)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 7).flatmap(built_hands))
def test_decompositions_partition_the_hand(kinds: list[int]) -> None:
    """Every decomposition uses exactly the input cards in legal melds; 胡息 is the sum."""
    hand = cards_of(kinds)
    melds_to_win = max(1, len(kinds) // 3)
    rules = HUNAN.evolve(melds_to_win=melds_to_win)
    for d in decompositions(hand, rules=rules):
        assert Counter(d.cards) == Counter(hand)
        assert len(d.melds) == melds_to_win
        for meld in d.melds:
            expected = classify(meld.cards)
            assert expected is not None
            if meld.kind is not MeldKind.JIANG:
                assert meld.kind is expected
        assert d.huxi == sum(huxi(m, rules=rules) for m in d.melds)
        quads = any(m.kind in (MeldKind.TI, MeldKind.PAO) for m in d.melds)
        assert sum(m.kind is MeldKind.JIANG for m in d.melds) == (1 if quads else 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).flatmap(lambda m: st.tuples(built_hands(m), st.just(m))))
def test_waits_match_bruteforce(case: tuple[list[int], int]) -> None:
    """zipai.md §7 聽牌: waits (self-drawn card) equal brute force."""
    kinds, melds = case
    if len(kinds) < 2:
        return
    hand = cards_of(kinds[:-1])
    rules = HUNAN.evolve(melds_to_win=melds)
    found = {c.index: d.huxi for c, d in waits(hand, rules=rules).items()}
    assert found == bf_waits(kinds[:-1], melds)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4).flatmap(lambda m: st.tuples(built_hands(m), st.just(m))), st.data())
def test_exposed_melds_match_bruteforce(case: tuple[list[int], int], data: st.DataObject) -> None:
    """zipai.md §5, §7: table melds count as 門子, a table 跑/提 asks for the pair."""
    kinds, melds = case
    counts = Counter(kinds)
    free = [k for k in range(20) if counts[k] == 0]
    if not free:
        return
    k = data.draw(st.sampled_from(free))
    kind = data.draw(st.sampled_from(["碰", "偎", "跑", "提"]))
    size = 4 if kind in ("跑", "提") else 3
    table = Meld.parse(f"{kind} {CARDS[k].hanzi * size}")
    rules = HUNAN.evolve(melds_to_win=melds + 1)
    name = {"碰": "peng", "偎": "wei", "跑": "pao", "提": "ti"}[kind]
    expected = bf_best(kinds, [(name, (k,) * size)], melds + 1)
    best = best_decomposition(cards_of(kinds), (table,), rules=rules)
    assert (None if best is None else best.huxi) == expected
    if best is not None:
        assert best.melds[0] == table


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 7).flatmap(built_hands))
def test_best_is_one_of_the_decompositions(kinds: list[int]) -> None:
    """best_decomposition returns one of the decompositions, with the most 胡息."""
    hand = cards_of(kinds)
    rules = HUNAN.evolve(melds_to_win=max(1, len(kinds) // 3))
    best = best_decomposition(hand, rules=rules)
    found = list(decompositions(hand, rules=rules))
    if best is None:
        assert found == []
    else:
        assert best in found
        assert best.huxi == max(d.huxi for d in found)


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 4).flatmap(lambda m: st.tuples(built_hands(m), st.just(m))), st.data())
def test_pair_plus_other_players_card_matches_bruteforce(
    case: tuple[list[int], int], data: st.DataObject
) -> None:
    """Contract: pair + a card from another player = 碰, or the card joins a sentence (§5)."""
    kinds, melds = case
    pairs = [k for k in set(kinds) if kinds.count(k) == 2]
    if not pairs:
        return
    x = data.draw(st.sampled_from(sorted(pairs)))
    rules = HUNAN.evolve(melds_to_win=melds)
    rest = [k for k in kinds if k != x]
    expected = bf_complete(rest, [("peng", (x,) * 3)], melds) | bf_complete(
        [*kinds, x], [], melds, split=x
    )
    hand = cards_of(kinds)
    found = [
        canon_all(d) for d in decompositions(hand, rules=rules, card=CARDS[x], self_drawn=False)
    ]
    assert len(found) == len(set(found))
    assert set(found) == expected
    best = best_decomposition(hand, rules=rules, card=CARDS[x], self_drawn=False)
    values = [sum(bf_huxi(m) for m in option) for option in expected]
    assert (None if best is None else best.huxi) == max(values, default=None)


def test_overflowing_copies_are_detected() -> None:
    """Eight or more copies of a card (a carry in the packed count) still raise NotationError."""
    for n in (5, 8, 9, 16):
        with pytest.raises(NotationError, match=f"{n} copies"):
            best_decomposition((CARDS[3],) * n)
    with pytest.raises(NotationError, match="8 copies"):
        best_decomposition((CARDS[0],) * 8 + (CARDS[1],) * 13)


# --- Decomposition built by hand: derived values are counted, never trusted (DESIGN) ---------

SEVEN = "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"  # 15 胡息: 坎 拾拾拾 9, 句 壹貳叄 6


def test_public_decomposition_counts_its_huxi() -> None:
    """zipai.md §8.1 (胡息 is the sum of the melds) and §8.2 (threshold): a Decomposition built
    from melds alone gets its 胡息 and threshold_met counted under its rules, and equals the
    analysis' own result."""
    best = best_decomposition(parse(SEVEN))
    assert best is not None and best.rules is HUNAN
    d = Decomposition(best.melds)
    assert (d.huxi, d.threshold_met) == (15, True) and d == best and d.rules is HUNAN
    assert Decomposition(best.melds, 15, True) == best
    assert Decomposition(list(best.melds), huxi=15).melds == best.melds
    high = HUNAN.evolve(min_huxi=16)
    assert Decomposition(best.melds, rules=high).threshold_met is False
    assert Decomposition(best.melds, 15, False, rules=high) == best_decomposition(
        parse(SEVEN), rules=high
    )


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"huxi": 999}, "huxi=999 does not match the melds: their 胡息 is 15 under the hunan"),
        ({"huxi": 14}, "huxi=14 does not match the melds: their 胡息 is 15"),
        ({"huxi": "15"}, "huxi='15' does not match the melds"),
        ({"huxi": 15.5}, "huxi=15.5 does not match"),
        ({"threshold_met": False}, "threshold_met=False does not match the melds: their 胡息 15"),
        ({"threshold_met": 1}, "threshold_met=1 does not match"),
        (
            {"threshold_met": True, "rules": HUNAN.evolve(min_huxi=20)},
            "threshold_met=True .* is below min_huxi=20 .* so threshold_met=False",
        ),
    ],
    ids=repr,
)
def test_public_decomposition_rejects_wrong_values(changes: dict[str, object], reason: str) -> None:
    """DESIGN conventions ("Bad input always gets a clear, typed error that names the input and
    the reason ... Nothing is ever silently changed or dropped") with zipai.md §8.1 / §8.2:
    ``Decomposition(melds, huxi=999, threshold_met=True)`` is refused, naming both values."""
    from changpai.errors import RulesError

    best = best_decomposition(parse(SEVEN))
    assert best is not None
    with pytest.raises(RulesError, match=reason):
        Decomposition(best.melds, **changes)  # type: ignore[arg-type]


def test_public_decomposition_rejects_bad_parts() -> None:
    """DESIGN conventions: melds, the winning card and the rules are checked by type, and a
    fifth copy of a card is an error (zipai.md §1: four copies)."""
    from changpai.errors import RulesError

    kan = Meld.parse("坎 一一一")
    with pytest.raises(NotationError, match="is not a sequence of zipai Melds"):
        Decomposition(("坎 一一一",))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="is not a sequence of zipai Melds"):
        Decomposition(kan)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="the melds hold 6 copies of 一"):
        Decomposition((kan, kan))
    with pytest.raises(NotationError, match="card='x1' is not a zipai Card"):
        Decomposition((kan,), card="x1")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="in none of the melds"):
        Decomposition((kan,), card=Card("x2"))
    with pytest.raises(RulesError, match="is not a zipai Rules object"):
        Decomposition((kan,), rules="hunan")  # type: ignore[arg-type]
    assert Decomposition((kan,), card=Card("x1")).huxi == 3


def test_public_decomposition_under_chouwei_rules() -> None:
    """zipai.md §10 Z5: the 胡息 of a 臭偎 follows ``rules.chouwei_huxi``; a hand-built
    Decomposition counts it under the rules it is given, and evolve re-checks under them."""
    import attrs

    from changpai.errors import RulesError

    rules = HUNAN.evolve(chouwei_huxi=(4, 2), min_huxi=0)
    melds = (Meld.parse("臭偎 伍伍伍"),)
    d = Decomposition(melds, rules=rules)
    assert d.huxi == 4 and d.threshold_met and Decomposition(melds).huxi == 6
    assert attrs.evolve(d, card=Card("d5")).card == Card("d5")
    with pytest.raises(RulesError, match="huxi=6 does not match the melds: their 胡息 is 4"):
        attrs.evolve(d, huxi=6)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7).flatmap(built_hands), st.integers(0, 19), st.booleans())
def test_every_found_decomposition_passes_the_public_checks(
    kinds: list[int], extra: int, chouwei: bool
) -> None:
    """zipai.md §8.1 / §8.2: every decomposition the analysis builds through its fast path (the
    best of a concealed hand, all of them, with a winning card, the waits) is one the checked
    public constructor accepts as is, under the rules it was counted with."""
    hand = cards_of(kinds)
    melds_to_win = max(1, len(kinds) // 3)
    for rules in (
        HUNAN.evolve(melds_to_win=melds_to_win, min_huxi=9),
        HUNAN.evolve(melds_to_win=melds_to_win, chouwei_huxi=(4, 2), allow_1_5_10=True),
    ):
        found = [best_decomposition(hand, rules=rules), *decompositions(hand, rules=rules)]
        if Counter(kinds)[extra] < 4 and len(hand) > 1:
            rest, card = hand[1:], CARDS[extra]
            found.append(best_decomposition(rest, rules=rules, card=card, chouwei=chouwei))
            found.extend(decompositions(rest, rules=rules, card=card, self_drawn=False))
        found.extend(waits(hand[1:], rules=rules).values())
        for d in found:
            if d is None:
                continue
            again = Decomposition(d.melds, d.huxi, d.threshold_met, card=d.card, rules=rules)
            assert again == d and again.rules is d.rules is rules


@pytest.mark.parametrize(
    "call",
    [
        lambda cards: analyze(cards),
        lambda cards: best_decomposition(cards),
        lambda cards: list(decompositions(cards)),
        lambda cards: waits(cards),
    ],
)
def test_a_hand_no_game_can_hold_is_refused(call: object) -> None:
    """Issue 12 (hand sizes no game can reach): a 字牌 hand holds at most 28 cards (the dealer's
    21 and a card more per 門子 a four, §4, §7) — the whole deck was read and found incomplete;
    it is a NotationError naming the size now, as in every family."""
    with pytest.raises(NotationError, match=r"holds 8[01] zipai cards; no hand holds more than 28"):
        call(list(DECK))  # type: ignore[operator]


def _foreign_cards() -> list[object]:
    from changpai import chuanpai, nantong, xiaogan

    return [nantong.Card("1t"), xiaogan.Card("A1"), chuanpai.Card("66"), nantong.Card("FU")]


@pytest.mark.parametrize("foreign", _foreign_cards(), ids=repr)
@pytest.mark.parametrize(
    "analysis",
    [
        best_decomposition,
        lambda hand: list(decompositions(hand)),
        lambda hand: waits(hand[:-1]),
        lambda hand: chi_options(hand, Card.parse("x2")),
        is_tianhu,
    ],
    ids=["best_decomposition", "decompositions", "waits", "chi_options", "is_tianhu"],
)
def test_a_card_of_another_family_is_refused(foreign: object, analysis: Any) -> None:
    """zipai.md §1 (the 80 cards) and issue 12 (a typed error for every bad input): a card of
    another family was read as the 字牌 card of its index — 南通 一條, 孝感 上 and 川牌 天牌 as
    一, the reading showing a 一 never given."""
    hand = [
        foreign if c == Card.parse("x1") else c
        for c in parse("壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒")
    ]
    with pytest.raises(NotationError, match=rf"holds {re.escape(repr(foreign))}, which is not"):
        analysis(hand)


def test_a_hand_too_big_to_wait_says_it_counts_the_card_to_come() -> None:
    """zipai.md §4 (28 cards the most a hand holds) and issue 12 (a message names the input
    and the reason): ``waits`` of 28 cards said the hand "holds 29" (it counts the card the
    hand would win on); the message says so now (a CHANGELOG review)."""
    with pytest.raises(NotationError, match="with the card it would win on holds 29 zipai"):
        waits(list(DECK)[:28])


@pytest.mark.parametrize(
    ("keywords", "reason"),
    [
        ({"card": "x1", "from_discard": True}, "from_discard=True and self_drawn=True"),
        ({"card": "x1", "self_drawn": False, "chouwei": True}, "chouwei=True and self_drawn=False"),
        ({"from_discard": True, "self_drawn": False}, "from_discard=True tells how"),
        ({"chouwei": True}, "chouwei=True tells how"),
    ],
)
def test_keywords_that_contradict_each_other_are_refused(
    keywords: dict[str, object], reason: str
) -> None:
    """zipai.md §5: a discard is not the player's own draw and a 臭偎 is made with a card he
    drew himself; both tell how a winning ``card`` came. Such keywords were dropped without a
    word (review h116: the 偎 of a self-drawn card read for from_discard=True, a 碰 for a
    臭偎), as ``Win`` refuses a discarder with self_drawn=True; now an IllegalActionError."""
    hand = "一一 二三四 五六七 八九十 壹貳叄 肆伍陸 柒捌玖"
    with pytest.raises(IllegalActionError, match=reason):
        best_decomposition(hand, **keywords)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=reason):
        list(decompositions(hand, **keywords))  # type: ignore[arg-type]
    # (the occasions that agree are read as before)
    assert best_decomposition(hand, card="x1", self_drawn=False, from_discard=True) is not None
    assert best_decomposition(hand, card="x1", chouwei=True) is not None
