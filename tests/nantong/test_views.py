"""What one seat sees, and the game documents (changpai.nantong.views; docs/core-concepts.md
"GameView" and "Documents"; nantong.md §2, §3)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from changpai import nantong
from changpai.core import GameView
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.nantong import Action, ActionKind, Card, Game, stack_deck

LEGACY = Path(__file__).resolve().parents[1] / "core" / "legacy" / "nantong.json"
READY_5W = "123b 456b 789b 123t 456t 789t 4w 6w 9w 9w"


def pass_all(game: Game) -> None:
    while not game.is_over and game.phase in ("declare", "claim"):
        game.apply(Action(game.to_act[0], ActionKind.PASS))


def test_a_seat_sees_its_hand_and_the_table_section_2() -> None:
    """nantong.md §2: a seat sees its own cards, the others' hand sizes (23 / 22 / 22), the flipped
    將 and who sits out; the seat that sits out is not among the seats."""
    game = Game(seed=8, dealer=1)
    view = game.view(2)
    assert isinstance(view, GameView) and view.family == "nantong" and view.title == "笃子胡"
    assert view.hand == game.hand(2) and view.seat == 2 and view.dealer == 1
    assert [(s.seat, s.hand_size) for s in view.seats] == [(1, 23), (2, 22), (3, 22)]
    assert view.fact("將") == game.jiang and view.fact("sits out") == 0
    assert view.fact("報聽") == () and view.stock_size == 51 and view.phase == "declare"
    assert view.legal_actions == () and view.to_act == (1,) and view.offered is None
    data = json.loads(json.dumps(view.to_dict()))
    assert data["hand"] == [c.code for c in game.hand(2)]
    assert data["facts"]["將"] == [c.code for c in game.jiang]


def test_melds_discards_baoting_and_claims_are_public_section_3() -> None:
    """nantong.md §3: declared sets and discards are on the table, 報聽 is declared aloud; the
    discard on offer is seen by all (as ``offered``, not yet among its seat's discards), but who
    else may claim it is each claimant's own affair."""
    game = Game(deck=stack_deck(hands={0: "5w QZ", 1: READY_5W, 2: "5w 5w"}, jiang="7w 8w"))
    game.apply(Action(0, ActionKind.PASS))
    game.apply(Action(1, ActionKind.TING))
    game.apply(Action(2, ActionKind.PASS))
    game.apply(Action(0, ActionKind.DISCARD, Card("5w")))
    assert game.phase == "claim" and set(game.to_act) == {1, 2}
    for seat in (0, 1, 2):
        view = game.view(seat)
        assert view.offered == Card("5w") and view.fact("報聽") == (1,)
        assert view.seats[1].note == "報聽" and view.seats[0].discards == ()
        assert view.to_act == ((seat,) if seat in game.to_act else ())
        assert view.legal_actions == tuple(game.legal_actions(seat))
        # (the notebook table names the seat: it raised on a fact holding seats, not cards)
        assert "報聽" in view._repr_html_() and "報聽: 1" in str(view)
    game.apply(Action(2, ActionKind.PENG, Card("5w")))
    game.apply(Action(1, ActionKind.PASS))
    view = game.view(0)
    assert [str(m) for m in view.seats[2].melds] == ["碰 五萬五萬五萬"]
    assert view.seats[0].discards == () and view.seats[2].hand_size == 20


def test_an_unclaimed_discard_joins_the_discards_section_3() -> None:
    """nantong.md §3: the discard on offer is ``offered`` during the claim (as in every family's
    view) and among its seat's discards once every claimant passes."""
    game = Game(deck=stack_deck(hands={0: "5w QZ", 2: "5w 5w"}, jiang="7w 8w"))
    pass_all(game)
    game.apply(Action(0, ActionKind.DISCARD, Card("5w")))
    assert game.phase == "claim" and game.river(0) == (Card("5w"),)
    assert game.view(1).offered == Card("5w") and game.view(1).seats[0].discards == ()
    pass_all(game)
    view = game.view(1)
    assert view.offered is None and view.seats[0].discards == (Card("5w"),)


def test_the_view_hides_what_others_drew() -> None:
    """The cards the others hold or drew are in no field of another seat's view."""
    game = Game(seed=12)
    rng = random.Random(12)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    for seat in game.seats:
        data = game.view(seat).to_dict()
        others = [s for s in game.seats if s != seat]
        assert data["hand"] == [c.code for c in game.hand(seat)]
        assert all("hand" not in s for s in data["seats"])
        assert sum(s["hand_size"] for s in data["seats"] if s["seat"] in others) == sum(
            len(game.hand(s)) for s in others
        )
        assert "log" not in data and "draws" not in json.dumps(data)


def test_a_finished_hand_shows_its_result() -> None:
    game = nantong.random_game(nantong.DUZIHU, 6)
    view = game.view(0)
    assert view.result is game.result and view.phase == "over" and view.to_act == ()
    assert game.result is not None and game.result.label in str(view)
    assert "<table" in view._repr_html_()


# --------------------------------------------------------------- documents


def _saved(seed: int = 6) -> tuple[Game, dict[str, Any]]:
    game = Game(seed=seed)
    game.apply(game.legal_actions(0)[-1])
    return game, json.loads(game.to_json())


def test_the_document_has_the_one_schema() -> None:
    """docs/core-concepts.md "Documents": schema, version 2, family, variant, the rules with
    their name, the deck always written (a stacked deck round-trips), decisions only."""
    _, data = _saved()
    assert list(data) == ["schema", "version", "family", "variant", "rules", "seed", "deck",
                          "dealer", "options", "actions"]  # fmt: skip
    assert (data["variant"], data["rules"]["name"], data["options"]) == ("duzihu", "duzihu", {})
    assert data["actions"] == [{"seat": 0, "kind": "pass"}]
    stacked = Game(nantong.DUZIHU_BAIDA, deck=stack_deck(nantong.DUZIHU_BAIDA, seed=3), dealer=2)
    again = Game.from_json(stacked.to_json())
    assert again == stacked and json.loads(stacked.to_json())["variant"] == "duzihu-baida"
    own = Game(nantong.DUZIHU.evolve(settlement="full"), seed=1)
    assert json.loads(own.to_json())["variant"] is None and Game.from_json(own.to_json()) == own


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        (lambda d: "[1", NotationError, "not a nantong game JSON document"),
        (lambda d: json.dumps({**d, "family": "zipai"}), NotationError, "it is a zipai game"),
        (lambda d: json.dumps([d]), NotationError, "holds an array"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "deck"}), NotationError, "'deck'"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "actions"}), NotationError, "'actions'"),
        (lambda d: json.dumps({**d, "version": 3}), NotationError, "version 3"),
        (lambda d: json.dumps({**d, "deck": ["1x", *d["deck"][1:]]}), NotationError, "'1x' is not a nantong card"),
        (lambda d: json.dumps({**d, "seed": "six"}), NotationError, "seed='six'"),
        (lambda d: json.dumps({**d, "actions": [{"kind": "flee", "seat": 0}]}), NotationError, "not a nantong action"),
        (lambda d: json.dumps({**d, "actions": [{"kind": "pass", "seat": True}]}), NotationError, "seat=True"),
        (lambda d: json.dumps({**d, "actions": "pass"}), NotationError, "not a JSON list"),
        (lambda d: json.dumps({**d, "deck": d["deck"][:-1]}), NotationError, "stacked deck must hold"),
        (lambda d: json.dumps({**d, "dealer": 9}), NotationError, "dealer=9 is not a seat"),
        (lambda d: json.dumps({**d, "rules": {**d["rules"], "piao_base": 2.5}}), RulesError, r"piao_base=2\.5"),
        (lambda d: json.dumps({**d, "rules": {**d["rules"], "colour": "blue"}}), RulesError, "colour is not an option of the nantong rules"),
        (lambda d: json.dumps({**d, "actions": [{"kind": "pass", "seat": 2}]}), IllegalActionError, "not to act"),
    ],
)  # fmt: skip
def test_bad_documents_raise_typed_errors(change: Any, error: type[Exception], match: str) -> None:
    """DESIGN (typed errors, the same in every family): not a nantong game document →
    NotationError; a deck, dealer or rules the rules refuse → RulesError; a decision the rules
    do not allow (nantong.md §3: seat 2 is not to act) → IllegalActionError."""
    _, data = _saved()
    with pytest.raises(error, match=match):
        Game.from_json(change(data))


