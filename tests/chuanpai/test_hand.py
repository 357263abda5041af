"""Tests of the 川牌 hand analysis: decompositions, best, waits (chuanpai.md §2.3, §2.5, §2.6),
the 叫牌 condition (§2.5) and the 齊頭 rule (§2.4.4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai import (
    CARDS,
    DECK86,
    GEHU,
    YAODIREN,
    Card,
    Meld,
    Rules,
    analyze,
    best_decomposition,
    can_jiao,
    classify,
    decompositions,
    has_tuhuo,
    hu,
    is_complete,
    parse,
    qitou,
    waits,
)
from changpai.chuanpai import hand as hand_module
from changpai.errors import NotationError, RulesError

JING_RULES = YAODIREN.evolve(deck="deck86")


def _brute(
    cards: Sequence[Card], rules: Rules
) -> Iterator[tuple[tuple[str, tuple[str, ...]], ...]]:
    """Every partition of the cards into hand units, by trying every subset with classify."""
    if not cards:
        yield ()
        return
    first, rest = cards[0], list(cards[1:])
    n = len(rest)
    for mask in range(1, 1 << n):
        chosen = [rest[i] for i in range(n) if mask >> i & 1]
        if len(chosen) > 4:
            continue
        unit = [first, *chosen]
        kind = classify(unit, rules=rules)
        if kind is None:
            continue
        left = [rest[i] for i in range(n) if not mask >> i & 1]
        key = (kind.value, tuple(sorted(c.code for c in unit)))
        for tail in _brute(left, rules):
            yield tuple(sorted((key, *tail)))


def _key(units: Sequence[Meld]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted((m.kind.value, tuple(sorted(c.code for c in m.cards))) for m in units))


hands = st.lists(st.integers(0, len(DECK86) - 1), unique=True, max_size=8).map(
    lambda idx: [DECK86[i] for i in idx]
)


@settings(max_examples=120, deadline=None)
@given(hands, st.sampled_from([JING_RULES, GEHU.evolve(deck="deck86")]))
def test_decompositions_match_brute_force(cards: list[Card], rules: Rules) -> None:
    """Property (chuanpai.md §2.3, §2.6): decompositions are exactly the partitions of the cards
    into units, each listed once; each one's 胡 is the sum of its units; the best is the max."""
    found = [_key(d.concealed) for d in decompositions(cards, rules=rules)]
    assert len(found) == len(set(found))
    # no cards at all form nothing: an empty hand is no win (issue 12)
    assert set(found) == (set(_brute(cards, rules)) if cards else set())
    for d in decompositions(cards, rules=rules):
        assert Counter(c for m in d.concealed for c in m.cards) == Counter(cards)
        assert d.hu == sum(hu(m, rules) for m in d.melds)
    best = best_decomposition(cards, rules=rules)
    if not found:
        assert best is None and not is_complete(cards, rules=rules)
    else:
        assert best is not None
        assert best.hu == max(d.hu for d in decompositions(cards, rules=rules))


@settings(max_examples=40, deadline=None)
@given(hands)
def test_waits_are_exactly_the_completing_cards(cards: list[Card]) -> None:
    """Property: a card is a wait if and only if adding it makes the hand complete."""
    found = waits(cards, rules=JING_RULES)
    held = Counter(cards)
    for card in set(DECK86):
        if held[card] >= DECK86.count(card):
            assert card not in found
            continue
        best = best_decomposition([*cards, card], rules=JING_RULES)
        assert (card in found) == (best is not None)
        if best is not None:
            assert found[card].hu == best.hu


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("66 44 55 55 16 34 25", 4),  # 擠兒20 1 + 擠兒20 1 + 燕 2
        ("66 66 66 44 44 44", 6),  # two 暗 beat three 20-point 擠兒
        ("55 55 55 55", 7),  # 亮 beats two 擠兒 (2)
        ("13 24 22 33", 0),  # two 10-point 擠兒
        ("JC 12 12 66 44", 31),  # 經 暗 30 + 擠兒 1
        ("JC 66 JT 11", 0),  # two 經 pairs
    ],
)
def test_best_decomposition_values(text: str, value: int) -> None:
    """chuanpai.md §2.6: the best decomposition is the one worth the most 胡."""
    best = best_decomposition(parse(text), rules=JING_RULES)
    assert best is not None and best.hu == value


