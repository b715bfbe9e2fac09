"""A program that keeps faulting is benched: it leaves the rounds until its author submits again.

Its last N games all irregular losses (its seat's verdict other than ``ok``: a crash, a
time-out, an illegal move) say it cannot play; its opponents gain nothing from more games
against it, and the rounds lose time to its clocks.
"""

from __future__ import annotations

from ..store.database import CompetitionStore, GameLine, Round

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
        games = store.game_lines(user_id=submission.user_id, limit=last, offset=page * last)
        for game in games:
            for seat, player in enumerate(game.submissions):
                if player != submission_id:
                    continue
                if _verdict(game, seat) != "ok":
                    seen += 1
                    if seen >= last:
                        return True
                else:
                    return False
        if len(games) < last:
            return False
    return False


def _verdict(game: GameLine, seat: int) -> str:
    """The seat's verdict in a played game (the lines, not the records: a page of an account's games
    is read on every ranking page, for each benched submission)."""
    assert game.result is not None, f"game {game.id} has no result"
    return game.result["verdicts"][seat]


ENDS = "it plays again once its author submits a new program and that one is admitted"
"""What ends a benching (said on the author's page and in the API)."""

SHOWN = 10


def bench_reason(store: CompetitionStore, submission_id: int) -> dict | None:
    """Why a benched submission sits out: ``{"games": [{"id", "round", "verdict", "reason", "finished"}],
    "ends"}``,
    its newest games in a row that were irregular losses (newest first, at most SHOWN), each with its
    verdict and the judge's reason; None for a submission not benched."""
    submission = store.submission(submission_id)
    if submission is None or not submission.benched:
        return None
    faults: list[dict] = []
    for page in range(PAGES_LOOKED_AT):
        games = store.game_lines(user_id=submission.user_id, limit=SHOWN, offset=page * SHOWN)
        for game in games:
            if submission_id not in game.submissions:
                continue
            seat = game.submissions.index(submission_id)
            verdict = _verdict(game, seat)
            if verdict == "ok" or len(faults) >= SHOWN:
                return {"games": faults, "ends": ENDS}
            faults.append({"id": game.id, "round": game.round_id, "verdict": verdict,
                           "reason": None if game.result is None else game.result.get("reason"),
                           "finished": game.finished})
        if len(games) < SHOWN:
            break
    return {"games": faults, "ends": ENDS}


def sat_out(store: CompetitionStore, round_: Round) -> list[dict]:
    """Who sat a test round out for being benched: ``[{"name", "submission", "games"}]`` (``games``
    as bench_reason's). A submission sat it out when it was its account's newest admitted one when
    the round was made, was not among its entrants, and had played its last faulty game by then."""
    if round_.kind != "test":
        return []
    entrants = set(round_.details.get("entrants") or [])
    admitted = [s for s in store.submissions(status=("admitted",)) if s.created <= round_.created]
    newest: dict[int, int] = {}
    for submission in admitted:  # newest first
        newest.setdefault(submission.user_id, submission.id)
    out = []
    for submission in admitted:
        if not submission.benched or submission.id in entrants or newest[submission.user_id] != submission.id:
            continue
        reason = bench_reason(store, submission.id)
        games = [] if reason is None else reason["games"]
        if games and (games[0]["finished"] or 0) <= round_.created:
            out.append({"name": submission.user_name, "submission": submission.id, "games": games})
    return sorted(out, key=lambda line: line["name"])
