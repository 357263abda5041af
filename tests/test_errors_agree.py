"""The same mistake raises the same class in every family, and every message names the input
and the reason (regression tests of a newcomer review; docs/core-concepts.md "Errors": a wrong
type -> NotationError; a seat off the table or contradicting facts -> IllegalActionError; a
count or option out of range -> RulesError)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import changpai
from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.playout import MOST_JOBS, simulate
from changpai.core.records import GameResult
from changpai.core.scoresheet import Payment, ScoreSheet
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

# --- (review finding 1) simulate raised a bare ChangpaiError -------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((-1,), {}, "n=-1 is not an integer >= 0"),
        ((3,), {"jobs": -1}, f"jobs=-1 is not an integer from 0 to {MOST_JOBS}"),
        ((3,), {"backend": "x"}, "backend='x': the backend must be one of processes, ray"),
    ],
)
def test_simulate_out_of_range_is_a_rules_error(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    """Finding 1: ``zipai.simulate(zipai.HUNAN, -1)`` (``jobs=-1``, ``backend="x"``) raised a
    bare ChangpaiError; a count or option out of range is a RulesError."""
    with pytest.raises(RulesError) as caught:
        zipai.simulate(zipai.HUNAN, *args, **kwargs)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": "3"}, "n='3' is not an integer"),
        ({"n": True}, "n=True is not an integer"),
        ({"n": 3, "jobs": 1.5}, "jobs=1.5 is not an integer"),
        ({"n": 3, "backend": 5}, "backend=5 is not a string"),
        ({"n": 3, "progress": 5}, "progress=5: expected a function or None"),
    ],
)
def test_simulate_wrong_type_is_a_notation_error(kwargs: dict[str, Any], message: str) -> None:
    """Finding 1: an argument of the wrong type is a NotationError (via guard.count_arg)."""
    with pytest.raises(NotationError) as caught:
        simulate(zipai.Game, **kwargs)
    assert str(caught.value) == message


def test_option_combinations_are_rules_errors() -> None:
    """Finding 1 (the same function): a function making games with ``rules=`` or ``jobs=2``."""
    with pytest.raises(RulesError, match="rules= goes with a Game class"):
        simulate(lambda s: zipai.Game(seed=s), 2, rules=zipai.HUNAN)
    with pytest.raises(RulesError, match="jobs=2 needs a Game class"):
        simulate(lambda s: zipai.Game(seed=s), 2, jobs=2)


def test_good_input_unchanged() -> None:
    assert simulate(zipai.Game, 0).hands == 0
    assert zipai.simulate(zipai.HUNAN, 2, seed=1).hands == 2


# --- (review finding 2) GameResult.net(seats) ----------------------------------------------------

SHEET = ScoreSheet("demo", (), 6, (Payment(1, 0, 6), Payment(2, 0, 6)))


def test_net_takes_the_seats_of_a_game() -> None:
    """Finding 2: ``g.result.net(g.seats)`` raised a plain TypeError; it takes the seats too."""
    game = zipai.random_game(zipai.HUNAN, 3)
    assert game.result.net(game.seats) == game.result.net(len(game.seats))
    result = GameResult(0, "win", SHEET)
    assert result.net((2, 0, 1)) == {0: 12, 1: -6, 2: -6}
    assert list(result.net((2, 0, 1))) == [2, 0, 1]
    assert result.net([0, 1]) == {0: 12, 1: -6, 2: -6}  # a paying seat is always counted
    assert result.net(3) == {0: 12, 1: -6, 2: -6}  # the player count, as before
    assert GameResult(None, "huangzhuang").net(0) == {}


@pytest.mark.parametrize(
    ("seats", "error", "message"),
    [
        ("3", NotationError, "seats='3' is not a player count or a sequence of seats"),
        (None, NotationError, "seats=None is not a player count or a sequence of seats"),
        (2.0, NotationError, "seats=2.0 is not a player count or a sequence of seats"),
        (True, NotationError, "seats=True is not a player count or a sequence of seats"),
        ((0, "1"), NotationError, "seats=(0, '1') holds '1', which is not a seat"),
        (-1, RulesError, "seats=-1 is not an integer from 0 to 64"),
        (10**30, RulesError, "seats=1000000000000000000000000000000 is not an integer from 0"),
        ((0, -1), IllegalActionError, "seats=(0, -1) holds -1, which is not a seat"),
    ],
)
def test_net_checks_its_argument(seats: Any, error: type[ChangpaiError], message: str) -> None:
    """Finding 2: ``net("3")`` raised a plain TypeError; the argument is checked and named."""
    with pytest.raises(error) as caught:
        GameResult(0, "win", SHEET).net(seats)
    assert type(caught.value) is error and str(caught.value).startswith(message)


# --- (review finding 3) the same mistake, one class in every family ------------------------------

FAMILIES = {
    "zipai": zipai,
    "nantong": nantong,
    "daer": daer,
    "chuanpai": chuanpai,
    "xiaogan": xiaogan,
    "chuopai": chuopai,
}


@pytest.mark.parametrize("family", FAMILIES)
def test_an_action_of_a_bad_kind_is_an_illegal_action(family: str) -> None:
    """Finding 3: ``Action(0, "bogus")`` was a NotationError in 字牌 but an IllegalActionError
    elsewhere (戳牌 built it and refused it only when applied; now when built, as all)."""
    with pytest.raises(IllegalActionError, match=r"kind='bogus' is not a \S+ ActionKind"):
        FAMILIES[family].Action(0, "bogus")


@pytest.mark.parametrize("family", FAMILIES)
def test_stack_deck_seat_off_the_table_is_a_rules_error(family: str) -> None:
    """Finding 3: ``stack_deck(hands={9: ...})`` was a NotationError in 川牌 / 孝感
    (core.turnclaim.stack) but a RulesError in 字牌 / 南通 / 大貳 / 戳牌."""
    for hands in ({9: ""}, {"a": ""}, {True: ""}):
        with pytest.raises(RulesError, match=r"is not (a|an active) seat"):
            FAMILIES[family].stack_deck(hands=hands)


@pytest.mark.parametrize("family", FAMILIES)
def test_stack_deck_more_cards_than_a_seat_is_dealt_is_a_rules_error(family: str) -> None:
    """A seat given more cards than the deal gives it is a count out of range: RulesError in
    every family (字牌, 川牌, 孝感 said NotationError, 南通, 大貳, 戳牌 RulesError)."""
    module = FAMILIES[family]
    cards = tuple(module.Game(seed=1).deck[:30])
    with pytest.raises(RulesError, match="30"):
        module.stack_deck(hands={0: cards})


@pytest.mark.parametrize("family", FAMILIES)
def test_transcript_of_no_game_is_a_notation_error(family: str) -> None:
    """Finding 3: 大貳 ``transcript(5)`` was an IllegalActionError ("5 is not a 大貳 Game")."""
    with pytest.raises(NotationError) as caught:
        FAMILIES[family].transcript(5)
    assert str(caught.value) == "game=5 is not of type Game"


def test_chuanpai_score_takes_none_as_seat_0() -> None:
    """Finding 3: ``chuanpai.score(d, winner=None)`` raised NotationError while 字牌 / 大貳 /
    孝感 take None as the default winner (seat 0)."""
    d = chuanpai.best_decomposition(
        chuanpai.parse("天牌 人牌 梅子 梅子 梅子 長三 長三 長三 二四 合牌")
    )
    assert d is not None
    assert chuanpai.score(d, winner=None) == chuanpai.score(d) == chuanpai.score(d, winner=0)
    assert chuanpai.score(d, winner=None).net()[0] > 0
    with pytest.raises(NotationError, match="winner='0' is not an integer"):
        chuanpai.score(d, winner="0")  # type: ignore[arg-type]


def test_chuopai_score_takes_none_as_seat_0() -> None:
    """As 川牌: 戳牌 ``score(bai, winner=None)`` is seat 0's win (it raised NotationError)."""
    bai = "66 " * 4 + "11 " * 4 + "44 " * 4 + "45 45 45 45 34 34 34"
    assert chuopai.score(bai, winner=None) == chuopai.score(bai) == chuopai.score(bai, winner=0)
    with pytest.raises(NotationError, match="winner='0' is not an integer"):
        chuopai.score(bai, winner="0")  # type: ignore[arg-type]


