"""The description of one playable variant, as listed by :func:`changpai.variants`.

>>> v = Variant(name="demo", family="zipai", title="演示", aliases=("yanshi", "演示"), rules=None)
>>> v.names()
('demo', 'yanshi', '演示')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from attrs import frozen

if TYPE_CHECKING:  # (the engine module imports the family registry at run time)
    from changpai.core.engine import GameBase

__all__ = ["Variant", "public_dir"]


@frozen
class Variant:
    """A named preset of one family: its id, family module, hanzi title, aliases and rules object.

    >>> import changpai
    >>> v = changpai.variant("跑胡子")
    >>> v.name, v.family, v.title, v.rules
    ('hunan', 'zipai', '跑胡子', zipai.HUNAN)
    """

    name: str
    family: str
    title: str
    aliases: tuple[str, ...]
    rules: Any
    description: str = ""
    sample: str = ""
    """A sample hand of this variant in the family's notation (``changpai analyze --sample``)."""
    sample_options: tuple[tuple[str, Any], ...] = ()
    """Keywords of the family's ``analyze`` that go with the sample (the 南通 flipped 將 …), as
    ``(name, value)`` pairs (a ``Variant`` is hashable): ``**dict(variant.sample_options)``."""

    @property
    def module(self) -> Any:
        """The family's module (``changpai.zipai`` …).

        >>> import changpai
        >>> changpai.variant("跑胡子").module.__name__
        'changpai.zipai'
        """
        import importlib

        return importlib.import_module(f"changpai.{self.family}")

    def game(self, seed: int | None = None, **keywords: Any) -> GameBase:
        """A new ``Game`` of this variant: ``variant("跑胡子").game(seed=1)`` (typed as the shared
        :class:`~changpai.core.GameBase`; the family's own ``Game`` is ``module.Game``).

        >>> import changpai
        >>> changpai.variant("yaodiren").game(seed=1).rules.name
        'yaodiren'
        >>> changpai.variant("yaodiren").game(seed=1, bogus=1)
        Traceback (most recent call last):
        ...
        changpai.errors.RulesError: bogus is not an option of a chuanpai game; the options are deck, dealer, players
        """
        game_class = self.module.Game
        game_class.check_options(keywords)
        game: GameBase = game_class(self.rules, seed, **keywords)
        return game

    def names(self) -> tuple[str, ...]:
        """The id followed by every alias.

        >>> Variant("a", "zipai", "甲", ("b",), None).names()
        ('a', 'b')
        """
        return (self.name, *self.aliases)


def public_dir(names: Iterable[str]) -> Callable[[], list[str]]:
    """A family package's ``__dir__``: its public ``names`` (``__all__``, and a subpackage
    loaded on first use), not the modules and helpers it imports (review h104: ``caches``,
    ``Variant`` and ``annotations`` looked like API in ``dir(zipai)``).

    >>> public_dir(["b", "a"])()
    ['a', 'b']
    """
    listed = sorted(set(names))

    def __dir__() -> list[str]:
        return list(listed)

    return __dir__
