"""The 川牌 擠兒 game engine (chuanpai.md §2.1, §2.2, §2.4, §2.5): which sets are laid at the
deal, the replacement draws (偷), which cards may be discarded, the claims of the offered card
with 碰 / 起 / 扛 / 燕 before 擺, the forced rules, the 過牌, the win and its score.

The family-neutral draw / turn / claim flow (deal by seat position, a setup phase, the 偷 queue,
discard -> offer -> claims by priority class then seat distance -> turn a card from the stock,
small seats that draw and swap, win checks, log, views, documents) is
:class:`~changpai.core.turnclaim.TurnClaimGame`, shared with the 孝感 family (same flow with 句
instead of 擠兒, xiaogan.md §3); :class:`Game` fills in the 川牌 hooks.

Forced moves are applied by the engine and written to the log as ``auto`` records (偷 draws,
sets completed by a 偷, 過牌, the turned card, a small seat's draw, the win); every other
decision is an :class:`~changpai.chuanpai.actions.Action` of the seat in ``to_act``.

>>> game = Game(seed=3)
>>> game.to_act
(0,)
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> game.result.reason in ("win", "huangpai")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any

from changpai.chuanpai.actions import Action
from changpai.chuanpai.actions import ActionKind as K
from changpai.chuanpai.cards import CARDS, KINDS, SEVENS, Card, parse
from changpai.chuanpai.hand import (
    _best_decomposition,
    _can_jiao,
    _is_complete,
    _qitou,
)
from changpai.chuanpai.melds import DING_INDEX, Meld, MeldKind, _pair_ok, is_jing_set
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.chuanpai.scoring import Win, score
from changpai.chuanpai.solver import _pair_components
from changpai.core import caches
from changpai.core.scoresheet import ScoreSheet
from changpai.core.turnclaim import FORCED, TurnClaimGame

__all__ = ["Game"]

_JING = (21, 22)
# 丁丁 and 斧頭, which the 摸家 may count as red or black (chuanpai.md §2.7)
_DINGFU = ("12", "56")
_SEVENS = tuple(c.index for c in SEVENS)
# For each kind of a seven, the other kinds of the 燕 (all three sevens, chuanpai.md §2.3).
_SEVEN_OTHERS = {x: tuple(i for i in _SEVENS if i != x) for x in _SEVENS}
# The set a 偷 completes with the identical cards in hand, by how many (chuanpai.md §2.3).
_TOU_SETS = {2: MeldKind.AN, 3: MeldKind.LIANG, 4: MeldKind.TUHUO}
# The kinds of a 經 set (chuanpai.md §2.3): 丁丁 and the 經牌.
_JING_SET_KINDS = frozenset((DING_INDEX, *_JING))
_DOT_POINTS = tuple(c.points for c in CARDS[:21])


def _every_counts(hand: Sequence[int], table: Sequence[Meld], guo: Sequence[Card]) -> list[int]:
    """The counts of every card of a seat: concealed ``hand`` counts, ``guo`` and the table."""
    every = list(hand)
    for card in guo:
        every[card.index] += 1
    for meld in table:
        for card in meld.cards:
            every[card.index] += 1
    return every


# A 擠兒 depends only on the points of its two dot cards, so the most disjoint pairs of a hand
# are counted on the counts by point value (2 .. 12). Under both pair rules (10/20 and 14) every
# component of the graph "these points make a 擠兒" is a star (a point and the points it pairs
# with, which pair with nothing else: 8 with 2 and 12 under 10/20) or a single point paired with
# itself (5 and 10 under 10/20, 7 under 14), so its most pairs is a min or a half; a 經牌 pairs
# with any dot card (chuanpai.md §2.3, §2.4.1, §4).
_Star = tuple[int, tuple[int, ...]]


@caches.lru("chuanpai", maxsize=8)
def _stars(pair_sums: tuple[int, ...]) -> tuple[_Star, ...]:
    """The components of the pair graph on point values as ``(centre, leaves)``; ``leaves`` is
    empty for a point that pairs only with itself."""
    return tuple(
        (centre, leaves)
        for _points, centre, leaves in _pair_components(pair_sums)
        if leaves or 2 * centre in pair_sums
    )


def _by_points(c: Sequence[int]) -> tuple[int, ...]:
    """The counts of the dot cards of ``c`` by point value (index 0 .. 12), the kinds of each
    point written out (_DOT_POINTS; a test checks both agree)."""
    return (
        0,
        0,
        c[20],
        c[19],
        c[17] + c[18],
        c[15] + c[16],
        c[12] + c[13] + c[14],
        c[9] + c[10] + c[11],
        c[6] + c[7] + c[8],
        c[4] + c[5],
        c[2] + c[3],
        c[1],
        c[0],
    )


def _dot_pairs(by: Sequence[int], stars: tuple[_Star, ...]) -> int:
    """The most disjoint 擠兒 among the dot cards counted ``by`` point value."""
    pairs = 0
    for centre, leaves in stars:
        if leaves:
            ends = 0
            for q in leaves:
                ends += by[q]
            pairs += min(by[centre], ends)
        else:
            pairs += by[centre] >> 1
    return pairs


def _with_jing(pairs: int, dots: int, jing: int) -> int:
    """The most disjoint pairs of ``dots`` dot cards, at most ``pairs`` of them 擠兒, and
    ``jing`` 經牌 (each pairs with any dot card): ``y`` 擠兒 leave ``dots - 2y`` cards for the
    經牌, so the best ``y`` is the most below ``(dots - jing) / 2``."""
    if dots - 2 * pairs >= jing:
        return pairs + jing
    y = max(0, (dots - jing) // 2)
    return y + min(jing, dots - 2 * y)


def _max_pairs(counts: Sequence[int], pair_sums: tuple[int, ...]) -> int:
    """The largest number of disjoint 擠兒 (incl. 經 pairs) in a concealed hand."""
    by = _by_points(counts)
    return _with_jing(_dot_pairs(by, _stars(pair_sums)), sum(by), counts[21] + counts[22])


def _most_tied(counts: Sequence[int], index: int, pair_sums: tuple[int, ...]) -> int:
    """The most dot cards of ``index``'s point value that 擠兒 (經 pairs included) tie at once
    in a concealed hand: with three of ``index`` in hand, they are "each already tied in a
    擠兒" (chuanpai.md §2.3 扛) when this is 3 or more (cards of one point value pair alike)."""
    by = _by_points(counts)
    p = _DOT_POINTS[index]
    most = 0
    for centre, leaves in _stars(pair_sums):
        if p == centre:
            most = min(by[p], sum(by[q] for q in leaves)) if leaves else by[p] & ~1
        elif p in leaves:
            most = min(by[p], by[centre])
    return min(by[p], most + counts[21] + counts[22])


