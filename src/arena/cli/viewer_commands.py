"""``arena serve`` and ``arena view``: the web viewer from the command line."""

from __future__ import annotations

import re
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import click

from ..refereeing.players import resolve_player
from ..refereeing.terminal_text import visible
from .shared_arguments import folder_option, given_folders, sandbox_argument, sandbox_options

DEFAULT_RECORDS = "arena-records"


def _check_db(path: str) -> str:
    from ..tournament.store import StoreError, TournamentStore

    if not Path(path).is_file():
        raise click.BadParameter(f"no tournament database at {path}", param_hint="--db")
    try:
        with TournamentStore(path, must_exist=True) as store:
            if store.identity() is None:
                raise click.BadParameter(f"{path} holds no tournament yet", param_hint="--db")
    except StoreError as error:
        raise click.BadParameter(str(error), param_hint="--db") from None
    except Exception as error:  # sqlite3.DatabaseError: not a database at all
        raise click.BadParameter(f"{path} is not a tournament database: {error}", param_hint="--db") from None
    return path


def _run(app, host: str, port: int, path: str, open_browser: bool) -> None:
    import webbrowser

    import uvicorn

    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}{path}"
    click.echo(f"arena viewer on {url}  (Ctrl-C stops it)")
    if open_browser:
        webbrowser.open(url)
    # live pages hold event streams open: Ctrl-C must not wait for them
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)


@click.command()
@click.option("--db", "db_paths", multiple=True, metavar="FILE", help="A tournament database (repeat for more).")
@click.option("--records", "records_dir", default=DEFAULT_RECORDS, show_default=True, metavar="DIR",
              help="Game records to list and replay; games played in the browser are saved here.")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the viewer in a browser.")
@click.option("--opponent", "opponent_texts", multiple=True, metavar="NAME=COMMAND",
              help="A program the Play page may play against, by NAME (repeat for more); besides these, "
                   "only built-in players: no command is ever taken from a request.")
@click.option("--builtin-only", is_flag=True, hidden=True)  # the default now; kept for scripts that pass it
@folder_option("its NAME as --opponent gives it", "NAME")
@sandbox_options
def serve(db_paths, records_dir, host, port, open_browser, opponent_texts, builtin_only, folder_texts,
          sandbox_mode, memory_mb) -> None:
    """The web viewer: standings (live), games, replays, and play in the browser."""
    from ..viewer.viewer_app import create_app

    opponents = _opponents(opponent_texts)

    paths = [_check_db(path) for path in db_paths]
    if Path(records_dir).exists() and not Path(records_dir).is_dir():
        raise click.BadParameter(f"{records_dir} is not a folder", param_hint="--records")
    # each opponent's folder decided once, here, and said: the Play page's games give it that one
    specs = {name: resolve_player("flippo", command) for name, command in opponents.items()}  # a command needs no game
    specs = given_folders(specs, folder_texts, sandbox_mode, "serve")
    # under isolate no opponent can see the databases or the records
    owned = [(spec.text, spec.folder) for spec in specs.values()]
    sandbox = sandbox_argument(sandbox_mode, memory_mb, owned,
                               files=tuple(("--db", path) for path in paths),
                               folders_to_write=(("--records", records_dir),))
    app = create_app(paths, records_dir, host=host, sandbox=sandbox, opponents=opponents,
                     opponent_folders={name: spec.folder for name, spec in specs.items() if spec.folder})
    app.state.viewer.warm_up()  # the databases are read before the address is given out
    _run(app, host, port, "/", open_browser)


OPPONENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")


def _opponents(texts: tuple[str, ...]) -> dict[str, str]:
    """``--opponent NAME=COMMAND`` options as NAME -> COMMAND, each name once."""
    opponents: dict[str, str] = {}
    for text in texts:
        name, equals, command = text.partition("=")
        if not equals or not OPPONENT_NAME.fullmatch(name) or not command.strip():
            raise click.BadParameter(f"{visible(text)!r}: give NAME=COMMAND, NAME letters, digits, '.', '_' or '-'",
                                     param_hint="--opponent")
        if name in opponents:
            raise click.BadParameter(f"{name} is given twice", param_hint="--opponent")
        opponents[name] = command.strip()
    return opponents


@click.command()
@click.argument("record_path", metavar="RECORD.json", type=click.Path(exists=True, dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the replay in a browser.")
def view(record_path, host, port, open_browser) -> None:
    """Replay one game record in the browser."""
    from ..judge.record import RecordError, read_record
    from ..viewer.viewer_app import create_app
    from ..web_common.record_check import BadRecord, validate_record

    try:
        record = read_record(record_path)
    except RecordError as error:
        raise click.BadParameter(f"{record_path} is not a JSON game record: {error.reason}",
                                 param_hint="RECORD") from None
    try:
        validate_record(record)
    except BadRecord as error:
        raise click.BadParameter(f"{record_path} is not a game record the viewer can show: {error}",
                                 param_hint="RECORD") from None
    folder = Path(tempfile.mkdtemp(prefix="arena-view-"))
    name = Path(record_path).name if record_path.endswith(".json") else Path(record_path).name + ".json"
    shutil.copyfile(record_path, folder / name)  # served from a folder of its own: nothing else is listed
    page = f"/records/{name}"
    # uvicorn answers SIGTERM by stopping, then raises the signal again: with the default
    # handler the process would die there and leave the copy behind
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        _run(create_app([], folder, host=host, home=page), host, port, page, open_browser)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
