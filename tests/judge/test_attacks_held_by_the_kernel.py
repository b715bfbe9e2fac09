"""Issue 56: what the kernel holds for every program, as root and as an ordinary user without a
cgroup of their own. Each attack broke the judge that emulated the kernel (ACL plans, sweeps,
walks of /proc, per-process rlimits taken for a memory limit, a wait without a deadline):

- memory held as a whole, not per process: forked children, a shared mapping of /dev/zero, a
  MAP_GROWSDOWN mapping, files in /dev/shm (``--memory 256``, no cgroup);
- nothing a program leaves in the kernel outlives it: System V queues and semaphores, a POSIX
  queue, a key in its uid's keyring, a file in /dev/shm;
- its own folder read-only however many entries it has and whatever their modes;
- its CPU counted whole, whatever it does with SIGCHLD, however many zombies;
- a fork-chain wedge that never let its init answer cost its opponent nothing;
- no process outside its namespace in reach (``oom_score_adj``), and at most 256 processes.
"""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import threading
import time
import uuid

import psutil
import pytest

from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import Sandbox

from .attack_support import ALL_MODES, FORK_BOMB, MODES, private_folder
from .user_for_tests import NEEDS_ROOT, MadeUser

MB = 2**20

MEMORY_ATTACK = """
    import mmap, os, sys, time
    kind, MB = sys.argv[1], 2**20
    def touch(buffer, size):
        for offset in range(0, size, 4096):
            buffer[offset] = 1
    sys.stdin.readline()
    held = 0
    if kind == "children":  # six forked children of 200 MB each, and 200 MB of its own
        told, tell = os.pipe()
        for _ in range(6):
            if os.fork() == 0:
                try:
                    block = bytearray(200 * MB)
                    touch(block, 200 * MB)
                    os.write(tell, b"x")
                except MemoryError:
                    pass
                time.sleep(600)
        block = bytearray(200 * MB)
        touch(block, 200 * MB)
        held = 200
        os.set_blocking(told, False)
        until = time.monotonic() + 5
        while time.monotonic() < until and held < 1400:
            try:
                held += 200 * len(os.read(told, 16))
            except BlockingIOError:
                time.sleep(0.05)
    elif kind == "devzero":  # a shared mapping of /dev/zero: shared memory, past the seccomp filter
        shared = mmap.mmap(os.open("/dev/zero", os.O_RDWR), 1536 * MB, mmap.MAP_SHARED)
        for start in range(0, 1536 * MB, 64 * MB):
            for offset in range(start, start + 64 * MB, 4096):
                shared[offset] = 1
            held += 64
    elif kind == "growsdown":  # counted as stack, not data: past RLIMIT_DATA
        stack = mmap.mmap(-1, 768 * MB, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x100)
        for start in range(0, 768 * MB, 64 * MB):
            for offset in range(start, start + 64 * MB, 4096):
                stack[offset] = 1
            held += 64
    elif kind == "shm":  # files in /dev/shm: a tmpfs, memory no process's size shows
        for number in range(12):
            try:
                with open(f"/dev/shm/hoard-{number}", "wb") as out:
                    for _ in range(64):
                        out.write(bytes(MB))
                held += 64
            except OSError:
                break
    print("held", held, flush=True)
    sys.stdin.readline()
"""

MEMORY_KINDS = ["children", "devzero", "growsdown", "shm"]


class Watch(threading.Thread):
    """The most the program's processes held together (resident), and the most the machine's
    shared memory (Shmem) grew, sampled every 5 ms from outside while it runs."""

    def __init__(self, program: Program) -> None:
        super().__init__(daemon=True)
        self.init = program.confinement.init.pid
        self.most_held = self.most_shmem = 0
        self.base_shmem = shmem()
        self.done = False
        self.start()

    def run(self) -> None:
        while not self.done:
            try:
                held = sum(p.memory_info().rss for p in psutil.Process(self.init).children(recursive=True))
                self.most_held = max(self.most_held, held)
            except psutil.Error:
                pass
            self.most_shmem = max(self.most_shmem, shmem() - self.base_shmem)
            time.sleep(0.005)


