"""Scoring of the 川牌 擠兒 game (chuanpai.md §2.6): one line per unit of the winner's cards (in
hand and on the table), the total 胡, and the payments: every loser pays the winner ``胡 + 1``.

>>> melds = [Meld.parse(t) for t in ("擠兒 66 44", "碰 55 55 55", "暗 33 33 33", "擠兒 13 24")]
>>> sheet = score(melds)
>>> print(sheet)
幺地人: seat 0 胡
  擠兒 天牌 人牌        +1  chuanpai.md §2.6
  碰 梅子 梅子 梅子     +2  chuanpai.md §2.6
  暗 長三 長三 長三     +3  chuanpai.md §2.6
  擠兒 二四 合牌        +0  chuanpai.md §2.6
  total                  6
  seat 1 pays seat 0: 7
  seat 2 pays seat 0: 7
  seat 3 pays seat 0: 7
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from attrs import field, frozen

from changpai.chuanpai.cards import Card, _count_copies, parse
from changpai.chuanpai.hand import (
    Decomposition,
    _checked,
    _sequence,
    best_decomposition,
    can_jiao,
    parse_melds,
    waits,
)
from changpai.chuanpai.melds import Meld, MeldKind, hu
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.core import caches, document, render
from changpai.core.analysis import AnalysisFace
from changpai.core.guard import (
    cards_arg,
    foreign_result,
    instance_arg,
    int_arg,
    int_field,
    keywords_with_win,
    rules_arg,
    writable_arg,
)
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet, win_title
from changpai.core.seats import payer_seats, payers_field, scored_seat
from changpai.errors import NotationError, RulesError

__all__ = ["Analysis", "Win", "analyze", "payments", "score"]

_RULE = "chuanpai.md §2.6"


def _key(meld: Meld) -> str:
    if meld.kind.pair and meld.kind is not MeldKind.JING_PAIR:
        return f"{meld.kind.value}{meld.points}"
    return f"jing_{meld.kind.value}" if meld.jing else meld.kind.value


# The score line of a unit under a rules object, by their ids (units and rules are immutable,
# and the engine's units are shared objects, so a winner's units are mostly known ones); each
# entry holds its unit and rules, so the ids stay theirs while it lives.
_LINES: caches.BoundedDict[tuple[int, int], tuple[Meld, Rules, ScoreLine]] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.scoring._LINES", 4096
)


def _line(meld: Meld, rules: Rules) -> ScoreLine:
    """The score line of the checked unit ``meld`` under ``rules`` (chuanpai.md §2.6); a pair
    whose sum is not one of ``rules.pair_sums`` raises :class:`~changpai.errors.RulesError`
    (:func:`~changpai.chuanpai.melds.hu`)."""
    key = (id(meld), id(rules))
    known = _LINES.get(key)
    if known is not None and known[0] is meld and known[1] is rules:
        return known[2]
    # (a 經 set is named as §2.6 names it: 經牌 暗, 經牌 亮 …; a 經 pair's kind says 經 itself)
    name = f"經牌 {meld}" if meld.jing and meld.kind is not MeldKind.JING_PAIR else str(meld)
    line = ScoreLine(_key(meld), name, hu(meld, rules), rule=_RULE)
    _LINES[key] = (meld, rules, line)
    return line


def payments(total: int, winner: int, players: int, rules: Rules = YAODIREN) -> tuple[Payment, ...]:
    """Every loser pays the winner ``total + rules.base`` (chuanpai.md §2.6: 8 胡 -> 9 each).

    >>> payments(8, winner=2, players=3)
    (Payment(payer=0, payee=2, amount=9), Payment(payer=1, payee=2, amount=9))
    >>> payments(8, winner=3, players=3)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: winner=3 is not a seat; expected a whole number 0..2
    """
    rules_arg(rules, Rules, "chuanpai")
    # as in every family's Win and score: a wrong type is a NotationError, a count out of
    # range a RulesError, a seat not at the table an IllegalActionError
    for name, value in (("total", total), ("players", players), ("winner", winner)):
        int_arg(value, name, error=NotationError)
    if total < 0:
        int_arg(total, "total", low=0)  # (raises)
    writable_arg(total, "total", RulesError)  # (the hand's 胡: any size the rules give)
    int_arg(players, "players", low=2, high=7)
    winner = scored_seat(winner, players, "winner")
    amount = total + rules.base
    return tuple(Payment(seat, winner, amount) for seat in range(players) if seat != winner)


# The payments of a win by (total, winner, players, rules id) (each entry holds its rules).
_PAYMENTS: caches.BoundedDict[tuple[int, int, int, int], tuple[Rules, tuple[Payment, ...]]] = (
    caches.BoundedDict("chuanpai", "changpai.chuanpai.scoring._PAYMENTS", 4096)
)


def _payments(total: int, winner: int, players: int, rules: Rules) -> tuple[Payment, ...]:
    """:func:`payments`, kept for whole-number seats (a value of another type is checked and
    refused by :func:`payments` every time)."""
    if type(winner) is not int or type(players) is not int:
        return payments(total, winner, players, rules)
    key = (total, winner, players, id(rules))
    known = _PAYMENTS.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    pays = payments(total, winner, players, rules)
    _PAYMENTS[key] = (rules, pays)
    return pays


def _units_field(value: Decomposition | Iterable[Meld]) -> Decomposition | tuple[Meld, ...]:
    if isinstance(value, Decomposition):
        return value
    return cards_arg(value, Meld, "units", "chuanpai units (Meld)")


@frozen
class Win:
    """A won hand as the engine records it (``game.result.win``): the units scored — the
    hand's best reading, or, for a win by red dots or table cards whose hand is not all formed
    (chuanpai.md §2.7, C4), the units on its table —, the winner, the number of players, the
    seats that pay and the rules, so that ``score(game.result.win)`` is ``game.result.sheet``.

    >>> from changpai.chuanpai.hand import best_decomposition
    >>> win = Win(best_decomposition("天牌 人牌 梅子 梅子 梅子"), winner=2, players=4)
    >>> [(p.payer, p.payee, p.amount) for p in score(win).payments]
    [(0, 2, 5), (1, 2, 5), (3, 2, 5)]

    A field of the wrong type raises :class:`~changpai.errors.NotationError`, as in every
    family's ``Win``; whether the seats fit the table is checked by :func:`score`.

    >>> Win(None)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: units=None is not a sequence of chuanpai units (Meld)
    """

    units: Decomposition | tuple[Meld, ...] = field(converter=_units_field)
    winner: int = field(default=0, converter=int_field)
    players: int | None = None
    #: The seats that pay (None: :func:`score`'s default, every other seat); the engine's
    #: leave out a 7th player, who holds one card and never plays (chuanpai.md §2.1).
    payers: tuple[int, ...] | None = field(default=None, converter=payers_field)
    rules: Rules | None = field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        int_arg(self.winner, "winner", error=NotationError)
        if self.players is not None:
            int_arg(self.players, "players", error=NotationError)
        if self.payers is not None:
            for p in self.payers:
                int_arg(p, "payers: seat", error=NotationError)
        if self.rules is not None:
            instance_arg(self.rules, Rules, "rules", NotationError)

    @property
    def decomposition(self) -> Decomposition | None:
        """The winning reading (None for a win whose hand is not all formed: its table units).

        >>> Win([Meld.parse("碰 55 55 55")]).decomposition is None
        True
        """
        return self.units if isinstance(self.units, Decomposition) else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the units as text, the winner, the players, the payers and the
        rules' name.

        >>> Win([Meld.parse("碰 55 55 55")], winner=1).to_dict()
        {'units': ['碰 梅子 梅子 梅子'], 'winner': 1, 'players': None, 'payers': None, 'rules': None}
        """
        units = self.units.melds if isinstance(self.units, Decomposition) else self.units
        return {
            "units": [str(m) for m in units],
            "winner": self.winner,
            "players": self.players,
            "payers": None if self.payers is None else list(self.payers),
            "rules": None if self.rules is None else self.rules.name,
        }


