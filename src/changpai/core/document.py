"""The JSON documents of changpai, one schema for every family (docs: Core concepts).

A **game document** (``Game.to_json()``, ``changpai play --json``)::

    {"schema": "changpai.game", "version": 2, "family": "zipai", "variant": "hunan",
     "rules": {...}, "seed": 7, "deck": ["x3", ...], "dealer": 0, "options": {},
     "actions": [{"seat": 0, "kind": "discard", "card": "x9"}, ...]}

``variant`` is the registered variant whose rules equal ``rules`` (``null`` for rules of one's
own); ``deck`` the cards in deal order (always written, so a stacked deck round-trips;
``seed`` is kept for reference); ``options`` the family's other constructor keywords (the
number of players of a 川牌 table, the 黃番 count of a 字牌 hand); ``actions`` the decisions
only (the engine's own records are made again by replaying them).

A **match document** (``Match.to_json()``, version 1) keeps a match's arguments, the game
document of every hand dealt and its summary (``Match.to_dict()``)::

    {"schema": "changpai.match", "version": 1, "family": "zipai", "variant": "hunan",
     "rules": {...}, "seed": 4, "random": null, "dealer": null, "options": {},
     "games": [{...game document...}, ...], "summary": {...}}

An **analysis document** (``analysis.to_dict()``, ``changpai analyze --json``)::

    {"schema": "changpai.analysis", "version": 2, "family": "zipai", "variant": "hunan",
     "cards": [...], "exposed": [...], "complete": true, "best": {"melds": [...], "value": 18},
     "value": 18, "score": {...sheet...}, "waits": [{"card": "x9", "best": {...}, "value": 15}],
     "facts": {...}}

Documents written by changpai 0.1.0 (each family had its own tag) are read as version 1 by the
family's ``Game.from_json``; a version this changpai does not know raises
:class:`~changpai.errors.NotationError` naming it.

>>> data = game_document(
...     family="demo", variant=None, rules={"name": "demo"}, seed=1, deck=["a"], dealer=0,
...     options={}, actions=[])
>>> read_game_document(json.dumps(data), family="demo")["deck"]
['a']
>>> read_game_document('{"schema": "changpai.game", "version": 9, "family": "demo"}', family="demo")
Traceback (most recent call last):
...
changpai.errors.NotationError: a changpai.game document of version 9 cannot be read by this changpai (it reads versions 1 and 2); upgrade changpai
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from changpai.core.guard import clipped
from changpai.core.serial import rules_from_dict
from changpai.errors import NotationError, RulesError

if TYPE_CHECKING:
    from changpai.core.variant import Variant

__all__ = [
    "ANALYSIS_SCHEMA",
    "GAME_KEYS",
    "GAME_SCHEMA",
    "MATCH_KEYS",
    "MATCH_OPTIONAL_KEYS",
    "MATCH_SCHEMA",
    "MATCH_VERSION",
    "VERSION",
    "analysis_document",
    "check_decisions",
    "check_legacy_family",
    "check_legacy_keys",
    "check_options",
    "game_document",
    "game_family",
    "match_document",
    "match_family",
    "read_game_document",
    "read_match_document",
    "read_rules",
    "variant_name",
    "variants_of",
]

_R = TypeVar("_R")

GAME_SCHEMA = "changpai.game"
ANALYSIS_SCHEMA = "changpai.analysis"
VERSION = 2
"""The version of the documents this changpai writes (0.1.0 wrote version 1, untagged)."""

GAME_KEYS = ("family", "variant", "rules", "seed", "deck", "dealer", "options", "actions")

MATCH_SCHEMA = "changpai.match"
MATCH_VERSION = 1
"""The version of the match documents this changpai writes (the first)."""

MATCH_KEYS = (
    "family", "variant", "rules", "seed", "random", "dealer", "options", "games", "summary"
)  # fmt: skip
#: The keys a match document holds only when there is something to keep: ``set``, the state
#: a caller set by hand before a hand (``Match.dealer``, a 荒莊 ``streak``, a 黃番 count).
MATCH_OPTIONAL_KEYS = ("set",)


def variant_name(family: str, rules: Any) -> str | None:
    """The id of the registered variant of ``family`` whose rules equal ``rules``, else ``None``.

    >>> from changpai import zipai
    >>> variant_name("zipai", zipai.HUNAN), variant_name("zipai", zipai.HUNAN.evolve(min_huxi=9))
    ('hunan', None)
    """
    for entry in variants_of(family):
        if entry.rules == rules:
            return entry.name
    return None


def variants_of(family: str) -> tuple[Variant, ...]:
    """The registered variants of ``family`` (one of :data:`FAMILIES`; none for another name),
    read from that family alone: the registry of every variant imports every family.

    >>> [entry.name for entry in variants_of("daer")], variants_of("nothing")
    (['daer', 'luzhou'], ())
    """
    if family not in FAMILIES:
        return ()
    entries: tuple[Variant, ...] = importlib.import_module(f"changpai.{family}").VARIANTS
    return tuple(entry for entry in entries if entry.family == family)


def game_document(
    *,
    family: str,
    variant: str | None,
    rules: Mapping[str, Any],
    seed: int | None,
    deck: Sequence[str],
    dealer: int,
    options: Mapping[str, Any],
    actions: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """A game document (version 2) as a dict, keys in schema order.

    >>> list(game_document(family="f", variant=None, rules={}, seed=None, deck=[], dealer=0,
    ...                    options={}, actions=[]))[:4]
    ['schema', 'version', 'family', 'variant']
    """
    return {
        "schema": GAME_SCHEMA,
        "version": VERSION,
        "family": family,
        "variant": variant,
        "rules": dict(rules),
        "seed": seed,
        "deck": list(deck),
        "dealer": dealer,
        "options": dict(options),
        "actions": [dict(a) for a in actions],
    }


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members as a dict; a key given twice is a ValueError naming it (JSON
    keeps the last silently, and nothing of a document is silently dropped).

    >>> _unique_keys([("dealer", 2), ("dealer", 0)])
    Traceback (most recent call last):
    ...
    ValueError: the key 'dealer' is given twice in one object
    """
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} is given twice in one object")
            seen.add(key)
    return data


