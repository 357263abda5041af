"""Hand analysis: decompositions, shapes, waits, 百搭 (nantong.md §4)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.errors import NotationError, RulesError
from changpai.nantong import Card, Meld, MeldKind, Shape, WaitKind

PLAIN = nantong.CARDS[:30]
SUIT = nantong.CARDS[:27]
BAIDA_RULES = nantong.DUZIHU_BAIDA


def _build(pair: Card, groups: list[tuple[bool, Card]]) -> tuple[Card, ...] | None:
    cards = [pair, pair]
    for is_set, card in groups:
        if is_set:
            cards += [card] * 3
        else:
            start = card.index - card.index % 9 + min(card.index % 9, 6)
            cards += [nantong.CARDS[start + j] for j in range(3)]
    counts = Counter(cards)
    return tuple(sorted(cards)) if all(n <= 4 for n in counts.values()) else None


def winning_hands(
    groups: int = 7, pool: tuple[Card, ...] = PLAIN
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A random complete concealed hand: one pair + ``groups`` 刻子 / 順子, at most 4 copies."""
    spec = st.tuples(
        st.sampled_from(pool),
        st.lists(st.tuples(st.booleans(), st.sampled_from(pool)), min_size=groups, max_size=groups),
    )
    built = spec.map(lambda s: _build(s[0], [(k or not c.is_suit, c) for k, c in s[1]]))
    return built.filter(lambda h: h is not None)  # type: ignore[return-value]


def test_shapes_section_4() -> None:
    """nantong.md §4: 清胡 = pair + 7 順子; 飄胡 = 刻子 / 杠 and 文錢; 塌子胡 = a mixture (N20)."""
    assert (
        nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w").shape is Shape.QINGHU
    )
    piao = nantong.best_decomposition(
        "1b 2b 3b HH HH HH QZ QZ QZ 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
    )
    assert piao.shape is Shape.PIAOHU
    assert piao.shape_under(nantong.DUZIHU.evolve(wenqian_in_piao=False)) is Shape.TAZIHU
    ta = nantong.best_decomposition(
        "2b 3b 4b HH HH HH QZ QZ QZ 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
    )
    assert ta.shape is Shape.TAZIHU


def test_exposed_melds_and_kong_size_section_4() -> None:
    """nantong.md §4: 23 cards + 1 per 杠; declared sets count as groups."""
    exposed = "明杠 4b 4b 4b 4b; 碰 HH HH HH"
    concealed = "123t 456t 789t 123w 567w 9b 9b"
    assert nantong.is_winning(concealed, exposed)
    d = nantong.best_decomposition(concealed, exposed)
    assert d is not None and len(d.all_groups) == 7 and d.shape is Shape.TAZIHU
    # a hand larger than 7 groups and a pair is refused at once (issue 12)
    with pytest.raises(NotationError, match="18 nantong cards; no hand holds more than 17"):
        nantong.is_winning(concealed + " 1t", exposed)
    with pytest.raises(NotationError):
        nantong.is_winning(concealed, exposed + "; 碰 4b 4b 4b")  # a fifth 四丙


def test_no_sequences_of_honours() -> None:
    """nantong.md §4: honours never form sequences; no 吃 means no 順子 across suits."""
    assert not nantong.is_winning("QZ HH BH 123b 456b 789b 123t 456t 789t 5w 5w")


def test_waits_and_placements_section_7() -> None:
    """nantong.md §7: 丫子 (middle), 邊張 (3 of 一二三 / 7 of 七八九), 單吊 (pair)."""
    base = "123b 456b 789b 123t 456t HH HH HH 5w 5w"
    assert sorted(c.code for c in nantong.waits(base + " 7t 9t")) == ["8t"]
    assert sorted(c.code for c in nantong.waits(base + " 8t 9t")) == ["7t"]
    d = nantong.best_decomposition(base + " 7t 8t 9t")
    assert [w for _, w in nantong.placements(d, Card("8t"))] == [WaitKind.YAZI]
    assert [w for _, w in nantong.placements(d, Card("7t"))] == [WaitKind.BIANZHANG]
    assert [w for _, w in nantong.placements(d, Card("9t"))] == [None]
    assert [w for _, w in nantong.placements(d, Card("5w"))] == [WaitKind.DANDIAO]
    # two 8t flipped: two copies remain, still a wait
    assert Card("8t") in nantong.waits(base + " 7t 9t", jiang="8t 8t")


