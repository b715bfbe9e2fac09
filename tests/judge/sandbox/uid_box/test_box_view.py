"""What a root judge's box uid is shown by its mount namespace (sandbox/private_mounts.py): its own
folder whole, whatever its size and modes, the private folders on its way covered but for what it
needs, and nothing of the host changed for it while it runs."""

import os
import shutil
import sys
import tempfile
import textwrap

import pytest

from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox

from ...attack_support import MODES, granted, private_folder

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge gives a program a uid of its own")]

READER = """
    import os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    read = 0
    for root, folders, files in os.walk(here):
        for name in files:
            with open(os.path.join(root, name)) as entry:
                read += entry.read() != ""
    print("read", read, flush=True)
    for path in (word[::-1] for word in sys.argv[1:]):  # reversed: a path its command names is given to it
        try:
            print("opened", path, len(os.listdir(path) if os.path.isdir(path) else open(path).read()), flush=True)
        except OSError as error:
            print("refused", error.errno, flush=True)
    sys.stdin.readline()  # alive while the judge's side looks at the host
"""


def lines_until_stopped(program: Program, count: int, look) -> list[str]:
    """``count`` lines, then ``look()`` while the program still runs, then its end."""
    try:
        lines = [program.read_line(20) for _ in range(count)]
        look()
        program.send("done")
        return lines
    finally:
        program.close()


@pytest.mark.parametrize("mode", MODES)
def test_every_entry_of_a_private_own_folder_of_700_is_read_and_nothing_of_the_host_changes(tmp_path, mode):
    folder = private_folder(tmp_path)
    deep = folder / "data" / "deep"
    deep.mkdir(parents=True)
    for path in (folder / "data", deep):
        os.chmod(path, 0o700)
    for number in range(700):  # past the 500 entries an ACL plan once gave
        entry = (deep if number % 2 else folder) / f"entry-{number}"
        entry.write_text("weights")
        os.chmod(entry, 0o600)
    (folder / "bot.py").write_text(textwrap.dedent(READER).lstrip("\n"))
    os.chmod(folder / "bot.py", 0o600)
    program = Program([sys.executable, str(folder / "bot.py")], sandbox=Sandbox(mode), folder=str(folder))

    def unchanged() -> None:
        for path in (tmp_path, folder, deep, deep / "entry-1", folder / "entry-0"):
            assert granted(path) == [], path  # no ACL: the program reads through its namespace
        assert os.stat(folder).st_mode & 0o7777 == 0o700 and os.stat(deep / "entry-1").st_mode & 0o777 == 0o600

    assert lines_until_stopped(program, 1, unchanged) == ["read 701"]


@pytest.mark.parametrize("mode", MODES)
def test_a_bot_in_a_private_folder_under_root_reads_its_files_and_nothing_else_of_root(mode):
    folder = tempfile.mkdtemp(prefix="arena-test-bot-", dir="/root")  # 0700, in /root (0700 or so)
    neighbour = folder + "-notes"
    try:
        with open(neighbour, "w") as notes:
            notes.write("root's")
        os.chmod(neighbour, 0o644)
        os.mkdir(os.path.join(folder, "data"), 0o700)
        with open(os.path.join(folder, "data", "weights"), "w") as weights:
            weights.write("weights")
        os.chmod(os.path.join(folder, "data", "weights"), 0o600)
        with open(os.path.join(folder, "bot.py"), "w") as bot:
            bot.write(textwrap.dedent(READER).lstrip("\n"))
        program = Program([sys.executable, os.path.join(folder, "bot.py"), neighbour[::-1], "/root"[::-1]],
                          sandbox=Sandbox(mode), folder=folder)
        lines = lines_until_stopped(program, 3, lambda: None)
        assert lines[0] == "read 2", lines  # its script and its 0600 weights
        assert lines[1].startswith("refused") and lines[2].startswith("refused"), lines  # nothing else of /root
    finally:
        shutil.rmtree(folder)
        os.unlink(neighbour)


UNDOER = """
    import ctypes, os, sys
    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.getuid(), os.getgid()
    print("unshared", libc.unshare(0x10000000 | 0x00020000), flush=True)  # a user and a mount namespace
    for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
        with open(f"/proc/self/{name}", "w") as ids:
            ids.write(text)  # root there
    here = os.path.dirname(os.path.abspath(__file__))
    database = os.path.join(here, "t.db")
    for target in (database, here, os.path.dirname(here), "/tmp", "/"):
        libc.umount2(target.encode(), 2)  # MNT_DETACH: what lies beneath?
    libc.mount(None, here.encode(), None, 32 | 4096, None)  # MS_REMOUNT | MS_BIND: writable again?
    try:
        print("read", open(database).read(), flush=True)
    except OSError as error:
        print("refused", error.errno, flush=True)
    try:
        with open(os.path.join(here, "written"), "w") as out:
            out.write("kept")
        print("written", flush=True)
    except OSError as error:
        print("refused", error.errno, flush=True)
"""


@pytest.mark.parametrize("mode", MODES)
def test_a_program_root_in_namespaces_of_its_own_cannot_take_its_covers_apart(tmp_path, mode):
    folder = private_folder(tmp_path)
    (folder / "t.db").write_text("results")
    os.chmod(folder / "t.db", 0o644)
    (folder / "bot.py").write_text(textwrap.dedent(UNDOER).lstrip("\n"))
    program = Program([sys.executable, str(folder / "bot.py")], sandbox=Sandbox(mode, hidden=(str(folder / "t.db"),)),
                      folder=str(folder))
    try:
        lines = [program.read_line(20) for _ in range(3)]
    finally:
        program.close()
    assert lines[0] == "unshared 0", lines  # the kernel lets it, and locks what it was given together
    assert lines[1].startswith("refused") and lines[2].startswith("refused"), lines
    assert not (folder / "written").exists() and (folder / "t.db").read_text() == "results"