def _loads(text: object, what: str) -> dict[str, Any]:
    if not isinstance(text, (str, bytes, bytearray)):
        raise NotationError(f"{clipped(text)} is not a {what} JSON document: expected JSON text")
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except (ValueError, RecursionError) as problem:  # deeply nested JSON recurses
        raise NotationError(f"not a {what} JSON document: {problem}") from None
    if not isinstance(data, dict):
        raise NotationError(
            f"not a {what} JSON document: the text holds {_json_kind(data)}, not a JSON object"
        )
    return data


def shown_json(value: object) -> str:
    """A value read from a document as its JSON text says it: ``null``, ``true``, ``false``,
    else as :func:`~changpai.core.guard.clipped` shows it.

    >>> shown_json(None), shown_json(False), shown_json("x"), shown_json([1])
    ('null', 'false', "'x'", '[1]')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return clipped(value)


def _json_kind(value: object) -> str:
    """What a JSON value is, in JSON's words.

    >>> _json_kind(None), _json_kind([1]), _json_kind(True), _json_kind(2.5), _json_kind("x")
    ('null', 'an array', 'true', 'a number', 'a string')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, list):
        return "an array"
    return "a string" if isinstance(value, str) else "a number"


#: The families: each package ``changpai.<family>`` registers its variants (``VARIANTS``) and
#: its ``Game`` reads the game documents that name it.
FAMILIES = ("zipai", "nantong", "chuanpai", "chuanpai.chuopai", "daer", "xiaogan")


