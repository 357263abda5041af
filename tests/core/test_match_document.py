"""Match documents: ``Match.to_json`` / ``Match.from_json`` and ``changpai.match_from_json``.

A match saved between hands or in the middle of one and loaded again goes on as the match
itself would (the same hands, cuts, dealers and totals), in every family; a document that is
not what the match deals is refused with a typed error naming the place (docs: Core concepts,
"Match documents").
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.match import Match
from changpai.errors import IllegalActionError, NotationError, RulesError

# (the family's Match class and its constructor keywords: 川牌 and 孝感 tables of another size)
MATCHES: list[tuple[type[Match[Any, Any]], dict[str, Any]]] = [
    (zipai.Match, {}),
    (nantong.Match, {}),
    (chuanpai.Match, {}),
    (chuanpai.Match, {"players": 3}),
    (chuopai.Match, {}),
    (daer.Match, {}),
    (xiaogan.Match, {}),
]
IDS = [f"{m.__module__.split('.', 1)[1]}{kw.get('players', '')}" for m, kw in MATCHES]


def _step(game: Any, chooser: random.Random, moves: int) -> None:
    """Apply up to ``moves`` random legal actions to ``game``."""
    for _ in range(moves):
        if game.is_over:
            return
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))


def _finish(match: Match[Any, Any], chooser: random.Random) -> None:
    game = match.game
    if game is not None:
        _step(game, chooser, 10**6)


@pytest.mark.parametrize(("match_class", "keywords"), MATCHES, ids=IDS)
@pytest.mark.parametrize("seed", [3, None])
def test_saved_mid_hand_goes_on_as_the_match_would(
    match_class: type[Match[Any, Any]], keywords: dict[str, Any], seed: int | None
) -> None:
    match = match_class(seed=seed, **keywords).play(2)
    _step(match.new_hand(), random.Random(1), 6)  # (saved in the middle of the third hand)
    text = match.to_json()
    loaded = match_class.from_json(text)
    assert loaded.to_json() == text
    assert loaded.seed == match.seed and loaded.dealer == match.dealer
    assert loaded.game == match.game and loaded.games == match.games
    for played in (match, loaded):
        _finish(played, random.Random(2))
        played.play(3)
    assert loaded.to_dict() == match.to_dict()
    assert loaded.games == match.games


@pytest.mark.parametrize(("match_class", "keywords"), MATCHES, ids=IDS)
def test_top_level_loader_finds_the_family(
    match_class: type[Match[Any, Any]], keywords: dict[str, Any]
) -> None:
    match = match_class(seed=8, **keywords).play(1)
    loaded = changpai.match_from_json(match.to_json())
    assert type(loaded) is match_class and loaded.to_dict() == match.to_dict()


def test_document_keys_and_the_random_number_of_an_unseeded_match() -> None:
    data = json.loads(zipai.Match(seed=None).play(1).to_json())
    assert list(data) == [
        "schema", "version", "family", "variant", "rules", "seed", "random", "dealer",
        "options", "games", "summary",
    ]  # fmt: skip
    assert data["seed"] is None and isinstance(data["random"], int)
    assert data["dealer"] is None  # (drawn from the random numbers, dealt again from them)
    seeded = json.loads(zipai.Match(seed=5, dealer=2).to_json())
    assert (seeded["seed"], seeded["random"], seeded["dealer"], seeded["games"]) == (5, None, 2, [])


def test_unseeded_matches_differ_and_each_reloads_as_itself() -> None:
    one, two = zipai.Match().play(2), zipai.Match().play(2)
    assert one.games[0].deck != two.games[0].deck
    assert zipai.Match.from_json(one.to_json()).games == one.games


def test_a_stacked_hand_round_trips() -> None:
    match = nantong.Match(seed=1, dealer=0)
    deck = list(reversed(nantong.DECK))
    game = match.new_hand(deck=deck)
    loaded = nantong.Match.from_json(match.to_json())
    assert loaded.game is not None and loaded.game.seed is None
    assert loaded.game.deck == game.deck == tuple(deck)


def test_the_match_saved_is_unchanged_but_for_settling() -> None:
    match = daer.Match(seed=4).play(2)
    before = (match.to_dict(), match.games, match._rng.getstate())
    match.to_json()
    assert (match.to_dict(), match.games, match._rng.getstate()) == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), hands=st.integers(0, 3), moves=st.integers(0, 40))
def test_resumed_anywhere_plays_the_same_hands(seed: int, hands: int, moves: int) -> None:
    """Saved after any number of hands and moves, the loaded match plays on as the match."""
    match = chuanpai.Match(seed=seed).play(hands)
    _step(match.new_hand(), random.Random(seed), moves)
    loaded = chuanpai.Match.from_json(match.to_json())
    for played in (match, loaded):
        _finish(played, random.Random(seed + 1))
        played.play(2)
    assert loaded.to_json() == match.to_json()
    assert loaded.cuts == match.cuts


# ---------------------------------------------------------------- refused documents


def _document(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zipai.Match(seed=4, dealer=0).play(2).to_json())
    data.update(changes)
    return data


def _refused(data: Any, error: type[Exception] = NotationError) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(error) as caught:
        zipai.Match.from_json(text)
    return str(caught.value)


def test_other_schema_family_and_version_are_named() -> None:
    game = zipai.Game(seed=1).to_json()
    assert "schema 'changpai.game' (expected 'changpai.match')" in _refused(game)
    assert "it is a nantong match" in _refused(_document(family="nantong"))
    assert "upgrade changpai" in _refused(_document(version=2))
    assert "version '1' (expected 1)" in _refused(_document(version="1"))
    with pytest.raises(NotationError, match="None is not a zipai match JSON document"):
        zipai.Match.from_json(None)  # type: ignore[arg-type]
    assert "holds an array" in _refused("[]")


def test_unknown_and_missing_keys_are_named() -> None:
    assert "unknown key(s) 'note'" in _refused(_document(note="x"))
    data = _document()
    del data["games"]
    assert "the key(s) 'games' are missing" in _refused(data)


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"games": {}}, "games={} is not a JSON list"),
        ({"rules": []}, "rules=[] is not a JSON object"),
        ({"summary": None}, "summary=None is not a JSON object"),
        ({"seed": 1.5}, "seed=1.5 is not a whole number"),
        ({"dealer": True}, "dealer=True is not a whole number"),
        ({"random": 7}, "seed=4 and random=7; exactly one"),
        ({"seed": None}, "seed=None and random=None; exactly one"),
        ({"games": [3]}, "games[0]=3 is not a game document of schema 'changpai.game'"),
        ({"random": -1, "seed": None}, "random=-1 is below 0"),
        ({"variant": "duzihu"}, "variant='duzihu' is no zipai variant"),
        ({"options": {"seed": 1}}, "options holds 'seed'"),
        ({"options": {"colour": 1}}, "options holds 'colour', which a zipai match does not"),
        ({"options": {"random": 1}}, "options holds 'random', which the document gives"),
        ({"dealer": 7}, "dealer=7"),
    ],
)
def test_mistyped_values_are_named(changes: dict[str, Any], named: str) -> None:
    assert named in _refused(_document(**changes))


def test_bad_rules_raise_rules_errors_naming_the_document() -> None:
    message = _refused(_document(rules={"min_huxi": "ten"}), RulesError)
    assert message.startswith("rules of the zipai match document: min_huxi=")


def test_the_variant_is_a_label_the_rules_are_read() -> None:
    """A document names the preset its rules equalled when written; a preset may change
    between versions (a 0.2.0 孝感 document), so the rules are read, not the name."""
    data = _document(variant="liuhudao")
    assert zipai.Match.from_json(json.dumps(data)).rules == zipai.HUNAN


def test_a_summary_equal_only_as_numbers_is_refused() -> None:
    """Review h72: 1.0 or true where the games give 1 was accepted, and written back as 1."""
    data = _document()
    data["summary"]["seed"] = 4.0
    assert "summary['seed'] of the zipai match document is 4.0" in _refused(data)
    data = _document()
    data["summary"]["hands"][0]["number"] = True
    assert "summary['hands']" in _refused(data)


def test_a_game_document_of_changpai_0_1_0_is_no_hand_of_a_match() -> None:
    """Review h72: a 0.1.0 game (no seed) was read as a stacked deck, and the match's random
    numbers went on from elsewhere."""
    data = _document()
    game = data["games"][1]
    data["games"][1] = {
        "format": "changpai.zipai.game/1", "rules": game["rules"],
        "deck": " ".join(game["deck"]), "dealer": game["dealer"], "actions": game["actions"],
    }  # fmt: skip
    assert "games[1]=" in _refused(data) and "is not a game document of schema" in _refused(data)


def test_a_game_without_its_decisions_names_the_missing_key() -> None:
    data = _document()
    del data["games"][1]["actions"]
    assert "the key(s) 'actions' are missing" in _refused(data)


def test_options_the_match_writes_otherwise_are_refused() -> None:
    """A 川牌 table of the rules' size writes no ``players`` (review h72: {"players": 4} or
    null were read and written back as {})."""
    data = json.loads(chuanpai.Match(seed=2).play(1).to_json())
    for options in ({"players": 4}, {"players": None}):
        with pytest.raises(NotationError, match=r"which the match writes as \{\}"):
            chuanpai.Match.from_json(json.dumps({**data, "options": options}))


def test_seeds_are_plain_and_bounded() -> None:
    """An IntEnum seed is kept as its number (its document loads: review h72), and a seed
    no document can write is refused when the match is made (to_json raised ValueError)."""

    class Odd(int):
        def __int__(self) -> int:
            return 99

    match = zipai.Match(seed=Odd(4)).play(1)
    assert type(match.seed) is int and match.seed == 4
    assert zipai.Match.from_json(match.to_json()).to_dict() == match.to_dict()
    with pytest.raises(RulesError, match="has more than 4,300 digits"):
        zipai.Match(seed=10**4300)
    with pytest.raises(RulesError, match="has more than 4,300 digits"):
        zipai.Game(seed=-(10**5000))
    # (every seed a document could hold is taken: review h73 — a 4,000-bit cap refused the
    # documents of 0.2.0 written with bigger seeds)
    big = 10**4300 - 1
    assert zipai.Match.from_json(zipai.Match(seed=big).play(1).to_json()).seed == big
    assert changpai.game_from_json(zipai.random_game(seed=big).to_json()).seed == big


def test_a_huge_seat_is_shown_by_its_size() -> None:
    """Review h73: Python's ValueError (it writes no int of over 4,300 digits)."""
    with pytest.raises(RulesError, match=r"dealer=<a whole number of 16610 bits> is not a seat"):
        zipai.Game(seed=1, dealer=10**5000)


