"""``arena competition doctor``: can this host run the competition? Each language's tools with
their own version lines (as the site shows them: build/compiler_versions.py), bubblewrap,
cgroups, the box uids, the folder's free disk and, when given, the Dask scheduler.

A language whose compiler (or interpreter) is missing cannot build, and neither can any without
bubblewrap (every build runs under ``--sandbox isolate``): those are the findings that fail the
check. The rest (no cgroups of arena's own, low disk, a scheduler that does not answer) are
said, and a competition still runs, less well.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from ..parallel.worker_pool import SchedulerUnreachable, cluster_threads
from .build.compiler_versions import DEBIAN_PACKAGES, not_installed, read_version
from .build.languages import Language
from .build.tool_path import CLEAN_PATH

LOW_DISK_BYTES = 2 * 1024 ** 3
"""Below this a rush of uploads and builds (each up to 16 MB unpacked, plus what it makes) is near."""


@dataclass(frozen=True)
class Finding:
    subject: str  # a language's key, "bubblewrap", "cgroups", ...
    text: str  # what was found, as it prints
    fails: bool = False  # a language of the competition cannot build because of it
    missing: str | None = None  # the tool that is not installed, if that is the finding


def language_findings(table: dict[str, Language]) -> list[Finding]:
    """One finding per tool of each language: its version line as it prints it (the line the
    site shows), or that it is missing and the Debian package that gives it."""
    findings = []
    for key, language in table.items():
        missing = set(language.missing_tools())
        for tool in language.tools():
            if tool in missing:
                findings.append(Finding(key, f"{tool}: MISSING, {not_installed(tool)}", fails=True, missing=tool))
            elif language.version and tool == language.version[0]:  # the very line the site shows
                findings.append(Finding(key, f"{tool}: {read_version(language.version)}"))
            else:
                findings.append(Finding(key, f"{tool}: {_tool_version(tool)}"))
        if not language.tools():
            findings.append(Finding(key, "nothing to compile or run: the build runs what it makes"))
    return findings


def _tool_version(tool: str) -> str:
    """A tool outside the table's version command (``java`` beside ``javac``): its own version line."""
    return read_version((tool, "-version" if os.path.basename(tool) == "java" else "--version"))


def bubblewrap_finding() -> Finding:
    if shutil.which("bwrap", path=CLEAN_PATH) is None:
        return Finding("bubblewrap", f"bwrap: MISSING, {not_installed('bwrap')}; every build and game runs "
                                     "under --sandbox isolate, so nothing can build", fails=True,
                       missing="bwrap")
    return Finding("bubblewrap", f"bwrap: {read_version(('bwrap', '--version'))}")


def cgroup_finding() -> Finding:
    """The cgroup version mounted, and whether arena can make a cgroup of its own (memory limits
    counted as used, exact CPU time, a sure kill), tried by making one and removing it."""
    from ..judge.sandbox.cgroups.setup import make_cgroup

    try:
        with open("/proc/self/mounts") as mounts:
            kinds = {line.split()[2] for line in mounts if line.split()[2] in ("cgroup", "cgroup2")}
    except OSError:
        kinds = set()
    mounted = " and ".join(sorted({"cgroup": "v1", "cgroup2": "v2"}[kind] for kind in kinds)) or "none mounted"
    group = make_cgroup(64, 16)
    if group is None:
        return Finding("cgroups", f"{mounted}; arena cannot make cgroups of its own here: programs' memory is "
                                  "limited by rlimits instead (a JVM or Go program may not start under them)")
    try:
        limits = ", ".join(name for name, on in (("memory", group.memory_limited), ("pids", group.pids_limited))
                           if on)
        return Finding("cgroups", f"{mounted}; arena makes its own (v{group.version}: {limits})")
    finally:
        group.remove()


def uid_finding() -> Finding:
    from ..judge.sandbox.uid_box.uid_pool import RANGE_VARIABLE, NoFreeUser, uid_range

    if os.geteuid() != 0:
        return Finding("uids", f"not root: every program runs as this user (uid {os.geteuid()}); "
                               f"as root each runs as a uid of its own from {RANGE_VARIABLE}")
    try:
        low, high = uid_range()
    except NoFreeUser as error:
        return Finding("uids", str(error), fails=True)
    where = f"{RANGE_VARIABLE}={os.environ[RANGE_VARIABLE]}" if os.environ.get(RANGE_VARIABLE, "").strip() \
        else f"{RANGE_VARIABLE} unset: the default"
    taken = _uids_with_accounts(low, high)
    text = f"{low}-{high} ({where}): {high - low + 1} uids, one per program running at once"
    if taken:
        text += f"; WARNING: {len(taken)} belong to accounts of this host ({', '.join(taken[:3])}...)"
    return Finding("uids", text)


def _uids_with_accounts(low: int, high: int) -> list[str]:
    import pwd

    return [entry.pw_name for entry in pwd.getpwall() if low <= entry.pw_uid <= high]


def disk_finding(folder: Path) -> Finding:
    usage = shutil.disk_usage(folder)
    text = f"{folder}: {_size(usage.free)} free of {_size(usage.total)}"
    if usage.free < LOW_DISK_BYTES:
        text += f"; WARNING: less than {_size(LOW_DISK_BYTES)}"
    return Finding("disk", text)


def _size(count: int) -> str:
    return f"{count / 1024 ** 3:.1f} GB"


def scheduler_finding(address: str, timeout_s: float = 10) -> Finding:
    """Whether the Dask scheduler answers, and with how many workers (threads)."""
    try:
        threads = cluster_threads(address, timeout_s)
    except SchedulerUnreachable as error:
        return Finding("scheduler", f"{address}: UNREACHABLE ({error.reason}); builds and games wait until it answers")
    return Finding("scheduler", f"{address}: reachable, {len(threads)} workers, {sum(threads.values())} threads")


def doctor_findings(table: dict[str, Language], folder: Path, scheduler: str | None = None) -> list[Finding]:
    findings = [*language_findings(table), bubblewrap_finding(), cgroup_finding(), uid_finding(), disk_finding(folder)]
    if scheduler is not None:
        findings.append(scheduler_finding(scheduler))
    return findings


def apt_line(findings: list[Finding]) -> str | None:
    """The one command that installs every missing tool Debian packages, or None."""
    packages = []
    for finding in findings:
        package = DEBIAN_PACKAGES.get(os.path.basename(finding.missing or ""))
        if package and package not in packages:
            packages.append(package)
    return f"apt-get install {' '.join(packages)}" if packages else None
