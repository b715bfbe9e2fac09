"""A trained policy as a program: ``arena policy-bot GAME POLICY [--seed N]``.

POLICY names a Python callable ``policy(observation, action_mask) -> action``, the
environments' own vectors (docs/envs.md), as ``path/to/file.py:name`` or
``package.module:name``. The program speaks GAME's protocol on stdin/stdout, like a
built-in player, so ``arena check``, ``arena tournament`` and a competition take it as any
other program. It loads numpy and the game's encoding, never gymnasium or pettingzoo.

An action outside the mask is not played: the program says so on stderr and exits with
status 3 (the judge records a fault), rather than writing a move the rules refuse.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from pathlib import Path
from typing import Callable

USAGE = "usage: arena policy-bot GAME POLICY [--seed N]   (POLICY: file.py:function or module:function)"
ILLEGAL_ACTION_STATUS = 3


class PolicyError(ValueError):
    pass


def load_policy(spec: str) -> Callable:
    """The callable ``spec`` names: ``file.py:name`` or ``module.path:name``."""
    where, _, name = spec.rpartition(":")
    if not where or not name:
        raise PolicyError(f"{spec!r}: name the policy as file.py:function or module:function")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise PolicyError(f"{where}: no such file")
        module_spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.path.insert(0, str(path.resolve().parent))  # the policy may import its neighbours
        module_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    policy = getattr(module, name, None)
    if not callable(policy):
        raise PolicyError(f"{spec!r}: {where} has no callable {name!r}")
    return policy


def policy_chooser(encoding, policy: Callable) -> Callable:
    """``choose(state) -> move`` for the seat to move, through the policy."""
    def choose(state):
        mask = encoding.action_mask(state)
        action = int(policy(encoding.observe(state, state.to_move), mask))
        if not (0 <= action < len(mask) and mask[action]):
            print(f"the policy chose action {action}, which the mask does not allow here; stopping",
                  file=sys.stderr, flush=True)
            raise SystemExit(ILLEGAL_ACTION_STATUS)
        return encoding.action_to_move(state, action)
    return choose


def run_policy_bot(game: str, spec: str, seed: int | None = None) -> None:
    from .encoding import load_encoding

    encoding = load_encoding(game)
    policy = load_policy(spec)
    try:
        encoding.play_as_program(policy_chooser(encoding, policy), random.Random(seed))
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the judge went away: nothing left to do


def main(argv: list[str]) -> None:
    if any(arg in ("--help", "-h") for arg in argv):
        print(USAGE + "\n\n" + __doc__.split("\n\n", 1)[1])
        return
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--seed"):
        raise SystemExit(USAGE)
    try:
        seed = int(argv[3]) if len(argv) == 4 else None
    except ValueError:
        raise SystemExit(f"arena policy-bot: --seed must be an integer, got {argv[3]!r}") from None
    from ..games import GAME_MODULES

    if argv[0] not in GAME_MODULES:
        raise SystemExit(f"arena policy-bot: unknown game {argv[0]!r}; the games are: {', '.join(GAME_MODULES)}")
    try:
        run_policy_bot(argv[0], argv[1], seed)
    except PolicyError as error:
        raise SystemExit(f"arena policy-bot: {error}") from None


if __name__ == "__main__":
    main(sys.argv[1:])
