"""The 孝感長牌 engine (xiaogan.md §2, §3, §5): the deal (頭家 16, the others 15, small seats),
the dealer's 門將 and the dealt sets laid, replacement draws (偷) in seat order, discards and
turned cards offered to everybody, claims with 碰 / 起 / 杠 before 擺, the win at 16 cards
laid out, the abandon at 15, and the score.

The family-neutral draw / turn / claim flow is :class:`~changpai.core.turnclaim.TurnClaimGame`
(shared with the 川牌 擠兒 game); :class:`Game` fills in the 孝感 hooks. Choices where the
rules are silent are listed on the class and in the docs page.

>>> game = Game(seed=3)
>>> game.to_act, [str(a) for a in game.legal_actions(0)][:2]
((0,), ['seat 0 放 門將 三 三', 'seat 0 放 門將 十 十'])
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions(game.to_act[0])[0])
>>> game.result.reason in ("win", "huangpai", "abandon")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from changpai.core import caches
from changpai.core.guard import clipped, cut_card_arg, int_arg, items_arg, rules_arg, shown
from changpai.core.records import ActionRecord, GameResult
from changpai.core.scoresheet import ScoreSheet
from changpai.core.seats import check_playing, check_seat
from changpai.core.turnclaim import FORCED, TurnClaimGame
from changpai.core.view import PerSeat
from changpai.errors import NotationError, RulesError
from changpai.xiaogan.actions import Action, ActionKind
from changpai.xiaogan.cards import CARDS, COPIES, KINDS, Card, parse
from changpai.xiaogan.hand import (
    _GROUPS,
    _GROUPS_NUMERIC,
    _PICKS,
    Decomposition,
    _group,
    _options,
    layout_units,
)
from changpai.xiaogan.melds import HJ, RUNS, Meld, MeldKind
from changpai.xiaogan.rules import XIAOGAN, Rules
from changpai.xiaogan.scoring import Win, score

__all__ = ["Game", "next_dealer"]

K = ActionKind

# Engine hot path: actions are immutable, so the engine hands out one shared object per
# (kind, seat, card, own cards, set kind), keyed on small ints (the set of keys is finite;
# registered, so that clear_caches() empties it as every other: review h77).
_ACTIONS: caches.BoundedDict[tuple[Any, ...], Action] = caches.BoundedDict(
    "xiaogan", "changpai.xiaogan.game._ACTIONS", 1 << 14
)

# The two other kinds of the 句 of each character (xiaogan.md §4) and, per kind, the other two
# kinds of each number run it belongs to (X5).
_JU_PAIRS: tuple[tuple[int, int], ...] = tuple(
    tuple(j for j in range(x - x % 3, x - x % 3 + 3) if j != x)  # type: ignore[misc]
    for x in range(HJ)
)
_RUN_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(tuple(j for j in run if j != x) for run in RUNS if x in run)  # type: ignore[misc]
    for x in range(HJ)
)


def _shared(key: tuple[Any, ...], make: Any) -> Action:
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = make()
    return found


def _action(kind: str, seat: int, card: Card | None = None) -> Action:
    """The flow's action of ``kind`` by ``seat`` (with ``card``), shared."""
    key = (kind, seat, -1 if card is None else card.index)
    found = _ACTIONS.get(key)  # (``_shared`` inline: the flow's hot path)
    if found is None:
        found = _ACTIONS[key] = Action(seat, K(kind), card)
    return found


@caches.lru("xiaogan", maxsize=8)
def _discard_row(seat: int) -> tuple[Action, ...]:
    """The discard of each card kind by ``seat``, by card index."""
    return tuple(_action("discard", seat, card) for card in CARDS)


@caches.lru("xiaogan", maxsize=4096)
def _meld(kind: MeldKind, cards: tuple[Card, ...], claimed: Card | None = None) -> Meld:
    """The set ``Meld(kind, cards, claimed=claimed)`` (sets are immutable: one object serves
    every game; the engine lays a few hundred different ones)."""
    return Meld(kind, cards, claimed=claimed)


