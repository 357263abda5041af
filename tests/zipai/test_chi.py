"""Tests of 吃 and 比 (zipai.md §5 "吃 (chow) and 比 (compulsory matching)")."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.errors import NotationError, RulesError
from changpai.zipai import CARDS, HUNAN, Card, ChiOption, Meld, MeldKind, Origin, chi_options, parse


def options_text(hand: str, card: str, **kw: object) -> set[tuple[str, frozenset[str]]]:
    return {
        (str(o.chi), frozenset(str(m) for m in o.bi))
        for o in chi_options(parse(hand), Card.parse(card), **kw)  # type: ignore[arg-type]
    }


SEED_HAND = "x1 x2 x2 x3 x3 x4 d2 d2"


def test_seed_example_chi_with_two_big() -> None:
    """zipai.md §5 seed example: 吃 [x2 d2 d2], then 比 [x1 x2 x3] and [x2 x3 x4]."""
    found = options_text(SEED_HAND, "x2")
    assert ("吃 二貳貳", frozenset({"比 一二三", "比 二三四"})) in found
    assert [o for o in found if o[0] == "吃 二貳貳"] == [
        ("吃 二貳貳", frozenset({"比 一二三", "比 二三四"}))
    ]


def test_seed_example_chi_with_one_three() -> None:
    """zipai.md §5 seed example: 吃 [x1 x2 x3], then 比 [x2 x2 d2], or [x2 d2 d2] + [x2 x3 x4]."""
    found = {o for o in options_text(SEED_HAND, "x2") if o[0] == "吃 一二三"}
    assert found == {
        ("吃 一二三", frozenset({"比 二二貳"})),
        ("吃 一二三", frozenset({"比 二貳貳", "比 二三四"})),
    }


def test_seed_hand_all_options() -> None:
    """zipai.md §5: every complete choice for the seed hand (the seed names two of the 吃)."""
    options = chi_options(parse(SEED_HAND), Card.parse("x2"))
    assert len(options) == 7
    for option in options:
        assert option.chi.exposed and option.chi.origin is Origin.CHI
        assert all(m.exposed and m.origin is Origin.BI for m in option.bi)
        rest = Counter(parse(SEED_HAND)) - Counter(option.hand_cards())
        assert rest[Card.parse("x2")] == 0
        assert Counter(option.hand_cards()) <= Counter(parse(SEED_HAND))


def test_seed_example_one() -> None:
    """zipai.md §5 (seed 000 例子 1): 吃 一 with 二三 and a 一 left: 比 with 一一壹/一壹壹/一二三."""
    found = options_text("二三 一 壹壹", "x1")
    assert ("吃 一二三", frozenset({"比 一壹壹"})) in found
    assert ("吃 一壹壹", frozenset({"比 一二三"})) in found
    assert ("吃 一一壹", frozenset()) in found
    assert len(found) == 3


def test_impossible_bi_forbids_chi() -> None:
    """zipai.md §5: if a needed 比 is impossible, the 吃 itself is not allowed."""
    assert chi_options(parse("二三 一 五"), Card.parse("x1")) == []
    assert options_text("二三 四", "x1") == {("吃 一二三", frozenset())}


def test_kan_cards_are_never_used() -> None:
    """zipai.md §5 坎: may not be split or used in other groups."""
    assert options_text("一二 三三三", "x3") == set()
    assert options_text("二二二 三四", "x1") == set()
    assert options_text("二二二 三 四", "x2") == set()
    assert options_text("二三 五五五", "x4") == {("吃 二三四", frozenset())}


def test_erqishi_and_jiao() -> None:
    """zipai.md §5: 二七十 and 絞 are 一句話 that 吃 can make; 一五十 only with the option."""
    assert options_text("七十", "x2") == {("吃 二七十", frozenset())}
    assert options_text("五十", "x1") == set()
    assert options_text("五十", "x1", rules=HUNAN.evolve(allow_1_5_10=True)) == {
        ("吃 一五十", frozenset())
    }
    assert options_text("伍伍", "x5") == {("吃 五伍伍", frozenset())}


def test_bad_input() -> None:
    with pytest.raises(NotationError, match="not a zipai Card"):
        chi_options(parse("一二"), "x3")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="5 copies"):
        chi_options(parse("三三三三"), Card.parse("x3"))


def test_hand_cards_needs_the_card() -> None:
    option = ChiOption(Meld.parse("吃 一二三"))
    with pytest.raises(ValueError, match="taken card"):
        option.hand_cards()
    assert option.melds == (Meld.parse("吃 一二三"),)


# an independent enumeration: every ordered choice, then compared as sets


def bf_sentence(kinds: tuple[int, ...]) -> bool:
    vals = sorted(k % 10 for k in kinds)
    cases = {k >= 10 for k in kinds}
    if vals[0] == vals[2]:
        return len(cases) == 2
    if len(cases) == 2:
        return False
    return (vals[1] == vals[0] + 1 and vals[2] == vals[0] + 2) or vals == [1, 6, 9]


def bf_options(hand: list[int], x: int) -> set[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]]:
    counts = Counter(hand)
    if counts[x] >= 3:
        return set()
    free = [k for k in hand if counts[k] < 3]
    result = set()
    for i, j in combinations(range(len(free)), 2):
        chi = tuple(sorted((x, free[i], free[j])))
        if not bf_sentence(chi):
            continue
        rest = [k for n, k in enumerate(free) if n not in (i, j)]

        def bis(rest: list[int], acc: list[tuple[int, ...]], chi: tuple[int, ...] = chi) -> None:
            if x not in rest:
                result.add((chi, frozenset(Counter(acc).items())))  # type: ignore[arg-type]
                return
            for trio in combinations(range(len(rest)), 3):
                group = tuple(sorted(rest[t] for t in trio))
                if x in group and bf_sentence(group):
                    bis([k for n, k in enumerate(rest) if n not in trio], [*acc, group], chi)

        bis(rest, [])
    return result


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 19), max_size=10).filter(
        lambda h: max(Counter(h).values(), default=0) <= 3
    ),
    st.integers(0, 19),
)
def test_chi_options_match_bruteforce(hand: list[int], x: int) -> None:
    """zipai.md §5: chi_options equals an independent enumeration; every option is legal."""
    if hand.count(x) >= 4:
        return
    cards = tuple(CARDS[k] for k in hand)
    options = chi_options(cards, CARDS[x])
    got = {
        (
            tuple(c.index for c in o.chi.cards),
            frozenset(Counter(tuple(c.index for c in m.cards) for m in o.bi).items()),
        )
        for o in options
    }
    assert len(got) == len(options)
    expected = {(tuple(sorted(c)), b) for c, b in bf_options(hand, x)}
    assert got == {(tuple(sorted(c)), b) for c, b in expected}
    for o in options:
        assert CARDS[x] in o.chi.cards
        assert o.chi.kind.is_sentence and all(m.kind.is_sentence for m in o.bi)
        left = Counter(cards) - Counter(o.hand_cards())
        assert Counter(o.hand_cards()) <= Counter(cards)
        assert left[CARDS[x]] == 0
        assert all(m.kind is not MeldKind.KAN for m in o.bi)


def test_chi_options_names_bad_rules_even_when_no_chi_is_possible() -> None:
    """Garbage for ``rules`` raises a RulesError naming it, also for a hand whose 坎 of the card
    allows no 吃 (zipai.md §5) and so never reads the rules."""
    with pytest.raises(RulesError, match="rules=None"):
        chi_options(parse("x1 x1 x1"), Card.parse("x1"), None)  # type: ignore[arg-type]
