"""The compiled spawner: a program starts as if from a clean shell, confined, with none of
the judge's files, signal dispositions or blocked signals."""

import sys

import pytest

from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import MAX_OPEN_FILES, Sandbox

SIGPIPE_BIT = 1 << (13 - 1)
SIGXFSZ_BIT = 1 << (25 - 1)


def first_lines(command, count, sandbox=None):
    program = Program(command, sandbox=sandbox)
    try:
        return [program.read_line(5.0) for _ in range(count)]
    finally:
        program.close(grace_s=1.0)


@pytest.mark.parametrize("mode", ["none", "limits"])
def test_a_program_starts_with_no_signal_ignored_or_blocked(mode):
    # the judge (Python) ignores SIGPIPE and SIGXFSZ: a program must get them back
    lines = first_lines(["grep", "-E", "^Sig(Ign|Blk):", "/proc/self/status"], 2, Sandbox(mode))
    masks = {line.split(":")[0]: int(line.split()[1], 16) for line in lines}
    assert masks["SigBlk"] == 0
    assert masks["SigIgn"] & (SIGPIPE_BIT | SIGXFSZ_BIT) == 0


def test_a_program_has_none_of_the_judges_files():
    (listing,) = first_lines([sys.executable, "-c", "import os; print(sorted(map(int, os.listdir('/proc/self/fd'))))"], 1)
    # 0-2 its pipes; 3 the folder listdir itself opened
    assert set(eval(listing)) <= {0, 1, 2, 3}


def test_a_program_leads_its_own_session_with_its_limits():
    code = ("import os, resource; print(os.getsid(0) == os.getpid(), "
            "resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    (line,) = first_lines([sys.executable, "-c", code], 1, Sandbox("limits"))
    assert line == f"True {MAX_OPEN_FILES}"


def test_a_program_that_cannot_be_run_crashes_and_says_why():
    program = Program(["/no/such/program"])
    with pytest.raises(ProgramFault) as fault:
        program.read_line(5.0)
    program.close()
    assert fault.value.verdict == "crash"
    assert fault.value.reason == ("could not start: arena: /no/such/program: No such file or directory "
                                  "(exited with code 127)")


def test_a_program_is_in_every_folder_of_its_cgroup():
    program = Program(["cat", "/proc/self/cgroup"], sandbox=Sandbox("limits"))
    group = program.confinement.cgroup
    if group is None:
        program.close()
        pytest.skip("this machine allows no cgroup to be made")
    lines = []
    try:
        while (line := program.read_line(5.0)) is not None:
            lines.append(line)
    except ProgramFault:
        pass  # cat ended: every line is read
    finally:
        program.close()
    own = {controller: path for _, controllers, path in (line.split(":", 2) for line in lines)
           for controller in (controllers.split(",") if controllers else [""])}
    for controller, folder in group.folders.items():
        assert folder.endswith(own[controller]), (controller, folder, own)
