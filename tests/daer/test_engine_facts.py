"""The 大貳 engine's kept facts (issue 12): what a game keeps per seat to answer its win tests
fast agrees, at every step, with the answer computed from scratch (the naive path of the hand
analysis: ``readable`` and ``hu_range`` on the whole counts)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.daer import DAER, LUZHOU, Game, Rules
from changpai.daer.actions import Action, ActionKind
from changpai.daer.claims import guozhang_seats
from changpai.daer.hand import (
    _half_fits,
    _reads_with,
    _unlocked,
    hu_range,
    readable,
    shape_key,
    wins,
)
from changpai.daer.melds import meld_hu

_FLAGS = (
    "jiang_big_only",
    "erqishi",
    "jiao",
    "zero_hu",
    "kan_locked",
    "guozhang",
    "win_on_discard",
)


def _variants() -> list[Rules]:
    out = [DAER, LUZHOU, DAER.evolve(gang_draw=False, hand_size=14)]
    out += [LUZHOU.evolve(gang_draw=True, hand_size=19), DAER.evolve(scoring="huxi", min_hu=5)]
    for flag in _FLAGS:
        for base in (DAER, LUZHOU):
            out.append(base.evolve(**{flag: not getattr(base, flag)}))
    return out


VARIANTS = _variants()


def _naive_can_win(game: Game, seat: int, extra: int) -> bool:
    """The win test from scratch: a full hand (one card over the hand and table between turns,
    daer.md §7 八塊) whose counts (and the discard) read, with enough 胡."""
    melds = game.melds(seat)
    held = sum(game._hands[seat]) + sum(len(m.cards) for m in melds) + (extra >= 0)
    if held != game.rules.rest_size(sum(len(m.cards) == 4 for m in melds)) + 1:
        return False
    more = list(game._hands[seat])
    if extra >= 0:
        more[extra] += 1
    counts, shape = tuple(more), shape_key(game.rules)
    kan = game._kan[seat]
    if not readable(counts, shape, extra, kan):
        return False
    if game.rules.min_hu == 0:
        return True
    found = hu_range(counts, shape, extra, kan)
    assert found is not None
    table = sum(meld_hu(m) for m in game.melds(seat))
    return wins(found[1] + table, game.rules) or wins(found[0] + table, game.rules)


def _dealt_threes(game: Game, seat: int) -> int:
    """The kinds of which ``seat`` was dealt three or more (daer.md §7: its 坎, and 垅)."""
    rules, top = game.rules, 0
    for s in range(rules.players):
        n = rules.hand_size + (rules.dealer_extra if s == game.dealer else 0)
        if s == seat:
            counts = [0] * 20
            for card in game.deck[top : top + n]:
                counts[card.index] += 1
            return sum(1 << k for k, c in enumerate(counts) if c >= 3)
        top += n
    raise AssertionError(seat)


def _check_facts(game: Game) -> None:
    shape = shape_key(game.rules)
    for seat in range(game.rules.players):
        hand = tuple(game._hands[seat])
        kan = game._kan[seat]
        # the 坎 are dealt threes still whole (daer.md §7); none without kan_locked
        assert kan & ~_dealt_threes(game, seat) == 0
        assert all(hand[k] >= 3 for k in range(20) if kan >> k & 1)
        assert game.rules.kan_locked or kan == 0
        assert game._sizes[seat] == sum(hand)
        assert game._bases[seat] == _unlocked(hand, shape, kan)
        erqishi, _, kan_locked, jiang = shape
        for big in (False, True):
            cut = slice(10, 20) if big else slice(0, 10)
            bases = game._bases[seat][cut]
            assert game._codes[seat][big] == sum(n * 5**i for i, n in enumerate(bases))
            case_kan = (kan >> (10 if big else 0) & 1023) if kan_locked else 0
            assert game._half(seat, big) == _half_fits(hand[cut], erqishi, case_kan, jiang[cut])
        for k in range(20):
            expected = _naive_can_win(game, seat, k) if game.rules.win_on_discard else False
            if expected:
                assert game._may_win_on(seat, k)
            if game._may_win_on(seat, k):
                assert game._can_win(seat, k) is _naive_can_win(game, seat, k)
        assert game._can_win(seat) is _naive_can_win(game, seat, -1)


@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.booleans())
@settings(max_examples=25)
def test_kept_facts_agree_with_the_hand_at_every_step(
    rules: Rules, seed: int, greedy: bool
) -> None:
    """Property: at every step of a random (or greedy: claims first) game, every seat's kept
    count, counts without 坎 and case numbers match its hand, and the fast win tests (on any
    discard, and in turn) answer as the naive one."""
    game, rng = Game(rules, seed), random.Random(seed)
    while not game.is_over:
        _check_facts(game)
        legal = game.legal_actions(game.to_act[0])
        game.apply(legal[0] if greedy else rng.choice(legal))
    _check_facts(game)


@given(
    st.lists(st.integers(0, 19), min_size=0, max_size=22),
    st.integers(-1, 19),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
@settings(max_examples=300)
def test_reads_with_is_readable(
    indices: list[int], extra: int, jiao: bool, erqishi: bool, kan_locked: bool
) -> None:
    """Property: the search from a hand's counts without 坎 and a discard answers as
    ``readable`` on the whole counts with that discard won on (daer.md §7)."""
    counts = [0] * 20
    for i in indices:
        counts[i] += 1
    more = list(counts)
    if extra >= 0:
        more[extra] += 1
    if max(more) > 4:
        return
    shape = (erqishi, jiao, kan_locked, shape_key(LUZHOU)[3])
    hand = tuple(counts)
    found = _reads_with(_unlocked(hand, shape), sum(hand), extra, shape)
    assert found is readable(tuple(more), shape, extra)


def test_copies_keep_their_own_facts() -> None:
    """A copy's kept facts are its own: playing on it leaves the original's unchanged."""
    game = Game(LUZHOU, 5)
    copy = game.copy()
    while not copy.is_over:
        copy.apply(copy.legal_actions(copy.to_act[0])[-1])
    _check_facts(game)
    assert game == Game(LUZHOU, 5)


def test_apply_accepts_an_equal_action_not_handed_out() -> None:
    """An action equal to a legal one but built anew is accepted as the shared one."""
    game, twin = Game(seed=3), Game(seed=3)
    shared = game.legal_actions(0)[0]
    built = Action(shared.seat, shared.kind, shared.card, shared.cards)
    game.apply(shared)
    twin.apply(built)
    assert game.to_json() == twin.to_json()


def test_guozhang_seats_only_the_passers_who_could_eat() -> None:
    """guozhang_seats: a seat that passed with a 吃 offered, not one that claimed or had none."""
    chi = Action(1, ActionKind.CHI, "x5", ("x4", "x6"))
    options = {
        1: [chi, Action(1, ActionKind.PASS)],
        2: [Action(2, ActionKind.PENG, "x5"), Action(2, ActionKind.PASS)],
    }
    passed = {1: Action(1, ActionKind.PASS), 2: Action(2, ActionKind.PASS)}
    assert guozhang_seats(options, passed) == [1]
    assert guozhang_seats(options, {1: chi, 2: Action(2, ActionKind.PASS)}) == []
