"""changpai.zipai.claims: the claims on a card on offer and their priority (zipai.md §5-§7),
on stacked decks; each test names its rule section."""

from __future__ import annotations

import pytest
from zipai_scenes import PAO_HU, W1, W2, A, act, deal, kinds, pass_until, records, text

from changpai.errors import IllegalActionError
from changpai.zipai.actions import Action
from changpai.zipai.cards import Card
from changpai.zipai.game import Game
from changpai.zipai.rules import HAHA

# ------------------------------------------------------------------------------------ §5-§7 claims


def test_discard_chi_only_by_xiajia() -> None:
    """zipai.md §5 吃: only the discarder's 下家 may 吃; the 上家 may not."""
    game = deal({0: "五", 1: "四六", 2: "三四"})
    act(game, 0, A.DISCARD, "x5")
    assert game.to_act == (1,) and A.CHI in kinds(game, 1)
    act(game, 1, A.PASS)
    assert game.to_act != (2,) or A.CHI not in kinds(game, 2)
    assert any(
        r.action.kind is A.TO_DISCARDS and r.action.card == Card.parse("x5") for r in game.log
    )


def test_chi_with_compulsory_bi_seed_example() -> None:
    """zipai.md §5 比 seed example: hand x1 x2 x2 x3 x3 x4 d2 d2 taking x2."""
    game = deal({0: "二", 1: "x1 x2 x2 x3 x3 x4 d2 d2 五五 六六 八八 九九 伍伍 陸陸"})
    act(game, 0, A.DISCARD, "x2")
    assert kinds(game, 1) == {A.PENG, A.PASS}  # 碰 comes before 吃 (§6)
    act(game, 1, A.PASS)
    chi = sorted(
        " ".join(str(m) for m in a.melds) for a in game.legal_actions(1) if a.kind is A.CHI
    )
    assert chi == [
        "吃 一二三 比 二三四 比 二貳貳",
        "吃 一二三 比 二二貳",
        "吃 二三四 比 一二三 比 二貳貳",
        "吃 二三四 比 二二貳",
        "吃 二二貳 比 一二三",
        "吃 二二貳 比 二三四",
        "吃 二貳貳 比 一二三 比 二三四",
    ]
    # 吃 with d2 d2 -> [x2 d2 d2], then 比 [x1 x2 x3] and [x2 x3 x4]
    assert "吃 二貳貳 比 一二三 比 二三四" in chi
    # 吃 with x1 x3 -> [x1 x2 x3], then 比 [x2 x2 d2] (done), or [x2 d2 d2] + [x2 x3 x4]
    assert "吃 一二三 比 二二貳" in chi
    assert "吃 一二三 比 二三四 比 二貳貳" in chi
    # a 吃 without its 比 is illegal
    with pytest.raises(IllegalActionError, match="比"):
        act(game, 1, A.CHI, "x2", ("吃 一二三",))
    # the two 比 may be named in either order (§5); the card may be left out
    assert game.can(Action(1, A.CHI, "x2", ("吃 二貳貳", "比 二三四", "比 一二三")))
    assert game.can(Action(1, A.CHI, None, ("吃 二貳貳", "比 一二三", "比 二三四")))
    assert not game.can(Action(1, A.CHI, "x3", ("吃 二貳貳", "比 一二三", "比 二三四")))
    act(game, 1, A.CHI, "x2", ("吃 二貳貳", "比 二三四", "比 一二三"))
    assert [str(m) for m in game.melds(1)] == ["吃 二貳貳", "比 一二三", "比 二三四"]
    assert game.to_act == (1,) and kinds(game, 1) == {A.DISCARD}


def test_chi_refused_when_bi_is_impossible() -> None:
    """zipai.md §5 比: if the copy left in hand cannot be laid, the 吃 is not allowed."""
    game = deal({0: "二", 1: "x1 x2 x3 x3 五五 六六 八八 九九 伍伍 陸陸 捌捌 玖玖"})
    act(game, 0, A.DISCARD, "x2")
    assert game.to_act != (1,) or A.CHI not in kinds(game, 1)
    assert game.offered is None or game.to_act != (1,)


def test_peng_by_shangjia_and_discard_after() -> None:
    """zipai.md §5 碰 (optional, any seat) and §6.5: after a 碰 the player discards."""
    game = deal({0: "九", 2: "九九"})
    act(game, 0, A.DISCARD, "x9")
    pass_until(game, stop=A.PENG)
    assert game.to_act == (2,) and kinds(game, 2) == {A.PENG, A.PASS}
    act(game, 2, A.PENG, "x9")
    assert "碰 九九九" in [str(m) for m in game.melds(2)]
    assert game.to_act == (2,) and kinds(game, 2) == {A.DISCARD}


