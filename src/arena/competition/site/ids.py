"""Path parameters: ids SQLite can hold (a 30-digit id is a 400 with a message, never an overflow)."""

from typing import Annotated

from fastapi import Path

Id = Annotated[int, Path(ge=1, le=2 ** 62)]
Seat = Annotated[int, Path(ge=-(2 ** 62), le=2 ** 62)]
Ply = Annotated[int, Path(ge=0, le=100_000)]
