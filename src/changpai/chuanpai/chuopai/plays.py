"""Plays of 戳牌 and how they compare (chuanpai.md §3.2), as pure functions.

A **play** is one of:

- a *group*: one or more cards of one rank of one class — 正門 (天 > 地 > 人 > 和 > 中山 > 幺),
  red 點子 (紅九 > 三四 > 紅五) or black 點子 (黑九 > 平八 = 三五 > 二五 > 拐子). Cards of equal
  rank go together: 梅子 + 長三 is a pair of 中山, 平八 + 三五 a pair of black eights [INF: the
  seeds call them 平級 / 一樣大];
- a *組合*: head cards 天 / 地 / 人 / 和 (at least one, "至少一張") with the 點子 of their combo —
  天九 (天 + 紅九 / 黑九) > 地八 (地 + 平八 / 三五) > 人七 (人 + 三四 / 二五) > 和五 (和 + 紅五 /
  拐子); larger shapes such as 天天九 or 天九九 are 組合 of the same rank [INF].

A play beats another of the same class (組合 only 組合, 正門 only 正門, 點子 only 點子 of its own
colour) and the same number of cards when its rank is strictly higher; an equal rank does not
beat unless ``rules.chuo_ties == "beat"`` (C12). The 硬張 丁丁 and 二紅 are never played.

>>> beats("天牌", "地牌"), beats("地牌", "天牌"), beats("紅九", "平八")
(True, False, False)
>>> beats("三四 三四", "紅五 紅五"), beats("梅子", "長三"), beats("梅子", "長三", CHUOPAI.evolve(chuo_ties="beat"))
(True, False, True)
>>> [str(p) for p in plays("紅九 紅九 三四 三四 紅五", led="紅五 紅五")]
['三四 三四 (紅點子 三四)', '紅九 紅九 (紅點子 紅九)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import field, frozen

from changpai.chuanpai.cards import CARDS, Card, ChuoClass, _count_copies, parse
from changpai.chuanpai.chuopai.deal import HAND
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.core import caches, render
from changpai.core.guard import cards_arg, clipped, items_arg, rules_arg, shown, unchecked
from changpai.core.hanzi import HanziEnum
from changpai.errors import NotationError

__all__ = ["Play", "PlayKind", "beats", "play_order", "plays"]

DOTS = 21
"""Kinds of dot cards (indices 0..20 of :data:`~changpai.chuanpai.cards.CARDS`)."""


class PlayKind(HanziEnum, short_repr=True):
    """The class of a play (chuanpai.md §3.2): a play beats only a play of its own class.

    >>> PlayKind.COMBO.hanzi, PlayKind("red").hanzi
    ('組合', '紅點子')
    """

    ZHENGMEN = ("zhengmen", "正門")
    RED = ("red", "紅點子")
    BLACK = ("black", "黑點子")
    COMBO = ("zuhe", "組合")


_KINDS: tuple[PlayKind, ...] = tuple(PlayKind)
_K_ZHENGMEN, _K_RED, _K_BLACK, _K_COMBO = 0, 1, 2, 3


def _card_kind(card: Card) -> int | None:
    cls = card.chuo_class
    if cls.zhengmen:
        return _K_ZHENGMEN
    if cls is ChuoClass.DIANZI:
        return _K_RED if card.red else _K_BLACK
    return None  # 硬張, 經牌: never played


# Per kind index: (play kind, rank) of the card as a group, or None (硬張).
_GROUP_OF: tuple[tuple[int, int] | None, ...] = tuple(
    None if (k := _card_kind(c)) is None else (k, c.chuo_rank) for c in CARDS[:DOTS]
)
# (kind, rank) -> the kind indices of that rank, e.g. 中山 -> 梅子, 長三, 長二.
_GROUPS: dict[tuple[int, int], tuple[int, ...]] = {}
for _i, _g in enumerate(_GROUP_OF):
    if _g is not None:
        _GROUPS[_g] = (*_GROUPS.get(_g, ()), _i)
# Combos: (rank, head index, partner indices); 天九 4 > 地八 3 > 人七 2 > 和五 1.
_COMBO_LIST: list[tuple[int, int, tuple[int, int]]] = []
for _head in CARDS[:DOTS]:
    if _head.chuo_combo is not None and _head.chuo_class is ChuoClass.ZHENGMEN:
        _p, _q = (
            c.index for c in CARDS[:DOTS] if c.chuo_combo == _head.chuo_combo and c is not _head
        )
        _COMBO_LIST.append((_head.chuo_rank - 2, _head.index, (_p, _q)))
_COMBOS: tuple[tuple[int, int, tuple[int, int]], ...] = tuple(sorted(_COMBO_LIST, reverse=True))
_COMBO_OF: dict[int, tuple[int, int, tuple[int, int]]] = {
    i: combo for combo in _COMBOS for i in (combo[1], *combo[2])
}
_RANK_NAMES: dict[tuple[int, int], str] = {
    (_K_ZHENGMEN, 6): "天", (_K_ZHENGMEN, 5): "地", (_K_ZHENGMEN, 4): "人",
    (_K_ZHENGMEN, 3): "和", (_K_ZHENGMEN, 2): "中山", (_K_ZHENGMEN, 1): "幺",
    (_K_RED, 3): "紅九", (_K_RED, 2): "三四", (_K_RED, 1): "紅五",
    (_K_BLACK, 4): "黑九", (_K_BLACK, 3): "平八", (_K_BLACK, 2): "二五", (_K_BLACK, 1): "拐子",
    (_K_COMBO, 4): "天九", (_K_COMBO, 3): "地八", (_K_COMBO, 2): "人七", (_K_COMBO, 1): "和五",
}  # fmt: skip

Shape = tuple[int, int, int]
"""The engine's description of a play: (kind, rank, number of cards)."""


