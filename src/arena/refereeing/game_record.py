"""A game's record built from a finished match, and told in words.

The record's file format (write, save, read) is the judge's (judge/record.py); what
fills it needs the game: its seats, its clock, its own account of the scores.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from ..games import get_game
from ..games.base import GameInfo
from ..judge import pid_namespace
from ..judge.match import Match, Outcome
from ..judge.record import RECORD_FORMAT
from ..judge.record_types import Record, SandboxUsed, Setup
from ..judge.sandbox.settings import Sandbox
from .terminal_text import visible
from .players import PlayerSpec, seat_command


def build_record(*, game: GameInfo, players: Sequence[PlayerSpec], seed: int, setup: Setup, time_scale: float,
                 match: Match, outcome: Outcome, started_at: str, duration_ms: float, sandbox: Sandbox,
                 memory_from: str) -> Record:
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
        "sandbox": sandbox_used(sandbox, memory_from, [seat.player for seat in seats]),
        "moves": match.moves,
        "transcripts": [seat.transcript for seat in seats],
        "stderr": [
            seat.player.stderr.value() if hasattr(seat.player, "stderr") else "" for seat in seats
        ],
        "times": [
            {"wall_ms": round(s.wall_ms, 3), "cpu_ms": round(s.cpu_ms, 3), "queued_ms": round(s.queued_ms, 3),
             "replies": s.replies,
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


def sandbox_used(sandbox: Sandbox, memory_from: str, players: Sequence[object]) -> SandboxUsed:
    """The sandbox mode, how memory was limited in fact ("cgroup-v1", "cgroup-v2", "namespace-sum",
    "none"), how its processes were held ("pid-namespace", "user+pid-namespace", "process-group"),
    the limit, and whether it is the game's own or was chosen (game_sandbox.py)."""
    limits = [player.confinement.memory_limit for player in players if hasattr(player, "confinement")]
    return {"mode": sandbox.mode, "memory": next((kind for kind in limits if kind), "none"),
            "processes": pid_namespace.kind(),  # held in namespaces; only --sandbox none runs without
            "memory_mb": sandbox.memory_mb if sandbox.limited else None,
            "memory_from": memory_from if sandbox.limited else None}


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


def describe_result(record: Record) -> str:
    """A few human lines: who played, the scores, the verdicts and why.

    Names and reasons may quote a program: their control characters are written out."""
    result = record["result"]
    names = [visible(player["name"]) for player in record["players"]]
    lines = []
    for i, seat in enumerate(record["seats"]):
        verdict, fault = result["verdicts"][i], result["faults"][i]
        why = f" ({visible(fault)})" if fault else ""
        lines.append(f"{seat:>6} {names[i]}: {result['scores'][i]}  [{verdict}{why}]")
    winner = result["winner"]
    who = "draw" if winner is None else f"{record['seats'][winner]} ({names[winner]}) wins"
    lines.append(f"{who}: {visible(result['reason'])}")
    lines.extend(f"  {line}" for line in explain_scores(record))
    return "\n".join(lines)


def explain_scores(record: Record) -> list[str]:
    """The game's own account of where the scores come from (GameInfo.explain_result)."""
    explain = get_game(record["game"]).explain_result
    if explain is None:
        return []
    try:
        return explain(record)
    except Exception as error:  # an explanation must never hide the result it explains
        return [f"(the scores could not be explained: {type(error).__name__}: {error})"]
