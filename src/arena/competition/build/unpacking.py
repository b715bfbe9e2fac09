"""The rules an uploaded archive must keep, and its unpacking: standard library only.

The server imports it to read an archive's member list before it takes the upload
(upload_checks.py); the build runs it as a script, ``python3 -I -S unpacking.py KIND ARCHIVE``,
inside the sandbox as the program's own uid in its build folder, where it unpacks into
the working folder. It reads the members again there and refuses the same way: what
the server saw is not trusted to be what is unpacked.

An archive is refused for: more than MAX_MEMBERS members or MAX_TOTAL_BYTES unpacked
(an archive bomb: counted as it is decompressed, never taken from its headers alone),
an absolute path, a ``..``, a link that could lead out of it (a symbolic link must
point down, into its own folder; a hard link names an earlier file of the archive),
a member written through a link or a file, a name given twice, a device or other
special file.
"""

from __future__ import annotations

import gzip
import os
import stat
import sys
import tarfile
import zipfile
from dataclasses import dataclass

MAX_MEMBERS = 200
MAX_TOTAL_BYTES = 16 * 2**20
MAX_NAME_BYTES = 255
MAX_DEPTH = 16
TAR_OVERHEAD_BYTES = (MAX_MEMBERS + 4) * 1536 + 20 * 512  # headers, long names and padding
KINDS = ("zip", "tar", "tar.gz")


class Refused(Exception):
    """The archive breaks a rule: the message says which, naming the member."""


@dataclass(frozen=True)
class Member:
    name: str  # normalised: relative, no "." or ".." parts, no trailing "/"
    kind: str  # "file", "dir", "symlink" or "hardlink"
    size: int = 0
    target: str = ""  # a link's target
    executable: bool = False


def clean_name(raw: str) -> str:
    if not raw or "\0" in raw or "\\" in raw:
        raise Refused(f"member {raw!r}: not a plain file name")
    if raw.startswith("/"):
        raise Refused(f"member {raw!r}: an absolute path")
    parts = [part for part in raw.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise Refused(f"member {raw!r}: '..' in its path")
    if not parts:
        raise Refused(f"member {raw!r}: an empty name")
    if len(parts) > MAX_DEPTH or any(len(part.encode()) > MAX_NAME_BYTES for part in parts):
        raise Refused(f"member {raw!r}: too deep or too long a name")
    return "/".join(parts)


def check_link(member: Member, earlier: dict[str, Member]) -> None:
    if member.kind == "symlink":
        parts = member.target.split("/")
        if not member.target or member.target.startswith("/") or ".." in parts or "\0" in member.target:
            raise Refused(f"member {member.name!r}: a link to {member.target!r}, which may lead out of the archive")
    elif member.kind == "hardlink" and earlier.get(member.target, Member("", "")).kind != "file":
        raise Refused(f"member {member.name!r}: a hard link to {member.target!r}, which is no earlier file of it")


def check_members(members: list[Member], reserved: str = "") -> None:
    """The rules across members: count, total size, names unique, nothing written through a link."""
    seen: dict[str, Member] = {}
    total = 0
    for member in members:
        if member.name.split("/")[0] == reserved:
            raise Refused(f"member {member.name!r}: the name {reserved!r} is the build's own")
        parent = member.name.rpartition("/")[0]
        while parent:
            if parent in seen and seen[parent].kind != "dir":
                raise Refused(f"member {member.name!r}: inside {parent!r}, which is a {seen[parent].kind}")
            parent = parent.rpartition("/")[0]
        if member.name in seen and not (member.kind == "dir" == seen[member.name].kind):
            raise Refused(f"member {member.name!r}: given twice")
        check_link(member, seen)
        seen[member.name] = member
        total += member.size
        if total > MAX_TOTAL_BYTES:
            raise Refused(f"it unpacks to more than {MAX_TOTAL_BYTES // 2**20} MB (an archive bomb?)")


class CountedReader:
    """A decompressed stream that refuses to give more than ``limit`` bytes (a gzip bomb)."""

    def __init__(self, stream, limit: int) -> None:
        self.stream, self.limit, self.count = stream, limit, 0

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size >= 0 else self.limit + 1 - self.count)
        self.count += len(data)
        if self.count > self.limit:
            raise Refused(f"it unpacks to more than {MAX_TOTAL_BYTES // 2**20} MB (an archive bomb?)")
        return data