def test_the_base_class_names_what_to_use() -> None:
    """``changpai.core.match.Match`` plays no family's hands (review h72: AttributeError)."""
    with pytest.raises(RulesError, match="use a family's Match"):
        Match.from_json("{}")
    with pytest.raises(RulesError, match="use a family's Match"):
        Match()


def test_a_game_the_match_does_not_deal_is_named() -> None:
    data = _document()
    data["games"][1]["seed"] += 1
    message = _refused(data)
    assert message.startswith("games[1] of the zipai match document is not the hand the match")
    assert "its seed is" in message
    data = _document()
    data["games"][0]["dealer"] = 1
    assert "games[0] of the zipai match document is not the hand" in _refused(data)


def test_a_bad_game_document_is_named_by_its_place() -> None:
    data = _document()
    data["games"][1]["deck"][3] = "zz"
    assert _refused(data).startswith("games[1] of the zipai match document: ")
    data = _document()
    data["games"][1]["actions"][0]["seat"] = 2  # (not that seat's turn)
    message = _refused(data, IllegalActionError)
    assert message.startswith("games[1] of the zipai match document: actions[0] of the zipai")


def test_a_match_deals_each_hand_twice_when_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading a match deals each hand twice, once from its document and once as the match
    deals it (the two compared), and replays its decisions once: it read each hand's document
    twice and dealt it three times (performance.md, game and match documents)."""
    text = zipai.Match(seed=4, dealer=0).play(3).to_json()
    made: list[int] = []
    real_init = zipai.Game.__init__

    def counting_init(self: zipai.Game, *args: Any, **kwargs: Any) -> None:
        made.append(1)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(zipai.Game, "__init__", counting_init)
    assert zipai.Match.from_json(text).to_json() == text
    assert len(made) == 2 * 3


def test_a_game_s_decisions_are_read_as_its_own_document_reads_them() -> None:
    """The decisions of a match's game, read once on the hand it loaded, are named as the
    game's own document names them: a list that is none, or an action that is none, by its
    place; each hand loaded equals the game its document gives alone (behaviour unchanged)."""
    data = _document()
    data["games"][1]["actions"] = {"seat": 0}
    assert "games[1] of the zipai match document: not a zipai game document: actions=" in _refused(
        data
    )
    data = _document()
    data["games"][1]["actions"][2] = {"seat": 0, "kind": "eat"}
    message = _refused(data)
    assert message.startswith("games[1] of the zipai match document: actions[2] of the zipai")
    for bad in ("pass", 5, None, [1]):  # (named as the game's own document names it: h76)
        data = _document()
        data["games"][1]["actions"][0] = bad
        with pytest.raises(NotationError) as alone:
            zipai.Game.from_json(json.dumps(data["games"][1]))
        assert _refused(data) == f"games[1] of the zipai match document: {alone.value}"
    data = _document()  # (a hand not dealt next is named so before its decisions: h76)
    data["games"][1]["seed"] += 1
    del data["games"][1]["actions"]
    assert "games[1] of the zipai match document is not the hand the match" in _refused(data)
    data = _document()
    match = zipai.Match.from_json(json.dumps(data))
    for game, item in zip(match.games, data["games"], strict=True):
        assert game == zipai.Game.from_json(json.dumps(item))
        assert json.loads(game.to_json()) == item


def test_a_hand_after_an_unfinished_one_is_refused() -> None:
    data = _document()
    data["games"][0]["actions"] = data["games"][0]["actions"][:3]
    assert "games[1] of the zipai match document follows a hand that is not over" in _refused(data)


@pytest.mark.parametrize("key", ["totals", "hands", "dealer", "seed"])
def test_a_summary_its_games_do_not_give_is_named(key: str) -> None:
    data = _document()
    data["summary"][key] = {"0": 99} if key == "totals" else 9
    assert f"summary[{key!r}] of the zipai match document is" in _refused(data)


def test_a_summary_key_no_summary_holds_is_named_and_a_missing_one_is_not_checked() -> None:
    """Review h73: an unknown key read "its games give None"; a key a newer changpai adds to
    the summary must not make the documents of this one unloadable."""
    data = _document()
    data["summary"]["extra"] = 1
    assert "summary['extra'] of the zipai match document: a match's summary holds no" in (
        _refused(data)
    )
    data = _document()
    del data["summary"]["totals"]
    assert (
        zipai.Match.from_json(json.dumps(data)).totals
        == zipai.Match.from_json(json.dumps(_document())).totals
    )


def test_a_missing_family_is_named_as_a_missing_key() -> None:
    data = _document()
    del data["family"]
    assert "the key(s) 'family' are missing" in _refused(data)


def test_a_constructor_taking_any_keyword_gets_a_typed_error() -> None:
    """Review h73: Python's TypeError escaped from a subclass taking ``**kwargs``."""

    class Open(zipai.Match):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)

    data = json.loads(Open(seed=4).play(1).to_json())
    data["options"] = {"foo": 1}
    with pytest.raises(NotationError, match="not a zipai match document: options"):
        Open.from_json(json.dumps(data))


