"""Which rounds are made, and when: test rounds (asked for or scheduled), debuts, unrated games,
and the final's rounds. Each is written to the store whole (pairings.py and final.py say which
games) before the games loop is told of it.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
from collections.abc import Callable

from ...games.base import GameInfo
from .final import (FinalFormat, final_rounds, first_final_round, is_final, next_final_round,
                    refuse_after_final_began)
from ..conductor.options import ConductorOptions
from .pairings import debut_games, pair_games, robin_games
from ..store.database import CompetitionError, CompetitionStore, PlannedGame, Submission
from ..store.rows import RoundDetails

log = logging.getLogger(__name__)


class RoundMaker:
    def __init__(self, store: CompetitionStore, game: GameInfo, options: ConductorOptions,
                 on_new_round: Callable[[], None]) -> None:
        self.store, self.game, self.options, self.on_new_round = store, game, options, on_new_round
        self.setups = game.tournament_setups() if game.tournament_setups else None
        self._lock = threading.RLock()  # one round made at a time (the web's threads and the conductor's)
        self._next_schedule_look = 0.0

    def test_round(self, kind: str = "test", started_by: int | None = None) -> int:
        with self._lock:
            refuse_after_final_began(self.store)
            ids = self._entrant_ids(at_least=2)
            seed = secrets.randbelow(2**31)
            return self._add(kind, robin_games(ids, seed, self.setups),
                             {"entrants": ids, "started_by": started_by, "seed": seed})

    def unrated(self, user_id: int, opponent_user_id: int) -> int:
        with self._lock:
            self._refuse_during_final()
            if user_id == opponent_user_id:
                raise CompetitionError("choose an opponent other than yourself")
            mine, theirs = self._entrant_of(user_id, "you have"), self._entrant_of(opponent_user_id, "they have")
            self._check_unrated_rate(user_id)
            seed = secrets.randbelow(2**31)
            games = pair_games([(mine.id, theirs.id)], seed, self.setups,
                               seeds_per_pair=math.ceil(self.options.unrated_games / 2), rated=False)
            return self._add("unrated", games, {"requested_by": user_id, "opponent": opponent_user_id,
                                                "entrants": [mine.id, theirs.id], "seed": seed}, exclusive=False)

    def final(self, builtins: bool = False, games_per_pair: int | None = None,
              swiss_rounds: int | None = None) -> int:
        """Freeze submissions and make the final's first round. ``builtins``: the built-in players
        entered play it too (else they played the test rounds only: a yardstick, not a finalist);
        ``games_per_pair``: even, each of its half as many seeds played in both seats (else the
        options'); ``swiss_rounds``: that many Swiss rounds first, whatever the field's size."""
        with self._lock:
            if final_rounds(self.store):
                raise CompetitionError("the final has begun already")
            form = self.final_format(builtins, games_per_pair, swiss_rounds)
            ids = self.final_field(builtins)
            if len(ids) < 2:
                raise CompetitionError(f"the final needs at least 2 admitted programs of contestants; there are "
                                       f"{len(ids)}" + ("" if builtins else " (built-in players are left out unless "
                                                        "asked for)"))
            self.store.set_frozen(True)
            return self._add(*first_final_round(ids, form, secrets.randbelow(2**30), self.setups))

    def final_format(self, builtins: bool = False, games_per_pair: int | None = None,
                     swiss_rounds: int | None = None) -> FinalFormat:
        """The final's format: the options', with what the organiser asked for when starting it."""
        o = self.options
        if games_per_pair is not None and (games_per_pair < 2 or games_per_pair % 2):
            raise ValueError(f"games_per_pair is an even number of at least 2, got {games_per_pair}")
        if swiss_rounds is not None and swiss_rounds < 0:
            raise ValueError(f"swiss_rounds is a number of at least 0, got {swiss_rounds}")
        seeds = o.final_robin_seeds_per_pair if games_per_pair is None else games_per_pair // 2
        swiss_seeds = o.final_swiss_seeds_per_pair if games_per_pair is None else games_per_pair // 2
        return FinalFormat(o.final_robin_max, o.final_swiss_rounds if swiss_rounds is None else swiss_rounds,
                           o.final_top, swiss_seeds, seeds, swiss_asked=swiss_rounds is not None,
                           builtins=builtins)

    def final_field(self, builtins: bool = False) -> list[int]:
        """The entrants that would play the final: the contestants' programs, and the built-in
        players' only when asked."""
        kept = {u.id for u in self.store.users() if builtins or u.role != "builtin"}
        return [s.id for s in self.store.entrants() if s.user_id in kept]

    def debut(self, submission_id: int) -> None:
        """A pair of games against every other entrant (played before the big rounds' games)."""
        if not self.options.debut or self.store.competition().frozen:
            return
        with self._lock:
            newcomer = self.store.submission(submission_id)
            assert newcomer is not None  # told of a submission the store holds: it was just built
            others = [s.id for s in self.store.entrants() if s.user_id != newcomer.user_id]
            if others:
                seed = secrets.randbelow(2**31)
                self._add("debut", debut_games(submission_id, others, seed, self.setups),
                          {"submission": submission_id, "entrants": [submission_id, *others], "seed": seed},
                          exclusive=False)

    def advance_final(self) -> None:
        """The final's next round, if its last one has finished (and it is not over)."""
        with self._lock:
            following = next_final_round(self.store, self.game.ranking, self.setups)
            if following is not None:
                round_id = self._add(*following)
                if not following[1]:  # a robin of one (the rest set aside): no game will finish it
                    self.store.finish_round(round_id)

    def scheduled(self) -> None:
        """A test round every round_every_s while the entrants change (called often; looks rarely)."""
        every, now = self.options.round_every_s, time.time()
        if every is None or now < self._next_schedule_look:
            return
        self._next_schedule_look = now + min(5.0, every)
        last = next((r for r in self.store.rounds() if r.kind == "test"), None)
        if last is not None and (last.status == "running" or now - last.created < every):
            return
        entrants = sorted(s.id for s in self.store.entrants())
        if len(entrants) >= 2 and (last is None or sorted(last.details.get("entrants", [])) != entrants):
            try:
                self.test_round("test")
            except CompetitionError as error:  # a final began meanwhile, say
                log.info("no scheduled round: %s", error)

    def next_scheduled(self) -> dict | None:
        """When :meth:`scheduled` makes the next test round, at the earliest: ``{"at", "every_s"}``
        (it is made then only if the entrants have changed since the last one); None when rounds are
        not scheduled, or the final has begun (no more test rounds)."""
        every = self.options.round_every_s
        if every is None or final_rounds(self.store):
            return None
        last = next((r for r in self.store.rounds() if r.kind == "test"), None)
        return {"at": time.time() if last is None else last.created + every, "every_s": every}

    # -- helpers ---------------------------------------------------------------

    def _add(self, kind: str, games: list[PlannedGame], details: RoundDetails, exclusive: bool = True) -> int:
        round_id = self.store.add_round(kind, games, {**details, "games": len(games)}, exclusive=exclusive)
        self.on_new_round()
        return round_id

    def _refuse_during_final(self) -> None:
        if any(is_final(r.kind) for r in self.store.rounds("running")):
            raise CompetitionError("the final is being played: no other rounds until it ends")

    def _entrant_ids(self, at_least: int) -> list[int]:
        ids = [s.id for s in self.store.entrants()]
        if len(ids) < at_least:
            raise CompetitionError(f"a round needs at least {at_least} admitted submissions; there are {len(ids)}")
        return ids

    def _entrant_of(self, user_id: int, who: str) -> Submission:
        for submission in self.store.entrants():
            if submission.user_id == user_id:
                return submission
        raise CompetitionError(f"{who} no admitted submission in play")

    def _check_unrated_rate(self, user_id: int) -> None:
        last = next((r for r in self.store.rounds()
                     if r.kind == "unrated" and r.details.get("requested_by") == user_id), None)
        if last is None:
            return
        allowed = last.created + self.options.unrated_every_s
        if time.time() < allowed:
            raise CompetitionError(f"you may ask for unrated games again in {math.ceil(allowed - time.time())} s "
                                   f"(at {time.strftime('%H:%M:%S UTC', time.gmtime(allowed))})")
