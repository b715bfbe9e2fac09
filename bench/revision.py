"""A previous git revision of arena's own built-in player, built in a temporary folder.

    rev:<git-rev>:<name>      e.g. rev:main:strong, rev:HEAD~3:strong, rev:992260d:greedy

is a PLAYER for bench/strength.py: built-in player NAME of the game as it was at
<git-rev> (anything ``git rev-parse`` takes for a commit: a branch, a tag, a hash,
``HEAD~2``). The revision is exported with ``git archive`` into a folder of its own
under the checkout's ``.revisions/`` (ignored by git), the game's compiled engine is
built there with that revision's own setup.py (``python setup.py build_ext --inplace``,
this environment's Cython), and the player runs its built-in player runner (``arena.toolkit.builtin_player
GAME NAME``, or ``arena.bot`` in a revision before it moved there) with that folder's src first on its path, so the frozen release is measured without being
committed again. Only the measured game's engine is compiled: the other games' engine.pyx
files are left out of the export, and the judge's spawner, which every revision's setup.py
compiles but no player runs, is this checkout's build wherever its sources are the same
(reuse_spawner). Each revision is built once per run; ``Revisions.close()`` removes the folders.

The export used to be a mkdtemp folder in /tmp: mode 0700, root's, which a player run
under a box uid of its own cannot read, so Python skipped it on the path and imported
this checkout's arena instead: a rev: player was today's player, silently. The folder is
now world-readable, and not in /tmp, which ``isolate`` gives each program afresh; and the
player checks that the arena it imports is the export's and stops with an error
otherwise (a crash verdict, never a quiet stand-in).
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from arena.refereeing.players import PlayerSpec

PREFIX = "rev:"
REPOSITORY = Path(__file__).resolve().parents[1]


# the player's launcher: argv is SRC GAME NAME [the judge's --seed N]; the revision's arena
# or nothing (a missing or unreadable export must not fall back on the installed one)
LAUNCH = """import os, runpy, sys
src = sys.argv[1]
sys.path.insert(0, src)
import arena
if not arena.__file__.startswith(src + "/"):
    sys.exit(f"rev: player: arena imported from {arena.__file__}, not from the revision's {src}")
# the runner is arena/toolkit/builtin_player.py since the toolkit has a package; arena/bot.py before
runner = "arena.toolkit.builtin_player" if os.path.exists(src + "/arena/toolkit/builtin_player.py") else "arena.bot"
sys.argv = [runner] + sys.argv[2:]
runpy.run_module(runner, run_name="__main__", alter_sys=True)
"""


class RevisionError(ValueError):
    """A rev: PLAYER that cannot be built or names no player of that revision."""


def parse(text: str) -> tuple[str, str]:
    """``rev:<git-rev>:<name>`` -> (git-rev, name); the name is after the last colon."""
    if not text.startswith(PREFIX):
        raise RevisionError(f"{text!r} is not a rev: player (rev:<git-rev>:<name>)")
    rev, sep, name = text[len(PREFIX):].rpartition(":")
    if not sep or not rev or not name:
        raise RevisionError(f"{text!r}: give rev:<git-rev>:<name>, e.g. rev:main:strong")
    return rev, name


def _run(command: list[str], cwd: Path, what: str, env: dict | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RevisionError(f"{what} failed ({' '.join(command[:4])} ...):\n{done.stderr.strip()[-2000:]}")
    return done.stdout


def commit_of(rev: str, repository: Path = REPOSITORY) -> str:
    """The full hash of the commit REV names in the repository."""
    out = _run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], repository,
               f"git rev-parse {rev!r} (no such revision?)")
    return out.strip()


def export(commit: str, game: str, folder: Path, repository: Path = REPOSITORY) -> None:
    """The revision's src, setup.py and pyproject.toml, minus the other games' engines."""
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "src", "setup.py", "pyproject.toml"],
                             cwd=repository, capture_output=True)
    if archive.returncode != 0:
        raise RevisionError(f"git archive {commit[:10]} failed: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    for source in (folder / "src" / "arena" / "games").glob("*/**/engine.pyx"):
        if source.relative_to(folder / "src" / "arena" / "games").parts[0] != game:
            source.unlink()  # the measured game's player never imports another game's engine
    reuse_spawner(folder, repository)


BUILD_LIB = "build/lib"
"""Where build_ext compiles an export's modules before it copies them into place."""
SPAWNER_SOURCES = ("spawn.pyx", "confine.h", "private_mounts.h")
"""What the judge's spawner is compiled from (src/arena/judge/)."""