def describe(indices: Sequence[int], big: bool = True) -> Shape | None:
    """The shape ``(kind, rank, size)`` of the cards with these kind indices, or ``None`` when
    they are not a play (the engine's fast path; :meth:`Play.of` is the public one); with
    ``big`` False a 組合 is one head card and one 點子 (``Rules.big_combos``).

    >>> describe((0, 0)), describe((0, 4)), describe((4, 5)), describe(())
    ((0, 6, 2), (3, 4, 2), None, None)
    >>> describe((0, 0, 4)), describe((0, 0, 4), big=False)
    ((3, 4, 3), None)
    """
    if not indices:
        return None
    first = indices[0]
    if not 0 <= first < DOTS:
        return None
    group = _GROUP_OF[first]
    if group is not None and all(0 <= i < DOTS and _GROUP_OF[i] == group for i in indices):
        return (group[0], group[1], len(indices))
    combo = _COMBO_OF.get(first)
    if combo is None:
        return None
    rank, head, partners = combo
    heads = 0
    for i in indices:
        if i == head:
            heads += 1
        elif i not in partners:
            return None
    if heads == 0 or heads == len(indices) or (not big and len(indices) != 2):
        return None
    return (_K_COMBO, rank, len(indices))


def shape_beats(play: Shape, led: Shape, ties: bool) -> bool:
    """Whether a play of shape ``play`` beats one of shape ``led`` (same class and size, rank
    strictly higher, or equal when ``ties``).

    >>> shape_beats((0, 6, 1), (0, 5, 1), False), shape_beats((0, 2, 1), (0, 2, 1), True)
    (True, True)
    """
    if play[0] != led[0] or play[2] != led[2]:
        return False
    return play[1] > led[1] or (ties and play[1] == led[1])


