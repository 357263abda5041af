"""Notebook HTML of the 字牌 game (DESIGN.md: red cards in red; zipai.md §1 colours)."""

from __future__ import annotations

import re

from changpai import zipai
from changpai.zipai.deck import stack_deck

CHIP_RED = "background:#fffdf6;color:#c00"
CHIP = "background:#fffdf6;color:"


def _visible(game: zipai.Game) -> list[zipai.Card]:
    cards: list[zipai.Card] = []
    for seat in game.seats:
        cards += game.hand(seat)
        cards += game.discards(seat)
        for meld in game.melds(seat):
            cards += meld.cards
    return cards


def test_game_table_shows_every_seat_stock_and_red_cards() -> None:
    """zipai.md §1: every visible card is a chip, the red ones (二七十 貳柒拾) in red."""
    game = zipai.Game(seed=1)
    html = game._repr_html_()
    assert len(re.findall(r"<tr><td", html)) == len(game.seats) == 3
    for seat in game.seats:
        assert f"seat {seat}" in html
        assert f"{len(game.hand(seat))}: " in html
    assert f"stock</span> {game.stock_size}" in html
    assert f"▶ seat {game.to_act[0]}" in html
    liang = game.deck[60]
    cards = _visible(game)
    assert html.count(CHIP) == len(cards) + 1  # + the 亮張 in the facts line
    assert html.count(CHIP_RED) == sum(c.red for c in cards) + liang.red
    assert html.count("'>二<") == sum(c.code == "x2" for c in cards) + (liang.code == "x2")


def test_game_table_escapes_text() -> None:
    html = zipai.Game(zipai.HUNAN.evolve(name="<b>x</b>"), seed=1)._repr_html_()
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html


def test_finished_game_shows_the_result() -> None:
    """A 天胡 (zipai.md §7): the winner, the decomposition and the score sheet are shown."""
    game = zipai.Game(deck=stack_deck(hands={1: "一一一一 二二二二 三三三三"}))
    assert game.is_over and game.result is not None
    html = game._repr_html_()
    assert "seat 1 胡" in html and "changpai-scoresheet" in html and "▶" not in html
    assert game.result.win is not None
    d = game.result.win.decomposition
    assert f"<b>{d.huxi}</b> 胡息" in html
    melds = [c for m in d.melds for c in m.cards]
    # the hands, the 亮張, the decomposition and the score sheet's meld lines (the 4 二 of the 提)
    shown = [*_visible(game), game.deck[60], *melds, *melds]
    assert html.count(CHIP_RED) == sum(c.red for c in shown)


def test_view_hides_other_hands() -> None:
    """GameView: the own hand as chips, the others as a count only."""
    game = zipai.Game(seed=3)
    view = game.view(1)
    html = view._repr_html_()
    assert "20: " in html and "you" in html
    for s in view.seats:
        if s.seat != 1:
            assert f"{s.hand_size} cards" in html
    assert html.count(CHIP) == len(view.hand) + 1 + sum(len(s.discards) for s in view.seats)


def test_view_shows_face_down_cards_as_backs() -> None:
    """A 提 on another seat's table shows ``ti_face_up`` cards and the rest face down (§5)."""
    game = zipai.Game(deck=stack_deck(hands={2: "一一一一"}))
    html = game.view(0)._repr_html_()
    assert html.count("title='face down'") == 3
