"""The judge's walks over what a program made (judge/sandbox/tree_removal.py, tree_copy.py): iterative,
by descriptors, bounded; never following a link; never a Python recursion."""

import os
import stat
import sys
import tempfile

import pytest

from arena.judge.sandbox.tree_copy import TreeTooLarge, copy_out, give_tree
from arena.judge.sandbox.tree_removal import Bounds, remove_path


@pytest.fixture
def scratch():
    """A folder on a tmpfs where one can be had (rmdir on this machine's disk costs milliseconds)."""
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    folder = tempfile.mkdtemp(prefix="arena-test-trees-", dir=base)
    yield folder
    remove_path(folder)


def nested(top: str, levels: int, name: str | bytes = "d", extra=None) -> None:
    """``levels`` folders, one in the other, made by descriptors (past PATH_MAX as the names add up)."""
    fd = os.open(top, os.O_RDONLY)
    try:
        for level in range(levels):
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
            if extra:
                extra(fd, level)
    finally:
        os.close(fd)


def test_ten_thousand_nested_folders_are_removed_without_recursion(scratch):
    top = os.path.join(scratch, "deep")
    os.mkdir(top)
    nested(top, 10_000)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100)  # a recursive walk would fail at once
    try:
        assert remove_path(top)
    finally:
        sys.setrecursionlimit(limit)
    assert not os.path.lexists(top)


def test_names_past_path_max_with_newlines_and_bytes_that_are_no_utf8_are_removed(scratch):
    outside = os.path.join(scratch, "outside")
    os.mkdir(outside)
    with open(os.path.join(outside, "kept"), "w") as kept:
        kept.write("root's")

    def litter(fd, level):
        os.close(os.open(b"a\nb\xff\xfe", os.O_WRONLY | os.O_CREAT, dir_fd=fd))
        os.symlink(outside, "to-outside", dir_fd=fd)  # removed as a link, never followed
        os.symlink(os.path.join(outside, "kept"), "to-file", dir_fd=fd)
        os.mkfifo("fifo", dir_fd=fd)

    home = os.path.join(scratch, "home")
    os.mkdir(home)
    nested(home, 40, b"n" * 200 + b"\n\xff", litter)  # 8,000 bytes of path
    assert remove_path(home)
    assert not os.path.lexists(home)
    assert os.listdir(outside) == ["kept"]


def test_two_hundred_thousand_files_are_removed(scratch):
    wide = os.path.join(scratch, "wide")
    os.mkdir(wide)
    fd = os.open(wide, os.O_RDONLY)
    try:
        for index in range(200_000):
            os.close(os.open(str(index), os.O_WRONLY | os.O_CREAT, dir_fd=fd))
    finally:
        os.close(fd)
    assert remove_path(wide)
    assert not os.path.exists(wide)


def test_a_removal_stops_at_its_bound_saying_so(scratch):
    top = os.path.join(scratch, "many")
    os.mkdir(top)
    for index in range(50):
        open(os.path.join(top, str(index)), "w").close()
    assert not remove_path(top, Bounds(entries=10))
    assert 35 <= len(os.listdir(top)) < 50
    assert remove_path(top, Bounds())
    assert not os.path.lexists(top)


def test_a_link_given_as_the_folder_is_removed_itself_and_its_target_kept(scratch):
    target = os.path.join(scratch, "target")
    os.mkdir(target)
    open(os.path.join(target, "file"), "w").close()
    link = os.path.join(scratch, "link")
    os.symlink(target, link)
    assert remove_path(link)  # not a folder: never followed
    assert not os.path.lexists(link) and os.listdir(target) == ["file"]


def test_only_folders_and_regular_files_are_taken_out_and_their_special_bits_dropped(scratch):
    source = os.path.join(scratch, "source")
    os.makedirs(os.path.join(source, "lib", "deeper"))
    with open(os.path.join(source, "bot"), "wb") as bot:
        bot.write(b"\x7fELF")
    os.chmod(os.path.join(source, "bot"), 0o6755)  # setuid and setgid
    with open(os.path.join(source, "lib", "deeper", "data"), "w") as data:
        data.write("weights")
    os.symlink("/etc/shadow", os.path.join(source, "shadow"))
    os.mkfifo(os.path.join(source, "lib", "pipe"))
    os.mknod(os.path.join(source, "null"), 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    odd = "odd\nname"
    os.symlink("bot", os.path.join(source, odd))
    os.mkdir(os.path.join(source, ".scratch"))
    target = os.path.join(scratch, "target")
    notes = copy_out(source, target, skip=frozenset({".scratch"}))
    assert sorted(notes) == sorted([
        "lib/pipe: a named pipe, not kept", "null: a device, not kept", "shadow: a symbolic link, not kept",
        f"{odd!r}: a symbolic link, not kept"])
    assert sorted(os.listdir(target)) == ["bot", "lib"]
    assert stat.S_IMODE(os.stat(os.path.join(target, "bot")).st_mode) == 0o755
    assert open(os.path.join(target, "lib", "deeper", "data")).read() == "weights"
    assert stat.S_IMODE(os.stat(os.path.join(target, "lib", "deeper", "data")).st_mode) == 0o644
    assert {os.lstat(os.path.join(root, name)).st_uid for root, dirs, files in os.walk(target)
            for name in dirs + files} == {os.geteuid()}


@pytest.mark.parametrize("bound, made", [
    ({"max_depth": 5}, lambda top: nested(top, 10)),
    ({"max_entries": 20}, lambda top: [open(os.path.join(top, str(i)), "w").close() for i in range(30)]),
    ({"max_bytes": 1000}, lambda top: open(os.path.join(top, "big"), "wb").write(b"x" * 5000)),
], ids=["depth", "entries", "bytes"])
def test_a_tree_past_a_bound_is_refused_saying_which(scratch, bound, made):
    source = os.path.join(scratch, "source")
    os.mkdir(source)
    made(source)
    with pytest.raises(TreeTooLarge, match="nested more than|files and folders|MB of files"):
        copy_out(source, os.path.join(scratch, "target"), **bound)


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="only root gives a tree to another uid")
def test_a_tree_is_given_to_a_uid_links_as_links(scratch):
    tree = os.path.join(scratch, "tree")
    os.makedirs(os.path.join(tree, "a", "b"))
    open(os.path.join(tree, "a", "b", "f"), "w").close()
    os.symlink("/etc/passwd", os.path.join(tree, "a", "link"))
    give_tree(tree, 65000)
    owners = {os.lstat(os.path.join(root, name)).st_uid for root, dirs, files in os.walk(tree)
              for name in dirs + files}
    assert owners == {65000} and os.stat(tree).st_uid == 65000
    assert os.stat("/etc/passwd").st_uid == 0  # the link changed, not what it points to


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="only a root judge gives a program a uid of its own")
def test_a_clean_up_step_that_fails_never_skips_the_others(tmp_path, monkeypatch):
    from arena.judge.sandbox.uid_box import box as box_module
    work = tmp_path / "step"
    work.mkdir()
    box = box_module.Box([sys.executable, str(work / "bot.py")], True, (), None, (), folder=str(work),
                         work_folder=True)
    user = box.user
    assert user is not None and os.stat(work).st_uid == user.uid  # the build step's to write
    os.rmdir(work)  # taking the step's folder back fails: it is gone
    given_back = []
    monkeypatch.setattr(box_module, "give_back_user", lambda held: given_back.append(held) or True)
    with pytest.raises(OSError):
        box.close()
    assert given_back == [user] and box.user is None  # the uid was given back all the same
    user.release()
