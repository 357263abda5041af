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
    def index(self) -> int:
        """The card's place in the family's card table (from 0).

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.Card("66").index, chuanpai.Card("11").index, xiaogan.Card("A2").index
        (0, 20, 1)
        """

    @property
    def code(self) -> str:
        """The card's ASCII code (its text in documents).

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.Card("天牌").code, xiaogan.CARDS[0].code
        ('66', 'A1')
        """

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
    def kind(self) -> HanziEnum:
        """The unit's kind: its value and hanzi name it in views.

        >>> from changpai.chuanpai import Meld
        >>> kind = Meld.parse("暗 梅子 梅子 梅子").kind
        >>> kind.value, kind.hanzi
        ('an', '暗')
        """

    @property
    def cards(self) -> tuple[_C_co, ...]:
        """The unit's cards.

        >>> from changpai.chuanpai import Meld
        >>> Meld.parse("暗 梅子 梅子 梅子").cards
        (Card('55'), Card('55'), Card('55'))
        """

    @property
    def tou(self) -> int:
        """The number of replacement draws (偷) the unit earns.

        >>> from changpai.chuanpai import Meld
        >>> [Meld.parse(text).tou for text in ("擠兒 梅子 梅子", "暗 梅子 梅子 梅子", "扛 梅子 梅子 梅子 梅子")]
        [0, 1, 2]
        """


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
    def seat(self) -> int:
        """The seat that decides (or that the engine record concerns).

        >>> from changpai.chuanpai import Action, ActionKind
        >>> Action(2, ActionKind.PASS).seat
        2
        """

    @property
    def kind(self) -> HanziEnum:
        """A member of the family's ``ActionKind``; its ``.value`` is a word of the flow's
        vocabulary (:data:`DECISIONS`, :data:`FORCED`).

        >>> from changpai.chuanpai import Action, ActionKind, Card
        >>> kind = Action(0, ActionKind.DISCARD, Card("11")).kind
        >>> kind, kind.value in DECISIONS
        (ActionKind.DISCARD, True)
        """

    @property
    def card(self) -> _C_co | None:
        """The card offered, discarded or drawn, or ``None``.

        >>> from changpai.chuanpai import Action, ActionKind, Card
        >>> Action(0, ActionKind.DISCARD, Card("11")).card, Action(1, ActionKind.PASS).card
        (Card('11'), None)
        """

    @property
    def cards(self) -> tuple[_C_co, ...]:
        """The seat's own cards the action uses (the set it lays or claims with).

        >>> from changpai import chuanpai
        >>> lay = chuanpai.Game(seed=1).legal_actions(0)[0]
        >>> str(lay), lay.cards
        ('seat 0 攤 暗 二六 二六 二六', (Card('26'), Card('26'), Card('26')))
        """

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON.

        >>> from changpai.chuanpai import Action, ActionKind, Card
        >>> Action(0, ActionKind.DISCARD, Card("11")).to_dict()
        {'seat': 0, 'kind': 'discard', 'card': '11'}
        """


class TurnClaimRules(Protocol):
    """What the flow reads from a family's frozen rules object: its ``name`` and ``title``, the
    default number of ``players``, the deal sizes by position from the dealer and every card of
    the deck.

    >>> from changpai.chuanpai import YAODIREN
    >>> YAODIREN.players, YAODIREN.deal_sizes(4), len(YAODIREN.cards())
    (4, (18, 17, 17, 5), 105)
    """

    @property
    def name(self) -> str:
        """The preset's code name.

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.YAODIREN.name, xiaogan.XIAOGAN.name
        ('yaodiren', 'xiaogan')
        """

    @property
    def title(self) -> str:
        """The preset's hanzi title.

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.YAODIREN.title, xiaogan.XIAOGAN.title
        ('幺地人', '孝感長牌')
        """

    @property
    def players(self) -> int:
        """The default number of players.

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.YAODIREN.players, xiaogan.XIAOGAN.players
        (4, 4)
        """

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]:
        """The number of cards dealt to each position from the dealer (default: for
        :attr:`players`).

        >>> from changpai import chuanpai, xiaogan
        >>> chuanpai.YAODIREN.deal_sizes(3), xiaogan.XIAOGAN.deal_sizes()
        ((18, 17, 17), (16, 15, 15, 15))
        """

    def cards(self) -> Sequence[Any]:
        """Every card of the deck.

        >>> from changpai import chuanpai, xiaogan
        >>> len(chuanpai.YAODIREN.cards()), len(xiaogan.XIAOGAN.cards())
        (105, 121)
        """
