"""Archive uploads: refused for every way out of the build folder, unpacked only inside the sandbox."""

import io
import os
import socket
import stat
import tarfile
import warnings
import zipfile

import pytest

from arena.competition.build import unpacking, upload_checks
from arena.competition.build.upload_checks import ArchiveError, check_upload, unpack_in_sandbox
from arena.competition.build.sandboxed_step import run_confined
from arena.judge.sandbox.tree_copy import copy_out

from .build_support import needs_isolate

BOT = b"int main() { return 0; }\n"


def zip_bytes(*members) -> bytes:
    """members: (name, data) or (name, data, mode) tuples; a mode with S_IFLNK makes a link to data."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as made, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a name given twice is one of the hostile archives
        for name, data, *mode in members:
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (mode[0] if mode else 0o100644) << 16
            made.writestr(info, data)
    return buffer.getvalue()


def tar_bytes(*members, compressed=False) -> bytes:
    """members: TarInfo (with data for a file, as (info, data)) in order."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz" if compressed else "w") as made:
        for member in members:
            info, data = member if isinstance(member, tuple) else (member, b"")
            info.size = len(data)
            made.addfile(info, io.BytesIO(data) if data else None)
    return buffer.getvalue()


def tar_entry(name, kind=tarfile.REGTYPE, target=""):
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.mode = kind, target, 0o644
    return info


@pytest.fixture
def place(tmp_path):
    """``place(filename, data)``: an upload in a competition folder; its path."""
    def save(filename: str, data: bytes) -> str:
        folder = tmp_path / "competition" / "uploads" / "1"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / filename).write_bytes(data)
        return str(folder / filename)
    return save


@pytest.fixture
def build_folder(tmp_path):
    build = tmp_path / "competition" / "builds" / "1"
    (build / ".scratch").mkdir(parents=True)
    return build


def unpack(tmp_path, upload, filename, build_folder):
    return unpack_in_sandbox(upload, filename, str(build_folder), str(build_folder / ".scratch"), "bot.cpp",
                             (str(tmp_path / "competition"),))


def everything_in(folder) -> set[str]:
    return {os.path.relpath(os.path.join(root, name), folder)
            for root, dirs, files in os.walk(folder) for name in dirs + files}


@needs_isolate
@pytest.mark.parametrize("filename, data", [
    ("bot.zip", zip_bytes(("bot.cpp", BOT), ("lib/", b""), ("lib/helper.h", b"// help\n"),
                          ("run.sh", b"#!/bin/sh\n", 0o100755), ("alias.h", "lib/helper.h", 0o120777))),
    ("bot.tar.gz", tar_bytes((tar_entry("bot.cpp"), BOT), (tar_entry("lib/helper.h"), b"// help\n"),
                             tar_entry("alias.h", tarfile.SYMTYPE, "lib/helper.h"),
                             tar_entry("copy.h", tarfile.LNKTYPE, "lib/helper.h"), compressed=True)),
])
def test_a_good_archive_is_unpacked_and_only_its_files_and_folders_are_taken_out(tmp_path, place, build_folder,
                                                                                filename, data):
    words = unpack(tmp_path, place(filename, data), filename, build_folder)
    assert "unpacked" in words
    assert not os.listdir(build_folder / ".scratch")  # the copy of the upload is gone
    source = tmp_path / "source"
    notes = copy_out(str(build_folder), str(source), skip=frozenset({".scratch"}))
    assert (source / "bot.cpp").read_bytes() == BOT
    assert (source / "lib" / "helper.h").read_text() == "// help\n"
    # a link, even one down into the folder, is not taken out: the build log says so
    assert not os.path.lexists(source / "alias.h") and notes == ["alias.h: a symbolic link, not kept"]
    assert {os.lstat(source / name).st_uid for name in everything_in(source)} == {0}  # root's, not the step's
    assert not os.path.exists(source / ".scratch")
    if filename.endswith(".zip"):
        assert os.stat(source / "run.sh").st_mode & stat.S_IXUSR
    else:
        assert (source / "copy.h").read_text() == "// help\n"  # a hard link: a file of its own


