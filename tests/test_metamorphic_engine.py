"""Metamorphic and cross-check properties of the game engine of every registered variant
(docs/core-concepts.md, "The game engine"), checked at every step of random hands.

Nothing here knows a family's rules; only the shared contract is used:

- ``legal_actions(seat)`` is exactly what ``can`` / ``verify`` / ``apply`` accept: every listed
  action is accepted (and survives JSON, its card as text); an action changed in one field
  (another seat, kind, card, meld ..., its cards reordered or one changed) or listed before the
  last move is listed now, another spelling of a listed one that plays the same game (字牌), or
  refused — ``can`` False, ``verify`` and ``apply`` raising ``IllegalActionError`` (or
  ``NotationError`` for a value no action can hold) — leaving the game equal to its copy from
  before;
- the state is its decisions: ``Game.replay`` of the log (whole, decisions only, bare actions),
  and ``Game.from_json(to_json())`` give an equal game at every step; the same decisions on the
  deck stacked play the same hand;
- ``copy()`` is equal and independent: the same views and decisions, and playing on the copy
  leaves the original as it was; every view agrees with the omniscient game;
- the result's payments, net gains and ``GameResult.net`` agree and sum to zero, the sheet's
  total is what its lines make it, a win's reading holds the winner's cards; a match adds up
  its hands.

Half of the hands are played under the variant's rules with one option changed
(``metamorphic_support.rules_variants``), half of them take every win offered.
"""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from metamorphic_support import fixed_settings, rules_variants, sheet_total

import changpai
from changpai.core import GameBase
from changpai.errors import ChangpaiError, IllegalActionError, NotationError

VARIANTS = changpai.variants()
IDS = [v.name for v in VARIANTS]

SETTINGS = fixed_settings(6)


# The ActionKind values of a win (字牌 胡; 南通, 川牌, 大貳 and 孝感 win).
WIN_KINDS = frozenset({"hu", "win"})


def by_variant(test: Any) -> Any:
    return pytest.mark.parametrize("entry", VARIANTS, ids=IDS)(test)


# ---------------------------------------------------------------------------------- mutations


def _other(rng: random.Random, choices: list[Any], value: Any) -> Any:
    others = [c for c in choices if c != value]
    return rng.choice(others) if others else value


def mutated(game: GameBase, action: Any, rng: random.Random) -> Any:
    """``action`` with one field changed (module docstring), or ``None`` when the changed value
    is refused already by the Action class (a typed error)."""
    module_action = type(action)
    fields = {f.name: f for f in attrs.fields(module_action)}
    name = rng.choice(list(fields))
    value = getattr(action, name)
    cards = sorted(set(game.deck), key=str)
    if name == "seat":
        new: Any = _other(rng, [*range(4), *game.seats], value)
    elif name == "kind":
        new = _other(rng, list(type(value)), value)
    elif name == "card":
        new = _other(rng, [None, *cards], value)
    elif name == "guo":
        new = not value
    elif name == "meld":  # a MeldKind of the family, or none
        family = importlib.import_module(type(action).__module__.rsplit(".", 1)[0])
        new = _other(rng, [None, *family.MeldKind], value)
    elif isinstance(value, tuple):
        # cards (or 字牌 melds): reordered, one dropped, replaced or added
        items = list(value)
        if len(items) > 1 and rng.random() < 0.25:
            rng.shuffle(items)
        elif items and name == "melds":
            items.pop(rng.randrange(len(items)))
        elif items and rng.random() < 0.5:
            items[rng.randrange(len(items))] = rng.choice(cards)
        elif items and rng.random() < 0.5:
            items.pop(rng.randrange(len(items)))
        else:
            items.append(rng.choice(cards))
        new = tuple(items)
    else:
        return None
    try:
        return attrs.evolve(action, **{name: new})
    except ChangpaiError:
        return None


def check_refused(game: GameBase, action: Any) -> None:
    """An action that is not listed is refused by can, verify and apply, and changes nothing."""
    before = game.copy()
    text = game.to_json()
    assert not game.can(action), action
    with pytest.raises((IllegalActionError, NotationError)):
        game.verify(action)
    with pytest.raises((IllegalActionError, NotationError)):
        game.apply(action)
    assert game == before and game.to_json() == text


def check_respelled(game: GameBase, action: Any, listed: list[Any]) -> None:
    """An accepted action that is not listed is another spelling of a listed one (字牌 takes a
    claim with the card left out, or a 過 naming it): it plays the same game."""
    played = game.copy()
    played.apply(action)
    assert any(_after(game, other) == played for other in listed), action


def _after(game: GameBase, action: Any) -> GameBase:
    twin = game.copy()
    twin.apply(action)
    return twin


def check_spellings(action: Any) -> None:
    """A listed action survives its JSON form, and its card given as text is the same action
    (docs/core-concepts.md: "an Action's card may be text too")."""
    cls = type(action)
    assert cls.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    card = getattr(action, "card", None)
    if card is not None:
        assert attrs.evolve(action, card=card.code) == action


