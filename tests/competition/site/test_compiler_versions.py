"""The compiler versions the site shows are read while it serves, kept a few minutes at most: a
compiler upgraded (or installed) after the start shows without a restart."""

from __future__ import annotations

import json
import re
import time

from arena.competition.build import compiler_versions
from arena.competition.site import language_choice


def _shown_python(http) -> str:
    row = re.search(r"<td>python</td><td>[^<]*</td><td><code>([^<]*)</code>", http().get("/").text)
    assert row, "no python row in the languages table"
    return row.group(1)


def test_a_version_change_shows_after_the_kept_time_without_a_restart(competition, http, tmp_path, monkeypatch):
    said = tmp_path / "said"
    said.write_text("fakepython 1.0\n")
    tool = tmp_path / "fake-python-version"
    tool.write_text(f"#!/bin/sh\ncat {said}\n")
    tool.chmod(0o755)
    table = json.loads(competition.folder.languages.read_text())
    table["python"]["version"] = [str(tool)]
    competition.folder.languages.write_text(json.dumps(table))
    monkeypatch.setattr(compiler_versions, "VERSION_KEPT_S", 1.0)
    # The languages' descriptions (which carry the versions) are kept too: a version read again in
    # the background shows at the description made after it, one DESCRIBED_KEPT_S later at most.
    monkeypatch.setattr(language_choice, "DESCRIBED_KEPT_S", 0.5)

    assert "fakepython 1.0" in _shown_python(http)
    said.write_text("fakepython 2.0\n")  # upgraded while the server runs
    assert "fakepython 1.0" in _shown_python(http)  # kept: not read at every page
    time.sleep(1.1)
    deadline = time.monotonic() + 10
    while "fakepython 2.0" not in _shown_python(http):  # read again in the background
        assert time.monotonic() < deadline, "the new version never showed"
        time.sleep(0.1)


def test_a_missing_compiler_is_said_and_read_again_later(tmp_path, monkeypatch):
    monkeypatch.setattr(compiler_versions, "VERSION_KEPT_S", 0.0)
    tool = tmp_path / "late-compiler"
    argv = (str(tool), "--version")
    assert compiler_versions.compiler_version(argv) == f"{tool} is not installed"
    tool.write_text("#!/bin/sh\necho late-compiler 3.1\n")
    tool.chmod(0o755)
    deadline = time.monotonic() + 10
    while compiler_versions.compiler_version(argv) != "late-compiler 3.1":
        assert time.monotonic() < deadline, "the installed compiler never showed"
        time.sleep(0.05)
