"""Fixtures shared by every test folder: contestant programs as real child processes."""

import sys
import textwrap

import pytest

from arena.judge.players import PlayerSpec, resolve_player


@pytest.fixture
def game():
    """The game a test folder plays; each game's conftest overrides it."""
    return "flippo"


@pytest.fixture
def script(tmp_path, game):
    """Write a Python program to a file and return a PLAYER that runs it."""
    counter = iter(range(1000))

    def make(source: str) -> PlayerSpec:
        path = tmp_path / f"bot{next(counter)}.py"
        path.write_text(textwrap.dedent(source))
        return resolve_player(game, f"{sys.executable} {path}")

    return make


@pytest.fixture
def builtin(game):
    """``builtin("greedy")``: a built-in player of the folder's game."""
    return lambda name: resolve_player(game, f"builtin:{name}")


BREAKS_AFTER = """
    import subprocess, sys, threading
    game, replies = sys.argv[1], int(sys.argv[2])
    child = subprocess.Popen([sys.executable, "-m", "arena.bot", game, "random", "--seed", "1"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def feed():
        for line in sys.stdin:
            child.stdin.write(line)
            child.stdin.flush()

    threading.Thread(target=feed, daemon=True).start()
    for count, line in enumerate(child.stdout):
        if count == replies:
            break
        print(line, end="", flush=True)
    print("garbage", flush=True)
    child.kill()
"""


@pytest.fixture
def breaks_after(script, game):
    """``breaks_after(k)``: the built-in random player, relayed, that writes garbage as reply k + 1."""
    def make(replies: int) -> PlayerSpec:
        spec = script(BREAKS_AFTER)
        return resolve_player(game, f"{spec.command} {game} {replies}")

    return make
