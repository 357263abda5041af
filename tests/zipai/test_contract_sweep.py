"""Round-8 sweep of zipai.md: rules that had no test of their own (stacked decks), and audits
of the §5-§7 claim rules on the logs of random hands under the presets and options.
Seats: the dealer is seat 0; seat 1 is his 下家, seat 2 his 上家 (3 players)."""

from __future__ import annotations

import random

import pytest
from zipai_scenes import W1, W2, A, act, deal, kinds, records, text

import changpai
from changpai.errors import IllegalActionError
from changpai.zipai import (
    HAHA,
    HUNAN,
    LIUHUDAO,
    VARIANTS,
    Action,
    ActionRecord,
    Card,
    Game,
    Rules,
    huxi,
)
from changpai.zipai.melds import MeldKind

PAO, TI = MeldKind.PAO, MeldKind.TI


def asked_about(game: Game, card: str) -> list[tuple[int, set[A]]]:
    """Pass every claim on the offered ``card`` and list who was asked and what they could do."""
    asked = []
    while game.offered == Card.parse(card) and game.to_act:
        seat = game.to_act[0]
        asked.append((seat, kinds(game, seat)))
        game.apply(Action(seat, A.PASS))
    return asked


def pass_to_draw(game: Game, seat: int, card: str) -> None:
    """Pass (and discard the first legal card) until ``seat`` has drawn ``card``."""
    want = text(seat, A.DRAW, card)
    while want not in records(game, A.DRAW):
        actor = game.to_act[0]
        legal = game.legal_actions(actor)
        game.apply(Action(actor, A.PASS) if Action(actor, A.PASS) in legal else legal[0])


# ------------------------------------------------------------------------------------ §5 臭胡


CHOUHU = "肆肆肆 一二三 二七十 四五六 六七八 壹貳叄 九九"  # 20 cards, waits on 九 (19 胡息)


def test_chouhu_lifted_when_the_table_huxi_changes() -> None:
    """zipai.md §5 臭胡: a passed 胡 blocks that card only while the seat's table 胡息 is the
    same; after a 提 (12 胡息 on the table) the seat may win on a later 九."""
    game = deal({0: "三", 1: CHOUHU}, stock="伍 九 陸 肆 九")
    act(game, 0, A.DISCARD, "x3")
    pass_to_draw(game, 2, "x9")
    assert game.to_act == (1,) and A.WIN in kinds(game, 1)
    act(game, 1, A.PASS)  # passes the 胡 on 九 with 0 胡息 on the table
    pass_to_draw(game, 1, "d4")
    assert records(game, A.TI)[-1] == text(1, A.TI, "d4", ("提 肆肆肆肆",))
    while game.phase != "discard":  # the 胡 right after the 提 is passed too
        act(game, 1, A.PASS)
    act(game, 1, A.DISCARD, "x9")  # one 提: the hand now waits on 九 for its pair
    assert records(game, A.DRAW)[-1] == text(2, A.DRAW, "x9")
    assert game.to_act == (1,) and A.WIN in kinds(game, 1)
    act(game, 1, A.WIN, "x9")
    result = game.result
    assert result is not None and result.winner == 1
    assert result.win is not None and "提 肆肆肆肆" in str(result.win.decomposition)


# 20 cards: a pair 九九 and six melds (one the 絞 十十拾); a drawn 九 makes a 偎 and wins (15 胡息)
CHOUHU_WEI = "九九 十十拾 壹貳叄 貳柒拾 四五六 柒捌玖 肆伍陸"


def test_chouhu_after_a_passed_win_on_an_own_draw() -> None:
    """zipai.md §5 臭胡 ("能胡而沒胡的牌第二次出現時 … 當前胡息數沒發生變化 … 不可以胡"): a win
    passed right after the forced 偎 of an own draw (under 偎胡, ``weihu``) is a passed 胡 on
    that card too. The fourth 九, drawn by another seat with the seat's table 胡息 unchanged,
    may not be won on (破跑胡); the 跑 is forced instead."""
    game = deal({0: "三", 1: CHOUHU_WEI}, stock="九 九", rules=HUNAN.evolve(weihu=True))
    act(game, 0, A.DISCARD, "x3")
    pass_to_draw(game, 1, "x9")
    assert records(game, A.WEI) == [text(1, A.WEI, "x9", ("偎 九九九",))]
    assert game.phase == "selfhu" and kinds(game, 1) == {A.WIN, A.PASS}
    act(game, 1, A.PASS)
    act(game, 1, A.DISCARD, "d10")  # 十十 left as a pair: a 跑 of 九 would now win (18 胡息)
    assert [seat for seat, _ in asked_about(game, "d10")] == [2]  # its 吃 passed
    assert records(game, A.DRAW)[-1] == text(2, A.DRAW, "x9")
    while game.offered == Card.parse("x9") and game.to_act:
        assert A.WIN not in kinds(game, game.to_act[0])
        game.apply(Action(game.to_act[0], A.PASS))
    assert records(game, A.PAO) == [text(1, A.PAO, "x9", ("跑 九九九九",))]
    assert not game.is_over


