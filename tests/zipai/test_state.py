"""changpai.zipai.state: a seat's mutable state and the engine's cheap win prefilter."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.zipai.cards import CARDS, KINDS, parse
from changpai.zipai.hand import best_decomposition
from changpai.zipai.melds import Meld, classify
from changpai.zipai.rules import HUNAN
from changpai.zipai.state import _may_complete, _Seat


def test_seat_clone_is_independent_and_equal() -> None:
    """A copied game must not share a seat's lists (Game.copy, DESIGN: an independent copy)."""
    seat = _Seat()
    seat.hand[3] = 2
    seat.lay(Meld.parse("碰 一一一"))
    seat.hu_passed[4] = 6
    other = seat.clone()
    assert other.key() == seat.key()
    other.hand[3] = 0
    other.melds.clear()
    other.hu_passed.clear()
    assert seat.hand[3] == 2 and seat.melds and seat.hu_passed == {4: 6}
    assert other.key() != seat.key()


def test_seat_cards_and_set_melds() -> None:
    """The concealed cards in kind order; the 碰 / 偎 / 臭偎 of a card found on the table (the
    melds a drawn fourth card turns into a 跑 / 提, zipai.md §5)."""
    seat = _Seat()
    for card in parse("三 一 三"):
        seat.hand[card.index] += 1
    assert seat.cards() == parse("一三三")
    seat.lay(Meld.parse("吃 四五六"), Meld.parse("偎 九九九"))
    assert seat.set_meld(parse("九")[0].index) == 1 and seat.set_meld(0) == -1
    assert seat.table_huxi(HUNAN) == 3
    seat.replace(1, Meld.parse("提 九九九九"))  # a 偎 turned 提 is no longer a set meld
    assert seat.set_meld(parse("九")[0].index) == -1 and seat.sets == 0
    assert len(seat.hand) == KINDS


SENTENCES = [
    (a, b, c)
    for a in range(20)
    for b in range(a, 20)
    for c in range(b, 20)
    if (kind := classify((CARDS[a], CARDS[b], CARDS[c]))) is not None and kind.is_sentence
]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_win_prefilter_never_rejects_a_winning_hand(data: st.DataObject) -> None:
    """The engine's cheap prefilter (_may_complete) is only a necessary condition: every hand that
    hand.py can complete with the card passes it."""
    counts = [0] * 20
    shapes = data.draw(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=7))
    for shape in shapes:
        for x in shape:
            counts[x] += 1
    if max(counts) > 2:  # keep every card free (no 坎) and within the deck
        return
    hand = [CARDS[k] for k in range(20) for _ in range(counts[k])]
    card = data.draw(st.sampled_from(hand))
    rest = list(hand)
    rest.remove(card)
    remaining = [0] * 20
    for c in rest:
        remaining[c.index] += 1
    rules = HUNAN.evolve(melds_to_win=len(shapes))
    found = best_decomposition(rest, (), rules=rules, card=card, self_drawn=False)
    if found is not None and remaining[card.index] <= 1:
        assert _may_complete(remaining, card.index, False)
    assert found is None or found.card == card


def test_win_prefilter_rejects_isolated_cards() -> None:
    """A free card with no partner at all cannot be in any 門子."""
    counts = [0] * 20
    for c in parse("一二 伍"):
        counts[c.index] += 1
    assert _may_complete(counts, parse("三")[0].index, False) is False
    counts[parse("伍")[0].index] = 0
    assert _may_complete(counts, parse("三")[0].index, False) is True


def _may_complete_reference(hand: list[int], k: int, allow_1_5_10: bool) -> bool:
    """_may_complete as first written: every single free card (k joined) has a 一句話 / 絞 of
    free cards present, computed from scratch."""
    counts = list(hand)
    counts[k] += 1
    free = [n if n <= 2 else 0 for n in counts]
    for c in range(20):
        if free[c] != 1:
            continue
        if not any(
            all(free[x] >= shape.count(x) for x in shape)
            for shape in (SENTENCES_1510 if allow_1_5_10 else SENTENCES)
            if c in shape
        ):
            return False
    return True


SENTENCES_1510 = [
    (a, b, c)
    for a in range(20)
    for b in range(a, 20)
    for c in range(b, 20)
    if (kind := classify((CARDS[a], CARDS[b], CARDS[c]), rules=HUNAN.evolve(allow_1_5_10=True)))
    is not None
    and kind.is_sentence
]


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.integers(0, 4), min_size=20, max_size=20),
    k=st.integers(0, 19),
    allow=st.booleans(),
)
def test_win_prefilter_matches_its_definition(hand: list[int], k: int, allow: bool) -> None:
    """The cached, incremental _may_complete (per-hand masks, then card k joined) answers as the
    definition computed from scratch, for any counts and card (zipai.md §5: 坎 / 提 cards are
    not free)."""
    if hand[k] == 4:
        hand[k] = 3
    assert _may_complete(hand, k, allow) == _may_complete_reference(hand, k, allow)
    assert _may_complete(hand, k, allow) == _may_complete_reference(hand, k, allow)  # cached
