"""Hands played one after another: :class:`Match`, the same face for every family.

A family's ``Match`` subclasses :class:`Match`, names its ``Game`` class and writes
:meth:`Match._next_dealer` (the family's rule for who deals next); the rest — dealing each hand
with a seed drawn from the match's own random numbers, settling the payments into running
totals, playing whole hands with a policy — is shared.

>>> from changpai import zipai
>>> match = zipai.Match(zipai.HUNAN, seed=4, dealer=0)
>>> _ = match.play(3)
>>> len(match.hands), sum(match.totals.values()), match
(3, 0, <zipai.Match hunan hands=3 dealer=...>)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from attrs import field, frozen

from changpai.core import document, render
from changpai.core.copying import copy_user_slots
from changpai.core.engine import replay
from changpai.core.guard import (
    NUMBER_MAX,
    clipped,
    count_arg,
    int_arg,
    keyword_options,
    rules_arg,
    seed_arg,
    shown,
)
from changpai.core.seats import check_seat
from changpai.core.serial import rules_to_dict
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

__all__ = ["FrozenNet", "HandSummary", "Match", "Policy", "WithCuts", "dealer_after_huangzhuang"]

G = TypeVar("G")
C = TypeVar("C")


class _NamedRules(Protocol):
    """What a match reads of its rules besides handing them to its games."""

    @property
    def name(self) -> str:
        """The rules' id (``"hunan"`` …)."""


R = TypeVar("R", bound=_NamedRules)
_M = TypeVar("_M", bound="Match[Any, Any]")

Policy = Callable[[Any, int], Any]
"""A decision rule for :meth:`Match.play`: ``policy(game, seat)`` returns a legal action."""


def dealer_after_huangzhuang(dealer: int, streak: int, seats: int) -> int:
    """Who deals after a 荒莊 (a hand with no winner; zipai.md §2, borrowed by 大貳): the dealer
    keeps the deal, and after the third 荒莊 in a row (``streak`` counts those before this hand
    under the same dealer) his 下家 deals.

    >>> dealer_after_huangzhuang(2, 0, 3), dealer_after_huangzhuang(2, 2, 3)
    (2, 0)
    >>> dealer_after_huangzhuang(5, 0, 3)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: dealer=5 is not a seat; expected a whole number 0..2

    ``seats`` is a count of seats (2 or more), ``streak`` a count (review h124: a seat off the
    table came back, a count of 0 seats or a tuple raised a plain ``ZeroDivisionError`` /
    ``TypeError``).
    """
    seats = int_arg(seats, "seats", low=2)
    dealer = check_seat(dealer, seats, what="dealer", error=RulesError)
    streak = int_arg(streak, "streak", low=0)
    return (dealer + 1) % seats if streak + 1 >= 3 else dealer


class FrozenNet(dict[int, int]):
    """A hand's net gain by seat that refuses changes: a :class:`HandSummary` is a value, and a
    match hands out its summaries (review h60). It reads, compares, prints, pickles and goes
    into JSON as a dict, and hashes.

    >>> net = FrozenNet({0: 4, 1: -4})
    >>> net == {1: -4, 0: 4}, hash(net) == hash(FrozenNet({1: -4, 0: 4}))
    (True, True)
    >>> net[0] = 9
    Traceback (most recent call last):
    ...
    TypeError: a hand's net is read-only; dict(net) is a copy to change
    """

    __slots__ = ()

    def __new__(cls, net: Mapping[int, int] = {}) -> FrozenNet:  # (read, not kept)
        made = dict.__new__(cls)
        dict.update(made, net)  # (filled once, here: __init__ changes nothing — review h62)
        return made

    def __init__(self, net: Mapping[int, int] = {}) -> None:
        pass

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a hand's net is read-only; dict(net) is a copy to change")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenNet, (dict(self),))

    def __copy__(self) -> FrozenNet:
        return self

    def __deepcopy__(self, memo: object) -> FrozenNet:
        return self


def _net_field(net: Mapping[int, int]) -> FrozenNet:
    if type(net) is FrozenNet:
        return net
    if not isinstance(net, Mapping):  # (None too: a summary without its net is a mistake)
        raise NotationError(f"net={shown(net)} is not a mapping of seat to amount won")
    return FrozenNet(net)