def check_actions(game: GameBase, rng: random.Random) -> None:
    """Every listed action is accepted; a changed one is listed or refused; seats not to act have
    none."""
    listed = {seat: game.legal_actions(seat) for seat in game.seats}
    for actions in {seat: game.legal_actions(seat) for seat in game.seats}.values():
        actions.clear()  # the caller's list: emptying it changes nothing in the game
    assert {seat: game.legal_actions(seat) for seat in game.seats} == listed
    for seat, actions in listed.items():
        assert bool(actions) == (seat in game.to_act), (seat, game.to_act)
    for seat in game.to_act:
        actions = listed[seat]
        for i, action in enumerate(rng.sample(actions, min(len(actions), 6))):
            assert game.can(action)
            game.verify(action)
            check_spellings(action)
            if i < 2:  # apply takes it too, and logs it as it was given
                twin = game.copy()
                record = twin.apply(action)
                assert record.action == action and not record.auto
                assert twin.log[len(game.log)] == record
        for action in rng.sample(actions, min(len(actions), 4)):
            for _ in range(3):
                other = mutated(game, action, rng)
                if other is not None:
                    check_candidate(game, other, listed)


def check_candidate(game: GameBase, action: Any, listed: dict[int, list[Any]]) -> None:
    """An action not taken from the list now (changed, or listed at an earlier step) is listed,
    another spelling of a listed one, or refused."""
    if action.seat in game.seats and action in listed[action.seat]:
        assert game.can(action)
    elif game.can(action):
        check_respelled(game, action, listed[action.seat])
    else:
        check_refused(game, action)


def check_stale(game: GameBase, stale: list[Any], rng: random.Random) -> None:
    """Actions listed before the last move are checked again now that the game moved on: listed
    now, another spelling, or refused."""
    listed = {seat: game.legal_actions(seat) for seat in game.seats}
    for action in rng.sample(stale, min(len(stale), 3)):
        check_candidate(game, action, listed)


# ---------------------------------------------------------------------------------- the state


def check_replays(game: GameBase, *, every_form: bool = True) -> None:
    """The game is its decisions: replaying the log and reloading the document give it back;
    with ``every_form`` also the log's decisions only and their bare actions (the engine's own
    records are skipped), and the document however its JSON is laid out."""
    cls = type(game)
    deal = {"seed": game.seed, "deck": game.deck, "dealer": game.dealer, **game.options}
    text = game.to_json()
    assert cls.replay(game.log, game.rules, **deal) == game
    assert cls.from_json(text) == game
    if not every_form:
        return
    decisions = [record for record in game.log if not record.auto]
    for actions in (decisions, [record.action for record in decisions]):
        again = cls.replay(actions, game.rules, **deal)
        assert again == game and again.to_json() == text
    assert cls.from_json(json.dumps(json.loads(text), indent=1, sort_keys=True)) == game


def check_stacked(game: GameBase) -> None:
    """The same decisions on the game's deck stacked (``deck=``, no seed) play the same hand:
    the same document but for the seed, the same result."""
    cls = type(game)
    stacked = cls.replay(
        game.log, game.rules, seed=None, deck=game.deck, dealer=game.dealer, **game.options
    )
    mine, theirs = json.loads(game.to_json()), json.loads(stacked.to_json())
    assert mine.pop("seed") == game.seed and theirs.pop("seed") is None
    assert mine == theirs
    assert stacked.log == game.log and stacked.is_over == game.is_over
    if game.is_over:
        assert stacked.result == game.result


def check_copy(game: GameBase, rng: random.Random) -> None:
    """A copy is equal, shows the same views and decisions, and playing on it changes nothing in
    the original."""
    text = game.to_json()
    views = {seat: game.view(seat) for seat in game.seats}
    decisions = {seat: game.legal_actions(seat) for seat in game.seats}
    twin = game.copy()
    assert twin == game and twin is not game
    assert {seat: twin.view(seat) for seat in twin.seats} == views
    if not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions(twin.to_act[0])))
    assert game.to_json() == text
    assert {seat: game.view(seat) for seat in game.seats} == views
    assert {seat: game.legal_actions(seat) for seat in game.seats} == decisions


def check_views(game: GameBase) -> None:
    """A seat's view agrees with the omniscient game (docs/core-concepts.md: GameView): its own
    cards and decisions, every seat's hand size, the stock's size, and the seats to act that it
    may know of — itself among them exactly when it is to act."""
    sizes = [len(game.hand(seat)) for seat in game.seats]
    for seat in game.seats:
        view = game.view(seat)
        # (the phase as that seat may see it: a 字牌 drawer deciding on a 胡 after his own 偎 /
        # 提 looks to the others like a drawer about to discard)
        assert view.seat == seat and view.dealer == game.dealer
        assert view.phase == game._phase_seen_by(seat)
        assert view.phase == game.phase or (game.phase, view.phase) == ("selfhu", "discard")
        assert view.legal_actions == tuple(game.legal_actions(seat))
        assert sorted(view.hand, key=str) == sorted(game.hand(seat), key=str)
        assert [side.hand_size for side in view.seats] == sizes
        assert view.stock_size == len(game.stock)
        assert set(view.to_act) <= set(game.to_act)
        assert (seat in view.to_act) == (seat in game.to_act)


