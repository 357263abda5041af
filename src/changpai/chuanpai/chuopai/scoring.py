"""Settlement of a 戳牌 hand (chuanpai.md §3.4) as pure functions: the result level of a count of
擺牌, the 翻 of 三紅四黑, and the itemized :class:`~changpai.core.ScoreSheet` of a win, of 包牌
and of 罰牌.

The recommended defaults of §3.4 [INF]: 小胡 (16 擺牌) = 1 unit; 一甲 (21) ×2; 兩甲 (23) ×4
(``jia_mult`` and its square, or ``liangjia_mult``); each 翻 ×2 (``fan_mult``). 翻 are counted
as: for each red kind (天 地 人 紅九 三四 紅五) with ``n >= 3`` copies among the 擺牌 add
``n - 2``; for each black kind with 4 copies add 1 (``fan_counting="cards"``: ``reds - 2`` from
3 red cards of any kinds, and 1 for every 4 black cards); the number awarded is
``min(翻, 擺牌 - 16)``.

>>> bai = parse("66 66 66 11 11 44 45 34 14 56 46 55 33 22 16 15 12")
>>> sheet = score(bai, winner=0)
>>> sheet.total, sheet.fact("fan"), [(p.payer, p.payee, p.amount) for p in sheet.payments]
(2, 1, [(1, 0, 2), (2, 0, 2)])
>>> print(sheet)
戳牌: seat 0 胡 小胡, 17 擺牌
  擺牌 17 張                                  17  chuanpai.md §3.4
  小胡 (16 擺牌 or more)                      +1  chuanpai.md §3.4
  三紅: 天牌 ×3                                1  chuanpai.md §3.4
  翻 1 (counted 1, at most 擺牌 − 16 = 1)     ×2  chuanpai.md §3.4
  total                                        2
  seat 1 pays seat 0: 2
  seat 2 pays seat 0: 2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import evolve, field, frozen

from changpai.chuanpai.cards import DOT_CARDS, Card, parse
from changpai.chuanpai.chuopai.deal import HAND
from changpai.chuanpai.chuopai.rules import CHUOPAI, Rules
from changpai.core.guard import (
    clipped,
    count_arg,
    foreign_result,
    instance_arg,
    int_arg,
    int_field,
    items_arg,
    keywords_with_win,
    optional_int_field,
    rules_arg,
)
from changpai.core.hanzi import HanziEnum
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet, win_title
from changpai.core.seats import scored_seat
from changpai.errors import NotationError, RulesError

__all__ = ["Level", "Win", "fan", "fapai_sheet", "level", "score"]

RULE = "chuanpai.md §3.4"


class Level(HanziEnum, short_repr=True):
    """How far a seat's 擺牌 reached (chuanpai.md §3.4): the reason codes of a won hand.

    >>> Level.YIJIA.hanzi, Level("liangjia")
    ('一甲', Level.LIANGJIA)
    """

    XIAOHU = ("xiaohu", "小胡")
    YIJIA = ("yijia", "一甲")
    LIANGJIA = ("liangjia", "兩甲")


def level(count: int, rules: Rules = CHUOPAI) -> Level | None:
    """The win a count of 擺牌 makes: 小胡 from 16, 一甲 from 21, 兩甲 from 23; ``None``
    below 16 (chuanpai.md §3.4).

    >>> [None if level(n) is None else level(n).hanzi for n in (15, 16, 20, 21, 22, 23, 28)]
    [None, '小胡', '小胡', '一甲', '一甲', '兩甲', '兩甲']
    >>> level("16")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: count='16' is not an integer from 0 to 28

    A count no hand reaches (more than the 28 cards a seat is dealt) is refused:

    >>> level(29)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: count=29 is not an integer from 0 to 28
    """
    count = int_arg(count, "count", low=0, high=HAND)  # (a seat lays out at most his hand)
    rules = rules_arg(rules, Rules, "戳牌")
    if count >= rules.liangjia_cards:
        return Level.LIANGJIA
    if count >= rules.yijia_cards:
        return Level.YIJIA
    if count >= rules.win_cards:
        return Level.XIAOHU
    return None


def _players(players: object, rules: Rules) -> int:
    """The number of players (``None``: the table's, as every family's default); refuse one
    other than the game's three (chuanpai.md §3.1)."""
    if players is None:
        return rules.players
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        count_arg(players, "players", low=2)  # (raises: the wrong type or too few)
    if players != rules.players:
        raise RulesError(
            f"players={clipped(players)}: 戳牌 is played by {rules.players} (chuanpai.md §3.1)"
        )
    return players