def test_waits_exclude_exhausted_cards() -> None:
    """A wait needs a copy that can still be drawn (held, declared and flipped copies removed)."""
    hand = "123b 456b 789b 123t 456t 789t 8w 8w 8w 5w"
    assert sorted(c.code for c in nantong.waits(hand)) == ["5w"]
    # 5w held once and flipped twice: one copy remains; held twice + two flipped: none
    assert Card("5w") in nantong.waits("123b 456b 789b 123t 456t 789t 123w 5w", jiang="5w 5w")
    assert nantong.waits("123b 456b 789b 123t 456t 789t 5w 5w 6w 7w", jiang="5w 5w") == {
        Card("8w"): nantong.best_decomposition(
            "123b 456b 789b 123t 456t 789t 5w 5w 6w 7w 8w", jiang="5w 5w"
        )
    }


def _brute_force_count(cards: tuple[Card, ...]) -> int:
    """Independent count of decompositions: choose the pair, then split the rest into groups."""
    found: set[tuple[tuple[int, ...], ...]] = set()

    def split(rest: tuple[Card, ...], acc: tuple[tuple[int, ...], ...]) -> None:
        if not rest:
            found.add(tuple(sorted(acc)))
            return
        first = rest[0]
        for a, b in itertools.combinations(range(1, len(rest)), 2):
            group = (first, rest[a], rest[b])
            kind = nantong.classify(group)
            if kind in (MeldKind.KEZI, MeldKind.SHUNZI, MeldKind.WENQIAN):
                remaining = tuple(c for j, c in enumerate(rest) if j not in (0, a, b))
                split(remaining, (*acc, tuple(sorted(c.index for c in group))))

    for pair_card in set(cards):
        if cards.count(pair_card) >= 2:
            rest = list(cards)
            rest.remove(pair_card)
            rest.remove(pair_card)
            split(tuple(rest), ((pair_card.index, pair_card.index),))
    return len(found)


@settings(max_examples=60, deadline=None)
@given(winning_hands(groups=3, pool=nantong.CARDS[:12]))
def test_decompositions_match_brute_force(cards: tuple[Card, ...]) -> None:
    """Property (§4): with 4 declared sets, the concealed 11 cards decompose exactly as a brute
    force finds; each decomposition partitions the cards into legal groups."""
    exposed = "碰 QZ QZ QZ; 碰 HH HH HH; 碰 BH BH BH; 碰 9w 9w 9w"
    found = list(nantong.decompositions(cards, exposed))
    assert len(found) == _brute_force_count(cards)
    for d in found:
        assert d.cards() == tuple(sorted(cards))
        assert all(nantong.classify(g.faces) == g.kind for g in (d.pair, *d.groups))


@settings(max_examples=40, deadline=None)
@given(winning_hands())
def test_full_hands_are_winning(cards: tuple[Card, ...]) -> None:
    """Property: every pair + 7 groups is recognized; removing a card gives a wait that includes
    it (unless every copy is in the hand)."""
    assert nantong.is_winning(cards)
    d = nantong.best_decomposition(cards)
    assert d is not None and d.cards() == tuple(sorted(cards))
    assert Counter(c for m in (d.pair, *d.groups) for c in m.faces) == Counter(cards)
    removed = cards[0]
    rest = list(cards)
    rest.remove(removed)
    waits = nantong.waits(rest)
    assert removed in waits
    for card in waits:
        assert nantong.is_winning([*rest, card])


