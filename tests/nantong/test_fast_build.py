"""The 南通 plain fast path builds its :class:`~changpai.nantong.Decomposition` slot by slot
(``hand._new_decomposition``): the object is the one ``Decomposition(...)`` makes (nantong.md
§4) — equal, same hash, repr, text, dict, value, and it pickles and copies the same."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from attrs import evolve, fields
from hypothesis import given, settings
from hypothesis import strategies as st
from nantong_hands import may_call

from changpai import nantong
from changpai.errors import NotationError
from changpai.nantong import hand
from changpai.nantong.cards import CARDS, N_PLAIN

_RUNS = [(k, k + 1, k + 2) for s in (0, 9, 18) for k in range(s, s + 7)]
_SETS = [(k,) * 3 for k in range(N_PLAIN)]


def test_the_fields_are_set_in_order_and_their_checks_keep_the_readings_values() -> None:
    """The constructor's checks (review h60: a reading built by hand is checked) would change
    nothing of what the fast path sets: each converter returns the very value, each validator
    passes."""
    names = [f.name for f in fields(hand.Decomposition)]
    assert names == ["pair", "groups", "exposed", "rules", "jiang", "called"]
    assert not hasattr(hand.Decomposition, "__attrs_post_init__")
    reading = nantong.best_decomposition(
        "123b 456b 789b 123t 456t 789t 5w 5w 5w HH HH", jiang="5w 3w", called=[nantong.Card("5w")]
    )
    assert reading is not None and reading.jiang and reading.called
    for field in fields(hand.Decomposition):
        value = getattr(reading, field.name)
        if field.converter is not None:
            assert field.converter(value) is value, field.name
        if field.validator is not None:
            field.validator(reading, field, value)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_fast_built_reading_is_the_constructed_one_section_4(seed: int) -> None:
    rng = random.Random(seed)
    kinds = [rng.randrange(N_PLAIN)] * 2
    sets = set()
    for _ in range(7):
        group = rng.choice(_RUNS if rng.random() < 0.5 else _SETS)
        kinds += group
        if group in _SETS:
            sets.add(group[0])
    if max(kinds.count(k) for k in kinds) > 4:
        return
    cards = tuple(CARDS[k] for k in kinds)
    jiang = tuple(CARDS[rng.randrange(N_PLAIN)] for _ in range(rng.randrange(3)))
    # (a 叫牌 card is a flipped 將 whose copies left are held, nantong.md §3, as a 刻子 of the
    # hand: a declared three is never split)
    called = frozenset(
        c
        for c in rng.sample(jiang, len(jiang) // 2)
        if may_call(cards, jiang, c) and c.index in sets
    )
    try:
        fast = nantong.best_decomposition(cards, jiang=jiang, called=called)
    except NotationError:  # (a flip over the copies)
        return
    assert fast is not None
    made = hand.Decomposition(
        fast.pair, fast.groups, rules=fast.rules, jiang=fast.jiang, called=fast.called
    )
    assert fast == made and hash(fast) == hash(made)
    assert (repr(fast), str(fast), fast.to_dict(), fast.value) == (
        repr(made), str(made), made.to_dict(), made.value,
    )  # fmt: skip
    for twin in (pickle.loads(pickle.dumps(fast)), copy.copy(fast), copy.deepcopy(fast)):
        assert twin == made and repr(twin) == repr(made)
    assert evolve(fast, exposed=()) == made
    general = nantong.best_decomposition(iter(cards), jiang=jiang, called=called)
    assert general == fast and repr(general) == repr(fast)


def test_the_value_is_worked_out_once_a_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """nantong.md §7: a reading's 胡數 is its score sheet's (a sheet's work); asked again — an
    analysis's document asks twice — it is the one worked out, and a reading made anew under
    other flips works its own."""
    from changpai.nantong import scoring

    sheets: list[object] = []
    worked = scoring.decomposition_value

    def counted(d: hand.Decomposition) -> int:
        sheets.append(d)
        return worked(d)

    monkeypatch.setattr(scoring, "decomposition_value", counted)
    piao = "HH HH HH QZ QZ QZ BH BH BH 4w 4w 4w 5t 5t 5t 7b 7b 7b 6w 6w 6w 9t 9t"
    best = nantong.best_decomposition(piao, jiang="HH 3w")
    assert best is not None
    assert best.value == best.value == 910 and len(sheets) == 1
    other = evolve(best, jiang=())
    assert other.value == 460 and len(sheets) == 2
    assert pickle.loads(pickle.dumps(best)).value == 910 and copy.copy(best).value == 910
    assert best == nantong.best_decomposition(piao, jiang="HH 3w")  # (the value is no field)
    # nor part of attrs' fields or a pickle: a reading pickled before it was kept loads too
    assert [f.name for f in fields(hand.Decomposition)][-1] == "called"
    assert "_nantong_value" not in repr(pickle.dumps(best))
