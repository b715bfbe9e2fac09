"""Black Hole drawn as text for people: the triangle, the last stone, the stones left."""

from __future__ import annotations

from .rules import _COORD_INDEX, BROWN, LABELS, SIDE, TURNS, BlackHoleState


def board_text(state: BlackHoleState) -> str:
    """The triangle with A1 at the apex and H1 G2 F3 E4 D5 C6 B7 A8 along the bottom.

    The last stone placed is starred (``R:11*``); both sides' stones left follow.
    """
    lines = []
    for row in range(SIDE):  # a row holds the tiles with u + v == row
        cells = [f"{_tile_text(state, _COORD_INDEX[(u, row - u)]):^5}" for u in range(row, -1, -1)]
        lines.append(" " * (3 * (SIDE - 1 - row)) + " ".join(cells))
    if state.last_move is not None:
        mover = ("Red", "Blue")[(state.turns - 1) % 2]
        lines.append(f"last move: {state.format_move(state.last_move)} by {mover} (starred)")
    for seat, name in enumerate(("Red", "Blue")):
        lines.append(f"{name} stones left: {' '.join(map(str, state.stones_left(seat))) or 'none'}")
    lines.append(f"turn {state.turns + 1} of {TURNS}, {('Red', 'Blue')[state.to_move]} to move"
                 if not state.is_over() else f"black hole {LABELS[state.hole()]}, scores {state.scores()}")
    return "\n".join(lines)


def _tile_text(state: BlackHoleState, tile: int) -> str:
    owner = state.owner[tile]
    if owner is None:
        return LABELS[tile]
    if owner == BROWN:
        return "###"
    # the colon tells a stone (R:11, B:2) from an empty tile's label (B2)
    star = "*" if state.last_move is not None and state.last_move[0] == tile else ""
    return f"{'RB'[owner]}:{state.number[tile]}{star}"