def test_hu_on_a_choupai_drawn_from_the_stock() -> None:
    """zipai.md §5 胡臭牌: a card made 臭 by a passed 吃 may still be won on when drawn."""
    game = deal({0: "十", 1: W1}, stock="十")
    act(game, 0, A.DISCARD, "x10")
    assert A.CHI in kinds(game, 1)
    act(game, 1, A.PASS)  # 十 is now 臭 for seat 1
    assert records(game, A.DRAW) == [text(1, A.DRAW, "x10")]
    assert game.to_act == (1,) and kinds(game, 1) == {A.WIN, A.PASS}  # no 吃, but 胡
    act(game, 1, A.WIN, "x10")
    assert game.result is not None and game.result.winner == 1


# ------------------------------------------------------------------------------------ §6 吃


def test_drawn_card_chi_by_drawer_and_xiajia_not_shangjia() -> None:
    """zipai.md §6.4: a drawn-and-shown card may be 吃'd by the drawer and his 下家 only."""
    game = deal({0: "九 四六", 1: "三四", 2: "四六"}, stock="五")
    act(game, 0, A.DISCARD, "x9")
    while records(game, A.DRAW) != [text(1, A.DRAW, "x5")]:
        game.apply(Action(game.to_act[0], A.PASS))
    asked = asked_about(game, "x5")
    chi_seats = [seat for seat, can in asked if A.CHI in can]
    assert chi_seats == [1, 2]  # the drawer first, then his 下家; never seat 0 (his 上家)


# ------------------------------------------------------------------------------------ Z13


def test_tianhu_needs_threshold_option_in_the_engine() -> None:
    """zipai.md Z13: by default 3 提 win at once (天胡) whatever the 胡息; with
    ``tianhu_needs_threshold`` three small 提 (27 胡息) under a 30 threshold do not (the other
    eight cards make no 句 or 絞, which would count: §7)."""
    hands = {1: "一一一一 二二二二 三三三三 五 八 十 壹 肆 陸 柒 玖"}
    rules = HUNAN.evolve(min_huxi=30)
    game = deal(hands, rules=rules)
    assert game.result is not None and game.result.winner == 1 and game.result.value == 27
    game = deal(hands, rules=rules.evolve(tianhu_needs_threshold=True))
    assert not game.is_over and records(game, A.TIANHU) == []
    assert len(records(game, A.TI)) == 3  # the three fours are laid as 提 (§4)


# ------------------------------------------------------------------------------------ Z14


def test_hu_on_a_discard_nearest_seat_after_the_discarder() -> None:
    """zipai.md Z14 (with Z2 win_on_discard): two seats can win on a discard; the 下家 of the
    discarder is asked first, the other only after a pass; one winner."""
    # HAHA: seat 2 is the 數信 (opposite dealer 0), so the players are 0 -> 1 -> 3
    game = deal({0: "十", 1: W1, 3: W2 + " 二三四"}, liang="一", rules=HAHA)
    act(game, 0, A.DISCARD, "x10")
    assert game.to_act == (1,) and A.WIN in kinds(game, 1)
    won = game.copy()
    act(won, 1, A.WIN, "x10")
    assert won.result is not None and won.result.winner == 1 and won.result.discarder == 0
    act(game, 1, A.PASS)
    assert game.to_act == (3,) and A.WIN in kinds(game, 3)
    act(game, 3, A.WIN, "x10")
    assert game.result is not None and game.result.winner == 3 and game.result.discarder == 0


# ------------------------------------------------------------------------------------ Z15


