"""From a contestant's upload to an admitted (or refused) program.

:func:`build_submission` makes the build folder afresh, puts the source in it (a file
copied under its language's main name, or an archive unpacked in the sandbox:
upload_checks.py), compiles it in the sandbox (sandboxed_step.py: its own uid, a time and
memory limit, no network, nothing of the competition visible but its own build
folder, a capped log), and runs the admission test, ``arena check`` in both seats
under ``--sandbox isolate``. Plain arguments in, plain data out: it runs in a worker
process as well as in the server's.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass
from typing import Callable

from ...judge.sandbox.uid_box.acl_plan import OWN_ENTRIES_MAX
from ...judge.sandbox.settings import Sandbox
from ...admission_report import check_program
from ..privacy import as_seen_by_author
from .upload_checks import ArchiveError, check_upload, is_archive, unpack_in_sandbox
from .sandboxed_step import run_confined
from .languages import Language, LanguageError, load_table

COMPILE_TIME_LIMIT_S = 300.0
"""The wall time a compile may take (CodeCup gave five minutes)."""
COMPILE_MEMORY_MB = 2048
"""javac and rustc need room."""
LOG_BYTES = 64 * 1024
ADMISSION_GAMES = 4
SCRATCH = ".scratch"
"""The build's scratch folder (HOME, TMPDIR, the compiler's caches), removed after the compile."""
MAX_BUILD_ENTRIES = OWN_ENTRIES_MAX - 50
"""Files and folders a build may leave: the judge gives a program's uid at most OWN_ENTRIES_MAX of its own."""


@dataclass(frozen=True)
class BuildJob:
    submission_id: int
    game: str
    upload: str  # the uploaded file, DIR/uploads/ID/FILENAME
    build_folder: str  # DIR/builds/ID (made afresh by the build)
    language: str  # a key of the table
    table_path: str  # DIR/languages.json
    hidden: tuple[str, ...]  # what neither compiler nor program may see (its own build folder stays visible)
    compile_time_limit_s: float | None = None  # None: COMPILE_TIME_LIMIT_S
    compile_memory_mb: int | None = None  # None: COMPILE_MEMORY_MB
    admission_games: int | None = None  # None: ADMISSION_GAMES
    admission_time_scale: float = 1.0


@dataclass(frozen=True)
class BuildOutcome:
    status: str  # 'build-failed' | 'rejected' | 'admitted'
    build_log: str
    admission: str  # the arena check report text ('' when the build failed)
    command: str | None  # the PLAYER (shell command) that runs the built program


def build_submission(job: BuildJob, on_checking: Callable[[], None] = lambda: None) -> BuildOutcome:
    """Build, then admit or refuse, submission ``job``; ``on_checking`` is called as the admission test starts.

    Whatever the upload holds ends in a BuildOutcome. What is the server's own trouble, not the
    contestant's, raises: SandboxError when this machine cannot sandbox the build (no bubblewrap,
    no free uid), OSError when the competition folder cannot be written.
    """
    log: list[str] = []
    try:
        language = load_table(job.table_path)[job.language]
    except LanguageError as error:
        return _failed(log, f"cannot build: {error}")
    except KeyError:
        return _failed(log, f"cannot build: the languages table has no language {job.language!r}")
    build = os.path.abspath(job.build_folder)
    scratch = os.path.join(build, SCRATCH)
    _fresh_folder(build)
    os.mkdir(scratch)
    log.append(f"language: {language.title} (main file {language.main_file})")
    filename = os.path.basename(job.upload)
    try:
        if is_archive(filename):
            log.append(unpack_in_sandbox(job.upload, filename, build, scratch, language.main_file, job.hidden))
        else:
            check_upload(job.upload, filename)
            shutil.copyfile(job.upload, os.path.join(build, language.main_file))
    except (ArchiveError, OSError) as error:
        return _failed(log, str(error))
    compiled = _compile(job, language, build, scratch, log)
    shutil.rmtree(scratch, ignore_errors=True)
    if not compiled:
        return _failed(log)
    problem = _settle(build)
    if problem:
        return _failed(log, problem)
    command = language.run_command(build)
    on_checking()
    # the report names the program as its author runs it at home (their file, "./bot"): its replay
    # lines are commands they can run, not the server's
    home = language.home_command(None if is_archive(filename) else filename)
    report, clean = check_program(job.game, command, games=job.admission_games or ADMISSION_GAMES,
                                  time_scale=job.admission_time_scale, sandbox=Sandbox("isolate", hidden=job.hidden),
                                  for_terminal=False, shown_as=home)  # kept as the program wrote it: escaped where shown
    return BuildOutcome("admitted" if clean else "rejected", "\n".join(log), as_seen_by_author(report, build),
                        command)


def _compile(job: BuildJob, language: Language, build: str, scratch: str, log: list[str]) -> bool:
    argv = language.compile_argv(build, scratch)
    if not argv:
        log.append("nothing to compile")
        return True
    time_limit = job.compile_time_limit_s or COMPILE_TIME_LIMIT_S
    memory = job.compile_memory_mb or COMPILE_MEMORY_MB
    log.append(f"$ {language.shown_compile()}")
    env = {"HOME": scratch, "TMPDIR": scratch, **language.compile_env(build, scratch)}
    outcome = run_confined(argv, build, env=env, hidden=job.hidden, time_limit_s=time_limit,
                           memory_mb=memory, log_bytes=LOG_BYTES)
    if outcome.output:
        log.append(as_seen_by_author(outcome.output, build).rstrip("\n"))
    log.append(outcome.verdict("the compile", time_limit, memory))
    return outcome.succeeded


def _fresh_folder(build: str) -> None:
    if os.path.lexists(build):
        if os.path.isdir(build) and not os.path.islink(build):
            shutil.rmtree(build)
        else:
            os.unlink(build)
    os.makedirs(build, mode=0o755)


def _settle(build: str) -> str | None:
    """Make what the compile left the build folder owner's (the compile ran as a uid lent to it;
    the judge gives that back only up to OWN_ENTRIES_MAX entries), and refuse a build of more
    entries than the program's uid could be given later."""
    owner = os.stat(build)
    count = 0
    for root, dirs, files in os.walk(build):
        for name in dirs + files:
            count += 1
            path = os.path.join(root, name)
            info = os.lstat(path)
            if info.st_uid != owner.st_uid or info.st_gid != owner.st_gid:
                os.lchown(path, owner.st_uid, owner.st_gid)
            if not stat.S_ISLNK(info.st_mode) and info.st_mode & 0o6000:
                os.chmod(path, stat.S_IMODE(info.st_mode) & ~0o6000)  # no set-uid file of the server's
    if count > MAX_BUILD_ENTRIES:
        return f"the build left {count} files and folders; at most {MAX_BUILD_ENTRIES} are allowed"
    return None


def _failed(log: list[str], reason: str = "") -> BuildOutcome:
    if reason:
        log.append(reason)
    return BuildOutcome("build-failed", "\n".join(log), "", None)


__all__ = ["ADMISSION_GAMES", "COMPILE_TIME_LIMIT_S", "BuildJob", "BuildOutcome", "build_submission"]
