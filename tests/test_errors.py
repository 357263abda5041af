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


def _named_inputs() -> list[tuple[str, object, type[Exception], str]]:
    from changpai import chuanpai, daer, nantong, xiaogan, zipai

    sample = chuanpai.analyze(changpai.variant("yaodiren").sample).best
    return [
        ("nantong.best_decomposition", lambda: nantong.best_decomposition(5),
         errors.NotationError, "concealed=5 is not"),
        ("nantong.waits", lambda: nantong.waits(b"1t"), errors.NotationError, "concealed=b'1t'"),
        ("nantong.analyze", lambda: nantong.analyze(5), errors.NotationError, "hand=5 is not"),
        ("nantong.score", lambda: nantong.score(5), errors.NotationError, "win=5 is not"),
        ("daer.analyze", lambda: daer.analyze(b"x2"), errors.NotationError, "hand=b'x2' is not"),
        ("daer.waits", lambda: daer.waits([1]), errors.NotationError, r"concealed=\[1\] holds 1"),
        ("chuanpai.score", lambda: chuanpai.score(sample, rules=zipai.HUNAN),
         errors.RulesError, "rules=zipai.HUNAN is not a chuanpai Rules object"),
        ("xiaogan.classify", lambda: xiaogan.classify(xiaogan.parse("上大人"), rules=zipai.HUNAN),
         errors.RulesError, "rules=zipai.HUNAN is not a xiaogan Rules object"),
        ("chuanpai.classify", lambda: chuanpai.classify(chuanpai.parse("66 66 66"), rules=None),
         errors.RulesError, "rules=None is not a chuanpai Rules object"),
        ("zipai.huxi", lambda: zipai.huxi(zipai.Meld.parse("句 一二三"), rules=None),
         errors.RulesError, "rules=None is not a zipai Rules object"),
        ("nantong.meld_value", lambda: nantong.meld_value(nantong.Meld.parse("HH HH HH"),
         jiang=object()), errors.NotationError, "jiang=<object"),
        ("chuanpai.next_dealer", lambda: chuanpai.next_dealer(chuanpai.YAODIREN, 0, None,
         card="zz"), errors.NotationError, "card='zz' is not a chuanpai Card"),
        ("chuanpai.next_dealer", lambda: chuanpai.next_dealer(chuanpai.YAODIREN, 0, None,
         card=chuanpai.Card("12")), errors.RulesError, "only after a win"),
        ("xiaogan.next_dealer", lambda: xiaogan.next_dealer(xiaogan.XIAOGAN, 0, 1, card="zz"),
         errors.NotationError, "card='zz' is not a xiaogan Card"),
        ("xiaogan.next_dealer", lambda: xiaogan.next_dealer(xiaogan.XIAOGAN, 0, 1,
         card=xiaogan.Card("化"), abandoned_by=1), errors.RulesError, "was not abandoned"),
    ]  # fmt: skip


@pytest.mark.parametrize("case", range(15))
def test_an_error_names_the_argument_it_is_about(case: int) -> None:
    """DESIGN.md typed errors (review h24): the message names the argument as the signature
    calls it (``concealed``, ``hand``, ``win``) and the family, and a value that cannot be used
    is refused, never ignored (a jiang= of a meld without a set, a card= after no win)."""
    _name, call, error, named = _named_inputs()[case]
    with pytest.raises(error, match=named):
        call()  # type: ignore[operator]