def test_daer_name_is_not_a_zipai_alias() -> None:
    """zipai.md Z15: 大貳 names the Sichuan game; the 字牌 variants do not claim it."""
    assert changpai.variant("大貳").family == "daer"
    assert all("大貳" not in v.aliases and "大贰" not in v.aliases for v in VARIANTS)


# ------------------------------------------------------------------------------------ log audit


def audit(game: Game) -> list[str]:
    """Rules of zipai.md §5-§7 checked on the log of a finished hand alone (independent of the
    engine's claim queue): who may 吃 / 碰 / 跑 / 胡 the card on offer."""
    order = game.seats
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
    faults: list[str] = []
    source: tuple[A, int, Card | None] = (A.LIANG, game.dealer, None)
    discarded: dict[int, set[Card]] = {s: set() for s in order}
    pengs: dict[int, set[Card]] = {s: set() for s in order}
    for record in game.log:
        action = record.action
        kind, seat, card = action.kind, action.seat, action.card
        where = f"{action} after {source[0].hanzi} by seat {source[1]}"
        if kind in (A.DRAW, A.DISCARD, A.LIANG):
            source = (kind, seat, card)
            if kind is A.DISCARD:
                assert card is not None
                discarded[seat].add(card)
            continue
        offered_by = source[1]
        if kind is A.CHI:
            allowed = (offered_by, nxt[offered_by]) if source[0] is A.DRAW else (nxt[offered_by],)
            if source[0] is A.LIANG or seat not in allowed:  # §5 吃: 下家 (or the drawer)
                faults.append(f"§5 吃 by the wrong seat: {where}")
        if kind in (A.CHI, A.PENG):
            if card in discarded[seat]:  # §5 臭牌: never one's own discard
                faults.append(f"§5 臭牌 of an own discard taken: {where}")
            if kind is A.PENG and (seat == offered_by or source[0] is A.LIANG):
                faults.append(f"§5 碰 of an own card or the 亮張: {where}")
        if kind is A.PENG:
            assert card is not None
            pengs[seat].add(card)
        if kind is A.PAO and record.auto:
            if source[0] is A.DISCARD and card in pengs[seat]:  # §5 跑 (b): never a discard
                faults.append(f"§5 跑 of an own 碰 on a discard: {where}")
            pengs[seat].discard(card)  # type: ignore[arg-type]
        if kind is A.WIN and source[0] is A.DISCARD and not game.rules.win_on_discard:
            faults.append(f"§7.3 胡 on a discard: {where}")  # (Z2)
    return faults


def winning_play(game: Game, seed: int, hu: float = 1.0) -> Game:
    """Play a hand: 胡 when possible with probability ``hu``, else a choice at random (seeded)."""
    chooser = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        wins = [a for a in legal if a.kind is A.WIN]
        others = [a for a in legal if a.kind is not A.WIN]
        if wins and (chooser.random() < hu or not others):  # (must_hu: no other choice)
            game.apply(wins[0])
        else:
            game.apply(chooser.choice(others))
    return game


def test_random_hands_pass_the_log_audit() -> None:
    """zipai.md §5-§7 over many random hands of each preset (with wins): every 吃 by the
    discarder's 下家 or the drawer / his 下家, no 碰 of an own card, no 吃 / 碰 of an own
    discard, no 跑 of a 碰 on a discard, no 胡 on a discard unless Z2 allows it."""
    won = 0
    for rules in (HUNAN, HAHA, LIUHUDAO):
        for seed in range(40):
            game = winning_play(Game(rules, seed=seed), seed)
            assert audit(game) == [], (rules.name, seed)
            won += game.result is not None and game.result.winner is not None
    assert won >= 10  # the 胡 paths are exercised


