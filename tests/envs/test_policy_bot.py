"""``arena policy-bot``: a policy callable admitted by ``arena check`` like any program."""

import stat
import subprocess
import sys
import textwrap

import pytest

from arena.check import check_program
from arena.refereeing.players import ARENA_ROOT

RANDOM_POLICY = """
import numpy as np
rng = np.random.default_rng(0)
def act(observation, mask):
    return int(rng.choice(np.flatnonzero(mask)))
"""
ILLEGAL_POLICY = """
import numpy as np
def act(observation, mask):
    return int(np.flatnonzero(mask == 0)[0])
"""


def policy_program(folder, game: str, source: str) -> str:
    """A program that runs ``policy.py:act`` through ``arena policy-bot``: the clean environment
    the judge gives programs holds no PYTHONPATH, so the script names this checkout's arena."""
    (folder / "policy.py").write_text(textwrap.dedent(source))
    program = folder / "bot"
    program.write_text(f"#!/bin/sh\nPYTHONPATH={ARENA_ROOT} exec {sys.executable} -m arena.cli "
                       f"policy-bot {game} {folder / 'policy.py'}:act\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    folder.chmod(0o755)
    return str(program)


@pytest.mark.parametrize("game", ["domineering", "luckywords", "blackhole"])
def test_a_random_policy_passes_arena_check(tmp_path, game):
    report, clean = check_program(game, policy_program(tmp_path, game, RANDOM_POLICY), games=2, seed=1)
    assert clean, report


def test_a_policy_choosing_a_masked_action_fails_arena_check(tmp_path):
    program = policy_program(tmp_path, "flippo", ILLEGAL_POLICY)
    report, clean = check_program("flippo", program, games=2, seed=1)
    assert not clean
    assert "mask does not allow" in report


def test_a_policy_that_cannot_be_found_is_named(tmp_path):
    done = subprocess.run([sys.executable, "-m", "arena.cli", "policy-bot", "flippo", f"{tmp_path}/nope.py:act"],
                          capture_output=True, text=True, input="Start\n")
    assert done.returncode != 0 and "nope.py: no such file" in done.stderr
