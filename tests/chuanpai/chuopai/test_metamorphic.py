"""Metamorphic properties of 戳牌's pure functions (chuanpai.md §3.2-§3.4), which take the place
of the hand analysis of the other families: the order and form of the cards do not matter to
``plays`` and ``score``, and a settlement moves with its winner."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from metamorphic_support import fixed_settings, sheet_total

from changpai.chuanpai.chuopai import CHUOPAI, DECK, format, plays, score

SETTINGS = fixed_settings(40)


def _forms(cards: list, rng: random.Random) -> list:
    """The cards shuffled: as a list, a tuple, hanzi text and ASCII codes."""
    order = list(cards)
    rng.shuffle(order)
    return [order, tuple(order), format(order), " ".join(card.code for card in order)]


@SETTINGS
@given(
    deck=st.permutations(DECK),
    size=st.integers(1, 12),
    led=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_plays_do_not_depend_on_the_order_or_form_of_the_cards(
    deck: list, size: int, led: int, seed: int
) -> None:
    """plays(hand) and plays(hand, led=...) give the same plays, in the same order, for the hand
    in any order, as a list, a tuple or text; the led play likewise."""
    rng = random.Random(seed)
    hand = deck[:size]
    leads = plays(deck[size : size + 6])
    led_play = leads[led % len(leads)] if leads else None
    expected = plays(hand, led_play)
    for form in _forms(hand, rng):
        assert plays(form, led_play) == expected
    if led_play is not None:
        for form in _forms(list(led_play.cards), rng):
            assert plays(hand, form) == expected


@SETTINGS
@given(deck=st.permutations(DECK), size=st.integers(16, 28), seed=st.integers(0, 2**32 - 1))
def test_a_settlement_ignores_the_order_of_the_bai_and_moves_with_its_winner(
    deck: list, size: int, seed: int
) -> None:
    """score(bai): the same sheet for the 擺牌 in any order and form; its total is what its lines
    make it; every other seat pays the winner the same, whoever the winner is."""
    rng = random.Random(seed)
    bai = deck[:size]
    expected = score(bai)
    for form in _forms(bai, rng):
        assert score(form) == expected
    assert expected.total == sheet_total(CHUOPAI, expected), str(expected)
    for winner in range(3):
        sheet = score(bai, winner=winner)
        assert sheet.total == expected.total
        assert sorted(p.payer for p in sheet.payments) == [s for s in range(3) if s != winner]
        assert all(p.payee == winner and p.amount == expected.total for p in sheet.payments)
        assert sum(sheet.net().values()) == 0
