"""大貳 hand analysis (daer.md §4, §5, §7): readings, the best one, waits, and bad input."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai import nantong
from changpai.daer import (
    CARDS,
    DAER,
    LUZHOU,
    Card,
    Meld,
    MeldKind,
    Rules,
    analyze,
    best_decomposition,
    classify,
    decompositions,
    meld_hu,
    parse,
    score,
    waits,
)
from changpai.daer.hand import hu_range, readable, shape_key
from changpai.errors import NotationError

# ------------------------------------------------------------------------ §5 the winning shape


def test_four_sets_and_a_jiang_of_2_5_8() -> None:
    """daer.md §5: 14 cards = 4 sets + 1 將 of value 2, 5 or 8 (either case, E2)."""
    for pair in ("二二", "貳貳", "五五", "伍伍", "八八", "捌捌"):
        assert best_decomposition(f"一二三 四五六 七八九 壹貳叄 {pair}") is not None
    for pair in ("一一", "三三", "六六", "拾拾"):
        assert best_decomposition(f"一二三 四五六 七八九 壹貳叄 {pair}") is None


@pytest.mark.parametrize("pair", ["二貳", "五伍", "八捌"])
def test_a_mixed_case_pair_is_no_jiang(pair: str) -> None:
    """daer.md §4: the 將 is a pair of **identical** cards (value 2, 5 or 8): 五伍 — the same
    value in both cases — is none, even with 絞 on (E4 makes mixed triples, not pairs)."""
    from changpai.daer import DAER

    for rules in (DAER, DAER.evolve(jiao=True)):
        assert best_decomposition(f"一二三 四五六 七八九 壹貳叄 {pair}", rules=rules) is None


def test_exposed_sets_count_toward_the_four() -> None:
    """daer.md §5: table sets (碰, 吃, 杠) are among the four; a 杠 holds one card more."""
    assert best_decomposition("一二三 四五六 伍伍", "碰 拾拾拾; 吃 壹貳叄") is not None
    d = best_decomposition("一二三 四五六 七八九 伍伍", "杠 拾拾拾拾")
    assert d is not None and [m.kind for m in d.exposed] == [MeldKind.GANG]


def test_a_hand_may_read_several_ways_and_the_best_has_the_most_hu() -> None:
    """Readings differ in 胡 (E5): 一一一 二二二 三三三 as three 刻 (9 胡) or three 順 (9 胡)."""
    found = list(
        decompositions("一一一 二二二 三三三 四五六 伍伍", rules=DAER.evolve(scoring="huxi"))
    )
    assert len(found) == 2
    best = best_decomposition("一一一 二二二 三三三 四五六 伍伍", rules=DAER.evolve(scoring="huxi"))
    assert best is not None and best.hu == max(d.hu for d in found) and best.value == best.hu


def test_value_is_the_hu_and_the_flat_settlement_pays_one_unit() -> None:
    """daer.md §6: the value of a winning hand is its 胡; the flat settlement pays 1 unit."""
    d = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    assert d is not None and d.value == 9 and d.hu == 9
    assert score(d).total == 1
    assert d.to_dict() == {
        "melds": ["順 一二三", "順 四五六", "順 七八九", "順 壹貳叄", "將 伍伍"],
        "value": 9,
        "hu": 9,
        "jiang": "將 伍伍",
    }


def test_luzhou_kan_is_never_split() -> None:
    """daer.md §7: in ``luzhou`` three identical concealed cards are always a 坎."""
    hand = "一一一 二二二 三三三 四五六 七八九 肆伍陸 柒捌玖"
    readings = list(decompositions(hand, rules=LUZHOU))
    assert len(readings) == 1 and [m.kind for m in readings[0].melds[:3]] == [MeldKind.KE] * 3
    assert len(list(decompositions(hand, rules=LUZHOU.evolve(kan_locked=False)))) == 2


def test_luzhou_a_four_asks_for_a_pair() -> None:
    """daer.md §7: without replacement draws, a hand with a four holds a 對子 (any value)."""
    d = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 八八", "垅 拾拾拾拾", rules=LUZHOU)
    assert d is not None and str(d.jiang) == "將 八八" and d.hu == 3 + 6 + 3 + 12


def test_luzhou_needs_10_hu() -> None:
    """daer.md §7: at least 10 胡."""
    poor = "四五六 七八九 肆伍陸 柒捌玖 三四五 六七八 伍陸柒"
    assert list(decompositions(poor, rules=LUZHOU)) != []
    assert best_decomposition(poor, rules=LUZHOU) is None
    assert best_decomposition(poor, rules=LUZHOU.evolve(zero_hu=True)) is not None
    assert best_decomposition(poor, rules=LUZHOU.evolve(min_hu=0)) is not None


# ------------------------------------------------------------------------ waits


def test_waits_list_every_winning_card() -> None:
    w = waits("一二三 四五六 七八九 壹貳叄 伍")
    assert list(w) == [Card("d5")]
    assert waits("一二三 四五六 七八九 壹貳叄 六") == {}


def test_waits_skip_a_card_whose_four_copies_are_seen() -> None:
    assert list(waits("一二三 四五六 七八九 伍伍 壹貳")) == [Card("d3")]
    full = waits("二三 四五六 七八九 伍伍", "杠 一一一一")
    assert Card("x1") not in full and Card("x4") in full


# ------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("cards", "exposed", "message"),
    [
        ("一二三", "", r"holds 3 cards; a 大貳 hand holds 13 \(waiting\) or 14"),
        ("一二三 四五六 七八九 壹貳叄 伍伍 六", "", "holds 15 cards"),
        ("一一一一一 二三四 五六七 八九十 伍", "", "5 copies of 一"),
        ("一一一 二三四 五六七 八九十 伍伍", "碰 一一一", "copies of 一"),
        ("1t 2t 3t", "", "'1t' is not a zipai card"),
    ],
)
def test_wrong_hands_raise_notation_errors(cards: str, exposed: str, message: str) -> None:
    """A hand with the wrong card count or a card of another family names the problem."""
    with pytest.raises(NotationError, match=message):
        list(decompositions(cards, exposed))


def test_cards_of_another_family_are_refused() -> None:
    with pytest.raises(NotationError, match=r"concealed=.* holds .*, which is not one of 大貳"):
        best_decomposition(nantong.parse("1t 2t 3t"))
    with pytest.raises(NotationError, match="not a 大貳 meld"):
        best_decomposition("一二三", [42])  # type: ignore[list-item]


# ------------------------------------------------------------------------ properties

SETS: list[tuple[int, ...]] = []
for i in range(20):
    SETS.append((i, i, i))
    if i % 10 <= 7:
        SETS.append((i, i + 1, i + 2))
    if i % 10 == 1:
        SETS.append((i, i + 5, i + 8))
JIANGS = [(i, i) for i in range(20) if DAER.jiang_ok(i)]


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[Card, ...]:
    chosen = [draw(st.sampled_from(SETS)) for _ in range(4)] + [draw(st.sampled_from(JIANGS))]
    cards = [i for s in chosen for i in s]
    counts = Counter(cards)
    if max(counts.values()) > 4:
        from hypothesis import reject

        reject()
    return tuple(CARDS[i] for i in cards)


@given(complete_hands())
@settings(max_examples=150)
def test_every_reading_partitions_the_hand_and_sums_its_hu(hand: tuple[Card, ...]) -> None:
    """Property: every reading uses exactly the hand's cards in legal sets; its 胡 is the sum
    of its sets' 胡; the best one is a reading with the most value and 胡."""
    rules = DAER.evolve(scoring="huxi")
    found = list(decompositions(hand, rules=rules))
    assert found
    for d in found:
        assert Counter(d.cards) == Counter(hand)
        assert d.hu == sum(meld_hu(m) for m in d.melds)
        for m in d.concealed:
            assert classify(m.cards, rules=rules) is m.kind
    best = best_decomposition(hand, rules=rules)
    assert best is not None and best.hu == max(d.hu for d in found) and best in found


