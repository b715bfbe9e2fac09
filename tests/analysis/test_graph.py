"""The evaluation graph: one clickable column per ply, values from the first seat's view, mistakes
and exact values marked apart, plies not analysed left out, hostile documents drawn harmlessly."""

import re
import xml.etree.ElementTree as ElementTree

from arena.analysis.graph import MID, eval_graph_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def entry(ply, seat, value, *, exact=False, mistake=False, loss=0.0, move="D3", best="C4"):
    return {"ply": ply, "seat": seat, "move": move, "value": value, "best": best, "exact": exact,
            "loss": loss if value is not None else None, "mistake": mistake, "detail": {}}


def document(plies, mistake=4.0):
    return {"format": "arena-analysis", "version": 1, "game": "flippo", "units": "disc margin",
            "mistake": mistake, "seats": ["White", "Black"], "players": ["greedy", "strong"],
            "plies": plies, "analysed": sum(p["value"] is not None for p in plies), "total": len(plies)}


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)  # well-formed XML, or this raises


def polyline_points(root) -> list[tuple[float, float]]:
    points = []
    for polyline in root.iter(f"{{{NS['svg']}}}polyline"):
        points += [tuple(map(float, pair.split(","))) for pair in polyline.get("points").split()]
    return points


def test_every_ply_has_a_clickable_column_with_its_index_and_a_tooltip():
    doc = document([entry(i, i % 2, float(i)) for i in range(12)])
    root = parse(eval_graph_svg(doc))
    assert root.get("id") == "eval-graph"
    columns = [e for e in root.iter() if e.get("data-ply") is not None]
    assert [int(c.get("data-ply")) for c in columns] == list(range(12))
    assert all(c.find("svg:title", NS).text.startswith(f"ply {i}:") for i, c in enumerate(columns))
    assert root.get("aria-label") and root.find("svg:title", NS) is not None


def test_values_are_drawn_from_the_first_seats_view():
    # White (seat 0) is +3 before its move; Black (seat 1) is +3 too, i.e. White -3: below the middle
    doc = document([entry(0, 0, 3.0), entry(1, 1, 3.0)])
    (x0, y0), (x1, y1) = polyline_points(parse(eval_graph_svg(doc)))
    assert x0 < x1
    assert y0 < MID < y1  # SVG's y grows downward: White ahead is above the middle
    assert abs((MID - y0) - (y1 - MID)) < 0.2


def test_values_beyond_the_range_are_clipped_to_the_plot():
    doc = document([entry(0, 0, 0.0), entry(1, 0, 1000.0), entry(2, 0, -1000.0)])
    ys = [y for _, y in polyline_points(parse(eval_graph_svg(doc)))]
    assert min(ys) >= 0 and max(ys) <= 170
    assert ys[1] < ys[0] < ys[2]


def test_mistakes_and_exact_values_are_marked_apart():
    doc = document([entry(0, 0, 1.0), entry(1, 1, 2.0, mistake=True, loss=9.0), entry(2, 0, 5.0, exact=True),
                    entry(3, 1, -5.0, exact=True)])
    svg = eval_graph_svg(doc)
    assert svg.count('class="mistake"') == 1
    assert svg.count('class="exact"') == 2
    assert svg.count('class="estimate"') == 1
    assert "mistake −9.0" in svg and "(exact)" in svg


def test_plies_not_analysed_yet_are_left_out_and_break_the_line():
    values = [1.0, 2.0, None, None, 3.0, 4.0]
    doc = document([entry(i, 0, v) for i, v in enumerate(values)])
    root = parse(eval_graph_svg(doc))
    lines = list(root.iter(f"{{{NS['svg']}}}polyline"))
    assert len(lines) == 2 and len(polyline_points(root)) == 4
    assert len([e for e in root.iter() if e.get("data-ply") is not None]) == 6  # still clickable
    assert "4 of 6 plies analysed" in root.get("aria-label")


def test_nothing_analysed_draws_an_empty_frame():
    root = parse(eval_graph_svg(document([entry(i, i % 2, None) for i in range(5)])))
    assert polyline_points(root) == []
    assert len([e for e in root.iter() if e.get("data-ply") is not None]) == 5


def test_a_hostile_document_cannot_inject_markup_and_bad_numbers_are_skipped():
    doc = document([entry(0, 0, float("nan"), move="<script>alert(1)</script>"),
                    entry(1, 1, "7", best='"><b>'), entry(2, 0, True), entry(3, 1, 2.0)])
    doc["seats"] = ["<i>White</i>", "Black"]
    doc["units"] = "</svg><script>"
    svg = eval_graph_svg(doc)
    root = parse(svg)
    assert "<script" not in svg and "<i>" not in svg and "<b>" not in svg
    assert len(polyline_points(root)) == 0  # a single valid value: a mark, no line
    assert len(re.findall(r'class="estimate"', svg)) == 1
    assert eval_graph_svg({}).startswith("<svg")  # a document with nothing in it
    assert eval_graph_svg({"plies": "many", "seats": 3}).startswith("<svg")


def test_the_axis_covers_every_value_of_the_game():
    # a game that reached +56 with mistakes of 4: drawn at its height, under an axis labelled +60
    from arena.analysis.graph import PLOT_H, TOP

    doc = document([entry(0, 0, 0.0), entry(1, 1, -30.0), entry(2, 0, 56.0)])
    svg = eval_graph_svg(doc)
    ys = [y for _, y in polyline_points(parse(svg))]
    assert ys[2] > TOP + 0.5  # inside the plot, not cut at its edge
    assert abs((MID - ys[2]) / (PLOT_H / 2) - 56 / 60) < 0.01 and abs((MID - ys[1]) / (PLOT_H / 2) - 30 / 60) < 0.01
    assert ">+60<" in svg and ">-60<" in svg


def test_every_tooltip_gives_the_first_seats_view():
    svg = eval_graph_svg(document([entry(0, 0, 3.0), entry(1, 1, 22.0)]))
    assert "value +3.0 disc margin for White" in svg and "value -22.0 disc margin for White" in svg