_Counts = Callable[[Sequence[int]], tuple[int, ...]]
# (the marks by point value, the mark of a 經牌, the dot kinds marked, their counts' getter)
_Surplus = tuple[tuple[bool, ...], bool, tuple[int, ...], _Counts]


def _no_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The counts of no kinds: :func:`_getter` of none."""
    return ()


def _getter(kinds: tuple[int, ...]) -> _Counts:
    """The counts of ``kinds`` in a hand as a tuple (a lone kind twice: a tuple all the same;
    does the hand hold any of them is ``any(getter(counts))``)."""
    if not kinds:
        return _no_counts  # (a module function: a Game pickles, as every family's)
    return itemgetter(*kinds, *kinds[:1]) if len(kinds) == 1 else itemgetter(*kinds)


def _surplus_points(counts: Sequence[int], pair_sums: tuple[int, ...]) -> _Surplus:
    """Whether one card can go without lowering the most disjoint pairs of the hand
    (chuanpai.md §2.4.1 不能拆了擠兒打): for a dot card of each point value (index 0 .. 12),
    and for a 經牌; and the dot kinds (ascending) of the point values that can go, and the
    getter of their counts."""
    return _surplus_of(_by_points(counts), counts[21] + counts[22], pair_sums)


@caches.lru("chuanpai", maxsize=1 << 13)
def _surplus_of(by: tuple[int, ...], jing: int, pair_sums: tuple[int, ...]) -> _Surplus:
    """:func:`_surplus_points` of the dot cards counted ``by`` point value and ``jing`` 經牌
    (many hands have the same counts by points: cached)."""
    points, jing_ok = _free_points(by, jing, pair_sums)
    return (points, jing_ok, *_marked_kinds(points))


@caches.lru("chuanpai", maxsize=1 << 10)
def _marked_kinds(points: tuple[bool, ...]) -> tuple[tuple[int, ...], _Counts]:
    """The dot kinds (ascending) whose point value is marked in ``points``, and the getter of
    their counts (few marks recur: cached)."""
    kinds = tuple(i for i, p in enumerate(_DOT_POINTS) if points[p])
    return kinds, _getter(kinds)


def _free_points(
    by: tuple[int, ...], jing: int, pair_sums: tuple[int, ...]
) -> tuple[tuple[bool, ...], bool]:
    """The marks of :func:`_surplus_points` of the dot cards counted ``by`` point value and
    ``jing`` 經牌."""
    # A dot card of point p that is in no 擠兒 of some largest set (free) keeps the most 擠兒.
    free = [True] * 13
    pairs = 0
    for centre, leaves in _stars(pair_sums):
        n = by[centre]
        if leaves:
            ends = 0
            for q in leaves:
                ends += by[q]
            if n > ends:  # centre cards left over: the leaves are all paired
                pairs += ends
                for q in leaves:
                    free[q] = False
            else:
                pairs += n
                free[centre] = False
                if ends == n:
                    for q in leaves:
                        free[q] = False
        else:
            pairs += n >> 1
            free[centre] = n & 1 == 1
    if not jing:  # then a card may go only if it is in no 擠兒
        return tuple(free), False
    dots = sum(by)
    best = _with_jing(pairs, dots, jing)
    ok = (
        _with_jing(pairs - 1, dots - 1, jing) == best,  # a dot card that breaks a 擠兒
        _with_jing(pairs, dots - 1, jing) == best,  # one that is in no 擠兒
    )
    return tuple(ok[f] for f in free), _with_jing(pairs, dots, jing - 1) == best


def _surplus_kinds(counts: Sequence[int], pair_sums: tuple[int, ...]) -> list[bool]:
    """For every card kind held, whether one card of it can go without lowering the most
    disjoint pairs of the hand (chuanpai.md §2.4.1); False for kinds not held."""
    points, jing_ok, _kinds, _held = _surplus_points(counts, pair_sums)
    out = [k > 0 and points[p] for k, p in zip(counts[:21], _DOT_POINTS, strict=True)]
    out.append(counts[21] > 0 and jing_ok)
    out.append(counts[22] > 0 and jing_ok)
    return out


@caches.lru("chuanpai", maxsize=4096)
def _meld(kind: MeldKind, cards: tuple[Card, ...], claimed: Card | None = None) -> Meld:
    """The unit ``Meld(kind, cards, claimed)`` (units are immutable, so one object serves every
    game; the engine lays a few hundred different ones)."""
    return Meld(kind, cards, claimed=claimed)


# The 擺 / 經 pair claims (``_claim``) by (seat, claimed kind, own kind): the hot path of the
# claims of class 1.
_PAIR_CLAIMS: caches.BoundedDict[tuple[int, int, int], Action] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.game._PAIR_CLAIMS", 4096
)


# The 碰 / 扛 claims of a card with two / three of it in hand (``_claim``) by (seat, kind, how
# many of it): claims of class 0.
_SAME_CLAIMS: caches.BoundedDict[tuple[int, int, int], Action] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.game._SAME_CLAIMS", 1024
)


def _same_claim(seat: int, card: Card, n: int) -> Action:
    """The claim of ``card`` by ``seat`` with ``n`` of it in hand: a 碰 (2) or a 扛 (3)."""
    key = (seat, card.index, n)
    claim = _SAME_CLAIMS.get(key)
    if claim is None:
        kind = MeldKind.PENG if n == 2 else MeldKind.KANG
        claim = _SAME_CLAIMS[key] = _claim(seat, card, (card,) * n, kind)
    return claim


def _claim_meld(action: Action) -> Meld:
    """The unit the claim ``action`` forms: its own cards and the claimed card."""
    assert action.card is not None and action.meld is not None
    return _meld(action.meld, (*action.cards, action.card), action.card)


# the unit of each claim, kept by the (shared) claim's identity: no hashing of its cards again
_claimed_meld = caches.by_identity(
    "chuanpai", "changpai.chuanpai.game._CLAIMED", 1 << 14, _claim_meld
)


@caches.lru("chuanpai", maxsize=1 << 14)
def _claim(
    seat: int, card: Card, cards: tuple[Card, ...], meld: MeldKind, guo: bool = False
) -> Action:
    """The claim of ``card`` by ``seat`` with its own ``cards`` into a ``meld`` (one object
    serves every game, as for :func:`_record`)."""
    return Action(seat, K.CLAIM, card=card, cards=cards, meld=meld, guo=guo)


@caches.lru("chuanpai", maxsize=4096)
def _record(kind: str, seat: int, card: Card | None) -> Action:
    """The action of the flow's ``kind`` by ``seat`` with ``card`` (actions are immutable, so
    one object serves every game: at most 14 kinds x 7 seats x 24 cards)."""
    return Action(seat, K(kind), card)


# _record by (kind, seat, card index): the flow's hot path (a key of small ints and a word).
_RECORDS: caches.BoundedDict[tuple[str, int, int], Action] = caches.BoundedDict(
    "chuanpai", "changpai.chuanpai.game._RECORDS", 4096
)


@caches.lru("chuanpai", maxsize=8)
def _discard_row(seat: int) -> tuple[Action, ...]:
    """The discard of each card kind by ``seat``, by card index."""
    return tuple(_record("discard", seat, card) for card in CARDS)


@caches.lru("chuanpai", maxsize=4096)
def _auto(seat: int, kind: K, card: Card, meld: MeldKind | None = None) -> Action:
    """A record of the family's own (a set a 偷 completes, a 過牌, a kept 4th) by ``seat`` of
    ``card`` (one object serves every game, as for :func:`_record`)."""
    return Action(seat, kind, card=card, meld=meld)


@caches.lru("chuanpai", maxsize=4096)
def _lay(seat: int, cards: tuple[Card, ...], meld: MeldKind) -> Action:
    """The setup action of ``seat`` laying ``cards`` as a ``meld`` (one object serves every
    game, as for :func:`_record`)."""
    return Action(seat, K.LAY, cards=cards, meld=meld)


@caches.lru("chuanpai", maxsize=8)
def _claim_partners(
    pair_sums: tuple[int, ...],
) -> tuple[tuple[tuple[int, MeldKind], ...], ...]:
    """For every card kind, the kinds (ascending) it forms a pair with, and the pair: a 擺 of
    two dot cards whose points sum to one of ``pair_sums`` or a 經 pair of a 經牌 and a dot card
    (chuanpai.md §2.3, §4)."""
    return tuple(
        tuple(
            (b.index, MeldKind.JING_PAIR if a.is_jing != b.is_jing else MeldKind.BAI)
            for b in CARDS
            if a.is_jing != b.is_jing or (not a.is_jing and a.points + b.points in pair_sums)
        )
        for a in CARDS
    )


@caches.lru("chuanpai", maxsize=8)
def _partner_kinds(
    pair_sums: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For every card kind, the kinds of :func:`_claim_partners`, and those of its 擺 only."""
    partners = _claim_partners(pair_sums)
    return (
        tuple(tuple(i for i, _kind in row) for row in partners),
        tuple(tuple(i for i, kind in row if kind is MeldKind.BAI) for row in partners),
    )


