"""Hand analysis for 孝感長牌: can every card be formed into sets, every reading, the best one,
the laid-out count of §5 and what a hand waits for.

A player's cards are the concealed hand plus the sets already on the table (``exposed``: 碰, 杠,
起, a 擺'd 句, the dealer's 門將 …). The concealed hand may be read as the sets a player forms
from his own cards: 句, 暗, 亮, 五張 (X6) and the number runs 順 (X5); a 混江 in hand is only
usable when it is fully wild (X3 option). A reading is a :class:`Decomposition`; its ``value``
is the **laid-out count** (擺牌張數): the cards of every set, face-down ones included unless
``count_face_down`` is off (X2). A complete hand wins when that count reaches ``win_count`` (16);
at exactly 15 its owner may abandon the hand (xiaogan.md §5). The best reading lays out the
most cards, then has the most borrowed 胡.

A player holds at least 3 cards (xiaogan.md §2: 頭家 16, the others 15, a small seat of 5 or 6
players 3 or 5), so a hand with fewer cards in hand and on the table is refused with a
:class:`~changpai.errors.NotationError`.

>>> hand = parse("上大人 邱乙己 化三千 七十士 九九九九")
>>> best = best_decomposition(hand)
>>> str(best)
'句 上 大 人 | 句 邱 乙 己 | 句 化 三 千 | 句 七 十 士 | 亮 九 九 九 九  (16 張)'
>>> best.value, best.hu, best.wins
(16, 7, True)
>>> {card.hanzi: d.value for card, d in waits(parse("上大人 邱乙己 化三千 九九九九 上上")).items()}
{'上': 16}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Any

from attrs import field, frozen

from changpai.core import caches, render
from changpai.core.guard import (
    cards_arg,
    clipped,
    flag_arg,
    items_arg,
    melds_arg,
    n_cards,
    rules_arg,
    size_arg,
)
from changpai.core.multiset import take as _take
from changpai.errors import NotationError
from changpai.xiaogan.cards import CARDS, COPIES, KINDS, Card, counts_of
from changpai.xiaogan.cards import parse as parse  # used by the doctests
from changpai.xiaogan.melds import HJ, HU_TABLE, RUNS, Meld, MeldKind, meld_allowed
from changpai.xiaogan.rules import XIAOGAN, Rules

__all__ = [
    "MIN_CARDS",
    "Decomposition",
    "best_decomposition",
    "best_layout",
    "decompositions",
    "is_complete",
    "parse_melds",
    "waits",
]

MIN_CARDS = 3
"""The fewest cards (in hand and on the table) of a player's hand (xiaogan.md §2: the small seat
of 5 or 6 players is dealt 3; the 7th player's one card is never played)."""

# The most cards a seat can hold in hand and on the table: at most 16 dealt (xiaogan.md §2), and
# every card beyond them is a 偷, a replacement draw a set of identical cards earns (§4 table:
# 暗 / 碰 one for 3 cards, 亮 / 杠 / 起 two for 4, 五張 two for 5) — at most one 偷 per two cards
# held, so n <= 16 + n / 2.
_MAX_CARDS = 32

_Unit = tuple[MeldKind, tuple[int, ...]]
_Table = tuple[tuple[tuple[int, _Unit], ...], ...]
_LIMITS = (COPIES,) * 24 + (1,)


# ------------------------------------------------------------------------------ the hand units


# Bounded caches (caches.stats('xiaogan')): 8 tables (one per option triple), 200 000
# readings, 200 000 partial and 100 000 full layouts of concealed counts.
@caches.lru("xiaogan", maxsize=8)
def units_table(wild: bool, numeric: bool, wuzhang: bool) -> _Table:
    """Every set a concealed hand may form under the options (wild 混江, number runs, 五張),
    grouped by its lowest real card index, each with a global rank (so a search takes each
    multiset of sets once).

    >>> [(rank, kind.hanzi, cards) for rank, (kind, cards) in units_table(False, False, True)[0]]
    [(0, '暗', (0, 0, 0)), (1, '亮', (0, 0, 0, 0)), (2, '五張', (0, 0, 0, 0, 0)), (3, '句', (0, 1, 2))]
    """
    units: list[_Unit] = []
    bases: list[_Unit] = []
    for p in range(8):
        bases.append((MeldKind.JU, (3 * p, 3 * p + 1, 3 * p + 2)))
    if numeric:
        bases.extend((MeldKind.SHUN, run) for run in RUNS)
    for i in range(24):
        bases.append((MeldKind.AN, (i, i, i)))
        bases.append((MeldKind.LIANG, (i, i, i, i)))
        if wuzhang:
            bases.append((MeldKind.WUZHANG, (i,) * 5))
    for kind, cards in bases:
        units.append((kind, cards))
        if wild:  # X3 option: 混江 stands in for any one card of the set
            for k in range(len(cards)):
                rest = tuple(sorted(cards[:k] + cards[k + 1 :]))
                units.append((kind, (*rest, HJ)))
    unique = sorted(set(units), key=lambda u: (u[1], u[0].value))
    grouped: list[list[tuple[int, _Unit]]] = [[] for _ in range(KINDS)]
    for rank, unit in enumerate(unique):
        grouped[unit[1][0]].append((rank, unit))
    return tuple(tuple(g) for g in grouped)


