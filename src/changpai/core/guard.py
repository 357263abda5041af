"""Argument checks at the edge of the public API: a wrong type raises a typed error naming the
input and the reason, never a plain ``TypeError`` / ``AttributeError`` from deep inside.

Every family calls these on the arguments of its public functions (the hot paths inside a game
pass already checked values and skip them).

>>> from changpai.core.guard import text_arg
>>> text_arg("x1 x2", "cards")
'x1 x2'
>>> text_arg(None, "cards")
Traceback (most recent call last):
...
changpai.errors.NotationError: cards=None is not a string
"""

from __future__ import annotations

import inspect
import operator
import reprlib
from collections.abc import Callable, Collection, Iterable, Mapping, Set
from typing import Any, TypeVar

import attrs

from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

__all__ = [
    "NUMBER_MAX",
    "SEED_DIGITS",
    "action_card",
    "action_dict",
    "action_dict_items",
    "action_field",
    "action_items",
    "cards_alone",
    "cards_arg",
    "choice_arg",
    "clipped",
    "count_arg",
    "cut_card_arg",
    "flag_arg",
    "foreign_result",
    "hands_arg",
    "instance_arg",
    "instance_of",
    "int_arg",
    "int_field",
    "int_hint",
    "items_arg",
    "keeps_once",
    "keyword_options",
    "keywords_with_win",
    "kind_alone",
    "kind_and_cards",
    "legal_of_kind",
    "meld_head",
    "meld_texts",
    "melds_arg",
    "named",
    "not_an_action",
    "not_to_act",
    "number_arg",
    "optional_int_field",
    "plain_int",
    "rules_arg",
    "seed_arg",
    "size_arg",
    "text_arg",
    "unchecked",
    "whole_number",
    "writable_arg",
]

_T = TypeVar("_T")


class _ShortRepr(reprlib.Repr):
    """``reprlib.Repr`` that shows a whole number too long for Python to write (over 4,300
    digits: ``repr`` raises ValueError) by its size."""

    def repr_int(self, x: int, level: int) -> str:
        try:
            return super().repr_int(x, level)
        except ValueError:  # (sys.get_int_max_str_digits)
            return f"<a whole number of {int.bit_length(x)} bits>"


_short = _ShortRepr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 6


def shown(value: object) -> str:
    """A short ``repr`` for error messages (long inputs are cut).

    >>> shown("x1 " * 100)
    "'x1 x1 x1 x1 x1 x1...x1 x1 x1 x1 x1 x1 '"
    """
    return _short.repr(value)


def clipped(value: object) -> str:
    """The ``repr`` of an input named in an error message, whole up to 160 characters (a hand,
    a meld, a document, in its own order) and cut in the middle beyond (ten thousand cards
    make no message).

    >>> clipped("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    "'123b 456b 789b 123t 456t 789t 123w 5w 5w'"
    >>> text = clipped("x1 " * 10_000); len(text), text[118:128]
    (163, 'x1 … x1 x1')
    >>> clipped([10**5000])
    '[<a whole number of 16610 bits>]'
    >>> import enum
    >>> clipped(enum.IntEnum("Seat", "EAST")(1))  # (taken as its number: shown so)
    '1'
    """
    if isinstance(value, int) and type(value) is not int and not isinstance(value, bool):
        value = int.__index__(value)
    try:
        text = repr(value)
    except ValueError:  # (a whole number Python does not write: over 4,300 digits)
        text = shown(value)
    return text if len(text) <= 160 else f"{text[:120]} … {text[-40:]}"


def named(value: object) -> str:
    """A name in an error message: a ``str`` as its text, anything else as :func:`clipped`
    shows it, cut alike (what is named as an unknown option).

    >>> named("colour"), named(5), len(named("x" * 400))
    ('colour', '5', 161)
    """
    text = clipped(value)
    return text[1:-1] if isinstance(value, str) else text


def text_arg(value: object, what: str) -> str:
    """``value`` if it is a string, else a :class:`NotationError`.

    >>> text_arg(5, "meld")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: meld=5 is not a string
    """
    if not isinstance(value, str):
        raise NotationError(f"{what}={shown(value)} is not a string")
    return value


def keeps_once(value: object, what: str, of: str, *, sets: bool = False) -> NotationError | None:
    """The error for a set or a mapping given where a sequence of ``of`` is read (None for
    anything else): it keeps each item once — a hand's repeated cards would be dropped, a
    ``Counter``'s counts too, as it iterates its keys — and a set has no order.

    >>> from collections import Counter
    >>> print(keeps_once(Counter("aab"), "cards", "zipai cards"))
    cards=Counter({'a': 2, 'b': 1}) is a Counter, which keeps each item once: give a list or a tuple of zipai cards (of a Counter: list(counter.elements()))
    >>> keeps_once([1, 1], "cards", "zipai cards") is None
    True
    """
    if type(value) is tuple or type(value) is list or not isinstance(value, (Set, Mapping)):
        return None  # (the engines' own tuples first, past the ABC checks)
    if sets:  # (where a set is what is read, a mapping is refused: it reads as its keys)
        return NotationError(
            f"{what}={shown(value)} is a {type(value).__name__}: give a list, a tuple or a "
            f"set of {of}"
        )
    hint = " (of a Counter: list(counter.elements()))" if isinstance(value, Mapping) else ""
    return NotationError(
        f"{what}={shown(value)} is a {type(value).__name__}, which keeps each item once: "
        f"give a list or a tuple of {of}{hint}"
    )


