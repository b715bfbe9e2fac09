"""From a contestant's upload to an admitted (or refused) program.

:func:`build_submission` takes the source (a file copied under its language's main name,
or an archive unpacked in the sandbox: upload_checks.py), compiles it in the sandbox
(sandboxed_step.py: its own uid, a time and memory limit, no network, nothing of the
competition visible but its own folder, a capped log), and runs the admission test,
``arena check`` in both seats under ``--sandbox isolate``.

Each sandboxed step (the unpacking, the compile) runs in a fresh empty folder of its own
box uid, in a workspace of root's beside the build folder that nothing else can reach;
afterwards only folders and regular files are taken out of it, by descriptors, bounded
(judge/sandbox/tree_copy.py): the unpacked source into the compile's folder, the compile's
folder into ``DIR/builds/ID``, root's and read-only to every program, which the games run.
Anything else a step left (a link, a device, a FIFO) is named in the build log, not kept;
set-uid bits and extended attributes are never copied. Plain arguments in, plain data out: it runs in a worker
process as well as in the server's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import Callable

from ...judge.sandbox.settings import Sandbox
from ...judge.sandbox.tree_copy import MAX_ENTRIES, TreeTooLarge, copy_out
from ...judge.sandbox.tree_removal import remove_path
from ...toolkit.admission_report import check_program
from ..privacy import as_seen_by_author
from .upload_checks import ArchiveError, check_upload, is_archive, unpack_in_sandbox
from .sandboxed_step import run_confined
from .workspace_tmpfs import mount_workspace, unmount_workspace
from .languages import Language, LanguageError, load_table

COMPILE_TIME_LIMIT_S = 300.0
"""The wall time a compile may take (CodeCup gave five minutes)."""
COMPILE_MEMORY_MB = 2048
"""javac and rustc need room."""
LOG_BYTES = 64 * 1024
ADMISSION_GAMES = 4
SCRATCH = ".scratch"
"""A step's scratch folder (HOME, TMPDIR, the compiler's caches), never taken out."""
BUILD_DISK_MB = 1024
"""What a build's steps may write all together (a tmpfs, where the server can mount one: its
pages count in the compile's memory too); the build taken out is bounded by
judge/sandbox/tree_copy.py."""
MAX_BUILD_ENTRIES = MAX_ENTRIES
"""Files and folders a build may leave (judge/sandbox/tree_copy.py's bound)."""


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


@dataclass(frozen=True)
class Compiled:
    """A build made and taken out, waiting for its admission test (admit)."""

    command: str  # the PLAYER (shell command) that runs the built program
    build_log: str
    home: str  # the program as its author runs it at home, as the report names it


def build_submission(job: BuildJob, on_checking: Callable[[], None] = lambda: None) -> BuildOutcome:
    """Build, then admit or refuse, submission ``job``; ``on_checking`` is called as the admission test starts.

    Whatever the upload holds ends in a BuildOutcome. What is the server's own trouble, not the
    contestant's, raises: SandboxError when this machine cannot sandbox the build (no bubblewrap,
    no free uid), OSError when the competition folder cannot be written.
    """
    made = compile_submission(job)
    if isinstance(made, BuildOutcome):
        return made
    on_checking()
    return admit(job, made)


def compile_submission(job: BuildJob) -> BuildOutcome | Compiled:
    """build_submission's first half: the build made in ``job.build_folder``, or the outcome of a
    build that failed. Apart from admit so that a caller running the two in another process can say
    between them that the admission test starts (background_builds.py)."""
    log: list[str] = []
    try:
        language = load_table(job.table_path)[job.language]
    except LanguageError as error:
        return _failed(log, f"cannot build: {error}")
    except KeyError:
        return _failed(log, f"cannot build: the languages table has no language {job.language!r}")
    build = os.path.abspath(job.build_folder)
    _remove(build)
    os.makedirs(os.path.dirname(build), exist_ok=True)
    log.append(f"language: {language.title} (main file {language.main_file})")
    filename = os.path.basename(job.upload)
    # root's, 0700, beside the build folder: no program of another uid can reach a step's folder in it
    workspace = tempfile.mkdtemp(prefix=f".building-{os.path.basename(build)}-", dir=os.path.dirname(build))
    # a tmpfs where the server may mount one: 32 files of 64 MB cannot fill the competition's disk
    on_tmpfs = mount_workspace(workspace, BUILD_DISK_MB)
    try:
        problem = _build_in(job, language, filename, workspace, build, log)
    finally:
        if on_tmpfs:
            unmount_workspace(workspace)  # and everything the steps left with it
        remove_path(workspace)
    if problem is not None:
        _remove(build)
        os.mkdir(build, 0o755)  # empty: nothing of this attempt or an earlier one
        return _failed(log, problem)
    # the report names the program as its author runs it at home (their file, "./bot"): its replay
    # lines are commands they can run, not the server's
    return Compiled(language.run_command(build), "\n".join(log),
                    language.home_command(None if is_archive(filename) else filename))


def admit(job: BuildJob, compiled: Compiled) -> BuildOutcome:
    """build_submission's second half: the admission test of the program ``compiled`` made."""
    report, clean = check_program(job.game, compiled.command, games=job.admission_games or ADMISSION_GAMES,
                                  time_scale=job.admission_time_scale, sandbox=Sandbox("isolate", hidden=job.hidden),
                                  for_terminal=False, shown_as=compiled.home, folder=os.path.abspath(job.build_folder))  # kept as the program wrote it: escaped where shown
    return BuildOutcome("admitted" if clean else "rejected", compiled.build_log,
                        as_seen_by_author(report, os.path.abspath(job.build_folder)), compiled.command)


def _build_in(job: BuildJob, language: Language, filename: str, workspace: str, build: str,
              log: list[str]) -> str | None:
    """Unpack and compile in ``workspace``, then take the build out into ``build``; what went
    wrong ('' when the log says it already), or None."""
    source = os.path.join(workspace, "source")
    try:
        _take_source(job, language, filename, workspace, source, log)
    except (ArchiveError, TreeTooLarge, OSError) as error:
        return str(error)
    compiling = os.path.join(workspace, "compile")
    try:
        copy_out(source, compiling)  # the source reaches the compile as it reached us: files and folders
    except TreeTooLarge as error:
        return str(error)
    os.mkdir(os.path.join(compiling, SCRATCH), 0o755)
    if not _compile(job, language, compiling, os.path.join(compiling, SCRATCH), log):
        return ""
    try:
        log += copy_out(compiling, build, skip=frozenset({SCRATCH}))
    except TreeTooLarge as error:
        return str(error)
    return None


def _take_source(job: BuildJob, language: Language, filename: str, workspace: str, source: str,
                 log: list[str]) -> None:
    """Put the upload's source in the folder ``source`` (made here, root's): the file itself, or
    what the unpacking step left in a folder of its own, taken out as files and folders only."""
    if not is_archive(filename):
        check_upload(job.upload, filename)
        os.mkdir(source, 0o755)
        shutil.copyfile(job.upload, os.path.join(source, language.main_file))
        return
    unpacking = os.path.join(workspace, "unpack")
    os.mkdir(unpacking, 0o755)
    os.mkdir(os.path.join(unpacking, SCRATCH), 0o755)
    log.append(unpack_in_sandbox(job.upload, filename, unpacking, os.path.join(unpacking, SCRATCH),
                                 language.main_file, job.hidden))
    log += copy_out(unpacking, source, skip=frozenset({SCRATCH}))


def _compile(job: BuildJob, language: Language, build: str, scratch: str, log: list[str]) -> bool:
    """Compile in ``build``, a fresh folder the compile's uid may write (work_folder)."""
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


def _remove(build: str) -> None:
    """No build folder of an earlier attempt: a build that fails leaves none."""
    if os.path.lexists(build) and not remove_path(build):
        raise OSError(f"cannot remove the earlier build folder {build}")


def _failed(log: list[str], reason: str = "") -> BuildOutcome:
    if reason:
        log.append(reason)
    return BuildOutcome("build-failed", "\n".join(log), "", None)


__all__ = ["ADMISSION_GAMES", "COMPILE_TIME_LIMIT_S", "BuildJob", "BuildOutcome", "Compiled", "admit",
           "build_submission", "compile_submission"]
