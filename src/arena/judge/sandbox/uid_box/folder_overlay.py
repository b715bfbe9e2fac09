"""A program's own folder seen through an overlay whose writable layer is a tmpfs of ``disk_mb``.

Under a root judge a program may write in its own folder, and before this nothing bounded how
much (32 files of 64 MB each, under RLIMIT_FSIZE, filled a build's folder with 2 GB). Now the
program sees its folder as an overlay (``lowerdir`` the folder itself, ``upperdir`` on a tmpfs of
the sandbox's ``disk_mb``): it reads the folder as it is, and everything it writes, changes or
removes lands in the tmpfs, so a write past the size fails with ENOSPC (the judge's ``disk``
verdict), and its pages count in the program's memory cgroup too.

The overlay is mounted where only the program sees it: under ``limits`` the spawner binds it
over the folder in a mount namespace of the program's own (spawn.pyx), under ``isolate``
bubblewrap binds it there. The judge and the other programs go on seeing the folder itself.

When the program has ended, what it left in the upper layer is carried back into the folder
(:meth:`FolderOverlay.carry_back`), as it would have been written there directly: new and
changed files (each written to a new name and renamed into place, so a hard link or a link
in the folder is never written through), folders, links as links, and the names it removed
(overlayfs's whiteouts). Root does it through descriptors, never following a link. The new
entries belong to the folder's owner. A judge that dies first leaves the folder as it was:
the guardian unmounts the tmpfs (a folder named ``arena-home-*``, as homes are) and what
the program wrote goes with it.

The tmpfs bounds one run; across runs the folder's growth is bounded too. Root keeps, in an
extended attribute of the folder that only root may set (``trusted.arena.grown``), how much the
program's runs have added to it so far. Before carrying a run back, the judge weighs the folder
as the program leaves it (the merged view) against the folder as it is, each file counted at its
apparent size in whole 4 KB blocks (a sparse file of a few pages counts as what the copy would
write; an empty file as a block); a run that would bring the total past ``disk_mb`` is not
carried back, and the judge says so on its stderr. The owner's own changes to the folder count
for nothing. On a file system with no extended attributes each run is bounded alone.
"""

from __future__ import annotations

import ctypes
import logging
import os
import shutil
import stat
import tempfile

from ..guardian_client import WATCHDOG
from .home_mount import nearly_full

MS_NOSUID, MS_NODEV = 2, 4
MNT_DETACH = 2
OPAQUE = "trusted.overlay.opaque"  # a folder the program made anew where one was: the old one's entries go
COPY_CHUNK = 1 << 20
GROWN = "trusted.arena.grown"  # bytes the program's runs have added to its folder; only root sets trusted.*
BLOCK = 4096

_log = logging.getLogger("arena.judge")

_libc = ctypes.CDLL(None, use_errno=True)


