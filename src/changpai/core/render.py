"""HTML for notebooks: card faces, rows of cards, melds and a table of seats.

Every family's ``_repr_html_`` is built from these helpers, so cards, melds, decompositions and
games look the same in every family. The HTML is self-contained: inline styles only, no CSS
classes to load and no JavaScript. Card chips carry their own background and text colour, so
they read the same in light and dark notebook themes; the rest (labels, table borders) keeps the
theme's text colour and uses half-transparent greys.

Text is always escaped: a helper escapes every plain ``str`` it is given and passes an
:class:`Html` fragment (what the helpers return) through unchanged.

>>> from changpai import zipai
>>> card("<b>")
Traceback (most recent call last):
...
changpai.errors.NotationError: '<b>' is not a card: a card has a str() and an ASCII code
>>> chip("<&>", colour=RED, title="x2")
"<span title='x2' style='...color:#c00...'>&lt;&amp;&gt;</span>"
>>> "color:#c00" in cards(zipai.parse("二三"))
True
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from changpai.core.guard import clipped, flag_arg, int_arg, items_arg
from changpai.errors import NotationError

__all__ = [
    "BLACK",
    "CELL",
    "RED",
    "Html",
    "SeatRow",
    "analysis_html",
    "analysis_rows",
    "analysis_title",
    "back",
    "card",
    "cards",
    "chip",
    "esc",
    "facts_rows",
    "fields",
    "game_facts",
    "game_title",
    "hand_rows",
    "line",
    "meld",
    "offer",
    "seat_table",
    "shown_facts",
    "waits_row",
]

RED = "#c00"
"""The colour of red cards and red dots."""

BLACK = "#111"
"""The colour of black cards and black dots."""

_CHIP_BG = "#fffdf6"
_BACK_BG = "#2f4f6f"
_CHIP = (
    "display:inline-block;min-width:1.1em;padding:0 3px;margin:1px;border:1px solid #999;"
    "border-radius:3px;background:{bg};color:{fg};font-family:serif;line-height:1.4;"
    "text-align:center;white-space:nowrap"
)
_GROUP = (
    "display:inline-block;padding:1px 3px;margin:1px 6px 1px 0;border:1px solid #8888;"
    "border-radius:4px;white-space:nowrap;vertical-align:middle"
)
_LABEL = "font-size:0.85em;opacity:0.8;margin-right:2px"
CELL = "padding:3px 6px;border:1px solid #8886;text-align:left;vertical-align:top"
"""The inline style of every table cell (fields, the seat table, the score sheet)."""


class Html(str):
    """A fragment of HTML that is already safe: the helpers pass it through without escaping.

    >>> esc("<i>"), esc(Html("<i>x</i>"))
    ('&lt;i&gt;', '<i>x</i>')
    """

    __slots__ = ()


def esc(value: object) -> Html:
    """Escape ``value`` for HTML (quotes too), unless it is already an :class:`Html` fragment.

    >>> esc("a 'b' & <c>")
    'a &#x27;b&#x27; &amp; &lt;c&gt;'
    >>> esc(3)
    '3'
    """
    if isinstance(value, Html):
        return value
    return Html(_html.escape(str(value), quote=True))


def chip(
    text: str,
    *,
    colour: str = BLACK,
    title: str = "",
    pips: Sequence[tuple[str, str]] = (),
) -> Html:
    """One card face: ``text`` on a light chip in ``colour``, ``title`` shown on hover, and
    optional ``pips`` (``(text, colour)`` pairs, e.g. the two halves of a 川牌 card) in small
    type after the text.

    >>> chip("二", colour=RED, title="x2 二 (red)")
    "<span title='x2 二 (red)' style='...background:#fffdf6;color:#c00;...'>二</span>"
    >>> "<sub" in chip("四六", pips=[("4", RED), ("6", BLACK)])
    True
    """
    if not isinstance(text, str):
        raise NotationError(f"text={clipped(text)} is not the text of a card face (a str)")
    small = "".join(
        f"<span style='color:{esc(c)}'>{esc(t)}</span>" for t, c in _pairs(pips, "pips")
    )
    tail = f"<sub style='font-size:0.7em;margin-left:2px'>{small}</sub>" if small else ""
    style = _CHIP.format(bg=_CHIP_BG, fg=esc(colour))
    return Html(f"<span title='{esc(title)}' style='{style}'>{esc(text)}{tail}</span>")


def back(count: int = 1) -> Html:
    """``count`` face-down cards (dark chips without a face).

    >>> back(2).count("face down")
    2
    >>> back(0)
    ''
    """
    int_arg(count, "count", error=NotationError)
    style = _CHIP.format(bg=_BACK_BG, fg="#fff")
    return Html(f"<span title='face down' style='{style}'>&#8203;</span>" * max(count, 0))


def _callable(value: object, what: str) -> None:
    if not callable(value):
        raise NotationError(f"{what}={clipped(value)} is not a function (of a card or a reading)")


def _renders(value: object) -> bool:
    return callable(getattr(value, "_repr_html_", None))


def _pairs(value: object, what: str) -> list[tuple[Any, Any]]:
    """The ``(label, value)`` pairs of ``value``, else a :class:`NotationError` naming it."""
    pairs = []
    for item in items_arg(value, what, "(label, value) pairs"):
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise NotationError(f"{what} holds {clipped(item)}, not a (label, value) pair")
        pairs.append((item[0], item[1]))
    return pairs


def _is_red(value: object) -> bool:
    return value is True


def card(value: Any, *, colour: str | None = None) -> Html:
    """The chip of a card of any family, read from what the card exposes: its ``str`` (the
    hanzi or name) as the face, its ``code`` (and its ``names`` or ``points``) as the title,
    red when ``card.red`` is true (or the given ``colour``), and for a card with two pip halves
    (川牌 ``left`` / ``right`` with ``left_colour`` / ``right_colour``) the pip code with each
    half in its dot colour (a ``"crossed"`` half of 天牌 shows its red and black dots as a red
    and a black digit).

    >>> from changpai import chuanpai, zipai
    >>> card(zipai.Card("x7"))
    "<span title='x7 七 (red)' style='...color:#c00...'>七</span>"
    >>> html = card(chuanpai.Card("46"))
    >>> "四六" in html, "title='46 四六 / 紅拾 / 瘦肉 · 10 points'" in html
    (True, True)
    >>> "color:#c00'>4<" in html, "color:#111'>6<" in html
    (True, True)
    """
    code = getattr(value, "code", None)
    if not isinstance(code, str):
        raise NotationError(f"{clipped(value)} is not a card: a card has a str() and an ASCII code")
    text = str(value)
    red = _is_red(getattr(value, "red", False))
    names = getattr(value, "names", None)
    title = f"{code} " + (" / ".join(names) if isinstance(names, tuple) and names else text)
    points = getattr(value, "points", None)
    if isinstance(points, int) and points > 0:
        title += f" · {points} points"
    if red:
        title += " (red)"
    pips: list[tuple[str, str]] = []
    left, right = getattr(value, "left", 0), getattr(value, "right", 0)
    halves = getattr(value, "left_colour", None), getattr(value, "right_colour", None)
    if isinstance(left, int) and isinstance(right, int) and left and right and all(halves):
        crossed = halves[0] == "crossed"
        for i, (pip, hue) in enumerate(zip((left, right), halves, strict=True)):
            red_half = hue == "red" or (crossed and i == 0)
            pips.append((str(pip), RED if red_half else BLACK))
    shown = colour if colour is not None else (RED if red else BLACK)
    return chip(text, colour=shown, title=title, pips=pips)


def cards(items: Iterable[Any], *, face: Callable[[Any], str] = card) -> Html:
    """A row of card chips; ``face`` renders one card (default :func:`card`). An empty row is
    a dash.

    >>> from changpai import zipai
    >>> cards(zipai.parse("一二")).count("<span title=")
    2
    >>> cards(())
    '—'
    """
    _callable(face, "face")
    out = "".join(Html(face(c)) for c in items_arg(items, "items", "cards"))
    return Html(out or "—")


def meld(
    label: str,
    items: Iterable[Any],
    *,
    face: Callable[[Any], str] = card,
    hidden: int = 0,
    title: str = "",
) -> Html:
    """A meld: its label (the kind in hanzi) and its cards in one framed group, with ``hidden``
    face-down cards after them.

    >>> from changpai import zipai
    >>> html = meld("坎", zipai.parse("七七七"))
    >>> html.count("color:#c00"), "坎" in html
    (3, True)
    >>> "face down" in meld("偎", (), hidden=3)
    True
    """
    _callable(face, "face")
    body = "".join(Html(face(c)) for c in items_arg(items, "items", "cards")) + back(hidden)
    head = f"<span style='{_LABEL}'>{esc(label)}</span>" if label else ""
    return Html(f"<span title='{esc(title)}' style='{_GROUP}'>{head}{body}</span>")


def line(parts: Iterable[str], *, note: str = "") -> Html:
    """Rendered parts (melds) in one line, then a short ``note`` (e.g. the total) in bold.

    >>> line([Html("<i>a</i>"), Html("<i>b</i>")], note="15 胡息 & more")
    '<div><i>a</i><i>b</i> <b>15 胡息 &amp; more</b></div>'
    """
    tail = f" <b>{esc(note)}</b>" if note else ""
    shown = "".join(esc(p) for p in items_arg(parts, "parts", "rendered parts"))
    return Html(f"<div>{shown}{tail}</div>")


def per_seat(values: Iterable[int]) -> str:
    """One number per seat, by seat number, as text.

    >>> per_seat((4, 1, 3))
    'seat 0: 4 · seat 1: 1 · seat 2: 3'
    """
    return " · ".join(f"seat {s}: {n}" for s, n in enumerate(values))


def fields(rows: Iterable[tuple[str, str]], *, title: str = "") -> Html:
    """A two-column table of ``(label, value)`` rows under a bold ``title`` (labels are text;
    values are text or :class:`Html`).

    >>> html = fields([("hand", "<x>"), ("waits", Html("<i>九</i>"))], title="Analysis")
    >>> "&lt;x&gt;" in html, "<i>九</i>" in html, html.startswith("<div><b>Analysis</b>")
    (True, True, True)
    """
    body = "".join(
        f"<tr><th style='{CELL}'>{esc(k)}</th><td style='{CELL}'>{esc(v)}</td></tr>"
        for k, v in _pairs(rows, "rows")
    )
    head = f"<b>{esc(title)}</b>" if title else ""
    return Html(f"<div>{head}<table style='border-collapse:collapse'>{body}</table></div>")


def hand_rows(
    held: Iterable[Any], exposed: Iterable[Any], best: Any, sheet: Any = None
) -> list[tuple[str, str]]:
    """The first rows of every family's analysis in a notebook (:func:`fields`): the ``held``
    cards as chips, the ``exposed`` melds, and whether the hand is complete — its ``best``
    reading (and ``sheet``) — or "no". Melds, readings and sheets render themselves
    (``_repr_html_``).

    >>> from changpai import zipai
    >>> [label for label, _ in hand_rows(zipai.parse("一二"), [], None)]
    ['hand', 'complete']
    """
    rows: list[tuple[str, str]] = [("hand", cards(held))]
    melds = items_arg(exposed, "exposed", "melds")
    if not all(map(_renders, melds)):
        raise NotationError(f"exposed={clipped(exposed)} holds what is not a meld")
    for name, part in (("best", best), ("sheet", sheet)):
        if part is not None and not _renders(part):
            raise NotationError(f"{name}={clipped(part)} is not a reading / sheet (or None)")
    shown = [m._repr_html_() for m in melds]
    if shown:
        rows.append(("table", line(shown)))
    if best is None:
        rows.append(("complete", "no"))
    else:
        tail = "" if sheet is None else sheet._repr_html_()
        rows.append(("complete", Html(best._repr_html_() + tail)))
    return rows


def analysis_rows(
    held: Iterable[Any],
    exposed: Iterable[Any],
    best: Any,
    sheet: Any,
    waits: dict[Any, Any],
    value: Callable[[Any], str],
    *,
    facts: dict[str, Any] | None = None,
) -> list[tuple[str, str]]:
    """Every family's analysis rows in a notebook (:func:`fields`): :func:`hand_rows`, then for
    a hand that is not complete its waits (:func:`waits_row`), or "none" when no card
    completes it, then the ``facts`` (:func:`facts_rows`).

    >>> from changpai import zipai
    >>> rows = analysis_rows(zipai.parse("一二"), [], None, None, {}, str, facts={"huxi": None})
    >>> rows[1:]
    [('complete', 'no'), ('waits', 'none')]
    """
    rows = hand_rows(held, exposed, best, sheet)
    if best is None:
        rows.append(waits_row(waits, value) if waits else ("waits", "none"))
    return rows + facts_rows(facts or {})


def analysis_html(analysis: Any, family: str, value: Callable[[Any], str]) -> Html:
    """Every family's analysis in a notebook: :func:`analysis_rows` of the analysis (its
    ``cards``, ``exposed``, ``best``, ``sheet``, ``waits`` and ``facts``) under
    :func:`analysis_title` of the ``family`` and the analysis's rules' title; ``value`` names
    the value of a wait's reading (``"9 胡"``).

    >>> from changpai import daer
    >>> html = analysis_html(daer.analyze("一二三 四五六 七八九 壹貳叄 伍伍"), "大貳", str)
    >>> html.startswith("<div><b>大貳 analysis</b>"), "hu 9" in html
    (True, True)
    """
    try:
        parts = (analysis.cards, analysis.exposed, analysis.best, analysis.sheet, analysis.waits)
        facts, title = analysis.facts, analysis.rules.title
    except AttributeError:
        raise NotationError(f"analysis={clipped(analysis)} is not a family's Analysis") from None
    rows = analysis_rows(*parts, value, facts=facts)
    return fields(rows, title=analysis_title(family, title))


def shown_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The facts of an analysis that say something (not ``None``, empty text or an empty
    list or dict), as ``str(analysis)`` and a notebook show them.

    >>> shown_facts({"hu": 9, "jiang": None, "loose": []})
    {'hu': 9}
    """
    if not isinstance(facts, Mapping):
        raise NotationError(f"facts={clipped(facts)} is not a mapping of names to facts")
    return {k: v for k, v in facts.items() if v not in (None, "", [], {})}