@pytest.mark.parametrize("data, reason", [
    (zip_bytes(("bot.cpp", BOT), ("../escaped.txt", b"out")), "member '../escaped.txt': '..' in its path"),
    (zip_bytes(("bot.cpp", BOT), ("/tmp/escaped.txt", b"out")), "an absolute path"),
    (zip_bytes(("bot.cpp", BOT), ("evil", "/etc/passwd", 0o120777)), "a link to '/etc/passwd'"),
    (zip_bytes(("bot.cpp", BOT), ("up", "../../x", 0o120777)), "a link to '../../x'"),
    (zip_bytes(("bot.cpp", BOT), ("down", "sub", 0o120777), ("down/x", b"through")),
     "inside 'down', which is a symlink"),
    (zip_bytes(("bot.cpp", BOT), ("bot.cpp", b"again")), "given twice"),
    (zip_bytes(("bot.cpp", BOT), ("fifo", b"", 0o010644)), "a device or special file"),
    (zip_bytes(*[(f"f{n}.h", b"") for n in range(unpacking.MAX_MEMBERS + 1)]), "more than 200 members"),
    (zip_bytes(("bot.cpp", BOT), ("zeros", bytes(unpacking.MAX_TOTAL_BYTES + 1))), "unpacks to more than 16 MB"),
    (b"PK\x03\x04 not really a zip", "not a readable zip archive"),
])
def test_a_hostile_zip_is_refused_saying_why(place, data, reason):
    with pytest.raises(ArchiveError) as refused:
        check_upload(place("bot.zip", data), "bot.zip", "bot.cpp")
    assert reason in str(refused.value) and str(refused.value).startswith("bot.zip is refused: ")


@pytest.mark.parametrize("members, reason", [
    ([tar_entry("../../escaped.txt")], "'..' in its path"),
    ([tar_entry("evil", tarfile.SYMTYPE, "/etc/shadow")], "a link to '/etc/shadow'"),
    ([tar_entry("evil", tarfile.SYMTYPE, "sub/../../..")], "may lead out of the archive"),
    ([tar_entry("hard", tarfile.LNKTYPE, "/etc/shadow")], "'/etc/shadow': an absolute path"),
    ([tar_entry("hard", tarfile.LNKTYPE, "missing.h")], "a hard link to 'missing.h'"),
    ([tar_entry("null", tarfile.CHRTYPE)], "a device or special file"),
    ([tar_entry("disk", tarfile.BLKTYPE)], "a device or special file"),
])
def test_a_hostile_tar_is_refused_saying_why(place, members, reason):
    data = tar_bytes((tar_entry("bot.cpp"), BOT), *members, compressed=True)
    with pytest.raises(ArchiveError, match="bot.tar.gz is refused") as refused:
        check_upload(place("bot.tar.gz", data), "bot.tar.gz", "bot.cpp")
    assert reason in str(refused.value)


def test_a_gzip_bomb_is_stopped_as_it_is_decompressed(place):
    bomb = tar_bytes((tar_entry("bot.cpp"), BOT), (tar_entry("zeros"), bytes(40 * 2**20)), compressed=True)
    assert len(bomb) < upload_checks.MAX_UPLOAD_BYTES  # small on the wire
    with pytest.raises(ArchiveError, match="unpacks to more than 16 MB"):
        check_upload(place("bot.tar.gz", bomb), "bot.tar.gz", "bot.cpp")
    reader = unpacking.CountedReader(io.BytesIO(bytes(100)), limit=50)
    with pytest.raises(unpacking.Refused):
        reader.read()  # a stream is never read past its limit, whatever the headers say


