"""Rules objects for the 大貳 family: every Ambiguities row of daer.md §8 is a field.

Two presets: :data:`DAER` (四川大貳, the mahjong-like game of daer.md §2–§6) and :data:`LUZHOU`
(瀘州大貳, the zipai-like preset of daer.md §7). Variants of them are made with
:meth:`Rules.evolve`.

>>> DAER.players, DAER.hand_size, DAER.jiang_values, DAER.scoring
(4, 13, (2, 5, 8), 'flat')
>>> LUZHOU.players, LUZHOU.hand_size, LUZHOU.min_hu, LUZHOU.scoring
(3, 20, 10, 'huxi')
>>> DAER.evolve(jiang_big_only=True)
daer.DAER.evolve(jiang_big_only=True)
>>> DAER.evolve(hand_size=12)
Traceback (most recent call last):
...
changpai.errors.RulesError: hand_size=12: with replacement draws on 杠 a winning hand of 13 cards cannot be read as sets and a 將; use 3n+1 cards (10, 13, 16 …)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import evolve, field, frozen

from changpai.core.guard import clipped, flag_arg, items_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import NotationError, RulesError

__all__ = ["DAER", "LUZHOU", "SCORING", "Rules"]

SCORING = ("flat", "huxi")
"""The settlements of daer.md E5: ``flat`` (1 unit, §6) or ``huxi`` (胡 counted by the 字牌
胡息 table, zipai.md §8.1)."""

_DECK_SIZE = 80


def _tuple_of_ints(value: object) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RulesError(f"jiang_values={clipped(value)} is not a collection of card values 1..10")
    try:  # (a set is what is read; a mapping is refused: it would read as its keys)
        values = items_arg(value, "jiang_values", "card values 1..10", sets=True)
        return tuple(sorted(set(values)))
    except NotationError as error:
        raise RulesError(str(error)) from None
    except TypeError:
        raise RulesError(
            f"jiang_values={clipped(value)} is not a collection of card values 1..10"
        ) from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_INTS = (
    ("players", 2, "the number of players (daer.md E6)"),
    ("hand_size", 1, "the cards dealt to a non-dealer (daer.md E1)"),
    ("dealer_extra", 0, "the extra cards of the dealer"),
    ("min_hu", 0, "the 胡 needed to win (daer.md §7)"),
    ("zimo_multiplier", 1, "what a self-drawn win multiplies each payment by"),
)
_BOOLS = (
    "jiang_big_only",
    "erqishi",
    "jiao",
    "zero_hu",
    "gang_draw",
    "kan_locked",
    "guozhang",
    "win_on_discard",
)


# cache_hash: rules are a key of the analysis and scoring caches (as 川牌's).
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """The options of a 大貳 hand (daer.md §8 Ambiguities E1–E6, and the §7 preset).

    Attributes:
        name: the variant id (``"daer"``, ``"luzhou"``).
        title: the hanzi name.
        players: 4 (E6) or 3 (``luzhou``); 2..4.
        hand_size: cards of a non-dealer (E1): 13, or 20 in ``luzhou``.
        dealer_extra: the dealer's extra card (the "+1"); 0: he is dealt as the others and
            draws first.
        jiang_values: the values a 將 pair may have: 貳伍捌 (2, 5, 8) [S001]; every value in
            ``luzhou`` (its 對子 is any pair).
        jiang_big_only: E2 — only big 貳伍捌 may be the 將.
        erqishi: E3 — 二七十 / 貳柒拾 is a set.
        jiao: E4 — three of one value with both cases (絞, ``luzhou`` 大小混搭) is a set.
        scoring: E5 — ``"flat"`` (1 unit) or ``"huxi"`` (胡 by the 字牌 胡息 table).
        min_hu: the least 胡 of a winning hand (``luzhou``: 10).
        zero_hu: a hand of 0 胡 may win below ``min_hu`` (the ``luzhou`` option).
        zimo_multiplier: a self-drawn win makes every other player pay this many times the
            unit (``luzhou``: 2, "自摸 paid by all others at double").
        gang_draw: a 杠 draws a replacement card (§3). Without it (``luzhou``) a hand with a
            four holds one 對子 more, and a second or later four spares its maker one
            discard (八塊).
        kan_locked: three identical cards dealt are a 坎 that cannot be split, discarded or
            used in a 吃 or 碰 (§7; a three made by the player's own draw is read freely, and
            a three a discard won on completes is a 碰), and four identical cards in hand are
            laid at once as a 垅 (``luzhou``).
        guozhang: a card a player could 吃 and passed (過張) may not be eaten by him later.
        win_on_discard: a discard may be won on (§5).

    Bad values raise :class:`~changpai.errors.RulesError` naming them.

    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=5: a 大貳 table has 2 to 4 players
    """

    name: str = "daer"
    title: str = "大貳"
    players: int = 4
    hand_size: int = 13
    dealer_extra: int = 1
    jiang_values: tuple[int, ...] = field(default=(2, 5, 8), converter=_tuple_of_ints)
    jiang_big_only: bool = False
    erqishi: bool = True
    jiao: bool = False
    scoring: str = "flat"
    min_hu: int = 0
    zero_hu: bool = False
    zimo_multiplier: int = 1
    gang_draw: bool = True
    kan_locked: bool = False
    guozhang: bool = False
    win_on_discard: bool = True

    def __attrs_post_init__(self) -> None:
        check_numbers(self)
        for name in ("name", "title"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise RulesError(
                    f"{name}={clipped(getattr(self, name))} must be a non-empty string"
                )
        for name, least, what in _INTS:
            value = getattr(self, name)
            if name == "players" and _is_int(value):
                continue  # (its whole range is checked below: review h130)
            if not _is_int(value) or value < least:
                raise RulesError(
                    f"{name}={clipped(value)}: {what} must be a whole number >= {least}"
                )
        for name in _BOOLS:
            flag_arg(getattr(self, name), name)
        if not 2 <= self.players <= 4:
            raise RulesError(f"players={clipped(self.players)}: a 大貳 table has 2 to 4 players")
        if self.dealer_extra > 1:
            raise RulesError(
                f"dealer_extra={self.dealer_extra}: the dealer is dealt one card more than the "
                "others (daer.md E1 '13 (+1 dealer)'), or with 0 none and draws first; more "
                "would leave him a card over every winning hand"
            )
        if self.scoring not in SCORING:
            raise RulesError(f"scoring={clipped(self.scoring)}; expected one of {SCORING}")
        if not self.jiang_values or not all(_is_int(v) and 1 <= v <= 10 for v in self.jiang_values):
            raise RulesError(
                f"jiang_values={clipped(self.jiang_values)}: expected one or more card values 1..10"
            )
        dealt = self.players * self.hand_size + self.dealer_extra
        if dealt >= _DECK_SIZE:
            raise RulesError(
                f"players={clipped(self.players)}, hand_size={self.hand_size}: the deal takes {dealt} "
                f"of the {_DECK_SIZE} cards and leaves no stock"
            )
        win = self.hand_size + 1
        if self.gang_draw and win % 3 != 2:
            raise RulesError(
                f"hand_size={self.hand_size}: with replacement draws on 杠 a winning hand of "
                f"{win} cards cannot be read as sets and a 將; use 3n+1 cards (10, 13, 16 …)"
            )
        if not self.gang_draw and win % 3 != 0:
            raise RulesError(
                f"hand_size={self.hand_size}: without replacement draws a winning hand of "
                f"{win} cards cannot be read as sets; use 3n-1 cards (14, 17, 20 …)"
            )

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like the constructor).

        >>> LUZHOU.evolve(zero_hu=True).zero_hu
        True
        >>> DAER.evolve(bogus=1)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: unknown daer rules option 'bogus'; the options are name, title, ...
        """
        check_option_names(Rules, changes, "daer")
        return evolve(self, **changes)

    def rest_size(self, quads: int) -> int:
        """How many cards (hand and table) a player holds between turns with ``quads`` fours:
        ``hand_size`` plus one per four with replacement draws, or plus one per four after the
        first without them (八塊, daer.md §7).

        >>> DAER.rest_size(0), DAER.rest_size(2), LUZHOU.rest_size(1), LUZHOU.rest_size(3)
        (13, 15, 20, 22)
        """
        return self.hand_size + (quads if self.gang_draw else max(quads - 1, 0))

    def jiang_ok(self, index: int) -> bool:
        """Whether a pair of the card kind ``index`` (0..19, see ``zipai.Card.index``) may be
        the 將 (E2 and ``jiang_values``).

        >>> DAER.jiang_ok(1), DAER.jiang_ok(11), DAER.evolve(jiang_big_only=True).jiang_ok(1)
        (True, True, False)
        """
        if self.jiang_big_only and index < 10:
            return False
        return index % 10 + 1 in self.jiang_values


DAER = Rules()
"""四川大貳 (daer.md §1–§6): 4 players, 13 + 1 cards, 胡 > 杠 > 碰 > 吃, 4 sets + a 將 of
貳伍捌, flat settlement."""

LUZHOU = Rules(
    name="luzhou",
    title="瀘州大貳",
    players=3,
    hand_size=20,
    jiang_values=tuple(range(1, 11)),
    jiao=True,
    scoring="huxi",
    min_hu=10,
    zimo_multiplier=2,
    gang_draw=False,
    kan_locked=True,
    guozhang=True,
)
"""瀘州大貳 (daer.md §7, [EXT]): 3 players, 21 / 20 cards, 坎 / 垅 / 招 / 列 / 二七十 /
大小混搭, 胡 > 招 > 碰 > 吃, 過張 not eaten later, at least 10 胡 by the 字牌 胡息 table,
self-drawn wins paid double by all."""

register_presets(Rules, "daer", DAER=DAER, LUZHOU=LUZHOU)