_Options = tuple[bool, bool, bool]  # wild 混江, number runs, 五張: the key of a units table


def _options(rules: Rules) -> _Options:
    return (rules.hunjiang == "wild", rules.numeric_sentences, rules.wuzhang)


def _table(rules: Rules) -> _Table:
    return units_table(*_options(rules))


def _laid(unit: _Unit, face_down: bool) -> int:
    return len(unit[1]) if face_down else len(unit[1]) - unit[0].hidden


@caches.lru("xiaogan", maxsize=200_000)
def best_units(
    counts: tuple[int, ...], options: _Options, face_down: bool
) -> tuple[int, int, tuple[_Unit, ...]] | None:
    """The best reading of concealed ``counts`` (laid-out count, 胡, units), or None when the
    cards cannot all be formed; ``options`` name the units table (:func:`units_table`).
    Counts in, no public objects; cached on small keys (a tuple of units would be hashed anew
    on every call).

    >>> best_units((1, 1, 1) + (0,) * 22, (False, False, True), True)
    (3, 0, ((MeldKind.JU, (0, 1, 2)),))
    """
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0:
        return (0, 0, ())
    found: tuple[int, int, tuple[_Unit, ...]] | None = None
    for _rank, unit in units_table(*options)[low]:
        rest = _take(counts, unit[1])
        if rest is None:
            continue
        sub = best_units(rest, options, face_down)
        if sub is None:
            continue
        laid = sub[0] + _laid(unit, face_down)
        hu = sub[1] + HU_TABLE[unit[0]]
        if found is None or (laid, hu) > found[:2]:
            found = (laid, hu, (unit, *sub[2]))
    return found


def _generate(counts: tuple[int, ...], table: _Table, min_rank: int) -> Iterator[list[_Unit]]:
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


# The sets of a concealed hand never mix phrases (a 句 is one phrase, identical sets one kind),
# except the number runs of X5 (phrases D and F) and a wild 混江: the best laying-out is found
# phrase group by phrase group, each group's answer cached.
_GROUPS = tuple((3 * p, 3 * p + 1, 3 * p + 2) for p in range(8))
_GROUPS_NUMERIC = (*_GROUPS[:3], (9, 10, 11, 15, 16, 17), _GROUPS[4], *_GROUPS[6:])
_Layout = tuple[int, int, int, tuple[_Unit, ...], tuple[int, ...]]  # laid, hu, -loose, units, loose


@caches.lru("xiaogan", maxsize=200_000)
def _partial(counts: tuple[int, ...], options: _Options, face_down: bool) -> _Layout:
    """The best laying-out of ``counts`` with loose cards allowed: most cards laid out, then
    fewest loose cards, then most 胡."""
    low = next((i for i, c in enumerate(counts) if c), -1)
    if low < 0:
        return (0, 0, 0, (), ())
    rest = list(counts)
    rest[low] -= 1
    sub = _partial(tuple(rest), options, face_down)
    best: _Layout = (sub[0], sub[1], sub[2] - 1, sub[3], (low, *sub[4]))
    for _rank, unit in units_table(*options)[low]:
        left = _take(counts, unit[1])
        if left is None:
            continue
        sub = _partial(left, options, face_down)
        found = (sub[0] + _laid(unit, face_down), sub[1] + HU_TABLE[unit[0]], sub[2])
        if found > best[:3]:
            best = (*found, (unit, *sub[3]), sub[4])
    return best