# The cards the counts of one phrase group lay out, without and with a wild 混江 (xiaogan.hand
# ``_group``), by rules options and group: filled as hands come, at most _MOST_KEPT counts per
# group (more are asked of ``_group`` again), 16 option sets (cleared with the family's caches).
_GroupLaid = tuple[tuple[int, ...], Any, dict[tuple[int, ...], int], dict[tuple[int, ...], int]]
_GROUP_LAID: caches.BoundedDict[tuple[bool, ...], tuple[_GroupLaid, ...]] = caches.BoundedDict(
    "xiaogan", "changpai.xiaogan.game._GROUP_LAID", 16
)
_MOST_KEPT = 20_000


def _group_tables(options: tuple[bool, bool, bool], face_down: bool) -> tuple[_GroupLaid, ...]:
    key = (*options, face_down)
    found = _GROUP_LAID.get(key)
    if found is None:
        groups = _GROUPS_NUMERIC if options[1] else _GROUPS
        found = _GROUP_LAID[key] = tuple((group, _PICKS[group], {}, {}) for group in groups)
    return found


def _laid_count(counts: Sequence[int], rules: Rules) -> int:
    """``layout_units(counts, rules)[0]`` — the cards a concealed hand lays out — from the
    answers of its phrase groups, without building the units (the engine asks it after every
    change of a hand). A wild 混江 goes to the group it gains the most in; only the gain in
    cards laid out matters here, and none is taken when no group gains."""
    options = _options(rules)
    face_down = rules.count_face_down
    joker = options[0] and counts[HJ] > 0
    laid = gain = 0
    for group, pick, plain, wild in _group_tables(options, face_down):
        values = pick(counts)
        old = plain.get(values)
        if old is None:
            old = _group(group, values, 0, options, face_down)[0] if any(values) else 0
            if len(plain) < _MOST_KEPT:
                plain[values] = old
        laid += old
        if joker:
            found = wild.get(values)
            if found is None:
                found = _group(group, values, 1, options, face_down)[0]
                if len(wild) < _MOST_KEPT:
                    wild[values] = found
            gain = max(gain, found - old)
    return laid + gain


def tied(hand: Sequence[int], index: int) -> bool:
    """Whether every copy of kind ``index`` in ``hand`` can be in its own 句: the hand holds at
    least as many of each of the two other characters of its phrase. Three identical cards that
    are all tied may stay in hand (the seed's "都有配偶拴著（否則就暗下去了）", read for 句
    [INF]); otherwise they are laid as a 暗. ``hand`` is the concealed hand as counts over the
    25 kinds (:data:`~changpai.xiaogan.CARDS` order), ``index`` a character's kind 0..23 (混江,
    24, belongs to no phrase).

    >>> tied([3, 3, 3] + [0] * 22, 0), tied([3, 2, 3] + [0] * 22, 0)
    (True, False)
    >>> tied(parse("上上上"), 0)
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: hand=(Card('A1'), Card('A1'), Card('A1')) is not a hand of counts: 25 whole numbers 0..5, one per kind
    """
    counts = items_arg(hand, "hand", "counts")
    if len(counts) != KINDS or not all(type(n) is int and 0 <= n <= COPIES for n in counts):
        raise NotationError(
            f"hand={shown(hand)} is not a hand of counts: {KINDS} whole numbers 0..{COPIES}, "
            "one per kind"
        )
    return _tied(counts, int_arg(index, "index", low=0, high=HJ - 1, error=NotationError))


def _tied(hand: Sequence[int], index: int) -> bool:
    base = index - index % 3
    return all(hand[j] >= hand[index] for j in (base, base + 1, base + 2) if j != index)


