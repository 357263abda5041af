"""changpai.zipai.solver: the shape tables built at import and the partition search
(zipai.md §5 一句話 / 絞, §7 one pair with a 跑 / 提, §8.1 胡息)."""

from __future__ import annotations

import pytest

from changpai.zipai.cards import parse
from changpai.zipai.melds import huxi
from changpai.zipai.solver import _PAIR_FLAG, _POW, _TABLES, _enumerate, _solve


def packed(text: str) -> int:
    return sum(_POW[c.index] for c in parse(text))


def test_the_case_tables_have_the_documented_sizes() -> None:
    """docs/zipai.md Performance: 391 + 909 decomposable count tuples per case without 一五十
    (1,300), 1,745 with it."""
    for table, expected in ((_TABLES[0], 1300), (_TABLES[1], 1745)):
        assert len(table.halves[0]) == len(table.halves[1]) == expected


@pytest.mark.parametrize(
    ("cards", "pair", "value"),
    [
        ("一二三 四五六 壹貳叄", False, 9),
        ("二七十 貳柒拾", False, 9),
        ("一一壹 二二", True, 0),  # 絞 + the pair of a hand with a 跑 / 提 (§7)
        ("一二三 一二三", False, 6),
    ],
)
def test_solve_finds_the_best_partition(cards: str, pair: bool, value: int) -> None:
    """§5 / §8.1: the best partition of sentences (and the one pair when asked) and its 胡息,
    one of the partitions the enumeration yields, with the most 胡息."""
    key = packed(cards) | (_PAIR_FLAG if pair else 0)
    found = _solve(key, _TABLES[0])
    assert found is not None and found[0] == value
    assert sum(huxi(m) for m in found[1]) == value
    every = list(_enumerate(key, _TABLES[0]))
    assert found[1] in every or sorted(map(str, found[1])) in [sorted(map(str, p)) for p in every]
    assert max(sum(huxi(m) for m in p) for p in every) == value


def test_solve_refuses_what_does_not_split() -> None:
    """§5: a lone card, or a pair where no pair is wanted, splits into no partition."""
    assert _solve(packed("一二"), _TABLES[0]) is None
    assert _solve(packed("一二三 五五"), _TABLES[0]) is None
    assert _solve(packed("一五十"), _TABLES[0]) is None and _solve(packed("一五十"), _TABLES[1])