def replay_audit(game: Game) -> list[str]:
    """zipai.md §5 臭牌 / 臭偎 / 臭胡 checked by replaying the decisions of ``game`` on a fresh
    game and keeping the passes apart from the engine: a card a seat could 吃 / 碰 and passed
    (while nobody else took it before that seat was asked) is never offered to it again for
    吃 / 碰; a self-drawn third card is a 臭偎 exactly when the seat passed a 碰 of it; a card
    a seat passed a 胡 on is not offered for 胡 again while its table 胡息 is unchanged."""
    rules = game.rules
    fresh = Game(rules, deck=game.deck, dealer=game.dealer)
    chou: dict[int, set[Card]] = {s: set() for s in game.seats}
    passed_peng: dict[int, set[Card]] = {s: set() for s in game.seats}
    passed_hu: dict[int, dict[Card, int]] = {s: {} for s in game.seats}
    pending: list[tuple[int, A, Card]] = []  # passes on the card now on offer
    faults: list[str] = []

    def table_huxi(seat: int) -> int:
        return sum(huxi(m, rules=rules) for m in fresh.melds(seat))

    def commit(taker: int) -> None:
        for seat, kind, card in pending:
            if seat != taker:
                chou[seat].add(card)
                if kind is A.PENG:
                    passed_peng[seat].add(card)
        pending.clear()

    decisions = [r.action for r in game.log if not r.auto]
    seen = 0
    for action in decisions:
        for record in fresh.log[seen:]:  # the engine's records since the last decision
            kind, card = record.action.kind, record.action.card
            if kind in (A.DRAW, A.DISCARD, A.LIANG, A.TO_DISCARDS):
                commit(-1)
            if kind in (A.WEI, A.CHOUWEI):
                assert card is not None
                if (kind is A.CHOUWEI) != (card in passed_peng[record.action.seat]):
                    faults.append(f"§5 臭偎: {record.action}")
        seen = len(fresh.log)
        seat = action.seat
        legal = fresh.legal_actions(seat)
        card = fresh.offered
        if card is None and fresh.phase == "selfhu":
            card = next(r.action.card for r in reversed(fresh.log) if r.action.kind is A.DRAW)
        can = {a.kind for a in legal}
        if card is not None:
            if can & {A.CHI, A.PENG} and card in chou[seat]:
                faults.append(f"§5 臭牌 {card} offered to seat {seat} for 吃 / 碰")
            if A.WIN in can and passed_hu[seat].get(card) == table_huxi(seat):
                faults.append(f"§5 臭胡 {card} offered to seat {seat}")
            if action.kind is A.PASS:
                if A.WIN in can:
                    passed_hu[seat][card] = table_huxi(seat)
                pending.extend((seat, kind, card) for kind in can & {A.CHI, A.PENG})
            elif action.kind in (A.CHI, A.PENG):
                commit(seat)
        fresh.apply(action)
    assert fresh == game, "the replay reproduces the hand"
    return faults


def test_random_hands_pass_the_choupai_replay_audit() -> None:
    """zipai.md §5 臭牌 / 臭偎 / 臭胡 over many random hands of each preset."""
    counts = {A.CHOUWEI: 0, A.PASS: 0, A.WIN: 0}
    for rules in (HUNAN, HAHA, LIUHUDAO):
        for seed in range(100):
            game = winning_play(Game(rules, seed=seed), seed, hu=0.3)  # passes 胡 too
            assert replay_audit(game) == [], (rules.name, seed)
            for record in game.log:
                if record.action.kind in counts:
                    counts[record.action.kind] += 1
    assert counts[A.CHOUWEI] >= 5 and counts[A.PASS] >= 100 and counts[A.WIN] >= 10


def replay_states(game: Game) -> list[tuple[ActionRecord[Action], Game]]:
    """Each decision of ``game`` with a copy of the game right before it."""
    fresh = Game(game.rules, deck=game.deck, dealer=game.dealer)
    out = []
    for record in game.log:
        if not record.auto:
            out.append((record, fresh.copy()))
            fresh.apply(record.action)
    return out


@pytest.mark.parametrize(
    "rules",
    [
        HUNAN.evolve(players=2),
        HUNAN.evolve(win_on_discard=True),  # Z2
        HUNAN.evolve(allow_1_5_10=True),  # Z4
        HUNAN.evolve(forbid_hu_after_chongpao=True),  # Z11
        HUNAN.evolve(paoshuang=False),  # Z12
        HUNAN.evolve(must_hu=True, win_on_discard=True),  # §6 有胡必胡, 點炮必胡
        HAHA.evolve(dealt_ti_in_hand=2),  # §9
        LIUHUDAO.evolve(win_on_discard=True, score_mode="tun", tun_step=1),  # Z2, Z3
    ],
    ids=repr,
)
def test_rule_options_pass_the_audits(rules: Rules) -> None:
    """zipai.md §10: the §5-§7 audits hold under the options too; every win reaches the
    threshold (§8.2), and with Z11 no winner holds two 跑 / 提."""
    for seed in range(40):
        game = winning_play(Game(rules, seed=seed), seed, hu=0.7)
        assert audit(game) == [] and replay_audit(game) == [], seed
        result = game.result
        assert result is not None
        passed_hu = any(
            r.action.kind is A.PASS and A.WIN in kinds(replayed, r.action.seat)
            for r, replayed in replay_states(game)
        )
        assert not (rules.must_hu and passed_hu)  # 有胡必胡: never a pass when 胡 is legal
        if result.winner is not None:
            assert result.sheet is not None and result.sheet.fact("threshold_met")
            quads = [m for m in result.win.decomposition.melds if m.kind in (PAO, TI)]
            assert len(quads) < 2 or not rules.forbid_hu_after_chongpao


