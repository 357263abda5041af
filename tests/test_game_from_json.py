"""changpai.game_from_json: a game document of any family loads without knowing its family
first (a server restoring tables of several families; issue 12 — 戳牌's family
``chuanpai.chuopai`` is no variant name, and a document of rules of one's own names none)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import changpai
from changpai.errors import IllegalActionError, NotationError

VARIANTS = changpai.variants()
LEGACY = Path(__file__).parent / "core" / "legacy"


@pytest.mark.parametrize("entry", VARIANTS, ids=[v.name for v in VARIANTS])
def test_every_family_mid_hand_and_over(entry: changpai.Variant) -> None:
    game = entry.game(seed=5)
    chooser = random.Random(5)
    for step in range(400):
        if not game.to_act:
            break
        if step == 10:
            mid = changpai.game_from_json(game.to_json())
            assert type(mid) is type(game) and mid == game
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    loaded = changpai.game_from_json(game.to_json())
    assert type(loaded) is type(game) and loaded == game


def test_rules_of_ones_own_name_no_variant() -> None:
    from changpai import zipai

    game = zipai.Game(zipai.HUNAN.evolve(min_huxi=10), seed=1)
    assert json.loads(game.to_json())["variant"] is None
    assert changpai.game_from_json(game.to_json()) == game


@pytest.mark.parametrize(
    "name", sorted(p.stem for p in LEGACY.glob("*.json") if ".expected" not in p.name)
)
def test_documents_of_0_1_0(name: str) -> None:
    text = (LEGACY / f"{name}.json").read_text(encoding="utf-8")
    family = name.split("-")[0]
    module = getattr(changpai, family)
    assert changpai.game_from_json(text) == module.Game.from_json(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "expected JSON text"),
        ("not json", "not a changpai game JSON document"),
        ("[]", "holds an array"),
        ('{"schema": "changpai.game", "version": 2}', "its family None is none of"),
        ('{"family": "chess"}', "its family 'chess' is none of"),
        ('{"format": "chess.game/1"}', "its family None"),
        ('{"schema": "changpai.game", "version": 2, "family": "zipai"}', "missing"),
    ],
)
def test_what_is_no_game_document_is_a_notation_error(text: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        changpai.game_from_json(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("entry", changpai.variants(), ids=lambda e: e.name)
def test_a_refused_action_of_a_document_is_named_by_its_place(entry: changpai.Variant) -> None:
    """docs/core-concepts.md (documents; review h55): a document whose decisions the rules do
    not allow is refused with an IllegalActionError naming the decision's place in `actions` —
    many decisions look alike (過 …), so the message alone did not say which one."""
    game = entry.game(seed=3)
    chooser = random.Random(3)
    while not game.is_over and len(json.loads(game.to_json())["actions"]) < 6:
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    data = json.loads(game.to_json())
    at = 4  # (decision 4 made by a seat that was not to act then)
    replayed = type(game).replay(
        [type(game).action_class.from_dict(a) for a in data["actions"][:at]],
        game.rules,
        seed=3,
        dealer=game.dealer,
    )
    data["actions"][at]["seat"] = next(s for s in replayed.seats if s not in replayed.to_act)
    with pytest.raises(IllegalActionError, match=rf"^actions\[{at}\] of the"):
        changpai.game_from_json(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("entry", changpai.variants(), ids=lambda e: e.name)
def test_a_malformed_decision_of_a_document_is_named_by_its_place(entry: changpai.Variant) -> None:
    """docs/core-concepts.md (review h56): a decision that is no action of the family (a card
    that is none) is named by its place as a refused one is."""
    data = json.loads(entry.game(seed=3).to_json())
    data["actions"] = [{"seat": 0, "kind": "discard", "card": "zz"}]
    with pytest.raises(NotationError, match=r"^actions\[0\] of the "):
        changpai.game_from_json(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("entry", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_document_deck_holds_card_codes(entry: changpai.Variant) -> None:
    """docs/core-concepts.md (Documents: a deck card that is not a card code is refused, named by
    its place): a name, or a code padded with spaces or a separator, is refused in every family
    — 字牌 / 大貳 / 南通 loaded them where 川牌 refused (review h120); a code in the other case
    is read, as codes are everywhere."""
    game = entry.game(seed=3)
    data = json.loads(game.to_json())
    code = data["deck"][0]
    card = type(game)._card(code)
    for bad in (f"{code},", f" {code}", str(card) if str(card) != code else None):
        if bad is None:
            continue
        data["deck"][0] = bad
        with pytest.raises(NotationError, match=r"deck\[0\]"):
            changpai.game_from_json(json.dumps(data))
    data["deck"][0] = code.swapcase()
    assert changpai.game_from_json(json.dumps(data)) == game


def test_a_document_deck_takes_the_documented_code_aliases() -> None:
    """docs/zipai.md (ASCII codes ``x1`` … or ``s1`` …, ``d1`` … or ``b1`` …): a deck written
    with the aliases is a deck of codes (review h123: ``s1`` was refused as no code)."""
    from changpai import zipai

    game = zipai.random_game(seed=3)
    data = json.loads(game.to_json())
    data["deck"] = [("s" if c[0] == "x" else "b") + c[1:] for c in data["deck"]]
    assert changpai.game_from_json(json.dumps(data)) == game


def test_a_nantong_deck_names_each_baida() -> None:
    """docs/nantong.md (``BD`` stands for the next 百搭 not named, in a list): a deck names each
    card, so ``BD`` in a deck is no code — every one was read as 福 (review h125)."""
    from changpai import nantong

    data = json.loads(nantong.Game(nantong.DUZIHU_BAIDA, seed=1).to_json())
    place = data["deck"].index("FU")
    data["deck"][place] = "BD"
    with pytest.raises(NotationError, match=rf"deck\[{place}\]='BD' is not a card code"):
        changpai.game_from_json(json.dumps(data))