class _Staked(chuanpai.Match):
    """A subclass with a constructor argument of its own."""

    def __init__(
        self,
        rules: Any = None,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        players: int | None = None,
        stake: int = 1,
    ) -> None:
        super().__init__(rules, seed, dealer=dealer, players=players)
        self.stake = stake


class _Reported(_Staked):
    _option_names = ("players", "stake")

    def _options(self) -> dict[str, Any]:
        return {**super()._options(), **({"stake": self.stake} if self.stake != 1 else {})}


def test_a_subclass_argument_is_kept_or_the_match_is_refused() -> None:
    """Review h73: a subclass's own argument was dropped without a word."""
    with pytest.raises(NotationError, match="its constructor takes stake, which its _options"):
        _Staked(seed=3, stake=5).to_json()
    loaded = _Reported.from_json(_Reported(seed=3, stake=5).play(1).to_json())
    assert loaded.stake == 5


def test_a_match_pickled_before_match_documents_is_refused() -> None:
    """Review h73: AttributeError for a match without the number its random numbers began
    with (``_random``), as one pickled by an older changpai."""
    match = zipai.Match(seed=4).play(1)
    del match.__dict__["_random"]
    with pytest.raises(NotationError, match="made by a changpai before match documents"):
        match.to_json()


def test_saving_settles_a_finished_hand_as_documented() -> None:
    match = zipai.Match(seed=3, dealer=0)
    _finish_hand = match.new_hand()
    _step(_finish_hand, random.Random(0), 10**6)
    assert match.hands == ()
    match.to_json()
    assert len(match.hands) == 1


