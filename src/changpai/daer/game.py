"""The 大貳 game engine (daer.md §2, §3, §5, §7): one :class:`Game` is one hand.

Deal (daer.md §2): in turn order from the dealer, the dealer takes ``hand_size + 1`` cards and
every other player ``hand_size``; the rest is the stock, drawn from the front. The dealer
starts as if he had just drawn (he may win, 杠 or must discard).

A turn (daer.md §3): draw one card into the hand; then win (自摸), 杠 (暗杠 of four in hand or
加杠 on one's own 碰, with a replacement draw) or discard. A discard is offered to the other
players: **胡 > 杠 > 碰 > 吃**; 吃 only by the discarder's 下家 (so only from one's 上家); 碰 /
杠 by anyone; among several winners the nearest in turn order from the discarder wins. Every
player with a claim decides (過 included) before the claim with the highest priority is
carried out. After a 碰 or 吃 the claimer discards; after a 杠 he draws a replacement.
荒莊 when the stock is empty and the last discard is not claimed.

``luzhou`` (daer.md §7): 3 players, 21 / 20 cards; four identical cards in hand are laid at
once as a 垅 (an engine move); a 坎 (three identical in hand) is never split, discarded or used
in a 吃; a 杠 (招) draws no replacement, and a second or later four spares its maker one discard
(八塊); a card a player could 吃 and passed (過張) may not be eaten by him later.

Forced moves (the rule of every family): the deal, the draws and the 垅 are applied by the
engine and logged with ``auto=True``; every choice, 過 included, is among
:meth:`Game.legal_actions`.

>>> game = Game(seed=3)
>>> game.to_act, len(game.hand(0)), len(game.hand(1)), len(game.stock)
((0,), 14, 13, 27)
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[-1])
>>> game.result.reason in ("win", "huangzhuang"), Game.from_json(game.to_json()) == game
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import is_
from typing import Any

from changpai.core import caches
from changpai.core.copying import copy_user_slots
from changpai.core.deck import deal_order
from changpai.core.engine import GameBase
from changpai.core.guard import (
    items_arg,
    legal_of_kind,
    not_an_action,
    not_to_act,
    plain_int,
    rules_arg,
    seed_arg,
)
from changpai.core.records import ActionRecord, GameResult
from changpai.core.seats import SeatRing, check_seat
from changpai.core.view import GameView
from changpai.daer import views
from changpai.daer.actions import Action, ActionKind
from changpai.daer.claims import ClaimsMixin
from changpai.daer.hand import (
    _half_fits,
    _halves_read,
    _reads_with,
    _Shape,
    _unlocked,
    best_decomposition,
    hu_range,
    readable,
    shape_key,
    wins,
)
from changpai.daer.melds import Meld, MeldKind, meld_hu
from changpai.daer.rules import DAER, Rules
from changpai.daer.scoring import Win, _settle
from changpai.daer.tables import ANGANG, DEAL, DISCARD, DRAW, GANG, JIAGANG, LONG, LONG_MELD, WIN
from changpai.errors import IllegalActionError, RulesError
from changpai.zipai import CARDS, DECK, KINDS, Card, parse

__all__ = ["Game"]

# A case's counts as one number (each kind a digit in base 5: a hand holds 0..4 of a kind).
_DIGIT = tuple(5 ** (i % 10) for i in range(KINDS))
_CASE_SPAN = 5**10


def _case_id(erqishi: bool, case: Sequence[bool]) -> int:
    """The id of a way a case is read (hand._half_fits's options: whether 二七十 counts, and
    the 將 values of its ten kinds), one of 2 x 2**10, made of the options themselves: the
    same for every thread and every process (review h58: ids handed out in order of first
    use could be given twice by two threads, one rules' 將 answering for another's).

    >>> _case_id(False, (True,) + (False,) * 9), _case_id(True, (False,) * 10)
    (1, 1024)
    """
    return erqishi << 10 | sum(1 << i for i, jiang in enumerate(case) if jiang)


# hand._half_fits of a case, by its shape's id times _CASE_SPAN plus its counts' number.
_CASE_READS: caches.BoundedDict[int, int] = caches.BoundedDict(
    "daer", "changpai.daer.game._CASE_READS", 1 << 15
)


def _code(counts: Sequence[int]) -> int:
    """The number of a case's counts (:data:`_DIGIT`).

    >>> _code([1, 0, 2]), _code((0,) * 10)
    (51, 0)
    """
    return sum(n * _DIGIT[i] for i, n in enumerate(counts))


@caches.lru("daer", maxsize=64)
def _tables(rules: Rules) -> tuple[_Shape, tuple[int, ...], tuple[int, int]]:
    """What a game of ``rules`` looks up on every turn: its :func:`~.hand.shape_key`, the
    hand size between turns (:meth:`Rules.rest_size`) by the number of fours and where the
    readings of its small and big cases start in :data:`_CASE_READS`."""
    shape = shape_key(rules)
    erqishi, _, _, jiang = shape
    starts = []
    for case in (jiang[:10], jiang[10:]):
        # (the engine reads a case's counts with its 坎 taken out, Game._bases: kan_locked
        # plays no part in the key)
        key = (erqishi, case)
        starts.append(_case_id(*key) * _CASE_SPAN)
    rest = tuple(rules.rest_size(q) for q in range(KINDS + 1))
    return shape, rest, (starts[0], starts[1])


# The 胡 of the table sets met so far (the engine's sets are shared), by the set's identity.
_shared_meld_hu = caches.by_identity("daer", "changpai.daer.game._MELD_HU", 1024, meld_hu)


def _deck(seed: int | None, deck: Sequence[Card] | str | None) -> tuple[Card, ...]:
    if isinstance(deck, str):
        deck = parse(deck)
    elif deck is not None:
        deck = items_arg(deck, "deck", "大貳 (字牌) cards")
    return tuple(deal_order(DECK, seed=seed, deck=deck, what="the 80-card 大貳 deck", card=Card))


class Game(ClaimsMixin, GameBase):
    """One hand of 大貳 (see the module docstring for the flow; the claims on a discard are
    :class:`~changpai.daer.claims.ClaimsMixin`, the views :mod:`changpai.daer.views`).

    Args:
        rules: a :class:`~changpai.daer.rules.Rules` preset (:data:`DAER`, :data:`LUZHOU` …).
        seed: shuffles the deck (ignored when ``deck`` is given).
        deck: a stacked deck in deal order (see :func:`~changpai.daer.play.stack_deck`).
        dealer: the dealer's seat.

    >>> Game(dealer=4)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: dealer=4 is not a seat; expected a whole number 0..3
    """

    family = "daer"
    rules_class = Rules
    action_class = Action
    default_rules = DAER
    value_name = "胡"

    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
    ) -> None:
        rules = DAER if rules is None else rules_arg(rules, Rules, "大貳")
        seed_arg(seed)
        self.rules = rules
        self.seed = plain_int(seed)  # (an IntEnum seed as its number, as a Match's)
        self.dealer = check_seat(dealer, rules.players, what="dealer", error=RulesError)
        self._deck = _deck(seed, deck)
        self._ring = SeatRing.of(rules.players)
        self._shape, self._rest_sizes, self._case_starts = _tables(rules)
        n = rules.players
        self._hands: list[list[int]] = [[0] * KINDS for _ in range(n)]
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._discards: list[list[Card]] = [[] for _ in range(n)]
        self._passed: list[set[int]] = [set() for _ in range(n)]
        # derived from _melds (not part of _key): table cards and fours per seat
        self._laid = [0] * n
        self._fours = [0] * n
        self._top = 0
        self._phase = "discard"
        self._current = self.dealer
        self._self_drawn = True
        self._last: Card | None = None
        self._offer: Card | None = None
        self._discarder = -1
        self._options: dict[int, list[Action]] = {}
        self._decisions: dict[int, Action] = {}
        self._log: list[ActionRecord[Action]] = []
        self._result: GameResult | None = None
        self._turn_legal: tuple[Action, ...] | None = None  # derived: not part of _key
        # with kan_locked, per seat the kinds whose three held are a 坎 — dealt, not yet
        # broken up (daer.md §7: a three made by drawing is no 坎), one bit a card index
        self._kan = [0] * n
        # derived from _hands and _kan, kept by _add: per seat the concealed cards, the counts
        # without the 坎 (hand._unlocked) and the numbers of their two cases (_code)
        self._codes = [[0, 0] for _ in range(n)]
        self._sizes = [0] * n
        self._bases: list[list[int]] = [[0] * KINDS for _ in range(n)]
        self._deal()

    # ------------------------------------------------------------------ contract: state

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card in deal order.

        >>> len(Game(seed=1).deck), Game(seed=1).deck == Game(seed=1).deck
        (80, True)
        """
        return self._deck

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in turn order from the dealer.

        >>> Game(seed=1, dealer=2).seats
        (2, 3, 0, 1)
        """
        return self._ring.order_from(self.dealer)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now: the seat in turn, or every claimant that has not yet
        decided on a discard (nearest to the discarder first).

        >>> Game(seed=1, dealer=3).to_act
        (3,)
        """
        if self._phase == "over":
            return ()
        if self._phase == "claim":
            if not self._decisions:
                return tuple(self._options)
            return tuple(s for s in self._options if s not in self._decisions)
        return (self._current,)

    @property
    def log(self) -> tuple[ActionRecord[Action], ...]:
        """Every record so far (the engine's own ones have ``auto=True``).

        >>> [str(r) for r in Game(seed=1).log]
        ['seat 0 發牌 (auto)  (stock 27)']
        """
        return tuple(self._log)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left to draw, in order (omniscient).

        >>> g = Game(seed=1); g.stock == g.deck[53:]
        True
        """
        return self._deck[self._top :]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a win or 荒莊).

        >>> Game(seed=1).is_over
        False
        """
        return self._phase == "over"

    @property
    def result(self) -> GameResult | None:
        """The :class:`~changpai.core.GameResult` once over, else ``None``.

        >>> first = parse("一二三四五六七八九壹貳叄伍伍")  # the dealer's 14 cards: a winning hand
        >>> rest = list(DECK); _ = [rest.remove(c) for c in first]
        >>> g = Game(deck=first + tuple(rest))
        >>> _ = g.apply(Action(0, ActionKind.WIN)); g.result.headline
        'seat 0 胡 自摸'
        """
        return self._result

    @property
    def phase(self) -> str:
        """``"discard"`` (the seat in turn decides: a discard, a 垅 / 杠 or a 自摸), ``"claim"``
        (a discard is on offer) or ``"over"``.

        >>> Game(seed=1).phase
        'discard'
        """
        return self._phase

    @property
    def offered(self) -> Card | None:
        """The discard on offer during a claim, else ``None``.

        >>> Game(seed=1).offered is None
        True
        """
        return self._offer if self._phase == "claim" else None

    def _seat(self, seat: object) -> int:
        return check_seat(seat, self.rules.players, what="seat", error=IllegalActionError)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards of ``seat``, sorted (omniscient).

        >>> len(Game(seed=1).hand(0)), len(Game(seed=1).hand(3))
        (14, 13)
        """
        counts = self._hands[self._seat(seat)]
        return tuple(CARDS[i] for i in range(KINDS) for _ in range(counts[i]))

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The table sets of ``seat`` (暗杠 included).

        >>> Game(seed=1).melds(0)
        ()
        """
        return tuple(self._melds[self._seat(seat)])

    def discards(self, seat: int) -> tuple[Card, ...]:
        """The discards of ``seat`` still on the table (claimed ones went to a set), the card
        on offer last while the claims are open (the view shows it as ``offered`` only).

        >>> Game(seed=1).discards(0)
        ()
        """
        return tuple(self._discards[self._seat(seat)])

    def kan(self, seat: int) -> tuple[Card, ...]:
        """``kan_locked`` (瀘州): one card of each 坎 ``seat`` holds — the threes it was dealt,
        not yet laid or broken up (daer.md §7; omniscient) — what the analyses take as
        ``kan=`` for its hand (``waits(game.hand(s), game.melds(s), rules=..., kan=game.kan(s))``).

        >>> from changpai.daer.play import stack_deck
        >>> from changpai.daer.rules import LUZHOU
        >>> Game(LUZHOU, deck=stack_deck(LUZHOU, hands={1: "三三三"})).kan(1), Game(seed=1).kan(0)
        ((Card('x3'),), ())
        """
        kan = self._kan[self._seat(seat)]
        return tuple(CARDS[k] for k in range(KINDS) if kan >> k & 1)

    def passed(self, seat: int) -> tuple[Card, ...]:
        """``luzhou`` 過張: the cards ``seat`` passed on eating and may not eat any more.

        >>> Game(seed=1).passed(1)
        ()
        """
        return tuple(CARDS[i] for i in sorted(self._passed[self._seat(seat)]))

    # ------------------------------------------------------------------ contract: decisions

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal decision of ``seat`` now (empty when it is not to act).

        >>> g = Game(seed=1)
        >>> [str(a) for a in g.legal_actions(0)][:3], g.legal_actions(1)
        (['seat 0 打 一', 'seat 0 打 二', 'seat 0 打 三'], [])
        """
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            seat = self._seat(seat)  # raises for a bad seat
        phase = self._phase
        if phase == "claim":
            if seat in self._decisions:
                return []
            return list(self._options.get(seat, ()))
        if phase == "over" or seat != self._current:
            return []
        return list(self._legal_turn())

    def verify(self, action: Any) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` naming the reason if ``action``
        is not legal now.

        >>> Game(seed=1).verify(Action(1, ActionKind.PASS))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
        """
        if type(action) is not Action:
            raise not_an_action(action, Action, "大貳")
        if self._phase == "over":
            raise IllegalActionError(f"{action} is not legal now: the hand is over")
        seat = action.seat
        if self._phase == "claim":
            acting = seat in self._options and seat not in self._decisions
            legal: Sequence[Action] = self._options[seat] if acting else ()
        else:
            acting = seat == self._current
            legal = self._legal_turn() if acting else ()
        if not acting:
            raise not_to_act(
                action, action.seat, self._to_act_seen_by(action.seat), self.rules.players
            )
        for candidate in legal:  # the shared objects of legal_actions: no field comparisons
            if candidate is action:
                return
        if action not in legal:
            raise IllegalActionError(f"{action} is not legal now: {self._why(action)}")

    def _offers(self, action: object) -> bool:
        """Whether ``action`` is one of the objects :meth:`legal_actions` handed out for the
        state (then legal; anything else :meth:`verify` judges)."""
        if type(action) is not Action:
            return False
        seat = action.seat
        legal: Sequence[Action] | None
        if self._phase == "claim":
            legal = None if seat in self._decisions else self._options.get(seat)
        else:
            legal = self._turn_legal if seat == self._current else None
        return legal is not None and any(map(is_, legal, repeat(action)))

    def apply(self, action: Action) -> ActionRecord[Action]:
        """Verify and apply a decision, then the engine's forced moves after it; returns the
        decision's record. An illegal action raises and leaves the game unchanged.

        >>> g = Game(seed=1)
        >>> str(g.apply(g.legal_actions(0)[0])), g.phase in ("claim", "discard")
        ('seat 0 打 一', True)
        """
        if not self._offers(action):
            self.verify(action)
        self._turn_legal = None
        record: ActionRecord[Action] = ActionRecord(action)
        self._log.append(record)
        if self._phase == "claim":
            self._decisions[action.seat] = action
            if len(self._decisions) == len(self._options):
                self._resolve()
        else:
            self._turn(action)
        return record

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> GameView[Card, Action]:
        """What ``seat`` may see: its own hand, every table set (others' 暗杠 face down), the
        discards, the card on offer, the stock size and its own pending decision
        (:func:`changpai.daer.views.game_view`).

        >>> v = Game(seed=1).view(1)
        >>> len(v.hand), v.stock_size, v.to_act, v.legal_actions
        (13, 27, (0,), ())
        """
        return views.game_view(self, self._seat(seat))

    def _repr_html_(self) -> str:
        """The whole state for notebooks (omniscient): every seat's hand, sets and discards.

        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "▶ seat 0" in html
        (4, True)
        """
        return views.game_html(self)

    def copy(self) -> Game:
        """An independent copy, equal to this game.

        >>> g = Game(seed=1); c = g.copy(); c == g, c is g
        (True, False)
        """
        new = object.__new__(type(self))  # (a subclass stays itself, review h59)
        new.__dict__.update(self.__dict__)
        copy_user_slots(self, new)  # (and its slots; the game's own state is set below)
        new._hands = [list(h) for h in self._hands]
        new._melds = [list(m) for m in self._melds]
        new._discards = [list(d) for d in self._discards]
        new._passed = [set(p) for p in self._passed]
        new._laid = list(self._laid)
        new._fours = list(self._fours)
        new._codes = [list(c) for c in self._codes]
        new._sizes = list(self._sizes)
        new._kan = list(self._kan)
        new._bases = [list(b) for b in self._bases]
        new._options = {s: list(o) for s, o in self._options.items()}
        new._decisions = dict(self._decisions)
        new._log = list(self._log)
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.dealer,
            self._deck,
            tuple(map(tuple, self._hands)),
            tuple(map(tuple, self._melds)),
            tuple(map(tuple, self._discards)),
            tuple(tuple(sorted(p)) for p in self._passed),
            self._top,
            self._phase,
            self._current,
            self._self_drawn,
            self._last,
            self._offer,
            self._discarder,
            tuple((s, tuple(o)) for s, o in self._options.items()),
            tuple(sorted(self._decisions.items())),
            tuple(self._log),
            self._result,
        )

    @classmethod
    def _card(cls, code: str) -> Card:
        return Card.parse(code)

    # ------------------------------------------------------------------ helpers

    def _tally(self, seat: int) -> None:
        """Recount the table cards and fours of ``seat`` after its sets changed."""
        melds = self._melds[seat]
        self._laid[seat] = sum(len(m.cards) for m in melds)
        self._fours[seat] = sum(m.quad for m in melds)

    def _add(self, seat: int, k: int, delta: int) -> None:
        """Change the count of card index ``k`` in the hand of ``seat`` by ``delta``, and the
        facts kept with it."""
        hand = self._hands[seat]
        n = hand[k] = hand[k] + delta
        self._sizes[seat] += delta
        bases = self._bases[seat]
        kan = self._kan[seat]
        if kan >> k & 1:
            if n < 3:  # a 坎 broken up (discarded from, laid out) is no more
                self._kan[seat] = kan ^ 1 << k
                base = n
            else:
                base = n - 3
            self._codes[seat][k >= 10] += (base - bases[k]) * _DIGIT[k]
            bases[k] = base
        else:
            bases[k] = n
            self._codes[seat][k >= 10] += delta * _DIGIT[k]

    def _total(self, seat: int) -> int:
        return self._sizes[seat] + self._laid[seat]

    def _quads(self, seat: int) -> int:
        return self._fours[seat]

    def _must_discard(self, seat: int) -> bool:
        return self._sizes[seat] + self._laid[seat] > self._rest_sizes[self._fours[seat]]

    def _exposed_hu(self, seat: int) -> int:
        return sum(map(_shared_meld_hu, self._melds[seat]))

    def _can_win(self, seat: int, extra: int = -1) -> bool:
        """Whether the hand of ``seat`` (and the discard of card index ``extra``) wins; the
        fast tests first, as most hands do not read."""
        # a winning hand is full: one card over what its maker holds between turns (a seat
        # dealt two or more 垅 without replacement draws is short of its 八塊 cards until it
        # has drawn them, daer.md §7; 瀘州's 對子 beside a 垅, example 4 of the docs)
        held = self._sizes[seat] + self._laid[seat] + (extra >= 0)
        if held != self._rest_sizes[self._fours[seat]] + 1:
            return False
        _, jiao, kan_locked, _ = shape = self._shape
        if jiao or (kan_locked and extra >= 0):  # readable searches all 20 counts
            if not _reads_with(self._bases[seat], self._sizes[seat], extra, shape):
                return False
            counts = self._with_card(seat, extra)
        elif extra < 0:  # without 絞 the hand reads iff both its cases do
            r = self._sizes[seat] % 3
            small = self._half(seat, False) if r != 1 else 0
            if not small or not _halves_read(small, self._half(seat, True), r):
                return False
            counts = self._with_card(seat, extra)
        else:  # without 絞 or 坎 the case the discard does not touch must read by itself
            if not self._half(seat, extra < 10):
                return False
            counts = self._with_card(seat, extra)
            if not readable(counts, shape, extra):
                return False
        if self.rules.min_hu == 0:
            return True
        # (a discard's 刻 is a 碰: hand._won_on)
        found = hu_range(counts, self._shape, extra, self._kan[seat])
        assert found is not None
        low, high = found
        table = self._exposed_hu(seat)
        return wins(high + table, self.rules) or wins(low + table, self.rules)

    def _may_win_on(self, seat: int, k: int) -> bool:
        """A quick necessary condition of a win of ``seat`` on a discard of card index ``k``
        (:meth:`_can_win` decides): the number of cards, and without 絞 (no set mixes the
        cases, a 坎 is locked within its case) the case ``k`` is not in must read by itself
        (:meth:`_half`)."""
        if not self.rules.win_on_discard or (self._sizes[seat] + 1) % 3 == 1:
            return False
        if self._shape[1]:
            return True
        return self._half(seat, k < 10) != 0  # (the big cards when k is small)

    def _with_card(self, seat: int, extra: int) -> tuple[int, ...]:
        """The counts of the hand of ``seat`` and one card of index ``extra`` (-1: none)."""
        hand = self._hands[seat]
        if extra < 0:
            return tuple(hand)
        hand[extra] += 1
        counts = tuple(hand)
        hand[extra] -= 1
        return counts

    def _half(self, seat: int, big: bool) -> int:
        """:func:`~.hand._half_fits` of the small (``big`` False) or big cards of the hand of
        ``seat`` without its 坎 (:attr:`_bases`), looked up by the number of those counts
        (:func:`_code`)."""
        key = self._case_starts[big] + self._codes[seat][big]
        found = _CASE_READS.get(key)
        if found is None:
            erqishi, _, _, jiang = self._shape
            cut = slice(10, 20) if big else slice(0, 10)
            found = _CASE_READS[key] = _half_fits(
                tuple(self._bases[seat][cut]), erqishi, 0, jiang[cut]
            )
        return found

    def _keeps_a_discard(
        self, seat: int, used: int, taken: int, quad: bool, kind: int = -1
    ) -> bool:
        """Whether ``seat`` still has a card to discard (or needs none) after laying ``used``
        hand cards (of card index ``kind`` when three) and ``taken`` new ones into a set: a
        claim that would leave a hand with nothing to discard is not offered (the ``luzhou``
        21 cards can all be on the table)."""
        if self.rules.kan_locked:  # only a card outside the 坎 may go (daer.md §7)
            # (the counts without the 坎, as kept: a hand then holds no four; a 坎 taken from
            # the hand leaves the free cards alone)
            kan = used == 3 and kind >= 0 and self._kan[seat] >> kind & 1
            held = sum(self._bases[seat]) - (0 if kan else used)
        else:
            held = self._sizes[seat] - used
        if held >= 1 or (quad and self.rules.gang_draw):
            return True
        total = self._total(seat) + taken
        return total <= self._rest_sizes[self._fours[seat] + quad]

    def _legal_turn(self) -> tuple[Action, ...]:
        """The decisions of the seat in turn, computed once per state (cleared by apply)."""
        found = self._turn_legal
        if found is None:
            found = self._turn_legal = tuple(self._turn_actions(self._current))
        return found

    def _turn_actions(self, seat: int) -> list[Action]:
        counts = self._hands[seat]
        rules = self.rules
        out: list[Action] = []
        drawn = self._self_drawn
        if drawn and self._can_win(seat):
            out.append(WIN[seat])
        # after a 碰 / 吃 / 招 the claimer only discards (daer.md §3); a 杠 needs a drawn card
        if drawn and (not rules.gang_draw or self._top < len(self._deck)):
            if not rules.kan_locked and 4 in counts:
                out.extend(GANG[seat][k] for k in range(KINDS) if counts[k] == 4)
            for m in self._melds[seat]:
                if m.kind is MeldKind.PENG:
                    k = m.card.index
                    if counts[k] and self._keeps_a_discard(seat, 1, 0, True):
                        out.append(GANG[seat][k])
        discard = DISCARD[seat]
        kan = self._kan[seat]
        if kan:  # a 坎 is not split (daer.md §7) ...
            free = [discard[k] for k, n in enumerate(counts) if n and not kan >> k & 1]
            if not free:  # ... unless only 坎 are left: one of them must go
                free = list(compress(discard, counts))
            out.extend(free)
        else:
            out.extend(compress(discard, counts))  # a discard of every kind in hand
        return out

    def _why(self, action: Action) -> str:
        seat, kind, card = action.seat, action.kind, action.card
        if self._phase == "claim":
            if kind is ActionKind.DISCARD:
                return f"seat {seat} may claim {self._offer} or pass, not discard"
            if card is not None and card != self._offer:
                return f"the card on offer is {self._offer}, not {card}"
            if kind is ActionKind.CHI and seat != self._ring.next[self._discarder]:
                return f"only seat {self._ring.next[self._discarder]} (the 下家) may 吃"
            if kind is ActionKind.CHI and card is not None and card.index in self._passed[seat]:
                return f"seat {seat} passed {card} before (過張) and may not eat it"
            if (listed := legal_of_kind(kind, self._options.get(seat, ()))) is not None:
                return listed  # (a claim of a kind open to it, spelled otherwise: review h105)
            return f"seat {seat} cannot {kind.hanzi} {self._offer} with this hand"
        if kind is ActionKind.PASS:
            return f"seat {seat} must act in its turn (nothing is on offer)"
        if kind in (ActionKind.CHI, ActionKind.PENG):
            return f"nothing is on offer to {kind.hanzi}: it is seat {seat}'s turn to discard (打)"
        if card is None and (listed := legal_of_kind(kind, self._legal_turn())) is not None:
            return listed  # (a 打 / 杠 without its card: review h130)
        if kind is ActionKind.DISCARD and card is not None:
            if not self._hands[seat][card.index]:
                return f"seat {seat} holds no {card}"
            return f"{card} belongs to a 坎 and cannot be split (daer.md §7)"
        if kind is ActionKind.WIN:
            if not self._self_drawn:
                return "a hand completed by a 碰 or 吃 cannot win before a new card"
            return f"seat {seat}'s hand is not a winning hand"
        if kind is ActionKind.GANG and not self._self_drawn:
            return f"seat {seat} claimed a card and must discard (daer.md §3)"
        if kind in (ActionKind.DEAL, ActionKind.DRAW, ActionKind.LONG):
            return f"{kind.hanzi} is applied by the engine, never chosen"
        return f"seat {seat} cannot {kind.hanzi}{'' if card is None else f' {card}'} now"

    # ------------------------------------------------------------------ flow

    def _auto(self, action: Action, *, note: str = "", draws: tuple[Any, ...] = ()) -> None:
        self._log.append(ActionRecord(action, auto=True, note=note, draws=draws))

    def _deal(self) -> None:
        top = 0
        for seat in self.seats:
            n = self.rules.hand_size + (self.rules.dealer_extra if seat == self.dealer else 0)
            for card in self._deck[top : top + n]:
                self._hands[seat][card.index] += 1
            top += n
            self._sizes[seat] = n
            held = self._hands[seat]
            if self.rules.kan_locked:  # the 坎 are the threes dealt (daer.md §7)
                self._kan[seat] = sum(1 << k for k, c in enumerate(held) if c >= 3)
            bases = self._bases[seat] = _unlocked(tuple(held), self._shape, self._kan[seat])
            self._codes[seat] = [_code(bases[:10]), _code(bases[10:])]
        self._top = top
        self._auto(DEAL[self.dealer], note=f"stock {len(self._deck) - top}")
        if self.rules.kan_locked:
            for seat in self.seats:
                last = self._last
                if not self._lay_long(seat):
                    return
                if seat != self.dealer:  # (the card a 自摸 is on: only the dealer's own)
                    self._last = last
        if self.rules.dealer_extra:
            self._after_take(self.dealer, drawn=True)
        else:  # (dealt as the others, the dealer draws first: daer.md §3)
            self._draw(self.dealer)

    def _lay_long(self, seat: int) -> bool:
        """Lay every four in the hand of ``seat`` as a 垅 (daer.md §7), each with a replacement
        draw under ``gang_draw`` (§3 "kongs draw a replacement card"); False if the stock ran
        out for one (the hand is then over, 荒莊)."""
        counts = self._hands[seat]
        while 4 in counts:
            k = counts.index(4)
            self._add(seat, k, -4)
            self._melds[seat].append(LONG_MELD[k])
            self._tally(seat)
            self._auto(LONG[seat][k])
            if self.rules.gang_draw and not self._take_from_stock(seat, True):
                return False
        return True

    def _after_take(self, seat: int, *, drawn: bool) -> None:
        """``seat`` took a card (drawn or claimed): its turn, or — with nothing to discard
        (八塊) — the next player's draw."""
        if self.rules.kan_locked and not self._lay_long(seat):
            return
        self._current = seat
        self._self_drawn = drawn
        self._phase = "discard"
        if not self._must_discard(seat):
            self._draw(self._ring.next[seat])

    def _draw(self, seat: int, *, replacement: bool = False) -> None:
        if self._take_from_stock(seat, replacement):
            self._after_take(seat, drawn=True)

    def _take_from_stock(self, seat: int, replacement: bool) -> bool:
        """Draw the next stock card into the hand of ``seat`` (logged); False, the hand over
        (荒莊), if the stock is empty."""
        if self._top >= len(self._deck):
            self._finish(None)
            return False
        card = self._deck[self._top]
        self._top += 1
        self._add(seat, card.index, 1)
        self._last = card
        self._auto(
            DRAW[seat],
            note="replacement" if replacement else "",
            draws=((seat, card),),
        )
        return True

    def _turn(self, action: Action) -> None:
        seat, kind, card = action.seat, action.kind, action.card
        counts = self._hands[seat]
        if kind is ActionKind.WIN:
            self._win(seat, None, self._last)
            return
        assert card is not None
        k = card.index
        if kind is ActionKind.GANG:
            melds = self._melds[seat]
            if counts[k] == 4:
                self._add(seat, k, -4)
                melds.append(ANGANG[k])
            else:
                self._add(seat, k, -1)
                i = next(
                    i for i, m in enumerate(melds) if m.kind is MeldKind.PENG and m.card == card
                )
                melds[i] = JIAGANG[k]
            self._tally(seat)
            self._after_gang(seat)
            return
        self._add(seat, k, -1)  # DISCARD
        self._discards[seat].append(card)
        self._offer_discard(seat, card)

    def _after_gang(self, seat: int) -> None:
        if self.rules.gang_draw:
            self._draw(seat, replacement=True)
        elif self._must_discard(seat):
            self._phase = "discard"
        else:  # 八塊: a second or later four spares one discard (daer.md §7)
            self._draw(self._ring.next[seat])

    def _win(self, seat: int, discarder: int | None, card: Card | None) -> None:
        discard = None
        if discarder is not None and card is not None:
            self._add(seat, card.index, 1)
            discard = card
        best = best_decomposition(
            self.hand(seat), self.melds(seat), rules=self.rules, discard=discard, kan=self.kan(seat)
        )
        assert best is not None
        win = Win(
            best,
            winner=seat,
            players=self.rules.players,
            self_drawn=discarder is None,
            discarder=discarder,
            winning_card=card,
        )
        self._finish(win)

    def _finish(self, win: Win | None) -> None:
        self._phase = "over"
        self._close_offer()
        if win is None:
            self._result = GameResult(
                None, "huangzhuang", None, next_dealer=self.dealer, label="荒莊"
            )
            return
        self._result = GameResult(
            win.winner,
            "win",
            _settle(win, self.rules),
            next_dealer=win.winner,
            value=win.decomposition.value,
            label="胡",
            win=win,
            discarder=win.discarder,
            self_drawn=win.self_drawn,
        )
