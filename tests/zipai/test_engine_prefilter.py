"""The engine's win prefilters and interned objects (issue 12) against the plain paths.

``_may_win`` must answer exactly whether the full analysis (``_best_counts``) finds a reading,
for every seat of a played game and every card it could be asked about; its 比-split search
must agree with the solver's ``_split`` followed by ``_solve``; a meld's cached HTML is the
rendered one; a seat's count of laid 跑 / 提 follows its table.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core import caches, render
from changpai.zipai import Game, clear_caches
from changpai.zipai.cards import CARDS, KINDS
from changpai.zipai.chi import _sentence_meld
from changpai.zipai.melds import Meld, MeldKind, Origin, classify
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO
from changpai.zipai.solver import _PAIR_FLAG, _POW, _TABLES, _solve, _split
from changpai.zipai.state import _best_counts, _hand_masks, _may_win, _Seat, _split_decomposes

RULES = [
    HUNAN,
    LIUHUDAO,
    HAHA,
    HUNAN.evolve(allow_1_5_10=True, paoshuang=False),
    HAHA.evolve(forbid_hu_after_chongpao=True),
    LIUHUDAO.evolve(win_on_discard=True),
]
_ALL = HUNAN.evolve(allow_1_5_10=True)
_FLAGS = ((True, False), (False, False), (False, True))  # own draw, another's draw, a discard


def _held(seat: _Seat, k: int) -> int:
    """Copies of kind k the seat holds in hand and on its table."""
    return seat.hand[k] + sum(1 for m in seat.melds for c in m.cards if c.index == k)


def _check_seat(seat: _Seat, rules: object) -> None:
    assert isinstance(rules, type(HUNAN))
    key = _hand_masks(tuple(seat.hand), rules.allow_1_5_10)[3]
    if seat.melds:
        full = _best_counts(seat.hand, seat.melds, rules, None, True, False, False)
        assert _may_win(seat, rules, key, None, True, False) == (full is not None)
    for k in range(KINDS):
        if _held(seat, k) >= 4:
            continue  # no copy of k left to be offered to this seat
        for self_drawn, from_discard in _FLAGS:
            full = _best_counts(
                seat.hand, seat.melds, rules, CARDS[k], self_drawn, from_discard, False
            )
            got = _may_win(seat, rules, key, k, self_drawn, from_discard)
            assert got == (full is not None), (seat.hand, seat.melds, k, self_drawn, from_discard)


@settings(max_examples=12, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32 - 1), greedy=st.booleans())
def test_may_win_answers_as_the_full_analysis(rules: object, seed: int, greedy: bool) -> None:
    """At every step of a seeded game, for every seat and every card it could be offered, the
    prefilter finds a reading exactly when the full analysis does; every seat's quads_laid is
    the number of 跑 / 提 on its table."""
    assert isinstance(rules, type(HUNAN))
    game = Game(rules, seed=seed)
    chooser = random.Random(seed)
    step = 0
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if step % 3 == 0:
            for s in game.seats:
                state = game._seats[s]
                quads = sum(1 for m in state.melds if m.kind in (MeldKind.PAO, MeldKind.TI))
                assert state.quads_laid == quads
                _check_seat(state, rules)
        takes = [a for a in legal if a.kind.is_decision and a.kind.hanzi in ("胡", "碰", "吃")]
        game.apply(takes[0] if greedy and takes else chooser.choice(legal))
        step += 1


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(0, 2), min_size=KINDS, max_size=KINDS),
    x=st.integers(0, KINDS - 1),
    pair=st.booleans(),
    allow=st.booleans(),
)
def test_split_search_stops_where_split_and_solve_find(
    counts: list[int], x: int, pair: bool, allow: bool
) -> None:
    """_split_decomposes(pool, x) is any(_solve(rest)) over the solver's _split(pool, x): three
    loose copies of x laid in sentences / the pair, the rest searched."""
    counts[x] = 3
    key = sum(n * _POW[k] for k, n in enumerate(counts)) | (_PAIR_FLAG if pair else 0)
    table = _TABLES[allow]
    expected = any(_solve(rest, table) is not None for rest, _melds, _v in _split(key, x, table))
    assert _split_decomposes(key, x, 0, table) == expected


def test_meld_html_is_rendered_once_and_cleared() -> None:
    """A meld's HTML is the rendered one, from the cache after the first time; the cache is a
    registered zipai cache that clear_caches empties."""
    name = "changpai.zipai.melds._HTML"
    clear_caches()
    assert caches.stats("zipai")[name][0] == 0
    for text in ("碰 三三三", "吃 一二三", "比 二七十", "提 拾拾拾拾", "句 壹貳叄"):
        meld = Meld.parse(text)
        expected = render.meld(meld.label(), meld.cards)
        assert meld._repr_html_() == expected
        assert meld._repr_html_() is meld._repr_html_() and meld._repr_html_() == expected
    assert caches.stats("zipai")[name][0] == 5
    clear_caches()
    assert caches.stats("zipai")[name][0] == 0


def test_decision_records_equal_new_records() -> None:
    """A decision given back from legal_actions is logged as a record equal to a new one."""
    from changpai.core.records import ActionRecord

    game = Game(HAHA, seed=5)
    chooser = random.Random(5)
    while not game.is_over:
        action = chooser.choice(game.legal_actions(game.to_act[0]))
        at = len(game.log)
        record = game.apply(action)
        assert record == ActionRecord(action) and record.action is action
        assert game.log[at] is record  # then the engine's own moves


SENTENCES = [
    (a, b, c)
    for a in range(KINDS)
    for b in range(a, KINDS)
    for c in range(b, KINDS)
    if (kind := classify((CARDS[a], CARDS[b], CARDS[c]), rules=_ALL)) is not None
    and kind.is_sentence
]


@settings(max_examples=400, deadline=None)
@given(data=st.data(), rules=st.sampled_from(RULES))
def test_may_win_on_hands_one_card_short(data: st.DataObject, rules: object) -> None:
    """Hands one card short of sentences (the rest of the 門子 on the table as 吃 melds) and the
    card they miss, or another: the prefilter answers as the full analysis (many of them win,
    also by three loose copies of a pair and the card, the split reading)."""
    assert isinstance(rules, type(HUNAN))
    wanted = rules.melds_to_win
    shapes = data.draw(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=wanted))
    counts = [0] * KINDS
    for shape in shapes:
        for k in shape:
            counts[k] += 1
    if max(counts) > 3:
        return
    k = data.draw(st.sampled_from([k for k in range(KINDS) if counts[k]]))
    counts[k] -= 1
    seat = _Seat()
    seat.hand = counts
    table = data.draw(st.lists(st.sampled_from(SENTENCES), min_size=0, max_size=wanted))
    seat.lay(*[_sentence_meld(shape, Origin.CHI) for shape in table[: wanted - len(shapes)]])
    key = _hand_masks(tuple(counts), rules.allow_1_5_10)[3]
    asked = data.draw(st.sampled_from([k, k, data.draw(st.integers(0, KINDS - 1))]))
    for self_drawn, from_discard in _FLAGS:
        full = _best_counts(
            counts, seat.melds, rules, CARDS[asked], self_drawn, from_discard, False
        )
        assert _may_win(seat, rules, key, asked, self_drawn, from_discard) == (full is not None)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_shuffled_kinds_are_the_shuffled_deck(seed: int) -> None:
    """The engine shuffles the kinds of DECK: the same order as the shuffled cards."""
    from changpai.core.deck import deal_order
    from changpai.zipai.cards import DECK
    from changpai.zipai.deck import _deck_indices

    assert _deck_indices(seed, None) == tuple(c.index for c in deal_order(DECK, seed=seed))
