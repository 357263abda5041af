"""Nantong 長牌 cards: 條 / 丙 / 萬 1..9, 千字, 紅花, 白花 and the optional 百搭 (nantong.md §1).

Every card kind has a small index (``0..34``) used by the hot paths, an ASCII code and a hanzi
name. Card objects are interned: ``Card("1t") is Card("一條")``.

>>> parse("1t 二丙 三萬 QZ 紅花 bh")
(Card('1t'), Card('2b'), Card('3w'), Card('QZ'), Card('HH'), Card('BH'))
>>> format(parse("123b 9t"))
'一丙 二丙 三丙 九條'
>>> format(parse("一二三並 千升"), ascii=True)
'1b 2b 3b QZ'
>>> len(DECK), len(DECK_BAIDA)
(120, 125)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from changpai.core import render
from changpai.core.guard import cards_arg, clipped, flag_arg
from changpai.core.interned import Interned
from changpai.core.multiset import Counts
from changpai.core.notation import SPACED, case_spellings, check_one_card_text, is_separator
from changpai.errors import NotationError

__all__ = [
    "BAIDA",
    "CARDS",
    "COPIES",
    "DECK",
    "DECK_BAIDA",
    "Card",
    "count_tuple",
    "counts_of",
    "deck",
    "format",
    "is_laojiang",
    "parse",
]

N_KINDS = 35  # 27 suit kinds, 3 honours, 5 百搭
N_PLAIN = 30  # kinds that come in four copies
QZ, HH, BH = 27, 28, 29
NINE_TIAO = 8
BAIDA_INDICES = (30, 31, 32, 33, 34)

_SUITS = ("t", "b", "w")
_SUIT_HANZI = ("條", "丙", "萬")
_NUMERALS = "一二三四五六七八九"
_HONOUR_CODES = ("QZ", "HH", "BH")
_HONOUR_HANZI = ("千字", "紅花", "白花")
_BAIDA_CODES = ("FU", "LU", "SHOU", "XI", "CAI")
_BAIDA_HANZI = ("福", "祿", "壽", "喜", "財")

# Alternative glyphs (traditional / simplified / variant names) -> canonical.
_SUIT_CHARS = {
    "條": 0, "条": 0,
    "丙": 1, "並": 1, "并": 1, "餅": 1, "饼": 1,
    "萬": 2, "万": 2,
}  # fmt: skip
_HONOUR_WORDS = {
    "千字": QZ, "千升": QZ,
    "紅花": HH, "红花": HH,
    "白花": BH, "百花": BH,
}  # fmt: skip
_BAIDA_CHARS = {
    "福": 30, "祿": 31, "禄": 31, "壽": 32, "寿": 32, "喜": 33, "禧": 33, "財": 34, "财": 34,
}  # fmt: skip
_EXPECTED = (
    "expected 1t..9t, 1b..9b, 1w..9w (or runs like 123b), QZ, HH, BH, BD, FU, LU, SHOU, XI, "
    "CAI, or hanzi such as 一條, 二丙, 三萬, 千字, 紅花, 白花, 福"
)


class Card(Interned):
    """One card kind of the Nantong deck; interned, immutable, ordered by index.

    ``suit`` is ``"t"``, ``"b"``, ``"w"`` for suit cards and ``None`` otherwise; ``number`` is
    1..9 or ``None``. ``str`` is the hanzi name, ``repr`` round-trips.

    >>> c = Card("2b")
    >>> c.suit, c.number, c.index, str(c), c is Card("二餅")
    ('b', 2, 10, '二丙', True)
    >>> Card("HH").is_honour, Card("FU").is_baida, Card("BD") is Card.parse("BD") is Card("福")
    (True, True, True)
    >>> Card("10t")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '10t' is not a nantong card; expected ...
    >>> Card(True)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: True is not a nantong card; a card is named by its code ...
    """

    __slots__ = ("_packed", "code", "hanzi", "index", "number", "suit")
    _interned: ClassVar[dict[int, Card]] = {}

    # the card's field in a packed hand (4 bits a kind, by index): ``nantong.hand`` adds the
    # cards of a hand on its hot path, and only a Card has the attribute
    _packed: int
    index: int
    code: str
    hanzi: str
    suit: str | None
    number: int | None

    def __new__(cls, code: str | int) -> Card:
        if isinstance(code, bool) or not isinstance(code, (int, str)):
            raise NotationError(
                f"{clipped(code)} is not a nantong card; a card is named by its code or hanzi (a str) "
                f"or by its index 0..{N_KINDS - 1} (an int)"
            )
        index = code if isinstance(code, int) else _token_index(code)
        if index is None and isinstance(code, str) and code.strip().upper() in ("BD", "百搭"):
            index = 30  # (the next 百搭 of none named: 福, as Card.parse and parse read it)
        if isinstance(index, int) and index in cls._interned:
            return cls._interned[index]
        if not isinstance(index, int) or not 0 <= index < N_KINDS:
            raise NotationError(f"{clipped(code)} is not a nantong card; {_EXPECTED}")
        self = object.__new__(cls)
        if index < 27:
            suit, number = _SUITS[index // 9], index % 9 + 1
            text_code, hanzi = f"{number}{suit}", _NUMERALS[number - 1] + _SUIT_HANZI[index // 9]
        elif index < N_PLAIN:
            suit, number = None, None
            text_code, hanzi = _HONOUR_CODES[index - QZ], _HONOUR_HANZI[index - QZ]
        else:
            suit, number = None, None
            text_code, hanzi = _BAIDA_CODES[index - 30], _BAIDA_HANZI[index - 30]
        for name, value in (
            ("index", index), ("code", text_code), ("hanzi", hanzi), ("suit", suit),
            ("number", number), ("_packed", 1 << 4 * index),  # (4: solver.PACK_BITS)
        ):  # fmt: skip
            object.__setattr__(self, name, value)
        cls._interned[index] = self
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its ASCII code or hanzi name.

        >>> Card.parse("九万"), Card.parse("hh")
        (Card('9w'), Card('HH'))
        """
        if type(text) is str:  # (a code or name as written: read at once, as parse reads it)
            known = _BY_TEXT.get(text)
            if known is not None:
                return known
        cards = parse(text)
        check_one_card_text(text, "nantong")
        if len(cards) != 1:
            held = "no card" if not cards else f"{len(cards)} cards"  # (review h130: "but 2")
            raise NotationError(f"{clipped(text)} is not one nantong card: it holds {held}")
        return cards[0]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        # (an interned card deleted from would be broken everywhere: review h59)
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.hanzi

    # (cards of another family, or anything else, do not compare: TypeError, as 川牌's)
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

    def __hash__(self) -> int:
        return self.index

    # (no __eq__: a card is interned, one object per kind, so equal cards are the same object
    # and the default identity test answers as a comparison of indices would, in C — the
    # scoring counts cards in hands with tuple.count)

    @property
    def is_suit(self) -> bool:
        """Whether it is a 條 / 丙 / 萬 card.

        >>> Card("9t").is_suit, Card("QZ").is_suit
        (True, False)
        """
        return self.index < 27

    @property
    def is_honour(self) -> bool:
        """Whether it is 千字, 紅花 or 白花.

        >>> Card("BH").is_honour
        True
        """
        return 27 <= self.index < N_PLAIN

    @property
    def is_baida(self) -> bool:
        """Whether it is one of the five 百搭 (福 祿 壽 喜 財).

        >>> Card("財").is_baida
        True
        """
        return self.index >= N_PLAIN

    @property
    def copies(self) -> int:
        """How many copies the deck holds: 4, or 1 for a 百搭.

        >>> Card("1t").copies, Card("XI").copies
        (4, 1)
        """
        return 1 if self.index >= N_PLAIN else 4

    def html(self) -> str:
        """An HTML span, red for 紅花.

        >>> Card("HH").html()
        "<span style='color:#c00'>紅花</span>"
        """
        if self.index == HH:
            return f"<span style='color:#c00'>{self.hanzi}</span>"
        return f"<span>{self.hanzi}</span>"

    def _repr_html_(self) -> str:
        """The card as a chip for notebooks (see :mod:`changpai.core.render`): black text, only
        紅花 in red, as :meth:`html` (the rules give no colours), the code as the title.

        >>> Card("HH")._repr_html_()
        "<span title='HH 紅花' style='...color:#c00...'>紅花</span>"
        >>> "color:#111" in Card("3w")._repr_html_()
        True
        """
        return render.card(self, colour=render.RED if self.index == HH else None)


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(N_KINDS))
"""One interned :class:`Card` per kind, by index: the 30 plain kinds, then the five 百搭."""
BAIDA: tuple[Card, ...] = CARDS[N_PLAIN:]
"""The five 百搭 (福 祿 壽 喜 財), one copy each (nantong.md §1)."""
_BY_TEXT: dict[str, Card] = {text: c for c in CARDS for text in (c.code, c.hanzi)}
# (Card.parse's fast path: a document's codes; anything else goes through parse)

