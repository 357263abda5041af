"""changpai.core.render: the shared notebook HTML (DESIGN.md "notebooks get _repr_html_ with red
cards in red"; card colours from zipai.md §1, chuanpai.md §1)."""

from __future__ import annotations

import importlib
import random
import re
from html import escape
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.core import render
from changpai.errors import ChangpaiError, NotationError

CHIP_RED = "background:#fffdf6;color:#c00"
CHIP_BLACK = "background:#fffdf6;color:#111"


def test_esc_escapes_text_and_passes_html() -> None:
    assert render.esc("<a href='x'>&</a>") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;"
    fragment = render.Html("<b>ok</b>")
    assert render.esc(fragment) is fragment


@settings(max_examples=60, deadline=None)
@given(st.text())
def test_chip_never_leaks_markup(text: str) -> None:
    """Whatever the text and title, the chip holds exactly one element of ours."""
    html = render.chip(text, title=text)
    assert html.count("<") == 2 and html.count(">") == 2


def test_chip_has_its_own_background_and_colour() -> None:
    """Readable in light and dark themes: the chip sets both its background and text colour."""
    assert CHIP_RED in render.chip("二", colour=render.RED)
    assert CHIP_BLACK in render.chip("三")
    assert "face down" in render.back(1) and "background:#2f4f6f" in render.back(1)


def test_no_external_css_or_script() -> None:
    html = render.seat_table([render.SeatRow(0, hand=render.cards(zipai.parse("二三")))])
    for banned in ("<script", "<link", "<style", "class="):
        assert banned not in html


@pytest.mark.parametrize(
    ("code", "red"),
    [("x2", True), ("x7", True), ("x10", True), ("d2", True), ("d7", True), ("d10", True),
     ("x1", False), ("d5", False)],
)  # fmt: skip
def test_zipai_card_colours(code: str, red: bool) -> None:
    """zipai.md §1: 二七十 and 貳柒拾 are red, the rest black; the title carries the code."""
    card = zipai.Card(code)
    html = render.card(card)
    assert (CHIP_RED in html) is red and (CHIP_BLACK in html) is not red
    assert f"title='{code} {card.hanzi}" in html and f">{card.hanzi}<" in html


def test_chuanpai_card_pips_per_half() -> None:
    """chuanpai.md §1: halves of 1 or 4 pips are red; 天牌 is crossed (6 red + 6 black)."""
    html = render.card(chuanpai.Card("14"))
    assert ">幺四<" in html and "color:#c00'>1<" in html and "color:#c00'>4<" in html
    html = render.card(chuanpai.Card("36"))
    assert "color:#111'>3<" in html and "color:#111'>6<" in html
    html = render.card(chuanpai.Card("66"))
    assert "color:#c00'>6<" in html and "color:#111'>6<" in html
    jing = render.card(chuanpai.Card("JC"))
    assert ">財神<" in jing and "<sub" not in jing


def test_card_colour_override_and_bad_card() -> None:
    assert CHIP_RED in render.card(nantong.Card("3w"), colour=render.RED)
    with pytest.raises(ChangpaiError, match="is not a card"):
        render.card(object())


def test_cards_meld_line_fields() -> None:
    row = render.cards(zipai.parse("二二三"))
    assert row.count(CHIP_RED) == 2 and row.count(CHIP_BLACK) == 1
    assert render.cards([]) == "—"
    group = render.meld("<偎>", zipai.parse("七"), hidden=2)
    assert "&lt;偎&gt;" in group and group.count("face down") == 2
    assert render.line([group], note="<3>").endswith("<b>&lt;3&gt;</b></div>")
    table = render.fields([("<k>", "<v>"), ("h", render.Html("<i>x</i>"))], title="<t>")
    assert "&lt;k&gt;" in table and "&lt;v&gt;" in table and "<i>x</i>" in table
    assert "&lt;t&gt;" in table


