"""The 名堂 facts the engine writes into a won hand's ``Win`` (zipai.md §8.6; docs/zipai.md
"名堂 presets of §8.6"): 海胡 ``haidi``, 地胡 ``dihu``, 聽胡 ``tinghu``, 耍猴 ``shuahou`` and 黃番
``huangfan`` (filled by ``Match``), scored by the 常德 全名堂 preset.

Every hand stacks the deck (``stack_deck``) and is played by :func:`drive`: the scripted decisions
first, the winner's 胡 when offered, every other claim passed and any other discard the first
legal one. Seats: the dealer is seat 0; seat 1 is his 下家, seat 2 his 上家.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import attrs
import pytest

from changpai.errors import NotationError, RulesError
from changpai.zipai import (
    HAHA,
    HUNAN,
    Action,
    ActionKind,
    Game,
    Match,
    analyze,
    score,
    stack_deck,
)
from changpai.zipai.rules import Rules

A = ActionKind
QUAN = HUNAN.evolve(mingtang="changde_quanmingtang")

# seat 1: ready from the deal, 15 胡息, waiting for 陸 (陸柒捌) or 叄 (壹貳叄 叄)
READY = "玖玖玖 壹貳叄 一二三 四五六 七八九 肆伍陸 柒捌"
# 19 stock cards with no 陸 / 叄 before the last one
NO_WIN = "一 二 三 四 五 一 二 三 四 五 一 二 三 四 五 七 八 九"


def drive(game: Game, todo: Sequence[Action] = (), winner: int | None = None) -> None:
    """Play to the end: the scripted actions in order when legal, 胡 by ``winner`` when
    offered, every other claim passed, any other discard the first legal one."""
    todo = list(todo)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if todo and todo[0] in legal:
            game.apply(todo.pop(0))
            continue
        hu = [a for a in legal if a.kind is A.WIN]
        if hu and seat == winner:
            game.apply(hu[0])
            continue
        passing = Action(seat, A.PASS)
        game.apply(passing if passing in legal else legal[0])
    assert not todo, f"scripted actions never became legal: {todo}"


def facts(game: Game) -> dict[str, object]:
    result = game.result
    assert result is not None and result.win is not None
    win = result.win
    return {
        name: getattr(win, name)
        for name in ("haidi", "dihu", "tinghu", "shuahou", "jushou", "huangfan")
    }


def mingtang(game: Game) -> dict[str, int]:
    assert game.result is not None and game.result.sheet is not None
    return {
        line.key.removeprefix("mingtang."): line.value
        for line in game.result.sheet.lines
        if line.key.startswith("mingtang.")
    }


def check_same_without_mingtang(game: Game, rules: Rules) -> None:
    """With the preset's rules but ``mingtang=None`` the facts change nothing in the score."""
    assert game.result is not None and game.result.win is not None
    plain = rules.evolve(mingtang=None)
    bare = attrs.evolve(
        game.result.win, haidi=False, dihu=False, tinghu=False, shuahou=False, huangfan=0
    )
    assert score(game.result.win, rules=plain) == score(bare, rules=plain)


def check_reloads(game: Game) -> None:
    again = Game.from_json(game.to_json())
    assert again == game and again.huangfan == game.huangfan
    assert again.result == game.result


def test_ready_hand_waits() -> None:
    """The seat-1 hand used below waits for 陸 and 叄 only (zipai.md §7)."""
    assert [c.code for c in analyze(READY).waits] == ["d3", "d6"]


def test_haidi_on_the_last_stock_card() -> None:
    """zipai.md §8.6 海胡: won on the last card of the stock (全名堂 6); the hand was ready from
    the deal and took nothing in, so it is 聽胡 (6) too."""
    deck = stack_deck(QUAN, hands={1: READY}, stock=NO_WIN + " 陸")
    game = Game(QUAN, deck=deck)
    drive(game, winner=1)
    assert game.result is not None and game.result.winner == 1 and game.stock_size == 0
    assert game.result.win is not None and game.result.win.self_drawn
    assert facts(game) == {
        "haidi": True,
        "dihu": False,
        "tinghu": True,
        "shuahou": False,
        "jushou": False,
        "huangfan": 0,
    }
    assert mingtang(game) == {"siqihong": 2, "haihu": 6, "tinghu": 6}
    assert game.result.sheet is not None and game.result.sheet.fact("fan") == 14
    check_same_without_mingtang(game, QUAN)
    check_reloads(game)


