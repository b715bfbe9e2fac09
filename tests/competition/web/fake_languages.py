"""A TEST DOUBLE of competition/languages.py's interface (load_table, choose_language, LanguageError,
Language.describe), installed only while that module lacks them (it is written apart)."""

from __future__ import annotations

from dataclasses import dataclass

from arena.competition import languages


@dataclass(frozen=True)
class FakeLanguage:
    """Stands in for competition/languages.py's Language until that module lands on this branch."""

    name: str
    extensions: tuple[str, ...]
    main_file: str

    def describe(self) -> str:
        return f"{self.name} (fake compiler 1.0, -O2)"


class FakeLanguageError(ValueError):
    pass


def fake_choose_language(filename, requested, table):
    if requested is not None:
        if requested not in table:
            raise FakeLanguageError(f"no language {requested!r}; the languages are: {', '.join(table)}")
        return table[requested]
    for language in table.values():
        if any(filename.endswith(ext) for ext in language.extensions):
            return language
    raise FakeLanguageError(f"cannot tell the language of {filename!r} from its extension: give --language")


def install_fake_languages(monkeypatch) -> None:
    """Use the real languages table when languages.py has it, else this fake with python and cpp."""
    if not hasattr(languages, "choose_language"):
        table = {"python": FakeLanguage("python", (".py",), "bot.py"),
                 "cpp": FakeLanguage("cpp", (".cpp", ".cc"), "bot.cpp")}
        monkeypatch.setattr(languages, "load_table", lambda path: table, raising=False)
        monkeypatch.setattr(languages, "choose_language", fake_choose_language, raising=False)
        monkeypatch.setattr(languages, "LanguageError", FakeLanguageError, raising=False)
