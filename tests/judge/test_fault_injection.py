"""Every way a program can misbehave, in every game: the right verdict, the game's own scoring
for both sides, a game that ends within its clocks, a judge whose memory stays bounded, and
nothing of the offender left alive.

The offender is the built-in random player behind a relay that misbehaves at its reply AT
(tests/programs/fault_relay.py); the other seat is ``builtin:random``. The scores are checked against
each game's fault rule (docs/games/<game>.md) on positions replayed through the rules.
"""

import os
import signal
import threading
import time
from pathlib import Path

import psutil
import pytest

from arena.games import game_names, get_game
from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.scoring import grid_points
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.games.replay import replay

AT = 3  # the offender's 4th line: a few moves into the game
CLOCK_S = 2.0  # every game's clock, scaled to about this
GRACE_S = 3.0  # start-ups, the judge's slack after a clock runs out, the end grace
MEMORY_MB = 30  # what the judge may grow by during a game, whatever the programs write

# kind -> (verdict, a fragment of the reason or None)
FAULTS = {
    "crash": ("crash", "exited with code 3"),
    "exit": ("exit", "exited (code 0)"),
    "hang": ("timeout", "wrote no reply within"),
    "late": ("timeout", None),  # slept just past its clock: by how much decides the wording
    "garbage": ("format", "not valid UTF-8"),
    "early": ("format", "hello"),  # wrote a line before reading anything
    "close_stdin": ("exit", "stopped reading its input"),
    "flood_out": ("format", "without a newline"),  # 100 MB and never a newline
    "flood_lines": ("format", None),  # 100 MB of lines
    "flood_err": ("ok", None),  # 100 MB on stderr, then plays on
    "child_left": ("ok", None),  # plays a clean game, and leaves a helper process running
}
GAMES = game_names()
# every game for the cheap cases; the costly ones on a subset (a jury game and a game without)
SUBSETS = {kind: ("flippo", "turnright") for kind in ("flood_out", "flood_lines", "flood_err")}
SUBSETS["late"] = ("flippo", "luckywords")  # its whole clock: once with a jury, once without
# its whole clock too, in the other two: a timeout is the judge's (match.ask), the same in every game,
# and every game's scoring of a fault is checked by the cheap kinds (Domineering's clock, floored
# for its READY, is 5 s here)
SUBSETS["hang"] = ("blackhole", "turnright")
CASES = [(game, kind) for game in GAMES for kind in FAULTS if game in SUBSETS.get(kind, GAMES)]


def time_scale(game: str) -> float:
    """About CLOCK_S per program; Domineering's 3 s READY, start-up included, is kept at 1.5 s."""
    return max(CLOCK_S * 1000 / get_game(game).clock_ms, 0.5 if game == "domineering" else 0)


class PeakMemory:
    """The most this process's resident memory rose above its level at the start, sampled every ms."""

    def __enter__(self):
        self.process = psutil.Process()
        self.start = self.peak = self.process.memory_info().rss
        self.running = True
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return self

    def _sample(self):
        while self.running:
            self.peak = max(self.peak, self.process.memory_info().rss)
            time.sleep(0.001)

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()

    @property
    def rise_mb(self) -> float:
        return (self.peak - self.start) / 1e6


def check_fault_scoring(game: str, record: dict, offender: int) -> None:
    """Each game's rule for a faulted game, on the position replayed from the record."""
    result, other = record["result"], 1 - offender
    final = replay(record)
    assert result["scores"][offender] == 0 and result["verdicts"][other] == "ok"
    if game in ("flippo", "blackhole"):  # a seeded jury finishes the game; the other keeps its score
        assert final.is_over()
        assert result["scores"][other] == final.scores()[other]
        assert result["winner"] == (other if final.scores()[other] > 0 else None)
        return
    assert result["winner"] == other
    if game == "turnright":  # 3 game points; 50 + d clamped to 0-100, plus the 50 fault bonus
        assert result["game_points"] == [3 if seat == other else 0 for seat in range(2)]
        points = final.points
        assert result["points"] == points
        assert result["scores"][other] == min(max(50 + points[other] - points[offender], 0), 100) + 50
    elif game == "luckywords":  # the other keeps the word points of its unfinished grid
        grid = final.grid_text(other)
        assert result["grids"][other] == grid
        assert result["scores"][other] == grid_points(grid, load_words())
    elif game == "domineering":  # the other keeps its points so far (Second's 2.5 included)
        assert result["scores"][other] == final.scores()[other]


