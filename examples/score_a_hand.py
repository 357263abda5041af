"""Analyze and score one 跑胡子 hand: parse it, find its best decomposition, print the score sheet.

Run: python examples/score_a_hand.py
"""

from __future__ import annotations

from changpai import zipai

# 提 壹壹壹壹 + 將 貳貳 + 叄肆伍, 二七十, 坎 三三三, 六七八, 陸柒捌 (zipai.md §7: a 提 needs one pair).
hand = zipai.parse("壹壹壹壹 貳貳 叄肆伍 二七十 三三三 六七八 陸柒捌")
best = zipai.best_decomposition(hand, rules=zipai.HUNAN)
assert best is not None, "the sample hand is complete"

print("hand:", zipai.format(hand), "=", zipai.format(hand, ascii=True))
for meld in best.melds:
    print(f"  {meld}  {zipai.huxi(meld)} 胡息")
print("total 胡息:", best.value, "(threshold met)" if best.threshold_met else "(below threshold)")
print()
# a self-drawn win of seat 0: each other player pays the total (zipai.md §8.4)
print(zipai.score(best, rules=zipai.HUNAN, winner=0))
