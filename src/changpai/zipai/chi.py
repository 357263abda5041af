"""吃 and 比 (zipai.md §5): every legal way to take a card into a 一句話 / 絞, with the
compulsory 比 melds that lay every other copy of it still in hand.

>>> from changpai.zipai.cards import parse
>>> [str(o) for o in chi_options(parse("x1 x2 x3 d2 d2"), Card.parse("x2"))]
['吃 一二三 比 二貳貳', '吃 二二貳', '吃 二貳貳 比 一二三']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from attrs import field, frozen

from changpai.core.guard import cards_arg, clipped, rules_arg
from changpai.errors import ChangpaiError, NotationError
from changpai.zipai.cards import Card, format, parse  # noqa: F401  (used by the doctests)
from changpai.zipai.hand import _check_copies, _counts
from changpai.zipai.melds import Meld, Origin
from changpai.zipai.rules import HUNAN, Rules
from changpai.zipai.solver import _make_meld, _sentence_shapes

__all__ = ["ChiOption", "chi_options"]


def _bi_field(value: object) -> tuple[Meld, ...]:
    # (a list given is copied, a set refused: review h62)
    return cards_arg(value, Meld, "bi", "zipai melds (Meld)")


@frozen(repr=False)
class ChiOption:
    """One complete way to 吃 a card: the 吃 meld and the compulsory 比 melds (zipai.md §5).

    >>> option = chi_options(parse("x1 x3"), Card.parse("x2"))[0]
    >>> option
    ChiOption(吃 一二三)
    >>> option.hand_cards()
    (Card('x1'), Card('x3'))
    """

    chi: Meld
    bi: tuple[Meld, ...] = field(default=(), converter=_bi_field)

    card: Card | None = field(default=None, kw_only=True)
    """The card taken by the 吃 (set by :func:`chi_options`; needed by :meth:`hand_cards`)."""

    def hand_cards(self) -> tuple[Card, ...]:
        """The cards this option takes out of the hand: the 吃 meld without the taken card, then
        every 比 meld.

        >>> [format(o.hand_cards()) for o in chi_options(parse("x1 x2 x3 d2 d2"), Card.parse("x2"))]
        ['一三二貳貳', '二貳', '貳貳一二三']
        """
        if self.card is None or self.card not in self.chi.cards:
            raise ChangpaiError(f"{self}: the taken card is not known (build it with chi_options)")
        taken = list(self.chi.cards)
        taken.remove(self.card)
        return (*taken, *(card for meld in self.bi for card in meld.cards))

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The 吃 meld followed by the 比 melds.

        >>> option = chi_options(parse("x1 x2 x3 d2 d2"), Card.parse("x2"))[0]
        >>> [str(meld) for meld in option.melds]
        ['吃 一二三', '比 二貳貳']
        """
        return (self.chi, *self.bi)

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"ChiOption({self})"


_CHI_SHAPES = (_sentence_shapes(False), _sentence_shapes(True))
# per rules.allow_1_5_10 and card kind: the sentence shapes holding that kind, and the kinds
# of those shapes (the only cards the options of a 吃 of that kind depend on)
_SHAPES_WITH = tuple(
    tuple([shape for shape in shapes if x in shape] for x in range(20)) for shapes in _CHI_SHAPES
)
_PARTNERS = tuple(
    tuple(tuple(sorted({k for shape in per[x] for k in shape})) for x in range(20))
    for per in _SHAPES_WITH
)


def chi_options(concealed: Sequence[Card], card: Card, rules: Rules = HUNAN) -> list[ChiOption]:
    """Every legal way to 吃 ``card`` with the compulsory 比 melds (zipai.md §5 吃 and 比).

    The 吃 makes a 一句話 / 絞 of ``card`` and two hand cards; every copy of ``card`` still in hand
    must then be laid in a further 一句話 / 絞 of hand cards (比), else the 吃 is not allowed.
    Cards of a 坎 (or 提) in hand are never used, so a 坎 of ``card`` itself forbids the 吃 (it
    makes a 跑 or 提 instead). Each option lists its 比 melds in one canonical
    order (the seeds allow either order of laying them).

    >>> for option in chi_options(parse("x1 x2 x2 x3 x3 x4 d2 d2"), Card.parse("x2")):
    ...     print(option)
    吃 一二三 比 二二貳
    吃 一二三 比 二三四 比 二貳貳
    吃 二二貳 比 一二三
    吃 二二貳 比 二三四
    吃 二三四 比 一二三 比 二貳貳
    吃 二三四 比 二二貳
    吃 二貳貳 比 一二三 比 二三四
    >>> chi_options(parse("x1 x2 x3 x3"), Card.parse("x2"))   # the x2 left cannot be laid
    []
    """
    if not isinstance(card, Card):
        raise NotationError(f"{clipped(card)} is not a zipai Card")
    if not isinstance(rules, Rules):  # (inline: a hot path)
        rules_arg(rules, Rules, "zipai")
    counts = _counts(concealed)
    _check_copies(counts, (), card)
    return _options_of(counts, card, rules.allow_1_5_10)


def _options_of(counts: Sequence[int], card: Card, allow_1_5_10: bool) -> list[ChiOption]:
    """:func:`chi_options` of checked concealed ``counts`` (the engine's hot path).

    >>> counts = [0] * 20
    >>> counts[0] = counts[2] = 1
    >>> _options_of(counts, Card.parse("x2"), False)
    [ChiOption(吃 一二三)]
    """
    x = card.index
    if counts[x] >= 3:
        return []  # the copies in a 坎 could never be laid as 比
    free = [n if n < 3 else 0 for n in counts]  # 坎 / 提 cards are never split (§5)
    shapes = _SHAPES_WITH[allow_1_5_10][x]
    options: list[ChiOption] = []
    for shape in shapes:
        rest = list(shape)
        rest.remove(x)
        if not _take(free, rest):
            continue
        chi = _sentence_meld(shape, Origin.CHI)
        for bis in _bi_sets(free, x, shapes, 0):
            bi = tuple(_sentence_meld(shapes[i], Origin.BI) for i in bis)
            options.append(ChiOption(chi, bi, card=card))
        _give(free, rest)
    return options


def _take(counts: list[int], kinds: Sequence[int]) -> bool:
    for i, k in enumerate(kinds):
        if counts[k] == 0:
            _give(counts, kinds[:i])
            return False
        counts[k] -= 1
    return True


def _give(counts: list[int], kinds: Sequence[int]) -> None:
    for k in kinds:
        counts[k] += 1


def _bi_sets(
    free: list[int], x: int, shapes: list[tuple[int, ...]], start: int
) -> Iterator[tuple[int, ...]]:
    """Multisets (non-decreasing shape indices) of 比 shapes that lay every remaining copy of x."""
    if free[x] == 0:
        yield ()
        return
    for i in range(start, len(shapes)):
        if _take(free, shapes[i]):
            for rest in _bi_sets(free, x, shapes, i):
                yield (i, *rest)
            _give(free, shapes[i])


_SENTENCE_MELDS: dict[tuple[tuple[int, ...], Origin], Meld] = {}


def _sentence_meld(shape: tuple[int, ...], origin: Origin) -> Meld:
    meld = _SENTENCE_MELDS.get((shape, origin))
    if meld is None:
        plain = _make_meld(shape)
        meld = Meld(plain.kind, plain.cards, True, origin)
        _SENTENCE_MELDS[(shape, origin)] = meld
    return meld
