"""torch stays out of arena's own installs: neither the dependencies nor the extras `make demo` and
`make test` install name torch or Stable-Baselines3 (which would pull torch, and from PyPI its CUDA
build of about 3 GB); only the `rl` extra does, after the CPU build docs/envs.md installs first."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
TORCH_PULLING = ("torch", "stable-baselines3", "sb3-contrib")


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


def test_make_demo_and_make_test_install_no_torch():
    makefile = (ROOT / "Makefile").read_text()
    installed = set(re.findall(r"pip install[^\n]*-e '?\.\[([\w,]+)\]", makefile))
    assert installed == {"test,envs"}, installed  # `make install-test`; `make demo` installs arena alone
    for extra in ("test", "envs"):
        assert not names(PROJECT["optional-dependencies"][extra]) & set(TORCH_PULLING), extra
    assert not names(PROJECT["dependencies"]) & set(TORCH_PULLING)


def test_the_rl_extra_is_sb3_and_the_environments_without_torch_itself():
    rl = names(PROJECT["optional-dependencies"]["rl"])
    assert {"stable-baselines3", "sb3-contrib", "gymnasium", "pettingzoo", "numpy"} <= rl
    assert "torch" not in rl  # the CPU build is installed first, by hand (docs/envs.md)
    docs = " ".join((ROOT / "docs" / "envs.md").read_text().split())
    assert "pip install 'torch==2.13.0+cpu' --index-url https://download.pytorch.org/whl/cpu" in docs
    assert "pip install torch --index-url https://download.pytorch.org/whl/cpu" in docs  # PyTorch's own line, explained