def _bai_cards(bai: object) -> tuple[Card, ...]:
    """The 擺牌 given as text or cards, each a 戳牌 card, else NotationError naming it."""
    cards = (
        parse(bai, deck="deck84") if isinstance(bai, str) else items_arg(bai, "bai", "戳牌 cards")
    )
    for card in cards:  # cards no 戳牌 hand can hold: a NotationError, as in every family
        if not isinstance(card, Card) or card.is_jing:
            raise NotationError(f"擺牌 holds {clipped(card)}, which is not a 戳牌 card")
    return cards


def _bai_counts(bai: str | Iterable[Card]) -> list[int]:
    counts = [0] * len(DOT_CARDS)
    for card in _bai_cards(bai):
        counts[card.index] += 1
        if counts[card.index] > 4:
            raise NotationError(f"擺牌 holds {counts[card.index]} of {card.name}; deck84 has 4")
    return counts


def _fan_items(counts: list[int], rules: Rules) -> list[tuple[str, str, int]]:
    """(key, text, 翻) of every item that counts for 三紅四黑: each kind (``"kinds"``
    counting) or the red and the black cards together (``"cards"``), chuanpai.md §3.4."""
    out = []
    if rules.fan_counting == "cards":
        reds = sum(counts[card.index] for card in DOT_CARDS if card.red)
        blacks = sum(counts[card.index] for card in DOT_CARDS if not card.red)
        if reds >= 3:
            out.append(("red", f"紅牌 ×{reds}", reds - 2))
        if blacks >= 4:
            out.append(("black", f"黑牌 ×{blacks}", blacks // 4))
        return out
    for card in DOT_CARDS:
        n = counts[card.index]
        if card.red and n >= 3:
            out.append((card.code, f"{'三紅' if n == 3 else '四紅'}: {card.name} ×{n}", n - 2))
        elif not card.red and n == 4:
            out.append((card.code, f"四黑: {card.name} ×{n}", 1))
    return out


def _seat_bai(bai: str | Iterable[Card], rules: Rules) -> list[int]:
    """The counts of a seat's 擺牌 (:func:`_bai_counts`); more than a seat holds (its
    ``rules.hand_size``) is a NotationError, as a fifth copy is (review h117: ``fan`` took them).

    >>> _seat_bai(parse("56 46 16 15 55 33 22") * 4 + parse("66"), CHUOPAI)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: 29 擺牌: a seat lays at most its own 28 cards (chuanpai.md §3.1)
    """
    counts = _bai_counts(bai)
    count = sum(counts)
    if count > rules.hand_size:  # (cards no seat can hold: a NotationError, as a fifth copy)
        raise NotationError(
            f"{count} 擺牌: a seat lays at most its own {rules.hand_size} cards (chuanpai.md §3.1)"
        )
    return counts


def fan(bai: str | Iterable[Card], rules: Rules = CHUOPAI) -> tuple[int, int]:
    """The 翻 of 三紅四黑 among ``bai`` (a seat's 擺牌): ``(counted, awarded)`` where
    ``awarded = min(counted, 擺牌 − rules.win_cards)``, never below 0 (chuanpai.md §3.4,
    recommended counting: 擺牌 − 16 under the default rules).

    >>> bai = parse("66 66 66 66 11 11 11") + parse("56") * 4 + parse("55") * 4 + parse("33 22")
    >>> fan(bai), fan(bai, CHUOPAI.evolve(fan_counting="cards"))
    ((5, 1), (7, 1))
    """
    rules = rules_arg(rules, Rules, "戳牌")
    counts = _seat_bai(bai, rules)
    counted = sum(f for _key, _text, f in _fan_items(counts, rules))
    return counted, max(0, min(counted, sum(counts) - rules.win_cards))


def _seat_or_none(_instance: object, attribute: Any, value: object) -> None:
    if value is not None:
        int_arg(value, attribute.name, error=NotationError)


@frozen
class Win:
    """A won 戳牌 hand as the engine records it (``game.result.win``): the winner's 擺牌, the
    winner, the liable seat (包牌, None when there is none or it is the winner), the seat whose
    罰牌 stopped the hand after the win was reached (``offender``: the win is settled and he
    pays his penalty beside it, §3.4), and the rules — so that ``score(game.result.win)`` is
    ``game.result.sheet``.

    >>> win = Win("56 46 16 15 " * 4, winner=1, offender=2)
    >>> [(p.payer, p.payee, p.amount) for p in score(win).payments]
    [(0, 1, 1), (2, 1, 1), (2, 0, 1), (2, 1, 1)]

    A field of the wrong type raises :class:`~changpai.errors.NotationError`, as in every
    family's ``Win``; whether the seats fit the table is checked by :func:`score`.

    >>> Win("66", winner="1")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: winner='1' is not an integer
    """

    bai: tuple[Card, ...] = field(converter=_bai_cards)
    winner: int = field(default=0, converter=int_field, validator=_seat_or_none)
    liable: int | None = field(default=None, converter=optional_int_field, validator=_seat_or_none)
    offender: int | None = field(
        default=None, converter=optional_int_field, validator=_seat_or_none
    )
    rules: Rules | None = field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.rules is not None:
            instance_arg(self.rules, Rules, "rules", NotationError)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the 擺牌 as codes, the seats and the rules' name.

        >>> Win("66 66", winner=1).to_dict()
        {'bai': ['66', '66'], 'winner': 1, 'liable': None, 'offender': None, 'rules': None}
        """
        return {
            "bai": [c.code for c in self.bai],
            "winner": self.winner,
            "liable": self.liable,
            "offender": self.offender,
            "rules": None if self.rules is None else self.rules.name,
        }


def score(
    bai: Win | str | Iterable[Card],
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    liable: int | None = None,
) -> ScoreSheet:
    """The settlement of a won 戳牌 hand (chuanpai.md §3.4): ``bai`` is the winner's 擺牌 (the
    硬張 included), cards or text, or a :class:`Win` (which carries the winner, the liable seat,
    a 罰牌 offender and its rules: ``winner`` and ``liable`` with it raise NotationError, as in
    every family); ``rules`` defaults to the win's, else :data:`CHUOPAI`.

    The value is ``unit`` (小胡) × the 甲 multiplier (一甲 ``jia_mult``, 兩甲 its square or ``liangjia_mult``) ×
    ``fan_mult`` per awarded 翻; every other seat pays it to ``winner`` (None: seat 0, as in
    every family); ``players`` defaults to 3, the 戳牌 table (``None``, as in every family).
    With ``liable`` (the
    seat that made the first lead with 天 or a 九, 包牌) other than the winner, that seat alone
    pays for every loser and the third player neither wins nor loses. A count below 16 is no
    win (15 is one only with ``rules.chuo_fifteen == "win"``: 脫手) and raises
    :class:`~changpai.errors.RulesError`.

    >>> score("66 " * 4 + "11 " * 4 + "44 " * 4 + "45 45 45 45 34 34 34", winner=1).total
    8
    >>> sheet = score("56 46 16 15 " * 4, liable=2)
    >>> [(p.payer, p.payee, p.amount) for p in sheet.payments]
    [(2, 0, 2)]
    >>> score("66 " * 3 + "11 " * 4 + "44 " * 4 + "45 45 45 34")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: 15 擺牌 is no win: a win needs 16 (15 wins only with chuo_fifteen='win', 脫手)
    """
    if (foreign := foreign_result(bai, "chuanpai.chuopai", "bai")) is not None:
        raise foreign
    offender = None
    if isinstance(bai, Win):
        keywords = {"winner": winner, "liable": liable}
        keywords_with_win(name for name, value in keywords.items() if value is not None)
        winner, liable, offender = bai.winner, bai.liable, bai.offender
        rules = bai.rules if rules is None else rules
        bai = bai.bai
    if rules is None:
        rules = CHUOPAI
    sheet = _win_sheet(bai, rules, winner, players, liable)
    if offender is None:
        return sheet
    # a 罰牌 after the win was reached (§3.4): the win as it stands, the penalty beside it
    fapai = fapai_sheet(offender, rules=rules, players=players)
    return ScoreSheet(
        sheet.title + " (罰牌)",
        (*sheet.lines, *(evolve(line, op="=") for line in fapai.lines)),
        sheet.total,
        (*sheet.payments, *fapai.payments),
        (*sheet.facts, ("offender", offender)),
    )


def _win_sheet(
    bai: str | Iterable[Card],
    rules: Rules,
    winner: int | None,
    players: int | None,
    liable: int | None,
) -> ScoreSheet:
    """:func:`score` of the 擺牌 ``bai`` without a 罰牌."""
    rules_arg(rules, Rules, "戳牌")
    players = _players(players, rules)
    winner = 0 if winner is None else scored_seat(winner, players, "winner")
    if liable is not None:
        liable = scored_seat(liable, players, "liable")
        if not rules.baopai:
            raise RulesError(f"liable={clipped(liable)}: these rules have no 包牌 (baopai=False)")
    counts = _seat_bai(bai, rules)
    count = sum(counts)
    found = level(count, rules)
    tuoshou = found is None and count == rules.tuoshou_cards and rules.chuo_fifteen == "win"
    if found is None and not tuoshou:
        raise RulesError(
            f"{count} 擺牌 is no win: a win needs {rules.win_cards} "
            f"({rules.tuoshou_cards} wins only with chuo_fifteen='win', 脫手)"
        )
    level_ = found or Level.XIAOHU
    lines = [ScoreLine("bai", f"擺牌 {count} 張", count, op="=", rule=RULE)]
    if tuoshou:
        lines.append(
            ScoreLine("tuoshou", f"脫手 counted as 小胡 ({count} 擺牌)", rules.unit, rule=RULE)
        )
    else:
        lines.append(
            ScoreLine("xiaohu", f"小胡 ({rules.win_cards} 擺牌 or more)", rules.unit, rule=RULE)
        )
    total = rules.unit
    if level_ is Level.YIJIA:
        lines.append(
            ScoreLine("jia", f"一甲 ({rules.yijia_cards} 擺牌)", rules.jia_mult, op="×", rule=RULE)
        )
        total *= rules.jia_mult
    elif level_ is Level.LIANGJIA:
        mult = rules.jia_mult**2 if rules.liangjia_mult is None else rules.liangjia_mult
        lines.append(
            ScoreLine("jia", f"兩甲 ({rules.liangjia_cards} 擺牌)", mult, op="×", rule=RULE)
        )
        total *= mult
    items = _fan_items(counts, rules)
    counted = sum(f for _key, _text, f in items)
    awarded = max(0, min(counted, count - rules.win_cards))
    for key, text, f in items:
        lines.append(ScoreLine(f"fan.{key}", text, f, op="=", rule=RULE))
    if counted:  # (a 翻 line also when none is awarded: it says why the items count nothing)
        mult = rules.fan_mult**awarded
        lines.append(
            ScoreLine(
                "fan",
                f"翻 {awarded} (counted {counted}, at most 擺牌 − {rules.win_cards} = "
                f"{count - rules.win_cards})"
                if count >= rules.win_cards
                else f"翻 0 (counted {counted}; none below {rules.win_cards} 擺牌)",
                mult,
                op="×",
                rule=RULE,
            )
        )
        total *= mult
    losers = [seat for seat in range(players) if seat != winner]
    if liable is not None and liable != winner:
        lines.append(
            ScoreLine(
                "baopai",
                f"包牌: seat {liable} pays for all {len(losers)} losers",
                total * len(losers),
                op="=",
                rule="chuanpai.md §3.3, §3.4",
            )
        )
        payments: tuple[Payment, ...] = (Payment(liable, winner, total * len(losers)),)
    else:
        payments = tuple(Payment(seat, winner, total) for seat in losers)
    title = win_title(rules.title, winner, f"{'脫手' if tuoshou else level_.hanzi}, {count} 擺牌")
    facts = (
        ("bai", count),
        ("level", "tuoshou" if tuoshou else level_.value),
        ("fan", awarded),
        ("fan_counted", counted),
        ("liable", liable),
    )
    return ScoreSheet(title, tuple(lines), total, payments, facts)


def fapai_sheet(offender: int, *, rules: Rules = CHUOPAI, players: int | None = None) -> ScoreSheet:
    """The settlement of 罰牌 (chuanpai.md §3.4): ``offender`` did not beat when able; the hand
    stops and he pays ``rules.fapai_units`` units (``rules.unit`` each) to every other player
    (the size is [INF]);
    ``players`` defaults to 3, the 戳牌 table (``None``, as in every family).

    >>> sheet = fapai_sheet(1)
    >>> sheet.total, [(p.payer, p.payee, p.amount) for p in sheet.payments]
    (1, [(1, 0, 1), (1, 2, 1)])
    """
    rules_arg(rules, Rules, "戳牌")
    players = _players(players, rules)
    offender = scored_seat(offender, players, "offender")
    amount = rules.fapai_units * rules.unit  # (units, as a 小胡's: review h117)
    line = ScoreLine("fapai", f"罰牌: seat {offender} did not beat when able", amount, rule=RULE)
    payments = tuple(
        Payment(offender, seat, amount) for seat in range(players) if seat != offender and amount
    )
    title = f"{rules.title}: seat {offender} 罰牌"  # (no winner: who pays, as win_title)
    return ScoreSheet(title, (line,), amount, payments, (("offender", offender),))