def layout_units(counts: Sequence[int], rules: Rules) -> _Layout:
    """The best laying-out of concealed ``counts`` under ``rules``: (laid-out count, 胡,
    minus the loose cards, units, loose card indices). Hot path of the engine (cached on the
    counts).

    >>> layout_units((1, 1, 1, 1) + (0,) * 21, XIAOGAN)
    (3, 0, -1, ((MeldKind.JU, (0, 1, 2)),), (3,))
    """
    return _layout(tuple(counts), _options(rules), rules.count_face_down)


_NOTHING: _Layout = (0, 0, 0, (), ())  # the laying-out of no cards
_PICKS = {group: itemgetter(*group) for group in (*_GROUPS, *_GROUPS_NUMERIC)}


@caches.lru("xiaogan", maxsize=100_000)
def _group(
    group: tuple[int, ...], values: tuple[int, ...], joker: int, options: _Options, face_down: bool
) -> _Layout:
    """:func:`_partial` of the cards of one phrase group (``values`` in ``group`` order) and
    ``joker`` 混江, keyed on the group's few counts."""
    sub = [0] * KINDS
    for i, n in zip(group, values, strict=True):
        sub[i] = n
    sub[HJ] = joker
    return _partial(tuple(sub), options, face_down)


@caches.lru("xiaogan", maxsize=100_000)
def _layout(counts: tuple[int, ...], options: _Options, face_down: bool) -> _Layout:
    wild, numeric, _wuzhang = options
    groups = _GROUPS_NUMERIC if numeric else _GROUPS
    parts: list[_Layout] = []
    picked: list[tuple[int, ...]] = []
    for group in groups:
        values = _PICKS[group](counts)
        picked.append(values)
        parts.append(_group(group, values, 0, options, face_down) if any(values) else _NOTHING)
    joker = counts[HJ]
    if joker and wild:
        gains = []
        for k, group in enumerate(groups):
            found = _group(group, picked[k], 1, options, face_down)
            old = parts[k]
            gains.append(((found[0] - old[0], found[2] - old[2] + 1, found[1] - old[1]), k, found))
        gain, k, found = max(gains, key=lambda g: g[0])
        if gain > (0, 0, 0):
            parts[k] = found
            joker = 0
    laid = sum(p[0] for p in parts)
    hu = sum(p[1] for p in parts)
    units = tuple(u for p in parts for u in p[3])
    loose = tuple(i for p in parts for i in p[4]) + (HJ,) * joker
    return (laid, hu, -len(loose), units, loose)


# ------------------------------------------------------------------------------ input checks


def _sequence(value: object, what: str, of: str) -> tuple[Any, ...]:
    reader = "parse_melds" if of == "sets" else "parse"
    return items_arg(value, what, f"xiaogan {of}", reader=reader)


def parse_melds(melds: Iterable[Meld] | str) -> tuple[Meld, ...]:
    """Sets on the table from text — each its kind and its cards, separated by ``;`` or
    ``|`` — or from a sequence of :class:`Meld`.

    >>> parse_melds("碰 子子子; 門將 仁 HJ")
    (Meld(kind=MeldKind.PENG, cards=(Card('F3'), Card('F3'), Card('F3')), claimed=None), Meld(kind=MeldKind.MENJIANG, cards=(Card('G3'), Card('HJ')), claimed=None))
    >>> parse_melds("句 上 大 人 | 暗 邱 邱 邱") == (Meld.parse("句 上大人"), Meld.parse("暗 邱邱邱"))
    True
    >>> parse_melds("碰 子子")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 子 子 is not a 碰 (xiaogan.md §4)
    """
    return melds_arg(melds, Meld, "xiaogan sets (Meld)")