def test_forced_pao_from_kan_on_a_discard() -> None:
    """zipai.md §5 跑 (a): a 坎 + a discarded card is a forced 跑 (engine record), then discard."""
    game = deal({0: "九", 2: "九九九"})
    act(game, 0, A.DISCARD, "x9")
    assert records(game, A.PAO) == [text(2, A.PAO, "x9", ("跑 九九九九",))]
    assert game.to_act == (2,) and kinds(game, 2) == {A.DISCARD}


def test_pao_from_peng_on_a_drawn_card() -> None:
    """zipai.md §5 跑 (b): an own 碰 + a card drawn (by anyone) is a forced 跑."""
    game = deal({0: "九", 2: "九九"}, stock="九")
    act(game, 0, A.DISCARD, "x9")
    pass_until(game, stop=A.PENG)
    act(game, 2, A.PENG, "x9")
    game.apply(game.legal_actions(2)[0])
    pass_until(game)
    assert records(game, A.DRAW)[0] == text(0, A.DRAW, "x9")
    assert records(game, A.PAO) == [text(2, A.PAO, "x9", ("跑 九九九九",))]
    assert game.to_act == (2,) and kinds(game, 2) == {A.DISCARD}


def test_no_pao_from_peng_on_a_discard() -> None:
    """zipai.md §9: a 碰 turns into a 跑 only on a drawn card, never on a discard."""
    game = deal({0: "九九 一二", 2: "九九"}, stock="三")
    act(game, 0, A.DISCARD, "x9")
    pass_until(game, stop=A.PENG)
    act(game, 2, A.PENG, "x9")
    game.apply(game.legal_actions(2)[0])
    pass_until(game, stop=A.CHI)
    assert game.to_act == (0,) and A.CHI in kinds(game, 0)  # the drawer may 吃 his own draw
    game.apply(next(a for a in game.legal_actions(0) if a.kind is A.CHI))
    act(game, 0, A.DISCARD, "x9")
    assert records(game, A.PAO) == []
    pass_until(game)
    assert text(0, A.TO_DISCARDS, "x9") in records(game, A.TO_DISCARDS)


def test_hu_priority_drawer_first() -> None:
    """zipai.md §6 priority: several can win on a drawn card -> the drawer first."""
    game = deal({1: W1, 2: W2}, stock="十")
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert records(game, A.DRAW)[-1] == text(1, A.DRAW, "x10")
    assert game.to_act == (1,) and kinds(game, 1) == {A.WIN, A.PASS}
    act(game, 1, A.PASS)
    assert game.to_act == (2,) and kinds(game, 2) == {A.WIN, A.PASS}
    act(game, 2, A.WIN, "x10")
    result = game.result
    assert result is not None and result.winner == 2
    assert result.win is not None and not result.win.self_drawn and result.win.discarder is None
    assert result.win.decomposition.huxi == 24
    assert {p.payer for p in result.payments} == {0, 1}


def test_hu_priority_xiajia_before_shangjia() -> None:
    """zipai.md §6 priority: on another's draw the nearest in turn order (下家 before 上家) wins."""
    game = deal({1: W1, 2: W2}, stock="壹 一 十")
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert records(game, A.DRAW)[-1] == text(0, A.DRAW, "x10")
    assert game.to_act == (1,)
    act(game, 1, A.WIN, "x10")
    assert game.result is not None and game.result.winner == 1
    assert game.result.win is not None and game.result.win.decomposition.huxi == 18


def test_popaohu_beats_forced_pao() -> None:
    """zipai.md §5 破跑胡: 胡 beats the forced 跑 on the same drawn card."""
    game = deal({2: PAO_HU}, stock="五")
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert game.to_act == (2,) and kinds(game, 2) == {A.WIN, A.PASS}
    won = game.copy()
    act(won, 2, A.WIN, "x5")
    assert won.result is not None and won.result.win is not None
    assert "跑 五五五五" in str(won.result.win.decomposition)
    act(game, 2, A.PASS)  # passing the 胡: the 跑 is forced
    assert records(game, A.PAO) == [text(2, A.PAO, "x5", ("跑 五五五五",))]
    assert kinds(game, 2) == {A.DISCARD}


def test_no_win_on_a_discard_in_hunan() -> None:
    """zipai.md §7.3 (Z2 default): a card discarded from a hand can never be won on."""
    game = deal({0: "十", 1: W1})
    act(game, 0, A.DISCARD, "x10")
    assert A.WIN not in kinds(game, 1)