def shmem() -> int:
    with open("/proc/meminfo") as meminfo:
        return next(int(line.split()[1]) * 1024 for line in meminfo if line.startswith("Shmem:"))


def memory_outcome(program: Program) -> tuple[str, int]:
    """("memory"/another verdict, 0), or ("held", MB) when the program got as far as telling."""
    try:
        program.send("go")
        line = program.read_line(60)
        assert line is not None and line.startswith("held "), line
        return "held", int(line.split()[1])
    except ProgramFault as fault:
        return fault.verdict, 0


@pytest.mark.promise("memory-whole", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.root
@pytest.mark.serial  # a gigabyte or more asked of the machine, and 5 ms samples
@pytest.mark.skipif(os.geteuid() != 0, reason="as root, with no cgroup: the box uids")
@pytest.mark.parametrize("kind", MEMORY_KINDS)
def test_without_a_cgroup_the_memory_of_all_its_processes_is_held_together(tmp_path, kind, mode, monkeypatch):
    monkeypatch.setattr("arena.judge.sandbox.confined_process.take_cgroup", lambda *limits: None)
    script = private_folder(tmp_path) / "hoarder.py"
    script.write_text(textwrap.dedent(MEMORY_ATTACK).lstrip("\n"))
    program = Program([sys.executable, str(script), kind], sandbox=Sandbox(mode, memory_mb=256))
    watch = Watch(program)
    try:
        verdict, held = memory_outcome(program)
    finally:
        watch.done = True
        program.close()
    assert program.confinement.memory_limit == "namespace-sum"
    assert verdict == "memory" or (verdict == "held" and held <= 300), (verdict, held)
    assert watch.most_held < 400 * MB, f"its processes held {watch.most_held // MB} MB together"
    assert watch.most_shmem < 300 * MB, f"shared memory grew by {watch.most_shmem // MB} MB"


AS_USER_MEMORY = """
import sys, threading, time
from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import Sandbox
bot = sys.argv[1]
def shmem():
    return next(int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("Shmem:")) // 1024
for kind in ("children", "devzero", "growsdown", "shm"):
    program = Program([sys.executable, bot, kind], sandbox=Sandbox("limits", memory_mb=256))
    most, base, done = [0, 0], shmem(), []
    def watch():
        init = program.confinement.init.pid
        while not done:
            held = 0
            todo = [init]
            while todo:
                pid = todo.pop()
                try:
                    for tid in __import__("os").listdir(f"/proc/{pid}/task"):
                        todo += [int(c) for c in open(f"/proc/{pid}/task/{tid}/children").read().split()]
                    if pid != init:
                        held += int(open(f"/proc/{pid}/statm").read().split()[1]) * 4096
                except OSError:
                    pass
            most[0] = max(most[0], held // 2**20)
            most[1] = max(most[1], shmem() - base)
            time.sleep(0.005)
    threading.Thread(target=watch, daemon=True).start()
    try:
        program.send("go")
        outcome = program.read_line(60)
    except ProgramFault as fault:
        outcome = fault.verdict
    done.append(1)
    program.close()
    print(kind, program.confinement.memory_limit, outcome.replace(" ", "="), most[0], most[1], flush=True)
"""


@pytest.mark.root
@pytest.mark.serial
@NEEDS_ROOT
def test_as_a_user_the_memory_of_all_its_processes_is_held_together():
    user = MadeUser()
    try:
        bot = user.write("hoarder.py", MEMORY_ATTACK)
        lines = user.run(AS_USER_MEMORY, str(bot))
    finally:
        user.remove()
    assert [line.split()[0] for line in lines] == MEMORY_KINDS, lines
    for line in lines:
        kind, limit, outcome, most_mb, shmem_mb = line.split()
        assert limit == "namespace-sum", line
        assert outcome == "memory" or (outcome.startswith("held=") and int(outcome[5:]) <= 300), line
        assert int(most_mb) < 400 and int(shmem_mb) < 300, line


LEAVER = """
    import ctypes, os, sys
    marker = int(sys.argv[1])
    libc = ctypes.CDLL(None, use_errno=True)
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    made = []
    queue = libc.msgget(marker, 0o1666)  # IPC_CREAT | 0666
    class Message(ctypes.Structure):
        _fields_ = [("kind", ctypes.c_long), ("text", ctypes.c_char * 32)]
    if queue >= 0 and libc.msgsnd(queue, ctypes.byref(Message(1, b"persisted across games")), 32, 0) == 0:
        made.append("queue")
    if libc.semget(marker, 1, 0o1666) >= 0:
        made.append("semaphore")
    rt.mq_open.restype = ctypes.c_int
    if rt.mq_open(f"/arena-{marker}".encode(), os.O_CREAT | os.O_RDWR, 0o666, None) >= 0:
        made.append("posix-queue")
    key = libc.syscall(248, b"user", f"arena-{marker}".encode(), b"secret", 6, -4)  # add_key to @u
    if key > 0 and libc.syscall(250, 5, key, 0x3f3f3f3f) == 0:  # KEYCTL_SETPERM: all may view and read
        made.append("key")
    with open(f"/dev/shm/arena-{marker}", "w") as left:
        left.write("for the next program")
        made.append("shm-file")
    print(" ".join(made), flush=True)
    sys.stdin.readline()
"""

FINDER = """
    import ctypes, os, sys
    marker = int(sys.argv[1])
    libc = ctypes.CDLL(None, use_errno=True)
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    found = []
    if libc.msgget(marker, 0) >= 0:
        found.append("queue")
    if libc.semget(marker, 0, 0) >= 0:
        found.append("semaphore")
    if rt.mq_open(f"/arena-{marker}".encode(), os.O_RDONLY) >= 0:
        found.append("posix-queue")
    if libc.syscall(250, 10, -4, b"user", f"arena-{marker}".encode(), 0) > 0:  # KEYCTL_SEARCH in @u
        found.append("key")
    if f"arena-{marker}" in open("/proc/keys").read():
        found.append("key-listed")
    if os.path.exists(f"/dev/shm/arena-{marker}"):
        found.append("shm-file")
    print(" ".join(found) or "nothing", flush=True)
"""


def host_left(marker: int, wait_s: float = 5.0) -> list[str]:
    """What the host still holds of a leaver's: System V objects by key, keys by description. The
    kernel lets a namespace go, and collects the keys of a keyring that went, a moment later."""
    deadline = time.monotonic() + wait_s
    while (left := _host_left(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _host_left(marker: int) -> list[str]:
    left = []
    for kind in ("msg", "sem"):
        with open(f"/proc/sysvipc/{kind}") as table:
            if any(line.split()[0] == str(marker) for line in table.readlines()[1:]):
                left.append(kind)
    with open("/proc/keys") as keys:
        if f"arena-{marker}" in keys.read():
            left.append("key")
    if os.path.exists(f"/dev/shm/arena-{marker}"):
        left.append("shm-file")
    return left


@pytest.mark.promise("nothing-left-in-kernel", "limits", "isolate")
@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="box uids: as root")
@pytest.mark.parametrize("mode", MODES)
def test_nothing_a_program_leaves_in_the_kernel_outlives_it(tmp_path, mode):
    folder = private_folder(tmp_path)
    marker = 0x5A000000 + uuid.uuid4().int % 0xFFFFFF
    (folder / "leaver.py").write_text(textwrap.dedent(LEAVER).lstrip("\n"))
    (folder / "finder.py").write_text(textwrap.dedent(FINDER).lstrip("\n"))
    leaver = Program([sys.executable, str(folder / "leaver.py"), str(marker)], sandbox=Sandbox(mode))
    try:
        made = leaver.read_line(20)
        # a second program, of another uid, while the first still runs: none of it is there for it
        finder = Program([sys.executable, str(folder / "finder.py"), str(marker)], sandbox=Sandbox(mode))
        try:
            during = finder.read_line(20)
        finally:
            finder.close()
    finally:
        leaver.close()
    assert made.split() == ["queue", "semaphore", "posix-queue", "key", "shm-file"], made
    assert during == "nothing"
    assert host_left(marker) == []


AS_USER_LEAVER = """
import sys, time
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
leaver, finder, marker = sys.argv[1:4]
program = Program([sys.executable, leaver, marker], sandbox=Sandbox("limits"))
print("made", program.read_line(20), flush=True)
program.close()
program = Program([sys.executable, finder, marker], sandbox=Sandbox("limits"))
print("after", program.read_line(20), flush=True)
program.close()
# the kernel collects the keys of a keyring that went a moment later: listed (not found) till then
for _ in range(50):
    program = Program([sys.executable, finder, marker], sandbox=Sandbox("limits"))
    later = program.read_line(20)
    program.close()
    if later == "nothing":
        break
    time.sleep(0.1)
print("later", later, flush=True)
"""


@pytest.mark.root
@NEEDS_ROOT
def test_as_a_user_nothing_a_program_leaves_in_the_kernel_outlives_it():
    marker = 0x5B000000 + uuid.uuid4().int % 0xFFFFFF
    user = MadeUser()
    try:
        leaver = user.write("leaver.py", LEAVER)
        finder = user.write("finder.py", FINDER)
        lines = user.run(AS_USER_LEAVER, str(leaver), str(finder), str(marker))
        # the user's own next program finds nothing (its key, dead, may be listed a moment), nor does the host
        assert lines[0] == "made queue semaphore posix-queue key shm-file", lines
        assert lines[1] in ("after nothing", "after key-listed") and lines[2] == "later nothing", lines
        assert host_left(marker) == []
    finally:
        user.remove()


@pytest.mark.promise("own-folder-read-only", "limits", "isolate")
@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="a root judge's program: its own folder read-only to it")
@pytest.mark.parametrize("mode", MODES)
def test_its_own_folder_of_600_entries_with_a_folder_open_to_all_is_not_its_to_write(tmp_path, mode):
    folder = private_folder(tmp_path)
    for number in range(600):
        (folder / f"entry-{number}").write_text("x")
    cache = folder / "d" / "cache"
    cache.mkdir(parents=True)
    os.chmod(cache, 0o777)
    (folder / "bot.py").write_text(textwrap.dedent("""
        import os, sys
        try:
            with open(os.path.join(os.path.dirname(sys.argv[0]), "d", "cache", "written-by-bot"), "w") as out:
                out.write("kept for the next game")
            print("written", flush=True)
        except OSError as error:
            print("refused", error.errno, flush=True)
    """).lstrip("\n"))
    program = Program([sys.executable, str(folder / "bot.py")], sandbox=Sandbox(mode))
    try:
        said = program.read_line(20)
    finally:
        program.close()
    assert said.startswith("refused"), said
    assert not (cache / "written-by-bot").exists()


# Each move: a child (SIGCHLD ignored: the kernel reaps it, no wait counts it) that spins 50 ms
# of CPU and ends; behind 1,000 zombies of children it never waits for ("zombies").
CPU_HIDER = """
    import os, signal, sys, time
    zombies = sys.argv[1] == "zombies"
    if zombies:
        for _ in range(1000):
            try:
                if os.fork() == 0:
                    os._exit(0)
            except OSError:  # its task limit: as many as it may, and room for two more
                os.waitpid(-1, 0)
                os.waitpid(-1, 0)
                break
    else:
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    used = 0.0
    for line in sys.stdin:
        done, told = os.pipe()
        spinner = os.fork()
        if spinner == 0:
            until = time.process_time() + 0.05
            while time.process_time() < until:
                pass
            os.write(told, b"x")
            os._exit(0)
        os.read(done, 1)
        if zombies:
            os.waitpid(spinner, 0)  # this one, not the thousand
        os.close(done)
        os.close(told)
        used += 0.05
        print(f"{used:.3f}", flush=True)
"""


def charged_share(program: Program, moves: int = 10) -> float:
    charged = used = 0.0
    program.cpu_seconds_since_last_call()
    for _ in range(moves):
        program.resume()
        program.send("move")
        used = float(program.read_line(20))
        program.suspend()
        charged += program.cpu_seconds_since_last_call()
    return charged / used


@pytest.mark.promise("cpu-whole", "none", "limits", "isolate")
@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="as root, with no cgroup")
@pytest.mark.parametrize("kind", ["sigchld-ignored", "zombies"])
@pytest.mark.parametrize("mode", ALL_MODES)
def test_without_a_cgroup_cpu_time_is_counted_whole(tmp_path, mode, kind, monkeypatch):
    monkeypatch.setattr("arena.judge.sandbox.confined_process.take_cgroup", lambda *limits: None)
    script = private_folder(tmp_path) / "hider.py"
    script.write_text(textwrap.dedent(CPU_HIDER).lstrip("\n"))
    program = Program([sys.executable, str(script), kind], sandbox=Sandbox(mode))
    try:
        share = charged_share(program)
    finally:
        program.close()
    assert share >= 0.8, f"{share:.0%} of its children's CPU time charged"


