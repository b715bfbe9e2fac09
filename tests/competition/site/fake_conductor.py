"""A TEST DOUBLE of the conductor (the real one, competition/conductor/conductor.py, builds in the sandbox and
plays on a worker pool; it is tested apart). This one keeps the conductor's interface and does
the least a site test needs, at once and in the caller's thread:

- a submission is "built" by reading its source: a line ``#error`` fails the build, a line
  ``#crash`` fails the admission, anything else is admitted as ``builtin:random``;
- a test round plays every ordered pair of entrants once, for real (``play_game``), unless
  ``play_rounds`` is False, when the round stays running (for the 409 of a second round); a game
  this process played before (the same built-in players, the same seed: the same game) is not
  played again, its record is saved again (played()).
"""

from __future__ import annotations

import copy
import itertools
from datetime import datetime, timezone

from arena.competition.store.database import CompetitionError, PlannedGame
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


STACK_TRACE_REPORT = ("Problem 1: game 1, seed 2, playing First\n  the last lines of its stderr:\n"
                      '    | Exception in thread "main" java.lang.IllegalStateException: <no move>\n'
                      "    | \tat Main.main(Main.java:12)\n    | \x1b]52;c;cGF3bmVk\x07 \u202egnp.exe\n")
"""A Java program's crash in an admission report, kept raw: tabs, an escape sequence (OSC 52, the
clipboard), a right-to-left override, a '<' (fake admission)."""


GAME_SCALE = 0.5  # of each game's clock
_records: dict[tuple, dict] = {}  # (game, commands, seed) -> the record of that game, played once in this process


def played(game: str, commands: tuple[str, ...], seed: int) -> dict:
    """The record of a game of ``commands`` (built-in players, as this double admits every program) on
    ``seed``, played through the real judge the first time and read again after: a built-in player's
    moves follow the seed alone (tests/tournament/test_dask.py), so the same game would be played. A
    round's slots take the same seeds round after round (a term's three test rounds and its final
    were 49 games, 18 of them different), and the site's tests, not the judge, are under test here.
    A copy, stamped now, as a game played now would be."""
    key = (game, commands, seed)
    if key not in _records:
        players = [resolve_player(game, command) for command in commands]
        record = play_game(game, players, seed=seed, time_scale=GAME_SCALE)
        if not all(command.startswith("builtin:") for command in commands):
            return record  # a program of a test's own: what it does may change from test to test
        _records[key] = record
    record = copy.deepcopy(_records[key])
    record["started_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return record


class FakeConductor:
    def __init__(self, folder, store, play_rounds: bool = True) -> None:
        self.folder = folder
        self.store = store
        self.play_rounds = play_rounds
        self.added: list[int] = []
        self.unrated: list[tuple[int, int]] = []
        self.schedule: dict | None = None  # what next_scheduled_round answers (a test sets it)
        self.final_asked: dict | None = None  # what start_final was asked

    def submission_added(self, submission_id: int) -> None:
        self.added.append(submission_id)
        submission = self.store.submission(submission_id)
        source = (self.folder.upload(submission_id) / submission.filename).read_text(errors="replace")
        if "#error" in source:
            self.store.update_submission(submission_id, status="build-failed",
                                         build_log=f"{submission.filename}:1:1: error: expected ';' (fake build)")
        elif "#trace" in source:  # a report as the real build keeps it: the program's stderr as it came
            self.store.update_submission(submission_id, status="rejected", build_log="compiled (fake build)",
                                         admission=STACK_TRACE_REPORT)
        elif "#crash" in source:
            self.store.update_submission(submission_id, status="rejected", build_log="compiled (fake build)",
                                         admission="first seat: crash on its first move (fake admission)")
        else:
            self.store.update_submission(submission_id, status="admitted", build_log="compiled (fake build)",
                                         admission="clean in both seats (fake admission)",
                                         command="builtin:random")

    def start_round(self, kind: str = "test", started_by: int | None = None) -> int:
        return self._round(kind, self.store.entrants(), started_by)

    def _round(self, kind: str, entrants, started_by: int | None = None, seeds: int = 1) -> int:
        """Every ordered pair ``seeds`` times (a seed of its own each: the real pairings are
        rounds/pairings.py's, tested apart)."""
        pairs = [pair for pair in itertools.permutations(entrants, 2) for _ in range(seeds)]
        planned = [PlannedGame(slot, (a.id, b.id), seed=1000 + slot) for slot, (a, b) in enumerate(pairs)]
        ids = [s.id for s in entrants]
        details = {"started_by": started_by, "entrants": ids}
        if kind == "final-robin":  # as the real final's plan says its field
            details = {"plan": {"field": ids, "games_per_pair": 2 * seeds}, "players": ids}
        round_id = self.store.add_round(kind, planned, details)
        if self.play_rounds:
            self.play(round_id)
        return round_id

    def play(self, round_id: int) -> None:
        for stored in self.store.unplayed_games(round_id):
            self.play_one(stored)
        self.store.finish_round(round_id)

    def play_one(self, stored) -> None:
        """One game of a round, its record saved with each seat's stderr (the round goes on running)."""
        game = self.store.competition().game
        commands = tuple(self.store.submission(s).command for s in stored.submissions)
        record = played(game, commands, stored.seed)
        record["stderr"] = [f"stderr of seat {seat} in game {stored.id}" for seat in (0, 1)]
        self.store.save_game(stored.id, record, tuple(record["stderr"]))

    def request_unrated(self, user_id: int, opponent_user_id: int) -> int:
        if len(self.unrated) >= 2:
            raise CompetitionError("you asked for unrated games twice already: try again in 10 minutes")
        self.unrated.append((user_id, opponent_user_id))
        return len(self.unrated)

    def start_final(self, builtins: bool = False, games_per_pair: int | None = None,
                    swiss_rounds: int | None = None) -> int:
        """The final as a small field plays it: one double round robin (final-robin), each pair
        ``games_per_pair`` games, built-in players only if asked."""
        if any(r.kind.startswith("final") for r in self.store.rounds()):
            raise CompetitionError("the final has begun already")
        self.store.set_frozen(True)
        self.final_asked = {"builtins": builtins, "games_per_pair": games_per_pair, "swiss_rounds": swiss_rounds}
        entrants = [s for s in self.store.entrants() if builtins or self.store.user(s.user_id).role != "builtin"]
        return self._round("final-robin", entrants, seeds=(games_per_pair or 2) // 2)

    def void_game(self, game_id: int, reason: str, voided_by: int | None = None) -> int:
        """The store voids it; the replay is played at once (unless play_rounds is False)."""
        replay = self.store.void_game(game_id, reason, voided_by)
        if self.play_rounds:
            self.play(self.store.game(replay).round_id)
        return replay

    def add_builtin(self, bot_name: str) -> int:
        user_id = self.store.add_user(f"builtin-{bot_name}", None, "builtin")
        return self.store.add_submission(user_id, "builtin", bot_name, status="admitted",
                                         command=f"builtin:{bot_name}")

    def status(self) -> dict:
        return {"queued_builds": 0, "running_rounds": [r.id for r in self.store.rounds("running")]}

    def next_scheduled_round(self) -> dict | None:
        return self.schedule

    def build_queue(self) -> dict:
        # this double builds at once: only a submission a test leaves unfinished waits
        return {"building": 0, "waiting": len(self.store.unfinished_submissions()), "at_once": 1}
