"""The commands beside command_group.py are imported when they run: ``arena play`` does not pay for
the server, the analysis, Dask or the SPRT tables, and every command is still there."""

import subprocess
import sys

import click

from arena.cli.command_group import LAZY_COMMANDS, cli

PROBE = """
import sys
from arena.cli.command_group import cli
heavy = [m for m in sys.modules if m.startswith(("arena.competition", "arena.analysis", "arena.tournament",
                                                  "arena.viewer", "distributed", "dask", "fastapi", "uvicorn"))]
print(heavy)
"""


def test_the_group_alone_imports_no_other_engine():
    shown = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


def test_every_command_is_listed_and_found_under_its_name():
    context = click.Context(cli)
    names = cli.list_commands(context)
    assert set(LAZY_COMMANDS) < set(names) and {"play", "games", "bot", "policy-bot"} < set(names)
    for name in names:
        command = cli.get_command(context, name)
        assert isinstance(command, click.Command) and command.name == name
    assert cli.get_command(context, "no-such-command") is None
