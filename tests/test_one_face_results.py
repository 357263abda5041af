"""One public face for results (docs/core-concepts.md: ``GameResult.win`` is the family's win
object, and ``score`` takes it): in every family ``score(game.result.win)`` — nothing else
given — is ``game.result.sheet``. A fresh-user review found it false in three families: 南通's
``Win`` carried no rules (a 百搭 win was refused under the default ones), 川牌's result held a
bare reading (every loser paid seat 0), 戳牌's none."""

from __future__ import annotations

import random

import pytest

import changpai


def _wins(name: str, wanted: int = 4, seeds: int = 400) -> list[object]:
    entry = changpai.variant(name)
    found = []
    for seed in range(seeds):
        game, chooser = entry.game(seed=seed), random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        if game.result.winner is not None:
            found.append(game)
            if len(found) == wanted:
                break
    return found


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_score_of_the_result_win_is_the_result_sheet(name: str) -> None:
    games = _wins(name)
    if name == "duzihu":  # (random players almost never win 犢子胡: its 百搭 deck does)
        assert len(games) <= 4
    else:
        assert games, f"no win in 400 random hands of {name}"
    module = changpai.variant(name).module
    for game in games:
        result = game.result  # type: ignore[attr-defined]
        assert result.win is not None
        assert module.score(result.win) == result.sheet
        # one title in every family (review h97: five styles; h101: 戳牌 too)
        title = f"{game.rules.title}: seat {result.winner} 胡"  # type: ignore[attr-defined]
        assert result.sheet.title.startswith(title)
        if hasattr(result.win, "to_dict"):
            assert isinstance(result.win.to_dict(), dict)


@pytest.mark.parametrize(
    ("family", "players", "dealers"),
    [("xiaogan", 3, (0, 1, 2)), ("xiaogan", 7, (0, 3)), ("xiaogan", 4, (1, 2, 3)),
     ("chuanpai", 3, (0, 2)), ("chuanpai", 7, (0, 5)), ("chuanpai", 4, (1, 3))],
)  # fmt: skip
def test_score_of_the_win_is_the_sheet_at_any_table(
    family: str, players: int, dealers: tuple[int, ...]
) -> None:
    """The same at a table the rules do not seat (``Game(players=n)``), with a 7th player who
    never plays and pays nothing, and with any dealer: 孝感's `Win` did not carry the table,
    and `score(win)` charged the 7th player, a seat a 3-seat table has not, or listed the
    payers in another order than the sheet.
    Issue 12 (typed errors, one public face).
    """
    module = changpai.variant(family).module
    won = 0
    for dealer in dealers:
        for seed in range(40):
            game = module.Game(seed=seed, dealer=dealer, players=players)
            chooser = random.Random(seed)
            while not game.is_over:
                game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
            if game.result.win is not None:
                assert module.score(game.result.win) == game.result.sheet, (dealer, seed)
                won += 1
    assert won


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_every_logged_action_round_trips_through_its_dict(name: str) -> None:
    """docs/core-concepts.md "Actions": `to_dict()` / `Action.from_dict()` round-trip — the
    engine's own records too (字牌 lost a 跑 / 偎 / 提's origin: a 跑 of a discard came back as
    one of a draw)."""
    entry = changpai.variant(name)
    for seed in range(25):
        game = entry.module.random_game(entry.rules, seed)
        for record in game.log:
            action = record.action
            assert type(action).from_dict(action.to_dict()) == action, (seed, str(action))


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_an_action_dict_with_an_unknown_key_is_refused(name: str) -> None:
    """DESIGN: strict notation — `Action.from_dict` dropped keys it did not know (an
    `"extra"` key, or a misspelt `"crad"`, read as a card-less action)."""
    entry = changpai.variant(name)
    action = entry.module.random_game(entry.rules, 1).log[-1].action
    data = {**action.to_dict(), "crad": "x"}
    with pytest.raises(changpai.NotationError, match="unknown key 'crad'"):
        type(action).from_dict(data)


