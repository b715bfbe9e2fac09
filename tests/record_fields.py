"""The record's types (arena/judge/record_types.py) read at run time: does a value fit a type, and
how docs/record.md writes a type. test_docs.py and refereeing/test_record_types.py use them."""

import re
import types
import typing
from pathlib import Path

from arena.judge.record_types import PRIVATE, Move, PlayerEntry, Record, Result, SandboxUsed, SeatTimes, Setup

RECORD_MD = Path(__file__).resolve().parents[1] / "docs" / "record.md"


def fields(typed_dict: type) -> dict[str, object]:
    """Every key of a TypedDict and its type (PRIVATE marks kept)."""
    return typing.get_type_hints(typed_dict, include_extras=True)


def _is_union(hint: object) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def problems(value: object, hint: object, where: str = "record") -> list[str]:
    """Where ``value`` does not fit ``hint``: a key missing or unknown, a value of another type."""
    if typing.get_origin(hint) is typing.Annotated:
        return problems(value, typing.get_args(hint)[0], where)
    if _is_union(hint):
        found = [problems(value, option, where) for option in typing.get_args(hint)]
        return [] if any(not found_here for found_here in found) else [f"{where}: {value!r} fits no part of {hint}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if typing.get_origin(hint) is typing.Literal:
        return [] if value in typing.get_args(hint) else [f"{where}: {value!r} is none of {typing.get_args(hint)}"]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        declared = fields(hint)
        found = [f"{where}: no {key}" for key in hint.__required_keys__ if key not in value]
        found += [f"{where}: {key} is not in {hint.__name__}" for key in value if key not in declared]
        for key, item in value.items():
            if key in declared:
                found += problems(item, declared[key], f"{where}.{key}")
        return found
    if typing.get_origin(hint) is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item_hint,) = typing.get_args(hint)
        return [problem for index, item in enumerate(value) for problem in problems(item, item_hint, f"{where}[{index}]")]
    if hint is float:  # JSON has one kind of number: an int is a float's value too
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    else:
        fits = isinstance(value, hint)
    return [] if fits else [f"{where}: {value!r} is not {hint.__name__}"]


SIMPLE_NAMES = {int: "int", float: "number", str: "string", bool: "bool", type(None): "null"}


def doc_type(hint: object) -> str:
    """A type as docs/record.md's tables write it: ``list of number``, ``string or null``,
    ``object`` for a TypedDict, ``(private)`` after a type marked PRIVATE."""
    if typing.get_origin(hint) is typing.Annotated:
        inner, *marks = typing.get_args(hint)
        return doc_type(inner) + (" (private)" if PRIVATE in marks else "")
    if _is_union(hint):
        return " or ".join(doc_type(option) for option in typing.get_args(hint))
    if typing.get_origin(hint) is typing.Literal:
        return "string"  # the values are listed where they are explained (the verdicts' table)
    if typing.is_typeddict(hint):
        return "object"
    if typing.get_origin(hint) is list:
        return "list of " + doc_type(typing.get_args(hint)[0])
    return SIMPLE_NAMES[hint]


def private_marks(typed_dict: type, where: str = "record") -> list[str]:
    """Every field marked PRIVATE in ``typed_dict`` and in the objects it holds, by its place."""
    marked = []
    for key, hint in fields(typed_dict).items():
        if PRIVATE in getattr(hint, "__metadata__", ()):
            marked.append(f"{where}.{key}")
        marked += [place for inner in _held_types(hint) for place in private_marks(inner, f"{where}.{key}")]
    return marked


def _held_types(hint: object) -> list[type]:
    """The TypedDicts a type holds, at any depth of lists and unions."""
    if typing.is_typeddict(hint):
        return [hint]
    return [inner for argument in typing.get_args(hint) for inner in _held_types(argument)]


RECORD_TABLES = {
    "## Top level": Record, "### `players[]`": PlayerEntry, "### `setup`": Setup, "### `sandbox`": SandboxUsed,
    "### `moves[]`": Move, "### `times[]`": SeatTimes, "## `result`": Result, "### Per game": Result,
}
"""Each heading of docs/record.md whose tables list the fields of a type (judge/record_types.py)."""


def record_md_tables() -> dict[str, list[list[str]]]:
    """Every table row of docs/record.md as its cells, under the heading it follows."""
    tables: dict[str, list[list[str]]] = {}
    heading = ""
    for line in RECORD_MD.read_text().splitlines():
        if line.startswith("#"):
            heading = line.strip()
        elif line.startswith("|") and not set(line) <= set("|- "):
            tables.setdefault(heading, []).append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return tables


def documented_order(typed_dict: type) -> list[str]:
    """The keys of ``typed_dict`` in the order docs/record.md's tables list them (each once)."""
    order: list[str] = []
    for heading, rows in record_md_tables().items():
        if RECORD_TABLES.get(heading) is typed_dict:
            key_at = rows[0].index("key")
            for row in rows[1:]:
                order += [key for key in re.findall(r"`([^`]+)`", row[key_at]) if key not in order]
    return order