# --- (review finding 4) Card.parse reads text only -----------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("value", [5, None, True, b"66", 1.5])
def test_card_parse_refuses_what_is_not_text(family: str, value: object) -> None:
    """Finding 4: ``chuanpai.Card.parse(5)`` (and 孝感's, 戳牌's) returned a card where 字牌 /
    南通 / 大貳 raise ``NotationError: 5 is not a string``; ``Card(5)`` still builds by index."""
    module = FAMILIES[family]
    with pytest.raises(NotationError, match=r"is not a string of \w+ cards"):
        module.Card.parse(value)


@pytest.mark.parametrize("family", ["chuanpai", "xiaogan", "chuopai"])
def test_card_by_index_is_unchanged(family: str) -> None:
    card = FAMILIES[family].Card
    assert card(5) is card.parse(card(5).code)


# --- (review finding 5) messages that give the reason --------------------------------------------

ACTION_FAMILIES = {
    "zipai": "zipai",
    "nantong": "nantong",
    "daer": "大貳",
    "chuanpai": "chuanpai",
    "xiaogan": "xiaogan",
    "chuopai": "戳牌",
}


@pytest.mark.parametrize("family", ACTION_FAMILIES)
@pytest.mark.parametrize("data", [None, [], "x", 5])
def test_action_from_a_non_dict_says_why(family: str, data: object) -> None:
    """Finding 5: ``zipai.Action.from_dict(None)`` said "'NoneType' object is not
    subscriptable" (大貳 likewise)."""
    name = ACTION_FAMILIES[family]
    with pytest.raises(NotationError) as caught:
        FAMILIES[family].Action.from_dict(data)
    assert str(caught.value) == f"{data!r} is not a {name} action: expected a JSON object"


