"""What a program's mount namespace shows it: the words of private_mounts.h, which the judge's
clone child carries out before the program's init starts.

In every mode the program gets a /proc of its own PID namespace (its own processes only). Under
``limits`` it also gets one tmpfs of ``--disk`` on /tmp, /var/tmp, /dev/shm and /run/lock
(whatever it leaves there goes with its namespace, and the host's shared folders never see it),
with what it needs under /tmp shown again at the same place (its own folder, its home, the files its
command names, this Python, arena: read-only but its home, and its own folder where it may write
there); and, under a root judge, its own folder bound read-only onto itself wherever it lies
(nothing it writes there outlives its run, whatever the modes of its entries). Under
``isolate`` bubblewrap mounts the rest (bubblewrap.py).
"""

from __future__ import annotations

import os

from .bubblewrap import needed_under_tmp


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def mount_words(mode: str, *, folder: str | None, home: str | None, needed: tuple[str, ...],
                read_only_folder: bool, disk_mb: int) -> list[str]:
    """The plan for one program (see private_mounts.h for the words)."""
    words = ["P"]
    if mode != "limits":
        return words
    words.append(f"T{disk_mb * 2**20}")
    writable = {os.path.abspath(path) for path in (home, None if read_only_folder else folder) if path}
    wanted = writable | {os.path.abspath(path) for path in (folder, *needed, *needed_under_tmp()) if path}
    under_tmp = sorted(path for path in wanted if _inside(path, "/tmp") and path != "/tmp" and os.path.exists(path))
    # a path shown through a folder shown already needs no mount of its own
    words += [("W" if path in writable else "S") + path for path in under_tmp
              if not any(other != path and _inside(path, other) for other in under_tmp)]
    working = os.getcwd()
    if _inside(working, "/tmp") and working != "/tmp" and not any(_inside(working, path) for path in under_tmp):
        words.append("D" + working)
    if read_only_folder and folder is not None:
        words.append("R" + folder)
    return words
