"""The 川牌 擠兒 game engine (chuanpai.md §2.1, §2.2, §2.4, §2.5): deal, laying of dealt sets and
replacement draws (偷), discards and turned cards offered to everybody, claims in seat order with
碰 / 起 / 扛 / 燕 before 擺, the forced rules, the win and its score.

The family-neutral draw / turn / claim flow (deal by seat position, a setup phase, the 偷 queue,
discard -> offer -> claims by priority class then seat distance -> turn a card from the stock,
small seats that draw and swap, win checks, log, replay, JSON) is
:class:`~changpai.core.turnclaim.TurnClaimGame`, shared with the 孝感 family (same flow with 句
instead of 擠兒, xiaogan.md §3); :class:`Game` fills in the 川牌 hooks (which units exist, which
claims are forced, where a 偷 goes, the 過牌, when a hand has won, the score). Random play,
perft and simulations come from :mod:`changpai.core.playout`.

Forced moves are applied by the engine and written to the log as forced records (偷 draws, sets
completed by a 偷, 過牌, the turned card, a small seat's draw, the win); every other decision is an
:class:`Action` of the seat in :attr:`~changpai.core.turnclaim.TurnClaimGame.to_act`.

>>> game = Game(seed=3)
>>> game.to_act
[0]
>>> while not game.is_over:
...     seat = game.to_act[0]
...     _ = game.apply(game.legal_actions(seat)[0])
>>> game.result.reason in ("win", "stock exhausted")
True
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from attrs import field, frozen

from changpai.chuanpai.cards import CARDS, KINDS, SEVENS, Card
from changpai.chuanpai.hand import _best_decomposition, _can_jiao, _is_complete, _qitou
from changpai.chuanpai.melds import DING_INDEX, Meld, MeldKind, is_jing_set, pair_ok
from changpai.chuanpai.rules import YAODIREN, Rules
from changpai.chuanpai.scoring import score
from changpai.core import playout
from changpai.core.scoresheet import ScoreSheet
from changpai.core.serial import rules_from_dict
from changpai.core.turnclaim import ActionRecord, GameResult, TurnClaimGame
from changpai.errors import IllegalActionError, NotationError, RulesError

__all__ = [
    "Action",
    "ActionRecord",
    "Game",
    "GameResult",
    "Match",
    "Simulation",
    "TurnClaimGame",
    "draw_dealer",
    "next_dealer",
    "perft",
    "simulate",
    "stack_deck",
]

_JING = (21, 22)
_SEVENS = tuple(c.index for c in SEVENS)
_POINTS = tuple(c.points for c in CARDS)



def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


@frozen
class Action:
    """One decision (or, in the log, one forced move) of a seat.

    ``kind`` is ``"lay"`` (lay a dealt set during setup), ``"ready"`` (end of laying), ``"discard"``,
    ``"claim"`` (take the offered ``card`` with ``cards`` from hand into a unit of kind ``meld``;
    ``guo=True`` when the own card is a 過牌) or ``"pass"``. Forced records use ``"tou"``,
    ``"turn"``, ``"draw"``, ``"set"``, ``"keep"`` (a 偷 that wins instead of making a 起),
    ``"guo"``, ``"skip"``, ``"win"`` and ``"end"``. The own
    ``cards`` are kept sorted, so their order does not matter.

    >>> a = Action("claim", 1, card=Card("66"), cards=(Card("44"),), meld=MeldKind.BAI)
    >>> str(a)
    'seat 1 claim 擺 天牌 with 人牌'
    >>> Action.from_dict(a.to_dict()) == a
    True
    """

    kind: str
    seat: int
    card: Card | None = None
    cards: tuple[Card, ...] = field(default=(), converter=_sorted_cards)
    meld: MeldKind | None = None
    guo: bool = False

    def __str__(self) -> str:
        parts = [f"seat {self.seat} {self.kind}"]
        if self.meld is not None:
            parts.append(self.meld.hanzi)
        if self.card is not None:
            parts.append(self.card.name)
        if self.cards:
            word = "with 過牌" if self.guo else "with"
            if self.kind in ("claim",):
                parts.append(word + " " + " ".join(c.name for c in self.cards))
            else:
                parts.append(" ".join(c.name for c in self.cards))
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> Action("discard", 0, card=Card("11")).to_dict()["card"]
        '11'
        """
        return {
            "kind": self.kind,
            "seat": self.seat,
            "card": None if self.card is None else self.card.code,
            "cards": [c.code for c in self.cards],
            "meld": None if self.meld is None else self.meld.value,
            "guo": self.guo,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_dict`.

        >>> Action.from_dict({"kind": "pass", "seat": 2}).kind
        'pass'
        >>> Action.from_dict({"kind": "pass"})
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: {'kind': 'pass'} is not a chuanpai action: the key 'seat' is missing
        """
        if not isinstance(data, dict):
            raise NotationError(f"{data!r} is not a chuanpai action: expected a JSON object")
        for key in ("kind", "seat"):
            if key not in data:
                raise NotationError(
                    f"{data!r} is not a chuanpai action: the key {key!r} is missing"
                )
        seat, meld = data["seat"], data.get("meld")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise NotationError(f"{data!r} is not a chuanpai action: seat {seat!r} is not a number")
        if meld is not None and meld not in {k.value for k in MeldKind}:
            raise NotationError(f"{data!r} is not a chuanpai action: {meld!r} is not a unit kind")
        cards = data.get("cards", ())
        if not isinstance(cards, (list, tuple)):
            raise NotationError(f"{data!r} is not a chuanpai action: cards must be a list")
        return cls(
            kind=data["kind"],
            seat=seat,
            card=None if data.get("card") is None else Card.parse(data["card"]),
            cards=tuple(Card.parse(c) for c in cards),
            meld=None if meld is None else MeldKind(meld),
            guo=bool(data.get("guo", False)),
        )


def _every_counts(hand: Sequence[int], table: Sequence[Meld], guo: Sequence[Card]) -> list[int]:
    """The counts of every card of a seat: concealed ``hand`` counts, ``guo`` and the table."""
    every = list(hand)
    for card in guo:
        every[card.index] += 1
    for meld in table:
        for card in meld.cards:
            every[card.index] += 1
    return every


@lru_cache(maxsize=8)
def _pair_partners(pair_sums: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For every dot-card index ``i``, the indices ``j >= i`` (and the 經牌) it forms a 擠兒 or a
    經 pair with."""
    return tuple(
        tuple(
            j for j in (*range(i, 21), *_JING)
            if j in _JING or _POINTS[i] + _POINTS[j] in pair_sums
        )
        for i in range(21)
    )


@lru_cache(maxsize=100_000)
def _max_pairs(counts: tuple[int, ...], pair_sums: tuple[int, ...]) -> int:
    """The largest number of disjoint 擠兒 (incl. 經 pairs) in a concealed hand."""
    for low in range(21):
        if counts[low]:
            break
    else:
        return 0
    cap = sum(counts) // 2  # no hand holds more pairs: stop once a branch reaches it
    rest = list(counts)
    rest[low] -= 1
    best = 0
    for j in _pair_partners(pair_sums)[low]:
        if rest[j]:
            rest[j] -= 1
            found = 1 + _max_pairs(tuple(rest), pair_sums)
            rest[j] += 1
            if found > best:
                if found == cap:
                    return found
                best = found
    return max(best, _max_pairs(tuple(rest), pair_sums))  # or leave this card single


class Game(TurnClaimGame[Card, Meld, Action, Rules]):
    """The 川牌 擠兒 game (presets :data:`~changpai.chuanpai.YAODIREN` and
    :data:`~changpai.chuanpai.GEHU`), chuanpai.md §2.1, §2.2, §2.4, §2.5.

    Choices where the rules are silent (see the docs page): the dealer is a parameter (default
    seat 0; :func:`draw_dealer`, :meth:`next_dealer` and :class:`Match` choose it as §2.1 /
    §2.2.5 say); with 2 or 3 players there is no 摸家; a set completed by a 偷 is laid at once
    (a fourth that would win the hand stays in hand instead of making a 起);
    a 3-card 經 set is never forced; 起 applies to a 暗 on the table (not to a 碰); the player
    whose cards are all formed wins as soon as it is his turn to discard or right after his
    discard; an unclaimed card is dead, and the next seat turns a card from the stock.

    Besides the state of :class:`~changpai.core.turnclaim.TurnClaimGame`, a game holds the
    過牌 of every seat (``guo``: cards laid face down, chuanpai.md §2.4.3), the card kinds that
    passed each seat without a partner in its hand (``passed``) and whether each seat held the
    叫牌 condition when dealt (``jiao_at_deal``).

    >>> g = Game(seed=11)
    >>> g.players, len(g.hand(0)) + sum(m.tou for m in g.tables[0]) >= 18
    (4, True)
    """

    family = "chuanpai"
    card_table = CARDS
    #: Reads one card code (for JSON).
    parse_card = staticmethod(Card.parse)
    #: The family's rules class (for JSON).
    rules_class = Rules

    def __init__(
        self,
        rules: Rules = YAODIREN,
        *,
        players: int | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        dealer: int = 0,
    ) -> None:
        super().__init__(rules, players=players, seed=seed, deck=deck, dealer=dealer)

    def next_dealer(self, card: Card) -> int:
        """The dealer of the next hand once this one is over, given the card that the winner's
        second-next seat turns after cutting (chuanpai.md §2.2.5; see :func:`next_dealer`).

        >>> g = Game(seed=3)
        >>> while not g.is_over:
        ...     _ = g.apply(g.legal_actions(g.to_act[0])[0])
        >>> g.result.winner, g.next_dealer(Card("26"))  # cutter 2; 8 points: 2 3 0 1 2 3 0 1
        (0, 1)
        """
        if self._result is None:
            raise IllegalActionError("the hand is not over: no next dealer yet")
        return next_dealer(self._result.winner, card, self.players, self.dealer)

    # -- deal (chuanpai.md §2.5 叫牌 at deal, Ambiguities C6), 過牌 state and views
    def _deck_name(self, rules: Rules) -> str:
        return rules.deck

    def _after_deal(self) -> None:
        self.guo: list[list[Card]] = [[] for _ in range(self.players)]
        self.passed: list[set[int]] = [set() for _ in range(self.players)]
        self.jiao_at_deal = [
            _can_jiao(_every_counts(self.hands[s], self.tables[s], self.guo[s]))
            for s in range(self.players)
        ]

    def _side_cards(self, seat: int) -> Sequence[Card]:
        return self.guo[seat]

    def _view_extra(self, seat: int) -> Mapping[str, Any]:
        return {
            "guo": [[c.code for c in g] if s == seat else len(g) for s, g in enumerate(self.guo)]
        }

    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self.guo, self.passed)

    def _face_down(self, meld: Meld) -> bool:
        return meld.kind is MeldKind.AN

    # -- the family's actions, units and JSON
    def _new_action(self, kind: str, seat: int, card: Card | None = None) -> Action:
        return Action(kind, seat, card=card)

    def _lay_unit(self, action: Action) -> Meld:
        assert action.meld is not None
        return Meld(action.meld, action.cards)

    @classmethod
    def _load_rules(cls, data: Any) -> Rules:
        return rules_from_dict(Rules, data, family=cls.family)

    @classmethod
    def _load_card(cls, code: str) -> Card:
        return Card.parse(code)

    @classmethod
    def _load_action(cls, data: dict[str, Any]) -> Action:
        return Action.from_dict(data)

    # -- helpers
    def _mp(self, counts: Sequence[int]) -> int:
        return _max_pairs(tuple(counts), self.rules.pair_sums)

    def _minus(self, seat: int, *indices: int) -> list[int]:
        h = list(self.hands[seat])
        for i in indices:
            h[i] -= 1
        return h

    def _surplus(self, seat: int, index: int) -> bool:
        h = self.hands[seat]
        return h[index] > 0 and self._mp(self._minus(seat, index)) == self._mp(h)

    # -- setup (chuanpai.md §2.1: lay dealt 暗 and 燕)
    def _setup_options(self, seat: int) -> tuple[list[Action], bool]:
        h = self.hands[seat]
        out: list[Action] = []
        mandatory = False
        for i in range(21):
            c = h[i]
            if c >= 3:
                # chuanpai.md §2.3: the identical cards are laid together — three as a 暗,
                # four as a 亮 ("自己手裏組成四張一樣的牌，明擺…叫做亮"), five as a 土夥.
                card = CARDS[i]
                kind = {3: MeldKind.AN, 4: MeldKind.LIANG}.get(c, MeldKind.TUHUO)
                out.append(Action("lay", seat, cards=(card,) * c, meld=kind))
                if _qitou(h, i, self.rules) != "optional":
                    mandatory = True
        if all(h[i] for i in _SEVENS):
            out.append(Action("lay", seat, cards=SEVENS, meld=MeldKind.YAN))
            mandatory = True
        if h[DING_INDEX] >= 2:
            ding = CARDS[DING_INDEX]
            for j in _JING:
                if h[j]:
                    out.append(Action("lay", seat, cards=(ding, ding, CARDS[j]), meld=MeldKind.AN))
            if h[21] and h[22]:
                out.append(
                    Action("lay", seat, cards=(ding, ding, CARDS[21], CARDS[22]),
                           meld=MeldKind.LIANG)
                )
        return out, mandatory

    # -- discard (chuanpai.md §2.4.1 不能拆了擠兒打)
    def _discard_options(self, seat: int) -> list[int]:
        h = self.hands[seat]
        held = [i for i in range(KINDS) if h[i]]
        surplus = [i for i in held if self._surplus(seat, i)]
        return surplus or held

    # -- claims (chuanpai.md §2.2.3, §2.3, §2.4.2, §2.4.3)
    def _claim_options(self, seat: int, card: Card, cls: int) -> tuple[list[Action], bool]:
        h = self.hands[seat]
        x = card.index
        out: list[Action] = []
        forced = False
        if cls == 0:
            if not card.is_jing and h[x] >= 2:
                out.append(Action("claim", seat, card=card, cards=(card, card),
                                  meld=MeldKind.PENG))
                q = _qitou(h, x, self.rules)
                both_tied = self._mp(self._minus(seat, x, x)) == self._mp(h) - 2
                if q == "mandatory" or (q is None and not both_tied):
                    forced = True
            ding = CARDS[DING_INDEX]
            if x == DING_INDEX and h[x] >= 1:
                for j in _JING:
                    if h[j]:
                        out.append(Action("claim", seat, card=card, cards=(ding, CARDS[j]),
                                          meld=MeldKind.PENG))
            if card.is_jing and h[DING_INDEX] >= 2:
                out.append(Action("claim", seat, card=card, cards=(ding, ding),
                                  meld=MeldKind.PENG))
            if x in _SEVENS:
                others = [i for i in _SEVENS if i != x]
                if all(h[i] for i in others):
                    out.append(Action("claim", seat, card=card,
                                      cards=tuple(CARDS[i] for i in others), meld=MeldKind.YAN))
                    if self._mp(self._minus(seat, *others)) > self._mp(h) - 2:
                        forced = True
            if any(m.kind is MeldKind.AN and m.cards == (card,) * 3 for m in self.tables[seat]):
                out.append(Action("claim", seat, card=card, cards=(card,) * 3, meld=MeldKind.QI))
                # chuanpai.md §2.3: the 4th must join the 暗 unless that card wins the hand.
                if not any(self._claim_wins(a) for a in self._claim_options(seat, card, 1)[0]):
                    forced = True
            for three in self._jing_threes(seat, card):
                # chuanpai.md §2.3: three of the "real and fake 經" + the 4th must be 扛'd.
                out.append(Action("claim", seat, card=card, cards=three, meld=MeldKind.KANG))
                forced = True
            for meld in self.tables[seat]:
                if meld.kind is MeldKind.AN and meld.jing and is_jing_set((*meld.cards, card)):
                    out.append(Action("claim", seat, card=card, cards=meld.cards,
                                      meld=MeldKind.QI))
                    forced = True
            if not card.is_jing and h[x] == 3:
                out.append(Action("claim", seat, card=card, cards=(card,) * 3,
                                  meld=MeldKind.KANG))
                if self.rules.kang == "qitou" and (
                    _qitou(h, x, self.rules) == "mandatory"
                ):
                    forced = True
            return out, forced
        turned = self.offer is not None and self.offer[2]
        if self.is_small(seat) or (turned and not self.rules.turned_bai):
            return [], False
        for i in range(KINDS):
            if not h[i]:
                continue
            other = CARDS[i]
            if card.is_jing != other.is_jing:
                out.append(Action("claim", seat, card=card, cards=(other,),
                                  meld=MeldKind.JING_PAIR))
            elif pair_ok(card, other, self.rules):
                out.append(Action("claim", seat, card=card, cards=(other,), meld=MeldKind.BAI))
                if self._surplus(seat, i):
                    forced = True
        if x in self.passed[seat]:
            for g in sorted(set(self.guo[seat])):
                if pair_ok(card, g, self.rules):
                    out.append(Action("claim", seat, card=card, cards=(g,), meld=MeldKind.BAI,
                                      guo=True))
                    forced = True
        return out, forced

    def _jing_threes(self, seat: int, card: Card) -> list[tuple[Card, ...]]:
        """The 經-set cards in hand (three of 丁丁 / 財神 / 聽用) that ``card`` makes a 4-card 經 set."""
        if card.index not in (DING_INDEX, *_JING):
            return []
        h = self.hands[seat]
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
            self.guo[seat].remove(action.cards[0])
        elif action.meld is not MeldKind.QI:
            for c in action.cards:
                self.hands[seat][c.index] -= 1
        if action.meld is MeldKind.QI:
            table = self.tables[seat]
            at = next(
                k for k, m in enumerate(table)
                if m.kind is MeldKind.AN and m.cards == tuple(sorted(action.cards))
            )
            table[at] = Meld(MeldKind.QI, (*action.cards, action.card), claimed=action.card)
        else:
            self.tables[seat].append(
                Meld(action.meld, (*action.cards, action.card), claimed=action.card)
            )
        return action.meld.tou

    # -- 偷 (chuanpai.md §2.3: a 偷 completing a set is laid at once; §2.4.3 過牌)
    def _tou_wins_in_hand(self, seat: int, card: Card) -> bool:
        """chuanpai.md §2.3 起: the fourth card must join the 暗 "除非那張牌導致你和牌" — unless
        it wins the hand; only the last pending 偷 can win at once."""
        if self._tou_left:
            return False
        counts = list(self.hands[seat])
        counts[card.index] += 1
        if not self._wins_with(seat, counts, self.tables[seat], self.guo[seat]):
            return False
        self.hands[seat][card.index] += 1
        self._force(Action("keep", seat, card=card), note="the 4th wins the hand: no 起")
        return True

    def _place_tou(self, seat: int, card: Card) -> int:
        h = self.hands[seat]
        x = card.index
        table = self.tables[seat]
        for k, meld in enumerate(table):
            if meld.kind is MeldKind.AN and meld.jing and is_jing_set((*meld.cards, card)):
                if self._tou_wins_in_hand(seat, card):
                    return 0
                table[k] = Meld(MeldKind.QI, (*meld.cards, card), claimed=card)
                self._force(Action("set", seat, card=card, meld=MeldKind.QI), note="偷 經 起")
                return MeldKind.QI.tou
        threes = self._jing_threes(seat, card)
        if threes:
            # chuanpai.md §2.3 經 set: three of the "real and fake 經" + the 4th form one set.
            three = threes[0]
            for c in three:
                h[c.index] -= 1
            table.append(Meld(MeldKind.LIANG, (*three, card)))
            self._force(Action("set", seat, card=card, meld=MeldKind.LIANG), note="偷 經 亮")
            return MeldKind.LIANG.tou
        if not card.is_jing:
            for k, meld in enumerate(table):
                if meld.kind is MeldKind.AN and meld.cards == (card,) * 3:
                    if self._tou_wins_in_hand(seat, card):
                        return 0
                    table[k] = Meld(MeldKind.QI, (card,) * 4, claimed=card)
                    self._force(Action("set", seat, card=card, meld=MeldKind.QI), note="偷 起")
                    return MeldKind.QI.tou
            kind = {2: MeldKind.AN, 3: MeldKind.LIANG, 4: MeldKind.TUHUO}.get(h[x])
            if kind is not None:
                cards = (card,) * (h[x] + 1)
                h[x] = 0
                table.append(Meld(kind, cards))
                self._force(Action("set", seat, card=card, meld=kind), note=f"偷 {kind.hanzi}")
                return kind.tou
            if x in _SEVENS:
                others = [i for i in _SEVENS if i != x]
                if all(h[i] for i in others):
                    for i in others:
                        h[i] -= 1
                    table.append(Meld(MeldKind.YAN, SEVENS))
                    self._force(Action("set", seat, card=card, meld=MeldKind.YAN), note="偷 燕")
                    return MeldKind.YAN.tou
            if not self.is_small(seat) and any(
                pair_ok(card, CARDS[p], self.rules) for p in self.passed[seat]
            ):
                self.guo[seat].append(card)
                self._force(Action("guo", seat, card=card), note="過牌")
                return 0
        h[x] += 1
        return 0

    def _note_passed(self, seat: int, card: Card) -> None:
        if card.is_jing or self.is_small(seat):
            return
        h = self.hands[seat]
        if not any(h[i] and pair_ok(card, CARDS[i], self.rules) for i in range(21)):
            self.passed[seat].add(card.index)

    # -- the win (chuanpai.md §2.5, Ambiguities C4, C6) and the score (§2.6)
    def _alternative_win(self, seat: int, table: list[Meld]) -> bool:
        rules = self.rules
        cards = [c for m in table for c in m.cards]
        if rules.win == "cards16":
            return len(cards) >= rules.cards_to_win
        if rules.win == "red_dots":
            pos = self.position(seat)
            target = rules.red_dot_targets[0 if pos == 0 else 2 if self.is_small(seat) else 1]
            if sum(c.red_dots for c in cards) >= target:
                return True
            return (
                self.is_small(seat)
                and len(cards) >= rules.red_dot_targets[2]
                and all(c.all_black or c.code in ("12", "56") for c in cards)
            )
        return False

    def _has_won(self, seat: int) -> bool:
        return self._wins_with(seat, self.hands[seat], self.tables[seat], self.guo[seat])

    def _wins_with(
        self, seat: int, hand: Sequence[int], table: list[Meld], guo: list[Card]
    ) -> bool:
        """Whether the seat wins with the concealed card ``hand`` counts, ``table`` and ``guo``."""
        rules = self.rules
        if rules.jiao == "win" and not _can_jiao(_every_counts(hand, table, guo)):
            return False
        if rules.jiao == "deal" and not self.jiao_at_deal[seat]:
            return False
        formed = not guo and _is_complete(tuple(hand), rules)
        return formed or self._alternative_win(seat, table)

    def _claim_wins(self, action: Action) -> bool:
        """Whether a claim of a pair (which earns no 偷) would complete the seat's hand."""
        assert action.card is not None and action.meld is not None
        seat = action.seat
        hand = list(self.hands[seat])
        guo = list(self.guo[seat])
        for c in action.cards:
            if action.guo:
                guo.remove(c)
            else:
                hand[c.index] -= 1
        meld = Meld(action.meld, (*action.cards, action.card), claimed=action.card)
        return self._wins_with(seat, hand, [*self.tables[seat], meld], guo)

    def _score(self, seat: int) -> ScoreSheet:
        best = _best_decomposition(tuple(self.hands[seat]), self.tables[seat], self.rules)
        units = best if best is not None else self.tables[seat]
        return score(units, self.rules, winner=seat, players=self.players)

def stack_deck(rules: Rules, hands: Sequence[str], stock: str = "") -> list[Card]:
    """A stacked deck for ``Game(rules, deck=...)``: the cards of ``hands`` in deal order (the
    dealer's first), then ``stock`` (the next cards turned or drawn), then the rest of the rules'
    deck in table order — to replay a dispute or test one rule (chuanpai.md §2.1).

    >>> deck = stack_deck(YAODIREN, ["66 44", "11"], stock="55")
    >>> [c.code for c in deck[:4]], len(deck)
    (['66', '44', '11', '55'], 105)
    >>> stack_deck(YAODIREN, ["66 66 66", "66 66 66"])
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: the stacked cards hold 6 of 天牌 ('66'); deck105 has 5
    """
    from changpai.chuanpai.cards import parse

    cards = [c for text in hands for c in parse(text)] + list(parse(stock))
    rest: dict[Card, int] = {}
    for card in rules.cards():
        rest[card] = rest.get(card, 0) + 1
    for card in cards:
        if rest.get(card, 0) == 0:
            held = sum(c == card for c in cards)
            raise NotationError(
                f"the stacked cards hold {held} of {card.name} ({card.code!r}); "
                f"{rules.deck} has {sum(c == card for c in rules.cards())}"
            )
        rest[card] -= 1
    return cards + sorted(c for c, n in rest.items() for _ in range(n))


def draw_dealer(
    players: int, rules: Rules = YAODIREN, *, seed: int | None = None
) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """The first dealer (頭家) of a session: every player turns a card at random and the highest
    point value deals (chuanpai.md §2.1 "用各自隨意翻出的點數大小決定誰是頭家"). Players tied
    for the highest turn again until one is highest [INF]; a 經牌 counts 0 points.

    Returns the dealer and every ``(seat, card)`` turned, in order.

    >>> dealer, turned = draw_dealer(4, seed=1)
    >>> dealer, [(s, c.code) for s, c in turned]
    (0, [(0, '55'), (1, '33'), (2, '11'), (3, '12')])
    """
    if not 2 <= players <= 7:
        raise RulesError(f"players={players!r} must be between 2 and 7")
    rng = random.Random(seed)
    order = list(rules.cards())
    rng.shuffle(order)
    contenders = list(range(players))
    turned: list[tuple[int, Card]] = []
    while True:
        round_cards: list[tuple[int, Card]] = []
        for seat in contenders:
            if not order:
                order = list(rules.cards())
                rng.shuffle(order)
            round_cards.append((seat, order.pop()))
        turned.extend(round_cards)
        top = max(card.points for _seat, card in round_cards)
        contenders = [seat for seat, card in round_cards if card.points == top]
        if len(contenders) == 1:
            return contenders[0], tuple(turned)


def next_dealer(winner: int | None, card: Card, players: int, dealer: int) -> int:
    """The next dealer (chuanpai.md §2.2.5): "和牌的人下第二家負責抬牌、翻牌看牌面大小決定下一牌
    誰是頭家" — the winner's second-next seat (the cutter) cuts and turns ``card``.

    The seed does not say how the face decides; [INF] as with dice in mahjong, the card's points
    are counted around the table starting with the cutter as 1 (a 經牌 counts 1, the cutter
    himself). After a drawn hand (no winner) the dealer deals again [INF].

    >>> next_dealer(0, Card("12"), 4, dealer=3)  # cutter seat 2; 3 points: 2, 3, 0
    0
    >>> next_dealer(None, Card("66"), 4, dealer=3)
    3
    """
    if not 0 <= dealer < players:
        raise RulesError(f"dealer seat {dealer} is not one of the {players} seats")
    if winner is None:
        return dealer
    if not 0 <= winner < players:
        raise RulesError(f"winner seat {winner} is not one of the {players} seats")
    cutter = (winner + 2) % players
    return (cutter + max(card.points, 1) - 1) % players


Policy = Callable[["Game", int], Action]
"""A decision rule for :meth:`Match.play`: the game and the seat to act -> a legal action."""


class Match:
    """Hands of the 擠兒 game played in a row (chuanpai.md §2.1, §2.2.5): the first dealer by
    :func:`draw_dealer`, each next dealer by :func:`next_dealer` from a card turned by the
    winner's second-next seat, and the running totals of the payments (§2.6).

    ``match.game`` is the hand being played; once it is over :meth:`next_hand` starts the next
    one. :meth:`play` plays whole hands with a policy (default: a random legal action).

    >>> m = Match(seed=2)
    >>> m.dealer
    1
    >>> _ = m.play(hands=3)
    >>> len(m.games), sum(m.totals)
    (3, 0)
    >>> print(m)  # doctest: +ELLIPSIS
    幺地人 match: 3 hands
      hand 1: dealer 1, ...
    """

    def __init__(
        self, rules: Rules = YAODIREN, *, players: int | None = None, seed: int | None = 0
    ) -> None:
        self.rules = rules
        self.players = rules.players if players is None else players
        self.seed = seed
        self._rng = random.Random(seed)
        dealer, turned = draw_dealer(self.players, rules, seed=self._rng.randrange(2**32))
        self.first_turns: tuple[tuple[int, Card], ...] = turned
        self.dealer = dealer
        self.games: list[Game] = []
        self.cuts: list[tuple[int, Card]] = []
        self.totals: list[int] = [0] * self.players
        self.game = Game(rules, players=self.players, seed=self._rng.randrange(2**32),
                         dealer=dealer)

    def next_hand(self) -> Game:
        """Close the finished hand (add its payments to :attr:`totals`) and deal the next one
        with the next dealer.

        >>> m = Match(seed=1)
        >>> m.next_hand()
        Traceback (most recent call last):
        ...
        changpai.errors.IllegalActionError: the hand is not over: no next dealer yet
        """
        game = self.game
        if game.result is None:
            raise IllegalActionError("the hand is not over: no next dealer yet")
        sheet = game.result.sheet
        if sheet is not None:
            for seat, amount in sheet.net().items():
                self.totals[seat] += amount
        cutter = (
            self.dealer if game.result.winner is None else (game.result.winner + 2) % self.players
        )
        card = self._rng.choice(self.rules.cards())
        self.cuts.append((cutter, card))
        self.games.append(game)
        self.dealer = game.next_dealer(card)
        self.game = Game(self.rules, players=self.players, seed=self._rng.randrange(2**32),
                         dealer=self.dealer)
        return self.game

    def play(self, hands: int = 1, policy: Policy | None = None) -> Match:
        """Play ``hands`` whole hands with ``policy`` (default: a random legal action), each
        followed by :meth:`next_hand`.

        >>> Match(seed=4).play(2).totals == Match(seed=4).play(2).totals
        True
        """
        rng = random.Random(self._rng.random())
        for _ in range(hands):
            game = self.game
            while not game.is_over:
                seat = game.to_act[0]
                if policy is None:
                    action = rng.choice(game.legal_actions(seat))
                else:
                    action = policy(game, seat)
                game.apply(action)
            self.next_hand()
        return self

    def __str__(self) -> str:
        rows = [f"{self.rules.title} match: {len(self.games)} hands"]
        for number, (game, (cutter, card)) in enumerate(zip(self.games, self.cuts, strict=True)):
            assert game.result is not None
            sheet = game.result.sheet
            won = (
                "no winner" if game.result.winner is None or sheet is None
                else f"seat {game.result.winner} wins {sheet.total} 胡"
            )
            rows.append(
                f"  hand {number + 1}: dealer {game.dealer}, {won}; seat {cutter} turns "
                f"{card.name} -> next dealer {game.next_dealer(card)}"
            )
        rows.append("  totals: " + ", ".join(f"seat {s}: {t:+d}" for s, t in enumerate(self.totals)))
        return "\n".join(rows)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the first dealer's turns, each hand's dealer, result and cut,
        and the totals.

        >>> Match(seed=3).play(1).to_dict()["hands"][0]["dealer"]
        1
        """
        return {
            "rules": self.rules.name,
            "players": self.players,
            "seed": self.seed,
            "first_turns": [[s, c.code] for s, c in self.first_turns],
            "hands": [
                {
                    "dealer": game.dealer,
                    "result": None if game.result is None else game.result.to_dict(),
                    "cut": [cutter, card.code],
                    "next_dealer": game.next_dealer(card),
                }
                for game, (cutter, card) in zip(self.games, self.cuts, strict=True)
            ],
            "dealer": self.dealer,
            "totals": list(self.totals),
        }


def perft(game: TurnClaimGame[Any, Any, Any, Any], depth: int) -> int:
    """The number of legal decision sequences of length ``depth`` from ``game`` (a finished game
    counts as one leaf), as chess engines count moves to check move generation
    (:func:`changpai.core.playout.perft`).

    >>> perft(Game(seed=1), 0), perft(Game(seed=1), 2)
    (1, 6)
    """
    return playout.perft(game, depth)


@frozen
class Simulation:
    """Summary of games played with random legal decisions (``changpai simulate``): wins by
    seat, drawn hands, the mean 胡 of a win and the mean number of decisions per hand;
    ``stats`` holds the shared :class:`~changpai.core.playout.SimulationStats` it was made from.

    >>> sim = simulate(YAODIREN, games=3, seed=1)
    >>> sim.games, sum(sim.wins) + sim.draws, sim.stats.hands
    (3, 3, 3)
    """

    rules: Rules
    games: int
    wins: tuple[int, ...]
    draws: int
    mean_hu: float
    mean_decisions: float
    stats: playout.SimulationStats | None = field(default=None, eq=False, repr=False)

    def __str__(self) -> str:
        wins = ", ".join(f"seat {s}: {w}" for s, w in enumerate(self.wins))
        return (
            f"{self.rules.title} ({self.rules.name}): {self.games} games with random legal play\n"
            f"  wins: {wins}; drawn hands: {self.draws}\n"
            f"  mean 胡 of a win: {self.mean_hu:.2f}; mean decisions per hand: "
            f"{self.mean_decisions:.1f}"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        >>> from changpai.chuanpai import GEHU
        >>> simulate(GEHU, games=1, seed=2).to_dict()["rules"]
        'gehu'
        """
        return {
            "rules": self.rules.name,
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "mean_hu": self.mean_hu,
            "mean_decisions": self.mean_decisions,
        }


def simulate(
    rules: Rules = YAODIREN, games: int = 100, *, seed: int = 0, players: int | None = None
) -> Simulation:
    """Play ``games`` hands choosing uniformly among the legal actions (dealer seat 0), with
    :func:`changpai.core.playout.simulate` (hand ``i`` is dealt and played with the ``i``-th
    64-bit number drawn from ``random.Random(seed)``).

    >>> simulate(games=2, seed=3).games
    2
    >>> simulate(games=-1)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: games=-1 must be a non-negative number
    """
    if games < 0:
        raise RulesError(f"games={games} must be a non-negative number")
    n = rules.players if players is None else players
    decisions = 0

    def count(game: Game) -> None:
        nonlocal decisions
        decisions += sum(1 for record in game.log if not record.forced)

    stats = playout.simulate(
        lambda game_seed: Game(rules, players=n, seed=game_seed),
        games,
        seed=seed,
        seats=n,
        name=rules.name,
        observe=count,
        facts=("hu", "units"),
    )
    return Simulation(
        rules=rules,
        games=games,
        wins=stats.wins_by_seat,
        draws=stats.no_winner,
        mean_hu=stats.mean_score,
        mean_decisions=decisions / games if games else 0.0,
        stats=stats,
    )