@pytest.mark.parametrize("family", ACTION_FAMILIES)
def test_action_from_an_empty_dict_names_the_missing_key(family: str) -> None:
    """Finding 5: ``daer.Action.from_dict({})`` said "missing 'seat'"; every family now says
    "the key ... is missing"."""
    name = ACTION_FAMILIES[family]
    with pytest.raises(NotationError, match=rf"^{{}} is not a {name} action: the key '\w+' is"):
        FAMILIES[family].Action.from_dict({})


@pytest.mark.parametrize(
    ("family", "data", "reason"),
    [
        ("zipai", {"seat": 0, "kind": "chi", "melds": 5}, "melds=5 is not a list of melds"),
        (
            "zipai",
            {"seat": 0, "kind": "discard", "card": 5},
            "card=5 is not a zipai Card or card text (or None)",
        ),
        ("daer", {"seat": 0, "kind": "chi", "cards": 5}, "cards=5 is not a list of cards"),
    ],
)
def test_a_bad_part_names_the_action_and_the_reason(
    family: str, data: dict[str, Any], reason: str
) -> None:
    """Finding 5: "'int' object is not iterable" became a reason; 字牌 names the action too."""
    name = ACTION_FAMILIES[family]
    with pytest.raises(NotationError) as caught:
        FAMILIES[family].Action.from_dict(data)
    assert str(caught.value) == f"{data!r} is not a {name} action: {reason}"


@pytest.mark.parametrize("family", ["zipai", "daer"])
def test_good_actions_read_back(family: str) -> None:
    module = FAMILIES[family]
    game = module.random_game(module.Game.default_rules, 2)
    for record in game.log:  # the decisions: what a document saves
        if not record.auto:
            assert module.Action.from_dict(record.action.to_dict()) == record.action


@pytest.mark.parametrize("family", FAMILIES)
def test_a_document_without_schema_names_todays_schema(family: str) -> None:
    """Every family's ``Game.from_json("{}")`` names ``'changpai.game'`` (南通 said "it is a None
    game", 川牌 / 孝感 named no schema)."""
    with pytest.raises(NotationError, match=r"has no 'schema' key \(expected 'changpai.game'"):
        FAMILIES[family].Game.from_json("{}")


def test_zipai_document_without_schema_names_todays_schema() -> None:
    """Finding 5: ``zipai.Game.from_json("{}")`` said "format None (expected
    'changpai.zipai.game/1')", naming only the 0.1.0 tag."""
    with pytest.raises(NotationError) as caught:
        zipai.Game.from_json("{}")
    message = str(caught.value)
    assert message.startswith("not a zipai game document: it has no 'schema' key")
    assert "(expected 'changpai.game'" in message and "0.1.0" in message
    with pytest.raises(NotationError, match=r"format 'chess' \(expected 'schema': 'changpai.game'"):
        zipai.Game.from_json('{"format": "chess"}')