@frozen
class HandSummary:
    """One finished hand of a :class:`Match`: its number, dealer, winner, the value of the win
    (胡息 / 胡數 / 胡), the net gain of every seat and the next dealer the rules give (a seat
    set by hand as :attr:`Match.dealer` deals the next hand instead).

    >>> HandSummary(1, 0, 2, 18, {0: -18, 1: -18, 2: 36}, 2).to_dict()["net"]
    {'0': -18, '1': -18, '2': 36}
    """

    number: int
    dealer: int
    winner: int | None
    value: int
    #: The net gain of every seat (read-only: :class:`FrozenNet`).
    net: FrozenNet = field(converter=_net_field)
    next_dealer: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> HandSummary(2, 1, None, 0, {0: 0, 1: 0, 2: 0}, 1).to_dict()
        {'number': 2, 'dealer': 1, 'winner': None, 'value': 0, 'net': {'0': 0, '1': 0, '2': 0}, 'next_dealer': 1}
        """
        return {
            "number": self.number,
            "dealer": self.dealer,
            "winner": self.winner,
            "value": self.value,
            "net": {str(k): v for k, v in self.net.items()},
            "next_dealer": self.next_dealer,
        }


class WithCuts(Generic[C]):
    """The cuts of a match whose next dealer is cut for after a win (川牌, 孝感): the family's
    ``Match`` keeps them in ``_cuts`` as it draws them."""

    _cuts: list[tuple[int, C]]

    @property
    def cuts(self) -> tuple[tuple[int, C], ...]:
        """``(cutter, card)`` of every cut after a won hand (a copy).

        >>> from changpai import chuanpai
        >>> m = chuanpai.Match(seed=4, dealer=0).play(2)
        >>> len(m.cuts) == sum(h.winner is not None for h in m.hands)
        True
        """
        return tuple(self._cuts)


def _copy_container(value: Any) -> Any:
    """A copy of a list or dict of a match's state (:meth:`Match.copy`, the snapshot a failed
    hand is undone from), any other value as it is.

    >>> totals = {0: 5}
    >>> _copy_container(totals) is totals, _copy_container(3)
    (False, 3)
    """
    return value.copy() if isinstance(value, list | dict) else value


def carried_state(name: str, doc: str) -> Any:
    """A property of a family's :class:`Match` for the state ``name`` it carries from hand to
    hand (listed in ``_carried_names``): read from ``_<name>``, which the match's own counting
    writes; set by a caller, it is the next hand's and the match document keeps it.

    >>> from changpai import daer
    >>> match = daer.Match(seed=2, dealer=0)
    >>> match.streak = 2
    >>> match.streak, json.loads(match.to_json())["set"]
    (2, {'0': {'streak': 2}})
    """

    def get(self: Match[Any, Any]) -> int:
        value: int = getattr(self, "_" + name)
        return value

    def put(self: Match[Any, Any], value: int) -> None:
        self._set_carried(name, value)

    get.__doc__ = doc  # (the property's own, with its example)
    return property(get, put, doc=doc)


def match_option(name: str, doc: str) -> Any:
    """A property of a family's :class:`Match` for the constructor option ``name`` every hand
    is dealt with (川牌's and 孝感's ``players``, 戳牌's ``strict``): read from ``_<name>``;
    setting it raises :class:`~changpai.errors.RulesError` — the match document deals every
    hand with the one value (review h95: a value changed between hands wrote a document its
    ``from_json`` refused).

    >>> from changpai import chuanpai
    >>> match = chuanpai.Match(seed=1, players=3)
    >>> match.players
    3
    >>> match.players = 4
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: players=4: a Match deals every hand with the players it was made with (3); make a new Match(players=...)
    """

    def get(self: Match[Any, Any]) -> Any:
        return getattr(self, "_" + name)

    def put(self: Match[Any, Any], value: object) -> None:
        raise RulesError(
            f"{name}={shown(value)}: a {type(self).__qualname__} deals every hand with the "
            f"{name} it was made with ({clipped(get(self))}); make a new {type(self).__qualname__}"
            f"({name}=...)"
        )

    get.__doc__ = doc
    return property(get, put, doc=doc)


class Match(Generic[G, R]):
    """Hands of one family played in a row, with the family's dealer rule and running totals.

    Args:
        rules: the rules of every hand (default: the family's default preset).
        seed: seeds the shuffles, the first dealer when ``dealer`` is None, and any card the
            dealer rule turns.
        dealer: the first dealer (None: drawn at random from ``seed``).

    Call :meth:`new_hand` for each hand (the previous one must be over) and play it through
    the returned game, or :meth:`play` whole hands with a policy; read :attr:`totals`,
    :attr:`hands` and :attr:`games`.

    >>> from changpai import nantong
    >>> match = nantong.Match(seed=1, dealer=0)
    >>> game = match.new_hand()
    >>> game.dealer, match.game is game, len(match.games), match.hands
    (0, True, 1, ())
    """

    #: The family's ``Game`` class.
    game_class: ClassVar[type[Any]]

    def __init__(
        self, rules: R | None = None, seed: int | None = None, *, dealer: int | None = None
    ) -> None:
        game_class = self._family_game()
        if rules is None:
            rules = game_class.default_rules
        rules_arg(rules, game_class.rules_class, game_class.family)
        seed = seed_arg(seed)  # (an IntEnum seed as its number: review h72)
        self.rules: R = rules
        self.seed: int | None = seed
        # (a match without a seed draws the number its random numbers start from, which its
        # document keeps: to_json, from_json)
        self._random: int = random.SystemRandom().getrandbits(64) if seed is None else seed
        self._rng = random.Random(self._random)
        seats = self._seat_count()
        given = (
            None if dealer is None else check_seat(dealer, seats, what="dealer", error=RulesError)
        )
        #: (the first dealer as given, None when drawn: what the document deals again with)
        self._given_dealer = given
        self._dealer: int = (
            check_seat(self._first_dealer(), seats, what="dealer", error=RulesError)
            if given is None
            else given
        )
        # (kept private: the public games, hands and totals are copies, so what a caller does
        # with them never changes the match — review h60: a hand popped from the list was
        # settled again)
        self._games: list[G] = []
        self._hands: list[HandSummary] = []
        self._totals: dict[int, int] = dict.fromkeys(range(seats), 0)
        # (the carried state the last hand was dealt or settled with; what a caller set by
        # hand since — the next hand's —; and what was set before each hand, by its index:
        # the match document keeps them — review h93)
        self._natural: dict[str, int] = self._carried()
        self._touched: dict[str, int] = {}
        self._set_by_hand: dict[int, dict[str, int]] = {}

    @classmethod
    def _family_game(cls) -> type[Any]:
        """The family's ``Game`` class; a :class:`~changpai.errors.RulesError` for this base
        class, which has none (review h72: an AttributeError)."""
        game_class: type[Any] | None = getattr(cls, "game_class", None)
        if game_class is None:
            raise RulesError(
                f"{cls.__qualname__} plays no family's hands; use a family's Match "
                "(changpai.zipai.Match …) or changpai.match_from_json"
            )
        return game_class

    # ------------------------------------------------------------------ family hooks

    def _seat_count(self) -> int:
        """The number of seats at the table."""
        return int(getattr(self.rules, "seats", getattr(self.rules, "players", 4)))

    def _first_dealer(self) -> int:
        """The first dealer when none is given: a seat drawn with the match's random numbers."""
        return self._rng.randrange(self._seat_count())

    def _game_options(self) -> dict[str, Any]:
        """Extra keywords for each new game (e.g. the 黃番 count of 字牌)."""
        return {}

    #: The constructor keywords besides ``dealer`` that :meth:`_options` reports (川牌's and
    #: 孝感's ``players``): a keyword not listed makes :meth:`to_json` refuse the match.
    _option_names: ClassVar[tuple[str, ...]] = ()

    def _options(self) -> dict[str, Any]:
        """The family's other constructor keywords of this match as its document keeps them
        (the number of players of a 川牌 table when it is not the rules')."""
        return {}

    #: The state a match carries from hand to hand, which a caller may set between hands
    #: (字牌's and 大貳's 荒莊 ``streak``, 字牌's 黃番 count ``huangfan``): what the match
    #: document keeps when it was set by hand.
    _carried_names: ClassVar[tuple[str, ...]] = ("dealer",)

    def _carried(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self._carried_names}

    def _changed(self) -> dict[str, int]:
        """The carried state set by hand since the match last dealt a hand (the next hand's)."""
        return dict(self._touched)

    def _set_carried(self, name: str, value: object) -> None:
        """Set the carried ``name`` as a caller does (the match's own counting writes the
        private attribute): checked — a seat for ``dealer`` (:class:`~changpai.errors.RulesError`
        naming it), a whole number >= 0 for a count —, the next hand is dealt with it and the
        document keeps it."""
        if name == "dealer":
            checked = check_seat(value, self._seat_count(), what="dealer", error=RulesError)
        else:
            checked = count_arg(value, name, low=0, high=NUMBER_MAX)
        setattr(self, "_" + name, checked)
        self._touched[name] = checked

    def __setstate__(self, state: Any) -> None:
        """Unpickle: a match pickled by an older changpai kept its carried state and options
        under their names (``dealer``, ``streak``, ``players`` …, properties now) and had no
        record of what was set by hand; it gets them as this changpai keeps them."""
        slots = None
        if isinstance(state, tuple):  # (a subclass with __slots__: its dict and its slots)
            state, slots = state
        kind = type(self)
        for name in [n for n in state if isinstance(getattr(kind, n, None), property)]:
            state.setdefault("_" + name, state.pop(name))
        vars(self).update(state)
        for name, value in (slots or {}).items():
            setattr(self, name, value)
        vars(self).setdefault("_touched", {})
        vars(self).setdefault("_set_by_hand", {})
        if "_natural" not in vars(self):
            self._natural = self._carried()

    @property
    def dealer(self) -> int:
        """The seat that deals the next hand: until the hand under way is settled, its dealer,
        then the one the rules give. A seat set here (a :class:`~changpai.errors.RulesError`
        for one off the table) deals the next hand whatever the rules give — set in the middle
        of a hand it reads so at once —, and the match document keeps it; the hand's
        :class:`HandSummary` keeps the rules' choice (``next_dealer``).

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=4, dealer=0).play(1)
        >>> match.dealer = 2
        >>> match.new_hand().dealer, zipai.Match.from_json(match.to_json()).dealer
        (2, 2)
        """
        return self._dealer

    @dealer.setter
    def dealer(self, value: int) -> None:
        self._set_carried("dealer", value)

    def _next_dealer(self, game: G) -> int:
        """The dealer of the hand after ``game`` (default: the result's ``next_dealer``)."""
        result = game.result  # type: ignore[attr-defined]
        return self.dealer if result.next_dealer is None else int(result.next_dealer)

    # ------------------------------------------------------------------ shared

    @property
    def games(self) -> tuple[G, ...]:
        """Every hand dealt, in order (the match's own list is not handed out).

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=4, dealer=0).play(2)
        >>> len(match.games), match.games[0].is_over
        (2, True)
        """
        return tuple(self._games)

    @property
    def hands(self) -> tuple[HandSummary, ...]:
        """The :class:`HandSummary` of every settled hand, in order (:meth:`play`,
        :meth:`new_hand`, :meth:`settle`, :meth:`to_dict`, :meth:`to_json` and ``str()``
        settle a finished hand).

        >>> from changpai import zipai
        >>> [h.number for h in zipai.Match(seed=4, dealer=0).play(2).hands]
        [1, 2]
        """
        return tuple(self._hands)

    @property
    def totals(self) -> dict[int, int]:
        """The running totals by seat of the settled hands (a copy: changing it changes nothing
        in the match; :meth:`settle` settles a finished hand first).

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=4, dealer=0).play(1)
        >>> match.totals == match.settle(), sum(match.totals.values())
        (True, 0)
        """
        return dict(self._totals)

    @property
    def game(self) -> G | None:
        """The current (last dealt) hand, or ``None`` before the first.

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=4, dealer=0)
        >>> print(match.game)
        None
        >>> _ = match.play(2)
        >>> match.game is match.games[-1], match.game.is_over
        (True, True)
        """
        return self._games[-1] if self._games else None

    def new_hand(self, deck: Sequence[Any] | str | None = None) -> G:
        """Settle the finished hand (if any) and deal the next one (optionally a stacked deck).
        A deal refused (a deck that is no deck, an option out of range) raises and leaves the
        match as it was: the finished hand not settled, no cut drawn, no seed used.

        >>> from changpai import nantong
        >>> match = nantong.Match(seed=1, dealer=0)
        >>> _ = match.new_hand()
        >>> match.new_hand()
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: hand 1 is not over yet; finish it before dealing the next
        """
        current = self.game
        if current is not None and not current.is_over:  # type: ignore[attr-defined]
            raise IllegalActionError(
                f"hand {len(self._games)} is not over yet; finish it before dealing the next"
            )
        # (a refused deal leaves the match as it was: the hand before unsettled, no cut drawn
        # and no seed used, so its document still loads — review h128)
        before = self._snapshot()
        try:
            return self._deal_hand(deck)
        except BaseException:
            self._restore(before)
            raise

    def _deal_hand(self, deck: Sequence[Any] | str | None) -> G:
        """:meth:`new_hand` once its hand is known to be over, restoring nothing on failure
        (:meth:`play` restores the whole call)."""
        self._settle()
        options = self._game_options()
        if deck is None:
            seed = self._rng.getrandbits(64)
            game = self.game_class(self.rules, seed, dealer=self.dealer, **options)
        else:
            game = self.game_class(self.rules, None, deck=deck, dealer=self.dealer, **options)
        changed = self._changed()
        if changed:
            self._set_by_hand[len(self._games)] = changed
            self._touched = {}
        self._natural = self._carried()
        self._games.append(game)
        return game  # type: ignore[no-any-return]

    def _settle(self) -> None:
        game = self.game
        if game is None or not game.is_over or len(self._hands) == len(self._games):  # type: ignore[attr-defined]
            return
        result = game.result  # type: ignore[attr-defined]
        net = result.net(len(self._totals))
        # (a value set by hand once the hand was over is the next hand's: the rules count on
        # from the state the hand was played with, and the value set is put back after —
        # whatever happens, so a settling that fails leaves the match as it was: review h95)
        changed = self._changed()
        before = self._carried()
        for name in changed:
            vars(self)["_" + name] = self._natural[name]
        dealer = self.dealer
        try:
            following = self._next_dealer(game)
        except BaseException:
            for name, value in before.items():
                vars(self)["_" + name] = value
            raise
        self._dealer = following
        self._natural = self._carried()
        for seat, amount in net.items():
            self._totals[seat] = self._totals.get(seat, 0) + amount
        self._hands.append(
            HandSummary(len(self._games), dealer, result.winner, result.value, net, following)
        )
        for name, value in changed.items():
            vars(self)["_" + name] = value

    def settle(self) -> dict[int, int]:
        """Settle the current hand if it is over and return the running totals by seat.

        >>> from changpai import chuanpai
        >>> chuanpai.Match(seed=0, dealer=0).settle()
        {0: 0, 1: 0, 2: 0, 3: 0}
        """
        self._settle()
        return dict(self._totals)

    def play(self: _M, hands: int = 1, policy: Policy | None = None) -> _M:
        """Play ``hands`` whole hands, each seat choosing with ``policy(game, seat)`` (default:
        a random legal action from the match's random numbers), and settle them. If a hand
        fails (the policy raises or chooses an illegal action) the error is raised and the
        match is as it was before the call: no hand of it is kept. An interrupt (Ctrl-C) keeps
        the hands finished so far and drops the one under way. A policy that is not callable
        raises :class:`~changpai.errors.NotationError` at once.

        The hands of a seeded match do not depend on how the calls split them: each is dealt
        with the next number of the match's random numbers, which also seeds the default
        chooser of that hand (as :func:`~changpai.core.playout.simulate` plays hand ``i``).

        >>> from changpai import zipai
        >>> zipai.Match(seed=4).play(2).totals == zipai.Match(seed=4).play(2).totals
        True
        >>> zipai.Match(seed=4).play(2).totals == zipai.Match(seed=4).play(1).play(1).totals
        True
        """
        count_arg(hands, "hands", low=0)
        if policy is not None and not callable(policy):
            raise NotationError(
                f"policy={shown(policy)} is not callable; give a function (game, seat) -> action"
            )
        before = done = self._snapshot()
        try:
            for _ in range(hands):
                game: Any = self._deal_hand(None)
                # (the hand's seed deals it and seeds its default chooser, as in simulate: a
                # seeded match plays the same hands however its play() calls split them)
                chooser = random.Random(game.seed)
                while not game.is_over:
                    seat = game.to_act[0]
                    if policy is None:
                        game.apply(chooser.choice(game.legal_actions(seat)))
                        continue
                    action = policy(game, seat)
                    try:
                        game.apply(action)
                    except IllegalActionError as error:  # (named as the policy's: review h130)
                        raise IllegalActionError(
                            f"the policy chose for seat {seat} of hand {len(self._games)}: {error}"
                        ) from None
                self._settle()
                if hands > 1:
                    done = self._snapshot()
        except Exception:
            # a policy that raised or chose an illegal action: the match is as it was (its
            # hands, totals, dealer and random numbers), so the next call plays again
            self._restore(before)
            raise
        except BaseException:
            # an interrupt (Ctrl-C): the hands finished so far are kept, the one under way
            # dropped, so the match can go on
            self._restore(done)
            raise
        return self

    def _snapshot(self) -> tuple[dict[str, Any], Any]:
        """The match's state (its attributes, lists and dicts copied) and random numbers."""
        state = {
            name: _copy_container(value) for name, value in vars(self).items() if name != "_rng"
        }
        return state, self._rng.getstate()

    def _restore(self, snapshot: tuple[dict[str, Any], Any]) -> None:
        """Put back a :meth:`_snapshot`, lists and dicts in place."""
        state, rng = snapshot
        for name in [name for name in vars(self) if name not in state and name != "_rng"]:
            delattr(self, name)
        for name, value in state.items():
            current = getattr(self, name, None)
            if isinstance(value, list) and isinstance(current, list):
                current[:] = value
            elif isinstance(value, dict) and isinstance(current, dict):
                current.clear()
                current.update(value)
            else:
                setattr(self, name, value)
        self._rng.setstate(rng)

    def copy(self: _M) -> _M:
        """An independent copy: its games (each :meth:`Game.copy`), hands, totals and random
        numbers are its own, so playing one never changes the other; the rules are shared
        (``copy.copy(match)`` is the same; a shallow copy would share them all — review h59).

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=3, dealer=0).play(1)
        >>> other = match.copy().play(2)
        >>> len(match.games), len(other.games), other.hands[0] == match.hands[0]
        (1, 3, True)
        """
        new = object.__new__(type(self))
        # (hands, totals, cuts: lists and dicts whose items are values; a subclass's slots
        # alike, set first, so that the match's own state below wins over a slot declared again)
        vars(new).update({name: _copy_container(value) for name, value in vars(self).items()})
        copy_user_slots(self, new, _copy_container)
        new._games = [game.copy() for game in self._games]
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        return new

    __copy__ = copy

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the rules' name, the seed, every hand and the totals.

        >>> from changpai import zipai
        >>> sorted(zipai.Match(seed=1, dealer=0).play(1).to_dict())
        ['dealer', 'family', 'hands', 'rules', 'seed', 'totals']
        """
        self._settle()
        return {
            "family": self.game_class.family,
            "rules": getattr(self.rules, "name", None),
            "seed": self.seed,
            "hands": [h.to_dict() for h in self._hands],
            "dealer": self.dealer,
            "totals": {str(k): v for k, v in self._totals.items()},
        }

    def to_json(self) -> str:
        """The match as a match document (:mod:`changpai.core.document`): its rules, seed and
        first dealer as given, the game document of every hand dealt (the hand under way too)
        and the summary of :meth:`to_dict`. Lossless: :meth:`from_json` deals and replays the
        hands again, so the match it gives plays on as this one would. Like :meth:`to_dict`, it
        settles a finished hand first (:meth:`settle`).

        A match whose constructor takes a keyword its :meth:`_options` does not report (a
        subclass's own argument, which the document would drop) or one unpickled from a
        changpai before match documents raises :class:`~changpai.errors.NotationError`.

        >>> from changpai import daer
        >>> match = daer.Match(seed=5).play(2)
        >>> data = json.loads(match.to_json())
        >>> data["schema"], data["version"], len(data["games"]), data["summary"] == match.to_dict()
        ('changpai.match', 1, 2, True)
        """
        self._check_writable()
        family = self.game_class.family
        data = document.match_document(
            family=family,
            variant=document.variant_name(family, self.rules),
            rules=rules_to_dict(self.rules),
            seed=self.seed,
            random=self._random if self.seed is None else None,
            dealer=self._given_dealer,
            options=self._options(),
            games=[json.loads(game.to_json()) for game in self._games],  # type: ignore[attr-defined]
            summary=self.to_dict(),
            set_by_hand=self._sets(),
        )
        return json.dumps(data, ensure_ascii=False)

    def _sets(self) -> dict[int, dict[str, int]]:
        """The carried state set by hand before each hand, and before the next one (the
        document's ``set``; call after settling)."""
        sets = dict(self._set_by_hand)
        pending = self._changed()
        if pending:
            sets[len(self._games)] = pending
        return sets

    def _apply_set(self, name: str, values: dict[str, int]) -> None:
        """Put back the carried ``values`` a caller set (``name`` names them in errors)."""
        for key, value in values.items():
            if key not in self._carried_names:
                raise NotationError(
                    f"{name}: {clipped(key)} is not a state a {type(self).__qualname__} carries "
                    f"between hands ({', '.join(self._carried_names)})"
                )
            try:
                setattr(self, key, value)
            except ChangpaiError as error:  # (a seat off the table, a count out of range)
                raise NotationError(f"{name}: {error}") from None

    def _check_writable(self) -> None:
        """The :class:`~changpai.errors.NotationError` of a match :meth:`to_json` cannot write
        whole: one unpickled from a changpai before match documents, or one whose constructor
        takes a keyword its :meth:`_options` does not report."""
        kind = type(self)
        if "_random" not in vars(self):  # (pickled by a changpai before match documents)
            raise NotationError(
                f"this {kind.__qualname__} was made by a changpai before match documents (its "
                "first random number is not kept): it cannot be written as one"
            )
        unknown = [
            name
            for name in keyword_options(kind) or ()
            if name != "dealer" and name not in kind._option_names
        ]
        if unknown:  # (review h73: a subclass's own argument was dropped without a word)
            raise NotationError(
                f"a {kind.__qualname__} cannot be written as a match document: its constructor "
                f"takes {', '.join(unknown)}, which its _options() does not report (name them "
                "in _option_names and return them from _options)"
            )

    @classmethod
    def from_json(cls: type[_M], text: str | bytes) -> _M:
        """Rebuild a match from :meth:`to_json`: the match is made again from its rules, seed
        and first dealer, and each hand dealt as the match deals it and replayed from its game
        document, so a match saved between hands, or in the middle of one, goes on as it
        would have (the same hands, cuts and totals).

        A text that is not a match document of this family, a game that is not the hand the
        match deals next, or a summary that its games do not give raises
        :class:`~changpai.errors.NotationError` naming it; bad rules a
        :class:`~changpai.errors.RulesError` naming the document; a decision the rules do
        not allow an :class:`~changpai.errors.IllegalActionError` naming its game and its
        place.

        >>> from changpai import zipai
        >>> match = zipai.Match(seed=4).play(2)
        >>> again = zipai.Match.from_json(match.to_json())
        >>> again.to_dict() == match.to_dict(), again.play(1).totals == match.play(1).totals
        (True, True)
        >>> zipai.Match.from_json(match.to_json().replace('"seed": 4', '"seed": 5'))
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: games[0] of the zipai match document is not the hand the match deals next: its seed is ..., the match deals ...
        """
        game_class = cls._family_game()
        family = game_class.family
        data = document.read_match_document(text, family=family)
        where = f"the {family} match document"
        rules = document.read_rules(game_class.rules_class, data, family=family, what="match")
        seed = data["seed"]
        document.check_options(
            data["options"], keyword_options(cls), family=family, what="match",
            own=("rules", "seed", "random", "dealer"),
        )  # fmt: skip
        try:
            # (seeded with the number it was seeded with: the same dealer, hands and cuts)
            match = cls(rules, data["random"] if seed is None else seed, dealer=data["dealer"], **data["options"])  # fmt: skip
        except TypeError as error:  # (a constructor taking **kwargs: its options unchecked)
            raise NotationError(f"not a {family} match document: options {error}") from None
        except RulesError as error:
            raise NotationError(f"not a {family} match document: {error}") from None
        match.seed = seed
        if match._options() != data["options"]:  # (written only when they are not the rules')
            raise NotationError(
                f"not a {family} match document: options={clipped(data['options'])}, which "
                f"the match writes as {clipped(match._options())}"
            )
        sets = {int(key): values for key, values in data.get("set", {}).items()}
        for number, item in enumerate(data["games"]):
            match._settle()  # (a value set by hand after a hand is put back after its settling)
            if number in sets:
                match._apply_set(f"set['{number}'] of {where}", sets[number])
            match._deal_again(f"games[{number}] of {where}", item)
        match._settle()
        if len(data["games"]) in sets:
            match._apply_set(f"set['{len(data['games'])}'] of {where}", sets[len(data["games"])])
        # (compared as JSON text: 1.0 or true for 1 is not what the games give — review h72;
        # a key the summary lacks is not checked, so a document of an older changpai, whose
        # summary held fewer, still loads — review h73)
        summary = match.to_dict()
        for key, theirs in data["summary"].items():
            if key not in summary:
                raise NotationError(
                    f"summary[{clipped(key)}] of {where}: a match's summary holds no such key "
                    f"(its keys: {', '.join(summary)})"
                )
            ours = summary[key]
            if json.dumps(ours, sort_keys=True) != json.dumps(theirs, sort_keys=True):
                raise NotationError(
                    f"summary[{clipped(key)}] of {where} is {clipped(theirs)}, but its games give "
                    f"{clipped(ours)}"
                )
        return match

    def _deal_again(self, name: str, item: dict[str, Any]) -> None:
        """Deal the next hand and make it the game of the document ``item`` (its decisions
        replayed), which must be that hand; ``name`` names the item in errors."""
        current: Any = self.game
        if current is not None and not current.is_over:
            raise NotationError(f"{name} follows a hand that is not over")

        def load(game: dict[str, Any]) -> Any:
            try:
                return self.game_class.from_json(json.dumps(game))
            except ChangpaiError as error:
                raise type(error)(f"{name}: {error}") from None

        # (the hand as dealt first: one the match does not deal is named as such before its
        # decisions, which would be refused by a hand dealt otherwise)
        game = load({**item, "actions": []})
        dealt: Any = self._deal_hand(None if game.seed is not None else game.deck)
        for what, theirs, ours in (
            ("seed", game.seed, dealt.seed),
            ("dealer", game.dealer, dealt.dealer),
            ("rules", game.rules, dealt.rules),
            ("options", game.options, dealt.options),
            ("deck", game.deck, dealt.deck),
        ):
            if theirs != ours:
                raise NotationError(
                    f"{name} is not the hand the match deals next: its {what} is "
                    f"{clipped(theirs)}, the match deals {clipped(ours)}"
                )
        if not isinstance(item.get("actions"), list):
            load(item)  # (refused: the document names what is wrong with its decisions)
        try:  # (its decisions read once, replayed on the hand loaded from its document)
            document.check_decisions(item["actions"], game.family)  # (as its reading does)
            actions = self.game_class._document_actions(item["actions"])
            self._games[-1] = replay(game, actions, where=f"the {game.family} game document")
        except ChangpaiError as error:
            raise type(error)(f"{name}: {error}") from None

    def _title(self) -> str:
        title = getattr(self.rules, "title", self.rules.name)
        return f"{title} ({self.rules.name}) match: {len(self._hands)} hands"

    def _rows(self) -> list[tuple[str, str]]:
        """The lines of :meth:`__str__` (and rows of the notebook table) as (label, value),
        but the title."""
        rows = []
        for h in self._hands:
            won = "no winner" if h.winner is None else f"seat {h.winner} wins ({h.value})"
            rows.append(
                (f"hand {h.number}", f"dealer {h.dealer}, {won}; next dealer {h.next_dealer}")
            )
        rows.append(("totals", ", ".join(f"seat {s}: {t:+d}" for s, t in self._totals.items())))
        return rows

    def __str__(self) -> str:
        self._settle()
        lines = [self._title(), *(f"  {label}: {value}" for label, value in self._rows())]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The match as a notebook table: the lines of ``str(match)``, one row each.

        >>> from changpai import nantong
        >>> match = nantong.Match(seed=1, dealer=0)
        >>> _ = match.play(1)
        >>> html = match._repr_html_()
        >>> html.startswith("<div><b>笃子胡 (duzihu) match: 1 hands</b>"), "totals" in html
        (True, True)
        """
        self._settle()
        return render.fields(self._rows(), title=self._title())

    def __repr__(self) -> str:
        return (
            f"<{self.game_class.family}.Match {self.rules.name} hands={len(self._games)} "
            f"dealer={self.dealer}>"
        )
