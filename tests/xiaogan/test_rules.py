"""孝感 rules objects (xiaogan.md §2, §7)."""

from __future__ import annotations

import pytest

import changpai
from changpai.errors import RulesError
from changpai.xiaogan import XIAOGAN, Rules


def test_defaults_follow_the_ambiguity_table() -> None:
    """xiaogan.md §7: X2 all cards, X3 門將 only, X5 off, X6 one set, X7 one unit, X8 no 拖庄."""
    r = XIAOGAN
    assert r.count_face_down and r.hunjiang == "menjiang" and not r.numeric_sentences
    assert r.wuzhang and not r.use_chuanpai_hu_table and not r.tuo_zhuang
    assert (r.win_count, r.unit, r.players) == (16, 1, 4)


@pytest.mark.parametrize(
    "players, sizes",
    [
        (2, (16, 15)),
        (3, (16, 15, 15)),
        (4, (16, 15, 15, 15)),
        (5, (16, 15, 15, 15, 3)),
        (6, (16, 15, 15, 15, 5, 3)),
        (7, (16, 15, 15, 15, 5, 3, 1)),
    ],
)
def test_deal_sizes(players: int, sizes: tuple[int, ...]) -> None:
    """xiaogan.md §2: 頭家 16, others 15; 5th 3; 6: 5th 5, 6th 3; 7: plus a 7th with one card."""
    assert XIAOGAN.deal_sizes(players) == sizes


@pytest.mark.parametrize(
    "change",
    [{"players": 1}, {"players": 8}, {"hunjiang": "all"}, {"wuzhang": 1}, {"win_count": "16"},
     {"unit": -1}, {"name": ""}, {"no_such_option": True}],
)  # fmt: skip
def test_bad_options_raise(change: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        XIAOGAN.evolve(**change)


def test_repr_is_short_and_the_variant_is_registered() -> None:
    assert repr(XIAOGAN) == "xiaogan.XIAOGAN"
    assert repr(XIAOGAN.evolve(tuo_zhuang=True)) == "xiaogan.XIAOGAN.evolve(tuo_zhuang=True)"
    for name in ("xiaogan", "孝感長牌", "孝感长牌", "上大人", "Xiaogan Changpai", "shangdaren"):
        assert changpai.variant(name).rules is XIAOGAN
    assert Rules() == XIAOGAN