def test_win_on_a_discard_when_allowed() -> None:
    """zipai.md §7 [S004] / §8.4: with win_on_discard the discarder pays both shares."""
    game = deal({0: "十", 1: W1}, rules=HAHA)
    act(game, 0, A.DISCARD, "x10")
    assert game.to_act == (1,) and A.WIN in kinds(game, 1)
    act(game, 1, A.WIN, "x10")
    result = game.result
    assert result is not None and result.win is not None
    assert result.win.discarder == 0 and not result.win.self_drawn
    assert {p.payer for p in result.payments if p.payee == 1} == {0}


def test_chouhu_same_huxi() -> None:
    """zipai.md §5 臭胡: a passed win may not be taken on the same card while 胡息 is unchanged."""
    game = deal({1: W1}, stock="十 十")
    game.apply(game.legal_actions(0)[0])
    pass_until(game, stop=A.WIN)
    assert game.to_act == (1,) and A.WIN in kinds(game, 1)
    act(game, 1, A.PASS)
    pass_until(game, stop=A.WIN)
    log = [str(r.action) for r in game.log]
    start, end = log.index(text(2, A.DRAW, "x10")), log.index(text(2, A.TO_DISCARDS, "x10"))
    assert not any(line.startswith("seat 1 ") for line in log[start + 1 : end])
    assert all(r.action.kind is not A.WIN for r in game.log)


def test_passed_chi_makes_a_choupai() -> None:
    """zipai.md §5 臭牌: a card one could 吃 and passed may not be 吃'd later (own draw too)."""
    hand = "四六 一一 二二 三三 七七 八八 九九 壹壹 貳貳 叄叄"
    game = deal({0: "五", 1: hand}, stock="五")
    act(game, 0, A.DISCARD, "x5")
    assert game.to_act == (1,) and A.CHI in kinds(game, 1)
    act(game, 1, A.PASS)
    pass_until(game, stop=A.CHI)
    assert records(game, A.DRAW)[0] == text(1, A.DRAW, "x5")
    assert game.to_act != (1,) or A.CHI not in kinds(game, 1)
    # control: without the earlier pass seat 1 may 吃 its own draw
    game = deal({0: "一", 1: hand}, stock="五")
    act(game, 0, A.DISCARD, "x1")
    pass_until(game, stop=A.CHI)
    assert game.to_act == (1,) and A.CHI in kinds(game, 1)


def test_own_discard_cannot_be_chi() -> None:
    """zipai.md §5 臭牌: nobody may 吃 a card he himself discarded earlier."""

    def dealer_may_chi_the_five(first: str) -> bool:
        game = deal({0: "四六 " + first}, stock="壹 五")
        act(game, 0, A.DISCARD, first)
        while not records(game, A.DRAW) or records(game, A.DRAW)[-1] != text(2, A.DRAW, "x5"):
            game.apply(Action(game.to_act[0], A.PASS))
        while game.offered == Card.parse("x5") and game.to_act != (0,):
            game.apply(Action(game.to_act[0], A.PASS))
        return game.offered == Card.parse("x5") and A.CHI in kinds(game, 0)

    assert not dealer_may_chi_the_five("五")
    assert dealer_may_chi_the_five("一")  # control: 一 discarded instead


def test_chi_blocked_by_peng_is_not_choupai() -> None:
    """zipai.md §5 exception: wanting to 吃 a card someone else 碰s does not make it 臭."""
    game = deal({0: "五五 一二", 1: "四六", 2: "五五"}, stock="三")
    act(game, 0, A.DISCARD, "x5")
    assert game.to_act == (2,)  # 碰 before 吃: seat 1 is never asked
    act(game, 2, A.PENG, "x5")
    game.apply(game.legal_actions(2)[0])
    pass_until(game, stop=A.CHI)
    game.apply(next(a for a in game.legal_actions(0) if a.kind is A.CHI))
    act(game, 0, A.DISCARD, "x5")  # the last 五, discarded: a 碰 never 跑s on a discard
    assert game.to_act == (1,) and A.CHI in kinds(game, 1)


def _claims(seeds: range) -> list[tuple[Game, Action]]:
    """Claim decisions met in random hands: (the game before it, the decision as listed)."""
    import random

    found = []
    for seed in seeds:
        game, chooser = Game(seed=seed), random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions(game.to_act[0])
            if actions[0].kind is not A.DISCARD:
                found.extend((game.copy(), action) for action in actions)
            game.apply(chooser.choice(actions))
    return found