@caches.lru("chuanpai", maxsize=8)
def _partner_getters(pair_sums: tuple[int, ...]) -> tuple[tuple[_Counts, ...], tuple[_Counts, ...]]:
    """:func:`_partner_kinds` as getters of their counts in a hand (does a hand hold any?)."""
    partners, bai = _partner_kinds(pair_sums)
    return tuple(map(_getter, partners)), tuple(map(_getter, bai))


# For every card kind on offer (``_claimers``): the kind two of which make a 碰 of it, whether
# it is 丁丁, the other two kinds of its 燕 (or None), whether it joins a 經 set, three of it.
_OFFERED: tuple[tuple[int, bool, tuple[int, ...] | None, bool, tuple[Card, ...]], ...] = tuple(
    (
        DING_INDEX if c.is_jing else c.index,
        c.index == DING_INDEX,
        _SEVEN_OTHERS.get(c.index),
        c.index in _JING_SET_KINDS,
        (c,) * 3,
    )
    for c in CARDS
)


class Game(TurnClaimGame[Card, Meld, Action, Rules]):
    """The 川牌 擠兒 game (presets :data:`~changpai.chuanpai.YAODIREN` and
    :data:`~changpai.chuanpai.GEHU`), chuanpai.md §2.1, §2.2, §2.4, §2.5.

    Choices where the rules are silent (see the docs page): the dealer is a parameter (default
    seat 0; :func:`draw_dealer`, :func:`next_dealer` and :class:`Match` choose it as §2.1 /
    §2.2.5 say); with 2 or 3 players there is no 摸家; a set completed by a 偷 is laid at once
    (a fourth that would win the hand stays in hand instead of making a 起);
    a 3-card 經 set is never forced; 起 applies to a 暗 on the table (not to a 碰); the player
    whose cards are all formed wins as soon as it is his turn to discard or right after his
    discard; an unclaimed card is dead, and the next seat turns a card from the stock.

    Besides the state of :class:`~changpai.core.turnclaim.TurnClaimGame`, a game holds the
    過牌 of every seat (:meth:`side_cards`: cards laid face down, chuanpai.md §2.4.3), the card
    kinds that passed each seat without a partner in its hand, and whether each seat held the
    叫牌 condition when dealt (:meth:`jiao_at_deal`).

    >>> g = Game(seed=11)
    >>> g.players, len(g.hand(0)) + sum(m.tou for m in g.melds(0)) >= 18
    (4, True)
    """

    family = "chuanpai"
    rules_class = Rules
    action_class = Action
    default_rules = YAODIREN
    value_name = "胡"
    card_table = CARDS
    side_label = "過牌"
    _engine_kinds = frozenset({*FORCED, "set", "keep", "guo"})  # (成幅, 留, 過牌: the engine's)

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | str | None = None,
        dealer: int = 0,
        players: int | None = None,
    ) -> None:
        # (the signature of TurnClaimGame's, written here so that help() and a keyword the
        # game does not take name this class)
        super().__init__(rules, seed, deck=deck, dealer=dealer, players=players)

    @classmethod
    def _card(cls, code: str) -> Card:
        return Card.parse(code)

    def _parse_deck(self, text: str, rules: Rules) -> list[Card]:
        return list(parse(text, deck=rules.deck))

    # -- deal (chuanpai.md §2.5 叫牌 at deal, Ambiguities C6), 過牌 state and views
    def _deck_name(self, rules: Rules) -> str:
        return rules.deck

    def _after_deal(self) -> None:
        self._pair_sums = self.rules.pair_sums  # (a property of the rules: read once)
        self._partners = _claim_partners(self._pair_sums)
        self._partner_kinds, self._bai_kinds = _partner_getters(self._pair_sums)
        self._bai_lists = _partner_kinds(self._pair_sums)[1]
        self._guo: list[list[Card]] = [[] for _ in range(self.players)]
        #: The 暗 on each seat's table, in table order (the units a 起 may join, read by
        #: ``_claimers``), kept where a unit is laid or a 暗 becomes a 起.
        self._ans: list[tuple[Meld, ...]] = [()] * self.players  # (tuples: copies share them)
        self._passed: list[set[int]] = [set() for _ in range(self.players)]
        # (nothing is laid yet and no 過牌 kept: a seat's cards are its dealt hand)
        self._jiao_at_deal = [_can_jiao(self._hands[s]) for s in range(self.players)]
        #: The 尾家 / 摸家: the small fourth seat of an "18/17" deal (chuanpai.md §2.1), who
        #: "may only 扯 (= 碰)" an offered card under ``mojia_claims="peng"`` (-1: no such
        #: seat — 16/15, fewer than four players — or ``mojia_claims="all"``).
        tail = (self.dealer + 3) % self.players
        self._tail = (
            tail
            if self.players >= 4
            and self.rules.deal == "18/17"
            and self.rules.mojia_claims == "peng"
            and self._small[tail]
            else -1
        )

    def jiao_at_deal(self, seat: int) -> bool:
        """Whether ``seat`` held the 叫牌 condition among its dealt cards (chuanpai.md §2.5,
        Ambiguities C6 ``jiao="deal"``).

        >>> Game(seed=11).jiao_at_deal(0) in (True, False)
        True
        """
        return self._jiao_at_deal[self._seat(seat)]

    def _side_cards(self, seat: int) -> Sequence[Card]:
        return self._guo[seat]

    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self._guo, self._passed)

    # -- results (chuanpai.md §2.2.5: the next dealer is decided by a cut after a win)
    def _next_dealer(self, winner: int | None) -> int | None:
        return self.dealer if winner is None else None

    def _win(self, seat: int) -> Win:
        # the units scored: the hand's best reading, else (a win by red dots or table cards
        # whose hand is not all formed, §2.7) the units on its table
        best = _best_decomposition(tuple(self._hands[seat]), self._tables[seat], self.rules)
        units = best if best is not None else tuple(self._tables[seat])
        # (every seat that plays pays: a 7th player, one card, never plays, §2.1)
        payers = tuple(s for s in sorted(self.seats) if s != seat)
        return Win(units, winner=seat, players=self.players, payers=payers, rules=self.rules)

    # -- the family's actions and units
    def _new_action(self, kind: str, seat: int, card: Card | None = None) -> Action:
        key = (kind, seat, -1 if card is None else card.index)
        found = _RECORDS.get(key)
        if found is None:
            found = _RECORDS[key] = _record(kind, seat, card)
        return found

    def _discards(self, seat: int) -> Sequence[Action]:
        return _discard_row(seat)

    def _lay_unit(self, action: Action) -> Meld:
        assert action.meld is not None
        meld = _meld(action.meld, action.cards)
        if meld.kind is MeldKind.AN:
            self._ans[action.seat] += (meld,)
        return meld

    # -- helpers
    def _surplus(self, seat: int, card: Card) -> bool:
        """Whether a dot card of ``card``'s points in the seat's hand is in no 擠兒 of some
        largest set (chuanpai.md §2.4.1): then not every such card is tied."""
        return _surplus_points(self._hands[seat], self._pair_sums)[0][card.points]

    # -- setup (chuanpai.md §2.1: lay dealt 暗 and 燕)
    def _setup_options(self, seat: int) -> tuple[list[Action], bool]:
        h = self._hands[seat]
        out: list[Action] = []
        mandatory = False
        for i in range(21) if max(h[:21]) >= 3 else ():  # (no three alike: nothing to scan)
            c = h[i]
            if c >= 3:
                # chuanpai.md §2.3: the identical cards are laid together — three as a 暗,
                # four as a 亮 ("自己手裏組成四張一樣的牌，明擺…叫做亮"), five as a 土夥.
                card = CARDS[i]
                kind = {3: MeldKind.AN, 4: MeldKind.LIANG}.get(c, MeldKind.TUHUO)
                out.append(_lay(seat, (card,) * c, kind))
                if _qitou(h, i, self.rules) != "optional":
                    mandatory = True
        if h[_SEVENS[0]] and h[_SEVENS[1]] and h[_SEVENS[2]]:
            out.append(_lay(seat, SEVENS, MeldKind.YAN))
            mandatory = True
        if h[DING_INDEX] >= 2:
            ding = CARDS[DING_INDEX]
            for j in _JING:
                if h[j]:
                    out.append(_lay(seat, (ding, ding, CARDS[j]), MeldKind.AN))
            for j in _JING:  # §2.3: a 經牌 and three 丁丁 are a 4-card 經 set too
                if h[j] and h[DING_INDEX] >= 3:
                    out.append(_lay(seat, (ding, ding, ding, CARDS[j]), MeldKind.LIANG))
            if h[21] and h[22]:
                out.append(_lay(seat, (ding, ding, CARDS[21], CARDS[22]), MeldKind.LIANG))
        return out, mandatory

    # -- discard (chuanpai.md §2.4.1 不能拆了擠兒打)
    def _discard_options(self, seat: int) -> list[int]:
        h = self._hands[seat]
        _points, jing_ok, kinds, held = _surplus_points(h, self._pair_sums)
        surplus = list(compress(kinds, held(h)))
        if jing_ok:
            surplus += [i for i in _JING if h[i]]
        return surplus or [i for i in range(KINDS) if h[i]]

    # -- claims (chuanpai.md §2.2.3, §2.3, §2.4.2, §2.4.3)
    def _claim_options(self, seat: int, card: Card, cls: int) -> tuple[list[Action], bool]:
        h = self._hands[seat]
        x = card.index
        out: list[Action] = []
        forced = False
        if cls == 0:
            pair = not card.is_jing and h[x] >= 2
            q = _qitou(h, x, self.rules) if pair else None
            # chuanpai.md §2.4.4 "必須暗、碰、槓", Ambiguities C8: with three in hand, each tied
            # in a 擠兒, the fourth makes a 扛 (§2.3; review h83: untied ones made it too); when
            # 齊頭 makes it mandatory, a 碰 of two of them is no way out.
            kang = not card.is_jing and h[x] == 3 and _most_tied(h, x, self._pair_sums) >= 3
            kang_only = kang and q == "mandatory" and self.rules.kang == "qitou"
            # chuanpai.md §2.3: with three of the "real and fake 經" the 4th must be 扛'd; every
            # 碰 of it would take two of the three (its partners are 丁丁 and the 經牌).
            jing_threes = self._jing_threes(seat, card) if x in _JING_SET_KINDS else []
            if jing_threes:
                kang_only = True
            if pair and not kang_only:
                out.append(_same_claim(seat, card, 2))
                # §2.4.2: forced unless both cards are tied in 擠兒, i.e. no card of their
                # points is surplus (5 / 10 under 10/20 and 7 under 14 pair among themselves).
                if q == "mandatory" or (q is None and self._surplus(seat, card)):
                    forced = True
            ding = CARDS[DING_INDEX]
            if x == DING_INDEX and h[x] >= 1 and not jing_threes:
                for j in _JING:
                    if h[j]:
                        out.append(_claim(seat, card, (ding, CARDS[j]), MeldKind.PENG))
            if card.is_jing and h[DING_INDEX] >= 2 and not jing_threes:
                out.append(_claim(seat, card, (ding, ding), MeldKind.PENG))
            others = _SEVEN_OTHERS.get(x)
            if others is not None and h[others[0]] and h[others[1]]:
                out.append(_claim(seat, card, tuple(CARDS[i] for i in others), meld=MeldKind.YAN))
                if self._surplus(seat, card):  # §2.4.2: a seven in hand is single
                    forced = True
            qi_claims = self._qi_claims(seat, card) if self._ans[seat] else []
            qi = bool(qi_claims)
            out += qi_claims
            for three in jing_threes:
                out.append(_claim(seat, card, three, MeldKind.KANG))
                forced = True
            # chuanpai.md §2.3: the 4th must join the 暗 (a 經 暗 too) unless that card wins
            # the hand: the winning 擺 is offered beside it (below), and no other claim of it —
            # a 燕 or a 碰 earns a 偷, so it does not win with the card; it would only dodge
            # the 起 (review h29)
            tail = seat == self._tail or self._only_che(seat)
            if qi:
                forced = True
                # (the 尾家, who may only 扯 and so never 起, keeps his 碰, below)
                if self.rules.strict_qi and not tail:
                    out = [a for a in out if a.meld in (MeldKind.QI, MeldKind.KANG)]
            if kang:
                out.append(_same_claim(seat, card, 3))
                if kang_only:
                    forced = True
            if tail:
                # chuanpai.md §2.1: the 尾家 may only 扯 (= 碰) — no 燕, 起 or 扛 of an offered
                # card ("尾家不能吃牌，只能扯牌"); §4 割胡: the others may only 扯 a turned card
                peng = [a for a in out if a.meld is MeldKind.PENG]
                return peng, bool(peng) and pair and not kang_only and (
                    q == "mandatory" or (q is None and self._surplus(seat, card))
                )
            if out:
                # §2.5 the seat whose cards the card completes wins: when a 擺 of it wins, the
                # seat's 擺 are offered beside a 碰 / 起 / 扛 it may be bound to (§2.3 "unless
                # that card wins"), before the others' 擺 (§2.2.3), and bind as they would
                # (§2.4.2) — no pass that a later 擺 turn would take back
                bai, bai_forced = self._claim_options(seat, card, 1)
                if any(self._claim_wins(a) for a in bai):
                    out += bai
                    forced = forced or bai_forced
            return out, forced
        turned = self._offer is not None and self._offer[2]
        if self._small[seat] or (turned and not self.rules.turned_bai):
            return [], False
        surplus: tuple[tuple[bool, ...], bool] | None = None
        for i, kind in self._partners[x]:
            if not h[i]:
                continue
            key = (seat, x, i)  # (the pair's kind follows from the two kinds)
            claim = _PAIR_CLAIMS.get(key)
            if claim is None:
                claim = _PAIR_CLAIMS[key] = _claim(seat, card, (CARDS[i],), kind)
            out.append(claim)
            if not forced:  # §2.4.2: a single partner must pair (a 經 with any card, §2.3)
                if surplus is None:
                    points, jing_ok = _surplus_points(h, self._pair_sums)[:2]
                    surplus = (points, jing_ok)
                if surplus[1] if i >= _JING[0] else surplus[0][_DOT_POINTS[i]]:
                    forced = True
        if x in self._passed[seat]:
            for g in sorted(set(self._guo[seat])):
                if _pair_ok(card, g, self.rules):
                    out.append(_claim(seat, card, (g,), MeldKind.BAI, True))
                    forced = True
        return out, forced

    def _qi_claims(self, seat: int, card: Card) -> list[Action]:
        """The 起 of ``card`` onto a 暗 of ``seat``'s table: three of it, or a 經 暗 the card
        makes a 經 set with (chuanpai.md §2.3)."""
        found = []
        x = card.index
        three = (card,) * 3
        for meld in self._ans[seat]:  # (the 暗 of the table, in table order)
            if meld.cards == three or (
                x in _JING_SET_KINDS and meld.jing and is_jing_set((*meld.cards, card))
            ):
                found.append(_claim(seat, card, meld.cards, MeldKind.QI))
        return found

    def _only_che(self, seat: int) -> bool:
        """Whether ``seat`` may only 扯 (碰) the card on offer: a turned card, a regular seat,
        and rules without ``turned_bai`` (chuanpai.md §4 割胡)."""
        offer = self._offer
        return (
            offer is not None and offer[2] and not self.rules.turned_bai and not self._small[seat]
        )

    def _can_claim(self, seat: int, card: Card, cls: int) -> bool:
        # The test of _claim_options without building the actions (asked of every seat at
        # every offer); tests/chuanpai/test_game.py checks that both agree.
        h = self._hands[seat]
        x = card.index
        if cls == 0 and (seat == self._tail or self._only_che(seat)):  # (割胡's turned cards)
            return bool(self._claim_options(seat, card, cls)[0])
        if cls == 0:
            if h[DING_INDEX] >= 2 if card.is_jing else h[x] >= 2:
                return True
            if x == DING_INDEX and h[x] and (h[21] or h[22]):
                return True
            if x in _SEVENS and all(h[i] for i in _SEVENS if i != x):
                return True
            if self._jing_threes(seat, card):
                return True
            three = (card,) * 3
            jing_set = x in _JING_SET_KINDS
            for meld in self._tables[seat]:
                if meld.kind is MeldKind.AN and (
                    meld.cards == three
                    or (jing_set and meld.jing and is_jing_set((*meld.cards, card)))
                ):
                    return True
            return False
        turned = self._offer is not None and self._offer[2]
        if self._small[seat] or (turned and not self.rules.turned_bai):
            return False
        if any(self._partner_kinds[x](h)):
            return True
        return x in self._passed[seat] and any(
            _pair_ok(card, g, self.rules) for g in self._guo[seat]
        )

    def _claimers(self, card: Card, seats: Sequence[int]) -> list[tuple[int, int]]:
        # ``_can_claim`` of every seat and class in one pass (asked at every offer);
        # tests/chuanpai/test_engine_fast.py checks that both agree.
        x = card.index
        hands, ans = self._hands, self._ans
        pair_kind, ding, sevens, jing_set, three = _OFFERED[x]
        offer = self._offer
        only_che = offer is not None and offer[2] and not self.rules.turned_bai  # (_only_che)
        small = self._small
        partners = self._partner_kinds[x]
        first: list[tuple[int, int]] = []
        second: list[tuple[int, int]] = []
        tail = self._tail
        for seat in seats:
            h = hands[seat]
            if seat == tail or (only_che and not small[seat]):  # a 碰 only (尾家, 割胡 turned)
                if (
                    h[pair_kind] >= 2 or (ding and h[x] and (h[21] or h[22]))
                ) and self._claim_options(seat, card, 0)[0]:
                    first.append((0, seat))
                continue
            if (
                h[pair_kind] >= 2
                or (ding and h[x] and (h[21] or h[22]))
                or (sevens is not None and h[sevens[0]] and h[sevens[1]])
                or (jing_set and self._jing_threes(seat, card))
            ):
                first.append((0, seat))
            else:
                for meld in ans[seat]:
                    if meld.cards == three or (
                        jing_set and meld.jing and is_jing_set((*meld.cards, card))
                    ):
                        first.append((0, seat))
                        break
            if only_che or small[seat]:  # (no 擺 of a turned card either; no 擺 by a small seat)
                continue
            if any(partners(h)) or (
                x in self._passed[seat]
                and any(_pair_ok(card, g, self.rules) for g in self._guo[seat])
            ):
                second.append((1, seat))
        return first + second

    def _drop_an(self, seat: int, meld: Meld) -> None:
        """Forget the 暗 ``meld`` of ``seat``'s table (it became a 起)."""
        ans = list(self._ans[seat])
        ans.remove(meld)
        self._ans[seat] = tuple(ans)

    def _jing_threes(self, seat: int, card: Card) -> list[tuple[Card, ...]]:
        """The 經-set cards in hand (three of 丁丁 / 財神 / 聽用) that ``card`` makes a 4-card 經 set."""
        if card.index not in _JING_SET_KINDS:
            return []
        h = self._hands[seat]
        pool = [CARDS[i] for i in (DING_INDEX, *_JING) for _ in range(h[i])]
        found: list[tuple[Card, ...]] = []
        for a in range(len(pool)):
            for b in range(a + 1, len(pool)):
                for c in range(b + 1, len(pool)):
                    three = (pool[a], pool[b], pool[c])
                    if three not in found and is_jing_set((*three, card)):
                        found.append(three)
        return found

    def _form_claim(self, action: Action) -> int:
        seat = action.seat
        assert action.card is not None and action.meld is not None
        if action.guo:
            self._guo[seat].remove(action.cards[0])
        elif action.meld is not MeldKind.QI:
            for c in action.cards:
                self._hands[seat][c.index] -= 1
        if action.meld is MeldKind.QI:
            table = self._tables[seat]
            at = next(
                k
                for k, m in enumerate(table)
                if m.kind is MeldKind.AN and m.cards == tuple(sorted(action.cards))
            )
            self._drop_an(seat, table[at])
            table[at] = _claimed_meld(action)
        else:
            self._tables[seat].append(_claimed_meld(action))
        return action.meld.tou

    # -- 偷 (chuanpai.md §2.3: a 偷 completing a set is laid at once; §2.4.3 過牌)
    def _tou_wins_in_hand(self, seat: int, card: Card) -> bool:
        """chuanpai.md §2.3 起: the fourth card must join the 暗 "除非那張牌導致你和牌" — unless
        it wins the hand; only the last pending 偷 can win at once."""
        if self._tou_left:
            return False
        counts = list(self._hands[seat])
        counts[card.index] += 1
        if not self._wins_with(seat, counts, self._tables[seat], self._guo[seat]):
            return False
        self._hands[seat][card.index] += 1
        self._force(_auto(seat, K.KEEP, card), note="the 4th wins the hand: no 起")
        return True

    def _place_tou(self, seat: int, card: Card) -> int:
        h = self._hands[seat]
        x = card.index
        table = self._tables[seat]
        ans = self._ans[seat]  # (no 暗 on the table: no 起 to scan for)
        for k, meld in enumerate(table) if ans and x in _JING_SET_KINDS else ():
            if meld.kind is MeldKind.AN and meld.jing and is_jing_set((*meld.cards, card)):
                if self._tou_wins_in_hand(seat, card):
                    return 0
                self._drop_an(seat, meld)
                table[k] = _meld(MeldKind.QI, (*meld.cards, card), card)
                self._force(_auto(seat, K.SET, card, MeldKind.QI), note="偷 經 起")
                return MeldKind.QI.tou
        threes = self._jing_threes(seat, card)
        if threes:
            # chuanpai.md §2.3 經 set: three of the "real and fake 經" + the 4th form one set.
            three = threes[0]
            for c in three:
                h[c.index] -= 1
            table.append(_meld(MeldKind.LIANG, (*three, card)))
            self._force(_auto(seat, K.SET, card, MeldKind.LIANG), note="偷 經 亮")
            return MeldKind.LIANG.tou
        if not card.is_jing:
            for k, meld in enumerate(table) if ans else ():
                if meld.kind is MeldKind.AN and meld.cards == (card,) * 3:
                    if self._tou_wins_in_hand(seat, card):
                        return 0
                    self._drop_an(seat, meld)
                    table[k] = _meld(MeldKind.QI, (card,) * 4, card)
                    self._force(_auto(seat, K.SET, card, MeldKind.QI), note="偷 起")
                    return MeldKind.QI.tou
            kind = _TOU_SETS.get(h[x])
            if kind is not None:
                cards = (card,) * (h[x] + 1)
                h[x] = 0
                made = _meld(kind, cards)
                table.append(made)
                if kind is MeldKind.AN:
                    self._ans[seat] += (made,)
                self._force(_auto(seat, K.SET, card, kind), note=f"偷 {kind.hanzi}")
                return kind.tou
            others = _SEVEN_OTHERS.get(x)
            if others is not None and h[others[0]] and h[others[1]]:
                for i in others:
                    h[i] -= 1
                table.append(_meld(MeldKind.YAN, SEVENS))
                self._force(_auto(seat, K.SET, card, MeldKind.YAN), note="偷 燕")
                return MeldKind.YAN.tou
            # (a kind that passed pairs with this dot card: one of its 擺 partners)
            if not self._small[seat] and not self._passed[seat].isdisjoint(self._bai_lists[x]):
                self._guo[seat].append(card)
                self._force(_auto(seat, K.GUO, card), note="過牌")
                return 0
        h[x] += 1
        return 0

    def _note_passed(self, seat: int, card: Card) -> None:
        x = card.index
        if x in _JING or self._small[seat]:  # (a 經牌 is never noted)
            return
        if not any(self._bai_kinds[x](self._hands[seat])):
            self._passed[seat].add(x)

    # -- the win (chuanpai.md §2.5, Ambiguities C4, C6) and the score (§2.6)
    def _alternative_win(self, seat: int, table: list[Meld]) -> bool:
        rules = self.rules
        if rules.win == "formed":
            return False
        cards = [c for m in table for c in m.cards]
        if not cards:  # no 擺牌, nothing to count (a target may be 0)
            return False
        if rules.win == "cards16":
            return len(cards) >= rules.cards_to_win
        if rules.win == "red_dots":
            pos = self.position(seat)
            target = rules.red_dot_targets[0 if pos == 0 else 2 if self._small[seat] else 1]
            small = self._small[seat]
            # §2.7: for the 摸家 丁斧 (丁丁, 斧頭) may count as red or black — toward its red
            # target every dot of them (counting more red only helps), for all-black as black
            red = sum(c.points if small and c.code in _DINGFU else c.red_dots for c in cards)
            if red >= target:
                return True
            return (
                small
                and len(cards) >= rules.red_dot_targets[2]
                and all(c.all_black or c.code in _DINGFU for c in cards)
            )
        return False

    def _has_won(self, seat: int) -> bool:
        return self._wins_with(seat, self._hands[seat], self._tables[seat], self._guo[seat])

    def _wins_with(
        self, seat: int, hand: Sequence[int], table: list[Meld], guo: list[Card]
    ) -> bool:
        """Whether the seat wins with the concealed card ``hand`` counts, ``table`` and ``guo``."""
        rules = self.rules
        if rules.jiao == "deal" and not self._jiao_at_deal[seat]:
            return False
        formed = not guo and _is_complete(tuple(hand), rules)
        if not formed and not self._alternative_win(seat, table):
            return False
        return rules.jiao != "win" or _can_jiao(_every_counts(hand, table, guo))

    def _claim_wins(self, action: Action) -> bool:
        """Whether a claim of a pair (which earns no 偷) would complete the seat's hand."""
        assert action.card is not None and action.meld is not None
        seat = action.seat
        hand = list(self._hands[seat])
        guo = list(self._guo[seat])
        for c in action.cards:
            if action.guo:
                guo.remove(c)
            else:
                hand[c.index] -= 1
        meld = _meld(action.meld, (*action.cards, action.card), action.card)
        return self._wins_with(seat, hand, [*self._tables[seat], meld], guo)

    def _score(self, seat: int, win: Win) -> ScoreSheet:
        return score(win)
