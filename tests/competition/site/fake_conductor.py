"""A TEST DOUBLE of the conductor (the real one, competition/conductor/conductor.py, builds in the sandbox and
plays on a worker pool; it is tested apart). This one keeps the conductor's interface and does
the least a site test needs, at once and in the caller's thread:

- a submission is "built" by reading its source: a line ``#error`` fails the build, a line
  ``#crash`` fails the admission, anything else is admitted as ``builtin:random``;
- a test round plays every ordered pair of entrants once, for real (``play_game``), unless
  ``play_rounds`` is False, when the round stays running (for the 409 of a second round).
"""

from __future__ import annotations

import itertools

from arena.competition.store.database import CompetitionError, PlannedGame
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


STACK_TRACE_REPORT = ("Problem 1: game 1, seed 2, playing First\n  the last lines of its stderr:\n"
                      '    | Exception in thread "main" java.lang.IllegalStateException: <no move>\n'
                      "    | \tat Main.main(Main.java:12)\n    | \x1b]52;c;cGF3bmVk\x07 \u202egnp.exe\n")
"""A Java program's crash in an admission report, kept raw: tabs, an escape sequence (OSC 52, the
clipboard), a right-to-left override, a '<' (fake admission)."""


class FakeConductor:
    def __init__(self, folder, store, play_rounds: bool = True) -> None:
        self.folder = folder
        self.store = store
        self.play_rounds = play_rounds
        self.added: list[int] = []
        self.unrated: list[tuple[int, int]] = []
        self.schedule: dict | None = None  # what next_scheduled_round answers (a test sets it)

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
        entrants = self.store.entrants()
        pairs = list(itertools.permutations(entrants, 2))
        planned = [PlannedGame(slot, (a.id, b.id), seed=1000 + slot) for slot, (a, b) in enumerate(pairs)]
        ids = [s.id for s in entrants]
        details = {"started_by": started_by, "entrants": ids}
        if kind == "final-robin":  # as the real final's plan says its field
            details = {"plan": {"field": ids}, "players": ids}
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
        players = [resolve_player(game, self.store.submission(s).command) for s in stored.submissions]
        record = play_game(game, players, seed=stored.seed, time_scale=0.5)
        record["stderr"] = [f"stderr of seat {seat} in game {stored.id}" for seat in (0, 1)]
        self.store.save_game(stored.id, record, tuple(record["stderr"]))

    def request_unrated(self, user_id: int, opponent_user_id: int) -> int:
        if len(self.unrated) >= 2:
            raise CompetitionError("you asked for unrated games twice already: try again in 10 minutes")
        self.unrated.append((user_id, opponent_user_id))
        return len(self.unrated)

    def start_final(self) -> int:
        """The final as a small field plays it: one double round robin (final-robin)."""
        if any(r.kind.startswith("final") for r in self.store.rounds()):
            raise CompetitionError("the final has begun already")
        self.store.set_frozen(True)
        return self.start_round(kind="final-robin")

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