DECK: tuple[Card, ...] = tuple(c for c in CARDS[:N_PLAIN] for _ in range(4))
"""The 120-card deck: four copies of each plain kind (nantong.md §1)."""
DECK_BAIDA: tuple[Card, ...] = DECK + BAIDA
"""The 125-card deck with the five 百搭 (``Rules.baida``)."""

COPIES: tuple[int, ...] = tuple(c.copies for c in CARDS)
"""How many copies of each card kind (by index) the deck holds: 4, or 1 for a 百搭."""


def _kind_name(index: int, where: str = "") -> str:
    return CARDS[index].hanzi + where


def counts_of(indices: Iterable[int], where: str = "") -> Counts:
    """The strict count multiset (:class:`~changpai.core.multiset.Counts`, 35 kinds) of some
    card indices: more copies of a kind than the deck holds raise
    :class:`~changpai.errors.NotationError`, the card named, followed by ``where``.

    >>> counts_of([0, 0, QZ])[0]
    2
    >>> counts_of([30, 30], where=" in the hand")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 copies of 福 in the hand; a deck has at most 1
    """
    # (a partial, not a lambda: the counts pickle — review h59)
    name = _kind_name if not where else functools.partial(_kind_name, where=where)
    return Counts.from_indices(indices, size=N_KINDS, limits=COPIES, name=name)


