"""The flow of a draw / turn / claim hand (chuanpai.md §2.1, §2.2; xiaogan.md §2, §3): the
setup where seats lay the sets they were dealt, the replacement draws (偷) in seat order, then
discard -> offer -> claims by priority class (0 before 1: 碰 / 起 / 扛 before 擺) and seat
distance from the source -> a card turned from the stock for everybody; small seats draw and
swap instead of turning; the win checks; ``to_act``, ``legal_actions``, ``verify`` and
``apply`` (:class:`TurnClaimFlow`).

>>> from changpai import chuanpai
>>> game = chuanpai.Game(seed=3)
>>> game.phase, game.to_act
('setup', (0,))
>>> record = game.apply(game.legal_actions(0)[0])
>>> record.auto, game.log[0] == record
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from changpai.core import caches
from changpai.core.guard import not_an_action, not_to_act
from changpai.core.records import ActionRecord, GameResult
from changpai.core.turnclaim.protocols import (
    TurnClaimAction,
    TurnClaimCard,
    TurnClaimRules,
    TurnClaimUnit,
)
from changpai.core.turnclaim.state import TurnClaimState
from changpai.errors import IllegalActionError

__all__ = ["TurnClaimFlow"]

# The engine's records (auto) by their action's id and note; each holds its action, so the id
# stays that action's while the entry lives.
_FORCED: caches.BoundedDict[tuple[int, str], ActionRecord[Any]] = caches.BoundedDict(
    "core", "changpai.core.turnclaim.flow._FORCED", 1 << 14
)
# The records of decisions, the same way, by their action's identity.
_decided_record: Callable[[Any], ActionRecord[Any]] = caches.by_identity(
    "core", "changpai.core.turnclaim.flow._DECIDED", 1 << 14, ActionRecord
)

C = TypeVar("C", bound=TurnClaimCard)
U = TypeVar("U", bound="TurnClaimUnit[Any]")
A = TypeVar("A", bound="TurnClaimAction[Any]")
R = TypeVar("R", bound=TurnClaimRules)


class TurnClaimFlow(TurnClaimState[C, U, A, R]):
    """The decisions and the engine's forced moves of a draw / turn / claim hand; the base of
    :class:`~changpai.core.turnclaim.TurnClaimGame` (use that class).

    >>> from changpai.chuanpai import Game
    >>> game = Game(seed=5)
    >>> game.phase, game.to_act
    ('discard', (0,))
    >>> _ = game.apply(game.legal_actions(0)[0])
    >>> game.phase, game.offer[0].name, game.to_act
    ('claim', '梅子', (1,))
    """

    def _untie(self, seat: int, cards: Sequence[C]) -> int:
        """Lay what ``seat``'s hand may no longer hold once ``cards`` left it; the replacement
        draws (偷) those sets earn (孝感: identical cards no 句 ties any more, xiaogan.md §4
        [INF]). Nothing in 川牌."""
        return 0

    def _take_drawn(self, seat: int, card: C) -> int:
        """Put the card a small seat drew into its hand; the 偷 that earns (孝感 places it as
        a 偷, xiaogan.md §4: a 起 or an untied three). Into the hand in 川牌."""
        self._hands[seat][card.index] += 1
        return 0

    def _wins_during_tou(self) -> bool:
        """Whether a seat whose cards laid out complete the hand on a claim, a small seat's draw
        or during its replacement draws wins at once, before the draws it would earn (孝感
        ``Rules.win_during_tou``, "as soon as", xiaogan.md §5); otherwise the win is checked
        once the draws are done (川牌)."""
        return False

    # ----------------------------------------------------------------- deciding
    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (one at a time in this flow; empty once over).

        >>> from changpai.chuanpai import Game
        >>> Game(seed=1, dealer=2).to_act
        (2,)
        """
        if self._result is not None:
            return ()
        if self._phase == "setup":
            return (self._seating.orders[self.dealer][self._setup_pos],)
        if self._phase == "discard":
            return (self._turn_seat,)
        return (self._candidates[self._cand_pos][1],)

    def legal_actions(self, seat: int) -> list[A]:
        """Every legal decision of ``seat`` now (empty when the seat is not to act).

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=5)
        >>> all(a.seat == g.to_act[0] for a in g.legal_actions(g.to_act[0])), g.legal_actions(1)
        (True, [])
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat)  # (a bool, or a seat off the table: the error)
        if seat != self._acting():
            return []
        return list(self._legal(seat))

    def _acting(self) -> int:
        """The seat of :attr:`to_act`, or -1 once the hand is over (the hot path's to_act)."""
        if self._result is not None:
            return -1
        phase = self._phase
        if phase == "discard":
            return self._turn_seat
        if phase == "claim":
            return self._candidates[self._cand_pos][1]
        return self._seating.orders[self.dealer][self._setup_pos]

    def _legal(self, seat: int) -> tuple[A, ...]:
        """The legal decisions of ``seat``, which is to act (kept until the next record)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == (len(self._log), seat):
            return cache[1]
        found = tuple(self._legal_now(seat))
        self._legal_cache = ((len(self._log), seat), found)
        return found

    def _legal_now(self, seat: int) -> list[A]:
        if self._phase == "setup":
            options, mandatory = self._setup_options(seat)
            return options if mandatory else [*options, self._new_action("ready", seat)]
        if self._phase == "discard":
            row = self._discards(seat)
            return [row[i] for i in self._discard_options(seat)]
        cls = self._candidates[self._cand_pos][0]
        assert self._offer is not None
        options, forced = self._claim_options(seat, self._offer[0], cls)
        return options if forced else [*options, self._new_action("pass", seat)]

    def _discards(self, seat: int) -> Sequence[A]:
        """The discard of each card kind by ``seat``, by card index (the family's actions, made
        once per game and seat; a family whose actions are shared may answer from a table)."""
        row = self._discard_rows[seat]
        if row is None:
            row = tuple(self._new_action("discard", seat, c) for c in self.card_table)
            rows = list(self._discard_rows)
            rows[seat] = row
            self._discard_rows = tuple(rows)  # (a tuple: copies share it)
        return row

    def verify(self, action: A) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is not
        legal now.

        >>> from changpai.chuanpai import Action, ActionKind, Game
        >>> Game(seed=5).verify(Action(2, ActionKind.PASS))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 2 過 is not legal now: seat 2 is not to act (to act: (0,))
        >>> Game(seed=5).verify("discard")
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: 'discard' is not a chuanpai Action
        """
        if type(action) is not self.action_class:
            raise not_an_action(action, self.action_class, self.family)
        if self._result is not None:
            raise IllegalActionError(f"{action} is not legal: the hand is over")
        if action.kind.value in self._engine_kinds:  # (a record of the log copied back: h108)
            raise IllegalActionError(
                f"{action} is not legal now: {action.kind.hanzi} is applied by the engine, "
                "never chosen"
            )
        seat = action.seat
        if seat != self._acting():
            raise not_to_act(action, seat, self._to_act_seen_by(seat), self.players)
        cache = self._legal_cache
        if cache is not None and cache[0] == (len(self._log), seat):
            legal = cache[1]  # (``_legal`` inline: asked right after ``legal_actions``)
        else:
            legal = self._legal(seat)
        if action not in legal:
            raise IllegalActionError(
                f"{action} is not legal in the {self._phase} phase; {self._refusal(action, legal)}"
            )

    def _refusal(self, action: A, legal: Sequence[A]) -> str:
        """Why ``action`` is not among ``legal``: an action of a kind not legal now names the
        legal kinds; a discard (legal now) of a card not held says so; any other lists its
        kind's legal choices (review h69: "legal kinds: lay" refused a lay)."""
        kind = action.kind
        # (an action's ``details``, the part of its text after the kind, where it has one)
        same = [getattr(a, "details", None) or str(a) for a in legal if a.kind is kind]
        if not same:  # (a kind not legal in this phase: that is the reason, review h71)
            return f"legal kinds: {', '.join(sorted({a.kind.value for a in legal}))}"
        card = getattr(action, "card", None)
        held = card is None or self._hands[action.seat][card.index]
        if kind.value == "discard" and not held:
            return f"seat {action.seat} holds no {card}"
        shown_choices = "; ".join(same[:8]) + ("; …" if len(same) > 8 else "")
        return f"the {kind.hanzi} legal now: {shown_choices}"

    def apply(self, action: A) -> ActionRecord[A]:
        """Apply a legal decision, then every forced move that follows (written to the log as
        ``auto`` records); an illegal action raises :class:`~changpai.errors.IllegalActionError`
        and leaves the state unchanged. Returns the decision's record.

        >>> from changpai.chuanpai import Game
        >>> g = Game(seed=5)
        >>> record = g.apply(g.legal_actions(g.to_act[0])[0])
        >>> record.auto, record in g.log
        (False, True)
        """
        self.verify(action)
        record = self._record(action)
        self._log.append(record)
        kind = action.kind._value_  # (``.value``: a property, slower on the hot path)
        if kind == "discard":
            self._apply_discard(action)
        elif kind == "pass":
            self._cand_pos += 1
            if self._cand_pos >= len(self._candidates):
                self._unclaimed()
                self._turn()
        elif kind in ("lay", "ready"):
            self._apply_setup(action)
        else:
            self._apply_claim(action)
        return record

    # ----------------------------------------------------------------- setup and 偷
    def _record(self, action: A) -> ActionRecord[A]:
        """The record of the decision ``action`` (shared, as the engine's own records)."""
        return _decided_record(action)

    def _force(self, action: A, note: str = "") -> None:
        # Records are immutable and the family's actions shared: one record serves every game.
        key = (id(action), note)
        known = _FORCED.get(key)
        if known is None or known.action is not action:
            known = _FORCED[key] = ActionRecord(action, auto=True, note=note)
        self._log.append(known)

    def _apply_setup(self, action: A) -> None:
        seat = action.seat
        if action.kind.value == "lay":
            for c in action.cards:
                self._hands[seat][c.index] -= 1
            self._tables[seat].append(self._lay_unit(action))
            self._changed(seat)
            if self._setup_options(seat)[0]:
                return
        self._setup_pos += 1
        self._advance_setup()

    def _advance_setup(self) -> None:
        order = self._seating.orders[self.dealer]
        while self._setup_pos < len(order) and not self._setup_options(order[self._setup_pos])[0]:
            self._setup_pos += 1
        if self._setup_pos < len(order):
            return
        # Replacement draws in seat order (chuanpai.md §2.1, xiaogan.md §2); a seat that wins
        # as soon as its cards are laid out wins on its dealt sets, before anybody draws
        if self._wins_during_tou() and any(self._check_win(seat) for seat in order):
            return
        for seat in order:
            if self._tou(seat, sum(m.tou for m in self._tables[seat])):
                return
        for seat in order:
            if self._check_win(seat):
                return
        self._start_discard(self.dealer)

    def _draw(self) -> C:
        card: C = self._deck[self._drawn]
        self._drawn += 1
        return card

    def _tou(self, seat: int, count: int) -> bool:
        """Draw ``seat``'s ``count`` replacement cards (and those their sets earn); True if
        the seat won on the way (:meth:`_wins_during_tou`): the hand is over."""
        pending = count
        at_once = self._wins_during_tou()
        while pending > 0:
            pending -= 1
            if self._drawn >= len(self._deck):
                self._force(self._new_action("tou", seat), note="stock empty")
                return False
            card = self._draw()
            self._force(self._new_action("tou", seat, card))
            self._tou_left = pending
            pending += self._place_tou(seat, card)
            self._changed(seat)
            if at_once and self._check_win(seat):
                self._tou_left = 0
                return True
        self._tou_left = 0
        return False

    # ----------------------------------------------------------------- discard, offer, turn
    def _start_discard(self, seat: int) -> None:
        if self._check_win(seat):
            return
        if sum(self._hands[seat]) == 0:
            self._force(self._new_action("skip", seat), note="no card to discard")
            self._next_turner = self._next_active(seat)
            self._turn()
            return
        self._phase = "discard"
        self._turn_seat = seat
        self._offer = None

    def _next_active(self, seat: int) -> int:
        after = self._seating.afters[seat]
        return after[0] if after else seat

    def _apply_discard(self, action: A) -> None:
        seat = action.seat
        card = action.card
        assert card is not None
        self._hands[seat][card.index] -= 1
        self._changed(seat)
        self._gain = None
        tou = self._untie(seat, (card,))
        if (tou and self._tou(seat, tou)) or self._check_win(seat):
            self._dead.append(card)
            return
        if not self._open_offer(card, seat, turned=False):
            self._turn()

    def _open_offer(self, card: C, source: int, turned: bool) -> bool:
        """Offer a card; True when some seat may claim it, else it is dead (and False)."""
        self._offer = (card, source, turned)
        candidates = self._claimers(card, self._offer_seats())
        self._candidates = candidates
        self._cand_pos = 0
        if candidates:
            self._phase = "claim"
            return True
        self._unclaimed()
        return False

    def _offer_seats(self) -> tuple[int, ...]:
        assert self._offer is not None
        _card, source, turned = self._offer
        return self._seating.orders[source] if turned else self._seating.afters[source]

    def _unclaimed(self) -> None:
        assert self._offer is not None
        card, source, turned = self._offer
        if self._notes_passed:
            note = self._note_passed
            for seat in self._seating.orders[source] if turned else self._seating.afters[source]:
                note(seat, card)
        self._dead.append(card)
        self._offer = None
        self._candidates = []
        self._next_turner = self._next_active(source)

    def _turn(self) -> None:
        """Turn cards from the stock (the next seat in turn) until one is claimable, a small
        seat draws, or the stock runs out."""
        while True:
            seat = self._next_turner
            if self._drawn >= len(self._deck):
                self._force(self._new_action("end", seat), note="stock exhausted")
                self._phase = "over"
                self._offer = None
                reason, label = self.drawn
                self._result = GameResult(
                    None, reason, label=label, next_dealer=self._next_dealer(None)
                )
                return
            card = self._deck[self._drawn]
            self._drawn += 1
            if self._small[seat]:
                self._force(self._new_action("draw", seat, card))
                self._gain = (seat, True)
                tou = self._take_drawn(seat, card)
                self._changed(seat)
                # (a set the draw completes that reaches the win wins before its 偷, as a
                # claim's does: xiaogan.md §5 "as soon as")
                if tou and self._wins_during_tou() and self._check_win(seat):
                    return
                if tou and self._tou(seat, tou):
                    return
                self._start_discard(seat)
                return
            self._force(self._new_action("turn", seat, card))
            if self._open_offer(card, seat, turned=True):
                return

    # ----------------------------------------------------------------- claims and the win
    def _apply_claim(self, action: A) -> None:
        seat = action.seat
        assert self._offer is not None and action.card is not None
        card, source, turned = self._offer
        # The card went past the seats before the claimer in seat order, not those after it
        # (it never reached them: chuanpai.md §2.4.3 "從你面前經過").
        for other in self._offer_seats():
            if other == seat:
                break
            self._note_passed(other, card)
        self._offer = None
        self._candidates = []
        tou = self._form_claim(action)
        self._changed(seat)
        self._gain = (source, turned)
        # (a family whose seat wins "as soon as" its cards are laid out, xiaogan.md §5, wins on
        # the claim itself, before the claim's replacement draws)
        if tou and self._wins_during_tou() and self._check_win(seat):
            return
        if self._tou(seat, tou):
            return
        self._start_discard(seat)

    def _last_card(self, seat: int) -> tuple[int | None, bool, bool]:
        """How ``seat``'s last card came: the seat that discarded it (or None), whether it was
        turned from the stock, whether ``seat`` drew it himself. Only a small seat draws into
        his hand; a card a seat turns is everybody's, his own too (chuanpai.md §2.2, xiaogan.md
        §3.2): a win on it is on a turned card, not 自摸."""
        gain = self._gain
        if gain is None:  # (a win on the dealt cards)
            return None, False, False
        source, turned = gain
        drawn = turned and source == seat and self._small[seat]
        discarder = source if not turned and source != seat else None
        return discarder, turned and not drawn, drawn

    def _check_win(self, seat: int) -> bool:
        if not self._has_won(seat):
            return False
        win = self._win(seat)  # (built once: the sheet scores it and the result keeps it)
        sheet = self._score(seat, win)
        value = self._win_value(seat, sheet)
        self._force(self._new_action("win", seat), note=f"{value} {self.value_name}")
        discarder, _turned, drawn = self._last_card(seat)
        self._phase = "over"
        self._offer = None
        self._result = GameResult(
            seat,
            "win",
            sheet,
            next_dealer=self._next_dealer(seat),
            value=value,
            label=self.win_label,
            win=win,
            discarder=discarder,
            self_drawn=drawn,
        )
        return True
