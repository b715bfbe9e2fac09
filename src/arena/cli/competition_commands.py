"""``arena competition init|user|users|doctor|serve|backup|restore``: make a competition, its accounts,
check the host, serve it, back it up and restore it."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .shared_arguments import game_argument
from ..competition.passwords import AccountError, check_name, generate_password, hash_password
from ..competition.folder import CompetitionFolder
from ..competition.store.database import CompetitionError, CompetitionStore


def open_competition(directory: str) -> tuple[CompetitionFolder, CompetitionStore]:
    """The competition in DIR, or a usage error saying there is none."""
    folder = CompetitionFolder(Path(directory).resolve())
    if not folder.database.is_file():
        raise click.BadParameter(f"{directory} holds no competition: make one with arena competition init",
                                 param_hint="DIR")
    try:
        store = CompetitionStore(folder.database)
        store.competition()
    except CompetitionError as error:  # a database of a newer arena, or one holding no competition
        raise click.BadParameter(str(error), param_hint="DIR") from None
    except Exception as error:  # sqlite3.DatabaseError: not a database at all
        raise click.BadParameter(f"{folder.database} is not a competition database: {error}",
                                 param_hint="DIR") from None
    return folder, store


@click.group()
def competition() -> None:
    """Host a competition: contestants submit programs, arena builds, admits, plays rounds and ranks."""


@competition.command()
@click.argument("directory", metavar="DIR")
@click.option("--game", "game_name", required=True, metavar="GAME", help="The game the competition plays.")
@click.option("--title", default=None, help="The competition's title (default: the game's).")
def init(directory, game_name, title) -> None:
    """Create a competition in DIR (its database, uploads and builds; nothing elsewhere)."""
    from ..competition.build.languages import write_default_table

    game = game_argument(game_name)
    folder = CompetitionFolder(Path(directory).resolve())
    if folder.root.exists() and not folder.root.is_dir():
        raise click.BadParameter(f"{directory} is not a folder", param_hint="DIR")
    if folder.database.exists():
        raise click.BadParameter(f"{directory} holds a competition already", param_hint="DIR")
    folder.root.mkdir(parents=True, exist_ok=True)
    folder.root.chmod(0o700)  # the database, sources and builds are the server's alone
    with CompetitionStore(folder.database, must_exist=False) as store:
        store.create(game.name, title or f"{game.title} competition")
    write_default_table(folder.languages)
    click.echo(f"Competition for {game.name} made in {directory}.\n"
               f"Next: arena competition user {directory} NAME --organiser, then "
               f"arena competition serve {directory}")


@competition.command()
@click.argument("directory", metavar="DIR")
@click.argument("name", metavar="NAME")
@click.option("--organiser", is_flag=True, help="The account may run the competition.")
@click.option("--password-file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Take the password from this file's first line (else one is made and printed once).")
def user(directory, name, organiser, password_file) -> None:
    """Add the account NAME to the competition in DIR, or reset its password."""
    _, store = open_competition(directory)
    try:
        check_name(name)
        if password_file is None:
            password = generate_password()
        else:
            lines = Path(password_file).read_text(errors="replace").splitlines()
            password = lines[0].strip() if lines else ""
        password_hash = hash_password(password)
    except AccountError as error:
        raise click.BadParameter(str(error)) from None
    existing = store.user_named(name)
    role = "organiser" if organiser else "contestant"
    if existing is None:
        store.add_user(name, password_hash, role)
        click.echo(f"Account {name} ({role}) added.")
    else:
        if existing.role == "builtin":
            raise click.BadParameter(f"{name} is a built-in player, not an account", param_hint="NAME")
        store.set_password(existing.id, password_hash)
        if organiser and not existing.is_organiser:
            store.set_role(existing.id, "organiser")
        click.echo(f"Account {name}: password reset.")
    if password_file is None:
        click.echo(f"Password (shown only now): {password}")


@competition.command()
@click.argument("directory", metavar="DIR")
@click.option("--import", "accounts_csv", required=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="A CSV whose header names the columns name, and optionally password and organiser "
                   "(yes/no); an empty password is generated.")
@click.option("--passwords-out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write the generated passwords here (a new file, CSV name,password, mode 0600); "
                   "needed when any is generated: they are never printed.")
def users(directory, accounts_csv, passwords_out) -> None:
    """Add many accounts to the competition in DIR from a CSV file, all or none.

    Every line is checked first; a line that cannot be made (a bad name, a short password, a
    name that exists) is said with its number, and then no account is made.
    """
    from ..competition.bulk_accounts import ImportRefused, hashed, open_passwords_out, read_accounts, write_passwords

    _, store = open_competition(directory)
    try:
        accounts = read_accounts(accounts_csv, (user.name for user in store.users()))
        generated = [account for account in accounts if account.generated]
        if generated and passwords_out is None:
            raise ImportRefused([f"{len(generated)} passwords would be generated (lines "
                                 f"{', '.join(str(a.line) for a in generated[:5])}{'...' if len(generated) > 5 else ''}"
                                 "): name a file for them with --passwords-out FILE (they are never printed)"])
        out = open_passwords_out(passwords_out) if generated else None
    except ImportRefused as refused:
        for problem in refused.problems:
            click.echo(f"Error: {problem}", err=True)
        click.echo("No account was added.", err=True)
        raise SystemExit(1) from None
    try:
        rows = hashed(accounts)
        if out is not None:
            write_passwords(out, accounts)
            out = None
        store.add_users(rows)
    except BaseException as error:
        if out is not None:
            os.close(out)
        if generated:  # the accounts were not made: their passwords must not stay in a file
            Path(passwords_out).unlink(missing_ok=True)
        if isinstance(error, CompetitionError):
            raise click.ClickException(str(error)) from None  # it says none was added
        raise
    organisers = sum(account.organiser for account in accounts)
    click.echo(f"{len(accounts)} accounts added ({organisers} organisers)"
               + (f"; their {len(generated)} generated passwords are in {passwords_out} (mode 0600), "
                  "and nowhere else" if generated else "") + ".")


def _need_cgroups() -> None:
    """A competition's games are played where the kernel counts each program's memory and CPU time
    (a cgroup of its own): refused, saying why, where arena can make none."""
    from ..judge.sandbox.cgroups.setup import make_cgroup

    group = make_cgroup(64, 16)
    if group is None:
        why = "arena is not root" if os.geteuid() != 0 else "the kernel gives it none (a container without cgroups?)"
        raise click.ClickException(
            f"no cgroup can be made for each program here ({why}): a competition's games are played where the "
            "kernel counts each program's memory and CPU time. Run the server as root on a host with cgroups "
            "(`arena competition doctor` checks), or pass --without-cgroups to let each program's init hold its "
            "memory instead (docs/sandbox.md)")
    group.remove()


@competition.command()
@click.argument("directory", metavar="DIR")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Games at once on this machine (default: one per core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the games on this Dask scheduler's workers instead (tcp://host:8786).")
@click.option("--build-jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Builds and admission tests at once, first come first served (default: one per core); "
                   "on the Dask workers with --scheduler.")
@click.option("--forwarded-allow-ips", "forwarded_allow_ips", default=None, metavar="ADDRESSES",
              help="The reverse proxies (comma-separated addresses, or '*') whose X-Forwarded-For names the "
                   "client, as the login throttle sees it; '' trusts none (default: $FORWARDED_ALLOW_IPS, "
                   "else 127.0.0.1).")
@click.option("--round-every", "round_every", type=click.FloatRange(min=1), default=None, metavar="MINUTES",
              help="Start a test round this often while submissions change (default: only when an organiser does).")
@click.option("--without-cgroups", "without_cgroups", is_flag=True,
              help="Play even where no cgroup can be made for each program (its init then holds its memory, "
                   "to within what it allocates in 5 ms; docs/sandbox.md).")
def serve(directory, host, port, jobs, scheduler, build_jobs, forwarded_allow_ips, round_every,
          without_cgroups) -> None:
    """Serve the competition's site and run its builds, admissions and games.

    Builds and admission tests run --build-jobs at once, oldest upload first, on this machine
    or on the Dask cluster; games on --jobs local workers or on the cluster. A restart resumes:
    nothing done is lost or done twice.
    """
    import uvicorn

    from ..competition.conductor.conductor import Conductor
    from ..competition.site.site_app import create_app

    if jobs is not None and scheduler is not None:
        raise click.UsageError("choose --jobs (this machine) or --scheduler (a Dask cluster), not both")
    if scheduler is None and not without_cgroups:
        _need_cgroups()
    folder, store = open_competition(directory)
    from ..competition.build.remade_builds import remake_missing_builds

    remake_missing_builds(store, folder, store.competition().game, say=click.echo)
    every_s = None if round_every is None else round_every * 60
    conductor = Conductor(folder, store, jobs=jobs, scheduler=scheduler, round_every_s=every_s,
                          build_jobs=build_jobs)
    app = create_app(folder, store, conductor)
    conductor.start()
    click.echo(f"arena competition on http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
               "  (Ctrl-C stops it; a restart resumes its rounds)")
    try:
        # behind a reverse proxy the throttle must see each client's address, not the proxy's:
        # uvicorn takes it from X-Forwarded-For, but only from the proxies trusted here
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3,
                    proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    finally:
        analyses = app.state.site.analyses
        if analyses is not None:  # an analysis under way: its pool shut down, no leaked semaphore at exit
            analyses.stop()
        conductor.stop()
        store.close()


@competition.command()
@click.argument("directory", metavar="[DIR]", required=False)
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Also check that this Dask scheduler answers (tcp://host:8786).")
def doctor(directory, scheduler) -> None:
    """Check that this host can run the competition in DIR: each language's compiler and its
    version, bubblewrap, cgroups, the box uids, free disk (and the Dask scheduler).

    Without DIR, the default languages table and the current folder. Exits 1 when a language
    of the competition cannot build.
    """
    from ..competition.build.languages import LanguageError, default_table, load_table
    from ..competition.host_doctor import apt_line, doctor_findings

    if directory is None:
        table, where = default_table(), Path.cwd()
    else:
        folder, _ = open_competition(directory)
        try:
            table = load_table(folder.languages)
        except LanguageError as error:
            raise click.ClickException(str(error)) from None
        where = folder.root
    findings = doctor_findings(table, where, scheduler)
    width = max(len(finding.subject) for finding in findings)
    for finding in findings:
        click.echo(f"{finding.subject:<{width}}  {'FAIL ' if finding.fails else ''}{finding.text}")
    failed = sorted({finding.subject for finding in findings if finding.fails})
    if failed:
        install = apt_line(findings)
        click.echo(f"\nNot ready: {', '.join(failed)} cannot work here."
                   + (f" As root: {install}" if install else ""), err=True)
        raise SystemExit(1)
    click.echo("\nReady: every language of the competition can build here.")


@competition.command()
@click.argument("directory", metavar="DIR")
@click.argument("archive", metavar="FILE")
def backup(directory, archive) -> None:
    """Back the competition in DIR up into FILE (a .tar.gz only its owner may read): a consistent copy
    of the database, safe while the server serves and a round plays, the languages table and every
    upload. The builds are not kept: restoring remakes them."""
    from ..competition.store.folder_backup import back_up

    folder = CompetitionFolder(Path(directory).resolve())  # not opened by a store: a backup changes nothing
    try:
        summary = back_up(folder, Path(archive))
    except CompetitionError as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(f"cannot write the backup {archive}: {error.strerror}") from None
    click.echo(f"Backed up {directory} into {archive}: the database (schema version {summary.schema_version}), "
               f"the languages table and {summary.uploads} upload(s), {summary.size // 1024} KB.")


@competition.command()
@click.argument("archive", metavar="FILE")
@click.argument("directory", metavar="DIR")
def restore(archive, directory) -> None:
    """Make the competition folder DIR (new, or empty) from the backup FILE. The archive is checked
    before anything is written; arena competition serve DIR then remakes the builds and resumes
    the rounds that were playing."""
    from ..competition.store.folder_restore import restore as restore_backup

    try:
        summary = restore_backup(Path(archive), Path(directory).resolve())
    except CompetitionError as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(f"cannot restore into {directory}: {error.strerror or error}") from None
    migrated = ("" if summary.migrated_from is None
                else f" (its database migrated from schema version {summary.migrated_from})")
    click.echo(f"Restored {summary.title!r} ({summary.game}) into {directory}{migrated}, with "
               f"{summary.uploads} upload(s). Next: arena competition serve {directory} (it remakes the builds).")
