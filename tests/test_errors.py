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


def test_no_message_outgrows_the_limit() -> None:
    """Every changpai error keeps a message of at most MESSAGE_LIMIT (+ the cut mark): the
    start — the input named — and the end — the reason — of a longer one (a review found
    100 KB messages for one huge token)."""
    from changpai import chuanpai, daer, nantong, xiaogan, zipai

    huge = "x" * 100_000
    calls = [
        lambda: zipai.parse(huge),
        lambda: nantong.Card(huge),
        lambda: chuanpai.parse(huge),
        lambda: xiaogan.parse(huge),
        lambda: changpai.variant(huge),
        lambda: daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍", kan=["拾"] * 100_000),
        lambda: daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍", kan=[[huge]]),
    ]
    for call in calls:
        with pytest.raises(errors.ChangpaiError) as caught:
            call()
        assert len(str(caught.value)) <= errors.MESSAGE_LIMIT + 3
    long = errors.NotationError("y" * 5_000 + " is not a card")
    assert str(long).endswith(" is not a card") and str(long).startswith("y")
