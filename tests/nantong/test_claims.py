"""Who may declare or claim what, and which claim wins (changpai.nantong.claims; nantong.md §3).
The engine scenarios of the same rules are in test_game.py."""

from __future__ import annotations

import itertools

import pytest

from changpai import nantong
from changpai.errors import NotationError
from changpai.nantong import Action, ActionKind, Card
from changpai.nantong.claims import CLAIM_PRIORITY, callable_cards, claim_options, winning_claim

FIVE = Card("5w")


def counts(text: str) -> tuple[int, ...]:
    return nantong.count_tuple(nantong.parse(text))


def test_call_a_four_or_three_of_a_flipped_card_section_3() -> None:
    """nantong.md §3 叫牌: (a) four identical in hand, (b) three copies of a card whose fourth is
    one of the flipped 將; a four needs a replacement card to be left in the stock."""
    hand = counts("QZ QZ QZ QZ 2t 2t 2t 5w 5w 5w")
    flips = (Card("2t"), Card("3w"))
    assert callable_cards(hand, flips, stock_left=51) == [Card("2t"), Card("QZ")]
    assert callable_cards(hand, flips, stock_left=0) == [Card("2t")]
    # both flips 二條: only two copies remain — the engine offers no two-card 叫牌 (docs)
    assert callable_cards(counts("2t 2t"), (Card("2t"), Card("2t")), stock_left=9) == []


@pytest.mark.parametrize(("held", "stock_left"), list(itertools.product(range(4), (0, 5))))
def test_peng_and_gang_on_a_discard_section_3(held: int, stock_left: int) -> None:
    """nantong.md §3: 碰 with a pair in hand, 杠 with three (then a replacement draw, so only
    while the stock is not empty); 胡 when the discard completes the hand."""
    kinds = [a.kind for a in claim_options(1, FIVE, held=held, can_win=True, ting=False,
                                           stock_left=stock_left)]  # fmt: skip
    expected = [ActionKind.WIN]
    if held >= 3 and stock_left:
        expected.append(ActionKind.GANG)
    if held >= 2:
        expected.append(ActionKind.PENG)
    assert kinds == expected


def test_after_baoting_only_a_win_section_3() -> None:
    """nantong.md §3 報聽 (docs "Choices"): after it the player may not 碰 or 杠 a discard."""
    assert claim_options(1, FIVE, held=3, can_win=False, ting=True, stock_left=5) == []
    assert claim_options(1, FIVE, held=3, can_win=True, ting=True, stock_left=5) == [
        Action(1, ActionKind.WIN, FIVE)
    ]


def test_a_baida_is_never_claimed_for_a_set_section_1() -> None:
    """nantong.md §1: 百搭 are one copy each: no pair of them to 碰."""
    assert claim_options(2, Card("FU"), held=2, can_win=False, ting=False, stock_left=5) == []


def test_win_beats_gang_beats_peng_one_winner_section_3() -> None:
    """nantong.md §3: 胡 > 杠 > 碰, one winner per discard ("沒有一炮多響"), seat order from the
    discarder's 下家; nobody claiming leaves the discard."""
    assert CLAIM_PRIORITY == (ActionKind.WIN, ActionKind.GANG, ActionKind.PENG)
    peng, gang = Action(1, ActionKind.PENG, FIVE), Action(2, ActionKind.GANG, FIVE)
    assert winning_claim({1: peng, 2: gang}, order=(1, 2)) == gang
    both = {1: Action(1, ActionKind.WIN, FIVE), 2: Action(2, ActionKind.WIN, FIVE)}
    assert winning_claim(both, order=(2, 1)).seat == 2  # type: ignore[union-attr]
    assert winning_claim(both, order=(1, 2)).seat == 1  # type: ignore[union-attr]
    passes = {1: Action(1, ActionKind.PASS), 2: Action(2, ActionKind.PASS)}
    assert winning_claim(passes, order=(1, 2)) is None


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: callable_cards(None, (), stock_left=1), "counts=None is not a sequence"),  # type: ignore[arg-type]
        (lambda: callable_cards((0,) * 3, (), stock_left=1), "counts holds 3 numbers"),
        (lambda: callable_cards(counts("HH"), 5, stock_left=1), "jiang=5 is not"),  # type: ignore[arg-type]
        (lambda: claim_options(1, 5, held=2, can_win=False, ting=False, stock_left=3),  # type: ignore[arg-type]
         "card=5 is not a nantong Card or card text"),
        (lambda: claim_options(1, None, held=2, can_win=False, ting=False, stock_left=3),  # type: ignore[arg-type]
         "card=None is not a nantong Card or card text"),
        (lambda: claim_options(1, "5w 6w", held=2, can_win=False, ting=False, stock_left=3),
         "'5w 6w' is not one nantong card: it holds 2 cards"),
        (lambda: claim_options(1, "x9", held=2, can_win=False, ting=False, stock_left=3),
         "'x9' is not a nantong card"),
        (lambda: winning_claim(None, order=(1, 2)), "decisions=None is not a mapping"),  # type: ignore[arg-type]
    ],
)  # fmt: skip
def test_claim_rules_check_their_input_section_3(call: object, match: str) -> None:
    """Brief rule 5: the §3 claim helpers raise NotationError for input of the wrong shape (not
    a plain TypeError or AttributeError)."""
    from changpai.errors import NotationError

    with pytest.raises(NotationError, match=match):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("text", ["5w", "五萬", "五万"])
