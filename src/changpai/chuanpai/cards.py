"""The 川牌 cards: 21 dot cards (a double-six domino set) and the word cards 財神 / 聽用 (chuanpai.md §1).

Every dot card is named after the pips on its two halves; its ASCII code is the two pip counts,
low first (``"66"`` 天牌 … ``"11"`` 地牌). The 經牌 (word cards) are ``"JC"`` 財神 and ``"JT"`` 聽用.
Cards are interned in :data:`CARDS` and compare by their small-int ``index`` (0..20 the dot cards in
the order of the table of chuanpai.md §1, 21 財神, 22 聽用).

>>> hand = parse("天牌 人牌 46 斧頭 JC")
>>> format(hand)
'天牌 人牌 四六 斧頭 財神'
>>> format(hand, ascii=True)
'66 44 46 56 JC'
>>> Card.parse("紅九").points, Card.parse("45").red_dots
(9, 4)
>>> len(DECK84), len(DECK105), len(DECK84_JING), len(DECK86)
(84, 105, 84, 86)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from attrs import field, frozen

from changpai.core import render
from changpai.core.guard import cards_arg, clipped, flag_arg, keeps_once, shown
from changpai.core.hanzi import HanziEnum
from changpai.core.interned import Interned
from changpai.core.multiset import Counts
from changpai.core.notation import SPACED, case_spellings
from changpai.errors import NotationError

__all__ = [
    "CARDS",
    "DECK",
    "DECK84",
    "DECK84_JING",
    "DECK86",
    "DECK105",
    "DECKS",
    "DOT_CARDS",
    "JING_CARDS",
    "KINDS",
    "SEVENS",
    "Card",
    "ChuoClass",
    "deck",
    "format",
    "parse",
]

KINDS = 23
"""Number of card kinds: 21 dot cards + 財神 + 聽用."""


class ChuoClass(HanziEnum, short_repr=True):
    """The class of a card in the trick-taking 戳牌 (chuanpai.md §1 table, §3.2).

    >>> ChuoClass.ZHONGSHAN.hanzi
    '中山'
    """

    ZHENGMEN = ("zhengmen", "正門")
    ZHONGSHAN = ("zhongshan", "中山")
    YAO = ("yao", "幺")
    DIANZI = ("dianzi", "點子")
    YINGZHANG = ("yingzhang", "硬張")
    NONE = ("none", "—")

    @property
    def zhengmen(self) -> bool:
        """Whether the class belongs to 正門 (天地人和, 中山, 幺).

        >>> ChuoClass.YAO.zhengmen, ChuoClass.DIANZI.zhengmen
        (True, False)
        """
        return self in (ChuoClass.ZHENGMEN, ChuoClass.ZHONGSHAN, ChuoClass.YAO)


_Z, _S, _Y, _D, _H = (
    ChuoClass.ZHENGMEN,
    ChuoClass.ZHONGSHAN,
    ChuoClass.YAO,
    ChuoClass.DIANZI,
    ChuoClass.YINGZHANG,
)

# code, names (first = display name; seed spellings), chuo class, 戳牌 red card (chuanpai.md §1).
_TABLE: tuple[tuple[str, tuple[str, ...], ChuoClass, bool], ...] = (
    ("66", ("天牌",), _Z, True),
    ("56", ("斧頭", "氂牛"), _Y, False),
    ("46", ("四六", "紅拾", "瘦肉"), _Y, False),
    ("55", ("梅子",), _S, False),
    ("45", ("紅九",), _D, True),
    ("36", ("三六", "彎鞭", "黑九"), _D, False),
    ("44", ("人牌",), _Z, True),
    ("26", ("二六", "平八"), _D, False),
    ("35", ("三五",), _D, False),
    ("16", ("高高", "高腳", "幺七"), _Y, False),
    ("34", ("三四", "花七", "紅七"), _D, True),
    ("25", ("二五", "黑七"), _D, False),
    ("15", ("貓貓",), _Y, False),
    ("24", ("二四", "二紅"), _H, False),
    ("33", ("長三",), _S, False),
    ("14", ("幺四", "紅五"), _D, True),
    ("23", ("拐子", "枴子"), _D, False),
    ("13", ("合牌", "和牌"), _Z, False),
    ("22", ("長二", "板凳"), _S, False),
    ("12", ("丁丁",), _H, False),
    ("11", ("地牌",), _Z, True),
    ("JC", ("財神",), ChuoClass.NONE, False),
    ("JT", ("聽用",), ChuoClass.NONE, False),
)

# Extra spellings accepted on input only: simplified glyphs and one-character names.
_EXTRA_ALIASES: dict[str, str] = {
    "天": "66",
    "地": "11",
    "人": "44",
    "和": "13",
    "牦牛": "56",
    "斧头": "56",
    "红拾": "46",
    "红九": "45",
    "弯鞭": "36",
    "高脚": "16",
    "红七": "34",
    "猫猫": "15",
    "二红": "24",
    "长三": "33",
    "红五": "14",
    "长二": "22",
    "犛牛": "56",
    "么四": "14",
    "么七": "16",
    "财神": "JC",
    "听用": "JT",
}

_CODES: tuple[str, ...] = tuple(row[0] for row in _TABLE)
_INDEX: dict[str, int] = {code: i for i, code in enumerate(_CODES)}
_LOOKUP: dict[str, int] = dict(_INDEX)
for _i, _row in enumerate(_TABLE):
    for _name in _row[1]:
        _LOOKUP[_name] = _i
for _alias, _code in _EXTRA_ALIASES.items():
    _LOOKUP[_alias] = _INDEX[_code]
for _i, _code in enumerate(_CODES):  # (JC / JT read in either case)
    for _spelling in case_spellings(_code):
        _LOOKUP[_spelling] = _i
_TOKENS = sorted(_LOOKUP, key=len, reverse=True)
_LEFT: tuple[int, ...] = tuple(0 if c.startswith("J") else int(c[0]) for c in _CODES)
_RIGHT: tuple[int, ...] = tuple(0 if c.startswith("J") else int(c[1]) for c in _CODES)
_POINTS: tuple[int, ...] = tuple(a + b for a, b in zip(_LEFT, _RIGHT, strict=True))
_EXPECTED = "expected a pip code 66..11 (low pip first), JC / JT, or a card name such as 天牌, 斧頭"


def _to_index(value: int | str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < KINDS:
            raise NotationError(f"card index {clipped(value)} is out of range 0..{KINDS - 1}")
        return value
    if isinstance(value, str):
        found = _LOOKUP.get(value.strip())
        if found is None:
            raise NotationError(f"{clipped(value)} is not a chuanpai card; {_EXPECTED}")
        return found
    raise NotationError(f"{clipped(value)} is not a chuanpai card; {_EXPECTED}")


def _red(pips: int) -> bool:
    return pips in (1, 4)


_INTERNED: dict[int, Card] = {}


# cache_hash: cards are keys of the engines' caches (the same hash, computed once).
@frozen(repr=False, cache_hash=True)
class Card(Interned):
    """One card kind of the 川牌 deck (chuanpai.md §1).

    Build cards with :meth:`parse` or ``Card("66")`` or take them from :data:`CARDS`. Cards are
    interned (one object per kind, docs: Core concepts): every construction, copy and unpickling returns
    the one object of its kind in :data:`CARDS`. ``str`` is the display name, ``repr``
    round-trips. Cards sort in the order of the table (天牌 first, 地牌 last, then the 經牌).

    >>> card = Card("56")
    >>> card, str(card), card.names, card.points, card.index
    (Card('56'), '斧頭', ('斧頭', '氂牛'), 11, 1)
    >>> card is Card("斧頭") is Card(1) is CARDS[1]
    True
    >>> Card("65")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '65' is not a chuanpai card; expected a pip code 66..11 (low pip first), JC / JT, or a card name such as 天牌, 斧頭
    """

    index: int = field(converter=_to_index)

    def __new__(cls, index: int | str) -> Card:
        found = _to_index(index)
        interned = _INTERNED.get(found)
        if interned is not None:
            return interned
        card = object.__new__(cls)
        _INTERNED[found] = card
        return card

    # Cards sort by index (the order of the table); written out, as sorting units is a hot
    # path of the engines (attrs' order=True builds tuples on every comparison).
    def __lt__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index >= other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from its code or any of its names (traditional or simplified).

        >>> Card.parse("瘦肉") is Card.parse("46")
        True
        >>> Card.parse("x")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 'x' is not a chuanpai card; expected a pip code 66..11 (low pip first), JC / JT, or a card name such as 天牌, 斧頭

        Only text is parsed (an index is ``Card(5)``), as in every family:

        >>> Card.parse(5)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 5 is not a string of chuanpai cards
        """
        if type(text) is str:  # (a code or name as written: one look-up, as _to_index does)
            found = _LOOKUP.get(text)
            if found is not None:
                return CARDS[found]
        elif not isinstance(text, str):
            raise NotationError(f"{shown(text)} is not a string of chuanpai cards")
        return CARDS[_to_index(text)]

    @property
    def code(self) -> str:
        """The ASCII code: the two pip counts, low first, or ``JC`` / ``JT``.

        >>> Card.parse("天牌").code
        '66'
        """
        return _CODES[self.index]

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the seeds give, display name first.

        >>> Card("34").names
        ('三四', '花七', '紅七')
        """
        return _TABLE[self.index][1]

    @property
    def name(self) -> str:
        """The display name.

        >>> Card("12").name
        '丁丁'
        """
        return _TABLE[self.index][1][0]

    @property
    def number(self) -> int:
        """The row number in the seed card list (1 天牌 … 21 地牌, 22 for both 經牌).

        >>> Card("11").number, Card("JT").number
        (21, 22)
        """
        return min(self.index + 1, 22)

    @property
    def is_jing(self) -> bool:
        """Whether this is a 經牌 (財神 / 聽用), a word card without dots.

        >>> Card("JC").is_jing, Card("12").is_jing
        (True, False)
        """
        return self.index >= 21

    @property
    def left(self) -> int:
        """Pips on the left (low) half; 0 for a 經牌.

        >>> Card("36").left, Card("36").right
        (3, 6)
        """
        return _LEFT[self.index]

    @property
    def right(self) -> int:
        """Pips on the right (high) half; 0 for a 經牌.

        >>> Card("15").right
        5
        """
        return _RIGHT[self.index]

    @property
    def points(self) -> int:
        """Point value: the sum of the pips (2..12); 0 for a 經牌, which has no points.

        >>> [Card(c).points for c in ("66", "11", "JC")]
        [12, 2, 0]
        """
        return _POINTS[self.index]

    @property
    def left_colour(self) -> str:
        """Colour of the left half: ``"red"``, ``"black"``, ``"crossed"`` (天牌) or ``""`` (經牌).

        >>> Card("46").left_colour, Card("46").right_colour, Card("66").left_colour
        ('red', 'black', 'crossed')
        """
        return self._colour(self.left)

    @property
    def right_colour(self) -> str:
        """Colour of the right half (see :attr:`left_colour`).

        >>> Card("34").right_colour
        'red'
        """
        return self._colour(self.right)

    def _colour(self, pips: int) -> str:
        if self.is_jing:
            return ""
        if self.code == "66":
            return "crossed"
        return "red" if _red(pips) else "black"

    @property
    def red_dots(self) -> int:
        """Number of red dots: halves of 1 or 4 pips are red, 天牌 has 6 red and 6 black.

        >>> [Card(c).red_dots for c in ("66", "44", "14", "11", "55")]
        [6, 8, 5, 2, 0]
        """
        if self.is_jing:
            return 0
        if self.code == "66":
            return 6
        return sum(p for p in (self.left, self.right) if _red(p))

    @property
    def black_dots(self) -> int:
        """Number of black dots.

        >>> Card("66").black_dots, Card("45").black_dots
        (6, 5)
        """
        return self.points - self.red_dots

    @property
    def all_red(self) -> bool:
        """Whether every dot is red (人牌, 幺四, 地牌).

        >>> [c.code for c in DOT_CARDS if c.all_red]
        ['44', '14', '11']
        """
        return not self.is_jing and self.red_dots == self.points

    @property
    def all_black(self) -> bool:
        """Whether every dot is black (斧頭, 梅子, 三六 …).

        >>> Card("56").all_black, Card("66").all_black
        (True, False)
        """
        return not self.is_jing and self.red_dots == 0

    @property
    def chuo_class(self) -> ChuoClass:
        """The 戳牌 class (正門, 中山, 幺, 點子, 硬張; chuanpai.md §1, §3.2).

        >>> Card("55").chuo_class, Card("24").chuo_class
        (ChuoClass.ZHONGSHAN, ChuoClass.YINGZHANG)
        """
        return _TABLE[self.index][2]

    @property
    def chuo_rank(self) -> int:
        """Rank of the card within its 戳牌 class, higher beats lower, equal ranks tie
        (chuanpai.md §3.2): 正門 天 6 > 地 5 > 人 4 > 和 3 > 中山 2 > 幺 1; red 點子 紅九 3 >
        三四 2 > 紅五 1; black 點子 黑九 4 > 平八 = 三五 3 > 二五 2 > 拐子 1; 硬張 and 經牌 0.

        >>> [Card(c).chuo_rank for c in ("66", "11", "44", "13", "55", "56")]
        [6, 5, 4, 3, 2, 1]
        >>> [Card(c).chuo_rank for c in ("36", "26", "35", "25", "23", "12")]
        [4, 3, 3, 2, 1, 0]
        """
        return _CHUO_RANK.get(self.code, 0)

    @property
    def chuo_combo(self) -> str | None:
        """The 戳牌 組合 the card belongs to (chuanpai.md §3.2): 天九 (天牌 + 紅九 / 黑九),
        地八 (地牌 + 平八 / 三五), 人七 (人牌 + 三四 / 二五), 和五 (和牌 + 紅五 / 拐子); else None.

        >>> Card("45").chuo_combo, Card("13").chuo_combo, Card("55").chuo_combo
        ('天九', '和五', None)
        """
        return _CHUO_COMBO.get(self.code)

    @property
    def red(self) -> bool:
        """Whether the card counts as red in 戳牌 (天 地 人 紅九 三四 紅五; chuanpai.md §3.4).

        >>> [c.code for c in DOT_CARDS if c.red]
        ['66', '45', '44', '34', '14', '11']
        """
        return _TABLE[self.index][3]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_html_(self) -> str:
        return render.card(self)


_CHUO_RANK: dict[str, int] = {
    "66": 6, "11": 5, "44": 4, "13": 3, "55": 2, "33": 2, "22": 2,
    "15": 1, "16": 1, "46": 1, "56": 1,
    "45": 3, "34": 2, "14": 1,
    "36": 4, "26": 3, "35": 3, "25": 2, "23": 1,
}  # fmt: skip
_CHUO_COMBO: dict[str, str] = {
    code: name
    for name, codes in (
        ("天九", ("66", "45", "36")),
        ("地八", ("11", "26", "35")),
        ("人七", ("44", "34", "25")),
        ("和五", ("13", "14", "23")),
    )
    for code in codes
}

CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(KINDS))
"""One interned :class:`Card` per kind, by index."""

DOT_CARDS: tuple[Card, ...] = CARDS[:21]
"""The 21 dot cards in table order (天牌 … 地牌)."""

JING_CARDS: tuple[Card, ...] = CARDS[21:]
"""The 經牌 財神 and 聽用."""

SEVENS: tuple[Card, ...] = (CARDS[9], CARDS[10], CARDS[11])
"""The three 7-point kinds 高高 ``16``, 三四 ``34``, 二五 ``25`` that form a 燕 (chuanpai.md §2.3)."""

DECK84: tuple[Card, ...] = tuple(c for c in DOT_CARDS for _ in range(4))
"""21 kinds × 4, no 經牌 (chuanpai.md §1 deck variants)."""

DECK105: tuple[Card, ...] = tuple(c for c in DOT_CARDS for _ in range(5))
"""21 kinds × 5, no 經牌; the deck of 幺地人."""

DECK84_JING: tuple[Card, ...] = (
    tuple(c for c in DOT_CARDS for _ in range(2 if c.code == "12" else 4)) + JING_CARDS
)
"""21 × 4 with two 丁丁 ``12`` replaced by 財神 + 聽用 (still 84 cards)."""

DECK86: tuple[Card, ...] = DECK84 + JING_CARDS
"""``DECK84`` plus 財神 and 聽用."""

DECKS: dict[str, tuple[Card, ...]] = {
    "deck84": DECK84,
    "deck105": DECK105,
    "deck84_jing": DECK84_JING,
    "deck86": DECK86,
}
"""The decks by name."""

DECK = DECK105
"""The default full deck (``deck105``, used by the 幺地人 preset)."""


def deck(name: str) -> tuple[Card, ...]:
    """A deck by its name (``deck84``, ``deck105``, ``deck84_jing``, ``deck86``).

    >>> len(deck("deck84_jing"))
    84
    >>> deck("deck99")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'deck99' is not a chuanpai deck; expected one of deck84, deck105, deck84_jing, deck86
    """
    return _named_deck(name)


def _named_deck(name: object) -> tuple[Card, ...]:
    found = DECKS.get(name) if isinstance(name, str) else None
    if found is None:
        raise NotationError(
            f"{clipped(name)} is not a chuanpai deck; expected one of {', '.join(DECKS)}"
        )
    return found


def _limits_of(cards: Sequence[Card]) -> tuple[int, ...]:
    """How many copies of each kind ``cards`` (a deck) holds."""
    indices = [card.index for card in cards]
    return Counts.from_indices(indices, size=KINDS, max_copies=len(indices)).counts


_ANY_DECK = "any chuanpai deck"
_LIMITS: dict[str, tuple[int, ...]] = {name: _limits_of(cards) for name, cards in DECKS.items()}
_LIMITS[_ANY_DECK] = _limits_of(DECK105 + JING_CARDS)


def _card_name(label: str) -> Callable[[int], str]:
    def name(index: int) -> str:
        card = CARDS[index]
        return f"{card.name} ({card.code!r}) of {label}"

    return name


def _deck_limits(deck: str | Iterable[Card] | None) -> tuple[str, tuple[int, ...]]:
    """The label and the per-kind copy limits of a deck given by name, as cards, or ``None``
    (the most copies any chuanpai deck holds: 5 of a dot card, 1 of each 經牌)."""
    if deck is None:
        return _ANY_DECK, _LIMITS[_ANY_DECK]
    if isinstance(deck, str):
        _named_deck(deck)
        return deck, _LIMITS[deck]
    if (error := keeps_once(deck, "deck", "chuanpai cards")) is not None:
        raise error  # (a set of a deck's cards is a deck of one copy each: review h61)
    try:
        cards = tuple(deck)
    except TypeError:
        raise NotationError(
            f"deck={clipped(deck)} is not a chuanpai deck; expected a deck name "
            f"({', '.join(DECKS)}) or a sequence of cards"
        ) from None
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"deck holds {clipped(card)}, which is not a chuanpai Card")
    for name, known in DECKS.items():
        if cards == known:
            return name, _LIMITS[name]
    return f"the given {len(cards)}-card deck", _limits_of(cards)


def _count_copies(cards: Iterable[Card], deck: str | Iterable[Card] | None = None) -> Counts:
    """The cards as a :class:`~changpai.core.multiset.Counts` over the 23 kinds, checked against
    the copies ``deck`` holds (a deck name, a sequence of cards, or ``None``: 5 of a dot card and
    1 of each 經牌). More copies than the deck holds, or anything that is not a :class:`Card`,
    raise :class:`~changpai.errors.NotationError` naming the card, its count and the deck.

    >>> _count_copies(parse("66 66 JC"))[0]
    2
    >>> _count_copies(parse("66 JC"), deck="deck105")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 1 copy of 財神 ('JC') of deck105; a deck has none
    >>> _count_copies(["66"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '66' is not a chuanpai Card; build cards with Card(...) or parse(...)
    """
    label, limits = _deck_limits(deck)
    items = tuple(cards)
    if not set(map(type, items)) <= {Card}:  # C-level type check of the whole hand (hot path)
        bad = next(card for card in items if not isinstance(card, Card))
        raise NotationError(
            f"{clipped(bad)} is not a chuanpai Card; build cards with Card(...) or parse(...)"
        )
    indices = [card.index for card in items]
    return Counts.from_indices(
        indices, size=KINDS, max_copies=max(limits), limits=limits, name=_card_name(label)
    )


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for chunk in text.translate(SPACED).split():
        if chunk in _LOOKUP:  # (most text: one card per chunk)
            out.append(chunk)
            continue
        if chunk.isdigit():
            if len(chunk) % 2:
                raise NotationError(
                    f"{clipped(chunk)} is not a list of chuanpai codes; codes have two digits"
                )
            for i in range(0, len(chunk), 2):
                code = chunk[i : i + 2]
                if code not in _LOOKUP:
                    raise NotationError(f"{clipped(code)} is not a chuanpai card; {_EXPECTED}")
                out.append(code)
            continue
        pos = 0
        while pos < len(chunk):
            for token in _TOKENS:
                if chunk.startswith(token, pos):
                    out.append(token)
                    pos += len(token)
                    break
            else:
                raise NotationError(f"{clipped(chunk[pos:])} is not a chuanpai card; {_EXPECTED}")
    return out


def parse(text: str, *, deck: str | Iterable[Card] | None = None) -> tuple[Card, ...]:
    """Cards from codes and names; spaces and commas separate, runs of codes or names may touch.

    Strict: an unknown token, a code written high pip first, text that is not a string, or more
    copies of a kind than the deck holds raise :class:`~changpai.errors.NotationError`. ``deck``
    is a deck name (``"deck84"``, as in ``Rules.deck``), a sequence of cards, or ``None`` (5 of a
    dot card, 1 of each 經牌).

    >>> parse("6644 天牌地牌 jc")
    (Card('66'), Card('44'), Card('66'), Card('11'), Card('JC'))
    >>> parse("66 66 66 66 66", deck="deck84")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of 天牌 ('66') of deck84; a deck has at most 4
    >>> parse("61")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '61' is not a chuanpai card; expected a pip code 66..11 (low pip first), JC / JT, or a card name such as 天牌, 斧頭
    >>> parse(5)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 is not chuanpai card text; expected a string such as '66 44 天牌'
    """
    if not isinstance(text, str):
        raise NotationError(
            f"{clipped(text)} is not chuanpai card text; expected a string such as '66 44 天牌'"
        )
    cards = tuple(CARDS[_LOOKUP[token]] for token in _tokens(text))
    _count_copies(cards, deck)
    return cards


def format(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards as text: display names (or codes with ``ascii=True``) separated by spaces.

    >>> format(parse("11 13 JT"))
    '地牌 合牌 聽用'
    >>> format(parse("地牌 合牌"), ascii=True)
    '11 13'
    """
    cards = cards_arg(cards, Card, "cards", "chuanpai cards")
    flag_arg(ascii, "ascii", NotationError)
    return " ".join(card.code if ascii else card.name for card in cards)
