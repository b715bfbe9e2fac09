"""The environments' ``rgb_array`` drawing: a board as an (H, W, 3) uint8 array, numpy only.

Each game's encoding gives its board as panels (``GameEncoding.panels``): a grid of cell
colours and a grid of short labels (a stone's number, a letter, a cell's value). This
module paints them, with a 3×5 pixel font for the labels, so ``render_mode="rgb_array"``
(Gymnasium's ``RecordVideo``) needs no SVG rasteriser and no imaging library.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

CELL = 32  # pixels a side
LINE = (40, 40, 40)
BACKGROUND = (235, 235, 228)
GAP = CELL // 2  # between two panels (Lucky Words' two grids), and around the picture
SCALE = 3  # each font pixel is SCALE × SCALE

# 3 columns × 5 rows, row by row, "1" lit
_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001010010010",
    "8": "111101111101111", "9": "111101111001111", ".": "000000000000010", "?": "111001011000010",
    "A": "010101111101101", "B": "110101110101110", "C": "011100100100011", "D": "110101101101110",
    "E": "111100110100111", "F": "111100110100100", "G": "011100101101011", "H": "101101111101101",
    "I": "111010010010111", "J": "001001001101010", "K": "101101110101101", "L": "100100100100111",
    "M": "101111111101101", "N": "110101101101101", "O": "010101101101010", "P": "110101110100100",
    "Q": "010101101110011", "R": "110101110101101", "S": "011100010001110", "T": "111010010010010",
    "U": "101101101101111", "V": "101101101101010", "W": "101101111111101", "X": "101101010101101",
    "Y": "101101010010010", "Z": "111001010100111",
}
GLYPHS = {char: np.array([bit == "1" for bit in bits]).reshape(5, 3) for char, bits in _FONT.items()}


def label_mask(text: str) -> np.ndarray:
    """The lit pixels of ``text`` (at most a few characters), one font column between letters."""
    glyphs = [GLYPHS.get(char.upper(), GLYPHS["?"]) for char in text]
    columns = []
    for index, glyph in enumerate(glyphs):
        if index:
            columns.append(np.zeros((5, 1), dtype=bool))
        columns.append(glyph)
    return np.kron(np.hstack(columns), np.ones((SCALE, SCALE), dtype=bool)).astype(bool)


def paint_panel(colours: np.ndarray, labels: Sequence[Sequence[str]] | None = None) -> np.ndarray:
    """One grid: ``colours`` (rows, columns, 3) as cells of CELL pixels, lines between them,
    each label centred in its cell, dark on a light cell and light on a dark one."""
    rows, columns = colours.shape[:2]
    image = np.repeat(np.repeat(np.asarray(colours, dtype=np.uint8), CELL, axis=0), CELL, axis=1)
    image[::CELL, :] = LINE
    image[:, ::CELL] = LINE
    image = np.concatenate([image, np.broadcast_to(np.array(LINE, np.uint8), (1, image.shape[1], 3))], axis=0)
    image = np.concatenate([image, np.broadcast_to(np.array(LINE, np.uint8), (image.shape[0], 1, 3))], axis=1)
    for row in range(rows):
        for column in range(columns):
            text = labels[row][column] if labels is not None else ""
            if not text:
                continue
            lit = label_mask(text)
            height, width = lit.shape
            top, left = row * CELL + (CELL - height) // 2 + 1, column * CELL + (CELL - width) // 2 + 1
            light = colours[row][column].astype(float) @ (0.299, 0.587, 0.114) > 140
            image[top:top + height, left:left + width][lit] = (0, 0, 0) if light else (255, 255, 255)
    return image


def picture(panels: Sequence[tuple[np.ndarray, Sequence[Sequence[str]] | None]]) -> np.ndarray:
    """The panels side by side on a plain background: an (H, W, 3) uint8 array."""
    painted = [paint_panel(colours, labels) for colours, labels in panels]
    height = max(panel.shape[0] for panel in painted) + 2 * GAP
    width = sum(panel.shape[1] for panel in painted) + GAP * (len(painted) + 1)
    image = np.empty((height, width, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    left = GAP
    for panel in painted:
        image[GAP:GAP + panel.shape[0], left:left + panel.shape[1]] = panel
        left += panel.shape[1] + GAP
    return image


def colour_grid(values: np.ndarray, palette: dict) -> np.ndarray:
    """(rows, columns, 3) uint8: each cell's colour from ``palette[value]``."""
    values = np.asarray(values)
    grid = np.empty(values.shape + (3,), dtype=np.uint8)
    for value, colour in palette.items():
        grid[values == value] = colour
    return grid
