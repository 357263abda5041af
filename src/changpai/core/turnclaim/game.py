"""What is shown and saved of a draw / turn / claim hand: one seat's :class:`~changpai.core.view.GameView`,
the omniscient HTML table for notebooks, and the reading of the family's 0.1.0 documents
(:class:`TurnClaimGame`, the class a family subclasses).

>>> from changpai import chuanpai
>>> view = chuanpai.Game(seed=2).view(1)
>>> len(view.hand), [s.hand_size for s in view.seats], view.stock_size
(17, [18, 17, 17, 5], 48)
"""

from __future__ import annotations

from typing import Any, TypeVar

from changpai.core import document, render
from changpai.core.guard import clipped
from changpai.core.turnclaim.flow import TurnClaimFlow
from changpai.core.turnclaim.protocols import (
    TurnClaimAction,
    TurnClaimCard,
    TurnClaimRules,
    TurnClaimUnit,
)
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.errors import NotationError

__all__ = ["TurnClaimGame"]

C = TypeVar("C", bound=TurnClaimCard)
U = TypeVar("U", bound="TurnClaimUnit[Any]")
A = TypeVar("A", bound="TurnClaimAction[Any]")
R = TypeVar("R", bound=TurnClaimRules)

_LEGACY_KEYS = ("rules", "players", "dealer", "deck", "actions")


