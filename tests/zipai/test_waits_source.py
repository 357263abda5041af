"""``waits(source=...)``: the cards the engine lets a seat 胡 on, as the card comes — its own
draw, another seat's draw, another seat's discard, or any (zipai.md §6, §7.3, Z12). Checked
against the engine itself in random games, both ways: every 胡 the engine offers is among the
waits of the seat before the card came, and every card among them brings the 胡 when it comes
that way.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zipai_scenes import meld_kinds

from changpai.errors import NotationError
from changpai.zipai import ActionKind, Card, Game, Meld, Rules, format, parse, stack_deck, waits
from changpai.zipai.cards import CARDS
from changpai.zipai.melds import MeldKind
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO

READY = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")

RULES = [
    HUNAN,
    LIUHUDAO,
    HAHA,
    HUNAN.evolve(weihu=True),
    HUNAN.evolve(win_on_discard=True),
    HUNAN.evolve(min_huxi=6, paoshuang=False),
    HUNAN.evolve(min_huxi=6, forbid_hu_after_chongpao=True),
]

_SOURCE_OF = {ActionKind.DRAW: "self", ActionKind.DISCARD: "discard"}


def test_own_draw_making_a_wei_wins_only_with_weihu() -> None:
    """§6, §7.3: the seat's own third 拾 is laid as a 偎 — HUNAN lets no 胡 on it."""
    d10 = Card.parse("d10")
    assert d10 in waits(READY)  # the reading alone (source=None, the former answer)
    assert d10 not in waits(READY, source="self")
    assert waits(READY, rules=HUNAN.evolve(weihu=True), source="self")[d10].huxi == 15


def test_another_seats_card_joining_a_pair_makes_a_peng() -> None:
    d10 = Card.parse("d10")
    other = waits(READY, source="other")
    assert str(other[d10]).startswith("碰 拾拾拾")
    assert other[d10].huxi == 12
    assert d10 not in waits(READY, source="other", winning_only=True)  # 12 < 15


def test_discards_win_only_under_win_on_discard() -> None:
    assert waits(READY, source="discard") == {}
    on_discard = waits(READY, rules=HUNAN.evolve(win_on_discard=True), source="discard")
    assert set(on_discard) == set(waits(READY, source="other"))


def test_any_takes_each_card_at_its_best_source() -> None:
    rules = HUNAN.evolve(weihu=True)
    every = waits(READY, rules=rules, source="any")
    assert every[Card.parse("d10")].huxi == 15  # the 偎 of its own draw, not the 碰's 12
    assert set(every) == set(waits(READY, rules=rules, source="self")) | set(
        waits(READY, rules=rules, source="other")
    )


def test_a_card_making_a_pao_needs_paoshuang() -> None:
    """Z12: without 跑雙 the winning card may not make a 跑 / 提."""
    hand = parse("一二三 四五六 七八九 壹貳叄 肆伍陸 拾拾")
    table = (Meld.parse("碰 柒柒柒"),)
    seven = Card.parse("d7")
    assert seven in waits(hand, table, source="other")
    assert seven not in waits(hand, table, rules=HUNAN.evolve(paoshuang=False), source="other")


def test_two_quads_stop_every_win_under_forbid_hu_after_chongpao() -> None:
    """(a seat's hand and table from a random game)"""
    hand = parse("柒")
    table = tuple(
        Meld.parse(text)
        for text in (
            "吃 六七八",
            "碰 捌捌捌",
            "吃 三四五",
            "比 三四五",
            "跑 拾拾拾拾",
            "跑 貳貳貳貳",
        )
    )
    rules = HUNAN.evolve(forbid_hu_after_chongpao=True)
    assert waits(hand, table, source="any")[Card.parse("d7")].huxi == 21
    assert waits(hand, table, rules=rules, source="any") == {}


@pytest.mark.parametrize("bad", ["mine", 1, True, b"self"])
def test_an_unknown_source_is_refused(bad: object) -> None:
    with pytest.raises(NotationError, match="source="):
        waits(READY, source=bad)  # type: ignore[arg-type]


