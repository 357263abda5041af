"""The draw / turn / claim flow of :mod:`changpai.core.turnclaim` is family-independent: a toy
family written here (6 card kinds, 4 copies each; units are pairs of equal cards, and, at a lower
claim priority, pairs of neighbour kinds) plays complete games through it with the engine
invariants of DESIGN.md ("no card is created or lost, legal_actions is non-empty for every seat
in to_act until the game ends, an illegal action leaves the state unchanged, and replaying the
log or reloading JSON gives an equal state"). The flow itself is the one of chuanpai.md §2.2 and
xiaogan.md §3: discard -> offer -> claims by class then seat distance -> a turned card.
"""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from attrs import field, frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.core.document import GAME_KEYS
from changpai.core.hanzi import HanziEnum
from changpai.core.records import ActionRecord, GameResult
from changpai.core.scoresheet import Payment, ScoreLine, ScoreSheet
from changpai.core.turnclaim import DECISIONS, FORCED, TurnClaimGame
from changpai.errors import IllegalActionError, NotationError, RulesError

# --------------------------------------------------------------------------- the toy family


@frozen(order=True)
class ToyCard:
    index: int

    @property
    def code(self) -> str:
        return f"k{self.index}"

    @staticmethod
    def parse(code: str) -> ToyCard:
        if len(code) != 2 or code[0] != "k" or code[1] not in "012345":
            raise NotationError(f"{code!r} is not a toy card; expected k0..k5")
        return CARDS[int(code[1])]

    def __str__(self) -> str:
        return self.code


CARDS = tuple(ToyCard(i) for i in range(6))


class ToyKind(HanziEnum):
    PAIR = ("pair", "對")  # two equal cards (class 0 claim)
    MATE = ("mate", "伴")  # two neighbour kinds k0-k1, k2-k3, k4-k5 (class 1 claim)


class Kind(HanziEnum):
    """The flow's vocabulary, with toy hanzi."""

    LAY = ("lay", "攤")
    READY = ("ready", "好")
    DISCARD = ("discard", "打")
    CLAIM = ("claim", "吃")
    PASS = ("pass", "過")
    TOU = ("tou", "偷")
    TURN = ("turn", "翻")
    DRAW = ("draw", "摸")
    SKIP = ("skip", "空")
    WIN = ("win", "胡")
    END = ("end", "完")


@frozen
class ToyUnit:
    kind: ToyKind
    cards: tuple[ToyCard, ...]
    tou: int = 0


def _sorted(cards: Any) -> tuple[ToyCard, ...]:
    return tuple(sorted(cards))


@frozen
class ToyAction:
    seat: int
    kind: Kind
    card: ToyCard | None = None
    cards: tuple[ToyCard, ...] = field(default=(), converter=_sorted)
    unit: ToyKind | None = None

    def __str__(self) -> str:
        own = " ".join(c.code for c in self.cards)
        return f"seat {self.seat} {self.kind.hanzi} {self.card or ''} {own}".rstrip()

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "card": None if self.card is None else self.card.code,
            "cards": [c.code for c in self.cards],
            "unit": None if self.unit is None else self.unit.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToyAction:
        return cls(
            data["seat"],
            Kind(data["kind"]),
            None if data["card"] is None else ToyCard.parse(data["card"]),
            tuple(ToyCard.parse(c) for c in data["cards"]),
            None if data["unit"] is None else ToyKind(data["unit"]),
        )


@frozen
class ToyRules:
    name: str = "toy"
    title: str = "玩具"
    players: int = 3
    sizes: tuple[int, ...] = (5, 4, 4, 2, 1)
    copies: int = 4

    def deal_sizes(self, players: int | None = None) -> tuple[int, ...]:
        n = self.players if players is None else players
        if not 2 <= n <= len(self.sizes):
            raise RulesError(f"players={n!r} must be between 2 and {len(self.sizes)}")
        return self.sizes[:n]

    def cards(self) -> tuple[ToyCard, ...]:
        return tuple(card for card in CARDS for _ in range(self.copies))


TOY = ToyRules()


def _mate(index: int) -> int:
    return index ^ 1


