"""Each program in a PID namespace of its own (issue 48): what its processes do off its turns,
whose CPU they are, that none outlives its game or its judge, and that nothing signals out.

The programs' processes are measured from outside, through the judge's /proc: the CPU of
everything under the program's init (/proc), read while the program is suspended and
again after the opponent's turn. Without a namespace these tests mean nothing (skipped).
"""

import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid

import psutil
import pytest

from arena.judge import pid_namespace
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox

from ..live_processes import alive, alive_pid
from .attack_support import ALL_MODES, private_folder

pytestmark = pytest.mark.skipif(not pid_namespace.usable(), reason="no PID namespace can be made here")

# Gives up being its orphans' subreaper, then at start-up (before its first line): a spinner
# double-forked out of its session ("orphan"), or the same behind thousands of zombies it never
# reaps ("zombies"), or a fork chain, each link spinning 3 ms, forking and exiting ("chain").
ATTACKER = """
    import ctypes, os, sys, time
    kind = sys.argv[1]
    ctypes.CDLL(None).prctl(36, 0, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER, 0
    if kind == "zombies":
        for _ in range(4200):
            try:
                if os.fork() == 0:
                    os._exit(0)
            except OSError:  # its task limit (limits, isolate): as many as it may, and room for two more
                os.waitpid(-1, 0)
                os.waitpid(-1, 0)
                break
    middle = os.fork()
    if middle == 0:
        os.setsid()
        if os.fork() == 0:
            while True:
                until = time.monotonic() + 0.003
                while time.monotonic() < until:
                    pass
                if kind == "chain" and os.fork() != 0:
                    os._exit(0)
        os._exit(0)
    os.waitpid(middle, 0)
    print("ready", flush=True)
    for line in sys.stdin:
        time.sleep(0.3)
        print("done", flush=True)
"""

TURN_S = 0.3
ON_TURN_S = 0.3  # the least CPU the spinner must have had on its program's turns (0.3 s a turn at most)


TICKS_PER_S = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command's name (the state is the first)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()


def _children(pid: int) -> list[int]:
    """The children of every thread of ``pid``, as the kernel lists them."""
    children = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/children") as listed:
            children += [int(child) for child in listed.read().split()]
    return children


def namespace_stats(init: int) -> dict[int, list[str]]:
    """The stat fields of ``init`` and of everything under it, zombies included, by pid (a zombie
    has no children to look for: its own went to the init when it ended)."""
    stats, todo = {}, [init]
    while todo:
        pid = todo.pop()
        try:
            stats[pid] = _stat_fields(pid)
            if stats[pid][0] != "Z":
                todo += _children(pid)
        except OSError:  # gone meanwhile
            stats.pop(pid, None)
    return stats


def namespace_cpu_s(init: int) -> float:
    """The CPU time of everything under ``init`` so far: alive, and reaped (by the init or below).

    Read down the kernel's lists of children, as psutil would count it (each process's user and
    system time and its reaped children's), not with psutil's children(), which reads every
    process of the machine: seconds a call behind the 4,200 zombies, a dozen calls a test."""
    total = 0
    for pid, fields in namespace_stats(init).items():
        utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
        total += cutime + cstime + (0 if pid == init else utime + stime)
    return total / TICKS_PER_S


def start(folder, source: str, mode: str, *args: str) -> Program:
    script = folder / "bot.py"
    script.write_text(textwrap.dedent(source).lstrip("\n"))
    return Program([sys.executable, str(script), *args], sandbox=Sandbox(mode))


@pytest.mark.promise("suspended-whole", "none", "limits", "isolate")
@pytest.mark.promise("cpu-whole", "none", "limits", "isolate")
@pytest.mark.parametrize("kind", ["orphan", "zombies", "chain"])
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_start_up_spinner_is_held_off_turn_charged_to_its_program_and_gone_after(tmp_path, mode, kind):
    program = start(private_folder(tmp_path), ATTACKER, mode, kind)
    try:
        assert program.read_line(60) == "ready"
        init = program.confinement.init.pid
        program.suspend()  # it ran on through its start-up: from here on, turns
        program.cpu_seconds_since_last_call()
        on_turn = off_turn = charged = 0.0
        turns = 0
        # four turns, more on a busy machine: until the spinner has had ON_TURN_S of CPU on its turns,
        # which its two bounds below are fractions of (on 2 cores at a load of 10 it gets a sixth of a
        # core, and four turns gave it 0.16 s)
        after = namespace_cpu_s(init)
        while turns < 4 or (on_turn < ON_TURN_S and turns < 40):
            turns += 1
            before = after  # suspended since
            program.resume()
            program.send("move")
            assert program.read_line(20) == "done"
            program.suspend()
            charged += program.cpu_seconds_since_last_call()
            middle = namespace_cpu_s(init)
            time.sleep(TURN_S)  # the opponent's turn
            on_turn += middle - before
            after = namespace_cpu_s(init)
            off_turn += after - middle
        assert on_turn >= ON_TURN_S, f"the spinner hardly ran on its program's turns ({on_turn:.2f} s in {turns})"
        assert off_turn < on_turn / 5, f"it used {off_turn:.2f} s off-turn against {on_turn:.2f} s on-turn"
        assert charged > on_turn * 0.7, f"only {charged:.2f} s charged for the {on_turn:.2f} s it used"
        members = list(namespace_stats(init))
    finally:
        program.close()
    assert not [pid for pid in members if alive_pid(pid)]


