"""Turning a PLAYER argument into something that can take a seat.

A PLAYER is ``builtin:NAME`` (a built-in player of the game), ``human`` (you,
at this terminal), or any shell command (``"python3 mybot.py"``, ``./mybot``). A command
plays with its own folder, which it reads whole: named by whoever starts it (``arena play
--folder``, a competition's build folder), or else decided here, once, by the rule of
judge/sandbox/uid_box/needed_paths.py's command_folder; a built-in player has none.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from ..games import as_game
from ..games.base import GameInfo
from ..judge.sandbox.uid_box.needed_paths import ARENA_ROOT, command_folder


class PlayerSpecError(ValueError):
    """A PLAYER argument names nothing that can play."""


@dataclass(frozen=True)
class PlayerSpec:
    text: str  # as the user wrote it
    command: str | list[str] | None  # None for a human
    builtin: bool = False  # a built-in player is given the game's seed, for exact replays
    folder: str | None = None  # the program's own folder (None: it has none, as a built-in player)

    @property
    def is_human(self) -> bool:
        return self.command is None


def builtin_command(game: str, name: str) -> list[str]:
    """The command line of a built-in player (no shell, and no CLI imports to start fast)."""
    return [sys.executable, "-m", "arena.toolkit.builtin_player", game, name]


def is_program(text: str) -> bool:
    """Is this PLAYER a command of its own (neither ``human`` nor ``builtin:NAME``)?"""
    text = text.strip()
    return bool(text) and text != "human" and not text.startswith("builtin:")


def resolve_player(game: GameInfo | str, text: str, folder: str | None = None) -> PlayerSpec:
    """The player ``text`` names; ``folder``: a command's own folder, when its caller names it (by
    default the rule of command_folder decides it). Only a command has a folder to name."""
    text = text.strip()
    if not text:
        raise PlayerSpecError("a PLAYER is empty: give a command, builtin:NAME or human")
    if folder is not None and not is_program(text):
        raise PlayerSpecError(f"{text} is no command of its own: it has no folder to name")
    if text == "human":
        return PlayerSpec(text, None)
    if text.startswith("builtin:"):
        name = text[len("builtin:"):]
        info = as_game(game)
        if name not in info.bots:
            raise PlayerSpecError(
                f"{info.name} has no built-in player {name!r}; it has: {', '.join(info.bots)}"
            )
        return PlayerSpec(text, builtin_command(info.name, name), builtin=True)
    return PlayerSpec(text, text, folder=command_folder(text) if folder is None else folder)


BUILTIN_SETTINGS = ("ARENA_OPPONENT_MODEL", "ARENA_TREE", "ARENA_ENTICE")
"""arena's documented settings of its built-in players, passed on from the user's environment
(``ARENA_OPPONENT_MODEL=off``: the strong players search without their model of the opponent;
``ARENA_TREE=off``: Black Hole's strong player plays its middle game by alpha-beta, not by its
tree; ``ARENA_ENTICE=off``: it plays the first move that keeps a solved value)."""


def builtin_env(spec: PlayerSpec, clock_ms: float, told: dict[str, str] | None = None) -> dict[str, str] | None:
    """What a built-in player is told, on top of the clean environment every program gets: its
    game clock, scaled, for its time plan; what the game tells it of the setup (``told``, from
    ``GameInfo.builtin_env``); arena's own settings for it (BUILTIN_SETTINGS); and PYTHONPATH
    at this very arena, so that it runs the same code as the judge whatever is installed."""
    if not spec.builtin:
        return None
    settings = {name: os.environ[name] for name in BUILTIN_SETTINGS if name in os.environ}
    return {"ARENA_CLOCK_MS": str(round(clock_ms)), "PYTHONPATH": str(ARENA_ROOT), **settings, **(told or {})}


def seat_command(spec: PlayerSpec, seed: int, seat: int) -> str | list[str]:
    """The command that runs a player in a seat of the game with this seed."""
    command = spec.command
    assert command is not None  # asked of a program only: a human has no command
    if spec.builtin:
        assert isinstance(command, list)  # builtin_command's argv
        return [*command, "--seed", str(seed * 2 + seat)]
    return command
