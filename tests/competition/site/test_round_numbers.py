"""Issue 50: rounds numbered as contestants say them (test rounds 1, 2, 3; the final's rounds within
the final; no number for debuts and unrated games), on the API and every page; URLs keep ids."""

from __future__ import annotations

import re

from arena.competition.store.database import PlannedGame

from .api.test_api import admitted_submission


def test_test_rounds_are_numbered_1_2_and_debuts_and_unrated_games_have_titles_but_no_number(competition, http):
    store = competition.store
    alice, bob = admitted_submission(http("alice")), admitted_submission(http("bob"))
    debut = store.add_round("debut", [PlannedGame(0, (alice, bob), 7)], {"submission": alice}, exclusive=False)
    organiser = http("org")
    first = organiser.post_json("/api/rounds", {}).json()["id"]
    unrated = store.add_round("unrated", [PlannedGame(0, (bob, alice), 8, rated=False)], {}, exclusive=False)
    second = organiser.post_json("/api/rounds", {}).json()["id"]
    assert first != 1 and second - first == 2  # ids shared with the debut and the unrated games
    listed = {r["id"]: (r["number"], r["title"]) for r in http().get("/api/rounds").json()["rounds"]}
    assert listed == {debut: (None, f"Debut of alice's submission {alice}"), first: (1, "Test round 1"),
                      unrated: (None, "Unrated games"), second: (2, "Test round 2")}
    one = http().get(f"/api/rounds/{second}").json()
    assert (one["number"], one["title"]) == (2, "Test round 2")
    final = organiser.post_json("/api/organiser/final", {}).json()["id"]
    assert (http().get(f"/api/rounds/{final}").json()["number"],
            http().get(f"/api/rounds/{final}").json()["title"]) == (1, "Final, round robin")
    assert http().get(f"/api/ranking?round={second}").json()["title"] == "Test round 2"

    # the pages say them too
    assert '<h1 id="round-title">Test round 2</h1>' in http().get(f"/rounds/{second}").text
    rounds_page = http().get("/rounds").text
    assert f'<a href="/rounds/{first}">Test round 1</a>' in rounds_page
    assert f"Debut of alice&#39;s submission {alice}" in rounds_page
    game = http().get(f"/api/games?round={first}").json()["games"][0]
    assert f"Game {game['id']}, Test round 1: " in http().get(f"/games/{game['id']}").text
    assert f'<a href="/rounds/{first}">Test round 1</a>' in http().get(f"/games?round={first}").text
    chart = http().get(f"/ranking?round={second}").text
    axis = re.findall(r'<text class="round"[^>]*>([^<]*)</text>', chart)
    assert axis == ["1", "2"] and '<text class="axis-title"' in chart and ">Test round</text>" in chart


def test_the_finals_swiss_rounds_are_numbered_within_the_final(competition):
    from arena.competition.rounds.numbering import round_labels

    store = competition.store
    ids = [store.add_round(kind, [], {}, exclusive=False)
           for kind in ("test", "final-swiss-1", "final-swiss-2", "final-robin")]
    labels = round_labels(store)
    assert [(labels[i].number, labels[i].title) for i in ids] == [
        (1, "Test round 1"), (1, "Final, Swiss round 1"), (2, "Final, Swiss round 2"), (3, "Final, round robin")]