class ToyGame(TurnClaimGame[ToyCard, ToyUnit, ToyAction, ToyRules]):
    """Lay dealt pairs in setup (one replacement draw each); claim a pair of the offered card
    (class 0) or its neighbour (class 1, not by small seats); win with three units on the table
    and a hand of pairs."""

    family = "toy"
    rules_class = ToyRules
    action_class = ToyAction
    default_rules = TOY
    value_name = "units"
    card_table = CARDS

    @classmethod
    def _card(cls, code: str) -> ToyCard:
        return ToyCard.parse(code)

    def _new_action(self, kind: str, seat: int, card: ToyCard | None = None) -> ToyAction:
        return ToyAction(seat, Kind(kind), card)

    def _lay_unit(self, action: ToyAction) -> ToyUnit:
        return ToyUnit(ToyKind.PAIR, action.cards, tou=1)

    def _setup_options(self, seat: int) -> tuple[list[ToyAction], bool]:
        h = self._hands[seat]
        pairs = [
            ToyAction(seat, Kind.LAY, cards=(CARDS[i], CARDS[i]), unit=ToyKind.PAIR)
            for i in range(6)
            if h[i] >= 2
        ]
        return pairs, False

    def _discard_options(self, seat: int) -> list[int]:
        return [i for i in range(6) if self._hands[seat][i]]

    def _claim_options(self, seat: int, card: ToyCard, cls: int) -> tuple[list[ToyAction], bool]:
        h = self._hands[seat]
        if cls == 0 and h[card.index]:
            return [ToyAction(seat, Kind.CLAIM, card, (card,), ToyKind.PAIR)], False
        mate = _mate(card.index)
        if cls == 1 and h[mate] and not self.is_small(seat):
            return [ToyAction(seat, Kind.CLAIM, card, (CARDS[mate],), ToyKind.MATE)], False
        return [], False

    def _form_claim(self, action: ToyAction) -> int:
        assert action.card is not None and action.unit is not None
        for c in action.cards:
            self._hands[action.seat][c.index] -= 1
        self._tables[action.seat].append(ToyUnit(action.unit, (*action.cards, action.card)))
        return 0

    def _place_tou(self, seat: int, card: ToyCard) -> int:
        self._hands[seat][card.index] += 1
        return 0

    def _has_won(self, seat: int) -> bool:
        h = self._hands[seat]
        return len(self._tables[seat]) >= 3 and all(c % 2 == 0 for c in h)

    def _score(self, seat: int, win: Any) -> ScoreSheet:
        units = len(self._tables[seat])
        payments = tuple(
            Payment(s, seat, units) for s in range(self.players) if s != seat and s in self.seats
        )
        line = ScoreLine("units", "units", units, rule="toy")
        return ScoreSheet("toy win", (line,), units, payments)


def _stacked(*hands: str) -> list[ToyCard]:
    """The deck whose deal (dealer first) gives these hands; the rest in kind order."""
    dealt = [ToyCard.parse(code) for hand in hands for code in hand.split()]
    rest = Counter(ToyRules().cards()) - Counter(dealt)
    return dealt + sorted(rest.elements())


# --------------------------------------------------------------------------- the tests


def test_turnclaim_imports_no_family() -> None:
    """DESIGN.md: core holds what families share and imports none of them."""
    folder = Path(__file__).resolve().parents[2] / "src" / "changpai" / "core" / "turnclaim"
    modules: list[str] = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules += [
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        ] + [
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        ]
    changpai = [m for m in modules if m.startswith("changpai")]
    assert changpai and all(m.startswith(("changpai.core", "changpai.errors")) for m in changpai)


def test_the_flow_vocabulary_is_the_family_enum() -> None:
    """The flow asks for a HanziEnum kind whose value is a word of its vocabulary."""
    assert {k.value for k in Kind} == {*DECISIONS, *FORCED}
    game = ToyGame(seed=4)
    assert all(isinstance(a.kind, Kind) for a in game.legal_actions(game.to_act[0]))


