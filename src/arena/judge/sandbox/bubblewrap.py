"""``--sandbox isolate``: the bubblewrap command line around a program.

bwrap starts in the program's mount namespace, which the judge's clone child made
(private_mounts.py): its private /tmp (the one tmpfs of ``--disk``, its home on it), the covers
over what it must not see (the host's run-time folders /run and /var, whose Unix sockets a
read-only bind would not keep it from; a judge not root's user's home; a root judge's box uid's
private folders on its way) with what it needs there shown again, and the hidden paths covered.
bwrap keeps all of that and adds no network, its own process, IPC and host-name namespaces, and
the whole file system read-only but that private /tmp (bound again on /tmp and /dev/shm) and, where
the program may write it, its own folder: a judge not root's (whose user's folder it is) or a build
step's fresh one. A root judge starts bwrap as the program's own unprivileged uid, so the nobody it
runs as inside is that uid outside, never root.
"""

from __future__ import annotations

import shutil

NOBODY = "65534"


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def bwrap_argv(folder: str | None, *, own_user: bool = False, folder_writable: bool = True) -> list[str]:
    """The bwrap arguments, up to and including ``--``, for a program whose own folder is ``folder``.

    ``own_user``: bwrap runs as the program's own unprivileged uid (a root judge's), which its user
    namespace maps to nobody inside; never as root, whose nobody would be the host's root.
    ``folder_writable``: its folder bound read-write (a judge not root's, a build step's fresh
    folder); else it stays as its mount namespace shows it, read-only like everything else.
    """
    argv = [bwrap_path() or "bwrap", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            # one tmpfs, one budget: --dev's own /dev/shm would have no size (memory past its limit, unseen)
            "--bind", "/tmp", "/tmp", "--bind", "/tmp", "/dev/shm"]
    if own_user:
        argv += ["--unshare-user", "--uid", NOBODY, "--gid", NOBODY]
    if folder is not None and folder_writable:
        argv += ["--bind", folder, folder]  # with what its mount namespace hides inside it
    return argv + ["--"]


__all__ = ["bwrap_argv", "bwrap_path"]
