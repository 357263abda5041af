"""Tests of :mod:`changpai.core.hanzi`: enums whose members carry their hanzi (DESIGN conventions:
``MeldKind.PAO.hanzi == "跑"``), and of every family enum built on it."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from changpai.chuanpai.cards import ChuoClass
from changpai.chuanpai.melds import MeldKind as ChuanMeldKind
from changpai.core.hanzi import HanziEnum
from changpai.errors import ChangpaiError, NotationError
from changpai.nantong.game import ActionKind as NantongActionKind
from changpai.nantong.hand import Shape, WaitKind
from changpai.nantong.melds import JiangKind, SetKind
from changpai.nantong.melds import MeldKind as NantongMeldKind
from changpai.zipai.game import ActionKind as ZipaiActionKind
from changpai.zipai.melds import MeldKind as ZipaiMeldKind
from changpai.zipai.melds import Origin


class Short(HanziEnum, short_repr=True):
    PAO = ("pao", "跑")
    TI = ("ti", "提")

    @property
    def four(self) -> bool:
        return self is Short.PAO or self is Short.TI


class Angle(HanziEnum):
    QINGHU = ("qinghu", "清胡")
    PIAOHU = ("piaohu", "飄胡")


SHORT_REPR = (
    ZipaiMeldKind, Origin, ZipaiActionKind, ChuoClass, ChuanMeldKind,
    NantongMeldKind, SetKind, JiangKind, Shape, WaitKind, NantongActionKind,
)  # fmt: skip
FAMILY_ENUMS = SHORT_REPR


def test_value_is_the_plain_string() -> None:
    assert Short.PAO.value == "pao" and isinstance(Short.PAO.value, str)
    assert Short("pao") is Short.PAO
    assert Short.TI.hanzi == "提"
    assert [m.value for m in Short] == ["pao", "ti"]
    assert json.dumps({"kind": Short.PAO.value}) == '{"kind": "pao"}'


def test_unknown_value_raises_like_any_enum() -> None:
    with pytest.raises(ValueError, match="'flee' is not a valid Short"):
        Short("flee")
    with pytest.raises(ValueError):
        Short(("pao", "跑"))  # the declaration tuple is not the value


def test_repr_styles() -> None:
    assert repr(Short.PAO) == "Short.PAO"
    assert repr(Angle.QINGHU) == "<Angle.QINGHU: 'qinghu'>"
    assert str(Short.PAO) == "Short.PAO" and str(Angle.QINGHU) == "Angle.QINGHU"


def test_subclass_properties_still_work() -> None:
    assert Short.PAO.four and Short.TI.four


def test_from_hanzi() -> None:
    assert Short.from_hanzi("跑") is Short.PAO
    with pytest.raises(
        NotationError, match="'碰' is not the hanzi of a Short; expected one of 跑, 提"
    ):
        Short.from_hanzi("碰")
    assert issubclass(NotationError, ChangpaiError)


@pytest.mark.parametrize("kind", FAMILY_ENUMS, ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_family_enums_round_trip(kind: type[HanziEnum]) -> None:
    """DESIGN conventions: every enum member carries its hanzi; values are the JSON strings."""
    assert issubclass(kind, HanziEnum)
    hanzi = [member.hanzi for member in kind]
    assert all(isinstance(h, str) and h for h in hanzi)
    assert len(set(hanzi)) == len(hanzi)
    for member in kind:
        assert isinstance(member.value, str)
        assert kind(member.value) is member
        assert kind.from_hanzi(member.hanzi) is member
        assert pickle.loads(pickle.dumps(member)) is member
        assert copy.deepcopy(member) is member


@pytest.mark.parametrize("kind", SHORT_REPR, ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_short_repr_families(kind: type[HanziEnum]) -> None:
    """Every family's enums print as Python expressions (``MeldKind.PAO``; DESIGN: reprs
    round-trip — 南通's printed ``<Shape.TAZIHU: 'tazihu'>`` before)."""
    for member in kind:
        assert repr(member) == f"{kind.__name__}.{member.name}"


@pytest.mark.parametrize(
    ("member", "value", "hanzi"),
    [
        (ZipaiMeldKind.PAO, "pao", "跑"),
        (ZipaiMeldKind.ERQISHI, "erqishi", "二七十"),
        (Origin.DISCARD, "discard", "打"),
        (ZipaiActionKind.TO_DISCARDS, "to_discards", "棄"),
        (ZipaiActionKind.PASS, "pass", "過"),
        (ChuoClass.NONE, "none", "—"),
        (ChuanMeldKind.JING_PAIR, "jing_pair", "經擠兒"),
        (NantongMeldKind.PAIR, "pair", "對子"),
        (SetKind.DRAWN4, "drawn4", "後摸"),
        (JiangKind.SHUANGLONG, "shuanglong", "雙龍會"),
        (Shape.TAZIHU, "tazihu", "塌子胡"),
        (WaitKind.BIANZHANG, "bianzhang", "邊張"),
        (NantongActionKind.JIAGANG, "jiagang", "加杠"),
    ],
)
def test_family_values_and_hanzi(member: HanziEnum, value: str, hanzi: str) -> None:
    assert (member.value, member.hanzi) == (value, hanzi)


def test_family_properties_kept() -> None:
    assert ZipaiMeldKind.JIAO.is_sentence and not ZipaiMeldKind.KAN.is_sentence
    assert ZipaiActionKind.PENG.is_decision and not ZipaiActionKind.TI.is_decision
    assert ChuoClass.YAO.zhengmen and not ChuoClass.DIANZI.zhengmen
    assert (ChuanMeldKind.LIANG.tou, ChuanMeldKind.QI.size, ChuanMeldKind.BAI.pair) == (2, 4, True)
    assert ChuanMeldKind.parse("扛") is ChuanMeldKind.KANG
    assert NantongMeldKind.WENQIAN.is_sequence
    assert (SetKind.DEALT4.base, SetKind.EXPOSED4.s000) == (16, "開朝")
    assert SetKind.get("暗杠") is SetKind.DRAWN4


@pytest.mark.parametrize("kind", FAMILY_ENUMS, ids=lambda k: f"{k.__module__}.{k.__name__}")
@pytest.mark.parametrize("value", ["flee", None, 5, b"peng", "PENG "])
def test_a_value_of_no_member_is_a_notation_error(kind: type[HanziEnum], value: object) -> None:
    """DESIGN.md typed errors (review h24): ``Kind(value)`` of no member raised the enum's plain
    ValueError; it is a NotationError (still a ValueError) naming the value and the members."""
    with pytest.raises(NotationError, match=f"is not a valid {kind.__name__}; expected one of"):
        kind(value)