def checked(
    concealed: object, exposed: object, rules: object
) -> tuple[tuple[Card, ...], tuple[Meld, ...], tuple[int, ...]]:
    """Check the input of a public analysis entry: ``concealed`` a sequence of 孝感 cards (or
    their text, read by :func:`~changpai.xiaogan.parse`), ``exposed`` a sequence of
    :class:`Meld` (or sets as text, read by :func:`parse_melds`) allowed by ``rules`` (one 門將
    at most), ``rules`` a
    :class:`Rules`, no card more often in hand and on the table than the deck holds, and at least
    :data:`MIN_CARDS` cards in all, at most 32 (more than any seat can hold). Returns the cards,
    the sets and the concealed counts.

    >>> checked(parse("上大"), (), XIAOGAN)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 cards (上 大) are not a xiaogan hand: a player holds at least 3 cards in hand and on the table (xiaogan.md §2: 頭家 16, the others 15, a small seat 3 or 5)
    >>> checked(parse("上大人 邱乙己 化三千 七十士") * 3, (), XIAOGAN)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the hand (concealed and exposed) holds 36 cards; no hand holds more than 32
    """
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules = rules_arg(rules, Rules, "xiaogan")
    if isinstance(concealed, str):  # text, as analyze takes it
        concealed = parse(concealed)
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    cards = _sequence(concealed, "concealed", "cards")
    melds = _sequence(exposed, "exposed", "sets")
    for meld in melds:
        if not isinstance(meld, Meld):
            raise NotationError(
                f"exposed holds {clipped(meld)}, which is not a xiaogan Meld; build sets with "
                "Meld(...) or Meld.parse(...)"
            )
        why = meld_allowed(meld, rules)
        if why is not None:
            raise NotationError(f"{meld} is not a set under {clipped(rules)}: {why}")
    size_arg(
        len(cards) + sum(len(m.cards) for m in melds),
        _MAX_CARDS,
        "the hand (concealed and exposed)",
        "cards",
    )
    if sum(1 for m in melds if m.kind is MeldKind.MENJIANG) > 1:
        raise NotationError("a hand has at most one 門將 (the dealer's, xiaogan.md §4)")
    hand = counts_of(cards)
    on_table = [c for m in melds for c in m.cards]
    if on_table:
        counts_of((*cards, *on_table))  # NotationError: too many copies in hand and on table
    total = len(cards) + len(on_table)
    if total < MIN_CARDS:
        shown = " ".join(c.hanzi for c in (*cards, *on_table))
        raise NotationError(
            f"{n_cards(total)} ({shown}) {'is' if total == 1 else 'are'} not a xiaogan hand: a "
            "player holds at least "
            f"{MIN_CARDS} cards in hand and on the table (xiaogan.md §2: 頭家 16, the others 15, "
            "a small seat 3 or 5)"
        )
    return cards, melds, hand


# ------------------------------------------------------------------------------ decompositions


def _unit_meld(unit: _Unit) -> Meld:
    return Meld(unit[0], tuple(CARDS[i] for i in unit[1]))


# The fields of a Decomposition, checked (a typed error naming the field, never a later
# AttributeError); named functions, as mypy's attrs plugin takes no computed converter.
def _concealed_sets(value: Iterable[Meld]) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "concealed", "xiaogan sets (Meld)")


def _exposed_sets(value: Iterable[Meld]) -> tuple[Meld, ...]:
    return cards_arg(value, Meld, "exposed", "xiaogan sets (Meld)")


def _loose_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return cards_arg(value, Card, "loose", "xiaogan cards (Card)")


def _rules_field(instance: Any, attribute: Any, value: Any) -> None:
    rules_arg(value, Rules, "xiaogan")


