"""What a seat asked about a card may choose when one claim binds it (chuanpai.md §2.2.3, §2.3,
§2.4.2, §2.5). Each case was found by an independent legality oracle written from the rules
file; the games are seeded."""

from __future__ import annotations

import random

import pytest

from changpai import chuanpai
from changpai.chuanpai import ActionKind, Game, MeldKind


def _played(game: Game, steps: int) -> Game:
    for _ in range(steps):
        game.apply(game.legal_actions(game.to_act[0])[0])
    return game


def test_a_forced_peng_leaves_the_winning_bai_open_section_2_5() -> None:
    """§2.4.2 a surplus pair must 碰, but §2.5 the card that completes a hand wins it: seat 2
    holds 14 14 23 with every other card paired; a 擺 of the discarded 14 with 23 leaves 14 14
    and wins. The 擺 is offered beside the 碰 (no pass: one of them must be made)."""
    game = _played(Game(chuanpai.YAODIREN, seed=72), 45)
    legal = game.legal_actions(2)
    assert ActionKind.PASS not in {a.kind for a in legal}
    assert MeldKind.PENG in {a.meld for a in legal}
    wins = [a for a in legal if a.meld is MeldKind.BAI and [c.code for c in a.cards] == ["23"]]
    assert wins
    game.apply(wins[0])
    assert game.result is not None and game.result.winner == 2


def test_a_jing_pair_of_a_single_partner_is_forced_section_2_4_2() -> None:
    """§2.4.2 能吃必須吃 and §2.3 a 經牌 pairs with any card: a seat with a single 經 (surplus in
    its most 擠兒) must claim a passing dot card with it — no pass."""
    game = _played(Game(chuanpai.YAODIREN.evolve(deck="deck86"), seed=2080), 8)
    legal = game.legal_actions(1)
    assert {a.meld for a in legal} == {MeldKind.JING_PAIR}
    assert ActionKind.PASS not in {a.kind for a in legal}


def test_a_passing_jing_pairs_a_single_dot_card_section_2_4_2() -> None:
    """§2.4.2 the other way round: a passing 經牌 must be claimed with a single dot card."""
    game = _played(Game(chuanpai.YAODIREN.evolve(deck="deck84_jing"), seed=1001), 44)
    legal = game.legal_actions(2)
    assert MeldKind.JING_PAIR in {a.meld for a in legal}
    assert ActionKind.PASS not in {a.kind for a in legal}


def test_a_winning_bai_offered_early_binds_as_it_would_later_section_2_4_2() -> None:
    """§2.4.2 with §2.5: when a seat bound to a 碰 / 起 / 扛 is offered its 擺 of the card
    because one wins, those 擺 bind as they would in the 擺 turn — a pass there only when no
    擺 of a single partner is forced (else the pass would be taken back a turn later). Random
    play that passes whenever it can at such an offer (seeds 61 and 240 of 幺地人 met one)."""
    checked = 0
    for rules in (chuanpai.YAODIREN, chuanpai.GEHU):
        for seed in range(250):
            game = Game(rules, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                seat = game.to_act[0]
                legal = game.legal_actions(seat)
                choice = rng.choice(legal)
                if game.phase == "claim" and game._candidates[game._cand_pos][0] == 0:
                    bai = [a for a in legal if a.meld in (MeldKind.BAI, MeldKind.JING_PAIR)]
                    if bai and game._offer is not None:
                        checked += 1
                        if game._claim_options(seat, game._offer[0], 1)[1]:
                            assert all(a.kind is not ActionKind.PASS for a in legal), seed
                        choice = next((a for a in legal if a.kind is ActionKind.PASS), choice)
                game.apply(choice)
    assert checked


@pytest.mark.parametrize(
    ("hand", "kang"),
    [
        ("11 11 11 44 44 45 56 36 56 46 46 55 13 33 14 23 15", False),  # two 人牌 tie two 地牌
        ("11 11 11 44 44 44 56 36 56 46 46 55 13 33 14 23 15", True),  # three 人牌 tie all three
    ],
)
def test_a_kang_needs_each_of_the_three_tied(hand: str, kang: bool) -> None:
    """chuanpai.md §2.3: 扛 = "3 identical in hand, each already tied in a 擠兒, + the 4th
    identical seen" (review h83: three 地牌 with two 8-point partners were offered the 扛)."""
    deck = chuanpai.stack_deck(chuanpai.YAODIREN, hands={0: "11", 1: hand}, seed=1)
    game = chuanpai.Game(chuanpai.YAODIREN, deck=deck)
    while game.phase == "setup":
        legal = game.legal_actions(game.to_act[0])
        game.apply(next((a for a in legal if a.kind.value == "ready"), legal[0]))
    game.apply(
        next(a for a in game.legal_actions(0) if a.kind.value == "discard" and a.card.code == "11")
    )
    claims = [str(a) for a in game.legal_actions(1)]
    assert "seat 1 吃 碰 地牌 with 地牌 地牌" in claims
    assert ("seat 1 吃 扛 地牌 with 地牌 地牌 地牌" in claims) is kang