def test_zipai_still_reads_0_1_0_documents() -> None:
    game = zipai.Game(zipai.HUNAN, seed=4)
    for record in zipai.random_game(zipai.HUNAN, 4).log[:6]:
        if not record.auto and record.action in game.legal_actions(record.action.seat):
            game.apply(record.action)
    legacy = {
        "format": "changpai.zipai.game/1",
        "rules": json.loads(game.to_json())["rules"],
        "deck": " ".join(c.code for c in game.deck),
        "dealer": game.dealer,
        "actions": [r.action.to_dict() for r in game.log if not r.auto],
    }
    assert zipai.Game.from_json(json.dumps(legacy)) == game


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, xiaogan, daer, chuopai])
def test_a_keyword_a_game_does_not_take_names_the_game(module: Any) -> None:
    """docs/core-concepts.md "Errors": a keyword a class does not take is Python's TypeError —
    naming the family's ``Game`` (川牌 and 孝感 named their engine's internal base class).
    Issue 12 (typed errors, one public face).
    """
    with pytest.raises(TypeError, match=r"^Game\.__init__\(\) got an unexpected keyword"):
        module.Game(bogus=1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: daer.Meld.parse("一三五"), "^'一三五' is not a 大貳 set$"),
        (lambda: daer.Meld.parse(""), "^'' is not a 大貳 set$"),
        (lambda: daer.Meld.parse("碰"), "the set name '碰' names no cards"),
        (lambda: zipai.Meld.parse(""), "^'' is not a zipai meld$"),
        (lambda: zipai.Meld.parse("碰"), "the kind '碰' names no cards"),
        (lambda: chuanpai.Meld.parse("擠兒"), "the kind '擠兒' names no cards"),
        (lambda: xiaogan.Meld.parse("碰"), "the kind '碰' names no cards"),
        (lambda: chuopai.Play.parse(""), "^no cards is not a 戳牌 play"),
        # (南通 said "'' is not a nantong group": a CHANGELOG review)
        (lambda: nantong.Meld.parse("碰"), "^'碰': the kind '碰' names no cards$"),
        (lambda: nantong.Meld.parse("後摸\t"), r"^'後摸\\t': the kind '後摸' names no cards$"),
        (lambda: nantong.parse_melds("明槓"), "the kind '明槓' names no cards"),
    ],
    ids=["daer-not-a-set", "daer-empty", "daer-kind-only", "zipai-empty", "zipai-kind-only",
         "chuanpai-kind-only", "xiaogan-kind-only", "chuopai-empty", "nantong-kind-only",
         "nantong-kind-tab", "nantong-parse-melds"],
)  # fmt: skip
def test_a_message_quotes_the_input_and_names_nothing_internal(call: Any, message: str) -> None:
    """DESIGN "Bad input always gets a clear, typed error that names the input and the reason":
    an empty input showed as nothing (" is not a zipai meld"), a kind alone was called no card,
    大貳 named its private rules object (``daer.DAER.evolve(jiang_values=…)``) and 戳牌 quoted
    'no cards' as if the user had written it.
    Issue 12 (typed errors, one public face).
    """
    with pytest.raises(NotationError, match=message) as info:
        call()
    assert "evolve(" not in str(info.value)


@pytest.mark.parametrize(
    ("module", "cards"),
    [
        (zipai, "八八八"),
        (daer, "八八八"),
        (chuanpai, "55 55 55"),
        (xiaogan, "上上上"),
        (nantong, "5w 5w 5w"),
    ],
)
def test_a_tab_after_the_kind_separates_it(module: Any, cards: str) -> None:
    """A meld's kind and cards are separated by whitespace — a tab too, in every family
    (``"碰\\t一一一"`` was read as cards in 字牌 and 大貳, refused in 川牌 and 孝感).
    Issue 12 (typed errors, one public face).
    """
    assert module.Meld.parse(f"碰\t{cards}") == module.Meld.parse(f"碰 {cards}")


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, xiaogan, daer, chuopai])
@pytest.mark.parametrize("deck", [[1, 2], 5, [[1]], [None] * 84, [zipai.Card("x1")] * 3])
def test_a_deck_of_no_cards_is_a_notation_error_in_every_family(module: Any, deck: Any) -> None:
    """docs/core-concepts.md "Errors": what is not cards is a NotationError (it was one in 字牌,
    大貳 and 戳牌, a RulesError in 南通, 川牌 and 孝感); a deck of the family's cards that is not
    the rules' deck stays a RulesError.
    Issue 12 (typed errors, one public face).
    """
    if module in (zipai, daer) and deck == [zipai.Card("x1")] * 3:
        with pytest.raises(RulesError, match="stacked deck must hold exactly"):
            module.Game(deck=deck)
        return
    with pytest.raises(NotationError):
        module.Game(deck=deck)


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, xiaogan, daer, chuopai])
def test_a_blank_rules_name_is_refused_in_every_family(module: Any) -> None:
    """A rules name names the rules: a blank one was accepted by 字牌, 南通, 孝感 and 大貳 and
    refused by 川牌 and 戳牌 (DESIGN: the families agree on bad input).
    Issue 12 (typed errors, one public face).
    """
    with pytest.raises(RulesError, match="name='   '"):
        module.Game().rules.evolve(name="   ")


# --- decompositions checks its input when called, as the other analyses do ----------------------


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, daer, xiaogan])
@pytest.mark.parametrize("hand", [5, None, "zz", ["x1"]])
def test_decompositions_refuses_bad_input_when_called(module: Any, hand: Any) -> None:
    """Issue 12 (typed errors): ``decompositions`` of 字牌, 南通 and 大貳 raised only once
    iterated (a generator function), so a bad hand passed silently until a later loop; 川牌
    and 孝感 refused it at the call. Every family refuses it at the call now."""
    with pytest.raises(NotationError):
        module.decompositions(hand)


