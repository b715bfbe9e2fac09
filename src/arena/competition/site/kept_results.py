"""A finished competition's ranking and cross table, computed once and kept.

A finished round never changes (a game is saved once, and a finished round has every game saved),
nor does a finished final, but for a voided game: its round runs again, and finishes again at another
time, so what is kept is keyed by when the round finished: their rankings are computed at the first request and served from here
after (20,000 games take a good part of a second to rank, which no page should wait for each
time). A round that plays changes with each game saved: its figures are kept too, but only while the
database has not changed since they were computed (CompetitionStore.version: any write, a game saved,
a round finished, a game voided, makes them computed again at the next request), so that a deadline's
rush of readers has them computed once per change, not once per page. A disqualification (or its
undoing) changes every ranking: what is kept is keyed by the disqualified accounts too.
"""

from __future__ import annotations

import json
import threading
from typing import Any, Callable, Hashable

from ..rounds.final import final_rounds
from ..rounds.ranking import FINAL, competition_ranking, final_finished, ranking_rows
from ..rounds.ranking_types import CompetitionRanking, RankingRow
from ..store.database import CompetitionStore, Round
from .views import RoundDetail, round_detail


class KeptResults:
    def __init__(self, version: Callable[[], Hashable] | None = None) -> None:
        """``version``: what dates a playing round's figures (the site's ThreadStores.version, the same
        whichever thread asks); by default the store's own version()."""
        self._version = version
        self._kept: dict[tuple, Any] = {}
        self._playing: dict[tuple, tuple[Hashable, Any]] = {}  # key -> (the database's version, value)
        self._lock = threading.Lock()  # the web's threads share it (two may compute the same once)

    def _get(self, store: CompetitionStore, key: tuple, finished: bool, compute):
        if not finished:
            return self._current(store, key, compute)
        key = (*key, tuple(sorted(store.disqualified_names())))
        with self._lock:
            if key in self._kept:
                return self._kept[key]
        value = compute()
        with self._lock:
            self._kept[key] = value
        return value

    def _current(self, store: CompetitionStore, key: tuple, compute):
        """What is still playing: computed again once the database changed, one value per key."""
        version = store.version() if self._version is None else self._version()  # read before computing: a write meanwhile makes the next request compute again
        with self._lock:
            kept = self._playing.get(key)
            if kept is not None and kept[0] == version:
                return kept[1]
        value = compute()
        with self._lock:
            self._playing[key] = (version, value)
        return value

    def round(self, store: CompetitionStore, round_: Round) -> RoundDetail:
        """round_detail: the round's line, and its ranking and cross table when it has them."""
        return self._get(store, ("round", round_.id, round_.finished), round_.status == "finished",
                         lambda: round_detail(store, round_))

    def round_json(self, store: CompetitionStore, round_: Round) -> bytes:
        """The round's view as the API sends it (a finished one's serialised once: its cross table
        of 20,000 games takes most of a second to encode)."""
        return self._get(store, ("round-json", round_.id, round_.finished), round_.status == "finished",
                         lambda: json.dumps(self.round(store, round_)).encode())

    def fragment(self, store: CompetitionStore, key: tuple, finished: bool, render) -> str:
        """A page's part that is the same for every visitor (a finished round's ranking and cross
        table), rendered once."""
        return self._get(store, ("html", *key), finished, render)

    def rows(self, store: CompetitionStore, round_: Round | None) -> list[RankingRow]:
        """A round's ranking rows (None: the final's, whatever its rounds)."""
        if round_ is None:
            last = final_rounds(store)[-1:]
            return self._get(store, ("final", *(r.finished for r in last)), final_finished(store),
                             lambda: ranking_rows(store, kind=FINAL))
        ranking = self.round(store, round_).get("ranking")
        return [] if ranking is None else ranking["rows"]

    def ranking(self, store: CompetitionStore, round_: Round | None = None,
                final: bool = False) -> CompetitionRanking | None:
        """competition_ranking, its finished rows kept."""
        return competition_ranking(store, round_, final, rows_of=lambda ranked: self.rows(store, ranked))
