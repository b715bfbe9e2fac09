"""One game between two seats: clocks, suspension, verdicts, and the record.

A game's ``protocol.py`` drives a :class:`Match`: it decides what each seat is
sent and when it must reply; the match does the timing, suspends the idle
program, turns every process-level fault into a :class:`ProgramFault`, and
keeps everything the record needs. Protocols never touch processes directly.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, get_args

from .exit_reason import REFUSED_TO_START, last_line
from .fair_clock import charged_ms, own_wait_ns
from .move_errors import MoveError, MoveFormatError
from .process import ProgramFault
from .record_types import Move, ResultExtras, Verdict
from .start_up import StartUp

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's own from Python 3.11; mypy reads it for 3.10
    from .record_types import MoveExtras

TIMEOUT_SLACK_S = 0.5
"""After a clock runs out, how long the judge still waits to tell by how much it was overrun."""

HOST_STRETCH = 10
"""A turn lasts at most this many times its limit (plus TIMEOUT_SLACK_S) in wall time, however
long the program waits for a core: on a host that gives it a tenth of one, it times out."""

START_UP_WINDOW_S = 0.2
"""How long a program may go on starting up during its opponent's first turn (start_up.py)."""

END_GRACE_S = 0.5
"""How long a program may take to exit by itself once its game is over."""


NO_NEWLINE = "but no newline after it"
"""How a timeout's reason ends when the program wrote part of a line (fault reports look for it)."""


VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
"""Every verdict a seat can get (docs/record.md explains each)."""

SEAT_FAULTS = (ProgramFault, MoveError)
"""What a seat can do wrong while it moves: misbehave as a process, or write a bad move."""


class ProgramCannotStart(Exception):
    """A seat's program never got to play: the shell or the sandbox refused to run it, or (when
    the match was told to stop for that too) it ended before writing its first line.

    Raised out of the game by a match given ``stop_at_failed_start``, so that ``arena play`` or
    a tournament says so before it counts the game, from the program's one real start (no
    program is started just to be watched)."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(seat, reason)  # both in args: the error crosses to a pool's parent, or from Dask
        self.seat = seat
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


FAILED_START_STOPS = (None, "refused", "ended")
"""What stops a match at a program's start: nothing (its game goes on, the jury playing for it),
the shell or the sandbox refusing to run it, or also its ending before its first line."""


def fault_verdict(error: Exception) -> tuple[Verdict, str]:
    """The verdict and the reason for one of SEAT_FAULTS."""
    if isinstance(error, ProgramFault):
        return error.verdict, error.reason
    if isinstance(error, MoveFormatError):
        return "format", str(error)
    return "illegal", str(error)


@dataclass
class Reply:
    text: str
    wall_ms: float
    cpu_ms: float
    queued_ms: float = 0.0  # of wall_ms, the time it (or the judge, to read it) waited for a core

    @property
    def charged_ms(self) -> float:
        """What it cost on the clock (fair_clock.py)."""
        return charged_ms(self.wall_ms, self.cpu_ms, self.queued_ms)


@dataclass
class Outcome:
    """What a protocol returns: the result by the game's own scoring."""

    scores: list[float]
    winner: int | None
    reason: str
    extra: ResultExtras = field(default_factory=ResultExtras)


@dataclass
class SeatState:
    name: str
    player: Any  # a Program, or a HumanPlayer; both speak send/read_line/suspend/resume/close
    clock_ms: float  # thinking time left
    verdict: Verdict = "ok"
    reason: str | None = None
    transcript: list[list[str]] = field(default_factory=list)
    wall_ms: float = 0.0
    cpu_ms: float = 0.0
    queued_ms: float = 0.0  # of wall_ms, waiting for a core: not on its clock (fair_clock.py)
    queue_seen_ns: int = 0  # its main process's wait for a core at its previous reply
    replies: int = 0
    first_reply_ms: float | None = None  # start-up included (start_up.py)
    start_up: StartUp | None = None  # a program before its first turn (None: a person, or it has had it)
    answer: str | None = None  # the line written to the latest request, if any
    fault_line: str | None = None  # the answer that was faulted (None: it wrote none)
    fault_at: int | None = None  # how many transcript lines came before the fault
    running_since: float | None = None  # its reply came then, and it is not yet known stopped

    @property
    def faulted(self) -> bool:
        return self.verdict != "ok"