def test_haidi_for_a_seat_that_did_not_draw_it() -> None:
    """zipai.md §8.6 海胡 is the last stock card whoever drew it: seat 2 draws it, seat 1 wins."""
    stock = "一 二 三 四 五 一 二 三 四 五 一 二 三 四 五 七 八 九 陸"
    deck = stack_deck(QUAN, hands={1: READY}, liang="十", stock=stock, dealer=1)
    game = Game(QUAN, deck=deck, dealer=1)  # seat 1 deals: the last card goes to seat 2
    drive(game, [Action(1, A.DISCARD, "x10")], winner=1)
    assert game.result is not None and game.result.winner == 1 and game.stock_size == 0
    assert game.result.win is not None and not game.result.win.self_drawn
    assert game.log[-2].action.kind is A.DRAW and game.log[-2].action.seat == 2
    assert facts(game)["haidi"] is True
    assert "haihu" in mingtang(game)


def test_no_haidi_before_the_last_card() -> None:
    """zipai.md §8.6 海胡 needs the last card: a win with cards left in the stock is no 海胡."""
    deck = stack_deck(QUAN, hands={1: READY}, stock="一 二 三 陸")
    game = Game(QUAN, deck=deck)
    drive(game, winner=1)
    assert game.stock_size == 15 and facts(game)["haidi"] is False
    assert "haihu" not in mingtang(game)


def test_dihu_on_the_first_stock_card() -> None:
    """zipai.md §8.6 地胡: won on the first card played after the deal (here the first stock
    card, drawn by seat 1 after the dealer's discard) with the hand untouched (全名堂 6). A 地胡
    is not also 聽胡 (docs/zipai.md: set 聽胡 yourself if your table counts it)."""
    deck = stack_deck(QUAN, hands={1: READY}, stock="陸")
    game = Game(QUAN, deck=deck)
    drive(game, winner=1)
    assert game.result is not None and game.result.winner == 1
    assert [r.action.kind for r in game.log if r.action.kind is A.DRAW] == [A.DRAW]
    assert facts(game) == {
        "haidi": False,
        "dihu": True,
        "tinghu": False,
        "shuahou": False,
        "jushou": False,
        "huangfan": 0,
    }
    assert mingtang(game) == {"siqihong": 2, "dihu": 6}
    check_same_without_mingtang(game, QUAN)
    check_reloads(game)


def test_dihu_on_the_dealers_first_discard() -> None:
    """zipai.md §8.6 地胡 on the dealer's first discard, where wins on discards are allowed
    (哈哈字牌, Z2): seat 1 wins on the dealer's 陸 (全名堂 地胡 6)."""
    rules = HAHA.evolve(mingtang="changde_quanmingtang")
    deck = stack_deck(rules, hands={0: "陸", 1: READY})
    game = Game(rules, deck=deck)
    drive(game, [Action(0, A.DISCARD, "d6")], winner=1)
    assert game.result is not None and game.result.win is not None
    assert game.result.winner == 1 and game.result.win.discarder == 0
    assert facts(game)["dihu"] is True and facts(game)["tinghu"] is False
    assert "dihu" in mingtang(game)
    check_same_without_mingtang(game, rules)


def test_a_later_card_is_tinghu_not_dihu() -> None:
    """zipai.md §8.6 聽胡: won without ever taking a card in, the hand ready from the deal, on a
    later card (seat 1's second draw): 聽胡 6, no 地胡."""
    deck = stack_deck(QUAN, hands={1: READY}, stock="一 二 三 陸")
    game = Game(QUAN, deck=deck)
    drive(game, winner=1)
    assert game.result is not None and game.result.winner == 1
    assert facts(game) == {
        "haidi": False,
        "dihu": False,
        "tinghu": True,
        "shuahou": False,
        "jushou": False,
        "huangfan": 0,
    }
    assert mingtang(game) == {"siqihong": 2, "tinghu": 6}
    check_same_without_mingtang(game, QUAN)
    check_reloads(game)


