"""The 大貳 engine's per-rules tables under threads (review h58; docs/performance.md "Memory":
threads may share the caches, and their answers are one thread's): the id of a way a case is
read is made of the rules' options, so two rules objects used first at once can never share
one, and one rules' 將 never answers for another's (daer.md §4, §8 E2)."""

from __future__ import annotations

import itertools
import threading

from racing import run_racing

from changpai import daer
from changpai.daer import game as game_module

_NUMBERS = "一二三四五六七八九十"


def test_case_ids_are_made_of_the_options() -> None:
    ids = {
        game_module._case_id(erqishi, tuple(bool(bits >> i & 1) for i in range(10)))
        for erqishi in (False, True)
        for bits in range(1 << 10)
    }
    assert ids == set(range(2 << 10))


def _wins_on_pair(rules: daer.Rules, value: int) -> bool:
    """Whether the dealer of ``rules`` may 胡 at once on ``value``'s pair beside 壹貳叄 肆伍陸
    柒捌玖 拾拾拾 — a win only if ``value`` is one of the rules' 將."""
    pair = _NUMBERS[value - 1] * 2
    deck = daer.stack_deck(rules, hands={0: pair + "壹貳叄肆伍陸柒捌玖拾拾拾"})
    legal = daer.Game(rules, deck=deck).legal_actions(0)
    return any(a.kind.name == "WIN" for a in legal)


def test_rules_used_first_in_threads_keep_their_own_jiang() -> None:
    """The review's reproducer: 32 house rules of two 將 values each, used for the first time
    by 8 threads at once, then asked whether a pair of each value wins."""
    sets = list(itertools.combinations(range(1, 11), 2))[:32]
    rules = [daer.Rules(jiang_values=s) for s in sets]
    game_module._tables.cache_clear()
    gate = threading.Barrier(8)

    def deal(some: list[daer.Rules]) -> None:
        gate.wait()
        for r in some:
            daer.Game(r, seed=1)

    run_racing([threading.Thread(target=deal, args=(rules[i::8],)) for i in range(8)])
    wrong = [
        (s, v)
        for r, s in zip(rules, sets, strict=True)
        for v in range(1, 11)
        if (v in s) != _wins_on_pair(r, v)
    ]
    assert wrong == []