AS_USER_REST = """
import os, subprocess, sys, time
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
hider, adjuster, bomb = sys.argv[1:4]
for kind in ("sigchld-ignored", "zombies"):
    program = Program([sys.executable, hider, kind], sandbox=Sandbox("limits"))
    charged = used = 0.0
    program.cpu_seconds_since_last_call()
    for _ in range(10):
        program.resume(); program.send("move"); used = float(program.read_line(20)); program.suspend()
        charged += program.cpu_seconds_since_last_call()
    program.close()
    print("cpu", kind, round(charged / used, 3), flush=True)
unrelated = subprocess.Popen(["sleep", "60"])
opponent = Program(["sleep", "60"], sandbox=Sandbox("limits"))
watched = {"judge": os.getpid(), "unrelated": unrelated.pid, "opponent": opponent.pgid}
program = Program([sys.executable, adjuster], sandbox=Sandbox("limits"))
print("adjusted", program.read_line(20), flush=True)
program.close()
print("oom", " ".join(f"{name}={open(f'/proc/{pid}/oom_score_adj').read().strip()}" for name, pid in watched.items()),
      flush=True)
opponent.close(); unrelated.kill()
program = Program([sys.executable, bomb], sandbox=Sandbox("limits"))
print("forked", program.read_line(60), flush=True)
program.close()
"""

