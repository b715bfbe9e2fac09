"""Issue 34: a competition is a round. Each test round and the final has its own ranking, cross
table, games and download, over HTTP as a script sees them; the final closes the test rounds (409)."""

from __future__ import annotations

import io
import json
import re
import zipfile

from arena.competition.passwords import hash_password

from ..conftest import Http
from ..site_server import PASSWORD, running_competition
from .test_api import admitted_submission

BOT = b"print('a bot')\n"
NAMES = ("alice", "bob", "carol")


def three_contestants(competition, http):
    """alice, bob and carol, each with an admitted program."""
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    for name in NAMES:
        admitted_submission(http(name))


def two_test_rounds_and_a_final(competition, http):
    """Three contestants, a test round, alice resubmits, a second test round, the final: the ids."""
    three_contestants(competition, http)
    organiser = http("org")
    first = organiser.post_json("/api/rounds", {}).json()["id"]
    admitted_submission(http("alice"), b"print('a better bot')\n")
    second = organiser.post_json("/api/rounds", {}).json()["id"]
    final = organiser.post_json("/api/organiser/final", {})
    assert 200 <= final.status < 300, final.text
    return organiser, first, second, final.json()["id"]


def test_each_round_is_a_competition_with_its_own_ranking_and_the_final_closes_the_test_rounds(competition, http):
    organiser, first, second, final = two_test_rounds_and_a_final(competition, http)
    listed = http().get("/api/rounds").json()["rounds"]
    assert {r["id"]: r["kind"] for r in listed} == {first: "test", second: "test", final: "final-robin"}
    assert all(r["status"] == "finished" for r in listed)
    for round_id in (first, second):
        body = http().get(f"/api/rounds/{round_id}").json()
        assert body["kind"] == "test" and body["status"] == "finished"
        rows = body["ranking"]["rows"]
        assert sorted(r["name"] for r in rows) == sorted(NAMES)
        assert all(r["games"] == 2 * (len(NAMES) - 1) for r in rows)  # this round's games alone, not the sum
        assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
        by_id = http().get(f"/api/ranking?round={round_id}").json()
        assert by_id["round"] == round_id and by_id["kind"] == "test" and by_id["rows"] == rows
        table = body["crosstable"]
        assert table["players"] == [r["name"] for r in rows]
        for row in table["rows"]:
            for column, cell in zip(table["players"], row["cells"]):
                if column == row["name"]:
                    assert cell is None
                else:  # each pair in both seats, with the row's points
                    assert sorted(g["seat"] for g in cell["games"]) == [0, 1]
                    assert cell["points"] == sum(g["points"] for g in cell["games"])
                    assert cell["wins"] + cell["draws"] + cell["losses"] == 2
    # the final, whatever its rounds, is the default once it has finished
    latest = http().get("/api/ranking").json()
    assert latest["kind"] == "final" and latest["round"] == final and latest["status"] == "finished"
    assert latest["rows"] == http().get(f"/api/rounds/{final}").json()["ranking"]["rows"]
    assert all(r["games"] == 4 for r in latest["rows"])
    assert http().get("/api/ranking?kind=final").json()["rows"] == latest["rows"]
    refused = organiser.post_json("/api/rounds", {})
    assert refused.status == 409 and "the competition is over" in refused.json()["error"]
    assert len(http().get("/api/rounds").json()["rounds"]) == 3  # nothing was added


def test_the_latest_finished_test_round_is_the_default_ranking(competition, http):
    for name in NAMES[:2]:
        admitted_submission(http(name))
    organiser = http("org")
    assert http().get("/api/ranking").json()["round"] is None  # nothing played yet: the entrants at 0
    first = organiser.post_json("/api/rounds", {}).json()["id"]
    second = organiser.post_json("/api/rounds", {}).json()["id"]
    latest = http().get("/api/ranking").json()
    assert latest["round"] == second and latest["kind"] == "test" and not latest["live"]
    assert all(r["games"] == 2 for r in latest["rows"])  # one round's games, not both rounds'
    assert http().get(f"/api/ranking?round={first}").json()["round"] == first
    assert http().get("/api/ranking?round=999").status == 404
    assert http().get("/api/ranking?kind=test").status == 400


def test_a_running_round_ranks_live_under_its_own_id(competition, http):
    three_contestants(competition, http)
    competition.conductor.play_rounds = False
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    game = competition.store.unplayed_games(round_id)[0]
    competition.conductor.play_one(game)
    live = http().get(f"/api/ranking?round={round_id}").json()
    assert live["live"] and live["status"] == "running" and sum(r["games"] for r in live["rows"]) == 2
    assert http().get("/api/ranking").json()["round"] == round_id  # nothing finished yet: the live one