# ------------------------------------------------------------------------------------ §6 有胡必胡


def test_must_hu_option_leaves_no_pass() -> None:
    """zipai.md §6 "Optional vs forced": 胡 is optional (a pass is legal) except the 天胡 of
    3 提 / 5 坎; the variant 有胡必胡 (``must_hu``) makes every 胡 the only legal action: on the
    亮張, on a shown draw, right after an own 偎, and (with Z2, 郴州 點炮必胡) on a discard."""
    must = HUNAN.evolve(must_hu=True)
    assert not HUNAN.must_hu
    game = deal({1: W1}, liang="十")  # 天胡 (b) on the 亮張
    assert kinds(game, 1) == {A.WIN, A.PASS}
    game = deal({1: W1}, liang="十", rules=must)
    assert game.legal_actions(1) == [Action(1, A.WIN, "x10")]
    with pytest.raises(IllegalActionError, match="有胡必胡"):
        act(game, 1, A.PASS)
    assert not game.can(Action(1, A.PASS))
    act(game, 1, A.WIN)
    assert game.result is not None and game.result.winner == 1

    weihu = must.evolve(weihu=True)  # a self-drawn 偎 wins (偎胡)
    game = deal({0: "三", 1: CHOUHU_WEI}, stock="九", rules=weihu)
    act(game, 0, A.DISCARD, "x3")
    pass_to_draw(game, 1, "x9")
    assert game.phase == "selfhu" and game.legal_actions(1) == [Action(1, A.WIN, "x9")]
    with pytest.raises(IllegalActionError, match="must 胡 九"):
        act(game, 1, A.PASS)

    game = deal({1: W1}, stock="壹 一 十", rules=must)  # seat 0 draws 十: seat 1 must 胡
    game.apply(game.legal_actions(0)[0])
    while game.to_act != (1,) or A.WIN not in kinds(game, 1):
        game.apply(Action(game.to_act[0], A.PASS))
    assert game.offered == Card.parse("x10") and kinds(game, 1) == {A.WIN}

    game = deal({0: "十", 1: W1}, liang="一", rules=HAHA.evolve(must_hu=True))  # 點炮必胡
    act(game, 0, A.DISCARD, "x10")
    assert game.legal_actions(1) == [Action(1, A.WIN, "x10")]


# ------------------------------------------------------------------------------------ Z9


def test_fanxing_and_shuxin_are_independent_options() -> None:
    """zipai.md Z9: 翻信 (§8.3) and 數信 (§2) are two options, off in HUNAN; each works alone.
    With both, 翻信 turns up the first stock card and the 數信 the next one."""
    assert not HUNAN.fanxing and not HUNAN.shuxin

    def won(rules: Rules) -> tuple[Card | None, Card | None, int]:
        game = deal({0: "十", 1: W1}, liang="一", stock="二 三", rules=rules)
        act(game, 0, A.DISCARD, "x10")
        act(game, 1, A.WIN, "x10")
        result = game.result
        assert result is not None and result.win is not None and result.sheet is not None
        shuxin_paid = sum(p.amount for p in result.payments if p.payer == 1)
        return result.win.fanxing_card, result.win.shuxin_card, shuxin_paid

    two, three = Card.parse("x2"), Card.parse("x3")
    assert won(HAHA) == (two, three, 1)  # W1 holds one 三: one 數信 share
    assert won(HAHA.evolve(fanxing=False)) == (None, two, 2)  # W1 holds two 二
    assert won(HUNAN.evolve(fanxing=True, win_on_discard=True)) == (two, None, 0)
    assert won(HUNAN.evolve(win_on_discard=True)) == (None, None, 0)
