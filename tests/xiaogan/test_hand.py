"""孝感 hand analysis (xiaogan.md §4, §5): readings, the best one, waits and the input checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import xiaogan, zipai
from changpai.core import caches
from changpai.errors import NotationError, RulesError
from changpai.xiaogan import (
    CARDS,
    DECK,
    XIAOGAN,
    Card,
    Decomposition,
    Meld,
    MeldKind,
    Rules,
    best_decomposition,
    best_layout,
    classify,
    clear_caches,
    decompositions,
    is_complete,
    parse,
    waits,
)

# 12 cards on the table from phrases G and H, so that small concealed hands of phrases A..F
# make a hand of a regular seat's size (xiaogan.md §2).
PAD = (
    Meld.parse("句 佳作仁"),
    Meld.parse("句 佳作仁"),
    Meld.parse("句 可知禮"),
    Meld.parse("碰 可可可"),
)
OPTIONS = [
    XIAOGAN,
    XIAOGAN.evolve(hunjiang="wild"),
    XIAOGAN.evolve(numeric_sentences=True, wuzhang=False),
    XIAOGAN.evolve(count_face_down=False),
]


def test_a_complete_hand_at_16_wins() -> None:
    """xiaogan.md §5: a complete hand that lays out 16 cards wins."""
    best = best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九"))
    assert best is not None and best.value == best.laid_out == 16 and best.wins


def test_at_15_the_owner_may_abandon() -> None:
    """xiaogan.md §5: with exactly 15 laid out the player may abandon."""
    best = best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生"))
    assert best is not None and not best.wins and best.may_abandon


def test_menjiang_on_the_table_counts() -> None:
    """xiaogan.md §5 [INF]: the 門將 pair counts as laid out."""
    best = best_decomposition(
        parse("上大人 邱乙己 化三千 七十士 爾小生"), [Meld.parse("門將 仁 HJ")]
    )
    assert best is not None and best.laid_out == 17 and best.wins


def test_face_up_only_option() -> None:
    """X2 option: face-down cards (暗, the three under a 起) do not count."""
    rules = XIAOGAN.evolve(count_face_down=False)
    hand = parse("上上上 大大大 人人人 邱乙己 化三千 九")
    best = best_decomposition(hand[:-1], [Meld.parse("起 子子子子")], rules=rules)
    assert best is not None
    # three 句 of 上大人 (face up) beat three 暗 (face down); the 起 shows one card
    assert [m.kind for m in best.concealed].count(MeldKind.JU) == 5 and best.laid_out == 16


def test_hunjiang_in_hand_is_dead_by_default() -> None:
    """X3 default: a 混江 in hand cannot be formed."""
    hand = parse("上大人 邱乙己 化三千 七十士 爾小 HJ")
    assert not is_complete(hand)
    assert is_complete(hand, rules=XIAOGAN.evolve(hunjiang="wild"))


def test_wild_hunjiang_may_stand_for_a_sixth_copy() -> None:
    """X3 option "fully wild": 混江 stands for any card, a sixth copy of a character included
    (the rules set no limit — unlike 南通's 百搭, nantong.md §1): five 上 and 混江 read as two
    暗 (15 張), which beats the 五張 with 混江 loose (14 張) that the default reads."""
    hand = parse("上上上上上 混江 邱乙己 化三千 七十士")
    wild = best_layout(hand, rules=XIAOGAN.evolve(hunjiang="wild"))
    assert str(wild).startswith("暗 上 上 上 | 暗 上 上 混江") and str(wild).endswith("(15 張)")
    assert str(best_layout(hand)).startswith("五張 上 上 上 上 上")


def test_wrong_card_count_is_a_notation_error() -> None:
    """A hand of fewer than 3 cards (xiaogan.md §2: a small seat's 3 the fewest) is refused at
    once, naming the cards; a small seat's 3 or 5 are read (review h81: the floor was 15, and a
    small seat's win raised inside apply)."""
    for function in (best_decomposition, decompositions, waits, is_complete, best_layout):
        with pytest.raises(NotationError, match=r"2 cards \(上 大\) are not a xiaogan hand"):
            function(parse("上大"))
        function(parse("上大人"))
        function(parse("上大人 邱乙"))


def test_cards_of_another_family_are_a_notation_error() -> None:
    with pytest.raises(NotationError, match="Card\\('x1'\\) is not a xiaogan Card"):
        best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小") + zipai.parse("一"))
    with pytest.raises(NotationError, match=r"2 cards \(上 大\) are not a xiaogan hand"):
        best_decomposition("上大")  # text is read (as analyze reads it), then checked
    with pytest.raises(RulesError):
        best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生"), rules=zipai.HUNAN)  # type: ignore[arg-type]


def test_exposed_sets_are_checked_against_the_rules() -> None:
    hand = parse("上大人 邱乙己 化三千 七十士")
    with pytest.raises(NotationError, match="混江 stands in only"):
        best_decomposition(hand, [Meld.parse("句 爾小 HJ")])
    with pytest.raises(NotationError, match="at most one 門將"):
        best_decomposition(hand, [Meld.parse("門將 爾爾"), Meld.parse("門將 生 HJ")])
    with pytest.raises(NotationError, match="7 copies of 上"):
        best_decomposition(hand + parse("上上上"), [Meld.parse("碰 上上上")])


def test_waits() -> None:
    found = waits(parse("上大人 邱乙己 化三千 九九九九 上大"))
    assert {c.hanzi: d.value for c, d in found.items()} == {"人": 16}
    # no fifth copy is waited for once four are held
    found = waits(parse("上大人 邱乙己 化三千 八九"), [Meld.parse("亮 九九九九")])
    assert list(found) == [Card("子")]


# ------------------------------------------------------------------------------ properties


def brute(counts: Counter[Card], rules: Rules) -> Iterator[list[tuple[MeldKind, tuple[Card, ...]]]]:
    """Every partition of the cards into concealed sets, by trying every group."""
    if not counts:
        yield []
        return
    low = min(counts)
    rest = list((counts - Counter([low])).elements())
    seen: set[tuple[Card, ...]] = set()
    for size in (2, 3, 4):
        for others in combinations(sorted(rest), size):
            group = tuple(sorted((low, *others)))
            if group in seen:
                continue
            seen.add(group)
            kind = classify(group, rules=rules)
            if kind is None or kind is MeldKind.MENJIANG:
                continue
            for tail in brute(counts - Counter(group), rules):
                yield [(kind, group), *tail]


def canonical(
    parts: Sequence[tuple[MeldKind, tuple[Card, ...]]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted((k.value, tuple(c.code for c in cs)) for k, cs in parts))


small_hands = st.lists(st.sampled_from(CARDS[:18] + CARDS[24:]), min_size=3, max_size=9).filter(
    lambda cs: all(cs.count(c) <= (1 if c.is_hunjiang else 2) for c in set(cs))
)


@settings(max_examples=60)
@given(small_hands, st.sampled_from(OPTIONS))
def test_decompositions_match_brute_force(cards: list[Card], rules: Rules) -> None:
    """Every reading partitions exactly the concealed cards into legal sets; the readings are
    those of a brute-force search, each once; the best has the largest (laid-out, 胡)."""
    found = list(decompositions(cards, PAD, rules=rules))
    keys = [canonical([(m.kind, m.cards) for m in d.concealed]) for d in found]
    assert len(keys) == len(set(keys))
    assert set(keys) == {canonical(p) for p in brute(Counter(cards), rules)}
    for d in found:
        assert Counter(c for m in d.concealed for c in m.cards) == Counter(cards)
        assert all(classify(m.cards, rules=rules) is m.kind for m in d.concealed)
        assert d.exposed == PAD and d.value == sum(m.laid_out(rules) for m in d.melds)
    best = best_decomposition(cards, PAD, rules=rules)
    assert (best is None) == (not found) == (not is_complete(cards, PAD, rules=rules))
    if best is not None:
        assert (best.value, best.hu) == max((d.value, d.hu) for d in found)


@settings(max_examples=40)
@given(small_hands)
def test_waits_are_exactly_the_completing_cards(cards: list[Card]) -> None:
    found = waits(cards, PAD)
    for card in CARDS:
        held = Counter(cards)[card] + sum(m.cards.count(card) for m in PAD)
        if held >= (1 if card.is_hunjiang else 5):
            assert card not in found
            continue
        assert (card in found) == is_complete([*cards, card], PAD)


def test_a_hand_bigger_than_any_seat_is_a_notation_error() -> None:
    """xiaogan.md §2, §4: a seat holds at most 16 dealt cards plus its 偷 (at most one per two
    cards held), so at most 32 in hand and on the table; more is refused at once, naming the
    count and the limit."""
    concealed = parse("上大人 邱乙己 化三千 七十士 爾小生 八九子") * 2  # 36 cards
    for function in (best_decomposition, decompositions, waits, is_complete, best_layout):
        with pytest.raises(NotationError, match="holds 36 cards; no hand holds more than 32"):
            function(concealed)
    with pytest.raises(NotationError, match="holds 33 cards; no hand holds more than 32"):
        best_layout(parse("上大人 邱乙己 化三千 七十士 爾小生 八九子 上大人"), PAD)  # 21 + 12


@settings(max_examples=30, deadline=None)
@given(st.permutations(DECK), st.integers(33, len(DECK)))
def test_oversized_hands_never_reach_the_analysis(deck: list[Card], size: int) -> None:
    """Property: any multiset of the deck above 32 cards is a NotationError naming its size."""
    with pytest.raises(NotationError, match=f"holds {size} cards; no hand holds more than 32"):
        best_layout(tuple(deck[:size]))


def test_a_hand_of_32_is_still_read() -> None:
    """The limit is not below what a seat can hold: 32 cards are answered."""
    hand = parse("上大人 邱乙己 化三千 七十士 爾小生") * 2 + parse("八九")
    assert len(hand) == 32
    assert best_layout(hand).laid_out == 30


def test_clear_caches_empties_the_bounded_caches() -> None:
    """The hand analysis caches are registered under the family, stay within their bounds, and
    clear_caches() empties them without changing a result."""
    hand = parse("上大人 邱乙己 化三千 七十士 九九九九")
    before = best_layout(hand)
    stats = caches.stats("xiaogan")
    assert len(stats) >= 4 and any(size for size, _limit in stats.values())
    assert all(size <= limit for size, limit in stats.values())
    clear_caches()
    assert all(size == 0 for size, _limit in caches.stats("xiaogan").values())
    assert best_layout(hand) == before


@pytest.mark.parametrize(
    "build, error, name",
    [
        (lambda: Decomposition("abc"), NotationError, "concealed="),
        (lambda: Decomposition((1, 2)), NotationError, "concealed="),
        (lambda: Decomposition((), None), NotationError, "exposed="),
        (lambda: Decomposition((Meld.parse("句 上大人"),), rules=None), RulesError, "rules="),
        (lambda: Decomposition((), loose="ab"), NotationError, "loose="),
        (lambda: Decomposition((), loose=(1,)), NotationError, "loose="),
    ],
)
def test_a_decomposition_checks_its_fields(build: Any, error: type[Exception], name: str) -> None:
    """Decomposition(...) takes sets, a Rules object and loose cards: anything else is a typed
    error naming the field (it used to fail later with AttributeError / TypeError)."""
    with pytest.raises(error, match=name):
        build()


def test_the_cards_a_hand_wins_with_section_5() -> None:
    """xiaogan.md §5: a player wins as soon as he lays out 16, whatever is left in his hand
    (review h27): 生 makes 爾小生 and the hand wins with 可 loose — a winning wait that
    ``waits`` (every card formed) does not list and ``winning_only`` does; ``analyze`` of a hand
    that does not win yet lists those as ``wins_with``, each with its laying-out."""
    from changpai import xiaogan

    hand = "上大人 邱乙己 化三千 九九九九 爾小 可"
    assert xiaogan.waits(hand) == {}
    won = xiaogan.waits(hand, winning_only=True)
    assert [c.hanzi for c in won] == ["生"]
    layout = won[xiaogan.Card("生")]
    assert layout.wins and layout.laid_out == 16 and [c.hanzi for c in layout.loose] == ["可"]
    analysis = xiaogan.analyze(hand)
    assert analysis.waits == {} and analysis.wins_with == won  # (waits: as every family's)
    assert analysis.to_dict()["facts"]["wins_with"] == [xiaogan.Card("生").code]
    assert "wins with:\n  生: 16 張: " in str(analysis)
    assert xiaogan.analyze("上大人 邱乙己 化三千 七十士 九九九九 混江").wins_with == {}  # (it wins)
    with pytest.raises(NotationError, match="winning_only"):
        xiaogan.waits(hand, winning_only=1)  # type: ignore[arg-type]
    # (review h31) the same cards and counts as the waits, read in another order: no second line
    same = xiaogan.analyze(
        "知 知 知 知 生 生 八 九 子", "杠 千千千千; 暗 可可可",
        rules=xiaogan.XIAOGAN.evolve(numeric_sentences=True),
    )  # fmt: skip
    assert "waits for:\n  生: 17 張: " in str(same) and "wins with" not in str(same)


def test_waits_read_the_fourth_of_a_an_as_its_qi() -> None:
    """§4 (起: the fourth of a 暗 joins it, however it comes) and §5 (review h86): with 15 laid
    out and 暗 邱邱邱 on the table, a 邱 makes a 起 and 16 — the engine wins on it; waits read
    it into the hand, where it stayed loose, and named no card."""
    hand, table = "上大人 化三千 七十士 爾小生 仁", "暗 邱邱邱"
    found = waits(hand, table, winning_only=True)
    assert [c.hanzi for c in found] == ["邱"] and found[Card("邱")].laid_out == 16
    assert "起 邱 邱 邱 邱" in str(found[Card("邱")])
    complete = waits("上大人 化三千 七十士 爾小生", table)
    assert [c.hanzi for c in complete] == ["邱"]
    assert [m.kind for m in complete[Card("邱")].exposed] == [MeldKind.QI]


def test_waits_read_a_pairs_card_as_a_peng_with_face_up_counting() -> None:
    """X2 (``count_face_down=False``: a claimed 碰 is face up, a 暗 in hand counts nothing;
    review h86): 八八 in hand and a passing 八 make a 碰 — 16 laid out, the engine's win."""
    rules = XIAOGAN.evolve(count_face_down=False)
    found = waits("上大人 化三千 七十士 八八 仁", "亮 可可可可", rules=rules, winning_only=True)
    assert [c.hanzi for c in found] == ["八"] and found[Card("八")].laid_out == 16


def test_waits_read_every_claim_the_engine_offers_section_4() -> None:
    """docs/xiaogan.md (waits read a card as a claim of it makes it, face up under
    ``count_face_down=False``): the engine offers a 碰 of two or more held, a 杠 of three or
    more and, with a wild 混江, a 碰 of one held and it and a 杠 of two and it; ``waits`` read a
    碰 only of exactly two and never with 混江, so a winning card was missed or under-counted
    (review h116)."""
    face_up = xiaogan.XIAOGAN.evolve(count_face_down=False)
    three = xiaogan.waits(
        "上大人 邱乙己 七十士 爾爾爾 小生 八九子", rules=face_up, winning_only=True
    )
    # (the 爾 claimed by a 碰 of two of the three, the third in 爾小生: 18 laid out, none loose)
    assert {c.hanzi: (d.laid_out, len(d.loose)) for c, d in three.items()} == {"爾": (18, 0)}
    wild = face_up.evolve(hunjiang="wild")
    hand = "上大人 邱乙己 七十士 爾 混江 化 佳"
    found = xiaogan.waits(hand, "亮 可可可可", rules=wild, winning_only=True)
    assert xiaogan.Card("爾") in found
    assert "碰 爾 爾 混江" in str(found[xiaogan.Card("爾")])


def test_waits_keep_the_reading_best_layout_would_section_5() -> None:
    """``best_layout``'s order (the most laid out, then the fewest loose, then the most 胡) picks
    among the ways a card wins too: a 生 read into the hand (7 胡) or claimed as a 碰 (9 胡)
    lays out 16 with two loose either way; the 碰 was not kept (review h116)."""
    face_up = xiaogan.XIAOGAN.evolve(count_face_down=False)
    hand = "乙乙乙乙 化三千 化三千 爾小生 生 可知禮"
    won = xiaogan.waits(hand, rules=face_up, winning_only=True)[xiaogan.Card("生")]
    laid = xiaogan.best_layout("乙乙乙乙 化三千 化三千 爾小 可知禮", "碰 生生生", rules=face_up)
    assert (won.laid_out, len(won.loose), won.hu) == (laid.laid_out, len(laid.loose), laid.hu)
    assert won.hu == 9
