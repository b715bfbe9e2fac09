"""Turn Right circuits: squares, parsing, validation, the loop, rotation, canonical form.

A square is an index ``file * 6 + rank`` (a1 = 0, a2 = 1, ..., a6 = 5, b1 = 6, ...,
f6 = 35). That numbering is exactly the "string order" of the names that the
judge uses for the canonical form (a1 < a2 < ... < a6 < b1 < ... < f6), so the
lowest corner is simply the smallest index.

A circuit is the tuple of its corners in the order they were written. Every
check below raises :class:`IllegalMoveError` with its own message, so a
contestant always learns which rule the circuit broke.

>>> corners = parse_circuit("a4-d4-d1-a1")
>>> format_circuit(canonical(corners))
'a1-a4-d4-d1'
>>> [square_name(s) for s in loop_squares(parse_circuit("a1-a2-b2-b3-f3-f1"))]
['a1', 'a2', 'b2', 'b3', 'c3', 'd3', 'e3', 'f3', 'f2', 'f1', 'e1', 'd1', 'c1', 'b1']
"""

from __future__ import annotations

from ..base import IllegalMoveError, MoveFormatError

SIZE = 6
FILES = "abcdef"
RANKS = "123456"


def square(file: int, rank: int) -> int:
    return file * SIZE + rank


def file_rank(sq: int) -> tuple[int, int]:
    return divmod(sq, SIZE)


def square_name(sq: int) -> str:
    file, rank = file_rank(sq)
    return FILES[file] + RANKS[rank]


def parse_square(text: str) -> int:
    """Read one square name; lowercase chess names only, as the protocol writes them."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in RANKS:
        raise MoveFormatError(
            f"{text!r} is not a square: expected a file a-f and a rank 1-6 in lowercase, e.g. c3"
        )
    return square(FILES.index(text[0]), RANKS.index(text[1]))


def parse_circuit(text: str) -> tuple[int, ...]:
    """Read ``s1-s2-...-sk``; only the notation is checked here, not the geometry."""
    if text == "":
        raise MoveFormatError("empty line: expected a circuit such as a1-a4-d4-d1")
    return tuple(parse_square(part) for part in text.split("-"))


def format_circuit(corners: tuple[int, ...]) -> str:
    return "-".join(square_name(c) for c in corners)


def max_corners(circuit_number: int) -> int:
    """A player's own N-th circuit (N = 1..13) has at most 2·(N+1) corners."""
    return 2 * (circuit_number + 1)


def _segment(a: int, b: int) -> list[int]:
    """The squares from ``a`` (included) toward ``b`` (excluded) on their shared line."""
    (fa, ra), (fb, rb) = file_rank(a), file_rank(b)
    df = (fb > fa) - (fb < fa)
    dr = (rb > ra) - (rb < ra)
    steps = max(abs(fb - fa), abs(rb - ra))
    return [square(fa + i * df, ra + i * dr) for i in range(steps)]


def loop_squares(corners: tuple[int, ...]) -> list[int]:
    """Every square of the loop in travel order, starting at the first corner."""
    squares: list[int] = []
    for i, corner in enumerate(corners):
        squares.extend(_segment(corner, corners[(i + 1) % len(corners)]))
    return squares


def signed_area_twice(corners: tuple[int, ...]) -> int:
    """The shoelace sum with x = file and y = rank: negative means clockwise."""
    total = 0
    for i, corner in enumerate(corners):
        x1, y1 = file_rank(corner)
        x2, y2 = file_rank(corners[(i + 1) % len(corners)])
        total += x1 * y2 - x2 * y1
    return total


def check_circuit(corners: tuple[int, ...], circuit_number: int) -> None:
    """Raise :class:`IllegalMoveError` naming the first rule the circuit breaks.

    ``circuit_number`` is the mover's own circuit count, 1 for its first.
    """
    k = len(corners)
    if k < 4:
        raise IllegalMoveError(f"a circuit needs at least 4 corners, this one lists {k}")
    limit = max_corners(circuit_number)
    if k > limit:
        raise IllegalMoveError(
            f"circuit {circuit_number} of a player may have at most {limit} corners, this one has {k}"
        )
    seen: set[int] = set()
    for corner in corners:
        if corner in seen:
            raise IllegalMoveError(f"corner {square_name(corner)} is listed twice")
        seen.add(corner)
    for i, corner in enumerate(corners):
        following = corners[(i + 1) % k]
        (fa, ra), (fb, rb) = file_rank(corner), file_rank(following)
        if fa != fb and ra != rb:
            raise IllegalMoveError(
                f"{square_name(corner)} and {square_name(following)} share neither a row nor a column"
            )
    for i, corner in enumerate(corners):
        _check_turn(corners[i - 1], corner, corners[(i + 1) % k])
    visited: set[int] = set()
    for sq in loop_squares(corners):
        if sq in visited:
            raise IllegalMoveError(f"the loop passes {square_name(sq)} twice (it crosses or overlaps itself)")
        visited.add(sq)
    if signed_area_twice(corners) > 0:
        raise IllegalMoveError("the corners are listed counter-clockwise; circuits turn clockwise")


def _check_turn(before: int, corner: int, after: int) -> None:
    """A listed square must be a real 90° corner.

    (chosen, see docs/games/turnright.md) A listed square where the path goes straight on, or turns
    back on itself, makes the move illegal rather than being ignored.
    """
    (f0, r0), (f1, r1), (f2, r2) = file_rank(before), file_rank(corner), file_rank(after)
    horizontal_in = r0 == r1  # arrives along a rank (moving between files)
    horizontal_out = r1 == r2
    if horizontal_in != horizontal_out:
        return
    incoming = (f1 - f0, r1 - r0)
    outgoing = (f2 - f1, r2 - r1)
    same_way = incoming[0] * outgoing[0] + incoming[1] * outgoing[1] > 0
    name = square_name(corner)
    if same_way:
        raise IllegalMoveError(f"{name} is not a corner: the circuit goes straight through it")
    raise IllegalMoveError(f"{name} is not a corner: the circuit turns back on itself there")


def rotate(board: list[int], corners: tuple[int, ...]) -> None:
    """Move every piece on the loop one square forward, from each corner toward the next."""
    loop = loop_squares(corners)
    pieces = [board[sq] for sq in loop]
    for i, sq in enumerate(loop):
        board[sq] = pieces[i - 1]


def canonical(corners: tuple[int, ...]) -> tuple[int, ...]:
    """The same circuit started at its lowest corner, same direction (what the judge forwards)."""
    start = corners.index(min(corners))
    return corners[start:] + corners[:start]
