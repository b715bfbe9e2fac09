"""terminal_text: a stranger's text, shown with its control characters written out."""

import subprocess
import unicodedata

import pytest

from arena.refereeing.terminal_text import shell_word, visible


def test_every_control_character_is_written_out():
    text = "a\x1b]0;title\x07b\x1b[2J\x00\t\r\n\x7f\x9b31m"
    assert visible(text) == "a\\x1b]0;title\\x07b\\x1b[2J\\x00\\x09\\x0d\\x0a\\x7f\\x9b31m"
    shown = visible("".join(map(chr, range(0x100))))
    assert [ch for ch in shown if unicodedata.category(ch) == "Cc"] == []


def test_newlines_can_be_kept_between_lines_and_nothing_else_is():
    assert visible("one\x1b[2J\ntwo\r\n", keep_newlines=True) == "one\\x1b[2J\ntwo\\x0d\n"


def test_printable_text_is_unchanged():
    text = "C3 A3=6 a1-a4-d4-d1 évé ±95% 漢字 🙂"
    assert visible(text) == text


def test_a_backslash_is_written_out_so_no_text_passes_for_an_escape():
    """A program that writes the four characters \\x1b must not look like one that wrote ESC."""
    assert visible("\\x1b") == "\\\\x1b" != visible("\x1b") == "\\x1b"
    assert visible("a\\b\n", keep_newlines=True) == "a\\\\b\n"


@pytest.mark.parametrize("character", ["\u202e", "\u202c", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff",
                                       "\u2028", "\U000e0041", "\udcff"])
def test_bidirectional_zero_width_and_undecodable_characters_are_written_out(character):
    shown = visible(f"move{character}A1")
    assert character not in shown and shown == f"move\\{'U' if ord(character) > 0xffff else 'u'}" \
        f"{ord(character):0{8 if ord(character) > 0xffff else 4}x}A1"


def test_every_format_character_unicode_knows_is_written_out():
    """The list of format characters is written out by hand (reading all of Unicode at every
    start would cost arena's start-up): checked here against this Python's unicodedata."""
    format_characters = [chr(code) for code in range(0x110000)
                         if unicodedata.category(chr(code)) in ("Cf", "Zl", "Zp")]
    assert len(format_characters) > 150
    assert [hex(ord(ch)) for ch in format_characters if ch in visible(ch)] == []


@pytest.mark.parametrize("text", ["python3 bot.py", "ev\x1bil=builtin:random", "it's \\ \x07\x9b", "plain",
                                  "right\u202eleft \u200b\U000e0041"])
def test_a_shell_word_reads_back_as_the_same_text_in_bash(text):
    word = shell_word(text)
    assert [ch for ch in word if unicodedata.category(ch) in ("Cc", "Cf")] == []
    echoed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True).stdout
    assert echoed.decode() == text


def test_a_log_keeps_its_tabs_and_newlines_and_writes_out_the_rest():
    from arena.refereeing.terminal_text import visible_log

    trace = 'at "%d\\n"\n\tat Main.main(Main.java:12)\r\n\x1b[2J\u202eexe\x07'
    # on a terminal a backslash is written out too: a literal \x1b never passes for ESC written out
    assert visible_log(trace) == 'at "%d\\\\n"\n\tat Main.main(Main.java:12)\\x0d\n\\x1b[2J\\u202eexe\\x07'
    assert visible_log("\\x1b") != visible_log("\x1b")
    # on a page the backslash stays as written
    assert visible_log(trace, for_a_page=True) == 'at "%d\\n"\n\tat Main.main(Main.java:12)\\x0d\n\\x1b[2J\\u202eexe\\x07'
