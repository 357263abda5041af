"""大貳 settlement (daer.md §6, E5, §7): flat units or 胡 by the 字牌 胡息 table, and who pays.

- ``flat`` (default, [INF] daer.md §6): a win is 1 unit; self-drawn, every other player pays it;
  on a discard, the discarder pays it.
- ``huxi`` (E5 option, ``luzhou``): the unit is the hand's 胡 (zipai.md §8.1); a self-drawn
  win is paid by every other player ``zimo_multiplier`` times (``luzhou``: double), a discard by
  the discarder alone.

>>> print(score(best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍"), winner=0))
大貳: seat 0 胡 自摸
  胡 (flat unit)     +1  daer.md §6
  total               1
  seat 1 pays seat 0: 1
  seat 2 pays seat 0: 1
  seat 3 pays seat 0: 1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from attrs import field, frozen

from changpai.core import document, render
from changpai.core.analysis import AnalysisFace
from changpai.core.guard import (
    clipped,
    flag_arg,
    foreign_result,
    instance_arg,
    int_arg,
    int_field,
    keywords_with_win,
    optional_int_field,
    rules_arg,
    shown,
)
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet, win_title
from changpai.core.seats import check_seat
from changpai.core.serial import fields_to_dict
from changpai.daer.hand import (
    Decomposition,
    _check_size,
    _read_melds,
    best_decomposition,
    decompositions,
    kan_cards,
    read_hand,
    waits,
    wins,
)
from changpai.daer.melds import Meld, MeldKind, meld_hu
from changpai.daer.rules import DAER, Rules
from changpai.errors import IllegalActionError, NotationError
from changpai.zipai import Card

__all__ = ["Analysis", "Win", "analyze", "score"]


@frozen
class Win:
    """The facts of a win that the settlement needs: the reading, the winner, the number of
    players, and whether it was self-drawn or on whose discard.

    >>> d = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    >>> Win(d, winner=2, players=4, self_drawn=False, discarder=1).payers
    (1,)
    >>> Win(d, winner=2, players=4, self_drawn=False)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: a win that is not self-drawn needs the discarder's seat
    """

    decomposition: Decomposition
    winner: int = field(converter=int_field)
    players: int
    self_drawn: bool = True
    discarder: int | None = field(default=None, converter=optional_int_field)
    winning_card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, as every family's ``Win``: the reading as its dict, the seats,
        the flags and the winning card's code.

        >>> d = best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
        >>> data = Win(d, winner=2, players=4, self_drawn=False, discarder=1).to_dict()
        >>> data["decomposition"]["hu"], data["discarder"], data["winning_card"]
        (9, 1, None)
        """
        return fields_to_dict(self)

    def __attrs_post_init__(self) -> None:
        # a field of the wrong type is a NotationError, as in every family's Win; a count out
        # of range a RulesError; a seat not at the table, or facts that contradict each other,
        # an IllegalActionError (as in every family)
        instance_arg(self.decomposition, Decomposition, "decomposition")
        flag_arg(self.self_drawn, "self_drawn", NotationError)
        if self.winning_card is not None:
            instance_arg(self.winning_card, Card, "winning_card")
            if self.winning_card not in self.decomposition.cards:  # (as a 字牌 reading's card)
                raise NotationError(
                    f"winning_card={clipped(self.winning_card)} is in none of the reading's sets"
                )
        for name in ("winner", "players", "discarder"):
            if name != "discarder" or self.discarder is not None:
                int_arg(getattr(self, name), name, error=NotationError)
        players = int_arg(self.players, "players", low=2, high=4)  # daer.md E6: 2 to 4
        check_seat(self.winner, players, what="winner", error=IllegalActionError)
        if self.self_drawn:
            if self.discarder is not None:
                raise IllegalActionError(
                    f"self_drawn=True and discarder={clipped(self.discarder)}: a self-drawn win has no "
                    "discarder"
                )
        else:
            if self.discarder is None:
                raise IllegalActionError("a win that is not self-drawn needs the discarder's seat")
            check_seat(self.discarder, players, what="discarder", error=IllegalActionError)
            if self.discarder == self.winner:
                raise IllegalActionError(f"discarder={clipped(self.discarder)} is the winner")

    @property
    def payers(self) -> tuple[int, ...]:
        """The seats that pay: every other player when self-drawn, else the discarder.

        >>> Win(best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍"), winner=1, players=3).payers
        (0, 2)
        """
        if self.discarder is not None:
            return (self.discarder,)
        return tuple(s for s in range(self.players) if s != self.winner)


