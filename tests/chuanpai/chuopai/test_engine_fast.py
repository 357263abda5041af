"""The 戳牌 engine's shortcuts against their plain paths (chuanpai.md §3.2, §3.3): can_beat's
table of higher groups, and the records, shapes and 擺牌 actions the engine shares between
games (the same values as building them afresh, every cache emptied or not)."""

from __future__ import annotations

import random

from hypothesis import assume, given
from hypothesis import strategies as st

from changpai.chuanpai.cards import CARDS
from changpai.chuanpai.chuopai import CHUOPAI, Action, ActionKind, Game, clear_caches
from changpai.chuanpai.chuopai.plays import DOTS, UNITS, beat_sets, can_beat, describe
from changpai.core.records import ActionRecord

counts_st = st.lists(st.integers(0, 4), min_size=DOTS, max_size=DOTS).map(
    lambda c: [0 if CARDS[i].code in ("12", "24") else n for i, n in enumerate(c)]
)


@given(
    counts=counts_st,
    kind=st.integers(0, 3),
    rank=st.integers(-1, 7),
    size=st.integers(1, 6),
    ties=st.booleans(),
)
def test_can_beat_is_whether_a_beating_play_exists(
    counts: list[int], kind: int, rank: int, size: int, ties: bool
) -> None:
    """§3.2: a seat can beat a play when it holds a play of its class and size, higher (or
    equal with ties) — any group shape, ranks off the table too (a 組合 has two cards or
    more)."""
    assume(kind != 3 or size >= 2)
    shape = (kind, rank, size)
    assert can_beat(counts, shape, ties) is bool(beat_sets(counts, shape, ties))


def _played(seed: int, clear: bool) -> Game:
    if clear:
        clear_caches()
    game = Game(CHUOPAI, seed, dealer=seed % 3)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game


@given(seed=st.integers(0, 10**6))
def test_shared_records_are_those_built_afresh(seed: int) -> None:
    """Every record of a game played with the engine's caches warm equals one built from its
    action (decisions without a note; the 擺牌 of a trick is its winner's cards, the deal's
    and the 硬張 records as the deal writes them), and the game is the one played cold."""
    warm = _played(seed, clear=False)
    assert warm == _played(seed, clear=True)
    for record in warm.log:
        action = record.action
        rebuilt = Action(action.seat, action.kind, action.cards)
        assert record == ActionRecord(rebuilt, auto=record.auto, note=record.note)
        if action.kind in (ActionKind.LEAD, ActionKind.BEAT):
            assert describe(tuple(c.index for c in action.cards)) is not None


def test_unit_shapes_cover_every_group() -> None:
    """Every group unit's shape is read from the table of higher groups (no fallback)."""
    from changpai.chuanpai.chuopai.plays import _HIGHER_GROUPS

    for kind, rank, _kinds in UNITS:
        if kind != 3:
            assert (kind, rank, False) in _HIGHER_GROUPS and (kind, rank, True) in _HIGHER_GROUPS
