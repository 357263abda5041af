"""Notebook HTML of 南通長牌 (DESIGN.md _repr_html_; nantong.md §1 gives no colours: black text,
紅花 in red as ``Card.html()``)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from changpai import nantong
from changpai.core import render
from changpai.nantong import Action, ActionKind

CHIP_RED = "background:#fffdf6;color:#c00"
CHIP = "background:#fffdf6;color:"


@pytest.mark.parametrize("card", nantong.CARDS, ids=lambda c: c.code)
def test_card_chip(card: nantong.Card) -> None:
    """nantong.md §1: every kind shows its hanzi with its code as title; only 紅花 is red."""
    html = card._repr_html_()
    assert f">{card.hanzi}<" in html and f"title='{card.code} {card.hanzi}'" in html
    assert (CHIP_RED in html) is (card.code == "HH")


def test_meld_decomposition_analysis() -> None:
    """nantong.md §4: groups, 將頭 and shape; a 百搭 shows the face it stands for."""
    meld = nantong.Meld.parse("HH FU:HH HH")  # (a 刻子 of a reading: 百搭 make no 碰)
    html = meld._repr_html_()
    assert html.count(CHIP_RED) == 2 and ">福<" in html and "FU 福 as HH" in html
    assert f"title='{render.esc(repr(meld))}'" in html  # the repr is the title, escaped
    assert "&#x27;FU:HH HH HH&#x27;" in html
    assert "&#x27;peng " in nantong.Meld.parse("碰 HH HH HH")._repr_html_()
    d = nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    assert d is not None
    html = d._repr_html_()
    assert html.count(CHIP) == 23 and "將頭" in html and "清胡" in html
    a = nantong.analyze("123b 456b 789b 123t 456t 789t 123w 5w")
    html = a._repr_html_()
    # the face of every family's analysis: hand, complete, waits (chip, shape and 胡數)
    assert html.count("<tr>") == 4 and "南通長牌 analysis (笃子胡)" in html  # (… and the facts)
    assert ">五萬</span> 清胡 120 胡數" in html


def test_game_table_shows_each_seat_and_stock() -> None:
    """nantong.md §2: three seats play (dealer 23, others 22), the fourth sits out."""
    game = nantong.Game(seed=1)
    html = game._repr_html_()
    assert len(re.findall(r"<tr><td", html)) == 3
    for seat in game.players:
        assert f"seat {seat}" in html and f"{len(game.hand(seat))}: " in html
    assert "sits out</span> seat 3" in html
    assert f"stock</span> {game.stock_left}" in html
    cards = [c for s in game.players for c in game.hand(s)] + list(game.jiang)
    assert html.count(CHIP) == len(cards)
    assert html.count(CHIP_RED) == sum(c.code == "HH" for c in cards)
    assert "▶ seat 0" in html


def test_finished_game_shows_result() -> None:
    """nantong.md §7: after a 天胡 the table shows the winner and the score sheet."""
    qing = list(nantong.parse("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    rest = Counter(nantong.DECK)
    rest.subtract(qing)
    game = nantong.Game(deck=qing + sorted(rest.elements()))
    game.apply(Action(0, ActionKind.WIN))
    assert game.result is not None and game.result.winner == 0
    html = game._repr_html_()
    assert "seat 0 胡 自摸" in html and ">total</th>" in html
    assert "▶" not in html and "phase</span> over" in html


def test_drawn_game_shows_huang() -> None:
    game = nantong.Game(seed=3)
    while not game.is_over:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    assert game.result is not None and game.result.winner is None
    assert "荒牌" in game._repr_html_()
