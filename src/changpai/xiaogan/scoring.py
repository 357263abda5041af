"""Scoring of 孝感長牌 (xiaogan.md §6) and the analysis of one hand (``changpai analyze``).

No seed gives a 孝感 score. By default [INF] every loser pays the winner one unit
(``Rules.unit``). With ``use_chuanpai_hu_table`` the sets are counted with the 川牌 胡 table
— borrowed, clearly marked as such on the sheet (chuanpai.md §2.6: 碰 2, 暗 3, 起 5, 亮 / 扛 7,
句 0) — and every loser pays 胡 + ``unit`` (胡 + 1 by default).

>>> win = best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九"))
>>> print(score(win, winner=1))
孝感長牌: seat 1 胡
  擺牌 16 張 (a win needs 16)       16  xiaogan.md §5
  和牌: one unit from each loser    +1  xiaogan.md §6 [INF]
  total                              1
  seat 0 pays seat 1: 1
  seat 2 pays seat 1: 1
  seat 3 pays seat 1: 1
>>> sheet = score(win, rules=XIAOGAN.evolve(use_chuanpai_hu_table=True))
>>> sheet.total, [p.amount for p in sheet.payments]
(7, [8, 8, 8])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from attrs import field, frozen

from changpai.core import document, render
from changpai.core.analysis import AnalysisFace
from changpai.core.guard import (
    clipped,
    count_arg,
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
from changpai.core.seats import payer_seats, payers_field, scored_seat
from changpai.errors import IllegalActionError, NotationError
from changpai.xiaogan.cards import Card, parse
from changpai.xiaogan.hand import (
    Decomposition,
    _sequence,
    best_decomposition,
    best_layout,
    checked,
    parse_melds,
    waits,
)
from changpai.xiaogan.melds import HU_TABLE, Meld
from changpai.xiaogan.rules import XIAOGAN, Rules

__all__ = ["Analysis", "Win", "analyze", "score"]

_BORROWED = "chuanpai.md §2.6 (borrowed, xiaogan.md §6)"


@frozen
class Win:
    """A won hand as the engine records it: the winning reading, the winner, and how the last
    card came: a discard of ``discarder``, a card ``turned`` from the stock, or a card the
    winner drew himself (``self_drawn``: a small seat's draw); a win on the dealt cards and
    their 偷 has none of the three. The replacement draws (偷) a claim or a draw earns do not
    change it: a win reached on the 偷 after a claim names the claimed card's discarder (or
    ``turned``). xiaogan.md §5: winning on a discard and on
    a turned card are the same and the discarder bears nothing extra; these facts are kept for
    the record only.

    >>> w = Win(best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九")), winner=2, turned=True)
    >>> score(w).payments[0]
    Payment(payer=0, payee=2, amount=1)

    A field of the wrong type raises :class:`~changpai.errors.NotationError` (as in every
    family's ``Win``); whether the seats fit the table is checked by :func:`score`.

    >>> Win(None)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: decomposition=None is not of type Decomposition

    Facts that contradict each other raise :class:`~changpai.errors.IllegalActionError`, as
    in every family's ``Win``:

    >>> Win(w.decomposition, winner=2, discarder=1, self_drawn=True)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: discarder and self_drawn: the last card came one way only (a discard, a turned card or the winner's own draw)
    """

    decomposition: Decomposition
    winner: int = field(default=0, converter=int_field)
    discarder: int | None = field(default=None, converter=optional_int_field)
    turned: bool = False
    self_drawn: bool = False
    #: The seats at the table and the seats that pay, in the engine's order (from the dealer;
    #: a 7th player who never plays is not among them): the engine's records carry both, so
    #: that ``score(game.result.win)`` is ``game.result.sheet``; None: :func:`score`'s defaults.
    players: int | None = None
    payers: tuple[int, ...] | None = field(default=None, converter=payers_field)

    def __attrs_post_init__(self) -> None:
        instance_arg(self.decomposition, Decomposition, "decomposition")
        int_arg(self.winner, "winner", error=NotationError)
        if self.discarder is not None:
            int_arg(self.discarder, "discarder", error=NotationError)
        if self.players is not None:
            int_arg(self.players, "players", error=NotationError)
        if self.payers is not None:
            instance_arg(self.payers, tuple, "payers")
            for p in self.payers:
                int_arg(p, "payers: seat", error=NotationError)
        flag_arg(self.turned, "turned", NotationError)
        flag_arg(self.self_drawn, "self_drawn", NotationError)
        # facts that contradict each other are an IllegalActionError, as in every family's Win
        ways = [
            name
            for name, given in (
                ("discarder", self.discarder is not None),
                ("turned", self.turned),
                ("self_drawn", self.self_drawn),
            )
            if given
        ]
        if len(ways) > 1:
            raise IllegalActionError(
                f"{' and '.join(ways)}: the last card came one way only (a discard, a turned "
                "card or the winner's own draw)"
            )
        if self.discarder == self.winner:
            raise IllegalActionError(f"discarder={clipped(self.discarder)} is the winner")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> sorted(Win(best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九"))).to_dict())
        ['decomposition', 'discarder', 'payers', 'players', 'self_drawn', 'turned', 'winner']
        """
        return {
            "decomposition": self.decomposition.to_dict(),
            "winner": self.winner,
            "discarder": self.discarder,
            "turned": self.turned,
            "self_drawn": self.self_drawn,
            "players": self.players,
            "payers": None if self.payers is None else list(self.payers),
        }


def _players(players: object, rules: Rules) -> int:
    """The number of players: a wrong type is a NotationError, a count out of 2..7 a RulesError.

    >>> _players(None, XIAOGAN), _players(5, XIAOGAN)
    (4, 5)
    >>> _players(8, XIAOGAN)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=8 is not an integer from 2 to 7
    """
    return count_arg(rules.players if players is None else players, "players", low=2, high=7)


def score(
    win: Decomposition | Win,
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    payers: Sequence[int] | None = None,
) -> ScoreSheet:
    """The score sheet of a won hand (xiaogan.md §6): one unit from each loser by default, or
    the borrowed 川牌 胡 table (every set's 胡, each loser pays 胡 + ``unit``, 1 by default).

    ``win`` is a :class:`~changpai.xiaogan.hand.Decomposition` or a :class:`Win`; ``rules``
    defaults to the decomposition's rules, ``winner`` (with a decomposition) to 0 — a
    :class:`Win` carries its own winner, and ``winner=`` with it raises
    :class:`~changpai.errors.NotationError` as in 字牌, 南通 and 大貳; so do ``players=`` and
    ``payers=`` with a Win that carries them, as the engine's do — ``players``
    to ``rules.players``; ``payers`` (default: every other seat) are the seats that pay — the
    engine leaves out a 7th player who holds one card and never plays. A reading that does
    not lay out ``win_count`` cards is no win and scores 0, with no payment (as a 字牌 or 大貳
    reading under its 起胡); one no hand can hold under ``rules`` (a set they do not allow, two
    門將, more copies than the deck) raises :class:`~changpai.errors.NotationError`, as the
    analysis refuses such input.

    >>> sheet = score(best_decomposition(parse("上大人 邱乙己 化三千 七十士 爾小生")))
    >>> sheet.total, sheet.payments, sheet.lines[0].name
    (0, (), '擺牌 15 張 (a win needs 16)')
    >>> score(best_decomposition(parse("上大人 邱乙己 化三千 七十士 九九九九")), winner=4)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: winner=4 is not a seat; expected a whole number 0..3
    """
    if isinstance(win, Win):
        # (a Win carries its seat, and the engine's its table and payers: nothing silently
        # overridden)
        keywords_with_win(
            name
            for name, given, carried in (
                ("winner", winner, True),
                ("players", players, win.players is not None),
                ("payers", payers, win.payers is not None),
            )
            if given is not None and carried
        )
        decomposition, seat = win.decomposition, win.winner
        if win.players is not None:
            players = win.players
        if win.payers is not None:
            payers = win.payers
    elif isinstance(win, Decomposition):
        decomposition, seat = win, 0 if winner is None else winner
    else:
        raise foreign_result(win, "xiaogan", "win") or NotationError(
            f"win={shown(win)} is not a xiaogan Decomposition or Win"
        )
    if rules is None:
        rules = decomposition.rules
    rules_arg(rules, Rules, "xiaogan")
    n = _players(players, rules)
    seat = scored_seat(seat, n, "winner")
    if isinstance(win, Win) and win.discarder is not None:  # (the Win refused it as winner)
        scored_seat(win.discarder, n, "discarder")
    counted = Decomposition(decomposition.concealed, decomposition.exposed, rules)
    # a reading built by hand is checked as the analysis checks its input (NotationError): every
    # set allowed by these rules, one 門將 at most, no card more often than the deck holds
    checked((*decomposition.loose,), counted.melds, rules)
    laid = counted.laid_out
    lines = [
        ScoreLine(
            "laid_out", f"擺牌 {laid} 張 (a win needs {rules.win_count})", laid, op="=",
            rule="xiaogan.md §5",
        )
    ]  # fmt: skip
    borrowed = "(川牌 胡 table, borrowed)" if rules.use_chuanpai_hu_table else ""
    payers = (
        tuple(p for p in range(n) if p != seat) if payers is None else payer_seats(payers, seat, n)
    )
    if laid < rules.win_count:  # (no win: it scores 0, as a 字牌 or 大貳 reading under 起胡)
        return ScoreSheet(
            title=win_title(rules.title, seat, borrowed, won=False),
            lines=tuple(lines),
            total=0,
            payments=(),
            facts=(("laid_out", laid), ("hu", counted.hu), ("per_loser", 0)),
        )
    if rules.use_chuanpai_hu_table:
        for meld in counted.melds:
            lines.append(ScoreLine(meld.kind.value, str(meld), HU_TABLE[meld.kind], rule=_BORROWED))
        total = counted.hu
        amount = total + rules.unit
        lines.append(
            ScoreLine(
                "per_loser", f"each loser pays 胡 + {rules.unit}", amount, op="=", rule=_BORROWED
            )
        )
    else:
        total = amount = rules.unit
        lines.append(
            ScoreLine(
                "win", "和牌: one unit from each loser", rules.unit, rule="xiaogan.md §6 [INF]"
            )
        )
    payments = tuple(Payment(p, seat, amount) for p in payers)
    return ScoreSheet(
        title=win_title(rules.title, seat, borrowed),
        lines=tuple(lines),
        total=total,
        payments=payments,
        facts=(("laid_out", laid), ("hu", counted.hu), ("per_loser", amount)),
    )


@frozen
class Analysis(AnalysisFace):
    """The analysis of one player's cards, as ``changpai analyze`` prints it: whether they are
    all formed (``best``, the best complete reading), what they lay out now (``layout``, loose
    cards allowed, xiaogan.md §5) and its score when that wins, the cards the hand waits for
    when it is not complete (``waits``, as every family's), and, when it does not win yet, the
    cards it would win with (``wins_with``: :func:`~changpai.xiaogan.waits` with
    ``winning_only``, each with its laying-out — a card left over does not stop a win).

    >>> print(analyze("上大人 邱乙己 化三千 九九九九 爾小"))
    孝感長牌 (xiaogan)
    cards: 上 大 人 邱 乙 己 化 三 千 九 九 九 九 爾 小
    not complete; waits for:
      生: 16 張: 句 上 大 人  句 邱 乙 己  句 化 三 千  句 爾 小 生  亮 九 九 九 九
    laid out: 13 張: 句 上 大 人  句 邱 乙 己  句 化 三 千  亮 九 九 九 九; loose 爾 小 — no win yet
    facts: laid_out 13, wins False, may_abandon False, loose ['E1', 'E2'], wins_with ['E3']
    >>> analyze("上大人 邱乙己 化三千 七十士 九九九九 混江").sheet.total  # 16 laid out, 混江 loose
    1
    >>> a = analyze("上大人 邱乙己 化三千 九九九九 爾小 可")  # (可 is left over whatever comes)
    >>> a.waits, [c.hanzi for c in a.wins_with]
    ({}, ['生'])
    """

    value_name: ClassVar[str] = "張"

    cards: tuple[Card, ...]
    exposed: tuple[Meld, ...]
    rules: Rules
    best: Decomposition | None
    sheet: ScoreSheet | None
    waits: dict[Card, Decomposition] = field(hash=False)  # (a dict: out of the hash)
    layout: Decomposition | None = None
    wins_with: dict[Card, Decomposition] = field(factory=dict, kw_only=True, hash=False)

    @property
    def facts(self) -> dict[str, Any]:
        """The 孝感 findings of the laying-out (loose cards allowed): the laid-out count, whether
        it wins, whether its owner may abandon, the loose cards, and the cards it would win with.

        >>> analyze("上大人 邱乙己 化三千 七十士 爾小生").facts
        {'laid_out': 15, 'wins': False, 'may_abandon': True, 'loose': [], 'wins_with': []}
        """
        shown = self.layout if self.layout is not None else self.best
        wins_with = [c.code for c in self.wins_with]
        if shown is None:
            return {"laid_out": None, "wins": False, "may_abandon": False, "loose": [],
                    "wins_with": wins_with}  # fmt: skip
        return {
            "laid_out": shown.laid_out,
            "wins": shown.wins,
            "may_abandon": shown.may_abandon,
            "loose": [c.code for c in shown.loose],
            "wins_with": wins_with,
        }

    def _repr_html_(self) -> str:
        """The analysis for notebooks.

        >>> html = analyze("上大人 邱乙己 化三千 九九九九 爾小")._repr_html_()
        >>> "complete" in html, "16 張" in html
        (True, True)

        The cards a hand wins with, where they are no waits, as ``str(analysis)`` shows them:

        >>> html = analyze("上大人 邱乙己 化三千 七十士 九九九")._repr_html_()
        >>> "wins with" in html, "may abandon" in html
        (True, True)
        """
        rows = render.hand_rows(self.cards, self.exposed, self.best)
        shown = self.layout if self.layout is not None else self.best
        if shown is not None and not (shown.wins and shown.complete):
            verdict = (
                "wins" if shown.wins else "may abandon (§5)" if shown.may_abandon else "no win yet"
            )
            rows.append(("laid out", render.Html(f"{shown._repr_html_()} {render.esc(verdict)}")))
        if self.sheet is not None:
            rows.append(("score", render.Html(self.sheet._repr_html_())))

        def value(reading: Decomposition) -> str:
            return f"{reading.value} 張"

        if self.waits:
            rows.append(render.waits_row(self.waits, value))
        elif self.best is None:
            rows.append(("waits", "none"))
        if self.wins_with and self.wins_with.keys() != self.waits.keys():
            rows.append(("wins with", render.waits_row(self.wins_with, value)[1]))
        rows += render.facts_rows(self.facts)
        return render.fields(rows, title=render.analysis_title("孝感長牌", self.rules.title))

    def to_dict(self) -> dict[str, Any]:
        """The analysis document (``changpai.analysis`` version 2, docs: Core concepts).

        >>> doc = analyze("上大人 邱乙己 化三千 七十士 九九九九").to_dict()
        >>> doc["schema"], doc["family"], doc["variant"], doc["complete"], doc["value"]
        ('changpai.analysis', 'xiaogan', 'xiaogan', True, 16)
        """
        return document.analysis_document(
            family="xiaogan",
            variant=document.variant_name("xiaogan", self.rules),
            cards=self.cards,
            exposed=self.exposed,
            best=self.best,
            sheet=self.sheet,
            waits=self.waits,
            facts=self.facts,
        )


def analyze(
    hand: str | Sequence[Card],
    exposed: str | Sequence[Meld] = (),
    *,
    rules: Rules = XIAOGAN,
) -> Analysis:
    """Analyse a hand given as text or cards (the function behind ``changpai analyze``).

    The sets already on the table are ``exposed``: :class:`Meld` objects, or text separated by
    ``;``, each written as its kind and its cards (``"碰 子子子; 門將 上 HJ"``, read by
    :func:`~changpai.xiaogan.parse_melds`); in text they may also follow the hand after a ``/``.

    >>> analyze("上大人 邱乙己 化三千 七十士", "碰 子子子; 門將 仁 HJ").best.value
    17
    >>> analyze("上大人 邱乙己 化三千 七十士 / 碰 子子子; 門將 仁 HJ").best.value
    17
    >>> analyze("上大")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 2 cards (上 大) are not a xiaogan hand: a player holds at least 3 cards in hand and on the table (xiaogan.md §2: 頭家 16, the others 15, a small seat 3 or 5)
    """
    rules_arg(rules, Rules, "xiaogan")
    given: object = hand
    on_table: tuple[Meld, ...] = ()
    if isinstance(hand, str):
        text, _, table = hand.partition("/")
        on_table = parse_melds(table)
        given = parse(text)
    cards: tuple[Card, ...] = _sequence(given, "hand", "cards")
    for card in cards:  # (named as this signature names it: review h130)
        if type(card) is not Card:
            raise NotationError(
                f"hand holds {clipped(card)}, which is not a xiaogan Card (a card of another "
                "family?); build cards with parse(...) or Card(...)"
            )
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    melds = (*_sequence(exposed, "exposed", "sets"), *on_table)
    best = best_decomposition(cards, melds, rules=rules)  # checks every input
    layout = best_layout(cards, melds, rules=rules)
    sheet = score(layout, rules=rules) if layout.wins else None
    found = waits(cards, melds, rules=rules) if best is None else {}
    # (the cards a hand that does not win yet would win with, loose cards allowed, §5)
    winning = {} if layout.wins else waits(cards, melds, rules=rules, winning_only=True)
    return Analysis(cards, tuple(melds), rules, best, sheet, found, layout, wins_with=winning)
