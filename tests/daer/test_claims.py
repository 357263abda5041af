"""changpai.daer.claims: who may claim a discard and which claim is carried out (daer.md §3, §7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from changpai.daer import DAER, LUZHOU, Action, Game, stack_deck
from changpai.daer import ActionKind as K
from changpai.daer.claims import ClaimsMixin, chi_pairs, guozhang_seats, winning_claim
from changpai.zipai import CARDS, KINDS, parse

RANK = {K.WIN: 0, K.GANG: 1, K.PENG: 2, K.CHI: 3}
CLAIMS = {  # seat 0 throws 伍: seat 1 may 吃 (叄肆), seat 2 碰, seat 3 胡
    0: "d5 d6 d6 d6 d8 d8 d8 x1 x2 x3 x4 x5 x6 x7",
    1: "d3 d4 x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 d1",
    2: "d5 d5 d10 d10 d10 d9 d9 d9 x10 x10 x10 d7 d7",
    3: "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d5",
}


def counts(text: str) -> list[int]:
    out = [0] * KINDS
    for card in parse(text):
        out[card.index] += 1
    return out


def test_chi_pairs_sequences() -> None:
    """daer.md §3: a 吃 makes a sequence with two hand cards."""
    pairs = chi_pairs(counts("一二四五"), parse("三")[0].index, DAER)
    assert [(str(CARDS[a]), str(CARDS[b])) for a, b in pairs] == [
        ("一", "二"),
        ("二", "四"),
        ("四", "五"),
    ]
    assert chi_pairs(counts("一五"), parse("三")[0].index, DAER) == []


def test_chi_pairs_never_split_a_kan() -> None:
    """daer.md §7: with 坎 locked (luzhou) the three 二 of a 坎 are not used in a 吃."""
    two = parse("二")[0].index
    pairs = chi_pairs(counts("二二二七十"), two, LUZHOU)
    assert [(str(CARDS[a]), str(CARDS[b])) for a, b in pairs] == [("七", "十")]
    assert all(two not in pair for pair in pairs)


def test_winning_claim_priority_and_nearest() -> None:
    """daer.md §3: 胡 > 杠 > 碰 > 吃; among equals the nearest seat after the discarder."""
    chi = Action(1, K.CHI, "d5", ("d3", "d4"))
    peng, win = Action(2, K.PENG, "d5"), Action(3, K.WIN, "d5")
    assert winning_claim((1, 2, 3), {1: chi, 2: peng, 3: win}) is win
    assert winning_claim((1, 2, 3), {1: chi, 2: peng, 3: Action(3, K.PASS)}) is peng
    other_win = Action(1, K.WIN, "d5")
    assert winning_claim((3, 1), {1: other_win, 3: win}) is win
    assert winning_claim((1, 3), {1: other_win, 3: win}) is other_win
    assert winning_claim((1, 2), {1: Action(1, K.PASS), 2: Action(2, K.PASS)}) is None


@given(st.lists(st.sampled_from([K.WIN, K.GANG, K.PENG, K.CHI, K.PASS]), min_size=1, max_size=3))
def test_winning_claim_is_the_first_of_the_best_rank(kinds: list[K]) -> None:
    """daer.md §3 as a property: the chosen claim has the best rank, and is the first with it."""
    order = list(range(1, len(kinds) + 1))
    decisions = {
        s: Action(s, kind, None if kind is K.PASS else "d5") for s, kind in enumerate(kinds, 1)
    }
    chosen = winning_claim(order, decisions)
    ranked = [s for s in order if decisions[s].kind in RANK]
    if not ranked:
        assert chosen is None
        return
    best = min(RANK[decisions[s].kind] for s in ranked)
    assert chosen is decisions[next(s for s in ranked if RANK[decisions[s].kind] == best)]


def test_guozhang_seats_are_the_passers_that_could_eat() -> None:
    """daer.md §7: only a seat offered a 吃 that passed gets a 過張."""
    chi = Action(1, K.CHI, "d5", ("d3", "d4"))
    options = {1: [chi, Action(1, K.PASS)], 2: [Action(2, K.PENG, "d5"), Action(2, K.PASS)]}
    passed = {1: Action(1, K.PASS), 2: Action(2, K.PASS)}
    assert guozhang_seats(options, passed) == [1]
    assert guozhang_seats(options, {1: chi, 2: Action(2, K.PASS)}) == []


def test_game_offers_and_resolves_through_the_mixin() -> None:
    """daer.md §3: the offer lists each claimant's options; the 胡 is carried out over 吃 / 碰."""
    assert issubclass(Game, ClaimsMixin)
    g = Game(DAER, deck=stack_deck(DAER, hands=CLAIMS))
    g.apply(Action(0, K.DISCARD, "d5"))
    assert g.phase == "claim" and g.to_act == (1, 2, 3)
    assert [str(a) for a in g.legal_actions(1)] == ["seat 1 吃 伍 (叄肆)", "seat 1 過"]
    g.apply(Action(1, K.CHI, "d5", ("d3", "d4")))
    g.apply(Action(2, K.PENG, "d5"))
    assert g.phase == "claim" and g.to_act == (3,)  # nothing is carried out before all decide
    g.apply(Action(3, K.WIN, "d5"))
    assert g.is_over and g.result is not None and g.result.winner == 3


def test_chi_pairs_erqishi_follows_e3() -> None:
    """daer.md §4 / E3: 七 is eaten with 二十 into an 二七十 by default, not with
    ``erqishi=False``; sequences are eaten either way."""
    seven = parse("七")[0].index
    hand = counts("二十 六八")
    pairs = chi_pairs(hand, seven, DAER)
    assert [(str(CARDS[a]), str(CARDS[b])) for a, b in pairs] == [("六", "八"), ("二", "十")]
    off = chi_pairs(hand, seven, DAER.evolve(erqishi=False))
    assert [(str(CARDS[a]), str(CARDS[b])) for a, b in off] == [("六", "八")]
