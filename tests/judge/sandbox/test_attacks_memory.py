"""Memory without a cgroup (issue 48): what RLIMIT_DATA does not count is refused, and the
record's peak is the program's own, not bubblewrap's."""

import sys
import textwrap

import pytest

from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import Sandbox

from ..attack_support import MODES, private_folder

SHARED = """
    import ctypes, mmap, os, sys
    said = []
    try:  # a shared anonymous mapping, touched: RLIMIT_DATA counts none of it
        shared = mmap.mmap(-1, 300 * 2**20)
        for at in range(0, 300 * 2**20, 4096):
            shared[at] = 1
        said.append("mapped 300 MB")
    except OSError:
        pass
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmget.restype = ctypes.c_int
    if libc.shmget(0, 300 * 2**20, 0o1600) >= 0:  # IPC_PRIVATE, IPC_CREAT
        said.append("System V shared memory")
    if hasattr(os, "memfd_create"):
        try:
            os.memfd_create("big")
            said.append("a memfd")
        except OSError:
            pass
    print(" | ".join(said) or "refused", flush=True)
    sys.stdin.readline()
"""


@pytest.fixture
def no_cgroup(monkeypatch):
    monkeypatch.setattr("arena.judge.sandbox.confined_process.take_cgroup", lambda memory_mb, max_tasks: None)


@pytest.mark.parametrize("mode", MODES)
def test_without_a_cgroup_shared_memory_past_the_limit_is_refused(tmp_path, mode, no_cgroup):
    script = private_folder(tmp_path) / "bot.py"
    script.write_text(textwrap.dedent(SHARED).lstrip("\n"))
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode, memory_mb=100))
    try:
        assert program.read_line(30) == "refused"
        program.send("end")
    finally:
        program.close()
    assert program.peak_memory_mb is not None and program.peak_memory_mb <= 100


@pytest.mark.parametrize("mode", MODES)
def test_without_a_cgroup_the_record_has_the_programs_peak_not_bubblewraps(tmp_path, mode, no_cgroup):
    script = private_folder(tmp_path) / "bot.py"
    script.write_text("import sys\nheld = bytearray(80 * 2**20)\nprint('ok', flush=True)\nsys.stdin.readline()\n")
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode, memory_mb=300))
    try:
        assert program.read_line(30) == "ok"
        program.send("end")
    finally:
        program.close()
    assert 80 < program.peak_memory_mb < 150, program.peak_memory_mb


@pytest.mark.promise("memory-whole", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_shared_memory_past_the_limit_is_the_memory_verdict_or_refused_whatever_limits_it(tmp_path, mode):
    """With a cgroup (as root here) its memory limit counts shared memory; without, it is refused."""
    script = private_folder(tmp_path) / "bot.py"
    script.write_text(textwrap.dedent(SHARED).lstrip("\n"))
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode, memory_mb=100))
    try:
        try:
            assert program.read_line(30) == "refused"
        except ProgramFault as fault:
            assert fault.verdict == "memory", fault.reason
    finally:
        program.close()
    assert program.peak_memory_mb is not None and program.peak_memory_mb <= 105
