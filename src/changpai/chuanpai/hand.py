"""Hand analysis for the 川牌 擠兒 game: can every card be formed, every decomposition, the one
worth the most 胡 (chuanpai.md §2.6), what a hand waits for, the 叫牌 condition (§2.5) and the
齊頭 rule (§2.4).

A player's cards are the concealed hand plus the units already on the table (``exposed``). The
concealed hand may be formed into 擠兒 and 經 pairs, and into the sets a player may lay from his
hand (暗, 燕, 亮, 土夥, 經 set); the best decomposition is the one with the most 胡.

>>> hand = parse("天牌 人牌 梅子 梅子 梅子 合牌 二四")
>>> best = best_decomposition(hand)
>>> str(best)
'擠兒 天牌 人牌 | 暗 梅子 梅子 梅子 | 擠兒 二四 合牌  (4 胡)'
>>> {card.name: d.hu for card, d in waits(parse("天牌 人牌 長三")).items()}
{'合牌': 1, '長二': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from attrs import field, frozen

from changpai.chuanpai.cards import CARDS, KINDS, Card, _count_copies, _deck_limits
from changpai.chuanpai.cards import parse as parse  # used by the doctests
from changpai.chuanpai.melds import (
    Meld,
    MeldKind,
    hu,
)
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.chuanpai.solver import _rebuild, _Unit, _unit_meld, _units, _value
from changpai.chuanpai.tables import plain_tables
from changpai.core import caches, render
from changpai.core.guard import (
    cards_arg,
    clipped,
    instance_of,
    items_arg,
    melds_arg,
    rules_arg,
    size_arg,
    unchecked,
)
from changpai.core.multiset import take as _take
from changpai.errors import NotationError

__all__ = [
    "Decomposition",
    "best_decomposition",
    "can_jiao",
    "decompositions",
    "has_tuhuo",
    "is_complete",
    "parse_melds",
    "qitou",
    "waits",
]

_JING = (21, 22)


def _checked(
    concealed: object, exposed: object, rules: object, name: str = "concealed"
) -> tuple[tuple[Meld, ...], tuple[int, ...], tuple[int, ...]]:
    """Check the input of a public entry (docs: Core concepts, "Errors": bad input gets a typed
    error naming it): ``concealed`` a sequence of :class:`Card` or card text (read by
    :func:`~changpai.chuanpai.parse` against the rules' deck), ``exposed`` a sequence of
    :class:`Meld` or units as text (read by :func:`parse_melds`), ``rules`` a :class:`Rules`,
    and no card more often, in hand and on the table together, than the rules' deck holds.
    Returns the units, the concealed counts and the counts of every card held (in hand and on
    the table).

    The success path counts the cards in one pass and builds no objects; only when that pass
    finds a fault does it rerun the full check, which raises the error naming it."""
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules = rules_arg(rules, Rules, "chuanpai")
    if isinstance(concealed, str):  # text, as analyze takes it
        concealed = parse(concealed, deck=rules.deck)
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    cards = concealed if type(concealed) is tuple else _sequence(concealed, name, "cards")
    melds = exposed if type(exposed) is tuple else _sequence(exposed, "exposed", "units")
    laid = sum(len(m.cards) for m in melds if isinstance(m, Meld)) if melds else 0
    most, most_held, over = _bounds(rules)
    if len(cards) > most or len(cards) + laid > most_held:
        _check_size(len(cards), laid, rules, name)
    if melds and not set(map(type, melds)) <= {Meld}:
        for meld in melds:
            if not isinstance(meld, Meld):
                raise NotationError(
                    f"exposed holds {clipped(meld)}, which is not a chuanpai Meld; build units with "
                    "Meld(...) or Meld.parse(...)"
                )
    hand = _fast_counts(cards, over)
    if hand is None:
        for card in cards:  # (the argument named: review h130)
            if not isinstance(card, Card):
                raise NotationError(
                    f"{name} holds {clipped(card)}, which is not a chuanpai Card; build cards "
                    "with Card(...) or parse(...)"
                )
        hand = _count_copies(cards, rules.deck).counts  # raises the error naming the fault
    if not melds:
        return melds, hand, hand
    on_table = tuple(c for m in melds for c in m.cards)
    held = _fast_counts(cards + on_table, over)
    if held is None:
        table = _count_copies(on_table, rules.deck)
        # NotationError when hand and table together hold too many copies
        held = (_count_copies(cards, rules.deck) + table).counts
    _check_exposed(melds, rules)
    return melds, hand, held


def hand_limits(rules: Rules) -> tuple[int, int]:
    """The most cards a player can hold under ``rules``: in hand, and in hand and on the table
    together (chuanpai.md §2.1-2.3). A hand is at most the largest deal and the card just taken
    (every claim is followed by a discard; a 偷 replaces cards laid down). On the table, each
    set of ``s`` cards brought at most ``s / 2`` replacement draws (暗 / 碰 / 燕 one, 亮 / 扛 two),
    so the cards held are at most twice the hand limit.

    >>> hand_limits(YAODIREN), hand_limits(YAODIREN.evolve(deal="16/15"))
    ((19, 38), (17, 34))
    """
    most = max(rules.deal_sizes()) + 1
    return most, 2 * most


def _check_size(in_hand: int, on_table: int, rules: Rules, name: str = "concealed") -> None:
    """A :class:`NotationError` for more cards than any player can hold (bounds the search;
    the caller found too many); ``name`` names the cards in hand as the caller's signature."""
    most, held = hand_limits(rules)
    size_arg(in_hand, most, name, f"{rules.title} cards")
    size_arg(in_hand + on_table, held, f"{name} and exposed together", f"{rules.title} cards")


# Bounded caches (caches.stats('chuanpai')): at most 2**16 best readings, 4096 unit values.
@caches.lru("chuanpai", maxsize=16)
def _limits(deck: str | None) -> tuple[int, ...]:
    """The per-kind copy limits of a deck name (``None``: any chuanpai deck)."""
    return _deck_limits(deck)[1]


@caches.lru("chuanpai", maxsize=16)
def _bounds(rules: Rules) -> tuple[int, int, int]:
    """What every public entry checks, kept per rules object: the most cards in hand and held
    (:func:`hand_limits`) and the copies its deck holds (:func:`_over_limits`)."""
    most, held = hand_limits(rules)
    return most, held, _over_limits(_limits(rules.deck))


# The high bit of every byte of the counts of the 23 kinds read as one int (little-endian).
_HIGH = int.from_bytes(bytes([128] * KINDS), "little")


def _over_limits(limits: tuple[int, ...]) -> int:
    """The per-kind copy ``limits`` as one int, a byte ``127 - limit`` per kind: added to the
    counts read as an int (a byte per kind, each below 128), it sets the high bit of the byte
    of every kind held more often than its limit.

    >>> limits = (5,) * 21 + (0, 0)
    >>> counts = [0] * 23
    >>> counts[3] = 5
    >>> (int.from_bytes(bytes(counts), "little") + _over_limits(limits)) & _HIGH
    0
    >>> counts[21] = 1
    >>> (int.from_bytes(bytes(counts), "little") + _over_limits(limits)) & _HIGH > 0
    True
    """
    return int.from_bytes(bytes(127 - limit for limit in limits), "little")


_CARD_TYPE = frozenset({Card})
# The most cards _fast_counts counts: a count must stay below 128, the high bit of its byte.
_MOST_COUNTED = 127


def _fast_counts(cards: tuple[Any, ...], over: int) -> tuple[int, ...] | None:
    """The counts of ``cards`` over the 23 kinds, or ``None`` when a card is not a :class:`Card`,
    a kind exceeds its limit (``over``: :func:`_over_limits`) or there are more cards than
    :data:`_MOST_COUNTED` (the caller then reruns the full check for its error)."""
    if len(cards) > _MOST_COUNTED or not set(map(type, cards)) <= _CARD_TYPE:
        return None
    counts = [0] * KINDS
    for card in cards:
        counts[card.index] += 1
    if (int.from_bytes(bytes(counts), "little") + over) & _HIGH:
        return None
    return tuple(counts)


_OVER_ANY_DECK = _over_limits(_deck_limits(None)[1])


def _plain_counts(cards: object) -> tuple[int, ...]:
    """The counts of cards (or their text) checked against any chuanpai deck (:func:`can_jiao`,
    :func:`has_tuhuo`)."""
    items = parse(cards) if isinstance(cards, str) else _sequence(cards, "cards", "cards")
    counts = _fast_counts(items, _OVER_ANY_DECK)
    return _count_copies(items).counts if counts is None else counts


def _sequence(value: object, what: str, of: str) -> tuple[Any, ...]:
    reader = "parse_melds" if of == "units" else "parse"
    return items_arg(value, what, f"chuanpai {of}", reader=reader)


def parse_melds(melds: Iterable[Meld] | str) -> tuple[Meld, ...]:
    """Units on the table from text — each its kind and its cards, separated by ``;`` or
    ``|`` — or from a sequence of :class:`Meld`.

    >>> parse_melds("碰 55 55 55; 擺 46 46")
    (Meld(kind=MeldKind.PENG, cards=(Card('55'), Card('55'), Card('55')), claimed=None), Meld(kind=MeldKind.BAI, cards=(Card('46'), Card('46')), claimed=None))
    >>> parse_melds("暗 天牌 天牌 天牌 | 擠兒 天牌 地牌") == (Meld.parse("暗 66 66 66"), Meld.parse("擠兒 66 11"))
    True
    >>> parse_melds("碰 55 55")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '梅子 梅子' is not a 碰 (chuanpai.md §2.3)
    """
    return melds_arg(melds, Meld, "chuanpai units (Meld)")


def _generate(
    counts: tuple[int, ...], table: tuple[tuple[tuple[int, _Unit], ...], ...], min_rank: int
) -> Iterator[list[_Unit]]:
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0:
        yield []
        return
    for rank, unit in table[low]:
        if rank < min_rank:
            continue
        rest = _take(counts, unit[1])
        if rest is None:
            continue
        for tail in _generate(rest, table, rank):
            yield [unit, *tail]


def _best(counts: tuple[int, ...], rules: Rules) -> tuple[int, tuple[Meld, ...]] | None:
    """The most 胡 of the concealed hand ``counts`` formed whole, with its units; ``None``
    when it cannot be formed. Of the best decompositions it is the one found by taking the
    units lowest card first, each time the first unit (in the order of the unit table) that
    still leaves a best decomposition of the rest: looked up in the answer tables for a hand
    without 經牌 (:mod:`changpai.chuanpai.tables`), else searched (:func:`_searched`)."""
    if not counts[21] and not counts[22]:
        tables = plain_tables(rules)
        if tables is not None:
            return tables.best(counts)
    return _searched(counts, rules)


@caches.lru("chuanpai", maxsize=1 << 16)
def _searched(counts: tuple[int, ...], rules: Rules) -> tuple[int, tuple[Meld, ...]] | None:
    """:func:`_best` found by the search of :mod:`changpai.chuanpai.solver`."""
    total = _value(counts, rules)
    if total is None:
        return None
    return (total, _rank(_rebuild(counts, rules, total)))


def _check_exposed(exposed: Sequence[Meld], rules: Rules) -> None:
    for meld in exposed:
        if meld.kind in (MeldKind.JIER, MeldKind.BAI) and meld.points not in rules.pair_sums:
            raise NotationError(
                f"{meld} sums to {meld.points}; {rules.title} pairs sum to "
                + " or ".join(map(str, rules.pair_sums))
            )


def _rank(units: Iterable[_Unit]) -> tuple[Meld, ...]:
    return tuple(map(_unit_meld, units))


def _concealed_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "concealed", "chuanpai units (Meld)")