JUDGE = """
import sys, time
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
program = Program([sys.executable, sys.argv[1], "chain"], sandbox=Sandbox(sys.argv[2]))
assert program.read_line(60) == "ready"
print(program.confinement.init.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.promise("gone-after", "none", "limits", "isolate")
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_fork_chain_does_not_outlive_a_judge_killed_by_sigkill(tmp_path, mode):
    folder = private_folder(tmp_path)
    marker = f"arena-chain-{uuid.uuid4().hex}.py"
    script = folder / marker
    script.write_text(textwrap.dedent(ATTACKER).lstrip("\n"))
    judge = subprocess.Popen([sys.executable, "-c", JUDGE, str(script), mode], stdout=subprocess.PIPE, text=True)
    try:
        init = psutil.Process(int(judge.stdout.readline()))
        time.sleep(0.3)  # the chain runs on
        assert any(marker in " ".join(p.info["cmdline"] or []) for p in psutil.process_iter(["cmdline"]))
        judge.kill()
        judge.wait()
        # the init (bubblewrap's, under isolate) goes a moment after its namespace's last process: on
        # a busy machine it was still seen asleep when the chain had just gone
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and (_marked(marker) or alive(init)):
            time.sleep(0.05)
        assert _marked(marker) == [], "processes of the game outlived its judge"
        assert not alive(init), "the program's init outlived its judge"
    finally:
        for process in _marked(marker):
            process.kill()


def _marked(marker: str) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        if marker in " ".join(process.info["cmdline"] or []) and process.info["status"] != psutil.STATUS_ZOMBIE:
            found.append(process)
    return found


# Told a pid of the judge's machine (a process of the judge's user), tries to signal (signal 0:
# would it be allowed) and to trace it, and every pid it can name; says which it reached.
SIGNALLER = """
    import ctypes, os, sys
    outside = int(sys.stdin.readline())
    libc = ctypes.CDLL(None, use_errno=True)
    reached = []
    for pid in sorted({outside, *range(1, 5000), *(int(n) for n in os.listdir("/proc") if n.isdigit())}):
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
            reached.append(pid)
        except OSError:
            pass
    traced = libc.ptrace(16, outside, 0, 0) == 0  # PTRACE_ATTACH
    traced_init = libc.ptrace(16, 1, 0, 0) == 0  # its namespace's first process
    print(sorted(reached), outside in reached, traced, traced_init, flush=True)
"""


@pytest.mark.promise("namespaces", "none", "limits", "isolate")
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_program_signals_and_traces_nothing_outside_its_namespace(tmp_path, mode):
    outside = subprocess.Popen(["sleep", "60"])
    program = start(private_folder(tmp_path), SIGNALLER, mode)
    try:
        program.send(str(outside.pid))
        reached, outside_reached, traced, traced_init = program.read_line(60).rsplit(" ", 3)
        assert outside_reached == "False" and traced == "False"
        if mode == "limits":  # arena's init, which holds the rest (isolate's pid 1 is bubblewrap's; none is root)
            assert traced_init == "False"
        # what it can name: its namespace's own few processes (its init, bubblewrap's under isolate)
        assert len(eval(reached)) <= 3, reached
        assert outside.poll() is None and psutil.Process(outside.pid).status() != "stopped"
    finally:
        program.close()
        outside.kill()
        outside.wait()


# Tries every socket it is told of, then writes 180 MB to /dev/shm.
SOCKETS_AND_SHM = """
    import socket, sys
    said = []
    for path in sys.stdin.readline().split():
        try:
            socket.socket(socket.AF_UNIX).connect(path)
            said.append("reached " + path)
        except OSError:
            pass
    try:
        with open("/dev/shm/big", "wb") as out:
            for _ in range(180):
                out.write(bytes(2**20))
        said.append("wrote 180 MB in /dev/shm")
    except OSError:
        pass
    print(" | ".join(said) or "nothing", flush=True)