def facts_rows(facts: dict[str, Any]) -> list[tuple[str, str]]:
    """The facts row of an analysis in a notebook (:func:`fields`), as ``str(analysis)``
    writes it (``"hu 9, jiang 將 伍伍"``), or no row when no fact says something.

    >>> facts_rows({"hu": 9, "jiang": "將 伍伍"}), facts_rows({"hu": None})
    ([('facts', 'hu 9, jiang 將 伍伍')], [])
    """
    shown = shown_facts(facts)
    return [("facts", ", ".join(f"{k} {v}" for k, v in shown.items()))] if shown else []


def game_facts(
    phase: str,
    stock: int | None,
    family: Iterable[tuple[str, str]] = (),
    offer: str = "",
    to_act: Iterable[int] = (),
) -> list[tuple[str, str]]:
    """The line of facts over every family's game table (:func:`seat_table`), in one order:
    the ``phase``, the cards left in the ``stock`` (``None``: a game without one), the
    ``family``'s own facts, the card on ``offer`` (:func:`offer`) and the seats ``to_act``.

    >>> game_facts("claim", 19, [("亮張", "三")], offer="五 discarded by seat 1", to_act=[2])
    [('phase', 'claim'), ('stock', '19'), ('亮張', '三'), ('on offer', '五 discarded by seat 1'), ('to act', 'seat 2')]
    """
    if not isinstance(phase, str):
        raise NotationError(f"phase={clipped(phase)} is not text")
    if stock is not None and type(stock) is not int:
        raise NotationError(f"stock={clipped(stock)} is not a number of cards (or None)")
    seats = items_arg(to_act, "to_act", "seats")
    for seat in seats:
        int_arg(seat, "to_act: seat", low=0, error=NotationError)
    facts = [("phase", phase)]
    if stock is not None:
        facts.append(("stock", str(stock)))
    facts += _pairs(family, "family")
    if offer:
        facts.append(("on offer", offer))
    acting = ", ".join(f"seat {s}" for s in seats)
    if acting:
        facts.append(("to act", acting))
    return facts


