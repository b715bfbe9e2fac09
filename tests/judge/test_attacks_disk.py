"""What a program may write in its home and TMPDIR is bounded (``--disk``, Sandbox.disk_mb):
a write past it fails, which is the ``disk`` verdict, and nothing of it outlives the program
(issue 33, item 6)."""

import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.bubblewrap import bwrap_argv
from arena.judge.sandbox.settings import DEFAULT_DISK_MB, Sandbox

from .attack_support import MODES, WITH_BWRAP


# Writes files of 4 MB into its TMPDIR (at most 96 MB, not to fill a disk where nothing
# stops it), says how much it wrote, then fails of the error that stopped it.
FILLER = """
    import os, sys
    sys.stdin.readline()
    folder, written, error = os.environ["TMPDIR"], 0, None
    try:
        for index in range(24):
            with open(os.path.join(folder, f"fill-{index}"), "wb") as out:
                out.write(b"x" * 4 * 2**20)
            written += 4
    except OSError as caught:
        error = caught
    print(written, folder, flush=True)
    if error:
        raise error
    sys.stdin.readline()
"""


def test_the_default_disk_limit_is_256_mb():
    assert Sandbox().disk_mb == DEFAULT_DISK_MB == 256
    with pytest.raises(ValueError):
        Sandbox(disk_mb=0)


@pytest.mark.skipif(os.geteuid() != 0, reason="a judge not root cannot mount a home of a given size "
                                              "(isolate's own tmpfs is tested below)")
@pytest.mark.parametrize("mode", MODES)
def test_writing_past_the_disk_limit_is_the_disk_verdict_and_leaves_nothing(tmp_path, mode):
    bot = tmp_path / "filler.py"
    bot.write_text(textwrap.dedent(FILLER))
    program = Program([sys.executable, str(bot)], sandbox=Sandbox(mode, disk_mb=16))
    try:
        program.send("go")
        written, home = program.read_line(30).split()
        assert int(written) <= 16, f"it wrote {written} MB past a limit of 16 MB"
        with pytest.raises(ProgramFault) as fault:
            program.read_line(30)
        assert fault.value.verdict == "disk", fault.value.reason
        assert "16 MB" in fault.value.reason
    finally:
        program.close()
    assert not os.path.exists(home) or os.listdir(home) == []


@WITH_BWRAP
def test_isolate_gives_a_home_and_tmp_of_the_disk_limit_where_the_judge_cannot_mount_them(tmp_path):
    # a judge not root: bwrap's own tmpfs of that size in the sandbox (its argv alone, run here)
    home = Path("/tmp") / f"arena-home-test-{uuid.uuid4().hex[:8]}"
    home.mkdir()
    bot = tmp_path / "filler.py"
    bot.write_text(textwrap.dedent(FILLER))
    try:
        for tmpdir in (str(home), "/tmp"):
            argv = bwrap_argv(str(tmp_path), home=str(home), own_user=False, disk_mb=8,
                              command_files=(str(bot),))
            out = subprocess.run([*argv, "env", f"TMPDIR={tmpdir}", sys.executable, str(bot)], input="go\n",
                                 capture_output=True, text=True, timeout=60)
            assert out.returncode != 0 and "No space left on device" in out.stderr, out.stderr
            assert int(out.stdout.split()[0]) <= 8
        assert os.listdir(home) == []  # nothing of it reached the judge's /tmp
    finally:
        os.rmdir(home)
