"""A contestant that misbehaves on purpose, in any game (the fault-injection tests' program).

    python fault_relay.py GAME KIND AT PID_FILE [SECONDS]

It relays the built-in random player of GAME and misbehaves in the way KIND names when
that player writes its reply number AT (0 = its first line):

- ``crash`` (exit code 3), ``exit`` (code 0), ``hang``, ``late`` (sleeps SECONDS, then replies);
- ``garbage`` (a line of bytes that are not UTF-8), ``early`` (a line before reading anything);
- ``close_stdin`` (closes its input, then replies);
- ``flood_out`` / ``flood_lines`` (100 MB on stdout without / with newlines), ``flood_err``
  (100 MB on stderr, then plays on);
- ``child_left`` (plays on, with a helper process that beats a heartbeat into its TMPDIR),
  ``child_escapes`` (the same helper in a session and process group of its own).

One thread and a select loop, so that closing its input really closes the pipe the judge
writes to. The pids of all its processes (its namespace's numbers) go to its stderr first
(``pids: 1 2 3``, kept in the game's record), and to PID_FILE where it may write it (a judge
not root: under a root judge its folder is read-only to it), so that a test knows how many
there were; each carries PID_FILE (its command line, or ARENA_FAULT_MARK in its environment),
so that a test can find them from outside afterwards, and check that none is still alive.
"""

import os
import select
import subprocess
import sys
import time

MB = b"x" * 1_000_000
FLOOD_MB = 100
HEARTBEAT = "import sys, time\nwhile True:\n    open(sys.argv[1], 'w').write(str(time.time()))\n    time.sleep(0.02)"


def misbehave(kind: str, line: bytes, watched: list[int]) -> None:
    """Do what KIND says in place of writing ``line``; the kinds that play on write it at the end."""
    if kind in ("crash", "exit"):
        os._exit(3 if kind == "crash" else 0)
    if kind == "hang":
        time.sleep(600)
    if kind == "late":
        time.sleep(float(sys.argv[5]))
    if kind == "garbage":
        os.write(1, b"\xff\xfe\x00garbage\x80\x81\n")
        time.sleep(600)
    if kind in ("flood_out", "flood_lines"):
        chunk = MB if kind == "flood_out" else (b"x" * 99 + b"\n") * 10_000
        for _ in range(FLOOD_MB):
            os.write(1, chunk)
        time.sleep(600)
    if kind == "flood_err":
        for _ in range(FLOOD_MB):
            os.write(2, MB)
    if kind == "close_stdin":  # before the reply: once the judge has it, this program is stopped
        os.close(0)
        watched.remove(0)
    os.write(1, line + b"\n")


def main() -> None:
    game, kind, at, pid_file = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    # its children carry the mark its own command line has (PID_FILE): a test finds them all by it
    marked = dict(os.environ, ARENA_FAULT_MARK=pid_file)
    player = subprocess.Popen([sys.executable, "-m", "arena.toolkit.builtin_player", game, "random", "--seed", "1"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, env=marked)
    pids = [os.getpid(), player.pid]
    if kind in ("child_left", "child_escapes"):
        heartbeat = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"heartbeat-{os.getpid()}")
        helper = subprocess.Popen([sys.executable, "-c", HEARTBEAT, heartbeat],
                                  start_new_session=kind == "child_escapes", env=marked)
        pids.append(helper.pid)
        while not os.path.exists(heartbeat):  # alive for sure before the game goes on
            time.sleep(0.005)
    os.write(2, f"pids: {' '.join(map(str, pids))}\n".encode())
    try:  # replaced, not rewritten: a run of this program in a game at the same time may have written it
        with open(f"{pid_file}.{os.getpid()}", "w") as file:
            file.write(" ".join(map(str, pids)))
        os.replace(f"{pid_file}.{os.getpid()}", pid_file)
    except OSError:
        pass  # its folder is read-only to it (a root judge's): its stderr says them
    if kind == "early":
        os.write(1, b"hello\n")

    replies, pending, watched = 0, b"", [0, player.stdout.fileno()]
    while True:
        ready, _, _ = select.select(watched, [], [])
        if 0 in ready:
            data = os.read(0, 65_536)
            if data:
                player.stdin.write(data)
            else:  # the judge closed our input: so do we, and the player ends
                watched.remove(0)
                player.stdin.close()
        if player.stdout.fileno() in ready:
            data = os.read(player.stdout.fileno(), 65_536)
            if not data:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if replies == at:
                    misbehave(kind, line, watched)
                else:
                    os.write(1, line + b"\n")
                replies += 1


if __name__ == "__main__":
    main()
