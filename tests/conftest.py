"""Fixtures shared by every test folder: contestant programs as real child processes."""

import fcntl
import json
import os
import tempfile
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.refereeing.players import PlayerSpec, resolve_player
from arena.refereeing.referee import play_game


def made_once(tmp_path_factory, name: str, fill: Callable[[Path], None]) -> Path:
    """The folder ``name``, filled by ``fill(folder)`` once for the whole run: under pytest-xdist
    every worker shares it (the first to ask makes it, the others wait for it under a lock) where
    a session fixture would be made again by each worker. Tests change nothing ``fill`` put in it
    (some add files of their own: a game's record, an analysis)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's own folder, each worker's basetemp within it
    folder = root / f"shared-{name}"
    with open(root / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (root / f"shared-{name}.done").exists():
                shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed half-way left
                folder.mkdir()
                fill(folder)
                (root / f"shared-{name}.done").touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)  # not left to a child that fill forked
    return folder


def _run_folder(config) -> Path | None:
    """The folder of this whole run shared by every pytest-xdist worker; None when not a worker."""
    if not hasattr(config, "workerinput") or not config.option.basetemp:
        return None
    return Path(config.option.basetemp).parent  # each worker's basetemp is <run folder>/popen-gwN


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the cores. A third of the suite's time is spent waiting
    (programs' clocks, time-outs that must run out, servers, a browser), not computing: on 2 cores
    two workers left the cores idle 40% of the time (8 m 11 s - 8 m 37 s; three: 7 m 39 s). A
    test that needs the cores to itself is marked ``serial`` and runs alone whatever the count."""
    return (os.cpu_count() or 1) + 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test marked ``serial`` runs while no other pytest-xdist worker runs a test: its wall-clock
    bound is for a machine the test has to itself, not one the other workers' games load.

    Every test holds ``running`` shared, a serial one exclusive; the turnstile, which a serial test
    holds while it waits for the running tests to end, keeps new ones from starting meanwhile. The
    locks cover the test's whole protocol, the set-up of its module and session fixtures included."""
    folder = _run_folder(item.config)
    if folder is None:
        return (yield)
    serial = item.get_closest_marker("serial") is not None
    with open(folder / "turnstile.lock", "a") as turnstile, open(folder / "running.lock", "a") as running:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        if not serial:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        fcntl.flock(running, fcntl.LOCK_EX if serial else fcntl.LOCK_SH)
        try:
            return (yield)
        finally:
            # released, not only closed: a child forked meanwhile shares the open file, and its lock
            fcntl.flock(running, fcntl.LOCK_UN)
            fcntl.flock(turnstile, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def once(tmp_path_factory):
    """``once(name, fill)``: made_once for the session fixtures of any folder."""
    return lambda name, fill: made_once(tmp_path_factory, name, fill)


@pytest.fixture
def cheap_passwords(monkeypatch):
    """argon2 at its lowest cost in this process (the site served in-process): its production cost, a
    third of a second or more per hash and per login on purpose, added up to minutes over the site's
    tests, which check who is logged in, not how slowly. tests/competition/test_passwords.py pins the
    production cost, and every ``arena competition`` run as a command (users --import, serve) pays it."""
    from argon2 import PasswordHasher

    from arena.competition import passwords
    monkeypatch.setattr(passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


@pytest.fixture
def game():
    """The game a test folder plays; each game's conftest overrides it."""
    return "flippo"


@pytest.fixture
def script(tmp_path, game):
    """Write a Python program to a file and return a PLAYER that runs it."""
    counter = iter(range(1000))

    def make(source: str) -> PlayerSpec:
        path = tmp_path / f"bot{next(counter)}.py"
        path.write_text(textwrap.dedent(source))
        return resolve_player(game, f"{sys.executable} {path}")

    return make


@pytest.fixture
def log_for_programs(tmp_path):
    """``log_for_programs(name)``: an empty file every program may append to, in a folder of its
    own. A root judge's programs write nothing in their own folder (read-only to them), and every
    program's /tmp, /var/tmp and /dev/shm are its own (a tmpfs in its mount namespace): a test
    program that counts its starts writes here instead, a file its command names (the program
    itself kept in another folder), in a folder outside those (under /run as root, else under the
    user's home, which a program of the user's reaches)."""
    base = Path("/run") if os.geteuid() == 0 and os.access("/run", os.W_OK) else Path.home() / ".cache"
    logs = Path(tempfile.mkdtemp(prefix="arena-test-logs-", dir=base))
    os.chmod(logs, 0o777)

    def make(name: str) -> Path:
        path = logs / name
        path.touch()
        os.chmod(path, 0o666)
        return path
    yield make
    shutil.rmtree(logs, ignore_errors=True)


@pytest.fixture
def builtin(game):
    """``builtin("greedy")``: a built-in player of the folder's game."""
    return lambda name: resolve_player(game, f"builtin:{name}")


class SvgDrawing:
    """A game's SVG board parsed with ElementTree (so it is valid XML), with look-ups by class."""

    NS = "{http://www.w3.org/2000/svg}"

    def __init__(self, source: str):
        self.source = source
        self.root = ET.fromstring(source)
        assert self.root.tag == f"{self.NS}svg" and self.root.get("viewBox")

    def having(self, css_class: str, tag: str | None = None) -> list[ET.Element]:
        """The elements whose ``class`` includes ``css_class`` (and of that tag, if given)."""
        return [element for element in self.root.iter()
                if css_class in (element.get("class") or "").split()
                and (tag is None or element.tag == self.NS + tag)]

    def text(self, css_class: str) -> list[str]:
        """The text of every element of that class, in document order."""
        return ["".join(element.itertext()) for element in self.having(css_class)]

    def all_text(self) -> str:
        return " ".join(element.text or "" for element in self.root.iter(self.NS + "text"))


@pytest.fixture
def parse_svg():
    return SvgDrawing


@pytest.fixture
def random_game_record(game):
    """The record of a whole game of the folder's game between two ``builtin:random`` players."""
    return play_game(game, [resolve_player(game, "builtin:random")] * 2, seed=2026)


BREAKS_AFTER = """
    import subprocess, sys, threading
    game, replies = sys.argv[1], int(sys.argv[2])
    child = subprocess.Popen([sys.executable, "-m", "arena.toolkit.builtin_player", game, "random", "--seed", "1"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def feed():
        for line in sys.stdin:
            child.stdin.write(line)
            child.stdin.flush()

    threading.Thread(target=feed, daemon=True).start()
    for count, line in enumerate(child.stdout):
        if count == replies:
            break
        print(line, end="", flush=True)
    print("garbage", flush=True)
    child.kill()
"""


@pytest.fixture
def breaks_after(script, game):
    """``breaks_after(k)``: the built-in random player, relayed, that writes garbage as reply k + 1."""
    def make(replies: int) -> PlayerSpec:
        spec = script(BREAKS_AFTER)
        return resolve_player(game, f"{spec.command} {game} {replies}")

    return make


FLIPPO_FAULTY = """
import os, random, sys, time
from arena.games.flippo.rules import FlippoState
state, mine = FlippoState(), 0
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    mine += 1
    print("thinking about move", mine, file=sys.stderr, flush=True)
    if mine == {fault_at}:
        {fault}
    move = state.legal_moves()[-1]
    state.play(move)
    print(state.format_move(move), flush=True)
"""


@pytest.fixture
def flippo_faulty():
    """``flippo_faulty(k, fault)``: the source of a Flippo program that plays legal moves with
    arena's rules, flushing each one and logging to stderr, and runs the Python line ``fault``
    (e.g. ``print("D4", flush=True); continue``) instead of its k-th move."""
    return lambda fault_at, fault: FLIPPO_FAULTY.format(fault_at=fault_at, fault=fault)


@pytest.fixture(scope="session")
def records_dir(once):
    """One game of every game between the built-in random and greedy players, as records
    (the viewer's tests, in tests/viewer and tests/browser, serve them)."""
    from arena.games import game_names
    from arena.judge.record import write_record

    def fill(folder: Path) -> None:
        for name in game_names():
            specs = [resolve_player(name, "builtin:random"), resolve_player(name, "builtin:greedy")]
            write_record(play_game(name, specs, seed=5, time_scale=0.5), folder / f"{name}.json")
    return once("records", fill)


ARENA = str(Path(sys.executable).with_name("arena"))


def play_record(folder: Path, game: str, first: str, second: str, seed: int, time_scale: float = 0.3) -> Path:
    """A game played by the real ``arena play``, its record in ``folder``."""
    path = folder / f"{game}-{seed}.json"
    subprocess.run([ARENA, "play", game, first, second, "--seed", str(seed), "--record", str(path),
                    "--time-scale", str(time_scale)], check=True, capture_output=True, timeout=120)
    return path


@pytest.fixture(scope="session")
def flippo_records(once) -> list[Path]:
    """Three Flippo games of builtin:greedy (White) against builtin:strong, played once per session
    (the analysis's tests and Flippo's analyst's, in tests/analysis and tests/games/flippo, read them)."""
    def fill(folder: Path) -> None:
        for seed in (1, 2, 3):
            play_record(folder, "flippo", "builtin:greedy", "builtin:strong", seed)
    folder = once("flippo-records", fill)
    return [folder / f"flippo-{seed}.json" for seed in (1, 2, 3)]


@pytest.fixture
def load():
    return lambda path: json.loads(Path(path).read_text())


@pytest.fixture
def flippo_brute():
    """Plain negamax over Flippo's rules.py: the exact disc margin for the side to move."""
    from arena.games import get_analyst

    outcome = get_analyst("flippo").outcome

    def brute_value(state) -> float:
        if state.is_over():
            return outcome(state, state.to_move)
        best = None
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            value = -brute_value(child)
            best = value if best is None else max(best, value)
        return best
    return brute_value
