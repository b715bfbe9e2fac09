"""build_submission: real compilers under --sandbox isolate, then the admission test."""

import concurrent.futures
import io
import json
import os
import pickle
import re
import time
import zipfile

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.competition.build.one_build import LOG_BYTES, SCRATCH, build_submission
from arena.toolkit.starter import template_source

from .build_support import BOTS, make_competition, needs_isolate, needs_tool

pytestmark = needs_isolate

BROKEN_CPP = """\
#include <cstdio>
int main() {
    undeclared_function(42);
}
"""

CRASHES_ON_FIRST_MOVE = """\
import sys
for line in sys.stdin:
    raise RuntimeError("my bot gives up on " + line.strip())
"""


@pytest.fixture
def competition(tmp_path):
    return make_competition(tmp_path / "competition")


@pytest.mark.compilers
def test_the_cpp_starter_bot_builds_is_admitted_and_plays_under_isolate(competition, tmp_path):
    needs_tool("g++", "g++")
    outcome = competition.build("bot.cpp", template_source("flippo", "cpp"), "cpp")
    assert outcome.status == "admitted", outcome.build_log + outcome.admission
    assert "$ g++ -O2 -std=c++17 -o bot bot.cpp" in outcome.build_log
    assert "Clean: 2 games without a fault." in outcome.admission and "in both seats" in outcome.admission
    assert "arena check flippo ./bot: 2 games" in outcome.admission  # its own folder, not the server's
    build = competition.root / "builds" / "1"
    assert outcome.command == str(build / "bot")
    assert not (build / SCRATCH).exists()
    owner = os.stat(build).st_uid
    assert {os.lstat(build / name).st_uid for name in os.listdir(build)} == {owner}  # nothing of the build's uid
    # later, the judge runs it as another uid of its own, the competition hidden but its own folder
    record = tmp_path / "game.json"
    played = CliRunner().invoke(cli, ["play", "flippo", outcome.command, "builtin:random", "--seed", "3",
                                      "--sandbox", "isolate", "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert json.loads(record.read_text())["result"]["verdicts"] == ["ok", "ok"]


def test_the_python_starter_bot_is_admitted_from_a_worker_process(competition):
    job = competition.job("bot.py", template_source("flippo", "python"), "python")
    assert pickle.loads(pickle.dumps(job)) == job
    with concurrent.futures.ProcessPoolExecutor(1) as workers:
        outcome = workers.submit(build_submission, job).result(timeout=300)
    assert outcome.status == "admitted", outcome.build_log + outcome.admission
    assert outcome.command.endswith(f"python3 {competition.root}/builds/1/bot.py")


@pytest.mark.compilers
def test_a_cpp_file_that_does_not_compile_fails_with_the_compilers_error(competition):
    needs_tool("g++", "g++")
    checking = []
    outcome = build_submission(competition.job("bot.cpp", BROKEN_CPP, "cpp"), lambda: checking.append(1))
    assert outcome.status == "build-failed" and outcome.command is None and outcome.admission == ""
    assert "bot.cpp:3:5: error:" in outcome.build_log and "undeclared_function" in outcome.build_log
    assert "the compile failed: it exited with code 1" in outcome.build_log
    assert str(competition.root) not in outcome.build_log  # the server's folders are not the contestant's business
    assert checking == []  # no admission test


def test_a_python_syntax_error_is_a_build_failure(competition):
    outcome = competition.build("bot.py", "def main(:\n    pass\n", "python")
    assert outcome.status == "build-failed"
    assert "SyntaxError" in outcome.build_log and "bot.py" in outcome.build_log


def test_a_bot_that_crashes_on_its_first_move_is_rejected_with_the_report(competition):
    checking = []
    outcome = build_submission(competition.job("bot.py", CRASHES_ON_FIRST_MOVE, "python"),
                               lambda: checking.append(1))
    assert checking == [1]
    assert outcome.status == "rejected"
    assert "Not clean: 2 of 2 games had a fault." in outcome.admission
    assert "crash" in outcome.admission and "my bot gives up on" in outcome.admission  # its stderr, explained


def test_the_reports_replay_lines_are_commands_its_author_runs_at_home(competition):
    outcome = build_submission(competition.job("mybot.py", CRASHES_ON_FIRST_MOVE, "python"))
    assert outcome.status == "rejected"
    seed = re.search(r"game 1  seed (\d+)", outcome.admission).group(1)
    # their file by its own name, the tool by its name, the game's seed, the opponent, both seats
    assert f"replay it: arena play flippo 'python3 mybot.py' builtin:random --seed {seed}" in outcome.admission
    assert "replay it: arena play flippo builtin:random 'python3 mybot.py' --seed" in outcome.admission
    assert "arena check flippo 'python3 mybot.py': 2 games" in outcome.admission
    replays = [line for line in outcome.admission.splitlines() if "replay it:" in line]
    assert len(replays) == 2 and str(competition.root) not in outcome.admission
    assert not any("/usr/bin" in line or "./bot.py" in line for line in replays)


@pytest.mark.compilers
def test_including_dev_urandom_ends_at_the_time_limit_with_a_clear_log(competition):
    needs_tool("g++", "g++")
    started = time.monotonic()
    outcome = competition.build("bot.cpp", "#include </dev/urandom>\n", "cpp", compile_time_limit_s=3,
                                compile_memory_mb=512)
    assert time.monotonic() - started < 20
    assert outcome.status == "build-failed"
    assert ("the compile stopped: it took longer than its time limit of 3 s" in outcome.build_log
            or "the compile stopped: it exceeded its memory limit of 512 MB" in outcome.build_log)
    assert len(outcome.build_log) < LOG_BYTES + 4096


@pytest.mark.compilers
def test_a_flood_of_compiler_errors_is_capped_saying_so(competition):
    needs_tool("g++", "g++")
    flood = "".join(f"int v{n} = missing_name_{n} + also_missing_{n};\n" for n in range(800))
    outcome = competition.build("bot.cpp", flood + "int main() {}\n", "cpp")
    assert outcome.status == "build-failed"
    assert len(outcome.build_log.encode()) < LOG_BYTES + 4096
    assert "bytes not kept ..." in outcome.build_log
    assert "missing_name_0" in outcome.build_log and "missing_name_799" in outcome.build_log  # head and tail
    assert outcome.build_log.endswith("the compile failed: it exited with code 1 after %.1f s"
                                      % float(outcome.build_log.rsplit("after ", 1)[1].split()[0]))


@pytest.mark.compilers
def test_the_compiler_cannot_read_what_the_competition_hides(competition):
    needs_tool("g++", "g++")
    secret_upload = competition.upload("bot.cpp", "// another contestant's secret strategy\n")
    source = f'#include "{competition.root}/competition.db"\n#include "{secret_upload}"\nint main() {{}}\n'
    outcome = competition.build("bot.cpp", source, "cpp")
    assert outcome.status == "build-failed"
    assert "competition.db: No such file or directory" in outcome.build_log
    assert "no program may read it" not in outcome.build_log and "secret strategy" not in outcome.build_log


@pytest.mark.compilers
@pytest.mark.parametrize("language, source, tool, package", [
    ("java", "Main.java", "javac", "default-jdk-headless"),
    ("go", "bot.go", "go", "golang-go"),
    ("rust", "bot.rs", "rustc", "rustc"),
    ("c", "bot.c", "gcc", "gcc"),
])
def test_a_hello_bot_in_each_language_builds_and_is_admitted(tmp_path, language, source, tool, package):
    needs_tool(tool, package)
    competition = make_competition(tmp_path / "competition", game="domineering")
    outcome = competition.build(source, (BOTS / source).read_text(), language)
    assert outcome.status == "admitted", outcome.build_log + outcome.admission
    assert "the compile succeeded" in outcome.build_log
    assert not (competition.root / "builds" / "1" / SCRATCH).exists()


def test_an_archive_of_a_bot_and_its_module_is_admitted(competition):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as made:
        made.writestr("bot.py", "import strategy\nstrategy.main()\n")
        made.writestr("strategy.py", template_source("flippo", "python"))
    outcome = competition.build("mybot.zip", buffer.getvalue(), "python")
    assert outcome.status == "admitted", outcome.build_log + outcome.admission
    assert "unpacked" in outcome.build_log


def test_a_hostile_archive_is_a_build_failure_and_writes_nothing_outside(competition, tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as made:
        made.writestr("bot.py", "print('hi')\n")
        made.writestr("../../../escaped.py", "print('out')\n")
    outcome = competition.build("bot.zip", buffer.getvalue(), "python")
    assert outcome.status == "build-failed"
    assert "bot.zip is refused: member '../../../escaped.py': '..' in its path" in outcome.build_log
    assert not list(tmp_path.rglob("escaped.py"))


@pytest.mark.compilers
def test_the_organisers_edit_of_the_table_is_what_compiles(competition):
    needs_tool("g++", "g++")
    table = json.loads(competition.table.read_text())
    table["cpp"]["compile"].insert(1, "-DORGANISERS_FLAG")
    competition.table.write_text(json.dumps(table))
    outcome = competition.build("bot.cpp", "#ifdef ORGANISERS_FLAG\n#error the organisers' flag reached me\n#endif\n",
                                "cpp")
    assert outcome.status == "build-failed"
    assert "$ g++ -DORGANISERS_FLAG -O2" in outcome.build_log and "the organisers' flag reached me" in outcome.build_log


def test_a_build_takes_out_only_the_folders_and_regular_files_its_compile_left(competition):
    """Issue 47: a compile that leaves a link to /etc/shadow, a FIFO, a set-uid file and a folder:
    DIR/builds/ID holds the files and the folder, root's, without the set-uid bit, and the build
    log names what was not kept. The compile ran in a folder of its own uid, not there."""
    table = json.loads(competition.table.read_text())
    table["python"]["compile"] = [
        "sh", "-c", "ln -s /etc/shadow shadow && mkfifo pipe && cp bot.py helper && chmod 6755 helper && "
                    "mkdir -p lib/deeper && echo weights > lib/deeper/data && id -u > compiled-as"]
    competition.table.write_text(json.dumps(table))
    outcome = competition.build("bot.py", template_source("flippo", "python"), "python")
    build = competition.root / "builds" / str(competition.count)
    assert outcome.status == "admitted", outcome.build_log + outcome.admission  # the games ran the copy
    assert "shadow: a symbolic link, not kept" in outcome.build_log, outcome.build_log
    assert "pipe: a named pipe, not kept" in outcome.build_log
    assert sorted(os.listdir(build)) == ["bot.py", "compiled-as", "helper", "lib"]
    assert (build / "lib" / "deeper" / "data").read_text() == "weights\n"
    assert oct(os.stat(build / "helper").st_mode & 0o7777) == oct(0o755)
    assert {os.lstat(path).st_uid for path in build.rglob("*")} | {os.stat(build).st_uid} == {os.geteuid()}
    if os.geteuid() == 0:
        assert (build / "compiled-as").read_text().strip() != "0"  # a uid of its own
    # nothing of the step's folder is left beside the build
    assert sorted(os.listdir(build.parent)) == [str(competition.count)]


@pytest.mark.root
def test_what_a_compile_writes_is_bounded_where_the_server_can_mount(competition, monkeypatch):
    """The steps' folders lie on a tmpfs of BUILD_DISK_MB (the server root): 32 files of 64 MB cannot
    fill the competition's disk; past it the compile fails, saying why."""
    if os.geteuid() != 0:
        pytest.skip("only a root server mounts the builds' tmpfs")
    from arena.competition.build import one_build

    monkeypatch.setattr(one_build, "BUILD_DISK_MB", 16)
    table = json.loads(competition.table.read_text())
    table["python"]["compile"] = ["sh", "-c", "head -c 40000000 /dev/zero > big || exit 7"]
    competition.table.write_text(json.dumps(table))
    outcome = competition.build("bot.py", template_source("flippo", "python"), "python")
    assert outcome.status == "build-failed"
    assert "No space left on device" in outcome.build_log, outcome.build_log
    build = competition.root / "builds" / str(competition.count)
    assert os.listdir(build) == [] and sorted(os.listdir(build.parent)) == [str(competition.count)]
    assert f" {build.parent}/.building-" not in open("/proc/self/mountinfo").read()
