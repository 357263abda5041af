"""changpai — Chinese long-card games (長牌) for Python.

Card notation, meld recognition, hand analysis, game engines and scoring for Hunan 字牌 / 跑胡子
and the other long-card families. Each family is a subpackage (``changpai.zipai`` …); every playable
preset is a :class:`~changpai.core.Variant` found by its English id, pinyin or hanzi name:

>>> import changpai
>>> changpai.variant("跑胡子") is changpai.variant("hunan")
True
>>> changpai.variant("paohuzi").family
'zipai'

The subpackages load on first use, so ``import changpai`` is enough to reach any of them:

>>> changpai.zipai.parse("一二三")
(Card('x1'), Card('x2'), Card('x3'))
"""

from __future__ import annotations

import importlib
import unicodedata
from types import ModuleType
from typing import TYPE_CHECKING, Any

from changpai.core.document import FAMILIES, game_family, match_family, variants_of
from changpai.core.guard import clipped
from changpai.core.variant import Variant
from changpai.errors import ChangpaiError, IllegalActionError, NotationError, RulesError

__version__ = "0.3.0.dev0"  # (main after the 0.2.0 release: CHANGELOG [Unreleased])

__all__ = [
    "ChangpaiError",
    "IllegalActionError",
    "NotationError",
    "RulesError",
    "Variant",
    "__version__",
    "clear_caches",
    "game_from_json",
    "match_from_json",
    "variant",
    "variants",
]

# The subpackages ``changpai.<name>`` loads on first use (PEP 562): ``import changpai`` stays
# cheap and ``changpai.zipai`` works without its own import.
_SUBPACKAGES = ("chuanpai", "core", "daer", "envs", "nantong", "xiaogan", "zipai")

if TYPE_CHECKING:  # (a type checker sees them as the attributes they become)
    from changpai import chuanpai, core, daer, envs, nantong, xiaogan, zipai  # noqa: F401
    from changpai.core.engine import GameBase
    from changpai.core.match import Match as MatchBase
