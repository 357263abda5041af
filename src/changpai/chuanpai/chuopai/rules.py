"""The rules object of 戳牌 / 亂戳 (chuanpai.md §3): one frozen :class:`Rules` with the 戳牌 rows of
the Ambiguities table (§5 C10, C11, C12) and the options the rules text leaves open, and the
preset :data:`CHUOPAI`.

>>> CHUOPAI
chuanpai.chuopai.CHUOPAI
>>> CHUOPAI.players, CHUOPAI.hand_size, CHUOPAI.jia_mult, CHUOPAI.chuo_ties
(3, 28, 2, 'stand')
>>> CHUOPAI.evolve(chuo_ties="beat")
chuanpai.chuopai.CHUOPAI.evolve(chuo_ties='beat')
>>> CHUOPAI.evolve(chuo_ties="later")
Traceback (most recent call last):
...
changpai.errors.RulesError: chuo_ties='later' is not one of ('stand', 'beat')
"""

from __future__ import annotations

from typing import Any

from attrs import evolve, field, frozen

from changpai.chuanpai.cards import DECK84, Card
from changpai.core.guard import clipped, flag_arg, int_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import RulesError

__all__ = ["CHUOPAI", "Rules"]


_MOST_YINGZHANG = 8  # (the 硬張 丁丁 and 二紅, four copies each, §3.1)


def _one_of(*choices: Any) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        # compare types too: 1 == True, so a bare ``in`` would accept 1 for a bool option
        if not any(type(value) is type(c) and value == c for c in choices):
            raise RulesError(f"{attribute.name}={clipped(value)} is not one of {choices}")

    return check


def _at_least(minimum: int) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        int_arg(value, attribute.name, low=minimum)  # RulesError: an option of the rules

    return check


def _none_or_at_least(minimum: int) -> Any:
    check = _at_least(minimum)

    def none_or(instance: Any, attribute: Any, value: Any) -> None:
        if value is not None:
            check(instance, attribute, value)

    return none_or


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, attribute.name)


