"""The languages a competition takes: DIR/languages.json, one entry per language.

Each entry says which file extensions are the language's, the name its main file is
given in the build folder, how to compile it (an argument list, empty for none) and
how to run what was built (a shell command: the PLAYER the judge starts), and the
command that prints the compiler's version, which the site publishes with the flags.

Commands name their tools by name; they are looked up on CLEAN_PATH, Debian's system
folders, which a box uid can reach (a compiler under /root/.cargo cannot be run by it).
Placeholders, replaced by absolute paths at build time:

    {build}    the build folder (the program's own folder; the compile runs in it)
    {main}     the main source file in it
    {scratch}  a scratch folder in it (HOME, TMPDIR, caches), removed after the compile
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import string
from dataclasses import dataclass, field
from pathlib import Path

from .compiler_versions import compiler_version, not_installed, tool_installed  # read again every few minutes
from .tool_path import CLEAN_PATH  # the tools are looked up on it (and importers still find it here)
from .upload_checks import ArchiveError, check_upload, is_archive

PLACEHOLDERS = frozenset({"build", "main", "scratch"})
RUN_PLACEHOLDERS = frozenset({"build"})

DEFAULT_TABLE = {
    "c": {"title": "C", "extensions": [".c"], "main_file": "bot.c",
          "compile": ["gcc", "-O2", "-std=gnu17", "-o", "{build}/bot", "{main}", "-lm"],
          "run": "{build}/bot", "version": ["gcc", "--version"]},
    "cpp": {"title": "C++", "extensions": [".cpp", ".cc", ".cxx", ".c++"], "main_file": "bot.cpp",
            "compile": ["g++", "-O2", "-std=c++17", "-o", "{build}/bot", "{main}"],
            "run": "{build}/bot", "version": ["g++", "--version"]},
    # a public class must live in a file of its name: the main class is Main, in Main.java;
    # -proc:none: no annotation processor found in the upload runs inside javac
    "java": {"title": "Java", "extensions": [".java"], "main_file": "Main.java",
             "compile": ["javac", "-proc:none", "-encoding", "UTF-8", "-d", "{build}", "{main}"],
             "run": "java -cp {build} Main", "version": ["javac", "-version"]},
    # nothing to compile, but a byte-compile first: a syntax error is a build failure, with its line
    "python": {"title": "Python 3", "extensions": [".py"], "main_file": "bot.py",
               "compile": ["python3", "-I", "-S", "-m", "py_compile", "{main}"],
               "run": "python3 {build}/bot.py", "version": ["python3", "--version"]},
    "go": {"title": "Go", "extensions": [".go"], "main_file": "bot.go",
           "compile": ["go", "build", "-o", "{build}/bot", "{main}"],
           "env": {"GOCACHE": "{scratch}/go-cache", "GOPATH": "{scratch}/go", "GO111MODULE": "off",
                   "GOTOOLCHAIN": "local", "GOPROXY": "off", "CGO_ENABLED": "0"},
           "run": "{build}/bot", "version": ["go", "version"]},
    "rust": {"title": "Rust", "extensions": [".rs"], "main_file": "bot.rs",
             "compile": ["rustc", "-O", "--edition", "2021", "-o", "{build}/bot", "{main}"],
             "run": "{build}/bot", "version": ["rustc", "--version"]},
}

KEYS = {"title": str, "extensions": list, "main_file": str, "compile": list, "run": str, "version": list,
        "env": dict}
OPTIONAL = {"env"}


class LanguageError(ValueError):
    """A bad languages table, or an upload whose language cannot be told or is not taken."""


@dataclass(frozen=True)
class Language:
    name: str
    title: str
    extensions: tuple[str, ...]
    main_file: str
    compile: tuple[str, ...]
    run: str
    version: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = field(default=())

    def compile_argv(self, build: str, scratch: str) -> list[str]:
        """The compile command with its placeholders filled in ([]: nothing to compile)."""
        places = {"build": build, "main": os.path.join(build, self.main_file), "scratch": scratch}
        return [word.format(**places) for word in self.compile]

    def compile_env(self, build: str, scratch: str) -> dict[str, str]:
        places = {"build": build, "main": os.path.join(build, self.main_file), "scratch": scratch}
        return {name: value.format(**places) for name, value in self.env}

    def home_command(self, uploaded: str | None) -> str:
        """The PLAYER its author runs at home, in the folder of their file (once compiled as the
        table says): the run command with the build folder as ``.``, the tool by its name, and
        their own file's name where the main file's is (``python3 mybot.py``, ``./bot``);
        ``uploaded`` None for an archive (its main file has the main file's name)."""
        command = self.run.format(build=".")
        if uploaded is not None and os.path.basename(uploaded) != self.main_file:
            command = command.replace(f"./{self.main_file}", shlex.quote(os.path.basename(uploaded)))
        return command

    def run_command(self, build: str) -> str:
        """The PLAYER that runs the built program: its tool by absolute path, so that it does
        not depend on the PATH of whoever plays it later."""
        words = shlex.split(self.run.format(build=shlex.quote(build)))
        found = shutil.which(words[0], path=CLEAN_PATH) if "/" not in words[0] else None
        return shlex.join([found or words[0], *words[1:]])

    def shown_compile(self) -> str:
        """The compile command as a contestant reads it: the build folder is '.'."""
        if not self.compile:
            return "(nothing to compile)"
        shown = [word[2:] if word.startswith("./") else word for word in self.compile_argv(".", "./.scratch")]
        return shlex.join(shown)

    def tools(self) -> tuple[str, ...]:
        """The commands a build and a game of this language need: the compiler, and the run's
        interpreter (``java``, ``python3``) unless it runs what the build made."""
        needed = [self.compile[0]] if self.compile else []
        first = shlex.split(self.run)[0] if shlex.split(self.run) else ""
        if first and "{" not in first and first not in needed:
            needed.append(first)
        return tuple(needed)

    def missing_tools(self) -> tuple[str, ...]:
        """The tools of :meth:`tools` that cannot be run here: while any is, this language cannot build."""
        return tuple(tool for tool in self.tools() if not tool_installed(tool))

    def describe(self) -> str:
        """The compiler, its version and its flags, for the site (``arena competition doctor`` says the same)."""
        missing = self.missing_tools()
        version = "; ".join(map(not_installed, missing)) if missing else compiler_version(self.version)
        return f"{self.title}: {version}; compiled with: {self.shown_compile()}"


def write_default_table(path) -> None:
    Path(path).write_text(json.dumps(DEFAULT_TABLE, indent=2) + "\n", encoding="utf-8")


def default_table() -> dict[str, Language]:
    """The table ``arena competition init`` writes, as loaded (what a host is checked against before
    any competition exists)."""
    return {name: _language(name, entry) for name, entry in DEFAULT_TABLE.items()}


def load_table(path) -> dict[str, Language]:
    """The table in ``path``; LanguageError naming the bad entry and what is wrong with it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LanguageError(f"cannot read the languages table {path}: {error}") from None
    if not isinstance(data, dict) or not data:
        raise LanguageError(f"the languages table {path} must be a JSON object of languages, and not empty")
    table: dict[str, Language] = {}
    owners: dict[str, str] = {}  # extension -> the language that claims it
    for name, entry in data.items():
        language = _language(name, entry)
        for extension in language.extensions:
            if extension in owners:
                raise LanguageError(f"languages {owners[extension]!r} and {name!r} both claim {extension}")
            owners[extension] = name
        table[name] = language
    return table


def _language(name: str, entry) -> Language:
    def bad(what: str) -> LanguageError:
        return LanguageError(f"language {name!r} in the languages table: {what}")

    if not isinstance(entry, dict):
        raise bad("must be a JSON object")
    unknown = set(entry) - set(KEYS)
    if unknown:
        raise bad(f"unknown key {sorted(unknown)[0]!r} (known: {', '.join(KEYS)})")
    for key, kind in KEYS.items():
        if key not in entry and key not in OPTIONAL:
            raise bad(f"missing {key!r}")
        if key in entry and not isinstance(entry[key], kind):
            raise bad(f"{key!r} must be a JSON {'array' if kind is list else kind.__name__}")
    lists = {key: entry[key] for key in ("extensions", "compile", "version")}
    for key, items in lists.items():
        if not all(isinstance(item, str) and item for item in items):
            raise bad(f"{key!r} must hold non-empty strings")
    env = entry.get("env", {})
    if not all(isinstance(value, str) for value in env.values()):
        raise bad("'env' values must be strings")
    if not entry["extensions"] or not all(e.startswith(".") and len(e) > 1 for e in entry["extensions"]):
        raise bad("'extensions' must list file endings such as \".cpp\"")
    main = entry["main_file"]
    if "/" in main or main in ("", ".", "..") or not main.endswith(tuple(entry["extensions"])):
        raise bad(f"'main_file' {main!r} must be a plain file name with one of its extensions")
    if not entry["run"].strip():
        raise bad("'run' must be a command")
    for key, texts, allowed in (("compile", entry["compile"], PLACEHOLDERS), ("env", env.values(), PLACEHOLDERS),
                                ("run", [entry["run"]], RUN_PLACEHOLDERS)):
        for text in texts:
            _check_placeholders(text, allowed, bad, key)
    return Language(name=name, title=entry["title"] or name, extensions=tuple(e.lower() for e in entry["extensions"]),
                    main_file=main, compile=tuple(entry["compile"]), run=entry["run"],
                    version=tuple(entry["version"]), env=tuple(sorted(env.items())))


def _check_placeholders(text: str, allowed: frozenset[str], bad, key: str) -> None:
    try:
        names = [field_name for _, field_name, _, _ in string.Formatter().parse(text) if field_name is not None]
    except ValueError as error:
        raise bad(f"{key!r} holds a malformed placeholder in {text!r}: {error}") from None
    for name in names:
        if name not in allowed:
            raise bad(f"{key!r} uses the unknown placeholder {{{name}}} (known: "
                      f"{', '.join('{' + p + '}' for p in sorted(allowed))})")


def choose_language(filename: str, requested: str | None, table: dict[str, Language], *,
                    upload: str | os.PathLike | None = None) -> Language:
    """The language of an upload: the one ``requested`` (a table key or title, any case), else
    the one its extension names. An archive's name tells nothing: the language whose main
    file is on its top level, when the archive itself is given (``upload``, its path)."""
    choices = ", ".join(f"{key} ({language.title}: {' '.join(language.extensions)})"
                        for key, language in table.items())
    if requested:
        wanted = requested.strip().lower()
        for key, language in table.items():
            if wanted in (key.lower(), language.title.lower()):
                return language
        raise LanguageError(f"unknown language {requested!r}; choose one of: {choices}")
    if is_archive(filename) and upload is not None:
        try:
            on_top = {member.name for member in check_upload(upload, filename) if member.kind == "file"}
        except ArchiveError as error:
            raise LanguageError(str(error)) from None
        found = [language for language in table.values() if language.main_file in on_top]
        if len(found) == 1:
            return found[0]
    if is_archive(filename):
        raise LanguageError(f"{filename} is an archive: say which language its bot.<ext> is in (--language); "
                            f"choose one of: {choices}")
    lowered = filename.lower()
    for language in table.values():
        if lowered.endswith(language.extensions):
            return language
    raise LanguageError(f"cannot tell the language of {filename!r} from its extension; choose one of: {choices}")