def score(
    win: Win | Decomposition,
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    self_drawn: bool | None = None,
    discarder: int | None = None,
) -> ScoreSheet:
    """The itemized settlement of a win. ``win`` is a :class:`Win`, or a
    :class:`~changpai.daer.hand.Decomposition` scored as a win of ``winner`` (default 0) among
    ``players`` (default ``rules.players``), self-drawn unless a ``discarder`` is given. A
    :class:`Win` carries its own facts: the keywords with it raise
    :class:`~changpai.errors.NotationError` (as in 字牌 and 南通), rather than being dropped.
    ``rules`` defaults to those of the decomposition (the rules it was read under). A reading
    under the rules' 起胡 (``min_hu``; ``zero_hu`` lets exactly 0 win) is no win: its sheet
    shows the threshold, totals 0 and has no payments (as a 字牌 reading under its 起胡).

    >>> from changpai.daer.rules import LUZHOU
    >>> d = best_decomposition("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾", rules=LUZHOU)
    >>> sheet = score(d, rules=LUZHOU, winner=1)
    >>> sheet.total, [(p.payer, p.amount) for p in sheet.payments]
    (36, [(0, 36), (2, 36)])
    >>> score(d, rules=LUZHOU, winner=1, discarder=2).payments
    (Payment(payer=2, payee=1, amount=18),)
    >>> score(Win(d, winner=1, players=3), winner=2)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: score(win, winner=...): a Win carries its own facts; give these keywords with a Decomposition
    """
    if rules is None:  # (the rules the hand was read under, as in every family)
        reading = win.decomposition if isinstance(win, Win) else win
        rules = reading.rules if isinstance(reading, Decomposition) else DAER
    rules_arg(rules, Rules, "大貳")
    if isinstance(win, Decomposition):
        win = Win(
            win,
            winner=0 if winner is None else winner,
            players=rules.players if players is None else players,
            self_drawn=discarder is None if self_drawn is None else self_drawn,
            discarder=discarder,
        )
    elif not isinstance(win, Win):
        raise foreign_result(win, "daer", "win") or NotationError(
            f"win={shown(win)} is not a 大貳 Decomposition or Win"
        )
    else:
        keywords = {
            "winner": winner, "players": players, "self_drawn": self_drawn, "discarder": discarder
        }  # fmt: skip
        keywords_with_win(name for name, value in keywords.items() if value is not None)
    if not win.self_drawn and not rules.win_on_discard:
        raise IllegalActionError(
            f"discarder={clipped(win.discarder)}: no win on a discard under these rules "
            "(win_on_discard=False)"
        )
    _check_reading(win.decomposition, rules, win)
    return _settle(win, rules)


def _check_reading(d: Decomposition, rules: Rules, win: Win | None = None) -> None:
    """NotationError unless ``d`` is a reading of its cards under ``rules``: a complete hand of
    their size (daer.md §5; §7: 21 cards under 瀘州) read into their sets, 胡 included (a
    concealed 碰 is the set a discard won on completes). Whichever threes were 坎 (dealt), the
    reading is one of those with none locked (``kan=()``: every reading of any 坎).
    With the ``win`` it is scored as, the reading must also be one of that win: of a
    self-drawn one (no 碰 in the hand), or of a win on a discard of its ``winning_card`` (a 刻
    holding it is a 碰) — facts the reading contradicts are an
    :class:`~changpai.errors.IllegalActionError` (review h40); a discard win that names no
    card takes the reading as given.

    >>> from changpai.daer.rules import LUZHOU
    >>> _check_reading(best_decomposition("一二三 壹貳叄 二七十 拾拾拾 伍伍"), LUZHOU)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 順 一二三 二七十 二七十 順 壹貳叄 刻 拾拾拾 將 伍伍 is no 瀘州大貳 win: 一二三二七十壹貳叄拾拾拾伍伍 holds 14 cards; a 瀘州大貳 hand holds 20 (waiting) or 21 (complete) cards
    """
    cards = [c for m in d.concealed for c in m.cards]
    pengs = [m.cards[0] for m in d.concealed if m.kind is MeldKind.PENG]
    implied = pengs[0] if pengs else None  # (the discard the reading's own 碰 was won on)
    if len(pengs) > 1 or not _reads(d, cards, rules, implied):
        raise NotationError(f"{d} is no reading of its cards under the {rules.title} rules")
    if win is None:
        return
    card = win.winning_card
    if card is None and not win.self_drawn:
        return  # (a discard win that names no card: the reading as given)
    # (a drawn card may go to the table first, as a four — a forced 垅 — into no other set)
    if card is not None and card not in cards:
        if not win.self_drawn:
            raise IllegalActionError(
                f"winning_card={card}: a discard won on is one of the hand's concealed cards, "
                "in none of its table sets"
            )
        if not any(card in m.cards and len(m.cards) == 4 for m in d.exposed):
            raise IllegalActionError(
                f"winning_card={card}: a drawn card won on is in the hand, or in a four it made "
                "on the table (a forced 垅)"
            )
    won_on = None if win.self_drawn else card
    if won_on != implied and not _reads(d, cards, rules, won_on):
        why = (
            "a self-drawn win: a 碰 in the hand is the 刻 a discard completes (give discarder=)"
            if won_on is None
            else f"a win on a discard of {won_on}: its 碰 is the 刻 the card won on completes"
        )
        raise IllegalActionError(f"{d} is no reading of {why} (zipai.md §8.1, daer.md E5)")