@pytest.mark.parametrize(
    ("module", "hand", "count"),
    [
        (zipai, "一二三 一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖", 2),
        (nantong, "111222333t 444555666b 777w 5t 5t", 4),
        (daer, "一一一 二二二 三三三 四五六 伍伍", 2),
    ],
)
def test_decompositions_are_still_read_as_iterated(module: Any, hand: str, count: int) -> None:
    """The readings themselves still come one at a time (an iterator, not a list)."""
    readings = module.decompositions(hand)
    assert iter(readings) is readings
    assert len(list(readings)) == count
    assert list(readings) == []


def test_daer_read_hand_names_its_argument() -> None:
    """Issue 12: the 大貳 message named the value only; every family names the argument."""
    with pytest.raises(
        NotationError, match=r"^concealed=5 is not a sequence of 大貳 \(字牌\) cards$"
    ):
        daer.decompositions(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"^hand=5 is not a sequence"):
        daer.analyze(5)  # type: ignore[arg-type]


# --- (review h89) rules=None, a seat out of range in an action dict --------------------------


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, chuopai, daer, xiaogan])
def test_rules_none_is_the_default_preset_in_every_family(module: Any) -> None:
    """``Game(None, seed)`` and ``random_game(None, seed)`` play the family's default rules, as
    ``Match(None)`` and ``Game.replay(log, None)`` did everywhere (h89: four families refused
    ``Game(None)``, 大貳 ``random_game(None)``)."""
    assert module.Game(None, 1) == module.Game(module.Game.default_rules, 1)
    assert module.random_game(None, 3) == module.random_game(module.Game.default_rules, 3)


@pytest.mark.parametrize(
    ("module", "data"),
    [
        (zipai, {"seat": 99, "kind": "discard", "card": "x1"}),
        (nantong, {"seat": 99, "kind": "discard", "card": "5w"}),
        (chuanpai, {"seat": 99, "kind": "discard", "card": "66"}),
        (chuopai, {"seat": 99, "kind": "lead", "cards": ["66"]}),
        (chuopai, {"seat": "0", "kind": "lead", "cards": ["66"]}),
        (daer, {"seat": 99, "kind": "discard", "card": "一"}),
        (xiaogan, {"seat": 99, "kind": "discard", "card": "上"}),
    ],
)
def test_a_seat_off_the_table_in_an_action_dict_is_a_notation_error(
    module: Any, data: dict[str, Any]
) -> None:
    """What is read is a NotationError naming the dict (h89: 戳牌 raised IllegalActionError and
    named neither the dict nor the seat as the others do)."""
    with pytest.raises(NotationError, match=r"is not a .* action: seat=.* is not a seat"):
        module.Action.from_dict(data)


@pytest.mark.parametrize("module", [zipai, nantong, chuanpai, daer, xiaogan])
def test_format_of_what_is_not_a_card_names_the_argument_alike(module: Any) -> None:
    """h89: 南通 said ``1 is not a nantong Card``, the others ``cards=[1, 2] holds 1, …``."""
    with pytest.raises(NotationError, match=r"^cards=\[1, 2\] holds 1, which is not one of "):
        module.format([1, 2])


@pytest.mark.parametrize("module", [zipai, nantong, daer, xiaogan])
def test_a_deck_of_another_family_is_named_alike(module: Any) -> None:
    """h89: 字牌 said ``deck (…) must hold zipai Cards``; every family names the card."""
    other = chuanpai.DECK if module is not chuanpai else zipai.DECK
    with pytest.raises(NotationError, match=r"^deck holds Card\('.*'\), which is not a card of"):
        module.Game(deck=other)


def test_nantong_analysis_names_its_exposed_argument() -> None:
    """h89: 南通's analyses named a bad table ``melds=`` (parse_melds's own name)."""
    for call in (nantong.analyze, nantong.best_decomposition, nantong.waits):
        with pytest.raises(NotationError, match=r"^exposed=5 is not a sequence of nantong melds"):
            call("5w 5w", 5)


# --- (review h105) one move, one spelling ----------------------------------------------------


def _first_claims(name: str) -> tuple[Any, list[Any]]:
    """A game of the variant at its first claim of a card with a 碰 / 吃 / 杠 / 胡 open, and
    the claims (with a card) listed there."""
    for seed in range(200):
        game, chooser = changpai.variant(name).game(seed=seed), random.Random(seed)
        while not game.is_over:
            if game.phase == "claim":
                for seat in game.to_act:
                    claims = [a for a in game.legal_actions(seat) if a.card is not None]
                    if claims:
                        return game, claims
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    raise AssertionError(f"no claim in 200 {name} games")


