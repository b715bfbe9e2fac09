"""A program dies by every way the judge kills: its cgroup's processes, and all of a suspended program.

The cgroup tests put a real process in a real cgroup (skipped where none can be made), then kill it
the way one part of the judge does, and check it is dead.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from arena.judge.sandbox.cgroups import pool as cgroup_pool
from arena.judge.sandbox.cgroups.setup import make_cgroup
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox

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


@pytest.fixture
def spinning():
    """``spinning() -> (cgroup, process)``: a spinning process in a new cgroup."""
    made = []

    def make():
        group = make_cgroup(64, 16)
        if group is None:
            pytest.skip("no cgroup can be made on this machine")
        process = subprocess.Popen(SPIN)
        made.append((group, process))
        for procs in group.procs_files:
            with open(procs, "w") as handle:
                handle.write(str(process.pid))
        return group, process

    yield make
    for group, process in made:
        process.kill()
        process.wait()
        group.remove()


def test_kill_all_kills_a_cgroups_processes(spinning):
    group, process = spinning()
    assert group.kill_all() == [process.pid]
    assert process.wait(timeout=3) == -signal.SIGKILL


def test_remove_kills_a_cgroups_processes_and_removes_it(spinning):
    group, process = spinning()
    assert group.remove()
    assert process.wait(timeout=3) == -signal.SIGKILL
    assert not any(os.path.exists(folder) for folder in group.folders.values())


def test_a_cgroup_given_back_with_a_process_in_it_is_emptied(spinning):
    group, process = spinning()
    cgroup_pool.give_back(group)
    assert process.wait(timeout=3) == -signal.SIGKILL


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
        # its init stopped all of it; without one (none, where the kernel allows no namespace) its
        # group was: a stop takes a moment
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
