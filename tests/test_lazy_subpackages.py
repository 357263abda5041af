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
