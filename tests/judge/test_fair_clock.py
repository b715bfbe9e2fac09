"""A program's clock does not run while it waits for a core the host gave to others (fair_clock.py).

The slow host is made for real: the judge and both programs pinned to one core beside CPU
burners there (each in a session of its own), so that a program gets a third of a core or less.
"""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

from arena.judge.fair_clock import charged_ms, own_wait_ns
from arena.refereeing.referee import play_game
from arena.refereeing.players import resolve_player

pytestmark = pytest.mark.parametrize("game", ["flippo"])

SCALE = 0.1  # Flippo's 5 s clock: 500 ms
SPIN_MS = 8  # of CPU a move: about 240 ms of the 500 over a game's 30 moves, start-up (~100 ms) on top


def test_the_charge_is_the_wall_time_less_the_wait_never_below_the_cpu_time(game):
    assert charged_ms(100, 30, 0) == 100  # a quiet host: the wall clock, sleeping included
    assert charged_ms(100, 30, 60) == 40  # 60 waiting for a core: off
    assert charged_ms(100, 30, 95) == 30  # never less than the CPU time it used
    assert charged_ms(100, 180, 150) == 100  # two cores' worth: never more than the wall time


def test_own_wait_is_the_calling_threads_schedstat(game):
    with open(f"/proc/thread-self/schedstat") as schedstat:
        before = int(schedstat.read().split()[1])
    assert own_wait_ns() >= before


@contextmanager
def one_busy_core(burners: int):
    """This process (the judge, and every program it starts) and ``burners`` CPU burners on core 0."""
    core = min(os.sched_getaffinity(0))
    before = os.sched_getaffinity(0)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True,
                                 preexec_fn=lambda: os.sched_setaffinity(0, {core}))
                for _ in range(burners)]
    os.sched_setaffinity(0, {core})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


BOT = """
    import sys, threading, time
    from arena.games.flippo.rules import FlippoState

    def spin(seconds):
        spent = time.process_time() + seconds
        while time.process_time() < spent:
            pass

    {before}
    state, moves = FlippoState(), 0
    for line in sys.stdin:
        line = line.strip()
        if line == "Quit":
            break
        if line != "Start":
            state.play_text(line)
        {think}
        moves += 1
        move = state.legal_moves()[0]
        state.play(move)
        print(state.format_move(move), flush=True)
"""


def flippo_bot(think: str, before: str = "") -> str:
    """A Flippo program that plays the first legal move, after the Python line ``think`` (``spin(s)``
    uses s seconds of CPU time; ``moves`` counts its moves so far); ``before``: a line run first."""
    return BOT.format(think=think, before=before)


SPINNER = flippo_bot(think=f"spin({SPIN_MS / 1000})")


def _charged(record, seat):
    return record["clock_ms"] - record["times"][seat]["clock_left_ms"]


@pytest.mark.serial
def test_a_program_waiting_for_a_core_is_not_charged_for_the_wait(script, game):
    """It spends about 70% of its clock in CPU time (start-up included), with a third of a core: by
    the wall clock it would run out (as it did before the judge counted the wait); its clock is
    charged its CPU time and little more, seats swapped."""
    spinner = script(SPINNER)
    for seats in ([spinner, resolve_player(game, "builtin:random")], [resolve_player(game, "builtin:random"), spinner]):
        with one_busy_core(burners=2):
            record = play_game(game, seats, seed=1, time_scale=SCALE)
        mine = 0 if seats[0] is spinner else 1
        times = record["times"][mine]
        assert record["result"]["verdicts"][mine] == "ok", record["result"]
        assert times["wall_ms"] > record["clock_ms"], times  # the wall clock alone would have timed it out
        assert times["queued_ms"] > times["wall_ms"] / 3, times
        # charged what it used and what it did besides (reading, writing), not its waits
        charged = _charged(record, mine)
        assert times["cpu_ms"] - 0.01 <= charged < times["cpu_ms"] + 0.6 * (times["wall_ms"] - times["cpu_ms"])
        moves = [move for move in record["moves"] if move["seat"] == mine]
        assert abs(sum(charged_ms(m["wall_ms"], m["cpu_ms"], m["queued_ms"]) for m in moves)
                   - _charged(record, mine)) < 1, "the moves' charges add up to its clock"


