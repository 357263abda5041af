"""The 跑胡子 game engine (zipai.md §2-§9): deal, draw, discard, claims, forced moves, 胡, 荒莊.

An app runs a hand by asking the engine who must decide (:attr:`Game.to_act`), what that seat
may do (:meth:`Game.legal_actions`), and applying one of those actions (:meth:`Game.apply`).

>>> import random
>>> game = Game(rules=HUNAN, seed=7)
>>> chooser = random.Random(1)
>>> while not game.is_over:
...     seat = game.to_act[0]
...     record = game.apply(chooser.choice(game.legal_actions(seat)))
>>> game.result.winner in (None, 0, 1, 2)
True
>>> Game.from_json(game.to_json()) == game
True

**Forced moves** (one rule, zipai.md §5 "Optional vs forced"): the engine applies every move that
leaves no choice by itself and writes it to :attr:`Game.log` as a record with ``auto=True``: the
deal and the 亮張, the automatic 提 after the deal (``rules.dealt_ti_in_hand``: a seat dealt at
most that many fours keeps them concealed, §9; they are laid with its next 跑 / 提), a
mandatory 天胡 (3 提 / 5 坎), every draw, the drawer's 提 / 偎 / 臭偎 (the card stays hidden),
every 跑, an unused card going to a discard area, and 荒莊. Every real choice is a decision of
one seat, asked one at a time in the priority order of §6: 胡 (also 破跑胡, where a forced 跑
would follow a pass), 碰, 吃 with its 比 (one action holds the 吃 and all its compulsory 比
melds), discard, and ``PASS``.

**Stacked decks**: ``Game(deck=...)`` takes the 80 cards in deal order: the first ``hand_size``
cards go to the dealer, the next ``hand_size`` to the dealer's 下家 and so on round the active
seats; the next card is the 亮張 (the dealer's extra card); the rest is the stock (墩), drawn
from the front.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
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
from changpai.zipai.cards import CARDS, DECK, KINDS, Card, parse
from changpai.zipai.hand import (
    ChiOption,
    Decomposition,
    best_decomposition,
    chi_options,
    is_tianhu,
)
from changpai.zipai.melds import Meld, MeldKind, Origin, classify, huxi
from changpai.zipai.rules import HUNAN, Rules
from changpai.zipai.scoring import Win, score

__all__ = [
    "Action",
    "ActionKind",
    "ActionRecord",
    "Game",
    "GameResult",
    "GameView",
    "SeatView",
    "SeenMeld",
    "stack_deck",
]


class ActionKind(HanziEnum, short_repr=True):
    """What an action or log record does. Each member carries its hanzi (``.hanzi``).

    Decisions (a seat chooses): ``DISCARD``, ``CHI``, ``PENG``, ``HU``, ``PASS``. Records the
    engine writes itself (``auto=True``): ``DEAL``, ``LIANG``, ``DRAW``, ``TI``, ``WEI``,
    ``CHOUWEI``, ``PAO``, ``TIANHU``, ``TO_DISCARDS``, ``HUANGZHUANG``.

    >>> ActionKind.PENG.hanzi, ActionKind.PENG.is_decision, ActionKind.TI.is_decision
    ('碰', True, False)
    """

    DISCARD = ("discard", "打")
    CHI = ("chi", "吃")
    PENG = ("peng", "碰")
    HU = ("hu", "胡")
    PASS = ("pass", "過")
    DEAL = ("deal", "發牌")
    LIANG = ("liang", "亮張")
    DRAW = ("draw", "摸")
    TI = ("ti", "提")
    WEI = ("wei", "偎")
    CHOUWEI = ("chouwei", "臭偎")
    PAO = ("pao", "跑")
    TIANHU = ("tianhu", "天胡")
    TO_DISCARDS = ("to_discards", "棄")
    HUANGZHUANG = ("huangzhuang", "荒莊")

    @property
    def is_decision(self) -> bool:
        """Whether a seat chooses this action (else the engine applies it)."""
        return self in _DECISIONS


_DECISIONS = frozenset(
    {ActionKind.DISCARD, ActionKind.CHI, ActionKind.PENG, ActionKind.HU, ActionKind.PASS}
)


def _to_card(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    return Card.parse(value)


def _check_action_seat(_action: object, _attribute: object, seat: Any) -> None:
    """The validator of ``Action.seat``: a whole number >= 0 (not a bool); the table's own
    range is checked by :meth:`Game.verify`."""
    if type(seat) is int and seat >= 0:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise NotationError(f"seat={seat!r} is not a seat; expected a whole number 0, 1, 2 …")


def _to_melds(value: Iterable[Meld | str]) -> tuple[Meld, ...]:
    return tuple(m if isinstance(m, Meld) else Meld.parse(m) for m in value)


@frozen
class Action:
    """One action of one seat: a decision, or a record the engine applied (see :class:`ActionKind`).

    ``card`` is the card concerned (discarded, claimed, drawn, won on); ``melds`` the melds it
    makes — for ``CHI`` the 吃 meld followed by every compulsory 比 meld. Cards and melds may be
    given as text.

    >>> Action(1, ActionKind.CHI, "x2", ("吃 一二三", "比 二二貳"))
    Action(seat=1, kind=ActionKind.CHI, card=Card('x2'), melds=(Meld.parse('吃 一二三'), Meld.parse('比 二二貳')))
    >>> Action.from_dict(Action(0, ActionKind.DISCARD, "d5").to_dict())
    Action(seat=0, kind=ActionKind.DISCARD, card=Card('d5'), melds=())
    """

    seat: int = field(validator=_check_action_seat)
    kind: ActionKind
    card: Card | None = field(default=None, converter=_to_card)
    melds: tuple[Meld, ...] = field(default=(), converter=_to_melds)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as ASCII codes, melds as text)."""
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.melds:
            out["melds"] = [str(m) for m in self.melds]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read an action written by :meth:`to_dict`.

        >>> Action.from_dict({"seat": 2, "kind": "flee"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'seat': 2, 'kind': 'flee'} is not a zipai action: 'flee' is not a valid ActionKind
        """
        try:
            return cls(
                data["seat"],
                ActionKind(data["kind"]),
                data.get("card"),
                tuple(data.get("melds", ())),
            )
        except KeyError as error:
            raise NotationError(
                f"{data!r} is not a zipai action: the key {error} is missing"
            ) from None
        except (TypeError, ValueError, AttributeError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(f"{data!r} is not a zipai action: {error}") from None

    def __str__(self) -> str:
        if self.melds:  # the melds carry their own label: 吃 … 比 …, 偎 …, 跑 …
            return f"seat {self.seat} {' '.join(str(m) for m in self.melds)}"
        text = f"seat {self.seat} {self.kind.hanzi}"
        if self.card is not None:
            return f"{text} {self.card.hanzi}"
        return text


@frozen
class ActionRecord:
    """One line of :attr:`Game.log`: the action and whether the engine applied it by itself.

    >>> str(ActionRecord(Action(0, ActionKind.DRAW, "x3"), auto=True))
    'seat 0 摸 三 (auto)'
    """

    action: Action
    auto: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {**self.action.to_dict(), "auto": self.auto}

    def __str__(self) -> str:
        return f"{self.action}{' (auto)' if self.auto else ''}"


@frozen
class GameResult:
    """How a hand ended: the winner (``None`` for 荒莊), the :class:`Win` and its score sheet.

    >>> GameResult(None, None, None).net(3)
    {0: 0, 1: 0, 2: 0}
    """

    winner: int | None
    win: Win | None
    sheet: ScoreSheet | None

    @property
    def huangzhuang(self) -> bool:
        """荒莊: the stock ran out without a winner (§6)."""
        return self.winner is None

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Who pays whom (empty after a 荒莊)."""
        return () if self.sheet is None else self.sheet.payments

    @property
    def huxi(self) -> int:
        """The winner's 胡息 (0 after a 荒莊)."""
        return 0 if self.win is None else self.win.decomposition.huxi

    def net(self, seats: int) -> dict[int, int]:
        """Net gain of every seat ``0 .. seats-1``."""
        out = dict.fromkeys(range(seats), 0)
        if self.sheet is not None:
            for seat, amount in self.sheet.net().items():
                out[seat] += amount
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "winner": self.winner,
            "huangzhuang": self.huangzhuang,
            "huxi": self.huxi,
            "tianhu": bool(self.win and self.win.tianhu),
            "decomposition": None if self.win is None else self.win.decomposition.to_dict(),
            "sheet": None if self.sheet is None else self.sheet.to_dict(),
        }

    def __str__(self) -> str:
        if self.win is None or self.sheet is None:
            return "荒莊 (no winner)"
        return f"seat {self.winner} 胡: {self.win.decomposition}\n{self.sheet}"

    def _repr_html_(self) -> str:
        """The result for notebooks: who won, the winning decomposition and the score sheet.

        >>> GameResult(None, None, None)._repr_html_()
        '<div><b>荒莊 (no winner)</b></div>'
        """
        if self.win is None or self.sheet is None:
            return "<div><b>荒莊 (no winner)</b></div>"
        d = self.win.decomposition
        melds = render.line(
            [render.meld(m.label(), m.cards, title=str(m)) for m in d.melds],
            note=f"{d.huxi} 胡息",
        )
        head = render.esc(f"seat {self.winner} 胡")
        return f"<div><b>{head}</b>{melds}{self.sheet._repr_html_()}</div>"


