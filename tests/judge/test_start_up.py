"""Both programs start up at once; each start-up still counts on its own clock (start_up.py)."""

import time

import psutil

from arena.judge.match import START_UP_WINDOW_S, Match, SeatState
from arena.judge.start_up import StartUp
from arena.refereeing.referee import play_game

from .outside_look import play_and_sample

# A plain Flippo player: the first legal move. ``{before}`` runs before it reads anything,
# ``{first_move}`` before its first move.
PLAYER = """
    import os, sys, time
    {before}
    from arena.games.flippo.rules import FlippoState
    state, first = FlippoState(), True
    for line in sys.stdin:
        line = line.strip()
        if line == "Quit": break
        if line != "Start": state.play_text(line)
        if first:
            {first_move}
        move = state.legal_moves()[0]; state.play(move)
        print(state.format_move(move), flush=True)
        first = False
"""


def player(script, before: str = "pass", first_move: str = "pass"):
    return script(PLAYER.format(before=before, first_move=first_move))


def test_a_start_up_during_the_opponents_first_turn_costs_only_its_cpu_time(script):
    # Black sleeps 1.5 s before it reads, all of it while White thinks over its first move:
    # a sleep uses no CPU, so Black's clock pays only for its Python start-up and imports (a few
    # hundred ms under a loaded host's disk and cores: the bound leaves them 1.2 s).
    white = player(script, first_move="time.sleep(1.7)")
    black = player(script, before="time.sleep(1.5)")
    record = play_game("flippo", [white, black], seed=1)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    white_times, black_times = record["times"]
    assert white_times["first_reply_ms"] >= 1700
    assert black_times["first_reply_ms"] < 1200  # started on its own turn, it would be over 1500


def test_a_start_up_that_computes_pays_for_all_of_it_and_waits_past_its_window(script):
    # Black computes for 1 s of CPU before it reads; White thinks 0.5 s over its first move. Black's
    # start-up window is over before White's reply, so Black is stopped, still computing: the test
    # looks at it from outside (a program sees no other process), every 5 ms.
    black = player(script, before="""end = time.process_time() + 1.0
    while time.process_time() < end: pass""")
    white = player(script, first_move="time.sleep(0.5)")
    record, samples = play_and_sample([white, black], black.command.split()[-1])
    assert record["result"]["verdicts"] == ["ok", "ok"]
    # stopped ("T") after its window, before its second of computing was over (on a busy host its
    # window may have given it next to no CPU: how far it got is the host's, not the judge's)
    assert any(status == psutil.STATUS_STOPPED and cpu < 0.95 for status, cpu in samples), samples
    assert 0.5 > START_UP_WINDOW_S
    # the whole second of computing is on Black's clock, whenever it ran
    assert record["times"][1]["first_reply_ms"] >= 950
    assert record["times"][1]["cpu_ms"] >= 950


class BusyStartUp:
    """A stand-in for a program whose start-up kept several cores busy: its first reading of
    CPU time says ``start_up_cpu_s``, more than the wall time it ran; it replies at once."""

    idle_wake_wait_ns = 0  # no wait of the judge's on it

    def __init__(self, start_up_cpu_s: float) -> None:
        self.cpu_readings = [start_up_cpu_s]

    def cpu_seconds_since_last_call(self) -> float:
        return self.cpu_readings.pop(0) if self.cpu_readings else 0.001

    def read_line(self, timeout_s: float) -> str:
        return "C3"

    def suspend(self) -> None:
        pass

    def resume(self) -> None:
        pass


def test_a_start_up_is_charged_its_cpu_time_but_never_more_than_the_wall_time_it_ran():
    # 0.5 s since it started, 2 s of CPU meanwhile (four busy threads): on its own turn the
    # start-up could have cost at most its 0.5 s of wall time, so its clock pays no more
    started = time.monotonic() - 0.5
    seat = SeatState("White", BusyStartUp(start_up_cpu_s=2.0), clock_ms=5000, start_up=StartUp(started))
    match = Match([seat, SeatState("Black", BusyStartUp(0.0), clock_ms=5000)], seed=1)
    reply = match.ask(0)
    ran_ms = (time.monotonic() - started) * 1000
    assert 500 <= reply.wall_ms <= ran_ms
    assert 5000 - ran_ms <= seat.clock_ms <= 4500
    assert reply.cpu_ms >= 2000  # the CPU time itself is recorded in full
