"""Metamorphic and cross-check properties of the hand analysis of every family (docs/core-concepts.md,
"Hand analysis and scoring"), on every registered variant whose hands are read as melds.

Nothing here knows a family's rules. Hands come from two places:

- *built* hands: the sample hand's best reading (``Variant.sample``) is a template; each of its
  melds is replaced by a random group of cards of the same size that ``classify`` reads as the
  same kind (most of the time) or as any kind, within the copies of the variant's deck; the hand
  is then kept whole, loses one card (a waiting hand) or has one card swapped;
- *played* hands: the concealed cards and table melds of a seat in a random game of the engine
  (with the 南通 flipped 將 of the game where the analysis takes ``jiang=``).

Half of the time a hand is read under the variant's rules with one option changed
(``metamorphic_support.rules_variants``), so the options' paths are checked too.

The properties compare the analysis with itself under a change that must not matter (the order of
the cards and melds, list / tuple / text, warm or cold caches) and with a second path to the same
answer (the best reading among every reading, the waits as the cards that complete the hand, a
complete hand less a card, the quick yes/no checks, analyze, the score sheet's lines against its
total and payments).
"""

from __future__ import annotations

import functools
import inspect
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from metamorphic_support import fixed_settings, rules_variants, sheet_total

import changpai
from changpai.errors import NotationError

ANALYSED = [v for v in changpai.variants() if hasattr(v.module, "decompositions")]
IDS = [v.name for v in ANALYSED]

SETTINGS = fixed_settings(30)

REFUSED = "refused with a NotationError"

Hand = tuple[tuple[Any, ...], tuple[Any, ...], dict[str, Any]]


def by_variant(test: Any) -> Any:
    return pytest.mark.parametrize("entry", ANALYSED, ids=IDS)(test)


# ---------------------------------------------------------------------------------- the hands


@functools.cache
def _deck(name: str) -> Counter[Any]:
    """The copies of every card in the variant's deck (the engine deals the whole deck)."""
    return Counter(changpai.variant(name).game(seed=0).deck)


def _sample_options(entry: changpai.Variant) -> dict[str, Any]:
    return dict(entry.sample_options)


@functools.cache
def _template(name: str) -> tuple[tuple[Any, ...], ...]:
    """The cards of each meld of the sample hand's best reading."""
    entry = changpai.variant(name)
    best = entry.module.best_decomposition(
        entry.sample, rules=entry.rules, **_sample_options(entry)
    )
    assert best is not None, "a variant's sample hand is complete"
    return tuple(tuple(meld.cards) for meld in best.melds)


@functools.cache
def _groups(name: str) -> dict[tuple[int, Any], tuple[tuple[Any, ...], ...]]:
    """Every group of cards of a template meld's size that ``classify`` reads as a meld, by
    (size, kind)."""
    entry = changpai.variant(name)
    kinds = sorted(_deck(name), key=str)
    out: dict[tuple[int, Any], list[tuple[Any, ...]]] = {}
    for size in sorted({len(cards) for cards in _template(name)}):
        for group in itertools.combinations_with_replacement(kinds, size):
            kind = entry.module.classify(group, rules=entry.rules)
            if kind is not None:
                out.setdefault((size, kind), []).append(group)
    return {key: tuple(groups) for key, groups in out.items()}


def _limits(entry: changpai.Variant, options: dict[str, Any]) -> Counter[Any]:
    """The copies left for a hand: the deck's, less the flipped 將 of ``options``."""
    limits = _deck(entry.name).copy()
    jiang = options.get("jiang", ())
    for card in entry.module.parse(jiang) if isinstance(jiang, str) else jiang:
        limits[card] -= 1
    return limits


def _drawn(entry: changpai.Variant, rng: random.Random, limits: Counter[Any]) -> list[Any] | None:
    """One hand on the sample's template, or ``None`` when it holds more copies than are left."""
    module, groups = entry.module, _groups(entry.name)
    cards: list[Any] = []
    for meld in _template(entry.name):
        size, kind = len(meld), module.classify(meld, rules=entry.rules)
        same = (size, kind) in groups and rng.random() < 0.7
        key = (size, kind) if same else rng.choice([k for k in groups if k[0] == size])
        cards += rng.choice(groups[key])
    return cards if _fits(cards, limits) else None


def _fits(cards: list[Any], limits: Counter[Any]) -> bool:
    return all(n <= limits[card] for card, n in Counter(cards).items())


