"""changpai.zipai.hand: the hot path's Decomposition objects (built on a bare instance of the
slots base class, then given their class) are the objects the public constructor makes
(zipai.md §5, §7, §8.1): same class, fields, equality, hash, repr, copies, pickles, evolve
and asdict."""

from __future__ import annotations

import copy
import pickle
import random
import weakref

import attrs
import pytest

from changpai.zipai.cards import CARDS, Card, parse
from changpai.zipai.hand import Decomposition, _decomposition, best_decomposition
from changpai.zipai.rules import HUNAN

HANDS = [
    "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾",
    "壹壹壹壹 一二三 四五六 七八九 貳柒拾 陸陸 x10 x10 d10",
    "壹貳叄 一二三 二七十 四五六 捌捌捌 九九玖 柒柒柒",
]


@pytest.mark.parametrize("text", HANDS)
def test_hot_path_result_is_the_constructed_object(text: str) -> None:
    hot = best_decomposition(parse(text))
    assert hot is not None
    built = Decomposition(hot.melds, rules=HUNAN)
    assert type(hot) is Decomposition and type(built) is Decomposition
    assert hot == built and hash(hot) == hash(built) and repr(hot) == repr(built)
    assert str(hot) == str(built) and hot.to_dict() == built.to_dict()
    assert attrs.asdict(hot) == attrs.asdict(built)
    assert attrs.astuple(hot) == attrs.astuple(built)
    assert attrs.fields(Decomposition) == attrs.fields(type(hot))
    assert (hot.melds, hot.huxi, hot.threshold_met, hot.card, hot.rules) == (
        built.melds,
        built.huxi,
        built.threshold_met,
        built.card,
        built.rules,
    )
    for clone in (copy.copy(hot), copy.deepcopy(hot), pickle.loads(pickle.dumps(hot))):
        assert type(clone) is Decomposition and clone == hot and clone.rules == hot.rules
    evolved = attrs.evolve(hot, card=hot.melds[0].cards[0])
    assert type(evolved) is Decomposition and evolved.card == hot.melds[0].cards[0]
    assert weakref.ref(hot)() is hot
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hot.huxi = 0  # type: ignore[misc]
    assert not hasattr(hot, "__dict__")


def test_private_builder_with_a_card() -> None:
    """The builder of the other paths (a winning card, table melds) makes the same object."""
    d = best_decomposition(parse(HANDS[0]))
    assert d is not None
    card: Card = CARDS[19]
    made = _decomposition(d.melds, d.huxi, d.threshold_met, HUNAN, card)
    assert made == Decomposition(d.melds, card=card) and made.card is card
    assert hash(made) == hash(Decomposition(d.melds, card=card))


def test_many_hot_path_results_equal_the_constructor() -> None:
    """The same on the complete hands among fixed-seed deals of seven random shapes."""
    rng = random.Random(5)
    cards = [c for c in CARDS for _ in range(4)]
    found = 0
    for _ in range(3000):
        rng.shuffle(cards)
        hand = best_decomposition(cards[:21])
        if hand is None:
            continue
        found += 1
        assert hand == Decomposition(hand.melds) and hash(hand) == hash(Decomposition(hand.melds))
    assert found >= 1
