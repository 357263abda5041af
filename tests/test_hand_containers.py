"""A hand given as any ordered collection gets the same answer; an unordered one is refused
(review h60; common rules: "nothing is ever silently changed or dropped").

Every public function of every family that reads a hand of its own cards first (the targets of
``test_fuzz``) is called with the same cards as a tuple, a list, an iterator and a generator —
the answers must be equal — and as a set, a frozenset, a ``Counter`` and a dict, which keep each
card once (a set drops the repeated cards of a hand, a ``Counter`` iterates its keys): those
raise a :class:`~changpai.errors.NotationError` that says so.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fuzz_targets import TARGETS, fuzzed_parameters, hand_targets

from changpai.errors import ChangpaiError, NotationError, RulesError


def _answer(function: Callable[..., Any], cards: Any, others: list[Any]) -> Any:
    """The answer of ``function`` to ``cards`` (a lazy one drained), or the error's type."""
    try:
        value = function(cards, *others)
    except ChangpaiError as error:
        return type(error)
    if isinstance(value, Iterator):
        return list(itertools.islice(value, 50))
    return value


# a hand waiting for cards and a complete one of each family with hands to analyse (their
# answers are not empty: test_samples_have_answers)
SAMPLES = {
    "zipai": (
        "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾",
        "一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾",
    ),
    "nantong": (
        "123b 456b 789b 123t 456t 789t 123w 5w",
        "123b 456b 789b 123t 456t 789t 123w 5w 5w",
    ),
    "chuanpai": ("11 13 24", "15 13 16 34 25"),
    "daer": ("一二三 四五六 七八九 二三 伍伍", "一二三 四五六 七八九 一二三 伍伍"),
    "xiaogan": ("上大人 邱乙己 化三千 九九九九 爾爾", "上大人 邱乙己 化三千 七十士 爾小生"),
}


def _family(module: Any) -> str:
    return str(module.__name__).rsplit(".", 1)[-1]


def _hands(module: Any, count: int, seed: int) -> list[tuple[Any, ...]]:
    """The family's samples and ``count`` random hands of its deck, of the sizes its hands
    have (a deal's and a complete hand's), each holding a repeated card."""
    rng = random.Random(seed)
    deck = list(module.DECK)
    hands = [module.parse(text) for text in SAMPLES.get(_family(module), ())]
    count += len(hands)
    while len(hands) < count:
        size = rng.choice((7, 14, 17, 20, 21, 22, 23))
        hand = tuple(rng.sample(deck, min(size, len(deck))))
        if len(set(hand)) < len(hand):
            hands.append(hand)
    return hands


@pytest.mark.parametrize("target", hand_targets())
def test_one_shot_iterables_get_the_sequences_answer(target: str) -> None:
    function, module = TARGETS[target]
    others = [module.DECK[0]] * (len(fuzzed_parameters(function)) - 1)
    for hand in _hands(module, 12, seed=len(target)):
        expected = _answer(function, hand, others)
        for given in (list(hand), iter(hand), (card for card in hand), map(lambda c: c, hand)):
            assert _answer(function, given, others) == expected, (target, hand, type(given))


@pytest.mark.parametrize("family", sorted(SAMPLES))
def test_samples_have_answers(family: str) -> None:
    module = next(m for _, m in TARGETS.values() if m is not None and _family(m) == family)
    ready, complete = (module.parse(text) for text in SAMPLES[family])
    assert module.waits(ready)
    assert module.best_decomposition(complete) is not None


@pytest.mark.parametrize("target", hand_targets())
def test_unordered_collections_are_refused(target: str) -> None:
    function, module = TARGETS[target]
    others = [module.DECK[0]] * (len(fuzzed_parameters(function)) - 1)
    hand = _hands(module, 1, seed=len(target))[0]
    # (a target that reads no cards first, zipai.score's Decomposition, refuses both alike)
    reads_cards = not isinstance(_answer(function, hand, others), type)
    for given in (set(hand), frozenset(hand), Counter(hand), dict.fromkeys(hand, 1)):
        with pytest.raises(NotationError, match="keeps each item once" if reads_cards else None):
            function(given, *others)


def _broken(cards: tuple[Any, ...]) -> Iterator[Any]:
    """The cards, then the error of a program's bug while they are read."""
    yield from cards
    raise ZeroDivisionError("the caller's bug")


@pytest.mark.parametrize("target", hand_targets())
def test_an_iterable_that_breaks_while_read_is_a_notation_error(target: str) -> None:
    """Every family reads a hand that fails while it is iterated as a bad argument named by
    its parameter (川牌 and 孝感 let the generator's own ZeroDivisionError through, while the
    other families said "cannot be read"), and a string as text for ``parse``."""
    function, module = TARGETS[target]
    others = [module.DECK[0]] * (len(fuzzed_parameters(function)) - 1)
    hand = _hands(module, 1, seed=len(target))[0]
    if isinstance(_answer(function, hand, others), type):
        return  # (zipai.score reads a Decomposition first: no cards to read)
    with pytest.raises(NotationError, match="cannot be read: the caller's bug"):
        function(_broken(hand), *others)


