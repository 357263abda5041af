"""The one public face of every family (docs/core-concepts.md), checked on every registered variant.

The same script of calls runs on each variant of ``changpai.variants()``: a new family is checked by
registering it. Nothing here knows a family's rules; it only uses the contract.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import changpai
from changpai.core import (
    ActionRecord,
    GameBase,
    GameResult,
    GameView,
    HanziEnum,
    ScoreSheet,
    SimulationStats,
)
from changpai.core.match import Match as MatchBase
from changpai.core.playout import random_playout
from changpai.errors import IllegalActionError, NotationError, RulesError

VARIANTS = changpai.variants()
LEGACY = Path(__file__).parent / "legacy"


# Families whose hands are not read as melds (the trick-taking 戳牌): no decomposition contract.
TRICK_TAKING = frozenset({"chuanpai.chuopai"})


def family(entry: changpai.Variant) -> ModuleType:
    module: ModuleType = entry.module
    assert module is importlib.import_module(f"changpai.{entry.family}")
    return module


def by_variant(test: Any) -> Any:
    return pytest.mark.parametrize("entry", VARIANTS, ids=[v.name for v in VARIANTS])(test)


def parameters(function: Any) -> list[tuple[str, Any]]:
    """(name, kind) of every parameter of ``function``."""
    return [(p.name, p.kind) for p in inspect.signature(function).parameters.values()]


POS = inspect.Parameter.POSITIONAL_OR_KEYWORD
KW = inspect.Parameter.KEYWORD_ONLY

PUBLIC_NAMES = (
    "Card", "DECK", "parse", "format", "score", "Rules", "VARIANTS",
    "Game", "Action", "ActionKind", "ActionRecord", "GameResult", "GameView",
    "Match", "simulate", "random_game", "transcript", "stack_deck", "next_dealer",
)  # fmt: skip
ANALYSIS_NAMES = (
    "Meld", "MeldKind", "classify",
    "Decomposition", "best_decomposition", "decompositions", "waits", "analyze", "Analysis",
    "parse_melds",
)  # fmt: skip


# ---------------------------------------------------------------------------------- the names


@by_variant
def test_every_family_has_the_public_names(entry: changpai.Variant) -> None:
    module = family(entry)
    names = PUBLIC_NAMES if entry.family in TRICK_TAKING else PUBLIC_NAMES + ANALYSIS_NAMES
    missing = [name for name in names if not hasattr(module, name)]
    assert missing == []
    assert issubclass(module.Game, GameBase)
    assert issubclass(module.ActionKind, HanziEnum)
    assert module.ActionRecord is ActionRecord
    assert module.GameResult is GameResult
    assert module.GameView is GameView
    assert issubclass(module.Match, MatchBase) and module.Match.game_class is module.Game
    assert entry in module.VARIANTS and entry.module is module


@by_variant
def test_the_signatures_are_the_same_everywhere(entry: changpai.Variant) -> None:
    module = family(entry)
    game = parameters(module.Game)
    assert game[:4] == [("rules", POS), ("seed", POS), ("deck", KW), ("dealer", KW)]
    assert all(kind == KW for _name, kind in game[4:])
    assert parameters(module.simulate) == [
        ("rules", POS),
        ("n", POS),
        ("seed", KW),
        ("progress", KW),
        ("jobs", KW),
        ("backend", KW),
    ]
    assert parameters(module.random_game) == [("rules", POS), ("seed", POS), ("dealer", KW)]
    assert parameters(module.transcript) == [("game", POS)]
    assert parameters(module.Match)[:3] == [("rules", POS), ("seed", POS), ("dealer", KW)]
    stack = parameters(module.stack_deck)
    assert stack[0] == ("rules", POS) and ("hands", KW) in stack and ("stock", KW) in stack
    nxt = parameters(module.next_dealer)
    assert nxt[:3] == [("rules", POS), ("dealer", POS), ("winner", POS)]
    assert all(kind == KW for _name, kind in nxt[3:])
    if entry.family not in TRICK_TAKING:
        score = parameters(module.score)
        assert score[0][1] == POS and {("rules", KW), ("winner", KW), ("players", KW)} <= set(score)
    fields = [f.name for f in attrs.fields(module.Action)]
    assert fields[:2] == ["seat", "kind"]
    kind = next(iter(module.ActionKind))
    for bad in (-1, "0", True, 1.0):  # one check of the seat in every family
        with pytest.raises(IllegalActionError, match="is not a seat"):
            module.Action(bad, kind)
    assert module.Game.family == entry.family and module.Game.rules_class is module.Rules


@by_variant
def test_rules_have_a_name_a_title_and_a_short_repr(entry: changpai.Variant) -> None:
    rules = entry.rules
    assert rules.name == entry.name and isinstance(rules.title, str) and rules.title
    text = repr(rules)
    assert text.startswith(f"{entry.family}.") and len(text) <= 40
    assert len(repr(rules.evolve())) <= 40


# ---------------------------------------------------------------------------------- one game


@by_variant
def test_the_game_script(entry: changpai.Variant) -> None:
    module = family(entry)
    game = module.Game(entry.rules, 7)
    assert game.rules == entry.rules and game.seed == 7 and game.dealer == 0
    for name in ("to_act", "log", "stock", "deck", "seats"):
        assert isinstance(getattr(game, name), tuple), name
    assert game == module.Game(entry.rules, seed=7, dealer=0)
    # core-concepts (`==`): the seed only says how the deck was shuffled — the same deck is the
    # same game in every family (大貳 and 戳牌 compared the seed too; review h37)
    assert game == module.Game(entry.rules, deck=game.deck, dealer=0)
    assert game.options == {} or isinstance(game.options, dict)
    text = repr(game)
    assert text.startswith(f"<{entry.family}.Game {entry.name}") and len(text) <= 100

    seat = game.to_act[0]
    actions = game.legal_actions(seat)
    assert isinstance(actions, list) and actions
    for action in actions:
        assert isinstance(action, module.Action) and action.seat == seat
        assert isinstance(action.kind, module.ActionKind)
        assert str(action).startswith(f"seat {seat} {action.kind.hanzi}")
        assert isinstance(action.details, str)
        assert module.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert game.can(action)
    others = [s for s in game.seats if s not in game.to_act]
    assert all(game.legal_actions(s) == [] for s in others)

    before = game.to_json()
    for bad in (None, "discard", 5):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert not game.can(bad)
    with pytest.raises(IllegalActionError):
        game.legal_actions(99)
    with pytest.raises(IllegalActionError):
        game.view(-1)
    assert game.to_json() == before

    copy = game.copy()
    assert copy == game and copy is not game
    record = copy.apply(actions[0])
    assert isinstance(record, ActionRecord) and record.action == actions[0] and not record.auto
    assert copy.log[len(game.log)] == record
    assert game.to_json() == before  # the copy is independent

    data = json.loads(copy.to_json())
    assert data["schema"] == "changpai.game" and data["version"] == 2
    assert data["family"] == entry.family and data["variant"] == entry.name
    assert data["seed"] == 7 and data["dealer"] == 0 and len(data["deck"]) == len(copy.deck)
    assert len(data["actions"]) == sum(1 for r in copy.log if not r.auto)
    assert module.Game.from_json(copy.to_json()) == copy
    again = module.Game.replay(
        copy.log, copy.rules, seed=copy.seed, deck=copy.deck, dealer=copy.dealer, **copy.options
    )
    assert again == copy and again is not copy

    view = copy.view(copy.to_act[0])
    assert isinstance(view, GameView) and view.family == entry.family
    assert view.legal_actions == tuple(copy.legal_actions(copy.to_act[0]))
    assert "<table" in view._repr_html_() and isinstance(str(view), str)
    json.dumps(view.to_dict())
    assert "<table" in copy._repr_html_()


@by_variant
def test_a_played_hand_ends_with_one_result(entry: changpai.Variant) -> None:
    module = family(entry)
    game = random_playout(module.Game(entry.rules, 3), random.Random(3))
    assert game.is_over and game.to_act == ()
    assert all(game.legal_actions(s) == [] for s in game.seats)
    result = game.result
    assert isinstance(result, GameResult) and isinstance(result.reason, str) and result.label
    assert result.winner is None or result.winner in game.seats
    assert result.next_dealer is None or result.next_dealer in range(len(result.net(8)))
    if result.winner is not None:
        assert isinstance(result.sheet, ScoreSheet) and isinstance(result.value, int)
    json.dumps(result.to_dict())
    assert module.Game.from_json(game.to_json()) == game
    decision = next(r.action for r in game.log if not r.auto)
    with pytest.raises(IllegalActionError):
        game.apply(decision)


@by_variant
def test_constructor_errors_are_typed(entry: changpai.Variant) -> None:
    module = family(entry)
    with pytest.raises(RulesError):
        module.Game(object())
    with pytest.raises(RulesError):
        module.Game(entry.rules, 1, dealer=99)
    with pytest.raises(NotationError):
        module.Game.from_json("[")
    with pytest.raises(NotationError):
        module.Game.from_json('{"schema": "changpai.game", "version": 3, "family": "x"}')
    other = next(v for v in VARIANTS if v.family != entry.family)
    with pytest.raises(NotationError):
        module.Game.from_json(other.module.Game(other.rules, 1).to_json())


PHASES = {"discard", "claim", "over", "setup", "declare", "selfhu", "lead", "follow"}


@by_variant
def test_phases_use_the_shared_words(entry: changpai.Variant) -> None:
    """Core concepts, GameBase.phase: every family names its phases from one vocabulary, the
    game and every seat's view agree, and "over" is exactly the end of the hand."""
    module = family(entry)
    game = module.Game(entry.rules, 4)
    chooser = random.Random(4)
    seen = set()
    while True:
        seen.add(game.phase)
        assert game.phase in PHASES
        assert all(game.view(seat).phase == game.phase for seat in game.seats)
        assert game.is_over == (game.phase == "over")
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    assert len(seen) >= 3


