"""The draw / turn / claim flow of the long-card games where an unused card is turned from the
stock for everybody: the 川牌 擠兒 game (chuanpai.md §2.1, §2.2) and 孝感長牌 (xiaogan.md §2,
§3, the same flow with 句 instead of 擠兒).

:class:`TurnClaimGame` owns the state machine and knows no family rule: the deal by seat
position (dealer first), a setup phase where seats lay the sets they were dealt, the queue of
replacement draws (偷), discard -> offer -> claims by priority class (0 before 1: 碰 / 起 / 扛
before 擺) then seat distance from the source -> a card turned from the stock, small seats that
draw and swap, a one-card seat that never plays, win checks, the log, replay, copies, views and
JSON. A family subclasses it and writes the hooks (which sets may be laid, discarded and
claimed, how a claimed unit and a 偷 are placed, when a hand has won, its score).

Cards, units, actions and rules are the family's own classes; this module only asks for what
the protocols :class:`TurnClaimCard`, :class:`TurnClaimUnit`, :class:`TurnClaimAction` and
:class:`TurnClaimRules` name. The action vocabulary of the flow: decisions ``"lay"``,
``"ready"``, ``"discard"``, ``"claim"``, ``"pass"``; forced records ``"tou"``, ``"turn"``,
``"draw"``, ``"skip"``, ``"win"``, ``"end"`` (a family may add its own forced records).

>>> from changpai import chuanpai
>>> game = chuanpai.Game(seed=3)
>>> isinstance(game, TurnClaimGame), game.phase, game.to_act
(True, 'setup', [0])
>>> record = ActionRecord("demo", forced=True, note="a note")
>>> str(record)
'* demo  (a note)'
"""

from __future__ import annotations

import copy as _copy
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from enum import Enum
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from changpai.core import engine, render
from changpai.core.deck import deal_order
from changpai.core.scoresheet import ScoreSheet
from changpai.core.seats import SeatRing, check_seat
from changpai.core.serial import read_document, rules_to_dict, write_document
from changpai.errors import IllegalActionError, NotationError, RulesError

__all__ = [
    "ActionRecord",
    "GameResult",
    "TurnClaimAction",
    "TurnClaimCard",
    "TurnClaimGame",
    "TurnClaimRules",
    "TurnClaimUnit",
]


class TurnClaimCard(Protocol):
    """A card kind: interned, hashable, with a small-int ``index`` (its place in the family's
    :attr:`TurnClaimGame.card_table`) and an ASCII ``code`` (for JSON and views).

    >>> from changpai.chuanpai import Card
    >>> card = Card("66"); card.index, card.code
    (0, '66')
    """

    @property
    def index(self) -> int: ...

    @property
    def code(self) -> str: ...

    def __hash__(self) -> int: ...


_A_co = TypeVar("_A_co", covariant=True)


class TurnClaimUnit(Protocol[_A_co]):
    """A unit (set) on a seat's table: its ``kind`` (an enum; its value names it in views),
    its ``cards`` and ``tou``, the number of replacement draws it earns.

    >>> from changpai.chuanpai import Meld
    >>> meld = Meld.parse("暗 梅子 梅子 梅子")
    >>> meld.kind.value, len(meld.cards), meld.tou
    ('an', 3, 1)
    """

    @property
    def kind(self) -> Enum: ...

    @property
    def cards(self) -> tuple[_A_co, ...]: ...

    @property
    def tou(self) -> int: ...


class TurnClaimAction(Protocol[_A_co]):
    """A decision or forced record: its ``kind`` (the flow's vocabulary, see the module text),
    the ``seat``, the offered or drawn ``card`` and the own ``cards`` it uses; ``to_dict()``
    writes it as JSON. Actions compare by value (``legal_actions`` membership).

    >>> from changpai.chuanpai import Action, Card
    >>> Action("discard", 0, card=Card("11")).to_dict()["kind"]
    'discard'
    """

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def card(self) -> _A_co | None: ...

    @property
    def cards(self) -> tuple[_A_co, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


class TurnClaimRules(Protocol):
    """What the flow reads from a family's frozen attrs rules object: the default number of
    ``players``, the deal sizes by position from the dealer, and every card of the deck.

    >>> from changpai.chuanpai import YAODIREN
    >>> YAODIREN.players, YAODIREN.deal_sizes(4), len(YAODIREN.cards())
    (4, (18, 17, 17, 5), 105)
    """

    @property
    def players(self) -> int: ...

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]: ...

    def cards(self) -> Sequence[Any]: ...


