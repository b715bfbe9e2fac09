"""The exported policy in real games: ``arena tournament`` of ``arena policy-bot turnright
POLICY.npz`` against builtin:random, or the ``--opponent`` given (sandboxed, on Turn Right's
clock and 64 MB), then its results read from the tournament's database.

    python tools/turnright_maskableppo/evaluate.py [--policy policy.npz] [--rounds 100] [--seed 1]
        [--opponent builtin:greedy] [--jobs 1]

Each round is two games, seats swapped. Prints the games won, drawn and lost, the score (a
win 1, a draw 1/2) with its 95% interval (normal, over the games' scores; Wilson's for the
wins alone), the mean margin of match points, and what the policy cost: the slowest first
reply (its start included) and the largest peak memory. Needs numpy and arena only.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import arena
from arena.tournament.store import TournamentStore

HERE = Path(__file__).resolve().parent
ARENA_SOURCE = Path(arena.__file__).resolve().parents[1]  # the folder `import arena` found (src/ of a checkout)
Z_95 = 1.959964


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    share = wins / games
    centre = (share + Z_95 ** 2 / (2 * games)) / (1 + Z_95 ** 2 / games)
    half = Z_95 * math.sqrt(share * (1 - share) / games + Z_95 ** 2 / (4 * games ** 2)) / (1 + Z_95 ** 2 / games)
    return centre - half, centre + half


def run_tournament(policy: Path, rounds: int, seed: int, database: Path, opponent: str = "builtin:random",
                   jobs: int = 1) -> None:
    command = [sys.executable, "-m", "arena.cli", "tournament", "turnright",
               "--player", f"mine={sys.executable} -m arena.cli policy-bot turnright {policy.resolve()}",
               "--player", f"opponent={opponent}", "--rounds", str(rounds), "--jobs", str(jobs), "--seed", str(seed),
               "--db", str(database),
               # the judge gives programs a clean environment: this names the arena that runs here
               "--env", f"PYTHONPATH={ARENA_SOURCE}"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def summarise(database: Path, opponent: str = "builtin:random") -> str:
    scores, margins, firsts, peaks, faults = [], [], [], [], 0
    with TournamentStore(database, must_exist=True) as store:
        for game in store.games():
            seat = game.players.index("mine")
            result = game.record["result"]
            winner = result.get("winner")
            scores.append(0.5 if winner is None else float(winner == seat))
            points = result["scores"]
            margins.append(points[seat] - points[1 - seat])
            faults += result["verdicts"][seat] != "ok"
            times = game.record["times"][seat]
            firsts.append(times.get("first_reply_ms") or 0.0)
            if times.get("peak_memory_mb") is not None:
                peaks.append(times["peak_memory_mb"])
    games = len(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    mean = sum(scores) / games
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (games - 1)) if games > 1 else 0.0
    low, high = wilson_interval(wins, games)
    return "\n".join([
        f"{games} games against {opponent}: won {wins}, drew {draws}, lost {games - wins - draws}, "
        f"{faults} faults of the policy",
        f"score {mean:.3f} (95%: {max(0.0, mean - Z_95 * spread / math.sqrt(games)):.3f}-"
        f"{min(1.0, mean + Z_95 * spread / math.sqrt(games)):.3f}); wins alone {wins / games:.3f} "
        f"(Wilson 95%: {low:.3f}-{high:.3f})",
        f"mean margin {sum(margins) / games:+.1f} match points",
        f"slowest first reply {max(firsts):.0f} ms (median {sorted(firsts)[games // 2]:.0f} ms); "
        f"largest peak memory {max(peaks) if peaks else float('nan'):.1f} MB",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", type=Path, default=HERE / "policy.npz")
    parser.add_argument("--rounds", type=int, default=100, help="rounds of two games, seats swapped")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="builtin:random", help="the PLAYER to play against")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "evaluation.db"
        run_tournament(arguments.policy, arguments.rounds, arguments.seed, database, arguments.opponent,
                       arguments.jobs)
        print(summarise(database, arguments.opponent))


if __name__ == "__main__":
    main()
