"""The judge, the CLI and the built-in players never load the environments or their libraries."""

import subprocess
import sys

PROBE = """
import sys
import arena.toolkit.builtin_player, arena.cli.command_group, arena.refereeing.referee
from arena.games import game_names, get_game
for name in game_names():
    get_game(name)
loaded = [m for m in sys.modules if m.split('.')[0] in ('numpy', 'gymnasium', 'pettingzoo')
          or m == 'arena.envs' or m.endswith('.envs')]
print(loaded)
"""


def test_the_judge_and_the_bots_start_without_the_envs_extra():
    shown = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"
