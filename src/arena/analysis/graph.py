"""The evaluation graph of a game's analysis, drawn as SVG in Python (like the boards).

x is the ply, y the value of the position from the FIRST seat's view (a ply's value is
from its mover's view, so seat 1's are flipped), on an axis that covers every value (a
game that reached +56 is drawn up to +56, its axis labelled +60), at least two mistakes'
worth each way so that a calm game is not blown up into noise. Exact values
(a solver reached the end) are drawn as squares, estimates as small circles, mistakes as
big red dots; a ply not analysed yet is left out (the line breaks there). Every ply has a
transparent column carrying ``data-ply="N"``, N the replay's ply to jump to (the position
before move N), which the page's script listens on.

The document may come from a file beside a record: every text goes through svg_kit's
escaping and every number is checked, so nothing in it can break the page it is put in.

>>> doc = {"seats": ["White", "Black"], "units": "disc margin", "mistake": 4.0, "plies": [
...     {"ply": 0, "seat": 0, "move": "D3", "value": 2.0, "best": "C4", "exact": False, "loss": 0.0,
...      "mistake": False}]}
>>> picture = eval_graph_svg(doc)
>>> picture.startswith("<svg") and 'id="eval-graph"' in picture and 'data-ply="0"' in picture
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..games.svg_kit import SVG_NS, FONT, attributes, circle, element, line, rect, text, title

WIDTH, HEIGHT = 640, 170
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 12, 22  # room for the value labels and the ply numbers
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
MID = TOP + PLOT_H / 2
FIRST_AHEAD, SECOND_AHEAD = "#f4f1e6", "#dcdcd6"
LINE, ESTIMATE, EXACT, MISTAKE, INK = "#2b4a6f", "#2b4a6f", "#1c8a4a", "#d62d20", "#444"


def finite_number(value: object) -> float | None:
    """A finite number, else None (a document from a file may hold anything)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _first_seat_value(entry: Mapping[str, object]) -> float | None:
    value = finite_number(entry.get("value"))
    if value is None:
        return None
    return -value if entry.get("seat") == 1 else value


def value_range(values: list[float], mistake: float) -> float:
    """The half-height of the plot: the largest value, rounded up to a number an axis is labelled
    with, but at least two mistakes' worth (a calm game is not blown up into noise). Every value is
    inside it: a value cut at the plot's edge would misstate the game."""
    unit = mistake if mistake > 0 else 1.0
    biggest = max((abs(v) for v in values), default=0.0)
    return max(2 * unit, _round_up(biggest))


def _round_up(value: float) -> float:
    """The next of 1, 2, 3, 4, 5, 6, 8 times a power of ten at or above ``value`` (56: 60; 0 stays 0)."""
    if value <= 0:
        return 0.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1, 2, 3, 4, 5, 6, 8, 10):
        if value <= step * power * (1 + 1e-9):
            return step * power
    return 10 * power


def _label(entry: Mapping[str, object], seats: list[str], units: str) -> str:
    """The tooltip of a ply: who moved what, the value, the best move, the loss."""
    seat = entry.get("seat")
    who = seats[seat] if isinstance(seat, int) and seat in (0, 1) and len(seats) > seat else "?"
    words = [f"ply {entry.get('ply')}: {who} {entry.get('move', '')}"]
    value = finite_number(entry.get("value"))
    if value is None:
        return words[0] + " (not analysed yet)"
    # from the first seat's view, as the graph draws it and the moves table writes it
    first = seats[0] if seats else "the first seat"
    shown = -value if seat == 1 else value
    words.append(f"value {shown:+.1f} {units} for {first}" + (" (exact)" if entry.get("exact") is True else ""))
    if entry.get("best") is not None:
        words.append(f"best {entry.get('best')}")
    loss = finite_number(entry.get("loss"))
    if loss is not None:
        words.append(("mistake " if entry.get("mistake") is True else "loss ") + f"−{loss:.1f}")
    return ", ".join(words)