def test_baida_wild_section_1() -> None:
    """nantong.md §1: with 百搭 enabled a 百搭 stands for any card."""
    hand = "1b FU 3b 456b 789b 123t 456t 789t 123w 5w 5w"
    assert not nantong.is_winning("1b 3b 456b 789b 123t 456t 789t 123w 5w 5w")
    with pytest.raises(NotationError, match="百搭"):
        nantong.is_winning(hand)
    d = nantong.best_decomposition(hand, rules=BAIDA_RULES)
    assert d is not None and d.wenqian == 1
    wild_group = next(g for g in d.groups if g.wilds)
    assert wild_group.wilds == ((Card("FU"), Card("2b")),)
    # two 百搭 as the pair, waits include every card with the wild
    assert nantong.is_winning("123b 456b 789b 123t 456t 789t 123w FU LU", rules=BAIDA_RULES)
    waits = nantong.waits("123b 456b 789b 123t 456t 789t 123w FU", rules=BAIDA_RULES)
    assert len(waits) == 30 + 4  # any plain card pairs with 福; or another 百搭


def test_analysis_output() -> None:
    """The CLI object: str and to_dict."""
    a = nantong.analyze("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    assert a.winning and "清胡" in str(a)
    assert a.to_dict()["best"]["shape"] == "qinghu"
    bad = nantong.analyze("1t 3t 5t")
    assert "not complete; waits for nothing" in str(bad)
    assert isinstance(Meld.parse("碰 HH HH HH"), Meld)


def test_baida_never_a_fifth_copy_section_1() -> None:
    """nantong.md §1 (百搭 wild) with the deck limit: four 紅花 and a 百搭 are not 刻子 + pair,
    because the 百搭 would be a fifth 紅花 (regression: ``is_winning`` said True while no
    decomposition existed, and the engine offered a 胡 it could not score)."""
    hand = "HH HH HH HH FU 123t 456t 789t 123w 456w 789w"
    assert not nantong.is_winning(hand, rules=BAIDA_RULES)
    assert list(nantong.decompositions(hand, rules=BAIDA_RULES)) == []
    # the 百搭 may stand for a card that still exists: three 紅花 (one flipped) + 福 as 五丙
    ok = "HH HH HH FU 123t 456t 789t 123w 456w 789w 5b"
    assert nantong.is_winning(ok, rules=BAIDA_RULES, jiang="HH 3t")
    d = nantong.best_decomposition(ok, rules=BAIDA_RULES, jiang="HH 3t")
    assert d is not None and d.pair.wilds == ((Card("FU"), Card("5b")),)


def test_check_copies_counts_held_declared_and_flipped() -> None:
    """nantong.md §1 (four copies, one of each 百搭) and DESIGN "a fifth copy of a card is an
    error, never a silent change": check_copies counts the held cards, the declared melds and
    the flipped 將 together (core Counts with per-kind limits) and returns the counts."""
    seen = nantong.check_copies(nantong.parse("2t 2t FU"), nantong.parse_melds("碰 HH HH HH"),
                                nantong.parse("2t 3w"))  # fmt: skip
    assert (seen[Card("2t").index], seen[Card("HH").index], seen[Card("FU").index]) == (3, 3, 1)
    assert len(seen) == 8  # 3 二條 + 3 紅花 + 福 + 三萬
    with pytest.raises(NotationError, match="5 copies of 紅花 among the held, declared and flipped cards; "
                       "a deck has at most 4"):  # fmt: skip
        nantong.check_copies(nantong.parse("HH HH"), nantong.parse_melds("碰 HH HH HH"))
    with pytest.raises(NotationError, match="2 copies of 福 among"):
        nantong.check_copies([Card("FU")], jiang=[Card("FU")])


def test_concealed_copies_checked_before_analysis() -> None:
    """nantong.md §1: five copies given as Card objects (not text) are refused by every analysis
    entry point with a NotationError naming the card."""
    five = [Card("5w")] * 5 + list(nantong.parse("123b 456b 789b 123t 456t 789t"))
    for call in (nantong.is_winning, nantong.waits, nantong.best_decomposition, nantong.analyze):
        with pytest.raises(NotationError, match="5 copies of 五萬"):
            call(five)


@settings(max_examples=40, deadline=None)
@given(winning_hands(), st.lists(st.sampled_from(PLAIN), max_size=2))
def test_value_is_the_score_with_nothing_else_known_section_7(
    cards: tuple[Card, ...], jiang: list[Card]
) -> None:
    """Property (docs/core-concepts.md: every Decomposition has .value, the family's count):
    a reading's 胡數 is the total of its score sheet with no winning card and no 自摸, under the
    flips it was read with; to_dict carries it with the melds, the pair last."""
    assume(all(Counter(cards)[c] + jiang.count(c) <= 4 for c in jiang))
    for d in nantong.decompositions(cards, jiang=jiang):
        assert d.jiang == tuple(jiang) and d.rules is nantong.DUZIHU
        assert d.value == nantong.score(d).total and d.value % 10 == 0
        data = d.to_dict()
        assert data["value"] == d.value and len(data["melds"]) == 8
        assert data["melds"][-1].startswith("將頭 ") and d.melds[-1] == d.pair


def test_rules_and_jiang_are_keywords() -> None:
    """docs/core-concepts.md: rules= (and the 南通 jiang=) are given by keyword."""
    with pytest.raises(TypeError):
        nantong.best_decomposition("123b", (), nantong.DUZIHU)  # type: ignore[misc]
    with pytest.raises(TypeError):
        nantong.waits("123b", (), nantong.DUZIHU)  # type: ignore[misc]
    d = nantong.best_decomposition(
        "1b FU 3b 456b 789b 123t 456t 789t 123w 5w 5w", rules=BAIDA_RULES
    )
    assert d is not None and d.rules is BAIDA_RULES and d.value == nantong.score(d).total


@pytest.mark.parametrize("called", [5, [1], [None]])
def test_called_cards_are_checked(called: object) -> None:
    """Issue 12: the 叫牌 cards given to the analysis are cards or text, else a NotationError
    naming them (``called=5`` raised TypeError, ``called=[1]`` was accepted)."""
    hand = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
    with pytest.raises(NotationError, match="called"):
        nantong.best_decomposition(hand, called=called)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="called"):
        list(nantong.decompositions(hand, called=called))  # type: ignore[arg-type]
    held = "2t 2t 2t 456b 789b 456t 789t 123w 456w 5w 5w"  # (二條 flipped: a 真諦 three)
    assert nantong.best_decomposition(held, jiang="2t 3w", called="2t") == (
        nantong.best_decomposition(held, jiang="2t 3w", called=[nantong.Card("2t")])
    )


