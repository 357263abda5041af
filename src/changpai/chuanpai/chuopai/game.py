"""The 戳牌 engine (chuanpai.md §3.1, §3.3): deal, 硬張, 無天無九, tricks, 擺牌 and the result.

1. **Deal** (auto): 28 cards each (:mod:`~changpai.chuanpai.chuopai.deal`); every 硬張 (丁丁
   ``12``, 二紅 ``24``) is laid face up as 擺牌 (``yingzhang``); a seat without 天牌, 紅九 and
   黑九 voids the hand (無天無九不打牌, ``void``).
2. **Lead**: the dealer leads any play (:mod:`~changpai.chuanpai.chuopai.plays`); a first lead
   holding 天牌, 紅九 or 黑九 makes the leader liable (包牌, §3.3).
3. **Follow**: each other seat must beat the highest play so far if he can (``beat``: 過牌 or
   佔張, noted on the record); otherwise he covers as many cards as were led, face down, one
   card per decision (``cover``; all his cards when he holds fewer). ``strict=False`` also
   offers ``cover`` to a seat able to beat: taking it is 罰牌 and the hand stops.
4. **Trick** (auto ``bai``): the highest play's owner lays his own cards face up as 擺牌, the
   rest lie face down; he leads next (or the next seat holding cards).
5. **End** (:mod:`~changpai.chuanpai.chuopai.ending`): 脫手 when a trick's winner then has 15
   擺牌 and 5 cards in hand while nobody has 16; else when no seat holds cards (a seat left
   alone with cards leads them, each lead its 擺牌 at once) the first seat to have reached 16
   wins (小胡, 一甲 from 21, 兩甲 from 23), or 黃牌. A 罰牌 stops the hand: the offender pays,
   and a win already reached is settled as it stands.

>>> game = Game(seed=11)
>>> game.to_act, len(game.hand(0)) + len(game.bai(0)), game.legal_actions(0)[0]
((0,), 28, Action(seat=0, kind=ActionKind.LEAD, cards=(Card('56'),)))
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions(game.to_act[0])[0])
>>> game.result.reason in ("xiaohu", "yijia", "liangjia", "huangpai", "tuoshou", "void")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from changpai.chuanpai.cards import CARDS, DECK84, Card, parse
from changpai.chuanpai.chuopai.actions import DECISIONS, Action, ActionKind, Pile, PileKind
from changpai.chuanpai.chuopai.choices import beat_actions, cover_actions, lead_actions
from changpai.chuanpai.chuopai.deal import HAND, PLAYERS, deal_blocks
from changpai.chuanpai.chuopai.ending import (
    fapai_result,
    huangpai_result,
    tuoshou_result,
    void_result,
    win_result,
)
from changpai.chuanpai.chuopai.plays import DOTS, Shape, can_beat, describe, play_order
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.core import caches
from changpai.core.copying import copy_user_slots
from changpai.core.deck import deal_order
from changpai.core.engine import GameBase
from changpai.core.guard import (
    clipped,
    flag_arg,
    items_arg,
    not_an_action,
    not_to_act,
    plain_int,
    rules_arg,
)
from changpai.core.records import ActionRecord, GameResult
from changpai.core.seats import SeatRing, check_seat
from changpai.core.view import GameView
from changpai.errors import IllegalActionError, NotationError, RulesError

__all__ = ["Game"]

_RING = SeatRing.of(PLAYERS)
_YING = frozenset(c.index for c in DECK84 if c.code in ("12", "24"))
_YING_KINDS = tuple(sorted(_YING))
_TIANJIU = frozenset(c.index for c in DECK84 if c.code in ("66", "45", "36"))


_TO_ACT = tuple((seat,) for seat in range(PLAYERS))

# Actions and records are immutable, and the engine's decisions are shared objects
# (:mod:`~changpai.chuanpai.chuopai.choices`), so one record, one shape and one 擺牌 action
# serve every game; each entry holds the object whose id is its key, so the id stays its own.
# The engine's 擺牌 action of a trick's winner by (seat, id of the won cards): the cards of the
# winning play, shared with it.
_BAI: caches.BoundedDict[tuple[int, int], tuple[tuple[Card, ...], Action]] = caches.BoundedDict(
    "chuanpai.chuopai", "changpai.chuanpai.chuopai.game._BAI", 1 << 13
)


@caches.lru("chuanpai.chuopai", maxsize=8)
def _deal_record(dealer: int) -> ActionRecord[Action]:
    """The engine's record of the deal by ``dealer``."""
    return ActionRecord(Action(dealer, ActionKind.DEAL), auto=True, note="28 cards each")


