"""Who may declare or claim what in a 犢子胡 hand, and which claim wins (nantong.md §3).

These are the rules of the opening declarations and of claims on a discard, as small functions
on card counts; :class:`~changpai.nantong.Game` applies them.

>>> from changpai.nantong.cards import Card, count_tuple, parse
>>> counts = count_tuple(parse("QZ QZ QZ QZ 2t 2t 2t 5w"))
>>> [c.code for c in callable_cards(counts, (Card("2t"), Card("3w")), stock_left=51)]
['2t', 'QZ']
>>> decisions = {1: Action(1, ActionKind.PENG, Card("5w")), 2: Action(2, ActionKind.WIN, Card("5w"))}
>>> str(winning_claim(decisions, order=(1, 2)))
'seat 2 胡 五萬'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from changpai.core.guard import flag_arg, int_arg, items_arg, shown
from changpai.errors import NotationError
from changpai.nantong.actions import _MADE, SEATS, Action, ActionKind
from changpai.nantong.cards import CARDS, N_KINDS, N_PLAIN, Card
from changpai.nantong.melds import _jiang

__all__ = ["CLAIM_PRIORITY", "callable_cards", "claim_options", "winning_claim"]

CLAIM_PRIORITY = (ActionKind.WIN, ActionKind.GANG, ActionKind.PENG)
"""胡 > 杠 > 碰: the order claims on one discard are resolved in (nantong.md §3)."""


def callable_cards(
    counts: Sequence[int], jiang: Sequence[Card] | str, *, stock_left: int
) -> list[Card]:
    """The cards a player may declare by 叫牌 in the opening round (nantong.md §3): a four in
    hand (only while a replacement card can be drawn), or three copies of a card whose fourth
    copy is one of the flipped 將 (given as cards or text).

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> callable_cards(count_tuple(parse("HH HH HH 1t")), (Card("HH"), Card("HH")), stock_left=9)
    []
    """
    counts = items_arg(counts, "counts", "card counts")
    if len(counts) != N_KINDS:
        raise NotationError(
            f"counts holds {len(counts)} numbers; a nantong count tuple has {N_KINDS}"
        )
    flips = tuple(f.index for f in _jiang(jiang))
    stock_left = int_arg(stock_left, "stock_left", low=0, error=NotationError)
    return [CARDS[i] for i in _callable(counts, flips, stock_left)]


def _callable(counts: Sequence[int], flips: tuple[int, ...], stock_left: int) -> list[int]:
    """The indices of :func:`callable_cards`, for the engine: ``counts`` of every kind, the
    flipped 將 given by index (a three whose fourth copy is flipped twice is not callable).

    >>> from changpai.nantong.cards import count_tuple, parse
    >>> counts = count_tuple(parse("QZ QZ QZ QZ 2t 2t 2t 5w"))
    >>> _callable(counts, (Card("2t").index, Card("3w").index), 51)
    [1, 27]
    >>> _callable(counts, (Card("2t").index, Card("2t").index), 0)
    []
    """
    plain = counts[:N_PLAIN]
    kinds = [i for i in range(N_PLAIN) if plain[i] == 4] if stock_left > 0 and 4 in plain else []
    threes = [f for f in flips if f < N_PLAIN and plain[f] == 3 and flips.count(f) == 1]
    return sorted(kinds + threes) if threes else kinds


def claim_options(
    seat: int, card: Card | str, *, held: int, can_win: bool, ting: bool, stock_left: int
) -> list[Action]:
    """The claims ``seat`` may make on the discard ``card`` (nantong.md §3): 胡 when the card
    completes his hand (``can_win``), 杠 with three copies ``held`` while a replacement can be
    drawn, 碰 with two — but after 報聽 (``ting``) only 胡, and a 百搭 is never claimed for a set.
    ``card`` is a :class:`Card` or its text (a code or hanzi, as :meth:`Card.parse` reads it).

    >>> [str(a) for a in claim_options(1, Card("5w"), held=3, can_win=False, ting=False, stock_left=4)]
    ['seat 1 杠 五萬', 'seat 1 碰 五萬']
    >>> [str(a) for a in claim_options(1, "五萬", held=2, can_win=False, ting=False, stock_left=4)]
    ['seat 1 碰 五萬']
    >>> claim_options(1, Card("5w"), held=3, can_win=False, ting=True, stock_left=4)
    []
    >>> claim_options(1, 5, held=2, can_win=False, ting=False, stock_left=4)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: card=5 is not a nantong Card or card text (e.g. '5w' or '五萬')
    """
    if type(card) is not Card:
        if not isinstance(card, str):
            raise NotationError(
                f"card={shown(card)} is not a nantong Card or card text (e.g. '5w' or '五萬')"
            )
        card = Card.parse(card)
    held = int_arg(held, "held", low=0, high=4, error=NotationError)  # (copies in one hand)
    can_win = flag_arg(can_win, "can_win", NotationError)
    ting = flag_arg(ting, "ting", NotationError)
    stock_left = int_arg(stock_left, "stock_left", low=0, error=NotationError)
    # the engine's seats take the shared actions; anything else is checked by Action itself
    engine_seat = type(seat) is int and 0 <= seat < SEATS
    options = _options(seat if engine_seat else 0, card.index, held, can_win, ting, stock_left)
    if engine_seat:
        return options
    return [Action(seat, a.kind, card) for a in options]  # (Action checks any other seat)


# the shared claims by seat then card index
_WINS, _GANGS, _PENGS = (_MADE[kind] for kind in (ActionKind.WIN, ActionKind.GANG, ActionKind.PENG))


def _options(
    seat: int, x: int, held: int, can_win: bool, ting: bool, stock_left: int
) -> list[Action]:
    """:func:`claim_options` of a seat 0..3 on the card of index ``x``, as the shared actions
    (what the engine calls, the arguments known good).

    >>> [str(a) for a in _options(1, Card("5w").index, 3, True, False, 4)]
    ['seat 1 胡 五萬', 'seat 1 杠 五萬', 'seat 1 碰 五萬']
    """
    options: list[Action] = []
    if can_win:
        options.append(_WINS[seat][x])
    if not ting and x < N_PLAIN:  # (a 百搭 is never claimed for a set)
        if held >= 3 and stock_left > 0:
            options.append(_GANGS[seat][x])
        if held >= 2:
            options.append(_PENGS[seat][x])
    return options


def winning_claim(decisions: Mapping[int, Action], *, order: Sequence[int]) -> Action | None:
    """The claim that takes the discard: the highest kind of :data:`CLAIM_PRIORITY`, and among
    equal kinds the first seat of ``order`` (the discarder's 下家 first; one winner per discard,
    "沒有一炮多響", nantong.md §3). ``None`` when everybody passed.

    >>> winning_claim({1: Action(1, ActionKind.PASS)}, order=(1, 2)) is None
    True

    Every decision is an :class:`Action` of a seat of ``order`` (a sequence of seats); anything
    else is a :class:`~changpai.errors.NotationError` naming it — a seat left out of ``order``
    is not dropped without a word:

    >>> winning_claim({1: Action(1, ActionKind.PENG, Card("5w"))}, order=(2,))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: decisions holds seat 1, which is not in order=(2,)
    """
    if not isinstance(decisions, Mapping):
        raise NotationError(f"decisions={shown(decisions)} is not a mapping of seat to Action")
    seats = items_arg(order, "order", "seats")
    for seat, decision in decisions.items():
        if type(seat) is not int:  # (a seat: not True or 1.0, which would pass as seat 1)
            raise NotationError(f"decisions holds the key {shown(seat)}, which is not a seat")
        if not isinstance(decision, Action):
            raise NotationError(
                f"decisions[{shown(seat)}]={shown(decision)} is not a nantong Action"
            )
        if decision.seat != seat:
            raise NotationError(
                f"decisions[{seat}] is a decision of seat {decision.seat}, not of seat {seat}"
            )
        if seat not in seats:
            raise NotationError(
                f"decisions holds seat {shown(seat)}, which is not in order={shown(order)}"
            )
    return _first_claim(decisions, seats)


_WIN, _GANG, _PENG = CLAIM_PRIORITY


def _first_claim(decisions: Mapping[int, Action], order: Sequence[int]) -> Action | None:
    """:func:`winning_claim` without the check of ``decisions`` (the engine's own dict): one
    pass over the seats of ``order``, keeping the first claim of the highest kind.

    >>> win, peng = Action(2, ActionKind.WIN, Card("5w")), Action(1, ActionKind.PENG, Card("5w"))
    >>> _first_claim({1: peng, 2: win}, (1, 2)) is win, _first_claim({1: peng}, (2, 1)) is peng
    (True, True)
    >>> _first_claim({1: Action(1, ActionKind.PASS)}, (1, 2)) is None
    True
    """
    best: Action | None = None
    best_rank = len(CLAIM_PRIORITY)
    for seat in order:
        decision = decisions.get(seat)
        if decision is None:
            continue
        kind = decision.kind
        rank = 0 if kind is _WIN else 1 if kind is _GANG else 2 if kind is _PENG else best_rank
        if rank < best_rank:
            best, best_rank = decision, rank
    return best