# ---------------------------------------------------------------------------------- helpers


@by_variant
def test_simulate_random_game_transcript_match(entry: changpai.Variant) -> None:
    module = family(entry)
    stats = module.simulate(entry.rules, 3, seed=1)
    assert isinstance(stats, SimulationStats) and stats.hands == 3
    assert sum(stats.wins_by_seat) + stats.no_winner == 3
    again = module.simulate(entry.rules, 3, seed=1, jobs=2)
    assert (again.wins_by_seat, again.no_winner, again.action_counts) == (
        stats.wins_by_seat,
        stats.no_winner,
        stats.action_counts,
    )
    game = module.random_game(entry.rules, 5)
    assert game.is_over and game == module.random_game(entry.rules, 5)
    lines = module.transcript(game).splitlines()
    assert lines[0].startswith(f"{entry.rules.title} ({entry.name}) — seed 5, dealer seat 0")
    numbered = [line for line in lines if line[:4].strip().isdigit()]
    assert len(numbered) == len(game.log)
    assert all("(" in line for line in numbered)  # the hanzi term and its code name
    match = module.Match(entry.rules, 1, dealer=0)
    match.play(2)
    assert len(match.hands) == 2 and len(match.games) == 2
    assert sum(match.totals.values()) == 0
    assert repr(match).startswith(f"<{entry.family}.Match {entry.name}")
    json.dumps(match.to_dict())
    assert isinstance(module.next_dealer(entry.rules, 0, None), int)


