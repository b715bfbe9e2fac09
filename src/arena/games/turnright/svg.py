"""Turn Right boards drawn as SVG, in pure Python (usable on its own, e.g. in a notebook).

>>> from arena.games.turnright.rules import TurnRightState
>>> state = TurnRightState()
>>> _ = state.play_text("c3")
>>> board(state).count('class="piece white"')
1

Files ``a``–``f`` run left to right and ranks ``1``–``6`` bottom to top, as in
the rules. After a circuit every step of its loop is an arrow (each piece moved
one arrow forward), every 2×2 block of one colour, which scored a point after
that circuit, carries a diamond where its four squares meet, and a 3×3 block is
outlined. The points of both sides are written above the board, the result
under it once the game is over. With ``hint`` (a move, e.g. the analysis's best one) its square
(a placement) or its loop (a circuit) is dashed blue.
"""

from __future__ import annotations

from functools import lru_cache

from ..svg_kit import HINT_STROKE, arrow_marker, circle, doc, group, hint_group, line, polygon, rect, text, title
from .circuit import FILES, SIZE, canonical, format_circuit, loop_squares, square, square_name
from .scoring import BLACK, EMPTY, WHITE
from .rules import PLACEMENTS, TurnRightState

CELL = 60
MARGIN = 26
HEADER = 36
FOOTER = 70
BOARD = CELL * SIZE
WIDTH = BOARD + 2 * MARGIN
HEIGHT = HEADER + BOARD + MARGIN + FOOTER

SQUARE_FILL = ("#e9d8b4", "#d9c196")
PIECE_FILL = {WHITE: "#f7f7f2", BLACK: "#1d1d1d"}
PIECE_EDGE = {WHITE: "#8f8f86", BLACK: "#000"}
COLOUR_NAME = {WHITE: "white", BLACK: "black"}
ARROW, BLOCK3, LAST_MOVE, INK = "#e8452c", "#f2b705", "#e8452c", "#333"


def _centre(sq: int) -> tuple[float, float]:
    file, rank = divmod(sq, SIZE)
    return MARGIN + file * CELL + CELL / 2, HEADER + (SIZE - 1 - rank) * CELL + CELL / 2


def blocks(state: TurnRightState, size: int) -> list[tuple[int, int, int]]:
    """Every ``size``×``size`` block of one colour as ``(colour, file, rank)`` of its lower-left square."""
    found = []
    for file in range(SIZE - size + 1):
        for rank in range(SIZE - size + 1):
            colours = {state.board[square(file + i, rank + j)] for i in range(size) for j in range(size)}
            if len(colours) == 1 and EMPTY not in colours:
                found.append((colours.pop(), file, rank))
    return found


@lru_cache(maxsize=1)  # the same for every position: drawn once
def _squares() -> tuple[str, ...]:
    parts = []
    for sq in range(SIZE * SIZE):
        file, rank = divmod(sq, SIZE)
        x, y = _centre(sq)
        parts.append(rect(x - CELL / 2, y - CELL / 2, CELL, CELL, fill=SQUARE_FILL[(file + rank) % 2]))
    for k in range(SIZE):
        parts.append(text(MARGIN + k * CELL + CELL / 2, HEADER + BOARD + 18, FILES[k], text_anchor="middle",
                          font_size=14, fill=INK))
        parts.append(text(MARGIN / 2, HEADER + (SIZE - 1 - k) * CELL + CELL / 2 + 5, k + 1, text_anchor="middle",
                          font_size=14, fill=INK))
    return tuple(parts)


@lru_cache(maxsize=128)  # a replay draws the same pieces over and over
def _piece(sq: int, colour: int) -> str:
    x, y = _centre(sq)
    return group([title(f"{square_name(sq)}: {COLOUR_NAME[colour]}"),
                  circle(x, y, CELL * 0.38, fill=PIECE_FILL[colour], stroke=PIECE_EDGE[colour], stroke_width=1.5,
                         class_=f"piece {COLOUR_NAME[colour]}")], data_square=square_name(sq))


def _arrows(corners: tuple[int, ...]) -> list[str]:
    """One arrow per step of the loop, from each square to the next one in travel order."""
    loop = loop_squares(corners)
    parts = [arrow_marker("turnright-arrow", ARROW)]
    for i, sq in enumerate(loop):
        (x1, y1), (x2, y2) = _centre(sq), _centre(loop[(i + 1) % len(loop)])
        dx, dy = (x2 - x1) / CELL, (y2 - y1) / CELL  # a unit step: consecutive loop squares are neighbours
        parts.append(line(x1 + dx * 14, y1 + dy * 14, x2 - dx * 16, y2 - dy * 16, stroke=ARROW, stroke_width=4,
                          stroke_linecap="round", opacity=0.9, marker_end="url(#turnright-arrow)", class_="arrow"))
    return parts


