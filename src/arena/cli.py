"""The ``arena`` command line."""

from __future__ import annotations

import sys


def main() -> None:
    # `arena bot` runs under a game clock: dispatch it before importing click and rich.
    if len(sys.argv) > 1 and sys.argv[1] == "bot":
        from .bot import main as bot_main

        bot_main(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "policy-bot":  # a program under a clock as well
        from .envs.policy_bot import main as policy_bot_main

        policy_bot_main(sys.argv[2:])
        return
    from .commands import cli
    from .judge.sandbox.errors import SandboxError

    try:
        cli(standalone_mode=True)
    except SandboxError as error:  # found only once a program starts (no free uid, no ACLs): no traceback
        print(f"Error: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