_CALLED_THREE = "2t 2t 2t 3t 3t 3t 4t 4t 4t 456b 789b 123b 789t 5w 5w"  # (二條 flipped)


def test_a_called_three_stays_a_kezi_section_3() -> None:
    """nantong.md §3 and N19 (叫牌 declares the three a flip completes: a set of the hand):
    with ``called=`` every reading keeps the three as a 刻子 — it was read as 二三四條 thrice,
    scoring 120 where the declared set gives 90 (review h119)."""
    told = {"jiang": "2t 3w", "called": "2t"}
    readings = list(nantong.decompositions(_CALLED_THREE, **told))
    assert [d.value for d in readings] == [90]
    assert all("二條二條二條" in str(d) for d in readings)
    best = nantong.best_decomposition(_CALLED_THREE, **told)
    assert best is not None and best.value == 90 and str(best) == str(readings[0])
    assert nantong.score(_CALLED_THREE, **told).total == 90
    # (without 叫牌 the runs are read: 後摸 is not worth them)
    free = nantong.best_decomposition(_CALLED_THREE, jiang="2t 3w")
    assert free is not None and free.value == 120


def test_a_hand_winning_only_by_splitting_a_called_three_is_not_complete_section_3() -> None:
    """nantong.md §3, N19: 一二三條 二三四條 二三四條 is the only reading of these 條; with 二條
    called the hand does not win, in every entry (is_winning takes ``called=`` for this)."""
    split = _CALLED_THREE.replace("4t 4t 4t", "1t 4t 4t")
    told = {"jiang": "2t 3w", "called": "2t"}
    assert nantong.is_winning(split, jiang="2t 3w")
    assert not nantong.is_winning(split, **told)
    assert nantong.best_decomposition(split, **told) is None
    assert list(nantong.decompositions(split, **told)) == []
    assert not nantong.analyze(split, **told).complete
    ready = split.replace("1t ", "")
    assert Card("1t") not in nantong.waits(ready, **told)
    assert Card("1t") in nantong.waits(ready, jiang="2t 3w")


