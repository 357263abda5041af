"""The fourth of a 暗 when a 擺 of it would win (xiaogan.md §3.3, §4): found by an independent
legality oracle written from the rules file."""

from __future__ import annotations

from changpai import xiaogan
from changpai.xiaogan import Action, ActionKind, Card, Game, MeldKind


def test_the_an_holder_wins_before_another_seats_bai_section_4() -> None:
    """§4 the fourth of a 暗 must be taken as a 起 "unless it wins", §3.3 碰 / 起 / 杠 before
    擺: seat 2 holds 七七七 as a 暗 and a 擺 of 七 with 十 士 would lay out 16; seat 1, nearer
    the discarder, could 擺 七 too. Seat 2 is asked first and offered the 起 and the winning
    擺 — no pass that would let seat 1 take the card."""
    hands = {
        0: "七 知知 禮禮 上大人 邱乙己 化三千 爾小",
        1: "七十士 化三千 爾小生 八九子 佳作仁",
        2: "七七七 可可可可 十士 上大人 邱乙己",
    }
    deck = xiaogan.stack_deck(xiaogan.XIAOGAN, players=3, stock="佳 作 爾", hands=hands)
    game = Game(xiaogan.XIAOGAN, deck=deck, players=3)
    while game.phase == "setup":
        game.apply(game.legal_actions(game.to_act[0])[0])
    game.apply(Action(0, ActionKind.DISCARD, Card("七")))
    assert game.to_act == (2,)
    legal = game.legal_actions(2)
    assert [a.meld for a in legal] == [MeldKind.QI, MeldKind.JU]
    game.apply(legal[1])
    assert game.result is not None and game.result.winner == 2
