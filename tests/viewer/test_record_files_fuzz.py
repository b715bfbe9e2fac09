"""Any file in the records folder, or given to ``arena view``, is a record or a refusal saying why."""

import itertools
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.viewer.viewer_app import create_app
from arena.viewer.library import Library
from arena.web_common.record_check import BadRecord
from arena.web_common.server import BackgroundServer

ARENA = str(Path(sys.executable).with_name("arena"))
_names = itertools.count()

# what a broken or hostile record file holds: random bytes, JSON that is no record, JSON too deep
HOSTILE = {
    "deep.json": b"[" * 100_000,
    "deep-object.json": b'{"game": ' * 50_000,
    "latin1.json": '{"game": "flippo", "moves": [], "x": "é"}'.encode("latin-1"),
    "list.json": b'[{"game": "flippo", "moves": []}]',
    "huge-number.json": b'{"game": "flippo", "moves": [], "seed": ' + b"9" * 5000 + b"}",
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=st.one_of(st.binary(max_size=200), st.sampled_from(list(HOSTILE.values())),
                         st.recursive(st.none() | st.integers() | st.text(max_size=5),
                                      lambda inner: st.lists(inner, max_size=3)
                                      | st.dictionaries(st.sampled_from(["game", "moves", "x"]), inner, max_size=3),
                                      max_leaves=10).map(lambda value: repr(value).replace("'", '"').encode())))
def test_the_library_reads_a_record_or_says_it_cannot(content):
    with tempfile.TemporaryDirectory() as folder:
        name = f"r{next(_names)}.json"
        (Path(folder) / name).write_bytes(content)
        try:
            record = Library([], folder).record(name)
        except BadRecord as refusal:
            assert name in str(refusal) and folder not in str(refusal)  # no server path on a page
            return
    assert isinstance(record, dict) and "game" in record and "moves" in record


def test_the_viewer_answers_400_not_a_server_error_for_hostile_files(tmp_path, fetch):
    for name, content in HOSTILE.items():
        (tmp_path / name).write_bytes(content)
    with BackgroundServer(create_app([], tmp_path)) as server:
        assert fetch(f"{server.url}/")[0] == 200  # the folder still lists
        for name in HOSTILE:
            status, page = fetch(f"{server.url}/records/{name}")
            assert status == 400, (name, status, page[:300])
            assert "cannot read" in page or "not a game record" in page, (name, page[:300])


def test_arena_view_refuses_a_record_too_deep_to_read(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_bytes(HOSTILE["deep.json"])
    done = subprocess.run([ARENA, "view", str(deep)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a JSON game record" in done.stderr and "Traceback" not in done.stderr