class FolderOverlay:
    """The overlay of one program's folder; ``merged`` is what the program is shown there."""

    def __init__(self, folder: str, size_mb: int) -> None:
        self.folder = folder
        self.size_mb = size_mb
        # named as homes are: the guardian unmounts and removes it should the judge die (guardian_daemon.py)
        self.root = tempfile.mkdtemp(prefix="arena-home-overlay-", dir=_parent())
        WATCHDOG.watch_folder(self.root)
        self.upper = os.path.join(self.root, "upper")
        self.merged = os.path.join(self.root, "merged")
        self._mounted: list[str] = []
        try:
            # 0711: bubblewrap, started as the program's uid, must reach ``merged`` to bind it
            self._mount(b"tmpfs", self.root, b"tmpfs", f"size={size_mb}m,mode=0711".encode())
            for name in ("upper", "work", "merged"):
                os.mkdir(os.path.join(self.root, name), 0o711)
            _same_attributes(folder, self.upper)  # the merged folder's own are the upper one's
            options = f"lowerdir={_escaped(folder)},upperdir={self.upper},workdir={self.root}/work"
            self._mount(b"overlay", self.merged, b"overlay", options.encode())
        except BaseException:
            self.release()
            raise

    def _mount(self, source: bytes, target: str, kind: bytes, options: bytes) -> None:
        if _libc.mount(source, os.fsencode(target), kind, MS_NOSUID | MS_NODEV, options) != 0:
            error = ctypes.get_errno()
            raise OSError(error, f"cannot mount {kind.decode()} on {target}: {os.strerror(error)}")
        self._mounted.append(target)

    def full(self) -> bool:
        """Did the program fill the tmpfs (its writes there failed with ENOSPC)?"""
        return nearly_full(self.root)

    def carry_back(self, skip: frozenset[str] = frozenset()) -> None:
        """Put what the program wrote into the folder itself (its processes are gone), unless its
        runs would grow the folder past ``size_mb`` (then nothing, and the judge says so). ``skip``:
        paths in the folder never to touch (the judge's hidden files)."""
        try:
            if not os.listdir(self.upper):
                return  # it wrote nothing: the common case costs no walk
        except OSError:
            return
        grown = self._grown_after(skip)
        if grown is None:
            return
        try:
            owner = os.stat(self.folder)
            source = os.open(self.upper, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return
        try:
            target = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            os.close(source)
            return
        try:
            _carry(source, target, self.folder, (owner.st_uid, owner.st_gid), skip)
            try:
                os.setxattr(target, GROWN, str(grown).encode())
            except OSError:
                pass  # no extended attributes here: each run is bounded alone (the tmpfs)
        finally:
            os.close(source)
            os.close(target)

    def _grown_after(self, skip: frozenset[str]) -> int | None:
        """What the program's runs will have added to the folder with this one carried back, or
        None if that is more than ``size_mb`` (then this run is dropped, and the judge says so)."""
        try:
            before = int(os.getxattr(self.folder, GROWN, follow_symlinks=False))
        except (OSError, ValueError):
            before = 0
        change = _usage(self.merged, self.folder, skip) - _usage(self.folder, self.folder, skip)
        grown = max(0, before + change)
        if grown > self.size_mb * 2**20:
            _log.warning("arena: what the program wrote in its folder %s this run was not kept: its runs "
                         "would have added %.1f MB to it, more than the %d MB it may write there (--disk)",
                         self.folder, grown / 2**20, self.size_mb)
            return None
        return grown

    def release(self) -> None:
        """Unmount the overlay and its tmpfs (what was not carried back goes with it) and remove them."""
        for target in reversed(self._mounted):
            _libc.umount2(os.fsencode(target), MNT_DETACH)
        self._mounted.clear()
        for name in ("merged", "work", "upper"):
            try:
                os.rmdir(os.path.join(self.root, name))
            except OSError:
                pass
        try:
            os.rmdir(self.root)
        except OSError:
            pass
        WATCHDOG.forget_folder(self.root)


_parent_folder: str | None = None


def _parent() -> str:
    """Where the overlays are made: ``/run/arena-overlays`` (else the same in the temporary folder),
    root's, made once and kept. Not in /tmp itself: a new name there each program would make the
    sweep of the shared folders (shared_folders.py) list /tmp again at every start and end."""
    global _parent_folder
    if _parent_folder is None:
        for base in ("/run", tempfile.gettempdir()):
            path = os.path.join(base, "arena-overlays")
            try:
                os.mkdir(path, 0o711)
            except FileExistsError:
                pass
            except OSError:
                continue
            info = os.lstat(path)
            # in a folder anyone may write, another user could have made it first: only root's will do
            if stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & 0o022:
                _parent_folder = path
                break
        else:
            raise OSError("no folder of root's to make the overlays in (/run/arena-overlays, "
                          f"{tempfile.gettempdir()}/arena-overlays)")
    return _parent_folder


def _same_attributes(folder: str, upper: str) -> None:
    """Give ``upper`` the owner, mode and ACLs of ``folder``: overlayfs shows a folder present in
    both layers with the upper one's, and the program must find its folder as it is (its uid's
    ACL entry, the sticky bit the judge set over a hidden path)."""
    info = os.stat(folder)
    os.chown(upper, info.st_uid, info.st_gid)
    os.chmod(upper, stat.S_IMODE(info.st_mode))
    for name in ("system.posix_acl_access", "system.posix_acl_default"):
        try:
            os.setxattr(upper, name, os.getxattr(folder, name))
        except OSError:
            pass  # none there (or no ACLs on this file system): the mode says it all


def _usage(top: str, folder: str, skip: frozenset[str]) -> int:
    """Bytes under ``top`` (the folder, or the overlay showing it at ``folder``'s path), each entry in
    whole blocks of its apparent size, at least one (a folder: one); links are counted, never followed."""
    total = 0
    pending = [top]
    while pending:
        current = pending.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            if folder + entry.path[len(top):] in skip:
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                total += BLOCK  # one block: the folder's own size differs from one file system to another
                pending.append(entry.path)
            else:
                total += max(1, -(-info.st_size // BLOCK)) * BLOCK
    return total


def _escaped(path: str) -> str:
    """A path as overlayfs's mount options read it: a comma or a colon would split the option."""
    return path.replace("\\", "\\\\").replace(",", "\\,").replace(":", "\\:")


def _carry(source: int, target: int, path: str, owner: tuple[int, int], skip: frozenset[str]) -> None:
    """Each entry of the upper folder ``source`` into the folder ``target`` (at ``path``)."""
    if _opaque(source):
        for name in os.listdir(target):  # a folder made anew: what the old one held is gone
            if os.path.join(path, name) not in skip:
                _remove(target, name)
    for entry in os.scandir(source):
        name = entry.name
        if os.path.join(path, name) in skip:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISCHR(info.st_mode) and info.st_rdev == 0:  # a whiteout: it removed the name
                _remove(target, name)
            elif stat.S_ISDIR(info.st_mode):
                _carry_folder(source, target, name, path, info, owner, skip)
            elif stat.S_ISLNK(info.st_mode):
                _replace_with(target, name, lambda temporary: os.symlink(os.readlink(name, dir_fd=source),
                                                                         temporary, dir_fd=target), owner)
            elif stat.S_ISREG(info.st_mode):
                _replace_with(target, name, lambda temporary: _copy_file(source, name, target, temporary,
                                                                         info.st_mode), owner)
            # a fifo, a socket, a device: nothing a program's folder keeps
        except OSError:
            continue  # what cannot be carried back is lost with the tmpfs, never half-written


def _carry_folder(source: int, target: int, name: str, path: str, info: os.stat_result,
                  owner: tuple[int, int], skip: frozenset[str]) -> None:
    try:
        existing = os.stat(name, dir_fd=target, follow_symlinks=False)
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISDIR(existing.st_mode):
        _remove(target, name)  # a file or a link where it made a folder
        existing = None
    if existing is None:
        os.mkdir(name, stat.S_IMODE(info.st_mode) & 0o777, dir_fd=target)
        os.chown(name, *owner, dir_fd=target, follow_symlinks=False)
    inner_source = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=source)
    try:
        inner_target = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=target)
        try:
            _carry(inner_source, inner_target, os.path.join(path, name), owner, skip)
        finally:
            os.close(inner_target)
    finally:
        os.close(inner_source)


def _opaque(folder: int) -> bool:
    try:
        return os.getxattr(folder, OPAQUE) == b"y"
    except OSError:
        return False


def _replace_with(target: int, name: str, make, owner: tuple[int, int]) -> None:
    """Make the new entry under a fresh name beside ``name``, then rename it over ``name``: the old
    entry (a link, a file with another hard link) is replaced, never written through."""
    temporary = f".arena-carry-{os.getpid()}-{name}"[:255]
    make(temporary)
    try:
        os.chown(temporary, *owner, dir_fd=target, follow_symlinks=False)
        try:
            existing = os.stat(name, dir_fd=target, follow_symlinks=False)
            if stat.S_ISDIR(existing.st_mode):
                _remove(target, name)  # a folder where it made a file: rename cannot replace it
        except FileNotFoundError:
            pass
        os.rename(temporary, name, src_dir_fd=target, dst_dir_fd=target)
    except BaseException:
        _remove(target, temporary)
        raise


def _copy_file(source: int, name: str, target: int, temporary: str, mode: int) -> None:
    reading = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=source)
    try:
        writing = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                          stat.S_IMODE(mode) & 0o777, dir_fd=target)
        try:
            while chunk := os.read(reading, COPY_CHUNK):
                os.write(writing, chunk)
            os.fchmod(writing, stat.S_IMODE(mode) & 0o777)  # not the umask's: as the program made it (no setuid)
        finally:
            os.close(writing)
    finally:
        os.close(reading)


def _remove(folder: int, name: str) -> None:
    """Remove ``name`` in ``folder`` (a descriptor), a folder with all it holds, never following a
    link (shutil.rmtree's descriptor-relative walk, as box.py's _empty)."""
    try:
        if stat.S_ISDIR(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
            shutil.rmtree(name, ignore_errors=True, dir_fd=folder)
        else:
            os.unlink(name, dir_fd=folder)
    except OSError:
        pass
