"""Rules presets of Nantong 長牌 犢子胡 / 笃子胡: one frozen :class:`Rules` object per variant.

Every row of the Ambiguities table of ``nantong.md §9`` that offers an option is a field here,
with the default the table names; :data:`DUZIHU` is the seed 003 game. Every rules object has a
``name`` (the variant id) and a hanzi ``title``; the repr names the preset and only the options
that differ from it.

>>> DUZIHU.jiutiao_laojiang, DUZIHU.baida, DUZIHU.piao_formula
(True, False, '50x2')
>>> DUZIHU.name, DUZIHU.title, DUZIHU_BAIDA.name
('duzihu', '笃子胡', 'duzihu-baida')
>>> DUZIHU, DUZIHU.evolve(settlement="full")
(nantong.DUZIHU, nantong.DUZIHU.evolve(settlement='full'))
>>> DUZIHU.evolve(baida=True).deck_size
125
>>> Rules(piao_formula="x3")
Traceback (most recent call last):
...
changpai.errors.RulesError: piao_formula='x3' is not one of ('50x2', '20x2+40')
>>> DUZIHU.evolve(piao_base=2.5)
Traceback (most recent call last):
...
changpai.errors.RulesError: piao_base=2.5 must be a whole number (int) >= 0
"""

from __future__ import annotations

from typing import Any

from attrs import evolve, field, frozen

from changpai.core.guard import clipped, flag_arg
from changpai.core.rules import RulesBase, check_numbers, check_option_names, register_presets
from changpai.errors import RulesError

__all__ = ["DUZIHU", "DUZIHU_BAIDA", "Rules"]

# The variant ids and hanzi titles of the presets; a rules object without a name takes the one
# its 百搭 option gives (so a 0.1.0 rules dict, which had no name, loads as the right preset).
_TITLES = {"duzihu": "笃子胡", "duzihu-baida": "笃子胡（百搭）"}


def _one_of(*choices: str) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value not in choices:
            raise RulesError(f"{attribute.name}={clipped(value)} is not one of {choices}")

    return check


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _non_negative_ints(length: int) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if (
            not isinstance(value, tuple)
            or len(value) != length
            or not all(_is_int(v) and v >= 0 for v in value)
        ):
            raise RulesError(
                f"{attribute.name}={clipped(value)} must be a tuple of {length} ints >= 0"
            )

    return check


def _int_at_least(minimum: int) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not _is_int(value) or value < minimum:
            raise RulesError(
                f"{attribute.name}={clipped(value)} must be a whole number (int) >= {minimum}"
            )

    return check


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    flag_arg(value, attribute.name)


def _text(instance: Any, attribute: Any, value: Any) -> None:
    # ("" takes the preset's, see __attrs_post_init__; a blank one names nothing)
    if not isinstance(value, str) or (value and not value.strip()):
        raise RulesError(f"{attribute.name}={clipped(value)} must be a str, not blank")


