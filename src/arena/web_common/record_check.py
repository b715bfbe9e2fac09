"""Is this a game record a replay page can show (the viewer's, the competition's)? If not, which
field is wrong, and how.

A record comes from a file anyone may have written, or from a tournament
database anyone may have edited; the pages and the API read its fields
without looking twice. Every record is checked here once, where it is
loaded (viewer/library.py), so a wrong field is named to the visitor instead of
failing somewhere in a page. Only what the viewer reads is checked (docs/record.md
has every field); a game's own setup and moves are the rules' to judge when
the record is replayed.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..games import game_names


class BadRecord(ValueError):
    """A record the viewer cannot show; the message names the field and what is wrong with it."""


def validate_record(record: Any) -> None:
    """A whole record, as the replay page and the API read it."""
    _check_object(record, "the record")
    game = _field(record, "game")
    if not isinstance(game, str) or game not in game_names():
        _wrong("game", game, f"one of the games ({', '.join(game_names())})")
    _check_object(_field(record, "setup"), "setup")
    _check_players(_field(record, "players"))
    _check_optional(record, "clock_ms", _is_number, "a number")
    _check_optional(record, "seed", lambda v: v is None or _is_int(v), "an integer or null")
    _check_optional(record, "started_at", lambda v: v is None or isinstance(v, str), "a string or null")
    _check_optional(record, "stderr", lambda v: _is_pair(v, str), "a list of 2 strings")
    _check_optional(record, "times", lambda v: _is_pair(v, lambda t: t is None or isinstance(t, dict)),
                    "a list of 2 objects")
    if "transcripts" in record:
        _check_transcripts(record["transcripts"])
    validate_summary(record)


def validate_summary(record: Any) -> None:
    """What the standings and the games list read of a tournament game: its result and its moves."""
    _check_object(record, "the record")
    _check_moves(_field(record, "moves"))
    _check_result(_field(record, "result"))
    _check_finite(record)


# -- the parts ---------------------------------------------------------------

def _check_players(players: Any) -> None:
    if not _is_pair(players, lambda p: isinstance(p, dict)):
        _wrong("players", players, "a list of 2 objects")
    for seat, player in enumerate(players):
        if not isinstance(player.get("name"), str):
            _wrong(f"players[{seat}].name", player.get("name"), "a string")
        if player.get("command") is not None and not isinstance(player["command"], str):
            _wrong(f"players[{seat}].command", player["command"], "a string or null")


def _check_moves(moves: Any) -> None:
    if not isinstance(moves, list):
        _wrong("moves", moves, "a list of moves")
    for index, move in enumerate(moves):
        where = f"moves[{index}]"
        _check_object(move, where)
        if not _is_seat(move.get("seat")):
            _wrong(f"{where}.seat", move.get("seat"), "0 or 1")
        if not isinstance(move.get("text"), str):
            _wrong(f"{where}.text", move.get("text"), "a string")
        for key in ("wall_ms", "cpu_ms"):  # a program's move has both; a jury's neither
            if ("wall_ms" in move or "cpu_ms" in move) and not _is_number(move.get(key)):
                _wrong(f"{where}.{key}", move.get(key), "a number (a move timed has wall_ms and cpu_ms)")
        for flag in ("jury", "automatic"):
            if flag in move and not isinstance(move[flag], bool):
                _wrong(f"{where}.{flag}", move[flag], "true or false")


def _check_result(result: Any) -> None:
    _check_object(result, "result")
    if not _is_pair(_field(result, "scores", "result.scores"), _is_number):
        _wrong("result.scores", result["scores"], "a list of 2 numbers")
    winner = _field(result, "winner", "result.winner")
    if winner is not None and not _is_seat(winner):
        _wrong("result.winner", winner, "0, 1 or null (a draw)")
    if not _is_pair(_field(result, "verdicts", "result.verdicts"), str):
        _wrong("result.verdicts", result["verdicts"], "a list of 2 strings")
    if not _is_pair(_field(result, "faults", "result.faults"), lambda f: f is None or isinstance(f, str)):
        _wrong("result.faults", result["faults"], "a list of 2 strings or nulls")
    if not isinstance(_field(result, "reason", "result.reason"), str):
        _wrong("result.reason", result["reason"], "a string")
    if "game_points" in result and not _is_pair(result["game_points"], _is_number):
        _wrong("result.game_points", result["game_points"], "a list of 2 numbers")


def _check_transcripts(transcripts: Any) -> None:
    if not _is_pair(transcripts, lambda t: isinstance(t, list)):
        _wrong("transcripts", transcripts, "a list of 2 lists")
    for seat, lines in enumerate(transcripts):
        for index, entry in enumerate(lines):
            if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(part, str) for part in entry)):
                _wrong(f"transcripts[{seat}][{index}]", entry, 'a pair of strings such as ["in", "Start"]')


def _check_finite(record: dict[str, Any]) -> None:
    """NaN and Infinity are no JSON: Python reads them, but the API could not send the record back."""
    stack: list[tuple[str, Any]] = [("the record", record)]
    while stack:  # not recursive: a record may nest deeper than Python's stack
        where, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            _wrong(where, value, "a number")
        elif isinstance(value, dict):
            stack.extend((f"{where}.{key}" if where != "the record" else str(key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(value))


# -- the vocabulary ------------------------------------------------------------

def _check_object(value: Any, where: str) -> None:
    if not isinstance(value, dict):
        _wrong(where, value, "a JSON object")


def _field(holder: dict[str, Any], key: str, where: str | None = None) -> Any:
    if key not in holder:
        raise BadRecord(f"{where or key} is missing")
    return holder[key]


def _check_optional(record: dict[str, Any], key: str, fits, what: str) -> None:
    if key in record and not fits(record[key]):
        _wrong(key, record[key], what)


def _is_number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:  # an integer too large for any arithmetic the pages do
        return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: Any) -> bool:
    return _is_int(value) and value in (0, 1)


def _is_pair(value: Any, fits) -> bool:
    """A list of two, one per seat, each fitting (``fits`` a type or a test)."""
    test = (lambda item: isinstance(item, fits)) if isinstance(fits, type) else fits
    return isinstance(value, list) and len(value) == 2 and all(test(item) for item in value)


def _wrong(where: str, value: Any, expected: str) -> None:
    raise BadRecord(f"{where} must be {expected}, not {_described(value)}")


def _described(value: Any) -> str:
    """A value as the visitor can recognise it in their file: its JSON kind and its start."""
    kind = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)
    if value is None:
        return kind
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)  # NaN, Infinity: what the file says
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = repr(value)
    return f"{kind} ({text[:40]}{'…' if len(text) > 40 else ''})"
