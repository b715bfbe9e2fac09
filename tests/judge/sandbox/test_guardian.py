"""The guardian kills what it was told about, at once, when its pipe ends, and nothing else."""

import os
import signal
import subprocess
import sys
import time

import pytest

from arena.judge.sandbox.cgroups.setup import make_cgroup
from arena.judge.sandbox.guardian_client import GUARDIAN


def start_guardian() -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-S", GUARDIAN], stdin=subprocess.PIPE, start_new_session=True)


def sleeper() -> subprocess.Popen:
    return subprocess.Popen(["sleep", "60"], start_new_session=True)


# serial: the groups are killed within 1 s of the pipe's end
@pytest.mark.serial
def test_registered_groups_die_with_the_pipe_suspended_or_not_and_forgotten_ones_live():
    guardian = start_guardian()
    running, suspended, forgotten = sleeper(), sleeper(), sleeper()
    suspended.send_signal(signal.SIGSTOP)
    try:
        guardian.stdin.write(f"+g {running.pid}\n+g {suspended.pid}\n+g {forgotten.pid}\n".encode())
        guardian.stdin.write(f"-g {forgotten.pid}\nnonsense\n+g not-a-pid\n".encode())
        guardian.stdin.flush()
        time.sleep(0.2)
        assert running.poll() is None and suspended.poll() is None  # nothing before the pipe ends
        started = time.monotonic()
        guardian.stdin.close()  # as when the judge dies
        assert running.wait(timeout=2) == -signal.SIGKILL
        assert suspended.wait(timeout=2) == -signal.SIGKILL
        # at once, although the guardian reads its lines only every 2 s
        assert time.monotonic() - started < 1
        assert guardian.wait(timeout=2) == 0
        assert forgotten.poll() is None
    finally:
        for process in (running, suspended, forgotten):
            process.kill()
            process.wait()


def test_a_registered_cgroup_is_emptied_and_removed():
    group = make_cgroup(64, 16)
    if group is None:
        pytest.skip("no cgroup can be made on this machine")
    guardian = start_guardian()
    escaped = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        for procs in group.procs_files:
            with open(procs, "w") as handle:
                handle.write(str(escaped.pid))
        for folder in group.folders.values():
            guardian.stdin.write(f"+c {folder}\n".encode())
        guardian.stdin.close()
        assert escaped.wait(timeout=3) == -signal.SIGKILL
        assert guardian.wait(timeout=3) == 0
        assert not any(os.path.exists(folder) for folder in group.folders.values())
    finally:
        escaped.kill()
        escaped.wait()
        group.remove()


def test_a_registered_group_dies_with_the_pipe_stopped_or_not():
    """A ``--sandbox none`` program where no namespace can be had: its group, one process stopped
    (as the kernel stops it when its judge dies) and one running, is killed."""
    script = (
        "import os, signal, sys, time\n"
        "if os.fork() == 0:\n"
        "    os.kill(os.getpid(), signal.SIGSTOP)\n"
        "    time.sleep(60)\n"
        "time.sleep(60)\n")
    guardian = start_guardian()
    leader = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    try:
        deadline = time.monotonic() + 5
        family: list[int] = []
        while time.monotonic() < deadline and not family:
            family = [int(pid) for pid in open(f"/proc/{leader.pid}/task/{leader.pid}/children").read().split()]
            time.sleep(0.02)
        assert len(family) == 1, family
        guardian.stdin.write(f"+g {leader.pid}\n".encode())
        guardian.stdin.close()
        assert leader.wait(timeout=3) == -signal.SIGKILL
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(_alive(pid) for pid in family):
            time.sleep(0.02)
        assert not any(_alive(pid) for pid in family)
        assert guardian.wait(timeout=3) == 0
    finally:
        leader.kill()
        leader.wait()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False
