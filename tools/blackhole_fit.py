"""Fit how widely Black Hole's estimate blurs the playout's predicted hole (evaluate.pxi).

    python bench/strength.py blackhole builtin:strong ./other-program --games 400 --records games.jsonl
    python tools/blackhole_fit.py games.jsonl [more.jsonl ...]

Record games with bench/strength.py's ``--records``, against strong opponents:
the estimate should predict strong play.

It replays every finished game of the given files (JSON lines of records,
or of ``{"record": ...}`` objects). From each position short of the filling
phase it runs the engine's greedy playout and compares the candidate holes
where the playout ends with how the game really ended. It prints, by the
playout's length, the width (in places of the sorted order) that would have
predicted the end best, then the straight line ``BLUR_BASE + BLUR_PER_MOVE *
length`` that does best over all positions, with its error beside the plain
order statistic's and the engine's current one. Copy the two numbers into
evaluate.pxi to use them.

Needs numpy, which arena itself does not: ``.venv/bin/pip install -e '.[train]'``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from arena.games.blackhole.strong import engine
from arena.games.blackhole.strong.player import INDEX, parse

REACH = 3  # evaluate.pxi's BLUR_REACH: places weighed on each side of the predicted hole
LONGEST = 16  # playouts this long or longer are grouped in the table


def read_records(paths: list[str]) -> list[tuple[str, dict]]:
    """Each record of the files, with where it is (``path:line``)."""
    records = []
    for path in paths:
        try:
            lines = Path(path).read_text().splitlines()
        except OSError as error:
            sys.exit(f"{path}: cannot read it ({error.strerror})")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as error:
                sys.exit(f"{path}:{number}: not a JSON line ({error})")
            record = item.get("record", item) if isinstance(item, dict) else None
            if not isinstance(record, dict) or record.get("game") != "blackhole":
                sys.exit(f"{path}:{number}: not a Black Hole game record")
            records.append((f"{path}:{number}", record))
    return records


def finished(record: dict) -> bool:
    """Was the game played to its end with every verdict ok? An unfinished or forfeited
    game's end says nothing about its positions."""
    result = record.get("result") or {}
    return len(record.get("moves") or ()) == 30 and all(verdict == "ok" for verdict in result.get("verdicts", ()))


def playout_ends(records: list[tuple[str, dict]]):
    """For each position short of the filling phase: (the seven candidates around the
    predicted hole, NaN where there is none; the playout's length; Red's final R − B)."""
    near, lengths, ends = [], [], []
    for where, record in records:
        if not finished(record):
            continue
        result, moves = record.get("result") or {}, record["moves"]
        try:
            red = (result["scores"][0] - result["scores"][1]) / 2
            engine.new_game([INDEX[label] for label in record["setup"]["brown"]])
            for move in moves:
                if not engine.in_filling_phase():
                    values, hole, length = engine.playout_end()
                    near.append([values[hole + j] if 0 <= hole + j < len(values) else np.nan
                                 for j in range(-REACH, REACH + 1)])
                    lengths.append(length)
                    ends.append(red)
                engine.play(*legal(move["text"]))
        except (KeyError, IndexError, TypeError, ValueError) as error:
            sys.exit(f"{where}: not a finished Black Hole game as the judge records it ({error!r})")
    return np.array(near, dtype=float), np.array(lengths), np.array(ends, dtype=float)


def legal(text: str) -> tuple[int, int]:
    """The move ``text`` as (tile, number), if the mover may play it in the engine's position."""
    if (move := parse(text)) not in engine.legal_moves():
        raise ValueError(f"illegal move {text}")
    return move


def blurred(near: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """The blurred order statistic of each position, its blur ``widths`` places wide (0: none)."""
    offsets = np.arange(-REACH, REACH + 1)
    safe = np.where(widths > 0, widths, 1.0)[:, None]
    weights = np.where(widths[:, None] > 0, np.exp(-0.5 * (offsets / safe) ** 2), (offsets == 0) * 1.0)
    weights = np.where(np.isnan(near), 0.0, weights)
    return np.nansum(weights * np.nan_to_num(near), axis=1) / weights.sum(axis=1)


def error(near, lengths, ends, base: float, per_move: float) -> float:
    return float(np.sqrt(np.mean((ends - blurred(near, base + per_move * lengths)) ** 2)))


def fit(records: list[tuple[str, dict]]) -> None:
    near, lengths, ends = playout_ends(records)
    if not len(ends):
        sys.exit("no finished game with a position short of the filling phase")
    print(f"{len(ends)} positions of {len(records)} games")
    print("playout moves  positions  best width  its error  plain order statistic")
    grid = np.round(np.arange(0, 2.01, 0.1), 2)
    for length in range(1, LONGEST + 1):
        group = lengths == length if length < LONGEST else lengths >= LONGEST
        if not group.any():
            continue
        errors = [error(near[group], lengths[group], ends[group], width, 0.0) for width in grid]
        best = int(np.argmin(errors))
        label = f"{length}" if length < LONGEST else f"{LONGEST}+"
        print(f"{label:>13} {group.sum():10d} {grid[best]:11.1f} {errors[best]:10.3f} {errors[0]:22.3f}")
    lines = [(error(near, lengths, ends, base, per_move), base, per_move)
             for base in np.round(np.arange(0, 0.51, 0.05), 2) for per_move in np.round(np.arange(0, 0.151, 0.01), 2)]
    best_error, base, per_move = min(lines)
    print(f"best line: BLUR_BASE = {base}, BLUR_PER_MOVE = {per_move} (error {best_error:.3f} points of R − B;"
          f" the engine's {engine.BLUR_BASE}, {engine.BLUR_PER_MOVE}:"
          f" {error(near, lengths, ends, engine.BLUR_BASE, engine.BLUR_PER_MOVE):.3f};"
          f" no blur: {error(near, lengths, ends, 0.0, 0.0):.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="JSON lines of Black Hole game records")
    args = parser.parse_args()
    records = read_records(args.files)
    if not records:
        sys.exit("no records in the given files")
    fit(records)


if __name__ == "__main__":
    main()
