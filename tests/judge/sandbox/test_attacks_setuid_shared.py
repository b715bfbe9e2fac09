"""A program leaves nothing for a later one in the folders every uid may write (they are its own,
in its mount namespace), and no setuid file raises anyone's privileges (issue 33, items 2 and 7)."""

import os
import shutil
import uuid

import pytest

from arena.judge.sandbox import confined_process
from arena.judge.sandbox.settings import MAX_TASKS

from ..attack_support import ALL_MODES, FORK_BOMB, MODES, private_folder, start

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="box uids exist only under a root judge")


@pytest.fixture
def folder(tmp_path):
    return private_folder(tmp_path)


@pytest.mark.promise("no-new-privs", "none", "limits", "isolate")
@pytest.mark.parametrize("mode", ALL_MODES)
def test_every_program_runs_with_no_new_privileges(folder, mode):
    program = start(folder, """
        for line in open("/proc/self/status"):
            if line.startswith("NoNewPrivs:"):
                print(line.split()[1], flush=True)
    """, mode)
    try:
        assert program.read_line(20) == "1"
    finally:
        program.close()


PLANTER = """
    import os, shutil, sys
    marker = sys.argv[1]
    helper = f"/var/tmp/.x-{marker}" if os.access("/var/tmp", os.W_OK) else f"/tmp/.x-{marker}"  # isolate: /var is read-only
    shutil.copy("/usr/bin/id", helper)
    os.chmod(helper, 0o4755)  # setuid: whoever runs it would be this program's uid
    for place in ("/tmp", "/var/tmp", "/dev/shm", "/run/lock"):
        if os.access(place, os.W_OK):  # isolate's /run and /var are read-only
            with open(f"{place}/left-{marker}", "w") as left:
                left.write("for the next program")
    os.makedirs(f"/tmp/dir-{marker}/inside")
    open(f"/tmp/dir-{marker}/inside/file", "w").close()
    print(os.getuid(), helper, os.stat(helper).st_mode & 0o4000 != 0, flush=True)
    sys.stdin.readline()
"""

RUNNER = """
    import os, subprocess, sys
    marker = sys.argv[2]
    seen = [path for path in (sys.argv[1], f"/tmp/left-{marker}", f"/var/tmp/left-{marker}",
                              f"/dev/shm/left-{marker}", f"/run/lock/left-{marker}", f"/tmp/dir-{marker}")
            if os.path.lexists(path)]
    effective = subprocess.run([sys.argv[1], "-u"], capture_output=True, text=True).stdout.strip() \
        if os.path.exists(sys.argv[1]) else "none"
    print(os.getuid(), effective, seen, flush=True)
"""


@pytest.mark.promise("private-tmp", "limits", "isolate")
@pytest.mark.root
@as_root
@pytest.mark.parametrize("mode", MODES)
def test_a_setuid_helper_planted_in_var_tmp_is_never_seen_by_a_later_program_nor_by_the_host(folder, mode):
    marker = uuid.uuid4().hex[:10]
    planter = start(folder, PLANTER, mode, marker, name="planter.py")
    try:
        planter_uid, helper, setuid = planter.read_line(20).split()
        assert setuid == "True"  # planted, setuid, in its own /var/tmp while its program runs
        runner = start(folder, RUNNER, mode, helper, marker, name="runner.py")
        try:
            runner_uid, effective, seen = runner.read_line(20).split(" ", 2)
        finally:
            runner.close()
        assert runner_uid != planter_uid or mode == "isolate"  # there both are nobody inside
        # its /tmp, /var/tmp, /dev/shm and /run/lock are its own: nothing of the planter's is there
        assert (effective, seen) == ("none", "[]"), (effective, seen)
    finally:
        planter.close()
    left = [path for path in (helper, f"/tmp/left-{marker}", f"/var/tmp/left-{marker}",
                              f"/dev/shm/left-{marker}", f"/run/lock/left-{marker}", f"/tmp/dir-{marker}")
            if os.path.lexists(path)]
    assert left == [], f"what box uid {planter_uid} wrote reached the host's folders"


@pytest.mark.root
@as_root
@pytest.mark.parametrize("mode", MODES)
def test_a_world_writable_folder_of_the_host_is_not_a_programs_to_write(folder, mode):
    """A folder anyone may write, made by the host in /tmp (as /tmp/.X11-unix): not there for a program."""
    open_folder = f"/tmp/arena-open-{uuid.uuid4().hex[:10]}"
    os.mkdir(open_folder)
    os.chmod(open_folder, 0o1777)
    try:
        program = start(folder, """
            import sys
            try:
                with open(sys.argv[1] + "/left", "w") as left:
                    left.write("for the next program")
                print("left", flush=True)
            except OSError as error:
                print("refused", flush=True)
            sys.stdin.readline()
        """, mode, open_folder)
        try:
            assert program.read_line(20) == "refused"
        finally:
            program.close()
        assert os.listdir(open_folder) == [], "a program wrote in a world-writable folder of the host"
    finally:
        shutil.rmtree(open_folder, ignore_errors=True)


@pytest.mark.root
@as_root
def test_without_a_cgroup_a_box_uid_is_held_to_the_task_limit(folder, monkeypatch):
    monkeypatch.setattr(confined_process, "take_cgroup", lambda *limits: None)  # a container without cgroups
    program = start(folder, FORK_BOMB, "limits")
    try:
        children = int(program.read_line(60))
    finally:
        program.close()
    assert children < MAX_TASKS
