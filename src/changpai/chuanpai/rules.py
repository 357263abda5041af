"""Rules objects of the 川牌 family: one frozen :class:`Rules` with every option of the Ambiguities
table of chuanpai.md §5, and the presets :data:`YAODIREN` (幺地人, the 擠兒 game of §2) and
:data:`GEHU` (割胡, the 14-point game of §4).

>>> YAODIREN.deck, YAODIREN.pair_sums, GEHU.pair_sums
('deck105', (10, 20), (14,))
>>> YAODIREN.evolve(deal="16/15").deal_sizes(4)
(16, 15, 15, 15)
>>> GEHU, YAODIREN.evolve(players=3)
(chuanpai.GEHU, chuanpai.YAODIREN.evolve(players=3))
>>> YAODIREN.evolve(win="points")
Traceback (most recent call last):
...
changpai.errors.RulesError: win='points' is not one of ('formed', 'red_dots', 'cards16')
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import evolve, field, frozen

from changpai.chuanpai.cards import DECKS, Card, deck
from changpai.core.guard import clipped, flag_arg, int_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import RulesError

__all__ = ["GEHU", "PRESETS", "YAODIREN", "Rules"]


def _choice(*options: Any) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        # type(...) too: 1 == True, so a bare ``in`` would accept 1 for a bool option
        if not any(type(value) is type(o) and value == o for o in options):
            raise RulesError(f"{attribute.name}={clipped(value)} is not one of {options}")

    return check


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, attribute.name)


def _text(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{attribute.name}={clipped(value)} must be a non-empty string")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(instance: Any, attribute: Any, value: Any) -> None:
    int_arg(value, attribute.name, low=2, high=7)


def _targets(instance: Any, attribute: Any, value: Any) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != 3
        or not all(_whole(v) and v >= 0 for v in value)
    ):
        raise RulesError(
            f"{attribute.name}={clipped(value)} must be a tuple of three non-negative whole numbers "
            "(dealer, other regular players, 摸家)"
        )


def _non_negative(instance: Any, attribute: Any, value: Any) -> None:
    if not _whole(value) or value < 0:
        raise RulesError(f"{attribute.name}={clipped(value)} must be a non-negative integer")


# cache_hash: rules are a key of the hand-analysis caches, asked on every win check.
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """Every option of the 川牌 擠兒 game (chuanpai.md §2, §4) and of 戳牌 (§3), one per row of
    the Ambiguities table (§5). Change options with :meth:`evolve`.

    Fields (the row of chuanpai.md §5 in brackets):

    - ``deck`` [C1]: ``"deck105"``, ``"deck84"``, ``"deck84_jing"`` or ``"deck86"``.
    - ``pair_rule`` [C2, C3]: ``"10/20"`` (擠兒 pairs sum to 10 or 20) or ``"14"`` (割胡).
    - ``win`` [C4]: ``"formed"`` (all cards formed), ``"red_dots"`` (red dots on the 擺牌 reach
      ``red_dot_targets`` = dealer / other regular players / 摸家) or ``"cards16"`` (16 cards
      on the table).
    - ``deal`` [C5]: ``"18/17"`` (dealer 18, others 17, 摸家 ``mojia_cards`` = 5) or
      ``"16/15"`` (dealer 16, every other regular player 15, no 摸家). ``mojia_cards`` is from
      2 to 16 under ``"18/17"`` (a small seat); ``"16/15"`` does not use it (any whole number
      >= 0).
    - ``mojia_claims`` (§2.1): what the 尾家 / 摸家 (the small fourth seat of ``"18/17"``) may
      claim of an offered card: ``"peng"`` (only 扯 = 碰: "尾家不能吃牌，只能扯牌", seed 001) or
      ``"all"`` (碰 / 燕 / 起 / 扛, as the 5th player's "只能碰、燕、槓"; what the engine allowed
      before this option — documents without it load so, ``ADDED_OPTIONS``).
    - ``jiao`` [C6]: when the 叫牌 condition (a pair of 幺四, 地牌 or 人牌, or a 土夥) is checked:
      ``"win"`` (at win time), ``"deal"`` (among the dealt cards only) or ``"off"``.
    - ``hu_jier10``, ``hu_jing_pair``, ``hu_tuhuo`` [C7, C14]: 胡 of a 10-point 擠兒, a 經 pair
      and a 5-of-a-kind; the other values of the §2.6 table are fields too (``hu_jier20`` …).
    - ``turned_bai``: whether a regular seat may claim a turned card otherwise than by 扯 (碰):
      with 擺, 燕, 起 or 扛; 割胡 says the others may only 扯 (碰) a turned card (chuanpai.md
      §4), so :data:`GEHU` sets it False.
    - ``kang`` [C8]: ``"qitou"`` (扛 follows the 齊頭 rule) or ``"optional"``.
    - ``strict_qi`` (§2.3 起 "must attach unless that card wins"): the fourth card of a 暗 on
      the seat's table is claimed only by the 起 (or a winning 擺); ``False``: a 燕 or a 碰 of
      it is offered beside, which let a seat dodge the 起 — what the engine allowed before this
      option (documents without it load so, ``ADDED_OPTIONS``).
    - ``qitou_uncovered`` [C9]: ``"mandatory"`` or ``"optional"`` when the bad cards exceed the
      good ones by two or more.
    - C10 – C12 are options of 戳牌, a game of its own with its own rules class
      (:class:`changpai.chuanpai.chuopai.Rules`); documents of 0.2.0 and before, whose 擠兒
      rules carried them unused, still load (``RETIRED_OPTIONS``).
    - C13 (氂牛 / 斧頭) is a card alias and C15 (claim order: nearest seat after the source) is
      fixed; neither is a field.

    >>> YAODIREN.hu_jier20, YAODIREN.hu_an, YAODIREN.jing_multiplier, YAODIREN.base
    (1, 3, 10, 1)
    """

    name: str = field(default="yaodiren", validator=_text)
    title: str = field(default="幺地人", validator=_text)
    deck: str = field(default="deck105", validator=_choice(*DECKS))
    pair_rule: str = field(default="10/20", validator=_choice("10/20", "14"))
    players: int = field(default=4, validator=_players)
    win: str = field(default="formed", validator=_choice("formed", "red_dots", "cards16"))
    red_dot_targets: tuple[int, int, int] = field(default=(20, 18, 5), validator=_targets)
    cards_to_win: int = field(default=16, validator=_non_negative)
    deal: str = field(default="18/17", validator=_choice("18/17", "16/15"))
    # dealt only under deal="18/17", where it must be >= 1 (see __attrs_post_init__)
    mojia_cards: int = field(default=5, validator=_non_negative)
    mojia_claims: str = field(default="peng", validator=_choice("peng", "all"))
    jiao: str = field(default="win", validator=_choice("win", "deal", "off"))
    turned_bai: bool = field(default=True, validator=_flag)
    kang: str = field(default="qitou", validator=_choice("qitou", "optional"))
    qitou_uncovered: str = field(default="mandatory", validator=_choice("mandatory", "optional"))
    strict_qi: bool = field(default=True, validator=_flag)
    hu_jier20: int = field(default=1, validator=_non_negative)
    hu_jier10: int = field(default=0, validator=_non_negative)
    hu_jier14: int = field(default=0, validator=_non_negative)
    hu_jing_pair: int = field(default=0, validator=_non_negative)
    hu_peng: int = field(default=2, validator=_non_negative)
    hu_yan: int = field(default=2, validator=_non_negative)
    hu_an: int = field(default=3, validator=_non_negative)
    hu_qi: int = field(default=5, validator=_non_negative)
    hu_liang: int = field(default=7, validator=_non_negative)
    hu_kang: int = field(default=7, validator=_non_negative)
    hu_tuhuo: int = field(default=7, validator=_non_negative)
    jing_multiplier: int = field(default=10, validator=_non_negative)
    base: int = field(default=1, validator=_non_negative)

    RETIRED_OPTIONS: ClassVar[dict[str, Any]] = {
        "chuo_fifteen": "draw",
        "jia_mult": 2,
        "fan_mult": 2,
        "chuo_ties": "equal",
    }
    """Options the 擠兒 rules carried unused up to 0.2.0 (see C10 – C12 above): a document may
    still hold them at these values (:func:`changpai.core.serial.rules_from_dict`)."""

    ADDED_OPTIONS: ClassVar[dict[str, Any]] = {"mojia_claims": "all", "strict_qi": False}
    """Options added after documents were written without them, with the behaviour of those
    documents: a document that does not name ``mojia_claims`` was played when the 摸家 could
    燕 / 起 / 扛, one that does not name ``strict_qi`` when a 燕 or 碰 could take a 起's card,
    and each replays so (:func:`changpai.core.serial.rules_from_dict`)."""

    def __attrs_post_init__(self) -> None:
        check_numbers(self)
        # the 摸家 is a small seat (chuanpai.md §2.1: he may only 扯, draws into hand and swaps
        # one out): dealt more than the one card of the 7th player, who never plays, and fewer
        # than a regular player's 17 (1 made him a passive seat, 17 or more a regular one, and
        # a deal beyond the deck was cut short); "16/15" deals no 摸家, so there mojia_cards is
        # not used and not held to it
        if self.deal == "18/17" and not 2 <= self.mojia_cards <= 16:
            raise RulesError(
                f"mojia_cards={clipped(self.mojia_cards)} must be from 2 to 16 under deal='18/17' "
                "(the 摸家 is a small seat: more than the 7th player's one card, fewer than a "
                "regular player's 17)"
            )

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (unknown option names raise RulesError).

        >>> YAODIREN.evolve(players=3).players
        3
        >>> YAODIREN.evolve(colour="red")
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: unknown chuanpai rules option 'colour'; the options are name, title, deck, ...
        """
        check_option_names(Rules, changes, "chuanpai")
        return evolve(self, **changes)

    @property
    def pair_sums(self) -> tuple[int, ...]:
        """The point sums a 擠兒 may have: ``(10, 20)`` or ``(14,)`` (chuanpai.md §2.3, §4).

        >>> GEHU.pair_sums
        (14,)
        """
        return (10, 20) if self.pair_rule == "10/20" else (14,)

    def cards(self) -> tuple[Card, ...]:
        """The full deck of these rules.

        >>> len(GEHU.cards())
        84
        """
        return deck(self.deck)

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]:
        """Cards dealt to each seat, dealer first (chuanpai.md §2.1, §4; Ambiguities C5).

        ``deal="18/17"`` [S001]: dealer 18, the next two 17, the fourth (尾家 / 摸家)
        ``mojia_cards`` (5). ``deal="16/15"`` ([S000] copy: "頭家抓16張，後面各家都是15張"):
        dealer 16 and every other regular player (up to the fourth) 15, no 5-card 摸家. In both, a
        5th player gets 3; with 6 players the 5th gets 5 and the 6th 3; with 7 the 7th gets 1.
        With 2 or 3 players there is no 摸家 [INF].

        >>> YAODIREN.deal_sizes(4), YAODIREN.deal_sizes(2)
        ((18, 17, 17, 5), (18, 17))
        >>> YAODIREN.deal_sizes(7)
        (18, 17, 17, 5, 5, 3, 1)
        >>> YAODIREN.evolve(deal="16/15").deal_sizes(4)
        (16, 15, 15, 15)
        >>> YAODIREN.evolve(deal="16/15").deal_sizes(6)
        (16, 15, 15, 15, 5, 3)
        """
        n = int_arg(self.players if players is None else players, "players", low=2, high=7)
        regular = [18, 17, 17, self.mojia_cards] if self.deal == "18/17" else [16, 15, 15, 15]
        extra = {5: [3], 6: [5, 3], 7: [5, 3, 1]}.get(n, [])
        return (*regular[: min(n, 4)], *extra)


YAODIREN = Rules()
"""幺地人: the 擠兒 game of chuanpai.md §2 with ``deck105`` and 10/20 pairs, 4 players."""

GEHU = Rules(
    name="gehu",
    title="割胡",
    deck="deck84",
    pair_rule="14",
    players=4,
    jiao="off",
    turned_bai=False,
)
"""割胡 (川北): ``deck84``, 4 players, pairs summing to 14 (chuanpai.md §4)."""

PRESETS: dict[str, Rules] = {"yaodiren": YAODIREN, "gehu": GEHU}
"""The presets by id."""

register_presets(Rules, "chuanpai", YAODIREN=YAODIREN, GEHU=GEHU)
