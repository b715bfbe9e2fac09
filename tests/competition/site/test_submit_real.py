"""``arena submit`` against the real server: the real conductor builds under the sandbox and admits
with ``arena check`` (what issue 25's outside checks do)."""

from __future__ import annotations

import shutil

import pytest

from arena.toolkit.starter import template_source

from .site_server import running_competition
from .test_client import submit


@pytest.fixture
def real_competition(tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("no g++ (make test installs it when root can)")
    with running_competition(tmp_path / "contest", real=True) as competition:
        yield competition


@pytest.mark.compilers
def test_the_cpp_starter_is_admitted_and_broken_programs_are_not(real_competition, tmp_path):
    url = real_competition.url
    starter = submit(url, tmp_path, "bot.cpp", template_source("domineering", "cpp"), "--poll", "0.2")
    assert starter.returncode == 0, starter.stdout + starter.stderr
    assert "g++" in starter.stdout and "Clean" in starter.stdout and "admitted" in starter.stdout
    broken = submit(url, tmp_path, "bot.cpp", "int main() { return undeclared; }\n")
    assert broken.returncode == 1 and "undeclared" in broken.stdout and "error" in broken.stdout
    crashing = submit(url, tmp_path, "bot.py", "import sys\nsys.stdin.readline()\nraise SystemExit('boom')\n")
    assert crashing.returncode == 1 and "rejected" in crashing.stdout and "crash" in crashing.stdout


@pytest.mark.compilers
@pytest.mark.parametrize("lang", ["c", "java", "go", "rust"])
def test_each_languages_starter_is_admitted(real_competition, tmp_path, lang):
    """``arena new``'s one source file in each compiled language, sent with ``arena submit``: built by
    the real compilers in the sandbox and admitted."""
    from arena.toolkit.starter import SOURCES

    tool = {"c": "gcc", "java": "javac", "go": "go", "rust": "rustc"}[lang]
    if shutil.which(tool) is None:
        pytest.skip(f"no {tool}")
    done = submit(real_competition.url, tmp_path, SOURCES[lang], template_source("domineering", lang),
                  "--poll", "0.2")
    assert done.returncode == 0 and "admitted" in done.stdout, done.stdout + done.stderr
