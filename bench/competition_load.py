"""A deadline's rush on the competition server: CONTESTANTS upload within WINDOW seconds while
READERS clients read the site's pages.

The server is the real command (``arena competition serve DIR --build-jobs N``) in a process of
its own, on a competition made with the real commands (``init``, ``users --import``); the
clients speak HTTP to it from this process. Each contestant logs in (``POST /api/login``),
uploads the game's Python or C starter bot (alternately) at a random moment of the window, and
polls its submission until it is admitted or refused; every reader loops over the home page,
the ranking, the rounds, the games and their API while the rush lasts, on one connection it
keeps from page to page, as a browser keeps it (``--connection close``: a new one per page, which
costs both sides a TCP handshake and the server a new connection's set-up each time). Admitted
programs get their debut games, as on a real server, so the games compete with the builds for the
cores.

The readers first read for IDLE seconds before any upload (the site idle but for them), then on
through the rush: both are measured in one run, the same readers on the same server.

Printed: the time from the first upload until the last is admitted (and from the last upload
sent), each upload's wait (median, max), the pages' p50 and p99 latency during the rush and before
it (idle), and
the errors: failed requests, answers of 5xx, uploads refused, submissions not admitted (all
must be 0). Figures, not pass/fail: run it on a quiet machine; ``--quick`` only shows it works.

    python bench/competition_load.py [--contestants 50] [--readers 100] [--window 60]
                                     [--build-jobs N] [--game flippo] [--idle 10] [--quick]
                                     [--profile FILE] [--connection keep-alive|close]

``--profile FILE`` runs the server under cProfile, every thread of it (the event loop's, the
threads FastAPI runs the pages in, the conductor's), and writes the merged figures to FILE when
it stops (read them with ``python -m pstats FILE``): where a page's CPU goes under this load
(each thread's CPU time; ``--profile-clock wall`` counts the waits too: for a lock, a core, the GIL).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import http.client
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

SOURCE = str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, SOURCE)

from arena.competition.client.http import multipart_body  # noqa: E402
from arena.toolkit.starter import template_source  # noqa: E402
from arena.parallel.local_cluster import free_port  # noqa: E402

ARENA = str(Path(sys.executable).with_name("arena"))
PASSWORD = "benchmark password"
PAGES = ("/", "/ranking", "/rounds", "/games", "/api/ranking", "/api/games", "/api/rounds", "/rules")
FINISHED = ("admitted", "rejected", "build-failed")
LANGUAGES = (("python", "bot.py"), ("c", "bot.c"))


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    page_ms: list[float] = field(default_factory=list)  # during the rush
    idle_ms: list[float] = field(default_factory=list)  # before it: the readers alone
    page_age_s: list[int] = field(default_factory=list)  # during the rush: how old each page was (Age)
    failed: list[str] = field(default_factory=list)  # requests with no answer, or a 5xx
    refused: list[str] = field(default_factory=list)  # uploads refused, programs not admitted
    sent: dict[str, float] = field(default_factory=dict)  # contestant -> when its upload was accepted
    admitted: dict[str, float] = field(default_factory=dict)  # contestant -> when it was seen admitted
    # when the readers began, the rush began and everything ended (the pages' throughput: the readers
    # never pause, so a page's latency is about readers / throughput)
    moments: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, item) -> None:
        with self.lock:
            getattr(self, name).append(item)


def request(url: str, method: str = "GET", body: bytes | None = None, content_type: str | None = None,
            token: str | None = None, timeout_s: float = 120) -> tuple[int, bytes]:
    """(status, body); status 0 when no answer came."""
    sent = urllib.request.Request(url, data=body, method=method)
    if content_type:
        sent.add_header("Content-Type", content_type)
    if token:
        sent.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(sent, timeout=timeout_s) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read()
    except (OSError, TimeoutError):
        return 0, b""


class PageReader:
    """One reader's connection to the site: kept open from page to page as a browser keeps it
    (HTTP/1.1 keep-alive; opened again when the server closed it), or a new one for each page."""

    def __init__(self, site: str, keep_alive: bool, timeout_s: float = 120) -> None:
        address = urllib.parse.urlsplit(site)
        self._host, self._port, self._timeout_s = address.hostname, address.port, timeout_s
        self._keep_alive = keep_alive
        self._connection: http.client.HTTPConnection | None = None

    def get(self, path: str) -> tuple[int, int | None]:
        """The answer's status (0 when no answer came, after one new connection tried) and its ``Age``
        header (seconds since the server made the page; None when it said none)."""
        for _ in range(2):
            if self._connection is None:
                self._connection = http.client.HTTPConnection(self._host, self._port, timeout=self._timeout_s)
            try:
                self._connection.request("GET", path, headers={} if self._keep_alive else {"Connection": "close"})
                answer = self._connection.getresponse()
                answer.read()
                if not self._keep_alive:
                    self._connection.close()
                    self._connection = None
                age = answer.getheader("Age")
                return answer.status, int(age) if age and age.isdigit() else None
            except (OSError, http.client.HTTPException):
                self._connection.close()
                self._connection = None
        return 0, None


def reader(site: str, tally: Tally, until: threading.Event, rng: random.Random,
           rushing: threading.Event, keep_alive: bool) -> None:
    pages = PageReader(site, keep_alive)
    while not until.is_set():
        page = rng.choice(PAGES)
        during = rushing.is_set()
        began = time.perf_counter()
        status, age = pages.get(page)
        elapsed = (time.perf_counter() - began) * 1000
        tally.add("page_ms" if during else "idle_ms", elapsed)
        if during and age is not None:
            tally.add("page_age_s", age)
        if status == 0 or status >= 500:
            tally.add("failed", f"GET {page}: {status or 'no answer'}")


def contestant(site: str, name: str, game: str, language: tuple[str, str], at_s: float, start: float,
               tally: Tally, poll_s: float, timeout_s: float) -> None:
    time.sleep(max(0.0, start + at_s - time.monotonic()))
    status, body = request(site + "/api/login", "POST", json.dumps({"name": name, "password": PASSWORD}).encode(),
                           "application/json")
    if status != 200:
        tally.add("failed" if status == 0 or status >= 500 else "refused", f"{name} login: {status}")
        return
    token = json.loads(body)["token"]
    key, filename = language
    upload, content_type = multipart_body({"language": key},
                                          {"file": (filename, template_source(game, key).encode())})
    status, body = request(site + "/api/submissions", "POST", upload, content_type, token)
    if status != 200:
        tally.add("failed" if status == 0 or status >= 500 else "refused", f"{name} upload: {status} {body[:200]!r}")
        return
    with tally.lock:
        tally.sent[name] = time.monotonic()
    submission = json.loads(body)["id"]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        status, body = request(f"{site}/api/submissions/{submission}", token=token)
        if status == 0 or status >= 500:
            tally.add("failed", f"{name} poll: {status or 'no answer'}")
        elif status == 200 and json.loads(body)["status"] in FINISHED:
            found = json.loads(body)
            if found["status"] == "admitted":
                with tally.lock:
                    tally.admitted[name] = time.monotonic()
            else:
                tally.add("refused", f"{name} ({key}): {found['status']}: {(found.get('build_log') or '')[-300:]}")
            return
        time.sleep(poll_s)
    tally.add("refused", f"{name} ({key}): not built within {timeout_s:g} s")


def make_competition(folder: Path, game: str, contestants: int) -> list[str]:
    subprocess.run([ARENA, "competition", "init", str(folder), "--game", game], check=True, capture_output=True)
    names = [f"student{n:03d}" for n in range(contestants)]
    accounts = folder.parent / "accounts.csv"
    with open(accounts, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["name", "password"])
        writer.writerows([name, PASSWORD] for name in names)
    subprocess.run([ARENA, "competition", "users", str(folder), "--import", str(accounts)], check=True,
                   capture_output=True)
    return names


# the server's command under cProfile: a profiler in each thread as it starts (cProfile alone sees
# only the thread that enabled it), all merged into one file when the server stops
PROFILED = """
import atexit, cProfile, pstats, signal, sys, threading, time
out, clock, sys.argv = sys.argv[1], sys.argv[2], ["arena", *sys.argv[3:]]
timer = time.thread_time if clock == "cpu" else time.perf_counter
profiles = [cProfile.Profile(timer)]
def each_thread(*_):
    profile = cProfile.Profile(timer)
    profiles.append(profile)
    profile.enable()
