"""Helpers of the ``Action`` classes of the turn-claim families (川牌 擠兒, 孝感): the largest
table (:data:`MAX_SEATS`, for their ``seat_validator``) and the checks of ``Action.from_dict``
(:func:`action_fields`).

>>> from changpai.xiaogan import ActionKind, MeldKind
>>> action_fields({"seat": 1, "kind": "discard", "card": "A1"}, "xiaogan", ActionKind, MeldKind, "set kind")
(1, 'discard', 'A1', (), None)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from changpai.core import caches
from changpai.core.guard import action_dict, clipped
from changpai.errors import NotationError

__all__ = ["MAX_SEATS", "action_cards", "action_fields"]

C = TypeVar("C")

MAX_SEATS = 7
"""Seats of a turn-claim table at most (chuanpai.md §2.1, xiaogan.md §2: up to 7 players)."""


_VALUES: caches.BoundedDict[type[Enum], frozenset[object]] = caches.BoundedDict(
    "core", "changpai.core.turnclaim.actions._VALUES", 64
)


def _values(kinds: type[Enum]) -> frozenset[object]:
    """The values of the members of ``kinds`` (kept per enum, bounded: the families have
    four)."""
    values = _VALUES.get(kinds)
    if values is None:
        values = _VALUES[kinds] = frozenset(k.value for k in kinds)
    return values


def action_fields(
    data: Any,
    family: str,
    kinds: type[Enum],
    melds: type[Enum],
    meld_word: str,
    extra: tuple[str, ...] = (),
) -> tuple[Any, str, str | None, tuple[str, ...], str | None]:
    """The checked parts of an action dict — ``(seat, kind, card, cards, meld)``: the seat as
    given (the ``Action`` validator checks it), the kind and meld values (of the ``kinds`` and
    ``melds`` enums), the card codes — or :class:`~changpai.errors.NotationError` naming
    ``data``, the ``family`` and the reason (``meld_word`` names a unit kind; ``extra``, the
    family's own keys beside those, which the family reads itself: an unknown key is refused).

    >>> from changpai.chuanpai import ActionKind, MeldKind
    >>> action_fields({"seat": 0, "kind": "claim", "cards": ["44"], "meld": "bai"},
    ...               "chuanpai", ActionKind, MeldKind, "unit kind")
    (0, 'claim', None, ('44',), 'bai')
    >>> action_fields({"seat": 0, "kind": "eat"}, "chuanpai", ActionKind, MeldKind, "unit kind")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: {'seat': 0, 'kind': 'eat'} is not a chuanpai action: 'eat' is not a valid ActionKind; expected one of 'lay', ...
    """
    data = action_dict(data, family, ("card", "cards", "meld", *extra))
    kind, meld = data["kind"], data.get("meld")
    if isinstance(kind, kinds):  # (the family's own member, as every family's from_dict)
        kind = kind.value
    if isinstance(meld, melds):
        meld = meld.value
    # (isinstance first: a list or a dict is no kind, and no set holds it)
    if not isinstance(kind, str) or kind not in _values(kinds):
        expected = ", ".join(repr(k.value) for k in kinds)  # (as every family's: review h108)
        raise NotationError(
            f"{clipped(data)} is not a {family} action: {clipped(kind)} is not a valid "
            f"ActionKind; expected one of {expected}"
        )
    if meld is not None and (not isinstance(meld, str) or meld not in _values(melds)):
        raise NotationError(
            f"{clipped(data)} is not a {family} action: {clipped(meld)} is not a {meld_word}"
        )
    cards = data.get("cards")
    if cards is None:  # (absent, or null as 0.1.0 wrote it)
        cards = ()
    if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
        raise NotationError(
            f"{clipped(data)} is not a {family} action: cards must be a list of codes"
        )
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise NotationError(
            f"{clipped(data)} is not a {family} action: card {clipped(card)} is not a code"
        )
    return data["seat"], kind, card, tuple(cards), meld


def action_cards(
    data: object, family: str, read: Callable[[str], C], card: str | None, cards: tuple[str, ...]
) -> tuple[C | None, tuple[C, ...]]:
    """The ``card`` and ``cards`` codes of an action dict (from :func:`action_fields`) read by
    the family's ``read`` (``Card.parse``); a code that is no card is a
    :class:`~changpai.errors.NotationError` naming the action and the field (review h108: the
    card's own message, without either).

    >>> from changpai.chuanpai import Card
    >>> action_cards({}, "chuanpai", Card.parse, "66", ("44",))
    (Card('66'), (Card('44'),))
    >>> action_cards({"card": "zz"}, "chuanpai", Card.parse, "zz", ())
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: {'card': 'zz'} is not a chuanpai action: card='zz': 'zz' is not a chuanpai card; ...
    """

    def one(code: str, field: str) -> C:
        try:
            return read(code)
        except NotationError as error:
            raise NotationError(
                f"{clipped(data)} is not a {family} action: {field}={clipped(code)}: {error}"
            ) from None

    read_cards = tuple(one(c, f"cards[{i}]") for i, c in enumerate(cards))
    return (None if card is None else one(card, "card")), read_cards