def built_hand(entry: changpai.Variant, rng: random.Random, mode: str) -> Hand | None:
    """A hand built on the sample's template (module docstring): ``"raw"`` as drawn, else the
    first of a few draws that the analysis reads as complete, kept whole (``"complete"``), less
    one card (``"minus"``) or with one card swapped (``"swap"``); ``None`` when no draw fits the
    deck's copies."""
    options = _sample_options(entry)
    limits = _limits(entry, options)
    draws = [found for _ in range(30) if (found := _drawn(entry, rng, limits)) is not None]
    if not draws:
        return None
    cards = draws[0]
    if mode != "raw":
        rules = {"rules": entry.rules, **options}
        cards = next(
            (h for h in draws if entry.module.best_decomposition(h, **rules) is not None), cards
        )
    if mode == "minus":
        cards.pop(rng.randrange(len(cards)))
    elif mode == "swap":
        for _ in range(20):
            swapped = list(cards)
            swapped[rng.randrange(len(cards))] = rng.choice(sorted(limits, key=str))
            if _fits(swapped, limits):
                cards = swapped
                break
    rng.shuffle(cards)
    return tuple(cards), (), options


def played_hand(entry: changpai.Variant, seed: int, steps: int) -> Hand:
    """The concealed cards and table melds of a seat after ``steps`` random decisions."""
    game = entry.game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    seat = rng.choice(game.seats)
    options: dict[str, Any] = {}
    if "jiang" in inspect.signature(entry.module.best_decomposition).parameters:
        options["jiang"] = tuple(getattr(game, "jiang", ()))
    return tuple(game.hand(seat)), tuple(game.melds(seat)), options


@st.composite
def hands(draw: st.DrawFn, entry: changpai.Variant) -> Hand:
    if draw(st.integers(0, 3), label="played?") == 0:
        return played_hand(entry, draw(st.integers(0, 10**6)), draw(st.integers(0, 60)))
    mode = draw(st.sampled_from(["raw", "complete", "minus", "swap"]), label="mode")
    found = built_hand(entry, random.Random(draw(st.integers(0, 10**9))), mode)
    if found is None:  # (rare: the copies of the deck allowed no draw)
        return played_hand(entry, 0, 10)
    return found


@st.composite
def ruled_hands(draw: st.DrawFn, entry: changpai.Variant) -> tuple[changpai.Variant, Hand]:
    """A hand of the variant (:func:`hands`), read half of the time under the variant's rules with
    one option changed (:func:`rules_variants`)."""
    hand = draw(hands(entry))
    if draw(st.booleans(), label="other rules?"):
        rules = draw(st.sampled_from(rules_variants(entry.name)), label="rules")
        entry = attrs.evolve(entry, rules=rules)
    return entry, hand


# ---------------------------------------------------------------------------------- calling


def _keywords(
    entry: changpai.Variant, function: Callable[..., Any], options: dict[str, Any]
) -> dict[str, Any]:
    """``rules=`` and those of the hand's options that ``function`` takes (字牌's waits takes no
    flipped 將, nor does any family but 南通)."""
    names = inspect.signature(function).parameters
    return {"rules": entry.rules, **{k: v for k, v in options.items() if k in names}}