C = TypeVar("C", bound=TurnClaimCard)
U = TypeVar("U", bound="TurnClaimUnit[Any]")
A = TypeVar("A", bound="TurnClaimAction[Any]")
R = TypeVar("R", bound=TurnClaimRules)
_G = TypeVar("_G", bound="TurnClaimGame[Any, Any, Any, Any]")


@frozen
class ActionRecord(Generic[A]):
    """One entry of :attr:`TurnClaimGame.log`: the action and whether the engine forced it.

    >>> from changpai.chuanpai import Action, Card
    >>> record = ActionRecord(Action("turn", 2, card=Card("55")), forced=True)
    >>> record.forced, str(record)
    (True, '* seat 2 turn 梅子')
    """

    action: A
    forced: bool = False
    note: str = ""

    def __str__(self) -> str:
        mark = "*" if self.forced else " "
        note = f"  ({self.note})" if self.note else ""
        return f"{mark} {self.action}{note}"


@frozen
class GameResult:
    """How a hand ended: the winner (``None`` for a drawn hand), the score sheet and the reason.

    >>> GameResult(None, None, "stock exhausted").to_dict()["winner"] is None
    True
    """

    winner: int | None
    sheet: ScoreSheet | None
    reason: str

    @property
    def payments(self) -> tuple[Any, ...]:
        """The payments of the sheet (empty for a drawn hand).

        >>> GameResult(None, None, "stock exhausted").payments
        ()
        """
        return () if self.sheet is None else self.sheet.payments

    def __str__(self) -> str:
        if self.winner is None:
            return f"no winner ({self.reason})"
        return f"seat {self.winner} wins\n{self.sheet}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> GameResult(1, None, "win").to_dict()["reason"]
        'win'
        """
        return {
            "winner": self.winner,
            "reason": self.reason,
            "sheet": None if self.sheet is None else self.sheet.to_dict(),
        }


_DOCUMENT_KEYS = ("rules", "players", "dealer", "deck", "actions")


def _entries(data: Mapping[str, Any], key: str, family: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise NotationError(f"not a {family} JSON document: {key!r} must be a list, not {value!r}")
    return value


@frozen
class _Seating:
    """The seat orders of one table, shared by every game of that shape (never copied)."""

    ring: SeatRing
    # Players in seat order from each seat (a seat that never plays is left out) ...
    orders: tuple[tuple[int, ...], ...]
    # ... and the same without the seat itself: who may claim its discard, in claim order.
    afters: tuple[tuple[int, ...], ...]

    def __deepcopy__(self, memo: dict[int, object]) -> _Seating:
        return self


@lru_cache(maxsize=256)
def _seating(players: int, passive: tuple[int, ...]) -> _Seating:
    ring = SeatRing.of(players, passive[0] if passive else -1)
    orders = tuple(
        tuple(s for s in ring.order_from(x) if s not in passive) for x in range(players)
    )
    afters = tuple(tuple(s for s in o if s != x) for x, o in enumerate(orders))
    return _Seating(ring, orders, afters)


class TurnClaimGame(engine.GameBase, Generic[C, U, A, R]):
    """The draw / turn / claim flow shared by the long-card games where an unused card is turned
    from the stock for everybody (川牌 擠兒 game, 孝感; chuanpai.md §2.2, xiaogan.md §3).

    Generic over the family's card ``C``, unit ``U``, action ``A`` and rules ``R`` classes.
    Subclasses set :attr:`family` and :attr:`card_table` and write the hooks (the abstract
    methods below); this class owns the state machine, the log, replay, copies, views and
    JSON. Seats are numbered from 0; the dealer's position is 0 and positions run in seat
    order. ``can`` and ``==`` come from :class:`~changpai.core.engine.GameBase`.

    >>> from changpai.chuanpai import Game
    >>> issubclass(Game, TurnClaimGame)
    True
    """

    #: The family's name: the tag of its JSON documents.
    family = "generic"
    #: The card kinds of the family, by index (a hand is a list of counts over them).
    card_table: tuple[C, ...]
    #: The family's rules class: other ``rules`` raise RulesError (``None``: not checked).
    rules_class: type[Any] | None = None

    def __init__(
        self,
        rules: R,
        *,
        players: int | None = None,
        seed: int | None = None,
        deck: Sequence[C] | None = None,
        dealer: int = 0,
    ) -> None:
        expected = self.rules_class
        if expected is not None and not isinstance(rules, expected):
            raise RulesError(
                f"rules={rules!r} is not a {self.family} rules object; expected a "
                f"{expected.__name__} such as a preset or a variant's rules"
            )
        n = rules.players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int):
            raise RulesError(f"players={n!r} is not a whole number of players")
        sizes = rules.deal_sizes(n)
        dealer = check_seat(dealer, n, what="dealer", error=RulesError)
        full: list[C] = list(rules.cards())
        order = deal_order(full, seed=seed, deck=deck, what=self._deck_name(rules))
        self.rules = rules
        self.players = n
        self.deal_sizes: tuple[int, ...] = sizes
        self.dealer = dealer
        self.seed = seed
        self._deck: tuple[C, ...] = tuple(order)
        self.hands: list[list[int]] = [[0] * len(self.card_table) for _ in range(n)]
        self.tables: list[list[U]] = [[] for _ in range(n)]
        self.dead: list[C] = []
        self.log: list[ActionRecord[A]] = []
        self.phase = "setup"
        self.offer: tuple[C, int, bool] | None = None
        self._candidates: list[tuple[int, int]] = []
        self._cand_pos = 0
        self._setup_pos = 0
        self._turn_seat = dealer
        self._next_turner = dealer
        #: The replacement draws still pending while a 偷 is placed (0 for the last one).
        self._tou_left = 0
        self._result: GameResult | None = None
        self._legal_cache: tuple[tuple[int, int], tuple[A, ...]] | None = None
        seating = _seating(n, tuple(s for s in range(n) if self.is_passive(s)))
        self._seats = seating
        pos = 0
        for p, size in enumerate(sizes):
            seat = (dealer + p) % n
            for card in order[pos : pos + size]:
                self.hands[seat][card.index] += 1
            pos += size
        self.stock: list[C] = list(order[pos:])
        self._after_deal()
        self._advance_setup()

    # ----------------------------------------------------------------- seats
    def position(self, seat: int) -> int:
        """The seat's position after the dealer (0 = dealer).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, dealer=2).position(0)
        2
        """
        return (self._seat(seat) - self.dealer) % self.players

    def _seat(self, seat: object) -> int:
        """``seat`` checked: a whole number ``0 .. players-1``, else IllegalActionError."""
        return check_seat(seat, self.players, what="seat", error=IllegalActionError)

    def is_small(self, seat: int) -> bool:
        """Whether the seat is a small seat (川牌 尾家 / 摸家 with 5 cards, the 5th and 6th
        players with 5 or 3; 孝感's 5th player with 3): it was dealt fewer cards than a regular
        player but more than one; it may not 擺, and on its turn it draws a card into hand and
        swaps one out (chuanpai.md §2.1, xiaogan.md §2).

        >>> from changpai.chuanpai import YAODIREN, Game
        >>> g = Game(seed=1)
        >>> [g.is_small(s) for s in range(4)]
        [False, False, False, True]
        >>> [Game(YAODIREN.evolve(deal="16/15"), seed=1).is_small(s) for s in range(4)]
        [False, False, False, False]
        """
        pos = self.position(seat)
        size = self.deal_sizes[pos]
        return pos > 0 and 1 < size < self.deal_sizes[1]

    def is_passive(self, seat: int) -> bool:
        """Whether the seat only holds one card and never plays (the 7th player, chuanpai.md
        §2.1, xiaogan.md §2).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, players=7).is_passive(6)
        True
        """
        return self.position(seat) > 0 and self.deal_sizes[self.position(seat)] == 1

    def _active(self, seat: int) -> bool:
        return not self.is_passive(seat)

    def hand(self, seat: int) -> tuple[C, ...]:
        """The concealed cards of a seat, sorted by index.

        >>> from changpai.chuanpai import Game
        >>> len(Game(seed=1).hand(3)) >= 5
        True
        >>> Game(seed=1).hand(4)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=4 is not a seat; expected a whole number 0..3
        """
        table = self.card_table
        counts = self.hands[self._seat(seat)]
        return tuple(table[i] for i in range(len(table)) for _ in range(counts[i]))

    def all_cards(self, seat: int) -> list[C]:
        """Every card of a seat: hand, the family's side cards (川牌 過牌) and units on the table.

        >>> from changpai.chuanpai import Game
        >>> len(Game(seed=1).all_cards(0)) >= 18
        True
        """
        every = [*self.hand(seat), *self._side_cards(self._seat(seat))]
        for meld in self.tables[seat]:
            every.extend(meld.cards)
        return every

    # ----------------------------------------------------------------- public API
    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1).is_over
        False
        """
        return self._result is not None

    @property
    def result(self) -> GameResult | None:
        """The result once the hand is over, else ``None``.

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1).result is None
        True
        """
        return self._result

    @property
    def hongli(self) -> bool | None:
        """Whether the 7th player earns his 紅利: three copies of the one card he holds were
        discarded or turned face up during the hand (chuanpai.md §2.1 "如果他持有的那張牌被打出及
        翻出3張，則他有點紅利"; xiaogan.md §2); ``None`` without a 7th player. The seeds give no
        amount, so the bonus is reported, not paid.

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1).hongli is None, Game(seed=1, players=7).hongli
        (True, False)
        """
        passive = [s for s in range(self.players) if self.is_passive(s)]
        if not passive or not self.hand(passive[0]):
            return None
        card = self.hand(passive[0])[0]
        shown = sum(
            1 for r in self.log if r.action.kind in ("discard", "turn") and r.action.card == card
        )
        return shown >= 3

    @property
    def to_act(self) -> list[int]:
        """The seats that must decide now (one at a time in this engine; empty when over).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, dealer=2).to_act
        [2]
        """
        if self._result is not None:
            return []
        if self.phase == "setup":
            return [self._setup_seat()]
        if self.phase == "discard":
            return [self._turn_seat]
        return [self._candidates[self._cand_pos][1]]

    def legal_actions(self, seat: int) -> list[A]:
        """Every legal action of ``seat`` now (empty when it is not the seat's turn).

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=5)
        >>> all(a.seat == g.to_act[0] for a in g.legal_actions(g.to_act[0]))
        True
        """
        seat = self._seat(seat)
        if seat not in self.to_act:
            return []
        key = (len(self.log), seat)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return list(self._legal_cache[1])
        found = self._legal_now(seat)
        self._legal_cache = (key, tuple(found))
        return found

    def _legal_now(self, seat: int) -> list[A]:
        if self.phase == "setup":
            return self._setup_actions(seat)
        if self.phase == "discard":
            table = self.card_table
            return [self._new_action("discard", seat, table[i]) for i in self._discard_options(seat)]
        cls = self._candidates[self._cand_pos][0]
        assert self.offer is not None
        options, forced = self._claim_options(seat, self.offer[0], cls)
        return options if forced else [*options, self._new_action("pass", seat)]

    def verify(self, action: A) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is not
        legal now.

        >>> from changpai.chuanpai import Action, Game
        >>> Game(seed=5).verify(Action("pass", 2))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 2 pass is not legal: seat 2 is not to act (to act: [0])
        """
        if self._result is not None:
            raise IllegalActionError(f"{action} is not legal: the hand is over")
        if action.seat not in self.to_act:
            raise IllegalActionError(
                f"{action} is not legal: seat {action.seat} is not to act (to act: {self.to_act})"
            )
        legal = self.legal_actions(action.seat)
        if action not in legal:
            kinds = sorted({a.kind for a in legal})
            raise IllegalActionError(
                f"{action} is not legal in the {self.phase} phase; legal kinds: {', '.join(kinds)}"
            )

    def apply(self, action: A) -> ActionRecord[A]:
        """Apply a legal action, then every forced move that follows; an illegal action raises
        :class:`~changpai.errors.IllegalActionError` and leaves the state unchanged.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=5)
        >>> record = g.apply(g.legal_actions(g.to_act[0])[0])
        >>> record.forced, record in g.log
        (False, True)
        """
        self.verify(action)
        record: ActionRecord[A] = ActionRecord(action)
        self.log.append(record)
        if action.kind in ("lay", "ready"):
            self._apply_setup(action)
        elif action.kind == "discard":
            self._apply_discard(action)
        elif action.kind == "pass":
            self._cand_pos += 1
            if self._cand_pos >= len(self._candidates):
                self._unclaimed()
                self._turn()
        else:
            self._apply_claim(action)
        return record

    def copy(self: _G) -> _G:
        """An independent deep copy.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=2); h = g.copy(); h == g and h is not g
        True
        """
        return _copy.deepcopy(self)

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.players,
            self.dealer,
            self._deck,
            self.hands,
            self.tables,
            self.dead,
            self.stock,
            self.phase,
            self.offer,
            self._candidates,
            self._cand_pos,
            self._setup_pos,
            self._turn_seat,
            self._next_turner,
            self._result,
            self.log,
        )

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, the other hands' sizes, the tables (units that
        are face down, such as 暗, hidden for other seats), the family's extra entries, the
        offered card, the stock size and its legal actions.

        >>> from changpai.chuanpai import Game
        >>> v = Game(seed=2).view(1)
        >>> len(v["hand"]), v["hand_sizes"][1]
        (17, 17)
        >>> Game(seed=2).view(True)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=True is not a seat; expected a whole number 0..3
        """
        seat = self._seat(seat)
        tables = []
        for s in range(self.players):
            melds = []
            for meld in self.tables[s]:
                hidden = s != seat and self._face_down(meld)
                melds.append({"kind": meld.kind.value, "cards": [] if hidden else
                              [c.code for c in meld.cards], "size": len(meld.cards)})
            tables.append(melds)
        return {
            "seat": seat,
            "phase": self.phase,
            "hand": [c.code for c in self.hand(seat)],
            "hand_sizes": [sum(h) for h in self.hands],
            "tables": tables,
            **self._view_extra(seat),
            "offer": None if self.offer is None else self.offer[0].code,
            "dead": [c.code for c in self.dead],
            "stock": len(self.stock),
            "to_act": self.to_act,
            "legal_actions": [a.to_dict() for a in self.legal_actions(seat)],
            "result": None if self._result is None else self._result.to_dict(),
        }

    def _repr_html_(self) -> str:
        """The state for notebooks (the owner of the object sees everything): one row per seat
        with its hand, its units on the table and its side cards (川牌 過牌, face down to the
        others), and the cards it discarded (claimed or not); the stock size, the card on offer,
        the dead cards, who acts; the result and score sheet when over.

        >>> from changpai.chuanpai import Game
        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "stock</span> " in html, "▶ seat 0" in html
        (4, True, True)
        """
        rows = []
        for seat in range(self.players):
            units = [
                render.meld(getattr(m.kind, "hanzi", m.kind.value), m.cards, title=str(m))
                for m in self.tables[seat]
            ]
            side = self._side_cards(seat)
            if side:
                units.append(render.meld("set aside", side, title="side cards (川牌 過牌)"))
            discards = [
                r.action.card
                for r in self.log
                if r.action.kind == "discard" and r.action.seat == seat and r.action.card
            ]
            hand = self.hand(seat)
            notes = (
                ("dealer", seat == self.dealer),
                ("small seat", self.is_small(seat)),
                ("holds one card", self.is_passive(seat)),
            )
            rows.append(
                render.SeatRow(
                    seat,
                    hand=render.Html(f"{len(hand)}: {render.cards(hand)}"),
                    melds=render.line(units),
                    discards=render.cards(discards),
                    acting=seat in self.to_act,
                    note=", ".join(word for word, on in notes if on),
                )
            )
        facts: list[tuple[str, str]] = [("phase", self.phase), ("stock", str(len(self.stock)))]
        if self.offer is not None:
            card, source, turned = self.offer
            how = "turned by" if turned else "discarded by"
            facts.append(("on offer", render.Html(f"{render.card(card)} {how} seat {source}")))
        if self.dead:
            facts.append(("dead", render.cards(self.dead)))
        if self.to_act:
            facts.append(("to act", ", ".join(f"seat {s}" for s in self.to_act)))
        footer = ""
        if self._result is not None:
            result = self._result
            head = (
                f"no winner ({result.reason})" if result.winner is None
                else f"seat {result.winner} wins ({result.reason})"
            )  # fmt: skip
            sheet = "" if result.sheet is None else result.sheet._repr_html_()
            footer = render.Html(f"<b>{render.esc(head)}</b>{sheet}")
        title = f"{self.family} {getattr(self.rules, 'title', '')}".strip()
        return render.seat_table(rows, title=title, facts=facts, footer=footer)

    def to_json(self) -> str:
        """The game as JSON: family, rules, players, dealer, seed, the dealt deck order and the
        decisions.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=4); Game.from_json(g.to_json()) == g
        True
        """
        return write_document(
            ("family", self.family),
            {
                "rules": rules_to_dict(self.rules),
                "players": self.players,
                "dealer": self.dealer,
                "seed": self.seed,
                "deck": [c.code for c in self._deck],
                "actions": [r.action.to_dict() for r in self.log if not r.forced],
            },
        )

    @classmethod
    def from_json(cls: type[_G], text: str) -> _G:
        """Rebuild a game from :meth:`to_json` by replaying its decisions; a document of another
        family raises :class:`~changpai.errors.NotationError`.

        >>> from changpai.chuanpai import Game
        >>> Game.from_json(Game(seed=8).to_json()).seed
        8
        >>> Game.from_json('{"family": "nantong"}')
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a chuanpai JSON document: family 'nantong'
        >>> Game.from_json('{"family": "chuanpai", "players": 4}')
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a complete chuanpai JSON document: the key 'rules' is missing (expected 'rules', 'players', 'dealer', 'deck', 'actions')
        """
        data = read_document(text, ("family", cls.family))
        for key in _DOCUMENT_KEYS:
            if key not in data:
                raise NotationError(
                    f"not a complete {cls.family} JSON document: the key {key!r} is missing "
                    f"(expected {', '.join(map(repr, _DOCUMENT_KEYS))})"
                )
        deck = _entries(data, "deck", cls.family)
        items = _entries(data, "actions", cls.family)
        try:
            cards = [cls._load_card(c) for c in deck]
            actions = [cls._load_action(item) for item in items]
        except KeyError as error:
            raise NotationError(
                f"not a complete {cls.family} JSON document: an action has no key {error}"
            ) from None
        except (TypeError, AttributeError) as error:
            raise NotationError(f"not a {cls.family} JSON document: {error}") from None
        game = cls(
            cls._load_rules(data["rules"]),
            players=data["players"],
            seed=data.get("seed"),
            deck=cards,
            dealer=data["dealer"],
        )
        return engine.replay(game, actions)

    def replay(self: _G) -> _G:
        """A new game with the same deal, replaying the decisions of :attr:`log`.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=4); g.replay() == g
        True
        """
        fresh = type(self)(
            self.rules, players=self.players, seed=self.seed, deck=self._deck, dealer=self.dealer
        )
        return engine.replay(fresh, self.log)

    def card_counts(self) -> list[int]:
        """Every card of the deck, wherever it is now (hands, tables, side cards, stock, dead,
        offer), counted by kind; always equal to the deck's counts.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=1); sum(g.card_counts()) == len(g.rules.cards())
        True
        """
        size = len(self.card_table)
        counts = [0] * size
        for seat in range(self.players):
            for i in range(size):
                counts[i] += self.hands[seat][i]
            for meld in self.tables[seat]:
                for c in meld.cards:
                    counts[c.index] += 1
            for c in self._side_cards(seat):
                counts[c.index] += 1
        for c in (*self.stock, *self.dead):
            counts[c.index] += 1
        if self.offer is not None:
            counts[self.offer[0].index] += 1
        return counts

    # ----------------------------------------------------------------- flow
    def _force(self, action: A, note: str = "") -> None:
        self.log.append(ActionRecord(action, forced=True, note=note))

    def _setup_seat(self) -> int:
        return self._seats.orders[self.dealer][self._setup_pos]

    def _setup_actions(self, seat: int) -> list[A]:
        options, mandatory = self._setup_options(seat)
        return options if mandatory else [*options, self._new_action("ready", seat)]

    def _apply_setup(self, action: A) -> None:
        seat = action.seat
        if action.kind == "lay":
            for c in action.cards:
                self.hands[seat][c.index] -= 1
            self.tables[seat].append(self._lay_unit(action))
            if self._setup_options(seat)[0]:
                return
        self._setup_pos += 1
        self._advance_setup()

    def _advance_setup(self) -> None:
        order = self._seats.orders[self.dealer]
        while self._setup_pos < len(order) and not self._setup_options(order[self._setup_pos])[0]:
            self._setup_pos += 1
        if self._setup_pos < len(order):
            return
        # Replacement draws in seat order (chuanpai.md §2.1, xiaogan.md §2).
        for seat in order:
            self._tou(seat, sum(m.tou for m in self.tables[seat]))
        for seat in order:
            if self._check_win(seat):
                return
        self._start_discard(self.dealer)

    def _tou(self, seat: int, count: int) -> None:
        pending = count
        while pending > 0:
            pending -= 1
            if not self.stock:
                self._force(self._new_action("tou", seat), note="stock empty")
                return
            card = self.stock.pop(0)
            self._force(self._new_action("tou", seat, card))
            self._tou_left = pending
            pending += self._place_tou(seat, card)
        self._tou_left = 0

    def _start_discard(self, seat: int) -> None:
        if self._check_win(seat):
            return
        if sum(self.hands[seat]) == 0:
            self._force(self._new_action("skip", seat), note="no card to discard")
            self._next_turner = self._next_active(seat)
            self._turn()
            return
        self.phase = "discard"
        self._turn_seat = seat
        self.offer = None

    def _next_active(self, seat: int) -> int:
        after = self._seats.afters[seat]
        return after[0] if after else seat

    def _apply_discard(self, action: A) -> None:
        seat = action.seat
        card = action.card
        assert card is not None
        self.hands[seat][card.index] -= 1
        if self._check_win(seat):
            self.dead.append(card)
            return
        if not self._open_offer(card, seat, turned=False):
            self._turn()

    def _open_offer(self, card: C, source: int, turned: bool) -> bool:
        """Offer a card; True when some seat may claim it, else it is dead (and False)."""
        self.offer = (card, source, turned)
        seats = self._offer_seats()
        candidates: list[tuple[int, int]] = []
        for cls in (0, 1):
            for seat in seats:
                if self._claim_options(seat, card, cls)[0]:
                    candidates.append((cls, seat))
        self._candidates = candidates
        self._cand_pos = 0
        if candidates:
            self.phase = "claim"
            return True
        self._unclaimed()
        return False

    def _offer_seats(self) -> tuple[int, ...]:
        assert self.offer is not None
        _card, source, turned = self.offer
        return self._seats.orders[source] if turned else self._seats.afters[source]

    def _unclaimed(self) -> None:
        assert self.offer is not None
        card, source, _turned = self.offer
        for seat in self._offer_seats():
            self._note_passed(seat, card)
        self.dead.append(card)
        self.offer = None
        self._candidates = []
        self._next_turner = self._next_active(source)

    def _turn(self) -> None:
        """Turn cards from the stock (the next seat in turn) until one is claimable, a small
        seat draws, or the stock runs out."""
        while True:
            seat = self._next_turner
            if not self.stock:
                self._force(self._new_action("end", seat), note="stock exhausted")
                self.phase = "over"
                self.offer = None
                self._result = GameResult(None, None, "stock exhausted")
                return
            card = self.stock.pop(0)
            if self.is_small(seat):
                self._force(self._new_action("draw", seat, card))
                self.hands[seat][card.index] += 1
                self._start_discard(seat)
                return
            self._force(self._new_action("turn", seat, card))
            if self._open_offer(card, seat, turned=True):
                return

    def _apply_claim(self, action: A) -> None:
        seat = action.seat
        assert self.offer is not None and action.card is not None
        card = action.card
        # The card went past the seats before the claimer in seat order, not those after it
        # (it never reached them: chuanpai.md §2.4.3 "從你面前經過").
        for other in self._offer_seats():
            if other == seat:
                break
            self._note_passed(other, card)
        self.offer = None
        self._candidates = []
        tou = self._form_claim(action)
        self._tou(seat, tou)
        self._start_discard(seat)

    def _check_win(self, seat: int) -> bool:
        if not self._has_won(seat):
            return False
        sheet = self._score(seat)
        self._force(self._new_action("win", seat), note=f"{sheet.total} 胡")
        self.phase = "over"
        self.offer = None
        self._result = GameResult(seat, sheet, "win")
        return True

    # ----------------------------------------------------------------- family hooks
    def _deck_name(self, rules: R) -> str:
        """How error messages name the deck of ``rules``."""
        return f"the {self.family} deck"

    def _after_deal(self) -> None:
        """Called once after the deal, before the setup phase (e.g. to note dealt conditions or
        to make the family's own state)."""

    def _side_cards(self, seat: int) -> Sequence[C]:
        """Cards a seat holds outside its hand and its units (川牌 過牌); none by default."""
        return ()

    def _view_extra(self, seat: int) -> Mapping[str, Any]:
        """The family's own entries of :meth:`view` (placed after ``tables``)."""
        return {}

    def _note_passed(self, seat: int, card: C) -> None:
        """Remember that ``card`` passed ``seat`` without being claimed by it (nothing by
        default)."""

    @abstractmethod
    def _new_action(self, kind: str, seat: int, card: C | None = None) -> A:
        """The family's action of ``kind`` by ``seat`` (with ``card``), as the flow writes it."""

    @abstractmethod
    def _lay_unit(self, action: A) -> U:
        """The unit a setup ``"lay"`` action puts on the table (its cards leave the hand)."""

    @abstractmethod
    def _face_down(self, meld: U) -> bool:
        """Whether other seats see this unit face down."""

    @abstractmethod
    def _setup_options(self, seat: int) -> tuple[list[A], bool]:
        """The sets ``seat`` may lay now during setup, and whether one of them is mandatory."""

    @abstractmethod
    def _discard_options(self, seat: int) -> list[int]:
        """The card kinds ``seat`` may discard."""

    @abstractmethod
    def _claim_options(self, seat: int, card: C, cls: int) -> tuple[list[A], bool]:
        """The claims of priority class ``cls`` (0 before 1) of ``seat`` on ``card``, and whether
        the seat must claim."""

    @abstractmethod
    def _form_claim(self, action: A) -> int:
        """Form the claimed unit; return the number of replacement draws it earns."""

    @abstractmethod
    def _place_tou(self, seat: int, card: C) -> int:
        """Place a replacement card; return the number of further replacement draws."""

    @abstractmethod
    def _has_won(self, seat: int) -> bool:
        """Whether ``seat`` has won now."""

    @abstractmethod
    def _score(self, seat: int) -> ScoreSheet:
        """The score sheet of the winner ``seat``."""

    @classmethod
    @abstractmethod
    def _load_rules(cls, data: Any) -> R:
        """The rules object written as ``data`` by :func:`~changpai.core.serial.rules_to_dict`."""

    @classmethod
    @abstractmethod
    def _load_card(cls, code: str) -> C:
        """The card of an ASCII ``code``."""

    @classmethod
    @abstractmethod
    def _load_action(cls, data: dict[str, Any]) -> A:
        """The action written as ``data`` by its ``to_dict()``."""
