"""changpai.core.guard: argument checks raise typed errors naming the input (issue 12)."""

from __future__ import annotations

import re

import pytest

from changpai.core import guard
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError


def test_text_arg() -> None:
    assert guard.text_arg("x1", "cards") == "x1"
    with pytest.raises(NotationError, match="cards=b'x1' is not a string"):
        guard.text_arg(b"x1", "cards")


@pytest.mark.parametrize("value", [None, 5, "x1 x2", b"x1", object()])
def test_items_arg_refuses_non_iterables_and_text(value: object) -> None:
    with pytest.raises(NotationError, match="is not a sequence of zipai cards"):
        guard.items_arg(value, "cards", "zipai cards")


def test_items_arg_reads_iterables() -> None:
    assert guard.items_arg(iter([1, 2]), "cards", "numbers") == (1, 2)
    assert guard.items_arg((1,), "cards", "numbers") == (1,)


def test_items_arg_wraps_a_failing_iterator() -> None:
    def broken() -> object:
        yield 1
        raise KeyError("boom")

    with pytest.raises(NotationError, match="cannot be read"):
        guard.items_arg(broken(), "cards", "numbers")


def test_cards_arg_names_the_bad_item_and_the_limit() -> None:
    with pytest.raises(NotationError, match=r"holds None, which is not one of numbers"):
        guard.cards_arg([1, None], int, "cards", "numbers")
    with pytest.raises(NotationError, match="cards holds 3 numbers; no hand holds more than 2"):
        guard.cards_arg([1, 2, 3], int, "cards", "numbers", limit=2)


def test_instance_and_int_args() -> None:
    assert guard.instance_arg(3, int, "n") == 3
    with pytest.raises(RulesError, match="rules=None is not of type int"):
        guard.instance_arg(None, int, "rules", RulesError)
    assert guard.int_arg(0, "seat", low=0) == 0
    for bad in (True, 1.0, "1", -1):
        with pytest.raises(RulesError, match="is not an integer >= 0"):
            guard.int_arg(bad, "seat", low=0)


@pytest.mark.parametrize("bad", [0, 1, 1.0, "yes", "True", None], ids=repr)
def test_flag_arg_takes_only_true_or_false(bad: object) -> None:
    """A yes/no field takes True or False only (1 == True in Python, so 1 is refused too); the
    caller picks the error class, RulesError by default."""
    assert guard.flag_arg(True, "x") is True and guard.flag_arg(False, "x") is False
    with pytest.raises(
        RulesError, match=f"^{re.escape(f'x={guard.shown(bad)}')} is not True or False$"
    ):
        guard.flag_arg(bad, "x")
    with pytest.raises(IllegalActionError, match=r"^guo=.* is not True or False$"):
        guard.flag_arg(bad, "guo", IllegalActionError)


def test_shown_cuts_long_inputs() -> None:
    assert len(guard.shown("x" * 10_000)) < 50
    assert len(guard.shown(list(range(10_000)))) < 50


class _NumpyLike:
    """A whole number that is not an ``int``, as ``numpy.int64`` is: it has ``__index__``."""

    def __index__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return "np.int64(1)"


def test_a_whole_number_that_is_not_an_int_is_refused_with_how_to_pass_it() -> None:
    """changpai takes Python ints only (an int goes into every document, JSON included); a numpy
    integer is refused with a typed error that says to pass ``int(...)``, for seats, seeds and
    counts alike."""
    from changpai import zipai
    from changpai.core.guard import int_arg, int_hint, seed_arg
    from changpai.core.seats import check_seat

    value = _NumpyLike()
    assert int_hint(value) == " (_NumpyLike is not int: convert it with int())"
    for call in (
        lambda: check_seat(value, 3, error=IllegalActionError),
        lambda: int_arg(value, "players", error=RulesError),
        lambda: seed_arg(value),
        lambda: zipai.Game(seed=1).view(value),  # type: ignore[arg-type]
        lambda: zipai.Action(value, zipai.ActionKind.PASS),  # type: ignore[arg-type]
    ):
        with pytest.raises(
            ChangpaiError, match=r"\(_NumpyLike is not int: convert it with int\(\)\)$"
        ):
            call()


class _NotWhole:
    """Has ``__index__`` but holds no whole number (as ``numpy.array(1.5)``): no hint."""

    def __index__(self) -> int:
        raise TypeError("only integer scalar arrays can be converted to a scalar index")


def test_no_hint_for_what_holds_no_whole_number() -> None:
    """``int()`` of ``numpy.array(1.5)`` would silently cut it to 1: the hint is given only to
    what ``operator.index`` reads as a whole number (a review)."""
    from changpai.core.guard import int_hint, seed_arg

    assert int_hint(_NotWhole()) == ""
    with pytest.raises(RulesError, match=r"is not a whole number \(or None\)$"):
        seed_arg(_NotWhole())
