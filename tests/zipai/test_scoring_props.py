"""Properties of 字牌 scoring over random complete hands (hypothesis): the 囤 of zipai.md §8.5
as the score computes it, the total as 囤 / 胡息 × 番 (+ 翻信, §8.3), and the payments of
§8.4 (a drawn card: every other active seat pays the total; a discard: the discarder pays
every share; 衡陽 / 六胡搶 放炮 ×3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.zipai import CARDS, HUNAN, MINGTANG_PRESETS, Card, Decomposition, Win, score
from changpai.zipai import decompositions as all_decompositions


@st.composite
def complete_hands(draw: st.DrawFn) -> Decomposition:
    """A decomposition of 7 random 坎 / 句 (no pair), the cards of a complete HUNAN hand."""
    kinds = draw(st.permutations(range(20)))[:7]
    shapes = []
    kans = set()
    for k in kinds:
        if draw(st.booleans()) or CARDS[k].value > 8:
            shapes.extend([k] * 3)  # a 坎
            kans.add(k)
        else:
            shapes.extend([k, k + 1, k + 2])  # a run of the same case
    counts = [shapes.count(k) for k in range(20)]
    # three copies outside a 坎 are a 坎 all the same (§5), a fourth one a 提 needing a pair
    if any(n >= 4 or (n == 3 and k not in kans) for k, n in enumerate(counts)):
        shapes = [k for k in kinds for _ in range(3)]
    cards = tuple(CARDS[k] for k in shapes)
    d = max(all_decompositions(cards, rules=HUNAN.evolve(min_huxi=0)), key=lambda d: d.huxi)
    return d


@settings(max_examples=60, deadline=None)
@given(complete_hands(), st.integers(0, 30), st.integers(1, 4))
def test_tun_is_one_plus_the_steps_above_the_threshold(
    d: Decomposition, threshold: int, step: int
) -> None:
    """zipai.md §8.5: 囤 = 1 + floor((胡息 − threshold) / tun_step) once the threshold is met;
    the total is the 囤 without a 名堂 (番 = 1)."""
    rules = HUNAN.evolve(min_huxi=threshold, score_mode="tun", tun_step=step)
    sheet = score(Win(d, 0, 3, self_drawn=False), rules=rules)
    if d.huxi >= threshold:
        assert sheet.fact("tun") == 1 + (d.huxi - threshold) // step == sheet.total
    else:
        assert sheet.total == 0 and sheet.payments == ()  # below the threshold nobody pays


@settings(max_examples=80, deadline=None)
@given(
    complete_hands(),
    st.sampled_from([None, *MINGTANG_PRESETS]),
    st.sampled_from(["huxi", "tun"]),
    st.integers(0, 2),
    st.sampled_from([None, 0, 1, 2]),
    st.sampled_from([None, *CARDS]),
)
def test_total_and_payments(
    d: Decomposition,
    preset: str | None,
    mode: str,
    winner: int,
    discarder: int | None,
    fanxing: Card | None,
) -> None:
    """zipai.md §8.3-§8.6: total = base × 番 + 翻信 舵 (0 below the threshold); on a drawn card
    each of the two others pays it, on a discard the discarder pays both shares (three for the
    衡陽 / 六胡搶 放炮)."""
    if discarder == winner:
        discarder = None
    rules = HUNAN.evolve(
        min_huxi=0, mingtang=preset, score_mode=mode, win_on_discard=True, fanxing=True
    )
    win = Win(
        d,
        winner,
        3,
        self_drawn=discarder is None,
        discarder=discarder,
        fanxing_card=fanxing,
    )
    sheet = score(win, rules=rules)
    base = sheet.fact("tun") if mode == "tun" else sheet.fact("counted_huxi") or d.huxi
    extra = 1 if any(line.key == "mingtang.zimo" and line.op == "+" for line in sheet.lines) else 0
    n = sum(1 for c in d.cards if c == fanxing)
    assert sheet.total == (base + extra) * sheet.fact("fan") + n
    others = [s for s in range(3) if s != winner]
    if discarder is None:
        assert sorted(p.payer for p in sheet.payments) == others
        assert all(p.amount == sheet.total and p.payee == winner for p in sheet.payments)
    else:
        shares = 3 if preset in ("hengyang_honghei", "liuhuqiang") else 2
        assert [(p.payer, p.payee, p.amount) for p in sheet.payments] == [
            (discarder, winner, sheet.total * shares)
        ]
    assert sum(sheet.net().values()) == 0