# its spinner thread always ready, its main thread waits for it too; the main thread's sleep is
# blocked time, not a wait for a core: on its clock
THREADED = flippo_bot(think="time.sleep(0.005)",
                      before="threading.Thread(target=spin, args=(float('inf'),), daemon=True).start()")


@pytest.mark.serial
def test_a_threaded_program_gains_nothing_from_its_own_threads_waits(script, game):
    """A spinning thread beside the main one makes the main thread wait for the core, for the
    program's own sake: the clock still charges at least every thread's CPU time, so no thread
    thinks on it for free (were the main thread's wait deducted alone, the spinner's CPU time
    would be off the clock)."""
    with one_busy_core(burners=1):
        record = play_game(game, [script(THREADED), resolve_player(game, "builtin:random")], seed=1,
                           time_scale=SCALE)
    times = record["times"][0]
    moves = [move for move in record["moves"] if move["seat"] == 0]
    assert times["queued_ms"] > times["cpu_ms"] / 4, times  # its main thread did wait, for its own spinner
    floor = sum(min(move["wall_ms"], move["cpu_ms"]) for move in moves if "wall_ms" in move)  # a jury's have none
    assert _charged(record, 0) >= floor - 1, (times, moves)


ONE_LONG_MOVE = flippo_bot(think="spin(0.2) if moves == 0 else None")


@pytest.mark.serial
def test_the_judge_waits_on_while_a_long_move_waits_for_a_core(script, game):
    """200 ms of CPU time in one move (its start-up's on top), on a fifth of a core: the reply comes
    long after the wall clock's deadline (500 ms, and the half second the judge waits on to tell a
    late reply); the judge, seeing the clock not yet spent, waits for it. (The rest of its clock,
    about 200 ms, is for its other 29 moves: on a loaded host a Python move costs some ms.)"""
    with one_busy_core(burners=4):
        record = play_game(game, [script(ONE_LONG_MOVE), resolve_player(game, "builtin:random")], seed=1,
                           time_scale=SCALE)
    first = record["moves"][0]
    assert record["result"]["verdicts"][0] == "ok", record["result"]
    assert first["wall_ms"] > record["clock_ms"] + 500, first
    assert first["cpu_ms"] >= 200, first


def test_the_judges_own_waits_while_a_program_sleeps_spare_it_nothing(game, script, flippo_faulty, monkeypatch):
    """A program that sleeps 1.2 s on a 1 s clock is late however busy the judge's core: the judge
    thread wakes every 50 ms while it waits (to keep the program's processes running), and on a busy
    host each wake-up waits for a core. Here the judge's thread is made to wait a third of all the
    time it runs (its schedstat, faked): deducted whole, those waits made the sleeper's 1.2 s cost
    0.8 s, and it was not timed out (test_faults.py's "late", once in a full run of the suite)."""
    import time

    from arena.judge import match, process

    began = time.monotonic()

    def a_third_of_the_time_waiting() -> int:
        return int((time.monotonic() - began) / 3 * 1e9)

    monkeypatch.setattr(process, "own_wait_ns", a_third_of_the_time_waiting, raising=False)
    monkeypatch.setattr(match, "own_wait_ns", a_third_of_the_time_waiting)
    late = script(flippo_faulty(4, "time.sleep(1.2)"))
    record = play_game(game, [late, resolve_player(game, "builtin:greedy")], seed=11, time_scale=0.2)
    assert record["result"]["verdicts"] == ["timeout", "ok"], record["result"]
    assert "after its time ran out" in record["result"]["faults"][0]
