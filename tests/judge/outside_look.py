"""A program looked at from outside while its game goes on: a program sees no process but its own
(its /proc is its namespace's), so a test that checks when it is stopped looks from the judge's side."""

from __future__ import annotations

import threading
import time

import psutil

from arena.refereeing.referee import play_game


def play_and_sample(players: list, watched_script: str, seed: int = 1) -> tuple[dict, list[tuple[str, float]]]:
    """A Flippo game between ``players``, and every 5 ms meanwhile the state and CPU seconds of the
    process running ``watched_script`` (the game's record, the samples)."""
    played: dict = {}
    game = threading.Thread(target=lambda: played.update(play_game("flippo", players, seed=seed)))
    game.start()
    process, samples = None, []
    while game.is_alive():
        try:
            if process is None:
                process = next(p for p in psutil.process_iter(["cmdline"]) if watched_script in (p.info["cmdline"] or []))
            times = process.cpu_times()
            samples.append((process.status(), times.user + times.system))
        except (StopIteration, psutil.Error):
            pass
        time.sleep(0.005)
    game.join()
    return played, samples