def _block_marks(state: TurnRightState) -> list[str]:
    parts = []
    for colour, file, rank in blocks(state, 2):
        x, y = MARGIN + (file + 1) * CELL, HEADER + (SIZE - 1 - rank) * CELL
        parts.append(polygon([(x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y)], fill=PIECE_FILL[colour],
                             stroke=BLOCK3, stroke_width=2.5, class_=f"block2 {COLOUR_NAME[colour]}"))
    for colour, file, rank in blocks(state, 3):
        x, y = MARGIN + file * CELL, HEADER + (SIZE - 3 - rank) * CELL
        parts.append(rect(x + 2, y + 2, 3 * CELL - 4, 3 * CELL - 4, rx=6, fill="none", stroke=BLOCK3, stroke_width=5,
                          class_=f"block3 {COLOUR_NAME[colour]}"))
    return parts


def _status(state: TurnRightState) -> list[str]:
    """The last move, then whose turn it is or the result."""
    move = state.last_move
    if isinstance(move, tuple):
        who = "Black" if state.circuits % 2 else "White"  # Black plays the 1st, 3rd, ... circuit
        first = f"{who}'s circuit {(state.circuits + 1) // 2}: {format_circuit(canonical(move))}"
    elif isinstance(move, int):
        first = f"{square_name(move)} placed"
        if state.auto_square is not None:
            first += f"; Black's last piece went to {square_name(state.auto_square)} by itself"
    else:
        first = "Start: White places first"
    if state.is_over():
        result = state.result()
        how = "with a 3×3 block" if result.ending == "3x3" else "on points"
        winner = "Draw" if result.winner is None else f"{('White', 'Black')[result.winner]} wins {how}"
        return [first, f"{winner}: game points {result.game_points[0]}–{result.game_points[1]}",
                f"match points {result.match_points[0]}–{result.match_points[1]}"]
    elif state.placing:
        second = f"Placement {state.placements + 1} of {PLACEMENTS}: {('White', 'Black')[state.to_move]} to place"
    else:
        second = f"{('White', 'Black')[state.to_move]} to play circuit {state.circuit_number} of 13"
    return [first, second]


def _hint(state: TurnRightState, move: str) -> str:
    parsed = state.parse_move(move)
    if isinstance(parsed, int):  # a placement
        x, y = _centre(parsed)
        return hint_group([circle(x, y, CELL * 0.44, **HINT_STROKE)], move)
    loop = [_centre(sq) for sq in loop_squares(parsed)]  # a circuit: the loop its pieces travel
    return hint_group([polygon(loop, stroke_linejoin="round", **HINT_STROKE)], move)


def board(state: TurnRightState, *, before: TurnRightState | None = None, size: float | None = None,
          hint: str | None = None) -> str:
    """The position as a standalone SVG document ``size`` px wide (default: its viewBox width);
    ``hint`` a move to mark (a MoveError if the position cannot read it).

    The last move comes from ``state.last_move``, which the rules keep (a circuit
    cannot be read off two boards); ``before`` is accepted for the common signature.
    """
    parts = list(_squares())
    move = state.last_move
    if isinstance(move, int):
        x, y = _centre(move)
        parts.append(rect(x - CELL / 2 + 2, y - CELL / 2 + 2, CELL - 4, CELL - 4, rx=4, fill="none", stroke=LAST_MOVE,
                          stroke_width=4, class_="last-move", data_square=square_name(move)))
        if state.auto_square is not None:  # placed by the rules, right after the last placement
            x, y = _centre(state.auto_square)
            parts.append(rect(x - CELL / 2 + 2, y - CELL / 2 + 2, CELL - 4, CELL - 4, rx=4, fill="none",
                              stroke=LAST_MOVE, stroke_width=3, stroke_dasharray="6 4", class_="automatic"))
    parts += [_piece(sq, colour) for sq, colour in enumerate(state.board) if colour != EMPTY]
    if isinstance(move, tuple):
        parts += _arrows(move)
    if state.circuits:  # blocks score only after a circuit
        parts += _block_marks(state)
    if hint is not None:
        parts.append(_hint(state, hint))
    white, black = state.scores()
    for colour, points, anchor, x in ((WHITE, white, "start", MARGIN), (BLACK, black, "end", MARGIN + BOARD)):
        name = COLOUR_NAME[colour].capitalize()
        parts.append(text(x, HEADER - 12, f"{name} {points} points", text_anchor=anchor, font_size=16,
                          font_weight="bold", fill=INK, class_=f"points {COLOUR_NAME[colour]}"))
    for k, line_text in enumerate(_status(state)):
        parts.append(text(WIDTH / 2, HEIGHT - FOOTER + 16 + 20 * k, line_text, text_anchor="middle", font_size=14,
                          fill=INK, class_="status"))
    return doc(WIDTH, HEIGHT, parts, size=size, default_size=WIDTH,
               label=f"Turn Right: White {white}, Black {black}")
