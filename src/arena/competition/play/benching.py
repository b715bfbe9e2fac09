"""A program that keeps faulting is benched: it leaves the rounds until its author submits again.

Its last N games all irregular losses (its seat's verdict other than ``ok``: a crash, a
time-out, an illegal move) say it cannot play; its opponents gain nothing from more games
against it, and the rounds lose time to its clocks.
"""

from __future__ import annotations

from ..store.database import CompetitionStore

PAGES_LOOKED_AT = 10
"""Pages of its account's newest games searched for the submission's own (a healthy program's
newest game is usually ``ok``, which ends the search on the first page)."""


def keeps_faulting(store: CompetitionStore, submission_id: int, last: int) -> bool:
    """Were the submission's ``last`` games (newest first) all irregular losses? (False once benched)"""
    submission = store.submission(submission_id)
    if submission is None or submission.benched or last < 1:
        return False
    seen = 0
    for page in range(PAGES_LOOKED_AT):
        games = store.games(user_id=submission.user_id, limit=last, offset=page * last)
        for game in games:
            for seat, player in enumerate(game.submissions):
                if player != submission_id:
                    continue
                if game.played_record()["result"]["verdicts"][seat] != "ok":
                    seen += 1
                    if seen >= last:
                        return True
                else:
                    return False
        if len(games) < last:
            return False
    return False
