"""The 孝感 engine's quick paths agree with the plain ones they stand for (src/changpai/xiaogan/
game.py): who may claim an offered card (``_claimers`` against ``_can_claim`` seat by seat and
class by class), the 暗 noted on each table, and the cards a seat holds and lays out
(``_laid_count``, and what ``_memo`` keeps per seat, against
:func:`~changpai.xiaogan.hand.layout_units`)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from turnclaim_support import check_claimers_at_the_offer

from changpai.xiaogan import CARDS, XIAOGAN, Game, MeldKind, Rules
from changpai.xiaogan.cards import COPIES, KINDS
from changpai.xiaogan.game import _laid_count
from changpai.xiaogan.hand import layout_units

RULES = st.builds(
    XIAOGAN.evolve,
    hunjiang=st.sampled_from(["menjiang", "wild"]),
    numeric_sentences=st.booleans(),
    wuzhang=st.booleans(),
    count_face_down=st.booleans(),
)


def _an_kinds(game: Game, seat: int) -> set[int]:
    """The kinds of the 暗 of three identical cards on the seat's table, read off the table."""
    return {
        m.cards[0].index
        for m in game.melds(seat)
        if m.kind is MeldKind.AN and len(set(m.cards)) == 1
    }


def _check(game: Game) -> int:
    """Compare the quick paths of ``game`` now with the plain ones; the offers checked."""
    rules = game.rules
    for seat in game.seats:
        assert game._an_kinds[seat] == _an_kinds(game, seat)
        held = len(game.hand(seat)) + sum(len(m.cards) for m in game.melds(seat))
        assert game._memo(seat)[0] == held
        table = sum(m.laid_out(rules) for m in game.melds(seat))
        assert game._laid(seat) == table + layout_units(game._hands[seat], rules)[0]
    return check_claimers_at_the_offer(game, CARDS)


@settings(max_examples=25, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 5, 6, 7]))
def test_quick_paths_agree_in_random_games(rules: Rules, seed: int, players: int) -> None:
    """At every decision of a random game (any table size, 混江 rule, 順 and 五張 options) the
    claimers of the offer, the 暗 kinds and the laid-out counts are those of the plain paths."""
    game = Game(rules, seed, players=players, dealer=seed % players)
    rng = random.Random(seed)
    offers = _check(game)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        offers += _check(game)
    assert offers > 0 or game.result is not None


def test_quick_paths_see_many_offers() -> None:
    """Random 4-player games of the default rules reach many offers, each checked."""
    offers = 0
    for seed in range(15):
        game = Game(XIAOGAN, seed)
        rng = random.Random(seed)
        while not game.is_over:
            offers += _check(game)
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert offers > 200


def _counts_of(kinds: list[int]) -> list[int]:
    """The counts of a hand of at most 32 cards given by kind (drawing each kind's count
    and keeping sums of 32 or less threw away about 4,000 hands for one: 30 s a run)."""
    counts = [0] * KINDS
    for k in kinds:
        counts[k] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(
    rules=RULES,
    counts=st.lists(st.integers(0, KINDS - 1), max_size=32)
    .map(_counts_of)
    .filter(lambda c: max(c) <= COPIES),
)
def test_laid_count_is_that_of_the_layout(rules: Rules, counts: list[int]) -> None:
    """``_laid_count`` is the first item of ``layout_units`` for any hand under any options."""
    assert _laid_count(counts, rules) == layout_units(counts, rules)[0]
