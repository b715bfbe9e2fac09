"""Text that came from a program or a player name, made safe to print on a terminal.

A program's move lines, its stderr, a reason quoting them and a player's name
are a stranger's bytes. Printed raw, an escape sequence in them can clear the
screen, retitle the window, write to the clipboard (OSC 52) or hide the lines
around it. Every such text goes through :func:`visible` before arena shows it
(and, in a shell command arena suggests, through :func:`shell_word`); arena's
own colours are added afterwards, so they are never affected.
"""

from __future__ import annotations

import re
import shlex

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""C0 controls, DEL and C1 controls: everything Unicode calls a control character (Cc)."""

CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def _escape(match: re.Match) -> str:
    return f"\\x{ord(match[0]):02x}"


def visible(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control character written out: ESC as ``\\x1b``, BEL as ``\\x07``.

    ``keep_newlines`` keeps the newline between the lines of a multi-line text
    (a stderr tail); anywhere else a newline too is written out, so one line
    stays one line.
    """
    return (CONTROL_BUT_NEWLINE if keep_newlines else CONTROL).sub(_escape, text)


def shell_word(text: str) -> str:
    """``text`` quoted for a shell, to be pasted back: shlex.quote, or, when it holds a control
    character, bash's ``$'...'`` quoting, which writes it out and reads it back the same."""
    if not CONTROL.search(text):
        return shlex.quote(text)
    escaped = text.replace("\\", "\\\\").replace("'", "\\'")
    return "$'" + CONTROL.sub(_shell_escape, escaped) + "'"


def _shell_escape(match: re.Match) -> str:
    code = ord(match[0])
    # $'\x9b' would be the single byte 0x9b; the character U+009B is its UTF-8, which \u gives
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"
