"""What is shown of a 大貳 hand: one seat's :class:`~changpai.core.GameView` and the whole state
for notebooks.

A seat sees its own hand; of every seat the hand size, the table sets (the others' 暗杠 face
down), the discards; the card on offer, the stock size, and during a claim only its own pending
decision; in ``luzhou`` also its own 過張 (the view's ``facts``). The cards the others hold or
drew are not in it.

>>> from changpai.daer.game import Game
>>> view = game_view(Game(seed=1), 1)
>>> len(view.hand), view.seats[0].hand_size, view.to_act, view.legal_actions
(13, 14, (0,), ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from changpai.core import render
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.daer.melds import Meld, _luzhou_names

if TYPE_CHECKING:
    from changpai.daer.actions import Action
    from changpai.daer.game import Game
    from changpai.zipai.cards import Card

__all__ = ["game_html", "game_view", "seen_meld"]


def seen_meld(meld: Meld, own: bool, luzhou: bool = False) -> SeenMeld:
    """A table set as a seat sees it: face up if exposed or its own, else (暗杠) face down;
    named with the 瀘州 words under ``luzhou`` (:meth:`Meld.label`), as the sheets name it.

    >>> str(seen_meld(Meld.parse("碰 一一一"), own=False))
    '碰 一一一'
    >>> hidden = seen_meld(Meld.parse("暗杠 一一一一"), own=False)
    >>> hidden.cards, hidden.hidden
    ((), 4)
    >>> str(seen_meld(Meld.parse("杠 一一一一"), own=False, luzhou=True))
    '招 一一一一'
    """
    label = meld.label(luzhou)
    if meld.exposed or own:
        return SeenMeld(meld.kind.value, label, meld.cards)
    return SeenMeld(meld.kind.value, label, (), hidden=len(meld.cards))


def game_view(game: Game, seat: int) -> GameView[Card, Action]:
    """What ``seat`` (already checked) may see of ``game``: see the module docstring.

    >>> from changpai.daer.game import Game
    >>> lines = str(game_view(Game(seed=8), 2)).splitlines()
    >>> lines[0]
    'seat 2 sees 大貳 (dealer 0, phase discard, stock 27):'
    """
    luzhou = _luzhou_names(game.rules)
    piles = [tuple(pile) for pile in game._discards]
    if game._phase == "claim":  # the card on offer is ``offered``, not yet a discard
        piles[game._discarder] = piles[game._discarder][:-1]
    seats = tuple(
        SeatView(
            s,
            sum(game._hands[s]),
            tuple(seen_meld(m, s == seat, luzhou) for m in game._melds[s]),
            piles[s],
            "",  # (the dealer is the view's own field: no note repeats it, as in every family)
        )
        for s in game.seats
    )
    facts: tuple[tuple[str, Any], ...] = ()
    if game.offered is not None:  # (the discarder pays for a win on it, daer.md §6)
        facts = (("offered by", game._discarder),)
    if game.rules.guozhang and game._passed[seat]:
        facts += (("過張", game.passed(seat)),)
    return GameView(
        family=game.family,
        title=game.rules.title,
        seat=seat,
        dealer=game.dealer,
        phase=game._phase_seen_by(seat),
        hand=game.hand(seat),
        seats=seats,
        offered=game.offered,
        stock_size=len(game._deck) - game._top,
        to_act=game._to_act_seen_by(seat),
        legal_actions=tuple(game.legal_actions(seat)),
        result=game._result,
        facts=facts,
    )


def game_html(game: Game) -> str:
    """The whole state of ``game`` for notebooks (omniscient): every seat's hand, sets and
    discards, the phase, the stock and the card on offer.

    >>> from changpai.daer.game import Game
    >>> html = game_html(Game(seed=1))
    >>> html.count("<tr><td"), "▶ seat 0" in html
    (4, True)
    """
    luzhou = _luzhou_names(game.rules)  # (a table names its sets as the sheets do)
    rows = []
    for seat in game.seats:
        hand = game.hand(seat)
        rows.append(
            render.SeatRow(
                seat,
                hand=render.Html(f"{len(hand)}: {render.cards(hand)}"),
                melds=render.line(
                    [render.meld(m.label(luzhou), m.cards) for m in game._melds[seat]]
                ),
                discards=render.cards(game._discards[seat]),
                acting=seat in game.to_act,
                note="dealer" if seat == game.dealer else "",
            )
        )
    offer = ""
    if game.offered is not None:
        offer = render.offer(render.card(game.offered), game._discarder)
    stock = len(game._deck) - game._top
    facts = render.game_facts(game._phase, stock, (), offer, game.to_act)
    footer = "" if game._result is None else render.Html(game._result._repr_html_())
    return render.seat_table(rows, title=render.game_title(game.rules), facts=facts, footer=footer)