def deck(baida: bool = False) -> tuple[Card, ...]:
    """The full deck: 120 cards, or 125 with the five 百搭 (nantong.md §1).

    >>> len(deck()), len(deck(baida=True))
    (120, 125)
    """
    return DECK_BAIDA if flag_arg(baida, "baida", NotationError) else DECK


def is_laojiang(card: Card, jiutiao: bool = True) -> bool:
    """Whether ``card`` is a 老將: 千字, 紅花, 白花 and (option N4) 九條 (nantong.md §1).

    >>> is_laojiang(Card("HH")), is_laojiang(Card("9t")), is_laojiang(Card("9t"), jiutiao=False)
    (True, True, False)
    """
    if not isinstance(card, Card):
        raise NotationError(f"card={clipped(card):.60} is not a nantong Card")
    if jiutiao is not True and jiutiao is not False:
        flag_arg(jiutiao, "jiutiao", NotationError)
    return 27 <= card.index < N_PLAIN or (jiutiao and card.index == NINE_TIAO)


def _token_index(token: str) -> int | None:
    """The index of a single-card token, or None."""
    text = token.strip()
    upper = text.upper() if text.isascii() else text  # ('xı'.upper() is 'XI': codes are ASCII)
    if len(upper) == 2 and upper[0] in "123456789" and upper[1] in "TBW":
        return "TBW".index(upper[1]) * 9 + int(upper[0]) - 1
    if upper in _HONOUR_CODES:
        return QZ + _HONOUR_CODES.index(upper)
    if upper in _BAIDA_CODES:
        return 30 + _BAIDA_CODES.index(upper)
    if text in _HONOUR_WORDS:
        return _HONOUR_WORDS[text]
    if len(text) == 1 and text in _BAIDA_CHARS:
        return _BAIDA_CHARS[text]
    if len(text) == 2 and text[0] in _NUMERALS and text[1] in _SUIT_CHARS:
        return _SUIT_CHARS[text[1]] * 9 + _NUMERALS.index(text[0])
    return None