def test_a_peng_ends_tinghu() -> None:
    """zipai.md §8.6 聽胡 needs no card taken in: seat 1 碰 the dealer's 五, discards 十 and wins
    later — no 聽胡, no 地胡."""
    hand = "五五 玖玖玖 壹貳叄 一二三 七八九 肆伍陸 柒捌 十"
    deck = stack_deck(QUAN, hands={0: "五", 1: hand}, stock="一 二 三 陸")
    game = Game(QUAN, deck=deck)
    script = [Action(0, A.DISCARD, "x5"), Action(1, A.PENG, "x5"), Action(1, A.DISCARD, "x10")]
    drive(game, script, winner=1)
    assert game.result is not None and game.result.winner == 1
    assert [str(m) for m in game.melds(1)] == ["碰 五五五"]
    assert facts(game)["tinghu"] is False and facts(game)["dihu"] is False
    assert mingtang(game) == {"siqihong": 2}


def test_a_wei_from_a_draw_ends_tinghu() -> None:
    """zipai.md §8.6 聽胡: a 偎 made with a drawn card takes that card in, so a later win is no
    聽胡 (seat 1 holds 玖玖 and draws the third 玖)."""
    hand = "玖玖 壹貳叄 一二三 四五六 七八九 肆伍陸 柒捌 十"
    deck = stack_deck(QUAN, hands={1: hand}, stock="玖 二 一 陸")
    game = Game(QUAN, deck=deck)
    drive(game, [Action(1, A.DISCARD, "x10")], winner=1)
    assert game.result is not None and game.result.winner == 1
    assert [str(m) for m in game.melds(1)] == ["偎 玖玖玖"]
    assert facts(game)["tinghu"] is False and facts(game)["dihu"] is False
    assert "tinghu" not in mingtang(game)


def test_shuahou_single_card_left() -> None:
    """zipai.md §8.6 耍猴: seat 1 lays two dealt 提, 偎 four pairs with its own draws (discarding
    一, 三, 五), keeps one 七 alone in hand and wins on the 七 seat 2 draws (全名堂 8)."""
    hand = "拾拾拾拾 貳貳貳貳 壹壹 叄叄 肆肆 伍伍 一 三 五 七"
    stock = "壹 二 四 叄 六 八 肆 九 十 伍 七 壹 叄 肆 伍"
    deck = stack_deck(QUAN, hands={1: hand}, stock=stock)
    game = Game(QUAN, deck=deck)
    drive(game, [Action(1, A.DISCARD, c) for c in ("x1", "x3", "x5")], winner=1)
    assert game.result is not None and game.result.win is not None
    assert game.result.winner == 1 and not game.result.win.self_drawn
    assert sorted(str(m) for m in game.melds(1)) == sorted(
        ["提 貳貳貳貳", "提 拾拾拾拾", "偎 壹壹壹", "偎 叄叄叄", "偎 肆肆肆", "偎 伍伍伍"]
    )
    assert [c.code for c in game.hand(1)] == ["x7", "x7"]  # the 七 won on joins the lone 七
    assert facts(game) == {
        "haidi": False,
        "dihu": False,
        "tinghu": False,
        "shuahou": True,
        "jushou": False,
        "huangfan": 0,
    }
    assert mingtang(game)["shuahou"] == 8
    check_same_without_mingtang(game, QUAN)
    check_reloads(game)


def test_no_shuahou_with_more_cards_in_hand() -> None:
    """zipai.md §8.6 耍猴 needs a single card in hand before the winning card."""
    deck = stack_deck(QUAN, hands={1: READY}, stock="一 二 三 陸")
    game = Game(QUAN, deck=deck)
    drive(game, winner=1)
    assert facts(game)["shuahou"] is False


def test_tianhu_gets_no_other_fact() -> None:
    """zipai.md §7 天胡 (3 提) is scored by ``tianhu``; the engine sets no 地胡 / 聽胡 with it
    (docs/zipai.md §8.6 table: set 聽胡 yourself if your table counts it)."""
    game = Game(QUAN, deck=stack_deck(QUAN, hands={1: "一一一一 二二二二 三三三三"}))
    assert game.result is not None and game.result.win is not None
    assert game.result.win.tianhu
    assert facts(game) == {
        "haidi": False,
        "dihu": False,
        "tinghu": False,
        "shuahou": False,
        "jushou": False,
        "huangfan": 0,
    }