def _readings() -> list[tuple[str, Any, Callable[[Any], Any], list[str]]]:
    """A reading of each family whose ``Decomposition`` is built from its parts: the family,
    the reading, how to build it again from lists, and the names of its tuple fields."""
    from changpai import chuanpai, daer, nantong, xiaogan

    n = nantong.best_decomposition("123b 456b 789b 123t 456t 789t 123w 5w 5w")
    c = chuanpai.best_decomposition("66 44 55 55 55 13 24 16 34 25")
    d = daer.best_decomposition("一二三 四五六 壹貳叄 伍伍", "碰 拾拾拾")
    x = xiaogan.best_decomposition("上大人 邱乙己 化三千 七十士 爾小生")
    return [
        ("nantong", n, lambda r, f=list: nantong.Decomposition(r.pair, f(r.groups)), ["groups"]),
        ("chuanpai", c, lambda r, f=list: chuanpai.Decomposition(f(r.concealed)), ["concealed"]),
        (
            "daer",
            d,
            lambda r, f=list: daer.Decomposition(f(r.exposed), f(r.concealed), r.hu, r.rules),
            ["exposed", "concealed"],
        ),
        ("xiaogan", x, lambda r, f=list: xiaogan.Decomposition(f(r.concealed)), ["concealed"]),
    ]


@pytest.mark.parametrize(("family", "reading", "build", "fields"), _readings())
def test_a_reading_built_by_hand_is_checked_and_copied(
    family: str, reading: Any, build: Callable[..., Any], fields: list[str]
) -> None:
    """A ``Decomposition`` built from lists or iterators equals the analysis's and keeps none of
    the caller's lists; melds that are not ``Meld`` objects raise a NotationError naming the
    field at once (review h60: ``.hu`` raised a plain TypeError later)."""
    for given in (list, iter, tuple):
        built = build(reading, given)
        assert built == reading and hash(built) == hash(reading)
        assert all(type(getattr(built, name)) is tuple for name in fields)
    for garbage in (lambda melds: [1, *melds], lambda melds: b"abc", lambda melds: 5):
        with pytest.raises(NotationError, match="|".join(fields)):
            build(reading, garbage)


def test_table_melds_decks_and_action_cards_are_read_as_hands_are() -> None:
    """The review of the mends (h61): 字牌's table melds given as an iterator got no answer and
    as a set lost a 吃; a set deck of 川牌 cards was a deck of one copy each; an action's cards
    given as a set were another legal 戳牌 play; a 大貳 ``kan`` (one card names each 坎) is a set."""
    from changpai import chuanpai, daer, zipai
    from changpai.chuanpai import chuopai

    hand = zipai.parse("七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    table = zipai.parse_melds("跑 一一一一; 吃 四五六")
    expected = zipai.best_decomposition(hand, table)
    assert expected is not None and expected.huxi == 12
    assert zipai.best_decomposition(hand, iter(table)) == expected
    assert zipai.waits(hand[:-1], iter(table)) == zipai.waits(hand[:-1], table)
    assert list(zipai.decompositions(hand, iter(table))) == list(zipai.decompositions(hand, table))
    twice = zipai.parse_melds("吃 四五六; 吃 四五六; 跑 一一一一")
    with pytest.raises(NotationError, match=r"exposed=.* keeps each item once"):
        zipai.best_decomposition(hand, set(twice))
    with pytest.raises(NotationError, match="keeps each item once"):
        chuanpai.parse("66", deck=set(chuanpai.DECK))
    with pytest.raises(NotationError, match="keeps each item once"):
        zipai.Meld(zipai.MeldKind.KAN, set(zipai.parse("一一一")))
    game = chuopai.Game(seed=1)
    pair = next(a for a in game.legal_actions(0) if len(set(a.cards)) < len(a.cards))
    with pytest.raises(ChangpaiError, match="keeps each item once"):
        chuopai.Action(0, pair.kind, cards=set(pair.cards))
    cards = daer.parse("一二三 壹貳叄 二七十 四五六 肆伍陸 柒捌玖 拾拾拾")
    locked = daer.LUZHOU.evolve(kan_locked=True)
    by_set = daer.best_decomposition(cards, kan={"拾"}, rules=locked)
    assert by_set is not None and by_set == daer.best_decomposition(cards, kan=["拾"], rules=locked)


def test_the_review_of_the_mends() -> None:
    """Review h62: a hand's net cannot be filled again through ``__init__`` (the summary's hash
    changed under a set); a summary without its net is refused; 字牌 checks the rules before
    the table melds, as before; a 吃 option keeps its 比 melds as a tuple of its own; a dict
    given where a set of seats is read is refused as a dict."""
    from changpai import zipai
    from changpai.core.guard import items_arg
    from changpai.core.match import HandSummary

    match = zipai.Match(seed=3, dealer=0).play(2)
    before, summary = match.to_dict(), match.hands[0]
    key = hash(summary)
    summary.net.__init__({0: 999})  # type: ignore[misc]
    assert match.to_dict() == before and hash(summary) == key
    with pytest.raises(NotationError, match="net=None is not a mapping"):
        HandSummary(1, 0, None, 0, None, 0)  # type: ignore[arg-type]
    hand = zipai.parse("七八九 壹貳叄 肆伍陸 柒捌玖 拾拾")
    for call in (
        zipai.best_decomposition,
        lambda *a, **k: list(zipai.decompositions(*a, **k)),
        zipai.waits,
    ):
        with pytest.raises(RulesError):
            call(hand, [5], rules=None)
    with pytest.raises(RulesError):
        zipai.best_decomposition(iter([5]), rules=None)  # type: ignore[arg-type]
    option = zipai.chi_options(zipai.parse("x1 x2 x3 d2 d2"), zipai.Card.parse("x2"))[0]
    bi = list(option.bi)
    rebuilt = zipai.ChiOption(option.chi, bi, card=option.card)  # type: ignore[arg-type]
    bi.pop()
    assert rebuilt == option and type(rebuilt.bi) is tuple
    with pytest.raises(NotationError, match="is a dict: give a list, a tuple or a set of seats"):
        items_arg({0: 1}, "seats", "seats", sets=True)
