"""The 川牌 擠兒 game engine (chuanpai.md §2.1, §2.2, §2.4, §2.5): deal, laying of dealt sets and
replacement draws (偷), discards and turned cards offered to everybody, claims in seat order with
碰 / 起 / 扛 / 燕 before 擺, the forced rules, the win and its score.

The flow is written in two layers so that the 孝感 family (same flow with 句 instead of 擠兒,
xiaogan.md §3) can reuse it: :class:`TurnClaimGame` holds the family-neutral draw / turn / claim
machinery (deal by seat position, a setup phase, the 偷 queue, discard -> offer -> claims by priority
class then seat distance -> turn a card from the stock, small seats that draw and swap, win checks,
log, replay, JSON), and :class:`Game` fills in the 川牌 hooks (which units exist, which claims are
forced, where a 偷 goes, when a hand has won, the score).

Forced moves are applied by the engine and written to the log as forced records (偷 draws, sets
completed by a 偷, 過牌, the turned card, a small seat's draw, the win); every other decision is an
:class:`Action` of the seat in :attr:`TurnClaimGame.to_act`.

>>> game = Game(seed=3)
>>> game.to_act
[0]
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> game.result.reason in ("win", "stock exhausted")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import copy as _copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from attrs import field, frozen

from changpai.chuanpai.cards import CARDS, KINDS, SEVENS, Card
from changpai.chuanpai.hand import best_decomposition, can_jiao, qitou
from changpai.chuanpai.melds import DING_INDEX, Meld, MeldKind, is_jing_set, pair_ok
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.chuanpai.scoring import score
from changpai.core.scoresheet import ScoreSheet
from changpai.errors import IllegalActionError, RulesError

__all__ = [
    "Action",
    "ActionRecord",
    "Game",
    "GameResult",
    "Match",
    "Simulation",
    "TurnClaimGame",
    "draw_dealer",
    "next_dealer",
    "perft",
    "simulate",
]

_JING = (21, 22)
_G = TypeVar("_G", bound="TurnClaimGame")
_SEVENS = tuple(c.index for c in SEVENS)
_POINTS = tuple(c.points for c in CARDS)


def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


@frozen
class Action:
    """One decision (or, in the log, one forced move) of a seat.

    ``kind`` is ``"lay"`` (lay a dealt set during setup), ``"ready"`` (end of laying), ``"discard"``,
    ``"claim"`` (take the offered ``card`` with ``cards`` from hand into a unit of kind ``meld``;
    ``guo=True`` when the own card is a 過牌) or ``"pass"``. Forced records use ``"tou"``,
    ``"turn"``, ``"draw"``, ``"set"``, ``"keep"`` (a 偷 that wins instead of making a 起),
    ``"guo"``, ``"skip"``, ``"win"`` and ``"end"``. The own
    ``cards`` are kept sorted, so their order does not matter.

    >>> a = Action("claim", 1, card=Card("66"), cards=(Card("44"),), meld=MeldKind.BAI)
    >>> str(a)
    'seat 1 claim 擺 天牌 with 人牌'
    >>> Action.from_dict(a.to_dict()) == a
    True
    """

    kind: str
    seat: int
    card: Card | None = None
    cards: tuple[Card, ...] = field(default=(), converter=_sorted_cards)
    meld: MeldKind | None = None
    guo: bool = False

    def __str__(self) -> str:
        parts = [f"seat {self.seat} {self.kind}"]
        if self.meld is not None:
            parts.append(self.meld.hanzi)
        if self.card is not None:
            parts.append(self.card.name)
        if self.cards:
            word = "with 過牌" if self.guo else "with"
            if self.kind in ("claim",):
                parts.append(word + " " + " ".join(c.name for c in self.cards))
            else:
                parts.append(" ".join(c.name for c in self.cards))
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> Action("discard", 0, card=Card("11")).to_dict()["card"]
        '11'
        """
        return {
            "kind": self.kind,
            "seat": self.seat,
            "card": None if self.card is None else self.card.code,
            "cards": [c.code for c in self.cards],
            "meld": None if self.meld is None else self.meld.value,
            "guo": self.guo,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_dict`.

        >>> Action.from_dict({"kind": "pass", "seat": 2}).kind
        'pass'
        """
        return cls(
            kind=data["kind"],
            seat=int(data["seat"]),
            card=None if data.get("card") is None else Card.parse(data["card"]),
            cards=tuple(Card.parse(c) for c in data.get("cards", ())),
            meld=None if data.get("meld") is None else MeldKind(data["meld"]),
            guo=bool(data.get("guo", False)),
        )


@frozen
class ActionRecord:
    """One entry of :attr:`TurnClaimGame.log`: the action and whether the engine forced it.

    >>> ActionRecord(Action("turn", 2, card=Card("55")), forced=True).forced
    True
    """

    action: Action
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


class TurnClaimGame(ABC):
    """The draw / turn / claim flow shared by the long-card games where an unused card is turned
    from the stock for everybody (川牌 擠兒 game, 孝感; chuanpai.md §2.2, xiaogan.md §3).

    Subclasses provide the family hooks (``_setup_options``, ``_claim_options``,
    ``_discard_options``, ``_place_tou``, ``_has_won``, ``_score``); this class owns the state
    machine, the log, replay, copies, views and JSON. Seats are numbered from 0; the dealer's
    position is 0 and positions run in seat order.

    >>> issubclass(Game, TurnClaimGame)
    True
    """

    family = "generic"
    #: The card kinds of the family, by index (a hand is a list of counts over them).
    card_table: tuple[Card, ...] = CARDS
    #: Reads one card code (for JSON).
    parse_card = staticmethod(Card.parse)
    #: The family's rules class (for JSON).
    rules_class: type[Rules] = Rules

    def __init__(
        self,
        rules: Rules = YAODIREN,
        *,
        players: int | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        dealer: int = 0,
    ) -> None:
        n = rules.players if players is None else players
        sizes = rules.deal_sizes(n)
        if not 0 <= dealer < n:
            raise RulesError(f"dealer seat {dealer} is not one of the {n} seats")
        full = list(rules.cards())
        if deck is None:
            random.Random(seed).shuffle(full)
            order = full
        else:
            order = list(deck)
            if sorted(order) != sorted(full):
                raise RulesError(
                    f"the stacked deck is not a permutation of {rules.deck} ({len(order)} cards)"
                )
        self.rules = rules
        self.players = n
        self.deal_sizes: tuple[int, ...] = sizes
        self.dealer = dealer
        self.seed = seed
        self._deck: tuple[Card, ...] = tuple(order)
        self.hands: list[list[int]] = [[0] * len(self.card_table) for _ in range(n)]
        self.tables: list[list[Meld]] = [[] for _ in range(n)]
        self.guo: list[list[Card]] = [[] for _ in range(n)]
        self.passed: list[set[int]] = [set() for _ in range(n)]
        self.dead: list[Card] = []
        self.log: list[ActionRecord] = []
        self.phase = "setup"
        self.offer: tuple[Card, int, bool] | None = None
        self._candidates: list[tuple[int, int]] = []
        self._cand_pos = 0
        self._setup_pos = 0
        self._turn_seat = dealer
        self._next_turner = dealer
        self._tou_left = 0
        self._result: GameResult | None = None
        self._legal_cache: tuple[tuple[int, int], tuple[Action, ...]] | None = None
        pos = 0
        for p, size in enumerate(sizes):
            seat = (dealer + p) % n
            for card in order[pos : pos + size]:
                self.hands[seat][card.index] += 1
            pos += size
        self.stock: list[Card] = list(order[pos:])
        self._after_deal()
        self._advance_setup()

    # ----------------------------------------------------------------- seats
    def position(self, seat: int) -> int:
        """The seat's position after the dealer (0 = dealer).

        >>> Game(seed=1, dealer=2).position(0)
        2
        """
        return (seat - self.dealer) % self.players

    def is_small(self, seat: int) -> bool:
        """Whether the seat is a small seat (尾家 / 摸家 with 5 cards, the 5th and 6th players with
        5 or 3): it was dealt fewer cards than a regular player but more than one; it may not 擺,
        and on its turn it draws a card into hand and swaps one out (chuanpai.md §2.1).

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
        """Whether the seat only holds one card and never plays (the 7th player, §2.1).

        >>> Game(seed=1, players=7).is_passive(6)
        True
        """
        return self.position(seat) > 0 and self.deal_sizes[self.position(seat)] == 1

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _active(self, seat: int) -> bool:
        return not self.is_passive(seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards of a seat, sorted.

        >>> len(Game(seed=1, deck=None).hand(3)) >= 5
        True
        """
        table = self.card_table
        return tuple(table[i] for i in range(len(table)) for _ in range(self.hands[seat][i]))

    def all_cards(self, seat: int) -> list[Card]:
        """Every card of a seat: hand, units on the table and 過牌.

        >>> len(Game(seed=1).all_cards(0)) >= 18
        True
        """
        every = list(self.hand(seat)) + list(self.guo[seat])
        for meld in self.tables[seat]:
            every.extend(meld.cards)
        return every

    # ----------------------------------------------------------------- public API
    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> Game(seed=1).is_over
        False
        """
        return self._result is not None

    @property
    def result(self) -> GameResult | None:
        """The result once the hand is over, else ``None``.

        >>> Game(seed=1).result is None
        True
        """
        return self._result

    @property
    def hongli(self) -> bool | None:
        """Whether the 7th player earns his 紅利: three copies of the one card he holds were
        discarded or turned face up during the hand (chuanpai.md §2.1 "如果他持有的那張牌被打出及
        翻出3張，則他有點紅利"); ``None`` without a 7th player. The seeds give no amount, so the
        bonus is reported, not paid.

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

    def next_dealer(self, card: Card) -> int:
        """The dealer of the next hand once this one is over, given the card that the winner's
        second-next seat turns after cutting (chuanpai.md §2.2.5; see :func:`next_dealer`).

        >>> g = Game(seed=3)
        >>> while not g.is_over:
        ...     _ = g.apply(g.legal_actions(g.to_act[0])[0])
        >>> g.result.winner, g.next_dealer(Card("26"))  # cutter 2; 8 points: 2 3 0 1 2 3 0 1
        (0, 1)
        """
        if self._result is None:
            raise IllegalActionError("the hand is not over: no next dealer yet")
        return next_dealer(self._result.winner, card, self.players, self.dealer)

    @property
    def to_act(self) -> list[int]:
        """The seats that must decide now (one at a time in this engine; empty when over).

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

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when it is not the seat's turn).

        >>> g = Game(seed=5)
        >>> all(a.seat == g.to_act[0] for a in g.legal_actions(g.to_act[0]))
        True
        """
        if seat not in self.to_act:
            return []
        key = (len(self.log), seat)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return list(self._legal_cache[1])
        found = self._legal_now(seat)
        self._legal_cache = (key, tuple(found))
        return found

    def _legal_now(self, seat: int) -> list[Action]:
        if self.phase == "setup":
            return self._setup_actions(seat)
        if self.phase == "discard":
            table = self.card_table
            return [Action("discard", seat, card=table[i]) for i in self._discard_options(seat)]
        cls = self._candidates[self._cand_pos][0]
        assert self.offer is not None
        options, forced = self._claim_options(seat, self.offer[0], cls)
        return options if forced else [*options, Action("pass", seat)]

    def verify(self, action: Action) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is not
        legal now.

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

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now.

        >>> g = Game(seed=5)
        >>> g.can(g.legal_actions(g.to_act[0])[0])
        True
        """
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> ActionRecord:
        """Apply a legal action, then every forced move that follows; an illegal action raises
        :class:`~changpai.errors.IllegalActionError` and leaves the state unchanged.

        >>> g = Game(seed=5)
        >>> record = g.apply(g.legal_actions(g.to_act[0])[0])
        >>> record.forced, record in g.log
        (False, True)
        """
        self.verify(action)
        record = ActionRecord(action)
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

        >>> g = Game(seed=2); h = g.copy(); h == g and h is not g
        True
        """
        return _copy.deepcopy(self)

    def _state(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "players": self.players,
            "dealer": self.dealer,
            "deck": self._deck,
            "hands": self.hands,
            "tables": self.tables,
            "guo": self.guo,
            "passed": self.passed,
            "dead": self.dead,
            "stock": self.stock,
            "phase": self.phase,
            "offer": self.offer,
            "candidates": self._candidates,
            "cand_pos": self._cand_pos,
            "setup_pos": self._setup_pos,
            "turn_seat": self._turn_seat,
            "next_turner": self._next_turner,
            "result": self._result,
            "log": self.log,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnClaimGame):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, the other hands' sizes, the tables (暗 and 過牌
        of other seats face down), the offered card, the stock size and its legal actions.

        >>> v = Game(seed=2).view(1)
        >>> len(v["hand"]), v["hand_sizes"][1]
        (17, 17)
        """
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
            "guo": [
                [c.code for c in g] if s == seat else len(g) for s, g in enumerate(self.guo)
            ],
            "offer": None if self.offer is None else self.offer[0].code,
            "dead": [c.code for c in self.dead],
            "stock": len(self.stock),
            "to_act": self.to_act,
            "legal_actions": [a.to_dict() for a in self.legal_actions(seat)],
            "result": None if self._result is None else self._result.to_dict(),
        }

    def to_json(self) -> str:
        """The game as JSON: rules, players, dealer, the dealt deck order and the decisions.

        >>> g = Game(seed=4); Game.from_json(g.to_json()) == g
        True
        """
        return json.dumps(
            {
                "family": self.family,
                "rules": self.rules.to_dict(),
                "players": self.players,
                "dealer": self.dealer,
                "seed": self.seed,
                "deck": [c.code for c in self._deck],
                "actions": [r.action.to_dict() for r in self.log if not r.forced],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls: type[_G], text: str) -> _G:
        """Rebuild a game from :meth:`to_json` by replaying its decisions.

        >>> Game.from_json(Game(seed=8).to_json()).seed
        8
        """
        data = json.loads(text)
        game = cls(
            cls.rules_class.from_dict(data["rules"]),
            players=data["players"],
            seed=data.get("seed"),
            deck=[cls.parse_card(c) for c in data["deck"]],
            dealer=data["dealer"],
        )
        for item in data["actions"]:
            game.apply(Action.from_dict(item))
        return game

    def replay(self: _G) -> _G:
        """A new game with the same deal, replaying the decisions of :attr:`log`.

        >>> g = Game(seed=4); g.replay() == g
        True
        """
        game = type(self)(
            self.rules, players=self.players, seed=self.seed, deck=self._deck, dealer=self.dealer
        )
        for record in self.log:
            if not record.forced:
                game.apply(record.action)
        return game

    def card_counts(self) -> list[int]:
        """Every card of the deck, wherever it is now (hands, tables, 過牌, stock, dead, offer),
        counted by kind; always equal to the deck's counts.

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
            for c in self.guo[seat]:
                counts[c.index] += 1
        for c in (*self.stock, *self.dead):
            counts[c.index] += 1
        if self.offer is not None:
            counts[self.offer[0].index] += 1
        return counts

    # ----------------------------------------------------------------- flow
    def _force(self, action: Action, note: str = "") -> None:
        self.log.append(ActionRecord(action, forced=True, note=note))

    def _setup_order(self) -> list[int]:
        return [s for s in self._order_from(self.dealer) if self._active(s)]

    def _setup_seat(self) -> int:
        return self._setup_order()[self._setup_pos]

    def _setup_actions(self, seat: int) -> list[Action]:
        options, mandatory = self._setup_options(seat)
        return options if mandatory else [*options, Action("ready", seat)]

    def _apply_setup(self, action: Action) -> None:
        seat = action.seat
        if action.kind == "lay":
            assert action.meld is not None
            for c in action.cards:
                self.hands[seat][c.index] -= 1
            self.tables[seat].append(Meld(action.meld, action.cards))
            if self._setup_options(seat)[0]:
                return
        self._setup_pos += 1
        self._advance_setup()

    def _advance_setup(self) -> None:
        order = self._setup_order()
        while self._setup_pos < len(order) and not self._setup_options(order[self._setup_pos])[0]:
            self._setup_pos += 1
        if self._setup_pos < len(order):
            return
        # Replacement draws in seat order (chuanpai.md §2.1).
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
                self._force(Action("tou", seat), note="stock empty")
                return
            card = self.stock.pop(0)
            self._force(Action("tou", seat, card=card))
            self._tou_left = pending
            pending += self._place_tou(seat, card)
        self._tou_left = 0

    def _start_discard(self, seat: int) -> None:
        if self._check_win(seat):
            return
        if sum(self.hands[seat]) == 0:
            self._force(Action("skip", seat), note="no card to discard")
            self._next_turner = self._next_active(seat)
            self._turn()
            return
        self.phase = "discard"
        self._turn_seat = seat
        self.offer = None

    def _next_active(self, seat: int) -> int:
        for s in self._order_from(seat)[1:]:
            if self._active(s):
                return s
        return seat

    def _apply_discard(self, action: Action) -> None:
        seat = action.seat
        assert action.card is not None
        self.hands[seat][action.card.index] -= 1
        if self._check_win(seat):
            self.dead.append(action.card)
            return
        if not self._open_offer(action.card, seat, turned=False):
            self._turn()

    def _open_offer(self, card: Card, source: int, turned: bool) -> bool:
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

    def _offer_seats(self) -> list[int]:
        assert self.offer is not None
        _card, source, turned = self.offer
        seats = self._order_from(source) if turned else self._order_from(source)[1:]
        return [s for s in seats if self._active(s)]

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
                self._force(Action("end", seat), note="stock exhausted")
                self.phase = "over"
                self.offer = None
                self._result = GameResult(None, None, "stock exhausted")
                return
            card = self.stock.pop(0)
            if self.is_small(seat):
                self._force(Action("draw", seat, card=card))
                self.hands[seat][card.index] += 1
                self._start_discard(seat)
                return
            self._force(Action("turn", seat, card=card))
            if self._open_offer(card, seat, turned=True):
                return

    def _apply_claim(self, action: Action) -> None:
        seat = action.seat
        assert self.offer is not None and action.meld is not None and action.card is not None
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
        self._force(Action("win", seat), note=f"{sheet.total} 胡")
        self.phase = "over"
        self.offer = None
        self._result = GameResult(seat, sheet, "win")
        return True

    # ----------------------------------------------------------------- family hooks
    @abstractmethod
    def _after_deal(self) -> None:
        """Called once after the deal, before the setup phase (e.g. to note dealt conditions)."""

    @abstractmethod
    def _face_down(self, meld: Meld) -> bool:
        """Whether other seats see this unit face down."""

    @abstractmethod
    def _setup_options(self, seat: int) -> tuple[list[Action], bool]:
        """The sets ``seat`` may lay now during setup, and whether one of them is mandatory."""

    @abstractmethod
    def _discard_options(self, seat: int) -> list[int]:
        """The card kinds ``seat`` may discard."""

    @abstractmethod
    def _claim_options(self, seat: int, card: Card, cls: int) -> tuple[list[Action], bool]:
        """The claims of priority class ``cls`` (0 before 1) of ``seat`` on ``card``, and whether
        the seat must claim."""

    @abstractmethod
    def _form_claim(self, action: Action) -> int:
        """Form the claimed unit; return the number of replacement draws it earns."""

    @abstractmethod
    def _place_tou(self, seat: int, card: Card) -> int:
        """Place a replacement card; return the number of further replacement draws."""

    @abstractmethod
    def _note_passed(self, seat: int, card: Card) -> None:
        """Remember that ``card`` passed ``seat`` without being claimed by it."""

    @abstractmethod
    def _has_won(self, seat: int) -> bool:
        """Whether ``seat`` has won now."""

    @abstractmethod
    def _score(self, seat: int) -> ScoreSheet:
        """The score sheet of the winner ``seat``."""


@lru_cache(maxsize=100_000)
def _max_pairs(counts: tuple[int, ...], pair_sums: tuple[int, ...]) -> int:
    """The largest number of disjoint 擠兒 (incl. 經 pairs) in a concealed hand."""
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0 or low >= 21:
        return 0
    rest = list(counts)
    rest[low] -= 1
    best = _max_pairs(tuple(rest), pair_sums)  # leave this card single
    p = _POINTS[low]
    for j in (*range(low, 21), *_JING):
        if rest[j] and (j in _JING or p + _POINTS[j] in pair_sums):
            rest[j] -= 1
            best = max(best, 1 + _max_pairs(tuple(rest), pair_sums))
            rest[j] += 1
    return best


class Game(TurnClaimGame):
    """The 川牌 擠兒 game (presets :data:`~changpai.chuanpai.YAODIREN` and
    :data:`~changpai.chuanpai.GEHU`), chuanpai.md §2.1, §2.2, §2.4, §2.5.

    Choices where the rules are silent (see the docs page): the dealer is a parameter (default
    seat 0; :func:`draw_dealer`, :meth:`next_dealer` and :class:`Match` choose it as §2.1 /
    §2.2.5 say); with 2 or 3 players there is no 摸家; a set completed by a 偷 is laid at once
    (a fourth that would win the hand stays in hand instead of making a 起);
    a 3-card 經 set is never forced; 起 applies to a 暗 on the table (not to a 碰); the player
    whose cards are all formed wins as soon as it is his turn to discard or right after his
    discard; an unclaimed card is dead, and the next seat turns a card from the stock.

    >>> g = Game(seed=11)
    >>> g.players, len(g.hand(0)) + sum(m.tou for m in g.tables[0]) >= 18
    (4, True)
    """

    family = "chuanpai"

    # -- deal (chuanpai.md §2.5 叫牌 at deal, Ambiguities C6) and table view (暗 face down)
    def _after_deal(self) -> None:
        self.jiao_at_deal = [can_jiao(self.all_cards(s)) for s in range(self.players)]

    def _face_down(self, meld: Meld) -> bool:
        return meld.kind is MeldKind.AN

    # -- helpers
    def _cards(self, seat: int) -> list[Card]:
        return list(self.hand(seat))

    def _mp(self, counts: Sequence[int]) -> int:
        return _max_pairs(tuple(counts), self.rules.pair_sums)

    def _minus(self, seat: int, *indices: int) -> list[int]:
        h = list(self.hands[seat])
        for i in indices:
            h[i] -= 1
        return h

    def _surplus(self, seat: int, index: int) -> bool:
        h = self.hands[seat]
        return h[index] > 0 and self._mp(self._minus(seat, index)) == self._mp(h)

    # -- setup (chuanpai.md §2.1: lay dealt 暗 and 燕)
    def _setup_options(self, seat: int) -> tuple[list[Action], bool]:
        h = self.hands[seat]
        out: list[Action] = []
        mandatory = False
        cards = self._cards(seat)
        for i in range(21):
            c = h[i]
            if c >= 3:
                # chuanpai.md §2.3: the identical cards are laid together — three as a 暗,
                # four as a 亮 ("自己手裏組成四張一樣的牌，明擺…叫做亮"), five as a 土夥.
                card = CARDS[i]
                kind = {3: MeldKind.AN, 4: MeldKind.LIANG}.get(c, MeldKind.TUHUO)
                out.append(Action("lay", seat, cards=(card,) * c, meld=kind))
                if qitou(cards, card, self.rules) != "optional":
                    mandatory = True
        if all(h[i] for i in _SEVENS):
            out.append(Action("lay", seat, cards=SEVENS, meld=MeldKind.YAN))
            mandatory = True
        if h[DING_INDEX] >= 2:
            ding = CARDS[DING_INDEX]
            for j in _JING:
                if h[j]:
                    out.append(Action("lay", seat, cards=(ding, ding, CARDS[j]), meld=MeldKind.AN))
            if h[21] and h[22]:
                out.append(
                    Action("lay", seat, cards=(ding, ding, CARDS[21], CARDS[22]),
                           meld=MeldKind.LIANG)
                )
        return out, mandatory

    # -- discard (chuanpai.md §2.4.1 不能拆了擠兒打)
    def _discard_options(self, seat: int) -> list[int]:
        h = self.hands[seat]
        held = [i for i in range(KINDS) if h[i]]
        surplus = [i for i in held if self._surplus(seat, i)]
        return surplus or held

    # -- claims (chuanpai.md §2.2.3, §2.3, §2.4.2, §2.4.3)
    def _claim_options(self, seat: int, card: Card, cls: int) -> tuple[list[Action], bool]:
        h = self.hands[seat]
        x = card.index
        out: list[Action] = []
        forced = False
        if cls == 0:
            if not card.is_jing and h[x] >= 2:
                out.append(Action("claim", seat, card=card, cards=(card, card),
                                  meld=MeldKind.PENG))
                q = qitou(self._cards(seat), card, self.rules)
                both_tied = self._mp(self._minus(seat, x, x)) == self._mp(h) - 2
                if q == "mandatory" or (q is None and not both_tied):
                    forced = True
            ding = CARDS[DING_INDEX]
            if x == DING_INDEX and h[x] >= 1:
                for j in _JING:
                    if h[j]:
                        out.append(Action("claim", seat, card=card, cards=(ding, CARDS[j]),
                                          meld=MeldKind.PENG))
            if card.is_jing and h[DING_INDEX] >= 2:
                out.append(Action("claim", seat, card=card, cards=(ding, ding),
                                  meld=MeldKind.PENG))
            if x in _SEVENS:
                others = [i for i in _SEVENS if i != x]
                if all(h[i] for i in others):
                    out.append(Action("claim", seat, card=card,
                                      cards=tuple(CARDS[i] for i in others), meld=MeldKind.YAN))
                    if self._mp(self._minus(seat, *others)) > self._mp(h) - 2:
                        forced = True
            if any(m.kind is MeldKind.AN and m.cards == (card,) * 3 for m in self.tables[seat]):
                out.append(Action("claim", seat, card=card, cards=(card,) * 3, meld=MeldKind.QI))
                # chuanpai.md §2.3: the 4th must join the 暗 unless that card wins the hand.
                if not any(self._claim_wins(a) for a in self._claim_options(seat, card, 1)[0]):
                    forced = True
            for three in self._jing_threes(seat, card):
                # chuanpai.md §2.3: three of the "real and fake 經" + the 4th must be 扛'd.
                out.append(Action("claim", seat, card=card, cards=three, meld=MeldKind.KANG))
                forced = True
            for meld in self.tables[seat]:
                if meld.kind is MeldKind.AN and meld.jing and is_jing_set((*meld.cards, card)):
                    out.append(Action("claim", seat, card=card, cards=meld.cards,
                                      meld=MeldKind.QI))
                    forced = True
            if not card.is_jing and h[x] == 3:
                out.append(Action("claim", seat, card=card, cards=(card,) * 3,
                                  meld=MeldKind.KANG))
                if self.rules.kang == "qitou" and (
                    qitou(self._cards(seat), card, self.rules) == "mandatory"
                ):
                    forced = True
            return out, forced
        turned = self.offer is not None and self.offer[2]
        if self.is_small(seat) or (turned and not self.rules.turned_bai):
            return [], False
        for i in range(KINDS):
            if not h[i]:
                continue
            other = CARDS[i]
            if card.is_jing != other.is_jing:
                out.append(Action("claim", seat, card=card, cards=(other,),
                                  meld=MeldKind.JING_PAIR))
            elif pair_ok(card, other, self.rules):
                out.append(Action("claim", seat, card=card, cards=(other,), meld=MeldKind.BAI))
                if self._surplus(seat, i):
                    forced = True
        if x in self.passed[seat]:
            for g in sorted(set(self.guo[seat])):
                if pair_ok(card, g, self.rules):
                    out.append(Action("claim", seat, card=card, cards=(g,), meld=MeldKind.BAI,
                                      guo=True))
                    forced = True
        return out, forced

    def _jing_threes(self, seat: int, card: Card) -> list[tuple[Card, ...]]:
        """The 經-set cards in hand (three of 丁丁 / 財神 / 聽用) that ``card`` makes a 4-card 經 set."""
        if card.index not in (DING_INDEX, *_JING):
            return []
        h = self.hands[seat]
        pool = [CARDS[i] for i in (DING_INDEX, *_JING) for _ in range(h[i])]
        found: list[tuple[Card, ...]] = []
        for a in range(len(pool)):
            for b in range(a + 1, len(pool)):
                for c in range(b + 1, len(pool)):
                    three = (pool[a], pool[b], pool[c])
                    if three not in found and is_jing_set((*three, card)):
                        found.append(three)
        return found

    def _form_claim(self, action: Action) -> int:
        seat = action.seat
        assert action.card is not None and action.meld is not None
        if action.guo:
            self.guo[seat].remove(action.cards[0])
        elif action.meld is not MeldKind.QI:
            for c in action.cards:
                self.hands[seat][c.index] -= 1
        if action.meld is MeldKind.QI:
            table = self.tables[seat]
            at = next(
                k for k, m in enumerate(table)
                if m.kind is MeldKind.AN and m.cards == tuple(sorted(action.cards))
            )
            table[at] = Meld(MeldKind.QI, (*action.cards, action.card), claimed=action.card)
        else:
            self.tables[seat].append(
                Meld(action.meld, (*action.cards, action.card), claimed=action.card)
            )
        return action.meld.tou

    # -- 偷 (chuanpai.md §2.3: a 偷 completing a set is laid at once; §2.4.3 過牌)
    def _tou_wins_in_hand(self, seat: int, card: Card) -> bool:
        """chuanpai.md §2.3 起: the fourth card must join the 暗 "除非那張牌導致你和牌" — unless
        it wins the hand; only the last pending 偷 can win at once."""
        if self._tou_left:
            return False
        if not self._wins_with(seat, [*self.hand(seat), card], self.tables[seat], self.guo[seat]):
            return False
        self.hands[seat][card.index] += 1
        self._force(Action("keep", seat, card=card), note="the 4th wins the hand: no 起")
        return True

    def _place_tou(self, seat: int, card: Card) -> int:
        h = self.hands[seat]
        x = card.index
        table = self.tables[seat]
        for k, meld in enumerate(table):
            if meld.kind is MeldKind.AN and meld.jing and is_jing_set((*meld.cards, card)):
                if self._tou_wins_in_hand(seat, card):
                    return 0
                table[k] = Meld(MeldKind.QI, (*meld.cards, card), claimed=card)
                self._force(Action("set", seat, card=card, meld=MeldKind.QI), note="偷 經 起")
                return MeldKind.QI.tou
        threes = self._jing_threes(seat, card)
        if threes:
            # chuanpai.md §2.3 經 set: three of the "real and fake 經" + the 4th form one set.
            three = threes[0]
            for c in three:
                h[c.index] -= 1
            table.append(Meld(MeldKind.LIANG, (*three, card)))
            self._force(Action("set", seat, card=card, meld=MeldKind.LIANG), note="偷 經 亮")
            return MeldKind.LIANG.tou
        if not card.is_jing:
            for k, meld in enumerate(table):
                if meld.kind is MeldKind.AN and meld.cards == (card,) * 3:
                    if self._tou_wins_in_hand(seat, card):
                        return 0
                    table[k] = Meld(MeldKind.QI, (card,) * 4, claimed=card)
                    self._force(Action("set", seat, card=card, meld=MeldKind.QI), note="偷 起")
                    return MeldKind.QI.tou
            kind = {2: MeldKind.AN, 3: MeldKind.LIANG, 4: MeldKind.TUHUO}.get(h[x])
            if kind is not None:
                cards = (card,) * (h[x] + 1)
                h[x] = 0
                table.append(Meld(kind, cards))
                self._force(Action("set", seat, card=card, meld=kind), note=f"偷 {kind.hanzi}")
                return kind.tou
            if x in _SEVENS:
                others = [i for i in _SEVENS if i != x]
                if all(h[i] for i in others):
                    for i in others:
                        h[i] -= 1
                    table.append(Meld(MeldKind.YAN, SEVENS))
                    self._force(Action("set", seat, card=card, meld=MeldKind.YAN), note="偷 燕")
                    return MeldKind.YAN.tou
            if not self.is_small(seat) and any(
                pair_ok(card, CARDS[p], self.rules) for p in self.passed[seat]
            ):
                self.guo[seat].append(card)
                self._force(Action("guo", seat, card=card), note="過牌")
                return 0
        h[x] += 1
        return 0

    def _note_passed(self, seat: int, card: Card) -> None:
        if card.is_jing or self.is_small(seat):
            return
        h = self.hands[seat]
        if not any(h[i] and pair_ok(card, CARDS[i], self.rules) for i in range(21)):
            self.passed[seat].add(card.index)

    # -- the win (chuanpai.md §2.5, Ambiguities C4, C6) and the score (§2.6)
    def _alternative_win(self, seat: int, table: list[Meld]) -> bool:
        rules = self.rules
        cards = [c for m in table for c in m.cards]
        if rules.win == "cards16":
            return len(cards) >= rules.cards_to_win
        if rules.win == "red_dots":
            pos = self.position(seat)
            target = rules.red_dot_targets[0 if pos == 0 else 2 if self.is_small(seat) else 1]
            if sum(c.red_dots for c in cards) >= target:
                return True
            return (
                self.is_small(seat)
                and len(cards) >= rules.red_dot_targets[2]
                and all(c.all_black or c.code in ("12", "56") for c in cards)
            )
        return False

    def _has_won(self, seat: int) -> bool:
        return self._wins_with(seat, list(self.hand(seat)), self.tables[seat], self.guo[seat])

    def _wins_with(
        self, seat: int, hand: list[Card], table: list[Meld], guo: list[Card]
    ) -> bool:
        rules = self.rules
        every = [*hand, *guo, *(c for m in table for c in m.cards)]
        if rules.jiao == "win" and not can_jiao(every):
            return False
        if rules.jiao == "deal" and not self.jiao_at_deal[seat]:
            return False
        formed = not guo and best_decomposition(hand, table, rules) is not None
        return formed or self._alternative_win(seat, table)

    def _claim_wins(self, action: Action) -> bool:
        """Whether a claim of a pair (which earns no 偷) would complete the seat's hand."""
        assert action.card is not None and action.meld is not None
        seat = action.seat
        hand = list(self.hand(seat))
        guo = list(self.guo[seat])
        for c in action.cards:
            (guo if action.guo else hand).remove(c)
        meld = Meld(action.meld, (*action.cards, action.card), claimed=action.card)
        return self._wins_with(seat, hand, [*self.tables[seat], meld], guo)

    def _score(self, seat: int) -> ScoreSheet:
        best = best_decomposition(self.hand(seat), self.tables[seat], self.rules)
        units = best if best is not None else self.tables[seat]
        return score(units, self.rules, winner=seat, players=self.players)


def draw_dealer(
    players: int, rules: Rules = YAODIREN, *, seed: int | None = None
) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """The first dealer (頭家) of a session: every player turns a card at random and the highest
    point value deals (chuanpai.md §2.1 "用各自隨意翻出的點數大小決定誰是頭家"). Players tied
    for the highest turn again until one is highest [INF]; a 經牌 counts 0 points.

    Returns the dealer and every ``(seat, card)`` turned, in order.

    >>> dealer, turned = draw_dealer(4, seed=1)
    >>> dealer, [(s, c.code) for s, c in turned]
    (0, [(0, '55'), (1, '33'), (2, '11'), (3, '12')])
    """
    if not 2 <= players <= 7:
        raise RulesError(f"players={players!r} must be between 2 and 7")
    rng = random.Random(seed)
    order = list(rules.cards())
    rng.shuffle(order)
    contenders = list(range(players))
    turned: list[tuple[int, Card]] = []
    while True:
        round_cards: list[tuple[int, Card]] = []
        for seat in contenders:
            if not order:
                order = list(rules.cards())
                rng.shuffle(order)
            round_cards.append((seat, order.pop()))
        turned.extend(round_cards)
        top = max(card.points for _seat, card in round_cards)
        contenders = [seat for seat, card in round_cards if card.points == top]
        if len(contenders) == 1:
            return contenders[0], tuple(turned)


def next_dealer(winner: int | None, card: Card, players: int, dealer: int) -> int:
    """The next dealer (chuanpai.md §2.2.5): "和牌的人下第二家負責抬牌、翻牌看牌面大小決定下一牌
    誰是頭家" — the winner's second-next seat (the cutter) cuts and turns ``card``.

    The seed does not say how the face decides; [INF] as with dice in mahjong, the card's points
    are counted around the table starting with the cutter as 1 (a 經牌 counts 1, the cutter
    himself). After a drawn hand (no winner) the dealer deals again [INF].

    >>> next_dealer(0, Card("12"), 4, dealer=3)  # cutter seat 2; 3 points: 2, 3, 0
    0
    >>> next_dealer(None, Card("66"), 4, dealer=3)
    3
    """
    if not 0 <= dealer < players:
        raise RulesError(f"dealer seat {dealer} is not one of the {players} seats")
    if winner is None:
        return dealer
    if not 0 <= winner < players:
        raise RulesError(f"winner seat {winner} is not one of the {players} seats")
    cutter = (winner + 2) % players
    return (cutter + max(card.points, 1) - 1) % players


Policy = Callable[["Game", int], Action]
"""A decision rule for :meth:`Match.play`: the game and the seat to act -> a legal action."""


class Match:
    """Hands of the 擠兒 game played in a row (chuanpai.md §2.1, §2.2.5): the first dealer by
    :func:`draw_dealer`, each next dealer by :func:`next_dealer` from a card turned by the
    winner's second-next seat, and the running totals of the payments (§2.6).

    ``match.game`` is the hand being played; once it is over :meth:`next_hand` starts the next
    one. :meth:`play` plays whole hands with a policy (default: a random legal action).

    >>> m = Match(seed=2)
    >>> m.dealer
    1
    >>> _ = m.play(hands=3)
    >>> len(m.games), sum(m.totals)
    (3, 0)
    >>> print(m)  # doctest: +ELLIPSIS
    幺地人 match: 3 hands
      hand 1: dealer 1, ...
    """

    def __init__(
        self, rules: Rules = YAODIREN, *, players: int | None = None, seed: int | None = 0
    ) -> None:
        self.rules = rules
        self.players = rules.players if players is None else players
        self.seed = seed
        self._rng = random.Random(seed)
        dealer, turned = draw_dealer(self.players, rules, seed=self._rng.randrange(2**32))
        self.first_turns: tuple[tuple[int, Card], ...] = turned
        self.dealer = dealer
        self.games: list[Game] = []
        self.cuts: list[tuple[int, Card]] = []
        self.totals: list[int] = [0] * self.players
        self.game = Game(rules, players=self.players, seed=self._rng.randrange(2**32),
                         dealer=dealer)

    def next_hand(self) -> Game:
        """Close the finished hand (add its payments to :attr:`totals`) and deal the next one
        with the next dealer.

        >>> m = Match(seed=1)
        >>> m.next_hand()
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: the hand is not over: no next dealer yet
        """
        game = self.game
        if game.result is None:
            raise IllegalActionError("the hand is not over: no next dealer yet")
        sheet = game.result.sheet
        if sheet is not None:
            for seat, amount in sheet.net().items():
                self.totals[seat] += amount
        cutter = (
            self.dealer if game.result.winner is None else (game.result.winner + 2) % self.players
        )
        card = self._rng.choice(self.rules.cards())
        self.cuts.append((cutter, card))
        self.games.append(game)
        self.dealer = game.next_dealer(card)
        self.game = Game(self.rules, players=self.players, seed=self._rng.randrange(2**32),
                         dealer=self.dealer)
        return self.game

    def play(self, hands: int = 1, policy: Policy | None = None) -> Match:
        """Play ``hands`` whole hands with ``policy`` (default: a random legal action), each
        followed by :meth:`next_hand`.

        >>> Match(seed=4).play(2).totals == Match(seed=4).play(2).totals
        True
        """
        rng = random.Random(self._rng.random())
        for _ in range(hands):
            game = self.game
            while not game.is_over:
                seat = game.to_act[0]
                if policy is None:
                    action = rng.choice(game.legal_actions(seat))
                else:
                    action = policy(game, seat)
                game.apply(action)
            self.next_hand()
        return self

    def __str__(self) -> str:
        rows = [f"{self.rules.title} match: {len(self.games)} hands"]
        for number, (game, (cutter, card)) in enumerate(zip(self.games, self.cuts, strict=True)):
            assert game.result is not None
            sheet = game.result.sheet
            won = (
                "no winner" if game.result.winner is None or sheet is None
                else f"seat {game.result.winner} wins {sheet.total} 胡"
            )
            rows.append(
                f"  hand {number + 1}: dealer {game.dealer}, {won}; seat {cutter} turns "
                f"{card.name} -> next dealer {game.next_dealer(card)}"
            )
        rows.append("  totals: " + ", ".join(f"seat {s}: {t:+d}" for s, t in enumerate(self.totals)))
        return "\n".join(rows)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the first dealer's turns, each hand's dealer, result and cut,
        and the totals.

        >>> Match(seed=3).play(1).to_dict()["hands"][0]["dealer"]
        1
        """
        return {
            "rules": self.rules.name,
            "players": self.players,
            "seed": self.seed,
            "first_turns": [[s, c.code] for s, c in self.first_turns],
            "hands": [
                {
                    "dealer": game.dealer,
                    "result": None if game.result is None else game.result.to_dict(),
                    "cut": [cutter, card.code],
                    "next_dealer": game.next_dealer(card),
                }
                for game, (cutter, card) in zip(self.games, self.cuts, strict=True)
            ],
            "dealer": self.dealer,
            "totals": list(self.totals),
        }


def perft(game: TurnClaimGame, depth: int) -> int:
    """The number of legal decision sequences of length ``depth`` from ``game`` (a finished game
    counts as one leaf), as chess engines count moves to check move generation.

    >>> perft(Game(seed=1), 0)
    1
    """
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for seat in game.to_act:
        for action in game.legal_actions(seat):
            child = game.copy()
            child.apply(action)
            total += perft(child, depth - 1)
    return total


@frozen
class Simulation:
    """Summary of games played with random legal decisions (``changpai simulate``).

    >>> sim = simulate(YAODIREN, games=3, seed=1)
    >>> sim.games, sum(sim.wins) + sim.draws
    (3, 3)
    """

    rules: Rules
    games: int
    wins: tuple[int, ...]
    draws: int
    mean_hu: float
    mean_decisions: float

    def __str__(self) -> str:
        wins = ", ".join(f"seat {s}: {w}" for s, w in enumerate(self.wins))
        return (
            f"{self.rules.title} ({self.rules.name}): {self.games} games with random legal play\n"
            f"  wins: {wins}; drawn hands: {self.draws}\n"
            f"  mean 胡 of a win: {self.mean_hu:.2f}; mean decisions per hand: "
            f"{self.mean_decisions:.1f}"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> from changpai.chuanpai import GEHU
        >>> simulate(GEHU, games=1, seed=2).to_dict()["rules"]
        'gehu'
        """
        return {
            "rules": self.rules.name,
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "mean_hu": self.mean_hu,
            "mean_decisions": self.mean_decisions,
        }


def simulate(
    rules: Rules = YAODIREN, games: int = 100, *, seed: int = 0, players: int | None = None
) -> Simulation:
    """Play ``games`` hands choosing uniformly among the legal actions (dealer seat 0).

    >>> simulate(games=2, seed=3).games
    2
    """
    if games < 0:
        raise RulesError(f"games={games} must be a non-negative number")
    rng = random.Random(seed)
    n = rules.players if players is None else players
    wins = [0] * n
    draws = 0
    hu_total = 0
    decisions = 0
    for _ in range(games):
        game = Game(rules, players=n, seed=rng.randrange(2**32))
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(rng.choice(game.legal_actions(seat)))
            decisions += 1
        result = game.result
        assert result is not None
        if result.winner is None or result.sheet is None:
            draws += 1
        else:
            wins[result.winner] += 1
            hu_total += result.sheet.total
    won = sum(wins)
    return Simulation(
        rules=rules,
        games=games,
        wins=tuple(wins),
        draws=draws,
        mean_hu=hu_total / won if won else 0.0,
        mean_decisions=decisions / games if games else 0.0,
    )
