"""What a view says of the card on offer (docs/core-concepts.md, GameView ``facts``): who offered
it — and in 字牌, where a card turned from the stock is offered as a discard is, whether it was
turned — in every family whose claims take a card another seat showed (review h51: 字牌, 南通
and 大貳 views named the card but not its seat, which a stateless client cannot work out)."""

from __future__ import annotations

import random

import pytest

import changpai

# zipai.md §5 (吃 only from the 上家 or one's own draw), Z2 (胡 on a drawn card only), nantong.md
# §3 and daer.md §6 (the discarder pays): who showed the card, and how, decides the claims.
_VARIANTS = ["hunan", "liuhudao", "haha", "duzihu", "duzihu-baida", "daer", "luzhou"]


@pytest.mark.parametrize("name", _VARIANTS)
def test_every_seat_sees_who_offered_the_card(name: str) -> None:
    checked = 0
    for seed in range(6):
        game = changpai.variant(name).game(seed=seed)
        chooser = random.Random(seed)
        while not game.is_over:
            if game.offered is not None:
                shown = [r.action for r in game.log if getattr(r, "action", None) is not None]
                shown = [a for a in shown if a.kind.value in ("discard", "draw")]
                # (no record yet: the dealer's 亮張, turned up at the deal, zipai.md §4)
                by, turned = (
                    (shown[-1].seat, shown[-1].kind.value == "draw")
                    if shown
                    else (game.dealer, True)
                )
                for seat in game.seats:
                    view = game.view(seat)
                    assert view.offered == game.offered and view.fact("offered by") == by
                    if game.family == "zipai":
                        assert view.fact("turned") is turned
                    assert view.to_dict()["facts"]["offered by"] == by
                checked += 1
            else:
                assert all(game.view(s).fact("offered by") is None for s in game.seats)
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    assert checked > 10


def test_the_dealers_liang_zhang_is_offered_by_him_turned_section_4() -> None:
    """zipai.md §4: the dealer's 亮張, shown at the deal, is offered to claims before any
    record of a discard or a draw — every seat sees it offered by the dealer, turned (seed 693
    is one of the ~27 in 20,000 hunan deals where a seat may claim it)."""
    game = changpai.variant("hunan").game(seed=693)
    assert game.offered is not None and game.log[-1].action.kind.value == "liang"
    for seat in game.seats:
        assert (game.view(seat).fact("offered by"), game.view(seat).fact("turned")) == (0, True)
