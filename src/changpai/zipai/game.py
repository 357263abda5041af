"""The 跑胡子 game engine (zipai.md §2-§9): deal, draw, discard, forced moves, 胡, 荒莊.

An app runs a hand by asking the engine who must decide (:attr:`Game.to_act`), what that seat
may do (:meth:`Game.legal_actions`), and applying one of those actions (:meth:`Game.apply`).
This module holds the state and the flow of a hand; the claims on a card on offer and their
priority are in :mod:`changpai.zipai.claims`, what a seat sees in :mod:`changpai.zipai.views`,
the deal order and :func:`~changpai.zipai.deck.stack_deck` in :mod:`changpai.zipai.deck`.

>>> import random
>>> game = Game(rules=HUNAN, seed=7)
>>> chooser = random.Random(1)
>>> while not game.is_over:
...     seat = game.to_act[0]
...     record = game.apply(chooser.choice(game.legal_actions(seat)))
>>> game.result.winner in (None, 0, 1, 2), game.result.label in ("胡", "荒莊")
(True, True)
>>> Game.from_json(game.to_json()) == game
True

**Forced moves** (one rule, zipai.md §5 "Optional vs forced"): the engine applies every move that
leaves no choice by itself and writes it to :attr:`Game.log` as an
:class:`~changpai.core.records.ActionRecord` with ``auto=True``: the deal and the 亮張, the
automatic 提 after the deal (``rules.dealt_ti_in_hand``: a seat dealt at most that many fours
keeps them concealed, §9; they are laid with its next 跑 / 提), a mandatory 天胡 (3 提 / 5 坎),
every draw, the drawer's 提 / 偎 / 臭偎 (the card stays hidden), every 跑, an unused card going
to a discard area, and 荒莊. Every real choice is a decision of one seat, asked one at a time
in the priority order of §6: 胡 (also 破跑胡, where a forced 跑 would follow a pass), 碰, 吃
with its 比 (one action holds the 吃 and all its compulsory 比 melds), discard, and ``PASS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from changpai.core.copying import copy_user_slots
from changpai.core.engine import GameBase
from changpai.core.guard import clipped, not_an_action, not_to_act, number_arg, plain_int, rules_arg
from changpai.core.records import ActionRecord, GameResult
from changpai.core.seats import SeatRing, check_seat
from changpai.core.view import GameView
from changpai.errors import IllegalActionError, RulesError
from changpai.zipai import views
from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.cards import CARDS, KINDS, Card
from changpai.zipai.chi import ChiOption
from changpai.zipai.claims import _DISCARDS, _HUS, _PASSES, _PENGS, Claims
from changpai.zipai.deck import _deck_indices
from changpai.zipai.hand import _same_meld
from changpai.zipai.melds import Meld, MeldKind, Origin, huxi
from changpai.zipai.rules import HUNAN, Rules
from changpai.zipai.state import (
    _DISCARD,
    _DISCARDED,
    _DRAW_RECORDS,
    _DRAWN,
    _HU,
    _LIANG,
    _OFFER,
    _OVER,
    _PAO,
    _SELFHU,
    _TO_DISCARDS_RECORDS,
    _auto_record,
    _is_tianhu,
    _Seat,
)

__all__ = ["Game"]

# the records of the interned decisions (打 / 胡 / 碰 of each card, 過 of each seat), by the id
# of their action: records are immutable, and these actions live as long as the module
_DECISION_RECORDS: dict[int, ActionRecord[Action]] = {
    id(action): ActionRecord(action)
    for table in (_DISCARDS, _HUS, _PENGS)
    for per_seat in table
    for action in per_seat
}
_DECISION_RECORDS.update({id(action): ActionRecord(action) for action in _PASSES})


class Game(Claims, GameBase):
    """One hand of 跑胡子 (zipai.md §2-§9), played through verify / can / apply.

    Args:
        rules: a :class:`~changpai.zipai.Rules` preset (``HUNAN``, ``LIUHUDAO``, ``HAHA`` …).
        seed: shuffles the deck (``random.Random(seed)``) when no ``deck`` is given.
        deck: a stacked deck of 80 cards in deal order (:mod:`changpai.zipai.deck`), as cards
            or text.
        dealer: the dealer's seat (default 0). With ``rules.shuxin`` there are four seats and the
            seat opposite the dealer is the 數信, who is dealt no cards.
        huangfan: the number of 荒莊 in a row right before this hand (黃番, zipai.md §8.6); it
            goes into the :class:`~changpai.zipai.scoring.Win` of the hand (``Match`` fills it)
            and into :attr:`options` when it is not 0.

    The :class:`~changpai.zipai.scoring.Win` of a won hand (``result.win``) carries the facts
    of how it was won that the 名堂 presets of zipai.md §8.6 score (``haidi``, ``dihu``,
    ``tinghu``, ``shuahou``, ``huangfan``; ``jushou`` stays False: the rules have no 舉手
    declaration); see docs/zipai-engine.md.

    Seats are numbered ``0 .. rules.seats-1``; play goes 0 -> 1 -> 2 (-> 3), skipping the 數信.

    >>> game = Game(seed=3)
    >>> game, game.to_act
    (<zipai.Game hunan seed=3 dealer=0 to_act=(0,) log=2>, (0,))
    >>> game.apply(Action(1, ActionKind.PASS))
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
    """

    family = "zipai"
    rules_class = Rules
    action_class = Action
    default_rules = HUNAN
    value_name = "胡息"

    __slots__ = (
        "_choices",
        "_deck",
        "_liang",
        "_log",
        "_next",
        "_orders",
        "_ring",
        "_seats",
        "_shuxin",
        "_stock",
        "_turn",
        "dealer",
        "huangfan",
        "rules",
        "seed",
    )

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        huangfan: int = 0,
    ) -> None:
        rules = HUNAN if rules is None else rules_arg(rules, Rules, "zipai")
        dealer = check_seat(dealer, rules.seats, what="dealer", error=RulesError)
        if isinstance(huangfan, bool) or not isinstance(huangfan, int) or huangfan < 0:
            raise RulesError(
                f"huangfan={clipped(huangfan)}: the number of 荒莊 before the hand (黃番) "
                "is a whole number >= 0"
            )
        number_arg(huangfan, "huangfan")
        self.rules = rules
        self.seed = plain_int(seed)  # (an IntEnum seed as its number, as a Match's)
        self.dealer = dealer
        self.huangfan = plain_int(huangfan)
        self._deck = _deck_indices(seed, deck)
        seats = rules.seats
        shuxin = (dealer + 2) % seats if rules.shuxin else -1
        self._ring = SeatRing.of(seats, shuxin)
        self._next = self._ring.next  # the 下家 of each seat (hot path: plain tuples)
        self._orders = self._ring.orders
        self._shuxin = shuxin
        self._seats = [_Seat() for _ in range(seats)]
        self._stock: list[int] = []
        self._liang = 0
        self._log: list[ActionRecord[Action]] = []
        self._phase = _OVER
        self._offer: tuple[int, str, int] = (0, _LIANG, dealer)  # card, source, source seat
        self._queue: list[tuple[str, int]] = []
        self._pos = 0
        self._turn = dealer  # seat that must discard / may 胡 after a forced 提 or 偎
        self._result: GameResult | None = None
        self._choices: tuple[int, tuple[Action, ...], tuple[ChiOption, ...]] | None = None
        self._start()

    # ------------------------------------------------------------------ public face

    @property
    def log(self) -> tuple[ActionRecord[Action], ...]:
        """Every :class:`~changpai.core.records.ActionRecord` so far, in order: the decisions
        and the engine's own records (``auto=True``); omniscient: it shows hidden cards.

        >>> from changpai.zipai import stack_deck
        >>> [str(r) for r in Game(deck=stack_deck(liang="九")).log]
        ['seat 0 發牌 (auto)', 'seat 0 亮張 九 (auto)']
        """
        return tuple(self._log)

    @property
    def phase(self) -> str:
        """``"discard"`` (the seat in turn discards), ``"claim"`` (a card is on offer: a discard,
        a shown draw or the 亮張), ``"selfhu"`` (the drawer decides on a 胡 with a card of his
        own) or ``"over"``.

        >>> Game(seed=1).phase in ("discard", "claim", "selfhu")
        True
        """
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a 胡 or 荒莊).

        >>> from changpai.zipai import stack_deck
        >>> Game(deck=stack_deck(hands={1: "一一一一 二二二二 三三三三"})).is_over  # 天胡
        True
        """
        return self._phase == _OVER

    @property
    def result(self) -> GameResult | None:
        """The :class:`~changpai.core.records.GameResult` once the hand is over, else ``None``.

        A win has ``reason`` ``"win"``, ``label`` 胡, ``value`` the winner's 胡息, ``win`` the
        :class:`~changpai.zipai.scoring.Win` and its score sheet; a hand without a winner has
        ``reason`` ``"huangzhuang"`` and ``label`` 荒莊. ``next_dealer`` follows zipai.md §2 as
        far as one hand knows it: the winner deals next, after a 荒莊 the dealer keeps the deal
        (a :class:`~changpai.zipai.match.Match` also counts the 荒莊 in a row: after the third
        the dealer's 下家 deals).

        >>> from changpai.zipai import stack_deck
        >>> three_ti = "一一一一 二二二二 三三三三 五 八 十 壹 肆 陸 柒 玖"  # (no 句 beside them)
        >>> result = Game(deck=stack_deck(hands={1: three_ti})).result  # 天胡
        >>> result.winner, result.label, result.value, result.next_dealer, result.self_drawn
        (1, '胡', 27, 1, True)
        """
        return self._result

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (at most one: claims are asked in priority order).

        >>> Game(seed=1, dealer=2).to_act
        (2,)
        """
        if self._phase == _OVER:
            return ()
        if self._phase == _OFFER:
            return (self._queue[self._pos][1],)
        return (self._turn,)

    def _phase_seen_by(self, seat: int) -> str:
        """:attr:`phase` as ``seat`` may see it: a drawer deciding on a 胡 after his own 偎 / 提
        (``"selfhu"``) looks to the others like a drawer about to discard — the phase would
        tell them that his hand is complete (when he has no loose card to discard, the wait
        still shows it, as at a real table).

        >>> Game(seed=1)._phase_seen_by(2)
        'discard'
        """
        if self._phase == _SELFHU and seat != self._turn:
            return _DISCARD
        return self._phase

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 80 cards in deal order (:mod:`changpai.zipai.deck`).

        >>> from changpai.zipai import stack_deck
        >>> Game(deck=stack_deck(hands={0: "拾"})).deck[0]
        Card('d10')
        """
        return tuple(CARDS[k] for k in self._deck)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that play, in turn order from the dealer (all but the 數信).

        >>> from changpai.zipai.rules import HAHA
        >>> Game(HAHA, seed=1).seats, Game(HAHA, seed=1, dealer=1).seats
        ((0, 1, 3), (1, 2, 0))
        """
        return self._orders[self.dealer]

    @property
    def options(self) -> dict[str, Any]:
        """The 字牌 constructor keywords of this hand: ``{"huangfan": n}`` when n is not 0.

        >>> Game(seed=1).options, Game(seed=1, huangfan=2).options
        ({}, {'huangfan': 2})
        """
        return {"huangfan": self.huangfan} if self.huangfan else {}

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, in draw order (omniscient: hidden from the players).

        >>> from changpai.zipai import stack_deck
        >>> Game(deck=stack_deck(stock="九 八")).stock[:2]
        (Card('x9'), Card('x8'))
        """
        return tuple(CARDS[k] for k in self._stock)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (墩).

        >>> from changpai.zipai.rules import LIUHUDAO
        >>> Game(LIUHUDAO, seed=1).stock_size
        23
        """
        return len(self._stock)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards of ``seat`` (omniscient; use :meth:`view` for one seat's sight);
        ``()`` for the 數信 seat, which holds none (as a 南通 seat that sits out).

        >>> len(Game(seed=1).hand(1))
        20
        >>> from changpai.zipai.rules import HAHA
        >>> Game(HAHA, seed=1).hand(2)  # (seat 2 is the 數信 when seat 0 deals)
        ()
        """
        return self._seat(seat).cards()

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The table melds of ``seat``, face-down ones included (omniscient).

        >>> from changpai.zipai import stack_deck
        >>> Game(deck=stack_deck(hands={1: "壹壹壹壹"})).melds(1)
        (Meld.parse('提 壹壹壹壹'),)
        >>> from changpai.zipai.rules import HAHA
        >>> Game(HAHA, deck=stack_deck(HAHA, hands={1: "壹壹壹壹"})).melds(1)  # §9: kept in hand
        ()
        """
        return tuple(self._seat(seat).melds)

    def discards(self, seat: int) -> tuple[Card, ...]:
        """The discard area of ``seat``.

        >>> Game(seed=1).discards(0)
        ()
        """
        return tuple(CARDS[k] for k in self._seat(seat).discards)

    @property
    def offered(self) -> Card | None:
        """The face-up card being offered to claims (a discard, a shown draw, the 亮張), if any.

        >>> from changpai.zipai import stack_deck
        >>> game = Game(deck=stack_deck(hands={0: "九"}))
        >>> game.offered is None, game.apply(Action(0, ActionKind.DISCARD, "x9")).action.card
        (True, Card('x9'))
        """
        if self._phase != _OFFER:
            return None
        return CARDS[self._offer[0]]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal decision of ``seat`` now (empty when it is not to act).

        >>> game = Game(seed=3)
        >>> {a.kind for a in game.legal_actions(0)}
        {ActionKind.DISCARD}
        >>> game.legal_actions(1)
        []
        """
        seat = self._check_seat(seat)
        choices = self._choices
        if choices is not None and choices[0] == seat:
            return list(choices[1])
        phase = self._phase
        if phase == _OVER or seat != (self._queue[self._pos][1] if phase == _OFFER else self._turn):
            return []  # (not to act: see to_act)
        actions, options = self._decisions(seat)
        # kept until the next apply: an action given back from this list is known legal and
        # canonical (and a 吃 knows its option), so apply skips verify for it
        self._choices = (seat, tuple(actions), options)
        return actions

    def verify(self, action: Action) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now.

        >>> from changpai.zipai import stack_deck
        >>> game = Game(deck=stack_deck(hands={0: "一一一"}))
        >>> game.verify(Action(0, ActionKind.DISCARD, "x1"))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 0 cannot 打 一: it holds no free 一 (a 坎 is never discarded)
        """
        if type(action) is not Action:
            raise not_an_action(action, Action, "zipai")
        if self._phase == _OVER:
            raise IllegalActionError(f"{action}: the hand is over")
        if not action.kind.is_decision:
            raise IllegalActionError(
                f"{action}: {action.kind.hanzi} is applied by the engine, never chosen"
            )
        if action.seat not in self.to_act:
            raise not_to_act(
                action, action.seat, self._to_act_seen_by(action.seat), self.rules.seats
            )
        if self._legal(action):
            return
        raise IllegalActionError(self._why_illegal(action))

    def apply(self, action: Action) -> ActionRecord[Action]:
        """Verify and apply a decision, then every automatic move up to the next decision.

        Returns the record of the decision. An illegal action raises
        :class:`~changpai.errors.IllegalActionError` and leaves the game unchanged.

        >>> game = Game(seed=1)
        >>> record = game.apply(game.legal_actions(0)[0])
        >>> str(record), game.log[-1] is record, game.to_act
        ('seat 0 打 一', True, (1,))
        """
        option: ChiOption | None = None
        choices = self._choices
        known = False
        if choices is not None:
            for i, choice in enumerate(choices[1]):
                if choice is action:  # given back from legal_actions: legal and canonical
                    known = True
                    if choices[2] and i < len(choices[2]):
                        option = choices[2][i]
                    break
        if not known:
            self.verify(action)
            action = self._canonical(action)  # one spelling per move (card given or left out)
        self._choices = None
        record = _DECISION_RECORDS.get(id(action))
        if record is None or record.action is not action:
            record = ActionRecord(action)
        self._log.append(record)
        self._do(action, option)
        self._advance()
        return record

    def copy(self) -> Game:
        """An independent copy of the game (equal to this one).

        >>> game = Game(seed=1)
        >>> game.copy() == game, game.copy() is game
        (True, False)
        """
        other = object.__new__(type(self))  # (a subclass stays itself, review h59)
        if hasattr(self, "__dict__"):  # (a subclass's own attributes)
            other.__dict__.update(self.__dict__)
        copy_user_slots(self, other)  # (and its slots; the game's own state is set below)
        other.rules = self.rules
        other.seed = self.seed
        other.dealer = self.dealer
        other.huangfan = self.huangfan
        other._deck = self._deck
        other._ring = self._ring
        other._next = self._next
        other._orders = self._orders
        other._seats = [s.clone() for s in self._seats]
        other._shuxin = self._shuxin
        other._stock = self._stock[:]
        other._liang = self._liang
        other._log = self._log[:]
        other._phase = self._phase
        other._offer = self._offer
        other._queue = self._queue[:]
        other._pos = self._pos
        other._turn = self._turn
        other._result = self._result
        other._choices = self._choices  # immutable; the state is the same
        return other

    def view(self, seat: int) -> GameView[Card, Action]:
        """What ``seat`` may see: a :class:`~changpai.core.view.GameView` (see
        :func:`changpai.zipai.views.view`: who is asked about a claim is private; the facts are
        the 亮張 and, with ``rules.shuxin``, the 數信 seat).

        >>> view = Game(seed=3).view(1)
        >>> len(view.hand), view.stock_size, view.to_act, [name for name, _ in view.facts]
        (20, 19, (0,), ['亮張'])
        """
        return views.view(self, seat)

    def _repr_html_(self) -> str:
        """The whole table for notebooks (:func:`changpai.zipai.views.table_html`).

        >>> "<table" in Game(seed=1)._repr_html_()
        True
        """
        return views.table_html(self)

    @classmethod
    def _card(cls, code: str) -> Card:
        return Card.parse(code)

    @classmethod
    def _legacy_document(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A 0.1.0 document as a version-2 dict (:func:`changpai.zipai.views.legacy_document`)."""
        return views.legacy_document(data)

    def _key(self) -> tuple[Any, ...]:
        # ``huangfan`` is match context, not the state of play: it is left out, so a hand
        # replayed without it equals the original until a win (the Win carries it)
        return (
            self.rules,
            self.dealer,
            self._deck,
            tuple(s.key() for s in self._seats),
            tuple(self._stock),
            tuple(self._log),
            self._phase,
            self._offer,
            tuple(self._queue),
            self._pos,
            self._turn,
            self._result,
        )

    # ------------------------------------------------------------------ helpers

    def _check_seat(self, seat: object) -> int:
        """``seat`` as a seat of this table, or IllegalActionError naming it (bools and
        non-ints are not seats); the common case is one type test."""
        if type(seat) is int and 0 <= seat < len(self._seats):
            return seat
        # (the message of every family: "seat=9 is not a seat; expected a whole number 0..2")
        return check_seat(seat, len(self._seats), error=IllegalActionError)

    def _seat(self, seat: int) -> _Seat:
        # (the 數信 seat's record stays empty: it holds no cards, melds or discards)
        return self._seats[self._check_seat(seat)]

    def _record(
        self, seat: int, kind: ActionKind, card: int | None = None, melds: tuple[Meld, ...] = ()
    ) -> None:
        self._log.append(_auto_record(seat, kind, card, melds))

    # ------------------------------------------------------------------ flow

    def _start(self) -> None:
        rules = self.rules
        h = rules.hand_size
        deck = self._deck
        order = self._orders[self.dealer]
        for i, s in enumerate(order):
            st = self._seats[s]
            for k in deck[i * h : (i + 1) * h]:
                st.hand[k] += 1
            st.count = h
        n = len(order) * h
        self._liang = deck[n]
        self._stock = list(deck[n + 1 :])
        dealer = self._seats[self.dealer]
        dealer.hand[self._liang] += 1
        dealer.count += 1
        for st in self._seats:
            st.masks = None  # (every change of a hand empties its masks, see _Seat.hand_masks)
        self._record(self.dealer, ActionKind.DEAL)
        self._record(self.dealer, ActionKind.LIANG, self._liang)
        # §7 天胡 (a): 3 提 or 5 坎, mandatory, dealer first
        for s in order:
            st = self._seats[s]
            if _is_tianhu(st.hand) and (
                not rules.tianhu_needs_threshold or self._tianhu_dec(s).threshold_met
            ):
                self._record(s, ActionKind.TIANHU)
                whole = self._tianhu_dec(s)
                loose = self._loose(s, whole)
                self._finish(s, whole, self_drawn=True, tianhu=True, loose=loose)
                return
        # §7 天胡 (b): optional win on the 亮張, dealer first
        queue: list[tuple[str, int]] = []
        for s in order:
            if s == self.dealer:
                dec = self._win(s, None, True, False)
            else:
                dec = self._win(s, self._liang, False, False)
            if dec is not None:
                queue.append((_HU, s))
        self._open(self._liang, _LIANG, self.dealer, queue)
        self._advance()

    def _advance(self) -> None:
        """Apply automatic moves until a seat must decide or the hand is over."""
        while self._phase == _OFFER:
            if self._pos < len(self._queue):
                entry, seat = self._queue[self._pos]
                if entry != _PAO:
                    return
                self._commit_passes(seat)
                self._pao(seat)
                continue
            self._close_offer()

    def _close_offer(self) -> None:
        k, source, src = self._offer
        self._commit_passes(-1)
        if source == _LIANG:
            self._auto_ti()
            return
        self._seats[src].discards.append(k)
        self._log.append(_TO_DISCARDS_RECORDS[src][k])
        self._draw(self._next[src])

    def _auto_ti(self) -> None:
        """§4: every 4 identical cards in a hand are laid as a 提; then the dealer's turn.

        With ``rules.dealt_ti_in_hand`` (§9, seed 004) a seat dealt at most that many fours
        keeps them concealed in hand; they count as 跑 / 提 all the same (``quads``)."""
        for s in self._orders[self.dealer]:
            st = self._seats[s]
            lays = self._lays_dealt_fours(st)
            st.quads += st.hand.count(4)
            if lays:
                self._lay_kept(s)
        self._end_turn(self.dealer)

    def _lays_dealt_fours(self, st: _Seat) -> bool:
        """Whether :meth:`_auto_ti` lays the fours in the hand of seat ``st`` as 提 (more of
        them, with its 跑 / 提, than ``rules.dealt_ti_in_hand`` keeps, §4, §9)."""
        return st.quads + st.hand.count(4) > self.rules.dealt_ti_in_hand

    def _dealt_ti_huxi(self, st: _Seat) -> int:
        """The 胡息 of the 提 :meth:`_auto_ti` will lay for seat ``st`` once the 亮張's 胡
        question is over: §4 lays them right after the 亮張, so a 胡 passed on the 亮張 is
        passed with them on the table (臭胡, §5, compares that 胡息)."""
        if not self._lays_dealt_fours(st):
            return 0
        rules = self.rules
        fours = (k for k in range(KINDS) if st.hand[k] == 4)
        return sum(huxi(_same_meld(MeldKind.TI, k, False, Origin.HAND), rules=rules) for k in fours)

    def _lay_kept(self, seat: int) -> None:
        """Lay every four-of-a-kind still in the hand of ``seat`` as a 提 (§4, §9)."""
        st = self._seats[seat]
        for k in range(KINDS):
            if st.hand[k] == 4:
                st.hand[k] = 0
                st.masks = None
                meld = _same_meld(MeldKind.TI, k, False, Origin.HAND)
                st.lay(meld)
                self._record(seat, ActionKind.TI, k, (meld,))

    def _end_turn(self, seat: int) -> None:
        """After a 進牌: discard if the seat holds too many cards, else the 下家 draws (§4, §5)."""
        st = self._seats[seat]
        # the cards a seat holds after its turn: hand_size, +1 per 跑 / 提 beyond the first
        needed = self.rules.hand_size + max(st.quads - 1, 0)
        if st.count > needed and (1 in st.hand or 2 in st.hand):  # a loose card
            self._phase = _DISCARD
            self._turn = seat
            return
        self._draw(self._next[seat])

    def _draw(self, seat: int) -> None:
        if not self._stock:
            self._record(seat, ActionKind.HUANGZHUANG)
            self._phase = _OVER
            # §2: after a 荒莊 the dealer keeps the deal (a Match counts three in a row)
            self._result = GameResult(
                None, "huangzhuang", next_dealer=self.dealer, label=ActionKind.HUANGZHUANG.hanzi
            )
            return
        k = self._stock.pop(0)
        self._log.append(_DRAW_RECORDS[seat][k])
        st = self._seats[seat]
        forced: Meld | None = None
        i = st.set_meld(k)
        if st.hand[k] == 3:
            st.hand[k] = 0
            st.masks = None
            forced = _same_meld(MeldKind.TI, k, False, Origin.DRAW)
            st.lay(forced)
        elif i >= 0 and st.melds[i].kind is not MeldKind.PENG:
            forced = _same_meld(MeldKind.TI, k, False, Origin.DRAW)
            st.replace(i, forced)
        elif st.hand[k] == 2:
            st.hand[k] = 0
            st.masks = None
            kind = MeldKind.CHOUWEI if st.peng_passed[k] else MeldKind.WEI
            forced = _same_meld(kind, k, False, Origin.DRAW)
            st.lay(forced)
        if forced is None:
            self._offer_draw(k, seat)
            return
        st.count += 1
        if forced.kind is MeldKind.TI:
            st.quads += 1
            self._record(seat, ActionKind.TI, k, (forced,))
            if st.quads > self.rules.dealt_ti_in_hand:  # §9: a kept dealt four is laid now
                self._lay_kept(seat)
        else:
            self._record(seat, ActionKind(forced.kind.value), k, (forced,))
        self._offer = (k, _DRAWN, seat)
        # (a 胡 right after the forced 提 is 跑雙 — Z12 —, after a 偎 / 臭偎 the house rule
        # 偎胡: §6 and §7.3 say that card, never shown, is no one's to win on)
        may_hu = self.rules.paoshuang if forced.kind is MeldKind.TI else self.rules.weihu
        if may_hu and self._win(seat, None, True, False) is not None:
            self._phase = _SELFHU
            self._turn = seat
            return
        self._end_turn(seat)

    def _pao(self, seat: int) -> None:
        k = self._offer[0]
        st = self._seats[seat]
        origin = Origin.DISCARD if self._offer[1] == _DISCARDED else Origin.DRAW
        meld = _same_meld(MeldKind.PAO, k, True, origin)
        i = st.set_meld(k)
        if i >= 0:
            st.replace(i, meld)
        else:
            st.hand[k] = 0
            st.masks = None
            st.lay(meld)
        st.count += 1
        st.quads += 1
        self._record(seat, ActionKind.PAO, k, (meld,))
        if st.quads > self.rules.dealt_ti_in_hand:  # §9: a kept dealt four is laid now
            self._lay_kept(seat)
        self._end_turn(seat)

    def _do(self, action: Action, option: ChiOption | None = None) -> None:
        seat, kind = action.seat, action.kind
        st = self._seats[seat]
        if kind is ActionKind.DISCARD:
            assert action.card is not None
            k = action.card.index
            st.hand[k] -= 1
            st.masks = None
            st.count -= 1
            st.chou[k] = True  # nobody 吃 / 碰 a card he discarded himself (§5)
            self._offer_discard(k, seat)
            return
        k = self._offer[0]
        if kind is ActionKind.WIN:
            how = self._how_won(seat)
            if self._phase == _SELFHU:
                dec = self._win(seat, None, True, False)
                self_drawn = True
            else:
                _, source, src = self._offer
                if source == _LIANG:
                    self_drawn = seat == self.dealer
                    dec = self._win(seat, None if self_drawn else k, self_drawn, False)
                    if not self_drawn:  # the winner takes the dealer's 亮張
                        self._seats[self.dealer].hand[k] -= 1
                        self._seats[self.dealer].masks = None
                        self._seats[self.dealer].count -= 1
                        st.hand[k] += 1
                        st.masks = None
                        st.count += 1
                else:
                    self_drawn = source == _DRAWN and seat == src
                    dec = self._win(seat, k, self_drawn, source == _DISCARDED)
                    # the card won on joins the winner's hand, so no card leaves the game
                    st.hand[k] += 1
                    st.masks = None
                    st.count += 1
            assert dec is not None
            source, src = self._offer[1], self._offer[2]
            discarder = src if source == _DISCARDED and self._phase == _OFFER else None
            self._finish(
                seat,
                dec,
                self_drawn=self_drawn,
                discarder=discarder,
                tianhu=self._phase == _OFFER and source == _LIANG,
                how=how,
            )
            return
        if kind is ActionKind.PASS:
            if self._phase == _SELFHU:  # a passed 胡 on the card of its own 偎 / 提: 臭胡 (§5)
                st.hu_passed[k] = st.table_huxi(self.rules)
                self._end_turn(seat)
                return
            entry = self._queue[self._pos][0]
            if entry == _HU:
                st.hu_passed[k] = st.table_huxi(self.rules)
                if self._offer[1] == _LIANG:  # (§4: the dealt 提 lie on the table by now)
                    st.hu_passed[k] += self._dealt_ti_huxi(st)
            self._pos += 1
            return
        self._commit_passes(seat)
        origin = Origin.DISCARD if self._offer[1] == _DISCARDED else Origin.DRAW
        if kind is ActionKind.PENG:
            st.hand[k] -= 2
            st.masks = None
            st.lay(_same_meld(MeldKind.PENG, k, True, origin))
        else:  # CHI with its 比 melds, as the canonical option
            if option is None:
                option = self._match_chi(seat, k, action.melds)
            assert option is not None
            hand = st.hand
            hand[k] += 1  # (the taken card, in the 吃 meld, does not come from the hand)
            for meld in option.melds:  # = option.hand_cards(), without building it
                for c in meld.cards:
                    hand[c.index] -= 1
            st.masks = None
            st.lay(*option.melds)
        st.count += 1
        self._end_turn(seat)
