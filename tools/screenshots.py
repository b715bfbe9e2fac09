"""The README's pictures of the viewer, taken from the real pages: a replay and a tournament's standings.

Plays a Flippo game and a short Flippo tournament of the built-in players, serves
them with the viewer on 127.0.0.1 and photographs the pages in headless chromium
(Debian's, through Playwright). Writes docs/images/replay.png and
docs/images/standings.png.

    python tools/screenshots.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arena.refereeing.players import resolve_player  # noqa: E402
from arena.judge.record import write_record  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402
from arena.viewer.viewer_app import create_app  # noqa: E402
from arena.web_common.server import BackgroundServer  # noqa: E402

IMAGES = ROOT / "docs" / "images"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def main() -> None:
    from playwright.sync_api import sync_playwright

    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="arena-screenshots-") as folder:
        folder = Path(folder)
        specs = [resolve_player("flippo", "builtin:strong"), resolve_player("flippo", "builtin:greedy")]
        write_record(play_game("flippo", specs, seed=7), folder / "strong-vs-greedy.json")
        db = folder / "flippo.db"
        subprocess.run([str(Path(sys.executable).with_name("arena")), "tournament", "flippo",
                        "--player", "random=builtin:random", "--player", "greedy=builtin:greedy",
                        "--player", "strong=builtin:strong", "--rounds", "2", "--seed", "7",
                        "--time-scale", "0.3", "--db", str(db)], check=True, capture_output=True)
        app = create_app([str(db)], folder)
        app.state.viewer.warm_up()
        with BackgroundServer(app) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 760})
            page.goto(f"{server.url}/records/strong-vs-greedy.json#ply=34")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(IMAGES / "replay.png"))
            page.goto(f"{server.url}/t/0")
            page.wait_for_load_state("load")
            page.wait_for_timeout(300)
            page.set_viewport_size({"width": 1000, "height": 560})
            page.screenshot(path=str(IMAGES / "standings.png"))
            browser.close()
    print(f"written: {IMAGES / 'replay.png'}, {IMAGES / 'standings.png'}")


if __name__ == "__main__":
    main()
