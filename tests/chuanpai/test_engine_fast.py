"""The 川牌 engine's quick test of who may claim an offered card (``_claimers``, one pass over
the seats and the 暗 noted on each table, src/changpai/chuanpai/game.py) agrees with
``_can_claim`` asked seat by seat and class by class, for every card kind, at every offer of
random games (chuanpai.md §2.2.3, §2.3, §2.4.2-3)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from turnclaim_support import check_claimers_at_the_offer

from changpai.chuanpai import CARDS, GEHU, YAODIREN, Game, MeldKind, Rules

RULES = st.builds(
    lambda base, deck, turned_bai, kang, win: base.evolve(
        deck=deck, turned_bai=turned_bai, kang=kang, win=win
    ),
    st.sampled_from([YAODIREN, GEHU]),
    st.sampled_from(["deck105", "deck86", "deck84", "deck84_jing"]),
    st.booleans(),
    st.sampled_from(["qitou", "optional"]),
    st.sampled_from(["formed", "red_dots", "cards16"]),
)


def _check(game: Game) -> int:
    """Compare ``_claimers`` with the plain path for every card kind at the offer, and the 暗
    noted per seat with those on its table; 1 if there is an offer, else 0."""
    for seat in game.seats:
        assert list(game._ans[seat]) == [m for m in game.melds(seat) if m.kind is MeldKind.AN]
    return check_claimers_at_the_offer(game, CARDS)


@settings(max_examples=25, deadline=None)
@given(rules=RULES, seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 5, 6, 7]))
def test_claimers_agree_in_random_games(rules: Rules, seed: int, players: int) -> None:
    """Any deck, pair rule, table size, 擺 of a turned card or not, 扛 and win rule."""
    game = Game(rules, seed, players=players, dealer=seed % players)
    rng = random.Random(seed)
    _check(game)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        _check(game)


def test_claimers_see_many_offers() -> None:
    """Random 4-player games of both presets reach many offers, each checked."""
    offers = 0
    for seed in range(20):
        game = Game(GEHU if seed % 2 else YAODIREN, seed)
        rng = random.Random(seed)
        while not game.is_over:
            offers += _check(game)
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert offers > 200