def offer(card_html: str, seat: int, turned: bool = False) -> Html:
    """The card on offer and who showed it: ``card_html`` (:func:`card`) discarded, or
    ``turned`` (drawn and shown), by ``seat``.

    >>> from changpai import zipai
    >>> "discarded by seat 2" in offer(card(zipai.Card("x5")), 2)
    True
    """
    if not isinstance(card_html, str) or not card_html:
        raise NotationError(f"card_html={clipped(card_html)} is not a rendered card (card(...))")
    int_arg(seat, "seat", low=0, error=NotationError)
    how = "turned by" if flag_arg(turned, "turned", NotationError) else "discarded by"
    return Html(f"{esc(card_html)} {how} seat {seat}")


def game_title(rules: Any) -> str:
    """The heading of every family's game table in a notebook: the rules' title and name.

    >>> from changpai import nantong
    >>> game_title(nantong.DUZIHU)
    '笃子胡 (duzihu)'
    """
    title, name = getattr(rules, "title", None), getattr(rules, "name", None)
    if not isinstance(title, str) or not isinstance(name, str):
        raise NotationError(f"rules={clipped(rules)} are no rules: they have a title and a name")
    return f"{title} ({name})"


def analysis_title(family: str, title: str) -> str:
    """The heading of an analysis in a notebook: the family, then the rules' ``title`` unless
    it only says the family again.

    >>> analysis_title("大貳", "大貳"), analysis_title("川牌", "幺地人")
    ('大貳 analysis', '川牌 analysis (幺地人)')
    """
    return f"{family} analysis" if title == family else f"{family} analysis ({title})"