# cache_hash: rules are a key of the analysis and scoring caches (as 川牌's).
@frozen(repr=False, cache_hash=True)
class Rules(RulesBase):
    """Every option of the 犢子胡 family (nantong.md; Ambiguities rows N1..N20 in brackets).

    Attributes:
        name: the variant id (``"duzihu"``, ``"duzihu-baida"``); empty: the preset id that
            ``baida`` gives.
        title: the hanzi title (``"笃子胡"``); empty: the title of ``name`` (or of the preset).
        baida: play with the five 百搭 (deck of 125) as wild cards and count them (§1, §7.1).
        jiutiao_laojiang: 九條 is a 老將 [N4].
        nine_cross_hit: a flipped 九丙 / 九萬 also hits 九條 [N5].
        multiplier_model: ``"model"`` (§6.2) or ``"tables"`` (only the seed numbers of §6.1;
            other situations raise :class:`~changpai.errors.RulesError`) [N6].
        piao_formula: ``"50x2"`` = (50 + X) × 2, or ``"20x2+40"`` = (20 + X) × 2 + 40 [N7].
        wait_bonus: ``"one"`` (at most one of 丫子 / 邊張 / 單吊 / 獨張) or ``"cumulative"`` [N8].
        specials_inside_piao: 單吊 and 杠開 are inside the 飄胡 doubling [N9].
        sanlao_exposed: exposed (碰 / 明杠) sets count for 三老聚會 [N10].
        wenqian_values: 付 for 1, 2, 3, 4 文錢 [N12].
        sanwenqian_double: three 文錢 also count as three concealed 刻子 [N13].
        baida_settlement: ``"separate"`` (each other player pays the holder) or ``"add"``
            (added to the winner's 胡數) [N14].
        baida_values: 付 for 1..5 百搭 held and for 5 held from the deal (§7.1).
        tianhu_zimo: 天胡 also earns the 自摸 10 [N15].
        settlement: ``"difference"`` (winner total − loser's own sets) or ``"full"`` [N17].
        win_triplet_exposed: a triplet completed by the winning discard scores as a 碰 [N18].
        wenqian_in_piao: a hand of 刻子 and only 文錢 sequences is 飄胡 (else 塌子胡) [N20].
        houmo_in_sequence: a drawn four scores 12·m even with a copy in a 順子 (§8) — read
            widely: every four copies of a card among the concealed cards (the winning card
            included), whatever the reading, even with all four in 順子.
        piao_base, qing_base, ta_base: 底 of 飄胡 / 清胡 / 塌子胡 (§7); ``piao_base`` is the 50
            of ``piao_formula="50x2"`` — the N7 alternative ``"20x2+40"`` names its own 20.
        zimo_bonus, wait_bonus_value, gangkai_bonus: the additive 10s (§7).
        round_to: final rounding up (§7, N16).
        dealer_cards, other_cards: deal sizes [N2]: 23 and 22 (a pair and seven groups, §4).

    >>> r = Rules(settlement="full", wait_bonus="cumulative")
    >>> r.settlement, r.piao_base, r == DUZIHU.evolve(settlement="full", wait_bonus="cumulative")
    ('full', 50, True)
    >>> Rules(baida=True) == DUZIHU_BAIDA, Rules(name="house").title
    (True, '笃子胡')
    """

    name: str = field(default="", validator=_text)
    title: str = field(default="", validator=_text)
    baida: bool = field(default=False, validator=_flag)
    jiutiao_laojiang: bool = field(default=True, validator=_flag)
    nine_cross_hit: bool = field(default=True, validator=_flag)
    multiplier_model: str = field(default="model", validator=_one_of("model", "tables"))
    piao_formula: str = field(default="50x2", validator=_one_of("50x2", "20x2+40"))
    wait_bonus: str = field(default="one", validator=_one_of("one", "cumulative"))
    specials_inside_piao: bool = field(default=True, validator=_flag)
    sanlao_exposed: bool = field(default=True, validator=_flag)
    wenqian_values: tuple[int, ...] = field(
        default=(20, 50, 100, 200), validator=_non_negative_ints(4)
    )
    sanwenqian_double: bool = field(default=True, validator=_flag)
    baida_settlement: str = field(default="separate", validator=_one_of("separate", "add"))
    baida_values: tuple[int, ...] = field(
        default=(10, 30, 50, 100, 200, 400), validator=_non_negative_ints(6)
    )
    tianhu_zimo: bool = field(default=False, validator=_flag)
    settlement: str = field(default="difference", validator=_one_of("difference", "full"))
    win_triplet_exposed: bool = field(default=True, validator=_flag)
    wenqian_in_piao: bool = field(default=True, validator=_flag)
    houmo_in_sequence: bool = field(default=False, validator=_flag)
    piao_base: int = field(default=50, validator=_int_at_least(0))
    qing_base: int = field(default=100, validator=_int_at_least(0))
    ta_base: int = field(default=20, validator=_int_at_least(0))
    zimo_bonus: int = field(default=10, validator=_int_at_least(0))
    wait_bonus_value: int = field(default=10, validator=_int_at_least(0))
    gangkai_bonus: int = field(default=10, validator=_int_at_least(0))
    round_to: int = field(default=10, validator=_int_at_least(1))
    dealer_cards: int = field(default=23, validator=_int_at_least(1))
    other_cards: int = field(default=22, validator=_int_at_least(1))

    def __attrs_post_init__(self) -> None:
        check_numbers(self)
        if not self.name:
            object.__setattr__(self, "name", "duzihu-baida" if self.baida else "duzihu")
        if not self.title:
            object.__setattr__(self, "title", _TITLES.get(self.name, _TITLES["duzihu"]))
        if (self.dealer_cards, self.other_cards) != (23, 22):
            # (N2 has no option: a winning hand is a pair and seven groups, §4)
            raise RulesError(
                f"dealer_cards={self.dealer_cards}, other_cards={self.other_cards}: a winning "
                "hand is a pair and seven groups (nantong.md §4), so the dealer takes 23 cards "
                "and the others 22"
            )

    @property
    def deck_size(self) -> int:
        """120, or 125 with 百搭 (nantong.md §1).

        >>> DUZIHU.deck_size
        120
        """
        return 125 if self.baida else 120

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated): an unknown option name, or a value of
        the wrong type or out of range, raises :class:`~changpai.errors.RulesError` naming it.

        >>> DUZIHU.evolve(settlement="full").settlement
        'full'
        >>> DUZIHU.evolve(settlement="full", piao_bsae=60)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: unknown nantong rules option 'piao_bsae'; the options are name, title, baida, ...
        >>> DUZIHU.evolve(baida_values=(10, 30))
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: baida_values=(10, 30) must be a tuple of 6 ints >= 0
        """
        check_option_names(Rules, changes, "nantong")
        return evolve(self, **changes)


DUZIHU = Rules()
"""犢子胡 / 笃子胡 as seed 003 plays it: 120 cards, every §9 default."""

DUZIHU_BAIDA = Rules(baida=True)
"""犢子胡 with the five 百搭 (福 祿 壽 喜 財) as wild cards and the 喜 count of §7.1."""

register_presets(Rules, "nantong", DUZIHU=DUZIHU, DUZIHU_BAIDA=DUZIHU_BAIDA)
