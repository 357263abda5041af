"""``waits`` asks the engine's prefilters before each full analysis (issue 12: 字牌 ``waits``
was ≈ 90× a ``best_decomposition``): it must give exactly what trying every card as a
self-drawn card gives (zipai.md §7 聽牌), for hands alone and hands with table melds taken from
played games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from zipai_scenes import meld_kinds

from changpai.zipai import (
    DECK,
    Card,
    Decomposition,
    Game,
    Meld,
    Rules,
    best_decomposition,
    parse,
    waits,
)
from changpai.zipai.cards import CARDS
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO

RULES = [
    HUNAN,
    LIUHUDAO,
    HAHA,
    HUNAN.evolve(allow_1_5_10=True),
    HUNAN.evolve(min_huxi=6, paoshuang=False),
]


def plain_waits(
    concealed: tuple[Card, ...], exposed: tuple[Meld, ...], rules: Rules, winning_only: bool
) -> dict[Card, Decomposition]:
    """The former ``waits``: every card with a copy left, tried as a self-drawn card."""
    held = list(concealed) + [c for m in exposed for c in m.cards]
    found = {}
    for card in CARDS:
        if held.count(card) >= 4:
            continue
        best = best_decomposition(concealed, exposed, rules=rules, card=card, self_drawn=True)
        if best is not None and (best.threshold_met or not winning_only):
            found[card] = best
    return found


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 2**32 - 1),
    size=st.sampled_from([5, 8, 11, 14, 17, 20]),
    winning_only=st.booleans(),
)
def test_waits_of_hands_alone(rules: Rules, seed: int, size: int, winning_only: bool) -> None:
    """Random hands, and a complete hand's cards less one (which mostly wait for something)."""
    rng = random.Random(seed)
    hand = tuple(rng.sample(DECK, size))
    assert waits(hand, (), rules=rules, winning_only=winning_only) == plain_waits(
        hand, (), rules, winning_only
    )
    near = list(complete_cards(rng))
    near.pop(rng.randrange(len(near)))
    got = waits(tuple(near), (), rules=rules, winning_only=winning_only)
    assert got == plain_waits(tuple(near), (), rules, winning_only)


def complete_cards(rng: random.Random) -> tuple[Card, ...]:
    """21 cards of seven 門子 — 一句話, 絞 and 坎 — at most three copies of a kind (zipai.md §4)."""
    while True:
        kinds = meld_kinds(rng, 7, kan=0.2, jiao=0.1)
        if all(kinds.count(k) <= 3 for k in kinds):  # (a fourth would make a 提)
            rng.shuffle(kinds)
            return tuple(CARDS[k] for k in kinds)


@settings(max_examples=12, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32 - 1))
def test_waits_with_table_melds_from_played_games(rules: Rules, seed: int) -> None:
    """Every few steps of a seeded game, every seat's hand with its table melds."""
    game = Game(rules, seed=seed)
    chooser = random.Random(seed)
    step = 0
    while not game.is_over:
        if step % 4 == 0:
            for s in game.seats:
                hand, melds = game.hand(s), game.melds(s)
                if hand:
                    assert waits(hand, melds, rules=rules) == plain_waits(hand, melds, rules, False)
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        step += 1


def test_a_kan_on_the_table_is_waited_on_for_its_ti() -> None:
    """A 坎 given among the table melds (an engine never lays one: its fourth makes a 提) is read
    in full: the fourth 拾 completes this hand (a review: the prefilter dropped it)."""
    hand, table = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒柒"), (Meld.parse("坎 拾拾拾"),)
    assert Card.parse("d10") in waits(hand, table)
    assert waits(hand, table) == plain_waits(hand, table, HUNAN, False)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([5, 8, 11, 14, 17]))
def test_waits_with_a_kan_on_the_table(seed: int, size: int) -> None:
    rng = random.Random(seed)
    kinds = rng.sample(range(20), 1)
    kan = (Meld.parse("坎 " + CARDS[kinds[0]].hanzi * 3),)
    rest = [c for c in DECK if c.index != kinds[0]]
    hand = tuple(rng.sample(rest, size))
    assert waits(hand, kan) == plain_waits(hand, kan, HUNAN, False)
