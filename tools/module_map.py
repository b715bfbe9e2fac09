"""Write README.md's map of src/arena/ from the modules' own docstrings: ``python tools/module_map.py``.

Each package and module gets one entry: its name and its docstring's first sentence (a C file's
first comment, a Cython include's first comment lines). A game's folder is one entry, its
``__init__.py``'s: every game has the same parts (games/contract.py lists them). The map sits in
README.md between MAP_BEGINS and MAP_ENDS; tests/test_module_map.py fails when it is not what this
writes now, so a module added, renamed or removed, or a docstring's first sentence changed, is
seen in the map once this has run again. ``--check`` says whether it would change README.md.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "arena"
README = ROOT / "README.md"
GAMES = SOURCE / "games"

MAP_BEGINS = "<!-- the module map: written by `python tools/module_map.py` from the docstrings; edit those -->"
MAP_ENDS = "<!-- the module map ends -->"

SUFFIXES = (".py", ".pyx", ".pxi", ".c", ".h")
"""The files written by hand that the map lists (a compiled module's .so is made of them)."""
NAME_WIDTH = 23
"""The column a summary starts in (a longer name pushes it along)."""
WIDTH = 110


def described(text: str, suffix: str) -> str:
    """What a file's text says of itself: a Python module's docstring, a Cython module's first
    triple-quoted string, a C file's first comment, a Cython include's first comment lines."""
    if suffix == ".py":
        return ast.get_docstring(ast.parse(text)) or ""
    if suffix == ".pyx":
        found = re.search(r'"""(.*?)"""', text, re.S)
    elif suffix in (".c", ".h"):
        found = re.match(r"\s*/\*(.*?)\*/", text, re.S)
    else:
        found = re.match(r"((?:#[^\n]*\n)+)", text)
        return " ".join(line.lstrip("# ") for line in found.group(1).splitlines()) if found else ""
    return found.group(1) if found else ""


def first_sentence(docstring: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line, its reST marks as Markdown's."""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    paragraph = re.sub(r":\w+:`~?\.?(?:[\w.]+\.)?(\w+)`", r"\1", paragraph)  # :class:`~.database.Store`: Store
    paragraph = paragraph.replace("``", "`")
    # a sentence ends at a full stop before a space, not after an abbreviation (e.g., i.e.)
    ended = re.search(r"(?<!\be\.g)(?<!\bi\.e)\.(?= )", paragraph)
    return paragraph[:ended.start() + 1] if ended else paragraph


def summary(path: Path) -> str:
    """The entry's words: ``path``'s first sentence (a folder's: its ``__init__.py``'s)."""
    file = path / "__init__.py" if path.is_dir() else path
    said = first_sentence(described(file.read_text(), file.suffix))
    if not said:
        raise SystemExit(f"{file.relative_to(ROOT)} has no docstring: say in one sentence what it holds")
    return said


def entry(indent: int, name: str, words: str) -> list[str]:
    """One entry: the name, then its words from NAME_WIDTH on, wrapped under themselves."""
    head = " " * indent + name
    head = head.ljust(NAME_WIDTH) if len(head) < NAME_WIDTH - 1 else head + "  "
    return textwrap.wrap(words, WIDTH, initial_indent=head, subsequent_indent=" " * NAME_WIDTH,
                         break_on_hyphens=False, break_long_words=False)


def package_entries(folder: Path, indent: int) -> list[str]:
    """The entries of a package's modules, then of its subpackages (each with its own, deeper)."""
    lines: list[str] = []
    modules = sorted(path for path in folder.iterdir()
                     if path.suffix in SUFFIXES and path.is_file() and path.name != "__init__.py"
                     and not (path.suffix == ".c" and path.with_suffix(".pyx").exists()))  # Cython's output, a build's
    for module in modules:
        lines += entry(indent, module.name, summary(module))
    for package in sorted(path for path in folder.iterdir() if (path / "__init__.py").is_file()):
        lines += entry(indent, package.name + "/", summary(package))
        if package.parent != GAMES:  # a game's parts are every game's (games/contract.py)
            lines += package_entries(package, indent + 2)
    return lines


def module_map() -> str:
    """The map, as README.md holds it between its markers (a Markdown code block)."""
    lines = ["```", *entry(0, "src/arena/", summary(SOURCE)), *package_entries(SOURCE, 2), "```"]
    return "\n".join(lines) + "\n"


def with_map(readme: str, written: str) -> str:
    """README.md's text with ``written`` between the markers."""
    before, begins, rest = readme.partition(MAP_BEGINS + "\n")
    _, ends, after = rest.partition(MAP_ENDS)
    if not begins or not ends:
        raise SystemExit(f"README.md has no module map between {MAP_BEGINS!r} and {MAP_ENDS!r}")
    return before + begins + written + ends + after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing: exit 1 if README.md's map is stale")
    readme = README.read_text()
    now = with_map(readme, module_map())
    if parser.parse_args().check:
        return 0 if now == readme else 1
    README.write_text(now)
    return 0


if __name__ == "__main__":
    sys.exit(main())
