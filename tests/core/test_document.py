"""Tests for changpai.core.document: the one game and analysis document schema."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from changpai.core import document
from changpai.errors import NotationError


def doc(**changes: Any) -> str:
    base = document.game_document(
        family="demo", variant=None, rules={"name": "demo"}, seed=None, deck=["a", "b"],
        dealer=1, options={}, actions=[{"seat": 1, "kind": "pass"}],
    )  # fmt: skip
    return json.dumps({**base, **changes})


def test_a_game_document_has_every_key_in_order() -> None:
    data = json.loads(doc())
    assert list(data) == ["schema", "version", *document.GAME_KEYS]
    assert document.read_game_document(doc(), family="demo")["dealer"] == 1


def test_a_legacy_document_goes_through_the_family_converter() -> None:
    def convert(data: dict[str, Any]) -> dict[str, Any]:
        return json.loads(doc(deck=data["cards"]))

    read = document.read_game_document('{"cards": ["z"]}', family="demo", legacy=convert)
    assert read["deck"] == ["z"]
    with pytest.raises(NotationError, match="no 'schema' key"):
        document.read_game_document('{"cards": ["z"]}', family="demo")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "not a demo game JSON document"),
        ("5", "holds a number, not a JSON object"),
        (doc(version=7), "version 7 cannot be read"),
        (doc(version=True), "version true — a changpai.game document is version 2"),
        # (review h55: "version 1 is not one of 1, 2"; 2.0 was read as 2)
        (doc(version=1), "version 1 — a changpai.game document is version 2 (those of version 1"),
        (doc(version=2.0), "version 2.0 — a changpai.game document is version 2"),
        (doc(family="x"), "it is a x game"),
        # (review h130: "it is a None game", "it is a 5 game")
        (doc(family=None), "its family is null, not 'demo'"),
        (doc(family=5), "its family is 5, not 'demo'"),
        ("null", "the text holds null, not a JSON object"),
        (doc(options=[]), "options=[] is not a JSON object"),
        (doc(rules=None), "rules=None is not a JSON object"),
        (doc(deck=[1]), "list of card codes"),
        (doc(seed=1.5), "seed=1.5 is not a whole number"),
        # nothing silently dropped (an action's unknown key was refused, the document's not)
        (doc(extra=1), "unknown key(s) 'extra' (the keys are schema, version, family"),
        (doc(variant="nonesuch"), "variant='nonesuch' is no demo variant (its variants: none)"),
    ],
)
def test_bad_documents_raise_notation_errors_naming_the_problem(text: str, needle: str) -> None:
    with pytest.raises(NotationError, match=re.escape(needle)):
        document.read_game_document(text, family="demo")


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError, match="expected JSON text"):
        document.read_game_document(None, family="demo")


class Dec:
    value = 7

    def to_dict(self) -> dict[str, Any]:
        return {"melds": ["句 一二三"], "value": 7}


class Card:
    def __init__(self, code: str) -> None:
        self.code = code


def test_the_analysis_document() -> None:
    data = document.analysis_document(
        family="demo", variant="d", cards=[Card("x1")], exposed=["碰 一一一"], best=None,
        waits={Card("x2"): Dec()}, facts={"jiao": True},
    )  # fmt: skip
    assert data["complete"] is False and data["best"] is None and data["value"] is None
    assert data["waits"] == [{"card": "x2", "best": Dec().to_dict(), "value": 7}]
    assert data["exposed"] == ["碰 一一一"] and data["facts"] == {"jiao": True}
    done = document.analysis_document(family="demo", variant=None, cards=[], best=Dec())
    assert done["complete"] is True and done["value"] == 7 and done["score"] is None


def test_a_variant_of_another_family_is_refused() -> None:
    """A document's ``variant`` names a registered variant of its family, or is null.
    Issue 12 (typed errors, one public face).
    """
    from changpai import zipai

    text = json.loads(zipai.Game(seed=1).to_json())
    assert zipai.Game.from_json(json.dumps({**text, "variant": None})) == zipai.Game(seed=1)
    with pytest.raises(NotationError, match="variant='duzihu' is no zipai variant"):
        zipai.Game.from_json(json.dumps({**text, "variant": "duzihu"}))


def test_a_key_given_twice_is_refused() -> None:
    """The project's rule (nothing of a document is silently dropped; review h55): JSON keeps
    the last of two equal keys, so `"dealer": 2, "dealer": 0` loaded as dealer 0 — refused now,
    at any level (an action's too)."""
    text = doc().replace('"dealer": 1', '"dealer": 2, "dealer": 1')
    assert text.count('"dealer"') == 2
    with pytest.raises(NotationError, match="the key 'dealer' is given twice in one object"):
        document.read_game_document(text, family="demo")


def test_a_missing_version_is_named_as_missing() -> None:
    """Review h130: a document without its ``version`` read as "version None"."""
    data = json.loads(doc())
    del data["version"]
    with pytest.raises(NotationError, match=re.escape("it has no 'version' key (a changpai.game")):
        document.read_game_document(json.dumps(data), family="demo")
    for key in ("schema", "version"):
        match = json.loads(
            '{"schema": "changpai.match", "version": 1, "family": "demo", "games": []}'
        )
        del match[key]
        with pytest.raises(NotationError, match=f"it has no '{key}' key"):
            document.read_match_document(json.dumps(match), family="demo")
