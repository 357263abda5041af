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

__all__ = ["SEPARATORS", "SPACED", "case_spellings", "is_separator"]

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
