"""bench/competition.py's pages: the site's answer times with thousands of games in the store.

A competition of generated contestants whose store holds GAMES played games (copies of one
real game's record, each between another pair), served by the real site
(``create_app`` under uvicorn in a thread, over HTTP on 127.0.0.1). Timed: ``/api/ranking``,
the ranking page, a contestant's own page (``/my``, logged in) and the public list of a
contestant's games, a round's page and its API (its ranking and cross table, computed once and
kept once the round has finished). The goal is under 100 ms each (the first request of a
finished round's ranking computes it: the median is what visitors see).

    python bench/competition_pages.py [--games 20000] [--contestants 50] [--repeat 10]
"""

from __future__ import annotations

import http.cookiejar
import re
import statistics
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import uvicorn

from arena.competition.passwords import hash_password
from arena.competition.conductor.conductor import Conductor
from arena.competition.privacy import public_record
from arena.competition.store.database import PlannedGame
from arena.competition.site.site_app import create_app
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.parallel.local_cluster import free_port

from competition_games import competition_with

PASSWORD = "benchmark-password"
GOAL_MS = 100
ROUND = 1  # fill_store's one round
PAGES = ("/api/ranking", "/ranking", f"/rounds/{ROUND}", f"/api/rounds/{ROUND}", "/my", "/games?player=bot00")


def fill_store(store, contestants: int, games: int, game: str) -> None:
    """``games`` played games among the contestants, in one finished test round."""
    record = play_game(game, [resolve_player(game, "builtin:random")] * 2, seed=1)
    users = [user for user in store.users() if user.role == "contestant"]
    entrants = {entrant.user_id: entrant.id for entrant in store.entrants()}
    pairs = [(a, b) for a in users for b in users if a.id != b.id]
    planned = [PlannedGame(slot, (entrants[pairs[slot % len(pairs)][0].id], entrants[pairs[slot % len(pairs)][1].id]),
                           seed=slot) for slot in range(games)]
    round_id = store.add_round("test", planned)
    store.db.execute("PRAGMA synchronous=OFF")  # filling only: thousands of fsyncs say nothing of the pages
    for stored in store.unplayed_games(round_id):
        store.save_game(stored.id, public_record(record, stored.players, stored.submissions), ("", ""))
    store.db.execute("PRAGMA synchronous=FULL")
    store.finish_round(round_id)


def page_times(game: str, contestants: int, games: int, repeat: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="arena-bench-pages-") as scratch:
        folder, store = competition_with(Path(scratch) / "competition", game, [None] * contestants)
        store.set_password(store.user_named("bot00").id, hash_password(PASSWORD))
        fill_store(store, contestants, games, game)
        app = create_app(folder, store, Conductor(folder, store, jobs=1))  # never started: pages only read
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            while not server.started:
                time.sleep(0.05)
            opener = _logged_in(f"http://127.0.0.1:{port}")
            times: dict[str, list[float]] = {}
            for _ in range(repeat):
                for page in PAGES:
                    began = time.perf_counter()
                    with opener.open(f"http://127.0.0.1:{port}{page}") as answer:
                        answer.read()
                        if answer.status != 200:
                            raise SystemExit(f"{page} answered {answer.status}")
                    times.setdefault(page, []).append((time.perf_counter() - began) * 1000)
            return times
        finally:
            server.should_exit = True
            thread.join(10)
            store.close()


def _logged_in(site: str) -> urllib.request.OpenerDirector:
    """An HTTP client logged in as bot00 through the login page (its cookie and CSRF token)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(f"{site}/login") as page:
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.read().decode()).group(1)
    form = urllib.parse.urlencode({"name": "bot00", "password": PASSWORD, "csrf": csrf}).encode()
    with opener.open(f"{site}/login", data=form) as answer:
        if not answer.geturl().endswith("/my"):
            raise SystemExit(f"the benchmark could not log in: {answer.geturl()}")
    return opener


def print_pages(game: str, contestants: int, games: int, repeat: int) -> None:
    print(f"\npages with {games} games of {contestants} contestants in the store (goal < {GOAL_MS} ms), "
          f"{repeat} requests each", flush=True)
    print(f"{'page':<24}{'median ms':>11}{'max ms':>9}", flush=True)
    for page, times in page_times(game, contestants, games, repeat).items():
        verdict = "ok" if statistics.median(times) < GOAL_MS else "OVER THE GOAL"
        print(f"{page:<24}{statistics.median(times):>11.1f}{max(times):>9.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--contestants", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=10)
    arguments = parser.parse_args()
    print_pages("domineering", arguments.contestants, arguments.games, arguments.repeat)