def _brute(cards: tuple[Card, ...], rules: Rules) -> Counter[tuple[tuple[str, str], ...]]:
    """Every partition into sets (and one 將 when 3n + 2 cards) by trying all combinations."""
    out: Counter[tuple[tuple[str, str], ...]] = Counter()
    need_pair = len(cards) % 3 == 2

    def walk(rest: tuple[Card, ...], pair: bool, acc: list[tuple[str, str]]) -> None:
        if not rest:
            if pair == need_pair:
                out[tuple(sorted(acc))] += 1
            return
        first, others = rest[0], rest[1:]
        tried = set()
        for size in (1, 2):
            for combo in combinations(range(len(others)), size):
                group = (first, *(others[j] for j in combo))
                key = tuple(sorted(c.index for c in group))
                if key in tried:
                    continue
                tried.add(key)
                kind = classify(group, rules=rules)
                if kind is None or (size == 1 and (pair or not need_pair)):
                    continue
                left = tuple(c for j, c in enumerate(others) if j not in combo)
                text = "".join(c.code for c in sorted(group, key=lambda c: c.index))
                walk(left, pair or size == 1, [*acc, (kind.value, text)])

    walk(tuple(sorted(cards, key=lambda c: c.index)), False, [])
    return Counter(set(out))


@given(st.lists(st.integers(0, 19), min_size=8, max_size=8), st.booleans(), st.booleans())
@settings(max_examples=200)
def test_readings_agree_with_brute_force(indices: list[int], jiao: bool, erqishi: bool) -> None:
    """Property: on small hands (8 cards, 2 sets and a 將) the readings are exactly the
    partitions a brute-force search finds."""
    if max(Counter(indices).values()) > 4:
        return
    rules = DAER.evolve(hand_size=7, jiao=jiao, erqishi=erqishi)
    cards = tuple(CARDS[i] for i in indices)
    # (a Counter of the readings listed, so a reading listed twice fails)
    mine = Counter(
        tuple(
            sorted(
                (m.kind.value, "".join(c.code for c in sorted(m.cards, key=lambda c: c.index)))
                for m in d.melds
            )
        )
        for d in decompositions(cards, rules=rules)
    )
    assert mine == _brute(cards, rules)


