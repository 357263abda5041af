"""Rules objects for the 字牌 family: every Ambiguities row of zipai.md §10 that offers an
option is a field (Z14 and Z15 offer none).

Presets are module constants; variants of them are made with :meth:`Rules.evolve`.

>>> HUNAN.players, HUNAN.min_huxi, HUNAN.win_on_discard
(3, 15, False)
>>> LIUHUDAO.players, LIUHUDAO.hand_size, LIUHUDAO.melds_to_win, LIUHUDAO.min_huxi
(4, 14, 5, 6)
>>> HUNAN.evolve(min_huxi=10).min_huxi
10
>>> HUNAN.dealt_ti_in_hand, HAHA.dealt_ti_in_hand
(0, 1)
>>> HUNAN, HUNAN.evolve(min_huxi=10), HAHA.title
(zipai.HUNAN, zipai.HUNAN.evolve(min_huxi=10), '哈哈字牌')
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import evolve, field, frozen

from changpai.core.guard import clipped, flag_arg, int_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import NotationError, RulesError
from changpai.zipai.cards import HUNAN_RED_VALUES

__all__ = ["HAHA", "HUNAN", "LIUHUDAO", "MINGTANG_PRESETS", "Rules"]

MINGTANG_PRESETS: tuple[str, ...] = (
    "changde_hongheidian",
    "changde_quanmingtang",
    "changde_duohongdui",
    "chenzhou",
    "chenzhou_hongheidian",
    "leiyang",
    "generic",
    "hengyang_honghei",
    "liuhuqiang",
)
"""名堂 presets of zipai.md §8.6 that :func:`changpai.zipai.score` implements (Z10):
常德 紅黑點, 常德 全名堂, 常德 多紅對, 郴州 字牌 (毛胡子; without and with its optional 紅黑點),
耒陽 字牌 (提龍), the generic code comment, 衡陽 紅黑 and 六胡搶. None is on in a seed preset."""

_SCORE_MODES = ("huxi", "tun")
_FANXING_SCOPES = ("all", "hand")
_FANXING_MATCHES = ("card", "value")


_INT_FIELDS: tuple[tuple[str, int, str], ...] = (
    ("players", 2, "the number of players"),
    ("hand_size", 1, "the number of cards dealt to a non-dealer"),
    ("melds_to_win", 1, "the number of 門子 in a winning hand"),
    ("min_huxi", 0, "the 胡息 needed to win"),
    ("tun_step", 1, "the 胡息 per extra 囤"),
    ("ti_face_up", 0, "the number of cards of a 提 shown to the others"),
    ("shuxin_max_shares", 0, "the most 數信 shares"),
    ("shuxin_share", 0, "the amount of one 數信 share"),
)
"""Whole-number options, their least value and what they count (zipai.md §10)."""

_BOOL_FIELDS: tuple[str, ...] = (
    "win_on_discard",
    "allow_1_5_10",
    "fanxing",
    "shuxin",
    "forbid_hu_after_chongpao",
    "paoshuang",
    "weihu",
    "claim_without_discard",
    "tianhu_needs_threshold",
    "must_hu",
)
"""Yes/no options: ``True`` or ``False`` only (not 0/1 or strings)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_of(name: str, value: object, options: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in options:
        raise RulesError(f"{name}={clipped(value)}; expected one of {options}")


def _red_values(value: object) -> object:
    """The ``red_values`` converter: any collection of values becomes a frozenset; anything
    else is kept as it is for :func:`_check` to reject with a RulesError naming it."""
    if isinstance(value, (set, frozenset, list, tuple)):
        try:
            return frozenset(value)
        except TypeError:  # unhashable items: reported by _check
            return value
    return value


def _check_types(rules: Rules) -> None:
    """Every field has its type (zipai.md §10): ints are ints and not bools, bools are bools."""
    if not isinstance(rules.name, str) or not rules.name.strip():
        raise RulesError(f"name={clipped(rules.name)}: the rules name must be a non-empty str")
    for name, least, what in _INT_FIELDS:
        value = getattr(rules, name)
        if name == "players" and _is_int(value):
            continue  # (its whole range is checked by _check: review h130)
        if not _is_int(value) or value < least:
            raise RulesError(f"{name}={clipped(value)}: {what} must be an int >= {least}")
    for name in _BOOL_FIELDS:
        flag_arg(getattr(rules, name), name)
    chouwei = rules.chouwei_huxi
    if chouwei is not None and not (
        isinstance(chouwei, tuple)
        and len(chouwei) == 2
        and all(_is_int(v) and v >= 0 for v in chouwei)
    ):
        raise RulesError(
            f"chouwei_huxi={clipped(chouwei)}: the 臭偎 胡息 is None or a tuple (big, small) "
            "of two ints >= 0 (zipai.md §10 Z5)"
        )
    reds = rules.red_values
    if (
        not isinstance(reds, frozenset)
        or not reds
        or not all(_is_int(v) and 1 <= v <= 10 for v in reds)
    ):
        shown = sorted(reds, key=repr) if isinstance(reds, frozenset) else reds
        raise RulesError(
            f"red_values={clipped(shown)}: the red card values must be a non-empty set of ints 1..10"
        )


def _check(rules: Rules) -> None:
    _check_types(rules)
    if rules.players not in (2, 3, 4):
        raise RulesError(f"players={rules.players}: a zipai hand is played by 2 to 4 players")
    if rules.shuxin and rules.players != 3:
        raise RulesError("shuxin=True needs players=3 (the fourth seat is the 數信, zipai.md §2)")
    deal = rules.players * rules.hand_size + 1
    if deal >= 80:
        raise RulesError(
            f"players={rules.players}, hand_size={rules.hand_size}: the deal takes {deal} of the "
            "80 cards and leaves no stock"
        )
    if rules.ti_face_up > 4:
        raise RulesError(f"ti_face_up={rules.ti_face_up}: a 提 has 4 cards (zipai.md §10 Z6)")
    _one_of("score_mode", rules.score_mode, _SCORE_MODES)
    _one_of("fanxing_scope", rules.fanxing_scope, _FANXING_SCOPES)
    _one_of("fanxing_match", rules.fanxing_match, _FANXING_MATCHES)
    if rules.mingtang is not None:
        _one_of("mingtang", rules.mingtang, MINGTANG_PRESETS)
    keep = rules.dealt_ti_in_hand
    if not _is_int(keep) or keep < 0:
        raise RulesError(
            f"dealt_ti_in_hand={clipped(keep)}: the number of dealt four-of-a-kind a player may keep"
            " concealed in hand must be an int >= 0 (zipai.md §9)"
        )


_TITLES = {"hunan": "跑胡子", "liuhudao": "字牌6胡倒", "haha": "哈哈字牌"}
"""The hanzi title of each preset's ``name`` (a rules object of another name is titled 字牌)."""


LEIYANG_WUHU = 21
"""The 胡息 a reading of none counts under the 耒陽 名堂 (無胡, zipai.md §8.6)."""
LEIYANG_KAHU = (10, 20)
"""The 胡息 of a 卡胡 under the 耒陽 名堂 (×2, zipai.md §8.6)."""


# cache_hash: rules are a key of the analysis and scoring caches (as 川牌's).
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """The options of one 字牌 game (zipai.md; the Z-numbers are the §10 Ambiguities rows).

    The ``repr`` is short: a preset prints as its constant (``zipai.HUNAN``), a variant of one
    as the ``evolve`` call that makes it.

    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=5: a zipai hand is played by 2 to 4 players
    """

    #: Options added after documents were written without them, with the behaviour of those
    #: documents (``core.serial.rules_from_dict`` reads a missing one at that value, so an
    #: older game replays as it was played): 偎胡 was allowed before ``weihu`` existed, and a
    #: 吃 / 碰 leaving nothing to discard before ``claim_without_discard``.
    ADDED_OPTIONS: ClassVar[dict[str, Any]] = {"weihu": True, "claim_without_discard": True}

    name: str = "hunan"
    players: int = 3
    """Active players (zipai.md §2); the 數信 seat (``shuxin``) is not counted."""
    hand_size: int = 20
    """Cards dealt to each non-dealer; the dealer gets one more, the 亮張 (§3, Z7)."""
    melds_to_win: int = 7
    """門子 in a winning hand: 7 (§7), 5 for 6胡倒."""
    min_huxi: int = 15
    """Z1: 胡息 needed to win (§8.2)."""
    win_on_discard: bool = False
    """Z2: whether a card discarded from a hand can be won on (§7.3)."""
    score_mode: str = "huxi"
    """Z3: ``"huxi"`` scores the 胡息 total, ``"tun"`` converts it to 囤 (§8.5)."""
    tun_step: int = 3
    """Z3: 胡息 per extra 囤 above the threshold (§8.5)."""
    allow_1_5_10: bool = False
    """Z4: whether 一五十 / 壹伍拾 is a 一句話 (0 胡息)."""
    chouwei_huxi: tuple[int, int] | None = None
    """Z5: (big, small) 胡息 of a 臭偎; ``None`` = the same as 偎 (6/3)."""
    ti_face_up: int = 1
    """Z6: how many cards of a 提 are shown to the others (display only)."""
    dealt_ti_in_hand: int = 0
    """zipai.md §9 (seed 004): how many dealt four-of-a-kind (起手掃穿) a player may keep
    concealed in hand. 0 (seeds 000/002, §4): every dealt four is laid as a 提. 1 (seed 004):
    a single one stays in hand (never split or discarded, read as a 提 when winning and for the
    card count), and a player with more 跑 / 提 than this, dealt or made later, lays them all."""
    fanxing: bool = False
    """§8.3 翻信: the winner turns up a stock card and adds 1 舵 per identical card."""
    fanxing_scope: str = "all"
    """Z8: ``"all"`` the winner's cards on table and in hand, ``"hand"`` only the hand."""
    fanxing_match: str = "card"
    """Z8: ``"card"`` same value and case, ``"value"`` same value only."""
    shuxin: bool = False
    """Z9 數信 (§2): a fourth seated person sits out and earns shares after a win."""
    shuxin_max_shares: int = 3
    """Z9: at most this many 數信 shares (§2)."""
    shuxin_share: int = 1
    """Z9: the agreed amount of one 數信 share, paid by the winner (§2)."""
    mingtang: str | None = None
    """Z10: a 名堂 preset of §8.6, one of ``MINGTANG_PRESETS`` (``None``: no 名堂, 番 = 1).
    A preset sets only the 名堂; its other rules (郴州 起胡 9/6/3 and 一息一囤, 耒陽 起胡 10)
    are set with ``evolve(min_huxi=..., tun_step=...)``."""
    forbid_hu_after_chongpao: bool = False
    """Z11: forbid winning once the seat has made a 重跑 (it holds two or more 跑 / 提, a kept
    dealt four included): from then on it may not 胡."""
    paoshuang: bool = True
    """Z12 跑雙 (§7): 跑/提 then win with one pair left."""
    weihu: bool = False
    """偎胡, a house rule: the drawer may 胡 right after his own forced 偎 / 臭偎 (掃) with the
    card he 偎'd. Off by default: §6 priority 1 ("the card never becomes visible, so nobody can
    win on it") and §7.3 (the winning card is drawn *and shown*, seed 000); a forced 提 is
    followed by a 胡 under ``paoshuang`` (Z12, seed 004 "除非是扫穿来胡")."""
    tianhu_needs_threshold: bool = False
    """Z13: whether 天胡 by 3 提 / 5 坎 also needs ``min_huxi``."""
    must_hu: bool = False
    """§6 "Optional vs forced", the variant 有胡必胡 [EXT] (郴州 點炮必胡 with ``win_on_discard``):
    a seat that may 胡 must, so 胡 is its only legal action (also on the 亮張). Off: 胡 is
    optional except the 天胡 of 3 提 / 5 坎."""
    red_values: frozenset[int] = field(default=HUNAN_RED_VALUES, converter=_red_values)
    """Card values that are red (§1: Hunan 二七十); used by 名堂."""
    claim_without_discard: bool = False
    """§6.5: a seat that takes a card by 吃 or 碰 must then discard (seed 004 "任何吃碰等動作後都要打牌"),
    so a 吃 / 碰 that would leave it no card it may discard (only 坎, or none) is not offered —
    unless no discard is due (the card count of §4). ``True``, the behaviour before this option:
    such a 吃 / 碰 is offered and the seat then skips its discards for the rest of the hand,
    a card over, unable to win."""

    def __attrs_post_init__(self) -> None:
        check_numbers(self)
        _check(self)

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some fields changed (checked like a new object).

        >>> HUNAN.evolve(score_mode="tun").score_mode
        'tun'
        >>> HUNAN.evolve(score_mode="points")
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: score_mode='points'; expected one of ('huxi', 'tun')
        """
        check_option_names(Rules, changes, "zipai")
        return evolve(self, **changes)

    @property
    def title(self) -> str:
        """The hanzi title of the variant, read from ``name`` (``"字牌"`` for a name of one's own).

        >>> HUNAN.title, LIUHUDAO.title, HUNAN.evolve(name="mine").title
        ('跑胡子', '字牌6胡倒', '字牌')
        """
        return _TITLES.get(self.name, "字牌")

    def is_red(self, value: int) -> bool:
        """Whether cards of this value are red under these rules (a card's: ``card.value``).

        >>> HUNAN.is_red(7), HUNAN.is_red(3)
        (True, False)
        >>> HUNAN.is_red([7])
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: value=[7] is not a card value (an int 1..10; of a Card, its .value)

        Anything but a value 1..10 is refused (review h124: a ``Card``, ``None`` or ``2.0``
        were answered, a red 二 not red).
        """
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
            raise NotationError(
                f"value={clipped(value)} is not a card value (an int 1..10; of a Card, its .value)"
            )
        return value in self.red_values

    def counted_huxi(self, huxi: int) -> int:
        """The 胡息 a reading of ``huxi`` counts for the threshold, the 囤 and the score: itself,
        but 21 for a reading of none under the 耒陽 名堂 (無胡, zipai.md §8.6).

        >>> HUNAN.counted_huxi(0), HUNAN.evolve(mingtang="leiyang").counted_huxi(0)
        (0, 21)
        >>> HUNAN.counted_huxi(None)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: huxi=None is not an integer >= 0
        """
        if type(huxi) is not int or huxi < 0:  # (a whole number of 胡息; bools refused)
            int_arg(huxi, "huxi", low=0)
        if not huxi and self.mingtang == "leiyang":
            return LEIYANG_WUHU
        return huxi

    def base(self, huxi: int) -> int:
        """What a reading of ``huxi`` 胡息 that reaches 起胡 is worth before its 名堂 (§8.5):
        its :meth:`counted_huxi`, or in ``score_mode="tun"`` its 囤, 1 + (counted − threshold)
        // ``tun_step`` and at least 1.

        >>> HUNAN.base(21), HUNAN.evolve(score_mode="tun").base(21)
        (21, 3)
        """
        counted = self.counted_huxi(huxi)
        if self.score_mode == "tun":
            return max(1, 1 + (counted - self.min_huxi) // self.tun_step)
        return counted

    def reaches(self, huxi: int) -> bool:
        """Whether a reading of ``huxi`` 胡息 reaches 起胡 (``min_huxi``, §8.2), as
        :meth:`counted_huxi` counts it: what ``Decomposition.threshold_met`` says and the engine
        asks before it offers a 胡.

        >>> HUNAN.reaches(15), HUNAN.reaches(0), HUNAN.evolve(mingtang="leiyang").reaches(0)
        (True, False, True)
        """
        return self.counted_huxi(huxi) >= self.min_huxi

    @property
    def seats(self) -> int:
        """Seated people: the players, plus the 數信 when ``shuxin`` is on.

        >>> HAHA.seats
        4
        """
        return self.players + (1 if self.shuxin else 0)


HUNAN = Rules()
"""Hunan 跑胡子 (seeds 000/002): 3 players, 21/20/20, 7 門子, 15 胡息, win only on a drawn card."""

LIUHUDAO = Rules(name="liuhudao", players=4, hand_size=14, melds_to_win=5, min_huxi=6, fanxing=True)
"""字牌6胡倒 (seed 004): 4 players, 15/14/14/14, 5 門子, 6 胡息, 翻信 (its part of the page
gives it, §8.3)."""

HAHA = Rules(
    name="haha",
    win_on_discard=True,
    shuxin=True,
    fanxing=True,
    ti_face_up=0,
    dealt_ti_in_hand=1,
)
"""哈哈字牌 (seed 004): win on any card including discards, a 數信 seat, 翻信; 跑雙 allowed;
a 提 (掃穿) lies with all four cards face down (Z6); a single dealt 掃穿 stays in hand, two
must be laid (§9)."""

register_presets(Rules, "zipai", HUNAN=HUNAN, LIUHUDAO=LIUHUDAO, HAHA=HAHA)
