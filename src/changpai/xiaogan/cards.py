"""The 孝感長牌 cards: 24 characters of the "上大人" copybook text × 5 copies and one 混江
(xiaogan.md §1): 121 cards.

The 24 characters form 8 phrases (句) of three: 上大人 邱乙己 化三千 七十士 爾小生 八九子 佳作仁
可知禮. A card's ASCII code is its phrase letter and its place in the phrase (``A1`` 上 …
``H3`` 禮); 混江 is ``HJ``. Pinyin is never a key: it collides (十 / 士 shi, 人 / 仁 ren). The
regional spellings 孔 (for 邱) and 土 (for 士) are accepted as aliases, as are the original 丘
and the simplified 尔 / 礼 (xiaogan.md §1, Ambiguity X10).

Cards are interned in :data:`CARDS` and compare by their small-int ``index`` (0 ``A1`` …
23 ``H3``, 24 ``HJ``).

>>> hand = parse("上大人 孔乙己 HJ")
>>> format(hand)
'上 大 人 邱 乙 己 混江'
>>> format(hand, ascii=True)
'A1 A2 A3 B1 B2 B3 HJ'
>>> Card.parse("土") is Card("D3"), Card("D3").phrase, Card("D3").position
(True, '七十士', 3)
>>> len(DECK), len(CHARACTERS)
(121, 24)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import gt
from typing import Any

from attrs import field, frozen

from changpai.core import render
from changpai.core.guard import cards_arg, clipped, flag_arg, shown
from changpai.core.interned import Interned
from changpai.core.multiset import Counts
from changpai.core.notation import SPACED, case_spellings
from changpai.errors import NotationError

__all__ = [
    "CARDS",
    "CHARACTERS",
    "COPIES",
    "DECK",
    "HUNJIANG",
    "KINDS",
    "PHRASES",
    "Card",
    "counts_of",
    "format",
    "parse",
]

KINDS = 25
"""Number of card kinds: 24 characters + 混江."""

COPIES = 5
"""Copies of each character in the deck (混江 has one)."""

PHRASES: tuple[str, ...] = (
    "上大人",
    "邱乙己",
    "化三千",
    "七十士",
    "爾小生",
    "八九子",
    "佳作仁",
    "可知禮",
)
"""The 8 phrases (句, 8 門牌) in deck order, letters ``A`` .. ``H`` (xiaogan.md §1)."""

_LETTERS = "ABCDEFGH"
_HJ = 24
_CODES: tuple[str, ...] = (
    *(f"{letter}{pos}" for letter in _LETTERS for pos in (1, 2, 3)),
    "HJ",
)
_HANZI: tuple[str, ...] = (*"".join(PHRASES), "混江")
# Input-only spellings (xiaogan.md §1, X10): 孔乙己 / 七十土 of other regions, the original 丘,
# simplified glyphs.
_ALIASES: dict[str, int] = {"孔": 3, "丘": 3, "土": 11, "尔": 12, "礼": 23}
_NAMES: dict[int, tuple[str, ...]] = {
    3: ("邱", "孔", "丘"),
    11: ("士", "土"),
    12: ("爾", "尔"),
    23: ("禮", "礼"),
}

_LOOKUP: dict[str, int] = {}
for _i, _code in enumerate(_CODES):
    for _spelling in case_spellings(_code):
        _LOOKUP[_spelling] = _i
    _LOOKUP[_HANZI[_i]] = _i
for _alias, _i in _ALIASES.items():
    _LOOKUP[_alias] = _i

_EXPECTED = "expected a code A1..H3 or HJ, or a character 上 大 人 … 可 知 禮 or 混江"
# (the last branch: any other character — an ASCII control — is a token, refused as no card)
_TOKEN = re.compile(r"[A-Ha-h][1-3]|[Hh][Jj]|混江|[^\s\x00-\x7f]|[\x21-\x7e]+|\S")


def _to_index(value: int | str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < KINDS:
            raise NotationError(f"card index {clipped(value)} is out of range 0..{KINDS - 1}")
        return value
    if isinstance(value, str):
        found = _LOOKUP.get(value.strip())
        if found is not None:
            return found
    raise NotationError(f"{clipped(value)} is not a xiaogan card; {_EXPECTED}")


_INTERNED: dict[int, Card] = {}


@frozen(repr=False, order=False)
class Card(Interned):
    """One card kind of the 孝感 deck (xiaogan.md §1).

    Build cards with :meth:`parse`, ``Card("A1")`` / ``Card("上")`` / ``Card(0)``, or take them
    from :data:`CARDS`; every construction returns the one interned object of its kind. ``str``
    is the hanzi, ``repr`` round-trips. Cards sort in deck order (上 first, 禮 last, then 混江).

    >>> card = Card("F2")
    >>> card, str(card), card.phrase, card.letter, card.position, card.index
    (Card('F2'), '九', '八九子', 'F', 2, 16)
    >>> card is Card("九") is Card(16) is CARDS[16]
    True
    >>> Card("shi")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'shi' is not a xiaogan card; expected a code A1..H3 or HJ, or a character 上 大 人 … 可 知 禮 or 混江
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

    # Deck order, written out (the engine sorts cards on its hot path): the comparisons attrs
    # would generate for ``order=True``, without building tuples.
    def __lt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.index >= other.index
        return NotImplemented

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from its code or its hanzi (aliases included).

        >>> Card.parse("孔") is Card.parse("B1") is Card.parse("b1")
        True

        Only text is parsed (an index is ``Card(5)``), as in every family:

        >>> Card.parse(5)
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 5 is not a string of xiaogan cards
        """
        if type(text) is str:  # (a code or name as written: one look-up, as _to_index does)
            found = _LOOKUP.get(text)
            if found is not None:
                return CARDS[found]
        elif not isinstance(text, str):
            raise NotationError(f"{shown(text)} is not a string of xiaogan cards")
        return CARDS[_to_index(text)]

    @property
    def code(self) -> str:
        """The ASCII code: phrase letter and place (``A1`` .. ``H3``), or ``HJ``.

        >>> Card("禮").code, Card("混江").code
        ('H3', 'HJ')
        """
        return _CODES[self.index]

    @property
    def hanzi(self) -> str:
        """The character printed on the card (``混江`` for the odd card).

        >>> Card("D3").hanzi
        '士'
        """
        return _HANZI[self.index]

    @property
    def name(self) -> str:
        """The display name (the same as :attr:`hanzi`).

        >>> Card("A3").name
        '人'
        """
        return _HANZI[self.index]

    @property
    def names(self) -> tuple[str, ...]:
        """Every accepted spelling, display form first (xiaogan.md §1, X10).

        >>> Card("B1").names, Card("A1").names
        (('邱', '孔', '丘'), ('上',))
        """
        return _NAMES.get(self.index, (_HANZI[self.index],))

    @property
    def is_hunjiang(self) -> bool:
        """Whether this is the one 混江 card.

        >>> Card("HJ").is_hunjiang, Card("A1").is_hunjiang
        (True, False)
        """
        return self.index == _HJ

    @property
    def letter(self) -> str:
        """The phrase letter ``A`` .. ``H`` (``""`` for 混江).

        >>> Card("化").letter
        'C'
        """
        return "" if self.index == _HJ else _LETTERS[self.index // 3]

    @property
    def position(self) -> int:
        """The card's place in its phrase, 1 .. 3 (0 for 混江).

        >>> Card("千").position, Card("HJ").position
        (3, 0)
        """
        return 0 if self.index == _HJ else self.index % 3 + 1

    @property
    def phrase(self) -> str:
        """The phrase (句) the character belongs to (``""`` for 混江).

        >>> Card("仁").phrase
        '佳作仁'
        """
        return "" if self.index == _HJ else PHRASES[self.index // 3]

    @property
    def colour(self) -> str | None:
        """The card's colour: ``None``. The seed gives the 孝感 cards no colours; other
        上大人 decks colour them by phrase position or mark some characters red [EXT], so the
        attribute is kept for a future deck (xiaogan.md §1).

        >>> Card("A1").colour is None
        True
        """
        return None

    def __str__(self) -> str:
        return _HANZI[self.index]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_html_(self) -> str:
        """The card as a chip for notebooks (hanzi face, code on hover).

        >>> "title='A1 上'" in Card("A1")._repr_html_()
        True
        """
        return render.card(self)


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(KINDS))
"""One interned :class:`Card` per kind, by index."""

CHARACTERS: tuple[Card, ...] = CARDS[:24]
"""The 24 character cards in deck order (上 … 禮)."""

HUNJIANG: Card = CARDS[_HJ]
"""The one 混江 card (xiaogan.md §1: "the card that replaces the 門將")."""

DECK: tuple[Card, ...] = (*(c for c in CHARACTERS for _ in range(COPIES)), HUNJIANG)
"""The full deck: every character five times and 混江 once, 121 cards."""

_LIMITS: tuple[int, ...] = (COPIES,) * 24 + (1,)


def _name(index: int) -> str:
    return f"{_HANZI[index]} ({_CODES[index]!r})"


def counts_of(cards: Iterable[Any]) -> tuple[int, ...]:
    """The cards as counts over the 25 kinds, checked: anything that is not a 孝感 :class:`Card`
    (a card of another family, a string) or more copies than the deck holds (5 of a character,
    1 混江) raise :class:`~changpai.errors.NotationError` naming it.

    >>> counts_of(parse("上 上 混江"))[0], counts_of(parse("上 上 混江"))[24]
    (2, 1)
    >>> counts_of(parse("上上上上上") + parse("上"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 6 copies of 上 ('A1'); a deck has at most 5
    >>> from changpai import zipai
    >>> counts_of(zipai.parse("一"))
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: Card('x1') is not a xiaogan Card (a card of another family?); build cards with parse(...) or Card(...)
    """
    items = tuple(cards)
    if not set(map(type, items)) <= {Card}:
        bad = next(c for c in items if type(c) is not Card)
        raise NotationError(
            f"{clipped(bad)} is not a xiaogan Card (a card of another family?); "
            "build cards with parse(...) or Card(...)"
        )
    counts = [0] * KINDS
    for card in items:
        counts[card.index] += 1
    out = tuple(counts)
    if any(map(gt, out, _LIMITS)):
        Counts(out, max_copies=COPIES, limits=_LIMITS, name=_name)  # raises, naming the card
    return out


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for token in _TOKEN.findall(text.translate(SPACED)):
        if token not in _LOOKUP:
            raise NotationError(f"{clipped(token)} is not a xiaogan card; {_EXPECTED}")
        out.append(token)
    return out


def parse(text: str) -> tuple[Card, ...]:
    """Cards from codes and hanzi; spaces and commas separate, hanzi may touch (``上大人``).

    Strict: an unknown token (pinyin, a card of another family), text that is not a string, or
    more copies of a kind than the deck holds raise :class:`~changpai.errors.NotationError`.

    >>> parse("上大人 A1,hj")
    (Card('A1'), Card('A2'), Card('A3'), Card('A1'), Card('HJ'))
    >>> parse("天牌")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '天' is not a xiaogan card; expected a code A1..H3 or HJ, or a character 上 大 人 … 可 知 禮 or 混江
    >>> parse("混江 HJ")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 copies of 混江 ('HJ'); a deck has at most 1
    >>> parse(5)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 is not xiaogan card text; expected a string such as '上大人 A1 HJ'
    """
    if not isinstance(text, str):
        raise NotationError(
            f"{clipped(text)} is not xiaogan card text; expected a string such as '上大人 A1 HJ'"
        )
    cards = tuple(CARDS[_LOOKUP[token]] for token in _tokens(text))
    counts_of(cards)
    return cards


def format(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards as text: hanzi (or codes with ``ascii=True``) separated by spaces.

    >>> format(parse("A1 A2 A3 HJ"))
    '上 大 人 混江'
    >>> format(parse("八九子"), ascii=True)
    'F1 F2 F3'
    >>> format([1, 2])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: cards=[1, 2] holds 1, which is not one of xiaogan cards (Card)
    """
    items = cards_arg(cards, Card, "cards", "xiaogan cards (Card)")
    flag_arg(ascii, "ascii", NotationError)
    return " ".join(card.code if ascii else _HANZI[card.index] for card in items)
