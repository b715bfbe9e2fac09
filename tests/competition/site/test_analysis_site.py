"""A competition game's analysis: the page shows the graph and the mistakes once analysed, Analyse
is for logged-in accounts only (session with its CSRF token, or an API token), the analysis is
kept in the competition's database, computed once, and never carries a program's stderr."""

from __future__ import annotations

import time

import pytest

from arena.analysis.jobs import AnalysisJobs
from arena.competition.build import languages
from arena.competition.passwords import hash_password
from arena.competition.folder import CompetitionFolder
from arena.competition.store.database import CompetitionStore, PlannedGame
from arena.competition.site.site_app import create_app
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.web_common.server import BackgroundServer

from .conftest import Http
from .fake_conductor import FakeConductor
from .site_server import PASSWORD

SECRET = "SECRET-STDERR-of-seat"


@pytest.fixture
def flippo_site(tmp_path):
    """A Flippo competition with one game played (random against greedy), its stderr saved apart."""
    folder = CompetitionFolder(tmp_path / "contest")
    folder.root.mkdir(mode=0o700)
    store = CompetitionStore(folder.database, must_exist=False)
    store.create("flippo", "Analysis Cup")
    languages.write_default_table(folder.languages)
    password = hash_password(PASSWORD)
    entrants = []
    for name, command in (("alice", "builtin:random"), ("bob", "builtin:greedy")):
        user = store.add_user(name, password, "contestant")
        submission = store.add_submission(user, "python", "bot.py")
        store.update_submission(submission, status="admitted", command=command)
        entrants.append((submission, command))
    round_id = store.add_round("test", [PlannedGame(0, (entrants[0][0], entrants[1][0]), seed=7)])
    game = store.unplayed_games(round_id)[0]
    record = play_game("flippo", [resolve_player("flippo", c) for _, c in entrants], seed=7, time_scale=0.5)
    store.save_game(game.id, record, (f"{SECRET} 0", f"{SECRET} 1"))
    app = create_app(folder, store, FakeConductor(folder, store))
    app.state.site.analyses = AnalysisJobs(seconds=0.05)  # quick on two shared cores
    with BackgroundServer(app) as server:
        server.store, server.game_id, server.site = store, game.id, app.state.site
        yield server
    store.close()


def wait_done(client: Http, path: str, limit_s: float = 240) -> dict:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        status = client.get(path).json()
        if status["state"] in ("done", "failed"):
            assert status["state"] == "done", status["error"]
            return status
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


def test_a_visitor_sees_no_analyse_button_and_cannot_start_one(flippo_site):
    visitor = Http(flippo_site.url)
    page = visitor.get(f"/games/{flippo_site.game_id}")
    assert page.status == 200 and 'id="analysis"' in page.text
    assert 'id="analyse"' not in page.text and "to analyse this game" in page.text
    refused = visitor.post_json(f"/api/games/{flippo_site.game_id}/analysis", {})
    assert refused.status == 401 and "log in" in refused.json()["error"]
    assert visitor.get(f"/api/games/{flippo_site.game_id}/analysis").json()["state"] == "none"


def test_a_logged_in_page_analyses_the_game_once_and_the_page_shows_it(flippo_site):
    alice = Http(flippo_site.url).page_login("alice")
    path = f"/api/games/{flippo_site.game_id}/analysis"
    page = alice.get(f"/games/{flippo_site.game_id}")
    assert 'id="analyse"' in page.text and '"analysis_body"' in page.text
    without_token = alice.post_json(path, {})
    assert without_token.status == 403 and "CSRF" in without_token.json()["error"]
    started = alice.post_json(path, {"csrf": alice.csrf(f"/games/{flippo_site.game_id}")})
    assert started.status == 200 and started.json()["state"] in ("queued", "running")
    done = wait_done(alice, path)
    kept = flippo_site.store.analysis(flippo_site.game_id)
    assert kept["complete"] is True and kept["plies"] == done["analysis"]["plies"]
    assert SECRET not in str(kept) and SECRET not in str(done)
    page = Http(flippo_site.url).get(f"/games/{flippo_site.game_id}")  # anyone sees it now
    assert 'id="eval-graph"' in page.text and "mistake −" in page.text and SECRET not in page.text
    bob = Http(flippo_site.url).login("bob")  # an API token, no CSRF needed; and nothing is run twice
    again = bob.post_json(path, {})
    assert again.status == 200 and again.json()["state"] == "done"
    best = kept["plies"][0]["best"]
    board = Http(flippo_site.url).get(f"/api/games/{flippo_site.game_id}/replay/svg/0?hint={best}")
    assert board.status == 200 and 'class="best-move"' in board.text


@pytest.mark.parametrize("path, status, says", [
    ("/api/games/999/analysis", 404, "there is no game 999"),
    ("/api/games/abc/analysis", 400, "game_id"),
    ("/api/games/0/analysis", 400, "game_id"),
])
def test_malformed_requests_are_refused_by_name(flippo_site, path, status, says):
    alice = Http(flippo_site.url).login("alice")
    for answer in (alice.get(path), alice.post_json(path, {})):
        assert answer.status == status and says in answer.text, answer.text


def test_a_bad_hint_is_refused_by_name(flippo_site):
    answer = Http(flippo_site.url).get(f"/api/games/{flippo_site.game_id}/replay/svg/2?hint=Q0")
    assert answer.status == 400 and "the row must be an uppercase letter" in answer.json()["error"]


def test_a_full_analysis_queue_is_refused_with_429_and_why(flippo_site):
    """A bounded queue (here none may wait) refuses by name; the site's own jobs run one worker at
    the lowest priority with a bounded queue, so no account can starve the rounds' games."""
    from arena.competition.site import analysis_routes

    flippo_site.site.analyses = AnalysisJobs(seconds=0.05, max_queued=0)
    bob = Http(flippo_site.url).login("bob")
    answer = bob.post_json(f"/api/games/{flippo_site.game_id}/analysis", {})
    assert answer.status == 429 and "analyses are waiting already" in answer.text
    flippo_site.site.analyses = None
    made = analysis_routes.jobs_of(flippo_site.site)
    assert (made.jobs, made.niceness, made.max_queued) == (1, 19, analysis_routes.MAX_QUEUED)