def game_family(text: object) -> str:
    """The family of a game document (version 2, or a 0.1.0 one: its ``family`` key, or the
    family of its 字牌 ``format`` tag) — what :func:`changpai.game_from_json` loads it with.
    Text that is no JSON object naming a family raises
    :class:`~changpai.errors.NotationError` naming the problem.

    >>> game_family('{"schema": "changpai.game", "version": 2, "family": "chuanpai.chuopai"}')
    'chuanpai.chuopai'
    >>> game_family('{"format": "changpai.zipai.game/1"}')
    'zipai'
    >>> game_family('{"family": "chess"}')
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a changpai game document: its family 'chess' is none of zipai, nantong, chuanpai, chuanpai.chuopai, daer, xiaogan
    """
    data = _loads(text, "changpai game")
    family = data.get("family")
    tag = data.get("format")
    if family is None and "schema" not in data and isinstance(tag, str):
        parts = tag.split(".")  # (0.1.0 字牌: "changpai.zipai.game/1")
        family = parts[1] if len(parts) > 2 and parts[0] == "changpai" else None
    return _known_family(family, "game")


def _known_family(family: object, what: str) -> str:
    """``family`` if it is one of :data:`FAMILIES`, else the
    :class:`~changpai.errors.NotationError` of a ``what`` document naming it."""
    if family not in FAMILIES:
        raise NotationError(
            f"not a changpai {what} document: its family {clipped(family)} is none of "
            f"{', '.join(FAMILIES)}"
        )
    return str(family)


def match_family(text: object) -> str:
    """The family of a match document (its ``family`` key) — what
    :func:`changpai.match_from_json` loads it with. Text that is no JSON object naming a
    family raises :class:`~changpai.errors.NotationError` naming the problem.

    >>> match_family('{"schema": "changpai.match", "version": 1, "family": "daer"}')
    'daer'
    >>> match_family('{"family": "go"}')
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a changpai match document: its family 'go' is none of zipai, nantong, chuanpai, chuanpai.chuopai, daer, xiaogan
    """
    return _known_family(_loads(text, "changpai match").get("family"), "match")


def check_legacy_family(data: dict[str, Any], family: str) -> None:
    """The :class:`~changpai.errors.NotationError` of a text without ``schema`` that is no
    changpai 0.1.0 document of ``family`` either (its ``family`` key is another or missing):
    what a family's converter of 0.1.0 documents checks first.

    >>> check_legacy_family({"family": "nantong"}, "nantong")
    >>> check_legacy_family({}, "nantong")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a nantong game document: it has no 'schema' key (expected 'changpai.game') and its family is None, not that of a changpai 0.1.0 nantong document
    """
    if data.get("family") != family:
        raise NotationError(
            f"not a {family} game document: it has no 'schema' key (expected {GAME_SCHEMA!r}) "
            f"and its family is {clipped(data.get('family'))}, not that of a changpai 0.1.0 {family} "
            "document"
        )


def check_legacy_keys(data: Mapping[str, Any], family: str, keys: Sequence[str]) -> None:
    """The :class:`~changpai.errors.NotationError` of a changpai 0.1.0 document of ``family``
    holding a key other than ``keys``, those 0.1.0 wrote: nothing is silently dropped, as an
    unknown key of a version-2 document is refused too.

    >>> check_legacy_keys({"family": "nantong", "log": []}, "nantong", ("family", "log"))
    >>> check_legacy_keys({"family": "nantong", "note": "x"}, "nantong", ("family", "log"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a changpai 0.1.0 nantong game document: unknown key(s) 'note' (its keys are 'family', 'log')
    """
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise NotationError(
            f"not a changpai 0.1.0 {family} game document: unknown key(s) "
            f"{', '.join(map(clipped, unknown))} (its keys are {', '.join(map(repr, keys))})"
        )


# (the keys of a version-2 game document)
_ENVELOPE = ("schema", "version", *GAME_KEYS)