def items_arg(
    value: object, what: str, of: str, *, sets: bool = False, reader: str = ""
) -> tuple[Any, ...]:
    """The items of an iterable (not a string) as a tuple, else a :class:`NotationError`; a
    set or a mapping too (:func:`keeps_once`), but a set when ``sets`` (what is read is a set:
    seats, the cards declared by 叫牌, the 坎 named). A string's error names the ``reader``
    of text, if given.

    >>> items_arg([1, 2], "cards", "zipai cards")
    (1, 2)
    >>> items_arg(5, "cards", "zipai cards")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards=5 is not a sequence of zipai cards
    >>> items_arg({2, 1}, "seats", "seats", sets=True)
    (1, 2)
    >>> items_arg("1t", "cards", "nantong cards", reader="parse")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards='1t' is not a sequence of nantong cards; read text with parse(...)
    """
    if type(value) is tuple:
        return value
    if type(value) is list:
        return tuple(value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        hint = f"; read text with {reader}(...)" if reader and isinstance(value, str) else ""
        raise NotationError(f"{what}={shown(value)} is not a sequence of {of}{hint}")
    if (not sets or isinstance(value, Mapping)) and (
        error := keeps_once(value, what, of, sets=sets)
    ) is not None:  # (a mapping is read as its keys: never what is meant)
        raise error
    try:
        return tuple(value)
    except ChangpaiError:
        raise
    except Exception as error:  # an iterable that fails while iterated (a broken generator …)
        raise NotationError(f"{what}={shown(value)} cannot be read: {error}") from None


def hands_arg(value: object, what: str = "hands") -> dict[Any, Any]:
    """The ``hands`` of a ``stack_deck`` as a ``dict`` of seat to cards: a mapping as it is
    (``{seat: cards}``), a sequence read as seats 0, 1, … and ``None`` as no hands; anything
    else is a :class:`NotationError` (a set has no seat order, text is no sequence of hands).

    >>> hands_arg({1: "x1"}), hands_arg(["x1", "d2"]), hands_arg(None)
    ({1: 'x1'}, {0: 'x1', 1: 'd2'}, {})
    >>> hands_arg("x1 x2")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: hands='x1 x2' is not a mapping {seat: cards} or a sequence of hands (seats 0, 1, …)
    """
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise NotationError(
            f"{what}={shown(value)} is not a mapping {{seat: cards}} or a sequence of hands "
            "(seats 0, 1, …)"
        )
    return dict(enumerate(items_arg(value, what, "hands (cards per seat)")))


def cards_arg(
    value: object, card: type[_T], what: str, of: str, *, limit: int | None = None
) -> tuple[_T, ...]:
    """The cards of ``value`` (an iterable of ``card`` objects) as a tuple; a
    :class:`NotationError` for anything else, or for more than ``limit`` cards.

    >>> cards_arg([1, 2], int, "cards", "numbers")
    (1, 2)
    >>> cards_arg([1, "2"], int, "cards", "numbers")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards=[1, '2'] holds '2', which is not one of numbers
    >>> cards_arg([1, 2, 3], int, "cards", "numbers", limit=2)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards holds 3 numbers; no hand holds more than 2
    """
    items = items_arg(value, what, of)
    for item in items:
        if not isinstance(item, card):
            raise NotationError(
                f"{what}={shown(value)} holds {shown(item)}, which is not one of {of}"
            )
    if limit is not None:
        size_arg(len(items), limit, what, of)
    return items


def instance_of(cls: type[_T], family: str = "") -> Callable[[object, Any, _T], None]:
    """An attrs validator: the field's value is a ``cls`` (with ``family``: a family's
    ``Rules``, checked by :func:`rules_arg`), else a typed error naming the field.

    >>> instance_of(int)(None, type("A", (), {"name": "pair"}), "x")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: pair='x' is not of type int
    """

    def check(instance: object, attribute: Any, value: _T) -> None:
        if type(value) is cls:
            return
        if family:
            rules_arg(value, cls, family)
        else:
            instance_arg(value, cls, attribute.name.lstrip("_"))

    return check


def unchecked(cls: type[_T]) -> Callable[..., _T]:
    """A builder of the slotted attrs class ``cls`` from the values of all its fields in
    order, past their converters and validators: for the objects the library builds itself
    from values it has checked (an analysis's readings, on a hot path), while the class's own
    constructor checks what a user gives.

    >>> from attrs import field, frozen
    >>> @frozen
    ... class Pair:
    ...     a: int = field(converter=int)
    ...     b: tuple[int, ...] = ()
    >>> unchecked(Pair)("1", (2,)), Pair("1")
    (Pair(a='1', b=(2,)), Pair(a=1, b=()))
    """
    setters = [getattr(cls, a.name).__set__ for a in attrs.fields(cls)]  # type: ignore[arg-type]
    new = object.__new__
    # (the slots set one by one: unrolled for the readings' three and four fields, which a
    # loop would make slower than the checked constructor)
    if len(setters) == 3:
        s0, s1, s2 = setters

        def build3(v0: object, v1: object, v2: object) -> _T:
            made = new(cls)
            s0(made, v0)
            s1(made, v1)
            s2(made, v2)
            return made

        return build3
    if len(setters) == 4:
        t0, t1, t2, t3 = setters

        def build4(v0: object, v1: object, v2: object, v3: object) -> _T:
            made = new(cls)
            t0(made, v0)
            t1(made, v1)
            t2(made, v2)
            t3(made, v3)
            return made

        return build4

    def build(*values: object) -> _T:
        made = new(cls)
        for setter, value in zip(setters, values, strict=True):
            setter(made, value)
        return made

    return build


def kind_alone(text: str, kind: str, word: str = "kind") -> NotationError:
    """The error of every family's meld reader for a meld text of a kind word alone: it
    quotes the text and names the kind (``word``: what the family calls it).

    >>> str(kind_alone(" 碰", "碰")), str(kind_alone("將", "將", "set name"))
    ("' 碰': the kind '碰' names no cards", "'將': the set name '將' names no cards")
    """
    return NotationError(f"{clipped(text)}: the {word} {clipped(kind)} names no cards")


def meld_texts(text: str) -> list[str]:
    """The melds written in ``text``, each its kind and cards, separated by ``;`` (or the
    full-width ``；``) or ``|`` (as ``str`` of a 孝感 reading writes them; a reading's text ends
    with its value, which is no meld): what every family's ``parse_melds`` reads. (Between
    cards these marks only separate cards, :mod:`changpai.core.notation`.)

    >>> meld_texts("碰 一一一; 吃 壹貳叄 | 偎 三三三；碰 四四四")
    ['碰 一一一', ' 吃 壹貳叄 ', ' 偎 三三三', '碰 四四四']
    """
    return [part for part in text.replace("|", ";").replace("；", ";").split(";") if part.strip()]


def meld_head(text: str) -> tuple[str, str]:
    """A meld's text split at its first whitespace (a space, a tab …): the first word — a kind,
    or the cards of a meld written without one — and the rest ("" when there is none).

    >>> meld_head(" 碰\t一一一 "), meld_head("一二三"), meld_head("")
    (('碰', '一一一'), ('一二三', ''), ('', ''))
    """
    words = text.split(maxsplit=1)
    return (words[0], words[1].strip()) if len(words) == 2 else (words[0] if words else "", "")


def cards_alone(head: str, rest: str, kinds: Collection[str], parse: Callable[[str], Any]) -> bool:
    """Whether a meld's text, split by :func:`meld_head` into ``head`` and ``rest``, is its cards
    alone (no kind): nothing follows the first word, or that word names none of the ``kinds``
    and ``parse`` reads it as cards — cards may be written with spaces (review h120: the first
    of them was taken for an unknown kind).

    >>> from changpai.zipai import parse
    >>> cards_alone("x1", "x2 x3", {"碰"}, parse), cards_alone("碰", "x1 x1 x1", {"碰"}, parse), cards_alone("槓", "x1", {"碰"}, parse)
    (True, False, False)
    """
    if not rest:
        return True
    if head in kinds:
        return False
    try:
        parse(head)
    except NotationError:
        return False
    return True


def n_cards(count: int) -> str:
    """``count`` cards, in words (review h130: "got 1 cards").

    >>> n_cards(1), n_cards(0), n_cards(21)
    ('1 card', '0 cards', '21 cards')
    """
    return f"{count} card" if count == 1 else f"{count} cards"


def kind_and_cards(
    text: object,
    names: Collection[str],
    kind_of: Callable[[str], Any],
    parse: Callable[[str], Any],
    classify: Callable[[Any], Any],
    of: str,
) -> tuple[Any, Any]:
    """The kind and the cards of a meld's text written ``"<kind> <cards>"`` (``kind_of`` reads
    the kind, one of the lower-case ``names``) or as its cards alone (:func:`cards_alone`),
    whose kind ``classify`` finds as in hand — else a :class:`NotationError` naming the text
    as no ``of`` in hand: the body of 川牌's and 孝感's ``Meld.parse``.

    >>> from changpai.xiaogan import MeldKind, classify, parse
    >>> names = {"an", "暗"}
    >>> kind_and_cards("上 上 上", names, MeldKind.parse, parse, classify, "xiaogan set")[0]
    MeldKind.AN
    >>> kind_and_cards("暗", names, MeldKind.parse, parse, classify, "xiaogan set")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '暗': the kind '暗' names no cards
    """
    from changpai.core.notation import read_one_meld  # (notation imports this module)

    def read(written: str) -> tuple[Any, Any]:
        head, rest = meld_head(written)
        if not rest and head.lower() in names:
            raise kind_alone(written, head)
        if cards_alone(head, rest, names, parse):  # (as in hand, as in every family)
            cards = parse(written)
            found = classify(cards)
            if found is None:
                raise NotationError(f"{clipped(written)} is not a {of} in hand")
            return found, cards
        if head.lower() not in names:  # (neither: named once, review h130 — "'x1' is not a set")
            family, thing = of.split(maxsplit=1)
            raise NotationError(
                f"{clipped(written)}: {clipped(head)} is neither a {thing} kind "
                f"({', '.join(sorted(names))}) nor {family} cards"
            )
        return kind_of(head), parse(rest)

    return read_one_meld(read, text)


def melds_arg(melds: object, meld: Any, of: str, name: str = "melds") -> tuple[Any, ...]:
    """Melds from text (:func:`meld_texts`, each read by ``meld.parse``) or from a sequence of
    ``meld`` objects (:func:`cards_arg`, naming ``name=`` and ``of``): the body of a family's
    ``parse_melds``.

    >>> from changpai.zipai import Meld
    >>> melds_arg("碰 一一一 | 吃 壹貳叄", Meld, "zipai melds (Meld)")
    (Meld.parse('碰 一一一'), Meld.parse('吃 壹貳叄'))
    >>> melds_arg(5, Meld, "zipai melds (Meld)")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: melds=5 is not a sequence of zipai melds (Meld)
    """
    if isinstance(melds, str):
        try:
            return tuple(meld.parse(part) for part in meld_texts(melds))
        except NotationError as error:
            if name == "melds":  # (parse_melds's own argument: its errors name the text)
                raise
            raise NotationError(f"{name}={clipped(melds)}: {error}") from None  # (review h130)
    return cards_arg(melds, meld, name, of)


def size_arg(count: int, limit: int, what: str, of: str) -> None:
    """A :class:`NotationError` naming the count and the limit when ``count > limit``.

    >>> size_arg(64, 25, "hand", "chuanpai cards")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: hand holds 64 chuanpai cards; no hand holds more than 25
    """
    if count > limit:
        raise NotationError(f"{what} holds {count} {of}; no hand holds more than {limit}")


def instance_arg(
    value: object, cls: type[_T], what: str, error: type[ChangpaiError] = NotationError
) -> _T:
    """``value`` if it is a ``cls``, else ``error`` naming it.

    >>> instance_arg(None, int, "count", RulesError)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: count=None is not of type int
    >>> from changpai import daer, zipai
    >>> instance_arg(daer.Game(seed=1), zipai.Game, "game")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: game is a daer.Game, not a zipai.Game
    """
    if not isinstance(value, cls):
        name = cls.__name__
        if type(value).__name__ == name and _package(type(value)) != _package(cls):
            # (another family's class of the same name: review h130 found "game=<daer.Game
            # daer se…> is not of type Game")
            raise error(f"{what} is a {_package(type(value))}.{name}, not a {_package(cls)}.{name}")
        raise error(f"{what}={shown(value)} is not of type {name}")
    return value


def _package(cls: type) -> str:
    """The changpai package that defines ``cls`` (``changpai.chuanpai.chuopai.game`` ->
    ``chuanpai.chuopai``), or its module outside changpai."""
    parts = cls.__module__.split(".")
    return ".".join(parts[1:-1]) if parts[0] == "changpai" and len(parts) > 2 else cls.__module__


def rules_arg(value: object, cls: type[_T], family: str) -> _T:
    """``value`` if it is a ``cls`` (a family's ``Rules``), else a :class:`RulesError` naming
    it and the ``family``.

    >>> rules_arg(None, int, "戳牌")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: rules=None is not a 戳牌 Rules object
    >>> from changpai import zipai
    >>> rules_arg("hunan", zipai.Rules, "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: rules='hunan' is not a zipai Rules object (changpai.variant('hunan').rules is that variant's rules)
    """
    if not isinstance(value, cls):
        raise RulesError(
            f"rules={shown(value)} is not a {family} Rules object{variant_hint(value, cls)}"
        )
    return value


def variant_hint(value: object, cls: type) -> str:
    """The hint of a refused ``rules=`` that names a variant of the family (``cls`` its
    ``Rules``): the expression giving that variant's rules, else nothing (reviews h130, h132).

    >>> from changpai import daer, zipai
    >>> variant_hint("hunan", zipai.Rules), variant_hint("hunan", daer.Rules)
    (" (changpai.variant('hunan').rules is that variant's rules)", '')
    """
    if not isinstance(value, str):
        return ""
    import changpai  # (the registry: loaded by the time rules are checked)

    try:
        rules = changpai.variant(value).rules
    except ChangpaiError:  # (no variant of that name)
        return ""
    if isinstance(rules, cls):
        return f" (changpai.variant({clipped(value)}).rules is that variant's rules)"
    return ""


def cut_card_arg(card: object, winner: int | None, cls: type[_T], family: str) -> _T | None:
    """The card turned by the cutter to choose the next dealer after a win (川牌 and 孝感
    ``next_dealer``): a ``cls``, given exactly when there is a ``winner`` — a card of the
    wrong type is a :class:`NotationError` naming it, a card after a hand without a winner or
    none after a win a :class:`RulesError` (never ignored).

    >>> cut_card_arg(None, None, int, "demo") is None, cut_card_arg(7, 0, int, "demo")
    (True, 7)
    >>> cut_card_arg("zz", 0, int, "demo")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: card='zz' is not a demo Card
    >>> cut_card_arg(7, None, int, "demo")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: card=7: a card is turned for the next dealer only after a win (winner=None)
    """
    if card is not None and not isinstance(card, cls):
        raise NotationError(f"card={shown(card)} is not a {family} Card")
    if winner is None and card is not None:
        raise RulesError(
            f"card={shown(card)}: a card is turned for the next dealer only after a win "
            "(winner=None)"
        )
    if winner is not None and card is None:
        raise RulesError(
            "after a win the next dealer is decided by the card the cutter turns: give card="
        )
    return card


def seed_arg(seed: object, error: type[ChangpaiError] = RulesError) -> int | None:
    """``seed`` if it is a whole number (an ``int`` subclass as its plain number) or None (a
    random seed), else ``error`` naming it.

    >>> seed_arg(7), seed_arg(None)
    (7, None)
    >>> seed_arg("1")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: seed='1' is not a whole number (or None)
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise error(f"seed={shown(seed)} is not a whole number (or None){int_hint(seed)}")
    if seed is not None and not _SEED_LOW < seed < _SEED_BOUND:
        # (a document writes the seed: Python writes no whole number of more digits)
        raise error(f"seed={shown(seed)} has more than {SEED_DIGITS:,} digits")
    return plain_int(seed)  # type: ignore[no-any-return]  # (an IntEnum seed as its number)


SEED_DIGITS = 4300
"""The most digits of a seed (:func:`seed_arg`): a game or match document writes it as a JSON
number, and Python writes no whole number of more digits (``sys.get_int_max_str_digits()``'s
default): every seed a document could hold is taken."""

_SEED_BOUND = 10**SEED_DIGITS
_SEED_LOW = -_SEED_BOUND  # (negated once, not at each call)


def flag_arg(value: object, what: str, error: type[ChangpaiError] = RulesError) -> bool:
    """``value`` if it is ``True`` or ``False`` (a ``bool``, not ``1`` / ``0``), else ``error``.

    >>> flag_arg(True, "self_drawn"), flag_arg(False, "exposed")
    (True, False)
    >>> flag_arg(1, "guo", IllegalActionError)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: guo=1 is not True or False
    """
    if not isinstance(value, bool):
        raise error(f"{what}={shown(value)} is not True or False")
    return value


def choice_arg(value: object, choices: Collection[str | None], what: str) -> str | None:
    """``value`` if it is one of ``choices`` (text, or ``None`` when it is one), else a
    :class:`NotationError` listing them.

    >>> choice_arg("self", (None, "self", "any"), "source"), choice_arg(None, (None, "self"), "source")
    ('self', None)
    >>> choice_arg(1, (None, "self", "any"), "source")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: source=1 is not one of None, 'self', 'any'
    """
    if (type(value) is str or value is None) and value in choices:
        return value
    listed = ", ".join(repr(option) for option in choices)
    raise NotationError(f"{what}={clipped(value)} is not one of {listed}")


def count_arg(value: object, what: str, *, low: int, high: int | None = None) -> int:
    """A count named in a win or a score (players, 荒莊, 百搭 …): a value of the wrong type
    raises :class:`NotationError`, one out of ``low..high`` :class:`RulesError` — the rule of
    every family's ``Win`` and ``score`` (docs/core-concepts.md, "Errors").

    >>> count_arg(3, "players", low=2, high=4)
    3
    >>> count_arg("3", "players", low=2)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: players='3' is not an integer
    >>> count_arg(-1, "huangfan", low=0)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: huangfan=-1 is not an integer >= 0
    """
    if not isinstance(value, int) or isinstance(value, bool):
        int_arg(value, what, error=NotationError)  # (the wrong type: raises)
    return int_arg(value, what, low=low, high=high)


def keywords_with_win(given: Iterable[str]) -> None:
    """The :class:`NotationError` of ``score(win, ...)`` given a ``Win`` and the keywords
    ``given`` (a Win carries its own facts: they are not silently dropped); nothing when no
    keyword was given.

    >>> keywords_with_win([])
    >>> keywords_with_win(["winner"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: score(win, winner=...): a Win carries its own facts; give these keywords with a Decomposition
    """
    names = list(given)
    if names:
        raise NotationError(
            f"score(win, {', '.join(f'{k}=...' for k in names)}): a Win carries its own "
            "facts; give these keywords with a Decomposition"
        )


def foreign_result(value: object, family: str, what: str) -> NotationError | None:
    """The error refusing another family's ``Decomposition`` or ``Win`` given to ``family``'s
    ``score`` as ``what`` (its first parameter), else ``None`` (review h108: 南通 said "is not
    a sequence of nantong cards" of a 字牌 reading, 川牌 "not a sequence of units").

    >>> from changpai import zipai
    >>> best = zipai.best_decomposition("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")
    >>> print(foreign_result(best, "nantong", "win"))
    win=<Decomposition ... (15 胡息)> is a zipai Decomposition, not a nantong one
    >>> foreign_result(best, "zipai", "hand") is None, foreign_result(5, "nantong", "win") is None
    (True, True)
    """
    kind = type(value)
    if kind.__name__ not in ("Decomposition", "Win") or not kind.__module__.startswith("changpai."):
        return None
    parts = kind.__module__.split(".")
    own = "chuanpai.chuopai" if parts[1:3] == ["chuanpai", "chuopai"] else parts[1]
    if own == family:
        return None
    named = {"chuanpai.chuopai": "戳牌"}  # (as 戳牌's own messages name it: review h110)
    return NotationError(
        f"{what}={shown(value)} is a {named.get(own, own)} {kind.__name__}, not a "
        f"{named.get(family, family)} one"
    )


def not_to_act(
    action: object, seat: int, seen: tuple[int, ...], table: int | None = None
) -> IllegalActionError:
    """The error refusing ``action`` of a ``seat`` that is not to act, naming only the seats
    to act that this seat may see (``seen``: its view's ``to_act``). Who is asked about a card
    on offer is private (it would tell that they can claim it), so a seat that is not asked, or
    has answered, learns only that it has nothing to decide. A seat beyond the ``table`` (the
    number of seats) is named as such (review h108: "is not to act" said it should wait).

    >>> str(not_to_act("seat 1 過", 1, (0,)))
    'seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))'
    >>> str(not_to_act("seat 1 過", 1, ()))
    'seat 1 過 is not legal now: seat 1 has nothing to decide on the card on offer'
    >>> str(not_to_act("seat 3 過", 3, (0,), table=3))
    'seat 3 過 is not legal now: seat 3 is not at this table of 3'
    """
    if table is not None and seat >= table:
        return IllegalActionError(
            f"{action} is not legal now: seat {seat} is not at this table of {table}"
        )
    if seen:
        return IllegalActionError(
            f"{action} is not legal now: seat {seat} is not to act (to act: {seen})"
        )
    return IllegalActionError(
        f"{action} is not legal now: seat {seat} has nothing to decide on the card on offer"
    )


def not_an_action(action: object, action_class: type, family: str) -> IllegalActionError:
    """The error refusing ``action`` that is not the family's own ``action_class``: a subclass
    too, which compares unequal to every listed action (attrs ``==`` compares classes) and
    would be recorded as given (review h105: a game that then compared unequal to the one the
    listed move made).

    >>> class Mine(int): pass
    >>> print(not_an_action("discard", int, "zipai"))
    'discard' is not a zipai Action
    >>> print(not_an_action(Mine(3), int, "zipai"))
    3 is a Mine, not a zipai Action itself: build the family's Action (a subclass is not taken)
    >>> print(not_an_action({"seat": 0, "kind": "discard"}, int, "zipai"))
    {'seat': 0, 'kind': 'discard'} is a dict, not a zipai Action: read it with Action.from_dict(...)
    >>> from changpai import daer, zipai
    >>> print(not_an_action(daer.Action(0, daer.ActionKind.PASS), zipai.Action, "zipai"))
    Action(seat=0, kind=ActionKind.PASS, card=None, cards=()) is a daer.Action, not a zipai Action
    """
    if isinstance(action, action_class):
        return IllegalActionError(
            f"{clipped(action)} is a {type(action).__name__}, not a {family} Action itself: "
            "build the family's Action (a subclass is not taken)"
        )
    if type(action) is dict:  # (a document's action: review h130)
        return IllegalActionError(
            f"{clipped(action)} is a dict, not a {family} Action: read it with "
            "Action.from_dict(...)"
        )
    if type(action).__name__ == "Action" and _package(type(action)) != _package(action_class):
        return IllegalActionError(
            f"{clipped(action)} is a {_package(type(action))}.Action, not a {family} Action"
        )
    return IllegalActionError(f"{clipped(action)} is not a {family} Action")


def legal_of_kind(kind: Any, legal: Iterable[object]) -> str | None:
    """The reason refusing a move of ``kind`` spelled otherwise than listed: the moves of that
    kind among ``legal`` (their text), or ``None`` when there is none (reviews h105, h106).

    >>> from changpai import daer
    >>> listed = [daer.Action(2, daer.ActionKind.PENG, "x5"), daer.Action(2, daer.ActionKind.PASS)]
    >>> legal_of_kind(daer.ActionKind.PENG, listed), legal_of_kind(daer.ActionKind.CHI, listed)
    ('the 碰 legal now: seat 2 碰 五', None)
    """
    same = [str(a) for a in legal if getattr(a, "kind", None) is kind]
    return f"the {kind.hanzi} legal now: {'; '.join(same)}" if same else None


def plain_int(value: Any) -> Any:
    """An ``int`` subclass (an ``IntEnum`` member) as its plain number, anything else as it is:
    the attrs converter of a whole-number field, whose validator judges the rest.

    >>> import enum
    >>> class Two(enum.IntEnum):
    ...     TWO = 2
    >>> plain_int(Two.TWO), type(plain_int(Two.TWO)).__name__, plain_int(True), plain_int("2")
    (2, 'int', True, '2')
    """
    return optional_int_field(value)  # (the same reading; the fields' converters inline it)


def int_field(value: int) -> int:
    """:func:`plain_int` as the converter of an ``int`` field: the same at run time (the
    field's validator judges what is no whole number); a type checker sees the constructor
    take an ``int`` (review h104: ``Any`` let ``Action("0", …)`` pass ``mypy --strict``).

    >>> int_field(True), int_field(3)
    (True, 3)
    """
    if type(value) is not int and isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    return value


def optional_int_field(value: int | None) -> int | None:
    """:func:`int_field` of an ``int | None`` field (a discarder, a next dealer).

    >>> optional_int_field(None), optional_int_field(2)
    (None, 2)
    """
    if type(value) is not int and isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    return value


def whole_number(value: object, what: str) -> int:
    """``value`` as a plain ``int`` (an ``int`` subclass as its number; not a ``bool``), else a
    :class:`NotationError` naming ``what`` and, for a numpy integer, how to pass it.

    >>> whole_number(3, "total")
    3
    >>> whole_number(2.5, "total")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: total=2.5 is not a whole number (int)
    """
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        writable_arg(value, what, NotationError)  # (an amount may be large, not unwritable)
        return value if type(value) is int else int.__index__(value)
    raise NotationError(f"{what}={shown(value)} is not a whole number (int){int_hint(value)}")


def int_hint(value: object) -> str:
    """The end of the message refusing a whole number that is not a Python ``int`` — a numpy
    integer, say, which Python reads as an index (``operator.index``) but changpai does not take
    (an ``int`` goes into every document): how to pass it; ``""`` for anything else (a bool, a
    float, an array that holds no one whole number).

    >>> class Index:
    ...     def __index__(self): return 2
    >>> int_hint(Index()), int_hint("2"), int_hint(True)
    (' (Index is not int: convert it with int())', '', '')
    >>> import fractions; int_hint(fractions.Fraction(2))  # (no __index__)
    ''
    """
    if isinstance(value, int):
        return ""
    try:
        operator.index(value)  # type: ignore[arg-type]
    except Exception:  # (not a whole number as Python reads an index: no hint)
        return ""
    return f" ({type(value).__name__} is not int: convert it with int())"


def int_arg(
    value: object,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[ChangpaiError] = RulesError,
) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) within ``low..high``, else ``error``;
    with a bound given, also within ±:data:`NUMBER_MAX` (an amount the library computes, such
    as a hand's 胡, is bounded by :func:`writable_arg` instead).

    >>> int_arg(3, "players", low=2, high=4)
    3
    >>> int_arg(9, "players", low=2, high=4)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=9 is not an integer from 2 to 4
    """
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        span = (
            f" from {low} to {high}"
            if low is not None and high is not None
            else f" >= {low}"
            if low is not None
            else f" <= {high}"
            if high is not None
            else ""
        )
        raise error(f"{what}={shown(value)} is not an integer{span}{int_hint(value)}")
    if (low is not None or high is not None) and not -NUMBER_MAX <= value <= NUMBER_MAX:
        number_arg(value, what, error)  # (a type check alone leaves the range to its caller)
    return value


NUMBER_MAX = 2**53 - 1
"""The largest whole number, of either sign, that changpai takes as a count or a rules option
(a seed may be larger, :data:`SEED_DIGITS`, and so may the amounts computed from the options,
:func:`writable_arg`): a document writes it as a JSON number, which every JSON reader
(JavaScript's too) keeps exactly."""


def number_arg(value: int, what: str, error: type[ChangpaiError] = RulesError) -> int:
    """``value`` if it is within ±:data:`NUMBER_MAX`, else ``error`` naming it.

    >>> number_arg(10**6, "base")
    1000000
    >>> number_arg(10**5000, "base")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: base=<a whole number of 16610 bits> is beyond ±9,007,199,254,740,991 (2**53 - 1), the largest whole number changpai takes
    """
    if not -NUMBER_MAX <= value <= NUMBER_MAX:
        raise error(
            f"{what}={shown(value)} is beyond ±{NUMBER_MAX:,} (2**53 - 1), the largest whole "
            "number changpai takes"
        )
    return value


def writable_arg(value: int, what: str, error: type[ChangpaiError] = NotationError) -> int:
    """``value`` if it has at most :data:`SEED_DIGITS` digits, the most Python writes, else
    ``error`` naming it: the bound of an amount (a total, a payment, a hand's value), which the
    rules may make larger than :data:`NUMBER_MAX` but a document must write.

    >>> writable_arg(2**60, "amount")
    1152921504606846976
    >>> writable_arg(10**5000, "amount")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: amount=<a whole number of 16610 bits> has more than 4,300 digits: no document writes it
    """
    if not _SEED_LOW < value < _SEED_BOUND:
        raise error(
            f"{what}={shown(value)} has more than {SEED_DIGITS:,} digits: no document writes it"
        )
    return value


def action_field(
    cls: type, name: str, family: str, *, optional: bool = False, text: bool = False
) -> Callable[[object, object, Any], None]:
    """The attrs validator of an ``Action`` field holding a ``cls`` (or ``None`` when
    ``optional``): anything else raises :class:`~changpai.errors.IllegalActionError` naming the
    field, the value and the family. A field that also takes card text (``text=True``) reads
    it first with the converter :func:`action_card`, and the message names that form too.

    >>> from changpai.chuanpai import Card
    >>> check = action_field(Card, "card", "chuanpai", optional=True, text=True)
    >>> check(None, None, None), check(None, None, action_card(Card)("66"))
    (None, None)
    >>> check(None, None, 66)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: card=66 is not a chuanpai Card or card text (or None)
    """
    wanted = (
        f"a {family} {cls.__name__}{' or card text' if text else ''}"
        f"{' (or None)' if optional else ''}"
    )

    def validate(_instance: object, _attribute: object, value: Any) -> None:
        if isinstance(value, cls) or (optional and value is None):
            return
        raise IllegalActionError(f"{name}={_short.repr(value)} is not {wanted}")

    return validate


def action_card(cls: Any, name: str = "card") -> Callable[[Any], Any]:
    """The attrs converter of an ``Action`` field holding a card given as a ``cls`` or as text:
    text is read with ``cls.parse`` (the family's notation), and text that is not one card
    raises :class:`~changpai.errors.NotationError` naming the field; anything else is passed
    on as given, for the validator (:func:`action_field`) to judge.

    >>> from changpai.chuanpai import Card
    >>> to_card = action_card(Card)
    >>> to_card("天牌"), to_card(Card("66")) is Card("66"), to_card(None)
    (Card('66'), True, None)
    >>> to_card("61")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: card='61': '61' is not a chuanpai card; expected a pip code 66..11 (low pip first), JC / JT, or a card name such as 天牌, 斧頭
    """

    def convert(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return cls.parse(value)
        except NotationError as error:
            raise NotationError(f"{name}={_short.repr(value)}: {error}") from None

    return convert


def action_dict(data: object, family: str, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` if it is the dict of an action — a JSON object with a ``seat`` and a ``kind``
    (what every family's ``Action.from_dict`` reads first) and no key but those and ``keys``
    (the family's others, when given) — else the :class:`~changpai.errors.NotationError`
    naming it, the ``family`` and the reason (strict: an unknown key is not dropped).

    >>> action_dict({"seat": 0, "kind": "pass"}, "zipai")
    {'seat': 0, 'kind': 'pass'}
    >>> action_dict(None, "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: None is not a zipai action: expected a JSON object
    >>> action_dict({"kind": "pass"}, "大貳")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: {'kind': 'pass'} is not a 大貳 action: the key 'seat' is missing
    >>> action_dict({"seat": 0, "kind": "pass", "extra": 1}, "大貳", ("card", "cards"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: {'seat': 0, 'kind': 'pass', 'extra': 1} is not a 大貳 action: unknown key 'extra' (the keys are seat, kind, card, cards)
    """
    if not isinstance(data, dict):
        raise NotationError(f"{shown(data)} is not a {family} action: expected a JSON object")
    for key in ("seat", "kind"):
        if key not in data:
            raise NotationError(
                f"{shown(data)} is not a {family} action: the key {clipped(key)} is missing"
            )
    if keys:
        unknown = [key for key in data if key not in ("seat", "kind", *keys)]
        if unknown:
            raise NotationError(
                f"{clipped(data)} is not a {family} action: unknown key"
                f"{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(clipped(k) for k in unknown[:4])}{', ...' if len(unknown) > 4 else ''}"
                f" (the keys are "
                f"{', '.join(('seat', 'kind', *keys))})"
            )
    return data


def action_dict_items(data: dict[str, Any], key: str, family: str, of: str) -> tuple[Any, ...]:
    """The list under ``key`` of an action's dict ``data`` (:func:`action_dict`) as a tuple,
    empty if absent or ``null``, else the :class:`NotationError` naming the action, the ``family`` and what
    the list holds (``of``).

    >>> action_dict_items({"seat": 0, "kind": "chi", "melds": []}, "melds", "zipai", "melds")
    ()
    >>> action_dict_items({"seat": 0, "kind": "chi", "cards": 0}, "cards", "大貳", "cards")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: {'seat': 0, 'kind': 'chi', 'cards': 0} is not a 大貳 action: cards=0 is not a list of cards
    """
    items = data.get(key)
    if items is None:  # (absent, or null: none, as in every family)
        return ()
    if not isinstance(items, (list, tuple)):
        raise NotationError(
            f"{clipped(data)} is not a {family} action: {key}={shown(items)} is not a list of {of}"
        )
    return tuple(items)


def action_items(
    cls: type[_T],
    name: str,
    family: str,
    parse: Callable[[str], tuple[_T, ...]] | None = None,
) -> Callable[[Any], tuple[_T, ...]]:
    """The attrs converter of an ``Action`` field holding ``cls`` items: a sorted tuple of the
    items — each a ``cls`` or its text (read by ``cls.parse``), or the whole field one text
    read by ``parse`` (the family's notation) — else :class:`~changpai.errors.IllegalActionError`
    naming the field, the item and the family (text that is no card:
    :class:`~changpai.errors.NotationError`).

    >>> from changpai.xiaogan import Card, parse
    >>> to_cards = action_items(Card, "cards", "xiaogan", parse)
    >>> to_cards([Card("A2"), "A1"]), to_cards("上 大")
    ((Card('A1'), Card('A2')), (Card('A1'), Card('A2')))
    >>> to_cards(5)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: cards=5 is not a sequence of xiaogan Cards
    """
    read_card = action_card(cls, name)

    def convert(items: Any) -> tuple[_T, ...]:
        if isinstance(items, str) and parse is not None:
            try:
                return tuple(sorted(parse(items)))  # type: ignore[type-var]
            except NotationError as unread:
                raise NotationError(f"{name}={_short.repr(items)}: {unread}") from None
        if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
            raise IllegalActionError(
                f"{name}={_short.repr(items)} is not a sequence of {family} {cls.__name__}s"
            )
        if (error := keeps_once(items, name, f"{family} {cls.__name__}s")) is not None:
            raise IllegalActionError(str(error))  # (a set of cards is another move: h61)
        found = tuple(items)
        if set(map(type, found)) - {cls}:  # (text read, anything else named)
            found = tuple(read_card(item) for item in found)
            for item in found:
                if not isinstance(item, cls):
                    raise IllegalActionError(
                        f"{name} holds {_short.repr(item)}, which is not a {family} "
                        f"{cls.__name__} or its text"
                    )
        return tuple(sorted(found))

    return convert


def keyword_options(cls: type[Any]) -> tuple[str, ...] | None:
    """The keyword-only parameters of ``cls`` (a family's ``Game`` or ``Match``, or a
    subclass), in order: the options its document may hold beside its own keys; None when its
    constructor takes ``**kwargs`` (a subclass passing options on, or using some itself: every
    keyword is then taken as given, and the constructor judges it).

    >>> from changpai import chuanpai
    >>> keyword_options(chuanpai.Game), keyword_options(chuanpai.Match)
    (('deck', 'dealer', 'players'), ('dealer', 'players'))
    """
    if cls not in _KEYWORDS:
        parameters = inspect.signature(cls).parameters.values()
        _KEYWORDS[cls] = (
            None
            if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
            else tuple(p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY)
        )
    return _KEYWORDS[cls]


# (one entry per Game or Match class: a handful)
_KEYWORDS: dict[type[Any], tuple[str, ...] | None] = {}