# Bounded (caches.stats('chuanpai.chuopai')): 13 ranks x (at most 5**3 availabilities) x sizes
# up to 12 — about 20 000 keys at most.
@caches.lru("chuanpai.chuopai", maxsize=1 << 15)
def _group_sets(
    kinds: tuple[int, ...], avail: tuple[int, ...], n: int
) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``n`` cards over ``kinds`` with at most ``avail[i]`` of ``kinds[i]``,
    each as a sorted tuple of kind indices."""
    if n == 0:
        return ((),)
    if not kinds or sum(avail) < n:
        return ()
    out: list[tuple[int, ...]] = []
    head, rest_kinds, rest_avail = kinds[0], kinds[1:], avail[1:]
    for take in range(min(avail[0], n), -1, -1):
        for tail in _group_sets(rest_kinds, rest_avail, n - take):
            out.append((head,) * take + tail)
    return tuple(sorted(out))


def _combo_sets(
    combo: tuple[int, int, tuple[int, int]], counts: Sequence[int], n: int | None
) -> list[tuple[int, ...]]:
    """Every 組合 of ``combo`` in ``counts`` (of ``n`` cards, or of every size when None)."""
    _rank, head, (p, q) = combo
    return _combo_avail_sets(combo, (counts[head], counts[p], counts[q]), n)


def _combo_avail_sets(
    combo: tuple[int, int, tuple[int, int]], avail: tuple[int, ...], n: int | None
) -> list[tuple[int, ...]]:
    """Every 組合 of ``combo`` with at most ``avail`` (head, partner, partner) cards."""
    _rank, head, (p, q) = combo
    out: list[tuple[int, ...]] = []
    for a in range(1, avail[0] + 1):
        for x in range(avail[1] + 1):
            for y in range(avail[2] + 1):
                if x + y == 0 or (n is not None and a + x + y != n):
                    continue
                out.append(tuple(sorted((head,) * a + (p,) * x + (q,) * y)))
    return out


UNITS: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    *((k, r, kinds) for (k, r), kinds in _GROUPS.items()),
    *((_K_COMBO, combo[0], (combo[1], *combo[2])) for combo in _COMBOS),
)
"""The engine's units of play, ``(kind, rank, kind indices)``: every group (its cards of one
rank), then every 組合 (head, partner, partner), in the order :func:`lead_sets` lists them."""


def unit_sets(
    unit: int, avail: tuple[int, ...], n: int | None, big: bool = True
) -> list[tuple[int, ...]]:
    """Every play of ``UNITS[unit]`` with at most ``avail[i]`` cards of its ``i``-th kind: of
    ``n`` cards, or of every size (smallest first) when ``n`` is None — the pieces
    :func:`lead_sets` and :func:`beat_sets` are made of, in their order (with ``big`` False,
    no 組合 of more than two cards: ``Rules.big_combos``).

    >>> unit_sets(0, (2,), None), unit_sets(len(UNITS) - 4, (1, 1, 0), 2)
    ([(0,), (0, 0)], [(0, 4)])
    >>> unit_sets(len(UNITS) - 4, (2, 1, 0), None, big=False)
    [(0, 4)]
    """
    kind, _rank, kinds = UNITS[unit]
    if kind == _K_COMBO:
        if not big and n not in (None, 2):
            return []
        return _combo_avail_sets(_COMBO_OF[kinds[0]], avail, n if big else 2)
    if n is not None:
        return list(_group_sets(kinds, avail, n))
    out: list[tuple[int, ...]] = []
    for size in range(1, sum(avail) + 1):
        out.extend(_group_sets(kinds, avail, size))
    return out


def _avail(kinds: tuple[int, ...], counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(counts[i] for i in kinds)


def lead_sets(counts: Sequence[int], big: bool = True) -> list[tuple[int, ...]]:
    """Every play (as sorted kind indices) that a hand with these counts can lead (with
    ``big`` False, no 組合 of more than two cards).

    >>> counts = [0] * 21; counts[0] = 2; counts[4] = 1
    >>> lead_sets(counts), lead_sets(counts, big=False)
    ([(0,), (0, 0), (4,), (0, 4), (0, 0, 4)], [(0,), (0, 0), (4,), (0, 4)])
    """
    out: list[tuple[int, ...]] = []
    for kinds in _GROUPS.values():
        avail = _avail(kinds, counts)
        for n in range(1, sum(avail) + 1):
            out.extend(_group_sets(kinds, avail, n))
    for combo in _COMBOS:
        out.extend(_combo_sets(combo, counts, None if big else 2))
    return out


def beat_sets(counts: Sequence[int], led: Shape, ties: bool) -> list[tuple[int, ...]]:
    """Every play (as sorted kind indices) in ``counts`` that beats a play of shape ``led``.

    >>> counts = [0] * 21; counts[4] = 2; counts[10] = 2
    >>> beat_sets(counts, (1, 1, 2), False)
    [(4, 4), (10, 10)]
    """
    kind, rank, n = led
    out: list[tuple[int, ...]] = []
    if kind == _K_COMBO:
        for combo in _COMBOS:
            if combo[0] > rank or (ties and combo[0] == rank):
                out.extend(_combo_sets(combo, counts, n))
        return out
    for (k, r), kinds in _GROUPS.items():
        if k == kind and (r > rank or (ties and r == rank)):
            out.extend(_group_sets(kinds, _avail(kinds, counts), n))
    return out


def can_beat(counts: Sequence[int], led: Shape, ties: bool) -> bool:
    """Whether ``counts`` hold a play that beats a play of shape ``led`` (without listing them).

    >>> counts = [0] * 21; counts[20] = 1; counts[7] = 1
    >>> can_beat(counts, (3, 2, 2), False), can_beat(counts, (3, 3, 2), False)
    (True, False)
    """
    kind, rank, n = led
    if kind == _K_COMBO:
        for r, head, (p, q) in _COMBOS:
            higher = r > rank or (ties and r == rank)
            if (
                higher
                and counts[head]
                and counts[p] + counts[q]
                and counts[head] + counts[p] + counts[q] >= n
            ):
                return True
        return False
    groups = _HIGHER_GROUPS.get((kind, rank, ties))
    for kinds in _higher_groups(kind, rank, ties) if groups is None else groups:
        held = 0
        for i in kinds:
            held += counts[i]
        if held >= n:
            return True
    return False


def _higher_groups(kind: int, rank: int, ties: bool) -> tuple[tuple[int, ...], ...]:
    """The kinds of every group of class ``kind`` that beats a group of ``rank``."""
    return tuple(
        kinds
        for (k, r), kinds in _GROUPS.items()
        if k == kind and (r > rank or (ties and r == rank))
    )


# _higher_groups of every group's shape.
_HIGHER_GROUPS: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {
    (kind, rank, ties): _higher_groups(kind, rank, ties)
    for kind, rank in _GROUPS
    for ties in (False, True)
}


# ---------------------------------------------------------------------------------- public


def play_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order plays show them: the head cards 天 地 人 和 first (a 組合 reads 天牌
    紅九), then the rest, each in table order.

    >>> [c.code for c in play_order(parse("45 66 36"))]
    ['66', '45', '36']
    """
    return tuple(sorted(cards, key=_play_key))


