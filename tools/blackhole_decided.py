"""Where recorded Black Hole games were decided: the exact value a few plies from the end.

    python bench/strength.py blackhole builtin:strong ./other-program --games 400 --records games.jsonl
    python tools/blackhole_decided.py games.jsonl [more.jsonl ...] [--player builtin:strong] [--plies 13]

For each finished game it replays the record to ``--plies`` plies before the end
and solves that position exactly with the strong engine (at most ``--seconds``
each; positions it cannot solve in time are counted and left out). The solved
margin is what the game stood at when the end began; from there each side can
only lose value by its own moves, so a final margin equal to the solved one
means the end was played without a mistake that mattered (a player that solves
the end itself, as ``strong`` does, makes none: the difference is then what the
opponent gave away). It prints, for the player in each seat, the mean solved and
final margins (points, as bench/strength.py counts them: the player's score
minus the opponent's) and in how many games the two were equal; then how well the
engine's own estimate of those positions (evaluate.pxi's evaluate()) predicts
their exact value: its correlation and the scale that fits best.

A game lost with a perfect end was lost before it: the middle game and the
estimate that guides it are where to look.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys

from blackhole_fit import finished, legal, read_records  # tools/ is this script's own folder

from arena.games.blackhole.strong import engine
from arena.games.blackhole.strong.player import INDEX


def solved_positions(records: list[tuple[str, dict]], player: str, plies: int, seconds: float):
    """(seat, solved margin, final margin, estimate, solved value) per game: margins in
    points for ``player``, the estimate and the value in Red's R − B; and how many
    positions ran out of time."""
    rows, unsolved = [], 0
    for where, record in records:
        if not finished(record):
            continue  # no end to compare with
        result, moves = record.get("result") or {}, record["moves"]
        names = [entry.get("name") for entry in record.get("players", ())]
        if player not in names:
            sys.exit(f"{where}: no player named {player!r} (players: {', '.join(map(str, names))})")
        seat = names.index(player)
        try:
            final = result["scores"][seat] - result["scores"][1 - seat]
            engine.clear()
            engine.new_game([INDEX[label] for label in record["setup"]["brown"]])
            for move in moves[:30 - plies]:
                engine.play(*legal(move["text"]))
        except (KeyError, IndexError, TypeError, ValueError) as error:
            sys.exit(f"{where}: not a finished Black Hole game as the judge records it ({error!r})")
        red_to_move = (30 - plies) % 2 == 0
        estimate = engine.estimate() / 100 * (1 if red_to_move else -1)
        *_, score, _, _, exact = engine.search(seconds, seconds, 30, 30, 1)
        if not exact:
            unsolved += 1
            continue
        red = score / 100 * (1 if red_to_move else -1)  # Red's R − B with best play from here
        # a point of R − B is two of the margin: Red scores 75 + (R − B), Blue 75 − (R − B)
        solved = 2 * red if seat == 0 else -2 * red
        rows.append((seat, solved, final, estimate, red))
    return rows, unsolved


def report(rows, unsolved: int, plies: int) -> None:
    print(f"{len(rows)} games solved {plies} plies from the end"
          + (f" ({unsolved} more ran out of time, left out)" if unsolved else ""))
    print("player's seat  games  solved margin  final margin  final = solved")
    for seat in (0, 1):
        mine = [row for row in rows if row[0] == seat]
        if not mine:
            continue
        perfect = sum(final == solved for _, solved, final, _, _ in mine)
        print(f"{('first', 'second')[seat]:>13}  {len(mine):5d}  {statistics.mean(r[1] for r in mine):+13.2f}"
              f"  {statistics.mean(r[2] for r in mine):+12.2f}  {perfect}/{len(mine)}")
    if len(rows) >= 3:
        estimates, values = [row[3] for row in rows], [row[4] for row in rows]
        if statistics.pstdev(estimates) > 0 and statistics.pstdev(values) > 0:
            correlation = statistics.correlation(estimates, values)
            scale = statistics.linear_regression(estimates, values).slope
            error = math.sqrt(statistics.mean((e - v) ** 2 for e, v in zip(estimates, values)))
            print(f"estimate vs exact (Red's R − B): correlation {correlation:.2f}, "
                  f"best scale {scale:.2f}, error {error:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="JSON lines of Black Hole game records")
    parser.add_argument("--player", default="builtin:strong", help="whose margins to report (its name in the records)")
    parser.add_argument("--plies", type=int, default=13, choices=range(1, 17), metavar="1-16",
                        help="plies before the end to solve (above 13 it can take minutes a game)")
    parser.add_argument("--seconds", type=float, default=10.0, help="most time for one solve")
    args = parser.parse_args()
    if not args.seconds > 0:
        parser.error("--seconds must be above 0")
    records = read_records(args.files)
    if not records:
        sys.exit("no records in the given files")
    rows, unsolved = solved_positions(records, args.player, args.plies, args.seconds)
    if not rows:
        sys.exit("no finished game could be solved")
    report(rows, unsolved, args.plies)


if __name__ == "__main__":
    main()