@pytest.mark.parametrize("name", ["duzihu", "daer", "luzhou"])
def test_a_claim_spelled_without_its_card_names_the_claims_legal_now(name: str) -> None:
    """南通 and 大貳 take a move as listed: a listed claim without its card (or a 過 with the
    offered card) is refused naming the moves of that kind legal now — 南通 said "a discard
    can only be claimed by 胡, 杠, 碰 or passed" of a 碰, 大貳 "cannot 碰 … with this hand" of
    a listed 碰 (docs/core-concepts.md, ``verify``)."""
    game, claims = _first_claims(name)
    before = game.to_json()
    for claim in claims:
        bare = attrs.evolve(claim, card=None)
        listed = "; ".join(str(a) for a in game.legal_actions(claim.seat) if a.kind is claim.kind)
        with pytest.raises(IllegalActionError) as caught:
            game.apply(bare)
        assert (
            str(caught.value)
            == f"{bare} is not legal now: the {claim.kind.hanzi} legal now: {listed}"
        )
        passing = type(claim)(claim.seat, type(claim.kind).PASS, claim.card)  # (過 with a card)
        with pytest.raises(IllegalActionError, match=f"the 過 legal now: seat {claim.seat} 過$"):
            game.apply(passing)
    assert "  " not in str(attrs.evolve(claims[0], card=None))  # (大貳 printed "吃  (捌玖)")
    assert game.to_json() == before


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "chuopai", "daer", "xiaogan"])
def test_a_subclass_of_action_is_refused_by_name(family: str) -> None:
    """A subclass of the family's ``Action`` compares unequal to every listed move (attrs
    ``==`` compares classes): 字牌 and 戳牌 took it and recorded it, making a game unequal to
    the one the listed move makes; the others refused it for a false reason (大貳: "一 belongs
    to a 坎") — each family now names it (review h105)."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "chuopai": chuopai,
              "daer": daer, "xiaogan": xiaogan}[family]  # fmt: skip

    class Mine(module.Action):  # type: ignore[name-defined,misc]
        pass

    game = module.Game(seed=1)
    listed = game.legal_actions(game.to_act[0])[0]
    mine = Mine(**{f.name: getattr(listed, f.name) for f in attrs.fields(module.Action) if f.init})
    before = game.to_json()
    assert not game.can(mine)
    with pytest.raises(IllegalActionError, match=r"is a Mine, not a .* Action itself"):
        game.apply(mine)
    assert game.to_json() == before
    game.apply(listed)


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "chuopai", "daer", "xiaogan"])
def test_rules_none_is_the_default_preset_of_every_game_function(family: str) -> None:
    """``simulate(None, n)`` ran in 字牌, 南通 and 戳牌 and was a ``RulesError`` in 川牌, 大貳
    and 孝感, though ``Game``, ``Match`` and ``random_game`` took ``None`` everywhere
    (docs/core-concepts.md "Around the engine"; review h104)."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "chuopai": chuopai,
              "daer": daer, "xiaogan": xiaogan}[family]  # fmt: skip
    preset = module.Game.default_rules
    assert module.simulate(None, 2, seed=1) == module.simulate(preset, 2, seed=1)
    assert module.random_game(None, 3) == module.random_game(preset, 3)
    assert module.Match(None, 1).rules == module.Game(seed=1).rules == preset


def test_nantong_names_why_a_claim_is_refused() -> None:
    """A 胡 / 杠 the hand cannot make, a claim of another card than the one on offer: 南通 gave
    its one phase-wide reason ("a discard can only be claimed by 胡, 杠, 碰 or passed") where
    大貳 names the reason (review h106)."""
    game = nantong.Game(seed=0)
    while game.phase != "claim":
        game.apply(game.legal_actions(game.to_act[0])[-1])
    seat, offered = game.to_act[0], game.offered
    legal = "; ".join(str(a) for a in game.legal_actions(seat))
    assert offered is not None and "胡" not in legal
    other = next(c for c in nantong.DECK if c != offered)
    for action, reason in (
        (nantong.Action(seat, nantong.ActionKind.WIN, offered),
         f"seat {seat} cannot 胡 {offered} with this hand (legal now: {legal})"),
        (nantong.Action(seat, nantong.ActionKind.PENG, other),
         f"the card on offer is {offered}, not {other}"),
        (nantong.Action(seat, nantong.ActionKind.DISCARD, offered),
         "a discard can only be claimed by 胡, 杠, 碰 or passed"),
    ):  # fmt: skip
        with pytest.raises(IllegalActionError) as caught:
            game.verify(action)
        assert str(caught.value) == f"{action} is not legal now: {reason}"


