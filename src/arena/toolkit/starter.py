"""The starter bots ``arena new GAME DIR`` writes into DIR (the command is cli/new_command.py).

Each game keeps its templates in its own folder (``games/<game>/templates/``: ``bot.py``,
``bot.cpp`` and, for some games so far, ``bot.c``, ``Main.java``, ``bot.go``, ``bot.rs``): a
legal random player that speaks that game's protocol, with the function to change first
marked. This module only copies one into DIR with what it needs around it (a ``Makefile``
for a compiled language, a ``bot`` to pass as the PLAYER, a README) and never names a game.
"""

from __future__ import annotations

import shlex
import stat
from pathlib import Path

import click

from ..games.contract import part_path

SOURCES = {"python": "bot.py", "cpp": "bot.cpp", "c": "bot.c", "java": "Main.java", "go": "bot.go", "rust": "bot.rs"}
"""Each language's one source file: the name the competition's languages table builds (a Java
program's public class is Main, so its file is Main.java)."""

COMPILES = {
    "c": "gcc -O2 -std=gnu17 -Wall -Wextra -o bot bot.c -lm",
    "cpp": "g++ -O2 -std=c++17 -Wall -Wextra -o bot bot.cpp",
    "java": "javac -encoding UTF-8 -d . Main.java",
    "go": "GO111MODULE=off go build -o bot bot.go",
    "rust": "rustc -O --edition 2021 -o bot bot.rs",
}
"""How ``make`` builds each compiled language, as the competition's server does (its flags, and
warnings on for the C family)."""

MAKEFILE = """\
# Builds the bot from {source}: run `make` here, or `make -C DIR` from elsewhere.
{target}: {source}
\t{compile}

clean:
\trm -f {target}

.PHONY: clean
"""

JAVA_WRAPPER = """\
#!/bin/sh
# The program to pass to arena as the PLAYER: Main.class (built by `make`) beside this file.
exec java -cp "$(dirname -- "$0")" Main "$@"
"""

PYTHON_WRAPPER = """\
#!/bin/sh
# The program to pass to arena as the PLAYER: bot.py beside this file, under Python 3.
exec python3 "$(dirname -- "$0")/bot.py" "$@"
"""

README = """\
# A starter bot for {title}

Written by `arena new {game} {dir} --lang {lang}`: a legal random player that
reads and writes the game's protocol, flushes every line and logs its moves to
stderr. `{dir}/bot` is the program to pass to arena as a PLAYER.
{build}
## Test it

```sh
# the admission test: both seats against builtin:random, several seeds
arena check {game} {player}
# one game against a stronger built-in player, with its complete record
arena play {game} {player} builtin:greedy --record game.json
```

The bot's stderr is kept in the game record (`stderr`), and `./bot SEED` replays
its random choices.

## What to change first

The function marked **CHANGE THIS FUNCTION FIRST** in `{source}`: it picks the
move from the position the bot keeps up to date. The rest (reading and writing
the protocol, tracking the board) can stay as it is.
"""

BUILD = """
## Build it

```sh
make -C {dir}    # {compile}, after every change to {source}
```
"""


def template_languages(game_name: str) -> list[str]:
    """The languages a game has a starter bot in."""
    folder = part_path(game_name, "templates")
    return [lang for lang, source in SOURCES.items() if folder is not None and Path(folder, source).is_file()]


def template_source(game_name: str, lang: str) -> str:
    """The text of a game's starter bot in one language."""
    folder = part_path(game_name, "templates")
    if folder is None or lang not in template_languages(game_name):
        raise click.ClickException(f"{game_name} has no {lang} starter bot yet; it has: "
                                   f"{', '.join(template_languages(game_name)) or 'none'}")
    return Path(folder, SOURCES[lang]).read_text(encoding="utf-8")


def check_target(directory: Path, force: bool) -> None:
    """DIR must be new, or an empty folder, unless ``--force``."""
    if directory.exists() and not directory.is_dir():
        raise click.BadParameter(f"{directory} exists and is not a folder", param_hint="DIR")
    if directory.is_dir() and any(directory.iterdir()) and not force:
        raise click.BadParameter(
            f"{directory} is not empty: choose a new folder, or add --force to write the starter files into it",
            param_hint="DIR",
        )


def player_argument(directory: Path) -> str:
    """DIR/bot as a PLAYER argument typed in a shell (a PLAYER is itself a shell command)."""
    return shlex.quote(shlex.quote(str(directory / "bot")))


def write_starter(game_name: str, title: str, directory: Path, lang: str) -> list[str]:
    """Write the starter files into ``directory`` (created); return their names."""
    source = SOURCES[lang]
    text = template_source(game_name, lang)
    directory.mkdir(parents=True, exist_ok=True)
    files = {source: text}
    if lang in COMPILES:
        target = "Main.class" if lang == "java" else "bot"
        files["Makefile"] = MAKEFILE.format(source=source, target=target, compile=COMPILES[lang])
    if lang == "python":
        files["bot"] = PYTHON_WRAPPER
    if lang == "java":
        files["bot"] = JAVA_WRAPPER
    build = BUILD.format(dir=shlex.quote(str(directory)), compile=COMPILES[lang], source=source) \
        if lang in COMPILES else ""
    files["README.md"] = README.format(title=title, game=game_name, dir=directory, lang=lang, source=source,
                                       player=player_argument(directory), build=build)
    for name, content in files.items():
        path = directory / name
        path.write_text(content, encoding="utf-8")
        if content.startswith("#!"):
            path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return list(files)