def _exposed_field(value: object) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "exposed", "chuanpai units (Meld)")


@frozen
class Decomposition:
    """One way to form all of a player's cards: the units made from the concealed hand, the units
    already on the table, and the total 胡 under ``rules``.

    >>> d = best_decomposition(parse("66 44 13 24"))
    >>> d.hu, [str(m) for m in d.concealed]
    (1, ['擠兒 天牌 人牌', '擠兒 二四 合牌'])
    """

    # (checked: a reading built by hand names what is wrong at once, and keeps no list of
    # the caller's — review h60)
    concealed: tuple[Meld, ...] = field(converter=_concealed_field)
    exposed: tuple[Meld, ...] = field(default=(), converter=_exposed_field)
    rules: Rules = field(
        default=YAODIREN, repr=False, eq=False, validator=instance_of(Rules, "chuanpai")
    )

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Every unit, concealed first.

        >>> len(best_decomposition(parse("66 44"), [Meld.parse("碰 55 55 55")]).melds)
        2
        """
        return self.concealed + self.exposed

    @property
    def hu(self) -> int:
        """The total 胡 of all units (chuanpai.md §2.6).

        >>> best_decomposition(parse("55 55 55")).hu
        3
        """
        return sum(hu(m, self.rules) for m in self.melds)

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.melds) + f"  ({self.hu} 胡)"

    def _repr_html_(self) -> str:
        """The decomposition for notebooks: every unit as framed chips, then the total 胡.

        >>> html = best_decomposition(parse("66 44 13 24"))._repr_html_()
        >>> html.count(">擠兒<"), html.endswith("<b>1 胡</b></div>")
        (2, True)
        """
        return render.line([m._repr_html_() for m in self.melds], note=f"{self.hu} 胡")

    @property
    def value(self) -> int:
        """The family's count of the hand, the same for every family's decompositions: here
        its 胡 (:attr:`hu`).

        >>> best_decomposition(parse("55 55 55")).value
        3
        """
        return self.hu

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: every unit as text (``melds``), the ``value`` (= ``hu``) and the
        concealed and exposed units as dicts.

        >>> data = best_decomposition(parse("66 44")).to_dict()
        >>> data["melds"], data["value"], data["hu"]
        (['擠兒 天牌 人牌'], 1, 1)
        """
        total = self.hu
        return {
            "melds": [str(m) for m in self.melds],
            "value": total,
            "hu": total,
            "concealed": [m.to_dict() for m in self.concealed],
            "exposed": [m.to_dict() for m in self.exposed],
        }


