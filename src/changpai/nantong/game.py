"""The 犢子胡 game engine: four seated, three play (nantong.md §2, §3).

One :class:`Game` is one hand. The dealer takes 23 cards, the next two players 22; the two cards
at the bottom of the stock are flipped as 將. Then an opening round lets each player, dealer
first, declare 叫牌 (a four in hand, or three copies of a flipped card) and, for a non-dealer,
報聽; the dealer may win at once (天胡). Play: discard, claim (胡 > 杠 > 碰, one winner, seat order
from the discarder's 下家), draw, 暗杠 / 加杠 with a replacement draw, 自摸, 荒牌.

Forced moves rule (the same in every family): draws and replacement draws are done by the
engine and listed in the ``draws`` of the :class:`~changpai.core.ActionRecord` of the action
that caused them; every choice a player has — even "nothing to do" (過) — is an
:class:`~changpai.nantong.Action` among :meth:`Game.legal_actions`.

The shared half of the engine (``can``, ``==``, ``repr``, ``to_json`` / ``from_json``,
``replay``) comes from :class:`~changpai.core.GameBase`; what one seat sees is built in
:mod:`changpai.nantong.views`, who may claim what in :mod:`changpai.nantong.claims`.

>>> game = Game(seed=3)
>>> game.to_act, game.phase, len(game.hand(game.dealer)), len(game.jiang), game.seats
((0,), 'declare', 23, 2, (0, 1, 2))
>>> game.sitting_out
3
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[-1])
>>> game.result.reason in ("win", "huangpai")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, compress, product
from operator import getitem
from typing import Any

from changpai.core.copying import copy_user_slots
from changpai.core.deck import deal_order
from changpai.core.engine import GameBase
from changpai.core.guard import (
    clipped,
    legal_of_kind,
    not_an_action,
    not_to_act,
    plain_int,
    rules_arg,
)
from changpai.core.records import ActionRecord, GameResult
from changpai.core.seats import SeatRing, check_seat
from changpai.core.view import GameView
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.nantong import claims, views
from changpai.nantong.actions import _MADE, SEATS, Action, ActionKind, _action
from changpai.nantong.cards import CARDS, N_KINDS, N_PLAIN, Card, parse
from changpai.nantong.cards import deck as deck_of
from changpai.nantong.deal import next_dealer
from changpai.nantong.hand import _complete
from changpai.nantong.melds import Meld, MeldKind, SetKind
from changpai.nantong.rules import DUZIHU, Rules
from changpai.nantong.scoring import OtherHand, Win, scored
from changpai.nantong.solver import (
    _BOUNDS,
    _FLOORS,
    _PART,
    DECK_BAIDA,
    _can_plus,
    _limit,
    _parts_allow,
)

__all__ = ["Action", "ActionKind", "Game"]

_REASONS = {
    "declare": (
        "the opening round takes only 叫牌 of a dealt four (or of three of a flipped card), "
        "報聽 with a ready hand, the dealer's 胡 or 過"
    ),
    "discard": "not one of the discards, 杠 or 自摸 open to this seat",
    "claim": "a discard can only be claimed by 胡, 杠, 碰 or passed",
}


# the kinds a seat may answer a card on offer with
_CLAIM_KINDS = frozenset({ActionKind.WIN, ActionKind.GANG, ActionKind.PENG, ActionKind.PASS})

# the shared actions of each kind, by seat then card index (last: no card)
_DISCARDS = _MADE[ActionKind.DISCARD]
_WINS = _MADE[ActionKind.WIN]
_PASSES = tuple(made[N_KINDS] for made in _MADE[ActionKind.PASS])
_CALLS = _MADE[ActionKind.CALL]
# the cards of a hand by kind: n copies of each card, n = 0..4
_RUNS = tuple(tuple((card,) * n for n in range(5)) for card in CARDS)
_DISCARD, _WIN, _ANGANG = ActionKind.DISCARD, ActionKind.WIN, ActionKind.ANGANG
_PENG = SetKind.PENG

# the other players of each seat in claim priority order (SeatRing.after), by the seat who
# sits out
_AFTER = tuple(
    tuple(SeatRing.of(SEATS, out).after(seat) for seat in range(SEATS)) for out in range(SEATS)
)

# the sets the engine declares (nantong.md §3), built once (melds are frozen values): by source
# then card index — 碰, the three fours, and a 叫牌 of three copies (the fourth is a flipped 將)
_PENGS = tuple(Meld(MeldKind.KEZI, (c,) * 3, SetKind.PENG) for c in CARDS[:N_PLAIN])
_FOURS = {
    source: tuple(Meld(MeldKind.GANG, (c,) * 4, source) for c in CARDS[:N_PLAIN])
    for source in (SetKind.DEALT4, SetKind.DRAWN4, SetKind.EXPOSED4)
}
_CALLED_THREES = tuple(Meld(MeldKind.GANG, (c,) * 3, SetKind.DEALT4) for c in CARDS[:N_PLAIN])


def _called_meld(index: int, held: int) -> Meld:
    """The set a 叫牌 lays of the kind ``index``: the dealt four (``held`` 4), or the three
    whose fourth copy is a flipped 將 (§3) — a 起手 set either way."""
    return (_FOURS[SetKind.DEALT4] if held == 4 else _CALLED_THREES)[index]


# 百搭 fill groups of 3 and one pair of 2 with the real cards of each part, so a hand whose
# part sums are ``sums`` (mod 3) needs at least: every part but one to a multiple of 3, that
# one to 2 more (nantong.md §4)
def _least(sums: tuple[int, ...]) -> int:
    return min(sum((-s) % 3 for s in sums) - (-sums[q]) % 3 + (2 - sums[q]) % 3 for q in range(4))


# for the part sums of a hand (mod 3): the least 百搭 it needs with one more card of each part,
# and (last) with one more 百搭, which needs no slot of its own
_LEAST = {
    sums: (
        *(_least(tuple((s + (p == q)) % 3 for q, s in enumerate(sums))) for p in range(4)),
        _least(sums),
    )
    for sums in product(range(3), repeat=4)
}

# for the part sums of a hand (mod 3) and its 百搭: per card kind, whether one more card of it
# leaves the part sizes asking for no more 百搭 than the hand has (the rest of a win check is
# skipped for the kinds that do not); no part sums ask for more than _ENOUGH_WILD
_ENOUGH_WILD = max(max(least) for least in _LEAST.values())
_MAY_WIN = {
    (*sums, wild): tuple(
        least[4] <= wild + 1 if x >= N_PLAIN else least[_PART[x]] <= wild for x in range(N_KINDS)
    )
    for sums, least in _LEAST.items()
    for wild in range(_ENOUGH_WILD + 1)
}
_NEVER = (False,) * N_KINDS

# what a hand memo keeps by the part sizes (mod 3) and 百搭 of a hand of the right size, with
# 百搭 in the deck or not: its :data:`_MAY_WIN` row and its :data:`_FLOORS`
_ROWS = tuple(
    {key: (may_win, _FLOORS[baida][key[:4]]) for key, may_win in _MAY_WIN.items()}
    for baida in (False, True)
)
# the part of each card kind in the sizes the engine keeps per seat: 條, 丙, 萬, honours, 百搭
_SIZE_PART = (*_PART, *(4,) * (N_KINDS - N_PLAIN))
_SIZE_BOUNDS = (*_BOUNDS, (N_PLAIN, N_KINDS))
# those of all the seats in one list (a copy of the game copies one list): by seat and card
# kind, the place of its part
_SIZE_AT = tuple(tuple(5 * seat + part for part in _SIZE_PART) for seat in range(SEATS))


def _part_sizes(counts: Sequence[int]) -> list[int]:
    """The cards of a hand's ``counts`` in each part of :data:`_SIZE_PART`: 條, 丙, 萬,
    honours and 百搭.

    >>> _part_sizes([1] * 9 + [0] * 9 + [2] * 9 + [0, 3, 0] + [1] * 5)
    [9, 0, 18, 3, 5]
    """
    return [sum(counts[lo:hi]) for lo, hi in _SIZE_BOUNDS]


class Game(GameBase):
    """One hand of 犢子胡 (see the module docstring for the flow).

    Args:
        rules: a :class:`~changpai.nantong.Rules` preset (default :data:`~changpai.nantong.DUZIHU`).
        seed: shuffles the deck (kept for reference when ``deck`` is given).
        deck: the stacked deck in deal order (see :func:`~changpai.nantong.stack_deck`): the
            dealer's 23 cards, his 下家's 22, the 對門's 22, the stock; the last card is the
            first flipped 將 and the one before it the second.
        dealer: the dealer's seat (0..3); his 上家 sits out.

    >>> g = Game(seed=1, dealer=2)
    >>> g.seats, g.sitting_out, g
    ((2, 3, 0), 1, <nantong.Game duzihu seed=1 dealer=2 to_act=(2,) log=0>)
    >>> g.apply(Action(2, ActionKind.DISCARD, g.hand(2)[0]))
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat 2 打 ... is not legal now: the opening round takes only ...
    """

    family = "nantong"
    rules_class = Rules
    action_class = Action

    rules: Rules
    default_rules = DUZIHU
    value_name = "胡數"

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
    ) -> None:
        rules = DUZIHU if rules is None else rules_arg(rules, Rules, "nantong")
        dealer = check_seat(dealer, SEATS, what="dealer", error=RulesError)
        if isinstance(deck, str):  # card codes or hanzi, as in every family
            deck = parse(deck)
        order = deal_order(deck_of(baida=rules.baida), seed=seed, deck=deck, card=Card)
        self.rules = rules
        self.seed = plain_int(seed)  # (an IntEnum seed as its number, as a Match's)
        self._deck: tuple[Card, ...] = tuple(order)
        self.dealer = dealer
        self.sitting_out = (dealer + 3) % SEATS
        # ring.next[s]: the 下家 of each seat, skipping the one who sits out
        self._ring = ring = SeatRing.of(SEATS, self.sitting_out)
        self.players: tuple[int, ...] = ring.order_from(dealer)
        # the count of each card kind a seat holds, by index: a bytearray (a count is at most
        # four), whose copies, comparisons and searches (``4 in counts``) run in C
        self._hands: list[bytearray] = [bytearray(N_KINDS) for _ in range(SEATS)]
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
        # what each seat was dealt (not part of the state: the deck and the dealer say it):
        # only a dealt four, or a dealt three of a flipped card, is called (N19)
        self._dealt: tuple[bytes, ...] = tuple(bytes(h) for h in self._hands)
        # the seat dealt all five 百搭, if any: five still held at the end are 在手 (§7.1); a
        # 百搭 once discarded never comes back to a hand (it is claimed only by a 胡)
        self._baida_dealt = next(
            (s for s in self.players if sum(self._hands[s][N_PLAIN:]) == 5), None
        )
        # the cards of each seat's hand by part (_SIZE_PART), kept with the hand: five a seat
        self._sizes = [n for counts in self._hands for n in _part_sizes(counts)]
        self._top = top
        self._phase = "declare"
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
        self._log: list[ActionRecord[Action]] = []
        self._result: GameResult | None = None
        # derived, not part of the state (_key): the claims each claimant may make on the
        # current discard, and the legal actions of one seat, both until the next apply
        self._options: dict[int, list[Action]] = {}
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        # derived too: per seat, a copy of the hand last checked for a claim on a discard,
        # with its plain counts, its 百搭 and their part needs (valid while the hand equals it;
        # see _hand_memo)
        self._needs: list[list[Any] | None] = [None] * SEATS

    # ----------------------------------------------------------------- queries
    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card in deal order (the last two are the flipped 將).

        >>> len(Game(seed=1).deck), len(Game(Rules(baida=True), seed=1).deck)
        (120, 125)
        """
        return self._deck

    @property
    def seats(self) -> tuple[int, ...]:
        """The three seats that play, in turn order from the dealer (the dealer's 上家 sits
        out and is not among them); :attr:`players` is the same tuple.

        >>> Game(seed=1, dealer=1).seats
        (1, 2, 3)
        """
        return self.players

    @property
    def log(self) -> tuple[ActionRecord[Action], ...]:
        """Every applied decision with the cards the engine drew because of it, in order
        (omniscient: it shows the drawn cards).

        >>> g = Game(seed=4); _ = g.apply(g.legal_actions(0)[-1])
        >>> [str(r) for r in g.log]
        ['seat 0 過']
        """
        return tuple(self._log)

    @property
    def result(self) -> GameResult | None:
        """The :class:`~changpai.core.GameResult` once the hand is over, else ``None``:
        reason ``"win"`` (label 胡) or ``"huangpai"`` (荒牌, the stock ran out).

        >>> Game(seed=1).result is None
        True
        """
        return self._result

    def _seat(self, seat: object) -> int:
        return check_seat(seat, SEATS, what="seat", error=IllegalActionError)

    @property
    def phase(self) -> str:
        """``"declare"`` (the opening 叫牌 / 報聽), ``"discard"`` (the seat in turn decides: a
        discard, a kong or a 自摸), ``"claim"`` (a discard is on offer) or ``"over"``.

        >>> Game(seed=1).phase
        'declare'
        """
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a win or 荒牌).

        >>> Game(seed=1).is_over
        False
        """
        return self._phase == "over"

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (several during a claim).

        >>> Game(seed=1, dealer=3).to_act
        (3,)
        """
        phase = self._phase
        if phase == "claim":
            decisions = self._decisions
            if not decisions:
                return self._claimants
            return tuple([s for s in self._claimants if s not in decisions])
        return () if phase == "over" else (self._current,)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left to draw, in draw order (omniscient; the flipped 將 are not among them).

        >>> game = Game(seed=1)
        >>> len(game.stock), game.stock == game.deck[67:118]
        (51, True)
        """
        return self._deck[self._top : self._bottom]

    @property
    def stock_left(self) -> int:
        """Cards left to draw (the two flipped 將 are not among them).

        >>> Game(seed=1).stock_left
        51
        """
        return self._bottom - self._top

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards of a seat, sorted (omniscient).

        >>> g = Game(seed=1); len(g.hand(0)), len(g.hand(1)), g.hand(3)
        (23, 22, ())
        >>> g.hand(4)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=4 is not a seat; expected a whole number 0..3
        """
        if type(seat) is not int or not 0 <= seat < SEATS:  # (a plain seat needs no check)
            seat = self._seat(seat)
        return tuple(chain.from_iterable(map(getitem, _RUNS, self._hands[seat])))

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The declared sets of a seat (碰, 杠, 叫牌, 暗杠).

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

    @property
    def ting(self) -> tuple[int, ...]:
        """The seats that declared 報聽, in seat order.

        >>> Game(seed=1).ting
        ()
        """
        return tuple(sorted(self._ting))

    @property
    def offered(self) -> Card | None:
        """The discard the other players are deciding about (during a claim), else ``None``.

        >>> Game(seed=1).offered is None
        True
        """
        return self._discard if self._phase == "claim" else None

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
        cards.extend(self.stock)
        cards.extend(self.jiang)
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return counts

    @classmethod
    def _card(cls, code: str) -> Card:
        return Card.parse(code)

    @classmethod
    def _deck_card(cls, number: int, code: str) -> Card:
        """:meth:`GameBase._deck_card`, but ``BD`` — the next 百搭 not named, in a list
        (nantong.md notation) — names no card of a deck, whose 百搭 are each named (review
        h125: every ``BD`` read as 福).

        >>> Game._deck_card(5, "BD")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a nantong game document: deck[5]='BD' is not a card code (BD stands for the next 百搭 of a list; a deck names each: FU, LU, SHOU, XI, CAI)
        """
        if isinstance(code, str) and code.strip().upper() == "BD":
            raise NotationError(
                f"not a nantong game document: deck[{number}]={clipped(code)} is not a card code "
                "(BD stands for the next 百搭 of a list; a deck names each: FU, LU, SHOU, XI, CAI)"
            )
        card: Card = super()._deck_card(number, code)
        return card

    _legacy_actions = "log"

    @classmethod
    def _legacy_document(cls, data: dict[str, Any]) -> dict[str, Any]:
        return views.legacy_document(data)

    # ----------------------------------------------------------------- rules of the hand
    def _complete(
        self, seat: int, extra: Card | None = None, *, drawn: bool = False, own: bool = False
    ) -> bool:
        """Whether the hand of ``seat`` (plus ``extra``; or with ``drawn``, whose ``extra`` is
        already in it) is a winning hand: its 百搭 standing for no copy in sight
        (:meth:`_table_melds`), or with ``own`` in its own sets (the 報聽 test, which looks at
        the seat's own cards, sets and flips only)."""
        counts = self._hands[seat]
        if extra is not None:
            if not drawn:
                return self._complete_with(seat, counts, extra, own)
            return self._wins_on_draw(seat, counts, extra)
        melds = self._melds[seat]
        if sum(counts) != 3 * (7 - len(melds)) + 2:  # pair + groups (with the melds)
            return False
        plain = tuple(counts[:N_PLAIN])
        wild = sum(counts[N_PLAIN:])
        # with 百搭 in the deck every hand shares the answers capped at its five (nantong.md §1)
        baida = self.rules.baida
        floors = _FLOORS[baida][tuple(sum(plain[lo:hi]) % 3 for lo, hi in _BOUNDS)]
        if not _parts_allow([None] * 4, floors, plain, wild, -1, DECK_BAIDA if baida else 0):
            return False
        # a 百搭 must not stand for a copy the deck no longer has (nantong.md §4)
        in_sight = self._melds[seat] if own else self._table_melds(seat)
        return wild == 0 or _complete(plain, wild, in_sight, self.jiang)

    def _table_melds(self, seat: int) -> list[Meld]:
        """The sets in sight of ``seat``, which no 百搭 of its hand can stand for: every seat's
        declared sets, and in the opening round the 叫牌 sets the others may still declare —
        a win now counts them as declared (:meth:`_other_hand`), so the sheet's copies are the
        test's (review h114: a 胡 listed there was refused by ``apply``)."""
        melds = [meld for melds in self._melds for meld in melds]
        if self._phase == "declare":
            for other in self.players:
                if other != seat:
                    melds += self._opening_sets(other)[1]
        return melds

    def _complete_with(self, seat: int, counts: bytearray, extra: Card, own: bool = False) -> bool:
        """:meth:`_complete` of the hand of ``seat`` plus ``extra``: what the hand needs is
        kept per seat, since the others check the same hand on each discard."""
        x = extra.index
        memo = self._memo(seat, counts)
        return memo[4][x] and self._completes(seat, memo, x, own)

    def _wins_on_draw(self, seat: int, counts: bytearray, drawn: Card) -> bool:
        """:meth:`_complete_with` of the hand of ``seat`` with ``drawn`` already in it, from
        the memo of the hand before the draw (the one its claims were checked on)."""
        x = drawn.index
        memo = self._needs[seat]
        counts[x] -= 1
        if memo is None or memo[0] != counts or memo[5] != len(self._melds[seat]):
            memo = self._memo(seat, counts, x)  # (the check above is _memo's, spared a call)
        counts[x] += 1
        return memo[4][x] and self._completes(seat, memo, x)

    def _memo(self, seat: int, counts: bytearray, drawn: int = -1) -> list[Any]:
        """The kept :meth:`_hand_memo` of ``seat`` for ``counts``, his hand (or, with the
        index of the card ``drawn``, his hand without it): made anew when it changed."""
        memo = self._needs[seat]
        melds = len(self._melds[seat])
        if memo is None or memo[0] != counts or memo[5] != melds:
            sizes = self._sizes[5 * seat : 5 * seat + 5]
            if drawn >= 0:
                sizes[_SIZE_PART[drawn]] -= 1
            memo = self._needs[seat] = self._hand_memo(counts, melds, sizes, self.rules.baida)
        return memo

    def _completes(self, seat: int, memo: list[Any], x: int, own: bool = False) -> bool:
        """The rest of :meth:`_complete_with` for the kinds its memo may let win."""
        plain, wild, needs = memo[1], memo[2], memo[3]
        if plain is None:  # (what _memo_allows does, spared a call)
            plain = memo[1] = tuple(memo[0][:N_PLAIN])
            needs = memo[3] = [None, None, None, None]
        if x >= N_PLAIN:
            wild += 1
            x = -1
        if not _parts_allow(needs, memo[6], plain, wild, x, DECK_BAIDA if self.rules.baida else 0):
            return False
        if wild == 0:
            return True
        if x >= 0:
            plain = (*plain[:x], plain[x] + 1, *plain[x + 1 :])
        # a 百搭 must not stand for a copy the deck no longer has (nantong.md §4)
        in_sight = self._melds[seat] if own else self._table_melds(seat)
        return _complete(plain, wild, in_sight, self.jiang)

    def _memo_allows(self, memo: list[Any], wild: int, x: int) -> bool:
        """:func:`_parts_allow` of the hand of a memo with ``wild`` 百搭 and one more card of
        kind ``x`` (-1: none), on the part needs the memo keeps."""
        plain, needs = memo[1], memo[3]
        if plain is None:
            plain = memo[1] = tuple(memo[0][:N_PLAIN])
            needs = memo[3] = [None, None, None, None]
        limit = DECK_BAIDA if self.rules.baida else 0
        return _parts_allow(needs, memo[6], plain, wild, x, limit)

    @staticmethod
    def _hand_memo(counts: bytearray, melds: int, sizes: list[int], baida: bool) -> list[Any]:
        """What :meth:`_complete_with` keeps of a hand (``counts``, its ``sizes`` by part and
        its number of ``melds``): a copy of its counts, its plain counts (a tuple) and 百搭,
        the needs of its four parts (filled when first wanted), per card kind whether one more
        of it may make a win (the size of a pair + groups with the melds, and
        :data:`_MAY_WIN`), its number of melds and the least each part needs by its size
        (:data:`_FLOORS`, with their sum last)."""
        t, b, w, h, wild = sizes
        if t + b + w + h + wild + 1 == 3 * (7 - melds) + 2:
            capped = wild if wild < _ENOUGH_WILD else _ENOUGH_WILD
            may_win, floors = _ROWS[baida][t % 3, b % 3, w % 3, h % 3, capped]
        else:
            may_win, floors = _NEVER, None
        return [bytes(counts), None, wild, None, may_win, melds, floors]

    def _ready(self, seat: int) -> bool:
        counts = self._hands[seat]
        if sum(counts) + 1 != 3 * (7 - len(self._melds[seat])) + 2:
            return False
        # a 百搭 may stand for any card that would complete the hand (nantong.md §4): a hand
        # that one more 百搭 does not make into groups (copies aside) waits for no card
        wild = sum(counts[N_PLAIN:]) + 1
        # (without 百搭 in the deck the cap is the one; with them, the cap the hands share)
        limit = _limit(wild) if self.rules.baida else 1
        if limit == DECK_BAIDA:  # the check of the hand with one more 百搭, as the memo's
            memo = self._memo(seat, counts)
            if not (memo[4][N_PLAIN] and self._memo_allows(memo, wild, -1)):
                return False
        elif not _can_plus(tuple(counts[:N_PLAIN]), wild, -1, limit):
            return False
        candidates = CARDS[:N_PLAIN] + (CARDS[N_PLAIN:] if self.rules.baida else ())
        # §1 four copies (one of a 百搭): a card none of whose copies is left — all in this
        # hand, its sets or the flips — completes nothing (as ``waits`` says)
        return any(self._complete(seat, c, own=True) for c in candidates if self._unseen(seat, c))

    def _unseen(self, seat: int, card: Card) -> int:
        """How many copies of ``card`` are neither in the hand or sets of ``seat`` nor flipped."""
        x = card.index
        mine = self._hands[seat][x] + sum(m.cards.count(card) for m in self._melds[seat])
        return card.copies - mine - sum(f.index == x for f in self.jiang)

    def _claim_options(self, seat: int, card: Card) -> list[Action]:
        counts = self._hands[seat]
        x = card.index
        held = counts[x]
        memo = self._needs[seat]
        if memo is None or memo[0] != counts or memo[5] != len(self._melds[seat]):
            memo = self._memo(seat, counts)  # (the check above is _memo's, spared a call)
        can_win = memo[4][x] and self._completes(seat, memo, x)
        if not can_win and (held < 2 or x >= N_PLAIN or seat in self._ting):
            return []  # what claims.claim_options says then, without building its arguments
        return claims._options(seat, x, held, can_win, seat in self._ting, self.stock_left)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it need not act); ``PASS`` last.

        >>> g = Game(seed=5)
        >>> g.legal_actions(0)[-1].kind, g.legal_actions(1)
        (ActionKind.PASS, [])
        """
        cached = self._legal
        if cached is not None and cached[0] is seat:  # a checked seat 0..3 (an int singleton)
            return list(cached[1])
        if type(seat) is not int or not 0 <= seat < SEATS:  # (a plain seat needs no check)
            seat = self._seat(seat)
        if cached is not None and cached[0] == seat:
            return list(cached[1])
        if self._phase == "discard":  # (_acts, spared a call)
            if seat != self._current:
                return []
            actions = self._turn_actions(seat)
        elif self._acts(seat):
            actions = self._legal_now(seat)
        else:
            return []
        self._legal = (seat, tuple(actions))
        return actions

    def _acts(self, seat: int) -> bool:
        """``seat in self.to_act``, without building the tuple."""
        phase = self._phase
        if phase == "claim":
            return seat in self._claimants and seat not in self._decisions
        return phase != "over" and seat == self._current

    def _legal_now(self, seat: int) -> list[Action]:
        """The legal actions of a seat that claims or declares (the seat in turn:
        :meth:`_turn_actions`)."""
        phase = self._phase
        actions: list[Action] = []
        if phase == "claim":
            assert self._discard is not None
            options = self._options.get(seat)
            if options is None:
                options = self._claim_options(seat, self._discard)
            actions.extend(options)
            actions.append(_PASSES[seat])
        elif phase == "declare":
            counts = self._hands[seat]
            if seat == self.dealer and self._complete(seat):
                # (right after a 叫牌's replacement the win is on that card: it is named)
                drawn = self._drawn
                actions.append(_WINS[seat][N_KINDS if drawn is None else drawn.index])
            flips = (self.jiang[0].index, self.jiang[1].index)
            calls = _CALLS[seat]
            dealt = self._dealt[seat]
            # N19: a four (or three of a flipped card) made with a replacement card was drawn,
            # not dealt — it is a 後摸 four, 暗杠'd on a turn
            actions.extend(
                calls[i]
                for i in claims._callable(counts, flips, self.stock_left)
                if counts[i] == dealt[i]
            )
            if seat != self.dealer and seat not in self._ting and self._ready(seat):
                actions.append(_action(seat, ActionKind.TING))
            actions.append(_PASSES[seat])
        return actions

    def _turn_actions(self, seat: int) -> list[Action]:
        """The legal actions of the seat in turn (phase ``"discard"``)."""
        counts = self._hands[seat]
        actions: list[Action] = []
        drawn = self._drawn
        if drawn is not None:
            # _wins_on_draw, spared a call: the memo of the hand before the draw
            x = drawn.index
            memo = self._needs[seat]
            counts[x] -= 1
            if memo is None or memo[0] != counts or memo[5] != len(self._melds[seat]):
                memo = self._memo(seat, counts, x)
            counts[x] += 1
            if memo[4][x] and self._completes(seat, memo, x):
                actions.append(_WINS[seat][x])
            if seat in self._ting:
                actions.append(_DISCARDS[seat][drawn.index])
                return actions
        if self._top < self._bottom:
            if 4 in counts:  # (a 百搭 has one copy)
                for i in range(N_PLAIN):
                    if counts[i] == 4:
                        actions.append(_action(seat, ActionKind.ANGANG, CARDS[i]))
            for m in self._melds[seat]:
                if m.source is _PENG and counts[m.faces[0].index]:
                    actions.append(_action(seat, ActionKind.JIAGANG, m.faces[0]))
        actions.extend(compress(_DISCARDS[seat], counts))
        return actions

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the last legal actions handed out (so legal now): the
        engine's actions are shared objects, no ``==`` is needed."""
        cached = self._legal
        if cached is not None:
            for a in cached[1]:
                if a is action:
                    return True
        return False

    def verify(self, action: Action) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now.

        >>> Game(seed=2).verify(Action(1, ActionKind.PASS))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
        """
        if type(action) is not Action:
            raise not_an_action(action, Action, "nantong")
        if self._listed(action):
            return
        if self._phase == "over":
            raise IllegalActionError(f"{action} is not legal now: the hand is over")
        if action.seat not in self.to_act:
            raise not_to_act(action, action.seat, self._to_act_seen_by(action.seat))
        legal = self.legal_actions(action.seat)
        if action not in legal:  # (`in` tries `is` first)
            reason = _REASONS[self._phase]
            if action.seat in self._ting and self._phase == "discard":
                reason = "after 報聽 only the drawn card may be discarded"
            elif (
                self._phase == "discard"
                and action.kind is ActionKind.DISCARD
                and action.card is not None
                and action.card not in self.hand(action.seat)
            ):  # (as every family names it: review h108)
                reason = f"seat {action.seat} holds no {action.card}"
            elif self._phase == "discard" and action.kind is ActionKind.PASS:
                reason = f"nothing is on offer: seat {action.seat} is to play in its turn (打)"
            elif self._phase == "discard" and action.card is None:  # (review h130)
                reason = legal_of_kind(action.kind, legal) or reason
            if self._phase == "claim" and action.kind in _CLAIM_KINDS:
                reason = self._claim_refusal(action, legal)
            raise IllegalActionError(f"{action} is not legal now: {reason}")

    def _claim_refusal(self, action: Action, legal: list[Action]) -> str:
        """Why a claim or 過 of the card on offer is not legal (reviews h105, h106: the one
        phase-wide reason was given of a listed move spelled otherwise and of a 胡 the hand
        cannot make): the card is not the one on offer, or the moves of that kind legal now,
        or that the hand cannot make it."""
        kind, card = action.kind, action.card
        if card is not None and card != self.offered and kind is not ActionKind.PASS:
            return f"the card on offer is {self.offered}, not {card}"
        if (listed := legal_of_kind(kind, legal)) is not None:
            return listed
        choices = "; ".join(str(a) for a in legal)
        return f"seat {action.seat} cannot {kind.hanzi} {self.offered} with this hand (legal now: {choices})"

    # ----------------------------------------------------------------- changes
    def apply(self, action: Action) -> ActionRecord[Action]:
        """Apply a legal action (and the draws it causes); illegal ones raise and leave the
        game unchanged.

        >>> g = Game(seed=4)
        >>> record = g.apply(g.legal_actions(0)[-1])
        >>> record.action.kind, record.auto, g.to_act
        (ActionKind.PASS, False, (1,))
        """
        cached = self._legal
        if cached is None:
            self.verify(action)
        else:  # (_listed, spared a call)
            for listed in cached[1]:
                if listed is action:
                    break
            else:
                self.verify(action)
        self._legal = None
        draws: list[tuple[int, Card]] = []
        kind, seat, card = action.kind, action.seat, action.card
        phase = self._phase
        if phase == "discard":
            if kind is _DISCARD:  # (the most common action, spared a call)
                assert card is not None
                self._discard_from(seat, card, draws)
            else:
                self._turn(seat, kind, card, draws)
        elif phase == "declare":
            self._declare(seat, kind, card, draws)
        else:
            decisions = self._decisions
            decisions[seat] = action
            if len(decisions) == len(self._claimants):  # (only claimants decide)
                self._resolve_claims(draws)
        record: ActionRecord[Action] = ActionRecord(action, False, "", tuple(draws))
        self._log.append(record)
        return record

    def _declare(
        self, seat: int, kind: ActionKind, card: Card | None, draws: list[tuple[int, Card]]
    ) -> None:
        if kind == ActionKind.WIN:
            # §7 天胡 is the dealer's win with his initial 23 cards; after the replacement of a
            # 叫牌 four (§3) it is a win on that card: 自摸 and 杠開, not 天胡
            drawn = self._drawn
            self._finish_win(seat, drawn, self_drawn=True, tianhu=drawn is None)
        elif kind == ActionKind.CALL:
            assert card is not None
            n = self._hands[seat][card.index]
            self._hands[seat][card.index] = 0
            self._sizes[_SIZE_AT[seat][card.index]] -= n
            self._melds[seat].append(_called_meld(card.index, n))
            if n == 4:
                self._draw(seat, draws, replacement=True)
        else:
            if kind == ActionKind.TING:
                self._ting.add(seat)
            nxt = self._ring.next[seat]
            if nxt == self.dealer:
                self._phase = "discard"
                self._drawn = None
                self._replacement = False
            self._current = nxt

    def _turn(
        self, seat: int, kind: ActionKind, card: Card | None, draws: list[tuple[int, Card]]
    ) -> None:
        if kind is _WIN:
            self._finish_win(seat, self._drawn, self_drawn=True)
            return
        assert card is not None
        if kind is _DISCARD:
            self._discard_from(seat, card, draws)
        elif kind is _ANGANG:
            self._hands[seat][card.index] -= 4
            self._sizes[_SIZE_AT[seat][card.index]] -= 4
            self._melds[seat].append(_FOURS[SetKind.DRAWN4][card.index])
            self._draw(seat, draws, replacement=True)
        else:  # 加杠: the drawn fourth onto his 碰, scored as 明杠
            self._hands[seat][card.index] -= 1
            self._sizes[_SIZE_AT[seat][card.index]] -= 1
            index = next(
                i
                for i, m in enumerate(self._melds[seat])
                if m.source == SetKind.PENG and m.card == card
            )
            self._melds[seat][index] = _FOURS[SetKind.EXPOSED4][card.index]
            self._draw(seat, draws, replacement=True)

    def _discard_from(self, seat: int, card: Card, draws: list[tuple[int, Card]]) -> None:
        """``seat`` discards ``card``: the others may claim it, or the next seat draws."""
        x = card.index
        self._hands[seat][x] -= 1
        self._sizes[_SIZE_AT[seat][x]] -= 1
        self._rivers[seat].append(card)
        self._first_discard = seat == self.dealer and self._discards_made == 0
        self._discards_made += 1
        self._discard, self._discarder = card, seat
        self._drawn = None
        self._decisions = {}
        self._options = options = {}
        hands, needs, melds, ting = self._hands, self._needs, self._melds, self._ting
        sizes, baida = self._sizes, self.rules.baida
        for s in _AFTER[self.sitting_out][seat]:
            # what _claim_options answers with no 胡 and no set to claim, spared its call
            counts = hands[s]
            memo = needs[s]
            n_melds = len(melds[s])
            if memo is None or memo[0] != counts or memo[5] != n_melds:  # (_memo's, inlined)
                memo = needs[s] = self._hand_memo(counts, n_melds, sizes[5 * s : 5 * s + 5], baida)
            # (_claim_options, spared its call and its second look at the memo)
            can_win = memo[4][x] and self._completes(s, memo, x)
            if can_win or (counts[x] >= 2 and x < N_PLAIN and s not in ting):
                stock_left = self._bottom - self._top
                options[s] = claims._options(s, x, counts[x], can_win, s in ting, stock_left)
        if options:
            self._claimants = tuple(options)
            self._phase = "claim"
            return
        self._claimants = ()
        self._discard = None
        # _draw for the next seat, spared a call (in play, not the opening declarations)
        top = self._top
        if top >= self._bottom:
            self._finish_huangpai()
            return
        drawn = self._drawn = self._deck[top]
        self._top = top + 1
        nxt = self._current = self._ring.next[seat]
        hands[nxt][drawn.index] += 1
        sizes[_SIZE_AT[nxt][drawn.index]] += 1
        draws.append((nxt, drawn))
        self._replacement = False
        self._phase = "discard"

    def _draw(self, seat: int, draws: list[tuple[int, Card]], replacement: bool) -> bool:
        if self._top >= self._bottom:
            self._finish_huangpai()
            return False
        card = self._deck[self._top]
        self._top += 1
        self._hands[seat][card.index] += 1
        self._sizes[_SIZE_AT[seat][card.index]] += 1
        draws.append((seat, card))
        self._current = seat
        if self._phase != "declare":
            self._drawn = card
            self._replacement = replacement
            self._phase = "discard"
        elif seat == self.dealer:  # (his replacement for a 叫牌 four: he may win on it at once)
            self._drawn = card
            self._replacement = True
        return True

    def _advance_draw(self, discarder: int, draws: list[tuple[int, Card]]) -> None:
        self._discard = None
        self._claimants = ()
        self._decisions = {}
        self._draw(self._ring.next[discarder], draws, replacement=False)

    def _resolve_claims(self, draws: list[tuple[int, Card]]) -> None:
        card, discarder = self._discard, self._discarder
        assert card is not None and discarder is not None
        claim = claims._first_claim(self._decisions, _AFTER[self.sitting_out][discarder])
        if claim is None:
            self._advance_draw(discarder, draws)
            return
        seat = claim.seat
        self._rivers[discarder].pop()
        self._discard = None
        self._claimants = ()
        self._decisions = {}
        if claim.kind == ActionKind.WIN:
            self._hands[seat][card.index] += 1
            self._sizes[_SIZE_AT[seat][card.index]] += 1
            self._finish_win(seat, card, self_drawn=False, discarder=discarder)
        elif claim.kind == ActionKind.GANG:
            self._hands[seat][card.index] -= 3
            self._sizes[_SIZE_AT[seat][card.index]] -= 3
            self._melds[seat].append(_FOURS[SetKind.EXPOSED4][card.index])
            self._draw(seat, draws, replacement=True)
        else:
            self._hands[seat][card.index] -= 2
            self._sizes[_SIZE_AT[seat][card.index]] -= 2
            self._melds[seat].append(_PENGS[card.index])
            self._current = seat
            self._drawn = None
            self._replacement = False
            self._phase = "discard"

    def _finish_huangpai(self) -> None:
        self._phase = "over"
        self._result = GameResult(
            None, "huangpai", next_dealer=next_dealer(self.rules, self.dealer, None), label="荒牌"
        )

    def _finish_win(
        self,
        seat: int,
        card: Card | None,
        self_drawn: bool,
        tianhu: bool = False,
        discarder: int | None = None,
    ) -> None:
        # (a win in the opening round — 天胡, or 杠開 on a 叫牌's replacement — comes before
        # the others were asked to 叫牌)
        opening = self._phase == "declare"
        others = tuple(self._other_hand(s, opening) for s in self.players if s != seat)
        win = Win(
            self.hand(seat),
            tuple(self._melds[seat]),
            winning_card=card,
            self_drawn=self_drawn,  # (a 天胡 too: whether it earns the 自摸 10 is N15's)
            jiang=self.jiang,
            gangkai=self_drawn and self._replacement and not tianhu,
            tianhu=tianhu,
            dihu=discarder == self.dealer and self._first_discard and seat != self.dealer,
            tianting=seat in self._ting,
            haidi=self_drawn and not tianhu and self.stock_left == 0,
            baida_dealt=seat == self._baida_dealt,
            seat=seat,
            others=others,
            rules=self.rules,
        )
        sheet, reading = scored(win, self.rules)
        self._phase = "over"
        self._result = GameResult(
            seat,
            "win",
            sheet,
            next_dealer=next_dealer(self.rules, self.dealer, seat),
            value=sheet.total,
            label="胡",
            win=win,
            discarder=discarder,
            self_drawn=self_drawn,
            decomposition=reading,
        )

    def _other_hand(self, seat: int, opening: bool) -> OtherHand:
        """The hand of a seat that did not win, for the settlement (§7.2). After a win in the
        opening round (the dealer's 天胡, or his 杠開 on a 叫牌's replacement) its 叫牌 count
        as declared: §8 asks the declaration "before the dealer's first discard", and the win
        came before it and before the seat was asked, so a dealt four (or three of a flipped
        card) is a 起手 set, not 後摸 (reviews h33, h35)."""
        hand = self.hand(seat)
        melds = tuple(self._melds[seat])
        if opening:
            callable_, sets = self._opening_sets(seat)
            if callable_:
                melds += sets
                hand = tuple(c for c in hand if c.index not in callable_)
        return OtherHand(seat, hand, melds, baida_dealt=seat == self._baida_dealt)

    def _opening_sets(self, seat: int) -> tuple[list[int], tuple[Meld, ...]]:
        """The kinds ``seat`` may still declare by 叫牌 in the opening round, and their sets."""
        counts = self._hands[seat]
        flips = (self.jiang[0].index, self.jiang[1].index)
        callable_ = claims._callable(counts, flips, self.stock_left)
        return callable_, tuple(_called_meld(i, counts[i]) for i in callable_)

    # ----------------------------------------------------------------- views and copies
    def view(self, seat: int) -> GameView[Card, Action]:
        """What ``seat`` may see (a :class:`~changpai.core.GameView`): its own hand, every
        playing seat's hand size, sets and discards, the flipped 將, who sits out, who declared
        報聽 (see :func:`changpai.nantong.views.game_view`).

        >>> v = Game(seed=8).view(1)
        >>> len(v.hand), [s.hand_size for s in v.seats], v.stock_size, v.fact("sits out")
        (22, [23, 22, 22], 51, 3)
        >>> Game(seed=8).view(99)
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat=99 is not a seat; expected a whole number 0..3
        """
        return views.game_view(self, self._seat(seat))

    def _repr_html_(self) -> str:
        """The whole state for notebooks (see :func:`changpai.nantong.views.game_html`).

        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "stock</span> 51" in html, "▶ seat 0" in html, "sits out" in html
        (3, True, True, True)
        """
        return views.game_html(self)

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self._deck, self.dealer, tuple(tuple(h) for h in self._hands),
            tuple(tuple(m) for m in self._melds), tuple(tuple(r) for r in self._rivers),
            self._top, self._phase, self._current, self._drawn, self._replacement,
            tuple(sorted(self._ting)), self._discard, self._discarder,
            tuple(sorted(self._decisions.items())), self._claimants, self._discards_made,
            self._first_discard, tuple(self._log), self._result,
        )  # fmt: skip

    def copy(self) -> Game:
        """An independent copy, equal to this game.

        >>> g = Game(seed=1); h = g.copy(); _ = h.apply(h.legal_actions(0)[-1]); g == h, g == g.copy()
        (False, True)
        """
        new = object.__new__(type(self))  # (a subclass stays itself, review h59)
        new.__dict__.update(self.__dict__)
        copy_user_slots(self, new)  # (and its slots; the game's own state is set below)
        new._hands = [bytearray(h) for h in self._hands]
        new._sizes = list(self._sizes)
        new._melds = [list(m) for m in self._melds]
        new._rivers = [list(r) for r in self._rivers]
        new._ting = set(self._ting)
        new._decisions = dict(self._decisions)
        new._log = list(self._log)
        new._needs = list(self._needs)
        return new