def test_a_document_of_any_family_needs_a_known_family() -> None:
    with pytest.raises(NotationError, match="its family 'go' is none of"):
        changpai.match_from_json('{"family": "go"}')
    with pytest.raises(NotationError, match="not a changpai match JSON document"):
        changpai.match_from_json(b"\xff")


@pytest.mark.parametrize(("match_class", "keywords"), MATCHES, ids=IDS)
def test_every_game_and_match_keeps_a_seed_as_its_plain_number(
    match_class: type[Match[Any, Any]], keywords: dict[str, Any]
) -> None:
    """An IntEnum seed is its number in every family's Game, as in a Match (review h73:
    ``Game(seed=S.A).seed`` kept the enum, a Match the number)."""
    import enum

    class Seed(enum.IntEnum):
        A = 3

    match = match_class(seed=Seed.A, **keywords)
    game = match.game_class(seed=Seed.A, **keywords)
    assert type(match.seed) is int and type(game.seed) is int
    assert game == match.game_class(seed=3, **keywords) and "seed=3 " in repr(game)


# --- (review h93) state set by hand between hands; 戳牌 lenient matches ---------------------

_CARRIED = {
    zipai.Match: {"dealer": 3, "streak": 3, "huangfan": 4},
    daer.Match: {"dealer": 4, "streak": 3},
    nantong.Match: {"dealer": 4},
    chuanpai.Match: {"dealer": 4},
    chuopai.Match: {"dealer": 3},
    xiaogan.Match: {"dealer": 4},
}


