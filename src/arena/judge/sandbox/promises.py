"""What each ``--sandbox`` mode promises, once, as data.

docs/sandbox.md's table has a row for each, with its id (tests/judge/sandbox/test_promises.py
checks that the two agree), and every promise names the tests that check it: a test says which
promise it checks, and in which modes, with ``@pytest.mark.promise(ID, MODE, ...)``; the same
test fails when a promise has no test in a mode it claims. ``root_only``: a promise of a judge run
as root (programs on box uids of their own); ``user_only``: of a judge that is not root.
"""

from __future__ import annotations

from dataclasses import dataclass

ALL = ("none", "limits", "isolate")
CONFINED = ("limits", "isolate")


@dataclass(frozen=True)
class Promise:
    id: str
    text: str
    modes: tuple[str, ...]
    root_only: bool = False
    user_only: bool = False


PROMISES = (
    Promise("namespaces", "its own PID, mount, IPC and host-name namespaces (a user namespace too for a judge "
                          "not root): it sees, signals and traces no process outside them, its /proc shows its "
                          "own processes only", ALL),
    Promise("suspended-whole", "stopped whole between its turns, every process from its first move to its last, "
                               "before the other program's clock starts", ALL),
    Promise("bounded-stop", "a program whose init does not answer a stop within 100 ms is ended with a fault; "
                            "its opponent is charged nothing for it", ALL),
    Promise("cpu-whole", "its CPU time counted whole: every thread and process, whatever it does with SIGCHLD, "
                         "however many zombies", ALL),
    Promise("gone-after", "nothing of it outlives the game, even a judge killed with `kill -9`", ALL),
    Promise("no-new-privs", "no setuid file or file capability raises its privileges (`no_new_privs`)", ALL),
    Promise("clean-environment", "a clean environment", ALL),
    Promise("memory-whole", "its processes held together to `--memory`: its cgroup, else its init's sum "
                            "(no mapping escapes the count)", CONFINED),
    Promise("tasks", "at most 256 processes and threads", CONFINED),
    Promise("file-limits", "files of 64 MB, 256 open files", CONFINED),
    Promise("private-tmp", "its own /tmp, /var/tmp, /dev/shm, /run/lock and home, one tmpfs of `--disk` MB: "
                           "nothing another program left there, nothing it leaves reaches the host", CONFINED),
    Promise("nothing-left-in-kernel", "no System V object, POSIX queue or key it makes outlives it", CONFINED),
    Promise("own-uid", "its own unprivileged uid", CONFINED, root_only=True),
    Promise("own-folder-read-only", "its own folder read-only, whatever its entries' modes: nothing it writes "
                                    "there outlives its run", CONFINED, root_only=True),
    Promise("hidden-paths", "the database, the record and the other players' folders hidden", CONFINED,
            root_only=True),
    Promise("judge-writes", "root writes no file through a path a program can change", CONFINED, root_only=True),
    Promise("no-network", "no network", ("isolate",)),
    Promise("no-host-sockets", "no Unix socket of the host (`/run`, `/var` empty but what it needs)", ("isolate",)),
    Promise("home-hidden", "your home hidden but what it needs, read-only", ("isolate",), user_only=True),
)

BY_ID = {promise.id: promise for promise in PROMISES}