def test_a_rounds_records_download_holds_every_game_and_no_stderr(competition, http):
    three_contestants(competition, http)
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    played = {g.id for g in competition.store.games(round_id=round_id)}
    answer = http().get(f"/api/rounds/{round_id}/records")
    assert answer.status == 200 and answer.headers["Content-Type"] == "application/zip"
    assert "attachment" in answer.headers["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(answer.body)) as archive:
        names = [n for n in archive.namelist() if n.endswith(".json")]
        assert len(names) == len(played) == 6 and len(archive.namelist()) == 6
        records = {int(re.search(r"game-(\d+)\.json$", n).group(1)): archive.read(n) for n in names}
    assert set(records) == played
    for game_id, raw in records.items():
        assert b"stderr" not in raw  # the key, not only its text
        record = json.loads(raw)
        assert [p["name"] for p in record["players"]] == list(competition.store.game(game_id).players)
        assert all(p["command"].startswith("submission ") for p in record["players"])
    lines = http().get(f"/api/rounds/{round_id}/records?format=jsonl")
    assert lines.status == 200 and b"stderr" not in lines.body
    assert {json.loads(line)["id"] for line in lines.text.splitlines()} == played
    assert http().get("/api/rounds/999/records").status == 404


def test_games_filter_by_round_and_kind_and_page_by_50(competition, http):
    three_contestants(competition, http)
    organiser = http("org")
    rounds = [organiser.post_json("/api/rounds", {}).json()["id"] for _ in range(9)]  # 54 games
    first = http().get("/api/games").json()
    assert len(first["games"]) == 50 and first["limit"] == 50 and first["more"]
    rest = http().get("/api/games?offset=50").json()
    assert len(rest["games"]) == 4 and not rest["more"]
    assert not {g["id"] for g in first["games"]} & {g["id"] for g in rest["games"]}
    one = http().get(f"/api/games?round={rounds[3]}").json()["games"]
    assert len(one) == 6 and {g["round"] for g in one} == {rounds[3]}
    assert len(http().get("/api/games?kind=test&limit=500").json()["games"]) == 54
    assert http().get("/api/games?kind=unrated").json()["games"] == []


def test_round_pages_are_public_with_the_cross_table_and_a_download_link(competition, http):
    organiser, first, second, final = two_test_rounds_and_a_final(competition, http)
    visitor = http()
    listing = visitor.get("/rounds")
    assert listing.status == 200 and all(f'href="/rounds/{r}"' in listing.text for r in (first, second, final))
    for round_id in (first, second, final):
        page = visitor.get(f"/rounds/{round_id}")
        assert page.status == 200 and 'id="crosstable"' in page.text
        table = page.text[page.text.index('id="crosstable"'):]
        assert all(f">{name}<" in table for name in NAMES)
        assert f'href="/api/rounds/{round_id}/records"' in page.text
    ranking = visitor.get("/ranking").text
    assert "Ranking: Final</h1>" in ranking and 'id="live"' not in ranking  # finished: not live
    assert f'href="/ranking?round={first}"' in ranking and f'href="/ranking?round={second}"' in ranking
    older = visitor.get(f"/ranking?round={first}").text
    assert "Test round 1" in older and 'href="/ranking?kind=final"' in older
    assert visitor.get("/rounds/999").status == 404
    in_round = visitor.get(f"/games?round={first}")
    assert in_round.status == 200 and len(re.findall(r'href="/games/(\d+)">replay', in_round.text)) == 6
    assert visitor.get(f"/rounds/{first}").text == visitor.get(f"/rounds/{first}").text  # kept, the same


def test_the_organisers_page_shows_a_readable_status_and_only_buttons_that_can_act(competition, http):
    three_contestants(competition, http)
    organiser = http().page_login("org")
    page = organiser.get("/organiser").text
    assert 'id="start-round"' in page and 'id="start-final"' in page and 'id="status"' in page
    assert '"builds":' not in page and "{&#34;" not in page
    competition.conductor.play_rounds = False  # the final being played
    assert organiser.post_form("/organiser/final", confirm="yes", csrf=organiser.csrf("/organiser")).status == 200
    page = organiser.get("/organiser").text
    assert '"builds":' not in page and "{&#34;" not in page and 'id="status"' in page
    assert 'id="start-round"' not in page and 'id="start-final"' not in page and 'id="final-state"' in page
    assert 'id="freeze"' not in page  # the final froze submissions for good
    refused = organiser.post_form("/organiser/round", csrf=organiser.csrf("/organiser"))
    assert refused.status == 409 and "final has begun" in refused.text and 'href="/organiser"' in refused.text


def test_the_real_conductors_status_is_a_table_not_json(tmp_path):
    with running_competition(tmp_path / "contest", real=True) as competition:
        organiser = Http(competition.url).page_login("org")
        page = organiser.get("/organiser").text
        assert 'id="status"' in page and "<th>builds</th>" in page
        assert '"builds":' not in page and "&#34;builds&#34;" not in page
        assert "UTC" in page  # times as dates
