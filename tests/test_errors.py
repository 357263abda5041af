"""changpai.errors: the typed error hierarchy (DESIGN.md, Conventions)."""

from __future__ import annotations

import pytest

import changpai
from changpai import errors


@pytest.mark.parametrize(
    "cls", [errors.NotationError, errors.IllegalActionError, errors.RulesError]
)
def test_every_error_is_a_changpai_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, errors.ChangpaiError)
    assert issubclass(cls, ValueError)
    assert getattr(changpai, cls.__name__) is cls


def test_messages_name_the_input_and_the_reason() -> None:
    from changpai import zipai

    with pytest.raises(errors.NotationError) as caught:
        zipai.parse("x1 x11")
    assert "'x11'" in str(caught.value) and "expected" in str(caught.value)


def _huge_inputs() -> list[tuple[str, object]]:
    from changpai import chuanpai, daer, nantong, xiaogan, zipai

    return [
        ("zipai.parse", lambda: zipai.parse(" ".join(["x1"] * 10_000))),
        ("nantong.parse", lambda: nantong.parse(" ".join(["1t"] * 10_000))),
        ("chuanpai.parse", lambda: chuanpai.parse(" ".join(["66"] * 10_000))),
        ("xiaogan.parse", lambda: xiaogan.parse("上" * 10_000)),
        ("daer.analyze", lambda: daer.analyze(list(zipai.DECK) * 125)),
        ("daer.best_decomposition", lambda: daer.best_decomposition(list(zipai.DECK) * 125)),
        ("zipai.Game.from_json", lambda: zipai.Game.from_json({"big": list(range(5_000))})),
        ("nantong.Action.from_dict", lambda: nantong.Action.from_dict({"x": "y" * 50_000})),
    ]


@pytest.mark.parametrize("case", range(8))
def test_a_huge_input_makes_a_short_message(case: int) -> None:
    """Issue 12 / a fresh-user review: an error names its input, cut to a readable length —
    ten thousand cards made a 31 KB message (the whole text echoed)."""
    name, call = _huge_inputs()[case]
    with pytest.raises(errors.ChangpaiError) as caught:
        call()  # type: ignore[operator]
    assert len(str(caught.value)) < 400, name