@settings(max_examples=40, deadline=None)
@given(
    family=st.sampled_from(sorted(_CARRIED, key=lambda m: m.__module__)),
    seed=st.integers(0, 2**16),
    plan=st.lists(
        st.tuples(
            st.integers(0, 2), st.sampled_from(["dealer", "streak", "huangfan"]), st.integers(0, 3)
        ),
        max_size=4,
    ),
)
def test_state_set_by_hand_is_kept_by_the_document(
    family: type[Match[Any, Any]], seed: int, plan: list[tuple[int, str, int]]
) -> None:
    """A dealer, 荒莊 streak or 黃番 count set by hand — before a hand, once it is over, or in
    the middle of one — is the next hand's, and the document keeps it: the loaded match plays
    on as the saved one (review h93: zipai.md's own ``match.huangfan = 2`` wrote a document
    its from_json refused)."""
    match = family(seed=seed, dealer=0)
    chooser = random.Random(seed)
    for when, name, value in plan:
        if name not in _CARRIED[family]:
            continue
        value %= _CARRIED[family][name]
        _finish(match, chooser)
        if when:
            game = match.new_hand()
            _step(game, chooser, 5 if when == 1 else 10**6)  # (in the middle, or over)
        setattr(match, name, value)
        if match.game is None or match.game.is_over:  # (the next hand deals with it)
            dealt = match.new_hand()
            assert (dealt.dealer if name == "dealer" else getattr(match, name)) == value
    _finish(match, chooser)
    text = match.to_json()
    loaded = family.from_json(text)
    assert loaded.to_json() == text and loaded.to_dict() == match.to_dict()
    assert loaded.play(2).to_json() == match.play(2).to_json()


