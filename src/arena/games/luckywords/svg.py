"""Lucky Words grids drawn as SVG, in pure Python (usable on its own, e.g. in a notebook).

>>> from arena.games.luckywords.rules import LuckyWordsState
>>> state = LuckyWordsState("X", frozenset({"EX"}))
>>> before = state.copy(); _ = state.play_text("E 23")
>>> board(state, before=before).count('class="last-placed"')
1

Both hidden 7×7 grids side by side, First's on the left. An empty cell shows
its number (0–48, row by row); the starting letter at 24 is tinted. The letters
placed by the last move are ringed. Once a row or column is full, the words
that score in it are outlined (rows green, columns purple) with their points,
and the line's points are written at its end; each grid's total is written
above it (the total of its full lines while the game goes on). With ``hint`` (a move, e.g. the
analysis's best one) the cell of the mover's grid it fills gets a dashed blue ring and the letter.
"""

from __future__ import annotations

from functools import lru_cache
from ..svg_kit import HINT, HINT_STROKE, circle, doc, group, hint_group, rect, text, title
from .dictionary import load_words
from .rules import CENTRE, LuckyWordsState
from .scoring import EMPTY, SIZE, WORD_POINTS, line_words

CELL = 44
GRID = CELL * SIZE
LINE_POINTS = 30  # the column right of a grid / the row under it, for each line's points
GAP = 36
MARGIN = 16
HEADER = 40
FOOTER = 62
WIDTH = 2 * (GRID + LINE_POINTS) + GAP + 2 * MARGIN
HEIGHT = HEADER + GRID + LINE_POINTS + FOOTER

SEAT_NAMES = ("First", "Second")
ROW_WORD, COLUMN_WORD = "#1f9d55", "#8a4fbf"
START_FILL, LAST_MOVE, INK, FAINT = "#ffe9a8", "#e8452c", "#333", "#b5b5b5"


def scoring_words(grid: list[str], words: frozenset[str]) -> list[tuple[str, int, int, str]]:
    """The scoring words of every full line: ``(direction, line, first cell, word)``.

    ``direction`` is ``"row"`` or ``"column"``; a line with an empty cell is left
    out, since the letters still to come may change its best words.
    """
    found = []
    for index in range(SIZE):
        for direction, cells in (("row", grid[index * SIZE:(index + 1) * SIZE]), ("column", grid[index::SIZE])):
            if EMPTY not in cells:
                found += [(direction, index, start, word) for start, word in line_words("".join(cells), words)]
    return found


def _origin(seat: int) -> tuple[float, float]:
    return MARGIN + seat * (GRID + LINE_POINTS + GAP), HEADER


@lru_cache(maxsize=8192)  # a replay draws the same cells over and over
def _cell(left: float, top: float, cell: int, letter: str, placed: bool) -> str:
    row, col = divmod(cell, SIZE)
    x, y = left + col * CELL, top + row * CELL
    parts = [rect(x, y, CELL, CELL, fill=START_FILL if cell == CENTRE else "#fff", stroke="#c9c2b0")]
    if letter == EMPTY:
        parts.append(text(x + CELL / 2, y + CELL / 2 + 4, cell, text_anchor="middle", font_size=11, fill=FAINT,
                          class_="cell-number"))
    else:
        parts.append(text(x + CELL / 2, y + CELL / 2 + 8, letter, text_anchor="middle", font_size=23,
                          font_weight="bold", fill=INK, class_="letter"))
    if placed:
        parts.append(circle(x + CELL / 2, y + CELL / 2, CELL / 2 - 4, fill="none", stroke=LAST_MOVE, stroke_width=3,
                            class_="last-placed"))
    return group(parts, data_cell=cell)


def _word(left: float, top: float, direction: str, line: int, start: int, word: str) -> str:
    points = WORD_POINTS[len(word)]
    long_side, short_side = len(word) * CELL - 4, CELL - 12
    if direction == "row":
        x, y, width, height, colour = left + start * CELL + 2, top + line * CELL + 6, long_side, short_side, ROW_WORD
        badge = (x + width - 2, y + 2)  # the points sit on the word's upper right corner
    else:
        x, y, width, height = left + line * CELL + 6, top + start * CELL + 2, short_side, long_side
        colour, badge = COLUMN_WORD, (x + 2, y + height - 2)  # and on a column word's lower left one
    return group([title(f"{word}: {points} point{'s' if points > 1 else ''}"),
                  rect(x, y, width, height, rx=9, fill=colour, fill_opacity=0.12, stroke=colour, stroke_width=2),
                  circle(*badge, 8, fill=colour),
                  text(badge[0], badge[1] + 4, points, text_anchor="middle", font_size=11, font_weight="bold",
                       fill="#fff", class_="word-points")],
                 class_=f"word {direction}", data_word=word, data_points=points)