def _play_key(card: Card) -> int:
    return _PLAY_KEYS[card.index]


# The sort key of each card kind in a play: the head cards (正門) first, then the rest, each in
# table order (an int: cheaper to compare than a pair).
_PLAY_KEYS: tuple[int, ...] = tuple(
    (0 if c.chuo_class is ChuoClass.ZHENGMEN else len(CARDS)) + c.index for c in CARDS
)


def _play_cards(value: object) -> tuple[Card, ...]:
    return cards_arg(value, Card, "cards", "戳牌 cards (chuanpai Card)")


@frozen
class Play:
    """A play of 戳牌: its class (:class:`PlayKind`), rank within the class and its cards
    (sorted in table order). Build one with :meth:`of` or :meth:`parse`; built directly,
    ``Play(kind, rank, cards)`` checks that the cards, in play order, make that kind and rank.

    >>> play = Play.parse("天牌 紅九 黑九")
    >>> play.kind, play.rank, play.size, play.name, str(play)
    (PlayKind.COMBO, 4, 3, '天九', '天牌 紅九 三六 (組合 天九)')
    >>> Play.parse("天牌 地牌")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '天牌 地牌' is not a 戳牌 play: cards of one rank of one class, or a 組合 of head cards 天 / 地 / 人 / 和 with their 點子 (chuanpai.md §3.2)
    """

    kind: PlayKind
    rank: int
    cards: tuple[Card, ...] = field(converter=_play_cards)

    def __attrs_post_init__(self) -> None:
        # (a play built directly, not by `of`: its kind and rank are those its cards make)
        made = Play.of(self.cards)
        if (made.kind, made.rank, made.cards) != (self.kind, self.rank, self.cards):
            raise NotationError(
                f"Play({shown(self.kind)}, {shown(self.rank)}, {shown(self.cards)}) is not a "
                f"戳牌 play: those cards, in play order, are {clipped(made)} (build one with Play.of)"
            )

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Play:
        """The play made of ``cards`` (any order); NotationError when they are not a play, or
        not a sequence of cards (text goes to :meth:`parse`).

        >>> Play.of(parse("長三 梅子")).name
        '中山'
        >>> Play.of(5)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: cards=5 is not a sequence of 戳牌 cards
        """
        items = items_arg(cards, "cards", "戳牌 cards")
        if not all(isinstance(c, Card) for c in items):
            raise NotationError(f"{shown(items)} is not a 戳牌 play: expected chuanpai cards")
        _count_copies(items, "deck84")  # (a fifth copy, or a 經牌: no 戳牌 cards)
        items = play_order(items)
        shape = describe(tuple(c.index for c in items))
        if shape is None:
            text = clipped(" ".join(c.name for c in items)) if items else "no cards"
            raise NotationError(
                f"{text} is not a 戳牌 play: cards of one rank of one class, or a 組合 of head "
                "cards 天 / 地 / 人 / 和 with their 點子 (chuanpai.md §3.2)"
            )
        if cls is Play:  # (checked above: past the constructor's check)
            return _new_play(_KINDS[shape[0]], shape[1], items)
        return cls(_KINDS[shape[0]], shape[1], items)

    @classmethod
    def parse(cls, text: str) -> Play:
        """The play written in ``text`` (codes or names, see :func:`~changpai.chuanpai.parse`).

        >>> Play.parse("26 35").name
        '平八'
        """
        return cls.of(parse(text, deck="deck84"))

    @property
    def size(self) -> int:
        """The number of cards.

        >>> Play.parse("天牌 天牌 紅九").size
        3
        """
        return len(self.cards)

    @property
    def name(self) -> str:
        """The rank's name: 天 … 幺, 紅九 … 紅五, 黑九 … 拐子, or the 組合 天九 … 和五.

        >>> Play.parse("三五").name, Play.parse("人牌 二五").name
        ('平八', '人七')
        """
        return _RANK_NAMES[(_KINDS.index(self.kind), self.rank)]

    @property
    def shape(self) -> Shape:
        """``(kind, rank, size)`` as the engine compares them.

        >>> Play.parse("紅九 紅九").shape
        (1, 3, 2)
        """
        return (_KINDS.index(self.kind), self.rank, len(self.cards))

    def beats(self, led: Play | str | Iterable[Card], rules: Rules = CHUOPAI) -> bool:
        """Whether this play beats ``led`` (see :func:`beats`).

        >>> Play.parse("人牌 三四").beats("和牌 紅五")
        True
        """
        return beats(self, led, rules)

    def __str__(self) -> str:
        cards = " ".join(c.name for c in self.cards)
        return f"{cards} ({self.kind.hanzi} {self.name})"

    def _repr_html_(self) -> str:
        return render.meld(f"{self.kind.hanzi} {self.name}", self.cards)