def test_called_given_as_an_iterator_is_read_once_section_3() -> None:
    """nantong.md §3, N19 (the entries take ``called=`` as any iterable of cards): an iterator
    was spent by a first look, so ``is_winning`` said True for a hand that wins only by
    splitting the three (review h123)."""
    split = _CALLED_THREE.replace("4t 4t 4t", "1t 4t 4t")
    assert not nantong.is_winning(split, jiang="2t 3w", called=iter([Card("2t")]))
    assert not nantong.is_winning(split, jiang="2t 3w", called=(c for c in [Card("2t")]))


def test_a_reading_splitting_a_called_three_is_not_scored_section_3() -> None:
    """nantong.md §3, N19: a ``Decomposition`` built by hand with ``called=`` whose groups split
    the three is refused where it is valued or scored — a RulesError naming the card (review
    h123: it scored 120, as no entry reads it)."""
    split = _CALLED_THREE.replace("4t 4t 4t", "1t 4t 4t")
    free = nantong.best_decomposition(split, jiang="2t 3w")
    assert free is not None
    made = nantong.Decomposition(
        free.pair, free.groups, jiang=nantong.parse("2t 3w"), called=[Card("2t")]
    )
    for asked in (lambda: made.value, lambda: nantong.score(made, winning_card="1t")):
        with pytest.raises(RulesError, match="called=2t: the reading holds no 刻子 of 二條"):
            asked()


def test_a_called_three_with_baida_stays_a_kezi_section_3() -> None:
    """nantong.md §3 (百搭 may stand for all but one of a 叫牌 three) with §1: the 百搭 in the
    three stands for 二條 in every reading."""
    held = _CALLED_THREE.replace("2t 2t 2t", "2t 2t FU")
    told = {"jiang": "2t 3w", "called": "2t", "rules": BAIDA_RULES}
    best = nantong.best_decomposition(held, **told)
    assert best is not None and best.value == 90
    (kezi,) = [g for g in best.groups if g.kind is MeldKind.KEZI and g.cards[0].code == "2t"]
    assert [(wild.code, face.code) for wild, face in kezi.wilds] == [("FU", "2t")]
    assert all(
        any(g.kind is MeldKind.KEZI and "二條" in str(g) for g in d.groups)
        for d in nantong.decompositions(held, **told)
    )


def test_every_entry_refuses_a_declared_four_of_the_wrong_size() -> None:
    """nantong.md §5, §6.2: a declared four has 4 cards, 4 − z with z flips of its card (the
    flipped copies are on the table). decompositions and is_winning took a three-card 後摸 of
    an unflipped card (and is_winning said True) where best_decomposition, score, waits and
    analyze raised; every entry raises the same RulesError now."""
    from changpai.errors import RulesError

    hand = "1b 2b 3b 4b 5b 6b 7b 8b 9b 1t 2t 3t 4t 5t 6t 7t 8t 9t 5w 5w"
    calls = (
        lambda: list(nantong.decompositions(hand, "後摸 7w 7w 7w")),
        lambda: nantong.is_winning(hand, "後摸 7w 7w 7w"),
        lambda: nantong.best_decomposition(hand, "後摸 7w 7w 7w"),
    )
    for call in calls:
        with pytest.raises(
            RulesError, match="a 後摸 \\(drawn4\\) of 七萬 needs 4 cards \\(0 flipped\\), not 3"
        ):
            call()
    assert nantong.is_winning(hand, "後摸 7w 7w 7w", jiang="7w 1b")  # one copy flipped