@frozen
class Decomposition:
    """One reading of all of a player's cards: the sets formed from the concealed hand, the sets
    already on the table, and their counts under ``rules``.

    ``value`` (alias ``laid_out``) is the laid-out count of §5 (X2); ``hu`` the borrowed 川牌
    胡 (§6); ``wins`` whether the count reaches ``rules.win_count``; ``may_abandon`` whether it
    is exactly one fewer (the abandon of §5, X8).

    >>> d = best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生"))
    >>> d.value, d.wins, d.may_abandon, len(d.melds)
    (15, False, True, 5)
    """

    concealed: tuple[Meld, ...] = field(converter=_concealed_sets)
    exposed: tuple[Meld, ...] = field(default=(), converter=_exposed_sets)
    rules: Rules = field(default=XIAOGAN, repr=False, eq=False, validator=_rules_field)
    loose: tuple[Card, ...] = field(default=(), converter=_loose_cards)
    """Concealed cards left out of every set (only in a :func:`best_layout`)."""

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Every set, concealed first.

        >>> len(best_decomposition(parse("上大人 邱乙己 化三千 七十士"), [Meld.parse("碰 子子子")]).melds)
        5
        """
        return self.concealed + self.exposed

    @property
    def laid_out(self) -> int:
        """The laid-out count (擺牌張數) of xiaogan.md §5 under the rules' X2 option.

        >>> best_decomposition(parse("上上上 邱乙己 化三千 七十士 爾小生")).laid_out
        15
        >>> best_decomposition(parse("上上上 邱乙己 化三千 七十士 爾小生"),
        ...                    rules=XIAOGAN.evolve(count_face_down=False)).laid_out
        12
        """
        return sum(m.laid_out(self.rules) for m in self.melds)

    @property
    def value(self) -> int:
        """The family's count of the hand: the laid-out count (see :attr:`laid_out`).

        >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九")).value
        16
        """
        return self.laid_out

    @property
    def hu(self) -> int:
        """The borrowed 川牌 胡 of every set (xiaogan.md §6, chuanpai.md §2.6).

        >>> best_decomposition(parse("上上上 邱乙己 化三千 七十士 爾小生")).hu
        3
        """
        return sum(HU_TABLE[m.kind] for m in self.melds)

    @property
    def wins(self) -> bool:
        """Whether the laid-out count reaches ``rules.win_count`` (16; xiaogan.md §5).

        >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九")).wins
        True
        """
        return self.laid_out >= self.rules.win_count

    @property
    def may_abandon(self) -> bool:
        """Whether the laid-out count is exactly one short of a win: the player may abandon
        the hand (xiaogan.md §5, X8).

        >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生")).may_abandon
        True
        """
        return self.laid_out == self.rules.win_count - 1

    @property
    def verdict(self) -> str:
        """What the laid-out count means for the hand (xiaogan.md §5): ``"wins"``, ``"may
        abandon (§5)"`` one short of a win, else ``"no win yet"`` — as ``str(analysis)`` and
        ``changpai analyze`` print it.

        >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生")).verdict
        'may abandon (§5)'
        """
        if self.wins:
            return "wins"
        return "may abandon (§5)" if self.may_abandon else "no win yet"

    @property
    def complete(self) -> bool:
        """Whether every card is in a set (no :attr:`loose` card).

        >>> best_layout(parse("上大人 邱乙己 化三千 七十士 爾小 HJ")).complete
        False
        """
        return not self.loose

    def __str__(self) -> str:
        loose = f" | loose {' '.join(c.hanzi for c in self.loose)}" if self.loose else ""
        return " | ".join(str(m) for m in self.melds) + f"{loose}  ({self.laid_out} 張)"

    def _repr_html_(self) -> str:
        """The reading for notebooks: every set as framed chips, then the laid-out count.

        >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生"))._repr_html_().endswith("<b>15 張</b></div>")
        True
        """
        return render.line([m._repr_html_() for m in self.melds], note=f"{self.laid_out} 張")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``melds`` (as text), the sets as dicts, ``value`` and ``hu``.

        >>> sorted(best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生")).to_dict())
        ['concealed', 'exposed', 'hu', 'laid_out', 'loose', 'melds', 'value', 'wins']
        """
        return {
            "melds": [str(m) for m in self.melds],
            "concealed": [m.to_dict() for m in self.concealed],
            "exposed": [m.to_dict() for m in self.exposed],
            "loose": [c.code for c in self.loose],
            "value": self.value,
            "laid_out": self.laid_out,
            "hu": self.hu,
            "wins": self.wins,
        }


def decompositions(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
) -> Iterator[Decomposition]:
    """Every way to form the whole concealed hand into sets, each multiset of sets once.

    >>> hand = parse("上上上 大大大 人人人 邱乙己 化三千")
    >>> sorted(str(d) for d in decompositions(hand))
    ['句 上 大 人 | 句 上 大 人 | 句 上 大 人 | 句 邱 乙 己 | 句 化 三 千  (15 張)', '暗 上 上 上 | 暗 大 大 大 | 暗 人 人 人 | 句 邱 乙 己 | 句 化 三 千  (15 張)']
    >>> list(decompositions(parse("上大人 邱乙己 化三千 七十士 爾小 混江")))
    []

    The cards and the sets on the table may be given as text (sets as :func:`parse_melds`
    reads them):

    >>> [d.value for d in decompositions("上大人 邱乙己 化三千 七十士", "碰 子子子; 門將 仁 HJ")]
    [17]
    """
    _cards, melds, hand = checked(concealed, exposed, rules)  # checked now, not when iterated
    return _decompositions(hand, melds, rules)


def _decompositions(
    hand: tuple[int, ...], melds: tuple[Meld, ...], rules: Rules
) -> Iterator[Decomposition]:
    for units in _generate(hand, _table(rules), 0):
        yield Decomposition(tuple(_unit_meld(u) for u in units), melds, rules)


