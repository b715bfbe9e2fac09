"""The game record: one JSON object that tells everything about a game.

Shaped after kaggle-environments' episodes: who played, the setup, every move
with its times, the exact lines each program was sent and wrote, each
program's stderr, and the result with a verdict per seat.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from pathlib import Path
from typing import Any

from .players import PlayerSpec, seat_command

RECORD_FORMAT = 1


def build_record(*, game, players, seed, setup, time_scale, match, outcome, started_at, duration_ms,
                 sandbox) -> dict[str, Any]:
    seats = match.seats
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "seed": seed,
        "seats": list(game.seats),
        "players": [
            {"seat": seat.name, "name": spec.text, "command": command_as_run(spec, seed, index)}
            for index, (seat, spec) in enumerate(zip(seats, players))
        ],
        "setup": setup,
        "time_scale": time_scale,
        "clock_ms": game.clock_ms * time_scale,
        "started_at": started_at,
        "duration_ms": round(duration_ms, 3),
        "sandbox": sandbox_used(sandbox, [seat.player for seat in seats]),
        "moves": match.moves,
        "transcripts": [seat.transcript for seat in seats],
        "stderr": [
            seat.player.stderr.value() if hasattr(seat.player, "stderr") else "" for seat in seats
        ],
        "times": [
            {"wall_ms": round(s.wall_ms, 3), "cpu_ms": round(s.cpu_ms, 3), "replies": s.replies,
             "first_reply_ms": _ms_or_none(s.first_reply_ms), "clock_left_ms": _ms_or_none(s.clock_ms),
             "peak_memory_mb": getattr(s.player, "peak_memory_mb", None)}
            for s in seats
        ],
        "result": {
            "scores": outcome.scores,
            "winner": outcome.winner,
            "verdicts": [seat.verdict for seat in seats],
            "faults": [seat.reason for seat in seats],
            # the line each faulted seat wrote that was judged (null: it wrote none), and
            # how many lines of its transcript came before the fault (the rest is a farewell)
            "fault_lines": [seat.fault_line for seat in seats],
            "fault_at": [seat.fault_at for seat in seats],
            "reason": outcome.reason,
            **outcome.extra,
        },
    }


def sandbox_used(sandbox, players) -> dict[str, Any]:
    """The sandbox mode, and how memory was limited in fact ("cgroup-v1", "cgroup-v2", "rlimit-data", "none")."""
    limits = [player.confinement.memory_limit for player in players if hasattr(player, "confinement")]
    return {"mode": sandbox.mode, "memory": next((kind for kind in limits if kind), "none"),
            "memory_mb": sandbox.memory_mb if sandbox.limited else None}


def command_as_run(spec: PlayerSpec, seed: int, seat: int) -> str | None:
    """A seat's command as one string, whatever the kind of player (None for a person).

    A shell command is run as written; a built-in player's argument list is
    quoted with shlex.join, so the string can be pasted into a shell.
    """
    if spec.is_human:
        return None
    command = seat_command(spec, seed, seat)
    return command if isinstance(command, str) else shlex.join(command)


def _ms_or_none(ms: float | None) -> float | None:
    """Milliseconds for JSON: None for nothing and for a human's endless clock."""
    return None if ms is None or ms == float("inf") else round(ms, 3)


def write_record(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n")


def save_record(record: dict[str, Any], path: str | Path | None) -> tuple[str | None, str | None]:
    """Write a record where asked, or somewhere else rather than lose it.

    Returns (where it went, why not where asked). Tried in turn: ``path``, then
    ``arena-<game>-<seed>.json`` in the current folder, then a new temporary file.
    (None, why) means no file could be written at all: the caller prints the JSON.
    """
    fallback = f"arena-{record.get('game', 'game')}-{record.get('seed', 'unseeded')}.json"
    problems = []
    for candidate in ([path] if path is not None else []) + [fallback, None]:
        try:
            if candidate is None:
                handle, candidate = tempfile.mkstemp(prefix="arena-record-", suffix=".json")
                os.close(handle)
            write_record(record, candidate)
            return str(candidate), "; ".join(problems) or None
        except OSError as error:
            problems.append(f"cannot write {str(candidate)!r}: {error.strerror or error}")
    return None, "; ".join(problems)


class RecordError(ValueError):
    """A file cannot be read as a game record. The message names the file; ``reason``
    says why without it (for a page that should not show the server's paths)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{str(path)!r}: {reason}")
        self.reason = reason


def read_record(path: str | Path) -> dict[str, Any]:
    """The record in a JSON file; :class:`RecordError` if it is unreadable or not a JSON object."""
    try:
        data = Path(path).read_bytes()
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise RecordError(path, f"cannot read it: {getattr(error, 'strerror', None) or error}") from None
    try:
        record = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, or nested too deep to read
        raise RecordError(path, f"not JSON: {error}") from None
    if not isinstance(record, dict):
        raise RecordError(path, "its JSON is not an object")
    return record


def describe_result(record: dict[str, Any]) -> str:
    """A few human lines: who played, the scores, the verdicts and why."""
    result = record["result"]
    lines = []
    for i, (seat, player) in enumerate(zip(record["seats"], record["players"])):
        verdict = result["verdicts"][i]
        fault = f" ({result['faults'][i]})" if result["faults"][i] else ""
        lines.append(f"{seat:>6} {player['name']}: {result['scores'][i]}  [{verdict}{fault}]")
    winner = result["winner"]
    who = "draw" if winner is None else f"{record['seats'][winner]} ({record['players'][winner]['name']}) wins"
    lines.append(f"{who}: {result['reason']}")
    lines.extend(f"  {line}" for line in explain_scores(record))
    return "\n".join(lines)


def explain_scores(record: dict[str, Any]) -> list[str]:
    """The game's own account of where the scores come from (GameInfo.explain_result)."""
    from ..games import get_game

    explain = get_game(record["game"]).explain_result
    if explain is None:
        return []
    try:
        return explain(record)
    except Exception as error:  # an explanation must never hide the result it explains
        return [f"(the scores could not be explained: {type(error).__name__}: {error})"]