def test_seat_table_rows_facts_footer() -> None:
    rows = [
        render.SeatRow(0, hand=render.cards(zipai.parse("二")), acting=True, note="<dealer>"),
        render.SeatRow(1, hand="<script>", melds="", discards=""),
    ]
    html = render.seat_table(
        rows, title="<T>", facts=[("stock", "19"), ("<k>", "<v>")], footer="<end>"
    )
    assert len(re.findall(r"<tr><td", html)) == 2
    assert "▶ seat 0" in html and "seat 1" in html and "▶ seat 1" not in html
    assert "&lt;dealer&gt;" in html and "&lt;script&gt;" in html and "<script>" not in html
    assert "stock</span> 19" in html and "&lt;k&gt;</span> &lt;v&gt;" in html
    assert "&lt;T&gt;" in html and "&lt;end&gt;" in html
    assert CHIP_RED in html


# (module, a hand neither complete nor waiting, the family's title in the heading)
_STUCK = [
    (zipai, "一二三 四五六", "字牌 analysis (跑胡子)"),
    (nantong, "1t 3t 5t 7t", "南通長牌 analysis (笃子胡)"),
    (chuanpai, "66 11", "川牌 analysis (幺地人)"),
    (daer, "一二三 四五六 七八九 壹貳叄 伍 捌", "大貳 analysis"),
    (xiaogan, "上大 邱乙 化三 七十 爾小 八九 佳作 可知 禮", "孝感長牌 analysis"),
]


@pytest.mark.parametrize(("module", "hand", "title"), _STUCK, ids=lambda x: str(x)[:12])
def test_every_family_shows_an_analysis_alike(module: Any, hand: str, title: str) -> None:
    """One face (issue 9; h17 review B1, J2): every family's analysis is a table under ``<family>
    analysis`` (the rules' title unless it repeats the family) whose rows are the hand, whether
    it is complete and, for a hand that is not, its waits — "none" when no card completes it.
    字牌's was a bare "not complete; waits for:" over an empty list, without the hand."""
    analysis = module.analyze(hand)
    assert analysis.best is None and not analysis.waits
    html = analysis._repr_html_()
    assert f"<b>{title}</b>" in html
    labels = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    assert labels[:2] == ["hand", "complete"] and "waits" in labels
    assert html.count("<span") >= len(module.parse(hand))  # a chip a card, at least


@pytest.mark.parametrize(
    "name", [v.name for v in changpai.variants() if v.sample and v.family != "chuanpai.chuopai"]
)
def test_a_notebook_shows_the_facts_and_wins_of_the_printed_analysis(name: str) -> None:
    """``str(analysis)`` is the one layout in every family; a notebook showed neither its
    facts (the 南通 flipped 將, the 大貳 將) nor the cards a 孝感 hand wins with where they
    are no waits (review h97)."""
    variant = changpai.variant(name)
    family = importlib.import_module(f"changpai.{variant.family}")
    options = dict(variant.sample_options)
    cards = family.parse(variant.sample)
    for hand in (cards, cards[:-1]):  # (complete, and most often waiting)
        analysis = family.analyze(hand, rules=variant.rules, **options)
        text, html = str(analysis), analysis._repr_html_()
        facts = [line for line in text.splitlines() if line.startswith("facts: ")]
        labels = re.findall(r"<th[^>]*>([^<]*)</th>", html)
        assert ("facts" in labels) == bool(facts)
        if facts:
            assert escape(facts[0].removeprefix("facts: ")) in html
        assert ("wins with" in labels) == ("wins with:" in text.splitlines())
    waiting = xiaogan.analyze("上大人 邱乙己 化三千 七十士 九九九")
    assert "wins with" in waiting._repr_html_() and not waiting.waits