def test_origins_that_do_not_match_the_melds_are_named() -> None:
    """字牌 `origins` (to_dict) must hold one origin per meld; a mismatch is named, not
    Python's zip() text."""
    data = {"seat": 1, "kind": "pao", "card": "x6", "melds": [], "origins": ["discard"]}
    with pytest.raises(changpai.NotationError, match="origins holds 1 for 0 melds"):
        changpai.zipai.Action.from_dict(data)


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_the_win_and_the_melds_of_every_family_have_a_dict(name: str) -> None:
    """DESIGN.md one public face (review h24): every family's ``Win`` names its winning seat
    ``winner`` (南通's is ``seat``) and has ``to_dict()``, and so has every meld on the table
    (字牌's and 大貳's had neither), JSON-ready."""
    import json

    for game in _wins(name, wanted=2):
        win = game.result.win  # type: ignore[attr-defined]
        if win is None:  # (戳牌: a won hand without a reading)
            continue
        assert win.winner == game.result.winner  # type: ignore[attr-defined]
        assert json.loads(json.dumps(win.to_dict(), ensure_ascii=False))
        for seat in game.seats:  # type: ignore[attr-defined]
            melds = getattr(game, "melds", None)
            for meld in melds(seat) if callable(melds) else ():
                data = json.loads(json.dumps(meld.to_dict(), ensure_ascii=False))
                assert data["kind"] == meld.kind.value


def test_a_reading_that_does_not_win_says_so_in_its_title() -> None:
    """A reading under the rules' least (字牌 起胡, 大貳 min_hu, 孝感 win_count) scores 0 and its
    sheet says "no win" in every family — 字牌 and 大貳 titled it 胡 (review h101)."""
    from changpai import daer, xiaogan, zipai

    hand = zipai.best_decomposition("一二三 四五六 七八九 壹貳叄 肆伍陸 柒捌玖 拾拾拾")
    assert hand is not None
    sheet = zipai.score(hand, rules=zipai.HUNAN.evolve(min_huxi=30))
    assert sheet.total == 0 and sheet.title == "跑胡子: seat 0, no win"
    reading = daer.best_decomposition("一二三 四五六 七八九 壹貳叄 伍伍")
    assert reading is not None
    sheet = daer.score(reading, rules=daer.DAER.evolve(scoring="huxi", min_hu=10))
    assert sheet.total == 0 and sheet.title == "大貳: seat 0, no win (自摸)"
    short = xiaogan.best_decomposition("上大人 邱乙己 化三千 七十士 爾小生")
    assert short is not None
    assert xiaogan.score(short, winner=1).title == "孝感長牌: seat 1, no win"
    borrowed = xiaogan.XIAOGAN.evolve(use_chuanpai_hu_table=True)
    won = xiaogan.best_decomposition("上大人 邱乙己 化三千 七十士 九九九九", rules=borrowed)
    assert won is not None
    assert xiaogan.score(won, winner=1).title == "孝感長牌: seat 1 胡 (川牌 胡 table, borrowed)"


@pytest.mark.parametrize("name", [v.name for v in changpai.variants()])
def test_analyses_and_statistics_hash_as_they_compare(name: str) -> None:
    """Every frozen result a user may key or deduplicate hashes, equal ones alike: an
    ``Analysis`` (its ``waits`` — and 孝感's ``wins_with`` — dicts out of the hash) and
    ``SimulationStats`` (its count dicts out) raised ``TypeError: unhashable type: 'dict'``
    though their classes said they were hashable (review h103)."""
    entry = changpai.variant(name)
    module = entry.module
    if hasattr(module, "analyze"):
        complete = module.analyze(entry.sample, rules=entry.rules, **dict(entry.sample_options))
        again = module.analyze(entry.sample, rules=entry.rules, **dict(entry.sample_options))
        assert complete == again and {complete: name}[again] == name
    stats = module.simulate(entry.rules, 2, seed=3)
    assert {stats: name}[module.simulate(entry.rules, 2, seed=3)] == name
