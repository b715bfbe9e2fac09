"""``--sandbox limits``: memory, processes, file size; what the record says about them."""

import json
import os
import subprocess
import shutil
import sys
import tempfile
import textwrap
import time
import uuid

import psutil
import pytest

from arena.judge import pid_namespace

from arena.refereeing.players import resolve_player
from arena.judge.process import Program
from arena.refereeing.referee import play_game
from arena.judge.sandbox.settings import MAX_FILE_MB, Sandbox

from ..attack_support import MODES


def play_first_seat(tmp_path, source: str, sandbox: Sandbox, *args: str, time_scale: float = 1.0) -> dict:
    """A Flippo game of a Python program (first seat) against builtin:random."""
    script = tmp_path / f"bot-{uuid.uuid4().hex}.py"
    script.write_text(textwrap.dedent(source))
    player = resolve_player("flippo", " ".join([sys.executable, str(script), *args]))
    return play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1,
                     time_scale=time_scale, sandbox=sandbox)


def test_a_sound_game_records_the_sandbox_and_each_programs_peak_memory():
    random = resolve_player("flippo", "builtin:random")
    record = play_game("flippo", [random, random], seed=4, sandbox=Sandbox("limits", 300))
    assert record["sandbox"]["mode"] == "limits" and record["sandbox"]["memory_mb"] == 300
    assert record["sandbox"]["memory"] in ("cgroup-v1", "cgroup-v2", "namespace-sum")
    for times in record["times"]:
        assert 0 < times["peak_memory_mb"] < 300  # a Python interpreter: a few MB at least


def test_none_says_so_in_the_record():
    random = resolve_player("flippo", "builtin:random")
    record = play_game("flippo", [random, random], seed=4, sandbox=Sandbox("none"))
    assert record["sandbox"] == {"mode": "none", "memory": "none", "processes": pid_namespace.kind(),
                                 "memory_mb": None, "memory_from": None}
    assert all(times["peak_memory_mb"] > 0 for times in record["times"])


def test_without_a_cgroup_the_peak_of_memory_let_go_is_still_recorded(tmp_path):
    """The peak comes from the program's VmHWM, read while it lives: 120 MB held for one
    move and let go before its reply (its resident size back to a few MB) is still its peak."""
    record = play_first_seat(tmp_path, """
        import sys
        sys.stdin.readline()
        hoard = b"x" * (120 * 1024 ** 2)
        del hoard
        print("C4", flush=True)
        sys.stdin.readline()
    """, Sandbox("none"))
    assert 115 < record["times"][0]["peak_memory_mb"] < 200, record["times"][0]


def test_allocating_2_gb_over_the_limit_is_the_memory_verdict(tmp_path):
    record = play_first_seat(tmp_path, """
        import sys
        sys.stdin.readline()
        hoard = b"x" * (2 * 1024 ** 3)
        print("C4", flush=True)
    """, Sandbox("limits", 200))
    if record["sandbox"]["memory"] == "namespace-sum":
        pytest.skip("no cgroup can be made here: an allocation refused by RLIMIT_DATA is a crash")
    assert record["result"]["verdicts"] == ["memory", "ok"], record["result"]
    assert "memory limit of 200 MB" in record["result"]["faults"][0]
    assert 150 < record["times"][0]["peak_memory_mb"] <= 201


def test_a_fork_bomb_hits_the_process_limit_gets_a_verdict_and_leaves_nothing(tmp_path):
    marker = f"bomb-{uuid.uuid4().hex}"
    started = time.monotonic()
    record = play_first_seat(tmp_path, """
        import os, sys
        sys.stdin.readline()
        while True:
            try:
                os.fork()
            except OSError:
                pass
    """, Sandbox("limits"), marker, time_scale=0.2)
    assert record["result"]["verdicts"][0] == "timeout"
    assert time.monotonic() - started < 10
    time.sleep(0.5)
    left = [p for p in psutil.process_iter(["cmdline"]) if marker in " ".join(p.info["cmdline"] or [])]
    assert left == []


