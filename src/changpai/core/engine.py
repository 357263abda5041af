"""The engine contract every family's ``Game`` follows (docs: Core concepts).

A family's ``Game`` subclasses :class:`GameBase` and is built as
``Game(rules=PRESET, seed=None, *, deck=None, dealer=0, **options)``. It writes the state
machine (``to_act``, ``legal_actions``, ``verify``, ``apply``, ``view``, ``copy``, ``_key``);
:class:`GameBase` adds, the same for every family:

- ``can(action)`` from ``verify`` (pokerkit's verify / can / do);
- ``==`` from ``_key()`` (games are mutable, hence unhashable) and a short ``repr``;
- ``to_json()`` / ``from_json(text)`` in the one game document schema of
  :mod:`changpai.core.document` (0.1.0 documents still load);
- the classmethod ``replay(actions, rules, *, seed, deck, dealer, **options)``: a new game
  from the same deal with the decisions applied (engine records in ``actions`` are skipped).

The function :func:`replay` applies actions to an existing game.

>>> from changpai import zipai
>>> game = zipai.Game(zipai.HUNAN, seed=2)
>>> _ = game.apply(game.legal_actions(game.to_act[0])[0])
>>> again = zipai.Game.replay(game.log, game.rules, seed=game.seed, deck=game.deck, dealer=game.dealer)
>>> again == game, again is game, zipai.Game.from_json(game.to_json()) == game
(True, False, True)
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any, ClassVar, Protocol, TypeVar

from changpai.core import document
from changpai.core.guard import clipped, items_arg, keyword_options, named, rules_arg, shown
from changpai.core.records import ActionRecord, GameResult
from changpai.core.serial import rules_to_dict
from changpai.core.view import GameView
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

__all__ = ["GameBase", "replay"]


class _Applies(Protocol):
    def apply(self, action: Any) -> Any: ...


_G = TypeVar("_G", bound=_Applies)
_Self = TypeVar("_Self", bound="GameBase")


class GameBase(ABC):
    """Base of every family's ``Game``: the shared half of the engine contract.

    A subclass sets the class attributes :attr:`family`, :attr:`rules_class`,
    :attr:`action_class` and :attr:`default_rules`, keeps ``rules``, ``seed``, ``dealer`` and
    ``deck`` (the cards in deal order) as attributes or properties, and writes the abstract
    members. ``options`` (the family's other constructor keywords, such as ``players``) are
    saved in documents and given back to the constructor on loading.

    It adds no state (``__slots__ = ()``), so an engine with slots keeps them.

    >>> from changpai import chuanpai, daer, nantong, xiaogan, zipai
    >>> families = (zipai, nantong, chuanpai, daer, xiaogan)
    >>> [module.Game.family for module in families if issubclass(module.Game, GameBase)]
    ['zipai', 'nantong', 'chuanpai', 'daer', 'xiaogan']
    """

    __slots__ = ()

    #: The family's code name (``"zipai"``): the ``family`` of its documents.
    family: ClassVar[str] = ""
    #: The family's rules class: the constructor refuses other rules with a RulesError.
    rules_class: ClassVar[type[Any]]
    #: The family's action class (its ``from_dict`` reads the actions of a document).
    action_class: ClassVar[type[Any]]
    #: The preset used when no rules are given.
    default_rules: ClassVar[Any]
    #: What the family calls the value of a winning hand (``"胡息"``, ``"胡數"``, ``"胡"``).
    value_name: ClassVar[str] = "value"

    rules: Any
    seed: int | None
    dealer: int

    # ------------------------------------------------------------------ the family writes

    @property
    @abstractmethod
    def deck(self) -> tuple[Any, ...]:
        """Every card in deal order (a stacked deck is given back as it was).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> len(game.deck), game.deck[:3], zipai.Game(deck=game.deck) == game
        (80, (Card('d7'), Card('x2'), Card('x3')), True)
        """

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """The seats that play this hand, in turn order from the dealer.

        >>> from changpai import zipai
        >>> zipai.Game(seed=1).seats, zipai.Game(seed=1, dealer=2).seats
        ((0, 1, 2), (2, 0, 1))
        """

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (empty once the hand is over).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> game.to_act
        (0,)
        >>> _ = game.apply(game.legal_actions(0)[0])  # seat 0 discards: seat 1 may 吃 it
        >>> game.to_act
        (1,)
        """

    @property
    @abstractmethod
    def log(self) -> tuple[ActionRecord[Any], ...]:
        """Every :class:`~changpai.core.records.ActionRecord` so far, in order.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> _ = game.apply(game.legal_actions(0)[0])
        >>> [str(record) for record in game.log]
        ['seat 0 發牌 (auto)', 'seat 0 亮張 叄 (auto)', 'seat 0 打 一']
        """

    @property
    @abstractmethod
    def stock(self) -> tuple[Any, ...]:
        """The cards left to draw, in draw order (omniscient).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> len(game.stock), game.stock[0], sum(len(game.hand(seat)) for seat in game.seats)
        (19, Card('d2'), 61)
        """

    @property
    @abstractmethod
    def phase(self) -> str:
        """What the hand waits for, in the words every family shares (docs: Core concepts):
        ``"discard"`` (the seat in turn decides), ``"claim"`` (a card is on offer), ``"over"``,
        or one of the family's own (``"setup"``, ``"declare"``, ``"selfhu"``, ``"lead"``,
        ``"follow"``).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> before = game.phase
        >>> _ = game.apply(game.legal_actions(0)[0])
        >>> before, game.phase
        ('discard', 'claim')
        """

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the hand has ended.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> game.is_over
        False
        >>> while not game.is_over:  # every seat takes its first legal action
        ...     _ = game.apply(game.legal_actions(game.to_act[0])[0])
        >>> game.is_over, game.to_act, game.phase
        (True, (), 'over')
        """

    @property
    @abstractmethod
    def result(self) -> GameResult | None:
        """The :class:`~changpai.core.records.GameResult` once over, else ``None``.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> print(game.result)
        None
        >>> while not game.is_over:  # every seat takes its first legal action
        ...     _ = game.apply(game.legal_actions(game.to_act[0])[0])
        >>> game.result.reason, game.result.winner, game.result.payments
        ('huangzhuang', None, ())
        """

    @abstractmethod
    def hand(self, seat: int) -> tuple[Any, ...]:
        """The concealed cards of ``seat`` (omniscient; ``view`` for one seat's sight).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> zipai.format(game.hand(0)), len(game.hand(1))
        ('一二二三五六七八十壹貳叄叄肆柒捌捌玖拾拾拾', 20)
        """

    @abstractmethod
    def melds(self, seat: int) -> tuple[Any, ...]:
        """The table melds of ``seat``, face-down ones included (omniscient).

        >>> from changpai import zipai
        >>> game = zipai.Game(deck=zipai.stack_deck(hands={0: "一一一一"}))  # laid at the deal
        >>> game.melds(0), game.melds(1)
        ((Meld.parse('提 一一一一'),), ())
        """

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal decision of ``seat`` now (empty when it is not to act).

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> str(game.legal_actions(0)[0]), len(game.legal_actions(0)), game.legal_actions(1)
        ('seat 0 打 一', 15, [])
        """

    @abstractmethod
    def verify(self, action: Any) -> None:
        """Raise :class:`~changpai.errors.IllegalActionError` with the reason if ``action`` is
        not legal now.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> game.verify(game.legal_actions(0)[0])  # legal: returns None
        >>> game.verify(zipai.Action(1, zipai.ActionKind.PASS))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 1 過 is not legal now: seat 1 is not to act (to act: (0,))
        """

    @abstractmethod
    def apply(self, action: Any) -> ActionRecord[Any]:
        """Verify and apply a decision (and the engine's forced moves after it); returns its
        record. An illegal action raises and leaves the game unchanged.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> record = game.apply(game.legal_actions(0)[0])
        >>> str(record), record is game.log[-1]
        ('seat 0 打 一', True)
        """

    @abstractmethod
    def view(self, seat: int) -> GameView[Any, Any]:
        """What ``seat`` may see: a :class:`~changpai.core.view.GameView`.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> view = game.view(1)
        >>> view.hand == game.hand(1), view.seats[0].hand_size  # seat 0's cards: only a count
        (True, 21)
        """

    @abstractmethod
    def copy(self: _Self) -> _Self:
        """An independent copy, equal to this game.

        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> other = game.copy()
        >>> other == game, other is game
        (True, False)
        >>> _ = other.apply(other.legal_actions(0)[0])
        >>> other == game, len(other.log), len(game.log)
        (False, 3, 2)
        """

    def __copy__(self: _Self) -> _Self:
        """``copy.copy(game)`` is :meth:`copy`: an independent game (a shallow copy would share
        the hands and the log, and an action applied to it would change the original).

        >>> import copy
        >>> from changpai import zipai
        >>> game = zipai.Game(seed=1)
        >>> other = copy.copy(game)
        >>> _ = other.apply(other.legal_actions(other.to_act[0])[0])
        >>> other == game, game == zipai.Game(seed=1)
        (False, True)
        """
        return self.copy()

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """The whole state, for equality."""

    @classmethod
    @abstractmethod
    def _card(cls, code: str) -> Any:
        """The family's card with this ASCII code (NotationError if none)."""

    @classmethod
    def _deck_card(cls, number: int, code: str) -> Any:
        """The card of a game document's ``deck[number]``: one of its ASCII codes as written
        (in either case; 字牌's ``s1`` / ``b1`` aliases too), else a :class:`NotationError`
        naming the place — a name, or a code padded with spaces or separators, is no code
        (the 字牌 / 大貳 / 南通 documents took them where 川牌's refused them: review h120).

        >>> from changpai import zipai
        >>> zipai.Game._deck_card(0, "X1"), zipai.Game._deck_card(1, "s1")
        (Card('x1'), Card('x1'))
        >>> zipai.Game._deck_card(3, "一")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a zipai game document: deck[3]='一' is not a card code (the deck is written as codes: 'x1')
        """
        try:
            card = cls._card(code)
        except NotationError as error:
            raise NotationError(
                f"not a {cls.family} game document: deck[{number}]: {error}"
            ) from None
        if not code.isascii() or code != code.strip():
            raise NotationError(
                f"not a {cls.family} game document: deck[{number}]={clipped(code)} is not a card "
                f"code (the deck is written as codes: {shown(card.code)})"
            )
        return card

    # ------------------------------------------------------------------ shared

    @property
    def options(self) -> dict[str, Any]:
        """The family's other constructor keywords of this game (saved in documents).

        >>> from changpai import zipai
        >>> zipai.Game(seed=1).options
        {}
        """
        return {}

    def can(self, action: Any) -> bool:
        """Whether ``action`` is legal now (``verify`` does not raise).

        >>> from changpai import nantong
        >>> game = nantong.Game(seed=2)
        >>> game.can(game.legal_actions(0)[-1]), game.can(nantong.Action(1, nantong.ActionKind.PASS))
        (True, False)
        """
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def _to_act_seen_by(self, seat: int) -> tuple[int, ...]:
        """:attr:`to_act` as ``seat`` may see it (its view, the errors of its refused actions):
        while a card is on offer (phase ``"claim"``), who is asked about it is private — it
        would tell that the seat can claim it — so it holds ``seat`` itself when asked, else
        nothing.

        >>> from changpai import zipai
        >>> zipai.Game(seed=1)._to_act_seen_by(2)
        (0,)
        """
        to_act = self.to_act
        if self.phase == "claim":
            return (seat,) if seat in to_act else ()
        return to_act

    def _phase_seen_by(self, seat: int) -> str:
        """:attr:`phase` as ``seat`` may see it (its view): the phase itself, unless a family
        hides it (字牌: a drawer deciding on a 胡 after his own 偎 / 提).

        >>> from changpai import nantong
        >>> nantong.Game(seed=1)._phase_seen_by(2)
        'declare'
        """
        return self.phase

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameBase)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """One short line: the variant's name, or the rules' ``repr`` when they are no preset
        (a preset's repr is its constant, other rules name the options changed).

        >>> from changpai import zipai
        >>> zipai.Game(seed=7)
        <zipai.Game hunan seed=7 dealer=0 to_act=(0,) log=2>
        >>> zipai.Game(zipai.HUNAN.evolve(min_huxi=10), seed=7)
        <zipai.Game zipai.HUNAN.evolve(min_huxi=10) seed=7 dealer=0 to_act=(0,) log=2>
        """
        rules = self.rules
        name = getattr(rules, "name", "?")
        presets = getattr(type(rules), "_presets", ())  # (a family's: core.rules.RulesBase)
        if presets and all(preset != rules for _, preset in presets):
            name = repr(rules)
        state = "over" if self.is_over else f"to_act={self.to_act}"
        return (
            f"<{self.family}.Game {name} seed={self.seed} dealer={self.dealer} {state} "
            f"log={len(self.log)}>"
        )

    def to_json(self) -> str:
        """The game as a version-2 game document (:mod:`changpai.core.document`): lossless,
        :meth:`from_json` replays its decisions.

        >>> from changpai import chuanpai
        >>> data = json.loads(chuanpai.Game(seed=3).to_json())
        >>> data["schema"], data["version"], data["family"], data["variant"], data["seed"]
        ('changpai.game', 2, 'chuanpai', 'yaodiren', 3)
        """
        data = document.game_document(
            family=self.family,
            variant=document.variant_name(self.family, self.rules),
            rules=rules_to_dict(self.rules),
            seed=self.seed,
            deck=[card.code for card in self.deck],
            dealer=self.dealer,
            options=self.options,
            actions=[r.action.to_dict() for r in self.log if not r.auto],
        )
        return json.dumps(data, ensure_ascii=False)

    #: The name of the list of decisions in a changpai 0.1.0 document of the family (what a
    #: refused decision of such a document is named by).
    _legacy_actions: ClassVar[str] = "actions"

    @classmethod
    def _legacy_document(cls, data: dict[str, Any]) -> dict[str, Any]:
        """Convert a 0.1.0 document of this family to version 2 (a family with 0.1.0 documents
        overrides this); the default refuses it."""
        raise NotationError(
            f"not a {cls.family} game document: it has no 'schema' key "
            f"(expected {document.GAME_SCHEMA!r})"
        )

    @classmethod
    def check_options(cls, keywords: Iterable[str]) -> None:
        """Raise :class:`~changpai.errors.RulesError` naming any of ``keywords`` that this
        family's ``Game`` does not take (``deck``, ``dealer`` and its own options such as 字牌's
        ``huangfan``): what :meth:`changpai.Variant.game`, :meth:`replay` and the environments
        check before dealing (:meth:`from_json` names a document's options in its own words),
        so a forwarded option that no game takes is a typed error rather than Python's
        ``TypeError``.

        >>> from changpai import zipai
        >>> zipai.Game.check_options(["dealer", "huangfan"])
        >>> zipai.Game.check_options(["players"])
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: players is not an option of a zipai game; the options are deck, dealer, huangfan
        """
        if isinstance(keywords, (str, bytes)):  # (not read letter by letter: review h60)
            raise RulesError(
                f"keywords={clipped(keywords):.60} is one string; give a list of option names"
            )
        try:  # (the keywords given: a dict of them, or their names in any collection)
            names = (
                tuple(keywords)
                if isinstance(keywords, Mapping)
                else items_arg(keywords, "keywords", "option names", sets=True)
            )
        except NotationError as error:
            raise RulesError(str(error)) from None
        known = keyword_options(cls)
        if known is None:  # (a constructor that takes any keyword)
            return
        unknown = [name for name in names if name not in known]
        if unknown:
            raise RulesError(
                f"{', '.join(map(named, unknown))} "
                f"{'is' if len(unknown) == 1 else 'are'} not "
                f"an option of a {cls.family} game; the options are {', '.join(known)}"
            )

    @classmethod
    def from_json(cls: type[_Self], text: str | bytes) -> _Self:
        """Rebuild a game from :meth:`to_json` (or a 0.1.0 document of the family) by replaying
        its decisions, each checked.

        A text that is not a game document of this family raises
        :class:`~changpai.errors.NotationError`; bad rules a
        :class:`~changpai.errors.RulesError`; a decision the rules do not allow an
        :class:`~changpai.errors.IllegalActionError` naming its place in ``actions``.

        >>> from changpai import zipai
        >>> zipai.Game.from_json('{"schema": "changpai.game", "version": 2, "family": "nantong"}')
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: not a zipai game document: it is a nantong game
        """
        data = document.read_game_document(text, family=cls.family, legacy=cls._legacy_document)
        # a decision is named by its place in the document's own list (version 1 of 南通: log)
        listed = cls._legacy_actions if data.get("version") == 1 else "actions"
        rules = document.read_rules(cls.rules_class, data, family=cls.family, what="game")
        try:
            deck = [cls._deck_card(number, code) for number, code in enumerate(data["deck"])]
            items = data["actions"]
        except (KeyError, TypeError, AttributeError) as error:
            raise NotationError(f"not a {cls.family} game document: {error}") from None
        actions = cls._document_actions(items, listed)
        document.check_options(
            data["options"], keyword_options(cls), family=cls.family, what="game",
            own=("rules", "seed", "deck", "dealer"),
        )  # fmt: skip
        try:
            game = cls(rules, data["seed"], deck=deck, dealer=data["dealer"], **data["options"])  # type: ignore[call-arg]
        except TypeError as error:
            raise NotationError(f"not a {cls.family} game document: options {error}") from None
        except RulesError as error:  # a bad deck, dealer or option: the document is wrong
            raise NotationError(f"not a {cls.family} game document: {error}") from None
        return replay(game, actions, where=f"the {cls.family} game document", listed=listed)

    @classmethod
    def _document_actions(cls, items: list[Any], listed: str = "actions") -> list[Any]:
        """The decisions of a game document's ``actions`` list (``listed`` names it in errors),
        each read by ``action_class.from_dict``; a bad one raises its typed error named by its
        place, ``actions[3] of the zipai game document: …``."""
        actions = []
        for number, item in enumerate(items):
            try:
                actions.append(cls.action_class.from_dict(item))
            except ChangpaiError as error:  # (named by its place, as a refused decision)
                raise type(error)(
                    f"{listed}[{number}] of the {cls.family} game document: {error}"
                ) from None
            except (KeyError, TypeError, AttributeError) as error:
                raise NotationError(f"not a {cls.family} game document: {error}") from None
        return actions

    @classmethod
    def replay(
        cls: type[_Self],
        actions: Iterable[Any],
        rules: Any = None,
        *,
        seed: int | None = None,
        deck: Sequence[Any] | str | None = None,
        dealer: int = 0,
        **options: Any,
    ) -> _Self:
        """A new game dealt from ``rules`` (default: the family's default preset), ``seed`` or
        ``deck`` and ``dealer``, with ``actions`` applied in order (each checked). ``actions``
        may be decisions or a whole log: the records the engine wrote itself are skipped.

        >>> from changpai import nantong
        >>> game = nantong.Game(seed=9)
        >>> _ = game.apply(game.legal_actions(0)[-1])
        >>> nantong.Game.replay(game.log, seed=9) == game
        True
        """
        if rules is None:
            rules = cls.default_rules
        rules_arg(rules, cls.rules_class, cls.family)
        cls.check_options(options)
        game = cls(rules, seed, deck=deck, dealer=dealer, **options)  # type: ignore[call-arg]
        return replay(game, actions)


def _qualified(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def replay(
    game: _G, items: Iterable[Any], *, where: str | None = None, listed: str = "actions"
) -> _G:
    """Apply actions to ``game`` in order (each one verified) and return it.

    ``items`` may mix actions and log records (objects with an ``action`` attribute); records
    marked ``auto`` were written by the engine itself and are skipped. With ``where`` (what
    holds the items, e.g. a game document) a refused action is named by its place in them,
    ``actions[4] of <where>: …`` — many actions look alike (過 …); ``listed`` is the name of
    the list in ``where`` (a changpai 0.1.0 南通 document calls it ``log``).

    >>> from changpai.nantong import Game
    >>> played = Game(seed=9)
    >>> _ = played.apply(played.legal_actions(0)[-1])
    >>> replay(Game(seed=9), played.log) == played
    True
    >>> replay(Game(seed=9), None)
    Traceback (most recent call last):
    ...
    changpai.errors.IllegalActionError: actions=None is not a sequence of actions or log records
    """
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise IllegalActionError(
            f"actions={shown(items)} is not a sequence of actions or log records"
        )
    if isinstance(items, (Set, Mapping)):  # (a set has no order; a dict reads as its keys)
        raise IllegalActionError(
            f"actions={shown(items)} is a {type(items).__name__}: give a list or a tuple of "
            "actions or log records, in the order played"
        )
    try:  # (read whole first: a generator that fails applies nothing)
        listed_items = items if type(items) is list or type(items) is tuple else tuple(items)
    except ChangpaiError:
        raise
    except Exception as error:
        raise IllegalActionError(f"actions={shown(items)} cannot be read: {error}") from None
    action_class = getattr(type(game), "action_class", None)
    if action_class is not None:  # (checked before any is applied: review h71)
        for number, item in enumerate(listed_items):
            action = getattr(item, "action", None)
            if action is not None and not isinstance(action, action_class):
                # (another family's record: its auto records would be skipped without a word)
                place = f"{listed}[{number}]" + ("" if where is None else f" of {where}")
                raise IllegalActionError(
                    f"{place}: {shown(item)} records a {_qualified(type(action))}, not a "
                    f"{_qualified(action_class)}"
                )
    for number, item in enumerate(listed_items):
        action = getattr(item, "action", None)
        if action is not None:
            if getattr(item, "auto", False):
                continue
            item = action
        try:
            game.apply(item)
        except IllegalActionError as error:  # (named by its place: review h130)
            place = f"{listed}[{number}]" + ("" if where is None else f" of {where}")
            raise IllegalActionError(f"{place}: {error}") from None
    return game
