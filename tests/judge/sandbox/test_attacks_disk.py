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

from ..attack_support import MODES, WITH_BWRAP, granted


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


@pytest.mark.root
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


# Tries every way of leaving something in its own folder (a file, a folder, a removal, a link, a
# change of a file's mode), then 12 MB under a path past PATH_MAX; prints what each attempt got.
WRITES_ITS_FOLDER = """
    import errno, os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    fd = os.open(here, os.O_RDONLY)
    attempts = {
        "file": lambda: open(os.path.join(here, "note.txt"), "a").write("x" * 12 * 2**20),
        "folder": lambda: os.mkdir("made", dir_fd=fd),
        "remove": lambda: os.unlink("old.txt", dir_fd=fd),
        "rename": lambda: os.rename("old.txt", "new.txt", src_dir_fd=fd, dst_dir_fd=fd),
        "link": lambda: os.symlink("/etc/passwd", "out", dir_fd=fd),
        "change": lambda: open(os.path.join(here, "old.txt"), "w").write("changed"),
        "mode": lambda: os.chmod(os.path.join(here, "old.txt"), 0o777),
    }
    def deep():
        inner = os.dup(fd)
        for level in range(22):
            os.mkdir("d" * 200, dir_fd=inner)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=inner)
        os.write(os.open("big", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=inner), b"x" * 12 * 2**20)
    attempts["deep"] = deep
    for name, attempt in attempts.items():
        try:
            attempt()
            print(name, "written", flush=True)
        except OSError as error:
            print(name, errno.errorcode[error.errno], flush=True)
    print("done", flush=True)
    sys.stdin.readline()
"""


def _size(folder: Path) -> int:
    total = 0
    for root, dirs, files in os.walk(folder):
        total += sum(os.lstat(os.path.join(root, name)).st_size for name in files)
    return total


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="a judge not root runs a program with its user's rights, "
                                              "whose own folder it may write")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("others_may_write", [False, True])
def test_a_root_judge_shows_a_program_its_own_folder_read_only_and_nothing_it_writes_outlives_it(
        tmp_path, mode, others_may_write):
    """Issue 47: nothing a program writes outlives its run. Five runs that each try to write 12 MB
    into the folder (under --disk 16), plainly and under a path past PATH_MAX: the folder is as it
    was, even one everybody may write (its uid's ACL entry outranks what others may)."""
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "old.txt").write_text("old")
    bot = folder / "bot.py"
    bot.write_text(textwrap.dedent(WRITES_ITS_FOLDER))
    if others_may_write:
        os.chmod(folder, 0o777)
        os.chmod(folder / "old.txt", 0o666)
    before = {path: path.lstat() for path in folder.rglob("*")}
    size = _size(folder)
    for _ in range(5):
        program = Program([sys.executable, str(bot)], sandbox=Sandbox(mode, disk_mb=16), folder=str(folder))
        try:
            said = dict(program.read_line(30).split() for _ in range(8))
            assert program.read_line(30) == "done"
        finally:
            program.close()
        assert not [name for name, result in said.items() if result == "written"], said
    assert sorted(before) == sorted(folder.rglob("*"))
    assert (folder / "old.txt").read_text() == "old"
    assert {path: (info.st_mode, info.st_uid) for path, info in before.items()} == \
        {path: (path.lstat().st_mode, path.lstat().st_uid) for path in before}
    assert _size(folder) - size < 16 * 2**20
    assert granted(folder) == []  # its ACL entry taken back


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge runs a program as a uid of its own")
def test_the_disk_verdict_names_only_its_home_and_tmpdir(tmp_path):
    bot = tmp_path / "filler.py"
    bot.write_text(textwrap.dedent(FILLER))
    program = Program([sys.executable, str(bot)], sandbox=Sandbox("limits", disk_mb=16))
    try:
        program.send("go")
        program.read_line(30)
        with pytest.raises(ProgramFault) as fault:
            program.read_line(30)
    finally:
        program.close()
    assert fault.value.verdict == "disk"
    assert "home and TMPDIR" in fault.value.reason and "own folder" not in fault.value.reason
