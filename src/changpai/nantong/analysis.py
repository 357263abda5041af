"""The analysis of one 南通 hand (``changpai analyze duzihu "<hand>"``): the best reading and its
score sheet when the hand is complete, else every card it waits on (nantong.md §4, §7).

>>> a = analyze("123b 456b 789b 123t 456t 789t 123w 5w")
>>> a.complete, [c.code for c in a.waits]
(False, ['5w'])
>>> analyze("123b 456b 789b 123t 456t 789t 123w 5w 5w").sheet.total
120
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from attrs import field, frozen

from changpai.core import render
from changpai.core.analysis import AnalysisFace
from changpai.core.document import analysis_document, variant_name
from changpai.core.guard import clipped, flag_arg
from changpai.core.scoresheet import ScoreSheet
from changpai.core.serial import ordered_repr
from changpai.errors import NotationError
from changpai.nantong.cards import Card
from changpai.nantong.hand import (
    Decomposition,
    _seen_melds,
    _split,
    best_decomposition,
    parse_melds,
    waits,
)
from changpai.nantong.melds import Meld, _called, _jiang
from changpai.nantong.rules import DUZIHU, Rules
from changpai.nantong.scoring import Win, score, scored

__all__ = ["Analysis", "analyze"]


@frozen
class Analysis(AnalysisFace):
    """What :func:`analyze` finds: the hand (sorted) and its declared melds; ``best``, the best
    reading of a complete hand, and its score ``sheet`` (nothing else known unless
    :func:`analyze` was told the winning card or 自摸); or the ``waits`` of a ready hand
    ({card: best reading}); ``seen``, the other seats' declared melds, and ``called``, the
    真諦 cards declared by 叫牌, that it was told.

    >>> a = analyze("123b 456b 789b 123t 456t 789t 123w 5w")
    >>> print(a)
    笃子胡 (duzihu)
    cards: 一條 二條 三條 四條 五條 六條 七條 八條 九條 一丙 二丙 三丙 四丙 五丙 六丙 七丙 八丙 九丙 一萬 二萬 三萬 五萬
    not complete; waits for:
      五萬: 120 胡數: 清胡 一條二條三條 四條五條六條 七條八條九條 一丙二丙三丙 四丙五丙六丙 七丙八丙九丙 一萬二萬三萬 將頭 五萬五萬
    facts: wenqian 0
    """

    value_name: ClassVar[str] = "胡數"

    cards: tuple[Card, ...]
    exposed: tuple[Meld, ...]
    best: Decomposition | None
    waits: dict[Card, Decomposition] = field(hash=False)  # (a dict: out of the hash)
    sheet: ScoreSheet | None = None
    rules: Rules = field(default=DUZIHU, kw_only=True)
    jiang: tuple[Card, ...] = field(default=(), kw_only=True)
    seen: tuple[Meld, ...] = field(default=(), kw_only=True)
    called: frozenset[Card] = field(default=frozenset(), kw_only=True, repr=ordered_repr)

    @property
    def winning(self) -> bool:
        """The same as :attr:`complete` (the 0.1.0 name).

        >>> analyze("1t 3t 5t").winning
        False
        """
        return self.complete

    def _repr_html_(self) -> str:
        """The analysis for notebooks, as every family's: the hand, the declared melds, then
        the best reading and its sheet, or the waits with the shape and 胡數 of each, then the facts.

        >>> html = analyze("123b 456b 789b 123t 456t 789t 123w 5w")._repr_html_()
        >>> "清胡 120 胡數" in html, html.count("<tr>"), "wenqian 0" in html
        (True, 4, True)
        """
        return render.analysis_html(self, "南通長牌", lambda d: f"{d.shape.hanzi} {d.value} 胡數")

    @property
    def facts(self) -> dict[str, Any]:
        """The 南通 findings: the shape and 文錢 of the best reading, the flipped 將, and the
        other seats' melds in sight (``seen``) and the 叫牌 cards (``called``) the analysis was
        told.

        >>> analyze("123b 456b 789b 123t 456t 789t 123w 5w 5w", jiang="HH 3w").facts
        {'shape': 'qinghu', 'wenqian': 1, 'jiang': ['HH', '3w'], 'seen': [], 'called': []}
        >>> analyze("123b 456b 789b 123t 456t 789t 123w 5w", seen="5w 5w 5w").facts["seen"]
        ['五萬五萬五萬']
        """
        best = self.best
        return {
            "shape": None if best is None else best.shape.value,
            "wenqian": 0 if best is None else best.wenqian,
            "jiang": [c.code for c in self.jiang],
            "seen": [str(m) for m in self.seen],
            "called": sorted(c.code for c in self.called),
        }

    def to_dict(self) -> dict[str, Any]:
        """The analysis document (:func:`changpai.core.document.analysis_document`); its facts
        are :attr:`facts`.

        >>> doc = analyze("123b 456b 789b 123t 456t 789t 123w 5w").to_dict()
        >>> doc["schema"], doc["variant"], doc["complete"], doc["waits"][0]["card"], doc["facts"]
        ('changpai.analysis', 'duzihu', False, '5w', {'shape': None, 'wenqian': 0, 'jiang': [], 'seen': [], 'called': []})
        """
        return analysis_document(
            family="nantong",
            variant=variant_name("nantong", self.rules),
            cards=self.cards,
            exposed=self.exposed,
            best=self.best,
            sheet=self.sheet,
            waits=self.waits,
            facts=self.facts,
        )


def analyze(
    hand: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    *,
    rules: Rules = DUZIHU,
    jiang: Iterable[Card | str] | str = (),
    winning_card: Card | str | None = None,
    self_drawn: bool = False,
    called: Iterable[Card] = (),
    seen: Iterable[Meld] | str = (),
) -> Analysis:
    """Analyze a hand: its best decomposition and score sheet if complete, otherwise its waits.
    Text may carry the declared sets itself after a ``/``, as in every family (beside
    ``exposed``). A complete hand told its ``winning_card`` (one of the concealed cards) or ``self_drawn``
    is scored as that win (丫子 / 邊張 / 單吊, 自摸: the reading that scores most under them, as
    :func:`~changpai.nantong.score`); a hand that is not complete raises NotationError for them.
    ``seen`` lists the melds the other seats have declared: a 百搭 stands for no copy among
    them either, and a card whose every copy is in sight is no wait (as in the engine);
    ``called`` the 真諦 cards declared by 叫牌 (their concealed three scores as 起手, §6.2).

    >>> a = analyze("HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t", jiang="HH 3w")
    >>> a.best.shape.hanzi, a.best.value, a.sheet.total
    ('飄胡', 910, 910)
    >>> hand = "123b 456b 789b 123t 456t 789t 123w 5w 5w"
    >>> analyze(hand).sheet.total, analyze(hand, winning_card="5w", self_drawn=True).sheet.total
    (120, 140)
    """
    flag_arg(self_drawn, "self_drawn", NotationError)
    if winning_card is not None and not isinstance(winning_card, Card):
        try:  # (read before the hand: a bad card was named as a win of a hand not complete)
            winning_card = Card.parse(winning_card)
        except NotationError as error:
            raise NotationError(f"winning_card={clipped(winning_card)}: {error}") from None
    if isinstance(hand, str) and "/" in hand:  # (the declared sets may follow a "/")
        hand, _, table = hand.partition("/")
        exposed = (*parse_melds(exposed), *parse_melds(table))
    cards, melds, _, _ = _split(hand, exposed, rules, "hand")
    flips = _jiang(jiang)
    others = _seen_melds(seen)
    frozen_called = _called(called)
    best = best_decomposition(
        cards, melds, rules=rules, jiang=flips, called=frozen_called, seen=others
    )
    told = winning_card is not None or self_drawn
    if best is None:
        if told:
            given = (
                []
                if winning_card is None
                else [f"winning_card={clipped(getattr(winning_card, 'code', winning_card))}"]
            )
            if self_drawn:
                given.append("self_drawn=True")
            raise NotationError(
                f"{' and '.join(given)} describe{'s' if len(given) == 1 else ''} a win; the "
                "hand is not complete"
            )
        ready = waits(cards, melds, rules=rules, jiang=flips, called=frozen_called, seen=others)
        return Analysis(
            tuple(sorted(cards)), melds, None, ready, None, rules=rules, jiang=flips,
            seen=others, called=frozen_called,
        )  # fmt: skip
    if told:
        win = Win(
            cards,
            melds,
            winning_card=winning_card,
            self_drawn=self_drawn,
            jiang=flips,
            called=best.called,
        )
        sheet, best = scored(win, rules, seen=others)
    else:
        sheet = score(best, rules=rules)
    return Analysis(
        tuple(sorted(cards)), melds, best, {}, sheet, rules=rules, jiang=flips, seen=others,
        called=frozen_called,
    )  # fmt: skip
