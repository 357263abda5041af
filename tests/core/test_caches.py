"""changpai.core.caches: every module-level cache is bounded, registered and clearable (issue 12)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import changpai
from changpai.core import caches


def _play(entry: changpai.core.Variant, hands: int, seed: int) -> None:
    for n in range(hands):
        game = entry.game(seed=seed + n)
        chooser = random.Random(seed + n)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))


def test_every_family_registers_its_caches() -> None:
    """Each registered family has a clear_caches() and at least one registered cache."""
    changpai.clear_caches()
    for entry in changpai.variants():
        family = entry.family
        assert callable(entry.module.clear_caches)
        assert caches.stats(family), family


def test_caches_fill_within_their_bounds_and_clear() -> None:
    """Random hands of every variant fill the caches, never beyond their maximum; clear_caches()
    empties every one."""
    for entry in changpai.variants():
        _play(entry, 3, seed=11)
    stats = caches.stats()
    assert any(size for size, _limit in stats.values())
    assert all(0 <= size <= limit for size, limit in stats.values()), stats
    changpai.clear_caches()
    assert all(size == 0 for size, _limit in caches.stats().values())


@pytest.mark.parametrize("name", ["chuanpai", "xiaogan"])
def test_a_familys_clear_caches_empties_the_shared_caches_it_filled(name: str) -> None:
    """core-concepts "Caches": a family's clear_caches() leaves its games as cold as a new
    process — the shared caches of changpai.core its games fill (the turn-claim flow's
    tables, the simulation's names) too (review h70: they stayed filled)."""
    changpai.clear_caches()
    entry = changpai.variant(name)
    changpai.core.simulate(entry.module.Game, 2, rules=entry.rules, seed=3)
    assert any(size for size, _limit in caches.stats("core").values())
    entry.module.clear_caches()
    assert all(size == 0 for size, _limit in caches.stats().values())


@settings(max_examples=20, deadline=None)
@given(limit=st.integers(1, 8), keys=st.lists(st.integers(0, 30), max_size=60))
def test_bounded_dict_never_exceeds_its_size(limit: int, keys: list[int]) -> None:
    """Property: a BoundedDict holds at most maxsize entries, the newest kept."""
    cache: caches.BoundedDict[int, int] = caches.BoundedDict("test", f"test.bounded{limit}", limit)
    for key in keys:
        cache[key] = key * 2
        assert len(cache) <= limit
        assert cache[key] == key * 2
    caches.clear("test")
    assert not cache


def test_lru_is_bounded() -> None:
    """An lru cache registered with maxsize keeps at most maxsize results."""

    @caches.lru("test", maxsize=3)
    def square(n: int) -> int:
        return n * n

    assert [square(n) for n in range(10)] == [n * n for n in range(10)]
    name = f"{__name__}.test_lru_is_bounded.<locals>.square"
    assert caches.stats("test")[name] == (3, 3)
    caches.clear("test")
    assert caches.stats("test")[name] == (0, 3)


def test_bounded_dict_stores_from_many_threads_never_fail() -> None:
    """Threads storing into one full BoundedDict (and one emptying it) never raise: two stores
    may drop the same oldest entry (a review: ``del`` raised KeyError there, killing 川牌
    analyses of many house rules in a threaded server), and the size stays near the bound."""
    import threading

    from racing import run_racing

    cache: caches.BoundedDict[int, int] = caches.BoundedDict(
        "test-threads", "tests.test_caches.threads", 8
    )
    failures: list[BaseException] = []

    def store(first: int) -> None:
        try:
            for key in range(first, first + 20_000):
                cache[key] = key
        except BaseException as error:  # (any failure is the test's finding)
            failures.append(error)

    def empty() -> None:
        for _ in range(2_000):
            cache.clear()

    threads = [threading.Thread(target=store, args=(i * 100_000,)) for i in range(4)]
    threads.append(threading.Thread(target=empty))
    run_racing(threads)  # (switch threads often: the race is in a few bytecodes)
    assert failures == []
    assert len(cache) <= cache.maxsize + len(threads)


def test_a_full_bounded_dict_drops_its_oldest_eighth_at_once() -> None:
    """Issue 12 (caches bounded to a documented size): a store into a full BoundedDict drops the
    oldest eighth of its entries (dropping one at a
    time made each store walk the slots of every entry dropped before: a full 65,536-entry
    cache stored 20-80x slower, the 川牌 engine ran at 40% of its speed — a review)."""
    cache: caches.BoundedDict[int, int] = caches.BoundedDict("test", "test.eighth", 64)
    for key in range(64):
        cache[key] = key
    cache[64] = 64
    assert sorted(cache) == list(range(8, 65))  # (0..7 dropped, the newest kept)
    for key in range(65, 72):
        cache[key] = key
    assert len(cache) == 64 and min(cache) == 8
    cache[72] = 72
    assert min(cache) == 16 and len(cache) == 57
    caches.clear("test")


def test_clear_and_stats_while_another_thread_adds_a_cache() -> None:
    """Issue 12 (caches clearable): ``clear_caches()`` and ``caches.stats()`` read a copy of what
    they walk: another thread
    may add to it meanwhile (a review: RuntimeError "dictionary changed size during iteration"
    from ``clear_caches()`` while threads analysed 字牌 hands, and from ``stats()`` while another
    thread's first use loaded a family). Here the other thread's step runs inside the walk."""
    from changpai.zipai import hand

    added: list[str] = []

    def size_that_registers() -> int:
        if not added:  # (once: the entry stays registered for the session)
            added.append("test.late")
            caches.register("test-late", "test.late", lambda: None, lambda: 0, 1)
        return 0

    caches.register("test-late", "test.first", lambda: None, size_that_registers, 1)
    caches.stats()  # (the walk met a cache registered during it)
    assert added

    class Growing(dict[object, object]):
        def clear(self) -> None:  # another rules object's cache added while one is emptied
            hand._PLAIN[object()] = (None, {})
            super().clear()

    hand._PLAIN[object()] = (None, Growing())
    changpai.clear_caches()
    assert not hand._PLAIN


def test_the_cards_of_a_zipai_hand_are_kept_for_few_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: the 字牌 engine keeps the cards of a hand as held for the hands shown again
    (hand() / view() of a hand unchanged); a played hand seldom comes back (a review saw no hit
    in 3,000 hands, and the 200,000 entries of the other engine caches held ≈ 88 MB), so its
    bound is a few thousand and a full cache empties."""
    from changpai.zipai import state

    name = "changpai.zipai.state._CARDS_OF"
    assert caches.stats("zipai")[name][1] == state._CARDS_LIMIT <= 4_096
    monkeypatch.setattr(state, "_CARDS_LIMIT", 5)
    changpai.clear_caches()
    for seed in range(12):
        changpai.zipai.Game(seed=seed).hand(0)
        assert 1 <= len(state._CARDS_OF) <= 5


def test_the_caches_a_served_game_fills_are_registered() -> None:
    """A game served from documents (each request: loaded, an action applied, saved, a view
    asked) fills only registered caches: 孝感's shared actions (review h77: a plain dict,
    not emptied by clear_caches()), 字牌's meld read-backs of to_json and seen melds of views."""
    from changpai.xiaogan import game as xiaogan_game
    from changpai.zipai import actions as zipai_actions
    from changpai.zipai import views as zipai_views

    kept = (xiaogan_game._ACTIONS, zipai_actions._READS_BACK, zipai_views._SEEN)
    changpai.clear_caches()
    for name in ("xiaogan", "hunan"):
        entry = changpai.variant(name)
        game, chooser = entry.game(seed=5), random.Random(5)
        while not game.is_over:
            text = game.to_json()
            game = type(game).from_json(text)
            game.view(game.to_act[0])
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    assert all(len(cache) for cache in kept)
    assert {cache.maxsize for cache in kept} <= {limit for _size, limit in caches.stats().values()}
    changpai.clear_caches()
    assert not any(len(cache) for cache in kept)


def test_the_seat_rings_and_seatings_are_registered_bounded_caches() -> None:
    """Issue 12 (bounded, clearable caches): the shared seat rings and the turn-claim flow's
    seatings are registered core caches that clear_caches() empties (they were plain
    lru_caches no family's clear_caches() reached)."""
    changpai.clear_caches()
    changpai.core.simulate(changpai.chuanpai.Game, 1, rules=changpai.chuanpai.YAODIREN, seed=3)
    stats = caches.stats("core")
    for name in ("changpai.core.seats.SeatRing.of", "changpai.core.turnclaim.state._seating"):
        size, limit = stats[name]
        assert 0 < size <= limit
    changpai.chuanpai.clear_caches()
    assert stats.keys() <= caches.stats("core").keys()
    assert all(size == 0 for size, _limit in caches.stats("core").values())
