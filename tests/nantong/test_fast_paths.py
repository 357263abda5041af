"""The fast paths of the 南通 analysis and engine agree with the general ones (nantong.md §4).

* a concealed-only hand of 23 cards is packed into one int (``hand._packed_cards``); with no
  百搭 its check (``solver._plain_complete``) and its readings (``solver._plain_all``) are
  checked against the cached search (``_can`` / ``_all``), and whole answers against the
  general path (the same call with the cards as an iterator, which the fast path leaves alone);
* a suit's 百搭 need (``solver._need``, solved block by block on counts moved to the bottom of
  the suit) is checked against a plain search over every group, in place;
* the readings of a hand with 百搭 found part by part (``solver._all_by_parts``) against the
  search over the whole hand (``_all``);
* the 百搭 copy check (``_wilds_fit`` on ``_copies_left``) against ``_copies_ok``, and the search
  that stops at the first reading that fits (``solver._fits_any``) against every reading;
* the 刻子 values on small ints (``_concealed_kezi_value``) against ``_concealed_set_value``;
* the 獨張 count of ``score`` (``hand._completing``) against :func:`~changpai.nantong.waits`.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from nantong_needs import naive_need

from changpai import nantong
from changpai.errors import NotationError, RulesError
from changpai.nantong import hand, solver
from changpai.nantong.cards import BAIDA_INDICES, CARDS, N_PLAIN, Card

_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(N_PLAIN)]


def _complete_kinds(rng: random.Random) -> list[int]:
    """The kinds of a pair and seven groups drawn at random (copies not checked)."""
    kinds = [rng.randrange(N_PLAIN)] * 2
    for _ in range(7):
        kinds += rng.choice(_RUNS if rng.random() < 0.6 else _SETS)
    return kinds


def _held(seed: int) -> tuple[tuple[Card, ...], tuple[Card, ...], nantong.Rules]:
    """A hand of 23 cards within the copies, with two flipped 將 and its rules: complete, one
    card changed, or dealt at random; some with 百搭 standing for cards."""
    rng = random.Random(seed)
    while True:
        shape = rng.random()
        if shape < 0.6:
            kinds = _complete_kinds(rng)
            if shape < 0.2:
                kinds[rng.randrange(23)] = rng.randrange(N_PLAIN)
        else:
            kinds = [c.index for c in rng.sample(nantong.DECK, 23)]
        baida = rng.random() < 0.4
        if baida:
            wild = rng.choice((1, 1, 1, 2, 2, 3))
            for j, k in enumerate(rng.sample(range(23), wild)):
                kinds[k] = BAIDA_INDICES[j]
        jiang = [rng.randrange(N_PLAIN) for _ in range(2)]
        plain = [k for k in kinds + jiang if k < N_PLAIN]
        if all(plain.count(k) <= 4 for k in set(plain)):
            rules = nantong.DUZIHU_BAIDA if baida else nantong.DUZIHU
            return tuple(CARDS[k] for k in kinds), tuple(CARDS[k] for k in jiang), rules


def _packed(cards: tuple[Card, ...]) -> int:
    return sum(1 << solver.PACK_BITS * c.index for c in cards)


def _plain_counts(cards: tuple[Card, ...]) -> tuple[int, ...]:
    counts = [0] * N_PLAIN
    for c in cards:
        counts[c.index] += 1
    return tuple(counts)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**9))
def test_packed_plain_hands_read_as_the_cached_search_section_4(seed: int) -> None:
    cards, _, _ = _held(seed)
    if any(c.is_baida for c in cards):
        return
    key, counts = _packed(cards), _plain_counts(cards)
    assert solver._plain_complete(key) == solver._can(counts, 0, True)
    assert solver._plain_all(key) == (
        solver._all(counts, 0, True) if solver._can(counts, 0, True) else ()
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_fast_path_answers_as_the_general_path_section_4(seed: int, flipped: bool) -> None:
    cards, jiang, rules = _held(seed)
    flips = jiang if flipped else ()
    best = nantong.best_decomposition(cards, rules=rules, jiang=flips)
    general = nantong.best_decomposition(iter(cards), rules=rules, jiang=flips)
    assert repr(best) == repr(general)
    assert nantong.is_winning(list(cards), rules=rules, jiang=flips) == nantong.is_winning(
        iter(cards), rules=rules, jiang=flips
    )


def test_fast_path_leaves_errors_to_the_general_path() -> None:
    too_many = (Card("1t"),) * 16 + tuple(CARDS[1:8])
    for bad in (too_many, (Card("FU"), *too_many[1:])):
        for call in (nantong.best_decomposition, nantong.is_winning):
            try:
                call(bad)
            except NotationError as error:
                message = str(error)
            else:  # pragma: no cover - the general path raises
                message = ""
            assert message, (call, bad)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 3))
def test_readings_by_parts_agree_with_the_whole_hand_search_section_4(seed: int, more: int) -> None:
    cards, _, _ = _held(seed)
    rng = random.Random(seed)
    kinds = [c.index for c in cards]
    for j in rng.sample(range(23), more):  # more 百搭 standing for cards
        kinds[j] = BAIDA_INDICES[j % 5]
    wild = sum(k >= N_PLAIN for k in kinds)
    counts = _plain_counts(tuple(CARDS[k] for k in kinds if k < N_PLAIN))
    if not 0 < wild <= 5:
        return
    assert solver._all_by_parts(counts, wild) == solver._all(counts, wild, True)


_suits = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14)


@settings(max_examples=400, deadline=None)
@given(_suits, st.sampled_from((1, 2, 5, 99)))
def test_suit_needs_by_blocks_agree_with_a_plain_search_section_4(
    counts: list[int], limit: int
) -> None:
    part = tuple(counts)
    capped = tuple(min(naive_need(part, pair, True), limit + 1) for pair in (False, True))
    assert solver._need(part, limit) == capped


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=3, max_size=3), st.sampled_from((1, 5)))
def test_honour_needs_agree_with_a_plain_search_section_4(counts: list[int], limit: int) -> None:
    part = tuple(counts)
    capped = tuple(min(naive_need(part, pair, False), limit + 1) for pair in (False, True))
    assert solver._need(part, limit) == capped


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_wild_copy_check_agrees_with_counting_every_face_section_4(seed: int) -> None:
    cards, jiang, _ = _held(seed)
    wild = sum(c.is_baida for c in cards)
    counts = _plain_counts(tuple(c for c in cards if not c.is_baida))
    if not wild or not solver._can(counts, wild, True):
        return
    melds = nantong.parse_melds("碰 HH HH HH") if counts[28] <= 1 else ()
    left = hand._copies_left(counts, melds, jiang)
    for codes in solver._all(counts, wild, True)[:60]:
        fits = left is not None and hand._wilds_fit(codes, left)
        assert fits == hand._copies_ok(codes, melds, jiang)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
@example(seed=2325)  # (a search given up)
def test_first_fitting_reading_agrees_with_every_reading_section_4(seed: int) -> None:
    cards, _, _ = _held(seed)
    rng = random.Random(seed)
    wild = sum(c.is_baida for c in cards)
    counts = _plain_counts(tuple(c for c in cards if not c.is_baida))
    if not wild or not solver._can(counts, wild, True):
        return
    # copies left: some kinds short (flipped or declared elsewhere), down to none
    left = [rng.choice((4 - c, 4 - c, max(0, 3 - c), 0)) for c in counts]
    every = any(hand._wilds_fit(codes, left) for codes in solver._all(counts, wild, True))
    try:
        fits = solver._fits_any(counts, wild, True, list(left))
    except solver.SearchTooLong:  # (past MOST_FAILED dead ends: read part by part, as
        # hand._copies_fit does; hypothesis drew seed 2325, one such hand)
        ranks = hand._CodeRanks((), (), nantong.DUZIHU, frozenset())
        fits = hand._best_wild(counts, wild, left, ranks) is not None
    assert fits == every


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, N_PLAIN - 1),
    st.lists(st.integers(0, 34), max_size=2),
    st.lists(st.integers(0, N_PLAIN - 1), max_size=2),
    st.sampled_from(
        (
            nantong.DUZIHU,
            nantong.DUZIHU.evolve(jiutiao_laojiang=False),
            nantong.DUZIHU.evolve(nine_cross_hit=False),
            nantong.DUZIHU.evolve(multiplier_model="tables"),
            nantong.DUZIHU_BAIDA,
        )
    ),
)
def test_kezi_values_on_small_ints_section_6(
    face: int, flips: list[int], called: list[int], rules: nantong.Rules
) -> None:
    # (a flipped 百搭 only where the deck holds them: the entries refuse it elsewhere)
    jiang = tuple(CARDS[f] for f in flips if rules.baida or f < N_PLAIN)
    calls = frozenset(CARDS[c] for c in called)
    meld = hand._code_meld_of((1, face, 0), ())
    try:
        expected: object = hand._concealed_set_value(meld, jiang, rules, calls)[1]
    except RulesError as error:
        expected = str(error)
    try:
        got: object = hand._concealed_kezi_value(face, jiang, rules, calls)
    except RulesError as error:
        got = str(error)
    assert got == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_completing_cards_are_the_waits_section_7(seed: int) -> None:
    cards, jiang, rules = _held(seed)
    ready = cards[1:]
    found = hand._completing(ready, (), rules, jiang)[2]
    assert [card for card, _ in found] == list(nantong.waits(ready, rules=rules, jiang=jiang))


def test_flips_of_one_baida_twice_are_refused_on_the_fast_path_too() -> None:
    """nantong.md §1: the deck holds one copy of each 百搭, so two flips of 財 are bad input on
    every path (a tuple of 23 plain cards takes the packed path)."""
    from changpai.errors import NotationError
    from changpai.nantong import hand, parse

    cards = parse("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    for concealed in (cards, list(cards), iter(cards)):
        with pytest.raises(NotationError, match="2 copies of 財"):
            hand.best_decomposition(concealed, jiang=parse("財 財"))
    with pytest.raises(NotationError, match="2 copies of 財"):
        hand.is_winning(cards, jiang=parse("財 財"))


def test_a_declared_set_the_flips_contradict_is_refused_at_once_section_6_2() -> None:
    """docs/nantong.md ("a declared set the flipped 將 contradict — … a 在手 of a flipped card —
    is a RulesError"; a bad hand raises when the function is called): a 在手 of a flipped 九丙
    gave False / None (or a reading whose value raised later) whether or not a reading was
    found (review h119); every entry raises now, with and without a 百搭."""
    from changpai.errors import RulesError
    from changpai.nantong import DUZIHU, Meld, hand

    rules = DUZIHU.evolve(baida=True)
    melds = [Meld.parse("concealed3 9b 9b 9b")]
    for last in ("財", "8w"):
        cards = f"123t 456t 789t 123w 456w 1b 2b 5w 7w {last}"
        for entry in (hand.is_winning, hand.best_decomposition, hand.decompositions):
            with pytest.raises(RulesError, match=r"a 在手 \(concealed3\) of 九丙 is impossible"):
                entry(cards, melds, rules=rules, jiang="9b")


def test_a_baida_in_a_declared_set_makes_no_fifth_copy_section_4() -> None:
    """nantong.md §1, §4 (review h119): a 百搭 standing for a 紅花 in a declared 在手 beside two
    紅花 in hand made five; the copies a meld uses are the cards it stands for (and its 百搭),
    so a fifth is the NotationError real cards get, in every entry and in ``seen``, and no
    wait."""
    from changpai.errors import NotationError
    from changpai.nantong import DUZIHU_BAIDA, hand

    plain = "123t 456t 789t 123w 456w 789w"
    with pytest.raises(NotationError, match="5 copies of 紅花"):
        hand.is_winning(f"{plain} HH HH", "在手 HH HH FU:HH", rules=DUZIHU_BAIDA)
    assert hand.waits(f"{plain} HH", "在手 HH HH FU:HH", rules=DUZIHU_BAIDA) == {}  # (no fifth)
    with pytest.raises(NotationError, match="6 copies of 紅花"):
        hand.is_winning(
            f"{plain} 1b 1b", "碰 HH HH HH", rules=DUZIHU_BAIDA, seen="在手 HH FU:HH LU:HH"
        )
    assert hand.is_winning(f"{plain} 1b 1b", "在手 HH HH FU:HH", rules=DUZIHU_BAIDA)


@pytest.mark.parametrize(
    "counts", [(a, b, c) for a in range(5) for b in range(5) for c in range(5)]
)
def test_honour_bound_of_a_hand_with_baida_is_the_honours_need_section_4(
    counts: tuple[int, int, int],
) -> None:
    # the fast path leaves a hand with 百搭 at once when its honours need more than it holds
    packed = sum(c << solver.PACK_BITS * k for k, c in enumerate(counts))
    need = min(naive_need(counts, pair, False) for pair in (False, True))
    assert hand._HONOUR_WILDS[packed] == need


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
def test_dealt_hands_with_baida_answer_as_the_general_path_section_4(seed: int) -> None:
    rng = random.Random(seed)
    cards = tuple(rng.sample(nantong.DECK_BAIDA, 23))
    rules = nantong.DUZIHU_BAIDA
    best = nantong.best_decomposition(cards, rules=rules)
    assert repr(best) == repr(nantong.best_decomposition(iter(cards), rules=rules))


def test_every_card_packs_into_its_own_field() -> None:
    assert [c._packed for c in CARDS] == [1 << solver.PACK_BITS * c.index for c in CARDS]
    # a hand holding anything but nantong cards is left to the general path, which names it
    held = list(nantong.parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    held[3] = "4b"  # type: ignore[call-overload]
    assert hand._packed_cards(held) is None
    with pytest.raises(NotationError, match="4b"):
        nantong.best_decomposition(held)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_hands_given_as_text_answer_as_their_cards_section_4(seed: int, hanzi: bool) -> None:
    # text is read once and takes the fast path; the answer is the cards'
    cards, jiang, rules = _held(seed)
    text = nantong.format(cards, ascii=not hanzi)
    for call in (nantong.best_decomposition, nantong.is_winning):
        assert repr(call(text, rules=rules, jiang=jiang)) == repr(
            call(cards, rules=rules, jiang=jiang)
        )


def test_bad_text_is_refused_on_the_fast_path_as_before() -> None:
    for text in ("1t 1t 1t 1t 1t", "1x", "FU FU"):
        for call in (nantong.best_decomposition, nantong.is_winning):
            with pytest.raises(NotationError) as raised:
                call(text)
            with pytest.raises(NotationError) as parsed:
                nantong.parse(text)
            assert str(raised.value) == str(parsed.value)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 22))
def test_completing_cards_of_a_packed_hand_are_the_general_check_section_7(
    seed: int, dropped: int
) -> None:
    # waits of a concealed hand test each card on the packed hand (is_winning's fast paths);
    # the general check (_complete on counts) finds the same cards
    cards, jiang, rules = _held(seed)
    ready = cards[:dropped] + cards[dropped + 1 :]
    found = [card for card, _ in hand._completing(ready, (), rules, jiang)[2]]
    counts = _plain_counts(tuple(c for c in ready if not c.is_baida))
    wild = sum(c.is_baida for c in ready)
    seen = hand.check_copies(ready, (), jiang)
    expected = []
    for card in CARDS if rules.baida else CARDS[:N_PLAIN]:
        if seen[card.index] >= card.copies:
            continue
        plus = list(counts)
        if card.index < N_PLAIN:
            plus[card.index] += 1
        if hand._complete(tuple(plus), wild + card.is_baida, (), jiang):
            expected.append(card)
    assert found == expected


def test_a_hand_holding_something_like_a_card_is_refused_as_before() -> None:
    # the fast path packs only nantong Cards; anything else is named by the general path
    class Lookalike:
        _packed = 1 << solver.PACK_BITS * 9  # (the field of 一丙)

    for odd in (Lookalike(), object(), 5):
        held: list[object] = list(nantong.parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
        held[0] = odd
        for call in (nantong.best_decomposition, nantong.is_winning):
            with pytest.raises(NotationError):
                call(held)  # type: ignore[operator]


def test_baida_under_rules_without_them_is_named_before_the_flips() -> None:
    # nantong.md §1: with baida=False is_winning names the 百搭, whatever the flips say, as it
    # always has (best_decomposition has always read the flips first)
    with pytest.raises(NotationError, match="is a 百搭 but these rules play without"):
        nantong.is_winning("123b 456b 789b 123t 456t 789t 123w 5w FU", jiang="1t 2t 3t")