@by_variant
def test_what_a_match_hands_out_never_changes_it(entry: changpai.Variant) -> None:
    """docs/core-concepts.md "Errors" (nothing is silently changed): the match's hands, games,
    totals, cuts and each hand's net are copies — a caller that pops a hand or edits a total
    changes nothing (review h60: a popped hand was settled a second time, doubling the totals)."""
    module = family(entry)
    match = module.Match(entry.rules, 2, dealer=0).play(2)
    before = match.to_dict()
    totals = match.settle()
    for taken in (match.hands, match.games, getattr(match, "cuts", ())):
        assert isinstance(taken, tuple)
    match.totals[0] = 999
    with pytest.raises(TypeError, match="read-only"):
        match.hands[0].net[0] = 999
    assert match.settle() == totals and match.to_dict() == before
    assert match.new_hand() is match.games[-1] and len(match.games) == 3


@by_variant
@pytest.mark.parametrize(
    ("policy", "error"),
    [(5, NotationError), (lambda game, seat: "x", IllegalActionError), (lambda g, s: 1 / 0, ZeroDivisionError)],
)  # fmt: skip
def test_a_failed_play_leaves_the_match_as_it_was(
    entry: changpai.Variant, policy: Any, error: type[Exception]
) -> None:
    """docs/core-concepts.md "Errors": a failed call leaves every object as it was — a policy
    that is no function, chooses an illegal action or raises leaves the match's hands, totals,
    dealer and random numbers unchanged, and the next play is the one it would have been (a
    newcomer's review: the match kept an unfinished hand and refused every later play)."""
    module = family(entry)
    match = module.Match(entry.rules, 1, dealer=0)
    match.play(1)
    before = match.to_dict()
    held = (match.hands, match.games, match.totals)
    with pytest.raises(error):
        match.play(2, policy=policy)
    assert match.to_dict() == before and len(match.games) == 1
    assert held == (match.hands, match.games, match.totals)
    with pytest.raises(NotationError, match="hands='2' is not an integer"):
        match.play("2")
    again = module.Match(entry.rules, 1, dealer=0).play(1).play(2)
    assert match.play(2).to_dict() == again.to_dict()