def reuse_spawner(folder: Path, repository: Path = REPOSITORY) -> bool:
    """Give the export this checkout's build of the judge's spawner when it is built from the same sources.

    Every revision's setup.py compiles the spawner (half a minute of Cython's C), though a rev: player
    never runs it: this checkout's judge starts the player. Where the revision's spawner sources are
    this checkout's, byte for byte, its generated C and compiled module are copied in, newer than those
    sources, and setup.py finds them up to date. True if they were."""
    ours, theirs = repository / "src" / "arena" / "judge", folder / "src" / "arena" / "judge"
    built = ours / f"spawn{sysconfig.get_config_var('EXT_SUFFIX')}"
    if not (built.exists() and (ours / "spawn.c").exists()):
        return False  # this checkout's spawner is not built in place (not an editable install)
    if not all((theirs / name).is_file() and filecmp.cmp(ours / name, theirs / name, shallow=False)
               for name in SPAWNER_SOURCES):
        return False
    now = time.time()
    # the C newer than its sources, the module newer than the C: in place, and where build_ext compiles
    # to before it copies into place (the copy it checks)
    built_lib = folder / BUILD_LIB / "arena" / "judge"
    built_lib.mkdir(parents=True)
    for source, stamp, places in ((ours / "spawn.c", now + 1, [theirs]), (built, now + 2, [theirs, built_lib])):
        for place in places:
            shutil.copyfile(source, place / source.name)
            os.utime(place / source.name, (stamp, stamp))
    return True


def build(folder: Path) -> None:
    """Compile the exported engines in place, as the revision's setup.py does at install."""
    try:
        import Cython  # noqa: F401  (setup.py imports it; say so plainly when it is missing)
    except ImportError:
        raise RevisionError("building a rev: player needs Cython here: pip install -e '.[test]'") from None
    _run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace", "--build-lib", BUILD_LIB], folder,
         "compiling the engines")


def player_names(folder: Path, game: str) -> list[str]:
    """The built-in players of GAME in that revision (asked of the revision itself)."""
    code = f"from arena.games import get_game; print(*get_game({game!r}).bots)"
    return _run([sys.executable, "-c", code], folder, "listing the revision's players",
                env=_env(folder)).split()


def _env(folder: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(folder / "src")}


class Revisions:
    """Builds each revision a run names once, and hands out PlayerSpecs that run it."""

    def __init__(self, game: str, repository: Path = REPOSITORY) -> None:
        self.game = game
        self.repository = repository
        self.folders: dict[str, Path] = {}  # commit -> built export

    def spec(self, text: str) -> PlayerSpec:
        rev, name = parse(text)
        commit = commit_of(rev, self.repository)
        folder = self._built(commit)
        names = player_names(folder, self.game)
        if name not in names:
            raise RevisionError(f"{self.game} at {rev} ({commit[:10]}) has no built-in player {name!r};"
                                f" it has: {', '.join(names)}")
        command = [sys.executable, "-c", LAUNCH, str(folder / "src"), self.game, name]
        # builtin: the judge gives it the game's seed and its scaled clock, as for builtin:NAME
        return PlayerSpec(f"{text} ({commit[:10]})", command, builtin=True)

    def built(self, rev: str) -> Path:
        """The folder of the revision's export with its engines built (its code is in src/)."""
        return self._built(commit_of(rev, self.repository))

    def _built(self, commit: str) -> Path:
        if commit not in self.folders:
            exports = self.repository / ".revisions"
            exports.mkdir(mode=0o755, exist_ok=True)
            folder = Path(tempfile.mkdtemp(prefix=f"arena-rev-{commit[:10]}-", dir=exports))
            folder.chmod(0o755)  # read by the players' sandbox uids (mkdtemp makes it 0700)
            self.folders[commit] = folder
            export(commit, self.game, folder, self.repository)
            build(folder)
        return self.folders[commit]

    def close(self) -> None:
        for folder in self.folders.values():
            shutil.rmtree(folder, ignore_errors=True)
        self.folders.clear()

    def __enter__(self) -> "Revisions":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
