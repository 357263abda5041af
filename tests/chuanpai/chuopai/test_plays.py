"""Plays of 戳牌 and every beat verdict of chuanpai.md §3.2; plays() checked against brute force."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.chuanpai.cards import DECK84, Card
from changpai.chuanpai.chuopai import CHUOPAI, Play, PlayKind, beats, parse, plays
from changpai.errors import IllegalActionError, NotationError, RulesError

TIES = CHUOPAI.evolve(chuo_ties="beat")

# (higher, lower): each pair is a verdict of chuanpai.md §3.2 — the first beats the second and
# the second does not beat the first.
HIGHER = [
    # §3.2 正門 singles: 天 > 地 > 人 > 和 > 中山 > 幺
    ("66", "11"), ("11", "44"), ("44", "13"), ("13", "55"), ("13", "33"), ("13", "22"),
    ("55", "56"), ("33", "46"), ("22", "16"), ("22", "15"), ("66", "15"),
    # §3.2 red 點子: 紅九 > 三四 > 紅五
    ("45", "34"), ("34", "14"), ("45", "14"),
    # §3.2 black 點子: 黑九 > 平八 = 三五 > 二五 > 拐子
    ("36", "26"), ("36", "35"), ("26", "25"), ("35", "25"), ("25", "23"), ("36", "23"),
    # §3.2 組合: 天九 > 地八 > 人七 > 和五 (a head card with a 點子 of its combo)
    ("66 45", "11 26"), ("66 36", "11 35"), ("11 26", "44 34"), ("11 35", "44 25"),
    ("44 34", "13 14"), ("44 25", "13 23"), ("66 36", "13 14"),
    # §3.2 multi-card plays: the same shape, strictly higher — seed: 紅五 pair < 紅七 / 紅九 pair
    ("34 34", "14 14"), ("45 45", "14 14"), ("45 45", "34 34"), ("66 66", "11 11"),
    ("55 33", "56 46"), ("36 36 36", "26 35 26"), ("13 13", "22 22"),
    # [INF] larger 組合 of the same rank: 天天九 / 天九九 are 天九 of three cards
    ("66 66 45", "11 26 35"), ("66 45 36", "44 44 34"), ("11 11 11 26", "13 14 23 23"),
]  # fmt: skip

EQUAL = [
    # §3.2 中山 and 幺 are 平級; 平八 and 三五 一樣大; same-rank combos
    ("55", "33"), ("33", "22"), ("56", "15"), ("16", "46"), ("26", "35"), ("66 45", "66 36"),
    ("55 55", "33 22"), ("66 66 45", "66 45 36"), ("45", "45"),
]  # fmt: skip

NEVER = [
    # §3.2 class rule: 組合 only 組合, 正門 only 正門, 點子 only 點子 of its own colour
    ("66", "45"), ("45", "56"), ("36", "14"), ("45", "23"), ("66 45", "66"), ("66", "13 14"),
    ("66 66", "45 45"), ("45 45", "26 26"),
    # same class, another number of cards
    ("66", "56 56"), ("66 66", "56"), ("66 45 45", "13 14"), ("45 45", "14"),
]  # fmt: skip


@pytest.mark.parametrize(("high", "low"), HIGHER)
def test_strictly_higher_beats(high: str, low: str) -> None:
    """chuanpai.md §3.2: a higher rank of the same class and shape beats; the lower never does."""
    assert beats(high, low)
    assert not beats(low, high)
    assert beats(high, low, TIES) and not beats(low, high, TIES)


@pytest.mark.parametrize(("one", "other"), EQUAL)
def test_equal_does_not_beat_unless_chuo_ties(one: str, other: str) -> None:
    """chuanpai.md §3.2 / §5 C12: equal ranks do not beat; ``chuo_ties="beat"`` lets them."""
    assert not beats(one, other) and not beats(other, one)
    assert beats(one, other, TIES) and beats(other, one, TIES)


@pytest.mark.parametrize(("one", "other"), NEVER)
def test_other_class_or_shape_never_beats(one: str, other: str) -> None:
    """chuanpai.md §3.2 class rule (組合打組合, 正門打正門, 點子 by colour) and shape rule."""
    for rules in (CHUOPAI, TIES):
        assert not beats(one, other, rules) and not beats(other, one, rules)


@pytest.mark.parametrize(
    ("text", "kind", "name"),
    [
        ("66", PlayKind.ZHENGMEN, "天"),
        ("55 33 22", PlayKind.ZHENGMEN, "中山"),
        ("56 46 16 15", PlayKind.ZHENGMEN, "幺"),
        ("45 45", PlayKind.RED, "紅九"),
        ("26 35", PlayKind.BLACK, "平八"),
        ("66 45 36", PlayKind.COMBO, "天九"),
        ("11 11 26", PlayKind.COMBO, "地八"),
        ("44 34 25", PlayKind.COMBO, "人七"),
        ("13 14 23", PlayKind.COMBO, "和五"),
    ],
)
def test_play_classes(text: str, kind: PlayKind, name: str) -> None:
    """chuanpai.md §3.2: the class and rank of a play."""
    play = Play.parse(text)
    assert (play.kind, play.name, play.size) == (kind, name, len(text.split()))


@pytest.mark.parametrize(
    "text",
    [
        "66 11",  # two 正門 ranks
        "45 36",  # two 九 without their head (組合 needs 至少一張 天)
        "66 26",  # 天 with 地八's 點子
        "12",  # 硬張 are not played (§3.1)
        "24 24",
        "45 34",  # two red ranks
        "66 66 11 26",  # two heads
    ],
)
def test_not_a_play(text: str) -> None:
    with pytest.raises(NotationError, match="is not a 戳牌 play"):
        Play.parse(text)
    with pytest.raises(NotationError):
        beats(text, "66")


def test_bad_arguments_are_typed() -> None:
    with pytest.raises(RulesError):
        beats("66", "11", "strict")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        beats(5, "11")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        plays("66 66 66 66 66")
    with pytest.raises(NotationError):
        Play.of([])


@pytest.mark.parametrize("cards", [5, None, True, object(), "66"])
def test_play_of_refuses_what_is_not_a_sequence_of_cards(cards: object) -> None:
    """Play.of takes cards (Play.parse takes text): anything else is a NotationError naming
    ``cards`` (a non-iterable was a bare TypeError)."""
    with pytest.raises(NotationError, match="cards="):
        Play.of(cards)  # type: ignore[arg-type]


def test_a_play_built_directly_is_checked() -> None:
    """chuanpai.md §3.2 (a play is cards of one rank of one class, or a 組合): ``Play(kind,
    rank, cards)`` (the attrs constructor, also what ``attrs.evolve`` calls) is the play its
    cards make: a list is copied to a tuple, a set (which keeps each card once:
    a pair's cards read as one card) and a kind, rank or order the cards do not make are
    refused (the engine builds its plays through ``Play.of``)."""
    play = Play.parse("天牌 紅九 黑九")
    assert Play(play.kind, play.rank, list(play.cards)) == play
    assert type(Play(play.kind, play.rank, list(play.cards)).cards) is tuple
    pair = Play.parse("天牌 天牌")
    with pytest.raises(NotationError, match="is a set"):
        Play(pair.kind, pair.rank, set(pair.cards))  # type: ignore[arg-type]
    for kind, rank, cards in (
        (play.kind, 3, play.cards),
        (PlayKind.RED, play.rank, play.cards),
        ("combo", play.rank, play.cards),
        (play.kind, play.rank, play.cards[::-1]),
    ):
        with pytest.raises(NotationError, match=r"build one with Play\.of"):
            Play(kind, rank, cards)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="cards=5"):
        Play(play.kind, play.rank, 5)  # type: ignore[arg-type]


def test_seed_example_red_five_pair() -> None:
    """chuanpai.md §3.2 / seed 000 §7: a pair of 紅五 is beaten by a pair of 紅七 (三四) or 紅九;
    with three 紅九 the pair of 紅九 is safe because the next player cannot beat it."""
    found = plays("45 45 45 34 34 14", led="14 14")
    assert [p.cards for p in found] == [parse("34 34"), parse("45 45")]
    assert plays("45", led="45 45") == []


def test_plays_lists_heads_first_and_in_order() -> None:
    found = plays("66 66 45 36")
    assert [str(p) for p in found] == [
        "天牌 (正門 天)",
        "天牌 天牌 (正門 天)",
        "紅九 (紅點子 紅九)",
        "三六 (黑點子 黑九)",
        "天牌 紅九 (組合 天九)",
        "天牌 三六 (組合 天九)",
        "天牌 天牌 紅九 (組合 天九)",
        "天牌 天牌 三六 (組合 天九)",
        "天牌 紅九 三六 (組合 天九)",
        "天牌 天牌 紅九 三六 (組合 天九)",
    ]


def _brute_force(hand: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    """Every sub-multiset of ``hand`` that is a play (independent of the enumeration)."""
    counts = Counter(hand)
    kinds = sorted(counts)
    out = set()
    for take in itertools.product(*(range(counts[k] + 1) for k in kinds)):
        cards = [k for k, n in zip(kinds, take, strict=True) for _ in range(n)]
        if not cards:
            continue
        with contextlib.suppress(NotationError):
            out.add(Play.of(cards).cards)
    return out


hands = st.lists(st.sampled_from(DECK84), min_size=0, max_size=9).filter(
    lambda cards: max(Counter(cards).values(), default=0) <= 4
)


@settings(max_examples=60)
@given(hand=hands, led=hands)
def test_plays_is_every_play_and_beaters_are_exactly_those_that_beat(
    hand: list[Card], led: list[Card]
) -> None:
    """plays(hand) is every sub-multiset that is a play; plays(hand, led) is exactly those of
    them that beat ``led`` (checked by brute force and :func:`beats`)."""
    every = _brute_force(tuple(hand))
    leads = plays(hand)
    assert {p.cards for p in leads} == every and len(leads) == len(every)
    try:
        target = Play.of(led)
    except NotationError:
        return
    for rules in (CHUOPAI, TIES):
        found = {p.cards for p in plays(hand, target, rules)}
        assert found == {p.cards for p in leads if beats(p, target, rules)}


plays_st = st.lists(st.sampled_from(DECK84), min_size=1, max_size=5).filter(
    lambda cards: max(Counter(cards).values()) <= 4
)


@settings(max_examples=200)
@given(one=plays_st, two=plays_st, three=plays_st)
def test_beating_is_a_strict_order_within_a_shape(
    one: list[Card], two: list[Card], three: list[Card]
) -> None:
    """Strictly higher beats (chuanpai.md §3.2): never both ways, never a play itself, and
    transitive; with ``chuo_ties="beat"`` an equal play beats both ways."""
    try:
        a, b, c = Play.of(one), Play.of(two), Play.of(three)
    except NotationError:
        return
    assert not (beats(a, b) and beats(b, a))
    assert not beats(a, a) and beats(a, a, TIES)
    if beats(a, b) and beats(b, c):
        assert beats(a, c)
    if beats(a, b, TIES) and beats(b, a, TIES):
        assert a.shape == b.shape


@pytest.mark.parametrize("hand", [None, 5, object(), [1, 2]])
def test_plays_refuse_what_is_not_a_hand(hand: object) -> None:
    """plays reads a hand of 戳牌 cards (or text): anything else is a NotationError naming it."""
    with pytest.raises(NotationError, match="hand"):
        plays(hand)  # type: ignore[arg-type]


def test_hands_and_plays_no_deal_can_give_are_refused() -> None:
    """A 戳牌 hand holds at most 28 cards within the four copies of deck84 (chuanpai.md §3.1):
    cards given as objects are checked as text is — a fifth copy, or a bigger hand (whose plays
    grew past what can be listed: 107,312 for four decks), is a NotationError naming it."""
    five = [Card("66")] * 5
    with pytest.raises(NotationError, match="5 copies of 天牌"):
        plays(five)
    with pytest.raises(NotationError, match="5 copies of 天牌"):
        beats(five, [Card("66")] * 4)
    with pytest.raises(NotationError, match="5 copies of 天牌"):
        Play.of(five)
    with pytest.raises(NotationError, match="hand holds 29 cards; a 戳牌 hand holds at most 28"):
        plays(list(DECK84)[:29])
    assert len(plays(list(DECK84)[:28])) > 0


def test_big_combos_are_an_option_section_3_2() -> None:
    """chuanpai.md §3.2 [INF] "shapes like 天天九 / 天九九 are allowed as larger combos of the
    same rank" — an [INF] default, so an option (the rules README; review h28):
    ``big_combos=False`` makes a 組合 one head card and one 點子."""
    small = CHUOPAI.evolve(big_combos=False)
    hand = "天牌 天牌 紅九 黑九 地牌"
    assert {p.size for p in plays(hand) if p.kind is PlayKind.COMBO} == {2, 3, 4}
    assert {p.size for p in plays(hand, rules=small) if p.kind is PlayKind.COMBO} == {2}
    assert [p.size for p in plays(hand, rules=small)] == [
        p.size for p in plays(hand) if p.kind is not PlayKind.COMBO or p.size == 2
    ]
    assert beats("天牌 紅九", "地牌 平八", small)
    with pytest.raises(NotationError, match="under big_combos=False a 組合 is one head card"):
        beats("天牌 天牌 紅九", "地牌 地牌 平八", small)
    with pytest.raises(NotationError, match="led=地牌 地牌 二六 \\(組合 地八\\) is a 組合 of 3"):
        plays(hand, led="地牌 地牌 平八", rules=small)


def test_the_engine_offers_no_big_combo_under_the_option_section_3_2() -> None:
    """The engine under ``big_combos=False``: no lead of a 組合 of more than two cards is
    offered, and one is refused naming the option; every other lead is the default's."""
    from changpai.chuanpai.chuopai import Action, ActionKind, Game

    small = CHUOPAI.evolve(big_combos=False)
    refused = 0
    for seed in range(60):
        game, wide = Game(small, seed=seed), Game(CHUOPAI, seed=seed)
        if game.is_over or game.phase != "lead":
            continue
        seat = game.to_act[0]
        leads = game.legal_actions(seat)
        default = wide.legal_actions(seat)
        big = [a for a in default if Play.of(a.cards).kind is PlayKind.COMBO and len(a.cards) > 2]
        assert leads == [a for a in default if a not in big]
        for action in big[:1]:
            with pytest.raises(IllegalActionError, match="no play under big_combos=False"):
                game.apply(Action(seat, ActionKind.LEAD, action.cards))
            refused += 1
    assert refused > 0
