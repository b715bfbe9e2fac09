"""A game record turned into what the replay page steps through: a board per ply.

Positions come from the rules (``judge.replay.replay_positions``), never from
the record's own claims; each ply carries its drawing (with the move just
played marked), the score on the board, the move's wall and CPU time and both
clocks after it.
"""

from __future__ import annotations

import math
from typing import Any

from ..games import get_game
from ..games.base import MoveError
from ..judge.replay import replay_positions
from .drawing import board_svg


def _clock_left(record: dict[str, Any], seat: int, used_ms: float) -> float | None:
    """What a seat's clock shows after ``used_ms`` of thinking; None for a person (no clock)."""
    player = record["players"][seat]
    if player.get("command") is None or not math.isfinite(record.get("clock_ms", math.inf)):
        return None
    return round(record["clock_ms"] - used_ms, 1)


def _move_entry(record: dict[str, Any], move: dict[str, Any], used: list[float]) -> dict[str, Any]:
    seat = move["seat"]
    used[seat] += move.get("wall_ms", 0.0)
    return {
        "seat": seat,
        "text": move["text"],
        "wall_ms": move.get("wall_ms"),
        "cpu_ms": move.get("cpu_ms"),
        "jury": bool(move.get("jury")),
        "clocks": [_clock_left(record, s, used[s]) for s in (0, 1)],
    }


def replay_view(record: dict[str, Any]) -> dict[str, Any]:
    """The replay model of a record (the API returns it as it is)."""
    game = get_game(record["game"])
    played = _played_moves(record["moves"])
    used = [0.0, 0.0]
    plies: list[dict[str, Any]] = []
    before = None
    error = None
    positions = replay_positions(record)
    try:
        for index, state in enumerate(positions):
            move = None
            if index:
                recorded, automatic = played[index - 1]
                move = _move_entry(record, recorded, used)
                move["automatic"] = automatic
            plies.append({
                "ply": index,
                "svg": board_svg(game.name, state, before),
                "board_scores": list(state.scores()),
                "to_move": None if state.is_over() else state.to_move,
                "move": move,
                "clocks": move["clocks"] if move else [_clock_left(record, s, 0.0) for s in (0, 1)],
            })
            before = state
    except (MoveError, KeyError, ValueError) as problem:  # a record the rules cannot replay
        error = f"the replay stops at ply {len(plies)}: {problem}"
    return {
        "game": game.name,
        "title": game.title,
        "seats": list(game.seats),
        "players": [p["name"] for p in record["players"]],
        "commands": [p.get("command") for p in record["players"]],
        "seed": record.get("seed"),
        "started_at": record.get("started_at"),
        "clock_ms": record.get("clock_ms"),
        "plies": plies,
        "replay_error": error,
        "result": record["result"],
        "times": record.get("times"),
        "stderr": record.get("stderr", ["", ""]),
        "transcripts": record.get("transcripts", [[], []]),
    }


def _played_moves(moves: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[str]]]:
    """Each move a seat played, with the moves the rules then made by themselves (Turn Right's last
    placement), which are no ply of their own."""
    played: list[tuple[dict[str, Any], list[str]]] = []
    for move in moves:
        if move.get("automatic") and played:
            played[-1][1].append(move["text"])
        elif not move.get("automatic"):
            played.append((move, []))
    return played
