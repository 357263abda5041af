"""The 犢子胡 game engine: four seated, three play (nantong.md §2, §3).

One :class:`Game` is one hand. The dealer takes 23 cards, the next two players 22; the two cards
at the bottom of the stock are flipped as 將. Then an opening round lets each player, dealer
first, declare 叫牌 (a four in hand, or three copies of a flipped card) and, for a non-dealer,
報聽; the dealer may win at once (天胡). Play: discard, claim (胡 > 杠 > 碰, one winner, seat order
from the discarder's 下家), draw, 暗杠 / 加杠 with a replacement draw, 自摸, 荒牌.

Forced moves rule (the same in every family): draws and replacement draws are done by the
engine and shown in the :class:`ActionRecord` of the action that caused them; every choice a
player has — even "nothing to do" — is an :class:`Action` among :meth:`Game.legal_actions`.

>>> game = Game(seed=3)
>>> game.to_act, game.phase, len(game.hand(game.dealer)), len(game.jiang)
((0,), 'declare', 23, 2)
>>> game.sitting_out
3
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[-1])
>>> game.result.reason in ("win", "huang")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Sequence
from typing import Any

from attrs import field, frozen

from changpai.core import render
from changpai.core.deck import deal_order
from changpai.core.engine import GameBase, replay
from changpai.core.hanzi import HanziEnum
from changpai.core.scoresheet import Payment, ScoreSheet
from changpai.core.seats import SeatRing, check_seat
from changpai.core.serial import read_document, rules_from_dict, rules_to_dict, write_document
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.nantong.cards import CARDS, N_KINDS, N_PLAIN, Card
from changpai.nantong.cards import deck as deck_of
from changpai.nantong.hand import _complete
from changpai.nantong.melds import Meld, MeldKind, SetKind
from changpai.nantong.rules import DUZIHU, Rules
from changpai.nantong.scoring import OtherHand, Win, score

__all__ = ["Action", "ActionKind", "ActionRecord", "Game", "GameResult"]

SEATS = 4


class ActionKind(HanziEnum):
    """Every kind of player decision, with its hanzi.

    >>> ActionKind.JIAGANG.hanzi
    '加杠'
    """

    CALL = ("call", "叫牌")
    TING = ("ting", "報聽")
    PASS = ("pass", "過")
    DISCARD = ("discard", "打")
    WIN = ("win", "胡")
    PENG = ("peng", "碰")
    GANG = ("gang", "杠")
    ANGANG = ("angang", "暗杠")
    JIAGANG = ("jiagang", "加杠")


def _check_kind(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, ActionKind):
        raise IllegalActionError(f"kind={value!r} is not a nantong ActionKind")


def _check_action_seat(instance: Any, attribute: Any, value: Any) -> None:
    check_seat(value, SEATS, what="seat", error=IllegalActionError)


def _check_card(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, Card):
        raise IllegalActionError(f"card={value!r} is not a nantong Card (or None)")


@frozen
class Action:
    """One decision of one seat; ``card`` names the card when the kind needs one.

    A seat that is not ``0..3`` (``True`` is not seat 1), a kind that is not an
    :class:`ActionKind` or a card that is not a :class:`Card` raise
    :class:`~changpai.errors.IllegalActionError`.

    >>> a = Action(ActionKind.PENG, 1, Card("HH"))
    >>> str(a), Action.from_dict(a.to_dict()) == a
    ('seat 1 碰 紅花', True)
    >>> Action(ActionKind.PASS, True)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat=True is not a seat; expected a whole number 0..3
    """

    kind: ActionKind = field(validator=_check_kind)
    seat: int = field(validator=_check_action_seat)
    card: Card | None = field(default=None, validator=_check_card)

    def __str__(self) -> str:
        tail = f" {self.card}" if self.card is not None else ""
        return f"seat {self.seat} {self.kind.hanzi}{tail}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> Action(ActionKind.DISCARD, 0, Card("9w")).to_dict()
        {'kind': 'discard', 'seat': 0, 'card': '9w'}
        """
        return {"kind": self.kind.value, "seat": self.seat,
                "card": None if self.card is None else self.card.code}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Rebuild an action from :meth:`to_dict`; a malformed one raises
        :class:`~changpai.errors.NotationError` naming it and the reason.

        >>> Action.from_dict({"kind": "pass", "seat": 2, "card": None})
        Action(kind=<ActionKind.PASS: 'pass'>, seat=2, card=None)
        >>> Action.from_dict({"kind": "flee", "seat": 2})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'kind': 'flee', 'seat': 2} is not a nantong action: 'flee' is not a valid ActionKind
        """
        try:
            card = None if data.get("card") is None else Card.parse(data["card"])
            return cls(ActionKind(data["kind"]), data["seat"], card)
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            raise NotationError(f"{data!r} is not a nantong action: {error}") from None


@frozen
class ActionRecord:
    """An applied action and the cards the engine drew because of it (seat, card).

    >>> ActionRecord(Action(ActionKind.PASS, 0), ((1, Card("5w")),)).draws[0][1]
    Card('5w')
    """

    action: Action
    draws: tuple[tuple[int, Card], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (draws are public only to their seat; views hide them).

        >>> ActionRecord(Action(ActionKind.PASS, 0), ((1, Card("5w")),)).to_dict()["draws"]
        [[1, '5w']]
        """
        return {"action": self.action.to_dict(), "draws": [[s, c.code] for s, c in self.draws]}