def test_a_huangfan_set_before_the_first_hand_is_its_document() -> None:
    """docs/zipai-engine.md: ``match.huangfan = 2`` deals the hand with 黃番 ×3."""
    match = zipai.Match(seed=5, dealer=0)
    match.huangfan = 2
    match.play(1)
    data = json.loads(match.to_json())
    assert data["set"] == {"0": {"huangfan": 2}} and match.games[0].options == {"huangfan": 2}
    assert zipai.Match.from_json(match.to_json()).games[0].options == {"huangfan": 2}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"9": {"dealer": 1}}, r"set\['9'\] names no hand of the match \(0 to 1\)"),
        ({"1": {"dealer": -1}}, "is not a whole number >= 0"),
        ({"1": {"colour": 1}}, "'colour' is not a state a Match carries between hands"),
        ([], "set=\\[\\] is not a JSON object"),
    ],
)
def test_a_bad_set_is_a_notation_error(entry: object, message: str) -> None:
    data = json.loads(zipai.Match(seed=5, dealer=0).play(1).to_json())
    data["set"] = entry
    with pytest.raises(NotationError, match=message):
        zipai.Match.from_json(json.dumps(data))


def test_a_chuopai_match_deals_lenient_hands_when_told() -> None:
    """chuanpai.md §3.4: 罰牌 belongs to the game — a lenient match deals lenient hands (h93:
    a match could not), and its document keeps it."""
    match = chuopai.Match(seed=1, dealer=0, strict=False).play(3)
    assert all(not game.strict for game in match.games)
    loaded = chuopai.Match.from_json(match.to_json())
    assert loaded.strict is False and loaded.to_dict() == match.to_dict()
    assert all(game.strict for game in chuopai.Match(seed=1, dealer=0).play(1).games)


@pytest.mark.parametrize(
    ("name", "value", "error", "message"),
    [
        ("dealer", None, RulesError, "dealer=None is not a seat"),
        ("dealer", 7, RulesError, "dealer=7 is not a seat"),
        ("dealer", True, RulesError, "dealer=True is not a seat"),
        ("streak", -1, RulesError, "streak=-1 is not an integer from 0 to"),
        ("streak", 1.0, NotationError, "streak=1.0 is not an integer"),
        ("huangfan", 2**60, RulesError, "huangfan=.* is not an integer from 0 to"),
    ],
)
def test_a_value_set_by_hand_is_checked_at_once(
    name: str, value: object, error: type[Exception], message: str
) -> None:
    """Review h95: the setters took anything — ``repr`` then raised TypeError, and ``1.0``
    dealt as 1 but was written raw, a document its from_json refused."""
    match = zipai.Match(seed=4, dealer=0).play(1)
    text = match.to_json()
    with pytest.raises(error, match=message):
        setattr(match, name, value)
    assert match.to_json() == text and repr(match)


def test_a_settling_that_fails_leaves_the_match_as_it_was() -> None:
    """Review h95: the totals were added before the next dealer failed, again on every try,
    and a value set by hand was lost."""

    class Failing(zipai.Match):
        fail = True

        def _next_dealer(self, game: Any) -> int:
            if self.fail:
                raise RulesError("no next dealer")
            return super()._next_dealer(game)

    match = Failing(seed=3, dealer=0)
    _finish_hand = match.new_hand()
    _step(_finish_hand, random.Random(3), 10**6)
    match.huangfan = 2
    for _ in range(2):
        with pytest.raises(RulesError, match="no next dealer"):
            match.settle()
        assert match.totals == {0: 0, 1: 0, 2: 0} and match.hands == () and match.huangfan == 2
    match.fail = False
    assert sum(match.settle().values()) == 0 and len(match.hands) == 1 and match.huangfan == 2


