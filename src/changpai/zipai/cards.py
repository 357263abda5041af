"""The 80 字牌 cards: 20 kinds (一..十 small, 壹..拾 big) × 4 copies (zipai.md §1).

Cards are interned: :data:`CARDS` holds one :class:`Card` per kind, and every parser returns those
objects, so cards compare by their small-int ``index`` (0..9 small 一..十, 10..19 big 壹..拾).

>>> hand = parse("一二三 壹贰叁 x4 x5 x6")
>>> format(hand)
'一二三壹貳叄四五六'
>>> format(hand, ascii=True)
'x1 x2 x3 d1 d2 d3 x4 x5 x6'
>>> Card.parse("d2").value, Card.parse("d2").big, Card.parse("d2").red
(2, True, True)
>>> len(DECK)
80
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from attrs import frozen

from changpai.core import render
from changpai.core.guard import cards_arg, clipped, flag_arg
from changpai.core.interned import Interned
from changpai.core.notation import SEPARATORS, check_one_card_text
from changpai.errors import NotationError

__all__ = [
    "CARDS",
    "DECK",
    "HUNAN_RED_VALUES",
    "KINDS",
    "Card",
    "format",
    "parse",
]

KINDS = 20
"""Number of card kinds."""

HUNAN_RED_VALUES = frozenset({2, 7, 10})
"""Values whose cards are red in the Hunan colouring (zipai.md §1): 二七十 and 貳柒拾."""

_SMALL = "一二三四五六七八九十"
_BIG = "壹貳叄肆伍陸柒捌玖拾"
# Simplified and variant glyphs accepted on input (zipai.md §1, rules/README.md notation;
# docs/zipai.md lists them). Not 弍 / 弎: old forms of the small 二 / 三 too (review h120).
_GLYPH_ALIASES = {
    "贰": "貳",
    "叁": "叄",
    "參": "叄",
    "参": "叄",
    "陆": "陸",
}
_GLYPHS: dict[str, int] = {ch: i for i, ch in enumerate(_SMALL)}
_GLYPHS.update({ch: 10 + i for i, ch in enumerate(_BIG)})
_GLYPHS.update({alias: _GLYPHS[target] for alias, target in _GLYPH_ALIASES.items()})
_CODE = re.compile(r"([xXsSdDbB])(10|[1-9])")
_SEPARATORS = frozenset(" \t\r\n" + SEPARATORS)  # (the common ones; any whitespace too)
_NOT_A_SEPARATOR = re.compile(f"[^\\s{re.escape(SEPARATORS)}]+")
_EXPECTED = "expected x1..x10, d1..d10 (or s1..s10, b1..b10) or 一..十, 壹..拾"


def _to_index(index: object) -> int:
    """The kind index of a Card argument: an int 0..19, or one card's code or glyph."""
    if isinstance(index, str):
        check_one_card_text(index, "zipai")
        found = [i for i, _ in _tokens(index)]
        if len(found) != 1:
            raise NotationError(f"{clipped(index)} is not one zipai card; {_EXPECTED}")
        return found[0]
    if isinstance(index, bool) or not isinstance(index, int):
        raise NotationError(
            f"{clipped(index)} is not a zipai card; a card is named by its code or glyph (a str) "
            f"or by its index 0..{KINDS - 1} (an int)"
        )
    if not 0 <= index < KINDS:
        raise NotationError(f"{clipped(index)} is not a zipai card index; expected 0..{KINDS - 1}")
    return index


class _Packed:
    """A slot beside the attrs field of :class:`Card`, not a field itself (no part of equality,
    order, repr or ``attrs.asdict``): ``_zipai_pow``, the card's packed count ``1 << 3 * index`` in
    the hand analysis (3 bits per kind, :mod:`changpai.zipai.solver`), read once per card of a
    hand on its hot path."""

    __slots__ = ("_zipai_pow",)
    _zipai_pow: int


