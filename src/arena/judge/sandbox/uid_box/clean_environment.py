"""The environment a program gets: what a competition server would give it, nothing of the shell's.

- ``PATH``: the user's (it decides what ``python3`` means to them);
- ``HOME`` and ``TMPDIR``: a private folder of its own, new for each program (on its private
  /tmp under ``limits`` and ``isolate``, gone with it; under ``none`` removed after it);
- ``LANG`` and ``LC_ALL``: the user's, or ``C.UTF-8``;
- what the game or arena adds for a built-in player (its clock, the Lucky Words
  list, PYTHONPATH to arena itself), and what the user passes on purpose with
  ``--env NAME=VALUE``.

Nothing else: a ``PYTHONUNBUFFERED=1`` in the user's shell must not make a bot that
never flushes look fine at home and fail on the server.
"""

from __future__ import annotations

import os

DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
DEFAULT_LANG = "C.UTF-8"
PASSED_ON = ("PATH", "LANG", "LC_ALL")
"""The only variables of the user's own environment a program gets."""


def parse_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` as (name, value); ValueError naming what is wrong."""
    name, equals, value = text.partition("=")
    if not equals:
        raise ValueError(f"{text!r} is not NAME=VALUE")
    if not name or not (name[0].isalpha() or name[0] == "_") or not all(c.isalnum() or c == "_" for c in name):
        raise ValueError(f"{name!r} is not a variable name (letters, digits and _, not starting with a digit)")
    if "\0" in value:
        raise ValueError(f"the value of {name} holds a NUL byte")
    return name, value


def program_environment(home: str, added: dict[str, str] | None = None,
                        chosen: tuple[tuple[str, str], ...] = ()) -> dict[str, str]:
    """The whole environment of a program whose private folder is ``home``.

    ``added`` is what the judge adds for this program (a built-in player's settings);
    ``chosen`` the user's ``--env`` assignments, which come last and win.
    """
    environment = {"PATH": os.environ.get("PATH") or DEFAULT_PATH, "HOME": home, "TMPDIR": home,
                   "LANG": os.environ.get("LANG") or DEFAULT_LANG}
    if os.environ.get("LC_ALL"):
        environment["LC_ALL"] = os.environ["LC_ALL"]
    environment.update(added or {})
    environment.update(dict(chosen))
    return environment
