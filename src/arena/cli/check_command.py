"""``arena check GAME PLAYER``: the admission test, printed for a person to act on.

Exit status 0 only when every game was clean. The games are toolkit/admission_games.py's, the
report toolkit/admission_report.py's (no click there: a competition's build worker makes it
too); from Python, ``arena.toolkit.admission_report.check_program`` returns the same text and
the clean flag.
"""

from __future__ import annotations

import click

from ..judge.record_types import Record
from ..refereeing.fault_report import explain_faults
from ..refereeing.players import PlayerSpecError
from ..toolkit.admission_games import run_check
from ..toolkit.admission_report import render
from .shared_arguments import game_argument, sandbox_argument, sandbox_options


def echo_faults(record: Record) -> None:
    """Print the explanation of every fault in a game record (nothing for a clean game)."""
    for line in explain_faults(record):
        click.echo(line)


@click.command()
@click.argument("game_name", metavar="GAME")
@click.argument("player", metavar="PLAYER")
@click.option("--games", type=click.IntRange(min=1), default=4, show_default=True,
              help="How many games, alternating seats (two games on each seed).")
@click.option("--time-scale", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Multiply every clock by this factor.")
@click.option("--seed", type=int, default=None, help="The first game's seed (default: drawn).")
@sandbox_options
def check(game_name, player, games, time_scale, seed, sandbox_mode, memory_mb) -> None:
    """Admission test: play PLAYER against builtin:random in both seats and report every problem.

    Exits 0 only when every game was clean.
    """
    game = game_argument(game_name)
    sandbox = sandbox_argument(sandbox_mode, memory_mb)
    if player.strip() == "human":
        raise click.BadParameter("arena check tests a program, not a human player", param_hint="PLAYER")
    try:
        report = run_check(game, player, games=games, time_scale=time_scale, seed=seed, sandbox=sandbox)
    except PlayerSpecError as error:
        raise click.BadParameter(str(error), param_hint="PLAYER") from None
    click.echo(render(report, style=click.style))
    if not report.clean:
        raise SystemExit(1)