class Match:
    """The judge's side of one game, as seen by a protocol."""

    def __init__(self, seats: list[SeatState], seed: int | None, time_scale: float = 1.0,
                 stop_at_failed_start: str | None = None) -> None:
        if stop_at_failed_start not in FAILED_START_STOPS:
            raise ValueError(f"stop_at_failed_start must be one of {FAILED_START_STOPS}, got {stop_at_failed_start!r}")
        self.seats = seats
        self.stop_at_failed_start = stop_at_failed_start
        self.time_scale = time_scale  # for limits a protocol sets itself (Domineering's READY)
        self.moves: list[Move] = []
        self.state: Any = None  # the protocol's current game state, shown to human players
        self.jury = random.Random(f"jury-{seed}")  # the seeded jury player's dice

    # -- talking to seats ------------------------------------------------

    def send(self, seat: int, line: str) -> None:
        """Write a line to a seat. A program that has gone away raises ProgramFault."""
        self.seats[seat].answer = None  # a new request: no answer to it yet
        self.seats[seat].transcript.append(["in", line])
        self.seats[seat].player.send(line)

    def ask(self, seat: int, budget_ms: float | None = None, charge_clock: bool = True) -> Reply:
        """Let a seat think and return the line it writes.

        The other seat is suspended as soon as this one is resumed (one still starting
        up, once this turn ends: start_up.py); this one, when another is asked. The
        time runs on the seat's game clock unless ``budget_ms`` gives a separate limit
        (and ``charge_clock`` is False, e.g. Domineering's 3-second READY). Either way the
        time counted is fair_clock.py's: the wall time, less the time the program waited for
        a core the host gave to others. Raises ProgramFault for a timeout, a crash or an early exit.
        """
        me = self.seats[seat]
        self._settle(me)  # asked again without the other in between: it ran on meanwhile
        limit_ms = me.clock_ms if budget_ms is None else budget_ms
        me.answer = None
        # the others known stopped before this one is resumed and its clock starts: nothing they do,
        # their stopping included, runs on this seat's clock or competes with its init (a fork storm
        # of theirs, still running, would starve it of the CPU it needs to answer its own stop)
        self._until_stopped(self._suspend_others(seat))
        turn = _Turn(me, time.monotonic())
        me.start_up = None
        me.player.resume()
        try:
            line = self._read_reply(me, turn.start + (max(limit_ms - turn.start_up_ms, 0) / 1000 + TIMEOUT_SLACK_S))
            while line is None and (wait_s := turn.still_due_s(limit_ms + TIMEOUT_SLACK_S * 1000)) > 0:
                line = me.player.read_line(wait_s)  # its clock has not run out: it waited for a core
        finally:
            end = time.monotonic()
            self._pause_starting_seats(end)
            wall_ms, cpu_ms, queued_ms = turn.ended(end)
            charged = charged_ms(wall_ms, cpu_ms, queued_ms)
            me.wall_ms += wall_ms
            me.cpu_ms += cpu_ms
            me.queued_ms += queued_ms
            me.replies += 1
            if charge_clock:
                me.clock_ms -= charged
            me.running_since = end
        if line is None:
            # a reply without its newline is a common slip, and a timeout would hide it
            partial = me.player.partial_line() if hasattr(me.player, "partial_line") else ""
            unfinished = f"; it wrote {partial[:60]!r} {NO_NEWLINE}" if partial else ""
            raise ProgramFault("timeout", f"wrote no reply within {limit_ms:.0f} ms "
                                          f"(waited {wall_ms:.0f} ms{_core_wait(wall_ms, charged)}){unfinished}")
        me.transcript.append(["out", line])
        me.answer = line
        reply = Reply(line, wall_ms, cpu_ms, queued_ms)
        if me.first_reply_ms is None:
            me.first_reply_ms = wall_ms
        if charged > limit_ms:
            raise ProgramFault("timeout", f"replied {charged - limit_ms:.0f} ms after its time ran out"
                                          f"{_core_wait(wall_ms, charged)}")
        return reply

    def _until_stopped(self, stopping: list) -> None:
        """Each seat asked to stop, known stopped: from its reply until then it ran, and that time is
        in its wall time (not its opponent's: the next clock starts after this), so that its CPU time
        never outruns its wall time by more than the machine's cores allow. Not on its clock: most of
        it is the judge's own work on its move, which no program can plan for (a program that keeps
        its init from answering thinks on meanwhile, ANSWER_DEADLINE_S or, starved, up to 1 s)."""
        for seat_state in stopping:
            seat_state.player.end_suspend()
            self._settle(seat_state)

    @staticmethod
    def _settle(seat_state: SeatState) -> None:
        """The time a seat ran since its reply (until now, when it is known stopped or is asked
        again) on its own account."""
        if seat_state.running_since is not None:
            ran_ms = (time.monotonic() - seat_state.running_since) * 1000
            seat_state.wall_ms += ran_ms
            seat_state.running_since = None

    def _suspend_others(self, seat: int) -> list:
        """Ask every seat but ``seat`` (about to be resumed) to stop; the seats whose stop is still to
        be awaited (_until_stopped) before ``seat``'s clock starts.

        The seat that moved last runs on from its reply until here, while the judge checks its
        move and forwards it (some tens of µs), off the clock; the CPU it uses then goes on its
        next move's account. It is known stopped before the next seat's clock starts: a program
        whose stop takes long (its init busy, pid_namespace.py) costs its opponent nothing."""
        stopping = []
        for other, other_seat in enumerate(self.seats):
            if other != seat and other_seat.start_up is None:  # a seat still starting up goes on during this turn
                player = other_seat.player
                if hasattr(player, "begin_suspend"):
                    player.begin_suspend()
                    stopping.append(other_seat)
                else:
                    player.suspend()
        return stopping

    def _read_reply(self, me: SeatState, deadline: float) -> str | None:
        """The seat's reply line by ``deadline`` (None: none came). Seats still starting up
        are suspended once their start-up window has passed, if the reply is not in by then."""
        starting = [seat.start_up.started for seat in self.seats if seat.start_up is not None]
        if starting and me.clock_ms == float("inf"):
            self._pause_starting_seats(time.monotonic())  # a person's turn has no time to share
        elif starting:
            window_end = min(min(starting) + START_UP_WINDOW_S, deadline)
            line = me.player.read_line(max(window_end - time.monotonic(), 0))
            if line is not None:
                return line
            self._pause_starting_seats(time.monotonic())
        return me.player.read_line(max(deadline - time.monotonic(), 0))

    def _pause_starting_seats(self, now: float) -> None:
        for seat in self.seats:
            if seat.start_up is not None:
                seat.start_up.pause(seat.player, now)

    def try_read(self, seat: int, wait_ms: float) -> str | None:
        """An optional line (e.g. a final total) read in a short grace period; never a fault."""
        me = self.seats[seat]
        if me.faulted:
            return None
        self._settle(me)
        self._until_stopped(self._suspend_others(seat))
        me.player.resume()
        try:
            line = me.player.read_line(wait_ms / 1000)
        except ProgramFault:
            return None
        finally:
            me.player.suspend()
            me.player.cpu_seconds_since_last_call()  # off the clock: not part of any move
            if hasattr(me.player, "run_queue_ns"):
                me.queue_seen_ns = me.player.run_queue_ns()
        if line is not None:
            me.transcript.append(["out", line])
        return line

    def clock_left_ms(self, seat: int) -> float:
        return self.seats[seat].clock_ms

    # -- bookkeeping -----------------------------------------------------

    def record_move(self, seat: int, text: str, reply: Reply | None = None, **extra: Unpack[MoveExtras]) -> None:
        """Note a move for the record (``reply`` None: played by the jury or the judge)."""
        move: Move = {"seat": seat, "text": text}
        if reply is None:
            move["jury"] = True
        else:
            move["wall_ms"] = round(reply.wall_ms, 3)
            move["cpu_ms"] = round(reply.cpu_ms, 3)
            move["queued_ms"] = round(reply.queued_ms, 3)
        move.update(extra)
        self.moves.append(move)

    def fault(self, seat: int, verdict: Verdict, reason: str, farewell: str | None = None) -> None:
        """Give a seat its verdict, send it a parting line if asked, and stop it."""
        me = self.seats[seat]
        if me.faulted:
            return
        me.verdict, me.reason = verdict, reason
        me.fault_line, me.fault_at = me.answer, len(me.transcript)
        if farewell is not None:
            try:
                self.send(seat, farewell)
            except ProgramFault:
                pass
        me.player.close(grace_s=END_GRACE_S if farewell is not None else 0)
        failed_start = self._failed_start(me, verdict, reason)
        if failed_start is not None:
            raise ProgramCannotStart(seat, failed_start)

    def _failed_start(self, me: SeatState, verdict: Verdict, reason: str) -> str | None:
        """Why a seat's program could not start, if it could not and the match stops for it."""
        if self.stop_at_failed_start is None or verdict not in ("crash", "exit"):
            return None
        if any(direction == "out" for direction, _ in me.transcript):
            return None  # it wrote a line: it started, and its game says what it did next
        if reason.startswith(REFUSED_TO_START):
            return reason.removeprefix(REFUSED_TO_START)
        if self.stop_at_failed_start != "ended":
            return None
        stderr = me.player.stderr.value() if hasattr(me.player, "stderr") else ""
        said = last_line(stderr)  # a script's SyntaxError says more than its exit code
        return f"{said} ({reason})" if said else reason

    def faulted(self, seat: int) -> bool:
        return self.seats[seat].faulted

    def first_fault(self) -> int | None:
        faulted = [s for s, seat in enumerate(self.seats) if seat.faulted]
        return faulted[0] if faulted else None

    def close(self) -> None:
        """End every program of the game: a short grace to exit, then kill and reap."""
        for seat in self.seats:
            seat.player.let_finish()  # both end at once, so the graces overlap
        for seat in self.seats:
            seat.player.close(grace_s=END_GRACE_S)