def test_two_jiao_of_one_pair_of_kinds_are_one_reading() -> None:
    """daer.md §4 sets, E4 (絞 allowed): 三三叄 with 三叄叄 is one reading, listed once (it
    was listed twice, its sets in two orders)."""
    rules = DAER.evolve(jiao=True)
    found = [str(d) for d in decompositions("三三三 叄叄叄 四五六 七八九 伍伍", rules=rules)]
    assert found == [
        "刻 三三三 順 四五六 順 七八九 刻 叄叄叄 將 伍伍",
        "絞 三三叄 絞 三叄叄 順 四五六 順 七八九 將 伍伍",
    ]


@given(
    st.lists(st.integers(0, 19), min_size=0, max_size=22),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([(2, 5, 8), tuple(range(1, 11)), (5,)]),
)
@settings(max_examples=400)
def test_fast_win_test_agrees_with_the_readings(
    indices: list[int],
    jiao: bool,
    erqishi: bool,
    kan_locked: bool,
    big_only: bool,
    jiang_values: tuple[int, ...],
) -> None:
    """Property: the engine's fast test ``readable`` answers exactly whether the counts have a
    reading (daer.md §4, §7: 坎 kept whole with ``kan_locked``)."""
    counts = [0] * 20
    for i in indices:
        counts[i] += 1
    if max(counts) > 4:
        return
    rules = DAER.evolve(
        jiao=jiao, erqishi=erqishi, jiang_values=jiang_values, jiang_big_only=big_only
    )
    shape = (*shape_key(rules)[:2], kan_locked, shape_key(rules)[3])
    assert readable(tuple(counts), shape) is (hu_range(tuple(counts), shape) is not None)


@given(complete_hands(), st.integers(0, 13))
@settings(max_examples=100)
def test_a_card_taken_out_is_waited_for(hand: tuple[Card, ...], i: int) -> None:
    """Property: removing one card of a winning hand leaves a hand that waits for it."""
    rest = hand[:i] + hand[i + 1 :]
    assert hand[i] in waits(rest)


def test_meld_objects_are_accepted_as_exposed() -> None:
    d = best_decomposition(parse("一二三 四五六 伍伍"), [Meld.parse("碰 拾拾拾"), "吃 壹貳叄"])
    assert d is not None and len(d.melds) == 5


@pytest.mark.parametrize("exposed", [5, None, 3.5])
def test_exposed_that_is_not_a_meld_collection_is_a_notation_error(exposed: object) -> None:
    """Bad ``exposed`` for decompositions / waits / analyze is a NotationError naming it."""
    from changpai.daer import analyze

    for call in (
        lambda: list(decompositions("一二三 四五六 七八九 壹貳叄 伍伍", exposed)),  # type: ignore[arg-type]
        lambda: waits("一二三 四五六 七八九 壹貳叄 伍", exposed),  # type: ignore[arg-type]
        lambda: analyze("一二三 四五六 七八九 壹貳叄 伍", exposed),  # type: ignore[arg-type]
    ):
        with pytest.raises(NotationError, match=f"exposed={exposed!r}"):
            call()


