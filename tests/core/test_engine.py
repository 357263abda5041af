"""Tests for changpai.core.engine (the engine contract) on a toy family that knows no real game:
can / == / repr from the family's members, the game document, replay as a classmethod."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from attrs import field, frozen

from changpai.core.engine import GameBase, replay
from changpai.core.hanzi import HanziEnum
from changpai.core.records import ActionRecord, GameResult
from changpai.core.rules import RulesBase, register_presets
from changpai.core.view import GameView, SeatView
from changpai.errors import IllegalActionError, NotationError, RulesError


@frozen
class Chip:
    """A toy card: its code is its number."""

    number: int

    @property
    def code(self) -> str:
        return str(self.number)


@frozen(repr=False)
class ToyRules(RulesBase):
    name: str = "toy"
    target: int = field(default=5)

    @property
    def title(self) -> str:
        return "玩具"

    def evolve(self, **changes: Any) -> ToyRules:
        from attrs import evolve

        return evolve(self, **changes)


TOY = ToyRules()
register_presets(ToyRules, "toy", TOY=TOY)


class Kind(HanziEnum, short_repr=True):
    ADD = ("add", "加")
    DEAL = ("deal", "發牌")


@frozen
class Step:
    seat: int
    kind: Kind
    amount: int = 0

    @property
    def details(self) -> str:
        return str(self.amount) if self.amount else ""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind.value, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        return cls(data["seat"], Kind(data["kind"]), data["amount"])

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind.hanzi} {self.details}".rstrip()


class Toy(GameBase):
    """Two seats take turns adding 1 or 2 to a total; whoever reaches ``rules.target`` wins."""

    family: ClassVar[str] = "toy"
    rules_class: ClassVar[type[Any]] = ToyRules
    action_class: ClassVar[type[Any]] = Step
    default_rules: ClassVar[Any] = TOY

    def __init__(
        self,
        rules: ToyRules = TOY,
        seed: int | None = None,
        *,
        deck: Any = None,
        dealer: int = 0,
        bonus: int = 0,
    ) -> None:
        if not isinstance(rules, ToyRules):
            raise RulesError(f"{rules!r} is not toy rules")
        self.rules, self.seed, self.dealer, self.bonus = rules, seed, dealer, bonus
        self._deck = tuple(n if isinstance(n, Chip) else Chip(n) for n in (deck or (1, 2, 3)))
        self.total = bonus
        self._log: list[ActionRecord[Step]] = [ActionRecord(Step(dealer, Kind.DEAL), auto=True)]
        self._turn = dealer

    @property
    def options(self) -> dict[str, Any]:
        return {"bonus": self.bonus} if self.bonus else {}

    @property
    def deck(self) -> tuple[Any, ...]:
        return self._deck

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 1)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self._turn,)

    @property
    def log(self) -> tuple[Any, ...]:
        return tuple(self._log)

    @property
    def stock(self) -> tuple[Any, ...]:
        return ()

    @property
    def is_over(self) -> bool:
        return self.total >= self.rules.target

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "discard"

    @property
    def result(self) -> GameResult | None:
        if not self.is_over:
            return None
        return GameResult(1 - self._turn, "win", value=self.total, label="胡")

    def hand(self, seat: int) -> tuple[Any, ...]:
        return ()

    def melds(self, seat: int) -> tuple[Any, ...]:
        return ()

    def legal_actions(self, seat: int) -> list[Any]:
        return [Step(seat, Kind.ADD, n) for n in (1, 2)] if seat in self.to_act else []

    def verify(self, action: Any) -> None:
        if not isinstance(action, Step) or action not in self.legal_actions(action.seat):
            raise IllegalActionError(f"{action!r} is not legal now")

    def apply(self, action: Any) -> ActionRecord[Step]:
        self.verify(action)
        record = ActionRecord(action)
        self._log.append(record)
        self.total += action.amount
        self._turn = 1 - self._turn
        return record

    def view(self, seat: int) -> GameView:
        seats = tuple(SeatView(s, 0, (), ()) for s in self.seats)
        return GameView("toy", "玩具", seat, self.dealer, "play", (), seats, None, 0,
                        self.to_act, tuple(self.legal_actions(seat)), self.result)  # fmt: skip

    def copy(self) -> Toy:
        other = Toy(self.rules, self.seed, deck=[c.number for c in self._deck], dealer=self.dealer,
                    bonus=self.bonus)  # fmt: skip
        other.total, other._log, other._turn = self.total, list(self._log), self._turn
        return other

    def _key(self) -> tuple[Any, ...]:
        return (self.rules, self._deck, self.dealer, self.total, tuple(self._log), self._turn)

    @classmethod
    def _card(cls, code: str) -> Any:
        return Chip(int(code))


def played(*amounts: int, bonus: int = 0) -> Toy:
    game = Toy(seed=3, bonus=bonus)
    for amount in amounts:
        game.apply(Step(game.to_act[0], Kind.ADD, amount))
    return game


def test_can_equality_and_a_short_repr() -> None:
    game = played(1)
    assert game.can(Step(1, Kind.ADD, 2)) and not game.can(Step(0, Kind.ADD, 2))
    assert not game.can(None)
    assert game == played(1) and game != played(2) and game.__eq__(object()) is NotImplemented
    assert repr(game) == "<toy.Game toy seed=3 dealer=0 to_act=(1,) log=2>"
    with pytest.raises(TypeError):
        hash(game)


def test_the_game_document_round_trips_with_options() -> None:
    game = played(2, 1, bonus=1)
    data = json.loads(game.to_json())
    assert data["schema"] == "changpai.game" and data["version"] == 2
    assert data["family"] == "toy" and data["options"] == {"bonus": 1}
    assert data["deck"] == ["1", "2", "3"] and data["seed"] == 3
    assert [a["amount"] for a in data["actions"]] == [2, 1]  # the auto deal record is not saved
    assert Toy.from_json(game.to_json()) == game


def test_documents_of_another_family_version_or_shape_are_refused() -> None:
    game = played(1)
    data = json.loads(game.to_json())
    for change, needle in (
        ({"family": "zipai"}, "it is a zipai game"),
        ({"version": 3}, "version 3 cannot be read"),
        ({"version": "2"}, "version '2' — a changpai.game document is version 2"),
        ({"schema": "chess"}, "schema 'chess'"),
        ({"deck": "1 2 3"}, "is not a JSON list"),
        ({"seed": True}, "seed=True is not a whole number"),
        ({"actions": [5]}, r"actions\[0\]=5 is not a JSON object"),
        ({"deck": ["1", 2]}, r"deck\[1\]=2 is not a card code"),
        # an option the document gives as its own key (review h69: Python's TypeError text)
        ({"options": {"deck": None}}, r"options holds 'deck', which the document gives as"),
    ):
        with pytest.raises(NotationError, match=needle):
            Toy.from_json(json.dumps({**data, **change}))
    without = {k: v for k, v in data.items() if k != "dealer"}
    with pytest.raises(NotationError, match="'dealer'"):
        Toy.from_json(json.dumps(without))
    with pytest.raises(NotationError, match="no 'schema' key"):
        Toy.from_json(json.dumps({"format": "toy/1"}))
    with pytest.raises(NotationError, match="expected JSON text"):
        Toy.from_json(None)  # type: ignore[arg-type]
    illegal = {**data, "actions": [{"seat": 1, "kind": "add", "amount": 1}]}
    with pytest.raises(IllegalActionError):
        Toy.from_json(json.dumps(illegal))


def test_replay_is_a_classmethod_making_a_new_game() -> None:
    game = played(1, 2, bonus=1)
    again = Toy.replay(game.log, seed=3, bonus=1)
    assert again == game and again is not game
    assert Toy.replay([Step(0, Kind.ADD, 1)], TOY, seed=3) == played(1)
    with pytest.raises(RulesError):
        Toy.replay([], rules="toy")


def test_the_replay_function_skips_auto_records() -> None:
    game = played(2, 2, 1)
    fresh = replay(Toy(seed=3), game.log)
    assert fresh == game and fresh.result == GameResult(0, "win", value=5, label="胡")
    assert replay(Toy(seed=3), [r.action for r in game.log if not r.auto]) == game


@pytest.mark.parametrize("actions", [None, 5, "add", b"add"])
def test_replay_refuses_what_is_no_sequence_of_actions(actions: object) -> None:
    """Issue 12: bad input raises a typed error naming it (was TypeError for None or 5)."""
    with pytest.raises(IllegalActionError, match="is not a sequence of actions"):
        Toy.replay(actions, TOY, seed=3)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="is not a sequence of actions"):
        replay(Toy(seed=3), actions)  # type: ignore[arg-type]


def test_replay_refuses_unordered_or_broken_collections_and_another_familys_records() -> None:
    """core-concepts "Collections in and out": a set or a dict where order matters is refused
    (a set of one action replayed; review h69), a generator that fails applies nothing and is
    a typed error, and another family's log records are refused, not skipped for being
    ``auto``."""
    from changpai import daer, zipai

    first = daer.Game(seed=3).legal_actions(0)[0]
    for items in ({first}, {first: 1}, frozenset({first})):
        with pytest.raises(IllegalActionError, match=r"is a (set|dict|frozenset): give a list"):
            daer.Game.replay(items, seed=3)

    def broken() -> Iterator[object]:
        yield first
        raise RuntimeError("boom")

    game = daer.Game(seed=3)
    with pytest.raises(IllegalActionError, match="cannot be read: boom"):
        replay(game, broken())
    assert game == daer.Game(seed=3)
    with pytest.raises(IllegalActionError, match=r"^actions\[0\]: .* records a changpai\.zipai"):
        daer.Game.replay(zipai.Game(seed=1).log, seed=3)
    # refused before any record is applied, named in the list given (review h71)
    own = [*daer.random_game(seed=3).log[:4], zipai.Game(seed=1).log[0]]
    game = daer.Game(seed=3)
    with pytest.raises(IllegalActionError, match=r"^log\[4\] of the doc: "):
        replay(game, own, where="the doc", listed="log")
    assert game == daer.Game(seed=3)
    assert daer.Game.replay(iter([first]), seed=3).log[-1].action == first


def test_rules_presets_have_short_reprs() -> None:
    assert repr(TOY) == "toy.TOY"
    assert repr(TOY.evolve(target=9)) == "toy.TOY.evolve(target=9)"


def test_check_options_refuses_one_string() -> None:
    """``check_options("players")`` names the string, not its letters (review h60: "p, l, a, y,
    e, r, s are not an option")."""
    from changpai import zipai

    with pytest.raises(RulesError, match="keywords='players' is one string"):
        zipai.Game.check_options("players")
    with pytest.raises(RulesError, match="players is not an option"):
        zipai.Game.check_options(["players"])