def test_claim_priority_class_then_seat_distance() -> None:
    """chuanpai.md §2.2.3 / xiaogan.md §3.3: class-0 claims (碰-like, here a pair) come before
    class-1 claims (擺-like, here a neighbour pair) whatever the seat distance; a pass hands the
    card to the next candidate; the claimer lays the unit and discards."""
    game = ToyGame(deck=_stacked("k0 k2 k3 k4 k5", "k1 k2 k4 k5", "k0 k3 k4 k5"))
    assert game.phase == "discard" and game.to_act == (0,)  # no pair dealt: no setup, no 偷
    assert {a.card for a in game.legal_actions(0)} == {CARDS[i] for i in (0, 2, 3, 4, 5)}
    game.apply(ToyAction(0, Kind.DISCARD, CARDS[0]))
    assert game.to_act == (2,)  # the pair of seat 2 before the nearer neighbour of seat 1
    assert game.legal_actions(2) == [
        ToyAction(2, Kind.CLAIM, CARDS[0], (CARDS[0],), ToyKind.PAIR),
        ToyAction(2, Kind.PASS),
    ]
    game.apply(ToyAction(2, Kind.PASS))
    assert game.to_act == (1,)
    game.apply(ToyAction(1, Kind.CLAIM, CARDS[0], (CARDS[1],), ToyKind.MATE))
    assert game.melds(1) == (ToyUnit(ToyKind.MATE, (CARDS[1], CARDS[0])),)
    assert game.phase == "discard" and game.to_act == (1,) and game.offer is None
    game.apply(ToyAction(1, Kind.DISCARD, CARDS[2]))
    # Seat 0's pair of k2 comes before seat 2's (nearer) neighbour k3.
    assert game.to_act == (0,)
    assert game._candidates == [(0, 0), (1, 2), (1, 0)]


def test_unclaimed_card_is_dead_and_the_next_seat_turns() -> None:
    """chuanpai.md §2.2.2 / xiaogan.md §3.2: an unused card is dead and the next seat turns a
    card from the stock for everybody, the turner first."""
    game = ToyGame(deck=_stacked("k0 k2 k4 k1 k3", "k2 k4 k5 k5", "k2 k4 k1 k3"))
    assert game.phase == "setup" and game.to_act == (1,)  # only seat 1 was dealt a pair
    game.apply(ToyAction(1, Kind.READY))
    game.apply(ToyAction(0, Kind.DISCARD, CARDS[0]))  # k1 is held by seat 2 (class 1)
    assert game.to_act == (2,)
    game.apply(ToyAction(2, Kind.PASS))
    assert game.dead[0] == CARDS[0]
    turned = [r for r in game.log if r.action.kind is Kind.TURN]
    assert turned and turned[0].auto and turned[0].action.seat == 1
    assert game.log[-1].auto


def test_lay_earns_a_replacement_draw() -> None:
    """A laid set earns its replacement draws (偷) in seat order after the setup (chuanpai.md
    §2.1, xiaogan.md §2)."""
    game = ToyGame(deck=_stacked("k0 k0 k2 k4 k1", "k2 k4 k5 k5", "k2 k4 k1 k3"))
    assert game.to_act == (0,)
    lay = ToyAction(0, Kind.LAY, cards=(CARDS[0], CARDS[0]), unit=ToyKind.PAIR)
    assert game.legal_actions(0) == [lay, ToyAction(0, Kind.READY)]
    game.apply(lay)
    assert game.to_act == (1,)
    game.apply(ToyAction(1, Kind.READY))
    tou = [r.action for r in game.log if r.action.kind is Kind.TOU]
    assert [(a.seat, a.card) for a in tou] == [(0, CARDS[0])]  # the stock starts k0 k0 k1 ...
    assert len(game.hand(0)) == 4


def test_bad_parameters_raise() -> None:
    """Bad input raises RulesError naming it; a JSON document of another family is refused."""
    with pytest.raises(RulesError, match=r"dealer=3 is not a seat; expected a whole number 0\.\.2"):
        ToyGame(dealer=3)
    with pytest.raises(RulesError, match="dealer=True is not a seat"):
        ToyGame(dealer=True)
    with pytest.raises(RulesError, match="players='3' is not a whole number of players"):
        ToyGame(players="3")  # type: ignore[arg-type]
    # the deck is named by the family's _deck_name hook, with no message rebuilding
    with pytest.raises(
        RulesError, match="the stacked deck must hold exactly the 24 cards of the toy deck; got 6"
    ):
        ToyGame(deck=list(CARDS))
    with pytest.raises(NotationError, match="not a toy game document"):
        ToyGame.from_json('{"family": "chuanpai"}')
    with pytest.raises(NotationError, match="not a toy game document: it is a chuanpai game"):
        ToyGame.from_json('{"schema": "changpai.game", "version": 2, "family": "chuanpai"}')


def test_bad_seats_raise_illegal_action_error() -> None:
    """DESIGN.md "Bad input always gets a clear, typed error that names the input and the
    reason": a seat query with a seat that is not 0..players-1 (or a bool) raises
    IllegalActionError naming it, never IndexError, and True is never seat 1."""
    game = ToyGame(seed=3)
    before = game.copy()
    for bad in (3, -1, True, False, 1.0, "1"):
        for query in (
            game.hand,
            game.view,
            game.all_cards,
            game.legal_actions,
            game.position,
            game.is_small,
            game.is_passive,
        ):
            with pytest.raises(IllegalActionError, match=f"seat={bad!r} is not a seat; expected"):
                query(bad)
    assert game == before