def test_a_nantong_win_names_its_concealed_cards_given_as_codes() -> None:
    """``Win(concealed=<a tuple of codes>)`` was taken as the engine's tuple of cards and its
    error named ``cards=`` (review h106); the field takes Cards or one text, as the analysis."""
    hand = "HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
    for given in (hand.split(), tuple(hand.split())):
        with pytest.raises(
            NotationError, match=r"^concealed=.* holds 'HH', which is not one of nantong cards"
        ):
            nantong.Win(given, jiang="HH 3w")
    assert nantong.Win(nantong.parse(hand), jiang="HH 3w") == nantong.Win(hand, jiang="HH 3w")


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "chuopai", "daer", "xiaogan"])
def test_parse_refuses_one_copy_more_than_the_family_deals(family: str) -> None:
    """DESIGN: a fifth copy of a card is an error, never a silent change. 戳牌's ``parse`` was
    川牌's, which reads against any 川牌 deck: five 天牌 where the 戳牌 deck holds four
    (review h108). (川牌 reads against its largest deck, as docs/chuanpai.md says.)"""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "chuopai": chuopai,
              "daer": daer, "xiaogan": xiaogan}[family]  # fmt: skip
    dealt = module.Game(seed=1).deck
    card = dealt[0]
    most = max(dealt.count(c) for c in set(dealt)) if family == "chuanpai" else dealt.count(card)
    text = " ".join([card.code] * (most + 1))
    with pytest.raises(NotationError, match="cop"):
        module.parse(text)
    assert len(module.parse(" ".join([card.code] * dealt.count(card)))) == dealt.count(card)


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "daer", "xiaogan"])
def test_meld_parse_names_its_text_parameter(family: str) -> None:
    """``Meld.parse(5)`` said ``meld=5`` (the parameter is ``text``) in three families and was
    worded two other ways in 大貳 and 孝感 (review h108)."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "daer": daer,
              "xiaogan": xiaogan}[family]  # fmt: skip
    with pytest.raises(NotationError) as caught:
        module.Meld.parse(5)
    assert str(caught.value) == "text=5 is not a string"


@pytest.mark.parametrize(
    ("family", "seat"), [("zipai", 3), ("chuanpai", 5), ("xiaogan", 4), ("daer", 3)]
)
def test_a_seat_off_the_table_is_named_as_such(family: str, seat: int) -> None:
    """A seat the ``Action`` allows but the table has not was told "is not to act" (as if it
    should wait its turn) in 字牌 and 川牌; 孝感 said "is not at this table" (review h108)."""
    module = {"zipai": zipai, "chuanpai": chuanpai, "daer": daer, "xiaogan": xiaogan}[family]
    rules = daer.DAER.evolve(players=3) if family == "daer" else module.Game.default_rules
    game = module.Game(rules, seed=1)
    action = module.Action(seat, module.ActionKind.PASS)
    with pytest.raises(IllegalActionError) as caught:
        game.verify(action)
    table = len(game.seats) if family != "chuanpai" else game.players
    assert (
        str(caught.value)
        == f"{action} is not legal now: seat {seat} is not at this table of {table}"
    )


@pytest.mark.parametrize("family", ["zipai", "chuanpai", "chuopai", "daer", "xiaogan"])
def test_a_move_of_the_engine_is_refused_as_such(family: str) -> None:
    """A record of the log copied back (a 摸, a 發牌): 川牌 and 孝感 said only "not legal in the
    discard phase; legal kinds: discard"; every family now says the engine applies it
    (review h108)."""
    module = {"zipai": zipai, "chuanpai": chuanpai, "chuopai": chuopai, "daer": daer,
              "xiaogan": xiaogan}[family]  # fmt: skip
    game = module.Game(seed=1)
    kind = module.ActionKind("deal" if family == "chuopai" else "draw")
    action = module.Action(game.to_act[0], kind)
    with pytest.raises(
        IllegalActionError, match=f"{kind.hanzi} is applied by the engine, never chosen$"
    ):
        game.verify(action)


_SCORE_PARAMETER = {"zipai": "hand", "nantong": "win", "chuanpai": "melds", "chuopai": "bai",
                    "daer": "win", "xiaogan": "win"}  # fmt: skip


@pytest.mark.parametrize("family", list(_SCORE_PARAMETER))
def test_score_names_another_familys_reading_as_such(family: str) -> None:
    """``score`` of another family's Decomposition: 南通 said "is not a sequence of nantong
    cards", 川牌 "… of units", 戳牌 "… of 戳牌 cards"; 字牌 did not name its parameter (review
    h108). Every family names the parameter and the reading's family."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "chuopai": chuopai,
              "daer": daer, "xiaogan": xiaogan}[family]  # fmt: skip
    other, sample = (nantong, "123b 456b 789b 123t 456t 789t 123w 5w 5w") if family == "zipai" else (
        zipai, "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")  # fmt: skip
    reading = other.best_decomposition(sample)
    parameter = _SCORE_PARAMETER[family]
    own = "戳牌" if family == "chuopai" else family
    with pytest.raises(NotationError) as caught:
        module.score(reading)
    assert str(caught.value).startswith(f"{parameter}=")
    assert str(caught.value).endswith(
        f"is a {other.__name__.split('.')[-1]} Decomposition, not a {own} one"
    )
    if family in ("zipai", "daer", "xiaogan"):  # (a thing that is no reading at all)
        with pytest.raises(
            NotationError, match=rf"^{parameter}=5 is not a \S+ Decomposition or Win$"
        ):
            module.score(5)