def _text(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{attribute.name}={clipped(value)} must be a non-empty string")


# cache_hash: rules are a key of the analysis and scoring caches (as 川牌's).
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """Every option of 戳牌 (chuanpai.md §3; the rows of the Ambiguities table §5 in brackets).
    The deck (``deck84``), the three players and the 28 cards each are fixed by §3.1.

    Attributes:
        name: the variant id (``"chuopai"``).
        title: its hanzi (``"戳牌"``).
        void_without_tianjiu: 無天無九不打牌 — the hand is void when a player's 28 cards hold
            no 天牌, 紅九 or 黑九 (§3.1).
        chuo_ties: ``"stand"`` — an equal play does not beat, the earlier play stands — or
            ``"beat"`` — an equal play beats it, the later play takes the trick [C12].
        chuo_fifteen: ``"draw"`` — 脫手 (15 擺牌 with 5 cards in hand) ends the hand with
            nobody winning or losing — or ``"win"`` — 脫手 is a 小胡 win [C10].
        win_cards: 擺牌 needed to win, 小胡 (16, §3.4).
        yijia_cards: 擺牌 of 一甲 (21, §3.4).
        liangjia_cards: 擺牌 of 兩甲 (23, §3.4); the three do not decrease (``win_cards`` <=
            ``yijia_cards`` <= ``liangjia_cards``) and reach at most a seat's 28 cards.
        tuoshou_cards, tuoshou_hand: the 脫手 condition, 15 擺牌 with 5 cards in hand (§3.4);
            ``tuoshou_cards`` is below ``win_cards``, the two at most a seat's 28 cards.
        unit: what a 小胡 is worth (1 unit, the recommended default of §3.4) [C11].
        jia_mult: the multiplier of 一甲; 兩甲 multiplies by its square (×2, ×4) unless
            ``liangjia_mult`` says otherwise [C11].
        liangjia_mult: the multiplier of 兩甲 when it is not ``jia_mult`` squared (``None``,
            the recommended ×4 of §3.4 [INF]) [C11]; at least ``jia_mult`` (兩甲 ranks above
            一甲).
        fan_mult: the multiplier of each 翻 (×2) [C11].
        big_combos: whether larger 組合 of one rank — 天天九, 天九九, more head cards or 點子 —
            are plays (§3.2 [INF]: "shapes like 天天九 / 天九九 are allowed as larger combos of
            the same rank"); ``False``: a 組合 is one head card and one 點子.
        fan_counting: how 三紅四黑 counts 翻 (§3.4 [INF], C11): ``"kinds"`` — the recommended
            counting, ``n − 2`` for each red kind with ``n ≥ 3`` copies and 1 for each black
            kind with 4 — or ``"cards"`` — "三張紅牌 / 四張黑牌" read as any red and black
            cards: ``reds − 2`` (from 3 red cards) and 1 for every 4 black cards; either way
            at most ``擺牌 − win_cards`` are awarded.
        baopai: whether a first lead holding 天 or 紅九 / 黑九 makes the leader liable (包牌,
            §3.3, §3.4).
        fapai_units: how many units (``unit`` each) an offender of 罰牌 (not beating when
            able, ``Game(strict=False)``) pays each other player (1 [INF]: §3.4 names the
            penalty, not its size; 0: the hand stops and nobody pays).
        zhanzhuang: whether a winning dealer keeps the deal (佔莊, §3.1); otherwise the deal
            passes to the dealer's 下家.

    >>> CHUOPAI.evolve(jia_mult=3).jia_mult
    3
    >>> CHUOPAI.evolve(fan_mult=0)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: fan_mult=0 is not an integer >= 1
    """

    name: str = field(default="chuopai", validator=_text)
    title: str = field(default="戳牌", validator=_text)
    void_without_tianjiu: bool = field(default=True, validator=_flag)
    chuo_ties: str = field(default="stand", validator=_one_of("stand", "beat"))
    chuo_fifteen: str = field(default="draw", validator=_one_of("draw", "win"))
    win_cards: int = field(default=16, validator=_at_least(1))
    yijia_cards: int = field(default=21, validator=_at_least(1))
    liangjia_cards: int = field(default=23, validator=_at_least(1))
    tuoshou_cards: int = field(default=15, validator=_at_least(1))
    tuoshou_hand: int = field(default=5, validator=_at_least(0))
    unit: int = field(default=1, validator=_at_least(1))
    jia_mult: int = field(default=2, validator=_at_least(1))
    fan_mult: int = field(default=2, validator=_at_least(1))
    liangjia_mult: int | None = field(default=None, validator=_none_or_at_least(1))
    fan_counting: str = field(default="kinds", validator=_one_of("kinds", "cards"))
    big_combos: bool = field(default=True, validator=_flag)
    baopai: bool = field(default=True, validator=_flag)
    fapai_units: int = field(default=1, validator=_at_least(0))
    zhanzhuang: bool = field(default=True, validator=_flag)

    def __attrs_post_init__(self) -> None:
        check_numbers(self)
        if not self.win_cards <= self.yijia_cards <= self.liangjia_cards:
            raise RulesError(
                f"win_cards={self.win_cards}, yijia_cards={self.yijia_cards}, "
                f"liangjia_cards={self.liangjia_cards}: the thresholds must not decrease"
            )
        if self.win_cards <= _MOST_YINGZHANG:
            raise RulesError(
                f"win_cards={self.win_cards}: a seat may be dealt {_MOST_YINGZHANG} 硬張 (four "
                "丁丁 and four 二紅), laid as 擺牌 before any trick is played (chuanpai.md §3.1, "
                f"§3.4), so a win needs more than {_MOST_YINGZHANG} 擺牌"
            )
        if self.liangjia_mult is not None and self.liangjia_mult < self.jia_mult:
            raise RulesError(
                f"liangjia_mult={self.liangjia_mult}, jia_mult={self.jia_mult}: 兩甲 ranks above "
                "一甲 (chuanpai.md §3.4, C11), so it may not multiply by less"
            )
        most = self.hand_size
        if self.liangjia_cards > most:  # (review h117: a result no hand reaches was accepted)
            raise RulesError(
                f"liangjia_cards={self.liangjia_cards}: a seat lays at most its own {most} cards "
                "as 擺牌 (chuanpai.md §3.1), so no hand would reach it"
            )
        if self.tuoshou_cards + self.tuoshou_hand > most:
            raise RulesError(
                f"tuoshou_cards={self.tuoshou_cards}, tuoshou_hand={self.tuoshou_hand}: a seat "
                f"holds {most} cards (chuanpai.md §3.1), so no hand would reach 脫手"
            )
        if self.tuoshou_cards >= self.win_cards:
            raise RulesError(
                f"tuoshou_cards={self.tuoshou_cards}, win_cards={self.win_cards}: 脫手 comes "
                "short of a win, so it needs fewer 擺牌 (chuanpai.md §3.4)"
            )

    @property
    def players(self) -> int:
        """The number of players: 3 (chuanpai.md §3.1).

        >>> CHUOPAI.players
        3
        """
        return 3

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: the whole ``deck84`` among three, 28 each (§3.1).

        >>> CHUOPAI.hand_size
        28
        """
        return len(DECK84) // self.players

    @property
    def deck(self) -> str:
        """The deck's name: ``"deck84"`` (chuanpai.md §1, §3.1).

        >>> CHUOPAI.deck
        'deck84'
        """
        return "deck84"

    def cards(self) -> tuple[Card, ...]:
        """The full deck of these rules, 21 kinds × 4.

        >>> len(CHUOPAI.cards())
        84
        """
        return DECK84

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated); an unknown option raises RulesError.

        >>> CHUOPAI.evolve(chuo_fifteen="win").chuo_fifteen
        'win'
        >>> CHUOPAI.evolve(jiamult=3)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: unknown 戳牌 rules option 'jiamult'; the options are name, title, ...
        """
        check_option_names(Rules, changes, "戳牌")
        return evolve(self, **changes)


CHUOPAI = Rules()
"""戳牌 / 亂戳 (chuanpai.md §3): deck84, 3 players, 28 cards each, the §3.4 recommended scoring."""

register_presets(Rules, "chuanpai.chuopai", CHUOPAI=CHUOPAI)