def answer(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """The result of a call, or ``REFUSED``: a hand the analysis refuses is an answer too, and must
    be refused under every change that does not matter (the message names the cards in the order
    given)."""
    try:
        result = function(*args, **kwargs)
        return list(result) if isinstance(result, Iterator) else result
    except NotationError:
        return REFUSED


def analysis(
    entry: changpai.Variant, name: str, cards: Any, exposed: Any, options: dict[str, Any]
) -> Any:
    function = getattr(entry.module, name)
    return answer(function, cards, exposed, **_keywords(entry, function, options))


def refused(result: Any) -> bool:
    return result is REFUSED


def _melds_text(module: ModuleType, melds: tuple[Any, ...]) -> str | None:
    """The melds as text (``;``-separated), when the family's parse_melds reads them back."""
    text = "; ".join(str(meld) for meld in melds)
    try:
        return text if module.parse_melds(text) == melds else None
    except NotationError:
        return None


# ---------------------------------------------------------------------------------- properties


@by_variant
@SETTINGS
@given(data=st.data())
def test_the_order_and_form_of_the_cards_do_not_matter(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """best_decomposition, decompositions (as a multiset), waits and analyze give the same answer
    (or the same refusal) for the hand's cards in any order, as a list, a tuple or text, and the
    table melds in any order, as Meld objects or text (docs/core-concepts.md: "cards and hand may
    be Cards or text ..., exposed Melds or text (melds separated by ; or |)"), the text in hanzi
    or in ASCII codes."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    module = entry.module
    order = list(cards)
    data.draw(st.randoms(use_true_random=False), label="shuffle").shuffle(order)
    codes = " ".join(card.code for card in order)  # the ASCII codes, beside format's text
    forms = [
        (order, exposed),
        (tuple(order), list(exposed)),
        (module.format(order), exposed),
        (codes, exposed),
    ]
    text = _melds_text(module, exposed)
    if text is not None:  # melds separated by ";" or "|" (docs/core-concepts.md)
        forms += [(tuple(cards), text), (tuple(cards), text.replace("; ", " | "))]
    for name in ("best_decomposition", "waits", "analyze", "decompositions"):
        expected = canonical(analysis(entry, name, cards, exposed, options), exact=True)
        for form_cards, form_exposed in forms:
            got = analysis(entry, name, form_cards, form_exposed, options)
            assert canonical(got, exact=True) == expected, (name, form_cards, form_exposed)
        if name == "analyze":
            continue
        # the table melds in another order: the same readings, their melds in another order
        expected = canonical(analysis(entry, name, cards, exposed, options), exact=False)
        got = analysis(entry, name, cards, tuple(reversed(exposed)), options)
        assert canonical(got, exact=False) == expected, (name, "exposed reversed")


def canonical(result: Any, *, exact: bool) -> Any:
    """What must not change: a reading (its melds in order when ``exact``, else as a multiset),
    the readings as a multiset, the waits with their readings, an analysis document (its cards
    as a multiset), or the refusal."""
    if refused(result) or result is None:
        return result
    if isinstance(result, list):
        return Counter(canonical(d, exact=exact) for d in result)
    if isinstance(result, dict):
        return [(card, canonical(d, exact=exact)) for card, d in result.items()]
    if hasattr(result, "to_dict") and not hasattr(result, "melds"):  # an Analysis
        doc = result.to_dict()
        doc["cards"] = sorted(doc["cards"])
        return doc
    if exact:
        return result
    return (result.value, tuple(sorted(map(str, result.melds))), str(type(result)))


@by_variant
@SETTINGS
@given(data=st.data())
def test_the_best_reading_is_the_most_valuable_of_every_reading(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """best_decomposition is one of decompositions(...) and none of them is worth more; a hand
    the one refuses the other refuses too."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    best = analysis(entry, "best_decomposition", cards, exposed, options)
    every = analysis(entry, "decompositions", cards, exposed, options)
    assert refused(best) == refused(every)
    if best is None or refused(best):
        return
    assert best in every
    assert best.value == max(d.value for d in every)


def completes(
    entry: changpai.Variant,
    cards: tuple[Any, ...],
    exposed: tuple[Any, ...],
    options: dict[str, Any],
    card: Any,
) -> Any:
    """The best reading of the hand with ``card`` added, ``None``, or REFUSED (no copy left)."""
    if entry.family == "zipai":  # the self-drawn winning card (docs/zipai.md: waits)
        best = entry.module.best_decomposition
        return answer(best, cards, exposed, rules=entry.rules, card=card, self_drawn=True)
    return analysis(entry, "best_decomposition", (*cards, card), exposed, options)


@pytest.mark.parametrize(
    "entry",
    [v for v in ANALYSED if v.family != "daer"],
    ids=[v.name for v in ANALYSED if v.family != "daer"],
)
@SETTINGS
@given(data=st.data())
def test_the_waits_are_the_cards_that_complete_the_hand(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """waits(hand) is exactly the cards c, with a copy left, for which best_decomposition(hand +
    c) is a reading, each with that reading (字牌: c as the self-drawn winning card). 大貳's
    waits read each card as its engine plays it — a drawn fourth laid as a 垅 or 杠, a four held
    laid on another draw, the threes held before the card as the 坎 (daer.md §7) — which a
    reading of the hand with the card does not see: tests/daer/test_waits_source.py checks
    them against the engine itself."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    waits = analysis(entry, "waits", cards, exposed, options)
    if refused(waits):
        return
    brute = {}
    for card in entry.module.CARDS:
        found = completes(entry, cards, exposed, options, card)
        if found is not None and not refused(found):
            brute[card] = found
    assert {c: d.value for c, d in waits.items()} == {c: d.value for c, d in brute.items()}
    assert waits == brute


@by_variant
@SETTINGS
@given(data=st.data())
def test_a_complete_hand_less_a_card_waits_for_it(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """Take any card out of a complete hand: what is left waits for that card (a copy of it is
    left: the one taken out)."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    best = analysis(entry, "best_decomposition", cards, exposed, options)
    if best is None or refused(best) or not cards:
        return
    i = data.draw(st.integers(0, len(cards) - 1), label="taken out")
    rest = cards[:i] + cards[i + 1 :]
    if entry.family == "daer" and rest.count(cards[i]) == 3 and not entry.rules.win_on_discard:
        # daer.md §7: the three held are a 坎, and the fourth drawn is laid at once (垅 / 杠),
        # so only a discard could complete the hand — and these rules win on none (review
        # h131; tests/daer/test_waits_source.py checks it against the engine)
        return
    waits = analysis(entry, "waits", rest, exposed, options)
    if refused(waits):  # a hand too small to be one (孝感: 15 cards at least)
        assert refused(analysis(entry, "analyze", rest, exposed, options))
        return
    assert cards[i] in waits, (entry.module.format(rest), cards[i])


@by_variant
@SETTINGS
@given(data=st.data())
def test_analyze_agrees_with_best_decomposition_and_waits(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """analyze(hand) holds best_decomposition(hand) and its value when complete, else the waits
    (docs/core-concepts.md: Analysis complete, best, sheet, waits)."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    result = analysis(entry, "analyze", cards, exposed, options)
    best = analysis(entry, "best_decomposition", cards, exposed, options)
    if refused(result):
        return
    doc = result.to_dict()
    if result.complete:
        assert result.best == best and best is not None
        assert doc["value"] == best.value == doc["best"]["value"]
        # (a 孝感 hand may be complete with too few cards laid out to win: no sheet)
        if result.sheet is not None:  # the sheet of a self-drawn win of seat 0, as score gives it
            assert doc["score"]["total"] == result.sheet.total
            assert result.sheet == entry.module.score(best, winner=0)
    else:
        waits = analysis(entry, "waits", cards, exposed, options)
        assert refused(waits) or dict(result.waits) == waits


def _players(entry: changpai.Variant) -> int:
    return len(entry.game(seed=0).seats)


@by_variant
@SETTINGS
@given(data=st.data())
def test_the_score_sheet_adds_up_and_the_winner_is_paid(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """score(reading) of a hand that analyze scores: the total is what the lines make it; every
    payment goes to the winner from another seat, an amount not below 0, and a total that is not
    0 is paid; the net gains sum to zero; and moving the winner to another seat moves the
    payments with it (the same total and amounts: a reading carries no seat)."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    result = analysis(entry, "analyze", cards, exposed, options)
    if refused(result) or result.sheet is None:  # (孝感: complete with 15 laid out is no win)
        return
    # (the reading scored: 孝感 scores its best layout, loose cards and all, xiaogan.md §5)
    best = result.best if result.best is not None else result.layout
    players = _players(entry)
    sheets = {w: entry.module.score(best, winner=w, players=players) for w in range(players)}
    for winner, sheet in sheets.items():
        assert sheet.total == sheet_total(entry.rules, sheet), str(sheet)
        assert all(p.payee == winner and p.payer in range(players) for p in sheet.payments)
        # (an amount may be 0 where the rules allow it: 孝感 unit=0, 大貳 huxi scoring of 0 胡)
        assert all(p.payer != winner and p.amount >= 0 for p in sheet.payments)
        assert sheet.payments or sheet.total == 0  # (川牌 pays 胡 + 1: a 0 胡 win is paid too)
        net = sheet.net()
        assert sum(net.values()) == 0
        assert net.get(winner, 0) == sum(p.amount for p in sheet.payments)
        first = sheets[0]
        assert sheet.total == first.total
        assert sorted(p.amount for p in sheet.payments) == sorted(p.amount for p in first.payments)


# The quick yes/no of a family, beside its best reading (南通 is_winning, 川牌 and 孝感 is_complete).
PREDICATES = ("is_winning", "is_complete")
WITH_PREDICATE = [
    pytest.param(v, name, id=f"{v.name}-{name}")
    for v in ANALYSED
    for name in PREDICATES
    if hasattr(v.module, name)
]


@pytest.mark.parametrize(("entry", "predicate"), WITH_PREDICATE)
@SETTINGS
@given(data=st.data())
def test_the_quick_check_agrees_with_the_best_reading(
    entry: changpai.Variant, predicate: str, data: st.DataObject
) -> None:
    """is_winning / is_complete(hand) is whether best_decomposition(hand) finds a reading, and
    refuses the hands it refuses."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    quick = analysis(entry, predicate, cards, exposed, options)
    best = analysis(entry, "best_decomposition", cards, exposed, options)
    if refused(best) or refused(quick):
        assert refused(best) == refused(quick)
        return
    assert quick == (best is not None), entry.module.format(cards)


def _cards_of(melds: Any) -> Counter[Any]:
    return Counter(card for meld in melds for card in meld.cards)


@by_variant
@SETTINGS
@given(data=st.data())
def test_every_reading_holds_the_hand_and_the_table(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """Every reading of decompositions(...) is a different one, and its melds hold exactly the
    hand's cards and the table's; a wait's reading holds them and the card waited for."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    held = Counter(cards) + _cards_of(exposed)
    every = analysis(entry, "decompositions", cards, exposed, options)
    if not refused(every):
        assert len(set(every)) == len(every)
        for reading in every:
            assert _cards_of(reading.melds) == held, str(reading)
    waits = analysis(entry, "waits", cards, exposed, options)
    if not refused(waits):
        for card, reading in waits.items():
            assert _cards_of(reading.melds) == held + Counter([card]), str(reading)


def _answers(entry: changpai.Variant, hand: Hand) -> list[Any]:
    cards, exposed, options = hand
    names = ("best_decomposition", "waits", "decompositions", "analyze")
    return [canonical(analysis(entry, name, cards, exposed, options), exact=True) for name in names]


@pytest.mark.parametrize("family", sorted({v.family for v in ANALYSED}))
@SETTINGS
@given(data=st.data())
def test_warm_caches_answer_as_cold_ones_under_every_rules(
    family: str, data: st.DataObject
) -> None:
    """Hand analysis caches its results on count tuples (docs/core-concepts.md, "Caches"): a hand
    read under several rules of its family (presets and one-option changes) in any order, the
    caches warm, gets the answers it gets with the caches emptied before each reading."""
    entries = [v for v in ANALYSED if v.family == family]
    entry = data.draw(st.sampled_from(entries), label="variant")
    hand = data.draw(hands(entry), label="hand")
    every = [v.rules for v in entries] + [r for v in entries for r in rules_variants(v.name)]
    chosen = data.draw(st.lists(st.sampled_from(every), min_size=2, max_size=5, unique=True))
    readers = [attrs.evolve(entry, rules=rules) for rules in chosen]
    cold = []
    for reader in readers:
        changpai.clear_caches()
        cold.append(_answers(reader, hand))
    order = data.draw(st.permutations(range(len(readers))), label="order")
    for i in [*order, *order]:
        assert _answers(readers[i], hand) == cold[i], readers[i].rules


# The families whose analyze reads the table melds after a "/" in the hand's text (its docstring
# says so: 川牌, 孝感).
SLASHED = [v for v in ANALYSED if "after a ``/``" in (v.module.analyze.__doc__ or "")]
assert SLASHED, "no analyze documents a table after a slash: the test below would check none"


@pytest.mark.parametrize("entry", SLASHED, ids=[v.name for v in SLASHED])
@SETTINGS
@given(data=st.data())
def test_the_table_after_a_slash_is_the_table_given_apart(
    entry: changpai.Variant, data: st.DataObject
) -> None:
    """analyze("<hand> / <table>") is analyze("<hand>", "<table>") and analyze(cards, melds)."""
    entry, (cards, exposed, options) = data.draw(ruled_hands(entry), label="hand")
    text = _melds_text(entry.module, exposed)
    if text is None:
        return
    hand = entry.module.format(cards)
    expected = canonical(analysis(entry, "analyze", cards, exposed, options), exact=True)
    for form in (f"{hand} / {text}", f"{hand}/{text}"):
        assert canonical(analysis(entry, "analyze", form, (), options), exact=True) == expected
    assert canonical(analysis(entry, "analyze", hand, text, options), exact=True) == expected
