"""Domineering boards drawn as SVG, in pure Python (usable on its own, e.g. in a notebook).

>>> from arena.games.domineering.rules import DomineeringState
>>> state = DomineeringState([[1] * 8 for _ in range(8)])
>>> _ = state.play_text("MOVE 4 5")
>>> board(state).count('class="domino first"')
1

Row x runs 1–8 from the top and column y 1–8 from the left, as in the rules.
Every cell shows its value (darker cells are worth more); FIRST's horizontal
dominoes are orange, SECOND's vertical ones blue. The last move is outlined, a
pass is written under the board, and both scores (SECOND from 2.5) above it. With ``hint``
(a move, e.g. the analysis's best one) the domino the side to move would place is dashed blue.
"""

from __future__ import annotations

from functools import lru_cache
from ..base import IllegalMoveError
from ..svg_kit import HINT, HINT_STROKE, doc, group, hint_group, rect, text, title
from .rules import FIRST, SECOND, SEAT_WORDS, SIZE, DomineeringState

CELL = 50
MARGIN = 26
HEADER = 34
FOOTER = 54
BOARD = CELL * SIZE
WIDTH = BOARD + 2 * MARGIN
HEIGHT = HEADER + BOARD + MARGIN + FOOTER

VALUE_FILL = ("#fbf8f0", "#efe3c4", "#dfc78f", "#c9a75b")  # 0..3: the more points, the darker
DOMINO = {FIRST: ("#e0782f", "#8f4210"), SECOND: ("#2f73c9", "#163f78")}
SHAPE = {FIRST: "horizontal", SECOND: "vertical"}
LAST_MOVE, INK = "#d11f4a", "#333"


def dominoes(state: DomineeringState) -> list[tuple[int, int, int]]:
    """Every domino on the board as ``(seat, x, y)``, its upper-left cell 1-based.

    The board keeps only who covers each cell, but one seat's dominoes all lie the
    same way, so a run of its cells along that line splits into dominoes one way only.
    """
    found = []
    for seat, (dx, dy) in ((FIRST, (0, 1)), (SECOND, (1, 0))):
        taken: set[tuple[int, int]] = set()
        for x in range(1, SIZE + 1):
            for y in range(1, SIZE + 1):
                if state.covered[x][y] == seat + 1 and (x, y) not in taken:
                    found.append((seat, x, y))
                    taken.update({(x, y), (x + dx, y + dy)})
    return found


def last_move(state: DomineeringState, before: DomineeringState | None) -> tuple[int, int, int] | str | None:
    """The domino placed since ``before``, ``"pass"`` if the last move was a pass, else None."""
    if state.moves_played and state.passes_in_a_row:
        return "pass"  # known without ``before``: the state counts passes
    if before is None:
        return None
    new = set(dominoes(state)) - set(dominoes(before))
    return new.pop() if len(new) == 1 else None


def _cell_origin(x: int, y: int) -> tuple[float, float]:
    return MARGIN + (y - 1) * CELL, HEADER + (x - 1) * CELL


@lru_cache(maxsize=256)  # a replay draws the same cells over and over
def _cell(x: int, y: int, value: int) -> str:
    left, top = _cell_origin(x, y)
    return (rect(left, top, CELL, CELL, fill=VALUE_FILL[value], stroke="#b8ab8c", stroke_width=1)
            + text(left + CELL / 2, top + CELL / 2 + 7, value, text_anchor="middle", font_size=20,
                   fill="#7a6a4a", class_="value"))


@lru_cache(maxsize=1)
def _labels() -> str:
    parts = []
    for x in range(1, SIZE + 1):
        label_y = HEADER + (x - 1) * CELL + CELL / 2 + 5
        parts.append(text(MARGIN / 2, label_y, x, text_anchor="middle", font_size=13, fill=INK))
        parts.append(text(MARGIN + (x - 1) * CELL + CELL / 2, HEADER + BOARD + 17, x, text_anchor="middle",
                          font_size=13, fill=INK))
    return "".join(parts)


def _cells(state: DomineeringState) -> list[str]:
    values = state.values
    return [_cell(x, y, values[x - 1][y - 1]) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1)] + [_labels()]


