"""``arena competition doctor``: each language's tools with their own version lines (the very
lines the home page shows), or missing with the Debian package; bubblewrap, cgroups, the uids,
the disk, the scheduler; exit 1 exactly when a language of the competition cannot build."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.competition import host_doctor
from arena.competition.build import compiler_versions
from arena.competition.build.languages import DEFAULT_TABLE, default_table
from arena.competition.build.tool_path import CLEAN_PATH

ARENA = str(Path(sys.executable).with_name("arena"))
TOOLS = ("gcc", "g++", "javac", "go", "rustc", "python3")


@pytest.fixture
def competition_dir(tmp_path):
    done = subprocess.run([ARENA, "competition", "init", str(tmp_path / "c"), "--game", "flippo"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return tmp_path / "c"


def doctor(*args, env=None):
    return subprocess.run([ARENA, "competition", "doctor", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env=env)


def test_every_tool_and_bubblewrap_is_named_with_its_own_version_line(competition_dir):
    done = doctor(competition_dir)
    lines = done.stdout.splitlines()
    for tool in (*TOOLS, "bwrap"):
        line = next((line for line in lines if line.split()[1:2] == [f"{tool}:"]), None)
        assert line is not None, (tool, done.stdout)
        if shutil.which(tool, path=CLEAN_PATH):
            # its version line as the tool prints it (read here again, independently)
            argv = [tool, "version"] if tool == "go" else [tool, "-version"] if tool == "javac" else [tool, "--version"]
            printed = subprocess.run(argv, capture_output=True, text=True, env={"PATH": CLEAN_PATH})
            first = next(text.strip() for text in (printed.stdout + "\n" + printed.stderr).splitlines() if text.strip())
            assert line.endswith(f"{tool}: {first}"), line
        else:
            assert "MISSING" in line and "Debian's package" in line, line
    assert any(line.startswith("cgroups ") for line in lines) and any(line.startswith("uids ") for line in lines)
    assert any(line.startswith("disk ") and str(competition_dir) in line and "GB free" in line for line in lines)
    installed = all(shutil.which(tool, path=CLEAN_PATH) for tool in (*TOOLS, "java", "bwrap"))
    assert done.returncode == (0 if installed else 1), done.stdout + done.stderr


def test_a_missing_compiler_fails_naming_it_and_its_package(competition_dir):
    table = json.loads((competition_dir / "languages.json").read_text())
    table["c"]["compile"][0] = "gcc-that-is-not-here"
    table["cpp"]["compile"][0] = "/nowhere/g++"
    (competition_dir / "languages.json").write_text(json.dumps(table))
    done = doctor(competition_dir)
    assert done.returncode == 1
    lines = {line.split()[0]: line for line in done.stdout.splitlines() if line.strip()}
    assert lines["c"].endswith("FAIL gcc-that-is-not-here: MISSING, gcc-that-is-not-here is not installed")
    assert "FAIL /nowhere/g++: MISSING, /nowhere/g++ is not installed (Debian's package g++)" in done.stdout
    assert "Not ready: c, cpp cannot work here. As root: apt-get install g++" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_language_the_competition_does_not_take_does_not_fail_it(competition_dir):
    table = json.loads((competition_dir / "languages.json").read_text())
    (competition_dir / "languages.json").write_text(json.dumps({"python": table["python"]}))
    done = doctor(competition_dir)
    assert "gcc" not in done.stdout and "python3:" in done.stdout
    assert done.returncode == (0 if shutil.which("bwrap", path=CLEAN_PATH) else 1), done.stdout


def test_with_no_tool_on_the_path_each_is_missing_with_its_package(tmp_path, monkeypatch):
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setattr(compiler_versions, "CLEAN_PATH", str(empty))
    monkeypatch.setattr(host_doctor, "CLEAN_PATH", str(empty))
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(cli, ["competition", "doctor"])
    assert done.exit_code == 1
    for tool, package in (("gcc", "gcc"), ("g++", "g++"), ("javac", "default-jdk-headless"),
                          ("java", "default-jre-headless"), ("go", "golang-go"), ("rustc", "rustc"),
                          ("python3", "python3"), ("bwrap", "bubblewrap")):
        assert f"FAIL {tool}: MISSING, {tool} is not installed (Debian's package {package})" in done.output, tool
    assert ("As root: apt-get install gcc g++ default-jdk-headless default-jre-headless python3 golang-go rustc "
            "bubblewrap") in done.output


def test_the_home_pages_table_says_what_the_doctor_says(tmp_path, monkeypatch):
    """One source for both: the site's line for each language holds the doctor's version line, and
    a missing compiler reads the same on both."""
    table = default_table()
    findings = host_doctor.language_findings(table)
    for key, language in table.items():
        if language.missing_tools():
            continue
        version_tool = language.version[0]
        said = next(f.text for f in findings if f.subject == key and f.text.startswith(f"{version_tool}: "))
        assert said.removeprefix(f"{version_tool}: ") in language.describe()
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setattr(compiler_versions, "CLEAN_PATH", str(empty))
    go = default_table()["go"]
    said = next(f.text for f in host_doctor.language_findings({"go": go}))
    assert said == "go: MISSING, go is not installed (Debian's package golang-go)"
    assert go.describe().startswith("Go: go is not installed (Debian's package golang-go); compiled with: go build")


def test_the_tools_of_a_language_are_its_compiler_and_its_runner():
    table = default_table()
    assert table["java"].tools() == ("javac", "java")
    assert table["python"].tools() == ("python3",)
    assert table["c"].tools() == ("gcc",) and table["rust"].tools() == ("rustc",)
    assert set(DEFAULT_TABLE) == set(table)


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="the uid range matters to a root server only")
def test_a_malformed_uid_range_fails_saying_so(competition_dir):
    done = doctor(competition_dir, env={**os.environ, "ARENA_UID_RANGE": "lots"})
    assert done.returncode == 1
    uids = next(line for line in done.stdout.splitlines() if line.startswith("uids "))
    assert uids.split(None, 1)[1] == "FAIL ARENA_UID_RANGE='lots' is not FIRST-LAST (e.g. 62000-62999)", uids
    done = doctor(competition_dir, env={**os.environ, "ARENA_UID_RANGE": "63000-63099"})
    assert "63000-63099 (ARENA_UID_RANGE=63000-63099): 100 uids" in done.stdout


def test_a_scheduler_that_does_not_answer_is_said_and_does_not_fail():
    finding = host_doctor.scheduler_finding("tcp://127.0.0.1:9", timeout_s=1)
    assert finding.text.startswith("tcp://127.0.0.1:9: UNREACHABLE") and not finding.fails


def test_no_competition_in_the_folder_is_one_line(tmp_path):
    done = doctor(tmp_path)
    assert done.returncode == 2 and "holds no competition" in done.stderr and "Traceback" not in done.stderr
