"""What every family's ``Analysis`` answers alike (docs: Core concepts): ``complete``, ``value``
and ``facts`` beside ``best``, ``sheet``, ``waits`` and ``to_dict()`` — the members the
analysis document holds, so code written for one family reads every family's analysis.

>>> from changpai import daer, zipai
>>> [(a.complete, a.value) for a in (zipai.analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"),
...                                  daer.analyze("一二三 四五六 七八九 壹貳叄 伍"))]
[(True, 15), (False, None)]
"""

from __future__ import annotations

from typing import Any, ClassVar

from changpai.core.render import shown_facts

__all__ = ["AnalysisFace", "analysis_text"]


class AnalysisFace:
    """The members every ``Analysis`` shares: a family's class holds ``best`` (its best
    complete reading or ``None``) and defines ``facts`` (its findings, as in the document)."""

    __slots__ = ()

    best: Any
    #: what the family counts a reading by, as its ``Game.value_name`` (胡息, 胡數, 胡, 張)
    value_name: ClassVar[str] = "value"

    def __str__(self) -> str:
        """The analysis as ``changpai analyze`` prints it, in every family: the rules' title
        and variant, the cards (and table melds), then the best reading and its score sheet,
        or every wait with the reading it would make, then the family's facts.

        >>> from changpai import daer
        >>> print(daer.analyze("一二三 四五六 七八九 壹貳叄 伍"))
        大貳 (daer)
        cards: 一 二 三 四 五 六 七 八 九 壹 貳 叄 伍
        not complete; waits for:
          伍: 9 胡: 順 一二三  順 四五六  順 七八九  順 壹貳叄  將 伍伍
        """
        variant = self.to_dict()["variant"]  # type: ignore[attr-defined]
        title = self.rules.title  # type: ignore[attr-defined]
        heading = title if variant is None else f"{title} ({variant})"  # (None: rules of one's own)
        return analysis_text(self, heading, self.value_name)

    @property
    def complete(self) -> bool:
        """Whether the hand is complete as it is (it has a best reading).

        >>> from changpai import chuanpai
        >>> chuanpai.analyze("66 44").complete, chuanpai.analyze("66 33").complete
        (True, False)
        """
        return self.best is not None

    @property
    def value(self) -> int | None:
        """The value of the best reading (the family's 胡息, 胡數, 胡 or laid-out count, as
        ``best.value``); ``None`` when the hand is not complete — the document's ``value``.

        >>> from changpai import nantong
        >>> nantong.analyze("123b 456b 789b 123t 456t 789t 123w 5w 5w").value
        120
        >>> nantong.analyze("123b 456b 789b 123t 456t 789t 123w 5w").value is None
        True
        """
        best = self.best
        return None if best is None else int(best.value)


def analysis_text(analysis: Any, heading: str, value_name: str) -> str:
    """The one printed layout of an analysis in every family (``str(analysis)`` and
    ``changpai analyze``): ``heading``, the cards (and table melds), then the best reading and
    its score sheet, or every wait with the reading it would make (a 孝感 hand also what it lays
    out now and the cards it wins with), then the family's facts; ``value_name`` names the
    readings' value.

    >>> from changpai import chuanpai
    >>> print(analysis_text(chuanpai.analyze("天牌 人牌 長三"), "川牌", "胡"))
    川牌
    cards: 天牌 人牌 長三
    not complete; waits for:
      合牌: 1 胡: 擠兒 天牌 人牌  擠兒 長三 合牌
      長二: 1 胡: 擠兒 天牌 人牌  擠兒 長三 長二
    facts: jiao False
    """
    lines = [heading, "cards: " + " ".join(str(c) for c in analysis.cards)]
    if analysis.exposed:
        shown = "  ".join(_meld_text(m, analysis.rules) for m in analysis.exposed)
        lines.append("table: " + shown)
    if analysis.best is not None:
        lines.append("complete: " + _reading(analysis.best, value_name))
    elif analysis.waits:
        lines.append("not complete; waits for:")
        lines.extend(_card_readings(analysis.waits, value_name))
    else:
        lines.append("not complete; waits for nothing")
    lines.extend(_layout_lines(analysis, value_name))
    if analysis.sheet is not None:
        lines.append(str(analysis.sheet))
    wins_with = getattr(analysis, "wins_with", None) or {}
    if wins_with and wins_with.keys() != analysis.waits.keys():
        lines.append("wins with:")
        lines.extend(_card_readings(wins_with, value_name))
    facts = shown_facts(analysis.facts)
    if facts:
        lines.append("facts: " + ", ".join(f"{k} {v}" for k, v in facts.items()))
    return "\n".join(lines)


def _meld_text(meld: Any, rules: Any) -> str:
    """A meld as the family writes it under ``rules`` (大貳's ``Meld.text``: the 瀘州 names
    under the luzhou rules), else ``str(meld)``."""
    text = getattr(meld, "text", None)
    return str(text(rules)) if callable(text) else str(meld)


def _reading(decomposition: Any, value_name: str) -> str:
    shape = getattr(getattr(decomposition, "shape", None), "hanzi", None)
    if shape is not None:  # (南通: the shape, and the reading as it writes itself — 將頭 …)
        return f"{decomposition.value} {value_name}: {shape} {decomposition}"
    rules = decomposition.rules
    melds = "  ".join(_meld_text(meld, rules) for meld in decomposition.melds)
    return f"{decomposition.value} {value_name}: {melds}"


def _card_readings(readings: dict[Any, Any], value_name: str) -> list[str]:
    """One indented line a card: the card, then the reading it makes."""
    return [f"  {card}: {_reading(d, value_name)}" for card, d in readings.items()]


def _layout_lines(analysis: Any, value_name: str) -> list[str]:
    """In a family whose hand may win with cards left over (孝感, xiaogan.md §5: the
    ``Analysis`` member ``layout``), what the hand lays out now and what that means, unless it
    is a complete win (review h41, h46: the CLI printed neither)."""
    if not hasattr(analysis, "layout"):
        return []
    shown = analysis.best if analysis.layout is None else analysis.layout
    if shown is None or (shown.wins and shown.complete):
        return []
    if shown.complete and analysis.best is not None:  # (its reading is printed above)
        return [f"laid out: {shown.value} {value_name} — {shown.verdict}"]
    loose = " ".join(str(c) for c in shown.loose)
    text = _reading(shown, value_name) + (f"; loose {loose}" if loose else "")
    return [f"laid out: {text} — {shown.verdict}"]
