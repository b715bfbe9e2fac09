"""terminal_text: a stranger's text, shown with its control characters written out."""

import subprocess
import unicodedata

import pytest

from arena.terminal_text import shell_word, visible


def test_every_control_character_is_written_out():
    text = "a\x1b]0;title\x07b\x1b[2J\x00\t\r\n\x7f\x9b31m"
    assert visible(text) == "a\\x1b]0;title\\x07b\\x1b[2J\\x00\\x09\\x0d\\x0a\\x7f\\x9b31m"
    shown = visible("".join(map(chr, range(0x100))))
    assert [ch for ch in shown if unicodedata.category(ch) == "Cc"] == []


def test_newlines_can_be_kept_between_lines_and_nothing_else_is():
    assert visible("one\x1b[2J\ntwo\r\n", keep_newlines=True) == "one\\x1b[2J\ntwo\\x0d\n"


def test_printable_text_is_unchanged():
    text = "C3 A3=6 a1-a4-d4-d1 évé ±95% \\x1b"
    assert visible(text) == text


@pytest.mark.parametrize("text", ["python3 bot.py", "ev\x1bil=builtin:random", "it's \\ \x07\x9b", "plain"])
def test_a_shell_word_reads_back_as_the_same_text_in_bash(text):
    word = shell_word(text)
    assert [ch for ch in word if unicodedata.category(ch) == "Cc"] == []
    echoed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True).stdout
    assert echoed.decode() == text
