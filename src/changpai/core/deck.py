"""The order a hand is dealt from: a shuffled full deck, or a stacked deck that must hold
exactly the cards of the full deck (a fifth copy, a missing card or a stranger is an error).

>>> deal_order("aabc", seed=1) == deal_order("aabc", seed=1)
True
>>> "".join(deal_order("aabc", deck="baca"))
'baca'
>>> deal_order("aabc", deck="aaac", what="the demo deck")
Traceback (most recent call last):
...
changpai.errors.RulesError: the stacked deck must hold exactly the 4 cards of the demo deck; got 4 cards: 'a' is one too many, 'b' is missing
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from changpai.core.guard import keeps_once, n_cards, seed_arg, shown
from changpai.errors import ChangpaiError, NotationError, RulesError

__all__ = ["deal_order"]

_T = TypeVar("_T", bound=Hashable)


def _difference(order: Sequence[_T], full: Sequence[_T], limit: int = 3) -> str:
    have, want = Counter(order), Counter(full)
    extra = [
        f"{card!r} is one too many" if n == 1 else f"{card!r} is {n} too many"
        for card, n in (have - want).items()
    ]
    missing = [
        f"{card!r} is missing" if n == 1 else f"{n} copies of {card!r} are missing"
        for card, n in (want - have).items()
    ]
    notes = [*extra[:limit], *missing[:limit]]
    more = len(extra) + len(missing) - len(notes)
    tail = f" (and {more} more)" if more else ""
    return f"got {n_cards(len(order))}: {', '.join(notes)}{tail}"


def deal_order(
    full: Sequence[_T],
    *,
    seed: int | None = None,
    deck: Iterable[_T] | None = None,
    what: str = "these rules",
    error: type[ChangpaiError] = RulesError,
    card: type | None = None,
) -> list[_T]:
    """The cards of ``full`` in deal order: shuffled by ``random.Random(seed)`` when ``deck`` is
    ``None``, else ``deck`` itself after checking that it holds the same cards as ``full``
    (the same number of copies of each). A stacked deck of other cards raises ``error`` naming
    ``what`` the deck should be and the first differences; one that is no sequence of cards
    (of the class ``card``, if given) a :class:`~changpai.errors.NotationError`.

    >>> deal_order(range(5), seed=3)
    [0, 2, 3, 4, 1]
    >>> deal_order((1, 2), deck=(2, 1, 1), error=ChangpaiError)
    Traceback (most recent call last):
    ...
    changpai.errors.ChangpaiError: the stacked deck must hold exactly the 2 cards of these rules; got 3 cards: 1 is one too many
    """
    seed_arg(seed, error)
    if deck is None:
        order = list(full)
        random.Random(seed).shuffle(order)
        return order
    if not isinstance(deck, Iterable):
        raise NotationError(f"deck={shown(deck)} is not a sequence of the cards of {what}")
    if (refused := keeps_once(deck, "deck", f"the cards of {what}")) is not None:
        raise refused
    order = list(deck)
    kind = Hashable if card is None else card
    for item in order:
        if not isinstance(item, kind):  # (None too: it is no card)
            if isinstance(item, str) and card is not None:  # (a document's form: codes)
                raise NotationError(
                    f"deck holds {shown(item)}, text, not a {card.__name__} of {what}: give "
                    f"{card.__name__} objects, or the codes as one string"
                )
            raise NotationError(f"deck holds {shown(item)}, which is not a card of {what}")
    if len(order) != len(full) or (
        # (the same objects, as the interned cards of a family are, hold the same cards at
        # once: ints hash in C; else compared by value, each card's own hash)
        Counter(map(id, order)) != Counter(map(id, full)) and Counter(order) != Counter(full)
    ):
        raise error(
            f"the stacked deck must hold exactly the {len(full)} cards of {what}; "
            f"{_difference(order, full)}"
        )
    return order
