"""Fixed-size arrays from a :class:`~changpai.core.view.GameView`, for any family (docs: RL).

An :class:`Encoder` is built from a family module and the seats of a table. It uses only the
engine contract (``DECK``, ``ActionKind``, ``view(seat)``, ``legal_actions``), so it serves every
registered variant, and every family registered later, unchanged.

- **Card kinds**: the distinct cards of the family's ``DECK`` by ``code``, in deck order.
- **Observation** (``float32``, one vector): the viewer's hand; for every seat, starting with the
  viewer and going round in turn order, its face-up meld cards, its discards, its face-down meld
  cards and its hand size; the card on offer, who offered it (by position from the viewer) and
  whether it was turned from the stock; the cards named in the family's public facts
  (亮張, 將, 過張 …); the stock size; who is acting and who is the dealer (by position from the
  viewer); which kinds of action the viewer may take. :attr:`Encoder.layout` names every slice.
- **Actions**: action ``i`` is the ``i``-th legal action in the canonical order (sorted by the
  JSON of ``action.to_dict()``); the mask marks the first ``len(legal)`` entries.

>>> import changpai
>>> game = changpai.variant("hunan").game(seed=7)
>>> encoder = Encoder(changpai.variant("hunan").module, game.seats)
>>> encoder.kinds[:3], encoder.size
(('x1', 'x2', 'x3'), 212)
>>> seat = game.to_act[0]
>>> obs = encoder.observation(game.view(seat))
>>> obs.shape, int(obs[encoder.layout["hand"]].sum()) == len(game.hand(seat))
((212,), True)
>>> mask = encoder.action_mask(canonical(game.legal_actions(seat)))
>>> int(mask.sum()) == len(game.legal_actions(seat))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from changpai.core import caches
from changpai.core.guard import clipped, flag_arg, int_arg, items_arg, plain_int
from changpai.errors import NotationError, RulesError

__all__ = [
    "FAMILY_MAX_ACTIONS",
    "MAX_ACTIONS",
    "MAX_ACTIONS_LIMIT",
    "Encoder",
    "canonical",
    "max_actions_arg",
    "max_actions_of",
]

#: The default size of the action space. Random play of 300 hands of every registered variant
#: but 戳牌 (dealers rotating) never offered more than 24 legal actions at once (the 字牌
#: variants; docs/rl.md lists each, and tests/envs/test_docs.py replays them); a table that ever
#: offers more raises a RulesError naming ``max_actions=``.
MAX_ACTIONS = 64

#: Families whose tables offer many more choices at once: a 戳牌 lead may be any single, pair,
#: larger same-shape play or 組合 of a 28-card hand (random play of 300 hands offered at most 198).
FAMILY_MAX_ACTIONS: dict[str, int] = {"chuanpai.chuopai": 512}


#: The largest action space an environment takes (``max_actions=``): eight times the 戳牌
#: default, twenty times the most legal actions random play has met; a mask and the
#: ``action_features`` rows are allocated at this size for every observation.
MAX_ACTIONS_LIMIT = 4096

_MOST_SEAT = 6  # (the last seat of the largest table: 川牌 and 孝感 seat seven)


def max_actions_arg(value: object) -> int:
    """``value`` if it is a size of action space (an ``int`` from 1 to :data:`MAX_ACTIONS_LIMIT`),
    else a :class:`~changpai.errors.RulesError` naming it, as for every option of a table.

    >>> max_actions_arg(64)
    64
    >>> max_actions_arg(1.5)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: max_actions=1.5 is not an integer from 1 to 4096
    """
    return int_arg(value, "max_actions", low=1, high=MAX_ACTIONS_LIMIT)


def max_actions_of(family: str) -> int:
    """The default size of the action space of a family's environment.

    >>> max_actions_of("zipai"), max_actions_of("chuanpai.chuopai")
    (64, 512)
    """
    return FAMILY_MAX_ACTIONS.get(family, MAX_ACTIONS)


Array = npt.NDArray[Any]


_KEYS_LIMIT = 100_000
_keys: dict[Any, str] = {}
# (registered: changpai.clear_caches() empties it, caches.stats("envs") lists it)
caches.register("envs", f"{__name__}._keys", _keys.clear, _keys.__len__, _KEYS_LIMIT)


def _sort_key(action: Any) -> str:
    # Actions are frozen values and recur from hand to hand: their keys are kept (bounded).
    key = _keys.get(action)
    if key is None:
        if len(_keys) >= _KEYS_LIMIT:
            _keys.clear()
        key = _keys[action] = json.dumps(action.to_dict(), sort_keys=True, ensure_ascii=False)
    return key


def canonical(actions: Iterable[Any]) -> list[Any]:
    """The actions in the canonical order of the action space: sorted by their JSON.

    >>> from changpai import zipai
    >>> legal = zipai.Game(seed=2).legal_actions(0)
    >>> [str(a.card) for a in legal][:4], [str(a.card) for a in canonical(legal)][:4]
    (['一', '二', '三', '四'], ['壹', '叄', '肆', '陸'])
    """
    try:
        return sorted(actions, key=_sort_key)
    except (TypeError, AttributeError):  # (not actions at all: None, numbers …)
        raise NotationError(
            f"actions={clipped(actions)} is not a sequence of a family's actions "
            "(Action objects, as legal_actions gives them)"
        ) from None


def _code(card: Any) -> str:
    return str(getattr(card, "code", card))


class Encoder:
    """Encodes the views and legal actions of one family's table as fixed-size arrays.

    ``module`` is the family module (``variant.module``), ``seats`` the playing seats in turn
    order (``game.seats``), ``max_actions`` the size of the action space (default
    :func:`max_actions_of` the family), ``deck`` the cards
    of the table (``game.deck``; default the family's ``DECK``). With
    ``action_features=True`` :meth:`action_features` describes every slot of the action space
    (its kind, one-hot, and the cards it names, counted by kind).

    >>> import changpai
    >>> entry = changpai.variant("yaodiren")
    >>> encoder = Encoder(entry.module, entry.game(seed=1).seats)
    >>> len(encoder.kinds), encoder.copies, len(encoder.action_kinds), encoder.size
    (21, 5, 14, 267)
    """

    def __init__(
        self,
        module: Any,
        seats: Sequence[int],
        max_actions: int | None = None,
        *,
        deck: Sequence[Any] | None = None,
        action_features: bool = False,
    ) -> None:
        if not isinstance(getattr(module, "Game", None), type) or not hasattr(module, "DECK"):
            raise RulesError(
                f"module={clipped(module)} is not a changpai family module (variant.module)"
            )
        if max_actions is None:
            max_actions = max_actions_of(str(module.Game.family))
        max_actions_arg(max_actions)
        flag_arg(action_features, "action_features")
        try:  # (in turn order: not a set)
            seats = items_arg(seats, "seats", "seats")
        except NotationError as error:
            raise RulesError(str(error)) from None
        if not seats:
            raise RulesError("an Encoder needs at least one seat")
        seats = tuple(
            plain_int(int_arg(seat, "seats: seat", low=0, high=_MOST_SEAT)) for seat in seats
        )
        # The table's own deck may hold cards the family's DECK lacks (南通 百搭's 福祿壽喜財)
        # or fewer copies (川牌 割胡): the kinds are the DECK's, then any others by code.
        cards = tuple(module.DECK if deck is None else deck)
        counts: dict[str, int] = {}
        for card in cards:
            counts[_code(card)] = counts.get(_code(card), 0) + 1
        kinds = list(dict.fromkeys(_code(card) for card in module.DECK))
        kinds += sorted(set(counts) - set(kinds))
        self.family: str = module.__name__.rsplit(".", 1)[-1]
        #: The card kinds (codes) in deck order: the columns of every card-count block.
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.index: dict[str, int] = {code: i for i, code in enumerate(kinds)}
        # Card kinds are interned (one object per kind), so the cards of the decks map to their
        # column by identity, skipping the family's ``code`` property on the hot path; the decks
        # are kept so that those objects live as long as the encoder.
        self._decks = (tuple(module.DECK), cards)
        self._by_id: dict[int, int] = {
            id(card): self.index[_code(card)] for deck_cards in self._decks for card in deck_cards
        }
        #: The most copies of one card kind in the deck.
        self.copies: int = max(counts.values())
        #: The number of cards in the deck.
        self.deck_size: int = len(cards)
        self.seats: tuple[int, ...] = tuple(seats)
        self.position: dict[int, int] = {seat: i for i, seat in enumerate(self.seats)}
        #: The family's action kinds (code names) in enum order.
        self.action_kinds: tuple[str, ...] = tuple(str(kind.value) for kind in module.ActionKind)
        self.kind_index: dict[str, int] = {k: i for i, k in enumerate(self.action_kinds)}
        self.max_actions: int = max_actions
        self.with_action_features: bool = action_features
        self._build_layout()

    # ------------------------------------------------------------------ layout

    def _build_layout(self) -> None:
        k, n = len(self.kinds), len(self.seats)
        blocks: list[tuple[str, int, float]] = [("hand", k, self.copies)]
        for p in range(n):
            blocks += [
                (f"melds_{p}", k, self.copies),
                (f"discards_{p}", k, self.copies),
                (f"hidden_{p}", 1, self.deck_size),
                (f"hand_size_{p}", 1, self.deck_size),
            ]
        blocks += [
            ("offered", k, 1),
            ("offered_by", n, 1),
            ("turned", 1, 1),
            ("fact_cards", k, self.deck_size),
            ("stock_size", 1, self.deck_size),
            ("to_act", n, 1),
            ("dealer", n, 1),
            ("legal_kinds", len(self.action_kinds), 1),
        ]
        layout: dict[str, slice] = {}
        highs: list[float] = []
        start = 0
        for name, width, high in blocks:
            layout[name] = slice(start, start + width)
            highs += [high] * width
            start += width
        #: Where each block lies in the observation vector (``melds_0`` is the viewer's own,
        #: ``melds_1`` the next seat's in turn order …).
        self.layout: dict[str, slice] = layout
        #: The length of the observation vector.
        self.size: int = start
        #: The upper bound of every entry (the lower bound is 0).
        self.high: npt.NDArray[np.float32] = np.array(highs, dtype=np.float32)
        # the blocks of each seat by its position from the viewer: its melds' and discards'
        # slices, where its hidden cards and its hand size are counted
        self._by_position: tuple[tuple[slice, int, slice, int], ...] = tuple(
            (
                layout[f"melds_{p}"], layout[f"hidden_{p}"].start,
                layout[f"discards_{p}"], layout[f"hand_size_{p}"].start,
            )
            for p in range(len(self.seats))
        )  # fmt: skip
        #: The width of one row of :meth:`action_features`.
        self.feature_size: int = len(self.action_kinds) + k

    # ------------------------------------------------------------------ encoding

    def _count(self, out: list[float], block: slice, cards: Iterable[Any]) -> None:
        base = block.start
        by_id = self._by_id
        for card in cards:
            column = by_id.get(id(card))
            if column is not None:
                out[base + column] += 1
                continue
            code = _code(card)
            try:
                out[base + self.index[code]] += 1
            except KeyError:
                raise RulesError(
                    f"card {clipped(code)} is not a {self.family} card kind; the encoder knows "
                    f"{', '.join(self.kinds)}"
                ) from None

    def observation(self, view: Any) -> npt.NDArray[np.float32]:
        """The observation vector of a :class:`~changpai.core.view.GameView` (``float32``,
        length :attr:`size`).

        >>> import changpai
        >>> game = changpai.variant("daer").game(seed=3)
        >>> encoder = Encoder(changpai.variant("daer").module, game.seats)
        >>> obs = encoder.observation(game.view(1))
        >>> int(obs[encoder.layout["hand_size_0"]][0]), int(obs[encoder.layout["dealer"]].argmax())
        (13, 3)
        """
        # (counted in a list, made an array once: a numpy item write costs ~5x a list's)
        out = [0.0] * self.size
        layout = self.layout
        n = len(self.seats)
        me = self._position_of(view.seat)
        self._count(out, layout["hand"], view.hand)
        by_position = self._by_position
        for seat_view in view.seats:
            melds, hidden, discards, hand_size = by_position[
                (self._position_of(seat_view.seat) - me) % n
            ]
            for meld in seat_view.melds:
                self._count(out, melds, meld.cards)
                out[hidden] += meld.hidden
            self._count(out, discards, seat_view.discards)
            out[hand_size] = seat_view.hand_size
        if view.offered is not None:
            self._count(out, layout["offered"], (view.offered,))
        for name, value in view.facts:
            if name == "offered by":  # (a seat, by position from the viewer)
                if value in self.position:
                    out[layout["offered_by"].start + (self.position[value] - me) % n] = 1
            elif name == "turned":
                out[layout["turned"].start] = value is True
            else:
                self._count(out, layout["fact_cards"], _cards_in(value))
        out[layout["stock_size"].start] = view.stock_size
        for seat in view.to_act:
            if seat in self.position:
                out[layout["to_act"].start + (self.position[seat] - me) % n] = 1
        if view.dealer in self.position:
            out[layout["dealer"].start + (self.position[view.dealer] - me) % n] = 1
        legal_kinds = layout["legal_kinds"].start
        for action in view.legal_actions:
            out[legal_kinds + self.kind_index[_kind(action)]] = 1
        return np.array(out, dtype=np.float32)

    def _position_of(self, seat: int) -> int:
        try:
            return self.position[seat]
        except KeyError:
            raise RulesError(
                f"seat {clipped(seat)} does not play at this table; the seats are {self.seats}"
            ) from None

    def check(self, legal: Sequence[Any]) -> None:
        """Raise :class:`~changpai.errors.RulesError` if ``legal`` does not fit the action space.

        >>> import changpai
        >>> game = changpai.variant("hunan").game(seed=7)
        >>> Encoder(changpai.variant("hunan").module, game.seats, 2).check(game.legal_actions(0))
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: seat 0 has 15 legal actions but the action space holds 2; pass a larger max_actions=
        """
        if len(legal) > self.max_actions:
            seat = legal[0].seat
            raise RulesError(
                f"seat {clipped(seat)} has {len(legal)} legal actions but the action space holds "
                f"{self.max_actions}; pass a larger max_actions="
            )

    def action_mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        """The mask of the action space (``int8``): 1 for the first ``len(legal)`` slots.

        >>> import changpai
        >>> game = changpai.variant("hunan").game(seed=7)
        >>> Encoder(changpai.variant("hunan").module, game.seats, 16).action_mask([])
        array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=int8)
        """
        self.check(legal)
        mask = np.zeros(self.max_actions, dtype=np.int8)
        mask[: len(legal)] = 1
        return mask

    def action_features(self, legal: Sequence[Any]) -> npt.NDArray[np.float32]:
        """One row per slot of the action space: the action's kind (one-hot over the family's
        ``ActionKind``) and the cards it names (counted by kind); rows past ``len(legal)`` are 0.

        >>> import changpai
        >>> entry = changpai.variant("daer")
        >>> game = entry.game(seed=3)
        >>> encoder = Encoder(entry.module, game.seats)
        >>> legal = canonical(game.legal_actions(game.to_act[0]))
        >>> rows = encoder.action_features(legal)
        >>> rows.shape, legal[0].to_dict()["kind"], int(rows[0].sum())
        ((64, 29), 'discard', 2)
        """
        self.check(legal)
        out = np.zeros((self.max_actions, self.feature_size), dtype=np.float32)
        offset = len(self.action_kinds)
        for row, action in enumerate(legal):
            out[row, self.kind_index[_kind(action)]] = 1
            for card in _action_cards(action):
                code = _code(card)
                if code in self.index:
                    out[row, offset + self.index[code]] += 1
        return out


def _kind(action: Any) -> str:
    kind = action.kind
    return str(getattr(kind, "value", kind))


def _cards_in(value: Any) -> list[Any]:
    """The cards in a fact's value (a card, or a tuple of cards; other values hold none)."""
    if hasattr(value, "code"):
        return [value]
    if isinstance(value, (tuple, list)):
        return [item for item in value if hasattr(item, "code")]
    return []


def _action_cards(action: Any) -> list[Any]:
    """Every card an action names: its fields other than seat and kind, looking into tuples and
    into melds (objects with ``cards``)."""
    found: list[Any] = []

    def walk(value: Any) -> None:
        if hasattr(value, "code") or isinstance(value, str):
            found.append(value)  # a string counts only when it is a card code
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif hasattr(value, "cards"):
            walk(value.cards)

    if attrs.has(type(action)):
        for field in attrs.fields(type(action)):
            if field.name not in ("seat", "kind"):
                walk(getattr(action, field.name))
    else:
        for name, value in action.to_dict().items():
            if name not in ("seat", "kind"):
                walk(value)
    return found