def test_exposed_units_count_and_are_checked() -> None:
    """chuanpai.md §2.6: units on the table count with the hand; a bad pair raises."""
    table = [Meld.parse("碰 55 55 55"), Meld.parse("擺 66 26")]
    best = best_decomposition(parse("44 66"), table)
    assert best is not None and best.hu == 1 + 2 + 1
    assert best.exposed == tuple(table)
    with pytest.raises(NotationError, match="sums to 14"):
        best_decomposition(parse("44 66"), [Meld.parse("擺 66 11")])
    assert best_decomposition(parse("44 66"), [Meld.parse("擺 66 11")], rules=GEHU) is None


def test_fourteen_point_rule() -> None:
    """chuanpai.md §4 割胡: pairs sum to 14 (12+2, 11+3, 10+4, 9+5, 8+6, 7+7)."""
    hand = parse("66 11 56 12 46 22 45 14 44 33 16 34")
    assert is_complete(hand, rules=GEHU)
    assert not is_complete(hand)
    assert [c.code for c in waits(parse("66"), rules=GEHU)] == ["11"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("14 14 66 44", True),
        ("11 11", True),
        ("44 44", True),
        ("14 11 44 66 55", False),
        ("22 22 22 22", True),
        ("22 22 22 22 22", True),
        ("22 22 22", False),
    ],
)
def test_jiao_condition(text: str, expected: bool) -> None:
    """chuanpai.md §2.5 叫牌 (幺地人): a pair of 幺四, 地牌 or 人牌, unless a 土夥."""
    assert can_jiao(parse(text)) is expected


@pytest.mark.parametrize(
    ("hand", "card", "expected"),
    [
        ("26 26 26 66 66 66", "26", "optional"),  # g == b: 齊頭
        ("26 26 26 66 66 11 11", "26", "optional"),  # g == b + 1
        ("26 26 26 66 66", "26", "mandatory"),  # b == g + 1
        ("26 26 66 66 66 66", "66", "mandatory"),  # g >= b + 2
        ("26 26 26 35 66", "26", "mandatory"),  # b >= g + 2: C9 default
        ("13 13 13 24 24 24", "13", "optional"),  # 4 (good) vs 6 (bad)
        ("36 36 36 56 56", "36", "mandatory"),  # 11 (good) vs 9 (bad)
        ("55 55 55", "55", None),  # 10 pairs with itself
        ("16 16 16", "16", None),  # 7s are resolved by 燕
    ],
)
def test_qitou(hand: str, card: str, expected: str | None) -> None:
    """chuanpai.md §2.4.4 齊頭: when 暗 / 碰 / 扛 is optional or mandatory."""
    assert qitou(parse(hand), Card(card)) == expected


def test_qitou_uncovered_option() -> None:
    """Ambiguities C9: the uncovered case b >= g + 2 can be made optional."""
    rules = YAODIREN.evolve(qitou_uncovered="optional")
    assert qitou(parse("26 26 26 35 66"), Card("26"), rules) == "optional"
    assert qitou(parse("26 26 26 66"), Card("26"), GEHU) is None


def test_analyze() -> None:
    """The analysis behind the CLI: complete, best, waits and 叫牌 in str and to_dict."""
    result = analyze("天牌 人牌 梅子 梅子 梅子 地牌 地牌", [Meld.parse("碰 44 44 44")])
    data = result.to_dict()
    assert data["complete"] is False and data["facts"] == {"jiao": True}
    # 暗 of 地牌; one 8 would leave the other 地牌 single
    assert [w["card"] for w in data["waits"]] == ["11"]
    assert data["exposed"] == ["碰 人牌 人牌 人牌"] and data["schema"] == "changpai.analysis"
    text = str(result)
    assert "facts: jiao True" in text and "table: 碰 人牌 人牌 人牌" in text
    done = analyze("66 44")
    assert done.best is not None and "complete: 1 胡" in str(done)
    assert done.sheet is not None and done.sheet.total == 1
    assert done.to_dict()["score"]["payments"][0]["amount"] == 2
    with pytest.raises(NotationError):
        analyze("JC 66")


def test_analyze_text_with_table() -> None:
    """analyze reads 'hand / unit; unit' and checks the copies against the deck."""
    result = analyze("66 44 / 碰 55 55 55; 擺 46 46", rules=GEHU.evolve(pair_rule="10/20"))
    assert result.best is not None and result.best.hu == 1 + 2 + 1
    with pytest.raises(NotationError, match="5 copies of 梅子"):
        analyze("55 55 / 碰 55 55 55", rules=GEHU.evolve(pair_rule="10/20"))