class TurnClaimGame(TurnClaimFlow[C, U, A, R]):
    """The draw / turn / claim flow shared by the long-card games where an unused card is turned
    from the stock for everybody (川牌 擠兒 game, 孝感; chuanpai.md §2.2, xiaogan.md §3), on the
    engine contract of :class:`~changpai.core.engine.GameBase`.

    Generic over the family's card ``C``, unit ``U``, action ``A`` and rules ``R`` classes.
    A subclass sets the class attributes ``family``, ``rules_class``, ``action_class``,
    ``default_rules``, ``value_name`` and :attr:`card_table`, writes ``_card(code)`` and the
    hooks (the abstract methods of :class:`~changpai.core.turnclaim.state.TurnClaimState`), and
    may override the optional hooks (``_next_dealer``, ``_win``, ``_side_cards``,
    ``_view_facts`` …). The constructor is the contract's
    ``Game(rules=None, seed=None, *, deck=None, dealer=0, players=None)``; ``players`` (the
    number of seats, default ``rules.players``) is kept in ``options`` when it differs.
    ``can``, ``==``, ``repr``, ``to_json`` / ``from_json`` and the classmethod ``replay`` come
    from :class:`~changpai.core.engine.GameBase`.

    >>> from changpai.chuanpai import Game
    >>> from changpai.core.turnclaim import TurnClaimGame
    >>> issubclass(Game, TurnClaimGame), Game(seed=4).to_act
    (True, (1,))
    """

    # ----------------------------------------------------------------- what one seat sees
    def _seat_discards(self) -> dict[int, list[Any]]:
        """Each seat's discards still on the table, in order: a claimed discard left them, the
        card on offer is not one yet (the ``SeatView.discards``; the ``dead`` fact lists them
        with the unclaimed turned cards)."""
        # (the log only grows: the walk goes on from where the last view left it)
        log = self._log
        kept = getattr(self, "_discards_walked", None)
        if kept is not None and kept[0] <= len(log):
            start, rows, offered = kept
            discards = {s: list(row) for s, row in enumerate(rows)}
        else:
            start, offered = 0, None
            discards = {s: [] for s in range(self.players)}
        for record in log[start:] if start else log:
            action = record.action
            kind = action.kind.value
            if kind == "discard" and action.card is not None:
                discards[action.seat].append(action.card)
                offered = (action.seat, action.card)
            elif kind == "claim" and offered is not None and action.card == offered[1]:
                discards[offered[0]].pop()
                offered = None
            elif kind in ("turn", "draw") or (
                kind == "tou" and offered is not None and action.seat != offered[0]
            ):  # (the discarder's own 偷 may come before its discard's offer: 孝感's 暗下)
                offered = None
        self._discards_walked = (len(log), tuple(map(tuple, discards.values())), offered)
        if self._offer is not None and not self._offer[2]:
            discards[self._offer[1]].pop()  # on offer: ``offered`` until the claims are passed
        return discards

    def view(self, seat: int) -> GameView[C, A]:
        """What ``seat`` may see: its own hand, the other hands' sizes, every playing seat's
        units (those face down, such as 暗, hidden from the other seats) and side cards (face
        down to the others), the cards each seat discarded, the card on offer, the dead cards,
        the stock size and its own legal actions; the seat being asked about a claim is shown
        only to itself.

        >>> from changpai.chuanpai import Game
        >>> v = Game(seed=2).view(1)
        >>> len(v.hand), v.seats[1].hand_size, v.to_act
        (17, 17, (0,))
        >>> Game(seed=2).view(True)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=True is not a seat; expected a whole number 0..3
        """
        seat = self._seat(seat)
        discards = self._seat_discards()
        seats = []
        for s in self.seats:
            melds = []
            for meld in self._tables[s]:
                shown = self._in_shown_order(meld) if s == seat else self._face_up(meld)
                hidden = len(meld.cards) - len(shown)
                melds.append(SeenMeld(meld.kind.value, meld.kind.hanzi, shown, hidden=hidden))
            side = tuple(self._side_cards(s))
            if side:
                own = s == seat
                melds.append(
                    SeenMeld("side", self.side_label, side if own else (), 0 if own else len(side))
                )
            notes = (("small seat", self.is_small(s)),)
            seats.append(
                SeatView(
                    s,
                    sum(self._hands[s]),
                    tuple(melds),
                    tuple(discards[s]),
                    ", ".join(word for word, on in notes if on),
                )
            )
        facts: list[tuple[str, Any]] = []
        if self._offer is not None:
            _card, source, turned = self._offer
            facts.append(("offered by", source))
            facts.append(("turned", turned))
        if self._dead:
            facts.append(("dead", tuple(self._dead)))
        return GameView(
            family=self.family,
            title=str(getattr(self.rules, "title", self.family)),
            seat=seat,
            dealer=self.dealer,
            phase=self._phase_seen_by(seat),
            hand=self.hand(seat),
            seats=tuple(seats),
            offered=None if self._offer is None else self._offer[0],
            stock_size=len(self._deck) - self._drawn,
            to_act=self._to_act_seen_by(seat),
            legal_actions=tuple(self.legal_actions(seat)),
            result=self._result,
            facts=(*facts, *self._view_facts(seat)),
        )

    def _repr_html_(self) -> str:
        """The state for notebooks (the owner of the object sees everything): one row per seat
        with its hand, its units on the table and its side cards (川牌 過牌, face down to the
        others), and its discards nobody claimed; the stock size, the card on offer,
        the dead cards, who acts; the result and score sheet when over.

        >>> from changpai.chuanpai import Game
        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "stock</span> " in html, "▶ seat 0" in html
        (4, True, True)
        """
        rows = []
        piles = self._seat_discards()
        for seat in range(self.players):
            units = [
                render.meld(m.kind.hanzi, self._in_shown_order(m), title=str(m))
                for m in self._tables[seat]
            ]
            side = self._side_cards(seat)
            if side:
                units.append(render.meld(self.side_label, side, title=self.side_label))
            discards = piles[seat]
            hand = self.hand(seat)
            notes = (
                ("dealer", seat == self.dealer),
                ("small seat", self.is_small(seat)),
                ("holds one card", self._is_passive(seat)),
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
        offer = ""
        if self._offer is not None:
            card, source, turned = self._offer
            offer = render.offer(render.card(card), source, turned)
        family = [("dead", render.cards(self._dead))] if self._dead else []
        facts = render.game_facts(self._phase, len(self.stock), family, offer, self.to_act)
        footer = "" if self._result is None else render.Html(self._result._repr_html_())
        return render.seat_table(
            rows, title=render.game_title(self.rules), facts=facts, footer=footer
        )

    # ----------------------------------------------------------------- 0.1.0 documents
    @classmethod
    def _legacy_document(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A 0.1.0 document of the family (``{"family", "rules", "players", "dealer", "seed",
        "deck", "actions"}``) as a version-1 game document: ``players`` becomes an option when
        it is not the rules' own number, the actions are read by ``_legacy_action``.

        >>> from changpai.chuanpai import Game
        >>> Game._legacy_document({"family": "chuanpai", "players": 4})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a complete chuanpai game document (0.1.0): the key 'rules' is missing (expected 'rules', 'players', 'dealer', 'deck', 'actions')
        """
        document.check_legacy_family(data, cls.family)
        document.check_legacy_keys(data, cls.family, ("family", *_LEGACY_KEYS, "seed"))
        for key in _LEGACY_KEYS:
            if key not in data:
                raise NotationError(
                    f"not a complete {cls.family} game document (0.1.0): the key {clipped(key)} is "
                    f"missing (expected {', '.join(map(repr, _LEGACY_KEYS))})"
                )
        rules, players, actions = data["rules"], data["players"], data["actions"]
        same = isinstance(rules, dict) and rules.get("players") == players
        return {
            "schema": document.GAME_SCHEMA,
            "version": 1,
            "family": cls.family,
            "variant": None,
            "rules": rules,
            "seed": data.get("seed"),
            "deck": data["deck"],
            "dealer": data["dealer"],
            "options": {} if same else {"players": players},
            "actions": (
                [cls._legacy_action(a) if isinstance(a, dict) else a for a in actions]
                if isinstance(actions, list)
                else actions
            ),
        }

    @classmethod
    def _legacy_action(cls, data: dict[str, Any]) -> dict[str, Any]:
        """An action of a 0.1.0 document as the family's ``Action.from_dict`` reads it (the
        same dict by default)."""
        return data