def best_decomposition(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
) -> Decomposition | None:
    """The reading that lays out the most cards (then has the most borrowed 胡), or ``None``
    when the cards cannot all be formed.

    >>> str(best_decomposition(parse("上上上 大大大 人人人 邱乙己 化三千")))
    '暗 上 上 上 | 暗 大 大 大 | 暗 人 人 人 | 句 邱 乙 己 | 句 化 三 千  (15 張)'
    >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小 混江")) is None
    True
    >>> best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小 混江"), rules=XIAOGAN.evolve(hunjiang="wild")).value
    15
    >>> str(best_decomposition("上大人 邱乙己 化三千 七十士", "碰 子子子; 門將 仁 HJ"))  # text
    '句 上 大 人 | 句 邱 乙 己 | 句 化 三 千 | 句 七 十 士 | 碰 子 子 子 | 門將 仁 混江  (17 張)'
    >>> best_decomposition(parse("上大人") + (Card("天"),))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '天' is not a xiaogan card; expected a code A1..H3 or HJ, or a character 上 大 人 … 可 知 禮 or 混江
    """
    _cards, melds, hand = checked(concealed, exposed, rules)
    found = best_units(hand, _options(rules), rules.count_face_down)
    if found is None:
        return None
    return Decomposition(tuple(_unit_meld(u) for u in found[2]), melds, rules)


def best_layout(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
) -> Decomposition:
    """The laying-out of a hand that lays out the most cards, with the cards left out of every
    set in ``loose`` (xiaogan.md §5: a player wins as soon as the cards he lays out number
    ``win_count`` or more, whatever is left in his hand). Ties go to fewer loose cards, then to
    more borrowed 胡.

    >>> d = best_layout(parse("上大人 邱乙己 化三千 七十士 九九九九 HJ"))
    >>> d.laid_out, d.wins, [c.hanzi for c in d.loose]
    (16, True, ['混江'])
    >>> str(best_layout(parse("上大人 邱乙己 化三千 七十士 爾小 可")))
    '句 上 大 人 | 句 邱 乙 己 | 句 化 三 千 | 句 七 十 士 | loose 爾 小 可  (12 張)'
    >>> best_layout("上大人 邱乙己 化三千 七十士", "碰 子子子").laid_out  # text
    15
    """
    _cards, melds, hand = checked(concealed, exposed, rules)
    return _laid_out(hand, melds, rules)


def _laid_out(hand: Sequence[int], melds: tuple[Meld, ...], rules: Rules) -> Decomposition:
    """The :func:`best_layout` of concealed counts ``hand`` beside the table ``melds``."""
    found = layout_units(hand, rules)
    laid = tuple(_unit_meld(u) for u in found[3])
    return Decomposition(laid, melds, rules, tuple(CARDS[i] for i in found[4]))


def is_complete(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
) -> bool:
    """Whether every concealed card can be formed into sets.

    >>> is_complete(parse("上大人 邱乙己 化三千 七十士 爾小生")), is_complete(parse("上大人 邱乙己 化三千 七十士 爾小士"))
    (True, False)
    >>> is_complete("上大人 邱乙己 化三千 七十士", "碰 子子子")  # text
    True
    """
    _cards, _melds, hand = checked(concealed, exposed, rules)
    return best_units(hand, _options(rules), rules.count_face_down) is not None


