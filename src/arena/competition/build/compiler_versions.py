"""Each compiler's version, as the site shows it and ``arena competition doctor`` prints it (one
source for both): read by running the language's version command, and kept a few minutes only, so that a compiler installed or upgraded while the server runs shows
without a restart (Go and Rust once read "not installed" for as long as the server ran, while
their builds went through).

A version past its time is read again in the background while the old text is still given: no
visitor waits for a JVM to say its version (the first reading, at start, is site_app.py's warm-up).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time

from .tool_path import CLEAN_PATH

VERSION_TIMEOUT_S = 10
VERSION_KEPT_S = 180.0
"""How long a version read is shown before it is read again."""

DEBIAN_PACKAGES = {"gcc": "gcc", "g++": "g++", "javac": "default-jdk-headless", "java": "default-jre-headless",
                   "go": "golang-go", "rustc": "rustc", "python3": "python3", "bwrap": "bubblewrap"}
"""The Debian (and Ubuntu) package that gives each tool of the default languages table, and bubblewrap."""


def tool_installed(tool: str) -> bool:
    """Whether a build can run ``tool``: found on CLEAN_PATH (a box uid cannot reach /root/.cargo),
    or, named by its path, an executable file there."""
    if "/" in tool:
        return os.path.isfile(tool) and os.access(tool, os.X_OK)
    return shutil.which(tool, path=CLEAN_PATH) is not None


def not_installed(tool: str) -> str:
    """What the site and the doctor say of a missing tool: its name and the package that gives it."""
    package = DEBIAN_PACKAGES.get(os.path.basename(tool))
    return f"{tool} is not installed" + (f" (Debian's package {package})" if package else "")


_kept: dict[tuple[str, ...], tuple[float, str]] = {}  # the command -> (when read, its first line)
_refreshing: set[tuple[str, ...]] = set()
_lock = threading.Lock()


def read_version(argv: tuple[str, ...]) -> str:
    """The first line the version command prints, now."""
    if not argv:
        return "version unknown"
    try:
        done = subprocess.run(list(argv), capture_output=True, text=True, timeout=VERSION_TIMEOUT_S,
                              env={"PATH": CLEAN_PATH, "LANG": "C.UTF-8", "HOME": "/nonexistent"})
    except FileNotFoundError:
        return not_installed(argv[0])
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"version unknown ({error})"
    lines = [line.strip() for line in (done.stdout + "\n" + done.stderr).splitlines() if line.strip()]
    return lines[0] if lines else "version unknown"


def compiler_version(argv: tuple[str, ...]) -> str:
    """The version, as read at most VERSION_KEPT_S ago (or the one before while it is read again)."""
    with _lock:
        kept = _kept.get(argv)
        stale = kept is None or time.monotonic() - kept[0] >= VERSION_KEPT_S
        refresh = kept is not None and stale and argv not in _refreshing
        if refresh:
            _refreshing.add(argv)
    if kept is None:
        return _read_and_keep(argv)
    if refresh:
        threading.Thread(target=_refresh, args=(argv,), name="arena-compiler-version", daemon=True).start()
    return kept[1]


def _read_and_keep(argv: tuple[str, ...]) -> str:
    text = read_version(argv)
    with _lock:
        _kept[argv] = (time.monotonic(), text)
    return text


def _refresh(argv: tuple[str, ...]) -> None:
    try:
        _read_and_keep(argv)
    finally:
        with _lock:
            _refreshing.discard(argv)