def test_claim_options_take_the_card_as_text_section_3(text: str) -> None:
    """nantong.md §3: the discard may be named as text (code or hanzi), as in the family's other
    public functions; the options are those of the Card itself."""
    for held, can_win, ting in itertools.product(range(4), (False, True), (False, True)):
        facts = {"held": held, "can_win": can_win, "ting": ting, "stock_left": 5}
        assert claim_options(2, text, **facts) == claim_options(2, FIVE, **facts)  # type: ignore[arg-type]


def test_call_takes_the_flips_as_text_section_3() -> None:
    """nantong.md §3 叫牌 (b): the flipped 將 may be named as text, as everywhere else."""
    assert callable_cards(counts("HH HH HH 2t"), "HH 3w", stock_left=5) == [Card("HH")]


def test_no_win_with_a_baida_for_a_copy_in_another_seats_declared_set() -> None:
    """nantong.md §1, §4: seat 1 (一二三…九丙, 一二…九條, 四萬 六萬 福 九萬) wins on a 九萬 only with
    福 as 五萬; once seat 2 has made a 明杠 of the four 五萬, that reading would need a fifth —
    the engine no longer offers the 胡 (it did: its copy test counted the winner's sets alone)."""
    from changpai import nantong

    rules = nantong.DUZIHU_BAIDA
    hands = {0: "5w", 1: "123b 456b 789b 123t 456t 789t 4w 6w FU 9w", 2: "5w 5w 5w"}
    game = nantong.Game(rules, deck=nantong.stack_deck(rules, hands=hands, stock="9w"), dealer=0)

    def take(seat: int, text: str) -> None:
        game.apply(next(a for a in game.legal_actions(seat) if str(a) == f"seat {seat} {text}"))

    for seat in (0, 1, 2):
        take(seat, "過")
    take(0, "打 五萬")
    assert "seat 1 胡 五萬" in map(str, game.legal_actions(1))  # (福 as 九萬: no fifth copy)
    take(1, "過")
    take(2, "杠 五萬")
    take(2, "打 九萬")  # the replacement draw
    assert game.phase != "claim" or 1 not in game.to_act
    assert not any(str(a).startswith("seat 1 胡") for a in game.legal_actions(1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: callable_cards((0,) * 35, "2t 3w", stock_left=None), "stock_left=None is not"),
        (lambda: claim_options(1, "5w", held=None, can_win=False, ting=False, stock_left=4),
         "held=None is not"),
        (lambda: claim_options(1, "5w", held=2, can_win="no", ting=False, stock_left=4),
         "can_win='no' is not True or False"),
        (lambda: claim_options(1, "5w", held=2, can_win=False, ting=0, stock_left=4),
         "ting=0 is not True or False"),
        (lambda: claim_options(1, "5w", held=2, can_win=False, ting=False, stock_left="5"),
         "stock_left='5' is not"),
        (lambda: winning_claim({1: Action(1, ActionKind.PENG, Card("5w"))}, order=None),
         "order=None is not a sequence of seats"),
        (lambda: winning_claim({1: "peng"}, order=(1, 2)), "decisions[1]='peng' is not"),
        (lambda: winning_claim({1: Action(1, ActionKind.PENG, Card("5w"))}, order=(2,)),
         "decisions holds seat 1, which is not in order=(2,)"),
        (lambda: winning_claim({1: Action(3, ActionKind.PENG, Card("5w"))}, order=(1, 2)),
         "decisions[1] is a decision of seat 3, not of seat 1"),
        (lambda: winning_claim({True: Action(1, ActionKind.PENG, Card("5w"))}, order=(1, 2)),
         "decisions holds the key True, which is not a seat"),
    ],
)  # fmt: skip
def test_the_claim_helpers_name_a_bad_argument(call: object, message: str) -> None:
    """Typed errors (review h84): the public claim helpers raised TypeError / AttributeError on
    a bad ``held`` / ``stock_left`` / ``order`` / decision, read ``can_win='no'`` as true and
    dropped a decision of a seat left out of ``order``."""
    with pytest.raises(NotationError) as caught:
        call()  # type: ignore[operator]
    assert message in str(caught.value)
