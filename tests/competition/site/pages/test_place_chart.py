"""The chart of each contestant's place over the test rounds: inline SVG drawn by the server, one
line a contestant with a point per round it was ranked in, names escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from arena.competition.site.pages.place_chart import place_chart

from .test_pages import BOT, page_upload

SVG = "{http://www.w3.org/2000/svg}"


def _lines(svg: str) -> dict[str, list[tuple[float, float]]]:
    root = ElementTree.fromstring(svg)  # well-formed XML, or this raises
    return {line.get("data-name"): [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]
            for line in root.iter(f"{SVG}polyline")}


def _row(name: str, rank: int) -> dict:
    return {"name": name, "rank": rank}


def test_one_line_a_contestant_with_a_point_per_round_it_played():
    chart = place_chart([(3, [_row("ann", 1), _row("ben", 2)]), (5, [_row("ben", 1), _row("ann", 2)]),
                         (8, [_row("cat", 1), _row("ann", 2), _row("ben", 2)])])
    lines = _lines(chart)
    assert sorted(lines) == ["ann", "ben", "cat"]
    assert [len(lines[n]) for n in ("ann", "ben", "cat")] == [3, 3, 1]
    # the same x for a round, the first place higher up (a smaller y) than the second, ties level
    assert lines["ann"][0][0] == lines["ben"][0][0] < lines["ann"][1][0] < lines["cat"][0][0]
    assert lines["ann"][0][1] < lines["ben"][0][1] and lines["ann"][2][1] == lines["ben"][2][1] > lines["cat"][0][1]
    assert lines["ann"][0][1] == lines["ben"][1][1]  # place 1 at the same height in every round
    root = ElementTree.fromstring(chart)
    assert len(list(root.iter(f"{SVG}circle"))) == 7
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "round"] == ["3", "5", "8"]
    assert place_chart([]) is None and place_chart([(1, [])]) is None


def test_names_are_escaped_in_text_and_attributes():
    hostile = '<script>alert("x")</script>&'
    chart = place_chart([(1, [_row(hostile, 1), _row("ann", 2)])])
    assert "<script>" not in chart and '"x"' not in chart
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;" in chart
    assert hostile in _lines(chart)  # read back as it was


def test_the_ranking_page_draws_the_places_of_the_finished_test_rounds(competition, http):
    for name in ("alice", "bob"):
        page_upload(http().page_login(name), "bot.py", BOT)
    organiser = http("org")
    for _ in range(2):
        assert organiser.post_json("/api/rounds", {}).status == 200
    organiser.post_json("/api/organiser/builtins", {"bot": "greedy"})
    last = organiser.post_json("/api/rounds", {}).json()["id"]
    page = http().get("/ranking").text
    svg = re.search(r"<svg .*?</svg>", page, re.S).group(0)
    assert 'id="place-chart"' in svg and "<script" not in svg
    lines = _lines(svg)
    assert {name: len(points) for name, points in lines.items()} == {"alice": 3, "bob": 3, "builtin-greedy": 1}
    ranks = {row["name"]: row["rank"] for row in http().get(f"/api/rounds/{last}").json()["ranking"]["rows"]}
    heights = {name: points[-1][1] for name, points in lines.items()}
    for a in ranks:  # the last round's points stand as its ranking: a better place higher, ties level
        for b in ranks:
            assert (ranks[a] < ranks[b]) == (heights[a] < heights[b]) and (ranks[a] == ranks[b]) == (heights[a] == heights[b])
