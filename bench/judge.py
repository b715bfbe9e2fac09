"""How much the judge costs: Flippo-length games between two instant programs,
through the judge and through a bare pipe relay, side by side in one run.

The two take turns game by game, so that a change in the machine's load weighs
on both alike. Each program notes, on stderr, the time between writing its move
and reading the opponent's reply: one full turn of the dialogue (its line
travels to the judge, is checked, forwarded, answered, checked and forwarded
back). The same programs relayed by a bare loop with no checks, no clocks and
no suspension give the physical limit of this machine.

    python bench/judge.py [--games N] [--sandbox MODE] [--against DIR]

``--against DIR`` adds the judge of another checkout (say an earlier release, built in DIR with
its own .venv) as a row of its own, its games taking turns with this one's.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from arena.refereeing.players import PlayerSpec  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402
from arena.judge.sandbox.settings import MODES, Sandbox  # noqa: E402

SANDBOX = Sandbox()

# An instant Flippo player in C: the first move that flips, else the first touching square.
C_PLAYER = r"""
#include <stdio.h>
#include <string.h>
#include <time.h>
static char b[64];
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int flip(int sq, char me, int apply) {
    int n = 0, r0 = sq / 8, c0 = sq % 8;
    for (int dr = -1; dr <= 1; dr++) for (int dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        int run[8], len = 0, far = 0, r = r0 + dr, c = c0 + dc;
        while (r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c]) {
            run[len++] = r * 8 + c; if (b[r * 8 + c] == me) far = len; r += dr; c += dc;
        }
        for (int i = 0; i < far - 1; i++) { n++; if (apply) b[run[i]] = b[run[i]] == 'W' ? 'B' : 'W'; }
    }
    return n;
}
static int touching(int sq) {
    for (int dr = -1; dr <= 1; dr++) for (int dc = -1; dc <= 1; dc++) {
        int r = sq / 8 + dr, c = sq % 8 + dc;
        if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c]) return 1;
    }
    return 0;
}
static void play(int sq, char me) { flip(sq, me, 1); b[sq] = me; }
int main(void) {
    char line[64], me = 0; double sent = 0;
    b[27] = b[36] = 'W'; b[28] = b[35] = 'B';
    while (fgets(line, sizeof line, stdin)) {
        double got = now();
        if (sent) fprintf(stderr, "%.1f\n", got - sent);
        if (!strncmp(line, "Quit", 4)) break;
        if (!me) me = strncmp(line, "Start", 5) ? 'B' : 'W';
        if (strncmp(line, "Start", 5)) play((line[0] - 'A') * 8 + line[1] - '1', me == 'W' ? 'B' : 'W');
        int pick = -1;
        for (int s = 0; s < 64 && pick < 0; s++) if (!b[s] && touching(s) && flip(s, me, 0)) pick = s;
        for (int s = 0; s < 64 && pick < 0; s++) if (!b[s] && touching(s)) pick = s;
        play(pick, me);
        sent = now();  /* before the write: a preemption after it must not hide time */
        printf("%c%c\n", 'A' + pick / 8, '1' + pick % 8); fflush(stdout);
    }
    fflush(stderr);
    return 0;
}
"""

PY_PLAYER = r"""
import sys, time
from arena.games.flippo.rules import FlippoState
state, sent = FlippoState(), None
for line in sys.stdin:
    got = time.monotonic()
    if sent is not None:
        sys.stderr.write(f"{(got - sent) * 1e6:.1f}\n")
    line = line.strip()
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    text = state.format_move(move) + "\n"
    sent = time.monotonic()  # before the write: a preemption after it must not hide time
    sys.stdout.write(text)
    sys.stdout.flush()
sys.stderr.flush()
"""


def relay_raw(command: list[str]) -> list[str]:
    """One game through the barest relay: blocking reads and writes, nothing else."""
    procs = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, bufsize=0) for _ in range(2)]
    readers = [p.stdout for p in procs]
    line = b"Start\n"
    for move in range(60):
        seat = move % 2
        procs[seat].stdin.write(line)
        line = readers[seat].readline()
    for p in procs:
        p.stdin.write(b"Quit\n")
        p.stdin.close()
    stderr = [p.stderr.read().decode() for p in procs]
    for p in procs:
        p.wait()
    return stderr


def through_judge(command: list[str]) -> list[str]:
    spec = PlayerSpec(" ".join(command), command)
    record = play_game("flippo", [spec, spec], seed=1, time_scale=100, sandbox=SANDBOX)
    assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]
    return record["stderr"]


# A judge of another checkout (its own venv and build), asked for one game at a time, so that its
# games take turns with this checkout's: a line in, the game's seconds and both programs' stderr out.
OTHER_JUDGE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1] + "/src")
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import PlayerSpec
from arena.refereeing.referee import play_game
sandbox = Sandbox(sys.argv[2])
for line in sys.stdin:
    command = json.loads(line)
    start = time.perf_counter()
    spec = PlayerSpec(" ".join(command), command)
    record = play_game("flippo", [spec, spec], seed=1, time_scale=100, sandbox=sandbox)
    took = time.perf_counter() - start
    assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]
    print(json.dumps([took, record["stderr"]]), flush=True)
"""