@frozen
class SeenMeld:
    """A table meld as one seat sees it: its kind, the cards face up, and how many lie face down.

    >>> str(SeenMeld(MeldKind.CHOUWEI, parse("三"), 2)), str(SeenMeld(MeldKind.WEI, (), 3))
    ('臭偎 三■■', '偎 ■■■')
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    hidden: int = 0
    label: str = ""

    def __str__(self) -> str:
        return f"{self.label or self.kind.hanzi} {''.join(c.hanzi for c in self.cards)}{'■' * self.hidden}"


@frozen
class SeatView:
    """What is public about one seat: table melds (as seen), discard area and hand size.

    >>> Game(deck=stack_deck(hands={2: "一一一一"})).view(0).seats[2].melds
    (SeenMeld(kind=MeldKind.TI, cards=(Card('x1'),), hidden=3, label=''),)
    """

    seat: int
    melds: tuple[SeenMeld, ...]
    discards: tuple[Card, ...]
    hand_size: int


@frozen
class GameView:
    """What one seat may see (``Game.view(seat)``): its own hand, every seat's table and discards
    (偎 face down to others, 臭偎 with one card up, 提 with ``rules.ti_face_up`` cards up), the
    card on offer, the stock size, who must act (a pending claim only when it is this seat's
    own) and this seat's legal actions.

    >>> view = Game(seed=3).view(0)
    >>> len(view.hand), view.stock_size, view.to_act, len(view.legal_actions) > 0
    (21, 19, (0,), True)
    """

    seat: int
    dealer: int
    hand: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    liang: Card
    offered: Card | None
    stock_size: int
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    result: GameResult | None

    def __str__(self) -> str:
        lines = [f"seat {self.seat} sees (dealer {self.dealer}, stock {self.stock_size}):"]
        lines.append(f"  hand: {''.join(c.hanzi for c in self.hand)}")
        for s in self.seats:
            melds = " ".join(str(m) for m in s.melds) or "-"
            discards = "".join(c.hanzi for c in s.discards) or "-"
            lines.append(
                f"  seat {s.seat} [{s.hand_size} in hand] table: {melds}; discards: {discards}"
            )
        if self.offered is not None:
            lines.append(f"  on offer: {self.offered.hanzi}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """What the seat sees, for notebooks: its own hand as chips, the other hands as a count,
        every table meld (face-down cards as dark chips) and discard area, the stock size, the
        亮張, the card on offer and the result when over.

        >>> html = Game(seed=3).view(1)._repr_html_()
        >>> html.count("<tr><td"), "20 cards" in html, "stock</span> 19" in html
        (3, True, True)
        """
        rows = []
        for s in self.seats:
            if s.seat == self.seat:
                hand = render.Html(f"{len(self.hand)}: {render.cards(self.hand)}")
            else:
                hand = render.esc(f"{s.hand_size} cards")
            melds = [
                render.meld(m.label or m.kind.hanzi, m.cards, hidden=m.hidden, title=str(m))
                for m in s.melds
            ]
            rows.append(
                render.SeatRow(
                    s.seat,
                    hand=hand,
                    melds=render.line(melds),
                    discards=render.cards(s.discards),
                    acting=s.seat in self.to_act,
                    note=", ".join(
                        w for w, on in (("dealer", s.seat == self.dealer), ("you", s.seat == self.seat))
                        if on
                    ),
                )
            )
        facts: list[tuple[str, str]] = [
            ("stock", str(self.stock_size)),
            ("亮張", render.card(self.liang)),
        ]
        if self.offered is not None:
            facts.append(("on offer", render.card(self.offered)))
        if self.to_act:
            facts.append(("to act", ", ".join(f"seat {s}" for s in self.to_act)))
        facts.append(("legal actions", str(len(self.legal_actions))))
        footer = "" if self.result is None else render.Html(self.result._repr_html_())
        return render.seat_table(
            rows, title=f"字牌: what seat {self.seat} sees", facts=facts, footer=footer
        )


# ----------------------------------------------------------------------------------------------
# Internal state
# ----------------------------------------------------------------------------------------------

_SET_KINDS = (MeldKind.PENG, MeldKind.WEI, MeldKind.CHOUWEI)
# records of a seat taking a card in (進牌) before its win (聽胡 / 地胡, zipai.md §8.6); a 提 counts
# unless it is a dealt four laid by the engine (origin HAND)
_TAKE_IN = frozenset(
    {ActionKind.CHI, ActionKind.PENG, ActionKind.PAO, ActionKind.WEI, ActionKind.CHOUWEI}
)
_QUAD_KINDS = (MeldKind.PAO, MeldKind.TI)


def _shape_masks(allow_1_5_10: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per card kind, the (kinds present, kinds doubled) bit masks of each 一句話 / 絞 it is in."""
    rules = HUNAN.evolve(allow_1_5_10=allow_1_5_10)
    per: list[list[tuple[int, int]]] = [[] for _ in range(KINDS)]
    for a in range(KINDS):
        for b in range(a, KINDS):
            for c in range(b, KINDS):
                kind = classify((CARDS[a], CARDS[b], CARDS[c]), rules=rules)
                if kind is None or not kind.is_sentence:
                    continue
                present = (1 << a) | (1 << b) | (1 << c)
                doubled = (1 << b) if a == b or b == c else 0
                for x in {a, b, c}:
                    per[x].append((present, doubled))
    return tuple(tuple(shapes) for shapes in per)