def _identical(card: Card, count: int, wuzhang: bool) -> tuple[MeldKind, tuple[Card, ...]]:
    """The set ``count`` identical cards are laid as: 3 a 暗, 4 a 亮, 5 a 五張 (or a 亮 and one
    card left in hand when five split 4 + 1, X6)."""
    if count == 3:
        return MeldKind.AN, (card,) * 3
    if count == 5 and wuzhang:
        return MeldKind.WUZHANG, (card,) * 5
    return MeldKind.LIANG, (card,) * 4


def next_dealer(
    rules: Rules,
    dealer: int,
    winner: int | None,
    *,
    card: Card | None = None,
    players: int | None = None,
    abandoned_by: int | None = None,
) -> int:
    """The dealer of the next hand (xiaogan.md §3.5, §5, X8).

    After a win "和牌的人下第二家負責抬牌、翻牌看牌面大小決定下一牌誰是頭家": the winner's
    second-next seat cuts and turns ``card``; [INF] its phrase number (上大人 1 … 可知禮 8,
    混江 1) is counted around the table from the cutter as 1. After a hand abandoned by the
    dealer, the deal passes to the next seat unless 拖庄 is allowed (``rules.tuo_zhuang``);
    after a hand abandoned by another seat, or one where the stock ran out, the dealer deals
    again [INF]. ``players`` defaults to ``rules.players``.

    >>> next_dealer(XIAOGAN, 3, 0, card=Card("化"))  # cutter seat 2; phrase 3: seats 2, 3, 0
    0
    >>> next_dealer(XIAOGAN, 3, None), next_dealer(XIAOGAN, 3, None, abandoned_by=3)
    (3, 0)
    >>> next_dealer(XIAOGAN.evolve(tuo_zhuang=True), 3, None, abandoned_by=3)
    3
    >>> next_dealer(XIAOGAN, 3, 0)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: after a win the next dealer is decided by the card the cutter turns: give card=
    """
    rules = rules_arg(rules, Rules, "xiaogan")
    n = int_arg(rules.players if players is None else players, "players", low=2, high=7)
    dealer = check_seat(dealer, n, what="dealer", error=RulesError)
    sizes = rules.deal_sizes(n)
    if winner is not None:  # (named before the card it asks for)
        winner = check_seat(winner, n, what="winner", error=RulesError)
        check_playing(winner, dealer, sizes, "winner", "xiaogan.md §2")
    turned = cut_card_arg(card, winner, Card, "xiaogan")
    if winner is None or turned is None:
        if abandoned_by is not None:
            abandoned_by = check_seat(abandoned_by, n, what="abandoned_by", error=RulesError)
            check_playing(abandoned_by, dealer, sizes, "abandoned_by", "xiaogan.md §2")
            if abandoned_by == dealer and not rules.tuo_zhuang:
                return (dealer + 1) % n
        return dealer
    if abandoned_by is not None:
        raise RulesError(
            f"abandoned_by={shown(abandoned_by)}: a hand won by seat {clipped(winner)} was not abandoned"
        )
    count = 1 if turned.is_hunjiang else turned.index // 3 + 1
    return ((winner + 2) % n + count - 1) % n


