"""Claims on a card on offer and their priority (zipai.md §5-§7): who may 胡, 跑, 碰 or 吃 a
drawn or discarded card, in the order of §6, whether a hand wins on it, and the win itself
(its :class:`~changpai.zipai.scoring.Win`, score sheet and result, §7-§8).

The methods here are half of :class:`~changpai.zipai.game.Game` (a mixin: the flow of the hand
is in :mod:`changpai.zipai.game`). A card on offer opens a queue of ``(claim, seat)`` entries
in priority order — every 胡 first (also 破跑胡: a 胡 where a forced 跑 would follow a pass),
then the one forced 跑, else every 碰 and then the 吃 of the drawer and his 下家 (of a drawn
card) or of the discarder's 下家 (of a discard); each seat is asked in turn.

>>> from changpai.zipai import Action, ActionKind, Game, stack_deck
>>> game = Game(deck=stack_deck(hands={0: "九", 1: "九九"}))
>>> _ = game.apply(Action(0, ActionKind.DISCARD, "x9"))
>>> game.to_act, [str(a) for a in game.legal_actions(1)]
((1,), ['seat 1 碰 九', 'seat 1 過'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from changpai.core import caches
from changpai.core.records import GameResult
from changpai.zipai.actions import Action, ActionKind, _act
from changpai.zipai.cards import CARDS, KINDS, Card
from changpai.zipai.chi import _PARTNERS, ChiOption, _options_of
from changpai.zipai.hand import Decomposition, _tianhu_reading, best_decomposition
from changpai.zipai.melds import Meld, MeldKind, Origin
from changpai.zipai.rules import Rules
from changpai.zipai.scoring import Win, score
from changpai.zipai.solver import _POW
from changpai.zipai.state import (
    _CACHE_LIMIT,
    _CHI,
    _CHI_OF,
    _DISCARD,
    _DISCARDED,
    _DRAWN,
    _HU,
    _LIANG,
    _OFFER,
    _OVER,
    _PAO,
    _PENG,
    _SELFHU,
    _TAKE_IN,
    _best_counts,
    _may_win,
    _may_win_on,
    _Seat,
)

__all__: list[str] = []

# the 打 / 胡 / 碰 of each card and the 過 of each seat, interned (the objects of _act)
_DISCARDS, _HUS, _PENGS = (
    tuple(tuple(_act(s, kind, k) for k in range(KINDS)) for s in range(4))
    for kind in (ActionKind.DISCARD, ActionKind.WIN, ActionKind.PENG)
)
_PASSES = tuple(_act(s, ActionKind.PASS) for s in range(4))
# the 打 of a seat by the bit mask of its free kinds (present << 2 | seat); emptied when full
_DISCARD_LISTS: dict[int, tuple[Action, ...]] = {}
_DISCARD_LIMIT = 1 << 15  # (tuples of up to 20 shared actions: a few MB at most)
caches.register(
    "zipai",
    f"{__name__}._DISCARD_LISTS",
    _DISCARD_LISTS.clear,
    _DISCARD_LISTS.__len__,
    _DISCARD_LIMIT,
)
_NO_CHI: list[Any] = [(), (), (), (), ()]  # the entry of a seat that may not 吃 (no options)
# per rules.allow_1_5_10 and card kind: the digits of a packed hand (_POW) of the kinds its
# 吃 depends on (the key of its options, with the kind and the rule, in _CHI_OF)
_PARTNER_DIGITS = tuple(
    tuple(sum(7 * _POW[c] for c in partners) for partners in per) for per in _PARTNERS
)


# the labels the melds of a 吃 action may carry: its 吃 meld first, then its 比 melds (a meld
# written without one reads as made in hand)
_CHI_LABELS = (Origin.CHI, Origin.HAND)
_BI_LABELS = (Origin.BI, Origin.HAND)


def _labels_fit(melds: tuple[Meld, ...]) -> bool:
    """Whether the labels of a 吃 action's ``melds`` fit their places: the 吃 meld first, its
    比 melds after it (an unlabelled meld, made in hand, fits either)."""
    return melds[0].origin in _CHI_LABELS and all(m.origin in _BI_LABELS for m in melds[1:])


def _loose_after(hand: list[int], k: int, melds: tuple[Meld, ...]) -> bool:
    """Whether a hand of counts ``hand`` keeps a free card (1 or 2 copies: a 坎 is never
    discarded, §5) after taking card k into ``melds``, a 吃 with its 比 (§6.5)."""
    left = list(hand)
    left[k] += 1  # (the card taken, in the 吃 meld, is not from the hand)
    for meld in melds:
        for c in meld.cards:
            left[c.index] -= 1
    return any(1 <= n <= 2 for n in left)


def _owes_discard(st: _Seat, rules: Rules) -> bool:
    """Whether a seat that takes one card more must then discard: it would hold more than
    ``hand_size``, +1 per 跑 / 提 beyond the first (the card count of §4, as
    ``Game._end_turn`` counts it)."""
    return st.count + 1 > rules.hand_size + max(st.quads - 1, 0)


class Claims:
    """The claim half of the engine: the offer queue, its priority, the win test and the win
    (a mixin of :class:`~changpai.zipai.game.Game`, which holds the rest of the state).

    >>> from changpai.zipai import Game
    >>> [cls.__name__ for cls in Game.__mro__][:3], Claims.__slots__
    (['Game', 'Claims', 'GameBase'], ('_offer', '_phase', '_pos', '_queue', '_result'))
    """

    # the phase; the offer (the card, its source and source seat), the queue of claims and who
    # is asked; the result once won or drawn out
    __slots__ = ("_offer", "_phase", "_pos", "_queue", "_result")

    rules: Rules
    dealer: int
    _seats: list[_Seat]
    _stock: list[int]
    _deck: tuple[int, ...]
    _log: list[Any]
    _orders: Sequence[tuple[int, ...]]
    _phase: str
    _offer: tuple[int, str, int]
    _queue: list[tuple[str, int]]
    _pos: int
    _result: GameResult | None
    _shuxin: int
    huangfan: int

    def _decisions(self, seat: int) -> tuple[list[Action], tuple[ChiOption, ...]]:
        """The legal decisions of ``seat``, to act now (``legal_actions``), and the 吃 options
        of its 吃 actions, in the same order."""
        options: tuple[ChiOption, ...] = ()
        if self._phase == _DISCARD:
            # the free kinds (1 or 2 copies: a 坎 is never discarded) are the masks' ``present``
            present = self._seats[seat].hand_masks(self.rules.allow_1_5_10)[0]
            found = _DISCARD_LISTS.get(present << 2 | seat)
            if found is None:
                discards = _DISCARDS[seat]
                found = tuple(discards[k] for k in range(KINDS) if present >> k & 1)
                if len(_DISCARD_LISTS) >= _DISCARD_LIMIT:
                    _DISCARD_LISTS.clear()
                _DISCARD_LISTS[present << 2 | seat] = found
            return list(found), options
        k = self._offer[0]
        entry = self._entry()
        if entry == _HU:
            if self.rules.must_hu:  # 有胡必胡 (§6): no pass
                return [_HUS[seat][k]], options
            return [_HUS[seat][k], _PASSES[seat]], options
        if entry == _PENG:
            return [_PENGS[seat][k], _PASSES[seat]], options
        chi_entry = self._chi_entry(seat, k)
        options = self._chi_options(seat, k, chi_entry[0])
        if options is not chi_entry[0]:  # (some left out by §6.5: built for this hand only)
            chi = tuple(Action(seat, ActionKind.CHI, CARDS[k], o.melds) for o in options)
            return [*chi, _PASSES[seat]], options
        chi = chi_entry[1 + seat]
        if chi is None:  # built once per options and seat (actions are immutable)
            card = CARDS[k]
            chi = chi_entry[1 + seat] = tuple(
                Action(seat, ActionKind.CHI, card, o.melds) for o in options
            )
        return [*chi, _PASSES[seat]], options

    def _entry(self) -> str:
        """What the seat asked about the card on offer decides: 胡 (the drawer's own 胡, or
        the 胡 queue entry), 跑, 碰 or 吃."""
        return _HU if self._phase == _SELFHU else self._queue[self._pos][0]

    def _legal(self, action: Action) -> bool:
        """The checks behind :meth:`verify` and :meth:`legal_actions` (seat already to act)."""
        kind, seat = action.kind, action.seat
        if self._phase == _DISCARD:
            card = action.card
            return (
                kind is ActionKind.DISCARD
                and card is not None
                and not action.melds
                and 1 <= self._seats[seat].hand[card.index] <= 2
            )
        k = self._offer[0]
        if action.card is not None and action.card is not CARDS[k]:
            return False  # the card may be left out; if given it must be the one concerned
        entry = self._entry()
        if kind is ActionKind.PASS:
            return not action.melds and not (entry == _HU and self.rules.must_hu)
        if entry == _HU:
            return kind is ActionKind.WIN and not action.melds
        if entry == _PENG:
            return kind is ActionKind.PENG and not action.melds
        return kind is ActionKind.CHI and self._match_chi(seat, k, action.melds) is not None

    def _canonical(self, action: Action) -> Action:
        """The one spelling of a legal decision, as :meth:`legal_actions` lists it: in a claim
        the card is the offered card (a 過 carries none) and a 吃's 比 melds follow its option's
        order, so that equal moves give equal logs, games and documents (issue 12)."""
        if self._phase == _DISCARD:
            return action
        k = self._offer[0]
        seat, kind = action.seat, action.kind
        if kind is ActionKind.PASS:
            return Action(seat, kind) if action.card is not None else action
        if kind is ActionKind.CHI:
            option = self._match_chi(seat, k, action.melds)
            assert option is not None  # verified legal
            canonical = Action(seat, kind, CARDS[k], option.melds)
            return action if canonical == action else canonical
        return action if action.card is CARDS[k] else Action(seat, kind, CARDS[k])

    def _match_chi(self, seat: int, k: int, melds: tuple[Meld, ...]) -> ChiOption | None:
        """The 吃 option these melds name: the 吃 meld first, its 比 melds in any order. A
        label that contradicts its place (a 比 first, a 吃 after it, or a meld marked as made
        otherwise) names none: the melds were taken by their order and played another option
        (review h37); a meld with no label (``句 …``, made in hand) goes by its place."""
        if not melds:
            return None
        if not _labels_fit(melds):
            return None

        def key(m: Meld) -> tuple[str, tuple[int, ...]]:
            return (m.kind.value, tuple(c.index for c in m.cards))

        chi, bi = key(melds[0]), sorted(key(m) for m in melds[1:])
        for option in self._chi_options(seat, k):
            if key(option.chi) == chi and sorted(key(m) for m in option.bi) == bi:
                return option
        return None

    def _chi_options(
        self, seat: int, k: int, options: tuple[ChiOption, ...] | None = None
    ) -> tuple[ChiOption, ...]:
        """Every 吃 option of ``seat`` on card k (zipai.md §5), in :func:`chi_options` order
        (``options``: all of them, if the caller has them), but those that leave it no card to
        discard (§6.5, :func:`_loose_after`) — the same tuple when none is left out."""
        if options is None:
            options = self._chi_entry(seat, k)[0]
        if not options:
            return options
        st = self._seats[seat]
        rules = self.rules
        # (a 吃 takes two cards from the hand and each 比 three: a hand of more free kinds
        # keeps one — most hands, tested first; _chi_entry has set the masks)
        free = (st.masks or st.hand_masks(rules.allow_1_5_10))[0].bit_count()
        if free > 8 or rules.claim_without_discard:
            return options
        if not _owes_discard(st, rules):
            return options
        if all(free > 3 * len(o.melds) - 1 for o in options):
            return options
        kept = tuple(o for o in options if _loose_after(st.hand, k, o.melds))
        return options if len(kept) == len(options) else kept

    def _may_peng(self, seat: int, k: int) -> bool:
        """Whether ``seat`` may 碰 card k by §6.5: the pair leaves the hand and a card it may
        discard must stay (a 坎 is never discarded, §5) — unless it owes no discard (the card
        count of §4) or the rules let it take the card anyway (``claim_without_discard``)."""
        st = self._seats[seat]
        rules = self.rules
        if rules.claim_without_discard or not _owes_discard(st, rules):
            return True
        free = (st.masks or st.hand_masks(rules.allow_1_5_10))[0]
        return free & ~(1 << k) != 0

    def _chi_entry(self, seat: int, k: int) -> list[Any]:
        """The cached entry of the 吃 options of ``seat`` on card k: ``[options, actions of seat
        0, of seat 1, …]`` (the actions are built once, by ``legal_actions``)."""
        st = self._seats[seat]
        hand = st.hand
        if st.chou[k] or hand[k] >= 3:
            return _NO_CHI
        # the options depend only on the counts of the kinds sharing a shape with k
        allow = self.rules.allow_1_5_10
        packed = (st.masks or st.hand_masks(allow))[3]
        key = (packed & _PARTNER_DIGITS[allow][k]) << 6 | k << 1 | allow
        entry = _CHI_OF.get(key)
        if entry is None:
            if len(_CHI_OF) >= _CACHE_LIMIT:
                _CHI_OF.clear()
            entry = [tuple(_options_of(hand, CARDS[k], allow)), None, None, None, None]
            _CHI_OF[key] = entry
        return entry

    def _win(
        self, seat: int, k: int | None, self_drawn: bool, from_discard: bool
    ) -> Decomposition | None:
        """The best winning decomposition of ``seat`` on card k (None: the hand alone)."""
        st = self._seats[seat]
        rules = self.rules
        if rules.forbid_hu_after_chongpao and st.quads >= 2:
            return None
        allow = rules.allow_1_5_10
        if k is None:
            if not st.melds:
                dec = best_decomposition(st.cards(), (), rules=rules)
            elif _may_win(st, rules, st.hand_masks(allow)[3], None, True, False):
                dec = _best_counts(st.hand, st.melds, rules, None, True, False, False)
            else:
                return None
        else:
            if k in st.hu_passed and st.hu_passed[k] == st.table_huxi(rules):
                return None  # 臭胡 (§5)
            if not rules.paoshuang and self._makes_quad(st, k, from_discard):
                return None  # Z12: no 跑雙 — the winning card may not make a 跑 / 提
            masks = st.masks or st.hand_masks(allow)
            if not _may_win_on(st, rules, masks, k, self_drawn, from_discard):
                return None  # no reading of the hand splits: no need to build one
            dec = _best_counts(
                st.hand, st.melds, rules, CARDS[k], self_drawn, from_discard, st.peng_passed[k]
            )
        if dec is None or not dec.threshold_met:
            return None
        return dec

    @staticmethod
    def _makes_quad(st: _Seat, k: int, from_discard: bool) -> bool:
        """Whether card k would make a 跑 / 提 for this seat (a 坎, or a 偎 / 碰 on the table)."""
        if st.hand[k] == 3:
            return True
        i = st.set_meld(k)
        return i >= 0 and not (from_discard and st.melds[i].kind is MeldKind.PENG)

    def _why_illegal(self, action: Action) -> str:
        seat, kind = action.seat, action.kind
        if self._phase == _DISCARD:
            if kind is not ActionKind.DISCARD:
                return f"{action}: seat {seat} must discard (打) a card now"
            k = action.card.index if action.card else -1
            if k < 0:
                return f"{action}: name the card to discard"
            return f"seat {seat} cannot 打 {CARDS[k].hanzi}: it holds no free {CARDS[k].hanzi} (a 坎 is never discarded)"
        card = CARDS[self._offer[0]]
        entry = self._entry()
        if entry == _HU and self.rules.must_hu:
            return f"{action}: seat {seat} must 胡 {card.hanzi} now (有胡必胡, rules.must_hu)"
        if self._phase == _SELFHU:
            return f"{action}: seat {seat} may only 胡 {card.hanzi} or pass now"
        if entry == _HU:
            return (
                f"{action}: seat {seat} may only 胡 {card.hanzi} or pass now (胡 comes first, §6)"
            )
        if entry == _PENG:
            return f"{action}: seat {seat} may only 碰 {card.hanzi} or pass now"
        if kind is ActionKind.CHI:
            melds = action.melds
            if melds and not _labels_fit(melds):
                return (
                    f"{action}: the 吃 meld comes first and each 比 meld after it (§5); "
                    f"labelled {' '.join(m.origin.hanzi for m in melds)}"
                )
            options = "; ".join(str(o) for o in self._chi_options(seat, self._offer[0]))
            return (
                f"{action}: not a legal 吃 of {card.hanzi} with its compulsory 比 (§5); "
                f"legal: {options}"
            )
        return f"{action}: seat {seat} may only 吃 {card.hanzi} or pass now"

    def _open(self, k: int, source: str, src: int, queue: list[tuple[str, int]]) -> None:
        self._phase = _OFFER
        self._offer = (k, source, src)
        self._queue = queue
        self._pos = 0

    def _offer_draw(self, k: int, d: int) -> None:
        """A drawn card shown face up: 胡, 跑, 碰, 吃 candidates in priority order (§6)."""
        order = self._orders[d]
        seats = self._seats
        win = self._win
        queue: list[tuple[str, int]] = [
            (_HU, s) for s in order if win(s, k, s == d, False) is not None
        ]
        bit = 1 << k  # (a seat's ``sets`` bit: a 碰 / 偎 / 臭偎 of k on its table)
        for s in order:
            st = seats[s]
            if s != d:
                if st.hand[k] == 3 or st.sets & bit:
                    queue.append((_PAO, s))
                    break
            elif st.sets & bit and st.melds[st.set_meld(k)].kind is MeldKind.PENG:
                queue.append((_PAO, s))
                break
        else:
            for s in order[1:]:
                st = seats[s]
                if st.hand[k] == 2 and not st.chou[k] and self._may_peng(s, k):
                    queue.append((_PENG, s))
            for s in order[:2]:
                options = self._chi_entry(s, k)[0]
                # (most hands keep a free kind whatever the 吃: _chi_options' first test)
                masks = seats[s].masks
                if options and (
                    (masks is not None and masks[0].bit_count() > 8)
                    or self._chi_options(s, k, options)
                ):
                    queue.append((_CHI, s))
        self._open(k, _DRAWN, d, queue)

    def _offer_discard(self, k: int, d: int) -> None:
        """A discarded card: 胡 (only if rules.win_on_discard), 跑, 碰, then 吃 by 下家 (§5, §6)."""
        order = self._orders[d][1:]
        seats = self._seats
        queue: list[tuple[str, int]] = []
        if self.rules.win_on_discard:
            win = self._win
            queue = [(_HU, s) for s in order if win(s, k, False, True) is not None]
        bit = 1 << k
        for s in order:
            st = seats[s]
            if st.hand[k] == 3 or (
                st.sets & bit and st.melds[st.set_meld(k)].kind is not MeldKind.PENG
            ):
                queue.append((_PAO, s))
                break
        else:
            for s in order:
                st = seats[s]
                if st.hand[k] == 2 and not st.chou[k] and self._may_peng(s, k):
                    queue.append((_PENG, s))
            options = self._chi_entry(order[0], k)[0]
            masks = seats[order[0]].masks
            if options and (
                (masks is not None and masks[0].bit_count() > 8)
                or self._chi_options(order[0], k, options)
            ):
                queue.append((_CHI, order[0]))
        self._open(k, _DISCARDED, d, queue)

    def _commit_passes(self, taker: int) -> None:
        """臭牌 (§5): every seat that could 吃 / 碰 this card and passed (and did not take it)."""
        k = self._offer[0]
        for entry, s in self._queue[: self._pos]:
            if s == taker:
                continue
            st = self._seats[s]
            if entry == _PENG:
                st.chou[k] = True
                st.peng_passed[k] = True
            elif entry == _CHI:
                st.chou[k] = True

    def _how_won(self, seat: int) -> dict[str, bool]:
        """The 名堂 facts of a 胡 of ``seat`` on the card now concerned (zipai.md §8.6), read
        before the win changes anything: ``haidi`` (海胡), ``dihu`` (地胡), ``tinghu`` (聽胡),
        ``shuahou`` (耍猴). A win on the 亮張 is 天胡 and gets none of them.

        "Took a card in" (進牌): a 吃, 碰 or 跑, or a 偎 / 臭偎 / 提 made with a drawn card, before
        the winning card (the 提 laid right after the deal are dealt cards; a 偎 / 提 made with
        the winning card itself belongs to the win).
        """
        k, source, src = self._offer
        if source == _LIANG:
            return {}
        log = self._log
        wanted = ActionKind.DRAW if source == _DRAWN else ActionKind.DISCARD
        start = len(log) - 1
        while log[start].action.kind is not wanted:  # the record that brought the winning card
            start -= 1
        took_in = discarded = dealer_discarded = False
        for record in log[:start]:
            action = record.action
            kind = action.kind
            if kind is ActionKind.DISCARD and action.seat == self.dealer:
                dealer_discarded = True
            if action.seat != seat:
                continue
            if kind is ActionKind.DISCARD:
                discarded = True
            elif kind in _TAKE_IN or (
                kind is ActionKind.TI and action.melds[0].origin is not Origin.HAND
            ):
                took_in = True
        dealt = len(self._orders[self.dealer]) * self.rules.hand_size + 1
        first_stock = source == _DRAWN and len(self._stock) == len(self._deck) - dealt - 1
        dealer_first = source == _DISCARDED and src == self.dealer and not dealer_discarded
        dihu = (first_stock or dealer_first) and not took_in and not discarded
        st = self._seats[seat]
        return {
            "haidi": source == _DRAWN and not self._stock,
            "dihu": dihu,
            "tinghu": not took_in and not dihu,
            "shuahou": self._phase == _OFFER and sum(st.hand) == 1 and st.hand[k] == 1,
        }

    def _loose(self, seat: int, dec: Decomposition) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand in no meld of ``dec`` (a 天胡 of 3 提 / 5 坎, §7 (a))."""
        left = list(self._seats[seat].hand)
        for card in dec.cards:
            left[card.index] -= 1
        return tuple(CARDS[k] for k in range(KINDS) for _ in range(left[k]))

    def _tianhu_dec(self, seat: int) -> Decomposition:
        return _tianhu_reading(self._seats[seat].cards(), self.rules)

    def _finish(
        self,
        seat: int,
        dec: Decomposition,
        *,
        self_drawn: bool,
        discarder: int | None = None,
        tianhu: bool = False,
        how: Mapping[str, bool] | None = None,
        loose: tuple[Card, ...] = (),
    ) -> None:
        rules = self.rules
        stock = self._stock
        fanxing = CARDS[stock[0]] if rules.fanxing and stock else None
        shuxin_at = 1 if rules.fanxing else 0
        shuxin_card = CARDS[stock[shuxin_at]] if rules.shuxin and len(stock) > shuxin_at else None
        win = self._make_win(
            dec, seat, self_drawn, discarder, tianhu, fanxing, shuxin_card, how or {}, loose
        )
        self._phase = _OVER
        self._result = GameResult(
            seat,
            "win",
            score(win, rules=rules),
            next_dealer=seat,  # §2: the winner deals next
            value=dec.huxi,
            label=ActionKind.WIN.hanzi,
            win=win,
            discarder=discarder,
            self_drawn=self_drawn,
        )

    def _make_win(
        self,
        dec: Decomposition,
        seat: int,
        self_drawn: bool,
        discarder: int | None,
        tianhu: bool,
        fanxing: Card | None,
        shuxin_card: Card | None,
        how: Mapping[str, bool],
        loose: tuple[Card, ...] = (),
    ) -> Win:
        kwargs: dict[str, Any] = dict(how)
        if loose:
            kwargs["loose"] = loose
        if self.huangfan:
            kwargs["huangfan"] = self.huangfan
        if self.rules.shuxin:
            kwargs["shuxin_seat"] = self._shuxin
        return Win(
            dec,
            seat,
            self.rules.players,
            self_drawn=self_drawn,
            discarder=discarder,
            tianhu=tianhu,
            fanxing_card=fanxing,
            shuxin_card=shuxin_card,
            **kwargs,
        )
