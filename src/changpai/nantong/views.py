"""What is shown of a 犢子胡 hand: one seat's :class:`~changpai.core.GameView`, the whole state for
notebooks, and the reading of game documents written by changpai 0.1.0.

A seat sees its own hand; of every playing seat the hand size, the declared sets (碰, 杠, 叫牌
and 暗杠 are laid face up) and the discards; the flipped 將, the seat that sits out and who
declared 報聽 (the view's ``facts``); the discard on offer (``offered``: among its seat's
discards once nobody claims it); and, during a claim, only its own pending decision. The cards the others drew are not in it.

>>> from changpai.nantong.game import Game
>>> view = game_view(Game(seed=2), 1)
>>> view.fact("sits out"), len(view.fact("將")), view.to_act, view.seats[1].hand_size
(3, 2, (0,), 22)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from changpai.core import document, render
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.errors import NotationError
from changpai.nantong.cards import Card
from changpai.nantong.melds import Meld

if TYPE_CHECKING:
    from changpai.nantong.actions import Action
    from changpai.nantong.game import Game

__all__ = ["game_html", "game_view", "legacy_document", "seen_meld"]


def seen_meld(meld: Meld) -> SeenMeld:
    """A declared set as every seat sees it: its set kind (code and hanzi) and its cards.

    >>> str(seen_meld(Meld.parse("碰 HH HH HH")))
    '碰 紅花紅花紅花'
    """
    if meld.source is not None:
        return SeenMeld(meld.source.value, meld.source.hanzi, meld.cards)
    return SeenMeld(meld.kind.value, meld.kind.hanzi, meld.cards)


def game_view(game: Game, seat: int) -> GameView[Card, Action]:
    """What ``seat`` (already checked) may see of ``game``: see the module docstring.

    >>> from changpai.nantong.game import Game
    >>> lines = str(game_view(Game(seed=8), 2)).splitlines()
    >>> lines[0], lines[2], lines[-1]
    ('seat 2 sees 笃子胡 (dealer 0, phase declare, stock 51):', '  seat 0 [23 in hand] table: -; discards: -', '  報聽: -')
    """
    rivers = [tuple(river) for river in game._rivers]
    if game.phase == "claim":  # the card on offer is ``offered``, not yet a discard
        discarder = game._discarder
        assert discarder is not None
        rivers[discarder] = rivers[discarder][:-1]
    seats = tuple(
        SeatView(
            s,
            sum(game._hands[s]),
            tuple(seen_meld(m) for m in game._melds[s]),
            rivers[s],
            note="報聽" if s in game._ting else "",
        )
        for s in game.seats
    )
    return GameView(
        family=game.family,
        title=game.rules.title,
        seat=seat,
        dealer=game.dealer,
        phase=game._phase_seen_by(seat),
        hand=game.hand(seat),
        seats=seats,
        offered=game.offered,
        stock_size=game.stock_left,
        to_act=game._to_act_seen_by(seat),
        legal_actions=tuple(game.legal_actions(seat)),
        result=game.result,
        facts=(("將", game.jiang), ("sits out", game.sitting_out), ("報聽", game.ting))
        + ((("offered by", game._discarder),) if game.offered is not None else ()),
    )


def game_html(game: Game) -> str:
    """The whole state for notebooks (the owner of the object sees everything): one row per
    playing seat with its hand, declared sets and discards, the seat(s) to act marked; the
    stock size, the flipped 將, the seat that sits out, the discard on offer; the result and
    its score sheet when over.

    >>> from changpai.nantong.game import Game
    >>> "將" in game_html(Game(seed=1))
    True
    """
    face = Card._repr_html_
    rows = [
        render.SeatRow(
            seat,
            hand=render.Html(
                f"{sum(game._hands[seat])}: {render.cards(game.hand(seat), face=face)}"
            ),
            melds=render.line([m._repr_html_() for m in game._melds[seat]]),
            discards=render.cards(game._rivers[seat], face=face),
            acting=seat in game.to_act,
            note=" ".join(
                w for w, on in (("dealer", seat == game.dealer), ("報聽", seat in game._ting)) if on
            ),
        )
        for seat in game.seats
    ]
    family = [
        ("將", render.cards(game.jiang, face=face)),
        ("sits out", f"seat {game.sitting_out}"),
    ]
    offer = ""
    if game.offered is not None and game._discarder is not None:
        offer = render.offer(render.cards([game.offered], face=face), game._discarder)
    facts = render.game_facts(game.phase, game.stock_left, family, offer, game.to_act)
    result = game.result
    footer = "" if result is None else render.Html(result._repr_html_())
    return render.seat_table(rows, title=render.game_title(game.rules), facts=facts, footer=footer)


# the keys of a game document of changpai 0.1.0
_LEGACY_KEYS = ("family", "rules", "deck", "dealer", "seed", "log")


def legacy_document(data: dict[str, Any]) -> dict[str, Any]:
    """A game document written by changpai 0.1.0 (``{"family": "nantong", "rules", "deck",
    "dealer", "seed", "log"}``, the log a list of ``{kind, seat, card}`` decisions) as a
    version-2 document (see :mod:`changpai.core.document`). Its rules had no ``name``: they
    load as the preset their 百搭 option gives.

    >>> old = {"family": "nantong", "rules": {}, "deck": [], "dealer": 0, "seed": 1, "log": []}
    >>> doc = legacy_document(old)
    >>> doc["version"], doc["actions"], doc["options"]
    (1, [], {})
    >>> legacy_document({"family": "nantong"})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a nantong game document (changpai 0.1.0): it has no 'log'
    """
    document.check_legacy_family(data, "nantong")
    document.check_legacy_keys(data, "nantong", _LEGACY_KEYS)
    if "log" not in data:
        raise NotationError("not a nantong game document (changpai 0.1.0): it has no 'log'")
    if isinstance(data["log"], list):  # (named as the document names it: log[i])
        document.check_decisions(data["log"], "nantong", "log")
    converted = {key: value for key, value in data.items() if key != "log"}
    converted.update(version=1, variant=None, options={}, actions=data.get("log"))
    return converted