def test_rules_of_another_class_raise_rules_error() -> None:
    """DESIGN.md typed errors: a game refuses rules of another class with RulesError (not
    AttributeError)."""
    with pytest.raises(
        RulesError, match="rules='x' is not a toy rules object; expected a ToyRules"
    ):
        ToyGame(rules="x")  # type: ignore[arg-type]
    assert ToyGame(seed=1).players == 3


@pytest.mark.parametrize("drop", [key for key in GAME_KEYS if key != "family"])
def test_from_json_with_a_missing_key_names_it(drop: str) -> None:
    """DESIGN.md typed errors: a saved game without one of its keys is a NotationError naming
    the key (not KeyError)."""
    import json

    data = json.loads(ToyGame(seed=2).to_json())
    del data[drop]
    with pytest.raises(NotationError, match=f"the key\\(s\\) '{drop}' are missing"):
        ToyGame.from_json(json.dumps(data))


def test_from_json_refuses_bad_documents() -> None:
    """Not JSON, a bad deck list, an action without a key: NotationError naming the problem."""
    import json

    with pytest.raises(NotationError, match="not a toy game JSON document"):
        ToyGame.from_json("not json {")
    data = json.loads(ToyGame(seed=2).to_json())
    with pytest.raises(NotationError, match="deck='k0' is not a JSON list"):
        ToyGame.from_json(json.dumps({**data, "deck": "k0"}))
    with pytest.raises(NotationError, match="'unit'"):
        ToyGame.from_json(
            json.dumps(
                {**data, "actions": [{"kind": "pass", "seat": 0, "card": None, "cards": []}]}
            )
        )


def test_a_0_1_0_document_loads() -> None:
    """The family's 0.1.0 documents ({"family", rules, players, dealer, seed, deck, actions},
    actions the decisions) still load; ``players`` becomes an option when it is not the rules'
    own; a 0.1.0 document without a key names it."""
    import json

    rng = random.Random(8)
    game = ToyGame(seed=8, players=4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    old = {
        "family": "toy",
        "rules": {
            "name": "toy",
            "title": "玩具",
            "players": 3,
            "sizes": [5, 4, 4, 2, 1],
            "copies": 4,
        },
        "players": 4,
        "dealer": 0,
        "seed": 8,
        "deck": [c.code for c in game.deck],
        "actions": [r.action.to_dict() for r in game.log if not r.auto],
    }
    again = ToyGame.from_json(json.dumps(old))
    assert again == game and again.options == {"players": 4}
    del old["deck"]
    with pytest.raises(NotationError, match="the key 'deck' is missing"):
        ToyGame.from_json(json.dumps(old))


def _invariants(game: ToyGame, rng: random.Random) -> None:
    full = Counter(c.index for c in game.rules.cards())
    while not game.is_over:
        assert len(game.to_act) == 1
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        assert not game.is_passive(seat)
        assert all(game.legal_actions(s) == [] for s in range(game.players) if s != seat)
        if rng.random() < 0.3:
            before = game.copy()
            bad = rng.choice(
                [
                    ToyAction((seat + 1) % game.players, Kind.PASS),
                    ToyAction(seat, Kind.DISCARD, CARDS[rng.randrange(6)]),
                    ToyAction(seat, Kind.CLAIM, CARDS[0], (CARDS[0],), ToyKind.PAIR),
                    ToyAction(seat, Kind.READY),
                ]
            )
            if bad not in legal:
                assert not game.can(bad)
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
                assert game == before
        game.apply(rng.choice(legal))
        assert game.card_counts() == [full[i] for i in range(6)]
    assert game.to_act == () and game.legal_actions(0) == []


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 5))
def test_random_toy_games_keep_the_engine_invariants(seed: int, players: int) -> None:
    """DESIGN.md invariants on random toy games: no card created or lost; legal_actions non-empty
    for the seat to act until the end; an illegal action raises IllegalActionError and leaves
    the state equal; small seats draw instead of turning, the one-card seat never plays; the
    log replays and the JSON reloads to an equal game."""
    rng = random.Random(seed)
    game = ToyGame(players=players, seed=seed, dealer=rng.randrange(players))
    _invariants(game, rng)
    result = game.result
    assert isinstance(result, GameResult) and result.reason in ("win", "huangpai")
    assert result.label == ("胡" if result.winner is not None else "荒牌")
    assert result.next_dealer == (None if result.winner is not None else game.dealer)
    if result.winner is not None:
        assert result.sheet is not None and game._has_won(result.winner)
        assert all(p.payee == result.winner for p in result.payments)
    for record in game.log:
        assert isinstance(record, ActionRecord)
        kind = record.action.kind.value
        assert record.auto == (kind in FORCED)
        if kind == "draw":
            assert game.is_small(record.action.seat)
        if kind == "turn":
            assert not game.is_small(record.action.seat)
    assert (
        ToyGame.replay(
            game.log, game.rules, seed=seed, deck=game.deck, dealer=game.dealer, **game.options
        )
        == game
    )
    assert ToyGame.from_json(game.to_json()) == game
    assert game.copy() == game and game.copy() is not game


