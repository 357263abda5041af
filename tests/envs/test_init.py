"""changpai.envs stays out of the core import, names the extra when it is missing, and wraps its
environments as PettingZoo's own (docs/rl.md, "Installation")."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from changpai import envs


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_import_changpai_does_not_import_the_envs() -> None:
    done = run(
        "import sys, changpai\n"
        "for v in changpai.variants(): v.game(seed=1)\n"
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'changpai.envs') if m in sys.modules))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium", "numpy"])
def test_without_the_extra_the_error_names_it(missing: str) -> None:
    done = run(
        f"import sys\nsys.modules[{missing!r}] = None\n"
        "try:\n    import changpai.envs\nexcept ImportError as error:\n    print(error)\n"
    )
    assert done.returncode == 0, done.stderr
    assert f"({missing} is missing)" in done.stdout
    assert 'pip install -e ".[rl]"' in done.stdout


def test_env_is_wrapped_like_pettingzoo_games() -> None:
    game_env = envs.env("daer")
    assert isinstance(game_env, OrderEnforcingWrapper)
    assert isinstance(game_env.unwrapped, envs.ChangpaiEnv)
    with pytest.raises(AssertionError, match="reset"):  # the order-enforcing wrapper
        game_env.step(0)
    assert isinstance(envs.raw_env("daer"), envs.ChangpaiEnv)
    assert envs.gym_env("daer", seat=1).seat == 1
