"""What comes next in the competition, for its home page: a test round being played or the next
scheduled one, the submission deadline, the final (to come, being played, or played)."""

from __future__ import annotations

import logging
import time
from typing import Literal, TypedDict

from ..rounds.final import final_rounds
from ..rounds.numbering import round_labels
from ..rounds.ranking import TEST, final_finished
from .site_state import Site

log = logging.getLogger(__name__)


class ComingUp(TypedDict):
    running_test: int | None
    running_test_title: str | None
    next_round: dict | None  # SiteConductor.next_scheduled_round's
    deadline: float | None
    deadline_passed: bool
    frozen: bool
    final: Literal["running", "finished"] | None
    builds: dict | None  # SiteConductor.build_queue's, None when the conductor cannot say


def coming_up(site: Site) -> ComingUp:
    """``builds`` (``{"building", "waiting", "at_once"}``: the build queue), ``running_test`` (a test
    round's id, while one plays), ``next_round`` (``{"at", "every_s"}`` of
    the next scheduled one, or None), ``deadline`` and ``deadline_passed``, ``frozen``, and ``final``:
    None before it begins, else ``running`` or ``finished``."""
    store = site.store
    competition = store.competition()
    final = final_rounds(store)
    running = next((r for r in store.rounds("running") if r.kind == TEST), None)
    try:
        schedule = site.conductor.next_scheduled_round()
    except Exception:  # the home page still says the rest
        log.exception("the conductor could not say when the next round is")
        schedule = None
    try:
        builds = site.conductor.build_queue()
    except Exception:
        log.exception("the conductor could not say how many builds wait")
        builds = None
    return {
        "running_test": running.id if running else None,
        "running_test_title": round_labels(store)[running.id].title if running else None,
        "next_round": schedule,
        "deadline": competition.deadline,
        "deadline_passed": competition.deadline is not None and time.time() > competition.deadline,
        "frozen": competition.frozen,
        "final": None if not final else "finished" if final_finished(store) else "running",
        "builds": builds,
    }
