"""An agent under tools/ loaded as ``arena policy-bot`` loads it: its policy file run with its
folder first on sys.path, so that its neighbours import by their bare names. The afterstate
agents' modules share their names (tools/domineering_agent/value.py and
tools/turnright_agent/value.py, and so on): a test that loads one agent forgets its modules
afterwards, or the other agent's test, in the same process, would import the first one's. And the
check both agents pass: whole games with only masked actions (plays_only_masked_actions)."""

import importlib
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from arena.envs import aec_env
from arena.envs.policy_bot import load_policy

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@contextmanager
def agent_loaded(folder: str) -> Iterator[tuple]:
    """(its policy ``act``, a function importing one of its modules by name), while in the block."""
    names = {path.stem for path in (TOOLS / folder).glob("*.py")}
    path_before = list(sys.path)
    others = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    try:
        act = load_policy(str(TOOLS / folder / "policy.py"))
        yield act, importlib.import_module
    finally:
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(others)
        sys.path[:] = path_before


def plays_only_masked_actions(act, game: str, seeds: range) -> None:
    """Whole games of ``act`` in both seats (it plays every turn): every action it chose was in the
    mask, and the environment never reported a fault."""
    env = aec_env(game)
    for seed in seeds:
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            assert "fault" not in info
            if terminated or truncated:
                env.step(None)
                continue
            action = act(observation["observation"], observation["action_mask"])
            assert observation["action_mask"][action] == 1
            env.step(action)
