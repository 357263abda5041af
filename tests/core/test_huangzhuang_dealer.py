"""``changpai.core.match.dealer_after_huangzhuang``: who deals after a 荒莊 (zipai.md §2, borrowed by
大貳) — the dealer keeps the deal until his third 荒莊 in a row — and its typed refusals."""

from __future__ import annotations

import pytest

from changpai.core.match import dealer_after_huangzhuang
from changpai.errors import RulesError


@pytest.mark.parametrize(
    ("dealer", "streak", "seats", "expected"),
    [(2, 0, 3, 2), (2, 1, 3, 2), (2, 2, 3, 0), (3, 5, 4, 0)],
)
def test_the_third_huangzhuang_passes_the_deal_section_2(
    dealer: int, streak: int, seats: int, expected: int
) -> None:
    """zipai.md §2: after the third 荒莊 in a row the dealer's 下家 deals."""
    assert dealer_after_huangzhuang(dealer, streak, seats) == expected


@pytest.mark.parametrize(
    ("args", "match"),
    [((5, 0, 3), "dealer=5 is not a seat"), ((True, 0, 3), "dealer=True is not a seat"),
     ((0, 2, 0), "seats=0"), ((0, 2, (0, 1, 2)), "seats="), ((0, -1, 3), "streak=-1")],
)  # fmt: skip
def test_bad_arguments_are_rules_errors(args: tuple[object, ...], match: str) -> None:
    """Issue 12 (typed errors for every public function): a seat off the table came back as
    the dealer, 0 seats raised ZeroDivisionError and a tuple of seats TypeError (review h124)."""
    with pytest.raises(RulesError, match=match):
        dealer_after_huangzhuang(*args)  # type: ignore[arg-type]