@by_variant
def test_copy_copy_is_an_independent_game(entry: changpai.Variant) -> None:
    """``copy.copy(game)`` is ``game.copy()``: playing the copy to its end leaves the original
    as it was (a shallow copy shared the hands and the log; a review)."""
    game = entry.game(seed=3)
    before = game.to_json()
    other = copy.copy(game)
    assert other == game and other is not game
    while not other.is_over:
        other.apply(other.legal_actions(other.to_act[0])[0])
    assert game.to_json() == before and game != other


@by_variant
def test_an_interrupted_play_keeps_the_finished_hands(entry: changpai.Variant) -> None:
    """Ctrl-C during ``Match.play`` keeps the hands finished so far and drops the one under way,
    so the match goes on (a failed play, above, keeps none)."""
    module = family(entry)
    match = module.Match(entry.rules, 1, dealer=0)

    def interrupting(game: Any, seat: int) -> Any:
        if len(match.games) == 3:
            raise KeyboardInterrupt
        return game.legal_actions(seat)[0]

    with pytest.raises(KeyboardInterrupt):
        match.play(5, policy=interrupting)
    assert len(match.hands) == len(match.games) == 2 and match.game.is_over
    match.play(1)
    assert len(match.hands) == 3


@by_variant
def test_an_option_no_game_takes_is_a_typed_error(entry: changpai.Variant) -> None:
    """docs/core-concepts.md "Errors": the entry points that forward options to a ``Game``
    (``Variant.game``, ``Game.replay``, documents) name an option the family's game does not
    take; they raised Python's TypeError naming an internal class (a newcomer's review)."""
    module = family(entry)
    with pytest.raises(RulesError, match=r"bogus is not an option of a .* game; the options are"):
        entry.game(seed=1, bogus=1)
    with pytest.raises(RulesError, match="bogus is not an option"):
        module.Game.replay([], entry.rules, seed=1, bogus=1)
    data = json.loads(module.Game(entry.rules, 1).to_json())
    data["options"] = {"bogus": 1}
    # (a document names its options without deck and dealer, its own keys: review h71)
    with pytest.raises(NotationError, match="game document: options holds 'bogus', which a") as e:
        module.Game.from_json(json.dumps(data))
    assert "deck" not in str(e.value).split("its options:")[1]
    module.Game.check_options(["deck", "dealer"])  # (every family takes these)


@by_variant
def test_a_subclass_passing_options_on_is_not_refused(entry: changpai.Variant) -> None:
    """A ``Game`` subclass whose constructor takes ``**kwargs`` (passing options on, or using
    some itself) is not judged by ``check_options``: its constructor judges (a review found
    ``replay`` / ``from_json`` refusing the family's own options there)."""
    module = family(entry)

    class Traced(module.Game):  # type: ignore[misc,name-defined]
        def __init__(self, *args: Any, trace: bool = False, **options: Any) -> None:
            super().__init__(*args, **options)
            self.trace = trace

    Traced.check_options(["trace", "dealer", "anything"])
    with pytest.raises(RulesError, match=r"^keywords=5 is not a sequence of option names"):
        Traced.check_options(5)  # (the names are read all the same)
    game = Traced.replay([], entry.rules, seed=1, dealer=1, trace=True)
    assert game.trace and game.dealer == 1
    assert Traced.from_json(game.to_json()).dealer == 1