def _grid(state: LuckyWordsState, seat: int, placed: set[int], words: frozenset[str]) -> list[str]:
    left, top = _origin(seat)
    grid = state.grids[seat]
    parts = [_cell(left, top, cell, letter, cell in placed) for cell, letter in enumerate(grid)]
    found = scoring_words(grid, words)
    parts += [_word(left, top, *item) for item in found]
    for index in range(SIZE):
        for direction, x, y in (("row", left + GRID + LINE_POINTS / 2, top + index * CELL + CELL / 2 + 5),
                                ("column", left + index * CELL + CELL / 2, top + GRID + LINE_POINTS / 2 + 5)):
            line_found = [word for d, i, _, word in found if d == direction and i == index]
            cells = grid[index * SIZE:(index + 1) * SIZE] if direction == "row" else grid[index::SIZE]
            if EMPTY not in cells:
                points = sum(WORD_POINTS[len(word)] for word in line_found)
                parts.append(text(x, y, points, text_anchor="middle", font_size=14, font_weight="bold",
                                  fill=ROW_WORD if direction == "row" else COLUMN_WORD,
                                  class_=f"line-points {direction}"))
    total = sum(WORD_POINTS[len(word)] for *_, word in found)
    what = "points" if state.is_over() else "points in full lines"
    parts.append(text(left, top - 12, f"{SEAT_NAMES[seat]}: {total} {what}", font_size=16, font_weight="bold",
                      fill=INK, class_="grid-total", data_points=total))
    return parts


def _called(state: LuckyWordsState) -> list[str]:
    parts = [text(MARGIN, HEIGHT - FOOTER + 18, f"Starting letter {state.letter}", font_size=13, fill=INK,
                  class_="start-letter")]
    for seat in (0, 1):
        letters = " ".join(state.letters_called[seat::2]) or "-"
        parts.append(text(MARGIN, HEIGHT - FOOTER + 38 + 18 * seat, f"{SEAT_NAMES[seat]} called: {letters}",
                          font_size=13, fill=INK, class_=f"called seat-{seat}"))
    return parts


def _status(state: LuckyWordsState) -> str:
    if state.is_over():
        return "Game over"
    if state.called is not None:
        return f"{SEAT_NAMES[state.to_move]} to place {state.called}"
    return f"Call {state.calls + 1} of 48: {SEAT_NAMES[state.to_move]} to call"


def _hint(state: LuckyWordsState, move: str) -> str:
    parsed = state.parse_move(move)
    letter, cell = parsed if isinstance(parsed, tuple) else (state.called or "", parsed)
    left, top = _origin(state.to_move)
    row, col = divmod(cell, SIZE)
    x, y = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
    return hint_group([circle(x, y, CELL / 2 - 3, **HINT_STROKE),
                       text(x + CELL / 4, y - CELL / 8, letter, text_anchor="middle", font_size=13,
                            font_weight="bold", fill=HINT)], move)


def board(state: LuckyWordsState, *, before: LuckyWordsState | None = None, size: float | None = None,
          hint: str | None = None) -> str:
    """Both grids as a standalone SVG document ``size`` px wide (default: its viewBox width);
    ``hint`` a move to mark (a MoveError if the position cannot read it)."""
    words = state.words if state.words is not None else load_words()
    parts = []
    for seat in (0, 1):
        placed = set()
        if before is not None:
            placed = {cell for cell in range(SIZE * SIZE) if state.grids[seat][cell] != before.grids[seat][cell]}
        parts += _grid(state, seat, placed, words)
    if hint is not None:
        parts.append(_hint(state, hint))
    parts += _called(state)
    parts.append(text(WIDTH - MARGIN, HEIGHT - FOOTER + 18, _status(state), text_anchor="end", font_size=14,
                      font_weight="bold", fill=INK, class_="status"))
    return doc(WIDTH, HEIGHT, parts, size=size, default_size=WIDTH, label="Lucky Words: both grids")