@given(
    st.lists(st.integers(0, 19), min_size=14, max_size=14)
    | complete_hands().map(lambda hand: [c.index for c in hand]),
    st.booleans(),
)
@settings(max_examples=200)
def test_every_win_is_four_sets_and_a_jiang_of_2_5_8(indices: list[int], big_only: bool) -> None:
    """daer.md §5 (and E2) as a property: every reading of 14 cards is 4 sets and one 將 whose
    value is 2, 5 or 8 (big only with ``jiang_big_only``)."""
    if max(Counter(indices).values()) > 4:
        return
    rules = DAER.evolve(jiang_big_only=big_only)
    for d in decompositions(tuple(CARDS[i] for i in indices), rules=rules):
        jiang = d.jiang
        assert jiang is not None and len(d.melds) == 5
        assert jiang.card.value in (2, 5, 8) and (jiang.card.big or not big_only)
        assert all(m.kind is not MeldKind.JIANG for m in d.melds if m is not jiang)


@pytest.mark.parametrize(
    ("cards", "exposed", "rules", "message"),
    [
        # §5: the 將 is the pair of the hand, never a table set (and 六六 is no 將 at all)
        ("一二三 四五六 七八九 壹貳叄", "將 六六", DAER, "將 六六 is not a table set"),
        ("一二三 四五六 七八九 壹貳叄", "將 伍伍", DAER, "將 伍伍 is not a table set"),
        # E4: 絞 is no set by default
        ("一二三 四五六 七八九 伍伍", "絞 壹壹一", DAER, "絞 一壹壹 is not a set under daer.DAER"),
        # E3: without 二七十 it is no set on the table either
        (
            "一二三 四五六 七八九 伍伍",
            "吃 二七十",
            DAER.evolve(erqishi=False),
            "吃 二七十 is not a set under daer.DAER.evolve\\(erqishi=False\\)",
        ),
    ],
)
def test_table_sets_follow_the_rules(cards: str, exposed: str, rules: Rules, message: str) -> None:
    """daer.md §4, §5, E3, E4: a table set the rules do not allow — a 將 on the table, a 絞
    without ``jiao``, an 二七十 without ``erqishi`` — is refused with a NotationError naming it
    (it used to be read as one of the four sets, so 六六 could stand as the 將)."""
    from changpai.daer import analyze

    with pytest.raises(NotationError, match=message):
        best_decomposition(cards, exposed, rules=rules)
    with pytest.raises(NotationError, match=message):
        analyze(cards[:-1], exposed, rules=rules)


def test_allowed_table_sets_still_read() -> None:
    """The options that allow a set allow it on the table too (E3 on, E4 on, 刻 / 順 given as
    sets already made in hand)."""
    hand = "一二三 四五六 七八九 伍伍"
    assert best_decomposition(hand, "吃 二七十") is not None
    assert best_decomposition(hand, "絞 壹壹一", rules=DAER.evolve(jiao=True)) is not None
    assert best_decomposition(hand, "刻 壹壹壹") is not None


def test_waits_name_a_card_that_wins_only_on_a_discard() -> None:
    """daer.md §5 (a win on a discard or a self-draw) with §7's unsplit 坎: holding 二二三三四四,
    a drawn 三 makes a 坎 and no win, a discarded 三 joins the 順 — so 三 is a wait, read on
    that discard; the docstring's "every card that would complete a waiting hand"."""
    from changpai.daer import LUZHOU, best_decomposition, waits

    hand = "一二二三三四四五 壹貳叄 貳柒拾 肆伍陸 柒捌玖"
    assert best_decomposition(hand + " 三", rules=LUZHOU) is None
    found = waits(hand, rules=LUZHOU)
    assert sorted(card.code for card in found) == ["x3", "x6"]
    on_discard = best_decomposition(hand + " 三", rules=LUZHOU, discard="三")
    assert on_discard is not None and found[next(c for c in found if c.code == "x3")] == on_discard


def test_waits_leave_out_a_discard_win_the_rules_forbid() -> None:
    """§5 / win_on_discard=False: a card that wins only on a discard is no wait then — here
    the fourth of the 坎 拾拾拾, which drawn is laid as a 垅 and replaced (gang_draw)."""
    from changpai.daer import LUZHOU, waits

    hand = "拾拾拾 捌玖 一二三 四五六 壹貳叄 肆伍陸 七七"
    rules = LUZHOU.evolve(gang_draw=True, hand_size=19)
    assert sorted(c.code for c in waits(hand, rules=rules)) == ["d10", "d7"]
    assert sorted(c.code for c in waits(hand, rules=rules.evolve(win_on_discard=False))) == ["d7"]


