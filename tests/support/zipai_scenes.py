"""Helpers of the 字牌 engine scenario tests (tests/zipai/test_game.py, test_claims.py): a game
dealt from a stacked deck, actions by name, the log by kind."""

from __future__ import annotations

import random

from changpai.zipai.actions import Action, ActionKind
from changpai.zipai.deck import stack_deck
from changpai.zipai.game import Game
from changpai.zipai.rules import HUNAN, Rules

# Two 20-card hands that both win on 十 (八九十): 18 and 24 胡息 (no accidental 坎).
W1 = "一二三 二七十 四五六 肆肆肆 捌捌捌 六七八 x8 x9"
W2 = "壹貳叄 貳柒拾 伍伍伍 玖玖玖 陸柒捌 x8 x9"
# A 20-card hand with a 坎 五五五 and a pair: wins by 跑雙 / 破跑胡 on a fourth 五 (18 胡息).
PAO_HU = "五五五 一二三 二七十 壹貳叄 柒捌玖 陸柒捌 八八"

A = ActionKind

# the sentences of 字牌 by kind index: 一句話 of each case, 二七十 and 貳柒拾 (zipai.md §4)
SENTENCES = [(k, k + 1, k + 2) for s in (0, 10) for k in range(s, s + 8)] + [
    (1, 6, 9),  # 二七十
    (11, 16, 19),  # 貳柒拾
]


def meld_kinds(rng: random.Random, melds: int, kan: float, jiao: float) -> list[int]:
    """The card kinds of ``melds`` random 門子 (zipai.md §4): a 坎 with chance ``kan``, a 絞
    with chance ``jiao``, else a sentence (copies not checked)."""
    kinds: list[int] = []
    for _ in range(melds):
        k = rng.randrange(20)
        roll = rng.random()
        if roll < kan:
            kinds += (k, k, k)
        elif roll < kan + jiao:
            kinds += (k, k, (k + 10) % 20)
        else:
            kinds += rng.choice(SENTENCES)
    return kinds


def deal(
    hands: dict[int, str] | None = None,
    liang: str | None = None,
    stock: str = "",
    dealer: int = 0,
    rules: Rules = HUNAN,
) -> Game:
    """A game dealt from a deck stacked with ``hands`` (seat -> cards), the 亮張 and the stock."""
    deck = stack_deck(rules, hands=hands or {}, liang=liang, stock=stock, dealer=dealer)
    return Game(rules, deck=deck, dealer=dealer)


def act(
    game: Game, seat: int, kind: ActionKind, card: str | None = None, melds: tuple[str, ...] = ()
) -> None:
    """Apply the action ``seat`` / ``kind`` with its card and melds given as text."""
    game.apply(Action(seat, kind, card, melds))


def kinds(game: Game, seat: int) -> set[ActionKind]:
    """The kinds of the legal actions of ``seat``."""
    return {a.kind for a in game.legal_actions(seat)}


def records(game: Game, kind: ActionKind) -> list[str]:
    """The log entries of one kind, as text (melds made by the engine carry their origin)."""
    return [str(r.action) for r in game.log if r.action.kind is kind]


def text(seat: int, kind: ActionKind, card: str | None = None, melds: tuple[str, ...] = ()) -> str:
    """An action as the log prints it."""
    return str(Action(seat, kind, card, melds))


def pass_until(game: Game, stop: object = None) -> None:
    """PASS every claim (never a 胡 unless stop allows) until a seat must do more than pass."""
    while game.to_act:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if Action(seat, A.PASS) not in legal:
            return
        if stop is not None and any(a.kind is stop for a in legal):
            return
        game.apply(Action(seat, A.PASS))
