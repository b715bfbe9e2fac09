"""Issue 58: the pages show what decides the ranking. The ranking and round pages have the figures the
rule ranks by first (Domineering: Wins, Margin, Irregular losses), each number the API's; a line says
which figure separated neighbours a reader would question; the podium shows wins and margin."""

from __future__ import annotations

from html.parser import HTMLParser

from arena.competition.passwords import hash_password
from arena.competition.site.pages.ranking_rule import neighbour_notes, ranking_columns

from ..conftest import Http
from ..site_server import PASSWORD, running_competition
from ..api.test_api import admitted_submission


class _Table(HTMLParser):
    """The cells of the table with id="ranking": its header row and body rows, as text."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and dict(attrs).get("id") == "ranking":
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def ranking_table(html: str) -> list[dict[str, str]]:
    parser = _Table()
    parser.feed(html)
    header, *body = parser.rows
    return [dict(zip(header, row)) for row in body]


def three_play_a_round(competition, http, bots=("greedy", "random", "random")) -> int:
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    for name, bot in zip(("alice", "bob", "carol"), bots):
        competition.store.update_submission(admitted_submission(http(name)), command=f"builtin:{bot}")
    return http("org").post_json("/api/rounds", {}).json()["id"]


def test_the_ranking_and_round_pages_have_a_margin_column_equal_to_the_apis(competition, http):
    round_id = three_play_a_round(competition, http)
    api = {row["name"]: row for row in http().get("/api/ranking").json()["rows"]}
    assert len(api) == 3
    for page in (http().get("/ranking").text, http().get(f"/rounds/{round_id}").text):
        rows = ranking_table(page)
        assert list(rows[0])[:5] == ["Rank", "Name", "Wins", "Margin", "Irregular losses"]
        assert {row["Name"]: int(row["Margin"]) for row in rows} == {n: r["margin"] for n, r in api.items()}
        assert {row["Name"]: int(row["Wins"]) for row in rows} == {n: r["wins"] for n, r in api.items()}
        assert [row["Name"] for row in rows] == [r["name"] for r in http().get("/api/ranking").json()["rows"]]


def test_a_flippo_round_shows_a_margin_column_equal_to_the_apis_after_its_points(tmp_path):
    """Flippo ranks by points alone; its pages still have a Margin column (discs scored minus conceded,
    summed), after the figures its rule ranks by, each number the API's ``margin`` and the CSV's."""
    with running_competition(tmp_path / "flippo", game="flippo") as competition:
        def http(name=None):
            return Http(competition.url).login(name) if name else Http(competition.url)

        round_id = three_play_a_round(competition, http, bots=("greedy", "random", "mostpieces"))
        rows = http().get("/api/ranking").json()["rows"]
        assert len(rows) == 3 and all(row["games"] == 4 for row in rows)
        for row in rows:  # Flippo's scores add up to 60: a margin is twice the points less 60 a game
            assert row["margin"] == 2 * row["points"] - 60 * row["games"]
        assert {row["margin"] for row in rows} != {0}
        for page in (http().get("/ranking").text, http().get(f"/rounds/{round_id}").text):
            table = ranking_table(page)
            assert list(table[0])[:4] == ["Rank", "Name", "Points", "Irregular losses"]
            assert "Margin" in table[0]
            assert {row["Name"]: int(row["Margin"]) for row in table} == {r["name"]: r["margin"] for r in rows}
        header, *lines = http().get("/api/ranking.csv").text.splitlines()
        assert header.split(",") == ["rank", "name", "games", "wins", "draws", "losses", "points",
                                     "irregular_losses", "margin"]
        assert [int(line.split(",")[-1]) for line in lines] == [r["margin"] for r in rows]


def test_a_flippo_podium_shows_the_points_then_the_wins(tmp_path):
    """Flippo ranks by points: its podium says them first, then each entrant's wins (what a reader of
    any game's result looks for), not the points alone."""
    with running_competition(tmp_path / "flippo", game="flippo") as competition:
        def http(name=None):
            return Http(competition.url).login(name) if name else Http(competition.url)

        three_play_a_round(competition, http, bots=("greedy", "random", "mostpieces"))
        assert http("org").post_json("/api/organiser/final", {}).status == 200
        home = http().get("/").text
        rows = [row for row in http().get("/api/ranking?kind=final").json()["rows"] if row["rank"] <= 3]
        assert len(rows) == 3
        for row in rows:
            assert (f'<b class="name">{row["name"]}</b> <span class="points">{row["points"]} points</span> '
                    f'<span class="figure wins">{row["wins"]} wins</span>') in home


