"""Issue 50: results to take home. A round's ranking and cross table and the final's ranking as CSV:
text/csv, a header row, the rows the JSON has; a name a spreadsheet would run as a formula is quoted."""

from __future__ import annotations

import csv
import io

from arena.competition.passwords import hash_password

from ..site_server import PASSWORD
from .test_api import admitted_submission


def table(answer) -> list[list[str]]:
    assert answer.status == 200, answer.text
    assert answer.headers["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(answer.text)))


def same_as_json(lines: list[list[str]], rows: list[dict]) -> None:
    header, body = lines[0], lines[1:]
    assert header[:2] == ["rank", "name"] and len(body) == len(rows)
    for line, row in zip(body, rows):
        assert dict(zip(header, line)) == {key: str(value) for key, value in row.items()}


def test_rankings_and_cross_tables_download_as_csv_with_the_jsons_rows(competition, http):
    competition.store.add_user("-cmd", hash_password(PASSWORD), "contestant")  # a formula to a spreadsheet
    for name in ("alice", "bob", "-cmd"):
        admitted_submission(http(name))
    organiser = http("org")
    round_id = organiser.post_json("/api/rounds", {}).json()["id"]
    rows = http().get(f"/api/ranking?round={round_id}").json()["rows"]
    lines = table(http().get(f"/api/rounds/{round_id}/ranking.csv"))
    assert "'-cmd" in [line[1] for line in lines[1:]]
    for row in rows:  # the quote is the CSV's only change
        row["name"] = "'-cmd" if row["name"] == "-cmd" else row["name"]
    same_as_json(lines, rows)
    assert lines[0] == ["rank", "name", "games", "wins", "draws", "losses", "points", "irregular_losses", "margin"]
    assert table(http().get(f"/api/ranking.csv?round={round_id}")) == lines

    cross = http().get(f"/api/rounds/{round_id}").json()["crosstable"]
    lines = table(http().get(f"/api/rounds/{round_id}/crosstable.csv"))
    players = [("'" + n if n.startswith("-") else n) for n in cross["players"]]
    assert lines[0] == ["name", *players, "wins", "draws", "losses"]
    for line, row in zip(lines[1:], cross["rows"]):
        cells = [None if c is None else str(c["points"]) for c in row["cells"]]
        assert [value or None for value in line[1:1 + len(cells)]] == cells
        assert int(line[-3]) == sum(c["wins"] for c in row["cells"] if c)

    assert http().get("/api/ranking.csv?kind=final").status == 404  # no final yet
    organiser.post_json("/api/organiser/final", {})
    final = table(http().get("/api/ranking.csv?kind=final"))
    same_as_json(final, [{**r, "name": "'-cmd" if r["name"] == "-cmd" else r["name"]}
                         for r in http().get("/api/ranking?kind=final").json()["rows"]])
    page = http().get(f"/rounds/{round_id}").text
    assert f'href="/api/rounds/{round_id}/ranking.csv"' in page and f'href="/api/rounds/{round_id}/crosstable.csv"' in page
    assert 'href="/api/ranking.csv?kind=final"' in http().get("/ranking?kind=final").text


def test_a_round_without_a_ranking_has_no_csv(competition, http):
    from arena.competition.store.database import PlannedGame

    alice, bob = admitted_submission(http("alice")), admitted_submission(http("bob"))
    debut = competition.store.add_round("debut", [PlannedGame(0, (alice, bob), 3)], {"submission": alice},
                                        exclusive=False)
    for path in (f"/api/rounds/{debut}/ranking.csv", f"/api/rounds/{debut}/crosstable.csv",
                 "/api/rounds/999/ranking.csv", f"/api/ranking.csv?round={debut}"):
        assert http().get(path).status == 404, path
    assert http().get("/api/ranking.csv?kind=weekly").status == 400