def test_one_spelling_per_move_issue_12() -> None:
    """zipai.md §5-§7 / issue 12: in a claim the offered card may be left out of the action (or
    given to a 過); both spellings are the same move, so they give equal games, logs and
    documents, and the log holds the spelling legal_actions lists."""
    seen = set()
    for game, action in _claims(range(4)):
        offered = game.view(action.seat).offered
        other = Action(action.seat, action.kind, None if action.card else offered, action.melds)
        first, second = game.copy(), game.copy()
        first.apply(action)
        second.apply(other)
        assert first == second
        assert first.to_json() == second.to_json()
        assert second.log[len(game.log)].action == action
        seen.add(action.kind)
    assert {A.PASS, A.PENG, A.CHI} <= seen


def test_a_hu_passed_on_the_liang_counts_the_dealt_ti_laid_after_it() -> None:
    """zipai.md §4 (the dealt 提 are laid "automatically after the 亮張") with §5 臭胡: a seat
    that passes 胡 on the 亮張 passes it with its 提 on the table, so when the same card comes
    again with nothing changed it may not win on it (the engine lays the 提 once the 亮張's
    question is over, and compared the 胡息 of the table before them: 0, not 9)."""
    from changpai.zipai import HUNAN, Action, ActionKind, Card, Game, stack_deck

    hands = {1: "拾拾拾拾 一二三 二七十 壹貳叄 柒捌玖 陸柒捌 八"}
    game = Game(HUNAN, deck=stack_deck(HUNAN, hands=hands, liang="八", stock="八"))
    assert Action(1, ActionKind.WIN, "x8") in game.legal_actions(1)
    game.apply(Action(1, ActionKind.PASS))
    assert any(r.action.kind is ActionKind.TI and r.action.seat == 1 for r in game.log)
    game.apply(game.legal_actions(0)[0])
    while not (game.to_act == (1,) and game.offered == Card("x8")):
        game.apply(Action(game.to_act[0], ActionKind.PASS))
    assert all(a.kind is not ActionKind.WIN for a in game.legal_actions(1))  # 臭胡


def test_a_chi_whose_labels_contradict_their_order_is_refused() -> None:
    """zipai.md §5 (the 吃, then its 比) and docs/core-concepts.md "Errors": a 吃 action or
    document entry listing its 比 meld first was played as another option — 吃 五六七 比 七柒柒
    for "比 五六七, 吃 七柒柒" — and a list of two 比 was taken (review h37). Labels that
    contradict their place are an IllegalActionError, the game unchanged; melds written
    without labels still go by their place."""
    from changpai.zipai import Action, ActionKind, Game, stack_deck

    game = Game(deck=stack_deck(hands={0: "七", 1: "五六七柒柒"}, seed=10))
    game.apply(Action(0, ActionKind.DISCARD, "x7"))
    before = game.copy()
    for melds in (
        ("比 五六七", "吃 七柒柒"),
        ("比 七柒柒", "比 五六七"),
        ("吃 七柒柒", "吃 五六七"),
    ):
        action = Action(1, ActionKind.CHI, "x7", melds)
        assert not game.can(action)
        with pytest.raises(IllegalActionError, match="the 吃 meld comes first and each 比"):
            game.apply(action)
        assert game == before
    assert game.can(Action(1, ActionKind.CHI, "x7", ("七柒柒", "五六七")))
    record = game.apply(Action(1, ActionKind.CHI, "x7", ("吃 七柒柒", "比 五六七")))
    assert str(record.action) == "seat 1 吃 七柒柒 比 五六七"


def test_a_document_whose_chi_melds_are_reordered_is_refused() -> None:
    """The same in a game document (review h37): an entry whose 比 meld was moved first loaded
    as another game; it is refused with a ChangpaiError now, and the document as written
    loads to the same game."""
    import json

    from changpai import game_from_json
    from changpai.errors import ChangpaiError
    from changpai.zipai import Action, ActionKind, Game, stack_deck

    game = Game(deck=stack_deck(hands={0: "七", 1: "五六七柒柒"}, seed=10))
    game.apply(Action(0, ActionKind.DISCARD, "x7"))
    game.apply(Action(1, ActionKind.CHI, "x7", ("吃 七柒柒", "比 五六七")))
    data = json.loads(game.to_json())
    assert game_from_json(json.dumps(data)) == game
    (entry,) = [a for a in data["actions"] if a.get("kind") == "chi"]
    entry["melds"].reverse()
    with pytest.raises(ChangpaiError, match="the 吃 meld comes first"):
        game_from_json(json.dumps(data))
