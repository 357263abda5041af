"""changpai.core.copying: the copy of a user's subclass of a family's Game keeps the slots the
subclass declares — and only those (docs/core-concepts.md, the engine table: ``copy()`` is "an
independent equal copy, of a subclass too")."""

from __future__ import annotations

from typing import Any

import pytest

import changpai

VARIANTS = changpai.variants()


def _played(subclass: type[Any], entry: changpai.Variant) -> Any:
    game = subclass(entry.rules, 5)
    for _ in range(6):
        if game.is_over:
            break
        game.apply(game.legal_actions(game.to_act[0])[0])
    return game


def _state_name(module: Any) -> str:
    """A state attribute every family's Game keeps as a list: its log."""
    assert isinstance(module.Game(seed=1)._log, list)
    return "_log"


@pytest.mark.parametrize("entry", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_slot_the_library_declares_too_is_left_to_the_library(entry: changpai.Variant) -> None:
    """A subclass that declares a slot of the library's own state again (``_log``) gets the
    library's copy of it, not the original's list (playing the copy changed the original: a
    review of the first version of copy_user_slots, h66)."""
    name = _state_name(entry.module)
    subclass = type("Again", (entry.module.Game,), {"__slots__": (name,)})
    game = _played(subclass, entry)
    copied = game.copy()
    assert copied == game and getattr(copied, name) is not getattr(game, name)
    before = len(game.log)
    copied.apply(copied.legal_actions(copied.to_act[0])[0])
    assert len(game.log) == before < len(copied.log)


def _default_unset(self: object, name: str) -> object:
    if name == "unset":
        return "default"
    raise AttributeError(name)


@pytest.mark.parametrize("entry", VARIANTS, ids=[v.name for v in VARIANTS])
def test_slots_are_copied_through_themselves(entry: changpai.Variant) -> None:
    """A slot hidden by a property of a deeper subclass, a slot answered by ``__getattr__``
    while unset, a private (mangled) slot and the slots of a subclass of a subclass: each is
    copied as it is set, and an unset one stays unset."""
    base = type("Noted", (entry.module.Game,), {"__slots__": ("note", "unset", "__own")})
    deeper = type(
        "Shown",
        (base,),
        {
            "__slots__": ("more",),
            "note": property(lambda self: "shown"),
            "__getattr__": _default_unset,
        },
    )
    game = _played(deeper, entry)
    base.__dict__["note"].__set__(game, ["kept"])
    game._Noted__own = 7
    game.more = 3
    copied = game.copy()
    assert type(copied) is deeper and copied == game
    # (the list itself in most families; 川牌 and 孝感 copy a list of their state, slots too)
    assert base.__dict__["note"].__get__(copied, deeper) == ["kept"]
    assert copied._Noted__own == 7 and copied.more == 3
    with pytest.raises(AttributeError):
        base.__dict__["unset"].__get__(copied, deeper)


def test_a_class_made_at_run_time_is_not_kept_alive_by_its_copies() -> None:
    """The slots to copy are kept per class without a reference to it (the first cache held
    their descriptors, which hold their class: a class made in a loop was never freed; review
    h67)."""
    import gc
    import weakref

    from changpai import zipai

    made = type("Made", (zipai.Game,), {"__slots__": ("note",)})
    game = made(seed=1)
    game.note = 1
    assert game.copy().note == 1
    gone = weakref.ref(made)
    del made, game
    gc.collect()
    assert gone() is None


@pytest.mark.parametrize("name", ["yaodiren", "xiaogan"])
def test_a_container_of_a_subclass_held_in_a_list_is_not_shared(name: str) -> None:
    """川牌 and 孝感 copy a list of the state one level deep, by ``isinstance``: a dict subclass
    (a Counter) in a list of a subclass's own state is copied by its own ``copy()``, not
    shared with the copy (a first faster copy tested exact types and shared it; review h67;
    and it became a plain dict: review h68)."""
    from collections import Counter

    entry = changpai.variant(name)
    game = type("Counting", (entry.module.Game,), {})(entry.rules, 1)
    game.seen = [Counter()]
    copied = game.copy()
    copied.seen[0]["x"] += 1
    assert game.seen == [Counter()] and copied.seen[0] is not game.seen[0]
    assert type(copied.seen[0]) is Counter  # (a dict subclass copied by its own copy())


def test_a_copy_after_the_bases_of_a_subclass_changed() -> None:
    """The slots cached per class are read again when the class's ``__mro__`` changed since
    (``__bases__`` reassigned: a stale place raised KeyError; review h68)."""
    from changpai import zipai

    first = type("First", (zipai.Game,), {"__slots__": ("x",)})
    second = type("Second", (first,), {"__slots__": ("y",)})
    middle = type("Middle", (first,), {"__slots__": ()})
    game = second(seed=1)
    game.x, game.y = 1, 2
    assert (game.copy().x, game.copy().y) == (1, 2)
    second.__bases__ = (middle,)
    copied = game.copy()
    assert (copied.x, copied.y) == (1, 2) and copied == game
