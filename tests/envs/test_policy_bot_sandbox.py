"""``arena policy-bot`` by its bare command under a root judge: the policy file its command
names, and that file's folder, are all the program reaches.

As root (as CI and servers run arena) each program runs as a uid of its own, and the
policy sits in a root-owned 0700 folder, as pytest's tmp_path and a user's /root are.
"""

import os
import sys
import textwrap

import numpy as np
import pytest

from arena.toolkit.admission_report import check_program
from arena.judge.sandbox.bubblewrap import bwrap_path
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import ARENA_ROOT

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the judge drops privileges only when it runs as root")]

MODES = ["limits", pytest.param("isolate", marks=pytest.mark.skipif(
    bwrap_path() is None, reason="--sandbox isolate needs bubblewrap (bwrap), not installed here"))]

# reads its weights beside it, and fails to start if it could read a file outside its folder (its
# own folder is read-only to it: the check's verdict says what it found)
POLICY = """
import numpy as np
from pathlib import Path

here = Path(__file__).parent
preference = np.load(here / "weights.npy")
try:
    SECRET_PATH.read_text()
    raise SystemExit("read the root-only secret")
except OSError as error:
    pass

def {function}(observation, mask):
    return int(np.argmax(np.where(mask == 1, preference, -1.0)))
"""


def sandbox(mode: str) -> Sandbox:
    # the clean environment holds no PYTHONPATH: as --env, so that the arena under test runs
    return Sandbox(mode, env=(("PYTHONPATH", str(ARENA_ROOT)),))


def private_policy(tmp_path, function: str = "act"):
    """``policy.py`` and its weights in a 0700 folder, a root-only secret in a sibling folder."""
    folder, secret = tmp_path / "policy", tmp_path / "secret" / "key"
    secret.parent.mkdir(mode=0o700)
    secret.write_text("root's")
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o700)
    np.save(folder / "weights.npy", np.arange(65, dtype=np.float32))
    source = textwrap.dedent(POLICY).replace("SECRET_PATH", f"Path({str(secret)!r})")
    (folder / "policy.py").write_text(source.replace("{function}", function))
    return folder


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("spelling", ["{file}", "{file}:play", "{file} --function play"])
def test_the_bare_command_is_clean_and_reaches_its_folder_but_nothing_outside(tmp_path, mode, spelling):
    folder = private_policy(tmp_path, "act" if spelling == "{file}" else "play")
    policy = spelling.format(file=folder / "policy.py")
    command = f"{sys.executable} -m arena.cli policy-bot domineering {policy}"
    report, clean = check_program("domineering", command, games=2, seed=3, sandbox=sandbox(mode))
    assert clean, report  # (a policy that read the secret would not even start)


@pytest.mark.parametrize("mode", MODES)
def test_the_arena_script_runs_a_policy_too(tmp_path, mode):
    script = os.path.join(os.path.dirname(sys.executable), "arena")
    if not os.path.exists(script):
        pytest.skip("no arena script beside this Python (arena not installed in it)")
    folder = private_policy(tmp_path)
    command = f"{script} policy-bot domineering {folder / 'policy.py'}"
    report, clean = check_program("domineering", command, games=2, seed=4, sandbox=sandbox(mode))
    assert clean, report


@pytest.mark.parametrize("mode", MODES)
def test_a_numpy_policy_file_in_a_private_folder_is_the_programs_own(tmp_path, mode):
    from arena.envs.numpy_policy import save

    folder = tmp_path / "policy"
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o700)
    # domineering's 452 flat values to its 65 actions, one layer: passing is always its best, so a
    # policy that plays a game through is one whose file the sandboxed program read
    weights, biases = np.zeros((65, 452)), np.zeros(65)
    biases[64] = 1.0
    save(folder / "policy.npz", [weights], [biases], [], game="domineering")
    command = f"{sys.executable} -m arena.cli policy-bot domineering {folder / 'policy.npz'}"
    report, clean = check_program("domineering", command, games=2, seed=5, sandbox=sandbox(mode))
    assert clean, report
