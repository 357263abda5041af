"""Rules of 孝感長牌: one frozen :class:`Rules` object with every option of the Ambiguities table
of xiaogan.md §7, and the preset :data:`XIAOGAN` (every default).

>>> XIAOGAN
xiaogan.XIAOGAN
>>> XIAOGAN.deal_sizes(), XIAOGAN.deal_sizes(7)
((16, 15, 15, 15), (16, 15, 15, 15, 5, 3, 1))
>>> XIAOGAN.evolve(hunjiang="wild", numeric_sentences=True)
xiaogan.XIAOGAN.evolve(hunjiang='wild', numeric_sentences=True)
>>> Rules(hunjiang="joker")
Traceback (most recent call last):
...
changpai.errors.RulesError: hunjiang='joker' is not one of ('menjiang', 'wild')
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import evolve, field, frozen

from changpai.core.guard import clipped, flag_arg, int_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import RulesError
from changpai.xiaogan.cards import DECK

__all__ = ["PRESETS", "XIAOGAN", "Rules"]

# xiaogan.md §2: 頭家 16, the other regular players 15; the small seats of 5, 6 and 7 players.
_SMALL: dict[int, tuple[int, ...]] = {5: (3,), 6: (5, 3), 7: (5, 3, 1)}


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, attribute.name)


def _one_of(*choices: str) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value not in choices:
            raise RulesError(f"{attribute.name}={clipped(value)} is not one of {choices}")

    return check


def _int_in(low: int, high: int) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        int_arg(value, attribute.name, low=low, high=high)

    return check


def _text(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{attribute.name}={clipped(value)} must be a non-empty string")


# cache_hash: rules are a key of the analysis and scoring caches (as 川牌's).
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """Every option of 孝感長牌 (xiaogan.md; Ambiguities rows X1..X10 in brackets).

    Attributes:
        name, title: the variant id and its hanzi name.
        players: the default number of players, 2..7 (§2; a game may be dealt for another
            number with ``Game(players=...)``).
        count_face_down: the laid-out count of §5 includes face-down cards (暗, the three
            hidden cards of a 起) [X2]; ``False``: face-up cards only.
        hunjiang: ``"menjiang"``: 混江 only stands in for one card of the dealer's 門將
            [X3 default]; ``"wild"``: it stands in for any one card of any set.
        numeric_sentences: the number runs 七八九 and 八九十 are sets (順) [X5].
        wuzhang: five identical cards are one set, 五張 [X6]; ``False``: they split 4 + 1.
        use_chuanpai_hu_table: score with the borrowed 川牌 胡 table [X7] instead of one unit
            per loser (§6).
        tuo_zhuang: a dealer who abandons a hand at 15 keeps the deal (拖庄) [X8].
        win_count: the laid-out cards a win needs (§5: 16); one fewer allows the abandon.
        unit: what each loser pays the winner by default, and the base added to the 胡 with the
            borrowed table (§6: 胡 + 1).
        win_during_tou: a seat whose cards laid out reach ``win_count`` on a claim, during its
            replacement draws (偷) or on its dealt sets wins at once, before the draws it would
            earn (§5 "as soon as"); ``False``: the win is checked once the draws are done, as
            the engine of 0.2.0 did (documents written without this option load so,
            ``ADDED_OPTIONS``).
        lay_at_once: identical cards are laid the moment a seat's hand holds three or more
            that no 句 ties (§4 [INF], the seed's "否則就暗下去了"): also after a discard, a
            claim or a laid set takes a partner card away, and a small seat's drawn card is
            placed as a 偷 (the fourth of its 暗 a 起, "unless it wins"; three untied a 暗);
            ``False``: only on the deal and on a 偷, a small seat's draw kept in hand, as
            changpai did before (documents written without this option load so).

    >>> Rules(players=8)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=8 is not an integer from 2 to 7
    """

    name: str = field(default="xiaogan", validator=_text)
    title: str = field(default="孝感長牌", validator=_text)
    players: int = field(default=4, validator=_int_in(2, 7))
    count_face_down: bool = field(default=True, validator=_flag)
    hunjiang: str = field(default="menjiang", validator=_one_of("menjiang", "wild"))
    numeric_sentences: bool = field(default=False, validator=_flag)
    wuzhang: bool = field(default=True, validator=_flag)
    use_chuanpai_hu_table: bool = field(default=False, validator=_flag)
    tuo_zhuang: bool = field(default=False, validator=_flag)
    win_count: int = field(default=16, validator=_int_in(2, 121))
    unit: int = field(default=1, validator=_int_in(0, 1_000_000))
    win_during_tou: bool = field(default=True, validator=_flag)
    lay_at_once: bool = field(default=True, validator=_flag)

    #: Options added after documents were written without them, with the behaviour of those
    #: documents (an older game replays as it was played): the win was checked after the 偷,
    #: and identical cards were laid only on the deal and on a 偷.
    ADDED_OPTIONS: ClassVar[dict[str, Any]] = {"win_during_tou": False, "lay_at_once": False}

    def __attrs_post_init__(self) -> None:
        check_numbers(self)  # (each whole-number option is bounded by its validator too)

    @property
    def wild(self) -> bool:
        """Whether 混江 is fully wild [X3].

        >>> XIAOGAN.wild, XIAOGAN.evolve(hunjiang="wild").wild
        (False, True)
        """
        return self.hunjiang == "wild"

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]:
        """Cards dealt to each position from the dealer (xiaogan.md §2): 頭家 16, each other
        regular player 15; with 5 players the 5th gets 3, with 6 the 5th 5 and the 6th 3, with 7
        as 6 plus a 7th with one card.

        >>> XIAOGAN.deal_sizes(2), XIAOGAN.deal_sizes(5)
        ((16, 15), (16, 15, 15, 15, 3))
        >>> XIAOGAN.deal_sizes(1)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: players=1 is not an integer from 2 to 7
        """
        n = int_arg(self.players if players is None else players, "players", low=2, high=7)
        regular = min(n, 4)
        return (16, *(15,) * (regular - 1), *_SMALL.get(n, ()))

    def cards(self) -> tuple[Any, ...]:
        """Every card of the deck (121, xiaogan.md §1).

        >>> len(XIAOGAN.cards())
        121
        """
        return DECK

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated): an unknown option name or a bad value
        raises :class:`~changpai.errors.RulesError` naming it.

        >>> XIAOGAN.evolve(tuo_zhuang=True).tuo_zhuang
        True
        >>> XIAOGAN.evolve(tuozhuang=True)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: unknown xiaogan rules option 'tuozhuang'; the options are name, title, players, ...
        """
        check_option_names(Rules, changes, "xiaogan")
        return evolve(self, **changes)


XIAOGAN = Rules()
"""孝感長牌 with every default of xiaogan.md §7."""

PRESETS: dict[str, Rules] = {"xiaogan": XIAOGAN}
"""The presets by name."""

register_presets(Rules, "xiaogan", XIAOGAN=XIAOGAN)
