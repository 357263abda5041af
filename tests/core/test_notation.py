"""Every family's card notation takes the same separators (changpai.core.notation; issue 12:
one notation, typed errors). 字牌 / 大貳 refused the ideographic space of a Chinese keyboard
(and every whitespace but space, tab and newlines); 南通 refused ``;`` and ``|``."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core.notation import SEPARATORS, is_separator
from changpai.errors import NotationError

# (module, three cards written apart, the same cards written with single spaces)
_HANDS = [
    (zipai, ["一", "x2", "壹"]),
    (daer, ["一", "x2", "壹"]),
    (nantong, ["1t", "二丙", "QZ"]),
    (chuanpai, ["66", "斧頭", "JC"]),
    (chuopai, ["66", "斧頭", "11"]),
    (xiaogan, ["上", "A2", "HJ"]),
]
_WHITESPACE = [" ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\u2003"]


@pytest.mark.parametrize(("module", "cards"), _HANDS, ids=lambda x: getattr(x, "__name__", ""))
@pytest.mark.parametrize("separator", [*_WHITESPACE, *SEPARATORS, " , ", "、 ", "；"])
def test_every_family_takes_every_separator(module: Any, cards: list[str], separator: str) -> None:
    """Whitespace of any kind and , ， 、 ; ； | separate cards in every family."""
    assert module.parse(separator.join(cards)) == module.parse(" ".join(cards))


@pytest.mark.parametrize(("module", "cards"), _HANDS, ids=lambda x: getattr(x, "__name__", ""))
@pytest.mark.parametrize("mark", ["-", "/", ".", ":", "+", "\x00", "\x07"])
def test_no_other_mark_separates_cards(module: Any, cards: list[str], mark: str) -> None:
    """The notation stays strict: any other mark between cards is refused, naming it."""
    with pytest.raises(NotationError, match="not a"):
        module.parse(mark.join(cards))


@given(st.text(max_size=4))
def test_separators_are_whitespace_and_the_listed_marks(text: str) -> None:
    """``is_separator`` is exactly whitespace or one of SEPARATORS."""
    for ch in text:
        assert is_separator(ch) == (ch.isspace() or ch in SEPARATORS)


@pytest.mark.parametrize(
    ("module", "melds", "count"),
    [
        (zipai, "碰 一一一；吃 壹貳叄", 2),
        (nantong, "碰 1t 1t 1t；碰 2t 2t 2t", 2),
        (chuanpai, "碰 55 55 55；擺 46 46", 2),
        (xiaogan, "碰 子子子；門將 仁 HJ", 2),
        (daer, "碰 一一一；吃 壹貳叄", 2),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_the_full_width_semicolon_separates_melds(module: Any, melds: str, count: int) -> None:
    """Melds are separated by ; ； or | in every family (core-concepts): once ； separated
    南通 cards too, "1t 1t；1t" read as one 刻子 (this stop's diff review); now it is two melds."""
    assert len(module.parse_melds(melds)) == count
    assert module.parse_melds(melds) == module.parse_melds(melds.replace("；", "; "))


def test_a_full_width_semicolon_inside_a_meld_text_splits_it() -> None:
    with pytest.raises(NotationError, match="'1t' is not a nantong group"):
        nantong.parse_melds("1t 1t；1t")


@pytest.mark.parametrize(
    ("family", "code"),
    [("zipai", "x1"), ("daer", "x1"), ("nantong", "1b"), ("chuanpai", "66"), ("xiaogan", "A1")],
)
def test_one_cards_text_holds_no_separator(family: str, code: str) -> None:
    """docs/core-concepts.md (the separators write lists of cards; one public face): the text of
    one card may have spaces around it but no separator, in ``Card.parse`` and ``Card(text)``
    of every family — 字牌, 大貳 and 南通 read ``"x1,"`` where 川牌 and 孝感 refused it (review
    h120)."""
    module = importlib.import_module(f"changpai.{family}")
    card = module.Card.parse(code)
    assert module.Card.parse(f" {code} ") is card
    for text in (f"{code},", f",{code}", f"{code}|", f"{code}、"):
        with pytest.raises(NotationError):
            module.Card.parse(text)
        with pytest.raises(NotationError):
            module.Card(text)


def test_nantong_bd_names_the_first_baida_as_one_card() -> None:
    """docs/nantong.md (``BD`` / 百搭 stands for the next 百搭 not yet named): as one card it is
    福, in ``Card(text)`` as in ``Card.parse`` — ``Card("BD")`` was refused with a message that
    listed BD among the codes (review h120)."""
    assert (
        nantong.Card("BD") is nantong.Card.parse("BD") is nantong.Card("百搭") is nantong.Card("FU")
    )
