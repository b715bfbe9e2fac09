"""The compiled engines and their C references built alike, for bench/engines.py.

A ratio of an engine to its C reference means something only when both were compiled the
same way: with ``-march=native`` on a machine with AVX-512 the C reference's loops run on
wide vectors while an engine built for any x86-64 cannot (Turn Right's ratio read 0.45x
there and 1.8x elsewhere). So the bench builds each engine here, twice, with the very
command line its C reference gets: Python's own compiler flags (``sysconfig``'s CFLAGS, as
``pip install`` uses them) and either nothing more (**baseline**, what a portable build
is) or ``-march=native`` (**native**, what ``ARENA_NATIVE=1 pip install -e .`` builds).
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

FLAVOURS = {"baseline": [], "native": ["-march=native"]}
"""Each column of the bench: the flags added to Python's own, on both sides alike."""

SOURCE = Path(__file__).resolve().parents[1] / "src" / "arena" / "games"


def compiler_flags(flavour: str) -> list[str]:
    """The flags both an engine and a C reference are compiled with in this flavour."""
    return [*shlex.split(sysconfig.get_config_var("CFLAGS") or "-O3"), "-O3", *FLAVOURS[flavour]]


def compiler() -> str:
    return os.environ.get("CC") or shlex.split(sysconfig.get_config_var("CC") or "cc")[0]


def build_engine(game: str, flavour: str, into: Path) -> ModuleType:
    """``arena.games.<game>.strong.engine`` compiled from its .pyx with ``flavour``'s flags in
    ``into``, loaded under its own name but apart from the installed one (not in sys.modules)."""
    folder = into / f"{game}-{flavour}"
    folder.mkdir(parents=True, exist_ok=True)
    c_file = folder / "engine.c"
    library = folder / f"engine{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run([sys.executable, "-m", "cython", "-3", "--fast-fail", "-o", str(c_file),
                    str(SOURCE / game / "strong" / "engine.pyx")], check=True)
    subprocess.run([compiler(), *compiler_flags(flavour), "-fPIC", "-shared",
                    f"-I{sysconfig.get_paths()['include']}", "-o", str(library), str(c_file)], check=True)
    spec = importlib.util.spec_from_file_location(f"arena.games.{game}.strong.engine", library)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
