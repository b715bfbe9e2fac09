"""The judge's own files (judge/judge_files.py): as root, never written through a folder or a link a
program's uid could change, though the path was checked before the change; links root made still
lead where they lead, and a missing folder is made by the same rule."""

import os
import struct

import pytest

from arena.judge.judge_files import UnsafePath, check_judge_path, write_new_file
from arena.judge.record import save_record

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="only root refuses folders a program's uid could change")]

BOX_UID = 62000  # what the judge's programs run as (judge/sandbox/uid_box/uid_pool.py's default range)


@pytest.fixture
def top(tmp_path):
    """A root-owned 0755 folder (in the 0700 one pytest gives root)."""
    os.chmod(tmp_path, 0o755)
    return tmp_path


@pytest.fixture
def secret(tmp_path_factory):
    """A root-only folder, where a program would have root write."""
    folder = tmp_path_factory.mktemp("secret")
    os.chmod(folder, 0o700)
    return folder


def swap_for_link(folder, target, owner=BOX_UID):
    """What the program did to ``folder`` during the game: renamed it, and put a link in its place."""
    os.rename(folder, f"{folder}-moved")
    os.symlink(target, folder)
    os.lchown(folder, owner, owner)


def test_a_folder_swapped_for_a_programs_link_after_the_check_is_not_written_through(top, secret):
    (top / "WW" / "sub").mkdir(parents=True)
    record = top / "WW" / "sub" / "r.json"
    check_judge_path(str(record))  # as it was before the game: every folder root's, 0755
    os.chmod(top / "WW", 0o777)  # and then open to every uid (think of a chmod by someone else)
    swap_for_link(top / "WW" / "sub", secret)
    with pytest.raises(UnsafePath, match=f"the folder {top}/WW, on the way to it, is writable by every user"):
        write_new_file(record, b"{}")
    os.chmod(top / "WW", 0o755)  # the folder closed again: the program's link alone is refused
    with pytest.raises(UnsafePath, match=f"{top}/WW/sub, on the way to it, is a link made by uid {BOX_UID}"):
        write_new_file(record, b"{}")
    assert os.listdir(secret) == []
    assert os.listdir(top / "WW" / "sub-moved") == []


def test_save_record_puts_a_record_whose_way_was_swapped_elsewhere_and_says_why(top, secret, monkeypatch):
    (top / "sub").mkdir()
    swap_for_link(top / "sub", secret)
    monkeypatch.chdir(top)
    where, problem = save_record({"game": "flippo", "seed": 7}, top / "sub" / "r.json")
    assert where == "arena-flippo-7.json" and f"is a link made by uid {BOX_UID}" in problem
    assert os.listdir(secret) == []


def test_a_folder_swapped_for_one_a_program_owns_is_refused(top, secret):
    (top / "sub").mkdir()
    os.rename(top / "sub", top / "sub-moved")
    (top / "sub").mkdir()
    os.chown(top / "sub", BOX_UID, BOX_UID)  # its own: it could replace the record once written
    with pytest.raises(UnsafePath, match=f"the folder {top}/sub, on the way to it, is owned by uid {BOX_UID}"):
        write_new_file(top / "sub" / "r.json", b"{}")
    assert os.listdir(top / "sub") == []


def test_every_folder_on_the_way_is_checked_not_only_the_last(top):
    deep = top / "a" / "b" / "c"
    deep.mkdir(parents=True)
    os.chmod(top / "a", 0o777)
    with pytest.raises(UnsafePath, match=f"the folder {top}/a, on the way to it, is writable by every user "
                                         r"\(mode 0777\)"):
        check_judge_path(str(deep / "r.json"))


@pytest.mark.parametrize("change, said", [
    (lambda folder: (os.chown(folder, 0, 1000), os.chmod(folder, 0o775)), "writable by group 1000 (mode 0775)"),
    (lambda folder: os.chown(folder, 1000, 0), "owned by uid 1000"),
    (lambda folder: os.chown(folder, BOX_UID, BOX_UID), f"owned by uid {BOX_UID}"),
])
def test_a_folder_another_uid_or_group_may_change_is_refused(top, change, said):
    (top / "a").mkdir()
    change(top / "a")
    with pytest.raises(UnsafePath, match=f"the folder {top}/a, on the way to it, is {said}".replace("(", r"\(")
                       .replace(")", r"\)")):
        check_judge_path(str(top / "a" / "r.json"))


