"""What every family's ``Analysis`` answers alike (docs: Core concepts): ``complete``, ``value``
and ``facts`` beside ``best``, ``sheet``, ``waits`` and ``to_dict()`` — the members the
analysis document holds, so code written for one family reads every family's analysis.

>>> from changpai import daer, zipai
>>> [(a.complete, a.value) for a in (zipai.analyze("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"),
...                                  daer.analyze("一二三 四五六 七八九 壹貳叄 伍"))]
[(True, 15), (False, None)]
"""

from __future__ import annotations

from typing import Any

__all__ = ["AnalysisFace"]


class AnalysisFace:
    """The members every ``Analysis`` shares: a family's class holds ``best`` (its best
    complete reading or ``None``) and defines ``facts`` (its findings, as in the document)."""

    __slots__ = ()

    best: Any

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