def _check_variant(name: object, family: str, what: str = "game") -> None:
    """The :class:`NotationError` of a document's ``variant`` that is neither None nor the id
    of a registered variant of ``family`` (the rules are read from ``rules``; the variant names
    them for a reader, and a name of another family or of none is no such name).

    >>> _check_variant("hunan", "zipai"), _check_variant("跑胡子", "zipai"), _check_variant(None, "zipai")
    (None, None, None)
    >>> _check_variant("duzihu", "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai game document: variant='duzihu' is no zipai variant (its variants: hunan, liuhudao, haha)
    """
    if name is None:
        return
    entries = variants_of(family)
    names = [entry.name for entry in entries]
    if not any(name in entry.names() for entry in entries):  # (an alias names it too)
        raise NotationError(
            f"not a {family} {what} document: variant={clipped(name)} is no {family} variant "
            f"(its variants: {', '.join(names) or 'none'})"
        )


def _whole_or_none(value: object) -> bool:
    """Whether a document's number is null or a whole number (JSON's: not 1.0, not true)."""
    return value is None or type(value) is int


def _is_version(version: object, schema: str, current: int, reads: str) -> bool:
    """Whether a document's ``version`` is ``current`` (a whole number: not 2.0, not True);
    a newer one raises the :class:`~changpai.errors.NotationError` that asks for a newer
    changpai (this one ``reads`` the versions named).

    >>> _is_version(2, "changpai.game", 2, "versions 1 and 2"), _is_version(2.0, "x", 2, "")
    (True, False)
    >>> _is_version(3, "changpai.match", 1, "version 1")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: a changpai.match document of version 3 cannot be read by this changpai (it reads version 1); upgrade changpai
    """
    if type(version) is int and version > current:
        raise NotationError(
            f"a {schema} document of version {version} cannot be read by this changpai (it "
            f"reads {reads}); upgrade changpai"
        )
    return type(version) is int and version == current


def _check_unknown(data: Mapping[str, Any], envelope: Sequence[str], where: str) -> None:
    """The :class:`~changpai.errors.NotationError` (``where``: what the document is not) of
    a document holding a key that is not in ``envelope``."""
    unknown = [key for key in data if key not in envelope]
    if unknown:
        raise NotationError(
            f"{where}: unknown key(s) {', '.join(map(clipped, unknown))} "
            f"(the keys are {', '.join(envelope)})"
        )


def _check_members(
    data: Mapping[str, Any],
    family: str,
    what: str,
    keys: Sequence[str],
    *,
    lists: Sequence[str],
    objects: Sequence[str] = (),
) -> None:
    """The :class:`~changpai.errors.NotationError` of a ``what`` document (game, match) of
    another family, missing one of ``keys``, whose ``lists``, ``objects``, ``options`` and
    ``rules`` are not JSON lists and objects, or whose variant is not one of ``family``.

    >>> _check_members({"family": "daer"}, "zipai", "match", ("family",), lists=())
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai match document: it is a daer match
    """
    where = f"not a {family} {what} document"
    if "family" in data and data["family"] != family:  # (absent: named as a missing key)
        theirs = data["family"]
        if isinstance(theirs, str):
            raise NotationError(f"{where}: it is a {clipped(theirs)[1:-1]} {what}")
        raise NotationError(f"{where}: its family is {shown_json(theirs)}, not '{family}'")
    missing = [key for key in keys if key not in data]
    if missing:
        raise NotationError(
            f"not a complete {family} {what} document: the key(s) "
            f"{', '.join(map(repr, missing))} are missing"
        )
    for key in (*lists, *objects, "options", "rules"):
        kind = list if key in lists else dict
        if not isinstance(data[key], kind):
            raise NotationError(
                f"{where}: {key}={clipped(data[key])} is not a JSON "
                f"{'list' if kind is list else 'object'}"
            )
    _check_variant(data["variant"], family, what)


