"""The sandbox of a game's programs: the memory limit chosen (``--memory``), else the game's own.

The judge names no game: a game's limit (GameInfo.memory_mb) reaches it as the
Sandbox's memory_mb, filled in here where none was chosen. The record says which
applied (``sandbox.memory_from``), as a limit of 64 MB means something else when the
competition had it than when someone asked for it.
"""

from __future__ import annotations

from dataclasses import replace

from ..games.base import GameInfo
from ..judge.sandbox.settings import Sandbox


def game_sandbox(game: GameInfo, sandbox: Sandbox | None) -> Sandbox:
    """``sandbox`` (default: ``limits``) with the game's own memory limit where it chose none."""
    sandbox = sandbox or Sandbox()
    return sandbox if sandbox.memory_mb is not None else replace(sandbox, memory_mb=game.memory_mb)


def memory_from(sandbox: Sandbox | None) -> str:
    """Where the memory limit of a game played in ``sandbox`` comes from: "option" (chosen,
    as with ``--memory``) or "game" (the game's own)."""
    return "option" if sandbox is not None and sandbox.memory_mb is not None else "game"