def score(
    melds: Win | Decomposition | Iterable[Meld],
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    payers: Iterable[int] | None = None,
) -> ScoreSheet:
    """The score sheet of a winning set of units (chuanpai.md §2.6).

    ``melds`` is a :class:`~changpai.chuanpai.hand.Decomposition`, every unit of the winner's
    cards, or a :class:`Win` (which carries the winner, the players and its rules, and the
    engine's its payers: those keywords with it raise NotationError, as in every family);
    ``rules`` defaults to those of the win or the decomposition (the rules it was read under;
    幺地人 for units), ``winner`` to seat 0 (``None`` too, as in every family), ``players`` to
    ``rules.players`` and ``payers`` — the seats that pay — to every other seat: at a table of
    seven the 7th player, who holds one card and never plays (§2.1), pays nothing, so give the
    other seats that play, five (the engine's ``Win`` carries them). A pair whose sum is not a pair sum of ``rules`` raises
    :class:`~changpai.errors.RulesError`; units holding more copies of a card than the rules'
    deck (a 經牌 in ``deck105``, a fifth 天牌) raise :class:`~changpai.errors.NotationError`.

    >>> jing = YAODIREN.evolve(deck="deck84_jing")  # (the 經牌 are in the 84-card deck)
    >>> units = [Meld.parse("扛 JC JT 12 12"), Meld.parse("擠兒 56 36")]
    >>> sheet = score(units, rules=jing, winner=1, players=2)
    >>> [line.value for line in sheet.lines], sheet.total, sheet.net()
    ([70, 1], 71, {0: -72, 1: 72})
    >>> sheet.lines[0].name
    '經牌 扛 丁丁 丁丁 財神 聽用'
    >>> score([Meld.parse("擠兒 66 11")])
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: 擠兒 天牌 地牌 sums to 14; in 幺地人 a pair sums to 10 or 20
    """
    if (foreign := foreign_result(melds, "chuanpai", "melds")) is not None:
        raise foreign
    if isinstance(melds, Win):
        keywords_with_win(
            name
            for name, given, carried in (
                ("winner", winner, True),
                ("players", players, True),
                ("payers", payers, melds.payers is not None),
            )
            if given is not None and carried
        )
        winner, players = melds.winner, melds.players
        if melds.payers is not None:
            payers = melds.payers
        if rules is None:
            rules = melds.rules
        melds = melds.units
    if rules is None:  # (the rules the hand was read under, as in every family)
        rules = melds.rules if isinstance(melds, Decomposition) else YAODIREN
    rules_arg(rules, Rules, "chuanpai")
    units: Sequence[Meld] = (
        melds.melds
        if isinstance(melds, Decomposition)
        else cards_arg(melds, Meld, "melds", "chuanpai units (Meld)")
    )
    if not units:  # chuanpai.md §2.5: a win forms every card; no cards is no win
        raise NotationError("melds=() holds no units; an empty hand is not a win")
    # no more copies than the rules' deck holds (chuanpai.md §1): NotationError names them
    _count_copies([card for meld in units for card in meld.cards], rules.deck)
    lines = [_line(meld, rules) for meld in units]
    total = 0
    for line in lines:
        total += line.value
    n = rules.players if players is None else players
    pays = _payments(total, 0 if winner is None else winner, n, rules)
    seat, amount = pays[0].payee, pays[0].amount  # (the winner, checked; what each loser pays)
    if payers is not None:  # (the engine's, or given: the same amount from those seats only)
        pays = tuple(Payment(p, seat, amount) for p in payer_seats(payers, seat, n))
    return ScoreSheet(
        title=win_title(rules.title, seat),
        lines=tuple(lines),
        total=total,
        payments=pays,
        facts=(("hu", total), ("per_loser", total + rules.base), ("units", len(lines))),
    )