class Game(TurnClaimGame[Card, Meld, Action, Rules]):
    """One hand of 孝感長牌 (xiaogan.md §2, §3, §5) on the draw / turn / claim flow.

    Choices where the rules are silent ([INF], see the docs page): the dealer is a parameter
    (default seat 0; :func:`next_dealer` and :class:`~changpai.xiaogan.Match` choose the next);
    the dealer must place his 門將 first when he holds a pair or 混江 (X4), else he plays
    without one; three or more identical dealt cards must be laid (3 a 暗, 4 a 亮, 5 a 五張)
    unless every copy is tied into its own 句 (:func:`tied`), and the same when a 偷 makes
    them or a discard, a claim or a set laid unties them (``Rules.lay_at_once``); a 偷 — or
    a small seat's draw — that is the fourth of a 暗 on the table makes a 起 at once, unless
    kept in hand it wins where the 起 would not; a passing fourth of a 暗 must be taken as a 起
    (xiaogan.md §4 "must, unless it wins": a pass is offered only when a 擺 or another
    claim of it wins at once, and the seat then uses it in its claim turn); 起 applies to a 暗,
    not to a 碰; a
    passing 混江 is never claimed; the 7th player (one card) neither plays nor pays.

    A seat wins as soon as it lays out ``win_count`` cards (§5): the sets on its table plus
    the sets its concealed hand forms (:func:`~changpai.xiaogan.best_layout`), checked when it
    is to discard, after every discard and on a claim, before the claim's 偷; with exactly one fewer it may ``ABANDON`` the hand
    whenever it decides — instead of discarding or of answering a claim (§5, X8).

    >>> g = Game(seed=11)
    >>> g.players, len(g.deck), len(g.hand(1)) + len(g.stock) >= 60
    (4, 121, True)
    """

    family = "xiaogan"
    rules_class = Rules
    action_class = Action
    default_rules = XIAOGAN
    value_name = "張"
    card_table = CARDS
    _engine_kinds = frozenset({*FORCED, "set"})  # (成牌: the engine's)
    win_label = "和"

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
        return list(parse(text))

    def _deck_name(self, rules: Rules) -> str:
        return "the 孝感 deck"

    # ----------------------------------------------------------------- what a seat has laid
    def laid_out(self, seat: int) -> int:
        """The cards ``seat`` lays out now (xiaogan.md §5, X2): its table sets and the sets its
        concealed hand forms (omniscient).

        >>> Game(seed=11).laid_out(1) >= 0
        True
        """
        return self._laid(self._seat(seat))

    def _laid(self, seat: int) -> int:
        return self._laid_of(seat, self._memo(seat))

    def _laid_of(self, seat: int, memo: tuple[int, int]) -> int:
        held, laid = memo
        if laid < 0:
            laid = self._table_laid(seat) + _laid_count(self._hands[seat], self.rules)
            self._laid_memo[seat] = (held, laid)
        return laid

    def _memo(self, seat: int) -> tuple[int, int]:
        """``(cards held, cards laid out or -1 until asked)`` of ``seat``, kept until its hand
        or its table changes (``_changed``; asked at each of its decisions)."""
        memo = self._laid_memo[seat]
        if memo is None:
            held = sum(self._hands[seat])
            for m in self._tables[seat]:
                held += len(m.cards)
            memo = self._laid_memo[seat] = (held, -1)
        return memo

    def _changed(self, seat: int) -> None:
        self._laid_memo[seat] = None

    def _reach(self, seat: int, need: int) -> int:
        """The cards ``seat`` lays out when it holds at least ``need`` cards (a bound of what
        it lays out), else -1."""
        memo = self._memo(seat)
        return -1 if memo[0] < need else self._laid_of(seat, memo)

    def _table_laid(self, seat: int) -> int:
        """The cards the sets on ``seat``'s table count as laid out."""
        rules = self.rules
        table = 0
        for m in self._tables[seat]:
            table += m.laid_out(rules)
        return table

    def _after_deal(self) -> None:
        #: What ``_memo`` keeps of each seat's hand and table.
        self._laid_memo: list[tuple[int, int] | None] = [None] * self.players
        #: The kinds of the 暗 of three identical cards on each seat's table (``_has_an``),
        #: kept where a set is laid or a 暗 becomes a 起.
        self._an_kinds: list[frozenset[int]] = [frozenset()] * self.players

    def _view_facts(self, seat: int) -> tuple[tuple[str, Any], ...]:
        # (by seat number, every seat of the table: one that sits out has laid none)
        shown = PerSeat(
            sum(m.laid_out(self.rules) for m in self._tables[s]) for s in range(self.players)
        )
        return (("cards on the tables", shown),)

    # ----------------------------------------------------------------- actions and units
    def _new_action(self, kind: str, seat: int, card: Card | None = None) -> Action:
        key = (kind, seat, -1 if card is None else card.index)
        found = _ACTIONS.get(key)  # (``_action`` inline: the flow's hot path)
        return _action(kind, seat, card) if found is None else found

    def _discards(self, seat: int) -> Sequence[Action]:
        return _discard_row(seat)

    def _lay_unit(self, action: Action) -> Meld:
        assert action.meld is not None
        meld = _meld(action.meld, action.cards)
        self._note_an(action.seat, meld)
        return meld

    def _note_an(self, seat: int, meld: Meld) -> None:
        """Note a 暗 of three identical cards laid on ``seat``'s table (``_an_kinds``)."""
        cards = meld.cards
        if meld.kind is MeldKind.AN and cards[0] == cards[1] == cards[2]:
            self._an_kinds[seat] |= {cards[0].index}

    def _set(self, seat: int, card: Card, cards: tuple[Card, ...], kind: MeldKind) -> Action:
        """The record of a set laid at once (``SET``): one a 偷 or a small seat's draw
        completes (``card`` the card drawn), or identical cards left untied (``card`` one of
        them)."""
        return _shared(
            ("set", seat, card.index, kind, len(cards)),
            lambda: Action(seat, K.SET, card, cards, kind),
        )

    def _lay(self, seat: int, kind: MeldKind, cards: tuple[Card, ...]) -> Action:
        return _shared(
            ("lay", seat, kind, tuple(c.index for c in cards)),
            lambda: Action(seat, K.LAY, cards=cards, meld=kind),
        )

    # ----------------------------------------------------------------- setup (§2, X4)
    def _setup_options(self, seat: int) -> tuple[list[Action], bool]:
        h = self._hands[seat]
        if seat == self.dealer and not any(m.kind is MeldKind.MENJIANG for m in self._tables[seat]):
            # X4: the dealer places his 門將 before play: a pair, or 混江 and any card (X3).
            pairs = [
                self._lay(seat, MeldKind.MENJIANG, (CARDS[i], CARDS[i]))
                for i in range(24)
                if h[i] >= 2
            ]
            if h[HJ]:
                pairs += [
                    self._lay(seat, MeldKind.MENJIANG, (CARDS[i], CARDS[HJ]))
                    for i in range(24)
                    if h[i]
                ]
            if pairs:
                return pairs, True
        out: list[Action] = []
        mandatory = False
        wild = self.rules.hunjiang == "wild" and h[HJ] > 0
        for i in range(24):
            c = h[i]
            if c >= 3:
                kind, cards = _identical(CARDS[i], c, self.rules.wuzhang)
                out.append(self._lay(seat, kind, cards))
                mandatory = mandatory or not _tied(h, i)
            if wild and 2 <= c <= (4 if self.rules.wuzhang else 3):
                kind = (MeldKind.AN, MeldKind.LIANG, MeldKind.WUZHANG)[c - 2]
                out.append(self._lay(seat, kind, (CARDS[i],) * c + (CARDS[HJ],)))
        return out, mandatory

    # ----------------------------------------------------------------- discard and claims (§3)
    def _discard_options(self, seat: int) -> list[int]:
        h = self._hands[seat]
        return [i for i in range(len(h)) if h[i]]

    def _claim(self, seat: int, card: Card, kind: MeldKind, own: tuple[int, ...]) -> Action:
        return _shared(
            ("claim", seat, card.index, kind, own),
            lambda: Action(seat, K.CLAIM, card, tuple(CARDS[i] for i in own), kind),
        )

    def _has_an(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` has a 暗 of three ``card`` on its table (a passing fourth is a 起)."""
        return card.index in self._an_kinds[seat]

    def _can_claim(self, seat: int, card: Card, cls: int) -> bool:
        # Answers as ``bool(self._claim_options(seat, card, cls)[0])`` without building them.
        x = card.index
        if x == HJ:
            return False
        h = self._hands[seat]
        wild = h[HJ] > 0 and self.rules.hunjiang == "wild"
        if cls == 0:
            if h[x] >= 2 or (wild and h[x] > 0):
                return True
            return bool(self._tables[seat]) and self._has_an(seat, card)
        if self._small[seat]:
            return False
        a, b = _JU_PAIRS[x]
        if (h[a] and h[b]) or (wild and (h[a] or h[b])):
            return True
        if self.rules.numeric_sentences:
            for a, b in _RUN_PAIRS[x]:
                if (h[a] and h[b]) or (wild and (h[a] or h[b])):
                    return True
        return False

    def _claimers(self, card: Card, seats: Sequence[int]) -> list[tuple[int, int]]:
        # ``_can_claim`` of every seat and class in one pass (asked at every offer);
        # tests/xiaogan/test_engine_fast.py checks that both agree.
        x = card.index
        if x == HJ:
            return []
        hands, an_kinds, small = self._hands, self._an_kinds, self._small
        rules = self.rules
        wild_rule = rules.hunjiang == "wild"
        a, b = _JU_PAIRS[x]
        runs = _RUN_PAIRS[x] if rules.numeric_sentences else ()
        first: list[tuple[int, int]] = []
        second: list[tuple[int, int]] = []
        for seat in seats:
            h = hands[seat]
            wild = wild_rule and h[HJ] > 0
            n = h[x]
            if n >= 2 or (wild and n) or x in an_kinds[seat]:  # (``_has_an``)
                first.append((0, seat))
            if small[seat]:
                continue
            if (h[a] and h[b]) or (wild and (h[a] or h[b])):
                second.append((1, seat))
                continue
            for c, d in runs:
                if (h[c] and h[d]) or (wild and (h[c] or h[d])):
                    second.append((1, seat))
                    break
        return first + second

    def _claim_options(self, seat: int, card: Card, cls: int) -> tuple[list[Action], bool]:
        x = card.index
        if x == HJ:
            return [], False
        h = self._hands[seat]
        wild = self.rules.hunjiang == "wild" and h[HJ] > 0
        out: list[Action] = []
        if cls == 0:
            if h[x] >= 2:
                out.append(self._claim(seat, card, MeldKind.PENG, (x, x)))
            if h[x] >= 3:
                out.append(self._claim(seat, card, MeldKind.GANG, (x, x, x)))
            if wild and h[x] >= 1:
                out.append(self._claim(seat, card, MeldKind.PENG, (x, HJ)))
            if wild and h[x] >= 2:
                out.append(self._claim(seat, card, MeldKind.GANG, (x, x, HJ)))
            if self._has_an(seat, card):
                # xiaogan.md §4: the fourth of a 暗 must be taken as a 起 "unless it wins": a
                # winning 碰, 杠 or 擺 of it is offered beside the 起, and nothing else (the
                # seat holds the card before any 擺 of the others, §3.3)
                qi = self._claim(seat, card, MeldKind.QI, (x, x, x))
                wins = [a for a in out if self._wins_with(seat, [a])]
                wins += (a for a in self._bai_options(seat, card) if self._wins_with(seat, [a]))
                return [qi, *wins], True
            return out, False
        return self._bai_options(seat, card), False

    def _bai_options(self, seat: int, card: Card) -> list[Action]:
        """The 擺 of ``card`` (a 句, or a 順 with ``numeric_sentences``) ``seat`` may make."""
        x = card.index
        h = self._hands[seat]
        wild = self.rules.hunjiang == "wild" and h[HJ] > 0
        out: list[Action] = []
        if self._small[seat]:
            return out  # xiaogan.md §2: a small seat may not 擺
        shapes: list[tuple[MeldKind, tuple[int, int]]] = [(MeldKind.JU, _JU_PAIRS[x])]
        if self.rules.numeric_sentences:
            shapes += [(MeldKind.SHUN, pair) for pair in _RUN_PAIRS[x]]
        for kind, (a, b) in shapes:
            if h[a] and h[b]:
                out.append(self._claim(seat, card, kind, (a, b)))
            if wild and h[a]:
                out.append(self._claim(seat, card, kind, (a, HJ)))
            if wild and h[b]:
                out.append(self._claim(seat, card, kind, (b, HJ)))
        if wild and len(shapes) > 1:
            # (a card and 混江 may make one 順 two ways — 九 + 混江 to a passing 八 as 七八九
            # and 八九十 — which the action does not tell apart: each decision once)
            out = list(dict.fromkeys(out))
        return out

    def _wins_in_hand(self, seat: int, x: int) -> bool:
        """Whether a 偷 of kind ``x``, the fourth of a 暗 on the table, kept in hand makes
        ``seat`` lay out ``win_count`` cards at once where the 起 would not."""
        rules = self.rules
        if self._laid(seat) + 1 >= rules.win_count:
            return False  # the 起 (one more card laid out) wins as well
        kept = list(self._hands[seat])
        kept[x] += 1
        return self._table_laid(seat) + layout_units(kept, rules)[0] >= rules.win_count

    def _wins_with(self, seat: int, claims: list[Action]) -> bool:
        """Whether one of ``claims`` (a 碰 / 杠 / 擺 of the offered card) makes ``seat`` lay out
        ``win_count`` cards at once, before any 偷 (which the win does not wait for)."""
        rules = self.rules
        table = self._table_laid(seat)
        for claim in claims:
            rest = list(self._hands[seat])
            for own in claim.cards:
                rest[own.index] -= 1
            laid = table + len(claim.cards) + 1 + layout_units(rest, rules)[0]
            if laid >= rules.win_count:
                return True
        return False

    def _form_claim(self, action: Action) -> int:
        seat, card, kind = action.seat, action.card, action.meld
        assert card is not None and kind is not None
        table = self._tables[seat]
        if kind is MeldKind.QI:
            k = next(
                k for k, m in enumerate(table) if m.kind is MeldKind.AN and m.cards == action.cards
            )
            table[k] = _meld(MeldKind.QI, (*action.cards, card), card)
            self._an_kinds[seat] -= {card.index}
            return kind.tou
        for own in action.cards:
            self._hands[seat][own.index] -= 1
        table.append(_meld(kind, (*action.cards, card), card))
        return kind.tou + self._untie(seat, action.cards)

    def _untie(self, seat: int, cards: Sequence[Card]) -> int:
        # (§4 [INF], Rules.lay_at_once: three or more identical cards stay in hand only while
        # every copy is tied into its own 句 — "否則就暗下去了"; a card leaving the hand can
        # untie only the other two characters of its phrase, and a set laid so its own)
        h = self._hands[seat]
        for own in cards:  # (the hot path: no three of a character in the phrases touched)
            x = own.index
            if x != HJ:
                x -= x % 3
                if h[x] > 2 or h[x + 1] > 2 or h[x + 2] > 2:
                    break
        else:
            return 0
        if not self.rules.lay_at_once:
            return 0
        todo = [c.index for c in cards if c.index != HJ]
        tou = 0
        while todo:
            x = todo.pop()
            base = x - x % 3
            for i in (base, base + 1, base + 2):
                if i != x and h[i] >= 3 and not _tied(h, i):
                    # (noted 暗下 / 亮下 / 五張下: the seed's "否則就暗下去了")
                    tou += self._lay_identical(seat, CARDS[i], after="下")
                    todo.append(i)
        if tou:
            self._changed(seat)
        return tou

    def _take_drawn(self, seat: int, card: Card) -> int:
        if not self.rules.lay_at_once:
            self._hands[seat][card.index] += 1
            return 0
        return self._place_tou(seat, card, how="摸")

    # ----------------------------------------------------------------- 偷 (§2, §4)
    def _place_tou(self, seat: int, card: Card, how: str = "偷") -> int:
        x = card.index
        table = self._tables[seat]
        h = self._hands[seat]
        if x != HJ:
            for k, meld in enumerate(table):
                if meld.kind is MeldKind.AN and meld.cards == (card,) * 3:
                    if self._wins_in_hand(seat, x):
                        break  # §4: the fourth of a 暗 goes to it "unless it wins"
                    table[k] = _meld(MeldKind.QI, (card,) * 4, card)
                    self._an_kinds[seat] -= {x}
                    self._force(self._set(seat, card, (card,) * 3, MeldKind.QI), note=f"{how} 起")
                    return MeldKind.QI.tou
        h[x] += 1
        if x == HJ or h[x] < 3 or _tied(h, x):
            return 0
        return self._lay_identical(seat, card, before=f"{how} ") + self._untie(seat, (card,))

    def _lay_identical(self, seat: int, card: Card, *, before: str = "", after: str = "") -> int:
        """Lay the identical cards of ``card`` in ``seat``'s hand (3 a 暗, 4 a 亮, 5 a 五張),
        recorded as a set (the card and the cards it joins, as a 起's record) noted with its
        kind between ``before`` and ``after``; the 偷 it earns."""
        h = self._hands[seat]
        kind, cards = _identical(card, h[card.index], self.rules.wuzhang)
        h[card.index] -= len(cards)
        meld = _meld(kind, cards)
        self._tables[seat].append(meld)
        self._note_an(seat, meld)
        self._force(self._set(seat, card, cards[1:], kind), note=f"{before}{kind.hanzi}{after}")
        return kind.tou

    # ----------------------------------------------------------------- the win and the abandon (§5)
    def _wins_during_tou(self) -> bool:
        # (§5: a seat wins as soon as it lays out win_count cards — on a claim too, before its
        # 偷; win_during_tou=False checks after them, as 0.2.0 did: review h80)
        return self.rules.win_during_tou

    def _has_won(self, seat: int) -> bool:
        need = self.rules.win_count
        return self._reach(seat, need) >= need

    def _may_abandon(self, seat: int) -> bool:
        need = self.rules.win_count - 1
        return self._reach(seat, need) == need

    def _layout(self, seat: int) -> Decomposition:
        found = layout_units(self._hands[seat], self.rules)
        concealed = tuple(Meld(kind, tuple(CARDS[i] for i in cards)) for kind, cards in found[3])
        loose = tuple(CARDS[i] for i in found[4])
        return Decomposition(concealed, tuple(self._tables[seat]), self.rules, loose)

    def _win(self, seat: int) -> Win:
        discarder, turned, drawn = self._last_card(seat)
        return Win(
            self._layout(seat),
            winner=seat,
            discarder=discarder,
            turned=turned,
            self_drawn=drawn,
            players=self.players,
            payers=tuple(s for s in self.seats if s != seat),
        )

    def _score(self, seat: int, win: Win) -> ScoreSheet:
        return score(win, rules=self.rules)

    def _win_value(self, seat: int, sheet: ScoreSheet) -> int:
        return int(sheet.fact("laid_out", 0))

    def _legal_now(self, seat: int) -> list[Action]:
        found = super()._legal_now(seat)
        if self._phase in ("discard", "claim") and self._may_abandon(seat):
            found.append(self._new_action("abandon", seat))
        return found

    def apply(self, action: Action) -> ActionRecord[Action]:
        """Apply a legal decision (an ``ABANDON`` ends the hand without a winner, xiaogan.md
        §5), then every forced move that follows; an illegal action raises
        :class:`~changpai.errors.IllegalActionError` and leaves the game unchanged.

        >>> g = Game(seed=3)
        >>> g.apply(Action(0, K.ABANDON))
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: seat 0 放棄 is not legal in the setup phase; legal kinds: lay
        """
        if not (isinstance(action, Action) and action.kind is K.ABANDON):
            return super().apply(action)
        self.verify(action)
        record: ActionRecord[Action] = ActionRecord(action)
        self._log.append(record)
        self._phase = "over"
        if self._offer is not None:  # (the card on offer is left unclaimed: it lies dead)
            self._dead.append(self._offer[0])
            self._offer = None
        self._result = GameResult(
            None,
            "abandon",
            label="放棄",
            next_dealer=next_dealer(
                self.rules, self.dealer, None, players=self.players, abandoned_by=action.seat
            ),
        )
        return record
