"""``waits(source=...)``: the cards the engine lets a seat 胡 on, as the card comes — its own
draw or another seat's discard (daer.md §5, §7). Checked against the engine itself in games
whose seats are dealt ready hands, both ways: every 胡 the engine offers is among the seat's
waits from before the card came, with the value the engine scores, and every card among them
brings the 胡 when it comes that way.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.daer import Action, ActionKind, Card, Game, Meld, Rules, stack_deck, waits
from changpai.daer.rules import DAER, LUZHOU
from changpai.errors import NotationError
from changpai.zipai.cards import CARDS

READY = "一二三 四五六 七八九 伍伍 十十"

RULES = [
    DAER,
    DAER.evolve(kan_locked=True),
    DAER.evolve(scoring="huxi", min_hu=6),
    DAER.evolve(kan_locked=True, win_on_discard=False),
    DAER.evolve(gang_draw=False, hand_size=14),
    LUZHOU,
    LUZHOU.evolve(zero_hu=True),
    LUZHOU.evolve(kan_locked=False),
    LUZHOU.evolve(gang_draw=True, hand_size=19),
    LUZHOU.evolve(min_hu=0),
]


def test_a_discard_joining_a_pair_makes_a_peng() -> None:
    """§7: a pair and another seat's discard are a 碰 (4 胡 for 十十十), a pair and the seat's own
    draw a concealed three (6 胡)."""
    ten = Card("x10")
    assert waits(READY, source="self")[ten].hu == 6
    assert "碰 十十十" in str(waits(READY, source="discard")[ten])
    assert waits(READY, source="discard")[ten].hu == 4
    assert waits(READY, source="any")[ten].hu == 6
    assert waits(READY) == waits(READY, source="self")  # (without 坎 locked: the draw's)


def test_no_discard_wins_under_win_on_discard_false() -> None:
    rules = DAER.evolve(win_on_discard=False)
    assert waits(READY, rules=rules, source="discard") == {}
    assert waits(READY, rules=rules, source="any") == waits(READY, rules=rules, source="self")


def test_a_drawn_fourth_of_a_kan_wins_only_on_a_discard() -> None:
    """§7 (瀘州, 坎 locked): drawn, the fourth of a 坎 is laid at once as a 垅 — with replacement
    draws the seat draws again and does not win on it; discarded, it sits in 捌玖拾."""
    hand = "拾拾拾 捌玖 一二三 四五六 壹貳叄 肆伍陸 七七"
    rules = LUZHOU.evolve(gang_draw=True, hand_size=19)
    ten = Card("d10")
    assert ten not in waits(hand, rules=rules, kan="拾", source="self")
    assert "捌玖拾" in str(waits(hand, rules=rules, kan="拾", source="discard")[ten])
    assert ten in waits(hand, rules=rules, kan="拾")  # (by default: the discard's reading)


def test_a_discard_below_min_hu_does_not_win() -> None:
    """§7, 瀘州: a 碰 counts less than a drawn three — a hand that reaches 10 胡 by the draw
    may miss it on the discard (and a discard may win for more: drawn, a fourth of a three
    held is laid at once as a 垅)."""
    rng = random.Random(5)
    found = 0
    for _ in range(3000):
        kinds = _ready_kinds(LUZHOU, rng)
        if kinds is None:
            continue
        hand = [CARDS[k] for k in kinds[0]]
        drawn = waits(hand, rules=LUZHOU, kan=(), source="self")
        discard = waits(hand, rules=LUZHOU, kan=(), source="discard")
        for card in set(drawn) - set(discard):
            assert drawn[card].hu >= LUZHOU.min_hu
            found += 1
        for reading in discard.values():
            assert reading.hu >= LUZHOU.min_hu
    assert found  # (such hands exist among random ready hands)


def test_any_takes_each_card_at_its_best_source() -> None:
    rng = random.Random(8)
    for rules in RULES:
        for _ in range(200):
            kinds = _ready_kinds(rules, rng)
            if kinds is None:
                continue
            hand = [CARDS[k] for k in kinds[0]]
            self_ = waits(hand, rules=rules, source="self")
            discard = waits(hand, rules=rules, source="discard")
            every = waits(hand, rules=rules, source="any")
            assert set(every) == set(self_) | set(discard)
            for card, reading in every.items():
                best = max(
                    (d for d in (self_.get(card), discard.get(card)) if d is not None),
                    key=lambda d: (d.value, d.hu),
                )
                assert (reading.value, reading.hu) == (best.value, best.hu)


def test_a_four_held_may_be_laid_on_any_draw() -> None:
    """§7, 八塊: without replacement draws the first four laid leaves the hand complete — a
    four the hand held (or a 碰 and its fourth) may be laid on any draw of the seat's, and the
    hand wins with the drawn card (review h100: only the drawn card's four was read)."""
    rules = DAER.evolve(gang_draw=False, hand_size=14)
    hand = "一二三 四五六 壹貳叄 捌 九九九九"
    won = waits(hand, rules=rules, source="self")[Card("d8")]
    assert str(won) == "暗杠 九九九九 順 一二三 順 四五六 順 壹貳叄 將 捌捌" and won.value == 18
    peng = waits("一二三 四五六 壹貳叄 捌 九", "碰 九九九", rules=rules, source="self")
    assert "加杠 九九九九" in str(peng[Card("d8")])


def test_told_nothing_a_third_drawn_to_a_pair_is_no_kan() -> None:
    """§7: a 坎 is a dealt three — told nothing of the 坎, ``waits`` took a third 三 drawn to
    the pair 三三 for one, and missed the drawn win 一二三 二三四 三四五 (review h100)."""
    hand = "一二二三三四四五 壹貳叄 貳柒拾 肆伍陸 柒捌玖"
    three = Card("x3")
    assert three in waits(hand, rules=LUZHOU, source="self")
    assert waits(hand, rules=LUZHOU, source="self") == waits(
        hand, rules=LUZHOU, kan=(), source="self"
    )
    held = "拾拾拾 捌玖 一二三 四五六 壹貳叄 肆伍陸 七七"  # (a three held before: still a 坎)
    rules = LUZHOU.evolve(gang_draw=True, hand_size=19)
    assert Card("d10") not in waits(held, rules=rules, source="self")


@pytest.mark.parametrize("bad", ["other", "mine", 1, True, b"self"])
def test_an_unknown_source_is_refused(bad: object) -> None:
    with pytest.raises(NotationError, match=r"source=.* is not one of None, 'self', 'discard'"):
        waits(READY, source=bad)  # type: ignore[arg-type]


def _set_kinds(rules: Rules, rng: random.Random) -> list[int]:
    """The kinds of one random set (daer.md §4): a three, a run, a 二七十, a 絞."""
    roll = rng.random()
    case = rng.randrange(2) * 10
    if roll < 0.3:
        return [rng.randrange(20)] * 3
    if roll < 0.4 and rules.erqishi:
        return [case + 1, case + 6, case + 9]
    if roll < 0.5 and rules.jiao:
        value = rng.randrange(10)
        a, b = (value, value + 10) if rng.random() < 0.5 else (value + 10, value)
        return [a, a, b]
    start = case + rng.randrange(8)
    return [start, start + 1, start + 2]


def _ready_kinds(
    rules: Rules, rng: random.Random, taken: Counter[int] | None = None
) -> tuple[list[int], int] | None:
    """The kinds of a waiting hand of ``rules.hand_size`` cards: a complete hand (sets and,
    by its size, a 將) less one card, often a fourth of a kind — and the kind taken out,
    within the copies ``taken`` leaves, or None."""
    size = rules.hand_size + 1
    kinds: list[int] = []
    if size % 3 == 2:
        jiang = rng.choice([k for k in range(20) if rules.jiang_ok(k)])
        kinds += [jiang, jiang]
        size -= 2
    while size > 0:
        kinds += _set_kinds(rules, rng)
        size -= 3
    counts = Counter(kinds) + (taken or Counter())
    if max(counts.values()) > 4:
        return None
    fours = [k for k in set(kinds) if kinds.count(k) == 4]
    if (
        fours and rng.random() < 0.5
    ):  # (waiting on the fourth of a three: drawn, a 垅 under 坎 locked)
        out = rng.choice(fours)
        kinds.remove(out)
    else:
        out = kinds.pop(rng.randrange(len(kinds)))
    return kinds, out


def _stacked_game(rules: Rules, rng: random.Random) -> Game:
    """A game whose seats after the dealer hold ready hands, the cards they lack often in the
    dealer's hand (to discard) and at the top of the stock (to draw)."""
    taken: Counter[int] = Counter()
    hands: dict[int, str] = {}
    lacking: list[int] = []
    for seat in range(1, rules.players):
        ready = None
        for _ in range(50):
            ready = _ready_kinds(rules, rng, taken)
            if ready is not None:
                break
        if ready is None:
            continue
        taken.update(ready[0])
        lacking.append(ready[1])
        hands[seat] = "".join(CARDS[k].hanzi for k in ready[0])
    dealt: list[int] = []
    stock: list[int] = []
    for k in lacking:
        for place in (dealt, stock):
            if taken[k] < 4 and rng.random() < 0.6:
                place.append(k)
                taken[k] += 1
    if dealt:
        hands[0] = "".join(CARDS[k].hanzi for k in dealt)
    rng.shuffle(stock)
    text = "".join(CARDS[k].hanzi for k in stock)
    deck = stack_deck(rules, hands=hands, stock=text, seed=rng.randrange(2**32))
    return Game(rules, deck=deck)


_Seat = tuple[tuple[Card, ...], tuple[Meld, ...], tuple[Card, ...]]


def _listed(state: _Seat, card: Card, rules: Rules, source: str) -> float | None:
    """The value of the reading ``waits(source=...)`` gives ``card`` for a seat in ``state``
    (its hand, table sets and 坎), or None if it does not list it (a hand of another size
    than a waiting one lists nothing)."""
    hand, melds, kan = state
    try:
        found = waits(hand, melds, rules=rules, kan=kan, source=source)
    except NotationError:  # (not a waiting size: a seat that just claimed, 八塊 …)
        return None
    return found[card].value if card in found else None


def _won_value(game: Game, win: Action, asked: tuple[int, ...]) -> float | None:
    """The value the engine scores when ``win`` is applied and the other seats ``asked`` pass,
    or None if another of them wins first (the nearest to the discarder, daer.md §3)."""
    copy = game.copy()
    copy.apply(win)
    for seat in asked:
        if not copy.is_over and seat in copy.to_act:
            copy.apply(Action(seat, ActionKind.PASS))
    assert copy.result is not None
    return copy.result.value if copy.result.winner == win.seat else None


def _check_draw(game: Game, seat: int, card: Card, before: _Seat, asked: bool) -> None:
    """The seat wins on its draw at once, or — without replacement draws — after laying a four
    as a 杠 (daer.md §7, 八塊: the first four laid leaves the hand complete): the drawn card's,
    or one the hand held before (a four, or a 碰 and its fourth: review h100); the listed value
    is the best of them."""
    expected = _listed(before, card, game.rules, "self")
    asked = asked and game.phase == "discard" and game.to_act == (seat,)
    values = []
    for action in game.legal_actions(seat) if asked else []:
        if action.kind is ActionKind.WIN:
            values.append(_won_value(game, action, ()))
        elif action.kind is ActionKind.GANG and not game.rules.gang_draw:
            laid = game.copy()
            laid.apply(action)
            wins = [a for a in laid.legal_actions(seat) if a.kind is ActionKind.WIN]
            values += [_won_value(laid, wins[0], ())] if wins else []
    assert bool(values) == (expected is not None), (seat, card, before)
    if values:
        assert max(v for v in values if v is not None) == expected


def _check_discard(game: Game, by: int, card: Card, before: dict[int, _Seat], live: bool) -> None:
    """(``live``: the offer is open; else it closed at once, nobody having a claim)"""
    asked = game.to_act if live and game.phase == "claim" and game.offered == card else ()
    for seat in game.seats:
        if seat == by:
            continue
        expected = _listed(before[seat], card, game.rules, "discard")
        actions = game.legal_actions(seat) if seat in asked else []
        wins = [a for a in actions if a.kind is ActionKind.WIN]
        assert bool(wins) == (expected is not None), (seat, card, before[seat])
        if wins:
            value = _won_value(game, wins[0], tuple(s for s in asked if s != seat))
            assert value in (None, expected)


@settings(max_examples=120, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32 - 1))
def test_ready_seats_win_exactly_on_their_waits_by_source(rules: Rules, seed: int) -> None:
    """Seats dealt ready hands; after every move, each card that came in it is checked: a
    seat's own draw brings it a 胡 exactly when ``waits(source="self")`` of its hand, sets and
    坎 before the draw lists the card, a discard exactly when ``waits(source="discard")`` of
    the seat's state lists it — and the 胡 taken scores the listed reading's value. A seat
    that moved in between is not judged on the card."""
    rng = random.Random(seed)
    game = _stacked_game(rules, rng)
    while not game.is_over:
        before = {s: (game.hand(s), game.melds(s), game.kan(s)) for s in game.seats}
        mark = len(game.log)
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        others = [a for a in actions if a.kind is not ActionKind.WIN]
        if not others:
            break  # (a 胡 or nothing: the hand is decided)
        passes = [a for a in others if a.kind is ActionKind.PASS]
        game.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(others))
        records = game.log[mark:]
        moved: set[int] = set()
        for i, record in enumerate(records):
            action = record.action
            live = i == len(records) - 1
            if action.kind is ActionKind.DRAW and action.seat not in moved:
                ((_, card),) = record.draws
                # (a 垅 the draw makes is laid at once, before the seat decides)
                later = records[i + 1 :]
                asked = all(r.action.kind is ActionKind.LONG for r in later)
                _check_draw(game, action.seat, card, before[action.seat], asked)
            if action.kind is ActionKind.DISCARD:
                assert action.card is not None
                _check_discard(game, action.seat, action.card, before, live)
            if action.kind is not ActionKind.PASS:
                moved.add(action.seat)