def _reads(d: Decomposition, cards: list[Card], rules: Rules, discard: Card | None) -> bool:
    """Whether ``d`` (its concealed sets and 胡) is among the readings of its ``cards`` won on
    ``discard`` (``None``: self-drawn), any three read freely (``kan=()``)."""
    wanted = (sorted(map(str, d.concealed)), d.hu)
    try:  # (the size, then decompositions checks the copies)
        if not _check_size(cards, d.exposed, rules, complete=True):
            raise NotationError(
                f"it holds {len(cards) + sum(len(m.cards) for m in d.exposed)} cards, a waiting "
                "hand's (a win holds one more)"
            )
        readings = decompositions(cards, d.exposed, rules=rules, discard=discard, kan=())
    except NotationError as error:
        raise NotationError(f"{d} is no {rules.title} win: {error}") from None
    return any((sorted(map(str, r.concealed)), r.hu) == wanted for r in readings)


def _settle(win: Win, rules: Rules) -> ScoreSheet:
    """:func:`score` of a ``win`` known to be a reading under ``rules`` (the engine's)."""
    d = win.decomposition
    lines: list[ScoreLine] = []
    if rules.scoring == "huxi":
        for meld in d.melds:
            lines.append(ScoreLine("meld", meld.text(rules), meld_hu(meld), rule="zipai.md §8.1"))
        lines.append(ScoreLine("hu", "胡", d.hu, op="=", rule="daer.md E5"))
        unit = d.hu
    else:
        lines.append(ScoreLine("unit", "胡 (flat unit)", 1, rule="daer.md §6"))
        if rules.min_hu:  # (the 胡 that 起胡 is measured against, shown: review h131)
            lines.append(ScoreLine("hu", "胡", d.hu, op="=", rule="daer.md §7"))
        unit = 1
    reached = True
    if rules.min_hu:
        # a reading under 起胡 is no win: it scores 0 and nobody pays, as a 字牌 reading under
        # its 起胡 (daer.md §7 "minimum 10 胡"; zero_hu: exactly 0 胡 wins too)
        zero = rules.zero_hu and d.hu == 0
        name = "起胡 (0 胡 wins: zero_hu)" if zero else "起胡"
        lines.append(ScoreLine("min_hu", name, rules.min_hu, op="≥", rule="daer.md §7"))
        if not wins(d.hu, rules):
            reached, unit = False, 0
    amount = unit
    if win.self_drawn and rules.zimo_multiplier > 1 and reached:
        amount = unit * rules.zimo_multiplier
        # (瀘州's ×2 is its preset's rule, §7; any other rules' multiplier is the E5 option)
        rule = (
            "daer.md §7" if (rules.name, rules.zimo_multiplier) == ("luzhou", 2) else "daer.md E5"
        )
        lines.append(ScoreLine("zimo", "自摸", rules.zimo_multiplier, op="×", rule=rule))
    payments = tuple(Payment(p, win.winner, amount) for p in win.payers) if reached else ()
    how = "自摸" if win.self_drawn else f"on seat {win.discarder}'s discard"
    return ScoreSheet(
        title=win_title(rules.title, win.winner, how, won=reached),
        lines=tuple(lines),
        total=amount,
        payments=payments,
        facts=(("hu", d.hu), ("value", d.value), ("self_drawn", win.self_drawn)),
    )