def decompositions(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = YAODIREN,
) -> Iterator[Decomposition]:
    """Every way to form the whole concealed hand into units, each exactly once.

    >>> [str(d) for d in decompositions(parse("55 55 55 55"))]
    ['擠兒 梅子 梅子 | 擠兒 梅子 梅子  (2 胡)', '亮 梅子 梅子 梅子 梅子  (7 胡)']
    >>> list(decompositions(parse("66 11")))
    []

    The cards and the units on the table may be given as text (units as :func:`parse_melds`
    reads them):

    >>> [d.hu for d in decompositions("66 44", "碰 55 55 55; 擺 46 46")]
    [4]
    """
    melds, hand, _held = _checked(concealed, exposed, rules)
    if not melds and not any(hand):
        return iter(())  # no cards formed is no win (issue 12)
    return _decompositions(hand, melds, rules)


# (the analysis's readings, of checked melds, past the constructor's checks)
_reading = unchecked(Decomposition)


def _decompositions(
    counts: tuple[int, ...], melds: tuple[Meld, ...], rules: Rules
) -> Iterator[Decomposition]:
    table = _units(rules.pair_sums)
    for units in _generate(counts, table, 0):
        yield _reading(_rank(units), melds, rules)


def best_decomposition(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = YAODIREN,
) -> Decomposition | None:
    """The decomposition worth the most 胡, or ``None`` when the cards cannot all be formed.

    >>> str(best_decomposition(parse("66 66 66 44 44 44")))
    '暗 天牌 天牌 天牌 | 暗 人牌 人牌 人牌  (6 胡)'
    >>> best_decomposition(parse("66 44 44 44 26 26 26 11")) is None
    True

    The cards and the units on the table may be given as text (units as :func:`parse_melds`
    reads them):

    >>> str(best_decomposition("66 44", "碰 55 55 55; 擺 46 46"))
    '擠兒 天牌 人牌 | 碰 梅子 梅子 梅子 | 擺 四六 四六  (4 胡)'
    """
    melds, hand, _held = _checked(concealed, exposed, rules)
    if not melds and not any(hand):
        return None  # no cards formed is no win (issue 12)
    return _best_decomposition(hand, melds, rules)


