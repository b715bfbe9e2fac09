"""A playing round's ranking and cross table are computed once per change of the database, not once
per page: kept while nothing changed, computed again after a game is saved, the round finishes or a
game is voided, so that a page after the change shows the new numbers."""

from __future__ import annotations

from arena.competition.site import kept_results
from arena.competition.site.kept_results import KeptResults
from arena.competition.store.database import PlannedGame

from ..rounds.test_ranking import make_store, record


def test_a_playing_rounds_figures_are_computed_once_per_change(tmp_path, monkeypatch):
    store, subs = make_store(tmp_path)
    computed = []

    def counted(store_, round_):
        computed.append(round_.id)
        return kept_results_round_detail(store_, round_)

    kept_results_round_detail = kept_results.round_detail
    monkeypatch.setattr(kept_results, "round_detail", counted)
    planned = [PlannedGame(0, (subs["ann"], subs["ben"]), seed=0, rated=True),
               PlannedGame(1, (subs["cat"], subs["dan"]), seed=1, rated=True)]
    round_id = store.add_round("test", planned, exclusive=False)
    first, second = store.unplayed_games(round_id)
    kept = KeptResults()

    def wins(name):
        running = store.round(round_id)
        rows = kept.round(store, running)["ranking"]["rows"]
        return next(row["wins"] for row in rows if row["name"] == name)

    assert wins("ann") == 0 and wins("ben") == 0
    assert len(computed) == 1  # many readers, nothing changed: computed once

    store.save_game(first.id, record((10, 5.5), 0), ("", ""))  # a game saved: the next page shows it
    assert wins("ann") == 1 and wins("cat") == 0
    assert len(computed) == 2

    store.save_game(second.id, record((10, 5.5), 1), ("", ""))
    store.finish_round(round_id)  # the round ends: its finished figures, kept for good
    assert store.round(round_id).status == "finished"
    assert wins("dan") == 1 and wins("ann") == 1

    computed.clear()
    store.void_game(first.id, "a judge's fault", None)  # voided: the round plays again, ann's win counts no more
    assert wins("ann") == 0
    assert computed == [round_id]
    assert wins("ann") == 0 and computed == [round_id]
