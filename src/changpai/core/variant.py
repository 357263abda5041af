"""The description of one playable variant, as listed by :func:`changpai.variants`.

>>> v = Variant(name="demo", family="zipai", title="演示", aliases=("yanshi", "演示"), rules=None)
>>> v.names()
('demo', 'yanshi', '演示')
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

__all__ = ["Variant"]


@frozen
class Variant:
    """A named preset of one family: its id, family module, hanzi title, aliases and rules object."""

    name: str
    family: str
    title: str
    aliases: tuple[str, ...]
    rules: Any
    description: str = ""

    def names(self) -> tuple[str, ...]:
        """The id followed by every alias.

        >>> Variant("a", "zipai", "甲", ("b",), None).names()
        ('a', 'b')
        """
        return (self.name, *self.aliases)
