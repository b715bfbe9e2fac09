"""The builds folder is a cache of the uploads: a build the games still need, missing (a competition
restored from a backup, which keeps no builds; a folder cleared by hand) or made in another folder
(restored elsewhere: its command names the old path), is remade from its upload before ``serve``
starts the games, instead of every game of that program failing.

Only what may still play is remade: the programs seated in games not played yet (the round that
was running when the backup was taken) and each account's newest admitted submission. A remade
build keeps its submission's status (it was admitted in its time); only its command changes, to
the new build folder's. Its admission test is played once, short, since build_submission always
plays it; its verdict is not kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from ..folder import CompetitionFolder
from ..store.database import CompetitionStore, Submission
from .build_loop import build_job, default_build

log = logging.getLogger(__name__)

REMADE_ADMISSION_GAMES = 2


def builds_to_remake(store: CompetitionStore, folder: CompetitionFolder) -> list[Submission]:
    """The submissions that may still play whose build is missing or lies elsewhere, oldest first."""
    newest: dict[int, Submission] = {}
    for submission in store.submissions(status=("admitted",)):  # newest first
        newest.setdefault(submission.user_id, submission)
    seated = {seat for game in store.unplayed_games() for seat in game.submissions}
    wanted = {s.id: s for s in newest.values()}
    for submission_id in seated - set(wanted):
        found = store.submission(submission_id)
        if found is not None:
            wanted[found.id] = found
    return sorted((s for s in wanted.values() if _missing(folder, s)), key=lambda s: s.id)


def _missing(folder: CompetitionFolder, submission: Submission) -> bool:
    if not submission.command or submission.command.startswith("builtin:"):
        return False
    build = folder.build(submission.id)
    return not build.is_dir() or str(build) not in submission.command


def remake_missing_builds(store: CompetitionStore, folder: CompetitionFolder, game: str,
                          say: Callable[[str], None] = print, build: Callable | None = None) -> list[int]:
    """Remake every build :func:`builds_to_remake` finds; the ids of those that could not be (said)."""
    missing = builds_to_remake(store, folder)
    if not missing:
        return []
    say(f"Remaking {len(missing)} build(s) missing from {folder.root / 'builds'} (the builds are remade from "
        "the uploads: a restored competition has none)...")
    build = build or default_build
    failed = []
    for submission in missing:
        job = replace(build_job(folder, game, submission), admission_games=REMADE_ADMISSION_GAMES)
        outcome = build(job, lambda: None)
        if outcome.command:
            store.update_submission(submission.id, command=outcome.command)
            continue
        failed.append(submission.id)
        last = outcome.build_log.strip().splitlines()[-1:] or ["no build log"]
        say(f"submission {submission.id} ({submission.user_name}) could not be built again: {last[0][:200]}; "
            "its games fail until it is (is its compiler installed? arena competition serve tries again "
            "at the next start)")
        log.warning("submission %s could not be built again:\n%s", submission.id, outcome.build_log)
    return failed