@pytest.mark.promise("file-limits", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_a_program_writing_a_file_over_the_size_limit_faults(tmp_path, mode):
    record = play_first_seat(tmp_path, """
        import os, sys
        sys.stdin.readline()
        with open(os.path.join(os.environ["TMPDIR"], "big.bin"), "wb") as out:
            try:
                for _ in range(100):
                    out.write(b"x" * 2 ** 20)
                    out.flush()
            finally:
                print("size", os.fstat(out.fileno()).st_size, file=sys.stderr, flush=True)
        print("C4", flush=True)
    """, Sandbox(mode))
    assert record["result"]["verdicts"][0] == "crash"
    assert "File too large" in record["stderr"][0] or "SIGXFSZ" in record["result"]["faults"][0]
    size = next(int(line.split()[1]) for line in record["stderr"][0].splitlines() if line.startswith("size "))
    assert 0 < size <= MAX_FILE_MB * 2 ** 20


JVM_ERROR_FILE = "/tmp/arena-test-jvm-crash-%p.log"

@pytest.mark.compilers
@pytest.mark.skipif(shutil.which("java") is None, reason="needs a JVM")
def test_a_jvm_starts_under_the_default_memory_limit():
    # RLIMIT_AS of 1 GB stops a JVM before it starts: it reserves far more address space.
    # A JVM that cannot start writes a crash report: keep it out of the working folder.
    program = Program(f"java -XX:ErrorFile={JVM_ERROR_FILE} -version", sandbox=Sandbox("limits"))
    try:
        status = program.exit_status_within(30)
    finally:
        program.close()
    assert status == 0, program.stderr.value()
    assert "version" in program.stderr.value()


GO_PROGRAM = """
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\\n')
	buffer := make([]byte, 16<<20) // 16 MB of its own, touched: a real allocation
	for i := range buffer {
		buffer[i] = byte(i)
	}
	fmt.Printf("go read %d bytes, made %d\\n", len(line), len(buffer))
}
"""


@pytest.mark.compilers
@pytest.mark.skipif(shutil.which("go") is None, reason="needs Go (make test installs golang-go when root can)")
@pytest.mark.parametrize("memory_mb", [1024, 64])
def test_a_go_program_starts_under_a_memory_limit(tmp_path, memory_mb):
    # Go's runtime reserves far more address space than it uses: a limit on address space
    # (RLIMIT_AS) would stop it, a cgroup's limit on memory used does not.
    (tmp_path / "main.go").write_text(GO_PROGRAM)
    built = subprocess.run(["go", "build", "-o", "prog", "main.go"], cwd=tmp_path, capture_output=True, text=True,
                           env={**os.environ, "GOCACHE": str(tmp_path / "cache"), "GO111MODULE": "off"})
    assert built.returncode == 0, built.stderr
    program = Program([str(tmp_path / "prog")], sandbox=Sandbox("limits", memory_mb=memory_mb))
    try:
        program.send("hello")
        line = program.read_line(30)
    finally:
        program.close()
    assert line == "go read 6 bytes, made 16777216", program.stderr.value()


@pytest.mark.parametrize("command", ["play", "check", "tournament", "sprt"])
def test_each_command_takes_the_sandbox_and_the_memory_limit(tmp_path, command):
    from click.testing import CliRunner

    from arena.cli.command_group import cli
    from arena.tournament.store import TournamentStore

    record = tmp_path / "r.json"
    arguments = {
        "play": ["play", "flippo", "builtin:random", "builtin:random", "--seed", "2", "--record", str(record)],
        "check": ["check", "flippo", "builtin:random", "--games", "1", "--seed", "2"],
        "tournament": ["tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:random",
                       "--jobs", "1", "--seed", "2", "--db", str(tmp_path / "t.db")],
        "sprt": ["sprt", "flippo", "builtin:random", "builtin:greedy", "--max-pairs", "1", "--jobs", "1"],
    }[command]
    result = CliRunner().invoke(cli, [*arguments, "--sandbox", "none", "--memory", "300"])
    assert result.exit_code == 0, result.output
    if command == "play":
        assert json.loads(record.read_text())["sandbox"]["mode"] == "none"
    if command == "tournament":
        with TournamentStore(tmp_path / "t.db", must_exist=True) as store:
            assert {game.record["sandbox"]["mode"] for game in store.games()} == {"none"}
    bad = CliRunner().invoke(cli, [*arguments, "--memory", "0"])
    assert bad.exit_code == 2 and "--memory" in bad.output


def test_a_child_that_left_the_process_group_does_not_outlive_the_game(tmp_path):
    marker = f"detached-{uuid.uuid4().hex}"
    record = play_first_seat(tmp_path, """
        import os, sys, time
        sys.stdin.readline()
        if os.fork() == 0:
            os.setsid()  # out of the program's process group: only its cgroup still holds it
            time.sleep(600)
        sys.exit(0)
    """, Sandbox("limits"), marker)
    assert record["result"]["verdicts"][0] == "exit"
    left = [p for p in psutil.process_iter(["cmdline"]) if marker in " ".join(p.info["cmdline"] or [])]
    assert left == []


@pytest.fixture
def no_cgroup(monkeypatch):
    """A machine where no cgroup can be made (most users without root): the init holds its memory."""
    monkeypatch.setattr("arena.judge.sandbox.confined_process.take_cgroup", lambda memory_mb, max_tasks: None)


def test_without_a_cgroup_its_memory_is_held_and_the_record_says_so(tmp_path, no_cgroup):
    record = play_first_seat(tmp_path, """
        import sys
        sys.stdin.readline()
        hoard = b"x" * (2 * 1024 ** 3)
        print("C4", flush=True)
    """, Sandbox("limits", 200))
    assert record["sandbox"]["memory"] == "namespace-sum"
    # its own MemoryError (RLIMIT_DATA, each process), or its init's end of it (all of them together)
    assert (record["result"]["verdicts"][0], "MemoryError" in record["stderr"][0]) in (("crash", True),
                                                                                        ("memory", False))
    # without a cgroup a program that has died leaves only wait4's figure, and that one starts
    # from the judge's own size (a forked child keeps it across exec): unknown when the judge is big
    peak = record["times"][0]["peak_memory_mb"]
    assert peak is None or 0 < peak < 200


@pytest.mark.compilers
@pytest.mark.skipif(shutil.which("java") is None, reason="needs a JVM")
def test_without_a_cgroup_a_jvm_still_starts_under_the_default_limit(no_cgroup):
    # RLIMIT_DATA and the init's sum of what it holds leave the address space a JVM reserves alone
    # (RLIMIT_AS of 1 GB would not)
    program = Program(f"java -XX:ErrorFile={JVM_ERROR_FILE} -version", sandbox=Sandbox("limits"))
    try:
        status = program.exit_status_within(30)
    finally:
        program.close()
    assert program.confinement.memory_limit == "namespace-sum"
    assert status == 0, program.stderr.value()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shared", ["/tmp", "/var/tmp"])
def test_a_bot_in_a_folder_the_private_tmpfs_covers_is_shown_again_at_its_place(shared, mode):
    """/tmp and /var/tmp are one private tmpfs in the program's mount namespace: a bot of the host's in
    either (its own folder, a file it reads there) is shown again at its place (issue 56: /var/tmp was
    bound over what was shown there, and a bot there found nothing)."""
    folder = tempfile.mkdtemp(prefix="arena-test-shared-", dir=shared)
    try:
        with open(os.path.join(folder, "data.txt"), "w") as data:
            data.write("its own")
        bot = os.path.join(folder, "bot.py")
        with open(bot, "w") as source:
            source.write("import os\nprint(open(os.path.join(os.path.dirname(__file__), 'data.txt')).read(), flush=True)\n")
        program = Program([sys.executable, bot], sandbox=Sandbox(mode), folder=folder)
        try:
            assert program.read_line(20) == "its own"
        finally:
            program.close()
    finally:
        shutil.rmtree(folder)
