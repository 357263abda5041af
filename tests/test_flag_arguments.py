"""True/False arguments (issue 12, typed errors; docs/core-concepts.md "Errors"): every public
function and class of every family that takes a flag refuses anything but True or False with
``name=value is not True or False`` — "no" was read as True (a 字牌 hand scored as self-drawn),
1 / 0 passed silently."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from changpai import chuanpai, daer, nantong, xiaogan, zipai
from changpai.chuanpai import chuopai
from changpai.core import ActionRecord, GameResult
from changpai.errors import ChangpaiError

Z = "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾"

CASES: dict[str, tuple[str, Callable[[object], object]]] = {
    "zipai.best_decomposition": (
        "self_drawn",
        lambda v: zipai.best_decomposition(Z, card="d10", self_drawn=v),
    ),
    "zipai.best_decomposition (hot path)": (  # (from_discard / chouwei need a card=)
        "self_drawn",
        lambda v: zipai.best_decomposition(Z + " 拾", self_drawn=v),
    ),
    "zipai.decompositions": (
        "chouwei",
        lambda v: list(zipai.decompositions(Z, card="d10", chouwei=v)),
    ),
    "zipai.waits": ("winning_only", lambda v: zipai.waits(Z, winning_only=v)),
    "zipai.classify": ("exposed", lambda v: zipai.classify(zipai.parse("一二三"), exposed=v)),
    "zipai.format": ("ascii", lambda v: zipai.format(zipai.parse("一二三"), ascii=v)),
    "zipai.Meld": (
        "exposed",
        lambda v: zipai.Meld(zipai.MeldKind.JU, tuple(zipai.parse("一二三")), v),  # type: ignore[arg-type]
    ),
    "nantong.format": ("ascii", lambda v: nantong.format(nantong.parse("1t"), ascii=v)),
    "nantong.is_laojiang": (
        "jiutiao",
        lambda v: nantong.is_laojiang(nantong.parse("9t")[0], jiutiao=v),  # type: ignore[arg-type]
    ),
    "nantong.deck": ("baida", lambda v: nantong.deck(baida=v)),  # type: ignore[arg-type]
    "nantong.baida_bonus": ("dealt", lambda v: nantong.baida_bonus(5, dealt=v)),  # type: ignore[arg-type]
    "chuanpai.classify": (
        "claimed",
        lambda v: chuanpai.classify(chuanpai.parse("66 66 66"), claimed=v),  # type: ignore[arg-type]
    ),
    "chuanpai.classify attached": (
        "attached",
        lambda v: chuanpai.classify(chuanpai.parse("66 66 66"), attached=v),  # type: ignore[arg-type]
    ),
    "chuanpai.format": ("ascii", lambda v: chuanpai.format(chuanpai.parse("66"), ascii=v)),
    "chuopai.format": ("ascii", lambda v: chuopai.format(chuanpai.parse("66"), ascii=v)),
    "daer.classify": ("exposed", lambda v: daer.classify(daer.parse("一一一"), exposed=v)),
    "daer.format": ("ascii", lambda v: daer.format(daer.parse("一"), ascii=v)),
    "xiaogan.classify": (
        "claimed",
        lambda v: xiaogan.classify(xiaogan.parse("上上上"), claimed=v),  # type: ignore[arg-type]
    ),
    "xiaogan.format": ("ascii", lambda v: xiaogan.format(xiaogan.parse("上"), ascii=v)),
    "ActionRecord": (
        "auto",
        lambda v: ActionRecord(zipai.Action(0, zipai.ActionKind.PASS), auto=v),  # type: ignore[arg-type]
    ),
    "GameResult": ("self_drawn", lambda v: GameResult(0, "win", None, self_drawn=v)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("value", ["no", 1, 0, None])
def test_a_flag_takes_only_true_or_false(case: str, value: object) -> None:
    name, call = CASES[case]
    with pytest.raises(ChangpaiError, match=rf"{name}=.* is not True or False"):
        call(value)
    call(True)
    call(False)


def test_a_flag_no_longer_reads_no_as_true() -> None:
    """The finding: self_drawn="no" scored the 字牌 hand as self-drawn (偎 拾拾拾, 15 胡息);
    on a discard it is a 碰 拾拾拾, 12 胡息."""
    with pytest.raises(ChangpaiError, match="self_drawn='no' is not True or False"):
        zipai.best_decomposition(Z, card="d10", self_drawn="no")  # type: ignore[arg-type]
    drawn = zipai.best_decomposition(Z, card="d10", self_drawn=True)
    assert drawn is not None and drawn.huxi == 15
    claimed = zipai.best_decomposition(Z, card="d10", self_drawn=False)
    assert claimed is not None and claimed.huxi == 12