@frozen(repr=False, init=False, order=True)
class Card(Interned, _Packed):
    """One card kind of the 字牌 deck; interned: there is one object per kind.

    ``Card(...)`` takes the index 0..19 or one card's code or glyph and returns the interned
    object of :data:`CARDS`, as :meth:`parse` does; so do ``copy``, ``deepcopy``, ``pickle`` and
    ``attrs.evolve``. Cards compare by their kind and sort by index (一..十, then 壹..拾).
    ``str`` is the hanzi, ``repr`` round-trips.

    >>> sorted(parse("壹 十 一"))
    [Card('x1'), Card('x10'), Card('d1')]

    >>> card = Card.parse("柒")
    >>> card, str(card), card.code, card.index
    (Card('d7'), '柒', 'd7', 16)
    >>> Card('d7') is card is Card(16) is CARDS[16]
    True
    >>> Card.parse("x11")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'x11' is not a zipai card; expected x1..x10, d1..d10 (or s1..s10, b1..b10) or 一..十, 壹..拾
    >>> Card(True)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: True is not a zipai card; a card is named by its code or glyph (a str) or by its index 0..19 (an int)
    """

    index: int

    def __new__(cls, index: int | str) -> Card:
        if index.__class__ is int and 0 <= index < _BUILT:
            return CARDS[index]
        k = _to_index(index)
        if k < _BUILT:
            return CARDS[k]
        self = object.__new__(cls)  # only while CARDS itself is built, in index order
        object.__setattr__(self, "index", k)
        object.__setattr__(self, "_zipai_pow", 1 << (3 * k))
        return self

    @property
    def value(self) -> int:
        """牌點 1..10; case is ignored (伍 and 五 are both 5).

        >>> Card.parse("伍").value, Card.parse("五").value, Card.parse("拾").value
        (5, 5, 10)
        """
        return self.index % 10 + 1

    @property
    def big(self) -> bool:
        """Whether the card is a big (大字, 壹..拾) card.

        >>> Card.parse("壹").big, Card.parse("一").big
        (True, False)
        """
        return self.index >= 10

    @property
    def red(self) -> bool:
        """Whether the card is red in the Hunan colouring (二七十, 貳柒拾).

        Other colourings are a rules option: see :meth:`changpai.zipai.Rules.is_red`.

        >>> format(card for card in CARDS if card.red)
        '二七十貳柒拾'
        """
        return self.value in HUNAN_RED_VALUES

    @property
    def code(self) -> str:
        """ASCII code: ``x1``..``x10`` small, ``d1``..``d10`` big.

        >>> Card.parse("七").code, Card.parse("柒").code, Card.parse("b7").code
        ('x7', 'd7', 'd7')
        """
        return f"{'d' if self.big else 'x'}{self.value}"

    @property
    def hanzi(self) -> str:
        """The traditional glyph printed on the card.

        >>> Card.parse("x2").hanzi, Card.parse("d2").hanzi, Card.parse("贰").hanzi
        ('二', '貳', '貳')
        """
        return (_BIG if self.big else _SMALL)[self.index % 10]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its code or glyph.

        >>> Card.parse("b10"), Card.parse("贰"), Card.parse(" x3 ")
        (Card('d10'), Card('d2'), Card('x3'))
        """
        if type(text) is str:  # (a code or glyph as written: read at once, as parse reads it)
            known = _BY_TEXT.get(text)
            if known is not None:
                return known
        cards = parse(text)
        check_one_card_text(text, "zipai")
        if len(cards) != 1:
            raise NotationError(f"{clipped(text)} is not one zipai card; {_EXPECTED}")
        return cards[0]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.hanzi

    def _repr_html_(self) -> str:
        return render.card(self)


_BUILT = 0  # how many kinds of CARDS exist yet (Card.__new__ returns those)
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(KINDS))
"""The 20 card kinds, indexed by :attr:`Card.index`; every :class:`Card` is one of them."""
_BUILT = KINDS
_BY_TEXT: dict[str, Card] = {text: c for c in CARDS for text in (c.code, c.hanzi)}
# (Card.parse's fast path: a document's codes; anything else goes through parse)

DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(4))
"""The full 80-card deck, four copies of each kind in index order."""


def _tokens(text: str) -> Iterable[tuple[int, str]]:
    """Yield (kind index, source token) for every card written in ``text``."""
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch in _GLYPHS:
            yield _GLYPHS[ch], ch
            pos += 1
            continue
        if ch in _SEPARATORS or ch.isspace():
            pos += 1
            continue
        match = _CODE.match(text, pos)
        end = match.end() if match else pos
        if match and not (end < len(text) and text[end].isdigit()):
            letter, number = match.group(1).lower(), int(match.group(2))
            yield (10 if letter in "db" else 0) + number - 1, match.group(0)
            pos = end
            continue
        bad = _NOT_A_SEPARATOR.match(text, pos)
        token = bad.group(0) if bad else ch
        raise NotationError(f"{clipped(token)} is not a zipai card; {_EXPECTED}")


def parse(text: str) -> tuple[Card, ...]:
    """Read cards written as ASCII codes and/or hanzi, with or without spaces.

    Traditional and simplified glyphs are accepted (貳/贰, 叄/叁, 陸/陆). More than four copies of
    one card is an error, never a silent change.

    >>> parse("x1x2 壹")
    (Card('x1'), Card('x2'), Card('d1'))
    >>> parse("一一一一一")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '一一一一一' holds 5 copies of 一 (x1); the deck has 4
    """
    if not isinstance(text, str):
        raise NotationError(f"{clipped(text)} is not a string of zipai cards")
    cards = tuple(CARDS[index] for index, _ in _tokens(text))
    counts = [0] * KINDS
    for card in cards:
        counts[card.index] += 1
        if counts[card.index] > 4:
            raise NotationError(
                f"{clipped(text)} holds {sum(c == card for c in cards)} copies of "
                f"{card.hanzi} ({card.code}); the deck has 4"
            )
    return cards


def format(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Write cards as hanzi (no spaces) or as ASCII codes separated by spaces.

    >>> format(parse("d10 x7"))
    '拾七'
    >>> format(parse("d10 x7"), ascii=True)
    'd10 x7'
    """
    cards = cards_arg(cards, Card, "cards", "zipai cards")
    flag_arg(ascii, "ascii", NotationError)
    if ascii:
        return " ".join(card.code for card in cards)
    return "".join(card.hanzi for card in cards)
