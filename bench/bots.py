"""How fast the built-in players start and how much memory they use at most.

    python bench/bots.py [--games flippo blackhole] [--repeat 5]

Start-up: the time from launching ``python -m arena.toolkit.builtin_player GAME NAME`` (as the
judge does) until the program sits blocked reading its standard input, seen
in ``/proc/PID/syscall``; median and worst of ``--repeat`` launches. A
program's start-up counts on its own game clock, and the goal for the strong
players is under 100 ms.

Peak memory: one whole game of the player against itself through the judge
at the full clock, in a child process of this benchmark, whose reaped
children's high-water resident set (``RUSAGE_CHILDREN``) is the player's
peak. The goal for the strong players is under 64 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from arena.games import game_names, get_game  # noqa: E402
from arena.refereeing.players import builtin_command, resolve_player  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402

# the number of the read system call, as /proc/PID/syscall shows it
READ_SYSCALL = {"x86_64": 0, "aarch64": 63}


def blocked_reading_stdin(pid: int) -> bool:
    try:
        # /proc/PID/syscall makes the kernel wait until the task is off the CPU,
        # which would slow the start-up we measure: look only once it sleeps
        with open(f"/proc/{pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] != "S":
                return False
        with open(f"/proc/{pid}/syscall") as f:
            fields = f.read().split()
    except OSError:
        return False
    number = READ_SYSCALL.get(os.uname().machine, 0)
    return len(fields) > 1 and fields[0] == str(number) and int(fields[1], 16) == 0


def start_up_seconds(game: str, name: str) -> float:
    """Seconds from launch until the player waits for its first line."""
    start = time.perf_counter()
    process = subprocess.Popen([*builtin_command(game, name), "--seed", "1"],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    try:
        while not blocked_reading_stdin(process.pid):
            if process.poll() is not None:
                raise RuntimeError(f"{game} {name} exited before reading its input")
            time.sleep(0.0002)
        return time.perf_counter() - start
    finally:
        process.kill()
        process.wait()


def peak_memory_mb(game: str, name: str) -> float:
    """Run in a fresh process: its only children are the two copies of the player."""
    spec = resolve_player(game, f"builtin:{name}")
    record = play_game(game, [spec, spec], seed=1)
    if set(record["result"]["verdicts"]) != {"ok"}:
        raise RuntimeError(f"{game} {name} against itself: {record['result']['verdicts']}")
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=game_names(), help="games (default: all)")
    parser.add_argument("--repeat", type=int, default=5, help="launches per start-up figure")
    args = parser.parse_args()
    print(f"{'game':<13}{'player':<10}{'start-up median':>17}{'worst':>9}{'peak memory':>14}")
    for game in args.games:
        for name in get_game(game).bots:
            times = [start_up_seconds(game, name) for _ in range(args.repeat)]
            with ProcessPoolExecutor(max_workers=1) as fresh:
                peak = fresh.submit(peak_memory_mb, game, name).result()
            print(f"{game:<13}{name:<10}{1000 * statistics.median(times):>14.1f} ms"
                  f"{1000 * max(times):>6.1f} ms{peak:>11.1f} MB", flush=True)


if __name__ == "__main__":
    main()