@frozen
class GameResult:
    """How the hand ended: ``reason`` is ``"win"`` or ``"huang"`` (荒牌, stock exhausted).

    >>> GameResult("huang", None, None, next_dealer=1).to_dict()["reason"]
    'huang'
    """

    reason: str
    winner: int | None
    sheet: ScoreSheet | None
    next_dealer: int
    self_drawn: bool = False
    discarder: int | None = None

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Who pays whom: the payments of the score sheet (empty after 荒牌).

        >>> GameResult("huang", None, None, next_dealer=1).payments
        ()
        """
        return () if self.sheet is None else self.sheet.payments

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> sorted(GameResult("huang", None, None, next_dealer=1).to_dict())
        ['discarder', 'next_dealer', 'reason', 'self_drawn', 'sheet', 'winner']
        """
        return {
            "reason": self.reason,
            "winner": self.winner,
            "self_drawn": self.self_drawn,
            "discarder": self.discarder,
            "next_dealer": self.next_dealer,
            "sheet": None if self.sheet is None else self.sheet.to_dict(),
        }


_FAMILY = ("family", "nantong")


class Game(GameBase):
    """One hand of 犢子胡 (see the module docstring for the flow).

    Args:
        rules: a :class:`Rules` preset.
        seed: shuffles the deck (ignored when ``deck`` is given).
        deck: the stacked deck, top first; the last two cards are the flipped 將.
        dealer: the dealer's seat (0..3); his 上家 sits out.

    >>> g = Game(seed=1, dealer=2)
    >>> g.players, g.sitting_out
    ((2, 3, 0), 1)
    >>> g.apply(Action(ActionKind.DISCARD, 2, g.hand(2)[0]))
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat 2 打 ... is not legal now: the opening declarations (叫牌 / 報聽) come first
    """

    def __init__(
        self,
        rules: Rules = DUZIHU,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | None = None,
        dealer: int = 0,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"{rules!r} is not nantong Rules")
        dealer = check_seat(dealer, SEATS, what="dealer", error=RulesError)
        order = deal_order(deck_of(baida=rules.baida), seed=seed, deck=deck)
        self.rules = rules
        self.seed = seed
        self.deck: tuple[Card, ...] = tuple(order)
        self.dealer = dealer
        self.sitting_out = (dealer + 3) % SEATS
        # ring.next[s]: the 下家 of each seat, skipping the one who sits out
        self._ring = ring = SeatRing.of(SEATS, self.sitting_out)
        self.players: tuple[int, ...] = ring.order_from(dealer)
        self._hands: list[list[int]] = [[0] * N_KINDS for _ in range(SEATS)]
        self._melds: list[list[Meld]] = [[] for _ in range(SEATS)]
        self._rivers: list[list[Card]] = [[] for _ in range(SEATS)]
        self._bottom = len(order) - 2
        self.jiang: tuple[Card, ...] = (order[-1], order[-2])
        top = 0
        for seat in self.players:
            n = rules.dealer_cards if seat == dealer else rules.other_cards
            for card in order[top : top + n]:
                self._hands[seat][card.index] += 1
            top += n
        self._top = top
        self.phase = "declare"
        self._current = dealer
        self._drawn: Card | None = None
        self._replacement = False
        self._ting: set[int] = set()
        self._discard: Card | None = None
        self._discarder: int | None = None
        self._decisions: dict[int, Action] = {}
        self._claimants: tuple[int, ...] = ()
        self._discards_made = 0
        self._first_discard = False
        self._log: list[ActionRecord] = []
        self._result: GameResult | None = None

    # ----------------------------------------------------------------- queries
    @property
    def log(self) -> tuple[ActionRecord, ...]:
        """Every applied action with the cards the engine drew because of it, in order
        (omniscient: it shows the drawn cards).

        >>> g = Game(seed=4); _ = g.apply(g.legal_actions(0)[-1])
        >>> [str(r.action) for r in g.log]
        ['seat 0 過']
        """
        return tuple(self._log)

    @property
    def result(self) -> GameResult | None:
        """The :class:`GameResult` once the hand is over, else ``None``.

        >>> Game(seed=1).result is None
        True
        """
        return self._result

    def _seat(self, seat: object) -> int:
        return check_seat(seat, SEATS, what="seat", error=IllegalActionError)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a win or 荒牌).

        >>> Game(seed=1).is_over
        False
        """
        return self.phase == "over"

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (several during a claim).

        >>> Game(seed=1, dealer=3).to_act
        (3,)
        """
        if self.phase == "over":
            return ()
        if self.phase == "claim":
            return tuple(s for s in self._claimants if s not in self._decisions)
        return (self._current,)

    @property
    def stock_left(self) -> int:
        """Cards left to draw (the two flipped 將 are not among them).

        >>> Game(seed=1).stock_left
        51
        """
        return self._bottom - self._top

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards of a seat, sorted.

        >>> g = Game(seed=1); len(g.hand(0)), len(g.hand(1)), g.hand(3)
        (23, 22, ())
        >>> g.hand(4)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=4 is not a seat; expected a whole number 0..3
        """
        seat = self._seat(seat)
        return tuple(CARDS[i] for i, n in enumerate(self._hands[seat]) for _ in range(n))

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The declared sets of a seat.

        >>> Game(seed=1).melds(0)
        ()
        """
        return tuple(self._melds[self._seat(seat)])

    def river(self, seat: int) -> tuple[Card, ...]:
        """The discards of a seat still on the table (claimed ones moved to melds).

        >>> Game(seed=1).river(0)
        ()
        """
        return tuple(self._rivers[self._seat(seat)])

    def census(self) -> dict[Card, int]:
        """Every card of the deck by where it is: hands, melds, rivers, stock and the flips —
        for checking that no card is created or lost.

        >>> sum(Game(seed=0).census().values())
        120
        """
        counts: dict[Card, int] = {}
        cards: list[Card] = []
        for seat in range(SEATS):
            cards.extend(self.hand(seat))
            for m in self._melds[seat]:
                cards.extend(m.cards)
            cards.extend(self._rivers[seat])
        cards.extend(self.deck[self._top : self._bottom])
        cards.extend(self.jiang)
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return counts

    def _complete(self, seat: int, extra: Card | None = None) -> bool:
        counts = self._hands[seat]
        plain = list(counts[:N_PLAIN])
        wild = sum(counts[N_PLAIN:])
        if extra is not None:
            if extra.index >= N_PLAIN:
                wild += 1
            else:
                plain[extra.index] += 1
        size = sum(plain) + wild
        groups = 7 - len(self._melds[seat])
        if size != 3 * groups + 2:
            return False
        return _complete(tuple(plain), wild, self._melds[seat], self.jiang)

    def _ready(self, seat: int) -> bool:
        candidates = CARDS[:N_PLAIN] + (CARDS[N_PLAIN:] if self.rules.baida else ())
        return any(self._complete(seat, c) for c in candidates)

    def _callable(self, seat: int) -> list[Card]:
        counts = self._hands[seat]
        result = []
        for i in range(N_PLAIN):
            flips = sum(f.index == i for f in self.jiang)
            if (counts[i] == 4 and self.stock_left > 0) or (counts[i] == 3 and flips == 1):
                result.append(CARDS[i])
        return result

    def _claim_options(self, seat: int, card: Card) -> list[Action]:
        options: list[Action] = []
        if self._complete(seat, card):
            options.append(Action(ActionKind.WIN, seat, card))
        if seat not in self._ting and not card.is_baida:
            held = self._hands[seat][card.index]
            if held >= 3 and self.stock_left > 0:
                options.append(Action(ActionKind.GANG, seat, card))
            if held >= 2:
                options.append(Action(ActionKind.PENG, seat, card))
        return options

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it need not act); ``PASS`` last.

        >>> g = Game(seed=5)
        >>> g.legal_actions(0)[-1].kind, g.legal_actions(1)
        (<ActionKind.PASS: 'pass'>, [])
        """
        seat = self._seat(seat)
        if seat not in self.to_act:
            return []
        counts = self._hands[seat]
        actions: list[Action] = []
        if self.phase == "declare":
            if seat == self.dealer and self._complete(seat):
                actions.append(Action(ActionKind.WIN, seat))
            actions.extend(Action(ActionKind.CALL, seat, c) for c in self._callable(seat))
            if seat != self.dealer and seat not in self._ting and self._ready(seat):
                actions.append(Action(ActionKind.TING, seat))
            actions.append(Action(ActionKind.PASS, seat))
        elif self.phase == "turn":
            if self._drawn is not None and self._complete(seat):
                actions.append(Action(ActionKind.WIN, seat, self._drawn))
            if seat in self._ting and self._drawn is not None:
                actions.append(Action(ActionKind.DISCARD, seat, self._drawn))
                return actions
            if self.stock_left > 0:
                for i in range(N_PLAIN):
                    if counts[i] == 4:
                        actions.append(Action(ActionKind.ANGANG, seat, CARDS[i]))
                for m in self._melds[seat]:
                    if m.source == SetKind.PENG and counts[m.card.index] >= 1:
                        actions.append(Action(ActionKind.JIAGANG, seat, m.card))
            actions.extend(
                Action(ActionKind.DISCARD, seat, CARDS[i]) for i in range(N_KINDS) if counts[i]
            )
        elif self.phase == "claim":
            assert self._discard is not None
            actions.extend(self._claim_options(seat, self._discard))
            actions.append(Action(ActionKind.PASS, seat))
        return actions

    def verify(self, action: Action) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now.

        >>> Game(seed=2).verify(Action(ActionKind.PASS, 1))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not a nantong Action")
        if self.phase == "over":
            raise IllegalActionError(f"{action} is not legal now: the hand is over")
        if action.seat not in self.to_act:
            raise IllegalActionError(
                f"{action} is not legal now: seat {action.seat} is not to act (to act: {self.to_act})"
            )
        if action not in self.legal_actions(action.seat):
            reason = {
                "declare": "the opening declarations (叫牌 / 報聽) come first",
                "turn": "not one of the discards, kongs or 自摸 open to this seat",
                "claim": "a discard can only be claimed by 胡, 杠, 碰 or passed",
            }[self.phase]
            if action.seat in self._ting and self.phase == "turn":
                reason = "after 報聽 only the drawn card may be discarded"
            raise IllegalActionError(f"{action} is not legal now: {reason}")

    # ----------------------------------------------------------------- changes
    def apply(self, action: Action) -> ActionRecord:
        """Apply a legal action; illegal ones raise and leave the game unchanged.

        >>> g = Game(seed=4)
        >>> record = g.apply(g.legal_actions(0)[-1])
        >>> record.action.kind, g.to_act
        (<ActionKind.PASS: 'pass'>, (1,))
        """
        self.verify(action)
        draws: list[tuple[int, Card]] = []
        kind, seat, card = action.kind, action.seat, action.card
        if self.phase == "declare":
            if kind == ActionKind.WIN:
                self._finish_win(seat, None, self_drawn=True, tianhu=True)
            elif kind == ActionKind.CALL:
                assert card is not None
                n = self._hands[seat][card.index]
                self._hands[seat][card.index] = 0
                self._melds[seat].append(Meld(MeldKind.GANG, (card,) * n, SetKind.DEALT4))
                if n == 4:
                    self._draw(seat, draws, replacement=True)
            else:
                if kind == ActionKind.TING:
                    self._ting.add(seat)
                nxt = self._ring.next[seat]
                if nxt == self.dealer:
                    self.phase = "turn"
                    self._drawn = None
                    self._replacement = False
                self._current = nxt
        elif self.phase == "turn":
            if kind == ActionKind.WIN:
                self._finish_win(seat, self._drawn, self_drawn=True)
            elif kind == ActionKind.DISCARD:
                assert card is not None
                self._hands[seat][card.index] -= 1
                self._rivers[seat].append(card)
                self._first_discard = seat == self.dealer and self._discards_made == 0
                self._discards_made += 1
                self._discard, self._discarder = card, seat
                self._drawn = None
                self._claimants = tuple(
                    s for s in self._ring.after(seat) if self._claim_options(s, card)
                )
                self._decisions = {}
                if self._claimants:
                    self.phase = "claim"
                else:
                    self._advance_draw(seat, draws)
            elif kind == ActionKind.ANGANG:
                assert card is not None
                self._hands[seat][card.index] -= 4
                self._melds[seat].append(Meld(MeldKind.GANG, (card,) * 4, SetKind.DRAWN4))
                self._draw(seat, draws, replacement=True)
            elif kind == ActionKind.JIAGANG:
                assert card is not None
                self._hands[seat][card.index] -= 1
                index = next(
                    i for i, m in enumerate(self._melds[seat])
                    if m.source == SetKind.PENG and m.card == card
                )
                self._melds[seat][index] = Meld(MeldKind.GANG, (card,) * 4, SetKind.EXPOSED4)
                self._draw(seat, draws, replacement=True)
        else:
            self._decisions[seat] = action
            if not self.to_act:
                self._resolve_claims(draws)
        record = ActionRecord(action, tuple(draws))
        self._log.append(record)
        return record

    def _draw(self, seat: int, draws: list[tuple[int, Card]], replacement: bool) -> bool:
        if self._top >= self._bottom:
            self._finish_huang()
            return False
        card = self.deck[self._top]
        self._top += 1
        self._hands[seat][card.index] += 1
        draws.append((seat, card))
        self._current = seat
        if self.phase != "declare":
            self._drawn = card
            self._replacement = replacement
            self.phase = "turn"
        return True

    def _advance_draw(self, discarder: int, draws: list[tuple[int, Card]]) -> None:
        self._discard = None
        self._claimants = ()
        self._decisions = {}
        self._draw(self._ring.next[discarder], draws, replacement=False)

    def _resolve_claims(self, draws: list[tuple[int, Card]]) -> None:
        card, discarder = self._discard, self._discarder
        assert card is not None and discarder is not None
        order = self._ring.after(discarder)
        for wanted in (ActionKind.WIN, ActionKind.GANG, ActionKind.PENG):
            for seat in order:
                decision = self._decisions.get(seat)
                if decision is None or decision.kind != wanted:
                    continue
                self._rivers[discarder].pop()
                self._discard = None
                self._claimants = ()
                self._decisions = {}
                if wanted == ActionKind.WIN:
                    self._hands[seat][card.index] += 1
                    self._finish_win(seat, card, self_drawn=False, discarder=discarder)
                elif wanted == ActionKind.GANG:
                    self._hands[seat][card.index] -= 3
                    self._melds[seat].append(Meld(MeldKind.GANG, (card,) * 4, SetKind.EXPOSED4))
                    self._draw(seat, draws, replacement=True)
                else:
                    self._hands[seat][card.index] -= 2
                    self._melds[seat].append(Meld(MeldKind.KEZI, (card,) * 3, SetKind.PENG))
                    self._current = seat
                    self._drawn = None
                    self._replacement = False
                    self.phase = "turn"
                return
        self._advance_draw(discarder, draws)

    def _finish_huang(self) -> None:
        self.phase = "over"
        self._result = GameResult("huang", None, None, next_dealer=(self.dealer + 1) % SEATS)

    def _finish_win(
        self,
        seat: int,
        card: Card | None,
        self_drawn: bool,
        tianhu: bool = False,
        discarder: int | None = None,
    ) -> None:
        others = tuple(
            OtherHand(s, self.hand(s), tuple(self._melds[s])) for s in self.players if s != seat
        )
        win = Win(
            self.hand(seat),
            tuple(self._melds[seat]),
            winning_card=card,
            self_drawn=self_drawn and not tianhu,
            jiang=self.jiang,
            gangkai=self_drawn and self._replacement and not tianhu,
            tianhu=tianhu,
            dihu=discarder == self.dealer and self._first_discard and seat != self.dealer,
            tianting=seat in self._ting,
            haidi=self_drawn and not tianhu and self.stock_left == 0,
            seat=seat,
            others=others,
        )
        sheet = score(win, self.rules)
        self.phase = "over"
        self._result = GameResult(
            "win", seat, sheet, next_dealer=(self.dealer + 1) % SEATS, self_drawn=self_drawn,
            discarder=discarder,
        )  # fmt: skip

    # ----------------------------------------------------------------- views, copies, JSON
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, everybody's melds and rivers, the flips.

        >>> v = Game(seed=8).view(1)
        >>> len(v["hand"]), v["hand_sizes"], v["stock_left"]
        (22, [23, 22, 22, 0], 51)
        >>> Game(seed=8).view(99)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=99 is not a seat; expected a whole number 0..3
        """
        seat = self._seat(seat)
        return {
            "seat": seat,
            "dealer": self.dealer,
            "sitting_out": self.sitting_out,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "jiang": [c.code for c in self.jiang],
            "hand": [c.code for c in self.hand(seat)],
            "hand_sizes": [sum(h) for h in self._hands],
            "melds": [[m.to_dict() for m in ms] for ms in self._melds],
            "rivers": [[c.code for c in r] for r in self._rivers],
            "ting": sorted(self._ting),
            "stock_left": self.stock_left,
            "discard": None if self._discard is None else self._discard.code,
            "legal_actions": [a.to_dict() for a in self.legal_actions(seat)],
            "result": None if self._result is None else self._result.to_dict(),
        }

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self.deck, self.dealer, tuple(tuple(h) for h in self._hands),
            tuple(tuple(m) for m in self._melds), tuple(tuple(r) for r in self._rivers),
            self._top, self.phase, self._current, self._drawn, self._replacement,
            tuple(sorted(self._ting)), self._discard, self._discarder,
            tuple(sorted(self._decisions.items())), self._claimants, self._discards_made,
            self._first_discard, tuple(r.action for r in self._log),
            None if self._result is None else self._result.to_dict(),
        )  # fmt: skip

    def __repr__(self) -> str:
        return f"<nantong.Game dealer={self.dealer} phase={self.phase} actions={len(self._log)}>"

    def _repr_html_(self) -> str:
        """The state for notebooks (the owner of the object sees everything): one row per
        playing seat with its hand, declared sets and discards, the seat(s) to act marked; the
        stock size, the flipped 將, the discard on offer; the result and score sheet when over.

        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "stock</span> 51" in html, "▶ seat 0" in html, "sits out" in html
        (3, True, True, True)
        """
        face = Card._repr_html_
        rows = [
            render.SeatRow(
                seat,
                hand=render.Html(
                    f"{sum(self._hands[seat])}: {render.cards(self.hand(seat), face=face)}"
                ),
                melds=render.line([m._repr_html_() for m in self._melds[seat]]),
                discards=render.cards(self._rivers[seat], face=face),
                acting=seat in self.to_act,
                note=" ".join(
                    w for w, on in (("dealer", seat == self.dealer), ("報聽", seat in self._ting))
                    if on
                ),
            )
            for seat in range(SEATS)
            if seat != self.sitting_out
        ]
        facts: list[tuple[str, str]] = [
            ("phase", self.phase),
            ("stock", str(self.stock_left)),
            ("將", render.cards(self.jiang, face=face)),
            ("sits out", f"seat {self.sitting_out}"),
        ]
        if self._discard is not None and self.phase == "claim":
            facts.append(("on offer", render.cards([self._discard], face=face)))
        if self.to_act:
            facts.append(("to act", ", ".join(f"seat {s}" for s in self.to_act)))
        footer = ""
        if self._result is not None:
            r = self._result
            head = "荒牌 (stock exhausted, no winner)" if r.winner is None else (
                f"seat {r.winner} 胡 " + ("自摸" if r.self_drawn else f"on seat {r.discarder}'s discard")
            )  # fmt: skip
            sheet = "" if r.sheet is None else r.sheet._repr_html_()
            footer = render.Html(f"<b>{render.esc(head)}</b>{sheet}")
        return render.seat_table(rows, title="南通長牌 犢子胡", facts=facts, footer=footer)

    def copy(self) -> Game:
        """An independent copy.

        >>> g = Game(seed=1); h = g.copy(); _ = h.apply(h.legal_actions(0)[-1]); g == h
        False
        """
        return _copy.deepcopy(self)

    def to_json(self) -> str:
        """The rules, the deck, the dealer and the log: lossless (replayed by :meth:`from_json`).

        >>> import json; sorted(json.loads(Game(seed=1).to_json()))
        ['dealer', 'deck', 'family', 'log', 'rules', 'seed']
        """
        return write_document(
            _FAMILY,
            {
                "rules": rules_to_dict(self.rules),
                "deck": [c.code for c in self.deck],
                "dealer": self.dealer,
                "seed": self.seed,
                "log": [r.action.to_dict() for r in self._log],
            },
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game from :meth:`to_json` by replaying its log.

        A document that is not JSON, belongs to another family or lacks a key, a deck that is
        not the deck of its rules, a bad dealer or a malformed action raise
        :class:`~changpai.errors.NotationError`; bad rules content raises
        :class:`~changpai.errors.RulesError`; an action the rules do not allow raises
        :class:`~changpai.errors.IllegalActionError`.

        >>> g = Game(seed=6); _ = g.apply(g.legal_actions(0)[-1])
        >>> Game.from_json(g.to_json()) == g
        True
        >>> Game.from_json('{"family": "nantong", "rules": {}}')
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a nantong game in JSON: it has no 'deck'
        """
        data = read_document(text, _FAMILY)
        missing = [key for key in ("rules", "deck", "dealer", "log") if key not in data]
        if missing:
            raise NotationError(f"not a nantong game in JSON: it has no {missing[0]!r}")
        seed, codes, log = data.get("seed"), data["deck"], data["log"]
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise NotationError(f"not a nantong game in JSON: seed={seed!r} is not a whole number")
        if not isinstance(codes, list) or not isinstance(log, list):
            raise NotationError("not a nantong game in JSON: 'deck' and 'log' must be lists")
        rules = rules_from_dict(Rules, data["rules"], family="nantong")
        cards = deal_order(
            deck_of(baida=rules.baida),
            deck=[Card.parse(code) for code in codes],
            what="its rules",
            error=NotationError,
        )
        dealer = check_seat(data["dealer"], SEATS, what="dealer", error=NotationError)
        game = cls(rules, seed=seed, deck=cards, dealer=dealer)
        return replay(game, (Action.from_dict(a) for a in log))

    def replay(self, actions: Iterable[Action]) -> None:
        """Apply actions in order (each checked).

        >>> g = Game(seed=9); h = Game(seed=9)
        >>> _ = g.apply(g.legal_actions(0)[-1]); h.replay(r.action for r in g.log); g == h
        True
        """
        replay(self, actions)