def test_0_1_0_documents_still_load() -> None:
    """A document written by changpai 0.1.0 (no schema, the log as {kind, seat, card}, rules
    without a name) loads, replays to the same end and is written back as version 2."""
    text = LEGACY.read_text(encoding="utf-8")
    game = Game.from_json(text)
    assert game.rules == nantong.DUZIHU and game.seed == 11 and game.is_over
    assert game.result is not None and game.result.reason == "huangpai"
    assert len(game.log) == len(json.loads(text)["log"])
    assert json.loads(game.to_json())["version"] == 2 and Game.from_json(game.to_json()) == game
    old = json.loads(text)
    baida = {**old, "rules": {**old["rules"], "baida": True}, "deck": [
        c.code for c in stack_deck(nantong.DUZIHU_BAIDA, seed=1)], "log": []}  # fmt: skip
    assert Game.from_json(json.dumps(baida)).rules == nantong.DUZIHU_BAIDA
    with pytest.raises(NotationError, match="no 'log'"):
        Game.from_json(json.dumps({k: v for k, v in old.items() if k != "log"}))


def test_a_0_1_0_document_names_a_bad_decision_by_its_place_in_its_log() -> None:
    """A 0.1.0 document lists its decisions under ``log``: a refused one is named ``log[i]``
    (not ``actions[i]``, which it does not have), whatever is wrong with it."""
    old = json.loads(LEGACY.read_text(encoding="utf-8"))
    for item, error, match in (
        ("garbage", NotationError, r"^not a nantong game document: log\[3\]='garbage' is not"),
        ({"kind": "pass", "seat": 9}, NotationError, r"^log\[3\] of the nantong game document"),
        ({"kind": "pass", "seat": 2}, IllegalActionError, r"^log\[3\] of the nantong game doc"),
    ):
        log = [*old["log"][:3], item, *old["log"][4:]]
        with pytest.raises(error, match=match):
            Game.from_json(json.dumps({**old, "log": log}))


def test_a_deck_given_as_text_is_read_as_card_codes() -> None:
    """Like every family, Game(deck=...) takes the deck as text too (review finding)."""
    from changpai import nantong

    deck = nantong.stack_deck(nantong.DUZIHU)
    text = " ".join(card.code for card in deck)
    assert nantong.Game(nantong.DUZIHU, deck=text).deck == deck
