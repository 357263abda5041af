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
from collections.abc import Callable
from typing import TypeVar

from changpai.core.guard import clipped, shown, text_arg
from changpai.errors import NotationError

_T = TypeVar("_T")

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


def several_melds(error: NotationError, text: object) -> NotationError:
    """``error`` of one meld's text (``Meld.parse``) told, when ``text`` holds a separator of
    melds, that it may be two melds (review h130: 字牌 named the second meld's kind "not a
    card"); a separator may also stand between the cards of one meld, so the text is read
    first and only its refusal is told so.

    >>> print(several_melds(NotationError("'碰' is not a zipai card"), "碰 x1 x1 x1; 碰 x2 x2 x2"))
    '碰' is not a zipai card (';' separates melds: Meld.parse reads one, parse_melds several)
    >>> print(several_melds(NotationError("'zz' is not a zipai card"), "碰 zz zz zz"))
    'zz' is not a zipai card
    """
    if isinstance(text, str):
        for ch in text:
            if ch in MELD_SEPARATORS:
                return NotationError(
                    f"{error} ({shown(ch)} separates melds: Meld.parse reads one, parse_melds "
                    "several)"
                )
    return error


def read_one_meld(read: Callable[[str], _T], text: object) -> _T:
    """``read(text)`` (a family's reading of one meld's text, once it is known to be text),
    its refusal told when the text may be several melds (:func:`several_melds`): the body of
    every ``Meld.parse``."""
    written = text_arg(text, "text")
    try:
        return read(written)
    except NotationError as error:
        raise several_melds(error, written) from None


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
