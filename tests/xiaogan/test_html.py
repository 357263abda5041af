"""Notebook HTML of the 孝感 objects: escaped, self-contained, showing what the text shows."""

from __future__ import annotations

from changpai.xiaogan import XIAOGAN, Card, Game, Meld, analyze, best_layout, parse, random_game


def test_cards_and_sets() -> None:
    assert "上" in Card("A1")._repr_html_() and "A1" in Card("A1")._repr_html_()
    html = Meld.parse("門將 仁 混江")._repr_html_()
    assert "門將" in html and "混江" in html and "<script" not in html


def test_layout_and_analysis() -> None:
    layout = best_layout(parse("上大人 邱乙己 化三千 七十士 九九九九 混江"))
    assert "16 張" in layout._repr_html_()
    html = analyze("上大人 邱乙己 化三千 七十士 九九九九 混江")._repr_html_()
    assert "<table" in html and "complete" in html and "擺牌 16 張" in html


def test_game_and_view() -> None:
    game = random_game(XIAOGAN, 4)
    html = game._repr_html_()
    assert "<table" in html and "孝感長牌" in html and "和" in html
    view = Game(XIAOGAN, 2).view(1)
    assert "<table" in view._repr_html_() and view.fact("cards on the tables") == (0, 0, 0, 0)
    assert "seat 3: 0" in view._repr_html_()
    laid = game.view(0).fact("cards on the tables")  # (numbers by seat, not text)
    assert laid == tuple(sum(m.laid_out(XIAOGAN) for m in game.melds(s)) for s in range(4))
