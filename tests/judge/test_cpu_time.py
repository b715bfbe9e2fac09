"""A program's recorded CPU time counts all its threads and all its processes.

Each program here burns CPU on its first turn outside its main thread (in two
spinning threads, or in a forked worker), measures the CPU it used itself and
writes the figure to stderr, then replies. The judge's figure must agree.
"""

import shutil
import subprocess
import sys

import pytest

from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.judge.sandbox.settings import Sandbox

# Two threads spin while the main thread sleeps, until the process has used 0.6 s of CPU.
THREADS_C = r"""
#include <pthread.h>
#include <stdio.h>
#include <time.h>
static volatile int stop;
static void *spin(void *unused) { while (!stop) {} return unused; }
int main(void) {
    char line[256];
    if (!fgets(line, sizeof line, stdin)) return 1;
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, spin, NULL);
    struct timespec nap = {0, 5000000};
    while ((double)clock() / CLOCKS_PER_SEC < 0.6) nanosleep(&nap, NULL);
    stop = 1;
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    fprintf(stderr, "%f\n", (double)clock() / CLOCKS_PER_SEC);
    printf("garbage\n");  /* a format fault: the game ends, its CPU time is recorded */
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {}
    return 0;
}
"""

# A forked worker burns 0.5 s of CPU and ends; the main process waits for it.
FORKS_PY = """
import os, sys, time
sys.stdin.readline()
worker = os.fork()
if worker == 0:
    while time.process_time() < 0.5:
        pass
    os._exit(0)
os.waitpid(worker, 0)
used = os.times()
print(used.user + used.system + used.children_user + used.children_system, file=sys.stderr, flush=True)
print("garbage", flush=True)
sys.stdin.read()
"""

MODES = ["limits", "none"]  # with a cgroup, and by walking /proc


def recorded_and_real(record) -> tuple[float, float]:
    """The first seat's recorded CPU time and the one it measured itself, in seconds."""
    assert record["result"]["verdicts"][0] == "format", record["result"]
    return record["times"][0]["cpu_ms"] / 1000, float(record["stderr"][0].split()[0])


@pytest.mark.compilers
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the threaded program")
@pytest.mark.parametrize("mode", MODES)
def test_every_thread_counts(tmp_path, mode):
    source = tmp_path / "threads.c"
    source.write_text(THREADS_C)
    subprocess.run(["gcc", "-O1", "-pthread", "-o", str(tmp_path / "threads"), str(source)], check=True)
    player = resolve_player("flippo", str(tmp_path / "threads"))
    record = play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1,
                       sandbox=Sandbox(mode))
    recorded, real = recorded_and_real(record)
    assert real >= 0.6
    assert abs(recorded - real) <= 0.2 * real, (recorded, real)


@pytest.mark.parametrize("mode", MODES)
def test_a_forked_workers_cpu_counts(tmp_path, mode):
    script = tmp_path / "forks.py"
    script.write_text(FORKS_PY)
    player = resolve_player("flippo", f"{sys.executable} {script}")
    record = play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1,
                       sandbox=Sandbox(mode))
    recorded, real = recorded_and_real(record)
    assert real >= 0.45  # os.times() counts in ticks: the worker's 0.5 s may read 0.49
    assert abs(recorded - real) <= 0.2 * real, (recorded, real)
