"""The agent's seat in a judged game: the judge talks to it as to a program, in-process.

The judge sends protocol lines and reads replies (``send``/``read_line``, the face a
person's seat shows it: no process, no clock). A thread runs the game's own program
dialogue (the encodings' ``play_as_program``, as ``arena policy-bot`` does) over two
in-memory line queues; each time that dialogue needs a move it hands the position to
the environment and waits for the agent's action.
"""

from __future__ import annotations

import queue
import threading

from ..judge.process import ProgramFault
from ..refereeing.human import PersonSeat

STOPPED = "the agent's episode stopped"


class _LineReader:
    """The dialogue's stdin: the judge's lines, then end of input once the seat closes."""

    def __init__(self) -> None:
        self.lines: queue.Queue = queue.Queue()

    def readline(self) -> str:
        line = self.lines.get()
        return "" if line is None else line + "\n"

    def __iter__(self):
        while line := self.readline():
            yield line


class _LineWriter:
    """The dialogue's stdout: each line it writes becomes a reply the judge reads."""

    def __init__(self) -> None:
        self.lines: queue.Queue = queue.Queue()
        self._partial = ""

    def write(self, text: str) -> None:
        *complete, self._partial = (self._partial + text).split("\n")
        for line in complete:
            self.lines.put(line)

    def flush(self) -> None:
        pass


class AgentSeat(PersonSeat):
    """``decide(state) -> move`` is called on the dialogue's thread for every move of the seat."""

    def __init__(self, encoding, decide, rng) -> None:
        self.closed = False
        self._stdin, self._stdout = _LineReader(), _LineWriter()
        self._thread = threading.Thread(target=self._run, args=(encoding, decide, rng), daemon=True)
        self._thread.start()

    def _run(self, encoding, decide, rng) -> None:
        try:
            encoding.play_as_program(decide, rng, stdin=self._stdin, stdout=self._stdout)
        except Exception:  # noqa: BLE001 - an aborted episode ends the dialogue; the judge sees it stop
            pass
        finally:
            self._stdout.lines.put(None)

    def send(self, line: str) -> None:
        self._stdin.lines.put(line)

    def read_line(self, timeout_s: float) -> str | None:
        try:
            line = self._stdout.lines.get(timeout=None if timeout_s == float("inf") else timeout_s)
        except queue.Empty:
            return None
        if line is None:
            self._stdout.lines.put(None)  # stays stopped for any later read
            raise ProgramFault("exit", STOPPED)
        return line

    def close(self, grace_s: float = 0.0) -> None:
        self.closed = True
        self._stdin.lines.put(None)
