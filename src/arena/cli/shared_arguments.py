"""Reading command-line values that every ``arena`` command shares, with click's errors."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Sequence

import click

from ..games import UnknownGameError, get_game
from ..games.base import GameInfo
from ..judge.judge_files import UnsafePath, check_judge_path
from ..judge.sandbox.errors import RefusedFolder
from ..judge.sandbox.uid_box.needed_paths import check_own_folder
from ..judge.sandbox.uid_box.clean_environment import parse_assignment
from ..judge.sandbox.settings import DEFAULT_DISK_MB, MODES, Sandbox, SandboxError
from ..refereeing.players import PlayerSpec
from ..refereeing.terminal_text import visible

DISK_KEY = "arena_disk_mb"
"""Where ``--disk`` leaves its size, as ENV_KEY does."""
ENV_KEY = "arena_env"
"""Where ``--env`` leaves its assignments in the click context, for :func:`sandbox_argument`
(so that no command needs a parameter of its own for them)."""


def _keep_env(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> None:
    assignments = []
    for text in values:
        try:
            assignments.append(parse_assignment(text))
        except ValueError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    ctx.meta[ENV_KEY] = tuple(assignments)


def game_argument(name: str) -> GameInfo:
    """The game a GAME argument names; a usage error listing the games otherwise."""
    try:
        return get_game(name)
    except UnknownGameError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None


def sandbox_options(command):
    """``--sandbox``, ``--memory`` and ``--env``, for every command that runs programs."""
    command = click.option("--env", "env_assignments", multiple=True, metavar="NAME=VALUE", expose_value=False,
                           callback=_keep_env,
                           help="Give every program this environment variable (repeatable). Programs get "
                                "only PATH, HOME, TMPDIR, LANG and LC_ALL of yours otherwise.")(command)
    command = click.option("--disk", "disk_mb", type=click.IntRange(min=1), default=DEFAULT_DISK_MB,
                           show_default=True, metavar="MB", expose_value=False,
                           callback=lambda ctx, param, value: ctx.meta.__setitem__(DISK_KEY, value),
                           help="What each program may write in its home (HOME, TMPDIR), /tmp, /var/tmp "
                                "and /dev/shm together: one tmpfs of its own (with --sandbox limits or "
                                "isolate; as root its own folder is read-only to it).")(command)
    # no default here: each game has its own limit (GameInfo.memory_mb), filled in per game
    command = click.option("--memory", "memory_mb", type=click.IntRange(min=16), default=None, metavar="MB",
                           help="Each program's memory limit (with --sandbox limits or isolate) "
                                "[default: the game's own, see arena games].")(command)
    return click.option("--sandbox", "sandbox_mode", type=click.Choice(MODES), default="limits", show_default=True,
                        help="none: the programs run with your rights; limits: memory, processes, file size "
                             "and open files limited; isolate: limits, and no network, nothing writable "
                             "but its home and /tmp, and its own folder unless arena runs as root (needs "
                             "bubblewrap).")(command)


FOLDER_RULE = ("A program's own folder, which it reads whole (under a root judge, read-only), is the "
               "folder of the first word of its command that names an existing file, or the folder a word "
               "names, skipping programs found on PATH and the files of an interpreter's or tool's "
               "installation or of a system folder (python3, /usr/bin/env, a venv's python, /dev/null)")
"""The rule ``arena play`` and ``arena tournament`` decide a folder by (judge/sandbox/uid_box/needed_paths.py's
command_folder), as their ``--help`` states it."""


def folder_option(what: str, example: str):
    """``--folder WHO=DIR``, repeatable: a program's own folder, named rather than decided by FOLDER_RULE.
    ``what`` says how WHO names a player in this command (its NAME, its seat)."""
    return click.option("--folder", "folder_texts", multiple=True, metavar=f"{example}=DIR",
                        help=f"Name the own folder of a program, by {what} (repeatable). {FOLDER_RULE}; a "
                             "built-in player has none. Each program's folder is printed before its games.")


def named_folders(texts: tuple[str, ...], players: dict[str, PlayerSpec]) -> dict[str, str]:
    """The folders ``--folder WHO=DIR`` names, by WHO (a key of ``players``), as real paths; a usage
    error naming ``--folder`` and what is wrong (no ``=``, an unknown WHO, a WHO named twice, a built-in
    player or a human, a DIR that is no folder)."""
    named: dict[str, str] = {}
    for text in texts:
        who, equals, folder = text.partition("=")
        if not equals or not who or not folder:
            raise click.BadParameter(f"{visible(text)!r} is not WHO=DIR (one of {', '.join(players)}, then a "
                                     "folder)", param_hint="--folder")
        if who not in players:
            raise click.BadParameter(f"{visible(who)!r} is none of the players: {', '.join(players)}",
                                     param_hint="--folder")
        if who in named:
            raise click.BadParameter(f"{visible(who)} is given a folder twice", param_hint="--folder")
        if players[who].builtin or players[who].is_human:
            raise click.BadParameter(f"{visible(who)} ({visible(players[who].text)}) is no command of its own: it "
                                     "has no folder", param_hint="--folder")
        if not os.path.isdir(folder):
            raise click.BadParameter(f"{visible(folder)} is not a folder", param_hint="--folder")
        named[who] = os.path.realpath(folder)
    return named


def settle_folders(players: dict[str, PlayerSpec], named: dict[str, str], mode: str, command: str) -> None:
    """Say on stderr, one line a program, which folder it reads whole (named by ``--folder``, or its
    command's by FOLDER_RULE); where programs run as users of their own or isolated, refuse one the
    judge would refuse at its start (a system folder, an interpreter's installation), naming it."""
    for who, spec in players.items():
        if spec.command is None or spec.builtin:
            continue
        how = "named by --folder" if who in named else "decided from its command, see --help"
        shown = f"{visible(who)} ({visible(spec.text)})" if who != spec.text else visible(who)
        if spec.folder is None:
            click.echo(f"arena {command}: {shown} has no folder of its own (no word of its command names an "
                       "existing file but programs on PATH and system files; --folder names one)", err=True)
            continue
        if confined_as_own_user(mode):
            try:
                check_own_folder(spec.folder)
            except RefusedFolder as refused:
                raise click.BadParameter(f"{shown}: {refused}", param_hint="--folder" if who in named else "PLAYER")
        click.echo(f"arena {command}: {shown} reads its own folder {visible(spec.folder)} ({how})", err=True)


def given_folders(players: dict[str, PlayerSpec], texts: tuple[str, ...], mode: str,
                  command: str) -> dict[str, PlayerSpec]:
    """``players`` with the folders ``--folder WHO=DIR`` names (named_folders), each program's folder
    said and checked (settle_folders): what ``arena play``, ``tournament``, ``sprt`` and ``serve`` do."""
    named = named_folders(texts, players)
    players = {who: replace(spec, folder=named.get(who, spec.folder)) for who, spec in players.items()}
    settle_folders(players, named, mode, command)
    return players


def confined_as_own_user(mode: str) -> bool:
    """Do programs run as users of their own, or isolated, in this mode? Then their folders are
    hidden from each other, checked, and kept apart from the judge's files."""
    return mode == "isolate" or (mode == "limits" and os.geteuid() == 0)


def real_forms(path: str) -> list[str]:
    """Where a judge's file really is: its folder's links resolved (``/srv/bots/alice-link/rec.json``
    is ``/srv/bots/alice/rec.json``), and, if the file itself is a link, where it leads."""
    absolute = os.path.abspath(path)
    in_real_folder = os.path.join(os.path.realpath(os.path.dirname(absolute)), os.path.basename(absolute))
    return list(dict.fromkeys([in_real_folder, os.path.realpath(absolute)]))


def _refuse_judge_files_in_own_folders(files: list[tuple[str, str]], players: Sequence[tuple[str, str]]) -> None:
    """A program's own folder is read-only to it under a root judge, yet its owner gave it to a
    stranger's program: the judge writes nothing there. A database there would have its
    ``-journal`` or ``-wal`` beside it, where a program could have put one for SQLite to replay
    (forged results); a record, a link to follow. Compared by real paths on both sides (the
    folder is already resolved, judge/sandbox/uid_box/needed_paths.py): a path through a link
    to the folder is inside."""
    for option, path in files:
        for real in real_forms(path):
            for command, folder in players:
                if os.path.commonpath([real, folder]) == folder:
                    really = f" (really {real})" if real != os.path.abspath(path) else ""
                    raise click.BadParameter(
                        f"{path}{really} lies inside the folder of the program {command!r} ({folder}), which "
                        "that program's owner gave it: it could have planted files beside it that the judge "
                        "would trust. Keep databases, records and results outside the players' folders",
                        param_hint=option)


def check_judge_file(option: str, path: str, *, is_folder: bool = False, refuse_shared: bool = False) -> None:
    """As root, refuse a path the judge is to write (a record, a database, an export) on whose way a
    program's uid could change something: a folder it may write, one another uid owns, a link another
    uid made (judge/judge_files.py, whose walk every write goes through again). A usage error naming
    ``option`` and the folder, before any program starts. ``refuse_shared``: nor in a folder where every
    uid may make names (``/tmp``), where programs run: there a program's uid could make the names the
    judge is yet to use (the ``-journal`` of a database before SQLite makes it)."""
    try:
        check_judge_path(path, is_folder=is_folder, refuse_shared=refuse_shared)
    except UnsafePath as refused:
        raise click.BadParameter(f"{path}: {refused.strerror}. Keep databases, records and results in folders "
                                 "only root may change", param_hint=option) from None
    except OSError as error:  # a file where a folder should be, say: the same words as the write's
        raise click.BadParameter(f"{path}: {error.strerror or error}", param_hint=option) from None


def sandbox_argument(mode: str, memory_mb: int | None, players: Sequence[tuple[str, str | None]] = (),
                     files: tuple[tuple[str, str], ...] = (),
                     folders_to_write: tuple[tuple[str, str], ...] = ()) -> Sandbox:
    """The Sandbox the options ask for; a usage error when this machine cannot give it.

    Without ``--memory`` (``memory_mb`` None) each game's programs get the game's own limit
    (refereeing/game_sandbox.py).

    The players' own folders (``players``: each program's command and its folder) and the judge's ``files`` (a
    database, a record) and ``folders_to_write`` (the viewer's records), each as (the option that
    names it, its path), are hidden from every other program: under ``isolate``, and wherever
    programs run as users of their own (a root judge's ``limits``). Such a path is refused, naming
    its option, inside a player's folder, and as root where a program's uid could change its way.
    """
    owned = [(command, os.path.realpath(folder)) for command, folder in players if folder is not None]
    folders = [folder for _, folder in owned]
    named = [*files, *folders_to_write]
    if confined_as_own_user(mode):
        _refuse_judge_files_in_own_folders(named, owned)
    for option, path in named:  # as root only; every mode: root writes it, whoever else runs
        check_judge_file(option, path, is_folder=(option, path) in folders_to_write, refuse_shared=mode != "none")
    # hidden as named and in its real folder (covered in a program's namespace, and by bwrap); not
    # where a link there leads, which the judge replaces rather than follows (judge/judge_files.py)
    judge_files = list(dict.fromkeys(form for _, path in named for form in (os.path.abspath(path), real_forms(path)[0])))
    hidden = folders + judge_files
    context = click.get_current_context(silent=True)
    chosen = context.meta.get(ENV_KEY, ()) if context is not None else ()
    disk_mb = context.meta.get(DISK_KEY, DEFAULT_DISK_MB) if context is not None else DEFAULT_DISK_MB
    sandbox = Sandbox(mode, memory_mb, hidden=tuple(path for path in hidden if path), env=chosen, disk_mb=disk_mb)
    try:
        sandbox.check_available()
    except SandboxError as error:
        raise click.BadParameter(str(error), param_hint="--sandbox") from None
    return sandbox


def check_record_path(path: str | None, param_hint: str = "--record") -> None:
    """Refuse a file arena is to write (a ``--record``, a ``--db``) whose folder is missing or
    cannot be written, before any game is played: one line naming it, never a traceback."""
    if path is None:
        return
    folder = Path(path).parent
    if folder.exists() and not folder.is_dir():
        raise click.BadParameter(f"{str(folder)!r} is not a folder", param_hint=param_hint)
    if not folder.is_dir():
        raise click.BadParameter(f"the folder {str(folder)!r} does not exist", param_hint=param_hint)
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"cannot write in the folder {str(folder)!r}", param_hint=param_hint)
    if os.path.isdir(path):
        raise click.BadParameter(f"{path!r} is a folder, not a file", param_hint=param_hint)

