"""``arena competition init|user|serve``: make a competition, its accounts, and serve it."""

from __future__ import annotations

from pathlib import Path

import click

from ..cli_params import game_argument
from .accounts import AccountError, check_name, generate_password, hash_password
from .folder import CompetitionFolder
from .store.database import CompetitionError, CompetitionStore


def open_competition(directory: str) -> tuple[CompetitionFolder, CompetitionStore]:
    """The competition in DIR, or a usage error saying there is none."""
    folder = CompetitionFolder(Path(directory).resolve())
    if not folder.database.is_file():
        raise click.BadParameter(f"{directory} holds no competition: make one with arena competition init",
                                 param_hint="DIR")
    try:
        store = CompetitionStore(folder.database)
        store.competition()
    except (CompetitionError, Exception) as error:  # sqlite3.DatabaseError: not a database at all
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
    from .build.languages import write_default_table

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
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Games at once on this machine (default: one per core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the games on this Dask scheduler's workers instead (tcp://host:8786).")
@click.option("--round-every", "round_every", type=click.FloatRange(min=1), default=None, metavar="MINUTES",
              help="Start a test round this often while submissions change (default: only when an organiser does).")
def serve(directory, host, port, jobs, scheduler, round_every) -> None:
    """Serve the competition's site and run its builds, admissions and games.

    Builds and admission tests run on this machine, one at a time; games on --jobs local
    workers or on a Dask cluster. A restart resumes: nothing done is lost or done twice.
    """
    import uvicorn

    from .conductor.conductor import Conductor
    from .site.app import create_app

    if jobs is not None and scheduler is not None:
        raise click.UsageError("choose --jobs (this machine) or --scheduler (a Dask cluster), not both")
    folder, store = open_competition(directory)
    every_s = None if round_every is None else round_every * 60
    conductor = Conductor(folder, store, jobs=jobs, scheduler=scheduler, round_every_s=every_s)
    app = create_app(folder, store, conductor)
    conductor.start()
    click.echo(f"arena competition on http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
               "  (Ctrl-C stops it; a restart resumes its rounds)")
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)
    finally:
        analyses = app.state.site.analyses
        if analyses is not None:  # an analysis under way: its pool shut down, no leaked semaphore at exit
            analyses.stop()
        conductor.stop()
        store.close()
