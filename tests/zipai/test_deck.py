"""changpai.zipai.deck: the deal order of a stacked deck and stack_deck (zipai.md §2-§3)."""

from __future__ import annotations

import re

import pytest

from changpai.errors import NotationError, RulesError
from changpai.zipai.cards import DECK, Card, parse
from changpai.zipai.deck import _deck_indices, stack_deck
from changpai.zipai.game import Game
from changpai.zipai.rules import HAHA, HUNAN, LIUHUDAO


def test_deal_order_of_a_stacked_deck() -> None:
    """zipai.md §3 / engine docs: dealer's cards first, then 下家, …, then 亮張, then the stock."""
    deck = stack_deck(dealer=1)
    game = Game(deck=deck, dealer=1)

    def srt(cards: tuple[Card, ...]) -> list[Card]:
        return sorted(cards, key=lambda c: c.index)

    assert srt(game.hand(1)) == srt((*deck[:20], deck[60]))
    assert srt(game.hand(2)) == srt(deck[20:40])
    assert srt(game.hand(0)) == srt(deck[40:60])
    assert game.to_act == (1,)


def test_bad_decks_are_refused() -> None:
    """A stacked deck must be the 80 cards of the deck (zipai.md §1)."""
    with pytest.raises(RulesError, match="80 cards"):
        Game(deck=parse("一二三"))
    with pytest.raises(RulesError, match="seed='1' is not a whole number"):
        Game(seed="1")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="dealer"):
        Game(dealer=3)
    with pytest.raises(NotationError, match="fifth copy"):
        stack_deck(hands={0: "一一一一"}, liang="一")


def test_stack_deck_seats_are_checked() -> None:
    """DESIGN conventions (typed error naming the input) and zipai.md §2-§3: stack_deck takes
    the dealer and the hands' seats as whole numbers; True is not seat 1."""
    with pytest.raises(RulesError, match="dealer=True is not a seat"):
        stack_deck(dealer=True)
    with pytest.raises(RulesError, match="dealer='x' is not a seat"):
        stack_deck(dealer="x")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="seat True is not an active seat"):
        stack_deck(hands={True: "一"})
    with pytest.raises(RulesError, match="is not a zipai Rules object"):
        stack_deck("hunan")  # type: ignore[arg-type]
    assert stack_deck(hands={1: "一"}, dealer=2)


@pytest.mark.parametrize("rules", [HUNAN, LIUHUDAO, HAHA], ids=lambda r: r.name)
def test_stack_deck_deals_what_it_is_given(rules: object) -> None:
    """zipai.md §3 and the contract: hands, the 亮張 and the first stock cards land where asked,
    and the deck is the 80 cards of zipai.DECK (sorted equal)."""
    assert rules in (HUNAN, LIUHUDAO, HAHA)
    deck = stack_deck(rules, hands={1: "壹貳叄 一"}, liang="拾", stock="九 八")  # type: ignore[arg-type]
    assert isinstance(deck, tuple) and sorted(deck) == sorted(DECK)
    game = Game(rules, deck=deck)  # type: ignore[arg-type]
    n = rules.players * rules.hand_size  # type: ignore[attr-defined]
    assert deck[n] == Card.parse("d10") and game.stock[:2] == parse("九 八")
    held = list(game.hand(1))
    for card in parse("壹貳叄 一"):
        held.remove(card)


def test_shuffled_deal_is_the_seed() -> None:
    """A seed shuffles zipai.DECK reproducibly; a given deck is kept as it is."""
    assert _deck_indices(5, None) == _deck_indices(5, None) != _deck_indices(6, None)
    assert sorted(_deck_indices(5, None)) == sorted(c.index for c in DECK)
    assert Game(seed=5).deck == Game(deck=Game(seed=5).deck).deck
    with pytest.raises(NotationError, match=r"deck holds 1, which is not a card of zipai\.DECK"):
        _deck_indices(None, [1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(RulesError):
        stack_deck(hands={2: "一"}, dealer=0, rules=HAHA)  # seat 2 is the 數信


@pytest.mark.parametrize("keyword", ["hands", "stock"])
def test_a_lone_card_is_no_hand_and_no_stock(keyword: str) -> None:
    """A hand or a stock is text or a sequence of cards, as in every family's ``stack_deck``:
    one Card is refused naming its place (review h71: 字牌 read it as a one-card hand); the
    亮張, one card, may be given as a Card."""
    card = Card("x1")
    value = {0: card} if keyword == "hands" else card
    place = "hands[0]" if keyword == "hands" else "stock"
    with pytest.raises(NotationError, match=rf"^{re.escape(place)}=Card\('x1'\) is not a sequence"):
        stack_deck(**{keyword: value})  # type: ignore[arg-type]
    assert stack_deck(liang=card) == stack_deck(liang="x1")
