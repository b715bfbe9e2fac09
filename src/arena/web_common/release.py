"""The release of arena that runs: the package's version (pyproject.toml's, as installed) and, when
it runs from a git checkout (``pip install -e .`` in a clone), the commit checked out. ``arena
--version`` prints it, the competition's API answers it (``GET /api/competition``'s ``version``)
and every page of the competition's site shows it in its footer."""

from __future__ import annotations

import functools
import subprocess
from importlib import metadata
from pathlib import Path

PACKAGE = "arena"


@functools.lru_cache(maxsize=1)
def version() -> str:
    """The installed package's version, as pyproject.toml gives it ("0.1.0"). Asked once per process:
    importlib.metadata searches sys.path and parses the package's METADATA each time, most of a
    page's CPU when every page's footer asked it (issue 57's profile)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:  # run from a source tree never installed
        return "unknown"


@functools.lru_cache(maxsize=1)
def commit() -> str | None:
    """The git commit this code runs from (short, with ``-dirty`` when the work tree has changes),
    or None when it is no git checkout (a wheel) or git cannot say. Asked once per process."""
    source = Path(__file__).resolve().parents[2]  # src/ in a clone (src/arena/web_common/release.py)
    checkout = source.parent
    if not (checkout / ".git").exists() or not (checkout / "pyproject.toml").is_file():
        return None
    try:
        found = subprocess.run(["git", "-C", str(checkout), "describe", "--always", "--dirty", "--abbrev=12",
                                "--match", "no-tag-matches-this"],
                               capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    text = found.stdout.strip()
    return text if found.returncode == 0 and text else None


def release() -> str:
    """``"0.1.0"``, or ``"0.1.0 (commit 1a2b3c4d5e6f)"`` from a git checkout."""
    found = commit()
    return version() if found is None else f"{version()} (commit {found})"
