"""Tests for changpai.core.engine: can / equality from verify / _key, and replay of logs,
on the real engines of two families (zipai, nantong)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from changpai.core.engine import GameBase, replay
from changpai.errors import IllegalActionError
from changpai.nantong.game import Game as NantongGame
from changpai.zipai.game import Game as ZipaiGame


class Stepper(GameBase):
    """A tiny engine: the only legal action is the next number; apply logs an auto record too."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int]] = []
        self.count = 0

    def verify(self, action: Any) -> None:
        if action != self.count:
            raise IllegalActionError(f"{action!r} is not legal now: expected {self.count}")

    def apply(self, action: Any) -> int:
        self.verify(action)
        self.count += 1
        return action  # type: ignore[no-any-return]

    def _key(self) -> tuple[Any, ...]:
        return (self.count,)


class Record:
    def __init__(self, action: int, auto: bool = False, forced: bool = False) -> None:
        self.action, self.auto, self.forced = action, auto, forced


def test_can_and_equality() -> None:
    game = replay(Stepper(), [0, 1])
    assert game.can(2) and not game.can(0)
    assert game == replay(Stepper(), range(2)) and game != Stepper()
    assert game.__eq__(object()) is NotImplemented
    with pytest.raises(TypeError):
        hash(game)


def test_replay_skips_engine_records() -> None:
    items = [Record(0), Record(99, auto=True), 1, Record(98, forced=True), Record(2)]
    assert replay(Stepper(), items).count == 3
    with pytest.raises(IllegalActionError):
        replay(Stepper(), [0, 2])


def test_games_are_abstract_without_verify() -> None:
    class Half(GameBase):
        def _key(self) -> tuple[Any, ...]:
            return ()

    with pytest.raises(TypeError):
        Half()  # type: ignore[abstract]


@pytest.mark.parametrize("make", [lambda s: ZipaiGame(seed=s), lambda s: NantongGame(seed=s)])
@pytest.mark.parametrize("seed", [1, 2])
def test_both_families_replay_their_logs(make: Any, seed: int) -> None:
    """DESIGN: replaying game.log gives an equal state; can() agrees with legal_actions."""
    game = make(seed)
    chooser = random.Random(seed)
    for _ in range(25):
        if game.is_over:
            break
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        assert all(game.can(a) for a in actions)
        game.apply(chooser.choice(actions))
    assert isinstance(game, GameBase)
    assert replay(make(seed), game.log) == game
    assert type(game).from_json(game.to_json()) == game
    assert game != make(seed + 100)