def test_the_podium_shows_wins_and_margin(competition, http):
    three_play_a_round(competition, http)
    http("org").post_json("/api/organiser/final", {})
    home = http().get("/").text
    for row in http().get("/api/ranking?kind=final").json()["rows"]:
        if row["rank"] <= 3:
            assert f'<b class="name">{row["name"]}</b> <span class="figure wins">{row["wins"]} wins</span>' in home
            margin = row["margin"]
            said = f"+{margin}" if margin > 0 else f"−{-margin}" if margin < 0 else "0"
            assert f'<span class="figure margin">margin {said}</span>' in home


def test_a_line_says_which_figure_separated_questionable_neighbours():
    rows = [{"rank": 1, "name": "alice", "games": 4, "wins": 3, "margin": 5, "points": 20, "irregular_losses": 0},
            {"rank": 2, "name": "bob", "games": 4, "wins": 2, "margin": 12, "points": 299.5,
             "irregular_losses": 0},
            {"rank": 3, "name": "carol", "games": 4, "wins": 2, "margin": -4, "points": 319.5,
             "irregular_losses": 0},
            {"rank": 4, "name": "dave", "games": 4, "wins": 2, "margin": -4, "points": 10, "irregular_losses": 1},
            {"rank": 5, "name": "erin", "games": 4, "wins": 1, "margin": -4, "points": 10, "irregular_losses": 1},
            {"rank": 5, "name": "fay", "games": 4, "wins": 1, "margin": -4, "points": 10, "irregular_losses": 1}]
    notes = neighbour_notes("wins_then_margin", rows)
    assert notes == ["alice above bob: wins 3 against 2",  # with fewer points: said
                     "bob above carol: same wins, margin +12 against −4",
                     "carol above dave: same wins and margin, irregular losses 0 against 1 (fewer first)",
                     "erin and fay share place 5: level on wins, margin and irregular losses"]
    # dave above erin needs no word: more wins, and no fewer points
    assert [c["key"] for c in ranking_columns("wins_then_margin")][:3] == ["wins", "margin", "irregular_losses"]
    assert [c["key"] for c in ranking_columns("points")][:2] == ["points", "irregular_losses"]


def test_the_ranking_pages_say_the_notes(competition, http):
    round_id = three_play_a_round(competition, http)
    rows = http().get(f"/api/ranking?round={round_id}").json()["rows"]
    notes = neighbour_notes("wins_then_margin", rows)
    page = http().get(f"/rounds/{round_id}").text
    for note in notes:
        assert note in page.replace("&#39;", "'")
    assert ('id="ranking-notes"' in page) == bool(notes)


def test_my_page_shows_the_rules_figures_of_each_place(competition, http):
    round_id = three_play_a_round(competition, http)
    mine = next(row for row in http().get(f"/api/ranking?round={round_id}").json()["rows"] if row["name"] == "alice")
    page = Http(competition.url).page_login("alice").get("/my").text
    progress = page[page.index('id="progress"'):]
    assert "<th>Place</th><th class=\"col-wins\">Wins</th><th class=\"col-margin\">Margin</th>" in progress
    assert (f'<td class="col-wins">{mine["wins"]}</td><td class="col-margin">{mine["margin"]}</td>'
            f'<td class="col-irregular_losses">{mine["irregular_losses"]}</td><td>{mine["points"]}</td>') in progress
