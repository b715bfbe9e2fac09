"""A program leaves nothing for a later one in the folders every uid may write, and no setuid
file raises anyone's privileges (issue 33, items 2 and 7)."""

import os
import shutil
import uuid

import pytest

from arena.judge.sandbox import confined_process
from arena.judge.sandbox.settings import MAX_TASKS

from ..attack_support import ALL_MODES, FORK_BOMB, private_folder, start

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="box uids exist only under a root judge")


@pytest.fixture
def folder(tmp_path):
    return private_folder(tmp_path)


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
    helper = f"/var/tmp/.x-{marker}"
    shutil.copy("/usr/bin/id", helper)
    os.chmod(helper, 0o4755)  # setuid: whoever runs it would be this program's uid
    for place in ("/tmp", "/var/tmp", "/dev/shm"):
        with open(f"{place}/left-{marker}", "w") as left:
            left.write("for the next program")
    os.makedirs(f"/tmp/dir-{marker}/inside")
    open(f"/tmp/dir-{marker}/inside/file", "w").close()
    print(os.getuid(), helper, flush=True)
    sys.stdin.readline()
"""

RUNNER = """
    import os, subprocess, sys
    out = subprocess.run([sys.argv[1], "-u"], capture_output=True, text=True).stdout.strip()
    print(os.getuid(), out, flush=True)
"""


@pytest.mark.root
@as_root
def test_a_setuid_helper_planted_in_var_tmp_gives_a_later_program_no_other_uid_and_is_swept(folder):
    marker = uuid.uuid4().hex[:10]
    planter = start(folder, PLANTER, "limits", marker, name="planter.py")
    try:
        planter_uid, helper = planter.read_line(20).split()
        assert os.stat(helper).st_mode & 0o4000  # planted, setuid, while its program runs
        runner = start(folder, RUNNER, "limits", helper, name="runner.py")
        try:
            runner_uid, effective = runner.read_line(20).split()
        finally:
            runner.close()
        assert runner_uid != planter_uid
        assert effective == runner_uid, f"the setuid helper made uid {runner_uid} run as {effective}"
    finally:
        planter.close()
    left = [path for path in (helper, f"/tmp/left-{marker}", f"/var/tmp/left-{marker}",
                              f"/dev/shm/left-{marker}", f"/tmp/dir-{marker}") if os.path.lexists(path)]
    assert left == [], f"what box uid {planter_uid} wrote outlived its program"


@pytest.mark.root
@as_root
def test_what_a_program_leaves_in_a_world_writable_folder_made_before_it_is_swept_too(folder):
    """The sweep skips a shared folder where no name came or went, but not the world-writable
    folders inside it, even one made just before the program started (which changed /tmp then,
    not during the program) in a judge that never listed /tmp before."""
    from arena.judge.sandbox import shared_folders

    shared_folders._world_writable.clear()  # a judge's first program: nothing listed yet
    shared_folders._listed_at.clear()
    open_folder = f"/tmp/arena-open-{uuid.uuid4().hex[:10]}"
    os.mkdir(open_folder)
    os.chmod(open_folder, 0o1777)  # as /tmp/.X11-unix: anyone may make a name in it
    try:
        program = start(folder, """
            import sys
            with open(sys.argv[1] + "/left", "w") as left:
                left.write("for the next program")
            print("left", flush=True)
            sys.stdin.readline()
        """, "limits", open_folder)
        try:
            assert program.read_line(20) == "left"
        finally:
            program.close()
        assert os.listdir(open_folder) == [], "what the box uid left in a world-writable folder outlived it"
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
