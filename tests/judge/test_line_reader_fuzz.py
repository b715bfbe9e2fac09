"""The judge's line reader fed by real child processes that write random bytes.

Whatever a program writes (binary garbage, NUL, lone ``\\r``, invalid UTF-8, no
newline, huge lines, a flood), ``Program.read_line`` returns exactly the lines
it wrote, in order (a CRLF end is a line end), or None when no line came in
time, or raises ProgramFault with a verdict: ``format`` for a line that is not
UTF-8 or longer than MAX_LINE_BYTES, ``exit``/``crash`` once the program has
closed its output. Never another exception, and never a line it did not write.
"""

import itertools
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.judge.process import MAX_LINE_BYTES, Program, ProgramFault

_names = itertools.count()

pieces = st.one_of(
    st.binary(max_size=30),
    st.text(max_size=20).map(lambda text: text.encode("utf-8", errors="surrogatepass")),
    st.sampled_from([b"\n", b"\r\n", b"\r", b"\x00", b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"A3\n",
                     b"MOVE 1 2\r\n", b"\xef\xbb\xbf", b"\n" * 50]),
)
outputs = st.lists(pieces, max_size=25).map(b"".join)


def expected_reads(data: bytes) -> tuple[list, bytes]:
    """What the reader must give for ``data``, from the contract alone.

    Returns the complete lines in order, each a str or the verdict that line must
    raise ("format" for invalid UTF-8 or too long, and nothing is read past it),
    and the bytes written after the last newline.
    """
    *lines, rest = data.split(b"\n")
    reads: list = []
    for raw in lines:
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return reads + ["format"], rest
        if len(raw) > MAX_LINE_BYTES:
            return reads + ["format"], rest
        reads.append(text)
    return reads + (["format"] if len(rest) > MAX_LINE_BYTES else []), rest


def run_writer(data: bytes, folder: Path, stays: bool, to_stderr: bool = False) -> Program:
    """A real child writing ``data`` to its stdout (and stderr), then exiting or staying alive."""
    path = folder / f"out{next(_names)}.bin"
    path.write_bytes(data)
    script = ('cat "$0" >&2; ' if to_stderr else "") + 'cat "$0"' + ("; exec sleep 30" if stays else "")
    return Program(["sh", "-c", script, str(path)], stderr_limit=1000)


def check_reader(program: Program, data: bytes, stays: bool) -> None:
    reads, rest = expected_reads(data)
    try:
        for expected in reads:
            if expected == "format":
                with pytest.raises(ProgramFault) as fault:
                    program.read_line(10)
                assert fault.value.verdict == "format", fault.value.reason
                return
            assert program.read_line(10) == expected
        if stays:  # nothing more, yet nothing wrong: the unfinished line waits, whole, for its end
            deadline = time.monotonic() + 10
            while program.partial_line() != rest.decode(errors="replace") and time.monotonic() < deadline:
                assert program.read_line(0.05) is None
            assert program.read_line(0.05) is None
            assert program.partial_line() == rest.decode(errors="replace")
        else:
            with pytest.raises(ProgramFault) as fault:
                program.read_line(10)
            assert fault.value.verdict == "exit", fault.value.reason  # cat ended with code 0
    finally:
        program.close()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=outputs, stays=st.booleans(), to_stderr=st.booleans())
def test_random_bytes_give_exactly_their_lines_or_a_verdict(data, stays, to_stderr):
    with tempfile.TemporaryDirectory() as folder:
        program = run_writer(data, Path(folder), stays, to_stderr)
        check_reader(program, data, stays)
        stderr = program.stderr.value()
        assert isinstance(stderr, str) and len(stderr) <= 1000 + 60  # capped, whatever came


# the same bytes written in pieces, with pauses, so that lines arrive split across reads
CHUNKED = """
import os, sys, time
for piece in sys.argv[1:]:
    os.write(1, bytes.fromhex(piece))
    time.sleep(0.003)
"""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chunks=st.lists(pieces, min_size=1, max_size=12))
def test_lines_split_across_writes_are_put_back_together(chunks):
    program = Program([sys.executable, "-c", CHUNKED, *(chunk.hex() for chunk in chunks)])
    check_reader(program, b"".join(chunks), stays=False)


# -- large outputs -----------------------------------------------------------------


@pytest.fixture
def writer(tmp_path):
    return lambda data, stays=False: run_writer(data, tmp_path, stays)


def test_a_megabyte_of_short_lines_is_read_in_order(writer):
    lines = [f"{square}{n % 8 + 1}" for n, square in enumerate("ABCDEFGH" * 30_000)]
    data = "\n".join(lines).encode() + b"\n"
    assert len(data) > 500_000
    check_reader(writer(data), data, stays=False)


@pytest.mark.parametrize("size", [MAX_LINE_BYTES + 1, 10_000_000])
def test_output_without_a_newline_past_the_limit_is_a_format_fault_at_once(writer, size):
    program = writer(b"\x00\xff" * (size // 2 + 1), stays=True)
    start = time.monotonic()
    try:
        with pytest.raises(ProgramFault) as fault:
            program.read_line(10)
        assert fault.value.verdict == "format"
        assert time.monotonic() - start < 5  # no waiting for the clock: the reader stops reading
    finally:
        program.close()


def test_a_line_at_the_limit_is_a_line(writer):
    data = b"x" * MAX_LINE_BYTES + b"\r\nA3\n"
    check_reader(writer(data), data, stays=False)


@pytest.mark.parametrize("size", [MAX_LINE_BYTES + 1, 100_000, 131_000])
def test_a_line_longer_than_the_limit_is_a_format_fault_even_with_its_newline(writer, size):
    data = b"x" * size + b"\n"
    check_reader(writer(data), data, stays=False)
