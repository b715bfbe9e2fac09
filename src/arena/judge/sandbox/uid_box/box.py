"""A program's box: who it runs as, what that user may reach, its private home and environment.

Under a root judge (``limits`` or ``isolate``) the program gets an unprivileged uid
of its own (uid_pool.py) with ACL entries for exactly the paths its command
needs (acl_plan.py, acl.py); in every mode it gets a private home and a
clean environment (clean_environment.py). All of it is given back when the program
has ended.

A box uid's home is a tmpfs of the sandbox's ``disk_mb`` (home_mount.py): what the
program writes there (its HOME and TMPDIR) cannot fill the judge's disk, and a write past
it fails with ENOSPC, which the judge turns into the ``disk`` verdict.
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import tempfile

from .acl import Grants, hold_sticky, revoke_left_behind
from .acl_plan import hidden_with_companions
from .acl_plan import OWN_ENTRIES_MAX, FixedPlan, access_plan, fixed_plan, reachable
from .uid_pool import BoxUser, NoFreeUser, give_back_user, release_kept, take_user
from ...child import ChildProcess, Launch
from .needed_paths import judge_needs, needed_paths, program_folder
from .clean_environment import program_environment
from . import home_mount
from .folder_overlay import FolderOverlay
from ..errors import RefusedFolder, SandboxError
from ..guardian_client import WATCHDOG


class BoxError(SandboxError):
    """The program cannot be given a user of its own (no free uid, no lock folder, no ACLs)."""


class Box:
    def __init__(self, command: str | list[str], limited: bool, hidden: tuple[str, ...],
                 added_env: dict[str, str] | None, chosen_env: tuple[tuple[str, str], ...],
                 isolated: bool = False, disk_mb: int | None = None) -> None:
        """``isolated``: under bubblewrap, which binds its own folder read-write; ``disk_mb``: the
        size of the tmpfs its home is (None: an ordinary folder)."""
        try:
            self.folder = program_folder(command)
        except RefusedFolder:
            if isolated or (limited and os.geteuid() == 0):
                raise  # its uid or its bwrap would be given that folder to write: not started
            self.folder = None  # it runs with the judge's own rights: its folder gives it nothing more
        self.disk_mb = disk_mb
        self.home_limited = False  # its home is a tmpfs of disk_mb
        self.overlay: FolderOverlay | None = None
        """Its own folder as it sees it, its writes bounded by disk_mb (folder_overlay.py): a root judge's."""
        self._hidden = hidden
        self.user: BoxUser | None = None
        self.grants: Grants | None = None
        self.plan: dict[str, int] = {}
        self.fixed = FixedPlan({}, frozenset())
        if limited and os.geteuid() == 0:
            try:
                self.user = take_user()
            except (NoFreeUser, OSError) as error:
                raise BoxError(f"cannot run the program as a user of its own: {error}") from None
        self.home = self._make_home()
        self.env = program_environment(self.home, added_env, chosen_env)
        # files the judge names in what it adds (a word list) are the program's to read
        named = [value for value in (added_env or {}).values() if value.startswith("/") and os.path.isfile(value)]
        self.needed = tuple(needed_paths(command, self.env["PATH"], named, self.folder))
        """What its command needs (needed_paths.py): given to its uid, shown to it under isolate."""
        if self.user is None:
            return
        uid = self.user.uid
        if self.user.lasting is None:  # new to this judge: the guardian takes its grants back should we die
            WATCHDOG.watch_user(uid, self.user.ledger)
        self.fixed = fixed_plan(judge_needs(self.env["PATH"], os.getcwd()))
        refused = _give_lasting(self.user, self.fixed.plan)
        owned = [self.folder] if self.folder else []  # its home is its uid's own
        shut: set[str] = set()
        self.plan = access_plan(owned, list(self.needed), hidden, self.fixed, self.home, shut)
        self.grants = Grants(uid, self.user.ledger)
        refused += self.grants.give(self.plan)
        # an open entry beside what it needs that takes no ACL (another file system mounted there)
        # stays as open as it was: no reason not to run it
        refused = [path for path in refused if path not in shut and path not in self.fixed.shut]
        if not refused and self.folder is not None:
            for folder in _folders_holding(self.folder, hidden):
                hold_sticky(folder, uid)
        if refused:
            self.close()
            raise BoxError(f"cannot give the program's own user access to {refused[0]}: its file system keeps "
                           "no POSIX ACLs (mount it with acl), so the program could not run, or could read what "
                           "it must not; use --sandbox none to run it as yourself")
        if self.folder is not None and disk_mb is not None:
            try:  # after its ACL entries and sticky bits: the overlay shows the folder with them
                self.overlay = FolderOverlay(self.folder, disk_mb)
            except OSError:
                # no right to mount (a container without CAP_SYS_ADMIN), or a folder overlayfs cannot
                # stack on: it writes its folder itself, bounded by RLIMIT_FSIZE only, as home_mount.py
                # leaves a home a plain folder (docs/sandbox.md says so)
                self.overlay = None

    def _make_home(self) -> str:
        """A private, empty home: a new folder, or its uid's own, kept with the uid and emptied."""
        if self.user is None:
            return _new_home()
        if self.user.home is None or not _still_a_home(self.user.home, self.user.uid):
            self.user.home = _new_home()
            os.chown(self.user.home, self.user.uid, self.user.uid)
        if self.disk_mb is not None:
            self.home_limited = home_mount.limit(self.user.home, self.user.uid, self.disk_mb)
        return self.user.home

    @property
    def folder_view(self) -> str | None:
        """What the program is shown at its own folder's path: the overlay, or None (the folder itself)."""
        return None if self.overlay is None else self.overlay.merged

    def folder_full(self) -> bool:
        """Did the program fill what it may write in its own folder (disk_mb)?"""
        return self.overlay is not None and self.overlay.full()

    @property
    def uid(self) -> int:
        """The uid the program runs as; -1: the judge's own."""
        return -1 if self.user is None else self.user.uid

    def reachable(self, path: str) -> bool:
        """Can the program get to ``path`` at all? (The judge's user can get anywhere.)"""
        return self.user is None or reachable(path, self.plan, self.fixed)

    def kill_everything(self) -> None:
        """SIGKILL every process running as the program's uid, wherever it went (no cgroup to
        kill: a container without cgroup rights, say). The uid is this program's alone while
        it is held, so that is everything of the program and nothing of anyone else's: a
        ``kill -9 -1`` run as that uid (kill(2) with -1 spares the caller and init)."""
        if self.user is None:
            return
        try:
            killer = ChildProcess(Launch(["kill", "-9", "-1"], uid=self.user.uid), self.env)
        except OSError:
            return
        for stream in (killer.stdin, killer.stdout, killer.stderr):
            stream.close()
        killer.wait()

    def close(self) -> None:
        """Take back what the program was given; its processes are gone."""
        if self.grants is not None:
            self.grants.revoke_all(restore=self.fixed.plan)  # what every program gets stays with the uid
            self.grants = None
        if self.user is None:
            _remove_home(self.home)
            return
        if self.overlay is not None:
            self.overlay.carry_back(skip=frozenset(hidden_with_companions(self._hidden)))
            self.overlay.release()
            self.overlay = None
        if self.folder is not None:
            _reclaim(self.folder, self.user.uid)
        if _still_a_home(self.home, self.user.uid):
            _empty(self.home)  # nothing of this program for the next one of the uid
        else:
            _remove_home(self.home)  # gone, or a link the program put there: never followed
            self.user.home = None
        if not give_back_user(self.user):
            _forget(self.user)
            self.user.release()
        self.user = None


