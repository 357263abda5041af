"""The state of a draw / turn / claim hand and its deal: who sits where (the dealer's position 0,
small seats, the one-card seat), the deal by seat position, the concealed hands as card counts,
the table units, the stock, the dead cards, the log, the omniscient read-only accessors, copies
and equality — and the family hooks the flow calls (:class:`TurnClaimState`).

>>> from changpai import chuanpai
>>> game = chuanpai.Game(seed=1)
>>> game.seats, len(game.stock), game.players, game.options
((0, 1, 2, 3), 48, 4, {})
>>> chuanpai.Game(seed=1, players=3).options
{'players': 3}
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from attrs import frozen

from changpai.core import caches
from changpai.core.copying import copy_user_slots
from changpai.core.deck import deal_order
from changpai.core.engine import GameBase
from changpai.core.guard import clipped, plain_int, variant_hint
from changpai.core.records import ActionRecord, GameResult
from changpai.core.scoresheet import ScoreSheet
from changpai.core.seats import SeatRing, check_seat
from changpai.core.turnclaim.protocols import (
    FORCED,
    TurnClaimAction,
    TurnClaimCard,
    TurnClaimRules,
    TurnClaimUnit,
)
from changpai.errors import IllegalActionError, RulesError

__all__ = ["TurnClaimState"]

C = TypeVar("C", bound=TurnClaimCard)
U = TypeVar("U", bound="TurnClaimUnit[Any]")
A = TypeVar("A", bound="TurnClaimAction[Any]")
R = TypeVar("R", bound=TurnClaimRules)
_S = TypeVar("_S", bound="TurnClaimState[Any, Any, Any, Any]")


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


@caches.lru("core", maxsize=256)
def _seating(players: int, passive: tuple[int, ...]) -> _Seating:
    ring = SeatRing.of(players, passive[0] if passive else -1)
    orders = tuple(tuple(s for s in ring.order_from(x) if s not in passive) for x in range(players))
    afters = tuple(tuple(s for s in o if s != x) for x, o in enumerate(orders))
    return _Seating(ring, orders, afters)


_CONTAINERS = (list, set, dict)


def _copy_value(value: Any) -> Any:
    """A copy of a state container, one level of lists / sets / dicts deep (their items are
    immutable cards, units and records, or counts). A dict is copied by its own ``copy()``, so
    a Counter or defaultdict (of a subclass's state) keeps its type.

    >>> hands = [[1, 2], [3]]
    >>> copied = _copy_value(hands)
    >>> copied == hands, copied[0] is hands[0], _copy_value({1: {2}})
    (True, False, {1: {2}})
    >>> from collections import defaultdict
    >>> _copy_value([defaultdict(int)])[0]["x"]
    0
    """
    if isinstance(value, list):
        # (most lists hold no container — the log, a seat's counts —: their few item types are
        # gathered at C speed, and such a list is copied at once)
        for kind in set(map(type, value)):
            if issubclass(kind, _CONTAINERS):
                return [_copy_value(v) if isinstance(v, _CONTAINERS) else v for v in value]
        return value.copy()
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        copied = value.copy()
        for k, v in copied.items():
            if isinstance(v, _CONTAINERS):
                copied[k] = _copy_value(v)
        return copied
    return value


class TurnClaimState(GameBase, Generic[C, U, A, R]):
    """The state of one hand of the draw / turn / claim flow and its deal; the base of
    :class:`~changpai.core.turnclaim.TurnClaimGame` (use that class).

    The concealed hands are card counts over :attr:`card_table` (``self._hands[seat][index]``),
    the table units of a seat a list (``self._tables[seat]``); the family's hooks change them
    in place. Every other piece of state a family adds must be a list, set or dict of
    immutable values (or of such containers): :meth:`copy` copies them one level deep.

    >>> from changpai.chuanpai import Game
    >>> game = Game(seed=1, dealer=1)
    >>> game.position(1), game.deal_sizes, len(game.hand(1)) + len(game.melds(1)) > 0
    (0, (18, 17, 17, 5), True)
    """

    #: The card kinds of the family, by index (a hand is a list of counts over them).
    card_table: ClassVar[tuple[Any, ...]]
    #: The reason code and hanzi label of a hand that ends without a winner (the stock ran out).
    drawn: ClassVar[tuple[str, str]] = ("huangpai", "荒牌")
    #: The label of a win in results.
    win_label: ClassVar[str] = "胡"
    #: The kinds only the engine writes (:data:`FORCED` and a family's own, such as 川牌's
    #: 過牌): given to ``verify`` (a record of the log copied back), refused as the engine's.
    _engine_kinds: ClassVar[frozenset[str]] = frozenset(FORCED)
    #: The label of the table units a seat keeps face down outside its hand (``_side_cards``).
    side_label: ClassVar[str] = "side cards"

    def __init__(
        self,
        rules: R | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[C] | str | None = None,
        dealer: int = 0,
        players: int | None = None,
    ) -> None:
        if rules is None:
            rules = self.default_rules
        if not isinstance(rules, self.rules_class):
            raise RulesError(
                f"rules={clipped(rules)} is not a {self.family} rules object; expected a "
                f"{self.rules_class.__name__} such as a preset or a variant's rules"
                f"{variant_hint(rules, self.rules_class)}"
            )
        n = rules.players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int):
            raise RulesError(f"players={clipped(n)} is not a whole number of players")
        sizes = rules.deal_sizes(n)
        dealer = check_seat(dealer, n, what="dealer", error=RulesError)
        if isinstance(deck, str):
            deck = self._parse_deck(deck, rules)
        order = deal_order(
            list(rules.cards()),
            seed=seed,
            deck=deck,
            what=self._deck_name(rules),
            card=type(self.card_table[0]),
        )
        self.rules: R = rules
        self.seed = plain_int(seed)  # (an IntEnum seed as its number, as a Match's)
        self.dealer = dealer
        #: The number of seats at the table (``options["players"]`` when not the rules' own).
        self.players = n
        #: Cards dealt by position from the dealer.
        self.deal_sizes: tuple[int, ...] = sizes
        self._deck: tuple[C, ...] = tuple(order)
        self._hands: list[list[int]] = [[0] * len(self.card_table) for _ in range(n)]
        self._tables: list[list[U]] = [[] for _ in range(n)]
        self._dead: list[C] = []
        self._log: list[ActionRecord[A]] = []
        self._phase = "setup"
        self._offer: tuple[C, int, bool] | None = None
        self._candidates: list[tuple[int, int]] = []
        self._cand_pos = 0
        self._setup_pos = 0
        self._turn_seat = dealer
        self._next_turner = dealer
        #: The replacement draws still pending while a 偷 is placed (0 for the last one).
        self._tou_left = 0
        #: Where the last card a seat took came from: (source seat, turned) or None.
        self._gain: tuple[int, bool] | None = None
        self._result: GameResult | None = None
        self._legal_cache: tuple[tuple[int, int], tuple[A, ...]] | None = None
        #: The discard actions of each seat by card kind, made when first asked (flow.py).
        self._discard_rows: tuple[tuple[A, ...] | None, ...] = (None,) * n
        #: Whether the family notes the cards that pass a seat (``_note_passed`` written).
        self._notes_passed = type(self)._note_passed is not TurnClaimState._note_passed
        self._seating = _seating(n, tuple(s for s in range(n) if self._is_passive(s)))
        #: Whether each seat is a small seat (:meth:`is_small`), fixed by the deal.
        self._small: tuple[bool, ...] = tuple(
            p > 0 and 1 < sizes[p] < sizes[1] for p in ((s - dealer) % n for s in range(n))
        )
        pos = 0
        for p, size in enumerate(sizes):
            seat = (dealer + p) % n
            for card in order[pos : pos + size]:
                self._hands[seat][card.index] += 1
            pos += size
        self._drawn = pos  # the stock is self._deck[self._drawn:]
        self._after_deal()
        self._advance_setup()

    # ----------------------------------------------------------------- how the hand was dealt
    @property
    def deck(self) -> tuple[C, ...]:
        """Every card in deal order (a stacked deck is given back as it was).

        >>> from changpai.chuanpai import Game
        >>> len(Game(seed=1).deck)
        105
        """
        return self._deck

    @property
    def options(self) -> dict[str, Any]:
        """``{"players": n}`` when the table has another number of players than the rules'
        default, else ``{}`` (saved in documents).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, players=2).options
        {'players': 2}
        """
        return {} if self.players == self.rules.players else {"players": self.players}

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that play, in turn order from the dealer (a one-card seat never plays).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, dealer=2).seats, Game(seed=1, players=7).seats
        ((2, 3, 0, 1), (0, 1, 2, 3, 4, 5))
        """
        return self._seating.orders[self.dealer]

    # ----------------------------------------------------------------- seats
    def _seat(self, seat: object) -> int:
        """``seat`` checked: a whole number ``0 .. players-1``, else IllegalActionError."""
        return check_seat(seat, self.players, what="seat", error=IllegalActionError)

    def position(self, seat: int) -> int:
        """The seat's position after the dealer (0 = dealer).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, dealer=2).position(0)
        2
        """
        return (self._seat(seat) - self.dealer) % self.players

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
        return self._small[self._seat(seat)]

    def is_passive(self, seat: int) -> bool:
        """Whether the seat only holds one card and never plays (the 7th player, chuanpai.md
        §2.1, xiaogan.md §2).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, players=7).is_passive(6)
        True
        """
        return self._is_passive(self._seat(seat))

    def _is_passive(self, seat: int) -> bool:
        pos = (seat - self.dealer) % self.players
        return pos > 0 and self.deal_sizes[pos] == 1

    # ----------------------------------------------------------------- omniscient accessors
    def hand(self, seat: int) -> tuple[C, ...]:
        """The concealed cards of a seat, sorted by index (omniscient; :meth:`view` for what one
        seat may see).

        >>> from changpai.chuanpai import Game
        >>> len(Game(seed=1).hand(3)) >= 5
        True
        >>> Game(seed=1).hand(4)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=4 is not a seat; expected a whole number 0..3
        """
        table = self.card_table
        counts = self._hands[self._seat(seat)]
        return tuple(table[i] for i in range(len(table)) for _ in range(counts[i]))

    def melds(self, seat: int) -> tuple[U, ...]:
        """The units on a seat's table, face-down ones included (omniscient).

        >>> from changpai.chuanpai import Game
        >>> [str(m) for m in Game(seed=5).melds(0)]
        []
        """
        return tuple(self._tables[self._seat(seat)])

    def side_cards(self, seat: int) -> tuple[C, ...]:
        """The cards a seat keeps face down outside its hand and its units (the 川牌 過牌).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1).side_cards(0)
        ()
        """
        return tuple(self._side_cards(self._seat(seat)))

    def all_cards(self, seat: int) -> list[C]:
        """Every card of a seat: hand, side cards and units on the table.

        >>> from changpai.chuanpai import Game
        >>> len(Game(seed=1).all_cards(0)) >= 18
        True
        """
        every = [*self.hand(seat), *self._side_cards(self._seat(seat))]
        for meld in self._tables[seat]:
            every.extend(meld.cards)
        return every

    @property
    def stock(self) -> tuple[C, ...]:
        """The cards left to draw or turn, in order (omniscient).

        >>> from changpai.chuanpai import Game
        >>> game = Game(seed=1)
        >>> game.stock == game.deck[len(game.deck) - len(game.stock):]
        True
        """
        return self._deck[self._drawn :]

    @property
    def dead(self) -> tuple[C, ...]:
        """The cards offered and not claimed, in order (public).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1).dead
        ()
        """
        return tuple(self._dead)

    @property
    def phase(self) -> str:
        """``"setup"`` (laying dealt sets), ``"discard"``, ``"claim"`` or ``"over"``.

        >>> from changpai.chuanpai import Game
        >>> Game(seed=3).phase
        'setup'
        """
        return self._phase

    @property
    def offer(self) -> tuple[C, int, bool] | None:
        """The card on offer to claims: ``(card, source seat, turned)``, or ``None``.

        >>> from changpai.chuanpai import Game
        >>> Game(seed=3).offer is None
        True
        """
        return self._offer

    @property
    def offered(self) -> C | None:
        """The card on offer to claims, else ``None`` — as every family's ``Game.offered``
        (:attr:`offer` also says who showed it and how).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=3).offered is None
        True
        """
        return None if self._offer is None else self._offer[0]

    @property
    def log(self) -> tuple[ActionRecord[A], ...]:
        """Every :class:`~changpai.core.records.ActionRecord` so far: the decisions and the
        records the engine wrote itself (``auto``).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=3).log
        ()
        """
        return tuple(self._log)

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
        """The :class:`~changpai.core.records.GameResult` once the hand is over, else ``None``.

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
        passive = [s for s in range(self.players) if self._is_passive(s)]
        if not passive or not self.hand(passive[0]):
            return None
        card = self.hand(passive[0])[0]
        shown = sum(
            1
            for r in self._log
            if r.action.kind.value in ("discard", "turn") and r.action.card == card
        )
        return shown >= 3

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
                counts[i] += self._hands[seat][i]
            for meld in self._tables[seat]:
                for c in meld.cards:
                    counts[c.index] += 1
            for c in self._side_cards(seat):
                counts[c.index] += 1
        for c in (*self.stock, *self._dead):
            counts[c.index] += 1
        if self._offer is not None:
            counts[self._offer[0].index] += 1
        return counts

    # ----------------------------------------------------------------- copies and equality
    def copy(self: _S) -> _S:
        """An independent copy, equal to this game.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=2); h = g.copy(); h == g and h is not g
        True
        """
        new = object.__new__(type(self))
        vars(new).update(vars(self))  # (a shallow copy; copy.copy(game) is this method)
        # (a subclass's slots too, copied as the state's containers; set first, so that the
        # library's state below wins over a slot declared again)
        copy_user_slots(self, new, _copy_value)
        for name, value in vars(self).items():
            if isinstance(value, _CONTAINERS):
                setattr(new, name, _copy_value(value))
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.players,
            self.dealer,
            self._deck,
            self._hands,
            self._tables,
            self._dead,
            self._drawn,
            self._phase,
            self._offer,
            self._candidates,
            self._cand_pos,
            self._setup_pos,
            self._turn_seat,
            self._next_turner,
            self._result,
            self._log,
        )

    # ----------------------------------------------------------------- the flow (flow.py)
    @abstractmethod
    def _advance_setup(self) -> None:
        """Move the setup on to the next seat with something to lay (or start the play)."""

    # ----------------------------------------------------------------- family hooks
    def _parse_deck(self, text: str, rules: R) -> list[C]:
        """The cards of a deck given as text (default: space-separated card codes)."""
        return [self._card(code) for code in text.split()]

    def _deck_name(self, rules: R) -> str:
        """How error messages name the deck of ``rules``."""
        return f"the {self.family} deck"

    def _after_deal(self) -> None:
        """Called once after the deal, before the setup phase (e.g. to note dealt conditions or
        to make the family's own state)."""

    def _changed(self, seat: int) -> None:
        """Called by the flow after each change of ``seat``'s hand or table units (a laid set,
        a discard, a draw, a placed 偷, a formed claim), e.g. to forget what the family keeps
        about them (nothing by default)."""

    def _side_cards(self, seat: int) -> Sequence[C]:
        """Cards a seat holds outside its hand and its units (川牌 過牌); none by default."""
        return ()

    def _view_facts(self, seat: int) -> tuple[tuple[str, Any], ...]:
        """The family's own public facts in ``view(seat)`` (none by default)."""
        return ()

    def _note_passed(self, seat: int, card: C) -> None:
        """Remember that ``card`` passed ``seat`` without being claimed by it (nothing by
        default)."""

    def _next_dealer(self, winner: int | None) -> int | None:
        """The next dealer by the family's rule (default: the dealer again after a hand without
        a winner, ``None`` — decided after the hand — after a win)."""
        return self.dealer if winner is None else None

    def _win(self, seat: int) -> Any:
        """The family's win object of the winner ``seat`` (``GameResult.win``; none by
        default)."""
        return None

    def _win_value(self, seat: int, sheet: ScoreSheet) -> int:
        """The value of the win (胡 …; default: the sheet's total)."""
        return sheet.total

    @abstractmethod
    def _new_action(self, kind: str, seat: int, card: C | None = None) -> A:
        """The family's action of ``kind`` (a word of the flow's vocabulary) by ``seat`` (with
        ``card``), as the flow writes it."""

    @abstractmethod
    def _lay_unit(self, action: A) -> U:
        """The unit a setup ``"lay"`` action puts on the table (its cards leave the hand)."""

    def _face_up(self, meld: U) -> tuple[C, ...]:
        """The cards of this unit other seats see face up (the rest lie face down): the 川牌
        sets of both families (chuanpai.md §2.3) — a 暗 lies face down; a 起 is a 暗 with its
        fourth laid crosswise, face up (明著橫插在暗牌下); every other unit face up."""
        kind = meld.kind.value
        if kind == "an":
            return ()
        if kind == "qi":
            claimed: C | None = getattr(meld, "claimed", None)
            return (meld.cards[-1] if claimed is None else claimed,)
        return self._in_shown_order(meld)

    @staticmethod
    def _in_shown_order(meld: U) -> tuple[C, ...]:
        """A unit's cards in the order it is shown: a 孝感 順 in the order of its numbers
        (八 九 十: its ``_shown_cards``), any other unit as its ``cards``.

        >>> from changpai import xiaogan
        >>> meld = xiaogan.Meld.parse("順 八九十")
        >>> " ".join(c.hanzi for c in TurnClaimState._in_shown_order(meld))
        '八 九 十'
        """
        shown = getattr(meld, "_shown_cards", None)
        return tuple(meld.cards) if shown is None else tuple(shown())

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

    def _can_claim(self, seat: int, card: C, cls: int) -> bool:
        """Whether ``seat`` has a claim of priority class ``cls`` on ``card``: the options of
        :meth:`_claim_options` are not empty (a family may answer faster without building
        them)."""
        return bool(self._claim_options(seat, card, cls)[0])

    def _claimers(self, card: C, seats: Sequence[int]) -> list[tuple[int, int]]:
        """The ``(class, seat)`` pairs that may claim the offered ``card``, class 0 before 1,
        each class in the order of ``seats``: those :meth:`_can_claim` answers for (a family may
        answer faster in one pass over the seats)."""
        return [(cls, seat) for cls in (0, 1) for seat in seats if self._can_claim(seat, card, cls)]

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
    def _score(self, seat: int, win: Any) -> ScoreSheet:
        """The score sheet of the winner ``seat``, whose win object (:meth:`_win`) is ``win``."""
