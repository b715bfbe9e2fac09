"""The analysis in chromium: clicking the evaluation graph makes the board jump to that ply (with the
best move drawn), and "Analyse" on a record never analysed brings the graph and the marks as they come."""

import json
import shutil
import time

import pytest

from arena.analysis import analyse, storage
from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

pytestmark = pytest.mark.browser

FAST = 0.05  # seconds of search per ply: a whole game in seconds on two shared cores


@pytest.fixture
def folder(tmp_path, records_dir):
    shutil.copy(records_dir / "flippo.json", tmp_path / "flippo.json")
    return tmp_path


@pytest.fixture
def viewer(folder):
    with BackgroundServer(create_app([], folder, analysis_seconds=FAST)) as server:
        yield server


def wait_until(page, check, what: str, limit_s: float = 120):
    """Poll ``check()`` (the page's CSP forbids wait_for_function's eval)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never happened: {what}")


def board_src(page) -> str:
    return page.get_attribute("#board", "src")


def test_clicking_the_graph_jumps_the_board_to_that_ply(page, folder, tmp_path):
    record = json.loads((folder / "flippo.json").read_text())
    document = analyse(record, seconds=FAST)
    storage.save_beside(folder / "flippo.json", document)
    with BackgroundServer(create_app([], folder)) as server:
        page.goto(f"{server.url}/records/flippo.json")
        assert page.text_content("#ply") == "0"
        first_board = board_src(page)
        page.click('#eval-graph [data-ply="20"]')
        assert page.text_content("#ply") == "20"
        assert "#ply=20" in page.url
        src = board_src(page)
        assert src != first_board and "/svg/20?hint=" in src
        assert src.endswith(document["plies"][20]["best"])  # the best move from that position is drawn
        wait_until(page, lambda: page.evaluate("(b => b.complete && b.naturalWidth > 100)"
                                               "(document.getElementById('board'))"), "the board loaded")
        assert page.text_content("#moves tr.current td") == "20"
        assert page.get_attribute("#eval-cursor", "visibility") == "visible"
        page.click('#eval-graph [data-ply="5"]')
        assert page.text_content("#ply") == "5" and "/svg/5?hint=" in board_src(page)
        cells = page.locator("#moves td.analysis").all_text_contents()
        assert len(cells) == len(document["plies"])
        for cell, ply in zip(cells, document["plies"]):  # the first seat's view, as the graph's
            first_view = -ply["value"] if ply["seat"] == 1 else ply["value"]
            shown = cell.split(" ")[0]
            assert shown[0] == ("+" if first_view >= 0 else "−")  # its sign written, as the graph's axis
            assert abs(float(shown[1:]) - abs(first_view)) <= 0.051  # to a tenth (JS and Python round apart)
        heading = page.text_content("#moves thead th:last-child")
        assert heading.startswith(f"Analysis, {document['seats'][0]}'s view")
        # at 1280 px the table fits whole beside the board: nothing to scroll sideways, no cell wrapped
        box = page.evaluate("(b => [b.scrollWidth, b.clientWidth])(document.querySelector('.moves-box'))")
        assert box[0] <= box[1], box
        table = page.evaluate("(t => [t.getBoundingClientRect().left, t.getBoundingClientRect().right])"
                              "(document.getElementById('moves'))")
        board = page.evaluate("(b => b.getBoundingClientRect().right)(document.getElementById('board'))")
        assert board < table[0] and table[1] <= 1280  # beside the board, whole
        heights = page.evaluate("(rows => rows.map(r => r.getBoundingClientRect().height))"
                                "(Array.from(document.querySelectorAll('#moves tbody tr')))")
        assert max(heights) < 1.5 * min(heights)  # one line a row: no clock or analysis wrapped
        mistakes = [p for p in document["plies"] if p["mistake"]]
        assert sum("mistake −" in c for c in cells) == len(mistakes) > 0
        page.screenshot(path=str(tmp_path / "graph-click.png"), full_page=True)
    assert page.console.errors == []


def test_analyse_on_a_record_never_analysed_brings_the_graph(page, viewer, folder, tmp_path):
    page.goto(f"{viewer.url}/records/flippo.json")
    assert page.locator("#eval-graph").count() == 0
    page.click("#analyse")
    wait_until(page, lambda: page.locator("#eval-graph").count() == 1, "the graph appeared")
    wait_until(page, lambda: "analysed" in page.text_content("#analysis-progress"), "the progress shown")
    wait_until(page, lambda: "done" in page.text_content("#analysis-progress"), "the analysis finished")
    plies = len(json.loads((folder / "flippo.analysis.json").read_text())["plies"])
    assert page.text_content("#analysis-progress").startswith(f"analysed {plies} / {plies}")
    assert page.locator("#eval-graph [data-ply]").count() == plies
    page.click('#eval-graph [data-ply="3"]')
    assert page.text_content("#ply") == "3" and "?hint=" in board_src(page)
    page.screenshot(path=str(tmp_path / "analysed.png"), full_page=True)
    page.reload()  # kept: the page now comes with the graph and the mistakes, and no button
    assert page.locator("#eval-graph").count() == 1 and page.locator("#analyse").count() == 0
    assert page.console.errors == []
