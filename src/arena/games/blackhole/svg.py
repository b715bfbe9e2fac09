"""Black Hole boards drawn as SVG, in pure Python (usable on its own, e.g. in a notebook).

>>> from arena.games.blackhole.rules import BlackHoleState
>>> state = BlackHoleState(["E4", "F2", "A5", "A7", "C1"])
>>> before = state.copy(); _ = state.play_text("D3=15")
>>> board(state, before=before).count('class="last-move"')
1

The 36 hexagonal tiles form a triangle with A1 at the apex and H1 … A8 along
the bottom, as in the rules. Each tile carries its label; a stone shows its
number. Once the game is over the hole is drawn black, the stones around it
(those that fall in) are ringed, and the sums R and B and the scores are written. With
``hint`` (a move, e.g. the analysis's best one) its tile gets a dashed blue ring and the number.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..svg_kit import HINT, HINT_STROKE, doc, group, hint_group, polygon, text, title
from .rules import (
    BLUE, BROWN, COORDS, LABELS, NEIGHBOURS, RED, SIDE, STONES, BlackHoleState,
)

RADIUS = 30  # centre to corner of a pointy-top hexagon
STEP_X = RADIUS * math.sqrt(3)  # centre to centre along a row
STEP_Y = RADIUS * 1.5  # centre to centre between rows
MARGIN = 20
HEADER = 34
FOOTER = 58
WIDTH = SIDE * STEP_X + 2 * MARGIN
HEIGHT = HEADER + (SIDE - 1) * STEP_Y + 2 * RADIUS + FOOTER

FILL = {None: "#f1e9d8", RED: "#d8433b", BLUE: "#2f6ad0", BROWN: "#8a5a32"}
EDGE = {None: "#b9a987", RED: "#8e1f1a", BLUE: "#173d80", BROWN: "#5a3819"}
HOLE, FALL, LAST_MOVE, INK = "#111", "#ffcc33", "#111", "#333"
NAMES: dict[int | None, str] = {RED: "red", BLUE: "blue", BROWN: "brown"}


def centre(tile: int) -> tuple[float, float]:
    """Row u + v from the top; within a row, ``u`` falls from left to right (H1 … A8 at the bottom)."""
    u, v = COORDS[tile]
    row = u + v
    x = WIDTH / 2 + (row - u - row / 2) * STEP_X
    y = HEADER + RADIUS + row * STEP_Y
    return x, y


def _hexagon(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    return [(x + radius * math.cos(math.radians(90 + 60 * k)), y + radius * math.sin(math.radians(90 + 60 * k)))
            for k in range(6)]


def placed_tile(state: BlackHoleState, before: BlackHoleState) -> int | None:
    """The tile a stone went on between ``before`` and ``state`` (None if not exactly one)."""
    placed = [i for i in range(len(LABELS)) if before.owner[i] is None and state.owner[i] is not None]
    return placed[0] if len(placed) == 1 else None


@lru_cache(maxsize=4096)  # a replay draws the same tiles over and over
def _tile(tile: int, owner: int | None, number: int, hole: bool, falls_in: bool, last: bool) -> str:
    x, y = centre(tile)
    label = LABELS[tile]
    classes = ["tile", NAMES.get(owner, "empty")]
    if hole:
        classes = ["tile", "hole"]
        fill, edge = HOLE, "#000"
    else:
        fill, edge = FILL[owner], EDGE[owner]
    describe = f"{label}: " + ("the black hole" if hole else
                               f"{NAMES[owner]} {number}" if owner in (RED, BLUE) else
                               "brown stone" if owner == BROWN else "empty")
    parts = [title(describe),
             polygon(_hexagon(x, y, RADIUS - 1.5), fill=fill, stroke=edge, stroke_width=1.5,
                     class_=" ".join(classes))]
    if owner in (RED, BLUE):
        parts.append(text(x, y - 14, label, text_anchor="middle", font_size=9, fill="#fff", opacity=0.8))
        parts.append(text(x, y + 8, number, text_anchor="middle", font_size=20,
                          font_weight="bold", fill="#fff", class_="number"))
    else:
        colour = "#f1e9d8" if owner == BROWN else "#bbb" if hole else "#7a6a4f"
        parts.append(text(x, y + 5, label, text_anchor="middle", font_size=13, fill=colour))
    if falls_in:
        parts.append(polygon(_hexagon(x, y, RADIUS - 4), fill="none", stroke=FALL, stroke_width=3,
                             class_="falls-in"))
    if last:
        parts.append(polygon(_hexagon(x, y, RADIUS - 2), fill="none", stroke=LAST_MOVE, stroke_width=4,
                             class_="last-move"))
    return group(parts, data_tile=label)


def _footer(state: BlackHoleState, hole: int | None) -> list[str]:
    top = HEIGHT - FOOTER + 18
    if hole is None:
        parts = []
        for seat, name in ((RED, "Red"), (BLUE, "Blue")):
            left = " ".join(str(n) for n in STONES if n not in state.used[seat])
            parts.append(text(MARGIN, top + 20 * seat, f"{name} still holds: {left or '-'}", font_size=13,
                              fill=EDGE[seat], class_=f"stones-left {NAMES[seat]}"))
        return parts
    red_sum, blue_sum = state.sums_around(hole)
    red, blue = state.scores()
    return [
        text(WIDTH / 2, top, f"Black hole {LABELS[hole]}: R = {red_sum}, B = {blue_sum}", font_size=15,
             text_anchor="middle", fill=INK, font_weight="bold", class_="sums"),
        text(WIDTH / 2 - 12, top + 22, f"Red 75 + R − B = {red}", font_size=14, text_anchor="end",
             fill=EDGE[RED], font_weight="bold", class_="score red"),
        text(WIDTH / 2 + 12, top + 22, f"Blue 75 − R + B = {blue}", font_size=14, text_anchor="start",
             fill=EDGE[BLUE], font_weight="bold", class_="score blue"),
    ]


def _hint(state: BlackHoleState, move: str) -> str:
    tile, number = state.parse_move(move)
    x, y = centre(tile)
    return hint_group([polygon(_hexagon(x, y, RADIUS - 5), **HINT_STROKE),
                       text(x, y + 19, number, text_anchor="middle", font_size=11, font_weight="bold", fill=HINT)],
                      move)


def board(state: BlackHoleState, *, before: BlackHoleState | None = None, size: float | None = None,
          hint: str | None = None) -> str:
    """The position as a standalone SVG document ``size`` px wide (default: its viewBox width);
    ``hint`` a move to mark (a MoveError if the position cannot read it)."""
    hole = state.hole()
    around = set(NEIGHBOURS[hole]) if hole is not None else set()
    last = placed_tile(state, before) if before is not None else None
    parts = [_tile(tile, state.owner[tile], state.number[tile], tile == hole, tile in around, tile == last)
             for tile in range(len(LABELS))]
    if hint is not None:
        parts.append(_hint(state, hint))
    if state.is_over():
        status = "Game over"
    else:
        status = f"Turn {state.turns + 1} of 30: {('Red', 'Blue')[state.to_move]} to play"
    if last is not None:
        status = f"{LABELS[last]}={state.number[last]} played. {status}"
    parts.append(text(WIDTH / 2, HEADER - 12, status, text_anchor="middle", font_size=14, fill=INK,
                      class_="status"))
    parts += _footer(state, hole)
    scores = state.board_scores()
    label = "Black Hole" if scores is None else f"Black Hole: Red {scores[0]}, Blue {scores[1]}"
    return doc(WIDTH, HEIGHT, parts, size=size, default_size=WIDTH, label=label)
