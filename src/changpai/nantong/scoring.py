"""Scoring of a Nantong 長牌 win (胡數 / 付數), itemized on a :class:`ScoreSheet` (nantong.md §7).

>>> sheet = score("123b 456b 789b 123t 456t 789t 123w 5w 5w", winning_card="5w", self_drawn=True)
>>> print(sheet)
笃子胡: seat 0 胡 清胡
  清胡 底                                   +100  nantong.md §7
  文錢 ×1                                    +20  nantong.md §7
  自摸                                       +10  nantong.md §7
  單吊                                       +10  nantong.md §7 N8
  胡數 (rounded up to 10)                    140  nantong.md §7 N16
  seat 1 own sets                              0  nantong.md §7.2 N17
  seat 2 own sets                              0  nantong.md §7.2 N17
  total                                      140
  seat 1 pays seat 0: 140
  seat 2 pays seat 0: 140
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, overload

from attrs import field, fields, frozen

from changpai.core.guard import (
    cards_arg,
    clipped,
    count_arg,
    flag_arg,
    foreign_result,
    instance_arg,
    int_arg,
    items_arg,
    keywords_with_win,
    rules_arg,
)
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet, win_title
from changpai.core.seats import scored_seat
from changpai.core.serial import ordered_repr
from changpai.errors import IllegalActionError, NotationError, RulesError
from changpai.nantong.actions import SEATS
from changpai.nantong.cards import BH, HH, QZ, Card, parse
from changpai.nantong.hand import (
    Decomposition,
    Shape,
    WaitKind,
    _completing,
    _concealed_set_value,
    _decompositions,
    _split,
    _to_cards,
    check_copies,
    decompositions,
    parse_melds,
    placements,
)
from changpai.nantong.melds import (
    Meld,
    MeldKind,
    SetKind,
    _called,
    _jiang,
    check_called,
    check_flips,
    meld_value,
    set_value_detail,
)
from changpai.nantong.rules import DUZIHU, Rules

__all__ = ["OtherHand", "Win", "baida_bonus", "score", "sets_value"]

R7 = "nantong.md §7"


def _cards_field(value: Iterable[Card] | str) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(c) is Card for c in value):
        return value  # (the engine's: checked with the other cards by check_copies)
    if isinstance(value, str):
        return parse(value)
    return cards_arg(value, Card, "concealed", "nantong cards")


def _melds_field(value: Iterable[Meld] | str) -> tuple[Meld, ...]:
    return parse_melds(value)


def _jiang_field(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return _jiang(value)


# A Win / OtherHand field of the wrong type is a NotationError, as in every family's Win; a seat
# not at the table (out of range, the winner among the payers, a payer twice) or facts that
# contradict each other an IllegalActionError, and a count out of range a RulesError.
def _flag(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, attribute.name, NotationError)


def _seat_field(value: int) -> int:
    return scored_seat(value, SEATS, "seat")


def _losers_field(value: Iterable[int] | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    seats = items_arg(value, "losers", "seats", sets=True)
    for seat in seats:  # (every type first: a wrong one is named before a seat out of range)
        int_arg(seat, "losers: seat", error=NotationError)
    return tuple(scored_seat(s, SEATS, "losers: seat") for s in seats)


def _card_field(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    return Card.parse(value)


@frozen
class OtherHand:
    """A non-winner's hand at the end, whose own sets are counted in the settlement (§7.2).

    >>> OtherHand(1, "HH HH HH 2t", "碰 QZ QZ QZ").exposed[0].source
    SetKind.PENG
    """

    seat: int = field(converter=_seat_field)
    concealed: tuple[Card, ...] = field(default=(), converter=_cards_field)
    exposed: tuple[Meld, ...] = field(default=(), converter=_melds_field)
    called: frozenset[Card] = field(default=frozenset(), converter=_called, repr=ordered_repr)
    baida_dealt: bool = field(default=False, validator=_flag)


def _others_field(value: Iterable[OtherHand]) -> tuple[OtherHand, ...]:
    result = items_arg(value, "others", "OtherHand")
    for other in result:
        if not isinstance(other, OtherHand):
            raise NotationError(f"{clipped(other)} is not an OtherHand")
    return result


@frozen
class Win:
    """Everything :func:`score` needs about one win.

    ``concealed`` includes the winning card; ``exposed`` are the declared sets (碰, 杠, 叫牌);
    ``jiang`` the two flipped cards; ``called`` the 真諦 cards declared by 叫牌; ``others`` the
    other players' hands (for the settlement of §7.2); ``losers`` the seats that pay (by default
    the seats of ``others``, else the two other seats of 0..2 — a winner at seat 3 names them);
    ``rules`` (a keyword) the rules the hand was played under, which :func:`score` takes when
    given none — the engine's wins carry them, so ``score(game.result.win)`` is
    ``game.result.sheet``.

    >>> Win("123b 456b 789b 123t 456t 789t 123w 5w 5w", winning_card="5w").winning_card
    Card('5w')
    """

    concealed: tuple[Card, ...] = field(converter=_cards_field)
    exposed: tuple[Meld, ...] = field(default=(), converter=_melds_field)
    winning_card: Card | None = field(default=None, converter=_card_field)
    self_drawn: bool = field(default=False, validator=_flag)
    jiang: tuple[Card, ...] = field(default=(), converter=_jiang_field)
    called: frozenset[Card] = field(default=frozenset(), converter=_called, repr=ordered_repr)
    gangkai: bool = field(default=False, validator=_flag)
    tianhu: bool = field(default=False, validator=_flag)
    dihu: bool = field(default=False, validator=_flag)
    tianting: bool = field(default=False, validator=_flag)
    haidi: bool = field(default=False, validator=_flag)
    baida_dealt: bool = field(default=False, validator=_flag)
    seat: int = field(default=0, converter=_seat_field)
    others: tuple[OtherHand, ...] = field(default=(), converter=_others_field)
    losers: tuple[int, ...] | None = field(default=None, converter=_losers_field)
    rules: Rules | None = field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.rules is not None:
            instance_arg(self.rules, Rules, "rules", NotationError)
        if self.winning_card is not None and self.winning_card not in self.concealed:
            raise NotationError(
                f"the winning card {self.winning_card} is not among the concealed cards"
            )
        check_copies(self.concealed, self.exposed, self.jiang)
        before = list(self.concealed)  # (the cards held before the winning card)
        if self.winning_card is not None:
            before.remove(self.winning_card)
        check_called(self.called, self.jiang, before)
        if self.others:  # (every seat's cards are of one deck: review h112)
            check_copies(
                [*self.concealed, *(c for other in self.others for c in other.concealed)],
                [*self.exposed, *(m for other in self.others for m in other.exposed)],
                self.jiang,
                where=" among the winner's and the other seats' (others=) held, declared and "
                "flipped cards",
            )
            for number, other in enumerate(self.others):
                name = f"others[{number}] (seat {other.seat}) called"
                check_called(other.called, self.jiang, other.concealed, name)
        if self.haidi and not self.self_drawn:
            raise IllegalActionError(
                "海底撈月 is a self-drawn win on the last card; set self_drawn=True"
            )
        self._check_occasions()
        if self.losers is None and not self.others and self.seat >= 3:
            # (the default table is seats 0..2; of four seats the one sitting out depends on
            # the dealer, nantong.md §2 — review h89 found seat 3's win paid by 1 and 2)
            raise IllegalActionError(
                f"the winner's seat {self.seat} is not one of 0..2, the table a win pays among "
                "unless told: give losers= (the two seats that pay) or others="
            )
        for what, seats in (("others", [o.seat for o in self.others]), ("losers", self.losers)):
            for seat in seats or ():
                if seat == self.seat:
                    raise IllegalActionError(
                        f"{what}: seat {clipped(seat)} is the winner, who pays nobody"
                    )
                if seats.count(seat) > 1:  # type: ignore[union-attr]
                    raise IllegalActionError(f"{what}: seat {clipped(seat)} twice")

    def _check_occasions(self) -> None:
        """Refuse the win's occasions that contradict each other (nantong.md §7): 天胡 is the
        dealer's self-drawn win with his dealt 23 cards — no winning card, no 杠開, 地胡, 天聽
        or 海底 —, 地胡 a win on the dealer's first discard, 杠開 a self-drawn one."""
        if self.gangkai and not self.self_drawn:
            raise IllegalActionError(
                "gangkai=True: 杠開 is a win on the replacement card after a 杠, self-drawn; "
                "set self_drawn=True"
            )
        if self.dihu and self.self_drawn:
            raise IllegalActionError(
                "dihu=True: 地胡 is a win on the dealer's first discard, not self-drawn; "
                "set self_drawn=False"
            )
        if not self.tianhu:
            return
        if not self.self_drawn:
            raise IllegalActionError(
                "tianhu=True: 天胡 is the dealer's self-drawn win with his dealt cards; "
                "set self_drawn=True"
            )
        if self.winning_card is not None:
            raise IllegalActionError(
                f"tianhu=True: 天胡 wins with the dealt cards, on no card, yet winning_card="
                f"{self.winning_card.code} (a win on a 叫牌's replacement card is 杠開, not 天胡)"
            )
        for flag, name in (
            (self.gangkai, "gangkai (杠開, on a replacement card)"),
            (self.dihu, "dihu (地胡, a non-dealer's)"),
            (self.tianting, "tianting (天聽, a non-dealer's)"),
        ):
            if flag:
                raise IllegalActionError(
                    f"tianhu=True and {name}: 天胡 is the dealer's win on his dealt cards"
                )
        if self.haidi:
            raise IllegalActionError(
                "tianhu=True and haidi=True: 天胡 wins on the dealt cards, 海底撈月 on the last"
            )

    @property
    def winner(self) -> int:
        """The winning seat (``seat``), by the name every family's ``Win`` gives it.

        >>> Win("5w 5w", seat=2).winner
        2
        """
        return self.seat

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the cards as codes, the melds as dicts, every flag.

        >>> Win("5w 5w", winning_card="5w", self_drawn=True).to_dict()["concealed"]
        ['5w', '5w']
        """
        return {
            "concealed": [c.code for c in self.concealed],
            "exposed": [m.to_dict() for m in self.exposed],
            "winning_card": None if self.winning_card is None else self.winning_card.code,
            "self_drawn": self.self_drawn,
            "jiang": [c.code for c in self.jiang],
            "called": sorted(c.code for c in self.called),
            "gangkai": self.gangkai,
            "tianhu": self.tianhu,
            "dihu": self.dihu,
            "tianting": self.tianting,
            "haidi": self.haidi,
            "baida_dealt": self.baida_dealt,
            "seat": self.seat,
            "losers": list(self.loser_seats()),
            "rules": None if self.rules is None else self.rules.name,
        }

    def loser_seats(self) -> tuple[int, ...]:
        """The seats that pay.

        >>> Win("5w 5w", seat=2).loser_seats()
        (0, 1)
        """
        if self.losers is not None:
            return self.losers
        if self.others:
            return tuple(o.seat for o in self.others)
        return tuple(sorted(((self.seat + 1) % 3, (self.seat + 2) % 3)))


_WIN_KEYWORDS = tuple(f.name for f in fields(Win) if f.name not in ("concealed", "rules"))


def baida_bonus(count: int, dealt: bool = False, rules: Rules = DUZIHU) -> int:
    """付 for holding ``count`` 百搭 (§7.1); five held from the deal (在手) score the last column.

    >>> [baida_bonus(n) for n in range(6)], baida_bonus(5, dealt=True)
    ([0, 10, 30, 50, 100, 200], 400)
    """
    rules_arg(rules, Rules, "nantong")
    count_arg(count, "count", low=0, high=5)  # (the deck has five 百搭)
    flag_arg(dealt, "dealt", NotationError)
    if count == 0:
        return 0
    if count == 5 and dealt:
        return rules.baida_values[5]
    return rules.baida_values[count - 1]


def _round(value: int, step: int) -> int:
    return -(-value // step) * step


def sets_value(
    concealed: Iterable[Card] | str,
    exposed: Iterable[Meld] | str = (),
    jiang: Iterable[Card | str] | str = (),
    rules: Rules = DUZIHU,
    called: Iterable[Card] = (),
) -> int:
    """A player's own sets (§7.2 "三家都要算胡"): declared sets, concealed threes (在手) and
    undeclared fours (後摸), rounded up to ten.

    >>> sets_value("HH HH HH 5t 5t 5t 5t 5w", "碰 QZ QZ QZ", jiang="2t 3w")
    30

    More cards than a hand holds (23 less three a declared set) are refused, as by every
    analysis:

    >>> sets_value("HH HH HH 5t 5t 5t 5t 5w", "碰 QZ QZ QZ; 碰 1t 1t 1t; 碰 2t 2t 2t; 碰 3t 3t 3t; 碰 4t 4t 4t; 碰 6t 6t 6t; 碰 7t 7t 7t")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: concealed holds 8 nantong cards; no hand holds more than 2
    """
    cards, melds, _counts, _baida = _split(concealed, exposed, rules)  # (checks the size)
    flips = _jiang(jiang, rules)
    check_copies(cards, melds, flips)
    frozen_called = _called(called)
    check_called(frozen_called, flips, cards)
    total = sum(meld_value(m, flips, rules) for m in melds)
    counts: dict[Card, int] = {}
    for c in cards:
        if not c.is_baida:
            counts[c] = counts.get(c, 0) + 1
    for card, n in counts.items():
        z = sum(f == card for f in flips)
        if n >= 3 or (z == 2 and n == 2 and card in frozen_called):
            if n == 4:
                total += set_value_detail(SetKind.DRAWN4, card, flips, rules).value
            else:
                meld = Meld(MeldKind.KEZI if n == 3 else MeldKind.PAIR, (card,) * n)
                total += _concealed_set_value(meld, flips, rules, frozen_called)[1]
    return _round(total, rules.round_to)


def _baida_count(cards: Sequence[Card], melds: Sequence[Meld]) -> int:
    return sum(c.is_baida for c in cards) + sum(c.is_baida for m in melds for c in m.cards)


def _refuse_split_called(d: Decomposition, called: frozenset[Card]) -> None:
    """Refuse a reading ``d`` that splits a 叫牌 three of ``called``: a declared three is a
    set of the hand, a 刻子 of its concealed groups (nantong.md §3, N19; review h123: a reading
    built by hand was scored as the analysis no longer reads it).

    >>> from changpai.nantong.hand import best_decomposition
    >>> d = best_decomposition("2t 2t 2t 3t 3t 3t 4t 4t 1t 456b 789b 123b 789t 5w 5w", jiang="2t 3w")
    >>> _refuse_split_called(d, frozenset(parse("2t")))
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: called=2t: the reading holds no 刻子 of 二條; a three declared by 叫牌 is a set of the hand, never split (nantong.md §3, N19)
    """
    for card in sorted(called):
        if not any(g.kind is MeldKind.KEZI and g.faces[0] == card for g in d.groups):
            raise RulesError(
                f"called={card.code}: the reading holds no 刻子 of {card}; a three declared by "
                "叫牌 is a set of the hand, never split (nantong.md §3, N19)"
            )


def _sheet(
    win: Win,
    d: Decomposition,
    placement: tuple[int, WaitKind | None] | None,
    single: bool,
    rules: Rules,
) -> tuple[list[ScoreLine], int, dict[str, Any]]:
    if win.called:
        _refuse_split_called(d, win.called)
    flips = win.jiang
    shape = d.shape_under(rules)
    lines: list[ScoreLine] = []
    inside: list[ScoreLine] = []
    outside: list[ScoreLine] = []
    if shape == Shape.PIAOHU:
        base = rules.piao_base if rules.piao_formula == "50x2" else 20
    else:
        base = rules.qing_base if shape == Shape.QINGHU else rules.ta_base
    inside.append(ScoreLine("base", f"{shape.hanzi} 底", base, rule=R7))
    # sets (§5, §6): declared melds, then 刻子 found in the hand
    set_lines: list[tuple[Card, bool, ScoreLine]] = []
    exposed_any = False
    for m in d.exposed:
        if m.source is None:
            continue
        detail = set_value_detail(m.source, m.card, flips, rules)
        value = meld_value(m, flips, rules)
        exposed_any = exposed_any or m.source.exposed
        line = ScoreLine("set", f"{detail.explain()} [{m}]", value, rule="nantong.md §5 §6.2")
        set_lines.append((m.card, m.source.exposed, line))
    four_in_hand = {c for c in set(win.concealed) if win.concealed.count(c) == 4 and not c.is_baida}
    if not win.self_drawn and win.winning_card is not None:
        # (§3: a 後摸 four is collected by drawing; three held and the discard won on are not)
        four_in_hand.discard(win.winning_card)
    scored_fours: set[Card] = set()
    for index, g in enumerate(d.groups):
        if g.kind != MeldKind.KEZI:
            continue
        from_discard = (
            placement is not None
            and placement[0] == index
            and not win.self_drawn
            and rules.win_triplet_exposed
        )
        if from_discard:
            kind = SetKind.PENG
            value = set_value_detail(kind, g.card, flips, rules).value
        elif rules.houmo_in_sequence and g.card in four_in_hand:
            kind = SetKind.DRAWN4
            value = set_value_detail(kind, g.card, flips, rules).value
            scored_fours.add(g.card)
        else:
            kind, value = _concealed_set_value(g, flips, rules, win.called)
        detail = set_value_detail(kind, g.card, flips, rules)
        exposed_any = exposed_any or kind.exposed
        note = " (胡 on a discard: N18)" if from_discard else ""
        line = ScoreLine("set", f"{detail.explain()} [{g}]{note}", value, rule="nantong.md §5 §6.2")
        set_lines.append((g.card, kind.exposed, line))
    if rules.houmo_in_sequence:
        for card in sorted(four_in_hand - scored_fours):
            detail = set_value_detail(SetKind.DRAWN4, card, flips, rules)
            line = ScoreLine("set", f"{detail.explain()} (後摸 in 順子, §8)", detail.value,
                             rule="nantong.md §8")  # fmt: skip
            set_lines.append((card, False, line))
    inside.extend(line for _, _, line in set_lines)
    n_wen = d.wenqian
    if n_wen >= 3 and rules.sanwenqian_double:
        for card in parse("1b 2b 3b"):
            kind, value = _concealed_set_value(Meld(MeldKind.KEZI, (card,) * 3), flips, rules,
                                               win.called)  # fmt: skip
            detail = set_value_detail(kind, card, flips, rules)
            inside.append(ScoreLine("wenqian.kezi", f"三文錢: {detail.explain()} [{card}×3]", value,
                                    rule="nantong.md §7 N13"))  # fmt: skip
    if n_wen:
        inside.append(ScoreLine("wenqian", f"文錢 ×{n_wen}", rules.wenqian_values[min(n_wen, 4) - 1],
                                rule=R7))  # fmt: skip
    # 三老聚會 (N10, N11): the three 老將 sets' values doubled
    laos = [(c, e, line) for c, e, line in set_lines if c.index in (QZ, HH, BH)]
    if {c.index for c, _, _ in laos} == {QZ, HH, BH} and (
        rules.sanlao_exposed or not any(e for _, e, _ in laos)
    ):
        inside.append(ScoreLine("sanlao", "三老聚會 (三老將 ×2)", sum(ln.value for _, _, ln in laos),
                                rule="nantong.md §7 N10"))  # fmt: skip
    if win.self_drawn and (not win.tianhu or rules.tianhu_zimo):
        inside.append(ScoreLine("zimo", "自摸", rules.zimo_bonus, rule=R7))
    wait_lines: list[ScoreLine] = []
    if placement is not None and placement[1] is not None:
        wait_lines.append(ScoreLine(f"wait.{placement[1].value}", placement[1].hanzi,
                                    rules.wait_bonus_value, rule="nantong.md §7 N8"))  # fmt: skip
    if single and (rules.wait_bonus == "cumulative" or not wait_lines):
        wait_lines.append(ScoreLine("wait.duzhang", "獨張", rules.wait_bonus_value,
                                    rule="nantong.md §7 N8"))  # fmt: skip
    for line in wait_lines:
        outer = line.key == "wait.dandiao" and not rules.specials_inside_piao
        (outside if outer else inside).append(line)
    if win.gangkai:
        line = ScoreLine("gangkai", "杠開", rules.gangkai_bonus, rule=R7)
        (inside if rules.specials_inside_piao else outside).append(line)
    lines.extend(inside)
    running = sum(line.value for line in inside)
    if shape == Shape.PIAOHU:
        running *= 2
        lines.append(ScoreLine("piao", "飄胡 ×2", 2, op="×", rule=R7))
        if rules.piao_formula == "20x2+40":
            running += 40
            lines.append(ScoreLine("piao.alt", "飄胡 +40 (算胡說明)", 40, rule="nantong.md §7 N7"))
    lines.extend(outside)
    running += sum(line.value for line in outside)
    multipliers = [
        ("menpiao", "悶飄", shape == Shape.PIAOHU and not exposed_any),
        ("tianhu", "天胡", win.tianhu),
        ("dihu", "地胡", win.dihu),
        ("tianting", "天聽", win.tianting),
        ("haidi", "海底撈月", win.haidi),
    ]
    for key, name, on in multipliers:
        if on:
            running *= 2
            lines.append(ScoreLine(key, f"{name} ×2", 2, op="×", rule=R7))
    baida = _baida_count(win.concealed, win.exposed)
    if rules.baida_settlement == "add" and baida:
        bonus = baida_bonus(baida, win.baida_dealt, rules)
        running += bonus
        lines.append(ScoreLine("baida", f"百搭 ×{baida}", bonus, rule="nantong.md §7.1 N14"))
    total = _round(running, rules.round_to)
    lines.append(ScoreLine("total", f"胡數 (rounded up to {rules.round_to})", total, op="=",
                           rule="nantong.md §7 N16"))  # fmt: skip
    facts = {"shape": shape.value, "unrounded": running, "wenqian": n_wen, "baida": baida}
    return lines, total, facts


def decomposition_value(d: Decomposition) -> int:
    """The 胡數 of a reading with nothing else known (its ``Decomposition.value``): the sheet of
    :func:`score` without a winning card, 自摸 or any other fact of play.

    >>> from changpai.nantong.hand import best_decomposition
    >>> decomposition_value(best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w"))
    120
    """
    win = Win(d.cards(), d.exposed, jiang=d.jiang, called=d.called)
    return _sheet(win, d, None, False, d.rules)[1]


_FACTS = ("winner", "players", "jiang", "winning_card", "self_drawn")
# The other facts of a win that score() takes as keywords (the Win fields but the cards, the
# seat, which is ``winner``, and the explicit keywords).
_DETAILS = tuple(k for k in _WIN_KEYWORDS if k not in (*_FACTS, "seat"))


def _as_win(
    hand: Decomposition | str | Iterable[Card],
    winner: int | None,
    players: int | None,
    jiang: Iterable[Card | str] | str | None,
    winning_card: Card | str | None,
    self_drawn: bool | None,
    details: dict[str, Any],
) -> Win:
    unknown = [key for key in details if key not in _DETAILS]
    if unknown:
        listed = ", ".join(repr(key) for key in unknown)
        raise NotationError(
            f"unknown keyword{'s' if len(unknown) > 1 else ''} {listed} for nantong.score; "
            f"the keywords are rules, {', '.join(_FACTS)}, {', '.join(_DETAILS)}"
        )
    # as the fields of a Win: a wrong type is a NotationError, a count out of range a
    # RulesError, a seat not at the table an IllegalActionError
    if players is not None:
        int_arg(players, "players", error=NotationError)
        if players != 3:
            raise RulesError(
                f"players={clipped(players)}: 犢子胡 is played by three (nantong.md §2)"
            )
    seat = 0
    if winner is not None:
        seat = scored_seat(winner, players or SEATS, "winner")
    if players is not None and "losers" not in details and "others" not in details:
        details["losers"] = tuple(s for s in range(players) if s != seat)
    if isinstance(hand, Decomposition):
        if "exposed" in details:
            raise NotationError(
                "score(decomposition, exposed=...): a Decomposition carries its exposed melds; "
                "give exposed= with cards"
            )
        details = {"exposed": hand.exposed, "called": hand.called, **details}
        cards: tuple[Card, ...] = hand.cards()
        if jiang is None:
            jiang = hand.jiang
    else:
        cards = _to_cards(hand, "win")
    return Win(
        cards,
        jiang=() if jiang is None else jiang,
        winning_card=winning_card,
        self_drawn=False if self_drawn is None else self_drawn,  # (Win checks it)
        seat=seat,
        **details,
    )


@overload
def score(win: Win, *, rules: Rules | None = None) -> ScoreSheet: ...


@overload
def score(
    win: Decomposition | str | Iterable[Card],
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    jiang: Iterable[Card | str] | str | None = None,
    winning_card: Card | str | None = None,
    self_drawn: bool | None = None,
    exposed: Iterable[Meld] | str = ...,
    called: Iterable[Card | str] | str = ...,
    gangkai: bool = ...,
    tianhu: bool = ...,
    dihu: bool = ...,
    tianting: bool = ...,
    haidi: bool = ...,
    baida_dealt: bool = ...,
    others: Iterable[OtherHand] = ...,
    losers: Iterable[int] | None = ...,
) -> ScoreSheet: ...


def score(
    win: Win | Decomposition | str | Iterable[Card],
    *,
    rules: Rules | None = None,
    winner: int | None = None,
    players: int | None = None,
    jiang: Iterable[Card | str] | str | None = None,
    winning_card: Card | str | None = None,
    self_drawn: bool | None = None,
    **details: Any,
) -> ScoreSheet:
    """Score a win: the best reading of the hand, every line explained, and the settlement.

    ``win`` is a :class:`Win` (which carries every fact of the win), a
    :class:`~changpai.nantong.Decomposition` (that reading is scored; its flipped ``jiang``
    and ``rules`` are the defaults), or the concealed cards. With a decomposition or cards the
    facts are keywords: ``winner`` (the winning seat, default 0), ``players`` (3: the two other
    seats of 0..2 pay), ``jiang`` (the flipped 將), ``winning_card``, ``self_drawn`` and the
    other :class:`Win` fields (``exposed``, ``called``, ``gangkai``, ``tianhu``, ``dihu``,
    ``tianting``, ``haidi``, ``baida_dealt``, ``others``, ``losers``). ``rules`` defaults to
    the decomposition's rules, else :data:`~changpai.nantong.DUZIHU`.

    Raises :class:`~changpai.errors.RulesError` if the hand does not win, and
    :class:`~changpai.errors.NotationError` for an unknown keyword or for keywords given with a
    :class:`Win` (as 字牌's and 大貳's ``score``).

    >>> s = score("HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t",
    ...           winning_card="9t", self_drawn=True, jiang="HH 3w")
    >>> s.fact("shape"), s.total
    ('piaohu', 990)
    >>> from changpai.nantong.hand import best_decomposition
    >>> sheet = score(best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w"), winner=1, players=3)
    >>> sheet.total, [(p.payer, p.payee, p.amount) for p in sheet.payments]
    (120, [(0, 1, 120), (2, 1, 120)])
    >>> score("1t 2t")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: '一條 二條' is not a winning hand (one pair + 7 groups) ...
    >>> score("123b 456b 789b 123t 456t 789t 123w 5w 5w", self_drawm=True)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: unknown keyword 'self_drawm' for nantong.score; the keywords are rules, winner, ...
    """
    if (foreign := foreign_result(win, "nantong", "win")) is not None:
        raise foreign
    reading = win if isinstance(win, Decomposition) else None
    if rules is None:  # (the rules the hand was read or played under, else the default)
        if reading is not None:
            rules = reading.rules
        else:
            rules = (win.rules if isinstance(win, Win) else None) or DUZIHU
    rules_arg(rules, Rules, "nantong")
    if isinstance(win, Win):
        keywords = (winner, players, jiang, winning_card, self_drawn)
        given = [name for name, v in zip(_FACTS, keywords, strict=True) if v is not None]
        keywords_with_win(sorted([*given, *details]))
    else:
        win = _as_win(win, winner, players, jiang, winning_card, self_drawn, dict(details))
    if reading is not None:
        _split(win.concealed, win.exposed, rules)  # a 百搭 needs rules with 百搭
    return scored(win, rules, reading)[0]


def scored(
    win: Win, rules: Rules, reading: Decomposition | None = None, seen: Sequence[Meld] = ()
) -> tuple[ScoreSheet, Decomposition]:
    """The sheet of :func:`score` for a checked ``win`` under ``rules``, and the reading it
    scored (``reading`` when given, else the best of every reading, whose 百搭 stand for no
    copy of the other seats' declared melds: ``win.others``' and ``seen``): what the engine
    records as its result's ``decomposition``.

    >>> sheet, d = scored(Win("123b 456b 789b 123t 456t 789t 123w 5w 5w"), DUZIHU)
    >>> sheet.total, str(d) == sheet.fact("decomposition")
    (120, True)
    """
    check_flips(win.jiang, rules)
    best: tuple[tuple[int, int], list[ScoreLine], dict[str, Any], Decomposition] | None = None
    single = False
    card = win.winning_card
    if card is not None:
        rest = list(win.concealed)
        rest.remove(card)
        # 獨張: one card kind completes the hand (a 百搭, which completes anything, not counted)
        ready = _completing(rest, win.exposed, rules, win.jiang)[2]
        single = sum(not c.is_baida for c, _ in ready) == 1
    # (a 百搭 stands for no copy in another seat's declared sets either, nantong.md §1, §4)
    in_sight = [*seen, *(meld for other in win.others for meld in other.exposed)]
    readings = (
        [reading]
        if reading is not None
        else _decompositions(
            win.concealed, win.exposed, rules, win.jiang, win.called, in_sight, in_order=True
        )
    )
    for d in readings:
        options: list[tuple[int, WaitKind | None] | None] = (
            list(placements(d, card)) if card is not None else [None]
        )
        for placement in options or [None]:
            lines, total, facts = _sheet(win, d, placement, single, rules)
            # the most 胡數, then the most before rounding (as best_decomposition ranks)
            rank: tuple[int, int] = (total, facts["unrounded"])
            if best is None or rank > best[0]:
                facts["decomposition"] = str(d)
                best = (rank, lines, facts, d)
    if best is None:
        text = " ".join(c.hanzi for c in win.concealed)
        beyond = in_sight and any(
            decompositions(win.concealed, win.exposed, rules=rules, jiang=win.jiang)
        )
        why = (
            ": in every reading a 百搭 stands for a copy another seat's declared sets hold"
            if beyond
            else ""
        )
        raise RulesError(
            f"{clipped(text)} is not a winning hand (one pair + 7 groups) with "
            f"{len(win.exposed)} declared melds{why}"
        )
    (total, _), lines, facts, chosen = best
    payments: list[Payment] = []
    others = {o.seat: o for o in win.others}
    for seat in win.loser_seats():
        other = others.get(seat)
        own = (
            sets_value(other.concealed, other.exposed, win.jiang, rules, other.called)
            if other is not None
            else 0
        )
        lines.append(ScoreLine(f"loser.{seat}", f"seat {seat} own sets", own, op="=",
                               rule="nantong.md §7.2 N17"))  # fmt: skip
        amount = total - own if rules.settlement == "difference" else total
        if amount > 0:
            payments.append(Payment(seat, win.seat, amount))
        elif amount < 0:
            payments.append(Payment(win.seat, seat, -amount))
    if rules.baida_settlement == "separate":
        holders = [(win.seat, _baida_count(win.concealed, win.exposed), win.baida_dealt)]
        holders += [
            (o.seat, _baida_count(o.concealed, o.exposed), o.baida_dealt) for o in win.others
        ]
        table = (win.seat, *win.loser_seats())
        for seat, count, dealt in holders:
            if not count:
                continue
            bonus = baida_bonus(count, dealt, rules)
            lines.append(ScoreLine(f"baida.{seat}", f"喜: seat {seat} holds {count} 百搭", bonus,
                                   op="=", rule="nantong.md §7.1 N14"))  # fmt: skip
            payments.extend(Payment(p, seat, bonus) for p in table if p != seat)
    facts["total"] = total
    title = win_title(rules.title, win.seat, Shape(facts["shape"]).hanzi)
    return ScoreSheet(title, tuple(lines), total, tuple(payments), tuple(facts.items())), chosen
