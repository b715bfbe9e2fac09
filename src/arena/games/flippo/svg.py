"""Flippo boards drawn as SVG, in pure Python (usable on its own, e.g. in a notebook).

>>> from arena.games.flippo.rules import FlippoState
>>> start = FlippoState()
>>> after = start.copy(); _ = after.play_text("C5")
>>> picture = board(after, before=start)
>>> picture.startswith("<svg") and picture.count('class="flipped"')
1

Rows ``A``–``H`` run top to bottom and columns ``1``–``8`` left to right, as in
the rules. With ``before`` (the position just before the last move) the square
played is ringed and every piece that move flipped carries a small mark. With ``hint``
(a move, e.g. the analysis's best one) its square gets a dashed blue circle.
"""

from __future__ import annotations

from functools import lru_cache

from ..svg_kit import HINT_STROKE, circle, doc, group, hint_group, line, rect, text, title
from .rules import BLACK, EMPTY, ROWS, SIZE, WHITE, FlippoState, square_name

CELL = 50
MARGIN = 28  # room for the row letters and column digits
FOOTER = 34  # the score line
BOARD = CELL * SIZE
WIDTH = BOARD + 2 * MARGIN
HEIGHT = BOARD + 2 * MARGIN + FOOTER

FELT, GRID, LABEL = "#2f7d4a", "#1c4f2e", "#333"
PIECE_FILL = {WHITE: "#f7f7f2", BLACK: "#1d1d1d"}
PIECE_EDGE = {WHITE: "#9a9a90", BLACK: "#000"}
LAST_MOVE, FLIP_MARK = "#e8452c", "#f0a020"
COLOUR_NAME = {WHITE: "white", BLACK: "black"}


def last_move(state: FlippoState, before: FlippoState) -> tuple[int | None, list[int]]:
    """The square played between ``before`` and ``state``, and the squares that move flipped."""
    placed = [i for i in range(SIZE * SIZE) if before.board[i] == EMPTY and state.board[i] != EMPTY]
    flipped = [i for i in range(SIZE * SIZE)
               if before.board[i] != EMPTY and state.board[i] != before.board[i]]
    return (placed[0] if len(placed) == 1 else None), flipped


def _centre(index: int) -> tuple[float, float]:
    row, col = divmod(index, SIZE)
    return MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2


@lru_cache(maxsize=1)  # the same for every position: drawn once
def _grid() -> tuple[str, ...]:
    parts = [rect(MARGIN, MARGIN, BOARD, BOARD, fill=FELT, stroke=GRID, stroke_width=2)]
    for k in range(1, SIZE):
        parts.append(line(MARGIN + k * CELL, MARGIN, MARGIN + k * CELL, MARGIN + BOARD, stroke=GRID))
        parts.append(line(MARGIN, MARGIN + k * CELL, MARGIN + BOARD, MARGIN + k * CELL, stroke=GRID))
    for k in range(SIZE):
        middle = MARGIN + k * CELL + CELL / 2
        for y in (MARGIN / 2 + 5, MARGIN + BOARD + MARGIN / 2 + 5):
            parts.append(text(middle, y, k + 1, text_anchor="middle", font_size=14, fill=LABEL, class_="label"))
        for x in (MARGIN / 2, MARGIN + BOARD + MARGIN / 2):
            parts.append(text(x, middle + 5, ROWS[k], text_anchor="middle", font_size=14, fill=LABEL, class_="label"))
    return tuple(parts)


@lru_cache(maxsize=1024)  # a replay draws the same pieces over and over
def _piece(index: int, colour: int, played: bool, flipped: bool) -> str:
    x, y = _centre(index)
    parts = [title(f"{square_name(index)}: {COLOUR_NAME[colour]}" + (", just played" if played else "")
                   + (", flipped" if flipped else "")),
             circle(x, y, CELL * 0.4, fill=PIECE_FILL[colour], stroke=PIECE_EDGE[colour], stroke_width=1.5,
                    class_=f"piece {COLOUR_NAME[colour]}")]
    if flipped:  # an orange dot, visible on both colours
        parts.append(circle(x, y, CELL * 0.1, fill=FLIP_MARK, stroke="#7a4a00", stroke_width=1,
                            class_="flipped"))
    return group(parts, data_square=square_name(index))


def _hint(state: FlippoState, move: str) -> str:
    x, y = _centre(state.parse_move(move))
    return hint_group([circle(x, y, CELL * 0.44, **HINT_STROKE)], move)


def board(state: FlippoState, *, before: FlippoState | None = None, size: float | None = None,
          hint: str | None = None) -> str:
    """The position as a standalone SVG document ``size`` px wide (default: its viewBox width, 456);
    ``hint`` a move to mark (a MoveError if the position cannot read it)."""
    played, flipped = last_move(state, before) if before is not None else (None, [])
    parts = list(_grid())
    if played is not None:
        row, col = divmod(played, SIZE)
        parts.append(rect(MARGIN + col * CELL + 2, MARGIN + row * CELL + 2, CELL - 4, CELL - 4,
                          fill="none", stroke=LAST_MOVE, stroke_width=4, rx=4, class_="last-move",
                          data_square=square_name(played)))
    for index, colour in enumerate(state.board):
        if colour != EMPTY:
            parts.append(_piece(index, colour, index == played, index in flipped))
    if hint is not None:
        parts.append(_hint(state, hint))
    white, black = state.count(WHITE), state.count(BLACK)
    status = "game over" if state.is_over() else f"move {state.moves_played + 1}, " + (
        "White" if state.to_move == 0 else "Black") + " to play"
    if played is not None:
        status = f"{square_name(played)} flipped {len(flipped)}; {status}"
    footer_y = MARGIN * 2 + BOARD + 12
    parts.append(circle(MARGIN + 9, footer_y - 5, 8, fill=PIECE_FILL[WHITE], stroke=PIECE_EDGE[WHITE]))
    parts.append(text(MARGIN + 22, footer_y, white, font_size=16, font_weight="bold", class_="count-white"))
    parts.append(circle(MARGIN + 70, footer_y - 5, 8, fill=PIECE_FILL[BLACK], stroke=PIECE_EDGE[BLACK]))
    parts.append(text(MARGIN + 83, footer_y, black, font_size=16, font_weight="bold", class_="count-black"))
    parts.append(text(MARGIN + BOARD, footer_y, status, font_size=14, text_anchor="end", fill=LABEL,
                      class_="status"))
    return doc(WIDTH, HEIGHT, parts, size=size, default_size=WIDTH,
               label=f"Flippo: White {white}, Black {black}")