else:  # (hidden from type checkers, which would otherwise type a misspelt name as a module)

    def __getattr__(name: str) -> ModuleType:
        """The subpackage ``name``, imported on first use; any other name is missing (and so
        is ``envs`` without the rl extra: an AttributeError, so ``hasattr`` answers False,
        with the ImportError's words)."""
        if name in _SUBPACKAGES:
            try:
                return importlib.import_module(f"{__name__}.{name}")
            except ImportError as error:
                if name != "envs":
                    raise
                raise AttributeError(str(error)) from error
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, with the ``errors`` module and the families that load on first use.

    >>> import changpai
    >>> "nantong" in dir(changpai)
    True
    """
    # (not ``envs``: it needs the rl extra, and help() reads every name dir() lists)
    return sorted({*__all__, "errors", *_SUBPACKAGES} - {"envs"})


def game_from_json(text: str | bytes) -> GameBase:
    """The game of a game document of any family (``Game.to_json()``, ``changpai play
    --json``; 0.1.0 documents too), loaded by its family's ``Game.from_json`` — for a server
    that restores tables of several families. Text that is no game document, or one of no
    changpai family, raises :class:`~changpai.errors.NotationError` naming the problem.

    >>> game = variant("戳牌").game(seed=3)
    >>> type(game_from_json(game.to_json())).__module__, game_from_json(game.to_json()) == game
    ('changpai.chuanpai.chuopai.game', True)
    >>> game_from_json("[]")
    Traceback (most recent call last):
    ...
    changpai.errors.NotationError: not a changpai game JSON document: the text holds an array, not a JSON object
    """
    game: GameBase = importlib.import_module(f"changpai.{game_family(text)}").Game.from_json(text)
    return game


def match_from_json(text: str | bytes) -> MatchBase[Any, Any]:
    """The match of a match document of any family (``Match.to_json()``), loaded by its
    family's ``Match.from_json`` — for a server that restores matches of several families.
    Text that is no match document, or one of no changpai family, raises
    :class:`~changpai.errors.NotationError` naming the problem; bad rules a
    :class:`~changpai.errors.RulesError`, a decision the rules refuse an
    :class:`~changpai.errors.IllegalActionError` (``Match.from_json``).

    >>> from changpai import xiaogan
    >>> match = xiaogan.Match(seed=2).play(1)
    >>> type(match_from_json(match.to_json())).__module__, match_from_json(match.to_json()).totals == match.totals
    ('changpai.xiaogan.match', True)
    """
    family = importlib.import_module(f"changpai.{match_family(text)}")
    match: MatchBase[Any, Any] = family.Match.from_json(text)
    return match


_registry: dict[str, Variant] | None = None
_ordered: tuple[Variant, ...] = ()


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if ch not in " -_'·")


# The family of every variant id and alias, as each family's ``VARIANTS`` names them (a test
# holds the two the same): ``variant(name)`` imports that family alone — the command line read
# one hand after loading all six (about 1.5 s; 0.6 s with one).
_NAMES_BY_FAMILY: dict[str, tuple[str, ...]] = {
    "zipai": (
        "hunan", "paohuzi", "跑胡子", "跑鬍子", "zipai", "字牌", "湖南字牌", "扯二七十", "chuerqishi",
        "橋字牌", "棍棍", "八一字牌", "大字牌",
        "liuhudao", "6hudao", "六胡倒", "6胡倒", "字牌6胡倒", "liuhu",
        "haha", "哈哈字牌", "hahazipai", "shuxin", "數信", "数信",
    ),
    "nantong": (
        "duzihu", "笃子胡", "犢子胡", "nantong", "南通長牌", "南通长牌", "游胡", "搭子胡",
        "duzihu-baida", "犢子胡百搭", "笃子胡百搭", "笃子胡（百搭）", "犢子胡（百搭）", "nantong-baida",
    ),
    "chuanpai": (
        "yaodiren", "幺地人", "幺地哥", "殺胡", "yaodige", "shahu", "chuanpai", "川牌",
        "gehu", "割胡",
    ),
    "chuanpai.chuopai": ("chuopai", "戳牌", "亂戳", "乱戳", "luanchuo"),
    "daer": (
        "daer", "大貳", "大贰", "四川大貳", "四川大贰", "正宗大貳", "正宗大贰", "sichuan-daer",
        "luzhou", "瀘州大貳", "泸州大贰", "luzhou-daer", "瀘州", "泸州",
    ),
    "xiaogan": ("xiaogan", "孝感長牌", "孝感长牌", "孝感", "xiaogan changpai", "上大人", "shangdaren"),
}  # fmt: skip
_family_of: dict[str, str] = {}


def _one_family(key: str) -> Variant | None:
    """The variant of folded name ``key`` (:func:`_key`) from its family alone, if the table
    of names knows it (else None: the whole registry answers)."""
    if not _family_of:
        _family_of.update(
            (_key(name), family) for family, names in _NAMES_BY_FAMILY.items() for name in names
        )
    family = _family_of.get(key)
    if family is None:
        return None
    return next((e for e in variants_of(family) if key in map(_key, e.names())), None)


def _load() -> dict[str, Variant]:
    global _registry, _ordered
    if _registry is None:
        table: dict[str, Variant] = {}
        ordered: list[Variant] = []
        for family in FAMILIES:  # (each package exposes ``VARIANTS``)
            module = importlib.import_module(f"changpai.{family}")
            for entry in module.VARIANTS:
                ordered.append(entry)
                for name in entry.names():
                    key = _key(name)
                    if key in table and table[key] is not entry:
                        raise RulesError(
                            f"variant name {clipped(name)} is claimed by both "
                            f"{clipped(table[key].name)} and {clipped(entry.name)}"
                        )
                    table[key] = entry
        _registry, _ordered = table, tuple(ordered)
    return _registry


def variants() -> tuple[Variant, ...]:
    """Every registered variant, family by family.

    >>> [v.name for v in variants()][:2]
    ['hunan', 'liuhudao']
    """
    _load()
    return _ordered


def variant(name: str) -> Variant:
    """Find a variant by its id or any alias (case, spaces and hyphens are ignored).

    >>> variant("Hunan").title
    '跑胡子'
    >>> variant(None)
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: variant name None is not a string
    >>> variant("no such game")
    Traceback (most recent call last):
    ...
    changpai.errors.RulesError: unknown variant 'no such game'; known: ...
    """
    from changpai.core.guard import clipped  # (here: ``import changpai`` stays light)

    if not isinstance(name, str):
        raise RulesError(f"variant name {clipped(name)} is not a string")
    key = _key(name)
    found = (_registry.get(key) if _registry is not None else None) or _one_family(key)
    if found is None:
        found = _load().get(key)
    if found is None:
        known = ", ".join(f"{v.name} ({'/'.join(v.aliases)})" for v in _ordered)
        raise RulesError(f"unknown variant {clipped(name)}; known: {known}")
    return found


def clear_caches() -> None:
    """Empty the module-level caches of every family loaded (each family's ``clear_caches()``;
    a family not loaded has none, and is not loaded); every cache holds a bounded number of
    entries, so this is only needed to give memory back at once or to measure cold timings.

    >>> clear_caches()
    >>> from changpai.core import caches
    >>> sum(size for size, _limit in caches.stats().values())
    0
    """
    import sys

    from changpai.core import caches

    # (a family not loaded has nothing cached: it is not loaded for this)
    for module in [sys.modules.get(f"{__name__}.{family}") for family in FAMILIES]:
        clear = getattr(module, "clear_caches", None)
        if clear is not None:
            clear()
    caches.clear()  # and any cache registered outside a family's clear_caches
