"""No source file of arena longer than a reader can hold: the Python modules and the
compiled engines' Cython (.pyx, and the .pxi files they include) alike.

A file over the limit wants splitting by concern (one concern per file), not trimming.
"""

from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src" / "arena"

MOST_LINES = 400
"""The longest a source file may be, in lines (as ``wc -l`` counts them)."""

SUFFIXES = (".py", ".pyx", ".pxi")
"""The files written by hand: Python, and the Cython of the compiled engines."""


def line_count(path: Path) -> int:
    """Lines as ``wc -l`` counts them: newline characters (a last line without one is not counted)."""
    return path.read_bytes().count(b"\n")


def source_files() -> list[Path]:
    return sorted(path for path in SOURCE.rglob("*") if path.suffix in SUFFIXES and path.is_file())


def too_long(files: list[Path], root: Path = SOURCE.parent, most: int = MOST_LINES) -> dict[str, int]:
    """Each file over ``most`` lines, by its path under ``root``, with its length."""
    lengths = {str(path.relative_to(root)): line_count(path) for path in files}
    return {name: length for name, length in lengths.items() if length > most}


def test_no_source_file_is_over_the_limit():
    files = source_files()
    # every kind was read at all (a wrong folder or suffix would find nothing and pass)
    assert {path.suffix for path in files} == set(SUFFIXES)
    assert len(files) > 300
    assert too_long(files) == {}


def test_an_offender_is_named_with_its_length(tmp_path):
    """The check above would pass with a counter that always said 0: here one file is over."""
    long, short = tmp_path / "long.pxi", tmp_path / "short.py"
    long.write_text("x = 1\n" * (MOST_LINES + 1))
    short.write_text("x = 1\n" * MOST_LINES)
    assert too_long([long, short], root=tmp_path) == {"long.pxi": MOST_LINES + 1}