@caches.lru("chuanpai.chuopai", maxsize=256)
def _ying_record(seat: int, held: tuple[int, ...]) -> ActionRecord[Action] | None:
    """The engine's record of ``seat`` laying its 硬張 face up, ``held`` of each kind of
    ``_YING_KINDS`` (chuanpai.md §3.1); None when it holds none."""
    if not any(held):
        return None
    ying = play_order(CARDS[i] for i, n in zip(_YING_KINDS, held, strict=True) for _ in range(n))
    return ActionRecord(
        Action(seat, ActionKind.YINGZHANG, ying),
        auto=True,
        note="硬張 laid face up as 擺牌 (chuanpai.md §3.1)",
    )


def _record_and_shape(action: Action) -> tuple[ActionRecord[Action], Shape | None]:
    """The record of the decision ``action`` without a note, and the shape of its cards
    (``describe``)."""
    return ActionRecord(action), describe(tuple(c.index for c in action.cards))


# the record and shape of each decision, kept by the (shared) action's identity
_seen = caches.by_identity(
    "chuanpai.chuopai", "changpai.chuanpai.chuopai.game._SEEN", 1 << 14, _record_and_shape
)


def _bai_action(seat: int, won: tuple[Card, ...]) -> Action:
    """The engine's 擺牌 of ``seat`` laying the cards ``won`` (kept by the cards' id)."""
    key = (seat, id(won))
    known = _BAI.get(key)
    if known is not None and known[0] is won:
        return known[1]
    action = Action(seat, ActionKind.BAI, won)
    _BAI[key] = (won, action)
    return action


def _deck_cards(deck: Sequence[Any] | str | None) -> list[Card] | None:
    if deck is None:
        return None
    if isinstance(deck, str):
        return list(parse(deck, deck="deck84"))
    out: list[Card] = []
    for item in items_arg(deck, "deck", "戳牌 (deck84) cards"):
        out.append(Card.parse(item) if isinstance(item, str) else item)
    return out


