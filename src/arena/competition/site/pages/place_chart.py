"""Each contestant's place over the test rounds, as an SVG chart drawn here on the server and put
inline in the ranking page: no script draws it (the pages allow no inline script, and a chart needs
no library), so it is there for a page saved or printed too.

One line (a ``polyline``) a contestant, one point per test round it was ranked in, place 1 at the
top; a dot with a tooltip (``title``) on each point, the name at the line's last point; a round a
contestant sat out (benched) is marked by a cross under the plot, in its colour, saying so. Every name
is escaped (markupsafe) wherever it goes, text or attribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from markupsafe import Markup, escape

WIDTH, HEIGHT = 720, 320
LEFT, RIGHT, TOP, BOTTOM = 40, 130, 16, 44  # room for the places, the names, the rounds and their title
MAX_ROUNDS = 30
"""The newest test rounds shown (more would crowd the axis; the ranking page links to all)."""


class Placed(TypedDict):
    """What the chart reads of a ranking row (rounds/ranking_types.py's RankingRow has it)."""

    name: str
    rank: int


def _colour(index: int) -> str:
    # hues spread by the golden angle: neighbours in the list never look alike
    return f"hsl({(index * 137.508) % 360:.0f}, 65%, 42%)"


def place_chart(rounds: Sequence[tuple[int, Sequence[Placed]]],
                sat_out: dict[int, list[str]] | None = None) -> Markup | None:
    """The chart of ``rounds`` ((test round's number, its ranking rows), oldest first); None with no
    round to draw. ``sat_out``: by a round's number, who sat it out (benched)."""
    rounds = [(number, rows) for number, rows in rounds if rows][-MAX_ROUNDS:]
    if not rounds:
        return None
    places = max(row["rank"] for _, rows in rounds for row in rows)
    step_x = (WIDTH - LEFT - RIGHT) / max(1, len(rounds) - 1)
    step_y = (HEIGHT - TOP - BOTTOM) / max(1, places - 1)

    def point(column: int, rank: int) -> tuple[float, float]:
        return LEFT + column * step_x, TOP + (rank - 1) * step_y

    names: list[str] = []  # in the order they first appear, so each keeps its colour
    placed: dict[str, list[tuple[int, int, int]]] = {}  # name -> (column, round's number, rank)
    for column, (number, rows) in enumerate(rounds):
        for row in rows:
            if row["name"] not in placed:
                names.append(row["name"])
            placed.setdefault(row["name"], []).append((column, number, row["rank"]))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="place-chart" id="place-chart" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
             f'aria-labelledby="place-chart-title">',
             '<title id="place-chart-title">Each contestant\'s place in each test round (1 at the top)</title>']
    for rank in range(1, places + 1):  # a faint line and a number for each place
        _, y = point(0, rank)
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                     f'stroke="#ddd" stroke-width="1"/><text class="place" x="{LEFT - 8}" y="{y + 4:.1f}" '
                     f'text-anchor="end" font-size="11">{rank}</text>')
    for column, (number, _) in enumerate(rounds):
        x, _ = point(column, places)
        parts.append(f'<text class="round" x="{x:.1f}" y="{HEIGHT - 24}" text-anchor="middle" '
                     f'font-size="11">{number}</text>')
    parts.append(f'<text class="axis-title" x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{HEIGHT - 6}" '
                 f'text-anchor="middle" font-size="12">Test round</text>')
    for index, name in enumerate(names):
        colour, shown = _colour(index), escape(name)
        points = [point(column, rank) for column, _, rank in placed[name]]
        parts.append(f'<g class="contestant" data-name="{shown}">')
        parts.append(f'<polyline class="place-line" data-name="{shown}" fill="none" stroke="{colour}" '
                     f'stroke-width="2" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}"/>')
        for (x, y), (_, number, rank) in zip(points, placed[name]):
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"><title>{shown}: place '
                         f'{rank} in test round {number}</title></circle>')
        x, y = points[-1]
        parts.append(f'<text class="name" x="{x + 8:.1f}" y="{y + 4:.1f}" font-size="11" fill="{colour}">'
                     f'{shown}</text></g>')
    colours = {name: _colour(index) for index, name in enumerate(names)}
    for column, (number, _) in enumerate(rounds):
        for line, name in enumerate((sat_out or {}).get(number, [])):
            x, _ = point(column, places)
            shown = escape(name)
            parts.append(f'<text class="sat-out" data-name="{shown}" x="{x + 9 * line:.1f}" y="{HEIGHT - BOTTOM + 12}" '
                         f'text-anchor="middle" font-size="11" fill="{colours.get(name, "#888")}">×<title>{shown} sat '
                         f'test round {number} out (benched)</title></text>')
    parts.append("</svg>")
    return Markup("".join(parts))