@pytest.mark.parametrize("kan", ["三", None, ()])
def test_waits_read_a_drawn_fourth_laid_as_a_long(kan: object) -> None:
    """daer.md §7 (瀘州: a drawn fourth of a 坎 is laid at once as a 垅, and no replacement card
    follows — gang_draw off): the hand is then complete and the engine lets it win 自摸 on the
    垅; waits names that card with the engine's reading (review h82: waits left it out)."""
    from changpai.daer import Action, ActionKind, Game, stack_deck

    hand = "三三三 壹貳叄 四五六 七八九 肆伍陸 柒捌玖 一一"
    found = waits(hand, rules=LUZHOU, kan=kan)  # type: ignore[arg-type]
    assert sorted(c.code for c in found) == ["x1", "x3"]
    game = Game(LUZHOU, deck=stack_deck(LUZHOU, hands={1: hand}, stock="三"))
    game.apply(Action(0, ActionKind.DISCARD, "d10"))
    game.apply(Action(1, ActionKind.PASS))  # seat 1 draws 三: a 垅, and 胡 is legal
    game.apply(next(a for a in game.legal_actions(1) if a.kind is ActionKind.WIN))
    result = game.result
    assert result is not None and result.winner == 1 and result.discarder is None
    assert found[Card("x3")] == result.win.decomposition


def test_waits_read_the_fourth_of_a_peng_laid_as_a_gang() -> None:
    """The same for the fourth of a 碰 (瀘州): drawn, the seat may lay it (加杠, no replacement
    card) and win 自摸 (the engine offers the 杠 and then the 胡: reviews h82, h87 played it;
    test_a_self_drawn_win_is_on_a_wait_luzhou holds the engine and waits together), so waits
    names it, read with the 加杠."""
    found = waits("壹貳叄 四五六 七八九 肆伍陸 柒捌玖 一一", "碰 三三三", rules=LUZHOU, kan=())
    assert sorted(c.code for c in found) == ["x1", "x3"]
    assert str(found[Card("x3")]).startswith("加杠 三三三三 ")


def test_a_second_four_laid_is_no_wait() -> None:
    """§7 八塊: with a four on the table already, another drawn fourth laid spares a discard
    instead of completing the hand — no wait."""
    assert [
        c.code for c in waits("三三三 壹貳叄 四五六 肆伍陸 柒捌玖 一", "垅 九九九九", rules=LUZHOU)
    ] == ["x1"]


def _self_drawn_win_was_waited(rules: Rules, seed: int) -> bool | None:
    """Play ``seed`` (a win taken whenever offered); for a 自摸, whether its drawn card was
    among the winner's waits just before the draw (None without a 自摸)."""
    from changpai.daer import ActionKind, Game

    game = Game(rules, seed)
    chooser = random.Random(seed)
    before_draw = {}
    while not game.is_over:
        legal = game.legal_actions(game.to_act[0])
        action = next((a for a in legal if a.kind is ActionKind.WIN), None) or chooser.choice(legal)
        seen = {s: (game.hand(s), game.melds(s), game.kan(s)) for s in game.seats}
        start = len(game.log)
        game.apply(action)
        for record in game.log[start:]:
            if record.action.kind is ActionKind.DRAW and record.note != "replacement":
                before_draw[record.action.seat] = (seen[record.action.seat], record.draws[0][1])
    result = game.result
    if result is None or result.winner is None or result.discarder is not None:
        return None
    (hand, melds, kan), card = before_draw[result.winner]
    return card in waits(hand, melds, rules=rules, kan=kan)


@pytest.mark.parametrize("seed", [163, *range(12)])
def test_a_self_drawn_win_is_on_a_wait_luzhou(seed: int) -> None:
    """waits and the engine agree: the card a 瀘州 seat wins 自摸 on was among its waits before
    the draw (seed 163: a 垅 win the former waits left out)."""
    assert _self_drawn_win_was_waited(LUZHOU, seed) is not False


def test_each_analysis_reads_both_sizes_a_player_holds() -> None:
    """core-concepts: 大貳 reads the two sizes a player holds, 13 waiting or 14 complete (review
    h89: best_decomposition refused 13 cards and waits 14) — a waiting size has no reading and a
    complete size waits for nothing, as analyze says."""
    waiting, complete = "一二三 四五六 七八九 壹貳叄 伍", "一二三 四五六 七八九 壹貳叄 伍伍"
    assert best_decomposition(waiting) is None
    assert list(decompositions(waiting)) == []
    assert waits(complete) == {}
    assert waits(waiting) and best_decomposition(complete) is not None
    assert analyze(complete).waits == {} and analyze(waiting).best is None