_new_play = unchecked(Play)


def _as_play(value: Play | str | Iterable[Card], what: str) -> Play:
    if isinstance(value, Play):
        return value
    if isinstance(value, str):
        return Play.parse(value)
    return Play.of(items_arg(value, what, "戳牌 cards"))


def beats(
    play: Play | str | Iterable[Card], led: Play | str | Iterable[Card], rules: Rules = CHUOPAI
) -> bool:
    """Whether ``play`` beats ``led`` (chuanpai.md §3.2): same class (組合 / 正門 / red 點子 /
    black 點子), same number of cards, strictly higher rank — or an equal rank when
    ``rules.chuo_ties == "beat"`` (C12). Plays are :class:`Play` objects, card text or cards;
    something that is not a play raises :class:`~changpai.errors.NotationError`.

    >>> beats("天牌 紅九", "地牌 平八"), beats("天牌", "地牌 平八"), beats("黑九", "紅九")
    (True, False, False)
    >>> beats("平八", "三五"), beats("平八", "三五", CHUOPAI.evolve(chuo_ties="beat"))
    (False, True)
    """
    rules = rules_arg(rules, Rules, "戳牌")
    mine = _allowed(_as_play(play, "play"), rules, "play")
    theirs = _allowed(_as_play(led, "led"), rules, "led")
    return shape_beats(mine.shape, theirs.shape, rules.chuo_ties == "beat")


