"""Turn Right scoring: 2×2 points on the board, the 3×3 win, and the match result.

The match result turns the points of a finished game into CodeCup 2006's two
figures: game points (3, 2, 1 or 0) and match points (the "points" of the
original page, 0–100, or up to 150 for a bonus win; see :func:`match_points`).

>>> match_points(32, 26)
(56, 44)
>>> match_points(15, 22, bonus=True)
(93, 57)
"""

from __future__ import annotations

from .circuit import SIZE, square

EMPTY, WHITE, BLACK = 0, 1, 2
WHITE_START_POINTS = 5


def _block_masks(size: int) -> list[int]:
    """Every size×size block on the board as a bit mask (overlapping blocks included).

    Bit masks, because a greedy player scores thousands of boards per move.
    """
    return [
        sum(1 << square(f + i, r + j) for i in range(size) for j in range(size))
        for f in range(SIZE - size + 1)
        for r in range(SIZE - size + 1)
    ]


BLOCKS_2 = _block_masks(2)
BLOCKS_3 = _block_masks(3)


def colour_mask(board: list[int], colour: int) -> int:
    return sum(1 << sq for sq, piece in enumerate(board) if piece == colour)


def count_blocks(mask: int, blocks: list[int] = BLOCKS_2) -> int:
    """How many of ``blocks`` are wholly inside ``mask`` (the squares of one colour)."""
    return sum(1 for block in blocks if mask & block == block)


def points_on_board(board: list[int]) -> tuple[int, int]:
    """The 2×2 blocks of White and of Black: what one circuit adds to each side."""
    return count_blocks(colour_mask(board, WHITE)), count_blocks(colour_mask(board, BLACK))


def has_3x3(board: list[int], colour: int) -> bool:
    return count_blocks(colour_mask(board, colour), BLOCKS_3) > 0


def match_points(winner_points: int, loser_points: int, bonus: bool = False) -> tuple[int, int]:
    """(winner's, loser's) match points from both sides' points.

    d = winner − loser; the winner gets clamp(50 + d, 0, 100) and the loser 100
    minus that. A 3×3 win or a win by the opponent's fault adds 50 for the
    winner on top. (chosen, see docs/games/turnright.md) The original gives the bonus "on top" of the clamped
    figure and the seed example (22–15 behind → 93 and 57) fixes the loser's
    share without the bonus, so a bonus win scores 50–150, never clamped again.
    For a fault the caller gives the offender 0 instead of the loser's share.
    A tie is ``match_points(p, p)`` = (50, 50).
    """
    base = min(max(50 + winner_points - loser_points, 0), 100)
    return base + (50 if bonus else 0), 100 - base
