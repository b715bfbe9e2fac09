"""How fast the viewer's pages are ready: a 60-move Flippo replay and the standings of a big tournament.

Targets: a replay page under 300 ms, the standings page of a 10-player, 2,000-game
database under 500 ms. The database is built through the tournament store with
real game records (20 real Flippo games, each saved in many slots), and the pages
are served by a real uvicorn on 127.0.0.1, started as ``arena serve`` starts it
(the databases are read before the address is given out; that time is printed
too). Each page is timed from the request to its last byte: the first request
and the median of the next ones; with chromium present, also to the browser's
load event.

    python bench/viewer.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from arena.refereeing.players import resolve_player  # noqa: E402
from arena.judge.record import write_record  # noqa: E402
from arena.refereeing.referee import play_game  # noqa: E402
from arena.tournament.session import schedule_for  # noqa: E402
from arena.tournament.store import TournamentIdentity, TournamentStore  # noqa: E402
from arena.viewer.viewer_app import create_app  # noqa: E402
from arena.web_common.server import BackgroundServer  # noqa: E402

GAME = "flippo"
PLAYERS = 10
GAMES = 2_000
REAL_GAMES = 20


def real_records(count: int) -> list[dict]:
    specs = [resolve_player(GAME, "builtin:greedy"), resolve_player(GAME, "builtin:random")]
    return [play_game(GAME, specs if seed % 2 else specs[::-1], seed=seed, time_scale=0.5)
            for seed in range(count)]


def build_database(path: Path, records: list[dict]) -> None:
    names = [f"player{i:02d}" for i in range(PLAYERS)]
    rounds = -(-GAMES // (PLAYERS * (PLAYERS - 1)))
    identity = TournamentIdentity(GAME, tuple((name, "builtin:random") for name in names), rounds, 1, 1.0)
    schedule = schedule_for(identity)
    with TournamentStore(path) as store:
        store.bind(identity, len(schedule))
        for index, game in enumerate(schedule[:GAMES]):
            store.save_game(game, records[index % len(records)])


def time_get(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url) as response:
        response.read()
    return (time.perf_counter() - start) * 1000


def browser_load_ms(urls: list[str]) -> list[float] | None:
    """Time to the load event in headless chromium (None without playwright or chromium)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path("/usr/bin/chromium").exists():
        return None
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        page = browser.new_page()
        page.goto(urls[0])  # warm the browser itself up
        times = []
        for url in urls:
            page.goto(url, wait_until="load")
            # the browser's own clock: from the navigation's start to the end of its load event
            times.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arena-bench-viewer-") as folder:
        folder = Path(folder)
        records = real_records(REAL_GAMES)
        replay = next(r for r in records if len(r["moves"]) == 60)
        (folder / "records").mkdir()
        write_record(replay, folder / "records" / "replay.json")
        db = folder / "big.db"
        start = time.perf_counter()
        build_database(db, records)
        print(f"database: {PLAYERS} players, {GAMES:,} games, {db.stat().st_size / 1e6:.1f} MB "
              f"(built in {time.perf_counter() - start:.1f} s)")
        app = create_app([str(db)], folder / "records")
        start = time.perf_counter()
        app.state.viewer.warm_up()  # as `arena serve` does before it gives its address out
        print(f"server start-up: databases read and templates compiled in {(time.perf_counter() - start) * 1000:.0f} ms")
        with BackgroundServer(app) as server:
            pages = {"replay of a 60-move Flippo game": (f"{server.url}/records/replay.json", 300),
                     f"standings of {GAMES:,} games": (f"{server.url}/t/0", 500)}
            print(f"{'page':<36} {'first':>9} {'median':>9} {'chromium':>9} {'target':>8}")
            for label, (url, target) in pages.items():
                first = time_get(url)
                median = statistics.median(time_get(url) for _ in range(options.repeat))
                loads = browser_load_ms([url] * 5)
                shown = f"{statistics.median(loads):7.0f}ms" if loads else "      –  "
                verdict = "ok" if max(first, median) < target else "SLOW"
                print(f"{label:<36} {first:7.0f}ms {median:7.0f}ms {shown} {target:6d}ms  {verdict}")


if __name__ == "__main__":
    main()
