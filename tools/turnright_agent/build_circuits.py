"""Write circuits.npz: the circuits of at most 6 corners in the environments' numbering, as
``source`` tables (circuits.py). Needs arena (its compiled circuit table); the agent then
needs only the file.

    PYTHONPATH=src python tools/turnright_agent/build_circuits.py
"""

from __future__ import annotations

import numpy as np

from arena.games.turnright.circuit import loop_squares
from arena.games.turnright.strong import engine
from circuits import TABLE
from boards import SQUARES

MAX_CORNERS = 6


def source_table(count: int) -> tuple[np.ndarray, np.ndarray]:
    source = np.tile(np.arange(SQUARES, dtype=np.int8), (count, 1))
    corners = np.zeros(count, dtype=np.int8)
    for index in range(count):
        circuit = engine.corners(index)
        loop = loop_squares(circuit)
        for step, square in enumerate(loop):
            source[index, square] = loop[step - 1]  # the piece one step back on the loop arrives here
        corners[index] = len(circuit)
    return source, corners


def main() -> None:
    engine.prepare()
    source, corners = source_table(engine.circuit_count(MAX_CORNERS))
    np.savez_compressed(TABLE, source=source, corners=corners)
    print(f"{len(source)} circuits of at most {MAX_CORNERS} corners: {TABLE}")


if __name__ == "__main__":
    main()
