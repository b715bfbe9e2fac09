"""Background analyses for the web pages: queued, progress as plies come in, saved once."""

import json
import time

import pytest

from arena.analysis.jobs import AnalysisJobs


def wait_for(jobs, key, states=("done", "failed"), timeout=120):
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        status = jobs.status(key)
        seen.append(status)
        if status["state"] in states:
            return status, seen
        time.sleep(0.05)
    raise AssertionError(f"{key} still {status['state']} after {timeout} s")


def test_an_analysis_runs_in_the_background_shows_progress_and_is_saved_once(flippo_records):
    record = json.loads(flippo_records[0].read_text())
    saved = []
    jobs = AnalysisJobs(seconds=0.05)
    first = jobs.start("g", record, saved.append)
    assert first["state"] in ("queued", "running")
    again = jobs.start("g", record, saved.append)  # asked twice: still one analysis
    status, seen = wait_for(jobs, "g")
    assert status["state"] == "done" and status["error"] is None
    assert status["analysed"] == status["total"] == len(record["moves"])
    assert status["analysis"]["complete"] and status["analysis"]["summary"] is not None
    partial = [s for s in seen if s["state"] == "running" and s["analysis"] is not None
               and 0 < s["analysed"] < s["total"]]
    assert partial, "no partial document was seen while the analysis ran"
    assert any(p["value"] is None for p in partial[0]["analysis"]["plies"])
    assert len(saved) == 1 and saved[0] == status["analysis"]
    assert again["state"] in ("queued", "running")
    assert jobs.status("unknown") is None


def test_a_record_the_rules_refuse_fails_with_the_reason_and_the_next_one_still_runs(flippo_records):
    record = json.loads(flippo_records[0].read_text())
    taken = record["moves"][0]["text"]  # a square already occupied: never legal again
    broken = {**record, "moves": record["moves"][:5] + [{"seat": 1, "text": taken}]}
    jobs = AnalysisJobs(seconds=0.02)
    jobs.start("broken", broken, lambda document: None)
    jobs.start("fine", record, lambda document: None)
    status, _ = wait_for(jobs, "broken")
    assert status["state"] == "failed" and f"move 5 ('{taken}') cannot be replayed" in status["error"]
    assert wait_for(jobs, "fine")[0]["state"] == "done"


def test_a_bounded_queue_refuses_more_and_says_how_many_wait(flippo_records):
    from arena.analysis.jobs import QueueFull

    record = json.loads(flippo_records[0].read_text())
    jobs = AnalysisJobs(seconds=0.1, max_queued=1)
    jobs.start("first", record, lambda document: None)
    wait_for(jobs, "first", states=("running",))          # out of the queue: about 3 s of work
    assert jobs.start("second", record, lambda document: None)["state"] == "queued"
    with pytest.raises(QueueFull, match="1 analyses are waiting already"):
        jobs.start("third", record, lambda document: None)
    assert jobs.status("third") is None
    assert jobs.status("first")["state"] == "running", "the first ended before the third was refused"
    assert wait_for(jobs, "second")[0]["state"] == "done"


def test_niceness_lowers_the_workers_priority(flippo_records):
    """The searches of a server's analysis run at the niceness asked for."""
    import os

    from arena.analysis import parallel_plies
    from arena.parallel.worker_pool import open_workers

    seen = []
    record = json.loads(flippo_records[0].read_text())
    record = {**record, "moves": record["moves"][:4]}
    document = parallel_plies.analyse(record, seconds=0.01, jobs=1, niceness=7)
    assert document["complete"]
    with open_workers(1, niceness=7) as workers:  # as parallel_plies opens them
        seen.append(workers.submit(os.nice, 0).result())
    with open_workers(1) as workers:
        seen.append(workers.submit(os.nice, 0).result())
    assert seen[0] == max(seen[1], 7)