class OtherJudge:
    """``python bench/judge.py --against DIR``: the judge of the checkout in DIR (built, with its .venv)."""

    def __init__(self, checkout: str, sandbox: str) -> None:
        python = Path(checkout) / ".venv" / "bin" / "python"
        if not python.exists():
            sys.exit(f"--against {checkout}: no {python} (run `make install` there first)")
        self.process = subprocess.Popen([str(python), "-c", OTHER_JUDGE, checkout, sandbox], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def __call__(self, command: list[str]) -> tuple[float, list[str]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        took, stderr = json.loads(self.process.stdout.readline())
        return took, stderr


def measure_side_by_side(runs: dict, command: list[str], games: int) -> dict[str, tuple[list[float], list[float]]]:
    """Each game's seconds and the turn samples of each way to run a game, the ways taking
    turns game by game, so that the machine's load at any moment weighs on all of them alike."""
    seconds: dict[str, list[float]] = {label: [] for label in runs}
    samples: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(games):
        for label, run in runs.items():
            start = time.perf_counter()
            stderr = run(command)
            took = time.perf_counter() - start
            if isinstance(stderr, tuple):  # another checkout's judge times its own game
                took, stderr = stderr
            seconds[label].append(took)
            for text in stderr:
                samples[label] += [float(x) for x in text.split()]
    return {label: (seconds[label], samples[label]) for label in runs}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per measurement")
    parser.add_argument("--sandbox", choices=MODES, default="limits", help="the judge's --sandbox")
    parser.add_argument("--against", metavar="DIR", help="also the judge of the checkout in DIR (an earlier release, "
                                                         "built with its own .venv), game by game beside this one")
    args = parser.parse_args()
    global SANDBOX
    SANDBOX = Sandbox(args.sandbox)
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        sys.exit("bench/judge.py needs a C compiler (cc)")
    work = Path(tempfile.mkdtemp(prefix="arena-bench-"))
    (work / "player.c").write_text(C_PLAYER)
    subprocess.run([cc, "-O2", "-o", str(work / "player"), str(work / "player.c")], check=True)
    (work / "player.py").write_text(PY_PLAYER)
    programs = {"C": [str(work / "player")], "Python": [sys.executable, str(work / "player.py")]}

    print(f"--sandbox {args.sandbox}; {args.games} Flippo games (60 moves) per row; game ms: the median game; "
          f"turn = own move written -> opponent's reply read (µs)")
    header = f"{'players':<8} {'relay':<6} {'games/s':>8} {'game ms':>8} {'median':>8} {'p99':>8}"
    print(header)
    print("-" * len(header))
    for name, command in programs.items():
        runs = {"raw": relay_raw, "judge": through_judge}
        if args.against:
            runs["before"] = OtherJudge(args.against, args.sandbox)
        measure_side_by_side(runs, command, 2)  # warm the caches of both paths before timing
        rows = measure_side_by_side(runs, command, args.games)
        for label, (seconds, samples) in rows.items():
            print(f"{name:<8} {label:<6} {len(seconds) / sum(seconds):>8.1f} {statistics.median(seconds) * 1000:>8.2f} "
                  f"{statistics.median(samples):>8.0f} {percentile(samples, 0.99):>8.0f}")
        (raw_seconds, raw) = rows["raw"]
        for label in [label for label in rows if label != "raw"]:
            judge_seconds, judged = rows[label]
            print(f"{name:<8} ratio  {label}/raw turn median {statistics.median(judged) / statistics.median(raw):.2f}x "
                  f"(goal <= 2x), games/s {sum(raw_seconds) / sum(judge_seconds):.0%} of raw (goal >= 60%; "
                  f"median game {statistics.median(raw_seconds) / statistics.median(judge_seconds):.0%})")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