_SHAPES = (_shape_masks(False), _shape_masks(True))


def _may_complete(hand: list[int], k: int, allow_1_5_10: bool) -> bool:
    """A cheap necessary condition for a win with card k joining the free cards of ``hand``:
    every free card (not in a 坎 / 提) has some 一句話 / 絞 to go into, or a second copy for the
    pair. False means that no decomposition exists; True decides nothing."""
    present = doubled = 0
    for c in range(KINDS):
        n = hand[c] + (c == k)
        if n == 1:
            present |= 1 << c
        elif n == 2:
            present |= 1 << c
            doubled |= 1 << c
    shapes = _SHAPES[allow_1_5_10]
    rest = present & ~doubled
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        for need, twice in shapes[c]:
            if present & need == need and doubled & twice == twice:
                break
        else:
            return False
    return True


_CACHE_LIMIT = 200_000
_ACTIONS: dict[tuple[int, ActionKind, int], Action] = {}


def _act(seat: int, kind: ActionKind, k: int = -1) -> Action:
    """Interned simple actions (no melds) for the hot path."""
    key = (seat, kind, k)
    action = _ACTIONS.get(key)
    if action is None:
        action = Action(seat, kind, None if k < 0 else CARDS[k])
        _ACTIONS[key] = action
    return action


_CARDS_OF: dict[tuple[int, ...], tuple[Card, ...]] = {}
_CHI_OF: dict[tuple[tuple[int, ...], int, bool], tuple[ChiOption, ...]] = {}


class _Seat:
    """Mutable per-seat state (counts lists, no object churn)."""

    __slots__ = ("chou", "count", "discards", "hand", "hu_passed", "melds", "peng_passed", "quads")

    def __init__(self) -> None:
        self.hand = [0] * KINDS  # concealed counts
        self.melds: list[Meld] = []  # table melds, in the order they were made
        self.discards: list[int] = []  # discard area (own discards and unused own draws)
        self.chou = [False] * KINDS  # 臭牌: may not 吃 / 碰 this card (passed, or own discard)
        self.peng_passed = [False] * KINDS  # declined a 碰 of this card -> later 臭偎
        self.hu_passed: dict[int, int] = {}  # 臭胡: card -> table 胡息 when the 胡 was passed
        self.count = 0  # cards held: hand + table melds
        self.quads = 0  # 跑 + 提 on the table, and dealt fours kept in hand (§9)

    def clone(self) -> _Seat:
        other = _Seat.__new__(_Seat)
        other.hand = self.hand[:]
        other.melds = self.melds[:]
        other.discards = self.discards[:]
        other.chou = self.chou[:]
        other.peng_passed = self.peng_passed[:]
        other.hu_passed = dict(self.hu_passed)
        other.count = self.count
        other.quads = self.quads
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.hand),
            tuple(self.melds),
            tuple(self.discards),
            tuple(self.chou),
            tuple(self.peng_passed),
            tuple(sorted(self.hu_passed.items())),
            self.count,
            self.quads,
        )

    def cards(self) -> tuple[Card, ...]:
        key = tuple(self.hand)
        cards = _CARDS_OF.get(key)
        if cards is None:
            if len(_CARDS_OF) > _CACHE_LIMIT:
                _CARDS_OF.clear()
            cards = tuple(CARDS[k] for k in range(KINDS) for _ in range(key[k]))
            _CARDS_OF[key] = cards
        return cards

    def set_meld(self, k: int) -> int:
        """Index of the 碰 / 偎 / 臭偎 of card k on the table, or -1."""
        card = CARDS[k]
        for i, m in enumerate(self.melds):
            if m.kind in _SET_KINDS and m.cards[0] is card:
                return i
        return -1

    def table_huxi(self, rules: Rules) -> int:
        return sum(huxi(m, rules=rules) for m in self.melds)


# Offer sources and queue entries
_LIANG, _DRAWN, _DISCARDED = "liang", "draw", "discard"
_HU, _PAO, _PENG, _CHI = "hu", "pao", "peng", "chi"

# Phases
_OFFER, _DISCARD, _SELFHU, _OVER = "offer", "discard", "selfhu", "over"


_FORMAT = ("format", "changpai.zipai.game/1")
_JSON_KEYS = ("rules", "deck", "dealer", "actions")


def _read_object(text: object) -> dict[str, Any]:
    """The JSON object of a saved game, its format tag checked; NotationError naming the
    problem when ``text`` is not JSON text, not an object or carries another format."""
    key, value = _FORMAT
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a {value} JSON document: expected JSON text")
    try:
        data = json.loads(text)
    except ValueError as problem:
        raise NotationError(f"not a {value} JSON document: {problem}") from None
    if not isinstance(data, dict):
        raise NotationError(
            f"not a {value} JSON document: the text holds a {type(data).__name__}, "
            "not a JSON object"
        )
    return read_document(text, _FORMAT) if data.get(key) != value else data


def _deck_indices(seed: int | None, deck: Sequence[Card] | str | None) -> tuple[int, ...]:
    cards = None
    if deck is not None:
        cards = parse(deck) if isinstance(deck, str) else tuple(deck)
        if not all(isinstance(c, Card) for c in cards):
            raise NotationError(f"deck {deck!r} must hold zipai Cards")
    what = "zipai.DECK (4 of each kind)"
    order = deal_order(DECK, seed=seed, deck=cards, what=what, error=NotationError)
    return tuple(c.index for c in order)