def huangzhuang(game: Game) -> None:
    """Play a hand to 荒莊 (nobody ever 胡)."""
    drive(game)
    assert game.result is not None and game.result.reason == "huangzhuang"


def test_match_huangfan_after_two_huangzhuang() -> None:
    """zipai.md §8.6 黃番: after two 荒莊 in a row the next win's 番 × 3 (N + 1, docs/zipai.md);
    ``Match`` passes the count to ``Game(huangfan=...)`` and a win resets it."""
    match = Match(QUAN, seed=5, dealer=0)
    for number in range(2):
        game = match.new_hand()
        assert game.huangfan == number
        huangzhuang(game)
    match.settle()
    assert match.dealer == 0 and match.huangfan == 2
    game = match.new_hand(deck=stack_deck(QUAN, hands={1: READY}, stock="一 二 三 陸"))
    assert game.huangfan == 2
    drive(game, winner=1)
    assert facts(game)["huangfan"] == 2
    assert mingtang(game) == {"siqihong": 2, "tinghu": 6, "huangfan": 3}
    assert game.result is not None and game.result.sheet is not None
    assert game.result.sheet.fact("fan") == (2 + 6) * 3
    assert game.result.sheet.total == game.result.value * 24
    assert match.settle()[1] == 2 * game.result.value * 24
    check_same_without_mingtang(game, QUAN)
    check_reloads(game)
    assert match.huangfan == 0 and match.new_hand().huangfan == 0


def test_match_huangfan_counts_across_a_change_of_dealer() -> None:
    """zipai.md §2 three 荒莊 pass the deal; §8.6 黃番 counts all the 荒莊 in a row (×4)."""
    match = Match(QUAN, seed=8, dealer=0)
    for _ in range(3):
        huangzhuang(match.new_hand())
    match.settle()
    assert match.dealer == 1 and match.huangfan == 3
    deck = stack_deck(QUAN, hands={2: READY}, stock="一 二 三 陸", dealer=1)
    game = match.new_hand(deck=deck)
    drive(game, winner=2)
    assert game.result is not None and game.result.winner == 2
    assert facts(game)["huangfan"] == 3 and mingtang(game)["huangfan"] == 4


def test_huangfan_without_mingtang_changes_nothing() -> None:
    """zipai.md §8.6 黃番 belongs to 全名堂: with ``mingtang=None`` (HUNAN) the score is the same
    as without it."""
    deck = stack_deck(HUNAN, hands={1: READY}, stock="一 二 三 陸")
    game = Game(HUNAN, deck=deck, huangfan=2)
    drive(game, winner=1)
    plain = Game(HUNAN, deck=deck)
    drive(plain, winner=1)
    assert game.result is not None and plain.result is not None
    assert facts(game)["huangfan"] == 2 and facts(plain)["huangfan"] == 0
    assert game.result.sheet == plain.result.sheet


@pytest.mark.parametrize("bad", [-1, True, 1.5, "2", None])
def test_game_huangfan_is_checked(bad: object) -> None:
    """zipai.md §8.6 黃番 is a count of 荒莊: a whole number >= 0 (RulesError naming it)."""
    with pytest.raises(RulesError, match="huangfan="):
        Game(seed=1, huangfan=bad)  # type: ignore[arg-type]


def test_huangfan_in_json() -> None:
    """DESIGN: to_json keeps ``huangfan`` in the options (only when not 0); a document without
    it loads with 0; a bad value is a NotationError naming it (the document is wrong)."""
    assert json.loads(Game(seed=4).to_json())["options"] == {}
    data = json.loads(Game(seed=4, huangfan=3).to_json())
    assert data["options"] == {"huangfan": 3}
    assert Game.from_json(json.dumps(data)).huangfan == 3
    data["options"] = {}
    assert Game.from_json(json.dumps(data)).huangfan == 0
    for bad in (-2, True, "1"):
        data["options"] = {"huangfan": bad}
        with pytest.raises(NotationError, match="huangfan="):
            Game.from_json(json.dumps(data))
    game = Game(seed=4, huangfan=1)
    assert game.copy().huangfan == 1 and game.options == {"huangfan": 1}
    assert Game.replay(game.log, deck=game.deck, **game.options).huangfan == 1


