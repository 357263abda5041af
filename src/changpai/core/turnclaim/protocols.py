"""What the draw / turn / claim flow asks of a family's classes: its cards, its table units, its
actions and its rules (structural protocols; the family's classes need not inherit them).

The flow's action vocabulary is fixed: every family's ``ActionKind`` enum has members whose
``.value`` is one of :data:`DECISIONS` or :data:`FORCED` (a family may add its own forced
records, such as the 川牌 過牌).

>>> from changpai.chuanpai import ActionKind
>>> all(ActionKind(word).value == word for word in (*DECISIONS, *FORCED))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from changpai.core.hanzi import HanziEnum

__all__ = [
    "DECISIONS",
    "FORCED",
    "TurnClaimAction",
    "TurnClaimCard",
    "TurnClaimRules",
    "TurnClaimUnit",
]

DECISIONS = ("lay", "ready", "discard", "claim", "pass")
"""The decisions of the flow: lay a dealt set, end the laying, discard, claim, pass."""

FORCED = ("tou", "turn", "draw", "skip", "win", "end")
"""The records the engine writes itself (``auto``): a replacement draw (偷), a card turned for
everybody, a small seat's draw, a seat without a card to discard, the win, the end of the
stock."""


class TurnClaimCard(Protocol):
    """A card kind: interned, hashable, with a small-int ``index`` (its place in the family's
    :attr:`~changpai.core.turnclaim.TurnClaimGame.card_table`) and an ASCII ``code``.

    >>> from changpai.chuanpai import Card
    >>> card = Card("66"); card.index, card.code
    (0, '66')
    """

    @property
    def index(self) -> int: ...

    @property
    def code(self) -> str: ...

    def __hash__(self) -> int: ...


_C_co = TypeVar("_C_co", covariant=True)


class TurnClaimUnit(Protocol[_C_co]):
    """A unit (set) on a seat's table: its ``kind`` (a :class:`~changpai.core.hanzi.HanziEnum`:
    its value and hanzi name it in views), its ``cards`` and ``tou``, the number of replacement
    draws it earns.

    >>> from changpai.chuanpai import Meld
    >>> meld = Meld.parse("暗 梅子 梅子 梅子")
    >>> meld.kind.value, meld.kind.hanzi, len(meld.cards), meld.tou
    ('an', '暗', 3, 1)
    """

    @property
    def kind(self) -> HanziEnum: ...

    @property
    def cards(self) -> tuple[_C_co, ...]: ...

    @property
    def tou(self) -> int: ...


class TurnClaimAction(Protocol[_C_co]):
    """A decision or an engine record: the ``seat``, its ``kind`` (a member of the family's
    ``ActionKind``, a :class:`~changpai.core.hanzi.HanziEnum` whose ``.value`` is a word of the
    flow's vocabulary), the offered or drawn ``card`` and the own ``cards`` it uses;
    ``to_dict()`` writes it as JSON. Actions compare by value (``legal_actions`` membership).

    >>> from changpai.chuanpai import Action, ActionKind, Card
    >>> Action(0, ActionKind.DISCARD, Card("11")).kind.value
    'discard'
    """

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> HanziEnum: ...

    @property
    def card(self) -> _C_co | None: ...

    @property
    def cards(self) -> tuple[_C_co, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


class TurnClaimRules(Protocol):
    """What the flow reads from a family's frozen rules object: its ``name`` and ``title``, the
    default number of ``players``, the deal sizes by position from the dealer and every card of
    the deck.

    >>> from changpai.chuanpai import YAODIREN
    >>> YAODIREN.players, YAODIREN.deal_sizes(4), len(YAODIREN.cards())
    (4, (18, 17, 17, 5), 105)
    """

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def players(self) -> int: ...

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]: ...

    def cards(self) -> Sequence[Any]: ...