def waits(
    concealed: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
    winning_only: bool = False,
) -> dict[Card, Decomposition]:
    """Every card that would complete the hand, with the best reading it gives (聽牌 analysis).
    Only cards of which a copy is left count (5 of a character, 1 混江, minus those held).
    With ``winning_only`` the cards with which the hand *wins* instead — lays out
    ``rules.win_count`` cards or more, loose cards allowed (xiaogan.md §5) — each with its
    laying-out (:func:`best_layout`).

    A card is read into the concealed hand, and also into the set on the table it makes: the
    fourth of a 暗 there a 起 (§4: however it comes, it must join the 暗 unless another use
    wins), and — with ``winning_only`` — each claim of it the engine offers: a 碰 of two held,
    a 杠 of three, with a wild 混江 a 碰 of one held and it or a 杠 of two and it, face up (X2:
    they count with ``count_face_down`` off, where a 暗 in hand does not; reviews h86, h116).
    Of the ways a card wins, the one kept is :func:`best_layout`'s choice: the most laid out,
    then the fewest loose cards, then the most 胡.

    >>> sorted(c.hanzi for c in waits(parse("上大人 邱乙己 化三千 九九九九 爾爾"), ()))
    ['爾']
    >>> hand = "上大人 邱乙己 化三千 九九九九 爾小 可"  # (可 is left over whatever comes)
    >>> waits(hand), {c.hanzi: d.laid_out for c, d in waits(hand, winning_only=True).items()}
    ({}, {'生': 16})
    >>> waits(parse("上大人 邱乙己 化三千 九九九九 爾爾"), rules=XIAOGAN.evolve(hunjiang="wild"))[Card("HJ")].value
    16
    >>> sorted(c.hanzi for c in waits("上大人 邱乙己 化三千 爾爾", "杠 九九九九"))  # text
    ['爾']
    """
    _cards, melds, hand = checked(concealed, exposed, rules)
    flag_arg(winning_only, "winning_only", NotationError)
    held = list(hand)
    for meld in melds:
        for card in meld.cards:
            held[card.index] += 1
    options = _options(rules)
    ans = {
        m.cards[0].index: k
        for k, m in enumerate(melds)
        if m.kind is MeldKind.AN and m.cards[0].index != HJ and len(set(m.cards)) == 1
    }
    out: dict[Card, Decomposition] = {}
    for i in range(KINDS):
        if held[i] >= _LIMITS[i]:
            continue
        more = list(hand)
        more[i] += 1
        if winning_only:
            best, best_rank = None, (0, 0, 0)
            for counts, sets in ((more, melds), *_joined(hand, melds, i, ans.get(i), rules)):
                layout = _laid_out(counts, sets, rules)
                # (best_layout's order: most laid out, fewest loose, most 胡; review h116)
                rank = (layout.laid_out, -len(layout.loose), layout.hu)
                if layout.wins and (best is None or rank > best_rank):
                    best, best_rank = layout, rank
            if best is not None:
                out[CARDS[i]] = best
            continue
        found = best_units(tuple(more), options, rules.count_face_down)
        if found is None and i in ans:  # (the hand formed, the card joins its 暗: a 起)
            counts, sets = _joined(hand, melds, i, ans[i], rules)[0]
            found = best_units(tuple(counts), options, rules.count_face_down)
            if found is not None:
                out[CARDS[i]] = Decomposition(tuple(_unit_meld(u) for u in found[2]), sets, rules)
            continue
        if found is not None:
            out[CARDS[i]] = Decomposition(tuple(_unit_meld(u) for u in found[2]), melds, rules)
    return out


def _joined(
    hand: Sequence[int], melds: tuple[Meld, ...], i: int, an: int | None, rules: Rules
) -> list[tuple[list[int], tuple[Meld, ...]]]:
    """The concealed counts and table sets when card kind ``i`` joins a set on the table: the
    起 of the 暗 at place ``an`` of ``melds`` (first), and each claim of it the engine offers —
    a 碰 of two held, a 杠 of three, with a wild 混江 a 碰 of one and it or a 杠 of two and it
    (xiaogan.md §4) — read only with ``count_face_down`` off: with it on, the same cards read
    in hand (a 暗, a 亮) lay out as many."""
    card = CARDS[i]
    found: list[tuple[list[int], tuple[Meld, ...]]] = []
    if an is not None:
        qi = Meld(MeldKind.QI, (card,) * 4, claimed=card)
        found.append((list(hand), (*melds[:an], qi, *melds[an + 1 :])))
    if rules.count_face_down or i == HJ:
        return found
    # every claim the engine offers of the card (its Game._claim_options; review h116): a 碰 of
    # two held, a 杠 of three, and with a wild 混江 a 碰 of one and it, a 杠 of two and it
    wild = rules.hunjiang == "wild" and hand[HJ] > 0
    claims = [(MeldKind.PENG, (i, i), hand[i] >= 2), (MeldKind.GANG, (i, i, i), hand[i] >= 3)]
    claims += [(MeldKind.PENG, (i, HJ), wild and hand[i] >= 1)]
    claims += [(MeldKind.GANG, (i, i, HJ), wild and hand[i] >= 2)]
    for kind, own, offered in claims:
        if offered:
            rest = list(hand)
            for k in own:
                rest[k] -= 1
            cards = (*(CARDS[k] for k in own), card)
            found.append((rest, (*melds, Meld(kind, cards, claimed=card))))
    return found