@by_variant
def test_stack_deck_deals_the_named_cards(entry: changpai.Variant) -> None:
    module = family(entry)
    game = module.Game(entry.rules, 1)
    wanted = tuple(game.deck[:2])
    deck = module.stack_deck(entry.rules, hands={1: wanted})
    assert isinstance(deck, tuple) and sorted(deck) == sorted(game.deck)
    stacked = module.Game(entry.rules, deck=deck)
    held = list(stacked.hand(1)) + [c for m in stacked.melds(1) for c in m.cards]
    for card in wanted:
        assert card in held
        held.remove(card)


# ---------------------------------------------------------------------------------- analysis


@by_variant
def test_scoring_accepts_a_decomposition(entry: changpai.Variant) -> None:
    if entry.family in TRICK_TAKING:
        pytest.skip("a trick-taking game reads no melds; its settlement is tested with its engine")
    module = family(entry)
    assert entry.sample, "every variant has a sample hand"
    cards = module.parse(entry.sample)
    best = module.best_decomposition(cards, rules=entry.rules)
    assert isinstance(best, module.Decomposition) and isinstance(best.value, int)
    # (cards and melds as text in every family: docs/core-concepts.md)
    assert module.best_decomposition(entry.sample, rules=entry.rules) == best
    assert module.parse_melds("") == () and module.parse_melds(best.melds) == tuple(best.melds)
    data = best.to_dict()
    assert "melds" in data and data["value"] == best.value
    sheet = module.score(best, rules=entry.rules, winner=1, players=3)
    assert isinstance(sheet, ScoreSheet)
    # (rules default to those the decomposition was read under, in every family: 字牌, 大貳 and
    # 川牌 scored it under their first preset)
    assert module.score(best, winner=1, players=3) == sheet
    assert all(p.payee == 1 for p in sheet.payments)
    analysis = module.analyze(entry.sample, rules=entry.rules)
    assert not str(analysis).startswith("Analysis(")  # printed for people by changpai analyze
    doc = analysis.to_dict()
    assert doc["schema"] == "changpai.analysis" and doc["version"] == 2
    assert doc["family"] == entry.family and doc["complete"] is True
    assert sorted(doc) == sorted(
        ["schema", "version", "family", "variant", "cards", "exposed", "complete", "best",
         "value", "score", "waits", "facts"]
    )  # fmt: skip
    json.dumps(doc)


def _first_variant(family_name: str) -> changpai.Variant:
    return next(v for v in VARIANTS if v.family == family_name)


WIN_FAMILIES = sorted({v.family for v in VARIANTS if hasattr(v.module, "Win")})


def test_the_families_with_a_win_record() -> None:
    """The score of every family takes a ``Win`` record (川牌 and 戳牌 since their results
    carry one: tests/test_one_face_results.py)."""
    assert WIN_FAMILIES == ["chuanpai", "chuanpai.chuopai", "daer", "nantong", "xiaogan", "zipai"]


@pytest.mark.parametrize("family_name", WIN_FAMILIES)
def test_a_win_field_of_the_wrong_type_is_a_notation_error(family_name: str) -> None:
    """DESIGN "typed errors whose message names the bad input": a ``Win`` given a value of the
    wrong type raises the same class, NotationError, in every family (字牌 raised
    NotationError, 大貳 IllegalActionError, 孝感 nothing until ``score`` then RulesError)."""
    entry = _first_variant(family_name)
    module = family(entry)
    names = attrs.fields_dict(module.Win)
    cards = module.parse(entry.sample)
    if "concealed" in names:  # 南通: the Win holds the cards themselves
        good: dict[str, Any] = {"concealed": cards}
        seat = "seat"
    elif "bai" in names:  # 戳牌: the winner's 擺牌
        good = {"bai": cards[:16] if len(cards) >= 16 else cards, "winner": 0}
        seat = "winner"
    elif "units" in names:  # 川牌: the units scored
        good = {"units": module.best_decomposition(cards, rules=entry.rules), "winner": 0}
        seat = "winner"
    else:
        good = {"decomposition": module.best_decomposition(cards, rules=entry.rules)}
        seat = "winner"
        good["winner"] = 0
        if "players" in names:
            good["players"] = 3
    module.Win(**good)
    first = next(iter(names))
    bads: list[dict[str, Any]] = [{first: None}, {seat: "0"}, {seat: True}]
    if "self_drawn" in names:
        bads.append({"self_drawn": 1})
    for bad in bads:
        with pytest.raises(NotationError, match=f"{next(iter(bad))}="):
            module.Win(**{**good, **bad})


