"""A program's box: who it runs as, what that user may reach, its private home and environment.

Under a root judge (``limits`` or ``isolate``) the program gets an unprivileged uid
of its own (uid_pool.py), whose mount namespace shows it exactly the paths its command
needs (its :class:`BoxView`, private_mounts.py); in every mode it gets a private home and a
clean environment (clean_environment.py). All of it is given back when the program
has ended, each step whatever the one before it raised.

Under ``limits`` and ``isolate`` its home (HOME, TMPDIR) is a folder of its own on the private
tmpfs of ``--disk`` its mount namespace mounts on /tmp (private_mounts.py): made for it there by
the judge's clone child, gone with the namespace, nothing of it on the host; what it writes there
shares one bound with its /tmp, /var/tmp and /dev/shm, and a write past it fails with ENOSPC,
which the judge turns into the ``disk`` verdict. Under ``none`` it is a new folder of the host's,
removed after it. Its own folder a root judge's program may only read (an idmapped, read-only copy
of it in its mount namespace): nothing it writes outlives its run, as CodeCup starts a program
afresh for each game. The one exception is a build step's ``work_folder``, a fresh empty folder
the caller made for this run alone, which becomes its uid's to write and which the caller copies
out of (tree_copy.py) and removes.
"""

from __future__ import annotations

import atexit
import os
import secrets
import tempfile

from ..private_mounts import BoxView
from .uid_pool import BoxUser, NoFreeUser, give_back_user, release_kept, take_user
from .needed_paths import check_own_folder, judge_needs, needed_paths
from .clean_environment import program_environment
from ..errors import RefusedFolder, SandboxError
from ..tree_removal import remove_path
from ..tree_copy import give_tree


class BoxError(SandboxError):
    """The program cannot be given a user of its own (no free uid, no lock folder)."""


class Box:
    def __init__(self, command: str | list[str], limited: bool, hidden: tuple[str, ...],
                 added_env: dict[str, str] | None, chosen_env: tuple[tuple[str, str], ...],
                 isolated: bool = False, folder: str | None = None, work_folder: bool = False) -> None:
        """``folder``: its own folder, as its caller decided it (None: it has none, as a built-in
        player); ``limited``: under ``limits`` or ``isolate`` (``isolated``: under bubblewrap), where
        its home is made in its mount namespace; ``work_folder``: its own folder is a fresh one made
        for this run (a build step), its uid's to write."""
        try:
            self.folder = None if folder is None else check_own_folder(folder)
        except RefusedFolder:
            if isolated or (limited and os.geteuid() == 0):
                raise  # a system folder, an interpreter's installation: not started
            self.folder = None  # it runs with the judge's own rights: its folder gives it nothing more
        self._work_folder = work_folder and self.folder is not None
        self.user: BoxUser | None = None
        self.view: BoxView | None = None
        if limited and os.geteuid() == 0:
            try:
                self.user = take_user()
            except (NoFreeUser, OSError) as error:
                raise BoxError(f"cannot run the program as a user of its own: {error}") from None
        # a name no host path shown on its private /tmp has: made there by its mount namespace
        self.home = f"/tmp/arena-home-{secrets.token_hex(6)}" if limited else tempfile.mkdtemp(prefix="arena-home-")
        self.host_home = not limited
        """Is its home a folder of the host's (``none``), which the judge removes after it?"""
        self.env = program_environment(self.home, added_env, chosen_env)
        # files the judge names in what it adds (a word list) are the program's to read
        named = [value for value in (added_env or {}).values() if value.startswith("/") and os.path.isfile(value)]
        self.needed = tuple(needed_paths(command, self.env["PATH"], named, self.folder))
        """What its command needs (needed_paths.py): shown to it where its uid could not reach it."""
        if self.user is None:
            if limited:  # the judge's own user: the paths it needs shown on its private /tmp, under
                # isolate the user's home covered (private_mounts.py) and the hidden paths with it
                self.view = BoxView(judge_needs(self.env["PATH"], os.getcwd()), hidden if isolated else (), None,
                                    stranger=False)
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
        self.view = BoxView(judge_needs(self.env["PATH"], os.getcwd()), hidden, idmap, stranger=True)

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
        whatever an earlier one raised (a folder gone): a clean-up that fails in one part never
        leaves the uid or a home behind; the first error is raised at the end."""
        steps = [self._take_back_work_folder, self._give_back_user, self._remove_host_home]
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
        if self.user is None or not self._work_folder or self.folder is None:
            return
        fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.fchown(fd, 0, 0)
            os.fchmod(fd, 0o700)
        finally:
            os.close(fd)

    def _give_back_user(self) -> None:
        user, self.user = self.user, None
        if user is not None and not give_back_user(user):
            user.release()

    def _remove_host_home(self) -> None:
        if self.host_home:
            self.host_home = False
            remove_path(self.home)  # a link the program put there is removed as a link, never followed


atexit.register(release_kept)