def _zip_member(info: zipfile.ZipInfo, archive: zipfile.ZipFile) -> Member:
    # a file type and permissions only where a Unix zip wrote them; none (0) is a plain file
    mode = info.external_attr >> 16 if info.create_system == 3 else 0
    name = clean_name(info.filename)
    if info.is_dir() or stat.S_ISDIR(mode):
        return Member(name, "dir")
    if stat.S_ISLNK(mode):
        if info.file_size > 4096:
            raise Refused(f"member {name!r}: a link with a target too long")
        return Member(name, "symlink", target=archive.read(info).decode(errors="replace"))
    if stat.S_IFMT(mode) not in (0, stat.S_IFREG):
        raise Refused(f"member {name!r}: a device or special file")
    return Member(name, "file", size=info.file_size, executable=bool(mode & 0o100))


def _tar_member(info: tarfile.TarInfo) -> Member:
    name = clean_name(info.name)
    if info.isdir():
        return Member(name, "dir")
    if info.issym():
        return Member(name, "symlink", target=info.linkname)
    if info.islnk():
        return Member(name, "hardlink", target=clean_name(info.linkname))
    if not info.isreg() or info.issparse():
        raise Refused(f"member {name!r}: a device or special file")
    return Member(name, "file", size=info.size, executable=bool(info.mode & 0o100))


def open_tar(raw, kind: str) -> tarfile.TarFile:
    """The tar archive in the open file ``raw``, read once as a stream, as it decompresses."""
    stream = gzip.GzipFile(fileobj=raw) if kind == "tar.gz" else raw
    counted = CountedReader(stream, MAX_TOTAL_BYTES + TAR_OVERHEAD_BYTES)
    # ignore: typeshed wants a file that also writes, tells and seeks; a stream ("r|") is only read
    return tarfile.open(fileobj=counted, mode="r|")  # type: ignore[call-overload]


def read_members(path: str, kind: str, reserved: str = "") -> list[Member]:
    """Every member of the archive, checked (Refused says what is wrong)."""
    members: list[Member] = []
    try:
        for member in _walk(path, kind):
            members.append(member[0])
            if len(members) > MAX_MEMBERS:
                raise Refused(f"more than {MAX_MEMBERS} members")
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError, gzip.BadGzipFile, UnicodeError) as error:
        raise Refused(f"not a readable {kind} archive: {error}") from None
    check_members(members, reserved)
    return members


def _walk(path: str, kind: str):
    """(member, a function returning its data stream) for each member, in order."""
    if kind not in KINDS:
        raise Refused(f"unknown archive kind {kind!r}")
    if kind == "zip":
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                yield _zip_member(info, archive), (lambda info=info: archive.open(info))
        return
    with open(path, "rb") as raw, open_tar(raw, kind) as archive:
        for tar_info in archive:
            yield _tar_member(tar_info), (lambda tar_info=tar_info: archive.extractfile(tar_info))


def unpack(path: str, kind: str, reserved: str = "") -> int:
    """Unpack into the working folder after checking every member; the bytes written."""
    members = read_members(path, kind, reserved)
    written = 0
    for checked, (member, data) in zip(members, _walk(path, kind)):
        if member.name != checked.name:
            raise Refused("the archive changed while it was read")
        if member.kind == "dir":
            os.makedirs(member.name, mode=0o755, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(member.name) or ".", mode=0o755, exist_ok=True)
        if member.kind == "symlink":
            os.symlink(member.target, member.name)
            continue
        mode = 0o755 if member.executable else 0o644
        source = open(member.target, "rb") if member.kind == "hardlink" else data()
        out = os.open(member.name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
        with source, os.fdopen(out, "wb") as target:
            while chunk := source.read(65536):
                written += len(chunk)
                if written > MAX_TOTAL_BYTES:
                    raise Refused(f"it unpacks to more than {MAX_TOTAL_BYTES // 2**20} MB (an archive bomb?)")
                target.write(chunk)
    return written


def main(argv: list[str]) -> int:
    kind, path = argv[1], argv[2]
    reserved = argv[3] if len(argv) > 3 else ""
    try:
        written = unpack(path, kind, reserved)
    except Refused as error:
        print(f"refused: {error}", file=sys.stderr, flush=True)
        return 3
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError, UnicodeError) as error:
        print(f"refused: the archive could not be unpacked: {error}", file=sys.stderr, flush=True)
        return 3
    print(f"unpacked {len(os.listdir('.'))} top-level entries, {written} bytes", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