IMPOSSIBLE = [
    # (id, call, message): every public entry checks concealed + exposed against the deck
    (
        "six-66-best",
        lambda: best_decomposition([Card("66")] * 6),
        r"6 copies of 天牌 \('66'\) of deck105; a deck has at most 5",
    ),
    ("six-66-decompositions", lambda: decompositions([Card("66")] * 6), "6 copies of 天牌"),
    ("six-66-waits", lambda: waits([Card("66")] * 6), "6 copies of 天牌"),
    ("six-66-is_complete", lambda: is_complete([Card("66")] * 6), "6 copies of 天牌"),
    (
        "jing-in-deck105",
        lambda: analyze(parse("66 JC")),
        r"1 copy of 財神 \('JC'\) of deck105; a deck has none",
    ),
    ("jing-in-deck105-best", lambda: best_decomposition(parse("66 JC")), "財神 .* of deck105"),
    (
        "hand-plus-table",
        lambda: best_decomposition(parse("55 55 55"), [Meld.parse("碰 55 55 55")]),
        "6 copies of 梅子 .* of deck105",
    ),
    (
        "fifth-in-deck84",
        lambda: waits(parse("55 55"), [Meld.parse("碰 55 55 55")], rules=GEHU),
        r"5 copies of 梅子 .* of deck84; a deck has at most 4",
    ),
    ("qitou", lambda: qitou([Card("26")] * 6, Card("26")), "6 copies of 二六"),
    ("can_jiao", lambda: can_jiao([Card("11")] * 6), "6 copies of 地牌"),
    (
        "not-a-card",
        lambda: best_decomposition([Card("66"), "44"]),
        "concealed holds '44', which is not a chuanpai Card",
    ),
    ("not-a-card-analyze", lambda: analyze([1, 2]), "hand holds 1, which is not a chuanpai Card"),
    ("text-not-cards", lambda: waits("66 61"), "'61' is not a chuanpai card"),
    ("not-a-meld", lambda: decompositions(parse("66"), [5]), "exposed holds 5"),
    ("qitou-card", lambda: qitou(parse("66"), 66), "card=66 is not a chuanpai Card or card text"),
    ("qitou-card-text", lambda: qitou(parse("66"), "61"), "'61' is not a chuanpai card"),
]


@pytest.mark.parametrize(
    ("call", "message"), [(c, m) for _, c, m in IMPOSSIBLE], ids=[i for i, _, _ in IMPOSSIBLE]
)
def test_impossible_hands_raise_notation_error(call: Any, message: str) -> None:
    """chuanpai.md §1 (deck105: 21 kinds × 5, no 經牌; deck84: × 4) and DESIGN.md "a fifth
    copy of a card is an error, never a silent change": every public entry of hand.py checks
    the concealed cards and the units on the table together against the rules' deck and
    raises NotationError naming the card, its count and the deck."""
    with pytest.raises(NotationError, match=message):
        call()


def test_bad_rules_raise_rules_error() -> None:
    """DESIGN.md typed errors: rules that are not a chuanpai Rules raise RulesError."""
    with pytest.raises(RulesError, match="rules='gehu' is not a chuanpai Rules object"):
        best_decomposition(parse("66 44"), rules="gehu")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules=None"):
        analyze("66 44", rules=None)  # type: ignore[arg-type]


def test_the_deck_limit_is_the_rules_deck() -> None:
    """chuanpai.md §1 deck variants: 經牌 are legal under deck86, five of a kind under deck105
    but not deck84; the input objects are left as they were."""
    hand = [*parse("12 12"), Card("JC")]
    assert best_decomposition(hand, rules=YAODIREN.evolve(deck="deck86")) is not None
    assert best_decomposition(parse("55 55 55 55 55")) is not None
    with pytest.raises(NotationError, match=r"5 copies of 梅子 .* of deck84"):
        best_decomposition(parse("55 55 55 55 55"), rules=GEHU)
    assert hand == [Card("12"), Card("12"), Card("JC")]


def _counts(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if c.index == i) for i in range(len(CARDS)))


_UNITS = ("碰 55 55 55", "擺 66 44", "暗 13 13 13", "燕 16 34 25", "擺 66 11")
table_units = st.lists(st.sampled_from([Meld.parse(t) for t in _UNITS]), max_size=2)