def pids_of(record: dict | None, seat: int, pid_file: str) -> list[int]:
    """The relay's processes: from its pid file where it could write one (a judge not root), else
    from the first line of its stderr in the record (a root judge's programs write nothing that lasts)."""
    if os.path.exists(pid_file):
        return [int(pid) for pid in Path(pid_file).read_text().split()]
    if record is None:
        return []
    line = next(line for line in record["stderr"][seat].splitlines() if line.startswith("pids: "))
    return [int(pid) for pid in line.split()[1:]]


def still_alive(mark: str, wait_s: float = 1.0) -> list[psutil.Process]:
    """The offender's processes (relay, its player, any helper: each carries ``mark``, its pid file)
    alive ``wait_s`` after the game.

    A process killed with its namespace dies asynchronously: the kernel needs a moment to end a
    stopped or busy grandchild, so the check waits that long (a zombie counts as gone).
    """
    deadline = time.monotonic() + wait_s
    while True:
        alive = []
        for process in psutil.process_iter(["cmdline", "status"]):
            try:
                if process.info["status"] == psutil.STATUS_ZOMBIE:
                    continue
                if mark in (process.info["cmdline"] or []) or process.environ().get("ARENA_FAULT_MARK") == mark:
                    alive.append(process)
            except psutil.Error:
                pass
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.01)


@pytest.mark.parametrize("game,kind", CASES)
def test_a_misbehaving_program_gets_its_verdict_and_the_game_its_scoring(game, kind, faulty):
    verdict, fragment = FAULTS[kind]
    offender = (GAMES.index(game) + list(FAULTS).index(kind)) % 2  # both seats, in every game and kind
    scale = time_scale(game) * (3 if kind == "flood_err" else 1)  # 100 MB through a pipe takes time
    clock_s = get_game(game).clock_ms * scale / 1000
    extra = [str(clock_s + 0.2)] if kind == "late" else []
    bad, pid_file = faulty(game, kind, 0 if kind == "late" else AT, *extra)
    players = [bad, resolve_player(game, "builtin:random")]
    if offender == 1:
        players.reverse()

    start = time.monotonic()
    with PeakMemory() as memory:
        record = play_game(game, players, seed=77, time_scale=scale)
    took = time.monotonic() - start

    result = record["result"]
    assert result["verdicts"][offender] == verdict, result
    if fragment:
        assert fragment in result["faults"][offender]
    if verdict == "ok":
        assert result["verdicts"] == ["ok", "ok"] and replay(record).is_over()
    else:
        check_fault_scoring(game, record, offender)
    ready_s = 2 * 3 * scale if game == "domineering" else 0  # Domineering's READY, off the clock
    assert took < 2 * clock_s + ready_s + GRACE_S, took
    assert memory.rise_mb < MEMORY_MB, memory.rise_mb
    assert len(record["stderr"][offender]) < 10_100  # kept: the first and last 5,000 characters
    pids = pids_of(record, offender, pid_file)
    assert len(pids) == (3 if kind == "child_left" else 2)  # the helper's too
    assert not still_alive(pid_file)


def test_a_helper_in_a_session_of_its_own_is_gone_after_the_game(faulty):
    bad, pid_file = faulty("flippo", "child_escapes", AT)
    record = None
    try:
        record = play_game("flippo", [bad, resolve_player("flippo", "builtin:random")], seed=77,
                           time_scale=time_scale("flippo"))
        assert record["result"]["verdicts"] == ["ok", "ok"]
        assert len(pids_of(record, 0, pid_file)) == 3 and not still_alive(pid_file)
    finally:
        # this test's own leftovers, if the judge left them
        for process in still_alive(pid_file, wait_s=0):
            process.kill()
