"""JSON helpers shared by the game engines: rules objects as plain dicts, and the envelope of a
saved game (a tag naming what the document is, checked on reading).

A game is saved as its rules, its deck, its dealer and its decisions; loading replays the
decisions. The helpers here do the parts that do not depend on the family.

>>> from attrs import frozen
>>> @frozen
... class Demo:
...     name: str = "demo"
...     sizes: tuple[int, ...] = (3, 4)
...     reds: frozenset[int] = frozenset({7, 2})
>>> data = rules_to_dict(Demo())
>>> data
{'name': 'demo', 'sizes': [3, 4], 'reds': [2, 7]}
>>> rules_from_dict(Demo, {**data, "reds": frozenset(data["reds"])}, family="demo") == Demo()
True
>>> text = write_document(("format", "demo/1"), {"dealer": 2})
>>> text, read_document(text, ("format", "demo/1"))["dealer"]
('{"format": "demo/1", "dealer": 2}', 2)
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import fields

from changpai.core.guard import clipped, named
from changpai.errors import ChangpaiError, NotationError, RulesError

__all__ = [
    "fields_to_dict",
    "ordered_repr",
    "read_document",
    "rules_from_dict",
    "rules_to_dict",
    "without_retired",
    "write_document",
]

_R = TypeVar("_R")


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def ordered_repr(value: object) -> str:
    """``repr(value)``, but a set's items in sorted order, as :func:`rules_to_dict` writes them:
    equal sets print alike, whatever order their items were given in (review h111).

    >>> ordered_repr(frozenset({10, 2})), ordered_repr(frozenset()), ordered_repr((10, 2))
    ('frozenset({2, 10})', 'frozenset()', '(10, 2)')
    """
    if isinstance(value, (set, frozenset)) and value:
        return f"{type(value).__name__}({{{', '.join(map(repr, sorted(value)))}}})"
    return repr(value)


_MOST_NESTED = 8  # (no rules option nests lists deeper than two)


def _tuples(value: Any, key: object, depth: int = 0) -> Any:
    """``value`` of the rules option ``key`` with its lists as tuples; lists nested deeper than
    any option's value are a RulesError naming the option (not a RecursionError).

    >>> _tuples([1, [2, 3]], "x")
    (1, (2, 3))
    >>> _tuples([[[[[[[[[[]]]]]]]]]], "red_values")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: red_values: lists nested 9 deep; no rules option holds more than 8
    """
    if isinstance(value, list):
        if depth >= _MOST_NESTED:
            raise RulesError(
                f"{key}: lists nested {depth + 1} deep; no rules option holds more than "
                f"{_MOST_NESTED}"
            )
        return tuple(_tuples(v, key, depth + 1) for v in value)
    return value


def _json_ready(value: Any) -> Any:
    if hasattr(value, "to_dict"):  # (a reading, a meld …)
        return value.to_dict()
    if hasattr(value, "code"):  # (a card)
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_json_ready(v) for v in value]
    return value


def fields_to_dict(value: Any) -> dict[str, Any]:
    """A frozen attrs object (a family's ``Win``) as a JSON-ready dict, field by field in
    declaration order: what has ``to_dict()`` as that dict, a card as its code, an enum member
    as its value, a tuple as a list of those.

    >>> from changpai import daer
    >>> d = daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    >>> fields_to_dict(daer.Win(d, winner=2, players=4, self_drawn=False, discarder=1))
    {'decomposition': {...}, 'winner': 2, 'players': 4, 'self_drawn': False, 'discarder': 1, 'winning_card': None}
    """
    return {f.name: _json_ready(getattr(value, f.name)) for f in fields(type(value))}


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A frozen attrs rules object as a JSON-ready dict, field by field in declaration order:
    tuples become lists and sets sorted lists (so the text is the same on every run).

    >>> from changpai.nantong import DUZIHU
    >>> rules_to_dict(DUZIHU)["wenqian_values"]
    [20, 50, 100, 200]
    """
    return {f.name: _plain(getattr(rules, f.name)) for f in fields(type(rules))}


def rules_from_dict(cls: type[_R], data: Any, *, family: str) -> _R:
    """Rebuild a rules object of class ``cls`` from :func:`rules_to_dict`: lists become tuples
    again (a field with a converter, such as a frozenset, converts them itself).

    Unknown options raise :class:`~changpai.errors.RulesError` naming them and the family (a
    rules object of another family names its own options); a bad value raises the rules
    class's own error. A missing option takes its default — the behaviour of the documents
    written before it existed, so they load — or, for an option whose default is not that
    behaviour, the value of the class's ``ADDED_OPTIONS`` (name -> the behaviour then). An
    option the class has retired (its ``RETIRED_OPTIONS``: name -> its old default) is accepted
    at that value, so older documents load, and refused with a RulesError naming it at any
    other.

    >>> from changpai import zipai
    >>> old = rules_to_dict(zipai.HUNAN)
    >>> del old["weihu"]  # (a document written before the option: 偎胡 was allowed then)
    >>> rules_from_dict(zipai.Rules, old, family="zipai").weihu
    True

    >>> from changpai.nantong import DUZIHU, Rules
    >>> rules_from_dict(Rules, rules_to_dict(DUZIHU), family="nantong") == DUZIHU
    True
    >>> rules_from_dict(Rules, {"colour": "blue", "name": "x"}, family="nantong")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: colour is not an option of the nantong rules (a rules object of another family?); the options are name, ...
    """
    if not isinstance(data, dict):
        raise RulesError(f"{clipped(data)} is not a {family} rules object: expected a JSON object")
    fixed = without_retired(cls, {key: _tuples(value, key) for key, value in data.items()}, family)
    for name, then in getattr(cls, "ADDED_OPTIONS", {}).items():
        fixed.setdefault(name, then)  # (a document written before the option: as it played)
    known = [a.name for a in getattr(cls, "__attrs_attrs__", ())]  # (an attrs class)
    unknown = [key for key in fixed if key not in known]
    if unknown:
        raise RulesError(
            f"{', '.join(map(named, unknown[:6]))}{', ...' if len(unknown) > 6 else ''} "
            f"{'is' if len(unknown) == 1 else 'are'} not "
            f"{'an option' if len(unknown) == 1 else 'options'} of the {family} rules (a rules "
            f"object of another family?); the options are {', '.join(known)}"
        )
    try:
        return cls(**fixed)
    except TypeError as error:
        raise RulesError(f"{clipped(data)} is not a {family} rules object: {error}") from None


def without_retired(cls: type, data: dict[str, Any], family: str) -> dict[str, Any]:
    """``data`` (a rules dict) without the options ``cls`` has retired (its ``RETIRED_OPTIONS``:
    name -> the value it always had), each accepted only at that value, else RulesError.

    >>> from changpai.chuanpai import Rules
    >>> without_retired(Rules, {"deck": "deck84", "chuo_ties": "equal"}, "chuanpai")
    {'deck': 'deck84'}
    >>> without_retired(Rules, {"chuo_ties": "leader"}, "chuanpai")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: chuo_ties='leader': the chuanpai rules no longer have this option (it never had an effect); a document may carry it only at 'equal'
    """
    retired: Mapping[str, Any] = getattr(cls, "RETIRED_OPTIONS", {})
    kept = dict(data)
    for key in retired.keys() & kept.keys():
        if kept[key] != retired[key]:
            raise RulesError(
                f"{key}={clipped(kept[key])}: the {family} rules no longer have this option (it never "
                f"had an effect); a document may carry it only at {clipped(retired[key])}"
            )
        del kept[key]
    return kept


def write_document(tag: tuple[str, str], payload: dict[str, Any]) -> str:
    """The JSON text of a saved game: the ``tag`` entry (key, value) first, then ``payload``;
    non-ASCII text (hanzi) is kept as it is.

    >>> write_document(("family", "nantong"), {"名": 1})
    '{"family": "nantong", "名": 1}'
    """
    key, value = tag
    return json.dumps({key: value, **payload}, ensure_ascii=False)


def read_document(
    text: str, tag: tuple[str, str], *, error: type[ChangpaiError] = NotationError
) -> dict[str, Any]:
    """Parse the JSON text of a saved game and check its ``tag`` (key, value).

    Text that is not JSON, not an object or carries another tag raises ``error`` (by default
    :class:`~changpai.errors.NotationError`) naming what was expected.

    >>> read_document('{"format": "chess"}', ("format", "changpai.zipai.game/1"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a changpai.zipai.game/1 JSON document: format 'chess'
    >>> read_document("[1", ("family", "nantong"), error=RulesError)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: not a nantong JSON document: ...
    """
    key, value = tag
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as problem:  # RecursionError: deep nesting
        raise error(f"not a {value} JSON document: {problem}") from None
    if not isinstance(data, dict) or data.get(key) != value:
        found = data.get(key) if isinstance(data, dict) else None
        raise error(f"not a {value} JSON document: {key} {clipped(found)}")
    return data