def _allowed(play: Play, rules: Rules, what: str) -> Play:
    """``play``, or a NotationError naming it when ``rules`` do not play its shape (a 組合 of
    more than two cards under ``big_combos=False``)."""
    if play.kind is PlayKind.COMBO and play.size > 2 and not rules.big_combos:
        raise NotationError(
            f"{what}={play} is a 組合 of {play.size} cards; under big_combos=False a 組合 is "
            "one head card and one 點子 (chuanpai.md §3.2)"
        )
    return play


def _counts(hand: str | Iterable[Card]) -> list[int]:
    """The counts of a 戳牌 hand (text or cards): at most :data:`HAND` cards within the copies
    of deck84, else NotationError naming it (a bigger hand has more plays than can be listed)."""
    cards = (
        parse(hand, deck="deck84")
        if isinstance(hand, str)
        else items_arg(hand, "hand", "戳牌 cards")
    )
    counts = [0] * DOTS
    for card in cards:
        if not isinstance(card, Card) or card.is_jing:
            raise NotationError(f"hand holds {clipped(card)}, which is not a 戳牌 card")
        counts[card.index] += 1
    if len(cards) > HAND:
        raise NotationError(f"hand holds {len(cards)} cards; a 戳牌 hand holds at most {HAND}")
    _count_copies(cards, "deck84")
    return counts


def plays(
    hand: str | Iterable[Card],
    led: Play | str | Iterable[Card] | None = None,
    rules: Rules = CHUOPAI,
) -> list[Play]:
    """Every play ``hand`` can make: every lead when ``led`` is None, else every play that
    beats ``led`` (chuanpai.md §3.2, §3.3). An empty list means the hand cannot beat ``led``
    and its owner covers cards face down instead. Plays come class by class, then by size,
    rank and cards.

    >>> [p.name for p in plays("天牌 地牌 紅九")]
    ['地', '天', '紅九', '天九']
    >>> [str(p) for p in plays("天牌 地牌 平八 三五", led="人牌 三四")]
    ['地牌 二六 (組合 地八)', '地牌 三五 (組合 地八)']
    >>> plays("長三 長二", led="梅子 梅子")
    []
    """
    rules = rules_arg(rules, Rules, "戳牌")
    counts = _counts(hand)
    if led is None:
        found = lead_sets(counts, rules.big_combos)
    else:
        shape = _allowed(_as_play(led, "led"), rules, "led").shape
        found = beat_sets(counts, shape, rules.chuo_ties == "beat")
    made = [Play.of(CARDS[i] for i in indices) for indices in found]
    made.sort(key=lambda p: (_KINDS.index(p.kind), p.size, p.rank, [c.index for c in p.cards]))
    return made
