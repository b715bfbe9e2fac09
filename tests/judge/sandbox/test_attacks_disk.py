"""What a program may write in its home and TMPDIR is bounded (``--disk``, Sandbox.disk_mb):
a write past it fails, which is the ``disk`` verdict, and nothing of it outlives the program
(issue 33, item 6). Its home is a folder of its own on the one tmpfs its mount namespace has on
/tmp, /var/tmp, /dev/shm and /run/lock (issue 56): one budget, nothing of it on the host."""

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import DEFAULT_DISK_MB, Sandbox

from ..attack_support import MODES, granted
from ..user_for_tests import NEEDS_ROOT, MadeUser


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
@pytest.mark.skipif(os.geteuid() != 0, reason="as root: a judge not root is tested below, as a user")
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
    assert not os.path.lexists(home)  # in its mount namespace only, gone with it


# Says what its home is (owner, mode, whether the uid it runs as owns it) and whether its home, /tmp
# and /dev/shm are one file system; then writes 4 MB files into its home and /dev/shm in turn (at
# most 48 MB), and says how much it wrote in all.
ONE_BUDGET = """
    import json, os
    home = os.environ["HOME"]
    info = os.stat(home)
    seen = {"home": home, "tmpdir_is_home": os.environ["TMPDIR"] == home, "owned": info.st_uid == os.getuid(),
            "mode": oct(info.st_mode & 0o7777), "one_tmpfs": len({os.stat(p).st_dev for p in (home, "/tmp", "/dev/shm")}) == 1}
    written = 0
    try:
        for index in range(12):
            for folder in (home, "/dev/shm"):
                with open(os.path.join(folder, f"fill-{index}"), "wb") as out:
                    out.write(b"x" * 4 * 2**20)
                written += 4
    except OSError as error:
        seen["error"] = error.strerror
    seen["written"] = written
    print(json.dumps(seen), flush=True)
"""


def _check_one_budget(seen: dict, disk_mb: int) -> None:
    """Its home, TMPDIR, is a folder of its own (its uid's, 0700) on the one tmpfs of ``disk_mb`` that is
    also its /tmp and /dev/shm, in its mount namespace only: what it writes in all is held to disk_mb."""
    assert seen["tmpdir_is_home"] and seen["owned"] and seen["mode"] == "0o700", seen
    assert seen["one_tmpfs"], seen
    assert seen["written"] <= disk_mb and seen.get("error") == "No space left on device", seen
    assert not os.path.lexists(seen["home"])


@pytest.mark.promise("private-tmp", "limits", "isolate")
@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="as root: a judge not root is tested below, as a user")
@pytest.mark.parametrize("mode", MODES)
def test_its_home_is_its_own_folder_on_its_private_tmpfs_one_budget_with_tmp_and_dev_shm(tmp_path, mode):
    """Issue 56: the home is made in the program's mount namespace, not mounted on the host: writing
    16 MB in its home and 16 MB in /dev/shm under --disk 20 fails (two tmpfs of 20 MB each would
    take both)."""
    bot = tmp_path / "budget.py"
    bot.write_text(textwrap.dedent(ONE_BUDGET))
    program = Program([sys.executable, str(bot)], sandbox=Sandbox(mode, disk_mb=20))
    try:
        seen = json.loads(program.read_line(30))
    finally:
        program.close()
    _check_one_budget(seen, 20)


AS_USER_JUDGE = """
import json, sys
from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import Sandbox
budget, filler, mode = sys.argv[1:4]
program = Program([sys.executable, budget], sandbox=Sandbox(mode, disk_mb=20))
try:
    print(program.read_line(30), flush=True)
finally:
    program.close()
program = Program([sys.executable, filler], sandbox=Sandbox(mode, disk_mb=16))
try:
    program.send("go")
    print(program.read_line(30), flush=True)
    try:
        program.read_line(30)
    except ProgramFault as fault:
        print(fault.verdict, flush=True)
finally:
    program.close()
"""


@pytest.mark.root
@NEEDS_ROOT
@pytest.mark.parametrize("mode", MODES)
def test_as_a_user_its_home_is_as_private_and_as_bounded(mode):
    """A judge not root (a user the test makes) gives a program the same home: its own on its private
    tmpfs, one budget with /tmp and /dev/shm, the disk verdict past it (before issue 56, a folder of
    the user's on disk, unbounded under limits)."""
    user = MadeUser()
    try:
        budget = user.write("budget.py", ONE_BUDGET)
        filler = user.write("filler.py", FILLER)
        lines = user.run(AS_USER_JUDGE, str(budget), str(filler), mode)
        _check_one_budget(json.loads(lines[0]), 20)
        written, home = lines[1].split()
        assert int(written) <= 16 and lines[2] == "disk", lines
        assert not os.path.lexists(home)
    finally:
        user.remove()


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