def _kan_field(value: str | Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    """The ``kan`` of an :class:`Analysis`: ``None`` (told nothing) or the 坎 named, one card of
    each in card order (a set: the same 坎 in another order is the same analysis — review
    h110), read as ``analyze(kan=)`` reads them."""
    cards = kan_cards(value)
    return None if cards is None else tuple(sorted(cards, key=lambda card: card.index))


@frozen
class Analysis(AnalysisFace):
    """What :func:`analyze` finds: the cards, the table sets, whether the hand wins, its best
    reading and settlement (as a self-drawn win of seat 0), or what it waits for.

    >>> a = analyze("一二三 四五六 七八九 壹貳叄 伍")
    >>> a.complete, sorted(c.code for c in a.waits)
    (False, ['d5'])
    """

    value_name: ClassVar[str] = "胡"

    cards: tuple[Card, ...]
    exposed: tuple[Meld, ...]
    rules: Rules
    best: Decomposition | None
    sheet: ScoreSheet | None
    waits: dict[Card, Decomposition] = field(hash=False)  # (a dict: out of the hash)
    kan: tuple[Card, ...] | None = field(default=None, kw_only=True, converter=_kan_field)
    """The 坎 the analysis was told of (``analyze(kan=...)``, one card of each), or ``None``:
    told nothing (under ``kan_locked`` every three held is a 坎)."""

    def _repr_html_(self) -> str:
        """The analysis for notebooks, as every family's: the hand and table as chips, the best
        reading and its settlement, or the waits, then the facts.

        >>> html = analyze("一二三 四五六 七八九 壹貳叄 伍")._repr_html_()
        >>> "complete" in html, "9 胡" in html
        (True, True)
        """
        return render.analysis_html(self, "大貳", lambda d: f"{d.hu} 胡")

    @property
    def facts(self) -> dict[str, Any]:
        """The 大貳 findings: the 胡 of the best reading and its 將, and the 坎 the analysis was
        told of (``kan``, when it was: review h109 — the reading depends on them).

        >>> analyze("一二三 四五六 七八九 壹貳叄 伍伍").facts
        {'hu': 9, 'jiang': '將 伍伍'}
        >>> from changpai.daer import LUZHOU
        >>> analyze("一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒拾", rules=LUZHOU, kan="拾").facts
        {'hu': 21, 'kan': ['d10']}
        """
        facts: dict[str, Any] = {"hu": None if self.best is None else self.best.hu}
        if self.best is not None and self.best.jiang is not None:
            facts["jiang"] = str(self.best.jiang)
        if self.kan is not None:
            facts["kan"] = [card.code for card in self.kan]  # (codes, as 南通's jiang)
        return facts

    def to_dict(self) -> dict[str, Any]:
        """The analysis document (``changpai.analysis`` version 2; its facts :attr:`facts`).

        >>> sorted(analyze("一二三 四五六 七八九 壹貳叄 伍伍").to_dict())[:4]
        ['best', 'cards', 'complete', 'exposed']
        """
        return document.analysis_document(
            family="daer",
            variant=document.variant_name("daer", self.rules),
            cards=self.cards,
            exposed=self.exposed,
            best=self.best,
            sheet=self.sheet,
            waits=self.waits,
            facts=self.facts,
        )


def analyze(
    hand: str | Sequence[Card],
    exposed: str | Sequence[Meld | str] = (),
    *,
    rules: Rules = DAER,
    kan: str | Iterable[Card | str] | None = None,
) -> Analysis:
    """Analyze a hand of concealed cards with its table sets: complete (``hand_size + 1``
    cards) → its best reading and settlement; waiting (``hand_size`` cards) → its waits.
    ``kan`` lists the 坎 held, as in :func:`~changpai.daer.best_decomposition` and
    :func:`~changpai.daer.waits` (a seat of a game: ``kan=game.kan(seat)``); told nothing,
    every three held is a 坎 under ``kan_locked`` (review h107: ``analyze`` took no ``kan``).

    >>> analyze("一二三 四五六 壹貳叄 伍伍", "碰 拾拾拾").best.value
    12
    >>> from changpai.daer import LUZHOU
    >>> hand = "一二二三三三四四五 壹貳叄 拾拾拾 柒捌玖 貳柒拾"
    >>> analyze(hand, rules=LUZHOU).complete, analyze(hand, rules=LUZHOU, kan="拾").complete
    (False, True)
    >>> analyze("一二三")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 一二三 holds 3 cards; a 大貳 hand holds 13 (waiting) or 14 (complete) cards (+1 per 杠)
    """
    rules_arg(rules, Rules, "大貳")
    on_table: tuple[Meld, ...] = ()
    if isinstance(hand, str):  # (the table sets may follow a "/", as in every family)
        hand, _, table = hand.partition("/")
        on_table = _read_melds(table, "the sets after '/'")
    cards = read_hand(hand, "hand")
    melds = (*_read_melds(exposed, "exposed"), *on_table)
    if not _check_size(cards, melds, rules, complete=True):  # (waiting, or a NotationError)
        found = waits(cards, melds, rules=rules, kan=kan)
        return Analysis(cards, melds, rules, None, None, found, kan=kan)
    best = best_decomposition(cards, melds, rules=rules, kan=kan)
    # (the analysis read the reading itself: settled without checking it again)
    win = None if best is None else Win(best, winner=0, players=rules.players)
    sheet = None if win is None else _settle(win, rules)
    return Analysis(cards, melds, rules, best, sheet, {}, kan=kan)