def test_waits_refuse_a_declared_four_of_the_wrong_size_too() -> None:
    """As every other entry (nantong.md §5, §6.2): waits raised only when the hand waited."""
    from changpai.errors import RulesError

    for hand in ("123b 456b 789b 123t 456t 2w", "123b 456b 789b 123t 456t 789t 2w"):
        with pytest.raises(RulesError, match="a 後摸 \\(drawn4\\) of 七萬 needs 4 cards"):
            nantong.waits(hand, "後摸 7w 7w 7w")


def _wild_hand(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A complete-shaped hand (pair + seven groups, within the copies) of which 1..5 cards are
    百搭, with 0 or 2 flipped 將 of kinds with a copy left."""
    cards = list(draw(winning_hands()))
    wild = draw(st.integers(1, 5))
    for j, at in enumerate(draw(st.permutations(range(23)))[:wild]):
        cards[at] = nantong.BAIDA[j]
    held = Counter(cards)
    free = [c for c in PLAIN if held[c] < 4]
    flips = draw(st.lists(st.sampled_from(free), max_size=2, unique=True))
    return tuple(cards), tuple(flips if len(flips) == 2 else ())


@settings(max_examples=60, deadline=None)
@given(st.composite(_wild_hand)())
def test_wild_readings_are_every_reading_once(
    held: tuple[tuple[Card, ...], tuple[Card, ...]],
) -> None:
    """nantong.md §1 / §4: the readings of a hand with 百搭, found share by share as iterated,
    are those of every reading (in the order of their codes) whose 百搭 stand for copies left
    — each once."""
    from changpai.nantong import hand

    cards, flips = held
    found = [repr(d) for d in nantong.decompositions(cards, rules=BAIDA_RULES, jiang=flips)]
    _, _, counts, baida = hand._split(cards, (), BAIDA_RULES)
    left = hand._copies_left(counts, (), flips)
    every = [] if left is None else hand._readings(counts, len(baida))
    fitting = [c for c in every if left is not None and hand._wilds_fit(c, left)]
    built = [hand._build(c, baida, (), BAIDA_RULES, flips, frozenset()) for c in fitting]
    assert len(found) == len(set(found))
    assert sorted(found) == sorted(map(repr, built))


def test_a_baida_and_a_real_card_of_its_face_swapping_groups_are_two_readings_section_7() -> None:
    """docs/nantong.md (review h48): a reading places the physical cards — 福 as the 五萬 of
    四五六萬 beside a real 五萬 刻子, or in the 刻子 beside a real 四五六萬, read alike as text
    but not won alike on 福 (丫子, nantong.md §7); two 百搭 swapping places are one reading."""
    hand = "123t 456t 789t 123w 456w 444b 56b 5w 5w FU"
    readings = list(nantong.decompositions(hand, rules=BAIDA_RULES))
    assert (len(readings), len({str(d) for d in readings})) == (5, 3)
    holders = {
        str(m) for d in readings if str(d).startswith("五萬五萬五萬") for m in d.groups if m.wilds
    }
    assert holders == {"五萬五萬五萬", "四萬五萬六萬"}
    swapped = "123t 456t 789t 123b 456b 789b 12w FU LU 5w"  # 福 / 祿 as 三萬 / 五萬, either way
    assert len(list(nantong.decompositions(swapped, rules=BAIDA_RULES))) == 1


def test_wild_decompositions_come_as_iterated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 (bounded work) and docs/core-concepts.md ("the readings come as iterated"):
    five 百搭 beside three each of 二條 to 七條 have 31,971 readings; the first one is given before the other
    shares of the 百搭 are read (it took a second: every reading was listed, then filtered)."""
    from changpai.nantong import solver

    reads: list[tuple[int, bool]] = []
    part_all = solver._part_all

    def counted(part: tuple[int, ...], lo: int, suit: bool, w: int, pair: bool) -> object:
        reads.append((w, pair))
        return part_all(part, lo, suit, w, pair)

    monkeypatch.setattr(solver, "_part_all", counted)
    hand = "BD BD BD BD BD 2t 2t 2t 3t 3t 3t 4t 4t 4t 5t 5t 5t 6t 6t 6t 7t 7t 7t"
    readings = nantong.decompositions(hand, rules=BAIDA_RULES)
    first = next(readings)
    assert first.cards() == tuple(sorted(nantong.parse(hand)))
    at_first = len(reads)
    assert sum(1 for _ in readings) == 31_970
    assert at_first < len(reads)


# --- seen=: the other seats' declared melds (nantong.md §1, §4; docs/nantong.md "A 百搭 never
# stands for a copy that does not exist"); the engine counted them, the analysis could not


_SUITS = "123t 456t 789t 123b 456b 789b"
_GANG_2W = "明杠 2w 2w 2w 2w"


def test_seen_melds_hold_copies_a_baida_cannot_stand_for_section_1() -> None:
    """A 百搭 is any card that still exists: with another seat's 明杠 of 二萬 in sight, 一萬 百搭
    三萬 is no 順子 (a review's bot found the analysis calling such a hand complete while
    the engine offered no 胡)."""
    hand = f"{_SUITS} 1w FU 3w 5w 5w"
    assert nantong.is_winning(hand, rules=BAIDA_RULES)
    assert nantong.best_decomposition(hand, rules=BAIDA_RULES) is not None
    assert not nantong.is_winning(hand, rules=BAIDA_RULES, seen=_GANG_2W)
    assert nantong.best_decomposition(hand, rules=BAIDA_RULES, seen=_GANG_2W) is None
    assert list(nantong.decompositions(hand, rules=BAIDA_RULES, seen=_GANG_2W)) == []
    analysis = nantong.analyze(hand, rules=BAIDA_RULES, seen=[Meld.parse(_GANG_2W)])
    assert analysis.best is None
    with pytest.raises(NotationError, match="the hand is not complete"):
        nantong.analyze(hand, rules=BAIDA_RULES, seen=_GANG_2W, winning_card="FU")
    told = nantong.analyze(hand, rules=BAIDA_RULES, seen="碰 2w 2w 2w", winning_card="FU")
    assert told.sheet is not None and told.sheet.total > 0
    # one 二萬 left: the 百搭 may be it
    three = "碰 2w 2w 2w"
    assert nantong.best_decomposition(hand, rules=BAIDA_RULES, seen=three) is not None


def test_a_card_all_in_sight_is_no_wait_section_3() -> None:
    """聽牌 counts a card only if a copy can still come: the four 二萬 of another seat's 明杠
    leave the 一萬 三萬 hand no wait."""
    ready = f"{_SUITS} 1w 3w 5w 5w"
    assert [c.code for c in nantong.waits(ready)] == ["2w"]
    assert nantong.waits(ready, seen=_GANG_2W) == {}
    assert nantong.analyze(ready, seen=_GANG_2W).waits == {}
    # with a 百搭: 二萬 cannot come, and 五萬 would need the 百搭 as 二萬 (一萬 百搭 三萬)
    with_baida = f"{_SUITS} 1w 3w 5w FU"
    wild = ["CAI", "LU", "SHOU", "XI"]
    assert sorted(c.code for c in nantong.waits(with_baida, rules=BAIDA_RULES)) == [
        "1w", "2w", "4w", "5w", *wild
    ]  # fmt: skip
    told = nantong.waits(with_baida, rules=BAIDA_RULES, seen=_GANG_2W)
    assert sorted(c.code for c in told) == ["1w", "4w", *wild]


def test_seen_is_checked_like_the_hand_section_1() -> None:
    """A fifth copy across the table is refused, and ``seen`` of no melds names itself."""
    for call in (nantong.best_decomposition, nantong.decompositions, nantong.is_winning):
        with pytest.raises(NotationError, match="6 copies of 五萬"):
            call(f"{_SUITS} 1w 2w 3w 5w 5w", seen="明杠 5w 5w 5w 5w")
    with pytest.raises(NotationError, match="seen=5"):
        nantong.is_winning(f"{_SUITS} 1w 2w 3w 5w 5w", seen=5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="nantong"):
        nantong.waits(f"{_SUITS} 1w 3w 5w 5w", seen="碰 zz zz zz")


@pytest.mark.parametrize("seed", range(40))
def test_the_analysis_told_what_is_in_sight_agrees_with_the_engine_section_4(seed: int) -> None:
    """In 百搭 games, a seat that has drawn is offered 胡 exactly when ``is_winning`` of its hand
    and sets, told the other seats' sets (``seen``), says complete — and ``best_decomposition``
    agrees."""
    game = nantong.Game(BAIDA_RULES, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if game.phase == "discard" and game._drawn is not None:
            seen = [m for other in game.players if other != seat for m in game.melds(other)]
            told = dict(rules=game.rules, jiang=game.jiang, seen=seen)
            complete = nantong.is_winning(game.hand(seat), game.melds(seat), **told)
            offered = any(a.kind == nantong.ActionKind.WIN for a in legal)
            assert offered == complete
            best = nantong.best_decomposition(game.hand(seat), game.melds(seat), **told)
            assert (best is not None) == complete
        wanted = [
            a for a in legal if a.kind not in (nantong.ActionKind.DISCARD, nantong.ActionKind.PASS)
        ]
        game.apply(wanted[0] if wanted else rng.choice(legal))


def test_a_tie_in_worth_goes_to_the_lower_pair_section_4() -> None:
    """docs/nantong.md (the tie-break: of readings alike in worth, the smallest group codes —
    the pair's code first, so the lower pair): the 百搭 makes 五條 or 八萬 a 刻子, the other the
    pair, both worth 50 (review h119: the order was not defined in the docs)."""
    hand = "123b 456b 789b 123t 678t 234w 5t 5t 8w 8w FU"
    readings = list(nantong.decompositions(hand, rules=BAIDA_RULES))
    assert len(readings) == 2 and {d.value for d in readings} == {50}
    best = nantong.best_decomposition(hand, rules=BAIDA_RULES)
    assert best is not None and [c.code for c in best.pair.cards] == ["5t", "5t"]
    assert str(best).startswith("八萬八萬八萬")


def test_a_scored_tie_goes_to_the_smallest_reading_section_7() -> None:
    """docs/nantong.md (ties go to the smallest group codes): ``score`` of a 百搭 hand keeps,
    of the readings that score the same, the one first in the order of their codes — not the
    first found share by share (a diff review: 邊張 had become 單吊, the same total)."""
    hand = "1w 1w 5t 6t 7t QZ QZ QZ FU SHOU 5b 5b 6b 7b 5w 5w 5w 6w LU 6w XI 8t 9t"
    for sheet in (
        nantong.score(hand, rules=BAIDA_RULES, winning_card="FU"),
        nantong.analyze(hand, rules=BAIDA_RULES, winning_card="FU").sheet,
    ):
        assert sheet is not None and sheet.total == 50
        assert [line.key for line in sheet.lines if line.key.startswith("wait")] == [
            "wait.bianzhang"
        ]
        assert "五條六條七條 七條八條九條" in str(sheet.fact("decomposition"))
