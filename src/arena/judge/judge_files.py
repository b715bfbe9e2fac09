"""The judge's own files on a path someone gave it (a record, the viewer's games, an export, an
analysis): reached folder by folder through descriptors, never through what a program could change.

A root judge runs programs as unprivileged uids (judge/sandbox/uid_box/uid_pool.py). A folder such a
uid may write on the way to a file (``WW`` of ``--record WW/sub/r.json``, mode 0777) lets it rename
``sub`` while a game is played and put in its place a link to any folder: a path checked before the
game and opened by name after it would lead where the program chose. So a path is walked one name at
a time, each folder opened with O_NOFOLLOW | O_DIRECTORY relative to the descriptor of the one before
(a descriptor holds the folder itself, whatever is renamed later), and, as root:

- a folder on the way that a program's uid could change is refused (:func:`open_to_others`): one owned
  by a uid other than root's, or one that a uid or group other than root's may write (its mode, or a
  POSIX ACL entry), unless its sticky bit keeps everyone to their own names. A sticky folder everybody
  may write (``/tmp``) is passed through: what root keeps in it no other uid can rename or remove, and
  what follows it on the way must be root's, which the walk checks at the next step;
- a symbolic link on the way is followed only when root owns it (one a program's uid made is refused),
  from the folder that holds it, through the same checks.

The file itself is made under a new random name in its folder (O_CREAT | O_EXCL | O_NOFOLLOW relative
to the folder's descriptor), written whole and renamed over the target in that same folder: a link
planted where the file goes is replaced, never followed. Not as root, programs run with the judge's
own rights and could change nothing it may not: the walk is the same, every link is followed and no
folder refused.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import struct

ACL_XATTR = "system.posix_acl_access"
ACL_ENTRY = struct.Struct("<HHI")
ACL_VERSION = 2
# the kernel's tags of an ACL entry (system.posix_acl_access; only read here)
USER, GROUP_OBJ, GROUP, MASK, OTHER = 0x02, 0x04, 0x08, 0x10, 0x20
WRITE = 0o2
LINKS_MAX = 40
"""Links followed on one path at most, as the kernel's own bound (ELOOP past it)."""


class UnsafePath(PermissionError):
    """A folder or a link on the way to a judge's file that a program's uid could change (as root).
    ``strerror`` says which and why; ``filename`` is the path asked for."""


def _acl_entries(fd: int) -> list[tuple[int, int, int]]:
    try:
        data = os.getxattr(fd, ACL_XATTR)
    except OSError:  # none, or a file system that keeps none
        return []
    if len(data) < 4 or struct.unpack_from("<I", data)[0] != ACL_VERSION:
        return []
    return [ACL_ENTRY.unpack_from(data, offset) for offset in range(4, len(data) - ACL_ENTRY.size + 1,
                                                                   ACL_ENTRY.size)]


def _writers(info: os.stat_result, entries: list[tuple[int, int, int]]) -> list[str]:
    """Who other than root may write a folder root owns, by its mode or its ACL."""
    mode = f"mode {stat.S_IMODE(info.st_mode):04o}"
    if not entries:
        found = [f"every user ({mode})"] if info.st_mode & stat.S_IWOTH else []
        if info.st_mode & stat.S_IWGRP and info.st_gid != 0:
            found.append(f"group {info.st_gid} ({mode})")
        return found
    mask = next((perm for tag, perm, _ in entries if tag == MASK), 0o7)  # no mask: no named entry
    found = []
    for tag, perm, ident in entries:
        if tag == OTHER and perm & WRITE:
            found.append(f"every user ({mode})")
        elif tag == GROUP_OBJ and perm & mask & WRITE and info.st_gid != 0:
            found.append(f"group {info.st_gid} (its ACL)")
        elif tag in (USER, GROUP) and perm & mask & WRITE and ident != 0:
            found.append(f"{'user' if tag == USER else 'group'} {ident} (its ACL)")
    return found


def open_to_others(fd: int) -> str | None:
    """Why a uid other than root's could change what lies in the open folder ``fd`` (None: none
    could). A sticky folder others may write is not open so: its names are each their owner's."""
    info = os.fstat(fd)
    if info.st_uid != 0:
        return f"owned by uid {info.st_uid}, which may change anything in it"
    if info.st_mode & stat.S_ISVTX:
        return None
    writers = _writers(info, _acl_entries(fd))
    return f"writable by {', '.join(writers)}" if writers else None


def shared_with_others(fd: int) -> bool:
    """A sticky folder that a uid other than root's may write (``/tmp``): every such uid may make
    new names in it, though none may take root's."""
    info = os.fstat(fd)
    return bool(info.st_mode & stat.S_ISVTX) and bool(_writers(info, _acl_entries(fd)))


def _names(path: str) -> list[str]:
    return [name for name in path.split("/") if name not in ("", ".")]


