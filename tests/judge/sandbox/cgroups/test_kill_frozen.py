"""A frozen program dies by every way the judge kills: a v1-frozen task ignores SIGKILL until thawed.

Each test freezes real processes in a real cgroup (skipped where none can be made),
then kills them the way one part of the judge does, and checks they are dead.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from arena.judge.sandbox.cgroups import pool as cgroup_pool
from arena.judge.sandbox.cgroups.setup import make_cgroup
from arena.judge.sandbox.cgroups.cgroup import Cgroup, read_text
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
from arena.judge.sandbox.guardian_client import GUARDIAN

SPIN = [sys.executable, "-c", "while True: pass"]
# a program of two processes (the second out of its group), which writes their pids, then waits
TWO = [sys.executable, "-c", """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    time.sleep(600)
print(os.readlink("/proc/self"), flush=True)  # its pid in the judge's /proc (not its namespace's)
time.sleep(600)
"""]


def state(pid: int) -> str | None:
    """A process's state letter (Z: a zombie; None: gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def _within(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def dead_within(pids, seconds: float = 3.0) -> bool:
    return _within(lambda: all(state(pid) in (None, "Z") for pid in pids), seconds)


def is_frozen(group: Cgroup) -> bool:
    if group.version == 1:
        return read_text(os.path.join(group.folders["freezer"], "freezer.state")).strip() == "FROZEN"
    return "frozen 1" in read_text(os.path.join(group.folders[""], "cgroup.events"))


@pytest.fixture
def frozen():
    """``frozen() -> (cgroup, process)``: a spinning process in a new cgroup, frozen."""
    made = []

    def make(group: Cgroup | None = None):
        group = group or make_cgroup(64, 16)
        if group is None or not group.freezable:
            pytest.skip("no cgroup that can be frozen on this machine")
        process = subprocess.Popen(SPIN)
        made.append((group, process))
        for procs in group.procs_files:
            with open(procs, "w") as handle:
                handle.write(str(process.pid))
        assert group.more_than_one_process() is False
        assert group.freeze() and is_frozen(group)
        return group, process

    yield make
    for group, process in made:
        group.thaw()
        process.kill()
        process.wait()
        group.remove()


def test_kill_all_kills_a_frozen_cgroup(frozen):
    group, process = frozen()
    group.kill_all()
    assert process.wait(timeout=3) == -signal.SIGKILL


def test_remove_kills_a_frozen_cgroups_processes_and_removes_it(frozen):
    group, process = frozen()
    assert group.remove()
    assert process.wait(timeout=3) == -signal.SIGKILL
    assert not any(os.path.exists(folder) for folder in group.folders.values())


def test_a_cgroup_given_back_frozen_with_a_process_in_it_is_emptied(frozen):
    group, process = frozen()
    cgroup_pool.give_back(group)
    assert process.wait(timeout=3) == -signal.SIGKILL


def test_a_cgroup_given_back_frozen_and_empty_is_handed_out_thawed(frozen):
    group, process = frozen()
    process.kill()
    group.thaw()
    process.wait()
    assert group.freeze() and is_frozen(group)  # frozen with nobody in it (v1 allows it)
    cgroup_pool.give_back(group)
    again = cgroup_pool.take_cgroup(*group.limits)
    try:
        if again is not group:
            pytest.skip("this cgroup was not kept for reuse (v2, or the pool is full)")
        assert not is_frozen(group)
    finally:
        if again is not None and again is not group:
            again.remove()


def test_the_guardian_kills_a_frozen_program_of_a_dead_judge(frozen):
    group, process = frozen()
    guardian = subprocess.Popen([sys.executable, "-S", GUARDIAN], stdin=subprocess.PIPE, start_new_session=True)
    for folder in group.folders.values():
        guardian.stdin.write(f"+c {folder}\n".encode())
    guardian.stdin.close()  # as when the judge dies
    assert process.wait(timeout=5) == -signal.SIGKILL
    assert guardian.wait(timeout=5) == 0
    assert not any(os.path.exists(folder) for folder in group.folders.values())


@pytest.mark.parametrize("mode", ["limits", "none"])
def test_ending_a_suspended_program_of_two_processes_kills_both(mode):
    program = Program(TWO, sandbox=Sandbox(mode))
    helpers: list[int] = []
    try:
        program.read_line(10)  # its pid in its namespace; the judge's number for it:
        main = program.confinement.pid
        deadline = time.monotonic() + 5
        while not (helpers := _children(main)) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert helpers
        # out of its group for sure: one still in it would be held by the SIGSTOP alone, not frozen
        assert _within(lambda: all(os.getpgid(pid) != main for pid in helpers), 2.0)
        program.suspend()
        group = program.confinement.cgroup
        if program.confinement.init is not None:  # its init stopped all of it (a stop takes a moment)
            assert _within(lambda: all(state(pid) == "T" for pid in [main, *helpers]), 1.0)
        elif group is not None and group.freezable:
            assert is_frozen(group)
        else:
            # stopped one by one (a stop signal takes effect a moment after it is sent)
            assert _within(lambda: all(state(pid) == "T" for pid in [main, *helpers]), 1.0)
        started = time.monotonic()
        program.confinement.end()  # not Program.close: that resumes the program first
        assert time.monotonic() - started < 2
        assert dead_within([main, *helpers])
        if mode == "none":  # its orphans came to the judge, which reaped them: not even zombies
            assert all(state(pid) is None for pid in helpers)
    finally:
        program.close()
        for pid in helpers:  # should the test fail: none left spinning
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as children:
        return [int(child) for child in children.read().split()]


def test_a_v2_cgroup_freezes_thaws_and_dies_frozen(frozen):
    mount = next((line.split()[1] for line in open("/proc/self/mounts") if line.split()[2] == "cgroup2"), None)
    if mount is None:
        pytest.skip("no cgroup2 mount")
    folder = os.path.join(mount, f"arena-test-{os.getpid()}")
    try:
        os.mkdir(folder)
    except OSError:
        pytest.skip("no v2 cgroup can be made here")
    group, process = frozen(Cgroup(2, {"": folder}))
    ticks = _cpu_ticks(process.pid)
    time.sleep(0.1)
    assert _cpu_ticks(process.pid) == ticks  # frozen: no CPU at all
    group.thaw()
    time.sleep(0.1)
    assert _cpu_ticks(process.pid) > ticks
    assert group.freeze()
    group.kill_all()
    assert process.wait(timeout=3) == -signal.SIGKILL


def _cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])
