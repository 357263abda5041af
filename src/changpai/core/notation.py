"""What the card notation of every family shares: the characters that separate cards.

Cards may be written with or without spaces; between them every family takes any whitespace
(``str.isspace``: the ideographic space ``"　"`` of a Chinese keyboard too) and the marks of
:data:`SEPARATORS`. None of them is a card, so none is ever read as one.

>>> from changpai import nantong, zipai
>>> zipai.parse("一二三　壹；x2|x3") == zipai.parse("一 二 三 壹 x2 x3")
True
>>> nantong.parse("1t;2t，3t") == nantong.parse("1t 2t 3t")
True
"""

from __future__ import annotations

import itertools

from changpai.core.guard import clipped, shown
from changpai.errors import NotationError

__all__ = ["SEPARATORS", "SPACED", "case_spellings", "check_one_card_text", "is_separator"]

SEPARATORS = ",，、;；|"
"""The marks that separate cards besides whitespace: ASCII and full-width commas and
semicolons, the enumeration comma 、 and ``|``."""

SPACED = str.maketrans(dict.fromkeys(SEPARATORS, " "))
"""A ``str.translate`` table turning each of :data:`SEPARATORS` into a space (then
``str.split()`` gives the tokens: one C call each)."""


def is_separator(ch: str) -> bool:
    """Whether the character ``ch`` separates cards: whitespace or one of :data:`SEPARATORS`.

    >>> [is_separator(ch) for ch in (" ", "　", "\\t", "、", "|", "x", "-")]
    [True, True, True, True, True, False, False]
    """
    return ch.isspace() or ch in SEPARATORS


def check_one_card_text(text: str, family: str) -> None:
    """Refuse the text of one card (``Card.parse``, ``Card(text)``) that holds one of
    :data:`SEPARATORS`: a separator writes a list, so ``"x1,"`` is not one card — spaces
    around it are allowed, as in every family (review h120: 字牌 and 南通 read ``"x1,"``,
    川牌 and 孝感 refused it).

    >>> check_one_card_text(" x1 ", "zipai")
    >>> check_one_card_text("x1,", "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 'x1,' is not one zipai card: ',' separates cards
    """
    for ch in text:
        if ch in SEPARATORS:
            raise NotationError(
                f"{clipped(text)} is not one {family} card: {shown(ch)} separates cards"
            )


MELD_SEPARATORS = ";；|"
"""What separates melds in a list of melds (``parse_melds``)."""


def check_one_meld_text(text: str, family: str) -> None:
    """Refuse the text of one meld (``Meld.parse``) that holds a separator of melds: two melds
    were given where one is read (review h130: 字牌 named the second meld's kind "not a card").

    >>> check_one_meld_text("碰 x1 x1 x1", "zipai")
    >>> check_one_meld_text("碰 x1 x1 x1; 碰 x2 x2 x2", "zipai")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: '碰 x1 x1 x1; 碰 x2 x2 x2' is not one zipai meld: ';' separates melds (parse_melds reads several)
    """
    for ch in text:
        if ch in MELD_SEPARATORS:
            raise NotationError(
                f"{clipped(text)} is not one {family} meld: {shown(ch)} separates melds "
                "(parse_melds reads several)"
            )


def case_spellings(code: str) -> list[str]:
    """Every spelling of an ASCII card code in upper, lower and mixed case (codes are read in
    either case in every family, docs/core-concepts.md) — the keys a family's lookup table
    holds for the code.

    >>> sorted(case_spellings("JC")), case_spellings("66")
    (['JC', 'Jc', 'jC', 'jc'], ['66'])
    """
    return sorted(
        {
            "".join(letters)
            for letters in itertools.product(*({ch.lower(), ch.upper()} for ch in code))
        }
    )