def _core_wait(wall_ms: float, charged: float) -> str:
    """What a timeout's reason adds when the wall time was not all on the clock."""
    return f", {charged:.0f} of them on its clock: it waited for a core" if wall_ms - charged >= 1 else ""


class _Turn:
    """One seat's turn, timed on fair_clock.py's clock: its wall time, its CPU time, and how long it
    (its main process's threads) and the judge (its own thread, which must wake to read the reply)
    waited for a core. Its start-up before the turn counts too (start_up.py): its CPU time, never
    more than its wall time."""

    def __init__(self, seat: SeatState, start: float) -> None:
        self.seat, self.start = seat, start
        self.start_up_ms, self.start_up_cpu_ms = (0.0, 0.0) if seat.start_up is None else seat.start_up.charge(
            seat.player, start)
        self.judge_queue_start_ns = own_wait_ns()
        self.idle_wake_start_ns = seat.player.idle_wake_wait_ns

    def _queued_ns(self, program_now_ns: int) -> int:
        # the program's since its previous reply: it is stopped in between, so that is this turn's (its
        # first turn's includes its start-up's, whose CPU time alone is charged: the floor of its CPU
        # time, below, keeps that from counting twice to its advantage); the judge's, but for its
        # wake-ups that found no reply (Program.idle_wake_wait_ns): a program that slept past its time
        # on a busy host was spared the judge's waits at every wake-up of its sleep, and not timed out
        judge_ns = own_wait_ns() - self.judge_queue_start_ns
        judge_ns -= self.seat.player.idle_wake_wait_ns - self.idle_wake_start_ns
        return (program_now_ns - self.seat.queue_seen_ns) + max(judge_ns, 0)

    def still_due_s(self, until_ms: float) -> float:
        """How much longer to wait for a reply that has not come, in wall seconds: 0 once the turn
        has cost ``until_ms`` on the fair clock, or lasted HOST_STRETCH times that."""
        player = self.seat.player
        wall_ms = (time.monotonic() - self.start) * 1000 + self.start_up_ms
        if not hasattr(player, "run_queue_ns") or wall_ms >= until_ms * HOST_STRETCH:
            return 0.0
        cpu_ms = player.cpu_seconds_unread() * 1000 + self.start_up_cpu_ms
        queued_ms = self._queued_ns(player.run_queue_ns()) / 1e6
        return max(until_ms - charged_ms(wall_ms, cpu_ms, queued_ms), 0.0) / 1000

    def ended(self, end: float) -> tuple[float, float, float]:
        """(wall, CPU, queued) ms of the turn, now that it is over; the CPU mark moves on."""
        player = self.seat.player
        wall_ms = (end - self.start) * 1000 + self.start_up_ms
        cpu_ms = player.cpu_seconds_since_last_call() * 1000 + self.start_up_cpu_ms
        if not hasattr(player, "run_queue_ns"):
            return wall_ms, cpu_ms, 0.0  # a person: no clock of the kind
        program_now_ns = player.run_queue_ns()
        queued_ms = min(self._queued_ns(program_now_ns) / 1e6, wall_ms)
        self.seat.queue_seen_ns = program_now_ns
        return wall_ms, cpu_ms, queued_ms
