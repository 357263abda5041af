"""Invariants of the 戳牌 engine under random play (hypothesis): no card is created or lost, a
seat to act always has a legal play, a refused action changes nothing, and replaying the log or
reloading the JSON gives an equal game; perft counts from stacked deals."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from changpai.chuanpai.cards import CARDS
from changpai.chuanpai.chuopai import (
    CHUOPAI,
    Action,
    ActionKind,
    Game,
    Rules,
    level,
    plays,
    score,
)
from changpai.core.playout import perft
from changpai.errors import IllegalActionError

RULES = st.sampled_from(
    [
        CHUOPAI,
        CHUOPAI.evolve(chuo_ties="beat"),
        CHUOPAI.evolve(chuo_fifteen="win"),
        CHUOPAI.evolve(big_combos=False),
    ]
)


def every_card(game: Game, seat: int) -> Counter[str]:
    """All cards that came to ``seat``: hand, piles, and its face-up play in the trick."""
    cards = list(game.hand(seat)) + [c for pile in game.melds(seat) for c in pile.cards]
    cards += [c for owner, played, up in game.trick() if owner == seat and up for c in played]
    return Counter(c.code for c in cards)


def dealt(game: Game, seat: int) -> Counter[str]:
    order = game.seats.index(seat)
    return Counter(c.code for c in game.deck[28 * order : 28 * order + 28])


def wrong_actions(game: Game, seat: int, rng: random.Random) -> list[object]:
    """Actions that must be refused now."""
    legal = game.legal_actions(seat)
    other = next(s for s in range(3) if s != seat)
    card = CARDS[rng.randrange(21)]
    out: list[object] = [
        Action(other, ActionKind.LEAD, (card,)),
        Action(seat, ActionKind.BAI, (card,)),
        None,
    ]
    missing = [c for c in CARDS[:21] if c not in game.hand(seat)]
    if missing:
        out.append(Action(seat, legal[0].kind, (missing[0],)))
    if legal[0].kind is ActionKind.BEAT and game.strict:
        out.append(Action(seat, ActionKind.COVER, game.hand(seat)[:1]))
    return [a for a in out if a not in legal]


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), rules=RULES, dealer=st.integers(0, 2), strict=st.booleans())
def test_random_hands_keep_every_invariant(
    seed: int, rules: Rules, dealer: int, strict: bool
) -> None:
    game = Game(rules, seed, dealer=dealer, strict=strict)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        for seat in range(3):  # no card is created or lost
            assert every_card(game, seat) == dealt(game, seat)
        seat = game.to_act[0]
        assert game.to_act == (seat,)
        actions = game.legal_actions(seat)
        assert actions, "a seat to act always has a legal play"
        assert all(game.legal_actions(s) == [] for s in range(3) if s != seat)
        if steps % 7 == 0:
            before = game.copy()
            for bad in wrong_actions(game, seat, rng):
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
                assert game == before
        if actions[0].kind is ActionKind.BEAT:  # every BEAT beats the trick's highest play
            best = next(cards for _s, cards, up in reversed(game.trick()) if up)
            assert {a.cards for a in actions if a.kind is ActionKind.BEAT} == {
                p.cards for p in plays(game.hand(seat), best, rules)
            }
        game.apply(rng.choice(actions))
        steps += 1
    for seat in range(3):
        assert every_card(game, seat) == dealt(game, seat)
    assert game.to_act == () and all(game.legal_actions(s) == [] for s in range(3))
    result = game.result
    assert result is not None and sum(result.net(3).values()) == 0
    if result.winner is not None:
        assert result.value == game.bai_count(result.winner)
    assert Game.from_json(game.to_json()) == game
    again = Game.replay(game.log, rules, seed=seed, deck=game.deck, dealer=dealer, **game.options)
    assert again == game
    json.dumps(game.view(seat).to_dict())


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), rules=RULES, dealer=st.integers(0, 2))
@example(seed=2593, rules=CHUOPAI, dealer=0)  # (the liable seat reached 16 after the winner)
def test_tricks_and_result_follow_sections_3_3_and_3_4(
    seed: int, rules: Rules, dealer: int
) -> None:
    """Read from the log of a random hand: each trick goes to the owner of its last face-up
    play, who lays exactly those cards as 擺牌 and leads next when he still holds cards
    (§3.3.3); the winner is the first seat whose 擺牌 (硬張 included) reached 16, his level is
    that of his final count and his sheet is ``score`` of his 擺牌 (§3.4); without a winner
    nobody pays."""
    game = Game(rules, seed, dealer=dealer)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        top = next((cards for _s, cards, up in reversed(game.trick()) if up), None)
        owner = next((s for s, _cards, up in reversed(game.trick()) if up), None)
        action = rng.choice(game.legal_actions(seat))
        size = len(game.log)
        game.apply(action)
        if action.kind is not ActionKind.COVER:
            top, owner = action.cards, action.seat
        bai = [r.action for r in game.log[size:] if r.action.kind is ActionKind.BAI]
        if bai:  # the trick was collected
            assert (bai[0].seat, bai[0].cards) == (owner, top)
            if not game.is_over and game.hand(owner):
                assert game.to_act == (owner,) and game.phase == "lead"
    counts = [0, 0, 0]
    first = None
    for record in game.log:
        if record.action.kind in (ActionKind.YINGZHANG, ActionKind.BAI):
            counts[record.action.seat] += len(record.action.cards)
            if first is None and counts[record.action.seat] >= rules.win_cards:
                first = record.action.seat
    assert counts == [game.bai_count(s) for s in range(3)]
    result = game.result
    assert result is not None
    if result.reason in ("xiaohu", "yijia", "liangjia"):
        assert result.winner == first
        assert result.reason == level(counts[first], rules).value  # type: ignore[union-attr]
        # 包牌 (docs/chuopai.md): the liable seat pays alone unless it won or made its 擺牌
        # too, reaching 16 after the winner (seed 000: 包牌 is "最後卻沒有擺牌")
        liable = game.liable
        if liable is not None and (liable == first or counts[liable] >= rules.win_cards):
            liable = None
        assert result.sheet == score(game.bai(first), rules=rules, winner=first, liable=liable)
    elif result.winner is None:
        assert result.payments == () or result.reason == "fapai"


def test_short_followers_cover_all_they_hold() -> None:
    """A follower holding fewer cards than were led covers all of them (chuanpai.md §3.3 [INF])."""
    for seed in range(300):
        game = Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            phase_size = len(next((c for _s, c, up in game.trick() if up), ()))
            if game.phase == "follow" and 0 < len(game.hand(seat)) < phase_size:
                size = len(game.hand(seat))
                for _ in range(size):
                    assert game.to_act == (seat,)
                    game.apply(game.legal_actions(seat)[0])
                assert game.hand(seat) == ()
                return
            game.apply(rng.choice(game.legal_actions(seat)))
    raise AssertionError("no short follower in 300 random hands")


# ------------------------------------------------------------------------------------ perft

PERFT_DIR = Path(__file__).parent / "perft"


def read_perft(path: Path) -> list[tuple[str, int, tuple[str, ...], list[tuple[int, int]]]]:
    cases = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        if not lines:
            continue
        fields = dict(line.split(" ", 1) for line in lines if not line.startswith("perft"))
        counts = [tuple(map(int, line.split()[1:])) for line in lines if line.startswith("perft")]
        cases.append(
            (fields["id"], int(fields["dealer"]), tuple(fields["deck"].split()), counts)  # type: ignore[arg-type]
        )
    return cases


PERFT_CASES = [case for path in sorted(PERFT_DIR.glob("*.perft")) for case in read_perft(path)]


@pytest.mark.parametrize("case", PERFT_CASES, ids=[c[0] for c in PERFT_CASES])
def test_perft(case: tuple[str, int, tuple[str, ...], list[tuple[int, int]]]) -> None:
    """Perft counts from stacked deals (tests/chuanpai/chuopai/perft/*.perft)."""
    _name, dealer, deck, counts = case
    game = Game(CHUOPAI, deck=deck, dealer=dealer)
    for depth, expected in counts:
        assert perft(game, depth) == expected, depth


# chuanpai.md §3.2 by hand: the ranks of each class, and the 組合 (head, its two 點子).
RANKS = [
    ["66"], ["11"], ["44"], ["13"], ["55", "33", "22"], ["56", "46", "16", "15"],  # 正門
    ["45"], ["34"], ["14"],  # red 點子
    ["36"], ["26", "35"], ["25"], ["23"],  # black 點子
]  # fmt: skip
COMBOS = [("66", "45", "36"), ("11", "26", "35"), ("44", "34", "25"), ("13", "14", "23")]


@pytest.mark.parametrize("case", PERFT_CASES, ids=[c[0] for c in PERFT_CASES])
def test_perft_1_counted_from_the_rules_text(
    case: tuple[str, int, tuple[str, ...], list[tuple[int, int]]],
) -> None:
    """perft 1 checked independently: the dealer may lead any non-empty choice of cards of one
    rank (prod(n + 1) − 1 per rank) or a 組合 (1..n head cards × a non-empty choice of its
    點子), counted from the hand with the rank lists of chuanpai.md §3.2."""
    _name, dealer, deck, counts = case
    game = Game(CHUOPAI, deck=deck, dealer=dealer)
    hand = Counter(c.code for c in game.hand(dealer))
    expected = 0
    for rank in RANKS:
        product = 1
        for code in rank:
            product *= hand[code] + 1
        expected += product - 1
    for head, p, q in COMBOS:
        expected += hand[head] * ((hand[p] + 1) * (hand[q] + 1) - 1)
    assert dict(counts)[1] == expected
