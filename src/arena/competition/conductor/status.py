"""What the conductor is doing, for the organiser's page: builds, games, rounds, the final."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..rounds.final import final_rounds

if TYPE_CHECKING:
    from ..build.build_loop import BuildLoop
    from ..play.game_loop import GameLoop
    from ..store.database import CompetitionStore


class Conducting(Protocol):
    """What the status reads of the conductor (conductor.py's Conductor is one): typed here, so that
    this module needs no import of the conductor, which imports it."""

    store: "CompetitionStore"
    builds: "BuildLoop"
    games: "GameLoop"
    scheduler: str | None

    @property
    def running(self) -> bool: ...


def conductor_status(conductor: Conducting) -> dict:
    store, games = conductor.store, conductor.games
    unplayed = store.unplayed_counts()
    rounds = [{"id": r.id, "kind": r.kind, "created": r.created, "games": r.details.get("games"),
               "unplayed": unplayed.get(r.id, 0), "problem": games.problems.get(r.id)}
              for r in store.rounds("running")]
    final = final_rounds(store)
    return {
        "running": conductor.running,
        "builds": {"building": sorted(conductor.builds.building), "queued": conductor.builds.queued(),
                   "at_once": conductor.builds.jobs, "problem": conductor.builds.problem},
        "games": {
            "where": f"Dask at {conductor.scheduler}" if conductor.scheduler else "this machine",
            "slots": games.slots,
            "running": games.running(),
            "queued": games.queued(),
            "given_up": len(games.given_up),
            "problem": games.executor_problem,
        },
        "rounds": rounds,
        "frozen": store.competition().frozen,
        "final": {"rounds": [{"id": r.id, "kind": r.kind, "status": r.status} for r in final],
                  "finished": bool(final) and final[-1].kind == "final-robin" and final[-1].status == "finished"},
    }