_FACT = re.compile(r"<span style='[^']*'>([^<]*)</span> ")


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_every_game_table_states_its_facts_in_one_order(name: str) -> None:
    """One face (review h97): the phase, the stock, the family's facts, the card on offer and
    who showed it, the seats to act — 字牌 showed no phase, 大貳 and 戳牌 nobody to act, 字牌,
    南通 and 大貳 not who offered the card."""
    game, rng = changpai.variant(name).game(seed=3), random.Random(1)
    offers = 0
    while not game.is_over:
        labels = _FACT.findall(game._repr_html_())
        assert labels[0] == "phase" and labels[-1] == "to act"
        assert ("stock" in labels) == (name != "chuopai")
        offered = getattr(game, "offered", None)
        assert ("on offer" in labels) == (offered is not None)
        if offered is not None:
            assert labels[-2] == "on offer"
            assert re.search(r"(discarded|turned) by seat \d", game._repr_html_())
            offers += 1
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert "to act" not in _FACT.findall(game._repr_html_())
    assert offers or name == "chuopai"


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_every_game_table_is_headed_by_its_rules(name: str) -> None:
    """One face (issue 9; h17 review J3): every family's game table is headed "<rules title> (<rules
    name>)" — they read 跑胡子 (hunan), 南通長牌 笃子胡, chuanpai 幺地人, xiaogan 孝感長牌."""
    game = changpai.variant(name).game(seed=1)
    heading = f"<div><b>{game.rules.title} ({game.rules.name})</b>"
    assert game._repr_html_().startswith(heading)


@pytest.mark.parametrize(
    ("call", "what"),
    [
        (lambda: render.cards(None), "items=None"),
        (lambda: render.cards(5), "items=5"),
        (lambda: render.meld("坎", None), "items=None"),
        (lambda: render.fields([(1,)]), "not a (label, value) pair"),
        (lambda: render.fields(3), "rows=3"),
        (lambda: render.seat_table([1]), "not a SeatRow"),
        (lambda: render.seat_table([], facts=[1]), "not a (label, value) pair"),
        (lambda: render.back("x"), "count='x'"),
        (lambda: render.back(True), "count=True"),
        (lambda: render.card(5), "5 is not a card"),
        (lambda: render.chip(None), "text=None"),
        (lambda: render.chip("二", pips=[("4",)]), "not a (label, value) pair"),
        (lambda: render.line(None), "parts=None"),
        (lambda: render.facts_rows(None), "facts=None"),
        (lambda: render.shown_facts(None), "facts=None"),
        (lambda: render.game_facts("play", 3, to_act=5), "to_act=5"),
        (lambda: render.game_facts(None, 3), "phase=None"),
        (lambda: render.game_facts("play", "3"), "stock='3'"),
        (lambda: render.analysis_html(None, "字牌", str), "analysis=None"),
        (lambda: render.waits_row(None, str), "waits=None"),
        (lambda: render.hand_rows((), None, None), "exposed=None"),
        (lambda: render.hand_rows((), [1], None), "exposed=[1]"),
        (lambda: render.game_title(None), "rules=None"),
        (lambda: render.offer(None, None), "card_html=None"),
        (lambda: render.offer("五", None), "seat=None"),
        (lambda: render.offer("五", 1, 1), "turned=1"),
        (lambda: render.offer("五", -3), "seat=-3"),
        (lambda: render.cards([zipai.Card("x3")], face=None), "face=None"),
        (lambda: render.meld("坎", [zipai.Card("x3")], face=None), "face=None"),
        (lambda: render.hand_rows([zipai.Card("x3")], [], "x"), "best='x'"),
        (lambda: render.waits_row({zipai.Card("x3"): 1}, None), "value=None"),
        (lambda: render.game_facts("x", None, to_act=[None]), "to_act: seat=None"),
    ],
)
def test_the_helpers_name_bad_input(call: Any, what: str) -> None:
    """The documented helpers raised TypeError / ValueError / AttributeError, or rendered
    ``None`` as text (review h97): a NotationError naming the input."""
    with pytest.raises(NotationError, match=re.escape(what)):
        call()
