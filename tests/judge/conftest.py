"""Programs that misbehave on purpose, for any game: the fault-injection suite's contestants."""

import shlex
import sys

import pytest

from arena.judge.players import PlayerSpec

# The built-in random player behind a relay that misbehaves in one way, chosen on its command
# line, when the player writes its reply number AT (0 = its first line). One thread and a select
# loop: closing its input then really closes the pipe the judge writes to. Every process of it
# notes its pid in PIDS, so a test can check afterwards that none of them is still alive.
RELAY = r"""
import os, select, subprocess, sys, time
game, kind, at, pids = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
FLOOD, MB = 100, b"x" * 1_000_000
child = subprocess.Popen([sys.executable, "-m", "arena.bot", game, "random", "--seed", "1"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
noted = [os.getpid(), child.pid]
if kind == "child_left":  # a helper of its own that would live on, beating a heartbeat
    helper = subprocess.Popen([sys.executable, "-c",
        "import sys, time\nwhile True:\n    open(sys.argv[1], 'w').write(str(time.time()))\n    time.sleep(0.02)",
        pids + ".heartbeat"])
    noted.append(helper.pid)
with open(pids, "w") as file:
    file.write(" ".join(map(str, noted)))
if kind == "early":
    os.write(1, b"hello\n")  # a line before it has read anything

def misbehave(line):
    if kind == "crash":
        os._exit(3)
    if kind == "exit":
        os._exit(0)
    if kind == "hang":
        time.sleep(600)
    if kind == "late":
        time.sleep(float(sys.argv[5]))
    if kind == "garbage":
        os.write(1, b"\xff\xfe\x00garbage\x80\x81\n")
        time.sleep(600)
    if kind in ("flood_out", "flood_lines"):
        chunk = MB if kind == "flood_out" else (b"x" * 99 + b"\n") * 10_000
        for _ in range(FLOOD):
            os.write(1, chunk)
        time.sleep(600)
    if kind == "flood_err":
        for _ in range(FLOOD):
            os.write(2, MB)
    if kind == "close_stdin":  # before the reply: once the judge has it, this program is stopped
        os.close(0)
        watched.remove(0)
    os.write(1, line + b"\n")

replies, pending, watched = 0, b"", [0, child.stdout.fileno()]
while True:
    ready, _, _ = select.select(watched, [], [])
    if 0 in ready:
        data = os.read(0, 65536)
        if not data:
            watched.remove(0)
            child.stdin.close()
        else:
            child.stdin.write(data)
    if child.stdout.fileno() in ready:
        data = os.read(child.stdout.fileno(), 65536)
        if not data:
            break
        pending += data
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if replies == at:
                misbehave(line)
            else:
                os.write(1, line + b"\n")
            replies += 1
"""


@pytest.fixture
def faulty(tmp_path):
    """``faulty(game, kind, at, *extra) -> (PlayerSpec, pid_file)``: a relay that misbehaves at reply ``at``."""
    relay = tmp_path / "relay.py"
    relay.write_text(RELAY)
    counter = iter(range(1000))

    def make(game: str, kind: str, at: int, *extra: str) -> tuple[PlayerSpec, str]:
        pids = str(tmp_path / f"pids{next(counter)}")
        command = shlex.join([sys.executable, str(relay), game, kind, str(at), pids, *extra])
        return PlayerSpec(f"{kind}@{at}", command), pids

    return make
