"""The judge's per-move path: what it does to be quick must cost nothing in correctness."""

import os
import resource
import signal
import sys
import textwrap

import pytest

from arena.judge.capped_output import Capped
from arena.judge.process import Program, ProgramFault
from arena.judge.sandbox.settings import Sandbox

QUICK_THEN_SLOW = textwrap.dedent("""
    import sys, time
    for n, line in enumerate(sys.stdin):
        if n == 5:
            time.sleep(0.5)  # quick five times, then a long think
        sys.stderr.write(f"log {n}\\n")
        sys.stderr.flush()
        print(f"reply {n}", flush=True)
""")


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def test_a_program_that_stops_replying_quickly_is_waited_for_asleep():
    program = Program([sys.executable, "-c", QUICK_THEN_SLOW])
    try:
        for n in range(5):
            program.send("go")
            assert program.read_line(5.0) == f"reply {n}"
        program.send("go")
        before = own_cpu_seconds()
        assert program.read_line(5.0) == "reply 5"
        spent = own_cpu_seconds() - before
    finally:
        program.close()
    # polled awake for AWAKE_WAIT_S at most (0.2 ms), then asleep: far less CPU than the 0.5 s it waited
    assert spent < 0.1, f"the judge used {spent:.3f} s of CPU waiting 0.5 s for one reply"
    assert program.stderr.value() == "".join(f"log {n}\n" for n in range(6))


def test_kept_output_survives_a_character_split_between_two_reads():
    kept = Capped(100)
    kept.add("é".encode()[:1])
    kept.add("é".encode()[1:] + b" ok")
    assert kept.value() == "é ok"


def test_kept_output_counts_the_bytes_it_cuts():
    kept = Capped(10)
    kept.add(b"0123456789")
    kept.add(b"abcdefghij")
    assert kept.value() == "01234\n[... 10 bytes not kept ...]\nfghij"


ECHO = "import sys\nfor line in sys.stdin:\n    print(line.strip(), flush=True)\n"
ECHO_WITH_A_THREAD = ("import sys, threading, time\n"
                      "threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n" + ECHO)


def _stopped_and_resumed_with_its_init_stopped(source: str) -> bool:
    """Whether a program, its init stopped (it cannot answer), is suspended and resumed and replies."""
    program = Program([sys.executable, "-c", source], sandbox=Sandbox("limits"))
    try:
        if program.confinement.cgroup is None or program.confinement.cgroup.task_count() is None:
            pytest.skip("no cgroup with a count of its tasks here (root, with the pids controller)")
        program.send("one")
        assert program.read_line(20) == "one"
        os.kill(program.confinement.init.pid, signal.SIGSTOP)
        program.suspend()
        program.resume()
        program.send("two")
        return program.read_line(5) == "two"
    except ProgramFault:
        return False
    finally:
        program.close()


def test_a_program_of_one_task_is_stopped_without_its_init_one_of_two_through_it():
    """A program its cgroup counts as one task is stopped by the judge's own signal (its init, which
    cannot answer here, is not asked: no wake-up of it at each move); with a second thread, the init
    is asked, and one that does not answer ends it ("could not be stopped")."""
    assert _stopped_and_resumed_with_its_init_stopped(ECHO)
    assert not _stopped_and_resumed_with_its_init_stopped(ECHO_WITH_A_THREAD)
