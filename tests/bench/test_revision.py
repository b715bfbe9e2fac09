"""bench/revision.py: a previous git revision's built-in player, exported, built and played."""

import filecmp
import shutil
import subprocess
import sys
import sysconfig

import pytest

pytest.importorskip("Cython", reason="building a revision runs its setup.py, which needs Cython")

from arena.refereeing.players import resolve_player  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402
from arena.judge.sandbox.settings import Sandbox  # noqa: E402
from revision import (BUILD_LIB, REPOSITORY, SPAWNER_SOURCES, Revisions, RevisionError, parse,  # noqa: E402
                      reuse_spawner)

if not (REPOSITORY / ".git").exists():
    pytest.skip("not a git checkout: there is no revision to build", allow_module_level=True)


@pytest.mark.parametrize("text, expected", [
    ("rev:main:strong", ("main", "strong")),
    ("rev:HEAD~2:greedy", ("HEAD~2", "greedy")),
    ("rev:992260d:random", ("992260d", "random")),
])
def test_parse_splits_the_revision_from_the_name(text, expected):
    assert parse(text) == expected


@pytest.mark.parametrize("text", ["rev:", "rev:main", "rev::strong", "rev:main:", "builtin:strong"])
def test_parse_refuses_what_names_no_revision_and_player(text):
    with pytest.raises(RevisionError):
        parse(text)


def test_an_unknown_revision_is_a_clear_error():
    with Revisions("domineering") as revisions, pytest.raises(RevisionError, match="no such revision"):
        revisions.spec("rev:no-such-branch-anywhere:greedy")


def _judge_sources(folder):
    """A stand-in export holding the judge's spawner sources as this checkout has them."""
    judge = folder / "src/arena/judge"
    judge.mkdir(parents=True)
    for name in SPAWNER_SOURCES:
        shutil.copy(REPOSITORY / "src/arena/judge" / name, judge / name)
    return judge


def test_the_spawner_is_reused_newer_than_its_sources_only_when_they_are_this_checkouts(tmp_path):
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not (REPOSITORY / f"src/arena/judge/spawn{suffix}").exists():
        pytest.skip("this checkout's spawner is not built in place (not an editable install)")
    same = _judge_sources(tmp_path / "same")
    assert reuse_spawner(tmp_path / "same")
    module, c_file = same / f"spawn{suffix}", same / "spawn.c"
    assert filecmp.cmp(module, REPOSITORY / f"src/arena/judge/spawn{suffix}", shallow=False)
    # and where build_ext compiles to before it copies into place: the copy its check reads
    assert filecmp.cmp(module, tmp_path / "same" / BUILD_LIB / "arena/judge" / module.name, shallow=False)
    # setup.py skips what is newer than what it is made from: the C than the sources, the module than the C
    assert module.stat().st_mtime > c_file.stat().st_mtime > max(
        (same / name).stat().st_mtime for name in SPAWNER_SOURCES)
    for changed in SPAWNER_SOURCES:
        other = _judge_sources(tmp_path / f"other-{changed}")
        with open(other / changed, "a") as source:
            source.write("\n")  # one byte more: compiled from other sources, so compiled again
        assert not reuse_spawner(tmp_path / f"other-{changed}")
        assert not (other / f"spawn{suffix}").exists() and not (other / "spawn.c").exists()


def test_a_revision_plays_through_the_judge_from_its_own_export_crashes_once_it_is_gone_and_is_removed_after():
    """HEAD's Domineering greedy (its engine compiled, the judge's spawner this checkout's build when
    its sources are HEAD's) against today's, one short pair,
    in the judge's sandbox, where the player runs under a uid of its own: the export must be
    readable to it (it was not: a mkdtemp folder, root's, 0700), or the launcher stops. Then,
    its export's src gone, the same player crashes rather than play today's (one export for
    both: building a revision is most of this file's time)."""
    with Revisions("domineering") as revisions:
        with pytest.raises(RevisionError, match="has no built-in player 'nobody'.*greedy"):
            revisions.spec("rev:HEAD:nobody")
        spec = revisions.spec("rev:HEAD:greedy")
        (folder,) = revisions.folders.values()
        spawner = f"src/arena/judge/spawn{sysconfig.get_config_var('EXT_SUFFIX')}"
        if (REPOSITORY / spawner).exists():  # built in place (an editable install, as `make install` does)
            # reused, not compiled again, unless this checkout's spawner sources are not HEAD's (a change in hand)
            as_head = all(filecmp.cmp(REPOSITORY / "src/arena/judge" / name, folder / "src/arena/judge" / name,
                                      shallow=False) for name in SPAWNER_SOURCES)
            assert filecmp.cmp(REPOSITORY / spawner, folder / spawner, shallow=False) == as_head
        assert list((folder / "src/arena/games/domineering/strong").glob("engine*.so"))  # its engine compiled
        assert spec.builtin and spec.command[3] == str(folder / "src")
        assert folder.parent == REPOSITORY / ".revisions" and folder.stat().st_mode & 0o755 == 0o755
        for seat in (0, 1):
            specs = [spec, resolve_player("domineering", "builtin:greedy")]
            record = play_game("domineering", specs[::1 if seat == 0 else -1], seed=7, time_scale=0.3,
                               sandbox=Sandbox("limits"))
            # the launcher stops (a crash) unless the arena it imported is the export's
            assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]

        shutil.rmtree(folder / "src")
        # this checkout's arena is importable (installed): without the check it would play
        done = subprocess.run(spec.command + ["--help"], capture_output=True, text=True)
        assert done.returncode != 0 and "not from the revision's" in done.stderr, done.stderr
    assert not folder.exists()