def test_small_and_passive_seats() -> None:
    """Deal sizes decide the seat roles (chuanpai.md §2.1, xiaogan.md §2): fewer cards than a
    regular player but more than one -> small seat; one card -> never plays."""
    game = ToyGame(players=5, seed=1, dealer=2)
    assert [game.position(s) for s in range(5)] == [3, 4, 0, 1, 2]
    assert [game.is_small(s) for s in range(5)] == [True, False, False, False, False]
    assert [game.is_passive(s) for s in range(5)] == [False, True, False, False, False]
    assert game.hongli is False
    assert (
        sum(len(game.hand(s)) for s in range(5))
        + len(game.stock)
        + sum(len(u.cards) for s in range(5) for u in game.melds(s))
        == 24
    )
    assert game.seats == (2, 3, 4, 0)  # seat 1 (one card) never plays


def test_views_repr_and_copies_of_a_toy_game() -> None:
    """The contract's view, repr and copy on a family the flow does not know: the view is a core
    GameView with every playing seat; a copy is independent."""
    game = ToyGame(seed=6, players=4)
    view = game.view(0)
    assert view.family == "toy" and view.title == "玩具" and view.hand == game.hand(0)
    assert [s.seat for s in view.seats] == list(game.seats)
    assert repr(game).startswith("<toy.Game toy seed=6 dealer=0 ")
    copy = game.copy()
    copy.apply(copy.legal_actions(copy.to_act[0])[0])
    assert copy != game and len(game.log) == 0 < len(copy.log)
    assert "<table" in game._repr_html_()


def test_a_refusal_says_why_for_an_action_of_a_kind_legal_now() -> None:
    """The errors rule (the input and the reason): a refused action of a kind that is legal
    now lists that kind's legal choices, and a discard of a card not held says so (review
    h69: 孝感 refused a 門將 lay with "legal kinds: lay")."""
    from changpai import xiaogan
    from changpai.errors import IllegalActionError
    from changpai.xiaogan import Action, ActionKind, MeldKind

    game = xiaogan.Game(seed=3)
    with pytest.raises(IllegalActionError, match=r"; the 放 legal now: 門將 三 三; 門將 十 十"):
        game.verify(Action(0, ActionKind.LAY, meld=MeldKind.MENJIANG))
    while game.legal_actions(game.to_act[0])[0].kind is not ActionKind.DISCARD:
        game.apply(game.legal_actions(game.to_act[0])[-1])
    seat = game.to_act[0]
    missing = next(c for c in xiaogan.DECK if c not in game.hand(seat))
    with pytest.raises(IllegalActionError, match=rf"; seat {seat} holds no {missing}$"):
        game.verify(Action(seat, ActionKind.DISCARD, missing))


def test_a_discard_refused_by_the_phase_names_the_legal_kinds() -> None:
    """Review h71: a discard in the claim phase of a card not held was refused with "holds no
    天牌", which is not why; the phase is."""
    from changpai import chuanpai
    from changpai.errors import IllegalActionError

    game = chuanpai.Game(seed=1)
    chooser = random.Random(1)
    while game._phase != "claim":
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    seat = game.to_act[0]
    missing = next(c for c in chuanpai.DECK if c not in game.hand(seat))
    with pytest.raises(IllegalActionError, match=r"in the claim phase; legal kinds: "):
        game.apply(chuanpai.Action(seat, chuanpai.ActionKind.DISCARD, missing))