def _best_decomposition(
    counts: tuple[int, ...], exposed: Sequence[Meld], rules: Rules
) -> Decomposition | None:
    """:func:`best_decomposition` on checked counts (the engine's hot path)."""
    found = _best(counts, rules)
    if found is None:
        return None
    return _reading(found[1], tuple(exposed), rules)


def is_complete(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = YAODIREN,
) -> bool:
    """Whether every concealed card can be formed into a unit (the win of chuanpai.md §2.5).

    >>> is_complete(parse("15 13 16 34 25")), is_complete(parse("15 13 16"))
    (True, False)
    >>> is_complete(())  # an empty hand forms nothing: it is no win
    False
    >>> is_complete("66 44", "碰 55 55 55")  # text, as for best_decomposition
    True
    """
    melds, hand, _held = _checked(concealed, exposed, rules)
    return bool(melds or any(hand)) and _formable(hand, rules)  # no cards: no win


# _is_complete by (counts, id of the rules): a key of ints, hashed in C (a rules object's hash
# is a Python call); each entry holds its rules, so the id stays its own while it lives.
_COMPLETE: caches.BoundedDict[tuple[tuple[int, ...], int], tuple[Rules, bool]] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.hand._COMPLETE", 1 << 16
)


def _is_complete(counts: tuple[int, ...], rules: Rules) -> bool:
    """:func:`is_complete` on the counts of a checked concealed hand: the engine's hot path,
    which asks about the same hands again and again (cached, as the search's value was)."""
    key = (counts, id(rules))
    known = _COMPLETE.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    formed = _formable(counts, rules)
    _COMPLETE[key] = (rules, formed)
    return formed


