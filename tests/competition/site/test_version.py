"""Issue 58: a visible version. ``arena --version`` prints pyproject.toml's version (and, in a git
checkout, the commit); ``GET /api/competition`` has the same ``"version"``; every page's footer says it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def pyproject_version() -> str:
    found = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert found
    return found.group(1)


def test_arena_version_prints_the_packages_version_and_exits_0():
    arena = Path(sys.executable).with_name("arena")
    done = subprocess.run([str(arena), "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith(f"arena {pyproject_version()}")
    if (ROOT / ".git").exists():  # a clone (or a worktree): the commit too
        assert re.fullmatch(rf"arena {re.escape(pyproject_version())} \(commit [0-9a-f]{{7,40}}(-dirty)?\)", line)


def test_the_api_and_every_pages_footer_say_the_version(competition, http):
    answer = http().get("/api/competition").json()
    assert answer["version"] == pyproject_version()
    for path in ("/", "/ranking", "/rounds", "/clarifications", "/login"):
        page = http().get(path).text
        assert f'<span id="arena-version">arena {pyproject_version()}' in page, path
