"""``arena policy-bot``: a policy callable admitted by ``arena check`` like any program."""

import subprocess
import sys
import textwrap

import pytest

from arena.toolkit.admission_report import check_program
from arena.envs.policy_bot import NO_NUMPY, PolicyError, load_policy
from arena.judge.sandbox.settings import Sandbox
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


def policy_command(folder, game: str, source: str) -> str:
    """The bare command that runs ``folder/policy.py`` through ``arena policy-bot``."""
    (folder / "policy.py").write_text(textwrap.dedent(source))
    return f"{sys.executable} -m arena.cli policy-bot {game} {folder / 'policy.py'}"


THIS_ARENA = Sandbox("limits", env=(("PYTHONPATH", str(ARENA_ROOT)),))
"""The clean environment the judge gives programs holds no PYTHONPATH: this one (as
``--env PYTHONPATH=...``) makes the program import the arena under test, wherever it is."""


@pytest.mark.parametrize("game", ["domineering", "luckywords", "blackhole"])
def test_a_random_policy_passes_arena_check(tmp_path, game):
    report, clean = check_program(game, policy_command(tmp_path, game, RANDOM_POLICY), games=2, seed=1,
                                  sandbox=THIS_ARENA)
    assert clean, report


def test_a_policy_choosing_a_masked_action_fails_arena_check(tmp_path):
    program = policy_command(tmp_path, "flippo", ILLEGAL_POLICY)
    report, clean = check_program("flippo", program, games=2, seed=1, sandbox=THIS_ARENA)
    assert not clean
    assert "mask does not allow" in report


def test_a_policy_that_cannot_be_found_is_named(tmp_path):
    done = subprocess.run([sys.executable, "-m", "arena.cli", "policy-bot", "flippo", f"{tmp_path}/nope.py:act"],
                          capture_output=True, text=True, input="Start\n")
    assert done.returncode != 0 and "nope.py: no such file" in done.stderr


def test_the_three_spellings_of_a_policy_name_the_same_function(tmp_path):
    (tmp_path / "named.py").write_text("def act(o, m): return 'act'\ndef play(o, m): return 'play'\n")
    path = str(tmp_path / "named.py")
    assert load_policy(path)(None, None) == "act"
    assert load_policy(path, "play")(None, None) == "play"
    assert load_policy(f"{path}:play")(None, None) == "play"
    with pytest.raises(PolicyError, match="give one"):
        load_policy(f"{path}:play", "act")
    with pytest.raises(PolicyError, match="no callable 'missing'"):
        load_policy(path, "missing")


NO_NUMPY_RUNNER = """
import sys
sys.modules["numpy"] = None  # as in a Python without the envs extra: importing numpy fails
from arena.envs.policy_bot import main
main(sys.argv[1:])
"""


def test_without_numpy_it_says_what_to_install_and_arena_check_shows_it(tmp_path):
    (tmp_path / "policy.py").write_text(textwrap.dedent(RANDOM_POLICY))
    (tmp_path / "runner.py").write_text(NO_NUMPY_RUNNER)
    command = [sys.executable, str(tmp_path / "runner.py"), "domineering", str(tmp_path / "policy.py")]
    done = subprocess.run(command, capture_output=True, text=True, input="")
    assert done.returncode == 1 and done.stderr.strip() == NO_NUMPY and "Traceback" not in done.stderr
    report, clean = check_program("domineering", " ".join(command), games=2, seed=1, sandbox=THIS_ARENA)
    assert not clean
    assert "pip install 'arena[envs]'" in report, report