"""


def bound_sockets() -> list:
    """A Unix socket bound, listening, open to all, in each of /var/tmp, /tmp and /run/user/UID (if any)."""
    import socket
    sockets = []
    for folder in ("/var/tmp", "/tmp", f"/run/user/{os.getuid()}"):
        if os.path.isdir(folder):
            path = os.path.join(folder, f"arena-test-{uuid.uuid4().hex}.sock")
            server = socket.socket(socket.AF_UNIX)
            server.bind(path)
            server.listen()
            os.chmod(path, 0o777)
            sockets.append((path, server))
    return sockets


@pytest.mark.promise("no-host-sockets", "isolate")
@pytest.mark.parametrize("mode", [m for m in ALL_MODES if getattr(m, "values", [m])[0] == "isolate"])
def test_isolate_reaches_no_socket_of_the_host_and_its_dev_shm_holds_disk_mb(tmp_path, mode):
    sockets = bound_sockets()
    script = private_folder(tmp_path) / "bot.py"
    script.write_text(textwrap.dedent(SOCKETS_AND_SHM).lstrip("\n"))
    # the paths on its input, not its command line: a path the command names is shown to it
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode, disk_mb=100))
    try:
        program.send(" ".join(path for path, _ in sockets))
        assert program.read_line(60) == "nothing"
    finally:
        program.close()
        for path, server in sockets:
            server.close()
            os.unlink(path)


AS_USER = """
import os, sys, textwrap, time
from pathlib import Path
from arena.judge import pid_namespace
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
attacker, signaller, sockets_and_shm, judge = (Path(path).read_text() for path in sys.argv[1:5])
folder = Path(sys.argv[5])
print(pid_namespace.kind(), flush=True)

def cpu(init):
    # everything under the init: alive, and reaped (by the init or below), in clock ticks
    def stat(pid):
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    total, todo = sum(int(v) for v in stat(init)[13:15]), []
    todo = [init]
    while todo:
        pid = todo.pop()
        try:
            fields = stat(pid)
            if pid != init:
                total += sum(int(v) for v in fields[11:15])
            if fields[0] != "Z":  # a zombie's children went to the init when it ended: none to look for
                for tid in os.listdir(f"/proc/{pid}/task"):
                    todo += [int(c) for c in open(f"/proc/{pid}/task/{tid}/children").read().split()]
        except OSError:
            pass
    return total

def program(source, mode, *args, **sandbox):
    script = folder / f"{mode}-{len(list(folder.iterdir()))}.py"
    script.write_text(textwrap.dedent(source).lstrip("\\n"))
    return Program([sys.executable, str(script), *args], sandbox=Sandbox(mode, **sandbox))

for mode in ("none", "limits", "isolate"):
    for kind in ("orphan", "chain", "zombies"):
        p = program(attacker, mode, kind)
        try:
            assert p.read_line(60) == "ready"
        except Exception:
            p.close()
            sys.exit(f"{mode} {kind}: {p.stderr.value()}")
        init = p.confinement.init.pid
        p.suspend()
        on = off = turns = 0
        while turns < 3 or (on < 30 and turns < 40):  # more turns when a busy machine starves it
            turns += 1
            before = cpu(init)
            p.resume(); p.send("move"); p.read_line(20); p.suspend()
            middle = cpu(init)
            time.sleep(0.3)
            on += middle - before
            off += cpu(init) - middle
        members = [init] + [int(c) for c in open(f"/proc/{init}/task/{init}/children").read().split()]
        p.close()
        time.sleep(0.2)
        def state(pid):
            try:
                return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
            except OSError:
                return None
        left = [pid for pid in members if state(pid) not in (None, "Z")]
        print(mode, kind, on, off, left, flush=True)
    # a judge killed with kill -9 while its program runs a fork chain: nothing of the game is left
    # within 3 s (a chain forks before each link ends: at no moment is none of it alive while it runs)
    import subprocess
    chain = folder / f"chain-{mode}-{os.getpid()}.py"
    chain.write_text(textwrap.dedent(attacker).lstrip("\\n"))
    killed = subprocess.Popen([sys.executable, "-c", judge, str(chain), mode], stdout=subprocess.PIPE, text=True)
    killed.stdout.readline()
    time.sleep(0.3)
    killed.kill()
    killed.wait()
    def cmdline(pid):
        try:
            return open(f"/proc/{pid}/cmdline").read()
        except OSError:
            return ""
    def chain_left():
        return [pid for pid in os.listdir("/proc") if pid.isdigit() and chain.name in cmdline(pid)]
    deadline = time.monotonic() + 3
    while chain_left() and time.monotonic() < deadline:
        time.sleep(0.05)
    print(mode, "killed", chain_left(), flush=True)
    outside = os.fork()
    if outside == 0:
        time.sleep(60)
        os._exit(0)
    p = program(signaller, mode)
    p.send(str(outside))
    print(mode, "signaller", p.read_line(60), flush=True)
    p.close()
    os.kill(outside, 9)
    os.waitpid(outside, 0)