ADJUSTER = """
    import os
    adjusted = 0
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/oom_score_adj", "w") as adjust:
                    adjust.write("1000")
                adjusted += 1
            except OSError:
                pass
    print(adjusted, flush=True)
"""

@pytest.mark.promise("cpu-whole", "limits")
@pytest.mark.promise("namespaces", "limits")
@pytest.mark.promise("tasks", "limits")
@pytest.mark.root
@pytest.mark.serial
@NEEDS_ROOT
def test_as_a_user_cpu_is_counted_whole_nothing_outside_is_reached_and_processes_are_capped():
    user = MadeUser()
    try:
        files = [str(user.write(name, source)) for name, source in
                 (("hider.py", CPU_HIDER), ("adjuster.py", ADJUSTER), ("forker.py", FORK_BOMB))]
        lines = user.run(AS_USER_REST, *files)
    finally:
        user.remove()
    said = {" ".join(line.split()[:2]) if line.startswith("cpu") else line.split()[0]: line for line in lines}
    for kind in ("sigchld-ignored", "zombies"):
        assert float(said[f"cpu {kind}"].split()[2]) >= 0.8, said
    assert said["oom"] == "oom judge=0 unrelated=0 opponent=0", said
    assert int(said["forked"].split()[1]) < 300, said


# On its first move: 64 fork chains (each link calls setsid(), forks, and ends), which kept an
# init that reaped before it answered from ever answering the judge's stop.
WEDGE = """
    import os, sys
    from arena.games.flippo.rules import FlippoState
    state = FlippoState()
    for number, line in enumerate(sys.stdin):
        line = line.strip()
        if line == "Quit":
            break
        if line != "Start":
            state.play_text(line)
        if number == 0:
            for _ in range(64):
                if os.fork() == 0:
                    while True:
                        os.setsid()
                        if os.fork() != 0:
                            os._exit(0)
        move = state.legal_moves()[0]
        state.play(move)
        print(state.format_move(move), flush=True)
"""