def _is_ascii_word(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def parse(text: str) -> tuple[Card, ...]:
    """Read cards written as ASCII codes or hanzi, separated by spaces or commas (strict).

    Runs share a suit: ``123b`` / ``一二三並`` is 一丙 二丙 三丙. ``BD`` (or 百搭) stands for the next
    百搭 not yet used (福, 祿, 壽, 喜, 財). More copies of a card than the deck holds is an error.

    >>> parse("789t,QZ 百搭 BD")
    (Card('7t'), Card('8t'), Card('9t'), Card('QZ'), Card('FU'), Card('LU'))
    >>> parse("1t 1t 1t 1t 1t")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 5 copies of 一條 in '1t 1t 1t 1t 1t'; a deck has at most 4
    >>> parse("1x")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '1x' is not a nantong card; expected ...
    """
    if not isinstance(text, str):
        raise NotationError(f"{clipped(text)} is not a string of nantong cards")
    try:  # (most text: one card per chunk, each looked up at once)
        indices = [_CHUNKS[chunk] for chunk in text.translate(SPACED).split()]
    except KeyError:
        indices = _scan(text)
    return _resolve(indices, text)


def _scan(text: str) -> list[int]:
    """The indices of the cards of ``text`` read character by character (``-1`` for ``BD``),
    or the :class:`~changpai.errors.NotationError` naming what is not a card."""
    indices: list[int] = []
    pos, n = 0, len(text)
    while pos < n:
        ch = text[pos]
        if is_separator(ch):
            pos += 1
            continue
        if _is_ascii_word(ch):
            end = pos
            while end < n and _is_ascii_word(text[end]):
                end += 1
            word = text[pos:end]
            indices.extend(_ascii_word(word))
            pos = end
            continue
        two = text[pos : pos + 2]
        if two in _HONOUR_WORDS:
            indices.append(_HONOUR_WORDS[two])
            pos += 2
            continue
        if two == "百搭":
            indices.append(-1)
            pos += 2
            continue
        if ch in _BAIDA_CHARS:
            indices.append(_BAIDA_CHARS[ch])
            pos += 1
            continue
        if ch in _NUMERALS:
            end = pos
            while end < n and text[end] in _NUMERALS:
                end += 1
            if end >= n or text[end] not in _SUIT_CHARS:
                bad = text[pos : end + 1]
                raise NotationError(
                    f"{clipped(bad)} is not a nantong card; numbers need a suit: {_EXPECTED}"
                )
            suit = _SUIT_CHARS[text[end]]
            indices.extend(suit * 9 + _NUMERALS.index(c) for c in text[pos:end])
            pos = end + 1
            continue
        raise NotationError(
            f"{clipped(ch)} at position {pos} of {clipped(text)} is not a nantong card; {_EXPECTED}"
        )
    return indices


def _single_chunks() -> dict[str, int]:
    """Every chunk (text between separators) that :func:`_scan` reads as one card (not
    ``BD``), with its index: codes in any case, numeral and suit glyphs, honour words, 百搭
    glyphs — :func:`parse` looks them up before scanning."""
    words = [
        spelling
        for code in (*(c.code for c in CARDS), *_BAIDA_CODES)
        for spelling in case_spellings(code)
    ]
    words += [n + suit for n in _NUMERALS for suit in _SUIT_CHARS]
    words += [*_HONOUR_WORDS, *_BAIDA_CHARS]
    found: dict[str, int] = {}
    for word in words:
        try:
            indices = _scan(word)
        except NotationError:
            continue
        if len(indices) == 1 and indices[0] >= 0:
            found[word] = indices[0]
    return found


def _ascii_word(word: str) -> list[int]:
    """The cards of an ASCII word: one code, a run (``123b``) or codes written together."""
    indices = _joined_codes(word.upper())
    if indices is None:
        raise NotationError(f"{clipped(word)} is not a nantong card; {_EXPECTED}")
    return indices


# the letter codes of one card, longest first (SHOU before the two-letter ones)
_LETTER_CODES = sorted((*_HONOUR_CODES, *_BAIDA_CODES, "BD"), key=len, reverse=True)


def _joined_codes(upper: str) -> list[int] | None:
    """The cards of an upper-case ASCII word of several codes written without spaces
    (``4W5T``, ``HHQZ``, ``123B5W5W``), or None if it is not such a word. Each code is read
    whole: digits then their suit letter, or a letter code (no code is the start of another
    one, so the reading is the only one).

    >>> _joined_codes("4W5THHBD"), _joined_codes("4W5"), _joined_codes("HHQ")
    ([21, 4, 28, -1], None, None)
    """
    indices: list[int] = []
    pos, n = 0, len(upper)
    while pos < n:
        if upper[pos] in "123456789":
            end = pos
            while end < n and upper[end] in "123456789":
                end += 1
            if end == n or upper[end] not in "TBW":
                return None
            suit = "TBW".index(upper[end])
            indices.extend(suit * 9 + int(c) - 1 for c in upper[pos:end])
            pos = end + 1
            continue
        code = next((c for c in _LETTER_CODES if upper.startswith(c, pos)), None)
        if code is None:
            return None
        indices.append(-1 if code == "BD" else _token_index(code))  # type: ignore[arg-type]
        pos += len(code)
    return indices


def _resolve(indices: list[int], text: str) -> tuple[Card, ...]:
    """The cards of ``indices``, each ``-1`` (``BD``) taking the next 百搭 not named."""
    held = counts_of((i for i in indices if i >= 0), where=f" in {clipped(text)}")
    free = iter([b for b in BAIDA_INDICES if not held[b]])
    result: list[Card] = []
    for index in indices:
        if index < 0:
            index = next(free, -1)
            if index < 0:
                raise NotationError(f"more than five 百搭 in {clipped(text)}; the deck has five")
        result.append(CARDS[index])
    return tuple(result)


_CHUNKS = _single_chunks()


def format(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Write cards as hanzi (default) or ASCII codes, separated by spaces.

    >>> format([Card("9w"), Card("HH")]), format([Card("9w"), Card("HH")], ascii=True)
    ('九萬 紅花', '9w HH')
    """
    checked = _checked_cards(cards)
    flag_arg(ascii, "ascii", NotationError)
    return " ".join(c.code if ascii else c.hanzi for c in checked)


def count_tuple(cards: Iterable[Card]) -> tuple[int, ...]:
    """The count tuple (length 35, indexed by card index) of some cards; more copies of a card
    than the deck holds raise :class:`~changpai.errors.NotationError` (see :func:`counts_of`).

    >>> count_tuple(parse("1t 1t QZ"))[:1], count_tuple(parse("QZ"))[27]
    ((2,), 1)
    >>> count_tuple([Card("XI"), Card("XI")])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 copies of 喜; a deck has at most 1
    """
    return counts_of(_card_indices(cards)).counts


def _checked_cards(cards: object) -> tuple[Card, ...]:
    return cards_arg(cards, Card, "cards", "nantong cards")


def _card_indices(cards: Iterable[Card]) -> Iterator[int]:
    return (card.index for card in _checked_cards(cards))
