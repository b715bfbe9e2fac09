"""What a program may write in its home and TMPDIR is bounded (``--disk``, Sandbox.disk_mb):
a write past it fails, which is the ``disk`` verdict, and nothing of it outlives the program
(issue 33, item 6)."""

import os
import subprocess
import sys
import textwrap
import time
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


# Fills its own folder with files of 4 MB (at most 96 MB), says how much it wrote, then fails
# of the error that stopped it.
FOLDER_FILLER = FILLER.replace('os.environ["TMPDIR"]', "os.path.dirname(os.path.abspath(__file__))")

# One run of a program in its own folder: a note added to, a folder made with a file in it, a
# name removed, a link it made earlier replaced by a file of its own; then it waits to be ended.
WRITES_ITS_FOLDER = """
    import os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "note.txt"), "a") as note:
        note.write("run\\n")
    os.makedirs(os.path.join(here, "made"), exist_ok=True)
    open(os.path.join(here, "made", "inside.txt"), "w").write("inside")
    if os.path.exists(os.path.join(here, "old.txt")):
        os.unlink(os.path.join(here, "old.txt"))
    link = os.path.join(here, "out")
    if os.path.islink(link):
        os.unlink(link)
        open(link, "w").write("mine")
    else:
        os.symlink(sys.argv[1], link)
    print("done", flush=True)
    sys.stdin.readline()
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
@pytest.mark.parametrize("mode", MODES)
def test_writing_past_the_disk_limit_in_its_own_folder_is_the_disk_verdict_and_leaves_nothing_more(
        tmp_path, mode):
    folder = tmp_path / "bot"
    folder.mkdir()
    bot = folder / "filler.py"
    bot.write_text(textwrap.dedent(FOLDER_FILLER))
    program = Program([sys.executable, str(bot)], sandbox=Sandbox(mode, disk_mb=16))
    if program.confinement.box.overlay is None:
        program.close()
        pytest.skip("this machine lets root mount no overlay (a container without CAP_SYS_ADMIN?): "
                    "the folder is not bounded here, as docs/sandbox.md says")
    overlay = program.confinement.box.overlay.root
    try:
        program.send("go")
        written, where = program.read_line(30).split()
        assert where == str(folder)
        assert int(written) <= 16, f"it wrote {written} MB in its folder past a limit of 16 MB"
        with pytest.raises(ProgramFault) as fault:
            program.read_line(30)
        assert fault.value.verdict == "disk", fault.value.reason
        assert "16 MB" in fault.value.reason and "own folder" in fault.value.reason
    finally:
        program.close()
    kept = sum(path.stat().st_size for path in folder.iterdir())
    assert kept <= 16 * 2**20 + bot.stat().st_size  # what it wrote within the limit, no more
    assert not os.path.exists(overlay)  # unmounted and removed
    assert f"lowerdir={folder}," not in Path("/proc/self/mountinfo").read_text()


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
@pytest.mark.parametrize("mode", MODES)
def test_what_it_writes_in_its_own_folder_is_there_after_it_as_if_written_directly(tmp_path, mode):
    """Carried back from the overlay: new and changed files, folders, removals; a link it made
    stays a link, and a file it puts where its link was replaces the link, never writes through it."""
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "old.txt").write_text("old")
    target = tmp_path / "root-file"  # root's, outside its folder
    target.write_text("root's")
    bot = folder / "bot.py"
    bot.write_text(textwrap.dedent(WRITES_ITS_FOLDER))
    for run in (1, 2):
        program = Program([sys.executable, str(bot), str(target)], sandbox=Sandbox(mode))
        try:
            assert program.read_line(30) == "done"
        finally:
            program.close()
        assert (folder / "note.txt").read_text() == "run\n" * run
        assert (folder / "made" / "inside.txt").read_text() == "inside"
        assert not (folder / "old.txt").exists()
        if run == 1:
            assert os.readlink(folder / "out") == str(target)  # a link, as it made it
        else:
            assert not (folder / "out").is_symlink() and (folder / "out").read_text() == "mine"
        assert target.read_text() == "root's"
        owner = folder.stat().st_uid
        assert {path.lstat().st_uid for path in folder.rglob("*")} == {owner}  # the folder's owner's, not its uid's


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
def test_a_judge_killed_mid_game_leaves_no_overlay_and_the_folder_as_it_was(tmp_path):
    """The guardian unmounts the tmpfs under the overlay (named as a home is) and removes it; what
    the program wrote there goes with it, the folder keeps what it held."""
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "kept.txt").write_text("kept")
    bot = folder / "bot.py"
    bot.write_text("import os, sys\nopen(os.path.join(os.path.dirname(__file__), 'new.txt'), 'w').write('x')\n"
                   "print('ready', flush=True)\nsys.stdin.readline()\n")
    judge = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        from arena.judge.process import Program
        from arena.judge.sandbox.settings import Sandbox
        program = Program([sys.executable, {str(bot)!r}], sandbox=Sandbox("limits"))
        overlay = program.confinement.box.overlay
        print(program.read_line(30), overlay.root if overlay else "none", flush=True)
        time.sleep(600)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        ready, root = judge.stdout.readline().split()
        if root == "none":
            pytest.skip("this machine lets root mount no overlay: nothing to leave behind")
        assert ready == "ready" and os.path.ismount(root)
        judge.kill()
        judge.wait(10)
        deadline = time.monotonic() + 10
        while os.path.exists(root) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not os.path.exists(root)
        assert sorted(path.name for path in folder.iterdir()) == ["bot.py", "kept.txt"]
    finally:
        judge.kill()


# One run: writes ``sys.argv[1]`` (a name) of ``sys.argv[2]`` MB into its own folder, truncated
# to that size (sparse) when ``sys.argv[3]`` says so, as many files as ``sys.argv[4]``.
GROWS_ITS_FOLDER = """
    import os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    name, megabytes, sparse, count = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "sparse", int(sys.argv[4])
    for index in range(count):
        with open(os.path.join(here, f"{name}-{index}"), "wb") as out:
            if sparse:
                out.truncate(megabytes * 2**20)
            else:
                out.write(b"x" * megabytes * 2**20)
    print("done", flush=True)
    sys.stdin.readline()