def wedge_outcome(record: dict) -> str:
    """The checks of the wedge as one line: the opponent's verdict, its wall time past its CPU time
    (ms), the attacker's verdict and its CPU time past twice its wall time (ms)."""
    verdicts = record["result"]["verdicts"]
    attacker, opponent = record["times"]
    return (f"{verdicts[1]} {opponent['wall_ms'] - opponent['cpu_ms']:.0f} "
            f"{verdicts[0]} {attacker['cpu_ms'] - 2 * attacker['wall_ms']:.0f}")


def assert_wedge_held(outcome: str) -> None:
    opponent_verdict, opponent_waited, attacker_verdict, attacker_over = outcome.split()
    assert opponent_verdict == "ok", outcome
    assert float(opponent_waited) < 1000, outcome
    assert attacker_verdict != "ok" or float(attacker_over) < 1000, outcome


@pytest.mark.promise("bounded-stop", "none", "limits", "isolate")
@pytest.mark.serial  # a fork storm: two cores' worth while it may run
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_fork_chain_wedge_costs_its_opponent_nothing(tmp_path, mode):
    from arena.refereeing.players import resolve_player
    from arena.refereeing.referee import play_game
    bot = private_folder(tmp_path) / "wedge.py"
    bot.write_text(textwrap.dedent(WEDGE).lstrip("\n"))
    record = play_game("flippo", [resolve_player("flippo", f"{sys.executable} {bot}"),
                                  resolve_player("flippo", "builtin:random")], seed=1, sandbox=Sandbox(mode))
    assert_wedge_held(wedge_outcome(record))


