"""Run a built-in player as a stdin/stdout program: ``python -m arena.toolkit.builtin_player GAME NAME [--seed N]``.

Kept free of the CLI's imports: a built-in player starts under a game clock.
"""

from __future__ import annotations

import sys

from ..games import game_names
from ..games.contract import need_part


def run_bot(game: str, name: str, seed: int | None = None) -> None:
    if game not in game_names():
        raise SystemExit(f"arena bot: unknown game {game!r}; the games are: {', '.join(game_names())}")
    bots = need_part(game, "bots")
    try:
        bots.main(name, seed)
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the judge went away or the user stopped us: nothing left to do


USAGE = "usage: arena bot GAME NAME [--seed N]   (or: python -m arena.toolkit.builtin_player GAME NAME [--seed N])"


def _help() -> str:
    lines = [USAGE, "", "Run a built-in player of GAME as a stdin/stdout program.", "",
             f"GAME is one of: {', '.join(game_names())}.",
             "NAME is a built-in player of that game (arena games lists them).",
             "--seed N seeds its random choices."]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    if any(arg in ("--help", "-h") for arg in argv):
        print(_help())
        return
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--seed"):
        raise SystemExit(USAGE)
    seed = None
    if len(argv) == 4:
        try:
            seed = int(argv[3])
        except ValueError:
            raise SystemExit(f"arena bot: --seed must be an integer, got {argv[3]!r}") from None
    run_bot(argv[0], argv[1], seed)

if __name__ == "__main__":
    main(sys.argv[1:])
