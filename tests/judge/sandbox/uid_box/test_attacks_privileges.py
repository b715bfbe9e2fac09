"""Hostile programs against a root judge: no root, no one else's files, signals or processes.

Run as root (as CI and servers run arena), with the programs in a 0700 root-owned
folder, under ``limits`` and ``isolate``. Each program tries an attack and prints
what happened; the judge side checks it failed.
"""

import os
import signal
import sys
import textwrap
import time

import pytest

from arena.judge.sandbox.uid_box.uid_pool import take_user, uid_range
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
from arena.judge.sandbox.uid_box.needed_paths import command_folder

from ...attack_support import FORK_BOMB, MODES, granted, private_folder, start

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the judge drops privileges only when it runs as root")]


@pytest.fixture
def secret_folder(tmp_path):
    return private_folder(tmp_path)


def lines_of(program: Program, count: int, timeout_s: float = 20) -> list[str]:
    try:
        return [program.read_line(timeout_s) for _ in range(count)]
    finally:
        program.close()


@pytest.mark.promise("own-uid", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_a_program_is_never_root_and_cannot_read_root_only_files(secret_folder, mode):
    program = start(secret_folder, """
        import os
        print(os.getuid(), os.geteuid(), os.getgid(), len(os.getgroups()), flush=True)
        for path in ("/etc/shadow", "/root"):
            try:
                os.listdir(path) if os.path.isdir(path) else open(path).read()
                print("read", path, flush=True)
            except OSError as error:
                print("refused", path, error.errno, flush=True)
        import sys
        sys.stdin.readline()  # alive while the host looks: its init reaps it as soon as it ends
    """, mode)
    host_uid = _host_uid(program.proc.pid)
    ids, shadow, root = lines_of(program, 3)
    uid, euid, gid, groups = ids.split()
    assert uid != "0" and euid != "0" and gid != "0" and groups in ("0", "1")  # bwrap's nobody group at most
    assert shadow.startswith("refused /etc/shadow") and root.startswith("refused /root")
    low, high = uid_range()
    assert host_uid is not None and low <= host_uid <= high  # outside the sandbox too, never 0


def _host_uid(pid: int) -> int | None:
    """The real uid of ``pid`` or of its newest descendant (bwrap's sandboxed child), as the host sees it."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        uids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/status") as status:
                        fields = dict(line.split(":", 1) for line in status if ":" in line)
                    if int(entry) == pid or _descends_from(int(entry), pid):
                        uids.append(int(fields["Uid"].split()[0]))
                except (OSError, ValueError, KeyError):
                    continue
        if uids:
            return max(uids)
        time.sleep(0.05)
    return None


def _descends_from(pid: int, ancestor: int) -> bool:
    for _ in range(10):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                pid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
        if pid == ancestor:
            return True
        if pid <= 1:
            return False
    return False


@pytest.mark.parametrize("mode", MODES)
def test_a_program_reads_its_own_script_but_cannot_write_its_folder_and_nothing_is_left_granted(
        secret_folder, mode):
    program = start(secret_folder, """
        import os, sys
        here = os.path.dirname(os.path.abspath(__file__))
        print(open(__file__).readline().strip(), flush=True)
        try:
            with open(os.path.join(here, "notes.txt"), "w") as notes:
                notes.write("learned")
            print("wrote", flush=True)
        except OSError:
            print("refused", flush=True)
    """, mode)
    assert lines_of(program, 2) == ["import os, sys", "refused"]  # read-only to it (issue 47)
    assert not (secret_folder / "notes.txt").exists()
    # what its uid was given is taken back: no ACL left on the folder or on /root
    assert granted(secret_folder) == [] and os.stat(secret_folder).st_mode & 0o777 == 0o700


@pytest.mark.parametrize("mode", MODES)
def test_an_interpreter_named_by_full_path_is_not_the_programs_folder(secret_folder, mode):
    interpreter = os.path.realpath(sys.executable)  # e.g. /root/.pyenv/versions/3.11.7/bin/python3.11
    script = secret_folder / "bot.py"
    script.write_text(textwrap.dedent(f"""
        import os
        try:
            open(os.path.join({os.path.dirname(interpreter)!r}, "planted"), "w").write("x")
            print("planted", flush=True)
        except OSError as error:
            print("refused", error.errno, flush=True)
        print(open(__file__).readline().strip(), flush=True)
    """).lstrip("\n"))
    command = f"{interpreter} {script}"
    assert command_folder(command) == str(secret_folder)
    program = Program(command, sandbox=Sandbox(mode), folder=command_folder(command))
    refused, own_line = lines_of(program, 2)
    assert refused.startswith("refused") and own_line == "import os"
    assert not os.path.exists(os.path.join(os.path.dirname(interpreter), "planted"))


@pytest.mark.parametrize("mode", MODES)
def test_a_program_cannot_signal_the_other_program_or_the_judge_nor_trace_the_judge(secret_folder, tmp_path, mode):
    victim_folder = tmp_path / "victim"
    victim_folder.mkdir(mode=0o700)
    victim = start(victim_folder, "import sys\nprint('ready', flush=True)\nsys.stdin.readline()\n", mode)
    assert victim.read_line(20) == "ready"
    attacker = start(secret_folder, """
        import ctypes, os, signal, sys
        for pid in map(int, sys.argv[1:]):
            for sig in (signal.SIGSTOP, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                    print("signalled", pid, flush=True)
                except OSError as error:
                    print("refused", error.errno, flush=True)
        libc = ctypes.CDLL(None, use_errno=True)
        PTRACE_ATTACH = 16
        result = libc.ptrace(PTRACE_ATTACH, int(sys.argv[2]), None, None)
        print("traced" if result == 0 else "refused", ctypes.get_errno(), flush=True)
    """, mode, str(victim.proc.pid), str(os.getpid()), hidden=[str(victim_folder)])
    replies = lines_of(attacker, 5)
    try:
        assert all(reply.startswith("refused") for reply in replies), replies
        victim.send("go")  # still alive and not stopped: it reads and ends
        assert victim.exit_status_within(10) == 0
    finally:
        victim.close()


@pytest.mark.promise("hidden-paths", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_hidden_files_the_other_folder_and_a_database_beside_the_bot_are_unreadable(secret_folder, tmp_path, mode):
    other = tmp_path / "other"
    other.mkdir()
    (other / "bot.py").write_text("secret strategy")
    database = secret_folder / "tournament.db"  # inside the program's own folder
    database.write_text("results")
    (secret_folder / "tournament.db-wal").write_text("log")
    program = start(secret_folder, """
        import os, sys
        for path in sys.argv[1:]:
            try:
                with open(path, "r+") as handle:
                    print("read", path, handle.read()[:10], flush=True)
            except OSError as error:
                print("refused", error.errno, flush=True)
    """, mode, str(other / "bot.py"), str(database), str(database) + "-wal",
                    hidden=[str(other), str(database)])
    replies = lines_of(program, 3)
    assert all(reply.startswith("refused") for reply in replies), replies
    assert database.read_text() == "results"


@pytest.mark.parametrize("mode", MODES)
def test_a_program_cannot_write_any_cgroup_file_to_leave_its_cgroup(secret_folder, mode):
    program = start(secret_folder, """
        import os
        tried = refused = 0
        for line in open("/proc/self/cgroup"):
            _, controllers, path = line.strip().split(":", 2)
            for controller in (controllers.split(",") if controllers else [""]):
                name = controller.replace("name=", "")
                base = os.path.join("/sys/fs/cgroup", name) if name else "/sys/fs/cgroup/unified"
                for target in (os.path.dirname(base + path), base):
                    for leaf in ("cgroup.procs", "tasks"):
                        file = os.path.join(target, leaf)
                        if os.path.exists(file):
                            tried += 1
                            try:
                                with open(file, "w") as handle:
                                    handle.write(str(os.getpid()))
                            except OSError:
                                refused += 1
        print(tried, refused, flush=True)
    """, mode)
    tried, refused = map(int, lines_of(program, 1)[0].split())
    assert refused == tried


def test_two_programs_never_share_a_uid():
    held = [take_user() for _ in range(20)]
    try:
        assert len({user.uid for user in held}) == 20
    finally:
        for user in held:
            user.release()


def test_a_fresh_judge_process_cannot_take_a_uid_another_holds(tmp_path):
    import subprocess

    user = take_user()
    try:
        code = ("import os; os.environ['ARENA_UID_RANGE'] = '%d-%d'\n"
                "from arena.judge.sandbox.uid_box.uid_pool import take_user, NoFreeUser\n"
                "try:\n    print(take_user().uid)\nexcept NoFreeUser as error:\n    print('none free')\n"
                % (user.uid, user.uid))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
        assert out.stdout.strip() == "none free", out.stderr
    finally:
        user.release()
    assert signal.SIGKILL  # the lock is an flock: it goes with the holder, even killed


@pytest.mark.parametrize("mode", MODES)
def test_the_judges_proc_files_and_root_only_files_are_closed_to_a_program(secret_folder, tmp_path, mode):
    open_folder = tmp_path / "open"
    open_folder.mkdir(mode=0o755)
    os.chmod(open_folder, 0o755)
    root_only = open_folder / "key"
    root_only.write_text("root only")
    os.chmod(root_only, 0o600)
    program = start(secret_folder, """
        import os, sys
        judge = sys.argv[1]
        for path in (f"/proc/{judge}/environ", f"/proc/{judge}/mem", f"/proc/{judge}/fd/0", sys.argv[2][::-1]):
            try:
                with open(path, "rb") as handle:
                    handle.read(16)
                print("read", path, flush=True)
            except OSError as error:
                print("refused", error.errno, flush=True)
    """, mode, str(os.getpid()), str(root_only)[::-1])  # reversed: a path on its command line is given to it
    replies = lines_of(program, 4)
    assert all(reply.startswith("refused") for reply in replies), replies


@pytest.mark.promise("own-folder-read-only", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_nothing_one_run_writes_in_its_folder_is_there_for_the_next(secret_folder, mode):
    """CodeCup's rule, and a root judge's: a program starts afresh each game (issue 47)."""
    (secret_folder / "state.txt").write_text("the owner's")
    os.chmod(secret_folder / "state.txt", 0o666)  # even a file everybody may write
    source = """
        import os
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "state.txt")
        before = open(path).read()
        try:
            with open(path, "a") as state:
                state.write("x")
        except OSError:
            pass
        print(len(before), flush=True)
    """
    counts = [lines_of(start(secret_folder, source, mode), 1)[0] for _ in range(3)]
    assert counts == ["11", "11", "11"]
    assert (secret_folder / "state.txt").read_text() == "the owner's"


@pytest.mark.parametrize("value,says", [("bad", "is not FIRST-LAST"), ("10-20", "at least 1000"),
                                        ("63000-62000", "no larger than the last")])
def test_a_wrong_uid_range_is_a_clear_error_not_a_traceback(value, says):
    import subprocess

    done = subprocess.run([sys.executable, "-m", "arena.cli", "play", "flippo", "builtin:random", "builtin:random"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "ARENA_UID_RANGE": value})
    assert done.returncode == 1 and says in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_judge_killed_mid_game_leaves_its_programs_folder_as_it_was_and_no_home(secret_folder):
    import subprocess

    (secret_folder / "bot.py").write_text("import sys, time\nsys.stdin.readline()\ntime.sleep(600)\n")
    judge = subprocess.Popen([sys.executable, "-m", "arena.cli", "play", "flippo",
                              f"{sys.executable} {secret_folder / 'bot.py'}", "builtin:random"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    home = _home_of(str(secret_folder / "bot.py"), besides=judge.pid)  # its program runs, reading its folder
    # its home is its mount namespace's (issue 56): nothing on the host, while it runs or after its judge
    assert not os.path.lexists(home)
    judge.kill()
    judge.wait()
    # nothing of the host was changed for it: no ACL, its mode as ever
    assert granted(secret_folder) == [] and os.stat(secret_folder).st_mode & 0o777 == 0o700


def _home_of(script: str, besides: int) -> str:
    """The HOME of the live process running ``script`` as a box's uid (not the judge that names it)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for entry in filter(str.isdigit, os.listdir("/proc")):
            if int(entry) == besides:
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    words = cmdline.read()
                # a child of the judge not yet the program (before its exec) shows the judge's command
                # line and environment, HOME included
                if script.encode() not in words or b"arena.cli" in words:
                    continue
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    variables = dict(item.split(b"=", 1) for item in environ.read().split(b"\0") if b"=" in item)
                return variables[b"HOME"].decode()
            except (OSError, KeyError):
                continue
        time.sleep(0.05)
    raise AssertionError(f"no process runs {script}")


@pytest.mark.parametrize("mode", MODES)
def test_links_a_program_puts_in_place_of_its_files_or_its_home_are_never_followed(secret_folder, tmp_path, mode):
    vault = tmp_path / "vault"
    vault.mkdir(mode=0o700)
    precious = vault / "precious"
    precious.write_text("root's")
    os.chmod(precious, 0o600)
    (secret_folder / "state.txt").write_text("mine")
    os.chmod(secret_folder / "state.txt", 0o600)  # given to read to the program's uid at its start
    program = start(secret_folder, """
        import os, sys
        here = os.path.dirname(os.path.abspath(__file__))
        state = os.path.join(here, "state.txt")
        try:  # refused: its folder is read-only to it (issue 47)
            os.rename(state, state + ".old")
            os.symlink(sys.argv[1], state)  # the judge takes its entry back here: through the link?
        except OSError:
            pass
        home = os.environ["HOME"]
        try:
            os.rmdir(home)  # (under isolate its home is a mount point: refused)
            os.symlink(os.path.dirname(sys.argv[1]), home)  # and empties the home: through the link?
        except OSError:
            pass
        print("done", flush=True)
    """, mode, str(precious))
    assert lines_of(program, 1) == ["done"]
    assert precious.read_text() == "root's"
    assert os.stat(precious).st_mode & 0o777 == 0o600 and granted(precious) == []
    assert (secret_folder / "state.txt").read_text() == "mine" and granted(secret_folder / "state.txt") == []


@pytest.mark.promise("tasks", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_a_fork_bomb_is_held_to_the_task_limit_and_leaves_nothing(secret_folder, mode):
    from arena.judge.sandbox.settings import MAX_TASKS

    program = start(secret_folder, FORK_BOMB, mode)
    children = int(program.read_line(60))
    uid = _host_uid(program.proc.pid)
    program.close()
    assert children < MAX_TASKS

    def alive() -> list[int]:  # zombies are dead: only their parent's reaping is left
        return [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if _live_uid(pid) == uid]
    deadline = time.monotonic() + 5  # 255 processes take a moment to die
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive() == [], f"processes of the program's uid {uid} outlived it"


def _live_uid(pid: int) -> int | None:
    """The real uid of a process that is not a zombie (None: gone, or a zombie)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
    except OSError:
        return None
    if fields.get("State", "").strip().startswith("Z"):
        return None
    return int(fields["Uid"].split()[0])


@pytest.mark.parametrize("mode", MODES)
def test_a_flood_on_stdout_is_a_format_fault_and_the_judge_stays_responsive(secret_folder, mode):
    from arena.judge.process import ProgramFault

    program = start(secret_folder, "import os\nwhile True:\n    os.write(1, b'x' * 65536)\n", mode)
    started = time.monotonic()
    try:
        with pytest.raises(ProgramFault) as fault:
            program.read_line(20)
    finally:
        program.close()
    assert fault.value.verdict == "format" and time.monotonic() - started < 10