# seat 1 dealt 3 提 (12 cards) and 8 other cards, 6 of them red: 二七十 and 貳柒拾 make 句, 五 八 none
_THREE_TI = "一一一一 三三三三 四四四四 二 七 十 貳 柒 拾 五 八"


def test_a_tianhu_of_three_ti_counts_every_card_of_the_winner() -> None:
    """zipai.md §7 天胡 (a) with §8.6 (red cards over all the winner's cards): 3 提 win
    whatever the other cards make; 二七十 and 貳柒拾 among them are 句, 五 八 the win's
    ``loose`` cards: 6 red, so no 烏胡 (0 紅) and no 對子胡 (not all sets), as it scored
    before (on the 提 alone)."""
    rules = HUNAN.evolve(mingtang="changde_hongheidian")
    g = Game(rules, deck=stack_deck(rules, hands={1: _THREE_TI}))
    result = g.result
    assert result is not None and result.win.tianhu
    assert len(result.win.decomposition.cards) + len(result.win.loose) == 20
    assert "".join(c.hanzi for c in result.win.loose) == "五八"
    assert result.sheet.fact("reds") == 6
    assert not [line for line in result.sheet.lines if line.key.startswith("mingtang.")]


def test_a_tianhu_of_three_ti_counts_its_loose_cards_for_fanxing_and_shuxin() -> None:
    """zipai.md §8.3 / Z8 (翻信 counts the winner's cards) and §2 (數信): the turned 五 matches
    the 五 among the loose cards of a 天胡 of 3 提 (HAHA turns 翻信 then 數信)."""
    g = Game(HAHA, deck=stack_deck(HAHA, hands={1: _THREE_TI}, stock="五 五"))
    assert g.result is not None
    assert g.result.sheet.fact("fanxing") == 1
    assert g.result.sheet.fact("shuxin_shares") == 1


def test_loose_cards_only_in_a_tianhu_of_three_ti_or_five_kan() -> None:
    """zipai.md §7 (a): only a 天胡 of 3 提 / 5 坎 wins with cards in no 門子; ``loose`` is
    checked as cards."""
    from changpai.errors import IllegalActionError
    from changpai.zipai import Card, Decomposition, Meld, Win, best_decomposition, parse

    d = best_decomposition(parse("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾"))
    assert d is not None
    with pytest.raises(IllegalActionError, match="only in a 天胡"):
        Win(d, winner=0, players=3, loose=(Card("x2"),))
    with pytest.raises(IllegalActionError, match="3 提 / 5 坎"):  # (a 天胡 on the 亮張)
        Win(d, winner=0, players=3, tianhu=True, loose=(Card("x2"),))
    three_ti = Decomposition([Meld.parse(f"提 {k}{k}{k}{k}") for k in "一三四"])
    with pytest.raises(NotationError, match="loose="):
        Win(three_ti, winner=0, players=3, tianhu=True, loose=("x2",))
    sheet = score(three_ti, winner=0, tianhu=True, loose=parse("二 七 五 八 十 貳 柒 拾"))
    assert sheet.fact("reds") == 6 and sheet.total == 27


def test_a_tianhu_counts_the_sentences_its_other_cards_make() -> None:
    """zipai.md §7 天胡 (a) with Z13: the cards beside 3 提 that make 句 count them — 27 胡息
    of 提 + 壹貳叄 6 + 二七十 3 = 36 — and only 五 八 are loose; so under a threshold of 30
    that the 天胡 must meet (``tianhu_needs_threshold``) the seat wins."""
    hand = "一一一一 三三三三 四四四四 壹貳叄 二七十 五 八"
    rules = HUNAN.evolve(tianhu_needs_threshold=True, min_huxi=30)
    g = Game(rules, deck=stack_deck(rules, hands={1: hand}))
    result = g.result
    assert result is not None and result.winner == 1 and result.win.tianhu
    assert result.win.decomposition.huxi == 36
    assert "".join(c.hanzi for c in result.win.loose) == "五八"
    assert result.sheet.fact("huxi") == 36
