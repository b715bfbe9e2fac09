"""Text that came from a program or a player name, made safe to print on a terminal.

A program's move lines, its stderr, a reason quoting them and a player's name
are a stranger's bytes. Printed raw, an escape sequence in them can clear the
screen, retitle the window, write to the clipboard (OSC 52) or hide the lines
around it, and a bidirectional override (U+202E) or a zero-width character can
make what is shown read otherwise than what is there. Every such text goes
through :func:`visible` before arena shows it (and, in a shell command arena
suggests, through :func:`shell_word`); arena's own colours are added afterwards,
so they are never affected. A backslash is written out too (``\\``), so that a
program that writes the four characters ``\x1b`` can never pass for an escape
arena wrote out.
"""

from __future__ import annotations

import re
import shlex

FORMAT = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    "\u2028\u2029"
    "\ud800-\udfff"
)
"""Format characters (Unicode's Cf: bidirectional overrides and isolates, zero-width spaces and
joiners, tags...) and the line and paragraph separators (Zl, Zp): invisible, yet they change
what a terminal shows. Lone surrogates too: the bytes of a name or an argument that were not
UTF-8 (Python's surrogateescape), which no terminal can be sent. tests/refereeing/test_terminal_text.py checks this list against unicodedata."""

# C0 controls, DEL and C1 controls (Unicode's Cc), the characters above, and the backslash
UNSAFE = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{FORMAT}\\\\]")
UNSAFE_BUT_NEWLINE = re.compile(f"[\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f{FORMAT}\\\\]")
UNSAFE_IN_A_LOG = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{FORMAT}\\\\]")
"""What a log shown on a terminal may not hold raw: every control and format character but the
newline and the tab, and the backslash (see visible_log)."""
UNSAFE_IN_A_PAGE = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{FORMAT}]")
INVISIBLE = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{FORMAT}]")
"""What a shell word must not hold raw (a backslash is safe inside bash's quotes)."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    if code == 0x5C:
        return "\\\\"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control and format character written out: ESC as ``\\x1b``, BEL as
    ``\\x07``, a right-to-left override as ``\\u202e``, a backslash as ``\\\\``.

    ``keep_newlines`` keeps the newline between the lines of a multi-line text
    (a stderr tail); anywhere else a newline too is written out, so one line
    stays one line.
    """
    return (UNSAFE_BUT_NEWLINE if keep_newlines else UNSAFE).sub(_escape, text)


def visible_log(text: str, for_a_page: bool = False) -> str:
    """A multi-line text read as a whole (a build log, an admission report, a program's stderr) with
    its layout kept: newlines and tabs stay (a Java stack trace's ``\tat Main.main`` reads as it was
    written); every other control and format character is written out as :func:`visible` does
    (ESC as ``\x1b``, a right-to-left override as ``\u202e``). On a terminal a backslash is written
    out too (``\\``), so a program's own literal ``\x1b`` can never pass for one arena wrote out.
    ``for_a_page`` keeps backslashes: a page is not a terminal, and a compiler's output quoting the
    source (``"%d\n"``) then reads as written."""
    return (UNSAFE_IN_A_PAGE if for_a_page else UNSAFE_IN_A_LOG).sub(_escape, text)


def shell_word(text: str) -> str:
    """``text`` quoted for a shell, to be pasted back: shlex.quote, or, when it holds a control
    or format character, bash's ``$'...'`` quoting, which writes it out and reads it back the same."""
    if not INVISIBLE.search(text):
        return shlex.quote(text)
    escaped = text.replace("\\", "\\\\").replace("'", "\\'")
    return "$'" + INVISIBLE.sub(_shell_escape, escaped) + "'"


def _shell_escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    # $'\x9b' would be the single byte 0x9b; the character U+009B is its UTF-8, which \u gives
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