def test_an_upload_too_large_or_without_its_main_file_on_top_is_refused(place):
    with pytest.raises(ArchiveError, match="an upload may be at most 2 MB"):
        check_upload(place("bot.cpp", b"//" * 2**20 + b"\n"), "bot.cpp")
    with pytest.raises(ArchiveError, match=r"has no bot.cpp at its top level \(found mybot/bot.cpp"):
        check_upload(place("bot.zip", zip_bytes(("mybot/bot.cpp", BOT))), "bot.zip", "bot.cpp")
    assert check_upload(place("bot.cpp", BOT), "bot.cpp") == []  # a plain source file


@pytest.mark.parametrize("members, said", [
    # issue 56: a link was refused as "found bot.c: it must not be inside a folder"
    ([(tar_entry("real.c"), BOT), tar_entry("bot.c", tarfile.SYMTYPE, "real.c")], "a symbolic link (to real.c)"),
    ([(tar_entry("real.c"), BOT), tar_entry("bot.c", tarfile.LNKTYPE, "real.c")], "a hard link (to real.c)"),
    ([tar_entry("bot.c", tarfile.DIRTYPE)], "a folder"),
])
def test_a_main_file_that_is_a_link_or_a_folder_is_refused_saying_so(place, members, said):
    with pytest.raises(ArchiveError, match=f"bot.tar: its bot.c is {said.replace('(', '[(]').replace(')', '[)]')}, "
                                           "not a file: put the source itself in the archive"):
        check_upload(place("bot.tar", tar_bytes(*members)), "bot.tar", "bot.c")


@needs_isolate
def test_a_dot_dot_member_is_refused_and_nothing_is_written_outside(tmp_path, place, build_folder):
    before = everything_in(tmp_path)
    hostile = zip_bytes(("bot.cpp", BOT), ("../../escaped.txt", b"out"), ("../../../escaped.txt", b"out"))
    upload = place("bot.zip", hostile)
    before = everything_in(tmp_path)
    with pytest.raises(ArchiveError, match="'..' in its path"):
        unpack(tmp_path, upload, "bot.zip", build_folder)
    assert everything_in(tmp_path) == before
    assert not os.path.exists(tmp_path / "escaped.txt")


@needs_isolate
def test_the_unpacker_in_the_sandbox_refuses_on_its_own(tmp_path, place, build_folder, monkeypatch):
    """Were the server's check of the member list skipped, the unpacking refuses all the same."""
    monkeypatch.setattr(upload_checks, "check_upload", lambda *args: [])
    upload = place("bot.tar", tar_bytes((tar_entry("bot.cpp"), BOT), tar_entry("x", tarfile.SYMTYPE, "/etc"),
                                        (tar_entry("x/escaped"), b"out")))
    before = everything_in(tmp_path)
    with pytest.raises(ArchiveError, match="a link to '/etc'"):
        unpack(tmp_path, upload, "bot.tar", build_folder)
    assert everything_in(tmp_path) == before


@needs_isolate
def test_a_step_in_the_sandbox_writes_nowhere_but_its_build_folder(tmp_path, build_folder):
    competition = tmp_path / "competition"
    (competition / "secret.txt").write_text("the organisers' own")
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        connect = f"import socket; socket.create_connection(('127.0.0.1', {listener.getsockname()[1]}), timeout=2)"
        step = ("echo in > inside.txt; echo out > ../../escaped.txt; echo out > /var/tmp/arena-escaped-$$; "
                f"cat {competition}/secret.txt; python3 -c \"{connect}\" 2>/dev/null || echo no network; id -u")
        outcome = run_confined(["sh", "-c", step], str(build_folder), env={}, hidden=(str(competition),),
                               time_limit_s=30, memory_mb=256, log_bytes=4096)
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody came
    assert "no network" in outcome.output
    assert (build_folder / "inside.txt").read_text() == "in\n"
    assert not (competition / "escaped.txt").exists() and "escaped.txt" not in os.listdir(competition / "builds")
    assert not [name for name in os.listdir("/var/tmp") if name.startswith("arena-escaped-")]
    assert "the organisers' own" not in outcome.output and "secret.txt" in outcome.output
    if os.geteuid() == 0:
        assert outcome.output.strip().splitlines()[-1] != "0"  # not root: a uid of its own
