"""Background analyses for the web pages: queued, progress as plies come in, saved once."""

import json
import time

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
    broken = {**record, "moves": record["moves"][:5] + [{"seat": 1, "text": "A1"}]}
    jobs = AnalysisJobs(seconds=0.02)
    jobs.start("broken", broken, lambda document: None)
    jobs.start("fine", record, lambda document: None)
    status, _ = wait_for(jobs, "broken")
    assert status["state"] == "failed" and "move 5 ('A1') cannot be replayed" in status["error"]
    assert wait_for(jobs, "fine")[0]["state"] == "done"
