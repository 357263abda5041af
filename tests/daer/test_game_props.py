"""Invariants of the 大貳 engine under random play (hypothesis), replays, JSON and perft counts."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.playout import perft
from changpai.daer import DAER, DECK, LUZHOU, Action, Card, Game, Rules
from changpai.daer import ActionKind as K
from changpai.errors import IllegalActionError

PRESETS = {"daer": DAER, "luzhou": LUZHOU}


def census(g: Game) -> Counter[Card]:
    cards: list[Card] = list(g.stock)
    for seat in g.seats:
        cards += g.hand(seat)
        cards += [c for m in g.melds(seat) for c in m.cards]
        cards += g.discards(seat)
    return Counter(cards)


@given(
    st.sampled_from(["daer", "luzhou"]),
    st.integers(0, 2**32),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
@settings(max_examples=30)
def test_random_games_keep_every_invariant(
    name: str, seed: int, dealer: int, chooser: random.Random
) -> None:
    """Property (DESIGN.md): no card is created or lost; every seat to act has a legal action
    until the end; an illegal action leaves the state unchanged; replaying the log and
    reloading the JSON give an equal state."""
    rules = PRESETS[name]
    dealer %= rules.players
    g = Game(rules, seed, dealer=dealer)
    full = Counter(DECK)
    steps = 0
    while not g.is_over:
        assert census(g) == full
        seat = g.to_act[0]
        actions = g.legal_actions(seat)
        assert actions and all(g.can(a) for a in actions)
        others = [s for s in g.seats if s not in g.to_act]
        assert all(g.legal_actions(s) == [] for s in others)
        if steps % 7 == 0:  # an illegal decision changes nothing
            before = g.to_json()
            bad = Action(others[0] if others else seat, K.PASS)
            if not g.can(bad):
                with pytest.raises(IllegalActionError):
                    g.apply(bad)
                assert g.to_json() == before
        g.apply(chooser.choice(actions))
        steps += 1
    assert census(g) == full and g.to_act == ()
    result = g.result
    assert result is not None
    if result.winner is not None:
        assert sum(result.net(rules.players).values()) == 0 and result.payments
        win = result.win
        assert Counter(win.decomposition.cards) == Counter(
            g.hand(result.winner) + tuple(c for m in g.melds(result.winner) for c in m.cards)
        )
    assert Game.replay(g.log, rules, seed=seed, deck=g.deck, dealer=dealer) == g
    assert Game.from_json(g.to_json()) == g
    json.dumps(g.view(g.seats[0]).to_dict())


@given(st.sampled_from(["daer", "luzhou"]), st.integers(0, 2**16))
@settings(max_examples=15)
def test_copies_and_replays_offer_the_same_decisions(name: str, seed: int) -> None:
    """Property: the legal actions the engine keeps per state are those a fresh replay of the
    log computes, and playing on a copy leaves the original's decisions as they were."""
    rules = PRESETS[name]
    g = Game(rules, seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        seat = g.to_act[0]
        actions = g.legal_actions(seat)
        twin = g.copy()
        twin.apply(rng.choice(twin.legal_actions(seat)))
        assert g.legal_actions(seat) == actions and g.to_act[0] == seat
        if steps % 5 == 0:
            fresh = Game.replay(g.log, rules, seed=seed, deck=g.deck)
            assert fresh == g and fresh.legal_actions(seat) == actions
        g.apply(rng.choice(actions))
        steps += 1


@given(st.sampled_from(["daer", "luzhou"]), st.integers(0, 2**16))
@settings(max_examples=20)
def test_views_hide_the_other_hands(name: str, seed: int) -> None:
    g = Game(PRESETS[name], seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 30)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions(g.to_act[0])))
    for seat in g.seats:
        view = g.view(seat)
        assert view.hand == g.hand(seat)
        for other in view.seats:
            assert other.hand_size == len(g.hand(other.seat))
            hidden = [m for m in other.melds if m.hidden]
            assert all(other.seat != seat for m in hidden)
        if g.phase == "claim":
            assert set(view.to_act) <= {seat}
        # every card is somewhere in the view, once: the card on offer is ``offered``, not yet
        # one of its seat's discards (docs: Core concepts, GameView)
        seen = sum(s.hand_size + len(s.discards) for s in view.seats) + view.stock_size
        seen += sum(len(m.cards) + m.hidden for s in view.seats for m in s.melds)
        assert seen + (view.offered is not None) == len(g.deck)


# ------------------------------------------------------------------------------------ perft

PERFT_DIR = Path(__file__).parent / "perft"


def read_perft(path: Path) -> list[tuple[str, Rules, int, str, list[tuple[int, int]]]]:
    cases = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        counts: list[tuple[int, int]] = []
        for line in block.splitlines():
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(" ")
            if key == "perft":
                depth, count = value.split()
                counts.append((int(depth), int(count)))
            else:
                fields[key] = value
        if "id" in fields:
            rules = PRESETS[fields["rules"]]
            cases.append((fields["id"], rules, int(fields["dealer"]), fields["deck"], counts))
    return cases


PERFT_CASES = [c for path in sorted(PERFT_DIR.glob("*.perft")) for c in read_perft(path)]


@pytest.mark.parametrize("case", PERFT_CASES, ids=[c[0] for c in PERFT_CASES])
def test_perft(case: tuple[str, Rules, int, str, list[tuple[int, int]]]) -> None:
    """Perft counts from stacked deals, stored in tests/daer/perft/*.perft (python-chess style)."""
    _ident, rules, dealer, deck, counts = case
    g = Game(rules, deck=deck, dealer=dealer)
    for depth, count in counts:
        assert perft(g, depth) == count, depth


def test_perft_1_of_a_first_deal_by_hand() -> None:
    """The dealer of daer-stacked-claims holds 伍 陸陸陸 捌捌捌 一二三四五六七: ten kinds to
    throw, no four, no win — perft 1 is 10."""
    case = next(c for c in PERFT_CASES if c[0] == "daer-stacked-claims")
    g = Game(case[1], deck=case[3], dealer=case[2])
    assert len(set(g.hand(0))) == 10 and perft(g, 1) == 10 == case[4][0][1]


@given(st.sampled_from(["daer", "luzhou"]), st.integers(0, 2**16))
@settings(max_examples=20)
def test_a_claimer_only_discards(name: str, seed: int) -> None:
    """daer.md §3 as a property: right after a 碰, 吃 or (``luzhou``) 招 is carried out without a
    replacement draw, the claimer's only decisions are discards (no 杠, no 胡)."""
    g = Game(PRESETS[name], seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_act[0]
        actions = g.legal_actions(seat)
        claims = [a for a in actions if a.kind in (K.CHI, K.PENG, K.GANG)]
        before = (g.phase, [len(g.melds(s)) for s in g.seats])
        g.apply(rng.choice(claims or actions))
        if before[0] == "claim" and g.phase == "discard" and not g.log[-1].auto:
            claimer = g.to_act[0]
            assert len(g.melds(claimer)) == before[1][g.seats.index(claimer)] + 1
            assert {a.kind for a in g.legal_actions(claimer)} == {K.DISCARD}