def _formable(counts: tuple[int, ...], rules: Rules) -> bool:
    """Whether the concealed hand ``counts`` can be formed whole: looked up in the answer
    tables for a hand without 經牌, else searched."""
    if not counts[21] and not counts[22]:
        tables = plain_tables(rules)
        if tables is not None:
            return tables.formable(counts)
    return _value(counts, rules) is not None


def waits(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = YAODIREN,
) -> dict[Card, Decomposition]:
    """For every card that would complete the hand, the best decomposition with it (聽牌).

    Only cards still available in the rules' deck (not all copies held or laid) are listed.
    The card is read into the concealed hand, as a small seat's draw brings it; a regular
    seat takes another's card by a claim (a 擺, or a 碰 on the table with its 偷, §2.3), so a
    card completing a pair reads here as a 暗 in hand where the seat's claim makes a 碰.
    These are the cards that complete the hand's shape; the engine's win asks more and less
    (docs/chuanpai.md, "waits and the engine's win"): the 叫牌 condition (``rules.jiao``), no
    過牌 left (which ``waits`` is not told of), and it also wins on a card that completes the
    hand once the seat has discarded another — a card not listed here.

    >>> [c.code for c in waits(parse("11 13 24"))]
    ['44', '26', '35']
    >>> [c.code for c in waits(parse("12"), rules=YAODIREN.evolve(deck="deck86"))]
    ['16', '34', '25', 'JC', 'JT']
    >>> [c.code for c in waits("11 13 24", "碰 55 55 55")]  # text, as for best_decomposition
    ['44', '26', '35']
    """
    melds, hand, held = _checked(concealed, exposed, rules)
    return _waits(hand, held, melds, rules)


def _waits(
    counts: tuple[int, ...], held: Sequence[int], exposed: Sequence[Meld], rules: Rules
) -> dict[Card, Decomposition]:
    """:func:`waits` on checked counts: ``counts`` of the concealed hand, ``held`` of every card
    of the player (hand and table), checked against ``rules.deck``."""
    limits = _limits(rules.deck)
    out: dict[Card, Decomposition] = {}
    for card in CARDS:
        x = card.index
        if held[x] >= limits[x]:
            continue
        found = _best_decomposition((*counts[:x], counts[x] + 1, *counts[x + 1 :]), exposed, rules)
        if found is not None:
            out[card] = found
    return out


