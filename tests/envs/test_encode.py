"""The fixed-size encoding of views and legal actions (docs/rl.md, "Observations" and "Actions")."""

from __future__ import annotations

import itertools
import json
import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai.envs import Encoder, canonical
from changpai.envs.encode import max_actions_of
from changpai.errors import RulesError

VARIANTS = changpai.variants()
NAMES = [v.name for v in VARIANTS]


def encoder_for(name: str) -> Encoder:
    entry = changpai.variant(name)
    game = entry.game(0)
    return Encoder(entry.module, game.seats, deck=game.deck, action_features=True)


@pytest.mark.parametrize("name", NAMES)
def test_max_actions_has_a_wide_margin(name: str) -> None:
    """Random play never comes near the action space (the largest seen in 400 hands: 24 in the
    字牌 variants, 198 in 戳牌, whose space is larger)."""
    entry = changpai.variant(name)
    largest = 0
    for seed in range(8):
        game = entry.game(seed)
        chooser = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions(game.to_act[0])
            largest = max(largest, len(legal))
            game.apply(chooser.choice(legal))
    assert 0 < largest <= max_actions_of(entry.family) // 2


@pytest.mark.parametrize("name", NAMES)
def test_layout_tiles_the_vector(name: str) -> None:
    encoder = encoder_for(name)
    blocks = sorted(encoder.layout.values(), key=lambda s: s.start)
    assert blocks[0].start == 0 and blocks[-1].stop == encoder.size
    for before, after in itertools.pairwise(blocks):
        assert before.stop == after.start
    assert encoder.high.shape == (encoder.size,) and (encoder.high > 0).all()
    assert len(set(encoder.kinds)) == len(encoder.kinds)


def test_card_kinds_follow_the_table_deck() -> None:
    """南通 百搭 adds 福祿壽喜財 after the 30 kinds of the DECK; 割胡 plays four copies a kind."""
    baida = encoder_for("duzihu-baida")
    assert len(baida.kinds) == 35 and baida.kinds[:3] == ("1t", "2t", "3t")
    assert set(baida.kinds[30:]) == {"FU", "LU", "SHOU", "XI", "CAI"}
    assert encoder_for("gehu").copies == 4 and encoder_for("yaodiren").copies == 5


@settings(max_examples=20)
@given(
    name=st.sampled_from(NAMES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
)
def test_observations_stay_in_bounds(name: str, seed: int, steps: int) -> None:
    entry = changpai.variant(name)
    game = entry.game(seed)
    encoder = Encoder(entry.module, game.seats, deck=game.deck)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    for seat in game.seats:
        obs = encoder.observation(game.view(seat))
        assert obs.dtype == np.float32 and obs.shape == (encoder.size,)
        assert (obs >= 0).all() and (obs <= encoder.high).all()
        hand = obs[encoder.layout["hand"]]
        assert hand.sum() == len(game.hand(seat))


def test_canonical_order_is_sorted_json() -> None:
    game = changpai.variant("daer").game(5)
    legal = game.legal_actions(game.to_act[0])
    ordered = canonical(legal)
    keys = [json.dumps(a.to_dict(), sort_keys=True, ensure_ascii=False) for a in ordered]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert sorted(map(repr, ordered)) == sorted(map(repr, legal))


@pytest.mark.parametrize("name", NAMES)
def test_action_features_name_the_kind_and_cards(name: str) -> None:
    entry = changpai.variant(name)
    encoder = encoder_for(name)
    game = entry.game(6)
    chooser = random.Random(6)
    for _ in range(30):
        if game.is_over:
            break
        legal = canonical(game.legal_actions(game.to_act[0]))
        rows = encoder.action_features(legal)
        kinds = len(encoder.action_kinds)
        for row, action in zip(rows, legal, strict=False):
            assert row[:kinds].sum() == 1
            assert encoder.action_kinds[int(row[:kinds].argmax())] == action.kind.value
            card = action.to_dict().get("card")
            if card is not None:
                assert row[kinds + encoder.index[card]] >= 1
        assert not rows[len(legal) :].any()
        game.apply(chooser.choice(legal))


def test_unknown_cards_and_seats_raise() -> None:
    entry = changpai.variant("hunan")
    game = entry.game(1)
    encoder = Encoder(entry.module, game.seats)
    view = game.view(0)
    with pytest.raises(RulesError, match=r"card 'zz' is not a zipai card kind"):
        encoder.observation(view.__class__(**{**_fields(view), "hand": ("zz",)}))
    with pytest.raises(RulesError, match=r"seat 5 does not play at this table"):
        encoder.observation(view.__class__(**{**_fields(view), "seat": 5}))
    with pytest.raises(RulesError, match="at least one seat"):
        Encoder(entry.module, ())
    with pytest.raises(RulesError, match=r"max_actions=0 is not an integer from 1 to 4096"):
        Encoder(entry.module, game.seats, 0)


def _fields(view: object) -> dict[str, object]:
    import attrs

    return attrs.asdict(view, recurse=False)  # type: ignore[arg-type]


def test_mask_marks_the_first_slots() -> None:
    entry = changpai.variant("hunan")
    game = entry.game(1)
    encoder = Encoder(entry.module, game.seats, 32)
    legal = canonical(game.legal_actions(0))
    mask = encoder.action_mask(legal)
    assert mask.dtype == np.int8 and mask.shape == (32,)
    assert mask[: len(legal)].all() and not mask[len(legal) :].any()


def test_the_action_keys_are_a_registered_cache() -> None:
    """Issue 12 (bounded, clearable caches): the canonical order's action keys are listed by
    ``caches.stats`` and emptied by ``changpai.clear_caches()`` (a review found them held apart
    from the registry the docs call complete)."""
    from changpai.core import caches
    from changpai.envs import encode

    game = changpai.zipai.Game(seed=2)
    canonical(game.legal_actions(game.to_act[0]))
    size, bound = caches.stats("envs")["changpai.envs.encode._keys"]
    assert 0 < size <= bound == encode._KEYS_LIMIT
    changpai.clear_caches()
    assert caches.stats("envs")["changpai.envs.encode._keys"][0] == 0


@pytest.mark.parametrize("module", [None, 5, changpai])
def test_an_encoder_needs_a_family_module(module: object) -> None:
    """``Encoder(None, …)`` raised AttributeError (review h96)."""
    with pytest.raises(changpai.RulesError, match="is not a changpai family module"):
        Encoder(module, (0, 1))