def check_winning_reading(game: GameBase) -> None:
    """The reading a win was scored by (the win's decomposition, or the result's) holds exactly
    the winner's cards, in hand and on the table (孝感: with the loose cards it leaves out,
    xiaogan.md §5)."""
    result = game.result
    reading = getattr(result.win, "decomposition", None) or result.decomposition
    if reading is None:  # (戳牌 wins by its 擺牌, with no reading)
        return
    winner = result.winner
    held = Counter(game.hand(winner)) + Counter(c for m in game.melds(winner) for c in m.cards)
    read = Counter(c for m in reading.melds for c in m.cards)
    assert read + Counter(getattr(reading, "loose", ())) == held, str(reading)


def check_result(game: GameBase) -> None:
    """Payments, sheet and GameResult.net agree and sum to zero; the sheet's total is what its
    lines make it; a won hand worth something is a gain for the winner (who may pay a share too:
    字牌 數信, zipai.md §2)."""
    result = game.result
    assert result is not None and game.to_act == ()
    net = result.net(game.seats)
    assert sum(net.values()) == 0
    sheet_net = result.sheet.net() if result.sheet is not None else {}
    assert {seat: net[seat] for seat in sheet_net} == sheet_net
    assert all(net[seat] == 0 for seat in net if seat not in sheet_net)
    assert all(p.payer != p.payee and p.amount >= 0 for p in result.payments)
    if result.winner is not None:
        assert result.winner in game.seats
        check_winning_reading(game)
        if result.sheet is not None:
            assert result.sheet.total == sheet_total(game.rules, result.sheet), str(result.sheet)
            if result.sheet.total > 0:
                assert net[result.winner] > 0


# ---------------------------------------------------------------------------------- the test


@by_variant
@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    change=st.none() | st.integers(0, 10**6),
)
def test_every_step_of_a_random_hand(
    entry: changpai.Variant, seed: int, choices: int, change: int | None
) -> None:
    """At every step of a random hand — under the variant's rules, or with one option changed
    (``change``) — the listed decisions and their changed copies (module docstring), copies and
    views, the replay and the document, the decisions listed before the last move; the result
    at the end."""
    if change is not None:
        variants = rules_variants(entry.name)
        entry = attrs.evolve(entry, rules=variants[change % len(variants)])
    try:
        seats = len(entry.game(seed=0).seats)
    except ChangpaiError:  # a change no game can be played under (e.g. too few cards to deal)
        return
    game = entry.game(seed=seed, dealer=seed % seats)
    chooser = random.Random(choices)
    greedy = choices % 2 == 0  # half of the hands take every win offered (results with payments)
    while not game.is_over:
        check_actions(game, chooser)
        if chooser.random() < 0.3:
            check_copy(game, chooser)
        check_replays(game, every_form=chooser.random() < 0.1)
        check_views(game)
        seat = chooser.choice(game.to_act)
        actions = game.legal_actions(seat)
        stale = [a for s in game.to_act for a in game.legal_actions(s)]
        wins = [a for a in actions if a.kind.value in WIN_KINDS]
        game.apply(wins[0] if wins and greedy else chooser.choice(actions))
        check_stale(game, stale, chooser)
    check_replays(game)
    check_stacked(game)
    check_copy(game, chooser)
    check_views(game)
    check_result(game)


@by_variant
@fixed_settings(3)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_match_adds_up_its_hands(entry: changpai.Variant, seed: int) -> None:
    """Match.play: each hand's summary is its game's result (winner, value, net, dealers); the
    next hand is dealt by the dealer the summary names; the totals are the sums of the hands'
    net gains, and sum to zero; every game reloads from its document."""
    chooser = random.Random(seed)
    match = entry.module.Match(entry.rules, seed)
    match.play(hands=3, policy=lambda game, seat: chooser.choice(game.legal_actions(seat)))
    assert len(match.hands) == len(match.games) == 3
    for i, (summary, game) in enumerate(zip(match.hands, match.games, strict=True)):
        result = game.result
        assert game.is_over and summary.dealer == game.dealer
        assert summary.winner == result.winner and summary.value == result.value
        net = result.net(game.seats)
        assert {seat: summary.net.get(seat, 0) for seat in net} == net
        assert all(summary.net[seat] == 0 for seat in summary.net if seat not in net)
        if summary.next_dealer is not None and i + 1 < len(match.games):
            assert match.games[i + 1].dealer == summary.next_dealer
        assert type(game).from_json(game.to_json()) == game
    seats = {seat for summary in match.hands for seat in summary.net} | set(match.totals)
    for seat in seats:
        assert match.totals.get(seat, 0) == sum(s.net.get(seat, 0) for s in match.hands)
    assert sum(match.totals.values()) == 0
