"""The builds a competition still needs, remade from the uploads when missing (a restored backup
has none) or made in another folder; the submissions keep their status."""

from __future__ import annotations

from arena.competition.build.one_build import BuildOutcome
from arena.competition.build.remade_builds import builds_to_remake, remake_missing_builds
from arena.competition.store.database import PlannedGame

from ..conftest import write_bot


def test_what_may_still_play_is_remade_with_its_status_kept(competition):
    folder, store = competition
    alice = store.add_user("alice", None, "contestant")
    bob = store.add_user("bob", None, "contestant")
    builtin = store.add_user("builtin-greedy", None, "builtin")
    old = store.add_submission(alice, "python", "bot.py", status="admitted", command="python3 /gone/builds/1/bot.py")
    newest = store.add_submission(alice, "python", "bot.py", status="admitted", command="python3 /gone/builds/2/bot.py")
    kept = store.add_submission(bob, "python", "bot.py", status="admitted")
    store.update_submission(kept, command=write_bot(folder, kept, "print(1)\n"))  # its build is here
    greedy = store.add_submission(builtin, "builtin", "-", status="admitted", command="builtin:greedy")
    failed = store.add_submission(bob, "python", "bot.py", status="build-failed")
    store.add_round("test", [PlannedGame(0, (old, greedy), 1)])  # an old submission seated in an unplayed game
    assert [s.id for s in builds_to_remake(store, folder)] == [old, newest]

    built = []

    def build(job, on_checking):
        built.append(job.submission_id)
        assert job.admission_games == 2 and job.build_folder == str(folder.build(job.submission_id))
        if job.submission_id == old:
            return BuildOutcome("build-failed", "compiling\nbot.py:1: no compiler", "", None)
        return BuildOutcome("rejected", "compiled", "a flaky admission", f"python3 {job.build_folder}/bot.py")

    said = []
    assert remake_missing_builds(store, folder, "domineering", say=said.append, build=build) == [old]
    assert built == [old, newest]
    assert store.submission(newest).command == f"python3 {folder.build(newest)}/bot.py"
    assert store.submission(newest).status == "admitted"  # admitted in its time: the remake's verdict is not kept
    assert store.submission(old).command == "python3 /gone/builds/1/bot.py" and failed not in built
    assert "Remaking 2 build(s)" in said[0] and "could not be built again: bot.py:1: no compiler" in said[1]