def test_a_match_unpickled_without_its_record_of_sets_still_keeps_them() -> None:
    """Review h95: a match pickled before this change has no ``_touched``; a value set on it
    was not recorded, and its document was refused."""
    match = zipai.Match(seed=4, dealer=0).play(2)
    del vars(match)["_touched"], vars(match)["_set_by_hand"], vars(match)["_natural"]
    vars(match)["dealer"] = vars(match).pop("_dealer")  # (kept under its name, as then)
    match = pickle.loads(pickle.dumps(match))
    match.dealer = 2
    match.new_hand()
    assert zipai.Match.from_json(match.to_json()).to_json() == match.to_json()


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"1": {"dealer": 5}}, r"set\['1'\] of the zipai match document: dealer=5 is not a seat"),
        ({"1": {"streak": 2**60}}, r"set\['1'\] of .*streak=.* is not an integer from 0 to"),
        ({"9" * 5000: {"dealer": 1}}, "names no hand of the match"),
    ],
)
def test_a_set_the_match_cannot_use_is_refused_by_name(entry: object, message: str) -> None:
    data = json.loads(zipai.Match(seed=5, dealer=0).play(1).to_json())
    data["set"] = entry
    with pytest.raises(NotationError, match=message):
        zipai.Match.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("make", "name", "value"),
    [
        (lambda: chuopai.Match(seed=1, dealer=0, strict=False), "strict", True),
        (lambda: chuanpai.Match(seed=1, players=3), "players", 4),
        (lambda: xiaogan.Match(seed=1, players=5), "players", 4),
    ],
)
def test_an_option_every_hand_is_dealt_with_is_fixed(make: Any, name: str, value: object) -> None:
    """Review h95: changing 戳牌's ``strict`` (川牌's, 孝感's ``players``) between hands wrote a
    document its from_json refused; the match keeps the one value it was made with."""
    match = make().play(1)
    kept = getattr(match, name)
    with pytest.raises(RulesError, match=f"{name}=.*: a Match deals every hand with"):
        setattr(match, name, value)
    assert getattr(match, name) == kept
    assert type(match).from_json(match.to_json()).to_json() == match.to_json()


@pytest.mark.parametrize(("match_class", "keywords"), MATCHES, ids=IDS)
def test_a_refused_new_hand_leaves_the_match_as_it_was(
    match_class: type[Match[Any, Any]], keywords: dict[str, Any]
) -> None:
    """A deal refused (a deck that is no deck) settles nothing, draws no cut and uses no seed:
    the match, its document and what it deals next are those of a match never asked (docs: Core
    concepts, "Errors": a failed call leaves every object as it was; review h128 found 川牌's
    finished hand settled, its cut drawn and the dealer moved by a refused ``new_hand``)."""
    match = match_class(seed=4, dealer=0, **keywords)
    twin = match_class(seed=4, dealer=0, **keywords)
    for each in (match, twin):
        each.new_hand()
        _finish(each, random.Random(0))
    with pytest.raises(NotationError):
        match.new_hand(deck="zz")
    assert match.hands == twin.hands == ()  # (the finished hand not settled yet)
    assert (match.totals, match.dealer) == (twin.totals, twin.dealer)
    assert match.to_json() == twin.to_json()
    assert match.new_hand().deck == twin.new_hand().deck
    assert type(match).from_json(match.to_json()).to_json() == match.to_json()


def test_a_deal_refused_by_the_rules_uses_no_seed() -> None:
    """字牌's 黃番 count set to the largest number: the 荒莊 hand counts it past the bound, so
    the next deal is refused; setting it back, the match deals the hand it would have dealt and
    its document loads (review h128: the refused deal had used a seed)."""
    from changpai.core.guard import NUMBER_MAX

    match = zipai.Match(seed=1, dealer=0)
    match.huangfan = NUMBER_MAX
    match.play(1)
    assert match.hands[-1].winner is None  # (a 荒莊: the count goes on)
    twin = match.copy()
    with pytest.raises(RulesError):
        match.new_hand()
    match.huangfan = twin.huangfan = 0
    assert match.new_hand().seed == twin.new_hand().seed
    assert zipai.Match.from_json(match.to_json()).to_json() == match.to_json()
