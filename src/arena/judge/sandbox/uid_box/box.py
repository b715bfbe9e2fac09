"""A program's box: who it runs as, what that user may reach, its private home and environment.

Under a root judge (``limits`` or ``isolate``) the program gets an unprivileged uid
of its own (uid_pool.py), whose mount namespace shows it exactly the paths its command
needs (its :class:`BoxView`, private_mounts.py); in every mode it gets a private home and a
clean environment (clean_environment.py). All of it is given back when the program
has ended, each step whatever the one before it raised.

A box uid's home is a tmpfs of the sandbox's ``disk_mb`` (home_mount.py): what the
program writes there (its HOME and TMPDIR) cannot fill the judge's disk, and a write past
it fails with ENOSPC, which the judge turns into the ``disk`` verdict. Its own folder it
may only read (an idmapped, read-only copy of it in its mount namespace): nothing it
writes outlives its run, as CodeCup starts a program afresh for each game. The one
exception is a build step's ``work_folder``, a fresh empty folder the caller made for this
run alone, which becomes its uid's to write and which the caller copies out of
(tree_copy.py) and removes.
"""

from __future__ import annotations

import atexit
import os
import stat
import tempfile

from ..private_mounts import BoxView
from .uid_pool import BoxUser, NoFreeUser, give_back_user, release_kept, take_user
from .needed_paths import check_own_folder, judge_needs, needed_paths
from .clean_environment import program_environment
from . import home_mount
from ..errors import RefusedFolder, SandboxError
from ..guardian_client import WATCHDOG
from ..tree_removal import Bounds, empty_folder, remove_path
from ..tree_copy import give_tree


QUICK_EMPTYING = 1000
"""Entries of a home on a tmpfs removed one by one, at most; beyond, the tmpfs is unmounted (the
tmpfs is kept with the uid between programs: most leave their home empty or nearly)."""


class BoxError(SandboxError):
    """The program cannot be given a user of its own (no free uid, no lock folder)."""


class Box:
    def __init__(self, command: str | list[str], limited: bool, hidden: tuple[str, ...],
                 added_env: dict[str, str] | None, chosen_env: tuple[tuple[str, str], ...],
                 isolated: bool = False, disk_mb: int | None = None, folder: str | None = None,
                 work_folder: bool = False) -> None:
        """``folder``: its own folder, as its caller decided it (None: it has none, as a built-in
        player); ``isolated``: under bubblewrap; ``disk_mb``: the size of the tmpfs its home is
        (None: an ordinary folder); ``work_folder``: its own folder is a fresh one made for this run
        (a build step), its uid's to write."""
        try:
            self.folder = None if folder is None else check_own_folder(folder)
        except RefusedFolder:
            if isolated or (limited and os.geteuid() == 0):
                raise  # a system folder, an interpreter's installation: not started
            self.folder = None  # it runs with the judge's own rights: its folder gives it nothing more
        self.disk_mb = disk_mb
        self.home_limited = False  # its home is a tmpfs of disk_mb
        self._work_folder = work_folder and self.folder is not None
        self.user: BoxUser | None = None
        self.view: BoxView | None = None
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
        """What its command needs (needed_paths.py): shown to it where its uid could not reach it."""
        if self.user is None:
            return
        try:
            if self._work_folder:
                assert self.folder is not None
                give_tree(self.folder, self.user.uid)  # the build step's to write
            idmap = None
            if self.folder is not None and not self._work_folder:
                owner = os.stat(self.folder)
                idmap = self.user.idmapped(owner.st_uid, owner.st_gid)
        except OSError as error:
            self.close()
            raise BoxError(f"cannot give the program its folder {self.folder}: {error}") from None
        self.view = BoxView(judge_needs(self.env["PATH"], os.getcwd()), hidden, idmap)

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
    def folder_writable(self) -> bool:
        """May the program write its own folder? Under a root judge only a build step's fresh one;
        otherwise it runs with the judge's user's rights, whose folder it is."""
        return self.user is None or self._work_folder

    @property
    def uid(self) -> int:
        """The uid the program runs as; -1: the judge's own."""
        return -1 if self.user is None else self.user.uid

    def close(self) -> None:
        """Take back what the program was given; its processes are gone. Every step is tried
        whatever an earlier one raised (a tree the program made, a file system gone): a clean-up
        that fails in one part never leaves the uid, the home or a mount behind; the first
        error is raised at the end."""
        if self.user is None:
            steps = [lambda: _remove_home(self.home)]
        else:
            steps = [self._take_back_work_folder, self._clear_home, self._give_back_user]
        failure: BaseException | None = None
        for step in steps:
            try:
                step()
            except BaseException as error:  # noqa: BLE001 - the rest must run; raised below
                failure = failure or error
        if failure is not None:
            raise failure

    def _take_back_work_folder(self) -> None:
        """A build step's folder goes back to root, shut (its contents are the caller's to copy
        out and remove): the uid goes to another program next."""
        if not self._work_folder or self.folder is None:
            return
        fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.fchown(fd, 0, 0)
            os.fchmod(fd, 0o700)
        finally:
            os.close(fd)

    def _clear_home(self) -> None:
        assert self.user is not None
        if self.home_limited and not empty_folder(self.home, Bounds(QUICK_EMPTYING, 0.05)):
            # a tmpfs holding more than a few entries: unmounting it (lazily) empties it at once,
            # whatever tree the program made there; the next program of the uid mounts a fresh one
            home_mount.release(self.home)
            self.home_limited = False
        if _still_a_home(self.home, self.user.uid):
            if not empty_folder(self.home, Bounds()):  # nothing of this program for the next one of the uid
                _remove_home(self.home)
                self.user.home = None
        else:
            _remove_home(self.home)  # gone, or a link the program put there: never followed
            self.user.home = None

    def _give_back_user(self) -> None:
        user, self.user = self.user, None
        if user is not None and not give_back_user(user):
            try:
                _forget(user)
            finally:
                user.release()


def _new_home() -> str:
    home = tempfile.mkdtemp(prefix="arena-home-")
    WATCHDOG.watch_folder(home)  # removed by the guardian should the judge die first
    return home


def _remove_home(home: str) -> None:
    home_mount.release(home)
    remove_path(home)  # a link the program put there is removed as a link, never followed
    WATCHDOG.forget_folder(home)


def _still_a_home(home: str, uid: int) -> bool:
    """Is ``home`` still the folder made for ``uid``? Its program could remove it and put a
    link in its place (in /tmp, where anyone may make names): root must never follow it."""
    try:
        info = os.lstat(home)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == uid


def _forget(user: BoxUser) -> None:
    """Remove a uid's home before it is released."""
    if user.home is not None:
        home, user.home = user.home, None
        _remove_home(home)


atexit.register(release_kept, _forget)