def _new_home() -> str:
    home = tempfile.mkdtemp(prefix="arena-home-")
    WATCHDOG.watch_folder(home)  # removed by the guardian should the judge die first
    return home


def _remove_home(home: str) -> None:
    home_mount.release(home)
    if os.path.islink(home):
        os.unlink(home)  # the link itself, not what it points to
    else:
        shutil.rmtree(home, ignore_errors=True)  # never follows a link inside
    WATCHDOG.forget_folder(home)


def _still_a_home(home: str, uid: int) -> bool:
    """Is ``home`` still the folder made for ``uid``? Its program could remove it and put a
    link in its place (in /tmp, where anyone may make names): root must never follow it."""
    try:
        info = os.lstat(home)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == uid


def _empty(folder: str) -> None:
    """Remove everything in ``folder``, through its descriptor: a link the program put in place of
    the folder or of anything in it is never followed by root."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return
    try:
        for entry in os.scandir(fd):
            try:
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.name, dir_fd=fd)  # fd-relative all the way down, links unfollowed
                else:
                    os.unlink(entry.name, dir_fd=fd)
            except OSError:
                pass
    finally:
        os.close(fd)


def _folders_holding(folder: str, hidden: tuple[str, ...]) -> list[str]:
    """The folders from ``folder`` down to each hidden path inside it: sticky while the program runs
    (acl.hold_sticky), so that it can neither move the database away nor a folder above it."""
    found = []
    for path in hidden_with_companions(hidden):
        if path == folder or not path.startswith(folder.rstrip("/") + "/"):
            continue
        parent = os.path.dirname(path)
        while parent.startswith(folder) and parent not in found:
            found.append(parent)
            if parent == folder:
                break
            parent = os.path.dirname(parent)
    return found


def _give_lasting(user: BoxUser, plan: dict[str, int]) -> list[str]:
    """Give a uid what every program of this judge needs, once while the judge holds it; the
    paths that could not be given."""
    if user.lasting is not None and user.lasting_plan == plan:
        return []
    if user.lasting is None:
        revoke_left_behind(user.uid, user.ledger)  # what a judge that died left to this uid
    else:
        user.lasting.revoke_all()  # another PATH or working folder: start again
    user.lasting = Grants(user.uid, user.ledger)
    user.lasting_plan = plan
    return user.lasting.give(plan)


def _forget(user: BoxUser) -> None:
    """Take back a uid's lasting grants and remove its home before it is released."""
    if user.lasting is not None:
        user.lasting.revoke_all()
        user.lasting = None
    if user.home is not None:
        _remove_home(user.home)
        user.home = None
    WATCHDOG.forget_user(user.uid)


atexit.register(release_kept, _forget)


def _reclaim(folder: str, uid: int) -> None:
    """Give what the program wrote in its own folder to that folder's owner: the uid goes to
    someone else's program next, which must not own the files of this one. Walked through
    descriptors (os.fwalk), each change relative to its folder's and never through a link: the
    program may have made a folder of its a link to anywhere."""
    try:
        owner = os.stat(folder)
    except OSError:
        return
    try:
        top = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            if os.fstat(top).st_uid == uid:
                os.fchown(top, owner.st_uid, owner.st_gid)
        finally:
            os.close(top)
    except OSError:
        pass
    seen = 1
    try:
        for _, dirs, files, dir_fd in os.fwalk(folder, follow_symlinks=False):
            for name in dirs + files:
                seen += 1
                if seen > OWN_ENTRIES_MAX:
                    return
                try:
                    if os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_uid == uid:
                        os.chown(name, owner.st_uid, owner.st_gid, dir_fd=dir_fd, follow_symlinks=False)
                except OSError:
                    pass
    except OSError:
        pass