import socket
path = f"/var/tmp/arena-test-{os.getpid()}.sock"
server = socket.socket(socket.AF_UNIX); server.bind(path); server.listen()
p = program(sockets_and_shm, "isolate", disk_mb=100)
p.send(path)
print("isolate sockets", p.read_line(60), flush=True)
p.close()
os.unlink(path)
"""


@pytest.mark.root
# not serial: each spinner has turns until it has run 30 ticks on them (three, more when other
# workers' load starves it: at a load of 6-10 on 2 cores three turns gave it less); the off-turn
# bound is a fifth of what it ran
@pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists("/usr/bin/python3"),
                    reason="needs root to make a user of its own (useradd), and Debian's Python")
def test_as_a_user_not_root_every_program_is_in_a_namespace_held_off_turn_and_gone_after(tmp_path):
    import pwd
    from pathlib import Path

    import arena
    from arena.judge.sandbox.bubblewrap import bwrap_path
    if bwrap_path() is None:
        pytest.skip("needs bubblewrap")
    user = f"arenat{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "-m", "-s", "/bin/sh", user], check=True)
    try:
        entry = pwd.getpwnam(user)
        home = Path(entry.pw_dir)
        files = []
        for name, source in (("attacker.py", ATTACKER), ("signaller.py", SIGNALLER), ("shm.py", SOCKETS_AND_SHM),
                             ("judge.py", JUDGE)):
            (home / name).write_text(source)
            files.append(str(home / name))
        (home / "bots").mkdir()
        for path in (home, *home.rglob("*")):
            os.chown(path, entry.pw_uid, entry.pw_gid)
        arena_src = str(Path(arena.__file__).resolve().parents[1])
        env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONPATH": arena_src}
        out = subprocess.run(["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups",
                              "/usr/bin/python3", "-c", AS_USER, *files, str(home / "bots")],
                             cwd=home, env=env, capture_output=True, text=True, timeout=240)
        if "No module named" in out.stderr:
            pytest.skip("Debian's Python cannot import arena here: " + out.stderr.splitlines()[-1])
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        assert lines[0] == "user+pid-namespace", lines
        said = {tuple(line.split(" ", 2)[:2]) for line in lines[1:]}
        assert said == {(mode, what) for mode in ("none", "limits", "isolate")
                        for what in ("orphan", "chain", "zombies", "killed", "signaller")} | {("isolate", "sockets")}, said
        for line in lines[1:]:
            mode, what, *rest = line.split(" ", 2)
            if what in ("orphan", "chain", "zombies"):
                on, off, left = rest[0].split(" ", 2)
                assert int(on) >= 30 and int(off) < int(on) / 5 and left == "[]", line
            elif what == "killed":
                assert rest == ["[]"], line
            elif what == "signaller":
                reached, outside_reached, traced, traced_init = rest[0].rsplit(" ", 3)
                assert outside_reached == traced == "False" and len(eval(reached)) <= 3, line
                if mode == "limits":
                    assert traced_init == "False", line
            else:
                assert rest == ["nothing"], line
    finally:
        subprocess.run(["userdel", "-r", user], capture_output=True)


# At each move, double-forks a worker that thinks 0.2 s and ends before the reply: an orphan the
# init reaps between two looks of the judge, never seen alive.
HIDDEN_WORKER = """
    import os, sys, time
    for line in sys.stdin:
        done, told = os.pipe()
        if os.fork() == 0:
            if os.fork() == 0:
                until = time.process_time() + 0.2
                while time.process_time() < until:
                    pass
                os.write(told, b"x")
            os._exit(0)
        os.wait()
        os.read(done, 1)
        time.sleep(0.02)  # the init has reaped it
        print("done", flush=True)
"""


@pytest.mark.parametrize("mode", ALL_MODES)
def test_an_orphan_that_thinks_and_ends_within_its_programs_turn_is_charged(tmp_path, mode):
    program = start(private_folder(tmp_path), HIDDEN_WORKER, mode)
    try:
        charged = 0.0
        program.cpu_seconds_since_last_call()
        for _ in range(3):
            program.send("move")
            assert program.read_line(20) == "done"
            program.suspend()
            charged += program.cpu_seconds_since_last_call()
            program.resume()
        assert charged > 0.5, f"{charged:.2f} s charged for three workers of 0.2 s"
    finally:
        program.close()
