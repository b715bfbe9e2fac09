"""Each program in a PID namespace of its own (issue 48): what its processes do off its turns,
whose CPU they are, that none outlives its game or its judge, and that nothing signals out.

The programs' processes are measured from outside, through the judge's /proc: the CPU of
everything under the program's init (psutil), read while the program is suspended and
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


def namespace_cpu_s(init: int) -> float:
    """The CPU time of everything under ``init`` so far: alive, and reaped (by the init or below)."""
    try:
        root = psutil.Process(init)
        total = root.cpu_times().children_user + root.cpu_times().children_system
        for process in root.children(recursive=True):
            try:
                times = process.cpu_times()
                total += times.user + times.system + times.children_user + times.children_system
            except psutil.Error:
                pass
        return total
    except psutil.Error:
        return 0.0


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
        for _ in range(4):
            before = namespace_cpu_s(init)
            program.resume()
            program.send("move")
            assert program.read_line(20) == "done"
            program.suspend()
            charged += program.cpu_seconds_since_last_call()
            middle = namespace_cpu_s(init)
            time.sleep(TURN_S)  # the opponent's turn
            on_turn += middle - before
            off_turn += namespace_cpu_s(init) - middle
        assert on_turn > 0.2, f"the spinner hardly ran on its program's turns ({on_turn:.2f} s)"
        assert off_turn < on_turn / 5, f"it used {off_turn:.2f} s off-turn against {on_turn:.2f} s on-turn"
        assert charged > on_turn * 0.7, f"only {charged:.2f} s charged for the {on_turn:.2f} s it used"
        members = [init, *(p.pid for p in psutil.Process(init).children(recursive=True))]
    finally:
        program.close()
    assert not [pid for pid in members if psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie"]


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
        init = int(judge.stdout.readline())
        time.sleep(0.3)  # the chain runs on
        assert any(marker in " ".join(p.info["cmdline"] or []) for p in psutil.process_iter(["cmdline"]))
        judge.kill()
        judge.wait()
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and _marked(marker):
            time.sleep(0.05)
        assert _marked(marker) == [], "processes of the game outlived its judge"
        assert not psutil.pid_exists(init) or psutil.Process(init).status() == "zombie"
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
            for tid in os.listdir(f"/proc/{pid}/task"):
                todo += [int(c) for c in open(f"/proc/{pid}/task/{tid}/children").read().split()]
            if pid != init:
                total += sum(int(v) for v in stat(pid)[11:15])
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
        on = off = 0
        for _ in range(3):
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
# serial: its on-turn progress (> 20 ticks a turn) is a wall-clock figure other workers' load can
# starve (it failed so at a load of 6-10 on 2 cores); the off-turn bound is a fifth of it
@pytest.mark.serial
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
                assert int(on) > 20 and int(off) < int(on) / 5 and left == "[]", line
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
