"""bench/revision.py: a previous git revision's built-in player, exported, built and played."""

import shutil
import subprocess
import sys

import pytest

pytest.importorskip("Cython", reason="building a revision runs its setup.py, which needs Cython")

from arena.refereeing.players import resolve_player  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402
from arena.judge.sandbox.settings import Sandbox  # noqa: E402
from revision import REPOSITORY, Revisions, RevisionError, parse  # noqa: E402

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


def test_a_revision_plays_through_the_judge_from_its_own_export_crashes_once_it_is_gone_and_is_removed_after():
    """HEAD's Domineering greedy (no engine to compile: quick) against today's, one short pair,
    in the judge's sandbox, where the player runs under a uid of its own: the export must be
    readable to it (it was not: a mkdtemp folder, root's, 0700), or the launcher stops. Then,
    its export's src gone, the same player crashes rather than play today's (one export for
    both: building a revision is most of this file's time)."""
    with Revisions("domineering") as revisions:
        with pytest.raises(RevisionError, match="has no built-in player 'nobody'.*greedy"):
            revisions.spec("rev:HEAD:nobody")
        spec = revisions.spec("rev:HEAD:greedy")
        (folder,) = revisions.folders.values()
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