def _frame(seats: list[str], clip: float, count: int) -> list[str]:
    """The two halves (the first seat ahead above), the zero line, the value and ply labels."""
    names = [str(s) for s in seats[:2]] + ["first seat", "second seat"][len(seats[:2]):]
    parts = [rect(LEFT, TOP, PLOT_W, PLOT_H / 2, fill=FIRST_AHEAD),
             rect(LEFT, MID, PLOT_W, PLOT_H / 2, fill=SECOND_AHEAD),
             line(LEFT, MID, LEFT + PLOT_W, MID, stroke="#999", stroke_width=1),
             text(LEFT + 4, TOP + 11, f"{names[0]} ahead", font_size=10, fill=INK),
             text(LEFT + 4, TOP + PLOT_H - 4, f"{names[1]} ahead", font_size=10, fill=INK)]
    for y, value in ((TOP + 4, clip), (MID + 4, 0), (TOP + PLOT_H + 2, -clip)):
        parts.append(text(LEFT - 4, y, f"{value:+g}" if value else "0", font_size=10, text_anchor="end", fill=INK))
    step = max(1, math.ceil(count / 10 / 5) * 5)  # a label every 5, 10, ... plies: about ten of them
    for ply in range(0, count, step):
        parts.append(text(_x(ply, count), HEIGHT - 6, ply, font_size=10, text_anchor="middle", fill=INK))
    return parts


def _x(ply: int, count: int) -> float:
    return LEFT + (ply + 0.5) * PLOT_W / max(count, 1)


def _y(value: float, clip: float) -> float:
    return MID - max(-clip, min(clip, value)) / clip * (PLOT_H / 2)


def _curve(points: list[tuple[int, float | None]], count: int, clip: float) -> list[str]:
    """The line through consecutive analysed plies, broken where one is missing."""
    runs: list[list[str]] = []
    run: list[str] = []
    for ply, value in points:
        if value is None:
            runs, run = runs + [run] if run else runs, []
        else:
            run.append(f"{_x(ply, count):.1f},{_y(value, clip):.1f}")
    runs += [run] if run else []
    return [element("polyline", points=" ".join(r), fill="none", stroke=LINE, stroke_width=2,
                    stroke_linejoin="round", class_="eval-line") for r in runs if len(r) > 1]


def _marks(entries: list[Mapping[str, object]], values: list[float | None], count: int, clip: float) -> list[str]:
    parts = []
    for index, (entry, value) in enumerate(zip(entries, values)):
        if value is None:
            continue
        x, y = _x(index, count), _y(value, clip)
        if entry.get("mistake") is True:
            parts.append(circle(x, y, 5, fill=MISTAKE, stroke="#fff", stroke_width=1, class_="mistake"))
        elif entry.get("exact") is True:
            parts.append(rect(x - 3, y - 3, 6, 6, fill=EXACT, class_="exact"))
        else:
            parts.append(circle(x, y, 2.2, fill=ESTIMATE, class_="estimate"))
    return parts


def _hit_columns(entries: list[Mapping[str, object]], count: int, seats: list[str], units: str) -> list[str]:
    """One transparent column per ply, on top of everything: a click anywhere above a ply jumps to it."""
    width = PLOT_W / max(count, 1)
    return [element("rect", title(_label(entry, seats, units)), x=LEFT + index * width, y=TOP, width=width,
                    height=PLOT_H, fill="transparent", class_="ply-hit", data_ply=index)
            for index, entry in enumerate(entries)]


def eval_graph_svg(doc: Mapping[str, object]) -> str:
    """The graph of an analysis document (complete or partial) as an inline ``<svg id="eval-graph">``:
    of any JSON object, every value checked before it is drawn."""
    plies, named = doc.get("plies"), doc.get("seats")
    entries: list[Mapping[str, object]] = ([e if isinstance(e, dict) else {} for e in plies]
                                           if isinstance(plies, list) else [])
    seats = [str(s) for s in named] if isinstance(named, list) else []
    units = str(doc.get("units", ""))
    values = [_first_seat_value(entry) for entry in entries]
    clip = value_range([v for v in values if v is not None], finite_number(doc.get("mistake")) or 1.0)
    count = len(entries)
    parts = _frame(seats, clip, count)
    parts += _curve(list(enumerate(values)), count, clip)
    parts += _marks(entries, values, count, clip)
    parts.append(line(0, TOP, 0, TOP + PLOT_H, stroke="#e8452c", stroke_width=2, id="eval-cursor",
                      visibility="hidden"))  # the page's script moves it to the ply shown
    parts += _hit_columns(entries, count, seats, units)
    analysed = sum(v is not None for v in values)
    summary = (f"Evaluation graph: the value of each position from {seats[0] if seats else 'the first seat'}'s "
               f"view in {units}, {analysed} of {count} plies analysed; red dots are mistakes, "
               f"squares exact values")
    root = attributes(dict(id="eval-graph", viewBox=f"0 0 {WIDTH} {HEIGHT}", width=WIDTH, height=HEIGHT,
                           font_family=FONT, role="group", aria_label=summary))
    return f'<svg xmlns="{SVG_NS}" {root}>{title(summary)}{"".join(parts)}</svg>'
