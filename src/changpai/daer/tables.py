"""The shared (frozen) objects of the 大貳 engine's hot path, built once: every simple decision
of every seat, the sets of identical cards it lays, and the pairs that eat a card.

Actions and sets are immutable, so the engine hands the same object out again and again
instead of building (and validating) a new one on every turn.

>>> DISCARD[1][4], PASS[2]
(Action(seat=1, kind=ActionKind.DISCARD, card=Card('x5'), cards=()), Action(seat=2, kind=ActionKind.PASS, card=None, cards=()))
>>> str(PENG_MELD[14]), str(JIAGANG[0]), CHI_WANTED[True][False][1]
('碰 伍伍伍', '加杠 一一一一', ((0, 2), (2, 3), (6, 9)))
"""

from __future__ import annotations

from changpai.core import caches
from changpai.daer.actions import MAX_SEATS, Action, ActionKind
from changpai.daer.melds import Meld, MeldKind, Origin, classify
from changpai.daer.rules import Rules
from changpai.zipai import CARDS, KINDS, Card

__all__ = [
    "ANGANG",
    "CHI_WANTED",
    "DEAL",
    "DISCARD",
    "DRAW",
    "GANG",
    "JIAGANG",
    "LONG",
    "LONG_MELD",
    "MINGGANG",
    "PASS",
    "PENG",
    "PENG_MELD",
    "WIN",
    "WIN_ON",
    "chi_action",
    "chi_meld",
]


def _per_card(kind: ActionKind) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(s, kind, card) for card in CARDS) for s in range(MAX_SEATS))


# Decisions and engine moves, [seat][card index] or [seat].
DISCARD = _per_card(ActionKind.DISCARD)
GANG = _per_card(ActionKind.GANG)
PENG = _per_card(ActionKind.PENG)
WIN_ON = _per_card(ActionKind.WIN)  # on a discard
LONG = _per_card(ActionKind.LONG)
WIN = tuple(Action(s, ActionKind.WIN) for s in range(MAX_SEATS))  # self-drawn
PASS = tuple(Action(s, ActionKind.PASS) for s in range(MAX_SEATS))
DRAW = tuple(Action(s, ActionKind.DRAW) for s in range(MAX_SEATS))
DEAL = tuple(Action(s, ActionKind.DEAL) for s in range(MAX_SEATS))

# Sets of identical cards, [card index]: 碰, and the fours 暗杠 (hidden), 垅 (shown from the
# hand, daer.md §7), 明杠 / 招 (on a discard) and 加杠 (on one's own 碰).
PENG_MELD = tuple(Meld(MeldKind.PENG, (card,) * 3, True, Origin.CLAIM) for card in CARDS)
ANGANG = tuple(Meld(MeldKind.GANG, (card,) * 4, False, Origin.HAND) for card in CARDS)
LONG_MELD = tuple(Meld(MeldKind.GANG, (card,) * 4, True, Origin.HAND) for card in CARDS)
MINGGANG = tuple(Meld(MeldKind.GANG, (card,) * 4, True, Origin.CLAIM) for card in CARDS)
JIAGANG = tuple(Meld(MeldKind.GANG, (card,) * 4, True, Origin.DRAW) for card in CARDS)


def _chi_wanted(k: int, erqishi: bool, jiao: bool) -> tuple[tuple[int, int], ...]:
    """The hand-card pairs (indices) that make a sentence with card ``k`` (daer.md §4)."""
    v, base = k % 10, k - k % 10
    wanted: list[tuple[int, int]] = []
    for start in (v - 2, v - 1, v):
        if 0 <= start <= 7:
            others = [base + x for x in (start, start + 1, start + 2) if x != v]
            wanted.append((others[0], others[1]))
    if erqishi and v in (1, 6, 9):
        others = [base + x for x in (1, 6, 9) if x != v]
        wanted.append((others[0], others[1]))
    if jiao:
        o = k + 10 if k < 10 else k - 10
        wanted.extend([(min(k, o), max(k, o)), (o, o)])
    return tuple(dict.fromkeys(wanted))


# [erqishi][jiao][card index]: the pairs to look for when that card is offered to eat.
CHI_WANTED = tuple(
    tuple(tuple(_chi_wanted(k, erqishi, jiao) for k in range(KINDS)) for jiao in (False, True))
    for erqishi in (False, True)
)

# The 吃 actions and sets met so far: at most 4 seats x 20 cards x 7 pairs, 20 x 7 sets.
_CHI: caches.BoundedDict[tuple[int, int, int, int], Action] = caches.BoundedDict(
    "daer", "changpai.daer.tables._CHI", 1024
)
_CHI_MELD: caches.BoundedDict[tuple[int, int, int], Meld] = caches.BoundedDict(
    "daer", "changpai.daer.tables._CHI_MELD", 256
)


def chi_action(seat: int, k: int, a: int, b: int) -> Action:
    """The shared 吃 of ``seat`` taking card ``k`` with hand cards ``a`` and ``b`` (indices).

    >>> str(chi_action(1, 2, 0, 1)), chi_action(1, 2, 0, 1) is chi_action(1, 2, 0, 1)
    ('seat 1 吃 三 (一二)', True)
    """
    key = (seat, k, a, b)
    action = _CHI.get(key)
    if action is None:
        action = _CHI[key] = Action(seat, ActionKind.CHI, CARDS[k], (CARDS[a], CARDS[b]))
    return action


def chi_meld(pair: tuple[Card, ...], card: Card, rules: Rules) -> Meld:
    """The shared table set of a 吃: the two hand cards ``pair`` and the eaten ``card``, a
    sentence under ``rules`` (the engine offers no other).

    >>> from changpai.daer.rules import DAER
    >>> from changpai.zipai import parse
    >>> chi_meld(parse("二十"), parse("七")[0], DAER)
    Meld.parse('吃 二七十')
    """
    key = (pair[0].index, pair[1].index, card.index)
    meld = _CHI_MELD.get(key)
    if meld is None:
        cards = (*pair, card)
        found = classify(cards, rules=rules)
        assert found is not None and found.is_sentence
        # a sentence is one kind whatever the rules that allowed it (daer.md §4)
        meld = _CHI_MELD[key] = Meld(found, cards, True, Origin.CHI)
    return meld
