"""The checks shared by the ``Action`` classes of 川牌 擠兒 and 孝感: a seat is a whole number
0..6 (chuanpai.md §2.1, xiaogan.md §2: up to 7 players) and a bad action dict raises a
NotationError naming the dict, the family and the reason."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from changpai.chuanpai import ActionKind, MeldKind
from changpai.core.seats import seat_validator
from changpai.core.turnclaim import MAX_SEATS, action_fields
from changpai.errors import IllegalActionError, NotationError

check_seat = seat_validator(MAX_SEATS)


@given(st.integers(0, MAX_SEATS - 1))
def test_every_seat_of_a_seven_player_table_passes(seat: int) -> None:
    check_seat(None, None, seat)


@pytest.mark.parametrize("seat", [-1, 7, True, 1.0, "0", None])
def test_a_bad_seat_is_an_illegal_action(seat: object) -> None:
    with pytest.raises(IllegalActionError, match=r"is not a seat; expected a whole number 0\.\.6"):
        check_seat(None, None, seat)


def test_the_parts_come_back_as_given() -> None:
    data = {"seat": 3, "kind": "claim", "card": "66", "cards": ["44", "11"], "meld": "bai"}
    assert action_fields(data, "chuanpai", ActionKind, MeldKind, "unit kind") == (
        3,
        "claim",
        "66",
        ("44", "11"),
        "bai",
    )
    assert (
        action_fields({"seat": 0, "kind": "pass", "cards": None}, "x", ActionKind, MeldKind, "u")[3]
        == ()
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([1], "expected a JSON object"),
        ({"seat": 0}, "the key 'kind' is missing"),
        ({"kind": "pass"}, "the key 'seat' is missing"),
        (
            {"seat": 0, "kind": "eat"},
            "'eat' is not a valid ActionKind; expected one of "
            + ", ".join(repr(kind.value) for kind in ActionKind),
        ),
        ({"seat": 0, "kind": "lay", "meld": "ju9"}, "'ju9' is not a the word"),
        ({"seat": 0, "kind": "lay", "cards": "66"}, "cards must be a list of codes"),
        ({"seat": 0, "kind": "lay", "cards": [66]}, "cards must be a list of codes"),
        ({"seat": 0, "kind": "discard", "card": 66}, "card 66 is not a code"),
    ],
)
def test_a_bad_dict_names_itself_the_family_and_the_reason(data: Any, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        action_fields(data, "fam", ActionKind, MeldKind, "the word")
    assert str(info.value) == f"{data!r} is not a fam action: {reason}"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"kind": ["pass"]}, "['pass'] is not a valid ActionKind"),
        ({"kind": {}}, "{} is not a valid ActionKind"),
        ({"meld": []}, "[] is not a unit kind"),
        ({"cards": 0}, "cards must be a list of codes"),
        ({"cards": ""}, "cards must be a list of codes"),
    ],
)
def test_a_hostile_dict_is_a_notation_error(change: dict[str, object], reason: str) -> None:
    """A server reads actions from clients: a list or dict where a kind or unit kind belongs,
    or cards that are no list, raise NotationError naming the reason (a review: an unhashable
    kind raised TypeError, and ``cards: 0`` / ``""`` quietly became no cards)."""
    data = {"seat": 0, "kind": "pass", **change}
    with pytest.raises(NotationError, match=re.escape(reason)):
        action_fields(data, "chuanpai", ActionKind, MeldKind, "unit kind")


def test_the_kinds_kept_are_a_bounded_cache_emptied_with_the_others() -> None:
    """The values of each enum of kinds are kept once (a faster ``from_dict``) in a registered,
    bounded cache: ``clear_caches()`` empties it, and an enum of a caller's own is not kept
    alive past it (review h76)."""
    import enum
    import gc
    import weakref

    import changpai
    from changpai.core import caches
    from changpai.core.turnclaim import actions

    own = enum.Enum("Own", {"D": "discard"})  # type: ignore[misc]
    ref = weakref.ref(own)
    assert action_fields({"seat": 0, "kind": "discard"}, "x", own, MeldKind, "set kind")[1] == (
        "discard"
    )
    size, limit = caches.stats()["changpai.core.turnclaim.actions._VALUES"]
    assert size >= 1 and limit == 64
    changpai.clear_caches()
    assert len(actions._VALUES) == 0
    del own
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("family", ["chuanpai", "xiaogan"])
def test_a_code_that_is_no_card_names_the_action_and_its_field(family: str) -> None:
    """``Action.from_dict`` (and so a game document) gave the card's own message, naming
    neither the action nor the field (review h108), where 字牌's names both."""
    import changpai

    module = changpai.variant(family).module
    for data, field in (
        ({"seat": 0, "kind": "discard", "card": "zz"}, "card='zz'"),
        ({"seat": 0, "kind": "lay", "cards": ["zz"]}, "cards[0]='zz'"),
    ):
        with pytest.raises(NotationError) as info:
            module.Action.from_dict(data)
        assert str(info.value).startswith(
            f"{data!r} is not a {family} action: {field}: 'zz' is not a {family} card"
        )
