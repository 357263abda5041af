"""Notebook HTML of 川牌 (DESIGN.md _repr_html_; chuanpai.md §1 dot colours)."""

from __future__ import annotations

import re

import pytest

from changpai import chuanpai

CHIP_RED = "background:#fffdf6;color:#c00"
CHIP = "background:#fffdf6;color:"


def _pips(html: str) -> list[tuple[str, str]]:
    return re.findall(r"<span style='color:(#[0-9a-f]+)'>(\d)</span>", html)


@pytest.mark.parametrize("card", chuanpai.DOT_CARDS, ids=lambda c: c.code)
def test_card_chip_dots_per_half(card: chuanpai.Card) -> None:
    """chuanpai.md §1: a half with 1 or 4 pips is red, others black; 天牌 6 red + 6 black; the
    name is red for the red cards of 戳牌; the title holds the code and every name."""
    meld_html = chuanpai.Meld(chuanpai.MeldKind.PENG, (card, card, card))._repr_html_()
    chip = meld_html[meld_html.index(f"title='{card.code} ") :]
    assert f">{card.name}<" in chip and " / ".join(card.names) in chip
    (c1, p1), (c2, p2) = _pips(chip)[:2]
    assert (p1, p2) == (str(card.left), str(card.right))
    red = {"#c00": True, "#111": False}
    if card.code == "66":
        assert (red[c1], red[c2]) == (True, False)
    else:
        assert red[c1] is (card.left in (1, 4)) and red[c2] is (card.right in (1, 4))
    assert (CHIP_RED in chip.split("</sub>")[0]) is card.red


def test_meld_decomposition_analysis() -> None:
    """chuanpai.md §2.3 units and §2.6 胡: the kind, the chips and the total."""
    html = chuanpai.Meld.parse("擠兒 66 44")._repr_html_()
    assert ">擠兒<" in html and ">天牌<" in html and ">人牌<" in html
    d = chuanpai.best_decomposition(chuanpai.parse("66 44 13 24"))
    assert d is not None
    html = d._repr_html_()
    assert html.count(CHIP) == 4 and html.count(">擠兒<") == 2 and "<b>1 胡</b>" in html
    a = chuanpai.analyze("天牌 人牌 長三")
    html = a._repr_html_()
    assert "waits" in html and ">合牌<" in html and ">長二<" in html and "jiao False" in html
    html = chuanpai.analyze("66 44 / 碰 55 55 55")._repr_html_()
    assert ">total</th>" in html and ">碰<" in html


def test_game_table_shows_each_seat_and_stock() -> None:
    """chuanpai.md §2.1: four seats (the 尾家 a small seat), the stock and who acts."""
    game = chuanpai.Game(seed=1)
    html = game._repr_html_()
    assert len(re.findall(r"<tr><td", html)) == game.players == 4
    for seat in range(game.players):
        assert f"seat {seat}" in html and f"{len(game.hand(seat))}: " in html
    assert "small seat" in html and "dealer" in html
    assert f"stock</span> {len(game.stock)}" in html and "▶ seat 0" in html
    cards = [c for s in range(4) for c in game.hand(s)]
    assert html.count(CHIP) == len(cards)
    assert html.count(CHIP_RED) == sum(c.red for c in cards)


def test_game_table_escapes_text_and_shows_result() -> None:
    game = chuanpai.Game(chuanpai.YAODIREN.evolve(title="<i>x</i>"), seed=1)
    assert "&lt;i&gt;x&lt;/i&gt;" in game._repr_html_()
    game = chuanpai.Game(seed=1)
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    html = game._repr_html_()
    assert game.result is not None and game.result.winner == 0  # this deal ends in a win
    assert "seat 0 胡" in html and ">total</th>" in html and "▶" not in html
    discarded = [r.action.card for r in game.log if r.action.kind is chuanpai.ActionKind.DISCARD]
    assert html.count(CHIP) >= len(discarded)