def has_tuhuo(cards: Sequence[Card] | str) -> bool:
    """Whether the cards (or their text) hold a 土夥: four or five of one dot card
    (chuanpai.md §2.5).

    >>> has_tuhuo(parse("22 22 22 22 66")), has_tuhuo("22 22 22 66")
    (True, False)
    """
    return _has_tuhuo(_plain_counts(cards))


def _has_tuhuo(counts: Sequence[int]) -> bool:
    """:func:`has_tuhuo` on the counts of checked cards."""
    return max(counts[:21]) >= 4


_JIAO = (Card("14").index, Card("11").index, Card("44").index)


def can_jiao(cards: Sequence[Card] | str) -> bool:
    """The 叫牌 condition of 幺地人 (chuanpai.md §2.5): at least a pair of 幺四 ``14``, 地牌 ``11``
    or 人牌 ``44`` among the player's cards (or their text), unless he holds a 土夥.

    >>> can_jiao(parse("14 14 66")), can_jiao("14 11 44"), can_jiao("22 22 22 22")
    (True, False, True)
    """
    return _can_jiao(_plain_counts(cards))


def _can_jiao(counts: Sequence[int]) -> bool:
    """:func:`can_jiao` on the counts of checked cards (the engine's hot path)."""
    a, b, c = _JIAO
    return counts[a] >= 2 or counts[b] >= 2 or counts[c] >= 2 or _has_tuhuo(counts)


# 齊頭 partnerships (chuanpai.md §2.4.4): point values of the good class and of the bad class.
_QITOU: tuple[tuple[frozenset[int], frozenset[int]], ...] = (
    (frozenset({2, 12}), frozenset({8})),
    (frozenset({4}), frozenset({6})),
    (frozenset({11}), frozenset({9})),
)


def qitou(concealed: Sequence[Card] | str, card: Card | str, rules: Rules = YAODIREN) -> str | None:
    """Whether the 齊頭 rule makes a 暗 / 碰 / 扛 of ``card`` ``"optional"`` or ``"mandatory"``
    (chuanpai.md §2.4.4); ``None`` when the card has no good/bad partnership (5, 7, 10 points, the
    3-point card, 經牌, and every card under the 14-point rule).

    With ``g`` good-class and ``b`` bad-class cards of the partnership in the concealed hand:
    ``g == b`` or ``g == b + 1`` -> optional; ``b == g + 1`` or ``g >= b + 2`` -> mandatory;
    ``b >= g + 2`` -> ``rules.qitou_uncovered`` (Ambiguities C9, default mandatory).

    >>> qitou(parse("26 26 26 66 66 66"), Card("26"))
    'optional'
    >>> qitou(parse("26 26 26 66 66"), Card("26"))
    'mandatory'
    >>> qitou(parse("26 26 66 66 66 66"), Card("66"))
    'mandatory'
    >>> qitou("55 55", "梅子") is None
    True
    """
    _melds, hand, _held = _checked(concealed, (), rules)
    if isinstance(card, str):
        card = Card.parse(card)
    if not isinstance(card, Card):
        raise NotationError(f"card={clipped(card)} is not a chuanpai Card or card text")
    return _qitou(hand, card.index, rules)


def _partners() -> tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]:
    """For every card kind, the kinds of the good and of the bad class of its 齊頭 partnership
    (``None``: no partnership, and always for a 經牌)."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = []
    for card in CARDS:
        found = None
        if not card.is_jing:
            for good, bad in _QITOU:
                if card.points in good or card.points in bad:
                    found = (
                        tuple(c.index for c in CARDS if not c.is_jing and c.points in good),
                        tuple(c.index for c in CARDS if not c.is_jing and c.points in bad),
                    )
                    break
        out.append(found)
    return tuple(out)


_PARTNERS = _partners()


def _qitou(counts: Sequence[int], index: int, rules: Rules) -> str | None:
    """:func:`qitou` on the counts of a checked concealed hand and a card index (the engine's hot
    path)."""
    if rules.pair_rule != "10/20":
        return None
    partners = _PARTNERS[index]
    if partners is None:
        return None
    g = sum(counts[i] for i in partners[0])
    b = sum(counts[i] for i in partners[1])
    if g in (b, b + 1):
        return "optional"
    if b == g + 1 or g >= b + 2:
        return "mandatory"
    return rules.qitou_uncovered