def test_nantong_and_daer_name_the_input_and_the_reason_as_the_others() -> None:
    """Review h108: 南通 gave no reason for a text that is no group ("is not a nantong
    group"), named no cards for a 順子 called a 碰, said only "not one of the discards, kongs
    …" of a card not held; 大貳 did not name ``exposed`` holding something that is no meld."""
    cases = [
        (lambda: nantong.Meld.parse("1t 3t 7t"), NotationError,
         "'1t 3t 7t' is not a nantong group (a group is a pair, a 順子 of three in a row of a "
         "suit, a 文錢, or three or four of one card)"),
        (lambda: nantong.Meld.parse("碰 1t 1t 2t"), NotationError,
         "'1t 1t 2t' is not a nantong set (a set is three or four of one card)"),
        (lambda: daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍", [5]), NotationError,
         "exposed=[5] holds 5, which is not a 大貳 meld (a Meld or its text)"),
    ]  # fmt: skip
    for call, error, message in cases:
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message
    game = nantong.Game(seed=1)
    while game.phase != "discard":
        game.apply(game.legal_actions(game.to_act[0])[-1])
    seat = game.to_act[0]
    missing = next(c for c in nantong.DECK if c not in game.hand(seat))
    with pytest.raises(
        IllegalActionError, match=f"is not legal now: seat {seat} holds no {missing}$"
    ):
        game.verify(nantong.Action(seat, nantong.ActionKind.DISCARD, missing))


@pytest.mark.parametrize("family", ["chuanpai", "xiaogan"])
def test_every_record_of_the_engine_is_refused_as_such(family: str) -> None:
    """Every kind the turn / claim engine writes itself — the shared ``FORCED`` and the
    family's own (川牌 成幅 / 留 / 過牌, 孝感 成牌), which the first mend missed (review h109) —
    copied back from the log is refused as the engine's; no such kind is ever a choice."""
    module = {"chuanpai": chuanpai, "xiaogan": xiaogan}[family]
    seen: set[str] = set()
    for seed in range(40):
        game, chooser = module.Game(seed=seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions(game.to_act[0])
            assert not {a.kind.value for a in legal} & module.Game._engine_kinds
            game.apply(chooser.choice(legal))
        seen |= {r.action.kind.value for r in game.log if r.auto}
    assert seen <= module.Game._engine_kinds
    game = module.Game(seed=1)
    for kind in sorted(module.Game._engine_kinds):
        action = module.Action(game.to_act[0], module.ActionKind(kind))
        with pytest.raises(IllegalActionError, match=r"is applied by the engine, never chosen$"):
            game.verify(action)


def test_the_four_seats_of_a_shuxin_table_are_all_at_the_table() -> None:
    """With 數信 (``HAHA``) the table has four seats (zipai.md §2): seat 3 plays when seat 2
    is the 數信, and is told it is not to act, not that it is off the table (review h109)."""
    game = zipai.Game(zipai.HAHA, seed=1)
    assert 3 in game.seats and game.to_act == (0,)
    with pytest.raises(IllegalActionError) as caught:
        game.verify(zipai.Action(3, zipai.ActionKind.PASS))
    assert str(caught.value) == "seat 3 過 is not legal now: seat 3 is not to act (to act: (0,))"


@pytest.mark.parametrize("family", ["zipai", "nantong", "chuanpai", "chuopai", "daer", "xiaogan"])
def test_an_unknown_rules_option_is_worded_alike(family: str) -> None:
    """``Rules.evolve(foo=1)`` was worded five ways, 字牌's without the options (review h108):
    one wording now (``core.rules.check_option_names``), the options in their order."""
    module = {"zipai": zipai, "nantong": nantong, "chuanpai": chuanpai, "chuopai": chuopai,
              "daer": daer, "xiaogan": xiaogan}[family]  # fmt: skip
    options = ", ".join(f.name for f in attrs.fields(module.Rules))
    named = "戳牌" if family == "chuopai" else family
    with pytest.raises(RulesError) as caught:
        module.Game.default_rules.evolve(foo=1, bar=2)
    assert (
        str(caught.value)
        == f"unknown {named} rules options 'foo', 'bar'; the options are {options}"
    )