@frozen
class Analysis(AnalysisFace):
    """The analysis of one player's cards, as printed by ``changpai analyze``: whether they are
    all formed, the best decomposition and its score, what the hand waits for, and the 叫牌
    condition.

    >>> print(analyze("天牌 人牌 長三"))
    幺地人 (yaodiren)
    cards: 天牌 人牌 長三
    not complete; waits for:
      合牌: 1 胡: 擠兒 天牌 人牌  擠兒 長三 合牌
      長二: 1 胡: 擠兒 天牌 人牌  擠兒 長三 長二
    facts: jiao False
    """

    value_name: ClassVar[str] = "胡"

    cards: tuple[Card, ...]
    exposed: tuple[Meld, ...]
    rules: Rules
    best: Decomposition | None
    sheet: ScoreSheet | None
    waits: dict[Card, Decomposition] = field(hash=False)  # (a dict: out of the hash)
    jiao: bool

    def _repr_html_(self) -> str:
        """The analysis for notebooks: the hand and table as chips, the best decomposition and
        its score sheet, the waits, and the facts as ``str(analysis)`` writes them (the 叫牌
        condition).

        >>> html = analyze("天牌 人牌 長三")._repr_html_()
        >>> "complete" in html, "合牌" in html, "1 胡" in html, "jiao False" in html
        (True, True, True, True)
        """
        return render.analysis_html(self, "川牌", lambda d: f"{d.hu} 胡")

    @property
    def facts(self) -> dict[str, Any]:
        """The 川牌 findings: the 叫牌 condition (``jiao``, chuanpai.md §2.5).

        >>> analyze("66 44").facts
        {'jiao': False}
        """
        return {"jiao": self.jiao}

    def to_dict(self) -> dict[str, Any]:
        """The analysis document (:func:`changpai.core.document.analysis_document`); its
        ``facts`` are :attr:`facts`.

        >>> data = analyze("66 44").to_dict()
        >>> data["schema"], data["variant"], data["complete"], data["value"], data["facts"]
        ('changpai.analysis', 'yaodiren', True, 1, {'jiao': False})
        """
        return document.analysis_document(
            family="chuanpai",
            variant=document.variant_name("chuanpai", self.rules),
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
    rules: Rules = YAODIREN,
) -> Analysis:
    """Analyse a hand given as text or cards (the function behind ``changpai analyze``).

    Units already on the table are ``exposed``: :class:`Meld` objects, or text separated by
    ``;``, each written as its kind and its cards (``"碰 55 55 55; 擺 46 46"``, read by
    :func:`~changpai.chuanpai.parse_melds`); in text they may also follow the hand after a ``/``.

    >>> analyze("66 44 11 26").best.hu
    1
    >>> analyze("66 44", "碰 55 55 55; 擺 46 46").best.hu
    4
    >>> analyze("66 44 / 碰 55 55 55; 擺 46 46").best.hu
    4

    Bad input raises a typed error naming it: a card the rules' deck does not hold (or holds
    fewer times), anything that is not a card, rules that are not a :class:`Rules`.

    >>> analyze("66 JC")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 1 copy of 財神 ('JC') of deck105; a deck has none
    """
    rules_arg(rules, Rules, "chuanpai")
    given: object = hand
    on_table: tuple[Meld, ...] = ()
    if isinstance(hand, str):
        text, _, table = hand.partition("/")
        on_table = parse_melds(table)
        given = parse(text, deck=rules.deck)
    cards: tuple[Card, ...] = _sequence(given, "hand", "cards")
    if isinstance(exposed, str):
        exposed = parse_melds(exposed)
    exposed = (*_sequence(exposed, "exposed", "units"), *on_table)
    _checked(cards, exposed, rules, "hand")  # (its errors name the hand as this signature does)
    best = best_decomposition(cards, exposed, rules=rules)
    every = [*cards, *(c for meld in exposed for c in meld.cards)]
    return Analysis(
        cards=cards,
        exposed=tuple(exposed),
        rules=rules,
        best=best,
        sheet=None if best is None else score(best, rules=rules),
        waits=waits(cards, exposed, rules=rules),
        jiao=can_jiao(every),
    )