"""


def _run_once(bot: Path, mode: str, *args: str) -> bool:
    """One run of the program with ``--disk 16``; False if this machine mounts no overlay."""
    program = Program([sys.executable, str(bot), *args], sandbox=Sandbox(mode, disk_mb=16))
    try:
        if program.confinement.box.overlay is None:
            return False
        assert program.read_line(30) == "done"
    finally:
        program.close()
    return True


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
@pytest.mark.parametrize("mode", MODES)
def test_its_folder_grows_by_no_more_than_the_disk_limit_across_runs(tmp_path, mode):
    """Each run adds a new file of 5 MB under --disk 16: three are kept, the fourth run is dropped
    whole (the tmpfs alone would let every run add 5 MB). A file of 20 MB its owner put there counts
    for nothing: only what the program's runs added does."""
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "owners.bin").write_bytes(b"o" * 20 * 2**20)
    bot = folder / "bot.py"
    bot.write_text(textwrap.dedent(GROWS_ITS_FOLDER))
    for run in range(4):
        if not _run_once(bot, mode, f"run{run}", "5", "dense", "1"):
            pytest.skip("this machine lets root mount no overlay: the folder is not bounded here")
    assert sorted(path.name for path in folder.glob("run*")) == ["run0-0", "run1-0", "run2-0"]
    assert (folder / "run2-0").stat().st_size == 5 * 2**20


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
@pytest.mark.parametrize("mode", MODES)
def test_rewriting_its_state_every_run_is_never_refused(tmp_path, mode):
    """A state file of 12 MB written anew each run under --disk 16: the folder does not grow, so
    every run is kept however many there are."""
    folder = tmp_path / "bot"
    folder.mkdir()
    bot = folder / "bot.py"
    bot.write_text(textwrap.dedent(GROWS_ITS_FOLDER).replace('b"x"', 'sys.argv[5].encode()'))
    for run in range(3):
        if not _run_once(bot, mode, "state", "12", "dense", "1", str(run)):
            pytest.skip("this machine lets root mount no overlay: the folder is not bounded here")
        assert (folder / "state-0").read_bytes()[:3] == str(run).encode() * 3


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge can mount the overlay of a program's folder")
def test_sparse_files_that_would_fill_the_disk_when_copied_are_not_carried_back(tmp_path):
    """40 sparse files of 15 MB take a few pages of the tmpfs, but carried back they would write
    600 MB: they count at their apparent size, so the run is dropped and the folder is as it was."""
    folder = tmp_path / "bot"
    folder.mkdir()
    bot = folder / "bot.py"
    bot.write_text(textwrap.dedent(GROWS_ITS_FOLDER))
    if not _run_once(bot, "limits", "sparse", "15", "sparse", "40"):
        pytest.skip("this machine lets root mount no overlay: the folder is not bounded here")
    assert [path.name for path in folder.iterdir()] == ["bot.py"]
