"""The cached legal decisions (choices.py) against the plain play lists of plays.py
(chuanpai.md §3.2, §3.3), and apply's trust in offered actions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai.chuanpai.cards import CARDS
from changpai.chuanpai.chuopai import Action, ActionKind, Game
from changpai.chuanpai.chuopai.choices import beat_actions, cover_actions, lead_actions
from changpai.chuanpai.chuopai.plays import DOTS, UNITS, beat_sets, describe, lead_sets
from changpai.errors import IllegalActionError

# Counts of a hand: at most 4 of each of the 21 dot kinds (丁丁 and 二紅 never in hand, §3.1).
counts_st = st.lists(st.integers(0, 4), min_size=DOTS, max_size=DOTS).map(
    lambda c: [0 if CARDS[i].code in ("12", "24") else n for i, n in enumerate(c)]
)


def _indices(action: Action) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in action.cards))


@given(counts=counts_st, seat=st.integers(0, 2))
def test_lead_actions_are_lead_sets_in_order(counts: list[int], seat: int) -> None:
    """§3.2: every lead of a hand, in the order of plays.lead_sets, for the right seat."""
    actions = lead_actions(seat, counts)
    assert [_indices(a) for a in actions] == lead_sets(counts)
    assert all(a.seat == seat and a.kind is ActionKind.LEAD for a in actions)


@given(
    counts=counts_st,
    led=st.sampled_from(UNITS),
    size=st.integers(1, 5),
    ties=st.booleans(),
    seat=st.integers(0, 2),
)
def test_beat_actions_are_beat_sets_in_order(
    counts: list[int], led: tuple[int, int, tuple[int, ...]], size: int, ties: bool, seat: int
) -> None:
    """§3.2: every beating play of a hand, in the order of plays.beat_sets."""
    shape = (led[0], led[1], size)
    actions = beat_actions(seat, counts, shape, ties)
    assert [_indices(a) for a in actions] == beat_sets(counts, shape, ties)
    assert all(a.seat == seat and a.kind is ActionKind.BEAT for a in actions)
    assert all(describe(_indices(a)) is not None for a in actions)


@given(counts=counts_st, seat=st.integers(0, 2))
def test_cover_actions_are_one_per_kind_held(counts: list[int], seat: int) -> None:
    """§3.3: a seat covers one card at a time, any card it holds."""
    actions = cover_actions(seat, counts)
    assert [a.cards[0].index for a in actions] == [i for i in range(DOTS) if counts[i]]
    assert all(a.seat == seat and a.kind is ActionKind.COVER for a in actions)


def test_a_stale_offered_action_is_still_verified() -> None:
    """apply trusts only the actions offered for the current state: an action offered before
    the last move is checked again (and refused here: seat 0 no longer leads)."""
    game = Game(seed=11)
    offered = game.legal_actions(0)
    game.apply(offered[0])
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"seat 0 is not to act \(to act: \(1,\)\)"):
        game.apply(offered[1])
    assert game.to_json() == before


def test_an_equal_action_not_offered_is_applied_like_the_offered_one() -> None:
    """A freshly built action equal to an offered one is verified and gives the same game."""
    one, two = Game(seed=5), Game(seed=5)
    action = one.legal_actions(0)[3]
    one.apply(action)
    two.apply(Action(action.seat, action.kind, action.cards))
    assert one == two
    with pytest.raises(IllegalActionError):
        two.apply(None)
