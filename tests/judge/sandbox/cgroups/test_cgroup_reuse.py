"""A program's cgroup is kept for the next program, also under ``isolate``, whose killed
namespace init leaves the cgroup a moment after the judge reaps bwrap: the pool waits for
it instead of removing the cgroup and making another (a mkdir in every v1 hierarchy)."""

import sys
import time

import pytest

from arena.judge.sandbox.cgroups import pool as cgroup_pool
from arena.judge.sandbox.cgroups.setup import make_cgroup
from arena.judge.sandbox.bubblewrap import bwrap_path
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox


def _cgroups_work() -> bool:
    group = make_cgroup(64, 8)
    if group is None:
        return False
    group.remove()
    return True


pytestmark = pytest.mark.skipif(not _cgroups_work(), reason="no cgroup can be made here")


@pytest.mark.parametrize("mode", ["limits", "isolate"])
def test_programs_one_after_another_reuse_one_cgroup(mode, monkeypatch):
    if mode == "isolate" and bwrap_path() is None:
        pytest.skip("isolate needs bubblewrap")
    made = []

    def counted(*args):
        group = make_cgroup(*args)
        made.append(group)
        return group

    monkeypatch.setattr(cgroup_pool, "make_cgroup", counted)
    for _ in range(8):
        # a program that starts a second process and leaves it running: killed at the end
        program = Program([sys.executable, "-c", "import os, time\nif os.fork() == 0: time.sleep(60)\n"
                                                 "print('ready', flush=True); time.sleep(60)"],
                          sandbox=Sandbox(mode, memory_mb=256))
        assert program.read_line(10) == "ready"
        pids = program.confinement.cgroup.pids()
        program.close()
        assert _dead_within(pids, 2.0)  # out of the cgroup already: past the kernel's cgroup_exit
    # one made for the first program (or none: one kept from an earlier test), then reused
    assert len(made) <= 1, f"{len(made)} cgroups made for 8 programs one after another"


def _dead_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not all(_dead(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def _dead(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True
