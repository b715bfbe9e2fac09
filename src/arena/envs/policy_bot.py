"""A trained policy as a program: ``arena policy-bot GAME POLICY [--function NAME] [--seed N]``.

POLICY names a Python callable ``policy(observation, action_mask) -> action``, the
environments' own vectors (docs/envs.md): ``path/to/policy.py`` (its function ``act``, or
the one ``--function`` names), ``path/to/policy.py:name``, or ``package.module[:name]``;
or a network exported to numpy arrays, ``path/to/policy.npz`` (numpy_policy.py), which
says itself what it was trained on (a compact action space, the board's planes).
The program speaks GAME's protocol on stdin/stdout, like a built-in player, so
``arena check``, ``arena tournament`` and a competition take it as any other program. It
loads numpy and the game's encoding, never gymnasium or pettingzoo.

Under the sandbox the policy's file is what the judge gives the program: its folder is the
program's own (readable, and writable under ``isolate``), so the policy's neighbours (its
weights) are there too.

An action outside the mask is not played: the program says so on stderr and exits with
status 3 (the judge records a fault), rather than writing a move the rules refuse
(policy_moves.py).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import random
import sys
from pathlib import Path
from typing import Callable

DEFAULT_FUNCTION = "act"
NUMPY_POLICY_SUFFIX = ".npz"
NO_NUMPY = ("arena policy-bot needs numpy (the envs extra), which this Python does not have: "
            "pip install 'arena[envs]' (in a checkout of arena: pip install -e '.[envs]')")


class PolicyError(ValueError):
    pass


def split_policy(spec: str, function: str | None) -> tuple[str, str]:
    """(file or module, function name) of a POLICY and its ``--function``."""
    where, colon, name = spec.rpartition(":")
    if not colon:
        return spec, function or DEFAULT_FUNCTION
    if not where or not name:
        raise PolicyError(f"{spec!r}: name the policy as file.py, file.py:function or module:function")
    if function is not None and function != name:
        raise PolicyError(f"{spec!r} names the function {name!r}, --function {function!r}: give one")
    return where, name


def load_policy(spec: str, function: str | None = None) -> Callable:
    """The callable ``spec`` (and ``function``) name."""
    if spec.endswith(NUMPY_POLICY_SUFFIX):
        return _numpy_policy(Path(spec), function)
    where, name = split_policy(spec, function)
    if where.endswith(".py"):
        module = _module_from_file(Path(where))
    else:
        module = importlib.import_module(where)
    policy = getattr(module, name, None)
    if not callable(policy):
        raise PolicyError(f"{where} has no callable {name!r}")
    return policy


def _numpy_policy(path: Path, function: str | None) -> Callable:
    from . import numpy_policy

    if function is not None:
        raise PolicyError(f"{path}: a numpy policy file has no functions; leave out --function")
    _check_readable(path)
    try:
        return numpy_policy.load(path)
    except numpy_policy.PolicyFileError as error:
        raise PolicyError(str(error)) from None


def _check_readable(path: Path) -> None:
    try:
        path.stat()
    except FileNotFoundError:
        raise PolicyError(f"{path}: no such file") from None
    except PermissionError:  # a sandboxed program reaches only the files its command names
        raise PolicyError(f"{path}: not readable by this program (uid {os.getuid()}); "
                          "name the policy file itself in the command") from None


def _module_from_file(path: Path):
    _check_readable(path)
    module_spec = importlib.util.spec_from_file_location(path.stem, path)
    if module_spec is None or module_spec.loader is None:
        raise PolicyError(f"{path}: not a Python file that can be imported")
    module = importlib.util.module_from_spec(module_spec)
    sys.path.insert(0, str(path.resolve().parent))  # the policy may import its neighbours
    module_spec.loader.exec_module(module)
    return module


ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def single_threaded_numpy() -> None:
    """Before numpy loads: its BLAS on one thread, unless the environment says otherwise. A game's
    clock counts the CPU time of all the program's threads, and OpenBLAS's helper threads spin
    while they wait: on a busy 2-core machine a convolutional policy's move took 6-17 ms of CPU
    time with them, 0.5-0.75 ms without (bench/envs.py --cnn)."""
    for name in ONE_THREAD:
        os.environ.setdefault(name, "1")


def require_numpy() -> None:
    """Say what to install, on stderr (which ``arena check`` shows), rather than a traceback."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise SystemExit(NO_NUMPY) from None


def run_policy_bot(game: str, spec: str, seed: int | None = None, function: str | None = None) -> None:
    single_threaded_numpy()
    require_numpy()
    from ..games.env_encoding import load_encoding
    from .policy_moves import check_fits, policy_chooser  # numpy's: imported once it is known to be there

    encoding = load_encoding(game)
    policy = load_policy(spec, function)
    try:
        choose = policy_chooser(encoding, policy)
        check_fits(encoding, policy)
    except ValueError as error:  # a policy made for another game or space: say which, at once
        raise PolicyError(f"{spec}: {error}") from None
    try:
        encoding.play_as_program(choose, random.Random(seed))
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the judge went away: nothing left to do


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arena policy-bot", description=__doc__.split("\n\n")[1])
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("policy", metavar="POLICY",
                        help="path/to/policy.py, policy.py:function, module:function or path/to/policy.npz")
    parser.add_argument("--function", default=None, help=f"the policy's function (default: {DEFAULT_FUNCTION})")
    parser.add_argument("--seed", type=int, default=None,
                        help="the seed of the built-in dialogue's own random choices, where it has any")
    return parser


def main(argv: list[str]) -> None:
    arguments = argument_parser().parse_args(argv)
    from ..games import game_names

    if arguments.game not in game_names():
        raise SystemExit(f"arena policy-bot: unknown game {arguments.game!r}; "
                         f"the games are: {', '.join(game_names())}")
    try:
        run_policy_bot(arguments.game, arguments.policy, arguments.seed, arguments.function)
    except PolicyError as error:
        raise SystemExit(f"arena policy-bot: {error}") from None


if __name__ == "__main__":
    main(sys.argv[1:])