@lru_cache(maxsize=1024)
def _domino(seat: int, x: int, y: int, values: tuple[int, int], last: bool) -> str:
    left, top = _cell_origin(x, y)
    width, height = (2 * CELL, CELL) if seat == FIRST else (CELL, 2 * CELL)
    fill, edge = DOMINO[seat]
    gain = sum(values)
    parts = [title(f"{SEAT_WORDS[seat]}: MOVE {x} {y}, +{gain}"),
             rect(left + 4, top + 4, width - 8, height - 8, rx=8, fill=fill, stroke=edge, stroke_width=2,
                  class_=f"domino {SEAT_WORDS[seat].lower()}")]
    for (cx, cy), value in zip(((x, y), (x + height // CELL - 1, y + width // CELL - 1)), values):
        cell_left, cell_top = _cell_origin(cx, cy)
        parts.append(text(cell_left + CELL / 2, cell_top + CELL / 2 + 7, value,
                          text_anchor="middle", font_size=20, font_weight="bold", fill="#fff"))
    if last:
        parts.append(rect(left + 1, top + 1, width - 2, height - 2, rx=10, fill="none", stroke=LAST_MOVE,
                          stroke_width=3, class_="last-move"))
    return group(parts, data_move=f"{x} {y}")


def _domino_values(state: DomineeringState, seat: int, x: int, y: int) -> tuple[int, int]:
    dx, dy = (0, 1) if seat == FIRST else (1, 0)
    return state.values[x - 1][y - 1], state.values[x + dx - 1][y + dy - 1]


def _status(state: DomineeringState, last) -> list[str]:
    """The last move (if known), then whose turn it is or why the game is over."""
    lines = []
    if last == "pass":
        lines.append(f"{SEAT_WORDS[1 - state.to_move]} passed")
    elif last is not None:
        seat, x, y = last
        lines.append(f"{SEAT_WORDS[seat]}: MOVE {x} {y} (+{state.gain(seat, (x, y))})")
    ending = state.end_reason()
    lines.append(f"Game over: {ending}" if ending else f"{SEAT_WORDS[state.to_move]} to play")
    return lines


def _hint(state: DomineeringState, move: str) -> str:
    x, y = state.parse_move(move)
    if (x, y) == (-1, -1):
        return hint_group([text(WIDTH / 2, HEADER - 12, "best: pass", text_anchor="middle", font_size=14,
                                font_weight="bold", fill=HINT)], move)
    wide = state.to_move == FIRST
    if not (1 <= x <= SIZE - (not wide) and 1 <= y <= SIZE - wide):
        raise IllegalMoveError(f"{move!r}: that domino is not on the board")
    left, top = _cell_origin(x, y)
    width, height = (2 * CELL, CELL) if wide else (CELL, 2 * CELL)
    return hint_group([rect(left + 3, top + 3, width - 6, height - 6, rx=10, **HINT_STROKE)], move)


def board(state: DomineeringState, *, before: DomineeringState | None = None, size: float | None = None,
          hint: str | None = None) -> str:
    """The position as a standalone SVG document ``size`` px wide (default: its viewBox width);
    ``hint`` a move to mark (a MoveError if the position cannot read it)."""
    last = last_move(state, before)
    parts = _cells(state)
    parts += [_domino(seat, x, y, _domino_values(state, seat, x, y), (seat, x, y) == last)
              for seat, x, y in dominoes(state)]
    if hint is not None:
        parts.append(_hint(state, hint))
    first, second = state.scores()
    for seat, points, anchor, x in ((FIRST, first, "start", MARGIN), (SECOND, second, "end", MARGIN + BOARD)):
        parts.append(text(x, HEADER - 12, f"{SEAT_WORDS[seat]} ({SHAPE[seat]}) {points:g}", text_anchor=anchor,
                          font_size=14, font_weight="bold", fill=DOMINO[seat][1],
                          class_=f"score {SEAT_WORDS[seat].lower()}"))
    for k, line_text in enumerate(_status(state, last)):
        parts.append(text(WIDTH / 2, HEIGHT - FOOTER + 22 + 20 * k, line_text, text_anchor="middle", font_size=15,
                          fill=LAST_MOVE if line_text.endswith("passed") else INK, class_="status"))
    return doc(WIDTH, HEIGHT, parts, size=size, default_size=WIDTH,
               label=f"Domineering: FIRST {first:g}, SECOND {second:g}")