AS_USER_WEDGE = """
import sys
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
for mode in ("limits", "isolate"):
    record = play_game("flippo", [resolve_player("flippo", f"{sys.executable} {sys.argv[1]}"),
                                  resolve_player("flippo", "builtin:random")], seed=1, sandbox=Sandbox(mode))
    verdicts = record["result"]["verdicts"]
    attacker, opponent = record["times"]
    print(f"{verdicts[1]} {opponent['wall_ms'] - opponent['cpu_ms']:.0f} "
          f"{verdicts[0]} {attacker['cpu_ms'] - 2 * attacker['wall_ms']:.0f}", flush=True)
"""


@pytest.mark.root
@pytest.mark.serial
@NEEDS_ROOT
def test_as_a_user_a_fork_chain_wedge_costs_its_opponent_nothing():
    from arena.judge.sandbox.bubblewrap import bwrap_path
    if bwrap_path() is None:
        pytest.skip("needs bubblewrap")
    user = MadeUser()
    try:
        bot = user.write("wedge.py", WEDGE)
        lines = user.run(AS_USER_WEDGE, str(bot))
    finally:
        user.remove()
    assert len(lines) == 2, lines
    for line in lines:
        assert_wedge_held(line)


@pytest.mark.promise("bounded-stop", "none", "limits", "isolate")
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_program_whose_init_does_not_answer_is_ended_and_the_judge_waits_no_longer(tmp_path, mode):
    from arena.judge.pid_namespace import ANSWER_DEADLINE_S
    script = private_folder(tmp_path) / "echo.py"
    # a second thread: a program of one task is stopped by the judge itself where a cgroup counts its
    # tasks (confined_process.py's _stop_alone), and its init is not asked at all
    script.write_text("import sys, threading, time\n"
                      "threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
                      "for line in sys.stdin:\n    print(line.strip(), flush=True)\n")
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode))
    try:
        program.send("one")
        assert program.read_line(20) == "one"
        init = program.confinement.init.pid
        os.kill(init, signal.SIGSTOP)  # an init that cannot answer (as a busy one could not)
        started = time.monotonic()
        program.suspend()
        waited = time.monotonic() - started
        assert ANSWER_DEADLINE_S <= waited < ANSWER_DEADLINE_S + 0.5, waited
        assert program.confinement.silent_init
        with pytest.raises(ProgramFault, match="could not be stopped") as fault:
            program.resume()
            program.send("two")
            program.read_line(5)
        assert fault.value.verdict == "crash"
    finally:
        program.close()
    assert not psutil.pid_exists(init) or psutil.Process(init).status() == psutil.STATUS_ZOMBIE