def acl_letting_write(uid: int) -> bytes:
    """A POSIX ACL (the kernel's format) of rwx for the owner, r-x for the rest, and rwx for ``uid``."""
    entries = [(0x01, 7, 0xFFFFFFFF), (0x02, 7, uid), (0x04, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF),
               (0x20, 5, 0xFFFFFFFF)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


def test_a_folder_whose_acl_lets_a_program_write_is_refused(top):
    (top / "a").mkdir(mode=0o755)
    try:
        os.setxattr(top / "a", "system.posix_acl_access", acl_letting_write(BOX_UID))
    except OSError as error:
        pytest.skip(f"this file system keeps no ACLs ({error.strerror})")
    with pytest.raises(UnsafePath, match=f"writable by user {BOX_UID} \\(its ACL\\)"):
        check_judge_path(str(top / "a" / "r.json"))


def test_a_sticky_folder_everybody_writes_is_passed_through_but_is_no_home_for_a_judges_file(top):
    """/tmp: what root keeps in it no other uid may rename, so a root folder inside it is safe; the
    sticky folder itself is refused as the file's own folder where programs run."""
    shared = top / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    (shared / "mine").mkdir(mode=0o755)
    check_judge_path(str(shared / "mine" / "r.json"), refuse_shared=True)
    write_new_file(shared / "mine" / "r.json", b"{}")
    check_judge_path(str(shared / "r.json"))  # a file the writer replaces whatever is planted there
    with pytest.raises(UnsafePath, match=f"its folder {shared} is one where every user may write"):
        check_judge_path(str(shared / "r.json"), refuse_shared=True)
    os.chown(shared / "mine", BOX_UID, BOX_UID)  # made there by a program first: its own
    with pytest.raises(UnsafePath, match=f"owned by uid {BOX_UID}"):
        write_new_file(shared / "mine" / "r.json", b"{}")


def test_links_root_made_are_followed_and_the_file_replaces_a_planted_link(top, secret):
    (top / "real").mkdir()
    os.symlink("real", top / "relative")
    os.symlink(top / "real", top / "absolute")
    os.symlink("../real", top / "real" / "up")
    for way in ("relative", "absolute", "real/up", "absolute/up"):
        write_new_file(top / way / "r.json", way.encode())
        assert (top / "real" / "r.json").read_text() == way
    os.symlink(secret / "planted", top / "real" / "p.json")  # a link where the file goes: replaced
    os.lchown(top / "real" / "p.json", BOX_UID, BOX_UID)
    write_new_file(top / "real" / "p.json", b"{}")
    assert not (top / "real" / "p.json").is_symlink() and os.listdir(secret) == []
    assert sorted(os.listdir(top / "real")) == ["p.json", "r.json", "up"]  # no temporary file left


def test_a_loop_of_links_is_an_error_not_a_hang(top):
    os.symlink("b", top / "a")
    os.symlink("a", top / "b")
    with pytest.raises(OSError, match="too many links"):
        write_new_file(top / "a" / "r.json", b"{}")


def test_missing_folders_are_made_by_the_same_rule(top, secret):
    write_new_file(top / "new" / "deeper" / "r.json", b"{}", make_folders=True)
    assert (top / "new" / "deeper" / "r.json").read_text() == "{}"
    assert (top / "new").stat().st_uid == 0
    os.symlink(secret, top / "planted")
    os.lchown(top / "planted", BOX_UID, BOX_UID)
    with pytest.raises(UnsafePath, match="is a link made by uid"):
        write_new_file(top / "planted" / "below" / "r.json", b"{}", make_folders=True)
    assert os.listdir(secret) == []
    with pytest.raises(FileNotFoundError, match=f"{top}/none does not exist"):
        write_new_file(top / "none" / "r.json", b"{}")


def test_a_relative_path_is_written_from_the_current_folder(top, monkeypatch):
    monkeypatch.chdir(top)
    write_new_file("r.json", b"{}")
    assert (top / "r.json").read_text() == "{}"