class Game(GameBase):
    """One hand of 戳牌 (chuanpai.md §3): see the module text for the flow.

    Args:
        rules: a :class:`~changpai.chuanpai.chuopai.Rules` (default :data:`CHUOPAI`).
        seed: shuffles ``deck84`` (ignored when ``deck`` is given).
        deck: a stacked deck of the 84 cards in deal order (:func:`stack_deck`).
        dealer: the dealer's seat (0, 1 or 2); he leads first.
        strict: ``True`` offers a seat that can beat only its beating plays; ``False`` also
            offers ``cover``, and covering when able to beat is 罰牌 (the hand stops).

    >>> Game(dealer=3)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: dealer=3 is not a seat; expected a whole number 0..2
    """

    __slots__ = (
        "_bai",
        "_bai_piles",
        "_best",
        "_cover",
        "_covered",
        "_deck",
        "_first_lead",
        "_followers",
        "_hands",
        "_liable",
        "_log",
        "_need",
        "_offered",
        "_phase",
        "_reached",
        "_result",
        "_size",
        "_sizes",
        "_trick",
        "_tricks",
        "_turn",
        "_ying",
        "dealer",
        "rules",
        "seed",
        "strict",
    )  # fmt: skip

    rules: Rules
    family = "chuanpai.chuopai"
    rules_class = Rules
    action_class = Action
    default_rules = CHUOPAI
    value_name = "張"

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        strict: bool = True,
    ) -> None:
        rules = CHUOPAI if rules is None else rules_arg(rules, Rules, "戳牌")
        flag_arg(strict, "strict")
        self.rules = rules
        self.seed = plain_int(seed)  # (an IntEnum seed as its number, as a Match's)
        self.dealer = check_seat(dealer, PLAYERS, what="dealer", error=RulesError)
        self.strict = strict
        self._deck = tuple(
            deal_order(DECK84, seed=seed, deck=_deck_cards(deck), what="戳牌 (deck84)", card=Card)
        )
        self._hands = [[0] * DOTS for _ in range(PLAYERS)]
        self._sizes = [0] * PLAYERS
        self._ying: list[tuple[Card, ...]] = [()] * PLAYERS
        self._bai_piles: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in range(PLAYERS)]
        self._bai = [0] * PLAYERS
        self._covered: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self._reached: list[int] = []
        self._log: list[ActionRecord[Action]] = []
        self._result: GameResult | None = None
        self._liable: int | None = None
        self._first_lead = True
        self._tricks = 0
        self._phase = "lead"
        self._turn = self.dealer
        self._trick: list[tuple[int, tuple[Card, ...], bool]] = []
        self._best: tuple[int, Shape] | None = None
        self._followers: list[int] = []
        self._size = 0
        self._need = 0
        self._cover: list[Card] = []
        # The actions legal_actions offered for this state (apply trusts them).
        self._offered: list[Action] | None = None
        self._deal()

    # ------------------------------------------------------------------ the deal

    def _deal(self) -> None:
        rules = self.rules
        self._log.append(_deal_record(self.dealer))
        blocks = deal_blocks(self._deck, self.dealer)
        void: list[int] = []
        for seat in self.seats:
            hand = self._hands[seat]
            for card in blocks[seat]:
                hand[card.index] += 1
            held = tuple(hand[i] for i in _YING_KINDS)  # the 硬張 leave the hand
            for i in _YING_KINDS:
                hand[i] = 0
            laid = _ying_record(seat, held)
            self._sizes[seat] = HAND - sum(held)
            if laid is not None:
                ying = laid.action.cards
                self._ying[seat] = ying
                self._bai[seat] = len(ying)
                self._log.append(laid)
            if not any(hand[i] for i in _TIANJIU):
                void.append(seat)
        if rules.void_without_tianjiu and void:
            for seat in void:
                self._log.append(
                    ActionRecord(
                        Action(seat, ActionKind.VOID),
                        auto=True,
                        note=f"seat {seat} holds no 天牌, 紅九 or 黑九: 無天無九不打牌 "
                        "(chuanpai.md §3.1)",
                    )
                )
            self._end(void_result(self.rules, self.dealer))

    # ------------------------------------------------------------------ the contract

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 84 cards in deal order (the dealer's 28 first).

        >>> len(Game(seed=1).deck)
        84
        """
        return self._deck

    @property
    def seats(self) -> tuple[int, ...]:
        """The three seats in turn order from the dealer.

        >>> Game(seed=1, dealer=2).seats
        (2, 0, 1)
        """
        return _RING.order_from(self.dealer)

    @property
    def options(self) -> dict[str, Any]:
        """``{"strict": False}`` for a lenient game, else ``{}``.

        >>> Game(seed=1, strict=False).options
        {'strict': False}
        """
        return {} if self.strict else {"strict": False}

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat that must play now (empty once over).

        >>> Game(seed=1, dealer=1).to_act
        (1,)
        """
        return () if self._result is not None else _TO_ACT[self._turn]

    @property
    def log(self) -> tuple[ActionRecord[Action], ...]:
        """Every record so far (the deal and the 硬張 are the engine's).

        >>> [str(r) for r in Game(seed=11).log][:2]
        ['seat 0 發牌 (auto)  (28 cards each)', 'seat 0 硬張 二四 二四 二四 丁丁 (auto)  (硬張 laid face up as 擺牌 (chuanpai.md §3.1))']
        """
        return tuple(self._log)

    @property
    def stock(self) -> tuple[Card, ...]:
        """Always empty: 戳牌 deals every card.

        >>> Game(seed=1).stock
        ()
        """
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> Game(seed=1).is_over
        False
        """
        return self._result is not None

    @property
    def result(self) -> GameResult | None:
        """The result once over (see the module text for the reasons), else ``None``.

        >>> Game(seed=1).result is None
        True
        """
        return self._result

    @property
    def phase(self) -> str:
        """``"lead"``, ``"follow"`` or ``"over"``.

        >>> Game(seed=1).phase
        'lead'
        """
        return "over" if self._result is not None else self._phase

    @property
    def liable(self) -> int | None:
        """The seat liable for 包牌 (its first lead held 天 or a 九), if any.

        >>> game = Game(seed=1)
        >>> game.hand(0)[0], game.liable
        (Card('66'), None)
        >>> _ = game.apply(Action(0, ActionKind.LEAD, "66"))
        >>> game.liable
        0
        """
        return self._liable

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still holds, in table order (omniscient).

        >>> game = Game(seed=1)
        >>> len(game.hand(2)), game.bai_count(2)
        (26, 2)
        """
        seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        return tuple(CARDS[i] for i, n in enumerate(self._hands[seat]) for _ in range(n))

    def bai(self, seat: int) -> tuple[Card, ...]:
        """The 擺牌 of ``seat``: its 硬張 and the cards of every trick it won.

        >>> from changpai.chuanpai.chuopai import stack_deck
        >>> game = Game(deck=stack_deck(hands={0: "24 12 66", 1: "45", 2: "36"}))
        >>> [c.code for c in game.bai(0)]
        ['24', '12']
        """
        seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        return self._ying[seat] + tuple(c for _t, cards in self._bai_piles[seat] for c in cards)

    def bai_count(self, seat: int) -> int:
        """How many 擺牌 ``seat`` has (its 硬張 included).

        >>> [Game(seed=11).bai_count(s) for s in range(3)]
        [4, 1, 3]
        """
        seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        return self._bai[seat]

    def melds(self, seat: int) -> tuple[Pile, ...]:
        """The piles in front of ``seat``: its 硬張, one 擺牌 pile per trick won, and its
        face-down cards (omniscient).

        >>> [str(p) for p in Game(seed=11).melds(1)]
        ['硬張 丁丁']
        """
        seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        return tuple(Pile(kind, cards, trick) for kind, cards, trick in self._piles(seat))

    def _piles(self, seat: int) -> list[tuple[PileKind, tuple[Card, ...], int]]:
        """The (kind, cards, trick) of each pile of ``seat`` (:meth:`melds`, as the views read
        them without building the checked :class:`Pile` objects)."""
        piles = []
        if self._ying[seat]:
            piles.append((PileKind.YINGZHANG, self._ying[seat], 0))
        piles.extend((PileKind.BAI, cards, trick) for trick, cards in self._bai_piles[seat])
        if self._covered[seat]:
            piles.append((PileKind.COVERED, tuple(self._covered[seat]), 0))
        return piles

    def trick(self) -> tuple[tuple[int, tuple[Card, ...], bool], ...]:
        """The plays of the trick in progress: ``(seat, cards, face_up)`` in order.

        >>> game = Game(seed=11)
        >>> _ = game.apply(game.legal_actions(0)[0])
        >>> game.trick()
        ((0, (Card('56'),), True),)
        """
        return tuple(self._trick)

    # ------------------------------------------------------------------ choices

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal decision of ``seat`` now (empty when it is not to act).

        >>> Game(seed=11).legal_actions(1)
        []
        """
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        if self._result is not None or seat != self._turn:
            return []
        counts = self._hands[seat]
        if self._phase == "lead":
            actions = lead_actions(seat, counts, self.rules.big_combos)
        else:
            actions = []
            if not self._cover and self._sizes[seat] >= self._size:
                assert self._best is not None
                actions = beat_actions(seat, counts, self._best[1], self._ties)
            if not actions or not self.strict:
                actions += cover_actions(seat, counts)
        self._offered = actions
        return list(actions)

    @property
    def _ties(self) -> bool:
        return self.rules.chuo_ties == "beat"

    def _able(self, seat: int) -> bool:
        """Whether ``seat``, following now, can beat the highest play of the trick."""
        assert self._best is not None
        return self._sizes[seat] >= self._size and can_beat(
            self._hands[seat], self._best[1], self._ties
        )

    def verify(self, action: Any) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` naming the reason unless
        ``action`` is legal now.

        >>> game = Game(seed=11)
        >>> game.verify(Action(0, ActionKind.LEAD, "44 11"))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 0 出牌 人牌 地牌: 人牌 地牌 is not a 戳牌 play (cards of one rank of one class, or a 組合; chuanpai.md §3.2)
        """
        if type(action) is not Action:
            raise not_an_action(action, Action, "戳牌")
        if not isinstance(action.kind, ActionKind):
            raise IllegalActionError(
                f"{clipped(action)}: kind {clipped(action.kind)} is not an ActionKind"
            )
        if self._result is not None:
            raise IllegalActionError(f"{action}: the hand is over ({self._result.headline})")
        seat = check_seat(action.seat, PLAYERS, error=IllegalActionError)
        if action.kind not in DECISIONS:
            raise IllegalActionError(
                f"{action}: {action.kind.hanzi} is applied by the engine, never chosen"
            )
        if seat != self._turn:
            raise not_to_act(action, seat, (self._turn,))
        cards = action.cards
        if not cards:  # (review h130: "() are not 戳牌 cards")
            raise IllegalActionError(
                f"{action}: names no cards; a {action.kind.hanzi} names the cards it plays "
                f"(legal_actions({seat}) lists those open now)"
            )
        if not all(isinstance(c, Card) and c.index < DOTS for c in cards):
            raise IllegalActionError(f"{action}: {clipped(cards)} are not 戳牌 cards")
        if any(c.index in _YING for c in cards):
            raise IllegalActionError(
                f"{action}: 丁丁 and 二紅 are 硬張, never played (chuanpai.md §3.1)"
            )
        have = self._hands[seat]
        need: dict[int, int] = {}
        for card in cards:
            need[card.index] = need.get(card.index, 0) + 1
        for index, n in need.items():
            if have[index] < n:
                raise IllegalActionError(
                    f"{action}: seat {clipped(seat)} holds {have[index]} of {CARDS[index]}, not {n}"
                )
        shape = describe(tuple(c.index for c in cards), self.rules.big_combos)
        if self._phase == "lead":
            if action.kind is not ActionKind.LEAD:
                raise IllegalActionError(f"{action}: seat {clipped(seat)} leads this trick (出牌)")
            if shape is None:
                big = describe(tuple(c.index for c in cards)) is not None
                raise IllegalActionError(
                    f"{action}: {action.details} is a 組合 of {len(cards)} cards, no play under "
                    "big_combos=False (one head card and one 點子; chuanpai.md §3.2)"
                    if big
                    else f"{action}: {action.details} is not a 戳牌 play (cards of one rank of "
                    "one class, or a 組合; chuanpai.md §3.2)"
                )
            return
        assert self._best is not None
        best = self._trick_cards(self._best[0])
        if action.kind is ActionKind.LEAD:
            raise IllegalActionError(
                f"{action}: seat {clipped(seat)} follows; beat {best} (打) or cover (蓋牌)"
            )
        if action.kind is ActionKind.BEAT:
            if self._cover:
                raise IllegalActionError(
                    f"{action}: seat {clipped(seat)} has begun to cover; cover {self._need - len(self._cover)} more"
                )
            if shape is None or len(cards) != self._size:
                raise IllegalActionError(
                    f"{action}: {action.details} is not a play of {self._size} card(s) like {best}"
                )
            best_shape = self._best[1]
            if not (
                shape[0] == best_shape[0]
                and (shape[1] > best_shape[1] or (self._ties and shape[1] == best_shape[1]))
            ):
                raise IllegalActionError(
                    f"{action}: {action.details} does not beat {best} (same class and size, "
                    "higher rank; chuanpai.md §3.2)"
                )
            return
        if len(cards) != 1:
            raise IllegalActionError(f"{action}: cover one card at a time")
        if self.strict and not self._cover and self._able(seat):
            raise IllegalActionError(
                f"{action}: seat {clipped(seat)} can beat {best} and must (chuanpai.md §3.3 "
                "下家能打就必須打)"
            )

    def _trick_cards(self, seat: int) -> str:
        for owner, cards, up in reversed(self._trick):
            if owner == seat and up:
                return " ".join(str(c) for c in cards)
        return "-"

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> ActionRecord[Action]:
        """Verify ``action`` and play it, then the engine's own moves (the trick's 擺牌, the
        end of the hand); returns the record of ``action``. An illegal action raises
        :class:`~changpai.errors.IllegalActionError` and changes nothing.

        >>> game = Game(seed=11)
        >>> str(game.apply(game.legal_actions(0)[0])), game.to_act
        ('seat 0 出牌 斧頭', (1,))
        """
        offered = self._offered
        # (one of the objects offered: the list holds them, so no other live object has its id)
        if offered is None or id(action) not in map(id, offered):
            self.verify(action)
        self._offered = None
        seat = action.seat
        cards = action.cards
        offence = (
            action.kind is ActionKind.COVER
            and not self.strict
            and not self._cover
            and self._able(seat)
        )
        for card in cards:
            self._hands[seat][card.index] -= 1
        self._sizes[seat] -= len(cards)
        if action.kind is ActionKind.LEAD:
            return self._lead(action)
        if action.kind is ActionKind.BEAT:
            return self._beat(action)
        return self._cover_card(action, offence)

    def _record(self, action: Action, note: str = "") -> ActionRecord[Action]:
        record = ActionRecord(action, note=note) if note else _seen(action)[0]
        self._log.append(record)
        return record

    def _lead(self, action: Action) -> ActionRecord[Action]:
        seat = action.seat
        note = ""
        first = self._first_lead and self.rules.baopai
        if first and any(c.index in _TIANJIU for c in action.cards):
            self._liable = seat
            note = "包牌: the first lead holds 天牌 or a 九 (chuanpai.md §3.3)"
        self._first_lead = False
        shape = _seen(action)[1]
        assert shape is not None
        self._trick = [(seat, action.cards, True)]
        self._best = (seat, shape)
        self._size = len(action.cards)
        self._followers = [s for s in _RING.after(seat) if self._sizes[s] > 0]
        record = self._record(action, note)
        self._next()
        return record

    def _beat(self, action: Action) -> ActionRecord[Action]:
        seat = action.seat
        shape = _seen(action)[1]
        assert shape is not None
        self._trick.append((seat, action.cards, True))
        self._best = (seat, shape)
        note = ""
        if self._followers:
            later = any(self._able(s) for s in self._followers)
            note = (
                "過牌 (a later player can beat it)" if later else "佔張 (nobody after can beat it)"
            )
        record = self._record(action, note)
        self._next()
        return record

    def _cover_card(self, action: Action, offence: bool) -> ActionRecord[Action]:
        seat = action.seat
        card = action.cards[0]
        self._covered[seat].append(card)
        if offence:  # 罰牌: only a lenient game (strict=False) lets this happen
            assert self._best is not None
            best = self._trick_cards(self._best[0])
            record = self._record(
                action, f"罰牌: seat {seat} could beat {best} and did not (chuanpai.md §3.3, §3.4)"
            )
            if self._reached:  # a win already reached stands; the offender pays beside it
                self._final(offender=seat)
            else:
                self._end(fapai_result(self.rules, self.dealer, seat))
            return record
        self._cover.append(card)
        record = self._record(action)
        if len(self._cover) >= self._need or self._sizes[seat] == 0:
            self._trick.append((seat, play_order(self._cover), False))
            self._cover = []
            self._next()
        return record

    def _next(self) -> None:
        """Hand the turn to the next follower, or settle the trick."""
        if self._followers:
            self._turn = self._followers.pop(0)
            self._phase = "follow"
            self._need = min(self._size, self._sizes[self._turn])
            return
        self._collect()

    def _collect(self) -> None:
        assert self._best is not None
        winner = self._best[0]
        won: tuple[Card, ...] = ()
        for seat, cards, up in self._trick:
            if seat == winner and up:  # a seat plays once per trick
                won = cards
            elif up:  # a beaten play is turned face down (covered cards already are)
                self._covered[seat].extend(cards)
        self._tricks += 1
        self._bai_piles[winner].append((self._tricks, won))
        self._bai[winner] += len(won)
        count = self._bai[winner]
        if count >= self.rules.win_cards and winner not in self._reached:
            self._reached.append(winner)
        self._log.append(
            ActionRecord(
                _bai_action(winner, won),
                auto=True,
                note=f"trick {self._tricks}: seat {winner} has {count} 擺牌",
            )
        )
        self._trick, self._best, self._followers, self._size = [], None, [], 0
        rules = self.rules
        tuoshou = count == rules.tuoshou_cards and self._sizes[winner] == rules.tuoshou_hand
        if tuoshou and not self._reached:  # after a win is reached, 脫手 no longer ends the hand
            self._tuoshou(winner)
            return
        holders = [s for s in _RING.order_from(winner) if self._sizes[s] > 0]
        if not holders:
            self._final()
            return
        # (a seat left alone with cards still leads them, §3.3.3: nobody can beat them, so
        # each lead is his 擺牌 at once)
        self._phase = "lead"
        self._turn = holders[0]

    def _tuoshou(self, seat: int) -> None:
        self._end(tuoshou_result(self.rules, self.dealer, seat, self.bai(seat), self._liable))

    def _final(self, offender: int | None = None) -> None:
        """End the hand: the first seat to reach 16 wins, else 黃牌; ``offender`` is the
        seat of a 罰牌 that stopped the hand after a win was reached (it pays its penalty
        beside the win's settlement)."""
        if not self._reached:
            self._end(huangpai_result(self.rules, self.dealer))
            return
        winner = self._reached[0]
        # 包牌 binds a liable seat that made no 擺牌 (胡); one that reached 16 too pays as any
        # loser (chuanpai.md §3.4; seed 000 §8 "想擺（胡）牌 … 最後卻沒有擺牌")
        liable = None if self._liable in self._reached else self._liable
        self._end(
            win_result(self.rules, self.dealer, winner, self.bai(winner), liable, offender=offender)
        )

    def _end(self, result: GameResult) -> None:
        self._result = result
        self._phase = "over"

    # ------------------------------------------------------------------ views, copies, equality

    def view(self, seat: int) -> GameView[Card, Action]:
        """What ``seat`` sees: its own hand, every seat's hand size, 硬張 and 擺牌 face up,
        face-down cards as a count (its own face up to itself), the trick in progress
        (``discards``: each seat's face-up play) and the 擺牌 counts.

        >>> print(Game(seed=11).view(1))  # doctest: +ELLIPSIS
        seat 1 sees 戳牌 (dealer 0, phase lead, stock 0):
          hand: 天牌梅子梅子...
          seat 0 (擺牌 4) [24 in hand] table: 硬張 二四二四二四丁丁; discards: -
        ...
        """
        from changpai.chuanpai.chuopai.views import game_view

        seat = check_seat(seat, PLAYERS, error=IllegalActionError)
        return game_view(self, seat)

    def _repr_html_(self) -> str:
        from changpai.chuanpai.chuopai.views import game_html

        return game_html(self)

    def copy(self) -> Game:
        """An independent copy, equal to this game.

        >>> game = Game(seed=4)
        >>> game.copy() == game
        True
        """
        other = object.__new__(type(self))  # (a subclass stays itself, review h59)
        copy_user_slots(self, other)  # (and its slots; the game's own state is set below)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        if hasattr(self, "__dict__"):  # (a subclass's own attributes)
            other.__dict__.update(self.__dict__)
        other._hands = [list(h) for h in self._hands]
        other._sizes = list(self._sizes)
        other._ying = list(self._ying)
        other._bai_piles = [list(p) for p in self._bai_piles]
        other._bai = list(self._bai)
        other._covered = [list(c) for c in self._covered]
        other._reached = list(self._reached)
        other._log = list(self._log)
        other._trick = list(self._trick)
        other._followers = list(self._followers)
        other._cover = list(self._cover)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self.dealer, self.strict, self._deck,
            tuple(map(tuple, self._hands)), tuple(self._sizes), tuple(self._ying),
            tuple(map(tuple, self._bai_piles)), tuple(self._bai),
            tuple(map(tuple, self._covered)), tuple(self._reached), tuple(self._log),
            self._result, self._liable, self._first_lead, self._tricks, self._phase,
            self._turn, tuple(self._trick), self._best, tuple(self._followers), self._size,
            self._need, tuple(self._cover),
        )  # fmt: skip

    @classmethod
    def _card(cls, code: str) -> Card:
        card = Card.parse(code)
        if card.is_jing:
            raise NotationError(f"{clipped(code)} is not a card of deck84 (戳牌 uses no 經牌)")
        return card
