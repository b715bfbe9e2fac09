"""Hostile programs against what a root judge lets them write and read: their own folder only,
never an interpreter's, never root's other files, never the hidden database beside them.

Run as root, the programs in a 0700 root-owned folder, under ``limits`` and ``isolate``
(issue 33's red team). Each attack must fail: the program is refused its start, or its
attempt is refused by the kernel.
"""

import os
import secrets
import subprocess
import sys
import textwrap

import pytest

from arena.judge.process import Program
from arena.judge.sandbox.errors import RefusedFolder
from arena.judge.sandbox.settings import Sandbox
from arena.judge.sandbox.uid_box.needed_paths import check_own_folder, command_folder, installation_around

from ...attack_support import MODES, granted, private_folder

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the judge drops privileges only when it runs as root")]

INTERPRETER = os.path.realpath(sys.executable)  # e.g. /root/.pyenv/versions/3.11.7/bin/python3.11
INTERPRETER_FOLDER = os.path.dirname(INTERPRETER)


@pytest.fixture
def secret_folder(tmp_path):
    return private_folder(tmp_path)


@pytest.fixture
def planted():
    """A name in the interpreter's folder an attack tries to create; removed should it succeed."""
    path = os.path.join(INTERPRETER_FOLDER, f"planted-{secrets.token_hex(4)}.pth")
    yield path
    if os.path.lexists(path):
        os.unlink(path)


def lines_of(program: Program, count: int, timeout_s: float = 20) -> list[str]:
    try:
        return [program.read_line(timeout_s) for _ in range(count)]
    finally:
        program.close()


PLANTER = """
    import sys
    try:
        open(sys.argv[1], "w").write("import os")
        print("planted", flush=True)
    except OSError as error:
        print("refused", error.errno, flush=True)
"""