def write():
    for profile in profiles:
        profile.create_stats()
    pstats.Stats(*[p for p in profiles if p.stats]).dump_stats(out)
threading.setprofile(each_thread)
atexit.register(write)
# uvicorn stops on SIGTERM, then raises it again for the handler it found: an exit, not a kill, so
# that the figures are written
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
profiles[0].enable()
from arena.cli.main import main
main()
"""


def serve(folder: Path, port: int, build_jobs: int | None, profile: Path | None = None,
          clock: str = "cpu") -> subprocess.Popen:
    """The server, its stderr written to folder/../server.log: a pipe nobody read while it ran filled
    with its log lines and stopped it mid-rush (a full-size run never ended)."""
    command = [ARENA, "competition", "serve", str(folder), "--port", str(port)]
    if profile is not None:
        command = [sys.executable, "-c", PROFILED, str(profile.resolve()), clock, *command[1:]]
    if build_jobs is not None:
        command += ["--build-jobs", str(build_jobs)]
    log = folder.parent / "server.log"
    with open(log, "w") as written:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=written, text=True)
    deadline = time.monotonic() + 60
    while request(f"http://127.0.0.1:{port}/api/competition", timeout_s=5)[0] != 200:
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit(f"the server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.2)
    return server


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def rush(game: str, contestants: int, readers: int, window_s: float, build_jobs: int | None, seed: int,
         timeout_s: float, idle_s: float = 10.0, profile: Path | None = None, clock: str = "cpu",
         keep_alive: bool = True) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="arena-bench-load-"))
    try:
        names = make_competition(scratch / "competition", game, contestants)
        port = free_port()
        server = serve(scratch / "competition", port, build_jobs, profile, clock)
        site, tally, until, rushing = f"http://127.0.0.1:{port}", Tally(), threading.Event(), threading.Event()
        rng = random.Random(seed)
        request(site + "/")  # the home page waits for the compilers' versions once, as the server starts
        try:
            reading = [threading.Thread(target=reader, daemon=True,
                                        args=(site, tally, until, random.Random(rng.random()), rushing, keep_alive))
                       for _ in range(readers)]
            tally.moments["reading"] = time.monotonic()
            for thread in reading:
                thread.start()
            time.sleep(idle_s)  # the idle figures: the same readers, no upload yet
            tally.moments["rush"] = time.monotonic()
            rushing.set()
            moments = sorted(rng.uniform(0, window_s) for _ in names)
            start = time.monotonic()
            uploading = [threading.Thread(target=contestant, args=(site, name, game, LANGUAGES[n % 2], moments[n],
                                                                   start, tally, 0.5, timeout_s), daemon=True)
                         for n, name in enumerate(names)]
            for thread in uploading:
                thread.start()
            for thread in uploading:
                thread.join()
            until.set()
            tally.moments["end"] = time.monotonic()
            for thread in reading:
                thread.join(30)
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        report(tally, contestants, readers, window_s, build_jobs, start, keep_alive)
        if tally.failed:  # what the server said of its 5xx answers
            said = (scratch / "server.log").read_text(errors="replace").splitlines()
            traceback = next((n for n, line in enumerate(said) if line.startswith("Traceback")), len(said))
            print("  the server's log, from its first traceback:", *said[traceback:traceback + 40], sep="\n    ")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def report(tally: Tally, contestants: int, readers: int, window_s: float, build_jobs: int | None,
           start: float, keep_alive: bool) -> None:
    jobs = build_jobs or (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count())
    print(f"\n{contestants} contestants upload (Python and C starters) within {window_s:g} s while {readers} "
          f"clients read pages; --build-jobs {jobs}{' (the default)' if build_jobs is None else ''}, "
          f"{os.cpu_count()} cores", flush=True)
    print("  each reader keeps its connection from page to page (--connection keep-alive)" if keep_alive
          else "  each reader opens a connection per page (--connection close)")
    waits = [tally.admitted[name] - tally.sent[name] for name in tally.admitted]
    if tally.admitted:
        last = max(tally.admitted.values())
        first_sent, last_sent = min(tally.sent.values()), max(tally.sent.values())
        print(f"  last upload admitted {last - first_sent:.1f} s after the first upload, "
              f"{last - last_sent:.1f} s after the last one; {len(tally.admitted)} of {contestants} admitted")
        print(f"  an upload's wait until admitted: median {statistics.median(waits):.1f} s, max {max(waits):.1f} s")
    else:
        print("  no upload was admitted")
    print(f"  pages during the rush: {len(tally.page_ms)} requests, p50 {percentile(tally.page_ms, 0.5):.0f} ms, "
          f"p99 {percentile(tally.page_ms, 0.99):.0f} ms")
    if tally.page_age_s:
        print(f"  pages' age during the rush (their Age header): p50 {percentile(tally.page_age_s, 0.5):.0f} s, "
              f"p99 {percentile(tally.page_age_s, 0.99):.0f} s, max {max(tally.page_age_s)} s")
    print(f"  pages idle, before the rush: {len(tally.idle_ms)} requests, p50 {percentile(tally.idle_ms, 0.5):.0f} ms, "
          f"p99 {percentile(tally.idle_ms, 0.99):.0f} ms")
    moments = tally.moments
    if {"reading", "rush", "end"} <= moments.keys():
        print(f"  pages' throughput: {len(tally.page_ms) / max(1e-9, moments['end'] - moments['rush']):.0f} "
              f"requests/s during the rush, {len(tally.idle_ms) / max(1e-9, moments['rush'] - moments['reading']):.0f} "
              "idle")
    errors = len(tally.failed) + len(tally.refused)
    print(f"  errors: {errors} ({len(tally.failed)} failed or 5xx, {len(tally.refused)} uploads refused or "
          f"not admitted)", flush=True)
    for problem in (tally.failed + tally.refused)[:10]:
        print(f"    {problem}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contestants", type=int, default=50)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--window", type=float, default=60.0, help="seconds over which the uploads come")
    parser.add_argument("--build-jobs", type=int, default=None, help="the server's (default: its own, one per core)")
    parser.add_argument("--game", default="flippo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds an upload may take to be admitted")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds the readers read before the first upload")
    parser.add_argument("--quick", action="store_true", help="4 contestants, 5 readers, 5 s: only shows it works")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE",
                        help="run the server under cProfile (all its threads) and write the figures to FILE")
    parser.add_argument("--profile-clock", choices=("cpu", "wall"), default="cpu",
                        help="what --profile counts: each thread's CPU time, or the time that passed")
    parser.add_argument("--connection", choices=("keep-alive", "close"), default="keep-alive",
                        help="each reader keeps its connection from page to page, as a browser does, or opens "
                             "one per page")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.contestants, arguments.readers, arguments.window, arguments.idle = 4, 5, 5.0, 2.0
    rush(arguments.game, arguments.contestants, arguments.readers, arguments.window, arguments.build_jobs,
         arguments.seed, arguments.timeout, arguments.idle, arguments.profile, arguments.profile_clock,
         arguments.connection == "keep-alive")


if __name__ == "__main__":
    main()
