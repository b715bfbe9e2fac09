"""The languages table: its default, the organiser's edits, and how an upload's language is chosen."""

import json
import shutil
import zipfile

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.competition.build.languages import (CLEAN_PATH, DEFAULT_TABLE, LanguageError, choose_language, load_table,
                                         write_default_table)


@pytest.fixture
def table_path(tmp_path):
    path = tmp_path / "languages.json"
    write_default_table(path)
    return path


def edited(table_path, name, **changes):
    data = json.loads(table_path.read_text())
    data[name].update(changes)
    table_path.write_text(json.dumps(data))
    return table_path


def test_the_default_table_takes_the_six_languages_each_with_its_main_file(table_path):
    table = load_table(table_path)
    assert set(table) == {"c", "cpp", "java", "python", "go", "rust"}
    assert table["cpp"].main_file == "bot.cpp" and ".cpp" in table["cpp"].extensions
    assert table["python"].main_file == "bot.py"
    assert table["java"].main_file == "Main.java"  # a public class lives in a file of its name
    assert table["cpp"].compile_argv("/b", "/b/.scratch") == ["g++", "-O2", "-std=c++17", "-o", "/b/bot", "/b/bot.cpp"]
    assert table["go"].compile_env("/b", "/s")["GOCACHE"] == "/s/go-cache"


def test_init_writes_the_table_the_organiser_may_edit(tmp_path):
    result = CliRunner().invoke(cli, ["competition", "init", str(tmp_path / "c"), "--game", "flippo"])
    assert result.exit_code == 0, result.output
    assert set(load_table(tmp_path / "c" / "languages.json")) == set(DEFAULT_TABLE)


def test_the_run_command_names_its_tool_on_the_clean_path(table_path):
    table = load_table(table_path)
    python3 = shutil.which("python3", path=CLEAN_PATH)
    assert table["python"].run_command("/c/builds/7") == f"{python3} /c/builds/7/bot.py"
    assert table["cpp"].run_command("/c/builds/my bot") == "'/c/builds/my bot/bot'"


@pytest.mark.compilers
def test_describe_gives_the_compiler_its_version_and_flags(table_path):
    if shutil.which("g++", path=CLEAN_PATH) is None:
        pytest.skip("g++ is not installed: install Debian's g++ (make install-test does, as root)")
    described = load_table(table_path)["cpp"].describe()
    assert described.startswith("C++: g++ (")  # g++'s own first line, with its version
    assert "g++ -O2 -std=c++17 -o bot bot.cpp" in described  # the flags, with the build folder as "."


def test_a_missing_compiler_is_described_as_missing(table_path):
    described = load_table(edited(table_path, "rust", version=["no-such-rustc", "--version"])).get("rust").describe()
    assert "no-such-rustc is not installed" in described


@pytest.mark.parametrize("change, words", [
    ({"compile": "g++ bot.cpp"}, "'compile' must be a JSON array"),
    ({"run": "{build}/bot --level {level}"}, "unknown placeholder {level}"),
    ({"compile": ["g++", "{main"]}, "malformed placeholder"),
    ({"main_file": "../bot.cpp"}, "'main_file'"),
    ({"main_file": "bot.py"}, "'main_file'"),
    ({"extensions": ["cpp"]}, "file endings"),
    ({"extensions": [".cpp", ".py"]}, "both claim .py"),
    ({"flags": ["-O3"]}, "unknown key 'flags'"),
])
def test_a_bad_entry_is_named_with_what_is_wrong(table_path, change, words):
    with pytest.raises(LanguageError) as refused:
        load_table(edited(table_path, "cpp", **change))
    assert "cpp" in str(refused.value) and words in str(refused.value)


def test_a_missing_key_and_a_table_that_is_not_json_are_named(table_path):
    data = json.loads(table_path.read_text())
    del data["go"]["run"]
    table_path.write_text(json.dumps(data))
    with pytest.raises(LanguageError, match="'go'.*missing 'run'"):
        load_table(table_path)
    table_path.write_text("{not json")
    with pytest.raises(LanguageError, match="cannot read the languages table"):
        load_table(table_path)


def test_the_language_comes_from_the_extension_or_the_request(table_path):
    table = load_table(table_path)
    assert choose_language("Bot.CPP", None, table).name == "cpp"
    assert choose_language("bot.cc", None, table).name == "cpp"
    assert choose_language("main.rs", None, table).name == "rust"
    assert choose_language("anything.txt", "python", table).name == "python"
    assert choose_language("bot.cpp", "C++", table).name == "cpp"  # a title, any case


def test_an_unknown_language_lists_the_languages(table_path):
    table = load_table(table_path)
    with pytest.raises(LanguageError, match=r"unknown language 'cobol'.*cpp \(C\+\+: \.cpp"):
        choose_language("bot.cob", "cobol", table)
    with pytest.raises(LanguageError, match=r"cannot tell the language of 'bot\.txt'.*python \(Python 3: \.py\)"):
        choose_language("bot.txt", None, table)
    with pytest.raises(LanguageError, match=r"bot\.tar\.gz is an archive.*--language"):
        choose_language("bot.tar.gz", None, table)


def test_an_archive_tells_its_language_by_the_main_file_on_its_top_level(table_path, tmp_path):
    table = load_table(table_path)
    upload = tmp_path / "mine.zip"
    with zipfile.ZipFile(upload, "w") as made:
        made.writestr("bot.rs", "fn main() {}\n")
        made.writestr("notes/bot.py", "")
    assert choose_language("mine.zip", None, table, upload=upload).name == "rust"
    with zipfile.ZipFile(upload, "w") as made:
        made.writestr("bot.rs", "")
        made.writestr("bot.c", "")
    with pytest.raises(LanguageError, match="is an archive"):
        choose_language("mine.zip", None, table, upload=upload)  # two main files: say which
    assert choose_language("mine.zip", "c", table, upload=upload).name == "c"
    upload.write_bytes(b"not a zip")
    with pytest.raises(LanguageError, match="not a readable zip archive"):
        choose_language("mine.zip", None, table, upload=upload)


def test_the_command_an_author_runs_at_home_names_their_file(tmp_path):
    write_default_table(tmp_path / "languages.json")
    table = load_table(tmp_path / "languages.json")
    assert table["python"].home_command("mybot.py") == "python3 mybot.py"
    assert table["python"].home_command("bot.py") == "python3 ./bot.py"
    assert table["python"].home_command(None) == "python3 ./bot.py"  # an archive: its bot.py
    assert table["cpp"].home_command("strong.cpp") == "./bot"  # compiled as the table says
    assert table["java"].home_command("Main.java") == "java -cp . Main"
