"""Itemized score sheets: every line of a score with its rule reference, the total and payments.

A family's ``score`` function builds a :class:`ScoreSheet`; the sheet never computes anything the
family did not put into it, so that each line can be checked against the tables of the rules
summaries of the docs (a line's ``rule`` ``"zipai.md §8.1"`` is section 8.1 of the 字牌 rules page).

>>> sheet = ScoreSheet(
...     title="跑胡子",
...     lines=(
...         ScoreLine("meld", "提 壹壹壹壹", 12, rule="zipai.md §8.1"),
...         ScoreLine("meld", "坎 三三三", 3, rule="zipai.md §8.1"),
...     ),
...     total=15,
...     payments=(Payment(payer=1, payee=0, amount=15), Payment(payer=2, payee=0, amount=15)),
... )
>>> print(sheet)
跑胡子
  提 壹壹壹壹    +12  zipai.md §8.1
  坎 三三三       +3  zipai.md §8.1
  total           15
  seat 1 pays seat 0: 15
  seat 2 pays seat 0: 15
>>> sheet.net()
{0: 30, 1: -15, 2: -15}
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import field, frozen

from changpai.core.guard import clipped, int_field, items_arg, whole_number
from changpai.core.render import CELL
from changpai.errors import IllegalActionError, NotationError

__all__ = ["Payment", "ScoreLine", "ScoreSheet", "win_title"]

_OPS = ("+", "×", "=", "≥")


_LINE_TEXTS = ("key", "name", "rule", "html")


def win_title(rules_title: str, winner: int, detail: str = "", *, won: bool = True) -> str:
    """The title of a win's score sheet in every family: the rules' title, the winner's seat
    and 胡, then the family's ``detail`` (how the win came, its shape); for a reading that is
    no win under the rules (``won`` false: below 起胡, too few cards laid out) "no win".

    >>> win_title("大貳", 0, "自摸"), win_title("幺地人", 2)
    ('大貳: seat 0 胡 自摸', '幺地人: seat 2 胡')
    >>> win_title("瀘州大貳", 1, "自摸", won=False)
    '瀘州大貳: seat 1, no win (自摸)'
    """
    if not won:
        shown = detail if detail.startswith("(") or not detail else f"({detail})"
        return f"{rules_title}: seat {winner}, no win" + (f" {shown}" if shown else "")
    return f"{rules_title}: seat {winner} 胡" + (f" {detail}" if detail else "")


def _check_fields(record: object, texts: tuple[str, ...], numbers: tuple[str, ...]) -> None:
    """A :class:`NotationError` naming the first field of ``texts`` that is not a ``str`` or
    of ``numbers`` that is not an ``int`` (a ``bool`` is not one)."""
    for what in texts:
        value = getattr(record, what)
        if not isinstance(value, str):
            raise NotationError(f"{what}={clipped(value):.60} is not text (str)")
    for what in numbers:
        whole_number(getattr(record, what), what)


def _items(value: Any, what: str, kind: type) -> tuple[Any, ...]:
    """The ``lines`` or ``payments`` of a sheet as a tuple of ``kind``, else NotationError."""
    items = items_arg(value, what, f"{kind.__name__}s")
    if set(map(type, items)) - {kind}:  # (a subclass is one too)
        for item in items:
            if not isinstance(item, kind):
                raise NotationError(f"{what}: {clipped(item):.60} is not a {kind.__name__}")
    return items


def _lines(value: Iterable[ScoreLine]) -> tuple[ScoreLine, ...]:
    return _items(value, "lines", ScoreLine)


def _payments(value: Iterable[Payment]) -> tuple[Payment, ...]:
    return _items(value, "payments", Payment)


def _facts(
    value: Mapping[str, Any] | Iterable[Sequence[Any]],
) -> tuple[tuple[str, Any], ...]:
    """A sheet's ``facts`` as a tuple of (name, value) pairs (a dict is taken as its items)."""
    if isinstance(value, Mapping):
        value = tuple(value.items())
    items = items_arg(value, "facts", "(name, value) pairs")
    for item in items:
        if (
            isinstance(item, str)
            or not isinstance(item, Sequence)
            or len(item) != 2
            or not isinstance(item[0], str)
        ):
            raise NotationError(f"facts: {clipped(item):.60} is not a (name, value) pair")
    return tuple(map(tuple, items))


def _width(text: str) -> int:
    """Display width in a terminal: CJK characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


@frozen
class ScoreLine:
    """One item of a score.

    ``key`` is a stable machine name (``"meld"``, ``"mingtang.honghu"``), ``name`` the text a
    player reads, ``value`` the number, ``op`` how it enters the total (``"+"`` added, ``"×"`` a
    multiplier, ``"="`` a running result or information, ``"≥"`` a threshold), ``rule`` the section
    of the family's rules page (docs: Rules summaries) it comes from, as ``"zipai.md §8.1"``.
    ``html`` optionally renders ``name`` for notebooks (a family uses it to show red cards in
    red); it is trusted markup, put in the sheet's HTML as it is (the other fields are
    escaped) — build it from :mod:`changpai.core.render`, never from a player's text. It is
    not part of the line's value or of ``to_dict()``.

    >>> ScoreLine("base", "飄胡", 50, op="+", rule="nantong.md §7").text()
    '+50'
    """

    key: str
    name: str
    value: int = field(converter=int_field)
    op: str = "+"
    rule: str = ""
    html: str = field(default="", eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.op not in _OPS:
            raise NotationError(
                f"op={clipped(self.op):.60} is not a score line op; expected one of {', '.join(_OPS)}"
            )
        _check_fields(self, _LINE_TEXTS, ("value",))

    def text(self) -> str:
        """The value as printed on the sheet.

        >>> ScoreLine("x", "自摸", 2, op="×").text()
        '×2'
        """
        if self.op == "+":
            return f"{self.value:+d}"
        if self.op == "=":
            return str(self.value)
        return f"{self.op}{self.value}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> ScoreLine("meld", "碰 一一一", 1).to_dict()["value"]
        1
        """
        return {
            "key": self.key,
            "name": self.name,
            "value": self.value,
            "op": self.op,
            "rule": self.rule,
        }


