"""What a seat sees of a 戳牌 hand (:class:`~changpai.core.GameView`) and the omniscient HTML
table of a game for notebooks.

>>> from changpai.chuanpai.chuopai import Game
>>> view = Game(seed=11).view(0)
>>> view.phase, len(view.hand), view.fact("擺牌")
('lead', 24, (4, 1, 3))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from changpai.chuanpai.chuopai.actions import Pile, PileKind
from changpai.core import render
from changpai.core.view import GameView, PerSeat, SeatView, SeenMeld

if TYPE_CHECKING:
    from changpai.chuanpai.cards import Card
    from changpai.chuanpai.chuopai.actions import Action
    from changpai.chuanpai.chuopai.game import Game

__all__ = ["game_html", "game_view"]


def _counts(game: Game) -> PerSeat:
    """Each seat's count of 擺牌, by seat number."""
    return PerSeat(game.bai_count(s) for s in range(3))


def _seen_piles(game: Game, seat: int, own: bool) -> tuple[SeenMeld, ...]:
    """The piles of ``seat`` (``Game.melds``: its 硬張, its 擺牌 piles, its face-down cards) as
    a seat sees them, its own (``own``) or another's: the face-down pile (``Pile.face_up``
    false) as a count.

    >>> from changpai.chuanpai.chuopai import Game
    >>> [str(m) for m in _seen_piles(Game(seed=11), 1, own=False)]
    ['硬張 丁丁']
    """
    return tuple(
        SeenMeld(kind.value, kind.hanzi, cards)
        if own or kind is not PileKind.COVERED
        else SeenMeld(kind.value, kind.hanzi, (), len(cards))
        for kind, cards, _trick in game._piles(seat)
    )


def game_view(game: Game, seat: int) -> GameView[Card, Action]:
    """The :class:`~changpai.core.GameView` of ``seat`` (see :meth:`Game.view`).

    >>> from changpai.chuanpai.chuopai import Game
    >>> game_view(Game(seed=11), 2).legal_actions
    ()
    """
    seats = []
    trick = game.trick()
    for s in game.seats:
        played = next((cards for owner, cards, up in trick if owner == s and up), ())
        note = f"擺牌 {game.bai_count(s)}" + (", 包牌" if game.liable == s else "")
        seats.append(
            SeatView(s, sum(game._hands[s]), _seen_piles(game, s, s == seat), played, note)
        )
    facts: list[tuple[str, object]] = [("擺牌", _counts(game))]
    if game.phase == "follow":
        best = next(cards for owner, cards, up in reversed(trick) if up)
        facts.append(("to beat", best))
    if game.liable is not None:
        facts.append(("包牌", game.liable))
    return GameView(
        family=game.family,
        title=game.rules.title,
        seat=seat,
        dealer=game.dealer,
        phase=game._phase_seen_by(seat),
        hand=game.hand(seat),
        seats=tuple(seats),
        offered=None,
        stock_size=0,
        to_act=game.to_act,
        legal_actions=tuple(game.legal_actions(seat)),
        result=game.result,
        facts=tuple(facts),
    )


def _pile_html(pile: Pile) -> str:
    """A pile as the whole game shows it: its cards, a face-down pile's too (``Pile._repr_html_``
    and the views show that one as backs), marked so."""
    if pile.face_up:
        return pile._repr_html_()
    return render.meld(pile.kind.hanzi, pile.cards, title="face down to the other seats")


def game_html(game: Game) -> str:
    """The whole game for notebooks (omniscient): every hand, pile — a face-down one's cards
    too, as every family's game shows its hidden melds — and the trick in progress.

    >>> from changpai.chuanpai.chuopai import Game
    >>> html = game_html(Game(seed=11))
    >>> html.count("<tr><td"), "face down" in html
    (3, False)
    >>> from changpai.chuanpai.chuopai.actions import Pile, PileKind
    >>> from changpai.chuanpai import parse
    >>> html = _pile_html(Pile(PileKind.COVERED, parse("66 44")))
    >>> "天牌" in html, "face down to the other seats" in html
    (True, True)
    """
    rows = []
    trick = game.trick()
    for s in game.seats:
        played = [cards for owner, cards, up in trick if owner == s]
        notes = [w for w, on in (("dealer", s == game.dealer), ("包牌", game.liable == s)) if on]
        notes.append(f"擺牌 {game.bai_count(s)}")
        rows.append(
            render.SeatRow(
                s,
                hand=render.cards(game.hand(s)),
                melds=render.line([_pile_html(p) for p in game.melds(s)]),
                discards=render.cards(c for cards in played for c in cards),
                acting=s in game.to_act,
                note=", ".join(notes),
            )
        )
    facts = render.game_facts(game.phase, None, [("擺牌", str(_counts(game)))], "", game.to_act)
    footer = "" if game.result is None else render.Html(game.result._repr_html_())
    return render.seat_table(rows, title=render.game_title(game.rules), facts=facts, footer=footer)
