"""What one seat may see of a 跑胡子 hand, the whole table for notebooks (zipai.md §4, §5, Z6),
and the 0.1.0 game documents.

:func:`view` builds the core :class:`~changpai.core.view.GameView` of one seat: a 偎 lies face
down to the others, a 臭偎 with one card up, a 提 with ``rules.ti_face_up`` cards up (Z6);
the 亮張 and, with ``rules.shuxin``, the 數信 seat are the family's facts. :func:`table_html`
is the omniscient ``Game._repr_html_``; :func:`legacy_document` reads a game saved by changpai
0.1.0 for ``Game.from_json``.

>>> from changpai.zipai import Game, stack_deck
>>> game = Game(deck=stack_deck(hands={2: "一一一一"}, liang="九"))
>>> view(game, 0).seats[2].melds, view(game, 0).fact("亮張")
((SeenMeld(kind='ti', label='提', cards=(Card('x1'),), hidden=3),), Card('x9'))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from changpai.core import caches, document, render
from changpai.core.guard import clipped, instance_arg, int_arg, shown
from changpai.core.view import GameView, SeatView, SeenMeld
from changpai.errors import NotationError
from changpai.zipai.cards import CARDS
from changpai.zipai.melds import Meld, MeldKind
from changpai.zipai.state import _DISCARDED

if TYPE_CHECKING:
    from changpai.zipai.actions import Action
    from changpai.zipai.cards import Card
    from changpai.zipai.game import Game

__all__ = ["legacy_document", "seen_meld", "table_html", "view"]

_LEGACY_FORMAT = "changpai.zipai.game/1"
_LEGACY_KEYS = ("rules", "deck", "dealer", "actions")


def seen_meld(meld: Meld, *, own: bool, ti_face_up: int = 1) -> SeenMeld:
    """A table meld as a seat sees it: all of it when it is the seat's own or exposed; else a
    偎 face down, a 臭偎 with one card up, a 提 with ``ti_face_up`` cards up (zipai.md Z6).

    >>> str(seen_meld(Meld.parse("臭偎 三三三"), own=False)), str(seen_meld(Meld.parse("偎 三三三"), own=True))
    ('臭偎 三■■', '偎 三三三')
    """
    kind = instance_arg(meld, Meld, "meld").kind
    if own or meld.exposed:
        return SeenMeld(kind.value, meld.label(), meld.cards)
    if kind is MeldKind.WEI:
        return SeenMeld(kind.value, kind.hanzi, (), 3)
    if kind is MeldKind.CHOUWEI:
        return SeenMeld(kind.value, kind.hanzi, meld.cards[:1], 2)
    if kind is MeldKind.TI:
        up = max(0, min(4, int_arg(ti_face_up, "ti_face_up", error=NotationError)))
        return SeenMeld(kind.value, kind.hanzi, meld.cards[:up], 4 - up)
    return SeenMeld(kind.value, kind.hanzi, (), len(meld.cards))


# A table meld as each seat sees it (a meld on the table is seen at every view of the hand):
# (id(meld), own, ti_face_up) -> the meld and its SeenMeld. An entry holds its meld, so its id
# stays that meld's while it is kept (past its game: bounded, the oldest dropped first).
_SEEN: caches.BoundedDict[tuple[int, bool, int], tuple[Meld, SeenMeld]] = caches.BoundedDict(
    "zipai", "changpai.zipai.views._SEEN", 1 << 12
)


def _seen(meld: Meld, own: bool, up: int) -> SeenMeld:
    """:func:`seen_meld` of a meld of the table, kept (see ``_SEEN``)."""
    key = (id(meld), own, up)
    known = _SEEN.get(key)
    if known is not None and known[0] is meld:
        return known[1]
    seen = seen_meld(meld, own=own, ti_face_up=up)
    _SEEN[key] = (meld, seen)
    return seen


def _game_arg(game: object) -> Game:
    """``game`` if it is a 字牌 :class:`~changpai.zipai.game.Game`, else NotationError naming it.

    >>> _game_arg(None)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: game=None is not of type Game
    """
    from changpai.zipai.game import Game  # late: changpai.zipai.game imports this module

    return instance_arg(game, Game, "game")


def view(game: Game, seat: int) -> GameView[Card, Action]:
    """What ``seat`` may see (``Game.view``).

    While a card is on offer, which seat is being asked is private: it would tell the others
    that this seat can 胡, 碰 or 吃 the card. So ``to_act`` then holds ``seat`` itself when it
    must decide, and is empty otherwise; a seat that must discard is public. While a drawer
    decides whether to 胡 after his own 偎 / 提 (phase ``"selfhu"``), the others see the phase
    ``"discard"`` with the drawer to act, as when he has no 胡 and must discard: the phase
    would tell them that his hand is complete (when he has no loose card, the wait still shows
    it). The 數信 seat (``rules.shuxin``) sees the table with an empty hand.

    >>> from changpai.zipai import Game
    >>> game = Game(seed=3)
    >>> v = view(game, 1)
    >>> len(v.hand), v.stock_size, v.fact("亮張") == game.deck[60], v.phase
    (20, 19, True, 'discard')
    """
    try:
        seat = game._check_seat(seat)
    except AttributeError:  # not a Game (checked only then: Game.view is called often)
        _game_arg(game)
        raise
    shuxin = game._shuxin
    hand = () if seat == shuxin else game._seats[seat].cards()
    up = game.rules.ti_face_up
    seats = []
    for s in game.seats:
        st = game._seats[s]
        own = s == seat
        seen = tuple(_seen(m, own, up) for m in st.melds)
        discards = tuple(CARDS[k] for k in st.discards)
        seats.append(SeatView(s, sum(st.hand), seen, discards))
    facts: list[tuple[str, object]] = [("亮張", CARDS[game._liang])]
    if shuxin >= 0:
        facts.append(("數信", shuxin))
    if game.offered is not None:  # (who showed it, and how, is public: zipai.md §5 吃, Z2 胡)
        _card, source, by = game._offer
        facts += [("offered by", by), ("turned", source != _DISCARDED)]
    return GameView(
        family="zipai",
        title=game.rules.title,
        seat=seat,
        dealer=game.dealer,
        phase=game._phase_seen_by(seat),
        hand=hand,
        seats=tuple(seats),
        offered=game.offered,
        stock_size=len(game._stock),
        to_act=game._to_act_seen_by(seat),
        legal_actions=tuple(game.legal_actions(seat)),
        result=game.result,
        facts=tuple(facts),
    )


def table_html(game: Game) -> str:
    """The whole table for notebooks (the owner of the object sees everything): one row per
    playing seat with its hand, table melds (face-down ones shown) and discard area, the seat
    to act marked; the stock size, the 亮張, the 數信 and the card on offer; the result with
    the winning decomposition and score sheet when over. Red cards (二七十, 貳柒拾) are red.

    >>> from changpai.zipai import Game
    >>> html = table_html(Game(seed=1))
    >>> html.count("<tr><td"), "stock</span> 19" in html, "▶ seat 0" in html
    (3, True, True)
    """
    rows = []
    for seat in _game_arg(game).seats:
        hand = game.hand(seat)
        melds = [render.meld(m.label(), m.cards, title=str(m)) for m in game.melds(seat)]
        rows.append(
            render.SeatRow(
                seat,
                hand=render.Html(f"{len(hand)}: {render.cards(hand)}"),
                melds=render.line(melds),
                discards=render.cards(game.discards(seat)),
                acting=seat in game.to_act,
                note="dealer" if seat == game.dealer else "",
            )
        )
    family: list[tuple[str, str]] = [("亮張", render.card(CARDS[game._liang]))]
    if game._shuxin >= 0:
        family.append(("數信", f"seat {game._shuxin}"))
    offer = ""
    if game.offered is not None:
        _card, source, by = game._offer
        offer = render.offer(render.card(game.offered), by, source != _DISCARDED)
    facts = render.game_facts(game.phase, len(game._stock), family, offer, game.to_act)
    result = game.result
    footer = "" if result is None else render.Html(result._repr_html_())
    return render.seat_table(rows, title=render.game_title(game.rules), facts=facts, footer=footer)


def legacy_document(data: dict[str, Any]) -> dict[str, Any]:
    """A game document written by changpai 0.1.0 (``{"format": "changpai.zipai.game/1",
    "rules", "deck": "x5 d1 …", "dealer", "actions", "huangfan"?}``) as a version-2 dict.

    A dict with neither ``schema`` nor ``format`` is refused naming the schema of today's
    documents (the one ``Game.to_json`` writes); one with another ``format`` naming both.

    >>> legacy_document({})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai game document: it has no 'schema' key (expected 'changpai.game'; a changpai 0.1.0 document has 'format': 'changpai.zipai.game/1')
    >>> legacy_document({"format": "chess"})
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a zipai game document: format 'chess' (expected 'schema': 'changpai.game', or 'format': 'changpai.zipai.game/1' of a changpai 0.1.0 document)
    """
    if not isinstance(data, dict):
        raise NotationError(f"{clipped(data):.60} is not a zipai game document (a JSON object)")
    if "format" not in data:  # neither today's schema nor a 0.1.0 format: name today's first
        raise NotationError(
            f"not a zipai game document: it has no 'schema' key (expected "
            f"{document.GAME_SCHEMA!r}; a changpai 0.1.0 document has 'format': "
            f"{_LEGACY_FORMAT!r})"
        )
    tag = data["format"]
    if tag != _LEGACY_FORMAT:
        raise NotationError(
            f"not a zipai game document: format {shown(tag)} (expected 'schema': "
            f"{document.GAME_SCHEMA!r}, or 'format': {_LEGACY_FORMAT!r} of a changpai 0.1.0 "
            "document)"
        )
    document.check_legacy_keys(data, "zipai", ("format", *_LEGACY_KEYS, "huangfan"))
    missing = [key for key in _LEGACY_KEYS if key not in data]
    if missing:
        raise NotationError(
            f"not a {_LEGACY_FORMAT} document: the key(s) {', '.join(map(repr, missing))} "
            "are missing"
        )
    deck = data["deck"]
    if not isinstance(deck, str):
        raise NotationError(f"deck={clipped(deck)} is not a string of zipai card codes")
    huangfan = data.get("huangfan", 0)
    int_arg(huangfan, "huangfan", low=0, error=NotationError)  # a document: NotationError
    rules, actions = data["rules"], data["actions"]
    if not isinstance(rules, dict):
        raise NotationError(f"rules={clipped(rules)} is not a JSON object of zipai rules")
    if not isinstance(actions, list):
        raise NotationError(f"actions={shown(actions)} is not a list of zipai actions")
    document.check_decisions(actions, "zipai")
    return document.game_document(
        family="zipai",
        variant=None,
        rules=rules,
        seed=None,
        deck=deck.split(),
        dealer=data["dealer"],
        options={"huangfan": huangfan} if huangfan else {},
        actions=actions,
    )
