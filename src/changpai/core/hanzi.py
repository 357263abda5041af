"""Enums whose members carry their hanzi (``MeldKind.PAO.hanzi == "跑"``).

A member is declared as ``NAME = (value, hanzi)``: the value stays the pinyin or English word, so
``Kind("pao")``, ``.value``, JSON and ``to_dict()`` see only that string; the hanzi is kept on the
member. Members are ordinary enum members (compare them with ``is``).

>>> class Kind(HanziEnum, short_repr=True):
...     PAO = ("pao", "跑")
...     TI = ("ti", "提")
>>> Kind.PAO.value, Kind.PAO.hanzi, Kind("ti"), Kind.from_hanzi("跑")
('pao', '跑', Kind.TI, Kind.PAO)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from changpai.core.guard import clipped, shown
from changpai.errors import NotationError

__all__ = ["HanziEnum"]

_E = TypeVar("_E", bound="HanziEnum")


class HanziEnum(enum.Enum):
    """Base of the enums whose members carry their hanzi; declare members as ``(value, hanzi)``.

    ``repr`` is the enum default ``<Kind.PAO: 'pao'>``, or ``Kind.PAO`` (a Python expression that
    round-trips) for a subclass declared with ``short_repr=True``.

    >>> class Shape(HanziEnum):
    ...     QINGHU = ("qinghu", "清胡")
    >>> Shape.QINGHU, Shape("qinghu") is Shape.QINGHU, Shape.QINGHU.value, Shape.QINGHU.hanzi
    (<Shape.QINGHU: 'qinghu'>, True, 'qinghu', '清胡')
    """

    _value_: str
    _hanzi: str
    _short_repr: ClassVar[bool]  # set by __init_subclass__ (an assignment here would be a member)

    if TYPE_CHECKING:
        # What type checkers see: ``Kind("pao")`` looks a member up by its value, as for any enum.
        def __new__(cls: type[_E], value: object) -> _E: ...

    else:

        def __new__(cls, value, hanzi):
            # Builds a member from its ``(value, hanzi)`` declaration (the documented pattern of a
            # custom ``__new__`` setting ``_value_``); Enum itself then answers ``Kind(value)``.
            member = object.__new__(cls)
            member._value_ = value
            member._hanzi = hanzi
            return member

    def __init_subclass__(cls, *, short_repr: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._short_repr = short_repr

    @property
    def value(self) -> str:
        """The pinyin or English value, as in JSON (typed ``str`` for type checkers; see the
        class example).

        >>> from changpai.zipai import ActionKind
        >>> ActionKind.PENG.value, ActionKind("peng") is ActionKind.PENG
        ('peng', True)
        """
        return self._value_

    @property
    def hanzi(self) -> str:
        """The hanzi name of the member.

        >>> class Kind(HanziEnum):
        ...     PAO = ("pao", "跑")
        >>> Kind.PAO.hanzi
        '跑'
        """
        return self._hanzi

    @classmethod
    def from_hanzi(cls: type[_E], hanzi: str) -> _E:
        """The member whose hanzi is ``hanzi``.

        >>> class Kind(HanziEnum):
        ...     PAO = ("pao", "跑")
        >>> Kind.from_hanzi("跑") is Kind.PAO
        True
        >>> Kind.from_hanzi("提")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: '提' is not the hanzi of a Kind; expected one of 跑
        """
        for member in cls:
            if member._hanzi == hanzi:
                return member
        known = ", ".join(member._hanzi for member in cls)
        raise NotationError(
            f"{clipped(hanzi)} is not the hanzi of a {cls.__name__}; expected one of {known}"
        )

    @classmethod
    def _missing_(cls, value: object) -> HanziEnum | None:
        """``Kind(value)`` of no member: a :class:`~changpai.errors.NotationError` (a
        ``ValueError``, as the enum's own) naming the value and listing the members' values.

        >>> class Kind(HanziEnum):
        ...     PAO = ("pao", "跑")
        >>> Kind("flee")
        Traceback (most recent call last):
        ...
        changpai.errors.NotationError: 'flee' is not a valid Kind; expected one of 'pao'
        """
        known = ", ".join(repr(member._value_) for member in cls)
        raise NotationError(
            f"{shown(value)} is not a valid {cls.__name__}; expected one of {known}"
        )

    def __repr__(self) -> str:
        if self._short_repr:
            return f"{type(self).__name__}.{self.name}"
        return super().__repr__()
