"""Where the competition stands, as its contestants know it: ``open`` (submissions taken), ``frozen``
(submissions closed, by the organiser or the deadline), ``final`` (the final is being played) or
``over`` (the final has been played: nothing more is played or submitted)."""

from __future__ import annotations

import time

from ..store.database import CompetitionError, CompetitionStore
from .final import final_rounds
from .ranking import final_finished

OPEN, FROZEN, FINAL, OVER = "open", "frozen", "final", "over"

OVER_MESSAGE = "the competition is over: the final has been played (its ranking is the result)"


def competition_state(store: CompetitionStore) -> str:
    if final_rounds(store):
        return OVER if final_finished(store) else FINAL
    competition = store.competition()
    if competition.frozen or competition.deadline is not None and time.time() > competition.deadline:
        return FROZEN
    return OPEN


def refuse_once_over(store: CompetitionStore) -> None:
    """CompetitionError (the site answers 409) once the competition is over: no round, no game,
    no upload after the final."""
    if competition_state(store) == OVER:
        raise CompetitionError(OVER_MESSAGE)