@settings(max_examples=80, deadline=None)
@given(
    hands,
    table_units,
    st.sampled_from([JING_RULES, GEHU.evolve(deck="deck86")]),
    st.sampled_from(DECK86),
)
def test_internal_entries_agree_with_public(
    cards: list[Card], table: list[Meld], rules: Rules, card: Card
) -> None:
    """Property (chuanpai.md §2.4.4, §2.5, §2.6): the unchecked entries the engine calls give
    what the checked public functions give, on the counts of the same valid cards (both read
    from one module object: pytest's doctest import of hand.py may load it twice)."""
    try:
        best = hand_module.best_decomposition(cards, table, rules=rules)
    except NotationError:
        return  # too many copies with the table, or a pair of the other rule: tested above
    if not cards and not table:  # the public entries refuse the empty hand as a win (issue 12)
        assert best is None and not hand_module.is_complete(cards, table, rules=rules)
        return
    counts = _counts(cards)
    assert hand_module._checked(cards, table, rules)[1] == counts
    assert hand_module._best_decomposition(counts, table, rules) == best
    assert hand_module._is_complete(counts, rules) == hand_module.is_complete(
        cards, table, rules=rules
    )
    every = _counts([*cards, *(c for m in table for c in m.cards)])
    assert hand_module._waits(counts, every, table, rules) == hand_module.waits(
        cards, table, rules=rules
    )
    assert hand_module._can_jiao(counts) == hand_module.can_jiao(cards)
    assert hand_module._has_tuhuo(counts) == hand_module.has_tuhuo(cards)
    assert hand_module._qitou(counts, card.index, rules) == hand_module.qitou(cards, card, rules)


def test_fast_check_falls_back_to_the_full_error() -> None:
    """DESIGN.md typed errors: the one-pass check of the success path gives way to the full
    check, with its message, for a list input, a non-card among cards and too many copies."""
    assert best_decomposition(list(parse("66 44"))) == best_decomposition(parse("66 44"))
    with pytest.raises(NotationError, match="concealed holds None, which is not a chuanpai Card"):
        is_complete([Card("66"), None])  # type: ignore[list-item]
    with pytest.raises(NotationError, match=r"5 copies of 梅子 \('55'\) of deck84"):
        waits(parse("55 55 55 55 55"), rules=GEHU)
    with pytest.raises(NotationError, match="2 copies of 財神"):
        has_tuhuo([Card("JC"), Card("JC")])


def test_hands_no_game_reaches_are_refused_at_once() -> None:
    """chuanpai.md §2.1-2.3 / issue 12: a hand holds at most the largest deal and the card just
    taken (19 in 幺地人), hand and table at most twice that; a 64-card hand (legal copies of
    deck84) is refused with a NotationError naming the count and the limit, not searched."""
    from changpai.chuanpai import DECK84

    assert hand_module.hand_limits(YAODIREN) == (19, 38)
    big = DECK84[:64]
    rules = YAODIREN.evolve(deck="deck84")
    for function in (is_complete, best_decomposition, decompositions, waits):
        with pytest.raises(
            NotationError, match="holds 64 幺地人 cards; no hand holds more than 19"
        ):
            function(big, rules=rules)
    with pytest.raises(NotationError, match="no hand holds more than 19"):
        analyze(big, rules=rules)
    assert is_complete(DECK84[:19], rules=rules) in (True, False)  # 19 cards are read
    table = (Meld.parse("暗 66 66 66"),) * 7  # 21 cards on the table: 40 held in all
    with pytest.raises(
        NotationError, match="together holds 40 幺地人 cards; no hand holds more than 38"
    ):
        is_complete(DECK84[30:49], table, rules=rules)


def test_an_empty_hand_is_no_win() -> None:
    """chuanpai.md §2.5 / issue 12: the winner has every card formed; no cards form nothing."""
    assert not is_complete(())
    assert best_decomposition(()) is None
    assert list(decompositions(())) == []
    assert analyze("").best is None and not analyze("").complete


def test_waits_lists_the_shape_not_a_win_after_a_discard() -> None:
    """docs/chuanpai.md "waits and the engine's win" (review h92): a small seat holding 天牌
    天牌 斧頭 紅九 丁丁 (割胡, deck86) wins on a drawn 天牌 by discarding the 紅九, which the
    engine checks right after the discard — waits lists the cards completing the shape alone."""
    rules = GEHU.evolve(deck="deck86")
    hand = parse("66 66 56 45 12")
    assert waits(hand, rules=rules) == {}
    assert is_complete(parse("66 66 66 56 12"), rules=rules)