def _ready_hand(rng: random.Random, rules: Rules, taken: list[int]) -> tuple[list[int], int] | None:
    """The kinds of a complete concealed hand (句, 絞 and 坎, zipai.md §4) less one card —
    ``rules.hand_size`` cards, ready for a 胡 — and the kind taken out, within the copies
    ``taken`` leaves, or None."""
    kinds = meld_kinds(rng, rules.melds_to_win, kan=0.3, jiao=0.1)
    triples = sorted(k for k in set(kinds) if kinds.count(k) == 3)
    if triples and rng.random() < 0.5:  # (a pair left waiting: its own draw makes a 偎)
        out = rng.choice(triples)
        kinds.remove(out)
    else:
        out = kinds.pop(rng.randrange(len(kinds)))
    if any(kinds.count(k) + taken.count(k) > 3 for k in kinds):
        return None
    return kinds, out


def _stacked_game(rules: Rules, rng: random.Random) -> Game:
    """A game whose two seats after the dealer are dealt hands ready for a 胡, the first
    stock card often the one the first of them lacks (its draw, or another's, §6)."""
    taken: list[int] = []
    hands: dict[int, str] = {}
    lacking: list[int] = []
    for seat in (1, 3 if rules.shuxin else 2):  # (seat 2 is the 數信's: it holds no hand)
        ready = None
        while ready is None:
            ready = _ready_hand(rng, rules, taken)
        taken += ready[0]
        lacking.append(ready[1])
        hands[seat] = format(CARDS[k] for k in ready[0])
    stock = CARDS[lacking[0]].hanzi if taken.count(lacking[0]) < 4 and rng.random() < 0.7 else ""
    deck = stack_deck(rules, hands=hands, stock=stock, seed=rng.randrange(2**32))
    return Game(rules, deck=deck)


def _wins_on(
    game: Game,
    seat: int,
    before: tuple[tuple[Card, ...], tuple[Meld, ...]],
    card: Card,
    source: str,
) -> bool:
    hand, melds = before
    return card in waits(hand, melds, rules=game.rules, winning_only=True, source=source)


def _forced(before: tuple[tuple[Card, ...], tuple[Meld, ...]], card: Card) -> bool:
    """Whether the seat's own draw of ``card`` is laid at once (a 偎 or a 提, zipai.md §6)."""
    hand, melds = before
    kinds = (MeldKind.WEI, MeldKind.CHOUWEI)
    return hand.count(card) >= 2 or any(m.kind in kinds and m.cards[0] == card for m in melds)


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32 - 1))
def test_ready_seats_win_exactly_on_their_waits_by_source(rules: Rules, seed: int) -> None:
    """Two seats dealt ready hands; after every move, each card offered in it (a draw or a
    discard, zipai.md §6) is checked: the seats that may 胡 on it are those whose
    ``waits(source=..., winning_only=True)`` — of their hand and table before the card — hold
    it; a card nobody may 胡 on passes on (the engine stops at a 胡 first, so a card the move
    passed by had no winner). A seat that moved in between is not judged on it."""
    rng = random.Random(seed)
    game = _stacked_game(rules, rng)
    while not game.is_over:
        before = {s: (game.hand(s), game.melds(s)) for s in game.seats}
        mark = len(game.log)
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        wins = [a for a in actions if a.kind is ActionKind.WIN]
        if wins:
            game.apply(wins[0])
            break
        passes = [a for a in actions if a.kind is ActionKind.PASS]
        game.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(actions))
        records = [r.action for r in game.log[mark:]]
        offers = [i for i, a in enumerate(records) if a.kind in _SOURCE_OF]
        for i in offers:
            offer = records[i]
            card, by = offer.card, offer.seat
            assert card is not None
            moved = {a.seat for a in records[: i if offer.kind is ActionKind.DRAW else i + 1]}
            judged = {}
            for s in game.seats:
                if s in moved or not before[s][0] or (offer.kind is ActionKind.DISCARD and s == by):
                    continue
                if offer.kind is ActionKind.DRAW:
                    if s != by and _forced(before[by], card):
                        continue  # (laid by the drawer: no other seat sees it)
                    source = "self" if s == by else "other"
                else:
                    source = "discard"
                judged[s] = _wins_on(game, s, before[s], card, source)
            live = i == offers[-1] and game.phase in ("claim", "selfhu") and not game.is_over
            asked = game.to_act[0] if live else None
            for s, expected in judged.items():
                if s == asked:
                    can_win = any(a.kind is ActionKind.WIN for a in game.legal_actions(s))
                    assert can_win == expected, (s, card, records[i], before[s])
                elif not live or not any(
                    a.kind is ActionKind.WIN for a in game.legal_actions(asked)
                ):
                    # (a 胡 comes before every other claim: asked first, in seat order, §6)
                    assert not expected, (s, card, records[i], before[s])
