"""Claims on a 大貳 discard (daer.md §3, §7): who may claim what, and which claim is carried out.

A discard is offered to the other players: **胡 > 杠 > 碰 > 吃**; 吃 only by the discarder's
下家; 碰 / 杠 by anyone; among several claims of the same kind the nearest seat in turn order
from the discarder wins. Every player with a claim decides (過 included) before the claim with
the highest priority is carried out. ``luzhou``: a 坎 (three dealt) is not used in a 吃 or 碰
and a card a player could 吃 and passed (過張) may not be eaten by him later.

The pure functions work on card counts and decisions; :class:`ClaimsMixin` gives
:class:`~changpai.daer.Game` the offer and its resolution.

>>> from changpai.daer.actions import Action, ActionKind
>>> from changpai.zipai import Card
>>> peng, chi = Action(2, ActionKind.PENG, Card.parse("五")), Action(1, ActionKind.PASS)
>>> str(winning_claim((1, 2), {1: chi, 2: peng}))
'seat 2 碰 五'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from changpai.core.seats import SeatRing
from changpai.daer.actions import Action, ActionKind
from changpai.daer.hand import EVERY_KIND
from changpai.daer.melds import Meld
from changpai.daer.rules import Rules
from changpai.daer.tables import (
    CHI_WANTED,
    GANG,
    MINGGANG,
    PASS,
    PENG,
    PENG_MELD,
    WIN_ON,
    chi_action,
    chi_meld,
)
from changpai.zipai import Card

__all__ = ["ClaimsMixin", "chi_pairs", "guozhang_seats", "winning_claim"]

_PRIORITY = (ActionKind.WIN, ActionKind.GANG, ActionKind.PENG, ActionKind.CHI)
_RANK = {kind.value: rank for rank, kind in enumerate(_PRIORITY)}  # by value: str hashing


def chi_pairs(
    counts: Sequence[int], k: int, rules: Rules, kan: int = EVERY_KIND
) -> list[tuple[int, int]]:
    """The pairs of hand card indices (``a <= b``) that eat card index ``k`` into a sequence, an
    二七十 or a 大小混搭 as ``rules`` allow; with ``kan_locked`` a 坎 is not split (daer.md §7):
    ``kan``, the card indices whose three held are a 坎 as bits (told nothing, every three).

    >>> from changpai.daer.rules import DAER
    >>> from changpai.zipai import CARDS, KINDS, parse
    >>> counts = [0] * KINDS
    >>> for card in parse("一二四五"):
    ...     counts[card.index] += 1
    >>> [(str(CARDS[a]), str(CARDS[b])) for a, b in chi_pairs(counts, parse("三")[0].index, DAER)]
    [('一', '二'), ('二', '四'), ('四', '五')]
    """
    locked = rules.kan_locked
    out = []
    for a, b in CHI_WANTED[rules.erqishi][rules.jiao][k]:
        if locked and ((counts[a] >= 3 and kan >> a & 1) or (counts[b] >= 3 and kan >> b & 1)):
            continue
        if (counts[a] >= 2) if a == b else (counts[a] and counts[b]):
            out.append((a, b))
    return out


def winning_claim(order: Iterable[int], decisions: Mapping[int, Action]) -> Action | None:
    """The decision carried out: the highest of 胡 > 杠 > 碰 > 吃, among equals the first seat
    of ``order`` (nearest after the discarder, daer.md §3); ``None`` when every seat passed.

    >>> from changpai.zipai import Card
    >>> wins = {1: Action(1, ActionKind.WIN, Card.parse("五")), 3: Action(3, ActionKind.WIN, Card.parse("五"))}
    >>> winning_claim((3, 1), wins).seat, winning_claim((1,), {1: Action(1, ActionKind.PASS)})
    (3, None)
    """
    chosen = None
    rank = len(_PRIORITY)
    for s in order:
        decided = decisions[s]
        mine = _RANK.get(decided.kind.value, rank)
        if mine < rank:
            chosen, rank = decided, mine
    return chosen


def guozhang_seats(
    options: Mapping[int, Sequence[Action]], decisions: Mapping[int, Action]
) -> list[int]:
    """The seats that could 吃 the discard and passed: it becomes their 過張 (daer.md §7).

    >>> from changpai.zipai import Card
    >>> five = Card.parse("五")
    >>> chi = Action(1, ActionKind.CHI, five, cards=(Card.parse("四"), Card.parse("六")))
    >>> options = {1: [chi, Action(1, ActionKind.PASS)], 2: [Action(2, ActionKind.PASS)]}
    >>> guozhang_seats(options, {1: Action(1, ActionKind.PASS), 2: Action(2, ActionKind.PASS)})
    [1]
    """
    out = []
    for seat, offered in options.items():
        if decisions[seat].kind is ActionKind.PASS:
            for action in offered:
                if action.kind is ActionKind.CHI:
                    out.append(seat)
                    break
    return out


class ClaimsMixin:
    """The offer of a discard and its resolution, mixed into :class:`~changpai.daer.Game` (it
    holds the state; this class only declares what it uses).

    >>> from changpai.daer.game import Game
    >>> issubclass(Game, ClaimsMixin), Game(seed=1).offered is None
    (True, True)
    """

    rules: Rules
    _deck: tuple[Card, ...]
    _top: int
    _ring: SeatRing
    _hands: list[list[int]]
    _melds: list[list[Meld]]
    _discards: list[list[Card]]
    _passed: list[set[int]]
    _kan: list[int]
    _phase: str
    _current: int
    _self_drawn: bool
    _offer: Card | None
    _discarder: int
    _options: dict[int, list[Action]]
    _decisions: dict[int, Action]

    if TYPE_CHECKING:  # provided by Game

        def _can_win(self, seat: int, extra: int = -1) -> bool: ...
        def _keeps_a_discard(
            self, seat: int, used: int, taken: int, quad: bool, kind: int = -1
        ) -> bool: ...
        def _add(self, seat: int, k: int, delta: int) -> None: ...
        def _may_win_on(self, seat: int, k: int) -> bool: ...
        def _half(self, seat: int, big: bool) -> int: ...
        def _draw(self, seat: int, *, replacement: bool = False) -> None: ...
        def _win(self, seat: int, discarder: int | None, card: Card | None) -> None: ...
        def _tally(self, seat: int) -> None: ...
        def _after_take(self, seat: int, *, drawn: bool) -> None: ...
        def _after_gang(self, seat: int) -> None: ...

    def _claim_options(
        self, seat: int, card: Card, discarder: int, may_win: bool = True
    ) -> list[Action]:
        """The claims of ``seat`` on ``card`` (``may_win`` False: :meth:`_may_win_on` found it
        cannot win on it), 過 last; empty when it has none."""
        k = card.index
        hand = self._hands[seat]
        n = hand[k]
        rules = self.rules
        eats = seat == self._ring.next[discarder] and k not in self._passed[seat]
        out: list[Action] = []
        if may_win and rules.win_on_discard and self._can_win(seat, k):
            out.append(WIN_ON[seat][k])
        if n < 2 and not eats:  # (most seats: no 碰, 杠 or 吃 to look at)
            if out:
                out.append(PASS[seat])
            return out
        # a 碰 or 吃 that would leave nothing to discard is not offered
        keeps = self._keeps_a_discard(seat, 2, 1, False)
        if n >= 2:
            if (
                n == 3
                and (not rules.gang_draw or self._top < len(self._deck))
                and self._keeps_a_discard(seat, 3, 1, True, k)
            ):
                out.append(GANG[seat][k])
            # (a 碰 of two of a three held splits it: not a 坎's, daer.md §7)
            if (n == 2 or (n == 3 and not self._kan[seat] >> k & 1)) and keeps:
                out.append(PENG[seat][k])
        if eats and keeps:
            for a, b in chi_pairs(hand, k, rules, self._kan[seat]):
                out.append(chi_action(seat, k, a, b))
        if out:
            out.append(PASS[seat])
        return out

    def _offer_discard(self, seat: int, card: Card) -> None:
        k = card.index
        eater = self._ring.next[seat]
        hands = self._hands
        options: dict[int, list[Action]] = {}
        for other in self._ring.orders[seat][1:]:  # the 下家 first (SeatRing.after)
            may_win = self._may_win_on(other, k)
            if may_win or other == eater or hands[other][k] >= 2:  # (most: nothing to claim)
                found = self._claim_options(other, card, seat, may_win)
                if found:
                    options[other] = found
        self._discarder = seat
        self._options = options
        self._decisions = {}
        if options:
            self._offer = card
            self._phase = "claim"
        else:  # the offer closes at once
            self._offer = None
            self._draw(eater)

    def _close_offer(self) -> None:
        self._offer = None
        self._options = {}
        self._decisions = {}

    def _resolve(self) -> None:
        card, discarder = self._offer, self._discarder
        assert card is not None
        chosen = winning_claim(self._options, self._decisions)  # _options: nearest first
        if self.rules.guozhang:
            for seat in guozhang_seats(self._options, self._decisions):
                self._passed[seat].add(card.index)
        self._close_offer()
        if chosen is None:
            self._draw(self._ring.next[discarder])
            return
        seat, kind = chosen.seat, chosen.kind
        self._discards[discarder].pop()
        if kind is ActionKind.WIN:
            self._win(seat, discarder, card)
            return
        k = card.index
        if kind is ActionKind.GANG:
            self._add(seat, k, -3)
            self._melds[seat].append(MINGGANG[k])
            self._tally(seat)
            self._current = seat
            self._self_drawn = False
            self._phase = "discard"
            self._after_gang(seat)
            return
        if kind is ActionKind.PENG:
            self._add(seat, k, -2)
            meld = PENG_MELD[k]
        else:
            for c in chosen.cards:
                self._add(seat, c.index, -1)
            meld = chi_meld(chosen.cards, card, self.rules)
        self._melds[seat].append(meld)
        self._tally(seat)
        self._after_take(seat, drawn=False)
