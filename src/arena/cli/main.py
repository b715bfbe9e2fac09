"""The ``arena`` console script: the commands that start under a game clock first, then click."""

from __future__ import annotations

import os
import sys

PASSED_ON = ("PATH", "LANG", "LC_ALL")
"""The variables of the user's environment every program is started with (docs/sandbox.md)."""


def main() -> None:
    # `arena bot` runs under a game clock: dispatch it before importing click and rich.
    if len(sys.argv) > 1 and sys.argv[1] == "bot":
        from ..toolkit.builtin_player import main as bot_main

        bot_main(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "policy-bot":  # a program under a clock as well
        from ..envs.policy_bot import main as policy_bot_main

        policy_bot_main(sys.argv[2:])
        return
    refuse_undecodable_input()
    from .command_group import cli
    from ..judge.sandbox.errors import SandboxError

    try:
        cli(standalone_mode=True)
    except SandboxError as error:  # found only once a program starts (no free uid): no traceback
        print(f"Error: {error}", file=sys.stderr)
        sys.exit(1)


def refuse_undecodable_input() -> None:
    """Bytes that are not UTF-8 in an argument or in what programs are started with are named
    and refused up front: Python holds them as lone surrogates, which no program's command
    line or environment, and no terminal, can be given."""
    from ..refereeing.terminal_text import visible

    for index, argument in enumerate(sys.argv[1:], start=1):
        if _undecodable(argument):
            _refuse(f"argument {index} ({visible(argument)}) holds bytes that are not UTF-8; write it in UTF-8")
    for name in PASSED_ON:
        if _undecodable(os.environ.get(name, "")):
            _refuse(f"${name} ({visible(os.environ[name])}) holds bytes that are not UTF-8, and every program "
                    "is started with it; set it in UTF-8")


def _undecodable(text: str) -> bool:
    return any("\udc80" <= character <= "\udcff" for character in text)  # surrogateescape's bytes


def _refuse(message: str) -> None:
    print(f"Error: {message}", file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()
