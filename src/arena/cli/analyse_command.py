"""``arena analyse``: the analysis of recorded games, or of every game of a tournament."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
import click

from ..judge.judge_files import write_new_file
from ..analysis.describe import game_lines, report_lines
from ..analysis.document_types import AnalysisDocument
from ..analysis.plies import RecordError
from ..analysis.storage import AnalysisFileError, analysis_path, load_beside, save_beside
from ..judge.record_types import Record
from .shared_arguments import check_judge_file


def _progress(label: str):
    """A line on the terminal counting the plies done; nothing when stderr is not one."""
    if not sys.stderr.isatty():
        return None

    def show(document: AnalysisDocument) -> None:
        click.echo(f"\r{label}: {document['analysed']}/{document['total']} plies", nl=False, err=True)
    return show


def _read_record(path: Path) -> Record:
    try:
        return json.loads(path.read_text())
    except OSError as problem:
        raise click.FileError(str(path), hint=problem.strerror or str(problem)) from None
    except ValueError as problem:
        raise click.ClickException(f"{path}: not JSON ({problem})") from None


def _analyse_file(path: Path, seconds: float | None, jobs: int | None, out: Path | None, again: bool) -> None:
    record = _read_record(path)
    try:
        document = None if again or out else load_beside(path, record)
    except AnalysisFileError as problem:
        click.echo(f"{problem}: analysing again", err=True)
        document = None
    started = time.monotonic()
    from ..analysis.parallel_plies import analyse

    if document is None:
        try:
            document = analyse(record, seconds=seconds, jobs=jobs, progress=_progress(path.name))
        except RecordError as problem:
            raise click.ClickException(f"{path}: {problem}") from None
        if sys.stderr.isatty():
            click.echo("", err=True)
        where = out or save_beside(path, document)
        if out:  # whole, and never through a link planted where it goes
            write_new_file(out, (json.dumps(document, indent=1) + "\n").encode())
        note = f"analysed in {time.monotonic() - started:.1f} s, written to {where}"
    else:
        note = "analysed before (arena analyse --again to redo it)"
    for line in game_lines(path.name, document, note):
        click.echo(line)


def _analyse_tournament(db: Path, seconds: float | None, jobs: int | None, again: bool) -> None:
    from ..tournament.store import StoreError, TournamentStore
    from ..analysis.tournament_losses import tournament_report
    from ..analysis.parallel_plies import analyse
    from ..analysis.storage import save_to_tournament, tournament_analyses

    try:
        done = {} if again else tournament_analyses(db)
        with TournamentStore(db, must_exist=True) as store:
            games = [game for game in store.games() if game.slot not in done]
    except (StoreError, FileNotFoundError) as problem:
        raise click.ClickException(str(problem)) from None
    for number, game in enumerate(games, 1):
        try:
            document = analyse(game.record, seconds=seconds, jobs=jobs,
                               progress=_progress(f"game {number}/{len(games)} (slot {game.slot})"))
        except RecordError as problem:
            click.echo(f"slot {game.slot}: not analysed: {problem}", err=True)
            continue
        save_to_tournament(db, game.slot, document)
    if games and sys.stderr.isatty():
        click.echo("", err=True)
    for line in report_lines(tournament_report(db)):
        click.echo(line)


@click.command()
@click.argument("records", nargs=-1, type=click.Path(dir_okay=False, path_type=Path), metavar="RECORD...")
@click.option("--time-per-ply", "seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds of search per position (default: the game's own, a whole game in seconds).")
@click.option("--out", type=click.Path(dir_okay=False, writable=True, path_type=Path), default=None,
              help="Write the analysis here (one RECORD only) instead of NAME.analysis.json beside it.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Analyse every game of this tournament database and report each player's losses.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Worker processes (default: every core).")
@click.option("--again", is_flag=True, help="Analyse again games analysed before.")
def analyse(records, seconds, out, db, jobs, again) -> None:
    """Analyse recorded games: each position's value by the strong engine, its best move, and how
    much each move played lost.

    The analysis of NAME.json is kept as NAME.analysis.json (the viewer draws it), so each game is
    analysed once.
    """
    if db is not None:
        if records or out:
            raise click.UsageError("--db analyses a tournament's games: give no RECORD and no --out with it")
        _analyse_tournament(db, seconds, jobs, again)
        return
    if not records:
        raise click.UsageError("give at least one RECORD (a game record, JSON), or --db DB")
    if out is not None and len(records) > 1:
        raise click.UsageError(f"--out takes one RECORD's analysis, got {len(records)} records")
    # as root, before hours of analysis: where each analysis is to go (written by the same rule)
    for option, written in [("--out", out)] if out is not None else [("RECORD", analysis_path(p)) for p in records]:
        check_judge_file(option, str(written))
    for path in records:
        _analyse_file(path, seconds, jobs, out, again)