def open_folder(folder: str, *, asked: str | None = None, make_missing: bool = False,
                stop_at_missing: bool = False) -> int:
    """A descriptor of ``folder`` (absolute), reached as the module says. ``asked`` is the path named
    in errors (the file's, for a file's folder). ``make_missing``: missing folders are made (0755),
    and then checked as any other. ``stop_at_missing``: the deepest folder that exists. Raises
    :class:`UnsafePath`, or the OSError of a step (FileNotFoundError, NotADirectoryError)."""
    asked = asked or folder
    as_root = os.geteuid() == 0
    # root reads any folder (and its ACL through the descriptor); a user may only pass through some
    flags = (os.O_RDONLY if as_root else os.O_PATH) | os.O_DIRECTORY | os.O_CLOEXEC
    fd = os.open("/", flags)
    walked = "/"
    try:
        pending = _names(folder)[::-1]
        links = 0
        while True:
            why = open_to_others(fd) if as_root else None
            if why is not None:
                raise UnsafePath(errno.EACCES, f"the folder {walked}, on the way to it, is {why}: a program's "
                                 "uid could rename what is in it and put a link to any folder in its place", asked)
            if not pending:
                return fd
            name = pending.pop()
            try:
                inner = os.open(name, flags | os.O_NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                if stop_at_missing:
                    return fd
                if not make_missing:
                    raise FileNotFoundError(errno.ENOENT, f"{os.path.join(walked, name)} does not exist",
                                            asked) from None
                try:
                    os.mkdir(name, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass  # made meanwhile: opened and checked as any other
                pending.append(name)
                continue
            except OSError as error:
                if error.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                target = _link_to_follow(fd, name, os.path.join(walked, name), asked, as_root)
                links += 1
                if links > LINKS_MAX:
                    raise OSError(errno.ELOOP, "too many links on its way", asked) from None
                if target.startswith("/"):
                    os.close(fd)
                    fd = os.open("/", flags)
                    walked = "/"
                pending.extend(_names(target)[::-1])
                continue
            os.close(fd)
            fd = inner
            walked = os.path.dirname(walked) if name == ".." else os.path.join(walked, name)
    except BaseException:
        os.close(fd)
        raise


def _link_to_follow(fd: int, name: str, shown: str, asked: str, as_root: bool) -> str:
    """Where the link ``name`` in the folder ``fd`` leads, if the walk may follow it."""
    info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    if not stat.S_ISLNK(info.st_mode):
        raise NotADirectoryError(errno.ENOTDIR, f"{shown} is not a folder", asked)
    if as_root and info.st_uid != 0:
        raise UnsafePath(errno.EACCES, f"{shown}, on the way to it, is a link made by uid {info.st_uid}, not "
                         "root: a program's uid could have put it there, to lead anywhere", asked)
    return os.readlink(name, dir_fd=fd)


def check_judge_path(path: str, *, is_folder: bool = False, refuse_shared: bool = False) -> None:
    """As root, refuse (:class:`UnsafePath`) a path where the judge is to write whose way a program's
    uid could change, before any program starts: the same walk as the writing's. ``is_folder``: the
    path is a folder of files to come (the viewer's ``--records``; what is missing of it is made
    later, by the same walk). ``refuse_shared``: its own folder may not be one where every uid may make
    names (``/tmp``: a database's ``-journal`` made before SQLite makes it). Nothing is refused not as
    root; a missing folder is not refused here (that is said where it is made or opened)."""
    if os.geteuid() != 0:
        return
    absolute = os.path.abspath(path)
    folder = absolute if is_folder else os.path.dirname(absolute)
    fd = open_folder(folder, asked=path, stop_at_missing=True)
    try:
        if refuse_shared and shared_with_others(fd):
            raise UnsafePath(errno.EACCES, f"its folder {os.path.dirname(absolute) if not is_folder else folder} is "
                             "one where every user may write, and so every program's uid: it could make there "
                             "the names the judge is yet to use", path)
    finally:
        os.close(fd)


def write_new_file(path: str | os.PathLike[str], data: bytes, *, make_folders: bool = False) -> None:
    """Write ``path`` whole, never through a link: its folder reached as the module says, a new file
    of a random name made there (O_EXCL | O_NOFOLLOW), written, synced and renamed over the target in
    the same folder. ``make_folders``: missing folders on its way are made. Readable by everyone, as a
    file made with the usual umask is. Raises OSError (:class:`UnsafePath` for a way a program's uid
    could change)."""
    absolute = os.path.abspath(os.fspath(path))
    folder, name = os.path.split(absolute)
    if not name:
        raise IsADirectoryError(errno.EISDIR, "a folder, not a file", os.fspath(path))
    fd = open_folder(folder, asked=os.fspath(path), make_missing=make_folders)
    try:
        for _ in range(100):
            temporary = f".{name[:200]}.{secrets.token_hex(6)}.tmp"
            try:
                out = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                              0o644, dir_fd=fd)
                break
            except FileExistsError:
                continue
        else:
            raise FileExistsError(errno.EEXIST, "cannot make a new file beside it", os.fspath(path))
        try:
            with os.fdopen(out, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            try:
                os.unlink(temporary, dir_fd=fd)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)