class Game(GameBase):
    """One hand of 跑胡子 (zipai.md §2-§9), played through verify / can / apply.

    Args:
        rules: a :class:`~changpai.zipai.Rules` preset (``HUNAN``, ``LIUHUDAO``, ``HAHA`` …).
        seed: shuffles the deck (``random.Random(seed)``) when no ``deck`` is given.
        deck: a stacked deck of 80 cards in deal order (see the module docs), as cards or text.
        dealer: the dealer's seat (default 0). With ``rules.shuxin`` there are four seats and the
            seat opposite the dealer is the 數信, who is dealt no cards.
        huangfan: the number of 荒莊 in a row right before this hand (黃番, zipai.md §8.6); it
            goes into the :class:`~changpai.zipai.scoring.Win` of the hand (``Match`` fills it).

    The :class:`~changpai.zipai.scoring.Win` of a won hand carries the facts of how it was won
    that the 名堂 presets of zipai.md §8.6 score (``haidi``, ``dihu``, ``tinghu``, ``shuahou``,
    ``huangfan``; ``jushou`` stays False: the rules have no 舉手 declaration); see
    docs/zipai-engine.md.

    Seats are numbered ``0 .. rules.seats-1``; play goes 0 -> 1 -> 2 (-> 3), skipping the 數信.

    >>> game = Game(seed=3)
    >>> game.to_act, len(game.view(game.dealer).hand) + len(game.view(game.dealer).seats[game.dealer].melds) >= 0
    ([0], True)
    >>> game.apply(Action(1, ActionKind.PASS))
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: seat 1 cannot act now: waiting for seat 0
    """

    __slots__ = (
        "_deck",
        "_liang",
        "_log",
        "_next",
        "_offer",
        "_orders",
        "_phase",
        "_pos",
        "_queue",
        "_result",
        "_ring",
        "_seats",
        "_shuxin",
        "_stock",
        "_turn",
        "dealer",
        "huangfan",
        "rules",
    )

    def __init__(
        self,
        rules: Rules = HUNAN,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        huangfan: int = 0,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"{rules!r} is not a zipai Rules object")
        dealer = check_seat(dealer, rules.seats, what="dealer", error=RulesError)
        if isinstance(huangfan, bool) or not isinstance(huangfan, int) or huangfan < 0:
            raise RulesError(
                f"huangfan={huangfan!r}: the number of 荒莊 before the hand (黃番) "
                "is a whole number >= 0"
            )
        self.rules = rules
        self.dealer = dealer
        self.huangfan = huangfan
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
        self._log: list[ActionRecord] = []
        self._phase = _OVER
        self._offer: tuple[int, str, int] = (0, _LIANG, dealer)  # card, source, source seat
        self._queue: list[tuple[str, int]] = []
        self._pos = 0
        self._turn = dealer  # seat that must discard / may 胡 after a forced 提 or 偎
        self._result: GameResult | None = None
        self._start()

    # ------------------------------------------------------------------ public face

    @property
    def log(self) -> tuple[ActionRecord, ...]:
        """Every action and engine record so far, in order (omniscient: shows hidden cards).

        >>> [str(r) for r in Game(deck=stack_deck(liang="九")).log]
        ['seat 0 發牌 (auto)', 'seat 0 亮張 九 (auto)']
        """
        return tuple(self._log)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a 胡 or 荒莊).

        >>> Game(deck=stack_deck(hands={1: "一一一一 二二二二 三三三三"})).is_over  # 天胡
        True
        """
        return self._phase == _OVER

    @property
    def result(self) -> GameResult | None:
        """The :class:`GameResult` once the hand is over, else ``None``.

        >>> Game(deck=stack_deck(hands={1: "一一一一 二二二二 三三三三"})).result.winner
        1
        """
        return self._result

    @property
    def to_act(self) -> list[int]:
        """The seats that must decide now (at most one: claims are asked in priority order).

        >>> Game(seed=1, dealer=2).to_act
        [2]
        """
        if self._phase == _OVER:
            return []
        if self._phase == _OFFER:
            return [self._queue[self._pos][1]]
        return [self._turn]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 80 cards in deal order (see the module docs).

        >>> Game(deck=stack_deck(hands={0: "拾"})).deck[0]
        Card('d10')
        """
        return tuple(CARDS[k] for k in self._deck)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats that play, in turn order from seat 0 (all but the 數信).

        >>> from changpai.zipai.rules import HAHA
        >>> Game(HAHA, seed=1).active_seats
        (0, 1, 3)
        """
        return self._ring.active

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, in draw order (omniscient: hidden from the players).

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
        """The concealed cards of ``seat`` (omniscient; use :meth:`view` for one seat's sight).

        >>> len(Game(seed=1).hand(1))
        20
        """
        return self._seat(seat).cards()

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The table melds of ``seat``, face-down ones included (omniscient).

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
        if self._phase == _OVER or seat not in self.to_act:
            return []
        if self._phase == _DISCARD:
            hand = self._seats[seat].hand
            return [_act(seat, ActionKind.DISCARD, k) for k in range(KINDS) if 1 <= hand[k] <= 2]
        k = self._offer[0]
        if self._phase == _SELFHU:
            return [_act(seat, ActionKind.HU, k), _act(seat, ActionKind.PASS)]
        entry = self._queue[self._pos][0]
        if entry == _HU:
            return [_act(seat, ActionKind.HU, k), _act(seat, ActionKind.PASS)]
        if entry == _PENG:
            return [_act(seat, ActionKind.PENG, k), _act(seat, ActionKind.PASS)]
        card = CARDS[k]
        options = self._chi_options(seat, k)
        return [Action(seat, ActionKind.CHI, card, o.melds) for o in options] + [
            _act(seat, ActionKind.PASS)
        ]

    def verify(self, action: Action) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now.

        >>> game = Game(deck=stack_deck(hands={0: "一一一"}))
        >>> game.verify(Action(0, ActionKind.DISCARD, "x1"))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 0 cannot 打 一: it holds no free 一 (a 坎 is never discarded)
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not a zipai Action")
        if self._phase == _OVER:
            raise IllegalActionError(f"{action}: the hand is over")
        if not action.kind.is_decision:
            raise IllegalActionError(
                f"{action}: {action.kind.hanzi} is applied by the engine, never chosen"
            )
        to_act = self.to_act
        if action.seat not in to_act:
            raise IllegalActionError(
                f"seat {action.seat} cannot act now: waiting for seat {to_act[0]}"
            )
        if self._legal(action):
            return
        raise IllegalActionError(self._why_illegal(action))

    def _legal(self, action: Action) -> bool:
        """The checks behind :meth:`verify` and :meth:`legal_actions` (seat already to act)."""
        kind, seat = action.kind, action.seat
        if self._phase == _DISCARD:
            card = action.card
            return (
                kind is ActionKind.DISCARD
                and card is not None
                and not action.melds
                and 1 <= self._seats[seat].hand[card.index] <= 2
            )
        k = self._offer[0]
        if action.card is not None and action.card is not CARDS[k]:
            return False  # the card may be left out; if given it must be the one concerned
        if kind is ActionKind.PASS:
            return not action.melds
        entry = _HU if self._phase == _SELFHU else self._queue[self._pos][0]
        if entry == _HU:
            return kind is ActionKind.HU and not action.melds
        if entry == _PENG:
            return kind is ActionKind.PENG and not action.melds
        return kind is ActionKind.CHI and self._match_chi(seat, k, action.melds) is not None

    def _match_chi(self, seat: int, k: int, melds: tuple[Meld, ...]) -> ChiOption | None:
        """The 吃 option these melds name: the 吃 meld first, its 比 melds in any order."""
        if not melds:
            return None

        def key(m: Meld) -> tuple[str, tuple[int, ...]]:
            return (m.kind.value, tuple(c.index for c in m.cards))

        chi, bi = key(melds[0]), sorted(key(m) for m in melds[1:])
        for option in self._chi_options(seat, k):
            if key(option.chi) == chi and sorted(key(m) for m in option.bi) == bi:
                return option
        return None

    def apply(self, action: Action) -> ActionRecord:
        """Verify and apply a decision, then every automatic move up to the next decision.

        Returns the record of the decision. An illegal action raises
        :class:`~changpai.errors.IllegalActionError` and leaves the game unchanged.
        """
        self.verify(action)
        record = ActionRecord(action)
        self._log.append(record)
        self._do(action)
        self._advance()
        return record

    def view(self, seat: int) -> GameView:
        """What ``seat`` may see: see :class:`GameView`.

        While a card is on offer (and while a drawer decides whether to 胡 after his forced
        提 / 偎), which seat is being asked is private: it would tell the others that this seat
        can 胡, 碰 or 吃 the card. So ``view.to_act`` then holds ``seat`` itself when it must
        decide, and is empty otherwise; a seat that must discard is public. The 數信 seat
        (``rules.shuxin``) sees the table with an empty hand.

        >>> game = Game(seed=3)
        >>> view = game.view(1)
        >>> len(view.hand), view.stock_size, view.liang == game.deck[60]
        (20, 19, True)
        """
        seat = self._check_seat(seat)
        watcher = self._shuxin >= 0 and seat == self._shuxin  # the 數信 sees the table only
        me = _Seat() if watcher else self._seat(seat)
        to_act = tuple(self.to_act)
        if self._phase in (_OFFER, _SELFHU):
            to_act = tuple(s for s in to_act if s == seat)
        seats = []
        for s in self._ring.active:
            st = self._seat(s)
            seen = tuple(self._seen(m, own=(s == seat)) for m in st.melds)
            hand_size = sum(st.hand)
            seats.append(SeatView(s, seen, tuple(CARDS[k] for k in st.discards), hand_size))
        return GameView(
            seat=seat,
            dealer=self.dealer,
            hand=me.cards(),
            seats=tuple(seats),
            liang=CARDS[self._liang],
            offered=self.offered,
            stock_size=len(self._stock),
            to_act=to_act,
            legal_actions=tuple(self.legal_actions(seat)),
            result=self._result,
        )

    def copy(self) -> Game:
        """An independent copy of the game (equal to this one).

        >>> game = Game(seed=1)
        >>> game.copy() == game, game.copy() is game
        (True, False)
        """
        other = Game.__new__(Game)
        other.rules = self.rules
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
        return other

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

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"to act {self.to_act}"
        return f"<zipai.Game {self.rules.name} dealer={self.dealer} {state} log={len(self._log)}>"

    def _repr_html_(self) -> str:
        """The state for notebooks (the owner of the object sees everything): one row per
        playing seat with its hand, table melds (face-down ones shown) and discard area, the
        seat to act marked; the stock size, the 亮張 and the card on offer; the result, winning
        decomposition and score sheet when over. Red cards (二七十, 貳柒拾) are red.

        >>> html = Game(seed=1)._repr_html_()
        >>> html.count("<tr><td"), "stock</span> 19" in html, "▶ seat 0" in html
        (3, True, True)
        """
        rows = []
        for seat in self.active_seats:
            hand = self.hand(seat)
            melds = [render.meld(m.label(), m.cards, title=str(m)) for m in self.melds(seat)]
            rows.append(
                render.SeatRow(
                    seat,
                    hand=render.Html(f"{len(hand)}: {render.cards(hand)}"),
                    melds=render.line(melds),
                    discards=render.cards(self.discards(seat)),
                    acting=seat in self.to_act,
                    note="dealer" if seat == self.dealer else "",
                )
            )
        facts: list[tuple[str, str]] = [
            ("stock", str(self.stock_size)),
            ("亮張", render.card(CARDS[self._liang])),
        ]
        if self._shuxin >= 0:
            facts.append(("數信", f"seat {self._shuxin}"))
        if self.offered is not None:
            facts.append(("on offer", render.card(self.offered)))
        if self.to_act:
            facts.append(("to act", ", ".join(f"seat {s}" for s in self.to_act)))
        footer = "" if self._result is None else render.Html(self._result._repr_html_())
        return render.seat_table(
            rows, title=f"字牌 {self.rules.name}", facts=facts, footer=footer
        )

    def to_json(self) -> str:
        """The game as JSON: rules, deck, dealer and the decisions; :meth:`from_json` replays them.

        ``huangfan`` is written only when it is not 0 (a document without it reads as 0).

        >>> game = Game(seed=5)
        >>> Game.from_json(game.to_json()) == game
        True
        >>> Game.from_json(Game(seed=5, huangfan=2).to_json()).huangfan
        2
        """
        data: dict[str, Any] = {
            "rules": rules_to_dict(self.rules),
            "deck": " ".join(CARDS[k].code for k in self._deck),
            "dealer": self.dealer,
            "actions": [r.action.to_dict() for r in self._log if not r.auto],
        }
        if self.huangfan:
            data["huangfan"] = self.huangfan
        return write_document(_FORMAT, data)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game written by :meth:`to_json` (the decisions are replayed and checked).

        >>> Game.from_json('{"format": "chess"}')
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a changpai.zipai.game/1 JSON document: format 'chess'
        """
        data = _read_object(text)
        missing = [key for key in _JSON_KEYS if key not in data]
        if missing:
            raise NotationError(
                f"not a {_FORMAT[1]} JSON document: the key(s) {', '.join(map(repr, missing))} "
                f"are missing; expected {', '.join(map(repr, _JSON_KEYS))}"
            )
        deck, actions = data["deck"], data["actions"]
        if not isinstance(deck, str):
            raise NotationError(f"deck={deck!r} is not a string of zipai card codes")
        if not isinstance(actions, list):
            raise NotationError(f"actions={actions!r} is not a list of zipai actions")
        rules = rules_from_dict(Rules, data["rules"], family="zipai")
        huangfan = data.get("huangfan", 0)
        if isinstance(huangfan, bool) or not isinstance(huangfan, int) or huangfan < 0:
            raise NotationError(
                f"huangfan={huangfan!r}: the number of 荒莊 before the hand is a whole number >= 0"
            )
        game = cls(rules, deck=deck, dealer=data["dealer"], huangfan=huangfan)
        return replay(game, [Action.from_dict(item) for item in actions])

    @classmethod
    def replay(
        cls,
        actions: Iterable[Action | ActionRecord],
        rules: Rules = HUNAN,
        *,
        deck: Sequence[Card] | str,
        dealer: int = 0,
        huangfan: int = 0,
    ) -> Game:
        """Replay decisions (or a whole log; engine records are skipped) on a stacked deck.

        >>> game = Game(seed=2)
        >>> _ = game.apply(game.legal_actions(game.to_act[0])[0])
        >>> Game.replay(game.log, deck=game.deck, dealer=game.dealer) == game
        True
        """
        return replay(cls(rules, deck=deck, dealer=dealer, huangfan=huangfan), actions)

    # ------------------------------------------------------------------ helpers

    def _check_seat(self, seat: object) -> int:
        """``seat`` as a seat of this table, or IllegalActionError naming it (bools and
        non-ints are not seats); the common case is one type test."""
        if type(seat) is int and 0 <= seat < len(self._seats):
            return seat
        if isinstance(seat, int) and not isinstance(seat, bool):
            raise IllegalActionError(
                f"seat {seat!r} does not exist; seats are 0..{len(self._seats) - 1}"
            )
        return check_seat(seat, len(self._seats), error=IllegalActionError)

    def _seat(self, seat: int) -> _Seat:
        seat = self._check_seat(seat)
        if seat == self._shuxin:
            raise IllegalActionError(f"seat {seat} is the 數信 and holds no cards")
        return self._seats[seat]

    def _seen(self, meld: Meld, own: bool) -> SeenMeld:
        if own or meld.exposed:
            return SeenMeld(meld.kind, meld.cards, 0, meld.label())
        if meld.kind is MeldKind.WEI:
            return SeenMeld(meld.kind, (), 3)
        if meld.kind is MeldKind.CHOUWEI:
            return SeenMeld(meld.kind, meld.cards[:1], 2)
        if meld.kind is MeldKind.TI:
            up = max(0, min(4, self.rules.ti_face_up))
            return SeenMeld(meld.kind, meld.cards[:up], 4 - up)
        return SeenMeld(meld.kind, (), len(meld.cards))

    def _record(
        self, seat: int, kind: ActionKind, card: int | None = None, melds: tuple[Meld, ...] = ()
    ) -> None:
        self._log.append(
            ActionRecord(Action(seat, kind, None if card is None else CARDS[card], melds), True)
        )

    def _needed(self, st: _Seat) -> int:
        """Cards a seat holds after its turn: hand_size, +1 per 跑/提 beyond the first (§4, §5)."""
        return self.rules.hand_size + max(st.quads - 1, 0)

    def _chi_options(self, seat: int, k: int) -> tuple[ChiOption, ...]:
        st = self._seats[seat]
        if st.chou[k] or st.hand[k] >= 3:
            return ()
        card = CARDS[k]
        v = k % 10
        base = k - v
        hand = st.hand
        # cheap test: some partner card in hand (same value other case, or same case nearby / 2-7-10)
        other = (k + 10) % 20
        if not (
            hand[other]
            or hand[k]
            or any(hand[base + u] for u in range(max(0, v - 2), min(10, v + 3)) if u != v)
            or (v in (1, 6, 9) and any(hand[base + u] for u in (1, 6, 9) if u != v))
            or (self.rules.allow_1_5_10 and v in (0, 4, 9))
        ):
            return ()
        key = (tuple(hand), k, self.rules.allow_1_5_10)
        options = _CHI_OF.get(key)
        if options is None:
            if len(_CHI_OF) > _CACHE_LIMIT:
                _CHI_OF.clear()
            options = tuple(chi_options(st.cards(), card, self.rules))
            _CHI_OF[key] = options
        return options

    def _win(
        self, seat: int, k: int | None, self_drawn: bool, from_discard: bool
    ) -> Decomposition | None:
        """The best winning decomposition of ``seat`` on card k (None: the hand alone)."""
        st = self._seats[seat]
        if self.rules.forbid_hu_after_chongpao and st.quads >= 2:
            return None
        if k is not None and k in st.hu_passed and st.hu_passed[k] == st.table_huxi(self.rules):
            return None  # 臭胡 (§5)
        if not self.rules.paoshuang and k is not None and self._makes_quad(st, k, from_discard):
            return None  # Z12: no 跑雙 — the winning card may not make a 跑 / 提
        if (
            k is not None
            and st.hand[k] <= 1
            and st.set_meld(k) < 0
            and not _may_complete(st.hand, k, self.rules.allow_1_5_10)
        ):
            return None  # a free card with no meld to go into: no need to ask hand.py
        card = None if k is None else CARDS[k]
        dec = best_decomposition(
            st.cards(),
            st.melds,
            self.rules,
            card=card,
            self_drawn=self_drawn,
            from_discard=from_discard,
            chouwei=k is not None and st.peng_passed[k],
        )
        if dec is None or not dec.threshold_met:
            return None
        return dec

    @staticmethod
    def _makes_quad(st: _Seat, k: int, from_discard: bool) -> bool:
        """Whether card k would make a 跑 / 提 for this seat (a 坎, or a 偎 / 碰 on the table)."""
        if st.hand[k] == 3:
            return True
        i = st.set_meld(k)
        return i >= 0 and not (from_discard and st.melds[i].kind is MeldKind.PENG)

    def _why_illegal(self, action: Action) -> str:
        seat, kind = action.seat, action.kind
        if self._phase == _DISCARD:
            if kind is not ActionKind.DISCARD:
                return f"{action}: seat {seat} must discard (打) a card now"
            k = action.card.index if action.card else -1
            if k < 0:
                return f"{action}: name the card to discard"
            return f"seat {seat} cannot 打 {CARDS[k].hanzi}: it holds no free {CARDS[k].hanzi} (a 坎 is never discarded)"
        card = CARDS[self._offer[0]]
        if self._phase == _SELFHU:
            return f"{action}: seat {seat} may only 胡 {card.hanzi} or pass now"
        entry = self._queue[self._pos][0]
        if entry == _HU:
            return (
                f"{action}: seat {seat} may only 胡 {card.hanzi} or pass now (胡 comes first, §6)"
            )
        if entry == _PENG:
            return f"{action}: seat {seat} may only 碰 {card.hanzi} or pass now"
        if kind is ActionKind.CHI:
            options = "; ".join(str(o) for o in self._chi_options(seat, self._offer[0]))
            return (
                f"{action}: not a legal 吃 of {card.hanzi} with its compulsory 比 (§5); "
                f"legal: {options}"
            )
        return f"{action}: seat {seat} may only 吃 {card.hanzi} or pass now"

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
        self._record(self.dealer, ActionKind.DEAL)
        self._record(self.dealer, ActionKind.LIANG, self._liang)
        # §7 天胡 (a): 3 提 or 5 坎, mandatory, dealer first
        for s in order:
            st = self._seats[s]
            if is_tianhu(st.cards()) and (
                not rules.tianhu_needs_threshold or self._tianhu_dec(s).threshold_met
            ):
                self._record(s, ActionKind.TIANHU)
                self._finish(s, self._tianhu_dec(s), self_drawn=True, tianhu=True)
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

    def _tianhu_dec(self, seat: int) -> Decomposition:
        st = self._seats[seat]
        dec = best_decomposition(st.cards(), (), self.rules)
        if dec is not None:
            return dec
        melds = []
        for k in range(KINDS):
            if st.hand[k] == 4:
                melds.append(Meld(MeldKind.TI, (CARDS[k],) * 4))
            elif st.hand[k] == 3:
                melds.append(Meld(MeldKind.KAN, (CARDS[k],) * 3))
        return Decomposition(melds, rules=self.rules)

    def _open(self, k: int, source: str, src: int, queue: list[tuple[str, int]]) -> None:
        self._phase = _OFFER
        self._offer = (k, source, src)
        self._queue = queue
        self._pos = 0

    def _offer_draw(self, k: int, d: int) -> None:
        """A drawn card shown face up: 胡, 跑, 碰, 吃 candidates in priority order (§6)."""
        order = self._orders[d]
        queue: list[tuple[str, int]] = []
        for s in order:
            if self._win(s, k, s == d, False) is not None:
                queue.append((_HU, s))
        pao = -1
        for s in order:
            st = self._seats[s]
            i = st.set_meld(k)
            if (s != d and (st.hand[k] == 3 or i >= 0)) or (
                s == d and i >= 0 and st.melds[i].kind is MeldKind.PENG
            ):
                pao = s
                break
        if pao >= 0:
            queue.append((_PAO, pao))
        else:
            for s in order[1:]:
                st = self._seats[s]
                if st.hand[k] == 2 and not st.chou[k]:
                    queue.append((_PENG, s))
            for s in order[:2]:
                if self._chi_options(s, k):
                    queue.append((_CHI, s))
        self._open(k, _DRAWN, d, queue)

    def _offer_discard(self, k: int, d: int) -> None:
        """A discarded card: 胡 (only if rules.win_on_discard), 跑, 碰, then 吃 by 下家 (§5, §6)."""
        order = self._orders[d][1:]
        queue: list[tuple[str, int]] = []
        if self.rules.win_on_discard:
            for s in order:
                if self._win(s, k, False, True) is not None:
                    queue.append((_HU, s))
        pao = -1
        for s in order:
            st = self._seats[s]
            i = st.set_meld(k)
            if st.hand[k] == 3 or (i >= 0 and st.melds[i].kind is not MeldKind.PENG):
                pao = s
                break
        if pao >= 0:
            queue.append((_PAO, pao))
        else:
            for s in order:
                st = self._seats[s]
                if st.hand[k] == 2 and not st.chou[k]:
                    queue.append((_PENG, s))
            if self._chi_options(order[0], k):
                queue.append((_CHI, order[0]))
        self._open(k, _DISCARDED, d, queue)

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

    def _commit_passes(self, taker: int) -> None:
        """臭牌 (§5): every seat that could 吃 / 碰 this card and passed (and did not take it)."""
        k = self._offer[0]
        for entry, s in self._queue[: self._pos]:
            if s == taker:
                continue
            st = self._seats[s]
            if entry == _PENG:
                st.chou[k] = True
                st.peng_passed[k] = True
            elif entry == _CHI:
                st.chou[k] = True

    def _close_offer(self) -> None:
        k, source, src = self._offer
        self._commit_passes(-1)
        if source == _LIANG:
            self._auto_ti()
            return
        self._seats[src].discards.append(k)
        self._record(src, ActionKind.TO_DISCARDS, k)
        self._draw(self._next[src])

    def _auto_ti(self) -> None:
        """§4: every 4 identical cards in a hand are laid as a 提; then the dealer's turn.

        With ``rules.dealt_ti_in_hand`` (§9, seed 004) a seat dealt at most that many fours
        keeps them concealed in hand; they count as 跑 / 提 all the same (``quads``)."""
        keep = self.rules.dealt_ti_in_hand
        for s in self._orders[self.dealer]:
            st = self._seats[s]
            for k in range(KINDS):
                if st.hand[k] == 4:
                    st.quads += 1
            if st.quads > keep:
                self._lay_kept(s)
        self._end_turn(self.dealer)

    def _lay_kept(self, seat: int) -> None:
        """Lay every four-of-a-kind still in the hand of ``seat`` as a 提 (§4, §9)."""
        st = self._seats[seat]
        for k in range(KINDS):
            if st.hand[k] == 4:
                st.hand[k] = 0
                meld = Meld(MeldKind.TI, (CARDS[k],) * 4, False, Origin.HAND)
                st.melds.append(meld)
                self._record(seat, ActionKind.TI, k, (meld,))

    def _end_turn(self, seat: int) -> None:
        """After a 進牌: discard if the seat holds too many cards, else the 下家 draws (§4, §5)."""
        st = self._seats[seat]
        if st.count > self._needed(st) and any(1 <= n <= 2 for n in st.hand):
            self._phase = _DISCARD
            self._turn = seat
            return
        self._draw(self._next[seat])

    def _draw(self, seat: int) -> None:
        if not self._stock:
            self._record(seat, ActionKind.HUANGZHUANG)
            self._phase = _OVER
            self._result = GameResult(None, None, None)
            return
        k = self._stock.pop(0)
        self._record(seat, ActionKind.DRAW, k)
        st = self._seats[seat]
        card = CARDS[k]
        forced: Meld | None = None
        i = st.set_meld(k)
        if st.hand[k] == 3:
            st.hand[k] = 0
            forced = Meld(MeldKind.TI, (card,) * 4, False, Origin.DRAW)
            st.melds.append(forced)
        elif i >= 0 and st.melds[i].kind is not MeldKind.PENG:
            forced = Meld(MeldKind.TI, (card,) * 4, False, Origin.DRAW)
            st.melds[i] = forced
        elif st.hand[k] == 2:
            st.hand[k] = 0
            kind = MeldKind.CHOUWEI if st.peng_passed[k] else MeldKind.WEI
            forced = Meld(kind, (card,) * 3, False, Origin.DRAW)
            st.melds.append(forced)
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
        paoshuang_ok = self.rules.paoshuang or forced.kind is not MeldKind.TI
        if paoshuang_ok and self._win(seat, None, True, False) is not None:
            self._phase = _SELFHU
            self._turn = seat
            return
        self._end_turn(seat)

    def _pao(self, seat: int) -> None:
        k = self._offer[0]
        st = self._seats[seat]
        card = CARDS[k]
        origin = Origin.DISCARD if self._offer[1] == _DISCARDED else Origin.DRAW
        meld = Meld(MeldKind.PAO, (card,) * 4, True, origin)
        i = st.set_meld(k)
        if i >= 0:
            st.melds[i] = meld
        else:
            st.hand[k] = 0
            st.melds.append(meld)
        st.count += 1
        st.quads += 1
        self._record(seat, ActionKind.PAO, k, (meld,))
        if st.quads > self.rules.dealt_ti_in_hand:  # §9: a kept dealt four is laid now
            self._lay_kept(seat)
        self._end_turn(seat)

    def _do(self, action: Action) -> None:
        seat, kind = action.seat, action.kind
        st = self._seats[seat]
        if kind is ActionKind.DISCARD:
            assert action.card is not None
            k = action.card.index
            st.hand[k] -= 1
            st.count -= 1
            st.chou[k] = True  # nobody 吃 / 碰 a card he discarded himself (§5)
            self._offer_discard(k, seat)
            return
        k = self._offer[0]
        if kind is ActionKind.HU:
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
                        self._seats[self.dealer].count -= 1
                else:
                    self_drawn = source == _DRAWN and seat == src
                    dec = self._win(seat, k, self_drawn, source == _DISCARDED)
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
            if self._phase == _SELFHU:
                self._end_turn(seat)
                return
            entry = self._queue[self._pos][0]
            if entry == _HU:
                st.hu_passed[k] = st.table_huxi(self.rules)
            self._pos += 1
            return
        self._commit_passes(seat)
        origin = Origin.DISCARD if self._offer[1] == _DISCARDED else Origin.DRAW
        if kind is ActionKind.PENG:
            st.hand[k] -= 2
            st.melds.append(Meld(MeldKind.PENG, (CARDS[k],) * 3, True, origin))
        else:  # CHI with its 比 melds, as the canonical option
            option = self._match_chi(seat, k, action.melds)
            assert option is not None
            for c in option.hand_cards():
                st.hand[c.index] -= 1
            st.melds.extend(option.melds)
        st.count += 1
        self._end_turn(seat)

    def _how_won(self, seat: int) -> dict[str, bool]:
        """The 名堂 facts of a 胡 of ``seat`` on the card now concerned (zipai.md §8.6), read
        before the win changes anything: ``haidi`` (海胡), ``dihu`` (地胡), ``tinghu`` (聽胡),
        ``shuahou`` (耍猴). A win on the 亮張 is 天胡 and gets none of them.

        "Took a card in" (進牌): a 吃, 碰 or 跑, or a 偎 / 臭偎 / 提 made with a drawn card, before
        the winning card (the 提 laid right after the deal are dealt cards; a 偎 / 提 made with
        the winning card itself belongs to the win).
        """
        k, source, src = self._offer
        if source == _LIANG:
            return {}
        log = self._log
        wanted = ActionKind.DRAW if source == _DRAWN else ActionKind.DISCARD
        start = len(log) - 1
        while log[start].action.kind is not wanted:  # the record that brought the winning card
            start -= 1
        took_in = discarded = dealer_discarded = False
        for record in log[:start]:
            action = record.action
            kind = action.kind
            if kind is ActionKind.DISCARD and action.seat == self.dealer:
                dealer_discarded = True
            if action.seat != seat:
                continue
            if kind is ActionKind.DISCARD:
                discarded = True
            elif kind in _TAKE_IN or (
                kind is ActionKind.TI and action.melds[0].origin is not Origin.HAND
            ):
                took_in = True
        dealt = len(self._orders[self.dealer]) * self.rules.hand_size + 1
        first_stock = source == _DRAWN and len(self._stock) == len(self._deck) - dealt - 1
        dealer_first = source == _DISCARDED and src == self.dealer and not dealer_discarded
        dihu = (first_stock or dealer_first) and not took_in and not discarded
        st = self._seats[seat]
        return {
            "haidi": source == _DRAWN and not self._stock,
            "dihu": dihu,
            "tinghu": not took_in and not dihu,
            "shuahou": self._phase == _OFFER and sum(st.hand) == 1 and st.hand[k] == 1,
        }

    def _finish(
        self,
        seat: int,
        dec: Decomposition,
        *,
        self_drawn: bool,
        discarder: int | None = None,
        tianhu: bool = False,
        how: Mapping[str, bool] | None = None,
    ) -> None:
        rules = self.rules
        stock = self._stock
        fanxing = CARDS[stock[0]] if rules.fanxing and stock else None
        shuxin_at = 1 if rules.fanxing else 0
        shuxin_card = CARDS[stock[shuxin_at]] if rules.shuxin and len(stock) > shuxin_at else None
        win = self._make_win(
            dec, seat, self_drawn, discarder, tianhu, fanxing, shuxin_card, how or {}
        )
        self._phase = _OVER
        self._result = GameResult(seat, win, score(win, rules))

    def _make_win(
        self,
        dec: Decomposition,
        seat: int,
        self_drawn: bool,
        discarder: int | None,
        tianhu: bool,
        fanxing: Card | None,
        shuxin_card: Card | None,
        how: Mapping[str, bool],
    ) -> Win:
        kwargs: dict[str, Any] = dict(how)
        if self.huangfan:
            kwargs["huangfan"] = self.huangfan
        if self.rules.shuxin:
            kwargs["shuxin_seat"] = self._shuxin
        return Win(
            dec,
            seat,
            self.rules.players,
            self_drawn=self_drawn,
            discarder=discarder,
            tianhu=tianhu,
            fanxing_card=fanxing,
            shuxin_card=shuxin_card,
            **kwargs,
        )


def _as_cards(value: str | Card | Sequence[Card]) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse(value)
    if isinstance(value, Card):
        return (value,)
    return tuple(value)


def stack_deck(
    rules: Rules = HUNAN,
    *,
    hands: Mapping[int, str | Sequence[Card]] | None = None,
    liang: str | Card | None = None,
    stock: str | Sequence[Card] = "",
    dealer: int = 0,
) -> tuple[Card, ...]:
    """An 80-card deck in deal order that deals the given cards (for ``Game(deck=...)``).

    ``hands`` maps seats to some or all of their dealt cards (the dealer's ``hand_size`` cards
    without the 亮張), ``liang`` is the 亮張 and ``stock`` the first cards of the stock, in draw
    order. Every card not given is filled in deterministically from the cards left over: each
    hand takes the kinds it holds least of first (so filler rarely makes a pair), the stock takes
    the rest in kind order.

    >>> deck = stack_deck(hands={1: "壹壹壹壹 二二二"}, liang="拾", stock="九 九")
    >>> game = Game(deck=deck)
    >>> game.melds(1), game.stock_size, game.deck[61:63]
    ((Meld.parse('提 壹壹壹壹'),), 19, (Card('x9'), Card('x9')))
    >>> stack_deck(hands={0: "一一一一一"})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '一一一一一' holds 5 copies of 一 (x1); the deck has 4
    """
    hands = dict(hands or {})
    if not isinstance(rules, Rules):
        raise RulesError(f"{rules!r} is not a zipai Rules object")
    seats = rules.seats
    dealer = check_seat(dealer, seats, what="dealer", error=RulesError)
    shuxin = (dealer + 2) % seats if rules.shuxin else -1
    order = list(SeatRing.of(seats, shuxin).order_from(dealer))
    pool = [4] * KINDS
    given: dict[int, tuple[Card, ...]] = {}

    def take(cards: tuple[Card, ...], what: str) -> None:
        for c in cards:
            if pool[c.index] == 0:
                raise NotationError(f"{what} needs a fifth copy of {c.hanzi} ({c.code})")
            pool[c.index] -= 1

    for seat, cards in hands.items():
        if isinstance(seat, bool) or seat not in order:
            raise RulesError(f"seat {seat!r} is not an active seat; active seats are {order}")
        given[seat] = _as_cards(cards)
        if len(given[seat]) > rules.hand_size:
            raise NotationError(
                f"seat {seat} is given {len(given[seat])} cards; a hand has {rules.hand_size}"
            )
        take(given[seat], f"seat {seat}'s hand")
    liang_cards = () if liang is None else _as_cards(liang)
    if len(liang_cards) > 1:
        raise NotationError(f"liang={liang!r}: the 亮張 is one card")
    take(liang_cards, "the 亮張")
    stock_cards = _as_cards(stock)
    take(stock_cards, "the stock")
    deck: list[Card] = []
    dealer_held = [0] * KINDS
    for seat in order:
        hand = list(given.get(seat, ()))
        held = dealer_held if seat == dealer else [0] * KINDS
        for c in hand:
            held[c.index] += 1
        while len(hand) < rules.hand_size:
            k = min(
                (k for k in range(KINDS) if pool[k]),
                key=lambda k: (held[k], -pool[k], k),
            )
            pool[k] -= 1
            held[k] += 1
            hand.append(CARDS[k])
        deck.extend(hand)
    if not liang_cards:
        k = min((k for k in range(KINDS) if pool[k]), key=lambda k: (dealer_held[k], -pool[k], k))
        pool[k] -= 1
        liang_cards = (CARDS[k],)
    deck.extend(liang_cards)
    deck.extend(stock_cards)
    deck.extend(CARDS[k] for k in range(KINDS) for _ in range(pool[k]))
    return tuple(deck)
