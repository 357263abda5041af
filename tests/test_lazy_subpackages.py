"""``import changpai`` alone reaches every family: the subpackages load on first use (PEP 562,
changpai/__init__.py), and only then."""

from __future__ import annotations

import subprocess
import sys

import pytest

import changpai

_FAMILIES = ("chuanpai", "core", "daer", "nantong", "xiaogan", "zipai")


def _run(code: str) -> str:
    """What ``code`` prints in a fresh interpreter (nothing of changpai loaded before)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_import_changpai_loads_no_family() -> None:
    code = "import sys, changpai; print(sorted(m for m in sys.modules if m.count('.') == 1 and m.startswith('changpai.')))"
    loaded = _run(code)
    for family in ("zipai", "nantong", "chuanpai", "daer", "xiaogan", "envs"):
        assert f"changpai.{family}'" not in loaded


def test_a_family_is_reached_through_changpai_alone() -> None:
    code = "import changpai; print(changpai.zipai.parse('一二三')[0].code, changpai.nantong.DUZIHU.name)"
    assert _run(code) == "x1 duzihu"


@pytest.mark.parametrize("name", _FAMILIES)
def test_the_attribute_is_the_subpackage(name: str) -> None:
    assert getattr(changpai, name) is sys.modules[f"changpai.{name}"]
    assert name in dir(changpai)


def test_any_other_name_is_missing() -> None:
    with pytest.raises(AttributeError, match="'changpai' has no attribute 'zipia'"):
        changpai.zipia  # noqa: B018
    assert not hasattr(changpai, "cli_tools")


def test_help_works_without_the_rl_extra() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None; import pydoc, changpai; "
        "text = pydoc.render_doc(changpai); print('zipai' in text and 'envs' not in dir(changpai))"
    )
    assert _run(code) == "True"


def test_envs_without_the_rl_extra_is_missing_with_the_reason() -> None:
    """``hasattr(changpai, "envs")`` is False without the rl extra, and the error says why."""
    code = (
        "import sys; sys.modules['numpy'] = None; import changpai\n"
        "print(hasattr(changpai, 'envs'))\n"
        "try:\n    changpai.envs\nexcept AttributeError as e:\n    print('rl' in str(e))"
    )
    assert _run(code).split() == ["False", "True"]


def test_the_trick_game_is_reached_through_changpai_alone() -> None:
    """``changpai.chuanpai.chuopai`` (戳牌) after ``import changpai`` alone: it was an
    AttributeError until imported by name."""
    code = "import changpai; print(changpai.chuanpai.chuopai.CHUOPAI.name)"
    assert _run(code) == "chuopai"
    code = "import changpai; print(hasattr(changpai.chuanpai, 'chuopi'))"
    assert _run(code) == "False"


_LOADED = (
    "import sys; print(' '.join(sorted(m.split('.')[1] for m in sys.modules"
    " if m.count('.') == 1 and m.startswith('changpai.'))))"
)


@pytest.mark.parametrize(
    ("name", "families"),
    [("跑胡子", {"zipai"}), ("戳牌", {"chuanpai"}), ("luzhou", {"daer", "zipai"})],
)
def test_a_variant_loads_its_family_alone(name: str, families: set[str]) -> None:
    """DESIGN.md (the registry finds a variant by any name) with the package's lazy families:
    ``changpai.variant(name)`` imports the family of that name and no other (the command
    line's every command loaded all six families first: ≈ 1.5 s before reading a hand); 大貳
    plays with the 字牌 cards."""
    loaded = _run(f"import changpai; changpai.variant({name!r}); {_LOADED}").split()
    assert set(loaded) - {"core", "errors"} == families


def test_a_command_on_one_variant_loads_its_family_alone() -> None:
    """``changpai analyze hunan --sample`` (the README's first command) writes its document
    facts (the variant's id) from the 字牌 family alone."""
    code = (
        "import contextlib, io; from changpai import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert cli.main(['analyze', 'hunan', '--sample', '--json']) == 0\n"
        f"{_LOADED}"
    )
    assert set(_run(code).split()) - {"core", "errors", "cli"} == {"zipai"}


def test_the_table_of_names_is_the_families_own() -> None:
    """The names ``variant`` looks up before loading a family are those each family's
    ``VARIANTS`` give (id and aliases), each of one family only."""
    table = changpai._NAMES_BY_FAMILY
    for family in table:
        entries = changpai.core.document.variants_of(family)
        assert entries, family
        assert sorted(table[family]) == sorted(n for e in entries for n in e.names()), family
    assert {e.family for e in changpai.variants()} == set(table)
    folded = [changpai._key(name) for names in table.values() for name in names]
    assert len(folded) == len(set(folded))


def test_clear_caches_loads_no_family() -> None:
    """``changpai.clear_caches()`` empties the caches of the families loaded (a family not
    loaded has none) and loads no other: a server of one family calling it now and then
    (docs/performance.md, Memory) loaded all six."""
    code = (
        "import changpai; from changpai.core import caches\n"
        "changpai.zipai.waits(changpai.zipai.parse('一二三四五六七八九壹貳叄肆伍陸柒捌玖拾拾'))\n"
        "assert sum(size for size, _ in caches.stats().values())\n"
        "changpai.clear_caches()\n"
        "assert sum(size for size, _ in caches.stats().values()) == 0\n"
        f"{_LOADED}"
    )
    assert set(_run(code).split()) - {"core", "errors"} == {"zipai"}
