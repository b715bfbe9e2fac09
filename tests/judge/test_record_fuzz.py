"""Any file handed to the record reader is a record or a RecordError naming the file, never a crash."""

import itertools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.judge.record import RecordError, read_record, write_record

_names = itertools.count()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)
contents = st.one_of(
    st.binary(max_size=300),
    json_values.map(lambda value: json.dumps(value).encode()),
    # a record cut short, as a crash while writing would leave it
    st.tuples(json_values, st.integers(0, 200)).map(lambda pair: json.dumps({"moves": pair[0]}).encode()[:pair[1]]),
    st.sampled_from([b"", b"\xef\xbb\xbf{}", b"{" * 100_000, b"[" * 100_000, b'{"a": 1e999999}',
                     b'{"a": NaN}', b"\xff\xfe{\x00}\x00", b"1" * 5000, b'{"seed": ' + b"9" * 5000 + b"}"]),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=contents)
def test_a_file_of_random_bytes_is_a_record_object_or_a_record_error(content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"record{next(_names)}.json"
        path.write_bytes(content)
        try:
            record = read_record(path)
        except RecordError as error:
            assert str(path) in str(error)
            return
    assert isinstance(record, dict)
    # what was written is what is read (compared as JSON text: NaN is not equal to itself)
    assert json.dumps(record) == json.dumps(json.loads(content.decode("utf-8")))


def test_a_record_written_is_read_back_unchanged(tmp_path, random_game_record):
    path = tmp_path / "game.json"
    write_record(random_game_record, path)
    assert read_record(path) == random_game_record


@pytest.mark.parametrize("name", ["missing.json", ".", "bad\x00name.json"])
def test_a_path_that_is_no_readable_file_is_a_record_error(tmp_path, name):
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / name if name != "." else tmp_path)