@pytest.mark.parametrize("mode", MODES)
def test_a_launcher_the_program_made_a_link_to_the_interpreter_gives_it_no_right_to_write_there(
        secret_folder, planted, mode):
    launcher = secret_folder / "bot"
    launcher.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import os
        here = os.path.dirname(os.path.abspath(__file__))
        try:
            os.unlink(os.path.join(here, "bot"))
            os.symlink({INTERPRETER!r}, os.path.join(here, "bot"))  # the next game runs root's Python
            print("replaced", flush=True)
        except OSError as error:
            print("refused", error.errno, flush=True)
    """))
    os.chmod(launcher, 0o755)
    attack = secret_folder / "attack.py"
    attack.write_text(textwrap.dedent(PLANTER))
    command = [str(launcher), str(attack), planted]
    first = Program(command, sandbox=Sandbox(mode), folder=command_folder(command))
    assert lines_of(first, 1)[0].startswith("refused")  # its folder is read-only to it (issue 47)
    assert not os.path.islink(launcher)

    # had the link been there all the same (its owner's doing), its folder is still where the
    # command names the file, never where the link leads: the interpreter's stays out of its reach
    launcher.unlink()
    os.symlink(INTERPRETER, launcher)
    assert command_folder(command) == str(secret_folder)
    second = Program(command, sandbox=Sandbox(mode), folder=command_folder(command))
    reply = lines_of(second, 1)[0]
    assert reply.startswith("refused"), reply  # root's Python ran the attack, as the bot's uid
    assert not os.path.lexists(planted)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("launcher", ["env", "nice", "stdbuf -oL", "timeout 5"])
def test_a_launcher_before_an_absolute_interpreter_does_not_make_its_folder_writable(
        secret_folder, planted, launcher, mode):
    interpreter = os.path.join(INTERPRETER_FOLDER, "python3")  # a link beside python3.11, as typed
    if not os.path.exists(interpreter):
        interpreter = INTERPRETER
    script = secret_folder / "bot.py"
    script.write_text(textwrap.dedent(PLANTER))
    command = f"{launcher} {interpreter} {script} {planted}"
    assert command_folder(command) == str(secret_folder)  # the interpreter, by its path, is skipped
    program = Program(command, sandbox=Sandbox(mode), folder=command_folder(command))
    reply = lines_of(program, 1)[0]
    assert reply.startswith("refused"), reply
    assert not os.path.lexists(planted)


@pytest.mark.parametrize("mode", MODES)
def test_world_readable_files_in_private_folders_on_the_way_are_unreadable(secret_folder, tmp_path, mode):
    in_root = f"/root/arena-test-secret-{secrets.token_hex(4)}"  # beside root's Python (pyenv) or not
    beside = tmp_path / "notes.txt"  # in the 0700 folder above the program's own
    try:
        for path in (in_root, beside):
            with open(path, "w") as secret:
                secret.write("secret")
            os.chmod(path, 0o644)
        script = secret_folder / "bot.py"
        script.write_text(textwrap.dedent("""
            import sys
            for path in sys.argv[1:]:
                try:
                    print("read", open(path[::-1]).read(), flush=True)
                except OSError as error:
                    print("refused", error.errno, flush=True)
            print(open(__file__).readline().strip() or "own file read", flush=True)
        """).lstrip("\n"))
        # reversed: a path on its command line is given to it to read
        program = Program([sys.executable, str(script), in_root[::-1], str(beside)[::-1]], sandbox=Sandbox(mode))
        replies = lines_of(program, 3)
        assert replies[0].startswith("refused") and replies[1].startswith("refused"), replies
        assert replies[2] == "import sys"  # what it needs it still reads
        assert granted(beside) == []  # taken back (what every program is refused stays on a kept uid)
    finally:
        os.unlink(in_root)
        os.unlink(beside)


@pytest.mark.parametrize("mode", MODES)
def test_a_hidden_database_in_the_programs_own_folder_cannot_be_moved_replaced_or_removed(secret_folder, mode):
    data = secret_folder / "data"
    data.mkdir()
    database = data / "t.db"
    for path, text in ((database, "results"), (data / "t.db-wal", "log"), (data / "t.db-shm", "index")):
        path.write_text(text)
        os.chmod(path, 0o644)
    script = secret_folder / "bot.py"
    script.write_text(textwrap.dedent("""
        import os, sys
        here = os.path.dirname(os.path.abspath(__file__))
        data = os.path.join(here, "data")
        db = os.path.join(data, "t.db")

        def attempt(what, action):
            try:
                action()
                print("done", what, flush=True)
            except OSError as error:
                print("refused", what, error.errno, flush=True)

        attempt("rename wal", lambda: os.rename(db + "-wal", db + "-wal.old"))
        attempt("rename db", lambda: os.rename(db, db + ".old"))
        attempt("remove shm", lambda: os.unlink(db + "-shm"))
        attempt("move data", lambda: os.rename(data, os.path.join(here, "moved")))
        forged = os.path.join(here, "forged")
        attempt("forge", lambda: open(forged, "w").write("forged"))
        attempt("replace db", lambda: os.replace(forged, db))
    """).lstrip("\n"))
    program = Program([sys.executable, str(script)], sandbox=Sandbox(mode, hidden=(str(database),)),
                      folder=str(secret_folder))
    replies = lines_of(program, 6)
    assert all(reply.startswith("refused") for reply in replies), replies
    assert database.read_text() == "results" and (data / "t.db-wal").read_text() == "log"
    assert (data / "t.db-shm").read_text() == "index"
    # the folders are as they were once it has ended: no sticky bit, no ACL
    for folder in (secret_folder, data):
        assert os.stat(folder).st_mode & 0o7777 in (0o700, 0o755) and granted(folder) == [], folder


@pytest.mark.parametrize("mode", MODES)
def test_a_hard_link_to_the_interpreter_is_never_given_to_write(secret_folder, planted, mode):
    linked = secret_folder / "bot"
    try:
        os.link(INTERPRETER, linked)
    except OSError as error:
        pytest.skip(f"cannot hard-link the interpreter here: {error}")
    attack = secret_folder / "attack.py"
    attack.write_text(textwrap.dedent(PLANTER))
    command = [str(linked), str(attack), planted]
    assert command_folder(command) == str(secret_folder)  # the link's folder: read-only, as any
    reply = lines_of(Program(command, sandbox=Sandbox(mode), folder=command_folder(command)), 1)[0]
    assert reply.startswith("refused"), reply
    assert not os.path.lexists(planted)


def test_a_link_the_program_put_in_its_own_folder_is_not_followed_to_decide_what_it_reads(secret_folder, tmp_path):
    from arena.judge.sandbox.uid_box.needed_paths import needed_paths

    vault = tmp_path / "vault"
    vault.mkdir(mode=0o700)
    (vault / "key").write_text("root's")
    (secret_folder / "bot.py").write_text("")
    os.symlink(vault / "key", secret_folder / "weights.bin")  # planted in an earlier game
    command = f"{sys.executable} {secret_folder}/bot.py {secret_folder}/weights.bin"
    needed = needed_paths(command, os.environ.get("PATH", ""), (), str(secret_folder))
    assert str(secret_folder / "weights.bin") in needed
    assert not any(path.startswith(str(vault)) for path in needed), needed


def test_a_folder_that_is_or_holds_the_judges_python_is_never_a_programs_own(tmp_path):
    prefix = os.path.realpath(sys.prefix)
    if prefix.startswith("/usr"):
        pytest.skip(f"this Python lives in a system folder ({prefix}), never anyone's own anyway")
    assert command_folder(f"java -cp {prefix} Main") == prefix  # what the rule gives the judge refuses
    with pytest.raises(RefusedFolder, match="is the installation|lies in the installation"):
        check_own_folder(prefix)
    with pytest.raises(RefusedFolder, match="is the installation|lies in the installation"):
        Program(["true"], sandbox=Sandbox("limits"), folder=prefix)
    (tmp_path / "venv-link").symlink_to(prefix)  # a link to it, named as a folder: checked where it leads
    with pytest.raises(RefusedFolder, match=f"would be {prefix}, which"):
        check_own_folder(str(tmp_path / "venv-link"))
    assert installation_around(os.path.dirname(prefix)) is not None  # a project folder holding the venv
    (tmp_path / "bot.py").write_text("")
    assert command_folder(f"python3 {tmp_path}/bot.py") == str(tmp_path) == check_own_folder(str(tmp_path))
    assert command_folder(f"python3 {tmp_path}/absent.py ''") is None  # an empty word is not "."


@pytest.mark.parametrize("mode", MODES)
def test_the_judge_keeps_its_database_and_records_out_of_a_programs_own_folder(secret_folder, mode):
    """A program may create any name in its own folder: beside a database, the ``-journal`` a
    root SQLite would replay into it; where a record is yet to be written, a link. So ``arena
    play`` and ``arena tournament`` refuse such a file, naming it, before any program starts."""
    arena = os.path.join(os.path.dirname(sys.executable), "arena")
    script = secret_folder / "bot.py"
    script.write_text("print('started', flush=True)\n")
    command = f"{sys.executable} {script}"
    for options in (["play", "flippo", command, "builtin:random", "--record", str(secret_folder / "r.json")],
                    ["tournament", "flippo", "--player", f"mine={command}", "--player", "r=builtin:random",
                     "--db", str(secret_folder / "sub" / "t.db")]):
        (secret_folder / "sub").mkdir(exist_ok=True)
        done = subprocess.run([arena, *options, "--sandbox", mode], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        named = options[options.index("--record" if "--record" in options else "--db") + 1]
        assert f"{named} lies inside the folder of the program" in done.stderr and "Traceback" not in done.stderr
    outside = secret_folder.parent / f"{secret_folder.name}-r.json"  # beside it, not inside: accepted
    done = subprocess.run([arena, "play", "flippo", command, "builtin:random", "--record", str(outside),
                           "--sandbox", mode], capture_output=True, text=True, timeout=60)
    assert "lies inside" not in done.stderr and done.returncode == 0, done.stderr
    assert outside.exists() and "started" in outside.read_text()  # its record: it ran
