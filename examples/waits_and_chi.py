"""What does a 跑胡子 hand wait for, and how may it 吃 a card (with the compulsory 比)?

Run: python examples/waits_and_chi.py
"""

from __future__ import annotations

from changpai import zipai

# Twenty cards: one short of a complete hand. A complete hand wins only with 15 胡息 or more
# (zipai.md §7, §8.2, Z1): waits lists every card that completes the hand with its best reading,
# threshold_met says whether that reading wins (waits(..., winning_only=True) keeps only those).
hand = zipai.parse("壹貳叄 二七十 拾拾拾 四五六 七八九 肆伍陸 柒捌")
for card, decomposition in zipai.waits(hand, rules=zipai.HUNAN).items():
    melds = "  ".join(str(meld) for meld in decomposition.melds)
    verdict = "wins" if decomposition.threshold_met else "too few 胡息 to win"
    print(f"waits for {card} ({card.code}): {decomposition.huxi} 胡息, {verdict} — {melds}")

# zipai.md §5, the seed example of 吃 and 比: hand x1 x2 x2 x3 x3 x4 d2 d2 takes x2.
# A meld prints with the label of how it was made ("吃 一二三", "比 二二貳"), so each option reads
# as its 吃 meld, then the compulsory 比 melds that lay out the other copies of the card.
concealed = zipai.parse("x1 x2 x2 x3 x3 x4 d2 d2")
for option in zipai.chi_options(concealed, zipai.Card.parse("x2")):
    bi = ", ".join(str(meld) for meld in option.bi) or "no 比"
    print(f"{option.chi}, then {bi} (from the hand: {zipai.format(option.hand_cards())})")