def read_game_document(
    text: object,
    *,
    family: str,
    legacy: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Parse a game document of ``family`` and check its envelope; returns the dict with every
    key of :data:`GAME_KEYS`.

    A document without ``schema`` is a 0.1.0 one (version 1): ``legacy(data)`` converts it (a
    family without 0.1.0 documents gives none, and such a text raises). Text that is not JSON,
    another schema, another family, an unknown version or a missing or mistyped key raise
    :class:`~changpai.errors.NotationError` naming the problem.

    >>> read_game_document('{"schema": "changpai.game", "version": 2, "family": "zipai"}',
    ...                    family="nantong")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a nantong game document: it is a zipai game
    >>> read_game_document("[1]", family="zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai game JSON document: the text holds an array, not a JSON object
    """
    data = _loads(text, f"{family} game")
    if "schema" not in data:
        if legacy is None:
            raise NotationError(
                f"not a {family} game document: it has no 'schema' key (expected {GAME_SCHEMA!r})"
            )
        data = legacy(data)
    elif data["schema"] != GAME_SCHEMA:
        raise NotationError(
            f"not a {family} game document: schema {shown_json(data['schema'])} (expected {GAME_SCHEMA!r})"
        )
    else:
        version = data.get("version")
        if "version" not in data:
            raise NotationError(
                f"not a {family} game document: it has no 'version' key (a {GAME_SCHEMA} "
                f"document is version {VERSION})"
            )
        if not _is_version(version, GAME_SCHEMA, VERSION, f"versions 1 and {VERSION}"):
            raise NotationError(
                f"not a {family} game document: version {shown_json(version)} — a {GAME_SCHEMA} "
                f"document is version {VERSION} (those of version 1, written by changpai "
                "0.1.0, carry no schema)"
            )
        # (nothing is silently dropped: an action's unknown key is refused too)
        _check_unknown(data, _ENVELOPE, f"not a {family} game document")
    _check_members(data, family, "game", GAME_KEYS, lists=("deck", "actions"))
    seed = data["seed"]
    if not _whole_or_none(seed):
        raise NotationError(
            f"not a {family} game document: seed={clipped(seed)} is not a whole number"
        )
    for number, code in enumerate(data["deck"]):
        if not isinstance(code, str):
            raise NotationError(
                f"not a {family} game document: deck[{number}]={clipped(code)} is not a card "
                "code (the deck must be a list of card codes)"
            )
    check_decisions(data["actions"], family)
    return data


def match_document(
    *,
    family: str,
    variant: str | None,
    rules: Mapping[str, Any],
    seed: int | None,
    random: int | None,
    dealer: int | None,
    options: Mapping[str, Any],
    games: Sequence[Mapping[str, Any]],
    summary: Mapping[str, Any],
    set_by_hand: Mapping[int, Mapping[str, int]] | None = None,
) -> dict[str, Any]:
    """A match document (version 1) as a dict, keys in schema order: the match's constructor
    arguments (``random`` is the number its random numbers were seeded with when ``seed`` is
    None; ``dealer`` is None when the first dealer was drawn), the game document of every hand
    dealt and the summary (``Match.to_dict()``). ``set_by_hand`` — written as ``set`` only
    when there is one — maps a hand's number (0: the first) to the carried state a caller
    set before it was dealt (``dealer``, ``streak``, ``huangfan``).

    >>> list(match_document(family="f", variant=None, rules={}, seed=1, random=None,
    ...                     dealer=None, options={}, games=[], summary={}))[:4]
    ['schema', 'version', 'family', 'variant']
    """
    return {
        "schema": MATCH_SCHEMA,
        "version": MATCH_VERSION,
        "family": family,
        "variant": variant,
        "rules": dict(rules),
        "seed": seed,
        "random": random,
        "dealer": dealer,
        "options": dict(options),
        **({"set": {str(k): dict(v) for k, v in set_by_hand.items()}} if set_by_hand else {}),
        "games": [dict(g) for g in games],
        "summary": dict(summary),
    }


def read_rules(rules_class: type[_R], data: Mapping[str, Any], *, family: str, what: str) -> _R:
    """The rules of a ``what`` document (game, match) of ``family``, read from its ``rules``
    (:func:`~changpai.core.serial.rules_from_dict`); a bad option is a
    :class:`~changpai.errors.RulesError` naming the document. The ``variant`` is not read in
    their place: it names the preset the rules equalled when the document was written, and a
    preset may change between versions (a 0.2.0 孝感 document names the rules of its day).

    >>> from changpai import zipai
    >>> read_rules(zipai.Rules, {"rules": {"min_huxi": "ten"}}, family="zipai", what="game")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: rules of the zipai game document: min_huxi='ten': the 胡息 needed to win must be an int >= 0
    """
    try:
        return rules_from_dict(rules_class, data["rules"], family=family)
    except RulesError as error:
        raise RulesError(f"rules of the {family} {what} document: {error}") from None


def read_match_document(text: object, *, family: str) -> dict[str, Any]:
    """Parse a match document of ``family`` and check its envelope: its schema and version,
    its keys (:data:`MATCH_KEYS`, no other), their JSON types, and that exactly one of
    ``seed`` and ``random`` is a number. What the games hold is checked as they are replayed.

    >>> read_match_document('{"schema": "changpai.game", "version": 2}', family="zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai match document: schema 'changpai.game' (expected 'changpai.match')
    """
    data = _loads(text, f"{family} match")
    where = f"not a {family} match document"
    for key, expected in (("schema", repr(MATCH_SCHEMA)), ("version", str(MATCH_VERSION))):
        if key not in data:
            raise NotationError(f"{where}: it has no '{key}' key (expected {expected})")
    if data["schema"] != MATCH_SCHEMA:
        raise NotationError(
            f"{where}: schema {shown_json(data['schema'])} (expected {MATCH_SCHEMA!r})"
        )
    version = data.get("version")
    if not _is_version(version, MATCH_SCHEMA, MATCH_VERSION, f"version {MATCH_VERSION}"):
        raise NotationError(f"{where}: version {shown_json(version)} (expected {MATCH_VERSION})")
    _check_unknown(data, ("schema", "version", *MATCH_KEYS, *MATCH_OPTIONAL_KEYS), where)
    _check_members(data, family, "match", MATCH_KEYS, lists=("games",), objects=("summary",))
    _check_set_by_hand(data.get("set", {}), len(data["games"]), where)
    for key in ("seed", "random", "dealer"):
        if not _whole_or_none(data[key]):
            raise NotationError(f"{where}: {key}={clipped(data[key])} is not a whole number")
    if (data["seed"] is None) == (data["random"] is None):
        raise NotationError(
            f"{where}: seed={clipped(data['seed'])} and random={clipped(data['random'])}; exactly one of "
            "them is a number (random seeds the match when its seed is null)"
        )
    if data["random"] is not None and data["random"] < 0:
        raise NotationError(f"{where}: random={data['random']} is below 0")
    for number, game in enumerate(data["games"]):
        if not isinstance(game, dict) or game.get("schema") != GAME_SCHEMA:
            # (a 0.1.0 game document has no seed: its hand would be read as a stacked deck,
            # and the match's random numbers would go on from elsewhere — review h72)
            raise NotationError(
                f"{where}: games[{number}]={clipped(game)} is not a game document of "
                f"schema {GAME_SCHEMA!r} (every game of a match is one)"
            )
    return data


def _check_set_by_hand(found: object, games: int, where: str) -> None:
    """The :class:`~changpai.errors.NotationError` of a match document's ``set`` that is not
    an object mapping a hand's number (``"0"`` up to the number of games) to an object of whole
    numbers >= 0.

    >>> _check_set_by_hand({"1": {"dealer": 2}}, 1, "m")
    >>> _check_set_by_hand({"3": {"dealer": 2}}, 1, "m")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: m: set['3'] names no hand of the match (0 to 1)
    """
    if not isinstance(found, dict):
        raise NotationError(f"{where}: set={clipped(found)} is not a JSON object")
    for key, values in found.items():
        digits = key.isascii() and key.isdecimal() and len(key) <= 9  # (int() of no huge text)
        if not (digits and int(key) <= games and str(int(key)) == key):
            raise NotationError(
                f"{where}: set[{clipped(key)}] names no hand of the match (0 to {games})"
            )
        if not isinstance(values, dict) or not values:
            raise NotationError(
                f"{where}: set[{clipped(key)}]={clipped(values)} is not an object of values"
            )
        for name, value in values.items():
            if not _whole_or_none(value) or value is None or value < 0:
                raise NotationError(
                    f"{where}: set[{clipped(key)}][{clipped(name)}]={clipped(value)} is not a whole number >= 0"
                )


def check_options(
    options: Mapping[str, Any],
    known: Sequence[str] | None,
    *,
    family: str,
    what: str,
    own: Sequence[str],
) -> None:
    """The :class:`~changpai.errors.NotationError` of a ``what`` document's (game, match)
    ``options`` holding one of the document's ``own`` keys (given twice) or a keyword not in
    ``known``, the constructor's keyword-only parameters (None: it takes any keyword).

    >>> check_options({"players": 3}, ("deck", "dealer", "players"), family="chuanpai",
    ...               what="game", own=("deck", "dealer"))
    >>> check_options({"colour": 1}, ("deck", "dealer", "huangfan"), family="zipai",
    ...               what="game", own=("deck", "dealer"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai game document: options holds 'colour', which a zipai game does not take (its options: huangfan)
    """
    where = f"not a {family} {what} document"
    given = [key for key in own if key in options]
    if given:  # (given twice: Python's "got multiple values" TypeError; review h69)
        raise NotationError(
            f"{where}: options holds {', '.join(map(repr, given))}, which the document gives "
            "as its own key"
        )
    if known is None:
        return
    unknown = [key for key in options if key not in known]
    if unknown:  # (the document's own keys are not listed as options: review h71)
        others = ", ".join(key for key in known if key not in own) or "none"
        raise NotationError(
            f"{where}: options holds {', '.join(map(clipped, unknown))}, which a {family} "
            f"{what} does not take (its options: {others})"
        )


def check_decisions(items: Sequence[Any], family: str, listed: str = "actions") -> None:
    """Raise :class:`~changpai.errors.NotationError` naming the first of a document's
    decisions ``items`` (its list ``listed``) that is not a JSON object.

    >>> check_decisions([{"kind": "pass", "seat": 0}], "nantong")
    >>> check_decisions([{"kind": "pass", "seat": 0}, "pass"], "nantong", "log")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a nantong game document: log[1]='pass' is not a JSON object (every decision is one)
    """
    for number, item in enumerate(items):
        if not isinstance(item, dict):
            raise NotationError(
                f"not a {family} game document: {listed}[{number}]={clipped(item)} is not a "
                "JSON object (every decision is one)"
            )


def analysis_document(
    *,
    family: str,
    variant: str | None,
    cards: Iterable[Any],
    exposed: Iterable[Any] = (),
    best: Any = None,
    sheet: Any = None,
    waits: Mapping[Any, Any] | None = None,
    facts: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The analysis document (version 2) of a hand: ``best`` and the values of ``waits`` are
    the family's decompositions (each with ``to_dict()`` holding ``"melds"`` and ``.value``),
    ``sheet`` the score sheet of ``best`` when there is one; ``facts`` the family's extra
    findings (the 川牌 叫牌 condition, the 南通 shape …).

    >>> from changpai import zipai
    >>> best = zipai.best_decomposition(zipai.parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    >>> doc = analysis_document(family="zipai", variant="hunan", cards=zipai.parse("一"), best=best)
    >>> doc["complete"], doc["value"], doc["cards"], sorted(doc)[:3]
    (True, 15, ['x1'], ['best', 'cards', 'complete'])
    """
    return {
        "schema": ANALYSIS_SCHEMA,
        "version": VERSION,
        "family": family,
        "variant": variant,
        "cards": [getattr(c, "code", str(c)) for c in cards],
        "exposed": [str(m) for m in exposed],
        "complete": best is not None,
        "best": None if best is None else best.to_dict(),
        "value": None if best is None else best.value,
        "score": None if sheet is None else sheet.to_dict(),
        "waits": [
            {"card": getattr(card, "code", str(card)), "best": d.to_dict(), "value": d.value}
            for card, d in (waits or {}).items()
        ],
        "facts": dict(facts or {}),
    }