def waits_row(waits: dict[Any, Any], value: Callable[[Any], str]) -> tuple[str, str]:
    """The waits row of an analysis (:func:`fields`): each card as a chip, then ``value`` of
    its reading (``"9 胡"``).

    >>> from changpai import zipai
    >>> label, html = waits_row({zipai.Card("x3"): 9}, lambda d: f"{d} 胡")
    >>> label, "9 胡" in html
    ('waits', True)
    """
    if not isinstance(waits, Mapping):
        raise NotationError(f"waits={clipped(waits)} is not a mapping of cards to readings")
    _callable(value, "value")
    return "waits", Html("".join(f"{card(c)} {esc(value(d))} &nbsp;" for c, d in waits.items()))


@frozen
class SeatRow:
    """One row of :func:`seat_table`: a seat number, its hand, table melds and discards (text or
    :class:`Html` from :func:`cards` / :func:`meld`), whether it must act now, and a short
    note (``"dealer"``, ``"sits out"`` …).

    >>> SeatRow(0, hand=cards(()), acting=True).acting
    True
    """

    seat: int
    hand: str = field(default="")
    melds: str = field(default="")
    discards: str = field(default="")
    acting: bool = False
    note: str = ""


def seat_table(
    rows: Sequence[SeatRow],
    *,
    title: str = "",
    facts: Sequence[tuple[str, str]] = (),
    footer: str = "",
) -> Html:
    """The state of a game: a bold ``title``, a line of ``facts`` (``(label, value)``: stock
    size, who acts, the card on offer …), one row per seat (hand, melds, discards; the seat to
    act is marked ▶ and bold), then a ``footer`` (the result, a score sheet).

    >>> html = seat_table(
    ...     [SeatRow(0, hand="<x>", acting=True, note="dealer"), SeatRow(1)],
    ...     title="Game", facts=[("stock", "19")],
    ... )
    >>> "&lt;x&gt;" in html, "▶" in html, "stock</span> 19" in html, html.count("<tr")
    (True, True, True, 3)
    """
    head = "".join(f"<th style='{CELL}'>{h}</th>" for h in ("seat", "hand", "melds", "discards"))
    body = []
    for row in items_arg(rows, "rows", "SeatRow"):
        if not isinstance(row, SeatRow):
            raise NotationError(f"rows holds {clipped(row)}, not a SeatRow")
        mark = "▶ " if row.acting else ""
        weight = "font-weight:bold;" if row.acting else ""
        note = f"<br><small>{esc(row.note)}</small>" if row.note else ""
        body.append(
            f"<tr><td style='{weight}white-space:nowrap;{CELL}'>{mark}seat {row.seat}{note}</td>"
            f"<td style='{CELL}'>{esc(row.hand)}</td><td style='{CELL}'>{esc(row.melds)}</td>"
            f"<td style='{CELL}'>{esc(row.discards)}</td></tr>"
        )
    facts_html = " &nbsp;·&nbsp; ".join(
        f"<span style='{_LABEL}'>{esc(k)}</span> {esc(v)}" for k, v in _pairs(facts, "facts")
    )
    parts = [
        f"<b>{esc(title)}</b>" if title else "",
        f"<div>{facts_html}</div>" if facts_html else "",
        f"<table style='border-collapse:collapse;margin:4px 0'><tr>{head}</tr>{''.join(body)}"
        "</table>",
        f"<div>{esc(footer)}</div>" if footer else "",
    ]
    return Html(f"<div>{''.join(parts)}</div>")
