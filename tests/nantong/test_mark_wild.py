"""Marking 百搭 one after another (``solver._mark_wild``, ``_mark_one_wild``) finds the same
readings as trying every slot for every 百搭 at once (the recursive search kept here), on
random plain readings of groups and pairs (nantong.md §4: a 百搭 stands for a card of its
group, each group keeping a real card)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from changpai.nantong import solver

_Code = tuple[int, int, int]


def _naive(groups: list[_Code], faces: list[int], j: int, found: set[tuple[_Code, ...]]) -> None:
    """Every slot for ``faces[j]`` in ``groups`` (changed and put back), then the rest."""
    if j == len(faces):
        found.add(tuple(sorted(groups)))
        return
    k = faces[j]
    for g, old in enumerate(groups):
        kind, face, mask = old
        if kind == 2:
            pos = k - face
            if pos < 0 or pos > 2 or mask >> pos & 1 or mask.bit_count() == 2:
                continue
            groups[g] = (2, face, mask | 1 << pos)
        elif face != k or mask == kind + 1:
            continue
        else:
            groups[g] = (kind, face, mask + 1)
        _naive(groups, faces, j + 1, found)
        groups[g] = old


_FACES = st.integers(0, 8)
_GROUP = st.one_of(
    st.tuples(st.just(0), _FACES, st.just(0)),  # a pair
    st.tuples(st.just(1), _FACES, st.just(0)),  # a 刻子
    st.tuples(st.just(2), st.integers(0, 6), st.just(0)),  # a 順子
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_GROUP, min_size=1, max_size=5), st.lists(_FACES, min_size=1, max_size=4))
def test_mark_wild_matches_every_slot_search(groups: list[_Code], faces: list[int]) -> None:
    reading = tuple(sorted(groups))
    faces.sort()
    expected: set[tuple[_Code, ...]] = set()
    _naive(list(reading), faces, 0, expected)
    found: set[tuple[_Code, ...]] = set()
    solver._mark_wild(reading, faces, found)
    assert found == expected