@frozen
class Payment:
    """``payer`` pays ``amount`` to ``payee`` (seats are numbered from 0).

    >>> Payment(payer=2, payee=0, amount=6)
    Payment(payer=2, payee=0, amount=6)
    """

    payer: int = field(converter=int_field)
    payee: int = field(converter=int_field)
    amount: int = field(converter=int_field)

    def __attrs_post_init__(self) -> None:
        _check_fields(self, (), ("payer", "payee", "amount"))
        for what in ("payer", "payee"):
            if getattr(self, what) < 0:
                raise IllegalActionError(
                    f"{what}={clipped(getattr(self, what))} is not a seat (a seat is >= 0)"
                )

    def to_dict(self) -> dict[str, int]:
        """A JSON-ready dict.

        >>> Payment(1, 0, 3).to_dict()
        {'payer': 1, 'payee': 0, 'amount': 3}
        """
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}


@frozen
class ScoreSheet:
    """The itemized score of one hand: lines, the total, and who pays whom.

    ``facts`` holds named results a program may want without reading lines (for example
    ``{"huxi": 18, "threshold_met": True}``).

    >>> from changpai import zipai
    >>> hand = zipai.best_decomposition(zipai.parse("壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌"))
    >>> sheet = zipai.score(hand, winner=0, players=3)
    >>> sheet.total, sheet.fact("huxi"), sheet.net()
    (18, 18, {0: 36, 1: -18, 2: -18})
    """

    title: str
    lines: tuple[ScoreLine, ...] = field(converter=_lines)
    total: int = field(converter=int_field)
    payments: tuple[Payment, ...] = field(default=(), converter=_payments)
    facts: tuple[tuple[str, Any], ...] = field(default=(), converter=_facts)

    def __attrs_post_init__(self) -> None:
        _check_fields(self, ("title",), ("total",))

    def fact(self, key: str, default: Any = None) -> Any:
        """The value of one named fact.

        >>> ScoreSheet("t", (), 0, facts=(("huxi", 9),)).fact("huxi")
        9
        """
        return dict(self.facts).get(key, default)

    def net(self) -> dict[int, int]:
        """Each seat's net gain from the payments (seats that neither pay nor receive are absent).

        >>> ScoreSheet("t", (), 0, (Payment(1, 0, 2),)).net()
        {0: 2, 1: -2}
        """
        result: dict[int, int] = {}
        for payment in self.payments:
            result[payment.payee] = result.get(payment.payee, 0) + payment.amount
            result[payment.payer] = result.get(payment.payer, 0) - payment.amount
        return dict(sorted(result.items()))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole sheet.

        >>> ScoreSheet("t", (ScoreLine("k", "n", 1),), 1).to_dict()["total"]
        1
        """
        return {
            "title": self.title,
            "lines": [line.to_dict() for line in self.lines],
            "total": self.total,
            "payments": [payment.to_dict() for payment in self.payments],
            "facts": dict(self.facts),
        }

    def __str__(self) -> str:
        width = max([_width(line.name) for line in self.lines] + [5]) + 2
        rows = [self.title]
        for line in self.lines:
            rule = f"  {line.rule}" if line.rule else ""
            rows.append(f"  {_pad(line.name, width)}{line.text():>5}{rule}")
        rows.append(f"  {_pad('total', width)}{self.total:>5}")
        rows.extend(f"  seat {p.payer} pays seat {p.payee}: {p.amount}" for p in self.payments)
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        """The sheet for notebooks: a line a row (its name, amount and rule), the total, then
        the payments — inline styles only, as every table of :mod:`changpai.core.render`.

        >>> sheet = ScoreSheet("seat 0 胡", (ScoreLine("base", "<底>", 10),), 10, ())
        >>> html = sheet._repr_html_()
        >>> "&lt;底&gt;" in html, "class=" in html, "<ul>" in html
        (True, False, False)
        """
        esc = html.escape
        cell = f"style='{CELL}'"
        right = f"style='{CELL};text-align:right'"
        body = "".join(
            f"<tr><td {cell}>{line.html or esc(line.name)}</td>"
            f"<td {right}>{esc(line.text())}</td><td {cell}><small>{esc(line.rule)}</small></td></tr>"
            for line in self.lines
        )
        pays = "".join(
            f"<li>seat {p.payer} pays seat {p.payee}: {p.amount}</li>" for p in self.payments
        )
        return (
            f"<div><b>{esc(self.title)}</b><table style='border-collapse:collapse'>{body}"
            f"<tr><th {cell}>total</th><th {right}>{self.total}</th><td {cell}></td></tr>"
            f"</table>{f'<ul>{pays}</ul>' if pays else ''}</div>"
        )
