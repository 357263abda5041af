"""Tests for changpai.core.view: one GameView for every family."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import changpai
from changpai.core.records import GameResult
from changpai.core.view import GameView, PerSeat, SeatView, SeenMeld


class Card:
    def __init__(self, code: str, hanzi: str) -> None:
        self.code, self.hanzi = code, hanzi

    def __str__(self) -> str:
        return self.hanzi


NINE = Card("x9", "九")


def view(**changes: object) -> GameView:
    base: dict[str, object] = dict(
        family="demo", title="演示", seat=1, dealer=0, phase="play", hand=(NINE,),
        seats=(
            SeatView(0, 20, (SeenMeld("wei", "偎", (), hidden=3),), (NINE,), note="報聽"),
            SeatView(1, 1, (), ()),
        ),
        offered=NINE, stock_size=19, to_act=(1,), legal_actions=(), result=None,
        facts=(("亮張", NINE), ("將", (NINE, NINE)), ("數信", 2)),
    )  # fmt: skip
    base.update(changes)
    return GameView(**base)  # type: ignore[arg-type]


def test_the_text_form_hides_face_down_cards() -> None:
    text = str(view())
    # (the seat's note too, as the notebook table shows it: issue 9, h17 review J7)
    assert "seat 0 (報聽) [20 in hand] table: 偎 ■■■; discards: 九" in text
    assert "seat 1 [1 in hand] table: -; discards: -" in text
    assert "亮張: 九" in text and "將: 九 九" in text and "on offer: 九" in text


def test_to_dict_is_json_with_codes() -> None:
    data = view(result=GameResult(None, "huangzhuang", label="荒莊")).to_dict()
    json.dumps(data)
    assert data["hand"] == ["x9"] and data["offered"] == "x9"
    assert data["facts"] == {"亮張": "x9", "將": ["x9", "x9"], "數信": 2}
    assert data["seats"][0]["melds"][0] == {"kind": "wei", "label": "偎", "cards": [], "hidden": 3}
    assert data["result"]["reason"] == "huangzhuang"


def test_html_shows_the_own_hand_and_counts_the_others() -> None:
    html = view()._repr_html_()
    assert "20 cards" in html and "face down" in html and "報聽" in html
    assert "what seat 1 sees" in html and "on offer" in html


def test_fact_lookup() -> None:
    assert view().fact("數信") == 2 and view().fact("none", 0) == 0


def test_per_seat_numbers_are_a_tuple_shown_with_the_seats() -> None:
    counts = PerSeat((4, 1, 3))
    assert counts == (4, 1, 3) and hash(counts) == hash((4, 1, 3))
    assert pickle.loads(pickle.dumps(counts)) == counts
    shown = view(facts=(("擺牌", counts), ("報聽", (0, 2))))
    assert "擺牌: seat 0: 4 · seat 1: 1 · seat 2: 3" in str(shown)
    assert "報聽: 0 2" in str(shown)  # (seats, not one number per seat)
    assert "seat 2: 3" in shown._repr_html_()
    assert shown.to_dict()["facts"] == {"擺牌": [4, 1, 3], "報聽": [0, 2]}


def _is_data(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_is_data(item) and not isinstance(item, tuple) for item in value)
    return value is None or isinstance(value, (int, bool)) or hasattr(value, "code")


@pytest.mark.parametrize("variant", changpai.variants(), ids=lambda v: v.name)
def test_every_fact_of_a_view_is_data(variant: changpai.Variant) -> None:
    """A JSON client reads a view's facts without parsing text (issue 12's one public face:
    cards, seats, truth values, numbers per seat — no sentence)."""
    seen: set[str] = set()
    for seed in range(3):
        game = variant.game(seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in game.seats:
                facts = game.view(seat).facts
                assert all(_is_data(value) for _, value in facts), facts
                seen.update(name for name, _ in facts)
                json.dumps(game.view(seat).to_dict())
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    assert seen or variant.family == "daer"  # (大貳's 過張 appears only after a pass)


def test_a_seen_meld_keeps_its_own_cards() -> None:
    """A ``SeenMeld`` given a list keeps a tuple of its own (review h60)."""
    cards = ["三", "三"]
    seen = SeenMeld("peng", "碰", cards)
    cards.pop()
    assert seen.cards == ("三", "三") and hash(seen) == hash(SeenMeld("peng", "碰", ("三", "三")))