# ---------------------------------------------------------------------------------- 0.1.0 documents


@pytest.mark.parametrize(
    "name", sorted(p.stem for p in LEGACY.glob("*.json") if ".expected" not in p.name)
)
def test_documents_written_by_0_1_0_still_load(name: str) -> None:
    text = (LEGACY / f"{name}.json").read_text(encoding="utf-8")
    expected = json.loads((LEGACY / f"{name}.expected.json").read_text(encoding="utf-8"))
    module = importlib.import_module(f"changpai.{name.split('-')[0]}")
    game = module.Game.from_json(text)
    assert game.is_over and game.result.winner == expected["winner"]
    assert [[p.payer, p.payee, p.amount] for p in game.result.payments] == expected["payments"]
    assert module.Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    "name", sorted(p.stem for p in LEGACY.glob("*.json") if ".expected" not in p.name)
)
def test_a_0_1_0_document_with_a_key_0_1_0_never_wrote_is_refused(name: str) -> None:
    """docs/core-concepts.md, documents: an unknown key is refused, not dropped — in a document
    of changpai 0.1.0 too (its keys were read and any other ignored without a word)."""
    data = json.loads((LEGACY / f"{name}.json").read_text(encoding="utf-8"))
    module = importlib.import_module(f"changpai.{name.split('-')[0]}")
    data["note"] = "kept by a client"
    with pytest.raises(NotationError, match=r"0\.1\.0 .* unknown key\(s\) 'note'"):
        module.Game.from_json(json.dumps(data))
    with pytest.raises(NotationError, match="unknown key"):
        changpai.game_from_json(json.dumps(data))


@by_variant
def test_a_copied_game_keeps_its_subclass(entry: changpai.Variant) -> None:
    """docs/core-concepts.md, the engine table: ``copy()`` (and ``copy.copy``) is "an
    independent equal copy" — of a subclass too, with the subclass's own attributes (review
    h59: 字牌, 南通, 戳牌 and 大貳 copies were the base Game, unequal to the original)."""
    module = family(entry)
    subclass = type("Wrapped", (module.Game,), {})
    game = subclass(entry.rules, 5)
    game.note = "kept"
    for made in (game.copy(), copy.copy(game)):
        assert type(made) is subclass and made == game and made.note == "kept"
        made.apply(made.legal_actions(made.to_act[0])[0])
        assert made != game


@by_variant
def test_a_copied_game_keeps_its_subclass_slots(entry: changpai.Variant) -> None:
    """docs/core-concepts.md, the engine table: the copy of a subclass keeps the subclass's
    own slots too, shallow as its attributes (they were left unset: stop 34's noticed list)."""
    module = family(entry)
    subclass = type("Slotted", (module.Game,), {"__slots__": ("note", "unset")})
    game = subclass(entry.rules, 5)
    game.note = ["kept"]
    for made in (game.copy(), copy.copy(game)):
        assert type(made) is subclass and made == game and made.note == game.note
        assert not hasattr(made, "unset")


@by_variant
def test_a_copied_match_keeps_its_subclass(entry: changpai.Variant) -> None:
    """docs/core-concepts.md, Match: ``copy()`` of a subclass is that subclass, with its own
    attributes and slots."""
    module = family(entry)
    subclass = type("Slotted", (module.Match,), {"__slots__": ("note",)})
    match = subclass(entry.rules, 3, dealer=0)
    match.note = "kept"
    made = match.copy()
    assert type(made) is subclass and made.note == "kept"


@by_variant
def test_a_copied_match_is_its_own(entry: changpai.Variant) -> None:
    """``Match.copy()`` and ``copy.copy(match)`` share nothing with the match: playing the copy
    leaves the match's games, hands, totals and random numbers as they were (review h59: a
    shallow copy played hands into the original)."""
    module = family(entry)
    match = module.Match(entry.rules, 3, dealer=0).play(1)
    before = match.to_dict()
    for made in (match.copy(), copy.copy(match)):
        assert type(made) is type(match) and made.to_dict() == before
        assert made.rules is match.rules and made.game is not match.game
        made.play(2)
        assert match.to_dict() == before and len(match.games) == 1
    assert match.play(1).to_dict() == module.Match(entry.rules, 3, dealer=0).play(2).to_dict()
